"""Records of the card models for the hot paths: what the rules read of a definition at every
decision -- its type and cost for "can I pay?" (FOW-27), its target checks (FOW-105), its
[Activate] abilities (FOW-52) -- without going through pydantic.

Why: a pydantic model's attribute goes through its ``__getattr__`` hook (several dict
lookups); a record's is a plain attribute, and in the compiled build (this module is compiled
by mypyc, ``cards.py`` is not) a C struct field read with its type known. Why this is not a
second schema: each record class declares, with its type, exactly the fields and cached
properties of its model -- no more, no fewer, checked when a class's first record is made
(:func:`record_names`; ``tests/test_fow_engine.py`` checks every class) -- and :func:`_fill` copies them
all by name. A field added to the schema fails at once instead of leaving a stale copy.
Models inside a recorded value (the selectors of ``effect_checks``, the abilities of
``front_activations``) are records too; lists (the schema's own ``effects``, ``abilities``,
``statics``) and other models (``keywords``, ``j_ruler``) stay as they are: only the slow
paths read them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any, TypeVar

from pydantic import BaseModel

from tcg.games.force_of_will.cards import (
    Ability,
    Attribute,
    CardType,
    Condition,
    CostKey,
    Effect,
    Face,
    ForceOfWillCard,
    JRulerSide,
    Keywords,
    Modes,
    Selector,
    StandbyTrigger,
    Static,
    Subtype,
)

_In = TypeVar("_In")
_Out = TypeVar("_Out")


def by_identity(make: Callable[[_In], _Out], limit: int = 4096) -> Callable[[_In], _Out]:
    """``make(obj)``, remembered by the identity of ``obj``, which the memo keeps alive (so its
    id cannot be reused by another object while remembered). For what is derived from objects
    that live as long as their card pool and never change -- a card definition's selector, a
    pool -- where hashing the object would cost more. Shared across states safely: the key
    is one immutable object, and the value depends on nothing else."""
    memo: dict[int, tuple[_In, _Out]] = {}

    def get(obj: _In) -> _Out:
        hit = memo.get(id(obj))
        if hit is None or hit[0] is not obj:
            if len(memo) > limit:
                memo.clear()
            hit = memo[id(obj)] = (obj, make(obj))
        return hit[1]

    return get


class SelectorRecord:
    """A :class:`~.cards.Selector`."""

    kind: str
    player: str
    zone: str
    rested: bool | None
    max_atk: int | None
    min_atk: int | None
    max_total_cost: int | None
    attributes: list[Attribute]
    races: list[str]
    subtypes: list[Subtype]
    names: list[str]
    name_contains: str
    not_names: list[str]
    not_races: list[str]
    attacking: bool
    another: bool
    damaged_by_source: bool
    blocking: bool
    blocked: bool
    printed_atk: int | None
    printed_def: int | None
    flying: bool | None
    other: bool
    count: int
    up_to: bool
    all: bool
    plain: bool
    attribute_set: frozenset[str]
    race_set: frozenset[str]

    def __init__(self, model: Selector) -> None:
        _fill(self, model)


class AbilityRecord:
    """An :class:`~.cards.Ability`."""

    when: str
    effects: list[Effect]
    watch: SelectorRecord | None
    cost: dict[str, int]
    rest_self: bool
    banish_self: bool
    if_: Condition | None
    banish: SelectorRecord | None
    rest_other: SelectorRecord | None
    discard_named: list[str]
    discard: SelectorRecord | None
    once_per_turn: bool
    text: str
    cost_key: CostKey
    target_checks: tuple[SelectorRecord, ...]
    produces_will: bool

    def __init__(self, model: Ability) -> None:
        _fill(self, model)


class CardRecord:
    """A :class:`~.cards.ForceOfWillCard`."""

    name: str
    type: CardType
    subtype: Subtype | None
    attributes: list[Attribute]
    cost: dict[str, int]
    atk: int
    def_: int
    races: list[str]
    keywords: Keywords
    effects: list[Effect]
    modes: Modes | None
    abilities: list[Ability]
    statics: list[Static]
    break_ability: list[Effect]
    trigger: StandbyTrigger | None
    produces: list[Attribute]
    cost_less: dict[str, int]
    cost_less_if: Condition | None
    j_activate: dict[str, int]
    j_activate_if: Condition | None
    j_activate_alt: dict[str, int]
    j_activate_alt_discard: list[str]
    j_activate_free_if: Condition | None
    j_activate_less: dict[str, int]
    no_j_ruler: bool
    host: SelectorRecord | None
    j_activate_less_for: list[Selector]
    j_ruler: JRulerSide | None
    text: str
    break_text: str
    card_number: str
    rarity: str
    original: bool
    rulings: tuple[Any, ...]  # not read by the rules: the publisher's answers, copied like every field
    fixture: bool
    any_statics: bool
    is_resonator: bool
    keyword_set: frozenset[str]
    trigger_event: str | None
    is_special_stone: bool
    stone_will: tuple[str, ...]
    front: Face
    back: Face
    cost_key: CostKey
    j_activate_key: CostKey
    effect_checks: tuple[SelectorRecord, ...]
    break_checks: tuple[SelectorRecord, ...]
    total_cost: int
    instant_speed: bool
    front_activations: tuple[tuple[int, AbilityRecord], ...]
    back_activations: tuple[tuple[int, AbilityRecord], ...]
    activates: bool

    def __init__(self, model: ForceOfWillCard) -> None:
        _fill(self, model)


#: The record class of each recorded model class.
RECORD_CLASSES: dict[type[BaseModel], type] = {
    Selector: SelectorRecord, Ability: AbilityRecord, ForceOfWillCard: CardRecord,
}


def model_names(cls: type[BaseModel]) -> frozenset[str]:
    """A model class's fields and cached properties: what its record must carry."""
    names = set(cls.model_fields)
    for klass in cls.__mro__:
        names.update(n for n, v in vars(klass).items() if isinstance(v, cached_property))
    return frozenset(names)


def declared_names(cls: type) -> frozenset[str]:
    """The attributes a record class declares (a compiled class lists them in
    ``__mypyc_attrs__`` and keeps no annotations)."""
    names = getattr(cls, "__mypyc_attrs__", None)
    if names is None:
        names = vars(cls).get("__annotations__", {})
    return frozenset(n for n in names if not n.startswith("__"))


def schema_gap(record_cls: type, model_cls: type[BaseModel]) -> str:
    """How a record class differs from its model's fields and cached properties ('' if not)."""
    want, have = model_names(model_cls), declared_names(record_cls)
    if want == have:
        return ""
    return (f"{record_cls.__name__} does not follow {model_cls.__name__}: declare "
            f"{sorted(want - have)}, remove {sorted(have - want)}")


#: :func:`record_names` by (record class, model class): classes live as long as the program
#: and their names do not change, so sharing is safe.
_NAMES: dict[tuple[type, type], tuple[str, ...]] = {}


def record_names(record_cls: type, model_cls: type[BaseModel]) -> tuple[str, ...]:
    """The names a record of ``model_cls`` copies, once they are checked to be exactly the
    model's fields and cached properties (a schema change fails here, not later)."""
    names = _NAMES.get((record_cls, model_cls))
    if names is None:
        gap = schema_gap(record_cls, model_cls)
        if gap:
            raise TypeError(gap)
        names = _NAMES[record_cls, model_cls] = tuple(sorted(model_names(model_cls)))
    return names


def _fill(rec: object, model: BaseModel) -> None:
    """Copy every field and cached property of ``model`` onto its record ``rec``."""
    for name in record_names(type(rec), type(model)):
        setattr(rec, name, _plain(getattr(model, name)))


def _plain(value: object) -> object:
    """A value for a record: a recorded model as its record, a tuple (a cached property's)
    with its items so; anything else as it is."""
    if type(value) is tuple:
        return tuple([_plain(v) for v in value])
    if type(value) in RECORD_CLASSES:
        assert isinstance(value, BaseModel)
        return record(value)
    return value


#: :func:`record` by the model's identity; the model is kept alive in the value, so an id is
#: never reused while remembered. Shared across states safely: models are immutable (frozen)
#: and a record depends on its model alone.
_RECORDS: dict[int, tuple[BaseModel, object]] = {}


def record(model: BaseModel) -> object:
    """The record of a model (of a class in :data:`RECORD_CLASSES`), made once."""
    hit = _RECORDS.get(id(model))
    if hit is None or hit[0] is not model:
        if len(_RECORDS) > 65536:
            _RECORDS.clear()
        hit = _RECORDS[id(model)] = (model, RECORD_CLASSES[type(model)](model))
    return hit[1]


def target(sel: Selector) -> SelectorRecord:
    """The record of a selector, as the target queries read it."""
    rec = record(sel)
    assert isinstance(rec, SelectorRecord)
    return rec


def ability_record(ab: Ability) -> AbilityRecord:
    """The record of an ability (one an addition gives, read outside its card's record)."""
    rec = record(ab)
    assert isinstance(rec, AbilityRecord)
    return rec


def targets(sels: Sequence[Selector]) -> tuple[SelectorRecord, ...]:
    return tuple([target(sel) for sel in sels])


class CardRecords(dict[str, CardRecord]):
    """The :class:`CardRecord` of each definition of a pool, by name, made on first need: a
    game meets a few dozen of its pool's cards, and a record computes every cached property."""

    def __init__(self, defs: Mapping[str, Any]) -> None:
        super().__init__()
        self.defs = defs

    def __missing__(self, name: str) -> CardRecord:
        rec = record(self.defs[name])
        assert isinstance(rec, CardRecord)
        self[name] = rec
        return rec


#: The :class:`CardRecords` of a pool (a game's, or a scenario's with its own cards): by the
#: pool's identity (see :func:`by_identity`).
card_records: Callable[[Mapping[str, Any]], dict[str, CardRecord]] = by_identity(CardRecords, limit=64)
