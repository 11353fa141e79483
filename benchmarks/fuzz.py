"""Fuzz the input parsers: N seeded inputs per parser, each accepted or rejected cleanly, or a crash.

    python benchmarks/fuzz.py --parser all --inputs 10000 [--seed 0] [--crash-dir fuzz-crashes]

Parsers: cards, deck, scenario, replay, options, agent (the targets and generators are
tests/fuzz_targets.py and tests/fuzz_inputs.py). Input ``i`` of a parser is a function of the
parser, ``--seed`` and ``i`` alone, so a run is repeatable. Per parser it prints the inputs tried,
accepted, rejected with a clean error, crashes (the first few saved under ``--crash-dir``) and the
slowest input; the last line is ``N inputs, M crashes``; the exit status is 1 if M > 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import fuzz_inputs
from tests.fuzz_targets import Crash

PARSERS = tuple(fuzz_inputs.GENERATORS)
SAVED = 5


@dataclass
class Tally:
    tried: int = 0
    accepted: int = 0
    rejected: int = 0
    crashes: list[str] = field(default_factory=list)
    slowest: float = 0.0
    slowest_index: int = -1


def save_crash(folder: Path, parser: str, index: int, data: Any, reason: str) -> Path:
    """The crashing input as a file the parser reads (text or bytes), its reason beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    payload = data[1] if isinstance(data, tuple) and isinstance(data[1], str | bytes) else data
    path = folder / f"{parser}-{index}.input"
    if isinstance(payload, bytes):
        path.write_bytes(payload)
    elif isinstance(payload, str):
        path.write_text(payload, encoding="utf-8", errors="surrogatepass")
    else:
        path.write_text(json.dumps(payload, default=repr), encoding="utf-8")
    note = f"{reason}\n" + (f"game: {data[0]}\n" if isinstance(data, tuple) else "")
    path.with_suffix(".reason").write_text(note, encoding="utf-8")
    return path


def run_parser(parser: str, inputs: int, seed: int, crash_dir: Path) -> Tally:
    tally = Tally()
    started = last = time.perf_counter()
    for i in range(inputs):
        data = fuzz_inputs.generate(parser, seed * 1_000_000_007 + i)
        t0 = time.perf_counter()
        try:
            outcome = fuzz_inputs.target_call(parser, data)
        except Crash as exc:
            tally.crashes.append(exc.reason)
            if len(tally.crashes) <= SAVED:
                path = save_crash(crash_dir, parser, i, data, exc.reason)
                print(f"  CRASH {parser} input {i}: {exc.reason[:200]} (saved {path})", flush=True)
        else:
            if outcome == "accepted":
                tally.accepted += 1
            else:
                tally.rejected += 1
        took = time.perf_counter() - t0
        if took > tally.slowest:
            tally.slowest, tally.slowest_index = took, i
        tally.tried += 1
        now = time.perf_counter()
        if now - last > 30:
            print(f"  {parser}: {i + 1}/{inputs} inputs, {len(tally.crashes)} crashes, {now - started:.0f} s",
                  flush=True)
            last = now
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--parser", default="all", choices=[*PARSERS, "all"])
    ap.add_argument("--inputs", type=int, default=1000, help="inputs per parser")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--crash-dir", type=Path, default=Path("fuzz-crashes"))
    args = ap.parse_args(argv)
    parsers = PARSERS if args.parser == "all" else (args.parser,)
    total = crashes = 0
    for parser in parsers:
        t0 = time.perf_counter()
        t = run_parser(parser, args.inputs, args.seed, args.crash_dir)
        print(f"{parser}: {t.tried} inputs, {t.accepted} accepted, {t.rejected} rejected cleanly, "
              f"{len(t.crashes)} crashes; slowest input {t.slowest * 1000:.0f} ms (#{t.slowest_index}); "
              f"{time.perf_counter() - t0:.0f} s", flush=True)
        total += t.tried
        crashes += len(t.crashes)
    print(f"{total} inputs, {crashes} crashes")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
