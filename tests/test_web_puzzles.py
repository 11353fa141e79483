"""Issue 39: puzzles in the browser's server (tcg/web/puzzle_rooms.py), through FastAPI's TestClient.

A puzzle room starts at the puzzle's position with the asker as the solver; the puzzle is judged
after every action as `tcg puzzle play` judges it, and a verdict ends the game; "try again" is the
rematch; undo re-makes the puzzle's start; the hidden cards stay hidden; bad ids are precise errors.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tcg.web.app import create_app
from tcg.web.rooms import Room
from tcg.web.views import state_message
from tests.test_web import hello

DM = "duel_masters"


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as c:
        yield c


def puzzle_room(client: TestClient, ref: str = f"{DM}/1") -> tuple[dict[str, Any], Room]:
    r = client.post(f"/api/puzzles/{ref}/room")
    assert r.status_code == 200, r.text
    answer = dict(r.json())
    room: Room = client.app.state.rooms.get(answer["room"])  # type: ignore[attr-defined]
    return answer, room


def play_index(room: Room, seat: int, text: str) -> None:
    """The person (``seat``) answers with the legal action whose text contains ``text``."""
    deadline = time.monotonic() + 10
    while room.state.deciding_player != seat and not room.state.game_over:
        assert time.monotonic() < deadline, "the agent did not answer"
        time.sleep(0.005)
    legal = room.state.legal_actions()
    texts = [room.state.action_text(a) for a in legal]
    found = [i for i, t in enumerate(texts) if text in t]
    assert found, texts
    room.act(seat, room.decision_id, found[0])


def test_the_puzzles_are_listed_with_their_goals_and_one_gives_its_hint_and_solution(client: TestClient) -> None:
    listed = client.get("/api/puzzles", params={"game": DM}).json()["puzzles"]
    assert listed[0]["id"] == f"{DM}/1" and listed[0]["goal"] == "Win this turn"
    one = client.get(f"/api/puzzles/{DM}/1").json()
    assert one["hint"] and one["solution"] and one["next"] == f"{DM}/2"


def test_a_puzzle_room_starts_at_the_position_with_the_asker_solving(client: TestClient) -> None:
    answer, room = puzzle_room(client)
    assert answer["seat"] == 0 and room.state.phase == "attack" and room.state.deciding_player == 0
    message = state_message(room, 0, "en")
    assert message["puzzle"]["name"] and message["puzzle"]["verdict"] is None
    assert room.puzzle is not None and client.app.state.store.live_ids() == []  # type: ignore[attr-defined]


def test_reaching_the_goal_solves_the_puzzle_and_ends_the_game(client: TestClient) -> None:
    _, room = puzzle_room(client)
    play_index(room, 0, "Small Attacker")
    play_index(room, 0, "Big Attacker")
    deadline = time.monotonic() + 10
    while room.puzzle.verdict is None:  # the blocker's owner answers in the background
        assert time.monotonic() < deadline
        time.sleep(0.005)
    assert room.puzzle.verdict == (True, "won") and room.state.game_over
    assert state_message(room, 0, "en")["puzzle"]["verdict"] == {"solved": True, "reason": "won", "key": "won"}


def test_ending_the_turn_fails_the_puzzle_and_no_move_is_taken_after_the_verdict(client: TestClient) -> None:
    _, room = puzzle_room(client)
    deadline = time.monotonic() + 10
    while room.puzzle.verdict is None:
        assert time.monotonic() < deadline
        legal = room.state.legal_actions()
        if room.state.deciding_player == 0:
            ends = [i for i, a in enumerate(legal) if a.type in ("end_turn", "next_phase", "pass")]
            room.act(0, room.decision_id, ends[0] if ends else 0)
        else:
            time.sleep(0.005)
    assert room.puzzle.verdict == (False, "the turn ended without a win")
    assert room.state.game_over and room.state.winner == 1  # the solver's seat concedes


def test_try_again_is_the_rematch_and_opens_the_same_position(client: TestClient) -> None:
    answer, room = puzzle_room(client)
    room.concede(0)
    again = client.post(f"/api/rooms/{answer['room']}/rematch", json={"token": answer["token"]})
    assert again.status_code == 200, again.text
    new: Room = client.app.state.rooms.get(again.json()["room"])  # type: ignore[attr-defined]
    assert new.puzzle is not None and new.puzzle.ref == f"{DM}/1" and new.puzzle.verdict is None
    assert new.state.to_json()["zones"] == room.origin().to_json()["zones"]


def test_undo_in_a_puzzle_returns_to_the_puzzles_own_start(client: TestClient) -> None:
    answer, room = puzzle_room(client)
    start = room.state.to_json()["zones"]
    play_index(room, 0, "Small Attacker")
    while room.state.deciding_player != 0:
        time.sleep(0.005)
    with TestClient(client.app) as c, c.websocket_connect(f"/ws/{answer['room']}") as ws:
        message = hello(ws, answer["token"])
        while message.get("type") != "state":
            message = ws.receive_json()
        ws.send_json({"type": "undo", "decision_id": message["decision_id"]})
        deadline = time.monotonic() + 10
        while len(room.state.history) != 0:
            assert time.monotonic() < deadline
            time.sleep(0.005)
    assert room.state.to_json()["zones"] == start and room.puzzle.verdict is None


def test_the_solver_does_not_see_the_opponents_hidden_cards(client: TestClient) -> None:
    _, room = puzzle_room(client, f"{DM}/1")
    text = str(state_message(room, 0, "en")["board"])
    # the opponent's deck holds three Fillers: the page shows its size, never its cards
    assert text.count("Filler") <= 1


@pytest.mark.parametrize("path,status,words", [
    (f"/api/puzzles/{DM}/999", 404, "no puzzle duel_masters/999"),
    ("/api/puzzles/chess/1", 404, "no game 'chess'"),
    (f"/api/puzzles/{DM}/0", 422, "greater than or equal to 1"),
])
def test_a_missing_puzzle_is_a_precise_error(client: TestClient, path: str, status: int, words: str) -> None:
    r = client.get(path)
    assert r.status_code == status and words in r.text


def test_a_solution_step_reads_as_a_person_says_it() -> None:
    from tcg.web.puzzle_rooms import step_text

    attack = {"type": "attack", "card": "Big Attacker", "target": "player"}
    assert step_text(attack) == "attack: Big Attacker → the player"
    assert step_text({"action": {"type": "choose", "player": 1}}) == "choose: player 1"
    assert step_text({"type": "next_phase"}) == "next phase"


def test_a_puzzle_whose_opponent_searches_is_refused_by_the_server(client: TestClient,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A searching agent would think in the server's light threads without a time limit: such a
    puzzle is for the terminal only (a 422 naming why), and no room is made."""
    from dataclasses import replace

    from tcg.web import puzzle_rooms

    found = puzzle_rooms.find(DM, 1)
    monkeypatch.setattr(puzzle_rooms, "find", lambda game, number: replace(found, opponent="hard"))
    before = len(client.app.state.rooms.rooms)  # type: ignore[attr-defined]
    r = client.post(f"/api/puzzles/{DM}/1/room")
    assert r.status_code == 422 and "does not search" in r.text
    assert len(client.app.state.rooms.rooms) == before  # type: ignore[attr-defined]
