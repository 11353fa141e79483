"""Rooms freed (issue 35 item 6): a game nobody plays any more is ended and a finished one dropped
from memory, so that what the server holds is bounded by what is being played.

Why: rooms used to stay in memory forever, finished or not. Now, every ``Caps.sweep_seconds``:

- a game in progress that nobody is connected to and nobody has acted in (an agent's move counts)
  for ``Caps.abandoned_seconds`` (30 minutes) is ended and stored like any finished game, with
  the reason ``abandoned`` (its replay in /api/replays), then dropped;
- a finished game nobody is connected to is dropped ``Caps.finished_seconds`` (5 minutes) after its
  end; SQLite keeps it.

The sweep runs in a worker thread: ending a game takes the room's lock, which an agent's turn may
hold, and the event loop must never wait for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from tcg.web.caps import Caps, Ledger
from tcg.web.rooms import Room, Rooms

ABANDONED = "abandoned"


def end_abandoned(rooms: Rooms, room: Room, caps: Caps) -> bool:
    """End ``room`` as abandoned if it still is (nobody acted meanwhile); store it and drop it."""
    with room.lock:
        if room.state.game_over or room.stored_as is not None:
            return False
        if time.monotonic() - room.active_at < caps.abandoned_seconds:
            return False
        if rooms.store is not None and room.puzzle is None:
            rep = room.replay()
            rep.result = {"winner": None, "reason": ABANDONED, "turns": room.state.turn,
                          "actions": len(room.state.history)}
            room.stored_as = rooms.store.add(rep, [s.label for s in room.seats], live_room=room.id)
    rooms.drop(room.id)
    return True


def idle_rooms(rooms: Rooms, ledger: Ledger, caps: Caps, now: float) -> tuple[list[Room], list[Room]]:
    """(games in progress to end as abandoned, finished games to drop): rooms nobody is connected
    to, idle for long enough. Read on the event loop (the ledger is the loop's)."""
    abandoned, finished = [], []
    for room in list(rooms.rooms.values()):
        if ledger.watched(room.id):
            continue
        idle = now - room.active_at
        if room.state.game_over:
            if idle >= caps.finished_seconds:
                finished.append(room)
        elif idle >= caps.abandoned_seconds:
            abandoned.append(room)
    return abandoned, finished


def free(rooms: Rooms, abandoned: list[Room], finished: list[Room], caps: Caps) -> int:
    """End the abandoned games and drop the finished ones; how many rooms were freed."""
    for room in finished:
        rooms.store_if_over(room)  # stored already, unless it ended in a way nothing noticed
        rooms.drop(room.id)
    return len(finished) + sum(end_abandoned(rooms, room, caps) for room in abandoned)


async def sweep(rooms: Rooms, ledger: Ledger, caps: Caps) -> int:
    abandoned, finished = idle_rooms(rooms, ledger, caps, time.monotonic())
    ledger.sweep()
    if not abandoned and not finished:
        return 0
    return await asyncio.to_thread(free, rooms, abandoned, finished, caps)


async def sweep_forever(rooms: Rooms, ledger: Ledger, caps: Caps) -> None:
    while True:
        await asyncio.sleep(caps.sweep_seconds)
        await sweep(rooms, ledger, caps)


def lifespan(rooms: Rooms, ledger: Ledger, caps: Caps,
             on_stop: Callable[[], None] | None = None) -> Callable[[Any], AbstractAsyncContextManager[None]]:
    """The application's lifespan: the sweep runs while the server does; ``on_stop`` (the
    agents' worker processes) is closed when it stops."""

    @asynccontextmanager
    async def running(_app: Any) -> AsyncIterator[None]:
        task = asyncio.ensure_future(sweep_forever(rooms, ledger, caps))
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            if on_stop is not None:
                on_stop()

    return running
