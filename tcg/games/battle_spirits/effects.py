"""The Battle Spirits effects: the primitives its verbs call and the core movements the rules make.

Effects are resolved one instruction at a time from a ``effects`` task that refers to the
effect list by (card name, where on the card), so the task queue stays JSON data; each
instruction's verb is looked up in the glossary table (``verbs.py``).
"""

from __future__ import annotations

from typing import Any

from tcg.core import lasting
from tcg.core.state import Decision, Task
from tcg.games.battle_spirits import braves as brave_era
from tcg.games.battle_spirits import (
    bursts,
    conditions,
    era_keywords,
    fusion,
    keywords,
    replacements,
    returned_by_opponent,
    starter_era,
    static_rules,
    trash_zone,
    zero_bp,
)
from tcg.games.battle_spirits.cards import COLORS, Ability, Effect, EffectCondition, Selector
from tcg.games.battle_spirits.keywords import ATTACK_STEP
from tcg.games.battle_spirits.queries import BSQueries
from tcg.games.battle_spirits.verbs import VERBS as GLOSSARY


class BSEffects(BSQueries):
    __slots__ = ()
    VERBS = GLOSSARY  # its verbs.py: the core's do_effect carries instructions out by it
    PLAY_ZONE = "field"

    # ------------------------------------------------------------------ cores (BS-25..BS-31)
    def move_core(self, player: int, source: int | str, target: int | str, count: int) -> None:
        """Move cores between the reserve, trash, life, stock and cards; never creates or destroys one."""
        if count <= 0:
            return
        self._take(player, source, count)
        self._give(player, target, count)
        self.emit("cores_moved", player=player, source=source, target=target, count=count)

    def _take(self, player: int, where: int | str, count: int) -> None:
        if isinstance(where, int):
            self.set_counter(where, "cores", self.cores(where) - count)
        else:
            self.counters[player][where] -= count

    def _give(self, player: int, where: int | str, count: int) -> None:
        if isinstance(where, int):
            self.set_counter(where, "cores", self.cores(where) + count)
        else:
            self.counters[player][where] = self.counters[player].get(where, 0) + count

    def damage(self, player: int, amount: int, attacker: int | None = None) -> None:
        """BS-53 / BS-117: cores from the player's life to that player's reserve; 0 life loses.
        BS-143: limits on the loss, by the unblocked ``attacker`` or by the effect resolving;
        ``attacker`` given: an attack's damage ("your life is reduced by an opposing spirit's attack")."""
        if attacker is not None:
            amount = keywords.attack_damage(self, player, attacker, amount)
            if static_rules.attack_takes_no_life(self, player, attacker):  # BS-256 / BS-259
                amount = 0
        elif "damage_source" in self.flags:
            source = self.flags["damage_source"]
            amount = keywords.effect_damage(self, player, source, amount)
            keywords.note_effect_loss(self, player, source, min(amount, self.counters[player]["life"]))
        amount = min(amount, self.counters[player]["life"])
        if amount and amount == self.counters[player]["life"] and replacements.any_life_keep(self, player):
            amount = replacements.keep_life(self, player, amount)  # BS-205
        if amount <= 0:
            return
        to_void = attacker is not None and static_rules.attack_life_to_void(self, attacker)  # BS-323
        self.move_core(player, "life", "core_stock" if to_void else "reserve", amount)
        self.emit("damage", player=player, amount=amount)
        if attacker is not None:  # Holy Life (era_keywords.py BS-224)
            era_keywords.life_reduced_by(self, attacker)
        if self.counters[player]["life"] == 0:
            self.lose(player, "life")
        else:
            for c in self.zones[player]["field"]:  # "when your Life is reduced by the opponent"
                self.queue_abilities(c, "your_life_reduced")
                if attacker is not None:
                    self.queue_abilities(c, "your_life_reduced_by_attack")
                if static_rules.by_spirit(self, attacker):  # "reduced by an opposing spirit" (BS-259)
                    self.queue_abilities(c, "your_life_reduced_by_spirit")
            self.check_burst(player, "after_your_life_decreased")

    def leave_field(self, cid: int, zone: str, cores_to: str = "reserve", top: bool = False) -> None:
        """A card leaves the field: its cores go to its owner's reserve (BS-54, BS-108).

        A fused brave separates (BS-8): it waits in limbo until its controller decides whether
        to keep it, and with which cores (BS-121, a ``keep_brave`` decision before the effects
        the leaving set off).
        """
        owner = self.cards[cid].owner
        braves = self.braves_on(cid)
        self.move_core(owner, cid, cores_to, self.cores(cid))
        self._forget(cid)
        self.move(cid, zone, top=top, tapped=False, attached=(), entered_this_turn=True)
        for b in braves:
            self.place(b, owner, "limbo")
            self._pend("braves", b)

    def separate_brave(self, brave: int) -> None:
        """BS-8 / BS-121: offer to keep a separated brave when its controller has the cores for
        its LV1 (from the reserve or their other cards); otherwise it goes to the trash."""
        if self.zone_of(brave) != "limbo":
            return
        owner = self.cards[brave].owner
        need = self.d(brave).level_costs[0] - self.cores(brave)
        if self.total_cores(owner) >= need:
            self.decision = Decision(owner, "keep_brave", {"card": brave, "need": max(0, need)})
        else:
            self.resolve_brave(owner, brave, None)

    def resolve_brave(self, owner: int, brave: int, place: Any) -> None:
        """Keep the brave in spirit form with the cores in ``place``, or (None) trash it."""
        if place is None:
            self.move_core(owner, brave, "reserve", self.cores(brave))  # BS-108: depleted
            self.place(brave, owner, "trash")
            self.emit("card_moved", card=brave, name=self.cards[brave].name, player=owner,
                      **{"from": "attached", "from_player": owner, "to": "trash"})
            return
        for source, n in place:
            self.move_core(owner, source, brave, n)
        self.place(brave, owner, "field")
        self.emit("brave_separated", card=brave, name=self.cards[brave].name, player=owner)

    def _forget(self, cid: int) -> None:
        """The card left: the effects on it end."""
        lasting.forget(self, cid)

    def destroy(self, cid: int, by: int | None = None, against: int | None = None) -> None:
        """BS-54: "When Destroyed" effects apply; cores to the reserve; the card to the trash.

        ``by``: the player whose spirit or effect destroyed it (bursts "destroyed by the opponent");
        ``against``: the spirit that beat it by BP (BS-52). A stay may keep it (replacements.py)."""
        if self.zone_of(cid) != "field" or cid in self.flags.get("staying", ()):
            return
        if self.d(cid).type == "nexus" and self.rule_active("nexuses_indestructible", self.active):
            return  # "Both players' Nexuses cannot be destroyed"
        level = self.level(cid)
        owner = self.cards[cid].owner
        cost = self.card_cost(cid)  # Immortality reads the destroyed spirit as it was (trash_zone.py)
        self.emit("destroyed", card=cid, name=self.cards[cid].name, player=owner)
        to_trash = self.rule_active("destroyed_cores_to_trash", self.active) or conditions.won_cores_to_trash(self, cid)
        zone = "hand" if (level in self.d(cid).destroyed_to_hand  # the card's own replacement
                          and not static_rules.destroyed_effects_off(self, cid)) else "trash"  # BS-345
        cores_to = "trash_cores" if to_trash else "reserve"
        if not replacements.replace_destruction(self, cid, by, against, zone, cores_to):  # BS-200
            self.leave_field(cid, zone, cores_to)
        self.destroyed_triggers(cid, by, owner, level, cost)

    def destroyed_triggers(self, cid: int, by: int | None, owner: int, level: int, cost: int) -> None:
        """BS-54: what a destruction sets off - the card's own effects, its controller's and the
        opponent's "when ... destroyed" abilities, Immortality from the trash, bursts."""
        self.queue_abilities(cid, "destroyed", level)
        if self.phase in ATTACK_STEP and self.d(cid).is_spirit_like:  # Immortality (trash_zone.py BS-180)
            trash_zone.immortality_offers(self, cid, owner, cost, self.d(cid).families)
        if self.effects:  # "this turn, when your spirit is destroyed" (trash_zone.py BS-187)
            trash_zone.armed_triggers(self, "your_spirit_destroyed", owner, cid)
        if self.d(cid).is_spirit_like and self.d(cid).abilities:  # its own "when your spirit is destroyed" (BS-193)
            self.queue_abilities(cid, "your_spirit_destroyed", level, subject=cid)
        if by is not None and by != owner:  # "when this spirit is destroyed by the opponent"
            self.queue_abilities(cid, "destroyed_by_opponent", level)
        for c in self.zones[owner]["field"]:  # "when your Spirit is destroyed" (a nexus's)
            if self.d(c).abilities:
                self.queue_abilities(c, "your_spirit_destroyed", subject=cid)
                if by is not None and by != owner and self.d(cid).is_spirit_like:  # "... by the opponent"
                    self.queue_abilities(c, "your_spirit_destroyed_by_opponent", subject=cid)
        if self.effects and self.d(cid).is_spirit_like:  # "this turn, when your spirit is destroyed" (BS-251)
            static_rules.spirit_destroyed(self, owner)
        if self.d(cid).is_spirit_like:  # "when you destroy an opposing Spirit, for each one destroyed"
            for c in self.zones[1 - owner]["field"]:
                if self.d(c).abilities:
                    self.queue_abilities(c, "opponent_spirit_destroyed")
        if by is not None and by != owner:
            self.check_burst(owner, "your_spirit_destroyed_by_opponent", cid)
        self.check_burst(owner, "your_spirit_destroyed", cid)

    def settle(self) -> None:
        """BS-108: a spirit below its LV1 cost is depleted at once (not destroyed). Then what
        the step set off is queued (BS-119, BS-120), unless an effect is still resolving.

        The rulebook runs it after every answer and every step; when the step only opened the
        main phase's decision (after every main action) nothing moved and nothing is waiting."""
        decision = self.decision
        if decision is not None and decision.kind == "main":
            return
        if self._any_depleted():  # the common case is checked without building anything
            for p in (0, 1):
                for cid in list(self.zones[p]["field"]):
                    d = self.d(cid)
                    if d.is_spirit_like and self.cores(cid) < d.level_costs[0]:
                        self.emit("depleted", card=cid, name=d.name, player=p)
                        self.leave_field(cid, "trash")
        if "pending" in self.flags:
            tasks = self.tasks
            self._flush(mid_effect=bool(tasks and tasks[-1].kind == "effects" and tasks[-1].data["index"] > 0))

    def _pend(self, kind: str, item: Any) -> None:
        """Note an effect, burst or separated brave that the current step set off."""
        pending = self.flags.get("pending") or {"effects": (), "bursts": (), "braves": ()}
        if kind == "bursts" and item in pending["bursts"]:
            return  # one window per set burst, however often its condition happened
        self.flags["pending"] = {**pending, kind: (*pending.get(kind, ()), item)}

    def _flush(self, mid_effect: bool) -> None:
        """Queue what the step (or the effect) set off, in the order the rules give: separated
        braves first (they leave with the spirit, BS-8), then the triggered effects in the turn
        player's order (BS-120), then the burst windows (BS-119: a burst's effect applies after
        the event and every effect it set off). While an effect is still resolving, only the
        braves are decided now; the rest waits for the effect's end."""
        pending = self.flags.pop("pending")
        if mid_effect:
            if pending["effects"] or pending["bursts"]:
                self.flags["pending"] = {k: () if k == "braves" else v for k, v in pending.items() if k != "stays"}
        elif pending["effects"] or pending["bursts"]:
            self.tasks.append(Task("simultaneous", effects=pending["effects"], bursts=pending["bursts"]))
        for b in reversed(pending["braves"]):
            self.tasks.append(Task("separate_brave", card=b))
        for item in pending.get("stays", ())[::-1]:  # BS-202: whether a destroyed spirit stays, first
            self.tasks.append(Task("stay_offer", item=item))

    def run_simultaneous(self, effects: tuple[Any, ...], bursts: tuple[Any, ...]) -> None:
        """BS-120: with effects of two or more cards pending, the turn player picks the next."""
        items = effects or bursts
        if len({item[0] for item in items}) > 1:
            self.decision = Decision(self.active, "order_effects", {"effects": effects, "bursts": bursts})
            return
        if effects and bursts:
            self.tasks.append(Task("simultaneous", effects=(), bursts=bursts))
        self._queue_items(items, effects is items)

    def order_next(self, effects: tuple[Any, ...], bursts: tuple[Any, ...], source: int) -> None:
        """The turn player chose whose effect resolves next; the rest wait below it."""
        items = effects or bursts
        first = tuple(item for item in items if item[0] == source)
        rest = tuple(item for item in items if item[0] != source)
        if effects:
            if rest or bursts:
                self.tasks.append(Task("simultaneous", effects=rest, bursts=bursts))
        elif rest:
            self.tasks.append(Task("simultaneous", effects=(), bursts=rest))
        self._queue_items(first, bool(effects))

    def _queue_items(self, items: tuple[Any, ...], are_effects: bool) -> None:
        for item in items[::-1]:  # a stack: the first item on top ([::-1]: mypyc fails on reversed(tuple))
            if are_effects and len(item) > 4:  # BS-263 (conditions.py): with the card that set it off
                self.tasks.append(Task("effects", source=item[0], controller=item[1], ref=item[2], index=0,
                                       ask=item[3], subject=item[4]))
            elif are_effects:
                source, controller, ref, optional = item
                self.queue_effects(source, controller, ref, optional)
            else:
                self.tasks.append(Task("burst_window", card=item[0], player=item[1]))

    def _any_depleted(self) -> bool:
        cards, defs = self.cards, self.defs
        for p in (0, 1):
            for cid in self.zones[p]["field"]:
                card = cards[cid]
                floor = defs[card.name].depletion_floor
                if floor and card.counter("cores") < floor:
                    return True
        return False

    # ------------------------------------------------------------------ abilities and bursts
    def queue_abilities(self, cid: int, when: str, level: int | None = None, from_trash: bool = False,
                        subject: int | None = None) -> None:
        """Note the abilities of a card that trigger on ``when`` at its (or the given) level (BS-20);
        they are queued when the step is done (``settle``). ``from_trash``: the card's abilities
        that work from the trash, and only those (braves.py BS-172). ``subject``: the card that set
        the trigger off, for abilities that name which cards count (``Ability.subject``)."""
        if self.effects and era_keywords.attack_effects_stopped(self, cid, when):  # BS-231
            return
        if when == "summoned" and static_rules.summon_effects_off(self, cid):
            return  # BS-243: "When Summoned effects do not apply" (static_rules.py)
        if when in ("destroyed", "destroyed_by_opponent") and static_rules.destroyed_effects_off(self, cid):
            return  # BS-345: "When Destroyed effects do not apply" (static_rules.py)
        lv = self.level(cid) if level is None else level
        controller = self.cards[cid].controller
        braves = self.braves_on(cid)
        found = False
        # BS-4 / BS-9: a brave spirit also has its braves' effects
        for holder in (cid, *braves):
            d = self.d(holder)
            for i, ab in enumerate(d.abilities):
                if ab.when != when or lv not in ab.levels or ab.from_trash != from_trash:
                    continue
                if ab.effects and ab.effects[0].do == "by_exhausting" and self.cards[holder].tapped:  # BS-259: unpaid
                    continue
                if not self._ability_may_trigger(ab, (d.name, "ability", i), cid, controller, bool(braves), subject):
                    continue
                if ab.at_battle_end and self.flags.get("attack") is not None:  # braves.py BS-177
                    lasting.add(self, "at_battle_end", lasting.BATTLE, card=cid, player=controller,
                                ref=(d.name, "ability", i), optional=ab.optional)
                    continue
                item = (cid, controller, (d.name, "ability", i), ab.optional)
                # BS-263: an ability acting on "that spirit" keeps the card that set it off
                self._pend("effects", item if subject is None or not ab.on_subject else (*item, subject))
                found = True
        for name, optional in brave_era.keyword_triggers(self, cid, when, lv):  # Curse, Clash, Assault
            self._pend("effects", (cid, controller, (self.d(cid).name, "keyword", name), optional))
        for ref, optional in era_keywords.triggers(self, cid, when, lv):  # Storm, Crush, granted (era_keywords.py)
            self._pend("effects", (cid, controller, ref, optional))
        if found and when == "summoned" and self.d(cid).type != "ultimate":  # BS-150 (bursts.py)
            self.check_burst(1 - controller, "opponent_summon_effect_resolved")

    def _ability_may_trigger(self, ab: Ability, ref: tuple[str, str, int], cid: int, controller: int, braved: bool,
                             subject: int | None) -> bool:
        """The conditions an ability of ``cid`` puts on its trigger besides its timing and level."""
        if ab.once_per_turn and brave_era.once_used(self, ref, mark=False):
            return False
        if ab.subject is not None and (subject is None or not self.in_scope(ab.subject, controller, subject, cid)):
            return False
        if ab.when == "your_spirit_summoned" and not starter_era.counts_summon(self, ab.subject, subject):
            return False  # BS-284: an Ultimate's summon only where the ability names it
        if ab.braved and not braved:  # "[When Braved]": only as (or on) a brave spirit
            return False
        if ab.exhaust_cost and self.cards[cid].tapped:  # "by exhausting this spirit" (era_keywords.py BS-232)
            return False
        if ab.turn != "any" and not self.turn_matches(ab.turn, controller, self.active):
            return False
        return not ((ab.attack_step and self.phase not in ATTACK_STEP) or (ab.main_step and self.phase != "main"))

    def check_burst(self, player: int, condition: str, destroyed: int | None = None) -> None:
        """BS-13: when the condition of a set burst happens, its owner may activate it; BS-119:
        its window opens after the event and the effects it set off. ``destroyed``: the spirit
        whose destruction met it (BS-155, bursts.py)."""
        for cid in self.zones[player]["burst"]:
            burst = self.d(cid).keywords.burst
            if burst is not None and burst.condition == condition:
                self._pend("bursts", (cid, player))
                if destroyed is not None:
                    bursts.note_destroyed(self, player, destroyed)

    def effect_list(self, ref: tuple[Any, ...]) -> list[Effect]:
        if len(ref) > 3 and ref[-3] == "one_of":  # the chosen alternative of a "one of" instruction
            return [self.effect_list(ref[:-3])[ref[-2]].alternatives[ref[-1]]]
        if ref[-1] == "granted":  # a lasting "your Spirits may attack ... Spirits" of this card's
            grant = next(e for e in (*self.defs[ref[0]].main_effects, *self.defs[ref[0]].flash_effects)
                         if e.do == "grant_attack_spirit")
            return [Effect(do="attack_spirit", target=grant.scope)]
        if len(ref) >= 4 and ref[-2] == "nested":  # an instruction's own instructions (static_rules.py)
            return list(self.effect_list(ref[:-2])[ref[-1]].effects)
        d = self.defs[ref[0]]
        where = ref[1]
        if where == "ability":
            return list(d.abilities[ref[2]].effects)
        if where == "main":
            return list(d.main_effects)
        if where == "flash":
            return list(d.flash_effects)
        if where == "burst":
            return list(d.keywords.burst.effect)
        if where == "keyword":
            return list(brave_era.KEYWORD_TRIGGERS[ref[2]][1])
        if where == "era":  # era_keywords.py BS-223..BS-225
            return era_keywords.keyword_effects(d, ref[2])
        if where == "granted_ability":  # era_keywords.py BS-227
            return list(era_keywords.granted(self, ref[0], ref[2]).effects)
        if where == "flash_ability":
            return list(d.flash_abilities[ref[2]].effects)
        if where in trash_zone.TRASH_EFFECTS:  # Immortality, a discarded card's summon (trash_zone.py)
            return list(trash_zone.TRASH_EFFECTS[where])
        raise ValueError(f"bad effect reference {ref!r}")

    def effect_candidates(self, eff: Effect, sel: Selector, controller: int, source: int) -> list[int]:
        """The selector's cards, but none "unaffected by opposing card effects" (``shield``), none
        whose Heavy Armor names a colour of the effect's card (keywords.py, BS-142) and, for an
        effect that chooses, none that cannot be its target (BS-300)."""
        found = [c for c in (brave_era.brave_candidates(self, sel, controller, source)
                             if eff.do in ("destroy_brave", "brave_to_hand") or (eff.do == "use_ability"
                                                                                 and sel.types == ["brave"])
                             else self.select(sel, controller, source))
                 if not keywords.unaffected(self, c, controller, source)
                 and (sel.all or not keywords.untargetable(self, c, controller, source))]
        if eff.do in ("fuse_brave", "use_ability"):  # fusion.py BS-214, BS-216
            found = fusion.candidates(self, eff, found, source)
        if sel.zone == "hand" and sel.player != "self" and found:  # BS-250: a hand unaffected
            found = static_rules.hand_candidates(self, found, controller, source)
        if sel.zone == "trash" and found:  # BS-254: a trash locked, a card unaffected there
            found = static_rules.trash_candidates(self, found, eff.do == "return_to_hand")
        if self.effects and found:
            shielded = {r["card"] for r in lasting.of_kind(self, "shielded") if r["player"] != controller}
            if shielded:
                return [c for c in found if c not in shielded]
        return found

    def effect_chooser(self, eff: Effect, sel: Selector, controller: int) -> int:
        """The controller picks the targets, or the opponent where the selector says so
        ("your opponent discards 1 card": the discarding player chooses which)."""
        return 1 - controller if sel.chosen_by == "opponent" else controller

    # ------------------------------------------------------------------ primitives of the shared verbs
    def destroy_by_effect(self, cid: int, by: int) -> None:
        """BS-54, by the controller's effect (``destroy`` skips a card no longer on the field)."""
        self.destroy(cid, by=by)

    def take_damage(self, player: int, amount: int) -> None:
        """BS-53: cores from the player's life (``damage``)."""
        self.damage(player, amount)

    def restore(self, player: int, amount: int) -> None:
        """``amount`` cores (as many as there are) from the player's core stock to their life."""
        n = min(amount, self.counters[player]["core_stock"])
        self.move_core(player, "core_stock", "life", n)

    def set_tapped(self, cid: int, tapped: bool) -> None:
        """Exhaust (True) or refresh (False) a card."""
        self.set_exhausted(cid, tapped)

    def return_to_hand(self, cid: int) -> None:
        """To its owner's hand: from the field its cores go to the reserve (``leave_field``); a
        spirit's owner under ``draw_on_return`` this turn draws a card for it."""
        if self.zone_of(cid) == "field":
            owner, spirit = self.cards[cid].owner, self.d(cid).is_spirit_like
            returned_by_opponent.leaving(self, cid)  # BS-368
            self.leave_field(cid, "hand")
            if spirit and self.effects:
                for _ in lasting.of_kind(self, "draw_on_return", player=owner):
                    self.draw(owner)
        elif not (self.zone_of(cid) == "trash" and static_rules.trash_locked(self, cid)):  # BS-254
            self.move(cid, "hand")

    def discard(self, cid: int) -> None:
        """To the trash (a card in a hand)."""
        self.move(cid, "trash")

    def mill(self, player: int) -> None:
        """The top card of the player's deck to the trash (BS-57); from an empty deck, nothing."""
        deck = self.zones[player]["deck"]
        if deck and not trash_zone.deck_protected(self, player) and static_rules.may_mill(self, player):  # BS-186/259
            self.move(deck[0], "trash")

    def to_deck_bottom(self, cid: int) -> None:
        """Appended to its owner's deck; from the field its cores go to the reserve (``leave_field``)."""
        if self.zone_of(cid) == "field":
            returned_by_opponent.leaving(self, cid)  # BS-368
        self.leave_field(cid, "deck")

    def to_deck_top(self, cid: int) -> None:
        """On top of its owner's deck (drawn next); its cores to the owner's reserve (``leave_field``)."""
        if self.zone_of(cid) == "field":
            returned_by_opponent.leaving(self, cid)  # BS-368
        self.leave_field(cid, "deck", top=True)

    def do_effect(self, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
        """An instruction "for each" card (``Effect.per``) is carried out with its ``count`` and
        ``amount`` times the cards its selector matches as it resolves (zero: nothing)."""
        if eff.per is not None or eff.per_depleting or eff.per_source_cores or eff.per_source_level \
                or eff.per_source_braves or eff.per_symbols_of or eff.per_blocker_cost:
            n = len(self.select(eff.per, controller, source)) if eff.per is not None else self.flags.get("depleting", 0)
            if eff.per_source_cores:
                n = self.cores(source)
            if eff.per_source_level:  # "its level" (era_keywords.py BS-225, conditions.py BS-262)
                n = conditions.source_level(self, source)
            if eff.per_source_braves:  # "for each brave of this spirit" (fusion.py BS-211); targets: continue_effect
                n = len(self.braves_on(source)) if eff.target is None else 1
            if eff.per_symbols_of:  # "for each symbol of ..." (conditions.py BS-322)
                n = conditions.symbols_of(self, eff.per_symbols_of, source)
            if eff.per_blocker_cost:  # "that destroyed spirit's cost" (conditions.py BS-341)
                n = conditions.blocker_cost(self)
            count = eff.count * n if eff.cap is None else min(eff.count * n, eff.cap)
            eff = eff.model_copy(update={"count": count, "amount": eff.amount * n, "per": None, "per_depleting": False,
                                         "per_source_cores": False, "per_source_level": False,
                                         "per_source_braves": False, "per_symbols_of": "", "per_blocker_cost": False})
        if eff.amount_of_previous_bp:  # BS-268: "+ the BP of the spirit exhausted by doing so"
            eff = eff.model_copy(update={"amount": self.flags.get("acted_bp", 0), "amount_of_previous_bp": False})
        targets = brave_era.redirect_bounce(self, eff, controller, targets)  # Vanishing Day (braves.py)
        exhausted = tuple(t for t in targets if self.cards[t].tapped) if eff.do == "refresh" else ()
        if eff.do == "deck_to_trash":  # "if a ... card was put in your trash by this" (EffectCondition.milled)
            p = controller if eff.player == "self" else 1 - controller
            self.flags["milled"] = tuple(self.zones[p]["deck"][:eff.count])
        self.flags["effect_source"] = source  # BS-201: "destroyed by an opposing spirit's effect" (replacements.py)
        if eff.do == "deck_to_trash":  # BS-259: whose effect discards the deck (mill caps)
            self.flags["mill_source"] = source
            super().do_effect(eff, controller, source, targets)
            del self.flags["mill_source"]
        elif eff.do == "damage":  # BS-143: whose effect takes the life (keywords.effect_damage)
            self.flags["damage_source"] = source
            super().do_effect(eff, controller, source, targets)
            del self.flags["damage_source"]
        else:
            super().do_effect(eff, controller, source, targets)
        if eff.do == "deck_to_trash" and eff.player == "opponent":  # BS-186 (trash_zone.py)
            trash_zone.milled_by_opponent(self, self.flags["milled"])
        if eff.do == "discard" and targets:  # BS-348 (trash_zone.py)
            trash_zone.discarded_by_opponent(self, controller, targets)
        conditions.note_targets(self, eff, targets)  # BS-265, BS-268, BS-270/BS-287 (a discard noted)
        self.flags.pop("effect_source", None)
        if eff.do == "destroy":  # "if you destroyed an opposing Nexus with this effect" (destroyed_opponents)
            self.flags["destroyed_opponents"] = any(
                self.cards[t].owner != controller and self.zone_of(t) != "field" for t in targets)
            self.flags["destroyed_any"] = any(self.zone_of(t) != "field" for t in targets)
        if eff.do == "refresh":  # BS-259: "spirits refreshed by a Spirit/Magic effect are destroyed"
            static_rules.refreshed_by_effect(self, source, exhausted)

    def change_stat(self, cid: int, stat: str, amount: int) -> None:
        """``amount`` of ``stat`` (BP) until the end of the turn (BS-56)."""
        lasting.add(self, stat, card=cid, amount=amount)

    def special_effect(self, data: dict[str, Any], eff: Effect) -> bool:
        """An effect whose "if" clause does not hold is skipped. An instruction that asks its
        controller to choose first (a colour, a count "up to N", one of its alternatives) asks
        with an ``option`` decision and resumes with the answer in ``data["option"]``."""
        ref = data["ref"]
        if data["index"] == 0 and len(ref) == 3 and ref[1] == "ability" \
                and self.defs[ref[0]].abilities[ref[2]].once_per_turn and brave_era.once_used(self, ref):
            return True  # "once per turn" (braves.py BS-172): already used this turn, nothing happens
        cond = eff.condition
        if cond is not None and not (self.condition_holds(cond, data["controller"])
                                     and trash_zone.condition_holds(self, cond, data["source"])
                                     and zero_bp.condition_holds(self, cond, data["source"])):  # BS-365/366
            self.next_effect(data)
            return True
        if eff.do == "cores_to_trash":  # BS-275: a spread of cores chosen at once
            conditions.cores_to_trash(self, data, conditions.burst_core_bonus(self, data, eff))  # BS-342
            return True
        if eff.do != "one_of" and eff.do not in starter_era.CHOOSES_COLOR and not eff.up_to_count \
                and eff.name_a is None:
            return False
        option = data.get("option")
        if option is None:
            options = self.effect_options(eff, data["controller"], data["source"])
            if len(options) > 1:
                self.decision = Decision(data["controller"], "option", {"task": data, "options": tuple(options)})
                return True
            if not options:
                self.next_effect({**data, "option": None})
                return True
            option = options[0]  # no real choice
        if eff.up_to_count or eff.name_a is not None:
            self.flags["named" if eff.name_a is not None else "chosen_count"] = option  # BS-266
            self.continue_effect({**data, "option": None}, eff, ())
            return True
        self.next_effect({**data, "option": None})
        if eff.do in starter_era.CHOOSES_COLOR:  # exhaust_color, magics_of_color_to_hand (BS-293)
            self.flags["chosen_option"] = option
            self.do_effect(eff, data["controller"], data["source"], ())
        else:  # one_of: the chosen alternative, as an effect list of its own
            k = [a.option_name for a in eff.alternatives].index(option)
            self.queue_effects(data["source"], data["controller"], (*data["ref"], "one_of", data["index"], k))
        return True

    def effect_options(self, eff: Effect, controller: int, source: int) -> list[Any]:
        """What an instruction lets its controller choose: a colour (BS-17), how many cores
        "up to" its count (most first), or the names (label, else verb) of the alternatives that
        can do something."""
        if eff.do in starter_era.CHOOSES_COLOR:
            return list(COLORS)
        if eff.name_a is not None:  # BS-266
            return conditions.name_options(self, eff, controller)
        if eff.up_to_count:
            return list(range(min(eff.count, self.counters[controller].get(eff.source, 0)), -1, -1))
        return [a.option_name for a in eff.alternatives if self.can_do(a, controller, source)]

    def can_do(self, eff: Effect, controller: int, source: int) -> bool:
        """Would the instruction do anything now: cores in the area it moves from, or a target."""
        if eff.do == "move_cores":
            p = controller if eff.whose == "self" else 1 - controller
            return self.counters[p].get(eff.source, 0) > 0
        sel = eff.target
        if isinstance(sel, Selector):
            found = (self.effect_candidates(eff, sel, controller, source)  # fused braves too (BS-170)
                     if eff.do in ("destroy_brave", "brave_to_hand") else self.select(sel, controller, source))
            return any(self.cores(c) for c in found) if eff.do == "remove_cores" else bool(found)
        return True

    def continue_effect(self, data: dict[str, Any], eff: Effect, chosen: tuple[int, ...]) -> None:
        """A selector's ``count_per`` ("for each Nexus you control, destroy 1 Brave") sets how
        many targets it takes, counted as the targets are chosen."""
        if eff.do == "remove_cores":  # BS-342: one more core by a burst effect
            eff = conditions.burst_core_bonus(self, data, eff)
        sel = eff.target
        if isinstance(sel, Selector) and (sel.subject or sel.previous):  # BS-263, BS-270: "that spirit"
            self.next_effect(data)
            self.do_effect(eff, data["controller"], data["source"], conditions.subject_targets(self, data, sel))
            return
        if isinstance(sel, Selector) and (sel.bp_total is not None or sel.bp_total_of is not None
                                          or sel.cost_total_of_previous):  # BS-264, BS-347
            sel = conditions.budget_selector(self, sel, data["controller"], data["source"], chosen, data)
            eff = eff.model_copy(update={"target": sel})
        if isinstance(sel, Selector) and (sel.count_per is not None or eff.per_source_braves or sel.count_symbols_of):
            n = (len(self.select(sel.count_per, data["controller"], data["source"])) if sel.count_per is not None
                 else sel.count * conditions.symbols_of(self, sel.count_symbols_of, data["source"])
                 if sel.count_symbols_of  # conditions.py BS-322: "1 per symbol of ..."
                 else sel.count * len(self.braves_on(data["source"])))  # fusion.py: "for each brave of this spirit"
            eff = eff.model_copy(update={"target": sel.model_copy(update={"count": n, "count_per": None,
                                                                           "count_symbols_of": ""})})
            if n == 0:
                self.next_effect(data)
                return
        super().continue_effect(data, eff, chosen)

    def previous_held(self, cond: EffectCondition) -> bool:
        """The conditions on what the previous instruction did ("by destroying ..., ...")."""
        return not ((cond.previous_emptied and not self.flags.get("emptied"))
                    or (cond.destroyed_opponents and not self.flags.get("destroyed_opponents"))
                    or (cond.previous_destroyed and not self.flags.get("destroyed_any"))
                    or (cond.previous_returned and not self.flags.get("returned_any")))

    def condition_holds(self, cond: EffectCondition, controller: int) -> bool:
        if not self.previous_held(cond):
            return False
        if cond.milled is not None and not any(self.zone_of(c) == "trash" and self.matches(cond.milled, c, None)
                                               for c in self.flags.get("milled", ())):
            return False
        for sel, role in ((cond.attacker, "attacker"), (cond.blocker, "blocker")):  # "when your X spirit attacks"
            if sel is not None:
                attack = self.flags.get("attack")
                if attack is None or attack[role] is None or not self.in_scope(sel, controller, attack[role], None):
                    return False
        if not bursts.condition_holds(self, cond, controller):  # BS-153, BS-155
            return False
        if not conditions.condition_holds(self, cond, controller):  # BS-260, BS-270
            return False
        if cond.u_hits and self.flags.get("u_hits", 0) < cond.u_hits:  # BS-141: "when the U-Trigger hits"
            return False
        if not starter_era.condition_holds(self, cond, controller):  # BS-280, BS-287
            return False
        if cond.you_control is not None and not self.select(cond.you_control, controller, None):
            return False
        if cond.you_control_name and not any(
                brave_era.has_name(self, c, cond.you_control_name) and self.d(c).is_spirit_like
                for c in self.zones[controller]["field"]):
            return False
        hands = self.zones[controller]["hand"], self.zones[1 - controller]["hand"]
        if cond.hand_at_most_opponents and len(hands[0]) > len(hands[1]):
            return False
        return cond.max_life is None or self.counters[controller]["life"] <= cond.max_life

    def spread_destinations(self, source: int, scope: dict[str, Any]) -> list[int]:
        """The cards of ``source``'s field that ``scope`` matches, ``source`` aside (``spread_cores``)."""
        sel = Selector.model_validate(scope)
        return [c for c in self.zones[self.cards[source].controller]["field"]
                if c != source and self.matches(sel, c, source)]

    def offer_spread(self, controller: int, source: int, scope: dict[str, Any], leave: int, optional: bool) -> None:
        """Ask for the next card a core of ``source`` moves onto, while more than ``leave`` are on
        it and a destination exists (``spread_cores``; the ``spread`` decision)."""
        if self.zone_of(source) != "field" or self.cores(source) <= leave:
            return
        destinations = self.spread_destinations(source, scope)
        if destinations:
            self.decision = Decision(controller, "spread", {"source": source, "scope": scope, "leave": leave,
                                                            "optional": optional, "candidates": tuple(destinations)})

    def offer_reveal(self, controller: int, cards: tuple[int, ...], scope: dict[str, Any], pick: bool) -> None:
        """``reveal_top``: first the card to take (one ``scope`` matches; none if none does), then,
        one at a time, the next card to put at the bottom of the deck; the last goes by itself."""
        if pick:
            sel = Selector.model_validate(scope)
            matching = tuple(c for c in cards if self.matches(sel, c, None))
            if matching:
                self.decision = Decision(controller, "reveal", {"cards": cards, "candidates": matching, "pick": True})
                return
        if len(cards) > 1:
            self.decision = Decision(controller, "reveal", {"cards": cards, "candidates": cards, "pick": False})
        elif cards:
            self.move(cards[0], "deck")  # appended: the bottom

    def set_exhausted(self, cid: int, exhausted: bool) -> None:
        """Exhaust or refresh (BS-39); "whenever an opposing Spirit becomes exhausted" abilities
        of the other player's cards trigger."""
        card = self.cards[cid]
        if card.tapped != exhausted:
            self.cards[cid] = card.with_tapped(exhausted)
            self.emit("exhaust" if exhausted else "refresh", card=cid, name=card.name, player=card.controller)
            if exhausted and self.zone_of(cid) == "field" and self.d(cid).is_spirit_like:
                for c in self.zones[1 - card.controller]["field"]:
                    if self.d(c).abilities:
                        self.queue_abilities(c, "opponent_spirit_exhausted")
                for c in self.zones[card.controller]["field"]:  # "when one of your ... spirits becomes exhausted"
                    if self.d(c).abilities:
                        self.queue_abilities(c, "your_spirit_exhausted", subject=cid)
                if self.d(cid).abilities or card.attached or self.effects:  # its own (era_keywords.py BS-228)
                    self.queue_abilities(cid, "exhausted")
            elif not exhausted and self.zone_of(cid) == "field":
                conditions.refreshed(self, cid, card.controller)  # BS-268

    def draw(self, player: int) -> None:
        """BS-37 / BS-104: draw the top card; from an empty deck, nothing happens. "Whenever
        your opponent draws" (``opponent_draws``) abilities of the other player's cards trigger."""
        deck = self.zones[player]["deck"]
        if deck:
            self.move(deck[0], "hand")
            for c in self.zones[1 - player]["field"]:
                if self.d(c).abilities:
                    self.queue_abilities(c, "opponent_draws")
                    if self.phase != "draw" and not static_rules.draw_noted(self, c):  # BS-253
                        self.queue_abilities(c, "opponent_draws_by_effect")
