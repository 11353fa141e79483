"""Rules first met on the Ultimate starter decks of 2013-2014 (SD22 "Zero the Hurricane", SD23).

Official rules the brief does not give (BS-1..BS-99 are silent on them); the cards are in
cards/sd22.yaml and cards/sd23.yaml, the Ultimate-only rules of the same decks in ultimates.py
(BS-280, BS-281, BS-285). No Japanese text of these cards was found: the wordings quoted are the
fan English of the one source (Zeraujy/battle-spirits-web src/data/SD22.json, SD23.json).

- **BS-282** [standard] "The opponent cannot activate Burst" (SD22 Ultimate-Xen-Fu, "when this
  Ultimate battles"): until the battle ends no burst window of that
  player opens (BS-119); their set burst stays set and may be activated after the battle when its
  condition happens again. Outside a battle the instruction does nothing.
- **BS-283** [standard] "Its When Summoned effect cannot activate" (a card summoned by an effect,
  SD22 Triangle Burst): the summon is a summon in every
  other respect ("when you summon" effects of other cards, "after an opposing spirit is summoned"
  bursts); only the card's own "When Summoned" abilities do not trigger, so no "after the
  opponent's When Summoned effect" burst either (BS-150). The same rule as BS-182 (trash_zone.py):
  one mechanism serves both, ``Effect.no_summon_effects`` making a quiet summon
  (``put_onto_field(quiet=True)``).
- **BS-284** [standard] "When you summon a Spirit/Ultimate with [High Speed], that Spirit/Ultimate
  ..." and "when you summon an Ultimate" (SD22 The Clouded Highlands, The Great Tree of the Lush
  Grounds): "when you summon" abilities also count Ultimates where the card names them (an
  ability naming no card type counts spirits only, BS-115), and "that Spirit/Ultimate" is the card
  whose summon set the ability off (``Selector.just_summoned``: the card summoned last, as the
  ability resolves right after it).
- **BS-286** [standard] "1 Green Spirit/Ultimate card with [High Speed] from your Hand" (SD22
  Ultimate-Monoqueiroz): off the field a card "has" a keyword when it is printed on it, at any
  of its levels; on the field only at the keyword's levels (BS-20, ``HighSpeed``).
- **BS-287** [standard] "By discarding your entire Hand (at least 1 card), draw 3 cards" (SD22
  Neo-Hand Reverse): the next instruction applies only if the discard put
  at least one card in the trash (``EffectCondition.previous_discarded``: the same rule as
  conditions.py's BS-270, one mechanism).
- **BS-288** [standard] "If you use this Magic during your opponent's turn, also ..." (SD23 Yellow
  Alert): the extra instruction applies when the Magic's effect
  resolves in a turn of the opponent's (``EffectCondition.opponents_turn``) - a Flash effect used in
  their attack step, or paid after a burst there.
- **BS-289** [standard] "When This Ultimate Battles: Magic cards in your hand cost 1 less" (SD23
  Ultimate-Virchu; the source's structured reading gives it the battle's duration): until the
  battle ends each Magic card in that player's hand costs 1 less (never below 0) before its
  reduction symbols count (BS-41); a card that leaves the hand loses it.
- **BS-290** [standard] SD23 Reversal Force: "refresh every exhausted Spirit, then exhaust every Spirit
  so refreshed" is one swap: each of both players' Spirits that was exhausted becomes refreshed and
  each that was refreshed becomes exhausted (``swap_exhaustion``); "this Magic can't be used in your
  turn" bars it from your own main phase and Flash steps (``not_in_your_turn``), not the opponent's.
- **BS-291** [standard] [Brilliance] (SD23 Ultimate-Exsia: "when this Ultimate battles, at the
  end of the battle return to your hand every Magic you used in this battle"): the Magics its
  controller used (their effects, from the hand or after a burst) since the battle's attack was
  declared, still in the trash when the battle ends (``Selector.used_this_battle``).
- **BS-292** [standard] "At the end of this battle, if your Life is 2 or less, end the Attack Step"
  (SD23 Symphonic Burst's Flash): the life is read when the battle ends (BS-55), not when the Flash
  resolves; if it holds then, the attack step ends as with "end the attack step" (``end_attack_step``).
  "Return the Spirit card that was destroyed when this Burst activated" names the card of BS-155
  (bursts.py) in the trash (``Selector.burst_destroyed``).
- **BS-293** [standard] SD23 Ultimate-Valiero: "this Ultimate cannot be blocked by opposing
  Spirits/Ultimates whose level is lower than this Ultimate's level" compares each blocker's level
  with the attacker's as the block is declared (``Selector.below_attacker_level``); its [Critical
  Hit] "if the hit card is a Magic card, also choose a color and return all Magic cards of that color
  from your Trash to your hand" asks for one of the six colours (BS-17) as "choose 1 colour" effects
  do, then moves every Magic card of that colour from its controller's trash (``magics_of_color_to_hand``).

Sources: the card texts above; the burst window (BS-119) and High Speed (``HighSpeed``) as the
engine already has them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core.verbs import Targets
from tcg.games.battle_spirits import bursts, ultimates

if TYPE_CHECKING:
    from tcg.games.battle_spirits.cards import Effect, EffectCondition, Selector
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries

#: BS-293: the instructions that ask their controller for a colour first (``BSEffects.special_effect``).
CHOOSES_COLOR = frozenset({"exhaust_color", "magics_of_color_to_hand"})


def burst_lock(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-282: until the current battle ends, the opponent can't activate bursts."""
    if s.flags.get("attack") is not None:
        lasting.add(s, "burst_lock", lasting.BATTLE, player=1 - controller)


def burst_locked(s: BSQueries, player: int) -> bool:
    """BS-282: may ``player`` not activate a burst now?"""
    return bool(s.effects) and lasting.first(s, "burst_lock", player=player) is not None


def counts_summon(s: BSQueries, ability_subject: object, subject: int | None) -> bool:
    """BS-284: an Ultimate's summon sets off only "when you summon" abilities naming the cards
    that count (``Ability.subject``; a subject naming no type counts spirits only, BS-115)."""
    return ability_subject is not None or subject is None or s.d(subject).type != "ultimate"


def has_keyword_off_field(s: BSQueries, cid: int) -> bool:
    """BS-286: off the field a card has High Speed when the keyword is printed on it."""
    return s.d(cid).keywords.high_speed is not None


def condition_holds(s: BSQueries, cond: EffectCondition, controller: int) -> bool:
    """The "if" parts of this era: a U-Trigger's hit earlier in the battle (ultimates.py BS-280),
    "in your opponent's turn" (BS-288). "By discarding ..." (BS-287) is conditions.py's BS-270."""
    if cond.u_hit_this_battle and not ultimates.hit_this_battle(s, controller):
        return False
    return not (cond.opponents_turn and s.active == controller)  # BS-288


def magic_discount(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-289: until the current battle ends, the Magic cards in the controller's hand cost ``count`` less."""
    if s.flags.get("attack") is not None:
        lasting.add(s, "magic_discount", lasting.BATTLE, player=controller, amount=eff.count)


def cost_cut(s: BSQueries, player: int, cid: int) -> int:
    """BS-289: how much less a Magic card in ``player``'s hand costs now."""
    if s.d(cid).type != "magic" or s.zone_of(cid) != "hand":
        return 0
    return sum(r["amount"] for r in lasting.of_kind(s, "magic_discount", player=player))


def swap_exhaustion(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-290: each exhausted target is refreshed, each refreshed one exhausted, at once."""
    flips = [(t, not s.cards[t].tapped) for t in targets if s.zone_of(t) == "field"]
    for t, exhaust in flips:
        s.set_exhausted(t, exhaust)


def note_magic(s: BSQueries, player: int, card: int) -> None:
    """BS-291: a Magic used during a battle is remembered for the turn with the battle's number."""
    if s.flags.get("attack") is not None:
        lasting.add(s, "magic_used", player=player, magic=card, attack=s.flags.get("attacks", 0))


def used_this_battle(s: BSQueries, cid: int) -> bool:
    """BS-291: was ``cid`` used as a Magic in the current battle, or the one that just ended?"""
    return bool(s.effects) and lasting.first(s, "magic_used", magic=cid, attack=s.flags.get("attacks", 0)) is not None


def end_attack_step_if(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-292: noted for the current battle; read when it ends (``battle_ended``)."""
    if s.flags.get("attack") is not None:
        lasting.add(s, "end_attack_step_if", lasting.BATTLE, player=controller, max_life=eff.count)


def battle_ended(s: BSQueries) -> None:
    """BS-292: as the battle ends (before its records expire), "if your life is N or less, end
    the attack step"."""
    for r in lasting.of_kind(s, "end_attack_step_if"):
        if s.counters[r["player"]]["life"] <= r["max_life"]:
            s.flags["end_attack_step"] = True


def burst_destroyed(s: BSQueries, cid: int) -> bool:
    """BS-292 / BS-155: is ``cid`` a spirit card destroyed as its owner's current burst's condition happened?"""
    return cid in bursts.destroyed(s, s.cards[cid].owner)


def below_attacker_level(s: BSQueries, cid: int) -> bool:
    """BS-293: is ``cid``'s level lower than the attacking card's now?"""
    attack = s.flags.get("attack")
    return attack is not None and s.d(cid).is_spirit_like and s.level(cid) < s.level(attack["attacker"])


def magics_of_color_to_hand(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-293: every Magic card of the chosen colour in the controller's trash to their hand."""
    color = s.flags.pop("chosen_option", None)
    for c in [c for c in s.zones[controller]["trash"] if s.d(c).type == "magic" and color in s.d(c).colors]:
        s.move(c, "hand")


def selector_holds(s: BSQueries, sel: Selector, cid: int) -> bool:
    """The selector parts of this era, about the card now: "that Spirit" (BS-284), used this battle
    (BS-291), destroyed as the burst's condition happened (BS-292 / BS-155), below the attacker's
    level (BS-293)."""
    if sel.just_summoned and cid != s.flags.get("just_summoned"):
        return False
    if sel.used_this_battle and not used_this_battle(s, cid):
        return False
    if sel.burst_destroyed and not burst_destroyed(s, cid):
        return False
    return not (sel.below_attacker_level and not below_attacker_level(s, cid))
