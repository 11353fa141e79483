"""Why an action is illegal: the rule id and a sentence, for :class:`IllegalActionError`.

Only called on the slow path (an action not among the legal ones), so it may re-derive
what it needs. Checks go from the most specific rule to the general ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core.actions import Action

if TYPE_CHECKING:
    from tcg.games.duel_masters.state import DuelMastersState

_PHASE_OF = {
    "charge_mana": ("charge", "DM-11", "mana is charged in the charge step, after the draw"),
    "summon": ("main", "DM-21", "creatures are summoned in the main step"),
    "cast": ("main", "DM-21", "spells are cast in the main step"),
    "attack": ("attack", "DM-22", "attacks are declared in the attack step"),
    "tap_ability": ("attack", "DM-117", "tap abilities are used in the attack step"),
}


def explain(s: DuelMastersState, a: Action) -> tuple[str, str]:
    dec = s.decision
    if dec is None:
        return "DM-17", "no decision is pending"
    t = a.type
    who = dec.player
    if t in _PHASE_OF and dec.kind != _PHASE_OF[t][0]:
        _, rule, why = _PHASE_OF[t]
        if t in ("summon", "cast") and dec.kind == "attack":
            return "DM-111", "no summoning or casting after the attack step has begun"
        return rule, f"{why}; now it is {'the ' + dec.kind if dec.open else 'a ' + dec.kind + ' decision'}"
    card = a.get("card")
    if card is not None and (not isinstance(card, int) or not 0 <= card < len(s.cards)):
        return "DM-5", f"there is no card with id {card!r}"
    if card is None and t in ("charge_mana", "summon", "cast", "attack", "block", "tap_ability",
                              "use_shield_trigger", "silent_skill"):
        return "DM-5", f"{t} needs a card (the field 'card')"
    if t == "charge_mana":
        if s.flags.get("charged"):
            return "DM-11", "only one card may be put into the mana zone per turn"
        return "DM-11", "only a card from your hand may be charged"
    if t in ("summon", "cast"):
        return _explain_play(s, a, who)
    if t == "attack":
        return _explain_attack(s, a, who)
    if t == "tap_ability":
        if card is None:
            return "DM-67", "name the creature whose tap ability to use"
        if s.zone_of(card) != "battle" or s.cards[card].controller != who:
            return "DM-67", "only your creature in the battle zone can use its tap ability"
        if s.keyword(card, "tap_ability") is None:
            return "DM-67", f"{s.name_of(card)} has no tap ability"
        if s.must_attack(card) and s.can_attack(card):
            return "DM-69", f"{s.name_of(card)} must attack, so it cannot use its tap ability"
        return "DM-68", f"{s.name_of(card)} cannot attack now, so it cannot use its tap ability (DM-106)"
    if t == "block":
        if dec.kind != "block":
            return "DM-110", "blocks are declared only right after an attack on you or your creature"
        attacker: int = dec.data["attacker"]
        if card is not None and s.zone_of(card) == "battle" and s.keyword(attacker, "stealth") and \
                s.is_unblockable_by_stealth(attacker, who):
            return "DM-73", f"{s.name_of(attacker)} has Stealth and you have that civilization in your mana zone"
        if card is not None and s.cards[card].tapped:
            return "DM-50", "a tapped creature cannot block"
        return "DM-49", "only an untapped Blocker of the defending player can block"
    if t == "silent_skill":
        if dec.kind != "silent_skill":
            return "DM-78", "Silent Skills are chosen in the untap step, before the draw"
        return "DM-77", "only a Silent Skill creature that was already tapped at the start of the turn"
    if t == "use_shield_trigger":
        return "DM-44", "only a Shield Trigger just put into your hand by breaking its shield may be used"
    if t == "choose" and dec.kind == "breaker_count":
        return "DM-61", "a Triple Breaker given Double Breaker breaks 2 or 3 shields, never just 1"
    if t == "choose" and dec.kind == "break":
        return "DM-56", "choose the index of one of the defender's shields"
    if t == "pass" and dec.kind in ("break", "breaker_count", "break_all"):
        return "DM-59", "a breaker must break shields while it can"
    if t == "pass" and dec.kind == "target":
        return "DM-25", "every instruction that can be carried out must be"
    if t == "pay":
        return "DM-9", "pay with untapped mana cards of the right number and civilizations"
    return "DM-17", f"{a.text(s.name_of)} is not a legal action in a {dec.kind} decision"


def _explain_play(s: DuelMastersState, a: Action, who: int) -> tuple[str, str]:
    card = a.get("card")
    if card is None or s.zone_of(card) != "hand" or s.cards[card].owner != who:
        return "DM-21", "you may only summon or cast a card from your own hand"
    d = s.d(card)
    if a.type == "summon" and d.type == "spell":
        return "DM-24", f"{d.name} is a spell: cast it"
    if a.type == "cast" and d.type != "spell":
        return "DM-24", f"{d.name} is a creature: summon it"
    if d.type == "evolution_creature":
        bases = s.evolution_bases(card, who)
        if a.get("onto") not in bases:
            races = ", ".join(d.keywords.evolution.races) if d.keywords.evolution else "?"
            return "DM-29", f"{d.name} must be put on one of your creatures of race {races}"
    if d.type == "spell" and not s.spell_allowed(card):
        return "DM-12", f"a card in the battle zone forbids casting {d.name}"
    mana = s.untapped_mana(who)
    if len(mana) < d.cost:
        return "DM-9", f"{d.name} costs {d.cost}; you have {len(mana)} untapped mana"
    rule = "DM-10" if d.type == "spell" else "DM-105"
    missing = [c for c in d.civilizations if not any(c in s.civs(m) for m in mana)]
    if missing:
        return rule, f"at least one tapped mana card must be {', '.join(missing)}"
    return "DM-15", f"each civilization of {d.name} must come from a different mana card"


def _explain_attack(s: DuelMastersState, a: Action, who: int) -> tuple[str, str]:
    card, target = a.get("card"), a.get("target")
    if s.zone_of(card) != "battle" or s.cards[card].controller != who:
        return "DM-108", "attack with one of your creatures in the battle zone"
    name = s.name_of(card)
    if s.keyword(card, "cant_attack"):
        return "DM-48", f"{name} can't attack"
    if s.cards[card].tapped:
        return "DM-123", f"{name} is tapped; each attack needs an untapped creature"
    if s.is_summoning_sick(card):
        return "DM-106", f"{name} was put into the battle zone this turn (summoning sickness)"
    if target == "player":
        return "DM-108", f"{name} can't attack players"
    if isinstance(target, int) and 0 <= target < len(s.cards):
        if s.zone_of(target) != "battle" or s.cards[target].controller == who:
            return "DM-108", "the target must be the opponent or one of the opponent's creatures"
        if not s.cards[target].tapped:
            return "DM-108", "untapped creatures cannot be attacked"
    return "DM-108", "the target must be 'player' or one of the opponent's tapped creatures"
