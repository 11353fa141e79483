"""A plain policy gradient (REINFORCE) in numpy against the random agent, with a learning curve.

    python examples/train_pg.py --game one_piece --episodes 400 --out learning_curve.svg

The learner holds one seat (drawn at random each game) of the Gymnasium environment
(``tcg/<Game>-v0``); the other seat is ``--opponent`` (an agent spec: random, rule, ...). The
policy is linear and softmax over the tokens the action mask allows: logits = observation · W
(plus a bias row). Observations are mostly zeros (one row per card instance, most of them
hidden), so a step touches only the rows of W whose feature is non-zero: forward and update cost
a few hundred multiply-adds per token instead of the whole matrix, and a few hundred games train
in about a minute on one core. The return of a game is +1 / -1 / 0; the baseline is the running
mean return; every step of a game gets the game's advantage (no discount: rewards come at the
end only).

The curve is the win rate of the training games (a moving window), against the opponent's
starting level: the SVG is written without any plotting library; an ``--out`` ending in .png is
drawn with matplotlib (a regular dependency since issue 19).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

if importlib.util.find_spec("tcg") is None:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
import numpy.typing as npt

import tcg.rl
from tcg.core.registry import game_names

Array = npt.NDArray[np.float32]


class LinearPolicy:
    """Softmax over masked tokens of a linear function of the (sparse) observation."""

    def __init__(self, n_obs: int, n_actions: int) -> None:
        self.w = np.zeros((n_obs + 1, n_actions), dtype=np.float32)  # the last row: a bias
        self.bias = n_obs

    def features(self, obs: Array) -> tuple[npt.NDArray[np.intp], Array]:
        idx = np.flatnonzero(obs)
        return np.append(idx, self.bias), np.append(obs[idx], np.float32(1.0))

    def probs(self, idx: npt.NDArray[np.intp], vals: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = vals @ self.w[idx]
        logits = np.where(mask == 1, logits, -np.inf)
        logits -= logits.max()
        p: Array = np.exp(logits)
        p /= p.sum()
        return p

    def update(self, steps: list[tuple[npt.NDArray[np.intp], Array, Array, int]], advantage: float,
               lr: float) -> None:
        """REINFORCE: W += lr · advantage · ∇ log π(a | obs) for every step of the game."""
        for idx, vals, p, a in steps:
            grad = -p
            grad[a] += 1.0
            self.w[idx] += (lr * advantage) * np.outer(vals, grad)


def episode(env: Any, policy: LinearPolicy, rng: np.random.Generator, seed: int,
            lr: float, baseline: float) -> float:
    """Play one game, update the policy, return the game's reward."""
    obs, info = env.reset(seed=seed)
    steps = []
    reward, done = 0.0, False
    while not done:
        idx, vals = policy.features(obs)
        p = policy.probs(idx, vals, info["action_mask"])
        a = int(rng.choice(len(p), p=p))
        steps.append((idx, vals, p, a))
        obs, r, terminated, truncated, info = env.step(a)
        reward += float(r)
        done = terminated or truncated
    policy.update(steps, reward - baseline, lr)
    return reward


def train(game: str, opponent: str, episodes: int, seed: int, lr: float,
          seconds: float | None = None) -> list[float]:
    """The reward of each training game (stops early after ``seconds``)."""
    env = tcg.rl.gym_env(game, opponent=opponent, seat="random")
    policy = LinearPolicy(env.observation_space.shape[0], int(env.action_space.n))
    rng = np.random.default_rng(seed)
    rewards: list[float] = []
    baseline = 0.0
    start = time.perf_counter()
    for i in range(episodes):
        rewards.append(episode(env, policy, rng, seed + i, lr, baseline))
        baseline += 0.05 * (rewards[-1] - baseline)
        if seconds is not None and time.perf_counter() - start > seconds:
            break
    return rewards


def win_rate_curve(rewards: list[float], window: int) -> list[float]:
    wins = [1.0 if r > 0 else 0.0 for r in rewards]
    return [sum(wins[max(0, i + 1 - window):i + 1]) / len(wins[max(0, i + 1 - window):i + 1])
            for i in range(len(wins))]


def write_svg(path: Path, curve: list[float], title: str) -> None:
    """A line chart of win rate (0..1) per training game, drawn by hand."""
    w, h, m = 640, 360, 50
    n = max(1, len(curve) - 1)
    pts = " ".join(f"{m + (w - 2 * m) * i / n:.1f},{h - m - (h - 2 * m) * y:.1f}" for i, y in enumerate(curve))
    half = h - m - (h - 2 * m) * 0.5
    grid = "".join(
        f'<line x1="{m}" x2="{w - m}" y1="{h - m - (h - 2 * m) * y}" y2="{h - m - (h - 2 * m) * y}" stroke="#ddd"/>'
        f'<text x="{m - 8}" y="{h - m - (h - 2 * m) * y + 4}" text-anchor="end" font-size="11">{y:.2f}</text>'
        for y in (0.0, 0.25, 0.5, 0.75, 1.0))
    path.write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif">'
        f'<rect width="{w}" height="{h}" fill="white"/>{grid}'
        f'<line x1="{m}" x2="{w - m}" y1="{half}" y2="{half}" stroke="#999" stroke-dasharray="4"/>'
        f'<polyline points="{pts}" fill="none" stroke="#1f77b4" stroke-width="2"/>'
        f'<text x="{w / 2}" y="24" text-anchor="middle" font-size="14">{title}</text>'
        f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle" font-size="12">training game ({len(curve)})</text>'
        f'<text x="14" y="{h / 2}" transform="rotate(-90 14 {h / 2})" text-anchor="middle" font-size="12">'
        f'win rate</text></svg>\n', encoding="utf-8")


def write_png(path: Path, curve: list[float], title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    ax.plot(curve)
    ax.axhline(0.5, linestyle="--", color="grey")
    ax.set(ylim=(0, 1), xlabel="training game", ylabel="win rate", title=title)
    fig.tight_layout()
    fig.savefig(path)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=game_names(), default="one_piece")
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--episodes", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lr", type=float, default=0.02)
    ap.add_argument("--window", type=int, default=50, help="games per point of the moving win rate")
    ap.add_argument("--seconds", type=float, default=None, help="stop after this long (a smoke run)")
    ap.add_argument("--out", type=Path, default=Path("learning_curve.svg"))
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    rewards = train(args.game, args.opponent, args.episodes, args.seed, args.lr, args.seconds)
    curve = win_rate_curve(rewards, args.window)
    title = f"REINFORCE vs {args.opponent}, {args.game} (moving win rate, {args.window} games)"
    if args.out.suffix == ".png":
        write_png(args.out, curve, title)
    else:
        write_svg(args.out, curve, title)
    quarter = max(1, len(rewards) // 4)
    first = sum(r > 0 for r in rewards[:quarter]) / quarter
    last = sum(r > 0 for r in rewards[-quarter:]) / quarter
    print(f"{len(rewards)} games in {time.perf_counter() - t0:.0f} s; win rate first quarter {first:.2f}, "
          f"last quarter {last:.2f}; curve in {args.out}")


if __name__ == "__main__":
    main()
