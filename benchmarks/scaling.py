"""How simulation scales: games/s by worker count on the local and Ray backends, the overhead of
one task, and how a game's cost grows with its length.

    python benchmarks/scaling.py --game duel_masters --games 2000 --chunk-size 200 --repeat 2

Three measures, each printed as a Markdown table (docs/performance.md, "Scaling"):

1. **Throughput.** The same games (``--games``, in chunks of ``--chunk-size``) on every backend
   and worker count, timed from the first submission to the last row, worker start-up included
   (a user pays it; it is also measured apart, so the steady rate is shown too). One local worker
   is ``--jobs 1``: the games run in-process, as a user's would. Each configuration runs
   ``--repeat`` times, interleaved with the others so that the machine's drifting speed hits them
   alike; the best run counts. Parallel efficiency
   is games/s at N workers over N times games/s at one worker of the same backend.
2. **Per-task overhead.** ``--tasks`` empty units (a spec and no game) through each backend on
   two workers (one local worker plays in-process: no task at all), the workers' start-up taken
   out: what a task costs besides its games (pickling, scheduling, the round trip).
3. **Cost by length.** The rows of a one-worker run grouped by turns: games/s and microseconds
   per action inside each group, so a longer game's cost can be told from a slower engine.

Ray is optional (``pip install 'tcg-engine[ray]'``); without it the Ray rows are skipped. Every
row set is checked to be identical across configurations (the backends' promise), so a figure
never comes from a run that played different games.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if importlib.util.find_spec("tcg") is None:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tcg
from tcg.core.registry import load_game
from tcg.sim.backends import chunked, local_runtime_env, run_units
from tcg.sim.results import Row
from tcg.sim.work import WorkSpec


def spec_for(game_name: str, agents: Sequence[str], seed: int) -> WorkSpec:
    game = load_game(game_name)
    names = list(game.starter_decks())[:2]
    decks = [game.deck(n).flat() for n in names]
    return WorkSpec.of(game.name, decks, names, list(agents), seed)


def timed_run(backend: str, workers: int, units: list[Any]) -> tuple[float, list[Row]]:
    """Seconds from the first submission to the last row (a Ray instance with ``workers`` CPUs is
    started before the clock and stopped after it: its start is not the backend's throughput)."""
    ray = None
    if backend == "ray":
        import ray

        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False,
                 runtime_env=local_runtime_env())  # the workers run this build too
    try:
        t0 = time.perf_counter()
        rows = [r for chunk in run_units(backend, units, workers) for r in chunk]
        seconds = time.perf_counter() - t0
    finally:
        if ray is not None:
            ray.shutdown()
    return seconds, sorted(rows, key=lambda r: r["index"])


def same_games(rows: list[Row]) -> list[tuple[Any, ...]]:
    return [(r["index"], r["seed"], r["winner"], r["turns"], r["actions"]) for r in rows]


def startup(backend: str, workers: int, spec: WorkSpec) -> float:
    """The start-up part of a run: ``workers`` empty units (one each) through the backend."""
    seconds, _ = timed_run(backend, workers, [(spec, []) for _ in range(workers)])
    return seconds


def throughput(spec: WorkSpec, games: int, chunk: int, configs: list[tuple[str, int]], repeat: int) -> None:
    units = [(spec, c) for c in chunked(range(games), chunk)]
    best: dict[tuple[str, int], float] = {}
    starts: dict[tuple[str, int], float] = {}
    reference: list[tuple[Any, ...]] | None = None
    for _ in range(repeat):
        for config in configs:
            seconds, rows = timed_run(*config, units)
            games_played = same_games(rows)
            reference = reference or games_played
            if games_played != reference:
                raise SystemExit(f"{config}: the rows differ from the first configuration's")
            if games / seconds > best.get(config, 0.0):
                best[config] = games / seconds
            starts[config] = min(starts.get(config, float("inf")), startup(*config, spec))
    print(f"\n{games} games of {spec.game} ({' vs '.join(spec.agents)}), chunks of {chunk}, best of {repeat} "
          "(start-up: the workers' start, measured apart with empty tasks; 'steady' leaves it out):\n")
    print("| backend | workers | games/s | start-up s | steady games/s | efficiency | steady efficiency |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for backend, workers in configs:
        rate, start = best[backend, workers], starts[backend, workers]
        steady = games / max(1e-9, games / rate - start)
        base, base_start = best.get((backend, 1)), starts.get((backend, 1), 0.0)
        base_steady = games / max(1e-9, games / base - base_start) if base else None
        eff = f"{rate / (workers * base):.1%}" if base else "-"
        steady_eff = f"{steady / (workers * base_steady):.1%}" if base_steady else "-"
        print(f"| {backend} | {workers} | {rate:.1f} | {start:.2f} | {steady:.1f} | {eff} | {steady_eff} |")


def overhead(spec: WorkSpec, tasks: int, backends: list[str]) -> None:
    print(f"\nPer-task overhead ({tasks} empty tasks on two workers; start-up taken out):\n")
    print("| backend | ms per task |")
    print("|---|---:|")
    for backend in backends:
        units: list[Any] = [(spec, []) for _ in range(tasks)]
        start = startup(backend, 2, spec)
        seconds, _ = timed_run(backend, 2, units)
        print(f"| {backend} | {max(0.0, seconds - start) / tasks * 1000:.2f} |")


def by_length(spec: WorkSpec, games: int) -> None:
    _, rows = timed_run("local", 1, [(spec, list(range(games)))])
    turns = sorted(r["turns"] for r in rows)
    cuts = [turns[len(turns) * k // 4] for k in (1, 2, 3)]
    print(f"\nCost by game length ({games} games, one process; groups by turns, quartiles):\n")
    print("| turns | games | mean actions | games/s | µs per action |")
    print("|---|---:|---:|---:|---:|")
    low = min(turns)
    for high in [*cuts, max(turns) + 1]:
        group = [r for r in rows if low <= r["turns"] < high]
        if group:
            secs = sum(r["seconds"] for r in group)
            actions = sum(r["actions"] for r in group)
            print(f"| {low}-{high - 1} | {len(group)} | {statistics.mean(r['actions'] for r in group):.0f} | "
                  f"{len(group) / secs:.1f} | {secs / actions * 1e6:.1f} |")
        low = high


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="duel_masters")
    ap.add_argument("--agents", nargs=2, default=["rule", "rule"])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--chunk-size", type=int, default=200)
    ap.add_argument("--workers", default="1,2", help="worker counts, comma-separated")
    ap.add_argument("--backends", default="local,ray")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=200, help="empty tasks for the overhead measure")
    ap.add_argument("--length-games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    backends = [b for b in args.backends.split(",") if b]
    if "ray" in backends and importlib.util.find_spec("ray") is None:
        print("ray is not installed (pip install 'tcg-engine[ray]'): the Ray rows are skipped")
        backends.remove("ray")
    spec = spec_for(args.game, args.agents, args.seed)
    print(f"tcg-engine {tcg.__version__}, {tcg.build_name()}; {' '.join(sys.argv)}")
    configs = [(b, int(w)) for b in backends for w in args.workers.split(",")]
    throughput(spec, args.games, args.chunk_size, configs, args.repeat)
    overhead(spec, args.tasks, backends)
    by_length(spec, args.length_games)


if __name__ == "__main__":
    main()
