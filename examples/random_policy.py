"""A masked random policy on the PettingZoo environment of a game: both seats pick uniformly
among the tokens their action mask allows, for a few games, and the results are printed.

    python examples/random_policy.py --game duel_masters --games 5 --seed 1

This is the loop every PettingZoo learner runs (``agent_iter`` / ``last`` / ``step``), with the
mask doing the work: an index outside it would end the game with -1 for that agent.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("tcg") is None:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

import tcg.rl
from tcg.core.registry import game_names


def play(game: str, seed: int, rng: np.random.Generator) -> tuple[dict[str, float], int, int]:
    """One game: (total reward per agent, env steps, engine actions)."""
    env = tcg.rl.aec_env(game)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
        steps += 1
    return totals, steps, env.match.actions


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=game_names(), default="duel_masters")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    for i in range(args.games):
        totals, steps, actions = play(args.game, args.seed + i, rng)
        result = ", ".join(f"{a} {r:+.0f}" for a, r in totals.items())
        print(f"game {i + 1}: {result} ({steps} env steps, {actions} engine actions)")


if __name__ == "__main__":
    main()
