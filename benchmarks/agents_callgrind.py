"""Rule-agent cost in instructions (callgrind): deterministic, unlike times on a shared machine.

    python benchmarks/agents_callgrind.py --games 10 [--game one_piece] [--checkout /tmp/main ...]

For each game it records the actions of ``--games`` seeded rule-vs-rule games (first two
starter decks), then, for each checkout (default: the one this script is in; a checkout is
put on PYTHONPATH, so a plain ``git archive`` of another commit will do), counts under
``valgrind --tool=callgrind`` the instructions of three runs of the same process: loading the
game and the recorded actions (*base*), playing the games (*play*) and replaying their actions
on the bare engine, with no agent and no event log (*replay*). Per applied action:
self-play = play - base, engine alone = replay - base, agents = play - replay. Two commits
that keep the decisions (``benchmarks/fingerprint.py --agents rule``) play the same games, so
their figures compare directly. About a minute per run: valgrind runs Python ~50x slower.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()


def inner(mode: str, game_name: str, games: int, path: str) -> None:
    """One measured process (run under valgrind by :func:`count`)."""
    from tcg.core.actions import Action
    from tcg.core.registry import load_game
    from tcg.sim.loop import play_game

    game = load_game(game_name)
    decks = [game.deck(n) for n in (list(game.starter_decks()) * 2)[:2]]
    play_game(game, decks, ["rule", "rule"], 10_000)  # warm-up: imports, card pool, caches
    if mode == "record":
        played = [play_game(game, decks, ["rule", "rule"], s)[1].actions for s in range(1, games + 1)]
        Path(path).write_text(json.dumps(played))
        return
    if mode == "play":
        for s in range(1, games + 1):
            play_game(game, decks, ["rule", "rule"], s)
        return
    recorded = [[Action.from_json(a) for a in g] for g in json.loads(Path(path).read_text())]
    if mode == "replay":
        options = game.resolve_options(None)
        for s, actions in enumerate(recorded, 1):
            state = game.new_state(list(decks), seed=s, options=options)
            state.log_events = False
            for a in actions:
                state.legal_actions()
                state.apply(a)


def count(checkout: Path, *args: str) -> int:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          str(HERE), "--inner", *args], env=env, capture_output=True, text=True, check=True)
    match = re.search(r"Collected : (\d+)", out.stderr)
    if match is None:
        raise SystemExit(f"no instruction count from valgrind:\n{out.stderr[-2000:]}")
    return int(match.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="repeatable (default: every game)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--checkout", action="append", type=Path, help="repeatable (default: this checkout)")
    ap.add_argument("--inner", nargs=4, metavar=("MODE", "GAME", "GAMES", "FILE"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner:
        mode, game_name, games, path = args.inner
        inner(mode, game_name, int(games), path)
        return
    from tcg.core.registry import game_names

    checkouts = args.checkout or [HERE.parents[1]]
    print(f"# python benchmarks/agents_callgrind.py --games {args.games}; instructions per applied action")
    print("| game | checkout | actions | self-play | engine alone | agents |")
    print("|---|---|---|---|---|---|")
    for name in args.game or game_names():
        with tempfile.TemporaryDirectory() as tmp:
            path = str(Path(tmp) / "actions.json")
            subprocess.run([sys.executable, str(HERE), "--inner", "record", name, str(args.games), path], check=True,
                           env={**os.environ, "PYTHONPATH": str(checkouts[-1])})
            actions = sum(len(g) for g in json.loads(Path(path).read_text()))
            for co in checkouts:
                base, play, replay = (count(co, m, name, str(args.games), path) for m in ("base", "play", "replay"))
                print(f"| {name} | {co} | {actions} | {(play - base) / actions:,.0f} | "
                      f"{(replay - base) / actions:,.0f} | {(play - replay) / actions:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
