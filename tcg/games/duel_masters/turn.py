"""The turn (DM-17): untap, draw, charge, main, attack, end — the steps between the choices.

A turn is a queue of tasks: ``begin_turn`` (untap, DM-18) → ``draw_step`` (DM-19) → the open
decisions of the charge, main and attack steps (``phase`` comes back to one after an action)
→ ``end_step`` (DM-23) → ``cleanup``, which begins the next player's turn. This module has the
charge step's decision (DM-11) and the untap step's Silent Skill choice (DM-76..DM-79); the
main step is in :mod:`~tcg.games.duel_masters.main_phase`, the attack step in
:mod:`~tcg.games.duel_masters.battle`.

It also says which step each action belongs to, and so holds :class:`DuelMastersRule`, the
base of every Duel Masters decision: its illegal-action explanation first asks "is this the
step for it?" and "is there such a card?", before the decision's own reasons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.rules import DecisionRule
from tcg.core.state import Decision, Task

if TYPE_CHECKING:
    from tcg.games.duel_masters.state import DuelMastersState

PASS = Action("pass")
NEXT_PHASE = Action("next_phase")
END_TURN = Action("end_turn")
#: DM-17: the steps of a turn, in order (scenarios may start in any of them).
PHASES = ("untap", "draw", "charge", "main", "attack", "end")
#: What every open step accepts besides its own actions: go on to the next step, or end the turn.
STEP_ENDS = frozenset({"next_phase", "end_turn"})

Reason = tuple[str, str]

#: The step an action of the turn is taken in: (decision kind, rule, why).
STEP_OF: dict[str, tuple[str, str, str]] = {
    "charge_mana": ("charge", "DM-11", "mana is charged in the charge step, after the draw"),
    "summon": ("main", "DM-21", "creatures are summoned in the main step"),
    "cast": ("main", "DM-21", "spells are cast in the main step"),
    "attack": ("attack", "DM-22", "attacks are declared in the attack step"),
    "tap_ability": ("attack", "DM-117", "tap abilities are used in the attack step"),
}
#: Actions that answer one window only, and what that window asks of them (the reason given
#: when no decision says more).
WINDOWS: dict[str, Reason] = {
    "block": ("DM-110", "blocks are declared only right after an attack on you or your creature"),
    "silent_skill": ("DM-78", "Silent Skills are chosen in the untap step, before the draw"),
    "use_shield_trigger": ("DM-44", "only a Shield Trigger just put into your hand by breaking its shield may be used"),
    "pay": ("DM-9", "pay with untapped mana cards of the right number and civilizations"),
}
#: Action types that name a card (DM-5: every card is somewhere; the action must say which).
NAMES_A_CARD = frozenset({"charge_mana", "summon", "cast", "attack", "block", "tap_ability",
                          "use_shield_trigger", "silent_skill"})


# ---------------------------------------------------------------------- the base of every decision
class DuelMastersRule(DecisionRule["DuelMastersState"]):
    """A Duel Masters decision kind. Its explanation goes from the general to the particular:
    the wrong step (DM-11, DM-21, DM-22, DM-111, DM-117), no such card (DM-5), then the
    decision's own :meth:`why_not`, then the window the action belongs to, then DM-17."""

    def explain(self, state: Any, decision: Decision, action: Action) -> Reason:
        return (misplaced(state, decision, action) or self.why_not(state, decision, action)
                or WINDOWS.get(action.type)
                or ("DM-17", f"{state.action_text(action)} is not a legal action in a {decision.kind} decision"))

    def why_not(self, state: Any, decision: Decision, action: Action) -> Reason | None:
        """This decision's reason for refusing ``action`` (None: no reason of its own)."""
        return None


def misplaced(state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
    """The action belongs to another step, or names no card of the game."""
    t = action.type
    step = STEP_OF.get(t)
    if step is not None and decision.kind != step[0]:
        _, rule, why = step
        if t in ("summon", "cast") and decision.kind == "attack":
            return "DM-111", "no summoning or casting after the attack step has begun"
        now = "the " + decision.kind if decision.open else "a " + decision.kind + " decision"
        return rule, f"{why}; now it is {now}"
    card = action.get("card")
    if card is not None and (not isinstance(card, int) or not 0 <= card < len(state.cards)):
        return "DM-5", f"there is no card with id {card!r}"
    if card is None and t in NAMES_A_CARD:
        return "DM-5", f"{t} needs a card (the field 'card')"
    return None


# ---------------------------------------------------------------------- moving through the turn
def open_step(state: DuelMastersState, phase: str) -> None:
    """Enter (or come back to) the charge, main or attack step and its open decision."""
    if state.phase != phase:
        state.enter_phase(phase)
    state.decision = Decision(state.active, phase, open=True)


def leave_step(state: DuelMastersState, phase: str, player: int, action: Action) -> None:
    """``next_phase`` goes on to the next step; ``end_turn`` (or leaving the attack step) ends
    the turn — DM-69: creatures that must attack do so first."""
    if action.type == "end_turn" or phase == "attack":
        state.tasks.append(Task("end_step"))
        if state.forced_attackers(player):
            state.tasks.append(Task("forced_attacks"))
        return
    state.tasks.append(Task("phase", phase="main" if phase == "charge" else "attack"))


def reopen_step(state: DuelMastersState, task: Task) -> None:
    """Step ``phase``: back to an open step's decision once an action there has resolved."""
    open_step(state, task["phase"])


def begin_turn(state: DuelMastersState, task: Task) -> None:
    """Step ``begin_turn``."""
    untap_step(state)


def untap_step(state: DuelMastersState) -> None:
    """DM-17 / DM-18 / DM-78: untap mana, then creatures except Silent Skills, which may stay
    tapped (DM-77: only creatures already tapped at the start of the turn; DM-79: before the draw)."""
    p = state.active
    state.emit("turn_start", turn=state.turn, player=p)
    state.enter_phase("untap")
    cards = state.cards
    untap = [c for c in state.zones[p]["mana"] if cards[c].tapped]
    candidates = []
    for c in state.zones[p]["battle"]:
        if cards[c].tapped:
            if state.d(c).keywords.silent_skill is not None:
                candidates.append(c)
            else:
                untap.append(c)
    for c in untap:
        cards[c] = cards[c].with_tapped(False)
    if untap:  # one event for the whole untap step
        state.emit("untapped", cards=untap, player=p)
    if candidates:
        state.tasks.append(Task("draw_step"))
        state.decision = Decision(p, "silent_skill", {"candidates": tuple(candidates)})
    else:
        draw_then_charge(state)


def draw_step(state: DuelMastersState, task: Task) -> None:
    """Step ``draw_step`` (after the Silent Skills are chosen)."""
    draw_then_charge(state)


def draw_then_charge(state: DuelMastersState) -> None:
    """DM-19 / DM-20 (default: nobody draws in their own first turn) / DM-114 (variant: only the
    first player skips), then the charge step."""
    p = state.active
    state.enter_phase("draw")
    if state.options.get("first_turn_draw") == "first_player_skips":
        skip = state.is_first_turn()
    else:
        skip = state.is_first_turn_of(p)  # DM-20
    if not skip:
        state.draw(p)
    if state.winner is None:
        open_step(state, "charge")


def end_step(state: DuelMastersState, task: Task) -> None:
    """DM-23: "at the end of the turn" abilities of the active player's creatures, then cleanup."""
    state.enter_phase("end")
    state.tasks.append(Task("cleanup"))
    for c in reversed(state.zones[state.active]["battle"]):
        state.queue_triggers(c, "end_of_turn")


def cleanup(state: DuelMastersState, task: Task) -> None:
    """"Until the end of the turn" effects end ("next turn" ones last one turn more), then the
    other player's turn begins."""
    lasting.expire(state, lasting.TURN)
    state.flags = {}
    # DM-124: an expired bonus may leave a creature at 0 power; it is destroyed in this turn,
    # and its "when destroyed" abilities resolve before the turn ends (then cleanup again).
    state.check_state()
    if state.flags.get("pending_triggers"):
        state.tasks.append(Task("cleanup"))
        return
    cards = state.cards
    for cid in [c.id for c in cards if c.entered_this_turn]:
        cards[cid] = cards[cid].replace(entered_this_turn=False)
    state.emit("turn_end", turn=state.turn, player=state.active)
    state.turn += 1
    state.active = 1 - state.active
    untap_step(state)


# ---------------------------------------------------------------------- the charge step
class Charge(DuelMastersRule):
    """DM-11: the charge step — put one card from your hand into your mana zone, once a turn."""

    kind: ClassVar[str] = "charge"
    prompt: ClassVar[str] = "Put one card from your hand into your mana zone, or skip the charge"
    accepts: ClassVar[frozenset[str]] = frozenset({"charge_mana", *STEP_ENDS})
    rule: ClassVar[str] = "DM-11"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        if state.flags.get("charged"):
            return [NEXT_PHASE, END_TURN]
        hand = state.zones[decision.player]["hand"]
        return [*(Action.of("charge_mana", (("card", c),)) for c in hand), NEXT_PHASE, END_TURN]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        if action.type in STEP_ENDS:
            leave_step(state, "charge", decision.player, action)
            return
        card = action.get("card")
        state.flags["charged"] = True
        state.emit("mana_charged", card=card, name=state.cards[card].name, player=decision.player)
        state.put_into_mana(card)
        open_step(state, "charge")  # nothing can trigger: back to the open decision at once

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        if action.type != "charge_mana":
            return None
        if state.flags.get("charged"):
            return "DM-11", "only one card may be put into the mana zone per turn"
        return "DM-11", "only a card from your hand may be charged"


# ---------------------------------------------------------------------- the untap step: Silent Skill
class SilentSkill(DuelMastersRule):
    """DM-76..DM-79: in the untap step, a tapped Silent Skill creature may stay tapped to use
    its Silent Skill; one at a time, ``pass`` untaps the rest."""

    kind: ClassVar[str] = "silent_skill"
    prompt: ClassVar[str] = "Keep a tapped creature tapped to use its Silent Skill, or untap as usual"
    accepts: ClassVar[frozenset[str]] = frozenset({"silent_skill", "pass"})
    rule: ClassVar[str] = "DM-77"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [*(Action("silent_skill", card=c) for c in decision.data["candidates"]), PASS]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        candidates = decision.data["candidates"]
        if action.type == "pass":
            for c in candidates:
                state.set_tapped(c, False)
            return
        p, card = decision.player, action.get("card")
        rest = tuple(c for c in candidates if c != card)
        if rest:
            state.tasks.append(Task("silent_skill_window", player=p, candidates=rest))
        state.emit("silent_skill", card=card, name=state.cards[card].name, player=p)  # DM-76: stays tapped
        state.queue_effects(card, p, (state.cards[card].name, "silent_skill"))

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        if action.type == "silent_skill":
            return "DM-77", "only a Silent Skill creature that was already tapped at the start of the turn"
        return None


def silent_skill_window(state: DuelMastersState, task: Task) -> None:
    """Step ``silent_skill_window``: ask again about the Silent Skills not chosen yet - of the
    creatures still tapped in the battle zone (DM-76: a Silent Skill is used by keeping the
    creature tapped; one an earlier Silent Skill destroyed or untapped has none to use)."""
    p, cards = task["player"], state.cards
    left = tuple(c for c in task["candidates"] if c in state.zones[p]["battle"] and cards[c].tapped)
    if left:
        state.decision = Decision(p, "silent_skill", {"candidates": left})
