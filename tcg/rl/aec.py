"""The PettingZoo ``AECEnv`` of each game: two learners, ``player_0`` and ``player_1``.

``agent_selection`` is the seat whose sub-decision is pending; it stays the same while that seat
spells one action over several steps (rewards 0), and moves when the engine asks the other seat.
An index the mask forbids (or not an index at all) ends the game: -1 for that agent, 0 for the
other, ``infos[agent]["illegal"]`` says so, nothing is raised. A finished game rewards +1 / -1
(0 each for a draw); a game cut short at ``max_actions`` engine actions is truncated with 0.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tcg.rl.match import DEFAULT_MAX_ACTIONS, OBS_BOUND, Match, env_options

AGENTS = ("player_0", "player_1")
OPTIONS = ("decks", "rules", "max_actions", "render_mode")


class TcgAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    """A two-player game of one of the five card games, one token per step."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1, "name": "tcg_v0", "is_parallelizable": False}

    def __init__(self, game: str, **options: Any) -> None:
        super().__init__()
        env_options(options, OPTIONS)
        self.match = Match(game, options.get("decks"), options.get("rules"),
                           options.get("max_actions", DEFAULT_MAX_ACTIONS))
        self.metadata = {**self.metadata, "name": f"tcg_{game}_v0"}
        self.render_mode = options.get("render_mode")
        self.possible_agents = list(AGENTS)
        n, size = self.match.n_actions, self.match.obs_size
        obs_space = spaces.Dict({
            "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(AGENTS, obs_space)
        self.action_spaces = dict.fromkeys(AGENTS, spaces.Discrete(n))
        self._rng = np.random.default_rng()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.match.start(int(self._rng.integers(1 << 62)))
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[0]
        self._settle()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = AGENTS.index(agent)
        return {"observation": self.match.observe(seat), "action_mask": self.match.mask(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if not self.match.choose(action):
            self.rewards[agent] = -1.0
            self.infos[agent] = {"illegal": action if isinstance(action, int | np.integer) else repr(action)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """After a step: the next seat to decide, or the end of the game and its rewards."""
        match = self.match
        if match.over:
            for seat, agent in enumerate(AGENTS):
                self.rewards[agent] = match.reward(seat)
            self.terminations = dict.fromkeys(self.agents, True)
        elif match.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            decider = match.decider
            if decider is not None:
                self.agent_selection = AGENTS[decider]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.match.describe()

    def close(self) -> None:
        pass
