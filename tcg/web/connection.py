"""One WebSocket on one room: the hello, then ``state`` (and ``choice``) messages out and ``act`` /
``choose`` / ``concede`` / ``undo`` / ``lang`` in (docs/architecture.md, "The server protocol").

Why apart from the app: this is where the server meets what anybody may send. Every frame is
checked before it is read -- its rate (one :class:`~tcg.web.limits.TokenBucket` per client, shared
by its connections: :class:`~tcg.web.caps.Ledger`), its size, that it is text, that it is a JSON
object with a string ``type`` -- and anything refused gets an ``error`` message with a code and
changes nothing; the connection stays open (a bad hello closes it, with code 4400; a cap reached
-- connections per client or in all, a room's spectators, a seat's tabs, a client that keeps
flooding -- with 4429). A refusal for the rate is cheap: at most one ``rate`` error a second per
connection, the other refused frames dropped unread.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from tcg.web import access
from tcg.web.caps import Ledger
from tcg.web.choices import act_path, choice_message
from tcg.web.flow import auto_action, flow_of, message_fields
from tcg.web.inputs import seat_token, stops_setting
from tcg.web.limits import HELLO_SECONDS, MAX_MESSAGE_CHARS, RESUME_WAIT_SECONDS
from tcg.web.rooms import ProtocolError, Room, Rooms
from tcg.web.undo import undo
from tcg.web.views import state_message

#: The close code of a connection refused or ended by a cap.
CAP_CLOSE = 4429


class Flooding(ProtocolError):
    """A client refused for its rate for too long: its connection is closed."""


def parse(frame: Mapping[str, Any]) -> dict[str, Any]:
    """A received frame (ASGI ``websocket.receive``) as a message, or the ProtocolError saying
    what is wrong with it: ``too_big``, or ``malformed`` (binary, not JSON, not an object with a
    string ``type``; JSON nested too deep or with an integer too long to read)."""
    text = frame.get("text")
    if text is None:
        size = len(frame.get("bytes") or b"")
        if size > MAX_MESSAGE_CHARS:
            raise ProtocolError("too_big", f"a message is at most {MAX_MESSAGE_CHARS} characters; this one is {size}")
        raise ProtocolError("malformed", "messages are JSON objects sent as text frames, not binary ones")
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError("too_big", f"a message is at most {MAX_MESSAGE_CHARS} characters; this one is {len(text)}")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError, as is a 5000-digit number
        raise ProtocolError("malformed", "messages are JSON objects") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("malformed", "a message is an object with a string 'type'")
    return message


class Connection:
    """One browser tab on one room: it says hello (seat token and language), then receives a
    ``state`` message after every change and sends ``act`` / ``concede`` / ``lang``."""

    def __init__(self, ws: WebSocket, rooms: Rooms, room_id: str, ledger: Ledger, client: str) -> None:
        self.ws = ws
        self.rooms = rooms
        self.room_id = room_id
        self.ledger = ledger
        self.client = client
        self.seat: int | None = None
        #: The digest of the secret this connection's seat said hello with (a rotation ends it).
        self.seat_hash: str | None = None
        self.lang = "en"
        self.log_end = 0
        self.shown: tuple[Any, ...] | None = None  # what the last state message showed (see send_state)
        self.changed = asyncio.Event()
        self.rate_said = -1e9  # when this connection was last sent a ``rate`` error
        self.undone = 0  # the room's undo count its last state message showed

    async def send_error(self, exc: ProtocolError) -> None:
        await self.ws.send_json({"type": "error", "code": exc.code, "message": exc.message})

    async def send_state(self, full: bool = False) -> None:
        room = self.rooms.get(self.room_id)
        full = full or room.undone != self.undone  # an undo took events back: the whole log again
        self.undone = room.undone
        start = 0 if full else self.log_end
        with room.lock:  # never read a state while an answer (or the agent) is being applied to it
            message = message_fields(room, self.seat, state_message(room, self.seat, self.lang, start), self.lang)
        shown = (message["decision_id"], message["over"], repr(message["agent"]), message["autopass"],
                 message.get("replay_id"), repr(message.get("rematch")))
        if not full and shown == self.shown and not message["log"]:
            return  # several changes were drawn by one message: the next says nothing new
        self.shown = shown
        self.log_end = message["log_end"]
        await self.ws.send_json(message)

    async def receive(self) -> dict[str, Any]:
        """The next frame within the client's rate, checked (see :func:`parse`). Over the rate a
        frame is dropped unread; at most one a second is answered ``rate``; a client refused for
        too long is ``Flooding``."""
        while True:
            frame = await self.ws.receive()
            if frame["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(frame.get("code", 1000))
            if self.ledger.take(self.client):
                return parse(frame)
            caps = self.ledger.caps
            if self.ledger.flooding(self.client):
                raise Flooding("rate", f"this client kept sending over {caps.rate:g} messages a second "
                                       f"(across its connections) for {caps.flood_seconds:g} s; disconnected")
            now = asyncio.get_running_loop().time()
            if now - self.rate_said >= caps.rate_error_seconds:
                self.rate_said = now
                raise ProtocolError("rate", f"at most {caps.rate:g} messages a second per client, across its "
                                            "connections; this one and any more within a second are ignored")

    async def hello(self) -> Room | None:
        try:
            first = await asyncio.wait_for(self.receive(), HELLO_SECONDS)
            if first.get("type") != "hello":
                raise ProtocolError("malformed", "the first message must be {\"type\": \"hello\", \"token\": ...}")
            room = await self.room()
            self.seat = room.seat_of(seat_token(first.get("token")))
            self.seat_hash = None if self.seat is None else room.seats[self.seat].token_hash
            if self.seat is None and not self.ws.scope.get(access.SCOPE_KEY, True):
                raise ProtocolError("access", "watching needs this server's access code: enter it in its lobby")
            self.lang = self._lang(room, first.get("lang", "en"))
        except Flooding as exc:
            await self.refuse(exc)
            return None
        except ProtocolError as exc:
            await self.send_error(exc)
            code = {"rate": CAP_CLOSE, "resuming": 4503}.get(exc.code, 4400)  # the page retries a 4503
            await self.ws.close(code=code)
            return None
        except TimeoutError:
            await self.send_error(ProtocolError("malformed", f"no hello within {HELLO_SECONDS:g} seconds"))
            await self.ws.close(code=4408)
            return None
        return room

    async def room(self) -> Room:
        """The room, waiting a little for one a restarted server is still resuming."""
        for _ in range(int(RESUME_WAIT_SECONDS * 10)):
            try:
                return self.rooms.get(self.room_id)
            except ProtocolError as exc:
                if exc.code != "resuming":
                    raise
            await asyncio.sleep(0.1)
        return self.rooms.get(self.room_id)

    @staticmethod
    def _lang(room: Room, lang: Any) -> str:
        languages = room.game.presentation.languages
        if lang not in languages:
            raise ProtocolError("malformed", f"lang must be one of {', '.join(languages)}")
        return str(lang)

    async def refuse(self, exc: ProtocolError) -> None:
        """Say which cap, and close (4429)."""
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await self.send_error(exc)
            await self.ws.close(code=CAP_CLOSE)

    async def run(self) -> None:
        """The connection's life, counted against its client's and its room's caps."""
        try:
            self.ledger.connect(self.client)
        except ProtocolError as exc:
            await self.refuse(exc)
            return
        try:
            await self.run_counted()
        finally:
            self.ledger.disconnect(self.client)

    async def run_counted(self) -> None:
        try:
            room = await self.hello()
        except WebSocketDisconnect:
            return
        if room is None:
            return
        try:
            self.ledger.join(room.id, self.seat)
        except ProtocolError as exc:
            await self.refuse(exc)
            return
        loop = asyncio.get_running_loop()

        def listener() -> None:
            loop.call_soon_threadsafe(self.changed.set)

        room.listeners.append(listener)
        try:
            await self.send_state(full=True)
            self.opened(room)
            await self.serve(room)
        except WebSocketDisconnect:
            pass
        except Flooding as exc:
            await self.refuse(exc)
        finally:
            self.ledger.leave(room.id, self.seat)
            with contextlib.suppress(ValueError):
                room.listeners.remove(listener)

    async def serve(self, room: Room) -> None:
        receiving = asyncio.ensure_future(self.receive())
        waiting = asyncio.ensure_future(self.changed.wait())
        try:
            while True:
                done, _ = await asyncio.wait({receiving, waiting}, return_when=asyncio.FIRST_COMPLETED)
                if waiting in done:
                    self.changed.clear()
                    if self.seat is not None and room.seats[self.seat].token_hash != self.seat_hash:
                        await self.send_error(ProtocolError("rotated", "this seat's secret was changed: "
                                                                       "connect again with the new one"))
                        await self.ws.close(code=4401)
                        return
                    await self.send_state()
                    waiting = asyncio.ensure_future(self.changed.wait())
                if receiving in done:
                    await self.handle(room, receiving)
                    receiving = asyncio.ensure_future(self.receive())
        finally:
            receiving.cancel()
            waiting.cancel()

    def opened(self, room: Room) -> None:
        """A person's page is open on the room: an agent that moves first may now (tcg.web.flow)."""
        if self.seat is not None and not room.flow.seen:
            room.flow.seen = True
            room.wake()

    async def set_stops(self, room: Room, message: dict[str, Any]) -> None:
        """This seat's stops (tcg.web.flow): checked, kept by the room, echoed; then the server
        answers the decision now pending if the new stops say so."""
        if self.seat is None:
            raise ProtocolError("seat", "a spectator has no stops")
        stops = stops_setting(message, flow_of(room).phases)
        with room.lock:
            before = auto_action(room, self.seat)
            room.flow.stops[self.seat] = stops
            passing = auto_action(room, self.seat)
        await self.ws.send_json({"type": "stops", **stops.to_json()})
        if passing != before:  # the pending decision is now the server's to answer, or the seat's again
            room.wake()
            self.shown = None  # the next state message says so (a panel redrawn for nothing loses a click)
            self.changed.set()

    @staticmethod
    async def call(room: Room, apply: Callable[..., object], *args: Any) -> None:
        """Apply an answer: in a worker thread if an agent may then think (a search takes seconds
        and must not stall every other connection), else at once -- two people's rules step takes
        well under a millisecond, less than the hop to a thread and back."""
        if any(seat.agent is not None for seat in room.seats):
            await asyncio.to_thread(apply, *args)
        else:
            apply(*args)

    async def handle(self, room: Room, received: asyncio.Future[dict[str, Any]]) -> None:
        """One message; a refused one gets an ``error`` message and changes nothing."""
        try:
            message = received.result()
            kind = message["type"]
            if kind == "act" and "path" in message:  # a path chosen field by field (tcg.web.choices)
                await self.call(room, act_path, room, self.seat, self.lang, message)
            elif kind == "act":
                await self.call(room, room.act, self.seat, message.get("decision_id"), message.get("action"))
            elif kind == "choose":
                answer = await asyncio.to_thread(choice_message, room, self.seat, self.lang, message)
                if answer is not None:  # None: a stale decision, dropped silently
                    await self.ws.send_json(answer)
            elif kind == "concede":
                await self.call(room, room.concede, self.seat)
            elif kind == "undo":
                await self.call(room, undo, room, self.seat, message.get("decision_id"), self.rooms.store)
            elif kind == "lang":
                self.lang = self._lang(room, message.get("lang"))
                await self.send_state(full=True)
            elif kind == "stops":
                await self.set_stops(room, message)
            else:
                raise ProtocolError("malformed", f"unknown message type {kind!r}; known: act, choose, concede, undo, "
                                                "lang, stops")
        except Flooding:
            raise
        except ProtocolError as exc:
            await self.send_error(exc)
