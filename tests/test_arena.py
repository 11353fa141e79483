"""Issue 39: the arena's paired deals (tcg/sim/arena.py, benchmarks/arena.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from tcg.sim.arena import Arena, bootstrap, play
from tcg.sim.results import read_results

ROOT = Path(__file__).resolve().parent.parent
DM_DECKS = ("fire_nature", "water_darkness")


def timeless(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_each_deal_is_played_twice_on_one_seed_with_the_seats_swapped() -> None:
    rows, _, _ = play(Arena("duel_masters", "rule", "random", 4, DM_DECKS))
    assert len(rows) == 8
    by_deal: dict[tuple[int, str, str], list[tuple[str, str]]] = {}
    for r in rows:
        by_deal.setdefault((r["seed"], r["deck_0"], r["deck_1"]), []).append((r["agent_0"], r["agent_1"]))
    assert sorted(map(sorted, by_deal.values())) == [[("random", "rule"), ("rule", "random")]] * 4
    assert {(d0, d1) for _, d0, d1 in by_deal} == {(a, b) for a in DM_DECKS for b in DM_DECKS}  # every ordered pair


def test_a_mirror_scores_exactly_half() -> None:
    """The same agent on both sides: each deal's two games are the same game, one won from each seat."""
    _, score, _ = play(Arena("duel_masters", "rule", "rule", 6, DM_DECKS))
    assert score.games == 12 and score.points == 6 and score.bootstrap == (0.5, 0.5)
    assert score.wilson[0] < 0.5 < score.wilson[1]


def test_the_rows_are_the_same_on_one_worker_and_two() -> None:
    arena = Arena("duel_masters", "rule", "random", 4, DM_DECKS, seed=5)
    one, s1, _ = play(arena, jobs=1)
    two, s2, _ = play(arena, jobs=2)
    assert timeless(one) == timeless(two) and s1 == s2


def test_the_bootstrap_interval_is_seeded_and_holds_the_mean() -> None:
    means = [1.0, 0.5, 0.5, 0.0, 1.0, 1.0, 0.5, 1.0]
    low, high = bootstrap(means, seed=3)
    assert (low, high) == bootstrap(means, seed=3) and low < sum(means) / len(means) < high
    assert bootstrap([]) == (0.0, 1.0)


def test_the_script_prints_the_row_and_writes_rows_tcg_report_reads(tmp_path: Path) -> None:
    out = tmp_path / "dm.parquet"
    run = subprocess.run([sys.executable, "benchmarks/arena.py", "--game", "duel_masters", "--pairs", "2",
                          "--deck", "fire_nature", "--jobs", "1", "--out", str(out), "normal", "easy"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "| duel_masters | normal | easy | 2 |" in run.stdout and "Traceback" not in run.stderr
    assert len(read_results(out)) == 4
    report = subprocess.run([sys.executable, "-m", "tcg.cli.main", "report", str(out)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert report.returncode == 0 and "4 games" in report.stdout, report.stderr


def test_a_bad_agent_or_deck_is_a_precise_error(tmp_path: Path) -> None:
    for extra, said in ((["nobody", "rule"], "unknown agent 'nobody'"),
                        (["--deck", "nope", "rule", "easy"], "duel_masters has no starter deck nope")):
        run = subprocess.run([sys.executable, "benchmarks/arena.py", "--game", "duel_masters", *extra], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 2 and said in run.stderr and "Traceback" not in run.stderr, run.stderr
