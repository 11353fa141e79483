"""The conformance checker itself: each check reports the fault it exists for.

The property test (test_conformance.py) trusts these checks after every action of 1000
random games, so each one is shown here to fail on a state that breaks it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tcg.core.invariants import (
    check_clone_isolation,
    check_conservation,
    check_counters,
    check_descriptions,
    check_determinize,
    check_json_round_trip,
    check_no_leak,
    check_viewer_names,
)
from tcg.core.registry import load_game
from tcg.core.rng import Rng
from tcg.core.state import Json, State
from tcg.sim.soak import soak_game, spec_for


@pytest.fixture
def state() -> State:
    game = load_game("duel_masters")
    decks = [game.deck(name) for name in sorted(game.starter_decks())[:2]]
    return game.new_state(decks, seed=3)


def _random_action(seed: int) -> Callable[[State], object]:
    rng = Rng(seed)
    return lambda s: s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])


def test_a_sound_state_passes_every_check(state: State) -> None:
    assert check_conservation(state) == []
    assert check_counters(state) == []
    assert check_json_round_trip(state) == []
    assert check_no_leak(state) == []
    assert check_clone_isolation(state, _random_action(1), k=5) == []


def test_a_card_in_two_zones_is_reported(state: State) -> None:
    cid = state.zones[0]["hand"][0]
    state.zones[0]["deck"].append(cid)
    assert any(f"card {cid}" in p and "2 places" in p for p in check_conservation(state))


def test_a_negative_counter_is_reported(state: State) -> None:
    name = next(iter(state.counters[0]), "mana_charged")
    state.counters[0][name] = -1
    assert any("negative" in p for p in check_counters(state))


def test_a_clone_that_differs_is_reported(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    original_clone = type(state).clone

    def clone_losing_the_turn(self: State) -> State:
        new = original_clone(self)
        new.turn += 1
        return new

    monkeypatch.setattr(type(state), "clone", clone_losing_the_turn)
    assert check_json_round_trip(state) == ["clone() differs from the original"]


def test_an_observation_showing_the_opponents_hand_is_reported(state: State,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    original_observation = type(state).observation
    hidden = state.zones[1]["hand"]

    def leaky(self: State, viewer: int) -> Json:
        obs: dict[str, Any] = original_observation(self, viewer)
        if viewer == 0:
            obs["peek"] = [{"id": c, "name": self.cards[c].name} for c in hidden]
        return obs

    monkeypatch.setattr(type(state), "observation", leaky)
    problems = check_no_leak(state)
    assert any(f"player 0 sees the id of hidden card {hidden[0]}" == p for p in problems)


def test_a_clone_sharing_mutable_data_with_the_original_is_reported(state: State,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone that shares the zone lists is equal when taken (check_json_round_trip passes)
    but changes as soon as the original moves a card."""
    original_clone = type(state).clone

    def shallow_clone(self: State) -> State:
        new = original_clone(self)
        new.zones = self.zones  # shared on purpose
        return new

    monkeypatch.setattr(type(state), "clone", shallow_clone)
    assert check_json_round_trip(state) == []
    problems = check_clone_isolation(state, _random_action(1), k=5)
    assert problems == ["a clone changed when the original played on (fields: zones)"]


# ---------------------------------------------------------------------- the soak's checks (issue 20)
def test_a_determinized_world_renaming_a_card_its_player_sees_is_reported(state: State) -> None:
    world = state.determinize(0, Rng(1))
    assert check_determinize(state, world, 0) == []
    mine = state.zones[0]["hand"][0]
    other = next(c.name for c in state.cards if c.name != state.cards[mine].name)
    world.cards[mine] = world.cards[mine].replace(name=other)
    problems = check_determinize(state, world, 0)
    assert f"player 0's determinized world renamed card {mine}, which they see" in problems
    assert "player 0's determinized world holds other cards" in problems


def test_a_log_line_naming_a_card_hidden_from_its_reader_is_reported(state: State,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The opponent's cards drawn at the start are hidden from player 0: an event that keeps
    their names reads differently in a world where they are other cards."""
    world = state.determinize(0, Rng(2))
    assert check_descriptions(state, world, 0) == []
    original = type(state).visible_event

    def naming(self: State, event: Json, viewer: int | None) -> Json | None:
        seen = original(self, event, viewer)
        if seen is not None and isinstance(event.get("card"), int):
            seen = {**seen, "name": self.cards[event["card"]].name}
        return seen

    monkeypatch.setattr(type(state), "visible_event", naming)
    problems = check_descriptions(state, world, 0)
    assert len(problems) == 1 and problems[0].startswith("player 0's log depends on hidden cards")


def test_a_board_naming_a_hidden_card_is_reported(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    assert check_viewer_names(state, 0) == [] and check_viewer_names(state, None) == []
    hidden = state.cards[state.zones[1]["hand"][0]].name
    presentation = state.GAME.presentation
    monkeypatch.setattr(type(presentation), "board", lambda self, obs, say: {"peek": hidden})
    problems = check_viewer_names(state, 0)
    visible_to_0 = {c.name for c in state.cards if state.can_see(0, c.id)}
    if hidden not in visible_to_0:
        assert f"player 0's board or actions name hidden card {hidden!r}" in problems
    assert f"the spectator's board or actions name hidden card {hidden!r}" in check_viewer_names(state, None)


def soak_row(index: int = 0, **kw: Any) -> dict[str, Any]:
    spec = spec_for("one_piece", ["random"], 5, **kw)
    game = load_game("one_piece")
    return soak_game(spec, game, [game.deck(n) for n in spec.deck_names], index)


def test_a_soaked_game_that_breaks_nothing_has_no_violation() -> None:
    row = soak_row()
    assert row["violations"] == 0 and row["actions"] > 0 and row["checks"] == row["actions"] + 1


def test_the_soak_reports_a_game_beyond_its_bound() -> None:
    row = soak_row(max_actions=10)
    assert row["actions"] == 10
    assert row["problems"][-1] == "action 10: the game did not end within 10 actions"


def test_the_soak_reports_a_quantity_that_is_not_conserved(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("one_piece")
    kind = type(game.new_state([game.deck(n) for n in sorted(game.starter_decks())[:2]], seed=1))
    monkeypatch.setattr(kind, "conserved", lambda self: self.turn > 3)
    row = soak_row()
    assert row["violations"] > 0 and "conserved quantities changed: False -> True" in row["problems"][0]


def test_the_soak_reports_a_raise_with_its_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    original = State.apply

    def failing(self: State, action: Any) -> Any:
        if len(self.history) == 3:
            raise KeyError("broken on purpose")
        return original(self, action)

    monkeypatch.setattr(State, "apply", failing)
    row = soak_row()
    assert row["violations"] == 1 and row["actions"] == 3
    assert row["problems"][0].startswith("action 3: raised: Traceback") and "broken on purpose" in row["problems"][0]
