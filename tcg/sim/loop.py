"""The one game loop: observation -> agent.choose -> state.apply, until the game ends.

Everything that plays a game (the simulator, the demo, benchmarks, tests) goes through
:func:`play_game`, so an agent always sees the same kind of observation and every game
leaves a replay that re-creates it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from tcg.agents.base import Agent, agent_seed, make_agent
from tcg.core.actions import Action
from tcg.core.decklist import DeckList
from tcg.core.game import Game
from tcg.core.rng import Rng
from tcg.core.state import State
from tcg.sim.replay import Replay
from tcg.sim.tally import Tally

DEFAULT_MAX_ACTIONS = 5000
StepHook = Callable[[State, "int | None", "Action | None", list[dict[str, Any]]], None]


@dataclass
class Result:
    """How one game ended. ``winner`` is 0, 1, "draw", or None when ``max_actions`` cut it short."""

    winner: int | str | None
    turns: int
    actions: int
    first_player: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def end_reason(state: State) -> str:
    for ev in reversed(state.events):
        if ev.get("type") == "game_over":
            return str(ev.get("reason", ""))
    return ""


class Worlds:
    """What a searching agent gets besides its observation (``observation["worlds"]``): worlds
    consistent with what its seat sees (``State.determinize``), never the state itself."""

    __slots__ = ("_known", "_player", "_state")

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self._player = player
        self._known: set[int] | None = None

    def sample(self, rng: Rng) -> State:
        """A fresh world: a state the agent may play on freely (it is a copy)."""
        if self._known is None:
            self._known = self._state.known_hidden(self._player)
        return self._state.determinize(self._player, rng, self._known)


def events_read(agent: Agent, game: str) -> Collection[str] | None:
    """The event types ``agent`` reads in ``game`` (None: every type). An agent says so with an
    optional ``events_read(game)`` method (see :mod:`tcg.agents.base`); one that ignores
    observations reads none."""
    if not getattr(agent, "observes", True):
        return ()
    declared = getattr(agent, "events_read", None)
    return declared(game) if declared is not None else None


def reads_events(agent: Agent, game: str) -> bool:
    wanted = events_read(agent, game)
    return wanted is None or len(wanted) > 0


def observe(state: State, player: int, agent: Agent, cursor: list[int]) -> dict[str, Any]:
    """What ``agent`` gets to see: its observation plus the events visible to it since last time
    (and, for a searching agent, ``worlds``: see :class:`Worlds`).

    Both are trimmed to what the agent says it reads: no JSON list of the legal actions when
    ``reads_legal_actions`` is False (it is handed the actions anyway), only the event types of
    ``events_read`` (no ``events`` at all when that is empty), and only the game, the viewer and
    the decision when ``reads_observation(game, kind)`` says it will not look at the board for
    this decision (its events are then skipped: the next observation lists those after it, as
    ever), and built as it is read for an agent with ``lazy_views``. Whatever is left is the
    viewer's own view, as in the full observation."""
    kind = state.decision.kind if state.decision else None
    if not getattr(agent, "observes", True):
        return {"game": state.GAME.name, "viewer": player, "decision": {"player": player, "kind": kind}}
    reads = getattr(agent, "reads_observation", None)
    if reads is not None and kind is not None and not reads(state.GAME.name, kind):
        cursor[player] = len(state.events)
        return {"game": state.GAME.name, "viewer": player, "decision": {"player": player, "kind": kind}}
    obs = state.observation(player, getattr(agent, "reads_legal_actions", True), getattr(agent, "lazy_views", False))
    new = state.events[cursor[player]:]
    cursor[player] = len(state.events)
    wanted = events_read(agent, state.GAME.name)
    if wanted is None:
        obs["events"] = [v for v in (state.visible_event(e, player) for e in new) if v is not None]
    elif wanted:  # filtering by type first is the same: hiding a card keeps its event's type
        obs["events"] = [v for v in (state.visible_event(e, player) for e in new if e.get("type") in wanted)
                         if v is not None]
    if getattr(agent, "searches", False):
        obs["worlds"] = Worlds(state, player)
    return obs


def play_game(
    game: Game,
    decks: Sequence[DeckList],
    agents: Sequence[Agent | str],
    seed: int,
    options: Mapping[str, object] | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    on_step: StepHook | None = None,
    tally: Tally | None = None,
) -> tuple[Result, Replay]:
    """Play one game. Agents given by name are created with seeds derived from ``seed``.

    ``on_step(state, player, action, events)`` is called after each applied action (the demo
    prints its play-by-play from it); ``on_step(state, None, None, events)`` once at the start.
    ``tally`` (:class:`tcg.sim.tally.Tally`) counts the per-player summary; without one the loop
    does nothing more than play.
    """
    players = [make_agent(a, agent_seed(seed, i)) if isinstance(a, str) else a for i, a in enumerate(agents)]
    resolved = game.resolve_options(options)
    state = game.new_state(list(decks), seed=seed, options=resolved)
    cursor = [0] * len(players)
    observes = [getattr(a, "observes", True) for a in players]
    if on_step is None and not any(reads_events(a, game.name) for a in players):
        state.log_events = False  # nobody reads them: bulk self-play runs without the event log
    if on_step is not None:
        on_step(state, None, None, list(state.events))
    if tally is not None:
        tally.start(state)
    applied = 0
    # ``state.game_over`` and ``state.deciding_player`` read as plain attributes: this loop
    # turns once per action.
    while state.winner is None and applied < max_actions:
        decision = state.decision
        if decision is None:  # pragma: no cover - the engine always stops at a decision or the end
            raise RuntimeError("the game is not over but nobody has to decide")
        player = decision.player
        legal = state.legal_actions()
        agent = players[player]
        if len(legal) == 1:
            action = legal[0]
        elif observes[player]:
            action = agent.choose(observe(state, player, agent, cursor), legal)
        else:  # an agent that ignores observations (random) is spared building one
            action = agent.choose({"game": game.name, "viewer": player}, legal)
        if tally is not None:
            tally.before(state, player, action)
        events = state.apply(action)
        applied += 1
        if tally is not None:
            tally.after(state)
        if on_step is not None:
            on_step(state, player, action, events)
    return finish(game, state, players, decks, (seed, resolved), applied, tally)


def finish(game: Game, state: State, players: Sequence[Agent], decks: Sequence[DeckList],
           setup: tuple[int, Mapping[str, str]], applied: int, tally: Tally | None = None) -> tuple[Result, Replay]:
    """The result and the replay of a game that has stopped (over, or at the action limit);
    ``setup`` is the game's seed and its resolved options."""
    seed, options = setup
    result = Result(
        winner=state.winner,
        turns=state.turn,
        actions=applied,
        first_player=state.first_player,
        reason=end_reason(state) if state.game_over else "max_actions",
    )
    if tally is not None:
        tally.finish(result.winner, result.reason)
    rep = Replay(
        game=game.name,
        seed=seed,
        options=dict(options),
        decks=[d.flat() for d in decks],
        actions=[a.to_json() for a in state.history],
        result=result.to_json(),
        agents=[getattr(a, "name", type(a).__name__) for a in players],
    )
    return result, rep
