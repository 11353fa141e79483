"""The turn (FOW-30..34, FOW-101): start of turn, Draw, Recovery, the Main Phase's opening,
the End Phase (damage healed, the hand-limit ``discard``, will emptied) and the next turn.

Also the explanations every decision shares (slow path only): an action naming no real card
(FOW-65), a second mulligan (FOW-3), a Main Phase or chase action offered to a decision
that is not one (FOW-102, "who may act when"), and the answers no decision of that kind
takes (FOW-30).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core.actions import Action, CardActions
from tcg.core.rules import DecisionRule
from tcg.core.state import Decision, Task
from tcg.games.force_of_will.cards import ATTRIBUTES
from tcg.games.force_of_will.queries import HAND_LIMIT

if TYPE_CHECKING:
    from tcg.games.force_of_will.state import ForceOfWillState

PHASES = ("turn_start", "draw", "recovery", "main", "end")
NO_RECOVER = frozenset({"no_recover"})
MAIN_TASK = Task("main")
#: Tasks without data: never changed, so shared.
CLEANUP, DISCARD_STEP = Task("cleanup"), Task("discard_step")
#: Every attribute's will at 0 (FOW-28: unused will empties at the end of the turn).
NO_WILL = {f"will_{a}": 0 for a in ATTRIBUTES}
#: The Main Phase decision of each player: immutable, so shared.
MAIN_DECISIONS = (Decision(0, "main", open=True), Decision(1, "main", open=True))
CHOOSE = CardActions("choose")

#: The action types that name a card.
CARD_ACTION_TYPES = ("summon", "play_spell", "play_addition", "set_chant_standby", "activate_chant_standby",
                     "activate_ability", "attack", "block")
#: FOW-52: what may never be a chase, and the Main Phase action each is.
NEVER_CHASE = {"call_magic_stone": "M1", "summon": "M2", "play_addition": "M4", "set_chant_standby": "M5",
               "attack": "M8", "judgment": "M9"}
#: Everything done in the Main Phase or as a chase: no answer to any other decision (FOW-102).
PLAYS = (*NEVER_CHASE, "play_spell", "activate_ability", "activate_chant_standby", "lifebreak")

Why = tuple[str, str]


# ---------------------------------------------------------------------- steps
def begin_turn(s: ForceOfWillState, start: str = "turn_start") -> None:
    """FOW-30, FOW-101: start of turn, Draw, Recovery, then the Main Phase. ``start`` is
    where a scenario loaded at a later phase begins (what comes before has happened)."""
    p = s.active
    if start not in ("recovery", "recovering"):
        s.emit("turn_start", turn=s.turn, player=p)
        s.enter_phase("turn_start")
        s.enter_phase("draw")
        if not s.is_first_turn():  # FOW-31: the first player skips the first draw
            if not s.zones[p]["main_deck"]:  # FOW-64
                s.lose(p, "deck_out")
                return
            s.draw(p)
    if start != "recovering":  # ("recovering": the recovery phase's own triggers have resolved)
        s.enter_phase("recovery")
        if phase_triggers(s, p, "recovery_phase_start", Task("begin_turn", start="recovering")):
            return
    if not s.is_first_turn_of(p):  # FOW-32
        cards, zones = s.cards, s.zones[p]
        kept = {e["card"] for e in s.effects if e["kind"] == "no_recover"} if s.effects else set()
        if s.keywords_now(NO_RECOVER):  # "this card doesn't recover during the recovery phase"
            kept |= {c for c in zones["field"] if s.has(c, "no_recover")}
        for zone in ("field", "ruler_area", "magic_stone_area"):
            for c in zones[zone]:
                if cards[c].tapped and c not in kept:  # kept rested: "doesn't recover" (keep_rested)
                    cards[c] = cards[c].with_tapped(False)
    s.enter_phase("main")
    if phase_triggers(s, p, "main_phase_start", MAIN_TASK):
        return
    s.decision = MAIN_DECISIONS[p]  # the Main Phase's open decision (the ``main`` task)


def phase_triggers(s: ForceOfWillState, p: int, when: str, then: Task) -> bool:
    """"At the beginning of your main / recovery phase": the turn player's cards with such an
    ability trigger; they are declared, answered and resolved (FOW-51, FOW-103), then ``then``
    goes on with the turn. False (and nothing queued) when none has one."""
    starters = [c for c in s.zones[p]["field"] if s.digest[s.cards[c].name].abilities
                and any(ab.when == when for ab in s.abilities(c))]
    if not starters:
        return False
    s.tasks.append(then)
    s.tasks.append(Task("trigger_window", player=p))
    for c in starters:
        s.queue_triggers(c, when)
    return True


def end_phase(s: ForceOfWillState) -> None:
    """FOW-34: damage healed, discard to seven, will lost, then the next turn. "At the end of
    turn, destroy that resonator" (``destroy_at_end``) happens first, as the End Phase begins."""
    s.enter_phase("end")
    doomed = [e["card"] for e in s.effects if e["kind"] == "doomed"] if s.effects else []
    if doomed:
        for c in doomed:
            s.destroy(c)
        s.settle()
    for q in (0, 1):  # "At end of turn, return this card to its Ruler side" (JRulerSide.back_at_end)
        for c in list(s.zones[q]["field"]):
            card = s.cards[c]
            side = s.defs[card.name].j_ruler
            if "j_ruler" in card.marks and "spent" not in card.marks and side is not None and side.back_at_end:
                s.emit("back_to_ruler", card=c, name=card.name, player=q)
                s.leave_field(c, "ruler_area", marks=frozenset(), tapped=card.tapped)
    for p in (0, 1):
        for c in s.zones[p]["field"]:
            if s.damage(c):
                s.set_counter(c, "damage", 0)
    s.tasks.append(CLEANUP)
    discard_step(s)  # the step that would run next


def discard_step(s: ForceOfWillState) -> None:
    """FOW-34 step 2: the turn player discards one card at a time down to the hand limit."""
    p = s.active
    if len(s.zones[p]["hand"]) > HAND_LIMIT:
        s.tasks.append(DISCARD_STEP)
        s.decision = Decision(p, "discard", {})


def cleanup(s: ForceOfWillState) -> None:
    """FOW-28 / FOW-34 step 3: will empties, "until end of turn" ends; then the next turn."""
    for counters in s.counters:
        counters.update(NO_WILL)
    lasting.expire(s, lasting.TURN)  # "until end of turn" ends; "lasting" stays until its card leaves
    s.flags = {}
    cards = s.cards
    for zones in s.zones:
        for zone in ("field", "magic_stone_area", "chant_standby_area", "ruler_area"):
            for c in zones[zone]:
                card = cards[c]
                if card.entered_this_turn:
                    cards[c] = card.replace(entered_this_turn=False)
                for added in card.attached:
                    if cards[added].entered_this_turn:
                        cards[added] = cards[added].replace(entered_this_turn=False)
    s.emit("turn_end", turn=s.turn, player=s.active)
    s.turn += 1
    s.active = 1 - s.active
    begin_turn(s)  # the step that would run next


def begin_turn_step(s: ForceOfWillState, task: Task) -> None:
    begin_turn(s, task.get("start", "turn_start"))


def main_step(s: ForceOfWillState, task: Task) -> None:
    """Back to the Main Phase's open decision once a declared action has been answered."""
    s.decision = MAIN_DECISIONS[s.active]


def end_phase_step(s: ForceOfWillState, task: Task) -> None:
    end_phase(s)


def discard_step_step(s: ForceOfWillState, task: Task) -> None:
    discard_step(s)


def cleanup_step(s: ForceOfWillState, task: Task) -> None:
    cleanup(s)


# ---------------------------------------------------------------------- what every decision explains
def malformed(s: ForceOfWillState, a: Action) -> Why | None:
    """FOW-65: an action naming a card names a real one; FOW-3: one mulligan, in set-up."""
    card = a.get("card")
    t = a.type
    if card is not None and (not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(s.cards)):
        return "FOW-65", f"there is no card with id {card!r}"
    if card is None and t in CARD_ACTION_TYPES:
        return "FOW-65", f"{t} needs a card (the field 'card')"
    if t == "mulligan":
        return "FOW-3", "a player may mulligan only once, during set-up"
    return None


def not_now(kind: str, a: Action) -> Why | None:
    """FOW-102: Main Phase actions and chases are not answers to any other decision."""
    if a.type in PLAYS:
        return "FOW-102", f"{a.type} is not an answer to a {kind} decision"
    return None


def answer_tail(s: ForceOfWillState, kind: str, a: Action) -> Why:
    """What is left once the decision's own rules have spoken: blocks, payments, the rest."""
    if a.type == "block":
        return "FOW-43", "block with a recovered J-ruler or resonator you control (Flying: one with Flying)"
    if a.type == "pay":
        return "FOW-27", "pay with one of the listed sets of stones"
    return "FOW-30", f"{s.action_text(a)} is not legal in a {kind} decision"


class FowDecision(DecisionRule["ForceOfWillState"]):
    """A Force of Will decision: explained by the shared checks, then its own (:meth:`why`)."""

    def explain(self, state: ForceOfWillState, decision: Decision, action: Action) -> Why:
        return (malformed(state, action) or self.why(state, decision, action)
                or answer_tail(state, decision.kind, action))

    def why(self, state: ForceOfWillState, decision: Decision, action: Action) -> Why | None:
        """The decision's own reason, if it has one (default: FOW-102 for plays)."""
        return not_now(decision.kind, action)


# ---------------------------------------------------------------------- the End Phase discard
class Discard(FowDecision):
    """FOW-34: the turn player above the hand limit (FOW-10) discards a card of their choice."""

    kind = "discard"
    prompt = "End Phase: you hold more than 7 cards; choose one to discard"
    accepts = frozenset({"choose"})
    rule = "FOW-34"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [CHOOSE[c] for c in state.zones[decision.player]["hand"]]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        card = action.get("card")
        state.move(card, "graveyard")
        state.emit("discarded", card=card, name=state.cards[card].name, player=decision.player)
