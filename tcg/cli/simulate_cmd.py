"""``tcg simulate`` (batches of AI-vs-AI games with statistics) and ``tcg demo``.

Both drive :mod:`tcg.sim`; this module only parses options, shows progress and prints.
"""

from __future__ import annotations

import itertools
import json
import os
import shlex
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand

from tcg.agents.base import agent_names, make_agent
from tcg.cli.render import Words, lang_of
from tcg.core import registry
from tcg.core.decklist import DeckList
from tcg.core.errors import DataError, TcgError
from tcg.core.game import Game
from tcg.core.options import parse_option_args
from tcg.deckio import open_deck
from tcg.sim.backends import BACKENDS
from tcg.sim.loop import DEFAULT_MAX_ACTIONS, play_game
from tcg.sim.results import ResultsError, Row, results_format, write_results
from tcg.sim.runner import RunPlan, RunResult, resume_rows, run
from tcg.sim.summary import summarize_rows
from tcg.sim.work import WorkSpec

out = Console(highlight=False, soft_wrap=True)  # a path in a line stays whole (the terminal wraps it)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # a path in a message stays whole

GameOpt = Annotated[str, typer.Option("--game", "-g", help="The game to play (e.g. duel_masters).")]
SeedOpt = Annotated[int, typer.Option("--seed", "-s", help="Seed of the shown game and the batch's master seed.")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="A game variant, NAME=VALUE (repeatable).")]


def fail(message: str, code: int = 1) -> typer.Exit:
    err.print(f"[red]error:[/red] {escape(message)}")
    return typer.Exit(code)


def load_setup(game_name: str, deck_args: list[str] | None, option_args: list[str] | None
               ) -> tuple[Game, list[DeckList], list[str], dict[str, str]]:
    """The game, two checked decks (default: its first two starter decks), their labels, options."""
    if game_name not in registry.game_names():
        raise fail(f"unknown game {game_name!r}; known games: {', '.join(registry.game_names())}", 2)
    try:
        game = registry.load_game(game_name)
        if not deck_args:
            starters = list(game.starter_decks())
            if not starters:
                raise fail(f"{game_name} has no starter decks; give --decks A B")
            deck_args = (starters * 2)[:2]
        if len(deck_args) != 2:
            raise fail(f"give two decks, got {len(deck_args)}", 2)
        decks = [open_deck(game, d) for d in deck_args]  # a file in any format players share
        options = game.resolve_options(parse_option_args(option_args or []))
    except TcgError as exc:
        raise fail(str(exc)) from None
    labels = [Path(d).stem for d in deck_args]
    return game, decks, labels, options


class PairOptionsCommand(TyperCommand):
    """``--agents`` and ``--decks`` take two values each. Click would take the next option as the
    second one (``--agents random --games 2``) or say only "requires 2 arguments": check first
    and say what is expected."""

    PAIRS: tuple[str, ...] = ("--agents", "-a", "--decks", "-d")

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # a click Context (typer vendors click)
        for i, arg in enumerate(args):
            if arg == "--":
                break
            if arg in self.PAIRS:
                given = list(itertools.takewhile(lambda a: not a.startswith("-"), args[i + 1:i + 3]))
                if len(given) < 2:
                    raise typer.BadParameter(_pair_message(arg, " ".join(given) or "nothing"), ctx,
                                             param_hint=f"'{arg}'")
        return super().parse_args(ctx, args)


class AgentPairCommand(PairOptionsCommand):
    """``tcg tournament``: only ``--agents`` takes two values (``--decks`` is one folder)."""

    PAIRS = ("--agents", "-a")


def _pair_message(option: str, shown: str) -> str:
    if option in ("--agents", "-a"):
        return (f"two agents are needed, one per seat (P0 then P1), e.g. --agents random rule; got {shown}. "
                f"Known agents: {', '.join(agent_names())}")
    return f"two decks are needed, one per seat (P0 then P1): starter deck names or files; got {shown}"


def check_agents(names: list[str]) -> list[str]:
    """Every agent spec names a known agent with valid options (``ismcts:iterations=500``)."""
    for n in names:
        try:
            make_agent(n, 0)
        except DataError as exc:
            raise fail(f"{exc.message}; known agents: {', '.join(agent_names())} "
                       "(options: ismcts:iterations=N,seconds=S,rollout=random|type|eager|rule,horizon=N,"
                       "depth=N,exploration=X,prior=W)", 2) from None
    return names


class RateColumn(ProgressColumn):
    """Games per second (over the bar's recent window), for long runs."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f} games/s" if speed else "- games/s", style="progress.data.speed")


def run_with_progress(plan: RunPlan, console: Console) -> RunResult:
    """Run ``plan`` under a progress bar (games done, games/s, elapsed, ETA)."""
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
               RateColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
    jobs = f"{plan.jobs} job{'s' if plan.jobs > 1 else ''}"
    where = "ray" if plan.backend == "ray" else jobs
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(f"{plan.games} games, {where}", total=plan.games, completed=len(plan.previous))
        return run(plan, progress=lambda n: progress.advance(task, n))


def summary_table(summary: dict[str, Any]) -> Table:
    table = Table(title=f"{summary['games']} games")
    for col, justify in (("seat", "left"), ("deck", "left"), ("agent", "left"), ("wins", "right"),
                         ("win rate", "right"), ("95% CI", "right")):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for s in summary["seats"]:
        lo, hi = s["ci95"]
        table.add_row(f"P{s['seat']}", escape(s["deck"]), s["agent"], str(s["wins"]), f"{s['win_rate']:.1%}",
                      f"{lo:.1%} - {hi:.1%}")
    return table


def print_summary(console: Console, summary: dict[str, Any], seconds: float, played: int) -> None:
    """The table and the lines under it; games/s counts the games this command played."""
    console.print(summary_table(summary))
    flo, fhi = summary["first_player_ci95"]
    reasons = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in summary["reasons"].items())
    console.print(f"draws: {summary['draws']}   unfinished: {summary['unfinished']}   errors: {summary['errors']}   "
                  f"endings: {reasons}")
    console.print(f"first player wins: {summary['first_player_win_rate']:.1%} (95% CI {flo:.1%} - {fhi:.1%})")
    console.print("per game: " + "   ".join(f"P{s['seat']} {s['mean_cards_played']:.1f} cards played, "
                                            f"{s['mean_damage_dealt']:.1f} damage dealt" for s in summary["seats"]))
    console.print(f"mean turns: {summary['mean_turns']:.1f}   mean actions: {summary['mean_actions']:.1f}   "
                  f"time: {seconds:.1f} s ({played / seconds if seconds > 0 else 0:.0f} games/s)")


DecksOpt = Annotated[tuple[str, str] | None, typer.Option(
    "--decks", "-d", help="Two decks (starter deck names or files); default: the first two starters.")]
AgentsOpt = Annotated[tuple[str, str], typer.Option(
    "--agents", "-a", help="Agent of each seat: random, random_by_type, rule, or ismcts with options "
                           "(ismcts:iterations=500,rollout=rule).")]
GamesOpt = Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")]
MasterSeedOpt = Annotated[int, typer.Option(
    "--seed", "-s", help="The run's master seed: game i's seed is derived from it and i (docs/simulation.md), "
                         "the same on every backend, chunk size and worker count.")]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes (local) or CPUs of a local "
                                                                  "Ray instance; 1 plays in this process.")]
BackendOpt = Annotated[str, typer.Option("--backend", "-b", help="Where games run: local (processes on this "
                                         "machine) or ray (a Ray cluster; pip install 'tcg-engine\\[ray]').")]
AddressOpt = Annotated[str | None, typer.Option(
    "--address", help="Ray cluster to use: auto or HOST:PORT (default: RAY_ADDRESS, else a local Ray instance).")]
ChunkOpt = Annotated[int | None, typer.Option(
    "--chunk-size", min=1, help="Games per task (default: about 8 chunks per worker, at most 25 games).")]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", help="Write one row per game here (.parquet or .csv; tcg/sim/results.py), rewritten as games finish.")]
ResumeOpt = Annotated[Path | None, typer.Option(
    "--resume", help="Continue the run whose rows are in this file (same game, decks, agents, options, seed, "
                     "games): its games are kept, the rest played, all rows written (to --out, else to it).")]
CsvOpt = Annotated[Path | None, typer.Option("--csv", help="Also write the rows as CSV here.")]
JsonOpt = Annotated[Path | None, typer.Option("--json", help="Write the summary, the run and the rows as JSON here.")]
ReplayDirOpt = Annotated[Path | None, typer.Option(
    "--replay-dir", help="Save every game's replay here (the row's replay column names its file).")]
MaxActionsOpt = Annotated[int, typer.Option(help="Stop a game (unfinished) after this many actions.")]
FailOpt = Annotated[list[int] | None, typer.Option("--fail-game", hidden=True, help="Tests: this game raises.")]
EXIT_INTERRUPTED = 130


def simulate(
    game: GameOpt = "duel_masters", decks: DecksOpt = None, agents: AgentsOpt = ("rule", "rule"),
    games: GamesOpt = 100, seed: MasterSeedOpt = 1, jobs: JobsOpt = 1, backend: BackendOpt = "local",
    address: AddressOpt = None, chunk_size: ChunkOpt = None, option: OptionOpt = None, out_path: OutOpt = None,
    resume: ResumeOpt = None, csv: CsvOpt = None, json_file: JsonOpt = None, replay_dir: ReplayDirOpt = None,
    max_actions: MaxActionsOpt = DEFAULT_MAX_ACTIONS, fail_game: FailOpt = None,
) -> None:
    """Play many AI-vs-AI games and print win rates with 95% confidence intervals.

    Exit codes: 0 every game played; 1 a game raised (its row has outcome "error", its seed and
    traceback; the others were played), a worker was lost midway (finished games written) or the
    input was bad; 2 a usage error; 130 interrupted
    (Ctrl-C or SIGTERM): the finished games were written and the command to resume is printed.
    """
    g, deck_lists, labels, options = load_setup(game, list(decks) if decks else None, option)
    agent_list = check_agents(list(agents))
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}", 2)
    check_paths(out_path, csv)
    spec = WorkSpec.of(g.name, [d.flat() for d in deck_lists], labels, agent_list, seed, options,
                       max_actions=max_actions, replay_dir=str(replay_dir) if replay_dir else None,
                       fail_games=frozenset(fail_game or ()))
    previous = load_resume(resume, spec, games)
    plan = RunPlan(spec, games, backend, jobs, chunk_size, address, out_path or resume, previous)
    t0 = time.perf_counter()
    try:
        result = run_with_progress(plan, out)
    except TcgError as exc:
        raise fail(str(exc)) from None
    seconds = time.perf_counter() - t0
    summary = summarize_rows(result.rows, labels, agent_list)
    print_summary(out, summary, seconds, result.played)
    meta = {"game": g.name, "decks": labels, "agents": agent_list, "seed": seed, "games": games,
            "options": options, "backend": backend, "jobs": jobs, "seconds": round(seconds, 3)}
    write_extras(result, summary, meta, csv, json_file, replay_dir)
    command = resume_command(g.name, list(decks) if decks else labels, agent_list, games, seed, options,
                             max_actions)
    finish_run(result, plan, [*command, *backend_words(backend, jobs, address, chunk_size)])


def check_paths(out_path: Path | None, csv: Path | None) -> None:
    try:
        if out_path:
            results_format(out_path)
        if csv and results_format(csv) != "csv":
            raise ResultsError(f"{csv}: --csv writes a .csv file")
    except ResultsError as exc:
        raise fail(str(exc), 2) from None


def load_resume(resume: Path | None, spec: WorkSpec, games: int) -> list[Row]:
    if resume is None:
        return []
    try:
        rows = resume_rows(resume, spec, games)
    except ResultsError as exc:
        raise fail(str(exc)) from None
    out.print(f"resuming {resume}: {len(rows)} of {games} games done, {games - len(rows)} to play")
    return rows


def write_extras(result: RunResult, summary: dict[str, Any], meta: dict[str, Any], csv: Path | None,
                 json_file: Path | None, replay_dir: Path | None) -> None:
    if csv:
        write_results(csv, result.rows)
        out.print(f"wrote {csv}")
    if json_file:
        data = {"summary": summary, "run": meta, "games": result.rows}
        json_file.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        out.print(f"wrote {json_file}")
    if replay_dir:
        out.print(f"replays in {replay_dir}")


def finish_run(result: RunResult, plan: RunPlan, command: list[str]) -> None:
    """Say where the rows are, what failed and how to resume; exit with the run's code."""
    target = plan.out
    if result.interrupted and target is None:  # the finished games are kept anyway
        target = Path(f"simulate-{plan.spec.game}-seed-{plan.spec.master_seed}.parquet")
        write_results(target, result.rows)
    if target is not None:
        out.print(f"wrote {len(result.rows)} rows to {target}")
    if result.errors:
        first = next(r for r in result.rows if r["outcome"] == "error")
        last_line = first["error"].strip().splitlines()[-1] if first["error"].strip() else "?"
        err.print(f"[red]{result.errors} game{'s' if result.errors > 1 else ''} failed[/red] (outcome error, "
                  f"traceback in the error column); first: game {first['index']}, seed {first['seed']}: "
                  f"{escape(last_line)}")
    if result.interrupted:
        why = f"[red]stopped:[/red] {escape(result.failure)}" if result.failure else "interrupted"
        err.print(f"{why}: {len(result.rows)} of {plan.games} games finished; resume with:\n"
                  f"  {escape(shlex.join([*command, '--resume', str(target)]))}")
        raise typer.Exit(1 if result.failure else EXIT_INTERRUPTED)
    if result.errors:
        raise typer.Exit(1)


def backend_words(backend: str, jobs: int, address: str | None, chunk_size: int | None) -> list[str]:
    """The options that said where the games ran (a resume may change them: rows do not depend on them)."""
    words = ["--backend", backend] if backend != "local" else []
    words += ["--jobs", str(jobs)] if jobs != 1 else []
    words += ["--address", address] if address else []
    return words + (["--chunk-size", str(chunk_size)] if chunk_size else [])


def resume_command(game: str, decks: list[str], agents: list[str], games: int, seed: int,
                   options: dict[str, str], max_actions: int) -> list[str]:
    """The command that continues this run (what ``--resume`` checks stays the same)."""
    words = ["tcg", "simulate", "--game", game, "--decks", *decks, "--agents", *agents, "--games", str(games),
             "--seed", str(seed)]
    for name, value in sorted(options.items()):
        words += ["--option", f"{name}={value}"]
    if max_actions != DEFAULT_MAX_ACTIONS:
        words += ["--max-actions", str(max_actions)]
    return words


def demo(
    game: GameOpt = "duel_masters",
    games: Annotated[int, typer.Option("--games", "-n", min=0, help="Games to simulate after the shown one.")
                     ] = 200,
    seed: SeedOpt = 1,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: CPUs).")
                    ] = None,
    option: OptionOpt = None,
    lang: Annotated[str, typer.Option("--lang", help="Language of the play-by-play: en, it (pl: Duel Masters).")
                    ] = "en",
) -> None:
    """Show one full rule-agent game play by play, then simulate a batch and print the statistics."""
    g, deck_lists, labels, options = load_setup(game, None, option)
    agents = ["rule", "rule"]
    out.rule(f"[bold]{g.title}: {labels[0]} (P0) vs {labels[1]} (P1), rule agents, seed {seed}")
    shown: list[Words] = []

    def step(state: Any, player: Any, action: Any, events: list[dict[str, Any]]) -> None:
        if not shown:
            shown.append(Words(state, lang_of(state, lang), labels=labels))
        shown[0].print_step(out, player, action, events)

    try:
        result, _ = play_game(g, deck_lists, agents, seed, options, on_step=step)
    except TcgError as exc:
        raise fail(str(exc)) from None
    out.print(f"[bold]{shown[0].result_line(result.winner, result.reason, result.turns, result.actions)}")
    if games <= 0:
        return
    out.print()
    jobs = jobs or max(1, min(os.cpu_count() or 1, 8))
    spec = WorkSpec.of(g.name, [d.flat() for d in deck_lists], labels, agents, seed, options)
    t0 = time.perf_counter()
    batch = run_with_progress(RunPlan(spec, games, jobs=jobs), out)
    print_summary(out, summarize_rows(batch.rows, labels, agents), time.perf_counter() - t0, batch.played)
    if batch.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
