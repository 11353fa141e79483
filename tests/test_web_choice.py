"""Choosing field by field over the WebSocket (issue 37 item 1; tcg/web/choices.py).

``choose`` answers a path with its step (``choice``), the first step comes with the ``state``
message; ``act`` with a path plays exactly the action the path fixes (the default way of paying
when only the payment is left); the old ``act`` by index keeps working. A malformed or unfinished
path is an ``error`` naming the field and changes nothing; an answer to a decision already taken
is dropped silently; a spectator cannot choose."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tcg.core.actions import Action
from tcg.web.app import create_app
from tests.test_web import hello, my_turn, new_room, room_of, token

Message = dict[str, Any]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as c:
        yield c


def move_on(ws: Any, state: Message) -> Message:
    """Answer the seat's decision the way Space would (the step's default, else its first option
    that fixes an action, else the first legal action) and return its next decision."""
    step = state["choice"]
    options = [o for o in step["options"] if o["complete"]] if step["mode"] == "pick" else []
    if step["default"] is not None:
        path = step["options"][step["default"]]["path"]
        ws.send_json({"type": "act", "decision": state["decision_id"], "path": path})
    elif options:
        ws.send_json({"type": "act", "decision": state["decision_id"], "path": options[0]["path"]})
    else:
        ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
    return my_turn(ws, ws.receive_json())


def until(ws: Any, state: Message, wanted: Callable[[Message], bool], limit: int = 80) -> Message:
    """The seat's first decision whose first step is ``wanted``."""
    for _ in range(limit):
        assert not state["over"], "the game ended first"
        if wanted(state["choice"]):
            return state
        state = move_on(ws, state)
    raise AssertionError("no such decision")


def snapshot(client: TestClient, answer: Message) -> str:
    return json.dumps(room_of(client, answer).state.to_json(), sort_keys=True, default=str)


def test_the_state_message_carries_the_first_step_and_choose_answers_it(client: TestClient) -> None:
    answer = new_room(client)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = my_turn(ws, hello(ws, token(answer["url"])))
        first = state["choice"]
        assert first["path"] == [] and first["question"] and len(first["options"]) == len(state["actions"]) >= 1
        ws.send_json({"type": "choose", "decision": state["decision_id"], "path": []})
        reply = ws.receive_json()
        assert reply["type"] == "choice" and reply["decision"] == state["decision_id"]
        assert {k: v for k, v in reply.items() if k not in ("type", "decision")} == first


def test_act_with_a_path_plays_exactly_the_action_it_fixes(client: TestClient) -> None:
    answer = new_room(client)
    room = room_of(client, answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = my_turn(ws, hello(ws, token(answer["url"])))
        option = state["choice"]["options"][-1]
        assert option["complete"]
        ws.send_json({"type": "choose", "decision": state["decision_id"], "path": option["path"]})
        done = ws.receive_json()
        assert done["mode"] == "done" and done["complete"]["text"] == option["label"]
        before = len(room.state.history)
        ws.send_json({"type": "act", "decision": state["decision_id"], "path": option["path"]})
        ws.receive_json()
        assert room.state.history[before] == Action.from_json(done["complete"]["action"])


def test_a_summon_paid_the_default_way_is_one_message_and_another_way_goes_through_its_pay_step(
        client: TestClient) -> None:
    answer = new_room(client, game="battle_spirits")
    room = room_of(client, answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = until(ws, my_turn(ws, hello(ws, token(answer["url"]))),
                      lambda step: any((o["ways"] or 0) > 1 for o in step["options"]))
        summon = next(o for o in state["choice"]["options"] if (o["ways"] or 0) > 1)
        decision = state["decision_id"]
        ws.send_json({"type": "choose", "decision": decision, "path": summon["path"]})
        pay = ws.receive_json()
        assert pay["mode"] == "pay" and pay["complete"]["text"] == summon["label"] and pay["rows"]
        other = next(o for r in pay["rows"] for o in r["options"] if not o["selected"])
        ws.send_json({"type": "choose", "decision": decision, "path": other["path"]})
        changed = ws.receive_json()
        assert changed["mode"] == "pay" and changed["complete"]["action"] != pay["complete"]["action"]
        before = len(room.state.history)
        ws.send_json({"type": "act", "decision": decision, "path": summon["path"]})  # one click: the default way
        ws.receive_json()
        assert room.state.history[before] == Action.from_json(pay["complete"]["action"])


@pytest.mark.parametrize(("path", "field"), [
    ([99999], "path[0]"), ("12", "path is a list"), ([1.5], "path[0]"), (None, "path is missing"),
])
def test_a_malformed_path_is_an_error_naming_the_field_and_changes_nothing(
        client: TestClient, path: Any, field: str) -> None:
    answer = new_room(client)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = my_turn(ws, hello(ws, token(answer["url"])))
        before = snapshot(client, answer)
        for kind in ("choose", "act"):
            ws.send_json({"type": kind, "decision": state["decision_id"], "path": path})
            error = ws.receive_json()
            assert error["type"] == "error" and field in error["message"], error
            assert snapshot(client, answer) == before


def test_acting_on_a_path_that_fixes_no_action_yet_is_refused(client: TestClient) -> None:
    answer = new_room(client)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = until(ws, my_turn(ws, hello(ws, token(answer["url"]))),
                      lambda step: any(len(o["path"]) > 1 for o in step["options"]))
        # "Charge <card>": the type, then the card
        card = next(o for o in state["choice"]["options"] if len(o["path"]) > 1)
        before = snapshot(client, answer)
        ws.send_json({"type": "act", "decision": state["decision_id"], "path": card["path"][:1]})
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "path" and "does not fix an action" in error["message"]
        assert snapshot(client, answer) == before


def test_a_stale_choose_or_act_is_dropped_silently(client: TestClient) -> None:
    answer = new_room(client)
    room = room_of(client, answer)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = my_turn(ws, hello(ws, token(answer["url"])))
        old = state["decision_id"]
        state = move_on(ws, state)
        history = list(room.state.history)
        ws.send_json({"type": "choose", "decision": old, "path": []})
        ws.send_json({"type": "act", "decision": old, "path": state["choice"]["options"][0]["path"]})
        ws.send_json({"type": "choose", "decision": state["decision_id"], "path": []})
        reply = ws.receive_json()  # the first answer is the one to the current decision
        assert reply["type"] == "choice" and reply["decision"] == state["decision_id"]
        assert room.state.history == history


def test_a_spectator_gets_no_step_and_cannot_choose(client: TestClient) -> None:
    answer = new_room(client)
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = hello(ws, None)
        assert state["choice"] is None
        ws.send_json({"type": "choose", "decision": state["decision_id"], "path": []})
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "seat"
