"""After the game: its replay, a rematch; and what a state message says of them and of undo.

A *rematch* is the same decks and the same opponent with a new seed (drawn by the server, keyed:
a rematch between people is as fair as their first game). ``POST /api/rooms/{room}/rematch``
with a seat's secret, once the game is over:

- against an agent, the new game starts at once: the asker gets its seat 0 (their deck again);
- between people, both must agree: the first to ask *offers* it -- the new game is made with
  the asker in seat 0 and seat 1 free, no invitation code -- and the other player, whose page
  shows the offer, *accepts* it by asking too: they get seat 1's fresh secret (issued to nobody
  else). Until then the offerer may also invite somebody else to it as to any new game.

Asking again after one's own rematch answers its room (no secret: the asker's tab keeps it).
A spectator is refused (403), as is a game still being played (422).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, HTTPException, Request
from pydantic import BaseModel, Field

from tcg.core.errors import TcgError
from tcg.core.rng import new_keyed_seed
from tcg.web.caps import RoomGate
from tcg.web.clients import client_of
from tcg.web.digests import digest, new_secret
from tcg.web.rooms import ProtocolError, Room, Rooms
from tcg.web.undo import can_undo

#: HTTP status of each refusal.
STATUS = {"room": 404, "token": 403, "seat": 403, "over": 422, "taken": 409}


def around(room: Room, seat: int | None) -> dict[str, Any]:
    """What a state message says besides the game: whether this seat may undo now, whether the
    game is between people, and once it is over its stored replay and any rematch (its room;
    ``offered`` to this seat when the other player started it and it waits for them)."""
    out: dict[str, Any] = {"undo": can_undo(room, seat),
                           "people": all(s.agent is None for s in room.seats),
                           "replay_id": room.stored_as if room.state.game_over else None,
                           "rematch": None}
    rematch = room.rematch
    if rematch is not None and rematch["room"] is not None:
        out["rematch"] = {"room": rematch["room"], "by_you": seat == rematch["by"],
                          "offered": seat is not None and seat != rematch["by"] and not rematch["accepted"]}
    return out


def _seat(room: Room, token: Any) -> int:
    seat = room.seat_of(token if isinstance(token, str) and token else "-")
    if seat is None:  # pragma: no cover - seat_of refuses an empty token
        raise ProtocolError("seat", "a spectator cannot ask for a rematch")
    return seat


def accept(rooms: Rooms, room: Room, seat: int) -> dict[str, Any]:
    """The other player accepts an offered rematch: seat 1 of its room, with a fresh secret."""
    offer = room.rematch
    assert offer is not None
    if offer["room"] is None:
        raise ProtocolError("taken", "the rematch is being started: ask again in a moment")
    if seat == offer["by"] or offer["accepted"]:
        return {"room": offer["room"], "seat": 0 if seat == offer["by"] else 1}
    new = rooms.get(offer["room"])
    with new.lock:
        if new.seats[1].token_hash is not None:
            raise ProtocolError("taken", "the rematch's second seat was already taken (by an invitation)")
        secret = new_secret()
        new.seats[1].token_hash = digest(secret)
        new.invite_hash = None
        new.seats_changed()
    offer["accepted"] = True
    room.notify()
    return {"room": new.id, "seat": 1, "token": secret, "url": f"/play/{new.id}"}


def start(rooms: Rooms, gate: RoomGate, room: Room, token: Any, client: str) -> dict[str, Any]:
    """Ask for a rematch of ``room`` with a seat's ``token``: start it, offer it or accept it
    (see the module docstring)."""
    with room.lock:
        seat = _seat(room, token)
        if not room.state.game_over:
            raise ProtocolError("over", "the game is not over: a rematch starts once it is")
        if room.rematch is not None:
            return accept(rooms, room, seat)
        room.rematch = {"room": None, "by": seat, "accepted": False}  # claimed: a second ask waits for it
    try:
        secret = new_secret()
        order = [seat, 1 - seat]
        with gate.admit(client):  # a cap reached: 429, as for any new game
            if room.puzzle is not None:
                new = again(rooms, room, client, digest(secret))
            else:
                new = rooms.create(room.game, [room.decks[i] for i in order], [room.seats[i].label for i in order],
                                   new_keyed_seed(), room.opponent, client, digest(secret))
    except BaseException:
        room.rematch = None
        raise
    with room.lock:
        room.rematch = {"room": new.id, "by": seat, "accepted": room.opponent != "person"}
    room.notify()
    seat_now = new.puzzle.puzzle.solver if new.puzzle is not None else 0
    return {"room": new.id, "seat": seat_now, "token": secret, "url": f"/play/{new.id}", "commitment": new.commitment}


def again(rooms: Rooms, room: Room, client: str, token_hash: str) -> Room:
    """A puzzle's "try again": its position afresh, the asker solving it again."""
    from tcg.web.puzzle_rooms import create  # puzzle rooms build on rooms, as this module does

    run = room.puzzle
    return create(rooms, run.ref, run.puzzle, client, token_hash)


class RematchBody(BaseModel):
    token: str = Field(max_length=256)


def rematch_api(app: FastAPI, rooms: Rooms, gate: RoomGate) -> None:
    @app.post("/api/rooms/{room_id}/rematch")
    def rematch(room_id: str, body: RematchBody, request: Request) -> dict[str, Any]:
        try:
            return start(rooms, gate, rooms.get(room_id), body.token, client_of(request.scope))
        except ProtocolError as exc:
            raise HTTPException(STATUS.get(exc.code, 422), exc.message) from None
        except TcgError as exc:  # pragma: no cover - the decks were legal for the first game
            raise HTTPException(422, str(exc)) from None
