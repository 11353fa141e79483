"""Deck lists as people type and paste them: one card per line, with its count in any of the
spellings clients use, named by name or by code, under section headers of any wording.

A line is, in the order tried:

- blank, or a comment (``#`` at its start or after a space and not followed by a digit, or
  ``//``); a comment that is a header word (``# Side Deck``) is that header;
- a header in brackets (``[extra]``) or in words (``Main Deck``, ``Extra Deck (15)``,
  ``Monster: 20``, ``Ruler``, ``Magic Stone Deck``, ``DON!!``): see :func:`header_word`;
- a card with a count: ``4 Name``, ``4x Name``, ``4 x Name``, ``4xOP01-016`` (OPTCGSim),
  ``Name x4``, ``Name (4)`` or no count (one copy); the card named by its name in any case, by
  a code (``4 ST01-002``, ``4 ST01-002 Usopp``, ``Usopp (ST01-002)``, ``3 LOB-EN001``) or by
  a passcode (``3 89631139``). Whichever reading names a card wins: ``7 Colored Fish`` is one
  card of that name if the pool has it, else seven of ``Colored Fish``.

Anything else is an error naming the line, its text and what was expected: never a card.

Every step reads a line a bounded number of times (no pattern that backtracks: a 40 KB line
once took 18 s, issue 35).
"""

from __future__ import annotations

import difflib

from tcg.core.decklist import DeckList
from tcg.deckio.keys import CardKeys, normal_code
from tcg.deckio.reading import Reading, shown

#: What resolving a line's words gives when they name a thing that is no card of a deck (DON!!).
SKIP = "\0skip"
#: Unknown lines that get a "did you mean" (each costs a fuzzy match over the pool).
SUGGESTED = 20
_DASHES = "-\N{EN DASH}\N{EM DASH}"
_X = ("x", "X", "\N{MULTIPLICATION SIGN}")


def split_comment(raw: str) -> tuple[str, str]:
    """(the line without its comment, the comment's words): ``#`` at the start or after a space
    and not before a digit (``Steel Ogre Grotto #1`` is a name), or ``//`` at the start."""
    stripped = raw.strip()
    if stripped.startswith("//"):
        return "", stripped.lstrip("/").strip()
    at = -1
    for i, ch in enumerate(raw):
        if ch == "#" and (i == 0 or raw[i - 1].isspace()) and not raw[i + 1:i + 2].isdigit():
            at = i
            break
    if at < 0:
        return stripped, ""
    return raw[:at].strip(), raw[at:].lstrip("#").strip()


def header_word(text: str) -> str:
    """A header's words, lower case, without its decoration and count: ``=== Main Deck (40) ===``
    and ``Monster: 20`` give ``main deck`` and ``monster``."""
    t = text.strip().strip(f"=*_~{_DASHES}").strip().rstrip(":").strip()
    if t.endswith(")") and "(" in t:
        inner = t[t.rfind("(") + 1:-1].strip()
        if inner.isdecimal():
            t = t[:t.rfind("(")]
    else:
        t = t[:len(t.rstrip("0123456789"))]
    return " ".join(t.strip().rstrip(f":{_DASHES}").split()).casefold()


def lead_counts(line: str) -> list[tuple[str, str]]:
    """The readings of a line that starts with a count: ``4 Name``, ``4x Name``, ``4 x Name``,
    ``4xOP01-016``; ``4 xyz`` is tried as four of ``yz`` (after ``x``) and of ``xyz``."""
    i = 0
    while i < len(line) and line[i].isdecimal():
        i += 1
    digits, rest = line[:i], line[i:]
    after = rest.lstrip()
    if not digits or not after:
        return []
    out = []
    if after[0] in _X and after[1:].strip():
        out.append((digits, after[1:].lstrip()))
    if after != rest:
        out.append((digits, after))
    return out


def trail_count(line: str) -> tuple[str, str] | None:
    """The reading of a line that ends with its count: ``Name x4``, ``Name x 4``, ``Name (4)``."""
    t = line.rstrip()
    if t.endswith(")") and "(" in t:
        at = t.rfind("(")
        inner = t[at + 1:-1].strip()
        if inner.isdecimal() and t[:at].strip():
            return inner, t[:at].rstrip()
        return None
    head = t[:len(t.rstrip("0123456789"))]
    digits = t[len(head):]
    head = head.rstrip()
    if digits and head[-1:] in _X and head[:-1][-1:].isspace() and head[:-1].strip():
        return digits, head[:-1].rstrip()
    return None


def resolve(keys: CardKeys, words: str) -> tuple[str | None, str | None]:
    """(the card ``words`` name or :data:`SKIP`, None) or (None, what is wrong with them) or
    (None, None) when they name nothing."""
    words = " ".join(words.split())
    found = keys.card(words)
    if found is not None:
        return found, None
    if words.casefold() in keys.not_cards:
        return SKIP, None
    tokens = words.split(" ")
    for k in (1, 2):  # "ST01-002 Usopp", "DM-01 63/110 Terror Pit"
        if len(tokens) > k:
            named = _by_code(keys, " ".join(tokens[:k]), " ".join(tokens[k:]))
            if named != (None, None):
                return named
    if words.endswith(")") and "(" in words:  # "Usopp (ST01-002)"
        at = words.rfind("(")
        named = _by_code(keys, words[at + 1:-1], words[:at].strip())
        if named != (None, None):
            return named
    names = keys.by_base.get(words.casefold(), [])
    if len(names) == 1:
        return names[0], None
    if names:
        codes = ", ".join(f"{keys.code.get(n) or n}" for n in names)
        return None, f"{words!r} names {len(names)} cards; write the one meant by its code ({codes})"
    return None, None


def _by_code(keys: CardKeys, code: str, words: str) -> tuple[str | None, str | None]:
    """The card of ``code`` if ``words`` (what follows or precedes it) is its name or nothing."""
    key = normal_code(code)
    if key in keys.ambiguous:
        return None, f"the code {code} names {' and '.join(map(repr, keys.ambiguous[key]))}; write the name"
    name = keys.by_code.get(key)
    if name is None and code.isascii() and code.isdigit() and len(code) <= 10:
        name = keys.by_passcode.get(int(code))
    if name is None:
        return None, None
    if words and not keys.is_base_of(words, name):
        return None, f"{code} is {name!r}, not {words!r}"
    return name, None


def read_card_line(reading: Reading, line: str, lineno: int, section: str) -> bool:
    """Add the card ``line`` names, with its count; False when it names none (nor DON!!)."""
    readings: list[tuple[str | None, str]] = [(None, line), *lead_counts(line)]
    trailing = trail_count(line)
    if trailing is not None:
        readings.append(trailing)
    problem = None
    for digits, words in readings:
        found, wrong = resolve(reading.keys, words)
        if found == SKIP:
            return True
        if found is not None:
            reading.add(digits, found, lineno, section)
            return True
        problem = problem or wrong
    if problem:
        reading.error(f"{shown(line)}: {problem}", lineno)
        return True
    return False


def unknown_line(reading: Reading, line: str, lineno: int) -> None:
    """The error for a line that is no card, no header and no comment."""
    keys = reading.keys
    words = ([w for _, w in lead_counts(line)] or [line])[0]
    hint = ""
    if sum(1 for e in reading.errors if "did you mean" in e.message) < SUGGESTED:
        close = difflib.get_close_matches(words, list(keys.game.cards()), n=1, cutoff=0.75)
        hint = f"; did you mean {close[0]!r}?" if close else ""
    expected = "" if reading.explained else \
        f" (expected a card line such as {keys.example()}, or a header such as 'Main Deck')"
    reading.explained = True
    reading.error(f"{shown(line)} is not a card of {keys.title}, a card's code or a section header{hint}{expected}",
                  lineno)


def section_of(reading: Reading, word: str, text: str, lineno: int) -> str | None:
    """The section a header word starts ("" for one that only groups), or None (with an error)
    when it names a section the game's lists do not have."""
    keys = reading.keys
    section = keys.headers.get(word)
    if section is None or section == "" or section in keys.game.DECK_SECTIONS:
        return section
    have = ", ".join(keys.label(s) for s in keys.game.DECK_SECTIONS)
    reading.error(f"{shown(text)}: {keys.title} deck lists have no {keys.label(section)}; their sections "
                  f"are {have}", lineno)
    return None


def read_list(keys: CardKeys, text: str, source: str) -> DeckList:
    """A deck list of lines (see the module's text), resolved against ``keys``' game."""
    reading = Reading(keys, source)
    section = "main"
    for lineno, raw in enumerate(text.splitlines(), start=1):
        if reading.stopped:
            break
        section = read_line(reading, raw, lineno, section)
    return reading.result()


def read_line(reading: Reading, raw: str, lineno: int, section: str) -> str:
    """Read one line; the section the lines after it are listed under."""
    line, comment = split_comment(raw)
    if not line:
        started = section_of(reading, header_word(comment), comment, lineno) if comment else None
        return started or section
    if line.startswith("[") and line.endswith("]"):
        word = " ".join(line[1:-1].replace("_", " ").split()).casefold()
        started = section_of(reading, word, line, lineno)
        if started is None and reading.keys.headers.get(word) is None:
            sections = ", ".join(f"[{s}]" for s in reading.keys.game.DECK_SECTIONS)
            reading.error(f"{shown(line)} is no section of {reading.keys.title} deck lists; use {sections}",
                          lineno)
        return started or section
    if read_card_line(reading, line, lineno, section):
        return section
    word = header_word(line)
    if word in reading.keys.headers:
        return section_of(reading, word, line, lineno) or section
    unknown_line(reading, line, lineno)
    return section
