"""Your spirit returned to your hand or deck by the opponent's effect, as a trigger (SD23 The Fortress
Above the Clouds of Eirein: "when one of your Divine Spirit Spirits is returned to your hand or deck
by an opposing Spirit's or Magic's effect, put 1 core from the Void into your Life for each").

One source, the fan English of Zeraujy/battle-spirits-web (src/data/SD23.json); no Japanese text.

- [standard] BS-368 "When your [family] spirit is returned to your hand or deck by an opposing
  Spirit's or Magic's effect" (``Ability.when: your_spirit_returned_by_opponent``, ``Ability.subject``
  naming which spirits count): each spirit-like card leaving its owner's field for the hand or the
  deck (top or bottom) while an effect of a card of the other player resolves - a Spirit's (a fused
  Brave's included, BS-9) or a Magic's, not a Nexus's or an Ultimate's - sets off, once per card,
  the abilities of its owner's cards on the field that wait for it ("for each" returned spirit).
  The card is matched as it leaves (its family, on the field).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcg.games.battle_spirits.effects import BSEffects

SOURCES = frozenset({"spirit", "brave", "magic"})


def leaving(s: BSEffects, cid: int) -> None:
    """BS-368: ``cid`` (on the field) is about to go to its owner's hand or deck by an effect."""
    source = s.flags.get("effect_source")
    owner = s.cards[cid].owner
    if source is None or s.cards[source].controller == owner or s.d(source).type not in SOURCES:
        return
    if not s.d(cid).is_spirit_like:
        return
    for c in s.zones[owner]["field"]:
        if c != cid:
            s.queue_abilities(c, "your_spirit_returned_by_opponent", subject=cid)
