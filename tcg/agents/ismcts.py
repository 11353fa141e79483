"""ISMCTS: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, the
single-observer variant), for every game.

Why this search: the games hide cards, so a search over the true state would cheat and one over
a single guess would be fooled by it. Each iteration samples a *world* — a full state consistent
with what this player sees (``State.determinize``) — and walks one tree shared by all worlds:
its edges are actions (card ids are the same in every world), a node counts how often it was
*available* as well as visited, and selection is UCB1 over the actions legal in the sampled
world. Edges are *moves* — an action's type and cards — so that a summon paid in a thousand
ways is one edge, applied in the tree as one of its ways at random; once the search has chosen
a move, the rule agent picks how to pay it. With ``prior`` the rule agent's move at each node
(its own or the opponent's) is tried first and kept ahead by a bonus that fades with its visits
(progressive bias, Chaslot et al. 2008): where a thousand iterations cannot tell moves apart the
search plays as the rule agent would, not at random. Its default weight is the game's
(:data:`PRIORS`), because what it is worth was measured per game.

Below the tree a rollout plays the world on (``rollout``: uniformly at random, ``type``: by
action type first, ``eager``: by type, doing something rather than moving on four times in
five, or ``rule``: the rule agent) until ``horizon`` turns have begun — or ``depth`` actions,
0 for none — and scores where it stops with the fitted evaluation
(:mod:`tcg.agents.evaluation`); ``horizon=0`` plays to the end of the game instead. Why
not to the end: two random players decide a game's result more than its position does; a
turn or two of play and a score of the board is cheaper and a sharper signal.

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
from tcg.agents.evaluation import value
from tcg.core.actions import Action
from tcg.core.errors import DataError
from tcg.core.lazy import Concat, LazyActions, by_type
from tcg.core.rng import Rng
from tcg.core.state import State

#: UCB1's exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
#: ``prior``'s weight when the options do not set it, per game (0 elsewhere): measured against the
#: rule agent at 1000 iterations (docs/performance.md, "Agent strength"). Why per game: where the
#: rule agent's move is hard to better in a thousand iterations (Battle Spirits, Duel Masters) a
#: heavy bias plays it unless the search is sure; in Yu-Gi-Oh! the same weight replays the rule
#: agent's game and loses the deals the unbiased search wins.
PRIORS: dict[str, float] = {"battle_spirits": 30.0, "duel_masters": 30.0}
#: Rollout policies: uniform over the legal actions, uniform over action types first (a payment's
#: thousand ways do not crowd out the other moves), or the rule agent.
ROLLOUTS = ("random", "type", "eager", "rule")
#: How the tree plays the opponent: every reply explored (``none``), or the rule agent's (``rule``).
MODELS = ("none", "rule")
#: The prior's bonus in win-rate units (``absolute``), or in units of the spread of the node's
#: move values (``relative``, see :func:`_spread`).
BIASES = ("absolute", "relative")
#: The shared vocabulary's actions that do nothing but move the game on (rules README).
MOVING_ON = frozenset({"pass", "next_phase", "end_turn"})
#: How often an ``eager`` rollout does something when it could also move on: random players
#: who end their turns at random play games no real player plays.
EAGERNESS = 0.8
#: A move: an action's type and the cards it names; its ways differ in payment or count.
Move = tuple[str, Any, Any, Any]


def moves(legal: Sequence[Action]) -> dict[Move, Sequence[Action]]:
    """The legal actions by move, in the engine's order; a move's first way is the engine's first.
    A lazy sequence of one move's payments is taken whole, never read action by action."""
    loose: dict[Move, list[Action]] = {}
    lazy: dict[Move, list[Sequence[Action]]] = {}
    for part in _parts(legal):
        if isinstance(part, LazyActions) and part.one_move:
            m = _move(part[0])
            lazy.setdefault(m, []).append(part)
            loose.setdefault(m, [])  # keeps the engine's order of moves
            continue
        for a in part:
            loose.setdefault(_move(a), []).append(a)
    if not lazy:
        return dict(loose)
    out: dict[Move, Sequence[Action]] = {}
    for m, single in loose.items():
        parts = [*lazy.get(m, []), single] if single else lazy[m]
        out[m] = parts[0] if len(parts) == 1 else Concat(parts)
    return out


def _move(a: Action) -> Move:
    return (a.type, a.get("card"), a.get("target"), a.get("option"))


def _parts(seq: Sequence[Action]) -> list[Sequence[Action]]:
    if isinstance(seq, Concat):
        return [p for part in seq.parts for p in _parts(part)]
    return [seq]


@dataclass
class Node:
    """One action's node: who took it, how often it was tried and available, and its wins
    (for the player who took it)."""

    player: int | None
    visits: int = 0
    available: int = 0
    wins: float = 0.0
    children: dict[Move, Node] = field(default_factory=dict)
    #: The way this move is made in the tree, when it has several (chosen once, see ``iterate``).
    way: Action | None = None
    #: The move the rule agent would make here, in the first world that reached this node with a
    #: choice (``prior``); ``hinted`` once asked.
    hint: Move | None = None
    hinted: bool = False

    def ucb(self, exploration: float) -> float:
        if self.visits == 0:
            return math.inf
        return self.wins / self.visits + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


class IsmctsAgent:
    """``ismcts:iterations=1000,rollout=type,horizon=2,depth=300,seconds=0,exploration=0.7,prior=``
    the game's :data:`PRIORS`, ``model=none`` (see the module docstring)."""

    name = "ismcts"
    observes = True
    searches = True  # the loop gives it observation["worlds"]

    def __init__(self, seed: int = 0, iterations: int = 1000, seconds: float = 0.0, rollout: str = "type",
                 depth: int = 300, exploration: float = EXPLORATION, horizon: int = 2,
                 prior: float | None = None, model: str = "none", bias: str = "absolute",
                 trust: float = 1.0, hurry: float = 0.0) -> None:
        if iterations < 1 and seconds <= 0:
            raise DataError("ismcts needs iterations >= 1 or seconds > 0", field="agent")
        if rollout not in ROLLOUTS:
            raise DataError(f"ismcts rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}", field="agent")
        if horizon < 0 or depth < 0:
            raise DataError("ismcts horizon and depth are counts (0 or more)", field="agent")
        if prior is not None and prior < 0:
            raise DataError("ismcts prior is a weight (0 or more)", field="agent")
        if not 0.0 <= hurry <= 0.5:
            raise DataError("ismcts hurry is between 0 and 0.5 (what a turn's delay takes from a win)", field="agent")
        if not 0.0 <= trust <= 1.0:
            raise DataError("ismcts trust is between 0 and 1 (how far an estimate may go from 1/2)", field="agent")
        if bias not in BIASES:
            raise DataError(f"ismcts bias must be one of {', '.join(BIASES)}, not {bias!r}", field="agent")
        if model not in MODELS:
            raise DataError(f"ismcts model must be one of {', '.join(MODELS)}, not {model!r}", field="agent")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.depth = depth
        self.horizon = horizon
        self.exploration = exploration
        #: The weight asked for; ``None``: the game's (:data:`PRIORS`, read at each decision).
        self.prior_option = prior
        self.prior = prior or 0.0
        self.model = model
        self.bias = bias
        self.trust = trust
        self.hurry = hurry
        self._payer: Any = None
        self._hinter: Any = None
        self._modeller: Any = None
        self.last_iterations = 0
        self.last_root: dict[Move, tuple[int, float]] = {}

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        ways = moves(legal_actions)
        if len(ways) == 1:  # one move (its ways differ only in payment): nothing to search
            self.last_iterations, self.last_root = 0, {}
            return self.way(observation, next(iter(ways.values())))
        worlds = observation.get("worlds")
        if worlds is None:
            raise DataError("ismcts needs observation['worlds'] (play it through tcg.sim.loop)", field="agent")
        me = int(observation["viewer"])
        if self.prior_option is None:
            self.prior = PRIORS.get(str(observation.get("game")), 0.0)
        root = Node(None)
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else math.inf
        n = 0
        while (n < self.iterations or self.iterations < 1) and time.perf_counter() < deadline:
            self.iterate(root, worlds.sample(self.rng), me)
            n += 1
        self.last_iterations = n
        #: The root's statistics of the last decision (visits and wins per action), for tests
        #: and analysis: they too must depend only on what the agent sees.
        self.last_root = {a: (c.visits, c.wins) for a, c in root.children.items()}
        best = max((m for m in root.children if m in ways), key=lambda m: root.children[m].visits, default=None)
        if best is None:
            return legal_actions[0]
        return self.way(observation, ways[best])

    def way(self, observation: Observation, ways: Sequence[Action]) -> Action:
        """How to make the chosen move: the search weighs moves, not their thousand payments, so
        the rule agent picks among the move's ways (which cores to pay, where to put them)."""
        if len(ways) == 1:
            return ways[0]
        if self._payer is None:
            from tcg.agents.rule_agent import RuleAgent

            self._payer = RuleAgent(self.rng.below(1 << 30))
        view = {k: v for k, v in observation.items() if k != "worlds"} if "worlds" in observation else observation
        action: Action = self._payer.choose(view, ways)
        return action

    # ------------------------------------------------------------------ one iteration
    def iterate(self, root: Node, world: State, me: int) -> None:
        """Select and expand over *moves* (an action's type and cards: a Battle Spirits summon
        paid in a thousand ways is one move). A move of several ways is made the way the rule
        agent would make it in the first world that reached it, and that way again in later
        worlds where it is legal: most of a payment's ways are poor (they deplete a spirit), and
        a move valued by random ones would look worse than it is."""
        path = [root]
        node = root
        expanded = False
        start = world.turn
        while not world.game_over and not expanded:
            player = world.deciding_player
            if self.model != "none" and player is not None and player != me:
                world.apply(self.modelled(world, player))
                continue
            ways = moves(world.legal_actions())
            untried = [m for m in ways if m not in node.children]
            for m in ways:
                if m in node.children:
                    node.children[m].available += 1
            hint = self.hint(node, world, player) if self.prior and len(ways) > 1 else None
            if untried:
                move = hint if hint in untried else untried[self.rng.below(len(untried))]
                node.children[move] = Node(player, available=1)
                expanded = True
            elif hint is not None:
                bonus = self.prior * (_spread(node) if self.bias == "relative" else 1.0)
                move = max(ways, key=lambda m: node.children[m].ucb(self.exploration)
                           + (bonus / (node.children[m].visits + 1) if m == hint else 0.0))
            else:
                move = max(ways, key=lambda m: node.children[m].ucb(self.exploration))
            node = node.children[move]
            path.append(node)
            options = ways[move]
            if len(options) == 1:
                world.apply(options[0])
                continue
            if node.way is None or node.way not in options:
                node.way = self.way(world.observation(player, False, True), options)
            world.apply(node.way)
        score = self.play_out(world, start)  # 1.0 / 0.0 / 0.5 from player 0's side
        for n in path[1:]:
            n.visits += 1
            if n.player is not None:
                n.wins += score if n.player == 0 else 1.0 - score

    def modelled(self, world: State, player: int) -> Action:
        """The opponent's action in the tree with ``model=rule``: the rule agent's, in this world.
        Why: against an opponent that plays like the rule agent (``normal``, and the rule agent
        inside every search), exploring replies it would never make spends iterations on lines
        that do not happen; the tree then branches on this player's moves only."""
        legal = world.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self._modeller is None:
            from tcg.agents.rule_agent import RuleAgent

            self._modeller = RuleAgent(self.rng.below(1 << 30))
        action: Action = self._modeller.choose(world.observation(player, False, True), legal)
        return action

    def hint(self, node: Node, world: State, player: int | None) -> Move | None:
        """The rule agent's move at ``node`` (progressive bias, Chaslot et al. 2008): asked once, in
        the first world that reaches the node with a choice. Why: a few hundred iterations cannot
        tell most moves apart, and where they cannot, the search should play as well as the rule
        agent rather than at random; at the opponent's nodes it makes the opponent in the tree
        reply as the rule agent would before the search tries its other replies."""
        if not node.hinted:
            node.hinted = True
            if self._hinter is None:
                from tcg.agents.rule_agent import RuleAgent

                self._hinter = RuleAgent(self.rng.below(1 << 30))
            who = player if player is not None else 0
            node.hint = _move(self._hinter.choose(world.observation(who, False, True), world.legal_actions()))
        return node.hint

    def play_out(self, world: State, start: int) -> float:
        """Play the world on for ``horizon`` turns (to the end when 0), ``depth`` actions at most;
        player 0's value of where it stops (:func:`tcg.agents.evaluation.value`)."""
        agents: list[Any] = []
        cursor = [0, 0]
        if self.rollout == "rule":
            from tcg.agents.rule_agent import RuleAgent
            from tcg.sim.loop import observe

            agents = [RuleAgent(self.rng.below(1 << 30)), RuleAgent(self.rng.below(1 << 30))]
            # What the loop would hand them (lazy views, only what they read), from here on.
            cursor = [len(world.events)] * 2
        last_turn = world.turn + self.horizon if self.horizon else math.inf
        rng = self.rng
        for _ in range(self.depth):
            if world.winner is not None or world.turn >= last_turn:
                break
            legal = world.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif agents:
                player = world.deciding_player or 0
                action = agents[player].choose(observe(world, player, agents[player], cursor), legal)
            elif self.rollout != "random":
                action = _by_type(legal, rng, EAGERNESS if self.rollout == "eager" else 0.0)
            else:
                action = legal[rng.below(len(legal))]
            world.apply(action)
        estimate = value(world, 0)
        if world.winner in (0, 1) and self.hurry:
            # a win sooner is worth more than a win later (and a loss later less bad than one now)
            late = min(0.5, self.hurry * max(0, world.turn - start))
            return 1.0 - late if world.winner == 0 else late
        if world.winner is not None or self.trust >= 1.0:
            return estimate
        # an estimate is never as sure as a won game: a win now outranks "won, the board says"
        return 0.5 + (estimate - 0.5) * self.trust


def _spread(node: Node) -> float:
    """How far apart the values of a node's moves are (the best mean less the worst; at least
    0.01): ``bias=relative`` weighs the rule agent's hint in those units, so that where every
    move scores near 0 (a lost-looking position in which one block still survives the turn) the
    hint does not drown a difference the search has found."""
    means = [c.wins / c.visits for c in node.children.values() if c.visits]
    return max(0.01, max(means) - min(means)) if means else 1.0


def _by_type(legal: Sequence[Action], rng: Rng, eagerness: float = 0.0) -> Action:
    """Uniform over the action types on offer, then over that type's actions (``random_by_type``);
    with ``eagerness`` e, an action that does something is taken with chance e when there is one."""
    plain = isinstance(legal, list | tuple)  # else lazy parts: by_type reads none of their actions
    types = sorted({a.type for a in legal}) if plain else sorted(by_type(legal))
    if len(types) == 1:
        return legal[rng.below(len(legal))]
    if eagerness:
        doing = [t for t in types if t not in MOVING_ON]
        if doing and len(doing) < len(types):
            types = doing if rng.below(1000) < eagerness * 1000 else [t for t in types if t in MOVING_ON]
    kind = types[rng.below(len(types))]
    if plain:
        same = [a for a in legal if a.type == kind]
        return same[rng.below(len(same))]
    parts = by_type(legal)[kind]
    index = rng.below(sum(len(p) for p in parts))
    for part in parts:
        if index < len(part):
            return part[index]
        index -= len(part)
    raise AssertionError("index beyond the chosen type's actions")


def make_ismcts(seed: int, **options: str) -> IsmctsAgent:
    """The agent from its command-line options (``iterations=500,rollout=rule``)."""
    known = {"iterations": int, "seconds": float, "rollout": str, "depth": int, "exploration": float,
             "horizon": int, "prior": float, "model": str, "bias": str,
             "trust": float, "hurry": float}
    values: dict[str, Any] = {}
    for key, raw in options.items():
        if key not in known:
            raise DataError(f"ismcts has no option {key!r}; its options are {', '.join(known)}", field="agent")
        try:
            values[key] = known[key](raw)
        except ValueError:
            kind = known[key].__name__
            raise DataError(f"ismcts option {key} must be a {kind}, got {raw!r}", field="agent") from None
        if isinstance(values[key], float) and not math.isfinite(values[key]):  # float() reads nan and inf
            raise DataError(f"ismcts option {key} must be a finite number, got {raw!r}", field="agent")
    if "seconds" in values and "iterations" not in values:
        values["iterations"] = 0
    return IsmctsAgent(seed, **values)
