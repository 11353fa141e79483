"""Per-game vocabularies of the RL environments: what the fixed-size spaces are built from.

A ``Discrete(N)`` action space and a ``Box`` observation need their sizes before the first
game starts, but the engine declares only its action types (``Game.ACTION_TYPES``): the field
names, the literal values of fields, the decision kinds, phases and counters are listed here,
one table per game (docs/rl.md shows them), taken from the ``Action(...)`` calls of the rules
modules and from thousands of random games.
Should an action still need a field, literal or number missing here, it is spelt with an OTHER
token and stays reachable (:mod:`tcg.rl.tokens`); tests/test_rl.py plays random games of every
game and fails if that ever happens. Observation-only lists (kinds, phases) have an "other" slot,
so that a new phase only loses detail.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Catalogue:
    """What one game's RL spaces know by name."""

    game: str
    #: the Gymnasium id's game part: ``tcg/<env_name>-v0``
    env_name: str
    #: action field names (each is a token announcing the field's value)
    fields: tuple[str, ...]
    #: literal field values (strings) and count-mapping keys that are not card ids
    literals: tuple[str, ...]
    #: decision kinds, for the observation (one-hot, plus "other")
    kinds: tuple[str, ...]
    #: phase names, for the observation (one-hot, plus "other")
    phases: tuple[str, ...]
    #: player counters (``state.counters[p]``), each one observation number
    player_counters: tuple[str, ...]
    #: card counters (``card.counters``), each one number per visible card
    card_counters: tuple[str, ...]
    #: how many number tokens (0 .. numbers-1): counts, indexes, amounts of cores
    numbers: int = 64
    #: counters counted in thousands (life points): divided by 1000 in the observation, others by 10
    big_counters: tuple[str, ...] = ()


CATALOGUES: dict[str, Catalogue] = {
    c.game: c
    for c in (
        Catalogue(
            game="battle_spirits", env_name="BattleSpirits",
            fields=("card", "cores", "count", "index", "onto", "option", "pay", "place", "source", "target",
                    "timing"),
            literals=("blue", "flash", "green", "main", "move_cores", "purple", "red", "remove_cores", "reserve",
                      "white", "yellow", "yes"),
            kinds=("attack_declaration", "block", "burst", "burst_pay", "flash", "keep_brave", "main", "option",
                   "optional", "order_effects", "reveal", "spread", "target"),
            phases=("start", "core", "draw", "refresh", "main", "attack_declaration", "flash_1", "block", "flash_2",
                    "comparison", "destruction", "end"),
            player_counters=("core_stock", "life", "reserve", "trash_cores"),
            card_counters=("cores",),
            # every core of both players (2 x (5 life + 4 reserve + 100 stock), BS-118): a count of
            # cores paid, placed or moved can never exceed it, however long the game
            numbers=219,
        ),
        Catalogue(
            game="duel_masters", env_name="DuelMasters",
            fields=("card", "cards", "index", "indices", "onto", "option", "target"),
            literals=("first", "fourth", "player", "second", "third", "yes"),
            kinds=("attack", "block", "break", "break_all", "breaker_count", "charge", "choose_one", "forced_attack",
                   "main", "optional", "order_triggers", "pay", "replacement", "shield_trigger", "silent_skill",
                   "target"),
            phases=("untap", "draw", "charge", "main", "attack", "end"),
            player_counters=(),
            card_counters=(),
        ),
        Catalogue(
            game="force_of_will", env_name="ForceOfWill",
            fields=("ability", "attributes", "card", "cards", "index", "option", "player", "target"),
            literals=("alt", "darkness", "fire", "first", "light", "player", "second", "water", "wind", "yes"),
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
            fields=("card", "effect", "index", "option", "player", "target"),
            literals=("active", "bottom", "mode_1", "mode_2", "mode_3", "redraw", "rested", "to_bottom", "to_top",
                      "top", "yes"),
            kinds=("block", "choose_one", "count", "counter", "deck_arrange", "deck_order", "don_minus", "ko_replace",
                   "life_look", "life_pick", "life_place", "main", "mulligan", "optional", "order_effects",
                   "play_revealed", "replace", "reveal_pick", "target", "trigger"),
            phases=("refresh", "draw", "don_phase", "main", "end"),
            player_counters=("cost_area_active", "cost_area_rested", "don_deck"),
            card_counters=("don",),
        ),
        Catalogue(
            game="yugioh", env_name="YuGiOh",
            fields=("card", "option", "target", "tributes"),
            literals=("attack", "defense", "player", "yes"),
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
    """The vocabulary of ``game`` (a registry name)."""
    from tcg.core.errors import DataError

    if game not in CATALOGUES:
        raise DataError(f"no RL environment for game {game!r}; games: {', '.join(sorted(CATALOGUES))}",
                        field="game")
    return CATALOGUES[game]
