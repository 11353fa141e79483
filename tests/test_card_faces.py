"""Issue 37 item 6: each game's presentation declares its card faces (tcg/core/presentation.py,
``Presentation.card_face``): the frame colours of the card's civilization / colour / attribute
(two for a two-coloured card), every stat where the printed card has it, the type line,
keywords as badges, tapped / rested cards turned, cores and DON!! on the card; a compact zone
(mana, magic stones) with its ready count and colours; a hidden card shows a back and nothing
of its face. The positions are built from scenario states of real cards, seen by seat 0."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tcg.core.presentation import PLACES, Json, Presentation, Say
from tcg.core.registry import game_names, load_game
from tcg.core.state import State

#: What a back may carry: its id (to click it), what everyone knows of it, whether it is turned.
BACK_KEYS = {"hidden", "id", "status", "turned"}
CSS = re.compile(r"^#[0-9a-f]{6}$")


def position(game_name: str, players: list[Json], phase: str = "main", viewer: int = 0) -> tuple[State, Json]:
    """The board seat ``viewer`` sees of a scenario state (docs/scenarios.md) of packaged cards."""
    game = load_game(game_name)
    spec = {"turn": 3, "phase": phase, "players": players}
    state = game.scenario_state(spec, dict(game.cards()), game.resolve_options({}), 0)
    p: Presentation = game.presentation
    say = Say(p.texts("en"), "en", viewer,
              lambda cid: state.name_of(cid) if state.can_see(viewer, cid) else None)
    return state, p.board(state.observation(viewer), say)


def zone(board: Json, seat: int, name: str) -> Json:
    found: Json = next(z for z in board["players"][seat]["zones"] if z["name"] == name)
    return found


def face(board: Json, seat: int, zone_name: str, name: str) -> Json:
    found: Json = next(f for f in zone(board, seat, zone_name)["cards"] if f.get("name") == name)
    return found


def stat(face_: Json, key: str) -> Json:
    found: Json = next(s for s in face_["stats"] if s["key"] == key)
    return found


def faces(board: Json) -> Iterator[Json]:
    for player in board["players"]:
        for z in player["zones"]:
            yield from z["cards"] or ()


def test_duel_masters_cost_top_left_power_bottom_left_two_civilizations_two_tones() -> None:
    _, board = position("duel_masters", [
        {"zones": {"battle": [{"card": "Gonta, the Warrior Savage", "tapped": True}],
                   "mana": ["Bronze-Arm Tribe", {"card": "Brawler Zyler", "tapped": True}, "Bronze-Arm Tribe"],
                   "hand": ["Bloody Squito"], "deck": ["Bronze-Arm Tribe"]}},
        {"zones": {"hand": ["Bloody Squito"], "shields": ["Bone Spider"], "deck": ["Bone Spider"]}}])
    gonta = face(board, 0, "battle", "Gonta, the Warrior Savage")
    assert (stat(gonta, "cost")["at"], stat(gonta, "power")["at"]) == ("top_left", "bottom_left")
    assert stat(gonta, "power")["value"] == 4000 and stat(gonta, "cost")["value"] == 2
    assert gonta["frame"] == ["#e0503f", "#4fae5c"] and gonta["turned"]  # fire and nature; tapped
    assert gonta["type_line"].startswith("Creature — ")
    assert face(board, 0, "hand", "Bloody Squito")["badges"] == ["Blocker"]
    mana = zone(board, 0, "mana")
    assert mana["compact"] and mana["summary"]["ready"] == 2
    assert {f["color"]: f["n"] for f in mana["summary"]["frames"]} == {"#4fae5c": 2, "#e0503f": 1}
    assert zone(board, 1, "shields")["cards"] == [{"hidden": True}]


def test_battle_spirits_level_table_marks_the_level_its_cores_reach_and_cores_are_a_chip() -> None:
    _, board = position("battle_spirits", [
        {"zones": {"field": [{"card": "Rokceratops", "cores": 2, "exhausted": True}], "hand": ["Zephyr Vortex"],
                   "deck": ["Rokceratops"]}},
        {"zones": {"burst": [{"card": "Zephyr Vortex", "face_down": True}], "deck": ["Rokceratops"]}}])
    rok = face(board, 0, "field", "Rokceratops")
    assert [(s["label"], s["need"], s["value"], s["current"]) for s in rok["steps"]] == [
        ("LV1", 1, 1000, False), ("LV2", 2, 3000, True), ("LV3", 3, 4000, False)]
    assert stat(rok, "cores") == {"key": "cores", "label": "Cores", "value": 2, "at": "chip"}
    assert (stat(rok, "cost")["at"], stat(rok, "bp")["at"]) == ("top_left", "bottom_right")
    assert stat(rok, "bp")["value"] == 3000
    assert rok["turned"] and rok["frame"] == ["#e0503f"]
    assert "Burst" in face(board, 0, "hand", "Zephyr Vortex")["badges"]
    assert set(zone(board, 1, "burst")["cards"][0]) <= BACK_KEYS  # the opponent's burst: a back


def test_yugioh_level_stars_atk_def_at_the_bottom_defense_position_sideways() -> None:
    _, board = position("yugioh", [
        {"zones": {"monster_zone": ["Dark Magician", {"card": "Giant Soldier of Stone", "position": "defense"}],
                   "deck": ["Dark Magician"]}},
        {"zones": {"monster_zone": [{"card": "Dark Magician", "position": "face_down_defense"}],
                   "deck": ["Dark Magician"]}}], phase="main1")
    magician = face(board, 0, "monster_zone", "Dark Magician")
    assert stat(magician, "level") == {"key": "level", "label": "Level", "value": 7, "shape": "stars",
                                       "at": "top_right"}
    assert [stat(magician, k)["at"] for k in ("atk", "def")] == ["bottom", "bottom"]
    assert magician["frame"] == ["#c9a45c"] and magician["badges"] == ["DARK"] and not magician["turned"]
    assert face(board, 0, "monster_zone", "Giant Soldier of Stone")["turned"]
    back = zone(board, 1, "monster_zone")["cards"][0]
    assert set(back) <= BACK_KEYS and back["hidden"] and back["turned"]  # face-down Defense: sideways


def test_one_piece_cost_power_counter_where_printed_don_on_the_card_two_colours() -> None:
    _, board = position("one_piece", [
        {"zones": {"leader": [{"card": "Sakazuki", "don": 2}], "characters": [{"card": "Jango", "rested": True}],
                   "hand": ["Monkey.D.Luffy (OP01-003)"], "deck": ["Jango"]}},
        {"zones": {"leader": ["Sakazuki"], "hand": ["Jango"], "deck": ["Jango"]}}])
    jango = face(board, 0, "characters", "Jango")
    assert [stat(jango, k)["at"] for k in ("cost", "power", "counter")] == ["top_left", "top_right", "side"]
    assert jango["turned"] and jango["frame"] == ["#5a5a5a"]
    leader = face(board, 0, "leader", "Sakazuki")
    assert stat(leader, "don")["at"] == "chip" and stat(leader, "don")["value"] == 2
    assert len(face(board, 0, "hand", "Monkey.D.Luffy (OP01-003)")["frame"]) == 2
    assert zone(board, 1, "hand")["cards"] is None and zone(board, 1, "hand")["compact"]


def test_force_of_will_cost_pips_atk_def_bottom_stones_compact_standby_face_down() -> None:
    _, board = position("force_of_will", [
        {"zones": {"field": [{"card": "Cannonneer of Asakna", "rested": True, "damage": 200}],
                   "magic_stone_area": ["Magic Stone of Flame", {"card": "Magic Stone of Flame", "rested": True}],
                   "chant_standby_area": ["Allied Force"], "main_deck": ["Disarm"]}},
        {"zones": {"chant_standby_area": ["Allied Force"], "main_deck": ["Disarm"]}}])
    cannon = face(board, 0, "field", "Cannonneer of Asakna")
    cost = stat(cannon, "cost")
    assert (cost["at"], cost["pips"], cost["short"]) == ("top_left", ["#e0503f"], "2")
    assert [stat(cannon, k)["at"] for k in ("atk", "def", "damage")] == ["bottom_left", "bottom_right", "chip"]
    assert cannon["badges"] == ["First Strike"] and cannon["turned"]
    stones = zone(board, 0, "magic_stone_area")
    assert stones["compact"] and stones["summary"] == {"ready": 1, "frames": [{"color": "#e0503f", "n": 2}]}
    assert face(board, 0, "chant_standby_area", "Allied Force")["face_down"]
    assert set(zone(board, 1, "chant_standby_area")["cards"][0]) <= BACK_KEYS


@pytest.mark.parametrize("game_name", game_names())
def test_every_face_is_complete_and_every_back_says_nothing(game_name: str) -> None:
    """Over a random game's positions: each visible face has a frame of CSS colours from the
    palette, its stats placed (PLACES), a type line; each back only its id, status, turn."""
    from tests.test_presentation import random_steps

    p: Presentation = load_game(game_name).presentation
    seen = 0
    for n, (state, _) in enumerate(random_steps(game_name, 1)):
        if n % 10:
            continue
        for viewer in (0, 1):
            say = Say(p.texts("en"), "en", viewer,
                      lambda cid, s=state, v=viewer: s.name_of(cid) if s.can_see(v, cid) else None)
            board = p.board(state.observation(viewer), say)
            for f in faces(board):
                seen += 1
                if f.get("hidden"):
                    assert set(f) <= BACK_KEYS, f
                    continue
                assert f["frame"] and all(CSS.match(c) for c in f["frame"]), f
                assert all(s["at"] in PLACES for s in f["stats"]), f
                assert f.get("type_line"), f
    assert seen > 100
