"""Finished games, kept in one SQLite file with their replays (the embedded default).

A stored game is its replay (seed, decks, actions, concession) plus the facts a list shows;
the replay viewer re-creates any position from it, so nothing else needs storing.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from tcg.sim.replay import Replay

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    finished REAL NOT NULL,
    labels TEXT NOT NULL,
    winner TEXT,
    reason TEXT,
    actions INTEGER NOT NULL,
    replay TEXT NOT NULL
)
"""


class Store:
    """The SQLite file of finished games (one connection, guarded: the server has threads)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, check_same_thread=False)
        self.lock = threading.Lock()
        with self.lock, self.db:
            self.db.execute(SCHEMA)

    def add(self, replay: Replay, labels: list[str]) -> int:
        result = replay.result or {}
        with self.lock, self.db:
            cur = self.db.execute(
                "INSERT INTO games (game, finished, labels, winner, reason, actions, replay)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (replay.game, time.time(), json.dumps(labels), json.dumps(result.get("winner")),
                 str(result.get("reason", "")), len(replay.actions), json.dumps(replay.to_json())))
        return int(cur.lastrowid or 0)

    def list(self, limit: int = 100) -> list[dict[str, Any]]:
        with self.lock:
            rows = self.db.execute("SELECT id, game, finished, labels, winner, reason, actions FROM games "
                                   "ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
        return [{"id": r[0], "game": r[1], "finished": r[2], "labels": json.loads(r[3]), "winner": json.loads(r[4]),
                 "reason": r[5], "actions": r[6]} for r in rows]

    def replay(self, game_id: int) -> Replay | None:
        with self.lock:
            row = self.db.execute("SELECT replay FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else Replay.from_json(json.loads(row[0]), source=f"stored game {game_id}")

    def close(self) -> None:
        self.db.close()
