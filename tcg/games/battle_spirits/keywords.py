"""Keywords and lasting limits any card may carry (first met on the Ultimate starters SD19/SD20).

Official rules the brief does not give (BS-1..BS-99 are silent on them):

- **BS-142** [standard] Heavy Armor 【重装甲:colours】 ("このスピリットは相手の<colour>のスピリット/
  ブレイヴ/ネクサス/マジックの効果を受けない"): while the card is at one of its levels, no effect
  of an opposing Spirit, Brave, Nexus or Magic of one of those colours chooses it or sweeps it
  (``unaffected``). An effect has the colours of its card now (a brave spirit's include its
  brave's, BS-4). The printed list does not name Ultimates: an opposing Ultimate's effect still
  applies. A brave directly fused to a spirit is part of it when its "When Summoned" applies, so
  that effect is stopped too (official Rule Navi Q&A, quoted at ameblo.jp/sera56 p.23).
  The same keyword is printed on BS13 cards (【重装甲】7 times, imachan7 BS13_PLAN); BS13's notes
  called this rule BS-160 and gave no card-type list (no Ultimate existed then). Kept here with
  the list: an Ultimate's effect is not stopped by the keywords printed before Ultimates, which
  name only the other card types (wiki3.jp/aniwotadata "アルティメット(Battle Spirits)": their
  effects cannot be prevented by the existing abilities).
- **BS-143** [standard] Life limits ("このターンの間、コスト4以上のスピリットのアタックでは、自分の
  ライフは減らない"; "相手のスピリットのアタックでは、自分のライフは1しか減らない"; "相手のアルティメットの
  効果では、自分のライフはターンに1しか減らない"): a limit (``LifeGuard``) caps how many cores one
  attack of a matching attacker moves from the guarded player's life (BS-52/BS-53), or how many
  the opposing effects of the named card types move in the whole turn. A life that is not
  reduced is not "reduced": no "after your life decreased" burst, no "when your life is reduced"
  effect. A "Spirit" attacker is a spirit or spirit-form brave, not an Ultimate (BS-115).
  Sources: note.com/ll0419oq27 (バトスピ汎用カード備忘録②, life-limit cards and their wording).
- **BS-144** [standard] "このスピリットの色とシンボルは白としても扱う" (colour and symbol also
  treated as white): the card is also of those colours (colour-naming effects, summon
  conditions, Heavy Armor); "赤のスピリットとしても扱う" (also treated as a red spirit, BS13) says
  no more. With the symbols (``AlsoColors.symbols``) each of its symbols is also of them: for cost reduction (BS-41 b)
  one such symbol reduces one reduction symbol of either colour, never two; it still deals one
  damage (BS-22).
- BS-145 "can block while exhausted": the same rule as BS-171, kept in ``braves.py``
  (``BlockGrant``: a grant with no ``blockers`` is the card's own).
- **BS-300** [standard] "This spirit cannot be the target of the opponent's Spirit/Magic effects"
  (相手のスピリット/マジックの効果の対象にならない, BS01-086 Queen-Valkyrie): while the card is at one of
  the keyword's levels, an opposing effect of one of the named card types cannot choose it - it is
  not among the effect's candidates (``untargetable``), so an effect with no other candidate does
  nothing. An effect that names no target but "all" cards (すべて) is not targeting and still
  applies, as do the opponent's other card types (a Nexus) and its controller's own effects
  (Rule Manual: 対象 is what an effect chooses; "all" effects choose nothing).
- **BS-349** [standard] A life limit relative to its card ("『相手のアタックステップ』ブロックされなかった相手の
  スピリットのBPがこのスピリットのBP以下のとき、そのスピリットのアタックでは自分のライフは減らない",
  BS14-040): BS-143's limit whose attackers are those with BP at most the guarding card's BP, both
  read as the unblocked attack's damage is dealt (``LifeGuard.attackers`` with
  ``Selector.max_bp_of_source``: the card carrying the limit is the source).
- **BS-340** [standard] Unaffected by a card type ("自分のバーストをセットしている間、このスピリットは、
  相手のスピリットの効果を受けない", BS14-044 The GlacierDragon Graceus): while the card is at one of its
  levels (and, when printed so, while its controller has a burst set, BS-153), no effect of an
  opposing card of the named types chooses it or sweeps it - as Heavy Armor (BS-142) with a card
  type instead of a colour (``Keywords.immune``). The type is the effect's card's: a brave's effect
  is a Brave's, an Ultimate's an Ultimate's, not a Spirit's.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core.verbs import Targets
from tcg.games.battle_spirits import era_keywords
from tcg.games.battle_spirits.cards import LifeGuard

if TYPE_CHECKING:
    from tcg.games.battle_spirits.cards import Effect
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries

#: BS-142: the card types whose effects Heavy Armor stops (its printed list; no Ultimate).
ARMOR_STOPS = frozenset({"spirit", "brave", "nexus", "magic"})
#: The steps of an attack step (the battle phase, BS-45..BS-55): "(During ... Attack Step)".
ATTACK_STEP = frozenset({"battle", "attack_declaration", "flash_1", "block", "flash_2", "comparison", "destruction",
                         "end_of_battle"})


# ---------------------------------------------------------------------- BS-142 Heavy Armor
def armor_colors(s: BSQueries, cid: int) -> set[str]:
    """The colours ``cid``'s Heavy Armor names now: its own at its level (a ``braved`` one only
    while a brave is fused), and a fused brave's ``braved`` one (BS-4)."""
    braves = s.braves_on(cid)
    out: set[str] = set()
    ha = s.d(cid).keywords.heavy_armor
    if ha is not None and s.level(cid) in ha.levels and (braves or not ha.braved):
        out.update(ha.colors)
    for b in braves:
        bh = s.d(b).keywords.heavy_armor
        if bh is not None and bh.braved:
            out.update(bh.colors)
    if era_keywords.any_grants(s, s.cards[cid].controller):  # granted Heavy Armor (era_keywords.py BS-226)
        out.update(era_keywords.granted_armor(s, cid))
    return out


def unaffected(s: BSQueries, cid: int, controller: int, source: int) -> bool:
    """BS-142: is ``cid`` on the field out of reach of the effect of ``controller``'s ``source``?"""
    card = s.cards[cid]
    kw = s.d(cid).keywords
    if card.controller == controller or (kw.heavy_armor is None and kw.immune is None and not card.attached
                                         and not era_keywords.any_grants(s, card.controller)):
        return False
    if s.zone_of(cid) != "field" or s.d(source).type not in ARMOR_STOPS:
        return False
    if kw.immune is not None and immune(s, cid, source):  # BS-340
        return True
    armor = armor_colors(s, cid)
    return bool(armor) and bool(s.colors(source) & armor)


def immune(s: BSQueries, cid: int, source: int) -> bool:
    """BS-340: does ``cid``'s immunity (at its level, its burst condition met) name ``source``'s card type?"""
    imm = s.d(cid).keywords.immune
    if imm is None or s.level(cid) not in imm.levels or s.d(source).type not in imm.types:
        return False
    return not imm.while_burst_set or bool(s.zones[s.cards[cid].controller]["burst"])


# ---------------------------------------------------------------------- BS-300 cannot be targeted
def untargetable(s: BSQueries, cid: int, controller: int, source: int) -> bool:
    """BS-300: may an effect of ``controller``'s ``source`` not choose ``cid`` (on the field)?"""
    keyword = s.d(cid).keywords.untargetable
    if keyword is None or s.cards[cid].controller == controller or s.zone_of(cid) != "field":
        return False
    return s.level(cid) in keyword.levels and s.d(source).type in keyword.types


# ---------------------------------------------------------------------- BS-144 colours also counted
def also_colors(s: BSQueries, cid: int) -> tuple[str, ...]:
    """BS-144: the colours ``cid`` also has now (at one of the keyword's levels), else ()."""
    ac = s.d(cid).keywords.also_colors
    if ac is None:
        return ()
    level = s.level(cid)
    out = tuple(ac.colors) if level in ac.levels else ()
    for more in ac.more:  # "LV1: also purple. LV2: also red." (SD22 Mugendragon)
        if level in more.levels:
            out += tuple(more.colors)
    return out


def flexible_reduction(needs: dict[str, int], field: Counter[str]) -> int:
    """BS-41 (b) with BS-144: the most reduction symbols (``needs``: per colour) the field's
    symbols cover, one symbol covering one. A key "red+white" counts symbols of either colour."""
    plain = {c: min(n, field.get(c, 0)) for c, n in needs.items()}
    left = {c: n - plain[c] for c, n in needs.items() if n > plain[c]}
    flex = [tuple(k.split("+")) for k, n in field.items() if "+" in k for _ in range(n)]
    if not left or not flex:
        return sum(plain.values())
    best = 0
    for pick in product(*[(None, *colors) for colors in flex]):
        used = Counter(c for c in pick if c is not None)
        best = max(best, sum(min(n, used[c]) for c, n in left.items()))
    return sum(plain.values()) + best


# ---------------------------------------------------------------------- BS-143 life limits
def life_guard(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-143: until the end of the turn (BS-56) the controller's life loss is limited by ``guard``."""
    assert eff.guard is not None
    lasting.add(s, "life_guard", player=controller, guard=eff.guard.model_dump())


def _guards(s: BSQueries, player: int) -> list[tuple[LifeGuard, int | None]]:
    """The limits in force on ``player``'s life: this turn's, and those of their cards on the field
    (with the card: "an attacker with this spirit's BP or less", ``Selector.max_bp_of_source``)."""
    out: list[tuple[LifeGuard, int | None]] = [
        (LifeGuard.model_validate(r["guard"]), None) for r in lasting.of_kind(s, "life_guard", player=player)] \
        if s.effects else []
    life = s.counters[player]["life"]
    for c in s.zones[player]["field"]:
        for g in s.d(c).life_guards:
            if (s.level(c) in g.levels and s.turn_matches(g.turn, player, s.active)
                    and (not g.attack_step or s.phase in ATTACK_STEP) and (g.max_life is None or life <= g.max_life)):
                out.append((g, c))
    return out


def attack_damage(s: BSQueries, player: int, attacker: int, amount: int) -> int:
    """BS-143: how many cores the unblocked ``attacker`` takes from ``player``'s life (BS-52)."""
    for g, card in _guards(s, player):
        if g.attackers is not None and s.in_scope(g.attackers, player, attacker, card):
            amount = min(amount, g.most)
    return amount


def effect_damage(s: BSQueries, player: int, source: int | None, amount: int) -> int:
    """BS-143: how many cores an effect of ``source`` takes from ``player``'s life; what opposing
    effects of a limited card type take is counted for the rest of the turn."""
    if source is None or s.cards[source].controller == player:
        return amount
    kind = s.d(source).type
    for g, _card in _guards(s, player):
        if kind in g.effects_of:
            lost = sum(r["count"] for r in lasting.of_kind(s, "life_lost", player=player, card_type=kind)) \
                if s.effects else 0
            amount = min(amount, max(0, g.most - lost))
    return amount


def note_effect_loss(s: BSEffects, player: int, source: int | None, amount: int) -> None:
    """Count, for this turn, the life an opposing effect took (``effect_damage``'s per-turn limit)."""
    if source is not None and amount > 0 and s.cards[source].controller != player:
        lasting.add(s, "life_lost", player=player, card_type=s.d(source).type, count=amount)
