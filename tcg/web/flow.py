"""How a game flows on the server (issue 37 items 3 and 4): the answers the server gives for a
person under their stops, the pace of an agent's actions, and what a ``state`` message says of
both (docs/web.md, "Auto-pass and stops" and "The opponent seen acting").

Why on the server: the server owns the game and its timing. A page that passed for its person
would show every step it skips and answer at machine speed; here a skipped decision costs no
message, and between two people its answer is held for a delay drawn from the operating
system's random source (never the game's seed, which is revealed at the end), so that a window
passed automatically looks like one passed by hand: an instant answer would tell the opponent
that the player had nothing to answer with.

- :class:`RoomFlow` is a room's part of it: each seat's stops (None until its page sends them:
  an API client answers every decision, as before), who acted last and with which action, when
  the room last changed, whether a page of a person's seat has connected yet.
- :func:`auto_action` is the answer the server gives now for the deciding person, if any
  (:func:`tcg.core.stops.auto_answer` with the seat's stops).
- :func:`message_fields` adds to a ``state`` message what the page needs for items 3 and 4.
"""

from __future__ import annotations

import heapq
import itertools
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action
from tcg.core.presentation import Presentation
from tcg.core.stops import Flow, Stops, auto_answer

if TYPE_CHECKING:
    from tcg.web.autopay import Paid
    from tcg.web.rooms import Room

#: ``tcg serve``'s pause between two actions of an agent, so that a person sees each of them
#: (one ``state`` message per action, the acting card marked). ``create_app`` defaults to 0.
PACE_SECONDS = 0.4
#: Between two people, an answer the server gives for a person is held for a delay drawn
#: uniformly from these bounds (seconds): about as long as a quick click.
HIDDEN_DELAY = (0.7, 1.8)
#: With a pace, an agent that moves first waits this long at most for its opponent's page.
FIRST_MOVE_WAIT = 8.0

_system = random.SystemRandom()
#: The actions of a seat's run kept to find the cards its latest action named.
RUN_KEPT = 16


def hidden_delay(bounds: tuple[float, float] = HIDDEN_DELAY) -> float:
    """A delay from the operating system's random source (not the game's seed: a seed-drawn delay
    could be re-computed from the seed the game reveals, and would change the game's stream)."""
    return _system.uniform(*bounds)


@dataclass
class RoomFlow:
    """A room's auto-pass and pacing bookkeeping (see the module docstring)."""

    #: Each seat's stops; None: the seat answers every decision itself.
    stops: list[Stops | None] = field(default_factory=lambda: [None, None])
    #: The seat that applied the last action (None after a resume), and its actions since the
    #: other seat's last one (the last few): the cards the page marks are the latest named there.
    last_actor: int | None = None
    run: list[Action] = field(default_factory=list)
    #: When the room's state last changed (monotonic seconds).
    changed_at: float = field(default_factory=time.monotonic)
    #: Set once a person's page has said hello: an agent moving first waits for it (with a pace).
    seen: bool = False
    made_at: float = field(default_factory=time.monotonic)
    #: The decision the server is answering for a person (its id), while the answer is held.
    passing: int | None = None
    #: The payments the server made for a person, said in their log (:mod:`tcg.web.autopay`).
    paid: list[Paid] = field(default_factory=list)

    def acted(self, seat: int | None, action: Action) -> None:
        if seat != self.last_actor:
            self.run = []
        self.last_actor = seat
        self.run = [*self.run[-(RUN_KEPT - 1):], action]
        self.changed_at = time.monotonic()

    def rewound(self, last_actor: int | None) -> None:
        """The room's game was rebuilt (an undo): who acted last in it; no acting card marked."""
        self.last_actor, self.run = last_actor, []
        self.changed_at = time.monotonic()

    def first_move_wait(self, pace: float) -> float:
        """Seconds an agent still waits before its first move (0: it may move)."""
        if pace <= 0 or self.seen or self.last_actor is not None:
            return 0.0
        return max(0.0, self.made_at + FIRST_MOVE_WAIT - time.monotonic())


def flow_of(room: Room) -> Flow:
    flow: Flow = room.game.presentation.FLOW
    return flow


def auto_action(room: Room, seat: int | None = None) -> Action | None:
    """The answer the server gives now for the person deciding in ``room`` (only ``seat``'s, if
    given), or None. Called with the room's lock held."""
    state = room.state
    player = state.deciding_player
    if player is None or state.game_over or room.conceded is not None or (seat is not None and player != seat):
        return None
    if room.seats[player].agent is not None:
        return None
    stops = room.flow.stops[player]
    if stops is None:
        return None
    return auto_answer(state, flow_of(room), stops, room.flow.last_actor)


def answered_for(room: Room, state: Any, last_actor: int | None, action: Action) -> bool:
    """Whether ``action`` in ``state`` (a person's decision of ``room``'s game, replayed) is the
    answer the server gives under the person's stops as they are now: undo skips such decisions
    (the server would answer them again at once)."""
    player = state.deciding_player
    stops = room.flow.stops[player] if player is not None else None
    return stops is not None and auto_answer(state, flow_of(room), stops, last_actor) == action


def between_people(room: Room) -> bool:
    return all(seat.agent is None for seat in room.seats)


def acted_cards(room: Room, seat: int | None) -> dict[str, Any] | None:
    """The cards the viewer's opponent (for a spectator: whoever acted last) named in its latest
    action that named any, since the viewer's own last action, as far as the viewer may see
    them: the page marks them. A step that names no card (the next phase) keeps the mark."""
    flow = room.flow
    actor = flow.last_actor
    if actor is None or actor == seat:
        return None
    state = room.state
    fields = state.GAME.card_fields
    for action in reversed(flow.run):
        named = [v for key, value in action.fields if key in fields
                 for v in (value if isinstance(value, (list, tuple)) else (value,))
                 if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(state.cards)]
        if named:
            return {"seat": actor, "cards": list(dict.fromkeys(v for v in named if state.can_see(seat, v)))}
    return {"seat": actor, "cards": []}


def message_fields(room: Room, seat: int | None, message: dict[str, Any], lang: str) -> dict[str, Any]:
    """Adds to a ``state`` message (called with the room's lock held): ``deciding`` (the seat
    deciding, or None), ``acted`` (:func:`acted_cards`), ``autopass`` (True when the server is
    answering this seat's decision: its actions and first step are then left out; ``autopay``: that
    answer is a payment, rule 6 of :mod:`tcg.core.stops`), ``stops`` (this seat's, as
    the server holds them), ``stop_phases`` (the game's, in words) and ``stop_payments`` (whether the
    game has payments the server can make: the page offers the setting only then)."""
    state = room.state
    message["deciding"] = None if state.game_over else state.deciding_player
    message["acted"] = acted_cards(room, seat)
    passing = seat is not None and auto_action(room, seat) is not None
    message["autopass"] = passing
    message["autopay"] = passing and state.decision is not None and state.decision.kind in flow_of(room).payments
    if passing:
        message["actions"], message["groups"] = [], []
        if "choice" in message:
            message["choice"] = None
    stops = room.flow.stops[seat] if seat is not None else None
    message["stops"] = stops.to_json() if stops is not None else None
    message["stop_phases"] = stop_phases(room.game.presentation, lang)
    message["stop_payments"] = bool(flow_of(room).payments)
    return message


@lru_cache(maxsize=64)
def stop_phases(presentation: Presentation, lang: str) -> list[dict[str, str]]:
    """The phases a stop can be set at, with the game's word for each (worked out once)."""
    words = presentation.texts(lang).get("phases", {})
    flow: Flow = presentation.FLOW
    return [{"key": p, "label": str(words.get(p, p))} for p in flow.phases]


class Later:
    """Runs ``work`` after a delay, on one daemon thread for every room (a pace or a held answer
    per room would be a thread each with :class:`threading.Timer`). ``run`` hands the work on
    (the Thinker's pool): this thread only keeps time."""

    def __init__(self, run: Callable[..., None]) -> None:
        self.run = run
        self.heap: list[tuple[float, int, tuple[Any, ...]]] = []
        self.counter = itertools.count()
        self.cond = threading.Condition()
        self.thread: threading.Thread | None = None
        self.closed = False

    def after(self, seconds: float, *work: Any) -> None:
        if seconds <= 0:
            self.run(*work)
            return
        with self.cond:
            heapq.heappush(self.heap, (time.monotonic() + seconds, next(self.counter), work))
            if self.thread is None:
                self.thread = threading.Thread(target=self._loop, name="later", daemon=True)
                self.thread.start()
            self.cond.notify()

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify()

    def _loop(self) -> None:
        while True:
            with self.cond:
                while not self.closed and (not self.heap or self.heap[0][0] > time.monotonic()):
                    self.cond.wait(None if not self.heap else self.heap[0][0] - time.monotonic())
                if self.closed:
                    return
                _, _, work = heapq.heappop(self.heap)
            self.run(*work)
