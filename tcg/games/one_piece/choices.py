"""Choices asked while One Piece effects resolve (OP-121): targets, "you may" (and optional
costs such as "[On Play] DON!! -1:"), "up to N" counts, which DON!! a DON!! -X returns
(OP-109) and "from the top or bottom of your Life cards"; with the effect steps that ask them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.rules import DecisionRule
from tcg.core.state import Decision, Task
from tcg.games.one_piece import turn, waiting

if TYPE_CHECKING:
    from tcg.games.one_piece.state import OnePieceState

PASS = Action("pass")
YES = Action("choose", option="yes")
LIFE_TOP = Action("choose", option="top")
LIFE_BOTTOM = Action("choose", option="bottom")


# ---------------------------------------------------------------------- steps
def effects(s: OnePieceState, task: Task) -> None:
    """The next instruction of an effect list (the core's effect loop)."""
    s.run_effects_task(task)


def return_don(s: OnePieceState, task: Task) -> None:
    """OP-109: DON!! -X returns DON!! one at a time, asking where the choice matters."""
    s.return_don_step(task["player"], task["count"])


def cost_offer(s: OnePieceState, task: Task) -> None:
    """OP-121: an ability with a cost ("DON!! -1:", "rest this card:") is offered as "you may";
    not if its card has moved since (Comprehensive Rules 8-1-3-1-3, ``run_effects_task``)."""
    if task.get("zone") is not None and s.zone_of(task["card"]) != task["zone"]:
        s.not_activated(task["card"], task["index"])
        return
    if not waiting.comes_now(s, task):  # Comprehensive Rules 8-6-1: another waiting effect comes first
        return
    if not s.cost_payable(task["card"], task["index"], task["player"]):  # checked now (8-4-1-3)
        s.not_activated(task["card"], task["index"])
        return
    s.decision = Decision(task["player"], "optional",
                          {"task": {"cost_offer": [task["card"], task["index"], task["player"]]}})


def life_pick(s: OnePieceState, task: Task) -> None:
    """"From the top or bottom of your Life cards": the player chooses (one card: no choice)."""
    life = s.zones[task["player"]]["life"]
    if len(life) == 1:
        s.move(life[0], "hand", face_down=False)
    elif life:
        s.decision = Decision(task["player"], "life_pick", {})


def shuffle_deck(s: OnePieceState, task: Task) -> None:
    """An effect that searched the deck shuffles it afterwards (the ``shuffled`` event: what a
    player looked at in it is no longer known where it is, ``State.known_hidden``)."""
    s.rng.shuffle(s.zones[task["player"]]["deck"])
    s.emit("shuffled", player=task["player"])


# ---------------------------------------------------------------------- decisions
class Target(DecisionRule["OnePieceState"]):
    """OP-121: choose the cards an effect acts on (pass to stop, where it says "up to")."""

    kind: ClassVar[str] = "target"
    prompt: ClassVar[str] = "Choose a card for the effect"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return state.target_actions(decision.data)

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        state.resolve_target_choice(dict(decision.data), state.target_pick(decision.data, action))

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain(state, decision, action)


class YouMay(DecisionRule["OnePieceState"]):
    """OP-121: "you may" — accept (choose {option: yes}) or decline (pass); an optional cost
    offered with its ability is paid first, then the effects follow."""

    kind: ClassVar[str] = "optional"
    prompt: ClassVar[str] = 'The effect says "you may": do it, or decline'
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [YES, PASS]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        task = dict(decision.data["task"])
        accepted = action.type != "pass"
        if "cost_offer" in task:  # "[On Play] DON!! -1: ...": pay, then the effect
            cid, index, owner = task["cost_offer"]
            if accepted and state.cost_payable(cid, index, owner):
                state.queue_activated(cid, owner, (state.cards[cid].name, "ability", index))
                state.pay_ability_cost(cid, index, owner)  # its DON!! -X runs before the effects
            elif not accepted:
                state.not_activated(cid, index)
        else:
            ref = task["ref"]
            if not accepted and task.get("whole") and task["index"] == 0 and ref[1] == "ability":
                state.not_activated(task["source"], ref[2])
            state.answer_optional(task, accepted=accepted)

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain(state, decision, action)


class DonMinus(DecisionRule["OnePieceState"]):
    """OP-109: which DON!! a DON!! -X returns next: rested or active from the cost area, or one
    given to a card."""

    kind: ClassVar[str] = "don_minus"
    prompt: ClassVar[str] = ("DON!! -X: choose which DON!! goes back to your DON!! deck (rested, active, "
                             "or one given to a card)")
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "OP-109"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return state.return_don_options(decision.player)

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        state.return_one_don(decision.player, action, decision.data["count"])

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-109", "DON!! -X: choose which DON!! goes back: choose {option: rested} or {option: active} from "
                      "your cost area, or choose {card} for a DON!! given to that card")


class Count(DecisionRule["OnePieceState"]):
    """OP-121: "up to N" — how many, from N down to 0."""

    kind: ClassVar[str] = "count"
    prompt: ClassVar[str] = '"Up to": choose how many'
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return state.count_actions(decision.data["most"])

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        state.answer_count(dict(decision.data), action.get("option"))

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-121", f"\"up to\": choose {{option: n}} with n from 0 to {decision.data['most']}")


class LifePick(DecisionRule["OnePieceState"]):
    """"From the top or bottom of your Life cards": which end goes to the hand."""

    kind: ClassVar[str] = "life_pick"
    prompt: ClassVar[str] = "Take a Life card from the top or from the bottom of your Life into your hand"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [LIFE_TOP, LIFE_BOTTOM]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        life = state.zones[decision.player]["life"]
        state.move(life[0] if action.get("option") == "top" else life[-1], "hand", face_down=False)

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain(state, decision, action)
