"""The One Piece Main phase (OP-13..OP-18): play cards (OP-14, OP-104, OP-108, OP-120),
activate [Activate: Main] effects (OP-15), give DON!! (OP-16), attack (OP-18) or end the
turn; a sixth Character trashes one of the five (OP-112)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.rules import DecisionRule
from tcg.core.state import Decision, Task
from tcg.games.one_piece import turn
from tcg.games.one_piece.battle import declare_attack
from tcg.games.one_piece.queries import CHARACTERS_MAX

if TYPE_CHECKING:
    from tcg.games.one_piece.state import OnePieceState

END_TURN = Action("end_turn")


def open_main(s: OnePieceState, task: Task) -> None:
    """OP-13: the turn player's open Main phase decision (after each action, again)."""
    s.decision = Decision(s.active, "main", open=True)


class Main(DecisionRule["OnePieceState"]):
    """OP-13: the Main phase's open decision."""

    kind: ClassVar[str] = "main"
    prompt: ClassVar[str] = "Your Main phase: play a card, give DON!!, activate an effect, attack, or end your turn"
    accepts: ClassVar[frozenset[str]] = frozenset({"play", "give_don", "activate", "attack", "end_turn"})
    rule: ClassVar[str] = "OP-13"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return main_actions(state, decision.player)

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        resolve_main(state, decision.player, action)

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        found = turn.explain_card(state, action)
        if found is not None:
            return found
        if action.type in turn.MAIN_ACTIONS:
            return explain_main(state, decision.player, action)
        return turn.explain_misplaced(state, decision, action)


def main_actions(s: OnePieceState, p: int) -> list[Action]:
    """OP-13: play cards, activate [Activate: Main] effects, give DON!!, battle."""
    out: list[Action] = []
    active = s.counters[p]["cost_area_active"]
    for c in s.zones[p]["hand"]:
        d = s.d(c)
        playable = d.type in ("character", "stage") or (d.type == "event" and d.main_effects)
        if playable and s.cost_of(c) <= active:
            out.append(Action.of("play", (("card", c),)))  # OP-14 / OP-104 / OP-108 / OP-120
    mine = [s.leader(p), *s.zones[p]["characters"]]
    for c in [*mine, *s.zones[p]["stage"]]:
        for i, ab in enumerate(s.d(c).abilities):
            if ab.when == "activate_main" and can_activate(s, c, i, p):
                out.append(Action.of("activate", (("card", c), ("effect", i))))
    if active:
        out.extend(Action.of("give_don", (("card", c),)) for c in mine)  # OP-16
    if not s.is_first_turn_of(p):  # OP-18: no battle in a player's own first turn
        targets = s.attack_targets(p)
        for c in mine:
            if s.can_attack(c):
                out.extend(Action.of("attack", (("card", c), ("target", t))) for t in s.attack_targets_of(c, targets))
    out.append(END_TURN)
    return out


def can_activate(s: OnePieceState, cid: int, index: int, p: int) -> bool:
    return s.ability_ready(cid, index, p) and s.cost_payable(cid, index, p)


def resolve_main(s: OnePieceState, p: int, action: Action) -> None:
    t, card = action.type, action.get("card")
    if t == "end_turn":
        s.tasks.append(Task("end_phase"))
        return
    s.tasks.append(Task("main"))
    if t == "play":
        play(s, p, card)
    elif t == "give_don":
        s.counters[p]["cost_area_active"] -= 1
        s.set_counter(card, "don", s.don(card) + 1)
        s.emit("don_given", card=card, name=s.cards[card].name, player=p, don=s.don(card))
    elif t == "activate":
        activate(s, p, card, action.get("effect"))
    elif t == "attack":
        declare_attack(s, p, card, action.get("target"))


def play(s: OnePieceState, p: int, card: int) -> None:
    """OP-14 / OP-104: pay the cost with active DON!!, then the card by its type."""
    d = s.d(card)
    s.pay_don(p, s.cost_of(card))
    if d.type == "character":
        enter_character(s, p, card)
    elif d.type == "stage":
        for old in list(s.zones[p]["stage"]):  # OP-112: one Stage
            s.leave_field(old, "trash")
        s.move(card, "stage", tapped=False, entered_this_turn=True)
        s.emit("played", card=card, name=d.name, player=p)
        s.queue_abilities(card, "on_play")
    else:  # OP-120: an Event is trashed, then its effect resolves
        s.move(card, "trash")
        s.emit("played", card=card, name=d.name, player=p)
        s.tasks.append(Task("event_activated", player=p))  # after its effect: "when you activate an Event"
        s.queue_effects(card, p, (d.name, "main"))


def enter_character(s: OnePieceState, p: int, card: int, rested: bool = False) -> None:
    """OP-112: with 5 Characters already, the player first trashes one (decision ``replace``)."""
    if len(s.zones[p]["characters"]) >= CHARACTERS_MAX:
        s.move(card, "limbo")
        s.decision = Decision(p, "replace", {"card": card, "rested": True} if rested else {"card": card})
        return
    put_character(s, p, card, rested)


def put_character(s: OnePieceState, p: int, card: int, rested: bool = False) -> None:
    """A Character enters active (OP-112), or rested where an effect says "play that card rested";
    its [On Play] applies."""
    s.move(card, "characters", player=p, tapped=rested, entered_this_turn=True)
    s.emit("played", card=card, name=s.cards[card].name, player=p)
    s.queue_abilities(card, "on_play")


def activate(s: OnePieceState, p: int, card: int, index: int) -> None:
    """OP-15: an [Activate: Main] effect; [Once Per Turn] is marked used."""
    ab = s.d(card).abilities[index]
    if ab.once_per_turn:
        s.flags[f"used:{card}:{index}"] = True
    s.emit("activated", card=card, name=s.cards[card].name, player=p)
    s.queue_activated(card, p, (s.cards[card].name, "ability", index))
    s.pay_ability_cost(card, index, p)  # after queueing: its DON!! -X runs before the effects


def event_activated(s: OnePieceState, task: Task) -> None:
    """A player activated an Event ([Main] or [Counter]): "when you activate an Event" and "when
    your opponent activates an Event" abilities, once its effect has resolved (their "if" is read
    then). [unverified] A [Trigger] of an Event is not counted as activating an Event."""
    p = task["player"]
    for q in (1 - s.active, s.active):  # queued last resolves first: the turn player's first (OP-121)
        when = "on_event" if q == p else "on_opponent_event"
        for c in reversed([s.leader(q), *s.zones[q]["characters"], *s.zones[q]["stage"]]):
            s.queue_abilities(c, when)


def play_free(s: OnePieceState, task: Task) -> None:
    """A [Trigger] "play this card": without paying, if there is room (OP-112 otherwise)."""
    p, card = task["player"], task["card"]
    d = s.d(card)
    if s.zone_of(card) not in ("trash", "limbo", "hand", "deck"):
        return
    if d.type == "character":
        enter_character(s, p, card, bool(task.get("rested")))
    elif d.type == "stage":
        for old in list(s.zones[p]["stage"]):  # OP-112: one Stage
            s.leave_field(old, "trash")
        s.move(card, "stage", tapped=False, entered_this_turn=True)
        s.queue_abilities(card, "on_play")


class Replace(DecisionRule["OnePieceState"]):
    """OP-112: at most 5 Characters: a sixth one trashes one of them (not a K.O.)."""

    kind: ClassVar[str] = "replace"
    prompt: ClassVar[str] = "You already have 5 Characters: choose one to trash to make room for the new one"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "OP-112"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", card=c) for c in state.zones[decision.player]["characters"]]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        card, p = action.get("card"), decision.player
        state.emit("trashed_for_room", card=card, name=state.cards[card].name, player=p)
        state.leave_field(card, "trash")  # OP-112: not a K.O.
        put_character(state, p, decision.data["card"], bool(decision.data.get("rested")))

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-112", "at most 5 Characters: choose one of your Characters to trash for the new one")


def explain_main(s: OnePieceState, p: int, a: Action) -> tuple[str, str]:
    """Why a play, give_don, attack or activate is not legal in this Main phase."""
    t, card = a.type, a.get("card")
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
        if s.is_first_turn_of(p):
            return "OP-18", "no battle in a player's own first turn"
        if card is not None and s.cards[card].tapped:
            return "OP-115", "a rested card cannot attack"
        if card is not None and s.cards[card].entered_this_turn:
            return "OP-114", "a Character cannot attack the turn it was played, unless it has [Rush]"
        return "OP-18", "attack the opponent's Leader or one of their rested Characters"
    return "OP-15", "activate an [Activate: Main] effect of your card whose conditions and costs are met"
