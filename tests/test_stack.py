"""The shared response stack and window (tcg/core/stack.py): last in first out, kept in the
state (JSON round-trip, clone isolation), and the window's turn-taking; then that the
Yu-Gi-Oh! chain (YGO-120) and the Force of Will chase (FOW-48..51, FOW-103) are built on it.

Each property is checked by a helper that is shown to fail on a deliberately broken
component, so that the test cannot pass by accident."""

from __future__ import annotations

import json
from typing import Protocol

import pytest

from tcg.core.registry import load_game
from tcg.core.stack import CLOSED, Item, Stack, Window
from tcg.core.state import State
from tcg.games.force_of_will import chase
from tcg.games.yugioh import chain


@pytest.fixture
def state() -> State:
    game = load_game("duel_masters")  # any game: the stack lives in the generic ``flags``
    decks = [game.deck(name) for name in sorted(game.starter_decks())[:2]]
    return game.new_state(decks, seed=3)


class StackLike(Protocol):
    def push(self, state: State, item: Item) -> int: ...
    def pop(self, state: State) -> Item: ...
    def depth(self, state: State) -> int: ...
    def items(self, state: State) -> list[Item]: ...


class Broken:
    """The reads of a :class:`Stack`; the broken stacks below change its writes. (Not a
    subclass: the compiled build's ``Stack`` is a native class.)"""

    def __init__(self, key: str) -> None:
        self.key = key
        self.real = Stack(key)

    def push(self, state: State, item: Item) -> int:
        return self.real.push(state, item)

    def pop(self, state: State) -> Item:
        return self.real.pop(state)

    def depth(self, state: State) -> int:
        return self.real.depth(state)

    def items(self, state: State) -> list[Item]:
        return self.real.items(state)


class InPlace(Broken):
    """Broken on purpose: pushes and pops mutate the list that clones share."""

    def push(self, state: State, item: Item) -> int:
        items = state.flags.setdefault(self.key, [])
        items.append(item)
        return len(items)

    def pop(self, state: State) -> Item:
        item: Item = state.flags[self.key].pop()
        return item


class Fifo(Broken):
    """Broken on purpose: takes the bottom item instead of the top."""

    def pop(self, state: State) -> Item:
        items = state.flags[self.key]
        state.flags[self.key] = items[1:]
        return items[0]


def _lifo(stack: StackLike, state: State) -> bool:
    for n in range(3):
        assert stack.push(state, {"n": n}) == n + 1
    return [stack.pop(state)["n"] for _ in range(3)] == [2, 1, 0] and stack.depth(state) == 0


def _isolated(stack: StackLike, state: State) -> bool:
    """A clone never sees its original's stack change, nor the other way round."""
    stack.push(state, {"n": 0})
    copy = state.clone()
    stack.push(copy, {"n": 1})
    if stack.depth(state) != 1:
        return False
    stack.pop(state)
    return [i["n"] for i in stack.items(copy)] == [0, 1]


def test_the_last_item_added_comes_off_first(state: State) -> None:
    assert _lifo(Stack("s"), state)


def test_the_lifo_check_catches_a_queue(state: State) -> None:
    assert not _lifo(Fifo("s"), state)


def test_clones_are_isolated(state: State) -> None:
    assert _isolated(Stack("s"), state)


def test_the_isolation_check_catches_in_place_changes(state: State) -> None:
    assert not _isolated(InPlace("s"), state)


def test_top_depth_and_clear(state: State) -> None:
    s = Stack("s")
    assert s.top(state) is None and s.depth(state) == 0 and s.items(state) == []
    s.push(state, {"n": 0})
    s.push(state, {"n": 1})
    assert s.top(state) == {"n": 1} and s.depth(state) == 2
    s.pop(state)
    s.pop(state)
    assert "s" in state.flags and s.depth(state) == 0  # empty, but still there until cleared
    s.clear(state)
    assert "s" not in state.flags


def test_update_keep_and_truncate_copy_on_write(state: State) -> None:
    s = Stack("s")
    for n in range(4):
        s.push(state, {"n": n})
    copy = state.clone()
    s.update(state, 1, {"negated": True})
    assert not s.keep(state, lambda i: True)
    assert s.keep(state, lambda i: i["n"] != 2)
    s.truncate(state, 2)
    assert s.items(state) == [{"n": 0}, {"n": 1, "negated": True}]
    assert s.items(copy) == [{"n": n} for n in range(4)]


def test_the_stack_survives_the_json_round_trip(state: State) -> None:
    s = Stack("s")
    s.push(state, {"card": 3, "player": 1, "targets": [[0, [5, 6]]]})
    s.push(state, {"card": 4, "player": 0, "targets": []})
    again = type(state).from_json(json.loads(json.dumps(state.to_json())))
    assert s.items(again) == s.items(state)
    assert s.pop(again)["card"] == 4


# ---------------------------------------------------------------------- the window
class WindowLike(Protocol):
    def passed(self, player: int, passes: int, closes_after: int = 0) -> int: ...


def _turns(window: WindowLike, first: int, answers: dict[tuple[int, int], bool],
           closes_after: int = 0) -> list[tuple[int, int]]:
    """Who is offered the window, with how many passes so far, until one answers (a decision
    waits) or the window closes: the loop a game runs (a player with no answer passes)."""
    asked: list[tuple[int, int]] = []
    p, passes = first, 0
    while p != CLOSED:
        asked.append((p, passes))
        if answers.get((p, passes), False):
            break
        p, passes = window.passed(p, passes, closes_after), passes + 1
    return asked


class NoAlternation:
    """Broken on purpose: offers the same player again after a pass."""

    def passed(self, player: int, passes: int, closes_after: int = 0) -> int:
        return CLOSED if passes + 1 >= (closes_after or 2) else player


def test_players_are_asked_in_turn_until_two_pass_in_succession() -> None:
    assert _turns(Window(passes=2), 1, {}) == [(1, 0), (0, 1)]
    assert _turns(Window(passes=2), 0, {(1, 1): True}) == [(0, 0), (1, 1)]


def test_the_turn_check_catches_a_window_that_does_not_alternate() -> None:
    assert _turns(NoAlternation(), 1, {}) != [(1, 0), (0, 1)]


def test_one_pass_closes_a_one_pass_window() -> None:
    assert _turns(Window(passes=1), 0, {}) == [(0, 0)]
    assert _turns(Window(passes=2), 1, {}, closes_after=1) == [(1, 0)]


def test_passed_names_the_next_player_or_closes() -> None:
    two, one = Window(passes=2), Window(passes=1)
    assert two.passed(0, 0) == 1 and two.passed(1, 0) == 0
    assert two.passed(0, 1) == CLOSED and one.passed(1, 0) == CLOSED


def test_who_answers_first() -> None:
    assert Window().first(0) == 1 and Window(declarer_first=True).first(0) == 0


def test_a_window_needs_a_pass_to_close() -> None:
    with pytest.raises(ValueError, match="at least one pass"):
        Window(passes=0)


# ---------------------------------------------------------------------- the games use it
def test_the_yugioh_chain_is_the_shared_stack() -> None:
    # YGO-120: two passes in succession close the window, then the chain resolves in full
    assert chain.CHAIN.key == "chain" and chain.WINDOW.passes == 2 and chain.WINDOW.resolve_all


@pytest.mark.parametrize("option, passes, resolve_all, first", [(None, 1, True, 1), ("modern", 2, False, 0)])
def test_the_force_of_will_chase_is_the_shared_stack(option: str | None, passes: int, resolve_all: bool,
                                                    first: int) -> None:
    # FOW-51 / FOW-103 (the sheet): the opponent answers, one pass resolves the whole area;
    # chase = modern: the declarer first, two passes resolve the top item
    game = load_game("force_of_will")
    decks = [game.deck(name) for name in sorted(game.starter_decks())[:2]]
    s = game.new_state(decks, seed=1, options={"chase": option} if option else None)
    rules = chase.window_rules(s)  # type: ignore[arg-type]
    assert chase.CHASE.key == "chase"
    assert (rules.passes, rules.resolve_all, rules.first(0)) == (passes, resolve_all, first)
