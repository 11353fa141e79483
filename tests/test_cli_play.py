"""`tcg play`, `tcg demo` and `tcg replay` in every game (issue 16), through typer's CliRunner.

A whole game is played through ``tcg play`` with scripted input: numbers drawn at random from
1 to 40 and Enter (a number that is not offered is refused and asked again, so every choice among
the first 40 is as likely; Enter takes the default or confirms), then the saved replay is
printed by ``tcg replay`` in every language of the game, and ``tcg demo`` shows a full
rule-agent game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcg.cli.main import app
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng

runner = CliRunner()


def scripted_numbers(seed: int, count: int = 60_000) -> str:
    """Numbers from 1 to 40, one line in four Enter (a set of cards or a payment is confirmed
    by Enter: numbers alone would toggle its cards for ever), each followed by ``y``: it
    confirms a way that costs a card (issue 37, safe defaults), and at a step it is refused
    and asked again."""
    rng = Rng(seed)
    return "".join(("\n" if rng.below(4) == 0 else f"{1 + rng.below(40)}\n") + "y\n" for _ in range(count))


def clean(output: str) -> None:
    assert "Traceback" not in output
    assert "{" not in output.replace("{}", ""), "a sentence kept a placeholder"


@pytest.mark.parametrize("game", game_names())
def test_a_whole_game_through_tcg_play_then_its_replay(game: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", game, "--seed", "2", "--save", str(saved)], input=scripted_numbers(5))
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    clean(out)
    assert "Your decision" in out and ("You win!" in out or "The opponent wins." in out or "A draw." in out)
    data = json.loads(saved.read_text())
    assert data["game"] == game and data["result"]["winner"] is not None and data["agents"][0] == "human"
    for lang in load_game(game).presentation.languages:
        printed = runner.invoke(app, ["replay", str(saved), "--lang", lang])
        assert printed.exit_code == 0, printed.output[-3000:]
        clean(printed.output)
        assert f"{len(data['actions'])} actions" in printed.output


@pytest.mark.parametrize("game", game_names())
def test_tcg_demo_shows_a_whole_game(game: str) -> None:
    result = runner.invoke(app, ["demo", "--game", game, "--games", "0", "--seed", "3"])
    assert result.exit_code == 0, result.output[-3000:]
    clean(result.output)
    assert "Turn 2:" in result.output and "Game over" in result.output


def test_quitting_asks_and_records_a_concession(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "one_piece", "--seed", "1", "--save", str(saved)], input="q\nn\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("recorded as a concession") == 2 and "You conceded the game" in result.output
    data = json.loads(saved.read_text())
    assert data["conceded"] == 0 and data["result"]["reason"] == "concede"
    printed = runner.invoke(app, ["replay", str(saved)])
    assert printed.exit_code == 0 and "concession" in printed.output


def test_a_card_text_is_shown_by_its_id() -> None:
    game = load_game("duel_masters")
    state = game.new_state([game.deck(d) for d in sorted(game.starter_decks())[:2]], seed=4)
    mine = state.zones[0]["hand"][0]
    theirs = state.zones[1]["hand"][0]
    result = runner.invoke(app, ["play", "--seed", "4"], input=f"?{mine}\n?{theirs}\nq\ny\n")
    card = game.cards()[state.name_of(mine)]
    assert card.text.split("\n")[0][:30] in result.output  # DM-6: your own hand card's text
    assert "a face-down card" in result.output.lower()  # not the opponent's hand card


def test_the_help_is_the_games_own_in_the_chosen_language() -> None:
    result = runner.invoke(app, ["play", "force_of_will", "--lang", "it"], input="h\nq\ny\n")
    assert result.exit_code == 0, result.output
    help_text = load_game("force_of_will").presentation.help(load_game("force_of_will").presentation.say(
        "it", 0, lambda c: None))
    assert help_text.split("\n")[0][:40] in result.output


def test_an_unknown_language_is_a_clear_error() -> None:
    result = runner.invoke(app, ["play", "yugioh", "--lang", "pl"])
    assert result.exit_code == 2 and "no 'pl' texts" in result.output and "Traceback" not in result.output
