"""Deck lists written in the line formats: the engine's own, ``N CODE Name`` and OPTCGSim's.

Each writer takes the deck's entries merged per section and card, in the order the game's
sections are listed (:func:`tcg.deckio.merged`), and gives text its reader reads back to the
same deck.
"""

from __future__ import annotations

from tcg.core.errors import DataError
from tcg.deckio.keys import CardKeys, base_name

Entries = list[tuple[str, str, int]]


def sections_of(entries: Entries) -> list[str]:
    """The sections that hold cards, in the entries' order."""
    return list(dict.fromkeys(s for s, _, _ in entries))


def write_text(keys: CardKeys, entries: Entries) -> str:
    """The engine's list (``tcg deck check`` reads it): ``4 Name`` lines, each section after its
    ``[section]`` header unless the deck is all main deck."""
    lines = []
    used = sections_of(entries)
    for section in used:
        if used != ["main"]:
            lines.append(f"[{section}]")
        lines += [f"{count} {name}" for s, name, count in entries if s == section]
    return "".join(f"{line}\n" for line in lines)


def write_codes(keys: CardKeys, entries: Entries) -> str:
    """``4 ST01-002 Usopp`` lines under ``Main Deck (50)``-style headers: the list tournament
    sites and forums share; a card without a code is written by name alone."""
    lines: list[str] = []
    for section in sections_of(entries):
        rows = [(name, count) for s, name, count in entries if s == section]
        if lines:
            lines.append("")
        lines.append(f"{keys.label(section)} ({sum(c for _, c in rows)})")
        for name, count in rows:
            code = keys.code.get(name, "")
            lines.append(f"{count} {code} {base_name(name, code)}" if code else f"{count} {name}")
    return "".join(f"{line}\n" for line in lines)


def write_optcgsim(keys: CardKeys, entries: Entries) -> str:
    """OPTCGSim's deck code: ``1xOP01-001`` (the Leader), then ``4xOP01-016`` per card."""
    lines = []
    for _, name, count in entries:
        code = keys.code.get(name)
        if not code:
            raise DataError(f"{name!r} has no card code; OPTCGSim names every card by its code")
        lines.append(f"{count}x{code}")
    return "".join(f"{line}\n" for line in lines)
