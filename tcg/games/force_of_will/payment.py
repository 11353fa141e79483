"""Paying a declared action's will cost (FOW-26, FOW-27): rest magic stones for will and use
the pool's; the player chooses the stones (``pay``) only when there is more than one way.
Once paid, the declaration is complete (FOW-105: targets first, then the cost) and the action
joins the chase area or, for Judgment and setting a Chant-Standby, happens at once.

The payment search is here too, behind four functions: :func:`payer` ("can this cost be
paid?" for many costs at once), :func:`can_pay`, :func:`payments` (the ways to pay) and
:func:`stones_could_pay` (FOW-56). Why it is tuned: every decision asks "can I pay?" about every
card in hand and every [Activate] ability, so that answer never lists the ways: it is decided
by Hall's condition on what the stones can produce (:func:`_feasible`) and remembered per will
(:func:`_verdicts`) and, per pool, per stones (:func:`payer`); the ways are listed only for a
``pay`` decision, from plans remembered per (stones, cost) (:func:`_payment_plans`). What each
cache is keyed by, and why that makes sharing it across states safe, is said at each one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action
from tcg.core.state import Decision
from tcg.games.force_of_will.cards import ATTRIBUTES, CostKey, cost_key
from tcg.games.force_of_will.records import CardRecord, by_identity
from tcg.games.force_of_will.turn import FowDecision

if TYPE_CHECKING:
    from tcg.games.force_of_will.queries import FowQueries
    from tcg.games.force_of_will.state import ForceOfWillState

WILL_KEYS = tuple(f"will_{a}" for a in ATTRIBUTES)
_ZEROS = (0,) * len(ATTRIBUTES)
_POOL = itemgetter(*WILL_KEYS)  # a player's will in the pool, in attribute order

#: One way to pay a cost: the stones rested, the attribute each produced, and the pool will used.
Payment = tuple[tuple[int, ...], tuple[str, ...], tuple[tuple[str, int], ...]]
#: "Can this cost be paid?" for one player's will now, as a function of the cost's key.
Payer = Callable[[CostKey], bool]
#: What a player can pay with (:func:`_will`): per kind of recovered stone the attributes it
#: may produce and how many there are, the pool's will in attribute order, the total will.
Will = tuple[Any, ...]
#: Stone groups as the searches see them: per kind of stone, what it may produce and how many.
Groups = tuple[tuple[tuple[str, ...], int], ...]


def declare_pay(s: ForceOfWillState) -> None:
    """The declaration's cost: a ``pay`` choice if the stones can pay it in several ways."""
    item = s.flags["declaring"]
    cost = item.get("cost") or {}
    if cost:
        options = payments(s, item["player"], cost)
        if len(options) > 1:
            s.decision = Decision(item["player"], "pay", {"options": tuple(options)})
            return
        if options:
            pay_with(s, item["player"], options[0])
    finish_declaration(s)


def pay_with(s: ForceOfWillState, p: int, option: Sequence[Any]) -> None:
    """FOW-26 / FOW-27: rest the stones for will, then spend it with the pool's will."""
    stones, attrs, pool_used = option
    cards = s.cards
    for c in stones:
        cards[c] = cards[c].with_tapped(True)
    for a, n in pool_used:
        s.counters[p][f"will_{a}"] -= n
    if stones and s.log_events:
        s.emit("will_paid", player=p, stones=list(stones), attributes=list(attrs))


def finish_declaration(s: ForceOfWillState) -> None:
    """The declared action is performed: Judgment (FOW-36) and a Chant-Standby set (FOW-55)
    at once, everything else as an item on the chase area (FOW-48)."""
    # A new dict without the paid cost: the old one may be shared with a clone (clone()
    # copies flags one level deep), so it is never changed in place.
    declaring = s.flags.pop("declaring")
    item = {k: v for k, v in declaring.items() if k not in ("cost", "rested")}
    p, card, kind = item["player"], item["card"], item["kind"]
    if kind == "judgment":  # FOW-36: flipped and put onto the field as a J-ruler
        s.flags[f"judged:{p}"] = True
        s.move(card, "field", player=p, marks=frozenset({"j_ruler"}), entered_this_turn=True,
               tapped=s.cards[card].tapped)
        s.emit("judgment", card=card, name=s.cards[card].name, player=p)
        s.marker(p, "judgment", card)
        s.entered_field(card)  # the J-ruler's [Enter] abilities
        return
    if kind == "set_standby":  # FOW-55: face down
        s.move(card, "chant_standby_area", face_down=True, entered_this_turn=True)
        s.emit("chant_standby_set", card=card, player=p)
        s.marker(p, "set_standby", card)
        return
    if kind == "ability" and s.abilities(card)[item["ref"][1]].produces_will:
        # "{Rest}: Produce {G}": no chase (official rules) - it resolves at once, its player keeps
        # the priority (the decision it came from is offered again: Window.resolve, Main.resolve)
        s.resolve_effects(item)
        for r in declaring.get("rested", ()):
            s.became_rested(r)
        return
    if item.get("copy"):  # a copy of a resolving spell: no card moves, it was not played
        s.emit("copied", card=card, name=s.cards[card].name, player=p,
               targets=[list(ts) for _, ts in item["targets"]])
        s.push(item)
        return
    if kind in ("summon", "spell", "addition", "break"):
        s.move(card, "chase_area", player=p, face_down=False)
    if s.log_events:
        s.emit("declared", kind=kind, card=card, name=s.cards[card].name, player=p,
               targets=[list(ts) for _, ts in item["targets"]])
    s.push(item)
    if kind == "spell":  # "whenever you play a normal spell"
        s.queue_watchers(card, "you_play_spell")
    for r in declaring.get("rested", ()):  # rested as a cost ({Rest}): "whenever ... becomes rested"
        s.became_rested(r)


class Pay(FowDecision):
    """FOW-27: one of the ways the stones and the pool can pay the cost."""

    kind = "pay"
    prompt = "Choose which magic stones to rest to pay the will cost"
    accepts = frozenset({"pay"})
    rule = "FOW-27"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [Action.of("pay", (("attributes", attrs), ("cards", stones)))
                for stones, attrs, _ in decision.data["options"]]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        chosen = (action.get("cards"), action.get("attributes"))
        option = next(o for o in decision.data["options"] if (o[0], o[1]) == chosen)
        pay_with(state, decision.player, option)
        finish_declaration(state)


# ---------------------------------------------------------------------- the payment search
def payer(s: FowQueries, player: int) -> Payer:
    """:func:`_verdicts` for the player's will now: for checking many costs at once.

    Remembered per pool (by the identity of its records, :data:`_POOL_PAYERS`) and, in it, by
    the stones' card objects and the pool's will: card objects are immutable and replaced on
    every change, so the same objects are the same stones, recovered or rested, and within one
    pool a stone's name fixes what it produces. From one decision to the next the stones
    usually have not changed."""
    cards = s.cards
    key = (*[cards[c] for c in s.zones[player]["magic_stone_area"]],
           *map(s.counters[player].get, WILL_KEYS))
    known = _POOL_PAYERS(s.digest)
    verdict = known.get(key)
    if verdict is None:
        if len(known) > 4096:
            known.clear()
        verdict = known[key] = _verdicts(_will(s, player))
    return verdict


def can_pay(s: FowQueries, player: int, cost: Mapping[str, int]) -> bool:
    """Is the cost payable with the pool and recovered stones?"""
    return not cost or payer(s, player)(cost_key(cost))


def stones_could_pay(s: FowQueries, player: int, cost: Mapping[str, int]) -> bool:
    """FOW-56 (interpretation): recovered stones alone could produce the cost."""
    return bool(payments(s, player, cost, limit=1, use_pool=False))


def payments(s: FowQueries, player: int, cost: Mapping[str, int], limit: int = 0,
             use_pool: bool = True) -> list[Payment]:
    """The distinct ways to pay ``cost`` (README: the same multiset of (stone name,
    attribute used) is one way), pool will first; ``limit`` stops early (1: "can I pay?")."""
    need, used = _pool_use(s, player, cost, use_pool)
    pool_used = tuple(sorted(used.items()))
    if not need:
        return [((), (), pool_used)]
    groups = _stone_groups(s, player)
    digest = s.digest
    # No way rests more stones of a group than the cost's total, and a way rests a group's
    # first stones: beyond that, the groups' sizes do not matter (fewer plans to remember).
    total = sum(need.values())
    signature = tuple([(digest[name].stone_will, min(len(ids), total)) for name, ids in groups.items()])
    stones = [c for ids in groups.values() for c in ids[:total]]  # the groups one after the other
    return [(pick(stones), attrs, pool_used)
            for pick, attrs in _payment_plans(signature, tuple(sorted(need.items())), limit)]


def _stone_groups(s: FowQueries, player: int) -> dict[str, list[int]]:
    """The player's recovered magic stones grouped by name, in field order (a stone's
    name decides what it produces)."""
    cards = s.cards
    groups: dict[str, list[int]] = {}
    for c in s.zones[player]["magic_stone_area"]:
        card = cards[c]
        if not card.tapped:
            ids = groups.get(card.name)
            if ids is None:
                groups[card.name] = [c]
            else:
                ids.append(c)
    return groups


def _pool_will(s: FowQueries, player: int) -> tuple[int, ...]:
    """The player's will in the pool, in attribute order."""
    counters = s.counters[player]
    try:
        will: tuple[int, ...] = _POOL(counters)
    except KeyError:  # a state built by hand may lack the will counters
        will = tuple(map(counters.get, WILL_KEYS, _ZEROS))
    return will


def _pool_use(s: FowQueries, player: int, cost: Mapping[str, int],
              use_pool: bool) -> tuple[Mapping[str, int], dict[str, int]]:
    """Will in the pool pays first (it is lost at the end of the turn anyway): the coloured
    part from the matching attribute, the generic part from what is left, in attribute order."""
    if not use_pool:
        return cost, {}
    will = _pool_will(s, player)
    if not any(will):
        return cost, {}
    need = dict(cost)
    used: dict[str, int] = {}
    pool = dict(zip(ATTRIBUTES, will, strict=True))
    for a in ATTRIBUTES:
        take = min(need.get(a, 0), pool[a])
        if take:
            need[a] -= take
            pool[a] -= take
            used[a] = take
    for a in ATTRIBUTES:
        take = min(need.get("generic", 0), pool[a])
        if take:
            need["generic"] -= take
            used[a] = used.get(a, 0) + take
    return {k: v for k, v in need.items() if v}, used


def _will(s: FowQueries, player: int) -> Will:
    """What the player can pay with now (:data:`Will`), the key of :func:`_verdicts`: the
    stone groups, the pool, and the total will (a cost above it is out of reach at once)."""
    cards, digest = s.cards, s.digest
    names = [card.name for card in map(cards.__getitem__, s.zones[player]["magic_stone_area"])
             if not card.tapped]
    signature = tuple([(digest[name].stone_will, names.count(name)) for name in dict.fromkeys(names)])
    pool = _pool_will(s, player)
    return signature, pool, sum(pool) + len(names)


def _new_payers(records: Mapping[str, CardRecord]) -> dict[tuple[Any, ...], Payer]:
    return {}


#: :func:`payer`'s memo of each pool, by the identity of the pool's records (kept alive by
#: :func:`by_identity`), so a stone's name always means the same definition in it.
_POOL_PAYERS: Callable[[Mapping[str, CardRecord]], dict[tuple[Any, ...], Payer]] = by_identity(
    _new_payers, limit=64)
#: :func:`_verdicts` by :data:`Will`. Module-global safely: the key holds only immutable values
#: (attribute names, counts) and is the whole input -- it names no card, definition or state,
#: so any two states with the same key have the same answers.
_VERDICTS: dict[Will, Payer] = {}


def _verdicts(will: Will) -> Payer:
    """"Can this cost be paid?" for one :data:`Will`, as a function of the cost's key,
    remembering its answers: a decision asks it about every card in hand, and the same stones
    and pool recur all game long."""
    verdict = _VERDICTS.get(will)
    if verdict is None:
        if len(_VERDICTS) > 4096:
            _VERDICTS.clear()
        signature, pool, total = will
        known: dict[CostKey, bool] = {}

        def verdict(key: CostKey) -> bool:
            ok = known.get(key)
            if ok is None:
                ok = known[key] = key[0] <= total and _affordable(signature, pool, key[1])
            return ok

        _VERDICTS[will] = verdict
    return verdict


def _affordable(signature: Groups, pool: tuple[int, ...], cost: tuple[tuple[str, int], ...]) -> bool:
    """Pool will first (as :func:`_pool_use`), then one way with the stones. (Not memoised
    here: :func:`_verdicts` remembers each answer for its will.)"""
    need = dict(cost)
    left = dict(zip(ATTRIBUTES, pool, strict=True))
    for a in ATTRIBUTES:
        take = min(need.get(a, 0), left[a])
        need[a] = need.get(a, 0) - take
        left[a] -= take
    generic = need.pop("generic", 0) - sum(left.values())
    if generic > 0:
        need["generic"] = generic
    rest = tuple(sorted((k, v) for k, v in need.items() if v > 0))
    return not rest or _feasible(signature, rest)


def _feasible(groups: Groups, need: tuple[tuple[str, int], ...]) -> bool:
    """Can these stones cover ``need``? Each stone gives 1 will of one of its attributes, so this
    is a transportation problem, and Hall's condition decides it: for every set S of
    attributes, the will S needs is at most the number of stones that can make some of S
    (and the stones number at least the whole cost, generic included)."""
    wanted = dict(need)
    if sum(n for _, n in groups) < sum(wanted.values()):
        return False
    coloured = [a for a in ATTRIBUTES if wanted.get(a)]
    for mask in range(1, 1 << len(coloured)):
        chosen = {a for i, a in enumerate(coloured) if mask >> i & 1}
        demand = sum(wanted[a] for a in chosen)
        supply = sum(n for options, n in groups if chosen.intersection(options))
        if demand > supply:
            return False
    return True


# Module-global safely: the key (stone groups, cost, limit) holds only immutable values
# (attribute names, counts) and is the whole input; the plans pick positions, not card ids.
@lru_cache(maxsize=4096)
def _payment_plans(groups: Groups, need: tuple[tuple[str, int], ...],
                   limit: int) -> tuple[tuple[Callable[[Sequence[int]], tuple[int, ...]], tuple[str, ...]], ...]:
    """:func:`_stone_ways` as a function picking the stones from the groups' stones laid one
    after the other, and the attribute each stone produces: all a payment needs besides the
    stones' ids."""
    starts = [0]
    for _, size in groups:
        starts.append(starts[-1] + size)
    plans = []
    for way in _stone_ways(groups, need, limit):
        taken = dict.fromkeys(range(len(groups)), 0)
        picks: list[int] = []
        attrs: list[str] = []
        for g, a, n in way:
            first = starts[g] + taken[g]
            picks.extend(range(first, first + n))
            attrs.extend([a] * n)
            taken[g] += n
        plans.append((_picker(tuple(picks)), tuple(attrs)))
    return tuple(plans)


def _picker(positions: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """The items at ``positions``, as a tuple (:func:`operator.itemgetter` gives one item alone)."""
    if len(positions) == 1:
        (i,) = positions
        return lambda items: (items[i],)
    getter: Callable[[Sequence[int]], tuple[int, ...]] = itemgetter(*positions)
    return getter


#: A way to pay with stones: (group index, attribute produced, how many of the group's stones).
Way = tuple[tuple[int, str, int], ...]


def _stone_ways(groups: Groups, need: tuple[tuple[str, int], ...], limit: int) -> tuple[Way, ...]:
    """Every way to cover ``need`` exactly with stones of these groups (what each may produce,
    how many are recovered): per group, how many produce each attribute; at most ``limit``
    (0: all). Not memoised itself: its one caller, :func:`_payment_plans`, is, by the same key."""
    total = sum(n for _, n in need)
    if sum(n for _, n in groups) < total:
        return ()
    search = _WaySearch(groups, need, limit)
    search.walk(0, total)
    return tuple(search.out)


class _WaySearch:
    """The depth-first search of :func:`_stone_ways`: the groups in order, each group's
    stones split among what they may produce, dead ends cut by what the rest could reach."""

    def __init__(self, groups: Groups, need: tuple[tuple[str, int], ...], limit: int) -> None:
        self.groups = groups
        self.limit = limit
        self.out: list[Way] = []
        self.picks: list[tuple[int, str, int]] = []
        #: the coloured will still missing
        self.short = {a: n for a, n in need if a != "generic"}
        # what the groups from index i on could still make of each attribute, and their size
        self.reach = [dict.fromkeys(self.short, 0) for _ in range(len(groups) + 1)]
        self.capacity = [0] * (len(groups) + 1)
        for i in range(len(groups) - 1, -1, -1):
            options, size = groups[i]
            self.capacity[i] = self.capacity[i + 1] + size
            for a in self.short:
                self.reach[i][a] = self.reach[i + 1][a] + (size if a in options else 0)

    def walk(self, gi: int, left: int) -> bool:
        """Cover ``left`` will from group ``gi`` on; true once ``limit`` ways are found."""
        missing = 0
        reach = self.reach[gi]
        for a, n in self.short.items():
            if n > 0:
                if n > reach[a]:
                    return False
                missing += n
        if missing > left:
            return False
        if left == 0:
            self.out.append(tuple(self.picks))
            return bool(self.limit) and len(self.out) >= self.limit
        if gi == len(self.groups) or self.capacity[gi] < left:
            return False
        options, size = self.groups[gi]
        return self.split(gi, 0, options, min(size, left), left)

    def split(self, gi: int, oi: int, options: tuple[str, ...], room: int, left: int) -> bool:
        """Use up to ``room`` stones of group ``gi``, choosing how many produce each option."""
        if oi == len(options):
            return self.walk(gi + 1, left)
        a = options[oi]
        short, picks = self.short, self.picks
        for n in range(min(room, left), -1, -1):
            if n:
                picks.append((gi, a, n))
                if a in short:
                    short[a] -= n
            stop = self.split(gi, oi + 1, options, room - n, left - n)
            if n:
                picks.pop()
                if a in short:
                    short[a] += n
            if stop:
                return True
        return False
