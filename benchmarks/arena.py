"""The ladder's measure (issue 39): agent A against agent B on paired deals.

Each deal is played twice on the same seed with the seats swapped, over every ordered pair of
the game's starter decks (``--deck`` to choose), and A's score is printed with a Wilson and a
bootstrap 95 % interval (tcg/sim/arena.py says why). The rows are the simulator's rows, written
to ``--out`` (a Parquet file ``tcg report`` reads). Agents are specs or difficulty levels:

    python benchmarks/arena.py --game duel_masters --pairs 100 normal easy --jobs 2
    python benchmarks/arena.py --game yugioh --pairs 100 hard normal --out build/arena/ygo.parquet

Progress goes to stderr; the table row (Markdown, with the command) to stdout, ready for
docs/agents.md.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

from tcg.agents.base import make_agent
from tcg.core.errors import DataError
from tcg.core.registry import game_names, load_game
from tcg.sim.arena import Arena, play
from tcg.sim.results import write_results


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", metavar="A", help="the agent scored (a spec or a level: easy, normal, hard, expert)")
    ap.add_argument("b", metavar="B", help="its opponent")
    ap.add_argument("--game", action="append", choices=game_names(), help="a game (repeatable; default: all five)")
    ap.add_argument("--pairs", type=int, default=100, help="deals, each played twice with the seats swapped")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=max(1, min(os.cpu_count() or 1, 8)))
    ap.add_argument("--deck", action="append", metavar="NAME", help="a starter deck (repeatable; default: all)")
    ap.add_argument("--out", type=Path, help="the rows' Parquet file (default build/arena/GAME-A-vs-B.parquet)")
    args = ap.parse_args(argv)
    if args.pairs < 1:
        ap.error("--pairs must be at least 1")
    return args


def decks_of(game: str, wanted: list[str] | None) -> tuple[str, ...]:
    known = sorted(load_game(game).starter_decks())
    unknown = [d for d in wanted or [] if d not in known]
    if unknown:
        raise DataError(f"{game} has no starter deck {', '.join(unknown)}; its decks: {', '.join(known)}",
                        field="--deck")
    return tuple(sorted(set(wanted))) if wanted else tuple(known)


def out_path(args: argparse.Namespace, game: str) -> Path:
    if args.out is not None and len(args.game or game_names()) == 1:
        return Path(args.out)
    safe = re.sub(r"[^A-Za-z0-9_.=-]+", "_", f"{game}-{args.a}-vs-{args.b}")
    return Path(args.out.parent if args.out else "build/arena") / f"{safe}.parquet"


def run(args: argparse.Namespace, game: str) -> str:
    """Play one game's arena; its Markdown row."""
    arena = Arena(game, args.a, args.b, args.pairs, decks_of(game, args.deck), args.seed)
    total, done, t0 = 2 * args.pairs, 0, time.perf_counter()

    def progress(n: int) -> None:
        nonlocal done
        done += n
        print(f"\r  {game} {args.a} vs {args.b}: {done}/{total} games ({time.perf_counter() - t0:.0f} s)",
              end="", file=sys.stderr, flush=True)

    rows, s, interrupted = play(arena, args.jobs, progress=progress)
    print(file=sys.stderr)
    path = out_path(args, game)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_results(path, rows)
    moves = sum(int(r["actions"]) for r in rows) or 1
    seconds = sum(float(r["seconds"]) for r in rows)
    note = " (interrupted)" if interrupted else ""
    return (f"| {game} | {args.a} | {args.b} | {s.games // 2} | {100 * s.rate:.1f}%{note} | "
            f"{100 * s.wilson[0]:.1f}% - {100 * s.wilson[1]:.1f}% | "
            f"{100 * s.bootstrap[0]:.1f}% - {100 * s.bootstrap[1]:.1f}% | {s.unfinished} | {s.errors} | "
            f"{1000 * seconds / moves:.1f} ms | {time.perf_counter() - t0:.0f} s | `{path}` |")


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    games = args.game or game_names()
    try:
        make_agent(args.a, 0)
        make_agent(args.b, 0)
        for game in games:
            decks_of(game, args.deck)
    except DataError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    print(f"`python benchmarks/arena.py {' '.join(sys.argv[1:] if argv is None else argv)}`\n")
    print("| game | A | B | deals | A's score | Wilson 95% | bootstrap 95% | unfinished | errors | "
          "time per action | wall time | rows |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    try:
        for game in games:
            print(run(args, game), flush=True)
    except KeyboardInterrupt:  # pragma: no cover - the runner keeps the rows; nothing left to print
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
