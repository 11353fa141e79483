"""Brave fusion rules of the brave and burst eras (星座編 BS13, 覇王編 BS14) that the brief (BS-4,
BS-5, BS-8, BS-114) does not spell out.

- [standard] BS-210 "Every brave spirit's fused BP+ counts as 0" (合体スピリットすべての「合体時BP+」を0
  として扱う; ``Rule`` ``brave_bp_zero``, for everyone, from a card at one of its levels): while it is
  in force a brave spirit's BP is its spirit's own (bonuses and modifiers included) without its
  braves' fused BP (BS-4); the braves' colours, symbols, costs and effects still count.
- [standard] BS-211 More braves (このスピリットはブレイヴ2つまでと合体できる): a spirit whose ``Fusion``
  says so may carry up to ``max_braves`` braves at once (BS-114: one); each adds its BP, colours,
  symbols, cost and effects (BS-4), and each separates when the spirit leaves (BS-8, BS-121).
- [standard] BS-212 Fusing ignoring the brave condition (合体条件を無視して合体できる): any of your
  braves may fuse onto such a spirit, whatever its brave condition (BS-114) names.
- [standard] BS-213 A brave as a host (このブレイヴがスピリット状態の間、このスピリットに自分のブレイヴ1つを
  合体させることができる): while that brave is in spirit form (BS-3), one of your braves may fuse onto
  it as onto a spirit (its brave condition still applies); a brave carrying a brave does not fuse
  onto another spirit.
- [standard] BS-214 Fusing by an effect (「自分のスピリット状態のブレイヴ1体と合体できる」, ``fuse_brave``):
  the effect fuses one of its controller's spirit-form braves onto the effect's spirit at once, in
  any step (BS-114's main phase is the rule for fusing by choice), as a brave fusion in the main
  phase would (the brave condition and the number of braves apply). With ``braved_attack``
  (「その後、このスピリットが持つ『このスピリットの合体アタック時』効果を発揮させる」), the brave
  spirit's "when braved attacks" abilities then activate (its own and its braves', at its level).
- [standard] BS-215 Separating by an effect (合体スピリットを分離させる, ``separate_braves``): each brave
  of the target brave spirit leaves it and stays on the field in spirit form if its owner keeps it
  with the cores for its LV1 - the owner moves those cores (BS-8, BS-121: 分離するときのコアの移動は
  相手が行う); the spirit stays, no longer a brave spirit.
- [standard] BS-216 Activating another ability (「…が持つ『このスピリットの破壊時』効果1つを、…発揮させる」,
  ``use_ability``): the effect's controller chooses a card the target selects that has an ability
  of ``ability_when`` at its level (a fused brave's, at its spirit's; ``braved_ability``: only
  "[When Braved]" ones; never one that itself activates abilities), then one such ability; it
  activates as that card's effect (``as_source``: as the effect's own card's, 「このスピリットの効果
  として」) without its trigger happening.
- [standard] BS-218 A Brave Burst (【バースト】… このブレイヴカードを召喚する): a brave card whose burst
  summons it free (BS-14, ``Burst.then: summon``) may be summoned in spirit form or fused straight onto
  one of its owner's spirits it may fuse with, free (official Q&A on P069-P071: the burst summon may
  direct-fuse; ``choices.BurstPay``); fused so, its "when summoned" effects apply (BS-6).
- [standard] BS-219 A reversed battle (「バトル解決時、BPの低いスピリットではなく、BPの高いスピリットが破壊
  される。BPが同じとき、お互いのスピリットが破壊される」, ``invert_battle``): for the rest of the battle,
  the BP comparison (BS-52) destroys the spirit with the higher BP, and both on equal BP. Likewise
  「バトル解決時、BPのかわりにLvを比べ、Lvの低いスピリットが破壊される」 (``compare_levels``): the
  comparison reads the two spirits' levels instead of their BP (lower destroyed, both on equal):
  static_rules.py's BS-248, one verb; a reversed battle compares what that comparison reads.
- [standard] BS-217 All families (【合体時】このスピリットに、自分のスピリットすべてが持つ系統すべてを与える):
  while braved, at the ``Fusion`` levels, the spirit has every family of its controller's spirits.
- [standard] BS-321 A brave that joins a spirit ("【神速】を持つ自分のスピリットが召喚されたとき、バトルして
  いないスピリット状態のこのブレイヴを回復させ、そのスピリットに合体できる", ``join_spirit``): the
  effect's own card, a brave in spirit form on the field that is neither attacking nor blocking
  now, is refreshed and then fuses onto the target (the spirit whose summon set the trigger off,
  BS-263) as BS-214 fuses, if it may (brave condition, number of braves). A fused brave, or one
  in the battle, does nothing. *Interpretation:* the whole ability is the "may" (taken or passed
  as one; no ruling found splits the refresh from the fusion).
- [standard] BS-325 Brave spirits that cannot be separated ("【超覚醒】を持つ自分の合体スピリットすべては
  分離できず"): while the card is at one of the rule's levels, an effect that separates brave
  spirits (BS-215) leaves the braves of each brave spirit the ``Rule`` no_separation's ``scope``
  matches fused (player relative to the rule card's controller). A brave that leaves the field
  by itself (returned, destroyed) or with its spirit (BS-8) is not separated by this rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.state import Decision
from tcg.games.battle_spirits.cards import Effect, Fusion
from tcg.games.battle_spirits.keywords import ATTACK_STEP
from tcg.games.battle_spirits.main_phase import BattleSpiritsRule

if TYPE_CHECKING:
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries
    from tcg.games.battle_spirits.state import BattleSpiritsState

Targets = tuple[int, ...]


def fused_bp(s: BSQueries, braves: tuple[int, ...]) -> int:
    """BS-4: the BP the braves add to the spirit they are fused to; BS-210: 0 while a card says so."""
    total = 0
    for b in braves:
        bd = s.d(b).brave
        total += bd.bp if bd else 0
    if total and s.rule_active("brave_bp_zero", s.active):
        return 0
    return total


def rules_of(s: BSQueries, cid: int) -> Fusion | None:
    """The card's ``Fusion`` while it is at one of its levels."""
    f = s.d(cid).fusion
    return f if f is not None and s.level(cid) in f.levels else None


def can_host(s: BSQueries, host: int, brave: int) -> bool:
    """BS-114 / BS-211..BS-213: may ``brave`` (a spirit-form brave) fuse onto ``host`` now?"""
    data = s.d(brave).brave
    if data is None or host == brave or s.braves_on(brave):
        return False
    d = s.d(host)
    f = rules_of(s, host) if d.fusion is not None else None
    if d.type != "spirit" and not (f is not None and f.hosts_braves and d.type == "brave"):
        return False
    if len(s.braves_on(host)) >= (f.max_braves if f is not None else 1):
        return False
    if f is not None and f.ignore_condition:
        return True
    if d.cost < data.min_cost or (data.colors and not set(d.colors) & set(data.colors)):
        return False
    return not (data.families and not set(families(s, host)) & set(data.families))  # braves.py BS-164


def families(s: BSQueries, cid: int) -> list[str]:
    """A card's families; BS-217: a braved spirit with ``all_families`` has its controller's spirits' too."""
    d = s.d(cid)
    f = d.fusion
    if f is None or not f.all_families or not s.braves_on(cid) or s.zone_of(cid) != "field" \
            or s.level(cid) not in f.all_families:
        return d.families
    out = dict.fromkeys(d.families)
    for c in s.zones[s.cards[cid].controller]["field"]:
        if c != cid and s.d(c).is_spirit_like:
            out.update(dict.fromkeys(s.d(c).families))
    return list(out)


def fuse_brave(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-214: the target brave fuses onto the effect's spirit; then, with ``braved_attack``, the
    brave spirit's "when braved attacks" abilities activate."""
    for t in targets[:1]:
        if s.zone_of(t) == "field" and s.zone_of(source) == "field" and can_host(s, source, t):
            cast("BattleSpiritsState", s).fuse(controller, t, source)
            if eff.braved_attack:
                braved_attack(s, source)


def join_spirit(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-321: this spirit-form brave, in no battle, is refreshed, then fuses onto the target."""
    attack = s.flags.get("attack")
    if s.d(source).type != "brave" or s.zone_of(source) != "field" \
            or (attack is not None and source in (attack["attacker"], attack["blocker"])):
        return
    s.set_exhausted(source, False)
    for t in targets[:1]:
        if s.zone_of(t) == "field" and can_host(s, t, source):
            cast("BattleSpiritsState", s).fuse(controller, source, t)


def braved_attack(s: BSEffects, host: int) -> None:
    """BS-214: the host's and its braves' "[When Braved] (When Attacks)" abilities, at its level."""
    controller = s.cards[host].controller
    level = s.level(host)
    for holder in (host, *s.braves_on(host)):
        d = s.d(holder)
        for i, ab in enumerate(d.abilities):
            if ab.when == "attacks" and ab.braved and level in ab.levels \
                    and (not ab.attack_step or s.phase in ATTACK_STEP) \
                    and s.turn_matches(ab.turn, controller, s.active):
                s._pend("effects", (host, controller, (d.name, "ability", i), ab.optional))


def separation_barred(s: BSQueries, cid: int) -> bool:
    """BS-325: does a ``no_separation`` rule in force match the brave spirit ``cid``?"""
    for p in (0, 1):
        for c in s.zones[p]["field"]:
            for r in s.d(c).rules:
                if r.rule == "no_separation" and r.scope is not None and s.level(c) in r.levels \
                        and s.in_scope(r.scope, p, cid, c):
                    return True
    return False


def separate_braves(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-215: each braves of the target brave spirits separates; its owner keeps it or not (BS-121);
    BS-325: not those of a brave spirit a rule says cannot be separated."""
    for t in targets:
        if separation_barred(s, t):
            continue
        for b in s.braves_on(t):
            s.update(t, attached=tuple(x for x in s.braves_on(t) if x != b))
            s.place(b, s.cards[b].owner, "limbo")
            s._pend("braves", b)


def invert_battle(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-219: until this battle ends, its comparison destroys the higher BP (``battle.comparison``)."""
    if s.flags.get("attack") is not None:
        lasting.add(s, "invert_battle", lasting.BATTLE)


def compared_losers(s: BSQueries, attacker: int, blocker: int, values: tuple[int, int],
                    losers: list[int]) -> list[int]:
    """BS-219: the spirits the comparison destroys when this battle is reversed: the higher value
    (``values``: the attacker's and the blocker's BP, or their levels under ``compare_levels``,
    static_rules.py BS-248) instead of the lower."""
    if lasting.first(s, "invert_battle"):
        ba, bb = values
        return [c for c, mine, theirs in ((attacker, ba, bb), (blocker, bb, ba)) if mine >= theirs]
    return losers


def ability_refs(s: BSQueries, eff: Effect, cid: int) -> list[tuple[str, int]]:
    """BS-216: the abilities of ``cid`` (and of its braves) that ``use_ability`` may activate."""
    level = s.level(cid) if s.zone_of(cid) == "field" else 1
    out = []
    for holder in (cid, *s.braves_on(cid)):
        d = s.d(holder)
        for i, ab in enumerate(d.abilities):
            if ab.when == eff.ability_when and level in ab.levels and (ab.braved or not eff.braved_ability) \
                    and not any(e.do == "use_ability" for e in ab.effects):  # no loop of activations
                out.append((d.name, i))
    return out


def use_ability(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-216: one ability of the chosen card activates (a ``use_ability`` decision if it has several)."""
    for t in targets[:1]:
        refs = ability_refs(s, eff, t)
        owner = source if eff.as_source else t
        if len(refs) == 1:
            _activate(s, owner, controller, refs[0])
        elif refs:
            s.decision = Decision(controller, "use_ability", {"card": owner, "refs": [list(r) for r in refs]})


def _activate(s: BSEffects, card: int, controller: int, ref: Sequence[Any]) -> None:
    s._pend("effects", (card, controller, (str(ref[0]), "ability", int(ref[1])), False))


class UseAbility(BattleSpiritsRule):
    """BS-216: which of the card's abilities activates."""

    kind: ClassVar[str] = "use_ability"
    prompt: ClassVar[str] = "Choose which of the card's effects activates"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "BS-216"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", option=i) for i in range(len(decision.data["refs"]))]

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        ref = decision.data["refs"][int(action.get("option"))]
        _activate(state, int(decision.data["card"]), decision.player, ref)

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        names = ", ".join(f"{i}: {r[0]} #{r[1]}" for i, r in enumerate(decision.data["refs"]))
        return "BS-216", f"choose {{option}} among {names}"


def candidates(s: BSEffects, eff: Effect, found: list[int], source: int) -> list[int]:
    """The cards ``fuse_brave`` / ``use_ability`` may choose among those its selector found."""
    if eff.do == "fuse_brave":
        return [b for b in found if s.zone_of(b) == "field" and can_host(s, source, b)]
    return [c for c in found if ability_refs(s, eff, c)]
