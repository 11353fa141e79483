"""The server's caps per client and in total (issue 35 item 6): games in progress, WebSocket
connections, messages a second, and a room's spectators beside its reserved seats.

Why per client: one anonymous client (an address, :func:`tcg.web.clients.client_of`) must not be
able to take what everybody shares -- memory (rooms), sockets (connections), the event loop
(messages) -- nor lock two players out of their own room by crowding it with spectators. Every
cap refuses with a message naming it; docs/reliability.md ("Caps") lists them all with their
values, where each is enforced and what a client sees. ``create_app(caps=Caps(...))`` sets them
(:class:`~tcg.web.limits.Caps`, beside the other limits; tests give a case the caps it needs);
``tcg serve`` uses the defaults and a few options.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import HTTPException

from tcg.web.limits import Caps, TokenBucket

__all__ = ["Caps", "Ledger", "RoomGate"]
from tcg.web.rooms import ProtocolError, Rooms


class RoomGate:
    """Admits new rooms under the caps (429 naming the cap). A creation in flight counts from its
    admission: concurrent requests of one client cannot slip past the cap together."""

    def __init__(self, rooms: Rooms, caps: Caps) -> None:
        self.rooms = rooms
        self.caps = caps
        self.lock = threading.Lock()
        self.pending: Counter[str] = Counter()

    @contextmanager
    def admit(self, client: str) -> Iterator[None]:
        with self.lock:
            self._check(client)
            self.pending[client] += 1
        try:
            yield
        finally:
            with self.lock:
                self.pending[client] -= 1
                if self.pending[client] <= 0:
                    del self.pending[client]

    def _check(self, client: str) -> None:
        """Refuse over a cap; make space by dropping finished rooms from memory first (SQLite keeps
        them), oldest first."""
        caps, rooms = self.caps, self.rooms
        held = list(rooms.rooms.values())
        live = [r for r in held if not r.state.game_over]
        mine = sum(1 for r in live if r.client == client) + self.pending[client]
        if mine >= caps.rooms_per_client:
            raise HTTPException(429, f"this client already has {mine} games in progress, the most one client may "
                                     f"hold (rooms per client: {caps.rooms_per_client}); finish or concede one")
        busy = len(live) + sum(self.pending.values())
        if busy >= caps.rooms_total:
            raise HTTPException(429, f"the server already holds {busy} games in progress, its most "
                                     f"(rooms in total: {caps.rooms_total}); try again later")
        finished = sorted((r for r in held if r.state.game_over), key=lambda r: r.active_at)
        for room in finished[:max(0, busy + len(finished) - caps.rooms_total + 1)]:
            rooms.drop(room.id)


class Ledger:
    """Who holds what now: WebSocket connections by client and by room seat, and each client's
    message bucket. Only the event loop's thread changes it."""

    def __init__(self, caps: Caps) -> None:
        self.caps = caps
        self.by_client: Counter[str] = Counter()
        #: (room id, seat or None for a spectator) -> connections.
        self.by_seat: Counter[tuple[str, int | None]] = Counter()
        self.buckets: dict[str, TokenBucket] = {}
        self.refusals: dict[str, TokenBucket] = {}

    @property
    def total(self) -> int:
        return sum(self.by_client.values())

    def connect(self, client: str) -> None:
        """Count a new connection, or raise the ProtocolError naming the cap it is over."""
        caps = self.caps
        if self.by_client[client] >= caps.connections_per_client:
            raise ProtocolError("connections", f"this client already has {self.by_client[client]} connections "
                                               f"open, the most one client may (connections per client: "
                                               f"{caps.connections_per_client})")
        if self.total >= caps.connections_total:
            raise ProtocolError("busy", f"the server already holds {self.total} connections, its most "
                                        f"(connections in total: {caps.connections_total}); try again later")
        self.by_client[client] += 1

    def disconnect(self, client: str) -> None:
        self.by_client[client] -= 1
        if self.by_client[client] <= 0:
            del self.by_client[client]
            self._forget(client)

    def join(self, room_id: str, seat: int | None) -> None:
        """Count a connection on a room's seat (or a spectator), or raise ``full`` naming the cap:
        spectators have their own cap, so a seat's holder can always connect."""
        key = (room_id, seat)
        held = self.by_seat[key]
        if seat is None and held >= self.caps.spectators_per_room:
            raise ProtocolError("full", f"this game already has {held} spectators, the most a room takes "
                                        f"(spectators per room: {self.caps.spectators_per_room}); its seats "
                                        "are kept for its players")
        if seat is not None and held >= self.caps.tabs_per_seat:
            raise ProtocolError("full", f"this seat is already open in {held} tabs, the most one seat may "
                                        f"(tabs per seat: {self.caps.tabs_per_seat}); close one")
        self.by_seat[key] += 1

    def leave(self, room_id: str, seat: int | None) -> None:
        key = (room_id, seat)
        self.by_seat[key] -= 1
        if self.by_seat[key] <= 0:
            del self.by_seat[key]

    def watched(self, room_id: str) -> bool:
        """Whether anybody (a seat or a spectator) is connected to the room."""
        return any(self.by_seat.get((room_id, seat), 0) for seat in (None, 0, 1))

    def take(self, client: str) -> bool:
        """One message of ``client``'s: within its rate (one bucket shared by its connections)?"""
        bucket = self.buckets.get(client)
        if bucket is None:
            bucket = self.buckets[client] = TokenBucket(self.caps.rate, min(self.caps.burst, self.caps.rate))
        return bucket.take()

    def flooding(self, client: str) -> bool:
        """Count a refused message; True once ``client`` has been refused more than ``rate`` a second
        for ``flood_seconds`` (then each of its connections is closed at its next refusal)."""
        bucket = self.refusals.get(client)
        if bucket is None:
            rate = self.caps.rate
            bucket = self.refusals[client] = TokenBucket(rate, rate * self.caps.flood_seconds)
        return not bucket.take()

    def _forget(self, client: str) -> None:
        """A client with no connection left keeps its buckets until they would be full again:
        reconnecting must not refill them."""
        now = time.monotonic()
        for table in (self.buckets, self.refusals):
            bucket = table.get(client)
            if bucket is not None and bucket.tokens + (now - bucket.at) * bucket.rate >= bucket.burst:
                del table[client]

    def sweep(self) -> None:
        """Drop the buckets of clients gone whose buckets are full again (bounded memory)."""
        for client in [c for c in set(self.buckets) | set(self.refusals) if c not in self.by_client]:
            self._forget(client)
