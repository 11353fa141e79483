"""Player-wide static rules and lasting effects that cards set up for both players (BS13/BS14).

A nexus or spirit on the field may change a rule of the game for everyone while it is at one of
its levels (``Rule`` with a ``scope``: the cards it applies to, player relative to the card's
controller); a magic may change one for the rest of the turn (a lasting record, BS-56). They are
read where the rules check them: the attack declaration (BS-46/BS-47), the summon (BS-107), the
level (BS-108), the life (BS-52/BS-53), the comparison (BS-52), the magic's use (BS-43).
Official rules the brief does not give (BS-1..BS-99 are silent on them):

- [standard] BS-240 Attack bans ("『お互いのアタックステップ』コスト0/1/4のスピリットすべてはアタック
  できない"): while the card is at one of its levels, no spirit its ``scope`` matches (either
  player's) can be declared as an attacker (``Rule`` no_attack); with ``max_spirits`` ("自分の
  スピリットが3体以下のとき、自分はアタックできない") only while the attacker's controller controls at
  most that many spirits.
- [standard] BS-241 Attacks once a turn ("お互い、コスト3以下のスピリットは、ターンに1回しかアタック
  できない"): a spirit the ``scope`` matches that has attacked this turn cannot attack again this
  turn (``Rule`` attack_once). A spirit that left the field and came back is a new card: its
  earlier attack does not count (the record ends with it).
- [standard] BS-242 Attack costs ("お互いのコスト3以下のスピリットがアタックするとき、持ち主のリザーブ
  にあるコア1個を持ち主のトラッシュに置かなければアタックできない"): a spirit the ``scope`` matches
  attacks only by moving 1 core from its owner's reserve to their trash (BS-106) as it is
  declared; with no core in that reserve it cannot attack (``Rule`` attack_toll).
- [standard] BS-243 When Summoned effects that do not apply ("『相手のメインステップ』相手のスピリット
  すべての『このスピリットの召喚時』効果と、相手のブレイヴすべての『このブレイヴの召喚時』効果は発揮
  されない"): while the rule holds (its ``turn``, with ``main_step`` only in a main step), the When
  Summoned effects of the cards its ``scope`` matches are not set off (BS-107); as nothing
  applied, no "after an opposing When Summoned effect" burst opens either (``Rule``
  no_summon_effects). A magic's lock ("『自分のエンドステップ』を3回行うまで、『このスピリットの召喚時』
  効果は発揮されない。この効果発揮後、自分はボイドからコア3個をデッキの横に置き、『自分のエンドステップ』に
  1個ずつボイドに置く"): ``count`` cores go from its controller's core stock beside their deck (the
  ``sealed`` counter, used for nothing else); at each of that player's end steps one goes back,
  and the lock, on every spirit's When Summoned effects (either player's), ends with the last
  (``seal_summon_effects``; lasting until then).
- [standard] BS-244 Levels treated as another ("このターンの間、相手のスピリットすべてをLv1として扱う",
  "このターンの間、自分のスピリット1体のLvを1つ上のものとして扱う"): until the end of the turn each
  target's level is read as ``count`` (``level_as``) or as ``count`` levels higher (``level_up``,
  never above its highest printed level) wherever a level is read - level-gated effects (BS-20),
  BP (BS-19), level selectors. Cores and depletion are unchanged (BS-108: a spirit below its LV1
  cost is still depleted).
- [standard] BS-245 Attacks that reduce no life for either player ("このターンの間、Lv1のスピリットの
  アタックでは、お互いのライフは減らない"): the life limit of BS-143 (keywords.py), set this turn for
  both players at once (``life_guard_both``); the attackers are matched as the attack's damage
  is dealt (the level then).
- [standard] BS-246 Magic locks ("このターンの間、相手はマジックカードを使用できない"): until the end
  of the turn the locked player uses no magic card from the hand, Main or Flash (BS-43, BS-110);
  (``magic_lock``). Bursts are set and activate as usual (BS-13: a burst effect is not a use).
- [standard] BS-247 A designated spirit that may block while exhausted ("自分の緑のスピリット1体を指定
  する。このターンの間、指定されたスピリットは、相手のスピリットすべてを疲労状態でブロックできる"):
  until the end of the turn the target may block any attacker while exhausted (BS-50; as
  BS-171's grants of a card on the field, braves.py) (``block_exhausted``).
- [standard] BS-248 Comparing levels instead of BP ("バトル解決時、BPのかわりにLvを比べ、Lvの低い
  スピリットが破壊される。Lvが同じとき、お互いのスピリットが破壊される"): in this battle's comparison
  step (BS-52) the spirits' levels are compared as BP are: the lower is destroyed, both on a tie
  (``compare_levels``, until the end of the battle).
- [standard] BS-249 Reduction symbols given or taken away ("自分の手札にある系統:「天霊」を持つスピリット
  カードすべてに、軽減シンボル[黄]を与える"; "相手の手札にあるマジックカードすべての軽減シンボルすべてを
  無いものとして扱う"): while the rule holds, a card in a hand its ``scope`` matches has one more
  reduction symbol of ``color`` (``grant_reduction``), or none at all (``no_reduction``), when
  its cost is reduced (BS-41 b).
- [standard] BS-250 A hand unaffected by opposing effects ("自分の手札は相手のスピリット/ブレイヴ/
  ネクサス/マジックの効果を受けない"): while the rule holds, no effect of an opposing Spirit, Brave,
  Nexus or Magic chooses or sweeps a card of that hand (``hand_immune``; "discard 1 card from your
  opponent's hand" finds none). As with Heavy Armor (BS-142) an Ultimate's effect is not named.
- [standard] BS-251 Lasting triggers ("このターンの間、自分のスピリットが破壊されたとき、破壊された
  スピリット1体につき、相手のスピリット1体をデッキの上に戻す"): until the end of the turn, each time
  the event happens (``trigger``: one of the controller's spirits is destroyed, BS-54) the
  instruction's ``effects`` resolve, once per spirit, as an effect of the card that set it up
  (``lasting_trigger``); they wait like any effect set off by the event (BS-119, BS-120).
- [standard] BS-252 A second cost ("自分の合体スピリットすべてはコスト2としても扱う"): while the rule
  holds, a card its ``scope`` matches has also the cost ``cost``; an effect naming a cost ("cost
  3 or less") matches it if one of its costs fits (``also_cost``). Its cost paid and its
  reduction are unchanged. (A scope of an ``also_cost`` names no cost.)
- [standard] BS-253 "ドローステップ以外で相手がドローしたとき" (when the opponent draws other than in
  their draw step, BS-37): an ability that triggers on it (``opponent_draws_by_effect``) is set
  off once by a drawing instruction, however many cards it draws ("draw 2" is one draw)
  [unverified: the reading of 「ドローしたとき」 as one event; the engine's ``opponent_draws``
  ("whenever your opponent draws a card") counts cards].
- [standard] BS-254 A trash locked ("相手は、トラッシュからカードを手札に戻せない"): while the rule
  holds, a card in a trash its ``scope`` matches (the opponent's trash) is not returned to its
  owner's hand by any effect: an effect finds no such card to return, and one naming it (an end
  step's "this card in your trash returns to your hand") leaves it there (``no_trash_to_hand``).
  A card "unaffected by every effect while in the trash" (``immune_in_trash``) is found there by
  no effect at all.
- [standard] BS-255 A nexus treated as at a level ("カード名に「古代戦艦」と入っている自分のネクサス
  すべてをLv2として扱う"): while the card is at one of the rule's levels (read from the cores on
  it, so a card's own rule never lifts itself), each nexus its ``scope`` matches that has a level
  is treated as at ``level`` (``Rule`` level_as; only nexuses, BS-23).
- [standard] BS-256 A designated spirit whose attacks reduce no life ("相手のスピリット1体を指定する。
  このターンの間、ブロックされなかったそのスピリットのアタックでは、自分のライフは減らない"): until
  the end of the turn the unblocked attacks of each target take no core from the controller's
  life (BS-52/BS-53; no "life reduced" trigger follows) (``no_life_loss``).
- [standard] BS-257 "相手がマジックの効果を使用したとき、その効果発揮後" (in a main step, after a magic's
  effect): abilities of cards on the field that wait for a magic used in a main step (the
  opponent's: ``opponent_uses_magic``; their second or later of the turn:
  ``opponent_uses_second_magic``; either player's: ``any_uses_magic``) are set off once the
  magic's effect has resolved (BS-43, BS-110), not as it is used.
- [standard] BS-258 Ending the main step ("相手のメインステップを終了する"): the current main step ends
  once the effect is done; the battle phase (the attack step) follows, as after ``next_phase``
  (BS-45 still skips it in the first turn) (``end_main_step``: the same rule as replacements.py's
  BS-207, one verb).
- [standard] BS-259 Other rules of the game a card changes while it is at one of its levels, and
  costs paid with the card itself:

  - ``no_life_by_attack`` ("コスト3以下のLv1のスピリットのアタックでは、お互いのライフは減らされない"):
    the unblocked attacks of the spirits its ``scope`` matches take no core from either life.
  - ``no_mill`` ("お互い、メインステップでデッキは破棄されない"), ``mill_cap`` ("お互いのデッキは、
    スピリット/ブレイヴ/ネクサス/マジックの効果では、ターンに3枚までしか破棄されない"): no card, or no
    more than ``cap`` a turn (counted while the rule holds), goes from the deck of a player its
    ``scope.player`` names to the trash by a Spirit/Brave/Nexus/Magic effect (an Ultimate's is not
    named; a cost "by discarding N cards of your deck" is such an effect too).
  - ``summon_exhausted`` ("お互い、系統「遊精」/「星魂」を持たないコスト3以下のスピリットカードを召喚
    するとき、疲労状態で召喚する"): a card its ``scope`` matches, summoned by either player, enters
    the field exhausted (BS-39). A brave fused directly (BS-5 b) is not put onto the field by
    itself and is not concerned.
  - ``cores_locked`` ("相手のスピリットすべてのコアは、相手の効果以外では取り除くことはできない"): no
    effect takes a core off a spirit its ``scope`` matches (``own_effects``: but its controller's
    own); paying a cost with its cores (BS-106) and moving them in the main step (BS-109) are no
    effects, nor is Transmigration's cost.
  - ``by_exhausting`` ("このネクサスを疲労させることで"): the instruction's ``effects`` resolve only by
    exhausting the card, which must be refreshed (an ability starting with it is not even set off
    while the card is exhausted); ``FlashAbility.exhaust_self``: a Flash ability used so.
  - ``your_life_reduced_by_spirit`` ("相手のスピリットによって自分のライフが減らされたとき"): by an
    opposing spirit's attack or by its effect.
  - ``battle_end_stops`` ("『お互いのアタックステップ』BP3000以下のスピリットのバトルが終了したとき、
    アタックステップを終了する"): when a battle ends in which a spirit its ``scope`` matches battled
    (attacker or blocker), the attack step ends with it (as ``end_attack_step``); a spirit
    destroyed in the battle is matched by the BP it had in the comparison (its last BP).
  - ``look_at_hand`` ("相手の手札すべてを見て"): the controller sees every card of the opponent's hand
    (a ``looked`` event to them only); the cards stay hidden from anyone else.
  - ``hand_limit`` ("相手の手札が5枚以上のとき、相手は、相手の手札を4枚になるように破棄する"): for each
    card of ``player``'s hand over ``count``, the instruction's ``effects`` (one discard, chosen
    by the hand's owner) resolve once.
  - ``destroy_refreshed`` ("『相手のターン』スピリット/マジックの効果で回復した赤/緑/白/青のスピリット
    すべてを破壊する"): a spirit its ``scope`` matches that an instruction of a Spirit's or a
    Magic's effect refreshes (from exhausted) is destroyed once that instruction is done, by the
    rule card's controller.
- [standard] BS-323 Life taken to the Void ("『自分のアタックステップ』系統:「妖蛇」を持つLv2以上の自分の
  スピリットのアタックによって相手のライフを減らすとき、相手のライフのコアはリザーブではなくボイドに置かれる"):
  while the rule holds, the cores an attack by a spirit its ``scope`` matches (read as the damage
  is dealt) takes from a life go to the Void (the core stock, BS-25) instead of their owner's
  reserve (BS-53); the life is reduced all the same (``attack_life_to_void``). An effect's damage
  is not an attack's.
- [standard] BS-345 When Destroyed effects that do not apply ("相手のスピリットすべての『このスピリットの
  破壊時』効果は発揮されない", BS14-X06): while the rule holds, a spirit its ``scope`` matches that is
  destroyed (BS-54) sets off none of its own When Destroyed effects - its "(When Destroyed)"
  abilities, those "when destroyed by the opponent", and "(When Destroyed) this spirit returns to
  the hand" (it goes to the trash) - read as it is destroyed, with the rule's card still on the
  field (``no_destroyed_effects``). Other cards' effects set off by the destruction (bursts,
  Immortality, "when your spirit is destroyed") still apply, as BS-243 leaves other cards' "when
  your spirit is summoned" effects alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tcg.core import lasting
from tcg.core.state import Task
from tcg.core.verbs import Targets

if TYPE_CHECKING:
    from tcg.games.battle_spirits.cards import Effect, Rule
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries

    #: An active rule: the rule, the controller of the card that has it, the card.
    Active = tuple[Rule, int, int]

#: The ``Rule`` kinds of this module that restrict attacks (BS-240..BS-242).
ATTACK_RULES = frozenset({"no_attack", "attack_once", "attack_toll"})
SUMMON_RULES = frozenset({"no_summon_effects"})
REDUCTION_RULES = frozenset({"grant_reduction", "no_reduction"})
HAND_RULES = frozenset({"hand_immune"})
COST_RULES = frozenset({"also_cost"})
TRASH_RULES = frozenset({"no_trash_to_hand"})
LIFE_RULES = frozenset({"no_life_by_attack"})
VOID_RULES = frozenset({"attack_life_to_void"})
MILL_RULES = frozenset({"no_mill", "mill_cap"})
SUMMON_EXHAUSTED = frozenset({"summon_exhausted"})
CORE_RULES = frozenset({"cores_locked"})
BATTLE_END_RULES = frozenset({"battle_end_stops"})
REFRESH_RULES = frozenset({"destroy_refreshed"})
DESTROYED_RULES = frozenset({"no_destroyed_effects"})
#: BS-250: the card types whose effects a hand unaffected by them names (as BS-142; no Ultimate).
IMMUNE_FROM = frozenset({"spirit", "brave", "nexus", "magic"})


# ---------------------------------------------------------------------- the table of rules in force
def active_rules(s: BSQueries, kinds: frozenset[str]) -> list[Active]:
    """The rules of ``kinds`` in force now: those of the cards on the field at one of their
    levels, in their ``turn`` (and, with ``main_step``, only in a main step)."""
    out: list[Active] = []
    cards, defs = s.cards, s.defs
    for p in (0, 1):
        for c in s.zones[p]["field"]:
            rules = defs[cards[c].name].rules
            if not rules:
                continue
            for r in rules:
                if (r.rule in kinds and r.scope is not None and s.level(c) in r.levels
                        and s.turn_matches(r.turn, p, s.active) and (not r.main_step or s.phase == "main")):
                    out.append((r, p, c))
    return out


def _applies(s: BSQueries, active: Active, cid: int) -> bool:
    rule, controller, card = active
    assert rule.scope is not None
    return s.in_scope(rule.scope, controller, cid, card)


# ---------------------------------------------------------------------- BS-240..BS-242 attacks
def attack_rules(s: BSQueries) -> list[Active]:
    """BS-240..BS-242: the attack restrictions in force (cheap when no card has rules)."""
    return active_rules(s, ATTACK_RULES)


def attack_problem(s: BSQueries, cid: int, rules: list[Active]) -> tuple[str, str] | None:
    """Why ``cid`` cannot attack under the rules in force (rule id, reason), or None."""
    for active in rules:
        rule = active[0]
        if not _applies(s, active, cid):
            continue
        name, by = s.cards[cid].name, s.cards[active[2]].name
        if rule.rule == "no_attack" and (rule.max_spirits is None or _spirits(s, s.cards[cid].controller)
                                         <= rule.max_spirits):
            return "BS-240", f"{name} cannot attack while {by} forbids it"
        if rule.rule == "attack_once" and lasting.on(s, "attacked", cid):
            return "BS-241", f"{name} has attacked this turn and attacks only once a turn while {by} is in play"
        if rule.rule == "attack_toll" and s.counters[s.cards[cid].owner]["reserve"] < 1:
            return "BS-242", (f"{name} attacks only by moving 1 core from its owner's reserve to the trash "
                              f"({by}), and that reserve is empty")
    return None


def _spirits(s: BSQueries, player: int) -> int:
    return sum(1 for c in s.zones[player]["field"] if s.d(c).type in ("spirit", "brave"))


def attack_declared(s: BSEffects, attacker: int) -> None:
    """BS-241 / BS-242 as an attack is declared: the attack is noted for this turn's limit;
    the attack's cost (1 core from the owner's reserve to their trash) is paid once."""
    rules = attack_rules(s) if s.d(attacker).is_spirit_like else []
    tolled = False
    for active in rules:
        rule = active[0]
        if rule.rule == "no_attack" or not _applies(s, active, attacker):
            continue
        if rule.rule == "attack_once" and not lasting.on(s, "attacked", attacker):
            lasting.add(s, "attacked", card=attacker)
        if rule.rule == "attack_toll" and not tolled:
            tolled = True
            s.move_core(s.cards[attacker].owner, "reserve", "trash_cores", 1)


# ---------------------------------------------------------------------- BS-249 reduction symbols
def reduction_counts(s: BSQueries, cid: int, counts: tuple[tuple[str, int], ...] | None = None
                     ) -> tuple[tuple[str, int], ...]:
    """BS-41 (b) / BS-249: ``cid``'s reduction symbols per colour now: ``counts`` (its printed ones
    by default; those a hand cost gives, BS-269), with those the rules in force give it or take away."""
    counts = s.d(cid).reduction_counts if counts is None else counts
    for rule, controller, card in active_rules(s, REDUCTION_RULES):
        if not _applies(s, (rule, controller, card), cid):
            continue
        if rule.rule == "no_reduction":
            return ()
        if rule.color is not None:
            have = dict(counts)
            have[rule.color] = have.get(rule.color, 0) + 1
            counts = tuple(have.items())
    return counts


# ---------------------------------------------------------------------- BS-243 When Summoned off
def summon_effects_off(s: BSQueries, cid: int) -> bool:
    """BS-243: are ``cid``'s When Summoned effects kept from applying now?"""
    if s.effects and s.d(cid).type == "spirit" and lasting.first(s, "summon_lock") is not None:
        return True
    return any(_applies(s, a, cid) for a in active_rules(s, SUMMON_RULES))


def destroyed_effects_off(s: BSQueries, cid: int) -> bool:
    """BS-345: are ``cid``'s own When Destroyed effects kept from applying now?"""
    return any(_applies(s, a, cid) for a in active_rules(s, DESTROYED_RULES))


def seal_summon_effects(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-243: until ``count`` of the controller's end steps, no spirit's When Summoned applies;
    ``count`` cores of their core stock wait beside their deck, one going back per end step."""
    n = min(eff.count, s.counters[controller]["core_stock"])
    s.move_core(controller, "core_stock", "sealed", n)
    lasting.add(s, "summon_lock", lasting.LASTING, player=controller, left=eff.count)


def end_step(s: BSEffects) -> None:
    """BS-243: the turn player's end step: their locks count it; a core beside the deck goes back."""
    for record in lasting.of_kind(s, "summon_lock", player=s.active):
        lasting.remove(s, record)
        s.move_core(s.active, "sealed", "core_stock", min(1, s.counters[s.active].get("sealed", 0)))
        if record["left"] > 1:
            lasting.add(s, "summon_lock", lasting.LASTING, player=s.active, left=record["left"] - 1)


# ---------------------------------------------------------------------- BS-244 levels treated as
def level_now(s: BSQueries, cid: int, level: int) -> int:
    """BS-244: the level ``cid`` (at ``level`` by its cores, not 0) is treated as this turn."""
    for record in lasting.on(s, "level_as", cid):
        level = record["level"]
    up = sum(r["amount"] for r in lasting.on(s, "level_up", cid))
    if up:
        d = s.d(cid)
        level = min(level + up, d.first_level + len(d.level_costs) - 1)
    return level


def level_as(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-244: this turn each target is treated as at level ``count``."""
    for t in targets:
        lasting.add(s, "level_as", card=t, level=eff.count)


def level_up(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-244: this turn each target's level is treated as ``count`` higher."""
    for t in targets:
        lasting.add(s, "level_up", card=t, amount=eff.count)


# ---------------------------------------------------------------------- BS-245 life of both players
def life_guard_both(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-245: this turn the life limit ``guard`` (BS-143) holds for both players."""
    assert eff.guard is not None
    for p in (controller, 1 - controller):
        lasting.add(s, "life_guard", player=p, guard=eff.guard.model_dump())


# ---------------------------------------------------------------------- BS-246 magic locks
def magic_lock(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-246: this turn the opponent (``player``: "self", the controller) uses no magic card."""
    lasting.add(s, "magic_lock", player=1 - controller if eff.player == "opponent" else controller)


def magic_locked(s: BSQueries, player: int) -> bool:
    """BS-246: may ``player`` use no magic card this turn?"""
    return bool(s.effects) and lasting.first(s, "magic_lock", player=player) is not None


# ---------------------------------------------------------------------- BS-247 block while exhausted
def block_exhausted(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-247: this turn each target may block any attacker while exhausted."""
    for t in targets:
        lasting.add(s, "block_exhausted", card=t)


def may_block_exhausted(s: BSQueries, blocker: int) -> bool:
    """BS-247: may ``blocker`` block this turn while exhausted?"""
    return bool(s.effects) and bool(lasting.on(s, "block_exhausted", blocker))


# ---------------------------------------------------------------------- BS-248 levels compared
def compare_levels(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-248: this battle's comparison compares levels instead of BP."""
    if s.flags.get("attack") is not None:
        lasting.add(s, "compare_levels", lasting.BATTLE, player=controller)


def battle_values(s: BSQueries, attacker: int, blocker: int) -> tuple[int, int]:
    """BS-52 / BS-248: what the comparison step compares - BP, or the levels this battle."""
    if s.effects and lasting.first(s, "compare_levels") is not None:
        return s.level(attacker), s.level(blocker)
    return s.bp(attacker), s.bp(blocker)


# ---------------------------------------------------------------------- BS-250 hands unaffected
def hand_candidates(s: BSQueries, found: list[int], controller: int, source: int) -> list[int]:
    """BS-250: the hand cards an effect of ``controller``'s ``source`` may choose or sweep."""
    if s.d(source).type not in IMMUNE_FROM:
        return found
    rules = active_rules(s, HAND_RULES)
    if not rules:
        return found
    return [c for c in found if s.cards[c].owner == controller or s.zone_of(c) != "hand"
            or not any(_applies(s, a, c) for a in rules)]


# ---------------------------------------------------------------------- BS-251 lasting triggers
def nested_ref(s: BSQueries, source: int, eff: Effect) -> tuple[object, ...] | None:
    """The reference of ``eff``'s own ``effects`` (an instruction of ``source``'s card), for
    ``BSEffects.effect_list``: where the instruction is, then "nested" and its index."""
    d = s.d(source)
    places: list[tuple[tuple[object, ...], list[Effect]]] = [((d.name, "main"), d.main_effects),
                                                            ((d.name, "flash"), d.flash_effects)]
    places += [((d.name, "ability", i), ab.effects) for i, ab in enumerate(d.abilities)]
    places += [((d.name, "flash_ability", i), ab.effects) for i, ab in enumerate(d.flash_abilities)]
    for base, effects in places:
        if eff in effects:
            return (*base, "nested", effects.index(eff))
    return None


def lasting_trigger(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-251: until the end of the turn ``eff.effects`` resolve each time ``eff.trigger`` happens."""
    ref = nested_ref(s, source, eff)
    if ref is not None:
        lasting.add(s, "lasting_trigger", player=controller, source_card=source, trigger=eff.trigger, ref=ref)


def spirit_destroyed(s: BSEffects, owner: int) -> None:
    """BS-251: one of ``owner``'s spirits was destroyed: their lasting triggers of it fire."""
    for r in lasting.of_kind(s, "lasting_trigger", player=owner, trigger="your_spirit_destroyed"):
        s._pend("effects", (r["source_card"], owner, tuple(r["ref"]), False))


# ---------------------------------------------------------------------- BS-253 draws by effects
def draw_noted(s: BSQueries, cid: int) -> bool:
    """BS-253: is an ``opponent_draws_by_effect`` ability of ``cid`` already waiting (set off by
    an earlier card of the same drawing instruction)?"""
    pending = s.flags.get("pending")
    if not pending:
        return False
    return any(item[0] == cid and len(item[2]) == 3 and item[2][1] == "ability"
               and s.defs[item[2][0]].abilities[item[2][2]].when == "opponent_draws_by_effect"
               for item in pending["effects"])


# ---------------------------------------------------------------------- BS-252 second costs
def cost_fits(s: BSQueries, cid: int, low: int | None, high: int | None) -> bool:
    """A selector's cost bounds: the card's cost, or (BS-252) a cost it is also treated as."""
    costs = [s.card_cost(cid)]
    for active in active_rules(s, COST_RULES):
        if active[0].cost is not None and _applies(s, active, cid):
            costs.append(active[0].cost)
    return any((low is None or c >= low) and (high is None or c <= high) for c in costs)


# ---------------------------------------------------------------------- BS-254 trash locks
def trash_candidates(s: BSQueries, found: list[int], returning: bool) -> list[int]:
    """BS-254: the trash cards an effect may choose: none unaffected there, and (``returning`` to
    a hand) none whose trash is locked."""
    found = [c for c in found if not (s.d(c).immune_in_trash and s.zone_of(c) == "trash")]
    return [c for c in found if not trash_locked(s, c)] if returning and found else found


def trash_locked(s: BSQueries, cid: int) -> bool:
    """BS-254: is ``cid`` (in a trash) kept from returning to its owner's hand?"""
    return any(_applies(s, a, cid) for a in active_rules(s, TRASH_RULES))


# ---------------------------------------------------------------------- BS-255 nexus levels
def nexus_level(s: BSQueries, cid: int, level: int) -> int:
    """BS-255: the level the nexus ``cid`` (at ``level`` by its cores) is treated as."""
    cards, defs = s.cards, s.defs
    p = cards[cid].controller
    for q in (p, 1 - p):
        for c in s.zones[q]["field"]:
            d = defs[cards[c].name]
            for r in d.rules:
                if (r.rule == "level_as" and r.level is not None and r.scope is not None
                        and d.level_for(s.cores(c)) in r.levels and s.in_scope(r.scope, q, cid, c)):
                    level = r.level
    return level


# ---------------------------------------------------------------------- BS-256 attacks reducing no life
def no_life_loss(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-256: this turn each target's unblocked attacks reduce no life of the controller's."""
    until = lasting.BATTLE if eff.this_battle and s.flags.get("attack") is not None else lasting.TURN  # BS-364
    for t in targets:
        lasting.add(s, "no_life_loss", until, card=t, player=controller)


def attack_life_to_void(s: BSQueries, attacker: int) -> bool:
    """BS-323: do the life cores ``attacker``'s attack takes go to the Void (core stock)?"""
    return any(_applies(s, a, attacker) for a in active_rules(s, VOID_RULES))


def attack_takes_no_life(s: BSQueries, player: int, attacker: int) -> bool:
    """BS-256 / BS-259: does ``attacker``'s unblocked attack take no core from ``player``'s life?"""
    if s.effects and any(r["player"] == player for r in lasting.on(s, "no_life_loss", attacker)):
        return True
    return any(_applies(s, a, attacker) for a in active_rules(s, LIFE_RULES))


# ---------------------------------------------------------------------- BS-257 / BS-258 magic in a main step
MAGIC_TRIGGERS = frozenset({"opponent_uses_magic", "opponent_uses_second_magic", "any_uses_magic"})


def magic_used(s: BSEffects, player: int) -> None:
    """BS-257: a magic of ``player``'s is used in a main step: counted for the turn; abilities
    waiting for it are set off after its effect (a task below the effect's)."""
    if s.phase != "main":
        return
    key = f"magics_used_{player}"
    s.flags[key] = s.flags.get(key, 0) + 1
    if any(ab.when in MAGIC_TRIGGERS for q in (0, 1) for c in s.zones[q]["field"] for ab in s.d(c).abilities):
        s.tasks.append(Task("magic_resolved", player=player))


def magic_resolved(s: BSEffects, task: Task) -> None:
    """BS-257: the magic's effect is done: its "after a magic's effect" abilities trigger."""
    p = task["player"]
    second = s.flags.get(f"magics_used_{p}", 0) >= 2
    for q in (s.active, 1 - s.active):
        for c in s.zones[q]["field"]:
            if not s.d(c).abilities:
                continue
            s.queue_abilities(c, "any_uses_magic")
            if q != p:
                s.queue_abilities(c, "opponent_uses_magic")
                if second:
                    s.queue_abilities(c, "opponent_uses_second_magic")


# ---------------------------------------------------------------------- BS-259 other rules, costs with the card
def by_spirit(s: BSQueries, attacker: int | None) -> bool:
    """Was the life just reduced by a spirit: its unblocked attack, or its effect?"""
    source = s.flags.get("damage_source") if attacker is None else attacker
    return source is not None and s.d(source).type in ("spirit", "brave")


def _names(player: str, controller: int, who: int) -> bool:
    return player == "any" or (player == "self") == (controller == who)


def may_mill(s: BSEffects, player: int) -> bool:
    """BS-259: may the effect resolving put the top card of ``player``'s deck in the trash?"""
    rules = active_rules(s, MILL_RULES)
    if not rules:
        return True
    source = s.flags.get("mill_source")
    if source is not None and s.d(source).type not in IMMUNE_FROM:
        return True  # an Ultimate's effect is not named
    key = f"effect_milled_{player}"
    for rule, controller, _ in rules:
        assert rule.scope is not None
        if not _names(rule.scope.player, controller, player):
            continue
        if rule.rule == "no_mill" or (rule.cap is not None and s.flags.get(key, 0) >= rule.cap):
            return False
    s.flags[key] = s.flags.get(key, 0) + 1
    return True


def summon_exhausted(s: BSQueries, card: int) -> bool:
    """BS-259: does ``card``, being summoned, enter the field exhausted?"""
    return any(_applies(s, a, card) for a in active_rules(s, SUMMON_EXHAUSTED))


def cores_removable(s: BSQueries, targets: Targets, controller: int) -> Targets:
    """BS-259: the targets an effect of ``controller``'s may take cores off."""
    rules = active_rules(s, CORE_RULES)
    if not rules:
        return targets
    return tuple(t for t in targets if not any(
        _applies(s, a, t) and not (a[0].own_effects and s.cards[t].controller == controller) for a in rules))


def note_battle_bp(s: BSEffects, bps: dict[int, int]) -> None:
    """BS-259: the BP the comparison read, for a spirit that leaves before the battle ends."""
    if active_rules(s, BATTLE_END_RULES):
        s.flags["attack"] = {**s.flags["attack"], "bps": [[c, bp] for c, bp in bps.items()]}


def battle_end_stops(s: BSEffects, attack: dict[str, Any]) -> bool:
    """BS-259: does the battle ``attack`` that ends now end the attack step?"""
    rules = active_rules(s, BATTLE_END_RULES)
    if not rules:
        return False
    seen = {c: bp for c, bp in attack.get("bps", ())}
    for c in (attack["attacker"], attack["blocker"]):
        if c is None:
            continue
        on_field = s.zone_of(c) == "field"
        bp = s.bp(c) if on_field else seen.get(c)
        for rule, controller, card in rules:
            assert rule.scope is not None
            limit = rule.scope.max_bp
            if bp is not None and (limit is None or bp <= limit) and (
                    not on_field or s.in_scope(rule.scope.model_copy(update={"max_bp": None}), controller, c, card)):
                return True
    return False


def look_at_hand(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-259: the controller looks at the opponent's whole hand (seen by them only)."""
    s.show_privately(controller, s.zones[1 - controller]["hand"])


def hand_limit(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-259: one discard (``effects``) per card of ``player``'s hand over ``count``."""
    p = controller if eff.player == "self" else 1 - controller
    ref = nested_ref(s, source, eff)
    if ref is None:
        return
    for _ in range(max(0, len(s.zones[p]["hand"]) - eff.count)):
        s.queue_effects(source, controller, ref)


def refreshed_by_effect(s: BSEffects, source: int, targets: Targets) -> None:
    """BS-259: the spirits a Spirit's/Magic's refresh instruction refreshed (``targets``: those
    exhausted before it), destroyed under the rule."""
    if s.d(source).type not in ("spirit", "magic"):
        return
    rules = active_rules(s, REFRESH_RULES)
    for t in targets:
        if s.zone_of(t) == "field" and not s.cards[t].tapped:
            for active in rules:
                if _applies(s, active, t):
                    s.destroy(t, by=active[1])
                    break


def by_exhausting(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-259: by exhausting the (refreshed) card, its ``effects`` resolve; otherwise nothing."""
    if s.zone_of(source) != "field" or s.cards[source].tapped:
        return
    ref = nested_ref(s, source, eff)
    if ref is not None:
        s.set_exhausted(source, True)
        s.queue_effects(source, controller, ref)


VERBS: dict[str, Callable[[BSEffects, Effect, int, int, Targets], None]] = {
    "level_as": level_as,
    "level_up": level_up,
    "life_guard_both": life_guard_both,
    "magic_lock": magic_lock,
    "block_exhausted": block_exhausted,
    "compare_levels": compare_levels,
    "lasting_trigger": lasting_trigger,
    "no_life_loss": no_life_loss,
    "by_exhausting": by_exhausting,
    "look_at_hand": look_at_hand,
    "hand_limit": hand_limit,
    "seal_summon_effects": seal_summon_effects,
}
