"""One Piece Card Game (OP-1 .. OP-123): the rules module on the shared core."""

from tcg.games.one_piece.game import OnePieceGame
from tcg.games.one_piece.state import OnePieceState

GAME = OnePieceGame()
OnePieceState.GAME = GAME

__all__ = ["GAME", "OnePieceGame", "OnePieceState"]
