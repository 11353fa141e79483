"""Keywords of the brave and burst eras (星座編 BS13, 覇王編 BS14), their grants, and the
triggers they need, for any card that carries them.

Official rules the brief does not give (BS-1..BS-99 name no keyword of these eras):

- [standard] BS-220 A brave's keyword printed 【合体時】 ("【合体時】フラッシュ【覚醒】",
  "【合体時】【聖命】"): the brave spirit has it while the brave is fused, at the spirit's level; the
  brave in spirit form has not (``Awaken.braved``, ``LeveledKeyword.braved``; BS-4 gives a brave
  spirit its brave's effects).
- [standard] BS-221 Super Awaken (【超覚醒】 "フラッシュ【超覚醒】自分のスピリット上から、コアを好き
  なだけこのスピリット上に置くことができる。この効果でコア1個以上を置かれるたび、このスピリットは
  回復する"): as Awaken (a Flash move of cores from your other spirits onto it), and each use that
  puts at least one core on it refreshes it. A card's rule ``super_awaken_from_reserve`` ("when
  you use Super Awaken, you may put cores from your reserve instead", BS13-002) lets the cores
  come from the reserve too.
- [standard] BS-222 Ice Wall (【氷壁:色】『相手のターン』"相手が<colour>のマジックの効果を使用した
  とき、このスピリットを疲労させることで、その効果を無効にする"): in the opponent's turn, when the
  opponent uses a magic of one of the colours, the spirit's controller may exhaust that refreshed
  spirit (at one of its levels) to negate the magic's effect: the magic stays in the trash (it was
  used, BS-110) and nothing of its effect resolves. Asked before the effect (an ``ice_wall``
  decision: the spirit to exhaust, or pass). A magic's effect used as a burst's is not "used"
  from the hand and is not stopped.
- [standard] BS-223 Storm (【暴風:N】『このスピリットのアタック時』"このスピリットがブロックされた
  とき、相手は、相手のスピリットN体を疲労させる"): when the spirit's attack is blocked, the opponent
  chooses N of their refreshed spirits (as many as they have) and exhausts them.
- [standard] BS-224 Holy Life (【聖命】『このスピリットのアタック時』"このスピリットのアタックによって
  相手のライフを減らしたとき、ボイドからコア1個を自分のライフに置く"): when the spirit's attack
  (unblocked, BS-52) takes at least one core from the opposing life, its controller puts a core
  from the core stock (the Void) on their life.
- [standard] BS-225 Crush / Great Crush (【粉砕】/【大粉砕】『このスピリットのアタック時』"相手の
  デッキを上から、このスピリットのLvと同じ枚数破棄する"; 大粉砕: "Lv x 5 枚"): when the spirit
  attacks, the top cards of the opposing deck go to the trash, as many as its level as it attacks
  (five times that for Great Crush). The count is read from the level when the effect resolves
  (``Effect.per_source_level``).
- [standard] BS-226 Keyword grants ("系統:「天霊」を持つ自分のスピリットすべてに【聖命】を与える",
  "このブレイヴがスピリット状態の間、自分のスピリットすべてに【重装甲:赤】を与える"): while the card is
  at the level (a brave: fused, or in spirit form, as printed), each of its controller's spirits
  the grant names has the keyword, as if printed; "a spirit with [keyword]" (``Selector.keyword``)
  finds printed and granted ones alike.
- [standard] BS-227 Abilities given for the turn ("このターンの間、自分のスピリット1体に“…”という
  効果を与える"): the target spirit has the quoted ability as its own until the end of the turn (or
  until it leaves the field, a new object); it triggers as a printed one does (``grant_ability``).
- [standard] BS-228 "When this spirit becomes exhausted" (このスピリットが疲労したとき): triggers each
  time the spirit on the field turns from refreshed to exhausted - by attacking, blocking or an
  effect (``Ability.when`` ``exhausted``).
- [standard] BS-229 "When it destroys the opposing spirit it battles" (バトルしている相手のスピリット
  を破壊したとき): triggers when the BP comparison destroys the spirit it battles, whether or not it
  is destroyed too (unlike "destroys only the opposing spirit", ``wins_battle``); a destroyed
  spirit's effect still resolves at the level it had (``Ability.when`` ``destroys_battled``).
- [standard] BS-230 "(Opponent's Attack Step) this spirit's Assault applies when it blocks"
  (BS14-066): in the opponent's attack step the Assault of BS-169 triggers as the spirit blocks,
  with the same count of uses a turn (``Assault.when_blocks``).
- [standard] BS-231 "This turn, that spirit's (When Attacks)/(When Brave Attacks) effects do not
  apply" (『このスピリットのアタック時』/『このスピリットの合体アタック時』効果すべては発揮されない):
  until the end of the turn nothing of that spirit (its braves' included) triggers on its own
  attacks - its "when attacks" abilities and keywords (Clash, Assault, Crush), "when its attack is
  blocked" (Curse, Storm), what its attack's battle sets off while it is the attacker (destroying
  only the opposing spirit, destroying the spirit it battles) and Holy Life
  (``stop_attack_effects``). Its other effects still apply.
- [standard] BS-232 "By exhausting this spirit, ..." (このスピリットを疲労させることで) on a
  triggered ability: paying is the controller's choice (the ability is a "you may"), and only a
  refreshed spirit can pay: an exhausted one's ability does not trigger; the exhaustion is the
  effect's first instruction (``Ability.exhaust_cost``).
- [standard] BS-361 "When this spirit's attack reduces the opponent's life" (『このスピリットの(合体)
  アタック時』"このスピリットのアタックによって相手のライフを減らしたとき", P069 Lord-Braveban): the
  printed (not keyword) form of Holy Life's trigger (BS-224): when the spirit's unblocked attack
  (BS-52) takes at least one core from the opposing life, its ``attack_reduced_life`` abilities
  trigger, read as Holy Life is - at that moment, at the level it has, fused then for a 【合体時】
  one (``Ability.braved``); an attack-time effect, so BS-231 stops it too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.state import Decision
from tcg.core.verbs import Targets
from tcg.games.battle_spirits.cards import Ability, Effect, Selector
from tcg.games.battle_spirits.main_phase import BattleSpiritsRule

if TYPE_CHECKING:
    from tcg.games.battle_spirits.cards import BattleSpiritsCard, KeywordGrant
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries
    from tcg.games.battle_spirits.state import BattleSpiritsState

#: The era keywords a ``Selector.keyword`` and a grant may name.
NAMES = ("holy_life", "heavy_armor", "super_awaken", "crush", "great_crush", "ice_wall", "storm", "awaken",
         "assault")


# ---------------------------------------------------------------------- having a keyword
def printed(s: BSQueries, cid: int, name: str) -> Any:
    """The keyword ``name`` printed on ``cid`` (at its level; a ``braved`` one only while fused)
    or on a brave fused to it as 【合体時】 (BS-220), else None."""
    braves = s.braves_on(cid)
    held = getattr(s.d(cid).keywords, name, None)
    if held is not None and s.level(cid) in held.levels and (braves or not getattr(held, "braved", False)):
        return held
    for b in braves:
        bh = getattr(s.d(b).keywords, name, None)
        if bh is not None and getattr(bh, "braved", False):
            return bh
    return None


def grants_on(s: BSQueries, cid: int, name: str) -> list[KeywordGrant]:
    """BS-226: the grants of ``name`` that reach ``cid`` from its controller's cards now."""
    p = s.cards[cid].controller
    out = []
    for c in s.zones[p]["field"]:
        grants = s.d(c).keyword_grants
        if grants:
            for g in grants:
                if g.keyword == name and _grant_live(s, c, g) and s.in_scope(g.targets, p, cid, c):
                    out.append(g)
    return out


def _grant_live(s: BSQueries, c: int, g: KeywordGrant) -> bool:
    """A grant holds while its card is at the level (``braved``: fused; ``spirit_form``: a brave
    not fused - on the field it is never fused, its host carries it)."""
    return s.level(c) in g.levels and (not g.braved or bool(s.braves_on(c)))


def any_grants(s: BSQueries, p: int) -> bool:
    """Does a card on ``p``'s field carry a keyword grant (a cheap test before ``grants_on``)?"""
    return any(s.d(c).keyword_grants for c in s.zones[p]["field"])


def has_keyword(s: BSQueries, cid: int, name: str) -> bool:
    """Has ``cid`` on the field the keyword now, printed or granted (BS-220, BS-226)?"""
    if not s.d(cid).is_spirit_like or s.zone_of(cid) != "field":
        return False
    return printed(s, cid, name) is not None or bool(grants_on(s, cid, name))


def granted_armor(s: BSQueries, cid: int) -> set[str]:
    """BS-226: the Heavy Armor colours granted to ``cid`` (keywords.armor_colors adds them)."""
    return {c for g in grants_on(s, cid, "heavy_armor") for c in g.colors}


# ---------------------------------------------------------------------- triggers
def triggers(s: BSQueries, cid: int, when: str, level: int) -> list[tuple[tuple[Any, ...], bool]]:
    """The effect references (and "you may") of ``cid``'s era keywords and granted abilities that
    trigger on ``when``: Storm (blocked), Crush (attacks), Assault on a block (BS-230)."""
    out: list[tuple[tuple[Any, ...], bool]] = []
    kw = s.d(cid).keywords
    name = s.d(cid).name
    if when == "blocked" and printed(s, cid, "storm") is not None:
        out.append(((name, "era", "storm"), False))
    if when == "attacks":
        for k in ("crush", "great_crush"):
            if printed(s, cid, k) is not None:
                out.append(((name, "era", k), False))
    if (when == "blocks" and kw.assault is not None and kw.assault.when_blocks and level in kw.assault.levels
            and s.cards[cid].controller != s.active):
        from tcg.games.battle_spirits.braves import assault_uses
        if assault_uses(s, cid) < kw.assault.count:
            out.append(((name, "keyword", "assault"), True))
    if s.effects:
        out.extend(granted_triggers(s, cid, when, level))
    return out


def keyword_effects(d: BattleSpiritsCard, name: str) -> list[Effect]:
    """The effect of the era keyword ``name`` on the card ``d`` (a ``("era", name)`` reference)."""
    if name == "storm":
        n = d.keywords.storm.count if d.keywords.storm is not None else 1
        return [Effect(do="exhaust", target=Selector(player="opponent", exhausted=False, count=n,
                                                     chosen_by="opponent"))]
    if name == "holy_life":
        return [Effect(do="gain_life", count=1)]
    return [Effect(do="deck_to_trash", player="opponent", count=5 if name == "great_crush" else 1,
                   per_source_level=True)]


def life_reduced_by(s: BSEffects, attacker: int) -> None:
    """BS-224: the attacker took life - with Holy Life, a core from the Void onto its controller's life;
    BS-361: its ``attack_reduced_life`` abilities trigger."""
    if (s.zone_of(attacker) == "field" and has_keyword(s, attacker, "holy_life")
            and not attack_effects_stopped(s, attacker, "attacks")):
        s._pend("effects", (attacker, s.cards[attacker].controller, (s.d(attacker).name, "era", "holy_life"), False))
    if s.zone_of(attacker) == "field":  # BS-361: the printed form of the same trigger
        s.queue_abilities(attacker, "attack_reduced_life")


def battled_destroyed(s: BSEffects, losers: list[int], attack: Mapping[str, Any], levels: Mapping[int, int]) -> None:
    """BS-229: each battler whose opponent the comparison destroyed triggers ``destroys_battled``,
    at the level it had in the battle (destroyed itself or not)."""
    attacker, blocker = attack["attacker"], attack["blocker"]
    for loser in losers:
        other = blocker if loser == attacker else attacker
        if s.zone_of(loser) != "field":
            s.queue_abilities(other, "destroys_battled", level=levels[other])


# ---------------------------------------------------------------------- BS-231 attack-time effects stopped
#: The moments of a spirit's own attack: when it attacks, when it is blocked, and (as the attacker)
#: the end of the battle that destroys only the opposing spirit or the spirit it battles.
ATTACK_TIMED = frozenset({"attacks", "blocked", "wins_battle", "destroys_battled", "attack_reduced_life"})


def stop_attack_effects(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-231: this turn the targets' attack-time effects do not apply."""
    for t in targets:
        lasting.add(s, "attack_effects_stopped", card=t)


def attack_effects_stopped(s: BSQueries, cid: int, when: str) -> bool:
    """BS-231: is ``when`` a moment of ``cid``'s own attack while its attack-time effects are stopped?"""
    if when not in ATTACK_TIMED or not s.effects or not lasting.on(s, "attack_effects_stopped", cid):
        return False
    attack = s.flags.get("attack")
    return when in ("attacks", "blocked") or (attack is not None and attack["attacker"] == cid)


# ---------------------------------------------------------------------- BS-227 granted abilities
def grant_ability(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-227: this turn each target has ``eff.ability`` (found again by its place on the source card)."""
    d = s.d(source)
    k = [e.ability for e in _grant_effects(d)].index(eff.ability)
    for t in targets:
        lasting.add(s, "granted_ability", card=t, player=controller, name=d.name, index=k)


def _grant_effects(d: BattleSpiritsCard) -> list[Effect]:
    effects = (*d.main_effects, *d.flash_effects, *(e for ab in d.abilities for e in ab.effects))
    return [e for e in effects if e.do == "grant_ability"]


def granted(s: BSQueries, name: str, index: int) -> Ability:
    """The ability a card's ``index``-th grant_ability gives."""
    ability = _grant_effects(s.defs[name])[index].ability
    assert ability is not None
    return ability


def granted_triggers(s: BSQueries, cid: int, when: str, level: int) -> list[tuple[tuple[Any, ...], bool]]:
    """BS-227: the abilities given to ``cid`` this turn that trigger on ``when`` at ``level``."""
    out = []
    for r in lasting.on(s, "granted_ability", cid):
        ab = granted(s, r["name"], r["index"])
        if ab.when == when and level in ab.levels and s.turn_matches(ab.turn, s.cards[cid].controller, s.active):
            out.append(((r["name"], "granted_ability", r["index"]), ab.optional))
    return out


# ---------------------------------------------------------------------- BS-220 / BS-221 Awaken
def awaken_of(s: BSQueries, cid: int) -> tuple[bool, bool]:
    """(has Awaken or Super Awaken now, has Super Awaken) - printed, a brave's 【合体時】 (BS-220),
    or granted (BS-226)."""
    sup = has_keyword(s, cid, "super_awaken")
    return sup or printed(s, cid, "awaken") is not None, sup


def awaken_sources(s: BattleSpiritsState, p: int, cid: int, sup: bool) -> list[tuple[int | str, int]]:
    """Where an Awaken may take cores from: ``p``'s other spirits; for Super Awaken also the reserve
    while a card of theirs has the rule ``super_awaken_from_reserve`` (BS-221)."""
    out: list[tuple[int | str, int]] = [(src, n) for src, n in s.core_sources(p)
                                        if src != cid and s.is_spirit_like(src)]
    reserve = s.counters[p]["reserve"]
    if sup and reserve and any(s.own_rule(c, "super_awaken_from_reserve") for c in s.zones[p]["field"]):
        out.append(("reserve", reserve))
    return out


def awaken_moves(s: BattleSpiritsState, p: int) -> list[Action]:
    """Awaken and Super Awaken: for each of ``p``'s spirits that has it now, every count of cores
    from each place it may take them from."""
    out: list[Action] = []
    for c in s.zones[p]["field"]:
        if not s.d(c).is_spirit_like:
            continue
        has, sup = awaken_of(s, c)
        if has:
            for src, n in awaken_sources(s, p, c, sup):
                out.extend(Action("awaken", card=c, source=src, count=k) for k in range(1, n + 1))
    return out


def awakened(s: BattleSpiritsState, card: int, count: int) -> None:
    """BS-221: Super Awaken put ``count`` (at least one) cores on the card: it refreshes."""
    if count > 0 and s.zone_of(card) == "field" and awaken_of(s, card)[1]:
        s.set_exhausted(card, False)


# ---------------------------------------------------------------------- BS-222 Ice Wall
def ice_walls(s: BSQueries, p: int, magic: int) -> list[int]:
    """The refreshed spirits of ``p`` (not the magic's user, in that player's turn) whose Ice Wall
    names a colour of ``magic``."""
    if s.cards[magic].controller == p or s.active == p:
        return []
    colors = s.colors(magic)
    out = []
    for c in s.zones[p]["field"]:
        if s.cards[c].tapped or not s.d(c).is_spirit_like:
            continue
        iw = printed(s, c, "ice_wall")
        if iw is not None and colors & set(iw.colors):
            out.append(c)
    return out


def offer_ice_wall(s: BattleSpiritsState, p: int, card: int, timing: str) -> bool:
    """BS-222: before a used magic's effect resolves, the opponent may negate it with an Ice Wall
    (an ``ice_wall`` decision); True when asked."""
    walls = ice_walls(s, 1 - p, card)
    if not walls:
        return False
    s.decision = Decision(1 - p, "ice_wall", {"card": card, "user": p, "timing": timing, "walls": tuple(walls)})
    return True


def ice_wall_actions(data: Mapping[str, Any]) -> list[Action]:
    return [*(Action("choose", card=c) for c in data["walls"]), Action("pass")]


def resolve_ice_wall(s: BattleSpiritsState, data: Mapping[str, Any], action: Action) -> None:
    """BS-222: exhaust the chosen spirit and the magic's effect is negated; or pass and it resolves."""
    card = data["card"]
    if action.type == "choose":
        s.set_exhausted(action.get("card"), True)
        s.emit("negated", card=card, name=s.cards[card].name, player=data["user"], by=action.get("card"))
        return
    s.queue_effects(card, data["user"], (s.cards[card].name, data["timing"]))


class IceWallChoice(BattleSpiritsRule):
    """BS-222: the opponent used a magic of an Ice Wall's colours: exhaust one of those spirits to
    negate its effect, or pass and it resolves."""

    kind: ClassVar[str] = "ice_wall"
    prompt: ClassVar[str] = "Ice Wall: exhaust one of these spirits to negate the opponent's magic, or pass"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "BS-222"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        return ice_wall_actions(decision.data)

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        resolve_ice_wall(state, decision.data, action)
