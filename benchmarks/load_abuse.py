"""``load.py --abuse``: what one normal player and one spectator get while the server is abused
(issue 35, "Measured").

While six searches think at the strongest level the server offers (six rooms, each from its own
client, 127.0.0.2-7, whose bot answers the agent at once so that it thinks nearly all the time)
and 30 WebSocket connections of one client (127.0.0.9) each send ``lang`` messages (a whole state
rebuilt per message) at ``--flood-rate`` a second (default ``--rate``, what one connection was
allowed before the rate was per client), the mode measures from other clients:

- a normal game against the rule agent (127.0.0.20; an answer after a pause of 0 to
  2 x ``--think`` s): the action round trip, ``act`` sent to the next ``state``;
- a spectator joining a room whose agent is thinking, every ``--probe-every`` s, each from a
  new address (127.0.1.x): from opening the connection to its first ``state``.

The attack runs in a child process, so that its bots' work does not delay the measuring ones'.
The strongest level is read from ``GET /api/games`` (its ``agents``: the last search one; or
``--opponent``). Target: both p99 under 100 ms; the exit status is 1 if one is missed or on any
error. Clients are told apart by address: each binds its sockets to its own 127.x address.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import multiprocessing
import random
import time
from dataclasses import dataclass, field
from typing import Any

import websockets

SEARCHERS = [f"127.0.0.{i}" for i in range(2, 8)]
ATTACKER = "127.0.0.9"
PLAYER = "127.0.0.20"
TARGET_MS = 100.0
TIMEOUT = 60.0


def request(port: int, method: str, path: str, source: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """One HTTP request from ``source`` (a loopback address: another client)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT, source_address=(source, 0))
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
        answer = conn.getresponse()
        text = answer.read().decode()
        if answer.status != 200:
            raise RuntimeError(f"{method} {path}: {answer.status} {text[:200]}")
        return dict(json.loads(text))
    finally:
        conn.close()


def strongest(agents: list[str]) -> str:
    """The strongest opponent a server's list offers: its last search (not random, not rule)."""
    searches = [a for a in agents if a.split(":")[0] not in ("random", "random_by_type", "rule", "person")]
    return searches[-1] if searches else agents[-1]


def connect(port: int, room: str, source: str) -> Any:
    return websockets.connect(f"ws://127.0.0.1:{port}/ws/{room}", local_addr=(source, 0), max_size=None,
                              open_timeout=TIMEOUT, ping_interval=None, close_timeout=1)


def token(url: str) -> str:
    return url.split("#seat=", 1)[1]


# ---------------------------------------------------------------------------- the attack (a child process)
async def searcher(port: int, source: str, opponent: str, deadline: float, thinking: Any, slot: int,
                   counts: dict[str, int]) -> None:
    """A room against ``opponent`` whose seat 0 answers at once, so that its agent keeps thinking;
    ``thinking[slot]`` holds the room's index while its agent thinks (0 while it waits)."""
    rng = random.Random(slot)
    while time.monotonic() < deadline:
        answer = await asyncio.to_thread(request, port, "POST", "/api/rooms", source,
                                         {"game": "duel_masters", "opponent": opponent})
        counts["search_rooms"] += 1
        async with connect(port, answer["room"], source) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token(answer["url"])}))
            thinking[slot] = 0.0
            with contextlib.suppress(TimeoutError):
                while time.monotonic() < deadline:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                    if msg.get("type") != "state" or msg["over"]:
                        break
                    if msg["actions"]:
                        thinking[slot] = 0.0
                        await ws.send(json.dumps({"type": "act", "decision_id": msg["decision_id"],
                                                  "action": rng.randrange(len(msg["actions"]))}))
                        ROOMS[slot] = answer["room"]
                        thinking[slot] = 1.0
                        counts["search_turns"] += 1
        thinking[slot] = 0.0


ROOMS: dict[int, str] = {}


async def flooder(port: int, room: str, rate: float, deadline: float, counts: dict[str, int]) -> None:
    """One of the attacker's connections: ``lang`` messages at ``rate`` a second, the answers read
    unparsed; closed by the server, it comes back a second later."""
    langs = ["it", "en"]
    while time.monotonic() < deadline:
        try:
            async with connect(port, room, ATTACKER) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None}))

                async def drain() -> None:
                    async for raw in ws:
                        counts["flood_answered"] += 1
                        if '"code":"rate"' in str(raw)[:120].replace(" ", ""):
                            counts["flood_rate_errors"] += 1

                reading = asyncio.ensure_future(drain())
                try:
                    while time.monotonic() < deadline and not reading.done():
                        await ws.send(json.dumps({"type": "lang", "lang": langs[counts["flood_sent"] % 2]}))
                        counts["flood_sent"] += 1
                        await asyncio.sleep(1.0 / rate)
                finally:
                    reading.cancel()
        except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as exc:
            rcvd = getattr(exc, "rcvd", None)
            key = f"flood_{type(exc).__name__}" + (f"_{rcvd.code}" if rcvd is not None else "")
            counts[key] = counts.get(key, 0) + 1
        counts["flood_closed"] += 1
        await asyncio.sleep(1.0)


async def attack(port: int, opponent: str, rate: float, seconds: float, thinking: Any, rooms: Any,
                 ready: Any, stop: Any, sizes: tuple[int, int]) -> dict[str, int]:
    counts: dict[str, int] = dict.fromkeys(["search_rooms", "search_turns", "flood_sent", "flood_answered",
                                            "flood_rate_errors", "flood_closed"], 0)
    deadline = time.monotonic() + seconds
    target = await asyncio.to_thread(request, port, "POST", "/api/rooms", ATTACKER,
                                     {"game": "duel_masters", "opponent": "person"})
    tasks = [asyncio.ensure_future(searcher(port, source, opponent, deadline, thinking, i, counts))
             for i, source in enumerate(SEARCHERS[:sizes[0]])]
    tasks += [asyncio.ensure_future(flooder(port, target["room"], rate, deadline, counts))
              for _ in range(sizes[1])]

    async def publish() -> None:  # the rooms to the measuring process, until it says stop
        while time.monotonic() < deadline and not stop.is_set():
            for slot, room in ROOMS.items():
                rooms[slot] = room
            if len(ROOMS) == sizes[0]:
                ready.set()
            await asyncio.sleep(0.05)

    publisher = asyncio.ensure_future(publish())
    await asyncio.wait([publisher], timeout=seconds + TIMEOUT)
    for task in tasks:
        task.cancel()
    for result in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(result, Exception):
            counts[f"attack error: {result!r}"[:160]] = 1
    return counts


def attack_process(port: int, opponent: str, rate: float, seconds: float, thinking: Any, rooms: Any, ready: Any,
                   stop: Any, out: Any, sizes: tuple[int, int]) -> None:
    out.put(asyncio.run(attack(port, opponent, rate, seconds, thinking, rooms, ready, stop, sizes)))


# ---------------------------------------------------------------------------- what is measured
@dataclass
class Measured:
    actions: list[float] = field(default_factory=list)
    spectators: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def error(self, what: str) -> None:
        self.errors.append(what)
        if len(self.errors) <= 5:
            print(f"  error: {what}", flush=True)


async def player(port: int, think: float, rate: float, deadline: float, seen: Measured) -> None:
    """A normal game against the rule agent, a new one when it ends: the action round trips. It
    answers within the server's rate, as a person does."""
    rng = random.Random(20)
    while time.monotonic() < deadline:
        answer = await asyncio.to_thread(request, port, "POST", "/api/rooms", PLAYER,
                                         {"game": "duel_masters", "opponent": "rule"})
        async with connect(port, answer["room"], PLAYER) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token(answer["url"])}))
            sent: float | None = None
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                if msg.get("type") != "state":
                    seen.error(f"the player got {msg.get('code')}: {msg.get('message')}")
                    return
                if sent is not None:
                    seen.actions.append(time.perf_counter() - sent)
                    sent = None
                if msg["over"] or time.monotonic() >= deadline:
                    break
                if msg["actions"]:
                    await asyncio.sleep(max(rng.uniform(0, 2 * think), 1.25 / rate))
                    sent = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "decision_id": msg["decision_id"],
                                              "action": rng.randrange(len(msg["actions"]))}))


async def spectators(port: int, every: float, deadline: float, thinking: Any, rooms: Any, seen: Measured) -> None:
    """Every ``every`` s, a new client joins a room whose agent is thinking: connection to first state."""
    for k in range(1, 250):
        await asyncio.sleep(every)
        if time.monotonic() >= deadline:
            return
        busy = [slot for slot in range(len(SEARCHERS)) if thinking[slot] and rooms.get(slot)]
        if not busy:
            continue
        start = time.perf_counter()
        try:
            async with connect(port, rooms[busy[k % len(busy)]], f"127.0.1.{k}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": None}))
                msg = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as exc:
            seen.error(f"a spectator: {type(exc).__name__}: {exc}")
            continue
        if msg.get("type") != "state":
            seen.error(f"a spectator got {msg.get('code')}: {msg.get('message')}")
            continue
        seen.spectators.append(time.perf_counter() - start)


async def measure(port: int, args: Any, thinking: Any, rooms: Any) -> Measured:
    seen = Measured()
    deadline = time.monotonic() + args.seconds
    tasks = [player(port, args.think, args.rate, deadline, seen),
             spectators(port, args.probe_every, deadline, thinking, rooms, seen)]
    for result in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(result, BaseException):
            seen.error(f"{type(result).__name__}: {result}")
    return seen


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


def run_abuse(args: Any, port: int) -> int:
    """The mode's whole run against the server on ``port``; the exit status."""
    agents = request(port, "GET", "/api/games", PLAYER)["agents"]
    opponent = args.opponent or strongest(agents)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager:
        thinking, rooms, ready, out = ctx.Array("d", len(SEARCHERS)), manager.dict(), ctx.Event(), ctx.Queue()
        stop = ctx.Event()
        warmup = TIMEOUT
        child = ctx.Process(target=attack_process, args=(port, opponent, args.flood_rate, args.seconds + warmup,
                                                         thinking, rooms, ready, stop, out,
                                                         (args.searches, args.flooders)), daemon=True)
        child.start()
        print(f"abuse: {args.searches} rooms against {opponent!r} (the server offers {agents}), "
              f"{args.flooders} connections of {ATTACKER} sending 'lang' at {args.flood_rate:g}/s each; "
              f"measuring for {args.seconds:.0f} s once every search room is up", flush=True)
        t0 = time.monotonic()
        if not ready.wait(warmup):
            print(f"  not every search room was up after {warmup:.0f} s; measuring anyway", flush=True)
        print(f"  search rooms up after {time.monotonic() - t0:.1f} s", flush=True)
        seen = asyncio.run(measure(port, args, thinking, rooms))
        stop.set()
        counts: dict[str, int] = {}
        with contextlib.suppress(Exception):
            counts = out.get(timeout=args.seconds + 2 * warmup)
        child.join(10)
        if child.is_alive():
            child.terminate()
    return report(seen, counts)


def report(seen: Measured, counts: dict[str, int]) -> int:
    action99, spectator99 = percentile(seen.actions, 0.99), percentile(seen.spectators, 0.99)
    print(f"the attack: {counts}")
    print(f"normal game vs rule: {len(seen.actions)} actions, p50 {percentile(seen.actions, 0.5):.1f} ms, "
          f"p99 {action99:.1f} ms, max {max(seen.actions, default=0) * 1000:.1f} ms")
    print(f"spectator joining a thinking room: {len(seen.spectators)} joins, first state p50 "
          f"{percentile(seen.spectators, 0.5):.1f} ms, p99 {spectator99:.1f} ms, "
          f"max {max(seen.spectators, default=0) * 1000:.1f} ms")
    for name, values in (("round trips", seen.actions), ("first states", seen.spectators)):
        slowest = ", ".join(f"{v * 1000:.0f}" for v in sorted(values)[-5:][::-1])
        print(f"  slowest {name}: {slowest} ms")
    missed = [name for name, value in (("action round trip", action99), ("spectator's first state", spectator99))
              if not value < TARGET_MS]
    print(f"action p99 {action99:.1f} ms, spectator first state p99 {spectator99:.1f} ms (targets < {TARGET_MS:.0f} "
          f"ms{'; missed: ' + ', '.join(missed) if missed else ''}), errors {len(seen.errors)}")
    return 1 if missed or seen.errors else 0
