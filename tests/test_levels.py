"""Issue 39: the named difficulty levels and the ``easy`` agent's mistakes."""

from __future__ import annotations

from typing import Any

import pytest

from tcg.agents.base import make_agent
from tcg.agents.easy_agent import MOVE_ON, EasyAgent
from tcg.agents.ismcts import IsmctsAgent
from tcg.agents.levels import LEVELS, level_spec
from tcg.agents.rule_agent import RuleAgent
from tcg.core.registry import game_names, load_game
from tcg.sim.loop import observe


def test_each_level_is_an_agent_spec_with_a_budget_in_iterations() -> None:
    """Iterations, not seconds: a game against a level is the same on any machine."""
    assert [level.name for level in LEVELS] == ["easy", "normal", "hard", "expert"]
    assert isinstance(make_agent("easy", 1), EasyAgent) and type(make_agent("normal", 1)) is RuleAgent
    hard, expert = make_agent("hard", 1), make_agent("expert", 1)
    assert isinstance(hard, IsmctsAgent) and isinstance(expert, IsmctsAgent)
    assert 0 < hard.iterations < expert.iterations and hard.seconds == expert.seconds == 0
    assert level_spec("ismcts:iterations=5") == "ismcts:iterations=5"  # a raw spec is left as it is


def real_decisions(game: str, seed: int, limit: int = 400) -> list[tuple[Any, int]]:
    """States of a rule-agent game at decisions with more than one legal action."""
    g = load_game(game)
    names = sorted(g.starter_decks())
    state = g.new_state([g.deck(n) for n in (names * 2)[:2]], seed=seed)
    agents = [RuleAgent(seed), RuleAgent(seed + 1)]
    out: list[tuple[Any, int]] = []
    for _ in range(limit):
        if state.game_over:
            break
        player = state.deciding_player
        legal = state.legal_actions()
        if len(legal) > 1:
            out.append((state.clone(), player))
        state.apply(agents[player].choose(observe(state, player, agents[player], [0, 0]), legal))
    return out


@pytest.mark.parametrize("game", game_names())
def test_easy_plays_the_rule_agents_kind_of_move_or_moves_on_and_sometimes_differs(game: str) -> None:
    """`easy` makes a person's mistakes, not random moves: every answer has the type of the rule
    agent's answer to the same position or moves on (a play forgotten), and some answers differ."""
    differs = 0
    rule, easy = RuleAgent(7), EasyAgent(7)  # the same seed: the same rule choices, in step
    for state, player in real_decisions(game, 3):
        legal = state.legal_actions()
        r = rule.choose(observe(state, player, rule, [0, 0]), legal)
        e = easy.choose(observe(state, player, easy, [0, 0]), legal)
        assert e in legal and (e.type == r.type or e.type in MOVE_ON), (r, e)
        differs += e != r
    assert differs
