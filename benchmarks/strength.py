"""How strong the agents are: win rates per pairing per game, with 95% intervals (issue 17).

Each pairing plays ``--games`` games per game with the first two starter decks; the agents
swap seats on the same seeds (game i and game i + n have the same seed, the agents the other
way round), so each agent plays each seat — and so goes first — equally often, on the same
deals. Draws and unfinished games count as half a win. The table goes to stdout as Markdown,
with the command that made it, ready for docs/performance.md.

    python benchmarks/strength.py --games 50 --pairings ismcts:iterations=1000 rule \\
        --pairings ismcts:iterations=1000 random --pairings rule random --jobs 2
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from tcg.agents.base import make_agent
from tcg.core.errors import DataError
from tcg.core.registry import game_names, load_game
from tcg.sim.batch import BatchSpec, run_batch, wilson


def pairing_row(game: str, a: str, b: str, games: int, seed: int, jobs: int) -> str:
    g = load_game(game)
    decks = [g.deck(d) for d in (sorted(g.starter_decks()) * 2)[:2]]
    names = [d.flat() for d in decks]
    labels = [str(d.source) for d in decks]
    t0 = time.perf_counter()
    as_first = run_batch(BatchSpec(game, names, labels, [a, b]), games, seed, jobs)
    as_second = run_batch(BatchSpec(game, names, labels, [b, a]), games, seed, jobs)
    seconds = time.perf_counter() - t0
    score = sum(1.0 if r.winner == 0 else 0.5 if r.winner not in (0, 1) else 0.0 for r in as_first)
    score += sum(1.0 if r.winner == 1 else 0.5 if r.winner not in (0, 1) else 0.0 for r in as_second)
    n = 2 * games
    low, high = wilson(round(score), n)
    unfinished = sum(1 for r in [*as_first, *as_second] if r.winner is None)
    return (f"| {game} | {a} | {b} | {n} | {100 * score / n:.1f}% | {100 * low:.1f}% - {100 * high:.1f}% | "
            f"{unfinished} | {seconds:.0f} s |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per pairing per game and seat order")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=max(1, min(os.cpu_count() or 1, 8)))
    ap.add_argument("--game", action="append", choices=game_names(), help="a game (default: all five)")
    ap.add_argument("--pairings", nargs=2, action="append", metavar=("A", "B"),
                    help="two agent specs (repeatable); default: rule random")
    args = ap.parse_args()
    pairings = args.pairings or [["rule", "random"]]
    try:
        for a, b in pairings:
            make_agent(a, 0)
            make_agent(b, 0)
    except DataError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    print(f"`python benchmarks/strength.py {' '.join(sys.argv[1:])}`\n")
    print("| game | A | B | games | A's score | 95% CI | unfinished | time |")
    print("|---|---|---|---|---|---|---|---|")
    for game in args.game or game_names():
        for a, b in pairings:
            print(pairing_row(game, a, b, args.games, args.seed, args.jobs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
