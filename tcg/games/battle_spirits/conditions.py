"""Conditions, counts, auras and choices the BRAVE/BURST-era printed cards (BS13, BS14, SD19) add.

The brief gives none of these; they are the official rules of that era ([standard]):

- BS-260 [standard] "while / when the cards in your trash are only [colour] cards"
  (自分のトラッシュにあるカードが赤のカードだけの間 / 緑のカードだけのとき): every card in the
  controller's trash has that colour. *Interpretation:* an empty trash holds no card of that
  colour, so it does not meet the condition (neither imachan7/bs_web nor any ruling found
  settles it; imachan7 itself reads it both ways) (``StaticBonus.trash_only``,
  ``EffectCondition.trash_only``).
- BS-261 [standard] An aura "while your burst is set" (自分のバーストをセットしている間) gives its BP
  only while its controller has a card in their burst zone (BS-153); one filtered by a name
  ("your spirits whose card name contains Miblock", カード名に「ミブロック」を含む) reads the
  printed name (``Aura.while_burst_set``, ``Selector.name_has``).
- BS-262 [standard] "as many as this spirit's level" (このスピリットのLvと同じ数): the count is the
  level of the effect's card as the instruction resolves (``Effect.per_source_level``; 0 if it
  left the field).
- BS-263 [standard] "when your spirit is summoned, that spirit gets ..." (召喚された自分のスピリット):
  a trigger set off by another card acts on the card that set it off, if it is still on the
  field (``Selector.subject``, with ``Ability.when: your_spirit_summoned``).
- BS-264 [standard] "destroy any number of opposing spirits whose total BP is at most N" (BP合計
  N以下まで好きなだけ): the controller picks the spirits one at a time, each with BP no higher
  than what the budget has left after the ones already picked, and may stop at any time (none
  too). The budget is a number or the BP total of the cards ``bp_total_of`` matches when the
  instruction begins, e.g. "the total BP of your Dragonfolk spirits" (``Selector.bp_total``).
- BS-265 [standard] "by returning [a spirit] to the hand, ..." (手札に戻すことで): the rest of the
  ability applies only if a card did return (``EffectCondition.previous_returned`` after a
  ``return_to_hand``); "at the end of the battle" of a spirit's battle (バトル終了時) waits for
  that battle's end (BS-177) whether it attacked or blocked (BS-165).
- BS-266 [standard] "name a family" / "name a cost of 4 or less" (系統1つを指定する / コスト4以下から
  コスト1つを指定する): the controller names one as the instruction resolves, then it acts on the
  cards of that family or cost (``Effect.name_a``, ``Selector.named``). A family is named among
  those the controller's spirits have (naming any other would act on nothing).
- BS-267 [standard] "when your spirit becomes braved, refresh that spirit" (自分のスピリットが合体した
  とき): triggers as a brave fuses to one of your spirits - by a main-phase fusion, a direct brave
  or an effect - and acts on that spirit (``Ability.when: your_spirit_braved``, BS-263).
- BS-268 [standard] "by exhausting 1 of your Imp spirits, this spirit gets +BP equal to that
  spirit's BP" (疲労させたスピリットのBP): the amount is the BP the exhausted spirit has as it is
  exhausted (``Effect.amount_of_previous_bp``; none exhausted: 0). "When your spirit other than
  [name] is refreshed" (回復したとき) triggers whenever one of your spirits becomes refreshed, by an
  effect or by your refresh step (BS-38), excluding the cards of that name (``Selector.name_not``).
- BS-269 [standard] Costs in the hand: "the Galaxian spirit cards in your hand cost 5" (コスト5にする)
  and "give the Supreme Hero spirit cards in your hand a red reduction symbol" (軽減シンボル[赤]を
  与える) change the cost BS-41 (a) reads and add to the reduction symbols BS-41 (b) counts, while
  the card giving them is at the level (``HandCost``; "(Your Main Step)": summons in your main
  step, not High Speed ones in a Flash step). The reduction still counts field symbols (BS-41 (b)).
- BS-270 [standard] "... 1 of your spirits gets +6000 BP and one more red symbol": the second
  part acts on the spirit the first chose (``Selector.previous``); "by discarding a card" is a
  cost: the ability is usable only while such a card is in the hand (``FlashAbility.requires``)
  and the rest applies only if one was discarded (``EffectCondition.previous_discarded``).
- BS-271 [standard] "your Shell Insect spirits refresh when they battle a spirit of 7000 BP or
  less" (BP7000以下のスピリットとバトルしたとき): a battle begins as the block is declared (BS-50);
  then each of your spirits of the family in that battle whose opponent in it has that BP or less
  is refreshed (``Ability.when: any_blocks``, ``Selector.battling_max_bp``).
- BS-272 [standard] "(Your Attack Step) when [your spirit] destroys only the opposing spirit by
  comparing BP, all that spirit's cores go to the opponent's trash" (コアすべては相手のトラッシュに
  置かれる): in the destruction step (BS-54) of a battle of your attack step that only the blocker
  lost, the blocker's cores go to its owner's trash instead of the reserve (``Rule``
  battle_won_cores_to_trash).
- BS-273 [standard] "while your burst is set, the When Blocks effects of your Machine Beast spirits
  apply when they attack" (『このスピリットのブロック時』効果すべては、『このスピリットのアタック時』
  に発揮される): as one of those spirits attacks, its When Blocks effects trigger (``Aura.attack_shift``,
  read as the attack is declared).
- BS-274 [standard] "(The Opponent's Main Step) exhaust the opposing spirits that got cores other
  than by a Spirit/Brave/Nexus/Magic effect" (効果以外でコアを置いた相手のスピリット): cores put on a
  spirit by its summon or by a main-step move (BS-41 (d), BS-44) set the trigger off for that
  spirit (``Ability.when: opponent_spirit_cores_put``, ``Ability.main_step``, ``Selector.subject``).
- BS-275 [standard] "by putting 3 cores of your spirits into your trash, ..." (自分のスピリットのコア
  3個を自分のトラッシュに置くことで): a cost; its payer picks at once how many cores come off each of
  their spirits (and the braves fused to them), then a spirit left below its LV1 cost is depleted
  (BS-108). Fewer cores than that on their spirits: it cannot be paid and the rest does not apply
  (``EffectCondition.previous_paid``). "The opponent puts 3 cores of their spirits into their trash"
  is the opponent's choice the same way, as many as they have up to 3 (``Effect cores_to_trash``).
- BS-276 [standard] "(Your Attack Step) all your Supreme Hero spirits are treated as at their
  highest level" (そのスピリットが持つ最高Lvとして扱う), a lasting effect of a card at a level: while it
  holds, each of those spirits (on the field at LV1 or more) has the level of its highest level cost
  (BS-108) for everything that reads a level - BP, level-gated effects (``Aura.max_level``). The
  giving card's own level is read from its cores, so a card that also matches cannot raise itself
  into giving it.
- BS-277 [standard] "(Your Attack Step) your Guide Demon spirits can't be blocked by opposing
  spirits without the Supreme Hero family" (系統:「覇皇」を持たない相手のスピリットからブロックされない):
  while the card is at the level, a block by such a spirit is not offered (BS-50; ``Aura.unblockable_by``,
  ``Selector.families_not``).
- BS-278 [standard] "(When this spirit battles) you may use 1 yellow magic card from your hand in
  Flash timing without paying its cost" (フラッシュタイミングでコストを支払わずに使用できる): as the
  trigger resolves, the chosen magic card with a Flash effect is used as BS-110 says (to the trash,
  then its Flash effect resolves at once), no core paid (``use_magic_free``).
- BS-322 [standard] "for each symbol of the opposing spirit it battles" (バトルしている相手のスピリットの
  シンボル1つにつき), "for each of this spirit's symbols" (このスピリットのシンボル1つにつき), "for each
  symbol of the spirit that attacked" (アタックしたスピリットのシンボル1つにつき): the count is the
  symbols (BS-22: a brave spirit's with its braves', added ones too) that card has as the
  instruction resolves; none (0) if it has left the field or, for the battling one, if the
  effect's spirit is in no battle with a blocker (``Effect.per_symbols_of``; as a target count,
  "1 card per symbol": ``Selector.count_symbols_of``).
- BS-324 [standard] "this spirit card in your hand may reduce its summon cost with the symbols of
  the cards in your trash as well as your field's" (自分のフィールドのシンボルに加え、自分のトラッシュ
  にあるカードのシンボルでも召喚コストを軽減できる): as BS-41 (b) reduces its cost, the symbols
  printed on the cards in its owner's trash count with those of the field, colour by colour
  (``CardDef.trash_symbols_reduce``; only while the card is in the hand).
- BS-341 [standard] "(Your Attack Step) when your Crush spirit destroys only the opposing spirit by
  comparing BP, discard as many cards of the opposing deck as that destroyed spirit's cost"
  (破壊した相手のスピリットのコストと同じ枚数): the count is the cost of the current battle's blocker,
  read as the trigger resolves (``Effect.per_blocker_cost``; no blocker: 0). The card is in the
  trash by then: its own printed cost is read, a brave that was fused to it adds nothing
  [unverified: the official look-back would include it; no printed BS14 ruling settles it].
- BS-342 [standard] "your burst effects put 1 more core from opposing spirits into the opponent's
  reserve/trash" (自分のバースト効果で、相手のスピリットから相手のリザーブ/トラッシュに置かれるコアの数を
  +1個する, BS14-019 Shuten-Doga): while the card is at the level, an instruction of its controller's
  burst effect (the burst itself, not the paid follow-up, BS-113) that takes a number of cores off
  opposing spirits takes one more from each target - ``remove_cores`` by a count, or the opponent's
  ``cores_to_trash`` spread (one more in all) (``Rule`` burst_core_bonus). One such card adds one;
  [unverified] two add two.
- BS-346 [standard] "if you have no burst set" (自分のバーストをセットしていないとき): the instruction
  applies only while its controller's burst zone is empty (BS-32), read as it resolves - the
  opposite of BS-153 (``EffectCondition.no_burst_set``).
- BS-347 [standard] "by returning 1 of your spirits to your hand, return any number of opposing
  spirits up to the total cost of the returned spirit" (コスト合計(戻したスピリットのコスト)まで、相手の
  スピリットを好きなだけ手札に戻す, BS14-X04): as BS-264 with costs: the budget is the cost of the
  card the previous instruction returned (as printed, now in the hand), read as the instruction
  begins; the controller picks the opposing spirits one at a time, each costing no more than the
  budget left, and may stop at any time (``Selector.cost_total_of_previous``).
- BS-369 [standard] A limit chosen by a condition ("destroy 1 opposing Spirit with 4000 BP or less; if
  you control an Ultimate, you may destroy one with 5000 BP or less instead", SD19 The Village of
  Hunters, fan English only): two instructions, one gated by "you control ..." (``you_control``) and
  the other by its negation, "you control no ..." (``EffectCondition.you_control_none``); exactly one
  applies. (A spirit of 4000 BP or less is also of 5000 or less, so "instead" only widens the choice.)
- BS-371 [standard] "If your first attack of the turn is made by your Ultimate" (SD19 The Red Dawn Sky,
  fan English only; ``EffectCondition.first_attack``): as the attack's "when a spirit attacks"
  trigger resolves (``Ability.when: any_attacks``, its ``subject`` naming the attacker), the attack
  is its player's first of the turn (BS-47).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tcg.core.actions import freeze_counts
from tcg.core.state import Decision

if TYPE_CHECKING:
    from tcg.games.battle_spirits.cards import Aura, Effect, EffectCondition, HandCost, Selector
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries


def trash_only(s: BSQueries, player: int, colors: Sequence[str]) -> bool:
    """BS-260: ``player``'s trash holds cards, and each has one of ``colors``."""
    trash = s.zones[player]["trash"]
    return bool(trash) and all(set(s.d(c).colors) & set(colors) for c in trash)


def condition_holds(s: BSEffects, cond: EffectCondition, controller: int) -> bool:
    """BS-260 / BS-270 parts of an instruction's "if"."""
    if cond.trash_only and not trash_only(s, controller, cond.trash_only):
        return False
    if cond.previous_paid and not s.flags.get("paid"):
        return False
    if cond.you_control_none is not None and s.select(cond.you_control_none, controller, None):  # BS-369
        return False
    if cond.first_attack and s.flags.get("attacks") != 1:  # BS-371
        return False
    return not cond.previous_discarded or bool(s.flags.get("discarded_any"))


def aura_holds(s: BSQueries, aura: Aura, controller: int) -> bool:
    """BS-261: the aura's own condition (a set burst) holds now."""
    return not aura.while_burst_set or bool(s.zones[controller]["burst"])


def source_level(s: BSEffects, source: int) -> int:
    """BS-262: the effect's card's level now (0 off the field)."""
    return s.level(source) if s.zone_of(source) == "field" else 0


def symbols_of(s: BSEffects, whose: str, source: int) -> int:
    """BS-322: how many symbols (BS-22) the effect's card, the spirit it battles, or the attacking
    spirit has now (0 for a card off the field, or with no such battle)."""
    attack = s.flags.get("attack")
    card: int | None = source
    if whose != "source":
        if attack is None:
            return 0
        card = attack["attacker"]
        if whose == "battling":
            card = attack.get("blocker") if card == source else card if attack.get("blocker") == source else None
    return len(s.symbols(card)) if card is not None and s.zone_of(card) == "field" else 0


def trash_symbols(s: BSQueries, player: int) -> Counter[str]:
    """BS-324: the symbols printed on the cards in ``player``'s trash, by colour."""
    return Counter(sym for c in s.zones[player]["trash"] for sym in s.d(c).symbols)
def burst_core_bonus(s: BSEffects, data: dict[str, Any], eff: Effect) -> Effect:
    """BS-342: a burst effect's instruction taking cores off opposing spirits, with one more per
    card of its controller's giving the bonus (else the instruction unchanged)."""
    opposing = (eff.do == "cores_to_trash" and eff.whose == "opponent") or (
        eff.do == "remove_cores" and eff.leave is None and eff.target is not None and eff.target != "self"
        and eff.target.player == "opponent")
    if not opposing or data["ref"][1:2] != ("burst",):
        return eff
    controller = data["controller"]
    n = sum(1 for c in s.zones[controller]["field"] for r in s.d(c).rules
            if r.rule == "burst_core_bonus" and s.level(c) in r.levels)
    return eff.model_copy(update={"count": eff.count + n}) if n else eff


def blocker_cost(s: BSEffects) -> int:
    """BS-341: the cost of the current (or just ended) battle's blocker, wherever it is now."""
    attack = s.flags.get("attack") or s.flags.get("last_battle")
    blocker = attack.get("blocker") if attack else None
    return s.d(blocker).cost if blocker is not None else 0


def subject_targets(s: BSEffects, data: dict[str, Any], sel: Selector) -> tuple[int, ...]:
    """BS-263: the card that set the trigger off; BS-270: the cards the previous instruction acted
    on - those still on the field that match."""
    cards = tuple(s.flags.get("previous_targets", ())) if sel.previous else (data.get("subject"),)
    return tuple(c for c in cards if c is not None and s.zone_of(c) == "field" and s.matches(sel, c, data["source"]))


def battles_bp_at_most(s: BSQueries, cid: int, most: int) -> bool:
    """BS-271: is ``cid`` battling now (attacker or blocker of a blocked attack) a spirit of ``most`` BP or less?"""
    attack = s.flags.get("attack")
    if attack is None or attack["blocker"] is None or cid not in (attack["attacker"], attack["blocker"]):
        return False
    other = attack["blocker"] if cid == attack["attacker"] else attack["attacker"]
    return s.zone_of(other) == "field" and s.bp(other) <= most


def won_cores_to_trash(s: BSEffects, cid: int) -> bool:
    """BS-272: is ``cid`` the blocker that alone lost its battle in the attack step of a player
    whose card has ``battle_won_cores_to_trash`` in force?"""
    attack = s.flags.get("attack")
    if s.phase != "destruction" or attack is None or attack["blocker"] != cid:
        return False
    attacker = attack["attacker"]
    return (s.zone_of(attacker) == "field" and s.bp(attacker) > s.bp(cid)
            and s.rule_active("battle_won_cores_to_trash", s.active))


def shifted_blocks(s: BSQueries, player: int, attacker: int) -> bool:
    """BS-273: does a card of ``player``'s make ``attacker``'s When Blocks effects apply as it attacks?"""
    for c in s.zones[player]["field"]:
        for aura in s.d(c).auras:
            if (aura.attack_shift and s.level(c) in aura.levels and s.turn_matches(aura.turn, player, s.active)
                    and aura_holds(s, aura, player) and s.in_scope(aura.targets, player, attacker, c)):
                return True
    return False


def cores_put_by_hand(s: BSEffects, card: int) -> None:
    """BS-274: cores were put on ``card`` other than by an effect; its opponent's cards may trigger."""
    if s.zone_of(card) != "field" or not s.d(card).is_spirit_like or not s.cores(card):
        return
    for c in s.zones[1 - s.cards[card].controller]["field"]:
        if s.d(c).abilities:
            s.queue_abilities(c, "opponent_spirit_cores_put", subject=card)


def core_spreads(s: BSEffects, owner: int, count: int, exact: bool) -> list[tuple[tuple[int, int], ...]]:
    """BS-275: every way to take ``count`` cores off ``owner``'s spirits (fewer if not ``exact`` and
    fewer are there; none if ``exact`` and fewer are there), as ((card, cores), ...)."""
    sources: list[tuple[int, int]] = []
    for c in s.zones[owner]["field"]:
        if s.d(c).type in ("spirit", "brave"):
            sources.extend((x, s.cores(x)) for x in (c, *s.braves_on(c)) if s.cores(x))
    total = sum(n for _, n in sources)
    want = min(count, total)
    if want == 0 or (exact and want < count):
        return []
    out: list[tuple[tuple[int, int], ...]] = []

    def spread(i: int, left: int, taken: tuple[tuple[int, int], ...]) -> None:
        if left == 0:
            out.append(taken)
            return
        if i == len(sources):
            return
        card, n = sources[i]
        for k in range(min(n, left), -1, -1):
            spread(i + 1, left - k, (*taken, (card, k)) if k else taken)

    spread(0, want, ())
    return out


def cores_to_trash(s: BSEffects, data: dict[str, Any], eff: Effect) -> None:
    """BS-275: the cores' owner picks a spread (an ``option`` decision when there is a choice); the
    cores go to their trash at once. Yours that cannot all be paid are not paid (``paid``)."""
    controller = data["controller"]
    owner = controller if eff.whose == "self" else 1 - controller
    option = data.get("option")
    if option is None:
        # as count mappings {card: cores}: answered and shown by card (``choose {option: {Keeper: 2}}``)
        options = [freeze_counts(dict(spread)) for spread in core_spreads(s, owner, eff.count, eff.whose == "self")]
        if len(options) > 1:
            s.decision = Decision(owner, "option", {"task": data, "options": tuple(options)})
            return
        option = options[0] if options else ()
    s.next_effect({**data, "option": None})
    s.emit("effect", verb=eff.do, card=data["source"], name=s.cards[data["source"]].name, player=controller)
    for card, n in option:
        s.move_core(owner, card, "trash_cores", n)
    s.flags["paid"] = bool(option)


def at_highest_level(s: BSQueries, cid: int) -> bool:
    """BS-276: does a card of ``cid``'s controller treat it as at its highest level now (an attack step)?"""
    controller = s.cards[cid].controller
    for c in s.zones[controller]["field"]:
        for aura in s.d(c).level_auras:
            if (s.d(c).level_for(s.cores(c)) in aura.levels and s.turn_matches(aura.turn, controller, s.active)
                    and s.in_scope(aura.targets, controller, cid, c)):
                return True
    return False


def unblockable_by(s: BSQueries, blocker: int, attacker: int) -> bool:
    """BS-277: does a card of the attacker's controller bar ``blocker`` from blocking ``attacker`` now?"""
    p = s.cards[attacker].controller
    for c in s.zones[p]["field"]:
        for aura in s.d(c).auras:
            by = aura.unblockable_by
            if (by is not None and s.level(c) in aura.levels and s.turn_matches(aura.turn, p, s.active)
                    and s.in_scope(aura.targets, p, attacker, c) and s.in_scope(by, p, blocker, c)):
                return True
    return False


def use_magic_free(s: BSEffects, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
    """BS-278: each target magic card still in its owner's hand with a Flash effect is used, free."""
    for t in targets:
        if s.zone_of(t) == "hand" and s.d(t).flash_effects:
            s.move(t, "trash")
            s.emit("magic_used", card=t, name=s.cards[t].name, player=controller, timing="flash")
            s.queue_effects(t, controller, (s.cards[t].name, "flash"))


def hand_terms(s: BSQueries, player: int, cid: int) -> tuple[int, tuple[tuple[str, int], ...]]:
    """BS-269: the cost and the reduction symbols (per colour) of ``cid`` as ``player`` pays for it:
    the printed ones, changed by their cards' ``hand_costs`` while ``cid`` is in their hand."""
    d = s.d(cid)
    cost, counts = d.cost, d.reduction_counts
    for c in s.zones[player]["field"]:
        for hc in s.d(c).hand_costs:
            if not _hand_cost_applies(s, hc, player, cid, c):
                continue
            if hc.set_cost is not None:
                cost = hc.set_cost
            if hc.reduction:
                n = 1 if hc.per is None else len(s.select(hc.per, player, c))
                extra = dict(counts)
                for color in hc.reduction:
                    extra[color] = extra.get(color, 0) + n
                counts = tuple(extra.items())
    return cost, counts


def _hand_cost_applies(s: BSQueries, hc: HandCost, player: int, cid: int, source: int) -> bool:
    if s.level(source) not in hc.levels or s.zone_of(cid) != "hand":
        return False
    if hc.your_main_step and (s.active != player or s.phase != "main"):
        return False
    return s.in_scope(hc.cards, player, cid, source)


def budget_selector(s: BSEffects, sel: Selector, controller: int, source: int,
                    chosen: tuple[int, ...], data: dict[str, Any]) -> Selector:
    """BS-264: "any number" of targets, each within the BP the budget has left after ``chosen``.
    The budget is read once, as the instruction begins (kept in the task as ``budget``); BS-347:
    a budget of costs, that of the cards the previous instruction acted on."""
    cost = sel.cost_total_of_previous
    if "budget" not in data:
        of = sel.bp_total_of
        data["budget"] = (sum(s.d(c).cost for c in s.flags.get("previous_targets", ())) if cost
                          else sel.bp_total if of is None else sum(s.bp(c) for c in s.select(of, controller, source)))
    left = data["budget"] - sum(s.card_cost(c) if cost else s.bp(c) for c in chosen)
    bound = {"max_cost": max(left, -1)} if cost else {"max_bp": max(left, -1)}
    return sel.model_copy(update={"bp_total": None, "bp_total_of": None, "cost_total_of_previous": False, **bound,
                                  "count": len(chosen) + len(s.zones[0]["field"]) + len(s.zones[1]["field"]),
                                  "up_to": True})


def name_options(s: BSEffects, eff: Effect, controller: int) -> list[Any]:
    """BS-266: what the controller may name: a cost from 0 to ``name_max``, or a family one of
    their spirits has (sorted; none: nothing to name)."""
    if eff.name_a == "cost":
        return list(range(eff.name_max + 1))
    return sorted({f for c in s.zones[controller]["field"] if s.d(c).is_spirit_like for f in s.d(c).families})


def named_match(s: BSQueries, cid: int) -> bool:
    """BS-266: does ``cid`` have the family, or the cost, just named?"""
    named = s.flags.get("named")
    if named is None:
        return False
    if isinstance(named, int):
        return s.card_cost(cid) == named
    return named in s.d(cid).families


def note_targets(s: BSEffects, eff: Effect, targets: tuple[int, ...]) -> None:
    """BS-265: whether a "return to the hand" returned a card (for ``previous_returned``);
    BS-268: the BP of what an "exhaust" exhausted (for ``amount_of_previous_bp``); BS-270: what
    the instruction acted on (``Selector.previous``) and whether a discard discarded."""
    s.flags["previous_targets"] = targets
    if eff.do == "discard":
        s.flags["discarded_any"] = any(s.zone_of(t) == "trash" for t in targets)
    elif eff.do == "return_to_hand":
        s.flags["returned_any"] = any(s.zone_of(t) == "hand" for t in targets)
    elif eff.do == "exhaust":
        s.flags["acted_bp"] = sum(s.bp(t) for t in targets if s.zone_of(t) == "field")


def refreshed(s: BSEffects, cid: int, controller: int) -> None:
    """BS-268: "when your spirit is refreshed" abilities of its controller's cards trigger."""
    if not s.d(cid).is_spirit_like:
        return
    for c in s.zones[controller]["field"]:
        if s.d(c).abilities:
            s.queue_abilities(c, "your_spirit_refreshed", subject=cid)
