"""Bad input never crashes and never changes anything: mutated actions raise IllegalActionError
naming a rule of the game (its own prefix, never a generic core id), and the state's JSON is the same
afterwards (every registered game)."""

from __future__ import annotations

import json

import pytest

from tcg.core.actions import Action, Counts
from tcg.core.errors import IllegalActionError
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng


def mutations(action: Action, n_cards: int, rng: Rng) -> list[Action]:
    """Near misses of a legal action: another card, a missing field, a foreign type, junk values."""
    fields = dict(action.fields)
    out = [Action("no_such_action"), Action("no_such_action", card=0, target="player"),
           Action(action.type, **{**fields, "card": n_cards + 5}),
           Action(action.type, **{**fields, "no_such_field": 1}),
           Action(action.type, **{**fields, "option": "no_such_option"})]
    if "card" in fields:
        out.append(Action(action.type, **{k: v for k, v in fields.items() if k != "card"}))
        out.append(Action(action.type, **{**fields, "card": rng.below(n_cards)}))
        out.append(Action(action.type, **{**fields, "card": "x"}))
    if "target" in fields:
        out.append(Action(action.type, **{**fields, "target": rng.below(n_cards)}))
        out.append(Action(action.type, **{**fields, "target": "x"}))
    for k, v in fields.items():  # a field of the wrong kind: a number for a text, a text for a number
        if k != "card" and type(v) is not Counts:  # a count mapping of the wrong kind is refused when built
            out.append(Action(action.type, **{**fields, k: "x" if isinstance(v, int) else 7}))
    for other in ("attack", "summon", "play", "activate", "block", "pass", "end_turn", "choose"):
        out.append(Action(other, card=rng.below(n_cards)))
    return out


@pytest.mark.parametrize("game_name", game_names())
def test_mutated_actions_are_rejected_cleanly(game_name: str) -> None:
    game = load_game(game_name)
    names = sorted(game.starter_decks())
    if len(names) < 2:
        pytest.skip("no starter decks")
    rng = Rng(99)
    prefix = game.rule_prefix + "-"
    for g in range(3):
        state = game.new_state([game.deck(names[0]), game.deck(names[1])], seed=g)
        for _ in range(120):
            if state.game_over:
                break
            legal = state.legal_actions()
            base = legal[rng.below(len(legal))]
            # Once per state; each rejection is compared without the (growing) log, whose length
            # is compared instead, and the whole JSON once after the last rejection.
            before = state.to_json(log=False)
            logged = (len(state.events), len(state.history))
            whole = json.dumps(state.to_json(), sort_keys=True)
            for bad in mutations(base, len(state.cards), rng):
                if bad in legal:
                    continue
                with pytest.raises(IllegalActionError) as err:
                    state.apply(bad)
                rule = err.value.rule
                assert rule.startswith(prefix), (bad, rule)
                assert state.to_json(log=False) == before, bad
                assert (len(state.events), len(state.history)) == logged, bad
            assert json.dumps(state.to_json(), sort_keys=True) == whole
            state.apply(base)
        if state.game_over:  # after the end every action is refused by the game's own end-of-game rule
            with pytest.raises(IllegalActionError) as err:
                state.apply(Action("pass"))
            assert err.value.rule == game.game_over_rule and err.value.rule.startswith(prefix)


@pytest.mark.parametrize("game_name", game_names())
def test_ids_naming_no_card_are_refused_by_a_rule_and_named_as_no_card(game_name: str) -> None:
    """An unknown action whose card field names no card was explained with the card's name:
    an IndexError escaped apply, and a negative id named a card counted from the end (found by
    tests/test_properties.py)."""
    game = load_game(game_name)
    names = sorted(game.starter_decks())
    state = game.new_state([game.deck(names[0]), game.deck(names[-1])], seed=0)
    whole = json.dumps(state.to_json())
    for cid in (len(state.cards), 10**9, -1):
        for field in ("card", "target", "source"):
            with pytest.raises(IllegalActionError) as err:
                state.apply(Action("no_such_action", **{field: cid}))
            assert err.value.rule.startswith(game.rule_prefix + "-")
            assert f"{state.cards[-1].name}(-1)" not in err.value.message  # the last card, by name
            assert json.dumps(state.to_json()) == whole


def test_an_out_of_range_id_in_an_explanation_reads_no_such_card() -> None:
    game = load_game("yugioh")
    state = game.new_state([game.deck("beatdown"), game.deck("beatdown")], seed=0)
    text = state.action_text(Action("attack", card=-1, target=10**9))
    assert text == "attack no such card(-1) -> no such card(1000000000)"


@pytest.mark.parametrize("game_name", game_names())
def test_an_explanation_never_names_a_card_hidden_from_the_player_who_tried(game_name: str) -> None:
    """An id guessed for a card hidden from the decider (the opponent's hand, a deck) is refused
    without its name: the error would otherwise tell them what the card is."""
    game = load_game(game_name)
    names = sorted(game.starter_decks())
    state = game.new_state([game.deck(names[0]), game.deck(names[1])], seed=5)
    rng = Rng(5)
    tried = 0
    for _ in range(150):
        if state.game_over:
            break
        legal = state.legal_actions()
        viewer = state.deciding_player
        seen = {c.name for c in state.cards if state.can_see(viewer, c.id)}
        hidden = [c.id for c in state.cards if not state.can_see(viewer, c.id) and c.name not in seen]
        for action in legal:
            if "card" in dict(action.fields) and hidden:
                cid = hidden[rng.below(len(hidden))]
                guess = Action(action.type, **{**dict(action.fields), "card": cid})
                if guess in legal:
                    continue
                with pytest.raises(IllegalActionError) as err:
                    state.apply(guess)
                assert state.cards[cid].name not in err.value.message, (guess, err.value.message)
                tried += 1
                break
        state.apply(legal[rng.below(len(legal))])
    assert tried > 10
