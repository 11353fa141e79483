"""Force of Will (FOW-1 .. FOW-124): the 2013-14 rule sheet's game on the shared core."""

from tcg.games.force_of_will.game import ForceOfWillGame
from tcg.games.force_of_will.state import ForceOfWillState

GAME = ForceOfWillGame()
ForceOfWillState.GAME = GAME

__all__ = ["GAME", "ForceOfWillGame", "ForceOfWillState"]
