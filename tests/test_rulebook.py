"""The rulebook (tcg.core.rules): a game declared as a table of decision handlers and task steps
is driven by the core's one loop, explains illegal actions by its own rule ids, and a rulebook
with a missing or ill-named piece is refused."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

import tcg
from tcg.core.actions import Action
from tcg.core.errors import IllegalActionError
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.rules import DecisionRule, Rulebook
from tcg.core.state import Decision, State, Task


class Take(DecisionRule):
    """Take 1 or 2 tokens from the pile (TOY-2); who takes the last one wins (TOY-3)."""

    kind = "take"
    accepts = frozenset({"take"})
    rule = "TOY-2"

    def actions(self, state: Any, decision: Decision) -> Sequence[Action]:
        return [Action("take", count=n) for n in (1, 2) if n <= state.counters[0]["pile"]]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        state.counters[0]["pile"] -= action.get("count")
        state.tasks.append(Task("after_take", player=decision.player))

    def explain(self, state: Any, decision: Decision, action: Action) -> tuple[str, str]:
        if action.type == "take" and action.get("count") not in (1, 2):
            return "TOY-2", "take 1 or 2 tokens"
        return super().explain(state, decision, action)


def after_take(state: Any, task: Task) -> None:
    player = task["player"]
    if state.counters[0]["pile"] == 0:
        state.lose(1 - player, "last_token")  # TOY-3
    else:
        state.decision = Decision(1 - player, "take")


def settle(state: Any) -> None:
    state.counters[0]["settled"] = state.counters[0].get("settled", 0) + 1


BOOK = Rulebook("TOY", [Take()], {"after_take": after_take}, settle=settle)


class ToyState(State):
    ZONES: ClassVar[tuple[str, ...]] = ()
    RULEBOOK = BOOK
    __slots__ = ()


#: The toy state subclasses the core's State, which the compiled build allows only to compiled
#: classes: the toy-game tests run on the pure sources (make test), the rest on both builds.
pure_only = pytest.mark.skipif(tcg.compiled(), reason="a toy State cannot subclass the compiled State")


def toy(pile: int = 4) -> ToyState:
    state = ToyState({}, {}, 0)
    state.counters[0]["pile"] = pile
    state.decision = Decision(0, "take")
    return state


@pure_only
def test_the_core_loop_plays_a_rulebook_game_to_the_end() -> None:
    state = toy(4)
    assert state.legal_actions() == [Action("take", count=1), Action("take", count=2)]
    state.apply(Action("take", count=2))
    assert state.deciding_player == 1
    state.apply(Action("take", count=2))
    assert state.winner == 1  # TOY-3: player 1 took the last token
    assert state.counters[0]["settled"] == 4  # settle ran after each answer and each step


@pure_only
def test_a_single_legal_answer_is_taken_by_the_loop() -> None:
    state = toy(3)
    state.apply(Action("take", count=2))  # pile 1: player 1 has one answer, taken automatically
    assert state.winner == 1


@pure_only
def test_an_illegal_action_names_the_handlers_rule_and_changes_nothing() -> None:
    state = toy(4)
    before = json.dumps(state.counters)
    with pytest.raises(IllegalActionError) as err:
        state.apply(Action("take", count=3))
    assert err.value.rule == "TOY-2" and "1 or 2" in str(err.value)
    with pytest.raises(IllegalActionError) as err:
        state.apply(Action("pass"))
    assert err.value.rule == "TOY-2" and "takes take, not pass" in str(err.value)
    assert json.dumps(state.counters) == before


@pure_only
def test_a_task_kind_missing_from_the_rulebook_is_named() -> None:
    state = toy(4)
    state.decision = None
    state.tasks.append(Task("no_such_step"))
    with pytest.raises(RuntimeError, match="task kind 'no_such_step' is not in the TOY rulebook"):
        state.run()


@pure_only
def test_a_decision_kind_missing_from_the_rulebook_is_named() -> None:
    state = toy(4)
    state.decision = Decision(0, "no_such_decision")
    with pytest.raises(RuntimeError, match="decision kind 'no_such_decision' is not in the TOY rulebook"):
        state.legal_actions()


class Unnamed(Take):
    kind = ""


class AcceptsNothing(Take):
    accepts = frozenset()


class ForeignRule(Take):
    rule = "DM-12"


@pytest.mark.parametrize(("handlers", "message"), [
    ([Unnamed()], "is empty or given twice"),
    ([Take(), Take()], "is empty or given twice"),
    ([AcceptsNothing()], "which action types it accepts"),
    ([ForeignRule()], "is not a TOY rule id"),
])
def test_an_ill_formed_rulebook_is_refused(handlers: list[DecisionRule], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rulebook("TOY", handlers, {})


def test_action_types_are_what_the_handlers_accept() -> None:
    assert BOOK.action_types == frozenset({"take"})


# ---------------------------------------------------------------------- every registered game
@pytest.mark.parametrize("game_name", game_names())
def test_every_game_plays_through_its_rulebook(game_name: str) -> None:
    """Each game declares a rulebook of its own prefix; in random games every decision met is in
    it, its legal actions are of the types its handler accepts, and an action it never takes is
    explained by one of the game's own rule ids (issue 15: the rulebook conformance check)."""
    game = load_game(game_name)
    book = game.state_class.RULEBOOK
    assert book is not None and book.prefix == game.rule_prefix
    assert book.action_types == game.ACTION_TYPES
    decks = [game.deck(n) for n in sorted(game.starter_decks())[:2]]
    rng = Rng(5)
    seen: set[str] = set()
    for seed in range(3):
        state = game.new_state(decks, seed=seed)
        for _ in range(400):
            if state.game_over:
                break
            decision = state.decision
            assert decision is not None and decision.kind in book.decisions, decision
            seen.add(decision.kind)
            legal = state.legal_actions()
            handler = book.decisions[decision.kind]
            assert {a.type for a in legal} <= handler.accepts, (decision.kind, legal)
            rule, _ = state.explain_illegal(Action("no_such_action"))
            assert rule.startswith(game.rule_prefix + "-"), (decision.kind, rule)
            state.apply(legal[rng.below(len(legal))])
    assert seen, "no decision was met"


@pytest.mark.parametrize("game_name", game_names())
def test_every_game_starts_through_game_start(game_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: no game bypasses ``Game.start``: who starts is decided once, by the game's
    ``decide_first_player`` hook, and the first player is set once (``State.begin_game``, its
    ``first_player`` event) before the first turn begins."""
    game = load_game(game_name)
    calls: list[int] = []
    original = type(game).decide_first_player

    def counted(self: Any, state: State) -> None:
        calls.append(state.turn)
        original(self, state)

    monkeypatch.setattr(type(game), "decide_first_player", counted)
    decks = [game.deck(n) for n in sorted(game.starter_decks())[:2]]
    state = game.new_state(decks, seed=3)
    rng = Rng(3)
    while not any(e["type"] == "turn_start" for e in state.events) and not state.game_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    chosen = [e["player"] for e in state.events if e["type"] == "first_player"]
    assert calls and len(calls) == 1
    assert chosen == [state.first_player] and state.active == state.first_player
