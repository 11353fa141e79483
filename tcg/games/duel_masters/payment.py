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
    """``pay {cards}`` actions, one per distinct way, in a fixed order (larger counts first)."""

    def __init__(self, pools: list[tuple[int, ...]], civsets: list[frozenset[str]], needed: list[str], cost: int):
        self.pools = pools
        self.civsets = civsets
        self.needed = needed
        self.cost = cost
        self.single = needed[0] if len(needed) == 1 else None
        self.flags = [self.single is not None and self.single in c for c in civsets]

    # ------------------------------------------------------------------ counting (no or one civilization)
    @cached_property
    def _table(self) -> list[list[list[int]]]:
        """count[i][left][ok]: completions from pool i with ``left`` to tap, civilization covered or not."""
        n, c = len(self.pools), self.cost
        table = [[[0, 0] for _ in range(c + 1)] for _ in range(n + 1)]
        table[n][0][1] = 1
        if self.single is None:
            table[n][0][0] = 1
        for i in range(n - 1, -1, -1):
            size, flag = len(self.pools[i]), self.flags[i]
            for left in range(c + 1):
                for ok in (0, 1):
                    total = 0
                    for k in range(min(left, size) + 1):
                        total += table[i + 1][left - k][1 if ok or (k and flag) else 0]
                    table[i][left][ok] = total
        return table

    @cached_property
    def _listed(self) -> list[tuple[int, ...]]:
        """Every way, for two or more civilizations (DM-15 needs a matching)."""
        out: list[tuple[int, ...]] = []
        pools, civsets = self.pools, self.civsets

        def rec(i: int, left: int, prefix: tuple[int, ...], used: tuple[tuple[int, int], ...]) -> None:
            if left == 0:
                if assignable(self.needed, [(civsets[j], k) for j, k in used]):
                    out.append(prefix)
                return
            if i == len(pools):
                return
            for k in range(min(left, len(pools[i])), -1, -1):
                rec(i + 1, left - k, prefix + pools[i][:k], (*used, (i, k)) if k else used)

        rec(0, self.cost, (), ())
        return out

    @property
    def _lazy(self) -> bool:
        return len(self.needed) <= 1

    def __len__(self) -> int:
        if self.cost == 0:
            return 1
        if self._lazy:
            return self._table[0][self.cost][0]
        return len(self._listed)

    def way(self, index: int) -> tuple[int, ...]:
        if self.cost == 0:
            return ()
        if not self._lazy:
            return self._listed[index]
        table, left, ok = self._table, self.cost, 0
        out: list[int] = []
        for i, pool in enumerate(self.pools):
            for k in range(min(left, len(pool)), -1, -1):
                nok = 1 if ok or (k and self.flags[i]) else 0
                size = table[i + 1][left - k][nok]
                if index < size:
                    out.extend(pool[:k])
                    left, ok = left - k, nok
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
        counts = []
        rest = cards
        for pool in self.pools:
            k = 0
            while k < len(pool) and k < len(rest) and rest[k] == pool[k]:
                k += 1
            counts.append(k)
            rest = rest[k:]
        if rest or sum(counts) != self.cost:
            return False
        return assignable(self.needed, [(c, k) for c, k in zip(self.civsets, counts, strict=True)]) \
            if self.needed else True
