"""``tcg replay FILE``: re-play a saved game, re-validating every action, and print it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from tcg.cli import render
from tcg.core.errors import DataError, IllegalActionError, TcgError
from tcg.sim.loop import end_reason
from tcg.sim.replay import Replay, initial_state, steps

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def replay(
    file: Annotated[Path, typer.Argument(help="A replay file written by tcg simulate --replay-dir.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only print the result.")] = False,
) -> None:
    """Re-play a replay file action by action (each re-checked by the rules) and print the result."""
    try:
        rep = Replay.load(file)
        state = initial_state(rep)
        if not quiet:
            out.rule(f"[bold]{escape(rep.game)}: seed {rep.seed}, {len(rep.actions)} actions")
            render.print_step(out, None, None, state.events, state.name_of)
        for _, player, action, events in steps(rep, state):
            if not quiet:
                render.print_step(out, player, action, events, state.name_of)
    except IllegalActionError as exc:
        err.print(f"[red]error:[/red] {escape(str(file))}: {escape(exc.message)} [{escape(exc.rule)}]")
        raise typer.Exit(1) from None
    except DataError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc) if exc.source else f'{file}: {exc}')}")
        raise typer.Exit(1) from None
    except TcgError as exc:
        err.print(f"[red]error:[/red] {escape(str(file))}: {escape(str(exc))}")
        raise typer.Exit(1) from None
    reason = end_reason(state) if state.game_over else "not finished"
    out.print(f"[bold]{render.result_line(state.winner, reason, state.turn, len(rep.actions))}")
    recorded = (rep.result or {}).get("winner", state.winner)
    if rep.result is not None and recorded != state.winner:
        err.print(f"[yellow]warning: the file records winner {recorded!r}, the re-play gives {state.winner!r}")

