"""The opponents the server offers, and the caps on what an agent may spend on one decision.

Why a table of its own: a search's budget is the server's time, not the player's; a spec like
``ismcts:seconds=1e300`` would hold a worker for ever. ``POST /api/rooms`` accepts an agent spec
only within :data:`CAPS` (a 422 naming the cap otherwise), and the lobby offers :data:`OFFER`
(``GET /api/games``: ``opponents``, each ``{spec, label, description}`` in the asked language;
``agents``, their specs). One small table on purpose: its rows are the named difficulty levels
of issue 39 (easy, normal, hard, expert), each a spec within the caps, and their words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tcg.agents.base import agent_names, make_agent
from tcg.agents.ismcts import IsmctsAgent
from tcg.agents.levels import LEVELS
from tcg.core.errors import DataError


@dataclass(frozen=True)
class Opponent:
    """One offered opponent: what ``POST /api/rooms`` takes (``spec``) and its words, the core
    texts' ``opponents.<key>`` (a name) and ``opponents.<key>.about`` (one sentence)."""

    spec: str
    key: str


#: What the lobby offers, in its order: the difficulty levels, easiest first
#: (:mod:`tcg.agents.levels`), then a person. Raw agent specs stay for researchers' API calls,
#: within :data:`CAPS`; people are offered only these.
OFFER: tuple[Opponent, ...] = (*(Opponent(level.name, level.name) for level in LEVELS), Opponent("person", "person"))
#: The offered agents' specs.
OPPONENTS: list[str] = [o.spec for o in OFFER if o.spec != "person"]


def offer(words: dict[str, Any]) -> list[dict[str, str]]:
    """The offer as the lobby shows it: ``[{spec, label, description}]`` from a catalogue's
    ``opponents`` section (a spec without words is shown as it is)."""
    return [{"spec": o.spec, "label": str(words.get(o.key, o.spec)),
             "description": str(words.get(f"{o.key}.about", ""))} for o in OFFER]

#: The most a search agent may ask for on one decision (docs/reliability.md, "Caps"). Its hard
#: wall-clock limit is :data:`tcg.web.thinking.DECISION_HARD_SECONDS`, whatever the budget.
CAPS: dict[str, float] = {"seconds": 3.0, "iterations": 3000, "depth": 1000, "horizon": 4}


def refusal(spec: str) -> str | None:
    """Why the server will not play ``spec`` (an unknown agent, a bad option, a budget over a cap),
    or None when it will."""
    if spec == "person":
        return None
    try:
        agent = make_agent(spec, 0)
    except DataError as exc:
        return f"opponent must be 'person' or an agent ({', '.join(agent_names())}): {exc.message}"
    if not isinstance(agent, IsmctsAgent):
        return None
    for option, cap in CAPS.items():
        value = getattr(agent, option)
        if value > cap:
            return f"opponent {spec!r}: {option} is at most {cap:g} on this server (got {value:g})"
    if agent.iterations == 0 and agent.seconds <= 0:  # pragma: no cover - make_agent refuses it
        return f"opponent {spec!r}: a search needs iterations or seconds"
    return None
