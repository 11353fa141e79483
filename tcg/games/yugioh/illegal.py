"""Why a Yu-Gi-Oh! action is illegal: the rule id and a sentence (slow path only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core.actions import Action

if TYPE_CHECKING:
    from tcg.games.yugioh.state import YugiohState

_MAIN_ONLY = {"normal_summon": "YGO-111", "set_monster": "YGO-111", "flip_summon": "YGO-114",
              "change_position": "YGO-115", "set_spell_trap": "YGO-119"}


def explain(s: YugiohState, a: Action) -> tuple[str, str]:
    dec = s.decision
    if dec is None:
        return "YGO-109", "no decision is pending"
    t, p = a.type, dec.player
    card = a.get("card")
    if card is not None and (not isinstance(card, int) or not 0 <= card < len(s.cards)):
        return "YGO-104", f"there is no card with id {card!r}"
    if card is None and t in ("normal_summon", "set_monster", "flip_summon", "change_position", "special_summon",
                              "activate", "set_spell_trap", "attack"):
        return "YGO-104", f"{t} needs a card (the field 'card')"
    if t in _MAIN_ONLY and dec.kind != "main":
        return _MAIN_ONLY[t], f"{t} is done in your own Main Phase with an open game state; now: {dec.kind}"
    if t in ("normal_summon", "set_monster"):
        if s.flags.get("normal_summoned"):
            return "YGO-112", "only one Normal Summon or Set per turn"
        if card is None or s.zone_of(card) != "hand" or s.cards[card].owner != p:
            return "YGO-112", "Normal Summon or Set a monster from your own hand"
        d = s.d(card)
        tributes = a.get("tributes", ())
        if not isinstance(tributes, tuple):
            return "YGO-113", f"tributes is a list of monsters you control, got {tributes!r}"
        if len(tributes) != d.tributes_needed:
            return "YGO-113", (f"{d.name} is Level {d.level}: it needs {d.tributes_needed} tribute(s), "
                               f"{len(tributes)} given")
        return "YGO-113", "tribute distinct monsters you control, leaving a Monster Zone free"
    if t == "flip_summon":
        return "YGO-114", "Flip Summon a face-down monster you control that was not Set this turn"
    if t == "change_position":
        return "YGO-115", ("change the position of a face-up monster you control once per turn, not the turn it "
                           "was Summoned and not after it attacked")
    if t == "activate":
        if card is not None:
            d = s.d(card)
            if d.type == "trap" and s.zone_of(card) == "hand":
                return "YGO-118", "a Trap must be Set before it is activated"
            if s.zone_of(card) in ("spell_trap_zone", "field_zone") and s.cards[card].entered_this_turn and (
                    d.type == "trap" or d.spell_kind == "quick_play"):
                return "YGO-118", f"{d.name} cannot be activated the turn it was Set"
            if s.activation_barred(card, p):
                return "YGO-133", (f"{d.name} cannot be activated for the rest of this turn: a card barred its name, "
                                   "or its once-per-turn effect was used")
            chain = s.flags.get("chain") or []
            if chain and d.spell_speed < max(2, chain[-1]["speed"]):
                return "YGO-120", (f"{d.name} is Spell Speed {d.spell_speed}; the chain link it would answer is "
                                   f"Spell Speed {chain[-1]['speed']}")
            if s.phase in ("damage_step", "damage_calculation"):
                return "YGO-20", f"{d.name} is not a kind of card that may be activated in the Damage Step"
        return "YGO-118", "this card cannot be activated now"
    if t == "attack":
        if s.turn == 1:
            return "YGO-2", "no Battle Phase in the first turn of the Duel"
        if dec.kind != "battle_step" and dec.kind != "replay":
            return "YGO-123", "attacks are declared in the Battle Step of your Battle Phase"
        if card is not None and s.zone_of(card) == "monster_zone":
            if s.position(card) != "attack":
                return "YGO-123", "only a face-up Attack Position monster may attack"
            if "attacked_bp" in s.cards[card].marks:
                return "YGO-123", "each monster attacks at most once per Battle Phase"
            if s.d(card).level >= 4 and s.face_up_statics("level4_plus_cannot_attack"):
                return "YGO-5", "a face-up card stops Level 4 or higher monsters from attacking"
            target = a.get("target")
            if target == "player":
                return "YGO-123", "a direct attack needs the opponent to control no monsters"
            return "YGO-7", "that monster cannot be targeted for attacks"
        return "YGO-123", "attack with a face-up Attack Position monster you control"
    if t == "end_turn" and dec.kind in ("main", "battle_step") and s.must_attack(p):
        return "YGO-5", "a card effect forces your monsters to attack: the Battle Phase must be entered"
    if t == "choose" and dec.kind == "discard":
        return "YGO-110", "discard a card from your own hand"
    return "YGO-109", f"{a.text(s.name_of)} is not legal in a {dec.kind} decision"
