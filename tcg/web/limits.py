"""The server's limits on what one connection may send, and the token bucket behind the rate.

Why: the server owns every game, so one misbehaving tab (or script) must not be able to make it
buffer a huge message, spin on a flood of them, or crowd a room with connections. Every limit
refuses with an ``error`` message naming it (``too_big``, ``rate``, ``full``) and changes nothing.
"""

from __future__ import annotations

import time

#: The longest message (in characters of text) a connection may send; a hello or an answer is
#: well under 200. Longer ones get ``too_big``; uvicorn closes the connection (code 1009) on a
#: frame over ``WS_MAX_BYTES`` before it is even read whole.
MAX_MESSAGE_CHARS = 64 * 1024
WS_MAX_BYTES = 1024 * 1024
#: Messages per second one connection may send on average (a bucket of as many, refilled at that
#: rate): far more than anybody clicks, far less than a loop floods.
RATE_PER_SECOND = 50.0
#: Connections one room holds at once (its two seats, each perhaps in a few tabs, and spectators).
MAX_CONNECTIONS_PER_ROOM = 32
#: Seconds a new connection has to say hello before the server closes it.
HELLO_SECONDS = 30.0
#: Seconds a hello to a room a restarted server is still resuming waits for it before the
#: answer is a ``resuming`` error (closed with 4503: the page tries again).
RESUME_WAIT_SECONDS = 3.0


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
