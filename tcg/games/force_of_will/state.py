"""The Force of Will rules of the 2013-14 rule sheet: set-up (FOW-1..4), the turn
(FOW-30..35, FOW-101), will (FOW-25..28), Judgment (FOW-36..40), battle (FOW-41..47),
the chase (FOW-48..53, FOW-103), chant-standby (FOW-54..57) and Lifebreak (FOW-58..62).

The chase area is ``flags["chase"]``: a list of items, the last declared last. Each player
action is declared (targets chosen, FOW-105, then the cost paid) and becomes an item; the
opponent then gets a response window. Items that wait (summons, spells, additions, abilities,
Breaks) resolve when the chase resolves; the others (calling a stone, Judgment, setting a
chant-standby, an attack, a block, a Lifebreak) happen at once and are *markers*: they can be
answered, and resolve to nothing.

Decisions: ``first_player``, ``mulligan``, ``main`` (open), ``target``, ``pay``, ``window``
(chase or ``pass``), ``block``, ``break`` (play a revealed Break or not), ``discard`` (End
Phase), and while an effect resolves ``optional`` ("you may") and ``effect_discard``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar

from tcg.core.actions import Action, CardActions, CardTargetActions
from tcg.core.state import Card, Decision, Task
from tcg.games.force_of_will.cards import ATTRIBUTES, CostKey, Selector, cost_key
from tcg.games.force_of_will.effects import FowEffects, needs_target
from tcg.games.force_of_will.queries import (
    HAND_LIMIT,
    LIFEBREAK_MAX,
    STANDBY_SET_COST,
    STARTING_LIFE,
    Activation,
    Digest,
    Target,
    player_target,
    target,
    target_player,
    targets,
)

PASS = Action("pass")
END_TURN = Action("end_turn")
NEXT_PHASE = Action("next_phase")
CALL = Action("call_magic_stone")
JUDGMENT = Action("judgment")
LIFEBREAK = Action("lifebreak")
YES = Action("choose", option="yes")
#: The flags that say a player has called a stone / performed Judgment this turn.
CALLED = ("called:0", "called:1")
JUDGED = ("judged:0", "judged:1")
STANDBY_SET_KEY = cost_key(STANDBY_SET_COST)
#: "Can this cost be paid?" for one player's will (:meth:`FowQueries.payer`).
Payer = Callable[[CostKey], bool]
PHASES = ("turn_start", "draw", "recovery", "main", "end")
CARD_ACTIONS = {t: CardActions(t) for t in ("summon", "play_spell", "play_addition", "set_chant_standby",
                                            "activate_chant_standby", "choose", "block")}
ATTACKS = CardTargetActions("attack")
#: ``window`` tasks by player and passes so far (at most one before the window closes).
WINDOW_TASKS = tuple(tuple(Task("window", player=p, passes=n) for n in (0, 1)) for p in (0, 1))
#: The keywords that change who may attack what (FOW-42, FOW-113).
ATTACK_KEYWORDS = frozenset({"swiftness", "precision"})
#: Tasks without data: never changed, so shared.
SETTLE, MAIN_TASK, RESOLVE_CHASE = Task("settle"), Task("main"), Task("resolve_chase")
BATTLE_DAMAGE, BLOCK_STEP, CLEANUP, DISCARD_STEP = (Task("battle_damage"), Task("block_step"), Task("cleanup"),
                                                   Task("discard_step"))
#: Every attribute's will at 0 (FOW-28: unused will empties at the end of the turn).
NO_WILL = {f"will_{a}": 0 for a in ATTRIBUTES}
#: The Main Phase decision of each player: immutable, so shared.
MAIN_DECISIONS = (Decision(0, "main", open=True), Decision(1, "main", open=True))


class _Activations(dict[tuple[int, int], Action]):
    """``activate_ability {card, ability}`` for each (card, ability index), built once and shared."""

    def __missing__(self, key: tuple[int, int]) -> Action:
        card, index = key
        action = self[key] = Action.of("activate_ability", (("ability", index), ("card", card)))
        return action


ACTIVATIONS = _Activations()


def _target_field(t: int) -> tuple[tuple[str, Any], ...]:
    p = target_player(t)
    return (("player", p),) if p is not None else (("card", t),)


class ForceOfWillState(FowEffects):
    ZONES: ClassVar[tuple[str, ...]] = (
        "hand", "main_deck", "magic_stone_deck", "ruler_area", "lifebreak_area", "field", "graveyard",
        "magic_stone_area", "chant_standby_area", "chase_area",
    )
    ZONE_VISIBILITY: ClassVar[dict[str, str]] = {  # FOW-124
        "hand": "owner",
        "main_deck": "hidden",
        "magic_stone_deck": "hidden",
        "ruler_area": "public",
        "lifebreak_area": "hidden",  # "a second hand that cannot be seen" (FOW-120)
        "field": "public",
        "graveyard": "public",
        "magic_stone_area": "public",
        "chant_standby_area": "public",  # face down: only their controller sees them
        "chase_area": "public",
    }
    TAPPED_AS: ClassVar[str] = "rested"
    SIGNED_COUNTERS: ClassVar[frozenset[str]] = frozenset({"life"})  # FOW-63: "reduced to 0 or less"
    __slots__ = ()

    # ================================================================== legal actions
    def _generate_actions(self) -> Sequence[Action]:
        dec = self.decision
        assert dec is not None
        kind, p, data = dec.kind, dec.player, dec.data
        if kind == "main":
            return self._main_actions(p)
        if kind == "window":
            return [*self._chase_actions(p), PASS]
        if kind == "target":
            acts = [Action.of("choose", _target_field(t)) for t in data["candidates"]]
            return [*acts, PASS] if data["optional"] else acts
        if kind == "pay":
            return [Action.of("pay", (("attributes", attrs), ("cards", stones)))
                    for stones, attrs, _ in data["options"]]
        if kind == "block":
            block = CARD_ACTIONS["block"]
            return [*[block[c] for c in self.blockers(p, data["attacker"])], PASS]
        if kind in ("break", "optional"):
            return [YES, PASS]
        if kind in ("effect_discard", "discard"):
            choose = CARD_ACTIONS["choose"]
            return [choose[c] for c in self.zones[p]["hand"]]
        if kind == "first_player":
            return [Action("choose", option="first"), Action("choose", option="second")]
        if kind == "mulligan":
            hand = self.zones[p]["hand"]
            return [Action.of("mulligan", (("cards", combo),))
                    for n in range(len(hand) + 1) for combo in combinations(hand, n)]
        raise AssertionError(f"unknown decision {kind}")

    def _main_actions(self, p: int) -> list[Action]:
        """FOW-35: M1..M9 in any order, plus what may also be done as a chase (FOW-102)."""
        out: list[Action] = []
        digest, cards, zones = self.digest, self.cards, self.zones[p]
        if self._can_call(p):
            out.append(CALL)  # M1
        pay = self.payer(p)
        summon = CARD_ACTIONS["summon"]
        verdict: dict[str, dict[int, Action] | None] = {}  # copies of a card in hand are all playable or none
        for c in zones["hand"]:
            name = cards[c].name
            if name in verdict:
                actions = verdict[name]
            else:
                d = digest[name]
                if d.is_resonator:  # the commonest case, without a call
                    actions = summon if pay(d.cost_key) else None
                else:
                    action_type = self._hand_action(p, c, d, pay)
                    actions = None if action_type is None else CARD_ACTIONS[action_type]
                verdict[name] = actions
            if actions is not None:
                out.append(actions[c])
        self._chase_extras(p, out, pay)  # M6, M7, Lifebreak
        if zones["field"]:
            self._attack_actions(zones["field"], out)  # M8
        if self._can_judge(p, pay):
            out.append(JUDGMENT)  # M9
        out.append(NEXT_PHASE)
        out.append(END_TURN)
        return out

    def _attack_actions(self, field: Sequence[int], out: list[Action]) -> None:
        """M8: every attack of the field's J-ruler and resonators (:meth:`can_attack`,
        :meth:`attack_targets`), the opponent's rested battlers listed once for them all."""
        cards, digest = self.cards, self.digest
        # Swiftness and Precision given by no effect until end of turn nor lasting one: printed ones decide
        statics = self._statics_present()
        printed_only = not self.grants(ATTACK_KEYWORDS, statics)
        rested: dict[int, list[int]] = {}
        for c in field:
            card = cards[c]
            if card.tapped:
                continue
            if card.marks:
                if "j_ruler" not in card.marks:
                    continue
                if printed_only:
                    keywords = self.printed(c)[2]
                    swift, precise = keywords.swiftness, keywords.precision
            else:
                d = digest[card.name]
                if not d.is_resonator:
                    continue
                swift, precise = d.swiftness, d.precision
            if not printed_only:
                swift, precise = self.has(c, "swiftness", statics), self.has(c, "precision", statics)
            if card.entered_this_turn and not swift:
                continue
            opp = 1 - card.controller
            if precise:
                targets = self.attack_targets(c)
            elif opp in rested:
                targets = rested[opp]
            else:
                targets = rested[opp] = [player_target(opp), *self._rested_battlers(opp)]
            out.extend([ATTACKS[c, "player" if t < 0 else t] for t in targets])

    def _rested_battlers(self, p: int) -> list[int]:
        """What an attack without Precision may target besides the player (FOW-42)."""
        cards, digest = self.cards, self.digest
        return [t for t in self.zones[p]["field"]
                if cards[t].tapped and ("j_ruler" in cards[t].marks or digest[cards[t].name].is_resonator)]

    def _hand_action(self, p: int, c: int, d: Digest, pay: Payer) -> str | None:
        """What the Main Phase lets the player do with this card from the hand, if anything:
        M2 summon, M3 play a spell, M4 play an addition, M5 set a Chant-Standby."""
        kind = d.type
        if kind == "resonator":
            return "summon" if pay(d.cost_key) else None
        if kind == "spell":
            if d.subtype == "chant_standby":  # FOW-54: never played from the hand
                return "set_chant_standby" if pay(STANDBY_SET_KEY) else None
            return "play_spell" if pay(d.cost_key) and self._targets_exist(p, c, d.effect_checks) else None
        if kind == "addition" and pay(d.cost_key) and (d.subtype == "addition_field" or self._hosts(p)):
            return "play_addition"
        return None

    def _chase_actions(self, p: int) -> list[Action]:
        """FOW-52: the actions that may be chases: Chant-Instants (and Quickcast Chants) from
        the hand, [Activate] abilities, set Chant-Standbys whose trigger is met, Lifebreak."""
        out: list[Action] = []
        digest, cards = self.digest, self.cards
        pay = None
        verdict: dict[str, bool] = {}
        for c in self.zones[p]["hand"]:
            name = cards[c].name
            d = digest[name]
            if d.instant_speed:
                ok = verdict.get(name)
                if ok is None:
                    pay = pay or self.payer(p)
                    ok = verdict[name] = pay(d.cost_key) and self._targets_exist(p, c, d.effect_checks)
                if ok:
                    out.append(CARD_ACTIONS["play_spell"][c])
        self._chase_extras(p, out, pay)
        return out

    def _chase_extras(self, p: int, out: list[Action], pay: Payer | None) -> None:
        """What the player may do both as a chase and in their Main Phase, besides spells:
        [Activate] abilities (of the ruler in the ruler area, the player's cards on the field and
        the additions they control on any field, in that order), set Chant-Standbys whose
        trigger is met, Lifebreak."""
        cards, digest, zones = self.cards, self.digest, self.zones
        for c in zones[p]["ruler_area"]:
            card = cards[c]
            d = digest[card.name]
            if d.activates and "spent" not in card.marks:
                pay = self._activations(p, c, card, d, pay, out)
        for q in (0, 1):
            for c in zones[q]["field"]:
                card = cards[c]
                if q == p:
                    d = digest[card.name]
                    if d.activates:
                        pay = self._activations(p, c, card, d, pay, out)
                for a in card.attached:
                    added = cards[a]
                    d = digest[added.name]
                    if added.controller == p and d.activates:
                        pay = self._activations(p, a, added, d, pay, out)
        for c in zones[p]["chant_standby_area"]:
            if self._standby_ready(p, c):
                out.append(CARD_ACTIONS["activate_chant_standby"][c])
        if self.can_lifebreak(p):
            out.append(LIFEBREAK)

    def _activations(self, p: int, c: int, card: Card, d: Digest, pay: Payer | None,
                     out: list[Action]) -> Payer | None:
        """Add the ready [Activate] abilities of card ``c`` (of the side it shows); returns the
        payer, made on first need."""
        if "j_ruler" in card.marks:
            activations = () if "spent" in card.marks else d.back_activations
        else:
            activations = d.front_activations
        for i, ab in activations:
            pay = pay or self.payer(p)
            if self._ability_ready(p, c, i, ab, pay):
                out.append(ACTIVATIONS[c, i])
        return pay

    # ------------------------------------------------------------------ legality helpers
    def _can_call(self, p: int) -> bool:
        """FOW-25: rest the ruler or J-ruler, once per own turn, with a stone left to call."""
        ruler = self.ruler_card(p)
        return (ruler is not None and not self.cards[ruler].tapped and not self.flags.get(CALLED[p])
                and bool(self.zones[p]["magic_stone_deck"]))

    def _can_judge(self, p: int, pay: Payer | None = None) -> bool:
        """FOW-36..38, FOW-118: a recovered ruler showing its ruler side, once per turn, paying J-Activate."""
        area = self.zones[p]["ruler_area"]
        if not area:
            return False
        card = self.cards[area[0]]
        if card.tapped or "j_ruler" in card.marks or self.flags.get(JUDGED[p]):
            return False
        return (pay or self.payer(p))(self.defs[card.name].j_activate_key)

    def _hosts(self, p: int) -> list[int]:
        """FOW-114: the resonators an Addition: Resonator may be played on."""
        return [c for q in (p, 1 - p) for c in self.zones[q]["field"] if self.is_resonator(c)]

    def _targets_exist(self, p: int, source: int, checks: Sequence[Target]) -> bool:
        """Every instruction that must target has something to target (FOW-105); ``checks``
        are the selectors :func:`target_checks` kept ("two target resonators" needs two)."""
        for sel in checks:  # noqa: SIM110 - a loop: no generator on this hot path
            if not self.has_candidates(sel, p, source, sel.count):
                return False
        return True

    def _ability_ready(self, p: int, c: int, i: int, ab: Activation, pay: Payer) -> bool:
        """The ``i``-th ability ``ab`` of card ``c`` may be activated now: {Rest} possible,
        not used yet if once per turn, its will payable and its targets there."""
        if ab.rest_self:
            card = self.cards[c]
            if card.tapped:
                return False
            if card.entered_this_turn and self.where[c][1] == "field" and not self.has(c, "swiftness"):
                return False  # FOW-113
        if ab.once_per_turn and self.flags.get(f"used:{c}:{i}"):
            return False
        return pay(ab.cost_key) and self._targets_exist(p, c, ab.target_checks)

    def _standby_ready(self, p: int, c: int) -> bool:
        """FOW-56, FOW-57: set on an earlier turn, its trigger met now, and recovered stones
        able to produce its cost (the cost is not paid)."""
        card = self.cards[c]
        d = self.digest[card.name]
        event = d.trigger_event
        if event is not None and event != "anytime" and not self.flags.get("chase"):
            return False  # the other triggers are an opponent's action waiting on the chase area
        if card.entered_this_turn or event is None or not self._trigger_met(p, event):
            return False
        return self.stones_could_pay(p, d.cost) and self._targets_exist(p, c, d.effect_checks)

    def _trigger_met(self, p: int, event: str) -> bool:
        return event == "anytime" or bool(self._event_items(p, event))

    def _event_items(self, p: int, event: str) -> list[Mapping[str, Any]]:
        """The opponent's chase items that meet a chant-standby's trigger."""
        out = []
        for item in self.flags.get("chase") or ():
            if item["player"] == p:
                continue
            kind = item["kind"]
            if event == "opponent_spell_targets_your_resonator":
                met = kind == "spell" and bool(self._my_resonator_targets(p, item))
            elif event == "opponent_plays_spell":
                met = kind == "spell"
            elif event == "opponent_summons":
                met = kind == "marker" and item.get("event") == "summoned"
            else:  # opponent_attacks, opponent_lifebreak
                met = kind == "marker" and item.get("event") == event.removeprefix("opponent_").rstrip("s")
            if met:
                out.append(item)
        return out

    def _my_resonator_targets(self, p: int, item: Mapping[str, Any]) -> list[int]:
        return [t for _, ts in item.get("targets", ()) for t in ts
                if t >= 0 and self.cards[t].controller == p and self.is_resonator(t)]

    # ================================================================== answering decisions
    def _resolve(self, action: Action) -> None:
        dec = self.decision
        assert dec is not None
        self.decision = None
        kind, p, data, t = dec.kind, dec.player, dec.data, action.type
        if kind == "main":
            self._resolve_main(p, action)
        elif kind == "window":
            if t == "pass":
                self._window_pass(p, data["passes"])
            else:
                self._declare_action(p, action)
        elif kind == "target":
            self._answer_target(dict(data), action)
        elif kind == "pay":
            chosen = (action.get("cards"), action.get("attributes"))
            option = next(o for o in data["options"] if (o[0], o[1]) == chosen)
            self._pay_with(p, option)
            self._finish_declaration()
        elif kind == "block":
            if t == "block":
                self._block(p, action.get("card"))
        elif kind == "break":
            self._answer_break(p, data["card"], t != "pass")
        elif kind == "optional":
            self.answer_optional(dict(data["task"]), accepted=t != "pass")
        elif kind == "effect_discard":
            self.answer_effect_discard(p, action.get("card"), data["left"])
        elif kind == "discard":
            self.move(action.get("card"), "graveyard")
            self.emit("discarded", card=action.get("card"), name=self.cards[action.get("card")].name, player=p)
        elif kind == "first_player":
            first = p if action.get("option") == "first" else 1 - p
            self._set_up(first)
        elif kind == "mulligan":
            self._mulligan(p, action.get("cards"))

    def _resolve_main(self, p: int, action: Action) -> None:
        t = action.type
        if t in ("end_turn", "next_phase"):
            self._end_phase()
            return
        self.tasks.append(MAIN_TASK)
        self._declare_action(p, action)

    def _declare_action(self, p: int, action: Action) -> None:
        """Start a declared action: markers happen now, the rest are declared as chase items."""
        t, card = action.type, action.get("card")
        if t == "call_magic_stone":
            ruler = self.ruler_card(p)
            assert ruler is not None
            self.update(ruler, tapped=True)
            self.flags[f"called:{p}"] = True
            stone = self.zones[p]["magic_stone_deck"][0]
            self.move(stone, "magic_stone_area", tapped=False, entered_this_turn=True, face_down=False)  # FOW-112
            self.emit("magic_stone_called", card=stone, name=self.cards[stone].name, player=p)
            self._marker(p, "call", stone)
        elif t == "judgment":
            ruler = next(c for c in self.zones[p]["ruler_area"] if self.d(c).type == "ruler")
            self._declare({"kind": "judgment", "card": ruler, "player": p, "cost": dict(self.d(ruler).j_activate)})
        elif t == "set_chant_standby":
            self._declare({"kind": "set_standby", "card": card, "player": p, "cost": dict(STANDBY_SET_COST)})
        elif t == "summon":
            self._declare({"kind": "summon", "card": card, "player": p, "cost": dict(self.d(card).cost)})
        elif t == "play_spell":
            self._declare({"kind": "spell", "card": card, "player": p, "ref": ("effects",),
                           "cost": dict(self.d(card).cost)})
        elif t == "play_addition":
            d = self.d(card)
            item: dict[str, Any] = {"kind": "addition", "card": card, "player": p, "cost": dict(d.cost)}
            if d.subtype == "addition_resonator":
                item["host_candidates"] = tuple(self._hosts(p))
            self._declare(item)
        elif t == "activate_ability":
            index = action.get("ability")
            ab = self.abilities(card)[index]
            if ab.rest_self:
                self.update(card, tapped=True)
            if ab.once_per_turn:
                self.flags[f"used:{card}:{index}"] = True
            self._declare({"kind": "ability", "card": card, "player": p, "ref": ("ability", index),
                           "cost": dict(ab.cost)})
        elif t == "activate_chant_standby":
            d = self.d(card)
            assert d.trigger is not None
            events = self._event_items(p, d.trigger.event)
            self.update(card, face_down=False)
            self._declare({"kind": "spell", "card": card, "player": p, "ref": ("effects",), "cost": {},
                           "standby": True,
                           "event_target": tuple(t for e in events for t in self._my_resonator_targets(p, e)),
                           "event_card": tuple(e["card"] for e in events)})
        elif t == "lifebreak":
            self._lifebreak(p)
        elif t == "attack":
            target = action.get("target")
            self._attack(p, card, player_target(1 - p) if target == "player" else target)

    # ------------------------------------------------------------------ declaring (targets, then payment)
    def _declare(self, item: dict[str, Any]) -> None:
        """Every caller declares as its last step, so the first declaration step runs at once
        (the ``declare`` task it would queue would be the next one run)."""
        item.setdefault("targets", ())
        self.flags["declaring"] = item
        self._declare_step(0)

    def _declare_step(self, index: int) -> None:
        """Choose the targets of the next targeting instruction (FOW-105), then pay."""
        item = self.flags["declaring"]
        if "host_candidates" in item:  # Addition: Resonator: the resonator it is played on
            hosts = [h for h in item["host_candidates"] if self.is_resonator(h)]
            self.decision = Decision(item["player"], "target", {"candidates": tuple(hosts), "optional": False,
                                                                "index": -1, "chosen": ()})
            return
        effects = self._item_effects(item)
        while index < len(effects):
            eff = effects[index]
            if needs_target(eff):
                sel = eff.target
                assert isinstance(sel, Selector)
                chosen = dict(item["targets"]).get(index, ())
                if len(chosen) < sel.count:
                    cands = tuple(c for c in self.candidates(target(sel), item["player"],
                                                             item.get("source", item["card"]))
                                  if c not in chosen)
                    if cands:
                        self.decision = Decision(item["player"], "target", {"candidates": cands, "optional": sel.up_to,
                                                                            "index": index, "chosen": chosen})
                        return
            index += 1
        self._declare_pay()

    def _item_effects(self, item: Mapping[str, Any]) -> Sequence[Any]:
        ref = item.get("ref")
        return () if ref is None else self.effects_of(item["card"], ref)

    def _answer_target(self, data: dict[str, Any], action: Action) -> None:
        item = dict(self.flags["declaring"])
        index = data["index"]
        if action.type == "pass":
            self.flags["declaring"] = item
            self.tasks.append(Task("declare", index=index + 1))
            return
        player = action.get("player")
        pick = player_target(player) if player is not None else action.get("card")
        if index == -1:
            del item["host_candidates"]
            item["host"] = pick
            self.flags["declaring"] = item
            self.tasks.append(Task("declare", index=0))
            return
        targets = dict(item["targets"])
        targets[index] = (*targets.get(index, ()), pick)
        item["targets"] = tuple(sorted(targets.items()))
        self.flags["declaring"] = item
        self.tasks.append(Task("declare", index=index))

    def _declare_pay(self) -> None:
        item = self.flags["declaring"]
        cost = item.get("cost") or {}
        if cost:
            options = self.payments(item["player"], cost)
            if len(options) > 1:
                self.decision = Decision(item["player"], "pay", {"options": tuple(options)})
                return
            if options:
                self._pay_with(item["player"], options[0])
        self._finish_declaration()

    def _pay_with(self, p: int, option: Sequence[Any]) -> None:
        """FOW-26 / FOW-27: rest the stones for will, then spend it with the pool's will."""
        stones, attrs, pool_used = option
        cards = self.cards
        for s in stones:
            cards[s] = cards[s].with_tapped(True)
        for a, n in pool_used:
            self.counters[p][f"will_{a}"] -= n
        if stones and self.log_events:
            self.emit("will_paid", player=p, stones=list(stones), attributes=list(attrs))

    def _finish_declaration(self) -> None:
        # A new dict without the paid cost: the old one may be shared with a clone (clone()
        # copies flags one level deep), so it is never changed in place.
        item = {k: v for k, v in self.flags.pop("declaring").items() if k != "cost"}
        p, card, kind = item["player"], item["card"], item["kind"]
        if kind == "judgment":  # FOW-36: flipped and put onto the field as a J-ruler
            self.flags[f"judged:{p}"] = True
            self.move(card, "field", player=p, marks=frozenset({"j_ruler"}), entered_this_turn=True,
                      tapped=self.cards[card].tapped)
            self.emit("judgment", card=card, name=self.cards[card].name, player=p)
            self._marker(p, "judgment", card)
            self.entered_field(card)  # the J-ruler's [Enter] abilities
            return
        if kind == "set_standby":  # FOW-55: face down
            self.move(card, "chant_standby_area", face_down=True, entered_this_turn=True)
            self.emit("chant_standby_set", card=card, player=p)
            self._marker(p, "set_standby", card)
            return
        if kind in ("summon", "spell", "addition", "break"):
            self.move(card, "chase_area", player=p, face_down=False)
        if self.log_events:
            self.emit("declared", kind=kind, card=card, name=self.cards[card].name, player=p,
                      targets=[list(ts) for _, ts in item["targets"]])
        self._push(item)

    def _marker(self, p: int, event: str, card: int) -> None:
        self._push({"kind": "marker", "event": event, "card": card, "player": p, "targets": ()})

    def _push(self, item: dict[str, Any]) -> None:
        """An item joins the chase area; the other player may answer it (FOW-48, FOW-103)."""
        self.flags["chase"] = [*(self.flags.get("chase") or ()), item]
        if not (self.flags.get("resolving") or item.get("quiet")):
            self._open_window(item["player"])

    def _open_window(self, declarer: int) -> None:
        """The response window after ``declarer`` acted: the opponent's (FOW-103), or under
        ``chase = modern`` the declarer's own priority first."""
        first = declarer if self.options.get("chase") == "modern" else 1 - declarer
        self.tasks.append(WINDOW_TASKS[first][0])

    # ------------------------------------------------------------------ the chase (FOW-48..52, FOW-103)
    def _window_pass(self, p: int, passes: int) -> None:
        """A pass is a caller's last step: what it leads to runs at once."""
        if self.options.get("chase") != "modern":
            self.flags["resolving"] = True  # FOW-51: no chase until the whole area has resolved
            self._resolve_chase()
            return
        if passes + 1 < 2:
            self.tasks.append(WINDOW_TASKS[1 - p][passes + 1])
            return
        self.tasks.append(Task("resolve_top"))

    def _resolve_chase(self) -> None:
        chase = self.flags.get("chase") or []
        last = len(chase)
        while last and chase[last - 1]["kind"] == "marker":  # markers resolve to nothing: no task each
            last -= 1
        if last < len(chase):
            chase = self.flags["chase"] = chase[:last]
        if not chase:
            self.flags.pop("chase", None)
            self.flags.pop("resolving", None)
            self._announce_summons()
            return
        self.tasks.append(RESOLVE_CHASE)
        self._resolve_item()

    def _resolve_top(self) -> None:
        """``chase = modern``: resolve the top item only; priority reopens to the turn player."""
        self.tasks.append(Task("after_top"))
        self.flags["resolving"] = True
        self._resolve_item()

    def _after_top(self) -> None:
        self.flags.pop("resolving", None)
        if self.flags.get("chase"):
            self.tasks.append(WINDOW_TASKS[self.active][0])
        else:
            self.flags.pop("chase", None)
            self._announce_summons()

    def _standby_waits_for(self, p: int, event: str) -> bool:
        """Has the player a set Chant-Standby with this trigger? (Only then is the event worth a window.)"""
        return any((d := self.d(c)).trigger is not None and d.trigger.event == event
                   for c in self.zones[p]["chant_standby_area"])

    def _announce_summons(self) -> None:
        """"When an opponent summons a resonator" is met once the resonator is on the field: the
        resolved summon becomes an event the opponent may answer (FOW-56)."""
        for card, p in self.flags.pop("summoned", None) or ():
            if self.where[card][1] == "field":
                self._marker(p, "summoned", card)

    def _resolve_item(self) -> None:
        """FOW-50: the last declared resolves first."""
        chase = list(self.flags["chase"])
        item = chase.pop()
        self.flags["chase"] = chase
        kind, card, p = item["kind"], item["card"], item["player"]
        if kind == "marker":
            return
        self.emit("resolves", kind=kind, card=card, name=self.cards[card].name, player=p)
        if kind in ("summon", "addition"):
            # FOW-111 once the card is on the field (a lasting effect may leave a DEF at 0).
            # Spells and abilities need no such step: their effects settle after each instruction.
            self.tasks.append(SETTLE)
        if kind == "summon":
            if self.where[card][1] == "chase_area":
                self.move(card, "field", player=p, tapped=False, entered_this_turn=True)  # FOW-112
                self.emit("summoned", card=card, name=self.cards[card].name, player=p)
                self.entered_field(card)
                if self._standby_waits_for(1 - p, "opponent_summons"):
                    self.flags["summoned"] = [*(self.flags.get("summoned") or ()), (card, p)]
        elif kind == "addition":
            self._resolve_addition(item)
        elif kind in ("spell", "break"):
            self.tasks.append(Task.of("spell_done", {"card": card}))  # FOW-16: then to the graveyard
            self.resolve_effects(item)
        else:  # an ability
            self.resolve_effects(item)

    def _resolve_addition(self, item: Mapping[str, Any]) -> None:
        card, p = item["card"], item["player"]
        if self.where[card][1] != "chase_area":
            return
        if self.d(card).subtype == "addition_field":
            self.move(card, "field", player=p, tapped=False, entered_this_turn=True)
            self.entered_field(card)
            return
        host = item.get("host")
        if host is None or not self.is_resonator(host):  # FOW-114: nothing to attach to
            self.move(card, "graveyard")
            return
        self.detach(card)
        self.place(card, p, "attached")
        self.cards[card] = self.cards[card].replace(controller=p, entered_this_turn=True)
        self.cards[host] = self.cards[host].replace(attached=(*self.cards[host].attached, card))
        self.emit("attached", card=card, name=self.cards[card].name, player=p, onto=host)

    def cancel(self, cid: int) -> None:
        chase = self.flags.get("chase") or []
        if any(i["card"] == cid and i["kind"] == "spell" for i in chase):
            self.flags["chase"] = [i for i in chase if not (i["card"] == cid and i["kind"] == "spell")]
            self.move(cid, "graveyard")
            self.emit("cancelled", card=cid, name=self.cards[cid].name)

    def entered_field(self, cid: int) -> None:
        self._queue_triggers(cid, "enter")

    def _queue_triggers(self, card: int, when: str) -> None:
        """Automatic abilities ([Enter], "when this attacks") are declared at once, targets
        chosen by their controller, onto the chase area. [standard] They are not actions a
        player performs, so during resolution they resolve in turn without a new chase (FOW-51)."""
        p = self.cards[card].controller
        abilities = self.abilities(card)
        for i in reversed(range(len(abilities))):
            if abilities[i].when == when:
                self.tasks.append(Task("declare_trigger", card=card, player=p, index=i))

    def _declare_trigger(self, task: Task) -> None:
        card, p, i = task["card"], task["player"], task["index"]
        ab = self.abilities(card)[i]
        if not self._targets_exist(p, card, targets(ab.target_checks)):
            return
        self._declare({"kind": "trigger", "card": card, "player": p, "ref": ("ability", i), "quiet": True})

    # ------------------------------------------------------------------ Lifebreak (FOW-58..62, FOW-120)
    def _lifebreak(self, p: int) -> None:
        """Reveal the top card; a Break may be played free, anything else goes to the graveyard."""
        card = self.zones[p]["lifebreak_area"][0]
        self.counters[p]["lifebreak_revealed"] = self.counters[p].get("lifebreak_revealed", 0) + 1
        self.move(card, "limbo", face_down=False)
        self.emit("lifebreak", card=card, name=self.cards[card].name, player=p,
                  revealed=self.counters[p]["lifebreak_revealed"])
        d = self.digest[self.cards[card].name]
        if d.has_break and self._targets_exist(p, card, d.break_checks):
            # The answer to the Lifebreak comes once the player has said whether the Break is played.
            self._push({"kind": "marker", "event": "lifebreak", "card": card, "player": p, "targets": (),
                        "quiet": True})
            self.tasks.append(Task("offer_break", card=card, player=p))
        else:
            self.move(card, "graveyard")
            self._marker(p, "lifebreak", card)

    def _answer_break(self, p: int, card: int, play: bool) -> None:
        if not play:
            self.move(card, "graveyard")
            self._open_window(p)
            return
        self._declare({"kind": "break", "card": card, "player": p, "ref": ("break",), "cost": {}})

    # ------------------------------------------------------------------ battle (FOW-41..47)
    def _attack(self, p: int, attacker: int, target: int) -> None:
        self.update(attacker, tapped=True)  # FOW-42
        self.flags["battle"] = {"attacker": attacker, "target": target, "player": p}
        self.emit("attack", card=attacker, name=self.cards[attacker].name, player=p,
                  target="player" if target < 0 else target)
        self.tasks.append(BATTLE_DAMAGE)
        self.tasks.append(BLOCK_STEP)
        self._marker(p, "attack", attacker)
        self._queue_triggers(attacker, "attacks")

    def _attacker_alive(self) -> bool:
        battle = self.flags.get("battle")
        return battle is not None and self.is_battler(battle["attacker"])

    def _block_step(self) -> None:
        if not self._attacker_alive():
            return
        battle = self.flags["battle"]
        defender = 1 - battle["player"]
        if self.blockers(defender, battle["attacker"]):
            self.decision = Decision(defender, "block", {"attacker": battle["attacker"]})

    def _block(self, p: int, blocker: int) -> None:
        """FOW-43, FOW-116: the blocker rests; the battle is now against it."""
        self.update(blocker, tapped=True)
        self.flags["battle"] = {**self.flags["battle"], "blocker": blocker}
        self.emit("block", card=blocker, name=self.cards[blocker].name, player=p)
        self._marker(p, "block", blocker)

    def _battle_damage(self) -> None:
        """FOW-44..47: unblocked, the player loses life equal to ATK, or the two battle.

        FOW-125: a blocker that has left the field (or changed sides) by now no longer blocks;
        the attack goes on against the target it was declared against, as if unblocked."""
        battle = self.flags.pop("battle", None)
        if battle is None or not self.is_battler(battle["attacker"]):
            self.emit("battle_end")
            return
        attacker, p = battle["attacker"], battle["player"]
        blocker = battle.get("blocker")
        if blocker is not None and self.is_battler(blocker) and self.cards[blocker].controller == 1 - p:
            self._fight(attacker, blocker, pierce_to=1 - p)  # FOW-116
        else:
            target = battle["target"]
            victim = target_player(target)
            if victim is not None:
                atk = self.atk(attacker)
                self.emit("hit", card=attacker, player=victim, amount=atk)
                self.lose_life(victim, atk)
            elif self.is_battler(target) and self.cards[target].controller == 1 - p:
                self._fight(attacker, target, pierce_to=None)
        self.emit("battle_end")

    def _fight(self, a: int, b: int, pierce_to: int | None) -> None:
        """FOW-46: each deals damage equal to its ATK to the other, at once; First Strike first."""
        statics = self._statics_present()  # nothing below changes the field until damage is dealt
        atk_a, atk_b = self.stats(a, statics)[0], self.stats(b, statics)[0]
        self.emit("battle", attacker=a, defender=b, attacker_atk=atk_a, defender_atk=atk_b)
        if pierce_to is not None and self.has(a, "pierce", statics):
            excess = atk_a - max(0, self.stats(b, statics)[1] - self.damage(b))
            if excess > 0:
                self.lose_life(pierce_to, excess)
        first_a, first_b = self.has(a, "first_strike", statics), self.has(b, "first_strike", statics)
        if first_a != first_b:
            striker, other = (a, b) if first_a else (b, a)
            self.deal_damage(other, self.atk(striker))
            self.settle()
            if self.is_battler(other):
                self.deal_damage(striker, self.atk(other))
            return
        self.deal_damage(b, atk_a)
        self.deal_damage(a, atk_b)

    # ================================================================== automatic steps
    def _run_task(self, task: Task) -> None:
        k = task.kind  # the commonest tasks first
        if k == "resolve_chase":
            self._resolve_chase()
        elif k == "window":
            p = task["player"]
            answers = self._chase_actions(p)
            if answers:  # the list is built here once: most windows have no answer at all
                answers.append(PASS)
                self.decision = Decision(p, "window", {"passes": task["passes"]})
                self._legal = answers
            else:  # nothing to answer with: the same as the automatic pass, without a decision
                self._window_pass(p, task["passes"])
        elif k == "effects":
            self.run_effects_task(task)
        elif k == "settle":
            self.settle()
        elif k == "main":
            self.decision = MAIN_DECISIONS[self.active]
        elif k == "declare":
            self._declare_step(task["index"])
        elif k == "block_step":
            self._block_step()
        elif k == "battle_damage":
            self._battle_damage()
            self.settle()  # FOW-111: battle damage may destroy, and life may reach 0
        elif k == "spell_done":
            if self.where[task["card"]][1] == "chase_area":
                self.move(task["card"], "graveyard")
        elif k == "cleanup":
            self._cleanup()
        elif k == "discard_step":
            self._discard_step()
        elif k == "declare_trigger":
            self._declare_trigger(task)
        elif k == "offer_break":
            self.decision = Decision(task["player"], "break", {"card": task["card"]})
        elif k == "resolve_top":
            self._resolve_top()
        elif k == "after_top":
            self._after_top()
        elif k == "begin_turn":
            self._begin_turn(task.get("start", "turn_start"))
        elif k == "end_phase":
            self._end_phase()
        elif k == "choose_first":
            self.decision = Decision(task["player"], "first_player", {})
        elif k == "mulligan":
            self.decision = Decision(task["player"], "mulligan", {})
        elif k == "prepare_lifebreak":
            self._prepare_lifebreak()
        else:
            raise AssertionError(f"unknown task {k}")

    # ------------------------------------------------------------------ set-up (FOW-2, FOW-3)
    def _set_up(self, first: int) -> None:
        """FOW-2 steps 3 to 5: draw five, mulligans in turn order (FOW-122), Lifebreak, rulers."""
        self.first_player = self.active = first
        self.emit("first_player", player=first)
        for p in (0, 1):
            self.draw(p, 5)
        self.tasks += [Task("begin_turn"), Task("prepare_lifebreak"), Task("mulligan", player=1 - first),
                       Task("mulligan", player=first)]

    def _mulligan(self, p: int, cards: Sequence[int] | None) -> None:
        """FOW-3: any number to the bottom of the main deck, then as many drawn; once."""
        cards = tuple(cards or ())
        for c in cards:
            self.move(c, "main_deck")
        self.draw(p, len(cards))
        self.emit("mulligan", player=p, count=len(cards))

    def _prepare_lifebreak(self) -> None:
        """FOW-2 step 4: the top 4 cards, in the same order, face down; then the rulers (step 5)."""
        if self.options.get("lifebreak") != "false":
            for p in (0, 1):
                for _ in range(LIFEBREAK_MAX):
                    deck = self.zones[p]["main_deck"]
                    if deck:
                        self.move(deck[0], "lifebreak_area", face_down=True)
        self.emit("rulers_on_the_field")
        self.flags.pop("setting_up", None)

    # ------------------------------------------------------------------ the turn (FOW-30..34, FOW-101)
    def _begin_turn(self, start: str = "turn_start") -> None:
        """FOW-30, FOW-101: start of turn, Draw, Recovery, then the Main Phase. ``start`` is
        where a scenario loaded at a later phase begins (what comes before has happened)."""
        p = self.active
        if start != "recovery":
            self.emit("turn_start", turn=self.turn, player=p)
            self.enter_phase("turn_start")
            self.enter_phase("draw")
            if not (self.turn == 1 and p == self.first_player):  # FOW-31
                if not self.zones[p]["main_deck"]:  # FOW-64
                    self.lose(p, "deck_out")
                    return
                self.draw(p)
        self.enter_phase("recovery")
        if not self.first_turn_of(p):  # FOW-32
            cards, zones = self.cards, self.zones[p]
            for zone in ("field", "ruler_area", "magic_stone_area"):
                for c in zones[zone]:
                    if cards[c].tapped:
                        cards[c] = cards[c].with_tapped(False)
        self.enter_phase("main")
        self.decision = MAIN_DECISIONS[p]  # the Main Phase's open decision (the ``main`` task)

    def _end_phase(self) -> None:
        """FOW-34: damage healed, discard to seven, will lost, then the next turn."""
        self.enter_phase("end")
        for p in (0, 1):
            for c in self.zones[p]["field"]:
                if self.damage(c):
                    self.set_counter(c, "damage", 0)
        self.tasks.append(CLEANUP)
        self._discard_step()  # the step that would run next

    def _discard_step(self) -> None:
        p = self.active
        if len(self.zones[p]["hand"]) > HAND_LIMIT:
            self.tasks.append(DISCARD_STEP)
            self.decision = Decision(p, "discard", {})

    def _cleanup(self) -> None:
        for counters in self.counters:  # FOW-28 / FOW-34 step 3
            counters.update(NO_WILL)
        if self.effects:
            self.effects = [e for e in self.effects if e.get("until") != "turn"]
        self.flags = {}
        cards = self.cards
        for zones in self.zones:
            for zone in ("field", "magic_stone_area", "chant_standby_area", "ruler_area"):
                for c in zones[zone]:
                    card = cards[c]
                    if card.entered_this_turn:
                        cards[c] = card.replace(entered_this_turn=False)
                    for added in card.attached:
                        if cards[added].entered_this_turn:
                            cards[added] = cards[added].replace(entered_this_turn=False)
        self.emit("turn_end", turn=self.turn, player=self.active)
        self.turn += 1
        self.active = 1 - self.active
        self._begin_turn()  # the step that would run next

    # ================================================================== views
    def explain_illegal(self, action: Action) -> tuple[str, str]:
        from tcg.games.force_of_will.illegal import explain

        return explain(self, action)

    def card_view(self, cid: int) -> dict[str, Any]:
        view = super().card_view(cid)
        d = self.d(cid)
        view["type"] = d.type
        if d.subtype:
            view["subtype"] = d.subtype
        if d.attributes:
            view["attributes"] = list(d.attributes)
        if d.cost:
            view["cost"] = dict(d.cost)
        if self.is_j_ruler(cid):
            assert d.j_ruler is not None
            view["side"] = "j_ruler"
            view["j_ruler_name"] = d.j_ruler.name
            if self.is_spent(cid):
                view["spent"] = True
        if self.is_battler(cid) or d.type == "resonator":
            view["atk"], view["def"] = self.stats(cid)
        if self.cards[cid].attached:
            view["additions"] = [self.card_view(a) for a in self.cards[cid].attached]
        return view


__all__ = ["PHASES", "STARTING_LIFE", "ForceOfWillState"]
