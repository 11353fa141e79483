"""The Battle Spirits glossary of effect verbs: the ``do:`` names of the card schema, as a table.

Shared verbs (``tcg.core.verbs``) under Battle Spirits names - "exhaust" / "refresh" are tap /
untap, "discard" puts a card from a hand into the trash, "damage" takes ``count`` cores from the
opponent's life (BS-53), "gain_life" puts ``count`` from the core stock into the controller's,
"bp_modifier" is the stat change of BP, "deck_to_trash" mills (BS-57) - with the state supplying
their primitives (``draw``, ``destroy_by_effect``, ``take_damage``, ``restore``, ``set_tapped``,
``return_to_hand``, ``discard``, ``mill``, ``to_deck_bottom``, ``change_stat`` in
``effects.py``). The verbs below are only Battle Spirits': cores (BS-25..BS-31: the core stock,
a card's cores), the battle's flow (ending a battle or the attack step), and BP that destroys at
0. ``BSEffects.do_effect`` looks a verb up in :data:`VERBS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core import verbs as shared
from tcg.core.verbs import Targets, verb_table
from tcg.games.battle_spirits import (
    braves,
    bursts,
    conditions,
    deck_order,
    era_keywords,
    fusion,
    replacements,
    starter_era,
    static_rules,
    trash_zone,
    zero_bp,
)
from tcg.games.battle_spirits.keywords import life_guard, unaffected
from tcg.games.battle_spirits.ultimates import u_trigger

if TYPE_CHECKING:
    from tcg.games.battle_spirits.cards import Effect
    from tcg.games.battle_spirits.effects import BSEffects

BSVerb = Callable[["BSEffects", "Effect", int, int, Targets], None]
#: BS-56: "gets N BP" lasts until the end of the turn.
_BP = shared.ChangeStat("bp")


def bp_modifier(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target gets ``amount`` BP until the end of the turn (BS-56; ``this_battle``: of the
    battle); with ``destroy_at_zero`` ("a spirit brought to 0 BP is destroyed"), each target on
    the field at 0 BP is then destroyed."""
    before = zero_bp.battlers_bp(s, targets) if eff.amount < 0 else {}  # BS-367: a battler brought to 0 BP
    if eff.this_battle and s.flags.get("attack") is not None:  # "during this battle" (lasting.BATTLE)
        for t in targets:
            lasting.add(s, "bp", lasting.BATTLE, card=t, amount=eff.amount)
    else:
        _BP(s, eff, controller, source, targets)
    if before:
        zero_bp.note_zeroed(s, before)
    if eff.destroy_at_zero:
        for t in targets:
            if s.zone_of(t) == "field" and s.bp(t) == 0:
                s.destroy(t, by=controller)


def core_charge(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """``count`` cores (as many as there are) from the controller's core stock to their reserve."""
    n = min(eff.count, s.counters[controller]["core_stock"])
    s.move_core(controller, "core_stock", "reserve", n)


def place_cores(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Put N cores from the Void onto a spirit": ``count`` cores (as many as there are) from the
    controller's core stock (BS-25, the official Void) onto each target still on the field."""
    for t in targets:
        if s.zone_of(t) == "field":
            n = eff.count + (1 if eff.count and s.own_rule(t, "extra_core_when_placed") else 0)
            s.move_core(controller, "core_stock", t, min(n, s.counters[controller]["core_stock"]))


def remove_cores(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """``count`` cores from each target to its owner's reserve (BS-108: it may be depleted), or
    with ``leave`` ("leave 1 Core on it and put the rest in its owner's Reserve") all but that
    many; notes whether every target was left with none (an "if" of the next instruction)."""
    targets = static_rules.cores_removable(s, targets, controller)  # BS-259: cores that can't be removed
    emptied = bool(targets)
    depleting = 0
    for t in targets:
        n = min(eff.count, s.cores(t)) if eff.leave is None else max(0, s.cores(t) - eff.leave)
        s.move_core(s.cards[t].owner, t, eff.to, n)  # `to`: "... to its owner's Trash" (Metaldy-Bug)
        emptied = emptied and s.cores(t) == 0
        depleting += s.d(t).depletion_floor > s.cores(t)  # BS-108: depleted once the instruction is done
    s.flags["emptied"] = emptied
    s.flags["depleting"] = depleting  # "for each Spirit depleted by this effect" (Effect.per_depleting)


def move_cores(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Put 1 core from your reserve on your life", "move all cores in the opponent's reserve to
    their trash": ``count`` (``all_cores``: every one) of the cores of the controller (``whose``:
    or of the opponent), as many as there are, from the area ``source`` to the area ``to`` of
    the same player (BS-25..BS-31; cores are only moved, never made)."""
    p = controller if eff.whose == "self" else 1 - controller
    have = s.counters[p].get(eff.source, 0)
    s.move_core(p, eff.source, eff.to, have if eff.all_cores else min(eff.count, have))
    s.flags["paid"] = eff.all_cores or have >= eff.count  # EffectCondition.paid (trash_zone.py)


def deck_top(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Return 1 Spirit to the top of its owner's deck": each target, its cores to its owner's
    reserve (as a spirit leaving the field, BS-54)."""
    for t in targets:
        if s.zone_of(t) == "field":
            s.to_deck_top(t)


def unblockable(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"This turn, this Spirit can't be blocked (by green Spirits)": until the end of the turn
    (BS-56), no spirit matching ``blockers`` (any spirit, without it) may block a target (BS-50)."""
    blockers = None if eff.blockers is None else eff.blockers.model_dump()
    for t in targets:
        lasting.add(s, "unblockable", card=t, blockers=blockers)


def cant_attack(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Spirits refreshed by this effect cannot attack during this turn": until the end of the
    turn (BS-56) each target is no attacker (BS-46); it may still block."""
    for t in targets:
        lasting.add(s, "cant_attack", card=t)


def may_block(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Negate 1 'cannot block' effect of 1 of your Spirits": until the end of the turn (BS-56)
    the target's own "can't block" restrictions (``Rule`` cant_block, cant_block_lower_bp) do
    not apply; every such card has one, so "1 effect" is all of them."""
    for t in targets:
        lasting.add(s, "may_block", card=t)


def must_attack(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"That Spirit must attack if possible during that turn": as the ``must_attack`` rule, until
    the end of the turn (BS-56)."""
    for t in targets:
        lasting.add(s, "must_attack", card=t)


def bp_aura(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"During this turn, all your attacking Spirits get +2000 BP": until the end of the turn
    (BS-56), every spirit ``scope`` matches whenever BP is read - a spirit that attacks later
    this turn too - gets ``amount`` BP (player relative to the controller)."""
    assert eff.scope is not None
    lasting.add(s, "bp_aura", player=controller, scope=eff.scope.model_dump(), amount=eff.amount)


def flash_lock(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Until the end of this battle, your opponent cannot use cards from their Hand during
    Flash Timing": no magic and no High Speed summon from the hand in the flash steps (BS-49,
    BS-51) of the current battle; a spirit's own Flash ability on the field is not a card from
    the hand."""
    if s.flags.get("attack") is not None:
        lasting.add(s, "flash_lock", lasting.BATTLE, player=1 - controller)


def draw_on_return(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"During this turn, whenever one of your Spirits is returned to your Hand, draw 1 card for
    each Spirit returned": until the end of the turn (BS-56), each of the controller's spirits
    returned from the field to the hand draws them a card (``return_to_hand``)."""
    lasting.add(s, "draw_on_return", player=controller)


def put_cores(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Move up to 3 Cores from your Reserve onto 1 of your Spirits": ``count`` of the
    controller's cores (as many as there are) from the area ``source`` onto each target still on
    the field; with ``up_to_count`` the count the controller chose (``BSEffects.special_effect``)."""
    count = int(s.flags.pop("chosen_count", eff.count))
    for t in targets:
        if s.zone_of(t) == "field":
            s.move_core(controller, eff.source, t, min(count, s.counters[controller].get(eff.source, 0)))


def exhaust_color(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Choose 1 colour. Exhaust all Spirits of that colour": the colour the controller chose
    (``BSEffects.special_effect``); every spirit of either player that has it (BS-17)."""
    color = s.flags.pop("chosen_option", None)
    for p in (0, 1):
        for c in list(s.zones[p]["field"]):
            if s.d(c).is_spirit_like and color in s.colors(c) and not unaffected(s, c, controller, source):
                s.set_exhausted(c, True)


def attack_spirit(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Target 1 exhausted opposing Spirit and attack it" (official rules, the brief's BS-111 is
    silent on it: a designated attack): the target battles the attacker as if it had blocked -
    it is exhausted, no block step is held, Flash step 2 and the BP comparison follow (BS-51,
    BS-52); its "when blocks" effects do not trigger (it did not block)."""
    attack = s.flags.get("attack")
    for t in targets:
        if attack is not None and attack["blocker"] is None and s.zone_of(t) == "field":
            s.set_exhausted(t, True)
            s.flags["attack"] = {**attack, "blocker": t, "designated": True}
            s.emit("block", card=t, name=s.cards[t].name, player=s.cards[t].controller, bp=s.bp(t),
                   attacker_bp=s.bp(attack["attacker"]))


def grant_attack_spirit(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"During this turn, your Spirits may attack opposing exhausted Spirits": until the end of
    the turn (BS-56), as each of the controller's spirits attacks, they may make it attack a
    spirit ``scope`` matches (``attack_spirit``)."""
    lasting.add(s, "grant_attack_spirit", player=controller, name=s.cards[source].name)


def attack_shift(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"During this turn, all effects that say 'When This Spirit Blocks' activate 'When This
    Spirit Attacks' instead": until the end of the turn (BS-56), a spirit's "blocks" abilities
    trigger as it attacks, and not as it blocks (every spirit's, either player's)."""
    lasting.add(s, "attack_shift")


def shield(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"During this turn, 1 of your blocking Spirits is unaffected by opposing card effects":
    until the end of the turn (BS-56) no effect the opponent controls selects the target."""
    for t in targets:
        lasting.add(s, "shielded", card=t, player=controller)


def spread_cores(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Move any number of Cores from this Spirit to your other Spirits or Nexuses", "leave 1 Core
    on it and move the rest to other Spirits on the same field": the controller moves the target's
    cores one at a time onto cards of the target's field that ``scope`` matches (its ``player``
    ignored), until only ``leave`` are left - or, with ``up_to_count``, until they stop (a
    ``spread`` decision). With no such card, the cores stay."""
    assert eff.scope is not None
    for t in static_rules.cores_removable(s, targets, controller)[:1]:  # BS-259
        s.offer_spread(controller, t, eff.scope.model_dump(), eff.leave or 0, eff.up_to_count)


def destroy_after_battle(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Destroy 1 opposing Spirit that blocked, at the end of that battle": each target is
    destroyed (BS-54) at the end-of-battle step (BS-55) if still on the field."""
    if s.flags.get("attack") is not None:
        for t in targets:
            lasting.add(s, "destroy_after_battle", lasting.BATTLE, card=t, player=controller)


def reveal_top(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Reveal the top 5 cards of your deck. Add 1 Nexus card among them to your Hand. Return the
    remaining cards to the bottom of your deck in any order": both players see the top ``count``
    cards (``show_privately`` to each); the controller takes one that ``scope`` matches, if any,
    then puts the others at the bottom one at a time (``reveal`` decisions)."""
    assert eff.scope is not None
    top = list(s.zones[controller]["deck"][:eff.count])
    for p in (0, 1):
        s.show_privately(p, top)
    s.offer_reveal(controller, tuple(top), eff.scope.model_dump(), pick=True)


def end_battle(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The current battle ends: no BP comparison, no damage."""
    attack = s.flags.get("attack")
    if attack is not None:
        s.flags["attack"] = {**attack, "ended": True}
        s.emit("battle_ended", player=controller)


def end_attack_step(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """When the current battle ends, the attack step (the battle phase) ends too."""
    if s.flags.get("attack") is not None:
        s.flags["end_attack_step"] = True


def skip_attack_step(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"That turn's Attack Step is skipped, or ends": during a battle, the attack step ends with
    it (``end_attack_step``); before this turn's battle phase, the turn has none (BS-45's skip)."""
    if s.flags.get("attack") is not None:
        s.flags["end_attack_step"] = True
    elif s.phase in ("start", "core", "draw", "refresh", "main"):
        s.flags["no_attack_step"] = True


_SHARED: dict[str, BSVerb] = {
    "draw": shared.draw,  # BS-104: from an empty deck, nothing
    "destroy": shared.destroy,  # BS-54: "When Destroyed" applies
    "damage": shared.Damage(to="opponent", of="count"),  # BS-53: `player` is deck_to_trash's
    "gain_life": shared.Restore(of="count"),  # from the core stock
    "exhaust": shared.tap,
    "refresh": shared.untap,
    "return_to_hand": shared.return_to_hand,
    "discard": shared.discard,  # from a hand
    "deck_to_trash": shared.mill,  # BS-57
    "deck_bottom": shared.deck_bottom,
}
_OWN: dict[str, BSVerb] = {
    "bp_modifier": bp_modifier,
    "core_charge": core_charge,
    "place_cores": place_cores,
    "remove_cores": remove_cores,
    "move_cores": move_cores,
    "deck_top": deck_top,
    "unblockable": unblockable,
    "cant_attack": cant_attack,
    "may_block": may_block,
    "must_attack": must_attack,
    "bp_aura": bp_aura,
    "flash_lock": flash_lock,
    "draw_on_return": draw_on_return,
    "put_cores": put_cores,
    "exhaust_color": exhaust_color,
    "attack_spirit": attack_spirit,
    "grant_attack_spirit": grant_attack_spirit,
    "attack_shift": attack_shift,
    "shield": shield,
    "spread_cores": spread_cores,
    "set_burst": bursts.set_burst,
    "reveal_top": reveal_top,
    "destroy_after_battle": destroy_after_battle,
    "end_battle": end_battle,
    "end_attack_step": end_attack_step,
    "skip_attack_step": skip_attack_step,
    "colorless": braves.colorless,
    "clash": braves.clash,
    "force_spirit_block": braves.force_spirit_block,  # BS-360
    "add_symbol": braves.add_symbol,
    "max_level": braves.max_level,
    "summon_free": braves.summon_free,
    "immortality_summon": trash_zone.immortality_summon,
    "immortality_free": trash_zone.immortality_free,
    "summon_self_free": trash_zone.summon_self_free,
    "summon_paid": trash_zone.summon_paid,
    "arm_this_turn": trash_zone.arm_this_turn,
    "discard_burst": trash_zone.discard_burst,
    "bounce_to_deck_top": braves.bounce_to_deck_top,
    "reveal": braves.reveal,
    "brave_onto_free": braves.brave_onto_free,
    "revealed_to_trash": braves.revealed_to_trash,
    "destroy_brave": braves.destroy_brave,
    "brave_to_hand": braves.brave_to_hand,
    "assault": braves.assault,
    "grant_ability": era_keywords.grant_ability,  # BS-227
    "stop_attack_effects": era_keywords.stop_attack_effects,  # BS-231
    "grant_stay": replacements.grant_stay,  # BS-204
    "end_main_step": replacements.end_main_step,  # BS-207
    "fuse_brave": fusion.fuse_brave,  # BS-214
    "join_spirit": fusion.join_spirit,  # BS-321
    "separate_braves": fusion.separate_braves,  # BS-215
    "use_ability": fusion.use_ability,  # BS-216
    "invert_battle": fusion.invert_battle,  # BS-219
    "u_trigger": u_trigger,  # BS-141
    "life_guard": life_guard,  # BS-143
    "burst_lock": starter_era.burst_lock,  # BS-282
    "magic_discount": starter_era.magic_discount,  # BS-289
    "swap_exhaustion": starter_era.swap_exhaustion,  # BS-290
    "end_attack_step_if": starter_era.end_attack_step_if,  # BS-292
    "magics_of_color_to_hand": starter_era.magics_of_color_to_hand,  # BS-293
    "use_magic_free": conditions.use_magic_free,  # BS-278
    "reorder_top": deck_order.reorder_top,  # BS-343
    "open_burst": deck_order.open_burst,  # BS-344
    **static_rules.VERBS,  # BS-244..BS-248
}
#: Every ``do:`` name of the card schema to the verb that carries it out.
VERBS: dict[str, BSVerb] = verb_table(_SHARED, _OWN)
#: ``do:`` names that never reach the table: "one of" is settled by ``BSEffects.special_effect``,
#: which carries out the chosen alternative.
ELSEWHERE: frozenset[str] = frozenset({"one_of", "cores_to_trash"})
