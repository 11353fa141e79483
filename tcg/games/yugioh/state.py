"""The Yu-Gi-Oh! state: zones, and the questions the rules of several areas share (what may
be activated now, YGO-118 / YGO-120 / YGO-20; attack and effect targets).

The rules themselves are in the rulebook (:mod:`tcg.games.yugioh.rules`, the table to read
first): the turn (``turn.py``), the Main Phase (``main_phase.py``), the Battle Phase
(``battle.py``), the chain (``chain.py``) and the choices of resolving effects (``choices.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tcg.core.actions import Action
from tcg.core.rng import Seed
from tcg.core.rules import Rulebook
from tcg.core.state import Decision
from tcg.games.yugioh import summons
from tcg.games.yugioh.cards import TRIGGER_TIMINGS, is_targeting_effect
from tcg.games.yugioh.chain import ACTIVATE, CHAIN
from tcg.games.yugioh.effects import YGOEffects
from tcg.games.yugioh.queries import BATTLE_PHASE_STEPS, DAMAGE_STEP, SPELL_TRAP_ZONES
from tcg.games.yugioh.rules import RULEBOOK

# The open game states of the turn player in which a permission for later (Last Will) may be used:
# the Main Phase, the Battle Step and the phase windows (YGO-135), outside any chain.
LATER_CONTEXTS = frozenset({"main", "battle", "phase"})


class YugiohState(YGOEffects):
    ZONES: ClassVar[tuple[str, ...]] = ("deck", "hand", "monster_zone", "spell_trap_zone", "field_zone",
                                        "graveyard", "banished", "extra_deck")
    PUBLIC_STACKS: ClassVar[tuple[str, ...]] = ("chain",)
    ZONE_VISIBILITY: ClassVar[dict[str, str]] = {
        "deck": "hidden",
        "hand": "owner",
        "monster_zone": "public",  # face-down cards: only their controller sees them
        "spell_trap_zone": "public",
        "field_zone": "public",
        "graveyard": "public",
        "banished": "public",
        "extra_deck": "owner",
    }
    REFERABLE_FACE_DOWN: ClassVar[frozenset[str]] = frozenset({"monster_zone", "spell_trap_zone", "field_zone"})
    TAPPED_AS: ClassVar[str] = ""  # shown as the position
    RULEBOOK: ClassVar[Rulebook[YugiohState] | None] = RULEBOOK
    #: card_view reads nothing but the card here (the stats that effects change are read in play)
    STATIC_VIEW_ZONES: ClassVar[frozenset[str]] = frozenset({
        "hand", "spell_trap_zone", "field_zone", "graveyard", "banished", "extra_deck"})
    __slots__ = ("offer",)

    def __init__(self, defs: Mapping[str, Any], options: Mapping[str, str], seed: Seed, players: int = 2):
        super().__init__(defs, options, seed, players)
        #: The responses a window found for the ``response`` decision it set (chain.open_window):
        #: that decision's legal actions, kept so that they are not built twice.
        self.offer: tuple[Decision, list[Action]] | None = None

    # ------------------------------------------------------------------ what may be activated
    def can_activate(self, cid: int, p: int, context: str) -> bool:
        """YGO-118 / YGO-120 / YGO-20: whether ``p`` may activate ``cid`` in ``context``.

        ``context``: ``main`` (an open state in your Main Phase), ``chain`` (responding to the
        last chain link), ``attack`` / ``direct_attack`` (an attack was just declared),
        ``summon`` (a monster was just summoned), ``damage_step``, ``phase`` (before a phase ends, and the
        Draw, Standby and End Phase windows of YGO-135).

        The checks, cheapest and most often failing first: where the card is (``_activatable_from``),
        who controls it, the Spell Speed against the chain, the Damage Step, then its timing
        (``_timing_met``). Each is a method of its own so that each rule reads alone."""
        card = self.cards[cid]
        d = self.defs[card.name]
        eff = d.effect
        if eff is None or eff.activation.when in TRIGGER_TIMINGS:
            return False  # triggers are activated when their event happens, not at will
        own_turn = p == self.active
        if not self._activatable_from(cid, d, p, own_turn):
            return False
        if card.controller != p or self.activation_barred(cid, p):
            return False
        speed = d.spell_speed
        chain = CHAIN.items(self)
        # Spell Speed 1: only as chain link 1, in your own Main Phase, with an open state
        if speed == 1:
            return (context == "main" and own_turn and not chain and self.phase in ("main1", "main2")
                    and self._condition_met(cid, p))
        if chain:
            top = chain[-1]["speed"]
            if speed < max(2, top) or (top == 3 and speed < 3):
                return False  # YGO-120 (2), (3)
            if any(link["card"] == cid for link in chain):
                return False  # a monster activated from the hand stays there until it resolves
        if self.phase in DAMAGE_STEP and self.damage_step_bars(d, eff) is not None:
            return False  # YGO-20 / YGO-128: until the Damage Step ends, every link of its chains
        return self._timing_met(cid, p, context, eff, bool(chain), own_turn)

    def _activatable_from(self, cid: int, d: Any, p: int, own_turn: bool) -> bool:
        """YGO-118: where a card may be activated from. A monster's effect from the hand only if
        it says so; a Spell from the hand (a Quick-Play Spell only in your turn, and only with a
        free Spell & Trap Zone unless it is a Field Spell), never a Trap; a Set card face-down,
        a Trap or Quick-Play Spell not on the turn it was Set; nothing from anywhere else."""
        card = self.cards[cid]
        zone = self.where[cid][1]
        if d.type == "monster":
            return bool(d.effect.activation.from_hand and zone == "hand")
        if zone == "hand":
            if d.type == "trap":
                return False  # YGO-118: traps are Set first
            if d.spell_kind == "quick_play" and not own_turn:
                return False
            return len(self.zones[p]["spell_trap_zone"]) < SPELL_TRAP_ZONES or d.spell_kind == "field"
        if zone in ("spell_trap_zone", "field_zone"):
            if not card.face_down:
                return False  # already active (continuous) or resolving
            # YGO-118: not on the turn it was Set
            return not ((d.type == "trap" or d.spell_kind == "quick_play") and card.entered_this_turn)
        return False

    def _timing_met(self, cid: int, p: int, context: str, eff: Any, chained: bool, own_turn: bool) -> bool:
        """The card's own timing (``activation.when``) in ``context``: a Counter Trap answers an
        activation, the "when your opponent ..." cards answer that event in the opponent's turn,
        a Main Phase effect needs your open state; then its condition (a valid target)."""
        when = eff.activation.when
        if when == "activation":
            return chained  # counter traps answer an activation
        if when == "opponent_attacks":
            return context in ("attack", "direct_attack") and not own_turn and self._condition_met(cid, p)
        if when == "opponent_direct_attack":
            return context == "direct_attack" and not own_turn and self._condition_met(cid, p)
        if when == "opponent_summons":
            return (context == "summon" and (self.flags.get("summoned") or {}).get("player", self.active) != p
                    and self._summon_fits(eff) and self._condition_met(cid, p))
        if when == "main":
            return context == "main" and own_turn and not chained and self._condition_met(cid, p)
        return self._condition_met(cid, p)

    def _summon_fits(self, eff: Any) -> bool:
        """"When your opponent Normal or Flip Summons ..." and "... a monster with N or more ATK":
        the summon just made (``flags["summoned"]``) must be of that kind, the monster still there."""
        summoned = self.flags.get("summoned") or {}
        act = eff.activation
        if act.normal_or_flip_summon and summoned.get("how") not in ("normal", "flip"):
            return False
        return act.summoned_min_atk is None or not (
            summoned.get("card") is None or self.zone_of(summoned["card"]) != "monster_zone"
            or self.atk(summoned["card"]) < act.summoned_min_atk)

    def _condition_met(self, cid: int, p: int) -> bool:
        """[standard] Activation legality derived from the verbs (official rulings; the brief is
        silent): a card is activated only if every instruction of its effect can be carried out
        now, each asked of its verb's one predicate (``verbs.can_carry_out``: a draw needs the cards
        in the Deck, a Special Summon a free Monster Zone and a card to summon, a target a valid
        target, a Fusion Summon its materials ...)."""
        eff = self.defs[self.cards[cid].name].effect
        return eff is None or self.feasible(eff.effects, p, cid)

    def activations(self, p: int, context: str, from_hand: bool = True) -> list[Action]:
        """The cards ``p`` may activate now: from the hand (unless not ``from_hand``), then Set in
        the Spell & Trap and Field Zones.

        ``hand_contexts`` / ``activation_contexts`` first drop, without asking ``can_activate``, the
        cards that can never be activated in this context."""
        seen: list[Action] = []
        defs, cards = self.defs, self.cards
        zones = self.zones[p]
        if from_hand:
            for c in zones["hand"]:
                if context in defs[cards[c].name].hand_contexts and self.can_activate(c, p, context):
                    seen.append(ACTIVATE[c])
        for zone in ("spell_trap_zone", "field_zone"):
            for c in zones[zone]:
                card = cards[c]
                if card.face_down:
                    if context in defs[card.name].activation_contexts and self.can_activate(c, p, context):
                        seen.append(ACTIVATE[c])
                elif defs[card.name].face_up_effect is not None and self.can_activate_face_up(c, p, context):
                    seen.append(ACTIVATE[c])
        if context in LATER_CONTEXTS and not CHAIN.depth(self):
            seen += [ACTIVATE[c] for c in self.later_sources(p)]  # Last Will's Special Summon, when it wants
        return seen

    def can_activate_face_up(self, cid: int, p: int, context: str) -> bool:
        """A face-up card's own effect (``face_up_effect``: Ultimate Offering) - Spell Speed 2 - its
        controller may activate it now: the chain allows it (YGO-120), not in the Damage Step
        (YGO-20), its timing is met, its LP cost can be paid and what it grants can be done."""
        d = self.defs[self.cards[cid].name]
        eff = d.face_up_effect
        if eff is None or self.cards[cid].controller != p or self.zone_of(cid) != "spell_trap_zone":
            return False
        chain = CHAIN.items(self)
        # [standard] the effect may be chained to itself, again and again (UDE netrep Q&A, 2004-02-23:
        # Ultimate Offering "can chain to itself"); only in the chain that activates the card itself
        # is it used once at most (edisonformat.com, from UDE's card FAQ).
        if chain and (chain[-1]["speed"] == 3 or (
                any(link["card"] == cid and not link.get("part") for link in chain)
                and any(link["card"] == cid and link.get("part") for link in chain))):
            return False
        if self.phase in DAMAGE_STEP and self.damage_step_bars(d, eff) is not None:
            return False  # YGO-20: what it does (a Normal Summon) is none of the Damage Step's kinds
        if eff.lp_cost and self.counters[p]["lp"] < eff.lp_cost:
            return False
        if not self.feasible(eff.effects, p, cid):
            return False  # what it grants cannot be done (verbs.FEASIBLE)
        if eff.activation.when == "own_main_or_opponent_battle":
            return self.phase in ("main1", "main2") if p == self.active else self.phase in BATTLE_PHASE_STEPS
        return False

    def is_targeting(self, eff: Any) -> bool:
        return is_targeting_effect(eff)

    def target_candidates(self, eff: Any, p: int, source: int) -> list[int]:
        """A Spell or Trap being activated does not target itself (Mystical Space Typhoon); an
        Equip Spell targets only a monster it can equip."""
        out = self.select(eff.target, p)
        if self.d(source).type != "monster":
            out = [c for c in out if c != source]
        if eff.do == "equip":
            out = [c for c in out if self.can_equip(source, c)]
        elif eff.do == "special_summon":
            out = [c for c in out if summons.may_special_summon(self, c)]
        if self.face_up_statics("untargetable_by_effects") and is_targeting_effect(eff):
            out = [c for c in out if not self.untargetable(c)]  # Lord of D.
        return out

    # ================================================================== views
    # ------------------------------------------------------------------ determinization (core)
    DETERMINIZE_APART: ClassVar[frozenset[str]] = frozenset({"extra_deck"})  # YGO-102: apart

    def hidden_slot_kind(self, cid: int) -> str | None:
        """A face-down monster is a monster; a Set card in the Spell & Trap or Field Zone is a
        Spell or Trap (YGO-118)."""
        zone = self.where[cid][1]
        if zone == "monster_zone":
            return "monster"
        return "spell_trap" if zone in ("spell_trap_zone", "field_zone") else None

    def card_kind(self, name: str) -> str | None:
        return "monster" if self.defs[name].type == "monster" else "spell_trap"

    def battle_view(self) -> dict[str, Any] | None:
        """YGO-123..YGO-125: the attack while its attacker is in the Monster Zone and its target
        there too (or the player: a direct attack); not once negated. A face-down target is its
        id only (REFERABLE_FACE_DOWN): its DEF stays in its controller's own view."""
        attack = self.flags.get("attack")
        if attack is None or attack.get("negated") or self.where[attack["attacker"]][1] != "monster_zone":
            return None
        target = attack["target"]
        if target != "player" and self.where[target][1] != "monster_zone":
            return None
        return {"attacker": attack["attacker"], "target": target, "player": attack["player"]}

    def card_view(self, cid: int) -> dict[str, Any]:
        view = super().card_view(cid)
        d = self.d(cid)
        view["type"] = d.type
        on_field = self.where[cid][1] == "monster_zone"
        if d.type == "monster":
            view["level"] = d.level
            view["atk"], view["def"] = self.atk_def(cid) if on_field else (d.atk, d.def_)
        if on_field:
            view["position"] = self.position(cid)
        return view
