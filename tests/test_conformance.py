"""The generic conformance test, run over every registered game (OpenSpiel's random_sim_test).

At least 200 random games per game, with random legal actions. After every action:
cards are conserved, no counter goes negative, no observation leaks a hidden card, and the
state survives to_json -> JSON text -> from_json and clone() unchanged (the append-only
event log is compared once, at the end), and what the game conserves (Battle Spirits
cores) never changes. Every CLONE_EVERY actions a clone is taken; CLONE_EVERY actions later
it must be unchanged (clone isolation). Every game must end, and replaying its history
must reproduce its final state exactly, event log included.
"""

from __future__ import annotations

import json

import pytest

from tcg.core.invariants import CloneProbe, check_conservation, check_counters, check_json_round_trip, check_no_leak
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng

GAMES = 200
MAX_ACTIONS = 5000
CHUNKS = 10  # so that pytest -n spreads the games over the cores
CLONE_EVERY = 7  # a clone taken every 7 actions is compared 7 actions later (k >= 5)


@pytest.mark.parametrize("game_name", game_names())
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(game_name: str, chunk: int):
    game = load_game(game_name)
    if len(game.starter_decks()) < 2:
        pytest.skip(f"{game_name} has no two starter decks yet")
    names = sorted(game.starter_decks())
    # every chunk plays another pair of starter decks, so each deck's cards are exercised
    decks = [game.deck(names[chunk % len(names)]), game.deck(names[(chunk + 1) % len(names)])]
    per_chunk = GAMES // CHUNKS
    for g in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        state = game.new_state(decks, seed=g)
        conserved = state.conserved()
        rng = Rng(10_000 + g)
        probe = None
        for n in range(MAX_ACTIONS):
            if state.game_over:
                break
            if n % CLONE_EVERY == 0:
                assert probe is None or not probe.problems(), f"game {g}, action {n}: {probe.problems()}"
                probe = CloneProbe(state)
            legal = state.legal_actions()
            assert legal, f"game {g}: a decision with no legal action"
            state.apply(legal[rng.below(len(legal))])
            problems = (check_conservation(state) + check_counters(state) + check_no_leak(state)
                        + check_json_round_trip(state, with_events=False))
            if state.conserved() != conserved:
                problems.append(f"conserved quantities changed: {conserved} -> {state.conserved()}")
            assert not problems, f"game {g}, action {n}: {problems}"
        assert state.game_over, f"game {g} did not end within {MAX_ACTIONS} actions"
        assert probe is None or not probe.problems(), f"game {g}, at the end: {probe.problems()}"
        assert not check_json_round_trip(state), f"game {g}: the event log does not round-trip"
        replayed = game.new_state(decks, seed=g)
        for action in state.history:
            replayed.apply(action)
        assert json.dumps(replayed.to_json(), sort_keys=True) == json.dumps(state.to_json(), sort_keys=True)
