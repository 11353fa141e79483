"""A spirit brought to 0 BP by an effect, as a condition (SD23 The Angelia Hiver: "1 opposing Spirit
gets -3000 BP this battle; if that Spirit becomes 0 BP due to this effect for the first time this
turn, draw 1 card").

One source, the fan English of Zeraujy/battle-spirits-web (src/data/SD23.json); no Japanese text was
found. "For the first time this turn" is read as a limit on the instruction it qualifies: the draw
happens at most once a turn for the card (the first time the 0 BP condition holds in that turn),
which is also how the fan data's own automation reads it (a once-per-turn draw). A spirit at 0 BP
is not destroyed by the rules of this era (a card that destroys it says so: ``destroy_at_zero``).

- [standard] BS-365 "If that spirit becomes 0 BP due to this effect" (``EffectCondition.
  previous_zero_bp``): a card the previous instruction acted on (BS-270) is on the field with 0 BP
  as the instruction with the condition resolves.
- [standard] BS-366 "... for the first time this turn" (``EffectCondition.first_this_turn``): the
  instruction applies only the first time in a turn that its other conditions hold for that card;
  later the same turn it is skipped (the mark is the turn's once-per-turn record, BS-172).
- [standard] BS-367 "When an opposing battling Spirit becomes 0 BP" (SD23 The Fortress Above the
  Clouds of Eirein, LV2 "(either attack step) when an opposing battling Spirit becomes 0 BP for the
  first time during this turn, draw 1"; ``Ability.when: opponent_battler_zero_bp``): when a BP
  change brings the attacker, or the blocker of a blocked attack, from more than 0 BP to 0 BP, the
  abilities of its opponent's cards on the field that wait for it trigger. Read where this era's
  BP falls to 0 - a BP modifier (``bp_modifier``; a level lost by cores never reaches 0 BP). Its
  "for the first time during this turn" is BS-366 on the draw (the fan data's once-per-turn draw).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.games.battle_spirits import braves

if TYPE_CHECKING:
    from tcg.games.battle_spirits.cards import EffectCondition
    from tcg.games.battle_spirits.effects import BSEffects


def condition_holds(s: BSEffects, cond: EffectCondition, source: int) -> bool:
    """BS-365 / BS-366, read last (after every other part of the condition held)."""
    if cond.previous_zero_bp and not any(s.zone_of(c) == "field" and s.bp(c) == 0
                                         for c in s.flags.get("previous_targets", ())):
        return False
    return not (cond.first_this_turn and braves.once_used(s, ("first_this_turn", source)))


def battlers_bp(s: BSEffects, targets: tuple[int, ...]) -> dict[int, int]:
    """BS-367: the BP now of the targets that are in the current battle (read before a BP change)."""
    attack = s.flags.get("attack")
    if attack is None:
        return {}
    return {t: s.bp(t) for t in targets if t == attack["attacker"] or t == attack["blocker"]}


def note_zeroed(s: BSEffects, before: dict[int, int]) -> None:
    """BS-367: each battler taken from above 0 BP to 0 BP sets off its opponent's abilities."""
    for t, bp in before.items():
        if bp > 0 and s.zone_of(t) == "field" and s.bp(t) == 0:
            for c in s.zones[1 - s.cards[t].controller]["field"]:
                s.queue_abilities(c, "opponent_battler_zero_bp", subject=t)
