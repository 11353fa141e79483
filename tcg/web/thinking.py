"""Agents' turns, off the event loop and off the room's lock (docs/architecture.md, "Agents on
the server").

Why: a search thinks for seconds. Today's alternative -- the agent choosing in a thread while it
holds the room's lock -- stopped every connection that needed that lock, and through the GIL
every other room. Here a room's lock is held only to take a snapshot of the decision (its id, a
copy of the state) and, later, to apply the answer if that decision is still the current one.

- A *search* (an agent with ``searches``: ISMCTS) runs in a worker process of a bounded pool
  (pebble's :class:`~pebble.ProcessPool`): it escapes the GIL, and one past
  :data:`DECISION_HARD_SECONDS` is killed and replaced. At most ``workers`` search at once, at most
  ``per_client`` of one client's rooms (:attr:`Room.client`); the rest wait in a queue, first come
  first served, and the room's ``state`` message says so (``agent``: thinking, or queued at
  position N).
- A *cheap* agent (random, rule) chooses in a thread of a small pool, on a clone of the state.
- What a search answers past the hard limit, or if its worker dies, is the rule agent's choice
  (:func:`fallback`): always a legal action, and fast.

Each decision's agent is made afresh, seeded from the game's seed and the decision's index
(:func:`decision_seed`): a pooled, restarted or resumed agent chooses the same (with an
iteration budget; a seconds budget depends on the machine's speed).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import threading
import time
from collections import Counter, deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

from pebble import ProcessPool

from tcg.agents.base import agent_seed, make_agent
from tcg.core.actions import Action
from tcg.core.errors import TcgError
from tcg.core.rng import Seed, whole_seed
from tcg.core.state import State
from tcg.sim.loop import observe
from tcg.sim.replay import Replay, initial_state, steps
from tcg.web.flow import HIDDEN_DELAY, Later, auto_action, between_people, hidden_delay
from tcg.web.rooms import ProtocolError, Room

log = logging.getLogger(__name__)

#: Searches at once on this server (worker processes): one per core, at most four.
SEARCH_WORKERS = max(1, min(4, os.cpu_count() or 1))
#: Searches at once for one client's rooms: the others wait in the queue.
SEARCHES_PER_CLIENT = 1
#: A search still thinking after this many seconds is killed; the rule agent answers instead.
DECISION_HARD_SECONDS = 10.0
#: Threads for cheap agents and for applying answers (never the event loop).
LIGHT_THREADS = 2
#: How much nicer (lower priority) a search worker runs than the server: the server answers first.
WORKER_NICENESS = 10

Answer = tuple[dict[str, Any], int]  # the chosen action's JSON, the agent's event cursor after it


def decision_seed(game_seed: Seed, decision_id: int) -> int:
    """The seed of the agent answering decision ``decision_id`` of a game (seat 1's agent); a
    keyed seed (a string) is reduced to 64 bits first, as the room's agent is seeded from it."""
    return agent_seed(agent_seed(whole_seed(game_seed), 1), decision_id)


def choose(state: State, player: int, spec: str, seed: int, cursor: int) -> Answer:
    """The agent's answer on its own copy of the state (it may read it as it likes)."""
    legal = state.legal_actions()
    cursors = [0, 0]
    cursors[player] = cursor
    if len(legal) == 1:  # as the simulator's loop: nothing to ask
        return legal[0].to_json(), cursor
    agent = make_agent(spec, seed)
    action = agent.choose(observe(state, player, agent, cursors), legal)
    return action.to_json(), cursors[player]


def search(rep: Replay, player: int, spec: str, seed: int, cursor: int) -> Answer:
    """In a worker process: the position re-made from its replay, then the agent's answer."""
    state = initial_state(rep)
    for _ in steps(rep, state):
        pass
    return choose(state, player, spec, seed, cursor)


def fallback(state: State, player: int, seed: int, cursor: int) -> Answer:
    """What answers a search that did not: the rule agent's choice (legal, and fast)."""
    return choose(state, player, "rule", seed, cursor)


def _worker_start() -> None:
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


@dataclass
class Job:
    """One agent decision, as taken under the room's lock."""

    room: Room
    decision_id: int
    player: int
    spec: str
    seed: int
    cursor: int
    state: State  # a clone: the room's state goes on without it
    #: A searching agent (``searches``, as the loop reads it): to the process pool; else a thread.
    searches: bool


def snapshot(room: Room) -> Job | None:
    """The agent's decision in ``room`` now (None if a person decides or the game is over);
    called with the room's lock held, and quick: a clone of the state."""
    state = room.state
    player = state.deciding_player
    if state.game_over or player is None or room.conceded is not None:
        return None
    agent = room.seats[player].agent
    if agent is None:
        return None
    return Job(room, room.decision_id, player, room.opponent, decision_seed(room.seed, room.decision_id),
               room.cursor[player], state.clone(),
               # a puzzle's position is not re-made from a replay: its agent thinks in a thread
               bool(getattr(agent, "searches", False)) and room.puzzle is None)


def current(job: Job) -> bool:
    """Whether the decision ``job`` answers is still the room's (read without the lock: a hint)."""
    room = job.room
    return room.decision_id == job.decision_id and not room.state.game_over and room.conceded is None


def apply(job: Job, answer: Answer) -> bool:
    """Apply an answer if the decision it answers is still the current one; True if applied."""
    room = job.room
    with room.lock:
        if not current(job):
            return False
        action = Action.from_json(answer[0])
        room.apply_agent(action)
        room.cursor[job.player] = answer[1]
    return True


#: An agent plays at most this many actions in a row before handing back (a guard: no game of
#: ours needs more between two decisions of a person).
AGENT_RUN_MAX = 20_000


def play_now(room: Room, limit: int = AGENT_RUN_MAX) -> None:
    """Agents answer every decision that is theirs, and the server the decisions it answers for a
    person under their stops (:mod:`tcg.web.flow`), here and now (a room without a
    :class:`Thinker`: the library's, a benchmark's); the lock is held only per step."""
    for _ in range(limit):
        with room.lock:
            passing = auto_action(room)
            if passing is not None:
                room.apply_agent(passing)
            job = None if passing is not None else snapshot(room)
        if passing is not None:
            room.notify()
            continue
        if job is None:
            return
        apply(job, choose(job.state, job.player, job.spec, job.seed, job.cursor))
        room.notify()


class Thinker:
    """The server's agents: every room's agent decisions, queued, limited and applied (see the
    module docstring). :meth:`wake` is called after any change to a room; it returns at once."""

    def __init__(self, workers: int = SEARCH_WORKERS, per_client: int = SEARCHES_PER_CLIENT,
                 hard_seconds: float = DECISION_HARD_SECONDS, pace: float = 0.0,
                 hidden: tuple[float, float] = HIDDEN_DELAY) -> None:
        self.workers = workers
        #: Seconds between a change of a room and its agent's next action (:mod:`tcg.web.flow`).
        self.pace = pace
        #: The bounds of the delay of an answer given for a person between two people.
        self.hidden = hidden
        self.later = Later(self._later)
        self.per_client = per_client
        self.hard_seconds = hard_seconds
        self.light = ThreadPoolExecutor(LIGHT_THREADS, thread_name_prefix="agent")
        self.lock = threading.Lock()
        self.dispatching = threading.Lock()
        self.pending: set[str] = set()  # rooms with a job queued, thinking or being applied
        self.queue: deque[Job] = deque()
        self.running: Counter[str] = Counter()  # searches thinking, by client
        self._pool: ProcessPool | None = None
        self.closed = False

    # ------------------------------------------------------------------ entry points
    def wake(self, room: Room) -> None:
        """Look at ``room`` again soon (in a thread of ours, never the caller's)."""
        self._later(self._wake, room)

    def _later(self, work: Any, *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # closed meanwhile: the server is stopping
            if not self.closed:
                self.light.submit(self._guarded, work, *args)

    def close(self) -> None:
        self.closed = True
        self.later.close()
        self.light.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:
            self._pool.stop()  # type: ignore[no-untyped-call]  # pebble's stop() has no annotations
            self._pool.join(timeout=5)

    # ------------------------------------------------------------------ the work
    @staticmethod
    def _guarded(work: Any, *args: Any) -> None:
        try:
            work(*args)
        except Exception:  # pragma: no cover - a bug of ours: said in the log, the server goes on
            log.exception("agent work failed")

    def _wake(self, room: Room) -> None:
        with room.lock, self.lock:
            if room.id in self.pending:
                return
            passing = auto_action(room)  # the server answers for a person (their stops)
            job = None if passing is not None else snapshot(room)
            wait = room.flow.first_move_wait(self.pace) if job is not None else 0.0
            if wait > 0:  # the agent moves first: its opponent's page opens before it does
                self.later.after(wait, self._wake, room)
                return
            if passing is None and job is None:
                return
            self.pending.add(room.id)
            if job is not None and job.searches:
                self.queue.append(job)
        if passing is not None:
            self._pass_later(room, passing)
        elif job is not None and job.searches:
            self._dispatch()
        elif job is not None:
            self._answer(job, choose(job.state, job.player, job.spec, job.seed, job.cursor))

    def _dispatch(self) -> None:
        """Start the queued searches the limits allow; tell every queued room its position (one
        thread at a time: a room is never told an older position after a newer one)."""
        with self.dispatching:
            self._dispatch_now()

    def _dispatch_now(self) -> None:
        started: list[Job] = []
        with self.lock:
            stale = [job for job in self.queue if not current(job)]  # answered meanwhile: a concession
            for job in stale:
                self.queue.remove(job)
                self.pending.discard(job.room.id)
            for job in list(self.queue):
                if sum(self.running.values()) >= self.workers:
                    break
                if self.running[job.room.client] >= self.per_client:
                    continue
                self.queue.remove(job)
                self.running[job.room.client] += 1
                started.append(job)
            waiting = list(self.queue)
        for job in started:
            if self.closed:
                return
            self._status(job.room, {"seat": job.player, "status": "thinking"})
            rep = job.room.replay_of(job.state)
            future = self._processes().schedule(search, args=(rep, job.player, job.spec, job.seed, job.cursor),
                                                timeout=self.hard_seconds)
            future.add_done_callback(functools.partial(self._done, job))
        for position, job in enumerate(waiting, 1):
            self._status(job.room, {"seat": job.player, "status": "queued", "position": position})
        for job in stale:
            self._status(job.room, None)

    def _done(self, job: Job, future: Future[Answer]) -> None:
        with self.lock:
            self.running[job.room.client] -= 1
            if not self.running[job.room.client]:
                del self.running[job.room.client]
        self._later(self._searched, job, future)

    def _searched(self, job: Job, future: Future[Answer]) -> None:
        try:
            answer = future.result()
        except Exception as exc:  # past the hard limit (TimeoutError), a dead worker (ProcessExpired), a bug
            log.warning("room %s: the search did not answer (%s); the rule agent plays", job.room.id,
                        type(exc).__name__)
            answer = fallback(job.state, job.player, job.seed, job.cursor)
        self._answer(job, answer)
        self._dispatch()

    def _answer(self, job: Job, answer: Answer) -> None:
        """Apply the agent's answer, once the pace allows (the room's last change at least
        ``pace`` seconds ago): a person sees each of the agent's actions."""
        wait = job.room.flow.changed_at + self.pace - time.monotonic() if self.pace > 0 else 0.0
        if wait > 0:
            self.later.after(wait, self._answer_now, job, answer)
        else:
            self._answer_now(job, answer)

    def _answer_now(self, job: Job, answer: Answer) -> None:
        try:
            try:
                apply(job, answer)
            except (ProtocolError, TcgError, KeyError, TypeError) as exc:  # an answer the rules refuse: a bug
                log.error("room %s: the agent's answer was refused (%s); the rule agent plays", job.room.id, exc)
                apply(job, fallback(job.state, job.player, job.seed, job.cursor))
        finally:
            with self.lock:
                self.pending.discard(job.room.id)
            job.room.thinking = None
            job.room.notify()
        self.wake(job.room)  # the agent may have the next decision too

    def _pass_later(self, room: Room, action: Action) -> None:
        """The server's answer for a person (their stops): at once against an agent; between two
        people after a delay from the system's random source, so that its speed tells the
        opponent nothing (docs/web.md, "Auto-pass and stops")."""
        delay = hidden_delay(self.hidden) if between_people(room) else 0.0
        self.later.after(delay, self._pass, room, room.decision_id, action)

    def _pass(self, room: Room, decision_id: int, action: Action) -> None:
        try:
            with room.lock:  # still the decision, and still what the stops say (they may have changed)
                if room.decision_id == decision_id and auto_action(room) == action:
                    room.apply_agent(action)
        finally:
            with self.lock:
                self.pending.discard(room.id)
            room.notify()
        self.wake(room)

    def _status(self, room: Room, status: dict[str, Any] | None) -> None:
        if room.thinking != status:
            room.thinking = status
            room.notify()

    def _processes(self) -> ProcessPool:
        if self._pool is None:
            # forkserver: a worker is forked from a clean process that never ran the server's
            # threads (a fork of the server could inherit a held lock), with the engine loaded.
            context = get_context("forkserver")
            context.set_forkserver_preload(["tcg.web.thinking"])
            self._pool = ProcessPool(max_workers=self.workers, initializer=_worker_start, context=context)
        return self._pool
