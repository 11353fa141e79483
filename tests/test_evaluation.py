"""The search's position evaluation (tcg/agents/evaluation.py): a fitted model over each side's
features, symmetric between the sides, and the end of the game scored as it is."""

from __future__ import annotations

import pytest

from tcg.agents.evaluation import FEATURE_NAMES, FEATURES, difference, value
from tcg.agents.evaluation_weights import WEIGHTS
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.state import State


def a_position(name: str, moves: int = 30) -> State:
    game = load_game(name)
    state = game.new_state([game.deck(d) for d in (sorted(game.starter_decks()) * 2)[:2]], seed=3)
    rng = Rng(5)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        if state.game_over:
            break
    return state


def lose_life(state: State, player: int) -> None:
    """Take one unit of the first feature (what a side needs to stay in the game) from ``player``."""
    name = state.GAME.name
    if name in ("duel_masters", "one_piece"):
        zone = "shields" if name == "duel_masters" else "life"
        state.move(state.zones[player][zone][0], "graveyard" if name == "duel_masters" else "trash")
    else:
        key, unit = {"battle_spirits": ("life", 1), "yugioh": ("lp", 1000), "force_of_will": ("life", 1000)}[name]
        state.counters[player][key] -= unit
    state._changed()


def test_every_game_has_named_features_and_fitted_weights() -> None:
    for name in game_names():
        assert len(FEATURE_NAMES[name]) == len(WEIGHTS[name]) == len(FEATURES[name](a_position(name, 0), 0))
        assert all(w >= 0 for w in WEIGHTS[name])  # more of a thing a side wants is never worse


@pytest.mark.parametrize("name", game_names())
def test_a_position_and_its_mirror_add_up_to_one(name: str) -> None:
    state = a_position(name)
    assert difference(state, 0) == [-d for d in difference(state, 1)]
    assert value(state, 0) + value(state, 1) == pytest.approx(1.0)


@pytest.mark.parametrize("name", game_names())
def test_losing_life_lowers_a_sides_value(name: str) -> None:
    state = a_position(name, 10)  # past the set-up: life cards are dealt
    before = value(state, 0)
    lose_life(state, 0)
    assert value(state, 0) < before < 1.0


def test_a_finished_game_is_scored_by_its_result() -> None:
    state = a_position("one_piece", 0)
    state.lose(1, "test")
    assert (value(state, 0), value(state, 1)) == (1.0, 0.0)


def bs_board(field: list[object], burst: list[str], hand: list[str]) -> State:
    """Player 0's main phase with ``field``, ``burst`` and ``hand``; player 1 with one spirit."""
    from tcg.core.scenario import Runner

    spec = {"name": "evaluation", "game": "battle_spirits", "state": {"turn": 3, "phase": "main", "players": [
        {"reserve": 4, "zones": {"field": field, "burst": burst, "hand": hand, "deck": ["Wing Soldier"] * 3}},
        {"zones": {"field": [{"card": "Missile Mobile", "cores": 1}], "deck": ["Wing Soldier"] * 3}}]}}
    return Runner(spec, "test").state


def test_battle_spirits_fusion_a_set_burst_and_an_ultimate_never_look_like_a_loss() -> None:
    """BS-114: fusing a field brave onto a spirit keeps both cards (a brave spirit counts as a spirit and
    a fused brave); BS-12: a burst set from the hand is worth at least the card held; BS-115: an
    Ultimate is a spirit-like card of the field and an Ultimate of its own."""
    host = {"card": "Lanceraptor", "cores": 1}
    apart = bs_board([host, {"card": "Zuganake", "cores": 1}], [], [])
    fused = bs_board([{**host, "braves": [{"card": "Zuganake", "cores": 1}]}], [], [])
    assert value(fused, 0) >= value(apart, 0)
    held, set_ = bs_board([host], [], ["Burst Shield"]), bs_board([host], ["Burst Shield"], [])
    assert value(set_, 0) >= value(held, 0)
    # the evaluation reads that a burst is set, never which: another card set scores the same
    assert value(bs_board([host], ["Absolute Armor Ice Shield"], []), 0) == value(set_, 0)
    ultimate = bs_board([host, {"card": "UltimateCannon-Bell", "cores": 1}], [], [])
    spirit = bs_board([host, {"card": "Trooper Mobile", "cores": 1}], [], [])
    names = FEATURE_NAMES["battle_spirits"]
    assert difference(ultimate, 0)[names.index("ultimates")] == 1 + difference(spirit, 0)[names.index("ultimates")]
