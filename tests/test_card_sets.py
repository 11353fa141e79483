"""Set lists (``<game>/sets/*.yaml``): coverage per product, checked against the packaged cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcg.carddb.sets import coverage, load_sets, read_set
from tcg.cli import cards_cmd
from tcg.core import registry
from tcg.core.errors import DataError

runner = CliRunner()

GOOD = """\
set: TS-01
name: Test Set
cards:
- {number: "1", name: Alpha, rarity: C}
- {number: "2", name: Beta, rarity: R, why: needs a verb the engine lacks}
- {number: "3", name: Alpha, rarity: SR}
"""


def write(tmp_path: Path, text: str, name: str = "TS-01.yaml") -> Path:
    folder = tmp_path / "sets"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_coverage_counts_distinct_cards_and_names_the_left_out_with_why(tmp_path: Path) -> None:
    result = load_sets(write(tmp_path, GOOD), printed=["Alpha"])
    assert result.errors == []
    c = coverage(result.sets[0].data, ["Alpha"]).to_dict()
    assert c == {"set": "TS-01", "name": "Test Set", "kind": "booster", "cards_in_set": 2, "implemented": 1,
                 "left_out": [{"name": "Beta", "why": "needs a verb the engine lacks"}], "pending": []}


def test_pending_cards_count_in_the_product_but_neither_as_implemented_nor_as_left_out(tmp_path: Path) -> None:
    text = GOOD + "pending:\n- {number: \"4\", name: Gamma, rarity: U}\n"
    result = load_sets(write(tmp_path, text), printed=["Alpha"])
    assert result.errors == []
    c = coverage(result.sets[0].data, ["Alpha"])
    assert (c.cards_in_set, c.implemented, [x.name for x in c.left_out], c.pending) == (3, 1, ["Beta"], ["Gamma"])


def test_a_pending_card_already_written_or_numbered_twice_is_an_error(tmp_path: Path) -> None:
    text = GOOD + "pending:\n- {number: \"4\", name: Alpha}\n- {number: \"1\", name: Delta}\n"
    errors = [str(e) for e in load_sets(write(tmp_path, text), printed=["Alpha"]).errors]
    assert len(errors) == 2
    assert "is written: move it from 'pending'" in errors[0] and "both listed and pending" in errors[1]


def test_a_listed_card_neither_implemented_nor_explained_is_an_error(tmp_path: Path) -> None:
    folder = write(tmp_path, GOOD.replace(", why: needs a verb the engine lacks", ""))
    errors = [str(e) for e in load_sets(folder, printed=["Alpha"]).errors]
    assert errors == [f"{folder / 'TS-01.yaml'}:5: card 'Beta': field 'name': not among the game's cards: "
                      "implement it or give the reason it is left out ('why')"]


def test_a_stale_why_is_an_error(tmp_path: Path) -> None:
    errors = [str(e) for e in load_sets(write(tmp_path, GOOD), printed=["Alpha", "Beta"]).errors]
    assert len(errors) == 1 and ":5: card 'Beta': field 'why': is implemented: drop its 'why'" in errors[0]


def test_a_set_list_never_names_a_made_up_card(tmp_path: Path) -> None:
    errors = [str(e) for e in load_sets(write(tmp_path, GOOD), printed=[], originals=["Alpha"]).errors]
    assert len(errors) == 2 and all("made up for the engine" in e for e in errors)


def test_a_number_listed_twice_is_an_error(tmp_path: Path) -> None:
    errors = [str(e) for e in load_sets(write(tmp_path, GOOD.replace('"3"', '"1"')), printed=["Alpha"]).errors]
    assert len(errors) == 1 and ":6: card 'Alpha': field 'number': number '1' is listed twice (also at line 4)" \
        in errors[0]


def test_a_starter_names_an_existing_deck_file(tmp_path: Path) -> None:
    folder = write(tmp_path, GOOD.replace("cards:", "kind: starter\ndeck: no_such_deck\ncards:"))
    errors = [str(e) for e in load_sets(folder, printed=["Alpha"], decks=["straw_hat_crew"]).errors]
    assert errors == [f"{folder / 'TS-01.yaml'}:1: field 'deck': no deck file 'no_such_deck' in the game's decks"
                      " folder"]


@pytest.mark.parametrize(("text", "line", "field", "expected"), [
    (GOOD.replace("rarity: R,", "rarity: R, colour: red,"), 5, "colour", "Extra inputs are not permitted"),
    (GOOD.replace('{number: "2", ', "{"), 5, "number", "Field required"),
    (GOOD.replace("kind", "kind").replace("name: Test Set", "name: Test Set\nkind: box"), 3, "kind", "'booster'"),
    ("- just a list\n", 1, None, "expected a mapping with 'set', 'name' and a 'cards' list"),
    ("set: [unclosed\n", 2, None, "not valid YAML"),
])
def test_a_malformed_set_list_names_file_line_and_field(tmp_path: Path, text: str, line: int, field: str | None,
                                                        expected: str) -> None:
    path = write(tmp_path, text) / "TS-01.yaml"
    with pytest.raises(DataError) as caught:
        read_set(path)
    assert caught.value.line == line and caught.value.field == field
    assert expected in str(caught.value) and str(caught.value).startswith(f"{path}:{line}:")


# ---------------------------------------------------------------- the packaged lists
@pytest.mark.parametrize("game_name", registry.game_names())
def test_packaged_set_lists_agree_with_the_packaged_cards(game_name: str) -> None:
    game = registry.load_game(game_name)
    cards = game.cards()
    printed = [n for n, c in cards.items() if not getattr(c, "original", False)]
    originals = [n for n, c in cards.items() if getattr(c, "original", False)]
    decks = [p.stem for p in (game.package_dir / "decks").glob("*.txt")]
    result = load_sets(game.package_dir / "sets", printed, originals, decks)
    assert [str(e) for e in result.errors] == []
    for loaded in result.sets:  # a card's own number for this product is the list's, at the same rarity
        for entry in loaded.data.cards:
            card = cards.get(entry.name)
            if card is None:
                continue
            own = {str(getattr(card, f, "") or "") for f in ("card_number", "set_code")}
            if entry.number in own and getattr(card, "rarity", ""):
                assert card.rarity == entry.rarity, (loaded.source, entry)


@pytest.mark.parametrize("game_name", registry.game_names())
def test_a_starter_products_deck_holds_only_its_own_cards(game_name: str) -> None:
    """An official deck list is the product's cards, card for card: no card from outside its set list."""
    game = registry.load_game(game_name)
    cards = game.cards()
    result = load_sets(game.package_dir / "sets", list(cards))
    for loaded in result.sets:
        if loaded.data.deck is None:
            continue
        deck = game.deck(loaded.data.deck)
        listed = {c.name for c in loaded.data.cards}
        assert {e.name for e in deck.entries} <= listed, loaded.source


def test_cards_sets_reports_each_product_as_json() -> None:
    result = runner.invoke(cards_cmd.app, ["sets", "--game", "one_piece", "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["set"]: r for r in json.loads(result.stdout)}
    assert rows["ST-01"]["cards_in_set"] == 17 and rows["ST-01"]["implemented"] == 17
    assert set(rows["ST-01"]) == {"set", "name", "kind", "cards_in_set", "implemented", "left_out",
                                  "pending"}


def test_cards_sets_needs_a_known_game() -> None:
    result = runner.invoke(cards_cmd.app, ["sets", "--game", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


def test_cards_show_prints_set_number_rarity_type_line_stats_and_text() -> None:
    result = runner.invoke(cards_cmd.app, ["show", "Usopp", "--game", "one_piece"])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert lines[:3] == ["Usopp  (One Piece Card Game)", "ST-01 · ST01-002 · C", "Character"]
    assert lines[3].startswith("Cost 2 · Power 2000 · Counter +1000 · Red")
    assert "[When Attacking]" in result.output and "traits:" not in result.output


def test_cards_show_in_italian_and_an_unknown_language() -> None:
    assert "Personaggio" in runner.invoke(cards_cmd.app, ["show", "Usopp", "--lang", "it"]).output
    result = runner.invoke(cards_cmd.app, ["show", "Usopp", "--lang", "xx"])
    assert result.exit_code == 2 and "no 'xx' texts for one_piece; languages: en, it" in result.output


def test_cards_search_by_set_and_printed_text() -> None:
    def names(*args: str) -> list[str]:
        result = runner.invoke(cards_cmd.app, ["search", "--game", "one_piece", *args, "--json"])
        assert result.exit_code == 0, result.output
        return [r["name"] for r in json.loads(result.stdout)]
    in_st01 = names("--set", "ST01")
    assert len(in_st01) == 17 and names("--set", "st-01") == in_st01
    assert names("--set", "ST-01", "--rarity", "SR") == ["Roronoa Zoro", "Monkey.D.Luffy (ST01-012)"]
    assert "Usopp" in names("--set", "ST-01", "--text", "cannot activate a [blocker]")
