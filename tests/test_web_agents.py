"""Agents on the server (issue 35, items 1-4): an agent's thinking blocks neither the event loop
nor another room; searches run in a bounded pool of worker processes with a hard time limit, a
limit per client and a queue the page is told about; agent budgets are capped; a restarted
server listens at once and resumes its games in the background.

Timing claims use the real server (uvicorn in a thread, on 127.0.0.1 and a free port) and
generous bounds: each one is a fraction of the search it runs beside, which is what a request
waited for before. The positions are chosen so that the agent has a real search to make:
Duel Masters seed 1 (the agent decides first) and One Piece seed 1 (the agent decides after
the person's first answer).
"""

from __future__ import annotations

import http.client
import json
import secrets
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import ClientConnection, connect

from tcg.core.registry import load_game
from tcg.web import connection, rooms
from tcg.web.app import create_app
from tcg.web.rooms import Rooms
from tcg.web.store import Store
from tests.live_server import LiveApp
from tests.test_web import hello, my_turn, new_room, room_of, token

SEARCH = "ismcts:seconds=2"


class Server(LiveApp):
    """The application under uvicorn, in a thread, on a free port of 127.0.0.1."""

    def __init__(self, db: Path, **options: Any) -> None:
        super().__init__(create_app(db, rate=1e6, **options))
        self.start()

    def post(self, path: str, body: dict[str, Any], source: str = "127.0.0.1") -> tuple[int, dict[str, Any]]:
        """POST as the client at address ``source`` (any of 127.0.0.0/8)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30, source_address=(source, 0))
        try:
            conn.request("POST", path, json.dumps(body), {"content-type": "application/json"})
            r = conn.getresponse()
            return r.status, json.loads(r.read())
        finally:
            conn.close()

    def get(self, path: str) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request("GET", path)
            r = conn.getresponse()
            r.read()
            return r.status
        finally:
            conn.close()

    def room(self, body: dict[str, Any], source: str = "127.0.0.1") -> dict[str, Any]:
        status, answer = self.post("/api/rooms", body, source)
        assert status == 200, answer
        return answer

    def ws(self, room: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/{room}", proxy=None, open_timeout=10, max_size=None)



@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    live = Server(tmp_path / "games.sqlite3")
    yield live
    live.stop()


def said(ws: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    ws.send(json.dumps(message))
    return received(ws)


def received(ws: ClientConnection, timeout: float = 30.0) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return answer


def until_my_turn(ws: ClientConnection, state: dict[str, Any], seconds: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while not (state["over"] or state["actions"]):
        state = received(ws, max(0.01, deadline - time.monotonic()))
        assert state["type"] == "state", state
    return state


def first_answer(ws: ClientConnection, state: dict[str, Any], limit: int = 20) -> dict[str, Any]:
    """The first state after the agent's next answer (its next decisions, searches too, not waited for)."""
    decided = state["decision_id"]
    for _ in range(limit):
        assert state["type"] == "state", state
        if state["decision_id"] > decided:
            return state
        state = received(ws)
    raise AssertionError(f"no answer in {limit} messages")


@contextmanager
def searching(server: Server, source: str = "127.0.0.1", spec: str = SEARCH, settle: float = 0.2
              ) -> Iterator[dict[str, Any]]:
    """A One Piece room whose agent starts a search (2 seconds): its person answered first (and
    stays connected meanwhile)."""
    answer = server.room({"game": "one_piece", "seed": 1, "opponent": spec}, source)
    with server.ws(answer["room"]) as ws:
        state = until_my_turn(ws, said(ws, {"type": "hello", "token": token(answer["url"])}))
        ws.send(json.dumps({"type": "act", "decision_id": state["decision_id"], "action": 0}))  # the agent's turn
        time.sleep(settle)  # the answer is in: the search has begun
        yield answer


# ---------------------------------------------------------------------------- item 1: the lock
def test_a_spectator_gets_its_first_state_while_the_agent_searches(server: Server) -> None:
    """Issue 35 item 1: the search holds no lock; a spectator's hello waited for the whole search."""
    with searching(server) as answer:
        start = time.monotonic()
        with server.ws(answer["room"]) as spectator:
            first = said(spectator, {"type": "hello", "token": None})
        # Bounded well under the 2 s search (it took the whole search before), with room for a
        # loaded machine; the agent still thinking proves the answer did not wait for it.
        assert first["type"] == "state" and time.monotonic() - start < 1.0
        assert server.app.state.rooms.get(answer["room"]).state.deciding_player == 1  # still thinking


def test_static_files_are_served_while_a_spectator_joins_a_thinking_room(server: Server) -> None:
    """Issue 35 item 1: the event loop never waits for a search (it took the room's lock there)."""
    with searching(server) as answer, server.ws(answer["room"]) as spectator:
        spectator.send(json.dumps({"type": "hello", "token": None}))
        start = time.monotonic()
        assert server.get("/static/style.css") == 200
        assert time.monotonic() - start < 1.0  # the search takes 2 s; before, the file waited for it
        assert server.app.state.rooms.get(answer["room"]).state.deciding_player == 1  # still thinking


# ---------------------------------------------------------------------------- item 2: the pool
def test_a_room_is_created_at_once_and_its_agent_moves_after(server: Server) -> None:
    """Issue 35 item 2: POST /api/rooms ran the agent's first 2-second search before answering."""
    server.room({"game": "duel_masters", "seed": 2, "opponent": "rule"})  # the game loaded: a room is timed
    start = time.monotonic()
    answer = server.room({"game": "duel_masters", "seed": 1, "opponent": SEARCH})
    assert time.monotonic() - start < 0.5
    with server.ws(answer["room"]) as ws:
        state = said(ws, {"type": "hello", "token": token(answer["url"])})
        assert not state["actions"]  # the agent's decision comes first
        assert first_answer(ws, state)["decision_id"] > state["decision_id"]  # and it answered


def test_a_rule_agent_game_stays_fast_while_six_searches_think(server: Server) -> None:
    """Issue 35 item 2: a game against the rule agent answers at once while six searches (of six
    clients, at the highest budget) think -- two in the pool, four queued. (A guard: the issue
    measured 23 s for one action; this setup measured 0.18 s on 012c40b too.)"""
    answer = server.room({"game": "duel_masters", "seed": 2, "opponent": "rule"})
    with ExitStack() as searches, server.ws(answer["room"]) as ws:
        for i in range(6):
            searches.enter_context(searching(server, f"127.0.0.{10 + i}", "ismcts:seconds=3", 0.02))
        state = until_my_turn(ws, said(ws, {"type": "hello", "token": token(answer["url"])}))
        worst = 0.0
        for _ in range(6):
            if state["over"]:
                break
            start = time.monotonic()
            state = until_my_turn(ws, said(ws, {"type": "act", "decision_id": state["decision_id"], "action": 0}))
            worst = max(worst, time.monotonic() - start)
        thinker = getattr(server.app.state, "thinker", None)
        queued = thinker is not None and bool(thinker.queue) and thinker.running.total() <= thinker.workers
    assert worst < 1.0, f"an action's round trip took {worst:.2f} s"
    assert queued  # the searches beyond the pool's wait in the queue


def test_a_search_past_the_hard_limit_is_killed_and_the_rule_agent_answers(tmp_path: Path) -> None:
    """Issue 35 item 2: a decision has a hard wall-clock limit; what answers then is the rule agent's choice."""
    from tcg.web.thinking import Thinker, decision_seed, fallback

    with TestClient(create_app(tmp_path / "g.sqlite3", thinker=Thinker(hard_seconds=0.5))) as client:
        answer = client.post("/api/rooms", json={"game": "duel_masters", "seed": 1, "opponent": "ismcts:seconds=3"}
                             ).json()
        room = room_of(client, answer)
        deadline = time.monotonic() + 30
        while room.thinking is None and not room.state.history:
            assert time.monotonic() < deadline
            time.sleep(0.005)
        thinking = time.monotonic()
        while not room.state.history:
            assert time.monotonic() < deadline
            time.sleep(0.005)
        assert time.monotonic() - thinking < 2.5  # not the search's 3 seconds (and the pool's start)
    game = load_game("duel_masters")
    decks = [game.deck(d) for d in list(game.starter_decks())[:2]]
    expected = fallback(game.new_state(decks, seed=1), 1, decision_seed(1, 0), 0)[0]
    assert room.state.history[0].to_json() == expected


def test_a_queued_search_is_shown_to_the_player_with_its_position(tmp_path: Path) -> None:
    """Issue 35 item 2: one search at a time (a client's limit); the second room's state says queued, 1."""
    from tcg.web.thinking import Thinker

    with TestClient(create_app(tmp_path / "g.sqlite3", thinker=Thinker(workers=2, per_client=1))) as client:
        first, second = (client.post("/api/rooms", json={"game": "duel_masters", "seed": 1, "opponent": SEARCH}
                                     ).json() for _ in range(2))
        seen = []
        for answer in (first, second):
            with client.websocket_connect(f"/ws/{answer['room']}") as ws:
                state = hello(ws, None)
                for _ in range(20):
                    if state["agent"] is not None:
                        break
                    state = ws.receive_json()
                seen.append(state["agent"])
    assert seen == [{"seat": 1, "status": "thinking"}, {"seat": 1, "status": "queued", "position": 1}]


def test_each_client_has_its_own_limit_of_searches(tmp_path: Path) -> None:
    """Issue 35 item 2: two rooms of one client search one at a time; another client's goes alongside."""
    from tcg.web.thinking import Thinker

    thinker = Thinker(workers=2, per_client=1)
    held = Rooms(Store(tmp_path / "g.sqlite3"))
    held.waker = thinker.wake
    game = load_game("duel_masters")
    decks = [game.deck(d) for d in list(game.starter_decks())[:2]]
    made = [held.create(game, decks, ["a", "b"], 1, SEARCH, client) for client in ("x", "x", "y")]
    try:
        deadline = time.monotonic() + 20
        while any(r.thinking is None for r in made):
            assert time.monotonic() < deadline
            time.sleep(0.005)
        assert [r.thinking["status"] for r in made if r.thinking] == ["thinking", "queued", "thinking"]
    finally:
        thinker.close()


def test_a_resumed_agent_chooses_what_it_would_have_chosen(tmp_path: Path) -> None:
    """Issue 35 item 2: each decision's agent is seeded from the game's seed and the decision's
    index, so a random agent re-made by a restart plays on as if nothing had happened."""
    body = {"opponent": "random", "game": "one_piece", "seed": 3}

    def answers(client: TestClient, answer: dict[str, Any], n: int) -> None:
        with client.websocket_connect(f"/ws/{answer['room']}") as ws:
            state = my_turn(ws, hello(ws, token(answer["url"])))
            for _ in range(n):
                if state["over"]:
                    return
                ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
                state = my_turn(ws, ws.receive_json())

    with TestClient(create_app(tmp_path / "a.sqlite3", rate=1e6)) as client:
        whole = new_room(client, **body)
        answers(client, whole, 12)
        expected = [a.to_json() for a in room_of(client, whole).state.history]
    db = tmp_path / "b.sqlite3"
    with TestClient(create_app(db, rate=1e6)) as client:
        cut = new_room(client, **body)
        answers(client, cut, 6)
    with TestClient(create_app(db, rate=1e6)) as client:
        resumed = getattr(client.app.state.rooms, "resumed", None)  # type: ignore[attr-defined]
        assert resumed is None or resumed.wait(30)  # resumed in the background
        answers(client, cut, 6)
        assert [a.to_json() for a in room_of(client, cut).state.history] == expected


# ---------------------------------------------------------------------------- item 3: the caps
@pytest.mark.parametrize(("spec", "cap"), [("ismcts:seconds=1e300", "seconds is at most 3"),
                                           ("ismcts:seconds=3600", "seconds is at most 3"),
                                           ("ismcts:iterations=100000000", "iterations is at most 3000"),
                                           ("ismcts:depth=100000000", "depth is at most 1000")])
def test_an_agent_budget_over_a_cap_is_refused_naming_the_cap(tmp_path: Path, spec: str, cap: str) -> None:
    """Issue 35 item 3: every one of these was accepted (seed 2: the person decides first)."""
    with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
        r = client.post("/api/rooms", json={"game": "duel_masters", "seed": 2, "opponent": spec})
        assert r.status_code == 422 and cap in r.json()["detail"], r.text
        assert not client.app.state.rooms.rooms  # type: ignore[attr-defined]  # no room made


def test_the_lobby_offers_the_fixed_list_of_opponents_and_each_is_accepted(tmp_path: Path) -> None:
    """Issue 35 item 3: the server's own table (tcg/web/opponents.py), within the caps."""
    from tcg.web.opponents import OPPONENTS

    with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
        assert client.get("/api/games").json()["agents"] == OPPONENTS
        for spec in OPPONENTS:
            r = client.post("/api/rooms", json={"game": "duel_masters", "seed": 2, "opponent": spec})
            assert r.status_code == 200, (spec, r.text)


# ---------------------------------------------------------------------------- item 4: a restart
def live_rooms(db: Path, opponent: str, n: int) -> list[dict[str, Any]]:
    """``n`` games in progress in the file, as a previous server leaves them (none played yet)."""
    game = load_game("duel_masters")
    decks = [game.deck(d).flat() for d in list(game.starter_decks())[:2]]
    store = Store(db)
    made = []
    for _ in range(n):
        spec = {"game": "duel_masters", "seed": 1, "options": {}, "decks": decks, "labels": ["a", "b"],
                "tokens": [secrets.token_urlsafe(24), secrets.token_urlsafe(24)], "opponent": opponent}
        room = secrets.token_urlsafe(9)
        store.open_live(room, spec)
        made.append({"room": room, "url": f"/play/{room}#seat={spec['tokens'][0]}"})
    store.db.close()
    return made


def test_a_restarted_server_listens_at_once_and_resumes_the_agent_after(tmp_path: Path) -> None:
    """Issue 35 item 4: the restart ran every resumed agent (a 3-second search here) and re-made
    every room (300 abandoned) before it listened."""
    db = tmp_path / "games.sqlite3"
    agent = live_rooms(db, "ismcts:seconds=3", 1)[0]
    live_rooms(db, "person", 300)
    start = time.monotonic()
    live = Server(db)
    try:
        assert live.get("/static/style.css") == 200
        assert time.monotonic() - start < 1.5
        with live.ws(agent["room"]) as ws:  # and the agent answers, in the background
            state = said(ws, {"type": "hello", "token": token(agent["url"])})
            assert first_answer(ws, state)["decision_id"] > 0
    finally:
        live.stop()


def test_a_room_not_yet_resumed_says_resuming_not_that_there_is_no_such_room(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35 item 4: while a restart resumes (slowly here: 0.2 s a room), a hello to a room it
    has not reached waits a little, then is told ``resuming`` (code 4503: the page tries again)."""
    db = tmp_path / "games.sqlite3"
    made = live_rooms(db, "person", 20)
    rebuilt = rooms._rebuilt

    def slowly(*args: Any) -> Any:
        time.sleep(0.2)
        return rebuilt(*args)

    monkeypatch.setattr(rooms, "_rebuilt", slowly)
    monkeypatch.setattr(connection, "RESUME_WAIT_SECONDS", 0.5, raising=False)
    with TestClient(create_app(db)) as client, client.websocket_connect(f"/ws/{made[-1]['room']}") as ws:
        refused = hello(ws, token(made[-1]["url"]))
        assert refused["type"] == "error" and refused["code"] == "resuming", refused
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4503
