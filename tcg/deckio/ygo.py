"""Yu-Gi-Oh! decks as YGOPro and EDOPro share them: ``.ydk`` files and ``ydke://`` URLs.

A ``.ydk`` file names one copy per line by passcode under ``#main``, ``#extra`` and ``!side``
(``#created by ...`` and other ``#`` lines are comments). A ``ydke://`` URL holds the same three
lists as base64 of little-endian unsigned 32-bit passcodes, each field ending in ``!``:
``ydke://<main>!<extra>!<side>!``. Both are read for any game whose cards carry a ``passcode``.

Why a ``ydke://`` URL is measured before it is decoded: decoding is what costs, and a URL of
megabytes is refused by its length, naming it, before any of it is read.
"""

from __future__ import annotations

import base64
import binascii
import struct

from tcg.core.decklist import DeckList
from tcg.core.errors import DataError
from tcg.core.limits import MAX_DECK_CARDS
from tcg.deckio.keys import CardKeys
from tcg.deckio.reading import Reading, shown

YDK_SECTIONS = {"#main": "main", "#extra": "extra", "!side": "side"}
YDKE = "ydke://"
YDKE_FIELDS = ("main", "extra", "side")
#: The most base64 a ``ydke://`` URL may hold: a whole deck of the engine's largest size in one
#: field, with the padding of three.
YDKE_MAX_CHARS = 4 * -(-MAX_DECK_CARDS * 4 // 3) + 8


def _no_passcodes(reading: Reading) -> bool:
    if reading.keys.by_passcode:
        return False
    reading.error(f"{reading.keys.title} cards carry no passcodes: .ydk files and ydke:// URLs are "
                  "Yu-Gi-Oh! decks", None)
    return True


def _unknown(keys: CardKeys, passcode: int | str) -> str:
    return (f"passcode {passcode} is no card of the engine's {keys.title} pool "
            f"({len(keys.by_passcode)} cards; `tcg cards search --game {keys.game.name}` lists them)")


def read_ydk(keys: CardKeys, text: str, source: str) -> DeckList:
    """A ``.ydk`` file's deck; every line that is no passcode, section or comment is an error."""
    reading = Reading(keys, source)
    section = "main"
    for lineno, raw in enumerate([] if _no_passcodes(reading) else text.splitlines(), start=1):
        line = raw.strip()
        if reading.stopped:
            break
        if not line:
            continue
        if line.casefold() in YDK_SECTIONS:
            section = YDK_SECTIONS[line.casefold()]
        elif line.startswith("#"):
            continue
        elif line.isascii() and line.isdigit() and len(line) <= 10:
            name = keys.by_passcode.get(int(line))
            if name is None:
                reading.error(_unknown(keys, int(line)), lineno)
            else:
                reading.add(None, name, lineno, section, merge=True)
        else:
            reading.error(f"{shown(line)}: a .ydk line is a passcode (digits), #main, #extra, !side or a "
                          "#comment", lineno)
    return reading.result()


def read_ydke(keys: CardKeys, text: str, source: str) -> DeckList:
    """A ``ydke://`` URL's deck: the URL alone (blank lines around it are ignored)."""
    reading = Reading(keys, source)
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    lineno, url = lines[0]
    if _no_passcodes(reading):
        return reading.result()
    if len(lines) > 1:
        reading.error(f"{shown(lines[1][1])}: a ydke:// URL is a whole deck on one line; nothing may follow it",
                      lines[1][0])
    fields = url[len(YDKE):].split("!")
    if fields[-1] == "":
        fields.pop()
    size = sum(len(f) for f in fields)
    if size > YDKE_MAX_CHARS:
        reading.error(f"the ydke:// URL holds {size} characters of base64; a deck of at most {MAX_DECK_CARDS} "
                      f"cards needs at most {YDKE_MAX_CHARS}", lineno)
    elif len(fields) != len(YDKE_FIELDS):
        reading.error(f"a ydke:// URL has three fields, each ending in '!' (ydke://main!extra!side!); this one "
                      f"has {len(fields)}", lineno)
    else:
        for section, field in zip(YDKE_FIELDS, fields, strict=True):
            _ydke_field(reading, section, field, lineno)
    return reading.result()


def _ydke_field(reading: Reading, section: str, field: str, lineno: int) -> None:
    """One field's passcodes, added to ``section``."""
    try:
        data = base64.b64decode(field, validate=True)
    except (binascii.Error, ValueError) as exc:
        reading.error(f"the {section} field of the ydke:// URL is not base64 ({exc})", lineno)
        return
    if len(data) % 4:
        reading.error(f"the {section} field of the ydke:// URL holds {len(data)} bytes; a passcode is 4 bytes",
                      lineno)
        return
    for number, (passcode,) in enumerate(struct.iter_unpack("<I", data), start=1):
        name = reading.keys.by_passcode.get(passcode)
        if name is None:
            reading.error(f"card {number} of the {section} field: {_unknown(reading.keys, passcode)}", lineno)
        else:
            reading.add(None, name, lineno, section, merge=True)
        if reading.stopped:
            return


def passcodes(keys: CardKeys, entries: list[tuple[str, str, int]], section: str, form: str) -> list[int]:
    """The passcodes of a section, one per copy; a card without one cannot be written."""
    out = []
    for sec, name, count in entries:
        if sec != section:
            continue
        if name not in keys.passcode:
            raise DataError(f"{name!r} has no passcode; {form} names every card by one")
        out += [keys.passcode[name]] * count
    return out


def write_ydk(keys: CardKeys, entries: list[tuple[str, str, int]]) -> str:
    lines = ["#created by tcg-engine"]
    for marker, section in YDK_SECTIONS.items():
        lines.append(marker)
        lines += [str(p) for p in passcodes(keys, entries, section, "a .ydk file")]
    return "\n".join(lines) + "\n"


def write_ydke(keys: CardKeys, entries: list[tuple[str, str, int]]) -> str:
    fields = []
    for section in YDKE_FIELDS:
        codes = passcodes(keys, entries, section, "a ydke:// URL")
        fields.append(base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode("ascii"))
    return YDKE + "".join(f"{f}!" for f in fields) + "\n"
