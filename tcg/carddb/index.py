"""An SQLite index of every registered game's packaged cards, for fast search from the CLI.

Why a database: searching five games' pools by colour, cost, race and text should not
re-validate every YAML file on each command. The index lives in a user cache dir (never in
the package), is built on first use and rebuilt whenever a card file (or a game's schema
module) changes, detected by a fingerprint stored in the ``meta`` table.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tcg.carddb.fields import CardFields, card_fields, norm
from tcg.carddb.sets import Coverage, SetList, coverage_rows, load_sets, set_files
from tcg.carddb.validate import load_cards, yaml_files
from tcg.core import registry
from tcg.core.errors import DataError
from tcg.core.game import Game

SCHEMA_VERSION = "6"  # 3: families as races, LV1 BP as power; 4: total cost of a cost mapping; 5: original;
# 6: set lists (``printing``)

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE card (
    game TEXT NOT NULL, name TEXT NOT NULL, name_key TEXT NOT NULL, type TEXT NOT NULL,
    cost INTEGER, power INTEGER, text TEXT NOT NULL, text_key TEXT NOT NULL,
    set_code TEXT NOT NULL, rarity TEXT NOT NULL, source TEXT NOT NULL, line INTEGER,
    json TEXT NOT NULL, original INTEGER NOT NULL, PRIMARY KEY (game, name));
CREATE TABLE card_color (game TEXT NOT NULL, name TEXT NOT NULL, color TEXT NOT NULL,
    color_key TEXT NOT NULL);
CREATE TABLE card_race (game TEXT NOT NULL, name TEXT NOT NULL, race TEXT NOT NULL,
    race_key TEXT NOT NULL);
CREATE TABLE card_keyword (game TEXT NOT NULL, name TEXT NOT NULL, keyword TEXT NOT NULL,
    keyword_key TEXT NOT NULL);
CREATE TABLE printing (game TEXT NOT NULL, set_code TEXT NOT NULL, set_key TEXT NOT NULL,
    set_name TEXT NOT NULL, kind TEXT NOT NULL, number TEXT NOT NULL, name TEXT NOT NULL, rarity TEXT NOT NULL,
    why TEXT, implemented INTEGER NOT NULL, position INTEGER NOT NULL);
CREATE TABLE problem (game TEXT NOT NULL, message TEXT NOT NULL);
CREATE INDEX printing_card ON printing (game, name);
CREATE INDEX printing_set ON printing (game, set_key);
CREATE INDEX card_color_key ON card_color (color_key);
CREATE INDEX card_race_key ON card_race (race_key);
CREATE INDEX card_keyword_key ON card_keyword (keyword_key);
"""


def set_key(code: str) -> str:
    """A set code to look up: ``ST01``, ``st-01`` and ``ST-01`` are the same product."""
    return "".join(ch for ch in code.casefold() if ch.isalnum())


def default_db_path() -> Path:
    """``$TCG_CACHE_DIR/cards.sqlite3``, else ``$XDG_CACHE_HOME`` or ``~/.cache``/tcg-engine/."""
    if os.environ.get("TCG_CACHE_DIR"):
        return Path(os.environ["TCG_CACHE_DIR"]) / "cards.sqlite3"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tcg-engine" / "cards.sqlite3"


@dataclass(frozen=True, kw_only=True)
class CardRow(CardFields):
    """One indexed card: the generic columns, where it is defined, and its full card JSON in ``data``."""

    game: str
    source: str
    line: int | None
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Source:
    name: str
    game: Game | None
    folder: Path | None
    error: str | None = None


def _module_stamp(obj: object) -> str:
    """Size and mtime of the module defining ``obj``: a schema change must rebuild the index."""
    module = sys.modules.get(getattr(obj, "__module__", ""), None)
    file = str(getattr(module, "__file__", None) or "")
    if not file:
        return ""
    try:
        st = os.stat(file)
    except OSError:
        return file
    return f"{file}:{st.st_size}:{st.st_mtime_ns}"


class CardIndex:
    """The card index at ``db_path`` over ``sources`` (game name -> card folder).

    Without ``sources`` every registered game is indexed from its packaged ``cards`` folder;
    a game whose module fails to import is recorded as a problem and skipped.
    """

    def __init__(self, db_path: Path | None = None, sources: Mapping[str, Path] | None = None) -> None:
        self.db_path = Path(db_path) if db_path is not None else default_db_path()
        self.sources = dict(sources) if sources is not None else None

    # ------------------------------------------------------------------ building
    def _sources(self) -> list[_Source]:
        names = sorted(self.sources) if self.sources is not None else registry.game_names()
        out = []
        for name in names:
            try:
                game = registry.load_game(name)
            except Exception as exc:  # a broken game must not break the others
                error = f"cannot load game {name!r}: {type(exc).__name__}: {exc}"
                out.append(_Source(name, None, None, error))
                continue
            folder = self.sources[name] if self.sources is not None else game.package_dir / "cards"
            out.append(_Source(name, game, Path(folder)))
        return out

    def _fingerprint(self, sources: list[_Source]) -> str:
        h = hashlib.sha256(f"schema {SCHEMA_VERSION} {_module_stamp(SetList)}\n".encode())
        for s in sources:
            h.update(f"game {s.name} {s.folder} {s.error}\n".encode())
            if s.game is not None:
                h.update(f"{_module_stamp(type(s.game))} {_module_stamp(s.game.card_model)}\n".encode())
            if s.folder is None:
                continue
            files = [*yaml_files([s.folder]), *set_files(s.folder.parent / "sets")] if s.folder.is_dir() else []
            for path in files:
                try:
                    digest = hashlib.sha256(path.read_bytes()).digest()
                    h.update(f"file {path.parent.name}/{path.name}\n".encode() + digest)
                except OSError as exc:
                    h.update(f"unreadable {path.name} {exc}\n".encode())
        return h.hexdigest()

    def _stored_fingerprint(self) -> str | None:
        if not self.db_path.exists():
            return None
        try:
            with closing(sqlite3.connect(self.db_path)) as db:
                row = db.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
        except sqlite3.Error:
            return None
        return str(row[0]) if row else None

    def ensure(self, force: bool = False) -> bool:
        """Build the index if missing or stale (or when ``force``); return whether it was built."""
        sources = self._sources()
        fingerprint = self._fingerprint(sources)
        if not force and self._stored_fingerprint() == fingerprint:
            return False
        self._build(sources, fingerprint)
        return True

    def rebuild(self) -> None:
        self.ensure(force=True)

    def _build(self, sources: list[_Source], fingerprint: str) -> None:
        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        # Build beside the target and swap it in, so readers never see a half-built index.
        fd, tmp = tempfile.mkstemp(prefix=".cards-", suffix=".sqlite3", dir=self.db_path.parent)
        os.close(fd)
        try:
            with closing(sqlite3.connect(tmp)) as db:
                db.executescript(_SCHEMA)
                for s in sources:
                    self._add_game(db, s)
                db.execute("INSERT INTO meta VALUES ('fingerprint', ?)", (fingerprint,))
                db.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
                db.commit()
            os.replace(tmp, self.db_path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    @staticmethod
    def _add_game(db: sqlite3.Connection, s: _Source) -> None:
        if s.game is None or s.folder is None:
            db.execute("INSERT INTO problem VALUES (?, ?)", (s.name, s.error or "not loaded"))
            return
        if not s.folder.is_dir():
            db.execute("INSERT INTO problem VALUES (?, ?)", (s.name, f"no card folder {s.folder}"))
            return
        loaded = load_cards(s.game, [s.folder])
        for err in loaded.errors:
            db.execute("INSERT INTO problem VALUES (?, ?)", (s.name, str(err)))
        for lc in loaded.cards:
            data = s.game.card_to_json(lc.card)
            f = card_fields(lc.card, data, s.game.card_text(lc.card))
            db.execute("INSERT INTO card VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                       (s.name, f.name, f.name.casefold(), f.type, f.cost, f.power, f.text, f.text.casefold(),
                        f.set_code, f.rarity, str(lc.source), lc.line, json.dumps(data), int(f.original)))
            db.executemany("INSERT INTO card_color VALUES (?,?,?,?)",
                           [(s.name, f.name, c, norm(c)) for c in f.colors])
            db.executemany("INSERT INTO card_race VALUES (?,?,?,?)",
                           [(s.name, f.name, r, r.casefold()) for r in f.races])
            db.executemany("INSERT INTO card_keyword VALUES (?,?,?,?)",
                           [(s.name, f.name, k, norm(k)) for k in f.keywords])
        printed = [str(lc.card.name) for lc in loaded.cards if not getattr(lc.card, "original", False)]
        made_up = [str(lc.card.name) for lc in loaded.cards if getattr(lc.card, "original", False)]
        decks = [p.stem for p in (s.folder.parent / "decks").glob("*.txt")]
        sets = load_sets(s.folder.parent / "sets", printed, made_up, decks)
        for err in sets.errors:
            db.execute("INSERT INTO problem VALUES (?, ?)", (s.name, str(err)))
        done = set(printed)
        position = 0
        for ls in sets.sets:
            for c in ls.data.cards:
                db.execute("INSERT INTO printing VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                           (s.name, ls.data.set, set_key(ls.data.set), ls.data.name, ls.data.kind, c.number,
                            c.name, c.rarity, c.why, int(c.name in done), position))
                position += 1
            for c in ls.data.pending:  # not written yet: no reason, never implemented (``coverage_rows``)
                db.execute("INSERT INTO printing VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                           (s.name, ls.data.set, set_key(ls.data.set), ls.data.name, ls.data.kind, c.number,
                            c.name, c.rarity, None, 0, position))
                position += 1

    # ------------------------------------------------------------------ reading
    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A read connection to an up-to-date index."""
        self.ensure()
        with closing(sqlite3.connect(self.db_path)) as db:
            yield db

    def _check_game(self, game: str | None) -> None:
        known = sorted(self.sources) if self.sources is not None else registry.game_names()
        if game is not None and game not in known:
            raise DataError(f"unknown game {game!r}; known games: {', '.join(known)}")

    def _rows(self, db: sqlite3.Connection, where: str, params: list[Any]) -> list[CardRow]:
        sql = ("SELECT game, name, type, cost, power, text, set_code, rarity, source, line, json, original FROM card"
               f" WHERE {where} ORDER BY game, cost IS NULL, cost, name")
        rows = []
        for record in db.execute(sql, params).fetchall():
            game, name, type_, cost, power, text, set_code, rarity, source, line, data, original = record
            def col(table: str, column: str, game: str = game, name: str = name) -> list[str]:
                q = f"SELECT {column} FROM {table} WHERE game = ? AND name = ? ORDER BY rowid"
                return [r[0] for r in db.execute(q, (game, name))]
            rows.append(CardRow(game=game, name=name, type=type_, cost=cost, power=power,
                                colors=col("card_color", "color"), races=col("card_race", "race"),
                                keywords=col("card_keyword", "keyword"), text=text, set_code=set_code,
                                rarity=rarity, source=source, line=line, data=json.loads(data),
                                original=bool(original)))
        return rows

    def search(
        self,
        game: str | None = None,
        name: str | None = None,
        color: str | None = None,
        type: str | None = None,
        cost_min: int | None = None,
        cost_max: int | None = None,
        keyword: str | None = None,
        race: str | None = None,
        text: str | None = None,
        original: bool | None = None,
        set_code: str | None = None,
        rarity: str | None = None,
    ) -> list[CardRow]:
        """Cards matching every given filter, ordered by game, cost, name.

        ``name``, ``race`` and ``text`` (the printed text) match substrings; ``color``, ``type``
        and ``keyword`` whole words; all case-insensitively (``shield trigger`` finds
        ``shield_trigger``). ``original`` True keeps the cards made up for the engine, False the
        printed ones. ``set_code`` keeps the cards printed in that product (its set list, or the
        card's own set code); ``rarity`` those with that rarity in any printing.
        """
        self._check_game(game)
        where, params = ["1"], []  # type: list[str], list[Any]
        if game is not None:
            where.append("game = ?")
            params.append(game)
        if name:
            where.append("instr(name_key, ?) > 0")
            params.append(name.casefold())
        if text:
            where.append("instr(text_key, ?) > 0")
            params.append(text.casefold())
        if type:
            where.append("lower(replace(type, ' ', '_')) = ?")
            params.append(norm(type))
        if original is not None:
            where.append("original = ?")
            params.append(int(original))
        if cost_min is not None:
            where.append("cost >= ?")
            params.append(cost_min)
        if cost_max is not None:
            where.append("cost <= ?")
            params.append(cost_max)
        for table, column, value in (("card_color", "color_key", color and norm(color)),
                                     ("card_keyword", "keyword_key", keyword and norm(keyword))):
            if value:
                where.append(f"EXISTS (SELECT 1 FROM {table} t"
                             f" WHERE t.game = card.game AND t.name = card.name AND t.{column} = ?)")
                params.append(value)
        _printing_filters(where, params, set_code, rarity)
        if race:
            where.append("EXISTS (SELECT 1 FROM card_race t WHERE t.game = card.game AND t.name = card.name"
                         " AND instr(t.race_key, ?) > 0)")
            params.append(race.casefold())
        with self.connect() as db:
            return self._rows(db, " AND ".join(where), params)

    def show(self, name: str, game: str | None = None) -> CardRow | None:
        """The card called ``name`` (case-insensitive), or None."""
        self._check_game(game)
        where, params = "name_key = ?", [name.casefold()]  # type: str, list[Any]
        if game is not None:
            where, params = where + " AND game = ?", [*params, game]
        with self.connect() as db:
            rows = self._rows(db, where, params)
        return rows[0] if rows else None

    def names(self, game: str | None = None) -> list[str]:
        with self.connect() as db:
            if game is None:
                return [r[0] for r in db.execute("SELECT name FROM card ORDER BY name")]
            return [r[0] for r in db.execute("SELECT name FROM card WHERE game = ? ORDER BY name", (game,))]

    def suggest(self, name: str, game: str | None = None, n: int = 5) -> list[str]:
        """Close names for a failed lookup: difflib matches first, then substring matches."""
        import difflib

        names = self.names(game)
        by_key = {x.casefold(): x for x in names}
        close = [by_key[k] for k in difflib.get_close_matches(name.casefold(), list(by_key), n=n, cutoff=0.6)]
        key = name.casefold()
        close += [x for x in names if key in x.casefold() and x not in close]
        return close[:n]

    def printings(self, game: str, name: str) -> list[dict[str, str]]:
        """Where a card is printed, ``[{"set", "number", "rarity"}]``: from the set lists, else
        (a product without a list yet) the card's own set code, number and rarity."""
        with self.connect() as db:
            rows = db.execute("SELECT set_code, number, rarity FROM printing WHERE game = ? AND name = ?"
                              " ORDER BY position", (game, name)).fetchall()
            if not rows:
                own = db.execute("SELECT set_code, json_extract(json, '$.card_number'), rarity FROM card"
                                 " WHERE game = ? AND name = ?", (game, name)).fetchone()
                rows = [own] if own is not None and any(own) else []
        return [{"set": a or "", "number": b or "", "rarity": c or ""} for a, b, c in rows]

    def first_printings(self, game: str) -> dict[str, dict[str, str]]:
        """Each listed card's first printing in the set lists, by name (one query for a page of cards)."""
        with self.connect() as db:
            rows = db.execute("SELECT name, set_code, number, rarity FROM printing WHERE game = ?"
                              " ORDER BY position DESC", (game,)).fetchall()
        return {name: {"set": a, "number": b, "rarity": c} for name, a, b, c in rows}

    def sets(self, game: str) -> list[Coverage]:
        """Each product of ``game`` with a set list: its cards, how many are implemented, the rest and why."""
        self._check_game(game)
        with self.connect() as db:
            rows = db.execute("SELECT set_code, set_name, kind, name, why, implemented FROM printing"
                              " WHERE game = ? ORDER BY position", (game,)).fetchall()
        keys = ("set", "set_name", "kind", "name", "why", "implemented")
        return coverage_rows(dict(zip(keys, r, strict=True)) for r in rows)

    def problems(self, game: str | None = None) -> list[tuple[str, str]]:
        """What could not be indexed (a game that fails to import, a bad card file), as (game, message)."""
        with self.connect() as db:
            rows = db.execute("SELECT game, message FROM problem ORDER BY rowid").fetchall()
        return [(g, m) for g, m in rows if game is None or g == game]

    def stats(self) -> dict[str, int]:
        """Card count per game."""
        with self.connect() as db:
            return dict(db.execute("SELECT game, count(*) FROM card GROUP BY game ORDER BY game").fetchall())


def _printing_filters(where: list[str], params: list[Any], set_code: str | None, rarity: str | None) -> None:
    """A product (its set list, or the card's own code: ``LOB`` finds ``LOB-005``) and a rarity."""
    if set_code:
        where.append("(EXISTS (SELECT 1 FROM printing t WHERE t.game = card.game AND t.name = card.name"
                     " AND t.set_key = ?) OR lower(card.set_code) = ? OR instr(lower(card.set_code), ?) = 1)")
        params += [set_key(set_code), set_code.casefold(), set_code.casefold() + "-"]
    if rarity:
        where.append("(EXISTS (SELECT 1 FROM printing t WHERE t.game = card.game AND t.name = card.name"
                     " AND lower(t.rarity) = ?) OR lower(card.rarity) = ?)")
        params += [rarity.casefold(), rarity.casefold()]


def search(
    game: str | None = None,
    name: str | None = None,
    color: str | None = None,
    type: str | None = None,
    cost_min: int | None = None,
    cost_max: int | None = None,
    keyword: str | None = None,
    race: str | None = None,
    text: str | None = None,
    original: bool | None = None,
    set_code: str | None = None,
    rarity: str | None = None,
) -> list[CardRow]:
    """Search the default index (see :meth:`CardIndex.search`)."""
    return CardIndex().search(game=game, name=name, color=color, type=type, cost_min=cost_min,
                              cost_max=cost_max, keyword=keyword, race=race, text=text, original=original,
                              set_code=set_code, rarity=rarity)


def show(name: str, game: str | None = None) -> CardRow | None:
    """Look a card up by exact name in the default index."""
    return CardIndex().show(name, game)


def rebuild() -> None:
    """Force a rebuild of the default index."""
    CardIndex().rebuild()
