"""The server's limits on what one connection may send, and the token bucket behind the rate.

Why: the server owns every game, so one misbehaving tab (or script) must not be able to make it
buffer a huge message, spin on a flood of them, or crowd a room with connections. Every limit
refuses with an ``error`` message naming it (``too_big``, ``rate``, ``full``) and changes nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

#: The longest message (in characters of text) a connection may send; a hello or an answer is
#: well under 200. Longer ones get ``too_big``; uvicorn closes the connection (code 1009) on a
#: frame over ``WS_MAX_BYTES`` before it is even read whole.
MAX_MESSAGE_CHARS = 64 * 1024
WS_MAX_BYTES = 1024 * 1024
#: Messages per second one client may send on average across its connections (a bucket of as
#: many, refilled at that rate): far more than anybody clicks, far less than a loop floods. The
#: other caps (connections, rooms, a room's spectators) are in :mod:`tcg.web.caps`.
RATE_PER_SECOND = 50.0
#: Seconds a new connection has to say hello before the server closes it.
HELLO_SECONDS = 30.0
#: Seconds a hello to a room a restarted server is still resuming waits for it before the
#: answer is a ``resuming`` error (closed with 4503: the page tries again).
RESUME_WAIT_SECONDS = 3.0


@dataclass(frozen=True)
class Caps:
    """Every cap's value (issue 35 item 6; enforced in :mod:`tcg.web.caps`, :mod:`tcg.web.reaper`);
    the defaults are ``tcg serve``'s."""

    #: Games in progress one client may hold (a person plays one or two at a time).
    rooms_per_client: int = 8
    #: Rooms the server holds in memory, in progress or finished.
    rooms_total: int = 1000
    #: A game in progress nobody is connected to and nobody has acted in for this long is ended
    #: (stored with the reason ``abandoned``) and dropped from memory: 30 minutes.
    abandoned_seconds: float = 1800.0
    #: A finished game stays in memory this long (a reload shows its end); SQLite keeps it.
    finished_seconds: float = 300.0
    #: How often the rooms are looked over for the two above.
    sweep_seconds: float = 30.0
    #: WebSocket connections one client may hold open (a player's tabs, a few games watched).
    connections_per_client: int = 40
    #: WebSocket connections the server holds open in all.
    connections_total: int = 800
    #: Spectators one room takes; its seats are kept for its players beside them.
    spectators_per_room: int = 16
    #: Connections one seat may have at once (a few tabs, a reload before the old tab closed).
    tabs_per_seat: int = 4
    #: Messages a second one client may send across all its connections.
    rate: float = RATE_PER_SECOND
    #: The most of them it may send at once (the bucket's size; ``rate`` if that is smaller). Why
    #: not a second's worth: every hello or ``lang`` builds a whole state on the event loop
    #: (about 3 ms), and 50 at once -- a flooder's 30 connections coming back together -- held the
    #: loop for 150 ms, the tail of every other client's latency (``load.py --abuse``).
    burst: float = 10.0
    #: A client whose messages were refused more than ``rate`` a second on average for this long
    #: (a bucket of ``rate * flood_seconds`` refusals) is disconnected.
    flood_seconds: float = 5.0
    #: At most one ``rate`` error a second per connection; refused messages beyond it are dropped.
    rate_error_seconds: float = 1.0


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` kept; a message takes one or is refused."""

    def __init__(self, rate: float, burst: float | None = None) -> None:
        self.rate = rate
        self.burst = rate if burst is None else burst
        self.tokens = self.burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
