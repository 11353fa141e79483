"""Every way to pay a Battle Spirits cost and place cores, as a lazy sequence of actions.

README: a paying action carries ``pay`` (where the cost's cores come from: the reserve
and/or cards you control, BS-106) and, for a card that gets cores, ``place`` (where the
cores put on it come from); each distribution is its own legal action. Their stable order:
more cores from the reserve in ``pay`` first, then more from the reserve in ``place``, then
field order (more from earlier cards first; ``pay`` before ``place``).

There are thousands of distributions once the field holds cores, so they are counted and
unranked on demand, and membership is checked directly, as for Duel Masters payments.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import Any

from tcg.core.actions import Action, Counts
from tcg.core.lazy import LazyActions

Fixed = tuple[tuple[str, Any], ...]


@lru_cache(maxsize=4096)
def _completions(caps: tuple[int, ...], cost: int, place: bool) -> list[list[int]]:
    """f[i][s]: completions of cards i.. paying s more, each times its placing choices.

    Pure in its arguments, so shared by every state with the same cores on the same number
    of cards (random self-play asks for the same few tables again and again)."""
    n = len(caps)
    f = [[0] * (cost + 1) for _ in range(n + 1)]
    f[n][0] = 1
    for i in range(n - 1, -1, -1):
        cap = caps[i]
        for s in range(cost + 1):
            f[i][s] = sum((cap - v + 1 if place else 1) * f[i + 1][s - v] for v in range(min(s, cap) + 1))
    return f


@lru_cache(maxsize=16384)
def _count(reserve: int, caps: tuple[int, ...], cost: int, place: bool) -> int:
    """How many (pay, place) actions there are: Σ over cores paid from the reserve."""
    total = reserve + sum(caps)
    if total < cost:
        return 0
    f0 = _completions(caps, cost, place)[0]
    low = max(0, cost - sum(caps))
    return sum(f0[cost - pr] * ((reserve - pr + 1) if place else 1) for pr in range(min(reserve, cost), low - 1, -1))


class Sources:
    """The cards a player could pay cores from, in field order (BS-106): built once per
    decision and shared by every card in hand that decision prices."""

    __slots__ = ("caps", "capsum", "ids")

    def __init__(self, sources: list[tuple[int, int]]):
        self.ids = [cid for cid, _ in sources]
        self.caps = tuple(n for _, n in sources)
        self.capsum = sum(self.caps)


class CorePayments(LazyActions):
    """Actions ``type`` with ``fixed`` fields plus ``pay`` (and ``place`` and ``cores``)."""

    one_move = True  # ``fixed`` holds the card and target: the actions differ only in payment

    def __init__(self, type: str, fixed: Fixed, reserve: int, sources: Sources, cost: int, place: bool,
                 field: str = "pay"):
        self.type = self.action_type = type
        self.field = field  # "place" where the cores go onto a card instead (BS-121)
        self.fixed = fixed
        self.reserve = reserve
        self.ids = sources.ids
        self.caps = caps = sources.caps
        self._capsum = sources.capsum
        self.cost = cost
        self.place = place
        self._len = _count(reserve, caps, cost, place) if reserve + sources.capsum >= cost else 0

    # ------------------------------------------------------------------ counting
    @property
    def pay_reserve(self) -> range:
        """Cores paid from the reserve, most first."""
        if not self._len:
            return range(0)
        return range(min(self.reserve, self.cost), max(0, self.cost - self._capsum) - 1, -1)

    @cached_property
    def _f(self) -> list[list[int]]:
        return _completions(self.caps, self.cost, self.place)

    def _weight(self, cap: int, v: int) -> int:
        return cap - v + 1 if self.place else 1

    def _group(self, pr: int) -> int:
        """Actions with ``pr`` cores paid from the reserve (all place-from-reserve counts)."""
        per_q = self._f[0][self.cost - pr]
        return per_q * ((self.reserve - pr + 1) if self.place else 1)

    def __len__(self) -> int:
        return self._len

    # ------------------------------------------------------------------ unranking
    def entry(self, index: int) -> tuple[dict[Any, int], dict[Any, int]]:
        """(pay, place) of the index-th action."""
        for pr in self.pay_reserve:
            size = self._group(pr)
            if index >= size:
                index -= size
                continue
            per_q = self._f[0][self.cost - pr]
            qr = self.reserve - pr - index // per_q if self.place else 0
            index %= per_q
            # pay vector over the cards, larger amounts from earlier cards first
            v, left, mult = [], self.cost - pr, 1
            for i, cap in enumerate(self.caps):
                for amount in range(min(left, cap), -1, -1):
                    size = mult * self._weight(cap, amount) * self._f[i + 1][left - amount]
                    if index < size:
                        v.append(amount)
                        left -= amount
                        mult *= self._weight(cap, amount)
                        break
                    index -= size
            # then the place vector: mixed radix over the cores left on each card
            w = []
            radices = [cap - a + 1 for cap, a in zip(self.caps, v, strict=True)] if self.place else []
            for i, radix in enumerate(radices):
                below = 1
                for r in radices[i + 1:]:
                    below *= r
                digit = index // below
                index %= below
                w.append(radix - 1 - digit)
            pay: dict[Any, int] = {"reserve": pr} if pr else {}
            pay.update({cid: a for cid, a in zip(self.ids, v, strict=True) if a})
            placed: dict[Any, int] = {"reserve": qr} if qr else {}
            placed.update({cid: a for cid, a in zip(self.ids, w, strict=False) if a})
            return pay, placed
        raise IndexError(index)

    def _action(self, pay: dict[Any, int], placed: dict[Any, int]) -> Action:
        fields = dict(self.fixed)
        fields[self.field] = pay
        if self.place:
            fields["place"] = placed
            fields["cores"] = sum(placed.values())
        return Action(self.type, **fields)

    def action(self, index: int) -> Action:
        return self._action(*self.entry(index))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.type != self.type:
            return False
        fields = dict(action.fields)
        given_pay = fields.pop(self.field, Counts())
        given_place = fields.pop("place", Counts()) if self.place else Counts()
        if type(given_pay) is not Counts or type(given_place) is not Counts:
            return False  # BS-106: ``pay`` and ``place`` are count mappings (a number, a list: no payment)
        pay, placed = dict(given_pay), dict(given_place)
        cores = fields.pop("cores", None)
        if tuple(sorted(fields.items())) != tuple(sorted(self.fixed)):
            return False
        if not self.place and (placed or cores is not None):
            return False
        allowed = {"reserve", *self.ids}
        if set(pay) - allowed or set(placed) - allowed:
            return False
        if sum(pay.values()) != self.cost or pay.get("reserve", 0) + placed.get("reserve", 0) > self.reserve:
            return False
        if any(pay.get(cid, 0) + placed.get(cid, 0) > cap for cid, cap in zip(self.ids, self.caps, strict=True)):
            return False
        return not self.place or cores == sum(placed.values())


class CoreMoves(LazyActions):
    """BS-44: every ``move_cores {source, target, count}`` between ``places`` (the reserve and
    your cards), in the order source, then target, then count; built on demand."""

    action_type = "move_cores"

    def __init__(self, places: list[Any], haves: list[int]):
        self.places = places
        self.haves = haves
        self._spread = len(places) - 1
        self._len = sum(haves) * self._spread

    def __len__(self) -> int:
        return self._len

    def action(self, index: int) -> Action:
        for si, have in enumerate(self.haves):
            size = have * self._spread
            if index >= size:
                index -= size
                continue
            di, n = divmod(index, have)
            target = self.places[di if di < si else di + 1]
            return Action.of("move_cores", (("count", n + 1), ("source", self.places[si]), ("target", target)))
        raise IndexError(index)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.type != "move_cores" or len(action.fields) != 3:
            return False
        count, source, target = action.get("count"), action.get("source"), action.get("target")
        if source == target or type(count) is not int or type(source) not in (int, str) or type(target) not in (
                int, str) or source not in self.places or target not in self.places:
            return False
        return 1 <= count <= self.haves[self.places.index(source)]
