"""Before the first turn (OP-102): each player may redraw their opening hand once, the first
player first, then the life cards are placed (the order: ``OnePieceState.before_first_turn``)."""

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
REDRAW = Action("choose", option="redraw")


class Mulligan(DecisionRule["OnePieceState"]):
    """OP-102: keep the opening hand (pass) or redraw it once (choose {option: redraw})."""

    kind: ClassVar[str] = "mulligan"
    prompt: ClassVar[str] = "Keep your opening hand, or shuffle it back and draw five new cards (once)"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "OP-102"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [REDRAW, PASS]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        if action.type == "choose":  # OP-102: the whole hand back, shuffle, five new cards
            p = decision.player
            for c in list(state.zones[p]["hand"]):
                state.move(c, "deck")
            state.rng.shuffle(state.zones[p]["deck"])
            for _ in range(5):
                state.draw(p)
            state.emit("mulligan", player=p)

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain(state, decision, action)


def mulligan(s: OnePieceState, task: Task) -> None:
    """OP-102: the player is asked whether to redraw."""
    s.decision = Decision(task["player"], "mulligan", {})


def place_life(s: OnePieceState, task: Task) -> None:
    """OP-102: life cards from the top of the deck, so that the top card ends at the bottom."""
    for p in (0, 1):
        for _ in range(s.d(s.leader(p)).life):
            deck = s.zones[p]["deck"]
            if deck:
                s.move(deck[0], "life", top=True, face_down=True)
    s.flags.pop("setting_up", None)
