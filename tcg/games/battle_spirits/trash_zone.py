"""Cards and abilities that work from the trash, the hand or the deck (official rules of the
覇王編 era; the brief says nothing of cards outside the field beyond BS-31 and BS-57).

- [standard] BS-180 Immortality (【不死:コスト7/8】 / 【不死:妖蛇】『お互いのアタックステップ』
  "this spirit card in your trash can be summoned when one of your cost 7/8 (Dark Snake) spirits is
  destroyed"): in either player's attack step, when a spirit of its owner's that costs one of the
  listed costs or has one of the listed families is destroyed (BS-54), each card with a matching
  Immortality in that owner's trash (not the destroyed card) offers its owner a summon from the
  trash, paying its cost as a summon from the hand does (BS-41, BS-106) - or a pass. The offer is
  a triggered effect of the destruction, ordered with the others (BS-120).
- [standard] BS-181 "When summoned by Immortality" (【不死】の効果で召喚されたとき): the card's
  effect applies only if the summon that put it on the field was an Immortality summon (a mark
  on the card until it leaves the field or the turn ends; ``EffectCondition.by_immortality``).
- [standard] BS-182 "Summon ... without paying its cost; its 'when summoned' effects do not apply"
  (ただし、『このスピリットの召喚時』効果は発揮されない): the free summon of BS-167, from the
  trash or the hand, after which the summoned card's own "when summoned" effects are not queued
  (other cards' "when your spirit is summoned" effects still see the summon; ``no_summon_effects``).
- [standard] BS-183 "This turn, the first spirit card Immortality summons is summoned without
  paying its cost" (このターンの最初に【不死】の効果によって召喚される...コストを支払わずに召喚する):
  a mark for the turn; the next Immortality offer of that player is free, and the first
  Immortality summon made uses the mark up (``immortality_free``).
- [standard] BS-184 A condition on a revealed card ("if it is a yellow magic card, ...", オープンした
  カードが...のとき): the last "reveal" showed a card that the selector matches
  (``EffectCondition.revealed``); "put the revealed cards back on top" is leaving them there.
- [standard] BS-185 "Cards with [Curse]/[Immortality]" (【呪撃】/【不死】を持つ): a selector's
  ``keywords`` match a card that has one of them - on the field at its current level, elsewhere
  as printed.
- [standard] BS-186 "When this card is discarded from the deck by an opposing deck-discard
  effect, your deck is not discarded this turn and you may summon it free" (相手の「デッキ破棄効果」
  で破棄されたこのカードは...): after an opposing effect's deck discard (``deck_to_trash`` naming
  the opponent) put such a card in its owner's trash, that owner's deck cannot be discarded for the
  rest of the turn (further discards do nothing) and, as a triggered effect, its owner may summon it
  free (BS-167). Discards that are costs of one's own effects are not "opposing".
- [standard] BS-187 "This turn, when one of your spirits is destroyed, ..." (このターンの間、...とき, a
  magic's effect): the effect sets up its card's triggered abilities for the rest of the turn; they
  trigger wherever the card is (a used magic is in the trash) and end with the turn (BS-56). A cost
  in them ("by putting 1 core from your reserve in your trash, ...") must be paid in full for what
  follows to apply (``EffectCondition.paid``).
- [standard] BS-188 "By discarding 1 of your bursts, ..." (自分のバースト1つを破棄することで): a cost
  paid by putting your set burst into your trash, face up (not an activation: its burst effect does
  not apply); with no burst set it cannot be paid and what follows does not apply (``discard_burst``,
  ``EffectCondition.paid``).
- [standard] BS-189 "You may summon it" with no "without paying its cost" (召喚できる, e.g. a revealed
  card): the card is summoned from where it is, its cost paid as a summon from the hand pays it
  (BS-41 reduction, BS-106) - or the player passes (``summon_paid``; one card after the other).
- [standard] BS-190 "This spirit card in your hand can be summoned free when you deploy a nexus"
  (手札にあるこのスピリットカードは、自分のネクサスを配置したとき...): an ability that works only
  from its owner's hand (``Ability.from_hand``); it triggers after the deploy like any effect the
  deploy set off (BS-119, BS-120).
- [standard] BS-191 "(Your Attack Step) At the start of the step, you may put any number of cores from
  your trash onto this spirit" (『自分のアタックステップ』ステップ開始時、自分のトラッシュのコアを...):
  an ability triggered as its controller's attack step (battle phase) begins (``your_attack_step``,
  the mirror of ``opponent_attack_step``); the cores come from the trash cores (BS-31, ``put_cores``
  with ``source: trash_cores``), as many as the controller chooses, none allowed.
- [standard] BS-192 Transmigration (【転召:武装/ボイド】 "after the summon cost is paid, all cores on
  one of your Armed Machine spirits must be put in the Void"): a card with it is summoned only by
  naming such a spirit of its controller's (the summon's ``target``; with none, it cannot be summoned -
  from the hand or by an effect); the cost is paid first (the named spirit's cores may pay it),
  then every core left on the named spirit goes to the Void (or the trash) and the spirit is
  depleted (BS-108), and only then are cores put on the summoned spirit (a second decision), so
  none of the named spirit's cores can be placed on it. Its "when summoned" effects then apply.
- [standard] BS-348 "This spirit card, when discarded from your hand by the opponent, can be summoned
  without paying its cost" (このスピリットカードは、相手によって手札から破棄されたとき、コストを支払わずに
  召喚できる): after an opposing effect's discard (``discard`` whose controller is not the card's
  owner - "the opponent discards 1 card", whoever picks it) put such a card from its owner's hand
  into their trash, its owner may, as a triggered effect, summon it from the trash free (BS-167;
  ``Keywords.discarded_summon``). Discards that are costs of one's own effects are not the opponent's.
- [standard] BS-193 A spirit's own "when one of your [Pentan] spirits is destroyed" effect applies
  also when that spirit is the one destroyed (the effect looks back at the spirit as it left the
  field, at its level then), like its "when destroyed" effects (BS-54).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core.state import Decision, Task
from tcg.games.battle_spirits.cards import Effect, EffectCondition
from tcg.games.battle_spirits.payment import CorePayments, Sources

if TYPE_CHECKING:
    from tcg.core.actions import Action
    from tcg.core.verbs import Targets
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries
    from tcg.games.battle_spirits.state import BattleSpiritsState

#: BS-180 / BS-186: the triggered effects of a card in the trash (``effect_list`` kinds).
TRASH_EFFECTS: dict[str, tuple[Effect, ...]] = {
    "immortality": (Effect(do="immortality_summon"),),
    "milled_summon": (Effect(do="summon_self_free"),),
    "discarded_summon": (Effect(do="summon_self_free"),),
}


def has_keyword(s: BSQueries, cid: int, names: list[str]) -> bool:
    """BS-185: the card has one of the keywords ``names`` (leveled ones at its level on the field)."""
    kw = s.d(cid).keywords
    on_field = s.zone_of(cid) == "field"
    for name in names:
        held = getattr(kw, name, None)
        if held is None or held is False:
            continue
        levels = getattr(held, "levels", None)
        if not on_field or levels is None or s.level(cid) in levels:
            return True
    return False


def immortality_offers(s: BSEffects, destroyed: int, owner: int, cost: int, families: list[str]) -> None:
    """BS-180: a spirit of ``owner`` (printed ``cost``, ``families``) was destroyed in an attack
    step: each matching Immortality card in the owner's trash offers its summon."""
    for c in s.zones[owner]["trash"]:
        imm = s.d(c).keywords.immortality
        if imm is not None and c != destroyed and (cost in imm.costs or set(families) & set(imm.families)):
            s._pend("effects", (c, owner, (s.d(c).name, "immortality"), False))


def immortality_summon(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-180: summon the card from the trash paying its cost (BS-183: free under the turn's mark),
    answered as a burst's follow-up summon (cores from the reserve and your cards), or pass."""
    if s.zone_of(source) != "trash" or not s.d(source).is_spirit_like:
        return
    free = bool(s.effects and lasting.first(s, "immortality_free", player=controller))
    s.decision = Decision(controller, "burst_pay", {"card": source, "then": "summon", "free": free,
                                                    "immortality": True, "paid_summon": True})


def immortality_free(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-183: this turn the controller's first Immortality summon costs nothing."""
    lasting.add(s, "immortality_free", player=controller)


def summoned(s: BattleSpiritsState, p: int, card: int, data: Mapping[str, object]) -> None:
    """BS-181 / BS-183: an Immortality summon marks the card and uses up a free-summon mark."""
    if data.get("immortality") and s.zone_of(card) == "field":
        lasting.add(s, "immortal_summon", card=card)
        if data.get("free") and not data.get("transmigrated"):
            use_free_mark(s, p)


def use_free_mark(s: BattleSpiritsState, p: int) -> None:
    """BS-183: the first Immortality summon of the turn used the free mark up."""
    record = lasting.first(s, "immortality_free", player=p)
    if record is not None:
        lasting.remove(s, record)


def condition_holds(s: BSEffects, cond: EffectCondition, source: int) -> bool:
    """BS-181: summoned by Immortality; BS-184: the last reveal showed a matching card."""
    if cond.by_immortality and not (s.effects and lasting.first(s, "immortal_summon", card=source)):
        return False
    if cond.paid and not s.flags.get("paid"):
        return False
    return cond.revealed is None or any(s.matches(cond.revealed, c, source) for c in s.flags.get("revealed", ()))


def milled_by_opponent(s: BSEffects, milled: tuple[int, ...]) -> None:
    """BS-186: an opposing deck discard put these cards in the trash; a card that says so protects
    its owner's deck for the turn and offers its free summon (a triggered effect)."""
    for c in milled:
        if s.zone_of(c) == "trash" and s.d(c).keywords.milled_summon:
            owner = s.cards[c].owner
            if not lasting.first(s, "deck_protected", player=owner):
                lasting.add(s, "deck_protected", player=owner)
            s._pend("effects", (c, owner, (s.d(c).name, "milled_summon"), False))


def discarded_by_opponent(s: BSEffects, controller: int, discarded: tuple[int, ...]) -> None:
    """BS-348: ``controller``'s effect discarded these cards from a hand; a card of the other
    player's that says so, now in its owner's trash, offers its free summon (a triggered effect)."""
    for c in discarded:
        owner = s.cards[c].owner
        if owner != controller and s.zone_of(c) == "trash" and s.d(c).keywords.discarded_summon:
            s._pend("effects", (c, owner, (s.d(c).name, "discarded_summon"), False))


def deck_protected(s: BSQueries, player: int) -> bool:
    """BS-186: the player's deck cannot be discarded this turn."""
    return bool(s.effects and lasting.first(s, "deck_protected", player=player))


def summon_self_free(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-186 / BS-190: the card, still in the trash or the hand, may be summoned free (BS-167)."""
    zone = s.zone_of(source)
    if zone in ("trash", "hand"):
        s.tasks.append(Task("free_summon", player=controller, card=source, zone=zone))


def arm_this_turn(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-187: until the end of the turn the card's ``this_turn`` abilities work for the controller."""
    lasting.add(s, "armed", player=controller, source=source)


def armed_triggers(s: BSEffects, when: str, player: int, subject: int) -> None:
    """BS-187: the armed cards of ``player`` whose ``this_turn`` abilities trigger on ``when``."""
    for record in lasting.of_kind(s, "armed", player=player):
        card = record["source"]
        d = s.d(card)
        for i, ab in enumerate(d.abilities):
            if ab.this_turn and ab.when == when and (ab.subject is None
                                                     or s.in_scope(ab.subject, player, subject, card)):
                s._pend("effects", (card, player, (d.name, "ability", i), ab.optional))


def discard_burst(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-188: the controller's set burst goes to their trash face up; paid only if there was one."""
    burst = s.zones[controller]["burst"]
    s.flags["paid"] = bool(burst)
    for c in list(burst):
        s.move(c, "trash", face_down=False)  # emits card_moved, the card named (face up)


def summon_paid(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-189: each target card may be summoned paying its cost, one after the other."""
    for t in targets[::-1]:  # a stack: the first target is offered first
        s.tasks.append(Task("free_summon", player=controller, card=t, zone=s.zone_of(t), paid=True))


def hand_triggers(s: BSEffects, when: str, player: int) -> None:
    """BS-190: the abilities of ``player``'s hand cards that work from the hand and trigger on ``when``."""
    for c in s.zones[player]["hand"]:
        d = s.d(c)
        for i, ab in enumerate(d.abilities):
            if ab.from_hand and ab.when == when:
                s._pend("effects", (c, player, (d.name, "ability", i), ab.optional))


def transmigration_targets(s: BSQueries, p: int, card: int) -> list[int]:
    """BS-192: the spirits of ``p`` on the field that ``card``'s Transmigration may name."""
    tm = s.d(card).keywords.transmigration
    if tm is None:
        return []
    out = []
    for c in s.zones[p]["field"]:
        d = s.d(c)
        if c == card or not d.is_spirit_like:
            continue
        if (tm.families and set(d.families) & set(tm.families)) or (tm.min_cost is not None
                                                                    and s.card_cost(c) >= tm.min_cost):
            out.append(c)
    return out


def transmigration_payments(s: BSQueries, p: int, card: int, reserve: int, payers: Sources,
                            cost: int) -> list[CorePayments]:
    """BS-192: one paying ``summon`` per spirit the summon can name; the cores are placed after."""
    return [CorePayments("summon", (("card", card), ("target", t)), reserve, payers, cost, place=False)
            for t in transmigration_targets(s, p, card)]


def transmigrate(s: BattleSpiritsState, p: int, action: Action, data: Mapping[str, object]) -> None:
    """BS-192: pay the cost, send every core left on the named spirit to the Void (or the trash),
    then ask where the summoned spirit's cores come from (the named spirit, emptied, is depleted)."""
    tm = s.d(action.get("card")).keywords.transmigration
    assert tm is not None
    s.pay(p, action)
    target = action.get("target")
    s.move_core(p, target, tm.to, s.cores(target))
    s.settle()  # BS-108: the emptied spirit is depleted before the cores are placed
    if data.get("immortality") and data.get("free"):
        use_free_mark(s, p)  # BS-183
    marks = {k: True for k in ("quiet", "immortality") if data.get(k)}
    s.decision = Decision(p, "burst_pay", {"card": action.get("card"), "then": "summon", "free": True,
                                           "compulsory": True, "transmigrated": True, **marks})
