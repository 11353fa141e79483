"""Which games exist, imported lazily so that loading one game never loads the others."""

from __future__ import annotations

import importlib
from pathlib import Path

from tcg.core.errors import DataError
from tcg.core.game import Game

#: Every package under ``tcg/games/`` is a game (its ``__init__`` exports ``GAME``): found by
#: its folder, without importing it, so a new game needs no line here (docs/architecture.md,
#: "Adding a game") and loading one game still loads no other.
GAMES: dict[str, str] = {
    p.parent.name: f"tcg.games.{p.parent.name}"
    for p in sorted((Path(__file__).resolve().parent.parent / "games").glob("*/__init__.py"))
}


def load_game(name: str) -> Game:
    if name not in GAMES:
        raise DataError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")
    module = importlib.import_module(GAMES[name])
    game: Game = module.GAME
    return game


def game_names() -> list[str]:
    return sorted(GAMES)
