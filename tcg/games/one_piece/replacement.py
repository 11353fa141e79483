"""A K.O. replaced: "[Once Per Turn] If this Character would be K.O.'d, you may trash 1 card
from the top or bottom of your Life cards instead" (Portgas.D.Ace, static
``ko_replaced_by_life_trash``). ``OPEffects.ko`` queues the step ``ko_replace`` instead of the
K.O.; its owner chooses the Life card to trash (top or bottom), or lets the K.O. happen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.rules import DecisionRule
from tcg.core.state import Decision, Task
from tcg.games.one_piece import turn

if TYPE_CHECKING:
    from tcg.games.one_piece.state import OnePieceState

PASS = Action("pass")
TOP = Action("choose", option="top")
BOTTOM = Action("choose", option="bottom")


def ko_replace(s: OnePieceState, task: Task) -> None:
    """The Character would be K.O.'d: its owner decides (while it is still on the field)."""
    card = task["card"]
    if s.zone_of(card) == "characters":
        s.decision = Decision(s.cards[card].controller, "ko_replace", {"card": card})


class KoReplace(DecisionRule["OnePieceState"]):
    """"You may trash 1 card from the top or bottom of your Life cards instead" of the K.O."""

    kind: ClassVar[str] = "ko_replace"
    prompt: ClassVar[str] = ("Your Character would be K.O.'d: trash your top or bottom Life card instead, "
                             "or let it be K.O.'d")
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "OP-117"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        life = state.zones[decision.player]["life"]
        return [TOP, BOTTOM, PASS] if len(life) > 1 else [TOP, PASS]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        card = decision.data["card"]
        if action.type == "pass":
            state.ko_now(card)
            return
        state.flags[f"used:{card}:replace"] = True  # [Once Per Turn]
        life = state.zones[decision.player]["life"]
        state.move(life[0] if action.get("option") == "top" else life[-1], "trash", face_down=False)

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-117", "choose {option: top} or {option: bottom} to trash a Life card instead, or pass: the K.O.")
