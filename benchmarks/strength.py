"""How strong the agents are: win rates per pairing per game, with 95% intervals (issue 17).

Each pairing plays ``--games`` deals per game, spread evenly over every ordered pair of the
game's starter decks (mirror matches included), and each deal twice: the agents swap seats on
the same seed, so each agent plays each deck and each seat — and so goes first — equally often,
on the same deals. Draws and unfinished games count as half a win; progress goes to stderr. The
table goes to stdout as Markdown, with the command that made it, ready for docs/performance.md.

    python benchmarks/strength.py --games 50 --pairings ismcts:iterations=1000 rule \\
        --pairings ismcts:iterations=1000 random --pairings rule random --jobs 2
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time

from tcg.agents.base import make_agent
from tcg.core.errors import DataError
from tcg.core.registry import game_names, load_game
from tcg.sim.batch import BatchSpec, run_batch, wilson


def matchups(n: int) -> list[tuple[int, int]]:
    """Every ordered pair of ``n`` decks, mirror matches included: a deck that beats the other
    most of the time (Yu-Gi-Oh!'s beatdown wins 88 % of rule-agent games against control, from
    either seat) would otherwise bound every agent's score near 50 %."""
    return list(itertools.product(range(n), repeat=2))


def deck_names_of(game: str, wanted: list[str] | None) -> list[str]:
    """The starter decks played: all of the game's, or those named (``--deck``), checked."""
    known = sorted(load_game(game).starter_decks())
    if not wanted:
        return known
    unknown = [d for d in wanted if d not in known]
    if unknown:
        raise DataError(f"{game} has no starter deck {', '.join(unknown)}; its decks: {', '.join(known)}",
                        field="--deck")
    return sorted(set(wanted))


def pairing_row(game: str, a: str, b: str, games: int, seed: int, jobs: int,
                wanted: list[str] | None = None) -> str:
    g = load_game(game)
    deck_names = deck_names_of(game, wanted)
    decks = [g.deck(d) for d in deck_names]
    pairs = matchups(len(decks))
    t0 = time.perf_counter()
    score, n, unfinished = 0.0, 0, 0
    for k, (i, j) in enumerate(pairs):
        count = games // len(pairs) + (k < games % len(pairs))
        if not count:
            continue
        names = [decks[i].flat(), decks[j].flat()]
        labels = [str(decks[i].source), str(decks[j].source)]
        first_seed = seed + 1000 * k
        as_first = run_batch(BatchSpec(game, names, labels, [a, b]), count, first_seed, jobs)
        as_second = run_batch(BatchSpec(game, names, labels, [b, a]), count, first_seed, jobs)
        won = sum(_points(r.winner, 0) for r in as_first) + sum(_points(r.winner, 1) for r in as_second)
        score, n = score + won, n + 2 * count
        unfinished += sum(1 for r in [*as_first, *as_second] if r.winner is None)
        print(f"  {game} {a} vs {b}: {deck_names[i]} vs {deck_names[j]}, {won:g} of {2 * count} "
              f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - t0
    low, high = wilson(round(score), n)
    return (f"| {game} | {a} | {b} | {n} | {100 * score / n:.1f}% | {100 * low:.1f}% - {100 * high:.1f}% | "
            f"{unfinished} | {seconds:.0f} s |")


def _points(winner: int | None, seat: int) -> float:
    """A win, a draw or an unfinished game (half) or a loss for the agent in ``seat``."""
    return 1.0 if winner == seat else 0.5 if winner not in (0, 1) else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20,
                    help="deals per pairing per game (each played twice, the agents swapping seats)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=max(1, min(os.cpu_count() or 1, 8)))
    ap.add_argument("--game", action="append", choices=game_names(), help="a game (default: all five)")
    ap.add_argument("--pairings", nargs=2, action="append", metavar=("A", "B"),
                    help="two agent specs (repeatable); default: rule random")
    ap.add_argument("--deck", action="append", metavar="NAME",
                    help="a starter deck to play (repeatable; default: every starter deck of the game)")
    args = ap.parse_args()
    pairings = args.pairings or [["rule", "random"]]
    try:
        for a, b in pairings:
            make_agent(a, 0)
            make_agent(b, 0)
        for game in args.game or game_names():
            deck_names_of(game, args.deck)
    except DataError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    print(f"`python benchmarks/strength.py {' '.join(sys.argv[1:])}`\n")
    print("| game | A | B | games | A's score | 95% CI | unfinished | time |")
    print("|---|---|---|---|---|---|---|---|")
    for game in args.game or game_names():
        for a, b in pairings:
            print(pairing_row(game, a, b, args.games, args.seed, args.jobs, args.deck), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
