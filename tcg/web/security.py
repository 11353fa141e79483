"""Who can reach the server and what every response says about itself: the middleware
:func:`tcg.web.app.create_app` installs (issue 35), outermost first --

1. :class:`~tcg.web.headers.SecurityHeaders`: every response carries them, refusals included;
2. Starlette's ``TrustedHostMiddleware``: the ``Host`` must be one the server answers to;
3. :class:`~tcg.web.bodylimit.BodyLimit`: a body over its limit is refused (413) unread;
4. :class:`~tcg.web.hosts.OriginCheck`: a WebSocket from another site's page is refused;
5. :class:`~tcg.web.access.AccessCode` (with ``--access-code``): the lobby needs the code;
6. :class:`~tcg.web.identity.Identity`: the browser's identity, which owns its saved decks.

An error the app did not handle (a 500) is answered by Starlette's outermost layer, outside all
of these: :func:`error_response` gives it the same headers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fastapi import FastAPI, Request
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import PlainTextResponse, Response

from tcg.web.access import AccessCode
from tcg.web.bodylimit import BODY_SECONDS, MAX_BODY_BYTES, BodyLimit
from tcg.web.headers import SecurityHeaders, security_headers
from tcg.web.hosts import TEST_HOSTS, OriginCheck
from tcg.web.identity import Identity


@dataclass(frozen=True)
class Exposure:
    """Who may reach the server: the ``Host`` names it answers to (``tcg serve`` derives them
    from its bind address, :func:`tcg.web.hosts.allowed_hosts`; the default suits a test's
    client), the ``--allowed-host`` names a page may also come from, and the access code
    (None: none asked)."""

    hosts: Sequence[str] = TEST_HOSTS
    origins: Sequence[str] = ()
    access_code: str | None = None
    max_body: int = MAX_BODY_BYTES
    #: Seconds a request's body has to arrive whole (:data:`tcg.web.bodylimit.BODY_SECONDS`).
    body_seconds: float = BODY_SECONDS


def secure(app: FastAPI, exposure: Exposure) -> None:
    """Install the middleware of the module docstring on ``app``."""
    app.add_middleware(Identity)
    if exposure.access_code is not None:
        app.add_middleware(AccessCode, code=exposure.access_code)
    app.add_middleware(OriginCheck, named=list(exposure.origins))
    app.add_middleware(BodyLimit, max_bytes=exposure.max_body, body_seconds=exposure.body_seconds)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(exposure.hosts), www_redirect=False)
    app.add_middleware(SecurityHeaders)
    app.add_exception_handler(Exception, error_response)


async def error_response(request: Request, exc: Exception) -> Response:
    """A 500, with the security headers (the traceback goes to the log, never to the client)."""
    return PlainTextResponse("Internal Server Error", status_code=500,
                             headers=security_headers(request.headers.get("host")))
