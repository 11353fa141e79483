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
    """Subclasses give ``__len__`` and ``action(index)``; indexing, slicing and iteration follow."""

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
        return self.action(index)

    def __iter__(self) -> Iterator[Action]:
        for i in range(len(self)):
            yield self.action(i)


class Concat(LazyActions):
    """Several action sequences (lists or lazy ones) read as one, without copying."""

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
        return any(action in part for part in self.parts)
