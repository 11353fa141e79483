"""Looking at hidden cards (OP-110: the deck and the Life area are secret) and putting them back:
"Look at 5 cards from the top of your deck; reveal up to 1 ... and add it to your hand. Then,
place the rest at the bottom of your deck in any order" (``look_top``), "look at 3 cards from
the top of your deck and return them to the top or bottom of the deck in any order"
(``arrange_top``: all of them to one end, as the official Q&A says), "look at 5 cards from
the top of your deck; play up to 1 ... Then, place the rest at the bottom of your deck in any
order" (``look_top_play``), "look at up to 1 card from the top of your or your opponent's Life
cards, and place it at the top or bottom of the Life cards" (``look_life``).

The look itself is ``state.show_privately``: the looker's log names the cards, the opponent's
says that cards were looked at. A card revealed from the deck passes through the open
``limbo`` zone, so both players see which card it is. The verbs (``verbs.py``) queue the
steps below; each step asks its decision only where the player has a real choice."""

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
TO_TOP = "to_top"
TO_BOTTOM = "to_bottom"
ARRANGE_TOP = Action("choose", option=TO_TOP)
ARRANGE_BOTTOM = Action("choose", option=TO_BOTTOM)


def _in_deck(s: OnePieceState, player: int, cards: Sequence[int]) -> tuple[int, ...]:
    deck = s.zones[player]["deck"]
    return tuple(c for c in cards if c in deck)


def _one_per_name(s: OnePieceState, cards: Sequence[int]) -> list[int]:
    """Cards of one name are interchangeable to the player: one choice per name, the first."""
    seen: set[str] = set()
    out: list[int] = []
    for c in cards:
        name = s.cards[c].name
        if name not in seen:
            seen.add(name)
            out.append(c)
    return out


# ---------------------------------------------------------------------- steps
def reveal_pick(s: OnePieceState, task: Task) -> None:
    """Choose up to 1 of the looked-at cards that fit the text (``pass``: none)."""
    picks = _in_deck(s, task["player"], task["cards"])
    if picks:
        s.decision = Decision(task["player"], "reveal_pick", {"cards": picks})


def reveal_play(s: OnePieceState, task: Task) -> None:
    """``look_top_play``: choose up to 1 of the looked-at cards that fit, to be played."""
    picks = _in_deck(s, task["player"], task["cards"])
    if picks:
        s.decision = Decision(task["player"], "reveal_pick", {"cards": picks, "play": True})


def play_looked(s: OnePieceState, task: Task) -> None:
    """``look_top_play``, once the rest is at the bottom of the deck: the chosen card (waiting
    revealed in ``limbo``) is played without paying its cost (OP-112 if 5 Characters are there)."""
    for c in task["cards"]:
        if s.zone_of(c) == "limbo":
            s.tasks.append(Task("play_free", card=c, player=task["player"]))


def revealed_top(s: OnePieceState, task: Task) -> None:
    """``reveal_top_play``: the revealed top card, if it fits, may be played (decision
    ``play_revealed``); otherwise it goes back on top of the deck."""
    card = task["card"]
    if s.zone_of(card) != "limbo":
        return
    if task["fits"]:
        s.decision = Decision(task["player"], "play_revealed", {"card": card, "rested": bool(task["rested"])})
    else:
        s.move(card, "deck", top=True)


def bottom_order(s: OnePieceState, task: Task) -> None:
    """"Place the rest at the bottom of your deck in any order": one card at a time, the player
    choosing which goes under the deck next; the last one goes without a question. With ``top``
    (``deck_arrange`` chose the top) each card goes on top of the deck instead, above the ones
    placed before it."""
    p = task["player"]
    top = bool(task.get("top"))
    rest = _in_deck(s, p, task["cards"])
    if len(_one_per_name(s, rest)) == 1:  # one card, or all alike: no order to choose
        for c in rest:
            s.move(c, "deck", top=top)
    elif rest:
        s.decision = Decision(p, "deck_order", {"cards": rest, "top": True} if top else {"cards": rest})


def arrange_top(s: OnePieceState, task: Task) -> None:
    """"Return them to the top or bottom of the deck in any order": all of them to the same end.
    The player chooses the end (``deck_arrange``), then the order (``deck_order``, as
    :func:`bottom_order`). When the deck holds nothing but these cards the two ends are one
    place, and only the order is asked."""
    # [standard] OP-121 (official Q&A of Bartholomew Kuma ST03-010, Donquixote Doflamingo
    # OP01-073, Perona OP01-077 and Desert Spada OP01-088): the cards looked at go back
    # together, all on top or all at the bottom, in the order the player chooses; never some on
    # top and the rest under the deck.
    p = task["player"]
    rest = _in_deck(s, p, task["cards"])
    if not rest:
        return
    if len(rest) == len(s.zones[p]["deck"]):
        s.tasks.append(Task("bottom_order", player=p, cards=rest))
        return
    s.decision = Decision(p, "deck_arrange", {"cards": rest})


def life_look(s: OnePieceState, task: Task) -> None:
    """"Look at up to 1 card from the top of your or your opponent's Life cards": whose (or
    none), then where it goes (``life_place``)."""
    p = task["player"]
    if any(s.zones[q]["life"] for q in (0, 1)):
        s.decision = Decision(p, "life_look", {})


def life_place(s: OnePieceState, task: Task) -> None:
    """The looked-at Life card stays on top or goes to the bottom of that player's Life."""
    s.decision = Decision(task["player"], "life_place", {"card": task["card"]})


# ---------------------------------------------------------------------- decisions
class RevealPick(DecisionRule["OnePieceState"]):
    """"Reveal up to 1 card and add it to your hand": one of the looked-at cards that fit, or none."""

    kind: ClassVar[str] = "reveal_pick"
    prompt: ClassVar[str] = "Reveal one of the cards you looked at and add it to your hand, or take none"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [*(Action("choose", card=c) for c in _one_per_name(state, decision.data["cards"])), PASS]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        if action.type == "choose":
            card = action.get("card")
            state.move(card, "limbo", face_down=False)  # revealed: both players see it
            if not decision.data.get("play"):
                state.move(card, "hand")
            # else ``look_top_play``: it waits, revealed, until the rest is under the deck (play_looked)

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-121", "choose {card} among the looked-at cards that fit the text, or pass to take none")


class PlayRevealed(DecisionRule["OnePieceState"]):
    """"Reveal 1 card from the top of your deck. If that card is ..., you may play that card
    rested": play it without paying its cost, or put it back on top of the deck."""

    kind: ClassVar[str] = "play_revealed"
    prompt: ClassVar[str] = "The revealed card fits: play it without paying its cost, or put it back on top of the deck"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", option="yes"), PASS]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        card = decision.data["card"]
        if action.type == "choose":
            state.tasks.append(Task("play_free", card=card, player=decision.player, rested=decision.data["rested"]))
        else:
            state.move(card, "deck", top=True)

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-121", "choose {option: yes} to play the revealed card, or pass to put it back on top of your deck")


class DeckOrder(DecisionRule["OnePieceState"]):
    """"Place the rest at the bottom of your deck in any order" (or, after ``deck_arrange``, on
    top of it): the card that goes next, under the ones before (on top: above them)."""

    kind: ClassVar[str] = "deck_order"
    prompt: ClassVar[str] = "Choose the card that goes next: under the cards placed before it (or, on top, above them)"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", card=c) for c in _one_per_name(state, decision.data["cards"])]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        card = action.get("card")
        top = bool(decision.data.get("top"))
        state.move(card, "deck", top=top)
        rest = tuple(c for c in decision.data["cards"] if c != card)
        state.tasks.append(Task("bottom_order", player=decision.player, cards=rest, top=True) if top
                           else Task("bottom_order", player=decision.player, cards=rest))

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-121", "choose {card}: one of the looked-at cards not yet placed goes next")


class DeckArrange(DecisionRule["OnePieceState"]):
    """"Return them to the top or bottom of the deck in any order": the end of the deck all of
    the looked-at cards go to (their order is asked next, ``deck_order``)."""

    kind: ClassVar[str] = "deck_arrange"
    prompt: ClassVar[str] = "Put the cards you looked at back: all of them on top of your deck, or all at its bottom"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [ARRANGE_TOP, ARRANGE_BOTTOM]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        cards = decision.data["cards"]
        if action.get("option") == TO_TOP:
            state.tasks.append(Task("bottom_order", player=decision.player, cards=cards, top=True))
        else:
            state.tasks.append(Task("bottom_order", player=decision.player, cards=cards))

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-121", "choose {option: to_top} or {option: to_bottom}: all the looked-at cards go to that end of "
                      "the deck (official Q&A: not some on top and the rest at the bottom)")


class LifeLook(DecisionRule["OnePieceState"]):
    """"Look at up to 1 card from the top of your or your opponent's Life cards": whose, or none."""

    kind: ClassVar[str] = "life_look"
    prompt: ClassVar[str] = "Look at the top Life card of a player (choose the player), or at none"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        me = decision.player
        return [*(Action("choose", player=q) for q in (me, 1 - me) if state.zones[q]["life"]), PASS]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        if action.type == "choose":
            card = state.zones[action.get("player")]["life"][0]
            state.show_privately(decision.player, (card,))
            state.tasks.append(Task("life_place", player=decision.player, card=card))

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-121", "choose {player} whose top Life card you look at (a player with Life cards), or pass")


class LifePlace(DecisionRule["OnePieceState"]):
    """The looked-at Life card (or one just added to the top): stays on top, or goes to the bottom
    of the same Life area."""

    kind: ClassVar[str] = "life_place"
    prompt: ClassVar[str] = "Leave the Life card on top of the Life cards, or put it at their bottom"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", option=TO_TOP), Action("choose", option=TO_BOTTOM)]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        card = decision.data["card"]
        if action.get("option") == TO_BOTTOM and state.zone_of(card) == "life":
            state.move(card, "life")

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-121", "choose {option: to_top} or {option: to_bottom} for the Life card")
