"""Issue 19: one unit of work on every backend, failures as rows, resume, Ctrl-C, the per-player summary."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tcg.cli.main import app
from tcg.core.actions import Action
from tcg.core.registry import game_names, load_game
from tcg.core.rng import next_u64
from tcg.sim.backends import BackendError, _chunk_rows
from tcg.sim.loop import play_game
from tcg.sim.results import read_results, write_results
from tcg.sim.runner import RunPlan, run
from tcg.sim.tally import Tally
from tcg.sim.work import WorkSpec, game_seed, run_chunk

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
GAMES = 9


def dm_spec(master_seed: int = 5, **kw: Any) -> WorkSpec:
    game = load_game("duel_masters")
    names = sorted(game.starter_decks())[:2]
    return WorkSpec.of("duel_masters", [game.deck(n).flat() for n in names], names, ["random", "random"],
                       master_seed, game.resolve_options(None), **kw)


def timeless(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


@pytest.fixture(scope="module")
def reference() -> list[dict[str, Any]]:
    """The rows of the whole run played as one chunk in this process."""
    return timeless(run_chunk(dm_spec(), range(GAMES)))


def test_game_seed_is_the_documented_hash_of_master_seed_and_index() -> None:
    seeds = [game_seed(5, i) for i in range(100)]
    assert seeds[7] == next_u64(next_u64(5)[1] ^ 7)[1] & ((1 << 63) - 1)
    assert len(set(seeds)) == 100 and all(0 <= s < 1 << 63 for s in seeds)
    assert not set(seeds) & {game_seed(6, i) for i in range(100)}  # neighbouring runs share no game
    assert [game_seed(5, i) for i in range(100)] == seeds


@pytest.mark.parametrize(("jobs", "chunk"), [(1, None), (1, 3), (2, 1), (2, 3), (2, 7)])
def test_same_rows_on_every_worker_count_and_chunk_size(reference: list[dict[str, Any]], jobs: int,
                                                        chunk: int | None) -> None:
    result = run(RunPlan(dm_spec(), GAMES, jobs=jobs, chunk_size=chunk))
    assert not result.interrupted and result.played == GAMES
    assert timeless(result.rows) == reference
    assert [r["seed"] for r in result.rows] == [game_seed(5, i) for i in range(GAMES)]


@pytest.fixture
def ray_instance() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_gives_the_same_rows(reference: list[dict[str, Any]], ray_instance: Any) -> None:
    result = run(RunPlan(dm_spec(), GAMES, backend="ray", jobs=2, chunk_size=3))
    assert timeless(result.rows) == reference
    assert ray_instance.is_initialized()  # a Ray started by the caller is left running


def test_the_ray_backend_without_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(BackendError, match=re.escape("pip install 'tcg-engine[ray]'")):
        run(RunPlan(dm_spec(), 2, backend="ray"))
    out = tmp_path / "rows.parquet"
    result = runner.invoke(app, ["simulate", "--games", "2", "--backend", "ray", "--out", str(out)])
    assert result.exit_code == 1 and "the ray backend needs Ray: pip install 'tcg-engine[ray]'" in result.output
    assert not out.exists()  # nothing ran: no empty results file left behind


def test_a_ray_address_nobody_answers_at_fails_at_once() -> None:
    pytest.importorskip("ray")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # free once closed
    t0 = time.monotonic()
    result = runner.invoke(app, ["simulate", "--games", "2", "--backend", "ray", "--address", f"127.0.0.1:{port}"])
    text = " ".join(result.output.split())
    assert result.exit_code == 1 and f"no Ray cluster answers at 127.0.0.1:{port}" in text
    assert time.monotonic() - t0 < 30 and "Traceback" not in text


def test_a_game_that_raises_is_a_row_and_the_others_finish(reference: list[dict[str, Any]], tmp_path: Path) -> None:
    rows = timeless(run(RunPlan(dm_spec(fail_games=frozenset({4})), GAMES, jobs=1, chunk_size=3)).rows)
    bad = rows[4]
    assert bad["outcome"] == "error" and bad["seed"] == game_seed(5, 4) and bad["winner"] == -1
    assert "Traceback" in bad["error"] and "InjectedFailure: game 4 was told to fail" in bad["error"]
    assert rows[:4] + rows[5:] == reference[:4] + reference[5:]
    out = tmp_path / "rows.csv"
    result = runner.invoke(app, ["simulate", "--games", "3", "--agents", "random", "random", "--fail-game", "1",
                                 "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "1 game failed" in result.output and "first: game 1, seed" in result.output
    assert "errors: 1" in result.output and "Traceback" not in result.output
    assert [r["outcome"] == "error" for r in read_results(out)] == [False, True, False]


def test_a_backend_that_fails_midway_keeps_the_finished_games(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    """A worker or node lost after some chunks: the run stops with those rows written, names the
    failure, prints the resume command and exits 1."""
    import tcg.sim.runner as runner_module

    def failing(backend: str, units: Any, jobs: int, address: Any) -> Iterator[list[Any]]:
        yield run_chunk(*units[0])
        raise BackendError("a worker process died (test)")

    monkeypatch.setattr(runner_module, "run_units", failing)
    out = tmp_path / "rows.csv"
    result = runner.invoke(app, [*cli_args(out), "--chunk-size", "2"])
    text = " ".join(result.output.split())
    assert result.exit_code == 1, result.output
    assert "stopped: a worker process died (test): 2 of 6 games finished; resume with:" in text
    assert f"--chunk-size 2 --resume {out}" in text and "Traceback" not in text
    assert [r["index"] for r in read_results(out)] == [0, 1]


def test_a_dead_local_worker_is_a_backend_error() -> None:
    future: Future[list[Any]] = Future()
    future.set_exception(BrokenProcessPool("A process in the process pool was terminated abruptly"))
    with pytest.raises(BackendError, match="a worker process died"):
        _chunk_rows(future)


def cli_args(out: Path, *extra: str) -> list[str]:
    return ["simulate", "--game", "duel_masters", "--games", "6", "--seed", "11", "--agents", "random", "rule",
            "--out", str(out), *extra]


def test_resume_after_a_partial_file_gives_the_rows_of_an_uninterrupted_run(tmp_path: Path) -> None:
    full = tmp_path / "full.parquet"
    assert runner.invoke(app, cli_args(full)).exit_code == 0
    whole = read_results(full)
    partial = tmp_path / "partial.parquet"
    kept = [whole[i] | {"seconds": 123.0} for i in (0, 2, 5)]  # marked: a kept row is not played again
    write_results(partial, kept)
    result = runner.invoke(app, [*cli_args(partial)[:-2], "--resume", str(partial)])
    assert result.exit_code == 0, result.output
    resumed = read_results(partial)
    assert timeless(resumed) == timeless(whole)
    assert [r["seconds"] == 123.0 for r in resumed] == [True, False, True, False, False, True]
    assert f"resuming {partial}: 3 of 6 games done, 3 to play".replace(" ", "") in "".join(result.output.split())
    assert "6 games" in result.output


@pytest.mark.parametrize(("change", "message"), [
    (["--agents", "rule", "rule"], "not a part of this run, cannot resume: row 0 has agent_0 'random', "
                                   "this command 'rule'"),
    (["--seed", "12"], "not a part of this run, cannot resume: row 0 has master_seed 11, this command 12"),
    (["--option", "breaking=simultaneous"], "not a part of this run, cannot resume: row 0 has options "
                                            "'{\"breaking\": \"sequential\""),
    (["--games", "2"], "row 1 is game 3, outside this run's 2 games (give the same --games)"),
])
def test_a_resume_of_another_run_is_refused(tmp_path: Path, change: list[str], message: str) -> None:
    partial = tmp_path / "partial.csv"
    assert runner.invoke(app, cli_args(tmp_path / "full.csv")).exit_code == 0
    write_results(partial, [r for r in read_results(tmp_path / "full.csv") if r["index"] in (1, 3, 5)])
    result = runner.invoke(app, [*cli_args(tmp_path / "new.csv"), *change, "--resume", str(partial)])
    text = " ".join(result.output.split())
    assert result.exit_code == 1, result.output
    assert f"{partial}: {message}" in text and "Traceback" not in text
    assert not (tmp_path / "new.csv").exists()


def test_a_resume_from_a_file_that_is_not_results_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("index,seed\n1,2\n")
    result = runner.invoke(app, [*cli_args(tmp_path / "x.csv"), "--resume", str(bad)])
    assert result.exit_code == 1 and "not a tcg results file: missing column(s)" in " ".join(result.output.split())


def test_usage_errors_of_the_new_options(tmp_path: Path) -> None:
    result = runner.invoke(app, [*cli_args(tmp_path / "x.txt")])
    assert result.exit_code == 2 and "a results file ends in .parquet or .csv, not '.txt'" in result.output
    result = runner.invoke(app, [*cli_args(tmp_path / "x.csv"), "--backend", "slurm"])
    assert result.exit_code == 2 and "unknown backend 'slurm'; use one of local, ray" in result.output


@pytest.mark.parametrize(("jobs", "sig"), [("1", signal.SIGINT), ("2", signal.SIGINT), ("2", signal.SIGTERM)])
def test_ctrl_c_stops_cleanly_with_the_finished_rows_written(tmp_path: Path, jobs: str, sig: int) -> None:
    """Ctrl-C (SIGINT), or a scheduler's SIGTERM, after some games: the rows so far are written
    and are those of the same games in an uninterrupted run."""
    out = tmp_path / "rows.parquet"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    args = ["simulate", "--games", "100000", "--seed", "11", "--agents", "random", "random", "--jobs", jobs,
            "--out", str(out)]
    # Ctrl-C as a terminal gives it, even when the suite itself runs with SIGINT ignored (a
    # shell's background job, nohup): the child would inherit the ignoring and never stop.
    proc = subprocess.Popen([sys.executable, "-m", "tcg.cli.main", *args],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not out.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert out.exists(), proc.communicate()
        proc.send_signal(sig)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        proc.kill()  # a run that did not stop must not go on playing its 100,000 games
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr + stdout and "resume with:" in stderr
    assert "--games 100000 --seed 11 --option breaking=sequential" in stderr and f"--resume {out}" in stderr
    rows = read_results(out)
    assert rows and f"wrote {len(rows)} rows to {out}" in " ".join(stdout.split())
    spec = WorkSpec.of("duel_masters", dm_spec().decks, dm_spec().deck_names, ["random", "random"], 11,
                       dict(dm_spec().options))
    assert timeless(rows) == timeless(run_chunk(spec, [r["index"] for r in rows]))


# ---------------------------------------------------------------------- the per-player summary
@pytest.mark.parametrize("game_name", game_names())
def test_each_game_declares_its_summary_in_its_own_action_types(game_name: str) -> None:
    decl = load_game(game_name).play_summary
    assert decl.played and decl.played <= load_game(game_name).ACTION_TYPES
    assert bool(decl.life_zone) != bool(decl.life_counter)


@pytest.mark.parametrize("game_name", game_names())
def test_cards_played_and_damage_dealt(game_name: str) -> None:
    """Checked against the replay: the cards each player played from the hand (by the declared
    action types) and the winner's damage when the game ends on the life measure."""
    game = load_game(game_name)
    decks = [game.deck(n) for n in sorted(game.starter_decks())[:2]]
    tally = Tally(game)
    result, rep = play_game(game, decks, ["rule", "rule"], 3, tally=tally)
    state = game.new_state(decks, seed=3)
    expected: list[list[str]] = [[], []]
    for a in rep.actions:
        player = state.decision.player
        if a["type"] in game.play_summary.played and state.zone_of(a["card"]) == "hand":
            expected[player].append(state.name_of(a["card"]))
        state.apply(Action.from_json(a))
    assert tally.played == expected and all(expected)
    deck_names = [set(d.cards()) | set(d.flat()) for d in decks]
    assert all(set(tally.played[p]) <= deck_names[p] for p in (0, 1))
    assert isinstance(result.winner, int) and tally.damage[result.winner] > 0


def test_duel_masters_damage_is_shields_broken_plus_the_winning_attack() -> None:
    game = load_game("duel_masters")
    decks = [game.deck(n) for n in sorted(game.starter_decks())[:2]]
    final: list[Any] = []
    for seed in range(4):
        tally = Tally(game)
        result, _ = play_game(game, decks, ["rule", "random"], seed, on_step=lambda s, *_: final.append(s),
                              tally=tally)
        lost = [5 - len(final[-1].zones[p]["shields"]) for p in (0, 1)]
        blow = [int(result.reason == "direct_attack" and result.winner == p) for p in (0, 1)]
        assert tally.damage == [lost[1] + blow[0], lost[0] + blow[1]]
