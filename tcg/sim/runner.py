"""A long run: chunks on a backend, rows kept as they come, written now and then, resumable.

Why rows are written periodically and atomically (:func:`tcg.sim.results.write_results`): a
run that is killed loses at most the games since the last write, and the file on disk is
always whole, so ``--resume`` can read it. Why Ctrl-C is caught here: the finished games are
the run's value; an interrupted run writes them and says it was interrupted.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcg.sim.backends import BackendError, Unit, chunked, default_chunk_size, run_units
from tcg.sim.results import ResultsError, Row, read_results, write_results
from tcg.sim.work import WorkSpec

Progress = Callable[[int], None]


class ResumeError(ResultsError):
    """A results file that is not an earlier part of this run."""


@dataclass
class RunPlan:
    """What to run: ``games`` games of ``spec`` on ``backend``; ``previous`` rows (from
    ``--resume``) are kept and their indices skipped."""

    spec: WorkSpec
    games: int
    backend: str = "local"
    jobs: int = 1
    chunk_size: int | None = None
    address: str | None = None
    out: Path | None = None
    previous: Sequence[Row] = ()


@dataclass
class RunResult:
    """The rows (previous ones included, by index); ``interrupted`` by Ctrl-C/SIGTERM or by a
    backend failure (``failure`` says which) after ``played`` games of this call."""

    rows: list[Row]
    interrupted: bool
    played: int
    failure: str = ""
    errors: int = field(init=False)

    def __post_init__(self) -> None:
        self.errors = sum(1 for r in self.rows if r["outcome"] == "error")


def resume_rows(path: str | Path, spec: WorkSpec, games: int) -> list[Row]:
    """The rows of ``path`` if it is an earlier part of this very run (same game, decks, agents,
    options and master seed, indices below ``games``, none twice); a :class:`ResumeError`
    saying what differs otherwise."""
    rows = read_results(path)
    expected = spec.identity()
    seen: set[int] = set()
    for i, row in enumerate(rows):
        for column, ours in expected.items():
            if row[column] != ours:
                raise ResumeError(f"{path}: not a part of this run, cannot resume: row {i} has {column} "
                                  f"{row[column]!r}, this command {ours!r}")
        if not 0 <= row["index"] < games:
            raise ResumeError(f"{path}: row {i} is game {row['index']}, outside this run's {games} games "
                              "(give the same --games)")
        if row["index"] in seen:
            raise ResumeError(f"{path}: game {row['index']} appears twice")
        seen.add(row["index"])
    return rows


class PeriodicWriter:
    """Writes every row to ``path`` after the first chunk, then at most every ``interval``
    seconds, and never spends more than about a tenth of the run writing (a big file takes
    longer to rewrite, so it is rewritten less often)."""

    def __init__(self, path: Path | None, interval: float = 2.0) -> None:
        self.path = path
        self.interval = interval
        self._next = 0.0

    def maybe(self, rows: dict[tuple[int, int], Row]) -> None:
        if self.path is None or time.monotonic() < self._next:
            return
        took = self.write(rows)
        self._next = time.monotonic() + max(self.interval, 10 * took)

    def write(self, rows: dict[tuple[int, int], Row]) -> float:
        if self.path is None:
            return 0.0
        t0 = time.monotonic()
        write_results(self.path, [rows[i] for i in sorted(rows)])
        return time.monotonic() - t0


def run(plan: RunPlan, progress: Progress | None = None) -> RunResult:
    """Play the games of ``plan`` not in ``plan.previous``; Ctrl-C (or SIGTERM) stops it with every
    finished row kept (and written to ``plan.out``, as all rows are at the end)."""
    done = {r["index"] for r in plan.previous}
    todo = [i for i in range(plan.games) if i not in done]
    size = plan.chunk_size or default_chunk_size(len(todo), plan.jobs)
    units = [(plan.spec, chunk) for chunk in chunked(todo, size)]
    return run_units_of(units, plan.backend, plan.jobs, plan.address, plan.out, plan.previous, progress)


def row_key(row: Row) -> tuple[int, int]:
    """A game's place among the rows of several runs: its run's master seed, then its index."""
    return row["master_seed"], row["index"]


def run_units_of(units: Sequence[Unit], backend: str, jobs: int = 1, address: str | None = None,
                 out: Path | None = None, previous: Sequence[Row] = (),
                 progress: Progress | None = None) -> RunResult:
    """Play ``units`` (specs and chunks of indices: one run's, or a tournament's of many runs)
    on ``backend``, keeping ``previous`` rows; the rows come back sorted by :func:`row_key`."""
    rows = {row_key(r): r for r in previous}
    writer = PeriodicWriter(out)
    chunks = run_units(backend, units, jobs, address)
    played = 0
    interrupted = False
    failure = ""
    try:
        with _sigterm_interrupts():
            for finished in chunks:
                rows.update((row_key(r), r) for r in finished)
                played += len(finished)
                if progress:
                    progress(len(finished))
                writer.maybe(rows)
    except KeyboardInterrupt:
        interrupted = True
    except BackendError as exc:
        if not played:
            writer.path = None  # nothing ran (Ray missing, no cluster): a plain error, no file
            raise
        interrupted, failure = True, str(exc)
    finally:
        with _signals_held_off():
            _close_chunks(chunks)
            writer.write(rows)
    return RunResult([rows[k] for k in sorted(rows)], interrupted, played, failure)


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _close_chunks(chunks: Iterator[Any]) -> None:
    """Stop the backend (its workers): a generator runs its clean-up when closed."""
    close = getattr(chunks, "close", None)
    if close is not None:
        close()


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()  # signals can be set only there


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """A scheduler's SIGTERM (a cluster job's time limit, ``kill``) stops the run as Ctrl-C does."""
    if not _in_main_thread():
        yield
        return
    old = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


@contextmanager
def _signals_held_off() -> Iterator[None]:
    """While the workers stop and the rows are written, a second Ctrl-C or SIGTERM cannot cut the
    file or leave a traceback (the process ends right after anyway)."""
    if not _in_main_thread():
        yield
        return
    old = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
