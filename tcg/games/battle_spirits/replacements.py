"""Destruction replacements: spirits that stay on the field when destroyed, and life kept at 0.

Official rules of the brave era (星座編 BS13, 覇王編 BS14) that the brief (BS-54, BS-103) does not
spell out:

- [standard] BS-200 Stay on the field (「破壊されたとき、…フィールドに残る / 残す / 戻る」): a spirit
  destroyed while a stay applies to it is destroyed - its own and the other cards' "when destroyed"
  effects and bursts activate as for any destruction (BS-54) - but it is not put into the trash:
  it stays on the field with its cores and braves, exhausted or refreshed as the stay says
  (``Stay.exhausted``). Depletion (BS-108) is not destruction: nothing stays.
- [standard] BS-201 A stay names when it applies: at the levels of the card carrying it (BS-20),
  to which of its controller's spirits (``Stay.spirits``; none: the card itself, or the spirit a
  brave carrying it is fused to), destroyed by the opponent (相手によって), by BP comparison
  (BPを比べ, BS-52) - against a spirit of given colours, or of a colour the destroyed spirit's Heavy
  Armor names (BS-142) - during an attack step, in whose turn, while braved. An effect may grant
  one for the turn (``grant_stay``).
- [standard] BS-202 Paid stays (「…ことで、…フィールドに残す」): the destroyed spirit's controller
  may pay the stay's cost - a core of their life to their reserve (their life at 0 loses, BS-103),
  a core of the opponent's life to the opponent's trash (【呪滅撃】 Curse Annihilation), the top N
  cards of their deck to the trash, exhausting another refreshed spirit of theirs that shares a
  family with it (one option per such spirit), discarding a spirit card from their hand (one per
  spirit kept: 「スピリットカードを好きなだけ破棄する。その1枚につき…1体を戻す」; one option per card),
  exhausting one of their refreshed nexuses (one option per nexus), discarding their set burst
  (「自分のバースト1つを破棄することで」: it goes face up to the trash; its effect does not activate) -
  paid in full or not at all. They choose (a ``stay`` decision,
  taken right after the destruction, before the effects it set off, BS-119) which payable stay to
  use or none; until then the spirit waits on the field and cannot be destroyed again. A stay
  with no cost applies at once, before any paid one.
- [standard] BS-203 A brave's stay "the brave stays on the field refreshed, only the spirit returns
  to the hand" (ポッポール: ブレイヴを回復状態でフィールドに残し、スピリットだけを手札に戻す):
  the spirit goes to its owner's hand (its cores to the reserve) and its braves stay on the field
  in spirit form, refreshed, free and without the BS-121 choice, with the cores they have (a brave
  below its LV1 cost is then depleted, BS-108).
- [standard] BS-204 A stay granted by an effect "this turn" (``grant_stay``) lasts until the end of
  the turn (BS-56) and applies to the spirits of the player who used it.
- [standard] BS-206 "This effect can't be used in your turn" (この効果は、『自分のターン』で使えない, printed
  after a magic's Flash effect): that Flash effect is used only in the opponent's turn (its flash
  steps, BS-49, BS-51) - ``flash_not_your_turn``, read where magic is offered (``main_phase``).
- [standard] BS-207 "Their main step ends" (メインステップを終了する, ``end_main_step``): resolved during
  a main step, the turn player's main step ends as soon as the effects being resolved are done
  (the battle phase follows, BS-33; turn.main); in another step it does nothing.
- [standard] BS-205 Life kept (「自分のライフが0になるとき、このネクサスを自分のトラッシュに置くことで、
  自分のライフは0にならない。その後、ボイドからコア1個を自分のリザーブに置く」): when a damage would
  bring a player's life to 0, a card of theirs with ``life_keep`` at its level goes to their trash
  (its cores to the reserve; it is not destroyed), the damage leaves 1 core in the life, and 1 core
  comes from the Void to their reserve. Its controller always uses it: declining would lose the
  game (BS-103).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.battle_spirits.cards import Effect, Stay
from tcg.games.battle_spirits.fusion import families
from tcg.games.battle_spirits.keywords import ATTACK_STEP, armor_colors
from tcg.games.battle_spirits.main_phase import BattleSpiritsRule

if TYPE_CHECKING:
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.state import BattleSpiritsState

Targets = tuple[int, ...]
#: an applicable stay: (the card carrying it, or -1 for one granted this turn; its index; its data)
Offer = tuple[int, int, Stay]


def stays_for(s: BSEffects, cid: int, by: int | None, against: int | None) -> list[Offer]:
    """BS-201: the stays that apply to ``cid`` destroyed by ``by`` (a player), by BP against
    ``against`` (the other spirit of the battle), in the order the cards lie on the field."""
    owner = s.cards[cid].owner
    if not s.d(cid).is_spirit_like:
        return []
    found: list[Offer] = []
    for src in (cid, *s.braves_on(cid), *s.zones[owner]["field"]):
        for i, st in enumerate(s.d(src).stays):
            if (src, i, st) not in found and _carried(s, src, cid, st) and _applies(s, st, cid, by, against):
                found.append((src, i, st))
    if s.effects:
        for rec in lasting.of_kind(s, "stay", player=owner):
            st = Stay.model_validate(rec["stay"])
            if (st.spirits is None or s.in_scope(st.spirits, owner, cid, None)) and _applies(s, st, cid, by, against):
                found.append((-1, int(rec["index"]), st))
    return found


def _carried(s: BSEffects, src: int, cid: int, st: Stay) -> bool:
    """The card ``src`` gives the stay to ``cid`` now: at its level, to the spirits it names (or
    to itself / the spirit it is fused to), braved where it says so."""
    on_field = s.zone_of(src) == "field"
    if not on_field and src not in s.braves_on(cid):
        return False
    if s.level(src if on_field else cid) not in st.levels:  # a fused brave's effects go by its spirit's level
        return False
    if st.spirits is None:
        return src == cid or src in s.braves_on(cid)
    return s.zone_of(src) == "field" and s.in_scope(st.spirits, s.cards[src].controller, cid, src)


def _applies(s: BSEffects, st: Stay, cid: int, by: int | None, against: int | None) -> bool:
    owner = s.cards[cid].owner
    if st.braved and not s.braves_on(cid):
        return False
    if st.by_opponent and (by is None or by == owner):
        return False
    if (st.by_battle or st.against_colors or st.against_armor) and against is None:
        return False
    if against is not None and st.against_colors and not s.colors(against) & set(st.against_colors):
        return False
    if against is not None and st.against_armor and not s.colors(against) & armor_colors(s, cid):
        return False  # its Heavy Armor in force now (BS-142)
    if st.by_spirit_effect and not _by_opposing_spirit_effect(s, owner):
        return False
    if st.blocking and (s.flags.get("attack") or {}).get("blocker") != cid:
        return False
    if st.attack_step and s.phase not in ATTACK_STEP:
        return False
    return s.turn_matches(st.turn, owner, s.active)


def _by_opposing_spirit_effect(s: BSEffects, owner: int) -> bool:
    source = s.flags.get("effect_source")
    return source is not None and s.cards[source].controller != owner and s.d(source).type in ("spirit", "brave")


def payments(s: BSEffects, cid: int, st: Stay) -> list[int]:
    """BS-202: the ways to pay the stay's cost for ``cid`` now - the spirits to exhaust for
    ``exhaust_family`` (another refreshed spirit of its controller sharing a family), the spirit
    cards of the hand for ``discard_spirit``, the refreshed nexuses for ``exhaust_nexus``, the set
    burst for ``discard_burst``, else -1 for a cost with no choice; none when it cannot be paid."""
    owner = s.cards[cid].owner
    if st.cost == "exhaust_family":
        fams = set(families(s, cid))
        return [c for c in s.zones[owner]["field"] if c != cid and s.d(c).is_spirit_like
                and not s.cards[c].tapped and fams & set(families(s, c))]
    if st.cost == "discard_spirit":
        return [c for c in s.zones[owner]["hand"] if s.d(c).type == "spirit"]
    if st.cost == "exhaust_nexus":
        return [c for c in s.zones[owner]["field"] if s.d(c).type == "nexus" and not s.cards[c].tapped]
    if st.cost == "discard_burst":
        return list(s.zones[owner]["burst"][:1])
    if st.cost == "life_core":
        ok = s.counters[owner]["life"] >= 1
    elif st.cost == "opponent_life_core":
        ok = s.counters[1 - owner]["life"] >= 1
    else:
        ok = st.cost != "mill" or len(s.zones[owner]["deck"]) >= st.count
    return [-1] if ok else []


def replace_destruction(s: BSEffects, cid: int, by: int | None, against: int | None,
                        zone: str, cores_to: str) -> bool:
    """BS-200 / BS-202: called as ``cid`` is destroyed; True when it does not leave the field now
    (it stays, or waits for its controller's choice of a paid stay)."""
    offers = stays_for(s, cid, by, against)
    if not offers:
        return False
    free = next((o for o in offers if o[2].cost == "none"), None)
    if free is not None:
        stay(s, cid, free[2], cores_to)
        return True
    paid = tuple((src, i) for src, i, st in offers if payments(s, cid, st))
    if not paid:
        return False
    s.flags["staying"] = (*s.flags.get("staying", ()), cid)
    s._pend("stays", (cid, zone, cores_to, paid))
    return True


def stay(s: BSEffects, cid: int, st: Stay, cores_to: str) -> None:
    """BS-200: the spirit stays, exhausted or refreshed as the stay says; BS-203: or only its
    braves stay, refreshed, and the spirit goes to its owner's hand."""
    owner = s.cards[cid].owner
    if st.brave_stays:
        for b in s.braves_on(cid):
            s.update(cid, attached=tuple(x for x in s.braves_on(cid) if x != b))
            s.place(b, owner, "field")
            s.update(b, tapped=False)
            s.emit("brave_separated", card=b, name=s.cards[b].name, player=owner)
        s.leave_field(cid, "hand", cores_to)
        return
    if st.exhausted is not None:
        s.set_exhausted(cid, st.exhausted)
    s.emit("stayed", card=cid, name=s.cards[cid].name, player=owner)


def pay(s: BSEffects, owner: int, st: Stay, way: int) -> None:
    """BS-202: pay the stay's cost (a life brought to 0 loses, BS-103); ``way``: the spirit exhausted."""
    if st.cost in ("exhaust_family", "exhaust_nexus"):
        s.set_exhausted(way, True)
    elif st.cost == "discard_spirit":
        s.move(way, "trash")
    elif st.cost == "discard_burst":
        s.move(way, "trash", face_down=False)
    elif st.cost == "life_core":
        s.move_core(owner, "life", "reserve", 1)
        if s.counters[owner]["life"] == 0:
            s.lose(owner, "life")
    elif st.cost == "opponent_life_core":
        s.move_core(1 - owner, "life", "trash_cores", 1)
        if s.counters[1 - owner]["life"] == 0:
            s.lose(1 - owner, "life")
    elif st.cost == "mill":
        for _ in range(st.count):
            s.mill(owner)


def offer_stay(s: BattleSpiritsState, task: Task) -> None:
    """BS-202: the destroyed spirit's controller chooses a paid stay still payable, or none."""
    cid, zone, cores_to, paid = task["item"]
    owner = s.cards[cid].owner
    options = [[*o, way] for o in paid for way in payments(s, cid, offer_data(s, o))]
    if options:
        s.decision = Decision(owner, "stay", {"card": cid, "zone": zone, "cores_to": cores_to, "offers": options})
    else:
        _release(s, cid, zone, cores_to)


def offer_data(s: BSEffects, offer: Sequence[int]) -> Stay:
    src, i = int(offer[0]), int(offer[1])
    if src >= 0:
        return s.d(src).stays[i]
    rec = next(r for r in lasting.of_kind(s, "stay") if r["index"] == i)
    return Stay.model_validate(rec["stay"])


def _release(s: BSEffects, cid: int, zone: str, cores_to: str) -> None:
    """No stay was paid: the spirit goes as destroyed (BS-54)."""
    s.flags["staying"] = tuple(c for c in s.flags.get("staying", ()) if c != cid)
    if not s.flags["staying"]:
        del s.flags["staying"]
    if s.zone_of(cid) == "field":
        s.leave_field(cid, zone, cores_to)


class StayChoice(BattleSpiritsRule):
    """BS-202: pay for one of the stays that apply to your destroyed spirit, or let it go."""

    kind: ClassVar[str] = "stay"
    prompt: ClassVar[str] = ("Your spirit was destroyed: pay for an effect that keeps it on the field "
                              "(choose its option), or let it go (pass)")
    accepts: ClassVar[frozenset[str]] = frozenset({"choose", "pass"})
    rule: ClassVar[str] = "BS-202"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        return [*(Action("choose", option=i) for i in range(len(decision.data["offers"]))), Action("pass")]

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        data = decision.data
        cid = int(data["card"])
        if action.type == "pass":
            _release(state, cid, data["zone"], data["cores_to"])
            return
        offer = data["offers"][int(action.get("option"))]
        st = offer_data(state, offer)
        state.flags["staying"] = tuple(c for c in state.flags.get("staying", ()) if c != cid)
        if not state.flags["staying"]:
            del state.flags["staying"]
        pay(state, decision.player, st, int(offer[2]))
        stay(state, cid, st, data["cores_to"])

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        n = len(decision.data["offers"])
        return "BS-202", f"choose {{option}} with an option from 0 to {n - 1} (a stay you can pay for), or pass"


def grant_stay(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-204: "this turn, your spirits ... stay on the field when destroyed": until the end of
    the turn (BS-56), the controller's spirits the stay names have it."""
    assert eff.stay is not None
    index = len(lasting.of_kind(s, "stay"))
    lasting.add(s, "stay", player=controller, index=index, stay=eff.stay.model_dump())


def end_main_step(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-207: during a main step, the turn player's main step ends once the resolving effects are
    done (the attack step follows); in any other step, nothing."""
    if s.phase == "main":
        s.flags["end_main_step"] = True


def keep_life(s: BSEffects, player: int, amount: int) -> int:
    """BS-205: a damage that would bring ``player``'s life to 0 trashes one of their cards with
    ``life_keep`` at its level, leaves 1 core in the life (the damage returned) and puts a Void
    core in their reserve; otherwise the damage is ``amount``."""
    life = s.counters[player]["life"]
    if amount < life:
        return amount
    for c in s.zones[player]["field"]:
        keep = s.d(c).life_keep
        if keep is not None and s.level(c) in keep.levels:
            s.emit("life_kept", card=c, name=s.cards[c].name, player=player)
            s.leave_field(c, "trash")
            s.move_core(player, "core_stock", "reserve", min(1, s.counters[player]["core_stock"]))
            return life - 1
    return amount


def any_life_keep(s: BSEffects, player: int) -> bool:
    """Cheap check for ``damage``: a card of the player's field has ``life_keep``."""
    return any(s.d(c).life_keep is not None for c in s.zones[player]["field"])

