"""Before the first turn (FOW-2..4): who starts, five cards each, one mulligan each in turn
order (FOW-3, FOW-122), the Lifebreak area, the rulers onto the field."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.force_of_will.queries import LIFEBREAK_MAX
from tcg.games.force_of_will.turn import FowDecision

if TYPE_CHECKING:
    from tcg.games.force_of_will.state import ForceOfWillState

FIRST, SECOND = Action("choose", option="first"), Action("choose", option="second")


def before_first_turn(first: int) -> list[Task]:
    """FOW-2 steps 3 to 5, once the first player is known: draw five, mulligans in turn order
    (FOW-122), the Lifebreak area, the rulers."""
    return [Task("opening_hands"), Task("mulligan", player=first), Task("mulligan", player=1 - first),
            Task("prepare_lifebreak")]


def opening_hands(s: ForceOfWillState, task: Task) -> None:
    """FOW-2 step 3: five cards each."""
    for p in (0, 1):
        s.draw(p, 5)


def mulligan(s: ForceOfWillState, p: int, cards: Sequence[int] | None) -> None:
    """FOW-3: any number to the bottom of the main deck, then as many drawn; once."""
    cards = tuple(cards or ())
    for c in cards:
        s.move(c, "main_deck")
    s.draw(p, len(cards))
    s.emit("mulligan", player=p, count=len(cards))


def prepare_lifebreak(s: ForceOfWillState, task: Task) -> None:
    """FOW-2 step 4: the top 4 cards, in the same order, face down; then the rulers (step 5)."""
    if s.options.get("lifebreak") != "false":
        for p in (0, 1):
            for _ in range(LIFEBREAK_MAX):
                deck = s.zones[p]["main_deck"]
                if deck:
                    s.move(deck[0], "lifebreak_area", face_down=True)
    s.emit("rulers_on_the_field")
    s.flags.pop("setting_up", None)


def choose_first_step(s: ForceOfWillState, task: Task) -> None:
    s.decision = Decision(task["player"], "first_player", {})


def mulligan_step(s: ForceOfWillState, task: Task) -> None:
    s.decision = Decision(task["player"], "mulligan", {})


class FirstPlayer(FowDecision):
    """FOW-2: the player chosen at random decides who takes the first turn."""

    kind = "first_player"
    prompt = "Choose whether you go first or second"
    accepts = frozenset({"choose"})
    rule = "FOW-2"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [FIRST, SECOND]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        p = decision.player
        state.begin_game(p if action.get("option") == "first" else 1 - p)


class Mulligan(FowDecision):
    """FOW-3: any set of cards of the opening hand (none: keep it)."""

    kind = "mulligan"
    prompt = "Keep your opening hand, or put any cards at the bottom of your main deck and draw as many (once)"
    accepts = frozenset({"mulligan"})
    rule = "FOW-3"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        hand = state.zones[decision.player]["hand"]
        return [Action.of("mulligan", (("cards", combo),))
                for n in range(len(hand) + 1) for combo in combinations(hand, n)]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        mulligan(state, decision.player, action.get("cards"))
