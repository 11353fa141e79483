"""``tcg simulate`` (batches of AI-vs-AI games with statistics) and ``tcg demo``.

Both drive :mod:`tcg.sim`; this module only parses options, shows progress and prints.
"""

from __future__ import annotations

import itertools
import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from typer.core import TyperCommand

from tcg.agents.base import agent_names, make_agent
from tcg.cli.render import Words, lang_of
from tcg.core import registry
from tcg.core.decklist import DeckList
from tcg.core.errors import DataError, TcgError
from tcg.core.game import Game
from tcg.core.options import parse_option_args
from tcg.sim.batch import BatchSpec, GameRecord, run_batch, summarize, write_csv, write_json
from tcg.sim.loop import DEFAULT_MAX_ACTIONS, play_game

out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # a path in a message stays whole

GameOpt = Annotated[str, typer.Option("--game", "-g", help="The game to play (e.g. duel_masters).")]
SeedOpt = Annotated[int, typer.Option("--seed", "-s", help="Seed of game 0; game i uses seed+i.")]
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
        decks = [game.deck(d) for d in deck_args]
        options = game.resolve_options(parse_option_args(option_args or []))
    except TcgError as exc:
        raise fail(str(exc)) from None
    labels = [Path(d).stem for d in deck_args]
    return game, decks, labels, options


class PairOptionsCommand(TyperCommand):
    """``--agents`` and ``--decks`` take two values each. Click would take the next option as the
    second one (``--agents random --games 2``) or say only "requires 2 arguments": check first
    and say what is expected."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # a click Context (typer vendors click)
        for i, arg in enumerate(args):
            if arg == "--":
                break
            if arg in ("--agents", "-a", "--decks", "-d"):
                given = list(itertools.takewhile(lambda a: not a.startswith("-"), args[i + 1:i + 3]))
                if len(given) < 2:
                    raise typer.BadParameter(_pair_message(arg, " ".join(given) or "nothing"), ctx,
                                             param_hint=f"'{arg}'")
        return super().parse_args(ctx, args)


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


def run_with_progress(spec: BatchSpec, games: int, seed: int, jobs: int, console: Console) -> list[GameRecord]:
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(f"{games} games, {jobs} job{'s' if jobs > 1 else ''}", total=games)
        return run_batch(spec, games, seed, jobs, progress=lambda n: progress.advance(task, n))


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


def print_summary(console: Console, summary: dict[str, Any], seconds: float) -> None:
    console.print(summary_table(summary))
    flo, fhi = summary["first_player_ci95"]
    reasons = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in summary["reasons"].items())
    games = summary["games"]
    console.print(f"draws: {summary['draws']}   unfinished: {summary['unfinished']}   endings: {reasons}")
    console.print(f"first player wins: {summary['first_player_win_rate']:.1%} (95% CI {flo:.1%} - {fhi:.1%})")
    console.print(f"mean turns: {summary['mean_turns']:.1f}   mean actions: {summary['mean_actions']:.1f}   "
                  f"time: {seconds:.1f} s ({games / seconds if seconds > 0 else 0:.0f} games/s)")


def simulate(
    game: GameOpt = "duel_masters",
    decks: Annotated[tuple[str, str] | None, typer.Option(
        "--decks", "-d", help="Two decks (starter deck names or files); default: the first two starters.")] = None,
    agents: Annotated[tuple[str, str], typer.Option(
        "--agents", "-a", help="Agent of each seat: random, random_by_type, rule, or ismcts with options "
                               "(ismcts:iterations=500,rollout=rule).")] = ("rule", "rule"),
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    seed: SeedOpt = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    option: OptionOpt = None,
    csv: Annotated[Path | None, typer.Option("--csv", help="Write one CSV row per game here.")] = None,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write the summary and games as JSON here.")
                         ] = None,
    replay_dir: Annotated[Path | None, typer.Option("--replay-dir", help="Save every game's replay here.")] = None,
    max_actions: Annotated[int, typer.Option(help="Stop a game (unfinished) after this many actions.")
                           ] = DEFAULT_MAX_ACTIONS,
) -> None:
    """Play many AI-vs-AI games and print win rates with 95% confidence intervals."""
    g, deck_lists, labels, options = load_setup(game, list(decks) if decks else None, option)
    agent_list = check_agents(list(agents))
    spec = BatchSpec(g.name, [d.flat() for d in deck_lists], labels, agent_list, options, max_actions,
                     str(replay_dir) if replay_dir else None)
    t0 = time.perf_counter()
    try:
        records = run_with_progress(spec, games, seed, jobs, out)
    except TcgError as exc:
        raise fail(str(exc)) from None
    seconds = time.perf_counter() - t0
    summary = summarize(records, labels, agent_list)
    print_summary(out, summary, seconds)
    meta = {"game": g.name, "decks": labels, "agents": agent_list, "seed": seed, "games": games,
            "options": options, "jobs": jobs, "seconds": round(seconds, 3)}
    if csv:
        write_csv(csv, records, labels)
        out.print(f"wrote {csv}")
    if json_file:
        write_json(json_file, summary, records, labels, meta)
        out.print(f"wrote {json_file}")
    if replay_dir:
        out.print(f"replays in {replay_dir}")


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
    spec = BatchSpec(g.name, [d.flat() for d in deck_lists], labels, agents, options)
    t0 = time.perf_counter()
    records = run_with_progress(spec, games, seed, jobs, out)
    print_summary(out, summarize(records, labels, agents), time.perf_counter() - t0)
