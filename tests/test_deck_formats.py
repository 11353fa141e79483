"""The formats players paste (issue 37 item 9): Yu-Gi-Oh! ``.ydk`` and ``ydke://``, OPTCGSim's
``4xOP01-016``, ``4 ST01-002 Usopp``, codes wherever a name is expected, ``Name xN``, ``N Name``,
``Name (N)``, common section headers; the Leader, rulers, magic stones and the Extra Deck placed
by card type; a line that names no card is an error naming it, never a card, and nothing of the
list is kept; each format written and read back to the same deck; ``tcg deck convert``; the
deck builder's import and export endpoints (tcg/deckio, tcg/web/decks.py)."""

from __future__ import annotations

import base64
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tcg.carddb.validate import load_cards
from tcg.cli import deck_cmd
from tcg.core.carddata import load_card_dir
from tcg.core.decklist import DeckList
from tcg.core.errors import DataError
from tcg.core.registry import game_names, load_game
from tcg.deckio import DeckListErrors, formats_for, keys_for, merged, read_deck, write_deck
from tcg.deckio.ygo import YDKE_MAX_CHARS
from tcg.web.app import create_app

runner = CliRunner()
FORMATS = [(g, f) for g in game_names() for f in formats_for(load_game(g))]


def read(game: str, text: str) -> list[tuple[str, str, int]]:
    g = load_game(game)
    return merged(g, read_deck(g, text))


def refused(game: str, text: str) -> list[tuple[int | None, str]]:
    """The (line, message) of every problem of a list that must not be read."""
    with pytest.raises(DeckListErrors) as caught:
        read_deck(load_game(game), text)
    return [(e.line, e.message) for e in caught.value.errors]


# ---------------------------------------------------------------- round trips
def test_every_game_offers_its_players_formats() -> None:
    assert {g: formats_for(load_game(g)) for g in game_names()} == {
        "battle_spirits": ["text", "codes"], "duel_masters": ["text", "codes"], "force_of_will": ["text", "codes"],
        "one_piece": ["text", "codes", "optcgsim"], "yugioh": ["text", "codes", "ydk", "ydke"]}


@pytest.mark.parametrize(("game", "fmt"), FORMATS)
def test_each_starter_deck_reads_back_from_each_format(game: str, fmt: str) -> None:
    """parse(export(deck)) == deck for every starter deck of every game, in each of its formats."""
    g = load_game(game)
    for name in g.starter_decks():
        deck = g.deck(name)
        text = write_deck(g, deck, fmt)
        assert merged(g, read_deck(g, text)) == merged(g, deck), (name, text)
        assert not g.check_deck(read_deck(g, text))


def test_a_format_the_game_does_not_use_is_refused() -> None:
    with pytest.raises(DataError, match=r"One Piece Card Game decks are written as text, codes, optcgsim, not 'ydk'"):
        write_deck(load_game("one_piece"), DeckList("x"), "ydk")


# ---------------------------------------------------------------- what players paste
def test_optcgsim_and_code_lists_are_read() -> None:
    optcgsim = "1xST01-001\n4xST01-002\n4xST01-003\n"
    listed = "Leader\n1 ST01-001 Monkey.D.Luffy\nMain Deck (8)\n4 ST01-002 Usopp\n4 ST01-003 Karoo\n"
    expected = [("leader", "Monkey.D.Luffy (ST01-001)", 1), ("main", "Usopp", 4), ("main", "Karoo", 4)]
    assert read("one_piece", optcgsim) == read("one_piece", listed) == expected
    assert read("one_piece", "4x ST01-002\n4 x Karoo\n") == [("main", "Usopp", 4), ("main", "Karoo", 4)]


@pytest.mark.parametrize("line", ["Usopp x3", "Usopp X3", "Usopp x 3", "Usopp \N{MULTIPLICATION SIGN}3", "Usopp (3)",
                                  "3 Usopp", "3x Usopp", "3 x Usopp", "3xST01-002", "3 ST01-002", "ST01-002 x3",
                                  "3 ST01-002 Usopp", "3 Usopp (ST01-002)", "3 usopp", "  3   Usopp  # a comment"])
def test_every_count_spelling_names_three_copies(line: str) -> None:
    assert read("one_piece", line + "\n") == [("main", "Usopp", 3)]


@pytest.mark.parametrize("game", game_names())
def test_a_cards_code_stands_wherever_its_name_does(game: str) -> None:
    """Every game whose cards carry a number: the code alone, with a count either side, with
    the name after it; a Yu-Gi-Oh! print's language letters (LOB-EN001) too."""
    keys = keys_for(load_game(game))
    name, code = next((n, c) for n, c in keys.code.items() if not load_game(game).cards()[n].original)
    section = keys.place(name, "main")
    for line in (code, f"2 {code}", f"{code} x2", f"2x {code}", f"2 {code} {name}"):
        count = 1 if line == code else 2
        assert read(game, line + "\n") == [(section, name, count)], line
    if game == "yugioh":
        assert read(game, "3 LOB-EN001\n2 LOB-E005\n") == [("main", "Blue-Eyes White Dragon", 3),
                                                           ("main", "Dark Magician", 2)]
        assert read(game, "1 SDY-006\n") == [("main", "Dark Magician", 1)]  # a reprint's code: the set lists


def test_a_code_and_a_name_that_disagree_are_an_error() -> None:
    assert refused("one_piece", "4 ST01-002 Nami\n") == [(1, "'4 ST01-002 Nami': ST01-002 is 'Usopp', not 'Nami'")]


def test_a_name_printed_on_several_cards_asks_for_the_code() -> None:
    [(line, message)] = refused("one_piece", "[main]\n4 Monkey.D.Luffy\n")
    assert line == 2 and "'Monkey.D.Luffy' names" in message and "ST01-012" in message and "OP01-024" in message


def test_yugioh_lists_with_headers_and_counts() -> None:
    text = ("Main Deck:\nMonster (4)\nBlue-Eyes White Dragon x3\n1 Dark Magician\nSpells (1)\nPot of Greed (1)\n"
            "Traps: 1\n1x Mirror Force\nExtra Deck (1)\n1 Flame Swordsman\nSide Deck\n2 Dark Hole\n")
    assert read("yugioh", text) == [("main", "Blue-Eyes White Dragon", 3), ("main", "Dark Magician", 1),
                                    ("main", "Pot of Greed", 1), ("main", "Mirror Force", 1),
                                    ("extra", "Flame Swordsman", 1), ("side", "Dark Hole", 2)]


def test_force_of_will_and_one_piece_headers() -> None:
    fow = "Ruler:\n1 Alexander\nMain Deck (4)\n4 Thunder\nMagic Stone Deck (5)\n5 Magic Stone of Flame\n" \
          "Stone Deck\nMagic Stone of Light x2\n"
    assert read("force_of_will", fow) == [("ruler", "Alexander", 1), ("main", "Thunder", 4),
                                          ("magic_stone_deck", "Magic Stone of Flame", 5),
                                          ("magic_stone_deck", "Magic Stone of Light", 2)]
    op = "// Leader\n1xST01-001\n=== Characters (4) ===\n4xST01-002\nDON!! (10)\n10 DON!! Card\nDON!! x10\n"
    assert read("one_piece", op) == [("leader", "Monkey.D.Luffy (ST01-001)", 1), ("main", "Usopp", 4)]


def test_ydk_file_and_ydke_url() -> None:
    ydk = ("#created by YGOPro\n#main\n89631139\n89631139\n46986414\n\n#extra\n45231177\n!side\n44095762\n"
           "45231177\n")
    expected = [("main", "Blue-Eyes White Dragon", 2), ("main", "Dark Magician", 1), ("extra", "Flame Swordsman", 1),
                ("side", "Mirror Force", 1), ("side", "Flame Swordsman", 1)]
    assert read("yugioh", ydk) == expected

    def field(*codes: int) -> str:
        return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode()
    url = f"ydke://{field(89631139, 89631139, 46986414)}!{field(45231177)}!{field(44095762, 45231177)}!"
    assert read("yugioh", f"\n  {url}  \n\n") == expected
    assert read("yugioh", url.rstrip("!")) == expected  # the last '!' left off
    assert read("yugioh", "89631139\n3 46986414\n") == [("main", "Blue-Eyes White Dragon", 1),
                                                       ("main", "Dark Magician", 3)]  # passcodes in a list


def test_a_huge_or_malformed_ydke_url_is_refused_precisely() -> None:
    huge = "ydke://" + "A" * 100_000 + "!!!"
    started = time.perf_counter()
    assert refused("yugioh", huge) == [(1, f"the ydke:// URL holds 100000 characters of base64; a deck of at most "
                                           f"500 cards needs at most {YDKE_MAX_CHARS}")]
    assert time.perf_counter() - started < 0.5
    assert refused("yugioh", "ydke://o6lXBQ==!!\n")[0][1].startswith("a ydke:// URL has three fields")
    assert "the main field of the ydke:// URL is not base64" in refused("yugioh", "ydke://o6l$XBQ==!!!")[0][1]
    assert refused("yugioh", "ydke://o6lXBXR8!!!")[0][1] == \
        "the main field of the ydke:// URL holds 6 bytes; a passcode is 4 bytes"
    unknown = base64.b64encode(struct.pack("<I", 12345678)).decode()
    assert "card 1 of the extra field: passcode 12345678 is no card" in refused("yugioh", f"ydke://!{unknown}!!")[0][1]
    assert refused("yugioh", "ydke://!!!\n4 Dark Magician\n")[0] == \
        (2, "'4 Dark Magician': a ydke:// URL is a whole deck on one line; nothing may follow it")
    assert "cards carry no passcodes" in refused("one_piece", "ydke://!!!")[0][1]


# ---------------------------------------------------------------- never a card
def test_an_unknown_line_is_an_error_naming_it_and_nothing_is_read() -> None:
    errors = refused("one_piece", "Leader\n1xST01-001\n4 Usop\n4 Usopp\nfoo bar\n")
    assert [line for line, _ in errors] == [3, 5]
    assert errors[0][1].startswith("'4 Usop' is not a card of One Piece Card Game, a card's code or a section "
                                   "header; did you mean 'Usopp'? (expected a card line such as")
    assert errors[1][1] == "'foo bar' is not a card of One Piece Card Game, a card's code or a section header"


def test_ydk_lines_that_are_no_passcode_are_errors() -> None:
    errors = refused("yugioh", "#main\n89631139\nBlue-Eyes White Dragon\n12345678\n")
    pool = len(load_game("yugioh").cards())
    assert errors == [(3, "'Blue-Eyes White Dragon': a .ydk line is a passcode (digits), #main, #extra, !side or "
                          "a #comment"),
                      (4, f"passcode 12345678 is no card of the engine's Yu-Gi-Oh! pool ({pool} cards; `tcg cards "
                          "search --game yugioh` lists them)")]


def test_a_section_the_game_lacks_is_an_error() -> None:
    assert refused("duel_masters", "4 Bolshack Dragon\nSide Deck\n2 Terror Pit\n") == \
        [(2, "'Side Deck': Duel Masters deck lists have no Side Deck; their sections are Main Deck")]
    assert refused("one_piece", "[extra]\n")[0] == \
        (1, "'[extra]': One Piece Card Game deck lists have no Extra Deck; their sections are Leader, Main Deck")
    assert refused("one_piece", "[sideboard_x]\n")[0] == \
        (1, "'[sideboard_x]' is no section of One Piece Card Game deck lists; use [leader], [main]")


def test_counts_are_bounded_and_a_long_line_reads_in_linear_time() -> None:
    assert refused("one_piece", "0 Usopp\n") == [(1, "the count must be at least 1, got 0")]
    assert refused("one_piece", "99999999999999 Usopp\n")[0][1].startswith("the count must be at most 500")
    assert refused("one_piece", "300 Usopp\n300 Karoo\n")[0][1].startswith("the deck passes 500 cards here")
    for text in ("a" + " " * 100_000 + "b", "4 " + "x" * 100_000 + " x3", "(" * 50_000 + ")" * 50_000):
        started = time.perf_counter()
        assert len(refused("one_piece", text)) == 1
        assert time.perf_counter() - started < 1.0


def test_reading_stops_after_fifty_errors() -> None:
    errors = refused("duel_masters", "nonsense\n" * 1000)
    assert len(errors) == 51 and errors[-1][1] == "reading stopped after 50 errors"


# ---------------------------------------------------------------- placed by card type
def test_leader_ruler_stones_and_extra_deck_go_where_their_type_belongs() -> None:
    assert read("one_piece", "Main Deck\n4 Usopp\n1 Monkey.D.Luffy (ST01-001)\n") == \
        [("leader", "Monkey.D.Luffy (ST01-001)", 1), ("main", "Usopp", 4)]
    assert read("force_of_will", "Magic Stone Deck\n1 Alexander\n4 Thunder\nRuler\n5 Magic Stone of Flame\n") == \
        [("ruler", "Alexander", 1), ("main", "Thunder", 4), ("magic_stone_deck", "Magic Stone of Flame", 5)]
    assert read("yugioh", "Extra Deck\n3 Dark Magician\nMain Deck\n1 Flame Swordsman\nSide Deck\n1 Fusionist\n") == \
        [("main", "Dark Magician", 3), ("extra", "Flame Swordsman", 1), ("side", "Fusionist", 1)]


# ---------------------------------------------------------------- passcodes
def test_every_yugioh_card_has_a_passcode_no_other_card_has() -> None:
    pool = load_game("yugioh").cards()
    codes = {name: card.passcode for name, card in pool.items()}
    assert all(isinstance(c, int) and 0 < c < 10**8 for c in codes.values()), [n for n, c in codes.items() if not c]
    assert len(set(codes.values())) == len(codes)
    assert codes["Blue-Eyes White Dragon"] == 89631139 and codes["Fiend Reflection #2"] == 2863439


def test_a_passcode_two_cards_share_is_refused(tmp_path: Path) -> None:
    """The uniqueness check fails on a pool broken on purpose, when played and when validated."""
    ygo = load_game("yugioh")
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "x.yaml").write_text("- {name: A, type: spell, spell_kind: normal, passcode: 12345678}\n"
                                   "- {name: B, type: spell, spell_kind: normal, passcode: 12345678}\n")
    with pytest.raises(DataError, match="passcode 12345678 is also 'A''s; no two cards share one"):
        load_card_dir(folder, ygo.card_model, None, ygo.UNIQUE_CARD_FIELDS)
    result = load_cards(ygo, [folder])
    assert [c.card.name for c in result.cards] == ["A"]
    assert [(e.line, e.item) for e in result.errors] == [(2, "card 'B'")]


# ---------------------------------------------------------------- tcg deck convert
def test_convert_reads_stdin_and_writes_each_format(tmp_path: Path) -> None:
    result = runner.invoke(deck_cmd.app, ["convert", "--game", "one_piece", "--to", "optcgsim", "-"],
                           input="Leader\n1 ST01-001 Monkey.D.Luffy\nMain Deck\nUsopp x4\n")
    assert result.exit_code == 0, result.output
    assert result.stdout == "1xST01-001\n4xST01-002\n"
    out = tmp_path / "kaiba.ydk"
    done = runner.invoke(deck_cmd.app, ["convert", "-g", "yugioh", "-t", "ydk", "starter_deck_kaiba", "-o", str(out)])
    assert done.exit_code == 0 and out.read_text().startswith("#created by tcg-engine\n#main\n89631139\n")
    back = runner.invoke(deck_cmd.app, ["convert", "-g", "yugioh", str(out)])
    assert back.stdout.startswith("1 Blue-Eyes White Dragon\n1 Hitotsu-Me Giant\n")
    check = runner.invoke(deck_cmd.app, ["check", "-g", "yugioh", str(out)])
    assert check.exit_code == 0 and f"{out}: main 50: OK" in check.output


def test_convert_names_each_bad_line_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("4xST01-002\n4 Usop\nnothing here\n")
    out = tmp_path / "out.txt"
    result = runner.invoke(deck_cmd.app, ["convert", "-g", "one_piece", str(bad), "-o", str(out)])
    assert result.exit_code == 1 and not out.exists()
    said = " ".join(result.output.split())
    assert f"{bad}:2: '4 Usop' is not a card" in said and f"{bad}:3: 'nothing here' is not a card" in said
    usage = runner.invoke(deck_cmd.app, ["convert", "-g", "duel_masters", "--to", "ydk", str(bad)])
    assert usage.exit_code == 2 and "Duel Masters decks are written as text, codes, not 'ydk'" in usage.output
    assert "ydke: a ydke:// URL" in " ".join(runner.invoke(deck_cmd.app, ["convert", "--help"]).output.split())


# ---------------------------------------------------------------- the deck builder's endpoints
@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as c:
        yield c


def test_the_web_imports_a_ydk_and_refuses_a_bad_list(client: TestClient) -> None:
    ydk = write_deck(load_game("yugioh"), load_game("yugioh").deck("starter_deck_yugi"), "ydk")
    body = client.post("/api/decks/import", json={"game": "yugioh", "text": ydk}).json()
    assert body["read"] and body["format"] == "ydk" and sum(e["count"] for e in body["entries"]) == 50
    bad = client.post("/api/decks/import", json={"game": "yugioh", "text": "3 Dark Magician\n2 Nobody\n"}).json()
    assert not bad["read"] and bad["entries"] == [] and [e["line"] for e in bad["errors"]] == [2]
    saved = client.post("/api/decks", json={"game": "yugioh", "name": "Bad", "text": "3 Dark Magician\n2 Nobody\n"})
    assert saved.status_code == 422 and "line 2: '2 Nobody' is not a card" in saved.json()["detail"]
    assert client.get("/api/decks").json()["decks"] == []  # nothing stored
    kept = client.post("/api/decks", json={"game": "yugioh", "name": "Yugi", "text": ydk}).json()
    yugi = write_deck(load_game("yugioh"), load_game("yugioh").deck("starter_deck_yugi"), "text")
    assert kept["ok"] and client.get(f"/api/decks/{kept['id']}").json()["text"] == yugi  # stored as the engine's


def test_the_web_exports_each_format_and_refuses_a_huge_ydke(client: TestClient) -> None:
    facets = client.get("/api/cards/yugioh/facets").json()
    assert [f["key"] for f in facets["formats"]] == ["text", "codes", "ydk", "ydke"]
    text = load_game("yugioh").starter_decks()["beatdown"].read_text()
    for fmt, start, extension in (("ydk", "#created by tcg-engine\n#main\n", ".ydk"), ("ydke", "ydke://", ".txt"),
                                  ("codes", "Main Deck (40)\n", ".txt")):
        body = client.post("/api/decks/export", json={"game": "yugioh", "text": text, "format": fmt}).json()
        assert body["text"].startswith(start) and body["extension"] == extension
    wrong = client.post("/api/decks/export", json={"game": "duel_masters", "text": "", "format": "ydke"})
    assert wrong.status_code == 422 and "not 'ydke'" in wrong.json()["detail"]
    huge = client.post("/api/decks/import", json={"game": "yugioh", "text": "ydke://" + "A" * 600 + "!!!"})
    assert huge.status_code == 422 and "line 1 has 610 characters" in huge.text
