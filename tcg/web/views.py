"""What the server sends: a seat's (or a spectator's) view of a room, built only from that
viewer's observation and the events as :meth:`State.visible_event` gives them to it.

Every card an action, event or board names goes through the presentation's viewer namer
(``state.can_see``), so a message can never name a card hidden from its reader; the browser
tests check the pages for exactly that.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tcg.core.choosing import ChoiceError, choice
from tcg.core.game import Game
from tcg.core.presentation import Json, Presentation, Say
from tcg.core.state import State
from tcg.web.autopay import with_payments
from tcg.web.endgame import around
from tcg.web.naming import player_decks
from tcg.web.rooms import Room


@lru_cache(maxsize=256)
def _words(presentation: Presentation, lang: str) -> tuple[Json, tuple[str, ...], dict[str, str], str]:
    """A game's catalogue in ``lang``, its languages, the interface's words and its help: the
    same for every message, so worked out once (``Presentation.texts`` lists the catalogue's
    folder each time, which cost more than half a millisecond a message)."""
    texts = presentation.texts(lang)
    say = Say(texts, lang, None, lambda cid: None)
    return texts, tuple(presentation.languages), ui_words(say), presentation.help(say)


def say_for(state: State, viewer: int | None, lang: str, decks: Sequence[str] | None = None) -> Say:
    """The viewer's words; a card is named only if the viewer can see it. The names are looked
    up once per card for one message (the state does not change while a message is built).
    ``decks``: each seat's deck name, which names the players (:mod:`tcg.web.naming`)."""
    presentation: Presentation = state.GAME.presentation
    names: dict[int, str | None] = {}

    def namer(cid: int) -> str | None:
        if cid not in names:
            names[cid] = state.name_of(cid) if 0 <= cid < len(state.cards) and state.can_see(viewer, cid) else None
        return names[cid]

    return Say(_words(presentation, lang)[0], lang, viewer, namer, decks)


def log_lines(state: State, viewer: int | None, say: Say, start: int = 0) -> list[Json]:
    """The event log from event ``start`` on, as the viewer may know it: ``{"text", "level"}``."""
    presentation: Presentation = state.GAME.presentation
    lines = []
    for ev in state.events[start:]:
        visible = state.visible_event(ev, viewer)
        if visible is None:
            continue
        lines.append({"text": presentation.event_text(visible, say), "level": presentation.event_level(visible, say),
                      "type": visible.get("type")})
    return lines


def ui_words(say: Say) -> dict[str, str]:
    return {k: str(v) for k, v in say.texts.get("ui", {}).items()}


def seat_decks(room: Room, lang: str) -> list[str] | None:
    """The names the seats' players go by (their decks'); a puzzle's seats have no decks: "you",
    "the opponent"."""
    return None if room.puzzle is not None else player_decks(room.game, [s.label for s in room.seats], lang)


def state_message(room: Room, seat: int | None, lang: str, log_from: int = 0) -> Json:
    """The ``state`` message for one connection: board, prompt, this seat's legal actions (only
    when it decides), the log since ``log_from``, and the decision id an answer must carry."""
    state = room.state
    presentation: Presentation = state.GAME.presentation
    say = say_for(state, seat, lang, seat_decks(room, lang))
    _, langs, ui, help_text = _words(presentation, lang)
    obs = state.observation(seat)
    board = presentation.board(obs, say)
    actions: list[Json] = []
    groups: list[Json] = []
    first: Json | None = None
    if seat is not None and not state.game_over and state.deciding_player == seat:
        kind = state.decision.kind if state.decision is not None else None
        views = presentation.way_views(state, state.legal_actions(), say, kind)  # harmless ways first
        actions = [{"index": i, **v} for i, v in enumerate(views)]
        groups = [{"group": g, "label": presentation.group_label(g, say), "actions": idx}
                  for g, idx in presentation.grouped(views)]
        first = first_step(state, say)
    message: Json = {
        "type": "state",
        "room": room.id,
        "game": state.GAME.name,
        "seat": seat,
        "lang": lang,
        "languages": list(langs),
        "decision_id": room.decision_id,
        "board": board,
        "actions": actions,
        "groups": groups,
        "choice": first,  # the decision's first field (tcg.web.choices), only for the seat deciding
        "log_from": log_from,
        "log": with_payments(room, seat, say, log_from, log_lines(state, seat, say, log_from)),
        "log_end": len(state.events),
        "labels": [s.label for s in room.seats],
        "agent": room.thinking,
        "commitment": room.commitment,  # the seed itself only once the game is over (issue 35 item 7)
        "over": state.game_over,
        "result": _result(state, say) if state.game_over else None,
        "ui": dict(ui),
        "help": help_text,
    }
    if state.game_over:
        message["seed"] = room.seed
    if room.puzzle is not None:  # its task, hint, solution and verdict (tcg.web.puzzle_rooms)
        message["puzzle"] = room.puzzle.message()
    message.update(around(room, seat))  # undo, the game-over panel's replay and rematch, the names
    return message


def first_step(state: State, say: Say) -> Json | None:
    """The first step of the decision, chosen field by field (:func:`tcg.core.choosing.choice`):
    sent with the state, it saves the page a round trip."""
    try:
        return choice(state, say).to_json()
    except ChoiceError:  # pragma: no cover - the empty path always leads somewhere
        return None


def _result(state: State, say: Say) -> str:
    presentation: Presentation = state.GAME.presentation
    for ev in reversed(state.events):
        if ev.get("type") == "game_over":
            return presentation.event_text(ev, say)
    return ""


def card_message(game: Game[Any], name: str, lang: str) -> Json:
    """A card's printed text by name (names are public: asking reveals nothing)."""
    presentation: Presentation = game.presentation
    say = presentation.say(lang, None, lambda cid: None)
    info = presentation.card_info(name, say)
    card = game.cards().get(name)
    rulings = getattr(card, "rulings", ()) if card is not None else ()
    if rulings:  # the publisher's answers, in the words of the card's own data (English)
        rules = say.t("ui", "rulings_rules")
        info["rulings"] = [{"question": r.question, "answer": r.answer, "basis": r.basis,
                            "note": rules if r.basis == "rules" else "",
                            "source": r.source.model_dump(exclude_defaults=True)} for r in rulings]
        info["rulings_title"] = say.t("ui", "rulings", n=len(rulings))
        info["rulings_more"] = say.t("ui", "rulings_more", n=max(0, len(rulings) - TIP_RULINGS))
    return info


#: How many rulings the hover text shows; the deck builder's card panel shows them all.
TIP_RULINGS = 2
