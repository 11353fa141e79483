"""Soak: self-play with every invariant checked after every action (issue 20).

    python benchmarks/soak.py --game duel_masters --games 1000 --agents random,rule,ismcts:iterations=20
    python benchmarks/soak.py --game all --games 100 --backend ray --jobs 2 --out soak.json

Each game plays two of the game's starter decks (every ordered pair in turn) with two of the
agents (every ordered pair in turn); what is checked after each action is listed in
:mod:`tcg.sim.soak`. A violation is printed when its game ends (game index, seed, decks,
agents, the first problems); ``--out`` keeps every game's row as JSON. Progress goes to stderr
every ``--every-seconds``. The last line is ``G games, A actions, V violations``; the exit code
is 1 when there is a violation, 2 for bad arguments, 130 when interrupted by Ctrl-C or SIGTERM
(the totals so far printed first, ``--out`` written).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

if importlib.util.find_spec("tcg") is None:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tcg
from tcg.agents.base import make_agent
from tcg.core.errors import TcgError
from tcg.core.registry import game_names
from tcg.sim.backends import BACKENDS, chunked, run_units
from tcg.sim.soak import Row, SoakSpec, soak_chunk, spec_for


class Totals:
    """What the run has found so far, printed as it goes and at the end."""

    def __init__(self, planned: int, every: float) -> None:
        self.planned = planned
        self.every = every
        self.games = self.actions = self.violations = self.failed_games = 0
        self.rows: list[Row] = []
        self.t0 = self.last = time.monotonic()

    def add(self, rows: Sequence[Row]) -> None:
        for row in rows:
            self.games += 1
            self.actions += row["actions"]
            self.violations += row["violations"]
            self.rows.append(row)
            if row["violations"]:
                self.failed_games += 1
                print(f"VIOLATION {row['game']} game {row['index']} (seed {row['seed']}, {row['deck_0']} vs "
                      f"{row['deck_1']}, {row['agent_0']} vs {row['agent_1']}): {row['violations']} problem(s)",
                      flush=True)
                for problem in row["problems"]:
                    print(f"  {problem.rstrip()}", flush=True)
        now = time.monotonic()
        if now - self.last >= self.every or self.games == self.planned:
            self.last = now
            rate = self.games / max(now - self.t0, 1e-9)
            eta = (self.planned - self.games) / rate if rate else 0.0
            print(f"  {self.games}/{self.planned} games, {self.actions:,} actions, {self.violations} violations, "
                  f"{rate:.2f} games/s, ETA {eta / 60:.1f} min", file=sys.stderr, flush=True)

    def last_line(self) -> str:
        return f"{self.games} games, {self.actions} actions, {self.violations} violations"


def units(specs: Sequence[SoakSpec], games: int, chunk: int) -> list[tuple[SoakSpec, list[int]]]:
    """Every game's chunks, the games interleaved so that each game's progress shows early."""
    per_game = [[(spec, c) for c in chunked(range(games), chunk)] for spec in specs]
    out: list[tuple[SoakSpec, list[int]]] = []
    for i in range(max(len(p) for p in per_game)):
        out += [p[i] for p in per_game if i < len(p)]
    return out


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", required=True, help="a game's name or 'all' (repeatable)")
    ap.add_argument("--games", type=int, default=100, help="games per game (default 100)")
    ap.add_argument("--agents", default="random", help="comma-separated agent specs (default random)")
    ap.add_argument("--decks", help="comma-separated starter decks (default: all of the game's)")
    ap.add_argument("--backend", choices=BACKENDS, default="local")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (local) or CPUs of a local Ray")
    ap.add_argument("--address", help="a Ray cluster (auto, HOST:PORT); default RAY_ADDRESS or a local Ray")
    ap.add_argument("--chunk", type=int, default=10, help="games per unit of work (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="master seed: game i's seed follows from it and i")
    ap.add_argument("--max-actions", type=int, default=5000,
                    help="the termination bound: a game still going after it is a violation (default 5000)")
    ap.add_argument("--every-seconds", type=float, default=10.0, help="progress every so many seconds")
    ap.add_argument("--out", type=Path, help="every game's row as JSON")
    return ap.parse_args(argv)


def specs_of(args: argparse.Namespace) -> list[SoakSpec]:
    names = game_names() if "all" in args.game else args.game
    for name in names:
        if name not in game_names():
            raise TcgError(f"unknown game {name!r}; games: {', '.join(game_names())}")
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    for agent in agents:
        make_agent(agent, 0)  # an unknown agent or option fails here, before any game
    if args.games < 1 or args.chunk < 1 or args.jobs < 1 or args.max_actions < 1:
        raise TcgError("--games, --chunk, --jobs and --max-actions take a number of at least 1")
    decks = [d.strip() for d in args.decks.split(",")] if args.decks else None
    return [spec_for(name, agents, args.seed, args.max_actions, decks) for name in names]


def stream(args: argparse.Namespace, specs: Sequence[SoakSpec]) -> Iterator[list[Row]]:
    return run_units(args.backend, units(specs, args.games, args.chunk), args.jobs, args.address, soak_chunk)


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # SIGTERM (and SIGINT where a shell ignores it) stop as Ctrl-C does


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    signal.signal(signal.SIGTERM, _stop)
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # started in the background with &
        signal.signal(signal.SIGINT, _stop)
    try:
        specs = specs_of(args)
    except (TcgError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    totals = Totals(args.games * len(specs), args.every_seconds)
    print(f"soak: {', '.join(s.game for s in specs)}; {args.games} games each; agents {', '.join(specs[0].agents)}; "
          f"{args.backend} backend, {args.jobs} job(s); bound {args.max_actions} actions; {tcg.build_name()}",
          flush=True)
    code = 0
    try:
        for rows in stream(args, specs):
            totals.add(rows)
    except KeyboardInterrupt:
        print("interrupted: the games finished so far are counted", file=sys.stderr)
        code = 130
    except TcgError as exc:
        print(f"error: {exc}", file=sys.stderr)
        code = 2
    if args.out:
        args.out.write_text(json.dumps(sorted(totals.rows, key=_key), indent=1, default=str))
    for spec in specs:
        mine = [r for r in totals.rows if r["game"] == spec.game]
        print(f"{spec.game}: {len(mine)} games, {sum(r['actions'] for r in mine)} actions, "
              f"{sum(r['violations'] for r in mine)} violations")
    print(totals.last_line())
    return code or (1 if totals.violations else 0)


def _key(row: dict[str, Any]) -> tuple[str, int]:
    return row["game"], row["index"]


if __name__ == "__main__":
    sys.exit(main())
