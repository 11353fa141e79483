"""The keyed generator of online games (issue 35 item 8): behind the engine's ``Rng``
interface, deterministic from its key, uniform, and carried exactly by a state JSON and a replay."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from tcg.core.errors import DataError
from tcg.core.registry import load_game
from tcg.core.rng import KeyedRng, Rng, commitment, key_of, make_rng, new_keyed_seed, rng_from_json
from tcg.sim.replay import Replay, record, replay

SEED = "blake2b:" + "0123456789abcdef" * 4


def test_the_same_keyed_seed_gives_the_same_stream_and_another_key_another() -> None:
    a, b = make_rng(SEED), make_rng(SEED)
    assert isinstance(a, KeyedRng)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    other = make_rng("blake2b:" + "f" * 64)
    assert [make_rng(SEED).below(10**9) for _ in range(3)] != [other.below(10**9) for _ in range(3)]


def test_the_stream_is_blake2b_keyed_over_block_numbers() -> None:
    """Word 0 is the first 8 bytes of the keyed BLAKE2b digest of block 0 (the documented design)."""
    block = hashlib.blake2b((0).to_bytes(16, "little"), key=key_of(SEED), digest_size=64).digest()
    assert make_rng(SEED).below(1 << 63) == int.from_bytes(block[:8], "little") % (1 << 63)


def test_below_stays_in_range_and_is_about_uniform() -> None:
    r = make_rng(new_keyed_seed())
    counts = Counter(r.below(6) for _ in range(6000))
    assert set(counts) == set(range(6)) and all(800 < c < 1200 for c in counts.values())
    assert all(0 <= r.below(n) < n for n in (1, 2, 3, 7, 40, 2**32, 2**63 + 5) for _ in range(20))
    with pytest.raises(ValueError, match="positive"):
        r.below(0)


def test_shuffle_and_choice_work_through_below() -> None:
    r = make_rng(SEED)
    items = list(range(40))
    r.shuffle(items)
    assert sorted(items) == list(range(40)) and items != list(range(40))
    assert r.choice(["a", "b", "c"]) in ("a", "b", "c")


def test_a_clone_and_a_json_round_trip_continue_the_stream_exactly() -> None:
    r = make_rng(SEED)
    for _ in range(13):  # mid-block: the clone must carry the position within a digest
        r.below(100)
    clone, loaded = r.clone(), rng_from_json(r.to_json())
    expected = [r.below(10**6) for _ in range(30)]
    assert [clone.below(10**6) for _ in range(30)] == expected == [loaded.below(10**6) for _ in range(30)]


def test_splitmix_keeps_its_integer_json_and_its_stream() -> None:
    r = Rng(42)
    r.below(10)
    assert r.to_json() == r.seed and isinstance(rng_from_json(r.to_json()), Rng)
    assert type(rng_from_json(r.to_json())) is Rng and r.clone().below(99) == r.below(99)


@pytest.mark.parametrize("bad", [True, "x", {"key": "00", "drawn": 0}, {"key": "0" * 64, "drawn": -1},
                                 {"key": "0" * 64}, {"key": "G" * 64, "drawn": 0}, 1.5])
def test_a_malformed_generator_json_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="expected"):
        rng_from_json(bad)


@pytest.mark.parametrize("bad", ["blake2b:" + "0" * 63, "blake2b:" + "A" * 64, "chacha:" + "0" * 64, "",
                                 "blake2b:" + "0" * 64 + " "])
def test_a_malformed_keyed_seed_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="64 lowercase hex digits"):
        make_rng(bad)


def test_a_state_with_a_keyed_generator_round_trips_through_json() -> None:
    game = load_game("duel_masters")
    state = game.new_state([game.deck(n) for n in ("fire_nature", "water_darkness")], seed=SEED)
    again = type(state).from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.rng.below(10**9) == state.rng.below(10**9)


def test_a_replay_with_a_keyed_seed_recreates_the_game() -> None:
    game = load_game("duel_masters")
    decks = [game.deck(n) for n in ("fire_nature", "water_darkness")]
    state = game.new_state(decks, seed=SEED)
    for _ in range(30):
        if state.game_over:
            break
        state.apply(state.legal_actions()[-1])
    rep = Replay.from_json(record(state, SEED, decks).to_json())
    assert rep.seed == SEED and replay(rep).to_json() == state.to_json()


@pytest.mark.parametrize("bad", ["blake2b:123", "blake2b:" + "Z" * 64, 1.5, None, True])
def test_a_replay_with_a_malformed_seed_names_the_field_and_what_was_expected(bad: object) -> None:
    data = {"format": "tcg-replay", "version": 1, "game": "duel_masters", "seed": bad,
            "decks": [["x"], ["y"]], "actions": []}
    with pytest.raises(DataError, match="keyed seed") as err:
        Replay.from_json(data)
    assert err.value.field == "seed"


def test_the_commitment_is_the_sha256_of_the_seeds_text() -> None:
    assert commitment(SEED) == "sha256:" + hashlib.sha256(SEED.encode()).hexdigest()
    assert commitment(7) == "sha256:" + hashlib.sha256(b"7").hexdigest()


def test_the_game_log_names_a_keyed_seed_only_by_its_commitment() -> None:
    game = load_game("duel_masters")
    state = game.new_state([game.deck(n) for n in ("fire_nature", "water_darkness")], seed=SEED)
    start = next(e for e in state.events if e.get("type") == "game_start")
    assert start["seed"] == commitment(SEED) and SEED[8:] not in str(state.events)
