"""``State.determinize(player, rng)`` (issue 17): a world consistent with what a player sees.

Over random games of every game, at sampled positions and for both players: the determinized
state gives that player exactly the same observation, keeps every card's place (only hidden
names move, within one owner's cards), really redistributes hidden cards, and plays on legally
under the invariant checks. The observation check is shown failing on a world broken on purpose.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from tcg.core.invariants import check_conservation, check_counters
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.state import State

GAMES = 4
EVERY = 17  # positions sampled: every 17th action of each game
PLAY_ON = 40  # random actions played in each determinized world


def positions(name: str) -> Iterator[State]:
    game = load_game(name)
    decks = [game.deck(d) for d in (sorted(game.starter_decks()) * 2)[:2]]
    for g in range(GAMES):
        state = game.new_state(decks, seed=100 + g)
        rng = Rng(g)
        n = 0
        while not state.game_over and n < 2000:
            if n % EVERY == 0:
                yield state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            n += 1


def same_view(state: State, world: State, player: int) -> bool:
    return state.observation(player) == world.observation(player)


@pytest.mark.parametrize("name", game_names())
def test_a_determinized_world_looks_the_same_to_its_player_and_plays_on(name: str) -> None:
    changed = 0
    for i, state in enumerate(positions(name)):
        for player in (0, 1):
            world = state.determinize(player, Rng(i * 2 + player))
            assert same_view(state, world, player), f"{name}: player {player} sees another world"
            assert world.where == state.where and world.zones == state.zones
            assert Counter(c.name for c in world.cards) == Counter(c.name for c in state.cards)
            for cid, card in enumerate(world.cards):
                if card.name != state.cards[cid].name:
                    assert not state.can_see(player, cid), f"{name}: a visible card {cid} changed"
                    changed += 1
            rng = Rng(7 + i)
            for _ in range(PLAY_ON):
                if world.game_over:
                    break
                legal = world.legal_actions()
                assert legal
                world.apply(legal[rng.below(len(legal))])
                assert not check_conservation(world) and not check_counters(world)
    assert changed, f"{name}: no determinization moved a hidden card"


@pytest.mark.parametrize("name", game_names())
def test_a_world_never_depends_on_the_real_hidden_cards(name: str) -> None:
    """Two states that differ only in what player 0 cannot see give the same world for the same
    seed: a search built on it cannot learn the hidden cards from its samples."""
    for i, state in enumerate(positions(name)):
        other = state.determinize(0, Rng(99 + i))  # the same for player 0, other hidden cards
        a, b = state.determinize(0, Rng(5)), other.determinize(0, Rng(5))
        assert [c.name for c in a.cards] == [c.name for c in b.cards]
        assert a.rng.seed == b.rng.seed


def test_the_observation_check_fails_on_a_world_that_moved_a_visible_card() -> None:
    """The check above is shown to fail: a world in which player 0's own hand card changed."""
    game = load_game("duel_masters")
    state = game.new_state([game.deck(d) for d in sorted(game.starter_decks())[:2]], seed=3)
    world = state.determinize(0, Rng(1))
    mine = state.zones[0]["hand"][0]
    other = next(c.name for c in state.cards if c.name != state.cards[mine].name)
    world.cards[mine] = world.cards[mine].replace(name=other)
    assert not same_view(state, world, 0)


def test_a_face_down_place_gets_a_card_that_fits() -> None:
    """YGO-118: a Set card in the Spell & Trap Zone stays a Spell or Trap in every world."""
    for state in positions("yugioh"):
        sets = [c for c in state.zones[1]["spell_trap_zone"] if state.cards[c].face_down]
        if sets:
            for k in range(10):
                world = state.determinize(0, Rng(k))
                assert all(world.d(c).type != "monster" for c in sets)  # type: ignore[attr-defined]
            return
    pytest.fail("no Set card in the sampled positions")
