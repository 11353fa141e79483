"""Where chunks of games run: in this process, on local processes, or on a Ray cluster.

A backend takes *units* - a :class:`~tcg.sim.work.WorkSpec` and a chunk of game indices, the one
picklable piece of work - and yields each unit's rows as it finishes (in any order); the caller
sorts them. A run is the units of one spec; a tournament mixes the units of every pair in one
stream, so its workers start once. All of them run
:func:`tcg.sim.work.run_chunk`, so the rows do not depend on the backend. Each keeps at most
about two chunks per worker in flight: enough that no worker waits, few enough that an
interrupted run loses little and a million-game run does not queue a million tasks.
Closing the iterator (Ctrl-C in the caller) stops the workers.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import socket
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from tcg.core.errors import TcgError
from tcg.sim.results import Row
from tcg.sim.work import WorkSpec, prepare, run_chunk, run_game

BACKENDS = ("local", "ray")
RAY_MISSING = "the ray backend needs Ray: pip install 'tcg-engine[ray]'"
IN_FLIGHT_PER_WORKER = 2


class BackendError(TcgError):
    """A backend that cannot run as asked (Ray missing, a cluster that does not answer)."""


def chunked(indices: Sequence[int], size: int) -> list[list[int]]:
    """``indices`` in consecutive chunks of ``size`` (the last one shorter)."""
    size = max(1, size)
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


def default_chunk_size(games: int, workers: int) -> int:
    """About eight chunks per worker, at most 25 games each: the bar moves, the workers stay
    loaded to the end, and a chunk's overhead (one task, one pickled spec) stays small."""
    return max(1, min(25, math.ceil(games / (max(1, workers) * 8))))


Unit = tuple[Any, Sequence[int]]  # a spec (WorkSpec for a simulation) and its game indices
#: What runs a unit: :func:`tcg.sim.work.run_chunk` for a simulation; another top-level function
#: of (spec, indices) -> rows for other work on games (the soak, :mod:`tcg.sim.soak`).
Task = Callable[[Any, Sequence[int]], list[Row]]


def run_chunks(backend: str, spec: WorkSpec, chunks: Sequence[Sequence[int]], jobs: int = 1,
               address: str | None = None) -> Iterator[list[Row]]:
    """Each chunk's rows, as they finish, from ``backend`` (``local`` or ``ray``)."""
    return run_units(backend, [(spec, c) for c in chunks], jobs, address)


def run_units(backend: str, units: Sequence[Unit], jobs: int = 1, address: str | None = None,
              task: Task = run_chunk) -> Iterator[list[Row]]:
    """Each unit's rows, as they finish, from ``backend`` (``local`` or ``ray``), each unit run
    by ``task``."""
    if backend == "local":
        if jobs > 1:
            return local_processes(units, jobs, task)
        return in_process(units) if task is run_chunk else one_by_one(units, task)
    if backend == "ray":
        return ray_tasks(units, jobs, address, task)
    raise BackendError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")


# ---------------------------------------------------------------------- local
def in_process(units: Sequence[Unit]) -> Iterator[list[Row]]:
    """``--jobs 1``: no worker at all. Rows come one game at a time, so Ctrl-C keeps every game
    finished so far (the same rows: a game's row depends on its spec and index only)."""
    prepared: dict[WorkSpec, Any] = {}
    for spec, chunk in units:
        if spec not in prepared:
            prepared[spec] = prepare(spec)
        game, decks = prepared[spec]
        for index in chunk:
            yield [run_game(spec, game, decks, index)]


def one_by_one(units: Sequence[Unit], task: Task) -> Iterator[list[Row]]:
    """``--jobs 1`` for another task: one game at a time, in this process."""
    for spec, chunk in units:
        for index in chunk:
            yield task(spec, [index])


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them: no traceback from every worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def local_processes(units: Sequence[Unit], jobs: int, task: Task = run_chunk) -> Iterator[list[Row]]:
    """``jobs`` processes started with ``spawn`` (nothing inherited: safe beside the progress
    bar's thread, and the same on every platform)."""
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_ignore_sigint)
    pending = list(reversed(units))
    running: set[Future[list[Row]]] = set()
    finished = False
    try:
        while pending or running:
            while pending and len(running) < jobs * IN_FLIGHT_PER_WORKER:
                running.add(pool.submit(task, *pending.pop()))
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield _chunk_rows(future)
        finished = True
    finally:
        if not finished:
            _stop_workers(pool)
        # Wait even when interrupted (the workers are ended, so it is short): the executor's
        # thread then ends here, while the caller holds Ctrl-C off, and not at the
        # interpreter's exit, where a signal or the broken pool printed a traceback.
        pool.shutdown(wait=True, cancel_futures=True)


def _chunk_rows(future: Future[list[Row]]) -> list[Row]:
    """A chunk's rows; a worker that died (killed, out of memory) is a :class:`BackendError`,
    so the run stops with its finished games kept. A game's own failure never gets here: it is
    a row."""
    try:
        return future.result()
    except BrokenProcessPool as exc:
        raise BackendError(f"a worker process died ({exc})") from None


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Interrupted: end the running chunks now rather than after their last game. The executor
    has no public way to do it: its private ``_processes`` map is the only handle on them."""
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        if process.is_alive():
            process.terminate()


# ---------------------------------------------------------------------- ray
def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError(RAY_MISSING) from None
    return ray


def ray_tasks(units: Sequence[Unit], jobs: int, address: str | None, task: Task = run_chunk
              ) -> Iterator[list[Row]]:
    """One Ray task per unit (each spec put into the object store once), streamed with
    ``ray.wait``. Connects to the cluster at ``address`` (``auto``, ``HOST:PORT``) or
    ``RAY_ADDRESS``; without either, starts a local instance with ``jobs`` CPUs. A Ray already
    initialised by the caller (a test, a notebook) is used as is and left running."""
    ray = import_ray()
    started = connect(ray, address, jobs)
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))
        # A task is retried if its worker dies (a chunk's rows depend on nothing but the chunk).
        remote = ray.remote(num_cpus=1, max_retries=3)(task)
        refs: dict[Any, Any] = {}
        for spec, _ in units:
            if spec not in refs:
                refs[spec] = ray.put(spec)
        yield from _stream(ray, remote, [(refs[spec], chunk) for spec, chunk in units],
                           workers * IN_FLIGHT_PER_WORKER)
    finally:
        if started:
            ray.shutdown()


def _stream(ray: Any, task: Any, units: Sequence[tuple[Any, Sequence[int]]], limit: int
            ) -> Iterator[list[Row]]:
    pending = list(reversed(units))
    running: list[Any] = []
    finished = False
    try:
        while pending or running:
            while pending and len(running) < limit:
                running.append(task.remote(*pending.pop()))
            done, running = ray.wait(running, num_returns=1)
            for ref in done:
                yield _task_rows(ray, ref)
        finished = True
    finally:
        if not finished:
            for ref in running:
                ray.cancel(ref, force=True)


def _task_rows(ray: Any, ref: Any) -> list[Row]:
    try:
        rows: list[Row] = ray.get(ref)
    except ray.exceptions.RayError as exc:  # retries exhausted, a node lost, the cluster gone
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BackendError(f"a Ray task failed: {first}") from None
    return rows


def connect(ray: Any, address: str | None, jobs: int) -> bool:
    """Initialise Ray unless it already is; True when this call started it (and must stop it)."""
    if ray.is_initialized():
        return False
    address = address or os.environ.get("RAY_ADDRESS") or None
    kw: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address:
        check_reachable(address)
    try:
        if address:
            ray.init(address=address, runtime_env=engine_runtime_env(), **kw)
        else:
            ray.init(num_cpus=max(1, jobs), runtime_env=local_runtime_env(), **kw)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, AuthenticationError...
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BackendError(f"could not start or reach {where}: {first} ({AUTH_HINT})") from None
    return True


AUTH_HINT = ("a cluster with token authentication needs RAY_AUTH_MODE=token and its token on this machine too: "
             "docs/simulation.md")


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """A HOST:PORT nobody listens on fails now, not after Ray's minutes of retries."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or "://" in address:
        return  # auto, or a ray:// client address: Ray resolves those itself
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout).close()
    except OSError as exc:
        raise BackendError(f"no Ray cluster answers at {address} ({exc.strerror or exc}); start one with "
                           f"ray start --head --port={port}, or check --address / RAY_ADDRESS") from None


def local_runtime_env() -> dict[str, Any]:
    """A local Ray instance's workers import the engine the driver imported: when the driver runs
    the compiled build, the folder holding it goes on their path (Ray's workers do not inherit
    the driver's ``sys.path``; Ray puts the driver's working directory first, so a driver started
    in the checkout still gives them the sources - start it elsewhere). The pure sources need
    nothing: a per-job environment costs about half a second of worker start-up."""
    import tcg

    if tcg.build_name() == "pure Python":
        return {}
    home = str(Path(tcg.__file__).resolve().parent.parent)
    rest = os.environ.get("PYTHONPATH", "")
    return {"env_vars": {"PYTHONPATH": os.pathsep.join(p for p in (home, rest) if p)}}


def engine_runtime_env() -> dict[str, Any]:
    """Ship this engine (the ``tcg`` package, card files included) with the job, so a cluster's
    workers run the same code as the driver even where tcg-engine is not installed."""
    import tcg

    return {"py_modules": [str(Path(tcg.__file__).parent)], "excludes": ["__pycache__"]}
