"""Action sequences computed on demand.

Some decisions have a huge number of legal actions (every way to pay a cost), of which a
player takes one. A lazy sequence knows its length and builds the k-th action when asked,
so listing them costs nothing until they are read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from tcg.core.actions import Action


class LazyActions(Sequence[Action]):
    """Subclasses give ``__len__`` and ``action(index)``; indexing, slicing and iteration follow.

    ``action_type`` names the type every action of the sequence has, when they share one
    (agents that reason per action type then need not build the actions)."""

    action_type: str | None = None
    #: True when every action of the sequence is one *move* — the same type and the same cards,
    #: differing only in how it is paid — so a search can take the sequence as one edge
    #: without reading its (perhaps hundreds of thousands of) actions.
    one_move: bool = False
    #: The last action handed out by indexing: it is certainly a member, which spares the
    #: membership test of ``State.apply`` for the action an agent just picked.
    _given: Action | None = None

    def action(self, index: int) -> Action:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self.action(i) for i in range(*index.indices(len(self)))]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(index)
        self._given = action = self.action(index)
        return action

    def __iter__(self) -> Iterator[Action]:
        for i in range(len(self)):
            yield self.action(i)


class Concat(LazyActions):
    """Several action sequences (lists or lazy ones) read as one, without copying."""

    action_type = None

    def __init__(self, parts: list[Sequence[Action]]):
        self.parts = [p for p in parts if len(p)]
        self._len = sum(len(p) for p in self.parts)

    def __len__(self) -> int:
        return self._len

    def action(self, index: int) -> Action:
        for part in self.parts:
            if index < len(part):
                return part[index]
            index -= len(part)
        raise IndexError(index)

    def __iter__(self) -> Iterator[Action]:
        for part in self.parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        if action is self._given and action is not None:
            return True
        return any(action in part for part in self.parts)


def by_type(actions: Sequence[Action]) -> dict[str, list[Sequence[Action]]]:
    """The actions grouped by type, as sequences (lazy parts with one type stay lazy)."""
    groups: dict[str, list[Sequence[Action]]] = {}
    loose: dict[str, list[Action]] = {}

    def walk(seq: Sequence[Action]) -> None:
        if isinstance(seq, Concat):
            for part in seq.parts:
                walk(part)
        elif isinstance(seq, LazyActions) and seq.action_type is not None:
            if len(seq):
                groups.setdefault(seq.action_type, []).append(seq)
        else:
            for a in seq:
                loose.setdefault(a.type, []).append(a)

    walk(actions)
    for t, acts in loose.items():
        groups.setdefault(t, []).append(acts)
    return groups
