"""Why a Battle Spirits action is illegal: the rule id and a sentence (slow path only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core.actions import Action

if TYPE_CHECKING:
    from tcg.games.battle_spirits.state import BattleSpiritsState

_MAIN_ONLY = {"summon": "BS-41", "deploy": "BS-42", "move_cores": "BS-109", "set_burst": "BS-113",
              "brave_fusion": "BS-114", "direct_brave": "BS-5"}


def explain(s: BattleSpiritsState, a: Action) -> tuple[str, str]:
    dec = s.decision
    if dec is None:
        return "BS-33", "no decision is pending"
    t, p = a.type, dec.player
    card = a.get("card")
    if card is not None and (not isinstance(card, int) or not 0 <= card < len(s.cards)):
        return "BS-28", f"there is no card with id {card!r}"
    if card is None and t in ("summon", "deploy", "use_magic", "direct_brave", "brave_fusion", "set_burst",
                              "activate_burst", "attack", "block"):
        return "BS-28", f"{t} needs a card (the field 'card')"
    if dec.kind == "burst_pay":
        paying = "placing" if dec.data.get("free") else "paying its cost exactly and placing"
        return "BS-113", (f"the burst's follow-up: {dec.data['then']} {s.cards[dec.data['card']].name} {paying} "
                          "cores from your reserve and your cards (BS-106), or pass")
    if dec.kind == "order_effects":
        return "BS-120", "choose {card} among the cards whose simultaneous effects are waiting"
    if dec.kind == "keep_brave":
        return "BS-121", (f"keep {s.cards[dec.data['card']].name} with choose {{card, place}} putting exactly "
                          f"{dec.data['need']} more core(s) on it from your reserve and your cards, or pass")
    if t in _MAIN_ONLY and dec.kind != "main":
        return _MAIN_ONLY[t], f"{t} is done in your main phase; now it is a {dec.kind} decision"
    if t == "set_burst":
        if s.flags.get("burst_set"):
            return "BS-15", "only one burst may be set per turn"
        return "BS-12", "only a Burst card from your hand can be set"
    if t in ("summon", "deploy", "use_magic", "direct_brave"):
        if card is None or s.zone_of(card) != "hand" or s.cards[card].owner != p:
            return "BS-40", "play a card from your own hand"
        d = s.d(card)
        if t == "use_magic":
            if d.type != "magic":
                return "BS-24", f"{d.name} is not a magic"
            timing = a.get("timing")
            if dec.kind == "flash" and timing != "flash":
                return "BS-43", "in a flash step only a magic's Flash effect can be used"
            if (d.main_effects if timing == "main" else d.flash_effects) == []:
                return "BS-24", f"{d.name} has no {timing} effect"
        if d.type == "ultimate" and not s.summon_condition_met(p, card):
            return "BS-115", f"{d.name}'s summon condition is not met"
        cost = s.reduced_cost(p, card)
        if s.total_cores(p) < cost:
            return "BS-41", f"{d.name} costs {cost} cores; you have {s.total_cores(p)}"
        return "BS-106", ("pay exactly the cost from your reserve and cores on your own cards, "
                          "and place only cores you have")
    if t == "move_cores":
        return "BS-109", "move cores you have between your reserve and your own cards"
    if t == "attack":
        if dec.kind != "attack_declaration":
            if s.is_first_turn():
                return "BS-45", "the first player skips the battle phase of the first turn"
            return "BS-46", "attacks are declared in the attack step of your battle phase"
        if card is not None and s.zone_of(card) == "field" and s.cards[card].tapped:
            return "BS-47", "an exhausted spirit cannot attack"
        return "BS-46", "attack with a refreshed spirit you control"
    if t == "block":
        if card is not None and s.zone_of(card) == "field" and s.cards[card].tapped:
            return "BS-50", "an exhausted spirit cannot block"
        return "BS-50", "block with a refreshed spirit you control, in the block step"
    if t == "activate_burst":
        return "BS-13", "a burst is activated only when its condition happens"
    return "BS-33", f"{a.text(s.name_of)} is not legal in a {dec.kind} decision"
