"""How Battle Spirits' actions are spelt as tokens (tcg.core.spelling): its field names and
literals, its payments last (``pay``, then ``place`` and the ``cores`` it implies: BS-106,
BS-121), and the sequences it narrows by their structure (:mod:`.narrowing`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tcg.core.spelling import Spelling


def _parts() -> Mapping[type, Any]:
    from tcg.games.battle_spirits.narrowing import PaymentPart, moves_part
    from tcg.games.battle_spirits.payment import CoreMoves, CorePayments

    return {CorePayments: PaymentPart, CoreMoves: moves_part}


SPELLING = Spelling(
    fields=("card", "cores", "count", "index", "onto", "option", "pay", "place", "source", "target", "timing"),
    # the labels of "one of" alternatives that share a verb (Effect.label) are literals too
    literals=("blue", "destroy_all_4000_or_less", "destroy_one_8000_or_less", "exhaust_one",
              "exhaust_three_cost_4_or_less", "flash", "green", "main", "move_cores", "purple", "red", "remove_cores",
              "reserve", "return_all_cost_3_or_less", "return_one_unbraved", "white", "yellow", "yes"),
    # every core of both players (2 x (5 life + 4 reserve + 100 stock), BS-118): a count of cores
    # paid, placed or moved can never exceed it, however long the game
    numbers=219,
    payment={"*": ("pay", "place", "cores")},
    parts=_parts,
)
