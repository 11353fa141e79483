"""The server's games: a :class:`Room` owns one state, its two seats and the agent playing one.

Why here and not in the page: the server owns every game. A seat acts only with its token (an
unguessable secret handed only to whoever created or joined that seat; the server keeps its
digest, :mod:`tcg.web.digests`, and invitations are single use, :mod:`tcg.web.seats`); every decision has
an id (the number of actions applied so far), so an answer to a decision that has already been
taken — a second click, a stale tab — is rejected instead of being applied to the next one.
What a seat or a spectator receives is built by :mod:`tcg.web.views` from its own observation.

With a :class:`~tcg.web.store.Store`, every room is journaled as it is played (its start, then
each applied action) and a finished game is stored once; :meth:`Rooms.resume` re-creates the
games in progress a previous server left in the file, with their room ids and seat digests.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tcg.agents.base import Agent, agent_seed, make_agent
from tcg.core.actions import Action
from tcg.core.decklist import DeckList
from tcg.core.errors import DataError, IllegalActionError, TcgError
from tcg.core.game import Game
from tcg.core.registry import load_game
from tcg.core.rng import Seed, commitment, whole_seed
from tcg.core.state import State
from tcg.sim.replay import Replay, deck_from_names, initial_state, record, steps
from tcg.web.autopay import keep, payment_for
from tcg.web.digests import digest, matches, new_secret, stored_digest
from tcg.web.flow import RUN_KEPT, RoomFlow
from tcg.web.store import Store


class ProtocolError(Exception):
    """A message the server refuses; ``code`` says why (``malformed``, ``token``, ``stale``,
    ``illegal``, ``over``, ``seat``, ``room``, ``resuming``), ``message`` in words. Nothing has changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    #: The digest of the seat's secret (:mod:`tcg.web.digests`); None while nobody holds one
    #: (an agent's seat, a person's seat whose invitation is not yet used).
    token_hash: str | None
    label: str
    agent: Agent | None = None  # None: a person
    joined: bool = False


@dataclass
class Room:
    """One game on the server (see the module docstring)."""

    id: str
    game: Game[Any]
    state: State
    #: Never sent while the game lasts (a game between people: server-drawn and keyed); the
    #: messages carry its :attr:`commitment`, the last one and the replay the seed itself.
    seed: Seed
    decks: list[DeckList]
    seats: list[Seat]
    conceded: int | None = None
    stored_as: int | None = None
    #: The digest of the pending invitation's code (seat 1 of a game between people), if any.
    invite_hash: str | None = None
    #: The agent's spec (``rule``, ``ismcts:iterations=50``) or ``person``: what a resumed room re-makes.
    opponent: str = "person"
    #: The client that created the room (:func:`tcg.web.clients.client_of`): its limits count it.
    client: str = "unknown"
    #: When an action was last applied (or the game conceded, or the room made): the reaper
    #: (:mod:`tcg.web.reaper`) ends a game idle for long with nobody connected.
    active_at: float = field(default_factory=time.monotonic)
    #: Called with (index, action) after each applied action (the store's journal).
    on_apply: Callable[[int, Action], None] | None = None
    #: Called when a seat's secret or the invitation changes (the store's journal).
    on_seats: Callable[[], None] | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    listeners: list[Callable[[], None]] = field(default_factory=list)
    #: Each seat's agent's place in the event log: the events it has been shown.
    cursor: list[int] = field(default_factory=lambda: [0, 0])
    #: What the agent is doing, for the ``state`` message's ``agent``: None, or its seat and
    #: ``thinking`` / ``queued`` (with its ``position`` in the queue) -- see tcg.web.thinking.
    thinking: dict[str, Any] | None = None
    #: Wakes the agent after a change (the server's Thinker); None: :meth:`run_agents` at once.
    waker: Callable[[], None] | None = None
    #: Stops, who acted last, the pace's clock (:mod:`tcg.web.flow`).
    flow: RoomFlow = field(default_factory=RoomFlow)
    #: Where in the history a person chose among several actions (what undo goes back to,
    #: :mod:`tcg.web.undo`); None: not known (a resumed room: worked out when asked).
    moves: list[int] | None = field(default_factory=list)
    #: How many times a decision was undone: a connection that sees it change sends its log anew.
    undone: int = 0
    #: The rematch started from this finished game (:mod:`tcg.web.endgame`): its room, who asked.
    rematch: dict[str, Any] | None = None
    #: A puzzle being tried here (:class:`tcg.web.puzzle_rooms.PuzzleRun`), judged after each action.
    puzzle: Any = None

    @property
    def decision_id(self) -> int:
        """Changes with every applied action and with a concession."""
        return len(self.state.history) + (1 if self.conceded is not None else 0)

    @property
    def commitment(self) -> str:
        """The seed's commitment (:func:`tcg.core.rng.commitment`), public from the start."""
        return commitment(self.seed)

    def seat_of(self, token: Any) -> int | None:
        """The seat a token acts for; None for no token (a spectator). A wrong token is refused.
        Its digest is compared with each seat's in constant time."""
        if token is None or token == "":
            return None
        if isinstance(token, str):
            for i, seat in enumerate(self.seats):
                if seat.agent is None and matches(seat.token_hash, token):
                    return i
        raise ProtocolError("token", "this seat token is not valid for this game")

    def seats_changed(self) -> None:
        if self.on_seats is not None:
            self.on_seats()

    def act(self, seat: int | None, decision_id: Any, index: Any) -> None:
        """Apply the seat's answer ``index`` (into the legal actions) to decision ``decision_id``;
        then the agent, if it decides next, is woken (it answers later, off this lock)."""
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
            self.answer(legal[index], len(legal) > 1)
        self.notify()
        self.wake()

    def answer(self, action: Action, chosen: bool) -> None:
        """Apply a person's answer (the caller holds the lock and checked the seat and the
        decision: :meth:`act`, :func:`tcg.web.choices.act_path`); ``chosen``: the decision had
        several actions, so undo may take it back."""
        if chosen and self.moves is not None:
            self.moves.append(len(self.state.history))
        self._apply(action)

    def _apply(self, action: Action) -> None:
        actor = self.state.deciding_player
        try:
            self.state.apply(action)
        except IllegalActionError as exc:  # pragma: no cover - the index came from the legal list
            raise ProtocolError("illegal", f"{exc.message} [{exc.rule}]") from None
        if self.puzzle is not None:
            self.puzzle.judge_after(self.state)
        self.flow.acted(actor, action)
        self.active_at = time.monotonic()
        if self.on_apply is not None:
            self.on_apply(len(self.state.history) - 1, action)

    def apply_agent(self, action: Action) -> None:
        """Apply the agent's answer, or the server's for a person under their stops (the caller
        holds the lock and checked the decision is current); a payment made for a person is kept
        for their log (:mod:`tcg.web.autopay`)."""
        paid = payment_for(self, action)
        self._apply(action)
        if paid is not None:
            keep(self, paid)

    def wake(self) -> None:
        """Let the agent answer if the decision is its own: through the server's
        :class:`~tcg.web.thinking.Thinker` (later, in the background), or here and now without one."""
        if self.waker is not None:
            self.waker()
        else:
            self.run_agents()

    def run_agents(self) -> None:
        """Agents answer every decision that is theirs, until a person decides or the game ends
        (here and now; the lock is held for each step only, never while an agent thinks)."""
        from tcg.web.thinking import play_now  # thinking builds on Room

        play_now(self)

    def concede(self, seat: int | None) -> None:
        with self.lock:
            if seat is None:
                raise ProtocolError("seat", "a spectator cannot concede")
            if self.state.game_over:
                raise ProtocolError("over", "the game is over")
            self.state.concede(seat)
            self.conceded = seat
            self.active_at = time.monotonic()
        self.notify()

    def replay(self) -> Replay:
        return self.replay_of(self.state, self.conceded)

    def origin(self) -> State:
        """The game's start again (what undo replays the room's actions on): a puzzle's position,
        else the start of its replay."""
        if self.puzzle is not None:
            state: State = self.puzzle.origin()
            return state
        rep = self.replay()
        rep.actions, rep.conceded, rep.result = [], None, None
        return initial_state(rep)

    def replay_of(self, state: State, conceded: int | None = None) -> Replay:
        """The replay of ``state`` (this room's, or a copy of it: what a search worker re-makes)."""
        agents = [s.agent.name if s.agent is not None else "person" for s in self.seats]
        return record(state, self.seed, self.decks, agents, conceded)

    def spec(self) -> dict[str, Any]:
        """What re-creates this room, its actions aside (the store's ``live`` row)."""
        return {"game": self.game.name, "seed": self.seed, "options": dict(self.state.options),
                "decks": [d.flat() for d in self.decks], "labels": [s.label for s in self.seats],
                "token_hashes": [s.token_hash for s in self.seats], "invite_hash": self.invite_hash,
                "opponent": self.opponent, "client": self.client}

    def notify(self) -> None:
        for listener in list(self.listeners):
            listener()


class Rooms:
    """Every game the server holds, by id; with a store, journaled and resumable."""

    def __init__(self, store: Store | None = None) -> None:
        self.rooms: dict[str, Room] = {}
        self.lock = threading.Lock()
        self.store = store
        #: Wakes a room's agent after a change (the server's Thinker); None: agents play at once.
        self.waker: Callable[[Room], None] | None = None
        #: The games in progress a previous server left that are not re-made yet (see
        #: :meth:`resume_in_background`): asking for one is ``resuming``, not ``room``.
        self.resuming: set[str] = set()
        #: Set once :meth:`resume` has gone through every game in progress.
        self.resumed = threading.Event()

    def create(self, game: Game[Any], decks: Sequence[DeckList], labels: Sequence[str], seed: Seed,
               opponent: str, client: str = "unknown", token_hash: str | None = None,
               invite_hash: str | None = None) -> Room:
        """A new game: seat 0 is the person who asked, holding the secret ``token_hash`` is the
        digest of; seat 1 an agent by name, or ``person`` (another person, who takes the seat
        with the invitation whose code ``invite_hash`` is the digest of, :mod:`tcg.web.seats`)."""
        state = game.new_state(list(decks), seed=seed)
        seats = [Seat(token_hash or digest(new_secret()), labels[0]),
                 Seat(None, labels[1], agent_for(opponent, seed))]
        room = Room(secrets.token_urlsafe(9), game, state, seed, list(decks), seats, opponent=opponent,
                    client=client, invite_hash=invite_hash if opponent == "person" else None)
        self._register(room, fresh=True)
        room.wake()  # with a Thinker, the agent moves after this returns, in the background
        self.store_if_over(room)
        return room

    def register_unjournaled(self, room: Room) -> None:
        """Hold a room the store never sees (a puzzle's: it does not start from decks)."""
        self._register(room, fresh=False, journal=False)

    def _register(self, room: Room, fresh: bool, journal: bool = True) -> None:
        store = self.store
        if store is not None and journal:
            if fresh:
                store.open_live(room.id, room.spec())
            room.on_apply = lambda n, action: store.append_action(room.id, n, action.to_json())
            room.on_seats = lambda: store.update_live(room.id, room.spec())
            room.listeners.append(lambda: self.store_if_over(room))
        waker = self.waker
        if waker is not None:
            room.waker = lambda: waker(room)
        with self.lock:
            self.rooms[room.id] = room
            self.resuming.discard(room.id)

    def store_if_over(self, room: Room) -> None:
        """A finished game goes to the store once, with its replay (and leaves the journal)."""
        if self.store is None or room.puzzle is not None:
            return
        with room.lock:
            if room.state.game_over and room.stored_as is None:
                rep = room.replay()
                room.stored_as = self.store.add(rep, [s.label for s in room.seats], live_room=room.id)
            else:
                return
        room.notify()  # the pages learn the replay's id (the game-over panel links it)

    def resume(self) -> tuple[int, int]:
        """Re-create the games in progress the store holds (a previous server's); one that cannot
        be re-created (its decks or actions no longer legal) is ended and stored as ended by the
        restart. Returns (resumed, ended)."""
        if self.store is None:
            self.resumed.set()
            return 0, 0
        resumed = ended = 0
        for live_id in self.store.live_ids():
            found = self.store.live_game(live_id)
            if found is None:
                continue
            room_id, spec, actions = found
            try:
                room = _rebuilt(room_id, spec, actions)
            except (TcgError, KeyError, TypeError, ValueError) as exc:
                self._end_unresumable(room_id, spec, actions, exc)
                with self.lock:
                    self.resuming.discard(room_id)
                ended += 1
                continue
            self._register(room, fresh=False)
            if "tokens" in spec:  # an older server's row, with plain secrets: from now on, digests
                room.seats_changed()
            room.wake()
            self.store_if_over(room)
            resumed += 1
        with self.lock:
            self.resuming.clear()
        self.resumed.set()
        return resumed, ended

    def resume_in_background(self) -> threading.Thread:
        """:meth:`resume` in a thread, so that the server listens at once: the rooms to come are
        known first (one query), and a connection to one of them waits or is told ``resuming``."""
        if self.store is not None:
            self.resuming = set(self.store.live_ids())
        thread = threading.Thread(target=self.resume, name="resume", daemon=True)
        thread.start()
        return thread

    def _end_unresumable(self, room_id: str, spec: dict[str, Any], actions: list[dict[str, Any]],
                         exc: Exception) -> None:
        assert self.store is not None
        raw_labels = spec.get("labels")
        labels: list[Any] = raw_labels if isinstance(raw_labels, list) else ["?", "?"]
        seed = spec.get("seed")
        rep = Replay(str(spec.get("game", "?")), seed if isinstance(seed, (int, str)) else 0,
                     dict(spec.get("options") or {}), list(spec.get("decks") or [[], []]), list(actions),
                     {"winner": None, "reason": "server_restart", "error": str(exc)[:200]},
                     ["person", str(spec.get("opponent", "person"))])
        rep.actions = rep.actions[:_legal_prefix(rep)]  # the viewer replays what was played
        self.store.add(rep, [str(x) for x in labels], live_room=room_id)

    def drop(self, room_id: str) -> None:
        """Forget a room (the reaper's, a cap's): a finished game stays in the store."""
        with self.lock:
            self.rooms.pop(room_id, None)

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            if room_id in self.resuming:
                raise ProtocolError("resuming", f"game {room_id!r} is being resumed after a restart; "
                                                "try again in a moment")
            raise ProtocolError("room", f"there is no game {room_id!r} on this server")
        return room


def _legal_prefix(rep: Replay) -> int:
    """How many of a replay's first actions still apply (0 if it cannot even start)."""
    done = 0
    try:
        for i, *_ in steps(rep):
            done = i + 1
    except (TcgError, KeyError, TypeError, ValueError):
        pass
    return done


def agent_for(opponent: str, seed: Seed) -> Agent | None:
    """The agent a seat is played by (``person``: None), seeded as seat 1's agent of the game."""
    if opponent == "person":
        return None
    return make_agent(opponent, agent_seed(whole_seed(seed), 1))


def _rebuilt(room_id: str, spec: dict[str, Any], actions: list[dict[str, Any]]) -> Room:
    """A journaled room again: its start re-made and every action re-applied (and re-validated
    by the rules). The agent is re-made from its spec and the game's seed: it plays on from a
    fresh start of its own random stream, which is all a person can tell of it."""
    rep = Replay(spec["game"], spec["seed"], dict(spec["options"]), [list(d) for d in spec["decks"]], actions)
    state = initial_state(rep)
    last: deque[tuple[int | None, Action]] = deque(maxlen=RUN_KEPT)  # the actions the page's mark is read from
    for _, actor, action, _events in steps(rep, state):
        last.append((actor, action))
    hashes = _journaled_digests(spec)
    invite = spec.get("invite_hash")
    opponent = str(spec["opponent"])
    seats = [Seat(hashes[0], str(spec["labels"][0])),
             Seat(hashes[1] if opponent == "person" else None, str(spec["labels"][1]), agent_for(opponent, rep.seed))]
    decks = [deck_from_names(d, f"decks[{i}]") for i, d in enumerate(rep.decks)]
    room = Room(room_id, load_game(rep.game), state, rep.seed, decks, seats, opponent=opponent,
                invite_hash=invite if isinstance(invite, str) else None,
                client=str(spec.get("client", "unknown")), moves=None)
    for actor, action in last:  # the last actions are marked again, as before the restart
        room.flow.acted(actor, action)
    return room


def _journaled_digests(spec: dict[str, Any]) -> list[str | None]:
    """The seats' digests of a ``live`` row: ``token_hashes``, or an older server's plain
    ``tokens`` (then hashed here: the caller writes the row again with digests)."""
    key = "token_hashes" if "token_hashes" in spec else "tokens"
    values = spec[key]
    if not isinstance(values, list) or len(values) != 2 or not isinstance(values[0], str) or not values[0] \
            or not (values[1] is None or (isinstance(values[1], str) and values[1])):
        raise DataError("a journaled game needs two seat secrets (the second may be null)", field=key)
    return [stored_digest(v) if v is not None else None for v in values]
