"""Sequential sub-decisions: one engine decision narrowed token by token down to one action.

The mechanism is the core's (:mod:`tcg.core.narrowing`), shared with the field-by-field choices
of the browser and the terminal; the games' structured parts are their own (each game's
``narrowing.py``, registered by its ``spelling.py``). Re-exported here for the environments.
"""

from __future__ import annotations

from tcg.core.narrowing import MATERIALISE, DeferredPart, Gate, IndexPart, Narrowing, Part, PartFactory, disambiguate
from tcg.core.registry import load_game


def structured_parts(game: str) -> dict[type, PartFactory]:
    """The lazy-sequence classes a game narrows by structure (its spelling's ``parts``)."""
    return dict(load_game(game).spelling.parts())


__all__ = ["MATERIALISE", "DeferredPart", "Gate", "IndexPart", "Narrowing", "Part", "PartFactory", "disambiguate",
           "structured_parts"]
