"""Ultimates (BS-1, BS-16, BS-115): the printed summon conditions and the U-Trigger.

New rules of the Ultimate era (2013, アルティメット編), official rules the brief does not give:

- **BS-140** [standard] A summon condition 【召喚条件:…】 counts your spirits on the field that
  match it: "自分の赤のスピリット1体以上" (one or more of your red spirits), "コスト3以上の自分のスピリット
  1体以上" (one or more of your cost-3-or-more spirits). Spirit-form braves are spirits (BS-3), an
  Ultimate is not (BS-115). It is checked when the summon is declared, before the cost is paid: a
  spirit whose cores pay the cost still counted (official Ultimate Q&A, battle-spirits.fandom.com
  "Ultimate" Q3), and a spirit that is red only through its fused brave counts as red (Q2).
  Source: the Ultimate Q&A above and batspi.com アルティメット (rules section).
- **BS-141** [standard] U-Trigger 【Uトリガー】: "(Uトリガー:相手のデッキの1枚目をトラッシュに置く。そのカードの
  コストが、このアルティメットより低ければヒットとする)" - put the top card of the opponent's deck into
  their trash; if that card's cost is lower than this Ultimate's cost, the trigger hits, and the
  effect's "Uトリガーがヒットしたとき" part applies. Putting the card into the trash is not a
  discard (破棄): nothing that stops or adds to discards applies to it. An empty deck gives no
  card and no hit. Sources: batspi.com Uトリガー (its printed reminder text, SD19/SD20 of 2013),
  ja.wikipedia.org バトルスピリッツ (keywords), battle-spirits.fandom.com Ultimate Trigger.
- **BS-280** [standard] A U-Trigger's hit holds for the rest of its battle: "if the U-Trigger hits,
  when only an opposing Spirit is destroyed by BP comparison, refresh this Ultimate" (SD22
  Ultimate-Tigald), "... if an opposing Spirit blocks this Ultimate, move 1 core from the opponent's
  Life to their Reserve" (SD23 Ultimate-Kleio) are read later in the same battle
  (``EffectCondition.u_hit_this_battle``); the hit ends with the battle (BS-55). Fan English of the
  one source (Zeraujy/battle-spirits-web); no Japanese text of these cards was found.
- **BS-281** [standard] [Critical Hit] (SD22-X01): an extra effect "if the hit card" (the card the
  U-Trigger put in the opponent's trash) matches a condition, "cost 3 or less" - read as
  ``EffectCondition.milled`` of the U-Trigger's card, after its hit (fan English, one source).
- **BS-285** [standard] An Ultimate with Flash [High Speed] (SD22 Ultimate-Tigald) is summoned
  in a Flash step as a spirit with High Speed is (cost and cores from the reserve only), and only
  while its summon condition holds (BS-16, BS-140): the condition is checked for every summon.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core.verbs import Targets

if TYPE_CHECKING:
    from tcg.games.battle_spirits.cards import Effect
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries


def summon_condition_met(s: BSQueries, player: int, cid: int) -> bool:
    """BS-16 / BS-115 / BS-140: an Ultimate's summon condition, checked whenever it would be summoned."""
    cond = s.d(cid).summon_condition
    if cond is None:
        return True
    # BS-3: a spirit-form Brave is a Spirit in every respect; an Ultimate is not (BS-115)
    spirits = [c for c in s.zones[player]["field"] if s.d(c).type in ("spirit", "brave")]
    if cond.colors or cond.min_cost:
        spirits = [c for c in spirits if (not cond.colors or s.colors(c) & set(cond.colors))
                   and s.card_cost(c) >= cond.min_cost]
        if not spirits:  # "… 1体以上": at least one, unless a count is printed
            return False
    if len(spirits) < cond.spirits:
        return False
    if cond.spirit_level and not any(s.level(c) >= cond.spirit_level for c in spirits):
        return False
    return cond.max_life is None or s.counters[player]["life"] <= cond.max_life


def u_trigger(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-141: the opponent's top card (``count`` cards for the later WU-Trigger) to their trash;
    each whose cost is lower than this Ultimate's is a hit. The hits are kept for the rest of the
    effect (``EffectCondition.u_hits``: "Uトリガーがヒットしたとき")."""
    opponent = 1 - controller
    own_cost = s.card_cost(source)
    hits = 0
    milled: list[int] = []
    for _ in range(eff.count):
        deck = s.zones[opponent]["deck"]
        if not deck:
            break
        top = deck[0]
        s.move(top, "trash")
        milled.append(top)
        hit = s.d(top).cost < own_cost
        hits += hit
        s.emit("u_trigger", card=source, name=s.cards[source].name, player=controller, milled=top, hit=hit)
    s.flags["u_hits"] = hits
    s.flags["milled"] = tuple(milled)  # BS-281: "the hit card" of a Critical Hit
    if hits and s.flags.get("attack") is not None:  # BS-280: the hit holds for this battle
        lasting.add(s, "u_hit", lasting.BATTLE, player=controller, card=source)


def hit_this_battle(s: BSQueries, player: int) -> bool:
    """BS-280: a U-Trigger of ``player``'s hit earlier in the current battle (only one of a
    player's cards battles at a time, so it is the one whose effect asks)."""
    return bool(s.effects) and bool(lasting.of_kind(s, "u_hit", player=player))


def high_speed_summonable(s: BSQueries, player: int, cid: int) -> bool:
    """BS-285: a card in the hand that High Speed may summon: a spirit or brave, or an Ultimate
    whose summon condition holds now (BS-140)."""
    kind = s.d(cid).type
    return kind in ("spirit", "brave") or (kind == "ultimate" and summon_condition_met(s, player, cid))
