"""The game loop, replays (determinism, round trips, malformed and tampered files) and batches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tcg.core.errors import DataError, IllegalActionError
from tcg.core.registry import load_game
from tcg.core.state import State
from tcg.sim.batch import BatchSpec, run_batch, summarize, wilson, write_csv, write_json
from tcg.sim.loop import play_game
from tcg.sim.replay import Replay, replay

GAME = load_game("duel_masters")


@pytest.fixture(scope="module")
def decks() -> list[Any]:
    starters = list(GAME.starter_decks())
    if not starters:
        pytest.skip("no Duel Masters starter decks yet")
    return [GAME.deck(n) for n in (starters * 2)[:2]]


def play(decks: list[Any], seed: int, agents: tuple[str, str] = ("rule", "random"), **kw: Any
         ) -> tuple[Any, Replay, State]:
    final: list[State] = []
    result, rep = play_game(GAME, decks, list(agents), seed, on_step=lambda s, *_: final.append(s), **kw)
    return result, rep, final[-1]


@pytest.mark.parametrize("agents", [("rule", "rule"), ("random", "random"), ("rule", "random")])
def test_play_game_finishes(decks: list[Any], agents: tuple[str, str]) -> None:
    result, rep, state = play(decks, 11, agents)
    assert result.winner in (0, 1, "draw")
    assert result.reason in ("direct_attack", "deck_out")
    assert result.actions == len(rep.actions) == len(state.history)
    assert result.turns == state.turn and result.first_player == state.first_player
    assert rep.result == result.to_json() and rep.agents == list(agents)


def test_same_seed_same_game(decks: list[Any]) -> None:
    _, rep1, s1 = play(decks, 5, ("rule", "rule"))
    _, rep2, s2 = play(decks, 5, ("rule", "rule"))
    assert rep1.to_json() == rep2.to_json()
    assert s1.events == s2.events
    _, rep3, _ = play(decks, 6, ("rule", "rule"))
    assert rep3.actions != rep1.actions


def test_max_actions_leaves_the_game_unfinished(decks: list[Any]) -> None:
    result, rep, state = play(decks, 3, ("random", "random"), max_actions=10)
    assert result.winner is None and result.reason == "max_actions" and result.actions == 10
    assert replay(rep).to_json() == state.to_json()


def test_replay_round_trip_reproduces_the_final_state(decks: list[Any], tmp_path: Path) -> None:
    _, rep, state = play(decks, 8)
    path = tmp_path / "game.json"
    rep.save(path)
    data = json.loads(path.read_text())
    assert data["format"] == "tcg-replay" and data["version"] == 1 and len(data["decks"][0]) == 40
    loaded = Replay.load(path)
    assert loaded.to_json() == rep.to_json()
    assert replay(loaded).to_json() == state.to_json()


def broken(rep: Replay, tmp_path: Path, change: Any) -> Path:
    data = rep.to_json()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(("field", "change"), [
    ("seed", lambda d: d.pop("seed")),
    ("seed", lambda d: d.update(seed="x")),
    ("format", lambda d: d.update(format="other")),
    ("version", lambda d: d.update(version=2)),
    ("decks", lambda d: d.update(decks=[["A"]])),
    ("decks[1][3]", lambda d: d["decks"][1].__setitem__(3, 7)),
    ("actions[2]", lambda d: d["actions"].__setitem__(2, "attack")),
    ("options", lambda d: d.update(options={"breaking": 3})),
])
def test_malformed_replay_names_the_field(decks: list[Any], tmp_path: Path, field: str, change: Any) -> None:
    _, rep, _ = play(decks, 2)
    with pytest.raises(DataError) as info:
        Replay.load(broken(rep, tmp_path, change))
    assert info.value.field == field
    assert f"field '{field}'" in str(info.value) and "bad.json" in str(info.value)


def test_invalid_json_and_bad_content_are_data_errors(decks: list[Any], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tcg-replay",\n  oops}')
    with pytest.raises(DataError, match=r"bad.json:2: not valid JSON"):
        Replay.load(bad)
    _, rep, _ = play(decks, 2)
    with pytest.raises(DataError, match="field 'decks\\[0\\]'"):
        replay(Replay.load(broken(rep, tmp_path, lambda d: d["decks"][0].__setitem__(0, "No Such Card"))))
    with pytest.raises(DataError, match=r"field 'options\.breaking'"):
        replay(Replay.load(broken(rep, tmp_path, lambda d: d["options"].update(breaking="sometimes"))))


def test_tampered_replay_names_the_action_index(decks: list[Any]) -> None:
    _, rep, _ = play(decks, 9)
    k = next(i for i, a in enumerate(rep.actions) if a["type"] == "charge_mana")
    twice = Replay.from_json({**rep.to_json(), "actions": [*rep.actions[:k + 1], rep.actions[k], *rep.actions[k + 1:]]})
    with pytest.raises(IllegalActionError, match=rf"^\S+: action {k + 1} \(charge_mana "):
        replay(twice)
    nonsense = Replay.from_json({**rep.to_json(), "actions": [*rep.actions[:3], {"type": "fly"}]})
    with pytest.raises(IllegalActionError, match="action 3 "):
        replay(nonsense)
    extra = Replay.from_json({**rep.to_json(), "actions": [*rep.actions, {"type": "end_turn"}]})
    with pytest.raises(IllegalActionError, match=f"action {len(rep.actions)} .*game is over"):
        replay(extra)


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert lo + hi == pytest.approx(1.0)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-3)
    for k, n in ((1, 3), (7, 9), (30, 200)):
        lo, hi = wilson(k, n)
        assert 0 <= lo < k / n < hi <= 1
    assert wilson(300, 1000)[1] - wilson(300, 1000)[0] < wilson(30, 100)[1] - wilson(30, 100)[0]


def test_batch_statistics_and_exports(decks: list[Any], tmp_path: Path) -> None:
    spec = BatchSpec("duel_masters", [d.cards() for d in decks], ["a", "b"], ["rule", "random"])
    ticks: list[int] = []
    records = run_batch(spec, 5, seed=100, jobs=1, progress=ticks.append)
    assert [r.seed for r in records] == [100, 101, 102, 103, 104] and sum(ticks) == 5
    alone, _ = play_game(GAME, decks, ["rule", "random"], 102)
    assert (records[2].winner, records[2].actions) == (alone.winner, alone.actions)
    s = summarize(records, ["a", "b"], ["rule", "random"])
    assert s["games"] == 5
    assert sum(seat["wins"] for seat in s["seats"]) + s["draws"] + s["unfinished"] == 5
    assert s["mean_actions"] == sum(r.actions for r in records) / 5
    write_csv(tmp_path / "g.csv", records, ["a", "b"])
    lines = (tmp_path / "g.csv").read_text().splitlines()
    assert lines[0].startswith("index,seed,winner,winner_deck") and len(lines) == 6
    write_json(tmp_path / "g.json", s, records, ["a", "b"])
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["summary"]["games"] == 5 and len(data["games"]) == 5


def test_parallel_batch_matches_serial(decks: list[Any], tmp_path: Path) -> None:
    spec = BatchSpec("duel_masters", [d.cards() for d in decks], ["a", "b"], ["rule", "rule"],
                     replay_dir=str(tmp_path / "replays"))
    serial = run_batch(spec, 4, seed=7, jobs=1)
    parallel = run_batch(spec, 4, seed=7, jobs=2)
    key = [(r.index, r.seed, r.winner, r.actions, r.turns) for r in serial]
    assert key == [(r.index, r.seed, r.winner, r.actions, r.turns) for r in parallel]
    saved = sorted((tmp_path / "replays").glob("*.json"))
    assert len(saved) == 4
    assert replay(Replay.load(saved[0])).winner == serial[0].winner


@pytest.mark.parametrize("game_name", ["one_piece", "yugioh", "force_of_will"])
def test_replays_keep_deck_sections(game_name: str, tmp_path: Path) -> None:
    """A One Piece Leader or a Force of Will ruler lives in its deck's own section: replays and
    batch workers keep sections."""
    game = load_game(game_name)
    ds = [game.deck(n) for n in sorted(game.starter_decks())[:2]]
    seed = 4
    result, rep = play_game(game, ds, ["random", "random"], seed)
    path = tmp_path / "game.json"
    rep.save(path)
    if game_name == "one_piece":
        assert json.loads(path.read_text())["decks"][0][0] == "[leader]"
    final = replay(Replay.load(path))
    assert final.winner == result.winner and len(final.history) == result.actions
    spec = BatchSpec(game_name, [d.flat() for d in ds], ["a", "b"], ["random", "random"])
    assert len(run_batch(spec, games=2, seed=seed)) == 2
