"""Brave fusion rules of the burst era (覇王編 BS14) that the brief (BS-4, BS-114) does not spell out.

- [standard] BS-210 "Every brave spirit's fused BP+ counts as 0" (合体スピリットすべての「合体時BP+」を0
  として扱う; ``Rule`` ``brave_bp_zero``, for everyone, from a card at one of its levels): while it is
  in force a brave spirit's BP is its spirit's own (bonuses and modifiers included) without its
  braves' fused BP (BS-4); the braves' colours, symbols, costs and effects still count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcg.games.battle_spirits.queries import BSQueries


def fused_bp(s: BSQueries, braves: tuple[int, ...]) -> int:
    """BS-4: the BP the braves add to the spirit they are fused to; BS-210: 0 while a card says so."""
    total = 0
    for b in braves:
        bd = s.d(b).brave
        total += bd.bp if bd else 0
    if total and s.rule_active("brave_bp_zero", s.active):
        return 0
    return total
