"""A round robin: every pair of decks plays the same number of games, one run per pair.

Why one :class:`~tcg.sim.work.WorkSpec` per pair: a pair's rows are then a run like any other
(the same seeds on every backend, resumable by index), and the rows of all pairs together are
one results file that ``tcg report`` reads as a matchup matrix. Seats are not swapped: the
engine draws the first player from each game's seed, so neither deck is favoured by its seat.
Each pair gets its own master seed, derived from the tournament's seed and the pair's number,
so two pairs never replay the same deals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from tcg.core.decklist import DeckList
from tcg.core.errors import TcgError
from tcg.core.game import Game
from tcg.sim.backends import chunked, default_chunk_size
from tcg.sim.results import Row
from tcg.sim.runner import run_units_of
from tcg.sim.work import WorkSpec, game_seed

DECK_SUFFIX = ".txt"


class TournamentError(TcgError):
    """A tournament that cannot be set up as asked (what is missing, where)."""


@dataclass(frozen=True)
class Entrant:
    """A deck in the round robin: its label and its cards."""

    label: str
    deck: DeckList


def entrants(game: Game, source: str) -> list[Entrant]:
    """The decks of ``source``: every deck file (``*.txt``, the format ``tcg deck check`` reads)
    in a folder, or the game's starter decks for the word ``starters``; at least two, each checked
    by the game's deck rules (the error names the file)."""
    if source == "starters":
        names = list(game.starter_decks())
        found = [Entrant(n, game.deck(n)) for n in names]
    else:
        folder = Path(source)
        if not folder.is_dir():
            raise TournamentError(f"{source}: not a folder of deck files (or the word 'starters')")
        files = sorted(p for p in folder.iterdir() if p.suffix == DECK_SUFFIX and p.is_file())
        found = [Entrant(p.stem, game.deck(str(p))) for p in files]
    if len(found) < 2:
        raise TournamentError(f"{source}: a round robin needs at least two decks, found {len(found)}"
                              f" (deck files end in {DECK_SUFFIX})")
    labels = [e.label for e in found]
    twice = sorted({n for n in labels if labels.count(n) > 1})
    if twice:
        raise TournamentError(f"{source}: two decks are labelled {', '.join(twice)}")
    return found


@dataclass
class Tournament:
    """Every pair of ``decks`` plays ``games_per_pair`` games with ``agents`` (seat 0, seat 1)."""

    game: str
    decks: Sequence[Entrant]
    agents: tuple[str, str]
    games_per_pair: int
    seed: int = 1
    options: dict[str, str] = field(default_factory=dict)
    max_actions: int | None = None

    def pairs(self) -> list[tuple[int, Entrant, Entrant]]:
        return [(k, a, b) for k, (a, b) in enumerate(combinations(self.decks, 2))]

    def spec(self, number: int, a: Entrant, b: Entrant) -> WorkSpec:
        extra = {} if self.max_actions is None else {"max_actions": self.max_actions}
        return WorkSpec.of(self.game, [a.deck.flat(), b.deck.flat()], [a.label, b.label], list(self.agents),
                           game_seed(self.seed, number), self.options, **extra)


@dataclass
class TournamentResult:
    rows: list[Row]
    interrupted: bool
    played: int
    failure: str = ""


def play(t: Tournament, backend: str = "local", jobs: int = 1, address: str | None = None,
         chunk_size: int | None = None, progress: Callable[[int], None] | None = None) -> TournamentResult:
    """Play every pair's games in one stream of units (the workers start once); Ctrl-C (or a lost
    backend) stops it with the games finished so far kept. Rows come back pair by pair."""
    specs = [t.spec(number, a, b) for number, a, b in t.pairs()]
    size = chunk_size or default_chunk_size(len(specs) * t.games_per_pair, jobs)
    units = [(spec, chunk) for spec in specs for chunk in chunked(range(t.games_per_pair), size)]
    result = run_units_of(units, backend, jobs, address, progress=progress)
    order = {spec.master_seed: k for k, spec in enumerate(specs)}
    rows = sorted(result.rows, key=lambda r: (order[r["master_seed"]], r["index"]))
    return TournamentResult(rows, result.interrupted, result.played, result.failure)
