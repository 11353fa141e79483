"""The One Piece effects: the primitives its verbs call and the movements the rules make (K.O., DON!!, life).

Effects are resolved one instruction at a time by the shared loop
(:class:`tcg.core.effects.EffectRunner`); a task names its effect list by (card name, where
on the card, index) so the queue stays JSON data. What each ``do:`` name does is the table in
``verbs.py`` (shared verbs of ``tcg.core.verbs`` and One Piece's own).
"""

from __future__ import annotations

from typing import Any

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.one_piece import waiting
from tcg.games.one_piece.cards import Effect, Selector
from tcg.games.one_piece.queries import OPQueries
from tcg.games.one_piece.verbs import VERBS as GLOSSARY
from tcg.games.one_piece.verbs import grant

RETURN_RESTED = Action("choose", option="rested")
RETURN_ACTIVE = Action("choose", option="active")


class OPEffects(OPQueries):
    __slots__ = ()
    VERBS = GLOSSARY  # its verbs.py: the core's do_effect carries instructions out by it
    PLAY_ZONE = "characters"
    UNTARGETED = frozenset({"draw", "add_don", "play_this", "add_to_life", "trash_from_deck", "set_don_active",
                            "rest_opponent_don", "no_blockers", "gain_rush", "trash_life", "don_minus",
                            "ko_shield", "life_to_hand", "look_top", "arrange_top", "look_life",
                            "look_top_play", "choose_one", "this_to_hand", "top_life_to_hand", "no_small_blockers",
                            "gain_attack_active", "reveal_top_play"})

    # ------------------------------------------------------------------ DON!! (OP-9, OP-16, OP-107)
    def don_move(self, player: int, source: str, target: str, count: int) -> int:
        """Move DON!! between the DON!! deck and the cost area (counters); returns how many moved."""
        n = min(count, self.counters[player][source])
        if n > 0:
            self.counters[player][source] -= n
            self.counters[player][target] += n
            self.emit("don_moved", player=player, source=source, target=target, count=n)
        return n

    def return_given_don(self, cid: int) -> None:
        """OP-17 / OP-107: DON!! given to a card that leaves its area go to the cost area rested."""
        n = self.don(cid)
        if n:
            self.set_counter(cid, "don", 0)
            self.counters[self.cards[cid].controller]["cost_area_rested"] += n

    # ------------------------------------------------------------------ leaving the field
    def leave_field(self, cid: int, zone: str, top: bool = False) -> None:
        """OP-113: the card becomes a new card: its DON!! and the effects on it are gone."""
        self.return_given_don(cid)
        for key in [k for k in self.flags if k.startswith(f"used:{cid}:")]:  # [Once Per Turn]: a new card
            del self.flags[key]
        lasting.forget(self, cid)
        self.move(cid, zone, top=top, tapped=False, entered_this_turn=False)

    def ko(self, cid: int, by_effect: bool = False, attacker: int | None = None) -> None:
        """OP-117: K.O. by battle (``attacker``: the card that won it) or by a "K.O." effect;
        "[On K.O.]", "when a Character is K.O.'d" and "when your opponent's Character is K.O.'d"
        apply, the turn player's first (``ko_now``, OP-121)."""
        if self.zone_of(cid) != "characters":
            return
        if self.effects and lasting.on(self, "ko_immune", cid):
            return  # "cannot be K.O.'d during this turn" (Union Armada; White Out's Characters)
        if by_effect and any(st.ko_immune_to_effects and self.static_applies(cid, st) for st in self.d(cid).statics):
            return
        if attacker is not None and self.battle_ko_immune(cid, attacker):
            return
        if self.ko_replaceable(cid):
            self.tasks.append(Task("ko_replace", card=cid))  # "you may ... instead" (replacement.py)
            return
        self.ko_now(cid)

    def ko_now(self, cid: int) -> None:
        """The K.O. itself: to the trash (OP-113), then "[On K.O.]" and "when a Character is K.O.'d"."""
        owner = self.cards[cid].controller
        self.emit("ko", card=cid, name=self.cards[cid].name, player=owner)
        self.leave_field(cid, "trash")
        # [standard] Comprehensive Rules 8-6-1 (OP-121): every effect the K.O. sets off for the turn
        # player resolves before any of the other player's - queued last, resolved first - e.g.
        # Monkey.D.Luffy (ST08-001)'s "when a Character is K.O.'d" before the K.O.'d Caribou's [On K.O.].
        for p in (1 - self.active, self.active):
            for c in reversed([*self.zones[p]["leader"], *self.zones[p]["characters"]]):
                self.queue_abilities(c, "on_character_ko")
            if p == owner:
                self.queue_abilities(cid, "on_ko", controller=owner)
                continue
            for c in reversed([self.leader(p), *self.zones[p]["characters"]]):
                self.queue_abilities(c, "opponent_character_ko")

    def battle_ko_immune(self, cid: int, attacker: int) -> bool:
        """"This Character cannot be K.O.'d in battle (by <Strike> attribute Characters)"
        (Monkey.D.Luffy OP01-024), or a card's lasting effect that says so of others ("{Kurozumi
        Clan} type Characters other than your [Kurozumi Semimaru] cannot be K.O.'d in battle")."""
        attribute = self.d(attacker).attribute
        by_leader = self.d(attacker).type == "leader"
        for st in self.d(cid).statics:
            if st.ko_immune_in_battle_by_leaders and by_leader and self.static_applies(cid, st):
                return True  # "cannot be K.O.'d in battle by Leaders" (Uta ST08-002)
            if st.ko_immune_in_battle and st.aura is None and st.attacker_attribute in ("", attribute) \
                    and self.static_applies(cid, st):
                return True
        for p in (0, 1):
            for other in self._aura_sources(p):
                for st in self.d(other).statics:
                    aura = st.aura
                    if st.ko_immune_in_battle and aura is not None and st.attacker_attribute in ("", attribute) \
                            and self.static_applies(other, st) and self.aura_reaches(aura, cid, other):
                        return True
        return False

    def ko_replaceable(self, cid: int) -> bool:
        """Portgas.D.Ace: "[Once Per Turn] If this Character would be K.O.'d, you may trash 1 card
        from the top or bottom of your Life cards instead" - with a Life card, not used this turn."""
        statics = self.d(cid).statics
        if not statics or f"used:{cid}:replace" in self.flags:
            return False
        return bool(self.zones[self.cards[cid].controller]["life"]) and any(
            st.ko_replaced_by_life_trash and self.static_applies(cid, st) for st in statics)

    def queue_field_abilities(self, when: str) -> None:
        """Abilities of timing ``when`` of every Leader and Character on the field (the turn
        player's resolve first, OP-121)."""
        p = self.active
        for q in (1 - p, p):
            for c in reversed([*self.zones[q]["leader"], *self.zones[q]["characters"]]):
                self.queue_abilities(c, when)

    def don_returned(self, owner: int) -> None:
        """A DON!! of ``owner``'s field went back to the DON!! deck (a DON!! -X, OP-109): "when a
        DON!! card on your field is returned to your DON!! deck" abilities. [standard] They
        resolve after the effect whose cost or instruction returned it (Comprehensive Rules
        8-6-3, ``defer_auto_effects``)."""
        for c in reversed([self.leader(owner), *self.zones[owner]["characters"]]):
            self.queue_abilities(c, "on_don_returned")

    def draw(self, player: int) -> None:
        """OP-7; an empty deck draws nothing (the player has lost already, OP-103 (b))."""
        deck = self.zones[player]["deck"]
        if deck:
            self.move(deck[0], "hand")

    def pay_don(self, p: int, cost: int) -> None:
        """OP-14 / OP-104: rest that many active DON!! (a card's cost, a [Counter] Event's)."""
        if cost:
            self.counters[p]["cost_area_active"] -= cost
            self.counters[p]["cost_area_rested"] += cost

    # ------------------------------------------------------------------ abilities
    def queue_abilities(self, cid: int, when: str, controller: int | None = None) -> None:
        """Queue a card's abilities of timing ``when`` whose conditions hold ([DON!! xN], turn).

        An ability with a cost ("DON!! -1:", "You may trash 1 card from your hand:") is offered
        as "you may" when its cost can be paid, and skipped when it cannot (OP-121)."""
        d = self.d(cid)
        owner = self.cards[cid].controller if controller is None else controller
        queued = len(self.tasks)
        for i in reversed(range(len(d.abilities))):
            ab = d.abilities[i]
            if ab.when != when or not self.ability_ready(cid, i, owner):
                continue
            # [standard] Comprehensive Rules 8-4-1-3: a DON!! cost (DON!! -X, ①) is checked when the
            # effect is activated, its turn come (``cost_offer``), not when its timing is fulfilled:
            # Holedem's [On K.O.] DON!! may pay Hitokiri Kamazo's DON!! -1 set off with it.
            if not (ab.don_minus or ab.rest_don) and not self.cost_payable(cid, i, owner):
                continue
            if ab.once_per_turn:
                self.flags[f"used:{cid}:{i}"] = True
            if ab.don_minus or ab.rest_don:
                self.decision_for_cost(cid, i, owner)
            else:
                self.queue_effects(cid, owner, (d.name, "ability", i), ab.optional)
                self.tasks[-1] = Task.of("effects", {**self.tasks[-1].data, "zone": self.zone_of(cid)})
        self.defer_auto_effects(queued)

    def defer_auto_effects(self, queued: int) -> None:
        """[standard] Comprehensive Rules 8-6-3: an auto effect whose timing is fulfilled while an
        effect is activated or resolved (a K.O., a DON!! -X, a card played by it) is activated
        after that effect has resolved, not between its instructions: the tasks queued since
        ``queued`` go beneath the effect list in progress (Mr.2 (ST08-013) K.O.s itself "if you
        do" before Monkey.D.Luffy (ST08-001) gives DON!!; Wire (ST10-014) draws once Blast Breath
        has resolved). None in progress: they stay on top.

        [standard] Comprehensive Rules 8-6-2 (OP-05 Q&A, Enel OP05-100): one set off during damage
        processing - by a [Trigger] of any damage of a [Double Attack] - waits until all the
        damage is dealt: beneath ``damage_done``. The order of the waiting ones: ``waiting``."""
        tasks = self.tasks
        if queued == len(tasks):
            return
        below = next((i for i in range(queued) if tasks[i].kind == "damage_done"), None)
        if below is None:
            below = next((i for i in range(queued - 1, -1, -1)
                          if tasks[i].kind == "effects" and tasks[i].get("live")), None)
        waiting.tag(self, queued, below)  # type: ignore[arg-type]
        if below is None:
            return
        added = tasks[queued:]
        del tasks[queued:]
        tasks[below:below] = added

    def queue_activated(self, cid: int, owner: int, ref: tuple[Any, ...]) -> None:
        """An ability whose activation cost is being paid: its effect list is under way already
        (``live``), so that what the cost sets off (a DON!! -X returned: Wire (ST10-014)) waits
        for the effect (Comprehensive Rules 8-6-3, ``defer_auto_effects``)."""
        self.queue_effects(cid, owner, ref)
        self.tasks[-1] = Task.of("effects", {**self.tasks[-1].data, "live": True})

    def next_effect(self, data: dict[str, Any]) -> None:
        """The rest of an effect list once one of its instructions is under way: ``live``, so that
        auto effects it sets off wait for it (``defer_auto_effects``)."""
        super().next_effect({**{k: v for k, v in data.items() if k != "zone"}, "live": True})

    def not_activated(self, cid: int, index: int) -> None:
        """A "you may" ability declined as a whole (or its optional cost) was not activated: a
        [Once Per Turn] one is not used up (OP-119; e.g. Crocodile OP01-062's "haven't drawn a
        card using this Leader's effect during this turn")."""
        self.flags.pop(f"used:{cid}:{index}", None)

    def cost_payable(self, cid: int, index: int, owner: int) -> bool:
        ab = self.d(cid).abilities[index]
        if ab.rest_self and self.cards[cid].tapped:
            return False
        if ab.rest_don > self.counters[owner]["cost_area_active"]:
            return False
        if ab.trash_from_hand and ab.trash_from_hand > sum(
                1 for c in self.zones[owner]["hand"]
                if not ab.trash_traits or set(self.d(c).traits) & set(ab.trash_traits)):
            return False
        if ab.life_to_hand > len(self.zones[owner]["life"]):
            return False
        return ab.don_minus <= self.don_on_field(owner)

    def decision_for_cost(self, cid: int, index: int, owner: int) -> None:
        self.tasks.append(Task("cost_offer", card=cid, index=index, player=owner, zone=self.zone_of(cid)))

    def run_effects_task(self, task: Task) -> None:
        """[standard] Comprehensive Rules 8-1-3-1-3: an auto effect is not activated if its card has
        moved to another area since its timing was fulfilled (``zone``: where it was then; an
        [On K.O.] is queued from the trash, where it resolves, 10-2-17). Basil Hawkins (OP01-106)
        played by a [Trigger] and returned to the hand before the damage ends adds no DON!!."""
        zone = task.get("zone")
        if zone is not None and self.zone_of(task["source"]) != zone:
            return
        if waiting.is_waiting(task):  # Comprehensive Rules 8-6-1: which waiting effect comes now
            if not waiting.comes_now(self, task):  # type: ignore[arg-type]
                return
            task = Task.of(task.kind, {**task.data, "started": True})
        super().run_effects_task(task)

    def pay_ability_cost(self, cid: int, index: int, owner: int) -> None:
        """Rest this card, rest DON!! (①②③), return DON!! (DON!! -X, OP-109).

        The DON!! -X part is a task (the player chooses which DON!!): callers queue the
        ability's effects first, so that the cost is paid before they resolve."""
        ab = self.d(cid).abilities[index]
        if ab.rest_self:
            self.update(cid, tapped=True)
        if ab.rest_don:
            self.counters[owner]["cost_area_active"] -= ab.rest_don
            self.counters[owner]["cost_area_rested"] += ab.rest_don
        if ab.don_minus:
            self.tasks.append(Task("return_don", player=owner, count=ab.don_minus))

    # ------------------------------------------------------------------ DON!! -X (OP-109)
    def return_don_options(self, owner: int) -> list[Action]:
        """Where the next DON!! of a DON!! -X may come from: the player's choice (OP-109: "from
        your Leader, Characters or cost area"): a rested or an active one of the cost area, or
        one given to a card. Stable order: rested, active, then the cards in field order."""
        c = self.counters[owner]
        out = []
        if c["cost_area_rested"]:
            out.append(RETURN_RESTED)
        if c["cost_area_active"]:
            out.append(RETURN_ACTIVE)
        out.extend(Action.of("choose", (("card", x),)) for x in [self.leader(owner), *self.zones[owner]["characters"]]
                   if self.don(x))
        return out

    def return_don_step(self, owner: int, count: int) -> None:
        """Return ``count`` DON!! one at a time, asking where the choice matters (decision
        ``don_minus``); with one kind of source left, or all of them going, nothing is asked."""
        if count <= 0:
            return
        if self.don_on_field(owner) <= count or len(self.return_don_options(owner)) <= 1:
            self.return_don(owner, count)
            return
        self.decision = Decision(owner, "don_minus", {"count": count})

    def return_one_don(self, owner: int, action: Action, count: int) -> None:
        """The answer to ``don_minus``: that DON!! goes to the DON!! deck; then the next one."""
        card = action.get("card")
        if card is None:
            self.don_move(owner, f"cost_area_{action.get('option')}", "don_deck", 1)
        else:
            self.set_counter(card, "don", self.don(card) - 1)
            self.counters[owner]["don_deck"] += 1
            self.emit("don_returned", card=card, name=self.cards[card].name, player=owner)
        self.don_returned(owner)
        if count > 1:
            self.tasks.append(Task("return_don", player=owner, count=count - 1))

    def return_don(self, owner: int, count: int) -> int:
        """Return ``count`` DON!! with no choice to make: rested, active, then given ones."""
        left = count
        for area in ("cost_area_rested", "cost_area_active"):
            left -= self.don_move(owner, area, "don_deck", left)
        for c in [self.leader(owner), *self.zones[owner]["characters"]]:
            take = min(left, self.don(c))
            if take:
                self.set_counter(c, "don", self.don(c) - take)
                self.counters[owner]["don_deck"] += take
                left -= take
        if left < count:
            self.don_returned(owner)
        return count - left

    def ability_ready(self, cid: int, index: int, owner: int) -> bool:
        ab = self.d(cid).abilities[index]
        if ab.don and self.don(cid) < ab.don:
            return False
        if ab.turn != "any" and (ab.turn == "yours") != (owner == self.active):
            return False
        if ab.condition is not None and not self.condition_holds(ab.condition, owner, cid):
            return False
        return not (ab.once_per_turn and self.flags.get(f"used:{cid}:{index}"))

    # ------------------------------------------------------------------ the vocabulary
    def effect_list(self, ref: tuple[Any, ...]) -> list[Effect]:
        d = self.defs[ref[0]]
        where = ref[1]
        if where == "ability":
            return list(d.abilities[ref[2]].effects)
        if where == "main":
            return list(d.main_effects)
        if where == "counter":
            return list(d.counter_effects)
        if where == "trigger":
            return list(d.trigger)
        raise ValueError(f"bad effect reference {ref!r}")

    def effect_candidates(self, eff: Effect, sel: Any, controller: int, source: int) -> list[int]:
        if sel == "attacker":  # the attacking card, while it is on the field (a Counter may have removed it)
            battle = self.flags.get("battle")
            return [battle["attacker"]] if battle and self.zone_of(battle["attacker"]) in ("leader", "characters") \
                else []
        if sel == "leader":
            return [self.leader(controller)]
        if sel == "chosen":  # "It gains +1000 power": what the instruction before acted on, still on the field
            return [c for c in self.flags.get("chosen", ()) if self.zone_of(c) in ("leader", "characters", "stage")]
        if sel == "battle_opponent":  # "the opponent's Character you battled with", still on the field
            other = self.battle_opponent(source)
            return [other] if other is not None and self.zone_of(other) == "characters" and \
                self.cards[other].controller != controller else []
        return self.select(sel, controller, source)

    def do_effect(self, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
        """The core's ``do_effect``; an instruction that chose its targets remembers them for the
        next one ("It gains +1000 power", "if you do", "if the revealed card is an Event")."""
        if isinstance(eff.target, Selector) or eff.target == "battle_opponent":
            self.flags["chosen"] = list(targets)
        super().do_effect(eff, controller, source, targets)

    def special_effect(self, data: dict[str, Any], eff: Effect) -> bool:
        """An "if" that does not hold skips the instruction; "up to N" asks how many (``count``);
        a DON!! -X inside a text is asked, and declined or unpayable it ends the list."""
        controller, source = data["controller"], data["source"]
        if data["index"] == 0 and self.flags.get("chosen"):  # a new text: nothing chosen by it yet
            self.flags["chosen"] = []
        if self.mode_effect(data, eff):
            return True
        if eff.condition is not None and not self.condition_holds(eff.condition, controller, source):
            if isinstance(eff.target, Selector):  # skipped: it chose nothing ("if you do" fails after it)
                self.flags["chosen"] = []
            self.next_effect(data)
            return True
        if eff.up_to and self._picked(data) is None and (not eff.optional or data.get("accepted")):
            most = self.up_to_most(eff, controller)
            if most > 0:  # OP-121: "up to N" allows fewer, down to 0 - the player says how many
                self.decision = Decision(controller, "count", {"task": data, "most": most})
                return True
        if eff.cost and not data.get("accepted") and self.cost_effect(data, eff):
            return True
        if eff.do == "don_minus":  # "DON!! -X (You may return ...):" - a cost the player may decline
            if self.don_on_field(controller) < eff.count:
                return True  # cannot be paid: the rest of the text does not happen
            if not data.get("accepted"):  # OP-121: optional costs may be declined
                self.decision = Decision(controller, "optional", {"task": {**data, "ask": False, "whole": True}})
                return True
            self.next_effect(data)
            self.tasks.append(Task("return_don", player=controller, count=eff.count))
            return True
        return False

    def cost_effect(self, data: dict[str, Any], eff: Effect) -> bool:
        """"You may rest 2 of your Characters: Draw 2 cards" - an instruction marked ``cost``: if
        it cannot be done in full the rest of the text does not happen; "you may" asks, and
        declined it ends the text too (OP-121). True when it took the instruction over."""
        if not self.effect_payable(eff, data["controller"], data["source"]):
            return True  # cannot be paid: the rest of the text does not happen
        if eff.optional:
            self.decision = Decision(data["controller"], "optional", {"task": {**data, "ask": False, "whole": True}})
            return True
        return False

    def mode_effect(self, data: dict[str, Any], eff: Effect) -> bool:
        """"Your opponent chooses one: - A - B": ``choose_one`` asks its ``player`` which of the
        next ``count`` instructions (``mode: 1`` .. ``count``) happens (decision ``choose_one``);
        an instruction of another option is skipped. True when it took the instruction over."""
        if eff.mode and data.get("mode") != eff.mode:
            self.next_effect(data)
            return True
        if eff.do == "choose_one":
            chooser = data["controller"] if eff.player == "self" else 1 - data["controller"]
            self.decision = Decision(chooser, "choose_one", {"task": data, "modes": eff.count})
            return True
        return False

    def effect_payable(self, eff: Effect, controller: int, source: int) -> bool:
        """Can a cost inside a text be done in full: Life cards to take, cards to choose."""
        if eff.do in ("life_to_hand", "top_life_to_hand"):
            return len(self.zones[controller]["life"]) >= eff.count
        sel = eff.target
        return not isinstance(sel, Selector) or len(self.select(sel, controller, source)) >= sel.count

    def up_to_most(self, eff: Effect, controller: int) -> int:
        """The most an "up to `count`" instruction can do now (a count decision offers 0..this)."""
        who = controller if eff.player == "self" else 1 - controller
        c = self.counters
        available = {"trash_life": len(self.zones[who]["life"]), "add_to_life": len(self.zones[controller]["deck"]),
                     "add_don": c[controller]["don_deck"], "set_don_active": c[controller]["cost_area_rested"],
                     "give_rested_don": c[controller]["cost_area_rested"],
                     "rest_opponent_don": c[1 - controller]["cost_area_active"]}.get(eff.do, eff.count)
        return min(eff.count, available)

    @staticmethod
    def count_actions(most: int) -> list[Action]:
        """``choose {option: n}`` for n = most .. 0 (the most first: the stable order)."""
        return [Action.of("choose", (("option", n),)) for n in range(most, -1, -1)]

    def answer_count(self, data: dict[str, Any], n: int) -> None:
        """Resume the instruction with the chosen count; 0 skips it."""
        task = dict(data["task"])
        if n == 0:
            self.next_effect(task)
            return
        self.tasks.append(Task.of("effects", {**task, "picked": [task["index"], n]}))

    def continue_effect(self, data: dict[str, Any], eff: Any, chosen: tuple[int, ...]) -> None:
        picked = self._picked(data)
        if picked is not None:  # an "up to N" answered: the instruction does that many
            eff = eff.model_copy(update={"count": picked})
        self._continue_effect(data, eff, chosen)

    @staticmethod
    def _picked(data: dict[str, Any]) -> int | None:
        """The count chosen for this instruction ([index, n]: later instructions ignore it)."""
        picked = data.get("picked")
        return int(picked[1]) if picked and picked[0] == data["index"] else None

    def effect_chooser(self, eff: Any, sel: Any, controller: int) -> int:
        """"Your opponent chooses 1 card from their hand": the owner of the cards chooses."""
        if sel.chooser == "owner" and sel.player == "opponent":
            return 1 - controller
        if sel.chooser == "opponent":  # "your opponent chooses 1 card from your hand" (Kanjuro)
            return 1 - controller
        return controller

    def _continue_effect(self, data: dict[str, Any], eff: Any, chosen: tuple[int, ...]) -> None:
        if eff.target in ("attacker", "leader", "chosen", "battle_opponent"):
            self.next_effect(data)
            self.do_effect(eff, data["controller"], data["source"],
                           tuple(self.effect_candidates(eff, eff.target, data["controller"], data["source"])))
            return
        super().continue_effect(data, eff, chosen)

    # ------------------------------------------------------------------ primitives of the shared verbs
    def destroy_by_effect(self, cid: int, by: int) -> None:
        """A "K.O." effect (OP-117; ``ko`` skips a card no longer a Character)."""
        self.ko(cid, by_effect=True)

    def set_tapped(self, cid: int, tapped: bool) -> None:
        """Rest or set active a Leader, Character or Stage (elsewhere a card has no such state)."""
        if self.zone_of(cid) in ("leader", "characters", "stage"):
            self.update(cid, tapped=tapped)

    def return_to_hand(self, cid: int) -> None:
        """From the field (OP-113: a new card) or from the trash."""
        if self.zone_of(cid) in ("characters", "stage"):
            self.leave_field(cid, "hand")
        elif self.zone_of(cid) == "trash":
            self.move(cid, "hand")

    def discard(self, cid: int) -> None:
        """To the trash: from the field (OP-113: a new card), or from a hand or elsewhere."""
        if self.zone_of(cid) in ("characters", "stage"):
            self.leave_field(cid, "trash")
        else:
            self.move(cid, "trash")

    def mill(self, player: int) -> None:
        """The top card of the player's deck to the trash (``trash_from_deck``); from an empty deck, nothing."""
        deck = self.zones[player]["deck"]
        if deck:
            self.move(deck[0], "trash")

    def to_deck_bottom(self, cid: int) -> None:
        """A target on the field to the bottom of its owner's deck (OP-113: a new card), or a card
        of a hand or a Life area; one no longer there stays where it is."""
        zone = self.zone_of(cid)
        if zone in ("characters", "stage"):
            self.leave_field(cid, "deck")
        elif zone in ("hand", "life"):  # "place 1 card from your hand (a Life card) at the bottom of the deck"
            self.move(cid, "deck", face_down=False)

    def change_power(self, cid: int, amount: int, duration: str) -> None:
        """``amount`` power for ``duration`` ("battle" or "turn")."""
        grant(self, "power", duration, (cid,), amount=amount)
