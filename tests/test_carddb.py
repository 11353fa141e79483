"""The card index: filters, generic fields across games, rebuilds on change, problems, suggestions."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from pydantic import BaseModel

from tcg.carddb import CardIndex, default_db_path, load_cards
from tcg.core import registry
from tcg.core.decklist import DeckList, parse_deck_text
from tcg.core.errors import DataError
from tcg.core.game import Game
from tcg.games.duel_masters.cards import DuelMastersCard
from tests.toy_games import TOY_CARDS as BASE_CARDS
from tests.toy_games import make_game, register_game

TOY_CARDS = BASE_CARDS + """\
- name: Aqua Hulcus
  type: creature
  civilizations: [water]
  cost: 3
  power: 2000
  races: [Liquid People]
  keywords: {blocker: true}
- name: Rainbow Phantom
  type: creature
  civilizations: [fire, water]
  cost: 0
  power: 3000
  races: [Phantom Dragon]
  original: true
"""

HUE_CARDS = """\
cards:
  - name: Red Knight
    type: Character
    colors: [Red]
    cost: 3
    power: 5000
    traits: [Straw Hat Crew]
    keywords: [Rush]
  - name: Blue Sage
    type: Event
    colors: Blue
    cost: 1
"""


class HueCard(BaseModel):
    """A card model naming its fields like another game would (colors, traits, keyword list)."""

    name: str
    type: str
    colors: list[str] | str = []
    cost: int = 0
    power: int | None = None
    traits: list[str] = []
    keywords: list[str] = []
    text: str = ""


def install_games(monkeypatch: pytest.MonkeyPatch, root: Path) -> dict[str, Path]:
    """Register a 'toy' (DM schema) and a 'hue' game from tmp folders, plus one that cannot import."""
    modules = {name: register_game(monkeypatch, name, model, root / name, text)
               for name, model, text in (("toy", DuelMastersCard, TOY_CARDS), ("hue", HueCard, HUE_CARDS))}
    monkeypatch.setattr(registry, "GAMES", {**modules, "broken": "_tcg_test_no_such_module"})
    return {name: root / name / "cards" for name in modules}


@pytest.fixture
def index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CardIndex:
    monkeypatch.setenv("TCG_CACHE_DIR", str(tmp_path / "cache"))
    install_games(monkeypatch, tmp_path / "games")
    return CardIndex()


def names(rows: list) -> list[str]:
    return [r.name for r in rows]


def test_cache_location_honours_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCG_CACHE_DIR", str(tmp_path))
    assert default_db_path() == tmp_path / "cards.sqlite3"
    monkeypatch.delenv("TCG_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_db_path() == tmp_path / "xdg" / "tcg-engine" / "cards.sqlite3"


def test_built_on_first_use_in_cache_dir(index: CardIndex, tmp_path: Path) -> None:
    assert not index.db_path.exists()
    assert index.stats() == {"hue": 2, "toy": 6}
    assert index.db_path == tmp_path / "cache" / "cards.sqlite3"
    assert index.db_path.exists()


def test_single_filters(index: CardIndex) -> None:
    assert names(index.search(game="toy", color="FIRE")) == [
        "Rainbow Phantom", "Brawler Zyler", "Crimson Hammer", "Bolshack Dragon"]
    assert names(index.search(game="toy", name="hammer")) == ["Crimson Hammer"]
    assert names(index.search(game="toy", type="spell")) == ["Crimson Hammer", "Holy Awe"]
    assert names(index.search(game="toy", cost_min=6)) == ["Bolshack Dragon", "Holy Awe"]
    assert names(index.search(game="toy", cost_max=0)) == ["Rainbow Phantom"]
    assert names(index.search(game="toy", keyword="shield trigger")) == ["Holy Awe"]
    assert names(index.search(game="toy", keyword="power_attacker")) == ["Brawler Zyler"]
    assert names(index.search(game="toy", race="dragon")) == ["Rainbow Phantom", "Bolshack Dragon"]
    assert names(index.search(game="toy", text="OPPONENT'S creatures")) == ["Crimson Hammer", "Holy Awe"]


def test_filters_combine(index: CardIndex) -> None:
    assert names(index.search(game="toy", color="fire", cost_max=3)) == [
        "Rainbow Phantom", "Brawler Zyler", "Crimson Hammer"]
    assert names(index.search(game="toy", color="fire", cost_max=3, type="creature")) == [
        "Rainbow Phantom", "Brawler Zyler"]
    assert names(index.search(color="water", race="phantom")) == ["Rainbow Phantom"]
    assert index.search(game="toy", color="light", cost_max=3) == []


def test_original_cards_are_stored_and_filtered(index: CardIndex) -> None:
    assert names(index.search(game="toy", original=True)) == ["Rainbow Phantom"]
    assert "Rainbow Phantom" not in names(index.search(game="toy", original=False))
    assert len(index.search(game="toy", original=False)) == 5
    phantom, dragon = index.show("Rainbow Phantom"), index.show("Bolshack Dragon")
    assert phantom is not None and phantom.original and dragon is not None and not dragon.original


def original_cards_in(game: Game, deck: DeckList) -> list[str]:
    """Names in ``deck`` whose card says ``original: true`` (made up for the engine)."""
    pool = game.cards()
    return sorted({n for s in deck.sections() for n in deck.cards(s) if getattr(pool.get(n), "original", False)})


def test_original_cards_are_found_in_a_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game("toy", DuelMastersCard, tmp_path / "toy")
    (tmp_path / "toy" / "cards").mkdir(parents=True)
    (tmp_path / "toy" / "cards" / "set1.yaml").write_text(TOY_CARDS, encoding="utf-8")
    deck = parse_deck_text("4 Bolshack Dragon\n2 Rainbow Phantom\n[side]\n1 Holy Awe\n")
    assert original_cards_in(game, deck) == ["Rainbow Phantom"]


@pytest.mark.parametrize("game_name", registry.game_names())
def test_no_starter_deck_holds_an_original_card(game_name: str) -> None:
    # COMMON brief: a card made up for the engine carries `original: true` and is in no starter deck.
    game = registry.load_game(game_name)
    bad = {name: original_cards_in(game, game.deck(name)) for name in sorted(game.starter_decks())}
    assert not any(bad.values()), f"starter decks with original cards: { {k: v for k, v in bad.items() if v} }"


def test_generic_fields_across_games(index: CardIndex) -> None:
    everything = index.search()
    assert {r.game for r in everything} == {"toy", "hue"}
    (knight,) = index.search(color="red")
    assert (knight.game, knight.colors, knight.races, knight.keywords, knight.cost, knight.power) == (
        "hue", ["Red"], ["Straw Hat Crew"], ["Rush"], 3, 5000)
    assert index.search(game="hue", color="blue")[0].colors == ["Blue"]  # a single string colour
    assert names(index.search(keyword="rush")) == ["Red Knight"]


def test_row_contents(index: CardIndex) -> None:
    dragon = index.show("bolshack dragon")
    assert dragon is not None
    assert (dragon.game, dragon.type, dragon.cost, dragon.power) == ("toy", "creature", 6, 6000)
    assert dragon.colors == ["fire"] and dragon.races == ["Armored Dragon"]
    assert dragon.keywords == ["double_breaker"]
    assert dragon.data["keywords"] == {"double_breaker": True}
    assert dragon.line == 1 and dragon.source.endswith("set1.yaml")
    hammer = index.show("Crimson Hammer", game="toy")
    assert hammer is not None and hammer.power is None  # a spell has no power
    assert index.show("Crimson Hammer", game="hue") is None


def test_suggestions(index: CardIndex) -> None:
    assert index.show("Bolshak Dragon") is None
    assert index.suggest("Bolshak Dragon")[0] == "Bolshack Dragon"
    assert "Holy Awe" in index.suggest("holy", game="toy")
    assert index.suggest("zzzzzz") == []


def test_unknown_game_is_an_error(index: CardIndex) -> None:
    with pytest.raises(DataError, match="unknown game 'nope'"):
        index.search(game="nope")


def test_broken_game_does_not_break_the_others(index: CardIndex) -> None:
    assert names(index.search(game="toy", name="awe")) == ["Holy Awe"]
    problems = index.problems()
    assert [g for g, _ in problems] == ["broken"]
    assert "cannot load game 'broken'" in problems[0][1]


def test_rebuilt_when_a_card_file_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folders = install_games(monkeypatch, tmp_path / "games")
    copy = tmp_path / "copy"
    shutil.copytree(folders["toy"], copy)
    index = CardIndex(tmp_path / "db.sqlite3", sources={"toy": copy})
    assert index.ensure() is True
    assert index.ensure() is False  # unchanged: no rebuild
    assert index.search(name="Gatling") == []

    extra = copy / "set2.yaml"
    extra.write_text("- {name: Gatling Cyclone, type: spell, civilizations: [fire], cost: 2}\n")
    assert names(index.search(name="Gatling")) == ["Gatling Cyclone"]
    assert index.ensure() is False

    # Same size, same mtime: a content change is still seen.
    stat = extra.stat()
    extra.write_text("- {name: Gatling Cyclone, type: spell, civilizations: [fire], cost: 3}\n")
    os.utime(extra, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert index.show("Gatling Cyclone") is not None
    assert index.show("Gatling Cyclone").cost == 3  # type: ignore[union-attr]

    extra.unlink()
    assert index.search(name="Gatling") == []
    assert index.stats() == {"toy": 6}


def test_forced_rebuild(index: CardIndex) -> None:
    index.ensure()
    assert index.ensure() is False
    assert index.ensure(force=True) is True
    index.rebuild()
    assert index.stats()["toy"] == 6


def test_bad_card_file_is_a_problem_and_good_cards_stay(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    folders = install_games(monkeypatch, tmp_path / "games")
    (folders["toy"] / "bad.yaml").write_text(
        "- {name: Fine Card, type: spell, cost: 1}\n- name: Broken Card\n  type: creature\n  cost: lots\n")
    index = CardIndex(tmp_path / "db.sqlite3", sources={"toy": folders["toy"]})
    assert index.show("Fine Card") is not None
    assert index.show("Broken Card") is None
    ((game, message),) = index.problems()
    assert game == "toy"
    assert "bad.yaml:2" in message and "Broken Card" in message and "field 'cost'" in message


def test_load_cards_reports_every_error(tmp_path: Path) -> None:
    game = make_game("toy", DuelMastersCard, tmp_path)
    (tmp_path / "a.yaml").write_text(
        "- {name: A, type: creature, cost: 1}\n"
        "- {name: B, type: wizard}\n"
        "- {name: A, type: spell}\n"
        "- {name: C, type: spell, power: 1000}\n")
    (tmp_path / "b.yaml").write_text("- name: D\n  type: [unclosed\n")
    result = load_cards(game, [tmp_path])
    assert [c.card.name for c in result.cards] == ["A"]
    assert result.files == 2
    found = [(e.source and Path(e.source).name, e.line, e.field) for e in result.errors]
    assert found == [("a.yaml", 2, "type"), ("a.yaml", 3, None), ("a.yaml", 4, None), ("b.yaml", 3, None)]
    assert "defined twice" in str(result.errors[1])
    assert "not valid YAML" in str(result.errors[3])


def test_packaged_duel_masters_cards_are_indexed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real pool (still growing): no exact counts, just that it indexes when the game loads."""
    monkeypatch.setenv("TCG_CACHE_DIR", str(tmp_path))
    try:
        game = registry.load_game("duel_masters")
    except Exception as exc:  # the game module is still being written
        pytest.skip(f"duel_masters does not load yet: {exc}")
    if not list((game.package_dir / "cards").glob("*.yaml")):
        pytest.skip("no packaged duel_masters cards yet")
    index = CardIndex()
    rows = index.search(game="duel_masters")
    assert rows
    assert all(r.game == "duel_masters" and r.type for r in rows)
    fire = index.search(game="duel_masters", color="fire", cost_max=3)
    assert all("fire" in r.colors and r.cost is not None and r.cost <= 3 for r in fire)
