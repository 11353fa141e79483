"""``tcg puzzle list / play / solve``: tactical positions with a goal (tcg/sim/puzzles.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from tcg.agents.base import make_agent
from tcg.agents.levels import levels_help
from tcg.core.errors import TcgError
from tcg.core.registry import game_names
from tcg.sim.puzzles import Puzzle, agent_chooser, attempt, goal_text, judge, load_puzzles, solution_chooser
from tcg.sim.puzzles import numbered as numbered_puzzles

app = typer.Typer(help="Puzzles: positions with a goal (win this turn, survive the attack, the right "
                       "target...). See docs/agents.md.", no_args_is_help=True)
out = Console(highlight=False, soft_wrap=True)


@app.callback()
def _group() -> None:
    """Puzzles: positions with a goal. ``list`` them, ``play`` one, or ``solve`` them with agents."""


def numbered(game: str | None, root: Path | None = None) -> list[tuple[str, Puzzle]]:
    """Every puzzle (of ``game``, else of every game) with its id, ``GAME/N``."""
    return numbered_puzzles([game] if game else game_names(), root)


def find(which: str) -> Puzzle:
    """A puzzle by id (``duel_masters/3``) or by file (its first puzzle, or ``FILE:N``)."""
    path, _, n = which.rpartition(":") if ":" in which and not which.endswith(".yaml") else (which, "", "")
    if path.endswith(".yaml") or Path(path).is_file():
        found = load_puzzles(Path(path))
        k = int(n) if n.isdigit() else 1
        if not 1 <= k <= len(found):
            raise TcgError(f"{path} holds {len(found)} puzzle(s); no puzzle {k}")
        return found[k - 1]
    game = which.split("/")[0]
    if game not in game_names():
        raise TcgError(f"no puzzle {which!r}: give GAME/N (tcg puzzle list) or a puzzle file")
    for pid, p in numbered(game):
        if pid == which:
            return p
    raise TcgError(f"no puzzle {which!r}; `tcg puzzle list --game {game}` lists them")


@app.command("list")
def list_(game: Annotated[str | None, typer.Option("--game", help="Only this game's puzzles.")] = None) -> None:
    """List the puzzles: id, goal and name."""
    if game is not None and game not in game_names():
        out.print(f"[red]error:[/red] unknown game {game!r}; games: {', '.join(game_names())}")
        raise typer.Exit(2)
    table = Table("id", "goal", "puzzle")
    try:
        rows = numbered(game)
    except TcgError as exc:
        out.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2) from None
    for pid, p in rows:
        table.add_row(pid, goal_text(p), escape(p.name))
    out.print(table)
    out.print(f"{len(rows)} puzzles; play one with `tcg puzzle play ID`")


@app.command("play")
def play(
    which: Annotated[str, typer.Argument(help="The puzzle: GAME/N from `tcg puzzle list`, or a puzzle file.")],
    agent: Annotated[str | None, typer.Option("--agent", help="Let an agent try it instead of you: a level - "
                                              + levels_help() + " - or an agent's spec.")] = None,
    hint: Annotated[bool, typer.Option("--hint", help="Show the puzzle's hint first.")] = False,
    solution: Annotated[bool, typer.Option("--solution", help="Play the puzzle's solution and show it.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of the board and texts.")] = "en",
) -> None:
    """Play a puzzle in the terminal (or watch an agent or the solution play it)."""
    try:
        p = find(which)  # loading checks the file; the position is built when played
        if agent is not None:
            make_agent(agent, 0)
    except TcgError as exc:
        out.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2) from None
    out.rule(f"[bold]{escape(p.name)}[/bold]")
    out.print(f"Goal: {goal_text(p)} (you are player {p.solver}; the opponent is the {p.opponent} agent)")
    if hint and p.hint:
        out.print(f"Hint: {escape(p.hint)}")
    if agent is not None or solution:
        try:
            result = attempt(p, solution_chooser(p) if solution else agent_chooser(p, str(agent)))
        except TcgError as exc:  # a puzzle file whose position or solution does not hold
            out.print(f"[red]error:[/red] {escape(str(exc))}")
            raise typer.Exit(2) from None
        for move in result.moves:
            out.print(f"  {escape(move)}")
        out.print(f"[bold]{'solved' if result.solved else 'not solved'}[/bold]: {escape(result.reason)}")
        raise typer.Exit(0 if result.solved else 1)
    _interactive(p, lang)


def _interactive(p: Puzzle, lang: str) -> None:
    from tcg.cli.play_cmd import Session

    try:
        runner = p.runner()
    except TcgError as exc:
        out.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2) from None
    state, start = runner.state, runner.state.turn
    session = Session(state, p.solver, make_agent(p.opponent, 0), ["puzzle", "puzzle"], lang)
    verdict: list[tuple[bool, str]] = []

    def until() -> bool:
        v = judge(p, runner, start)
        if v is not None:
            verdict.append(v)
        return v is not None

    session.until = until
    session.run()
    v = verdict[-1] if verdict else judge(p, runner, start)
    if v is None:
        out.print("Puzzle left.")
        raise typer.Exit(1)
    out.print(f"[bold]{'Solved!' if v[0] else 'Not solved'}[/bold] ({escape(v[1])})"
              + ("" if v[0] or not p.hint else f" - hint: {escape(p.hint)}"))
    raise typer.Exit(0 if v[0] else 1)


@app.command("solve")
def solve(
    agent: Annotated[list[str], typer.Option("--agent", help="An agent or level to try every puzzle (repeatable).")],
    game: Annotated[str | None, typer.Option("--game", help="Only this game's puzzles.")] = None,
    each: Annotated[bool, typer.Option("--each", help="One row per puzzle (solved or not, and why) "
                                       "instead of the rate per game.")] = False,
) -> None:
    """Each agent's solve rate, per game: the table of docs/agents.md (progress on stderr)."""
    try:
        for spec in agent:
            make_agent(spec, 0)
        if game is not None and game not in game_names():
            raise TcgError(f"unknown game {game!r}; games: {', '.join(game_names())}")
        puzzles = numbered(game)
    except TcgError as exc:
        out.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2) from None
    results: dict[tuple[str, str], tuple[bool, str]] = {}
    try:
        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("solving", total=len(puzzles) * len(agent))
            for spec in agent:
                for pid, p in puzzles:
                    bar.update(task, description=f"{spec} on {pid}")
                    tried = attempt(p, agent_chooser(p, spec))
                    results[pid, spec] = (tried.solved, tried.reason)
                    bar.advance(task)
    except TcgError as exc:
        out.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2) from None
    out.print(_each_table(puzzles, agent, results) if each else _rate_table(puzzles, agent, results))


def _rate_table(puzzles: list[tuple[str, Puzzle]], agents: list[str],
                results: dict[tuple[str, str], tuple[bool, str]]) -> Table:
    table = Table("game", *agents)
    for g in dict.fromkeys(pid.split("/")[0] for pid, _ in puzzles):
        ids = [pid for pid, _ in puzzles if pid.split("/")[0] == g]
        cells = []
        for spec in agents:
            solved = sum(results[pid, spec][0] for pid in ids)
            cells.append(f"{solved}/{len(ids)} ({100 * solved / len(ids):.0f}%)")
        table.add_row(g, *cells)
    return table


def _each_table(puzzles: list[tuple[str, Puzzle]], agents: list[str],
                results: dict[tuple[str, str], tuple[bool, str]]) -> Table:
    table = Table("id")
    table.add_column("puzzle", max_width=48, no_wrap=True, overflow="ellipsis")
    for spec in agents:
        table.add_column(spec)
    for pid, p in puzzles:
        cells = [("✓ " if results[pid, spec][0] else "✗ ") + escape(results[pid, spec][1]) for spec in agents]
        table.add_row(pid, escape(p.name), *cells)
    return table
