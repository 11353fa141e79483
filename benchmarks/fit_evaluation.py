"""Fit the search's position evaluation (tcg/agents/evaluation.py) to who went on to win.

Plays rule-agent games over every pairing of a game's starter decks, records at the start of
every turn each side's feature difference and whether that side won, and fits a logistic model
without intercept (so a position and its mirror image get values adding up to 1) by Newton's
method with a small L2 penalty, every game weighing the same (``--weigh``). A fifth of the games
are held out to report the accuracy and log-loss of the fit (weighted alike). The weights go to
tcg/agents/evaluation_weights.py, each game's with the command that fitted it:

    python benchmarks/fit_evaluation.py --games 300 --game yugioh
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


def design(data: list[tuple[int, list[list[float]], object]], weigh: str = "games"
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Both sides of every position: player 0's difference labelled by whether 0 won, and its
    negation by whether 1 won (draws and unfinished games are left out), and each row's weight.

    ``weigh="games"`` gives every game the same weight, shared by its positions: otherwise the
    longest games dominate the fit — in Yu-Gi-Oh! a quarter of the rule-agent games stall until a
    deck runs out after some 70 turns, and their boards, which say little about who wins, were
    two thirds of the positions. ``"positions"`` weighs every position alike."""
    xs, ys, ws = [], [], []
    for _, rows, winner in data:
        if winner not in (0, 1) or not rows:
            continue
        share = 1.0 / len(rows) if weigh == "games" else 1.0
        for r in rows:
            xs += [r, [-v for v in r]]
            ys += [1.0 if winner == 0 else 0.0, 1.0 if winner == 1 else 0.0]
            ws += [share, share]
    return np.array(xs, dtype=float), np.array(ys, dtype=float), np.array(ws, dtype=float)


def fit(x: np.ndarray, y: np.ndarray, sw: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """Weights >= 0: every feature counts something a side wants more of, so a negative weight
    is a correlation of the sampled play (weak players hoard), not a lesson for a search. An
    active set: fit, drop the features whose weights come out negative (weight 0), refit."""
    active = np.ones(x.shape[1], dtype=bool)
    while True:
        w = np.zeros(x.shape[1])
        w[active] = _newton(x[:, active], y, sw, l2)
        if (w >= 0).all():
            return w
        active &= w > 0


def _newton(x: np.ndarray, y: np.ndarray, sw: np.ndarray, l2: float) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (sw * (p - y)) + l2 * w
        hess = (x * (sw * p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def score(x: np.ndarray, y: np.ndarray, sw: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Accuracy and log-loss, weighted as the fit weighs the rows."""
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    right = ((p > 0.5) == (y > 0.5)).astype(float)
    loss = -(y * np.log(p) + (1 - y) * np.log(1 - p))
    return float((right * sw).sum() / sw.sum()), float((loss * sw).sum() / sw.sum())


def write(weights: dict[str, list[float]], commands: dict[str, str]) -> None:
    """The weights file, with the command that fitted each game's weights (a run with ``--game``
    refits those games and keeps the others)."""
    lines = ['"""Fitted weights of :mod:`tcg.agents.evaluation`, one per feature (``FEATURE_NAMES``).', "",
             "Written by benchmarks/fit_evaluation.py; do not edit by hand. ``COMMANDS`` says which",
             "command fitted each game's weights.", '"""', "", "WEIGHTS: dict[str, tuple[float, ...]] = {"]
    for game, w in sorted(weights.items()):
        lines.append(f"    {game!r}: ({', '.join(f'{v:.4f}' for v in w)},),")
    lines += ["}", "", "COMMANDS: dict[str, str] = {"]
    lines += [f"    {game!r}: {commands[game]!r}," for game in sorted(weights)]
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
    ap.add_argument("--weigh", choices=("games", "positions"), default="games",
                    help="give every game the same weight (default) or every position")
    ap.add_argument("--dry-run", action="store_true", help="print the fit, leave the weights file alone")
    args = ap.parse_args()
    from tcg.agents.evaluation_weights import COMMANDS, WEIGHTS

    weights = {g: list(w) for g, w in WEIGHTS.items()}
    commands = dict(COMMANDS)
    command = " ".join(["python benchmarks/fit_evaluation.py", *sys.argv[1:]])
    print("| game | games | positions | held-out accuracy | held-out log-loss | weights |")
    print("|---|---|---|---|---|---|")
    for game in args.game or game_names():
        pairings = args.pairing or [["rule", "rule"], ["rule", "random_by_type"], ["random_by_type", "rule"]]
        data = positions(game, args.games, args.seed, pairings)
        train = [d for d in data if d[0] % 5]
        test = [d for d in data if d[0] % 5 == 0]
        w = fit(*design(train, args.weigh))
        acc, loss = score(*design(test, args.weigh), w)
        named = ", ".join(f"{n} {v:+.2f}" for n, v in zip(FEATURE_NAMES[game], w, strict=True))
        print(f"| {game} | {args.games} | {len(design(data)[1])} | {100 * acc:.1f}% | {loss:.3f} | {named} |")
        weights[game] = [float(v) for v in fit(*design(data, args.weigh))]
        commands[game] = command
    if not args.dry_run:
        write(weights, commands)
        print(f"wrote {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
