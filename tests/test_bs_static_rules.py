"""Battle Spirits player-wide rules (static_rules.py, BS-240..BS-259): an illegal attack or magic
names the rule that forbids it (the scenarios prove what each rule allows and forbids)."""

from __future__ import annotations

from typing import Any

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.scenario import Runner

SMALL = {"name": "Small", "type": "spirit", "colors": ["red"], "cost": 1, "level_costs": [1],
         "level_bp": [1000], "symbols": ["red"]}
FIVE = {"name": "Five", "type": "spirit", "colors": ["red"], "cost": 5, "level_costs": [1],
        "level_bp": [5000], "symbols": ["red"]}
BOOST = {"name": "Boost", "type": "magic", "colors": ["purple"], "cost": 0, "main_effects": [{"do": "draw"}]}


def _state(rule_card: str, reserve: int = 0, phase: str = "attack_declaration") -> Any:
    spec = {
        "name": "static rules", "game": "battle_spirits", "cards": [SMALL, FIVE, BOOST],
        "state": {"turn": 3, "phase": phase, "players": [
            {"reserve": reserve, "zones": {"field": [{"card": "Small", "cores": 1}, {"card": "Five", "cores": 1}],
                                           "hand": ["Boost"], "deck": ["Small"]}},
            {"zones": {"field": [{"card": rule_card, "cores": 1}], "deck": ["Small"]}}]},
    }
    return Runner(spec, "test").state


def test_an_attack_a_card_bans_names_bs_240() -> None:
    s = _state("The Angelia of Olimpics Och")
    rule, text = s.explain_illegal(Action("attack", card=s.zones[0]["field"][0]))
    assert rule == "BS-240" and "Och" in text


def test_a_second_attack_names_bs_241() -> None:
    s = _state("Giant Sapphire Labyrinth")
    first = s.zones[0]["field"][0]
    lasting.add(s, "attacked", card=first)
    rule, _ = s.explain_illegal(Action("attack", card=first))
    assert rule == "BS-241"


def test_an_attack_without_its_cost_names_bs_242() -> None:
    s = _state("The Birdman Ikarosh", reserve=0)
    rule, text = s.explain_illegal(Action("attack", card=s.zones[0]["field"][0]))
    assert rule == "BS-242" and "reserve" in text


def test_a_locked_magic_names_bs_246() -> None:
    from tcg.games.battle_spirits.main_phase import magic_actions

    s = _state("Giant Sapphire Labyrinth", phase="main")
    assert magic_actions(s, 0, "main")
    lasting.add(s, "magic_lock", player=0)
    assert magic_actions(s, 0, "main") == []
    rule, _ = s.explain_illegal(Action("use_magic", card=s.zones[0]["hand"][0], timing="main"))
    assert rule == "BS-246"
