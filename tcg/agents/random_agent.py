"""Random agents: the baselines and the fastest self-play drivers.

``random`` picks uniformly among the legal actions. Where one kind of action comes in many
variants (every way to pay a cost, every count of cores to move) that agent spends most of
its game on them; ``random_by_type`` first picks an action type uniformly, then one action
of that type, which plays games of a more natural length.
"""

from __future__ import annotations

from collections.abc import Sequence

from tcg.agents.base import Observation
from tcg.core.actions import Action
from tcg.core.lazy import by_type
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


class TypeRandomAgent:
    """Uniform over the action types on offer, then uniform within the chosen type."""

    name = "random_by_type"
    observes = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        groups = by_type(legal_actions)
        parts = groups[sorted(groups)[self.rng.below(len(groups))]]
        index = self.rng.below(sum(len(p) for p in parts))
        for part in parts:
            if index < len(part):
                return part[index]
            index -= len(part)
        raise AssertionError("index beyond the chosen type's actions")
