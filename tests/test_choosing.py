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
from tcg.core.choosing import EXPAND, MAX_PATH, ChoiceError, Step, choice
from tcg.core.presentation import Presentation, Say
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.state import State
from tests.hidden_names import hidden_only_names, secrets_named, visible_names

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
    for state in decisions(game, range(1), limit=150):
        legal = state.legal_actions()
        if len(legal) > 120:
            continue
        assert reach(state) == set(legal), f"{game} {state.decision}: not every action reachable"
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("game", GAMES)
def test_a_random_walk_of_steps_reaches_a_legal_action_and_exactly_it(game: str) -> None:
    rng = Rng(7)
    walks = 0
    for state in decisions(game, range(2, 3), limit=80 if game == "battle_spirits" else 150):
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
    assert walks > 15


@pytest.mark.parametrize("game", ["duel_masters", "force_of_will"])
def test_a_complete_path_sent_back_fixes_the_same_action(game: str) -> None:
    """What a front end sends to act: a step's complete path, even where the rest of a set of
    mana or stones to tap is forced and left out of it."""
    checked = 0
    for state in decisions(game, range(3), limit=300):
        top = step_at(state, [])
        for step in (top, *[step_at(state, o.path) for o in top.options[:4] if not o.complete and top.picked is None]):
            if step.complete is not None:
                again = step_at(state, step.complete["path"])
                assert again.complete is not None and again.complete["action"] == step.complete["action"]
                checked += 1
    assert checked > 30


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


def tribute_state() -> State:
    """A Yu-Gi-Oh! main phase where a monster can be Tribute Summoned with several sets of tributes."""
    return first_state("yugioh", "main", seeds=range(12), test=lambda s: len(
        {a.get("tributes") for a in s.legal_actions() if a.type == "normal_summon" and a.get("tributes")}) > 1)


def test_a_tribute_summon_is_confirmed_only_with_a_legal_set() -> None:
    state = tribute_state()
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
    state = tribute_state()
    top = step_at(state, [])
    assert top.back is None
    partial = next(o for o in top.options if not o.complete)
    inner = step_at(state, partial.path)
    assert inner.back == top.path and inner.summary  # "Normal Summon <card>, tributing …"
    again = step_at(state, inner.back)
    assert [o.path for o in again.options] == [o.path for o in top.options]


def test_every_target_of_an_attack_is_its_own_option() -> None:
    state = first_state("one_piece", "main", test=lambda s: sum(a.type == "attack" for a in s.legal_actions()) > 1)
    top = step_at(state, [])
    attackers = {a.get("card") for a in state.legal_actions() if a.type == "attack"}
    for attacker in attackers:
        targets = {a.get("target") for a in state.legal_actions() if a.type == "attack" and a.get("card") == attacker}
        shown = [o for o in top.options if o.card == attacker and o.label.startswith("Attack")]
        if len(targets) == 1:
            assert len(shown) == 1 and shown[0].complete
            continue
        inner = step_at(state, shown[0].path)
        assert {o.card for o in inner.options} == targets and all(o.complete for o in inner.options)


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


def harmful_row(state: State) -> tuple[Step, Step] | None:
    """A summon's pay step (its default way) and a way one click away on it that depletes a spirit."""
    top = step_at(state, [])
    for summon in (o for o in top.options if o.ways):
        pay = step_at(state, summon.path)
        for option in (o for r in pay.rows for o in r.options if not o.selected):
            changed = step_at(state, option.path)
            if changed.harm:
                return pay, changed
    return None


def test_a_way_that_depletes_a_spirit_says_so_and_the_default_way_does_not() -> None:
    state = first_state("battle_spirits", "main", seeds=range(10), test=lambda s: harmful_row(s) is not None)
    found = harmful_row(state)
    assert found is not None
    pay, harmful = found
    assert pay.harm is None and state.GAME.presentation.harm(state, action_of(pay)) == ()
    assert harmful.harm is not None and harmful.harm.startswith("depletes")
    assert state.GAME.presentation.harm(state, action_of(harmful))


def test_go_first_and_go_second_are_both_options() -> None:
    state = first_state("force_of_will", "first_player")
    labels = [o.label for o in step_at(state, []).options]
    assert "Go first" in labels and "Go second" in labels


def test_duel_masters_shows_every_shield_it_may_break() -> None:
    state = first_state("duel_masters", "break", seeds=range(12))
    step = step_at(state, [])
    assert [o.label for o in step.options] == [f"Shield {n}" for n in range(1, 6)]
    assert all(o.complete for o in step.options)
    defender = state.decision.data["defender"]  # each option means its shield's place, never its id
    assert [o.place for o in step.options] == [{"seat": defender, "zone": "shields", "index": i} for i in range(5)]
    assert all(o.card is None for o in step.options)


def test_thunder_offers_every_target_and_the_prompt_names_it() -> None:
    state = first_state("force_of_will", "target", seeds=range(1), test=lambda s: s.name_of(
        s.GAME.presentation.asking_card(s) or 0) == "Thunder")
    step = step_at(state, [])
    assert step.question.startswith("Thunder: ")
    labels = [o.label for o in step.options]
    assert len(labels) == len(state.decision.data["candidates"]) == len(state.legal_actions())
    assert "Target you" in labels and "Target the opponent" in labels and all(o.complete for o in step.options)


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








@pytest.mark.parametrize("game", GAMES)
def test_no_step_names_a_card_hidden_from_the_chooser(game: str) -> None:
    for state in decisions(game, range(1), limit=50 if game == "battle_spirits" else 100):
        secret = hidden_only_names(state, state.deciding_player)
        seen = visible_names(state, state.deciding_player)
        step = step_at(state, [])
        deeper = [step_at(state, o.path) for o in step.options[:6] if not o.complete and step.picked is None]
        for shown in (step, *deeper):
            text = json.dumps(shown.to_json())
            assert not secrets_named(text, secret, seen), f"{game}: {text} names a hidden card"


def test_a_small_choice_is_shown_as_its_actions_one_click_each() -> None:
    """issue 37 item 3 (fewer clicks): a Battle Spirits core move, a few ways in all, is one click
    per move, not the move, then the spirit, then the count."""
    state = first_state("battle_spirits", "main", range(3),
                        test=lambda s: any(a.type == "move_cores" for a in s.legal_actions()))
    moves = {a for a in state.legal_actions() if a.type == "move_cores"}
    top = step_at(state, [])
    shown = [o for o in top.options if o.type == "move_cores"]
    assert len(top.options) <= EXPAND and all(o.complete or o.harm for o in shown)  # a harmful one asks first
    assert {action_of(step_at(state, o.path)) for o in shown} == moves
