"""Paired deals between two agents: the ladder of issue 39 (``benchmarks/arena.py``).

Why paired: most of a card game's result is the deal (who draws what, who goes first). Each deal
is played twice on the same engine seed, the agents swapping seats, so both agents get the same
hands and the same turn order once each; a deal that one deck or one seat wins whatever the
agents do then scores 1 of 2 for each and adds no noise. Every ordered pair of the decks plays
(mirror matches too), as in ``benchmarks/strength.py``. The practice is argentum's (an open MTG
engine): promote a version only when the lower bound of its 95 % interval is above 50 %.

Each half of a deal pair is a :class:`~tcg.sim.work.WorkSpec` run of its own (its own
``master_seed``, so the rows of the two never share a key) whose engine seeds come from one shared
``deal_seed``: the rows are the simulator's rows, written to one results file that ``tcg report``
reads, the same on one worker or several (:func:`tcg.sim.runner.run_units_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

from tcg.core.registry import load_game
from tcg.core.rng import Rng
from tcg.sim.backends import chunked, default_chunk_size
from tcg.sim.results import Row
from tcg.sim.runner import run_units_of
from tcg.sim.stats import wilson
from tcg.sim.work import WorkSpec, game_seed

#: Resamples of the bootstrap interval (deals drawn with replacement).
BOOTSTRAP_RESAMPLES = 2000


@dataclass(frozen=True)
class Arena:
    """``pairs`` deals of ``game`` between agents ``a`` and ``b``, spread evenly over every
    ordered pair of ``decks`` (starter deck names), each deal played with both seatings."""

    game: str
    a: str
    b: str
    pairs: int
    decks: tuple[str, ...]
    seed: int = 1

    def specs(self) -> list[tuple[WorkSpec, int, int]]:
        """Each run: its spec, the deals it plays (indices 0..n-1) and the seat of agent ``a``."""
        g = load_game(self.game)
        lists = [g.deck(name) for name in self.decks]
        matchups = list(product(range(len(lists)), repeat=2))
        out: list[tuple[WorkSpec, int, int]] = []
        for k, (i, j) in enumerate(matchups):
            deals = self.pairs // len(matchups) + (k < self.pairs % len(matchups))
            if not deals:
                continue
            cards = [lists[i].flat(), lists[j].flat()]
            names = [self.decks[i], self.decks[j]]
            deal_seed = game_seed(self.seed, 2 * k)
            for seat_of_a, agents in enumerate(((self.a, self.b), (self.b, self.a))):
                spec = WorkSpec.of(self.game, cards, names, agents, game_seed(self.seed, 2 * k + seat_of_a),
                                   deal_seed=deal_seed)
                out.append((spec, deals, seat_of_a))
        return out


@dataclass
class Score:
    """Agent ``a``'s result: points (a win 1, a draw or an unfinished game ½), games, and the
    two 95 % intervals of its score."""

    points: float
    games: int
    unfinished: int
    errors: int
    wilson: tuple[float, float]
    bootstrap: tuple[float, float]

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else 0.0


def play(arena: Arena, jobs: int = 1, backend: str = "local", address: str | None = None,
         progress: Callable[[int], None] | None = None) -> tuple[list[Row], Score, bool]:
    """Play the arena: its rows (by run, then deal), agent ``a``'s score, and whether Ctrl-C
    (or a lost backend) stopped it early (the score is then of the games played)."""
    specs = arena.specs()
    size = default_chunk_size(max(1, sum(deals for _, deals, _ in specs)), jobs)
    units = [(spec, chunk) for spec, deals, _ in specs for chunk in chunked(range(deals), size)]
    result = run_units_of(units, backend, jobs, address, progress=progress)
    seat_of_a = {spec.master_seed: seat for spec, _, seat in specs}
    order = {spec.master_seed: k for k, (spec, _, _) in enumerate(specs)}
    rows = sorted(result.rows, key=lambda r: (order[r["master_seed"]], r["index"]))
    return rows, score(rows, seat_of_a, arena.seed), result.interrupted


def points_of(row: Row, seat: int) -> float:
    """What the agent in ``seat`` scored in the game of ``row``: a win 1, a loss 0, anything
    else (a draw, a game stopped at the action limit, an error) ½."""
    if row["outcome"] == "win":
        return 1.0 if row["winner"] == seat else 0.0
    return 0.5


def score(rows: Sequence[Row], seat_of_a: dict[int, int], seed: int = 1) -> Score:
    """Agent ``a``'s score over ``rows`` with its Wilson interval (games) and its bootstrap
    interval (deals resampled: the two games of a deal are not independent)."""
    deals: dict[tuple[int, str, str, int], list[float]] = {}
    for row in rows:
        key = (int(row["seed"]), str(row["deck_0"]), str(row["deck_1"]), int(row["index"]))
        deals.setdefault(key, []).append(points_of(row, seat_of_a[int(row["master_seed"])]))
    points = sum(sum(d) for d in deals.values())
    games = sum(len(d) for d in deals.values())
    unfinished = sum(1 for r in rows if r["outcome"] != "win" and r["outcome"] != "error")
    errors = sum(1 for r in rows if r["outcome"] == "error")
    return Score(points, games, unfinished, errors, wilson(round(points), games),
                 bootstrap([sum(d) / len(d) for d in deals.values()], seed))


def bootstrap(means: Sequence[float], seed: int = 1, resamples: int = BOOTSTRAP_RESAMPLES) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of the mean of ``means`` resampled with replacement
    (seeded: the same rows give the same interval); (0, 1) with nothing to resample."""
    if not means:
        return 0.0, 1.0
    rng, n = Rng(seed), len(means)
    stats = sorted(sum(means[rng.below(n)] for _ in range(n)) / n for _ in range(resamples))
    return stats[int(0.025 * (resamples - 1))], stats[int(0.975 * (resamples - 1) + 0.5)]
