"""Set lists: every card printed in a product, and what the engine makes of each.

Why a list per product rather than a set code on each card: a card printed in several products
(Dark Magician in LOB and in Starter Deck: Yugi) counts in each, and a card the engine cannot do
yet must still be named, with the reason, for the product's coverage to be honest. A list lives
in ``<game package>/sets/<code>.yaml``::

    set: DM-01
    name: Base Set
    kind: booster            # or starter (then ``deck:`` names its official deck list)
    sources: [...]           # where the list was read, two sources where they exist
    cards:
    - {number: 1/110, name: Aqua Sniper, rarity: Very Rare}
    - {number: 2/110, name: Aqua Hulcus, rarity: Uncommon, why: "..."}

An entry without ``why`` must name a packaged printed card of the game; an entry with ``why``
must name none (a stale reason is an error too): the list and the card files cannot drift apart.

A product written card by card may carry ``pending:`` - its printed cards not written yet, each
with number, name and rarity but no reason (they are not "left out": nothing says the engine
cannot do them). They count in the product's cards, never as implemented, and ``tcg cards sets``
shows them apart, so a product half done never reads as complete.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError

from tcg.core.carddata import Loader
from tcg.core.errors import DataError

#: A release date as YAML reads it (a date) or as written (a string), kept as ISO text.
DateText = Annotated[str, BeforeValidator(lambda v: v.isoformat() if isinstance(v, date) else v)]


class SetCard(BaseModel):
    """One printed card of a product, as its checklist gives it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    number: str
    #: The engine's name of the card (One Piece names a second printing by its number).
    name: str
    rarity: str = ""
    #: Why the engine leaves the card out; absent when the card is implemented.
    why: str | None = None


class SetList(BaseModel):
    """A product: its code, name, kind and every card printed in it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    set: str
    name: str
    kind: Literal["booster", "starter", "promo"] = "booster"
    released: DateText = ""
    #: The official deck list of a starter product: a deck file of the game's ``decks`` folder.
    deck: str | None = None
    sources: list[str] = []
    cards: list[SetCard]
    #: Printed cards of the product not written yet (no ``why``: nothing says the engine cannot).
    pending: list[SetCard] = []


@dataclass(frozen=True)
class LoadedSet:
    """A set list with where it was read: ``lines[i]`` is the line of ``cards[i]``."""

    data: SetList
    source: Path
    lines: list[int]


@dataclass(frozen=True)
class LeftOut:
    name: str
    why: str


@dataclass(frozen=True)
class Coverage:
    """How much of a product the engine plays (``tcg cards sets``)."""

    set: str
    name: str
    kind: str
    cards_in_set: int
    implemented: int
    left_out: list[LeftOut] = field(default_factory=list)
    #: Printed cards of the product not written yet (``SetList.pending``), by name.
    pending: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"set": self.set, "name": self.name, "kind": self.kind, "cards_in_set": self.cards_in_set,
                "implemented": self.implemented,
                "left_out": [{"name": x.name, "why": x.why} for x in self.left_out], "pending": self.pending}


def set_files(folder: Path) -> list[Path]:
    return sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]) if folder.is_dir() else []


def read_set(path: Path) -> LoadedSet:
    """One set list, validated; a failure names the file, the line, the card and the field."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
        root = yaml.compose(text, Loader=Loader)
        data = yaml.load(text, Loader=Loader)
    except OSError as exc:
        raise DataError(f"cannot read set list: {exc.strerror}", source=source) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise DataError(f"not valid YAML: {getattr(exc, 'problem', None) or exc}", source=source,
                        line=mark.line + 1 if mark else None) from None
    if not isinstance(root, yaml.MappingNode) or not isinstance(data, dict):
        raise DataError("expected a mapping with 'set', 'name' and a 'cards' list", source=source, line=1)
    nodes = {k.value: v for k, v in root.value}
    card_nodes = nodes.get("cards")
    lines = [n.start_mark.line + 1 for n in card_nodes.value] if isinstance(card_nodes, yaml.SequenceNode) else []
    try:
        return LoadedSet(SetList.model_validate(data), path, lines)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = list(err["loc"])
        line, item = 1, None
        if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int) and loc[1] < len(lines):
            line = lines[loc[1]]
            entry = data["cards"][loc[1]]
            item = f"card {entry.get('name')!r}" if isinstance(entry, dict) else f"card #{loc[1] + 1}"
            loc = loc[2:]
        elif loc and loc[0] in nodes:
            line = nodes[str(loc[0])].start_mark.line + 1
        given = err.get("input")
        shown = "" if isinstance(given, dict | list) else f" (got {given!r})"
        raise DataError(f"{err.get('msg', 'invalid value')}{shown}", source=source, line=line, item=item,
                        field=".".join(str(p) for p in loc) or None) from None


@dataclass
class SetsResult:
    sets: list[LoadedSet] = field(default_factory=list)
    errors: list[DataError] = field(default_factory=list)


def load_sets(folder: Path, printed: Iterable[str], originals: Iterable[str] = (),
              decks: Iterable[str] | None = None) -> SetsResult:
    """Every set list of ``folder``, checked against the game's printed card names.

    ``printed``: the names of the game's packaged cards that are not made up for the engine;
    ``originals``: those that are (a set list never names one); ``decks``: the deck files a
    starter's ``deck`` may name (None: not checked).
    """
    result = SetsResult()
    known, made_up = set(printed), set(originals)
    deck_names = None if decks is None else set(decks)
    seen: dict[str, Path] = {}
    for path in set_files(folder):
        try:
            loaded = read_set(path)
        except DataError as exc:
            result.errors.append(exc)
            continue
        s = loaded.data
        if s.set in seen:
            result.errors.append(DataError(f"set {s.set!r} is listed twice (also in {seen[s.set]})",
                                           source=str(path), line=1, field="set"))
            continue
        seen[s.set] = path
        if deck_names is not None and s.deck is not None and s.deck not in deck_names:
            result.errors.append(DataError(f"no deck file {s.deck!r} in the game's decks folder",
                                           source=str(path), line=1, field="deck"))
        numbers: dict[str, int] = {}
        for card, line in zip(s.cards, loaded.lines, strict=True):
            def bad(message: str, fld: str | None = None, line: int = line, name: str = card.name,
                    source: str = str(path)) -> None:
                result.errors.append(DataError(message, source=source, line=line, item=f"card {name!r}", field=fld))
            if card.number in numbers:
                bad(f"number {card.number!r} is listed twice (also at line {numbers[card.number]})", "number")
            numbers[card.number] = line
            if card.name in made_up:
                bad("names a card made up for the engine; a set list holds printed cards only", "name")
            elif card.why is None and card.name not in known:
                bad("not among the game's cards: implement it or give the reason it is left out ('why')",
                    "name")
            elif card.why is not None and card.name in known:
                bad("is implemented: drop its 'why'", "why")
            elif card.why is not None and not card.why.strip():
                bad("'why' must say why the card is left out", "why")
        for card in s.pending:
            if card.number in numbers:
                result.errors.append(DataError(f"number {card.number!r} is both listed and pending",
                                               source=str(path), line=1, item=f"card {card.name!r}", field="pending"))
            elif card.why is not None or card.name in known:
                message = ("is written: move it from 'pending' to 'cards'" if card.name in known
                           else "a pending card has no 'why' (a card with a reason goes in 'cards')")
                result.errors.append(DataError(message, source=str(path), line=1, item=f"card {card.name!r}",
                                               field="pending"))
            numbers[card.number] = 0
        result.sets.append(loaded)
    return result


def coverage(s: SetList, implemented: Iterable[str]) -> Coverage:
    """Distinct cards of ``s``, how many are among ``implemented``, and the rest with why."""
    done = set(implemented)
    rows = [{"set": s.set, "set_name": s.name, "kind": s.kind, "name": c.name, "why": c.why,
             "implemented": c.name in done} for c in s.cards]
    rows += [{"set": s.set, "set_name": s.name, "kind": s.kind, "name": c.name, "why": None,
              "implemented": False} for c in s.pending]
    return coverage_rows(rows)[0] if rows else Coverage(s.set, s.name, s.kind, 0, 0)


def printings(sets: Iterable[SetList], name: str) -> list[tuple[str, SetCard]]:
    """Every (set code, entry) naming ``name``, in the lists' order."""
    return [(s.set, c) for s in sets for c in s.cards if c.name == name]


def coverage_rows(rows: Iterable[Mapping[str, Any]]) -> list[Coverage]:
    """Coverage rebuilt from the index's ``printing`` rows (set, set_name, kind, name, why, implemented)."""
    by_set: dict[str, dict[str, Any]] = {}
    for r in rows:
        entry = by_set.setdefault(r["set"], {"name": r["set_name"], "kind": r["kind"], "cards": {}})
        entry["cards"].setdefault(r["name"], (bool(r["implemented"]), r["why"]))
    out = []
    for code, entry in by_set.items():
        cards: dict[str, tuple[bool, str | None]] = entry["cards"]
        # a row neither implemented nor given a reason is a pending card (a listed card always has one)
        left = [LeftOut(n, why) for n, (done, why) in cards.items() if not done and why]
        pending = [n for n, (done, why) in cards.items() if not done and not why]
        out.append(Coverage(code, entry["name"], entry["kind"], len(cards), len(cards) - len(left) - len(pending),
                            left, pending))
    return out
