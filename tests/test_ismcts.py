"""The ISMCTS agent (issue 17): options from the command line, determinism, and blindness to
what its observation hides."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from tcg.agents.base import make_agent, parse_agent
from tcg.agents.ismcts import IsmctsAgent
from tcg.cli.main import app
from tcg.core.errors import DataError
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.state import State
from tcg.sim.loop import observe

runner = CliRunner()


def a_position(name: str, moves: int = 25) -> State:
    """A position some random moves into a game, where the deciding player has a choice."""
    game = load_game(name)
    state = game.new_state([game.deck(d) for d in (sorted(game.starter_decks()) * 2)[:2]], seed=4)
    rng = Rng(2)
    n = 0
    while n < moves or len(state.legal_actions()) < 2:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        n += 1
        assert not state.game_over
    return state


def decide(agent: IsmctsAgent, state: State) -> object:
    player = state.deciding_player
    assert player is not None
    return agent.choose(observe(state, player, agent, [0, 0]), state.legal_actions())


def test_agent_options_come_from_the_command_line_spec() -> None:
    assert parse_agent("ismcts:iterations=500,rollout=rule") == ("ismcts", {"iterations": "500", "rollout": "rule"})
    agent = make_agent("ismcts:iterations=7,depth=50", 1)
    assert isinstance(agent, IsmctsAgent) and agent.iterations == 7 and agent.depth == 50
    for bad in ("ismcts:iterations=many", "ismcts:speed=3", "ismcts:rollout=smart", "rule:depth=3", "ismcts:x"):
        with pytest.raises(DataError):
            make_agent(bad, 1)


def test_a_bad_agent_spec_is_a_clear_cli_error() -> None:
    result = runner.invoke(app, ["simulate", "--agents", "ismcts:speed=3", "random", "--games", "1"])
    assert result.exit_code == 2 and "no option 'speed'" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("name", game_names())
def test_the_same_seed_and_budget_give_the_same_decision(name: str) -> None:
    state = a_position(name)
    first = decide(IsmctsAgent(seed=3, iterations=12, depth=40), state.clone())
    again = decide(IsmctsAgent(seed=3, iterations=12, depth=40), state.clone())
    assert first == again and first in state.legal_actions()


@pytest.mark.parametrize("name", game_names())
def test_the_decision_never_depends_on_the_hidden_cards(name: str, options: dict[str, Any] | None = None) -> None:
    """Two states that differ only in the cards hidden from the deciding player get the same
    decision from the same seed."""
    state = a_position(name)
    player = state.deciding_player
    assert player is not None
    other = state.determinize(player, Rng(77))
    assert [c.name for c in other.cards] != [c.name for c in state.cards]  # really other hidden cards
    agents = [IsmctsAgent(seed=5, iterations=10, depth=3000, **(options or {})) for _ in range(2)]
    assert decide(agents[0], state) == decide(agents[1], other)
    assert agents[0].last_root == agents[1].last_root  # every visit and win alike, not only the choice


@pytest.mark.parametrize("name", game_names())
def test_the_rule_agents_in_the_search_see_no_hidden_card_either(name: str) -> None:
    """The rule agent that biases the tree (``prior``) and plays the rollouts (``rollout=rule``)
    only ever reads sampled worlds: the decision still depends on nothing hidden."""
    test_the_decision_never_depends_on_the_hidden_cards(name, {"prior": 2.0, "rollout": "rule"})


def test_the_prior_leads_the_search_to_the_rule_agents_move() -> None:
    """With a heavy prior the search plays the rule agent's move where, unbiased, it plays
    another (the bias decides where few iterations cannot)."""
    from tcg.agents.ismcts import moves

    for n in range(25, 200):
        state = a_position("duel_masters", n)
        player = state.deciding_player
        assert player is not None
        if len(moves(state.legal_actions())) < 3:
            continue
        agent = make_agent("rule", 0)
        rule = agent.choose(observe(state, player, agent, [0, 0]), state.legal_actions())
        if decide(IsmctsAgent(seed=5, iterations=40, depth=100, prior=0.0), state.clone()) == rule:
            continue
        biased = IsmctsAgent(seed=5, iterations=40, depth=100, prior=1000.0)
        assert decide(biased, state.clone()) == rule
        hint = (rule.type, rule.get("card"), rule.get("target"), rule.get("option"))
        assert max(biased.last_root, key=lambda m: biased.last_root[m][0]) == hint
        return
    raise AssertionError("no position where the unbiased search differs from the rule agent")


def test_the_prior_defaults_to_the_games_weight_unless_set() -> None:
    """Without ``prior`` the weight is the game's (``PRIORS``); ``prior=0`` turns the bias off."""
    from tcg.agents.ismcts import PRIORS

    state = a_position("duel_masters", 40)
    default, off = IsmctsAgent(seed=1, iterations=5, depth=20), make_agent("ismcts:iterations=5,depth=20,prior=0", 1)
    assert isinstance(off, IsmctsAgent)
    decide(default, state.clone())
    decide(off, state.clone())
    assert default.prior == PRIORS["duel_masters"] > 0
    assert off.prior == 0.0
    other = IsmctsAgent(seed=1, iterations=5, depth=20)
    decide(other, a_position("one_piece", 40))
    assert other.prior == PRIORS.get("one_piece", 0.0)


def test_a_game_against_random_through_the_loop() -> None:
    result = runner.invoke(app, ["simulate", "--game", "one_piece", "--agents", "ismcts:iterations=8,depth=60",
                                 "random", "--games", "1", "--jobs", "1"])
    assert result.exit_code == 0, result.output


def test_a_search_that_peeks_at_the_real_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above is shown to fail: a search whose worlds are the real state (a cheat)
    gives different statistics for two states that differ only in hidden cards."""
    from tcg.sim import loop

    monkeypatch.setattr(loop.Worlds, "sample", lambda self, rng: self._state.clone())
    caught = 0
    for name in game_names():
        try:
            test_the_decision_never_depends_on_the_hidden_cards(name)
        except AssertionError:
            caught += 1
    assert caught >= 3


def a_payment_position() -> State:
    """A Battle Spirits main step where some card can be summoned in several ways."""
    from tcg.core.lazy import LazyActions

    game = load_game("battle_spirits")
    state = game.new_state([game.deck(d) for d in (sorted(game.starter_decks()) * 2)[:2]], seed=4)
    rng = Rng(3)
    for _ in range(400):
        legal = state.legal_actions()
        parts = legal.parts if hasattr(legal, "parts") else [legal]
        if any(isinstance(p, LazyActions) and p.one_move and len(p) > 1 for p in parts):
            return state
        state.apply(legal[rng.below(len(legal))])
        assert not state.game_over
    raise AssertionError("no payment decision in 400 actions")


def test_a_payment_sequence_is_one_move_and_is_never_read_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from tcg.agents.ismcts import moves
    from tcg.games.battle_spirits.payment import CorePayments

    state = a_payment_position()
    legal = state.legal_actions()
    reads = [0]
    original = CorePayments.action

    def counted(self: CorePayments, index: int) -> object:
        reads[0] += 1
        return original(self, index)

    monkeypatch.setattr(CorePayments, "action", counted)
    by_move = moves(legal)
    lazy = [p for p in legal.parts if isinstance(p, CorePayments)]  # type: ignore[attr-defined]
    assert reads[0] <= len(lazy)  # one action read per payment sequence, for its move's key
    for part in lazy:
        move = (part.type, part[0].get("card"), part[0].get("target"), part[0].get("option"))
        assert part in getattr(by_move[move], "parts", [by_move[move]])


def test_the_rule_agent_picks_how_to_pay_the_chosen_move() -> None:
    from tcg.games.battle_spirits.payment import CorePayments

    state = a_payment_position()
    player = state.deciding_player
    assert player is not None
    asked: list[int] = []

    class Payer:
        def choose(self, observation: dict[str, object], legal: object) -> object:
            assert "worlds" not in observation  # the payer sees only the observation
            asked.append(len(legal))  # type: ignore[arg-type]
            return legal[-1]  # type: ignore[index]

    agent = IsmctsAgent(seed=2, iterations=20, depth=20)
    agent._payer = Payer()
    part = next(p for p in state.legal_actions().parts if isinstance(p, CorePayments) and len(p) > 1)  # type: ignore[attr-defined]
    obs = observe(state, player, agent, [0, 0])
    assert agent.way(obs, part) == part[-1] and asked == [len(part)]
    assert decide(agent, state) in state.legal_actions()


def test_rollout_and_horizon_options() -> None:
    for spec in ("ismcts:rollout=eager", "ismcts:rollout=type,horizon=1", "ismcts:depth=0"):
        assert isinstance(make_agent(spec, 1), IsmctsAgent)
    assert make_agent("ismcts:prior=2.5", 1).prior == 2.5  # type: ignore[attr-defined]
    for bad in ("ismcts:horizon=-1", "ismcts:rollout=greedy", "ismcts:prior=-1", "ismcts:prior=lots"):
        with pytest.raises(DataError):
            make_agent(bad, 1)


# ---------------------------------------------------------------- issue 39: the stronger search's options
def test_the_new_options_are_checked_and_named_in_their_errors() -> None:
    for bad, words in (("ismcts:model=oracle", "model must be one of none, rule"),
                       ("ismcts:bias=huge", "bias must be one of absolute, relative"),
                       ("ismcts:trust=1.5", "trust is between 0 and 1"),
                       ("ismcts:hurry=-0.1", "hurry is between 0 and 0.5")):
        with pytest.raises(DataError, match=words):
            make_agent(bad, 1)


def grown_tree_players(agent: IsmctsAgent, state: State, iterations: int = 60) -> set[int | None]:
    """The players whose moves the nodes of ``agent``'s tree are, after ``iterations`` from ``state``."""
    from tcg.agents.ismcts import Node

    me = state.deciding_player
    assert me is not None
    root = Node(None)
    worlds = observe(state, me, agent, [0, 0])["worlds"]
    for _ in range(iterations):
        agent.iterate(root, worlds.sample(agent.rng), me)
    players, stack = set(), list(root.children.values())
    while stack:
        node = stack.pop()
        players.add(node.player)
        stack.extend(node.children.values())
    return players


def test_with_model_rule_the_tree_branches_on_the_searching_players_moves_only() -> None:
    """``model=rule``: the opponent's decisions in the tree are the rule agent's, so every node
    below the root is a move of the player who searches (the default explores both players')."""
    state = a_position("duel_masters", 60)
    assert grown_tree_players(IsmctsAgent(seed=2, iterations=60, depth=200, model="rule"), state) \
        == {state.deciding_player}
    assert grown_tree_players(IsmctsAgent(seed=2, iterations=60, depth=200), state) == {0, 1}


def test_relative_bias_weighs_the_hint_in_units_of_the_moves_spread() -> None:
    from tcg.agents.ismcts import Node, _spread

    node = Node(0)
    for wins, visits in ((0.3, 10), (0.1, 10), (0.0, 5)):
        child = Node(0)
        child.wins, child.visits = wins, visits
        node.children[("pass", wins, None, None)] = child
    assert _spread(node) == pytest.approx(0.03)
    for child in node.children.values():  # moves valued alike: the floor, never zero
        child.wins, child.visits = 1.0, 2
    assert _spread(node) == 0.01


def test_trust_pulls_an_estimate_towards_one_half_and_hurry_values_a_sooner_win_more() -> None:
    from tcg.agents.evaluation import value

    state = a_position("duel_masters", 40)
    estimate = value(state, 0)
    sure = IsmctsAgent(seed=1, iterations=1, depth=0)
    doubtful = IsmctsAgent(seed=1, iterations=1, depth=0, trust=0.5)
    assert sure.play_out(state.clone(), state.turn) == pytest.approx(estimate)
    assert doubtful.play_out(state.clone(), state.turn) == pytest.approx(0.5 + (estimate - 0.5) * 0.5)
    won = state.clone()
    won.concede(1)  # player 0 wins
    hurried = IsmctsAgent(seed=1, iterations=1, depth=0, hurry=0.05)
    assert hurried.play_out(won.clone(), won.turn) == 1.0
    assert hurried.play_out(won.clone(), won.turn - 2) == pytest.approx(0.9)  # won two turns later
    assert sure.play_out(won.clone(), won.turn - 2) == 1.0


@pytest.mark.parametrize("name", game_names())
def test_the_modelled_opponent_sees_no_hidden_card_either(name: str) -> None:
    """``model=rule`` asks the rule agent for the opponent's moves in sampled worlds only: the
    decision still depends on nothing the searching player cannot see."""
    test_the_decision_never_depends_on_the_hidden_cards(name, {"model": "rule", "bias": "relative", "horizon": 1,
                                                               "hurry": 0.05})
