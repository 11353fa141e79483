"""The Duel Masters glossary of effect verbs: the ``do:`` names of the card schema, as a table.

Most are shared verbs (``tcg.core.verbs``) under Duel Masters names; the state supplies their
primitives (``draw``, ``destroy_by_effect``, ``set_tapped``, ``return_to_hand``, ``discard``,
``change_power``, ``move``, ``shuffle_deck`` in ``effects.py``). The verbs below are only Duel
Masters': the shields (DM-7), the mana zone (DM-13), keyword grants, evolution stacks (DM-32,
DM-34), putting a creature into the battle zone. ``DMEffects.do_effect`` looks a verb up in
:data:`VERBS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core import verbs as shared
from tcg.core.verbs import Targets, verb_table

if TYPE_CHECKING:
    from tcg.games.duel_masters.cards import Effect
    from tcg.games.duel_masters.effects import DMEffects

DMVerb = Callable[["DMEffects", "Effect", int, int, Targets], None]


def add_shield_from_deck(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The top ``count`` cards of the controller's deck become shields, appended at the end (DM-7)."""
    for _ in range(eff.count):
        deck = s.zones[controller]["deck"]
        if deck:
            s.move(deck[0], "shields", face_down=True, tapped=False)
            s.check_deck_out(controller)


def mana_from_deck(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The top ``count`` cards of the controller's deck go to their mana zone (DM-13)."""
    for _ in range(eff.count):
        deck = s.zones[controller]["deck"]
        if deck:
            s.put_into_mana(deck[0])
            s.check_deck_out(controller)


def put_into_mana(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target goes to its owner's mana zone (DM-13: tapped if multicoloured)."""
    for t in targets:
        s.put_into_mana(t)


def put_into_shields(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target becomes a shield of its owner, face down, appended (DM-7)."""
    for t in targets:
        s.leave(t, "shields")


def grant_keywords(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target gets ``keywords`` until the end of this turn (or of the next one)."""
    until = s.until(eff.duration)
    for t in targets:
        lasting.add(s, "keywords", until=until, card=t, keywords=dict(eff.keywords))
        s.emit("keywords_granted", card=t, name=s.cards[t].name, keywords=sorted(eff.keywords))


def separate_evolution(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The top card of each target evolution creature goes to the graveyard; the rest stays (DM-34)."""
    for t in targets:
        s.separate_top(t)


def put_into_battle(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target creature card goes to the battle zone (DM-32: an evolution alone is destroyed)."""
    for t in targets:
        s.put_into_battle(t, controller)


def make_attackable(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This turn the controller's creatures can attack each target as though it were tapped
    (DM-108: "unless an effect allows"; Chaos Strike)."""
    for t in targets:
        lasting.add(s, "attackable", card=t, player=controller)


def grant_when_blocked(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This turn, each creature of the controller's that becomes blocked gets ``keywords`` until
    the end of the turn (Creeping Plague; ``battle.block`` grants them)."""
    lasting.add(s, "when_blocked", player=controller, keywords=dict(eff.keywords))


def draw_per(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The controller draws a card for each card ``per`` selects, counted once as it resolves
    ("a card for each of your other water creatures": Chaos Fish; "a number of cards equal to
    the number of creatures your opponent has": Plasma Chaser)."""
    if eff.per is None:
        return
    for _ in range(len(s.select(eff.per, controller, source, ignore_power=True))):
        s.draw(controller)


def put_on_deck_top(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target goes on top of its owner's deck (Corile); an evolution stack comes apart and
    goes with it, its top card on top (DM-34)."""
    for t in targets:
        s.leave(t, "deck", top=True)


def search_deck(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The chosen cards of the controller's deck go to ``to`` by that zone's rule (DM-13: into
    the mana zone a multicolour card enters tapped), then the deck is shuffled; taking its last
    card loses the game at once (DM-113). The shared ``search`` moves cards as they are and
    knows no deck-out, hence Duel Masters' own verb."""
    for t in targets:
        if eff.to == "mana":
            s.put_into_mana(t)
        else:
            s.move(t, eff.to)
    s.check_deck_out(controller)
    s.shuffle_deck(controller)


def look_at(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The controller looks at each target (a face-down shield, a card in the opponent's hand)
    and puts it back where it was: named to them only (``show_privately``, DM-6)."""
    s.show_privately(controller, targets)


def reveal_top(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Reveal the top ``count`` cards of the controller's deck (both players see them: a look
    for each); those ``matching`` selects go to ``to``, the rest to the graveyard (Psychic
    Shaper). Taking the last card of the deck loses at once (DM-113)."""
    top = list(s.zones[controller]["deck"][:eff.count])
    for player in (controller, 1 - controller):
        s.show_privately(player, top)
    for c in top:
        if eff.matching is not None and s.matches(eff.matching, c, source, ignore_power=True):
            s.move(c, eff.to)
        else:
            s.move(c, "graveyard")
    s.check_deck_out(controller)


def free_attacks(s: DMEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This turn, effects that would stop the controller's creatures attacking the opponent are
    ignored: summoning sickness, "can't attack", "can't attack players" (Diamond Cutter); a
    creature freed so attacks only the opponent (``DMQueries.can_attack``, ``attack_targets``)."""
    lasting.add(s, "free_attacks", player=controller)


_SHARED: dict[str, DMVerb] = {
    "draw": shared.draw,
    "destroy": shared.destroy,
    "return_to_hand": shared.return_to_hand,
    "discard": shared.discard,  # from a hand
    "to_graveyard": shared.discard,  # from any zone, not a destruction
    "power_modifier": shared.change_power,
    "tap": shared.tap,
    "untap": shared.untap,
}
_OWN: dict[str, DMVerb] = {
    "add_shield_from_deck": add_shield_from_deck,
    "mana_from_deck": mana_from_deck,
    "put_into_mana": put_into_mana,
    "put_into_shields": put_into_shields,
    "grant_keywords": grant_keywords,
    "separate_evolution": separate_evolution,
    "put_into_battle": put_into_battle,
    "make_attackable": make_attackable,
    "grant_when_blocked": grant_when_blocked,
    "draw_per": draw_per,
    "put_on_deck_top": put_on_deck_top,
    "search_deck": search_deck,
    "look_at": look_at,
    "reveal_top": reveal_top,
    "free_attacks": free_attacks,
}
#: Every ``do:`` name of the card schema to the verb that carries it out.
VERBS: dict[str, DMVerb] = verb_table(_SHARED, _OWN)
#: ``do:`` names that never reach the table: ``choose_one`` asks its choice in ``special_effect``
#: ("draw up to" is a special_effect first too, but ``draw`` is in the table).
ELSEWHERE: frozenset[str] = frozenset({"choose_one"})
