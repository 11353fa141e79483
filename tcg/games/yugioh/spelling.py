"""How Yu-Gi-Oh!'s actions are spelt as tokens (tcg.core.spelling): its field names and literals."""

from __future__ import annotations

from tcg.core.spelling import Spelling

SPELLING = Spelling(
    fields=("card", "option", "target", "tributes"),
    literals=("attack", "defense", "player", "yes"),
)
