"""``tcg tournament``: a round robin of decks, its rows in one results file, its matchup matrix.

The games run as ``tcg simulate`` runs them (:mod:`tcg.sim.runner`, any backend); the tables
are ``tcg report``'s (:mod:`tcg.sim.report`), so a tournament's file reads the same later.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from tcg.cli.simulate_cmd import (
    EXIT_INTERRUPTED,
    AddressOpt,
    BackendOpt,
    ChunkOpt,
    GameOpt,
    JobsOpt,
    MaxActionsOpt,
    OptionOpt,
    RateColumn,
    check_agents,
    err,
    fail,
    out,
)
from tcg.core import registry
from tcg.core.errors import TcgError
from tcg.core.options import parse_option_args
from tcg.sim.backends import BACKENDS
from tcg.sim.loop import DEFAULT_MAX_ACTIONS
from tcg.sim.report import deck_section, html_report, matchup_section, rich_table
from tcg.sim.results import ResultsError, results_format, write_results
from tcg.sim.stats import DEFAULT_MIN_GAMES, report_stats
from tcg.sim.tournament import Tournament, TournamentResult, entrants, play


def tournament(
    game: GameOpt = "duel_masters",
    decks: Annotated[str, typer.Option(
        "--decks", "-d", help="A folder of deck files (*.txt, as tcg deck check reads them), or 'starters' "
                              "for the game's starter decks.")] = "starters",
    games_per_pair: Annotated[int, typer.Option("--games-per-pair", "-n", min=1,
                                                help="Games each pair of decks plays.")] = 20,
    agents: Annotated[tuple[str, str], typer.Option(
        "--agents", "-a", help="Agent of seat 0 and seat 1 in every game (random, rule, ismcts:iterations=N ...).")
    ] = ("rule", "rule"),
    seed: Annotated[int, typer.Option("--seed", "-s", help="The tournament's seed (each pair's master seed is "
                                                           "derived from it and the pair's number).")] = 1,
    jobs: JobsOpt = 1, backend: BackendOpt = "local", address: AddressOpt = None, chunk_size: ChunkOpt = None,
    option: OptionOpt = None,
    out_path: Annotated[Path | None, typer.Option(
        "--out", help="Write every game's row here (.parquet or .csv), for tcg report.")] = None,
    html_file: Annotated[Path | None, typer.Option("--html", help="Also write tcg report's HTML here.")] = None,
    max_actions: MaxActionsOpt = DEFAULT_MAX_ACTIONS,
) -> None:
    """Play a round robin: every pair of decks plays --games-per-pair games; print the matchup
    matrix (row deck's win rate against the column deck, with 95% intervals) and each deck's
    win rate.

    Exit codes: 0 every game played; 1 a game raised (its row says so) or the input was bad;
    2 a usage error; 130 interrupted (the finished games are written to --out)."""
    t = setup(game, decks, check_agents(list(agents)), games_per_pair, seed, option, max_actions)
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}", 2)
    for path in (out_path,):
        try:
            if path:
                results_format(path)
        except ResultsError as exc:
            raise fail(str(exc), 2) from None
    pairs = len(t.pairs())
    out.print(f"{len(t.decks)} decks, {pairs} pairs, {games_per_pair} games each: "
              + ", ".join(escape(e.label) for e in t.decks))
    t0 = time.perf_counter()
    try:
        result = run_with_bar(t, pairs, backend, jobs, address, chunk_size)
    except TcgError as exc:
        raise fail(str(exc)) from None
    seconds = time.perf_counter() - t0
    finish(result, seconds, out_path, html_file)


def setup(game: str, decks: str, agents: list[str], games_per_pair: int, seed: int,
          option: list[str] | None, max_actions: int) -> Tournament:
    if game not in registry.game_names():
        raise fail(f"unknown game {game!r}; known games: {', '.join(registry.game_names())}", 2)
    try:
        g = registry.load_game(game)
        found = entrants(g, decks)
        options = g.resolve_options(parse_option_args(option or []))
    except TcgError as exc:
        raise fail(str(exc)) from None
    return Tournament(g.name, found, (agents[0], agents[1]), games_per_pair, seed, options,
                      None if max_actions == DEFAULT_MAX_ACTIONS else max_actions)


def run_with_bar(t: Tournament, pairs: int, backend: str, jobs: int, address: str | None,
                 chunk_size: int | None) -> TournamentResult:
    """All pairs under one bar (games done, games/s, ETA)."""
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
               RateColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
    with Progress(*columns, console=out, transient=False) as progress:
        task = progress.add_task(f"{pairs} pairs", total=pairs * t.games_per_pair)
        return play(t, backend, jobs, address, chunk_size, progress=lambda n: progress.advance(task, n))


def finish(result: TournamentResult, seconds: float, out_path: Path | None, html_file: Path | None) -> None:
    """The matrix and the deck table; the files; the exit code."""
    if result.rows:
        stats = report_stats(result.rows, DEFAULT_MIN_GAMES)
        out.print(rich_table(matchup_section(stats)))
        out.print(rich_table(deck_section(stats)))
        out.print(f"{result.played} games in {seconds:.1f} s ({result.played / seconds if seconds > 0 else 0:.0f} "
                  "games/s)")
        if html_file:
            html_file.parent.mkdir(parents=True, exist_ok=True)
            html_file.write_text(html_report(stats, 15), encoding="utf-8")
            out.print(f"wrote {html_file}")
    if out_path:
        write_results(out_path, result.rows)
        out.print(f"wrote {len(result.rows)} rows to {out_path}")
    errors = sum(1 for r in result.rows if r["outcome"] == "error")
    if errors:
        err.print(f"[red]{errors} game{'s' if errors > 1 else ''} failed[/red] (outcome error in the rows)")
    if result.interrupted:
        why = f"stopped: {escape(result.failure)}" if result.failure else "interrupted"
        err.print(f"{why}: {len(result.rows)} games finished" + (f", written to {out_path}" if out_path else ""))
        raise typer.Exit(1 if result.failure else EXIT_INTERRUPTED)
    if errors:
        raise typer.Exit(1)
