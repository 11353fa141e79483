"""Readable deck names, and players named by their decks (issue 37 item 10).

Why: a person picks "ST-04 Animal Kingdom Pirates (Kaido)", not ``animal_kingdom_pirates``, and
reads "You (Kaido)" / "The opponent (Luffy)" rather than P0 / P1. A room keeps each seat's deck
*label* as it was chosen (a starter deck's file name, a saved deck's own name, or ``pasted
deck``): the label is what the store keeps, and it is worded here, in the reader's language,
each time it is shown -- from the game's texts (``decks.<name>``: the title a picker shows,
``decks_short.<name>``: the short name that names a player).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tcg.core.game import Game
from tcg.core.presentation import CORE_TEXTS, Json, Say, catalogue, languages
from tcg.core.registry import game_names, load_game

#: The label of a deck pasted into the lobby (a room's seat label; worded as ``ui.deck_pasted``).
PASTED = "pasted deck"


def _texts(game: Game[Any] | None, lang: str) -> Json:
    """The game's catalogue in ``lang`` (in English if the game lacks it: its deck titles are
    better than file names), or the core's without a game."""
    if game is None:
        return catalogue((CORE_TEXTS,), lang if lang in languages(CORE_TEXTS) else "en")
    return game.presentation.texts(lang if lang in game.presentation.languages else "en")


def deck_title(texts: Json, label: str) -> str:
    """The title a picker shows: the game's ``decks.<label>``, else the label as it is (a saved
    deck's name is its owner's own)."""
    if label == PASTED:
        return str(texts.get("ui", {}).get("deck_pasted", label))
    return str(texts.get("decks", {}).get(label, label))


def deck_short(texts: Json, label: str) -> str:
    """The short name that names a player: ``decks_short.<label>``, else the title."""
    short = texts.get("decks_short", {}).get(label)
    return str(short) if short is not None else deck_title(texts, label)


def starter_titles(game: Game[Any], lang: str) -> dict[str, str]:
    """Every starter deck of ``game`` by file name, with its title in ``lang``."""
    texts = _texts(game, lang)
    return {name: deck_title(texts, name) for name in game.starter_decks()}


def player_decks(game: Game[Any] | None, labels: Sequence[str], lang: str) -> list[str]:
    """The short deck names of the seats, in ``lang`` (what :class:`~tcg.core.presentation.Say`
    names the players with)."""
    texts = _texts(game, lang)
    return [deck_short(texts, str(label)) for label in labels]


def matchup(game: Game[Any] | None, labels: Sequence[str], lang: str) -> list[str]:
    """The seats' deck titles, for a list of games ("Fire & Nature beatdown", "Kokujo's ...")."""
    texts = _texts(game, lang)
    return [deck_title(texts, str(label)) for label in labels]


def finished_row(row: Json, lang: str) -> Json:
    """A stored game as the list of finished games shows it: its decks' titles (``decks``), its
    winner named by deck (``winner_name``: "Player 1 (Kaido)", or the word for a draw) and the
    reason in words (``reason_text``), in ``lang``; the stored fields as they are."""
    game = load_game(row["game"]) if row["game"] in game_names() else None
    texts = _texts(game, lang)
    labels = [str(x) for x in row.get("labels") or []]
    say = Say(texts, lang, None, lambda cid: None, [deck_short(texts, x) for x in labels] or None)
    winner = row.get("winner")
    name = say.named(winner) if isinstance(winner, int) and not isinstance(winner, bool) else (
        say.word(str(winner)) if winner is not None else "")
    reason = str(row.get("reason") or "")
    return {**row, "title": game.title if game is not None else row["game"], "decks": matchup(game, labels, lang),
            "winner_name": name, "reason_text": say.word(reason) if reason and say.has("words", reason) else reason}
