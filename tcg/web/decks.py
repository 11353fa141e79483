"""The deck builder's API: search the card index, check a deck as it is built, store decks.

Why the builder sends the whole deck text on every change rather than keeping a deck on the
server: the text format ``tcg deck check`` reads is the one encoding of a deck (storage, the
lobby), and a check of 60 lines costs less than a round trip; the page stays a view of that text.
A pasted deck in any format players share (:mod:`tcg.deckio`: ``.ydk``, ``ydke://``, OPTCGSim,
``4 ST01-002 Usopp``...) is read by the same reader, and written back in each by ``export``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from pydantic import BaseModel, Field

from tcg.carddb import CardIndex, CardRow
from tcg.core.decklist import DeckList
from tcg.core.errors import DataError, TcgError
from tcg.core.game import Game
from tcg.core.registry import game_names, load_game
from tcg.deckio import FORMATS, DeckListErrors, detect, formats_for, read_deck, write_deck
from tcg.web.identity import owner_of
from tcg.web.inputs import MAX_NAME_CHARS, Cost, DeckText, Filter, Lang, PathId, PathWord, Word
from tcg.web.store import Store

_PRINTED_NUMBER = re.compile(r"-[A-Z]{0,2}\d{3,}$")
#: At most this many search results are sent (the total is said): a page, not the whole pool.
SEARCH_LIMIT = 200


class DeckCheck(BaseModel):
    game: Word
    text: DeckText


class SavedDeck(BaseModel):
    game: Word
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    text: DeckText


def game_or_404(name: str) -> Game[Any]:
    if name not in game_names():
        raise HTTPException(404, f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return load_game(name)


class DeckExport(BaseModel):
    game: Word
    text: DeckText
    format: Word = "text"


def read_errors(game: Game[Any], text: str) -> tuple[DeckList | None, list[dict[str, Any]]]:
    """A deck list's text in any format, read: the list, or None and every line that could not
    be read (a line nobody can read is never a card)."""
    try:
        return read_deck(game, text, source="pasted deck"), []
    except DeckListErrors as exc:
        return None, [{"line": e.line, "message": e.message} for e in exc.errors]
    except DataError as exc:
        return None, [{"line": exc.line, "message": exc.message}]


def deck_errors(game: Game[Any], text: str) -> tuple[DeckList | None, list[dict[str, Any]]]:
    """A deck list's text, read and checked by the game's deck rules: the list (None if it
    cannot be read) and every error with its line number."""
    deck, errors = read_errors(game, text)
    if deck is None:
        return None, errors
    return deck, [{"line": e.line, "message": e.message} for e in game.check_deck(deck)]


def check_result(game: Game[Any], text: str) -> dict[str, Any]:
    """What the builder shows after each change: legal or not, the errors, the count per section
    and the deck's entries (an imported text becomes the builder's deck from these)."""
    deck, errors = deck_errors(game, text)
    if deck is None:
        return {"ok": False, "errors": errors, "cards": 0, "sections": {}, "entries": []}
    sections: Counter[str] = Counter()
    for e in deck.entries:
        sections[e.section] += e.count
    return {"ok": not errors, "errors": errors, "cards": sum(sections.values()), "sections": dict(sections),
            "entries": [{"section": e.section, "name": e.name, "count": e.count} for e in deck.entries]}


def import_result(game: Game[Any], text: str) -> dict[str, Any]:
    """A pasted deck read for the builder: ``read`` and its entries, or every line that could not
    be read (then ``entries`` is empty and the builder's deck stays as it was)."""
    deck, errors = read_errors(game, text)
    if deck is None:
        return {"read": False, "format": detect(text), "errors": errors, "entries": []}
    return {"read": True, "format": detect(text), "errors": [],
            "entries": [{"section": e.section, "name": e.name, "count": e.count} for e in deck.entries]}


def export_result(game: Game[Any], text: str, fmt: str) -> dict[str, Any]:
    """The builder's deck written in ``fmt``, with the name of a file to save it as."""
    if fmt not in formats_for(game):
        formats = ", ".join(formats_for(game))
        raise HTTPException(422, f"{game.title or game.name} decks are written as {formats}, not {fmt!r}")
    deck, errors = read_errors(game, text)
    if deck is None:
        error = errors[0]
        raise HTTPException(422, f"the deck list does not parse: line {error['line']}: {error['message']}")
    try:
        return {"format": fmt, "text": write_deck(game, deck, fmt), "extension": FORMATS[fmt].extension}
    except DataError as exc:
        raise HTTPException(422, exc.message) from None


def card_row(game: Game[Any], row: CardRow, printed: dict[str, str] | None) -> dict[str, Any]:
    """A search result: the card's columns, its first printing (set list, else its own fields) and
    the deck section it goes to."""
    card = game.cards().get(row.name)
    where = printed or {"set": row.set_code, "number": "", "rarity": row.rarity}
    return {"name": row.name, "type": row.type, "cost": row.cost, "power": row.power, "colors": row.colors,
            "races": row.races, "set": where["set"], "number": where["number"], "rarity": where["rarity"],
            "original": row.original, "section": game.deck_section(card) if card is not None else "main"}


def facets_of(game: Game[Any], index: CardIndex, lang: str) -> dict[str, Any]:
    """The values a search form offers (the game's card types, colours, sets and rarities) and
    its deck sections, named in ``lang``."""
    presentation = game.presentation
    if lang not in presentation.languages:
        raise HTTPException(422, f"no {lang!r} texts for {game.name}; languages: {', '.join(presentation.languages)}")
    say = presentation.say(lang, None, lambda cid: None)
    rows = index.search(game=game.name)
    sets = [c.set for c in index.sets(game.name)]
    # products without a set list yet, from the cards' own codes: "DM-04" names a set, "LOB-005"
    # and "BS01-050" a card of one (a number of three digits or more after the last hyphen)
    sets += sorted({_PRINTED_NUMBER.sub("", r.set_code) for r in rows if r.set_code} - set(sets))

    def named(section: str, key: str) -> dict[str, str]:
        if section == "colors":  # each game names its colour words' section its own way
            section = next((s for s in ("colors", "civilizations", "attributes") if say.has(s, key)), section)
        return {"key": key, "label": say.t(section, key, default=key)}
    return {"types": [named("card_types", t) for t in sorted({r.type for r in rows if r.type})],
            "colors": [named("colors", c) for c in sorted({c for r in rows for c in r.colors})],
            "sets": sets, "rarities": sorted({r.rarity for r in rows if r.rarity}),
            "sections": [named("deck_sections", k) for k in game.DECK_SECTIONS],
            "formats": [{"key": f, "extension": FORMATS[f].extension} for f in formats_for(game)]}


def storable(game: Game[Any], text: str) -> tuple[str, dict[str, Any]]:
    """A deck to store: the engine's list of ``text`` (whatever format it came in) and its
    check; 422 naming the first line that cannot be read, when one cannot."""
    deck, errors = read_errors(game, text)
    if deck is None:
        error = errors[0]
        where = f"line {error['line']}: " if error["line"] else ""
        raise HTTPException(422, f"the deck list does not parse: {where}{error['message']}")
    text = write_deck(game, deck, "text")
    return text, check_result(game, text)


def format_api(app: FastAPI) -> None:
    """Reading a pasted deck in any format and writing one in each (:mod:`tcg.deckio`)."""
    @app.post("/api/decks/import")
    def import_deck(body: DeckCheck) -> dict[str, Any]:
        """A pasted deck in any format, read (nothing is stored): its entries, or every line
        that could not be read."""
        return import_result(game_or_404(body.game), body.text)

    @app.post("/api/decks/export")
    def export_deck(body: DeckExport) -> dict[str, Any]:
        """A deck list written in one of its game's formats (``facets`` lists them)."""
        return export_result(game_or_404(body.game), body.text, body.format)


def deck_api(app: FastAPI, store: Store, index: CardIndex) -> None:
    format_api(app)

    @app.get("/api/cards/{game_name}/search")
    def search(game_name: PathWord, name: Filter = None, text: Filter = None, type: Filter = None,
               color: Filter = None, set: Filter = None, rarity: Filter = None, cost_min: Cost = None,
               cost_max: Cost = None, original: bool | None = None) -> dict[str, Any]:
        """Cards of a game matching every filter given (as ``tcg cards search``), at most a page."""
        game = game_or_404(game_name)
        try:
            rows = index.search(game=game_name, name=name, text=text, type=type, color=color, set_code=set,
                                rarity=rarity, cost_min=cost_min, cost_max=cost_max, original=original)
        except TcgError as exc:
            raise HTTPException(422, str(exc)) from None
        printed = index.first_printings(game_name)
        return {"total": len(rows), "cards": [card_row(game, r, printed.get(r.name)) for r in rows[:SEARCH_LIMIT]]}

    @app.get("/api/cards/{game_name}/facets")
    def facets(game_name: PathWord, lang: Lang = "en") -> dict[str, Any]:
        return facets_of(game_or_404(game_name), index, lang)

    @app.post("/api/decks/check")
    def check_deck(body: DeckCheck) -> dict[str, Any]:
        return check_result(game_or_404(body.game), body.text)

    @app.get("/api/decks")
    def saved(request: Request, game: Filter = None) -> dict[str, Any]:
        """This browser's saved decks (another's are not listed)."""
        if game is not None:
            game_or_404(game)
        return {"decks": store.decks(owner_of(request), game)}

    @app.post("/api/decks")
    def save(body: SavedDeck, request: Request) -> dict[str, Any]:
        """Store a deck by name for this browser (the same name again replaces its deck, never
        another browser's); an unfinished deck may be saved, and the lobby offers it once it is
        legal. A list that cannot be read whole is refused and nothing is stored."""
        text, result = storable(game_or_404(body.game), body.text)
        deck_id = store.save_deck(owner_of(request), body.game, body.name.strip(), text, result["cards"],
                                  result["ok"])
        return {"id": deck_id, **result}

    @app.get("/api/decks/{deck_id}")
    def load(deck_id: PathId, request: Request) -> dict[str, Any]:
        """A deck of this browser's (another's is not found: 404, as if it did not exist)."""
        deck = store.deck(deck_id, owner_of(request))
        if deck is None:
            raise HTTPException(404, f"no saved deck {deck_id}")
        return deck

    @app.delete("/api/decks/{deck_id}")
    def delete(deck_id: PathId, request: Request) -> dict[str, Any]:
        if not store.delete_deck(deck_id, owner_of(request)):
            raise HTTPException(404, f"no saved deck {deck_id}")
        return {"deleted": deck_id}
