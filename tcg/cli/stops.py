"""Auto-pass and stops in ``tcg play``: the terminal's side of :mod:`tcg.core.stops`.

Why: half the answers of an ordinary turn were to decisions whose only options are moving on
(next step, end the turn, pass). The core decides which decisions a front end answers for a
person and how (each game's ``Presentation.FLOW``, Master Duel's Auto / On / Off for response
windows, MTGO's phase stops, MTG Arena's auto-tap for a payment); this module only reads the
settings from the command line (``--stops``, ``--stop``, ``--pay``) and the ``stops`` command, and
shows them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rich.console import Console
from rich.markup import escape

from tcg.core.errors import DataError
from tcg.core.presentation import Say
from tcg.core.stops import PAYMENTS, RESPONSES, Flow, Stops

#: Whose turn a stop is in, as :class:`Stops` names them.
TURNS = ("mine", "theirs")


def parse_stops(responses: str, specs: Iterable[str], flow: Flow, payments: str = "auto") -> Stops:
    """``--stops MODE``, ``--stop PHASE`` / ``--stop opponent:PHASE`` and ``--pay auto|ask``: a
    precise error naming what is wrong and what is expected."""
    if responses not in RESPONSES:
        raise DataError(f"unknown stops mode {responses!r}; expected one of {', '.join(RESPONSES)}", field="--stops")
    if payments not in PAYMENTS:
        raise DataError(f"unknown payment setting {payments!r}; expected one of {', '.join(PAYMENTS)}", field="--pay")
    chosen: dict[str, set[str]] = {"mine": set(), "theirs": set()}
    for spec in specs:
        turn, _, phase = spec.rpartition(":")
        whose = {"": "mine", "mine": "mine", "you": "mine", "opponent": "theirs", "theirs": "theirs"}.get(turn)
        if whose is None or phase not in flow.phases:
            raise DataError(f"unknown stop {spec!r}: expected PHASE or opponent:PHASE with PHASE one of "
                            f"{', '.join(flow.phases) or '(this game has none)'}", field="--stop")
        chosen[whose].add(phase)
    return Stops(responses, frozenset(chosen["mine"]), frozenset(chosen["theirs"]), payments)


def toggled(stops: Stops, turn: str, phase: str) -> Stops:
    """The settings with one stop set or cleared."""
    now = getattr(stops, turn)
    return replace(stops, **{turn: now - {phase} if phase in now else now | {phase}})


def show_stops(stops: Stops, flow: Flow, say: Say, console: Console) -> None:
    """The ``stops`` command without arguments: the response mode, the payments (in a game with
    payments to make) and every phase a stop can be set at, numbered, marked where one is set
    (your turn first, then the opponent's)."""
    console.print(f"[bold]{escape(say.t('ui', 'stops_responses'))}:[/bold] "
                  f"{escape(say.t('ui', f'stops_{stops.responses}'))}")
    if flow.payments:
        console.print(f"[bold]{escape(say.t('ui', 'stops_payments'))}:[/bold] "
                      f"{escape(say.t('ui', f'stops_pay_{stops.payments}'))}")
    for t, turn in enumerate(TURNS):
        console.print(f"[bold]{escape(say.t('ui', f'stops_{turn}'))}[/bold]")
        for i, phase in enumerate(flow.phases, start=1 + t * len(flow.phases)):
            mark = "x" if phase in getattr(stops, turn) else " "
            console.print(f"  {i:>3}. \\[{mark}] {escape(say.phase(phase))}")
    console.print(f"[dim]{escape(say.t('ui', 'stops_hint'))}[/dim]")
    console.print(f"[dim]{escape(say.t('terminal', 'stops_how'))}[/dim]")


def stops_command(stops: Stops, flow: Flow, say: Say, arg: str, console: Console) -> Stops:
    """``stops``: show them; ``stops auto|on|off``: the response mode; ``stops pay auto|ask``:
    the payments; ``stops 3 5``: set or clear the stops numbered so (see :func:`show_stops`). A
    bad word changes nothing and says what is expected. Returns the settings now."""
    words = [w.lower() for w in arg.split()]
    n = len(flow.phases)
    if len(words) == 1 and words[0] in RESPONSES:
        stops = replace(stops, responses=words[0])
    elif len(words) == 2 and words[0] == "pay" and words[1] in PAYMENTS:
        stops = replace(stops, payments=words[1])
    elif words:
        numbers = [int(w) for w in words if w.isdecimal() and len(w) <= 6 and 1 <= int(w) <= 2 * n]
        if len(numbers) != len(words):
            console.print(f"[yellow]{escape(say.t('terminal', 'stops_bad', n=2 * n))}[/yellow]")
            return stops
        for number in numbers:
            stops = toggled(stops, TURNS[(number - 1) // n], flow.phases[(number - 1) % n])
    show_stops(stops, flow, say, console)
    return stops

