"""Per-game tables of the RL environments' observations: what the fixed-size Box is built from.

A ``Box`` observation needs its size before the first game starts: the decision kinds, phases
and counters it encodes are listed here, one table per game (docs/rl.md shows them), taken from
the rules modules and from thousands of random games. Observation-only lists have an "other"
slot, so that a new phase only loses detail.
The action tokens are the game's own spelling (:mod:`tcg.core.spelling`, declared in each game's
``spelling.py``), shared with the field-by-field choices of the browser and the terminal;
``fields``, ``literals`` and ``numbers`` here read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from tcg.core.spelling import Spelling


@dataclass(frozen=True)
class Catalogue:
    """What one game's RL spaces know by name."""

    game: str
    #: the Gymnasium id's game part: ``tcg/<env_name>-v0``
    env_name: str
    #: decision kinds, for the observation (one-hot, plus "other")
    kinds: tuple[str, ...]
    #: phase names, for the observation (one-hot, plus "other")
    phases: tuple[str, ...]
    #: player counters (``state.counters[p]``), each one observation number
    player_counters: tuple[str, ...]
    #: card counters (``card.counters``), each one number per visible card
    card_counters: tuple[str, ...]
    #: counters counted in thousands (life points): divided by 1000 in the observation, others by 10
    big_counters: tuple[str, ...] = ()

    @cached_property
    def spelling(self) -> Spelling:
        from tcg.core.registry import load_game

        return load_game(self.game).spelling

    @property
    def fields(self) -> tuple[str, ...]:
        """The action field names (each is a token announcing the field's value)."""
        return self.spelling.fields

    @property
    def literals(self) -> tuple[str, ...]:
        return self.spelling.literals

    @property
    def numbers(self) -> int:
        return self.spelling.numbers


CATALOGUES: dict[str, Catalogue] = {
    c.game: c
    for c in (
        Catalogue(
            game="battle_spirits", env_name="BattleSpirits",
            kinds=("attack_declaration", "block", "burst", "burst_pay", "flash", "keep_brave", "main", "option",
                   "optional", "order_effects", "reveal", "spread", "target"),
            phases=("start", "core", "draw", "refresh", "main", "attack_declaration", "flash_1", "block", "flash_2",
                    "comparison", "destruction", "end"),
            player_counters=("core_stock", "life", "reserve", "trash_cores"),
            card_counters=("cores",),
        ),
        Catalogue(
            game="duel_masters", env_name="DuelMasters",
            kinds=("attack", "block", "break", "break_all", "breaker_count", "charge", "choose_one", "forced_attack",
                   "main", "optional", "order_triggers", "pay", "replacement", "shield_trigger", "silent_skill",
                   "target"),
            phases=("untap", "draw", "charge", "main", "attack", "end"),
            player_counters=(),
            card_counters=(),
        ),
        Catalogue(
            game="force_of_will", env_name="ForceOfWill",
            kinds=("block", "break", "copy_spell", "cost_banish", "cost_discard", "cost_rest", "discard",
                   "effect_card", "effect_discard", "effect_rest", "first_player", "main", "mode", "mulligan", "pay",
                   "target", "window"),
            phases=("recovery", "draw", "main", "end"),
            player_counters=("life", "lifebreak_revealed", "will_darkness", "will_fire", "will_light", "will_water",
                             "will_wind"),
            card_counters=("damage",),
            big_counters=("life", "damage"),
        ),
        Catalogue(
            game="one_piece", env_name="OnePiece",
            kinds=("block", "choose_one", "count", "counter", "deck_arrange", "deck_order", "don_minus", "ko_replace",
                   "life_look", "life_pick", "life_place", "main", "mulligan", "optional", "order_effects",
                   "play_revealed", "replace", "reveal_pick", "target", "trigger"),
            phases=("refresh", "draw", "don_phase", "main", "end"),
            player_counters=("cost_area_active", "cost_area_rested", "don_deck"),
            card_counters=("don",),
        ),
        Catalogue(
            game="yugioh", env_name="YuGiOh",
            kinds=("battle_step", "declare_target", "discard", "extra_summon", "fusion_monster", "main",
                   "main1_skipped", "order_triggers", "replay", "response", "summon_material", "summon_position",
                   "target", "trigger"),
            phases=("draw", "standby", "main1", "battle_step", "end_of_damage_step", "main2", "end"),
            player_counters=("lp",),
            card_counters=(),
            big_counters=("lp",),
        ),
    )
}


def catalogue(game: str) -> Catalogue:
    """The observation tables of ``game`` (a registry name)."""
    from tcg.core.errors import DataError

    if game not in CATALOGUES:
        raise DataError(f"no RL environment for game {game!r}; games: {', '.join(sorted(CATALOGUES))}",
                        field="game")
    return CATALOGUES[game]
