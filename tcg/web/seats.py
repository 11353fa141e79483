"""Seat secrets and invitations (issue 35 items 9 and 14).

Why: a seat's secret is what acts for a player, so it goes only to that player, and the server
keeps only its digest. The creator of a game between people gets seat 0's secret and an
invitation *code*; the first to exchange the code (``POST /api/rooms/{room}/join``) gets a
fresh secret for seat 1, issued to nobody else, and the code stops working. While seat 1 is
not taken, the creator (with seat 0's secret) can revoke the invitation or make a new one; a
seat's holder can rotate its secret (the old one is refused from then on, and that seat's open
connections are told and closed, see :mod:`tcg.web.connection`).

The server keeps digests only (:mod:`tcg.web.digests`).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, HTTPException
from pydantic import BaseModel, Field

from tcg.web.digests import digest, matches, new_secret
from tcg.web.rooms import ProtocolError, Room, Rooms

#: HTTP status of each refusal.
STATUS = {"room": 404, "token": 403, "invite": 403, "taken": 409, "seat": 422}


def join(room: Room, code: Any) -> str:
    """Exchange the pending invitation's code for seat 1's fresh secret; the code is spent."""
    with room.lock:
        if not isinstance(code, str) or not matches(room.invite_hash, code):
            raise ProtocolError("invite", "this invitation is not valid: it was already used, revoked, or never made")
        secret = new_secret()
        room.seats[1].token_hash = digest(secret)
        room.invite_hash = None
        room.seats_changed()
    return secret


def reinvite(room: Room, token: Any) -> str:
    """A new invitation code for seat 1 (the pending one, if any, stops working)."""
    with room.lock:
        _creator(room, token)
        code = new_secret()
        room.invite_hash = digest(code)
        room.seats_changed()
    return code


def revoke(room: Room, token: Any) -> None:
    """The pending invitation stops working; none is left."""
    with room.lock:
        _creator(room, token)
        room.invite_hash = None
        room.seats_changed()


def rotate(room: Room, token: Any) -> tuple[int, str]:
    """A new secret for the seat ``token`` acts for; the old one is refused from now on."""
    with room.lock:
        seat = room.seat_of(token if isinstance(token, str) and token else "-")
        assert seat is not None
        secret = new_secret()
        room.seats[seat].token_hash = digest(secret)
        room.seats_changed()
    room.notify()  # the seat's open connections learn that their secret is gone
    return seat, secret


def _creator(room: Room, token: Any) -> None:
    """Only seat 0 invites, and only while seat 1 is a person's and not taken."""
    if room.seat_of(token if isinstance(token, str) and token else "-") != 0:
        raise ProtocolError("token", "only the game's creator (seat 0's secret) can invite")
    if room.seats[1].agent is not None:
        raise ProtocolError("seat", "seat 1 is an agent's: there is nobody to invite")
    if room.seats[1].token_hash is not None:
        raise ProtocolError("taken", "seat 1 is already taken")


def room_answer(room: Room, token: str, code: str, chosen_seed: int | None) -> dict[str, Any]:
    """What the creator of ``room`` is sent: seat 0's secret, the seed's commitment (the seed
    itself only if they chose it: an agent game), and for a game between people the invitation
    code, to be exchanged once for seat 1's own secret (never seat 1's secret itself)."""
    out: dict[str, Any] = {"room": room.id, "seat": 0, "token": token, "url": f"/play/{room.id}#seat={token}",
                           "commitment": room.commitment}
    if chosen_seed is not None:
        out["seed"] = chosen_seed
    if room.invite_hash is not None:
        out["invite"] = code
        out["invite_url"] = f"/play/{room.id}#invite={code}"
    return out


#: A code or a secret is 32 characters; nothing longer is even hashed.
MAX_SECRET_CHARS = 256


class JoinBody(BaseModel):
    invite: str = Field(max_length=MAX_SECRET_CHARS)


class SeatBody(BaseModel):
    token: str = Field(max_length=MAX_SECRET_CHARS)


def seat_api(app: FastAPI, rooms: Rooms) -> None:
    """The invitation and secret endpoints (docs/architecture.md, "The server protocol")."""

    def call(room_id: str, do: Any, *args: Any) -> Any:
        try:
            return do(rooms.get(room_id), *args)
        except ProtocolError as exc:
            raise HTTPException(STATUS.get(exc.code, 422), exc.message) from None

    @app.post("/api/rooms/{room_id}/join")
    def join_room(room_id: str, body: JoinBody) -> dict[str, Any]:
        return {"room": room_id, "seat": 1, "token": call(room_id, join, body.invite)}

    @app.post("/api/rooms/{room_id}/invite")
    def new_invite(room_id: str, body: SeatBody) -> dict[str, Any]:
        code = call(room_id, reinvite, body.token)
        return {"room": room_id, "invite": code, "invite_url": f"/play/{room_id}#invite={code}"}

    @app.post("/api/rooms/{room_id}/invite/revoke")
    def revoke_invite(room_id: str, body: SeatBody) -> dict[str, Any]:
        call(room_id, revoke, body.token)
        return {"room": room_id, "invite": None}

    @app.post("/api/rooms/{room_id}/rotate")
    def rotate_secret(room_id: str, body: SeatBody) -> dict[str, Any]:
        seat, secret = call(room_id, rotate, body.token)
        return {"room": room_id, "seat": seat, "token": secret}
