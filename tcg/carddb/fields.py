"""Game-agnostic views of a card: colours, races, keywords, cost, power.

Every game's card model names these fields its own way (DM ``civilizations``, One Piece
``colors``, Yu-Gi-Oh! ``attribute``...). Looking them up through short lists of field names
lets a new game join the index without touching this package.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

COLOR_FIELDS = ("civilizations", "colors", "color", "attributes", "attribute")
RACE_FIELDS = ("races", "traits", "race", "tribes", "families")
COST_FIELDS = ("cost", "level")
POWER_FIELDS = ("power", "bp", "atk", "attack", "level_bp")


def norm(word: str) -> str:
    """A search key: case-folded, with spaces and hyphens read as underscores."""
    return "_".join(word.replace("-", " ").split()).casefold()


def _first(card: Any, fields: Iterable[str]) -> Any:
    for f in fields:
        value = getattr(card, f, None)
        if value is not None:
            return value
    return None


def _number(card: Any, data: Mapping[str, Any], fields: Iterable[str], keep_zero: bool = False) -> int | None:
    """An int field; a zero the card did not write (a default) means "has none", e.g. a spell's power."""
    for f in fields:
        value = getattr(card, f, None)
        if value is None:
            continue
        number = _int(value)
        if number == 0 and not keep_zero and f not in data:
            return None
        return number
    return None


def _strings(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, Iterable):
        return [str(v) for v in value if v not in (None, "")]
    return [str(value)]


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, list | tuple) and value:  # BP per level (Battle Spirits): the LV1 value
        return _int(value[0])
    if isinstance(value, Mapping):  # a cost per attribute (Force of Will {fire: 1, generic: 2}): the total
        parts = [_int(v) for v in value.values()]
        return None if None in parts else sum(p for p in parts if p is not None)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    return None


def keyword_names(data: Mapping[str, Any]) -> list[str]:
    """Keyword names from a card's JSON: a mapping of set keywords or a plain list."""
    kw = data.get("keywords")
    if isinstance(kw, Mapping):
        return [str(k) for k, v in kw.items() if v not in (None, False, 0, "", [], {})]
    if isinstance(kw, list):
        names = []
        for item in kw:
            if isinstance(item, Mapping) and "name" in item:
                names.append(str(item["name"]))
            elif item not in (None, ""):
                names.append(str(item))
        return names
    return []


@dataclass(frozen=True)
class CardFields:
    """The columns every game's cards share in the index."""

    name: str
    type: str
    cost: int | None
    power: int | None
    colors: list[str]
    races: list[str]
    keywords: list[str]
    text: str
    set_code: str
    rarity: str
    #: Made up for this engine (``original: true``), not a printed card.
    original: bool = False


def card_fields(card: Any, data: Mapping[str, Any], text: str) -> CardFields:
    """Extract the generic columns from a card model and its JSON (``game.card_to_json``)."""
    return CardFields(
        name=str(card.name),
        type=str(getattr(card, "type", "") or ""),
        cost=_number(card, data, COST_FIELDS, keep_zero=True),
        power=_number(card, data, POWER_FIELDS),
        colors=_strings(_first(card, COLOR_FIELDS)),
        races=_strings(_first(card, RACE_FIELDS)),
        keywords=keyword_names(data),
        text=text,
        set_code=str(getattr(card, "set_code", "") or ""),
        rarity=str(getattr(card, "rarity", "") or ""),
        original=bool(getattr(card, "original", False)),
    )
