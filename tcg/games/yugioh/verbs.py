"""The Yu-Gi-Oh! glossary of effect verbs: the ``do:`` names of the card schema, as a table.

Shared verbs (``tcg.core.verbs``) under Yu-Gi-Oh! names - "damage" is LP lost by the player the
instruction names (YGO-101), "gain_lp" LP gained, "atk_modifier" / "def_modifier" the stat
changes of ATK and DEF, "discard" sends a card from a hand to the graveyard by the controller's
effect (a card that sees who sent it: Neko Mane King) - with the state supplying their
primitives (``draw``, ``destroy_by_effect``, ``take_damage``, ``restore``, ``change_stat``,
``return_to_hand``, ``discard_by_effect`` in ``effects.py``). The verbs below are only
Yu-Gi-Oh!'s: positions, Special Summons (YGO-116) — Fusion and Ritual Summons among them
(``summons.py``) —, equipping (YGO-119), control, the turn's flow
(YGO-8..YGO-15), negation, and adding to the hand: the shared ``search`` shuffles the
controller's deck whatever was found, here only a deck a card was taken from is shuffled (a
card from the graveyard is no search; ``shuffle_deck``), and a card added may win the duel
(YGO-131). Issue 18 added hidden cards shown (``reveal`` / ``destroy_revealed`` to both players,
``look_at`` to one: ``State.show_privately``), banishing, damage counted per card, lasting rules
for the turn (``battle_protection``, ``reverse_stat_changes``, ``allow_tribute``), permissions
used later (``permit_later``, ``extra_normal_summon``) and a countdown of turns.
``YGOEffects.do_effect`` looks a verb up in :data:`VERBS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from tcg.core import lasting
from tcg.core import verbs as shared
from tcg.core.state import Task
from tcg.core.verbs import Targets, verb_table
from tcg.games.yugioh import main_phase, summons
from tcg.games.yugioh.cards import is_targeting_effect
from tcg.games.yugioh.chain import CHAIN
from tcg.games.yugioh.queries import MONSTER_ZONES

#: The moment the End Phase begins (as ``effects.END_PHASE``, which imports this module).
END_PHASE = "end_phase"

if TYPE_CHECKING:
    from tcg.games.yugioh.cards import Effect
    from tcg.games.yugioh.effects import YGOEffects
    from tcg.games.yugioh.state import YugiohState

YGOVerb = Callable[["YGOEffects", "Effect", int, int, Targets], None]
#: "Can this verb be carried out now for this controller": (state, instruction, controller, source).
Feasible = Callable[["YGOEffects", "Effect", int, int], bool]


def _who(eff: Effect, controller: int) -> int:
    """The player the instruction names (``player``: self or opponent)."""
    return controller if eff.player == "self" else 1 - controller


def change_position(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target switches between Attack and Defense Position, face-up."""
    for t in targets:
        s.update(t, tapped=not s.cards[t].tapped, face_down=False)
    s.apply_position_locks()


def equip(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This Equip Spell equips the target while both stay (YGO-119); with nothing to equip it is
    sent to the graveyard."""
    if s.zone_of(source) == "spell_trap_zone" and targets and s.can_equip(source, targets[0]):
        lasting.add(s, "equipped", until=lasting.LASTING, source=source, card=targets[0])
        s.emit("equipped", card=source, name=s.cards[source].name, player=controller, target=targets[0])
    else:
        s.send_to_graveyard(source, reason="rule")


def add_to_hand(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target (in a deck or graveyard) goes to its owner's hand (``lock_name``: its name is
    barred for the controller this turn); then each deck a target was taken from is shuffled. A
    card that completes the Forbidden One wins at the state check after it (YGO-131)."""
    searched = set()
    for t in targets:
        if s.zone_of(t) == "deck":
            searched.add(s.cards[t].owner)
        s.move(t, "hand")
        if eff.lock_name:
            s.bar_name(controller, s.cards[t].name)
    for p in sorted(searched):
        s.shuffle_deck(p)


def special_summon_self(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This card, still in the hand or graveyard, is Special Summoned (YGO-116)."""
    if s.zone_of(source) in ("hand", "graveyard"):
        s.place_special(source, controller, eff)


def special_summon(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The targets are Special Summoned in order (YGO-116); a deck that was searched is shuffled after."""
    searched = {s.cards[t].owner for t in targets if s.zone_of(t) == "deck"}
    for t in targets[::-1]:
        s.place_special(t, controller, eff)
    for p in sorted(searched):
        s.tasks.append(Task("shuffle_deck", player=p))


def negate_attack(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The current attack is negated (the attacker still counts as having attacked)."""
    attack = s.flags.get("attack")
    if attack is not None:
        s.flags["attack"] = {**attack, "negated": True}


def end_battle_phase(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """YGO-14: the Battle Phase goes to its End Step (once the chain has resolved)."""
    s.flags["end_battle_phase"] = True


def end_turn(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """YGO-15: "end the opponent's turn" - if it is the opponent's turn, the rest of it is skipped
    and it becomes the End Phase (``chain.resolve_chain``; Neko Mane King's current text)."""
    if s.active != controller:
        s.flags["end_turn_now"] = True


def skip_next_main1(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """YGO-8: the player skips their next Main Phase 1 (a record kept until used)."""
    lasting.add(s, "skip_main1", until=lasting.LASTING, player=_who(eff, controller))


def skip_next_battle_phase(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """YGO-9: the player skips their next Battle Phase (a record kept until used)."""
    lasting.add(s, "skip_battle", until=lasting.LASTING, player=_who(eff, controller))


def extra_battle_phases(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """YGO-10: the player conducts ``count`` Battle Phases during their next turn (An Unfortunate
    Report; the record's until is that turn's number), or in their next Battle Phase
    (``next_battle_phase``, Weather Report: this turn's while the player's Battle Phase is still to
    come, else the next turn's, as the ygopro card scripts apply it). ``phases_optional``: "you can" -
    the player chooses after each Battle Phase whether to conduct the next (``battle.end_step``)."""
    who = _who(eff, controller)
    this_turn = eff.next_battle_phase and who == s.active and s.phase in ("draw", "standby", "main1")
    extra = {"optional": True} if eff.phases_optional else {}
    lasting.add(s, "extra_battle_phases", until=s.turn if this_turn else lasting.next_turn_of(who), player=who,
                count=eff.count, **extra)


def take_control(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The controller takes control of each target (``until_end_phase``: it comes back then)."""
    for t in targets:
        s.take_control(t, controller, eff.until_end_phase)


def negate_activation(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The activation of the chain link below the resolving one is negated."""
    below = s.flags.get("resolving_below")
    if below is not None and 0 <= below < CHAIN.depth(s):
        CHAIN.update(s, below, {"negated": True})  # a new list: clones keep theirs


def destroy_revealed(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Destroy 1 Spell (Trap) Card on the field; if it is Set, reveal it": the target was chosen
    without seeing a Set card's face, so a Set target is first shown to both players
    (``reveal_publicly``); it is destroyed only if it is of ``only_types``, otherwise it stays
    where it is, face-down (De-Spell, Trap Master, Armed Ninja, Reaper of the Cards)."""
    for t in targets:
        if s.cards[t].face_down:
            s.reveal_publicly(t)
        if not eff.only_types or s.d(t).type in eff.only_types:
            s.destroy_by_effect(t, controller)


def reveal(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each face-down target is shown to both players and stays face-down in its position: no
    Flip effect activates (The Stern Mystic)."""
    for t in targets:
        if s.cards[t].face_down:
            s.reveal_publicly(t)


def look_at(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The controller alone looks at the targets (``State.show_privately``): a card of the
    opponent's hand, the top of a deck; they stay where and as they are."""
    s.show_privately(controller, targets)


def damage_per_card(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """YGO-101: ``amount`` damage to the named player for each target (``all``: "for each monster
    they control", counted as it resolves: Just Desserts)."""
    s.take_damage(_who(eff, controller), eff.amount * len(targets))


def discard_hands_redraw(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each player discards every target in their hand (``all`` of both hands: Card Destruction),
    then draws as many cards as they discarded, the controller first (YGO-130)."""
    counts = [0, 0]
    for t in targets:
        if s.zone_of(t) == "hand":
            counts[s.cards[t].owner] += 1
            s.discard_by_effect(t, controller)
    for p in (controller, 1 - controller):
        for _ in range(counts[p]):
            s.draw(p)


def banish(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target is banished: face-up, out of play (Gravedigger Ghoul)."""
    for t in targets:
        s.banish(t)


def to_attack_position(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target in Defense Position goes to face-up Attack Position; a face-down one is
    flipped face-up, so its Flip effect activates (Stop Defense; official rulings)."""
    for t in targets:
        if s.zone_of(t) == "monster_zone" and s.cards[t].tapped:
            s.flip_to_attack(t)


def battle_protection(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """For the rest of this turn the named player takes no battle damage and their monsters
    cannot be destroyed by battle (Waboku; ``battle.py`` reads the record)."""
    lasting.add(s, "battle_protection", until=lasting.TURN, player=_who(eff, controller))


def allow_tribute(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This turn the controller may Tribute each target for a Tribute Summon or Set as if they
    controlled it (Soul Exchange; ``main_phase.py`` offers it); it goes to its owner's GY."""
    for t in targets:
        lasting.add(s, "tributable", until=lasting.TURN, card=t, player=controller)


def skip_battle_phase_this_turn(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """YGO-9: "you cannot conduct your Battle Phase the turn you activate this card": the
    controller's Battle Phase of this turn, if still to come, is skipped (the record ends with
    the turn)."""
    lasting.add(s, "skip_battle", until=lasting.TURN, player=controller)


def reverse_stat_changes(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Until the End Phase every effect that adds to or subtracts from ATK or DEF works the other
    way (Reverse Trap; ``YGOQueries._sign``): the record ends as the End Phase begins."""
    lasting.add(s, "reverse_modifiers", until=END_PHASE)


def apply_position_locks(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The face-up monsters a face-up ``lock_in_defense`` card names go to Defense Position now
    (Dragon Capture Jar's activation; the lock itself is its static, kept by ``apply_position_locks``
    of the state after each summon or change of position)."""
    s.apply_position_locks()


def permit_later(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This turn the controller may use this card's ``later`` instructions once, after a monster of
    theirs was sent from their field to their GY, before or after this resolved (Last Will;
    ``YGOEffects.later_sources`` offers it at every open state of the turn; official rulings)."""
    s.permit_later(source, controller)


def extra_normal_summon(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Immediately after this effect resolves, Normal Summon/Set 1 monster": the controller
    Normal Summons or Sets one monster from the hand now, with its tributes, besides the turn's
    Normal Summon (Ultimate Offering; ``main_phase.ExtraSummon``; with none to summon, nothing)."""
    s.tasks.append(Task("extra_summon", player=controller))


def flip_face_up(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each face-down target monster is turned face-up in its position (face-up Defense Position);
    its Flip effect activates (official rulings; Swords of Revealing Light)."""
    for t in targets:
        if s.zone_of(t) == "monster_zone" and s.cards[t].face_down:
            s.turn_face_up(t)


def destroy_after_opponent_turns(s: YGOEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This card is destroyed in the End Phase of the opponent's ``count``th turn from now (Swords of
    Revealing Light: "you must destroy it during the End Phase of your opponent's 3rd turn"); the
    record goes with the card if it leaves sooner (``turn.end_phase`` counts)."""
    lasting.add(s, "countdown", until=lasting.LASTING, card=source, player=1 - controller, count=eff.count)


_SHARED: dict[str, YGOVerb] = {
    "draw": shared.draw,  # YGO-130 (the primitive draws nothing once the duel is decided)
    "destroy": shared.destroy,
    "damage": shared.Damage(to="named", of="amount"),  # YGO-101: LP, `player: self` to yourself
    "gain_lp": shared.Restore(of="amount"),
    "atk_modifier": shared.ChangeStat("atk"),  # until the end of the turn
    "def_modifier": shared.ChangeStat("def"),
    "return_to_hand": shared.return_to_hand,
    "discard": shared.discard_by,  # from a hand, by the controller's effect
}
_OWN: dict[str, YGOVerb] = {
    "change_position": change_position,
    "equip": equip,
    "add_to_hand": add_to_hand,
    "special_summon_self": special_summon_self,
    "special_summon": special_summon,
    "negate_attack": negate_attack,
    "end_battle_phase": end_battle_phase,
    "end_turn": end_turn,
    "skip_next_main1": skip_next_main1,
    "skip_next_battle_phase": skip_next_battle_phase,
    "extra_battle_phases": extra_battle_phases,
    "take_control": take_control,
    "negate_activation": negate_activation,
    "fusion_summon": summons.fusion_summon,  # official rules (summons.py): the brief is silent
    "ritual_summon": summons.ritual_summon,
    "destroy_revealed": destroy_revealed,
    "reveal": reveal,
    "look_at": look_at,
    "damage_per_card": damage_per_card,
    "discard_hands_redraw": discard_hands_redraw,
    "banish": banish,
    "to_attack_position": to_attack_position,
    "battle_protection": battle_protection,
    "allow_tribute": allow_tribute,
    "skip_battle_phase_this_turn": skip_battle_phase_this_turn,
    "reverse_stat_changes": reverse_stat_changes,
    "apply_position_locks": apply_position_locks,
    "permit_later": permit_later,
    "extra_normal_summon": extra_normal_summon,
    "flip_face_up": flip_face_up,
    "destroy_after_opponent_turns": destroy_after_opponent_turns,
}
#: Every ``do:`` name of the card schema to the verb that carries it out.
VERBS: dict[str, YGOVerb] = verb_table(_SHARED, _OWN)
#: ``do:`` names that never reach the table (none in Yu-Gi-Oh!).
ELSEWHERE: frozenset[str] = frozenset()


# ====================================================================== can it be carried out
# [standard] Activation legality derived from the verbs (official rulings; the brief is silent): a
# card or effect cannot be activated unless what it does can be carried out now - the general rule
# Konami's rulings apply card by card (a card whose effect could do nothing cannot be activated).
# One predicate per verb, in one table: ``can_carry_out`` asks it for each instruction of a card
# being activated (``YugiohState._condition_met``), of a face-up card's own effect and of an
# optional trigger (``chain.link_triggers``).
def always(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """Nothing it needs: LP gained or lost, a rule for the turn, the flow of the turn (what a
    timing needs - an attack to negate, a link to answer - its timing checks)."""
    return True


def needs_cards(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """An instruction on cards needs cards to act on: a valid target for each it targets ("target
    2 monsters": two; "up to": one), one at least for the others ("destroy all monsters": Dark Hole
    with no monster on the field, Raigeki with none on the opponent's, cannot be activated; a search
    needs a card to find). "This card" is always there; the monster of an event (the attacker, the
    summoned one) must still be a valid target."""
    sel = eff.target
    if sel is None or sel == "self":
        return True
    if isinstance(sel, str):
        found = s.effect_candidates(eff, sel, controller, source)
        if sel != "battled":  # "target that monster" (Trap Hole, Sakuretsu Armor): a valid target now,
            found = [c for c in found if not s.untargetable(c)]  # not one a face-up Lord of D. shields
        return bool(found)
    need = sel.count if is_targeting_effect(eff) and not sel.up_to else 1
    return s.has_candidate(eff, controller, source, need)


def draws(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """YGO-130: a draw needs as many cards in the Deck as it draws (Pot of Greed with one card in
    the Deck cannot be activated; official rulings)."""
    return len(s.zones[controller]["deck"]) >= eff.count


def _room(s: YGOEffects, player: int) -> bool:
    """YGO-104 / YGO-105: a Main Monster Zone of ``player`` is free."""
    return len(s.zones[player]["monster_zone"]) < MONSTER_ZONES


def summons_cards(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """A Special Summon (YGO-116) needs a free Monster Zone and a monster it may summon (Monster
    Reborn with five monsters on your field, or with no monster in either Graveyard, cannot be
    activated; a Fusion or Ritual Monster not properly summoned is no candidate; official rulings)."""
    return _room(s, controller) and needs_cards(s, eff, controller, source)


def summons_itself(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """This card Special Summoned (Battle Fader from the hand) needs a free Monster Zone."""
    return _room(s, controller)


def summon_procedure(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """A Fusion or Ritual Summon needs its monster, its materials or tributes, and a Monster Zone
    free once they have left (Polymerization; ``summons.summon_possible``)."""
    return summons.summon_possible(s, controller, eff)


def takes_control(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """Taking control needs a free Monster Zone to take the monster to, and the monster (Change
    of Heart with five monsters on your field cannot be activated; official rulings)."""
    return _room(s, controller) and needs_cards(s, eff, controller, source)


def before_battle_phase(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """"You cannot conduct your Battle Phase the turn you activate this card": not once its player has
    conducted a Battle Phase this turn (Soul Exchange in Main Phase 2; Upper Deck's card FAQ)."""
    return not (controller == s.active and s.flags.get("battle_phases"))


def grants_normal_summon(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """An extra Normal Summon or Set needs a monster it could Normal Summon or Set now (Ultimate
    Offering; official rulings, as the ygopro scripts check)."""
    state = cast("YugiohState", s)
    zones = s.zones[controller]
    return bool(main_phase.hand_actions(state, controller, zones["hand"], zones["monster_zone"], extra=True)[0])


#: Every verb of :data:`VERBS` to its predicate (a test checks that none is missing).
FEASIBLE: dict[str, Feasible] = {
    "draw": draws,
    "destroy": needs_cards,
    "damage": always,
    "gain_lp": always,
    "atk_modifier": needs_cards,
    "def_modifier": needs_cards,
    "return_to_hand": needs_cards,
    "discard": needs_cards,
    "change_position": needs_cards,
    "equip": needs_cards,
    "add_to_hand": needs_cards,
    "special_summon_self": summons_itself,
    "special_summon": summons_cards,
    "negate_attack": always,
    "end_battle_phase": always,
    "end_turn": always,
    "skip_next_main1": always,
    "skip_next_battle_phase": always,
    "extra_battle_phases": always,
    "take_control": takes_control,
    "negate_activation": always,
    "fusion_summon": summon_procedure,
    "ritual_summon": summon_procedure,
    "destroy_revealed": needs_cards,
    # The Stern Mystic's Flip effect shows what is face-down, if anything
    "reveal": always,
    # The Inexperienced Spy with an empty opponent's hand, Ancient Telescope with an empty opponent's
    # Deck, Just Desserts with no monster to count cannot be activated (nothing to look at or count)
    "look_at": needs_cards,
    "damage_per_card": needs_cards,
    # Card Destruction: a card in either hand besides itself; its draws are not asked first (a
    # player who cannot draw them loses, both: a draw; Yugipedia, "DRAW")
    "discard_hands_redraw": needs_cards,
    "banish": needs_cards,
    "to_attack_position": needs_cards,
    "battle_protection": always,
    "allow_tribute": needs_cards,
    "skip_battle_phase_this_turn": before_battle_phase,
    "reverse_stat_changes": always,
    "apply_position_locks": always,
    "permit_later": always,
    "extra_normal_summon": grants_normal_summon,
    # Swords of Revealing Light may be activated with no face-down monster to flip (official rulings)
    "flip_face_up": always,
    "destroy_after_opponent_turns": always,
}


def can_carry_out(s: YGOEffects, eff: Effect, controller: int, source: int) -> bool:
    """Whether the instruction can be carried out now for ``controller``: a card that must be
    face-up for it is (The Flute of Summoning Dragon's Lord of D.), and its verb's predicate holds."""
    if eff.needs_face_up and not s.face_up_named(eff.needs_face_up):
        return False
    return FEASIBLE[eff.do](s, eff, controller, source)
