"""Deck lists in the formats players paste and share: read in any of them, written in each.

One reader for every front end (the deck builder's import, the lobby's pasted deck, ``tcg deck
check / show / convert``): the format is recognised from the text (a ``ydke://`` URL, a ``.ydk``
file's ``#main`` / ``#extra`` / ``!side``, else lines of cards), every card is resolved against
the game's pool (by name, code or passcode) and placed in the section its type belongs to, and
a line nothing can read is an error naming it: the deck is read whole or not at all
(:class:`~tcg.deckio.reading.DeckListErrors`). docs/decks.md shows each format.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tcg.core.decklist import DeckList, decode_utf8
from tcg.core.errors import DataError
from tcg.core.game import Game
from tcg.deckio.keys import CardKeys, keys_for
from tcg.deckio.lines import read_list
from tcg.deckio.reading import DeckListErrors
from tcg.deckio.writers import Entries, write_codes, write_optcgsim, write_text
from tcg.deckio.ygo import YDK_SECTIONS, YDKE, read_ydk, read_ydke, write_ydk, write_ydke

__all__ = ["FORMATS", "DeckFormat", "DeckListErrors", "detect", "formats_for", "keys_for", "merged", "open_deck",
           "read_deck", "write_deck"]


@dataclass(frozen=True)
class DeckFormat:
    """A format a deck can be written in: its name, what it is (for ``--help`` and the docs)
    and the extension of a file holding it."""

    name: str
    about: str
    extension: str
    write: Callable[[CardKeys, Entries], str]


FORMATS = {f.name: f for f in (
    DeckFormat("text", "the engine's list: '4 Name' lines under [section] headers (every game)", ".txt",
               write_text),
    DeckFormat("codes", "'4 ST01-002 Usopp' lines under 'Main Deck (50)' headers (games whose cards carry a "
                        "code: all five)", ".txt", write_codes),
    DeckFormat("optcgsim", "OPTCGSim's '4xOP01-016' lines, the Leader first (One Piece)", ".txt", write_optcgsim),
    DeckFormat("ydk", "a YGOPro / EDOPro .ydk file: one passcode per copy under #main, #extra, !side (Yu-Gi-Oh!)",
               ".ydk", write_ydk),
    DeckFormat("ydke", "a ydke:// URL (EDOPro, Dueling Nexus): the three lists as base64 passcodes (Yu-Gi-Oh!)",
               ".txt", write_ydke),
)}


def formats_for(game: Game[Any]) -> list[str]:
    """The formats ``game``'s decks are written in: the engine's list, the code list when its
    cards carry codes, and those its players share (``DECK_CONVENTIONS.formats``)."""
    out = ["text"]
    if keys_for(game).code:
        out.append("codes")
    return out + [f for f in game.DECK_CONVENTIONS.formats if f in FORMATS]


def detect(text: str) -> str:
    """The format of a pasted text: ``ydke`` (a URL), ``ydk`` (a line ``#main``, ``#extra`` or
    ``!side``) or ``list`` (lines of cards: the engine's list, codes, OPTCGSim and the rest)."""
    for raw in text.splitlines():
        line = raw.strip()
        if line:
            if line[:len(YDKE)].casefold() == YDKE:
                return "ydke"
            break
    if any(raw.strip().casefold() in YDK_SECTIONS for raw in text.splitlines()):
        return "ydk"
    return "list"


def read_deck(game: Game[Any], text: str, source: str = "pasted deck") -> DeckList:
    """The deck ``text`` holds, in any format; :class:`DeckListErrors` naming every line that
    could not be read (then nothing of it is kept)."""
    keys = keys_for(game)
    kind = detect(text)
    if kind == "ydke":
        return read_ydke(keys, text, source)
    if kind == "ydk":
        return read_ydk(keys, text, source)
    return read_list(keys, text, source)


def merged(game: Game[Any], deck: DeckList) -> Entries:
    """The deck as (section, card, count), one per card of each section, the sections in the
    game's order and the cards in the order first listed: what every writer writes, and what
    two decks are compared by."""
    counts: dict[tuple[str, str], int] = {}
    for e in deck.entries:
        counts[(e.section, e.name)] = counts.get((e.section, e.name), 0) + e.count
    order = {s: i for i, s in enumerate(game.DECK_SECTIONS)}
    keys = sorted(counts, key=lambda k: order.get(k[0], len(order)))  # stable: first-listed order kept
    return [(section, name, counts[(section, name)]) for section, name in keys]


def write_deck(game: Game[Any], deck: DeckList, fmt: str) -> str:
    """``deck`` written in the format named ``fmt``; a DataError for a format the game's decks
    are not written in, or a card the format cannot name."""
    if fmt not in formats_for(game):
        raise DataError(f"{game.title or game.name} decks are written as {', '.join(formats_for(game))}, not {fmt!r}")
    return FORMATS[fmt].write(keys_for(game), merged(game, deck))


def open_deck(game: Game[Any], name_or_path: str | Path) -> DeckList:
    """A starter deck by its name, or a deck file in any format, checked by the game's deck
    rules (``tcg play --deck``, ``tcg simulate --decks``); the first problem is raised."""
    if str(name_or_path) in game.starter_decks():
        return game.deck(str(name_or_path))
    path = Path(name_or_path)
    try:
        data = path.read_bytes()
    except OSError:
        known = ", ".join(game.starter_decks()) or "none"
        raise DataError(f"no such deck file; starter decks are: {known}", source=str(name_or_path)) from None
    deck = read_deck(game, decode_utf8(data, str(path)), str(path))
    errors = game.check_deck(deck)
    if errors:
        raise errors[0]
    return deck
