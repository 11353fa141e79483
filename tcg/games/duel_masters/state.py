"""The Duel Masters state: the zones (DM-5, DM-6) and the rulebook that drives them.

The rules themselves are in :mod:`~tcg.games.duel_masters.rules` (the table of decisions and
steps) and its area modules; this class keeps what they share: the queries
(:class:`~tcg.games.duel_masters.queries.DMQueries`) and the effects and moves
(:class:`~tcg.games.duel_masters.effects.DMEffects`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tcg.core.rules import Rulebook
from tcg.games.duel_masters.effects import DMEffects
from tcg.games.duel_masters.rules import RULEBOOK


class DuelMastersState(DMEffects):
    ZONES: ClassVar[tuple[str, ...]] = ("deck", "hand", "shields", "mana", "battle", "graveyard")  # DM-5
    ZONE_VISIBILITY: ClassVar[dict[str, str]] = {  # DM-6, DM-122
        "deck": "hidden",
        "hand": "owner",
        "shields": "positions",
        "mana": "public",
        "battle": "public",
        "graveyard": "public",
    }
    RULEBOOK: ClassVar[Rulebook[DuelMastersState] | None] = RULEBOOK
    #: card_view reads nothing but the card here (the stats that effects change are read in play)
    STATIC_VIEW_ZONES: ClassVar[frozenset[str]] = frozenset({"hand", "mana", "graveyard"})
    __slots__ = ()

    # ================================================================== views
    def battle_view(self) -> dict[str, Any] | None:
        """DM-108..DM-110: the attack while its attacker is in the battle zone; a blocker battles
        it instead of the target; an attack on the player says how many shields it breaks."""
        attack = self.flags.get("attack")
        if attack is None or self.zone_of(attack["attacker"]) != "battle":
            return None
        attacker, target, blocker = attack["attacker"], attack["target"], attack.get("blocker")
        view: dict[str, Any] = {"attacker": attacker, "target": target, "player": attack["player"]}
        if blocker is not None:  # DM-110: the attack stops at the block
            if self.zone_of(blocker) != "battle":
                return None
            view["blocker"] = blocker
        elif target == "player":
            view["breaks"] = self.breaker_count(attacker)
        elif self.zone_of(target) != "battle":
            return None
        return view

    def card_view(self, cid: int) -> dict[str, Any]:
        view = super().card_view(cid)
        d = self.d(cid)
        view["civilizations"] = list(d.civilizations)
        view["cost"] = d.cost
        if d.type != "spell":
            view["power"] = self.power(cid)
        if self.cards[cid].attached:
            view["under"] = [self.cards[u].name for u in self.cards[cid].attached]
        return view
