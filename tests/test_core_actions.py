"""Actions are immutable values with a JSON form and a text form."""

from __future__ import annotations

import pytest

from tcg.core.actions import Action
from tcg.core.errors import DataError


def test_json_round_trip_and_equality():
    a = Action("attack", card=17, target="player")
    assert a.to_json() == {"type": "attack", "card": 17, "target": "player"}
    assert Action.from_json(a.to_json()) == a
    assert hash(Action.from_json(a.to_json())) == hash(a)
    assert Action("pay", cards=[3, 4]) == Action("pay", cards=(3, 4))
    assert Action("pay", cards=[3, 4]).to_json() == {"type": "pay", "cards": [3, 4]}


def test_fields_order_does_not_matter_and_none_is_dropped():
    assert Action("summon", card=1, onto=None) == Action("summon", card=1)
    assert Action("x", a=1, b=2) == Action("x", b=2, a=1)


def test_immutable():
    a = Action("pass")
    with pytest.raises(AttributeError):
        a.type = "attack"  # type: ignore[misc]


def test_text_form_names_cards():
    names = {17: "Bolshack Dragon"}
    assert Action("attack", card=17, target="player").text(names.__getitem__) == "attack Bolshack Dragon(17) -> player"


def test_fast_constructor_equals_normal_one():
    assert Action.of("pay", (("cards", (1, 2)),)) == Action("pay", cards=[1, 2])


def test_malformed_json_is_a_data_error():
    with pytest.raises(DataError):
        Action.from_json({"card": 3})


def test_card_actions_are_built_once_and_equal_to_their_plain_form() -> None:
    from tcg.core.actions import CardActions, CardTargetActions

    summon = CardActions("summon")
    assert summon[7] == Action("summon", card=7)
    assert summon[7] is summon[7]  # shared: the same value object every time
    attack = CardTargetActions("attack")
    assert attack[3, "player"] == Action("attack", card=3, target="player")
    assert attack[3, 9] == Action("attack", card=3, target=9)
    assert attack[3, 9] is attack[3, 9]
