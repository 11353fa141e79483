"""Puzzles in the browser (issue 39): a room that starts from a puzzle's position.

A puzzle room is an ordinary :class:`~tcg.web.rooms.Room` (the same page, seats, caps, undo and
spectators) with a :class:`PuzzleRun` beside it: the solver's seat is the person who asked, the
other seat the puzzle's own opponent agent. After every applied action the puzzle is judged
(:func:`tcg.sim.puzzles.judge`, the same verdict as ``tcg puzzle play``); once it has one, the
game ends there -- the side that did not reach its goal concedes -- so no further move is taken
and the page shows the verdict, the hint and the written solution, and "try again" (the rematch
button) opens the same position afresh.

Why the position is kept (and not re-made from a replay, as the server does for a stored game):
a puzzle does not start from shuffled decks. So a puzzle room is never journaled or stored (a
restarted server forgets it: a puzzle is a few moves, started again with one click), undo
re-makes its start from the puzzle, and its agent thinks in a thread, not in the search pool
(which re-makes positions from replays).

``GET /api/puzzles?game=G``: the puzzles (id ``game/N`` as in ``tcg puzzle list``, name, goal);
``GET /api/puzzles/{game}/{n}``: one of them with its hint and solution;
``POST /api/puzzles/{game}/{n}/room``: a new puzzle room, answered as ``POST /api/rooms`` is.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Path, Query, Request

from tcg.core.errors import TcgError
from tcg.core.registry import game_names, load_game
from tcg.core.scenario import Runner
from tcg.core.state import State
from tcg.sim.puzzles import Puzzle, goal_text, judge, numbered
from tcg.web.caps import RoomGate
from tcg.web.clients import client_of
from tcg.web.digests import digest, new_secret
from tcg.web.inputs import PathWord
from tcg.web.rooms import Room, Rooms, Seat, agent_for

#: The verdicts' reasons the page says in the player's language (ui words ``puzzle_reason_*``);
#: another reason (an expectation not met) is shown as the judge wrote it.
REASON_KEYS = {"won": "won", "lost": "lost", "a draw": "draw", "the turn ended without a win": "turn_ended",
               "survived": "survived", "the goal holds": "goal_holds"}


@dataclass
class PuzzleRun:
    """A puzzle being tried in a room: which one, its start turn, and its verdict once judged."""

    ref: str
    puzzle: Puzzle
    runner: Runner
    start_turn: int
    verdict: tuple[bool, str] | None = None

    def judge_after(self, state: State) -> None:
        """Judge the position after an action; a verdict ends the game (the loser concedes)."""
        if self.verdict is not None:
            return
        self.runner.state = state  # undo gives the room a new state object
        verdict = judge(self.puzzle, self.runner, self.start_turn)
        if verdict is None:
            return
        self.verdict = verdict
        if not state.game_over:
            solver = self.puzzle.solver
            state.concede(1 - solver if verdict[0] else solver)

    def origin(self) -> State:
        """The puzzle's position again (what undo replays the room's actions on)."""
        return self.puzzle.runner().state

    def message(self) -> dict[str, Any]:
        p = self.puzzle
        verdict = None if self.verdict is None else {
            "solved": self.verdict[0], "reason": self.verdict[1], "key": REASON_KEYS.get(self.verdict[1])}
        return {"id": self.ref, "game": p.game, "name": p.name, "goal": goal_words(p), "goal_key": goal_key(p),
                "hint": p.hint, "solver": p.solver,
                "solution": [step_text(s) for s in p.solution], "rules": list(p.spec.get("rules") or []),
                "verdict": verdict, "next": next_ref(self.ref)}


def goal_words(p: Puzzle) -> str:
    """The goal in English, as a heading: ``Win this turn``."""
    text = goal_text(p)
    return text[:1].upper() + text[1:]


def goal_key(p: Puzzle) -> str:
    """The ui word of the goal (``puzzle_goal_win_turn_end``): the page says it in its language."""
    return f"puzzle_goal_{p.goal}_{p.until}"


def step_text(step: Mapping[str, Any]) -> str:
    """A solution step as a person reads it: ``attack: Big Attacker → the player``."""
    skip = {"type", "card", "option", "target"}
    if isinstance(step.get("action"), Mapping):  # the step's action under ``action:`` (tcg.sim.puzzles)
        step = step["action"]
    else:  # the step's own keys, not the action's
        skip |= {"player", "deciding", "expect"}
    named = [str(step[k]) for k in ("card", "option") if k in step]
    rest = [f"{k} {v}" for k, v in step.items() if k not in skip]
    text = str(step.get("type", "?")).replace("_", " ")
    if named or rest:
        text += ": " + ", ".join(named + rest)
    if "target" in step:
        text += " → " + ("the player" if step["target"] == "player" else str(step["target"]))
    return text


def catalogue(game: str) -> list[tuple[str, Puzzle]]:
    """A game's puzzles by id, numbered as ``tcg puzzle list`` numbers them."""
    return numbered([game])


def find(game: str, number: int) -> Puzzle:
    if game not in game_names():
        raise HTTPException(404, f"no game {game!r}; games: {', '.join(game_names())}")
    found = dict(catalogue(game)).get(f"{game}/{number}")
    if found is None:
        raise HTTPException(404, f"no puzzle {game}/{number}; GET /api/puzzles?game={game} lists them")
    return found


def next_ref(ref: str) -> str | None:
    game = ref.split("/")[0]
    refs = [r for r, _ in catalogue(game)]
    later = refs[refs.index(ref) + 1:] if ref in refs else []
    return later[0] if later else None


def create(rooms: Rooms, ref: str, puzzle: Puzzle, client: str, token_hash: str) -> Room:
    """A new room at the puzzle's position: the asker solves, the puzzle's opponent plays."""
    runner = puzzle.runner()
    state = runner.state
    seed = int(puzzle.spec.get("seed", 0))
    solver = puzzle.solver
    seats = [Seat(None, ""), Seat(None, "")]
    seats[solver] = Seat(token_hash, "You")
    opponent = agent_for(puzzle.opponent, seed)
    if getattr(opponent, "searches", False):  # it would think in a light thread, with no time limit
        raise TcgError(f"puzzle {ref}: the server plays puzzles only against an agent that does not search "
                       f"(its opponent is {puzzle.opponent!r}); try it with `tcg puzzle play`")
    seats[1 - solver] = Seat(None, puzzle.opponent, opponent)
    room = Room(secrets.token_urlsafe(9), load_game(puzzle.game), state, seed, [], seats,
                opponent=puzzle.opponent, client=client)
    room.puzzle = PuzzleRun(ref, puzzle, runner, state.turn)
    rooms.register_unjournaled(room)
    room.wake()
    return room


def puzzle_api(app: FastAPI, rooms: Rooms, gate: RoomGate) -> None:
    @app.get("/api/puzzles")
    def listing(game: Annotated[str | None, Query(max_length=40)] = None) -> dict[str, Any]:
        names = [game] if game else game_names()
        if game is not None and game not in game_names():
            raise HTTPException(404, f"no game {game!r}; games: {', '.join(game_names())}")
        return {"puzzles": [{"id": ref, "game": g, "name": p.name, "goal": goal_words(p), "goal_key": goal_key(p)}
                            for g in names for ref, p in catalogue(g)]}

    @app.get("/api/puzzles/{game}/{number}")
    def one(game: PathWord, number: Annotated[int, Path(ge=1, le=10_000)]) -> dict[str, Any]:
        p = find(game, number)
        ref = f"{game}/{number}"
        return {"id": ref, "game": game, "name": p.name, "goal": goal_words(p), "goal_key": goal_key(p), "hint": p.hint,
                "solution": [step_text(s) for s in p.solution], "next": next_ref(ref)}

    @app.post("/api/puzzles/{game}/{number}/room")
    def new_room(game: PathWord, number: Annotated[int, Path(ge=1, le=10_000)], request: Request) -> dict[str, Any]:
        p = find(game, number)
        token = new_secret()
        client = client_of(request.scope)
        try:
            with gate.admit(client):  # the caps of any new game (429 over one)
                room = create(rooms, f"{game}/{number}", p, client, digest(token))
        except TcgError as exc:
            raise HTTPException(422, str(exc)) from None
        return {"room": room.id, "seat": p.solver, "token": token, "url": f"/play/{room.id}",
                "commitment": room.commitment}
