"""A deck list being read in any format: its entries, placed by card type, and every error.

Why every error and not the first: a pasted list from another client often has several lines
this engine does not know, and a player fixes them all at once. Why nothing on any error: a line
nobody could read must never become a card, nor leave the rest of the list half imported.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tcg.core.decklist import DeckEntry, DeckList, count_of
from tcg.core.errors import DataError
from tcg.core.limits import LIMITS_DOC, MAX_DECK_CARDS
from tcg.deckio.keys import CardKeys

#: Errors reported before reading stops: a whole file of another game's list names each of its
#: first lines, not ten thousand.
MAX_ERRORS = 50


class DeckListErrors(DataError):
    """Every problem of a deck list that could not be read; the first is the message."""

    def __init__(self, errors: list[DataError]) -> None:
        self.errors = errors
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(first.message + more, source=first.source, line=first.line)


def shown(text: str, most: int = 60) -> str:
    """A line quoted in an error, cut short when long (a message must stay readable)."""
    return repr(text if len(text) <= most else text[:most] + "...")


@dataclass
class Reading:
    """Where one deck list's reading has got to."""

    keys: CardKeys
    source: str
    entries: list[DeckEntry] = field(default_factory=list)
    errors: list[DataError] = field(default_factory=list)
    total: int = 0
    #: Whether an error has said what a line may be (once is enough for a list of them).
    explained: bool = False

    @property
    def stopped(self) -> bool:
        """Too many errors, or more cards than any deck: the rest is not read."""
        return len(self.errors) >= MAX_ERRORS or self.total > MAX_DECK_CARDS

    def error(self, message: str, line: int | None) -> None:
        self.errors.append(DataError(message, source=self.source, line=line))
        if len(self.errors) == MAX_ERRORS:
            self.errors.append(DataError(f"reading stopped after {MAX_ERRORS} errors", source=self.source,
                                         line=line))

    def add(self, digits: str | None, name: str, line: int, given: str, merge: bool = False) -> None:
        """``digits`` copies of the card ``name`` (one when None), listed under ``given``;
        ``merge``: one more copy of the entry just added, if it is that card (a .ydk file lists
        each copy on its own line)."""
        try:
            count = count_of(digits, self.source, line)
        except DataError as exc:
            self.errors.append(exc)
            return
        self.total += count
        if self.total > MAX_DECK_CARDS:
            self.error(f"the deck passes {MAX_DECK_CARDS} cards here, the most the engine takes ({LIMITS_DOC})",
                       line)
            return
        section = self.keys.place(name, given)
        last = self.entries[-1] if self.entries else None
        if merge and last is not None and last.name == name and last.section == section:
            last.count += count
            return
        self.entries.append(DeckEntry(count, name, line, section))

    def result(self) -> DeckList:
        """The deck read; :class:`DeckListErrors` with every problem when there is any."""
        if self.errors:
            raise DeckListErrors(self.errors)
        return DeckList(self.source, self.entries)
