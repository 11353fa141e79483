"""Every scenario file under scenarios/ passes (the rules test suite)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
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


# ---------------------------------------------------------------------- checks that cannot fail
# Each of these scenarios passed under the old runner (a check that could not fail); now each is a
# malformed scenario whose message names the file and the line of the offending item.
DM_BASE = """\
name: probe
game: duel_masters
rules: [DM-10]
cards:
  - {name: Dark Spell, type: spell, civilizations: [darkness], cost: 3, effects: [{do: draw}]}
  - {name: Fire Mana, type: creature, civilizations: [fire], cost: 2, power: 1000}
state:
  turn: 3
  phase: main
  players:
    - zones: {hand: [Dark Spell], mana: [Fire Mana, Fire Mana, Fire Mana], deck: [Fire Mana]}
    - zones: {deck: [Fire Mana]}
"""


def malformed(tmp_path: Path, text: str) -> str:
    """The failure lines of the single scenario in ``text`` (written to a file), which must be malformed."""
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    results = run_file(path)
    assert len(results) == 1 and not results[0].passed, "the runner accepted a scenario that cannot fail"
    message = "\n".join(results[0].failures)
    assert message.startswith("malformed scenario"), message
    return message


def test_misspelt_card_in_an_error_step_is_malformed(tmp_path: Path):
    text = DM_BASE + "steps:\n  - {player: 0, type: cast, card: Dark Spel, error: true}\n"
    message = malformed(tmp_path, text)
    assert f"{tmp_path / 'probe.yaml'}:14" in message and "unknown card 'Dark Spel'" in message


def test_card_reference_that_names_no_instance_is_malformed(tmp_path: Path):
    # Dark Spell exists, but player 1 has none: "p1:Dark Spell" resolves to no card.
    text = DM_BASE + "steps:\n  - {player: 0, type: cast, card: 'p1:Dark Spell', error: true}\n"
    message = malformed(tmp_path, text)
    assert "probe.yaml:14" in message and "no card 'p1:Dark Spell' is in the game now" in message


def test_unknown_action_type_is_malformed(tmp_path: Path):
    text = DM_BASE + "steps:\n  - {player: 0, type: cast_spell, card: Dark Spell, error: true}\n"
    message = malformed(tmp_path, text)
    assert "probe.yaml:14" in message and "no action type 'cast_spell'" in message and "charge_mana" in message


def test_misspelt_card_in_a_legal_pattern_is_malformed(tmp_path: Path):
    text = DM_BASE + "expect:\n  legal:\n    excludes:\n      - {type: cast, card: Dark Spel}\n"
    message = malformed(tmp_path, text)
    assert "probe.yaml:16" in message and "unknown card 'Dark Spel'" in message


def test_error_step_of_a_player_who_is_not_deciding_is_malformed(tmp_path: Path):
    text = DM_BASE + "steps:\n  - {player: 1, type: cast, card: Dark Spell, error: true}\n"
    message = malformed(tmp_path, text)
    assert "probe.yaml:14" in message and "player 1 is not deciding (player 0 is)" in message
    assert "deciding: 0" in message


def test_deciding_key_states_who_decides_and_is_checked(tmp_path: Path):
    path = tmp_path / "probe.yaml"
    path.write_text(DM_BASE + "steps:\n  - {player: 1, type: cast, card: Dark Spell, error: true, deciding: 0}\n")
    assert [r.failures for r in run_file(path)] == [[]]
    path.write_text(DM_BASE + "steps:\n  - {player: 0, type: cast, card: Dark Spell, error: true, deciding: 1}\n")
    (result,) = run_file(path)
    assert result.failures == ["step 1: deciding: expected 1, got 0"]


@pytest.mark.parametrize(("expect", "line", "says"), [
    ("winner: maybe", 14, "winner is 0, 1, draw or null, got 'maybe'"),
    ("players: [{zones: {hand: {count: many}}}]", 14, "count is a whole number, got 'many'"),
    ("players: [{zones: {hand: {cont: 1}}}]", 14, "unknown zone check cont"),
    ("players: [{zones: {hand: {excludes: [Dark Spel]}}}]", 14, "unknown card 'Dark Spel'"),
    ("turn: three", 14, "turn is a whole number from 1, got 'three'"),
    ("deciding: someone", 14, "deciding is 0, 1 or null, got 'someone'"),
])
def test_malformed_expectation_value(tmp_path: Path, expect: str, line: int, says: str):
    message = malformed(tmp_path, DM_BASE + "expect:\n  " + expect + "\n")
    assert f"probe.yaml:{line}" in message and says in message, message


@pytest.mark.parametrize(("text", "line", "says"), [
    (DM_BASE + "seed: one\n", 13, "seed is a whole number, got 'one'"),
    (DM_BASE + "seed: 1.5\n", 13, "seed is a whole number, got 1.5"),
    (DM_BASE.replace("turn: 3", "turn: '3'"), 8, "turn is a whole number, got '3'"),
])
def test_non_integer_seed_or_turn_is_malformed(tmp_path: Path, text: str, line: int, says: str):
    message = malformed(tmp_path, text)
    assert f"probe.yaml:{line}" in message and says in message, message


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n---\n"])
def test_empty_file_is_malformed(tmp_path: Path, text: str):
    message = malformed(tmp_path, text)
    assert f"{tmp_path / 'probe.yaml'}:1" in message and "holds no scenario" in message


@pytest.mark.parametrize("game_name", game_names())
def test_random_games_generate_only_declared_action_types(game_name: str):
    # The runner rejects a step type outside Game.ACTION_TYPES: the set must hold every type the
    # game can generate (random games over every pair of starter decks, a bounded number of steps).
    game = load_game(game_name)
    assert game.ACTION_TYPES, f"{game_name} declares no ACTION_TYPES"
    decks = sorted(game.starter_decks())
    rng = Rng(7)
    seen: set[str] = set()
    for seed in range(6):
        state = game.new_state([game.deck(decks[seed % len(decks)]), game.deck(decks[(seed + 1) % len(decks)])],
                               seed=seed)
        for _ in range(600):
            if state.game_over:
                break
            legal = state.legal_actions()
            seen.update(a.type for a in (legal if len(legal) <= 300 else (legal[0], legal[-1])))
            state.apply(legal[rng.below(len(legal))])
    assert seen <= game.ACTION_TYPES, f"undeclared action types: {sorted(seen - game.ACTION_TYPES)}"


def test_errors_of_the_game_get_the_line_of_their_item(tmp_path: Path):
    # The game names the field (state.players[0].zones.hand[1], a card property); the runner finds its line.
    message = malformed(tmp_path, DM_BASE.replace("hand: [Dark Spell]", "hand: [Dark Spell, No Such Card]"))
    assert "probe.yaml:11" in message and "No Such Card" in message and "state.players[0].zones.hand[1]" in message
    message = malformed(tmp_path, DM_BASE + "steps:\n  - expect:\n      cards:\n        Dark Spell: {colour: red}\n")
    assert "probe.yaml:14" in message and "no property 'colour'" in message


@pytest.mark.parametrize("ref", ["Grotto #1", "Grotto #1#2"])
def test_a_printed_name_holding_a_hash_is_a_card_and_name_hash_k_its_kth_copy(tmp_path: Path, ref: str):
    """A printed name may hold "#" ("Grotto #1"): the name itself is the card; "Grotto #1#2" is its
    second copy. Casting either leaves the other in the hand."""
    text = DM_BASE.replace("Dark Spell, type: spell, civilizations: [darkness]",
                           "'Grotto #1', type: spell, civilizations: [fire]").replace(
        "hand: [Dark Spell]", "hand: ['Grotto #1', 'Grotto #1']").replace(
        "deck: [Fire Mana]}\n    - zones", "deck: [Fire Mana, Fire Mana]}\n    - zones")
    text += (f"steps:\n  - {{player: 0, type: cast, card: '{ref}'}}\n"
             "expect:\n  players:\n    - zones: {hand: ['Grotto #1', Fire Mana], graveyard: ['Grotto #1']}\n")
    path = tmp_path / "hash.yaml"
    path.write_text(text, encoding="utf-8")
    results = run_file(path)
    assert len(results) == 1 and results[0].passed, results[0].failures
