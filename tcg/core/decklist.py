"""Plain-text deck lists: ``4 Bolshack Dragon`` per line, ``#`` starts a comment.

A ``#`` followed by a digit inside a name is part of the name (``Steel Ogre Grotto #1`` is a
printed Yu-Gi-Oh! card), so a comment is a ``#`` at the start of a line or after a space, not
followed by a digit.

A game may use section headers (``[main]``, ``[extra]``, ``[leader]``...) for its extra
piles; cards before any header belong to ``main``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tcg.core.errors import DataError
from tcg.core.limits import LIMITS_DOC, MAX_DECK_CARDS

_DIGITS = re.compile(r"\d*")  # a possessive run: nothing after it to backtrack into
_COMMENT = re.compile(r"(?:^|(?<=\s))#(?!\d)")
_SECTION = re.compile(r"^\s*\[([a-z_]+)\]\s*$")
#: The largest count one line may give: far above any deck's rules (they are checked after), low
#: enough that expanding a list (``DeckList.cards``) stays cheap. Fuzzing found ``10**40 Name``
#: hanging ``tcg deck check`` while the checks expanded it.
MAX_COUNT = MAX_DECK_CARDS  # one line cannot ask for more than a whole deck


@dataclass(frozen=True)
class DeckConventions:
    """How a game's players write and share deck lists beyond the engine's own ``4 Name`` lines
    (:mod:`tcg.deckio` reads and writes them).

    Why a declaration on the game and not code in the reader: the reader knows no game's words,
    and a new game states its own here once. The section keys (``[leader]``, "Magic Stone
    Deck"), the card types ("Monster (20)") and "Main Deck" / "Extra Deck" / "Side Deck" are
    headers in every game without being declared.
    """

    #: Formats its community shares besides the engine's list and the ``N CODE Name`` list,
    #: by :mod:`tcg.deckio` name (``ydk``, ``ydke``, ``optcgsim``).
    formats: tuple[str, ...] = ()
    #: Header words of its lists, lower case, with the section each starts; ``""`` for a heading
    #: that only groups lines (One Piece's "DON!!").
    headers: tuple[tuple[str, str], ...] = ()
    #: Things its lists count that are not cards of a deck, lower case (One Piece's "DON!!":
    #: every player has ten by the rules, whatever a list says); such lines are left out.
    not_cards: tuple[str, ...] = ()


@dataclass
class DeckEntry:
    count: int
    name: str
    line: int
    section: str = "main"


@dataclass
class DeckList:
    source: str
    entries: list[DeckEntry] = field(default_factory=list)

    def cards(self, section: str = "main") -> list[str]:
        """The names of one section, expanded by count, in file order."""
        return [e.name for e in self.entries if e.section == section for _ in range(e.count)]

    def sections(self) -> set[str]:
        return {e.section for e in self.entries}

    def flat(self) -> list[str]:
        """Every card name in file order, with a ``[section]`` marker before each change of
        section (none for a deck that is all ``main``): the JSON form replays and workers use."""
        out: list[str] = []
        current = "main"
        for e in self.entries:
            if e.section != current:
                out.append(f"[{e.section}]")
                current = e.section
            out.extend([e.name] * e.count)
        return out


def parse_deck_text(text: str, source: str = "<deck>") -> DeckList:
    deck = DeckList(source)
    section = "main"
    total = 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT.split(raw, 1)[0].strip()
        if not line:
            continue
        sec = _SECTION.match(line)
        if sec:
            section = sec.group(1)
            continue
        digits, name = split_count(line)
        count = count_of(digits, source, lineno)
        total += count
        if total > MAX_DECK_CARDS:
            raise DataError(f"the deck passes {MAX_DECK_CARDS} cards here, the most the engine takes ({LIMITS_DOC})",
                            source=source, line=lineno)
        deck.entries.append(DeckEntry(count, name, lineno, section))
    return deck


def split_count(line: str) -> tuple[str | None, str]:
    r"""A stripped, non-empty line as (count digits or None, card name): ``4 Name``, ``4x Name``,
    ``4 x Name`` or ``Name``.

    Why not a regular expression: the pattern this replaced (``(?:(\d+)\s*x?\s+)?(.+?)\s*$``)
    backtracked quadratically on a long run of spaces inside a name -- one 40 KB line took 18 s
    (issue 35). This reads each character a bounded number of times and gives the same split
    (``str.isspace`` and ``str.isdecimal`` are what ``\s`` and ``\d`` match in a ``str`` pattern).
    """
    found = _DIGITS.match(line)
    digits = found.group() if found else ""
    rest = line[len(digits):]
    if not digits or not rest:
        return None, line
    after = rest.lstrip()  # the spaces after the count
    if after.startswith("x"):  # "4x Name", "4 x Name"; "4 xyz" is the card "xyz"
        name = after[1:].lstrip()
        if name and name != after[1:]:
            return digits, name
    if after != rest:
        return digits, after
    return None, line


def count_of(digits: str | None, source: str, lineno: int) -> int:
    """A line's count, 1 to :data:`MAX_COUNT` (1 when the line gives none). The digits are
    measured before ``int`` reads them: Python refuses to read over 4300 digits."""
    if not digits:
        return 1
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
        shown = significant[:12] + ("..." if len(significant) > 12 else "")
        raise DataError(f"the count must be at most {MAX_COUNT}, got {shown}", source=source, line=lineno)
    count = int(digits)
    if count <= 0:
        raise DataError(f"the count must be at least 1, got {count}", source=source, line=lineno)
    return count


def load_deck(path: str | Path) -> DeckList:
    """Read a UTF-8 deck file. A leading byte order mark (Windows editors write one) is skipped;
    any other byte that is not UTF-8 is an error naming its line and byte."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read deck file: {exc.strerror}", source=str(p)) from None
    return parse_deck_text(decode_utf8(data, str(p)), str(p))


def decode_utf8(data: bytes, source: str) -> str:
    """``data`` as text: UTF-8, with or without a BOM; otherwise a DataError with line and byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError(f"not UTF-8 text: byte 0x{data[exc.start]:02x} at column {column} (byte offset "
                        f"{exc.start}); save the file as UTF-8", source=source, line=line) from None
