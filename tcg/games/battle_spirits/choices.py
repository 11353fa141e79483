"""Choices asked while effects resolve: targets, "you may", the order of simultaneous effects
(BS-120), the windows of set bursts and their follow-ups (BS-13, BS-14, BS-113, BS-119) and
whether to keep a separated brave (BS-121)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.lazy import Concat
from tcg.core.state import Decision, Task
from tcg.games.battle_spirits import braves as brave_era
from tcg.games.battle_spirits import bursts, starter_era, trash_zone
from tcg.games.battle_spirits.main_phase import BattleSpiritsRule, card_problem
from tcg.games.battle_spirits.payment import CorePayments

if TYPE_CHECKING:
    from tcg.games.battle_spirits.state import BattleSpiritsState

PASS = Action("pass")
YES = Action("choose", option="yes")


# ---------------------------------------------------------------------- decisions
class Target(BattleSpiritsRule):
    """An effect's target: one card at a time, or stop where it says "up to"."""

    kind: ClassVar[str] = "target"
    prompt: ClassVar[str] = "Choose a target for the effect (or stop, where it says \"up to\")"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "BS-33"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        return state.target_actions(decision.data)

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        state.resolve_target_choice(dict(decision.data), state.target_pick(decision.data, action))


class YouMay(BattleSpiritsRule):
    """A "you may" effect, or BS-14's free Flash effect after a burst: yes or pass."""

    kind: ClassVar[str] = "optional"
    prompt: ClassVar[str] = "The effect says \"you may\": do it, or pass"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "BS-33"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        return [YES, PASS]

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        task = dict(decision.data["task"])
        accepted = action.type != "pass"
        if task.get("follow_up"):  # BS-14: the free Flash effect after a burst
            if accepted:
                timing = "main" if task["follow_up"] == "use_main" else "flash"  # BS-152
                state.queue_effects(task["card"], decision.player, (state.cards[task["card"]].name, timing))
        else:
            state.answer_optional(task, accepted=accepted)


class ChooseOption(BattleSpiritsRule):
    """An instruction's own choice before it is carried out: a colour ("choose 1 colour"), how
    many cores ("up to 3"), or which of its alternatives ("from a card you control or from your
    trash")."""

    kind: ClassVar[str] = "option"
    prompt: ClassVar[str] = "The effect asks you to choose: a colour, a number, or one of its instructions"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "BS-33"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", option=o) for o in decision.data["options"]]

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        state.tasks.append(Task.of("effects", {**decision.data["task"], "option": action.get("option")}))

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        options = ", ".join(str(o) for o in decision.data["options"])
        return "BS-33", f"choose {{option}} among: {options}"


class Spread(BattleSpiritsRule):
    """``spread_cores``: the card the next core goes onto (one at a time), or stop where the text
    says "any number"."""

    kind: ClassVar[str] = "spread"
    prompt: ClassVar[str] = "Move a core onto one of these cards (or stop, where the effect says \"any number\")"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "BS-33"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        data = decision.data
        picks = [Action("choose", card=c) for c in data["candidates"]]
        return [*picks, PASS] if data["optional"] else picks

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        data = decision.data
        if action.type == "pass":
            return
        source = data["source"]
        state.move_core(state.cards[source].controller, source, action.get("card"), 1)
        state.offer_spread(decision.player, source, data["scope"], data["leave"], data["optional"])


class Reveal(BattleSpiritsRule):
    """``reveal_top``: the revealed card to take into the hand, then the next one to put at the
    bottom of the deck ("in any order")."""

    kind: ClassVar[str] = "reveal"
    prompt: ClassVar[str] = "Revealed cards: take the one the effect lets you take, then order the rest to the bottom"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "BS-33"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", card=c) for c in decision.data["candidates"]]

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        data, card = decision.data, action.get("card")
        state.move(card, "hand" if data["pick"] else "deck")  # "deck": appended at the bottom
        rest = tuple(c for c in data["cards"] if c != card)
        state.offer_reveal(decision.player, rest, {}, pick=False)


class OrderEffects(BattleSpiritsRule):
    """BS-120: the turn player picks whose waiting simultaneous effect resolves next."""

    kind: ClassVar[str] = "order_effects"
    prompt: ClassVar[str] = "Several effects happen at once: choose the card whose effect resolves next"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "BS-120"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        data = decision.data
        items = data["effects"] or data["bursts"]
        return [Action("choose", card=c) for c in dict.fromkeys(item[0] for item in items)]

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        state.order_next(decision.data["effects"], decision.data["bursts"], action.get("card"))

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        return card_problem(state, action) or (
            "BS-120", "choose {card} among the cards whose simultaneous effects are waiting")


class BurstWindow(BattleSpiritsRule):
    """BS-13: when its condition happened, the owner of a set burst may activate it, free."""

    kind: ClassVar[str] = "burst"
    prompt: ClassVar[str] = "Your burst's condition has happened: activate it for free, or keep it set"
    accepts: ClassVar[frozenset[str]] = frozenset({"activate_burst", "pass"})
    rule: ClassVar[str] = "BS-13"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        return [Action("activate_burst", card=decision.data["card"]), PASS]

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        if action.type == "activate_burst":
            activate_burst(state, decision.player, decision.data["card"])
        else:
            bursts.close_window(state, decision.player)


class BurstPay(BattleSpiritsRule):
    """BS-113: the burst's follow-up, summon / deploy it or use its Flash effect, answered with
    where the cost's cores come from and where the placed ones come from (BS-106); or pass."""

    kind: ClassVar[str] = "burst_pay"
    prompt: ClassVar[str] = "After the burst: play the card as it says, choosing where its cores come from, or pass"
    accepts: ClassVar[frozenset[str]] = frozenset({"summon", "deploy", "use_magic", "direct_brave", "pass"})
    rule: ClassVar[str] = "BS-113"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        data = decision.data
        if data["then"] == "direct_brave":  # braves.py BS-175: a free brave fused straight onto a spirit
            return brave_era.direct_brave_actions(state, decision.player, data) or [PASS]
        if data["then"] == "summon" and not data.get("transmigrated") \
                and state.d(data["card"]).keywords.transmigration is not None:  # trash_zone.py BS-192
            cost = 0 if data.get("free") else state.reduced_cost(decision.player, data["card"])
            reserve, sources, _ = state.payment_context(decision.player)
            moves = trash_zone.transmigration_payments(state, decision.player, data["card"], reserve, sources, cost)
            return Concat([*moves, [] if data.get("compulsory") and moves else [PASS]])
        payments = burst_payments(state, decision.player, data["card"], data["then"], data.get("free", False))
        if data["then"] == "summon" and data.get("free") and state.d(data["card"]).type == "brave":
            # fusion.py BS-218: a Brave Burst summoned free may fuse straight onto a spirit
            payments = Concat([payments, brave_era.direct_brave_actions(
                state, decision.player, {**data, "scope": {"player": "self"}})])
        if data.get("compulsory") and len(payments):  # "deploy it" (braves.py BS-167): no pass while it can be
            return payments
        return Concat([payments, [PASS]])

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        t, p, card = action.type, decision.player, decision.data["card"]
        if t == "use_magic":
            timing = action.get("timing")
            state.pay(p, action)
            state.emit("magic_used", card=card, name=state.cards[card].name, player=p, timing=timing)
            starter_era.note_magic(state, p, card)  # BS-291
            state.queue_effects(card, p, (state.cards[card].name, timing))
        elif t == "direct_brave":
            brave_era.fuse_free(state, p, card, action.get("onto"), decision.data.get("refresh_host", False))
        elif t == "summon" and action.get("target") is not None:  # Transmigration (trash_zone.py BS-192)
            trash_zone.transmigrate(state, p, action, decision.data)
        elif t != "pass":
            state.put_onto_field(p, action, quiet=decision.data.get("quiet", False))
            trash_zone.summoned(state, p, card, decision.data)

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        problem = card_problem(state, action)
        if problem is not None:
            return problem
        data = decision.data
        if data.get("transmigrated"):  # trash_zone.py BS-192
            return "BS-192", (f"Transmigration: put cores on {state.cards[data['card']].name} from your reserve "
                              "and your cards (not from the transmigrated spirit, whose cores are gone)")
        if state.d(data["card"]).keywords.transmigration is not None and data["then"] == "summon":
            return "BS-192", (f"Transmigration: summon {state.cards[data['card']].name} naming one of your spirits "
                              "it can transmigrate (its target), paying its cost, or pass")
        if data.get("paid_summon"):  # trash_zone.py BS-180 / BS-189
            paying = "placing" if data.get("free") else "paying its cost exactly and placing"
            rule = "BS-180" if data.get("immortality") else "BS-189"
            return rule, (f"summon {state.cards[data['card']].name} from your {state.zone_of(data['card'])} "
                          f"{paying} cores from your reserve and your cards (BS-106), or pass")
        if data.get("by_effect"):  # braves.py BS-167
            tail = "" if data.get("compulsory") else ", or pass"
            return "BS-167", (f"{data['then']} {state.cards[data['card']].name} without paying its cost, placing cores"
                             f" from your reserve and your cards (BS-106){tail}")
        paying = "placing" if data.get("free") else "paying its cost exactly and placing"
        return "BS-113", (f"the burst's follow-up: {data['then']} {state.cards[data['card']].name} {paying} "
                          "cores from your reserve and your cards (BS-106), or pass")


class KeepBrave(BattleSpiritsRule):
    """BS-121: keep a separated brave in spirit form with the cores for its LV1, or let it go."""

    kind: ClassVar[str] = "keep_brave"
    prompt: ClassVar[str] = ("The brave spirit left the field: keep the brave in spirit form by putting "
                              "cores on it up to its LV1 cost, or let it go to the trash")
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "BS-121"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        reserve, sources, _ = state.payment_context(decision.player)
        return Concat([CorePayments("choose", (("card", decision.data["card"]),), reserve, sources,
                                    decision.data["need"], place=False, field="place"), [PASS]])

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        state.resolve_brave(decision.player, decision.data["card"],
                            None if action.type == "pass" else action.get("place"))

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        problem = card_problem(state, action)
        if problem is not None:
            return problem
        data = decision.data
        return "BS-121", (f"keep {state.cards[data['card']].name} with choose {{card, place}} putting exactly "
                          f"{data['need']} more core(s) on it from your reserve and your cards, or pass")


def burst_payments(s: BattleSpiritsState, p: int, card: int, then: str, free: bool) -> Sequence[Action]:
    """BS-113: "after that, (by paying this card's cost,) summon it / use its Flash effect";
    BS-106 / BS-107: a summon or deploy places cores from the reserve and your cards."""
    reserve, sources, total = s.payment_context(p)
    cost = 0 if free else s.reduced_cost(p, card)
    if cost > total:
        return []
    if then in ("use_flash", "use_main"):  # BS-152: the Main effect as the Flash one
        timing = "main" if then == "use_main" else "flash"
        return CorePayments("use_magic", (("card", card), ("timing", timing)), reserve, sources, cost, place=False)
    return CorePayments(then, (("card", card),), reserve, sources, cost, place=True)


def activate_burst(s: BattleSpiritsState, p: int, card: int) -> None:
    """BS-13: the burst effect, free; BS-14: then, as the card says, it may be played free."""
    burst = s.d(card).keywords.burst
    assert burst is not None
    s.move(card, "trash", face_down=False)
    s.emit("burst", card=card, name=s.cards[card].name, player=p)
    bursts.open_burst(s, p, card)
    s.tasks.append(Task("burst_activated", player=p, card=card))  # BS-154: once all below is done
    if burst.then != "none":
        s.tasks.append(Task("burst_follow_up", player=p, card=card, then=burst.then))
    s.queue_effects(card, p, (s.cards[card].name, "burst"))


# ---------------------------------------------------------------------- steps
def effects(s: BattleSpiritsState, task: Task) -> None:
    """The next instruction of a resolving effect."""
    s.run_effects_task(task)


def simultaneous(s: BattleSpiritsState, task: Task) -> None:
    """BS-120: effects set off together, in the turn player's order; then the bursts (BS-119)."""
    s.run_simultaneous(task["effects"], task["bursts"])


def burst_window(s: BattleSpiritsState, task: Task) -> None:
    """BS-119: a set burst's window opens after the event and what it set off (if still set)."""
    if s.zone_of(task["card"]) == "burst" and not starter_era.burst_locked(s, task["player"]):  # BS-282
        s.decision = Decision(task["player"], "burst", {"card": task["card"]})
    else:
        bursts.close_window(s, task["player"])


def separate_brave(s: BattleSpiritsState, task: Task) -> None:
    """BS-8 / BS-121: a brave that left with its spirit is kept (if its controller can) or trashed."""
    s.separate_brave(task["card"])


def burst_follow_up(s: BattleSpiritsState, task: Task) -> None:
    """BS-14 / BS-113: after the burst effect, "you may" summon / deploy it or use its Flash
    effect, free or by paying its cost as the card says; an Ultimate needs its condition (BS-16)."""
    p, card, then = task["player"], task["card"], task["then"]
    burst = s.d(card).keywords.burst
    assert burst is not None
    if s.zone_of(card) != "trash":
        return  # the card moved meanwhile
    if burst.max_life is not None and s.counters[p]["life"] > burst.max_life:
        return  # "if your life is N or less"
    if burst.only_if is not None and not bursts.follow_up_allowed(s, p, card, burst.only_if):
        return  # BS-151
    if then == "return_to_hand":  # BS-152: not a choice
        s.move(card, "hand")
        return
    if then == "summon" and not s.summon_condition_met(p, card):
        return
    if burst.pay_then or then not in ("use_flash", "use_main"):
        # BS-106: a summon or deploy, free or paid, is answered with where its cores come from
        s.decision = Decision(p, "burst_pay", {"card": card, "then": then, "free": not burst.pay_then})
    else:
        s.decision = Decision(p, "optional", {"task": {"follow_up": then, "card": card}})
