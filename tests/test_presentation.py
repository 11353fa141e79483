"""Every game is fully described (tcg/core/presentation.py), in every language it declares.

Issue 16: a sixth game cannot ship half-described. For every game: every event type its code
emits (read from the source: ``emit("type"``) and every event of random games has a declared
:class:`EventSpec` and a sentence in every language; every action type (``Game.ACTION_TYPES``)
has an :class:`ActionSpec` and a sentence; every decision kind of the rulebook has a prompt on
its handler and in every other language; and every language has every key English has. Over
random games, the board of both seats is built at every state, no sentence has an unfilled
placeholder, and no description names a card hidden from its viewer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tcg.core.presentation import CORE_TEXTS, Presentation, Say, _load_yaml, languages
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.state import State
from tests.hidden_names import hidden_only_names, secrets_named, visible_names

GAMES = game_names()
RANDOM_GAMES = 3
EMIT = re.compile(r"""emit\(\s*["']([a-z_]+)["']""")


def presentation(name: str) -> Presentation:
    return load_game(name).presentation


def emitted_types(name: str) -> set[str]:
    folder = load_game(name).package_dir
    return {m for path in folder.glob("*.py") for m in EMIT.findall(path.read_text(encoding="utf-8"))}


def sentence_key(spec_key: str, texts: dict[str, Any], section: str) -> bool:
    """A type is worded if its own sentence or one of its variants (``type.variant``) exists."""
    entries = texts.get(section, {})
    return spec_key in entries or any(k.startswith(spec_key + ".") for k in entries)


@pytest.mark.parametrize("name", GAMES)
def test_every_emitted_event_type_is_declared(name: str) -> None:
    missing = sorted(emitted_types(name) - set(presentation(name).events))
    assert not missing, f"{name}: events without an EventSpec: {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_every_event_and_action_has_a_sentence_in_every_language(name: str) -> None:
    p = presentation(name)
    for lang in p.languages:
        texts = p.texts(lang)
        no_event = [t for t in p.events if not sentence_key(t, texts, "events")]
        no_action = [t for t in sorted(load_game(name).ACTION_TYPES) if t not in p.actions
                     or not sentence_key(t, texts, "actions")]
        assert not no_event, f"{name} [{lang}]: events with no sentence: {no_event}"
        assert not no_action, f"{name} [{lang}]: actions with no spec or sentence: {no_action}"


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_kind_has_a_prompt(name: str) -> None:
    game = load_game(name)
    p = game.presentation
    handlers = game.state_class.RULEBOOK.decisions
    no_prompt = sorted(kind for kind, h in handlers.items() if not getattr(h, "prompt", ""))
    assert not no_prompt, f"{name}: handlers without a prompt: {no_prompt}"
    for lang in p.languages[1:]:
        untranslated = sorted(k for k in handlers if k not in p.texts(lang).get("prompts", {}))
        assert not untranslated, f"{name} [{lang}]: prompts not translated: {untranslated}"


def _keys(data: dict[str, Any]) -> set[str]:
    return {f"{section}.{key}" for section, entries in data.items() if isinstance(entries, dict) for key in entries} | {
        section for section, entries in data.items() if not isinstance(entries, dict)}


@pytest.mark.parametrize("folder", [CORE_TEXTS, *(load_game(n).package_dir / "texts" for n in GAMES)],
                         ids=["core", *GAMES])
def test_every_language_has_every_english_key(folder: Path) -> None:
    english = _keys(_load_yaml(folder / "en.yaml"))
    for lang in languages(folder)[1:]:
        missing = sorted(english - _keys(_load_yaml(folder / f"{lang}.yaml")))
        assert not missing, f"{folder / lang}.yaml lacks {missing[:20]}"


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_english_and_italian(name: str) -> None:
    assert {"en", "it"} <= set(presentation(name).languages)  # issue 16: the source documents' languages


def test_duel_masters_speaks_polish() -> None:
    assert "pl" in presentation("duel_masters").languages  # the DM source document is Polish


def test_the_core_words_exist_in_every_language_any_game_has() -> None:
    core = set(languages(CORE_TEXTS))
    needed = {lang for n in GAMES for lang in presentation(n).languages}
    assert needed <= core, f"core texts lack {sorted(needed - core)}"


# ---------------------------------------------------------------------- random games
def viewer_say(p: Presentation, state: State, viewer: int, lang: str) -> Say:
    return p.say(lang, viewer, lambda c: state.name_of(c) if state.can_see(viewer, c) else None)








#: Fields every event may carry besides its declared ones (the card's name, visibility marks).
IMPLICIT_FIELDS = frozenset({"type", "name", "hidden", "face_down"})
KIND_TYPES: dict[str, tuple[type, ...]] = {"card": (int, str), "cards": (list, tuple), "player": (int, str),
                                           "int": (int,), "zone": (str,), "phase": (str,), "str": (str,),
                                           "word": (str,)}


def mistyped(p: Presentation, ev: dict[str, Any]) -> list[str]:
    """The event's fields its EventSpec does not declare, or whose value is not of the declared
    kind: the spec is the event's type, so that no front end guesses a field."""
    spec = p.events[ev["type"]]
    problems = [f"{k} undeclared" for k in ev if k not in spec.fields and k not in IMPLICIT_FIELDS]
    for k, kind in spec.fields.items():
        v = ev.get(k)
        if v is not None and kind in KIND_TYPES and not isinstance(v, KIND_TYPES[kind]):
            problems.append(f"{k}={v!r} is not a {kind}")
    return problems


def random_steps(name: str, games: int) -> Iterator[tuple[State, list[dict[str, Any]]]]:
    game = load_game(name)
    decks = [game.deck(d) for d in (sorted(game.starter_decks()) * 2)[:2]]
    for g in range(games):
        state = game.new_state(decks, seed=g)
        rng = Rng(500 + g)
        yield state, list(state.events)
        while not state.game_over and len(state.history) < 3000:
            legal = state.legal_actions()
            before = len(state.events)
            state.apply(legal[rng.below(len(legal))])
            yield state, state.events[before:]




@pytest.mark.parametrize("name", GAMES)
def test_random_games_are_described_without_gaps_or_leaks(name: str) -> None:
    p = presentation(name)
    seen_types: set[str] = set()
    for state, events in random_steps(name, RANDOM_GAMES):
        for viewer in (0, 1):
            secret = hidden_only_names(state, viewer)
            seen_names = visible_names(state, viewer)
            for lang in p.languages:
                say = viewer_say(p, state, viewer, lang)
                for ev in events:
                    seen_types.add(ev["type"])
                    v = state.visible_event(ev, viewer)
                    if v is None:
                        continue
                    text = p.event_text(v, say)
                    assert ev["type"] in p.events, f"{name}: undeclared event {ev['type']}"
                    if lang == "en" and viewer == 0:
                        assert not mistyped(p, ev), f"{name}: {ev} does not match its EventSpec: {mistyped(p, ev)}"
                    assert "{" not in text, f"{name} [{lang}]: unfilled sentence {text!r} for {v}"
                    leaked = [n for n in secrets_named(text, secret, seen_names) if n != v.get("name")]
                    assert not leaked, f"{name}: {text!r} names {leaked}, hidden from P{viewer}"
            if state.deciding_player == viewer and not state.game_over:
                say = viewer_say(p, state, viewer, "en")
                board = p.board(state.observation(viewer), say)
                assert board["header"]["prompt"]
                kind = state.decision.kind if state.decision is not None else None
                for action in state.legal_actions()[:200]:
                    view = p.action_view(action, say, kind)
                    assert view["group"] != "other" and "{" not in view["text"], f"{name}: {action} as {view}"


def test_the_declaration_check_fails_for_a_half_described_game() -> None:
    """The checks above are shown to fail: Duel Masters without its battle spec."""
    p = presentation("duel_masters")

    class HalfDescribed(type(p)):  # type: ignore[misc]
        EVENTS = {k: v for k, v in type(p).EVENTS.items() if k != "battle"}

    half = HalfDescribed(p.game, p.folder)
    assert "battle" in emitted_types("duel_masters") - set(half.events)
    assert "battle" not in emitted_types("duel_masters") - set(p.events)


def test_a_hidden_card_is_never_named() -> None:
    """DM-6: an opponent's hand card drawn is told as a face-down card; its name nowhere."""
    game = load_game("duel_masters")
    p = game.presentation
    decks = [game.deck(d) for d in sorted(game.starter_decks())[:2]]
    state = game.new_state(decks, seed=1)
    say = viewer_say(p, state, 0, "en")
    draws = [state.visible_event(e, 0) for e in state.events
             if e["type"] == "card_moved" and e.get("to") == "hand" and e.get("player") == 1]
    assert draws
    for v in draws:
        assert v is not None
        assert p.event_text(v, say).startswith("A face-down card")


def test_a_private_look_names_the_card_to_the_one_who_looked_only() -> None:
    """DM-6: a card looked at privately (show_privately) is named in the looker's log only;
    the opponent and a spectator read that a face-down card was looked at."""
    game = load_game("duel_masters")
    p = game.presentation
    decks = [game.deck(d) for d in sorted(game.starter_decks())[:2]]
    state = game.new_state(decks, seed=1)
    top = state.zones[1]["deck"][-1]
    assert top not in state.known_hidden(0)
    state.show_privately(0, [top])
    look = state.events[-1]
    assert look["type"] == "looked"
    mine, theirs, crowd = (state.visible_event(look, v) for v in (0, 1, None))
    assert mine is not None and mine["name"] == state.name_of(top)
    for other in (theirs, crowd):
        assert other is not None and "name" not in other
    assert p.event_text(mine, viewer_say(p, state, 0, "en")) == f"You look at {state.name_of(top)}"
    assert top in state.known_hidden(0)  # remembered until its owner shuffles
    state.emit("shuffled", player=1)
    assert top not in state.known_hidden(0)


def test_the_card_a_lifebreak_revealed_is_on_the_board_for_both_players() -> None:
    """FOW-60: while its player decides whether to play its Break, the revealed card is shown."""
    p = presentation("force_of_will")
    for state, _ in random_steps("force_of_will", 30):
        if state.decision is not None and state.decision.kind == "break":
            card = state.decision.data["card"]
            owner = state.where[card][0]
            for viewer in (0, 1):
                board = p.board(state.observation(viewer), viewer_say(p, state, viewer, "en"))
                zones = {z["name"]: z for z in board["players"][owner]["zones"]}
                assert [f["name"] for f in zones["revealed"]["cards"]] == [state.name_of(card)]
            return
    pytest.fail("no Break decision in 30 random games")


@pytest.mark.parametrize(("name", "key"), [("yugioh", "chain"), ("force_of_will", "chase")])
def test_the_chain_and_the_chase_are_on_the_board(name: str, key: str) -> None:
    """YGO-120 / FOW-48: what waits to resolve was declared openly: both players see it, in order."""
    p = presentation(name)
    for state, _ in random_steps(name, 10):
        waiting = [i for i in state.flags.get(key) or () if not i.get("quiet")]
        if waiting and state.deciding_player is not None:
            for viewer in (0, 1):
                board = p.board(state.observation(viewer), viewer_say(p, state, viewer, "en"))
                assert board["stack"] is not None and len(board["stack"]["items"]) == len(waiting)
                assert [i["player"] for i in board["stack"]["items"]] == [i["player"] for i in waiting]
            return
    pytest.fail(f"no {key} in 10 random games")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_yugioh_type_of_the_packaged_cards_has_a_word(lang: str) -> None:
    """A monster's Type (Pyro, Zombie ...) is named in every language the game has."""
    game = load_game("yugioh")
    words = game.presentation.texts(lang).get("races", {})
    races = {c.race for c in game.cards().values() if c.race}
    assert races - set(words) == set()
