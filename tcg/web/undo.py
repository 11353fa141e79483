"""Undo of a person's last decision in a game against an agent (issue 37 item 10).

Why by replaying: the engine is deterministic (same seed, decks, actions -> same game), so the
position before a decision is the game's start with the actions before it applied again -- no
copy of every past state is kept. The room is rebuilt in place from its first ``cut`` actions:
the decision taken there and everything after it (the agent's answers too) are gone, and the
room's journal (:meth:`tcg.web.store.Store.truncate_live`) loses the same rows, so a restarted
server resumes exactly the position the player sees. The agent answers each decision with a
seed of the game's seed and the decision's number (:func:`tcg.web.thinking.decision_seed`) and
an event cursor rebuilt here as it was, so the same answer again brings the same replies (with
an iteration budget; a seconds budget depends on the machine).

Limits, each refused with a precise error and nothing changed: never between people (a
decision there stands: the other person saw it), never for a spectator, never once the game is
over, only while it is the person's own decision (not while the agent thinks), and only a
decision where there was a choice (a forced one is undone with the choice before it). A
decision the server answered for the person under their stops (:mod:`tcg.web.flow`) was not
theirs: undo takes back the last one they answered themselves.
"""

from __future__ import annotations

import time
from typing import Any

from tcg.core.state import State
from tcg.web.flow import answered_for
from tcg.web.rooms import ProtocolError, Room
from tcg.web.store import Store


def refusal(room: Room, seat: int | None) -> ProtocolError | None:
    """Why ``seat`` may not undo in ``room`` now (None: it may); cheap, called for every message.
    A resumed room whose decisions are not yet known may: :func:`undo` works them out."""
    if seat is None:
        return ProtocolError("seat", "a spectator cannot undo")
    if all(s.agent is None for s in room.seats):
        return ProtocolError("undo", "undo is only for games against an agent: between people a decision stands")
    if room.state.game_over or room.conceded is not None:
        return ProtocolError("over", "the game is over: its decisions stand (its replay shows them)")
    if room.state.deciding_player != seat:
        return ProtocolError("undo", "undo when it is your decision again: the opponent is deciding")
    if room.moves is not None and not room.moves:
        return ProtocolError("undo", "nothing to undo: you have not made a decision with a choice in this game yet")
    return None


def can_undo(room: Room, seat: int | None) -> bool:
    return refusal(room, seat) is None


def rebuilt(room: Room, cut: int) -> tuple[State, list[int], list[int]]:
    """The room's game after its first ``cut`` actions, replayed from its start; the agents'
    event cursors as they were then; and where a person chose among several actions (not where
    the server answered for them under their stops)."""
    state = room.origin()
    cursor = [0, 0]
    moves: list[int] = []
    last: int | None = None
    for i, action in enumerate(room.state.history[:cut]):
        player = state.deciding_player
        if player is not None and len(state.legal_actions()) > 1:
            agent = room.seats[player].agent
            if agent is None:
                if not answered_for(room, state, last, action):
                    moves.append(i)
            elif getattr(agent, "observes", True):
                cursor[player] = len(state.events)  # what thinking.choose's observation did then
        state.apply(action)
        last = player
    room.flow.rewound(last)
    return state, cursor, moves


def undo(room: Room, seat: int | None, decision_id: Any, store: Store | None = None) -> None:
    """Take back ``seat``'s last decision with a choice (sent with ``decision_id``, the current
    one: a second click on the same position is ``stale``, so one click undoes one decision)."""
    with room.lock:
        refused = refusal(room, seat)
        if refused is not None:
            raise refused
        if not isinstance(decision_id, int) or isinstance(decision_id, bool):
            raise ProtocolError("malformed", "decision_id must be the number of the current decision")
        if decision_id != room.decision_id:
            raise ProtocolError("stale", f"decision {decision_id} is not the current one ({room.decision_id}); "
                                         "nothing was undone")
        moves = room.moves
        if moves is None:  # a resumed room: its decisions worked out once
            moves = rebuilt(room, len(room.state.history))[2]
        known = room.moves
        if not moves:
            raise ProtocolError("undo", "nothing to undo: you have not made a decision with a choice in this "
                                        "game yet")
        cut = moves[-1]
        room.state, room.cursor, room.moves = rebuilt(room, cut)
        if known is not None:  # the decisions the person answered themselves, as they were recorded
            room.moves = [m for m in known if m < cut]
        room.thinking = None
        room.undone += 1
        room.active_at = time.monotonic()
        if store is not None:
            store.truncate_live(room.id, cut)
    room.notify()
