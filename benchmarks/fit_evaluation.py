"""Fit the search's position evaluation (tcg/agents/evaluation.py) to who went on to win.

Plays rule-agent games over every pairing of a game's starter decks, records at the start of
every turn each side's feature difference and whether that side won, and fits a logistic model
without intercept (so a position and its mirror image get values adding up to 1) by Newton's
method with a small L2 penalty. A fifth of the games are held out to report the accuracy and
log-loss of the fit. The weights go to tcg/agents/evaluation_weights.py with this command.

    python benchmarks/fit_evaluation.py --games 300 --seed 1
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from tcg.agents.evaluation import FEATURE_NAMES, difference
from tcg.core.registry import game_names, load_game
from tcg.core.state import State
from tcg.sim.loop import play_game

OUT = Path(__file__).resolve().parents[1] / "tcg" / "agents" / "evaluation_weights.py"


def positions(game_name: str, games: int, seed: int, pairings: list[list[str]]
              ) -> list[tuple[int, list[list[float]], object]]:
    """Per game: its index, the feature differences (player 0's side) at each turn start, the winner.
    The agent pairings take turns: a board's worth shows best where play differs in strength
    (rule-agent games alone always charge the same mana on the same turn)."""
    game = load_game(game_name)
    decks = [game.deck(d) for d in sorted(game.starter_decks())]
    pairs = list(itertools.product(range(len(decks)), repeat=2))
    out = []
    t0 = time.perf_counter()
    for i in range(games):
        a, b = pairs[i % len(pairs)]
        agents = pairings[(i // len(pairs)) % len(pairings)]
        rows: list[list[float]] = []
        result, _ = play_game(game, [decks[a], decks[b]], agents, seed + i, on_step=_turn_starts(rows))
        out.append((i, rows, result.winner))
        if (i + 1) % 50 == 0:
            print(f"  {game_name}: {i + 1}/{games} games ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return out


def _turn_starts(rows: list[list[float]]) -> Callable[[State, object, object, object], None]:
    """A step hook adding player 0's feature difference at the first decision of every turn."""
    seen = [-1]

    def hook(state: State, player: object, action: object, events: object) -> None:
        if state.turn != seen[0] and not state.game_over:
            seen[0] = state.turn
            rows.append(difference(state, 0))

    return hook


def design(data: list[tuple[int, list[list[float]], object]]) -> tuple[np.ndarray, np.ndarray]:
    """Both sides of every position: player 0's difference labelled by whether 0 won, and its
    negation by whether 1 won (draws and unfinished games are left out)."""
    xs, ys = [], []
    for _, rows, winner in data:
        if winner not in (0, 1):
            continue
        for r in rows:
            xs += [r, [-v for v in r]]
            ys += [1.0 if winner == 0 else 0.0, 1.0 if winner == 1 else 0.0]
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """Weights >= 0: every feature counts something a side wants more of, so a negative weight
    is a correlation of the sampled play (weak players hoard), not a lesson for a search. An
    active set: fit, drop the features whose weights come out negative (weight 0), refit."""
    active = np.ones(x.shape[1], dtype=bool)
    while True:
        w = np.zeros(x.shape[1])
        w[active] = _newton(x[:, active], y, l2)
        if (w >= 0).all():
            return w
        active &= w > 0


def _newton(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def score(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(((p > 0.5) == (y > 0.5)).mean()), float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def write(weights: dict[str, list[float]], command: str) -> None:
    lines = ['"""Fitted weights of :mod:`tcg.agents.evaluation`, one per feature (``FEATURE_NAMES``).', "",
             "Written by benchmarks/fit_evaluation.py; do not edit by hand:", "",
             f"    {command}", '"""', "", "WEIGHTS: dict[str, tuple[float, ...]] = {"]
    for game, w in sorted(weights.items()):
        lines.append(f"    {game!r}: ({', '.join(f'{v:.4f}' for v in w)},),")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300, help="games per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", choices=game_names(), help="a game (default: all five)")
    ap.add_argument("--pairing", nargs=2, action="append", metavar=("A", "B"),
                    help="agents of the games (repeatable, taking turns); default: rule rule, rule random_by_type, "
                         "random_by_type rule")
    ap.add_argument("--dry-run", action="store_true", help="print the fit, leave the weights file alone")
    args = ap.parse_args()
    from tcg.agents.evaluation_weights import WEIGHTS

    weights = {g: list(w) for g, w in WEIGHTS.items()}
    print("| game | games | positions | held-out accuracy | held-out log-loss | weights |")
    print("|---|---|---|---|---|---|")
    for game in args.game or game_names():
        pairings = args.pairing or [["rule", "rule"], ["rule", "random_by_type"], ["random_by_type", "rule"]]
        data = positions(game, args.games, args.seed, pairings)
        train = [d for d in data if d[0] % 5]
        test = [d for d in data if d[0] % 5 == 0]
        w = fit(*design(train))
        acc, loss = score(*design(test), w)
        named = ", ".join(f"{n} {v:+.2f}" for n, v in zip(FEATURE_NAMES[game], w, strict=True))
        print(f"| {game} | {args.games} | {len(design(data)[1])} | {100 * acc:.1f}% | {loss:.3f} | {named} |")
        weights[game] = [float(v) for v in fit(*design(data))]
    if not args.dry_run:
        command = "python benchmarks/fit_evaluation.py " + " ".join(sys.argv[1:])
        write(weights, command.strip())
        print(f"wrote {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
