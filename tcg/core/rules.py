"""A game's rulebook: every decision kind with the one handler that keeps its rules together,
and every task kind with its step.

Why: before the rulebook, one decision kind lived in four switchboards — a branch of the
legal-action generator, of the answer, of the task runner and of the illegal-action
explanation in another module — and nothing said when one was missing. A
:class:`DecisionRule` keeps side by side the action types a decision accepts, its legal
actions, how an answer is carried out and why another action is not legal (ygopro's "the
same definition answers *may I?* and *do it*"), and :class:`Rulebook` is the table a
newcomer reads first. :class:`tcg.core.state.State` dispatches through the one each game
declares (``RULEBOOK``); no game overrides the dispatch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from tcg.core.actions import Action

if TYPE_CHECKING:
    from tcg.core.state import Decision, State, Task

#: The game's state class (each game's handlers and steps take its own).
S = TypeVar("S", bound="State")
#: An automatic rules step: it changes the state and may set the next decision or queue tasks.
Step = Callable[[S, "Task"], None]
#: What runs after every answer and every step (state-based checks, waiting triggers).
Settle = Callable[[S], None]


@mypyc_attr(allow_interpreted_subclasses=True)  # tests and new games subclass it uncompiled
class DecisionRule(Generic[S]):
    """One decision kind: what it accepts, what is legal, how an answer resolves, why not.

    Subclasses set ``kind``, ``accepts`` (every action type ``actions`` can return) and
    ``rule`` (the rule id for an action of a type the decision never takes), and implement
    :meth:`actions` and :meth:`resolve`; :meth:`explain` may name a more precise rule.
    Generic in the game's state class: a game's handlers subclass ``DecisionRule[ItsState]``.
    """

    kind: ClassVar[str] = ""
    #: What the decision asks of a person, in English (``tcg/core/presentation.py``; the
    #: other languages are in the game's ``texts/<lang>.yaml`` under ``prompts``).
    prompt: ClassVar[str] = ""
    accepts: ClassVar[frozenset[str]] = frozenset()
    rule: ClassVar[str] = ""

    def actions(self, state: S, decision: Decision) -> Sequence[Action]:
        """Every legal answer, in the engine's stable order."""
        raise NotImplementedError

    def resolve(self, state: S, decision: Decision, action: Action) -> None:
        """Carry out a legal answer (the decision is already cleared from the state)."""
        raise NotImplementedError

    def explain(self, state: S, decision: Decision, action: Action) -> tuple[str, str]:
        """(rule id, sentence) for an action that is not among :meth:`actions`; only called on
        the slow path, so it may re-derive what it needs."""
        if action.type not in self.accepts:
            takes = ", ".join(sorted(self.accepts))
            return self.rule, f"a {self.kind} decision takes {takes}, not {action.type}"
        return self.rule, f"{state.action_text(action)} is not a legal answer to this {self.kind} decision"


class Rulebook(Generic[S]):
    """The table of a game's rules: decision kinds to handlers, task kinds to steps.

    Built once per game at import; it checks that every handler names its kind, the action
    types it accepts and a rule id of the game, so that a handler that could explain an
    illegal action only with another game's words (or none) cannot be registered.
    """

    __slots__ = ("decisions", "no_decision_rule", "prefix", "settle", "steps")

    def __init__(self, prefix: str, decisions: Iterable[DecisionRule[S]], steps: Mapping[str, Step[S]],
                 settle: Settle[S] | None = None, no_decision_rule: str = "") -> None:
        self.prefix = prefix
        self.decisions: dict[str, DecisionRule[S]] = {}
        for handler in decisions:
            kind = handler.kind
            if not kind or kind in self.decisions:
                raise ValueError(f"{type(handler).__name__}: decision kind {kind!r} is empty or given twice")
            if not handler.accepts:
                raise ValueError(f"{type(handler).__name__}: a decision rule must say which action types it accepts")
            if not handler.rule.startswith(prefix + "-"):
                raise ValueError(f"{type(handler).__name__}: its rule {handler.rule!r} is not a {prefix} rule id")
            self.decisions[kind] = handler
        self.steps: dict[str, Step[S]] = dict(steps)
        self.settle = settle
        self.no_decision_rule = no_decision_rule or f"{prefix}-1"

    @property
    def action_types(self) -> frozenset[str]:
        """Every action type some decision of the game accepts."""
        return frozenset().union(*(h.accepts for h in self.decisions.values()))

    def decision_rule(self, kind: str) -> DecisionRule[S]:
        try:
            return self.decisions[kind]
        except KeyError:
            raise RuntimeError(f"decision kind {kind!r} is not in the {self.prefix} rulebook") from None

    def step(self, kind: str) -> Step[S]:
        try:
            return self.steps[kind]
        except KeyError:
            raise RuntimeError(f"task kind {kind!r} is not in the {self.prefix} rulebook") from None

    # The dispatch the core's State does when a game declares a rulebook: once or more per
    # action of every game, so the table is read directly (a missing kind is named by the
    # lookups above, on the slow path).
    def legal(self, state: S) -> Sequence[Action]:
        decision = state.decision
        assert decision is not None
        handler = self.decisions.get(decision.kind)
        if handler is None:
            handler = self.decision_rule(decision.kind)
        return handler.actions(state, decision)

    def answer(self, state: S, action: Action) -> None:
        decision = state.decision
        assert decision is not None
        handler = self.decisions.get(decision.kind)
        if handler is None:
            handler = self.decision_rule(decision.kind)
        state.decision = None
        handler.resolve(state, decision, action)
        if self.settle is not None:
            self.settle(state)

    def run_step(self, state: S, task: Task) -> None:
        step = self.steps.get(task.kind)
        if step is None:
            step = self.step(task.kind)
        step(state, task)
        if self.settle is not None:
            self.settle(state)

    def explain(self, state: S, action: Action) -> tuple[str, str]:
        decision = state.decision
        if decision is None:
            return self.no_decision_rule, "no decision is pending"
        return self.decision_rule(decision.kind).explain(state, decision, action)
