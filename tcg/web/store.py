"""Finished games and saved decks, kept in one SQLite file (the embedded default).

A stored game is its replay (seed, decks, actions, concession) plus the facts a list shows;
the replay viewer re-creates any position from it, so nothing else needs storing. A saved deck
is its text, in the format ``tcg deck check`` reads: what the deck builder exports is what it
stores, so a deck never has two encodings.

A game in progress is kept too, so that a restarted server resumes it: its start (seed, decks,
labels, seat tokens, the agent's spec) once in ``live``, then one row per applied action in
``live_actions`` (an append, not a rewrite: a write costs tens of microseconds). When it ends it
moves to ``games`` in the same transaction, so a finished game is never lost nor kept twice.
The file is in WAL mode: a write does not block the readers, and a crash loses no committed one.
It and its ``-wal`` / ``-shm`` files are readable by their owner only (:func:`owner_only`): they
hold the keys of games in progress. Seat secrets are kept as digests (:mod:`tcg.web.digests`).
"""

from __future__ import annotations

import builtins
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from tcg.sim.replay import Replay

Json = dict[str, Any]

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
);
CREATE TABLE IF NOT EXISTS decks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    cards INTEGER NOT NULL,
    legal INTEGER NOT NULL,
    saved REAL NOT NULL,
    owner TEXT,
    UNIQUE (owner, game, name)
);
CREATE TABLE IF NOT EXISTS live (
    room TEXT PRIMARY KEY,
    started REAL NOT NULL,
    spec TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS live_actions (
    room TEXT NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (room, n)
);
"""


class Store:
    """The SQLite file of finished games (one connection, guarded: the server has threads)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            owner_only(self.path)
        self.db = sqlite3.connect(self.path, check_same_thread=False)
        self.lock = threading.Lock()
        with self.lock, self.db:
            if self.path != ":memory:":
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at each checkpoint, never corrupt
            _own_decks(self.db)
            self.db.executescript(SCHEMA)
        if self.path != ":memory:":
            owner_only(self.path)  # the -wal and -shm files an earlier server left, too

    @property
    def journal_mode(self) -> str:
        with self.lock:
            return str(self.db.execute("PRAGMA journal_mode").fetchone()[0])

    def add(self, replay: Replay, labels: list[str], live_room: str | None = None) -> int:
        """Store a finished game; ``live_room``: the game in progress it was, forgotten in the same
        transaction."""
        result = replay.result or {}
        with self.lock, self.db:
            if live_room is not None:
                self.db.execute("DELETE FROM live WHERE room = ?", (live_room,))
                self.db.execute("DELETE FROM live_actions WHERE room = ?", (live_room,))
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

    # ------------------------------------------------------------------ games in progress
    def open_live(self, room: str, spec: Json) -> None:
        """A game in progress starts: what re-creates it (see :meth:`live_games`)."""
        with self.lock, self.db:
            self.db.execute("INSERT OR REPLACE INTO live (room, started, spec) VALUES (?, ?, ?)",
                            (room, time.time(), json.dumps(spec)))

    def update_live(self, room: str, spec: Json) -> None:
        """A game in progress's start, written again (its seats' digests or invitation changed)."""
        with self.lock, self.db:
            self.db.execute("UPDATE live SET spec = ? WHERE room = ?", (json.dumps(spec), room))

    def append_action(self, room: str, n: int, action: Json) -> None:
        """The ``n``-th action applied in a game in progress."""
        with self.lock, self.db:
            self.db.execute("INSERT OR REPLACE INTO live_actions (room, n, action) VALUES (?, ?, ?)",
                            (room, n, json.dumps(action, separators=(",", ":"))))

    def truncate_live(self, room: str, n: int) -> None:
        """A game in progress goes back to its first ``n`` actions (an undo): the later ones go."""
        with self.lock, self.db:
            self.db.execute("DELETE FROM live_actions WHERE room = ? AND n >= ?", (room, n))

    def labels(self, game_id: int) -> builtins.list[str] | None:
        """A stored game's deck labels (seat 0's, seat 1's), None if there is no such game."""
        with self.lock:
            row = self.db.execute("SELECT labels FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else [str(x) for x in json.loads(row[0])]

    def live_games(self) -> builtins.list[tuple[str, Json, builtins.list[Json]]]:
        """Every game in progress: its room, its start and its actions in order."""
        games = (self.live_game(room) for room in self.live_ids())
        return [g for g in games if g is not None]

    def live_ids(self) -> builtins.list[str]:
        """The rooms of the games in progress, oldest first (one quick query: a restart knows
        which rooms it is resuming before it listens)."""
        with self.lock:
            return [str(r[0]) for r in self.db.execute("SELECT room FROM live ORDER BY started").fetchall()]

    def live_game(self, room: str) -> tuple[str, Json, builtins.list[Json]] | None:
        """One game in progress (None if it is no longer in progress); the lock is held for it
        alone, so resuming thousands does not hold up the games being played."""
        with self.lock:
            row = self.db.execute("SELECT spec FROM live WHERE room = ?", (room,)).fetchone()
            if row is None:
                return None
            acts = self.db.execute("SELECT action FROM live_actions WHERE room = ? ORDER BY n", (room,)).fetchall()
        return room, json.loads(row[0]), [json.loads(a[0]) for a in acts]

    def drop_live(self, room: str) -> None:
        with self.lock, self.db:
            self.db.execute("DELETE FROM live WHERE room = ?", (room,))
            self.db.execute("DELETE FROM live_actions WHERE room = ?", (room,))

    # ------------------------------------------------------------------ decks
    # Every deck has an owner (a browser's hashed identity, tcg.web.identity) and only its owner
    # lists, reads, replaces or deletes it. Decks saved before owners existed have none: they
    # are listed to nobody (a file's old decks cannot be told apart by browser).
    def save_deck(self, owner: str, game: str, name: str, text: str, cards: int, legal: bool) -> int:
        """Store ``owner``'s deck under its name (saving a name again replaces that owner's deck
        of that name, never another's); return its id."""
        with self.lock, self.db:
            self.db.execute(
                "INSERT INTO decks (owner, game, name, text, cards, legal, saved) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (owner, game, name) DO UPDATE SET text = excluded.text, cards = excluded.cards,"
                " legal = excluded.legal, saved = excluded.saved",
                (owner, game, name, text, cards, int(legal), time.time()))
            row = self.db.execute("SELECT id FROM decks WHERE owner = ? AND game = ? AND name = ?",
                                  (owner, game, name)).fetchone()
        return int(row[0])

    def decks(self, owner: str, game: str | None = None) -> builtins.list[Json]:
        """``owner``'s saved decks, a game's (or all), by name: id, game, name, card count, whether legal."""
        sql = "SELECT id, game, name, cards, legal, saved FROM decks WHERE owner = ?"
        with self.lock:
            rows = (self.db.execute(sql + " AND game = ? ORDER BY name", (owner, game)) if game is not None
                    else self.db.execute(sql + " ORDER BY game, name", (owner,))).fetchall()
        return [{"id": r[0], "game": r[1], "name": r[2], "cards": r[3], "legal": bool(r[4]), "saved": r[5]}
                for r in rows]

    def deck(self, deck_id: int, owner: str) -> dict[str, Any] | None:
        """``owner``'s deck ``deck_id`` (None if there is none, or it is another's)."""
        with self.lock:
            r = self.db.execute("SELECT id, game, name, text, cards, legal FROM decks WHERE id = ? AND owner = ?",
                                (deck_id, owner)).fetchone()
        return None if r is None else {"id": r[0], "game": r[1], "name": r[2], "text": r[3], "cards": r[4],
                                       "legal": bool(r[5])}

    def delete_deck(self, deck_id: int, owner: str) -> bool:
        with self.lock, self.db:
            return self.db.execute("DELETE FROM decks WHERE id = ? AND owner = ?", (deck_id, owner)).rowcount > 0

    def close(self) -> None:
        self.db.close()


def _own_decks(db: sqlite3.Connection) -> None:
    """Give a file's ``decks`` table from before owners its ``owner`` column, unique per owner:
    SQLite cannot change a constraint in place, so the table is copied (its rows ownerless)."""
    columns = [row[1] for row in db.execute("PRAGMA table_info(decks)")]
    if not columns or "owner" in columns:
        return
    db.execute("BEGIN")  # one transaction (DDL included): the store's ``with`` commits it
    db.execute("ALTER TABLE decks RENAME TO decks_before_owners")
    db.execute(next(s for s in SCHEMA.split(";") if "EXISTS decks (" in s))
    db.execute("INSERT INTO decks (id, game, name, text, cards, legal, saved, owner) "
               "SELECT id, game, name, text, cards, legal, saved, NULL FROM decks_before_owners")
    db.execute("DROP TABLE decks_before_owners")


def owner_only(path: str) -> None:
    """Create the database file readable and writable by its owner only (0600), or make an
    existing one (and its ``-wal`` / ``-shm`` files) so. SQLite creates the ``-wal`` and ``-shm``
    files with the database file's mode, so a new store is private from its first byte."""
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for name in (path, path + "-wal", path + "-shm"):
        if os.path.exists(name):
            os.chmod(name, 0o600)
