"""Triggers at the battle's resolution (SD23's Fairies and Angels: "at battle resolution, if the
opposing battling Spirit has 3000 BP or less, ...").

SD23 has one source, the fan English of Zeraujy/battle-spirits-web (src/data/SD23.json); no
Japanese text was found. Its "at battle resolution" is read as the era's バトル解決時 (Chaotic-
Rikugo's P070 text uses it for the BP comparison): the comparison step (BS-52). Its "the opposing
battling Spirit" is read as the opponent's card in the current battle, whether or not the card
with the text battles: The Fairy Actia's "its attack cannot reduce your Life" only means something
for an attack that is not blocked (a blocked attack takes no life, BS-52), so the attacker of an
unblocked attack is a battling spirit and Actia need not be in the battle (the fan data's
automation, which asks for the text's own card to battle, would make that clause void).

- [standard] BS-362 "At battle resolution" (バトル解決時; ``Ability.when: battle_resolution``): as the
  comparison step (BS-52) begins - the attacker still on the field, the battle not ended, the
  blocker (if any) still on the field - the abilities of the cards on the field that wait for it
  trigger and resolve first (BS-119, BS-120); then the comparison is made, or the unblocked
  attack's damage dealt, with the state they leave: a battler they destroyed means no comparison
  and no damage (BS-52). They trigger once per battle; ``Ability.turn`` gives "(your / the
  opponent's / either) attack step".
- [standard] BS-363 "The opposing battling Spirit" (相手のバトルしているスピリット): for a card of
  player P, the card of P's opponent in the current battle - in the opponent's attack step the
  attacker (blocked or not), in P's own attack step the blocker (none when the attack is not
  blocked: the ability does not trigger). It is the trigger's ``subject``: "if it has 3000 BP or
  less" is ``Ability.subject`` (read as the step begins) and "destroy it" / "its attack" a
  ``Selector.subject`` target, read again as the effect resolves.
- [standard] BS-364 "Its attack cannot reduce your Life" at the battle's resolution: the
  attacker's unblocked attack of this battle takes no core from the controller's life
  (static_rules.py BS-256's ``no_life_loss`` with ``Effect.this_battle``: until the battle ends).
- [standard] BS-370 "When an opposing Spirit is destroyed by BP comparison" (SD19 The Red Dawn Sky,
  fan English only; ``Ability.when: opponent_spirit_destroyed_by_battle``): each spirit the
  comparison (BS-52) destroys - the loser, or both on equal BP - sets off, once per spirit, the
  abilities of its opponent's cards on the field that wait for it (``subject``: that spirit, matched
  as the comparison decides, before it leaves), whether or not a "stays on the field" replaced the
  destruction (BS-200).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries

WHEN = "battle_resolution"


def opposing_battler(s: BSQueries, player: int, attack: dict[str, Any]) -> int | None:
    """BS-363: the card of ``player``'s opponent in the current battle (None: there is none)."""
    card = attack["blocker"] if attack["player"] == player else attack["attacker"]
    return card if card is not None and s.zone_of(card) == "field" else None


def _waiting(s: BSQueries, player: int) -> list[int]:
    """The cards of ``player``'s field with an ability that waits for the battle's resolution."""
    return [c for c in s.zones[player]["field"] if s.d(c).at_battle_resolution]


def trigger(s: BSEffects, attack: dict[str, Any]) -> bool:
    """BS-362: the comparison step begins - set off its abilities; True if any is waiting now (the
    comparison is then made after they resolve)."""
    if s.zone_of(attack["attacker"]) != "field" or attack.get("ended"):
        return False
    if attack["blocker"] is not None and s.zone_of(attack["blocker"]) != "field":
        return False
    holders = [(p, c) for p in (s.active, 1 - s.active) for c in _waiting(s, p)]
    if not holders:
        return False
    s.enter_phase("comparison")
    for p, c in holders:
        subject = opposing_battler(s, p, attack)
        if subject is not None:
            s.queue_abilities(c, WHEN, subject=subject)
    pending = s.flags.get("pending")
    return bool(pending and pending["effects"])


def destroyed_by_battle(s: BSEffects, losers: list[int], owners: dict[int, int]) -> None:
    """BS-370: the comparison destroyed ``losers``; their opponents' cards that wait for it trigger."""
    for loser in losers:
        for c in s.zones[1 - owners[loser]]["field"]:
            if s.d(c).abilities:
                s.queue_abilities(c, "opponent_spirit_destroyed_by_battle", subject=loser)
