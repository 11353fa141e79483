"""``tcg serve``: the browser client (tcg/web) on this machine, with uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from tcg.web.limits import RATE_PER_SECOND, WS_MAX_BYTES

out = Console(highlight=False)


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (default: this machine only).")
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", min=0, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[Path, typer.Option("--db", help="SQLite file of finished games and of those in progress "
                                               "(created if missing; a game in progress there is resumed).")
                  ] = Path("tcg-games.sqlite3"),
    rate: Annotated[float, typer.Option("--rate", min=0.1, help="Messages per second one connection may send "
                                        "(a bucket of as many); more get a 'rate' error.")] = RATE_PER_SECOND,
) -> None:
    """Play in the browser: a lobby, games against an agent or another person, stored replays."""
    import uvicorn

    from tcg.web.app import create_app

    app = create_app(db, rate=rate)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    out.print(f"[bold]tcg-engine[/bold] is serving at [link]http://{shown}:{port}/[/link] "
              f"(finished games in {db}); press Ctrl+C to stop")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=WS_MAX_BYTES)
