"""Which names the server answers to (the ``Host`` header) and which pages may open its
WebSocket (the ``Origin`` header), from the address it listens on.

Why both: a page on another site cannot read the server's answers (the same-origin policy),
but it can make the browser send requests -- and a WebSocket is not covered by that policy, so
without an ``Origin`` check any site the player visits could watch or play their games. And a
site whose name the attacker controls can be made to resolve to 127.0.0.1 (DNS rebinding): then
it *is* the same origin, and only the ``Host`` header tells the server it was not asked by its
own name. So requests must name an allowed host (Starlette's ``TrustedHostMiddleware``), and a
WebSocket's ``Origin`` must be the host it asked (or one named with ``--allowed-host``). A
WebSocket without ``Origin`` is a program, not a page (browsers always send it): allowed, as it
could forge any header anyway. docs/architecture.md ("Who can reach the server").
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

#: The names of this machine from itself.
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
#: The hosts a test's client uses (Starlette's TestClient says ``testserver``): create_app's
#: default; ``tcg serve`` always passes the list its bind address gives.
TEST_HOSTS = (*LOOPBACK, "testserver")
#: The WebSocket close code of a refused origin (a policy violation; before the handshake ends
#: uvicorn answers it with HTTP 403).
REFUSED_ORIGIN = 1008


def host_name(address: str) -> str:
    """An address as a Host header names it: IPv6 in brackets."""
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(address).version == 6:
            return f"[{address}]"
    return address


def normal(name: str) -> str:
    """A host name as the Host header writes it, lower case (``--allowed-host ::1`` is ``[::1]``)."""
    return host_name(name.strip("[]").lower())


def is_public(bind: str) -> bool:
    """Whether listening on ``bind`` lets other machines connect (anything but loopback)."""
    if bind == "localhost":
        return False
    try:
        return not ipaddress.ip_address(bind.strip("[]")).is_loopback
    except ValueError:
        return True  # a name: whatever it resolves to


def is_wildcard(bind: str) -> bool:
    return bind in ("0.0.0.0", "::", "[::]", "")


def allowed_hosts(bind: str, extra: Iterable[str] = ()) -> list[str]:
    """The Host names a server listening on ``bind`` answers to: loopback's names for a
    loopback address, every interface's address (and the machine's name) for a wildcard, the
    address itself otherwise; then ``extra`` (``--allowed-host``)."""
    if not is_public(bind):
        names = list(LOOPBACK)
    elif is_wildcard(bind):
        names = [*LOOPBACK, socket.gethostname(), *(host_name(a) for a in interface_addresses(ipv6=bind != "0.0.0.0"))]
    else:
        names = [host_name(bind.strip("[]"))]
    names += [normal(name) for name in extra]
    return list(dict.fromkeys(names))


def interface_addresses(ipv6: bool = True) -> list[str]:
    """Every address of this machine's interfaces (loopback's too): psutil's list if it is
    installed, else the kernel's (Linux), else the addresses the machine's name resolves to."""
    try:
        import psutil  # optional: not a dependency of the project
    except ImportError:
        found = _linux_addresses(ipv6) if sys.platform.startswith("linux") else []
        if not found:
            with contextlib.suppress(OSError):
                found = [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)]
    else:
        found = [a.address.split("%")[0] for addrs in psutil.net_if_addrs().values() for a in addrs
                 if a.family in (socket.AF_INET, socket.AF_INET6)]
    return list(dict.fromkeys(a for a in found if ipv6 or ":" not in a))


def _linux_addresses(ipv6: bool) -> list[str]:
    """IPv4 addresses by the ``SIOCGIFADDR`` ioctl per interface, IPv6 from /proc/net/if_inet6
    (link-local ones aside: a browser cannot use them without a zone)."""
    import fcntl

    out: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
                out.append(socket.inet_ntoa(packed[20:24]))
    if ipv6:
        with contextlib.suppress(OSError):
            for line in Path("/proc/net/if_inet6").read_text().splitlines():
                address = ipaddress.IPv6Address(bytes.fromhex(line.split()[0]))
                if not address.is_link_local:
                    out.append(str(address))
    return out


def origin_allowed(origin: str | None, host: str | None, named: Sequence[str]) -> bool:
    """Whether a WebSocket whose page is ``origin`` may connect to ``host``: no Origin (not a
    page), the same host and port, or a host named with ``--allowed-host``."""
    if origin is None:
        return True
    try:
        parts = urlsplit(origin)
        hostname = parts.hostname
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or hostname is None:
        return False
    return (host is not None and parts.netloc.lower() == host.lower()) or host_name(hostname) in named


class OriginCheck:
    """Refuses a WebSocket whose ``Origin`` is not allowed (:func:`origin_allowed`) before the
    handshake ends; ``named``: the ``--allowed-host`` names."""

    def __init__(self, app: ASGIApp, named: Sequence[str] = ()) -> None:
        self.app = app
        self.named = [normal(name) for name in named]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            headers = {k: v.decode("latin-1") for k, v in scope["headers"] if k in (b"origin", b"host")}
            if not origin_allowed(headers.get(b"origin"), headers.get(b"host"), self.named):
                await send({"type": "websocket.close", "code": REFUSED_ORIGIN,
                            "reason": "this page's origin may not open the game's WebSocket"})
                return
        await self.app(scope, receive, send)


def serving_urls(bind: str, port: int) -> list[str]:
    """The addresses a browser can use for a server listening on ``bind``: localhost for
    loopback, every interface's address for a wildcard, the address (or name) itself otherwise."""
    if not is_public(bind):
        return [f"http://localhost:{port}/"]
    found = interface_addresses(ipv6=bind != "0.0.0.0") if is_wildcard(bind) else [bind.strip("[]")]
    return [f"http://{host_name(a)}:{port}/" for a in found] or [f"http://{host_name(bind)}:{port}/"]
