"""A decision chosen field by field over the WebSocket (issue 37 item 1): the ``choose`` and
``act``-with-a-path messages, answered from :func:`tcg.core.choosing.choice`.

Why on the server: the steps are worked out from the state, which only the server holds, and
a step names only the cards its reader may know (its words come from the seat's own namer).
The page keeps the path a step hands it and sends it back: ``{"type": "choose", "decision": id,
"path": [...], "picked": [...]}`` is answered with ``{"type": "choice", "decision": id, ...step}``;
``{"type": "act", "decision": id, "path": [...]}`` plays the action the path fixes (with the
default way of paying when only the payment is left). A malformed path is an ``error`` naming the
field, nothing changed; an answer to a decision already taken (a stale click) is dropped silently.
"""

from __future__ import annotations

from typing import Any

from tcg.core.actions import Action
from tcg.core.choosing import ChoiceError, Step, choice
from tcg.core.presentation import Json
from tcg.web.rooms import ProtocolError, Room
from tcg.web.views import say_for, seat_decks


def decision_of(message: dict[str, Any]) -> Any:
    """The decision a message answers: ``decision`` (``decision_id``, as ``act`` by index says it, too)."""
    return message.get("decision", message.get("decision_id"))


def _step(room: Room, seat: int | None, lang: str, decision: Any, path: Any, picked: Any) -> Step | None:
    """The step ``path`` leads to for ``seat`` (the caller holds the room's lock); None for a stale
    decision. Raises ProtocolError for anything else that is wrong, naming the field."""
    if seat is None:
        raise ProtocolError("seat", "a spectator cannot choose")
    if not isinstance(decision, int) or isinstance(decision, bool):
        raise ProtocolError("malformed", "decision must be the number of the decision being answered")
    if decision != room.decision_id:
        return None
    state = room.state
    if state.game_over:
        raise ProtocolError("over", "the game is over")
    if state.deciding_player != seat:
        raise ProtocolError("seat", "it is not this seat's decision")
    if path is None:
        raise ProtocolError("malformed", "path is missing: a list of tokens, [] for the first step")
    say = say_for(state, seat, lang, seat_decks(room, lang))
    try:
        return choice(state, say, path, picked)
    except ChoiceError as exc:
        raise ProtocolError(exc.code, exc.message) from None


def choice_message(room: Room, seat: int | None, lang: str, message: dict[str, Any]) -> Json | None:
    """The ``choice`` message answering a ``choose``; None for a stale one (dropped, unanswered)."""
    decision = decision_of(message)
    with room.lock:
        step = _step(room, seat, lang, decision, message.get("path"), message.get("picked"))
    if step is None:
        return None
    return {"type": "choice", "decision": decision, **step.to_json()}


def act_path(room: Room, seat: int | None, lang: str, message: dict[str, Any]) -> bool:
    """Play the action a path (and picks) fixes; False for a stale decision (nothing done)."""
    with room.lock:
        step = _step(room, seat, lang, decision_of(message), message.get("path"), message.get("picked"))
        if step is None:
            return False
        if step.complete is None:
            raise ProtocolError("path", f"path does not fix an action yet: the step asks for "
                                        f"{step.field_label.lower()} ({step.mode})")
        action = Action.from_json(step.complete["action"])
        legal = room.state.legal_actions()
        if action not in legal:  # pragma: no cover - a step's action is one of the legal ones
            raise ProtocolError("illegal", "the path leads to an action that is not legal")
        room.answer(action, len(legal) > 1)
    room.notify()
    room.wake()
    return True

