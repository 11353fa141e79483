"""Uniformly random legal actions: the baseline and the fastest self-play driver."""

from __future__ import annotations

from collections.abc import Sequence

from tcg.agents.base import Observation
from tcg.core.actions import Action
from tcg.core.rng import Rng


class RandomAgent:
    name = "random"
    observes = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[self.rng.below(len(legal_actions))]
