"""`tcg cards` and `tcg deck` sub-commands, run through typer's CliRunner on tmp games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcg.cli import cards_cmd, deck_cmd
from tcg.core import registry
from tcg.games.duel_masters.cards import DuelMastersCard
from tests.toy_games import TOY_CARDS, register_game

runner = CliRunner()


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A registered game 'toy' (DM schema) whose cards live in tmp_path/toy/cards; returns that folder."""
    monkeypatch.setenv("TCG_CACHE_DIR", str(tmp_path / "cache"))
    module = register_game(monkeypatch, "toy", DuelMastersCard, tmp_path / "toy", TOY_CARDS)
    monkeypatch.setattr(registry, "GAMES", {"toy": module})
    folder = tmp_path / "toy" / "cards"
    return folder


def search_json(*args: str) -> list[str]:
    result = runner.invoke(cards_cmd.app, ["search", *args, "--json"])
    assert result.exit_code == 0, result.output
    return [row["name"] for row in json.loads(result.stdout)]


# ---------------------------------------------------------------- tcg cards search / show / rebuild
def test_search_filters(toy: Path) -> None:
    fire = search_json("--game", "toy", "--civ", "fire", "--cost-max", "3")
    assert fire == ["Brawler Zyler", "Crimson Hammer"]
    assert search_json("--color", "light") == ["Holy Awe"]
    assert search_json("--keyword", "double_breaker", "--race", "dragon") == ["Bolshack Dragon"]
    assert search_json("--type", "spell", "--text", "tap all") == ["Holy Awe"]
    assert search_json("--name", "ZYLER", "--cost-min", "2") == ["Brawler Zyler"]
    assert search_json("--civ", "water") == []


def test_search_table(toy: Path) -> None:
    result = runner.invoke(cards_cmd.app, ["search", "--civ", "fire", "--cost-max", "2"])
    assert result.exit_code == 0, result.output
    assert "2 cards" in result.output
    assert "Human" in result.output and "Brawler" in result.output
    none = runner.invoke(cards_cmd.app, ["search", "--civ", "water"])
    assert none.exit_code == 0 and "no cards match" in none.output


def test_search_unknown_game_is_a_usage_error(toy: Path) -> None:
    result = runner.invoke(cards_cmd.app, ["search", "--game", "nope"])
    assert result.exit_code == 2
    assert "unknown game 'nope'" in result.output
    assert "Traceback" not in result.output


def test_show_prints_the_card_and_its_encoding_only_with_data(toy: Path) -> None:
    result = runner.invoke(cards_cmd.app, ["show", "bolshack dragon"])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())
    assert "Bolshack Dragon" in shown and "fire card in your graveyard" in shown
    assert "civilizations:" not in shown and "double_breaker" not in shown
    result = runner.invoke(cards_cmd.app, ["show", "bolshack dragon", "--data"])
    for expected in ("civilizations: fire", "power: 6000", "Armored Dragon", "double_breaker"):
        assert expected in " ".join(result.output.split())
    data = json.loads(runner.invoke(cards_cmd.app, ["show", "Holy Awe", "--json", "--data"]).stdout)
    assert data["data"] == {"name": "Holy Awe", "type": "spell", "civilizations": ["light"], "cost": 6,
                            "keywords": {"shield_trigger": True},
                            "text": "Tap all your opponent's creatures in the battle zone."}
    assert data["text"] == "Tap all your opponent's creatures in the battle zone." and data["printings"] == []


def test_show_marks_an_original_card_and_search_filters_it(toy: Path) -> None:
    (toy / "originals.yaml").write_text("- {name: Made Up Dragon, type: creature, civilizations: [fire], cost: 5, "
                                        "power: 5000, original: true}\n", encoding="utf-8")
    result = runner.invoke(cards_cmd.app, ["show", "Made Up Dragon"])
    assert result.exit_code == 0, result.output
    assert "Original: made up for this engine, not a printed card" in result.output
    printed = runner.invoke(cards_cmd.app, ["show", "Bolshack Dragon"])
    assert printed.exit_code == 0 and "Original" not in printed.output
    assert search_json("--original") == ["Made Up Dragon"]
    assert "Made Up Dragon" not in search_json("--printed") and "Bolshack Dragon" in search_json("--printed")


def test_show_unknown_card_suggests_close_names(toy: Path) -> None:
    result = runner.invoke(cards_cmd.app, ["show", "Bolshak Dragon"])
    assert result.exit_code == 1
    assert "no card named 'Bolshak Dragon'" in result.output
    assert "did you mean: 'Bolshack Dragon'" in result.output
    assert "Traceback" not in result.output


def test_rebuild_and_change_detection(toy: Path) -> None:
    result = runner.invoke(cards_cmd.app, ["rebuild"])
    assert result.exit_code == 0, result.output
    assert "indexed 4 cards" in result.output
    (toy / "set2.yaml").write_text("- {name: Gatling Cyclone, type: spell, civilizations: [fire], cost: 2}\n")
    assert search_json("--name", "gatling") == ["Gatling Cyclone"]


# ---------------------------------------------------------------- tcg cards validate
def test_validate_good_files(toy: Path) -> None:
    result = runner.invoke(cards_cmd.app, ["validate"])
    assert result.exit_code == 0, result.output
    assert "toy: 4 cards in 1 files: OK" in result.output
    assert runner.invoke(cards_cmd.app, ["validate", "--game", "toy", str(toy / "set1.yaml")]).exit_code == 0


def test_validate_bad_card_names_file_line_card_field(toy: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("- {name: Fine, type: spell}\n- name: Broken Card\n  type: creature\n  cost: lots\n")
    result = runner.invoke(cards_cmd.app, ["validate", "--game", "toy", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:2: card 'Broken Card': field 'cost': " in result.output
    assert "valid integer" in result.output


def test_validate_bad_yaml(toy: Path, tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("- name: X\n  type: [creature\n")
    result = runner.invoke(cards_cmd.app, ["validate", str(bad)])  # the only game is assumed
    assert result.exit_code == 1
    assert f"{bad}:3: not valid YAML" in result.output


def test_validate_packaged_folder_error(toy: Path) -> None:
    (toy / "zz.yaml").write_text("- {name: Holy Awe, type: spell}\n")
    result = runner.invoke(cards_cmd.app, ["validate", "--game", "toy"])
    assert result.exit_code == 1
    assert "zz.yaml:1: card 'Holy Awe': card 'Holy Awe' is defined twice" in result.output


# ---------------------------------------------------------------- tcg deck check / show
def write_deck(tmp_path: Path, text: str, name: str = "deck.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_deck_check_ok(toy: Path, tmp_path: Path) -> None:
    deck = write_deck(tmp_path, "# fire\n4 Bolshack Dragon\n4 Brawler Zyler\n[main]\n2 Holy Awe\n")
    result = runner.invoke(deck_cmd.app, ["check", "--game", "toy", str(deck)])
    assert result.exit_code == 0, result.output
    assert f"{deck}: main 10: OK" in result.output


def test_deck_check_unknown_card_with_line(toy: Path, tmp_path: Path) -> None:
    good = write_deck(tmp_path, "4 Holy Awe\n", "good.txt")
    bad = write_deck(tmp_path, "4 Bolshack Dragon\n\n3 Bolshak Dragon\n", "bad.txt")
    result = runner.invoke(deck_cmd.app, ["check", "--game", "toy", str(good), str(bad)])
    assert result.exit_code == 1
    shown = " ".join(result.output.split())  # issue 37: a line naming no card is an error, never a card
    assert f"{bad}:3: '3 Bolshak Dragon' is not a card of toy" in shown and "did you mean 'Bolshack Dragon'?" in shown
    assert f"{good}: main 4: OK" in result.output
    assert "1 of 2 deck(s) have errors" in result.output


def test_deck_check_bad_input_without_traceback(toy: Path, tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    result = runner.invoke(deck_cmd.app, ["check", str(missing)])
    assert result.exit_code == 1
    assert f"{missing}: cannot read deck file" in result.output
    zero = write_deck(tmp_path, "0 Holy Awe\n")
    result = runner.invoke(deck_cmd.app, ["check", "--game", "toy", str(zero)])
    assert result.exit_code == 1 and f"{zero}:1: the count must be at least 1" in result.output
    assert "Traceback" not in result.output
    usage = runner.invoke(deck_cmd.app, ["check", "--game", "nope", str(zero)])
    assert usage.exit_code == 2 and "unknown game 'nope'" in usage.output


def test_deck_show(toy: Path, tmp_path: Path) -> None:
    deck = write_deck(tmp_path, "2 Holy Awe\n")
    result = runner.invoke(deck_cmd.app, ["show", "--game", "toy", str(deck)])
    assert result.exit_code == 0, result.output
    assert "Holy Awe" in result.output and "light" in result.output and "spell" in result.output
    bad = write_deck(tmp_path, "2 Holy Awe\n1 Nothing\n", "bad.txt")  # issue 37: no unknown card is listed
    result = runner.invoke(deck_cmd.app, ["show", "--game", "toy", str(bad)])
    assert result.exit_code == 1 and f"{bad}:2: '1 Nothing' is not a card of toy" in " ".join(result.output.split())


def test_deck_check_skips_a_byte_order_mark(toy: Path, tmp_path: Path) -> None:
    deck = tmp_path / "bom.txt"
    deck.write_bytes("\ufeff4 Holy Awe\n2 Crimson Hammer\n".encode())
    result = runner.invoke(deck_cmd.app, ["check", "--game", "toy", str(deck)])
    assert result.exit_code == 0, result.output
    assert f"{deck}: main 6: OK" in result.output


def test_deck_check_not_utf8_names_file_line_and_byte(toy: Path, tmp_path: Path) -> None:
    deck = tmp_path / "latin1.txt"
    deck.write_bytes("4 Holy Awe\n2 Caf\u00e9 Dragon\n".encode("latin-1"))
    for command in ("check", "show"):
        result = runner.invoke(deck_cmd.app, [command, "--game", "toy", str(deck)])
        assert result.exit_code == 1, result.output
        assert f"{deck}:2: not UTF-8 text: byte 0xe9 at column 6 (byte offset 16)" in " ".join(result.output.split())
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output


def test_deck_check_and_show_take_starter_deck_names() -> None:
    game = registry.load_game("duel_masters")
    name = sorted(game.starter_decks())[0]
    result = runner.invoke(deck_cmd.app, ["check", "--game", "duel_masters", name])
    assert result.exit_code == 0, result.output
    assert f"{name}: main 40: OK" in result.output
    shown = runner.invoke(deck_cmd.app, ["show", "--game", "duel_masters", name])
    assert shown.exit_code == 0, shown.output
    assert f"{name} (main 40)" in shown.output
