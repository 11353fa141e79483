"""Read-only questions about a Yu-Gi-Oh! state: positions, ATK/DEF, who may attack what.

A monster's battle position is kept in the core card record: ``tapped`` is "turned sideways"
(Defense Position) and ``face_down`` is face-down, so Attack Position is neither.
"""

from __future__ import annotations

from tcg.core.state import State
from tcg.games.yugioh.cards import Selector, YugiohCard

MONSTER_ZONES = 5  # YGO-104
SPELL_TRAP_ZONES = 5
HAND_LIMIT = 6  # YGO-110


class YGOQueries(State):
    __slots__ = ()

    def d(self, cid: int) -> YugiohCard:
        card: YugiohCard = self.defs[self.cards[cid].name]
        return card

    # ------------------------------------------------------------------ positions and values
    def position(self, cid: int) -> str:
        card = self.cards[cid]
        if not card.tapped:
            return "attack"
        return "face_down_defense" if card.face_down else "defense"

    def face_up(self, cid: int) -> bool:
        return not self.cards[cid].face_down

    def _modifier(self, cid: int, kind: str) -> int:
        return sum(e["amount"] for e in self.effects if e.get("kind") == kind and e.get("card") == cid)

    def atk(self, cid: int) -> int:
        return max(0, self.d(cid).atk + self._modifier(cid, "atk"))

    def def_(self, cid: int) -> int:
        return max(0, self.d(cid).def_ + self._modifier(cid, "def"))

    def face_up_statics(self, rule: str) -> list[int]:
        """Face-up cards on either field imposing ``rule``."""
        out = []
        for p in (0, 1):
            for zone in ("monster_zone", "spell_trap_zone", "field_zone"):
                for c in self.zones[p][zone]:
                    if not self.cards[c].face_down and any(s.rule == rule for s in self.d(c).statics):
                        out.append(c)
        return out

    # ------------------------------------------------------------------ attacks (YGO-123)
    def can_declare_attack(self, cid: int) -> bool:
        """Face-up Attack Position, not yet attacked this Battle Phase, not barred by a static."""
        card = self.cards[cid]
        if card.tapped or card.face_down or "attacked_bp" in card.marks:
            return False
        return not (self.d(cid).level >= 4 and self.face_up_statics("level4_plus_cannot_attack"))

    def attack_targets(self, attacker: int) -> list[int | str]:
        """YGO-123 / YGO-7: the opponent's monsters not shielded by a Dupe Frog-like static;
        a direct attack only when the opponent controls no monsters at all."""
        opp = 1 - self.cards[attacker].controller
        monsters = self.zones[opp]["monster_zone"]
        if not monsters:
            return ["player"]
        shields = [c for c in monsters if not self.cards[c].face_down
                   and any(s.rule == "opponent_attacks_only_this" for s in self.d(c).statics)]
        return [c for c in monsters if not [s for s in shields if s != c]]

    def attackers(self, player: int) -> list[int]:
        return [c for c in self.zones[player]["monster_zone"] if self.can_declare_attack(c)
                and self.attack_targets(c)]

    def must_attack(self, player: int) -> bool:
        """YGO-5: a card effect forces this player's monsters to attack this turn."""
        return any(self.cards[c].controller == player for c in self.face_up_statics("must_attack"))

    # ------------------------------------------------------------------ effects
    def matches(self, sel: Selector, cid: int) -> bool:
        d = self.d(cid)
        if sel.types and d.type not in sel.types:
            return False
        if sel.name_contains and sel.name_contains not in d.name:
            return False
        if sel.exclude_name and d.name == sel.exclude_name:
            return False
        if sel.position is not None:
            pos = self.position(cid)
            if sel.position == "face_up":
                if self.cards[cid].face_down:
                    return False
            elif pos != sel.position:
                return False
        if sel.max_atk is not None and (d.type != "monster" or self.atk(cid) > sel.max_atk):
            return False
        if sel.min_level is not None and d.level < sel.min_level:
            return False
        return sel.max_level is None or d.level <= sel.max_level

    def select(self, sel: Selector, controller: int) -> list[int]:
        players = {"self": [controller], "opponent": [1 - controller], "any": [0, 1]}[sel.player]
        zones = [sel.zone, *sel.also_zones]
        return [c for p in players for z in zones for c in self.zones[p][z] if self.matches(sel, c)]
