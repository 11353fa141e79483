"""`tcg games`: every registered game with its starter decks and variant options."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tcg.cli.main import app
from tcg.core import registry

runner = CliRunner()


def test_games_json_lists_every_game_with_its_options() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    listed = {d["game"]: d for d in json.loads(result.output)}
    assert sorted(listed) == registry.game_names()
    for name, d in listed.items():
        game = registry.load_game(name)
        assert [o["name"] for o in d["options"]] == list(game.option_specs)
        assert d["starter_decks"] == sorted(game.starter_decks())
        for o in d["options"]:
            assert o["default"] in o["choices"]


def test_games_text_names_each_option_as_it_is_typed() -> None:
    result = runner.invoke(app, ["games", "force_of_will"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "--option chase=sheet|modern" in result.output  # FOW-103: the chase variant
    assert "default sheet" in result.output
    assert "Duel Masters" not in result.output


def test_games_unknown_game_is_a_usage_error() -> None:
    result = runner.invoke(app, ["games", "nope"])
    assert result.exit_code == 2
    assert "unknown game 'nope'" in result.output
