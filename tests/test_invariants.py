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
    check_json_round_trip,
    check_no_leak,
)
from tcg.core.registry import load_game
from tcg.core.rng import Rng
from tcg.core.state import Json, State


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
