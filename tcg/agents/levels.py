"""Named difficulty levels (issue 39): what a player picks instead of an agent's raw spec.

A level is an agent spec with a budget, the same in every game, so that a level means one thing
in the lobby, in ``tcg play --vs``, in the arena and in a replay. Budgets are iterations, not
seconds: a game against ``hard`` is the same game on a fast and a slow machine (and the
arena's rows the same on one worker or two); the seconds a move takes are measured per game in
docs/agents.md. Researchers keep the raw specs (``ismcts:iterations=500,rollout=rule``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One difficulty: its name, the agent spec it stands for, and its words for ``--help``."""

    name: str
    spec: str
    about: str


#: Easiest first. The words say what the level does and how long it takes over a move.
LEVELS: tuple[Level, ...] = (
    Level("easy", "easy", "the rule agent making a person's mistakes (another move of the same kind, "
                          "about one decision in three), instantly"),
    Level("normal", "rule", "plays by simple priorities per game, instantly"),
    Level("hard", "ismcts:iterations=300", "searches 300 playouts a move: about 0.1-0.4 s"),
    Level("expert", "ismcts:iterations=1000", "searches 1,000 playouts a move: about 0.2-1.4 s"),
)
BY_NAME: dict[str, Level] = {level.name: level for level in LEVELS}


def level_spec(spec: str) -> str:
    """The agent spec a level name stands for; any other spec unchanged."""
    level = BY_NAME.get(spec.strip())
    return level.spec if level is not None else spec


def levels_help() -> str:
    """One line per level, for the command line's ``--help``."""
    return "; ".join(f"{level.name}: {level.about}" for level in LEVELS)
