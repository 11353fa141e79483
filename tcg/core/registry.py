"""Which games exist, imported lazily so that loading one game never loads the others."""

from __future__ import annotations

import importlib

from tcg.core.errors import DataError
from tcg.core.game import Game

GAMES: dict[str, str] = {
    "duel_masters": "tcg.games.duel_masters",
    "battle_spirits": "tcg.games.battle_spirits",
    "yugioh": "tcg.games.yugioh",
    "one_piece": "tcg.games.one_piece",
    "force_of_will": "tcg.games.force_of_will",
}


def load_game(name: str) -> Game:
    if name not in GAMES:
        raise DataError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")
    module = importlib.import_module(GAMES[name])
    game: Game = module.GAME
    return game


def game_names() -> list[str]:
    return sorted(GAMES)
