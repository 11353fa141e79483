"""How a deck list may name a game's cards: by name in any case, by printed code, by passcode.

Why codes from two places: a card's own fields give the code it is exported with (its first
printing: ``OP01-016``, ``LOB-001``, ``DM-01 63/110``), and the game's set lists give every
printing a pasted list may use instead (Dark Magician is ``LOB-005`` and ``SDY-006``). The
fields are looked up by name, as :mod:`tcg.carddb.fields` does, so a new game needs no edit here.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tcg.carddb.sets import load_sets
from tcg.core.game import Game

#: Words a header of any game's list may use for a section, besides the section's own name.
GENERIC_HEADERS = {"deck": "main", "mainboard": "main", "main board": "main", "extra": "extra",
                   "extra deck": "extra", "side": "side", "side deck": "side", "sideboard": "side",
                   "side board": "side"}


def normal_code(text: str) -> str:
    """A code as it is looked up: upper case, one space between words, and a Yu-Gi-Oh! print's
    language letters dropped (``LOB-EN001`` and ``LOB-E001`` are the card of ``LOB-001``)."""
    code = " ".join(text.upper().split())
    head, dash, tail = code.rpartition("-")
    letters = len(tail) - len(tail.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    if dash and head and " " not in code and 1 <= letters <= 2 and tail[letters:].isdigit() and \
            len(tail) - letters == 3:
        return f"{head}-{tail[letters:]}"
    return code


def own_code(card: Any) -> str:
    """The code a card is exported with: its number when that names the set (``OP01-016``,
    ``CMF-090``), else its set and number (``DM-01 63/110``), else a set code that is a card's
    number (``LOB-001``, ``BS03-071``); "" for a card without one (an engine original)."""
    number = str(getattr(card, "card_number", "") or "")
    set_code = str(getattr(card, "set_code", "") or "")
    if "-" in number:
        return number
    if number and set_code:
        return f"{set_code} {number}"
    if "-" in set_code and set_code[-1].isdigit():
        return set_code
    return ""


def base_name(name: str, code: str) -> str:
    """A name without the code the engine adds to tell same-named cards apart: One Piece's
    ``Monkey.D.Luffy (ST01-001)`` is ``Monkey.D.Luffy`` on the card."""
    suffix = f" ({code})"
    return name[: -len(suffix)] if code and name.endswith(suffix) else name


@dataclass
class CardKeys:
    """One game's lookups from what a list writes to the card's name, and back."""

    game: Game[Any]
    by_name: dict[str, str] = field(default_factory=dict)
    by_code: dict[str, str] = field(default_factory=dict)
    by_passcode: dict[int, str] = field(default_factory=dict)
    by_base: dict[str, list[str]] = field(default_factory=dict)
    #: Codes two cards share (a set list and a card disagreeing): naming one is an error.
    ambiguous: dict[str, list[str]] = field(default_factory=dict)
    code: dict[str, str] = field(default_factory=dict)
    passcode: dict[str, int] = field(default_factory=dict)
    #: Header words (lower case) -> the section they start, "" for a heading that only groups.
    headers: dict[str, str] = field(default_factory=dict)
    #: Sections no card's type decides (Yu-Gi-Oh!'s Side Deck): a card listed there stays.
    free_sections: frozenset[str] = frozenset()
    not_cards: frozenset[str] = frozenset()

    @property
    def title(self) -> str:
        return self.game.title or self.game.name

    def card(self, text: str) -> str | None:
        """The card ``text`` names, as a whole: a name (any case), a code or a passcode."""
        if text in self.game.cards():
            return text
        found = self.by_name.get(text.casefold()) or self.by_code.get(normal_code(text))
        if found is None and text.isascii() and text.isdigit() and len(text) <= 10 and self.by_passcode:
            found = self.by_passcode.get(int(text))
        return found

    def is_base_of(self, words: str, name: str) -> bool:
        """Whether ``words`` is the card's name as printed (any case)."""
        folded = words.casefold()
        return folded in (name.casefold(), base_name(name, self.code.get(name, "")).casefold())

    def place(self, name: str, given: str) -> str:
        """The section a card goes in: its type's (Leader, ruler, magic stones, the Extra Deck),
        whatever section it was listed in, unless listed in a section no type decides."""
        if given in self.free_sections:
            return given
        return self.game.deck_section(self.game.cards()[name])

    def example(self) -> str:
        """Card lines this game's lists may hold, for an error message: ``'4 Usopp', 'Usopp x4',
        '4xST01-002' or '4 ST01-002 Usopp'``."""
        pool = self.game.cards()
        name = next((n for n in self.code if not pool[n].original), next(iter(pool), "Name"))
        code = self.code.get(name, "")
        shown = base_name(name, code)
        if not code:
            return f"'4 {shown}' or '{shown} x4'"
        if "optcgsim" in self.game.DECK_CONVENTIONS.formats:
            return f"'4 {shown}', '{shown} x4', '4x{code}' or '4 {code} {shown}'"
        return f"'4 {shown}', '{shown} x4' or '4 {code} {shown}'"

    def label(self, section: str) -> str:
        """A section's header in an exported list: "Main Deck", "Leader", "Magic Stone Deck"."""
        if section in ("main", "extra", "side"):
            return f"{section.title()} Deck"
        return section.replace("_", " ").title()


def _add_code(keys: CardKeys, code: str, name: str) -> None:
    key = normal_code(code)
    if not key:
        return
    if key in keys.ambiguous:
        keys.ambiguous[key].append(name)
        return
    other = keys.by_code.setdefault(key, name)
    if other != name:
        keys.ambiguous[key] = [other, name]
        del keys.by_code[key]


def _plural(word: str) -> str:
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def _headers(game: Game[Any]) -> dict[str, str]:
    """Every header word of the game's lists: its sections' names (with "deck" and a plural),
    the generic words, each card type as a heading that groups ("Monster (20)"), then the
    game's own words (:class:`~tcg.core.decklist.DeckConventions`), which win."""
    headers: dict[str, str] = {}
    for kind in sorted({str(c.type) for c in game.cards().values()}):
        word = kind.replace("_", " ")
        for form in (word, _plural(word), f"{word} cards", f"{_plural(word)} cards"):
            headers[form] = ""
    headers.update(GENERIC_HEADERS)
    for section in game.DECK_SECTIONS:
        word = section.replace("_", " ")
        for form in (word, _plural(word), word if word.endswith("deck") else f"{word} deck"):
            headers[form] = section
    headers.update(dict(game.DECK_CONVENTIONS.headers))
    return headers


@cache
def keys_for(game: Game[Any]) -> CardKeys:
    """The lookups of ``game`` (built once per game: its pool and set lists do not change)."""
    pool = game.cards()
    keys = CardKeys(game, headers=_headers(game), not_cards=frozenset(game.DECK_CONVENTIONS.not_cards))
    bases: dict[str, list[str]] = defaultdict(list)
    for name, card in pool.items():
        keys.by_name.setdefault(name.casefold(), name)
        code = own_code(card)
        if code:
            keys.code[name] = code
            _add_code(keys, code, name)
        passcode = getattr(card, "passcode", None)
        if isinstance(passcode, int):
            keys.passcode[name] = passcode
            keys.by_passcode[passcode] = name
        bases[base_name(name, code).casefold()].append(name)
    keys.by_base = {b: names for b, names in bases.items() if b not in keys.by_name or len(names) > 1}
    printed = [n for n, c in pool.items() if not c.original]
    for loaded in load_sets(game.package_dir / "sets", printed).sets:
        for entry in loaded.data.cards:
            if entry.why is None and entry.name in pool:
                number = entry.number if "-" in entry.number else f"{loaded.data.set} {entry.number}"
                _add_code(keys, number, entry.name)
    typed = {game.deck_section(c) for c in pool.values()}
    keys.free_sections = frozenset(s for s in game.DECK_SECTIONS if s not in typed)
    return keys
