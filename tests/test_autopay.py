"""Auto-pay (issue 37 item 3, fewer clicks per ordinary turn): a payment is made the default way.

In Force of Will and Duel Masters playing a card is two decisions: the play, then ``pay``, which
only chooses the magic stones to rest (FOW-27, paying the will cost with produced will, FOW-26)
or the mana cards to tap (DM-9, DM-10) for a cost already decided. As MTG Arena taps lands for
you, rule 6 of :mod:`tcg.core.stops` answers ``pay`` with the game's default way under
``Stops.payments == "auto"`` (the default) -- unless that way harms one of the player's cards
(item 2's safe defaults are never bypassed) -- and asks under ``"ask"``. Then the server (the
``stops`` message's ``payments``, the payment said in the payer's log, undo) and the terminal
(``--pay``, ``stops pay ask``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tcg.cli.main import app as cli
from tcg.core.actions import Action
from tcg.core.registry import game_names, load_game
from tcg.core.state import State
from tcg.core.stops import Flow, Stops, auto_answer, default_payment
from tcg.games.duel_masters import payment as dm_payment
from tcg.games.force_of_will import payment as fow_payment
from tcg.web.app import create_app
from tcg.web.flow import message_fields
from tcg.web.rooms import Room, Rooms
from tests.test_web import hello, my_turn, token
from tests.test_web_flow import positions

AUTO_PAY, ASK = Stops("auto"), Stops("auto", payments="ask")
#: The games whose ``pay`` decision only chooses how to pay a cost already decided, with the
#: rule of paying a cost (../shared/rules/<game>.md).
PAYING = {"force_of_will": "FOW-27", "duel_masters": "DM-9"}
RULES = {"force_of_will": fow_payment.Pay, "duel_masters": dm_payment.Pay}


def play_then_pay(game: str, seeds: range = range(6)) -> tuple[State, Action, int]:
    """A position of seat 0's where one of its plays is followed by a ``pay`` decision with
    several ways (a copy), that play, and the seed of the game (``positions``' decks)."""
    for seed in seeds:
        for state, _ in positions(load_game(game), range(seed, seed + 1)):
            decision = state.decision
            if decision is None or decision.player != 0 or decision.kind == "pay":
                continue
            for action in state.legal_actions():
                if state.GAME.presentation.FLOW.step(action) is not None:
                    continue
                after = state.clone()
                after.apply(action)
                if after.decision is not None and after.decision.kind == "pay" and len(after.legal_actions()) > 1:
                    return state.clone(), action, seed
    raise AssertionError(f"no play followed by a choice of payment in {game} over seeds {seeds}")


def paying(game: str) -> State:
    state, play, _ = play_then_pay(game)
    state.apply(play)
    return state


def flow(game: str) -> Flow:
    declared: Flow = load_game(game).presentation.FLOW
    return declared


# ---------------------------------------------------------------------------------------- the rule
@pytest.mark.parametrize("game", sorted(PAYING))
def test_a_payment_is_made_the_default_way_under_auto_and_asked_under_ask(game: str) -> None:
    """Issue 37 item 3, rule 6 of tcg.core.stops; FOW-27 / DM-9: the pay decision only chooses
    which stones / mana pay the cost of the card just played."""
    state = paying(game)
    f, legal = flow(game), list(state.legal_actions())
    assert RULES[game].rule == PAYING[game] and RULES[game].kind == state.decision.kind == "pay"
    assert {a.type for a in legal} == {"pay"} and len(legal) > 1
    default = state.GAME.presentation.default_way(state, legal)
    assert auto_answer(state, f, AUTO_PAY, 0) == default
    assert auto_answer(state, f, Stops(), 0) == default  # the default setting pays
    assert auto_answer(state, f, ASK, 0) is None
    everywhere = Stops("on", frozenset(f.phases), frozenset(f.phases))
    assert auto_answer(state, f, everywhere, 0) == default  # a phase stop is no payment's stop
    state.apply(default)  # the answer is a legal action: the play goes on
    assert state.decision is None or state.decision.kind != "pay"


@pytest.mark.parametrize("game", sorted(PAYING))
def test_a_harmful_default_way_is_never_paid_for_the_person(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 2's safe defaults stand: these games' ways harm nothing, so a harm is made on purpose.
    Every way harmful: asked (with its confirmation, as the page asks any harmful way); only the
    first harmful: the first harmless one is the default, and is paid."""
    state = paying(game)
    f, legal = flow(game), list(state.legal_actions())
    presentation = state.GAME.presentation
    assert auto_answer(state, f, AUTO_PAY, 0) == legal[0]
    monkeypatch.setattr(presentation, "harm", lambda s, way: tuple(way.get("cards"))[:1])
    assert auto_answer(state, f, AUTO_PAY, 0) is None
    monkeypatch.setattr(presentation, "harm", lambda s, way: tuple(way.get("cards"))[:1] if way == legal[0] else ())
    assert auto_answer(state, f, AUTO_PAY, 0) == legal[1]


def test_a_payment_decision_that_offers_anything_but_ways_of_paying_is_the_persons() -> None:
    state = paying("force_of_will")
    f, legal = flow("force_of_will"), list(state.legal_actions())
    assert default_payment(state, f, legal) == legal[0]
    assert default_payment(state, f, [*legal, Action("pass")]) is None  # a way out: not only a payment
    assert default_payment(state, f, [*legal, Action("lifebreak")]) is None  # another action: the person's
    assert default_payment(state, f, []) is None


def test_the_games_that_declare_payments_and_why_the_others_do_not() -> None:
    """Battle Spirits pays within the play (one click already) and its ``burst_pay`` may be
    passed (whether to play the card at all); One Piece's ``don_minus`` chooses what a DON!! -X
    costs you (rested, active or given): not declared."""
    declared = {g: flow(g).payments for g in game_names()}
    assert declared == {"battle_spirits": frozenset(), "duel_masters": frozenset({"pay"}),
                        "force_of_will": frozenset({"pay"}), "one_piece": frozenset(), "yugioh": frozenset()}


# ---------------------------------------------------------------------------------------- the server
@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3", rate=1000.0)) as c:
        yield c


def answer_to(ws: Any, body: dict[str, Any]) -> dict[str, Any]:
    ws.send_json(body)
    while True:
        answer: dict[str, Any] = ws.receive_json()
        if answer["type"] != "state":
            return answer


@pytest.mark.parametrize(("body", "words"), [
    ({"payments": "sometimes"}, "payments must be one of auto, ask"),
    ({"payments": ["auto"]}, "payments must be one of auto, ask"),
    ({"payments": None}, "payments must be one of auto, ask"),
])
def test_a_bad_payments_setting_is_refused_naming_the_field(client: TestClient, body: dict[str, Any],
                                                           words: str) -> None:
    made = client.post("/api/rooms", json={"game": "force_of_will", "seed": 3}).json()
    room: Room = client.app.state.rooms.get(made["room"])  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        hello(ws, token(made["url"]))
        error = answer_to(ws, {"type": "stops", **body})
        assert error["type"] == "error" and error["code"] == "malformed" and words == error["message"], error
        assert room.flow.stops == [None, None]
        echo = answer_to(ws, {"type": "stops", "responses": "auto", "payments": "ask"})
        assert echo["payments"] == "ask" and room.flow.stops[0] == ASK


def positioned_room(client: TestClient, game: str) -> tuple[dict[str, Any], Room, Action]:
    """A room against the rule agent whose state is a play-then-pay position of seat 0's, reached
    from the room's own decks and seed (an undo replays the room's game from them)."""
    state, play, seed = play_then_pay(game)
    names = list(load_game(game).starter_decks())
    made = client.post("/api/rooms", json={"game": game, "seed": seed, "deck": names[seed % len(names)],
                                           "opponent_deck": names[(seed + 1) % len(names)]}).json()
    room: Room = client.app.state.rooms.get(made["room"])  # type: ignore[attr-defined]
    with room.lock:
        room.state, room.on_apply = state, None  # the journal holds the room's first actions, not these
    return made, room, play


@pytest.mark.parametrize("game", sorted(PAYING))
def test_the_server_pays_for_the_person_says_it_in_their_log_and_undo_takes_back_the_play(
        client: TestClient, game: str) -> None:
    made, room, play = positioned_room(client, game)
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        message = my_turn(ws, hello(ws, token(made["url"])))
        assert answer_to(ws, {"type": "stops", "responses": "auto"})["payments"] == "auto"
        index = list(room.state.legal_actions()).index(play)
        before = len(room.state.history)
        ws.send_json({"type": "act", "decision_id": message["decision_id"], "action": index})
        lines: list[dict[str, Any]] = []
        message = ws.receive_json()
        while message["type"] != "state" or not (message["over"] or message["actions"]):
            lines += message.get("log", [])
            message = ws.receive_json()
        lines += message["log"]
        with room.lock:
            paid = room.state.history[before + 1]
        assert paid.type == "pay" and room.state.history[before] == play
        said = [line["text"] for line in lines if line["type"] == "autopaid"]
        assert len(said) == 1 and said[0].endswith("(paid for you, the default way)"), lines
        assert all(room.state.name_of(c) in said[0] for c in paid.get("cards")), said  # which stones / mana
        kinds = {a["group"] for a in message["actions"]}
        assert "pay" not in kinds  # the person was never asked to pay
        with client.websocket_connect(f"/ws/{made['room']}") as again:  # another tab: the whole log, the line in it
            assert [line["text"] for line in hello(again, token(made["url"]))["log"]
                    if line["type"] == "autopaid"] == said
        ws.send_json({"type": "undo", "decision_id": message["decision_id"]})
        while not (message["type"] == "state" and message["actions"] and len(room.state.history) == before):
            message = ws.receive_json()
            assert message["type"] != "error", message
        assert room.state.decision is not None and room.state.decision.kind != "pay"  # back before the play
    with client.websocket_connect(f"/ws/{made['room']}") as ws:  # the whole log again: no undone payment in it
        assert not [line for line in hello(ws, token(made["url"]))["log"] if line["type"] == "autopaid"]


def test_under_ask_the_person_chooses_the_payment(client: TestClient) -> None:
    made, room, play = positioned_room(client, "force_of_will")
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        message = my_turn(ws, hello(ws, token(made["url"])))
        answer_to(ws, {"type": "stops", "responses": "auto", "payments": "ask"})
        index = list(room.state.legal_actions()).index(play)
        ws.send_json({"type": "act", "decision_id": message["decision_id"], "action": index})
        message = my_turn(ws, ws.receive_json())
        assert {a["type"] for a in message["actions"]} == {"pay"} and len(message["actions"]) > 1
        assert not message["autopass"] and not message["autopay"]


def test_a_state_message_says_the_server_is_paying_and_whether_the_game_has_payments() -> None:
    game = load_game("force_of_will")
    rooms = Rooms()
    rooms.waker = lambda room: None  # nobody answers: the message is read while the payment is pending
    room = rooms.create(game, [game.deck(n) for n in list(game.starter_decks())[:2]], ["a", "b"], 5, "person")
    room.state = paying("force_of_will")
    room.flow.stops[0] = AUTO_PAY
    message = message_fields(room, 0, {"actions": [{"index": 0}], "groups": []}, "en")
    assert message["autopass"] and message["autopay"] and message["stop_payments"] and message["actions"] == []
    assert message["stops"]["payments"] == "auto"
    room.flow.stops[0] = ASK
    message = message_fields(room, 0, {"actions": [{"index": 0}], "groups": []}, "en")
    assert not message["autopass"] and not message["autopay"] and message["stops"]["payments"] == "ask"
    yugioh = load_game("yugioh")
    other = rooms.create(yugioh, [yugioh.deck(n) for n in list(yugioh.starter_decks())[:2]], ["a", "b"], 5, "person")
    assert message_fields(other, 0, {"actions": [], "groups": []}, "en")["stop_payments"] is False


# ---------------------------------------------------------------------------------------- the terminal
def test_the_terminal_pay_option_and_the_stops_command() -> None:
    runner = CliRunner()
    bad = runner.invoke(cli, ["play", "force_of_will", "--pay", "sometimes"])
    assert bad.exit_code == 2 and "unknown payment setting 'sometimes'; expected one of auto, ask" in flat(bad.output)
    shown = runner.invoke(cli, ["play", "force_of_will", "--pay", "ask"], input="stops\nstops pay auto\nq\ny\n")
    assert shown.exit_code == 0, shown.output
    out = flat(shown.output)
    assert "Payments: Ask me how to pay" in out
    assert out.index("Payments: Ask me how to pay") < out.index("Payments: Pay automatically (the default way)")
    yugioh = runner.invoke(cli, ["play", "yugioh"], input="stops\nq\ny\n")
    assert "Payments:" not in yugioh.output  # a game with no payment to make has no such setting


def test_the_terminal_says_a_payment_made_for_you() -> None:
    """A Force of Will session whose person always plays what it can: each payment made for it
    is said with the stones it rests; under --pay ask it is asked instead."""
    from tcg.cli import play_cmd

    state, play, _ = play_then_pay("force_of_will")

    class Scripted(play_cmd.Session):
        asked: list[str] = []

        def ask(self) -> Action | None:
            assert self.state.decision is not None
            self.asked.append(self.state.decision.kind)
            legal = list(self.state.legal_actions())
            return play if play in legal else None  # the play, then quit

    for setting, said in (("auto", True), ("ask", False)):
        Scripted.asked = []
        session = Scripted(state.clone(), 0, _agent(), ["a", "b"])
        session.stops = Stops(payments=setting)
        with play_cmd.out.capture() as captured:
            session.run()
        text = flat(captured.get())
        assert ("(paid for you, the default way)" in text) == said, text[-2000:]
        assert ("pay" in Scripted.asked) == (not said)


def flat(text: str) -> str:
    return " ".join(text.split())


def _agent() -> Any:
    from tcg.agents.base import make_agent
    return make_agent("rule", 1)
