"""Where each turn of a stored game begins, for the replay viewer's jump by turn.

Why computed once per stored game: finding the turns replays the whole game (the ``turn_start``
events), and a viewer stepping through a game asks for a position at every step; a stored game
never changes, so its turns are kept (a small bounded cache).
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any

from tcg.sim.replay import Replay, initial_state, steps

#: Stored games whose turns are kept.
CACHED_GAMES = 64


def turn_starts(rep: Replay) -> list[dict[str, Any]]:
    """``[{"turn", "player", "step"}]``: each turn with the number of actions after which it
    has begun (0 for a turn the game's start already began)."""
    state = initial_state(rep)
    out = [{"turn": ev.get("turn"), "player": ev.get("player"), "step": 0}
           for ev in state.events if ev.get("type") == "turn_start"]
    for i, _player, _action, events in steps(rep, state):
        out += [{"turn": ev.get("turn"), "player": ev.get("player"), "step": i + 1}
                for ev in events if ev.get("type") == "turn_start"]
    return out


class TurnCache:
    """The turns of the stored games last asked for, by game id."""

    def __init__(self, size: int = CACHED_GAMES) -> None:
        self.size = size
        self.lock = Lock()
        self.games: OrderedDict[int, list[dict[str, Any]]] = OrderedDict()

    def get(self, game_id: int, rep: Replay) -> list[dict[str, Any]]:
        with self.lock:
            if game_id in self.games:
                self.games.move_to_end(game_id)
                return self.games[game_id]
        turns = turn_starts(rep)
        with self.lock:
            self.games[game_id] = turns
            while len(self.games) > self.size:
                self.games.popitem(last=False)
        return turns
