"""Rule-agent self-play speed on one core: decisions/s and applied actions/s per game (issue 17).

    python benchmarks/agents.py --games 20 --repeat 3 [--game battle_spirits] [--agent rule]

Each game plays ``--games`` seeded games between two copies of ``--agent`` through
:func:`tcg.sim.loop.play_game`, with the first two starter decks. A *decision* is a call to
the agent's ``choose`` (the loop decides single-choice decisions itself, so those are not
counted); *actions* are all applied actions. The games are played ``--repeat`` times and the
best run is reported (as in benchmarks/selfplay.py: the machine's speed drifts by a third, and
the best run is the least disturbed). Times are the process's CPU time by default
(``--clock cpu``): three workers share this machine's two cores, and wall time counts the
moments another one runs. ``--profile`` prints a cProfile of one run instead.

The engine's own share is measured too: the same games' actions replayed on a fresh state
(``legal_actions`` then ``apply``, as the loop does) with no agent at all and no event log. What self-play spends
beyond that is the agents' (their observations, events and strategies): *agent decisions/s* is
decisions over that time, the speed of the rule-based strategy itself, which the engine's speed
does not bound.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import os
import platform
import pstats
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if importlib.util.find_spec("tcg") is None:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tcg
from tcg.agents.base import Agent, agent_seed, make_agent
from tcg.core.actions import Action
from tcg.core.registry import GAMES, load_game
from tcg.sim.loop import play_game


class Counting:
    """Counts an agent's calls to ``choose``; everything else (its flags) is the agent's own."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)

    def choose(self, observation: Any, legal: Sequence[Any]) -> Any:
        self.calls += 1
        return self.agent.choose(observation, legal)


Played = list[tuple[int, list[Action]]]  # (seed, applied actions) per game


CLOCK = time.process_time


def play_all(game_name: str, agent: str, games: int, seed: int) -> tuple[float, int, int, Played]:
    """Seconds, decisions and applied actions of ``games`` seeded games, and their actions."""
    game = load_game(game_name)
    decks = [game.deck(n) for n in (list(game.starter_decks()) * 2)[:2]]
    decisions = actions = 0
    elapsed = 0.0
    played: Played = []
    for i in range(games):
        s = seed + i
        players = [Counting(make_agent(agent, agent_seed(s, p))) for p in (0, 1)]
        t0 = CLOCK()
        result, replay = play_game(game, decks, players, s)  # type: ignore[arg-type]
        elapsed += CLOCK() - t0
        decisions += sum(p.calls for p in players)
        actions += result.actions
        played.append((s, [Action.from_json(a) for a in replay.actions]))
    return elapsed, decisions, actions, played


def replay_all(game_name: str, played: Played) -> float:
    """Seconds the engine alone takes for the same games: each action applied as the loop does."""
    game = load_game(game_name)
    decks = [game.deck(n) for n in (list(game.starter_decks()) * 2)[:2]]
    options = game.resolve_options(None)
    elapsed = 0.0
    for s, actions in played:
        t0 = CLOCK()
        state = game.new_state(list(decks), seed=s, options=options)
        state.log_events = False  # the bare engine, as random self-play runs it
        for a in actions:
            state.legal_actions()
            state.apply(a)
        elapsed += CLOCK() - t0
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable (default: every game)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="play the games this many times; report the best")
    ap.add_argument("--agent", default="rule", help="the agent in both seats (a registry name)")
    ap.add_argument("--profile", action="store_true", help="print a cProfile of one run per game")
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu", help="process CPU time or wall time")
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"# python benchmarks/agents.py --games {args.games} --seed {args.seed} --repeat {args.repeat} "
          f"--agent {args.agent} --clock {args.clock}; "
          f"{tcg.build_name()}, nproc {os.cpu_count()}, Python {platform.python_version()}")
    print("| game | games | decisions | decisions/s | actions/s | engine alone, actions/s | agent decisions/s |")
    print("|---|---|---|---|---|---|---|")
    for name in args.game or sorted(GAMES):
        play_all(name, args.agent, 1, args.seed)  # warm-up: imports, card pool, caches
        if args.profile:
            prof = cProfile.Profile()
            prof.runcall(play_all, name, args.agent, args.games, args.seed)
            pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
            continue
        runs = [play_all(name, args.agent, args.games, args.seed) for _ in range(max(1, args.repeat))]
        elapsed, decisions, actions, played = min(runs, key=lambda r: r[0])
        engine = min(replay_all(name, played) for _ in range(max(1, args.repeat)))
        agents = max(elapsed - engine, 1e-9)
        print(f"| {name} | {args.games} | {decisions} | {decisions / elapsed:.0f} | {actions / elapsed:.0f} | "
              f"{actions / engine:.0f} | {decisions / agents:.0f} |", flush=True)


if __name__ == "__main__":
    main()
