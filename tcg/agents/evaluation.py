"""How good a position looks, per game: the value a search gives a world it stops playing.

Why: a random rollout to the end of a card game is long (hundreds of actions) and says little —
two random players decide the result. Stopping a rollout after a turn and scoring the board
instead makes an iteration an order of magnitude cheaper and its signal sharper.

The score is a logistic model over each side's *features* — what it has towards winning (life,
shields), on the board, in resources and in hand — of the difference between the two sides, so
that a position and its mirror image get values adding up to 1. The weights are not guessed:
``benchmarks/fit_evaluation.py`` fits them to who went on to win from the start of each turn of
rule-agent games, and writes them to :mod:`tcg.agents.evaluation_weights`.

A search only ever evaluates a world it sampled (``State.determinize``), so reading the state
here reveals nothing the searching player may not know: every hidden card in it is a guess.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tcg.agents.evaluation_weights import WEIGHTS
from tcg.core.state import State

#: One side's features in a game, in the order of ``FEATURE_NAMES[game]``.
Features = Callable[[Any, int], tuple[float, ...]]


def _duel_masters(s: Any, p: int) -> tuple[float, ...]:
    z = s.zones[p]
    battle = z["battle"]
    untapped = sum(1 for c in battle if not s.cards[c].tapped)
    power = sum(min(s.power(c), 15000) for c in battle) / 1000
    return (len(z["shields"]), len(battle), untapped, power, min(len(z["mana"]), 8), len(z["hand"]))


def _battle_spirits(s: Any, p: int) -> tuple[float, ...]:
    z = s.zones[p]
    spirits = [c for c in z["field"] if s.d(c).is_spirit_like]
    # BP counts a fused brave's (BS-4, ``bp``). A brave spirit is two cards: a fused brave counts as
    # a spirit too, so that fusing a field brave (BS-114) loses no card in the model's eyes and a
    # direct brave (BS-5) gains one; the fused braves are also a feature of their own.
    bp = sum(min(s.bp(c), 20000) for c in spirits) / 1000
    braves = [b for c in spirits for b in s.braves_on(c)]
    c = s.counters[p]
    # All of a side's cores: a payment's cores come back from the trash at the refresh, and cores
    # on a spirit are its level — spending them is no loss, so only the total counts.
    cores = (sum(s.cards[c].counter("cores") for c in (*z["field"], *braves)) + c.get("reserve", 0)
             + c.get("trash_cores", 0))
    # A set burst (BS-12) is a card held face down: that one is set is public, never which.
    ultimates = sum(1 for c in spirits if s.d(c).type == "ultimate")  # BS-115, most with a U-Trigger
    return (c.get("life", 0), len(spirits) + len(braves), len(z["field"]) - len(spirits), bp, cores, len(z["hand"]),
            len(braves), min(len(z["burst"]), 1), ultimates)


def _yugioh(s: Any, p: int) -> tuple[float, ...]:
    z = s.zones[p]
    atks = [min(s.atk(c), 5000) for c in z["monster_zone"] if not s.cards[c].face_down]
    down = len(z["monster_zone"]) - len(atks)
    # The strongest ATK as well as the sum: one monster no other can run over into is worth more
    # than its share of the total (it predicts the winner better than the sum, fit_evaluation.py).
    # A set card is still a card held: counted with the hand, so that setting a trap or a wall
    # never scores below keeping it (with a hand feature alone, the fitted weights made every
    # set look like a lost card and the search never set its traps).
    held = len(z["hand"]) + down + len(z["spell_trap_zone"])
    return (s.counters[p].get("lp", 0) / 1000, len(atks), down, sum(atks) / 1000,
            max(atks, default=0) / 1000, len(z["spell_trap_zone"]), held)


def _one_piece(s: Any, p: int) -> tuple[float, ...]:
    z = s.zones[p]
    chars = z["characters"]
    power = sum(min(s.power(c), 12000) for c in chars) / 1000
    c = s.counters[p]
    don = c.get("cost_area_active", 0) + c.get("cost_area_rested", 0)
    return (len(z["life"]), len(chars), power, don, len(z["hand"]))


def _force_of_will(s: Any, p: int) -> tuple[float, ...]:
    z = s.zones[p]
    battlers = [c for c in z["field"] if s.is_battler(c)]
    atk = sum(min(s.stats(c)[0], 3000) for c in battlers) / 1000
    return (s.counters[p].get("life", 0) / 1000, len(battlers), len(z["field"]) - len(battlers), atk,
            len(z["magic_stone_area"]), len(z["hand"]))


FEATURES: dict[str, Features] = {
    "duel_masters": _duel_masters,
    "battle_spirits": _battle_spirits,
    "yugioh": _yugioh,
    "one_piece": _one_piece,
    "force_of_will": _force_of_will,
}

#: What each feature is, per game (the fitting script's table and the docs use these names).
FEATURE_NAMES: dict[str, tuple[str, ...]] = {
    "duel_masters": ("shields", "creatures", "untapped creatures", "power (thousands)", "mana (up to 8)",
                     "hand"),
    "battle_spirits": ("life", "spirits (and fused braves)", "other cards on the field", "BP (thousands)", "cores",
                       "hand", "fused braves", "burst set", "ultimates"),
    "yugioh": ("LP (thousands)", "face-up monsters", "face-down monsters", "ATK (thousands)",
               "strongest ATK (thousands)", "spells and traps", "cards held (hand and set)"),
    "one_piece": ("life", "characters", "power (thousands)", "DON!! in the cost area", "hand"),
    "force_of_will": ("life (thousands)", "J/resonators", "other cards on the field", "ATK (thousands)",
                      "magic stones", "hand"),
}


def difference(state: State, player: int) -> list[float]:
    """``player``'s features minus the opponent's: what the model weighs."""
    features = FEATURES[state.GAME.name]
    mine, theirs = features(state, player), features(state, 1 - player)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


def value(state: State, player: int = 0) -> float:
    """``player``'s chance, as the board shows it: 1 or 0 once the game is won or lost, ½ for a
    draw, else the fitted logistic model (½ for a game without weights)."""
    if state.winner is not None:
        return 1.0 if state.winner == player else 0.0 if state.winner in (0, 1) else 0.5
    weights = WEIGHTS.get(state.GAME.name)
    if weights is None:
        return 0.5
    z = sum(w * d for w, d in zip(weights, difference(state, player), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
