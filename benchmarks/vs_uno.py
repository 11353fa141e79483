"""Rule agents' decisions per second against RLCard's Uno, side by side in one run (issue 39).

    pip install rlcard==1.2.0          # (or: pip install -e '.[compare]')
    python benchmarks/vs_uno.py --rounds 7 [--game yugioh] [--games 10] [--uno-games 300]

Why this yardstick: RLCard's Uno is what researchers reach for when they want a fast card game
in Python; a rule agent much slower per decision than a random Uno player makes every search,
RL run and simulation of ours pay for it. The machine's speed drifts by a third, so the two are
measured in the same process, in interleaved rounds: each round plays ``--uno-games`` Uno games
between two RLCard random agents (their steps: decisions), then, per game of ours, ``--games``
seeded rule-agent self-play games with the first two starter decks (benchmarks/agents.py: the
agents' ``choose`` calls are the decisions). Times are the process's CPU time. Each figure is
the best round (the least disturbed); the ratio is ours over Uno's, and its median over the
rounds (each round's own ratio) is printed beside it. The goals (issue 39): at least 0.6 in
every game, Battle Spirits at least 0.15.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import statistics
import sys
import time
from pathlib import Path

if importlib.util.find_spec("tcg") is None:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from agents import play_all  # benchmarks/agents.py: the rule agents' self-play, counted

import tcg
from tcg.core.registry import GAMES

GOALS = {"battle_spirits": 0.15}
GOAL = 0.6


def uno_rate(games: int, seed: int) -> float:
    """Decisions per CPU second of ``games`` Uno games between RLCard's random agents."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    steps = 0
    t0 = time.process_time()
    for _ in range(games):
        trajectories, _ = env.run(is_training=False)
        steps += sum((len(t) - 1) // 2 for t in trajectories)  # state, action, state, ... state
    return steps / (time.process_time() - t0)


def ours_rate(game: str, agent: str, games: int, seed: int) -> float:
    elapsed, decisions, _, _ = play_all(game, agent, games, seed)
    return decisions / elapsed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable (default: every game)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--games", type=int, default=10, help="our self-play games per game and round")
    ap.add_argument("--uno-games", type=int, default=300, help="Uno games per round")
    ap.add_argument("--agent", default="rule")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if importlib.util.find_spec("rlcard") is None:
        print("error: RLCard is not installed: pip install rlcard==1.2.0 (or the 'compare' extra)", file=sys.stderr)
        return 2
    games = args.game or sorted(GAMES)
    for g in games:  # warm-up: imports, card pools, caches
        ours_rate(g, args.agent, 1, args.seed)
    uno_rate(5, args.seed)
    uno: list[float] = []
    ours: dict[str, list[float]] = {g: [] for g in games}
    for r in range(args.rounds):
        uno.append(uno_rate(args.uno_games, args.seed + r))
        for g in games:
            ours[g].append(ours_rate(g, args.agent, args.games, args.seed))
        print(f"  round {r + 1}/{args.rounds}: Uno {uno[-1]:,.0f}/s, "
              + ", ".join(f"{g} {ours[g][-1]:,.0f}/s" for g in games), file=sys.stderr, flush=True)
    print(f"`python benchmarks/vs_uno.py --rounds {args.rounds} --games {args.games} --uno-games {args.uno_games}"
          f"{''.join(f' --game {g}' for g in args.game or [])}`; {tcg.build_name()}, nproc {os.cpu_count()}, "
          f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}\n")
    print(f"RLCard Uno, random agents: **{max(uno):,.0f}** decisions/s (best of {args.rounds} rounds)\n")
    print("| game | rule agents' decisions/s | x Uno (best rounds) | x Uno (median of rounds) | goal |")
    print("|---|---|---|---|---|")
    for g in games:
        ratio = max(ours[g]) / max(uno)
        median = statistics.median(o / u for o, u in zip(ours[g], uno, strict=True))
        goal = GOALS.get(g, GOAL)
        print(f"| {g} | {max(ours[g]):,.0f} | {ratio:.2f}x | {median:.2f}x | ≥ {goal}x "
              f"{'met' if ratio >= goal else 'not met'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
