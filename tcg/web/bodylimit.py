"""A request body is at most :data:`MAX_BODY_BYTES`: refused with 413 before the app reads any.

Why an ASGI middleware: FastAPI reads a JSON body whole before validating it (a 200 MB body was
read and parsed before a field's ``max_length`` could refuse it; issue 35), and neither uvicorn
nor Starlette bounds a body. This refuses by ``Content-Length`` at once, and a chunked body
(no length) as soon as what has arrived passes the limit; the app is handed the body only once
it is whole and within the limit. The largest legitimate body, a deck list at its 20,000
characters (:mod:`tcg.web.inputs`), is under 100 KB even with every character escaped.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 256 * 1024


class BodyLimit:
    """The middleware (see the module docstring); WebSocket and lifespan scopes pass as they are
    (a WebSocket message has its own limit, :mod:`tcg.web.limits`)."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope["headers"]:
            if key == b"content-length" and (not value.isdigit() or int(value) > self.max_bytes):
                await self.refuse(send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left before the body ended
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self.refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, replay(b"".join(chunks), receive), send)

    async def refuse(self, send: Send) -> None:
        body = f'{{"detail": "a request body is at most {self.max_bytes} bytes"}}'.encode()
        await send({"type": "http.response.start", "status": 413,
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
