"""Results as data: one row per game, the same columns in Parquet and CSV.

Why one schema module: the simulator writes these rows, ``--resume`` reads them back, and
``tcg report`` / ``tcg tournament`` read them - on any backend, so a run started on a laptop
can be resumed on a cluster and reported anywhere. Parquet (pyarrow) keeps the types and the
per-player lists of cards played; CSV writes a list as a JSON array in one cell.

A row (:data:`COLUMNS`, in this order):

- ``index``: the game's place in its run; ``master_seed``: the run's seed; ``seed``: the game's
  own engine seed, derived from both (:func:`tcg.sim.work.game_seed`);
- ``game``, ``deck_0``, ``deck_1`` (deck labels), ``agent_0``, ``agent_1`` (agent specs with
  their options, ``ismcts:iterations=500``), ``options`` (the game options as sorted JSON);
- ``outcome``: ``win``, ``draw``, ``unfinished`` (cut at the action limit) or ``error``;
  ``winner``: 0 or 1, -1 when nobody won; ``winner_deck``; ``reason`` (how it ended);
- ``turns``, ``actions``, ``first_player``, ``seconds``;
- ``error``: the traceback of a game that raised (empty otherwise);
- per player P in 0, 1: ``pP_cards_played`` (cards the player put into play or cast from
  their hand), ``pP_damage_dealt`` (what the opponent lost of the game's life measure),
  ``pP_played`` (the names of those cards, in order);
- ``replay``: the replay file's path, when replays were saved.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tcg.core.errors import TcgError

#: Column name -> type: ``int``, ``float``, ``str`` or ``list`` (a list of card names).
COLUMNS: dict[str, str] = {
    "index": "int", "master_seed": "int", "seed": "int", "game": "str",
    "deck_0": "str", "deck_1": "str", "agent_0": "str", "agent_1": "str", "options": "str",
    "outcome": "str", "winner": "int", "winner_deck": "str", "reason": "str",
    "turns": "int", "actions": "int", "first_player": "int", "seconds": "float", "error": "str",
    "p0_cards_played": "int", "p1_cards_played": "int", "p0_damage_dealt": "int", "p1_damage_dealt": "int",
    "p0_played": "list", "p1_played": "list", "replay": "str",
}
OUTCOMES = ("win", "draw", "unfinished", "error")
FORMATS = (".parquet", ".csv")

Row = dict[str, Any]


class ResultsError(TcgError):
    """A results file that cannot be read or written as asked (its path and what was expected)."""


def results_format(path: str | Path) -> str:
    """``parquet`` or ``csv`` by the file's suffix; anything else is an error naming both."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ResultsError(f"{path}: a results file ends in .parquet or .csv, not {suffix or 'no suffix'!r}")
    return suffix[1:]


def check_row(row: Mapping[str, Any], where: str = "row") -> Row:
    """A row with every column, each of its type (a precise error otherwise)."""
    missing = [c for c in COLUMNS if c not in row]
    if missing:
        raise ResultsError(f"{where}: missing column(s) {', '.join(missing)}")
    out: Row = {}
    for name, kind in COLUMNS.items():
        out[name] = _typed(row[name], kind, f"{where}, column {name}")
    if out["outcome"] not in OUTCOMES:
        raise ResultsError(f"{where}, column outcome: expected one of {', '.join(OUTCOMES)}, got {out['outcome']!r}")
    return out


def _typed(value: Any, kind: str, where: str) -> Any:
    try:
        if kind == "int":
            return int(value)
        if kind == "float":
            return float(value)
        if kind == "str":
            return "" if value is None else str(value)
        if isinstance(value, str):  # a CSV cell: a JSON array
            value = json.loads(value) if value else []
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise ValueError("not a list of card names")
        return list(value)
    except (TypeError, ValueError) as exc:
        raise ResultsError(f"{where}: expected {kind}, got {value!r} ({exc})") from None


# ---------------------------------------------------------------------- writing
def write_results(path: str | Path, rows: Iterable[Mapping[str, Any]]) -> None:
    """Write every row to ``path`` (Parquet or CSV by its suffix), replacing the file.

    The file is written next to its final place and renamed over it, so an interrupted write
    never leaves half a results file behind (``--resume`` reads the old one intact)."""
    kind = results_format(path)
    path = Path(path)
    checked = [check_row(r, f"row {i}") for i, r in enumerate(rows)]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    if kind == "parquet":
        _write_parquet(tmp, checked)
    else:
        _write_csv(tmp, checked)
    tmp.replace(path)


def _arrow_schema() -> Any:
    import pyarrow as pa

    types = {"int": pa.int64(), "float": pa.float64(), "str": pa.string(), "list": pa.list_(pa.string())}
    return pa.schema([(name, types[kind]) for name, kind in COLUMNS.items()])


def _write_parquet(path: Path, rows: Sequence[Row]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = _arrow_schema()
    table = pa.table({name: [r[name] for r in rows] for name in COLUMNS}, schema=schema)
    pq.write_table(table, path)


def _write_csv(path: Path, rows: Sequence[Row]) -> None:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(COLUMNS))
        writer.writeheader()
        for r in rows:
            writer.writerow({k: json.dumps(v, ensure_ascii=False) if COLUMNS[k] == "list" else v
                             for k, v in r.items()})


# ---------------------------------------------------------------------- reading
def read_results(path: str | Path) -> list[Row]:
    """The rows of a results file, typed and checked; a missing, unreadable or malformed file is a
    :class:`ResultsError` naming the file (and the line or column at fault)."""
    kind = results_format(path)
    path = Path(path)
    if not path.is_file():
        raise ResultsError(f"{path}: no such results file")
    if kind == "parquet":
        return _read_parquet(path)
    return _read_csv(path)


def _read_parquet(path: Path) -> list[Row]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(path)
    except Exception as exc:  # pyarrow raises several kinds for a file that is not Parquet
        raise ResultsError(f"{path}: not a readable Parquet file ({exc})") from None
    missing = [c for c in COLUMNS if c not in table.column_names]
    if missing:
        raise ResultsError(f"{path}: not a tcg results file: missing column(s) {', '.join(missing)}")
    data = table.select(list(COLUMNS)).to_pylist()
    return [check_row(r, f"{path}, row {i}") for i, r in enumerate(data)]


def _read_csv(path: Path) -> list[Row]:
    try:
        with path.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            header = reader.fieldnames or []
            missing = [c for c in COLUMNS if c not in header]
            if missing:
                raise ResultsError(f"{path}: not a tcg results file: missing column(s) {', '.join(missing)}")
            return [check_row(r, f"{path}, line {i + 2}") for i, r in enumerate(reader)]
    except UnicodeDecodeError as exc:
        raise ResultsError(f"{path}: not a UTF-8 CSV file ({exc})") from None
    except csv.Error as exc:
        raise ResultsError(f"{path}: malformed CSV ({exc})") from None
