"""Fuzzing the server's messages (issue 20): whatever a connection sends after its hello -- random
JSON, mutated protocol messages, text that is not JSON, binary frames, huge or deeply nested
ones -- it gets one ``error`` message with a known code (or, for a valid language change, the
state again), never a crash or a closed connection, and the game is unchanged.

``benchmarks/fuzz_server.py --inputs N`` runs the same generator for longer and counts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tcg.web.app import create_app
from tcg.web.limits import MAX_MESSAGE_CHARS
from tcg.web.rooms import Room
from tests.test_web import settled

#: Every code an ``error`` message may carry (docs/architecture.md, "The server protocol").
CODES = frozenset({"malformed", "too_big", "rate", "stale", "seat", "over", "token", "room", "illegal", "full"})

_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                  max_size=4), max_leaves=12)
_types = st.sampled_from(["act", "lang", "hello", "fly", "", "ACT", "concede "]) | st.text(max_size=10)


def _message() -> st.SearchStrategy[dict[str, Any]]:
    """A protocol message with its fields mutated: a type near a real one, numbers and values of
    every JSON kind (the current decision id and legal indexes among them)."""
    numbers = st.integers(-3, 60) | _json
    return st.fixed_dictionaries({"type": _types}, optional={"decision_id": numbers, "action": numbers,
                                                              "lang": st.sampled_from(["en", "it", "xx", ""]) | _json,
                                                              "token": _json})


def frames() -> st.SearchStrategy[str | bytes]:
    """What a client may send: JSON text (mutated messages, any value), not-JSON text, binary,
    a message over the size limit, JSON nested past the parser's depth."""
    return st.one_of(
        _message().map(json.dumps),
        _json.map(json.dumps),
        st.text(max_size=200),
        st.binary(max_size=200),
        st.integers(MAX_MESSAGE_CHARS - 20, MAX_MESSAGE_CHARS + 1000).map(
            lambda n: json.dumps({"type": "act", "pad": "x" * n})),
        st.integers(1, 30_000).map(lambda n: "[" * n),
        st.integers(4000, 6000).map(lambda n: '{"type": "act", "decision_id": ' + "7" * n + "}"),
    )


def changes_the_game(room: Room, frame: str | bytes) -> bool:
    """A valid answer or a concession would change the game; the fuzzer leaves those out."""
    if isinstance(frame, bytes):
        return False
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        return False
    if not isinstance(message, dict):
        return False
    if message.get("type") == "concede":
        return True
    did, index = message.get("decision_id"), message.get("action")
    return (message.get("type") == "act" and type(did) is int and did == room.decision_id and type(index) is int
            and 0 <= index < len(room.state.legal_actions()))


def fuzz_connection(tmp: Path, check: Callable[[Callable[[str | bytes], dict[str, Any]], Room], None]) -> None:
    """A server, a room and seat 0's connection (after its hello), handed to ``check`` as a
    ``send(frame) -> reply`` function and the room."""
    with TestClient(create_app(tmp / "fuzz.sqlite3", rate=1e9)) as client:
        answer = client.post("/api/rooms", json={"game": "duel_masters", "seed": 3}).json()
        room: Room = settled(client, answer)  # the agent's first answers given: nothing changes now
        with client.websocket_connect(f"/ws/{answer['room']}") as ws:
            ws.send_json({"type": "hello", "token": answer["url"].split("#seat=")[1]})
            assert ws.receive_json()["type"] == "state"

            def send(frame: str | bytes) -> dict[str, Any]:
                ws.send_bytes(frame) if isinstance(frame, bytes) else ws.send_text(frame)
                reply: dict[str, Any] = ws.receive_json()
                return reply

            check(send, room)


def checked_reply(room: Room, frame: str | bytes, reply: dict[str, Any], history: list[Any]) -> str:
    """The reply's code; an AssertionError if it is not a precise error (or the state, for a
    valid language change) or the game changed."""
    assert room.state.history == history and not room.state.game_over, f"{frame[:80]!r} changed the game"
    if reply.get("type") == "state":
        message = json.loads(frame)
        assert message.get("type") == "lang" and message.get("lang") in room.game.presentation.languages, reply
        return "state"
    assert reply.get("type") == "error" and reply.get("code") in CODES, (frame[:80], reply)
    assert isinstance(reply.get("message"), str) and reply["message"], reply
    return str(reply["code"])


def test_any_message_gets_a_precise_error_and_changes_nothing(tmp_path: Path) -> None:
    seen: set[str] = set()

    def check(send: Callable[[str | bytes], dict[str, Any]], room: Room) -> None:
        history = list(room.state.history)

        @settings(max_examples=120, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                         HealthCheck.filter_too_much])
        @given(frame=frames())
        def one(frame: str | bytes) -> None:
            assume(not changes_the_game(room, frame))
            seen.add(checked_reply(room, frame, send(frame), history))

        one()

    fuzz_connection(tmp_path, check)
    assert {"malformed", "too_big"} <= seen  # the generator reaches the size limit and the parser
