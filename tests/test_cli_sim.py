"""`tcg simulate`, `tcg replay` and `tcg play` through typer's CliRunner on the real starter decks."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tcg.cli.main import app
from tcg.core.registry import load_game
from tcg.sim.results import COLUMNS, read_results
from tcg.sim.work import game_seed

runner = CliRunner()


@pytest.fixture(autouse=True)
def _needs_decks() -> None:
    if not load_game("duel_masters").starter_decks():
        pytest.skip("no Duel Masters starter decks yet")


def simulate(tmp_path: Path, *extra: str) -> tuple[str, Path, Path]:
    csv_path, json_path = tmp_path / "games.csv", tmp_path / "games.json"
    result = runner.invoke(app, ["simulate", "--games", "4", "--jobs", "1", "--seed", "3", "--csv", str(csv_path),
                                 "--json", str(json_path), *extra])
    assert result.exit_code == 0, result.output
    return result.output, csv_path, json_path


def test_simulate_prints_a_summary_and_writes_csv_and_json(tmp_path: Path) -> None:
    output, csv_path, json_path = simulate(tmp_path, "--agents", "rule", "random", "--option", "breaking=simultaneous")
    assert "4 games" in output and "win rate" in output and "95% CI" in output
    assert "first player wins" in output and "mean turns" in output
    rows = list(csv.DictReader(csv_path.open()))
    assert list(rows[0]) == list(COLUMNS)
    assert [int(r["seed"]) for r in rows] == [game_seed(3, i) for i in range(4)]  # master seed 3
    assert {r["agent_0"] for r in rows} == {"rule"} and {r["master_seed"] for r in rows} == {"3"}
    assert read_results(csv_path)[0]["p0_played"] == json.loads(rows[0]["p0_played"])
    data = json.loads(json_path.read_text())
    assert data["summary"]["games"] == 4 and len(data["games"]) == 4 and data["summary"]["errors"] == 0
    assert "per game: P0" in output and "cards played" in output and "damage dealt" in output
    assert data["run"]["agents"] == ["rule", "random"] and data["run"]["options"]["breaking"] == "simultaneous"
    assert sum(s["wins"] for s in data["summary"]["seats"]) + data["summary"]["draws"] == 4


def test_simulate_usage_errors(tmp_path: Path) -> None:
    bad_agent = runner.invoke(app, ["simulate", "--games", "1", "--agents", "rule", "genius"])
    assert bad_agent.exit_code == 2 and "unknown agent 'genius'" in bad_agent.output
    bad_option = runner.invoke(app, ["simulate", "--games", "1", "--option", "breaking=never"])
    assert bad_option.exit_code == 1 and "breaking" in bad_option.output
    bad_deck = runner.invoke(app, ["simulate", "--games", "1", "--decks", "nope", "nope2"])
    assert bad_deck.exit_code == 1 and "no such deck file" in bad_deck.output


def test_simulate_help_documents_the_exit_codes_and_the_backends() -> None:
    result = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.replace("│", " ").split())
    assert result.exit_code == 0
    assert "Exit codes: 0 every game played; 1 a game raised" in text and "130 interrupted" in text
    for option in ("--backend", "--address", "--chunk-size", "--out", "--resume", "--replay-dir"):
        assert option in text
    assert "pip install 'tcg-engine[ray]'" in text
    assert "--fail-game" not in text  # the tests' hook stays out of the help


def test_replay_of_a_saved_game(tmp_path: Path) -> None:
    _, csv_path, _ = simulate(tmp_path, "--replay-dir", str(tmp_path / "replays"))
    files = sorted((tmp_path / "replays").glob("*.json"))
    assert len(files) == 4
    assert [r["replay"] for r in read_results(csv_path)] == [str(f) for f in files]
    result = runner.invoke(app, ["replay", str(files[0])])
    assert result.exit_code == 0, result.output
    assert "Turn 1:" in result.output and "Game over" in result.output and "actions" in result.output
    quiet = runner.invoke(app, ["replay", "--quiet", str(files[0])])
    assert quiet.exit_code == 0 and "Turn 1:" not in quiet.output and "wins" in quiet.output


def test_replay_rejects_malformed_and_tampered_files(tmp_path: Path) -> None:
    simulate(tmp_path, "--replay-dir", str(tmp_path / "replays"))
    data = json.loads(next((tmp_path / "replays").glob("*.json")).read_text())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**data, "decks": "fire"}))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 1 and "field 'decks'" in result.output and "Traceback" not in result.output
    data["actions"].insert(2, {"type": "attack", "card": 0, "target": "player"})
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", "-q", str(bad)])
    assert result.exit_code == 1 and "action 2 " in result.output and "Traceback" not in result.output


def test_replay_cut_short_exits_1_with_a_clear_message(tmp_path: Path) -> None:
    simulate(tmp_path, "--replay-dir", str(tmp_path / "replays"))
    path = next((tmp_path / "replays").glob("*.json"))
    data = json.loads(path.read_text())
    short = tmp_path / "short.json"
    short.write_text(json.dumps({**data, "actions": data["actions"][:10]}))  # the game is not over after 10
    result = runner.invoke(app, ["replay", "-q", str(short)])
    text = " ".join(result.output.split())
    assert result.exit_code == 1, result.output
    assert f"{short}: the replay ends before the game is over, after 10 actions" in text
    assert f"the file records winner {data['result']['winner']!r}: its actions were cut short" in text
    truncated = tmp_path / "truncated.json"
    truncated.write_text(path.read_text()[:200])  # a file cut in the middle
    result = runner.invoke(app, ["replay", "-q", str(truncated)])
    assert result.exit_code == 1 and f"{truncated}:1: not valid JSON" in " ".join(result.output.split())
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [["--agents", "random"], ["--agents", "random", "--games", "2"],
                                  ["-a", "rule", "-n", "1"]])
def test_simulate_with_one_agent_says_two_are_expected(args: list[str]) -> None:
    result = runner.invoke(app, ["simulate", *args])
    text = " ".join(result.output.replace("│", " ").split())
    assert result.exit_code == 2, result.output
    assert "two agents are needed, one per seat" in text and "--agents random rule" in text
    assert "Traceback" not in result.output


def test_simulate_with_one_deck_says_two_are_expected() -> None:
    result = runner.invoke(app, ["simulate", "--decks", "fire_nature", "--games", "1"])
    text = " ".join(result.output.replace("│", " ").split())
    assert result.exit_code == 2, result.output
    assert "two decks are needed, one per seat (P0 then P1)" in text and "got fire_nature" in text


def test_play_reads_numbers_and_quits(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--seed", "3"], input="1\nx\n99\nh\n1\n1\n1\n1\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Hand" in out and "Your decision" in out and "The opponent" in out
    text = " ".join(out.split())
    assert "“x” is not an option here: type an option's number (1 to" in text  # refused, then asked again
    assert "five face-down shields" in out  # the game's own help
    assert "You conceded the game" in out


def test_play_shows_only_what_the_human_may_see() -> None:
    """The opponent's hand and the human's own shields never appear by name (seed 3: P1 starts)."""
    game = load_game("duel_masters")
    names = list(game.starter_decks())[:2]
    state = game.new_state([game.deck(names[-1]), game.deck(names[0])], seed=3)  # the human plays the first deck
    assert state.deciding_player == 1
    hidden = {state.name_of(c) for c in [*state.zones[0]["hand"], *state.zones[1]["shields"]]}
    secret = hidden - {state.name_of(c) for c in state.zones[1]["hand"]}
    assert secret
    result = runner.invoke(app, ["play", "--seed", "3", "--human-seat", "1"], input="q\n")
    assert result.exit_code == 0, result.output
    assert state.name_of(state.zones[1]["hand"][0]) in result.output
    for name in secret:
        assert name not in result.output


def test_play_to_the_end_with_the_first_action_each_time() -> None:
    result = runner.invoke(app, ["play", "--seed", "5", "--human-seat", "1"], input="1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "wins" in result.output or "You conceded the game" in result.output


def test_demo_shows_a_game_then_the_batch_summary() -> None:
    result = runner.invoke(app, ["demo", "--games", "4", "--jobs", "1", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output or "wins" in result.output
    assert "4 games" in result.output and "95% CI" in result.output and "errors: 0" in result.output
