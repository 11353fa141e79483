"""The server's protocol (tcg/web), through FastAPI's TestClient: no browser needed.

Issue 16: the server owns every game; a seat acts only with its token; every answer carries
the decision id it answers, and a stale or duplicated one is refused; a malformed or illegal
message gets an error and changes nothing; spectators see only what both players see;
finished games are stored in SQLite with their replay.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tcg.core.registry import game_names, load_game
from tcg.web.app import create_app
from tcg.web.rooms import Room


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as c:
        yield c


def new_room(client: TestClient, game: str = "duel_masters", seed: int = 3, join: bool = True,
             **body: Any) -> dict[str, Any]:
    """A new room. A game between people gets no seed (the server draws it, issue 35 item 7) and,
    with ``join``, its invitation is exchanged at once: ``seat1_token`` is seat 1's secret. A room
    with an agent is returned once the agent has answered the decisions of its own that come
    first: the server creates a room at once and the agent moves after, in the background."""
    person = body.get("opponent") == "person"
    r = client.post("/api/rooms", json={"game": game, **({} if person else {"seed": seed}), **body})
    assert r.status_code == 200, r.text
    answer = dict(r.json())
    if person and join:
        joined = client.post(f"/api/rooms/{answer['room']}/join", json={"invite": answer["invite"]})
        assert joined.status_code == 200, joined.text
        answer["seat1_token"] = joined.json()["token"]
    settled(client, answer)
    return answer


def room_of(client: TestClient, answer: dict[str, Any]) -> Room:
    room: Room = client.app.state.rooms.get(answer["room"])  # type: ignore[attr-defined]
    return room


def settled(client: TestClient, answer: dict[str, Any], seconds: float = 30.0) -> Room:
    """The room once no agent decides in it (a person does, or the game is over)."""
    room = room_of(client, answer)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with room.lock:
            player = room.state.deciding_player
            if room.state.game_over or player is None or room.seats[player].agent is None:
                return room
        time.sleep(0.005)
    raise AssertionError(f"the agent of room {answer['room']} did not answer within {seconds} s")


def my_turn(ws: Any, state: dict[str, Any], limit: int = 10_000) -> dict[str, Any]:
    """The first ``state`` message from ``state`` on in which this seat decides or the game is
    over: the agent's answers come as messages of their own, after the one for the person's."""
    for _ in range(limit):
        assert state["type"] == "state", state
        if state["over"] or state["actions"]:
            return state
        state = ws.receive_json()
    raise AssertionError(f"no decision of this seat in {limit} messages")


def token(url: str) -> str:
    return url.split("#seat=", 1)[1]


def hello(ws: Any, tok: str | None, lang: str = "en") -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": tok, "lang": lang})
    message: dict[str, Any] = ws.receive_json()
    return message


def test_the_lobby_lists_every_game_with_decks_agents_and_languages(client: TestClient) -> None:
    data = client.get("/api/games").json()
    assert [g["name"] for g in data["games"]] == game_names()
    assert all(g["decks"] and "en" in g["languages"] and "it" in g["languages"] for g in data["games"])
    assert "normal" in data["agents"]  # the difficulty levels (issue 39)


def test_a_pasted_deck_list_is_checked_with_line_numbers(client: TestClient) -> None:
    r = client.post("/api/decks/check", json={"game": "duel_masters", "text": "4 Bolshack Dragon\n4 No Such Card\n"})
    body = r.json()
    assert not body["ok"] and any(e["line"] == 2 and "No Such Card" in e["message"] for e in body["errors"])
    bad = client.post("/api/rooms", json={"game": "duel_masters", "deck_text": "4 No Such Card"})
    assert bad.status_code == 422 and "line 1" in bad.json()["detail"]


def test_a_seat_acts_with_its_token_and_the_decision_id(client: TestClient) -> None:
    answer = new_room(client)
    room = room_of(client, answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = hello(ws, token(answer["url"]))
        assert state["type"] == "state" and state["seat"] == 0 and state["actions"]
        before = len(room.state.history)
        ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
        after = ws.receive_json()
        assert after["type"] == "state" and after["decision_id"] > state["decision_id"]
        assert len(room.state.history) > before


def test_a_stale_or_duplicated_answer_is_refused_and_changes_nothing(client: TestClient) -> None:
    answer = new_room(client)
    room = room_of(client, answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = hello(ws, token(answer["url"]))
        ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
        my_turn(ws, ws.receive_json())
        history = list(room.state.history)
        ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})  # the same click again
        error = ws.receive_json()
        assert error == {"type": "error", "code": "stale", "message": error["message"]}
        assert room.state.history == history


def test_a_forged_token_is_refused(client: TestClient) -> None:
    answer = new_room(client)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        error = hello(ws, "not-the-token")
        assert error["type"] == "error" and error["code"] == "token"


def test_a_spectator_sees_no_hand_and_cannot_act(client: TestClient) -> None:
    answer = new_room(client)
    room = room_of(client, answer)
    hands = {room.state.name_of(c) for p in (0, 1) for c in room.state.zones[p]["hand"]}
    public = {room.state.name_of(c) for c, _ in enumerate(room.state.cards) if room.state.can_see(None, c)}
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = hello(ws, None)
        assert state["seat"] is None and state["actions"] == []
        text = str(state)
        assert not [n for n in hands - public if n in text]
        ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
        assert ws.receive_json()["code"] == "seat"


@pytest.mark.parametrize("message", ["not json", "[1, 2]", '{"type": "act", "decision_id": "x", "action": 0}',
                                     '{"type": "act", "decision_id": 0, "action": 99999}', '{"type": "fly"}',
                                     '{"type": "lang", "lang": "xx"}'])
def test_a_malformed_message_gets_an_error_and_changes_nothing(client: TestClient, message: str) -> None:
    answer = new_room(client)
    room = room_of(client, answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = hello(ws, token(answer["url"]))
        history = list(room.state.history)
        ws.send_text(message.replace('"decision_id": 0', f'"decision_id": {state["decision_id"]}'))
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "malformed", error
        assert room.state.history == history


def test_reconnecting_returns_to_the_same_seat_and_state(client: TestClient) -> None:
    answer = new_room(client)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        first = hello(ws, token(answer["url"]))
        ws.send_json({"type": "act", "decision_id": first["decision_id"], "action": 0})
        moved = my_turn(ws, ws.receive_json())
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        again = hello(ws, token(answer["url"]))
    assert again["seat"] == 0 and again["decision_id"] == moved["decision_id"]
    assert again["board"] == moved["board"] and len(again["log"]) >= len(moved["log"])


def test_two_people_each_see_only_their_own_hand(client: TestClient) -> None:
    answer = new_room(client, opponent="person")
    room = room_of(client, answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws0, \
            client.websocket_connect(f"/ws/{answer['room']}") as ws1:
        views = [hello(ws0, token(answer["url"])), hello(ws1, answer["seat1_token"])]
    for seat, view in enumerate(views):
        state = room.state
        secret = {state.name_of(c) for c, _ in enumerate(state.cards) if not state.can_see(seat, c)} - {
            state.name_of(c) for c, _ in enumerate(state.cards) if state.can_see(seat, c)}
        assert secret and not [n for n in secret if n in str(view)]


def test_the_language_changes_the_words_not_the_game(client: TestClient) -> None:
    answer = new_room(client)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        english = hello(ws, token(answer["url"]))
        ws.send_json({"type": "lang", "lang": "pl"})
        polish = ws.receive_json()
    assert polish["decision_id"] == english["decision_id"]
    assert polish["board"]["players"][0]["zones"][0]["label"] != english["board"]["players"][0]["zones"][0]["label"]


def play_out(client: TestClient, answer: dict[str, Any]) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = hello(ws, token(answer["url"]))
        while not state["over"]:
            ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": len(state["actions"]) - 1})
            state = my_turn(ws, ws.receive_json())
    return state


def test_a_finished_game_is_stored_and_its_replay_steps_back_and_forth(client: TestClient) -> None:
    answer = new_room(client)
    final = play_out(client, answer)
    assert final["result"]
    games = client.get("/api/replays").json()["games"]
    assert len(games) == 1 and games[0]["game"] == "duel_masters"
    end = client.get(f"/api/replays/{games[0]['id']}").json()
    assert end["over"] and end["step"] == end["total"] > 0
    middle = client.get(f"/api/replays/{games[0]['id']}?step=5").json()
    start = client.get(f"/api/replays/{games[0]['id']}?step=0").json()
    assert middle["step"] == 5 and start["step"] == 0 and not middle["over"]
    assert len(start["log"]) < len(middle["log"]) < len(end["log"])


def test_a_concession_ends_the_game_and_is_stored(client: TestClient) -> None:
    answer = new_room(client)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        hello(ws, token(answer["url"]))
        ws.send_json({"type": "concede"})
        over = ws.receive_json()
    assert over["over"] and "concession" in over["result"]
    stored = client.get("/api/replays").json()["games"][0]
    assert stored["reason"] == "concede" and stored["winner"] == 1


def test_a_card_text_is_served_by_name(client: TestClient) -> None:
    name = next(iter(load_game("duel_masters").cards()))
    info = client.get(f"/api/cards/duel_masters?name={name}&lang=it").json()
    assert info["name"] == name and info["known"]


def test_tcg_serve_starts_the_server_and_prints_its_address(tmp_path: Path) -> None:
    """`tcg serve --port N` (the README's command) listens on localhost and says where."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path / "games.sqlite3"
    proc = subprocess.Popen([sys.executable, "-m", "tcg.cli.main", "serve", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert f"http://localhost:{port}/" in first
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as r:
                    page = r.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        assert "<title>tcg-engine</title>" in page and db.exists()
    finally:
        proc.terminate()
        proc.wait(10)
