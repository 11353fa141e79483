"""The One Piece glossary of effect verbs: the ``do:`` names of the card schema, as a table.

Shared verbs (``tcg.core.verbs``) under One Piece names - "K.O." is :func:`~tcg.core.verbs.destroy`,
"rest" / "set active" are tap / untap, "trash" is discard - with the state supplying their
primitives (``draw``, ``destroy_by_effect``, ``set_tapped``, ``return_to_hand``, ``discard``
in ``effects.py``); "power" is One Piece's own (it may last into the controller's next turn).
The verbs below are only One Piece's: DON!! (OP-9, OP-16, OP-107), Life cards, lasting grants
([Rush], [Banish], [Double Attack], cannot attack: OP-3), playing cards for free.
``OPEffects.do_effect`` looks a verb up in :data:`VERBS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core import verbs as shared
from tcg.core.state import Task
from tcg.core.verbs import Targets, verb_table
from tcg.games.one_piece.cards import Selector

if TYPE_CHECKING:
    from tcg.games.one_piece.cards import Effect
    from tcg.games.one_piece.effects import OPEffects

OPVerb = Callable[["OPEffects", "Effect", int, int, Targets], None]


def _who(eff: Effect, controller: int) -> int:
    """The player the instruction names (``player``: self or opponent)."""
    return controller if eff.player == "self" else 1 - controller


def _who_of(player: str, controller: int) -> int:
    """The player a selector's ``player`` ("self" or "opponent") names."""
    return controller if player == "self" else 1 - controller


def grant(s: OPEffects, kind: str, until: lasting.Until, cards: Targets, **fields: object) -> None:
    """What a resolved effect gives for a while - power, cost, a keyword, "cannot attack",
    "cannot be K.O.'d" - is one record on each card it acts on, those it found as it resolved."""
    # [standard] OP-121, one-shot versus continuous effects (Comprehensive Rules 8-1-4; official
    # Q&A of White Out ST06-016 and Roronoa Zoro OP01-001): an effect that has resolved keeps to
    # the cards it found then - "none of your Characters can be K.O.'d during this turn" spares no
    # Character played later that turn - while a card's continuous ability ([Your Turn] "All of
    # your Characters gain +1000 power", a static of cards.py) reads the field again each time it
    # is asked (queries.power, aura_reaches). So no resolving verb makes a record that names a
    # player or "your Characters" instead of the cards themselves.
    for c in cards:
        lasting.add(s, kind, until=until, card=c, **fields)


def cost(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target gets ``amount`` cost during this turn (OP-118: below 0 counts as 0)."""
    grant(s, "cost", lasting.TURN, targets, amount=eff.amount)


def life_to_hand(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """A cost: a card from the top or bottom of the controller's Life to their hand (they choose)."""
    if s.zones[controller]["life"]:
        s.tasks.append(Task("life_pick", player=controller))


def hand_to_life(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target still in a hand goes face down to the top of the Life cards."""
    for t in targets:
        if s.zone_of(t) == "hand":
            s.move(t, "life", top=True, face_down=True)


def until(s: OPEffects, eff: Effect, controller: int) -> lasting.Until:
    """How long an instruction lasts: this battle, this turn, until the start of the controller's
    next turn ("until_next_turn", OP-3), or until the end of it ("next_turn")."""
    if eff.duration == "until_next_turn":
        return lasting.start_of(controller)
    if eff.duration == "next_turn":
        return end_of_next_turn(s, controller, controller)
    return eff.duration


def end_of_next_turn(s: OPEffects, who: int, controller: int) -> int:
    """The turn whose end "until the end of <who>'s next turn" names, for an effect of
    ``controller`` created now: a turn number (``lasting``: it ends with that turn)."""
    # [standard] OP-20, durations measured from the turn in which they were created (official Q&A
    # of Mr.3(Galdino) OP01-085 and Gum-Gum Kong Gatling ST10-016): "next" counts from the
    # controller's own turn - the current one, or in the opponent's turn the controller's last
    # one. So "your opponent's next turn" is the turn after yours: made in the opponent's turn it
    # is that very turn, and ends with it; "your next turn" is your turn after that one: made in
    # the opponent's turn it is your coming turn, and it ends at that turn's end.
    own = s.turn if s.active == controller else s.turn - 1
    return own + 2 if who == controller else own + 1


def gain_keyword(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """``gain_banish`` / ``gain_double_attack``: each target gains the keyword for ``duration``."""
    grant(s, eff.do[5:], until(s, eff, controller), targets)


def ko_shield(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"None of your Characters can be K.O.'d during this turn" (White Out's [Trigger]): the
    Characters the controller has as it resolves, each (:func:`grant`: not one played later; the
    official Q&A of ST06-016 White Out)."""
    grant(s, "ko_immune", lasting.TURN, tuple(s.zones[controller]["characters"]))


def set_don_active(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Up to ``count`` of the controller's rested DON!! become active."""
    s.don_move(controller, "cost_area_rested", "cost_area_active", eff.count)


def rest_opponent_don(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Up to ``count`` of the opponent's active DON!! become rested."""
    s.don_move(1 - controller, "cost_area_active", "cost_area_rested", eff.count)


def no_blockers(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This battle, the opponent cannot activate [Blocker] (of power ``amount`` or more; 0: any)."""
    battle = s.flags.get("battle")
    if battle is not None:
        s.flags["battle"] = {**battle, "no_blockers_from": eff.amount}


def unblockable(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The opponent cannot activate [Blocker] when the targets attack this turn."""
    grant(s, "unblockable", lasting.TURN, targets)


def gain_rush(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This Character gains [Rush] during this turn."""
    if s.zone_of(source) == "characters":
        grant(s, "rush", lasting.TURN, (source,))


def play_card(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The targets are played without paying their cost, in order; a searched deck is shuffled after."""
    searched = {s.cards[t].owner for t in targets if s.zone_of(t) == "deck"}
    sel = eff.target
    if isinstance(sel, Selector) and sel.zone == "deck" and sel.player != "any":
        searched.add(_who_of(sel.player, controller))  # "..., then shuffle your deck": even if none is played
    for t in targets[::-1]:
        s.tasks.append(Task("play_free", card=t, player=controller))
    for p in sorted(searched):
        s.tasks.append(Task("shuffle_deck", player=p))


def cannot_attack(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """OP-3: the targets cannot attack until that player's next Refresh phase; with ``duration:
    next_turn``, "until the end of your opponent's next turn" (Mr.3(Galdino)): until the end of
    that player's next turn, counted from the controller's turn (:func:`end_of_next_turn`)."""
    who = _who(eff, controller)
    until = end_of_next_turn(s, who, controller) if eff.duration == "next_turn" else lasting.start_of(who)
    grant(s, "cannot_attack", until, targets)


def trash_life(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The top ``count`` Life cards of the player go to the trash."""
    who = _who(eff, controller)
    for _ in range(eff.count):
        if s.zones[who]["life"]:
            s.move(s.zones[who]["life"][0], "trash", face_down=False)


def add_don(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Up to ``count`` DON!! from the DON!! deck to the cost area, rested or active."""
    s.don_move(controller, "don_deck", "cost_area_rested" if eff.rested else "cost_area_active", eff.count)


def give_rested_don(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Up to ``count`` rested DON!! of the cost area are given to each target Leader or Character."""
    for t in targets:
        n = min(eff.count, s.counters[controller]["cost_area_rested"])
        if n and s.zone_of(t) in ("leader", "characters"):
            s.counters[controller]["cost_area_rested"] -= n
            s.set_counter(t, "don", s.don(t) + n)


def play_this(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """This card (a revealed [Trigger], a card in the trash) is played without paying its cost."""
    s.tasks.append(Task("play_free", card=source, player=controller))


def add_to_life(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """The top ``count`` cards of the controller's deck go face down to the top of their Life."""
    for _ in range(eff.count):
        deck = s.zones[controller]["deck"]
        if deck:
            s.move(deck[0], "life", top=True, face_down=True)


# ---------------------------------------------------------------------- looking at hidden cards (looking.py)
def look_top(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Look at ``count`` cards from the top of your deck; reveal up to 1 [that fits ``target``]
    and add it to your hand. Then, place the rest at the bottom of your deck in any order"
    (Jewelry Bonney, Buena Festa): a private look (OP-110), then the pick, then the order."""
    looked, fits = _look_top(s, eff, controller, source)
    if not looked:
        return
    s.tasks.append(Task("bottom_order", player=controller, cards=looked))
    if fits:
        s.tasks.append(Task("reveal_pick", player=controller, cards=fits))


def _look_top(s: OPEffects, eff: Effect, controller: int, source: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The top ``count`` cards of the controller's deck, looked at privately (OP-110), and those
    of them that fit the instruction's ``target``."""
    looked = tuple(s.zones[controller]["deck"][:eff.count])
    if looked:
        s.show_privately(controller, looked)
    sel = eff.target
    return looked, tuple(c for c in looked if not isinstance(sel, Selector) or s.matches(sel, c, source))


def look_top_play(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Look at ``count`` cards from the top of your deck; play up to 1 [that fits ``target``].
    Then, place the rest at the bottom of your deck in any order" (Artificial Devil Fruit SMILE):
    as ``look_top``, but the revealed card is played without paying its cost once the rest is at
    the bottom (its [On Play] comes after the whole text, OP-121)."""
    looked, fits = _look_top(s, eff, controller, source)
    if not looked:
        return
    s.tasks.append(Task("play_looked", player=controller, cards=looked))
    s.tasks.append(Task("bottom_order", player=controller, cards=looked))
    if fits:
        s.tasks.append(Task("reveal_play", player=controller, cards=fits))


def arrange_top(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Look at ``count`` cards from the top of your deck and return them to the top or bottom of
    the deck in any order" (Bartholomew Kuma): a private look, then the end of the deck all of
    them go to, then their order (looking.arrange_top)."""
    looked = tuple(s.zones[controller]["deck"][:eff.count])
    if looked:
        s.show_privately(controller, looked)
        s.tasks.append(Task("arrange_top", player=controller, cards=looked))


def look_life(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Look at up to 1 card from the top of your or your opponent's Life cards, and place it at
    the top or bottom of the Life cards" (Charlotte Pudding): whose, then where it goes."""
    s.tasks.append(Task("life_look", player=controller))


# ---------------------------------------------------------------------- OP-01: attacks and blocks
def no_small_blockers(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Your opponent cannot activate a [Blocker] Character that has ``amount`` or less power
    during this battle" (Shanks): the battle remembers the ceiling (``battle.blockers``)."""
    battle = s.flags.get("battle")
    if battle is not None:
        s.flags["battle"] = {**battle, "no_blockers_upto": eff.amount}


def gain_attack_active(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"This Character can also attack your opponent's active Characters during this turn" (Page
    One): ``attack_active`` on the card until the end of the turn (``queries.attack_targets_of``)."""
    if s.zone_of(source) == "characters":
        grant(s, "attack_active", lasting.TURN, (source,))


def to_life_face_up(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Add up to 1 Character to the top of the owner's Life cards face-up" (Queen Mama Chanter):
    each target leaves the field (OP-113) for the top of its owner's Life, face up; with
    ``top_or_bottom`` ("to the top or bottom", Thunder Bagua) the controller then chooses the end."""
    for t in targets:
        if s.zone_of(t) == "characters":
            s.leave_field(t, "life", top=True)
            if eff.top_or_bottom:
                s.tasks.append(Task("life_place", player=controller, card=t))


def power(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """Each target gets ``amount`` power for ``duration`` (a battle, a turn, or until the start
    or the end of the controller's next turn: "until the start of your next turn")."""
    grant(s, "power", until(s, eff, controller), targets, amount=eff.amount)


def ko_immune(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"That Character cannot be K.O.'d during this turn" (Union Armada): each target Character."""
    grant(s, "ko_immune", lasting.TURN, tuple(t for t in targets if s.zone_of(t) == "characters"))


def this_to_hand(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"... and add this card to your hand": a [Trigger] card used (OP-116: now in the trash)."""
    if s.zone_of(source) in ("trash", "limbo"):
        s.move(source, "hand", face_down=False)


# ---------------------------------------------------------------------- OP-01: Life, deck and hand cards
def top_life_to_hand(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Add 1 card from your Life area to your hand" (Cavendish, Sanji OP01-013): the top card
    (OP-110: Life cards are taken from the top unless a text says "top or bottom")."""
    for _ in range(eff.count):
        life = s.zones[controller]["life"]
        if life:
            s.move(life[0], "hand", face_down=False)


def search_to_hand(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Reveal up to 1 [X] from your deck and add it to your hand. Then, shuffle your deck"
    (Kurozumi Orochi): each target is revealed (``limbo``, seen by both) and goes to the hand;
    the deck is shuffled even when none is taken."""
    for t in targets:
        if s.zone_of(t) == "deck":
            s.move(t, "limbo", face_down=False)
            s.move(t, "hand")
    s.tasks.append(Task("shuffle_deck", player=controller))


def reveal_top_play(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Reveal 1 card from the top of your deck. If that card is [fits ``target``], you may play
    that card (rested: ``rested``)" (Donquixote Doflamingo OP01-060): the top card is shown to
    both players (``limbo``); the step ``revealed_top`` offers the play or puts it back on top."""
    deck = s.zones[controller]["deck"]
    if not deck:
        return
    top = deck[0]
    sel = eff.target
    fits = isinstance(sel, Selector) and s.matches(sel, top, source)
    s.move(top, "limbo", face_down=False)
    s.tasks.append(Task("revealed_top", card=top, player=controller, fits=fits, rested=eff.rested))


def reveal(s: OPEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"Choose 2 cards from your opponent's hand; your opponent reveals those cards" (Bao Huang,
    Arlong): the controller sees them (``show_privately``; their owner knows them already)."""
    s.show_privately(controller, [t for t in targets if s.zone_of(t) == "hand"])


_SHARED: dict[str, OPVerb] = {
    "draw": shared.draw,
    "ko": shared.destroy,  # OP-117: by an effect ([On K.O.] applies)
    "rest": shared.tap,
    "set_active": shared.untap,
    "return_to_hand": shared.return_to_hand,
    "trash": shared.discard,
    "trash_from_deck": shared.mill,
    "deck_bottom": shared.deck_bottom,
}
_OWN: dict[str, OPVerb] = {
    "cost": cost,
    "life_to_hand": life_to_hand,
    "hand_to_life": hand_to_life,
    "gain_banish": gain_keyword,
    "gain_double_attack": gain_keyword,
    "ko_shield": ko_shield,
    "set_don_active": set_don_active,
    "rest_opponent_don": rest_opponent_don,
    "no_blockers": no_blockers,
    "unblockable": unblockable,
    "gain_rush": gain_rush,
    "play_card": play_card,
    "cannot_attack": cannot_attack,
    "trash_life": trash_life,
    "add_don": add_don,
    "give_rested_don": give_rested_don,
    "play_this": play_this,
    "add_to_life": add_to_life,
}
#: The verbs of looking at hidden cards (ST-02, ST-03, ST-05, ST-07: looking.py has their steps).
_LOOK: dict[str, OPVerb] = {
    "look_top": look_top,
    "arrange_top": arrange_top,
    "look_life": look_life,
}
#: ST-05 .. ST-10: durations past this turn, one Character's K.O. shield, a used [Trigger] to the hand.
_ST: dict[str, OPVerb] = {
    "power": power,
    "ko_immune": ko_immune,
    "this_to_hand": this_to_hand,
}
#: Life cards face up (ST-07, ST-09).
_LIFE: dict[str, OPVerb] = {
    "to_life_face_up": to_life_face_up,
}
#: Looking and playing (OP-01: Artificial Devil Fruit SMILE; its steps are in looking.py too).
_LOOK_PLAY: dict[str, OPVerb] = {
    "look_top_play": look_top_play,
}
#: OP-01's verbs of attacks and blocks.
_BATTLE: dict[str, OPVerb] = {
    "no_small_blockers": no_small_blockers,
    "gain_attack_active": gain_attack_active,
}
#: OP-01's verbs of Life, deck and hand cards.
_CARDS: dict[str, OPVerb] = {
    "top_life_to_hand": top_life_to_hand,
    "search_to_hand": search_to_hand,
    "reveal": reveal,
    "reveal_top_play": reveal_top_play,
}
#: Every ``do:`` name of the card schema (but :data:`ELSEWHERE`) to the verb that carries it out.
VERBS: dict[str, OPVerb] = verb_table(_SHARED, _OWN, _LOOK, _LIFE, _LOOK_PLAY, _ST, _BATTLE, _CARDS)
#: ``do:`` names the effect loop settles before any verb: a DON!! -X inside a text is a cost
#: (``OPEffects.special_effect``: paid, declined or unpayable, it never reaches ``do_effect``), and a
#: "choose one" asks which option happens (``OPEffects.mode_effect``).
ELSEWHERE: frozenset[str] = frozenset({"don_minus", "choose_one"})
