"""The generic conformance test, run over every registered game (OpenSpiel's random_sim_test).

At least 200 random games per game, with random legal actions. After every action:
cards are conserved, no counter goes negative, and no observation leaks a hidden card.
The JSON round-trip and clone are checked after every action of the first games and
on a regular sample after that; every game must end, and replaying its history must
reproduce its final state exactly.
"""

from __future__ import annotations

import json

import pytest

from tcg.core.invariants import check_conservation, check_counters, check_json_round_trip, check_no_leak
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng

GAMES = 200
MAX_ACTIONS = 5000
FULL_CHECK_GAMES = 5  # games whose every action gets the costly round-trip checks
SAMPLE_EVERY = 17


@pytest.mark.parametrize("game_name", game_names())
@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_every_invariant(game_name: str, chunk: int):
    game = load_game(game_name)
    decks = [game.deck(n) for n in sorted(game.starter_decks())[:2]]
    per_chunk = GAMES // 4
    for g in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        state = game.new_state(decks, seed=g)
        rng = Rng(10_000 + g)
        for n in range(MAX_ACTIONS):
            if state.game_over:
                break
            legal = state.legal_actions()
            assert legal, f"game {g}: a decision with no legal action"
            state.apply(legal[rng.below(len(legal))])
            problems = check_conservation(state) + check_counters(state) + check_no_leak(state)
            if g < FULL_CHECK_GAMES or n % SAMPLE_EVERY == 0:
                problems += check_json_round_trip(state)
            assert not problems, f"game {g}, action {n}: {problems}"
        assert state.game_over, f"game {g} did not end within {MAX_ACTIONS} actions"
        replayed = game.new_state(decks, seed=g)
        for action in state.history:
            replayed.apply(action)
        assert json.dumps(replayed.to_json(), sort_keys=True) == json.dumps(state.to_json(), sort_keys=True)
