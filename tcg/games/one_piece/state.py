"""The One Piece state: the zones and what every rules area shares (queries in
:mod:`.queries`, effects and movements in :mod:`.effects`).

The decisions and steps are in the rulebook, :mod:`tcg.games.one_piece.rules` (read it first):
set-up in :mod:`.start`, the turn in :mod:`.turn`, the Main phase in :mod:`.main_phase`, the
battle in :mod:`.battle` and the choices of effects in :mod:`.choices`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tcg.core.rules import Rulebook
from tcg.core.state import Task
from tcg.games.one_piece.battle import battle_alive
from tcg.games.one_piece.effects import OPEffects
from tcg.games.one_piece.queries import DON_PER_PLAYER
from tcg.games.one_piece.rules import RULEBOOK

PHASES = ("refresh", "draw", "don_phase", "main", "end")


class OnePieceState(OPEffects):
    def before_first_turn(self) -> list[Task]:
        """OP-102: a redraw each, the first player first, then the life cards."""
        first = self.first_player
        return [Task("mulligan", player=first), Task("mulligan", player=1 - first), Task("place_life")]

    ZONES: ClassVar[tuple[str, ...]] = ("leader", "characters", "stage", "hand", "deck", "trash", "life")
    ZONE_VISIBILITY: ClassVar[dict[str, str]] = {
        "leader": "public",
        "characters": "public",
        "stage": "public",
        "hand": "owner",
        "deck": "hidden",
        "trash": "public",
        "life": "hidden",  # face down, secret to both players (OP-110)
    }
    #: a Life card added face up (Queen Mama Chanter) is seen by both players where it lies
    FACE_UP_SEEN: ClassVar[frozenset[str]] = frozenset({"life"})
    TAPPED_AS: ClassVar[str] = "rested"
    RULEBOOK: ClassVar[Rulebook[OnePieceState] | None] = RULEBOOK
    #: card_view reads nothing but the card here (the stats that effects change are read in play)
    STATIC_VIEW_ZONES: ClassVar[frozenset[str]] = frozenset({"hand", "trash", "stage", "life"})
    __slots__ = ()

    def conserved(self) -> dict[str, int]:
        """Each player's 10 DON!! are always somewhere (issue 5, property test)."""
        out = {}
        for p in (0, 1):
            c = self.counters[p]
            on_cards = sum(self.don(x) for x in [*self.zones[p]["leader"], *self.zones[p]["characters"]])
            out[f"don_{p}"] = c.get("don_deck", 0) + c.get("cost_area_active", 0) + c.get("cost_area_rested", 0) \
                + on_cards
        return out

    # ================================================================== views
    def battle_view(self) -> dict[str, Any] | None:
        """OP-115: the battle while its attacker and its target are both on the field; a block
        made the [Blocker] the target. ``settled``: the Damage step compared the powers (a
        [Trigger] of the damage is pending)."""
        battle = self.flags.get("battle")
        if battle is None or not battle_alive(self):
            return None
        view: dict[str, Any] = {"attacker": battle["attacker"], "target": battle["target"], "player": battle["player"]}
        if battle.get("blocked"):
            view["blocker"] = battle["target"]
        if battle.get("damage_step"):  # the powers have been compared: nothing more to need
            view["settled"] = True
        return view

    def card_view(self, cid: int) -> dict[str, Any]:
        view = super().card_view(cid)
        d = self.d(cid)
        view["type"] = d.type
        view["cost"] = d.cost
        view["colors"] = list(d.colors)
        if d.type in ("leader", "character"):
            view["power"] = self.power(cid) if self.zone_of(cid) in ("leader", "characters") else d.power
        if d.counter:
            view["counter"] = d.counter
        return view


__all__ = ["DON_PER_PLAYER", "PHASES", "OnePieceState"]
