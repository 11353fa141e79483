"""Battle Spirits (BS-1 .. BS-118): the rules module on the shared core."""

from tcg.games.battle_spirits.game import BattleSpiritsGame
from tcg.games.battle_spirits.state import BattleSpiritsState

GAME = BattleSpiritsGame()
BattleSpiritsState.GAME = GAME

__all__ = ["GAME", "BattleSpiritsGame", "BattleSpiritsState"]
