"""The Duel Masters rules: the turn (DM-17), actions, attacks, shields and decisions.

The turn is a queue of tasks (``begin_turn`` → ``draw_step`` → ``phase`` charge/main/attack
→ ``end_step`` → ``cleanup``); every player choice is a :class:`Decision` whose legal
actions :meth:`_generate_actions` lists and whose answer :meth:`_resolve` carries out.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, ClassVar

from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.duel_masters.effects import DMEffects

PASS = Action("pass")
NEXT_PHASE = Action("next_phase")
END_TURN = Action("end_turn")
OPEN_PHASES = ("charge", "main", "attack")
PHASES = ("untap", "draw", "charge", "main", "attack", "end")


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
    __slots__ = ()

    # ================================================================== legal actions
    def _generate_actions(self) -> Sequence[Action]:
        dec = self.decision
        assert dec is not None
        kind, p, data = dec.kind, dec.player, dec.data
        if kind == "charge":
            if self.flags.get("charged"):  # DM-11: once per turn
                return [NEXT_PHASE, END_TURN]
            return [*(Action.of("charge_mana", (("card", c),)) for c in self.zones[p]["hand"]), NEXT_PHASE, END_TURN]
        if kind == "main":
            return [*self._main_actions(p), NEXT_PHASE, END_TURN]
        if kind == "attack":
            return [*self._attack_actions(p), NEXT_PHASE, END_TURN]
        if kind == "order_triggers":
            return [Action("choose", card=c) for c in dict.fromkeys(t[0] for t in data["triggers"])]
        if kind == "forced_attack":
            return [Action.of("attack", (("card", c), ("target", t)))
                    for c in self.forced_attackers(p) for t in self.attack_targets(c)]
        if kind == "silent_skill":
            return [*(Action("silent_skill", card=c) for c in data["candidates"]), PASS]
        if kind == "block":
            return [*(Action("block", card=c) for c in self.blockers(data["attacker"], p)), PASS]
        if kind == "breaker_count":
            return [Action("choose", option=2), Action("choose", option=3)]
        if kind == "break":
            return [Action("choose", index=i) for i in range(len(self.zones[data["defender"]]["shields"]))]
        if kind == "break_all":
            n = len(self.zones[data["defender"]]["shields"])
            return [Action("choose", indices=c) for c in combinations(range(n), min(data["count"], n))]
        if kind == "shield_trigger":
            return [*self._trigger_actions(p, data["cards"]), PASS]
        if kind == "target":
            return self.target_actions(data)
        if kind == "optional":
            return [Action("choose", option="yes"), PASS]
        if kind == "pay":
            return self.payment_ways(p, data["card"])
        raise AssertionError(f"unknown decision {kind}")

    def _main_actions(self, p: int) -> list[Action]:
        """DM-21: summon creatures and cast spells that the untapped mana can pay for."""
        out: list[Action] = []
        profile = self.mana_profile(p)
        restrictions = self.spell_restrictions()
        defs, cards = self.defs, self.cards
        for c in self.zones[p]["hand"]:
            d = defs[cards[c].name]
            if not self.can_pay(p, c, profile, d):
                continue
            if d.type == "spell":
                if not restrictions or self.spell_allowed(c, restrictions):
                    out.append(Action.of("cast", (("card", c),)))
            elif d.type == "evolution_creature":
                out.extend(Action("summon", card=c, onto=b) for b in self.evolution_bases(c, p))
            else:
                out.append(Action.of("summon", (("card", c),)))
        return out

    def _attack_actions(self, p: int) -> list[Action]:
        """DM-22 / DM-108 attacks and DM-117 tap abilities."""
        out: list[Action] = []
        for c in self.zones[p]["battle"]:
            if not self.can_attack(c):
                continue
            out.extend(Action.of("attack", (("card", c), ("target", t))) for t in self.attack_targets(c))
            if self.keyword(c, "tap_ability") is not None and not self.must_attack(c):  # DM-69
                out.append(Action("tap_ability", card=c))
        return out

    def _trigger_actions(self, p: int, cards: tuple[int, ...]) -> list[Action]:
        """DM-43: a Shield Trigger just put into hand from a broken shield may be used for free."""
        out: list[Action] = []
        for c in cards:
            if self.zone_of(c) != "hand":
                continue
            d = self.d(c)
            if d.type == "spell":
                if self.spell_allowed(c):
                    out.append(Action("use_shield_trigger", card=c))
            elif d.type == "evolution_creature":
                out.extend(Action("use_shield_trigger", card=c, onto=b) for b in self.evolution_bases(c, p))
            else:
                out.append(Action("use_shield_trigger", card=c))
        return out

    # ================================================================== answering decisions
    def _resolve(self, action: Action) -> None:
        self._answer(action)
        self.check_state()  # DM-124
        if self.flags.get("pending_triggers"):
            self.flush_triggers()

    def _run_task(self, task: Task) -> None:
        self._step(task)
        self.check_state()  # DM-124
        if self.flags.get("pending_triggers"):
            self.flush_triggers()

    def _answer(self, action: Action) -> None:
        dec = self.decision
        assert dec is not None
        self.decision = None
        kind, p, data, t = dec.kind, dec.player, dec.data, action.type
        if kind in OPEN_PHASES:
            self._resolve_open(kind, p, action)
        elif kind == "order_triggers":
            self.choose_next_trigger(p, data["triggers"], action.get("card"))
        elif kind == "forced_attack":
            self.tasks.append(Task("forced_attacks"))
            self._declare_attack(p, action.get("card"), action.get("target"))
        elif kind == "silent_skill":
            self._resolve_silent_skill(p, data, action)
        elif kind == "block":
            if t == "block":
                self._block(data["attacker"], action.get("card"))
            else:
                self.tasks.append(Task("resolve_attack"))
        elif kind == "breaker_count":
            self.tasks.append(Task("break", defender=data["defender"], left=action.get("option")))
        elif kind == "break":
            self.tasks.append(Task("break", defender=data["defender"], left=data["left"] - 1))
            self._break_shield(data["defender"], self.zones[data["defender"]]["shields"][action.get("index")])
        elif kind == "break_all":
            shields = self.zones[data["defender"]]["shields"]
            picked = [shields[i] for i in action.get("indices")]
            for s in picked:
                self._break_shield(data["defender"], s, offer_trigger=False)
            triggers = tuple(s for s in picked if self.keyword(s, "shield_trigger"))
            if triggers:
                self.tasks.append(Task("trigger_window", player=data["defender"], cards=triggers))
        elif kind == "shield_trigger":
            if t == "use_shield_trigger":
                rest = tuple(c for c in data["cards"] if c != action.get("card"))
                if rest:
                    self.tasks.append(Task("trigger_window", player=p, cards=rest))
                self._use_trigger(p, action.get("card"), action.get("onto"))
        elif kind == "target":
            self.resolve_target_choice(dict(data), None if t == "pass" else action.get("card"))
        elif kind == "optional":
            self.answer_optional(dict(data["task"]), accepted=t != "pass")
        elif kind == "pay":
            self._pay_and_play(p, data, action.get("cards"))

    def _resolve_open(self, phase: str, p: int, action: Action) -> None:
        t = action.type
        if t == "end_turn" or (t == "next_phase" and phase == "attack"):
            self.tasks.append(Task("end_step"))
            # DM-69: creatures that must attack do so before the turn can end.
            if self.forced_attackers(p):
                self.tasks.append(Task("forced_attacks"))
            return
        if t == "next_phase":
            self.tasks.append(Task("phase", phase="main" if phase == "charge" else "attack"))
            return
        card = action.get("card")
        if t == "charge_mana":
            self.flags["charged"] = True  # DM-11: once per turn
            self.emit("mana_charged", card=card, name=self.cards[card].name, player=p)
            self.put_into_mana(card)
            self._enter_phase(phase)  # nothing can trigger: back to the open decision at once
            return
        self.tasks.append(Task("phase", phase=phase))  # come back to this open decision afterwards
        if t in ("summon", "cast"):
            self.tasks.append(Task("pay", player=p, card=card, onto=action.get("onto"), mode=t))
        elif t == "attack":
            self._declare_attack(p, card, action.get("target"))
        elif t == "tap_ability":
            self.set_tapped(card, True)  # DM-67; DM-70: not an attack, so nobody may block
            self.emit("tap_ability", card=card, name=self.cards[card].name, player=p)
            self.queue_effects(card, p, (self.cards[card].name, "tap_ability"))

    def _resolve_silent_skill(self, p: int, data: Any, action: Action) -> None:
        if action.type == "pass":
            for c in data["candidates"]:
                self.set_tapped(c, False)
            return
        card = action.get("card")
        rest = tuple(c for c in data["candidates"] if c != card)
        if rest:
            self.tasks.append(Task("silent_skill_window", player=p, candidates=rest))
        self.emit("silent_skill", card=card, name=self.cards[card].name, player=p)  # DM-76: stays tapped
        self.queue_effects(card, p, (self.cards[card].name, "silent_skill"))

    # ================================================================== automatic steps
    def _step(self, task: Task) -> None:
        k = task.kind
        if k == "effects":
            self.run_effects_task(task)
        elif k == "phase":
            self._enter_phase(task["phase"])
        elif k == "begin_turn":
            self._begin_turn()
        elif k == "silent_skill_window":
            self.decision = Decision(task["player"], "silent_skill", {"candidates": task["candidates"]})
        elif k == "draw_step":
            self._draw_step()
        elif k == "pay":
            self._ask_payment(task)
        elif k == "spell_done":
            self._spell_done(task["card"])
        elif k == "block_window":
            self._block_window()
        elif k == "resolve_attack":
            self._resolve_attack()
        elif k == "break":
            self._next_break(task["defender"], task["left"])
        elif k == "trigger_window":
            if any(self.zone_of(c) == "hand" for c in task["cards"]):
                self.decision = Decision(task["player"], "shield_trigger", {"cards": task["cards"]})
        elif k == "battle":
            self._battle(task["attacker"], task["defender"])
        elif k == "end_attack":
            self.flags["attack"] = None
            self.emit("attack_ended")
        elif k == "order_triggers":
            self.order_triggers(task["player"], task["triggers"])
        elif k == "forced_attacks":
            if self.forced_attackers(self.active):
                if self.phase != "attack":
                    self.phase = "attack"
                    self.emit("phase", phase="attack", player=self.active)
                self.decision = Decision(self.active, "forced_attack")
        elif k == "end_step":
            self._end_step()
        elif k == "cleanup":
            self._cleanup()
        else:
            raise AssertionError(f"unknown task {k}")

    def _enter_phase(self, phase: str) -> None:
        if self.phase != phase:
            self.phase = phase
            self.emit("phase", phase=phase, player=self.active)
        self.decision = Decision(self.active, phase, open=True)

    def _begin_turn(self) -> None:
        """DM-17 / DM-18 / DM-78: untap mana, then creatures except chosen Silent Skills."""
        p = self.active
        self.phase = "untap"
        self.emit("turn_start", turn=self.turn, player=p)
        self.emit("phase", phase="untap", player=p)
        cards = self.cards
        untap = [c for c in self.zones[p]["mana"] if cards[c].tapped]
        candidates = []
        for c in self.zones[p]["battle"]:
            if cards[c].tapped:
                if self.d(c).keywords.silent_skill is not None:
                    candidates.append(c)  # DM-77: only creatures already tapped at the start of the turn
                else:
                    untap.append(c)
        for c in untap:
            cards[c] = cards[c].with_tapped(False)
        if untap:  # one event for the whole untap step
            self.emit("untapped", cards=untap, player=p)
        if candidates:  # DM-79: chosen before the draw
            self.tasks.append(Task("draw_step"))
            self.decision = Decision(p, "silent_skill", {"candidates": tuple(candidates)})
        else:
            self._draw_step()

    def is_first_turn_of(self, player: int) -> bool:
        return self.turn == (1 if player == self.first_player else 2)

    def _draw_step(self) -> None:
        """DM-19 / DM-20 (default: nobody draws in their own first turn) / DM-114 (variant)."""
        p = self.active
        self.phase = "draw"
        self.emit("phase", phase="draw", player=p)
        skip = self.turn == 1 if self.options.get("first_turn_draw") == "first_player_skips" else (
            self.is_first_turn_of(p))
        if not skip:
            self.draw(p)
        if self.winner is None:
            self._enter_phase("charge")

    def _ask_payment(self, task: Task) -> None:
        self.decision = Decision(task["player"], "pay", {
            "card": task["card"], "onto": task["onto"], "mode": task["mode"]})

    def _pay_and_play(self, p: int, data: Any, mana: tuple[int, ...]) -> None:
        """DM-9: tap the chosen mana, then summon (DM-29 onto a base) or cast (DM-25)."""
        for m in mana:
            self.set_tapped(m, True)
        card = data["card"]
        if data["mode"] == "summon":
            self._summon(p, card, data["onto"])
        else:
            self._cast(p, card)

    def _summon(self, p: int, card: int, onto: int | None) -> None:
        name = self.cards[card].name
        if onto is None:
            self.move(card, "battle", player=p, tapped=False, entered_this_turn=True, attached=())
        else:
            # DM-29/DM-35/DM-37: the evolution goes on top; the stack is one creature.
            # DM-120/DM-38: it takes the tapped state of the creature it is put on.
            base = self.cards[onto]
            self.detach(card)
            zone = self.zones[p]["battle"]
            zone[zone.index(onto)] = card
            self.where[card] = (p, "battle")
            self.where[onto] = (p, "attached")
            self._forget(onto)
            self.update(card, controller=p, tapped=base.tapped, entered_this_turn=True,
                        attached=(*base.attached, onto), face_down=False)
            self.update(onto, attached=())
            self.emit("card_moved", card=card, name=name, player=p, **{"from": "hand", "from_player": p,
                                                                       "to": "battle"})
        self.emit("summoned", card=card, name=name, player=p, onto=onto)
        self.queue_triggers(card, "summoned")

    def _cast(self, p: int, card: int) -> None:
        """DM-25..DM-27: the spell resolves in order, then goes to the graveyard (or mana, DM-71)."""
        name = self.cards[card].name
        self.move(card, "limbo", player=p)
        self.emit("cast", card=card, name=name, player=p)
        self.tasks.append(Task("spell_done", card=card))
        self.queue_effects(card, p, (name, "spell"))

    def _spell_done(self, card: int) -> None:
        if self.zone_of(card) != "limbo":
            return
        if self.keyword(card, "charger"):
            self.put_into_mana(card)
        else:
            self.move(card, "graveyard", tapped=False)

    def _use_trigger(self, p: int, card: int, onto: int | None) -> None:
        """DM-43: used at once, without paying its cost."""
        self.emit("shield_trigger", card=card, name=self.cards[card].name, player=p)
        if self.d(card).type == "spell":
            self._cast(p, card)
        else:
            self._summon(p, card, onto)

    # ------------------------------------------------------------------ attacks
    def _declare_attack(self, p: int, attacker: int, target: int | str) -> None:
        self.set_tapped(attacker, True)  # DM-108
        self.flags["attack"] = {"attacker": attacker, "target": target, "player": p, "blocker": None}
        self.emit("attack", card=attacker, name=self.cards[attacker].name, player=p, target=target)
        self.tasks.append(Task("end_attack"))
        self.tasks.append(Task("block_window"))
        self.queue_triggers(attacker, "attacks")

    def _block_window(self) -> None:
        attack = self.flags["attack"]
        attacker = attack["attacker"]
        if self.zone_of(attacker) != "battle":
            return
        defender = 1 - attack["player"]
        if self.blockers(attacker, defender):
            self.decision = Decision(defender, "block", {"attacker": attacker})
        else:
            self.tasks.append(Task("resolve_attack"))

    def _block(self, attacker: int, blocker: int) -> None:
        """DM-49: the blocker taps and battles the attacker; DM-110: the attack stops there."""
        self.set_tapped(blocker, True)
        self.flags["attack"] = {**self.flags["attack"], "blocker": blocker}
        self.emit("block", card=blocker, name=self.cards[blocker].name, player=self.cards[blocker].controller,
                  attacker=attacker)
        self.tasks.append(Task("battle", attacker=attacker, defender=blocker))
        self.queue_triggers(blocker, "blocks")

    def _resolve_attack(self) -> None:
        attack = self.flags["attack"]
        attacker, target = attack["attacker"], attack["target"]
        if self.zone_of(attacker) != "battle":
            return
        if target != "player":
            if self.zone_of(target) == "battle":
                self.tasks.append(Task("battle", attacker=attacker, defender=target))
            return
        defender = 1 - attack["player"]
        shields = self.zones[defender]["shields"]
        if not shields:
            self.lose(defender, "direct_attack")  # DM-42 / DM-112
            return
        count = self.breaker_count(attacker)
        if (self.keyword(attacker, "triple_breaker") and self.keyword(attacker, "double_breaker")
                and len(shields) >= 3):
            self.decision = Decision(attack["player"], "breaker_count", {"defender": defender})  # DM-61
            return
        self.tasks.append(Task("break", defender=defender, left=count))

    def _next_break(self, defender: int, left: int) -> None:
        """DM-56: one shield at a time, the attacker choosing; DM-41: stop when none are left."""
        shields = self.zones[defender]["shields"]
        if left <= 0 or not shields:
            return
        attacker_player = 1 - defender
        if self.options.get("breaking") == "simultaneous":  # DM-115
            self.decision = Decision(attacker_player, "break_all", {"defender": defender, "count": left})
            return
        self.decision = Decision(attacker_player, "break", {"defender": defender, "left": left})

    def _break_shield(self, defender: int, shield: int, offer_trigger: bool = True) -> None:
        """DM-40: the broken shield goes to its owner's hand; DM-43/DM-45: its trigger, now."""
        attack = self.flags.get("attack")
        attacker = attack["attacker"] if attack else None
        self.emit("break_shield", card=shield, name=self.cards[shield].name, player=defender,
                  attacker=attacker, index=self.zones[defender]["shields"].index(shield))
        self.move(shield, "hand", face_down=False, tapped=False)
        if attack is not None:
            breakers = self.flags.get("shield_breakers", ())
            self.flags["shield_breakers"] = (*breakers, (attack["player"], attacker))
        if offer_trigger and self.keyword(shield, "shield_trigger") and self._trigger_actions(defender, (shield,)):
            self.decision = Decision(defender, "shield_trigger", {"cards": (shield,)})

    def _battle(self, attacker: int, defender: int) -> None:
        """DM-109: higher power wins, the loser is destroyed, equal both; DM-62/63: Slayer."""
        if self.zone_of(attacker) != "battle" or self.zone_of(defender) != "battle":
            return
        pa, pd = self.power(attacker), self.power(defender)
        losers = [c for c, mine, theirs in ((attacker, pa, pd), (defender, pd, pa)) if mine <= theirs]
        winner = None if len(losers) == 2 else (defender if losers == [attacker] else attacker)
        self.emit("battle", attacker=attacker, defender=defender, attacker_power=pa, defender_power=pd,
                  winner=winner)
        doomed = [c for c in losers if not self._survives(c, defender if c == attacker else attacker)]
        for loser in losers:
            if self.keyword(loser, "slayer"):
                other = defender if loser == attacker else attacker
                # A creature that lost too is already doomed unless it survives losing (Amnis);
                # one that won has no such protection.
                if other not in losers:
                    doomed.append(other)
        for c in doomed:
            if c in losers:
                self.emit("battle_lost", card=c, name=self.cards[c].name, player=self.cards[c].controller)
        if winner is not None and winner not in doomed:
            self.queue_triggers(winner, "wins_battle")
        for c in doomed:
            if self.zone_of(c) == "battle":
                self.destroy(c)

    def _survives(self, cid: int, opponent: int) -> bool:
        """A creature that "isn't destroyed" when it loses a battle against a creature of a
        civilization (Amnis, Holy Elemental: "When this creature loses a battle against a darkness
        creature, this creature isn't destroyed")."""
        civ = self.keyword(cid, "survives_battle_against")
        return bool(civ) and civ in self.d(opponent).civset

    # ------------------------------------------------------------------ end of turn
    def _end_step(self) -> None:
        """DM-23: "at the end of the turn" effects of the active player's creatures, then cleanup."""
        self.phase = "end"
        self.emit("phase", phase="end", player=self.active)
        self.tasks.append(Task("cleanup"))
        for c in reversed(self.zones[self.active]["battle"]):
            self.queue_triggers(c, "end_of_turn")

    def _cleanup(self) -> None:
        # "until the end of the turn" effects end; "next turn" ones last one turn more
        self.effects = [e for e in self.effects if e.get("until", self.turn) > self.turn]
        self.flags = {}
        # DM-124: an expired bonus may leave a creature at 0 power; it is destroyed in this turn,
        # and its "when destroyed" abilities resolve before the turn ends (then cleanup again).
        self.check_state()
        if self.flags.get("pending_triggers"):
            self.tasks.append(Task("cleanup"))
            return
        cards = self.cards
        for cid in [c.id for c in cards if c.entered_this_turn]:
            cards[cid] = cards[cid].replace(entered_this_turn=False)
        self.emit("turn_end", turn=self.turn, player=self.active)
        self.turn += 1
        self.active = 1 - self.active
        self._begin_turn()

    # ================================================================== illegal actions
    def explain_illegal(self, action: Action) -> tuple[str, str]:
        from tcg.games.duel_masters.illegal import explain

        return explain(self, action)

    # ================================================================== views
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
