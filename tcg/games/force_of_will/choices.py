"""Choices asked while an action is declared or an effect resolves: the modes of a "Choose one"
spell (``mode``), its targets (``target``,
FOW-105: chosen when played, one at a time), "you may" (``optional``) and the cards a
"discard" effect lets the discarding player choose (``effect_discard``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.force_of_will.chase import banish, copy_spell
from tcg.games.force_of_will.queries import player_target, target_player
from tcg.games.force_of_will.turn import CHOOSE, FowDecision

if TYPE_CHECKING:
    from tcg.games.force_of_will.state import ForceOfWillState

PASS = Action("pass")
YES = Action("choose", option="yes")


def _target_field(t: int) -> tuple[tuple[str, Any], ...]:
    p = target_player(t)
    return (("player", p),) if p is not None else (("card", t),)


def answer_target(s: ForceOfWillState, data: dict[str, Any], action: Action) -> None:
    """Record a declared target (or the host of an Addition: Resonator, index -1) and go on
    declaring; ``pass`` stops choosing where the instruction says "up to"."""
    item = dict(s.flags["declaring"])
    index = data["index"]
    if action.type == "pass":
        s.flags["declaring"] = item
        s.tasks.append(Task("declare", index=index + 1))
        return
    player = action.get("player")
    pick = player_target(player) if player is not None else action.get("card")
    if index == -1:
        del item["host_candidates"]
        item["host"] = pick
        s.flags["declaring"] = item
        s.tasks.append(Task("declare", index=0))
        return
    targets = dict(item["targets"])
    targets[index] = (*targets.get(index, ()), pick)
    item["targets"] = tuple(sorted(targets.items()))
    s.flags["declaring"] = item
    s.tasks.append(Task("declare", index=index))


def answer_effect_discard(s: ForceOfWillState, player: int, card: int, left: int) -> None:
    s.move(card, "graveyard")
    s.emit("discarded", card=card, name=s.cards[card].name, player=player)
    if left > 1 and s.zones[player]["hand"]:
        s.decision = Decision(player, "effect_discard", {"left": left - 1})


def effects_step(s: ForceOfWillState, task: Task) -> None:
    """The core's effect loop: one instruction of a resolving spell or ability."""
    s.run_effects_task(task)


class Target(FowDecision):
    """FOW-105: a target of the instruction being declared (a card or a player), or the
    resonator an Addition: Resonator is played on (FOW-114)."""

    kind = "target"
    prompt = "Choose a target"
    accepts = frozenset({"choose", "pass"})
    rule = "FOW-105"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        data = decision.data
        acts = [Action.of("choose", _target_field(t)) for t in data["candidates"]]
        return [*acts, PASS] if data["optional"] else acts

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        answer_target(state, dict(decision.data), action)


class ChooseMode(FowDecision):
    """"Choose one - ...; or ...": one more mode of the spell being played, before its targets
    (FOW-105; official rules, the brief is silent); ``pass`` once enough are chosen ("up to")."""

    kind = "mode"
    prompt = "Choose a mode of the spell"
    accepts = frozenset({"choose", "pass"})
    rule = "FOW-105"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        data = decision.data
        acts = [Action.of("choose", (("index", i),)) for i in data["options"]]
        return [*acts, PASS] if data["optional"] else acts

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        item = dict(state.flags["declaring"])
        if action.type == "pass":
            item["ref"] = ("modes", tuple(sorted(item.get("modes", ()))))
        else:
            item["modes"] = (*item.get("modes", ()), action.get("index"))
        state.flags["declaring"] = item
        state.tasks.append(Task("declare", index=0))


class CostChoice(FowDecision):
    """A card chosen to pay part of the cost of what is being declared (FOW-66): one of the
    candidates the declaration keeps under ``candidates_key``, which the choice then drops; each
    kind of cost says in :meth:`pay` what is done with the card."""

    accepts = frozenset({"choose"})
    rule = "FOW-66"
    candidates_key: ClassVar[str] = ""

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [CHOOSE[c] for c in decision.data["candidates"]]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        item = dict(state.flags["declaring"])
        del item[self.candidates_key]
        state.flags["declaring"] = item
        self.pay(state, decision.player, action.get("card"), item)
        state.tasks.append(Task("declare", index=0))

    def pay(self, state: ForceOfWillState, player: int, card: int, item: dict[str, Any]) -> None:
        raise NotImplementedError


class BanishCost(CostChoice):
    """"Banish a Human resonator: ...": the card put into its owner's graveyard as the cost of
    the ability being declared, one of those its controller controls that match."""

    kind = "cost_banish"
    prompt = "Choose a card to banish for the cost"
    candidates_key = "banish_candidates"

    def pay(self, state: ForceOfWillState, player: int, card: int, item: dict[str, Any]) -> None:
        banish(state, player, card)


class RestCost(CostChoice):
    """"Rest a recovered resonator you control other than ...: ...": the card rested as the cost
    of the ability being declared."""

    kind = "cost_rest"
    prompt = "Choose a card to rest for the cost"
    candidates_key = "rest_candidates"

    def pay(self, state: ForceOfWillState, player: int, card: int, item: dict[str, Any]) -> None:
        state.update(card, tapped=True)  # (it becomes rested once the ability is played)
        item["rested"] = (*item.get("rested", ()), card)


class DiscardCost(CostChoice):
    """"{1}, discard "Poison Apple": ...": the card discarded from the hand as the cost of what is
    being declared (an ability, or a second J-Activate)."""

    kind = "cost_discard"
    prompt = "Choose a card to discard for the cost"
    candidates_key = "discard_candidates"

    def pay(self, state: ForceOfWillState, player: int, card: int, item: dict[str, Any]) -> None:
        state.move(card, "graveyard")
        state.emit("discarded", card=card, name=state.cards[card].name, player=player)


class YouMay(FowDecision):
    """"You may": yes carries the instruction out, ``pass`` skips it."""

    kind = "optional"
    prompt = 'The effect says "you may": do it, or pass'
    accepts = frozenset({"choose", "pass"})
    rule = "FOW-105"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [YES, PASS]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        state.answer_optional(dict(decision.data["task"]), accepted=action.type != "pass")


class EffectCard(FowDecision):
    """The card an instruction looks for (``find``): one of those that match, or ``pass`` when
    searching the main deck (a search may find nothing)."""

    kind = "effect_card"
    prompt = "Choose the card the effect looks for"
    accepts = frozenset({"choose", "pass"})
    rule = "FOW-105"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        data = decision.data
        acts = [CHOOSE[c] for c in data["candidates"]]
        instead = data.get("instead")
        if instead:  # "you may put it into your field / add it to this card instead"
            acts += [Action.of("choose", (("card", c), ("option", instead))) for c in data["candidates"]
                     if instead != "onto_source" or state.d(c).subtype == "addition_resonator"]
        return [*acts, PASS] if data["optional"] else acts

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        card = None if action.type == "pass" else action.get("card")
        state.answer_effect_card(decision.player, card, decision.data["do"], action.get("option"),
                                 decision.data["source"])


class EffectDiscard(FowDecision):
    """"Discard N cards": the discarding player chooses them, one at a time."""

    kind = "effect_discard"
    prompt = "Choose a card to discard"
    accepts = frozenset({"choose"})
    rule = "FOW-16"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [CHOOSE[c] for c in state.zones[decision.player]["hand"]]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        answer_effect_discard(state, decision.player, action.get("card"), decision.data["left"])


class EffectRest(FowDecision):
    """"Rest two recovered resonators you control": the resting player chooses them, one at a time."""

    kind = "effect_rest"
    prompt = "Choose a recovered card of yours to rest"
    accepts = frozenset({"choose"})
    rule = "FOW-29"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [CHOOSE[c] for c in decision.data["candidates"]]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        state.answer_effect_rest(decision.player, action.get("card"), dict(decision.data))


class CopySpell(FowDecision):
    """"Its controller may copy this spell": copy it (``choose yes``, then its new targets) or ``pass``."""

    kind = "copy_spell"
    prompt = "You may copy the spell and choose new targets for the copy, or pass"
    accepts = frozenset({"choose", "pass"})
    rule = "FOW-105"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [YES, PASS]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        if action.type != "pass":
            copy_spell(state, decision.player, decision.data["card"])
