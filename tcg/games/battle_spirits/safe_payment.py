"""Safe defaults (issue 37, item 2): which of your cards a way of paying depletes, and the way
a person gets by default.

Why: a summon can be paid in thousands of ways (:class:`~tcg.games.battle_spirits.payment.CorePayments`),
and the engine's first one takes the cost from your earliest cards as far as it can, so the
browser's main button used to deplete your own spirits (BS-108) without a word. Here a way's
*harm* is the own spirits it leaves below their LV1 cost — the cards paid from, the cards cores
are moved off, and the summoned spirit itself when too few cores are put on it — and the
default way is *built*, never searched for among the ways: the cost from the reserve first,
then from the cores your cards hold above their current level, then above their LV1, and a
spirit is depleted only when nothing else pays (the ones holding most first: the fewest go);
then cores onto the summoned spirit up to its LV1, the same way. The built way is checked to be
one of the legal ways (``in``: direct for a lazy payment), else the caller scans.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action, Counts
from tcg.games.battle_spirits.payment import CorePayments

if TYPE_CHECKING:
    from tcg.games.battle_spirits.state import BattleSpiritsState

#: Actions that pay a cost (``pay``) or put cores from your areas on a card (``place``).
PAID = frozenset({"summon", "deploy", "use_magic", "direct_brave", "choose"})
#: Actions that put the card they name onto the field with the cores of ``place`` (BS-41, BS-42).
ENTERS = frozenset({"summon", "deploy"})


def _counts(value: Any) -> tuple[tuple[Any, int], ...]:
    return value if isinstance(value, Counts) else ()


def _taken(s: BattleSpiritsState, action: Action) -> dict[int, int]:
    """Cores each of your cards loses (negative: gains) by ``action``: paid or placed from it
    (BS-106, BS-107), moved off it or onto it (BS-109, Awaken), a Flash ability's own cores."""
    taken: dict[int, int] = {}

    def add(card: Any, n: int) -> None:
        if isinstance(card, int) and not isinstance(card, bool):
            taken[card] = taken.get(card, 0) + n

    t = action.type
    for name in ("pay", "place"):
        for src, n in _counts(action.get(name)):
            add(src, n)
    count = action.get("count")
    if t in ("move_cores", "awaken") and isinstance(count, int):
        add(action.get("source"), count)
        add(action.get("target") if t == "move_cores" else action.get("card"), -count)
    elif t == "activate" and isinstance(action.get("card"), int) and isinstance(action.get("index"), int):
        abilities = s.d(action.get("card")).flash_abilities
        if 0 <= action.get("index") < len(abilities):
            add(action.get("card"), abilities[action.get("index")].self_cost)
    return taken


def harm(s: BattleSpiritsState, action: Action) -> tuple[int, ...]:
    """BS-108: the deciding player's spirits ``action`` leaves with fewer cores than their LV1
    cost, in field order, then the card it summons with too few cores put on it (BS-41 (d))."""
    decision = s.decision
    if decision is None:
        return ()
    taken = _taken(s, action)
    out = [c for c in s.zones[decision.player]["field"]
           if taken.get(c, 0) > 0 and s.cores(c) - taken[c] < s.d(c).depletion_floor]
    card = action.get("card")
    if action.type in ENTERS and isinstance(card, int) and 0 <= card < len(s.cards) and card not in out:
        placed = sum(n for _, n in _counts(action.get("place")))
        if placed < s.d(card).depletion_floor:
            out.append(card)
    return tuple(out)


# ---------------------------------------------------------------------- the default way, built
class _Budget:
    """Your cores in the order a safe payment takes them: the reserve; what each card holds
    above its current level's cost; then above its LV1 cost; then, last, what keeps a spirit
    on the field (the spirits holding most first, so the fewest are depleted)."""

    def __init__(self, s: BattleSpiritsState, p: int, reserve: int, sources: Sequence[tuple[int, int]]) -> None:
        field = set(s.zones[p]["field"])
        keeps: list[tuple[Any, int]] = [("reserve", reserve)]
        alive: list[tuple[Any, int]] = []
        lasts: list[tuple[Any, int]] = []
        for cid, cores in sources:
            d = s.d(cid)
            floor = d.depletion_floor if cid in field else 0  # a brave in brave form is never depleted
            level = max((need for need in d.level_costs if need <= cores), default=0)
            keeps.append((cid, cores - max(level, floor)))
            alive.append((cid, max(level, floor) - floor))
            lasts.append((cid, floor))
        lasts.sort(key=lambda item: -item[1])  # stable: field order among equals
        self.tiers = [[src, n] for src, n in (*keeps, *alive, *lasts) if n > 0]
        self.safe = sum(n for _, n in (*keeps, *alive))  # cores that deplete nothing

    def left(self) -> int:
        return sum(n for _, n in self.tiers)

    def draw(self, n: int) -> dict[Any, int]:
        """``n`` cores, taken tier by tier; what is left stays for the next draw."""
        out: dict[Any, int] = {}
        for tier in self.tiers:
            if n <= 0:
                break
            k = min(n, tier[1])
            if k:
                out[tier[0]] = out.get(tier[0], 0) + k
                tier[1] -= k
                n -= k
        self.safe = max(0, self.safe - sum(out.values()))
        return out


def _shape(s: BattleSpiritsState, ways: Sequence[Action]) -> tuple[Any, ...] | None:
    """(type, fixed fields, payment field, cost, place?, reserve, sources) of the ways of one
    paid action: read from a lazy payment, else from the first way and the state."""
    if isinstance(ways, CorePayments):
        return (ways.type, dict(ways.fixed), ways.field, ways.cost, ways.place, ways.reserve,
                list(zip(ways.ids, ways.caps, strict=True)))
    first = ways[0]
    if first.type not in PAID or s.decision is None:
        return None
    field = "pay" if first.get("pay") is not None else "place"
    if not isinstance(first.get(field), Counts):
        return None
    place = field == "pay" and isinstance(first.get("place"), Counts)
    fixed = {k: v for k, v in first.fields if k not in ("pay", "place", "cores")}
    cost = sum(n for _, n in first.get(field))
    p = s.decision.player
    return (first.type, fixed, field, cost, place, s.counters[p]["reserve"], s.core_sources(p))


def _build(s: BattleSpiritsState, shape: tuple[Any, ...], risk_others: bool) -> Action:
    """One way: the cost drawn from a fresh budget, then the summoned card's LV1 (from cores
    that deplete nothing, or, with ``risk_others``, from any)."""
    type_, fixed, field, cost, place, reserve, sources = shape
    assert s.decision is not None
    budget = _Budget(s, s.decision.player, reserve, sources)
    fields = dict(fixed)
    fields[field] = budget.draw(cost)
    if place:
        card = fixed.get("card")
        need = s.d(card).level_costs[0] if isinstance(card, int) and s.d(card).level_costs else 0
        can = budget.left() if risk_others else min(budget.left(), budget.safe)
        placed = budget.draw(need) if can >= need else {}
        fields["place"] = placed
        fields["cores"] = sum(placed.values())
    return Action(type_, **fields)


def safe_way(s: BattleSpiritsState, ways: Sequence[Action]) -> Action | None:
    """The way of a paid action a person gets by default (see the module's doc), or None when
    ``ways`` are not a payment or the built way is not among them (the caller then scans)."""
    if not len(ways):
        return None
    shape = _shape(s, ways)
    if shape is None:
        return None
    best: Action | None = None
    for risk_others in (False, True):  # the summoned spirit kept alive by depleting another: a trade
        way = _build(s, shape, risk_others)
        if way in ways and (best is None or len(harm(s, way)) <= len(harm(s, best))):
            best = way
    return best
