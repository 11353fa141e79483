"""Actions: small immutable value objects with a JSON form and a readable text form."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from tcg.core.errors import DataError

_new_tuple = tuple.__new__

#: The shared action vocabulary's fields whose values are card instance ids (an int, or a tuple
#: of ints for ``cards``); a game adds its own (``Game.card_fields``: Yu-Gi-Oh!'s ``tributes``).
CARD_FIELDS = frozenset({"card", "target", "onto", "source", "cards"})


class Counts(tuple[tuple[str | int, int], ...]):
    """A mapping-valued action field in canonical form: a count per key, named keys (a game's
    literal, e.g. Battle Spirits' ``reserve``) first, then card ids, zero counts left out. Its
    JSON form is the mapping (``{"reserve": 2, "17": 1}``); equal to the plain tuple of its
    pairs. Any mapping given as a field value becomes one: the core knows no field by name."""

    __slots__ = ()


def _count_key(kv: tuple[str | int, int]) -> tuple[int, str | int]:
    return (0, kv[0]) if isinstance(kv[0], str) else (1, kv[0])


def freeze_counts(mapping: Any) -> Counts:
    """A mapping ``{name: n, <card id>: n}`` as :class:`Counts`. JSON object keys are strings,
    so ``"17"`` becomes the card id 17; counts are whole numbers, and zero counts are dropped."""
    if isinstance(mapping, tuple):
        mapping = dict(mapping)
    if not isinstance(mapping, dict):
        raise DataError(f"a count mapping is {{name: n, <card>: n}}, got {mapping!r}")
    items: list[tuple[str | int, int]] = []
    for k, v in mapping.items():
        # isascii: "²".isdigit() holds, but int("²") fails
        key: str | int = int(k) if isinstance(k, str) and k.isascii() and k.isdigit() else k
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise DataError(f"counts are whole numbers, got {v!r} for {k!r}")
        if v:
            items.append((key, v))
    return Counts(sorted(items, key=_count_key))


def _freeze(value: Any) -> Any:
    """A field value as the action holds it. A float or a bool is refused: ``1.0 == 1`` and
    ``True == 1`` in Python, so ``{"card": true}`` would pass as the legal ``{"card": 1}`` and
    then be carried out with ``True`` for a card id (or crash on ``1.0`` half-way through)."""
    t = type(value)
    if t is int or t is str:
        return value
    if t is tuple and all(type(x) is int for x in value):
        return value
    if t is Counts:
        return value
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return freeze_counts(value)
    raise DataError(f"an action's field is a whole number, a text, a list or a count mapping, got {value!r}")


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class Action(tuple[str, tuple[tuple[str, Any], ...]]):
    """One legal move: a type plus named fields, hashable and comparable.

    The JSON form is ``{"type": "attack", "card": 17, "target": "player"}``; card fields
    hold card instance ids. Mapping-valued fields (Battle Spirits' payments) are stored as
    :class:`Counts` and come back as dicts. An Action is the tuple ``(type, fields)``: equality,
    hashing and construction run in C, which matters because every decision builds and
    compares many of them.
    """

    __slots__ = ()

    def __new__(cls, type: str, **fields: Any) -> Action:
        if len(fields) == 1:
            ((k, v),) = fields.items()
            frozen: tuple[tuple[str, Any], ...] = () if v is None else ((k, _freeze(v)),)
        else:
            frozen = tuple(sorted((k, _freeze(v)) for k, v in fields.items() if v is not None))
        return tuple.__new__(cls, (type, frozen))

    @staticmethod
    def of(type: str, fields: tuple[tuple[str, Any], ...]) -> Action:
        """Fast constructor for hot paths: ``fields`` already sorted and frozen.

        A static method (a classmethod would bind a method object at every call)."""
        return _new_tuple(Action, (type, fields))

    if TYPE_CHECKING:

        @property
        def type(self) -> str: ...

        @property
        def fields(self) -> tuple[tuple[str, Any], ...]: ...

    else:
        # C-level getters: games read these for almost every action they look at, and a
        # property whose getter is a Python function costs a frame each time.
        type = property(itemgetter(0), doc="The action type, e.g. ``attack``.")
        fields = property(itemgetter(1), doc="The named fields, as sorted (name, value) pairs.")

    def __lt__(self, other: tuple[Any, ...]) -> bool:
        return repr(tuple(self)) < repr(tuple(other))

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self[1]:
            if k == name:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self[0]}
        for k, v in self[1]:
            t = type(v)
            if t is Counts:
                out[k] = {str(a): b for a, b in v}
            elif t is tuple:
                out[k] = _thaw(v)
            else:  # the common case: an id or a literal
                out[k] = v
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise DataError(f"an action must be a mapping with a string 'type', got {data!r}")
        fields = {k: v for k, v in data.items() if k != "type"}
        for k, v in fields.items():  # 12.0 == 12 would pass as a legal card id, then index a list
            if any(isinstance(x, float) for x in (v, *(v if isinstance(v, list) else ()),
                                                  *(v.values() if isinstance(v, Mapping) else ()))):
                raise DataError(f"action field {k!r} holds a fraction ({v!r}); ids and counts are whole numbers",
                                field=k)
        return cls(data["type"], **fields)

    def text(self, name_of: Callable[[int], str] | None = None, card_fields: frozenset[str] = CARD_FIELDS) -> str:
        """Short readable form, e.g. ``attack Bolshack Dragon(17) -> player``; the values of
        ``card_fields`` are shown by name (``State.action_text`` passes the game's)."""

        def show(key: str, v: Any) -> str:
            if key in card_fields and name_of is not None:
                if isinstance(v, int) and not isinstance(v, bool):
                    return f"{name_of(v)}({v})"
                if isinstance(v, tuple) and all(isinstance(x, int) for x in v):
                    return "[" + ", ".join(f"{name_of(x)}({x})" for x in v) + "]"
            if isinstance(v, tuple):
                return "[" + ", ".join(str(x) for x in _thaw(v)) + "]"
            return str(v)

        parts = [self.type]
        for k, v in self.fields:
            if k == "card":
                parts.insert(1, show(k, v))
            elif k == "target":
                parts.append(f"-> {show(k, v)}")
            else:
                parts.append(f"{k}={show(k, v)}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action({self.to_json()!r})"


class CardActions(dict[int, Action]):
    """``type {card}`` for each card id, built on first use and then shared.

    Decision after decision a game offers the same few hundred actions (summon this, activate
    that); they are immutable values, so building each once saves the work of every list.
    """

    __slots__ = ("type",)

    def __init__(self, type: str) -> None:
        super().__init__()
        self.type = type

    def __missing__(self, card: int) -> Action:
        action = self[card] = Action.of(self.type, (("card", card),))
        return action


class CardTargetActions(dict[tuple[int, Any], Action]):
    """``type {card, target}`` for each (card, target) pair, built on first use and then shared."""

    __slots__ = ("type",)

    def __init__(self, type: str) -> None:
        super().__init__()
        self.type = type

    def __missing__(self, key: tuple[int, Any]) -> Action:
        card, target = key
        action = self[key] = Action.of(self.type, (("card", card), ("target", target)))
        return action
