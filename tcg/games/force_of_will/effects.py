"""Force of Will effects: the movements the rules make - damage, destruction (FOW-40, FOW-45),
leaving the field (a new object, FOW-114: its lasting effects end), drawing (FOW-64, FOW-119) -
the rule processes (FOW-111), and resolving instructions one at a time. What each ``do:`` name
does is the glossary table of ``verbs.py``; the primitives of its shared verbs are here.

Targets are chosen when a spell or ability is played (FOW-105) and kept with its chase item;
at resolution each instruction acts on its targets that are still legal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tcg.core import lasting
from tcg.core.state import Decision, Task
from tcg.games.force_of_will.cards import Effect, Selector
from tcg.games.force_of_will.queries import (
    STARTING_LIFE,
    FowQueries,
    Target,
    by_identity,
    round_up_100,
    target,
    target_player,
)
from tcg.games.force_of_will.records import targets
from tcg.games.force_of_will.verbs import VERBS as GLOSSARY


def _any_def_lowering(defs: Mapping[str, Any]) -> bool:
    """Has any card of this pool a lasting effect that lowers DEF?"""
    return any(st.def_ < 0 for d in defs.values() for st in (*d.statics, *(d.j_ruler.statics if d.j_ruler else ())))


_lowers_def = by_identity(_any_def_lowering, limit=64)
_DAMAGE_TRIGGERS = ("deals_damage", "damages_resonator", "damages_opponent")
_INDESTRUCTIBLE = frozenset({"indestructible"})
#: Where an instruction's targets must still be to be acted on (FOW-105).
_IN_PLAY = ("field", "attached", "chase_area", "magic_stone_area")
_GRAVEYARD = ("graveyard",)
#: [standard] CR 6.3 909.4: an effect of a spell or ability until end of turn on "all" cards of a
#: kind ("Resonators you control gain [Flying] and [Swiftness] until end of turn") is continuous
#: over its condition - a card that meets it later that turn gets it, one that stops loses it.
_REACHING = frozenset({"modify", "gain_keyword", "lose_abilities", "set_stats"})
_REACH = "reach"
_NO_CARD = -100  # a reach record applies to no card itself (player targets are -1 and -2)


def needs_target(eff: Effect) -> bool:
    """Targets are chosen when played (FOW-105) for a selector that is not "all"."""
    return isinstance(eff.target, Selector) and not eff.target.all


def _damage_watching(defs: Mapping[str, Any]) -> bool:
    """Does any card of the pool ask whether a card "was dealt damage by this card this turn"?"""
    def asks(ab: Any) -> bool:
        return any(e.only is not None and e.only.damaged_by_source for e in ab.effects)
    return any(asks(ab) for d in defs.values() for ab in (*d.abilities, *(d.j_ruler.abilities if d.j_ruler else ())))


_damage_watchers_in = by_identity(_damage_watching, limit=64)


class FowEffects(FowQueries):
    __slots__ = ()
    VERBS = GLOSSARY  # its verbs.py: the core's do_effect carries instructions out by it

    # ------------------------------------------------------------------ effect lists
    def effects_of(self, card: int, where: Sequence[Any]) -> Sequence[Effect]:
        """``("effects",)`` a spell, ``("break",)`` a Break, ``("ability", i)`` the i-th
        ability of the side the card shows."""
        d = self.d(card)
        if where[0] == "effects":
            return d.effects
        if where[0] == "modes":  # ("modes", chosen indices): their instructions, in printed order
            modes = d.modes.options if d.modes is not None else ()
            return [e for i in (where[1] if len(where) > 1 else ()) for e in modes[i].effects]
        if where[0] == "break":
            return d.break_ability
        abilities = self.abilities(card)
        if where[1] >= len(abilities):  # the card turned into a destroyed J-ruler meanwhile
            return ()
        effects: Sequence[Effect] = abilities[where[1]].effects
        return effects

    def effect_list(self, ref: tuple[Any, ...]) -> Sequence[Effect]:
        """The core loop's reference: (card, where on it, declared targets, event targets, event cards)."""
        return self.effects_of(ref[0], ref[1])

    def do_effect(self, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
        """One instruction; "all ..." until end of turn also leaves a ``reach`` record (see
        :meth:`reach`), its per-card records tagged with the record's ``group``."""
        sel = eff.target
        if eff.do not in _REACHING or not isinstance(sel, Selector) or not sel.all or eff.duration != "turn":
            super().do_effect(eff, controller, source, targets)
            return
        group = 1 + sum(1 for e in self.effects if e["kind"] == _REACH)  # all of them end with the turn
        start = len(self.effects)
        super().do_effect(eff, controller, source, targets)
        self._tag(start, group)
        lasting.add(self, _REACH, card=_NO_CARD, group=group, controller=controller, origin=source,
                    effect=eff.model_dump(mode="json", exclude_defaults=True, by_alias=True))

    def _tag(self, start: int, group: int) -> None:
        self.effects[start:] = [{**e, "group": group} for e in self.effects[start:]]

    def reach(self, cid: int) -> None:
        """[standard] CR 6.3 909.4 (the brief is silent): a continuous effect made by a spell or
        ability for cards with a condition, not for given cards, applies to every card meeting
        it, whenever it starts to, and stops for one that stops - a resonator summoned after
        Pumpkin Witch's [Enter] resolved gains Flying and Swiftness too; one whose control
        changes follows its new controller's "you control". Called as a card enters a field or
        changes control. (A one-time effect - "destroy all resonators" - fixes its cards.)"""
        if not self.effects:
            return
        for rec in [e for e in self.effects if e["kind"] == _REACH]:
            eff = Effect.model_validate(rec["effect"])
            assert isinstance(eff.target, Selector)
            group = rec["group"]
            fits = self.where[cid][1] == "field" and cid in self.candidates(
                target(eff.target), rec["controller"], rec["origin"])
            has = any(e.get("group") == group and e["card"] == cid for e in self.effects)
            if fits and not has:
                start = len(self.effects)
                self.VERBS[eff.do](self, eff, rec["controller"], rec["origin"], (cid,))
                self._tag(start, group)
            elif has and not fits:
                self.effects = [e for e in self.effects if not (e.get("group") == group and e["card"] == cid)]

    # ------------------------------------------------------------------ life, damage, destruction
    def lose_life(self, player: int, amount: int) -> None:
        if amount <= 0:
            return
        if self.options.get("round_to_100") == "true":
            amount = round_up_100(amount)
        life = self.counters[player].get("life", STARTING_LIFE) - amount
        self.counters[player]["life"] = life
        self.emit("life_lost", player=player, amount=amount, life=life)

    def deal_damage(self, cid: int, amount: int) -> None:
        """FOW-45: damage on a J-ruler or resonator accumulates until the End Phase."""
        if amount <= 0 or not self.is_battler(cid):
            return
        if self.options.get("round_to_100") == "true":
            amount = round_up_100(amount)
        total = self.damage(cid) + amount
        self.set_counter(cid, "damage", total)
        self.emit("damage", card=cid, name=self.cards[cid].name, amount=amount, total=total)

    def destroy(self, cid: int) -> None:
        """A destroyed resonator or addition goes to its owner's graveyard (FOW-16, FOW-115); a
        destroyed J-ruler returns to the ruler area J-ruler side up, without abilities, ATK or
        DEF, keeping its orientation (FOW-40, FOW-118) — ruler side up with Imperishable."""
        zone = self.where[cid][1]
        if zone not in ("field", "attached", "magic_stone_area") or self.indestructible(cid):
            return
        self.emit("destroyed", card=cid, name=self.cards[cid].name, player=self.cards[cid].controller)
        if zone == "magic_stone_area":  # "destroy target special magic stone": to its owner's graveyard
            self.move(cid, "graveyard", tapped=False)
            return
        if self.is_j_ruler(cid):
            marks = frozenset() if self.has(cid, "imperishable") else frozenset({"j_ruler", "spent"})
            self.leave_field(cid, "ruler_area", marks=marks, tapped=self.cards[cid].tapped)
        else:
            self.leave_field(cid, "graveyard")
            if self.where[cid][1] == "graveyard" and any(ab.when == "destroyed" for ab in self.abilities(cid)):
                if not self.flags.get("resolving"):  # destroyed in battle: the chase it joins is answered
                    self.tasks.append(Task("trigger_window", player=self.cards[cid].controller))
                self.queue_triggers(cid, "destroyed")  # "when this card is destroyed" (from the graveyard)

    def leave_field(self, cid: int, zone: str, **status: Any) -> None:
        """The card becomes a new object: effects on it and its additions go (FOW-114). In the
        graveyard it keeps its last damage and orientation as a record (FOW-T10: the blocker
        "ends with damage 600 and is destroyed"); nothing reads them there."""
        card = self.cards[cid]
        dies = zone == "graveyard" and self.where[cid][1] == "field"
        if dies:  # "put into your graveyard from a field this turn"
            key = f"died:{card.owner}"
            self.flags[key] = (*self.flags.get(key, ()), cid)
        if self.where[cid][1] == "attached":
            for host, other in enumerate(self.cards):
                if cid in other.attached:
                    self.cards[host] = other.replace(attached=tuple(a for a in other.attached if a != cid))
                    self.control_returns(cid, host)
        for a in card.attached:
            self.move(a, "graveyard", tapped=False)
        lasting.forget(self, cid)
        record = zone == "graveyard"
        status.setdefault("tapped", card.tapped if record else False)
        status.setdefault("marks", frozenset())
        self.move(cid, zone, counters=card.counters if record else (), attached=(), entered_this_turn=False,
                  face_down=False, **status)
        if dies and self.digest[card.name].type == "resonator":  # "whenever a resonator is put into a graveyard"
            self.queue_watchers(cid, "watched_dies")
        if dies and any(ab.when == "dies" for ab in self.abilities(cid)):  # "when this card is put into
            if not self.flags.get("resolving"):  # your graveyard from a field"; in battle: answered
                self.tasks.append(Task("trigger_window", player=self.cards[cid].controller))
            self.queue_triggers(cid, "dies")

    def queue_watchers(self, cid: int, when: str) -> None:
        """The watchers of ``cid`` trigger (``when: watched_...``). The state supplies it."""
        raise NotImplementedError

    def indestructible(self, cid: int) -> bool:
        """"This card cannot be destroyed" (the keyword ``indestructible``), while it is on the field."""
        return self.where[cid][1] == "field" and self.keywords_now(_INDESTRUCTIBLE) and self.has(cid, "indestructible")

    def damage_from(self, source: int, amount: int) -> int:
        """The damage ``source`` really deals: none while its damage is prevented
        (``prevent_damage_from``, "prevent all damage that would be dealt by ...")."""
        if self.effects and any(e["kind"] == "harmless" and e["card"] == source for e in self.effects):
            return 0
        return amount

    def damage_dealt(self, source: int, to: int, amount: int) -> None:
        """``source`` dealt ``amount`` damage to ``to`` (a card, or a player as ``-1 - player``):
        its "whenever this card deals damage (to a resonator / to an opponent)" abilities
        trigger, the damaged card as their ``event_target`` and the amount as their event's;
        outside a resolution they are answered in a window."""
        if source < 0 or self.winner is not None or amount <= 0:
            return
        if to >= 0 and _damage_watchers_in(self.defs):  # "if it was dealt damage by this card this turn"
            key = f"damaged:{source}"
            self.flags[key] = (*self.flags.get(key, ()), to)
        abilities = self.abilities(source)
        if not any(ab.when in _DAMAGE_TRIGGERS for ab in abilities):
            return
        p = target_player(to)
        if p is None:
            specific = "damages_resonator" if self.is_resonator(to) else ""
        else:
            specific = "damages_opponent" if p != self.cards[source].controller else ""
        whens = [w for w in ("deals_damage", specific) if w and any(ab.when == w for ab in abilities)]
        if not whens:
            return
        if not self.flags.get("resolving"):
            self.tasks.append(Task("trigger_window", player=self.cards[source].controller))
        for when in whens:
            self.queue_triggers(source, when, (to,) if p is None else (), amount)

    def draw(self, player: int, count: int = 1) -> None:
        """FOW-119: outside the Draw Phase a draw takes as many cards as there are."""
        deck = self.zones[player]["main_deck"]
        for _ in range(count):
            if not deck:
                return
            self.move(deck[0], "hand")

    def settle(self) -> None:
        """FOW-111 rule processes: destroyed at damage ≥ DEF or DEF ≤ 0; life ≤ 0 loses (both
        at once: a draw)."""
        if self.winner is not None:
            return
        doomed = []
        cards, defs = self.cards, self.defs
        lowered: bool | None = None  # asked only when an undamaged battler is on the field
        statics: bool | None = None  # asked once, for the first battler whose DEF is needed
        for p in (0, 1):
            for c in self.zones[p]["field"]:
                card = cards[c]
                d = defs[card.name]
                if not card.counters and d.def_ > 0:
                    if lowered is None:
                        lowered = self._def_may_drop()
                    if not lowered:
                        continue
                if "j_ruler" in card.marks or d.type == "resonator":  # a battler (it is on the field)
                    if statics is None:
                        statics = self._statics_present()
                    def_ = self.stats(c, statics)[1]
                    if (def_ <= 0 or card.counter("damage") >= def_) and not self.indestructible(c):
                        doomed.append(c)
        for c in doomed:
            self.destroy(c)
        if doomed:
            self.settle()
            return
        losers = [p for p in (0, 1) if self.counters[p].get("life", STARTING_LIFE) <= 0]
        for p in losers:
            self.lose(p, "life")

    def _def_may_drop(self) -> bool:
        """Could some DEF be 0 or less without damage? Only through a lowering effect."""
        if self.effects and any((e["kind"] == "modify" and e["def"] < 0) or e["kind"] in ("swap", "set_stats")
                                for e in self.effects):
            return True
        return _lowers_def(self.defs) and self._statics_present() and any(
            st.def_ < 0 for _, st in self._static_sources())

    # ------------------------------------------------------------------ resolving
    def resolve_effects(self, item: Mapping[str, Any]) -> None:
        """Carry out a spell's or ability's instructions, one at a time on the core's effect loop
        ("you may" asks its controller), against the targets declared for it (FOW-105)."""
        ref = (item["card"], tuple(item["ref"]), tuple(item.get("targets", ())),
               tuple(item.get("event_target", ())), tuple(item.get("event_card", ())), item.get("event_amount", 0))
        self.queue_effects(item["card"], item["player"], ref)

    def continue_effect(self, data: dict[str, Any], eff: Any, chosen: tuple[int, ...]) -> None:
        """Every target was declared when played: act on those still legal (FOW-105); "previous"
        acts on the targets of the instruction before."""
        controller, source, ref = data["controller"], data["source"], data["ref"]
        sel = eff.target
        if type(sel) is str and sel == "previous":  # "... and it gets ...": the targets of the instruction before
            targets = data.get("previous")
        elif type(sel) is str and sel == "previous_controllers":  # "each controller of those resonators"
            before = data.get("previous") or ()
            targets = tuple(dict.fromkeys(-1 - self.cards[t].controller for t in before if t >= 0)) or None
        else:
            targets = self._targets_now(eff, data["index"], ref, controller, source)
        by = data.get("by")  # "target Vampire you control deals damage ...": that card does it (atk_of_previous)
        after = {**data, "previous": targets}
        if by is not None:  # "that much damage": none if its target is gone (FOW-105) or guarded
            del after["by"]
            source = by
            hit = [t for t in targets or () if t < 0 or not self.guarded(t, by)]
            after["dealt"] = self.damage_from(by, eff.amount) if hit else 0
        self.next_effect(after)
        if targets is None:
            return
        if targets:
            where = self.where
            from_graveyard = (sel.zone == "graveyard" if isinstance(sel, Selector)
                              else (sel == "self" and eff.do == "put_into_hand") or eff.do == "take_into_field")
            zones = _GRAVEYARD if from_graveyard else _IN_PLAY
            targets = tuple([t for t in targets if t < 0 or where[t][1] in zones])
        self.do_effect(eff, controller, source, targets)
        self.settle()

    def special_effect(self, data: dict[str, Any], eff: Any) -> bool:
        """"Discard N cards" chosen by the discarding player: one ``discard`` choice per card;
        an instruction that looks for a card (``find``): the ``effect_card`` choice; an
        instruction whose condition (``if``) fails is skipped."""
        if eff.if_ is not None and not self.holds(eff.if_, data["controller"], data["source"]):
            self.next_effect(data)
            return True
        if eff.atk_of_previous:  # "Target Vampire you control deals damage equal to its ATK to ..."
            prev = [t for t in data.get("previous") or () if t >= 0 and self.where[t][1] == "field"]
            if not prev:  # the card that would deal it is gone (FOW-105): nothing is dealt
                self.next_effect({**data, "dealt": 0})
                return True
            atk = max(0, self.atk(prev[0]))
            self.continue_effect({**data, "by": prev[0]},
                                 eff.model_copy(update={"amount": atk, "atk_of_previous": False}), ())
            return True
        if eff.half_of_dealt:  # "you gain life equal to half of that much damage (rounded up)", FOW-109
            amount = round_up_100((int(data.get("dealt", 0)) + 1) // 2)
            self.continue_effect(data, eff.model_copy(update={"amount": amount, "half_of_dealt": False}), ())
            return True
        if eff.event_amount:  # "that much": the triggering event's amount
            ref = data["ref"]
            amount = ref[5] if len(ref) > 5 else 0
            self.continue_effect(data, eff.model_copy(update={"amount": amount, "event_amount": False}), ())
            return True
        if eff.do == "rest_own" and self.winner is None:
            return self._rest_own(data, eff)
        if eff.find is not None and self.winner is None:
            return self._find_card(data, eff)
        if eff.do != "discard" or not eff.chosen or self.winner is not None:
            return False
        declared = [q for q in map(target_player, dict(data["ref"][2]).get(data["index"], ())) if q is not None]
        who = declared[0] if declared else data["controller"] if eff.player == "self" else 1 - data["controller"]
        self.next_effect(data)
        if self.zones[who]["hand"]:
            self.decision = Decision(who, "effect_discard", {"left": eff.count})
        return True

    def _find_card(self, data: dict[str, Any], eff: Effect) -> bool:
        """"Search your main deck for ..." / "put a ... from your graveyard": the controller picks
        a matching card as the instruction resolves (no target, FOW-105). In the main deck, which
        no one may look at otherwise (FOW-11), they may find none (official rules: a search for
        a card with a quality may fail; the brief is silent); the deck is shuffled either way."""
        assert eff.find is not None
        controller = data["controller"]
        moving = -1
        if eff.do == "move_addition":  # the declared Addition: Resonator, if still legal (FOW-105)
            still = self._targets_now(eff, data["index"], data["ref"], controller, data["source"])
            self.next_effect(data)
            if not still or self.where[still[0]][1] != "attached":
                return True
            moving = still[0]
            hosts = [h for p in (0, 1) for h in self.zones[p]["field"] if moving in self.cards[h].attached]
            found = tuple([c for c in self.candidates(target(eff.find), controller, data["source"])
                           if c not in hosts])
            if found:
                self.decision = Decision(controller, "effect_card", {"candidates": found, "optional": False,
                                                                     "do": eff.do, "source": moving})
            return True
        self.next_effect(data)
        found = tuple(self.candidates(target(eff.find), controller, data["source"]))
        if eff.do == "banish":  # only what its controller controls (official rules)
            found = tuple([c for c in found if self.cards[c].controller == controller])
            self.flags.pop(f"banished:{data['source']}", None)  # "if you do": this banish's card, below
        search = eff.find.zone == "main_deck"
        if search:  # a search looks through the hidden main deck: its cards are named to the searcher only
            self.show_privately(controller, self.zones[controller]["main_deck"])
        if found:
            instead = eff.instead if eff.instead_if is None or self.holds(eff.instead_if, controller,
                                                                          data["source"]) else None
            if instead == "onto_source" and not self.is_resonator(data["source"]):
                instead = None
            self.decision = Decision(controller, "effect_card", {"candidates": found, "optional": search,
                                                                 "do": eff.do, "source": data["source"],
                                                                 "instead": instead})
        elif search:
            self.shuffle_zone(controller, "main_deck")
        return True

    def _rest_own(self, data: dict[str, Any], eff: Effect) -> bool:
        """"Rest two recovered resonators you control. If you do, ...": its controller rests
        ``count`` of their recovered cards that ``find`` matches, chosen one at a time as it
        resolves (``effect_rest``); with fewer than that they rest all they have and "if you do"
        fails (official rules: a player does as much of an instruction as possible; the brief is
        silent). Condition.paid says whether all ``count`` were rested."""
        assert eff.find is not None
        controller, source = data["controller"], data["source"]
        self.next_effect(data)
        found = self.rest_own_candidates(controller, source, eff.find)
        self.flags[f"paid:{source}"] = len(found) >= eff.count
        if len(found) <= eff.count:
            for c in found:
                self.rest_by_effect(c, controller)
        else:
            self.decision = Decision(controller, "effect_rest", {"candidates": found, "left": eff.count})
        return True

    def rest_own_candidates(self, player: int, source: int, find: Selector) -> tuple[int, ...]:
        """The recovered cards ``player`` controls that a "rest ... you control" instruction may rest."""
        return tuple([c for c in self.candidates(target(find), player, source)
                      if self.cards[c].controller == player and not self.cards[c].tapped])

    def rest_by_effect(self, cid: int, player: int) -> None:
        """A card rested by an instruction of ``player`` (it "becomes rested": its watchers trigger)."""
        self.emit("rested", card=cid, name=self.cards[cid].name, player=player)
        self.set_tapped(cid, True)

    def answer_effect_rest(self, player: int, card: int, data: dict[str, Any]) -> None:
        """One card of a "rest N ... you control" chosen; the next is asked while more are due."""
        self.rest_by_effect(card, player)
        left = int(data["left"]) - 1
        cards, where = self.cards, self.where
        found = tuple([c for c in data["candidates"] if c != card and where[c][1] == "field"
                       and cards[c].controller == player and not cards[c].tapped])
        if left > 0 and found:
            self.decision = Decision(player, "effect_rest", {"candidates": found, "left": left})

    def answer_effect_card(self, player: int, card: int | None, do: str, instead: str | None = None,
                           source: int = -1) -> None:
        """The card found: a search puts it into the hand, revealed, then shuffles the main deck
        (``instead``: into the field, its [Enter] triggering, or attached to ``source``); from
        the graveyard it is put into its field, and its [Enter] triggers (not a summon)."""
        if do == "search":
            if card is not None and instead == "field":
                self.move(card, "field", player=player, tapped=False, entered_this_turn=True, face_down=False)
                self.emit("put_into_field", card=card, name=self.cards[card].name, player=player)
                self.entered_field(card)
            elif card is not None and instead == "onto_source" and self.is_resonator(source):
                self.attach(card, source, player)
            elif card is not None:
                self.move(card, "hand")
                self.emit("searched", card=card, name=self.cards[card].name, player=player)
            self.shuffle_zone(player, "main_deck")
            return
        if do == "move_addition":  # ``source`` is the addition moved, ``card`` its new resonator
            if card is not None and self.is_resonator(card) and self.where[source][1] == "attached":
                for host, other in enumerate(self.cards):
                    if source in other.attached:
                        self.cards[host] = other.replace(attached=tuple(a for a in other.attached if a != source))
                self.cards[card] = self.cards[card].replace(attached=(*self.cards[card].attached, source))
                self.emit("attached", card=source, name=self.cards[source].name, player=player, onto=card)
            return
        if do == "banish":
            if card is not None and self.where[card][1] in ("field", "attached", "magic_stone_area"):
                self.flags[f"banished:{source}"] = card  # Condition.banished: "if you banished a Human"
                self.emit("banished", card=card, name=self.cards[card].name, player=player)
                if self.where[card][1] == "magic_stone_area":
                    self.move(card, "graveyard", tapped=False)
                else:
                    self.leave_field(card, "graveyard")
            return
        if card is not None and self.where[card][1] == "graveyard":
            self.move(card, "field", player=player, tapped=False, entered_this_turn=True, counters=())
            self.emit("put_into_field", card=card, name=self.cards[card].name, player=player)
            self.entered_field(card)

    def attach(self, card: int, host: int, player: int) -> None:
        """An Addition: Resonator put onto the resonator ``host`` (not played: "add it to this card");
        like a played one it enters the field."""
        self.detach(card)
        self.place(card, player, "attached")
        self.cards[card] = self.cards[card].replace(controller=player, entered_this_turn=True, face_down=False)
        self.cards[host] = self.cards[host].replace(attached=(*self.cards[host].attached, card))
        self.emit("attached", card=card, name=self.cards[card].name, player=player, onto=host)
        self.controlled_by_addition(card, host)
        self.entered_field(card)  # put onto the field: it enters it (FOW-114), watchers see it

    def controlled_by_addition(self, addition: int, host: int) -> None:
        """"Add this to a resonator ... and gain control of it" (``Static.control``): the resonator
        moves to the addition's controller's field, as it is (not a new object, FOW-114)."""
        p = self.cards[addition].controller
        if any(st.control for st in self.defs[self.cards[addition].name].statics) \
                and self.where[host][1] == "field" and self.cards[host].controller != p:
            self.change_control(host, p)

    def control_returns(self, addition: int, host: int) -> None:
        """The addition that gave control of ``host`` left it: its owner controls it again."""
        if any(st.control for st in self.defs[self.cards[addition].name].statics) \
                and self.where[host][1] == "field" and self.cards[host].controller != self.cards[host].owner:
            self.change_control(host, self.cards[host].owner)

    def change_control(self, cid: int, player: int) -> None:
        """Control of a card on a field changes: the field is each player's own (CR 307.2), so it
        is put onto ``player``'s field as it is - orientation, damage and additions kept.
        [standard] FOW-42 / FOW-113: its new controller has not controlled it since the turn
        began, so it cannot attack, nor use a {Rest} ability, this turn (Swiftness aside; CR 6.3
        803.3a, 905.3: "continuously controlled from the beginning of this turn"). It has not
        "entered" a field: no [Enter] and no "comes into a field" (CR 307.6)."""
        self.move(cid, "field", player=player, entered_this_turn=True)
        self.reach(cid)

    def answer_effect_discard(self, player: int, card: int, left: int) -> None:
        self.move(card, "graveyard")
        self.emit("discarded", card=card, name=self.cards[card].name, player=player)
        if left > 1 and self.zones[player]["hand"]:
            self.decision = Decision(player, "effect_discard", {"left": left - 1})

    def _targets_now(self, eff: Effect, index: int, ref: Sequence[Any], controller: int,
                     source: int) -> tuple[int, ...] | None:
        """The targets an instruction acts on now; None when it had targets and all are gone (FOW-105).
        ``ref``: the effect reference of :meth:`resolve_effects` (declared and event targets)."""
        sel = eff.target
        if sel is None:
            return ()
        if type(sel) is str:
            if sel == "self":  # on the field, or an Addition: Resonator attached ("return this card")
                zone = self.where[source][1]
                if zone in ("field", "attached") or (zone == "graveyard" and eff.do in ("put_into_hand",
                                                                                      "take_into_field")):
                    return (source,)  # (from the graveyard: "put this card from your graveyard into your hand")
                return None
            if sel == "event_controller":  # "that resonator's controller": the event card's, as a player
                return tuple(dict.fromkeys(-1 - self.cards[t].controller for t in ref[3] if t >= 0)) or None
            if sel == "attached":
                hosts = [h for p in (0, 1) for h in self.zones[p]["field"] if source in self.cards[h].attached]
                return tuple(hosts) or None
            # event_target, event_card
            ids = tuple(t for t in (ref[3] if sel == "event_target" else ref[4])
                        if t < 0 or self.where[t][1] in ("field", "chase_area")
                        or (eff.do == "take_into_field" and self.where[t][1] == "graveyard"))
            return ids or None
        assert isinstance(sel, Selector)
        if sel.all:
            return tuple(self.candidates(target(sel), controller, source))
        declared = next((ts for i, ts in ref[2] if i == index), ())
        if not declared:
            return None
        valid = self.target_candidates(target(sel), controller, source)
        still = tuple([t for t in declared if t in valid])
        return still or None

    # ------------------------------------------------------------------ modes ("Choose one - ...")
    def modes_open(self, player: int, card: int, chosen: Sequence[int] = ()) -> list[int]:
        """The modes of the spell ``card`` its player may still choose: not chosen yet, their
        condition holding and their targets there (FOW-105)."""
        modes = self.d(card).modes
        if modes is None:
            return []
        return [i for i, m in enumerate(modes.options)
                if i not in chosen and (m.if_ is None or self.holds(m.if_, player, card))
                and self.targets_exist(player, card, targets(m.target_checks))]

    def mode_limit(self, player: int, card: int) -> int:
        """How many modes may be chosen: ``choose``, or ``more`` while ``more_if`` holds."""
        modes = self.d(card).modes
        if modes is None:
            return 0
        if modes.more_if is not None and self.holds(modes.more_if, player, card):
            return modes.more
        return modes.choose

    def targets_exist(self, p: int, source: int, checks: Sequence[Target]) -> bool:
        """The state supplies it (FOW-105)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ primitives of the shared verbs
    def destroy_by_effect(self, cid: int, by: int) -> None:
        """Destroyed by an effect: as by any other cause (``destroy`` skips a card no longer on the field)."""
        self.destroy(cid)

    def return_to_hand(self, cid: int) -> None:
        """From the field or attached (FOW-114: a new object); a J-ruler has no hand to go to
        (resonator effects never target it)."""
        zone = self.where[cid][1]
        if zone == "attached" or (zone == "field" and not self.is_j_ruler(cid)):
            self.leave_field(cid, "hand")

    def set_tapped(self, cid: int, tapped: bool) -> None:
        """Rest or recover a card (a recovered card rested "becomes rested": :meth:`became_rested`)."""
        was = self.cards[cid].tapped
        self.update(cid, tapped=tapped)
        if tapped and not was:
            self.became_rested(cid)

    def became_rested(self, cid: int) -> None:
        """"Whenever the resonator with this becomes rested" (Red Hot Iron Shoes): each Addition:
        Resonator attached to the card ``cid`` (on the field) triggers its ``attached_rested``
        abilities, ``cid`` the event's card. Every resting of a recovered card goes through
        :meth:`set_tapped` (attacking, blocking, {Rest} costs, effects)."""
        if self.where[cid][1] != "field":
            return
        for a in self.cards[cid].attached:
            self.queue_triggers(a, "attached_rested", (cid,))

    def entered_field(self, cid: int) -> None:
        """A card entered the field: its [Enter] abilities trigger. The state supplies it."""
        raise NotImplementedError

    def queue_triggers(self, card: int, when: str, event_target: tuple[int, ...] = (), amount: int = 0) -> None:
        """Automatic abilities of ``card`` that trigger on ``when``. The state supplies it."""
        raise NotImplementedError

    def cancel(self, cid: int) -> None:
        """A spell waiting on the chase area is removed unresolved and goes to the graveyard."""
        raise NotImplementedError
