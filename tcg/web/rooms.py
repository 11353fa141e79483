"""The server's games: a :class:`Room` owns one state, its two seats and the agent playing one.

Why here and not in the page: the server owns every game. A seat acts only with its token (an
unguessable secret handed to whoever created or was invited to that seat); every decision has
an id (the number of actions applied so far), so an answer to a decision that has already been
taken — a second click, a stale tab — is rejected instead of being applied to the next one.
What a seat or a spectator receives is built by :mod:`tcg.web.views` from its own observation.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tcg.agents.base import Agent, agent_seed, make_agent
from tcg.core.actions import Action
from tcg.core.decklist import DeckList
from tcg.core.errors import IllegalActionError
from tcg.core.game import Game
from tcg.core.state import State
from tcg.sim.loop import observe
from tcg.sim.replay import Replay, record

#: An agent plays at most this many actions in a row before the room hands back (a guard: no
#: game of ours needs more between two decisions of a person).
AGENT_RUN_MAX = 20_000


class ProtocolError(Exception):
    """A message the server refuses; ``code`` says why (``malformed``, ``token``, ``stale``,
    ``illegal``, ``over``, ``seat``), ``message`` in words. Nothing has changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    token: str
    label: str
    agent: Agent | None = None  # None: a person
    joined: bool = False


@dataclass
class Room:
    """One game on the server (see the module docstring)."""

    id: str
    game: Game[Any]
    state: State
    seed: int
    decks: list[DeckList]
    seats: list[Seat]
    conceded: int | None = None
    stored_as: int | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    listeners: list[Callable[[], None]] = field(default_factory=list)
    _cursor: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def decision_id(self) -> int:
        """Changes with every applied action and with a concession."""
        return len(self.state.history) + (1 if self.conceded is not None else 0)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token acts for; None for no token (a spectator). A wrong token is refused."""
        if token is None or token == "":
            return None
        for i, seat in enumerate(self.seats):
            if seat.agent is None and secrets.compare_digest(seat.token, token):
                return i
        raise ProtocolError("token", "this seat token is not valid for this game")

    def act(self, seat: int | None, decision_id: Any, index: Any) -> None:
        """Apply the seat's answer ``index`` (into the legal actions) to decision ``decision_id``,
        then let the agent play until a person decides or the game ends."""
        with self.lock:
            if seat is None:
                raise ProtocolError("seat", "a spectator cannot act")
            if self.state.game_over:
                raise ProtocolError("over", "the game is over")
            if not isinstance(decision_id, int) or isinstance(decision_id, bool):
                raise ProtocolError("malformed", "decision_id must be the number of the decision being answered")
            if decision_id != self.decision_id:
                raise ProtocolError("stale", f"decision {decision_id} was already answered; the current one is "
                                             f"{self.decision_id}")
            if self.state.deciding_player != seat:
                raise ProtocolError("seat", "it is not this seat's decision")
            legal = self.state.legal_actions()
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(legal):
                raise ProtocolError("malformed", f"action must be the index of a legal action, 0 to {len(legal) - 1}")
            self._apply(legal[index])
            self.run_agents()
        self.notify()

    def _apply(self, action: Action) -> None:
        try:
            self.state.apply(action)
        except IllegalActionError as exc:  # pragma: no cover - the index came from the legal list
            raise ProtocolError("illegal", f"{exc.message} [{exc.rule}]") from None

    def run_agents(self) -> None:
        """Agents answer every decision that is theirs, until a person decides or the game ends."""
        with self.lock:
            for _ in range(AGENT_RUN_MAX):
                player = self.state.deciding_player
                if self.state.game_over or player is None:
                    return
                agent = self.seats[player].agent
                if agent is None:
                    return
                obs = observe(self.state, player, agent, self._cursor)
                self._apply(agent.choose(obs, self.state.legal_actions()))

    def concede(self, seat: int | None) -> None:
        with self.lock:
            if seat is None:
                raise ProtocolError("seat", "a spectator cannot concede")
            if self.state.game_over:
                raise ProtocolError("over", "the game is over")
            self.state.concede(seat)
            self.conceded = seat
        self.notify()

    def replay(self) -> Replay:
        agents = [s.agent.name if s.agent is not None else "person" for s in self.seats]
        return record(self.state, self.seed, self.decks, agents, self.conceded)

    def notify(self) -> None:
        for listener in list(self.listeners):
            listener()


class Rooms:
    """Every game the server holds, by id."""

    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}
        self.lock = threading.Lock()

    def create(self, game: Game[Any], decks: Sequence[DeckList], labels: Sequence[str], seed: int,
               opponent: str) -> Room:
        """A new game: seat 0 is the person who asked; seat 1 an agent by name, or ``person``
        (another person, who joins with seat 1's token, sent as an invite link)."""
        state = game.new_state(list(decks), seed=seed)
        seats = [Seat(secrets.token_urlsafe(24), labels[0]),
                 Seat(secrets.token_urlsafe(24), labels[1],
                      None if opponent == "person" else make_agent(opponent, agent_seed(seed, 1)))]
        room = Room(secrets.token_urlsafe(9), game, state, seed, list(decks), seats)
        with self.lock:
            self.rooms[room.id] = room
        room.run_agents()
        return room

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            raise ProtocolError("room", f"there is no game {room_id!r} on this server")
        return room
