"""Load card YAML files collecting *every* error, not just the first.

The core loader (:func:`tcg.core.carddata.load_card_file`) stops at the first bad card,
which is right for playing; for ``tcg cards validate`` and for the index we want all
problems at once, and the good cards of a file that also holds a bad one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcg.core.carddata import UniqueFields, read_card_items, validate_card
from tcg.core.errors import DataError, TcgError
from tcg.core.game import Game


@dataclass
class LoadedCard:
    card: Any
    source: Path
    line: int | None


@dataclass
class LoadResult:
    cards: list[LoadedCard] = field(default_factory=list)
    errors: list[DataError] = field(default_factory=list)
    files: int = 0


def yaml_files(paths: Iterable[Path]) -> list[Path]:
    """Files as given, folders expanded to their ``*.yaml`` / ``*.yml`` files."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted([*p.glob("*.yaml"), *p.glob("*.yml")]))
        else:
            out.append(p)
    return out


def load_cards(game: Game, paths: Iterable[Path]) -> LoadResult:
    """Validate every card of ``paths`` against ``game``'s schema and checks; keep the good ones."""
    result = LoadResult()
    seen: dict[str, str] = {}
    owners = UniqueFields(game.UNIQUE_CARD_FIELDS)
    for path in yaml_files(paths):
        result.files += 1
        try:
            items = read_card_items(path)
        except DataError as exc:
            result.errors.append(exc)
            continue
        for raw, line in items:
            try:
                card: Any = validate_card(game.card_model, raw, source=str(path), line=line)
                game.check_card(card, f"{path}:{line}")
            except DataError as exc:
                if exc.line is None and exc.source == f"{path}:{line}":
                    exc = DataError(exc.message, source=str(path), line=line, item=exc.item, field=exc.field)
                result.errors.append(exc)
                continue
            except TcgError as exc:
                result.errors.append(DataError(str(exc), source=str(path), line=line,
                                               item=f"card {card.name!r}"))
                continue
            name = str(card.name)
            where = f"{path}:{line}"
            if name in seen:
                result.errors.append(DataError(f"card {name!r} is defined twice (also at {seen[name]})",
                                               source=str(path), line=line, item=f"card {name!r}"))
                continue
            seen[name] = where
            clash = owners.claim(card)
            if clash:
                result.errors.append(DataError(clash, source=str(path), line=line, item=f"card {name!r}"))
                continue
            result.cards.append(LoadedCard(card, path, line))
    return result
