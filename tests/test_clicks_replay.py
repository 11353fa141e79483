"""benchmarks/clicks_replay.py's record (no browser): the game recorded is the room's game, the
server's answers are marked, and a room that plays otherwise is caught as a divergence."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from tcg.core.actions import Action
from tcg.core.registry import load_game
from tcg.core.stops import Stops, auto_answer
from tcg.web.app import _deck
from tcg.web.rooms import Rooms

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import clicks_replay


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    return clicks_replay.record_game("yugioh", 1)


def test_the_record_is_the_game_the_room_plays_and_marks_the_servers_answers(recorded: dict[str, Any]) -> None:
    game = load_game("yugioh")
    state = game.new_state([_deck(game, None, None, 0)[0], _deck(game, None, None, 1)[0]], seed=1)
    last = None
    autos = 0
    for entry in recorded["actions"]:
        action = Action.from_json(entry["action"])
        assert state.deciding_player == entry["seat"]
        if entry["seat"] == 0:
            answered = auto_answer(state, game.presentation.FLOW, Stops(), last)
            assert entry["auto"] == (answered is not None), entry
            assert not entry["auto"] or answered == action
            autos += entry["auto"]
        last = entry["seat"]
        state.apply(action)
    assert state.game_over and autos > 0 and recorded["turns"]


def test_a_room_that_plays_another_action_is_a_divergence(recorded: dict[str, Any]) -> None:
    game = load_game("yugioh")
    room = Rooms().create(game, [_deck(game, None, None, 0)[0], _deck(game, None, None, 1)[0]], ["a", "b"], 1, "rule")
    targets = [Action.from_json(e["action"]) for e in recorded["actions"]]
    assert clicks_replay.check(room, targets, 0) == len(room.state.history)  # the same start
    broken = [Action("pass"), *targets[1:]]  # a record broken on purpose
    with pytest.raises(clicks_replay.Diverged, match="action 0"):
        clicks_replay.check(room, broken, 0)
