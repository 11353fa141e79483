"""uvicorn as ``tcg serve`` runs it (issue 35 item 6): a time limit on a request's head, caps on
TCP connections per client and in total, and a log that an attack cannot flood.

Why a protocol class of our own: uvicorn has ``limit_concurrency`` (a 503 past N connections or
tasks), ``timeout_keep_alive`` (an idle connection *between* requests) and
``h11_max_incomplete_event_size`` (how *large* an unfinished head may grow), but nothing bounds
how *long* a head may take. 1,100 connections that each send half a request head and wait held
the server's sockets until it ran out of file descriptors; every accept then failed, asyncio
logged each failure with its traceback (75 MB in 20 s) and nobody was served. uvicorn takes the
HTTP protocol as a class (``Config(http=...)``), so :class:`GuardedH11Protocol` subclasses its h11
protocol (the one ``http="auto"`` picks without httptools, which is not installed) and:

- closes a connection whose request head is not complete ``head_seconds`` after its first byte
  (or after it was opened), with a 408; the keep-alive timer covers the time between requests;
- closes at once a new connection of a client that already holds ``per_client`` connections
  (HTTP or WebSocket), and any new one past ``total``, which stays below the process's file
  limit so that accept itself never fails.

Logs go through :class:`Throttle`: a message (per client, where it names one) is written at most
once per ``interval`` seconds, with the count of those held back since.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import resource
import time
from collections.abc import Callable
from typing import Any

import h11
from uvicorn.config import LOGGING_CONFIG
from uvicorn.protocols.http.h11_impl import H11Protocol

from tcg.web.limits import WS_MAX_BYTES

#: Seconds a client has to send a request's whole head (browsers send it in one packet).
HEAD_SECONDS = 10.0
#: TCP connections one client may hold (its WebSockets, capped lower by the application, and a
#: browser's few HTTP connections).
TCP_PER_CLIENT = 64
#: TCP connections in all (lowered to fit the file limit, see :func:`file_limit`).
TCP_TOTAL = 1000
#: Seconds an idle keep-alive connection is kept between two requests (uvicorn's default).
KEEP_ALIVE_SECONDS = 5
#: The largest request head, in bytes (h11's default, stated).
MAX_HEAD_BYTES = 16 * 1024
#: A repeated log message is written at most once per this many seconds.
LOG_INTERVAL = 10.0

log = logging.getLogger("tcg.web.serving")

_TOO_SLOW = b"the request head took too long to send"
_RESPONSE_408 = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
                 b"content-length: %d\r\n\r\n%s" % (len(_TOO_SLOW), _TOO_SLOW))


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a head timeout and TCP caps (see the module docstring). The
    values are class attributes: :func:`guarded_protocol` makes a subclass holding them."""

    head_seconds: float = HEAD_SECONDS
    per_client: int = TCP_PER_CLIENT
    total: int = TCP_TOTAL
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        refusal = self._over_cap()
        if refusal:
            log.warning("%s: connection closed at once: %s", self._who(), refusal, extra={"client": self._who()})
            self.transport.abort()
            return
        self._arm()

    def _over_cap(self) -> str:
        if len(self.connections) > self.total:
            return f"the server holds {len(self.connections) - 1} connections, its most ({self.total})"
        if len(self.connections) > self.per_client and self.client is not None:
            host = self.client[0]
            mine = sum(1 for c in list(self.connections) if (getattr(c, "client", None) or ("",))[0] == host)
            if mine > self.per_client:
                return f"this client holds {mine - 1} connections, the most one client may ({self.per_client})"
        return ""

    def _who(self) -> str:
        return self.client[0] if self.client else "?"

    def _arm(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_seconds, self._head_expired)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_expired(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        log.warning("%s: request head not complete within %g s; connection closed", self._who(), self.head_seconds,
                    extra={"client": self._who()})
        self.transport.write(_RESPONSE_408)
        self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            self._arm()  # the first bytes of a next request on a kept-alive connection
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm()  # the head is complete (a body, or a WebSocket, may follow)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()  # between requests, uvicorn's keep-alive timeout applies

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def guarded_protocol(head_seconds: float, per_client: int, total: int) -> type[GuardedH11Protocol]:
    """A protocol class holding these values (uvicorn instantiates it per connection)."""
    return type("GuardedH11Protocol", (GuardedH11Protocol,),
                {"head_seconds": head_seconds, "per_client": per_client, "total": total})


def file_limit() -> int:
    """Raise the soft limit on open files to the hard one (where allowed) and return it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = 65536 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


class Throttle(logging.Filter):
    """Lets a message through at most once per ``interval`` seconds per (logger, message, client),
    adding how many were held back since; what a flood of connections makes uvicorn and asyncio
    log (a warning or a traceback each) stays a line now and then."""

    def __init__(self, interval: float = LOG_INTERVAL, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.interval = interval
        self.clock = clock  # a test's own clock: a loaded machine must not split one burst in two
        self.last: dict[tuple[str, str, str], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg), str(getattr(record, "client", "")))
        now = self.clock()
        at, held = self.last.get(key, (-1e18, 0))
        if now - at < self.interval:
            self.last[key] = (at, held + 1)
            return False
        if len(self.last) > 10_000:  # bounded: forget what has not been seen for an interval
            self.last = {k: v for k, v in self.last.items() if now - v[0] < self.interval}
        self.last[key] = (now, 0)
        if held:
            record.msg = f"{record.getMessage()} ({held} more like this in the last {now - at:.0f} s)"
            record.args = ()
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging, every handler throttled, asyncio's and ours written (and throttled) too."""
    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"throttle": {"()": "tcg.web.serving.Throttle"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["throttle"]
    for name in ("asyncio", "tcg.web.serving"):
        config["loggers"][name] = {"handlers": ["default"], "level": "WARNING", "propagate": False}
    return config


def uvicorn_settings(head_seconds: float = HEAD_SECONDS, per_client: int = TCP_PER_CLIENT,
                     total: int = TCP_TOTAL) -> dict[str, Any]:
    """The keyword arguments ``tcg serve`` gives ``uvicorn.run`` / ``uvicorn.Config`` (besides the
    app, host and port): see the module docstring."""
    total = max(16, min(total, file_limit() - 64))  # accept() must never fail for lack of descriptors
    return {"http": guarded_protocol(head_seconds, per_client, total), "limit_concurrency": total + 16,
            "timeout_keep_alive": KEEP_ALIVE_SECONDS, "h11_max_incomplete_event_size": MAX_HEAD_BYTES,
            "ws_max_size": WS_MAX_BYTES, "log_config": log_config(), "log_level": "warning"}
