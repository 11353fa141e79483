"""How fast the search decides: ISMCTS iterations per second and seconds per decision, per game.

Positions come from rule-agent games on the first two starter decks (every ``--every``-th
decision with two or more moves); the search decides each with its full budget, and the table
gives the median and 90th percentile seconds per decision and iterations per second over them.
One core, pure Python unless the compiled build is on the path.

    python benchmarks/search_speed.py --agent ismcts:iterations=1000 --positions 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from tcg.agents.base import make_agent
from tcg.agents.ismcts import IsmctsAgent, moves
from tcg.core.errors import DataError
from tcg.core.registry import game_names, load_game
from tcg.core.state import State
from tcg.sim.loop import observe, play_game


def positions(game_name: str, count: int, every: int, seed: int) -> list[State]:
    game = load_game(game_name)
    decks = [game.deck(d) for d in (sorted(game.starter_decks()) * 2)[:2]]
    found: list[State] = []
    seen = [0]

    def keep(state: State, player: object, action: object, events: object) -> None:
        if len(found) >= count or state.game_over or len(moves(state.legal_actions())) < 2:
            return
        seen[0] += 1
        if seen[0] % every == 0:
            found.append(state.clone())

    i = 0
    while len(found) < count and i < 50 * count:
        play_game(game, decks, ["rule", "rule"], seed + i, on_step=keep)
        i += 1
    return found


def row(game_name: str, spec: str, count: int, every: int, seed: int) -> str:
    times, rates = [], []
    for n, state in enumerate(positions(game_name, count, every, seed)):
        agent = make_agent(spec, n)
        assert isinstance(agent, IsmctsAgent)
        player = state.deciding_player
        assert player is not None
        obs = observe(state, player, agent, [0, 0])
        t0 = time.perf_counter()
        agent.choose(obs, state.legal_actions())
        dt = time.perf_counter() - t0
        times.append(dt)
        rates.append(agent.last_iterations / dt)
    times.sort()
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (f"| {game_name} | {spec} | {len(times)} | {statistics.median(times):.2f} s | {p90:.2f} s | "
            f"{statistics.median(rates):,.0f} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--agent", default="ismcts:iterations=1000", help="an ismcts agent spec")
    ap.add_argument("--positions", type=int, default=20, help="positions per game")
    ap.add_argument("--every", type=int, default=3, help="take every n-th decision with a choice of moves")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", choices=game_names(), help="a game (default: all five)")
    args = ap.parse_args()
    try:
        if not isinstance(make_agent(args.agent, 0), IsmctsAgent):
            raise DataError(f"{args.agent!r} is not a search agent (ismcts:...)", field="agent")
    except DataError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    print(f"`python benchmarks/search_speed.py {' '.join(sys.argv[1:])}`\n")
    print("| game | agent | positions | median s/decision | 90th percentile | iterations/s (median) |")
    print("|---|---|---|---|---|---|")
    for game in args.game or game_names():
        print(row(game, args.agent, args.positions, args.every, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
