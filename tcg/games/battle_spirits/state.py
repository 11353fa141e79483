"""The Battle Spirits state: cores on cards and in areas, and the moves the rules share.

The rules themselves are in the rulebook (:mod:`tcg.games.battle_spirits.rules`): the turn
(``turn.py``), the main phase (``main_phase.py``), battles (``battle.py``), choices while
effects resolve (``choices.py``) and how costs are paid (``payment.py``)."""

from __future__ import annotations

from typing import Any, ClassVar

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.rules import Rulebook
from tcg.core.state import Decision
from tcg.games.battle_spirits import conditions, era_keywords, starter_era, static_rules, trash_zone
from tcg.games.battle_spirits.effects import BSEffects
from tcg.games.battle_spirits.rules import RULEBOOK

STEPS = ("start", "core", "draw", "refresh", "main", "attack_declaration", "flash_1", "block", "flash_2",
         "comparison", "destruction", "end_of_battle", "end")


class BattleSpiritsState(BSEffects):
    ZONES: ClassVar[tuple[str, ...]] = ("burst", "field", "deck", "hand", "removed", "trash")
    ZONE_VISIBILITY: ClassVar[dict[str, str]] = {
        "burst": "public",  # face down: only its owner sees it (BS-12)
        "field": "public",
        "deck": "hidden",
        "hand": "owner",
        "removed": "public",
        "trash": "public",
    }
    TAPPED_AS: ClassVar[str] = "exhausted"
    RULEBOOK: ClassVar[Rulebook[BattleSpiritsState] | None] = RULEBOOK
    #: card_view reads nothing but the card here (the stats that effects change are read in play)
    STATIC_VIEW_ZONES: ClassVar[frozenset[str]] = frozenset({"hand", "trash", "removed", "burst"})
    __slots__ = ()

    # ================================================================== moves the rules share
    def pay(self, p: int, action: Action) -> None:
        """BS-106: the paid cores go to the trash, from the reserve and/or your cards."""
        for src, n in action.get("pay", ()):
            self.move_core(p, src, "trash_cores", n)
            if isinstance(src, int) and n:
                self.cores_taken_by_hand(src)

    def place_cores(self, p: int, action: Action, card: int) -> None:
        for src, n in action.get("place", ()):
            self.move_core(p, src, card, n)

    def put_onto_field(self, p: int, action: Action, quiet: bool = False) -> None:
        """Summon or deploy, paying the action's ``pay`` and placing its ``place`` (BS-41, BS-42);
        ``quiet``: its own "when summoned" effects do not apply (trash_zone.py BS-182)."""
        t, card = action.type, action.get("card")
        self.pay(p, action)
        exhausted = t == "summon" and static_rules.summon_exhausted(self, card)  # BS-259 "summoned exhausted"
        self.move(card, "field", player=p, tapped=exhausted, entered_this_turn=True, face_down=False)
        self.place_cores(p, action, card)
        self.cores_put_by_hand(card)
        self.emit("summoned" if t == "summon" else "deployed", card=card, name=self.cards[card].name, player=p)
        d = self.d(card)
        if d.is_spirit_like and self.cores(card) < d.level_costs[0]:
            self.settle()  # BS-41 (d) / BS-107: depleted, and "When Summoned" never applies
            return
        if not quiet:
            self.queue_abilities(card, "summoned")
        if t == "deploy":  # "when you deploy a nexus", from the hand (trash_zone.py BS-190)
            trash_zone.hand_triggers(self, "your_nexus_deployed", p)
        if t == "summon" and d.is_spirit_like:
            self.flags["just_summoned"] = card  # "that Spirit/Ultimate" (starter_era.py BS-284)
            for c in self.zones[p]["field"]:  # "when one of your ... spirits is summoned" (Ability.subject)
                if self.d(c).abilities:
                    self.queue_abilities(c, "your_spirit_summoned", subject=card)  # BS-284: Ultimates if named
            if d.type != "ultimate":  # BS-115: an Ultimate is not a Spirit
                self.check_burst(1 - p, "opponent_spirit_summoned")

    def cores_put_by_hand(self, card: int) -> None:
        """Cores put on a card by a summon or a main-phase move, not by an effect: a card with
        ``no_attack_after_placed_cores`` can't attack this turn (BS-56); a white spirit is
        exhausted under ``white_exhausted_by_core_moves``."""
        if self.d(card).rules and self.own_rule(card, "no_attack_after_placed_cores") and self.cores(card):
            lasting.add(self, "cant_attack", card=card)
        self.cores_taken_by_hand(card)
        conditions.cores_put_by_hand(self, card)  # BS-274

    def cores_taken_by_hand(self, card: int) -> None:
        """Cores put on or taken off a card other than by an effect (a summon, a payment, a
        main-phase move): a white spirit is exhausted while ``white_exhausted_by_core_moves`` holds."""
        d = self.d(card)
        if (d.is_spirit_like and "white" in self.colors(card) and self.zone_of(card) == "field"
                and self.rule_active("white_exhausted_by_core_moves", self.active)):
            self.set_exhausted(card, True)

    def fuse(self, p: int, brave: int, onto: int) -> None:
        """BS-4: the brave joins the spirit; its cores may stay on it (BS-7)."""
        self.detach(brave)
        self.where[brave] = (p, "attached")
        self.update(brave, tapped=False, controller=p)
        self.update(onto, attached=(*self.braves_on(onto), brave))
        self.emit("brave_fusion", card=brave, name=self.cards[brave].name, player=p, onto=onto)
        for c in self.zones[p]["field"]:  # BS-267 (conditions.py): "when your spirit becomes braved"
            if self.d(c).abilities:
                self.queue_abilities(c, "your_spirit_braved", subject=onto)

    def use_magic(self, p: int, card: int, timing: str) -> None:
        """BS-110: the used magic goes to the trash, then its effect resolves (BS-43: at once)."""
        self.move(card, "trash")
        self.emit("magic_used", card=card, name=self.cards[card].name, player=p, timing=timing)
        starter_era.note_magic(self, p, card)  # BS-291: for a Brilliance at the battle's end
        static_rules.magic_used(self, p)  # BS-257: "after a magic's effect in a main step" waits below it
        if not era_keywords.offer_ice_wall(self, p, card, timing):  # BS-222: the opponent may negate it
            self.queue_effects(card, p, (self.cards[card].name, timing))

    def open_phase(self, phase: str) -> None:
        """Enter ``phase`` (once) and open its decision for the turn player (BS-40, BS-46)."""
        if self.phase != phase:
            self.enter_phase(phase)
        self.decision = Decision(self.active, phase, open=True)

    def conserved(self) -> dict[str, int]:
        """Cores are objects: each is always in exactly one place (brief, section 1)."""
        on_cards = sum(c.counter("cores") for c in self.cards)
        in_areas = sum(self.counters[p].get(k, 0) for p in (0, 1)
                       for k in ("life", "reserve", "trash_cores", "core_stock", "sealed"))
        return {"cores": on_cards + in_areas}

    # ================================================================== views
    def battle_view(self) -> dict[str, Any] | None:
        """BS-46..BS-54: the attack while its attacker is on the field, on the player (``life``:
        the symbols it would take, BS-54) or, once blocked, against the blocker (BS-52)."""
        attack = self.flags.get("attack")
        if attack is None or attack.get("ended") or self.zone_of(attack["attacker"]) != "field":
            return None
        attacker, blocker = attack["attacker"], attack["blocker"]
        view: dict[str, Any] = {"attacker": attacker, "target": "player", "player": attack["player"]}
        if blocker is None:
            view["life"] = len(self.symbols(attacker))
        elif self.zone_of(blocker) == "field":
            view["blocker"] = blocker
        else:
            return None  # BS-52: the blocker left, no comparison
        return view

    # ------------------------------------------------------------------ determinization (core)
    def hidden_slot_kind(self, cid: int) -> str | None:
        """A set Burst is a card with a burst effect (BS-12, BS-113)."""
        return "burst" if self.where[cid][1] == "burst" else None

    def card_kind(self, name: str) -> str | None:
        return "burst" if self.defs[name].keywords.burst is not None else None

    def card_view(self, cid: int) -> dict[str, Any]:
        view = super().card_view(cid)
        d = self.d(cid)
        view["type"] = d.type
        view["colors"] = sorted(self.colors(cid))
        view["cost"] = d.cost
        if self.zone_of(cid) == "field":
            view["level"] = self.level(cid)
            if d.is_spirit_like:
                view["bp"] = self.bp(cid)
            view["symbols"] = self.symbols(cid)
            if self.braves_on(cid):
                view["braves"] = [self.cards[b].name for b in self.braves_on(cid)]
        return view
