"""A tiny seeded PRNG whose whole state is one integer.

Why not :mod:`random`: its 2.5 kB state makes ``State.clone()`` slow and its stream is not
promised to stay the same across Python versions. SplitMix64 is fast, well studied and
trivially serialisable.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


def next_u64(seed: int) -> tuple[int, int]:
    """Advance the state; return (new_state, 64-bit output)."""
    seed = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return seed, z ^ (z >> 31)


class Rng:
    """Seeded random numbers; the state is the integer ``self.seed``."""

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.seed = seed & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.seed, x = next_u64(self.seed)
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
