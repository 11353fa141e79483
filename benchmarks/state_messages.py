"""What building the server's ``state`` messages costs, and a digest of what they contain.

    python benchmarks/state_messages.py [--actions 150] [--seeds 2]

Plays seeded random games of every game (two people, ``tcg.web.rooms``) and builds, after each
action, the message of each seat and of a spectator in English and Italian, JSON-encoded as the
server sends it. Prints the time per message by game and one digest over every message (the
room's random id left out): two commits whose digests match send the same messages, so a
change that makes the server faster can prove it changed no content.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from tcg.core.registry import game_names, load_game  # noqa: E402
from tcg.web.rooms import Rooms  # noqa: E402
from tcg.web.views import state_message  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=150, help="actions per game (fewer if it ends)")
    parser.add_argument("--seeds", type=int, default=2, help="games per game, seeds 3, 4, ...")
    args = parser.parse_args(argv)
    digest = hashlib.sha256()
    total_time = total = 0.0
    for name in game_names():
        game = load_game(name)
        decks = [game.deck(d) for d in list(game.starter_decks())[:2]]
        spent = built = 0.0
        state_message(Rooms().create(game, decks, ["a", "b"], 1, "person"), 0, "it")  # the texts loaded first
        for seed in range(3, 3 + args.seeds):
            room = Rooms().create(game, decks, ["a", "b"], seed, "person")
            rng = random.Random(seed)
            for _ in range(args.actions):
                state = room.state
                if state.game_over:
                    break
                for viewer in (0, 1, None):
                    for lang in ("en", "it"):
                        t0 = time.perf_counter()
                        text = json.dumps(state_message(room, viewer, lang, max(0, len(state.events) - 5)))
                        spent += time.perf_counter() - t0
                        built += 1
                        digest.update(text.replace(room.id, "ROOM").encode())
                room.act(state.deciding_player, room.decision_id, rng.randrange(len(state.legal_actions())))
        print(f"{name:15} {built:5.0f} messages, {spent / built * 1000:.2f} ms each")
        total_time += spent
        total += built
    print(f"all games       {total:5.0f} messages, {total_time / total * 1000:.2f} ms each; "
          f"digest {digest.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
