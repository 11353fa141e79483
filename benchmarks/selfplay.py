"""Random-agent self-play speed on one core: games/s, applied actions/s and State.clone() cost.

    python benchmarks/selfplay.py --game duel_masters --games 500 --seed 1

Games go through :func:`tcg.sim.loop.play_game` (the loop every simulation uses). The same
games are played ``--repeat`` times and the best and median rates are reported: on a shared
machine the CPU speed varies by a third between runs, and (as with :mod:`timeit`) the best
run is the least disturbed measure of the code. Clone time is measured afterwards on states
sampled every few actions of a few games, so that the timing of play is not disturbed.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import sys
import time
from pathlib import Path

if importlib.util.find_spec("tcg") is None:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tcg
from tcg.core.registry import load_game
from tcg.core.state import State
from tcg.sim.loop import play_game


def sample_states(game_name: str, decks: list, seed: int, games: int, every: int, agent: str) -> list[State]:
    game = load_game(game_name)
    samples: list[State] = []

    def keep(state: State, player: object, action: object, events: object) -> None:
        if len(state.history) % every == 0 and not state.game_over:
            samples.append(state.clone())

    for i in range(games):
        play_game(game, decks, [agent, agent], seed + i, on_step=keep)
    return samples


def time_clones(samples: list[State], reps: int) -> float:
    """Mean seconds per clone() over every sample, ``reps`` clones each."""
    t0 = time.perf_counter()
    for s in samples:
        for _ in range(reps):
            s.clone()
    return (time.perf_counter() - t0) / (len(samples) * reps)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="duel_masters")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--decks", nargs=2, default=None, help="two decks (default: the first two starter decks)")
    ap.add_argument("--repeat", type=int, default=3, help="play the games this many times; report best and median")
    ap.add_argument("--agent", default="random", choices=["random", "random_by_type"],
                    help="random: uniform over legal actions; random_by_type: uniform over action types first")
    args = ap.parse_args()

    game = load_game(args.game)
    names = args.decks or (list(game.starter_decks()) * 2)[:2]
    decks = [game.deck(n) for n in names]

    agents = [args.agent, args.agent]
    play_game(game, decks, agents, args.seed)  # warm-up: imports, card pool, caches
    times = []
    for _ in range(max(1, args.repeat)):
        actions = turns = 0
        t0 = time.perf_counter()
        for i in range(args.games):
            result, _ = play_game(game, decks, agents, args.seed + i)
            actions += result.actions
            turns += result.turns
        times.append(time.perf_counter() - t0)
    elapsed = min(times)
    median = sorted(times)[len(times) // 2]

    samples = sample_states(args.game, decks, args.seed, min(args.games, 20), every=5, agent=args.agent)
    clone_s = time_clones(samples, reps=50)

    cmd = (f"python benchmarks/selfplay.py --game {args.game} --games {args.games} --seed {args.seed}"
           f" --repeat {args.repeat}" + (f" --agent {args.agent}" if args.agent != "random" else ""))
    rows = [
        ("games", f"{args.games}"),
        ("decks", " vs ".join(Path(str(n)).stem for n in names)),
        ("agents", args.agent),
        ("seconds (best run)", f"{elapsed:.2f}"),
        ("games/s", f"{args.games / elapsed:.1f} best, {args.games / median:.1f} median of {len(times)} runs"),
        ("applied actions/s", f"{actions / elapsed:.0f}"),
        ("mean actions/game", f"{actions / args.games:.1f}"),
        ("mean turns/game", f"{turns / args.games:.1f}"),
        ("clone() mean", f"{clone_s * 1e6:.1f} µs over {len(samples)} sampled states"),
        ("build", tcg.build_name()),
        ("machine", f"nproc {os.cpu_count()}, Python {platform.python_version()}, {platform.machine()}"),
    ]
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")
    print()
    print(f"| `{cmd}` | {args.games / elapsed:.1f} games/s (median {args.games / median:.1f}) | "
          f"{actions / elapsed:.0f} actions/s | "
          f"clone {clone_s * 1e6:.1f} µs | {tcg.build_name()}, nproc {os.cpu_count()}, "
          f"Python {platform.python_version()} |")


if __name__ == "__main__":
    main()
