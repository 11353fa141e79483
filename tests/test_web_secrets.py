"""Secrets of online games (issue 35, items 7, 8, 9 and 14), through FastAPI's TestClient.

A game between people: its seed is drawn by the server, keyed, never sent while the game lasts
(only its commitment), and revealed at the end (item 7); its shuffles come from a keyed
generator that a replay re-creates exactly and no message carries (item 8); seat 1 is taken by
exchanging a single-use invitation code for a secret issued only to the joiner, which the
creator can revoke and renew, and any seat's secret can be rotated (item 9); the SQLite file
holds digests of the secrets, never the secrets, and only its owner can read it (item 14).

The helpers are this file's own (not tests/test_web.py's) so that it runs against an older
server as it is and shows what that server failed.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tcg.sim.replay import replay
from tcg.web.app import create_app
from tcg.web.rooms import ProtocolError, Room


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, rate=1e6)) as c:
        yield c


def people(client: TestClient, **body: Any) -> dict[str, Any]:
    """A new game between people, as the lobby asks for one (no seed)."""
    r = client.post("/api/rooms", json={"game": "duel_masters", "opponent": "person", **body})
    assert r.status_code == 200, r.text
    return dict(r.json())


def room_of(client: TestClient, answer: dict[str, Any]) -> Room:
    room: Room = client.app.state.rooms.get(answer["room"])  # type: ignore[attr-defined]
    return room


def creator_token(answer: dict[str, Any]) -> str:
    return str(answer["url"].split("#seat=", 1)[1])


def join(client: TestClient, answer: dict[str, Any], code: str | None = None) -> Any:
    return client.post(f"/api/rooms/{answer['room']}/join", json={"invite": code or answer["invite"]})


def hello(ws: Any, tok: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": tok, "lang": "en"})
    message: dict[str, Any] = ws.receive_json()
    return message


def seat_of(room: Room, value: Any) -> int | None:
    """The seat a string acts for in ``room``, or None (a wrong token, or not a string)."""
    if not isinstance(value, str) or not value:
        return None
    candidates = {value, value.rsplit("#seat=", 1)[-1], value.rsplit("=", 1)[-1]}
    for c in candidates:
        try:
            seat = room.seat_of(c)
        except ProtocolError:
            continue
        if seat is not None:
            return seat
    return None


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys too."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def play_both(client: TestClient, answer: dict[str, Any], tokens: list[str], answers: int) -> list[dict[str, Any]]:
    """Both seats connected; ``answers`` first-legal answers by whoever decides, then seat 0
    concedes. Every message seat 0 received, in order."""
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{answer['room']}") as ws0, \
            client.websocket_connect(f"/ws/{answer['room']}") as ws1:
        last = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
        seen.append(last[0])
        for _ in range(answers):
            seat = next((s for s in (0, 1) if last[s]["actions"]), None)
            if seat is None or last[seat]["over"]:
                break
            (ws0, ws1)[seat].send_json({"type": "act", "decision_id": last[seat]["decision_id"], "action": 0})
            last = [ws0.receive_json(), ws1.receive_json()]
            seen.append(last[0])
        ws0.send_json({"type": "concede"})
        seen.append(ws0.receive_json())
    return seen


# ---------------------------------------------------------------------------- item 7: the seed
def test_a_game_between_people_refuses_a_seed_chosen_by_the_client(client: TestClient) -> None:
    """Issue 35 item 7: the creator cannot choose the seed of a game between people."""
    r = client.post("/api/rooms", json={"game": "duel_masters", "opponent": "person", "seed": 3})
    assert r.status_code == 422 and "seed" in r.json()["detail"]
    assert not client.app.state.rooms.rooms  # type: ignore[attr-defined]


def test_the_creator_never_receives_the_seed_while_the_game_lasts(client: TestClient) -> None:
    """Issue 35 item 7: neither the room's answer nor any message before the end holds the seed
    (nor its key, nor the integer seed's digits)."""
    answer = people(client)
    room = room_of(client, answer)
    seed = str(room.seed)
    secret = {seed, seed.removeprefix("blake2b:")}
    assert "seed" not in answer and not secret & set(strings(answer))
    tokens = [creator_token(answer), join(client, answer).json()["token"]]
    messages = play_both(client, answer, tokens, 8)
    lasting = [m for m in messages if not m.get("over")]
    assert len(lasting) >= 2
    for message in lasting:
        assert "seed" not in message and not [s for s in strings(message) if any(x in s for x in secret)]


def test_the_commitment_in_the_first_message_matches_the_seed_revealed_at_the_end(client: TestClient) -> None:
    """Issue 35 item 7: the answer and every message carry the seed's commitment; the last
    message and the stored replay reveal the seed, whose SHA-256 is that commitment."""
    answer = people(client)
    tokens = [creator_token(answer), join(client, answer).json()["token"]]
    messages = play_both(client, answer, tokens, 4)
    first, last = messages[0], messages[-1]
    assert last["over"] and first["commitment"] == answer["commitment"] == last["commitment"]
    assert first["commitment"] == "sha256:" + hashlib.sha256(str(last["seed"]).encode()).hexdigest()
    stored = client.get("/api/replays").json()["games"][0]
    rep = client.app.state.store.replay(stored["id"])  # type: ignore[attr-defined]
    assert rep.seed == last["seed"]


def test_an_agent_game_keeps_its_chosen_seed(client: TestClient) -> None:
    """Issue 35 item 7: an agent game may still be given a seed (and is told it back)."""
    r = client.post("/api/rooms", json={"game": "duel_masters", "opponent": "rule", "seed": 3})
    assert r.status_code == 200 and r.json()["seed"] == 3 and room_of(client, r.json()).seed == 3


# ---------------------------------------------------------------------------- item 8: the generator
def test_a_game_between_people_is_shuffled_by_a_keyed_generator_that_its_replay_recreates(
        client: TestClient) -> None:
    """Issue 35 item 8: the seed is a 256-bit key, and the stored replay re-creates the game
    exactly from it (the same cards in the same places after every action)."""
    answer = people(client)
    room = room_of(client, answer)
    assert isinstance(room.seed, str) and room.seed.startswith("blake2b:") and len(room.seed) == 8 + 64
    tokens = [creator_token(answer), join(client, answer).json()["token"]]
    play_both(client, answer, tokens, 12)
    stored = client.get("/api/replays").json()["games"][0]
    again = replay(client.app.state.store.replay(stored["id"]))  # type: ignore[attr-defined]
    assert again.to_json() == room.state.to_json()


def test_no_message_nor_observation_nor_event_carries_the_key(client: TestClient) -> None:
    """Issue 35 item 8: the key is in no state message (seats, spectator), no observation and
    no event of the game while it lasts."""
    answer = people(client)
    room = room_of(client, answer)
    key = str(room.seed).removeprefix("blake2b:")
    tokens = [creator_token(answer), join(client, answer).json()["token"]]
    with client.websocket_connect(f"/ws/{answer['room']}") as spectator:
        seen = [json.dumps(hello(spectator, None))]
        seen += [json.dumps(m) for m in play_both(client, answer, tokens, 6)[:-1]]
    seen += [json.dumps(room.state.observation(s)) for s in (0, 1, None)]
    seen += [json.dumps(room.state.events)]
    assert len(key) == 64 and not [s for s in seen if key in s]


# ---------------------------------------------------------------------------- item 9: invitations
def test_the_creators_answer_holds_no_secret_of_seat_1(client: TestClient) -> None:
    """Issue 35 item 9: nothing the creator is sent acts for seat 1 (today's invite_url did)."""
    answer = people(client)
    room = room_of(client, answer)
    assert seat_of(room, creator_token(answer)) == 0
    assert not [s for s in strings(answer) if seat_of(room, s) == 1]
    join(client, answer)  # and not once the friend holds seat 1 either
    assert not [s for s in strings(answer) if seat_of(room, s) == 1]


def test_an_invitation_is_exchanged_once_for_a_secret_of_its_own(client: TestClient) -> None:
    """Issue 35 item 9: the first exchange gets seat 1's secret; the code then stops working."""
    answer = people(client)
    room = room_of(client, answer)
    first = join(client, answer)
    assert first.status_code == 200 and first.json()["seat"] == 1
    assert seat_of(room, first.json()["token"]) == 1 and first.json()["token"] != answer["invite"]
    again = join(client, answer)
    assert again.status_code == 403 and "invitation" in again.json()["detail"]
    assert seat_of(room, first.json()["token"]) == 1  # the joiner keeps the seat


def test_the_creator_can_revoke_the_invitation_and_invite_again(client: TestClient) -> None:
    """Issue 35 item 9: with seat 0's secret, the creator revokes the pending code or replaces it;
    nobody else can, and not once the seat is taken."""
    answer = people(client)
    room_id = answer["room"]
    creator = creator_token(answer)
    assert client.post(f"/api/rooms/{room_id}/invite/revoke", json={"token": "forged"}).status_code == 403
    assert client.post(f"/api/rooms/{room_id}/invite/revoke", json={"token": creator}).status_code == 200
    assert join(client, answer).status_code == 403  # revoked
    renewed = client.post(f"/api/rooms/{room_id}/invite", json={"token": creator})
    assert renewed.status_code == 200 and renewed.json()["invite"] != answer["invite"]
    newer = client.post(f"/api/rooms/{room_id}/invite", json={"token": creator}).json()["invite"]
    assert join(client, answer, renewed.json()["invite"]).status_code == 403  # replaced by the newer one
    joined = join(client, answer, newer)
    assert joined.status_code == 200
    taken = client.post(f"/api/rooms/{room_id}/invite", json={"token": creator})
    assert taken.status_code == 409
    by_seat_1 = client.post(f"/api/rooms/{room_id}/invite", json={"token": joined.json()["token"]})
    assert by_seat_1.status_code == 403


def test_a_seats_secret_is_rotated_and_its_open_connection_told(client: TestClient) -> None:
    """Issue 35 item 9: the holder gets a new secret; the old one is refused from then on, and a
    connection that said hello with it is told (an ``error`` ``rotated``) and closed."""
    answer = people(client)
    room = room_of(client, answer)
    old = creator_token(answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        assert hello(ws, old)["seat"] == 0
        rotated = client.post(f"/api/rooms/{answer['room']}/rotate", json={"token": old})
        assert rotated.status_code == 200 and rotated.json()["seat"] == 0
        told = ws.receive_json()
        assert told["type"] == "error" and told["code"] == "rotated"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    new = rotated.json()["token"]
    assert new != old and seat_of(room, new) == 0 and seat_of(room, old) is None
    assert client.post(f"/api/rooms/{answer['room']}/rotate", json={"token": old}).status_code == 403


# ---------------------------------------------------------------------------- item 14: at rest
def files_of(db: Path) -> list[Path]:
    return [p for p in (db, Path(f"{db}-wal"), Path(f"{db}-shm")) if p.exists()]


def test_no_secret_sits_plain_in_the_sqlite_files(client: TestClient, db: Path) -> None:
    """Issue 35 item 14: seat secrets and invitation codes are stored as digests only."""
    answer = people(client)
    pending = people(client)  # its invitation is still waiting
    secrets_given = [creator_token(answer), answer["invite"], join(client, answer).json()["token"],
                     creator_token(pending), pending["invite"]]
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        assert hello(ws, secrets_given[2])["seat"] == 1  # the secret works: the digest is what is kept
    data = b"".join(p.read_bytes() for p in files_of(db))
    assert len(data) > 4096 and not [s for s in secrets_given if s.encode() in data]


def test_the_database_and_its_wal_files_are_readable_by_their_owner_only(client: TestClient, db: Path) -> None:
    """Issue 35 item 14: the database, -wal and -shm files are created 0600."""
    people(client)
    found = files_of(db)
    assert len(found) == 3
    assert {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in found} == {p.name: "0o600" for p in found}


def test_an_existing_database_opened_again_becomes_owner_only(tmp_path: Path) -> None:
    """Issue 35 item 14: a file an older server left readable by all is made 0600 when opened."""
    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as raw:
        raw.execute("CREATE TABLE t (x)")
    os.chmod(db, 0o644)
    with TestClient(create_app(db)):
        assert oct(stat.S_IMODE(db.stat().st_mode)) == "0o600"


def test_a_journal_row_with_plain_secrets_is_resumed_and_rewritten_as_digests(tmp_path: Path) -> None:
    """Issue 35 item 14: a game an older server journaled with plain tokens still resumes with
    them, and its row then holds their digests only."""
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db)):
        pass
    tokens = ["creator-secret-of-an-older-server", "invitee-secret-of-an-older-server"]
    spec = {"game": "duel_masters", "seed": 7, "options": {}, "labels": ["a", "b"], "opponent": "person",
            "decks": [d.flat() for d in (_deck("fire_nature"), _deck("water_darkness"))], "tokens": tokens}
    with sqlite3.connect(db) as raw:
        raw.execute("INSERT INTO live (room, started, spec) VALUES ('old', 0, ?)", (json.dumps(spec),))
    with TestClient(create_app(db)) as c:
        for seat, tok in enumerate(tokens):
            with c.websocket_connect("/ws/old") as ws:
                assert hello(ws, tok)["seat"] == seat
    with sqlite3.connect(db) as raw:
        row = raw.execute("SELECT spec FROM live WHERE room = 'old'").fetchone()[0]
    assert not [t for t in tokens if t in row]


def _deck(name: str) -> Any:
    from tcg.core.registry import load_game

    return load_game("duel_masters").deck(name)


def test_a_restarted_server_keeps_the_pending_invitation_and_the_seats(tmp_path: Path) -> None:
    """Issue 35 items 9 and 14: with only digests in the file, a resumed game still knows its
    creator's secret and its pending invitation, which still works once."""
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db)) as first:
        answer = people(first)
    with TestClient(create_app(db)) as second:
        assert join(second, answer).status_code == 200
        assert join(second, answer).status_code == 403
        with second.websocket_connect(f"/ws/{answer['room']}") as ws:
            assert hello(ws, creator_token(answer))["seat"] == 0
