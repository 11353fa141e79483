"""The main phase (BS-40..BS-44): summon, deploy, use magic, braves, bursts, move cores.

Also the slow-path explanations shared by several decisions (which card, and which phase an
action belongs to), since most of them are about what is done in the main phase.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.lazy import Concat
from tcg.core.rules import DecisionRule
from tcg.core.state import Decision, Task
from tcg.games.battle_spirits import static_rules, trash_zone, ultimates
from tcg.games.battle_spirits.payment import CoreMoves, CorePayments, Sources

if TYPE_CHECKING:
    from tcg.games.battle_spirits.state import BattleSpiritsState

NEXT_PHASE = Action("next_phase")
END_TURN = Action("end_turn")
_MAIN_ONLY = {"summon": "BS-41", "deploy": "BS-42", "move_cores": "BS-109", "set_burst": "BS-113",
              "brave_fusion": "BS-114", "direct_brave": "BS-5"}
_NEEDS_CARD = frozenset({"summon", "deploy", "use_magic", "direct_brave", "brave_fusion", "set_burst",
                         "activate_burst", "attack", "block"})


class BattleSpiritsRule(DecisionRule["BattleSpiritsState"]):
    """The base of every Battle Spirits handler: an action a decision does not take is explained
    by :func:`explain_action` (the wrong step or timing, then the action's own rule), so each
    handler overrides ``explain`` only where its decision says more."""

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        return explain_action(state, decision, action)


class MainPhase(BattleSpiritsRule):
    """BS-40: the turn player's open decision of the main phase."""

    kind: ClassVar[str] = "main"
    prompt: ClassVar[str] = ("Your main phase: summon, deploy, use magic, fuse braves, set a burst or move cores; "
                              "then go to the battle phase or end the turn")
    accepts: ClassVar[frozenset[str]] = frozenset({"summon", "deploy", "use_magic", "direct_brave", "brave_fusion",
                                                   "move_cores", "set_burst", "next_phase", "end_turn"})
    rule: ClassVar[str] = "BS-40"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        p = decision.player
        if forced_to_battle(state, p):
            return Concat([*main_actions(state, p), [NEXT_PHASE]])
        return Concat([*main_actions(state, p), [NEXT_PHASE, END_TURN]])

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        if action.type == "end_turn" and forced_to_battle(state, decision.player):
            names = ", ".join(state.cards[c].name for c in state.must_attack(decision.player))
            return "BS-46", f"{names} must attack if possible: go to the battle phase (next_phase)"
        return super().explain(state, decision, action)

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        resolve_main(state, decision.player, action)


def forced_to_battle(s: BattleSpiritsState, p: int) -> bool:
    """"Must attack if possible" (``Rule`` must_attack): the turn may not skip a battle phase in
    which such a spirit could attack (BS-45: none in the first player's first turn)."""
    return not s.is_first_turn() and bool(s.must_attack(p))


def main_actions(s: BattleSpiritsState, p: int) -> list[Sequence[Action]]:
    """BS-40: summon, deploy, use magic, move cores; braves and bursts (BS-5, BS-12).

    Asked after every action of a main phase (random players mostly move cores), so the
    field is read once (``_field_cores``), and the field's symbols only when a card in hand has
    reductions; the hand's spirits, braves and nexuses are ``_hand_payments``."""
    cards, defs = s.cards, s.defs
    hand, field_ids = s.zones[p]["hand"], s.zones[p]["field"]
    reserve = s.counters[p]["reserve"]
    sources, field_cores, braves, field_braves = _field_cores(s, field_ids)
    payers = Sources(sources)
    total = reserve + payers.capsum
    field = s.field_symbols(p) if any(defs[cards[c].name].reduction for c in hand) else None
    parts: list[Sequence[Action]] = []
    _hand_payments(s, p, parts, reserve, payers, total, field)
    if hand:
        parts.extend(magic_actions(s, p, "main", (reserve, payers, total), field))
    if field_braves:
        parts.append([Action("brave_fusion", card=b, onto=t) for b in field_braves
                      for t in brave_targets(s, b, p)])
    # BS-44 / BS-109: between the reserve and your cards, the field first, then the braves
    parts.append(CoreMoves(["reserve", *field_ids, *braves],
                           [reserve, *field_cores, *(cards[b].counter("cores") for b in braves)]))
    if not s.flags.get("burst_set") and hand:  # BS-15: one burst set per turn
        parts.append([Action("set_burst", card=c) for c in hand if defs[cards[c].name].keywords.burst is not None])
    return parts


def _field_cores(s: BattleSpiritsState,
                 field_ids: Sequence[int]) -> tuple[list[tuple[int, int]], list[int], list[int], list[int]]:
    """One pass over the field: the cores that may pay (BS-106, in field order, a brave after its
    spirit), the cores on each field card, the braves attached to spirits, the braves on the field."""
    cards, defs = s.cards, s.defs
    sources: list[tuple[int, int]] = []
    field_cores: list[int] = []
    braves: list[int] = []
    field_braves: list[int] = []
    for c in field_ids:
        card = cards[c]
        n = card.counter("cores")
        field_cores.append(n)
        if n:
            sources.append((c, n))
        if defs[card.name].type == "brave":
            field_braves.append(c)
        for b in card.attached:
            braves.append(b)
            nb = cards[b].counter("cores")
            if nb:
                sources.append((b, nb))
    return sources, field_cores, braves, field_braves


def _hand_payments(s: BattleSpiritsState, p: int, parts: list[Sequence[Action]], reserve: int, payers: Sources,
                   total: int, field: Counter[str] | None) -> None:
    """BS-41 / BS-42 / BS-5: summons, deployments and direct braves of the cards in hand that
    ``p`` can pay for, appended to ``parts``; copies in hand cost the same, so once per name."""
    cards, defs = s.cards, s.defs
    costs: dict[str, int] = {}
    for c in s.zones[p]["hand"]:
        name = cards[c].name
        d = defs[name]
        if d.type == "magic":
            continue
        cost = costs.get(name)
        if cost is None:
            cost = costs[name] = s.reduced_cost(p, c, field)
        if cost > total:
            continue
        if d.keywords.transmigration is not None:  # trash_zone.py BS-192: pay, then choose whose cores go
            parts.extend(trash_zone.transmigration_payments(s, p, c, reserve, payers, cost))
        elif d.type in ("spirit", "brave") or (d.type == "ultimate" and s.summon_condition_met(p, c)):
            parts.append(CorePayments("summon", (("card", c),), reserve, payers, cost, place=True))
        elif d.type == "nexus":
            parts.append(CorePayments("deploy", (("card", c),), reserve, payers, cost, place=True))
        if d.type == "brave":
            for t in brave_targets(s, c, p):
                parts.append(CorePayments("direct_brave", (("card", c), ("onto", t)), reserve, payers, cost,
                                          place=False))


def magic_actions(s: BattleSpiritsState, p: int, timing: str, context: tuple[int, Sources, int] | None = None,
                  field: Counter[str] | None = None) -> list[Sequence[Action]]:
    """BS-43 / BS-110: main effects in your main phase; flash effects there and in flash steps."""
    if static_rules.magic_locked(s, p):  # BS-246: no magic card this turn
        return []
    reserve, sources, total = context or s.payment_context(p)
    parts: list[Sequence[Action]] = []
    for c in s.zones[p]["hand"]:
        d = s.d(c)
        if d.type != "magic" or (d.not_in_your_turn and s.active == p):  # starter_era.py BS-290
            continue
        if field is None and d.reduction:
            field = s.field_symbols(p)
        cost = s.reduced_cost(p, c, field)
        if cost > total:
            continue
        timings = ["main", "flash"] if timing == "main" else ["flash"]
        for t in timings:
            if t == "flash" and d.flash_not_your_turn and p == s.active:  # BS-206 (replacements.py)
                continue
            if (d.main_effects if t == "main" else d.flash_effects):
                parts.append(CorePayments("use_magic", (("card", c), ("timing", t)), reserve, sources, cost,
                                          place=False))
    return parts


def high_speed_summons(s: BattleSpiritsState, p: int) -> list[Sequence[Action]]:
    """"Flash [High Speed]" (``HighSpeed``; official rules, BS-49 "plays a card"): in a flash
    step a spirit card with High Speed is summoned from the hand, its cost paid and its cores
    placed from the reserve only, at one of the keyword's levels; most cores placed first, as in
    the order of every payment (README)."""
    hand = s.zones[p]["hand"]
    if not hand:
        return []
    reserve = s.counters[p]["reserve"]
    parts: list[Sequence[Action]] = []
    for c in hand:
        d = s.d(c)
        hs = d.keywords.high_speed
        if hs is None or not ultimates.high_speed_summonable(s, p, c):  # BS-285: Ultimates too
            continue
        cost = s.reduced_cost(p, c)
        pay = {"reserve": cost} if cost else {}
        parts.append([Action("summon", card=c, pay=pay, place={"reserve": n} if n else {}, cores=n)
                      for n in range(reserve - cost, -1, -1) if d.level_for(n) in hs.levels])
    return parts


def brave_targets(s: BattleSpiritsState, brave: int, p: int) -> list[int]:
    """BS-114: your spirits (not braves) without a brave that meet the brave condition; fusion.py:
    more braves (BS-211), no condition (BS-212), a brave as a host (BS-213)."""
    from tcg.games.battle_spirits.fusion import can_host
    if s.d(brave).brave is None:
        return []
    return [c for c in s.zones[p]["field"] if can_host(s, c, brave)]


def resolve_main(s: BattleSpiritsState, p: int, action: Action) -> None:
    """Carry out a main-phase action; the main phase's decision opens again after it (BS-40)."""
    t = action.type
    if t == "end_turn":
        s.tasks.append(Task("end_phase"))
        return
    if t == "next_phase":
        s.tasks.append(Task("battle_phase"))
        return
    s.tasks.append(Task("main"))
    card = action.get("card")
    if t == "summon" and action.get("target") is not None:  # Transmigration (trash_zone.py BS-192)
        trash_zone.transmigrate(s, p, action, {})
    elif t in ("summon", "deploy"):
        s.put_onto_field(p, action)
    elif t == "use_magic":
        s.pay(p, action)
        s.use_magic(p, card, action.get("timing"))
    elif t == "direct_brave":
        s.pay(p, action)
        s.fuse(p, card, action.get("onto"))
        s.queue_abilities(card, "summoned", level=1)  # BS-6
    elif t == "brave_fusion":
        s.fuse(p, card, action.get("onto"))
    elif t == "move_cores":
        s.move_core(p, action.get("source"), action.get("target"), action.get("count"))
        if isinstance(action.get("target"), int):
            s.cores_put_by_hand(action.get("target"))
        if isinstance(action.get("source"), int):
            s.cores_taken_by_hand(action.get("source"))
    elif t == "set_burst":
        s.flags["burst_set"] = True
        for old in list(s.zones[p]["burst"]):  # BS-15: the old one goes to the trash
            s.move(old, "trash", face_down=False)
        s.move(card, "burst", face_down=True)


# ---------------------------------------------------------------------- why not (slow path)
def card_problem(s: BattleSpiritsState, a: Action) -> tuple[str, str] | None:
    """BS-28: an action naming no card, or a card that does not exist."""
    card = a.get("card")
    if card is not None and (not isinstance(card, int) or not 0 <= card < len(s.cards)):
        return "BS-28", f"there is no card with id {card!r}"
    if card is None and a.type in _NEEDS_CARD:
        return "BS-28", f"{a.type} needs a card (the field 'card')"
    return None


def explain_action(s: BattleSpiritsState, dec: Decision, a: Action) -> tuple[str, str]:
    """The rule an action breaks in a main, battle or choice decision: the card, then the
    phase the action belongs to, then what the action itself requires."""
    return card_problem(s, a) or _explain_play(s, dec, a)



def _explain_play(s: BattleSpiritsState, dec: Decision, a: Action) -> tuple[str, str]:
    t = a.type
    if t == "use_magic" and static_rules.magic_locked(s, dec.player):
        return "BS-246", "an effect of this turn forbids you to use magic cards until the end of the turn"
    if t == "summon" and dec.kind == "flash":
        return _explain_high_speed(s, dec, a)
    if t in _MAIN_ONLY and dec.kind != "main":
        return _MAIN_ONLY[t], f"{t} is done in your main phase; now it is a {dec.kind} decision"
    if t == "set_burst":
        if s.flags.get("burst_set"):
            return "BS-15", "only one burst may be set per turn"
        return "BS-12", "only a Burst card from your hand can be set"
    if t in ("summon", "deploy", "use_magic", "direct_brave"):
        return _explain_paid(s, dec, a)
    if t == "move_cores":
        return "BS-109", "move cores you have between your reserve and your own cards"
    if t == "attack":
        return _explain_attack(s, dec, a.get("card"))
    if t == "block":
        card = a.get("card")
        if card is not None and s.zone_of(card) == "field" and s.cards[card].tapped:
            return "BS-50", "an exhausted spirit cannot block"
        return "BS-50", "block with a refreshed spirit you control, in the block step"
    if t == "activate_burst":
        return "BS-13", "a burst is activated only when its condition happens"
    return "BS-33", f"{s.action_text(a)} is not legal in a {dec.kind} decision"


def _explain_paid(s: BattleSpiritsState, dec: Decision, a: Action) -> tuple[str, str]:
    """A card played from the hand for its cost (BS-40, BS-41, BS-43, BS-106, BS-115)."""
    t, p, card = a.type, dec.player, a.get("card")
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
        if timing == "flash" and d.flash_not_your_turn and p == s.active:
            return "BS-206", f"{d.name}'s Flash effect can't be used in your turn"
    if d.type == "ultimate" and not s.summon_condition_met(p, card):
        return "BS-115", f"{d.name}'s summon condition is not met"
    cost = s.reduced_cost(p, card)
    if s.total_cores(p) < cost:
        return "BS-41", f"{d.name} costs {cost} cores; you have {s.total_cores(p)}"
    return "BS-106", ("pay exactly the cost from your reserve and cores on your own cards, "
                      "and place only cores you have")


def _explain_high_speed(s: BattleSpiritsState, dec: Decision, a: Action) -> tuple[str, str]:
    """A summon in a flash step: only High Speed, paid and placed from the reserve (``HighSpeed``)."""
    card = a.get("card")
    if card is None or s.zone_of(card) != "hand" or s.cards[card].owner != dec.player:
        return "BS-40", "play a card from your own hand"
    d = s.d(card)
    hs = d.keywords.high_speed
    if hs is None:
        return "BS-41", f"{d.name} is summoned in your main phase; in a flash step only a spirit with High Speed"
    levels = "/".join(f"LV{n}" for n in hs.levels if n <= len(d.level_costs))
    return "BS-49", (f"High Speed: pay {d.name}'s cost of {s.reduced_cost(dec.player, card)} from your reserve "
                     f"and put cores on it from your reserve only, bringing it to {levels}")


def _explain_attack(s: BattleSpiritsState, dec: Decision, card: int | None) -> tuple[str, str]:
    if dec.kind != "attack_declaration":
        if s.is_first_turn():
            return "BS-45", "the first player skips the battle phase of the first turn"
        return "BS-46", "attacks are declared in the attack step of your battle phase"
    if card is not None and s.zone_of(card) == "field" and s.cards[card].tapped:
        return "BS-47", "an exhausted spirit cannot attack"
    if card is not None and card in s.zones[dec.player]["field"] and s.can_attack(card):
        problem = static_rules.attack_problem(s, card, static_rules.attack_rules(s))
        if problem is not None:  # BS-240..BS-242: a player-wide rule of a card on the field
            return problem
    if (card is not None and card in s.zones[dec.player]["field"] and s.can_attack(card)
            and card not in s.attackers(dec.player)):
        return "BS-46", (f"{s.cards[card].name} cannot attack now: its own text, an effect of this turn or a "
                         "nexus forbids it")
    return "BS-46", "attack with a refreshed spirit you control"
