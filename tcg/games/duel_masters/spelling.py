"""How Duel Masters' actions are spelt as tokens (tcg.core.spelling): its field names and
literals, the mana tapped by ``pay`` as the payment (DM-9), and its mana payments narrowed by
their structure (:mod:`.narrowing`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tcg.core.spelling import Spelling


def _parts() -> Mapping[type, Any]:
    from tcg.games.duel_masters.narrowing import mana_part
    from tcg.games.duel_masters.payment import PaymentWays

    return {PaymentWays: mana_part}


SPELLING = Spelling(
    fields=("card", "cards", "index", "indices", "onto", "option", "target"),
    literals=("first", "fourth", "player", "second", "third", "yes"),
    payment={"pay": ("cards",)},
    parts=_parts,
)
