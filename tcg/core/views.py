"""A zone's card views built when read: the lazy observation of an agent that says so.

A rule strategy reads the views of a few cards at a decision (the ones its legal actions
name, a zone or two), yet a full observation computes every card in play's stats through
every lasting effect and aura (issue 17: most of what an observation cost). With
``State.observation(viewer, lazy=True)`` each zone that would be a list of views is a
:class:`ZoneViews` instead: the same views in the same order, each built on its first read.

What it hands out is exactly what the eager list holds (the test suite compares them), so it
leaks nothing more: it keeps the state only to build those views, as ``tcg.sim.loop.Worlds``
does, and it is valid only while the state stays where it was observed -- a read after an
action was applied raises instead of describing another moment.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from tcg.core.state import State

Json = dict[str, Any]


class StaleObservation(RuntimeError):
    """A lazy observation was read after its state moved on."""


class ZoneViews(Sequence[Json]):
    """The views of one zone's cards as ``viewer`` sees them (a public zone, or their own
    "owner" zone), in zone order; each built once, when first read. ``ids`` are the card ids
    the viewer may know, by position (None where the eager view has no ``id``): what a
    strategy indexes without building any view."""

    __slots__ = ("_hidden", "_kept", "_public", "_referable", "_stamp", "_state", "_static", "_viewer", "_zone",
                 "ids")

    def __init__(self, state: State, viewer: int | None, player: int, zone: str, public: bool) -> None:
        self._state = state
        self._viewer = viewer
        self._zone = zone
        self._public = public
        self._referable = zone in state.REFERABLE_FACE_DOWN
        self._static = zone in state.STATIC_VIEW_ZONES
        self._stamp = len(state.history)
        cards = state.cards
        ids: list[int | None] = list(state.zones[player][zone])
        hidden: list[bool] = [False] * len(ids)
        if public:
            for i, c in enumerate(ids):
                card = cards[c]  # type: ignore[index]
                if card.face_down and card.controller != viewer:
                    hidden[i] = True
                    if not self._referable:
                        ids[i] = None
        self.ids = ids
        self._hidden = hidden
        self._kept: list[Json | None] = [None] * len(ids)

    def __len__(self) -> int:
        return len(self.ids)

    def view(self, index: int) -> Json:
        """The view at ``index`` (built now if it was not yet)."""
        if len(self._state.history) != self._stamp:
            raise StaleObservation("a lazy observation is valid during its decision only")
        kept = self._kept[index]
        if kept is not None:
            return kept
        c = self.ids[index]
        if self._hidden[index]:
            out: Json = {"id": c, "hidden": True} if self._referable else {"hidden": True}
        elif self._static:
            out = self._state.static_view(c, self._zone)  # type: ignore[arg-type]
        else:
            out = self._state.card_view(c)  # type: ignore[arg-type]
        self._kept[index] = out
        return out

    @overload
    def __getitem__(self, index: int) -> Json: ...
    @overload
    def __getitem__(self, index: slice) -> list[Json]: ...
    def __getitem__(self, index: int | slice) -> Json | list[Json]:
        if isinstance(index, slice):
            return [self.view(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self.ids)
        if not 0 <= index < len(self.ids):
            raise IndexError(index)
        return self.view(index)

    def __iter__(self) -> Iterator[Json]:
        for i in range(len(self.ids)):
            yield self.view(i)

    def __bool__(self) -> bool:
        return bool(self.ids)

    def __repr__(self) -> str:
        return f"ZoneViews({self._zone!r}, {len(self.ids)} cards)"


def materialize(obs: Any) -> Any:
    """``obs`` with every :class:`ZoneViews` replaced by the list it stands for (tests, JSON)."""
    if isinstance(obs, ZoneViews):
        return [materialize(v) for v in obs]
    if isinstance(obs, dict):
        return {k: materialize(v) for k, v in obs.items()}
    if isinstance(obs, list):
        return [materialize(v) for v in obs]
    return obs


def is_lazy(entries: Sequence[Any]) -> bool:
    return isinstance(entries, ZoneViews)
