"""The Battle Spirits effect vocabulary and the core movements the rules make.

Effects are resolved one instruction at a time from a ``effects`` task that refers to the
effect list by (card name, where on the card), so the task queue stays JSON data.
"""

from __future__ import annotations

from typing import Any

from tcg.core.state import Task
from tcg.games.battle_spirits.cards import Effect, EffectCondition, Selector
from tcg.games.battle_spirits.queries import BSQueries


class BSEffects(BSQueries):
    __slots__ = ()
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

    def damage(self, player: int, amount: int) -> None:
        """BS-53 / BS-117: cores from the player's life to that player's reserve; 0 life loses."""
        amount = min(amount, self.counters[player]["life"])
        if amount <= 0:
            return
        self.move_core(player, "life", "reserve", amount)
        self.emit("damage", player=player, amount=amount)
        if self.counters[player]["life"] == 0:
            self.lose(player, "life")
        else:
            self.check_burst(player, "after_your_life_decreased")

    def leave_field(self, cid: int, zone: str, cores_to: str = "reserve") -> None:
        """A card leaves the field: its cores go to its owner's reserve (BS-54, BS-108).

        A fused brave stays in spirit form when it has (or gets from the reserve) its LV1
        cores (BS-8); otherwise it goes along to the trash.
        """
        owner = self.cards[cid].owner
        braves = self.braves_on(cid)
        self.move_core(owner, cid, cores_to, self.cores(cid))
        self._forget(cid)
        self.move(cid, zone, tapped=False, attached=(), entered_this_turn=True)
        for b in braves:
            self._keep_brave(owner, b)
            if self.cores(b) >= self.d(b).level_costs[0]:
                self.place(b, owner, "field")
                self.emit("brave_separated", card=b, name=self.cards[b].name, player=owner)
            else:
                self.move_core(owner, b, "reserve", self.cores(b))
                self.place(b, owner, "trash")
                self.emit("card_moved", card=b, name=self.cards[b].name, player=owner,
                          **{"from": "attached", "from_player": owner, "to": "trash"})

    def _keep_brave(self, owner: int, brave: int) -> None:
        """BS-8: move enough cores onto the brave for its LV1, from the reserve, then from your
        other cards that keep their own LV1 (the engine moves them for the player)."""
        need = self.d(brave).level_costs[0] - self.cores(brave)
        if need <= 0:
            return
        spare: list[tuple[int | str, int]] = [("reserve", self.counters[owner]["reserve"])]
        for c in self.zones[owner]["field"]:
            d = self.d(c)
            floor = d.level_costs[0] if d.is_spirit_like else 0
            spare.append((c, max(0, self.cores(c) - floor)))
        if sum(n for _, n in spare) < need:
            return
        for source, n in spare:
            take = min(n, need)
            self.move_core(owner, source, brave, take)
            need -= take
            if need == 0:
                return

    def _forget(self, cid: int) -> None:
        if any(e["card"] == cid for e in self.effects):
            self.effects = [e for e in self.effects if e["card"] != cid]

    def destroy(self, cid: int, by: int | None = None) -> None:
        """BS-54: "When Destroyed" effects apply; cores to the reserve; the card to the trash.

        ``by``: the player whose spirit or effect destroyed it (bursts "destroyed by the opponent")."""
        if self.zone_of(cid) != "field":
            return
        level = self.level(cid)
        owner = self.cards[cid].owner
        self.emit("destroyed", card=cid, name=self.cards[cid].name, player=owner)
        to_trash = self.rule_active("destroyed_cores_to_trash", self.active)
        self.leave_field(cid, "trash", "trash_cores" if to_trash else "reserve")
        self.queue_abilities(cid, "destroyed", level)
        if by is not None and by != owner:
            self.check_burst(owner, "your_spirit_destroyed_by_opponent")
        self.check_burst(owner, "your_spirit_destroyed")

    def settle(self) -> None:
        """BS-108: a spirit below its LV1 cost is depleted at once (not destroyed)."""
        if not self._any_depleted():  # the common case, checked without building anything
            return
        for p in (0, 1):
            for cid in list(self.zones[p]["field"]):
                d = self.d(cid)
                if d.is_spirit_like and self.cores(cid) < d.level_costs[0]:
                    self.emit("depleted", card=cid, name=d.name, player=p)
                    self.leave_field(cid, "trash")

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
    def queue_abilities(self, cid: int, when: str, level: int | None = None) -> None:
        """Queue the abilities of a card that trigger on ``when`` at its (or the given) level (BS-20)."""
        lv = self.level(cid) if level is None else level
        controller = self.cards[cid].controller
        braves = self.braves_on(cid)
        # BS-4 / BS-9: a brave spirit also has its braves' effects
        for holder in reversed((cid, *braves)):
            d = self.d(holder)
            for i in reversed(range(len(d.abilities))):
                ab = d.abilities[i]
                if ab.when != when or lv not in ab.levels:
                    continue
                if ab.braved and not braves:  # "[When Braved]": only as (or on) a brave spirit
                    continue
                if ab.turn != "any" and not self.turn_matches(ab.turn, controller, self.active):
                    continue
                self.queue_effects(cid, controller, (d.name, "ability", i), ab.optional)

    def check_burst(self, player: int, condition: str) -> None:
        """BS-13: when the condition of a set burst happens, its owner may activate it."""
        for cid in self.zones[player]["burst"]:
            burst = self.d(cid).keywords.burst
            if burst is not None and burst.condition == condition:
                self.tasks.append(Task("burst_window", player=player, card=cid))

    def effect_list(self, ref: tuple[Any, ...]) -> list[Effect]:
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
        raise ValueError(f"bad effect reference {ref!r}")

    def effect_candidates(self, eff: Effect, sel: Selector, controller: int, source: int) -> list[int]:
        return self.select(sel, controller, source)

    def do_effect(self, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
        verb = eff.do
        self.emit("effect", verb=verb, card=source, name=self.cards[source].name, player=controller)
        opponent = 1 - controller
        if verb == "draw":
            for _ in range(eff.count):
                self.draw(controller)
        elif verb == "destroy":
            for t in targets:
                self.destroy(t, by=controller)
        elif verb == "damage":
            self.damage(opponent, eff.count)
        elif verb == "core_charge":
            n = min(eff.count, self.counters[controller]["core_stock"])
            self.move_core(controller, "core_stock", "reserve", n)
        elif verb == "bp_modifier":
            for t in targets:
                self.effects.append({"kind": "bp", "card": t, "amount": eff.amount})
            if eff.destroy_at_zero:  # "BP -N; a spirit brought to 0 BP is destroyed"
                for t in targets:
                    if self.zone_of(t) == "field" and self.bp(t) == 0:
                        self.destroy(t, by=controller)
        elif verb in ("refresh", "exhaust"):
            for t in targets:
                self.set_exhausted(t, verb == "exhaust")
        elif verb == "return_to_hand":
            for t in targets:
                if self.zone_of(t) == "field":
                    self.leave_field(t, "hand")
                else:
                    self.move(t, "hand")
        elif verb == "deck_bottom":
            for t in targets:
                self.leave_field(t, "deck")  # appended: the bottom of the deck
        elif verb == "gain_life":
            n = min(eff.count, self.counters[controller]["core_stock"])
            self.move_core(controller, "core_stock", "life", n)
        elif verb == "end_battle":
            attack = self.flags.get("attack")
            if attack is not None:
                self.flags["attack"] = {**attack, "ended": True}
                self.emit("battle_ended", player=controller)
        elif verb == "end_attack_step":
            if self.flags.get("attack") is not None:
                self.flags["end_attack_step"] = True
        elif verb == "discard":
            for t in targets:
                self.move(t, "trash")
        elif verb == "deck_to_trash":
            who = controller if eff.player == "self" else opponent
            for _ in range(eff.count):
                if self.zones[who]["deck"]:
                    self.move(self.zones[who]["deck"][0], "trash")
        elif verb == "remove_cores":
            emptied = bool(targets)
            for t in targets:
                self.move_core(self.cards[t].owner, t, "reserve", min(eff.count, self.cores(t)))
                emptied = emptied and self.cores(t) == 0
            self.flags["emptied"] = emptied

    def special_effect(self, data: dict[str, Any], eff: Effect) -> bool:
        """An effect whose "if" clause does not hold is skipped."""
        cond = eff.condition
        if cond is None or self.condition_holds(cond, data["controller"]):
            return False
        self.next_effect(data)
        return True

    def condition_holds(self, cond: EffectCondition, controller: int) -> bool:
        if cond.previous_emptied and not self.flags.get("emptied"):
            return False
        if cond.you_control_name and not any(
                cond.you_control_name in self.cards[c].name and self.d(c).is_spirit_like
                for c in self.zones[controller]["field"]):
            return False
        return cond.max_life is None or self.counters[controller]["life"] <= cond.max_life

    def set_exhausted(self, cid: int, exhausted: bool) -> None:
        card = self.cards[cid]
        if card.tapped != exhausted:
            self.cards[cid] = card.with_tapped(exhausted)
            self.emit("exhaust" if exhausted else "refresh", card=cid, name=card.name, player=card.controller)

    def draw(self, player: int) -> None:
        """BS-37 / BS-104: draw the top card; from an empty deck, nothing happens."""
        deck = self.zones[player]["deck"]
        if deck:
            self.move(deck[0], "hand")
