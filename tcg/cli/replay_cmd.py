"""``tcg replay FILE``: re-play a saved game, re-validating every action, and print it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from tcg.cli.render import Words, lang_of
from tcg.core.errors import DataError, IllegalActionError, TcgError
from tcg.core.state import State
from tcg.sim.loop import end_reason
from tcg.sim.replay import Replay, concede_at_end, initial_state, steps

out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # a path in a message stays whole


def replay(
    file: Annotated[Path, typer.Argument(help="A replay file written by tcg simulate --replay-dir.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only print the result.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of the play-by-play: en, it (pl: Duel Masters).")
                    ] = "en",
    everything: Annotated[bool, typer.Option("--all", help="Every event, bookkeeping included.")] = False,
) -> None:
    """Re-play a replay file action by action (each re-checked by the rules) and print it."""
    try:
        rep = Replay.load(file)
        state = initial_state(rep)
        words = Words(state, lang_of(state, lang))
        if not quiet:
            out.rule(f"[bold]{escape(state.GAME.title)}: seed {rep.seed}, {len(rep.actions)} actions")
            words.print_step(out, None, None, state.events, everything)
        for _, player, action, events in steps(rep, state):
            if not quiet:
                words.print_step(out, player, action, events, everything)
        conceded = concede_at_end(rep, state)
        if not quiet:
            words.print_step(out, None, None, conceded, everything)
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
    out.print(f"[bold]{words.result_line(state.winner, end_reason(state), state.turn, len(rep.actions))}")
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
