"""What the keyed generator of online games costs against SplitMix64 (issue 35 item 8).

    python benchmarks/rng_cost.py [--draws 200000] [--games 10] [--agent rule] [--game all]

Per draw: ``below(40)`` (a shuffle's typical bound), best of 5. Per game: games (the same decks,
the agents seeded alike) played from integer seeds (SplitMix64) and from keyed seeds
(:class:`tcg.core.rng.KeyedRng`): wall time per game and per action, and the state's draws per
game, times the difference per draw: what the keyed generator adds to a game (the seeds differ,
so the games do too: compare per action). The agents keep their own SplitMix64 streams either
way: only the game's shuffles and random rules change generator. docs/architecture.md quotes it.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path

if importlib.util.find_spec("tcg") is None:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tcg.agents.base import agent_seed, make_agent
from tcg.core.registry import game_names, load_game
from tcg.core.rng import KeyedRng, Rng, Seed, make_rng
from tcg.sim.loop import observe

KEYED = "blake2b:" + "5e" * 32
MAX_ACTIONS = 5000


def per_draw(makers: list[Callable[[], Rng]], draws: int) -> list[float]:
    """Nanoseconds per ``below(40)`` of each generator, best of 5 rounds taken in turn (a busy
    machine slows them alike)."""
    best = [float("inf")] * len(makers)
    for _ in range(5):
        for i, make in enumerate(makers):
            below = make().below
            t0 = time.perf_counter()
            for _ in range(draws):
                below(40)
            best[i] = min(best[i], (time.perf_counter() - t0) / draws * 1e9)
    return best


def play(game_name: str, seed: Seed, index: int, agent: str) -> tuple[int, int]:
    """One game from ``seed``; (actions, the state's draws: counted for a keyed generator only)."""
    game = load_game(game_name)
    decks = [game.deck(n) for n in list(game.starter_decks())[:2]]
    agents = [make_agent(agent, agent_seed(index, p)) for p in (0, 1)]
    state = game.new_state(decks, seed=seed)
    cursor = [0, 0]
    actions = 0
    while not state.game_over and actions < MAX_ACTIONS:
        player = state.deciding_player
        assert player is not None
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else agents[player].choose(observe(state, player, agents[player],
                                                                                   cursor), legal))
        actions += 1
    return actions, state.rng.seed if isinstance(state.rng, KeyedRng) else 0


def per_game(game_name: str, seeds: list[Seed], agent: str) -> tuple[float, float, int]:
    """Milliseconds per game, microseconds per action, draws per game (mean; after a warm-up game)."""
    play(game_name, seeds[0], 0, agent)  # imports, card pool, caches
    t0 = time.perf_counter()
    totals = [play(game_name, s, i, agent) for i, s in enumerate(seeds)]
    elapsed = time.perf_counter() - t0
    actions = sum(a for a, _ in totals)
    return elapsed / len(seeds) * 1e3, elapsed / actions * 1e6, sum(d for _, d in totals) // len(seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draws", type=int, default=200_000)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--agent", default="rule")
    parser.add_argument("--game", default="all")
    args = parser.parse_args()
    compiled = not Path(sys.modules["tcg.core.rng"].__file__ or "").name.endswith(".py")
    print(f"# python benchmarks/rng_cost.py --draws {args.draws} --games {args.games} --agent {args.agent}"
          f" ({'compiled' if compiled else 'pure Python'}, Python {sys.version.split()[0]})")
    splitmix, keyed = per_draw([lambda: Rng(1), lambda: make_rng(KEYED)], args.draws)
    print(f"below(40): SplitMix64 {splitmix:.0f} ns, keyed BLAKE2b {keyed:.0f} ns ({keyed / splitmix:.1f}x)")
    for name in game_names() if args.game == "all" else [args.game]:
        plain = per_game(name, list(range(1, args.games + 1)), args.agent)
        keys = [f"blake2b:{i:064x}" for i in range(1, args.games + 1)]
        secret = per_game(name, list(keys), args.agent)
        extra = secret[2] * (keyed - splitmix) / 1e3  # microseconds the keyed draws add to a game
        print(f"{name}: SplitMix64 {plain[0]:.1f} ms/game ({plain[1]:.0f} us/action), keyed {secret[0]:.1f} ms/game "
              f"({secret[1]:.0f} us/action; other games: other seeds); {secret[2]} draws a game, "
              f"to which the keyed generator adds {extra:+.0f} us", flush=True)


if __name__ == "__main__":
    main()
