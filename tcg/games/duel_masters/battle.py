"""The attack step: attacks (DM-22, DM-108), blocks (DM-49), breaking shields (DM-40..DM-61),
Shield Triggers (DM-43) and battles (DM-109).

An attack is a queue of tasks: declaring it taps the attacker and queues ``block_window`` and
``end_attack``; an unblocked attack is ``resolve_attack`` — a battle with the attacked creature,
or ``break`` one shield at a time (the attacker's player choosing which, DM-56), each broken
Shield Trigger offered at once (``shield_trigger``); a block is a ``battle`` with the blocker,
and the attack stops there (DM-110). ``flags["attack"]`` says what the attack is while it lasts.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.duel_masters.main_phase import cast, summon
from tcg.games.duel_masters.turn import END_TURN, NEXT_PHASE, PASS, STEP_ENDS, DuelMastersRule, Reason, leave_step

if TYPE_CHECKING:
    from tcg.games.duel_masters.state import DuelMastersState


# ---------------------------------------------------------------------- declaring attacks
class AttackStep(DuelMastersRule):
    """DM-22: the attack step's open decision — attack with a creature (DM-108) or use a tap
    ability (DM-117), as often as there are creatures that can."""

    kind: ClassVar[str] = "attack"
    prompt: ClassVar[str] = "Attack with a creature, or end your turn"
    accepts: ClassVar[frozenset[str]] = frozenset({"attack", "tap_ability", *STEP_ENDS})
    rule: ClassVar[str] = "DM-22"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        out: list[Action] = []
        for c in state.zones[decision.player]["battle"]:
            if not state.can_attack(c):
                continue
            out.extend(Action.of("attack", (("card", c), ("target", t))) for t in state.attack_targets(c))
            if state.keyword(c, "tap_ability") is not None and not state.must_attack(c):  # DM-69
                out.append(Action("tap_ability", card=c))
        out.append(NEXT_PHASE)
        out.append(END_TURN)
        return out

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        t, p = action.type, decision.player
        if t in STEP_ENDS:
            leave_step(state, "attack", p, action)
            return
        state.tasks.append(Task("phase", phase="attack"))  # come back to this decision afterwards
        card = action.get("card")
        if t == "attack":
            declare_attack(state, p, card, action.get("target"))
            return
        state.set_tapped(card, True)  # DM-67; DM-70: not an attack, so nobody may block
        state.emit("tap_ability", card=card, name=state.cards[card].name, player=p)
        state.queue_effects(card, p, (state.cards[card].name, "tap_ability"))

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        if action.type == "attack":
            return why_not_attack(state, action, decision.player)
        if action.type == "tap_ability":
            return why_not_tap_ability(state, action.get("card"), decision.player)
        return None


class ForcedAttack(DuelMastersRule):
    """DM-69: before the turn ends, each creature that must attack does (``forced_attacks``)."""

    kind: ClassVar[str] = "forced_attack"
    prompt: ClassVar[str] = "This creature must attack: choose what it attacks"
    accepts: ClassVar[frozenset[str]] = frozenset({"attack"})
    rule: ClassVar[str] = "DM-69"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [Action.of("attack", (("card", c), ("target", t)))
                for c in state.forced_attackers(decision.player) for t in state.attack_targets(c)]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        state.tasks.append(Task("forced_attacks"))
        declare_attack(state, decision.player, action.get("card"), action.get("target"))


def forced_attacks(state: DuelMastersState, task: Task) -> None:
    """Step ``forced_attacks``: the next forced attack, in the attack step (DM-69)."""
    if state.forced_attackers(state.active):
        if state.phase != "attack":
            state.enter_phase("attack")
        state.decision = Decision(state.active, "forced_attack")


def why_not_attack(state: DuelMastersState, action: Action, who: int) -> Reason:
    """Why this creature cannot attack this target (DM-48, DM-106, DM-108, DM-123)."""
    card, target = action.get("card"), action.get("target")
    if state.zone_of(card) != "battle" or state.cards[card].controller != who:
        return "DM-108", "attack with one of your creatures in the battle zone"
    name = state.name_of(card)
    if state.keyword(card, "cant_attack"):
        return "DM-48", f"{name} can't attack"
    if state.cards[card].tapped:
        return "DM-123", f"{name} is tapped; each attack needs an untapped creature"
    if state.is_summoning_sick(card):
        return "DM-106", f"{name} was put into the battle zone this turn (summoning sickness)"
    if target == "player":
        return "DM-108", f"{name} can't attack players"
    if isinstance(target, int) and 0 <= target < len(state.cards):
        if state.zone_of(target) != "battle" or state.cards[target].controller == who:
            return "DM-108", "the target must be the opponent or one of the opponent's creatures"
        if not state.cards[target].tapped:
            return "DM-108", "untapped creatures cannot be attacked"
    return "DM-108", "the target must be 'player' or one of the opponent's tapped creatures"


def why_not_tap_ability(state: DuelMastersState, card: int, who: int) -> Reason:
    """Why this creature cannot use a tap ability now (DM-67..DM-69)."""
    if state.zone_of(card) != "battle" or state.cards[card].controller != who:
        return "DM-67", "only your creature in the battle zone can use its tap ability"
    if state.keyword(card, "tap_ability") is None:
        return "DM-67", f"{state.name_of(card)} has no tap ability"
    if state.must_attack(card) and state.can_attack(card):
        return "DM-69", f"{state.name_of(card)} must attack, so it cannot use its tap ability"
    return "DM-68", f"{state.name_of(card)} cannot attack now, so it cannot use its tap ability (DM-106)"


def declare_attack(state: DuelMastersState, p: int, attacker: int, target: int | str) -> None:
    """DM-108: the attacker taps; its "when it attacks" abilities resolve before blocks."""
    state.set_tapped(attacker, True)
    state.flags["attack"] = {"attacker": attacker, "target": target, "player": p, "blocker": None}
    powers = {"attacker_power": state.power(attacker)}  # (Power Attacker counts from now: DM-51)
    if isinstance(target, int):
        powers["target_power"] = state.power(target)
    state.emit("attack", card=attacker, name=state.cards[attacker].name, player=p, target=target, **powers)
    state.tasks.append(Task("end_attack"))
    state.tasks.append(Task("block_window"))
    state.queue_triggers(attacker, "attacks")


def end_attack(state: DuelMastersState, task: Task) -> None:
    """Step ``end_attack``: the attack is over (Power Attacker bonuses end with it)."""
    attack = state.flags["attack"]
    state.flags["attack"] = None
    state.emit("attack_ended")
    if attack is not None and attack["target"] == "player" and state.zone_of(attack["attacker"]) == "battle":
        state.queue_triggers(attack["attacker"], "after_attacking_player")  # Marrow Ooze


# ---------------------------------------------------------------------- blocking
class Block(DuelMastersRule):
    """DM-49: the defending player may block with an untapped Blocker, or ``pass``."""

    kind: ClassVar[str] = "block"
    prompt: ClassVar[str] = "Block the attack with one of your blockers, or let it through"
    accepts: ClassVar[frozenset[str]] = frozenset({"block", "pass"})
    rule: ClassVar[str] = "DM-49"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [*(Action("block", card=c) for c in state.blockers(decision.data["attacker"], decision.player)), PASS]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        if action.type == "block":
            block(state, decision.data["attacker"], action.get("card"))
        else:
            state.tasks.append(Task("resolve_attack"))

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        if action.type != "block":
            return None
        card: int = action.get("card")
        attacker: int = decision.data["attacker"]
        if state.zone_of(card) == "battle" and state.keyword(attacker, "stealth") and \
                state.is_unblockable_by_stealth(attacker, decision.player):
            return "DM-73", f"{state.name_of(attacker)} has Stealth and you have that civilization in your mana zone"
        if state.cards[card].tapped:
            return "DM-50", "a tapped creature cannot block"
        return "DM-49", "only an untapped Blocker of the defending player can block"


def block_window(state: DuelMastersState, task: Task) -> None:
    """Step ``block_window``: after the attack triggers, the defender may block (if the attacker
    is still there and they have a Blocker that can)."""
    attack = state.flags["attack"]
    attacker = attack["attacker"]
    if state.zone_of(attacker) != "battle":
        return
    defender = 1 - attack["player"]
    if state.blockers(attacker, defender):
        state.decision = Decision(defender, "block", {"attacker": attacker})
    else:
        state.tasks.append(Task("resolve_attack"))


def block(state: DuelMastersState, attacker: int, blocker: int) -> None:
    """DM-49: the blocker taps and battles the attacker; DM-110: the attack stops there. An
    attacker that becomes blocked gets what a card granted for that this turn (Creeping Plague)."""
    state.set_tapped(blocker, True)
    if state.effects:
        owner = state.cards[attacker].controller
        for e in lasting.of_kind(state, "when_blocked", player=owner):
            lasting.add(state, "keywords", card=attacker, keywords=dict(e["keywords"]))
    state.flags["attack"] = {**state.flags["attack"], "blocker": blocker}
    state.emit("block", card=blocker, name=state.cards[blocker].name, player=state.cards[blocker].controller,
               attacker=attacker, power=state.power(blocker), attacker_power=state.power(attacker))
    state.tasks.append(Task("battle", attacker=attacker, defender=blocker))
    state.queue_triggers(blocker, "blocks")


# ---------------------------------------------------------------------- an unblocked attack
def resolve_attack(state: DuelMastersState, task: Task) -> None:
    """Step ``resolve_attack``: a battle with the attacked creature, or shields to break; with
    none left, the attacked player loses (DM-42 / DM-112)."""
    attack = state.flags["attack"]
    attacker, target = attack["attacker"], attack["target"]
    if state.zone_of(attacker) != "battle":
        return
    if target != "player":
        if state.zone_of(target) == "battle":
            state.tasks.append(Task("battle", attacker=attacker, defender=target))
        return
    defender = 1 - attack["player"]
    shields = state.zones[defender]["shields"]
    if not shields:
        state.lose(defender, "direct_attack")
        return
    if (state.keyword(attacker, "triple_breaker") and state.keyword(attacker, "double_breaker")
            and len(shields) >= 3):
        state.decision = Decision(attack["player"], "breaker_count", {"defender": defender})  # DM-61
        return
    state.tasks.append(Task("break", defender=defender, left=state.breaker_count(attacker)))


class BreakerCount(DuelMastersRule):
    """DM-61: a Triple Breaker given Double Breaker chooses to break 2 or 3 shields."""

    kind: ClassVar[str] = "breaker_count"
    prompt: ClassVar[str] = "Choose how many shields this attack breaks"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "DM-61"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", option=2), Action("choose", option=3)]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        state.tasks.append(Task("break", defender=decision.data["defender"], left=action.get("option")))

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        if action.type == "choose":
            return "DM-61", "a Triple Breaker given Double Breaker breaks 2 or 3 shields, never just 1"
        return must_break(action)


def must_break(action: Action) -> Reason | None:
    """DM-59: breaking is not optional."""
    return ("DM-59", "a breaker must break shields while it can") if action.type == "pass" else None


def next_break(state: DuelMastersState, task: Task) -> None:
    """Step ``break``: DM-56: one shield at a time, the attacker choosing; DM-41: stop when none
    are left; DM-115 (variant): all of them at once."""
    defender, left = task["defender"], task["left"]
    if left <= 0 or not state.zones[defender]["shields"]:
        return
    if state.options.get("breaking") == "simultaneous":
        state.decision = Decision(1 - defender, "break_all", {"defender": defender, "count": left})
        return
    state.decision = Decision(1 - defender, "break", {"defender": defender, "left": left})


class Break(DuelMastersRule):
    """DM-56: the attacking player chooses the next shield to break (by its index)."""

    kind: ClassVar[str] = "break"
    prompt: ClassVar[str] = "Choose which shield to break"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "DM-56"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", index=i) for i in range(len(state.zones[decision.data["defender"]]["shields"]))]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        defender = decision.data["defender"]
        state.tasks.append(Task("break", defender=defender, left=decision.data["left"] - 1))
        break_shield(state, defender, state.zones[defender]["shields"][action.get("index")])

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        if action.type == "choose":
            return "DM-56", "choose the index of one of the defender's shields"
        return must_break(action)


class BreakAll(DuelMastersRule):
    """DM-115 (variant): the attacker's shields are chosen and broken together; their Shield
    Triggers are then offered one after another."""

    kind: ClassVar[str] = "break_all"
    prompt: ClassVar[str] = "Choose the shields to break"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "DM-115"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        n = len(state.zones[decision.data["defender"]]["shields"])
        return [Action("choose", indices=c) for c in combinations(range(n), min(decision.data["count"], n))]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        defender = decision.data["defender"]
        shields = state.zones[defender]["shields"]
        picked = [shields[i] for i in action.get("indices")]
        for s in picked:
            break_shield(state, defender, s, offer_trigger=False)
        triggers = tuple(s for s in picked if state.keyword(s, "shield_trigger"))
        if triggers:
            state.tasks.append(Task("trigger_window", player=defender, cards=triggers))

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        return must_break(action)


def break_shield(state: DuelMastersState, defender: int, shield: int, offer_trigger: bool = True) -> None:
    """DM-40: the broken shield goes to its owner's hand; DM-43/DM-45: its trigger, now."""
    attack = state.flags.get("attack")
    attacker = attack["attacker"] if attack else None
    state.emit("break_shield", card=shield, name=state.cards[shield].name, player=defender,
               attacker=attacker, index=state.zones[defender]["shields"].index(shield))
    state.move(shield, "hand", face_down=False, tapped=False)
    if attack is not None:  # DM-74: Turbo Rush counts the creatures that broke shields this turn
        breakers = state.flags.get("shield_breakers", ())
        state.flags["shield_breakers"] = (*breakers, (attack["player"], attacker))
    if offer_trigger and state.keyword(shield, "shield_trigger") and trigger_actions(state, defender, (shield,)):
        state.decision = Decision(defender, "shield_trigger", {"cards": (shield,)})


# ---------------------------------------------------------------------- Shield Triggers
class ShieldTrigger(DuelMastersRule):
    """DM-43: a Shield Trigger just put into hand from a broken shield may be used for free,
    at once (``pass`` keeps it in hand)."""

    kind: ClassVar[str] = "shield_trigger"
    prompt: ClassVar[str] = "A broken shield has a Shield Trigger: use it for free, or keep the card"
    accepts: ClassVar[frozenset[str]] = frozenset({"use_shield_trigger", "pass"})
    rule: ClassVar[str] = "DM-43"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [*trigger_actions(state, decision.player, decision.data["cards"]), PASS]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        if action.type != "use_shield_trigger":
            return
        p, card = decision.player, action.get("card")
        rest = tuple(c for c in decision.data["cards"] if c != card)
        if rest:
            state.tasks.append(Task("trigger_window", player=p, cards=rest))
        state.emit("shield_trigger", card=card, name=state.cards[card].name, player=p)
        if state.d(card).type == "spell":
            cast(state, p, card)
        else:
            summon(state, p, card, action.get("onto"))


def trigger_actions(state: DuelMastersState, p: int, cards: tuple[int, ...]) -> list[Action]:
    """The ways to use these Shield Triggers, if still in hand (DM-12: a forbidden spell is not
    cast; DM-29: an evolution names its base)."""
    out: list[Action] = []
    for c in cards:
        if state.zone_of(c) != "hand":
            continue
        d = state.d(c)
        if d.type == "spell":
            if state.spell_allowed(c) and state.may_cast(c):
                out.append(Action("use_shield_trigger", card=c))
        elif d.type == "evolution_creature":
            out.extend(Action("use_shield_trigger", card=c, onto=b) for b in state.evolution_bases(c, p))
        else:
            out.append(Action("use_shield_trigger", card=c))
    return out


def trigger_window(state: DuelMastersState, task: Task) -> None:
    """Step ``trigger_window``: offer the Shield Triggers broken together that are still in hand."""
    if any(state.zone_of(c) == "hand" for c in task["cards"]):
        state.decision = Decision(task["player"], "shield_trigger", {"cards": task["cards"]})


# ---------------------------------------------------------------------- battles
def resolve_battle(state: DuelMastersState, task: Task) -> None:
    """Step ``battle``: DM-109: the higher power wins and the loser is destroyed, both at equal
    power; DM-62/DM-63: a Slayer that loses destroys the winner too."""
    attacker, defender = task["attacker"], task["defender"]
    if state.zone_of(attacker) != "battle" or state.zone_of(defender) != "battle":
        return
    pa, pd = state.power(attacker), state.power(defender)
    losers = [c for c, mine, theirs in ((attacker, pa, pd), (defender, pd, pa)) if mine <= theirs]
    winner = None if len(losers) == 2 else (defender if losers == [attacker] else attacker)
    state.emit("battle", attacker=attacker, defender=defender, attacker_power=pa, defender_power=pd,
               winner=winner)
    doomed = [c for c in losers if not survives(state, c, defender if c == attacker else attacker)]
    for loser in losers:
        if state.keyword(loser, "slayer"):
            other = defender if loser == attacker else attacker
            # [standard] DM-62: Slayer's "destroy the other creature" is a destruction by an
            # ability, not the battle's: a creature that "isn't destroyed" when it loses a battle
            # (Amnis, tied with a darkness Slayer) is still destroyed by it (Duel Masters Wiki,
            # "Slayer": Slayer destroys Amnis, Holy Elemental; dmwiki/pixiv on Amnis's Japanese
            # twin: its protection is useless against Slayer).
            if other not in doomed:
                doomed.append(other)
    for c in doomed:
        if c in losers:
            state.emit("battle_lost", card=c, name=state.cards[c].name, player=state.cards[c].controller)
    if winner is not None and winner not in doomed:
        state.queue_triggers(winner, "wins_battle")
    for c in doomed:
        if state.zone_of(c) == "battle":
            state.destroy(c)
    attack = state.flags.get("attack")
    if attack is not None and attack.get("blocker") == defender and state.zone_of(defender) == "battle":
        state.queue_triggers(defender, "after_blocking_battle")  # Spiral Grass


def survives(state: DuelMastersState, cid: int, opponent: int) -> bool:
    """A creature that "isn't destroyed" when it loses a battle against a creature of a
    civilization (Amnis, Holy Elemental: "When this creature loses a battle against a darkness
    creature, this creature isn't destroyed")."""
    civ = state.keyword(cid, "survives_battle_against")
    return bool(civ) and civ in state.d(opponent).civset
