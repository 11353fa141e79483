"""Reinforcement-learning environments for the five games (docs/rl.md): PettingZoo and Gymnasium.

- :func:`aec_env` — a PettingZoo ``AECEnv`` with agents ``player_0`` and ``player_1``;
- :func:`gym_env` — a single-agent ``gymnasium.Env`` against an engine agent;
- importing this package registers ``tcg/<Game>-v0`` for ``gymnasium.make`` (``ENV_IDS``).

They need the optional extra ``rl`` (``pip install 'tcg-engine[rl]'``).
"""

from __future__ import annotations

from typing import Any

from tcg.rl.catalogue import CATALOGUES

#: The Gymnasium id of each game's single-agent environment.
ENV_IDS: dict[str, str] = {game: f"tcg/{cat.env_name}-v0" for game, cat in sorted(CATALOGUES.items())}


def aec_env(game: str, **options: Any) -> Any:
    """The PettingZoo AEC environment of ``game`` (options: decks, rules, max_actions, render_mode)."""
    from tcg.rl.aec import TcgAECEnv

    return TcgAECEnv(game, **options)


def gym_env(game: str, opponent: str = "random", **options: Any) -> Any:
    """The Gymnasium environment of ``game`` against ``opponent`` (an agent spec such as "rule",
    "ismcts:iterations=50"); options: seat, decks, rules, max_actions, render_mode."""
    from tcg.rl.gym import TcgGymEnv

    return TcgGymEnv(game, opponent, **options)


def register() -> None:
    """Register every ``tcg/<Game>-v0`` id with Gymnasium (done on import; repeating is harmless)."""
    try:
        import gymnasium
    except ImportError as exc:  # the extra is optional: say which one
        raise ImportError("tcg.rl needs the optional extra rl: pip install 'tcg-engine[rl]' "
                          "(gymnasium, pettingzoo, numpy)") from exc

    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="tcg.rl.gym:TcgGymEnv", kwargs={"game": game})


register()

__all__ = ["ENV_IDS", "aec_env", "gym_env", "register"]
