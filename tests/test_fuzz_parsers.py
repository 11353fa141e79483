"""Every input parser, fuzzed (issue 20): generated inputs are accepted or rejected with a located
TcgError, never a crash or a hang (tests/fuzz_targets.py says what each target checks); the
checker itself fails on a parser broken on purpose; and each bug the fuzzing found is pinned by
a test named after it. ``benchmarks/fuzz.py`` runs the same targets at volume."""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcg.core.errors import DataError
from tests import fuzz_inputs, fuzz_targets
from tests.fuzz_targets import Crash


def fast(examples: int) -> settings:
    """Few examples, derandomized (the same ones every run: benchmarks/fuzz.py explores)."""
    return settings(max_examples=examples, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))
EXAMPLES = {"cards": 25, "deck": 40, "scenario": 20, "replay": 25, "options": 60, "agent": 60}


# ---------------------------------------------------------------------- generated inputs
@pytest.mark.parametrize("parser", sorted(EXAMPLES))
def test_generated_inputs_are_accepted_or_rejected_cleanly(parser: str) -> None:
    @fast(EXAMPLES[parser])
    @given(st.integers(0, 2**32))
    def one(seed: int) -> None:
        assert fuzz_inputs.target_call(parser, fuzz_inputs.generate(parser, seed)) in ("accepted", "rejected")

    one()


@fast(30)
@given(st.binary(max_size=300), st.sampled_from(fuzz_targets.GAMES))
def test_random_bytes_as_a_deck_list_never_crash(data: bytes, game: str) -> None:
    assert fuzz_targets.deck_target(data, game) in ("accepted", "rejected")


@fast(30)
@given(st.text(alphabet="ab:-[]{}&*!#\n '\"0", max_size=120))
def test_random_yaml_as_card_and_scenario_files_never_crash(text: str) -> None:
    assert fuzz_targets.card_target(text) in ("accepted", "rejected")
    assert fuzz_targets.scenario_target(text) in ("accepted", "rejected")


@fast(30)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=3)))
def test_any_json_value_as_a_replay_never_crashes(value: Any) -> None:
    import json

    assert fuzz_targets.replay_target(json.dumps(value)) in ("accepted", "rejected")


def test_generation_is_repeatable_from_the_seed() -> None:
    for parser in fuzz_inputs.GENERATORS:
        assert repr(fuzz_inputs.generate(parser, 7)) == repr(fuzz_inputs.generate(parser, 7))


# ---------------------------------------------------------------------- the checker fails
def _owner(path: str) -> Any:
    import importlib

    module, _, cls = path.partition(":")
    owner = importlib.import_module(module)
    return getattr(owner, cls) if cls else owner


#: parser -> (what holds the function the target reaches, its name, an input that reaches it).
BROKEN: dict[str, tuple[str, str, Any]] = {
    "deck": ("tcg.deckio", "read_list", b"4 Bolshack Dragon\n"),  # what tcg deck check reads (issue 37)
    "cards": ("tcg.carddb.validate", "validate_card", "- {name: X, type: creature}\n"),
    "scenario": ("tcg.core.scenario", "load_scenarios", "name: x\n"),
    "replay": ("tcg.sim.replay:Replay", "from_json", "{}"),
    "options": ("tcg.core.game:Game", "resolve_options", ("duel_masters", {})),
    "agent": ("tcg.agents.base", "parse_agent", "random"),
}
TARGETS = {"deck": fuzz_targets.deck_target, "cards": fuzz_targets.card_target,
           "scenario": fuzz_targets.scenario_target, "replay": fuzz_targets.replay_target,
           "options": fuzz_targets.options_target, "agent": fuzz_targets.agent_target}


def _patch(monkeypatch: pytest.MonkeyPatch, parser: str, replacement: Any) -> Any:
    where, attr, data = BROKEN[parser]
    monkeypatch.setattr(_owner(where), attr, replacement)
    return data


@pytest.mark.parametrize("parser", sorted(BROKEN))
def test_a_parser_that_raises_keyerror_is_reported_as_a_crash(parser: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("boom")

    data = _patch(monkeypatch, parser, broken)
    with pytest.raises(Crash, match="KeyError"):
        TARGETS[parser](data)


@pytest.mark.parametrize("parser", sorted(BROKEN))
def test_a_parser_whose_error_has_no_place_is_reported(parser: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def vague(*args: Any, **kwargs: Any) -> Any:
        raise DataError("something is wrong")

    data = _patch(monkeypatch, parser, vague)
    with pytest.raises(Crash, match=r"does not say where|without its file"):
        TARGETS[parser](data)


def test_a_parser_that_hangs_is_reported_as_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fuzz_targets, "LIMIT", 0.2)
    monkeypatch.setattr("tcg.deckio.read_list", lambda *a, **k: time.sleep(5))
    t0 = time.perf_counter()
    with pytest.raises(Crash, match="hang"):
        fuzz_targets.deck_target(b"4 Bolshack Dragon\n")
    assert time.perf_counter() - t0 < 2


def test_an_agent_accepted_with_a_non_finite_number_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    import tcg.agents.ismcts as ismcts

    monkeypatch.setattr(ismcts, "make_ismcts", lambda seed, **options: ismcts.IsmctsAgent(seed, exploration=math.nan))
    with pytest.raises(Crash, match="non-finite"):
        fuzz_targets.agent_target("ismcts:exploration=nan")


# ---------------------------------------------------------------------- the bugs fuzzing found
def _write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def test_bug_deck_count_of_40_digits_hung_deck_check(tmp_path: Path, dm: Any) -> None:
    from tcg.core.decklist import load_deck

    t0 = time.perf_counter()
    with pytest.raises(DataError, match="at most 500") as exc:
        dm.check_deck(load_deck(_write(tmp_path, "d.txt", "4 Bolshack Dragon\n" + "1" * 40 + " Bolshack Dragon\n")))
    assert exc.value.line == 2 and time.perf_counter() - t0 < 1
    with pytest.raises(DataError, match="at most 500"):  # more digits than int() reads
        load_deck(_write(tmp_path, "e.txt", "9" * 5000 + " Bolshack Dragon\n"))
    assert load_deck(_write(tmp_path, "f.txt", "0500 Bolshack Dragon\n")).entries[0].count == 500


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_bug_ismcts_accepted_non_finite_numbers(value: str) -> None:
    from tcg.agents.base import make_agent

    with pytest.raises(DataError, match="finite") as exc:
        make_agent(f"ismcts:seconds={value}", 1)
    assert exc.value.field == "agent"
    with pytest.raises(DataError, match="finite"):
        make_agent(f"ismcts:exploration={value}", 1)


def test_bug_card_file_not_utf8_raised_unicodedecodeerror(tmp_path: Path) -> None:
    from tcg.core.carddata import read_card_items

    with pytest.raises(DataError, match="not UTF-8") as exc:
        read_card_items(_write(tmp_path, "c.yaml", b"- name: X\n- name: \xed\xa0\x80\n"))
    assert exc.value.line == 2


@pytest.mark.parametrize("case,message", [
    (fuzz_inputs.alias_bomb(9, 9, "cards"), "alias bomb"),
    ("cards: &c [*c]\n", "contains it"),
    ("cards:\n- " + "[" * 150 + "]" * 150 + "\n", "levels deep"),
    ("a0: &a0 [x]\n" + "".join(f"a{k}: &a{k} [*a{k - 1}]\n" for k in range(1, 120)) + "cards: [*a119]\n",
     "levels deep"),
])
def test_bug_card_file_alias_bombs_cycles_and_depth_are_refused(tmp_path: Path, case: str, message: str) -> None:
    """A billion-laughs card file hung the schema; a self-containing alias or 150 levels of
    nesting overflowed the recursion of whatever walked the value."""
    from tcg.carddb.validate import load_cards
    from tcg.core.registry import load_game

    t0 = time.perf_counter()
    result = load_cards(load_game("duel_masters"), [_write(tmp_path, "c.yaml", case)])
    assert len(result.errors) == 1 and message in str(result.errors[0]) and result.errors[0].line is not None
    assert time.perf_counter() - t0 < 1


def test_bug_card_file_with_a_merged_cards_key_raised_stopiteration(tmp_path: Path) -> None:
    from tcg.core.carddata import read_card_items

    path = _write(tmp_path, "c.yaml", "base: &b {cards: 3}\n<<: *b\n")
    with pytest.raises(DataError, match="'cards' must be a list"):
        read_card_items(path)


def test_aliases_that_reuse_a_value_a_few_times_are_still_read(tmp_path: Path) -> None:
    from tcg.core.carddata import read_card_items

    text = "- &x {name: A, type: creature}\n- *x\n- *x\n"
    assert [item["name"] for item, _ in read_card_items(_write(tmp_path, "c.yaml", text))] == ["A", "A", "A"]


SCENARIO_BUGS = {  # bug (the exception the parser raised) -> (game, the scenario's state/steps/..., message)
    "players_entry_a_list_attributeerror": ("battle_spirits", "state: {players: [[x]]}", "a player is a mapping"),
    "zones_a_string_attributeerror": ("duel_masters", "state: {players: [{zones: x}]}", "zones is a mapping"),
    "zone_a_number_typeerror": ("duel_masters", "state: {players: [{zones: {hand: 3}}]}", "a zone is a list"),
    "zone_entry_card_a_list_typeerror": ("duel_masters", "state: {players: [{zones: {hand: [{card: [x]}]}}]}",
                                         "a zone entry is a card name"),
    "counter_a_text_valueerror": ("one_piece", "state: {players: [{don_deck: x}]}", "a whole number from 0"),
    "counter_infinite_overflowerror": ("battle_spirits", "state: {players: [{life: .inf}]}", "a whole number"),
    "flags_a_list_attributeerror": ("duel_masters", "state: {flags: [charged]}", "flags is a mapping"),
    "ygo_flag_players_a_mapping_valueerror": ("yugioh", "state: {flags: {skip_battle: {a: 1}}}", "skip_battle is"),
    "ygo_extra_battle_phases_a_list_valueerror": ("yugioh", "state: {flags: {extra_battle_phases: [1]}}",
                                                  "extra_battle_phases is"),
    "first_player_2_out_of_range": ("duel_masters", "state: {first_player: 2}", "first_player is player 0 or 1"),
    "cards_a_string_valueerror": ("duel_masters", "cards: abc", "cards is a list"),
    "card_a_list_valueerror": ("duel_masters", "cards: [[name, x]]", "a card must be a mapping"),
    "options_a_list_attributeerror": ("duel_masters", "options: [x]", "options are a mapping"),
    "unknown_top_key_a_number_typeerror": ("duel_masters", "0: x", "unknown key(s) 0"),
    "unknown_game_without_its_line": ("nope", "", "unknown game 'nope'"),
    "action_type_a_list_typeerror": ("duel_masters", "steps: [{type: [x]}]", "has no action type"),
    "count_mapping_of_texts_typeerror": ("duel_masters", "steps: [{type: choose, counts: {x: y}}]",
                                         "mapping of card: count"),
}


@pytest.mark.parametrize("bug", sorted(SCENARIO_BUGS))
def test_bug_malformed_scenario_crashed_the_runner(tmp_path: Path, bug: str) -> None:
    """Each of these raised the exception its name says out of ``tcg scenario run`` (a traceback);
    now a "malformed scenario" line naming the file and the line."""
    from tcg.core.scenario import run_file

    game, extra, message = SCENARIO_BUGS[bug]
    path = _write(tmp_path, "s.yaml", f"name: fuzz\ngame: {game}\n{extra}\n")
    (result,) = run_file(path)
    assert len(result.failures) == 1
    line = result.failures[0]
    assert line.startswith("malformed") and message in line and f"{path}:" in line, line


def test_bug_scenario_alias_bomb_is_refused_quickly(tmp_path: Path) -> None:
    from tcg.core.scenario import run_file

    text = "notes:\n" + "".join(f"  {x}\n" for x in fuzz_inputs.alias_bomb(9, 9, "z").splitlines()) + \
        "name: x\ngame: duel_masters\nsteps: [{type: *a9}]\n"
    t0 = time.perf_counter()
    (result,) = run_file(_write(tmp_path, "s.yaml", text))
    assert "alias bomb" in result.failures[0] and time.perf_counter() - t0 < 1


@pytest.mark.parametrize("bug,data,message", [
    ("not_utf8_unicodedecodeerror", b'{"format": "\xed\xa0\x80"}', "not UTF-8"),
    ("nested_json_recursionerror", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
])
def test_bug_replay_file_crashed_load(tmp_path: Path, bug: str, data: bytes, message: str) -> None:
    from tcg.sim.replay import Replay

    path = _write(tmp_path, "r.json", data)
    with pytest.raises(DataError, match=message) as exc:
        Replay.load(path)
    assert exc.value.source == str(path)


def _short_replay() -> Any:
    from tcg.sim.replay import Replay

    return Replay.from_json(fuzz_targets.replay_corpus()[2])  # duel_masters


def test_bug_replay_of_an_unknown_game_named_no_field() -> None:
    from tcg.sim.replay import initial_state

    rep = _short_replay()
    rep.game = "nope"
    with pytest.raises(DataError, match="unknown game") as exc:
        initial_state(rep)
    assert exc.value.field == "game"


def test_bug_illegal_replay_action_with_a_card_id_out_of_range_raised_indexerror() -> None:
    """Describing the illegal action looked the id up among the cards (IndexError)."""
    from tcg.core.errors import IllegalActionError
    from tcg.sim.replay import replay

    rep = _short_replay()
    rep.actions = [{**rep.actions[0], "card": 10**6}]
    with pytest.raises(IllegalActionError, match=r"action 0 .*no such card"):
        replay(rep)


def test_bug_options_given_as_a_list_raised_attributeerror() -> None:
    from tcg.core.registry import load_game

    with pytest.raises(DataError, match="options are a mapping") as exc:
        load_game("duel_masters").resolve_options(["breaking=x"])  # type: ignore[arg-type]
    assert exc.value.field == "options"


def test_bug_replay_action_with_a_float_card_id_raised_typeerror() -> None:
    """``"card": 12.0`` equals the legal action with card 12, so the rules took it and then
    indexed the card list with a float (One Piece's attack); now refused when read."""
    from tcg.sim.replay import replay

    rep = _short_replay()
    first = rep.actions[0]
    key = next((k for k, v in first.items() if isinstance(v, int) and not isinstance(v, bool)), "card")
    rep.actions = [{**first, key: float(first.get(key, 0))}]
    with pytest.raises(DataError, match="fraction") as exc:
        replay(rep)
    assert exc.value.field == "actions[0]"
