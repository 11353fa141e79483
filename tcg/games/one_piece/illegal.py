"""Why a One Piece action is illegal: the rule id and a sentence (slow path only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core.actions import Action

if TYPE_CHECKING:
    from tcg.games.one_piece.state import OnePieceState


def explain(s: OnePieceState, a: Action) -> tuple[str, str]:
    dec = s.decision
    if dec is None:
        return "OP-2", "no decision is pending"
    t, p = a.type, dec.player
    card = a.get("card")
    if card is not None and (not isinstance(card, int) or not 0 <= card < len(s.cards)):
        return "OP-110", f"there is no card with id {card!r}"
    if card is None and t in ("play", "give_don", "activate", "attack", "block", "counter", "use_trigger"):
        return "OP-110", f"{t} needs a card (the field 'card')"
    if dec.kind == "replace":
        return "OP-112", "at most 5 Characters: choose one of your Characters to trash for the new one"
    if dec.kind == "don_minus":
        return "OP-109", ("DON!! -X: choose which DON!! goes back: choose {option: rested} or {option: active} from "
                          "your cost area, or choose {card} for a DON!! given to that card")
    if dec.kind == "count":
        return "OP-121", f"\"up to\": choose {{option: n}} with n from 0 to {dec.data['most']}"
    if t in ("play", "give_don", "activate", "attack") and dec.kind != "main":
        return "OP-13", f"{t} is done in your Main phase outside a battle; now: {dec.kind}"
    if t == "play":
        if card is None or s.zone_of(card) != "hand" or s.cards[card].owner != p:
            return "OP-14", "play a card from your own hand"
        d = s.d(card)
        if d.type == "event" and not d.main_effects:
            return "OP-120", f"{d.name} is a [Counter] Event: only in your opponent's Counter step"
        have = s.counters[p]["cost_area_active"]
        return "OP-104", f"{d.name} costs {s.cost_of(card)}; you have {have} active DON!! (rested DON!! cannot pay)"
    if t == "give_don":
        if s.counters[p]["cost_area_active"] == 0:
            return "OP-16", "only an active DON!! from your cost area can be given"
        return "OP-16", "give DON!! to your own Leader or one of your Characters"
    if t == "attack":
        if s.first_turn_of(p):
            return "OP-18", "no battle in a player's own first turn"
        if card is not None and s.cards[card].tapped:
            return "OP-115", "a rested card cannot attack"
        if card is not None and s.cards[card].entered_this_turn:
            return "OP-114", "a Character cannot attack the turn it was played, unless it has [Rush]"
        return "OP-18", "attack the opponent's Leader or one of their rested Characters"
    if t == "activate":
        return "OP-15", "activate an [Activate: Main] effect of your card whose conditions and costs are met"
    if t == "block":
        return "OP-115", "block with an active [Blocker] Character of yours other than the target"
    if t == "counter":
        return "OP-115", "a Counter comes from your hand: a Character's Counter value or a [Counter] Event you can pay"
    return "OP-13", f"{a.text(s.name_of)} is not legal in a {dec.kind} decision"
