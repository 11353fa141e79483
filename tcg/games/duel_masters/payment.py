"""The distinct ways to pay a cost, as a lazy sequence of ``pay`` actions.

README "Payment": two payments are the same way when they tap the same multiset of mana card
names; mana cards of one name are interchangeable, so a way is "how many of each name", and it
taps the first untapped cards of each name in zone order. With a big mana zone there are
hundreds of ways; building them all for every payment made random self-play five times
slower. So the ways are counted and unranked on demand (a random agent needs only the count and
one element), and membership is checked directly. Cards needing two or more civilizations
(DM-15, rare) fall back to listing the ways.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import overload

from tcg.core.actions import Action


def assignable(needed: Sequence[str], chosen: Sequence[tuple[frozenset[str], int]]) -> bool:
    """DM-15: each needed civilization on a different tapped card (matching with capacities)."""
    if not needed:
        return True
    if len(needed) == 1:
        return any(needed[0] in civs and n > 0 for civs, n in chosen)
    slots = [civs for civs, n in chosen for _ in range(min(n, len(needed)))]
    assigned: dict[int, str] = {}

    def place(civ: str, seen: set[int]) -> bool:
        for i, civs in enumerate(slots):
            if i in seen or civ not in civs:
                continue
            seen.add(i)
            if i not in assigned or place(assigned[i], seen):
                assigned[i] = civ
                return True
        return False

    return all(place(civ, set()) for civ in needed)


class PaymentWays(Sequence[Action]):
    """``pay {cards}`` actions, one per distinct way, in a fixed order (larger counts first).

    Counting uses Hall's theorem for DM-15: the needed civilizations can go on different
    tapped cards iff, for every subset S of them, at least |S| tapped cards supply some
    civilization of S. A dynamic programme over (pool, cores left, per-subset counts capped
    at |S|) counts the ways; the same counts unrank the k-th way without listing the others.
    """

    def __init__(self, pools: list[tuple[int, ...]], civsets: list[frozenset[str]], needed: list[str], cost: int):
        self.pools = pools
        self.civsets = civsets
        self.needed = needed
        self.cost = cost
        subsets = [frozenset(c for j, c in enumerate(needed) if mask >> j & 1) for mask in range(1, 1 << len(needed))]
        self.caps = tuple(len(sub) for sub in subsets)
        # hits[i][s]: whether pool i supplies a civilization of subset s
        self.hits = [tuple(bool(sub & civs) for sub in subsets) for civs in civsets]
        self._memo: dict[tuple[int, int, tuple[int, ...]], int] = {}
        # One civilization or none (almost every card): a flat table is several times faster.
        self._flat = len(needed) <= 1

    def _advance(self, i: int, k: int, state: tuple[int, ...]) -> tuple[int, ...]:
        if not k:
            return state
        return tuple(min(cap, v + k) if hit else v for v, cap, hit in zip(state, self.caps, self.hits[i], strict=True))

    @cached_property
    def _table(self) -> list[list[list[int]]]:
        """For at most one needed civilization: count[i][left][covered], by window sums."""
        n, c = len(self.pools), self.cost
        table = [[[0, 0] for _ in range(c + 1)] for _ in range(n + 1)]
        table[n][0][1] = 1
        if not self.caps:
            table[n][0][0] = 1
        for i in range(n - 1, -1, -1):
            size, flag, nxt, row = len(self.pools[i]), bool(self.caps) and self.hits[i][0], table[i + 1], table[i]
            pre0, pre1 = [0], [0]
            for left in range(c + 1):
                pre0.append(pre0[-1] + nxt[left][0])
                pre1.append(pre1[-1] + nxt[left][1])
            for left in range(c + 1):
                lo = max(0, left - size)  # tapping k = left - j cards, j in [lo, left]
                row[left][1] = pre1[left + 1] - pre1[lo]
                # k = 0 keeps the flag; with a supplying pool every k >= 1 covers the civilization
                row[left][0] = nxt[left][0] + pre1[left] - pre1[lo] if flag else pre0[left + 1] - pre0[lo]
        return table

    def _count(self, i: int, left: int, state: tuple[int, ...]) -> int:
        if self._flat:
            return self._table[i][left][1 if not state or state[0] else 0] if self.caps else self._table[i][left][0]
        key = (i, left, state)
        found = self._memo.get(key)
        if found is not None:
            return found
        if i == len(self.pools):
            total = 1 if left == 0 and state == self.caps else 0
        else:
            total = sum(self._count(i + 1, left - k, self._advance(i, k, state))
                        for k in range(min(left, len(self.pools[i])) + 1))
        self._memo[key] = total
        return total

    @cached_property
    def _start(self) -> tuple[int, ...]:
        return tuple(0 for _ in self.caps)

    def __len__(self) -> int:
        return self._count(0, self.cost, self._start)

    def way(self, index: int) -> tuple[int, ...]:
        out: list[int] = []
        left, state = self.cost, self._start
        for i, pool in enumerate(self.pools):
            for k in range(min(left, len(pool)), -1, -1):
                nxt = self._advance(i, k, state)
                size = self._count(i + 1, left - k, nxt)
                if index < size:
                    out.extend(pool[:k])
                    left, state = left - k, nxt
                    break
                index -= size
        return tuple(out)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(index)
        return Action.of("pay", (("cards", self.way(index)),))

    def __iter__(self) -> Iterator[Action]:
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.type != "pay" or len(action.fields) != 1:
            return False
        cards = action.get("cards")
        if not isinstance(cards, tuple):
            return False
        state, rest = self._start, cards
        for i, pool in enumerate(self.pools):
            k = 0
            while k < len(pool) and k < len(rest) and rest[k] == pool[k]:
                k += 1
            state, rest = self._advance(i, k, state), rest[k:]
        return not rest and len(cards) == self.cost and state == self.caps
