"""How a cost is paid (DM-9, DM-10, DM-15): the ``pay`` decision, and its ways as a lazy sequence.

The ``pay`` task asks the player who chose a card in the main step which mana to tap; the
answer taps it and summons or casts the card (:mod:`~tcg.games.duel_masters.main_phase`).

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
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.lazy import LazyActions
from tcg.core.state import Decision, Task
from tcg.games.duel_masters.main_phase import cast, summon
from tcg.games.duel_masters.turn import DuelMastersRule

if TYPE_CHECKING:
    from tcg.games.duel_masters.state import DuelMastersState


class Pay(DuelMastersRule):
    """DM-9: pay a card's cost by tapping untapped mana — one ``pay {cards}`` per distinct way
    (:class:`PaymentWays`); the card is then summoned (DM-29 onto a base) or cast (DM-25)."""

    kind: ClassVar[str] = "pay"
    prompt: ClassVar[str] = "Choose the mana cards to tap for the cost"
    accepts: ClassVar[frozenset[str]] = frozenset({"pay"})
    rule: ClassVar[str] = "DM-9"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return state.payment_ways(decision.player, decision.data["card"])

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        for m in action.get("cards"):
            state.set_tapped(m, True)
        data, p = decision.data, decision.player
        if data["mode"] == "summon":
            summon(state, p, data["card"], data["onto"])
        else:
            cast(state, p, data["card"])


def ask_payment(state: DuelMastersState, task: Task) -> None:
    """Step ``pay``: the card chosen in the main step waits for its payment."""
    state.decision = Decision(task["player"], "pay", {"card": task["card"], "onto": task["onto"], "mode": task["mode"]})


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


_BITS = 64
_COEF = (1 << _BITS) - 1
_ONES: dict[int, int] = {}  # module-global: a pure function of the size, the same for every state


def _ones(size: int) -> int:
    """1 + x + … + x^size packed with ``_BITS`` bits a coefficient."""
    poly = _ONES.get(size)
    if poly is None:
        poly = _ONES[size] = sum(1 << (_BITS * j) for j in range(size + 1))
    return poly


class PaymentWays(LazyActions):
    """``pay {cards}`` actions, one per distinct way, in a fixed order (larger counts first).

    Counting uses Hall's theorem for DM-15: the needed civilizations can go on different
    tapped cards iff, for every subset S of them, at least |S| tapped cards supply some
    civilization of S. A dynamic programme over (pool, cores left, per-subset counts capped
    at |S|) counts the ways; the same counts unrank the k-th way without listing the others.
    """

    action_type = "pay"

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
        self._supplies = [bool(self.caps) and hit[0] for hit in self.hits] if self._flat else []

    def _advance(self, i: int, k: int, state: tuple[int, ...]) -> tuple[int, ...]:
        if not k:
            return state
        return tuple(min(cap, v + k) if hit else v for v, cap, hit in zip(state, self.caps, self.hits[i], strict=True))

    @cached_property
    def _suffix(self) -> list[tuple[int, int]]:
        """For at most one needed civilization: per pool i, generating functions of the pools from i on.

        ``(any, without)``: the number of ways to tap ``left`` cards from pools i.. is the
        coefficient of x^left in ∏ (1 + x + … + x^size) over those pools (``any``), or over
        the pools that do not supply the civilization only (``without``). Polynomials are
        packed into Python integers with 64 bits a coefficient, so each pool costs one
        big-integer multiplication done in C instead of a loop.
        """
        mask = (1 << (_BITS * (self.cost + 1))) - 1
        any_poly = without = 1
        out = [(1, 1)]
        for i in range(len(self.pools) - 1, -1, -1):
            factor = _ones(min(len(self.pools[i]), self.cost))
            any_poly = (any_poly * factor) & mask
            if not self._supplies[i]:
                without = (without * factor) & mask
            out.append((any_poly, without))
        out.reverse()
        return out

    def _flat_count(self, i: int, left: int, covered: bool) -> int:
        """Ways to tap ``left`` more cards from pools i.., the civilization already covered or not."""
        any_poly, without = self._suffix[i]
        total = (any_poly >> (_BITS * left)) & _COEF
        if covered or not self.caps:
            return total
        return total - ((without >> (_BITS * left)) & _COEF)

    def _count(self, i: int, left: int, state: tuple[int, ...]) -> int:
        """Ways to finish from pool ``i`` with ``left`` cards still to tap (two or more civilizations)."""
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
        if self._flat:
            return self._flat_count(0, self.cost, False)
        return self._count(0, self.cost, self._start)

    def _way_flat(self, index: int) -> tuple[int, ...]:
        out: list[int] = []
        left, ok = self.cost, False
        for i, pool in enumerate(self.pools):
            supplies = self._supplies[i]
            for k in range(min(left, len(pool)), -1, -1):
                nok = ok or (k > 0 and supplies)
                size = self._flat_count(i + 1, left - k, nok)
                if index < size:
                    out.extend(pool[:k])
                    left, ok = left - k, nok
                    break
                index -= size
        return tuple(out)

    def way(self, index: int) -> tuple[int, ...]:
        if self._flat:
            return self._way_flat(index)
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

    def action(self, index: int) -> Action:
        return Action.of("pay", (("cards", self.way(index)),))

    def __iter__(self) -> Iterator[Action]:
        """The actions in index order; with one needed civilization or none, walked in one
        pass (a strategy reads the first hundreds of ways, and unranking each anew re-counts
        every pool for every way)."""
        if not self._flat:
            for i in range(len(self)):
                yield self.action(i)
            return
        for cards in self._ways_flat():
            yield Action.of("pay", (("cards", cards),))

    def _ways_flat(self) -> Iterator[tuple[int, ...]]:
        """``way(0), way(1), ...`` (one civilization or none): depth first, taking more cards of
        a pool first as unranking does, entering only branches that hold some way."""
        pools, supplies, ways_from = self.pools, self._supplies, self._flat_count
        n = len(pools)
        stack: list[tuple[int, int, bool, tuple[int, ...]]] = [(0, self.cost, False, ())] if len(self) else []
        while stack:
            i, left, ok, taken = stack.pop()
            if i == n:
                yield taken
                continue
            pool = pools[i]
            for k in range(min(left, len(pool)) + 1):  # pushed fewest first: the most are walked first
                nok = ok or (k > 0 and supplies[i])
                if ways_from(i + 1, left - k, nok):
                    stack.append((i + 1, left - k, nok, taken + pool[:k]))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.type != "pay" or len(action.fields) != 1:
            return False
        cards = action.get("cards")
        if not isinstance(cards, tuple):
            return False
        if self._flat:
            return self._contains_flat(cards)
        state, rest = self._start, cards
        for i, pool in enumerate(self.pools):
            k = 0
            while k < len(pool) and k < len(rest) and rest[k] == pool[k]:
                k += 1
            state, rest = self._advance(i, k, state), rest[k:]
        return not rest and len(cards) == self.cost and state == self.caps  # Hall's condition holds

    def _contains_flat(self, cards: tuple[int, ...]) -> bool:
        covered, rest = not self.caps, cards
        for i, pool in enumerate(self.pools):
            k = 0
            while k < len(pool) and k < len(rest) and rest[k] == pool[k]:
                k += 1
            covered = covered or (k > 0 and self._supplies[i])
            rest = rest[k:]
        return not rest and len(cards) == self.cost and covered
