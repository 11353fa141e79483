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


@pytest.mark.parametrize("value", [True, False, 1.0, 17.0, [3, True], [3, 4.0], [3, None]])
def test_a_bool_or_float_field_is_a_data_error_not_a_look_alike_of_an_id(value: object) -> None:
    # True == 1 and 1.0 == 1: such an action passed as the legal {"card": 1} and was then carried
    # out with True for a card id, or crashed half-way on 1.0 (found by tests/test_properties.py)
    with pytest.raises(DataError, match="whole number"):
        Action.from_json({"type": "summon", "card": value})


def test_a_count_key_of_unicode_digits_is_no_card_id() -> None:
    # "²".isdigit() holds but int("²") raises ValueError: the key stays a name
    assert Action.from_json({"type": "summon", "pay": {"²": 1}}).to_json() == {"type": "summon", "pay": {"²": 1}}
