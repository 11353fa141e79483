"""The engine's limits (tcg/core/limits.py, docs/reliability.md "Limits"): the largest deck,
zone (a hand), chain/chase and game the engine accepts, and a precise error or a clean end
beyond each."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tcg
from tcg.core.actions import Action
from tcg.core.decklist import DeckEntry, DeckList, parse_deck_text
from tcg.core.errors import DataError, IllegalActionError
from tcg.core.limits import MAX_DECK_CARDS, MAX_GAME_ACTIONS, MAX_RULE_STEPS, MAX_STACK_DEPTH, MAX_ZONE_CARDS
from tcg.core.registry import load_game
from tcg.core.rng import Rng
from tcg.core.scenario import run_file
from tcg.core.state import State, Task


def starter_state(name: str = "duel_masters", seed: int = 1) -> State:
    game = load_game(name)
    return game.new_state([game.deck(n) for n in sorted(game.starter_decks())[:2]], seed=seed)


def test_a_deck_list_passing_the_deck_limit_is_refused_at_its_line() -> None:
    assert len(parse_deck_text(f"{MAX_DECK_CARDS} Bolshack Dragon\n").cards()) == MAX_DECK_CARDS
    with pytest.raises(DataError) as err:
        parse_deck_text(f"{MAX_DECK_CARDS - 1} Bolshack Dragon\n\n2 Aqua Hulcus\n", source="big.txt")
    assert err.value.line == 3 and f"passes {MAX_DECK_CARDS} cards" in str(err.value)
    with pytest.raises(DataError):  # a billion copies never becomes a billion names
        parse_deck_text("1000000000 Bolshack Dragon\n")


def test_a_deck_beyond_the_limit_is_refused_when_a_game_starts() -> None:
    game = load_game("duel_masters")
    huge = DeckList("huge", [DeckEntry(MAX_DECK_CARDS + 1, "Bolshack Dragon", 1)])
    with pytest.raises(DataError) as err:
        game.new_state([huge, game.deck(sorted(game.starter_decks())[0])], seed=1)
    assert err.value.field == "decks[0]" and str(MAX_DECK_CARDS) in err.value.message


def test_a_state_with_a_hand_beyond_the_zone_limit_is_refused() -> None:
    state = starter_state()
    data = json.loads(json.dumps(state.to_json()))
    card = data["zones"][0]["hand"][0]
    data["zones"][0]["hand"] = [card] * (MAX_ZONE_CARDS + 1)
    with pytest.raises(DataError) as err:
        type(state).from_json(data)
    assert err.value.field == "zones[0].hand" and f"at most {MAX_ZONE_CARDS}" in err.value.message


def test_a_scenario_with_a_hand_beyond_the_zone_limit_is_refused_at_its_line(tmp_path: Any) -> None:
    path = tmp_path / "big.yaml"
    hand = "[" + ", ".join(["Bolshack Dragon"] * (MAX_ZONE_CARDS + 1)) + "]"
    path.write_text("name: a huge hand\ngame: duel_masters\nstate:\n  players:\n"
                    f"    - zones: {{hand: {hand}}}\n    - {{}}\nsteps: []\n", encoding="utf-8")
    results = run_file(path)
    assert len(results) == 1 and not results[0].passed
    text = " ".join(results[0].failures)
    assert "big.yaml:5" in text and "zones.hand" in text and f"at most {MAX_ZONE_CARDS}" in text


def test_a_game_reaching_the_action_limit_ends_in_a_draw_and_refuses_more() -> None:
    state = starter_state("one_piece")
    data = json.loads(json.dumps(state.to_json()))
    data["history"] = [{"type": "pass"}] * (MAX_GAME_ACTIONS - 1)  # as if it had played that long
    long = type(state).from_json(data)
    long.apply(long.legal_actions()[0])
    assert long.winner == "draw" and long.events[-1] == {"winner": "draw", "reason": "action_limit",
                                                          "type": "game_over"}
    with pytest.raises(IllegalActionError) as err:
        long.apply(Action("pass"))
    assert err.value.rule == long.GAME.game_over_rule
    data["history"] = [{"type": "pass"}] * (MAX_GAME_ACTIONS + 1)
    with pytest.raises(DataError) as bad:
        type(state).from_json(data)
    assert bad.value.field == "history"


@pytest.mark.skipif(tcg.compiled(), reason="compiled methods call each other directly: the patched step is unseen")
def test_an_endless_loop_of_automatic_steps_ends_the_game_in_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    state = starter_state()
    steps = [0]

    def looping(self: State, task: Task) -> None:  # a trigger that queues itself forever
        steps[0] += 1
        self.tasks.append(task)

    monkeypatch.setattr(type(state), "_run_task", looping)
    state.tasks.append(Task("loop"))
    state.decision = None
    state.run()
    assert steps[0] == MAX_RULE_STEPS
    assert state.winner == "draw" and state.events[-1]["reason"] == "step_limit"


def window_with_items(name: str, kind: str, key: str) -> State:
    """A position where a response window is open on a stack with an item, from random play."""
    for seed in range(40):
        state = starter_state(name, seed)
        rng = Rng(seed)
        for _ in range(600):
            if state.game_over:
                break
            decision = state.decision
            if decision is not None and decision.kind == kind and state.flags.get(key) \
                    and len(state.legal_actions()) > 1:
                return state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    raise AssertionError(f"no {kind} window with an answer on a {key} in 40 {name} games")


@pytest.mark.parametrize(("name", "kind", "key"), [("yugioh", "response", "chain"),
                                                   ("force_of_will", "window", "chase")])
def test_a_full_chain_or_chase_offers_only_pass_and_says_why(name: str, kind: str, key: str) -> None:
    state = window_with_items(name, kind, key)
    answer = next(a for a in state.legal_actions() if a.type != "pass")
    items: list[dict[str, Any]] = state.flags[key]
    state.flags[key] = [*items, *[dict(items[-1]) for _ in range(MAX_STACK_DEPTH - len(items))]]
    state._changed()
    assert [a.type for a in state.legal_actions()] == ["pass"]
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as err:
        state.apply(answer)
    assert f"the {key} holds {MAX_STACK_DEPTH} items, the most the engine allows" in err.value.message
    assert json.dumps(state.to_json(), sort_keys=True) == before
