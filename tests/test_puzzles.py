"""Issue 39: puzzles - positions with a goal (tcg/sim/puzzles.py, tcg puzzle)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from tcg.core.actions import Action
from tcg.core.errors import DataError
from tcg.core.state import State
from tcg.sim.puzzles import all_puzzles, attempt, load_puzzles, puzzle_files, solution_chooser

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = [(f"{path.parent.name}/{path.name}#{k}", p) for path in puzzle_files(root=ROOT / "puzzles")
           for k, p in enumerate(load_puzzles(path), 1)]


@pytest.mark.parametrize("name,puzzle", PUZZLES, ids=[n for n, _ in PUZZLES])
def test_each_puzzles_solution_solves_it(name: str, puzzle: object) -> None:
    result = attempt(puzzle, solution_chooser(puzzle))  # type: ignore[arg-type]
    assert result.solved, (result.reason, result.moves)


def ending_the_turn(state: State, legal: Sequence[Action]) -> Action:
    """A solver that gives up: it ends the turn, or moves on, whenever it can."""
    for kind in ("end_turn", "next_phase", "pass"):
        for a in legal:
            if a.type == kind:
                return a
    return legal[0]


def test_a_win_puzzle_is_not_solved_when_the_turn_ends_without_the_win() -> None:
    puzzle = next(all_puzzles("duel_masters", ROOT / "puzzles"))
    result = attempt(puzzle, ending_the_turn)
    assert not result.solved and result.reason == "the turn ended without a win"


@pytest.mark.parametrize("name,puzzle", PUZZLES, ids=[n for n, _ in PUZZLES])
def test_no_puzzle_is_solved_by_giving_up(name: str, puzzle: object) -> None:
    """A puzzle asks for a choice: passing, moving on and ending the turn at every decision
    (never blocking, never answering) must not reach its goal."""
    result = attempt(puzzle, ending_the_turn)  # type: ignore[arg-type]
    assert not result.solved, (result.reason, result.moves)


def test_a_malformed_puzzle_is_a_precise_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\ngame: duel_masters\nstate: {turn: 3, phase: attack}\npuzzle: {goal: conquer}\n")
    with pytest.raises(DataError, match="goal is one of win, survive, expect, got 'conquer'"):
        load_puzzles(bad)
    bad.write_text("name: x\ngame: duel_masters\nsteps: []\n")
    with pytest.raises(DataError, match="a puzzle needs 'puzzle:'"):
        load_puzzles(bad)


def test_the_command_lists_plays_the_solution_and_names_a_missing_puzzle() -> None:
    def tcg(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "tcg.cli.main", "puzzle", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=120, env={"COLUMNS": "200", "PATH": ""})

    listed = tcg("list", "--game", "duel_masters")
    assert listed.returncode == 0 and "duel_masters/1" in listed.stdout
    shown = tcg("play", "duel_masters/1", "--solution")
    assert shown.returncode == 0 and "solved: won" in shown.stdout
    each = tcg("solve", "--agent", "random", "--game", "duel_masters", "--each")
    assert each.returncode == 0 and "duel_masters/20" in each.stdout and "✗ the turn ended without a win" in each.stdout
    missing = tcg("play", "duel_masters/999")
    assert missing.returncode == 2 and "no puzzle 'duel_masters/999'" in missing.stdout
    assert "Traceback" not in listed.stderr + shown.stderr + missing.stderr


def test_a_puzzle_whose_position_does_not_hold_is_an_error_naming_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\ngame: duel_masters\nstate:\n  turn: 3\n  phase: attack\n  players:\n"
                   "    - zones: {battle: [No Such Creature]}\n    - {}\npuzzle: {goal: win}\n")
    run = subprocess.run([sys.executable, "-m", "tcg.cli.main", "puzzle", "play", str(bad), "--solution"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, env={"COLUMNS": "200", "PATH": ""})
    assert run.returncode == 2 and "bad.yaml:7" in run.stdout and "unknown card 'No Such Creature'" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr
