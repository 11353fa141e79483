"""The Force of Will glossary of effect verbs: the ``do:`` names of the card schema, as a table.

Shared verbs (``tcg.core.verbs``) under Force of Will names - "rest" / "recover" are tap /
untap - with the state supplying their primitives (``destroy_by_effect``, ``return_to_hand``,
``set_tapped`` in ``effects.py``). The verbs below are only Force of Will's: damage to a player
or a battler (FOW-45), ATK/DEF changes and keywords as lasting effects (``tcg.core.lasting``:
the schema's ``duration`` words are its ``"turn"`` and ``"lasting"``), the instructions a named
player carries out ("target player draws", "your opponent discards at random": FOW-105), magic
stones (FOW-11), Break (FOW-58) and cancelling a spell on the chase area. ``FowEffects.do_effect``
looks a verb up in :data:`VERBS`.

A player draws through the shared :func:`~tcg.core.verbs.draw`, applied to each named player (no
other game draws for a named player: no shared "player draws" verb yet). ``damage`` is Force of
Will's own: it hits players and cards alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core import verbs as shared
from tcg.core.state import Decision
from tcg.core.verbs import Targets, verb_table
from tcg.games.force_of_will.payment import payments
from tcg.games.force_of_will.queries import STARTING_LIFE, target, target_player

if TYPE_CHECKING:
    from tcg.games.force_of_will.cards import Effect
    from tcg.games.force_of_will.effects import FowEffects

FowVerb = Callable[["FowEffects", "Effect", int, int, Targets], None]
_BREAK_FROM = ("chase_area", "limbo")


def named_players(eff: Effect, controller: int, targets: Targets) -> list[int]:
    """The players an instruction names: its target players ("target player draws"), else,
    when it has no target, ``player`` counted from the controller."""
    chosen = [q for q in map(target_player, targets) if q is not None]
    if chosen or eff.target is not None:
        return chosen
    return [controller if eff.player == "self" else 1 - controller]


def damage(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """``amount`` damage to each target: a player loses that much life, a J-ruler or resonator
    keeps it until the End Phase (FOW-45). With ``per`` ("400 damage for each Werewolf you
    control") the amount is counted as it resolves."""
    amount = eff.amount if eff.per is None else eff.amount * s.count_of(eff.per, source)
    if eff.per_revealed_symbol:
        amount *= revealed_symbols(s, source)
    amount = s.damage_from(source, amount)
    for t in targets:
        p = target_player(t)
        if p is not None:
            s.lose_life(p, amount)
            s.damage_dealt(source, t, amount)
        elif not s.guarded(t, source):  # "prevent any damage it would be dealt by Vampires"
            s.deal_damage(t, amount)
            s.damage_dealt(source, t, amount)


def modify(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target gets ``atk`` / ``def`` until the end of the turn, or as long as it stays
    (``duration: lasting``; FOW-114 ends it when the card leaves)."""
    for t in targets:
        lasting.add(s, "modify", until=eff.duration, card=t, atk=eff.atk, **{"def": eff.def_})


def gain_keyword(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target gains ``keyword`` until the end of the turn (Barrier remembers ``by`` whom:
    "... your opponent controls" is the opponent of this instruction's controller)."""
    for t in targets:
        if eff.keyword == "barrier":
            lasting.add(s, "keyword", card=t, keyword=eff.keyword, by=controller)
        else:
            lasting.add(s, "keyword", card=t, keyword=eff.keyword)


def heal(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The damage on each target is removed."""
    for t in targets:
        s.set_counter(t, "damage", 0)


def draw(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each named player draws ``count`` (FOW-119: as many as there are)."""
    for q in named_players(eff, controller, targets):
        shared.draw(s, eff, q, source, targets)


def discard(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each named player discards ``count`` cards at random (chosen ones are asked before any
    verb: ``FowEffects.special_effect``); ``whole_hand``: every card of the hand."""
    for q in named_players(eff, controller, targets):
        hand = s.zones[q]["hand"]
        for _ in range(len(hand) if eff.whole_hand else eff.count):
            if hand:
                s.move(hand[s.rng.below(len(hand))], "graveyard")


def gain_life(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each named player gains ``amount`` life (``per_revealed_symbol``: for each will symbol of
    the revealed card's attribute cost)."""
    amount = eff.amount * revealed_symbols(s, source) if eff.per_revealed_symbol else eff.amount
    for q in named_players(eff, controller, targets):
        s.counters[q]["life"] = s.counters[q].get("life", STARTING_LIFE) + amount
        s.emit("life_gained", player=q, amount=amount)


def lose_life(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each named player loses ``amount`` life (not damage)."""
    for q in named_players(eff, controller, targets):
        s.lose_life(q, eff.amount)


def put_into_field(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """A Break: "put this card into your field" (no cost, not a summon); its [Enter] triggers."""
    if s.where[source][1] in _BREAK_FROM:
        s.move(source, "field", player=controller, tapped=False, entered_this_turn=True, face_down=False)
        s.emit("put_into_field", card=source, name=s.cards[source].name, player=controller)
        s.entered_field(source)


def put_into_hand(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """A Break: "put this card into your hand"; with a target, "put target resonator from your
    graveyard into your hand": each target still in a graveyard goes to its owner's hand, seen
    by both players on its way (the graveyard is public, FOW-124)."""
    if eff.target is None:
        if s.where[source][1] in _BREAK_FROM:
            s.move(source, "hand", face_down=False)
        return
    for t in targets:
        if t >= 0 and s.where[t][1] == "graveyard":
            s.move(t, "hand", tapped=False, counters=())
            s.emit("put_into_hand", card=t, name=s.cards[t].name, player=s.cards[t].owner,
                   **{"from": "graveyard", "to": "hand"})


def destroy_at_end(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"At the end of turn, destroy that resonator" (Poison Apple): each target is destroyed as
    this turn's End Phase begins (``turn.end_phase``), unless it left the field before (a new
    object then, FOW-114). Official rules make it a delayed automatic ability; the engine has
    no chase in the End Phase, so it happens at once there (the brief is silent)."""
    for t in targets:
        if t >= 0:
            lasting.add(s, "doomed", card=t)


def keep_rested(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"It doesn't recover during the recovery phase as long as this card is on a field"
    (Hamelin's Pied Piper): the recovery phase (FOW-32) skips each target while ``source``
    stays; the effect ends when either leaves (``lasting.forget``)."""
    for t in targets:
        if t >= 0:
            lasting.add(s, "no_recover", until="lasting", card=t, source=source)


def forbid_plays(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each named player may not play the kinds in ``plays`` until end of turn (Law of Silence:
    "normal spells and summon spells"); ``FowQueries.barred_plays`` reads it. The record's
    ``card`` is the player as a target (``-1 - player``), as every lasting record names a card."""
    for q in named_players(eff, controller, targets):
        lasting.add(s, "forbid", card=-1 - q, plays=list(eff.plays))


def swap_stats(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target's ATK and DEF are switched until end of turn (after every other change:
    ``FowQueries.stats``)."""
    for t in targets:
        if t >= 0:
            lasting.add(s, "swap", card=t)


def flicker(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Remove target resonator from the game, then put it into its owner's field": it leaves
    (a new object, FOW-114: its damage, effects and additions go) and comes back at once,
    recovered, entered this turn, its [Enter] abilities triggering (not a summon)."""
    for t in targets:
        if t >= 0 and s.is_resonator(t):
            owner = s.cards[t].owner
            s.leave_field(t, "limbo")
            s.move(t, "field", player=owner, tapped=False, entered_this_turn=True, face_down=False)
            s.emit("put_into_field", card=t, name=s.cards[t].name, player=owner)
            s.entered_field(t)


def evade(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target cannot be blocked by J-rulers or resonators of ``unblockable_by``'s attributes
    until end of turn (FOW-43: ``FowQueries.blockers`` reads it)."""
    for t in targets:
        if t >= 0:
            lasting.add(s, "evade", card=t, attributes=list(eff.unblockable_by))


def reveal_stone(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Reveal the top card of the player's magic stone deck to both players; if it is a magic
    stone of one of ``stone_attributes`` (a special stone counts as each attribute it produces,
    "treat this card as wind and water magic stone"), it is put into the magic stone area
    recovered, otherwise it goes back on top of the deck."""
    deck = s.zones[controller]["magic_stone_deck"]
    if not deck:
        return
    top = deck[0]
    s.move(top, "limbo", face_down=False)
    s.emit("stone_revealed", card=top, name=s.cards[top].name, player=controller)
    if not set(eff.stone_attributes).isdisjoint(s.d(top).stone_will):
        s.move(top, "magic_stone_area", tapped=False, entered_this_turn=True)
    else:
        s.move(top, "magic_stone_deck", top=True)


def lose_abilities(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target loses all abilities until end of turn: its printed keywords, its abilities and
    its lasting effects are gone (``FowQueries.silenced``); what other cards give it stays."""
    for t in targets:
        if t >= 0:
            lasting.add(s, "no_abilities", card=t)


def prevent_damage_from(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """All damage each target would deal is prevented until end of turn (battle damage and its
    abilities' alike: ``FowEffects.damage_from``)."""
    for t in targets:
        if t >= 0:
            lasting.add(s, "harmless", card=t)


def put_on_top(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target resonator goes on top of its owner's main deck (it leaves the field: a new
    object, FOW-114; an attacker gone ends its attack)."""
    for t in targets:
        if t >= 0 and s.is_resonator(t):
            s.leave_field(t, "main_deck", top=True)


def set_stats(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target "becomes [atk/def]" until end of turn: these replace its printed ATK and DEF
    (other changes still apply on top; ``FowQueries.stats``)."""
    for t in targets:
        if t >= 0:
            lasting.add(s, "set_stats", card=t, atk=eff.atk, **{"def": eff.def_})


def remove_from_game(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target resonator is removed from the game (the public zone ``removed``; a new
    object, FOW-114), remembering which card removed it (its counter ``removed_by``)."""
    for t in targets:
        if t >= 0 and s.is_resonator(t):
            s.leave_field(t, "removed")
            s.update(t, counters=(("removed_by", source + 1),))  # + 1: a counter of 0 is no counter
            s.emit("removed_from_game", card=t, name=s.cards[t].name, player=s.cards[t].owner)


def return_removed(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Return all resonators removed from the game by this card into your field": each card in
    a removed zone that ``source`` removed enters its controller's field (recovered, entered this
    turn, its [Enter] triggering; not a summon)."""
    for p in (0, 1):
        for c in list(s.zones[p]["removed"]):
            if s.cards[c].counter("removed_by") == source + 1:
                s.move(c, "field", player=controller, tapped=False, entered_this_turn=True, counters=())
                s.emit("put_into_field", card=c, name=s.cards[c].name, player=controller)
                s.entered_field(c)


def mill_stones(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The top ``count`` cards of the controller's magic stone deck go to the graveyard (as many as
    there are); how many is remembered for Condition.milled_fewer ("if you cannot ... this way")."""
    deck = s.zones[controller]["magic_stone_deck"]
    moved = 0
    for _ in range(eff.count):
        if deck:
            s.move(deck[0], "graveyard", face_down=False)
            moved += 1
    s.flags[f"milled:{source}"] = moved


def produce_will(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Produce {G}" (a resonator's will, not a magic stone's, FOW-26): ``count`` will of
    ``will_attribute`` - times the cards ``per`` matches ("{G} for each Musketeer resonator you
    control") - goes into its controller's pool, spent as the pool's will is (lost at the End
    Phase, FOW-28)."""
    n = eff.count if eff.per is None else eff.count * s.count_of(eff.per, source)
    attr = eff.will_attribute
    if n <= 0 or attr is None:
        return
    key = f"will_{attr}"
    s.counters[controller][key] = s.counters[controller].get(key, 0) + n
    s.emit("will_produced", card=source, name=s.cards[source].name, player=controller, attributes=[attr] * n)


def select_target(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Target Vampire you control deals damage ...": the instruction only chooses its target,
    which the instructions after it act with (``previous``, ``atk_of_previous``); nothing happens."""


def take_into_field(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Put it into your field under your control": each target in a graveyard (the card an
    instruction before destroyed, ``previous``) that ``only`` matches goes onto its controller's
    field - theirs to control, its owner unchanged (it goes back to its owner's graveyard, FOW-115);
    its [Enter] triggers (not a summon)."""
    for t in targets:
        if t < 0 or s.where[t][1] != "graveyard":
            continue
        if eff.only is not None and not s.matches(target(eff.only), t, controller, source):
            continue
        s.move(t, "field", player=controller, tapped=False, entered_this_turn=True, counters=(), face_down=False)
        s.emit("put_into_field", card=t, name=s.cards[t].name, player=controller)
        s.entered_field(t)


def set_races(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"It loses all races and becomes a Vampire": each target's races are ``races`` for as long
    as it stays on the field (FOW-114 ends it when the card leaves)."""
    for t in targets:
        if t >= 0:
            races = (*s.races_of(t), *[r for r in eff.races if r not in s.races_of(t)]) if eff.keep_races \
                else tuple(eff.races)
            lasting.add(s, "races", until="lasting", card=t, races=races)


def copy_spell(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Its controller may copy this spell and may choose new targets for the copy": the first
    target player (``previous_controllers``: whose card the instruction before acted on) is asked
    (``copy_spell``) while the spell's targets exist for them (FOW-105); the copy is theirs."""
    for q in (p for p in map(target_player, targets) if p is not None):
        if s.targets_exist(q, source, s.digest[s.cards[source].name].effect_checks):
            s.decision = Decision(q, "copy_spell", {"card": source})
        return


def pay_will(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"You may pay {B}. If you do, ...": its controller pays ``will_cost`` (pool will first, then
    recovered magic stones - the first way found: the player does not pick the stones), if able;
    Condition.paid says whether they did."""
    options = payments(s, controller, eff.will_cost, limit=1)
    s.flags[f"paid:{source}"] = bool(options)
    if not options:
        return
    stones, attrs, pool_used = options[0]  # as payment.pay_with (FOW-26 / FOW-27)
    for c in stones:
        s.cards[c] = s.cards[c].with_tapped(True)
    for a, n in pool_used:
        s.counters[controller][f"will_{a}"] -= n
    if stones:
        s.emit("will_paid", player=controller, stones=list(stones), attributes=list(attrs))


def banish_stones(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"You may banish three of your fire magic stones. If you do, ...": ``count`` stones of the
    controller's magic stone area that are (or are treated as) of one of ``stone_attributes`` go to
    the graveyard - rested ones first (the player does not pick them), none unless there are
    enough; Condition.paid says whether it was done."""
    stones = [c for c in s.zones[controller]["magic_stone_area"]
              if not eff.stone_attributes or set(eff.stone_attributes) & set(
                  s.d(c).attributes or s.d(c).produces)]
    stones.sort(key=lambda c: not s.cards[c].tapped)
    done = len(stones) >= eff.count
    s.flags[f"paid:{source}"] = done
    if done:
        for c in stones[:eff.count]:
            s.emit("banished", card=c, name=s.cards[c].name, player=controller)
            s.move(c, "graveyard", tapped=False)


def banish_this(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Banish this card": from the field into its owner's graveyard (official meaning of banish)."""
    if s.where[source][1] in ("field", "attached"):
        s.emit("banished", card=source, name=s.cards[source].name, player=controller)
        s.leave_field(source, "graveyard")


def reveal_top(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The top card of the controller's main deck is shown to both players and stays on top;
    this card remembers it (``revealed_symbols``)."""
    deck = s.zones[controller]["main_deck"]
    s.flags.pop(f"revealed:{source}", None)
    if not deck:
        return
    top = deck[0]
    s.move(top, "limbo", face_down=False)
    s.emit("card_revealed", card=top, name=s.cards[top].name, player=controller)
    s.move(top, "main_deck", top=True)
    s.flags[f"revealed:{source}"] = top


def revealed_symbols(s: FowEffects, source: int) -> int:
    """The will symbols of the attribute part of the cost of the card ``source`` revealed last."""
    top = s.flags.get(f"revealed:{source}")
    if top is None:
        return 0
    return sum(n for key, n in s.d(top).cost.items() if key != "generic")


def cancel(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target spell on the chase area is cancelled: it goes to the graveyard unresolved."""
    for t in targets:
        s.cancel(t)


def call_stone(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The top ``count`` cards of the player's magic stone deck enter their magic stone area rested."""
    deck = s.zones[controller if eff.player == "self" else 1 - controller]["magic_stone_deck"]
    for _ in range(eff.count):
        if deck:
            s.move(deck[0], "magic_stone_area", tapped=True, entered_this_turn=True)


def bounce_stone(s: FowEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The player's last ``count`` magic stones return to the top of their magic stone deck."""
    stones = s.zones[controller if eff.player == "self" else 1 - controller]["magic_stone_area"]
    for _ in range(eff.count):
        if stones:
            s.move(stones[-1], "magic_stone_deck", top=True, tapped=False)


_SHARED: dict[str, FowVerb] = {
    "destroy": shared.destroy,
    "return_to_hand": shared.return_to_hand,
    "rest": shared.tap,
    "recover": shared.untap,
}
_OWN: dict[str, FowVerb] = {
    "damage": damage,
    "modify": modify,
    "gain_keyword": gain_keyword,
    "heal": heal,
    "draw": draw,
    "discard": discard,
    "gain_life": gain_life,
    "lose_life": lose_life,
    "put_into_field": put_into_field,
    "put_into_hand": put_into_hand,
    "cancel": cancel,
    "destroy_at_end": destroy_at_end,
    "keep_rested": keep_rested,
    "forbid_plays": forbid_plays,
    "swap_stats": swap_stats,
    "flicker": flicker,
    "evade": evade,
    "lose_abilities": lose_abilities,
    "prevent_damage_from": prevent_damage_from,
    "put_on_top": put_on_top,
    "set_stats": set_stats,
    "remove_from_game": remove_from_game,
    "mill_stones": mill_stones,
    "produce_will": produce_will,
    "select_target": select_target,
    "take_into_field": take_into_field,
    "set_races": set_races,
    "pay_will": pay_will,
    "banish_stones": banish_stones,
    "copy_spell": copy_spell,
    "banish_this": banish_this,
    "reveal_top": reveal_top,
    "return_removed": return_removed,
    "reveal_stone": reveal_stone,
    "call_stone": call_stone,
    "bounce_stone": bounce_stone,
}
#: Every ``do:`` name of the card schema to the verb that carries it out.
VERBS: dict[str, FowVerb] = verb_table(_SHARED, _OWN)
#: ``do:`` names that never reach the table: ``search``, ``banish``, ``move_addition``, ``rest_own``
#: (their ``find`` is asked in ``FowEffects.special_effect``, as is a put_into_field with ``find`` and "discard N cards"
#: chosen by the discarding player; a random discard reaches the table).
ELSEWHERE: frozenset[str] = frozenset({"search", "banish", "move_addition", "rest_own"})
