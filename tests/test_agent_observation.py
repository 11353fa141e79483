"""What the loop hands an agent (issue 17: rule agents 3x faster): a lighter observation than
``State.observation``'s default, which must still hold nothing the full observation hides.

The loop trims the observation to what an agent says it reads (``reads_legal_actions``,
``events_read``), builds the views of an agent that asks for ``lazy_views`` only when read
(``tcg.core.views``), and ``State.observation`` reuses the views of cards in zones where a
view depends on the card alone (``STATIC_VIEW_ZONES``). These tests play real rule-vs-rule
games and check, at every decision, that the agent's observation (its lazy zones read out) is
a part of the full one, that lazy views and the lazy index by id are exactly the eager ones,
and that reused views are exactly the views built afresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tcg.agents.random_agent import RandomAgent
from tcg.agents.rule_agent import RuleAgent
from tcg.core.actions import Action
from tcg.core.invariants import check_lazy_views
from tcg.core.registry import game_names, load_game
from tcg.core.state import State
from tcg.core.views import StaleObservation, ZoneViews, materialize
from tcg.sim.loop import play_game, reads_events

GAMES = game_names()


def is_part(small: Any, big: Any) -> bool:
    """Every key and list entry of ``small`` is in ``big`` with the same value (lists: the same
    length, each entry a part of the entry at its place)."""
    if isinstance(small, dict):
        return isinstance(big, dict) and all(k in big and is_part(v, big[k]) for k, v in small.items())
    if isinstance(small, list):
        return isinstance(big, list) and len(small) == len(big) and all(map(is_part, small, big))
    return bool(small == big)


class Checking(RuleAgent):
    """A rule agent that compares what it is handed with the full observation of the same
    moment (the test, not the agent, holds the state)."""

    def __init__(self, seed: int, holder: list[State]) -> None:
        super().__init__(seed)
        self.holder = holder
        self.checked = 0

    def choose(self, observation: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        state = self.holder[0]
        viewer = observation["viewer"]
        full = state.observation(viewer)
        assert ("cards" in observation) is (len(observation) > 3)  # lazy, unless only the decision
        lazy = observation
        observation = materialize(observation)
        events = observation.pop("events", None)
        assert "legal_actions" not in observation  # the agent is handed the actions themselves
        assert is_part(observation, full)
        if events is not None:
            wanted = self.events_read(observation["game"])
            assert wanted, "events are handed only to an agent that reads some"
            assert all(e.get("type") in wanted for e in events)
            hidden = [e for e in events if e.get("hidden")]
            assert all("name" not in e and "card" not in e for e in hidden)
        self.checked += 1
        if events is not None:
            lazy["events"] = events
        return super().choose(lazy, legal_actions)


def decks(game_name: str) -> list[Any]:
    game = load_game(game_name)
    return [game.deck(n) for n in (list(game.starter_decks()) * 2)[:2]]


@pytest.mark.parametrize("game_name", GAMES)
def test_agent_observation_is_part_of_the_full_observation(game_name: str) -> None:
    holder: list[State] = []
    agents = [Checking(11, holder), Checking(12, holder)]

    def hold(state: State, player: object, action: object, events: object) -> None:
        if not holder:
            holder.append(state)

    for seed in (1, 2):
        holder.clear()
        play_game(load_game(game_name), decks(game_name), agents, seed, on_step=hold)
    assert sum(a.checked for a in agents) > 20


@pytest.mark.parametrize("game_name", GAMES)
def test_reused_card_views_equal_fresh_ones(game_name: str) -> None:
    """A clone starts with no reused views: its observations are built afresh."""
    seen = 0

    def compare(state: State, player: object, action: object, events: object) -> None:
        nonlocal seen
        for viewer in (0, 1, None):
            assert state.observation(viewer) == state.clone().observation(viewer)
            seen += 1

    for seed in (1, 2):
        play_game(load_game(game_name), decks(game_name), ["rule", "rule"], seed, on_step=compare)
    assert seen > 60


@pytest.mark.parametrize("game_name", GAMES)
def test_lazy_observations_equal_eager_ones(game_name: str) -> None:
    """At every position of rule games, for both players: the lazy zones read as the eager
    lists, the lazy index finds the cards an index of the eager views holds (and no other)."""
    seen = 0

    def compare(state: State, player: object, action: object, events: object) -> None:
        nonlocal seen
        assert check_lazy_views(state) == []
        seen += 1

    for seed in (1, 2):
        play_game(load_game(game_name), decks(game_name), ["rule", "rule"], seed, on_step=compare)
    assert seen > 30


def test_a_lazy_observation_is_valid_during_its_decision_only() -> None:
    game = load_game("one_piece")
    state = game.new_state(decks("one_piece"), seed=3)
    while state.decision is not None and state.decision.kind != "main":
        state.apply(state.legal_actions()[0])
    me = state.deciding_player
    obs = state.observation(me, legal=False, lazy=True)
    leader = obs["players"][me]["zones"]["leader"]
    assert isinstance(leader, ZoneViews) and leader[0] == state.observation(me)["players"][me]["zones"]["leader"][0]
    assert obs["cards"].view(leader[0]["id"]) is leader[0]  # built once, one object
    state.apply(next(a for a in state.legal_actions() if a.type == "end_turn"))
    with pytest.raises(StaleObservation):
        obs["players"][1 - me]["zones"]["leader"][0]


def test_observation_without_legal_list_keeps_the_count() -> None:
    game = load_game("duel_masters")
    state = game.new_state(decks("duel_masters"), seed=3)
    me = state.decision.player if state.decision else 0
    full, light = state.observation(me), state.observation(me, legal=False)
    assert "legal_actions" in full and "legal_actions" not in light
    assert light["legal_action_count"] == full["legal_action_count"] == len(state.legal_actions())
    light["legal_actions"] = full["legal_actions"]
    assert light == full


@pytest.mark.parametrize(("game_name", "expected"), [("duel_masters", True), ("yugioh", True),
                                                     ("battle_spirits", False), ("one_piece", False),
                                                     ("force_of_will", False)])
def test_rule_self_play_keeps_the_event_log_only_where_a_strategy_reads_events(game_name: str,
                                                                                 expected: bool) -> None:
    assert reads_events(RuleAgent(1), game_name) is expected
    assert reads_events(RandomAgent(1), game_name) is False  # it observes nothing at all
