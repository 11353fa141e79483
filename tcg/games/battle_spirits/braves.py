"""Mechanisms of the brave era (星座編, BS10-BS13) that any card may carry.

Official rules of that era, which the brief (BS-4..BS-9, BS-114) does not spell out:

- BS-160 Heavy Armor: the same rule as BS-142, kept in ``keywords.py`` (its printed list of card
  types: Spirit, Brave, Nexus, Magic - an Ultimate's effect gets through).
- [standard] BS-161 Curse (【呪撃】『このスピリットのアタック時』): the spirit that blocked this
  spirit's attack is destroyed at the end of that battle (BS-55) - queued as the attack is
  blocked (``KEYWORD_TRIGGERS``), at the level the spirit has then.
- [standard] BS-162 Clash (【激突】『このスピリットのアタック時』; BS-156 in BS14's notes): the
  opponent must block this attack if they can (``must_block``). It is an attack-time effect: it
  applies as the spirit attacks, at the level it has then, and lasts the battle (a level lost in
  a flash step does not end it; a Clash given after the attack does not apply); an effect that
  gives it for the battle uses the verb ``clash``. (BS14's notes had it as a rule read at each
  block step while the attacker keeps the level; the printed timing 『アタック時』 decides for
  the attack-time effect, and BS14's Kagutsuchidragoon carries the keyword.)
- [standard] BS-163 "treat this spirit as having no colour" (色を無いものとして扱う): until the end
  of the battle (or of the turn, outside one) the card has no colour - colour selectors and
  Heavy Armor see none (``queries.colors``).
- [standard] BS-164 A brave condition may name families (合体条件:光導): the spirit has one of them
  (``BraveData.families``; ``main_phase.brave_targets``).
- [standard] BS-165 『このスピリットのバトル時』 ("when this spirit battles") triggers both when the
  spirit attacks and when it blocks; card data writes it as one ``attacks`` and one ``blocks``
  ability.
- [standard] BS-166 "treat your spirits as at their highest level this turn" (最高Lvとして扱う): the
  spirits it names when it resolves have their highest printed level, while they have the cores
  for LV1 (depletion is still by cores, BS-108); BP and level-gated effects read that level.
- [standard] BS-167 A card summoned by an effect "without paying its cost" (コストを支払わずに召喚)
  is summoned as a burst's follow-up is (BS-14): its controller puts cores on it from the
  reserve and their cards (BS-106), or passes where the card says "may"; its "when summoned"
  effects apply. Several cards are summoned one at a time (``free_summon``). A nexus is deployed
  so ("配置する"); where the card says "summon/deploy it" and not "may", there is no pass.
- [standard] BS-168 "This spirit is also treated as [name]" (カード名「...」としても扱う): while it is
  on the field, effects that look for a name find that one too (``has_name``).
- [standard] BS-169 Assault (【強襲:N】『このスピリットのアタック時』): as the spirit attacks, its
  controller may exhaust one of their refreshed nexuses to refresh it - at most N times a turn
  (``KEYWORD_TRIGGERS``; the uses are counted until the end of the turn).
- [standard] BS-170 "Destroy 1 opposing Brave in spirit form, or 1 Brave of an opposing brave
  spirit" (ブレイヴ1つを破壊): a fused brave so destroyed goes to the trash with its cores going to
  the reserve (BS-54); the spirit it was fused to stays, no longer a brave spirit (``destroy_brave``).
  "For each ...": as many targets as cards the selector's ``count_per`` matches.
- [standard] BS-171 "Your [family/colour] spirits can block (opposing spirits ...) while exhausted"
  (疲労状態でブロックできる; BS-145 in SD19/SD20's notes, "this spirit can block while exhausted"
  being a grant to the card itself): in the opponent's attack step, while the card is at the
  level, those spirits may block as if refreshed (``may_block_exhausted``; BS-50 otherwise wants
  a refreshed one); blocking leaves them exhausted. "This spirit is also treated as a red
  spirit" is BS-144 (``keywords.py``, ``AlsoColors``).
- [standard] BS-172 "This effect can be used once per turn" (ターンに1回): an ability so marked
  resolves at most once a turn for cards of that name (``once_used``); one that works from the
  trash ("[Breeze Ride] in your trash returns to your hand at your end step") triggers there.
- [standard] BS-173 "This turn, spirits returned to the hand by your effects go on top of their
  owner's deck instead" (デッキの上に戻る): a replacement of the controller's later "return to the
  hand" effects, for spirits only (``redirect_bounce``).
- [standard] BS-174 "Reveal the top 4 cards of your deck; summon 1 ... among them without paying
  its cost; discard the rest" (オープンする): both players see them (``reveal``), the summon chooses
  among them (a selector's ``top``) and happens before the rest go to the trash (``revealed_to_trash``).
- [standard] BS-175 "Summon a brave card from your hand without paying its cost, directly fused to
  one of your spirits [with ...]" (直接合体するように召喚): as a main-phase direct fusion (BS-5)
  with no cost, onto a spirit that meets the brave condition; its "when summoned" effects apply.
- [standard] BS-176 "All your Galaxian spirits get one more white symbol" as a lasting effect of a
  card (シンボル1つを追加する, ``Aura.symbol``): while the card is at the level (braved: fused),
  those spirits have the symbol (BS-22: damage and cost reduction count it).
- [standard] BS-177 "(When this spirit attacks) at the end of the battle, ..." (バトル終了時): the
  triggered effect waits for the end of that battle (BS-55, blocked or not) and then resolves,
  if the spirit is still on the field (``Ability.at_battle_end``).
- [standard] BS-360 A block forced on the opponent's Spirits only (SD19 ultimates' U-Trigger hit: "the
  opponent must block if possible, but their Ultimates are not required to block"; verb
  ``force_spirit_block``): for the rest of the battle, while one of the opponent's Spirits can block
  the attacker, the opponent must block with a Spirit (passing and an Ultimate's block are refused);
  with only Ultimates able to block, blocking stays optional. Read from the single (fan English)
  source: the obligation is laid on the Spirits, so an Ultimate's block does not fulfil it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.core.verbs import Targets
from tcg.games.battle_spirits.cards import Effect, Selector

if TYPE_CHECKING:
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries
    from tcg.games.battle_spirits.state import BattleSpiritsState

#: Keyword -> (the moment it triggers, its effect, "you may"): BS-161 Curse, BS-162 Clash, BS-169 Assault.
KEYWORD_TRIGGERS: dict[str, tuple[str, tuple[Effect, ...], bool]] = {
    "curse": ("blocked", (Effect(do="destroy_after_battle", target=Selector(player="opponent", blocking=True)),),
              False),
    "clash": ("attacks", (Effect(do="clash", target="self"),), False),
    "assault": ("attacks", (Effect(do="assault", target=Selector(player="self", types=["nexus"], exhausted=False)),),
                True),
}


def keyword_triggers(s: BSQueries, cid: int, when: str, level: int) -> list[tuple[str, bool]]:
    """The keywords of ``cid`` (at ``level``) that trigger on ``when``, each with whether it is
    a "you may" (``KEYWORD_TRIGGERS``); a braved one only while a brave is fused, an Assault
    only while uses are left this turn."""
    kw = s.d(cid).keywords
    if kw.curse is None and kw.clash is None and kw.assault is None:
        return []
    out = []
    for name, (moment, _, optional) in KEYWORD_TRIGGERS.items():
        held = getattr(kw, name)
        if moment != when or held is None or level not in held.levels:
            continue
        if getattr(held, "braved", False) and not s.braves_on(cid):
            continue
        if kw.assault is not None and name == "assault" and assault_uses(s, cid) >= kw.assault.count:
            continue
        out.append((name, optional))
    return out


def assault_uses(s: BSQueries, cid: int) -> int:
    """BS-169: how many times ``cid``'s Assault refreshed it this turn."""
    return len(lasting.of_kind(s, "assault_used", card=cid)) if s.effects else 0


def has_name(s: BSQueries, cid: int, part: str) -> bool:
    """Does the card's name contain ``part`` - its English or Japanese name, or (on the field,
    BS-168) a name it is also treated as?"""
    d = s.d(cid)
    if part in s.cards[cid].name or part in d.name_ja or part in d.name_jp:  # BS13 spells it name_ja, BS14 name_jp
        return True
    return bool(d.also_named) and s.zone_of(cid) == "field" and any(part in n for n in d.also_named)


def may_block_exhausted(s: BSQueries, blocker: int, attacker: int) -> bool:
    """BS-171: does a card of the blocker's controller (the blocker itself for a grant with no
    ``blockers``) let it block ``attacker`` while exhausted?"""
    p = s.cards[blocker].controller
    for c in s.zones[p]["field"]:
        grants = s.d(c).block_grants
        if grants and p != s.active:
            level = s.level(c)
            for g in grants:
                mine = c == blocker if g.blockers is None else s.in_scope(g.blockers, p, blocker, c)
                if level in g.levels and mine and s.in_scope(g.attackers, p, attacker, c):
                    return True
    return False


def level_in(s: BSQueries, sel: Selector, cid: int) -> bool:
    """A spirit's level within the selector's ``min_level``..``max_level`` ("LV1/LV2 spirits")."""
    if not s.d(cid).is_spirit_like:
        return False
    level = s.level(cid)
    return (sel.min_level is None or level >= sel.min_level) and (sel.max_level is None or level <= sel.max_level)


def once_used(s: BSQueries, ref: tuple[object, ...], mark: bool = True) -> bool:
    """BS-172: has the once-per-turn ability ``ref`` (card name, "ability", index) been used this
    turn? If not and ``mark``, it is now (as it resolves; the flags are cleared at the end of the
    turn). Checked again as it triggers, so a used one is not even offered."""
    key = "/".join(str(x) for x in ref)
    used = s.flags.get("once", ())
    if key in used:
        return True
    if mark:
        s.flags["once"] = (*used, key)
    return False


def bounce_to_deck_top(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-173: this turn, spirits the controller's effects return to the hand go on top of their
    owner's deck instead (``redirect_bounce``)."""
    lasting.add(s, "bounce_to_deck_top", player=controller)


def redirect_bounce(s: BSEffects, eff: Effect, controller: int, targets: Targets) -> Targets:
    """BS-173: under ``bounce_to_deck_top``, the spirits among a "return to the hand" of the
    controller's go on top of their owner's deck here; the other targets are left to the hand."""
    if eff.do != "return_to_hand" or not s.effects or not lasting.of_kind(s, "bounce_to_deck_top", player=controller):
        return targets
    spirits = [t for t in targets if s.zone_of(t) == "field" and s.d(t).is_spirit_like]
    for t in spirits:
        s.to_deck_top(t)
    return tuple(t for t in targets if t not in spirits)


def force_spirit_block(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-360: during this battle the opponent must block the target (the attacker) with a Spirit if able."""
    if s.flags.get("attack") is not None:
        for t in targets:
            lasting.add(s, "spirit_block", lasting.BATTLE, card=t)


def forced_spirit_blocks(s: BSQueries, blocks: list[Action]) -> list[Action]:
    """BS-360: the blocks by Spirits that the attacker's forced block leaves (none: no obligation now)."""
    attack = s.flags.get("attack")
    if attack is None or not s.effects or not lasting.on(s, "spirit_block", attack["attacker"]):
        return []
    return [b for b in blocks if s.d(b.get("card")).type == "spirit"]


def must_block(s: BSQueries) -> bool:
    """BS-162: the current attacker has Clash this battle."""
    attack = s.flags.get("attack")
    return attack is not None and bool(s.effects) and bool(lasting.on(s, "clash", attack["attacker"]))


# ---------------------------------------------------------------------- verbs (``verbs.py`` lists them)
def colorless(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-163: each target has no colour until the end of this battle (outside one: of the turn)."""
    until = lasting.BATTLE if s.flags.get("attack") is not None else lasting.TURN
    for t in targets:
        lasting.add(s, "colorless", until, card=t)


def add_symbol(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """"This spirit gets one more red symbol": until the end of this battle (outside one: of the
    turn) each target has one more ``color`` symbol (BS-22), while ``while_control`` (player
    relative to the controller) matches a card - "while you control a brave in spirit form"."""
    until = lasting.BATTLE if s.flags.get("attack") is not None else lasting.TURN
    cond = None if eff.while_control is None else eff.while_control.model_dump()
    for t in targets:
        lasting.add(s, "symbol", until, card=t, color=eff.color, player=controller, while_control=cond)


def added_symbols(s: BSQueries, cid: int) -> list[str]:
    """The symbols ``add_symbol`` gives ``cid`` now."""
    out = []
    for r in lasting.on(s, "symbol", cid):
        cond = r["while_control"]
        if cond is None or s.select(Selector.model_validate(cond), r["player"], cid):
            out.append(str(r["color"]))
    return out


def max_level(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-166: until the end of the turn each target is treated as at its highest level."""
    for t in targets:
        lasting.add(s, "max_level", card=t)


def summon_free(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-167: each target card is summoned without paying its cost, one after the other."""
    for t in targets[::-1]:  # a stack: the first target is summoned first
        quiet = {"quiet": True} if eff.no_summon_effects else {}  # trash_zone.py BS-182
        s.tasks.append(Task("free_summon", player=controller, card=t, zone=s.zone_of(t), compulsory=eff.compulsory,
                            **quiet))


def free_summon(s: BattleSpiritsState, task: Task) -> None:
    """BS-167: the summon's cores, as a burst's follow-up summon (``burst_pay``, free), unless the
    card left the zone it was chosen in or (an Ultimate) its summon condition fails (BS-16)."""
    p, card = task["player"], task["card"]
    if s.zone_of(card) != task["zone"] or not s.summon_condition_met(p, card):
        return
    then = "deploy" if s.d(card).type == "nexus" else "summon"
    quiet = {"quiet": True} if task.get("quiet") else {}  # trash_zone.py BS-182
    if task.get("paid"):  # trash_zone.py BS-189: "you may summon it", its cost paid
        quiet = {"free": False, "paid_summon": True}
    s.decision = Decision(p, "burst_pay", {"card": card, "then": then, "free": True, "by_effect": True,
                                           "compulsory": task.get("compulsory", False), **quiet})


def assault(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-169: exhaust the chosen refreshed nexus to refresh the attacking spirit (a use of its N)."""
    kw = s.d(source).keywords.assault
    if kw is None or assault_uses(s, source) >= kw.count or s.zone_of(source) != "field":
        return
    for t in targets[:1]:
        if s.zone_of(t) == "field" and not s.cards[t].tapped:
            s.set_exhausted(t, True)
            s.set_exhausted(source, False)
            lasting.add(s, "assault_used", card=source)


def brave_candidates(s: BSEffects, sel: Selector, controller: int, source: int) -> list[int]:
    """BS-170: the braves a "destroy a brave" may choose - spirit-form braves the selector matches
    on the field, and the braves fused to the spirits of the selector's player(s)."""
    if sel.fused_to_source:
        return list(s.braves_on(source))
    found = [c for c in s.select(sel, controller, source) if s.d(c).type == "brave"]
    players = {"self": [controller], "opponent": [1 - controller], "any": [0, 1]}[sel.player]
    for p in players:
        for c in s.zones[p]["field"]:
            found.extend(s.braves_on(c))
    return found


def destroy_brave(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-170: a spirit-form brave is destroyed (BS-54); a fused one leaves its spirit for the
    trash, its cores to its owner's reserve, and the spirit stays on the field."""
    for t in targets:
        if s.where[t][1] == "field":
            s.destroy(t, by=controller)
        elif take_off(s, t, "trash"):
            s.emit("destroyed", card=t, name=s.cards[t].name, player=s.cards[t].owner)


def brave_to_hand(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-170: "return 1 brave of this spirit to your hand": a fused brave leaves its spirit for its
    owner's hand (its cores to the reserve; the spirit stays), a spirit-form one returns as a card
    on the field does. Notes whether any returned (``EffectCondition.previous_returned``)."""
    returned = False
    for t in targets:
        if s.where[t][1] == "field":
            s.return_to_hand(t)
            returned = True
        elif take_off(s, t, "hand"):
            s.emit("card_moved", card=t, name=s.cards[t].name, player=s.cards[t].owner,
                   **{"from": "attached", "from_player": s.cards[t].owner, "to": "hand"})
            returned = True
    s.flags["returned_any"] = returned


def take_off(s: BSEffects, brave: int, zone: str) -> bool:
    """A fused brave leaves the spirit it is fused to for its owner's ``zone``, its cores to their
    reserve; the spirit stays on the field, no longer a brave spirit."""
    host = next((c for p in (0, 1) for c in s.zones[p]["field"] if brave in s.braves_on(c)), None)
    if host is None:
        return False
    owner = s.cards[brave].owner
    s.update(host, attached=tuple(b for b in s.braves_on(host) if b != brave))
    s.move_core(owner, brave, "reserve", s.cores(brave))
    s.place(brave, owner, zone)
    return True


def brave_onto_free(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-175: the target brave card is summoned free, fused straight onto one of the controller's
    spirits ``scope`` matches that meets its brave condition (a ``burst_pay`` decision naming the
    spirit; no pass while one can take it), then (``refresh_host``) that spirit is refreshed."""
    assert eff.scope is not None
    for t in targets[:1]:
        if s.zone_of(t) in ("hand", "trash"):
            s.decision = Decision(controller, "burst_pay", {
                "card": t, "then": "direct_brave", "free": True, "by_effect": True, "compulsory": True,
                "scope": eff.scope.model_dump(), "refresh_host": eff.refresh_host})


def direct_brave_actions(s: BattleSpiritsState, p: int, data: Mapping[str, Any]) -> list[Action]:
    """BS-175: one free ``direct_brave`` per spirit the brave may fuse onto (BS-114) that the scope matches."""
    from tcg.games.battle_spirits.main_phase import brave_targets
    scope = Selector.model_validate(data["scope"])
    brave = int(data["card"])
    return [Action("direct_brave", card=brave, onto=h, pay={}) for h in brave_targets(s, brave, p)
            if s.in_scope(scope, p, h, None)]


def fuse_free(s: BattleSpiritsState, p: int, brave: int, onto: int, refresh_host: bool) -> None:
    """BS-175 / BS-6: the brave joins the spirit and its "when summoned" effects apply; then the host
    is refreshed if the effect says so."""
    s.fuse(p, brave, onto)
    s.queue_abilities(brave, "summoned", level=1)
    if refresh_host:
        s.set_exhausted(onto, False)


def reveal(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-174: both players see the top ``count`` cards of the controller's deck (オープンする);
    they are remembered for ``revealed_to_trash``."""
    top = tuple(s.zones[controller]["deck"][:eff.count])
    for p in (0, 1):
        s.show_privately(p, top)
    s.flags["revealed"] = top


def revealed_to_trash(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-174: "the remaining cards are discarded": the revealed cards still in the deck go to the trash."""
    for c in s.flags.pop("revealed", ()):
        if s.zone_of(c) == "deck":
            s.move(c, "trash")


def aura_symbols(s: BSQueries, cid: int) -> list[str]:
    """BS-176: the symbols the cards of ``cid``'s controller give it by their symbol auras now."""
    p = s.cards[cid].controller
    out: list[str] = []
    for c in s.zones[p]["field"]:
        auras = s.d(c).auras
        if auras:
            for a in auras:
                if (a.symbol is not None and s.level(c) in a.levels and (s.braves_on(c) or not a.braved)
                        and s.turn_matches(a.turn, p, s.active) and s.in_scope(a.targets, p, cid, c)):
                    out.append(a.symbol)
    return out


def clash(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-162: during this battle the opponent must block the target (the attacker) if able."""
    if s.flags.get("attack") is not None:
        for t in targets:
            lasting.add(s, "clash", lasting.BATTLE, card=t)
