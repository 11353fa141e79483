"""The security headers every HTTP response carries: pages, API, static files and errors.

Why: the pages show text other people wrote (card names in a pasted deck, a deck's name, an
opponent's label) and hold seat secrets; a Content-Security-Policy that allows no inline script
and no script from another site makes a slip in escaping a string rather than a hijacked seat.
Every page's script is a file under ``/static/`` (no inline script, handler or style attribute:
tests/test_web_http.py reads every page), so the policy needs no ``'unsafe-inline'``.
``connect-src`` names the WebSocket's ``ws:``/``wss:`` origin explicitly (older browsers do not
count it as ``'self'``). docs/architecture.md ("Who can reach the server") lists them.
"""

from __future__ import annotations

import re

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The policy's fixed part; ``connect-src`` is added per request (the WebSocket's origin).
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
          "base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
#: The other headers, the same on every response.
FIXED = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Cross-Origin-Opener-Policy": "same-origin",
}
#: A Host header that may be written into the policy (a name or address, a port): nothing that
#: could end the directive.
_HOST = re.compile(r"[A-Za-z0-9.\-]{1,253}(?::\d{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](?::\d{1,5})?")


def policy(host: str | None) -> str:
    """The Content-Security-Policy for a request to ``host`` (its Host header)."""
    ws = f" ws://{host} wss://{host}" if host and _HOST.fullmatch(host) else ""
    return f"{POLICY}; connect-src 'self'{ws}"


def security_headers(host: str | None) -> dict[str, str]:
    """Every security header of a response to ``host``."""
    return {"Content-Security-Policy": policy(host), **FIXED}


class SecurityHeaders:
    """Adds :func:`security_headers` to every HTTP response that passes through (the outermost
    middleware, so that a refusal by another one carries them too)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        extra = security_headers(host)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                headers = MutableHeaders(scope=message)
                for name, value in extra.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, with_headers)
