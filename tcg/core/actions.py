"""Actions: small immutable value objects with a JSON form and a readable text form."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from tcg.core.errors import DataError

_new_tuple = tuple.__new__

#: Fields whose values are card instance ids (an int, or a tuple of ints for list fields).
CARD_FIELDS = frozenset({"card", "target", "onto", "source", "tributes", "cards"})


def freeze_cores(mapping: Any) -> tuple[tuple[str | int, int], ...]:
    """A core mapping ``{reserve: 2, <card id>: 1}`` in canonical form: reserve first, then ids.

    JSON object keys are strings, so ``"17"`` becomes the card id 17; zero counts are dropped.
    """
    if isinstance(mapping, tuple):
        mapping = dict(mapping)
    if not isinstance(mapping, dict):
        raise DataError(f"a core mapping is {{reserve: n, <card>: n}}, got {mapping!r}")
    items: list[tuple[str | int, int]] = []
    for k, v in mapping.items():
        key: str | int = int(k) if isinstance(k, str) and k.isdigit() else k
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise DataError(f"core counts are whole numbers, got {v!r} for {k!r}")
        if v:
            items.append((key, v))
    return tuple(sorted(items, key=lambda kv: (0, 0) if kv[0] == "reserve" else (1, kv[0])))


#: Fields holding core mappings (Battle Spirits payments).
CORE_FIELDS = frozenset({"pay", "place"})


def _freeze(value: Any) -> Any:
    t = type(value)
    if t is int or t is str or t is bool:
        return value
    if t is tuple and all(type(x) is int for x in value):
        return value
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class Action(tuple[str, tuple[tuple[str, Any], ...]]):
    """One legal move: a type plus named fields, hashable and comparable.

    The JSON form is ``{"type": "attack", "card": 17, "target": "player"}``; card fields
    hold card instance ids. Mapping-valued fields (payment details) are stored as sorted
    pairs and come back as dicts. An Action is the tuple ``(type, fields)``: equality,
    hashing and construction run in C, which matters because every decision builds and
    compares many of them.
    """

    __slots__ = ()

    def __new__(cls, type: str, **fields: Any) -> Action:
        if len(fields) == 1 and not CORE_FIELDS.intersection(fields):
            ((k, v),) = fields.items()
            frozen: tuple[tuple[str, Any], ...] = () if v is None else ((k, _freeze(v)),)
        else:
            frozen = tuple(sorted((k, freeze_cores(v) if k in CORE_FIELDS else _freeze(v))
                                  for k, v in fields.items() if v is not None))
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
            if type(v) is not tuple:  # the common case: an id or a literal
                out[k] = v
                continue
            if k in CORE_FIELDS:
                out[k] = {str(a): b for a, b in v}
            else:
                out[k] = _thaw(v)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise DataError(f"an action must be a mapping with a string 'type', got {data!r}")
        fields = {k: v for k, v in data.items() if k != "type"}
        return cls(data["type"], **fields)

    def text(self, name_of: Callable[[int], str] | None = None) -> str:
        """Short readable form, e.g. ``attack Bolshack Dragon(17) -> player``."""

        def show(key: str, v: Any) -> str:
            if key in CARD_FIELDS and name_of is not None:
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
