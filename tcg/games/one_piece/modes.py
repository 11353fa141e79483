""""Your opponent chooses one: - ... - ...": the decision ``choose_one`` (OP-121: the card text
says who chooses). The instruction ``choose_one`` stands before its options, each marked
``mode: 1`` .. ``mode: count``; the chosen one happens and the others are skipped
(``OPEffects.mode_effect``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.rules import DecisionRule
from tcg.core.state import Decision, Task
from tcg.games.one_piece import turn

if TYPE_CHECKING:
    from tcg.games.one_piece.state import OnePieceState


def mode_option(k: int) -> str:
    """The option word of the k-th choice (``mode_1``, ``mode_2``, ...)."""
    return f"mode_{k}"


class ChooseOne(DecisionRule["OnePieceState"]):
    """"Chooses one": which option of the text happens (``choose {option: mode_k}``)."""

    kind: ClassVar[str] = "choose_one"
    prompt: ClassVar[str] = "Choose one of the card's options"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", option=mode_option(k)) for k in range(1, decision.data["modes"] + 1)]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        task = decision.data["task"]
        k = int(str(action.get("option")).removeprefix("mode_"))
        state.tasks.append(Task.of("effects", {**task, "index": task["index"] + 1, "mode": k, "accepted": False}))

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-121", f"choose {{option: mode_k}} for k from 1 to {decision.data['modes']}")
