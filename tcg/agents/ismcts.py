"""ISMCTS: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, the
single-observer variant), for every game.

Why this search: the games hide cards, so a search over the true state would cheat and one over
a single guess would be fooled by it. Each iteration samples a *world* — a full state consistent
with what this player sees (``State.determinize``) — and walks one tree shared by all worlds:
its edges are actions (card ids are the same in every world), a node counts how often it was
*available* as well as visited, and selection is UCB1 over the actions legal in the sampled
world. Below the tree a rollout (random, or the rule agent) plays the world to its end, or to
``depth`` actions, scored then as a draw.

The agent never receives the state: the loop hands a searching agent ``observation["worlds"]``
(:class:`tcg.sim.loop.Worlds`), which only deals worlds for this player's seat. Deterministic
given its seed and an iteration budget (a seconds budget depends on the machine's speed).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tcg.agents.base import Observation
from tcg.core.actions import Action
from tcg.core.errors import DataError
from tcg.core.rng import Rng
from tcg.core.state import State

#: UCB1's exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
#: A move: an action's type and the cards it names; its ways differ in payment or count.
Move = tuple[str, Any, Any, Any]


def moves(legal: Sequence[Action]) -> dict[Move, list[Action]]:
    """The legal actions by move, in the engine's order; a move's first way is the engine's first."""
    out: dict[Move, list[Action]] = {}
    for a in legal:
        out.setdefault((a.type, a.get("card"), a.get("target"), a.get("option")), []).append(a)
    return out


@dataclass
class Node:
    """One action's node: who took it, how often it was tried and available, and its wins
    (for the player who took it)."""

    player: int | None
    visits: int = 0
    available: int = 0
    wins: float = 0.0
    children: dict[Move, Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        if self.visits == 0:
            return math.inf
        return self.wins / self.visits + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


class IsmctsAgent:
    """``ismcts:iterations=500,rollout=random,depth=300,seconds=0`` (see the module docstring)."""

    name = "ismcts"
    observes = True
    searches = True  # the loop gives it observation["worlds"]

    def __init__(self, seed: int = 0, iterations: int = 300, seconds: float = 0.0, rollout: str = "random",
                 depth: int = 300, exploration: float = EXPLORATION) -> None:
        if iterations < 1 and seconds <= 0:
            raise DataError("ismcts needs iterations >= 1 or seconds > 0", field="agent")
        if rollout not in ("random", "rule"):
            raise DataError(f"ismcts rollout must be random or rule, not {rollout!r}", field="agent")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.depth = depth
        self.exploration = exploration
        self.last_iterations = 0
        self.last_root: dict[Move, tuple[int, float]] = {}

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        worlds = observation.get("worlds")
        if worlds is None:
            raise DataError("ismcts needs observation['worlds'] (play it through tcg.sim.loop)", field="agent")
        me = int(observation["viewer"])
        root = Node(None)
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else math.inf
        n = 0
        while (n < self.iterations or self.iterations < 1) and time.perf_counter() < deadline:
            self.iterate(root, worlds.sample(self.rng), me)
            n += 1
            if self.iterations >= 1 and n >= self.iterations:
                break
        self.last_iterations = n
        #: The root's statistics of the last decision (visits and wins per action), for tests
        #: and analysis: they too must depend only on what the agent sees.
        self.last_root = {a: (c.visits, c.wins) for a, c in root.children.items()}
        ways = moves(legal_actions)
        best = max((m for m in root.children if m in ways), key=lambda m: root.children[m].visits, default=None)
        return ways[best][0] if best is not None else legal_actions[0]

    # ------------------------------------------------------------------ one iteration
    def iterate(self, root: Node, world: State, me: int) -> None:
        """Select and expand over *moves* (an action's type and cards: a Battle Spirits summon
        paid in a thousand ways is one move), each applied as one of its ways at random."""
        path = [root]
        node = root
        expanded = False
        while not world.game_over and not expanded:
            player = world.deciding_player
            ways = moves(world.legal_actions())
            untried = [m for m in ways if m not in node.children]
            for m in ways:
                if m in node.children:
                    node.children[m].available += 1
            if untried:
                move = untried[self.rng.below(len(untried))]
                node.children[move] = Node(player, available=1)
                expanded = True
            else:
                move = max(ways, key=lambda m: node.children[m].ucb(self.exploration))
            node = node.children[move]
            path.append(node)
            options = ways[move]
            world.apply(options[self.rng.below(len(options))])
        score = self.play_out(world)  # 1.0 / 0.0 / 0.5 from player 0's side
        for n in path[1:]:
            n.visits += 1
            if n.player is not None:
                n.wins += score if n.player == 0 else 1.0 - score

    def play_out(self, world: State) -> float:
        """Play the world on (``depth`` actions at most); player 0's score."""
        agents: list[Any] = []
        if self.rollout == "rule":
            from tcg.agents.rule_agent import RuleAgent

            agents = [RuleAgent(self.rng.below(1 << 30)), RuleAgent(self.rng.below(1 << 30))]
        for _ in range(self.depth):
            if world.game_over:
                break
            legal = world.legal_actions()
            if agents:
                player = world.deciding_player
                action = agents[player or 0].choose(world.observation(player or 0), legal)
            else:
                action = legal[self.rng.below(len(legal))]
            world.apply(action)
        if world.winner == 0:
            return 1.0
        if world.winner == 1:
            return 0.0
        return 0.5


def make_ismcts(seed: int, **options: str) -> IsmctsAgent:
    """The agent from its command-line options (``iterations=500,rollout=rule``)."""
    known = {"iterations": int, "seconds": float, "rollout": str, "depth": int, "exploration": float}
    values: dict[str, Any] = {}
    for key, raw in options.items():
        if key not in known:
            raise DataError(f"ismcts has no option {key!r}; its options are {', '.join(known)}", field="agent")
        try:
            values[key] = known[key](raw)
        except ValueError:
            kind = known[key].__name__
            raise DataError(f"ismcts option {key} must be a {kind}, got {raw!r}", field="agent") from None
    if "seconds" in values and "iterations" not in values:
        values["iterations"] = 0
    return IsmctsAgent(seed, **values)
