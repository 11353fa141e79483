"""Card views built when read: the lazy observation of an agent that says so.

A rule strategy reads the views of a few cards at a decision (the ones its legal actions
name, a zone or two), yet a full observation computes every card in play's stats through
every lasting effect and aura (issue 17: most of what an observation cost). With
``State.observation(viewer, lazy=True)`` each player's ``zones`` is a :class:`LazyZones`,
which makes a zone's entry when it is looked up; a zone that would be a non-empty list of
views is a :class:`ZoneViews` -- the same views in the same order, each built on its first
read -- and the observation's ``cards`` (a :class:`CardIndex`) finds a card by id, as a
strategy would by indexing every view, without reading any.

What they hand out is exactly what the eager observation holds (the test suite compares
them), so they leak nothing more: they keep the state only to build those views, as
``tcg.sim.loop.Worlds`` does, and are valid only while the state stays where it was observed
-- a read after an action was applied raises instead of describing another moment.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from tcg.core.state import State

Json = dict[str, Any]
#: Where a card is in an observation: (its player, its zone, the zone's views, its position).
Entry = tuple[int, str, Sequence[Json], int]


class StaleObservation(RuntimeError):
    """A lazy observation was read after its state moved on."""


class ZoneViews(Sequence[Json]):
    """The views of one zone's cards as ``viewer`` sees them (a public zone, or their own
    "owner" zone), in zone order; each built once, when first read."""

    __slots__ = ("_all", "_cids", "_kept", "_public", "_stamp", "_state", "_static", "_viewer", "_zone")

    def __init__(self, state: State, viewer: int | None, cids: list[int], zone: str, public: bool, static: bool,
                 stamp: int) -> None:
        """``cids``: the zone's cards (a copy); ``static``: the zone is one of the game's
        STATIC_VIEW_ZONES; ``stamp``: ``len(state.history)`` now."""
        self._state = state
        self._viewer = viewer
        self._cids = cids
        self._zone = zone
        self._public = public
        self._static = static
        self._stamp = stamp
        self._kept: dict[int, Json] = {}
        self._all: list[Json] | None = None  # every view, once the zone was read whole

    def __len__(self) -> int:
        return len(self._cids)

    def _hidden(self, cid: int) -> bool:
        """Face down to this viewer (the eager view is a placeholder)."""
        card = self._state.cards[cid]
        return self._public and card.face_down and card.controller != self._viewer

    def position(self, cid: int) -> int | None:
        """Where ``cid`` is in the zone, if the viewer may know its id there."""
        try:
            i = self._cids.index(cid)
        except ValueError:
            return None
        if self._hidden(cid) and self._zone not in self._state.REFERABLE_FACE_DOWN:
            return None
        return i

    def view(self, index: int) -> Json:
        """The view at ``index`` (0 <= index < len), built now if it was not yet."""
        state = self._state
        if len(state.history) != self._stamp:
            raise StaleObservation("a lazy observation is valid during its decision only")
        kept = self._kept.get(index)
        if kept is not None:
            return kept
        c = self._cids[index]
        if self._hidden(c):
            out: Json = {"id": c, "hidden": True} if self._zone in state.REFERABLE_FACE_DOWN else {"hidden": True}
        elif self._static:
            out = state.static_view(c, self._zone)
        else:
            out = state.card_view(c)
        self._kept[index] = out
        return out

    @overload
    def __getitem__(self, index: int) -> Json: ...
    @overload
    def __getitem__(self, index: slice) -> list[Json]: ...
    def __getitem__(self, index: int | slice) -> Json | list[Json]:
        if isinstance(index, slice):
            return [self.view(i) for i in range(*index.indices(len(self._cids)))]
        if index < 0:
            index += len(self._cids)
        if not 0 <= index < len(self._cids):
            raise IndexError(index)
        return self.view(index)

    def __iter__(self) -> Iterator[Json]:
        """The views in order: a strategy that reads a zone whole reads it again and again, so
        all are built at the first pass (the same views) and kept as a list."""
        views = self._all
        if views is None or len(self._state.history) != self._stamp:
            views = self._all = [self.view(i) for i in range(len(self._cids))]
        return iter(views)

    def __repr__(self) -> str:
        return f"ZoneViews({self._zone!r}, {len(self._cids)} cards)"


class LazyZones(Mapping[str, Any]):
    """A player's zones in a lazy observation: each zone's entry (a count, ``[]``, face-down
    placeholders or a :class:`ZoneViews`) made when first looked up, as the eager
    observation's dict holds it. A strategy looks at a few zones of a decision."""

    __slots__ = ("_built", "_plan", "_player", "_stamp", "_state", "_viewer")

    def __init__(self, state: State, viewer: int | None, player: int, plan: dict[str, tuple[str, bool, bool]],
                 stamp: int) -> None:
        """``plan``: what each zone shows ``viewer``, in order (``tcg.core.state._zone_plan``)."""
        self._state = state
        self._viewer = viewer
        self._player = player
        self._plan = plan
        self._stamp = stamp
        self._built: dict[str, Any] = {}

    def __getitem__(self, zone: str) -> Any:
        built = self._built
        if zone in built:
            return built[zone]
        kind, public, static = self._plan[zone]  # KeyError: no such zone
        state = self._state
        if len(state.history) != self._stamp:
            raise StaleObservation("a lazy observation is valid during its decision only")
        ids = state.zones[self._player][zone]
        out: Any
        if kind == "count":
            out = state.count_view(zone, ids)
        elif not ids:
            out = []
        elif kind == "views":
            out = ZoneViews(state, self._viewer, ids[:], zone, public, static, self._stamp)
        else:
            out = [{"id": c, "hidden": True} if public else {"hidden": True} for c in ids]
        built[zone] = out
        return out

    def get(self, zone: str, default: Any = None) -> Any:
        return self[zone] if zone in self._plan or zone in self._built else default

    def __setitem__(self, zone: str, entries: Any) -> None:
        """A game's extra entry (Force of Will's card revealed by a Lifebreak)."""
        self._built[zone] = entries

    def __contains__(self, zone: object) -> bool:
        return zone in self._plan or zone in self._built

    def __iter__(self) -> Iterator[str]:
        yield from self._plan
        yield from (z for z in self._built if z not in self._plan)

    def __len__(self) -> int:
        return len(self._plan) + sum(1 for z in self._built if z not in self._plan)

    def __repr__(self) -> str:
        return f"LazyZones(player {self._player}, {len(self)} zones)"


class CardIndex:
    """A lazy observation's cards by id: what indexing every listed view by its ``id`` would
    give (:func:`tcg.agents.board.index_cards` on an eager one), found when asked."""

    __slots__ = ("_found", "_players", "_stamp", "_state", "_views")

    def __init__(self, state: State, players: list[Json]) -> None:
        self._state = state
        self._players = players
        self._stamp = len(state.history)
        self._found: dict[int, Entry | None] = {}
        self._views: dict[int, Json | None] = {}

    def find(self, cid: int) -> Entry | None:
        """(player, zone, the zone's views, position) of card ``cid``; None if the viewer may not
        know it (hidden, or not a card)."""
        if cid in self._found:
            return self._found[cid]
        entry: Entry | None = None
        state = self._state
        if 0 <= cid < len(state.cards):
            p, z = state.where[cid]
            entries = self._players[p]["zones"].get(z) if p >= 0 else None
            if isinstance(entries, ZoneViews):
                i = entries.position(cid)
                entry = None if i is None else (p, z, entries, i)
            if entry is None:
                entry = self._listed(cid)
        self._found[cid] = entry
        return entry

    def _listed(self, cid: int) -> Entry | None:
        """The card among the views built eagerly (face-down placeholders, a game's extra
        lists such as Force of Will's revealed card): the last one, as an index by id keeps."""
        found = None
        for p, pl in enumerate(self._players):
            for z, entries in pl["zones"].items():
                if entries.__class__ is list:
                    for i, v in enumerate(entries):
                        if v.get("id") == cid:
                            found = (p, z, entries, i)
        return found

    def view(self, cid: int) -> Json | None:
        """The view of card ``cid`` (None: the viewer may not know it); strategies ask for the
        same card again and again, so the answer is kept."""
        if len(self._state.history) != self._stamp:
            raise StaleObservation("a lazy observation is valid during its decision only")
        views = self._views
        if cid in views:
            return views[cid]
        entry = self.find(cid)
        view = views[cid] = None if entry is None else entry[2][entry[3]]
        return view


def materialize(obs: Any) -> Any:
    """``obs`` as the eager observation holds it: every :class:`ZoneViews` replaced by the
    list it stands for, the :class:`CardIndex` left out (tests, JSON)."""
    if isinstance(obs, ZoneViews):
        return [materialize(v) for v in obs]
    if isinstance(obs, LazyZones):
        return {k: materialize(v) for k, v in obs.items()}
    if isinstance(obs, dict):
        return {k: materialize(v) for k, v in obs.items() if not isinstance(v, CardIndex)}
    if isinstance(obs, list):
        return [materialize(v) for v in obs]
    return obs
