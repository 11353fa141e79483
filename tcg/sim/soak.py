"""The soak (issue 20): self-play with every invariant checked after every action.

One game of a soak is one row: how far it went and what it broke. After each action its
:class:`Checker` requires cards and conserved quantities kept, no counter negative, the state's
JSON round trip exact, no hidden card in either player's observation (ids or names), each
player's determinized world consistent with what they see, and every description made for
each player and for a spectator (board, prompt, action texts, log lines) the same in that world
-- words that change with the hidden cards leak them. Every ``clone_every`` actions a clone is
taken and must not change while the original plays on; at the end the whole log round-trips,
the replay re-creates the game, and the game must have ended within ``max_actions``.

A :class:`SoakSpec` and a chunk of game indices is the unit of work, so a soak runs on the
simulator's backends (:mod:`tcg.sim.backends`, local processes or Ray) like a simulation; each
game's seed, decks and agents follow from its index alone.
"""

from __future__ import annotations

import itertools
import json
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tcg.core.actions import Action
from tcg.core.decklist import DeckList
from tcg.core.game import Game
from tcg.core.invariants import (
    CloneProbe,
    check_conservation,
    check_counters,
    check_descriptions,
    check_determinize,
    check_json_round_trip,
    check_lazy_views,
    check_no_leak,
    check_viewer_names,
    observations,
)
from tcg.core.registry import load_game
from tcg.core.rng import Rng
from tcg.core.state import State
from tcg.sim.loop import play_game
from tcg.sim.replay import Replay, deck_from_names, replay
from tcg.sim.work import game_seed

#: A game's violations beyond this many are counted, not kept (a broken rule repeats itself).
KEPT_PER_GAME = 5

Row = dict[str, Any]


@dataclass(frozen=True)
class SoakSpec:
    """What every worker needs, as plain data. Game ``index`` plays agent pair
    ``index % len(agents)**2`` and deck pair ``(index // that) % len(decks)**2`` (every ordered
    pair of each, seats swapped included): every few games cover every pair of agents."""

    game: str
    decks: tuple[tuple[str, ...], ...]
    deck_names: tuple[str, ...]
    agents: tuple[str, ...]
    master_seed: int
    max_actions: int = 5000
    clone_every: int = 7

    def pairing(self, index: int) -> tuple[tuple[int, int], tuple[str, str]]:
        deck_pairs = [(a, b) for a, b in itertools.product(range(len(self.decks)), repeat=2)]
        agent_pairs = [(a, b) for a, b in itertools.product(self.agents, repeat=2)]
        return deck_pairs[(index // len(agent_pairs)) % len(deck_pairs)], agent_pairs[index % len(agent_pairs)]


def spec_for(game_name: str, agents: Sequence[str], master_seed: int, max_actions: int = 5000,
             decks: Sequence[str] | None = None) -> SoakSpec:
    """A soak of ``game_name``'s starter decks (all of them, or ``decks``)."""
    game = load_game(game_name)
    names = list(decks) if decks else sorted(game.starter_decks())
    lists = tuple(tuple(game.deck(n).flat()) for n in names)
    return SoakSpec(game_name, lists, tuple(names), tuple(agents), master_seed, max_actions)


class Checker:
    """The checks of one game, called after every action (``play_game``'s ``on_step``)."""

    def __init__(self, seed: int, clone_every: int) -> None:
        self.rng = Rng(seed ^ 0x5EED)
        self.clone_every = clone_every
        self.actions = 0
        self.checks = 0
        self.violations: list[str] = []
        self.count = 0
        self.conserved: Any = None
        self.probe: CloneProbe | None = None
        self.log_from = 0
        self.state: State | None = None  # the game's state (one object, played on)

    def report(self, problems: list[str]) -> None:
        self.count += len(problems)
        room = KEPT_PER_GAME - len(self.violations)
        self.violations += [f"action {self.actions}: {p}" for p in problems[:max(0, room)]]

    def __call__(self, state: State, player: int | None, action: Action | None,
                 events: list[dict[str, Any]]) -> None:
        self.state = state
        if action is None:  # the start: what must never change, and the first position's checks
            self.conserved = state.conserved()
        else:
            self.actions += 1
        if self.actions % self.clone_every == 0:
            if self.probe is not None:
                self.report(self.probe.problems())
            self.probe = CloneProbe(state)
        self.report(self.position(state))
        self.log_from = len(state.events)
        self.checks += 1

    def position(self, state: State) -> list[str]:
        problems = check_conservation(state) + check_counters(state)
        if state.conserved() != self.conserved:
            problems.append(f"conserved quantities changed: {self.conserved} -> {state.conserved()}")
        seen = observations(state)  # built once for the checks below
        problems += check_json_round_trip(state, with_events=False) + check_no_leak(state, seen)
        problems += check_lazy_views(state, seen)
        for player in range(len(state.zones)):
            world = state.determinize(player, self.rng)
            problems += check_determinize(state, world, player, seen)
            problems += check_descriptions(state, world, player, self.log_from)
            if player == 0:  # a spectator sees less than either player
                problems += check_descriptions(state, world, None, self.log_from)
        for viewer in (0, 1, None):
            problems += check_viewer_names(state, viewer, seen)
        return problems

    def finish(self, state: State, rep: Replay, max_actions: int) -> None:
        """The end: the whole log, the replay, the descriptions from the first event, the bound."""
        if not state.game_over:
            self.report([f"the game did not end within {max_actions} actions"])
        if self.probe is not None:
            self.report(self.probe.problems())
        problems = check_json_round_trip(state, with_events=True)
        again = replay(Replay.from_json(json.loads(json.dumps(rep.to_json())), source="the soak's replay"))
        if json.dumps(again.to_json(), sort_keys=True) != json.dumps(state.to_json(), sort_keys=True):
            problems.append("the replay does not re-create the game")
        for player in range(len(state.zones)):
            world = state.determinize(player, self.rng)
            problems += check_descriptions(state, world, player)
        self.report(problems)


def soak_chunk(spec: SoakSpec, indices: Sequence[int]) -> list[Row]:
    """The rows of games ``indices``; top level so that spawn and Ray can import it."""
    game = load_game(spec.game)
    decks = [deck_from_names(list(d), n) for d, n in zip(spec.decks, spec.deck_names, strict=True)]
    return [soak_game(spec, game, decks, i) for i in indices]


def soak_game(spec: SoakSpec, game: Game, decks: Sequence[DeckList], index: int) -> Row:
    """Game ``index`` played and checked; an exception is a violation too (with its traceback)."""
    seed = game_seed(spec.master_seed, index)
    (d0, d1), agents = spec.pairing(index)
    checker = Checker(seed, spec.clone_every)
    t0 = time.perf_counter()
    row: Row = {"index": index, "seed": seed, "game": spec.game, "deck_0": spec.deck_names[d0],
                "deck_1": spec.deck_names[d1], "agent_0": agents[0], "agent_1": agents[1]}
    try:
        result, rep = play_game(game, [decks[d0], decks[d1]], list(agents), seed,
                                max_actions=spec.max_actions, on_step=checker)
        assert checker.state is not None  # on_step is called at the start
        checker.finish(checker.state, rep, spec.max_actions)
        row.update(turns=result.turns, winner=result.winner, reason=result.reason)
    except Exception:  # a raise is the worst violation: keep its traceback, go on with the next game
        checker.report([f"raised: {traceback.format_exc()}"])
        row.update(turns=0, winner=None, reason="error")
    row.update(actions=checker.actions, checks=checker.checks, violations=checker.count,
               problems=checker.violations, seconds=time.perf_counter() - t0)
    return row
