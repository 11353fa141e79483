"""Env steps per second of the PettingZoo AEC environments, random masked actions, one core.

    python benchmarks/rl_throughput.py --steps 20000 --repeat 3
    python benchmarks/rl_throughput.py --game battle_spirits --no-observe

Each step is what a learner does: ``env.last()`` (the observation vector and action mask of the
agent to move), a uniform choice among the tokens its mask allows, ``env.step``; games restart
with the next seed when they end. ``--no-observe`` leaves out ``last()``'s observation (the mask
is still read): the cost of the rules and the sub-decisions alone. Reported: env steps/s, engine
actions/s (an action takes one or more steps: its sub-decisions) and games finished, best and
median of ``--repeat`` runs (the machine's speed drifts, so the best run is the least disturbed),
and steps per CPU second of the least costly run (``time.process_time``: less sensitive to other
work on a shared machine than wall time).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

if importlib.util.find_spec("tcg") is None:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

import tcg.rl
from tcg.core.registry import game_names


def run(game: str, steps: int, seed: int, observe: bool) -> tuple[float, float, int, int]:
    """(wall seconds, CPU seconds, engine actions, finished games) for ``steps`` random masked
    env steps."""
    env = tcg.rl.aec_env(game)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    actions = games = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            actions += env.match.actions
            games += 1
            env.reset(seed=seed + games)
            continue
        if observe:
            mask = env.last()[0]["action_mask"]
        else:
            mask = env.match.mask(env.possible_agents.index(agent))
        legal = np.flatnonzero(mask)
        env.step(int(legal[rng.integers(len(legal))]))
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    return elapsed, cpu, actions + env.match.actions, games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=game_names(), action="append", help="default: every game")
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-observe", action="store_true", help="skip the observation vector (mask only)")
    args = ap.parse_args()
    print(f"{'game':16} {'steps/s best':>12} {'median':>8} {'per CPU s':>9} {'actions/s':>10} {'games':>6} "
          f"{'N':>5} {'obs':>6}")
    for game in args.game or game_names():
        runs = sorted(run(game, args.steps, args.seed, not args.no_observe) for _ in range(max(1, args.repeat)))
        best, median = runs[0], runs[len(runs) // 2]
        cpu = min(r[1] for r in runs)
        env = tcg.rl.aec_env(game)
        print(f"{game:16} {args.steps / best[0]:12.0f} {args.steps / median[0]:8.0f} {args.steps / cpu:9.0f} "
              f"{best[2] / best[0]:10.0f} {best[3]:6d} {env.match.n_actions:5d} {env.match.obs_size:6d}")


if __name__ == "__main__":
    main()
