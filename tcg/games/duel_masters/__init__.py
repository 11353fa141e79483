"""Duel Masters (DM-1 .. DM-123): the rules module on the shared core."""

from tcg.games.duel_masters.game import DuelMastersGame
from tcg.games.duel_masters.state import DuelMastersState

GAME = DuelMastersGame()
DuelMastersState.GAME = GAME

__all__ = ["GAME", "DuelMastersGame", "DuelMastersState"]
