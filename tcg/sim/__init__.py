"""Playing games between agents: the game loop, replays and batch simulation."""

from tcg.sim.loop import Result, play_game
from tcg.sim.replay import Replay, replay

__all__ = ["Replay", "Result", "play_game", "replay"]
