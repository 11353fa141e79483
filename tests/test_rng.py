"""The seeded RNG lives in the state: same seed, same stream."""

from __future__ import annotations

from tcg.core.rng import Rng


def test_same_seed_same_stream():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]


def test_different_seeds_differ():
    assert [Rng(1).below(10**9) for _ in range(3)] != [Rng(2).below(10**9) for _ in range(3)]


def test_below_range_and_shuffle_is_permutation():
    r = Rng(7)
    values = [r.below(6) for _ in range(600)]
    assert set(values) == set(range(6))
    items = list(range(40))
    r.shuffle(items)
    assert sorted(items) == list(range(40)) and items != list(range(40))
