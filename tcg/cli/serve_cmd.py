"""``tcg serve``: the browser client (tcg/web) on this machine, with uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from tcg.web.flow import PACE_SECONDS
from tcg.web.limits import RATE_PER_SECOND, Caps

out = Console(highlight=False)


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (default: this machine only; "
                                                     "0.0.0.0: every interface, reachable by others).")
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", min=0, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[Path, typer.Option("--db", help="SQLite file of finished games and of those in progress "
                                               "(created if missing; a game in progress there is resumed).")
                  ] = Path("tcg-games.sqlite3"),
    rate: Annotated[float, typer.Option("--rate", min=0.1, help="Messages per second one client may send across "
                                        "its connections (a bucket of as many); more get a 'rate' error.")
                    ] = RATE_PER_SECOND,
    allowed_host: Annotated[list[str] | None, typer.Option(
        "--allowed-host", help="Another name browsers use for this server (a DNS name, a proxy's); repeatable. "
                               "Requests naming any other host are refused.")] = None,
    access_code: Annotated[str | None, typer.Option(
        "--access-code", help="A code a visitor enters once to use the lobby, the deck builder and the replays "
                              "and to watch games; an invite link lets a friend into their seat without it.")
                           ] = None,
    rooms_per_client: Annotated[int, typer.Option("--rooms-per-client", min=1, help="Games in progress one client "
                                                  "(address) may hold; raise it if many people share one address.")
                                ] = Caps.rooms_per_client,
    connections_per_client: Annotated[int, typer.Option("--connections-per-client", min=2,
                                                        help="WebSocket connections one client (address) may hold.")
                                      ] = Caps.connections_per_client,
    pace: Annotated[float, typer.Option("--pace", min=0.0, max=5.0, help="Seconds between two actions of an agent, "
                                        "so that each is seen (0: at once).")] = PACE_SECONDS,
) -> None:
    """Play in the browser: a lobby, games against an agent or another person, stored replays."""
    import uvicorn

    from tcg.web.app import create_app
    from tcg.web.hosts import allowed_hosts, is_public, serving_urls
    from tcg.web.security import Exposure

    if access_code is not None and not access_code.strip():
        raise typer.BadParameter("the access code cannot be empty", param_hint="--access-code")
    extra = allowed_host or []
    caps = Caps(rate=rate, rooms_per_client=rooms_per_client, connections_per_client=connections_per_client)
    app = create_app(db, exposure=Exposure(allowed_hosts(host, extra), extra, access_code), caps=caps, pace=pace)
    urls = serving_urls(host, port)
    out.print(f"[bold]tcg-engine[/bold] is serving at {', '.join(f'[link]{u}[/link]' for u in urls)} "
              f"(finished games in {db}); press Ctrl+C to stop")
    if is_public(host):
        out.print(f"[bold yellow]Warning:[/bold yellow] listening on {host}: anyone who can reach "
                  f"{'these addresses' if len(urls) > 1 else 'this address'} can use this server "
                  + ("if they have the access code." if access_code else
                     "(start games, watch them, save decks). Add --access-code CODE to ask visitors for a code."))
    uvicorn.run(app, host=host, port=port, **uvicorn_settings(caps))


def uvicorn_settings(caps: Caps) -> dict[str, Any]:
    """uvicorn's settings (docs/reliability.md, "Caps"): a time limit on a request's head, TCP
    connections per client and in total, a log an attack cannot flood (:mod:`tcg.web.serving`),
    limit_concurrency, keep-alive and head-size limits, the largest WebSocket frame."""
    from tcg.web.serving import TCP_PER_CLIENT
    from tcg.web.serving import uvicorn_settings as settings

    return settings(per_client=max(TCP_PER_CLIENT, caps.connections_per_client + 16))
