"""The shared verb library (tcg/core/verbs.py) and the games' glossary tables over it.

Each shared verb is run on a recording state to show it calls its primitives as its one-line
meaning says; the table checks are shown to report a broken table; and each converted game's
``do_effect`` is shown to reach its verbs through the table."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

import pytest

from tcg.core import verbs
from tcg.core.registry import load_game
from tcg.core.state import State


@dataclass
class _Eff:
    count: int = 1
    amount: int = 0
    duration: str = "turn"
    to: str = "hand"
    player: str = "opponent"


class _Recorder:
    """A state that records the primitives the verbs call."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.calls.append((name, *args))


@pytest.mark.parametrize(("verb", "eff", "targets", "calls"), [
    (verbs.draw, _Eff(count=3), (), [("draw", 0)] * 3),
    (verbs.draw, _Eff(count=0), (), []),
    (verbs.destroy, _Eff(), (1, 3), [("destroy_by_effect", 1, 0), ("destroy_by_effect", 3, 0)]),
    (verbs.tap, _Eff(), (1, 3), [("set_tapped", 1, True), ("set_tapped", 3, True)]),
    (verbs.untap, _Eff(), (2,), [("set_tapped", 2, False)]),
    (verbs.return_to_hand, _Eff(), (1, 2), [("return_to_hand", 1), ("return_to_hand", 2)]),
    (verbs.discard, _Eff(), (3,), [("discard", 3)]),
    (verbs.change_power, _Eff(amount=-2000, duration="battle"), (1,), [("change_power", 1, -2000, "battle")]),
    (verbs.search, _Eff(to="mana"), (5, 6), [("move", 5, "mana"), ("move", 6, "mana"), ("shuffle_deck", 0)]),
    (verbs.discard_by, _Eff(), (3, 4), [("discard_by_effect", 3, 0), ("discard_by_effect", 4, 0)]),
    # damage: to the player the instruction names (Yu-Gi-Oh!) or always the opponent (Battle Spirits)
    (verbs.Damage(), _Eff(amount=500, count=2), (), [("take_damage", 1, 500)]),
    (verbs.Damage(), _Eff(amount=500, player="self"), (), [("take_damage", 0, 500)]),
    (verbs.Damage(to="opponent", of="count"), _Eff(amount=500, count=2, player="self"), (), [("take_damage", 1, 2)]),
    (verbs.mill, _Eff(count=2, player="self"), (), [("mill", 0)] * 2),
    (verbs.mill, _Eff(count=1), (), [("mill", 1)]),
    (verbs.deck_bottom, _Eff(), (4, 2), [("to_deck_bottom", 4), ("to_deck_bottom", 2)]),
    (verbs.Restore(), _Eff(amount=500, count=2, player="opponent"), (), [("restore", 0, 500)]),
    (verbs.Restore(of="count"), _Eff(amount=500, count=2), (), [("restore", 0, 2)]),
    (verbs.ChangeStat("atk"), _Eff(amount=-300), (1, 2), [("change_stat", 1, "atk", -300),
                                                          ("change_stat", 2, "atk", -300)]),
])
def test_each_shared_verb_calls_its_primitives(verb: verbs.Verb, eff: _Eff, targets: tuple[int, ...],
                                               calls: list[tuple[Any, ...]]) -> None:
    state = _Recorder()
    verb(state, eff, 0, 9, targets)
    assert state.calls == calls


def test_every_shared_verb_is_listed_under_its_name() -> None:
    assert all(fn.__name__ == name for name, fn in verbs.SHARED.items())
    assert all(cls.__name__.lower() == name.replace("_", "") for name, cls in verbs.MADE.items())
    assert repr(verbs.Damage(to="opponent", of="count")) == "Damage(to='opponent', of='count')"
    assert repr(verbs.ChangeStat("bp")) == "ChangeStat('bp')"
    assert repr(verbs.Restore(of="count")) == "Restore(of='count')"


def test_a_name_given_twice_or_no_function_is_refused() -> None:
    with pytest.raises(ValueError, match="'kill' is defined twice"):
        verbs.verb_table({"kill": verbs.destroy}, {"kill": verbs.discard})
    with pytest.raises(TypeError, match="'kill' is not a function"):
        verbs.verb_table({"kill": "destroy"})  # type: ignore[dict-item]


def test_the_table_check_reports_a_broken_table() -> None:
    table = {"kill": verbs.destroy, "stray": verbs.draw, "cost": verbs.tap}
    problems = verbs.check_table(table, {"kill", "burn", "cost"}, frozenset({"cost"}))
    assert problems == ["'burn' has no verb", "'stray' is in the table but no card can say it",
                        "'cost' is settled elsewhere and also in the table"]
    assert verbs.check_table({"kill": verbs.destroy}, {"kill"}) == []


def _code_words(path: Path) -> set[str]:
    """The names and string constants of a module's code (its docstrings and comments left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    words: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            words.update(n.value.lower().replace("_", " ").split())
        elif isinstance(n, (ast.Name, ast.Attribute, ast.FunctionDef, ast.ClassDef, ast.arg)):
            name = getattr(n, "id", None) or getattr(n, "attr", None) or getattr(n, "name", None) or n.arg
            words.update(name.lower().split("_"))
    return words


GAME_WORDS = {"battle", "graveyard", "mana", "shield", "shields", "character", "characters", "trash", "don",
              "life", "leader", "ko", "lp", "core", "cores", "stone", "monster", "spirit", "creature"}


def test_the_core_names_no_game_vocabulary() -> None:
    core = Path(__file__).parents[1] / "tcg" / "core" / "verbs.py"
    assert _code_words(core) & GAME_WORDS == set()


def test_the_vocabulary_check_finds_a_game_word() -> None:
    broken = Path(__file__).parents[1] / "tcg" / "games" / "one_piece" / "verbs.py"
    assert {"don", "life", "trash"} <= _code_words(broken) & GAME_WORDS


GAMES = {"duel_masters": "tcg.games.duel_masters", "one_piece": "tcg.games.one_piece",
         "force_of_will": "tcg.games.force_of_will", "battle_spirits": "tcg.games.battle_spirits",
         "yugioh": "tcg.games.yugioh"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_game_table_covers_its_glossary(game: str) -> None:
    """Every ``do:`` name of the card schema has a verb (or is settled before the verbs), and no other."""
    mod = __import__(f"{GAMES[game]}.verbs", fromlist=["VERBS"])
    cards = __import__(f"{GAMES[game]}.cards", fromlist=["Effect"])
    glossary = set(get_args(cards.Effect.model_fields["do"].annotation))
    assert verbs.check_table(mod.VERBS, glossary, mod.ELSEWHERE) == []


def _state(game: str) -> State:
    g = load_game(game)
    return g.new_state([g.deck(n) for n in sorted(g.starter_decks())[:2]], seed=5)


@pytest.mark.parametrize(("game", "verb", "pile"), [("duel_masters", "to_graveyard", "graveyard"),
                                                    ("one_piece", "trash", "trash"),
                                                    ("battle_spirits", "discard", "trash"),
                                                    ("yugioh", "discard", "graveyard")])
def test_do_effect_reaches_the_verb_through_the_table(game: str, verb: str, pile: str) -> None:
    state = _state(game)
    cards = __import__(f"{GAMES[game]}.cards", fromlist=["Effect"])
    cid = state.zones[0]["deck"][0]
    state.events.clear()
    state.do_effect(cards.Effect(do=verb, target="self"), 0, cid, (cid,))
    assert state.zone_of(cid) == pile
    assert [e["type"] for e in state.events][:2] == ["effect", "card_moved"]


# ------------------------------------------------------------------ Force of Will: the named player
def _fow(**fields: Any) -> Any:
    from tcg.games.force_of_will.cards import Effect, Selector
    if fields.get("target") == "player":
        fields["target"] = Selector(kind="player")
    return Effect(**fields)


@pytest.mark.parametrize(("fields", "controller", "targets", "drawn"), [
    ({"do": "draw", "count": 2}, 0, (), [2, 0]),  # "you draw two cards"
    ({"do": "draw", "player": "opponent"}, 0, (), [0, 1]),  # "your opponent draws a card"
    ({"do": "draw", "target": "player"}, 1, (-1,), [1, 0]),  # "target player draws": player 0 (-1 - 0)
    ({"do": "draw", "target": "player"}, 1, (), [0, 0]),  # its target gone: no one draws
])
def test_force_of_will_draws_for_the_named_player_through_the_shared_draw(
        fields: dict[str, Any], controller: int, targets: tuple[int, ...], drawn: list[int]) -> None:
    state = _state("force_of_will")
    source = state.zones[0]["ruler_area"][0]
    tops = [state.zones[p]["main_deck"][:2] for p in (0, 1)]
    state.do_effect(_fow(**fields), controller, source, targets)
    assert [len(state.zones[p]["hand"]) for p in (0, 1)] == drawn
    assert [state.zones[p]["hand"] for p in (0, 1)] == [tops[p][:n] for p, n in enumerate(drawn)]


def test_force_of_will_rest_and_recover_are_the_shared_tap_and_untap() -> None:
    from tcg.games.force_of_will.verbs import VERBS
    assert VERBS["rest"] is verbs.tap and VERBS["recover"] is verbs.untap
    state = _state("force_of_will")
    ruler = state.zones[0]["ruler_area"][0]
    state.do_effect(_fow(do="rest"), 0, ruler, (ruler,))
    assert state.cards[ruler].tapped
    state.do_effect(_fow(do="recover"), 0, ruler, (ruler,))
    assert not state.cards[ruler].tapped


# ------------------------------------------------------------------ Battle Spirits and Yu-Gi-Oh! (issue 15)
@pytest.mark.parametrize(("game", "eff", "hit", "counter", "lost"), [
    # BS-53: `count` cores from the opponent's life, whatever `player` says (it is deck_to_trash's)
    ("battle_spirits", {"do": "damage", "count": 2, "player": "self"}, 1, "life", 2),
    # YGO-101: `amount` LP from the player the instruction names
    ("yugioh", {"do": "damage", "amount": 700}, 1, "lp", 700),
    ("yugioh", {"do": "damage", "amount": 700, "player": "self"}, 0, "lp", 700),
])
def test_damage_hits_the_player_the_game_says(game: str, eff: dict[str, Any], hit: int, counter: str,
                                              lost: int) -> None:
    state = _state(game)
    cards = __import__(f"{GAMES[game]}.cards", fromlist=["Effect"])
    source = state.zones[0]["hand"][0]
    before = [state.counters[p][counter] for p in (0, 1)]
    state.do_effect(cards.Effect(**eff), 0, source, ())
    after = [state.counters[p][counter] for p in (0, 1)]
    assert [b - a for b, a in zip(before, after, strict=True)] == [lost if p == hit else 0 for p in (0, 1)]


@pytest.mark.parametrize(("game", "eff", "counter", "gained"), [
    ("battle_spirits", {"do": "gain_life", "count": 2}, "life", 2),  # from the core stock
    ("yugioh", {"do": "gain_lp", "amount": 900}, "lp", 900),
])
def test_life_gain_goes_to_the_controller(game: str, eff: dict[str, Any], counter: str, gained: int) -> None:
    state = _state(game)
    cards = __import__(f"{GAMES[game]}.cards", fromlist=["Effect"])
    before = [state.counters[p][counter] for p in (0, 1)]
    state.do_effect(cards.Effect(**eff), 1, state.zones[1]["hand"][0], ())
    assert [state.counters[p][counter] - before[p] for p in (0, 1)] == [0, gained]


@pytest.mark.parametrize(("game", "verb", "kind"), [("battle_spirits", "bp_modifier", "bp"),
                                                    ("yugioh", "atk_modifier", "atk"),
                                                    ("yugioh", "def_modifier", "def")])
def test_a_stat_change_is_a_lasting_effect_of_that_stat(game: str, verb: str, kind: str) -> None:
    state = _state(game)
    cards = __import__(f"{GAMES[game]}.cards", fromlist=["Effect"])
    cid = state.zones[0]["hand"][0]
    state.do_effect(cards.Effect(do=verb, amount=-1000, target="self"), 0, cid, (cid,))
    assert [(e["kind"], e["card"], e["amount"]) for e in state.effects] == [(kind, cid, -1000)]


def test_yugioh_draws_nothing_once_the_duel_is_decided() -> None:
    """YGO-130: a draw from an empty deck loses, decided by the state check after the event (the
    rulebook's settle); any draw after the duel is decided does nothing."""
    state = _state("yugioh")
    cards = __import__(f"{GAMES['yugioh']}.cards", fromlist=["Effect"])
    state.zones[0]["deck"][:] = state.zones[0]["deck"][:1]
    hand = len(state.zones[0]["hand"])
    state.do_effect(cards.Effect(do="draw", count=3), 0, state.zones[0]["hand"][0], ())
    assert (state.winner, state.flags["decked_out"]) == (None, [0])
    state.state_check()
    assert (state.winner, len(state.zones[0]["hand"])) == (1, hand + 1)
    assert [e["reason"] for e in state.events if e["type"] == "game_over"] == ["deck_out"]
    hand = len(state.zones[1]["hand"])
    state.do_effect(cards.Effect(do="draw", count=2), 1, state.zones[1]["hand"][0], ())
    assert len(state.zones[1]["hand"]) == hand


def test_battle_spirits_mills_the_named_players_deck() -> None:
    """BS-57: the top cards of the opponent's deck (the default ``player``) go to their trash."""
    state = _state("battle_spirits")
    cards = __import__(f"{GAMES['battle_spirits']}.cards", fromlist=["Effect"])
    top, mine = state.zones[1]["deck"][:2], state.zones[0]["deck"][0]
    state.do_effect(cards.Effect(do="deck_to_trash", count=2), 0, state.zones[0]["hand"][0], ())
    assert [state.zone_of(c) for c in (*top, mine)] == ["trash", "trash", "deck"]
