"""The agent interface and the registry of agents by name.

An agent sees exactly what its player may see — the observation dict from
``State.observation`` (plus ``events``: the events visible to it since its previous decision)
and the legal actions — so the same agent can play in the simulator, against a human, or be
swapped for a search agent later. Agents own their randomness: each gets a seed, never the
global :mod:`random`, so that a game is reproducible from its seed alone.

An agent may say what it does not read, and the loop (:func:`tcg.sim.loop.observe`) then
spares building it (issue 17: rule agents spent most of their time on observations they did
not read). What is left out is only left out: the rest is the viewer's own view, exactly as in
the full observation. Each is optional, read with a default:

- ``reads_legal_actions`` (default True): False leaves the JSON list ``legal_actions`` out of
  the observation (the agent is handed the actions themselves);
- ``events_read(game)``: the event types it reads (None, the default: all); only those are
  listed, none at all leaves ``events`` out, and bulk self-play in which no player reads
  events runs without the event log;
- ``reads_observation(game, kind)`` (default True): False hands it only the game, the viewer
  and the decision for a decision of that kind;
- ``lazy_views`` (default False): True hands it the lazy observation
  (``State.observation(lazy=True)``, :mod:`tcg.core.views`): each player's zones are made when
  looked up, a zone's card views when read, and ``cards`` finds a card by id -- the same
  views, valid during the decision only (the rule agent reads a few cards' stats of each).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from tcg.core.actions import Action
from tcg.core.errors import DataError

Observation = dict[str, Any]


@runtime_checkable
class Agent(Protocol):
    """Chooses one of the legal actions from what its player can see."""

    name: str
    #: False when the agent ignores the observation: the loop then passes a cheap stub
    #: (game, viewer, decision) instead of building the full view (random self-play speed).
    observes: bool

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action: ...



AgentFactory = Callable[[int], Agent]


def _factories() -> dict[str, AgentFactory]:
    # Imported here so that base.py has no import cycle with the agent modules.
    from tcg.agents.easy_agent import EasyAgent
    from tcg.agents.ismcts import make_ismcts
    from tcg.agents.random_agent import RandomAgent, TypeRandomAgent
    from tcg.agents.rule_agent import RuleAgent

    return {"random": RandomAgent, "random_by_type": TypeRandomAgent, "rule": RuleAgent, "ismcts": make_ismcts,
            "easy": EasyAgent}


def agent_names() -> list[str]:
    """The registry's agents and the difficulty levels (``normal``, ``hard``, ``expert``)."""
    from tcg.agents.levels import BY_NAME

    return sorted(set(_factories()) | set(BY_NAME))


def parse_agent(spec: str) -> tuple[str, dict[str, str]]:
    """``ismcts:iterations=500,rollout=rule`` -> ("ismcts", {"iterations": "500", "rollout": "rule"})."""
    name, _, rest = spec.partition(":")
    options: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise DataError(f"agent options are name=value, separated by commas; got {part!r} in {spec!r}",
                            field="agent")
        options[key.strip()] = value.strip()
    return name.strip(), options


def make_agent(spec: str, seed: int) -> Agent:
    """A fresh agent by registry name, with options (``ismcts:iterations=500``), or by a
    difficulty level's name (``hard``: :mod:`tcg.agents.levels`), seeded for its own random
    choices."""
    from tcg.agents.levels import level_spec

    name, options = parse_agent(level_spec(spec))
    factories = _factories()
    if name not in factories:
        raise DataError(f"unknown agent {name!r}; known agents: {', '.join(sorted(factories))}", field="agent")
    if options and name != "ismcts":
        raise DataError(f"the {name} agent takes no options (got {spec!r})", field="agent")
    agent: Agent = factories[name](seed, **options) if options else factories[name](seed)
    return agent


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for a game: distinct per seat, fixed by the game seed."""
    return (game_seed * 1_000_003 + 7919 * (seat + 1)) & ((1 << 63) - 1)
