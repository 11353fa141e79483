"""``tcg report RESULTS...``: the statistics of results files as tables, JSON and one HTML file.

The numbers come from :mod:`tcg.sim.stats`, the tables and the HTML from :mod:`tcg.sim.report`;
this module reads the files, checks the options and writes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from tcg.cli.cards_cmd import fail
from tcg.sim.report import html_report, json_ready, rich_table, sections, title_of
from tcg.sim.results import ResultsError, Row, read_results
from tcg.sim.stats import DEFAULT_MIN_GAMES, report_stats

out = Console(highlight=False)


def read_all(paths: list[Path]) -> list[Row]:
    """The rows of every file, in the order given; a bad file or no games at all is an error."""
    rows: list[Row] = []
    try:
        for path in paths:
            rows.extend(read_results(path))
    except ResultsError as exc:
        raise fail(str(exc)) from None
    if not rows:
        raise fail(f"no games in {', '.join(map(str, paths))}: nothing to report")
    return rows


def write_text(path: Path, text: str) -> None:
    """Write a report file; a directory that cannot be written is an error, not a traceback."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"{path}: cannot write ({exc.strerror or exc})") from None
    out.print(f"wrote {path}")


def report(
    results: Annotated[list[Path], typer.Argument(
        help="Results files written by tcg simulate --out or tcg tournament (.parquet or .csv); "
             "several are read as one.", show_default=False)],
    top: Annotated[int, typer.Option("--top", "-t", min=1, help="How many cards to list, by lift.")] = 15,
    min_games: Annotated[int, typer.Option(
        "--min-games", "-m", min=1, help="A card needs at least this many games played (and as many not "
                                         "played) to get a lift.")] = DEFAULT_MIN_GAMES,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write the statistics as JSON here.")] = None,
    html_file: Annotated[Path | None, typer.Option(
        "--html", help="Write a self-contained HTML report (tables and plots, no external URL) here.")] = None,
    title: Annotated[str | None, typer.Option(help="Title of the HTML report (default: game and games).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print no tables, only write the files.")] = False,
) -> None:
    """Summarise results files: win rates with Wilson 95% intervals, first-player advantage, game
    length, the matchup matrix, per-card win rate when played, per-player means."""
    rows = read_all(results)
    stats = report_stats(rows, min_games)
    if not quiet:
        out.rule(f"[bold]{title_of(stats)}")
        for section in sections(stats, top):
            out.print(rich_table(section))
    if json_file:
        write_text(json_file, json.dumps(json_ready(stats), indent=2, ensure_ascii=False) + "\n")
    if html_file:
        write_text(html_file, html_report(stats, top, title))
    if stats["run"]["errors"]:
        out.print(f"[yellow]{stats['run']['errors']} game(s) raised an error and are left out of the rates")
