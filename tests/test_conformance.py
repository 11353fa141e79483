"""The generic conformance test, run over every registered game (OpenSpiel's random_sim_test).

Random games of every game (``TCG_CONFORMANCE_GAMES``: 20 per game in ``make test``, 200 with
every state checked in ``make check``), with random legal actions, in test cases of 20 games each (so that
pytest -n spreads them over the cores and shows progress per game). After every action cards
are conserved and no counter goes negative; at every ``EVERY``-th action (staggered by game,
so that over the run every position of a game is checked) no observation leaks a hidden card
(its lazy form, the rule agent's, being the same)
and the state survives to_json -> JSON text -> from_json and clone() unchanged, and a clone taken then
is unchanged when the original has played ``CLONE_EVERY`` more actions (clone isolation); the final
state is checked in full, event log included. What the game conserves (Battle Spirits cores)
never changes. Every game must end, and replaying its history must reproduce its final state
exactly.

``make test`` checks every 10th state (``TCG_CONFORMANCE_EVERY``, default 10): consecutive
states differ by one action, so checking all of them repeats ≈ 94 % of the run's work for
little more coverage. ``make check`` sets it to 1 and plays twice as many games, checking every state.
"""

from __future__ import annotations

import json
import os

import pytest

from tcg.core.invariants import (
    CloneProbe,
    check_conservation,
    check_counters,
    check_json_round_trip,
    check_lazy_views,
    check_no_leak,
)
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng

GAMES = int(os.environ.get("TCG_CONFORMANCE_GAMES", "20"))
EVERY = int(os.environ.get("TCG_CONFORMANCE_EVERY", "10"))
CLONE_EVERY = max(7, EVERY)  # a clone is compared after at least 7 more actions (k >= 5)
PER_CASE = 20
MAX_ACTIONS = 5000
CASES = [(name, first) for name in game_names() for first in range(0, GAMES, PER_CASE)]


@pytest.mark.parametrize(("game_name", "first"), CASES,
                         ids=[f"{name}-games-{first}-{min(first + PER_CASE, GAMES) - 1}" for name, first in CASES])
def test_random_games_keep_every_invariant(game_name: str, first: int) -> None:
    game = load_game(game_name)
    if len(game.starter_decks()) < 2:
        pytest.skip(f"{game_name} has no two starter decks yet")
    names = sorted(game.starter_decks())
    # every case plays another pair of starter decks, so each deck's cards are exercised
    case = first // PER_CASE
    decks = [game.deck(names[case % len(names)]), game.deck(names[(case + 1) % len(names)])]
    for g in range(first, min(first + PER_CASE, GAMES)):
        state = game.new_state(decks, seed=g)
        conserved = state.conserved()
        rng = Rng(10_000 + g)
        probe = None
        for n in range(MAX_ACTIONS):
            if state.game_over:
                break
            if (n + g) % CLONE_EVERY == 0:
                assert probe is None or not probe.problems(), f"game {g}, action {n}: {probe.problems()}"
                probe = CloneProbe(state)
            legal = state.legal_actions()
            assert legal, f"game {g}: a decision with no legal action"
            state.apply(legal[rng.below(len(legal))])
            problems = check_conservation(state) + check_counters(state)
            if (n + g) % EVERY == 0:
                problems += check_no_leak(state) + check_lazy_views(state)
                problems += check_json_round_trip(state, with_events=False)
            if state.conserved() != conserved:
                problems.append(f"conserved quantities changed: {conserved} -> {state.conserved()}")
            assert not problems, f"game {g}, action {n}: {problems}"
        assert state.game_over, f"game {g} did not end within {MAX_ACTIONS} actions"
        assert probe is None or not probe.problems(), f"game {g}, at the end: {probe.problems()}"
        assert not check_no_leak(state) + check_lazy_views(state) + check_json_round_trip(state), \
            f"game {g}: the final state fails a check"
        replayed = game.new_state(decks, seed=g)
        for action in state.history:
            replayed.apply(action)
        assert json.dumps(replayed.to_json(), sort_keys=True) == json.dumps(state.to_json(), sort_keys=True)
