"""`tcg tournament` (issue 19): a round robin of deck files, its rows, its matchup matrix."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

import tcg.games.one_piece as one_piece
from tcg.cli.main import app
from tcg.core.registry import load_game
from tcg.sim.results import read_results
from tcg.sim.stats import matchup_matrix
from tcg.sim.tournament import Tournament, entrants, play

runner = CliRunner()
DECKS = ("yamato", "straw_hat_crew", "worst_generation")
STARTERS = Path(one_piece.__file__).parent / "decks"


def deck_folder(tmp_path: Path) -> Path:
    """Three One Piece starter decks as files, the way a player keeps their own."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in DECKS:
        shutil.copy(STARTERS / f"{name}.txt", folder / f"{name}.txt")
    return folder


def stripped(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_every_pair_plays_its_games_and_the_matrix_counts_them(tmp_path: Path) -> None:
    out = tmp_path / "rr.parquet"
    result = runner.invoke(app, ["tournament", "--game", "one_piece", "--decks", str(deck_folder(tmp_path)),
                                 "--games-per-pair", "4", "--agents", "random", "random", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 decks, 3 pairs, 4 games each" in result.output and "Matchup" in result.output
    rows = read_results(out)
    pairs = {(r["deck_0"], r["deck_1"]) for r in rows}
    assert len(rows) == 12 and len(pairs) == 3
    assert all(sum(1 for r in rows if (r["deck_0"], r["deck_1"]) == p) == 4 for p in pairs)
    matrix = matchup_matrix(rows)
    assert sorted(matrix["decks"]) == sorted(DECKS)


def test_pairs_get_their_own_deals_and_the_same_rows_on_one_or_two_workers(tmp_path: Path) -> None:
    game = load_game("one_piece")
    t = Tournament("one_piece", entrants(game, str(deck_folder(tmp_path))), ("random", "random"), 3, seed=5)
    one, two = play(t, jobs=1), play(t, jobs=2, chunk_size=2)
    assert stripped(one.rows) == stripped(two.rows)
    seeds_by_pair = [{r["seed"] for r in one.rows if r["deck_0"] == a.label and r["deck_1"] == b.label}
                     for _, a, b in t.pairs()]
    assert all(not (x & y) for i, x in enumerate(seeds_by_pair) for y in seeds_by_pair[i + 1:])


def test_a_folder_with_one_deck_or_a_bad_deck_is_refused_by_name(tmp_path: Path) -> None:
    folder = tmp_path / "few"
    folder.mkdir()
    shutil.copy(STARTERS / "yamato.txt", folder / "yamato.txt")
    result = runner.invoke(app, ["tournament", "--game", "one_piece", "--decks", str(folder)])
    assert result.exit_code == 1 and "needs at least two decks, found 1" in result.output
    (folder / "broken.txt").write_text("[leader]\n1 No Such Leader\n", encoding="utf-8")
    result = runner.invoke(app, ["tournament", "--game", "one_piece", "--decks", str(folder)])
    assert result.exit_code == 1 and "broken.txt" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["tournament", "--game", "one_piece", "--decks", str(tmp_path / "nowhere")])
    assert result.exit_code == 1 and "not a folder of deck files" in result.output
