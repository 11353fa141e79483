"""benchmarks/soak.py (issue 20): its last line, its exit codes, and the same games on every
backend (each game's seed, decks and agents follow from its index alone)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from tcg.sim.backends import run_units
from tcg.sim.soak import soak_chunk, spec_for

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "soak.py"


def soak_main() -> Any:
    spec = importlib.util.spec_from_file_location("soak_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak_script"] = module
    spec.loader.exec_module(module)
    return module.main


def test_the_soak_prints_games_actions_and_violations_last(capsys: pytest.CaptureFixture[str]) -> None:
    code = soak_main()(["--game", "one_piece", "--games", "1"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    games, actions, violations = out[-1].split(", ")
    assert games == "1 games" and actions.endswith(" actions") and int(actions.split()[0]) > 0
    assert violations == "0 violations"


@pytest.mark.parametrize("argv", [["--game", "chess"], ["--game", "yugioh", "--agents", "nobody"],
                                  ["--game", "yugioh", "--games", "0"]])
def test_bad_soak_arguments_exit_2_with_a_message(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert soak_main()(argv) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_a_soaked_game_is_the_same_whoever_runs_it() -> None:
    spec = spec_for("one_piece", ["random", "rule"], 11)
    alone = soak_chunk(spec, [0, 1])
    pieces = [r for rows in run_units("local", [(spec, [1]), (spec, [0])], 1, task=soak_chunk) for r in rows]
    keep = ("index", "seed", "deck_0", "deck_1", "agent_0", "agent_1", "actions", "turns", "winner", "violations")
    assert [{k: r[k] for k in keep} for r in alone] == sorted(({k: r[k] for k in keep} for r in pieces),
                                                             key=lambda r: r["index"])
    assert [(r["agent_0"], r["agent_1"]) for r in alone] == [("random", "random"), ("random", "rule")]
