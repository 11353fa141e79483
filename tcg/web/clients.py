"""Who a request comes from, for the limits kept per client (rooms, connections, searches, rate).

Why the address and not a cookie: an anonymous client can drop a cookie at will, not the address
its packets come from. Behind a reverse proxy every client shares the proxy's address: run
uvicorn with ``--proxy-headers`` / ``forwarded_allow_ips`` there, and the address is the
forwarded one (docs/reliability.md, "Caps").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The key of a request whose address the server was not told (an in-process test client).
UNKNOWN = "unknown"


def client_of(scope: Mapping[str, Any]) -> str:
    """The client key of an ASGI scope (an HTTP request's or a WebSocket's): its address."""
    client = scope.get("client")
    if not client:
        return UNKNOWN
    return str(client[0])
