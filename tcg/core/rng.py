"""A tiny seeded PRNG whose whole state is one integer.

Why not :mod:`random`: its 2.5 kB state makes ``State.clone()`` slow and its stream is not
promised to stay the same across Python versions. SplitMix64 is fast, well studied and
trivially serialisable.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_SMALL_N = 1 << 32
_SURELY_BELOW = (1 << 64) - _SMALL_N
T = TypeVar("T")


def next_u64(seed: int) -> tuple[int, int]:
    """Advance the state; return (new_state, 64-bit output)."""
    seed = (seed + _GAMMA) & _MASK
    z = seed
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
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
        seed = self.seed
        while True:  # next_u64 inlined: this runs for every random choice of a game
            seed = (seed + _GAMMA) & _MASK
            z = ((seed ^ (seed >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            x = z ^ (z >> 31)
            # Accept x below 2**64 - 2**64 % n. That limit exceeds 2**64 - n, so for the usual
            # n <= 2**32 any x below _SURELY_BELOW passes without computing it.
            if (x < _SURELY_BELOW and n <= _SMALL_N) or x < (1 << 64) - ((1 << 64) % n):
                self.seed = seed
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
