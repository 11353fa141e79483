"""``tcg serve``: the browser client (tcg/web) on this machine, with uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from tcg.web.limits import RATE_PER_SECOND, Caps

out = Console(highlight=False)


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (default: this machine only).")
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", min=0, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[Path, typer.Option("--db", help="SQLite file of finished games and of those in progress "
                                               "(created if missing; a game in progress there is resumed).")
                  ] = Path("tcg-games.sqlite3"),
    rate: Annotated[float, typer.Option("--rate", min=0.1, help="Messages per second one client may send across "
                                        "its connections (a bucket of as many); more get a 'rate' error.")
                    ] = RATE_PER_SECOND,
    rooms_per_client: Annotated[int, typer.Option("--rooms-per-client", min=1, help="Games in progress one client "
                                                  "(address) may hold; raise it if many people share one address.")
                                ] = Caps.rooms_per_client,
    connections_per_client: Annotated[int, typer.Option("--connections-per-client", min=2,
                                                        help="WebSocket connections one client (address) may hold.")
                                      ] = Caps.connections_per_client,
) -> None:
    """Play in the browser: a lobby, games against an agent or another person, stored replays."""
    import uvicorn

    from tcg.web.app import create_app

    caps = Caps(rate=rate, rooms_per_client=rooms_per_client, connections_per_client=connections_per_client)
    app = create_app(db, caps=caps)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    out.print(f"[bold]tcg-engine[/bold] is serving at [link]http://{shown}:{port}/[/link] "
              f"(finished games in {db}); press Ctrl+C to stop")
    uvicorn.run(app, host=host, port=port, **uvicorn_settings(caps))


def uvicorn_settings(caps: Caps) -> dict[str, Any]:
    """uvicorn's settings (docs/reliability.md, "Caps"): a time limit on a request's head, TCP
    connections per client and in total, a log an attack cannot flood (:mod:`tcg.web.serving`),
    limit_concurrency, keep-alive and head-size limits, the largest WebSocket frame."""
    from tcg.web.serving import TCP_PER_CLIENT
    from tcg.web.serving import uvicorn_settings as settings

    return settings(per_client=max(TCP_PER_CLIENT, caps.connections_per_client + 16))
