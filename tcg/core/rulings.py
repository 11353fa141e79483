"""Official rulings as data: the schema of a card's ``rulings:`` and of a game's ``rulings.yaml``.

A ruling is the publisher's answer to a question about a card (or the rulebook applied to it),
written in our own words, with where it was published and the name of the scenario that proves
the engine plays it so. Cards carry their own rulings (shown to the player next to the card's
text); what is not on a card -- the sources searched, and rulings found but not encoded with the
reason -- lives in the game's ``rulings.yaml`` (``tcg cards rulings`` reports both).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from tcg.core.decklist import decode_utf8
from tcg.core.errors import DataError
from tcg.core.yamltext import parse_yaml, value_node

__all__ = ["NOT_ENCODED_KINDS", "NotEncoded", "Ruling", "RulingsFile", "Source", "SourceRef", "load_rulings_file"]

#: Why a ruling found in a source is not encoded: about a card outside the pool, contradicted by
#: another source (the reason says which), or needing a mechanism the engine lacks.
NOT_ENCODED_KINDS = ("not_in_pool", "contradicted", "not_supported")

_DATE = re.compile(r"\d{4}(-\d{2}(-\d{2})?)?")
M = TypeVar("M", bound=BaseModel)
_TEXT = 2000  # one question or answer: a few sentences, not a page


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SourceRef(_Strict):
    """Where a ruling was published: a web page (``url``) or a printed ``publication``."""

    title: str = Field(min_length=1, max_length=300)
    url: str = Field("", max_length=500)
    publication: str = Field("", max_length=300)
    date: str = ""  # YYYY, YYYY-MM or YYYY-MM-DD, when known

    @field_validator("date")
    @classmethod
    def _date(cls, value: str) -> str:
        if value and not _DATE.fullmatch(value):
            raise ValueError(f"a date is YYYY, YYYY-MM or YYYY-MM-DD, got {value!r}")
        return value

    @field_validator("url")
    @classmethod
    def _url(cls, value: str) -> str:
        if value and not value.startswith(("https://", "http://")):
            raise ValueError(f"a url starts with https:// or http://, got {value!r}")
        return value

    @model_validator(mode="after")
    def _located(self) -> SourceRef:
        if not (self.url or self.publication):
            raise ValueError("a source needs a url or a publication (where a reader finds it)")
        return self


class Ruling(_Strict):
    """One official question and answer about a card, and the scenario that proves it."""

    question: str = Field(min_length=1, max_length=_TEXT)
    answer: str = Field(min_length=1, max_length=_TEXT)
    source: SourceRef
    scenario: str = Field(min_length=1, max_length=300)  # the ``name:`` of a scenario case of this game
    #: ``card``: the publisher answered this question about this card (a card's FAQ or Q&A entry);
    #: ``rules``: the publisher's rules (a rule Q&A, the comprehensive rules, the rulebook) applied
    #: to this card by us -- counted apart, so a count of rulings never passes one for the other.
    basis: Literal["card", "rules"] = "card"


class Source(SourceRef):
    """A source searched for the pool's rulings, including one that held nothing for it."""

    covers: list[str] = []  # the products (set codes) it is about
    note: str = Field("", max_length=_TEXT)  # what it held for the pool


class NotEncoded(_Strict):
    """A ruling found in a source but not encoded, and why."""

    card: str = Field(min_length=1, max_length=200)
    product: str = Field("", max_length=50)
    question: str = Field(min_length=1, max_length=_TEXT)
    answer: str = Field("", max_length=_TEXT)
    source: SourceRef
    kind: Literal["not_in_pool", "contradicted", "not_supported"]
    reason: str = Field(min_length=1, max_length=_TEXT)


class RulingsFile(_Strict):
    """A game's ``rulings.yaml``."""

    sources: list[Source] = []
    not_encoded: list[NotEncoded] = []


def load_rulings_file(path: Path) -> RulingsFile:
    """A game's ``rulings.yaml`` (none: empty); an error names the file, line, entry and field."""
    if not path.exists():
        return RulingsFile()
    source = str(path)
    docs = parse_yaml(decode_utf8(path.read_bytes(), source), source)
    if not docs or docs[0][0] is None:
        return RulingsFile()
    root, data = docs[0]
    if not isinstance(data, dict):
        raise DataError("expected a mapping with 'sources' and 'not_encoded' lists", source=source, line=1)
    unknown = sorted(set(data) - {"sources", "not_encoded"})
    if unknown:
        raise DataError(f"unknown key {unknown[0]!r}: expected 'sources' and 'not_encoded'", source=source, line=1)
    sources = [_entry(Source, item, source, line) for item, line in _items(root, data, "sources", source)]
    missing = [_entry(NotEncoded, item, source, line) for item, line in _items(root, data, "not_encoded", source)]
    return RulingsFile(sources=sources, not_encoded=missing)


def _items(root: yaml.Node, data: dict[str, Any], key: str, source: str) -> list[tuple[Any, int]]:
    if key not in data or data[key] is None:
        return []
    node = value_node(root, key)
    if not isinstance(data[key], list) or not isinstance(node, yaml.SequenceNode):
        raise DataError(f"{key!r} must be a list", source=source, line=node.start_mark.line + 1)
    return [(item, n.start_mark.line + 1) for item, n in zip(data[key], node.value, strict=True)]


def _entry(model: type[M], item: Any, source: str, line: int) -> M:
    """One entry; an error names its line, the entry (its card or title) and the field."""
    if not isinstance(item, dict):
        raise DataError(f"an entry must be a mapping of fields, got {type(item).__name__}", source=source, line=line)
    label = item.get("card") or item.get("title")
    try:
        return model.model_validate(item)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or None
        raise DataError(str(err.get("msg", "invalid value")), source=source, line=line,
                        item=repr(label) if isinstance(label, str) else None, field=field) from None
