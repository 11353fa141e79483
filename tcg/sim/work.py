"""One picklable unit of work: a spec and a chunk of game indices, run into result rows.

Every backend (in-process, local processes, Ray tasks) runs :func:`run_chunk` and nothing
else, so one command gives the same rows on all of them. Why the seeds are hashed, not
``seed + i``: a game's seed must depend only on the run's master seed and the game's index,
never on which worker or chunk plays it, and neighbouring runs (master seeds 1 and 2) must not
share games. :func:`game_seed` is SplitMix64 (the engine's own generator, :mod:`tcg.core.rng`)
applied twice: ``mix(mix(master_seed) xor index)``, kept to 63 bits so it fits a signed 64-bit
Parquet column.
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcg.core.decklist import DeckList
from tcg.core.game import Game
from tcg.core.registry import load_game
from tcg.core.rng import next_u64
from tcg.sim.loop import DEFAULT_MAX_ACTIONS, Result, play_game
from tcg.sim.replay import deck_from_names
from tcg.sim.results import Row
from tcg.sim.tally import Tally

_MASK64 = (1 << 64) - 1
_MASK63 = (1 << 63) - 1


def game_seed(master_seed: int, index: int) -> int:
    """The engine seed of game ``index`` of a run with ``master_seed`` (module docstring)."""
    mixed = next_u64(master_seed & _MASK64)[1]
    return next_u64(mixed ^ (index & _MASK64))[1] & _MASK63


class InjectedFailure(RuntimeError):
    """Raised by a game listed in ``WorkSpec.fail_games``: the tests' way to make a game fail."""


@dataclass(frozen=True)
class WorkSpec:
    """Everything a worker needs, as plain picklable data (decks as card-name lists, so a worker
    needs no deck files; agents as specs such as ``ismcts:iterations=500``)."""

    game: str
    decks: tuple[tuple[str, ...], ...]
    deck_names: tuple[str, ...]
    agents: tuple[str, ...]
    master_seed: int
    options: tuple[tuple[str, str], ...] = ()
    max_actions: int = DEFAULT_MAX_ACTIONS
    replay_dir: str | None = None
    #: Game indices that raise instead of playing (tests only: a failure on demand).
    fail_games: frozenset[int] = field(default_factory=frozenset)
    #: The master seed the games' engine seeds come from, when not ``master_seed``: the arena's
    #: two runs of a deal (seats swapped) share it but keep their own ``master_seed``, which
    #: keys the rows (:mod:`tcg.sim.arena`).
    deal_seed: int | None = None

    @classmethod
    def of(cls, game: str, decks: Sequence[Sequence[str]], deck_names: Sequence[str], agents: Sequence[str],
           master_seed: int, options: dict[str, str] | None = None, **kw: Any) -> WorkSpec:
        return cls(game, tuple(tuple(d) for d in decks), tuple(deck_names), tuple(agents), master_seed,
                   tuple(sorted((options or {}).items())), **kw)

    def options_json(self) -> str:
        return json.dumps(dict(self.options), sort_keys=True)

    def identity(self) -> dict[str, Any]:
        """The columns every row of this run shares: what ``--resume`` checks a file against."""
        return {"game": self.game, "deck_0": self.deck_names[0], "deck_1": self.deck_names[1],
                "agent_0": self.agents[0], "agent_1": self.agents[1], "options": self.options_json(),
                "master_seed": self.master_seed}


def run_chunk(spec: WorkSpec, indices: Sequence[int]) -> list[Row]:
    """The rows of games ``indices`` (one each, in that order). A game that raises is a row with
    outcome ``error`` and its traceback; the chunk goes on. Top level, so that spawn and Ray
    can import it."""
    game, decks = prepare(spec)
    return [run_game(spec, game, decks, index) for index in indices]


def prepare(spec: WorkSpec) -> tuple[Game, list[DeckList]]:
    """The game and the decks of ``spec`` in this process (and its replay directory made)."""
    game = load_game(spec.game)
    decks = [deck_from_names(list(names), label) for names, label in zip(spec.decks, spec.deck_names, strict=True)]
    if spec.replay_dir:
        Path(spec.replay_dir).mkdir(parents=True, exist_ok=True)
    return game, decks


def run_game(spec: WorkSpec, game: Game, decks: Sequence[DeckList], index: int) -> Row:
    """Game ``index`` of the run as its row (the game, its per-player summary, or its failure)."""
    seed = game_seed(spec.master_seed if spec.deal_seed is None else spec.deal_seed, index)
    row = base_row(spec, index, seed)
    tally = Tally(game)
    t0 = time.perf_counter()
    try:
        if index in spec.fail_games:
            raise InjectedFailure(f"game {index} was told to fail (WorkSpec.fail_games)")
        result, rep = play_game(game, decks, list(spec.agents), seed, dict(spec.options), spec.max_actions,
                                tally=tally)
        if spec.replay_dir:
            path = Path(spec.replay_dir) / f"game-{index:06d}.json"
            rep.save(path)
            row["replay"] = str(path)
    except Exception:  # any failure of one game becomes its row; KeyboardInterrupt still stops the run
        row.update(outcome="error", reason="error", error=traceback.format_exc())
        row["seconds"] = time.perf_counter() - t0
        return row
    row["seconds"] = time.perf_counter() - t0
    row.update(result_columns(result, spec.deck_names))
    for p in (0, 1):
        row[f"p{p}_cards_played"] = len(tally.played[p])
        row[f"p{p}_played"] = tally.played[p]
        row[f"p{p}_damage_dealt"] = tally.damage[p]
    return row


def base_row(spec: WorkSpec, index: int, seed: int) -> Row:
    """A row with the run's columns filled and the game's still empty (what an error row keeps)."""
    return {"index": index, "seed": seed, **spec.identity(), "outcome": "error", "winner": -1, "winner_deck": "",
            "reason": "", "turns": 0, "actions": 0, "first_player": -1, "seconds": 0.0, "error": "",
            "p0_cards_played": 0, "p1_cards_played": 0, "p0_damage_dealt": 0, "p1_damage_dealt": 0,
            "p0_played": [], "p1_played": [], "replay": ""}


def result_columns(result: Result, deck_names: Sequence[str]) -> dict[str, Any]:
    winner = result.winner
    if isinstance(winner, int):
        outcome, seat, deck = "win", winner, deck_names[winner]
    else:
        outcome, seat, deck = ("draw" if winner == "draw" else "unfinished"), -1, ""
    return {"outcome": outcome, "winner": seat, "winner_deck": deck, "reason": result.reason,
            "turns": result.turns, "actions": result.actions, "first_player": result.first_player}
