"""How One Piece's actions are spelt as tokens (tcg.core.spelling): its field names and literals."""

from __future__ import annotations

from tcg.core.spelling import Spelling

SPELLING = Spelling(
    fields=("card", "effect", "index", "option", "player", "target"),
    literals=("active", "bottom", "mode_1", "mode_2", "mode_3", "redraw", "rested", "to_bottom", "to_top", "top",
              "yes"),
)
