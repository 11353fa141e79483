"""Issue 37 item 1: a decision chosen field by field (tcg/core/choosing.py) over the shared
narrowing (tcg/core/narrowing.py), in all five games.

Every legal action of a listed decision is reachable step by step and a path reaching an action
reaches exactly it; a set is toggled in any order; back goes to the step before; the ways that
differ only in their payment are one option, shown from the presentation's default way; a bad
token is refused by name and changes nothing; no option names a card hidden from the chooser."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from tcg.agents.random_agent import TypeRandomAgent
from tcg.core.actions import Action
from tcg.core.choosing import MAX_PATH, ChoiceError, Step, choice
from tcg.core.presentation import Presentation, Say
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.state import State

GAMES = sorted(game_names())


def say_for(state: State, viewer: int | None = None, lang: str = "en") -> Say:
    seat = state.deciding_player if viewer is None else viewer
    p: Presentation = state.GAME.presentation
    return p.say(lang, seat, lambda c: state.name_of(c) if state.can_see(seat, c) else None)


def decisions(game: str, seeds: range, limit: int = 250) -> Iterator[State]:
    """States of random games at every real decision (the random_by_type agent plays them)."""
    g = load_game(game)
    decks = [g.deck(n) for n in (sorted(g.starter_decks()) * 2)[:2]]
    for seed in seeds:
        state = g.new_state(decks, seed=seed)
        agent, n = TypeRandomAgent(seed), 0
        while not state.game_over and n < limit:
            legal = state.legal_actions()
            if len(legal) > 1:
                yield state
            state.apply(agent.choose({}, legal))
            n += 1


def step_at(state: State, path: list[int], picked: list[int] | None = None) -> Step:
    return choice(state, say_for(state), path, picked)


def action_of(step: Step) -> Action:
    assert step.complete is not None
    return Action.from_json(step.complete["action"])


def reach(state: State, budget: int = 4000) -> set[Action]:
    """Every action some sequence of steps ends on: options, toggled sets, rows of a payment."""
    found: set[Action] = set()
    seen: set[tuple[tuple[int, ...], tuple[int, ...] | None]] = set()
    todo: list[tuple[list[int], list[int] | None]] = [([], None)]
    while todo and len(seen) < budget:
        path, picked = todo.pop()
        key = (tuple(path), tuple(sorted(picked)) if picked is not None else None)
        if key in seen:
            continue
        seen.add(key)
        step = step_at(state, path, picked)
        if step.complete is not None:
            found.add(action_of(step))
        if step.next is not None:
            todo.append((step.next, None))
        todo.extend((o.path, None) for o in step.options if step.picked is None)
        todo.extend((o.path, None) for row in step.rows for o in row.options)
        if step.picked is not None:  # toggle each value on or off
            todo.extend((step.path, sorted(set(step.picked) ^ {o.token}))
                        for o in step.options if o.enabled and o.token is not None)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_of_a_listed_decision_is_reachable_step_by_step(game: str) -> None:
    checked = 0
    for state in decisions(game, range(2), limit=150):
        legal = state.legal_actions()
        if len(legal) > 120:
            continue
        assert reach(state) == set(legal), f"{game} {state.decision}: not every action reachable"
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("game", GAMES)
def test_a_random_walk_of_steps_reaches_a_legal_action_and_exactly_it(game: str) -> None:
    rng = Rng(7)
    walks = 0
    for state in decisions(game, range(2, 4), limit=200):
        path: list[int] = []
        for _ in range(40):
            step = step_at(state, path)
            if step.complete is not None and (not step.options or rng.below(3) == 0):
                break
            choices = [o for o in step.options if step.picked is None] + [o for r in step.rows for o in r.options]
            if not choices:
                break
            option = choices[rng.below(len(choices))]
            path = option.path
            if option.complete:  # the option fixes the action: the path leads to exactly it
                done = step_at(state, path)
                assert done.mode == "done" and done.complete is not None
                assert done.complete["text"] == option.label
                break
        if step.complete is not None or option.complete:
            action = action_of(step_at(state, path)) if option.complete else action_of(step)
            assert action in state.legal_actions()
            walks += 1
    assert walks > 30


def first_state(game: str, kind: str, seeds: range = range(6), test: Any = None) -> State:
    for state in decisions(game, seeds, limit=400):
        if state.decision is not None and state.decision.kind == kind and (test is None or test(state)):
            return state
    raise AssertionError(f"no {kind} decision in {game}")


def test_a_mulligan_is_one_toggle_per_card_confirmed_in_any_order() -> None:
    state = first_state("force_of_will", "mulligan")
    step = step_at(state, [])
    assert step.mode == "toggle" and len(step.options) == 5 and all(o.card is not None for o in step.options)
    assert step.complete is not None and action_of(step) == Action("mulligan", cards=())  # keep: no card chosen
    tokens = [o.token for o in step.options[:3]]
    actions = {action_of(step_at(state, step.path, list(order))) for order in itertools.permutations(tokens)}
    assert len(actions) == 1
    (three,) = actions
    assert set(three.get("cards")) == {o.card for o in step.options[:3]} and three in state.legal_actions()


def test_a_tribute_summon_is_confirmed_only_with_a_legal_set() -> None:
    state = first_state("yugioh", "main", seeds=range(12), test=lambda s: len(
        {a.get("tributes") for a in s.legal_actions() if a.type == "normal_summon" and a.get("tributes")}) > 1)
    top = step_at(state, [])
    tribute = next(o for o in top.options if not o.complete and o.card is not None
                   and any(a.get("card") == o.card and a.get("tributes") for a in state.legal_actions()))
    step = step_at(state, tribute.path)
    assert step.mode == "toggle" and step.complete is None and step.back == top.path
    needed = len(next(a.get("tributes") for a in state.legal_actions() if a.get("card") == tribute.card))
    picks = [o.token for o in step.options[:needed]]
    one_short = step_at(state, step.path, picks[:-1])
    assert one_short.complete is None and one_short.next is None
    done = step_at(state, step.path, picks)
    assert (done.complete is not None or done.next is not None) and done.picked is not None
    assert sorted(done.picked) == sorted(picks)


def test_back_is_the_path_of_the_step_before() -> None:
    state = first_state("duel_masters", "attack",
                        test=lambda s: any(isinstance(a.get("target"), int) for a in s.legal_actions()))
    top = step_at(state, [])
    assert top.back is None
    partial = next(o for o in top.options if not o.complete)
    inner = step_at(state, partial.path)
    assert inner.back == top.path and inner.summary  # "Attack … with <card>"
    assert all(o.complete for o in inner.options) and {o.kind for o in inner.options} <= {"card", "option", "player"}


def test_a_summon_s_ways_of_paying_are_one_option_shown_from_the_default_way() -> None:
    state = first_state("battle_spirits", "main", test=lambda s: any(
        a.type == "summon" for a in s.legal_actions()[:50]) and len(s.legal_actions()) > 200)
    top = step_at(state, [])
    summon = next(o for o in top.options if o.ways is not None and o.ways > 1)
    assert sum(1 for o in top.options if o.card == summon.card and o.label.startswith("Summon")) == 1
    pay = step_at(state, summon.path)
    assert pay.mode == "pay" and pay.complete is not None and pay.rows and pay.back == top.path
    ways = [a for a in state.legal_actions() if a.type == "summon" and a.get("card") == summon.card]
    assert action_of(pay) == state.GAME.presentation.default_way(state, ways)
    assert pay.complete["text"] == summon.label == pay.summary
    # a row's option changes the count of its source, and stays a legal way
    row = next(r for r in pay.rows if len(r.options) > 1)
    other = next(o for o in row.options if not o.selected)
    changed = step_at(state, other.path)
    assert changed.mode == "pay" and action_of(changed) in state.legal_actions()
    assert action_of(changed) != action_of(pay)
    assert changed.back == top.path


class Careful(Presentation):
    """A presentation whose ways harm every card they pay from (its default: the first harmless)."""

    def harm(self, state: State, action: Action) -> tuple[int, ...]:
        pay = action.get("pay")
        return tuple(k for k, _ in pay if isinstance(k, int)) if pay else ()


def test_a_way_that_harms_says_so_and_the_default_way_avoids_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = first_state("battle_spirits", "main", seeds=range(10), test=lambda s: any(
        a.type == "summon" and any(isinstance(k, int) for k, _ in a.get("pay"))
        and any(b.type == "summon" and b.get("card") == a.get("card") and not any(
            isinstance(k, int) for k, _ in b.get("pay")) for b in s.legal_actions()[:400])
        for a in s.legal_actions()[:400]))
    real = state.GAME.presentation
    careful = Careful(real.game, real.folder)
    monkeypatch.setattr(type(state.GAME), "presentation", careful)
    top = step_at(state, [])
    for summon in (o for o in top.options if o.ways):
        pay = step_at(state, summon.path)
        assert pay.harm is None and careful.harm(state, action_of(pay)) == ()
        harmful = [o for r in pay.rows for o in r.options if careful.harm(state, action_of(step_at(state, o.path)))]
        if harmful:
            warned = step_at(state, harmful[0].path)
            assert warned.harm is not None and "costs your own" in warned.harm
            return
    raise AssertionError("no way of paying from a card was offered")


def test_go_first_and_go_second_are_both_options() -> None:
    state = first_state("force_of_will", "first_player")
    labels = [o.label for o in step_at(state, []).options]
    assert "Go first" in labels and "Go second" in labels


def test_duel_masters_shows_every_shield_it_may_break() -> None:
    state = first_state("duel_masters", "break", seeds=range(12))
    step = step_at(state, [])
    assert len(step.options) == len(state.legal_actions()) >= 2 and all(o.complete for o in step.options)


@pytest.mark.parametrize("path", [[99999], [-1], [0, 0, 0]])
def test_a_bad_token_is_refused_by_name_and_changes_nothing(path: list[int]) -> None:
    state = first_state("duel_masters", "main", test=lambda s: len(s.legal_actions()) > 3)
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(ChoiceError) as refused:
        step_at(state, path)
    assert refused.value.code == "path" and "path[0]" in refused.value.message
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_malformed_paths_and_picks_are_refused() -> None:
    state = first_state("force_of_will", "mulligan")
    step = step_at(state, [])
    for path, picked, code in (([1.5], None, "malformed"), ("12", None, "malformed"),
                               ([0] * (MAX_PATH + 1), None, "too_long"), (step.path, [3], "picked")):
        with pytest.raises(ChoiceError) as refused:
            step_at(state, path, picked)  # type: ignore[arg-type]
        assert refused.value.code == code
    with pytest.raises(ChoiceError, match="picked is for a step that toggles"):
        step_at(first_state("duel_masters", "main"), [], [])


def hidden_only_names(state: State, viewer: int) -> set[str]:
    hidden, seen = set(), set()
    for cid, card in enumerate(state.cards):
        (seen if state.can_see(viewer, cid) else hidden).add(card.name)
    return hidden - seen


@pytest.mark.parametrize("game", GAMES)
def test_no_step_names_a_card_hidden_from_the_chooser(game: str) -> None:
    for state in decisions(game, range(1), limit=120):
        secret = hidden_only_names(state, state.deciding_player)
        step = step_at(state, [])
        deeper = [step_at(state, o.path) for o in step.options[:6] if not o.complete and step.picked is None]
        for shown in (step, *deeper):
            text = json.dumps(shown.to_json())
            assert not [n for n in secret if n in text], f"{game}: {text} names a hidden card"
