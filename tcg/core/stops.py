"""Auto-pass and stops: which decisions a front end may answer for a person, and how.

Why: half the clicks of an ordinary turn were on decisions whose only options were "next
step" / "end the turn", and Yu-Gi-Oh! asked at every phase change whether to respond. Clients
players know settle this with stops: Master Duel's *Auto / On / Off* for response windows,
MTGO's per-phase stops. The rules engine is not changed (it still offers every decision); a
front end asks :func:`auto_answer` whether to answer one itself, and with what.

Each game declares its :class:`Flow` in its presentation (``Presentation.FLOW``): which actions
are moving on and how big a step each is, which decisions are response windows, and the phases a
stop can be set at. The core knows no game's words: only these declarations.

The rules (docs/web.md, "Auto-pass and stops"), for a person's decision with at least one
moving-on option:

1. a response window under *Off* is passed;
2. a phase stop set for this phase (of your turn or of the opponent's) stops;
3. a decision whose only options are moving on is answered with the smallest step (pass before
   next phase before end of the turn), except a response window under *On*;
4. under *Auto*, a response window is passed when its only other options are ambient ones
   (Force of Will's Lifebreak, on offer at every priority), when the game declares it quiet
   (Yu-Gi-Oh!'s windows at a phase change), or when it answers the player's own action (as in
   Master Duel, chaining to your own card needs *On*, or a phase stop);
5. anything else is the person's to answer.

And, apart from those (a payment has no moving-on option):

6. a payment -- a decision of a kind the game declares in ``Flow.payments``, which only chooses
   how to pay a cost already decided (Force of Will's magic stones, Duel Masters' mana), every
   option of it one way of paying: the same action type, none moving on -- is answered under
   *payments Auto* (the default, as MTG Arena taps mana for you) with the game's default way
   (:meth:`Presentation.default_way`), but only when that way harms none of the player's cards
   (:meth:`Presentation.harm` empty: a harmful way is asked, with its confirmation, as item 2's
   safe defaults say). Under *Ask* it is the person's. A phase stop does not stop it: a payment
   is the second half of the play the person just chose, not a step of the phase. A payment
   decision that also offers something else (a cancel, a pass) is the person's.

Any other decision with no moving-on option is always the person's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tcg.core.actions import Action

#: The response settings, as Master Duel names them.
RESPONSES = ("auto", "on", "off")
#: The payment settings: pay the default way for the person, or ask them.
PAYMENTS = ("auto", "ask")
#: The moving-on actions of the shared vocabulary, smallest step first.
CORE_MOVING_ON: Mapping[str, int] = {"pass": 0, "next_phase": 1, "end_turn": 2}


def never(decision: Any) -> bool:
    return False


@dataclass(frozen=True)
class Flow:
    """A game's declaration (its presentation's ``FLOW``)."""

    #: Moving-on actions by key (an action type, or ``type=option`` for a ``choose`` of that
    #: option) and the size of their step: the smallest is taken when several are offered.
    moving_on: Mapping[str, int] = field(default_factory=lambda: dict(CORE_MOVING_ON))
    #: Decision kinds that are response windows (Master Duel's chain prompt: answer now, or pass).
    windows: frozenset[str] = frozenset()
    #: Action types on offer at nearly every window that alone do not make *Auto* stop there.
    ambient: frozenset[str] = frozenset()
    #: The phases a stop can be set at, in turn order (the names of the game's ``phases`` words).
    phases: tuple[str, ...] = ()
    #: A state's phase that belongs to a stop of another name (Yu-Gi-Oh!'s battle steps).
    phase_of: Mapping[str, str] = field(default_factory=dict)
    #: Windows *Auto* passes even with a response on offer (a :class:`~tcg.core.state.Decision`).
    quiet: Callable[[Any], bool] = never
    #: Decision kinds that only choose how to pay a cost already decided (rule 6): answered with
    #: the default way under *payments Auto*.
    payments: frozenset[str] = frozenset()

    def step(self, action: Action) -> int | None:
        """The action's step if it is moving on, else None."""
        option = action.get("option")
        if option is not None:
            step = self.moving_on.get(f"{action.type}={option}")
            if step is not None:
                return step
        return self.moving_on.get(action.type)

    def stop_of(self, phase: Any) -> str:
        return self.phase_of.get(str(phase), str(phase))


@dataclass(frozen=True)
class Stops:
    """A person's settings: the response mode, the phases to stop at, of their own turn
    (``mine``) and of the opponent's (``theirs``), and whether payments are made for them."""

    responses: str = "auto"
    mine: frozenset[str] = frozenset()
    theirs: frozenset[str] = frozenset()
    payments: str = "auto"

    def to_json(self) -> dict[str, Any]:
        return {"responses": self.responses, "mine": sorted(self.mine), "theirs": sorted(self.theirs),
                "payments": self.payments}


def smallest_step(flow: Flow, legal: Any) -> Action | None:
    """The moving-on option with the smallest step (the first of them in the engine's order)."""
    best: tuple[int, Action] | None = None
    for action in legal:
        step = flow.step(action)
        if step is not None and (best is None or step < best[0]):
            best = (step, action)
    return None if best is None else best[1]


def ways_of_paying(flow: Flow, legal: Any) -> bool:
    """Whether ``legal`` are all ways of one payment: at least one, one action type, none moving on."""
    if len(legal) == 0:
        return False
    typed = getattr(legal, "action_type", None)
    if typed is not None and not any(k == typed or k.startswith(f"{typed}=") for k in flow.moving_on):
        return True
    return len({a.type for a in legal}) == 1 and all(flow.step(a) is None for a in legal)


def default_payment(state: Any, flow: Flow, legal: Any) -> Action | None:
    """Rule 6: the game's default way of paying, if every option is a way of paying (one action
    type, none moving on) and that way harms none of the player's cards; else None. A lazy
    payment that names its one type (:class:`~tcg.core.lazy.LazyActions`) is not read whole."""
    if not ways_of_paying(flow, legal):
        return None
    presentation = state.GAME.presentation
    way: Action = presentation.default_way(state, legal)
    return None if presentation.harm(state, way) else way


def auto_answer(state: Any, flow: Flow, stops: Stops, last_actor: int | None = None) -> Action | None:
    """What to answer for the deciding person under ``stops`` (see the module docstring), or
    None when the decision is theirs to make. ``last_actor``: who applied the last action."""
    decision = state.decision
    if decision is None or state.game_over:
        return None
    legal = state.legal_actions()
    if decision.kind in flow.payments:
        return default_payment(state, flow, legal) if stops.payments == "auto" else None
    step = smallest_step(flow, legal)
    if step is None:
        return None
    player = decision.player
    window = decision.kind in flow.windows
    if window and stops.responses == "off":
        return step
    phase = flow.stop_of(state.phase)
    if phase in (stops.mine if state.active == player else stops.theirs):
        return None
    real = [a for a in legal if flow.step(a) is None]
    if not real:
        return None if window and stops.responses == "on" else step
    if window and stops.responses == "auto" and (
            all(a.type in flow.ambient for a in real) or flow.quiet(decision) or last_actor == player):
        return step
    return None
