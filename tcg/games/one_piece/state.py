"""The One Piece rules: the five phases of the source document (OP-1..OP-20), set-up with the
redraw, playing and DON!!, and the battle procedure (OP-115..OP-117).

Decisions: ``mulligan`` (set-up), ``main`` (open: play, give_don, activate, attack, end_turn),
``replace`` (a sixth Character: which one to trash, OP-112), ``block``, ``counter``,
``trigger`` (a life card's [Trigger]), ``target`` and ``optional`` (effects), ``don_minus`` (which
DON!! a DON!! -X returns, OP-109) and ``count`` (how many, for "up to N", OP-121).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.one_piece.effects import OPEffects
from tcg.games.one_piece.queries import CHARACTERS_MAX, DON_PER_PLAYER

PASS = Action("pass")
END_TURN = Action("end_turn")
PHASES = ("refresh", "draw", "don_phase", "main", "end")


class OnePieceState(OPEffects):
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
    TAPPED_AS: ClassVar[str] = "rested"
    __slots__ = ()

    # ================================================================== legal actions
    def _generate_actions(self) -> Sequence[Action]:
        dec = self.decision
        assert dec is not None
        kind, p, data = dec.kind, dec.player, dec.data
        if kind == "main":
            return self._main_actions(p)
        if kind == "mulligan":
            return [Action("choose", option="redraw"), PASS]
        if kind == "replace":
            return [Action("choose", card=c) for c in self.zones[p]["characters"]]
        if kind == "block":
            return [*(Action("block", card=c) for c in self._blockers(p)), PASS]
        if kind == "counter":
            return [*self._counter_actions(p), PASS]
        if kind == "trigger":
            return [Action("use_trigger", card=data["card"]), PASS]
        if kind == "target":
            return self.target_actions(data)
        if kind == "optional":
            return [Action("choose", option="yes"), PASS]
        if kind == "don_minus":
            return self.return_don_options(p)
        if kind == "count":
            return self.count_actions(data["most"])
        if kind == "life_pick":
            return [Action("choose", option="top"), Action("choose", option="bottom")]
        raise AssertionError(f"unknown decision {kind}")

    def _main_actions(self, p: int) -> list[Action]:
        """OP-13: play cards, activate [Activate: Main] effects, give DON!!, battle."""
        out: list[Action] = []
        active = self.counters[p]["cost_area_active"]
        for c in self.zones[p]["hand"]:
            d = self.d(c)
            playable = d.type in ("character", "stage") or (d.type == "event" and d.main_effects)
            if playable and self.cost_of(c) <= active:
                out.append(Action.of("play", (("card", c),)))  # OP-14 / OP-104 / OP-108 / OP-120
        mine = [self.leader(p), *self.zones[p]["characters"]]
        for c in [*mine, *self.zones[p]["stage"]]:
            for i, ab in enumerate(self.d(c).abilities):
                if ab.when == "activate_main" and self._can_activate(c, i, p):
                    out.append(Action.of("activate", (("card", c), ("effect", i))))
        if active:
            out.extend(Action.of("give_don", (("card", c),)) for c in mine)  # OP-16
        if not self.first_turn_of(p):  # OP-18: no battle in a player's own first turn
            targets = self.attack_targets(p)
            for c in mine:
                if self.can_attack(c):
                    out.extend(Action.of("attack", (("card", c), ("target", t))) for t in targets)
        out.append(END_TURN)
        return out

    def _can_activate(self, cid: int, index: int, p: int) -> bool:
        return self.ability_ready(cid, index, p) and self.cost_payable(cid, index, p)

    def _counter_actions(self, p: int) -> list[Action]:
        """OP-115 step 3: Counter values from the hand onto the Leader or a Character; [Counter] Events."""
        out: list[Action] = []
        receivers = [self.leader(p), *self.zones[p]["characters"]]
        for c in self.zones[p]["hand"]:
            d = self.d(c)
            if d.type == "character" and d.counter > 0:
                out.extend(Action.of("counter", (("card", c), ("target", t))) for t in receivers)
            elif d.is_counter_event and self.cost_of(c) <= self.counters[p]["cost_area_active"]:
                first = d.counter_effects[0]
                if first.do != "don_minus" or self.don_on_field(p) >= first.count:
                    out.append(Action.of("counter", (("card", c),)))
        return out

    # ================================================================== answering decisions
    def _resolve(self, action: Action) -> None:
        dec = self.decision
        assert dec is not None
        self.decision = None
        kind, p, data, t = dec.kind, dec.player, dec.data, action.type
        if kind == "main":
            self._resolve_main(p, action)
        elif kind == "mulligan":
            if t == "choose":  # OP-102: the whole hand back, shuffle, five new cards
                for c in list(self.zones[p]["hand"]):
                    self.move(c, "deck")
                self.rng.shuffle(self.zones[p]["deck"])
                for _ in range(5):
                    self.draw(p)
                self.emit("mulligan", player=p)
        elif kind == "replace":
            card = action.get("card")
            self.emit("trashed_for_room", card=card, name=self.cards[card].name, player=p)
            self.leave_field(card, "trash")  # OP-112: not a K.O.
            self._put_character(p, data["card"])
        elif kind == "block":
            if t == "block":
                blocker = action.get("card")
                self.update(blocker, tapped=True)
                self.flags["battle"] = {**self.flags["battle"], "target": blocker, "blocked": True}
                self.emit("block", card=blocker, name=self.cards[blocker].name, player=p)
                self.queue_abilities(blocker, "on_block")
        elif kind == "counter":
            if t == "counter":  # the Counter resolves before the defender's next choice (OP-120)
                self.tasks.append(Task("counter_step"))
                self._counter(p, action)
        elif kind == "trigger":
            self._resolve_trigger(p, data["card"], use=t == "use_trigger")
        elif kind == "don_minus":
            self.return_one_don(p, action, data["count"])
        elif kind == "count":
            self.answer_count(dict(data), action.get("option"))
        elif kind == "life_pick":
            life = self.zones[p]["life"]
            self.move(life[0] if action.get("option") == "top" else life[-1], "hand", face_down=False)
        elif kind == "target":
            self.resolve_target_choice(dict(data), None if t == "pass" else action.get("card"))
        elif kind == "optional":
            task = dict(data["task"])
            if "cost_offer" in task:  # "[On Play] DON!! -1: ...": pay, then the effect
                cid, index, owner = task["cost_offer"]
                if t != "pass" and self.cost_payable(cid, index, owner):
                    self.queue_effects(cid, owner, (self.cards[cid].name, "ability", index))
                    self.pay_ability_cost(cid, index, owner)  # its DON!! -X runs before the effects
            else:
                self.answer_optional(task, accepted=t != "pass")
        self.settle()

    def _pay(self, p: int, cost: int) -> None:
        """OP-14 / OP-104: rest that many active DON!!."""
        if cost:
            self.counters[p]["cost_area_active"] -= cost
            self.counters[p]["cost_area_rested"] += cost

    def _resolve_main(self, p: int, action: Action) -> None:
        t, card = action.type, action.get("card")
        if t == "end_turn":
            self.tasks.append(Task("end_phase"))
            return
        self.tasks.append(Task("main"))
        if t == "play":
            d = self.d(card)
            self._pay(p, self.cost_of(card))
            if d.type == "character":
                if len(self.zones[p]["characters"]) >= CHARACTERS_MAX:
                    self.move(card, "limbo")
                    self.decision = Decision(p, "replace", {"card": card})
                    return
                self._put_character(p, card)
            elif d.type == "stage":
                for old in list(self.zones[p]["stage"]):  # OP-112: one Stage
                    self.leave_field(old, "trash")
                self.move(card, "stage", tapped=False, entered_this_turn=True)
                self.emit("played", card=card, name=d.name, player=p)
                self.queue_abilities(card, "on_play")
            else:  # OP-120: an Event is trashed, then its effect resolves
                self.move(card, "trash")
                self.emit("played", card=card, name=d.name, player=p)
                self.queue_effects(card, p, (d.name, "main"))
        elif t == "give_don":
            self.counters[p]["cost_area_active"] -= 1
            self.set_counter(card, "don", self.don(card) + 1)
            self.emit("don_given", card=card, name=self.cards[card].name, player=p, don=self.don(card))
        elif t == "activate":
            self._activate(p, card, action.get("effect"))
        elif t == "attack":
            self._declare_attack(p, card, action.get("target"))

    def _put_character(self, p: int, card: int) -> None:
        """A Character enters active (OP-112) and its [On Play] applies."""
        self.move(card, "characters", player=p, tapped=False, entered_this_turn=True)
        self.emit("played", card=card, name=self.cards[card].name, player=p)
        self.queue_abilities(card, "on_play")

    def _activate(self, p: int, card: int, index: int) -> None:
        ab = self.d(card).abilities[index]
        if ab.once_per_turn:
            self.flags[f"used:{card}:{index}"] = True
        self.emit("activated", card=card, name=self.cards[card].name, player=p)
        self.queue_effects(card, p, (self.cards[card].name, "ability", index))
        self.pay_ability_cost(card, index, p)  # after queueing: its DON!! -X runs before the effects

    # ------------------------------------------------------------------ battle (OP-115)
    def _declare_attack(self, p: int, attacker: int, target: int) -> None:
        self.update(attacker, tapped=True)
        self.flags["battle"] = {"attacker": attacker, "target": target, "player": p, "blocked": False}
        self.emit("attack", card=attacker, name=self.cards[attacker].name, player=p, target=target)
        self.tasks.append(Task("end_of_battle"))
        self.tasks.append(Task("damage_step"))
        self.tasks.append(Task("counter_step"))
        self.tasks.append(Task("block_step"))
        self.queue_abilities(attacker, "when_attacking")

    def _battle_alive(self) -> bool:
        battle = self.flags.get("battle")
        if battle is None:
            return False
        return (self.zone_of(battle["attacker"]) in ("leader", "characters")
                and self.zone_of(battle["target"]) in ("leader", "characters"))

    def _blockers(self, defender: int) -> list[int]:
        """OP-115 step 2: the defender's active [Blocker] Characters other than the target, unless
        an effect forbids [Blocker] in this battle (all, or those with at least some power)."""
        battle = self.flags["battle"]
        if any(e.get("kind") == "unblockable" and e.get("card") == battle["attacker"] for e in self.effects):
            return []
        floor = battle.get("no_blockers_from")
        return [c for c in self.zones[defender]["characters"]
                if c != battle["target"] and not self.cards[c].tapped and self.d(c).keywords.blocker
                and (floor is None or (floor and self.power(c) < floor))]

    def _block_step(self) -> None:
        if not self._battle_alive():
            return
        defender = 1 - self.flags["battle"]["player"]
        if self._blockers(defender):
            self.decision = Decision(defender, "block", {})

    def _counter_step(self) -> None:
        if not self._battle_alive():
            return
        defender = 1 - self.flags["battle"]["player"]
        if self._counter_actions(defender):
            self.decision = Decision(defender, "counter", {})

    def _counter(self, p: int, action: Action) -> None:
        card = action.get("card")
        d = self.d(card)
        if d.type == "character":  # trash it, no cost: +Counter for this battle
            target = action.get("target")
            self.move(card, "trash")
            self.effects.append({"kind": "power", "card": target, "amount": d.counter, "until": "battle"})
            self.emit("counter", card=card, name=d.name, player=p, target=target, amount=d.counter)
        else:  # a [Counter] Event: pay its cost, trash it, resolve it
            self._pay(p, self.cost_of(card))
            self.move(card, "trash")
            self.emit("counter", card=card, name=d.name, player=p)
            self.queue_effects(card, p, (d.name, "counter"))

    def _damage_step(self) -> None:
        """OP-115 step 4: power compared; ties go to the attacker."""
        if not self._battle_alive():
            return
        battle = self.flags["battle"]
        attacker, target, p = battle["attacker"], battle["target"], battle["player"]
        a, b = self.power(attacker), self.power(target)
        self.emit("battle", attacker=attacker, target=target, attacker_power=a, target_power=b)
        if a < b:
            return
        if self.zone_of(target) == "characters":
            self.ko(target)
            return
        # OP-116 (corrected): the 0-life check is made once for the whole damage, before any
        # life card is taken: [Double Attack] against 1 life card takes it and does not win.
        if not self.zones[1 - p]["life"]:
            self.lose(1 - p, "leader_damage")
            return
        hits = 2 if self.has_double_attack(attacker) else 1
        for _ in range(hits):
            self.tasks.append(Task("leader_damage", player=1 - p, banish=self.has_banish(attacker)))

    def _leader_damage(self, task: Task) -> None:
        """OP-116: one point of damage takes the top life card to the hand, or its [Trigger];
        with no life card left it does nothing (the 0-life check came before, once)."""
        p = task["player"]
        life = self.zones[p]["life"]
        if not life:
            return
        card = life[0]
        self.emit("damage", player=p)
        if task["banish"]:  # [Banish]: the life card is trashed, its [Trigger] cannot activate
            self.move(card, "trash", face_down=False)
            return
        if self.d(card).trigger:
            self.move(card, "limbo", face_down=False)
            self.decision = Decision(p, "trigger", {"card": card})
            return
        self.move(card, "hand", face_down=False)

    def _resolve_trigger(self, p: int, card: int, use: bool) -> None:
        if not use:
            self.move(card, "hand")
            return
        self.emit("trigger", card=card, name=self.cards[card].name, player=p)
        self.move(card, "trash")  # [unverified] (OP-116): the revealed card goes to the trash
        self.queue_effects(card, p, (self.cards[card].name, "trigger"))

    def _end_of_battle(self) -> None:
        battle = self.flags.get("battle")
        if battle is not None:
            a, t = battle["attacker"], battle["target"]
            if self.zone_of(t) in ("characters", "trash") and self.d(t).type == "character" and \
                    self.zone_of(a) == "characters":
                self.queue_abilities(a, "after_battle_with_character")
        self.flags["battle"] = None
        self.effects = [e for e in self.effects if e.get("until") != "battle"]
        self.emit("battle_end")

    # ================================================================== automatic steps
    def _run_task(self, task: Task) -> None:
        k = task.kind
        if k == "effects":
            self.run_effects_task(task)
        elif k == "main":
            self.decision = Decision(self.active, "main", open=True)
        elif k == "begin_turn":
            self._begin_turn()
        elif k == "refresh_rest":
            self._refresh_rest()
        elif k == "mulligan":
            self.decision = Decision(task["player"], "mulligan", {})
        elif k == "place_life":
            self._place_life()
        elif k == "block_step":
            self._block_step()
        elif k == "counter_step":
            self._counter_step()
        elif k == "damage_step":
            self._damage_step()
        elif k == "leader_damage":
            self._leader_damage(task)
        elif k == "end_of_battle":
            self._end_of_battle()
        elif k == "play_free":
            self._play_free(task["player"], task["card"])
        elif k == "return_don":
            self.return_don_step(task["player"], task["count"])
        elif k == "cost_offer":
            self.decision = Decision(task["player"], "optional",
                                     {"task": {"cost_offer": [task["card"], task["index"], task["player"]]}})
        elif k == "life_pick":  # "from the top or bottom of your Life cards": the player chooses
            life = self.zones[task["player"]]["life"]
            if len(life) == 1:
                self.move(life[0], "hand", face_down=False)
            elif life:
                self.decision = Decision(task["player"], "life_pick", {})
        elif k == "shuffle_deck":
            self.rng.shuffle(self.zones[task["player"]]["deck"])
        elif k == "end_phase":
            self._end_phase()
        elif k == "cleanup":
            self._cleanup()
        else:
            raise AssertionError(f"unknown task {k}")
        self.settle()

    def _place_life(self) -> None:
        """OP-102: life cards from the top of the deck, so that the top card ends at the bottom."""
        for p in (0, 1):
            for _ in range(self.d(self.leader(p)).life):
                deck = self.zones[p]["deck"]
                if deck:
                    self.move(deck[0], "life", top=True, face_down=True)
        self.flags.pop("setting_up", None)

    def _begin_turn(self) -> None:
        """OP-3 / OP-4: "until the start of the turn" effects end; start-of-turn effects activate."""
        p = self.active
        self.emit("turn_start", turn=self.turn, player=p)
        self.enter_phase("refresh")
        self.effects = [e for e in self.effects if e.get("until") != f"start:{p}"]
        self.tasks.append(Task("refresh_rest"))
        for q in (1 - p, p):  # the turn player's effects resolve first (OP-121)
            for c in reversed([self.leader(q), *self.zones[q]["characters"], *self.zones[q]["stage"]]):
                self.queue_abilities(c, "start_of_turn")

    def _refresh_rest(self) -> None:
        """OP-5 / OP-105 / OP-6 / OP-106, then the Draw (OP-7, OP-8) and DON!! phases (OP-9..OP-11)."""
        p = self.active
        official = self.options.get("refresh_don_return") == "cost_area"
        for c in [self.leader(p), *self.zones[p]["characters"]]:
            n = self.don(c)
            if n:
                self.set_counter(c, "don", 0)
                self.counters[p]["cost_area_rested" if official else "don_deck"] += n
        for zone in ("leader", "characters", "stage"):
            for c in self.zones[p][zone]:
                if self.cards[c].tapped:
                    self.update(c, tapped=False)
        self.don_move(p, "cost_area_rested", "cost_area_active", self.counters[p]["cost_area_rested"])
        self.enter_phase("draw")
        if not (self.turn == 1 and p == self.first_player):
            self.draw(p)
        self.enter_phase("don_phase")
        self.don_move(p, "don_deck", "cost_area_active", 1 if self.turn == 1 else 2)
        self.enter_phase("main")
        self.tasks.append(Task("main"))
        for c in reversed([self.leader(p), *self.zones[p]["characters"], *self.zones[p]["stage"]]):
            self.queue_abilities(c, "start_of_main")  # OP-12

    def _play_free(self, p: int, card: int) -> None:
        """A [Trigger] "play this card": without paying, if there is room (OP-112 otherwise)."""
        d = self.d(card)
        if self.zone_of(card) not in ("trash", "limbo", "hand", "deck"):
            return
        if d.type == "character":
            if len(self.zones[p]["characters"]) >= CHARACTERS_MAX:
                self.move(card, "limbo")
                self.decision = Decision(p, "replace", {"card": card})
                return
            self._put_character(p, card)
        elif d.type == "stage":
            for old in list(self.zones[p]["stage"]):
                self.leave_field(old, "trash")
            self.move(card, "stage", tapped=False, entered_this_turn=True)
            self.queue_abilities(card, "on_play")

    def _end_phase(self) -> None:
        """OP-19: end-of-turn effects activate once; OP-20: "this turn" effects end."""
        p = self.active
        self.enter_phase("end")
        self.tasks.append(Task("cleanup"))
        for c in reversed([self.leader(1 - p), *self.zones[1 - p]["characters"], *self.zones[1 - p]["stage"]]):
            self.queue_abilities(c, "end_of_opponents_turn")
        for c in reversed([self.leader(p), *self.zones[p]["characters"], *self.zones[p]["stage"]]):
            self.queue_abilities(c, "end_of_your_turn")

    def _cleanup(self) -> None:
        self.effects = [e for e in self.effects if e.get("until") not in ("turn", "battle")]
        self.flags = {}
        cards = self.cards
        for zones in self.zones:
            for c in zones["characters"] + zones["stage"]:
                if cards[c].entered_this_turn:
                    cards[c] = cards[c].replace(entered_this_turn=False)
        self.emit("turn_end", turn=self.turn, player=self.active)
        self.turn += 1
        self.active = 1 - self.active
        self.tasks.append(Task("begin_turn"))

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
    def explain_illegal(self, action: Action) -> tuple[str, str]:
        from tcg.games.one_piece.illegal import explain

        return explain(self, action)

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
