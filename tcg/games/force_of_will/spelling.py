"""How Force of Will's actions are spelt as tokens (tcg.core.spelling): its field names and
literals, and the stones rested by ``pay`` (then the will each produces) as the payment."""

from __future__ import annotations

from tcg.core.spelling import Spelling

SPELLING = Spelling(
    fields=("ability", "attributes", "card", "cards", "index", "option", "player", "target"),
    literals=("alt", "darkness", "fire", "first", "light", "player", "second", "water", "wind", "yes"),
    payment={"pay": ("cards", "attributes")},
)
