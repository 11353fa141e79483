"""Every scenario file under scenarios/ passes (the rules test suite)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcg.core.scenario import run_file, run_scenario

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(p for p in ROOT.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario_file(path: Path):
    results = run_file(path)
    assert results, f"{path} holds no scenario"
    failures = [f"{r.source} {r.name}\n" + "\n".join(r.failures) for r in results if not r.passed]
    assert not failures, "\n".join(failures)


def test_a_wrong_expectation_fails_with_a_readable_diff():
    spec = {
        "name": "wrong on purpose",
        "game": "duel_masters",
        "cards": [{"name": "Filler", "type": "creature", "civilizations": ["water"], "cost": 1, "power": 1000}],
        "state": {"turn": 3, "phase": "main", "players": [{"zones": {"hand": ["Filler"], "deck": ["Filler"]}},
                                                           {"zones": {"deck": ["Filler"]}}]},
        "expect": {"players": [{"zones": {"hand": {"count": 2}}}]},
    }
    result = run_scenario(spec)
    assert not result.passed
    assert "players[0].zones.hand: expected count 2, got 1" in "\n".join(result.failures)


def test_unknown_card_in_state_is_a_precise_error():
    spec = {"name": "bad", "game": "duel_masters",
            "state": {"players": [{"zones": {"hand": ["No Such Card"]}}]}}
    result = run_scenario(spec)
    assert result.failures and "No Such Card" in result.failures[0]
    assert "state.players[0].zones.hand[0]" in result.failures[0]


def test_malformed_card_definition_names_the_field():
    spec = {"name": "bad card", "game": "duel_masters",
            "cards": [{"name": "Broken", "type": "creature", "cost": "three"}]}
    result = run_scenario(spec)
    assert result.failures and "cost" in result.failures[0] and "Broken" in result.failures[0]


@pytest.mark.parametrize("game", ["duel_masters", "battle_spirits"])
def test_active_must_own_the_turn(game: str):
    # README, Scenario semantics: `active` must be first_player on odd turns, the other on even ones.
    result = run_scenario({"name": "bad turn", "game": game, "state": {"turn": 2, "active": 0}})
    assert result.failures and "state.active" in result.failures[0]


def test_malformed_legal_check_is_a_precise_error():
    spec = {"name": "bad legal", "game": "yugioh", "state": {"turn": 3, "phase": "main1"},
            "steps": [{"expect": {"legal": [{"type": "next_phase"}]}}]}
    result = run_scenario(spec)
    assert result.failures and "expect.legal" in result.failures[0] and "includes" in result.failures[0]
