"""Loading card definitions from YAML with errors that name file, line, card and field."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from tcg.core.decklist import decode_utf8
from tcg.core.errors import DataError
from tcg.core.yamltext import Loader, parse_yaml, value_node

__all__ = ["CardModel", "Loader", "UniqueFields", "card_files", "load_card_dir", "load_card_file", "read_card_items",
           "validate_card"]

M = TypeVar("M", bound=BaseModel)


class CardModel(BaseModel):
    """The base of every game's card schema (``class XCard(_Strict, CardModel)``): what the core
    reads of any card, typed. Declared for the type checker only, so each game's schema keeps
    its own fields, their order and their types (a ``Literal`` of its card types)."""

    if TYPE_CHECKING:
        name: str
        type: str
        original: bool


def _expected(err: Any) -> str:
    msg = str(err.get("msg", "invalid value"))
    given = err.get("input")
    if isinstance(given, dict | list):
        return msg
    return f"{msg} (got {given!r})"


def validate_card(model: type[M], data: Any, *, source: str, line: int | None = None) -> M:
    """Validate one card mapping; a failure names the card, the field and what was expected."""
    if not isinstance(data, dict):
        raise DataError(f"a card must be a mapping of fields, got {type(data).__name__}", source=source, line=line)
    name = data.get("name")
    item = f"card {name!r}" if isinstance(name, str) else "card without a name"
    try:
        card = model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or None
        raise DataError(_expected(err), source=source, line=line, item=item, field=field) from None
    if getattr(card, "original", False) and getattr(card, "rulings", ()):
        raise DataError("a card made up for this engine (original: true) has no official rulings; test the rule"
                        " with a scenario instead", source=source, line=line, item=item, field="rulings")
    return card


def read_card_items(path: Path) -> list[tuple[Any, int]]:
    """The raw card mappings of a YAML file (a list, or ``{cards: [...]}``) with their line numbers."""
    source = str(path)
    try:
        text = decode_utf8(path.read_bytes(), source)
    except OSError as exc:
        raise DataError(f"cannot read card file: {exc.strerror}", source=source) from None
    docs = parse_yaml(text, source)
    if len(docs) > 1:
        raise DataError("not valid YAML: expected a single document in the stream", source=source,
                        line=docs[1][0].start_mark.line + 1)
    root, data = docs[0] if docs else (None, None)
    if root is None:
        return []
    if isinstance(root, yaml.MappingNode) and isinstance(data, dict) and "cards" in data:
        node = value_node(root, "cards")
        items = data["cards"]
    elif isinstance(root, yaml.SequenceNode):
        node, items = root, data
    else:
        raise DataError("expected a list of cards (or a mapping with a 'cards' list)", source=source, line=1)
    if not isinstance(node, yaml.SequenceNode) or not isinstance(items, list):
        raise DataError("'cards' must be a list", source=source, line=node.start_mark.line + 1)
    return [(item, n.start_mark.line + 1) for item, n in zip(items, node.value, strict=True)]


def load_card_file(path: Path, model: type[M]) -> list[M]:
    """Load a card file, stopping at the first bad card (``tcg.carddb.validate`` collects them all)."""
    return [validate_card(model, item, source=str(path), line=line) for item, line in read_card_items(path)]


def load_card_dir(folder: Path, model: type[M], check: Callable[[M, str], None] | None = None,
                  unique: tuple[str, ...] = ()) -> dict[str, M]:
    """Every ``*.yaml`` under ``folder``, by card name; duplicate names are an error, and so is
    a value of a ``unique`` field (a Yu-Gi-Oh! passcode) that two cards share."""
    cards: dict[str, M] = {}
    origin: dict[str, str] = {}
    owners = UniqueFields(unique)
    for path in sorted(folder.glob("*.yaml")):
        for card in load_card_file(path, model):
            name = card.name  # type: ignore[attr-defined]
            if name in cards:
                raise DataError(f"card {name!r} is defined twice (also in {origin[name]})", source=str(path))
            if check is not None:
                check(card, str(path))
            clash = owners.claim(card)
            if clash:
                raise DataError(clash, source=str(path), item=f"card {name!r}")
            cards[name] = card
            origin[name] = str(path)
    return cards


class UniqueFields:
    """The cards that hold each value of some fields so far: a second card with a value already
    held is refused (why: a deck list that names cards by that value would be ambiguous)."""

    def __init__(self, fields: tuple[str, ...]) -> None:
        self.fields = fields
        self.owner: dict[tuple[str, object], str] = {}

    def claim(self, card: Any) -> str | None:
        """Record ``card``'s values; the problem if one of them is another card's already."""
        for f in self.fields:
            value = getattr(card, f, None)
            if value is None or value == "":
                continue
            other = self.owner.setdefault((f, value), str(card.name))
            if other != card.name:
                return f"{f} {value} is also {other!r}'s; no two cards share one"
        return None


def card_files(folder: Path) -> Iterable[Path]:
    return sorted(folder.glob("*.yaml"))
