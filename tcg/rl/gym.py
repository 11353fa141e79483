"""The single-agent Gymnasium environment: the learner holds one seat, an engine agent the other.

The opponent is any agent of :mod:`tcg.agents` by its spec string (``random``, ``rule``,
``ismcts:iterations=50``), seeded from the game's seed; it sees what the simulator shows agents
(:func:`tcg.sim.loop.observe`), never the state, and moves in whole actions between the
learner's steps. The learner's seat is ``seat`` (0, 1, or ``"random"``: drawn at each reset).
The observation is the learner's float32 vector; the legal tokens are ``info["action_mask"]``
and ``action_masks()`` (the names sb3-contrib's MaskablePPO reads). Rewards and illegal indexes
as in :mod:`tcg.rl.aec`: +1 / -1 / 0 at the end, an illegal index ends the game with -1.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from tcg.agents.base import Agent, agent_seed, make_agent
from tcg.core.errors import DataError
from tcg.rl.encode import Vector
from tcg.rl.match import DEFAULT_MAX_ACTIONS, OBS_BOUND, Mask, Match, env_options
from tcg.sim.loop import observe

OPTIONS = ("opponent", "seat", "decks", "rules", "max_actions", "render_mode")


class TcgGymEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a game against an engine agent."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game: str, opponent: str = "random", **options: Any) -> None:
        env_options(options, OPTIONS)
        seat = options.get("seat", 0)
        if seat not in (0, 1, "random"):
            raise DataError(f"seat is 0, 1 or 'random', got {seat!r}", field="seat")
        self.seat_option = seat
        make_agent(opponent, 0)  # a bad spec fails here, not at the first reset
        self.opponent_spec = opponent
        self.match = Match(game, options.get("decks"), options.get("rules"),
                           options.get("max_actions", DEFAULT_MAX_ACTIONS))
        self.render_mode = options.get("render_mode")
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (self.match.obs_size,), np.float32)
        self.action_space = spaces.Discrete(self.match.n_actions)
        self.seat = 0
        self.opponent: Agent = make_agent(opponent, 0)
        self._cursor = [0, 0]
        self._ended = False

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(1 << 62))
        self.seat = int(self.np_random.integers(2)) if self.seat_option == "random" else int(self.seat_option)
        self.opponent = make_agent(self.opponent_spec, agent_seed(game_seed, 1 - self.seat))
        self._cursor = [0, 0]
        self._ended = False
        self.match.start(game_seed, log_events=getattr(self.opponent, "observes", True))
        self._opponent_moves()
        return self.match.observe(self.seat), self._info()

    def step(self, action: Any) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        match = self.match
        if self._ended or match.over or match.truncated:
            raise DataError("the game is over: call reset()", field="action")
        if not match.choose(action):
            info = self._info()
            info["illegal"] = action if isinstance(action, int | np.integer) else repr(action)
            self._ended = True
            return match.observe(self.seat), -1.0, True, False, info
        self._opponent_moves()
        reward = match.reward(self.seat) if match.over else 0.0
        return match.observe(self.seat), reward, match.over, match.truncated, self._info()

    def _opponent_moves(self) -> None:
        """Let the opponent play whole actions until the learner decides or the game ends."""
        match = self.match
        opp = 1 - self.seat
        while match.decider == opp:
            legal = match.legal()
            agent = self.opponent
            obs = observe(match.state, opp, agent, self._cursor) if getattr(agent, "observes", True) else {
                "game": match.game.name, "viewer": opp}
            match.apply(agent.choose(obs, legal))

    def action_masks(self) -> Mask:
        """The tokens the learner may choose now (sb3-contrib's MaskablePPO calls this)."""
        return self.match.mask(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.match.mask(self.seat), "seat": self.seat}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.match.describe()
