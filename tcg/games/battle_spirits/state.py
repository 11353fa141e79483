"""The Battle Spirits rules: the turn (BS-33..BS-56), summoning and paying with cores,
levels, braves, bursts, magic, attacks, flash steps, blocks and battles."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from tcg.core.actions import Action
from tcg.core.lazy import Concat
from tcg.core.state import Decision, Task
from tcg.games.battle_spirits.effects import BSEffects
from tcg.games.battle_spirits.payment import CoreMoves, CorePayments, Sources

PASS = Action("pass")
NEXT_PHASE = Action("next_phase")
END_TURN = Action("end_turn")
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
    __slots__ = ()

    # ================================================================== legal actions
    def _generate_actions(self) -> Sequence[Action]:
        dec = self.decision
        assert dec is not None
        kind, p, data = dec.kind, dec.player, dec.data
        if kind == "main":
            return Concat([*self._main_actions(p), [NEXT_PHASE, END_TURN]])
        if kind == "attack_declaration":
            return [*(Action("attack", card=c) for c in self.attackers(p)), NEXT_PHASE, END_TURN]
        if kind == "flash":
            return Concat([*self._magic_actions(p, "flash"), [PASS]])
        if kind == "block":
            return [*(Action("block", card=c) for c in self.attackers(p)), PASS]
        if kind == "burst":
            return [Action("activate_burst", card=data["card"]), PASS]
        if kind == "burst_pay":
            return Concat([self._burst_payments(p, data["card"], data["then"], data.get("free", False)), [PASS]])
        if kind == "target":
            return self.target_actions(data)
        if kind == "optional":
            return [Action("choose", option="yes"), PASS]
        if kind == "order_effects":  # BS-120: whose effect resolves next
            items = data["effects"] or data["bursts"]
            return [Action("choose", card=c) for c in dict.fromkeys(item[0] for item in items)]
        if kind == "keep_brave":  # BS-121: keep it with these cores, or let it go
            reserve, sources, _ = self.payment_context(p)
            return Concat([CorePayments("choose", (("card", data["card"]),), reserve, sources, data["need"],
                                        place=False, field="place"), [PASS]])
        raise AssertionError(f"unknown decision {kind}")

    def _main_actions(self, p: int) -> list[Sequence[Action]]:
        """BS-40: summon, deploy, use magic, move cores; braves and bursts (BS-5, BS-12).

        Asked after every action of a main phase (random players mostly move cores), so the
        field is read once, and the field's symbols only when a card in hand has reductions."""
        cards, defs = self.cards, self.defs
        hand, field_ids = self.zones[p]["hand"], self.zones[p]["field"]
        reserve = self.counters[p]["reserve"]
        sources: list[tuple[int, int]] = []  # BS-106, in field order, a brave after its spirit
        field_cores: list[int] = []
        braves: list[int] = []
        field_braves: list[int] = []
        for c in field_ids:
            card = cards[c]
            n = card.counter("cores")
            field_cores.append(n)
            if n:
                sources.append((c, n))
            if defs[card.name].type == "brave":
                field_braves.append(c)
            for b in card.attached:
                braves.append(b)
                nb = cards[b].counter("cores")
                if nb:
                    sources.append((b, nb))
        payers = Sources(sources)
        total = reserve + payers.capsum
        context = (reserve, payers, total)
        field = self.field_symbols(p) if any(defs[cards[c].name].reduction for c in hand) else None
        parts: list[Sequence[Action]] = []
        costs: dict[str, int] = {}  # copies in hand cost the same
        for c in hand:
            name = cards[c].name
            d = defs[name]
            if d.type == "magic":
                continue
            cost = costs.get(name)
            if cost is None:
                cost = costs[name] = self.reduced_cost(p, c, field)
            if cost > total:
                continue
            if d.type in ("spirit", "brave") or (d.type == "ultimate" and self.summon_condition_met(p, c)):
                parts.append(CorePayments("summon", (("card", c),), reserve, payers, cost, place=True))
            elif d.type == "nexus":
                parts.append(CorePayments("deploy", (("card", c),), reserve, payers, cost, place=True))
            if d.type == "brave":
                for s in self._brave_targets(c, p):
                    parts.append(CorePayments("direct_brave", (("card", c), ("onto", s)), reserve, payers, cost,
                                              place=False))
        if hand:
            parts.extend(self._magic_actions(p, "main", context, field))
        if field_braves:
            parts.append([Action("brave_fusion", card=b, onto=s) for b in field_braves
                          for s in self._brave_targets(b, p)])
        # BS-44 / BS-109: between the reserve and your cards, the field first, then the braves
        parts.append(CoreMoves(["reserve", *field_ids, *braves],
                               [reserve, *field_cores, *(cards[b].counter("cores") for b in braves)]))
        if not self.flags.get("burst_set") and hand:  # BS-15: one burst set per turn
            parts.append([Action("set_burst", card=c) for c in hand if defs[cards[c].name].keywords.burst is not None])
        return parts

    def _magic_actions(self, p: int, timing: str, context: tuple[int, Sources, int] | None = None,
                       field: Counter[str] | None = None) -> list[Sequence[Action]]:
        """BS-43 / BS-110: main effects in your main phase; flash effects there and in flash steps."""
        reserve, sources, total = context or self.payment_context(p)
        parts: list[Sequence[Action]] = []
        for c in self.zones[p]["hand"]:
            d = self.d(c)
            if d.type != "magic":
                continue
            if field is None and d.reduction:
                field = self.field_symbols(p)
            cost = self.reduced_cost(p, c, field)
            if cost > total:
                continue
            timings = ["main", "flash"] if timing == "main" else ["flash"]
            for t in timings:
                if (d.main_effects if t == "main" else d.flash_effects):
                    parts.append(CorePayments("use_magic", (("card", c), ("timing", t)), reserve, sources, cost,
                                              place=False))
        return parts

    def _burst_payments(self, p: int, card: int, then: str, free: bool) -> Sequence[Action]:
        """BS-113: "after that, (by paying this card's cost,) summon it / use its Flash effect";
        BS-106 / BS-107: a summon or deploy places cores from the reserve and your cards."""
        reserve, sources, total = self.payment_context(p)
        cost = 0 if free else self.reduced_cost(p, card)
        if cost > total:
            return []
        if then == "use_flash":
            return CorePayments("use_magic", (("card", card), ("timing", "flash")), reserve, sources, cost, place=False)
        return CorePayments(then, (("card", card),), reserve, sources, cost, place=True)

    def _brave_targets(self, brave: int, p: int) -> list[int]:
        """BS-114: your spirits (not braves) without a brave that meet the brave condition."""
        data = self.d(brave).brave
        if data is None:
            return []
        out = []
        for s in self.zones[p]["field"]:
            d = self.d(s)
            if s == brave or d.type != "spirit" or self.braves_on(s):
                continue
            if d.cost < data.min_cost or (data.colors and not set(d.colors) & set(data.colors)):
                continue
            out.append(s)
        return out

    # ================================================================== answering decisions
    def _resolve(self, action: Action) -> None:
        dec = self.decision
        assert dec is not None
        self.decision = None
        kind, p, data, t = dec.kind, dec.player, dec.data, action.type
        if kind == "main":
            self._resolve_main(p, action)
        elif kind == "attack_declaration":
            if t == "attack":
                self._declare_attack(p, action.get("card"))
            else:
                self.tasks.append(Task("end_phase"))
        elif kind == "flash":
            self._resolve_flash(p, data, action)
        elif kind == "block":
            if t == "block":
                self._block(p, action.get("card"))
            else:
                self.tasks.append(Task("comparison"))
        elif kind == "burst":
            if t == "activate_burst":
                self._activate_burst(p, data["card"])
        elif kind == "burst_pay":
            if t == "use_magic":
                self._pay(p, action)
                self.emit("magic_used", card=data["card"], name=self.cards[data["card"]].name, player=p,
                          timing="flash")
                self.queue_effects(data["card"], p, (self.cards[data["card"]].name, "flash"))
            elif t != "pass":
                self._put_onto_field(p, action)
        elif kind == "target":
            self.resolve_target_choice(dict(data), None if t == "pass" else action.get("card"))
        elif kind == "order_effects":
            self.order_next(data["effects"], data["bursts"], action.get("card"))
        elif kind == "keep_brave":
            self.resolve_brave(p, data["card"], None if t == "pass" else action.get("place"))
        elif kind == "optional":
            task = dict(data["task"])
            if task.get("follow_up"):  # BS-14: the free Flash effect after a burst
                if t != "pass":
                    self.queue_effects(task["card"], p, (self.cards[task["card"]].name, "flash"))
            else:
                self.answer_optional(task, accepted=t != "pass")
        self.settle()

    def _pay(self, p: int, action: Action) -> None:
        """BS-106: the paid cores go to the trash, from the reserve and/or your cards."""
        for src, n in action.get("pay", ()):
            self.move_core(p, src, "trash_cores", n)

    def _place(self, p: int, action: Action, card: int) -> None:
        for src, n in action.get("place", ()):
            self.move_core(p, src, card, n)

    def _resolve_main(self, p: int, action: Action) -> None:
        t = action.type
        if t == "end_turn":
            self.tasks.append(Task("end_phase"))
            return
        if t == "next_phase":
            self.tasks.append(Task("battle_phase"))
            return
        self.tasks.append(Task("main"))
        card = action.get("card")
        if t in ("summon", "deploy"):
            self._put_onto_field(p, action)
        elif t == "use_magic":
            self._pay(p, action)
            self._use_magic(p, card, action.get("timing"))
        elif t == "direct_brave":
            self._pay(p, action)
            self._fuse(p, card, action.get("onto"))
            self.queue_abilities(card, "summoned", level=1)  # BS-6
        elif t == "brave_fusion":
            self._fuse(p, card, action.get("onto"))
        elif t == "move_cores":
            self.move_core(p, action.get("source"), action.get("target"), action.get("count"))
        elif t == "set_burst":
            self.flags["burst_set"] = True
            for old in list(self.zones[p]["burst"]):  # BS-15: the old one goes to the trash
                self.move(old, "trash", face_down=False)
            self.move(card, "burst", face_down=True)

    def _put_onto_field(self, p: int, action: Action) -> None:
        """Summon or deploy, paying the action's ``pay`` and placing its ``place`` (BS-41, BS-42)."""
        t, card = action.type, action.get("card")
        self._pay(p, action)
        self.move(card, "field", player=p, tapped=False, entered_this_turn=True, face_down=False)
        self._place(p, action, card)
        self.emit("summoned" if t == "summon" else "deployed", card=card, name=self.cards[card].name, player=p)
        d = self.d(card)
        if d.is_spirit_like and self.cores(card) < d.level_costs[0]:
            self.settle()  # BS-41 (d) / BS-107: depleted, and "When Summoned" never applies
            return
        self.queue_abilities(card, "summoned")
        if t == "summon" and d.type in ("spirit", "brave"):  # BS-115: an Ultimate is not a Spirit
            self.check_burst(1 - p, "opponent_spirit_summoned")

    def _fuse(self, p: int, brave: int, onto: int) -> None:
        """BS-4: the brave joins the spirit; its cores may stay on it (BS-7)."""
        self.detach(brave)
        self.where[brave] = (p, "attached")
        self.update(brave, tapped=False, controller=p)
        self.update(onto, attached=(*self.braves_on(onto), brave))
        self.emit("brave_fusion", card=brave, name=self.cards[brave].name, player=p, onto=onto)

    def _use_magic(self, p: int, card: int, timing: str) -> None:
        """BS-110: the used magic goes to the trash, then its effect resolves (BS-43: at once)."""
        self.move(card, "trash")
        self.emit("magic_used", card=card, name=self.cards[card].name, player=p, timing=timing)
        self.queue_effects(card, p, (self.cards[card].name, timing))

    def _resolve_flash(self, p: int, data: Any, action: Action) -> None:
        """BS-49 / BS-51: alternate, the blocking player first, until both pass in succession."""
        passes = data["passes"] + 1 if action.type == "pass" else 0
        self.tasks.append(Task("flash", step=data["step"], player=1 - p, passes=passes))
        if action.type == "use_magic":
            self._pay(p, action)
            self._use_magic(p, action.get("card"), "flash")

    # ================================================================== automatic steps
    def _run_task(self, task: Task) -> None:
        k = task.kind
        if k == "effects":
            self.run_effects_task(task)
        elif k == "main":
            self._open("main")
            return  # opening the decision moves no core: nothing to settle
        elif k == "begin_turn":
            self._begin_turn()
        elif k == "start_phase_rest":
            self._start_phase_rest()
        elif k == "battle_phase":
            self._battle_phase()
        elif k == "attack_declaration":
            self._attack_declaration()
        elif k == "flash":
            self._flash(task)
        elif k == "block_step":
            self._block_step()
        elif k == "comparison":
            self._comparison()
        elif k == "end_of_battle":
            self._end_of_battle()
        elif k == "burst_follow_up":
            self._offer_follow_up(task["player"], task["card"], task["then"])
        elif k == "simultaneous":
            self.run_simultaneous(task["effects"], task["bursts"])
        elif k == "separate_brave":
            self.separate_brave(task["card"])
        elif k == "burst_window":
            if self.zone_of(task["card"]) == "burst":
                self.decision = Decision(task["player"], "burst", {"card": task["card"]})
        elif k == "end_phase":
            self._end_phase()
        elif k == "cleanup":
            self._cleanup()
        else:
            raise AssertionError(f"unknown task {k}")
        self.settle()

    def _open(self, phase: str) -> None:
        if self.phase != phase:
            self.enter_phase(phase)
        self.decision = Decision(self.active, phase, open=True)

    def is_first_turn(self) -> bool:
        return self.turn == 1

    def _begin_turn(self) -> None:
        """BS-34 / BS-35: the start step first, with its "at the start of the turn" effects."""
        p = self.active
        self.emit("turn_start", turn=self.turn, player=p)
        self.enter_phase("start")
        if not self.zones[p]["deck"]:  # BS-103: no cards at the start step loses
            self.lose(p, "deck_out")
            return
        self.tasks.append(Task("start_phase_rest"))
        for c in self.zones[p]["field"]:
            self.queue_abilities(c, "start_of_turn")

    def _start_phase_rest(self) -> None:
        """BS-36..BS-38: core, draw and refresh steps; then the main phase."""
        p = self.active
        self.enter_phase("core")
        if not self.is_first_turn() and self.counters[p]["core_stock"] > 0:  # BS-36
            self.move_core(p, "core_stock", "reserve", 1)
        self.enter_phase("draw")
        self.draw(p)  # BS-37: no first-turn exception
        self.enter_phase("refresh")
        for c in self.zones[p]["field"]:  # BS-38: refresh every exhausted card
            self.set_exhausted(c, False)
        self.move_core(p, "trash_cores", "reserve", self.counters[p]["trash_cores"])
        self.tasks.append(Task("main"))

    def _battle_phase(self) -> None:
        """BS-45: skipped in the first player's first turn."""
        if self.is_first_turn():
            self.tasks.append(Task("end_phase"))
            return
        self.enter_phase("battle")
        self.tasks.append(Task("attack_declaration"))

    def _attack_declaration(self) -> None:
        """BS-46 / BS-55: attack while you control a refreshed spirit; otherwise the phase ends."""
        if self.attackers(self.active):
            self._open("attack_declaration")
        else:
            self.tasks.append(Task("end_phase"))

    def _declare_attack(self, p: int, attacker: int) -> None:
        """BS-47: the attacker is exhausted at once; then Flash step 1, blocking player first."""
        self.set_exhausted(attacker, True)
        self.flags["attack"] = {"attacker": attacker, "player": p, "blocker": None}
        self.emit("attack", card=attacker, name=self.cards[attacker].name, player=p)
        self.tasks.append(Task("block_step"))
        self.tasks.append(Task("flash", step="flash_1", player=1 - p, passes=0))
        self.queue_abilities(attacker, "attacks")
        self.check_burst(1 - p, "opponent_attacks")

    def _flash(self, task: Task) -> None:
        if task["passes"] >= 2 or self._battle_ended():
            return
        if self.phase != task["step"]:
            self.enter_phase(task["step"])
        self.decision = Decision(task["player"], "flash", {"step": task["step"], "passes": task["passes"]})

    def _block_step(self) -> None:
        """BS-50: the blocking player may block with a refreshed spirit."""
        attack = self.flags["attack"]
        if self.zone_of(attack["attacker"]) != "field" or attack.get("ended"):
            self.tasks.append(Task("end_of_battle"))  # BS-112; or an effect ended the battle
            return
        self.enter_phase("block")
        defender = 1 - attack["player"]
        if self.attackers(defender):
            self.decision = Decision(defender, "block", {})
        else:
            self.tasks.append(Task("comparison"))

    def _block(self, p: int, blocker: int) -> None:
        self.set_exhausted(blocker, True)
        self.flags["attack"] = {**self.flags["attack"], "blocker": blocker}
        self.emit("block", card=blocker, name=self.cards[blocker].name, player=p)
        self.tasks.append(Task("comparison"))
        self.tasks.append(Task("flash", step="flash_2", player=p, passes=0))
        self.queue_abilities(blocker, "blocks")

    def _comparison(self) -> None:
        """BS-52..BS-54: compare BP (lower destroyed, equal both), or damage the life."""
        attack = self.flags["attack"]
        attacker, blocker = attack["attacker"], attack["blocker"]
        self.tasks.append(Task("end_of_battle"))
        if self.zone_of(attacker) != "field" or attack.get("ended"):
            return  # BS-112; or an effect ended the battle without comparing BP
        if blocker is None:
            self.enter_phase("comparison")
            self.damage(1 - attack["player"], len(self.symbols(attacker)))
            return
        if self.zone_of(blocker) != "field":
            return  # BS-52: the blocker left before the comparison
        self.enter_phase("comparison")
        ba, bb = self.bp(attacker), self.bp(blocker)
        losers = [c for c, mine, theirs in ((attacker, ba, bb), (blocker, bb, ba)) if mine <= theirs]
        self.emit("battle", attacker=attacker, blocker=blocker, attacker_bp=ba, blocker_bp=bb,
                  result="tie" if len(losers) == 2 else "decided")
        self.enter_phase("destruction")
        owners = {attacker: attack["player"], blocker: 1 - attack["player"]}
        for c in losers:
            self.destroy(c, by=1 - owners[c])
        if len(losers) == 1:  # "destroys only the opposing spirit by comparing BP"
            winner = blocker if losers[0] == attacker else attacker
            if self.zone_of(winner) == "field":
                self._queue_battle_won(owners[winner], winner)

    def _queue_battle_won(self, p: int, winner: int) -> None:
        self.queue_abilities(winner, "wins_battle")
        self.queue_abilities(winner, "your_spirit_wins_battle")
        for c in self.zones[p]["field"]:
            if c != winner:
                self.queue_abilities(c, "your_spirit_wins_battle")

    def _battle_ended(self) -> bool:
        attack = self.flags.get("attack")
        return attack is not None and bool(attack.get("ended"))

    def _end_of_battle(self) -> None:
        self.enter_phase("end_of_battle")
        self.flags["attack"] = None
        if self.flags.pop("end_attack_step", False):  # "when this battle ends, end the attack step"
            self.tasks.append(Task("end_phase"))
            return
        self.tasks.append(Task("attack_declaration"))

    def _activate_burst(self, p: int, card: int) -> None:
        """BS-13: the burst effect, free; BS-14: then, as the card says, it may be played free."""
        burst = self.d(card).keywords.burst
        assert burst is not None
        self.move(card, "trash", face_down=False)
        self.emit("burst", card=card, name=self.cards[card].name, player=p)
        if burst.then != "none":
            self.tasks.append(Task("burst_follow_up", player=p, card=card, then=burst.then))
        self.queue_effects(card, p, (self.cards[card].name, "burst"))

    def _offer_follow_up(self, p: int, card: int, then: str) -> None:
        """BS-14 / BS-113: after the burst effect, "you may" summon / deploy it or use its Flash
        effect, free or by paying its cost as the card says; an Ultimate needs its condition (BS-16)."""
        burst = self.d(card).keywords.burst
        assert burst is not None
        if self.zone_of(card) != "trash":
            return  # the card moved meanwhile
        if burst.max_life is not None and self.counters[p]["life"] > burst.max_life:
            return  # "if your life is N or less"
        if then == "summon" and not self.summon_condition_met(p, card):
            return
        if burst.pay_then or then != "use_flash":
            # BS-106: a summon or deploy, free or paid, is answered with where its cores come from
            self.decision = Decision(p, "burst_pay", {"card": card, "then": then, "free": not burst.pay_then})
        else:
            self.decision = Decision(p, "optional", {"task": {"follow_up": then, "card": card}})

    def _end_phase(self) -> None:
        """BS-56: end-of-turn effects; "until the end of the turn" effects end."""
        self.enter_phase("end")
        self.tasks.append(Task("cleanup"))
        for c in self.zones[self.active]["field"]:
            self.queue_abilities(c, "end_of_turn")

    def _cleanup(self) -> None:
        self.effects = []
        self.flags = {}
        cards = self.cards
        for cid in [c.id for c in cards if c.entered_this_turn]:
            cards[cid] = cards[cid].replace(entered_this_turn=False)
        self.emit("turn_end", turn=self.turn, player=self.active)
        self.turn += 1
        self.active = 1 - self.active
        self.tasks.append(Task("begin_turn"))

    def conserved(self) -> dict[str, int]:
        """Cores are objects: each is always in exactly one place (brief, section 1)."""
        on_cards = sum(c.counter("cores") for c in self.cards)
        in_areas = sum(self.counters[p].get(k, 0) for p in (0, 1)
                       for k in ("life", "reserve", "trash_cores", "core_stock"))
        return {"cores": on_cards + in_areas}

    # ================================================================== illegal actions, views
    def explain_illegal(self, action: Action) -> tuple[str, str]:
        from tcg.games.battle_spirits.illegal import explain

        return explain(self, action)

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
