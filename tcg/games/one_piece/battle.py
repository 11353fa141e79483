"""The One Piece battle (OP-115..OP-117): attack declaration, the Block step, the Counter step
(Counter values and [Counter] Events, OP-120), the Damage step with life damage and [Trigger]s
(OP-116), K.O. (OP-117) and the end of the battle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.rules import DecisionRule
from tcg.core.state import Decision, Task
from tcg.games.one_piece import turn

if TYPE_CHECKING:
    from tcg.games.one_piece.state import OnePieceState

PASS = Action("pass")


# ---------------------------------------------------------------------- attack declaration
def declare_attack(s: OnePieceState, p: int, attacker: int, target: int) -> None:
    """OP-115 step 1: rest the attacker; the battle's steps follow ([When Attacking] first)."""
    s.update(attacker, tapped=True)
    s.flags["battle"] = {"attacker": attacker, "target": target, "player": p, "blocked": False}
    s.emit("attack", card=attacker, name=s.cards[attacker].name, player=p, target=target,
           attacker_power=s.power(attacker), target_power=s.power(target))
    s.tasks.append(Task("end_of_battle"))
    s.tasks.append(Task("damage_step"))
    s.tasks.append(Task("counter_step"))
    s.tasks.append(Task("battle_joined"))
    s.tasks.append(Task("block_step"))
    s.queue_abilities(attacker, "when_attacking")


def battle_alive(s: OnePieceState) -> bool:
    """The battle goes on while the attacker and its target are both on the field."""
    battle = s.flags.get("battle")
    if battle is None:
        return False
    return (s.zone_of(battle["attacker"]) in ("leader", "characters")
            and s.zone_of(battle["target"]) in ("leader", "characters"))


# ---------------------------------------------------------------------- Block step
def blockers(s: OnePieceState, defender: int) -> list[int]:
    """OP-115 step 2: the defender's active [Blocker] Characters other than the target, unless
    an effect forbids [Blocker] in this battle (all, or those with at least some power)."""
    battle = s.flags["battle"]
    if lasting.on(s, "unblockable", battle["attacker"]):
        return []
    floor = battle.get("no_blockers_from")
    ceiling = battle.get("no_blockers_upto")  # "a [Blocker] that has N or less power" cannot block
    return [c for c in s.zones[defender]["characters"]
            if c != battle["target"] and not s.cards[c].tapped and s.d(c).keywords.blocker
            and (floor is None or (floor and s.power(c) < floor))
            and (ceiling is None or s.power(c) > ceiling)]


def battle_joined(s: OnePieceState, task: Task) -> None:
    """After the Block step the two cards of the battle are settled: "when this Character
    battles ..." abilities of both (their conditions name the other card)."""
    if not battle_alive(s):
        return
    battle = s.flags["battle"]
    for c in (battle["target"], battle["attacker"]):
        s.queue_abilities(c, "when_battling")


def block_step(s: OnePieceState, task: Task) -> None:
    if not battle_alive(s):
        return
    defender = 1 - s.flags["battle"]["player"]
    if blockers(s, defender):
        s.decision = Decision(defender, "block", {})


class Block(DecisionRule["OnePieceState"]):
    """OP-115 step 2: block with an active [Blocker] (it becomes the target), or pass."""

    kind: ClassVar[str] = "block"
    prompt: ClassVar[str] = "Your opponent attacks: rest a [Blocker] to make it the target, or let the attack through"
    accepts: ClassVar[frozenset[str]] = frozenset({"block", "pass"})
    rule: ClassVar[str] = "OP-115"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [*(Action("block", card=c) for c in blockers(state, decision.player)), PASS]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        if action.type == "block":
            blocker = action.get("card")
            state.update(blocker, tapped=True)
            state.flags["battle"] = {**state.flags["battle"], "target": blocker, "blocked": True}
            state.emit("block", card=blocker, name=state.cards[blocker].name, player=decision.player,
                       power=state.power(blocker), attacker_power=state.power(state.flags["battle"]["attacker"]))
            state.queue_abilities(blocker, "on_block")
            attacking = 1 - decision.player  # "when your opponent activates a [Blocker]"
            for c in reversed([state.leader(attacking), *state.zones[attacking]["characters"]]):
                state.queue_abilities(c, "on_opponent_block")

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain(state, decision, action)


# ---------------------------------------------------------------------- Counter step
def counter_actions(s: OnePieceState, p: int) -> list[Action]:
    """OP-115 step 3: Counter values from the hand onto the Leader or a Character; [Counter] Events."""
    out: list[Action] = []
    receivers = [s.leader(p), *s.zones[p]["characters"]]
    for c in s.zones[p]["hand"]:
        d = s.d(c)
        if d.type == "character" and d.counter > 0:
            out.extend(Action.of("counter", (("card", c), ("target", t))) for t in receivers)
        elif d.is_counter_event and s.cost_of(c) <= s.counters[p]["cost_area_active"]:
            first = d.counter_effects[0]
            if first.do != "don_minus" or s.don_on_field(p) >= first.count:
                out.append(Action.of("counter", (("card", c),)))
    return out


def counter_step(s: OnePieceState, task: Task) -> None:
    """OP-115 step 3. Skipped when the attacker or the target left during the Attack or Block
    step (7-1-2-3); once begun (``again``: after a Counter) it goes on as long as the defender
    wants, even if a Counter took the attacker or the target off the field - the battle then
    ends at the end of the Counter step, without a Damage step (``damage_step``)."""
    # [standard] OP-115 step 3 (Comprehensive Rules 7-1-3-2, and the official Q&A of Gum-Gum
    # Fire-Fist Pistol Red Hawk OP01-026: after its [Counter] K.O.'s the attacker, another
    # [Counter] may still be activated).
    if s.flags.get("battle") is None or (not task.get("again") and not battle_alive(s)):
        return
    defender = 1 - s.flags["battle"]["player"]
    if counter_actions(s, defender):
        s.decision = Decision(defender, "counter", {})


class Counter(DecisionRule["OnePieceState"]):
    """OP-115 step 3: one Counter at a time, each resolved before the next choice (OP-120)."""

    kind: ClassVar[str] = "counter"
    prompt: ClassVar[str] = ("Counter step: trash a Character with a Counter value or play a [Counter] Event "
                             "from your hand, or stop")
    accepts: ClassVar[frozenset[str]] = frozenset({"counter", "pass"})
    rule: ClassVar[str] = "OP-115"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [*counter_actions(state, decision.player), PASS]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        if action.type == "counter":  # the Counter resolves before the defender's next choice (OP-120)
            state.tasks.append(Task("counter_step", again=True))
            use_counter(state, decision.player, action)

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain(state, decision, action)


def use_counter(s: OnePieceState, p: int, action: Action) -> None:
    card = action.get("card")
    d = s.d(card)
    if d.type == "character":  # trash it, no cost: +Counter for this battle
        target = action.get("target")
        s.move(card, "trash")
        lasting.add(s, "power", until=lasting.BATTLE, card=target, amount=d.counter)
        s.emit("counter", card=card, name=d.name, player=p, target=target, amount=d.counter)
    else:  # a [Counter] Event: pay its cost, trash it, resolve it
        s.pay_don(p, s.cost_of(card))
        s.move(card, "trash")
        s.emit("counter", card=card, name=d.name, player=p)
        s.tasks.append(Task("event_activated", player=p))  # after its effect: "when you activate an Event"
        s.queue_effects(card, p, (d.name, "counter"))


# ---------------------------------------------------------------------- Damage step
def damage_step(s: OnePieceState, task: Task) -> None:
    """OP-115 step 4: power compared; ties go to the attacker."""
    if not battle_alive(s):
        return
    battle = {**s.flags["battle"], "damage_step": True}  # the battle came to its Damage step
    s.flags["battle"] = battle
    attacker, target, p = battle["attacker"], battle["target"], battle["player"]
    a, b = s.power(attacker), s.power(target)
    s.emit("battle", attacker=attacker, target=target, attacker_power=a, target_power=b)
    if a < b:
        return
    if s.zone_of(target) == "characters":
        s.ko(target, attacker=attacker)
        return
    # OP-116 (corrected): the 0-life check is made once for the whole damage, before any
    # life card is taken: [Double Attack] against 1 life card takes it and does not win.
    if not s.zones[1 - p]["life"]:
        s.lose(1 - p, "leader_damage")
        return
    hits = 2 if s.has_double_attack(attacker) else 1
    s.tasks.append(Task("damage_done"))  # what the damage sets off waits beneath it (8-6-2)
    for _ in range(hits):
        s.tasks.append(Task("leader_damage", player=1 - p, banish=s.has_banish(attacker)))


def leader_damage(s: OnePieceState, task: Task) -> None:
    """OP-116: one point of damage takes the top life card to the hand, or its [Trigger];
    with no life card left it does nothing (the 0-life check came before, once)."""
    p = task["player"]
    life = s.zones[p]["life"]
    if not life:
        return
    card = life[0]
    s.emit("damage", player=p)
    if task["banish"]:  # [Banish]: the life card is trashed, its [Trigger] cannot activate
        s.move(card, "trash", face_down=False)
        return
    if s.d(card).trigger:
        s.move(card, "limbo", face_down=False)
        s.decision = Decision(p, "trigger", {"card": card})
        return
    s.move(card, "hand", face_down=False)


class Trigger(DecisionRule["OnePieceState"]):
    """OP-116: a life card with [Trigger] taken by damage: activate it, or add it to the hand."""

    kind: ClassVar[str] = "trigger"
    prompt: ClassVar[str] = "This Life card has a [Trigger]: activate it, or add the card to your hand"
    accepts: ClassVar[frozenset[str]] = frozenset({"use_trigger", "pass"})
    rule: ClassVar[str] = "OP-116"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        card = decision.data["card"]
        if len(state.zones[decision.player]["hand"]) < state.d(card).trigger_trash_from_hand:
            return [PASS]  # "[Trigger] You may trash N cards from your hand:": a cost that cannot be paid
        return [Action("use_trigger", card=card), PASS]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        p, card = decision.player, decision.data["card"]
        if action.type != "use_trigger":
            state.move(card, "hand")
            return
        state.emit("trigger", card=card, name=state.cards[card].name, player=p)
        state.move(card, "trash")  # [unverified] (OP-116): the revealed card goes to the trash
        state.queue_effects(card, p, (state.cards[card].name, "trigger"))

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain(state, decision, action)


def end_of_battle(s: OnePieceState, task: Task) -> None:
    """The battle ends: "if this Character battles your opponent's Character" and "at the end of
    a battle in which this Character battles ..." abilities, only after a Damage step; battle
    effects end."""
    battle = s.flags.get("battle")
    if battle is not None:
        if battle.get("damage_step"):
            battled_with_character(s, battle["attacker"], battle["target"])
        s.flags["last_battle"] = battle  # "the Character you battled with", for those abilities
    s.flags["battle"] = None
    lasting.expire(s, lasting.BATTLE)
    s.emit("battle_end")


def battled_with_character(s: OnePieceState, a: int, t: int) -> None:
    """The two cards of a battle that came to its Damage step: "after a battle with a Character"
    abilities of the attacker (if it battled a Character, even one K.O.'d by it) and of a
    defending Character still on the field."""
    # [standard] OP-115 step 5 (Comprehensive Rules 7-1-5-2; official Q&A of Basil Hawkins
    # ST02-010): a card "battles" only when the power comparison of the Damage step was made. A
    # battle that ended earlier - the attacker or the target left during the Attack, Block or
    # Counter step, e.g. the [Blocker] trashed to make room for a sixth Character - sets off
    # nothing that needs the battle.
    # The defender's are queued first: the turn player's (the attacker's) resolve first (OP-121, CR 8-6-1).
    if s.zone_of(t) == "characters" and s.d(a).type == "character" and s.zone_of(a) in ("characters", "trash"):
        s.queue_abilities(t, "after_battle_with_character")  # the defending Character battled too
    if s.zone_of(t) in ("characters", "trash") and s.d(t).type == "character" and s.zone_of(a) == "characters":
        s.queue_abilities(a, "after_battle_with_character")
