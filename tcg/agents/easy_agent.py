"""The ``easy`` opponent (issue 39): the rule agent, making a person's mistakes on purpose.

Why not a random agent: a beginner facing random moves learns nothing (it passes with a hand
full of cards, attacks into nothing). A person who is still learning plays the right *kind* of
move and picks the wrong one: summons the smaller creature, attacks with the wrong spirit, aims
removal at the wrong target, pays with the wrong cards. So at some of the decisions
(:data:`SLIP_PERCENT`) where the rule agent's move has siblings — other legal actions of the same
type — this agent takes one of those instead, chosen at random; and now and then
(:data:`FORGET_PERCENT`) where the rule agent would act but could move on (pass, next phase, end
the turn: the shared vocabulary's ``move_on`` actions), it moves on - the play forgotten, the
block not made. Everything else is the rule agent's. Its slips come from a random stream of
their own, so the rule agent's choices (and their random tie-breaks) stay what they would be,
and a seed fixes the whole game.
"""

from __future__ import annotations

from collections.abc import Sequence

from tcg.agents.base import Observation
from tcg.agents.rule_agent import RuleAgent
from tcg.core.actions import Action
from tcg.core.rng import Rng

#: How often, in percent, a decision with siblings is answered with one of them.
SLIP_PERCENT = 35
#: How often, in percent, a decision where the rule agent acts but could move on is moved on from.
FORGET_PERCENT = 25
#: The same, per game where one rate does not fit: a Yu-Gi-Oh! duel turns on fewer plays, each
#: forgotten play costing less, so its easy level forgets more to stay as far below ``normal``
#: (docs/agents.md, the ladder: normal beats easy by at least 80 % in every game).
FORGET_PERCENT_OF: dict[str, int] = {"yugioh": 45}
#: The shared vocabulary's actions that move on (tcg.core.presentation.CORE_ACTIONS).
MOVE_ON = ("pass", "next_phase", "end_turn")
#: Mixed into the seed for the slips' own stream.
_SLIP_STREAM = 0x51_1B5


class EasyAgent(RuleAgent):
    """The rule agent with a person's slips: another move of the same kind, now and then."""

    name = "easy"

    def __init__(self, seed: int = 0, slip_percent: int = SLIP_PERCENT, forget_percent: int | None = None) -> None:
        super().__init__(seed)
        self.slips = Rng(seed ^ _SLIP_STREAM)
        self.slip_percent = slip_percent
        self.forget_percent = forget_percent  # None: the game's rate

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        action = super().choose(observation, legal_actions)
        if len(legal_actions) < 2:
            return action
        if action.type not in MOVE_ON:
            moving_on = [a for a in legal_actions if a.type in MOVE_ON]
            if moving_on and self.slips.below(100) < self.forgets(str(observation.get("game", ""))):
                return moving_on[0]
        siblings = [a for a in legal_actions if a.type == action.type and a != action]
        if not siblings or self.slips.below(100) >= self.slip_percent:
            return action
        return siblings[self.slips.below(len(siblings))]

    def forgets(self, game: str) -> int:
        """The percent of forgotten plays in ``game``."""
        if self.forget_percent is not None:
            return self.forget_percent
        return FORGET_PERCENT_OF.get(game, FORGET_PERCENT)
