"""Many games in a row (or in parallel): seeds, worker processes, statistics and exports.

``tcg simulate`` and ``tcg demo`` run on :mod:`tcg.sim.work` and :mod:`tcg.sim.backends` (rows
of :mod:`tcg.sim.results`, hashed per-game seeds); this older path stays for the benchmarks
whose recorded figures use its ``seed + i`` seeds (``benchmarks/strength.py``) and for
:func:`wilson`.

Game ``i`` of a batch uses seed ``S + i`` for the engine (which also picks the first
player) and seeds derived from it for the agents, so any single game of a batch can be
re-run on its own. Workers are started with ``spawn`` (no state inherited from the parent;
safe next to the progress bar's thread) and get the decks as plain card-name lists.
"""

from __future__ import annotations

import csv
import json
import math
import multiprocessing
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tcg.core.registry import load_game
from tcg.sim.loop import DEFAULT_MAX_ACTIONS, play_game
from tcg.sim.replay import deck_from_names
from tcg.sim.stats import wilson as wilson  # re-exported: it lived here first

Progress = Callable[[int], None]


@dataclass
class GameRecord:
    """One row of a batch: what happened in game ``index`` (seed ``seed``)."""

    index: int
    seed: int
    winner: int | str | None
    first_player: int
    turns: int
    actions: int
    reason: str
    seconds: float


@dataclass
class BatchSpec:
    """Everything a worker needs, as plain picklable data."""

    game: str
    decks: list[list[str]]
    deck_names: list[str]
    agents: list[str]
    options: dict[str, str] = field(default_factory=dict)
    max_actions: int = DEFAULT_MAX_ACTIONS
    replay_dir: str | None = None


def _run_chunk(spec: BatchSpec, items: list[tuple[int, int]]) -> list[GameRecord]:
    """Worker entry point (top level, so that spawn can import it)."""
    game = load_game(spec.game)
    decks = [deck_from_names(names, name) for names, name in zip(spec.decks, spec.deck_names, strict=True)]
    out = []
    for index, seed in items:
        t0 = time.perf_counter()
        result, rep = play_game(game, decks, spec.agents, seed, spec.options, spec.max_actions)
        if spec.replay_dir:
            rep.save(Path(spec.replay_dir) / f"game-{index:05d}-seed-{seed}.json")
        out.append(GameRecord(index, seed, result.winner, result.first_player, result.turns, result.actions,
                              result.reason, time.perf_counter() - t0))
    return out


def _run_chunk_star(args: tuple[BatchSpec, list[tuple[int, int]]]) -> list[GameRecord]:
    return _run_chunk(*args)


def run_batch(spec: BatchSpec, games: int, seed: int, jobs: int = 1,
              progress: Progress | None = None) -> list[GameRecord]:
    """Play ``games`` games (seeds ``seed .. seed+games-1``) on ``jobs`` processes, in index order."""
    if spec.replay_dir:
        Path(spec.replay_dir).mkdir(parents=True, exist_ok=True)
    items = [(i, seed + i) for i in range(games)]
    jobs = max(1, min(jobs, games or 1))
    # Small chunks keep the progress bar moving and the workers evenly loaded.
    size = max(1, min(25, math.ceil(games / (jobs * 8)))) if jobs > 1 else max(1, min(10, games))
    chunks = [items[i:i + size] for i in range(0, len(items), size)]
    records: list[GameRecord] = []
    if jobs == 1:
        for chunk in chunks:
            done = _run_chunk(spec, chunk)
            records.extend(done)
            if progress:
                progress(len(done))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            for done in pool.imap_unordered(_run_chunk_star, [(spec, c) for c in chunks]):
                records.extend(done)
                if progress:
                    progress(len(done))
    records.sort(key=lambda r: r.index)
    return records


# ---------------------------------------------------------------------- statistics
def summarize(records: Sequence[GameRecord], deck_names: Sequence[str], agents: Sequence[str]) -> dict[str, Any]:
    """Win rate per seat (with its deck and agent), draws, first-player win rate, means."""
    n = len(records)
    seats = []
    for seat, deck in enumerate(deck_names):
        wins = sum(1 for r in records if r.winner == seat)
        lo, hi = wilson(wins, n)
        seats.append({"seat": seat, "deck": deck, "agent": agents[seat], "wins": wins,
                      "win_rate": wins / n if n else 0.0, "ci95": [lo, hi]})
    decisive = [r for r in records if r.winner in (0, 1)]
    first_wins = sum(1 for r in decisive if r.winner == r.first_player)
    flo, fhi = wilson(first_wins, len(decisive))
    reasons: dict[str, int] = {}
    for r in records:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    return {
        "games": n,
        "seats": seats,
        "draws": sum(1 for r in records if r.winner == "draw"),
        "unfinished": sum(1 for r in records if r.winner is None),
        "first_player_wins": first_wins,
        "first_player_win_rate": first_wins / len(decisive) if decisive else 0.0,
        "first_player_ci95": [flo, fhi],
        "mean_turns": sum(r.turns for r in records) / n if n else 0.0,
        "mean_actions": sum(r.actions for r in records) / n if n else 0.0,
        "reasons": dict(sorted(reasons.items())),
    }


# ---------------------------------------------------------------------- exports
CSV_FIELDS = ["index", "seed", "winner", "winner_deck", "first_player", "turns", "actions", "reason", "seconds"]


def _row(r: GameRecord, deck_names: Sequence[str]) -> dict[str, Any]:
    row = asdict(r)
    row["winner"] = "" if r.winner is None else r.winner
    row["winner_deck"] = deck_names[r.winner] if isinstance(r.winner, int) else ""
    row["seconds"] = round(r.seconds, 6)
    return row


def write_csv(path: str | Path, records: Sequence[GameRecord], deck_names: Sequence[str]) -> None:
    with Path(path).open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for r in records:
            writer.writerow(_row(r, deck_names))


def write_json(path: str | Path, summary: Mapping[str, Any], records: Sequence[GameRecord],
               deck_names: Sequence[str], meta: Mapping[str, Any] | None = None) -> None:
    data = {"summary": dict(summary), **({"run": dict(meta)} if meta else {}),
            "games": [_row(r, deck_names) for r in records]}
    Path(path).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
