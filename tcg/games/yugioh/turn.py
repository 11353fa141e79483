"""The turn (YGO-106..YGO-110, YGO-135): Draw Phase, Standby Phase, skipped phases (YGO-8,
YGO-9), the End Phase with its hand limit, and the clean-up that passes the turn.

Decisions: ``main1_skipped`` (YGO-8: Main Phase 1 was skipped; go to the Battle Phase or end
the turn) and ``discard`` (YGO-110: the hand limit). The response windows of the Draw,
Standby and End Phases are the chain's (:func:`tcg.games.yugioh.chain.open_window`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.yugioh.battle import END_TURN, NEXT_PHASE
from tcg.games.yugioh.chain import CHOOSE, YugiohRule, open_window
from tcg.games.yugioh.main_phase import open_main
from tcg.games.yugioh.queries import HAND_LIMIT

if TYPE_CHECKING:
    from tcg.games.yugioh.state import YugiohState

PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
LASTING_MARKS = frozenset({"banish_on_leave"})  # a card's marks that outlast the turn


# ====================================================================== decisions
class SkippedMain1(YugiohRule):
    """YGO-8: with Main Phase 1 skipped, the turn player goes to the Battle Phase or ends the turn."""

    kind = "main1_skipped"
    prompt = "Your Main Phase 1 is skipped: enter the Battle Phase, or end the turn"
    accepts = frozenset({"next_phase", "end_turn"})
    rule = "YGO-8"

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        return [NEXT_PHASE, END_TURN]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        state.tasks.append(Task("battle_phase" if action[0] == "next_phase" else "end_phase"))


class HandLimit(YugiohRule):
    """YGO-110: discard down to six cards, one at a time."""

    kind = "discard"
    prompt = "You hold more than six cards at the end of your turn: choose a card to discard"
    accepts = frozenset({"choose"})
    rule = "YGO-110"

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        return [CHOOSE[c] for c in state.zones[decision.player]["hand"]]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        state.send_to_graveyard(action.get("card"), reason="hand_limit")
        state.tasks.append(Task("hand_limit"))

    def explain_own(self, s: YugiohState, dec: Decision, a: Action) -> tuple[str, str] | None:
        return ("YGO-110", "discard a card from your own hand") if a.type == "choose" else None


# ====================================================================== steps
def begin_turn(s: YugiohState, task: Task | None = None) -> None:
    """YGO-106 / YGO-107: Draw Phase (no draw for the first player's first turn), Standby Phase."""
    p = s.active
    s.emit("turn_start", turn=s.turn, player=p)
    s.enter_phase("draw")
    if s.turn != 1:
        s.draw(p)
        s.state_check()  # YGO-130 / YGO-131: the Duel may end on this draw
        if s.winner is not None:
            return
    phase_window(s, "standby")  # YGO-135: after the draw


def phase_window(s: YugiohState, then: str) -> None:
    """YGO-135: in the Draw Phase (after the draw), the Standby Phase and the End Phase the
    turn player and then the opponent may activate what is legal then; the phase goes on
    (task ``then``) once both pass in a row. After a chain resolves the turn player again
    has the first chance (YGO-109). A player with nothing to activate is skipped, so with
    nothing anywhere the phase passes at once (README: where the engine stops)."""
    s.flags.pop("phase_response", None)
    s.tasks.append(Task("phase_window_done", then=then))
    open_window(s, s.active, 0, "phase")


def phase_window_done(s: YugiohState, task: Task) -> None:
    if s.flags.pop("phase_response", False):  # a chain was built and has resolved: once more
        phase_window(s, task["then"])
    else:
        s.tasks.append(Task(task["then"]))


def standby(s: YugiohState, task: Task) -> None:
    """YGO-108: the Standby Phase, with its response window (YGO-135)."""
    s.enter_phase("standby")
    phase_window(s, "after_standby")


def after_standby(s: YugiohState, task: Task) -> None:
    """Main Phase 1, unless an effect skips it (YGO-8, YGO-9)."""
    p = s.active
    skip = lasting.first(s, "skip_main1", player=p)
    if skip is not None:  # YGO-8: Main Phase 1 is skipped
        lasting.remove(s, skip)
        s.emit("phase_skipped", phase="main1", player=p)
        both = lasting.first(s, "skip_battle", player=p) is not None
        if s.is_first_turn() or both:  # YGO-9: both skipped: straight to the End Phase
            if both:
                lasting.end(s, "skip_battle", player=p)
            s.tasks.append(Task("end_phase"))
        else:
            s.decision = Decision(p, "main1_skipped", {})
        return
    s.enter_phase("main1")
    open_main(s)


def end_phase(s: YugiohState, task: Task) -> None:
    """YGO-110 / YGO-135: the End Phase's response window, then the hand limit as the last thing."""
    s.enter_phase("end")
    s.return_borrowed()
    s.count_down()  # "destroy it during the End Phase of your opponent's 3rd turn"
    own = [c for c in s.face_up_monsters_triggered("own_end_phase") if s.cards[c].controller == s.active]
    for c in own:
        s.add_trigger(c, s.active)
    if s.flags.get("triggers"):  # "during your End Phase" triggers (The Wicked Worm Beast), and any
        # still waiting when an effect made it the End Phase (YGO-15), make a chain first
        s.tasks.append(Task("end_phase_window"))
        s.tasks.append(Task("open_triggers"))
        return
    phase_window(s, "hand_limit")


def end_phase_window(s: YugiohState, task: Task) -> None:
    """The End Phase's response window (YGO-135), once its triggers have resolved."""
    phase_window(s, "hand_limit")


def hand_limit(s: YugiohState, task: Task | None = None) -> None:
    """YGO-110: the last thing in the End Phase: discard down to 6."""
    p = s.active
    if len(s.zones[p]["hand"]) > HAND_LIMIT:
        s.decision = Decision(p, "discard", {})
    else:
        cleanup(s)


def cleanup(s: YugiohState, task: Task | None = None) -> None:
    """The end of the turn: per-turn effects, flags and marks end; the other player's turn begins."""
    s.phase = "end"
    lasting.expire(s, lasting.TURN)  # the turn's effects end; "next turn" ones count from now (YGO-10)
    s.flags = {}
    cards = s.cards
    for zones in s.zones:  # per-turn statuses only exist on the field
        for zone in ("monster_zone", "spell_trap_zone", "field_zone"):
            for cid in zones[zone]:
                card = cards[cid]
                if card.entered_this_turn or card.marks:
                    cards[cid] = card.replace(entered_this_turn=False, marks=card.marks & LASTING_MARKS)
    s.emit("turn_end", turn=s.turn, player=s.active)
    s.turn += 1
    s.active = 1 - s.active
    begin_turn(s)

