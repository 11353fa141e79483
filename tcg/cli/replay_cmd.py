"""``tcg replay FILE``: re-play a saved game, re-validating every action, and print it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from tcg.cli import render
from tcg.core.errors import DataError, IllegalActionError, TcgError
from tcg.core.state import State
from tcg.sim.loop import end_reason
from tcg.sim.replay import Replay, initial_state, steps

out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # a path in a message stays whole


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
                render.print_step(out, player, action, events, state.name_of, card_fields=state.GAME.card_fields)
    except IllegalActionError as exc:
        err.print(f"[red]error:[/red] {escape(str(file))}: {escape(exc.message)} [{escape(exc.rule)}]")
        raise typer.Exit(1) from None
    except DataError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc) if exc.source else f'{file}: {exc}')}")
        raise typer.Exit(1) from None
    except TcgError as exc:
        err.print(f"[red]error:[/red] {escape(str(file))}: {escape(str(exc))}")
        raise typer.Exit(1) from None
    if not state.game_over:
        raise _cut_short(file, rep, state)
    out.print(f"[bold]{render.result_line(state.winner, end_reason(state), state.turn, len(rep.actions))}")
    recorded = (rep.result or {}).get("winner", state.winner)
    if rep.result is not None and recorded != state.winner:
        err.print(f"[yellow]warning: the file records winner {recorded!r}, the re-play gives {state.winner!r}")



def _cut_short(file: Path, rep: Replay, state: State) -> typer.Exit:
    """The replay's actions end before the game does: say how far it got, and why (exit 1)."""
    dec = state.decision
    waiting = f"player {dec.player} to decide ({dec.kind})" if dec is not None else "no decision"
    result = rep.result or {}
    if result.get("winner") is not None:
        why = f"the file records winner {result['winner']!r}: its actions were cut short"
    elif result.get("reason") == "max_actions":
        why = "the recorded game itself was stopped unfinished (max actions)"
    else:
        why = "the file records no result"
    err.print(f"[red]error:[/red] {escape(str(file))}: the replay ends before the game is over, after "
              f"{len(rep.actions)} actions in turn {state.turn} with {waiting}; {escape(why)}")
    return typer.Exit(1)
