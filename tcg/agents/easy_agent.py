"""The ``easy`` opponent (issue 39): the rule agent, making a person's mistakes on purpose.

Why not a random agent: a beginner facing random moves learns nothing (it passes with a hand
full of cards, attacks into nothing). A person who is still learning plays the right *kind* of
move and picks the wrong one: summons the smaller creature, attacks with the wrong spirit, aims
removal at the wrong target, pays with the wrong cards. So at about one decision in three
(:data:`SLIP_PERCENT`) where the rule agent's move has siblings — other legal actions of the same
type — this agent takes one of those instead, chosen at random; everything else is the rule
agent's. Its slips come from a random stream of their own, so the rule agent's choices (and
their random tie-breaks) stay what they would be, and a seed fixes the whole game.
"""

from __future__ import annotations

from collections.abc import Sequence

from tcg.agents.base import Observation
from tcg.agents.rule_agent import RuleAgent
from tcg.core.actions import Action
from tcg.core.rng import Rng

#: How often, in percent, a decision with siblings is answered with one of them.
SLIP_PERCENT = 35
#: Mixed into the seed for the slips' own stream.
_SLIP_STREAM = 0x51_1B5


class EasyAgent(RuleAgent):
    """The rule agent with a person's slips: another move of the same kind, now and then."""

    name = "easy"

    def __init__(self, seed: int = 0, slip_percent: int = SLIP_PERCENT) -> None:
        super().__init__(seed)
        self.slips = Rng(seed ^ _SLIP_STREAM)
        self.slip_percent = slip_percent

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        action = super().choose(observation, legal_actions)
        if len(legal_actions) < 2:
            return action
        siblings = [a for a in legal_actions if a.type == action.type and a != action]
        if not siblings or self.slips.below(100) >= self.slip_percent:
            return action
        return siblings[self.slips.below(len(siblings))]
