"""Yu-Gi-Oh! (YGO-1 .. YGO-134): the rules module on the shared core."""

from tcg.games.yugioh.game import YugiohGame
from tcg.games.yugioh.state import YugiohState

GAME = YugiohGame()
YugiohState.GAME = GAME

__all__ = ["GAME", "YugiohGame", "YugiohState"]
