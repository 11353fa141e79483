"""The Main Phase (FOW-35): the turn player's open decision ``main``, with M1..M9 in any
order (call a stone, summon, spells, additions, Chant-Standbys, abilities, attack, Judgment),
plus what may also be done as a chase (FOW-102); ``next_phase`` / ``end_turn`` go to the End
Phase. Every action is declared and answered on the chase (``chase.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action, CardActions
from tcg.core.state import Decision, Task
from tcg.games.force_of_will.battle import attack, attack_actions, explain_attack
from tcg.games.force_of_will.cards import cost_key
from tcg.games.force_of_will.chase import (
    chase_extras,
    declare,
    declare_chase,
    explain_chase_action,
    explain_from_hand,
    named_in_hand,
    spell_ready,
)
from tcg.games.force_of_will.payment import payer
from tcg.games.force_of_will.queries import STANDBY_SET_COST, play_kind, player_target, reducers_in
from tcg.games.force_of_will.records import CardRecord, target
from tcg.games.force_of_will.turn import FowDecision, Why, end_phase

if TYPE_CHECKING:
    from tcg.games.force_of_will.payment import Payer
    from tcg.games.force_of_will.state import ForceOfWillState

END_TURN = Action("end_turn")
NEXT_PHASE = Action("next_phase")
CALL = Action("call_magic_stone")
JUDGMENT = Action("judgment")
JUDGMENT_ALT = Action.of("judgment", (("option", "alt"),))
STANDBY_SET_KEY = cost_key(STANDBY_SET_COST)
CARD_ACTIONS = {t: CardActions(t) for t in ("summon", "play_spell", "play_addition", "set_chant_standby")}
#: The flags that say a player has called a stone / performed Judgment this turn.
CALLED = ("called:0", "called:1")
JUDGED = ("judged:0", "judged:1")
MAIN_TASK = Task("main")
MUST_ATTACK = frozenset({"must_be_attacker"})
ATTACK_REQUIRED = frozenset({"must_attack"})
#: M2..M5: played from the hand.
FROM_HAND = ("summon", "play_spell", "play_addition", "set_chant_standby")


def main_actions(s: ForceOfWillState, p: int) -> list[Action]:
    """FOW-35: M1..M9 in any order, plus what may also be done as a chase (FOW-102)."""
    out: list[Action] = []
    digest, cards, zones = s.digest, s.cards, s.zones[p]
    if can_call(s, p):
        out.append(CALL)  # M1
    pay = payer(s, p)
    summon = CARD_ACTIONS["summon"]
    verdict: dict[str, CardActions | None] = {}  # copies of a card in hand are all playable or none
    barred = s.barred_plays(p)  # "cannot play ..." (Law of Silence, The Emperor with New Clothes)
    reduced = reducers_in(s.defs)  # "You may pay {1} less to play Musketeer resonators" (Puss in Boots)
    for c in zones["hand"]:
        name = cards[c].name
        if name in verdict:
            actions = verdict[name]
        else:
            d = digest[name]
            if d.is_resonator:  # the commonest case, without a call
                key = cost_key(s.cost_for(p, c)) if reduced else d.cost_key
                actions = summon if pay(key) and "resonator" not in barred else None
            else:
                action_type = hand_action(s, p, c, d, pay)
                if action_type in ("play_spell", "play_addition") and play_kind(d) in barred:
                    action_type = None
                actions = None if action_type is None else CARD_ACTIONS[action_type]
            verdict[name] = actions
        if actions is not None:
            out.append(actions[c])
    chase_extras(s, p, out, pay)  # M6, M7, Lifebreak
    if zones["field"] and "attack" not in barred:  # "resonators cannot attack until end of turn"
        start = len(out)
        attack_actions(s, zones["field"], out)  # M8
        if len(out) > start and s.keywords_now(MUST_ATTACK):  # "you must choose this card if able"
            forced = [a for a in out[start:] if s.has(a.get("card"), "must_be_attacker")]
            if forced:
                out[start:] = forced
    if can_judge(s, p, pay):
        out.append(JUDGMENT)  # M9
    if can_judge(s, p, pay, alt=True):
        out.append(JUDGMENT_ALT)  # a second J-Activate ("Pay {1}, discard "Poison Apple"")
    if not attack_required(s, out):
        out.append(NEXT_PHASE)
        out.append(END_TURN)
    return out


def attack_required(s: ForceOfWillState, out: Sequence[Action]) -> bool:
    """[standard] FOW-42: "This card must attack if able" - while such a card of the turn player's
    can attack, the Main Phase cannot end without attacking (CR 6.3 710.2: the player may not pass
    at main timing while they control a J/resonator that is required to attack and can attack
    legally; Judge of Will "Upgrade Complete", CR 5.4: Seven Dwarfs must attack while it can)."""
    return bool(s.keywords_now(ATTACK_REQUIRED)) and any(
        a.type == "attack" and s.has(a.get("card"), "must_attack") for a in out)


def hand_action(s: ForceOfWillState, p: int, c: int, d: CardRecord, pay: Payer) -> str | None:
    """What the Main Phase lets the player do with this card from the hand, if anything:
    M2 summon, M3 play a spell, M4 play an addition, M5 set a Chant-Standby."""
    kind = d.type
    key = d.cost_key if d.cost_less_if is None and not reducers_in(s.defs) else cost_key(s.cost_for(p, c))
    if kind == "resonator":
        return "summon" if pay(key) else None
    if kind == "spell":
        if d.subtype == "chant_standby":  # FOW-54: never played from the hand
            return "set_chant_standby" if pay(STANDBY_SET_KEY) else None
        return "play_spell" if pay(key) and spell_ready(s, p, c, d) else None
    if kind == "addition" and pay(key) and (d.subtype == "addition_field" or hosts(s, p, c)):
        return "play_addition"
    return None


def can_call(s: ForceOfWillState, p: int) -> bool:
    """FOW-25: rest the ruler or J-ruler, once per own turn, with a stone left to call."""
    ruler = s.ruler_card(p)
    return (ruler is not None and not s.cards[ruler].tapped and not s.flags.get(CALLED[p])
            and bool(s.zones[p]["magic_stone_deck"]))


def can_judge(s: ForceOfWillState, p: int, pay: Payer | None = None, alt: bool = False) -> bool:
    """FOW-36..38, FOW-118: a recovered ruler showing its ruler side, once per turn, paying J-Activate
    (``alt``: its second J-Activate, with its discard)."""
    area = s.zones[p]["ruler_area"]
    if not area:
        return False
    card = s.cards[area[0]]
    if card.tapped or "j_ruler" in card.marks or s.flags.get(JUDGED[p]):
        return False
    d = s.defs[card.name]
    if d.j_ruler is None:  # a ruler with no J-ruler side (Grimm, the Fairy Tale Prince)
        return False
    if alt:
        return bool(d.j_activate_alt_discard) and bool(named_in_hand(s, p, d.j_activate_alt_discard)) and (
            pay or payer(s, p))(cost_key(d.j_activate_alt))
    if d.j_activate_if is not None and not s.holds(d.j_activate_if, p, area[0]):
        return False  # "You cannot play this ability if you haven't put any Moon into a field this turn"
    if d.j_activate_free_if is not None and s.holds(d.j_activate_free_if, p, area[0]):
        return True  # "you may pay {0} to play this ability instead"
    key = d.j_activate_key if not d.j_activate_less_for else cost_key(s.j_activate_cost(p, area[0]))
    return (pay or payer(s, p))(key)


def hosts(s: ForceOfWillState, p: int, card: int | None = None) -> list[int]:
    """FOW-114: the resonators an Addition: Resonator may be played on (it targets them, FOW-105:
    untargetability shields); ``card``'s own ``host`` ("a resonator with total cost 2 or less")."""
    sel = None if card is None else s.d(card).host
    return [c for q in (p, 1 - p) for c in s.zones[q]["field"] if s.is_resonator(c) and not s.shielded(c, p)
            and (sel is None or s.matches(target(sel), c, p, card))]


def declare_action(s: ForceOfWillState, p: int, action: Action) -> None:
    """Start a Main Phase action: markers happen now, the rest are declared as chase items;
    those that may also be chases are declared as in a response window."""
    t, card = action.type, action.get("card")
    if t == "call_magic_stone":
        ruler = s.ruler_card(p)
        assert ruler is not None
        s.update(ruler, tapped=True)
        s.flags[f"called:{p}"] = True
        stone = s.zones[p]["magic_stone_deck"][0]
        s.move(stone, "magic_stone_area", tapped=False, entered_this_turn=True, face_down=False)  # FOW-112
        s.emit("magic_stone_called", card=stone, name=s.cards[stone].name, player=p)
        s.marker(p, "call", stone)
    elif t == "judgment":
        ruler = next(c for c in s.zones[p]["ruler_area"] if s.d(c).type == "ruler")
        d = s.d(ruler)
        if action.get("option") == "alt":  # the second J-Activate: its cost, and a card discarded
            declare(s, {"kind": "judgment", "card": ruler, "player": p, "cost": dict(d.j_activate_alt),
                        "discard_candidates": tuple(named_in_hand(s, p, d.j_activate_alt_discard))})
            return
        free = d.j_activate_free_if
        cost = {} if free is not None and s.holds(free, p, ruler) else s.j_activate_cost(p, ruler)
        declare(s, {"kind": "judgment", "card": ruler, "player": p, "cost": cost})
    elif t == "set_chant_standby":
        declare(s, {"kind": "set_standby", "card": card, "player": p, "cost": dict(STANDBY_SET_COST)})
    elif t == "summon":
        declare(s, {"kind": "summon", "card": card, "player": p, "cost": s.cost_for(p, card)})
    elif t == "play_addition":
        d = s.d(card)
        item: dict[str, Any] = {"kind": "addition", "card": card, "player": p, "cost": s.cost_for(p, card)}
        if d.subtype == "addition_resonator":
            item["host_candidates"] = tuple(hosts(s, p, card))
        declare(s, item)
    elif t == "attack":
        target = action.get("target")
        attack(s, p, card, player_target(1 - p) if target == "player" else target)
    else:
        declare_chase(s, p, action)


def explain_main(s: ForceOfWillState, p: int, a: Action, card: int) -> Why | None:
    """Why a Main Phase action is not possible now (FOW-25, FOW-35..38, FOW-42, FOW-118)."""
    t = a.type
    if t == "judgment":
        if p != s.active:
            return "FOW-37", "Judgment only in your own Main Phase, with an empty chase area"
        ruler = s.ruler_card(p)
        if ruler is None or s.is_j_ruler(ruler):
            return "FOW-118", "Judgment needs a ruler showing its ruler side (a destroyed J-ruler cannot)"
        if s.cards[ruler].tapped:
            return "FOW-38", "Judgment is not possible while the ruler is rested"
        if s.flags.get(f"judged:{p}"):
            return "FOW-118", "at most one Judgment per turn"
        cond = s.d(ruler).j_activate_if
        if cond is not None and not s.holds(cond, p, ruler):
            return "FOW-36", "the J-Activate's condition is not met (the card says when it may be played)"
        return "FOW-36", f"you cannot pay the J-Activate cost {dict(s.d(ruler).j_activate)}"
    if t == "call_magic_stone":
        if s.flags.get(f"called:{p}"):
            return "FOW-25", "only one magic stone may be called per turn"
        ruler = s.ruler_card(p)
        if ruler is None or s.cards[ruler].tapped:
            return "FOW-25", "calling a magic stone rests your ruler or J-ruler, which is rested"
        return "FOW-12", "your magic stone deck is empty"
    if t == "attack":
        return explain_attack(s, p, card)
    if t in ("next_phase", "end_turn"):
        return "FOW-42", "a card that must attack if able (Seven Dwarfs) can attack: attack with it first"
    if t in FROM_HAND:
        return explain_from_hand(s, p, t, card)
    return explain_chase_action(s, p, a, card)


class Main(FowDecision):
    """FOW-35: the turn player's open decision in their Main Phase."""

    kind = "main"
    prompt = "Main Phase: call a stone, summon, play spells and additions, use abilities, attack, or move on"
    accepts = frozenset({"call_magic_stone", "summon", "play_spell", "play_addition", "set_chant_standby",
                         "activate_chant_standby", "activate_ability", "lifebreak", "attack", "judgment",
                         "next_phase", "end_turn"})
    rule = "FOW-35"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return main_actions(state, decision.player)

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        if action.type in ("end_turn", "next_phase"):
            end_phase(state)
            return
        state.tasks.append(MAIN_TASK)
        declare_action(state, decision.player, action)

    def why(self, state: ForceOfWillState, decision: Decision, action: Action) -> Why | None:
        card = action.get("card")
        return explain_main(state, decision.player, action, -1 if card is None else card)
