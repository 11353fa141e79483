"""Fingerprint seeded games: one hash per game over every applied action and the result.

    python benchmarks/fingerprint.py --games 20 [--game force_of_will] [--require compiled] [--agents rule]

Two builds (pure Python and compiled, ``make compiled``) or two commits that keep the rules
print the same lines; ``make test`` compares the two builds this way. ``--require`` fails at
once if the engine imported is not the build expected (a wrong ``PYTHONPATH`` would otherwise
compare a build with itself). ``--agents rule`` plays rule-vs-rule games instead of random
ones: the same hash then proves that a change kept every decision of the rule agent.
"""

from __future__ import annotations

import argparse
import hashlib
import sys

import tcg
from tcg.core.registry import GAMES, load_game
from tcg.sim.loop import play_game

#: The decks each game's fingerprint plays, named so that adding a starter deck (an official list,
#: issue 18) never changes a fingerprint: these were the first two by name when they were chosen.
#: A game not listed plays its first two starter decks by name.
DECKS: dict[str, tuple[str, str]] = {
    "battle_spirits": ("green_white", "red_purple"),
    "duel_masters": ("fire_nature", "water_darkness"),
    "force_of_will": ("flame_and_light", "water_and_wind"),
    "one_piece": ("absolute_justice", "animal_kingdom_pirates"),
    "yugioh": ("beatdown", "control"),
}


def fingerprint(game_name: str, games: int, seed: int, agent: str = "random") -> str:
    game = load_game(game_name)
    names = DECKS.get(game_name) or tuple(sorted(game.starter_decks())[:2])
    decks = [game.deck(n) for n in names]
    h = hashlib.sha256()
    actions = 0
    for s in range(seed, seed + games):
        result, replay = play_game(game, decks, [agent, agent], s)
        h.update(repr((result.winner, result.turns, result.actions, result.reason)).encode())
        for a in replay.actions:
            h.update(repr(a).encode())
        actions += result.actions
    label = "" if agent == "random" else f" ({agent} vs {agent})"
    return f"{game_name}{label}: {games} games from seed {seed}, {actions} actions, {h.hexdigest()[:16]}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable (default: every game)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--require", choices=["compiled", "pure"], help="the build that must be running")
    ap.add_argument("--agents", default="random", choices=["random", "rule"],
                    help="the agent in both seats (default random: the rules fingerprint)")
    args = ap.parse_args()
    if args.require and tcg.compiled() != (args.require == "compiled"):
        sys.exit(f"expected the {args.require} build, but {tcg.build_name()} is running "
                 f"(tcg imported from {tcg.__file__})")
    for name in args.game or sorted(GAMES):
        print(fingerprint(name, args.games, args.seed, args.agents), flush=True)


if __name__ == "__main__":
    main()
