"""Property-based tests of states (hypothesis stateful), one state machine per registered game.

A machine starts a game from two starter decks and a seed (optionally played on some random
legal actions, so late positions and finished games are reached) and then interleaves:

* a legal action chosen by index;
* an illegal action (``tests/strategies.py``: near misses of legal actions, unknown types,
  wrong, missing and extra fields, ids out of range or of hidden and opponent cards, values of
  the wrong kind, random JSON), sent as the JSON a client would send and as an ``Action``: it
  must be refused -- ``IllegalActionError`` with a rule id of the game (its ``game_over_rule``
  once the game is over), or ``DataError`` for a message that is no action at all -- and the
  state's JSON, event log and history included, must be byte-identical afterwards;
* a round trip: ``from_json`` of the JSON text and ``clone()`` play the same next legal actions
  as the original and stay byte-identical to it, legal actions included.

After every step cards are conserved, no counter is negative and ``conserved()`` is unchanged.

Reproducible: ``derandomize=True`` and ``database=None``, so CI and every run draw the same
examples. ``make test`` runs ``EXAMPLES`` (10) examples of up to ``STEPS`` (40) steps per game;
``TCG_PROPERTY_EXAMPLES`` and ``TCG_PROPERTY_STEPS`` ask for a long run (docs/reliability.md).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tcg.core.actions import Action
from tcg.core.errors import DataError, IllegalActionError
from tcg.core.invariants import check_conservation, check_counters
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.state import State
from tests.strategies import Snapshot, malformed_message, near_miss_or_random, random_action

EXAMPLES = int(os.environ.get("TCG_PROPERTY_EXAMPLES", "10"))
STEPS = int(os.environ.get("TCG_PROPERTY_STEPS", "40"))
SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None, derandomize=True,
                    database=None, suppress_health_check=list(HealthCheck), print_blob=False)
LEGAL_SHOWN = 500  # legal actions compared one by one; longer (lazy payment) lists by length and ends


def whole_json(state: State) -> str:
    """The state as a file holds it: every key, the event log and the history included."""
    return json.dumps(state.to_json())


def legal_json(state: State) -> str:
    legal = state.legal_actions()
    shown = legal if len(legal) <= LEGAL_SHOWN else [*legal[:50], *legal[-50:]]
    return json.dumps([len(legal), [a.to_json() for a in shown]])


def is_legal(state: State, data: Any) -> bool:
    """``data`` is one of the legal actions exactly: an equal Action holding no bool and no float
    (``True == 1`` and ``1.0 == 1`` in Python, but a client sending ``true`` or ``1.0`` for a card
    id has named no card: no legal action holds either)."""
    try:
        action = Action.from_json(data)
    except DataError:
        return False
    return action in state.legal_actions() and _exact(action.to_json())


def _exact(value: Any) -> bool:
    if isinstance(value, bool | float):
        return False
    if isinstance(value, dict):
        return all(_exact(v) for v in value.values())
    if isinstance(value, list):
        return all(_exact(v) for v in value)
    return True


def rejection_problems(state: State, data: Any) -> list[str]:
    """Apply the illegal ``data`` (JSON, or an Action) and say what went wrong: it was accepted,
    refused with another error or another game's rule, or the state changed, log included.
    Each form a client may send is tried: the mapping, and the Action it makes (if any)."""
    game = state.GAME
    before, legal_before = whole_json(state), legal_json(state)
    problems: list[str] = []
    forms: list[Any] = [data]
    with contextlib.suppress(DataError):
        forms.append(Action.from_json(data))
    for form in forms:
        try:
            state.apply(form)
        except IllegalActionError as err:
            if state.game_over and err.rule != game.game_over_rule:
                problems.append(f"{form!r} after the end: refused by {err.rule}, not {game.game_over_rule}")
            elif not err.rule.startswith(game.rule_prefix + "-"):
                problems.append(f"{form!r}: refused by {err.rule!r}, not a {game.rule_prefix} rule")
        except DataError:
            if isinstance(form, Action):
                problems.append(f"{form!r}: an Action refused with DataError, not IllegalActionError")
        except Exception as exc:
            problems.append(f"{form!r}: {type(exc).__name__}: {exc}")
        else:
            problems.append(f"{form!r} was accepted")
        if whole_json(state) != before or legal_json(state) != legal_before:
            problems.append(f"{form!r} changed the state: {_changed_keys(before, whole_json(state))}")
            break
    return problems


def _changed_keys(before: str, after: str) -> list[str]:
    a, b = json.loads(before), json.loads(after)
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k)) or ["legal actions"]


class StateMachine(RuleBasedStateMachine):
    """A game from a random start, driven by legal, illegal and round-trip steps."""

    GAME_NAME = ""

    def __init__(self) -> None:
        super().__init__()
        self.game = load_game(self.GAME_NAME)
        self.state: State | None = None
        self.conserved: dict[str, int] = {}

    @initialize(data=st.data(), seed=st.integers(0, 2**31), warmup=st.integers(0, 400))
    def start(self, data: st.DataObject, seed: int, warmup: int) -> None:
        names = sorted(self.game.starter_decks())
        a, b = data.draw(st.sampled_from(names)), data.draw(st.sampled_from(names))
        self.state = self.game.new_state([self.game.deck(a), self.game.deck(b)], seed=seed)
        self.conserved = self.state.conserved()
        self.play_on(warmup, seed)

    def play_on(self, n: int, seed: int) -> None:
        """``n`` random legal actions (fewer if the game ends): to reach later positions."""
        assert self.state is not None
        rng = Rng(seed)
        for _ in range(n):
            if self.state.game_over:
                break
            legal = self.state.legal_actions()
            self.state.apply(legal[rng.below(len(legal))])

    @rule(index=st.integers(min_value=0))
    def play_legal(self, index: int) -> None:
        assert self.state is not None
        legal = self.state.legal_actions()
        if self.state.game_over:  # every action is refused now, the last one played included
            assert not legal
            assert rejection_problems(self.state, self.state.history[-1].to_json()) == []
            return
        assert legal, "a decision with no legal action"
        self.state.apply(legal[index % len(legal)])

    @rule(n=st.integers(1, 60), seed=st.integers(0, 2**31))
    def fast_forward(self, n: int, seed: int) -> None:
        self.play_on(n, seed)

    def refuse(self, data: st.DataObject, strategy: Callable[[Snapshot], st.SearchStrategy[Any]]) -> None:
        assert self.state is not None
        bad = data.draw(strategy(Snapshot.of(self.state)), label="illegal")
        if is_legal(self.state, bad):
            event("drawn by chance: a legal action")
            return
        event("refused after the end" if self.state.game_over else "refused in play")
        problems = rejection_problems(self.state, bad)
        assert problems == [], problems

    # Three rules, not one: each is drawn as often as a legal step, so bad input is most steps.
    @rule(data=st.data())
    def try_near_miss(self, data: st.DataObject) -> None:
        self.refuse(data, near_miss_or_random)

    @rule(data=st.data())
    def try_random_action(self, data: st.DataObject) -> None:
        self.refuse(data, random_action)

    @rule(data=st.data())
    def try_malformed_message(self, data: st.DataObject) -> None:
        self.refuse(data, lambda snap: malformed_message())

    @precondition(lambda self: self.state is not None and not self.state.game_over)
    @rule(indices=st.lists(st.integers(min_value=0), min_size=1, max_size=5))
    def round_trip(self, indices: list[int]) -> None:
        """Between the actions the copies are compared without the log (which only grows: its
        length is compared) so that a step costs the same late in a game; in full at the end."""
        assert self.state is not None
        cls = type(self.state)
        copies = {"from_json": cls.from_json(json.loads(whole_json(self.state))), "clone": self.state.clone()}
        for step, index in enumerate(indices):
            now = (json.dumps(self.state.to_json(log=False)), legal_json(self.state),
                   len(self.state.events), len(self.state.history))
            for how, copy in copies.items():
                assert (json.dumps(copy.to_json(log=False)), legal_json(copy), len(copy.events),
                        len(copy.history)) == now, f"{how} differs from the original after {step} actions"
            if self.state.game_over:
                break
            legal = self.state.legal_actions()
            action = legal[index % len(legal)]
            for state in (self.state, *copies.values()):
                state.apply(action)
        for how, copy in copies.items():
            assert whole_json(copy) == whole_json(self.state), f"{how}'s log differs from the original's"

    @invariant()
    def cards_and_counters_hold(self) -> None:
        if self.state is None:
            return
        assert check_conservation(self.state) + check_counters(self.state) == []
        assert self.state.conserved() == self.conserved


def machine_for(game_name: str) -> type[StateMachine]:
    return type(f"{game_name}_machine", (StateMachine,), {"GAME_NAME": game_name})


@pytest.mark.parametrize("game_name", game_names())
def test_random_legal_and_illegal_actions_never_corrupt_a_state(game_name: str) -> None:
    if len(load_game(game_name).starter_decks()) < 1:
        pytest.skip(f"{game_name} has no starter deck")
    machine = machine_for(game_name)
    machine.TestCase.settings = SETTINGS
    machine.TestCase().runTest()


# ---------------------------------------------------------------- the checker fails on broken states
@pytest.fixture
def state() -> State:
    game = load_game("duel_masters")
    names = sorted(game.starter_decks())
    return game.new_state([game.deck(names[0]), game.deck(names[1])], seed=5)


def _broken_apply(mutate: Callable[[State], None], rule: str = "DM-1") -> Callable[..., Any]:
    def apply(self: State, action: Any) -> list[Any]:
        mutate(self)
        raise IllegalActionError(rule, "refused (after changing the state: the fault under test)")
    return apply


@pytest.mark.parametrize(("mutate", "says"), [
    (lambda s: setattr(s, "turn", s.turn + 1), "changed the state: ['turn']"),
    (lambda s: s.events.append({"type": "phase"}), "changed the state: ['events']"),
    (lambda s: s.history.append(Action("pass")), "changed the state: ['history']"),
    (lambda s: s.flags.update(x=1), "changed the state: ['flags']"),
    (lambda s: setattr(s, "_legal", []), "changed the state: ['legal actions']"),
])
def test_rejection_check_catches_a_state_changed_before_the_refusal(
        state: State, monkeypatch: pytest.MonkeyPatch, mutate: Callable[[State], None], says: str) -> None:
    monkeypatch.setattr(type(state), "apply", _broken_apply(mutate))
    problems = rejection_problems(state, {"type": "no_such_action"})
    assert any(says in p for p in problems), problems


def test_rejection_check_catches_a_foreign_rule_a_crash_and_an_acceptance(
        state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    cls = type(state)
    monkeypatch.setattr(cls, "apply", _broken_apply(lambda s: None, rule="core-1"))
    assert any("not a DM rule" in p for p in rejection_problems(state, {"type": "x"}))

    def crash(self: State, action: Any) -> list[Any]:
        raise TypeError("list indices must be integers")
    monkeypatch.setattr(cls, "apply", crash)
    assert any("TypeError" in p for p in rejection_problems(state, {"type": "x"}))
    monkeypatch.setattr(cls, "apply", lambda self, action: [])
    assert any("was accepted" in p for p in rejection_problems(state, {"type": "x"}))


def test_a_sound_refusal_passes_the_rejection_check(state: State) -> None:
    assert rejection_problems(state, {"type": "no_such_action", "card": 10**9}) == []


def test_a_bool_or_float_for_a_card_id_is_not_the_legal_action(state: State) -> None:
    legal = next(a for a in state.legal_actions() if isinstance(a.get("card"), int))
    card = legal.get("card")
    assert is_legal(state, legal.to_json())
    assert not is_legal(state, {**legal.to_json(), "card": float(card)})
