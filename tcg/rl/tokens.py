"""The action tokens of a game's ``Discrete(N)`` space: the game's spelling, shared with the
browser and the terminal (:mod:`tcg.core.spelling`, where it is described); re-exported here."""

from __future__ import annotations

from tcg.core.spelling import END, FALLBACKS, OTHER_FIELD, OTHER_LITERAL, OTHER_NUMBER, WHICH, Vocabulary

__all__ = ["END", "FALLBACKS", "OTHER_FIELD", "OTHER_LITERAL", "OTHER_NUMBER", "WHICH", "Vocabulary"]
