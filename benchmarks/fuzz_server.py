"""Fuzz the server's messages over a WebSocket: count the inputs tried and the replies.

    python benchmarks/fuzz_server.py --inputs 5000

The generator and the check are tests/test_web_fuzz.py's (random JSON, mutated protocol
messages, not-JSON text, binary frames, messages over the size limit, JSON nested past the
parser's depth, integers too long to read); this runs them for ``--inputs`` examples against
seat 0 of one room, through FastAPI's TestClient. Every input must get a precise ``error`` (or,
for a valid language change, the state) and leave the game unchanged; the first that does not
fails with the input, exit status 1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402

from tcg.web.rooms import Room  # noqa: E402
from tests.test_web_fuzz import changes_the_game, checked_reply, frames, fuzz_connection  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=2000, help="inputs to try (hypothesis examples)")
    args = parser.parse_args(argv)
    replies: Counter[str] = Counter()
    skipped = 0

    def check(send: Callable[[str | bytes], dict[str, Any]], room: Room) -> None:
        history = list(room.state.history)

        @settings(max_examples=args.inputs, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(frame=frames())
        def one(frame: str | bytes) -> None:
            nonlocal skipped
            if changes_the_game(room, frame):
                skipped += 1
            assume(not changes_the_game(room, frame))
            replies[checked_reply(room, frame, send(frame), history)] += 1

        one()

    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            fuzz_connection(Path(tmp), check)
        except AssertionError as exc:
            print(f"FAILED after {sum(replies.values())} inputs: {exc}")
            return 1
    tried = sum(replies.values())
    shown = ", ".join(f"{code} {n}" for code, n in replies.most_common())
    print(f"server messages: {tried} inputs in {time.perf_counter() - t0:.0f} s ({skipped} valid moves left out), "
          f"0 failures; replies: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
