"""The One Piece turn: Refresh, Draw and DON!! phases (OP-3..OP-11), the End phase (OP-19,
OP-20) and the turn change; and the slow-path explanation shared by every decision for an
action that belongs to another phase or step (OP-13, OP-115) or names no card (OP-110)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.state import Decision, Task

if TYPE_CHECKING:
    from tcg.games.one_piece.state import OnePieceState

#: Action types that name the card they act with (OP-110: "there is no such card").
CARD_ACTIONS = frozenset({"play", "give_don", "activate", "attack", "block", "counter", "use_trigger"})
#: Action types of the Main phase outside a battle (OP-13).
MAIN_ACTIONS = frozenset({"play", "give_don", "activate", "attack"})


# ---------------------------------------------------------------------- steps
def begin_turn(s: OnePieceState, task: Task) -> None:
    """OP-3 / OP-4: "until the start of the turn" effects end; start-of-turn effects activate."""
    p = s.active
    s.emit("turn_start", turn=s.turn, player=p)
    s.enter_phase("refresh")
    lasting.expire(s, lasting.start_of(p))
    s.tasks.append(Task("refresh_rest"))
    for q in (1 - p, p):  # the turn player's effects resolve first (OP-121)
        for c in reversed([s.leader(q), *s.zones[q]["characters"], *s.zones[q]["stage"]]):
            s.queue_abilities(c, "start_of_turn")


def refresh_rest(s: OnePieceState, task: Task) -> None:
    """OP-5 / OP-105 / OP-6 / OP-106, then the Draw (OP-7, OP-8) and DON!! phases (OP-9..OP-11)."""
    p = s.active
    official = s.options.get("refresh_don_return") == "cost_area"
    for c in [s.leader(p), *s.zones[p]["characters"]]:
        n = s.don(c)
        if n:
            s.set_counter(c, "don", 0)
            s.counters[p]["cost_area_rested" if official else "don_deck"] += n
    for zone in ("leader", "characters", "stage"):
        for c in s.zones[p][zone]:
            if s.cards[c].tapped:
                s.update(c, tapped=False)
    s.don_move(p, "cost_area_rested", "cost_area_active", s.counters[p]["cost_area_rested"])
    s.enter_phase("draw")
    if not s.is_first_turn():  # OP-8: the first player draws no card in the first turn
        s.draw(p)
    s.enter_phase("don_phase")
    s.don_move(p, "don_deck", "cost_area_active", 1 if s.is_first_turn() else 2)  # OP-10
    s.enter_phase("main")
    s.tasks.append(Task("main"))
    for c in reversed([s.leader(p), *s.zones[p]["characters"], *s.zones[p]["stage"]]):
        s.queue_abilities(c, "start_of_main")  # OP-12


def end_phase(s: OnePieceState, task: Task) -> None:
    """OP-19: end-of-turn effects activate once; OP-20: "this turn" effects end (``cleanup``)."""
    p = s.active
    s.enter_phase("end")
    s.tasks.append(Task("cleanup"))
    for c in reversed([s.leader(1 - p), *s.zones[1 - p]["characters"], *s.zones[1 - p]["stage"]]):
        s.queue_abilities(c, "end_of_opponents_turn")
    for c in reversed([s.leader(p), *s.zones[p]["characters"], *s.zones[p]["stage"]]):
        s.queue_abilities(c, "end_of_your_turn")


def cleanup(s: OnePieceState, task: Task) -> None:
    """OP-20: "this turn" and battle effects end; the other player's turn begins."""
    lasting.expire(s, lasting.TURN)
    s.flags = {}
    cards = s.cards
    for zones in s.zones:
        for c in zones["characters"] + zones["stage"]:
            if cards[c].entered_this_turn:
                cards[c] = cards[c].replace(entered_this_turn=False)
    s.emit("turn_end", turn=s.turn, player=s.active)
    s.turn += 1
    s.active = 1 - s.active
    s.tasks.append(Task("begin_turn"))


# ---------------------------------------------------------------------- why not (slow path)
def explain_card(s: OnePieceState, a: Action) -> tuple[str, str] | None:
    """OP-110: the action names a card that does not exist, or none where it needs one."""
    card = a.get("card")
    if card is not None and (not isinstance(card, int) or not 0 <= card < len(s.cards)):
        return "OP-110", f"there is no card with id {card!r}"
    if card is None and a.type in CARD_ACTIONS:
        return "OP-110", f"{a.type} needs a card (the field 'card')"
    return None


def explain_misplaced(s: OnePieceState, dec: Decision, a: Action) -> tuple[str, str]:
    """An action of another phase or battle step than the pending decision's, or none at all."""
    t = a.type
    if t in MAIN_ACTIONS and dec.kind != "main":
        return "OP-13", f"{t} is done in your Main phase outside a battle; now: {dec.kind}"
    if t == "block":
        return "OP-115", "block with an active [Blocker] Character of yours other than the target"
    if t == "counter":
        return "OP-115", "a Counter comes from your hand: a Character's Counter value or a [Counter] Event you can pay"
    return "OP-13", f"{s.action_text(a)} is not legal in a {dec.kind} decision"


def explain(s: OnePieceState, dec: Decision, a: Action) -> tuple[str, str]:
    """The explanation of every decision without a more precise one of its own."""
    return explain_card(s, a) or explain_misplaced(s, dec, a)
