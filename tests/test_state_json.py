"""State.from_json: a round trip of to_json, and malformed data as DataError naming the key."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tcg.core.errors import DataError
from tcg.core.registry import load_game


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    game = load_game("duel_masters")
    decks = [game.deck(n) for n in sorted(game.starter_decks())[:2]]
    state = game.new_state(decks, seed=3)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    return json.loads(json.dumps(state.to_json()))


def load(data: dict[str, Any]) -> Any:
    return load_game("duel_masters").state_class.from_json(data)


def test_round_trip(data: dict[str, Any]) -> None:
    assert load(data).to_json() == data


def _without(d: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k != key}


@pytest.mark.parametrize(("change", "says"), [
    (lambda d: _without(d, "zones"), ["'zones'", "missing key"]),
    (lambda d: {**d, "cards": [_without(d["cards"][0], "owner"), *d["cards"][1:]]}, ["cards[0]", "'owner'"]),
    (lambda d: {**d, "cards": 5}, ["'cards'", "expected a list"]),
    (lambda d: {**d, "where": [[0], *d["where"][1:]]}, ["where[0]", "malformed"]),
    (lambda d: {**d, "turn": "three"}, ["'turn'", "whole number"]),
    (lambda d: {**d, "winner": "maybe"}, ["'winner'"]),
    (lambda d: {**d, "decision": {"kind": "main"}}, ["'decision'", "'player'"]),
    (lambda d: {**d, "tasks": [{"data": {}}]}, ["tasks[0]", "'kind'"]),
    (lambda d: {**d, "history": [{"card": 1}]}, ["history[0]"]),
    (lambda d: {**d, "counters": d["counters"][:1]}, ["do not fit together"]),
    (lambda d: {**d, "game": "yugioh"}, ["for game 'yugioh'"]),
])
def test_malformed_state_json_is_a_data_error_naming_the_key(data: dict[str, Any], change: Any,
                                                              says: list[str]) -> None:
    with pytest.raises(DataError) as err:  # never KeyError / TypeError
        load(change(copy.deepcopy(data)))
    for text in says:
        assert text in str(err.value), str(err.value)


def test_not_a_mapping_is_a_data_error() -> None:
    with pytest.raises(DataError, match="a state JSON is an object"):
        load([])  # type: ignore[arg-type]
