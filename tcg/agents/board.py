"""An observation reshaped for a strategy's quick questions: whose card, and its public view.

A zone of the observation is a list of views, a :class:`~tcg.core.views.ZoneViews` (the
loop's lazy observation: the same views, built when read) or a dict when only its count is
seen. Strategies index the cards by id without reading a view, and read the few they need."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

from tcg.agents.base import Observation
from tcg.core.views import Entry, ZoneViews

View = dict[str, Any]
T = TypeVar("T")


class once(Generic[T]):  # lower case: a decorator, like cached_property
    """``functools.cached_property`` without its lock (Python 3.11 takes one at every first
    read): a board attribute computed when first read, then a plain instance attribute."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> once[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> T | once[T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.compute(obj)
        return value


def reads_board(strategy: Any, kind: str) -> bool:
    """Does ``strategy`` look at the board for a ``kind`` decision? Not for a kind it has no
    handler for (the rule agent then picks at random) nor for one in its ``BLIND`` set (its
    handler reads the legal actions only): the loop then hands it only the decision."""
    return kind not in strategy.BLIND and getattr(strategy, f"_on_{kind}", None) is not None


def listed(entries: Any) -> bool:
    """Does the observation show this zone's cards (a list of views or a lazy one), not just a count?"""
    return entries.__class__ is list or entries.__class__ is ZoneViews


def count(entries: Any) -> int:
    """How many cards a zone holds, shown or counted."""
    return len(entries) if listed(entries) else int(entries.get("count", 0))


def index_cards(players: list[Any]) -> dict[int, Entry]:
    """Every listed card of an eager observation's ``players`` by id (the viewer knows the id
    of a card whose view has one): what a lazy observation's ``cards`` finds on demand."""
    cards: dict[int, Entry] = {}
    for p, pl in enumerate(players):
        for z, entries in pl["zones"].items():
            if listed(entries):
                for i, v in enumerate(entries):
                    if "id" in v:
                        cards[v["id"]] = (p, z, entries, i)
    return cards


def finder(obs: Observation) -> Callable[[int], Entry | None]:
    """Where a card is, by id: the lazy observation's index, or an index of the eager one."""
    index = obs.get("cards")
    return index.find if index is not None else index_cards(obs["players"]).get


def viewer(obs: Observation) -> Callable[[int], View | None]:
    """A card's view by id (None: unknown): the lazy observation's index, which keeps what it
    found, or an index of the eager one."""
    index = obs.get("cards")
    if index is not None:
        return index.view  # type: ignore[no-any-return]
    cards = index_cards(obs["players"])

    def view(cid: int) -> View | None:
        entry = cards.get(cid)
        return None if entry is None else entry[2][entry[3]]
    return view


class Board:
    """Players' counters and zones, and every visible card by id (strategies subclass it)."""

    def __init__(self, obs: Observation) -> None:
        self.me: int = obs["viewer"]
        self.opp = 1 - self.me
        players = obs["players"]
        self.counters = [p["counters"] for p in players]
        self.zones = [p["zones"] for p in players]
        self.find = finder(obs)
        self.view_of = viewer(obs)

    def view(self, cid: Any) -> View:
        """The card's public view, ``{}`` when it is unknown (hidden or not a card)."""
        view = self.view_of(cid) if isinstance(cid, int) else None
        return {} if view is None else view

    def owner(self, cid: Any) -> int | None:
        entry = self.find(cid) if isinstance(cid, int) else None
        return entry[0] if entry else None
