"""The server under load: N concurrent games played by bot clients over WebSockets for T seconds.

    python benchmarks/load.py --games 200 --seconds 60 [--game duel_masters|all] [--port P]

It starts ``tcg serve`` (the real uvicorn server) on 127.0.0.1 with a temporary SQLite file,
creates N person-vs-person rooms and plays each with two bot clients (asyncio + ``websockets``),
one per seat: each says hello with its seat token and answers every decision of its seat with a
random legal action. Both seats go over the network, so every action costs the server a
message in, a rules step, a journal write and two views built and sent (a room against an
agent would spend most of the time in the agent instead). When a game ends its slot creates a
new room, until T seconds have passed.

Latency is the time from sending an ``act`` to receiving the next ``state`` message on that
seat's connection. Each seat's bot is a client of its own (its sockets bound to its own 127.x
address: the server's caps are per client). The bots keep under the server's rate limit
(``tcg serve --rate``) as a well-behaved client does; the time a bot waits for its own bucket is not latency. Errors are
every ``error`` message, refused connection and timeout. The last line is exactly
``p50 X ms, p99 Y ms, errors N``; the exit status is 1 if there was any error.

    python benchmarks/load.py --abuse --seconds 20 [--opponent SPEC] [--flood-rate R]

measures a normal game and a spectator while the server is abused (benchmarks/load_abuse.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tcg.core.registry import game_names  # noqa: E402
from tcg.web.limits import RATE_PER_SECOND, Caps  # noqa: E402

#: Bounds unless --force: a benchmark must not take the machine (or the afternoon).
MAX_GAMES = 1000
MAX_SECONDS = 600
#: A seat that hears nothing for this long (while its game goes on) counts a timeout error.
RECV_TIMEOUT = 30.0


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    games_started: int = 0
    games_finished: int = 0
    errors: list[str] = field(default_factory=list)
    rss_peak_kib: int = 0

    def error(self, what: str) -> None:
        self.errors.append(what)
        if len(self.errors) <= 5:
            print(f"  error: {what}", flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    """The server process's resident memory (VmRSS), in KiB; 0 if it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """The server process's CPU time so far (user + system): unlike latency, what a change to
    the server saves shows in it even when other work shares the machine."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(port: int, db: Path, rate: float, root: Path = ROOT) -> subprocess.Popen[str]:
    """``tcg serve`` in a subprocess (the code under ``root``), once it answers HTTP."""
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "tcg.cli.main", "serve", "--port", str(port), "--db", str(db),
                             "--rate", str(rate)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=root)  # cwd: `-m` puts it first on sys.path
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as r:
                r.read()
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                err = proc.stderr.read() if proc.stderr else ""
                raise SystemExit(f"the server did not start: {err[-2000:]}") from None
            time.sleep(0.2)


def address(slot: int, seat: int) -> str:
    """The loopback address of a slot's seat: every bot is a client of its own, as people are
    (the server's caps are per client, docs/reliability.md "Caps")."""
    return f"127.{seat + 1}.{slot // 250}.{slot % 250 + 1}"


def post(port: int, path: str, body: dict[str, Any], source: str = "127.0.0.1") -> dict[str, Any]:
    """A JSON POST from ``source`` (a loopback address: the client it stands for)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=RECV_TIMEOUT, source_address=(source, 0))
    try:
        conn.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        text = r.read()
        if r.status != 200:
            raise ValueError(f"{path}: {r.status} {text[:200]!r}")
        answer: dict[str, Any] = json.loads(text)
    finally:
        conn.close()
    return answer


def stop_server(proc: subprocess.Popen[str]) -> None:
    """Stop the server as Ctrl+C would (its workers too), killing it if it does not stop."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def create_room(port: int, game: str, slot: int = 0) -> tuple[str, list[str]]:
    """A game between people (its seed drawn by the server) and both seats' secrets: seat 0's
    from the answer, seat 1's by exchanging the invitation as the friend would (each from its
    seat's address)."""
    answer = post(port, "/api/rooms", {"game": game, "opponent": "person"}, address(slot, 0))
    joined = post(port, f"/api/rooms/{answer['room']}/join", {"invite": answer["invite"]}, address(slot, 1))
    return answer["room"], [answer["token"], joined["token"]]


class Pace:
    """A client-side token bucket within the server's limit (its rate and half its burst,
    ``Caps``: messages sent apart may arrive together when the server is busy): a well-behaved
    client never trips it."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.burst = max(1.0, min(rate, Caps().burst) / 2)
        self.tokens = self.burst
        self.at = time.monotonic()

    async def wait(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            await asyncio.sleep((1.0 - self.tokens) / self.rate)
            self.tokens = 1.0
            self.at = time.monotonic()
        self.tokens -= 1.0


async def play_seat(port: int, room: str, token: str, stats: Stats, rng: random.Random, deadline: float,
                    rate: float, think: float, source: str = "127.0.0.1") -> None:
    """One seat's bot: hello, then a random legal answer to each of its decisions, until the game
    ends or the time is up."""
    pace = Pace(rate * 0.9)
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{room}", max_size=None, open_timeout=RECV_TIMEOUT,
                                  ping_interval=None, local_addr=(source, 0)) as ws:
        await pace.wait()  # the hello counts against the client's rate too
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=RECV_TIMEOUT)
            except TimeoutError:
                stats.error(f"timeout: room {room} sent nothing for {RECV_TIMEOUT:.0f} s")
                return
            got = time.perf_counter()
            msg = json.loads(raw)
            if msg.get("type") != "state":
                stats.error(f"room {room}: {msg.get('code')}: {msg.get('message')}")
                return
            if sent_at is not None:
                stats.latencies.append(got - sent_at)
                stats.actions += 1
                sent_at = None
            if msg["over"]:
                return
            if msg["actions"]:
                if time.monotonic() >= deadline:
                    return
                if think > 0:  # a person's pause: uniform in [0, 2 * think], not latency
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                await pace.wait()
                act = {"type": "act", "decision_id": msg["decision_id"], "action": rng.randrange(len(msg["actions"]))}
                sent_at = time.perf_counter()
                await ws.send(json.dumps(act))


async def play_slot(slot: int, port: int, games: list[str], stats: Stats, deadline: float, rate: float,
                    think: float, ramp: float = 0.0, slots: int = 1) -> None:
    """One of the N concurrent games: a new room each time the last one ends."""
    rng = random.Random(slot)
    await asyncio.sleep(ramp * slot / slots)  # people arrive over the ramp, not in one instant
    n = 0
    while time.monotonic() < deadline:
        game = games[(slot + n) % len(games)]
        try:
            room, tokens = await asyncio.to_thread(create_room, port, game, slot)
        except (OSError, urllib.error.URLError, ValueError) as exc:
            stats.error(f"creating a room: {exc}")
            return
        n += 1
        stats.games_started += 1
        seats = [asyncio.ensure_future(play_seat(port, room, t, stats, rng, deadline, rate, think, address(slot, seat)))
                 for seat, t in enumerate(tokens)]
        try:
            done, pending = await asyncio.wait(seats, return_when=asyncio.FIRST_COMPLETED)
            if pending and time.monotonic() < deadline and not any(t.exception() for t in done):
                await asyncio.wait(pending, timeout=RECV_TIMEOUT)
            for task in seats:
                if not task.done():
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
                elif task.exception() is not None:
                    stats.error(f"room {room}: {type(task.exception()).__name__}: {task.exception()}")
                    return
            if time.monotonic() < deadline:
                stats.games_finished += 1
        finally:
            for task in seats:
                task.cancel()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(stats: Stats, elapsed: float) -> str:
    ms = [v * 1000 for v in stats.latencies]
    return (f"{elapsed:5.1f} s: {stats.games_started} games started, {stats.games_finished} finished, "
            f"{stats.actions} actions ({stats.actions / max(elapsed, 1e-9):.0f}/s), "
            f"p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, errors {len(stats.errors)}")


async def progress(stats: Stats, pid: int, start: float, every: float) -> None:
    seen = 0
    while True:
        await asyncio.sleep(every)
        stats.rss_peak_kib = max(stats.rss_peak_kib, rss_kib(pid))
        window = [v * 1000 for v in stats.latencies[seen:]]
        seen = len(stats.latencies)
        print(summary(stats, time.monotonic() - start), f"(p99 {percentile(window, 0.99):.0f} ms since the last line);",
              f"server RSS {rss_kib(pid) / 1024:.0f} MiB", flush=True)


async def run(args: argparse.Namespace, port: int, pid: int) -> Stats:
    games = game_names() if args.game == "all" else [args.game]
    stats = Stats()
    start = time.monotonic()
    deadline = start + args.seconds
    ticker = asyncio.ensure_future(progress(stats, pid, start, max(1.0, min(10.0, args.seconds / 6))))
    try:
        await asyncio.gather(*(play_slot(i, port, games, stats, deadline, args.rate, args.think, args.ramp,
                                         args.games)
                               for i in range(args.games)))
    finally:
        ticker.cancel()
    stats.rss_peak_kib = max(stats.rss_peak_kib, rss_kib(pid))
    return stats


def journal_cost(n: int = 2000) -> float:
    """Microseconds one journal write (an applied action of a game in progress) costs the store."""
    from tcg.web.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "j.sqlite3")
        store.open_live("r", {"game": "duel_masters", "seed": 1})
        t0 = time.perf_counter()
        for i in range(n):
            store.append_action("r", i, {"type": "pass"})
        cost = (time.perf_counter() - t0) / n * 1e6
        store.close()
    return cost


def abuse(args: argparse.Namespace) -> int:
    """``--abuse``: see benchmarks/load_abuse.py."""
    from load_abuse import run_abuse

    if not args.force and args.seconds > MAX_SECONDS:
        raise SystemExit(f"at most {MAX_SECONDS} seconds (or --force)")
    args.flood_rate = args.flood_rate or args.rate
    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, Path(tmp) / "abuse.sqlite3", args.rate, args.server_root)
        try:
            t0, cpu0 = time.monotonic(), cpu_seconds(proc.pid)
            status = run_abuse(args, port)
            print(f"server: {(cpu_seconds(proc.pid) - cpu0) / (time.monotonic() - t0):.0%} of a core "
                  f"(its children aside), RSS {rss_kib(proc.pid) / 1024:.0f} MiB", flush=True)
        finally:
            stop_server(proc)
    return status


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="concurrent games (two bot clients each)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play")
    parser.add_argument("--game", default="duel_masters", help="a game's name, or 'all' (the slots take turns)")
    parser.add_argument("--port", type=int, default=0, help="the server's port (default: a free one)")
    parser.add_argument("--rate", type=float, default=RATE_PER_SECOND,
                        help="the server's per-connection message rate limit (tcg serve --rate)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="a bot's mean pause before each answer, in seconds (0: answer at once, a saturation test)")
    parser.add_argument("--ramp", type=float, default=5.0,
                        help="seconds over which the games start, evenly (0: all at once)")
    parser.add_argument("--server-root", type=Path, default=ROOT,
                        help="the checkout whose server to run (to compare two commits; it must take --rate)")
    parser.add_argument("--force", action="store_true", help=f"allow more than {MAX_GAMES} games or {MAX_SECONDS} s")
    parser.add_argument("--abuse", action="store_true",
                        help="the abuse mode (benchmarks/load_abuse.py): a normal game's round trip and a spectator's "
                             "first state while six searches think and 30 connections of one client flood")
    parser.add_argument("--opponent", default=None, help="--abuse: the searches' opponent (default: the strongest "
                                                         "GET /api/games offers)")
    parser.add_argument("--flood-rate", type=float, default=None,
                        help="--abuse: messages a second each flooding connection sends (default: --rate)")
    parser.add_argument("--searches", type=int, default=6, choices=range(7), metavar="0-6",
                        help="--abuse: rooms against the strongest agent (each its own client)")
    parser.add_argument("--flooders", type=int, default=30, help="--abuse: the flooding client's connections")
    parser.add_argument("--probe-every", type=float, default=1.0, help="--abuse: seconds between spectators joining")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    if args.abuse:
        return abuse(args)
    if args.game != "all" and args.game not in game_names():
        parser.error(f"--game must be 'all' or one of {', '.join(game_names())}")
    if not args.games >= 1 or not args.seconds > 0:
        parser.error("--games must be at least 1 and --seconds more than 0")
    if not args.force and (args.games > MAX_GAMES or args.seconds > MAX_SECONDS):
        parser.error(f"at most {MAX_GAMES} games and {MAX_SECONDS} seconds (or --force)")
    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, Path(tmp) / "load.sqlite3", args.rate, args.server_root)
        try:
            idle = rss_kib(proc.pid)
            print(f"server pid {proc.pid} on 127.0.0.1:{port}, {args.games} games of {args.game} for "
                  f"{args.seconds:.0f} s, think {args.think} s, ramp {args.ramp} s; idle RSS {idle / 1024:.0f} MiB",
                  flush=True)
            t0, cpu0, own0 = time.monotonic(), cpu_seconds(proc.pid), time.process_time()
            stats = asyncio.run(run(args, port, proc.pid))
            elapsed, cpu = time.monotonic() - t0, cpu_seconds(proc.pid) - cpu0
            own = time.process_time() - own0
            end_rss = rss_kib(proc.pid)
            if proc.poll() is not None:
                stats.error(f"the server exited with status {proc.returncode}")
        finally:
            stop_server(proc)
    ms = [v * 1000 for v in stats.latencies]
    print(summary(stats, elapsed))
    print(f"latency: mean {statistics.fmean(ms) if ms else 0:.1f} ms, max {max(ms, default=0):.1f} ms; "
          f"server RSS {end_rss / 1024:.0f} MiB at the end, {stats.rss_peak_kib / 1024:.0f} MiB at most; "
          f"server CPU {cpu / max(stats.actions, 1) * 1000:.2f} ms per action ({cpu / elapsed:.0%} of a core); "
          f"the bots' CPU {own / elapsed:.0%} of a core; journal write {journal_cost():.0f} us per action")
    print(f"p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, errors {len(stats.errors)}")
    return 1 if stats.errors else 0


if __name__ == "__main__":
    sys.exit(main())
