"""The server hardened (issue 20): a seat cannot act for the other, no message names a card
hidden from its reader (a seat's or a spectator's) over whole games of every game, a dropped
connection loses nothing, a restarted server resumes its games (SQLite in WAL mode) or ends
them cleanly, and the limits on what one connection sends (size, rate, connections).

Through FastAPI's TestClient, as tests/test_web.py: the real application, no browser.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tcg.core.registry import game_names
from tcg.core.state import State
from tcg.web import connection
from tcg.web.app import create_app
from tcg.web.caps import Caps
from tcg.web.flow import message_fields
from tcg.web.limits import MAX_MESSAGE_CHARS
from tcg.web.views import state_message
from tests.test_web import hello, my_turn, new_room, room_of, settled, token


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The application, its rate limit aside (these tests answer faster than anybody clicks; the
    limit has its own test)."""
    with TestClient(create_app(tmp_path / "games.sqlite3", rate=1e6)) as c:
        yield c


# ---------------------------------------------------------------------------- what a reader may know
_ID = re.compile(r'"id": (-?\d+)')


def leaks(state: State, viewer: int | None, message: dict[str, Any]) -> list[str]:
    """What ``message`` (for ``viewer``) shows of cards hidden from it: an id it may not refer to,
    or the name of a hidden card no visible card shares (the log aside: it tells what happened,
    as :meth:`State.visible_event` let the reader know it then)."""
    shown = {k: v for k, v in message.items() if k != "log"}
    text = json.dumps(shown)
    cards = range(len(state.cards))
    visible_names = {state.cards[c].name for c in cards if state.can_see(viewer, c)}
    known_otherwise = {state.cards[c].name for c in cards if state.where[c][1] in ("attached", "limbo")}
    problems = []
    for m in _ID.findall(json.dumps(message["board"])):
        cid = int(m)
        if 0 <= cid < len(state.cards) and not state.referable(viewer, cid):
            problems.append(f"the board shows the id of hidden card {cid}")
    for action in message["actions"]:
        for cid in action["cards"].values():
            if not state.referable(viewer, cid) and state.cards[cid].owner != viewer:
                problems.append(f"an action names hidden card {cid}")
    for c in cards:
        name = state.cards[c].name
        if state.can_see(viewer, c) or name in known_otherwise or name == state.phase:
            continue
        if any(name in v for v in visible_names):
            continue  # a visible card's name holds it: its showing proves nothing
        if f'"{name}"' in text or any(name in a["text"] for a in message["actions"]):
            problems.append(f"the name of hidden card {c} ({name!r})")
    return problems


@pytest.mark.parametrize("game", game_names())
def test_no_message_of_a_seat_or_a_spectator_names_a_card_hidden_from_it(client: TestClient, game: str,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Two seats and a spectator over WebSockets while random legal answers play the game on
    (its first 60 decisions, or to its end: the whole
    suite must stay quick): every message each receives is checked against
    what that reader can see at that moment. The server draws the seed of a game between
    people; here it is fixed, so that each run plays the same game."""
    monkeypatch.setattr("tcg.web.app.new_keyed_seed", lambda: "blake2b:" + "11" * 32)
    answer = new_room(client, game, opponent="person")
    room = room_of(client, answer)
    rng = random.Random(game)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws0, \
            client.websocket_connect(f"/ws/{answer['room']}") as ws1, \
            client.websocket_connect(f"/ws/{answer['room']}") as spectator:
        sockets = {0: ws0, 1: ws1, None: spectator}
        last = {0: hello(ws0, token(answer["url"])), 1: hello(ws1, answer["seat1_token"]),
                None: hello(spectator, None)}
        checked = 0
        for _ in range(60):
            for viewer, message in last.items():
                assert message["type"] == "state", message
                assert not leaks(room.state, viewer, message), (viewer, leaks(room.state, viewer, message))
                checked += 1
            if room.state.game_over:
                break
            seat = room.state.deciding_player
            assert seat is not None
            mine = last[seat]
            sockets[seat].send_json({"type": "act", "decision_id": mine["decision_id"],
                                     "action": rng.randrange(len(mine["actions"]))})
            last = {v: ws.receive_json() for v, ws in sockets.items()}
    assert checked >= 30


def seat_message(room: Any, seat: int, start: int = 0) -> dict[str, Any]:
    """What a seat's connection sends on connecting: the state message and the room's flow fields."""
    return message_fields(room, seat, state_message(room, seat, "en", start), "en")


def test_the_leak_check_catches_a_hidden_card_put_in_a_message(client: TestClient) -> None:
    """The checker above fails on a message that names the opponent's hand (broken on purpose)."""
    answer = new_room(client, opponent="person")
    room = room_of(client, answer)
    state = room.state
    message = state_message(room, 0, "en")
    assert not leaks(state, 0, message)
    theirs = state.zones[1]["hand"][0]
    forged = {**message, "board": {**message["board"], "extra": {"id": theirs, "name": state.name_of(theirs)}}}
    assert any(str(theirs) in p for p in leaks(state, 0, forged))


def test_a_seat_cannot_answer_the_other_seats_decision_and_nothing_changes(client: TestClient) -> None:
    answer = new_room(client, opponent="person")
    room = room_of(client, answer)
    waiting = 1 - (room.state.deciding_player or 0)
    tokens = [token(answer["url"]), answer["seat1_token"]]
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = hello(ws, tokens[waiting])
        assert state["seat"] == waiting and state["actions"] == []
        history = list(room.state.history)
        ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
        error = ws.receive_json()
        ws.send_json({"type": "concede"})  # the other seat's decision is still not this one's to take...
        conceded = ws.receive_json()
    assert error["type"] == "error" and error["code"] == "seat"
    assert room.state.history == history
    assert conceded["over"] and room.state.winner == 1 - waiting  # ...but its own game is: it may concede


# ---------------------------------------------------------------------------- a dropped connection
def test_a_dropped_connection_loses_nothing_and_the_game_goes_on(client: TestClient) -> None:
    answer = new_room(client, opponent="person")
    room = room_of(client, answer)
    tokens = [token(answer["url"]), answer["seat1_token"]]
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        first = hello(ws, tokens[room.state.deciding_player or 0])
        ws.send_json({"type": "act", "decision_id": first["decision_id"], "action": 0})
        ws.receive_json()
    played = list(room.state.history)  # the tab is gone; the game waits
    for _ in range(3):
        seat = room.state.deciding_player or 0
        with client.websocket_connect(f"/ws/{answer['room']}") as ws:
            again = hello(ws, tokens[seat])
            assert again == seat_message(room, seat)
            assert again["log_from"] == 0 and again["decision_id"] == len(room.state.history)
            ws.send_json({"type": "act", "decision_id": again["decision_id"], "action": 0})
            assert ws.receive_json()["type"] == "state"
    assert room.state.history[:len(played)] == played and len(room.state.history) >= len(played) + 3


# ---------------------------------------------------------------------------- a restart
def play(client: TestClient, answer: dict[str, Any], tok: str, n: int) -> dict[str, Any]:
    """``n`` answers (the first legal action each) for the seat of ``tok``; its last state."""
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = hello(ws, tok)
        for _ in range(n):
            if state["over"] or not state["actions"]:
                break
            ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
            state = ws.receive_json()
            if room_of(client, answer).seats[1].agent is not None:
                state = my_turn(ws, state)  # the agent answers after, in messages of its own
    return state


def deciding(client: TestClient, answer: dict[str, Any]) -> str:
    """The token of the seat whose decision it is (a person's, in these rooms)."""
    seat = room_of(client, answer).state.deciding_player
    return token(answer["url"]) if seat == 0 else str(answer["seat1_token"])


def test_a_restarted_server_resumes_its_games_with_the_same_rooms_and_tokens(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db, rate=1e6)) as first:
        assert first.app.state.store.journal_mode == "wal"  # type: ignore[attr-defined]
        finished = new_room(first)
        with first.websocket_connect(f"/ws/{finished['room']}") as ws:
            hello(ws, token(finished["url"]))
            ws.send_json({"type": "concede"})
            ws.receive_json()
        people = new_room(first, opponent="person")
        agent = new_room(first, opponent="rule", seed=5)
        for a in (people, agent):
            play(first, a, deciding(first, a), 6)
        before = {a["room"]: seat_message(room_of(first, a), 0) for a in (people, agent)}
        histories = {r: list(room_of(first, {"room": r}).state.history) for r in before}
    with TestClient(create_app(db, rate=1e6)) as second:  # a new server on the same file
        assert second.app.state.rooms.resumed.wait(30)  # type: ignore[attr-defined]  # in the background
        assert len(second.get("/api/replays").json()["games"]) == 1  # the finished game, kept once
        for a in (people, agent):
            room = settled(second, a)
            assert room.state.history == histories[a["room"]]
            with second.websocket_connect(f"/ws/{a['room']}") as ws:
                assert hello(ws, token(a["url"])) == before[a["room"]]  # seat 0 sees just what it saw
            decided = room.decision_id
            play(second, a, deciding(second, a), 2)  # and the game goes on
            assert room.decision_id > decided
        with second.websocket_connect(f"/ws/{people['room']}") as ws:
            assert hello(ws, people["seat1_token"])["seat"] == 1  # seat 1 keeps its secret


def test_a_game_that_cannot_be_resumed_is_ended_and_stored_as_ended_by_the_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db, rate=1e6)) as first:
        answer = new_room(first, opponent="person")
        play(first, answer, deciding(first, answer), 3)
        played = len(room_of(first, answer).state.history)
    with sqlite3.connect(db) as raw:  # an action no longer legal (another engine, a hand edit)
        raw.execute("INSERT INTO live_actions (room, n, action) VALUES (?, 9999, ?)",
                    (answer["room"], json.dumps({"type": "no_such_action"})))
    with TestClient(create_app(db, rate=1e6)) as second:
        with second.websocket_connect(f"/ws/{answer['room']}") as ws:
            assert hello(ws, token(answer["url"]))["code"] == "room"  # the game is over, not on
        games = second.get("/api/replays").json()["games"]
        assert [g["reason"] for g in games] == ["server_restart"]
        viewed = second.get(f"/api/replays/{games[0]['id']}").json()
        assert viewed["total"] == played > 0  # the actions that were legal are kept and replayed
    with TestClient(create_app(db, rate=1e6)) as third:  # ended once, not again at each restart
        assert third.app.state.rooms.resumed.wait(30)  # type: ignore[attr-defined]
        assert len(third.get("/api/replays").json()["games"]) == 1


def test_every_applied_action_is_journaled_and_a_finished_game_leaves_the_journal(client: TestClient) -> None:
    answer = new_room(client, opponent="rule")
    room = room_of(client, answer)
    store = client.app.state.store  # type: ignore[attr-defined]
    play(client, answer, token(answer["url"]), 3)
    live = {r: acts for r, _, acts in store.live_games()}
    assert live[answer["room"]] == [a.to_json() for a in room.state.history]
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        hello(ws, token(answer["url"]))
        ws.send_json({"type": "concede"})
        ws.receive_json()
    assert answer["room"] not in {r for r, _, _ in store.live_games()}
    assert store.list()[0]["reason"] == "concede"


# ---------------------------------------------------------------------------- limits
def test_a_message_over_the_size_limit_is_refused_and_the_connection_goes_on(client: TestClient) -> None:
    answer = new_room(client)
    room = room_of(client, answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = hello(ws, token(answer["url"]))
        history = list(room.state.history)
        big = json.dumps({"type": "act", "decision_id": state["decision_id"], "action": 0,
                          "pad": "x" * MAX_MESSAGE_CHARS})
        ws.send_text(big)
        error = ws.receive_json()
        assert error["code"] == "too_big" and room.state.history == history
        ws.send_bytes(b"x" * (MAX_MESSAGE_CHARS + 1))
        assert ws.receive_json()["code"] == "too_big"
        ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
        assert ws.receive_json()["type"] == "state"


@pytest.mark.parametrize("frame", [b'{"type": "concede"}', "[" * 50_000 + "]" * 10_000,
                                   '{"type": "act", "decision_id": ' + "9" * 5000 + ', "action": 0}'])
def test_binary_deeply_nested_or_unreadable_numbers_are_malformed_not_a_crash(client: TestClient,
                                                                               frame: str | bytes) -> None:
    answer = new_room(client)
    room = room_of(client, answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        hello(ws, token(answer["url"]))
        history = list(room.state.history)
        ws.send_bytes(frame) if isinstance(frame, bytes) else ws.send_text(frame)
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "malformed", error
        assert room.state.history == history and not room.state.game_over


def test_messages_over_the_rate_limit_get_rate_and_change_nothing(tmp_path: Path) -> None:
    """Over the rate: one ``rate`` error (at most one a second per connection, issue 35 item 6),
    the other refused messages dropped unread; nothing changes, and the connection goes on."""
    with TestClient(create_app(tmp_path / "g.sqlite3", rate=2)) as client:
        answer = new_room(client)
        room = room_of(client, answer)
        with client.websocket_connect(f"/ws/{answer['room']}") as ws:
            state = hello(ws, token(answer["url"]))
            history = list(room.state.history)
            time.sleep(1.0)  # the bucket of 2 full again after the hello
            for _ in range(8):
                ws.send_json({"type": "act", "decision_id": state["decision_id"] + 1, "action": 0})  # stale
            codes = [ws.receive_json()["code"] for _ in range(3)]
            time.sleep(1.1)
            ws.send_json({"type": "lang", "lang": "it"})  # within the rate again
            after = ws.receive_json()
        assert codes[:2] == ["stale"] * 2 and codes[2] == "rate", codes
        assert after["type"] == "state" and room.state.history == history


def test_a_room_refuses_spectators_over_its_maximum(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite3", caps=Caps(spectators_per_room=2))) as client:
        answer = new_room(client)
        with client.websocket_connect(f"/ws/{answer['room']}") as a, \
                client.websocket_connect(f"/ws/{answer['room']}") as b:
            hello(a, None)
            hello(b, None)
            with client.websocket_connect(f"/ws/{answer['room']}") as c:
                assert hello(c, None)["code"] == "full"
                with pytest.raises(WebSocketDisconnect) as closed:
                    c.receive_json()
                assert closed.value.code == 4429
        with client.websocket_connect(f"/ws/{answer['room']}") as d:  # the others gone, there is room again
            assert hello(d, None)["type"] == "state"


def test_a_connection_that_never_says_hello_is_closed(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "HELLO_SECONDS", 0.2)
    answer = new_room(client)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        assert ws.receive_json()["code"] == "malformed"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4408
