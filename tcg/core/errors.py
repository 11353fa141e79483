"""Errors with enough context to fix the input that caused them."""

from __future__ import annotations


class TcgError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(TcgError):
    """An action the rules forbid. The state it was tried on is left untouched."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class DataError(TcgError):
    """Malformed input data: a card, deck, scenario or replay file, or a bad option.

    Carries where (file, line, item) and what was expected, so that the message alone
    is enough to find and fix the problem.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        item: str | None = None,
        field: str | None = None,
    ) -> None:
        self.source = source
        self.line = line
        self.item = item
        self.field = field
        self.message = message
        where = []
        if source:
            where.append(source + (f":{line}" if line else ""))
        if item:
            where.append(item)
        if field:
            where.append(f"field '{field}'")
        prefix = ": ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)
