"""A request body is at most :data:`MAX_BODY_BYTES`: refused with 413 before the app reads any.

Why an ASGI middleware: FastAPI reads a JSON body whole before validating it (a 200 MB body was
read and parsed before a field's ``max_length`` could refuse it; issue 35), and neither uvicorn
nor Starlette bounds a body. This refuses by ``Content-Length`` at once, and a chunked body
(no length) as soon as what has arrived passes the limit; the app is handed the body only once
it is whole and within the limit. The largest legitimate body, a deck list at its 20,000
characters (:mod:`tcg.web.inputs`), is under 100 KB even with every character escaped.

The body must also arrive whole within :data:`BODY_SECONDS` of the app's first read (408
otherwise): uvicorn times out a request's head (:mod:`tcg.web.serving`) but not its body, and a
body trickled a byte a minute would hold its connection for ever.
"""

from __future__ import annotations

import asyncio
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 256 * 1024
#: Seconds a request's body has to arrive whole (a deck list is one packet; 10 s is a bad line).
BODY_SECONDS = 10.0


class BodyLimit:
    """The middleware (see the module docstring); WebSocket and lifespan scopes pass as they are
    (a WebSocket message has its own limit, :mod:`tcg.web.limits`)."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES, body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope["headers"]:
            if key == b"content-length" and (not value.isdigit() or int(value) > self.max_bytes):
                await self.refuse(send)
                return
        try:
            body = await self.whole_body(receive)
        except TimeoutError:
            await self.refuse(send, 408, f"a request body must arrive whole within {self.body_seconds:g} seconds")
            return
        if body is None:  # the client left before the body ended
            return
        if len(body) > self.max_bytes:
            await self.refuse(send)
            return
        await self.app(scope, replay(body, receive), send)

    async def whole_body(self, receive: Receive) -> bytes | None:
        """The body, read until it ends, passes the limit (what was read so far: refused by the
        caller) or the client leaves (None); TimeoutError past the deadline."""
        chunks: list[bytes] = []
        size = 0
        deadline = time.monotonic() + self.body_seconds
        while True:
            message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            chunks.append(chunk)
            if size > self.max_bytes or not message.get("more_body", False):
                return b"".join(chunks)

    async def refuse(self, send: Send, status: int = 413, detail: str | None = None) -> None:
        detail = detail or f"a request body is at most {self.max_bytes} bytes"
        body = f'{{"detail": "{detail}"}}'.encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


def replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the whole body once, then whatever the client sends next (its
    disconnection)."""
    given = False

    async def again() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}
    return again
