"""The game-agnostic core: state, actions, decisions, events, randomness, observations, replays.

No module in this package knows the rules of any game; each game subclasses :class:`State`.
"""

from tcg.core.actions import Action
from tcg.core.errors import DataError, IllegalActionError, TcgError
from tcg.core.game import Game
from tcg.core.state import Card, Decision, State, Task

__all__ = ["Action", "Card", "DataError", "Decision", "Game", "IllegalActionError", "State", "Task", "TcgError"]
