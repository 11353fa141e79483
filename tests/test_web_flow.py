"""Auto-pass, stops and the opponent seen acting (issue 37 items 3 and 4).

The rules of :func:`tcg.core.stops.auto_answer` are checked per game on positions reached by
playing (rule and random agents, fixed seeds): a decision whose only options are moving on is
answered with the smallest step unless a phase stop is set; response windows follow Auto / On /
Off; a decision with a real option outside a window is always the person's. Then the server:
the ``stops`` message and its refusals, the hidden-timing rule between two people, the pace of
an agent (one update per action, the acting cards named), the agent moving first after its
opponent's page opened, and a stale answer that changes nothing.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tcg.agents.base import make_agent
from tcg.core.actions import Action
from tcg.core.game import Game
from tcg.core.registry import game_names, load_game
from tcg.core.state import State
from tcg.core.stops import Flow, Stops, auto_answer, smallest_step
from tcg.sim.loop import observe
from tcg.web import flow as web_flow
from tcg.web.app import create_app
from tcg.web.rooms import Room, Rooms
from tcg.web.thinking import Thinker
from tests.test_web import hello, my_turn, token

AUTO, ON, OFF = Stops("auto"), Stops("on"), Stops("off")
Probe = Callable[[State, int | None], bool]


def positions(game: Game[Any], seeds: range = range(6)) -> Iterator[tuple[State, int | None]]:
    """Every decision of a few games (rule against random, both ways), with who acted last. The
    state is the live one: a caller only reads it."""
    names = list(game.starter_decks())
    for seed in seeds:
        state = game.new_state([game.deck(names[seed % len(names)]), game.deck(names[(seed + 1) % len(names)])],
                               seed=seed)
        kinds = ("rule", "random") if seed % 2 else ("random", "rule")
        agents = [make_agent(kinds[0], seed), make_agent(kinds[1], seed)]
        last: int | None = None
        while not state.game_over:
            yield state, last
            player = state.deciding_player
            assert player is not None
            legal = state.legal_actions()
            state.apply(agents[player].choose(observe(state, player, agents[player], [0, 0]), legal))
            last = player


def find(game_name: str, probe: Probe, seeds: range = range(8)) -> tuple[State, int | None]:
    """A copy of the first position ``probe`` accepts."""
    for state, last in positions(load_game(game_name), seeds):
        if probe(state, last):
            return state.clone(), last
    raise AssertionError(f"no such position in {game_name} over seeds {seeds}")


def flow(game_name: str) -> Flow:
    declared: Flow = load_game(game_name).presentation.FLOW
    return declared


def only_moving_on(state: State, last: int | None) -> bool:
    f = state.GAME.presentation.FLOW
    return all(f.step(a) is not None for a in state.legal_actions())


# ---------------------------------------------------------------------------------------- the rules
@pytest.mark.parametrize("game", game_names())
def test_only_moving_on_is_passed_with_the_smallest_step_unless_a_phase_stop(game: str) -> None:
    state, last = find(game, only_moving_on, range(12))
    f, player = flow(game), state.deciding_player
    step = auto_answer(state, f, AUTO, last)
    assert step is not None and step == smallest_step(f, state.legal_actions())
    steps = {f.step(a) for a in state.legal_actions()}
    assert f.step(step) == min(s for s in steps if s is not None)
    if {"next_phase", "end_turn"} <= {a.type for a in state.legal_actions()}:
        assert step.type == "next_phase"  # the smallest step, never the end of the turn
    side = "mine" if state.active == player else "theirs"
    stopped = Stops("auto", **{side: frozenset({f.stop_of(state.phase)})})
    assert f.stop_of(state.phase) in f.phases, "a stop can be set where this decision happens"
    assert auto_answer(state, f, stopped, last) is None
    other = Stops("auto", **{("theirs" if side == "mine" else "mine"): frozenset({f.stop_of(state.phase)})})
    assert auto_answer(state, f, other, last) == step  # the other side's stop is not this one


@pytest.mark.parametrize("game", game_names())
def test_whatever_the_stops_an_answer_is_the_smallest_legal_step_and_never_a_real_choice(game: str) -> None:
    f = flow(game)
    every = [AUTO, ON, OFF, Stops("auto", frozenset(f.phases), frozenset(f.phases))]
    seen = answered = 0
    for state, last in positions(load_game(game), range(3)):
        decision = state.decision
        assert decision is not None
        legal = list(state.legal_actions())
        window = decision.kind in f.windows
        for stops in every:
            answer = auto_answer(state, f, stops, last)
            seen += 1
            if answer is None:
                continue
            answered += 1
            if decision.kind in f.payments:  # rule 6, the default way of paying (tests/test_autopay.py)
                assert answer == state.GAME.presentation.default_way(state, legal)
                continue
            assert answer in legal and answer == smallest_step(f, legal)
            real = [a for a in legal if f.step(a) is None]
            assert not real or window, f"{decision.kind}: a real choice outside a response window was passed"
    assert seen and answered


@pytest.mark.parametrize("game", game_names())
def test_every_game_declares_its_moving_on_windows_and_phases(game: str) -> None:
    f = flow(game)
    words = load_game(game).presentation.texts("en")["phases"]
    assert f.phases and all(p in words for p in f.phases)
    assert f.moving_on.get("pass") == 0 and f.moving_on.get("end_turn") == max(f.moving_on.values())
    assert f.windows, "each game has a response window (a chain, a flash, a counter, a trigger)"


def test_yugioh_windows_auto_passes_a_phase_change_and_your_own_action_on_stops_off_passes() -> None:
    def window(context: str, mine: bool) -> Probe:
        return lambda s, last: bool(s.decision and s.decision.kind == "response"
                                    and s.decision.data.get("context") == context
                                    and (last == s.deciding_player) == mine)

    f = flow("yugioh")
    phase, last = find("yugioh", window("phase", False))
    assert auto_answer(phase, f, AUTO, last) is not None  # Master Duel's Auto: no prompt at a phase change
    assert auto_answer(phase, f, ON, last) is None and auto_answer(phase, f, OFF, last) is not None
    side = "mine" if phase.active == phase.deciding_player else "theirs"
    assert auto_answer(phase, f, Stops("auto", **{side: frozenset({f.stop_of(phase.phase)})}), last) is None
    theirs, last = find("yugioh", lambda s, last: window("summon", False)(s, last) or window("attack", False)(s, last))
    assert auto_answer(theirs, f, AUTO, last) is None  # an answer to the opponent's summon or attack: asked
    assert auto_answer(theirs, f, OFF, last) == smallest_step(f, theirs.legal_actions())
    own, last = find("yugioh", lambda s, last: any(window(c, True)(s, last) for c in ("summon", "chain", "attack")))
    assert auto_answer(own, f, AUTO, last) is not None  # your own activation: not asked under Auto
    assert auto_answer(own, f, ON, last) is None


def test_yugioh_never_asks_for_a_response_nobody_could_give() -> None:
    """The engine opens a response window only for a player holding a card that can respond
    (YGO-120): 'respond to your own activation' with nothing to respond with cannot happen."""
    windows = 0
    for state, _ in positions(load_game("yugioh"), range(8)):
        if state.decision is not None and state.decision.kind == "response":
            windows += 1
            assert any(a.type == "activate" for a in state.legal_actions())
    assert windows > 10


def test_force_of_will_a_window_with_only_a_lifebreak_is_passed_under_auto() -> None:
    f = flow("force_of_will")
    state, last = find("force_of_will", lambda s, last: bool(
        s.decision and s.decision.kind == "window" and last != s.deciding_player
        and {a.type for a in s.legal_actions()} == {"lifebreak", "pass"}))
    assert auto_answer(state, f, AUTO, last) == smallest_step(f, state.legal_actions())
    assert auto_answer(state, f, ON, last) is None


@pytest.mark.parametrize(("game", "kind"), [("one_piece", "counter"), ("duel_masters", "shield_trigger"),
                                            ("battle_spirits", "flash")])
def test_an_answer_to_the_opponent_is_asked_under_auto_and_passed_under_off(game: str, kind: str) -> None:
    f = flow(game)
    state, last = find(game, lambda s, last: bool(s.decision and s.decision.kind == kind
                                                  and last is not None and last != s.deciding_player), range(12))
    assert auto_answer(state, f, AUTO, last) is None
    assert auto_answer(state, f, OFF, last) == smallest_step(f, state.legal_actions())


def test_battle_spirits_your_own_flash_timing_needs_a_stop_under_auto() -> None:
    f = flow("battle_spirits")
    state, last = find("battle_spirits", lambda s, last: bool(
        s.decision and s.decision.kind == "flash" and last == s.deciding_player and s.active == last), range(12))
    assert auto_answer(state, f, AUTO, last) is not None
    assert auto_answer(state, f, Stops("auto", mine=frozenset({state.phase})), last) is None


def test_a_decision_with_no_moving_on_option_is_always_the_persons() -> None:
    state, last = find("duel_masters", lambda s, last: bool(s.decision and s.decision.kind == "pay"))
    for stops in (Stops("auto", payments="ask"), Stops("on", payments="ask"), Stops("off", payments="ask")):
        assert auto_answer(state, flow("duel_masters"), stops, last) is None


# ---------------------------------------------------------------------------------------- the server
@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3", rate=1000.0)) as c:  # a test answers faster than a person
        yield c


def stops_error(ws: Any, body: dict[str, Any]) -> dict[str, Any]:
    """The answer to a ``stops`` message (the agent's ``state`` messages may come first)."""
    ws.send_json({"type": "stops", **body})
    while True:
        answer: dict[str, Any] = ws.receive_json()
        if answer["type"] != "state":
            return answer


@pytest.mark.parametrize(("body", "words"), [
    ({"responses": "sometimes"}, "responses must be one of auto, on, off"),
    ({"responses": ["auto"]}, "responses must be one of"),
    ({"mine": "main"}, "mine must be a list of at most 32 phases"),
    ({"theirs": ["main"] * 40}, "theirs must be a list of at most 32"),
    ({"mine": ["lunch"]}, "mine: 'lunch' is not a phase of this game; its phases are charge, main, attack"),
    ({"mine": [3]}, "mine: 3 is not a phase"),
    ({"theirs": ["main", "main"]}, "theirs lists a phase twice"),
])
def test_a_bad_stops_message_is_refused_naming_the_field(client: TestClient, body: dict[str, Any], words: str) -> None:
    answer = client.post("/api/rooms", json={"game": "duel_masters", "seed": 3}).json()
    room: Room = client.app.state.rooms.get(answer["room"])  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        hello(ws, token(answer["url"]))
        error = stops_error(ws, body)
        assert error["type"] == "error" and error["code"] == "malformed" and words in error["message"], error
        assert room.flow.stops == [None, None]


def test_a_spectator_has_no_stops_and_a_seat_gets_its_stops_echoed(client: TestClient) -> None:
    answer = client.post("/api/rooms", json={"game": "yugioh", "seed": 3}).json()
    room: Room = client.app.state.rooms.get(answer["room"])  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        hello(ws, None)
        assert stops_error(ws, {"responses": "on"})["code"] == "seat"
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        hello(ws, token(answer["url"]))
        echo = stops_error(ws, {"responses": "on", "mine": ["battle", "main1"]})
        assert echo == {"type": "stops", "responses": "on", "mine": ["battle", "main1"], "theirs": [],
                        "payments": "auto"}
        assert room.flow.stops[0] == Stops("on", frozenset({"main1", "battle"}))


def test_with_stops_the_page_is_never_asked_to_only_move_on_and_without_them_it_is(client: TestClient) -> None:
    """Against the rule agent: a seat that sent its stops (Auto, none at a phase) never gets a
    decision whose only options are moving on; an API client that sent none answers them all."""
    def play(stops: dict[str, Any] | None) -> tuple[int, int]:
        answer = client.post("/api/rooms", json={"game": "duel_masters", "seed": 4}).json()
        moving = real = 0
        with client.websocket_connect(f"/ws/{answer['room']}") as ws:
            message = hello(ws, token(answer["url"]))
            if stops is not None:  # the first decision is a real one: still the one to answer after the echo
                ws.send_json({"type": "stops", **stops})
                assert ws.receive_json()["type"] == "stops"
            for _ in range(80):
                while message["type"] != "state" or not (message["over"] or message["actions"]):
                    message = ws.receive_json()
                if message["over"]:
                    break
                groups = {a["group"] for a in message["actions"]}
                moving += groups == {"move_on"}
                real += groups != {"move_on"}
                options = [a for a in message["actions"] if a["group"] != "move_on"] or message["actions"]
                ws.send_json({"type": "act", "decision_id": message["decision_id"], "action": options[0]["index"]})
                message = ws.receive_json()
        return moving, real

    with_stops, without = play({"responses": "auto"}), play(None)
    assert with_stops[0] == 0 and with_stops[1] > 10
    assert without[0] > 5


def two_people(thinker: Thinker, game: str = "duel_masters") -> Room:
    g = load_game(game)
    rooms = Rooms()
    rooms.waker = thinker.wake
    decks = [g.deck(n) for n in list(g.starter_decks())[:2]]
    return rooms.create(g, decks, ["a", "b"], 11, "person")


def until(check: Callable[[], bool], seconds: float = 10.0) -> float:
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < seconds, "timed out"
        time.sleep(0.005)
    return time.monotonic() - start


def to_moving_on_decision(room: Room) -> int:
    """Both seats answer (the first real option, else the first) until a decision whose only
    options are moving on; returns its seat."""
    f = room.game.presentation.FLOW
    for _ in range(500):
        with room.lock:
            legal = room.state.legal_actions()
            seat = room.state.deciding_player
            assert seat is not None
            if all(f.step(a) is not None for a in legal):
                return seat
            pick = next((i for i, a in enumerate(legal) if f.step(a) is None), 0)
            decision = room.decision_id
        room.act(seat, decision, pick)
    raise AssertionError("no decision that only moves on")


def test_between_people_an_answer_for_a_person_is_held_for_a_random_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hidden timing: the server's answer for a person is applied after a delay drawn from the
    system's random source (here a recording stand-in), during which the opponent sees the
    decision open as if its player were thinking; against an agent it is applied at once."""
    drawn: list[tuple[float, float]] = []

    class Recorder(random.SystemRandom):
        def uniform(self, a: float, b: float) -> float:
            drawn.append((a, b))
            return 0.5

    monkeypatch.setattr(web_flow, "_system", Recorder())
    thinker = Thinker(hidden=(0.4, 0.6))
    try:
        room = two_people(thinker)
        seat = to_moving_on_decision(room)
        decision = room.decision_id
        seen: list[dict[str, Any]] = []
        with room.lock:
            room.flow.stops[seat] = Stops("auto")
            mine, theirs = views(room, seat), views(room, 1 - seat)
        assert mine["autopass"] and not mine["actions"]  # this seat is told, and offered no button
        assert theirs["deciding"] == seat and not theirs["autopass"]  # the opponent sees it deciding
        room.listeners.append(lambda: seen.append(views(room, 1 - seat)))
        started = time.monotonic()
        room.wake()
        time.sleep(0.3)
        assert room.decision_id == decision and views(room, 1 - seat)["deciding"] == seat  # still "thinking"
        until(lambda: room.decision_id != decision)
        elapsed = time.monotonic() - started
        assert elapsed >= 0.45, f"answered after {elapsed:.3f} s"
        assert drawn and set(drawn) == {(0.4, 0.6)}  # one draw per answer (the next may be passed too)
        until(lambda: bool(seen))  # listeners are told just after the answer is applied
        assert not any(v["autopass"] for v in seen)
    finally:
        thinker.close()


def views(room: Room, seat: int) -> dict[str, Any]:
    from tcg.web.views import state_message

    with room.lock:
        return web_flow.message_fields(room, seat, state_message(room, seat, "en"), "en")


def test_against_an_agent_the_answer_for_the_person_is_immediate() -> None:
    """The person answers their real choices at once; the server's answers for them (their
    moving-on steps) come without the hidden delay (5 s here): several turns take well under 5 s."""
    g = load_game("duel_masters")
    thinker = Thinker(hidden=(5.0, 5.0))
    passed: list[Action] = []
    try:
        rooms = Rooms()
        rooms.waker = thinker.wake
        room = rooms.create(g, [g.deck(n) for n in list(g.starter_decks())[:2]], ["a", "b"], 4, "rule")
        agent_apply = room.apply_agent

        def recording(action: Action) -> None:
            if room.state.deciding_player == 0:
                passed.append(action)
            agent_apply(action)

        room.apply_agent = recording  # type: ignore[method-assign]
        room.flow.stops[0] = Stops("auto")
        f = g.presentation.FLOW
        started = time.monotonic()
        while room.state.turn < 6 and not room.state.game_over:
            assert time.monotonic() - started < 4.0, "an answer for the person waited"
            with room.lock:
                mine = room.state.deciding_player == 0 and web_flow.auto_action(room) is None
                legal = room.state.legal_actions() if mine else []
                decision = room.decision_id
            if mine:
                room.act(0, decision, next((i for i, a in enumerate(legal) if f.step(a) is None), 0))
            time.sleep(0.005)
        assert passed and all(f.step(a) is not None for a in passed)
    finally:
        thinker.close()


def test_an_agent_is_paced_one_update_per_action_naming_the_cards_it_acted_with(tmp_path: Path) -> None:
    pace = 0.15
    with TestClient(create_app(tmp_path / "g.sqlite3", pace=pace)) as client:
        answer = client.post("/api/rooms", json={"game": "one_piece", "seed": 1}).json()
        room: Room = client.app.state.rooms.get(answer["room"])  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/{answer['room']}") as ws:
            state = my_turn(ws, hello(ws, token(answer["url"])))
            acted: list[int] = []
            for _ in range(3):  # a few of the person's answers, each followed by the agent's turn
                options = [a for a in state["actions"] if a["group"] != "move_on"] or state["actions"]
                ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": options[0]["index"]})
                received = []
                while True:
                    message = ws.receive_json()
                    received.append((time.monotonic(), message))
                    if message["over"] or message["actions"]:
                        break
                agent = [(t, m) for t, m in received if m["acted"] and m["acted"]["seat"] == 1]
                ids = [m["decision_id"] for _, m in received]
                assert ids == sorted(ids) and len(set(ids)) == len(ids)
                if agent and received[0][1]["acted"] is None:  # the person's own action is shown first
                    assert agent[0][0] - received[0][0] >= pace * 0.8
                for (t0, m0), (t1, m1) in itertools.pairwise(agent):
                    assert m1["decision_id"] == m0["decision_id"] + 1, "one update per action of the agent"
                    assert t1 - t0 >= pace * 0.8, f"paced: {t1 - t0:.3f} s between two actions"
                for _, m in agent:
                    with room.lock:
                        assert all(room.state.can_see(0, c) for c in m["acted"]["cards"])
                    acted.extend(m["acted"]["cards"])
                state = received[-1][1]
                if state["over"]:
                    break
            assert acted, "the agent's actions named cards the page marks"


def test_an_agent_moving_first_waits_for_its_opponents_page(tmp_path: Path) -> None:
    """With a pace, the room exists and its page opens before the agent's first move."""
    with TestClient(create_app(tmp_path / "g.sqlite3", pace=0.05)) as client:
        answer = client.post("/api/rooms", json={"game": "duel_masters", "seed": 1}).json()  # the agent starts
        room: Room = client.app.state.rooms.get(answer["room"])  # type: ignore[attr-defined]
        time.sleep(0.6)
        assert room.state.deciding_player == 1 and not room.state.history, "the agent moved before the page opened"
        with client.websocket_connect(f"/ws/{answer['room']}") as ws:
            first = hello(ws, token(answer["url"]))
            assert first["decision_id"] == 0 and first["deciding"] == 1
            until(lambda: len(room.state.history) > 0)


def test_a_stale_answer_changes_nothing_even_while_the_server_passes_for_the_seat(client: TestClient) -> None:
    answer = client.post("/api/rooms", json={"game": "duel_masters", "seed": 4}).json()
    room: Room = client.app.state.rooms.get(answer["room"])  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{answer['room']}") as ws:
        state = my_turn(ws, hello(ws, token(answer["url"])))
        ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
        my_turn(ws, ws.receive_json())
        history = list(room.state.history)
        ws.send_json({"type": "act", "decision_id": state["decision_id"], "action": 0})
        assert ws.receive_json()["code"] == "stale"  # the page keeps this one to itself (flow.js)
        assert room.state.history == history


def test_the_later_thread_runs_work_in_time_order() -> None:
    ran: list[str] = []
    done = threading.Event()
    later = web_flow.Later(lambda *work: (ran.append(work[0]), done.set() if work[0] == "c" else None))
    later.after(0.15, "c")
    later.after(0.05, "a")
    later.after(0.1, "b")
    later.after(0, "now")
    assert done.wait(2)
    later.close()
    assert ran == ["now", "a", "b", "c"]


def test_undo_takes_back_the_persons_last_real_decision_not_an_answer_the_server_gave(tmp_path: Path) -> None:
    """With stops, the server answers the person's moving-on steps; undo skips those (it would
    answer them again at once) and goes back to the last decision the person made, in a live room
    and in a resumed one; the journal holds ordinary actions either way."""
    from tcg.web.store import Store
    from tcg.web.undo import undo

    g = load_game("duel_masters")
    rooms = Rooms(Store(tmp_path / "games.sqlite3"))
    room = rooms.create(g, [g.deck(n) for n in list(g.starter_decks())[:2]], ["a", "b"], 4, "rule")
    room.flow.stops[0] = Stops("auto")
    room.wake()
    f = g.presentation.FLOW
    mine: list[int] = []
    while len(mine) < 8:
        legal = room.state.legal_actions()
        assert room.state.deciding_player == 0 and any(f.step(a) is None for a in legal), "only real choices asked"
        mine.append(len(room.state.history))
        room.act(0, room.decision_id, next(i for i, a in enumerate(legal) if f.step(a) is None))
    passed = len(room.state.history) - len(mine)
    assert passed > len(mine), "the server answered moving-on steps for the person in between"
    assert room.moves == mine
    resumed = Rooms(rooms.store)
    resumed.resume()
    again = resumed.get(room.id)
    again.flow.stops[0] = Stops("auto")  # as the page sends them after its hello
    undo(room, 0, room.decision_id, rooms.store)
    assert len(room.state.history) == mine[-1] and room.moves == mine[:-1]
    undo(room, 0, room.decision_id, rooms.store)
    assert len(room.state.history) == mine[-2]
    undo(again, 0, again.decision_id, resumed.store)  # worked out by replaying, the stops skipped
    assert len(again.state.history) == mine[-1] and again.moves == mine[:-1]
