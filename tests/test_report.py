"""``tcg report`` (issue 19): the statistics of :mod:`tcg.sim.stats` against hand-computed values,
and the command on rows of real games, in Parquet and CSV, and on malformed files."""

from __future__ import annotations

import csv
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tcg.cli.main import app
from tcg.core.registry import load_game
from tcg.sim.loop import play_game
from tcg.sim.report import html_report
from tcg.sim.results import COLUMNS, Row, write_results
from tcg.sim.stats import (
    card_impact,
    deck_agent_win_rates,
    deck_win_rates,
    distribution,
    first_player,
    game_length,
    histogram,
    matchup_matrix,
    percentile,
    player_means,
    report_stats,
    run_facts,
    wilson,
)

runner = CliRunner()
PLAYS = {"play", "summon", "cast"}  # the action types that put a card from the hand into play
PAIRS = {"one_piece": ("straw_hat_crew", "animal_kingdom_pirates"), "duel_masters": ("fire_nature", "water_darkness")}


# ---------------------------------------------------------------------- rows
def row(winner: int = 0, outcome: str | None = None, deck_0: str = "A", deck_1: str = "B", **over: Any) -> Row:
    """A hand-made row: deck_0 against deck_1, ``winner`` (-1: nobody) and everything else plain."""
    base: Row = {c: {"int": 0, "float": 0.0, "str": "", "list": []}[k] for c, k in COLUMNS.items()}
    base.update(game="toy", deck_0=deck_0, deck_1=deck_1, agent_0="random", agent_1="random", options="{}",
                outcome=outcome or ("win" if winner in (0, 1) else "draw"), winner=winner, turns=10, actions=50,
                reason="test")
    base["winner_deck"] = (deck_0, deck_1)[winner] if winner in (0, 1) else ""
    base.update(over)
    return base


def real_rows(game_name: str, games: int, master_seed: int = 1) -> list[Row]:
    """Rows of real random-agent games of ``game_name`` (its pair of :data:`PAIRS`)."""
    game = load_game(game_name)
    decks = [game.deck(d) for d in PAIRS[game_name]]
    return [real_row(game, decks, i, master_seed) for i in range(games)]


def real_row(game: Any, decks: list[Any], index: int, master_seed: int) -> Row:
    """One game played as a row; the cards played are read off the applied actions, attacks
    stand in for damage dealt (the simulator measures it; here it only has to be a count)."""
    names = PAIRS[game.name]
    played: list[list[str]] = [[], []]
    attacks = [0, 0]

    def step(state: Any, player: Any, action: Any, events: Any) -> None:
        if action is None:  # the start of the game
            return
        a = action.to_json()
        if a["type"] in PLAYS and "card" in a:
            played[player].append(state.name_of(a["card"]))
        attacks[player] += a["type"] == "attack"

    t0 = time.perf_counter()
    seed = master_seed * 1000 + index
    result, rep = play_game(game, decks, ["random", "random"], seed, on_step=step)
    w = result.winner if result.winner in (0, 1) else -1
    outcome = "win" if w != -1 else "draw" if result.winner == "draw" else "unfinished"
    return row(w, outcome, *names, index=index, master_seed=master_seed, seed=seed, game=game.name,
               options=json.dumps(rep.options, sort_keys=True), reason=result.reason, turns=result.turns,
               actions=result.actions, first_player=result.first_player, seconds=time.perf_counter() - t0,
               p0_cards_played=len(played[0]), p1_cards_played=len(played[1]), p0_damage_dealt=attacks[0],
               p1_damage_dealt=attacks[1], p0_played=played[0], p1_played=played[1])


@pytest.fixture(scope="module")
def games() -> dict[str, list[Row]]:
    return {"one_piece": real_rows("one_piece", 20), "duel_masters": real_rows("duel_masters", 20)}


# ---------------------------------------------------------------------- statistics
def seven_of_ten() -> list[Row]:
    """A beats B 7 times in 10 (from either seat), B wins 2, one draw; and one game that raised."""
    rows = [row(0, first_player=0)] * 4 + [row(1, deck_0="B", deck_1="A", first_player=0)] * 3
    rows += [row(1, first_player=1), row(0, deck_0="B", deck_1="A", first_player=1), row(-1, "draw")]
    return [*rows, row(-1, "error", error="Traceback ...", index=99, seed=1234)]


def test_deck_win_rate_counts_each_seat_for_its_deck_and_leaves_errors_out() -> None:
    a, b = deck_win_rates(seven_of_ten())
    assert (a["deck"], a["games"], a["wins"], a["losses"], a["draws"], a["unfinished"]) == ("A", 10, 7, 2, 1, 0)
    assert (b["deck"], b["games"], b["wins"], b["losses"]) == ("B", 10, 2, 7)
    assert a["win_rate"] == 0.7 and a["ci95"] == list(wilson(7, 10))
    assert a["ci95"] == pytest.approx([0.3968, 0.8922], abs=1e-4)  # the Wilson interval of 7/10, by hand
    facts = run_facts(seven_of_ten())
    assert (facts["games"], facts["played"], facts["errors"]) == (11, 10, 1)
    assert facts["failed"] == [{"index": 99, "seed": 1234, "master_seed": 0}]


def test_a_tournament_file_splits_by_deck_and_agent() -> None:
    rows = [row(0, agent_0="rule"), row(0, agent_0="rule"), row(1, agent_0="random"), row(0, deck_0="B",
                                                                                        deck_1="A", agent_1="rule")]
    by = {(r["deck"], r["agent"]): (r["wins"], r["games"]) for r in deck_agent_win_rates(rows)}
    assert by == {("A", "rule"): (2, 3), ("A", "random"): (0, 1), ("B", "random"): (2, 4)}


def test_first_player_advantage_is_over_decisive_games() -> None:
    f = first_player(seven_of_ten())
    # P0 went first in the first 7 games and won 4; P1 in the next two and won one; the draw is out
    assert (f["wins"], f["games"], f["win_rate"]) == (5, 9, 5 / 9) and f["ci95"] == list(wilson(5, 9))
    assert first_player([row(-1, "draw")])["win_rate"] is None


def test_length_distribution_mean_median_deciles_and_bins() -> None:
    d = distribution(list(range(1, 11)))
    assert (d["mean"], d["median"], d["min"], d["max"]) == (5.5, 5.5, 1, 10)
    assert d["p10"] == pytest.approx(1.9) and d["p90"] == pytest.approx(9.1)  # numpy's linear percentiles
    assert [(b["lo"], b["count"]) for b in d["histogram"]] == [(v, 1) for v in range(1, 11)]
    wide = histogram([*range(45), 0, 0])
    assert len(wide) == 15 and {b["hi"] - b["lo"] for b in wide} == {3} and wide[0]["count"] == 5
    assert sum(b["count"] for b in wide) == 47 and percentile([], 0.5) is None
    rows = [row(0, turns=t, actions=10 * t) for t in (3, 5, 9)] + [row(-1, "error", turns=1000)]
    length = game_length(rows)
    assert length["turns"]["max"] == 9 and length["actions"]["median"] == 50


def test_matchup_matrix_gives_the_row_decks_rate_and_a_2x2_for_one_pair() -> None:
    m = matchup_matrix(seven_of_ten())
    assert m["decks"] == ["A", "B"]
    (aa, ab), (ba, bb) = m["cells"]
    assert (ab["wins"], ab["games"], ab["win_rate"]) == (7, 10, 0.7) and ab["ci95"] == list(wilson(7, 10))
    assert (ba["wins"], ba["games"]) == (2, 10)
    assert aa["mirror"] and aa["games"] == 0 and aa["win_rate"] is None and bb["games"] == 0
    three = matchup_matrix([row(0), row(0, deck_0="C", deck_1="C"), row(1, deck_0="B", deck_1="C")])
    cells = {(c["row"], c["col"]): c for line in three["cells"] for c in line}
    assert cells["A", "C"]["games"] == 0 and cells["A", "C"]["win_rate"] is None
    assert cells["C", "C"]["games"] == 1 and cells["C", "B"]["win_rate"] == 1.0


def card_rows() -> list[Row]:
    """Deck A: X played in 12 games (9 won), not in 10 (3 won); Y in 3; Z in every game."""
    won = [row(0, p0_played=["X", "Z", "X"])] * 9 + [row(1, p0_played=["X", "Z"])] * 3
    won += [row(0, p0_played=["Y", "Z"])] * 3 + [row(1, p0_played=["Z"])] * 7
    return won


def test_card_win_rate_when_played_its_lift_and_the_threshold() -> None:
    cards = card_impact(card_rows(), min_games=10)
    assert [(c["deck"], c["card"]) for c in cards] == [("A", "X"), ("A", "Z")]
    x, z = cards
    assert (x["played"]["wins"], x["played"]["games"]) == (9, 12)  # twice in a game counts once
    assert (x["not_played"]["wins"], x["not_played"]["games"]) == (3, 10)
    assert x["lift"] == pytest.approx(9 / 12 - 3 / 10) and x["played"]["ci95"] == list(wilson(9, 12))
    assert z["played"]["games"] == 22 and z["not_played"]["games"] == 0 and z["lift"] is None
    low = {c["card"]: c for c in card_impact(card_rows(), min_games=3)}
    assert low["Y"]["lift"] == pytest.approx(1.0 - 9 / 19)
    assert [c["card"] for c in card_impact(card_rows(), min_games=3)] == ["Y", "X", "Z"]


def test_per_player_means_of_cards_played_and_damage() -> None:
    rows = [row(0, p0_cards_played=4, p1_cards_played=2, p0_damage_dealt=5, p1_damage_dealt=1),
            row(1, p0_cards_played=6, p1_cards_played=2, p0_damage_dealt=3, p1_damage_dealt=5)]
    means = player_means(rows)
    assert means["seats"][0] == {"seat": 0, "games": 2, "mean_cards_played": 5.0, "mean_damage_dealt": 4.0}
    assert means["decks"][1] == {"deck": "B", "games": 2, "mean_cards_played": 2.0, "mean_damage_dealt": 3.0}


def test_statistics_of_real_games_add_up(games: dict[str, list[Row]]) -> None:
    rows = games["one_piece"]
    stats = report_stats(rows, min_games=5)
    assert sum(d["wins"] for d in stats["decks"]) == sum(r["outcome"] == "win" for r in rows)
    assert {d["games"] for d in stats["decks"]} == {20}
    assert stats["cards"] and all(c["played"]["games"] >= 5 for c in stats["cards"])
    assert len(stats["matchups"]["cells"]) == 2
    json.dumps(stats)  # plain data


# ---------------------------------------------------------------------- the command
def invoke(*args: str) -> Any:
    return runner.invoke(app, ["report", *map(str, args)], env={"COLUMNS": "200"})


@pytest.fixture(scope="module")
def files(games: dict[str, list[Row]], tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    d = tmp_path_factory.mktemp("results")
    paths = {"op.parquet": d / "op.parquet", "op.csv": d / "op.csv", "dm.csv": d / "dm.csv"}
    write_results(paths["op.parquet"], games["one_piece"])
    write_results(paths["op.csv"], games["one_piece"])
    write_results(paths["dm.csv"], games["duel_masters"])
    yield paths


@pytest.mark.parametrize("name", ["op.parquet", "op.csv"])
def test_report_prints_the_tables_and_writes_json_and_html(files: dict[str, Path], tmp_path: Path,
                                                           name: str) -> None:
    result = invoke(files[name], "--min-games", "5", "--top", "3", "--json", tmp_path / "s.json",
                    "--html", tmp_path / "r.html")
    assert result.exit_code == 0, result.output
    for heading in ("Win rate by deck", "First-player advantage", "Game length", "Matchups",
                    "Cards: win rate when played", "Per player", "straw_hat_crew", "95% CI"):
        assert heading in result.output
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["run"]["games"] == 20 and data["run"]["game"] == ["one_piece"] and data["min_games"] == 5
    page = (tmp_path / "r.html").read_text()
    assert len(re.findall(r'<img [^>]*src="data:image/png;base64,', page)) == 4
    assert "http://" not in page and "https://" not in page and "<link" not in page and "<script" not in page
    assert '<table id="matchup-table">' in page and len(re.findall(r"<tr>", page.split('id="cards-table"')[1]
                                                                    .split("</table>")[0])) == 4


def test_parquet_and_csv_give_the_same_statistics(files: dict[str, Path], tmp_path: Path) -> None:
    for name in ("op.parquet", "op.csv"):
        assert invoke(files[name], "-q", "--json", tmp_path / f"{name}.json").exit_code == 0
    parquet, text = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("op.parquet", "op.csv"))
    assert parquet == text


def test_several_files_are_one_report(files: dict[str, Path], tmp_path: Path) -> None:
    result = invoke(files["op.parquet"], files["dm.csv"], "--json", tmp_path / "s.json", "--html", tmp_path / "r.html")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["run"]["games"] == 40 and data["run"]["game"] == ["duel_masters", "one_piece"]
    assert len(data["matchups"]["decks"]) == 4


def bad_csv(path: Path, edit: Any) -> Path:
    rows = [row(0), row(1)]
    write_results(path.with_suffix(".ok.csv"), rows)
    lines = list(csv.DictReader(path.with_suffix(".ok.csv").open()))
    edited = edit(lines)
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(edited[0]))
        writer.writeheader()
        writer.writerows(edited)
    return path


def drop_winner(lines: list[dict[str, str]]) -> list[dict[str, str]]:
    return [{k: v for k, v in line.items() if k != "winner"} for line in lines]


def bad_turns(lines: list[dict[str, str]]) -> list[dict[str, str]]:
    return [lines[0], {**lines[1], "turns": "many"}]


def test_malformed_files_give_a_precise_error_and_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "text.parquet").write_text("index,seed\n1,2\n")
    (tmp_path / "empty.csv").write_text(",".join(COLUMNS) + "\n")
    cases = {
        bad_csv(tmp_path / "nowinner.csv", drop_winner): "nowinner.csv: not a tcg results file: missing column(s) "
                                                         "winner",
        bad_csv(tmp_path / "turns.csv", bad_turns): "turns.csv, line 3, column turns: expected int, got 'many'",
        tmp_path / "text.parquet": "text.parquet: not a readable Parquet file",
        tmp_path / "missing.parquet": "missing.parquet: no such results file",
        tmp_path / "games.json": "a results file ends in .parquet or .csv, not '.json'",
        tmp_path / "empty.csv": "no games in",
    }
    for path, message in cases.items():
        result = invoke(path)
        assert result.exit_code == 1, (path, result.output)
        assert message in " ".join(result.output.split()), (path, result.output)
        assert "Traceback" not in result.output and isinstance(result.exception, SystemExit | None)


def test_an_unwritable_output_and_a_bad_option_are_errors(files: dict[str, Path], tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    result = invoke(files["op.csv"], "-q", "--html", tmp_path / "file" / "r.html")
    assert result.exit_code == 1 and "r.html: cannot write" in result.output
    assert invoke(files["op.csv"], "--min-games", "0").exit_code == 2


def test_games_that_raised_are_counted_apart(tmp_path: Path) -> None:
    write_results(tmp_path / "e.csv", seven_of_ten())
    result = invoke(tmp_path / "e.csv", "--json", tmp_path / "e.json")
    assert result.exit_code == 0, result.output
    assert "1 game(s) raised an error" in result.output
    data = json.loads((tmp_path / "e.json").read_text())
    assert data["run"]["errors"] == 1 and data["decks"][0]["games"] == 10


def test_every_option_has_help() -> None:
    result = runner.invoke(app, ["report", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for option in ("--top", "--min-games", "--json", "--html", "--title", "--quiet"):
        line = next(x for x in result.output.splitlines() if option in x)
        assert re.search(r"[a-z]{4}", line.split(option, 1)[1]), line


def test_html_of_a_file_where_no_card_reaches_the_threshold_still_draws() -> None:
    page = html_report(report_stats(seven_of_ten()), top=5)
    assert len(re.findall(r"<img ", page)) == 3 and "tcg report: toy, 11 games" in page


def test_a_file_where_every_game_raised_is_reported_without_plots(tmp_path: Path) -> None:
    write_results(tmp_path / "e.parquet", [row(-1, "error", index=i, seed=i) for i in range(3)])
    result = invoke(tmp_path / "e.parquet", "--html", tmp_path / "e.html")
    assert result.exit_code == 0, result.output
    assert "3 game(s) raised an error" in result.output
    page = (tmp_path / "e.html").read_text()
    assert "<img" not in page and "nothing to draw" in page and "#2 (seed 2)" in page
