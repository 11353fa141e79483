"""Read-only questions about a Yu-Gi-Oh! state: positions, ATK/DEF, who may attack what.

A monster's battle position is kept in the core card record: ``tapped`` is "turned sideways"
(Defense Position) and ``face_down`` is face-down, so Attack Position is neither.
"""

from __future__ import annotations

from collections.abc import Mapping

from tcg.core import lasting
from tcg.core.effects import EffectRunner
from tcg.games.yugioh.cards import DAMAGE_STEP_TRIGGERS, SELF_EVENT_TRIGGERS, CardEffect, Effect, Selector, YugiohCard

MONSTER_ZONES = 5  # YGO-104
SPELL_TRAP_ZONES = 5
HAND_LIMIT = 6  # YGO-110
#: YGO-104: the zones of the field.
FIELD_ZONES = frozenset({"monster_zone", "spell_trap_zone", "field_zone"})
#: YGO-104: the zones whose cards the opponent does not see (a card banished face-down is hidden too).
HIDDEN_ZONES = frozenset({"deck", "hand", "extra_deck"})
#: The key of a lasting record that is a status of the card it names (``bearer``) for as long as
#: the card stays in public places - on the field, in the GY, banished face-up - and that ends
#: when it goes to a hidden zone ("properly summoned", summons.PROPERLY_SUMMONED).
BEARER = "bearer"
BATTLE_PHASE_STEPS = frozenset({"start_step", "battle_step", "damage_step", "damage_calculation",
                                "end_of_damage_step", "end_step"})
#: YGO-125: the Damage Step from its start to its end, as the engine's phase names: ``damage_step``
#: (its start and "before damage calculation", the face-down target flipped), ``damage_calculation``,
#: ``end_of_damage_step`` ("after damage calculation": Flip effects and battle triggers, then the
#: monsters destroyed by battle leave).
DAMAGE_STEP = frozenset({"damage_step", "damage_calculation", "end_of_damage_step"})


# Module-global, shared by every state of a card pool: keyed by the pool's identity, and the
# entry keeps the pool itself and is used only if it is that very object (an id is never
# reused while the entry holds it), so two pools never share a table; a pool is read-only.
_HOLDERS: dict[int, tuple[Mapping[str, YugiohCard], dict[str, frozenset[str]]]] = {}


def _static_holders(defs: Mapping[str, YugiohCard]) -> dict[str, frozenset[str]]:
    """For each static rule, the names of the cards that impose it (per card pool, computed once)."""
    entry = _HOLDERS.get(id(defs))
    if entry is None or entry[0] is not defs:
        table: dict[str, set[str]] = {}
        for name, d in defs.items():
            for st in d.statics:
                table.setdefault(st.rule, set()).add(name)
        entry = (defs, {k: frozenset(v) for k, v in table.items()})
        _HOLDERS[id(defs)] = entry
    return entry[1]


_EQUIPPABLE: dict[int, tuple[Mapping[str, YugiohCard], dict[str, frozenset[str]]]] = {}  # as _HOLDERS


def _equippable(defs: Mapping[str, YugiohCard]) -> dict[str, frozenset[str]]:
    """For each Equip Spell, the names of the cards it may equip when face-up (per card pool,
    computed once: asked for every Equip Spell in hand or Set at every Main Phase decision)."""
    entry = _EQUIPPABLE.get(id(defs))
    if entry is None or entry[0] is not defs:
        table = {name: frozenset(n for n, m in defs.items() if d.equip.fits(m))
                 for name, d in defs.items() if d.equip is not None}
        entry = (defs, table)
        _EQUIPPABLE[id(defs)] = entry
    return entry[1]


class YGOQueries(EffectRunner[Effect, Selector]):
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
        return lasting.total(self, kind, cid) if self.effects else 0

    def _sign(self) -> int:
        """-1 while a ``reverse_modifiers`` record lasts (Reverse Trap: every effect that adds or
        subtracts ATK or DEF is reversed, those applied later included; official rule as the
        ygopro card scripts apply it, the brief is silent), else 1."""
        return -1 if self.effects and lasting.first(self, "reverse_modifiers") is not None else 1

    def atk(self, cid: int) -> int:
        change = self._modifier(cid, "atk") + self._lasting_bonus(cid)[0]
        return max(0, self.d(cid).atk + (change if change == 0 else change * self._sign()))

    def def_(self, cid: int) -> int:
        change = self._modifier(cid, "def") + self._lasting_bonus(cid)[1]
        return max(0, self.d(cid).def_ + (change if change == 0 else change * self._sign()))

    def atk_def(self, cid: int) -> tuple[int, int]:
        """``(atk(cid), def_(cid))``, the lasting bonuses looked up once (a view shows both)."""
        d = self.d(cid)
        bonus = self._lasting_bonus(cid)
        atk, dfn = self._modifier(cid, "atk") + bonus[0], self._modifier(cid, "def") + bonus[1]
        if atk or dfn:
            sign = self._sign()
            atk, dfn = atk * sign, dfn * sign
        return max(0, d.atk + atk), max(0, d.def_ + dfn)

    def equips_of(self, cid: int) -> list[int]:
        return [e["source"] for e in self.effects if e.get("kind") == "equipped" and e.get("card") == cid]

    def _lasting_bonus(self, cid: int) -> tuple[int, int]:
        """(ATK, DEF) from Equip Spells and face-up field/continuous cards (YGO-119)."""
        if self.zone_of(cid) != "monster_zone" or self.cards[cid].face_down:
            return 0, 0
        atk = dfn = 0
        for e in self.equips_of(cid):
            bonus = self.d(e).equip
            if bonus is not None:
                atk, dfn = atk + bonus.atk, dfn + bonus.def_
        d = self.d(cid)
        in_own_battle = self.cards[cid].controller == self.active and self.phase in BATTLE_PHASE_STEPS
        for p in (0, 1):
            for zone in ("spell_trap_zone", "field_zone"):
                for c in self.zones[p][zone]:
                    if self.cards[c].face_down:
                        continue
                    for st in self.d(c).statics:
                        if st.rule == "modify_monsters" and (not st.races or d.race in st.races) and (
                                not st.attributes or d.attribute in st.attributes):
                            atk, dfn = atk + st.atk, dfn + st.def_
                        elif (st.rule == "modify_own_monsters_in_own_battle_phase" and in_own_battle
                              and self.cards[cid].controller == p):
                            atk += st.atk
        return atk, dfn

    def can_equip(self, equip: int, monster: int) -> bool:
        bonus = self.d(equip).equip
        card = self.cards[monster]
        return bonus is not None and not card.face_down and bonus.fits(self.defs[card.name])

    def equippable(self, equip: int) -> frozenset[str]:
        """The names of the cards ``equip`` may equip when face-up (``can_equip`` for a whole field)."""
        return _equippable(self.defs).get(self.cards[equip].name, frozenset())

    def face_up_statics(self, rule: str) -> list[int]:
        """Face-up cards on either field imposing ``rule``."""
        holders = _static_holders(self.defs).get(rule)
        if not holders:
            return []
        cards = self.cards
        return [c for zones in self.zones for zone in ("monster_zone", "spell_trap_zone", "field_zone")
                for c in zones[zone] if cards[c].name in holders and not cards[c].face_down]

    def position_locked(self, cid: int) -> bool:
        """A face-up monster a face-up ``lock_in_defense`` card names (Dragon Capture Jar): it is
        kept in Defense Position and cannot change its battle position."""
        card = self.cards[cid]
        if card.face_down or self.where[cid][1] != "monster_zone":
            return False
        race = self.defs[card.name].race
        return any(st.rule == "lock_in_defense" and (not st.races or race in st.races)
                   for c in self.face_up_statics("lock_in_defense") for st in self.d(c).statics)

    # ------------------------------------------------------------------ the Damage Step windows
    def in_damage_step(self) -> bool:
        """YGO-125: from the start of the Damage Step until it ends, after damage calculation too."""
        return self.phase in DAMAGE_STEP

    def damage_step_bars(self, d: YugiohCard, eff: CardEffect) -> str | None:
        """The one rule of what may be activated in the Damage Step: None if ``eff`` (``d``'s effect
        or its face-up effect, activated at will or as a trigger) may be activated now, else the id
        of the rule that bars it. It holds in every window of the Damage Step until the Damage Step
        ends - its start, before damage calculation, and the chains after damage calculation (a
        Flip effect's) alike - and for every link of a chain begun there (YGO-20):

        (a) a Spell Speed 2 effect that changes ATK or DEF *directly* (``CardEffect.changes_atk_def``,
            derived from its verbs: Reverse Trap is not one); (b) a mandatory effect; (c) a Counter
            Trap; (d) a monster's or Trap's effect that negates an activation; (e) a trigger whose
            event is the card itself moving, turned face-up or changing position.

        The official timing (option ``damage_step_activation = official``, YGO-128) adds optional
        triggers of the Damage Step's own events and lets (a) be activated only up to the start
        of damage calculation (Konami's Damage Step rules)."""
        if self.phase not in DAMAGE_STEP:
            return None
        official = self.options.get("damage_step_activation") == "official"
        when = eff.activation.when
        if eff.mandatory or when in SELF_EVENT_TRIGGERS or (official and when in DAMAGE_STEP_TRIGGERS):
            return None  # (b), (e); YGO-128
        if (eff is d.effect and d.trap_kind == "counter") or (eff.negates_activation and d.type != "spell"):
            return None  # (c), (d)
        # [standard] YGO-20 (a): only an effect that changes ATK/DEF *directly* - not one that changes
        # how other effects change them (Reverse Trap) - Konami's Damage Step rules; OCG FAQ on Reverse Trap
        if eff.changes_atk_def and d.spell_speed >= 2:  # (a)
            return "YGO-128" if official and self.phase != "damage_step" else None
        return "YGO-20"

    # ------------------------------------------------------------------ attacks (YGO-123)
    def can_declare_attack(self, cid: int, barred: bool | None = None) -> bool:
        """Face-up Attack Position, not yet attacked this Battle Phase, not barred by a static
        (``barred``: ``level4_barred()``, when the caller has already asked it)."""
        card = self.cards[cid]
        if card.tapped or card.face_down or "attacked_bp" in card.marks:
            return False
        if self.attacks_barred(card.controller):
            return False
        if self.defs[card.name].level < 4:
            return True
        return not (self.level4_barred() if barred is None else barred)

    def attacks_barred(self, player: int) -> bool:
        """A face-up ``opponent_cannot_attack`` card of the other player (Swords of Revealing
        Light): ``player``'s monsters cannot declare an attack."""
        return any(self.cards[c].controller != player for c in self.face_up_statics("opponent_cannot_attack"))

    def level4_barred(self) -> bool:
        """A face-up Gravity Bind-like card stops Level 4 or higher monsters from attacking."""
        return bool(self.face_up_statics("level4_plus_cannot_attack"))

    def attack_targets(self, attacker: int) -> list[int | str]:
        """YGO-123 / YGO-7: the opponent's monsters not shielded by a Dupe Frog-like static;
        a direct attack only when the opponent controls no monsters at all."""
        return self.targets_against(1 - self.cards[attacker].controller)

    def targets_against(self, opp: int) -> list[int | str]:
        """``attack_targets`` of any monster attacking player ``opp``."""
        monsters = self.zones[opp]["monster_zone"]
        if not monsters:
            return ["player"]
        cards, defs = self.cards, self.defs
        shields = [c for c in monsters if not cards[c].face_down
                   and "opponent_attacks_only_this" in defs[cards[c].name].static_rules]
        if not shields:
            return list(monsters)
        return [c for c in monsters if not [s for s in shields if s != c]]

    def attackers(self, player: int) -> list[int]:
        return [c for c in self.zones[player]["monster_zone"] if self.can_declare_attack(c)
                and self.attack_targets(c)]

    def must_attack(self, player: int) -> bool:
        """YGO-5: a card effect forces this player's monsters to attack this turn."""
        if "must_attack" not in _static_holders(self.defs):  # no card of the pool imposes it
            return False
        return any(self.cards[c].controller == player for c in self.face_up_statics("must_attack"))

    # ------------------------------------------------------------------ effects
    def matches(self, sel: Selector, cid: int) -> bool:
        card = self.cards[cid]
        d = self.defs[card.name]
        if sel.types and d.type not in sel.types:
            return False
        if sel.types_when_face_up and not card.face_down and d.type not in sel.types_when_face_up:
            return False
        if sel.name and d.name != sel.name:
            return False
        if sel.name_contains and sel.name_contains not in d.name:
            return False
        if sel.exclude_name and d.name == sel.exclude_name:
            return False
        if sel.position is not None and not self._in_position(cid, sel.position):
            return False
        if sel.max_atk is not None and (d.type != "monster" or self.atk(cid) > sel.max_atk):
            return False
        if sel.max_def is not None and (d.type != "monster" or self.def_(cid) > sel.max_def):
            return False
        if sel.attributes and d.attribute not in sel.attributes:
            return False
        if sel.races and d.race not in sel.races:
            return False
        if sel.min_level is not None and d.level < sel.min_level:
            return False
        return sel.max_level is None or d.level <= sel.max_level

    def _in_position(self, cid: int, position: str) -> bool:
        """A selector's ``position``: face-up, face-down (any card), either Defense Position, or one
        battle position."""
        card = self.cards[cid]
        if position == "face_up":
            return not card.face_down
        if position == "face_down":
            return card.face_down
        if position == "any_defense":
            return card.tapped
        return self.position(cid) == position

    def select(self, sel: Selector, controller: int) -> list[int]:
        """The cards the selector picks out; ``top``: only a zone's first N cards (a deck's top);
        ``lowest_atk``: only those of the lowest ATK among them (Fissure; ties stay, the player
        chooses among them)."""
        players = {"self": [controller], "opponent": [1 - controller], "any": [0, 1]}[sel.player]
        zones = [sel.zone, *sel.also_zones]
        top = sel.top
        out = [c for p in players for z in zones for c in (self.zones[p][z] if top is None else self.zones[p][z][:top])
               if self.matches(sel, c)]
        if sel.lowest_atk and out:
            low = min(self.atk(c) for c in out)
            out = [c for c in out if self.atk(c) == low]
        return out
