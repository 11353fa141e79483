"""The payments the server makes for a person (rule 6 of :mod:`tcg.core.stops`, issue 37 item 3),
said in that person's log.

Why: a payment's own events are minor ones (a magic stone rested, a mana card tapped), which the
log's play-by-play leaves out; a player whose stones the server rested must still see which, as
MTG Arena's tapped lands show it. So each payment the server makes for a seat is kept
(``RoomFlow.paid``) and that seat's log says it where it happened, before the events it caused:
*Pay: rest Fire Stone, Fire Stone (paid for you, the default way)*. Only that seat's log: the
line is about the seat's own answer, named through its own namer; the opponent's log shows the
payment as it shows any payment. Kept in memory only: a room resumed after a restart shows its
earlier payments as their events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tcg.core.actions import Action
from tcg.core.presentation import Json, Say

if TYPE_CHECKING:
    from tcg.web.rooms import Room


@dataclass(frozen=True)
class Paid:
    """A payment the server made for ``seat``: the action, its place in the game's history, and
    how many events there were before it (its line goes before its events' lines)."""

    seat: int
    index: int
    events: int
    action: Action


def payment_for(room: Room, action: Action) -> Paid | None:
    """Called before the server applies ``action`` (``Room.apply_agent``): the payment it makes
    for a person, or None (an agent's answer, or not a payment)."""
    state = room.state
    decision = state.decision
    if decision is None or room.seats[decision.player].agent is not None:
        return None
    if decision.kind not in room.game.presentation.FLOW.payments:
        return None
    return Paid(decision.player, len(state.history), len(state.events), action)


def keep(room: Room, paid: Paid) -> None:
    """Remember a payment made (after an undo, payments from its index on are no longer the game's)."""
    room.flow.paid = [p for p in room.flow.paid if p.index < paid.index] + [paid]


def with_payments(room: Room, seat: int | None, say: Say, start: int, lines: Sequence[Json]) -> list[Json]:
    """The log lines of events ``start`` on (``views.log_lines``) with a line for each payment
    the server made for ``seat`` among them, in its place."""
    state = room.state
    history = state.history
    mine = [p for p in room.flow.paid if p.seat == seat and p.events >= start
            and p.index < len(history) and history[p.index] == p.action]
    out = list(lines)
    presentation = state.GAME.presentation
    for paid in reversed(mine):  # the last first: the places of the earlier ones stay right
        place = sum(1 for ev in state.events[start:paid.events] if state.visible_event(ev, seat) is not None)
        what = presentation.action_view(paid.action, say)["text"]
        out.insert(place, {"text": say.t("ui", "autopaid", what=what), "level": "major", "type": "autopaid"})
    return out
