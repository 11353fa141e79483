"""A browser's identity: who owns a saved deck.

Why a cookie and not the address (as :mod:`tcg.web.clients` counts limits): two people behind
one router share an address but not a browser, and a deck should follow its browser. The server
draws a random secret of 256 bits on a browser's first request and sets it in a cookie
(``HttpOnly``: no script reads it; ``SameSite=Strict``: no other site's page sends it); the
store keeps only its SHA-256 (:func:`owner`), so a copy of the database names no secret.

A request that arrives without the cookie from another site's link (``Sec-Fetch-Site:
cross-site``: a Strict cookie is not sent on such a navigation) is not given a new one -- that
would replace the browser's identity, and lose its decks, each time someone follows a link.
Such a request acts for a fresh identity that owns nothing.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection, cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "tcg_id"
#: The scope key the middleware sets: the owner (hashed identity) of this request.
SCOPE_KEY = "tcg.owner"
#: A cookie's lifetime: ten years (the identity is all that ties a browser to its decks).
MAX_AGE = 10 * 365 * 24 * 3600
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")  # token_urlsafe(32)


def owner(secret: str) -> str:
    """What the store keeps of an identity: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def cookie_value(scope: Scope, name: str) -> str | None:
    """The value of cookie ``name`` in a request (None if absent or unreadable)."""
    for key, value in scope["headers"]:
        if key == b"cookie":
            found = cookie_parser(value.decode("latin-1")).get(name)
            if found is not None:
                return found
    return None


def set_cookie(message: Message, header: str) -> None:
    """Add a ``Set-Cookie`` header to a response's start message."""
    message.setdefault("headers", [])
    MutableHeaders(scope=message).append("set-cookie", header)


class Identity:
    """Sets :data:`SCOPE_KEY` on every HTTP and WebSocket scope; issues the cookie to a browser
    that has none (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        secret = cookie_value(scope, COOKIE)
        if secret is not None and _SECRET.fullmatch(secret):
            scope[SCOPE_KEY] = owner(secret)
            await self.app(scope, receive, send)
            return
        fresh = secrets.token_urlsafe(32)
        scope[SCOPE_KEY] = owner(fresh)
        site = dict(scope["headers"]).get(b"sec-fetch-site", b"")
        if scope["type"] != "http" or site == b"cross-site":
            await self.app(scope, receive, send)
            return
        secure = "; Secure" if scope.get("scheme") == "https" else ""
        header = f"{COOKIE}={fresh}; Path=/; Max-Age={MAX_AGE}; HttpOnly; SameSite=Strict{secure}"

        async def issuing(message: Message) -> None:
            if message["type"] == "http.response.start":
                set_cookie(message, header)
            await send(message)

        await self.app(scope, receive, issuing)


def owner_of(connection: HTTPConnection) -> str:
    """The owner of a request (its browser's hashed identity; set by :class:`Identity`)."""
    value = connection.scope.get(SCOPE_KEY)
    if not isinstance(value, str):
        raise RuntimeError("the Identity middleware is not installed")
    return value
