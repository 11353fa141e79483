"""A tiny seeded PRNG whose whole state is one integer.

Why not :mod:`random`: its 2.5 kB state makes ``State.clone()`` slow and its stream is not
promised to stay the same across Python versions. SplitMix64 is fast, well studied and
trivially serialisable. It is not secret, though: its output is invertible, so a player who
sees a few draws can work out the rest. The server's online games use :class:`KeyedRng`
instead (a keyed BLAKE2b stream, behind the same interface); see docs/architecture.md.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
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

    def clone(self) -> Rng:
        """An independent copy at the same point of the stream (``State.clone``)."""
        return Rng(self.seed)

    def to_json(self) -> int | dict[str, int | str]:
        """The generator's state as JSON (a state JSON's ``rng``): SplitMix64's is one integer."""
        return self.seed


#: The canonical text of a keyed seed: this prefix, then the key as 64 lowercase hex digits.
KEYED_PREFIX = "blake2b:"
#: The key of a keyed generator: 256 bits (BLAKE2b takes keys up to 64 bytes).
KEY_BYTES = 32
_TWO_64 = 1 << 64
_HEX = "0123456789abcdef"

#: A game's seed: an integer (SplitMix64: local play, simulation, RL) or a keyed seed's text
#: (``KEYED_PREFIX`` + hex key: the server's online games).
Seed = int | str


class KeyedRng(Rng):
    """A keyed cryptographic stream behind the same interface (issue 35 item 8).

    Word ``i`` of the stream is bytes ``8*(i % 8)`` to ``8*(i % 8) + 8`` of the keyed BLAKE2b
    digest (64 bytes) of the block number ``i // 8``: a pseudo-random function of a 256-bit
    key, so no number of outputs tells the key or the outputs not yet seen (SplitMix64's output
    is invertible: one output gives its whole state). ``seed`` counts the words drawn, so the
    whole state is (key, seed) and a clone or a JSON round trip continues the stream exactly.
    Why BLAKE2b: it is in :mod:`hashlib` (no new dependency), keyed natively, and one call
    gives eight draws."""

    __slots__ = ("_block_no", "_words", "key")

    def __init__(self, key: bytes, drawn: int = 0) -> None:
        if len(key) != KEY_BYTES:
            raise ValueError(f"a keyed generator needs a {KEY_BYTES}-byte key, got {len(key)} bytes")
        super().__init__(drawn)
        self.key = key
        self._words: tuple[int, ...] = ()
        self._block_no = -1

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _TWO_64 - _TWO_64 % n
        drawn = self.seed
        while True:
            block_no = drawn >> 3
            if block_no != self._block_no:  # the next eight words, from one BLAKE2b call
                digest = hashlib.blake2b(block_no.to_bytes(16, "little"), key=self.key, digest_size=64).digest()
                self._words = struct.unpack("<8Q", digest)
                self._block_no = block_no
            x: int = self._words[drawn & 7]
            drawn += 1
            if x < limit:
                self.seed = drawn
                return x % n

    def clone(self) -> Rng:
        new = KeyedRng(self.key, self.seed)
        new._words, new._block_no = self._words, self._block_no
        return new

    def to_json(self) -> int | dict[str, int | str]:
        """``{"key": <64 hex digits>, "drawn": <words drawn>}``: this holds the key, so a state
        JSON of an online game stays on the server (no message carries one)."""
        return {"key": self.key.hex(), "drawn": self.seed}


def new_keyed_seed() -> str:
    """A fresh keyed seed from the operating system's randomness (:mod:`secrets`)."""
    return KEYED_PREFIX + secrets.token_hex(KEY_BYTES)


def key_of(seed: str) -> bytes:
    """The key of a keyed seed's text; ValueError saying what was expected."""
    digits = seed[len(KEYED_PREFIX):] if seed.startswith(KEYED_PREFIX) else ""
    if len(digits) != 2 * KEY_BYTES or set(digits) - set(_HEX):
        raise ValueError(f"a keyed seed is {KEYED_PREFIX!r} followed by {2 * KEY_BYTES} lowercase hex digits")
    return bytes.fromhex(digits)


def make_rng(seed: Seed) -> Rng:
    """The generator a seed names: SplitMix64 for an integer, the keyed stream for a keyed seed."""
    if isinstance(seed, int):
        return Rng(seed)
    return KeyedRng(key_of(seed))


def whole_seed(seed: Seed) -> int:
    """A whole-number seed from any seed, for a generator that must be fast rather than secret
    (an agent's own choices): an integer as it is, a keyed seed reduced to 64 bits of its hash."""
    if isinstance(seed, int):
        return seed
    return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "little")


def rng_from_json(data: object) -> Rng:
    """The generator ``Rng.to_json`` wrote; ValueError saying what was expected."""
    if isinstance(data, int) and not isinstance(data, bool):
        return Rng(data)
    if isinstance(data, dict) and set(data) == {"key", "drawn"}:
        key, drawn = data["key"], data["drawn"]
        if isinstance(key, str) and len(key) == 2 * KEY_BYTES and not set(key) - set(_HEX) \
                and isinstance(drawn, int) and not isinstance(drawn, bool) and 0 <= drawn < _TWO_64:
            return KeyedRng(bytes.fromhex(key), drawn)
    raise ValueError('expected a whole number (SplitMix64) or {"key": <64 lowercase hex digits>, '
                     '"drawn": <a whole number from 0>}')


def commitment(seed: Seed) -> str:
    """``sha256:`` and the SHA-256 of the seed's canonical text (a keyed seed's text, or an
    integer's decimal digits): published when a game starts, checkable against the seed revealed
    at its end, and telling nothing of a 256-bit key."""
    return "sha256:" + hashlib.sha256(str(seed).encode("utf-8")).hexdigest()


def public_seed(seed: Seed) -> int | str:
    """What a game's log may say of its seed (the ``game_start`` event): an integer as it is,
    a keyed seed only by its commitment."""
    return seed if isinstance(seed, int) else commitment(seed)
