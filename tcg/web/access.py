"""``tcg serve --access-code CODE``: a server others can reach lets in only who knows the code.

Why: a server listening on a public address is a lobby anyone who reaches it can use (start
games, run searches, watch games, read and write decks). With a code, a page asks for it once
and a cookie remembers it (its SHA-256, compared in constant time); every page, API call and
spectator's WebSocket needs it. What an invited friend needs is let through without it, so the
invite link alone is enough: the invitation exchange (``POST /api/rooms/{id}/join``) and a
seat's other requests proved by its secret (``invite``, ``invite/revoke``, ``rotate``), a game's
page and static files (the page itself holds nothing: the seat's secret stays in the tab),
the card texts that page shows, and the WebSocket, where a hello with a seat's secret plays and
one without (a spectator) needs the code (:class:`tcg.web.connection.Connection`).
docs/architecture.md ("Who can reach the server").
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import html
import re
from urllib.parse import parse_qs, quote

from starlette.datastructures import URL
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from tcg.web.identity import cookie_value

COOKIE = "tcg_access"
#: The scope key the middleware sets: whether the request carries the code.
SCOPE_KEY = "tcg.access"
PAGE = "/access"
#: How long a browser is remembered: thirty days.
MAX_AGE = 30 * 24 * 3600
#: Seconds a wrong code waits before its answer (guessing is slower; nothing else waits).
WRONG_DELAY = 1.0
#: What passes without the code: (method, path pattern). The POSTs are a seat's own business,
#: each proved by what its body carries (the invitation code, or the seat's secret): the
#: invitation exchange, and a seat's re-invitation, revocation and rotation of its secret.
OPEN = [(("GET", "HEAD"), re.compile(p)) for p in (r"/static/.*", r"/play/[^/]+", r"/api/cards/[^/]+")] + [
    (("POST",), re.compile(r"/api/rooms/[^/]+/(join|invite|invite/revoke|rotate)"))]
_FORM = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>tcg-engine: access code</title><link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="data:,"></head>
<body>
<header class="top"><h1>tcg-engine</h1></header>
<main class="lobby">
  <p>This server asks for its access code: the person running it can tell you.</p>
  <form method="post" id="access">
    <label for="code">Access code</label> <input id="code" name="code" type="password" required autofocus>
    <button type="submit" id="enter">Enter</button>
  </form>
  <div class="error" id="error">{error}</div>
</main>
</body>
</html>
"""


def token(code: str) -> str:
    """What the cookie holds for ``code``: its SHA-256 (the code itself is never stored)."""
    return hashlib.sha256(b"tcg-access\0" + code.encode("utf-8", "surrogatepass")).hexdigest()


def is_open(method: str, path: str) -> bool:
    return any(method in methods and pattern.fullmatch(path) for methods, pattern in OPEN)


def safe_next(target: str | None) -> str:
    """Where to go after the code: a path of this server only (never ``//other.site``)."""
    if (not target or not target.startswith("/") or target.startswith(("//", "/\\"))
            or any(ord(c) < 0x21 or c == "\\" for c in target)):  # a browser drops tabs: "/\t/x" is "//x"
        return "/"
    return target


class AccessCode:
    """The middleware (see the module docstring)."""

    def __init__(self, app: ASGIApp, code: str) -> None:
        self.app = app
        self.expected = token(code)

    def granted(self, scope: Scope) -> bool:
        given = cookie_value(scope, COOKIE) or ""
        return hmac.compare_digest(given.encode("latin-1", "replace"), self.expected.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        scope[SCOPE_KEY] = self.granted(scope)
        path, method = scope["path"], scope.get("method", "GET")
        if scope["type"] == "websocket" or scope[SCOPE_KEY] or is_open(method, path):
            await self.app(scope, receive, send)
            return
        response: Response
        if path == PAGE:
            response = await self.page(scope, receive)
        elif path.startswith("/api/"):
            response = JSONResponse({"detail": "this server needs its access code: open its lobby and enter it"},
                                    status_code=401)
        elif method in ("GET", "HEAD"):
            url = URL(scope=scope)
            here = url.path + (f"?{url.query}" if url.query else "")
            response = RedirectResponse(f"{PAGE}?next={quote(here, safe='')}", status_code=303)
        else:
            response = JSONResponse({"detail": "this server needs its access code"}, status_code=401)
        await response(scope, receive, send)

    async def page(self, scope: Scope, receive: Receive) -> Response:
        """The access page: its form (GET), or the code checked (POST): a cookie and back to where
        the browser was going, or the form again."""
        if scope.get("method") != "POST":
            return HTMLResponse(_FORM.format(error=""))
        body = b""
        while True:  # bounded: BodyLimit runs first
            message = await receive()
            body += message.get("body", b"")
            if message["type"] != "http.request" or not message.get("more_body", False):
                break
        code = parse_qs(body.decode("utf-8", "replace")).get("code", [""])[0]
        if not hmac.compare_digest(token(code).encode(), self.expected.encode()):
            await asyncio.sleep(WRONG_DELAY)
            return HTMLResponse(_FORM.format(error=html.escape("That is not the code.")), status_code=403)
        target = safe_next(parse_qs(scope.get("query_string", b"").decode("latin-1")).get("next", ["/"])[0])
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(COOKIE, self.expected, max_age=MAX_AGE, path="/", httponly=True, samesite="lax",
                            secure=scope.get("scheme") == "https")
        return response
