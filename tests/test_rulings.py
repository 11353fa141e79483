"""Official rulings as data (issue 36): the schema, the game's rulings.yaml, and the report that
counts a ruling as proved only when the one scenario it names exists and passes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tcg.carddb.rulings import product_code, rulings_markdown, rulings_report
from tcg.cli import cards_cmd
from tcg.core.carddata import validate_card
from tcg.core.errors import DataError
from tcg.core.registry import game_names, load_game
from tcg.core.rulings import RulingsFile, load_rulings_file

REAL = "Card Destruction cannot be activated when it is the only card in either hand (YGO-134)"
SOURCE = {"title": "A rulings page", "url": "https://example.org/rulings", "date": "2002-03"}


def ruling(scenario: str = REAL, **changes: Any) -> dict[str, Any]:
    return {"question": "Can it be activated alone?", "answer": "No.", "source": SOURCE, "scenario": scenario} | changes


def ygo_card(*rulings: dict[str, Any]) -> Any:
    data = {"name": "Card Destruction", "type": "spell", "spell_kind": "normal", "rulings": list(rulings)}
    return validate_card(load_game("yugioh").card_model, data, source="cards.yaml", line=3)


def report(cards: dict[str, Any], scenarios: Path | None = None, run: bool = True) -> Any:
    return rulings_report("yugioh", scenarios, run=run, cards=cards, extra=RulingsFile())


def test_a_ruling_without_its_scenario_names_the_field():
    bad = ruling()
    del bad["scenario"]
    with pytest.raises(DataError) as exc:
        ygo_card(bad)
    assert (exc.value.line, exc.value.field) == (3, "rulings.0.scenario")


def test_a_source_needs_a_url_or_a_publication():
    with pytest.raises(DataError, match="url or a publication"):
        ygo_card(ruling(source={"title": "Somewhere"}))


@pytest.mark.parametrize("date", ["March 2002", "2002-3", "02-03-2002"])
def test_a_source_date_is_iso(date: str):
    with pytest.raises(DataError, match="YYYY"):
        ygo_card(ruling(source=SOURCE | {"date": date}))


def test_rulings_file_error_names_its_line_and_field(tmp_path: Path):
    path = tmp_path / "rulings.yaml"
    path.write_text("sources: []\nnot_encoded:\n  - card: X\n    question: Q?\n    kind: forgotten\n"
                    "    reason: r\n    source: {title: T, url: 'https://e.org'}\n")
    with pytest.raises(DataError) as exc:
        load_rulings_file(path)
    assert (exc.value.line, exc.value.field, exc.value.item) == (3, "kind", "'X'")


def test_rulings_file_refuses_an_unknown_key(tmp_path: Path):
    path = tmp_path / "rulings.yaml"
    path.write_text("source: []\n")
    with pytest.raises(DataError, match="unknown key 'source'"):
        load_rulings_file(path)


def test_a_ruling_whose_scenario_passes_is_proved():
    result = report({"Card Destruction": ygo_card(ruling())})
    assert result.totals() == {"found": 1, "encoded": 1, "proved": 1, "proved_card": 1, "proved_rules": 0,
                               "not_encoded": 0}


def test_a_ruling_naming_no_scenario_is_not_proved():
    result = report({"Card Destruction": ygo_card(ruling("No such scenario"))})
    (product,) = result.products
    assert (product.encoded, product.proved) == (1, 0)
    assert product.unproved[0].why == "no scenario has this name"


def test_a_ruling_whose_scenario_fails_is_not_proved(tmp_path: Path):
    """The checker shown to fail: the real scenario's expectation broken on purpose."""
    source = (Path(__file__).resolve().parent.parent / "scenarios/yugioh/cards/card_destruction.yaml").read_text()
    case = next(c for c in source.split("\n---\n") if REAL in c)
    broken = case.replace("hand: [Card Destruction]", "hand: [Card Destruction, Battle Ox]")
    (tmp_path / "broken.yaml").write_text(broken)
    result = report({"Card Destruction": ygo_card(ruling())}, tmp_path)
    assert result.products[0].proved == 0
    assert result.products[0].unproved[0].why.startswith("the scenario fails")


def test_a_scenario_name_given_twice_proves_nothing(tmp_path: Path):
    source = (Path(__file__).resolve().parent.parent / "scenarios/yugioh/cards/card_destruction.yaml").read_text()
    case = next(c for c in source.split("\n---\n") if REAL in c)
    (tmp_path / "a.yaml").write_text(case)
    (tmp_path / "b.yaml").write_text(case)
    result = report({"Card Destruction": ygo_card(ruling())}, tmp_path)
    assert "several scenarios" in result.products[0].unproved[0].why


@pytest.mark.parametrize("game", game_names())
def test_every_packaged_ruling_names_exactly_one_scenario(game: str):
    """The scenarios themselves are played by test_scenarios.py; here only that each is found once."""
    result = rulings_report(game, run=False)
    unproved = [f"{u.card}: {u.scenario!r}: {u.why}" for p in result.products for u in p.unproved]
    assert not unproved, "\n".join(unproved)


@pytest.mark.parametrize(("code", "product"), [("BS03-076", "BS03"), ("BS18-X03", "BS18"), ("ST01-012", "ST01"),
                                               ("DM-01", "DM-01"), ("OP-01", "OP-01"), ("LOB", "LOB"),
                                               ("TAT-027", "TAT"), ("1-023", "1")])
def test_a_card_number_is_counted_under_its_product(code: str, product: str):
    assert product_code(code) == product


def test_a_card_made_up_for_the_engine_carries_no_official_ruling():
    data = {"name": "Made Up", "type": "spell", "spell_kind": "normal", "original": True, "rulings": [ruling()]}
    with pytest.raises(DataError) as exc:
        validate_card(load_game("yugioh").card_model, data, source="cards.yaml", line=9)
    assert exc.value.field == "rulings" and "original" in str(exc.value)


def test_docs_rulings_md_holds_the_generated_counts_and_sources():
    """docs/rulings.md's last section is generated from the data: it says what the data says."""
    docs = Path(__file__).resolve().parent.parent / "docs" / "rulings.md"
    marker = "<!-- generated: python -m tcg.carddb.rulings (tests/test_rulings.py checks this section) -->\n"
    text = docs.read_text(encoding="utf-8")
    assert marker in text
    assert text.split(marker, 1)[1].strip() == rulings_markdown(game_names()).strip(), (
        "run: python -m tcg.carddb.rulings, and put its output after the marker")


def test_cards_show_prints_a_cards_rulings_with_source_and_scenario(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TCG_CACHE_DIR", str(tmp_path))
    card = load_game("one_piece").cards()["Bartholomew Kuma (ST03-010)"]
    shown = CliRunner().invoke(cards_cmd.app, ["show", card.name, "--game", "one_piece", "--json"])
    assert shown.exit_code == 0, shown.output
    assert [r["question"] for r in json.loads(shown.output)["rulings"]] == [r.question for r in card.rulings]
    text = CliRunner().invoke(cards_cmd.app, ["show", card.name, "--game", "one_piece"]).output
    assert f"Official rulings ({len(card.rulings)})" in text and "proved by the scenario" in text


def test_cards_rulings_reports_per_product_and_exits_1_when_one_is_not_proved(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TCG_CACHE_DIR", str(tmp_path))
    report = CliRunner().invoke(cards_cmd.app, ["rulings", "--game", "one_piece", "--json", "--no-run"])
    assert report.exit_code == 0, report.output
    data = json.loads(report.output)
    assert {"ST-01", "OP-01"} <= {p["product"] for p in data["products"]}
    assert data["totals"]["proved"] == data["totals"]["encoded"] >= 100
    empty = tmp_path / "no_scenarios"
    empty.mkdir()
    broken = CliRunner().invoke(cards_cmd.app, ["rulings", "--game", "one_piece", "--scenarios", str(empty)])
    assert broken.exit_code == 1 and "not proved" in broken.output
