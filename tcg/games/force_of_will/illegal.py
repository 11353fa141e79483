"""Why a Force of Will action is illegal: the rule id and a sentence (slow path only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core.actions import Action
from tcg.games.force_of_will.queries import STANDBY_SET_COST

if TYPE_CHECKING:
    from tcg.games.force_of_will.state import ForceOfWillState

CARD_ACTIONS = ("summon", "play_spell", "play_addition", "set_chant_standby", "activate_chant_standby",
                "activate_ability", "attack", "block")
#: FOW-52: what may never be a chase, and the Main Phase action each is.
NEVER_CHASE = {"call_magic_stone": "M1", "summon": "M2", "play_addition": "M4", "set_chant_standby": "M5",
               "attack": "M8", "judgment": "M9"}


def explain(s: ForceOfWillState, a: Action) -> tuple[str, str]:
    dec = s.decision
    if dec is None:
        return "FOW-30", "no decision is pending"
    t, p = a.type, dec.player
    card = a.get("card")
    if card is not None and (not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(s.cards)):
        return "FOW-65", f"there is no card with id {card!r}"
    if card is None and t in CARD_ACTIONS:
        return "FOW-65", f"{t} needs a card (the field 'card')"
    return _explain(s, a, dec.kind, p, -1 if card is None else card)


def _explain(s: ForceOfWillState, a: Action, kind: str, p: int, card: int) -> tuple[str, str]:
    """The rule for a well-formed action; ``card`` is a real id wherever the action needs one."""
    t = a.type
    if t == "mulligan":
        return "FOW-3", "a player may mulligan only once, during set-up"
    if kind == "window":
        if t in NEVER_CHASE or (t == "play_spell" and s.d(card).subtype == "chant"):
            what = "a Chant" if t == "play_spell" else f"{NEVER_CHASE[t]} ({t})"
            rule = "FOW-37" if t == "judgment" else "FOW-52"
            return rule, (f"{what} can never be a chase: only [Activate] abilities, Lifebreak, Chant-Instants "
                          "and set Chant-Standbys can")
    elif kind != "main" and t in (*NEVER_CHASE, "play_spell", "activate_ability", "activate_chant_standby",
                                      "lifebreak"):
        return "FOW-102", f"{t} is not an answer to a {kind} decision"
    if t == "judgment":
        if kind != "main" or p != s.active:
            return "FOW-37", "Judgment only in your own Main Phase, with an empty chase area"
        ruler = s.ruler_card(p)
        if ruler is None or s.is_j_ruler(ruler):
            return "FOW-118", "Judgment needs a ruler showing its ruler side (a destroyed J-ruler cannot)"
        if s.cards[ruler].tapped:
            return "FOW-38", "Judgment is not possible while the ruler is rested"
        if s.flags.get(f"judged:{p}"):
            return "FOW-118", "at most one Judgment per turn"
        return "FOW-36", f"you cannot pay the J-Activate cost {dict(s.d(ruler).j_activate)}"
    if t == "call_magic_stone":
        if s.flags.get(f"called:{p}"):
            return "FOW-25", "only one magic stone may be called per turn"
        ruler = s.ruler_card(p)
        if ruler is None or s.cards[ruler].tapped:
            return "FOW-25", "calling a magic stone rests your ruler or J-ruler, which is rested"
        return "FOW-12", "your magic stone deck is empty"
    if t == "attack":
        if s.cards[card].controller != p or not s.is_battler(card):
            return "FOW-42", "attack with a J-ruler or resonator you control on the field"
        if s.cards[card].tapped:
            return "FOW-42", "the attacker must be recovered"
        if s.cards[card].entered_this_turn and not s.has(card, "swiftness"):
            return "FOW-42", "a resonator (or J-ruler) cannot attack the turn it was put onto the field (M2)"
        return "FOW-42", "attack the opponent or a rested resonator or J-ruler they control"
    if t == "block":
        return "FOW-43", "block with a recovered J-ruler or resonator you control (Flying: one with Flying)"
    if t == "activate_chant_standby":
        if s.where[card][1] != "chant_standby_area" or s.cards[card].controller != p:
            return "FOW-56", "activate a Chant-Standby set in your own chant-standby area"
        if s.cards[card].entered_this_turn:
            return "FOW-57", "a Chant-Standby cannot be played the turn it was set"
        d = s.d(card)
        if d.trigger is not None and not s._trigger_met(p, d.trigger.event):
            return "FOW-56", f"its trigger ({d.trigger.event}) has not occurred"
        return "FOW-56", f"your recovered magic stones cannot produce its cost {dict(d.cost)}"
    if t in ("summon", "play_spell", "play_addition", "set_chant_standby"):
        if s.where[card][1] != "hand" or s.cards[card].owner != p:
            return "FOW-35", f"{t} plays a card from your own hand"
        d = s.d(card)
        if t == "play_spell" and d.subtype == "chant_standby":
            return "FOW-54", "a Chant-Standby cannot be played from the hand: set it (M5), then activate it"
        fits = {"play_spell": d.type == "spell", "summon": d.type == "resonator",
                "play_addition": d.type == "addition", "set_chant_standby": d.subtype == "chant_standby"}
        if not fits[t]:
            return "FOW-35", f"{d.name} is a {d.subtype or d.type}; {t} does not play it"
        if t == "play_spell" and d.subtype == "chant" and p != s.active:
            return "FOW-106", "a Chant only in your own Main Phase"
        cost = STANDBY_SET_COST if t == "set_chant_standby" else d.cost
        if not s.can_pay(p, cost):
            return "FOW-27", f"you cannot pay {dict(cost)} with your will and recovered magic stones"
        return "FOW-105", "it needs a legal target"
    if t == "activate_ability":
        index = a.get("ability")
        abilities = s.abilities(card)
        if s.cards[card].controller != p or not isinstance(index, int) or not 0 <= index < len(abilities) \
                or abilities[index].when != "activate":
            return "FOW-35", "activate an [Activate] ability of a card you control"
        ab = abilities[index]
        if ab.rest_self and s.cards[card].tapped:
            return "FOW-29", "a {Rest} cost needs the card recovered"
        if ab.rest_self and s.cards[card].entered_this_turn:
            return "FOW-113", "a resonator that entered this turn cannot use a {Rest} ability"
        if not s.can_pay(p, ab.cost):
            return "FOW-27", f"you cannot pay {dict(ab.cost)}"
        return "FOW-105", "it needs a legal target"
    if t == "lifebreak":
        if s.options.get("lifebreak") == "false":
            return "FOW-121", "Lifebreak is off (option lifebreak = false)"
        if not s.zones[p]["lifebreak_area"]:
            return "FOW-58", "your Lifebreak area is empty"
        c = s.counters[p]
        return "FOW-61", (f"at {c.get('life')} life at most {s.lifebreak_limit(c.get('life', 0))} card(s) may be "
                          f"revealed in all; {c.get('lifebreak_revealed', 0)} already were")
    if t == "pay":
        return "FOW-27", "pay with one of the listed sets of stones"
    return "FOW-30", f"{a.text(s.name_of)} is not legal in a {kind} decision"
