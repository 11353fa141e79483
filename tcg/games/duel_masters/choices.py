"""Choices asked while abilities and spells resolve: the order of simultaneous triggered
abilities (DM-118), targets (DM-25, DM-26) and "you may" (DM-25).

The effect loop itself (one instruction at a time, as far as possible) is the core's
:class:`~tcg.core.effects.EffectRunner`; the ``effects`` task runs it. Triggered abilities wait
in ``flags["pending_triggers"]`` until the step that triggered them is done, then the
rulebook's settle queues them as ``order_triggers`` tasks, the active player's first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.duel_masters.turn import PASS, DuelMastersRule, Reason

if TYPE_CHECKING:
    from tcg.games.duel_masters.state import DuelMastersState

YES = Action("choose", option="yes")


def effects(state: DuelMastersState, task: Task) -> None:
    """Step ``effects``: the next instruction of an ability or spell."""
    state.run_effects_task(task)


# ---------------------------------------------------------------------- DM-118: the order of triggers
def order_triggers(state: DuelMastersState, task: Task) -> None:
    """Step ``order_triggers``: one player's simultaneous triggers; with abilities of two or more
    cards, the player picks which card's go next."""
    player, triggers = task["player"], task["triggers"]
    if len({t[0] for t in triggers}) > 1:
        state.decision = Decision(player, "order_triggers", {"triggers": triggers})
        return
    queue_abilities(state, triggers)


def queue_abilities(state: DuelMastersState, triggers: Sequence[tuple[Any, ...]]) -> None:
    """Queue triggered abilities so that they resolve in the order given."""
    for source, controller, ref, optional in triggers[::-1]:
        state.queue_effects(source, controller, ref, optional)


class OrderTriggers(DuelMastersRule):
    """DM-118: choose the card whose triggered abilities resolve next (``choose {card}``)."""

    kind: ClassVar[str] = "order_triggers"
    prompt: ClassVar[str] = "Choose which of your abilities resolves first"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "DM-118"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", card=c) for c in dict.fromkeys(t[0] for t in decision.data["triggers"])]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        triggers, source = decision.data["triggers"], action.get("card")
        rest = tuple(t for t in triggers if t[0] != source)
        if rest:
            state.tasks.append(Task("order_triggers", player=decision.player, triggers=rest))
        queue_abilities(state, tuple(t for t in triggers if t[0] == source))


# ---------------------------------------------------------------------- targets and "you may"
def hidden_from(state: DuelMastersState, player: int, cid: int) -> bool:
    """Whether ``player`` may not name this card: hidden from them and either an opponent's card
    or a face-down shield of their own (DM-6: nobody looks at a shield, its owner included, so
    "choose one of your shields" picks a place, not a card — General Dark Fiend's "without
    looking", Ghastly Drain, Emeral, Jewel Spider). A card of their own deck that an effect
    lets them search they do see, and name."""
    if state.can_see(player, cid):
        return False
    return state.cards[cid].owner != player or state.where[cid][1] == "shields"


def place(state: DuelMastersState, cid: int) -> int:
    """A card's position in its zone (0: the first shield, the top of a deck)."""
    owner, zone = state.where[cid]
    return state.zones[owner][zone].index(cid)


class Target(DuelMastersRule):
    """DM-25: choose an instruction's targets one at a time; ``pass`` stops only where it says
    "up to" (DM-26: with fewer candidates than it asks for, all of them, no choice)."""

    kind: ClassVar[str] = "target"
    prompt: ClassVar[str] = "Choose a target for the effect"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "DM-25"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        acts = state.target_actions(decision.data)
        candidates = decision.data["candidates"]
        hidden = {c for c in candidates if hidden_from(state, decision.player, c)}
        if not hidden:
            return acts
        # DM-6 / DM-122: a card the chooser may not see (an opponent's face-down shield, Wyn) is
        # named by its place in its zone (``choose {index}``, as a shield to break is), never by
        # its id. (Such candidates come from one zone: a player's shields, or the opponent's hand.)
        return [Action("choose", index=place(state, a.get("card"))) if a.get("card") in hidden else a
                for a in acts]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        pick = None if action.type == "pass" else action.get("card")
        if action.type != "pass" and pick is None:
            index = int(action.get("index"))
            pick = next(c for c in decision.data["candidates"]
                        if hidden_from(state, decision.player, c) and place(state, c) == index)
        state.resolve_target_choice(dict(decision.data), pick)

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        if action.type == "pass":
            return "DM-25", "every instruction that can be carried out must be"
        return None


class YouMay(DuelMastersRule):
    """DM-25: an instruction that says "you may" (or a whole optional ability): ``choose
    {option: yes}`` carries it out, ``pass`` skips it."""

    kind: ClassVar[str] = "optional"
    prompt: ClassVar[str] = "You may use this effect: choose yes or pass"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "DM-25"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [YES, PASS]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        state.answer_optional(dict(decision.data["task"]), accepted=action.type != "pass")


# ---------------------------------------------------------------------- replacing a destruction
def replacement(state: DuelMastersState, task: Task) -> None:
    """Step ``replacement``: a creature that would be destroyed waits out of the battle zone
    while its controller chooses which replacement applies (``Replacement``)."""
    state.decision = Decision(task["player"], "replacement", dict(task.data))


class ChooseReplacement(DuelMastersRule):
    """A creature that would be put into its owner's graveyard from the battle zone meets one or
    more replacements ("... instead"): its controller chooses the one that applies (``choose
    {card}``: the card whose replacement it is; official rules: the affected player chooses, and
    a replacement applies once), or, when every one of them is a "you may" (DM-25), ``pass``: it
    goes to the graveyard, destroyed."""

    kind: ClassVar[str] = "replacement"
    prompt: ClassVar[str] = "Your creature would be destroyed: choose what happens instead"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "DM-25"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        out = [Action("choose", card=src) for src in dict.fromkeys(src for src, _ in decision.data["options"])]
        return out if decision.data["mandatory"] else [*out, PASS]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        cid = decision.data["card"]
        if action.type == "pass":
            state.put_destroyed(cid)
            return
        src = action.get("card")
        where = next(w for s, w in decision.data["options"] if s == src)
        state.replace_destruction(cid, (src, state.replacement_of(src, where), where))

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        if action.type == "pass":
            return "DM-25", "a replacement that does not say \"you may\" must be used"
        return None


# ---------------------------------------------------------------------- "A or B"
#: The options of an either/or, in printed order (``choose {option: first}``).
ORDINALS: tuple[str, ...] = ("first", "second", "third", "fourth")


class ChooseOne(DuelMastersRule):
    """DM-25: an either/or instruction (``choose_one``, Gigaberos): ``choose {option}``, one of
    the options that can be carried out in full, ``first``, ``second``... in printed order."""

    kind: ClassVar[str] = "choose_one"
    prompt: ClassVar[str] = "Choose which instruction to carry out"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "DM-25"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", option=ORDINALS[i]) for i in decision.data["options"]]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        task = dict(decision.data["task"])
        state.next_effect(task)
        state.queue_option(task, ORDINALS.index(str(action.get("option"))))
