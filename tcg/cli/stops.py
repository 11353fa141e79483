"""Auto-pass and stops in ``tcg play`` (issue 37, item 3), modelled on Master Duel's Auto / On /
Off and MTGO's phase stops.

Why: half the answers of an ordinary turn were to decisions whose only options are moving on
(next step, end the turn, pass). Such a decision is answered for the person with its first way
of moving on (the smallest step: the next step before the end of the turn) unless they set a
stop there. What counts as moving on is each game's own declaration: the actions its
presentation lists in the ``move_on`` group.

- ``auto`` (the default): skipped, except at the phases where a stop is set;
- ``on``: every decision is asked (no auto-pass);
- ``off``: skipped everywhere, stops ignored.

A stop is a phase in your turn or in the opponent's (MTGO keeps the two apart: stopping in the
opponent's end step to answer is not stopping in your own).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.markup import escape

from tcg.core.actions import Action
from tcg.core.errors import DataError
from tcg.core.presentation import Presentation, Say
from tcg.core.state import State

MODES = ("auto", "on", "off")
#: Whose turn a stop is in: ``mine`` (yours) or ``theirs`` (the opponent's).
TURNS = ("mine", "theirs")


def moving_on(presentation: Presentation, legal: Sequence[Action]) -> bool:
    """Whether every option of a decision is a way of moving on (the game's ``move_on`` group)."""
    specs = presentation.actions
    return bool(legal) and all(a.type in specs and specs[a.type].group == "move_on" for a in legal)


def phases(say: Say) -> list[str]:
    """The game's phases and steps, in its catalogue's order (the words a stop is set by)."""
    return list(say.texts.get("phases", {}))


@dataclass
class Stops:
    """One player's auto-pass mode and phase stops: ``{("mine", "main"), ("theirs", "end")}``."""

    mode: str = "auto"
    at: set[tuple[str, str]] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise DataError(f"unknown stops mode {self.mode!r}; expected one of {', '.join(MODES)}", field="--stops")

    def stopped(self, state: State, seat: int) -> bool:
        """Whether a stop is set at the phase of this decision (in this seat's turn or not)."""
        return (TURNS[0] if state.active == seat else TURNS[1], str(state.phase)) in self.at

    def auto_answer(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """The action taken for the person without asking, or None to ask them."""
        if self.mode == "on" or not moving_on(state.GAME.presentation, legal):
            return None
        if self.mode == "auto" and self.stopped(state, seat):
            return None
        return legal[0]

    def toggle(self, turn: str, phase: str) -> bool:
        """Set or clear one stop; True if it is set now."""
        key = (turn, phase)
        if key in self.at:
            self.at.discard(key)
            return False
        self.at.add(key)
        return True


def parse_stops(mode: str, specs: Iterable[str], known: Sequence[str]) -> Stops:
    """``--stops MODE`` and ``--stop PHASE`` / ``--stop opponent:PHASE``: a precise error naming
    the phase and the game's phases when one is unknown."""
    stops = Stops(mode)
    for spec in specs:
        turn, _, phase = spec.rpartition(":")
        whose = {"": "mine", "mine": "mine", "you": "mine", "opponent": "theirs", "theirs": "theirs"}.get(turn)
        if whose is None or phase not in known:
            raise DataError(f"unknown stop {spec!r}: expected PHASE or opponent:PHASE with PHASE one of "
                            f"{', '.join(known)}", field="--stop")
        stops.at.add((whose, phase))
    return stops


def show_stops(stops: Stops, say: Say, console: Console) -> None:
    """The ``stops`` command without arguments: the mode and every phase, numbered, marked
    where a stop is set (your turn first, then the opponent's)."""
    known = phases(say)
    console.print(say.t("terminal", "stops_mode", mode=stops.mode, what=say.t("terminal", f"stops_{stops.mode}")))
    for t, turn in enumerate(TURNS):
        console.print(f"[bold]{escape(say.t('terminal', f'stops_{turn}'))}[/bold]")
        for i, phase in enumerate(known, start=1 + t * len(known)):
            mark = "x" if (turn, phase) in stops.at else " "
            console.print(f"  {i:>3}. \\[{mark}] {escape(say.phase(phase))}")
    console.print(f"[dim]{escape(say.t('terminal', 'stops_how'))}[/dim]")


def stops_command(stops: Stops, say: Say, arg: str, console: Console) -> None:
    """``stops``: show them; ``stops auto|on|off``: the mode; ``stops 3 9``: set or clear the
    stops numbered so (see :func:`show_stops`). A bad word changes nothing and says why."""
    known = phases(say)
    words = arg.split()
    if not words:
        show_stops(stops, say, console)
        return
    if len(words) == 1 and words[0].lower() in MODES:
        stops.mode = words[0].lower()
        show_stops(stops, say, console)
        return
    numbers = [int(w) for w in words if w.isdigit() and 1 <= int(w) <= 2 * len(known)]
    if len(numbers) != len(words):
        console.print(f"[yellow]{escape(say.t('terminal', 'stops_bad', n=2 * len(known)))}[/yellow]")
        return
    for n in numbers:
        stops.toggle(TURNS[(n - 1) // len(known)], known[(n - 1) % len(known)])
    show_stops(stops, say, console)
