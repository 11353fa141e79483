"""Puzzles (issue 39): tactical positions with a goal someone can be asked to reach.

A puzzle is a scenario (docs/scenarios.md: ``game``, ``cards``, ``state``) whose ``steps`` and
``expect`` are replaced by ``puzzle:``, the task:

- ``solver``: the seat that solves it (default 0); the other seat is played by ``opponent``, an
  agent spec (default ``rule``), seeded, so a puzzle is the same every time it is tried;
- ``goal``: ``win`` (win before ``until``), ``survive`` (not lose before ``until``) or
  ``expect`` (the scenario expectations under ``expect:`` hold at ``until``);
- ``until``: ``turn_end`` (the turn it starts in ends; the default) or ``next_turn`` (the
  solver's next turn begins: "survive the opponent's attack");
- ``hint``: one sentence that points the way; ``solution``: the solver's moves in scenario step
  form (``{type: attack, card: Bolshack Dragon, target: player}``; ``{action: {type: choose,
  player: 1}}`` for an action with a field named like a step key), which the tests play to
  prove the puzzle can be solved. A decision with one legal action is made for the solver and
  takes no step.

Why the goal is judged by the game and not by matching the solution: a puzzle is solved by any
line that reaches the goal, the way a person would find one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcg.agents.base import make_agent
from tcg.core.actions import Action
from tcg.core.errors import DataError
from tcg.core.scenario import Runner, ScenarioFailure, load_scenarios
from tcg.core.state import State
from tcg.sim.loop import observe

GOALS = ("win", "survive", "expect")
UNTIL = ("turn_end", "next_turn")
PUZZLE_KEYS = frozenset({"solver", "goal", "until", "expect", "opponent", "hint", "solution"})
#: A puzzle that has not been judged after this many actions is lost (an endless loop of passes).
MAX_ACTIONS = 2000

Chooser = Callable[[State, Sequence[Action]], Action]


@dataclass
class Puzzle:
    """One puzzle of a file: its scenario part (a state to build) and its task."""

    name: str
    game: str
    source: str
    spec: dict[str, Any]
    node: Any
    file: str
    solver: int = 0
    goal: str = "win"
    until: str = "turn_end"
    expect: Mapping[str, Any] | None = None
    opponent: str = "rule"
    hint: str = ""
    solution: list[Mapping[str, Any]] = field(default_factory=list)

    def runner(self) -> Runner:
        """A fresh scenario runner holding the puzzle's start (its state is the position)."""
        return Runner(self.spec, self.source, node=self.node, file=self.file)


@dataclass
class Attempt:
    """How a try ended: solved or not, why, and the moves made (the actions' texts)."""

    solved: bool
    reason: str
    moves: list[str]


def load_puzzles(path: Path) -> list[Puzzle]:
    """The puzzles of a file (one document, several, or ``scenarios: [...]``); a malformed one is
    a DataError naming its line."""
    out = []
    for spec, line, node in load_scenarios(path):
        source = f"{path}:{line}"
        task = spec.get("puzzle")
        if not isinstance(task, Mapping):
            raise DataError("a puzzle needs 'puzzle:' (solver, goal, until, hint, solution)", source=source)
        unknown = set(task) - PUZZLE_KEYS
        if unknown:
            raise DataError(f"unknown puzzle key(s) {', '.join(sorted(map(str, unknown)))}; expected "
                            f"{', '.join(sorted(PUZZLE_KEYS))}", source=source, field="puzzle")
        if "steps" in spec or "expect" in spec:
            raise DataError("a puzzle has no steps or expect of its own: its task is under 'puzzle:'",
                            source=source)
        out.append(_puzzle(spec, task, source, node, str(path)))
    return out


def _puzzle(spec: dict[str, Any], task: Mapping[str, Any], source: str, node: Any, file: str) -> Puzzle:
    goal, until = task.get("goal", "win"), task.get("until", "turn_end")
    if goal not in GOALS:
        raise DataError(f"goal is one of {', '.join(GOALS)}, got {goal!r}", source=source, field="puzzle.goal")
    if until not in UNTIL:
        raise DataError(f"until is one of {', '.join(UNTIL)}, got {until!r}", source=source, field="puzzle.until")
    solver = task.get("solver", 0)
    if solver not in (0, 1):
        raise DataError(f"solver is 0 or 1, got {solver!r}", source=source, field="puzzle.solver")
    expect = task.get("expect")
    if (goal == "expect") != (expect is not None):
        raise DataError("goal 'expect' needs 'expect:' (and only it has one)", source=source, field="puzzle.expect")
    solution = task.get("solution") or []
    if not isinstance(solution, list) or not all(isinstance(s, Mapping) for s in solution):
        raise DataError("solution is a list of steps", source=source, field="puzzle.solution")
    scenario = {k: v for k, v in spec.items() if k != "puzzle"}
    return Puzzle(str(spec.get("name") or "(unnamed)"), str(spec.get("game", "")), source, scenario, node, file,
                  int(solver), str(goal), str(until), expect, str(task.get("opponent", "rule")),
                  str(task.get("hint", "")), list(solution))


def puzzle_root() -> Path:
    """The checkout's ``puzzles/`` folder (beside the package, else under the working folder)."""
    beside = Path(__file__).resolve().parents[2] / "puzzles"
    return beside if beside.is_dir() else Path.cwd() / "puzzles"


def puzzle_files(game: str | None = None, root: Path | None = None) -> list[Path]:
    base = root or puzzle_root()
    folders = [base / game] if game else sorted(p for p in base.iterdir() if p.is_dir()) if base.is_dir() else []
    return sorted(f for d in folders if d.is_dir() for f in d.glob("*.yaml"))


def all_puzzles(game: str | None = None, root: Path | None = None) -> Iterator[Puzzle]:
    for path in puzzle_files(game, root):
        stat = path.stat()
        yield from _loaded(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _loaded(path: str, mtime_ns: int, size: int) -> tuple[Puzzle, ...]:
    """A puzzle file's puzzles, read once per version of the file: the server lists puzzles and
    names the next one in every state message of a puzzle room, and parsing YAML each time
    would cost tens of milliseconds a message. (A Puzzle is only read: each try builds its
    position afresh with :meth:`Puzzle.runner`.)"""
    del mtime_ns, size  # the cache's key: a changed file is read again
    return tuple(load_puzzles(Path(path)))


def numbered(games: Sequence[str], root: Path | None = None) -> list[tuple[str, Puzzle]]:
    """Every puzzle of ``games`` with its id, ``GAME/N`` (N counts from 1 in file order within
    the game): the ids of ``tcg puzzle`` and of the browser's puzzles."""
    return [(f"{g}/{k}", p) for g in games for k, p in enumerate(all_puzzles(g, root), 1)]


GOAL_WORDS = {"win": "win", "survive": "survive", "expect": "reach the goal"}
UNTIL_WORDS = {"turn_end": "this turn", "next_turn": "until your next turn"}


def goal_text(p: Puzzle) -> str:
    """The task in words: ``win this turn``, ``survive until your next turn``."""
    return f"{GOAL_WORDS[p.goal]} {UNTIL_WORDS[p.until]}"


# ---------------------------------------------------------------------------- trying a puzzle
def attempt(puzzle: Puzzle, choose: Chooser, seed: int = 0) -> Attempt:
    """Play the puzzle from its position: ``choose`` answers the solver's decisions, the
    opponent agent the others (a decision with one move is made for either); judged by its goal."""
    runner = puzzle.runner()
    state, moves = runner.state, list[str]()
    start, opponent, cursor = state.turn, make_agent(puzzle.opponent, seed), [0, 0]
    for _ in range(MAX_ACTIONS):
        verdict = judge(puzzle, runner, start)
        if verdict is not None:
            return Attempt(verdict[0], verdict[1], moves)
        player, legal = state.deciding_player, state.legal_actions()
        if len(legal) == 1 or player is None:
            action = legal[0]
        elif player == puzzle.solver:
            action = choose(state, legal)
        else:
            action = opponent.choose(observe(state, player, opponent, cursor), legal)
        moves.append(f"P{player}: {state.action_text(action)}")
        state.apply(action)
    return Attempt(False, f"not judged after {MAX_ACTIONS} actions", moves)


def judge(puzzle: Puzzle, runner: Runner, start_turn: int) -> tuple[bool, str] | None:
    """The verdict now (solved?, why) or None while the puzzle goes on."""
    state = runner.state
    # The time is up first: a game won after the turn ended (one action can end the turn and
    # run the next to a deck-out) was not won "this turn".
    over = state.turn != start_turn if puzzle.until == "turn_end" else (
        state.turn != start_turn and state.active == puzzle.solver)
    if not over and state.winner == puzzle.solver:
        return (True, "won") if puzzle.goal != "expect" else _expectations(puzzle, runner)
    if not over and state.winner is not None:
        return False, "lost" if state.winner != "draw" else "a draw"
    if not over:
        return None
    if puzzle.goal == "win":
        return False, "the turn ended without a win"
    if puzzle.goal == "survive":
        return True, "survived"
    return _expectations(puzzle, runner)


def _expectations(puzzle: Puzzle, runner: Runner) -> tuple[bool, str]:
    try:
        runner.check(puzzle.expect, "goal")
    except ScenarioFailure as failure:
        return False, " ".join(line.strip() for line in failure.lines)
    return True, "the goal holds"


def solution_chooser(puzzle: Puzzle) -> Chooser:
    """The solver playing the puzzle's solution, step by step (a step matches as a scenario
    step does); after the last step, the rule agent's moves."""
    runner = puzzle.runner()  # only for matching patterns against the puzzle's cards
    steps = list(puzzle.solution)
    fallback = make_agent("rule", 0)

    def choose(state: State, legal: Sequence[Action]) -> Action:
        runner.state = state
        if steps:
            pattern = _pattern(steps[0])
            found = [a for a in legal if runner.matches(a, pattern)]
            if found:
                steps.pop(0)
                return found[0]
            raise DataError(f"solution step {len(puzzle.solution) - len(steps) + 1} matches no legal action "
                            f"({'; '.join(state.action_text(a) for a in legal)})", source=puzzle.source)
        return fallback.choose(observe(state, puzzle.solver, fallback, [0, 0]), legal)

    return choose


def _pattern(step: Mapping[str, Any]) -> dict[str, Any]:
    """A solution step's action pattern, as a scenario step's: its own keys but the step keys,
    or its ``action:`` mapping (for an action with a field named like a step key: a ``player``
    chosen as a target)."""
    if isinstance(step.get("action"), Mapping):
        return dict(step["action"])
    return {k: v for k, v in step.items() if k not in ("player", "deciding", "expect", "action")}


def agent_chooser(puzzle: Puzzle, spec: str, seed: int = 0) -> Chooser:
    """The solver played by an agent (a spec or a difficulty level), seeing what its seat sees."""
    agent, cursor = make_agent(spec, seed), [0, 0]

    def choose(state: State, legal: Sequence[Action]) -> Action:
        return agent.choose(observe(state, puzzle.solver, agent, cursor), legal)

    return choose
