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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    for _ in range(eff.count):
        deck = s.zones[opponent]["deck"]
        if not deck:
            break
        top = deck[0]
        s.move(top, "trash")
        hit = s.d(top).cost < own_cost
        hits += hit
        s.emit("u_trigger", card=source, name=s.cards[source].name, player=controller, milled=top, hit=hit)
    s.flags["u_hits"] = hits
