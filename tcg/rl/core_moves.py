"""Battle Spirits core moves (BS-44) narrowed by their structure instead of listed.

A :class:`~tcg.games.battle_spirits.payment.CoreMoves` sequence holds every ``move_cores``
between the reserve and one's cards: any count from 1 to what the source holds, any other place
as the target. Its spelling is the one of every action (:mod:`tcg.rl.tokens`, fields sorted):
``move_cores``, ``<count>``, the count, ``<source>``, the source, ``<target>``, the target, END.
Listing the moves and filtering their spellings, as :class:`~tcg.rl.narrow.DeferredPart` does,
built a few hundred actions each time a learner picked ``move_cores``; here each next token
follows from the places and their cores, with the masks, steps and action of the listed moves
(tests/test_rl.py walks both). Sequences the generic parts would not list, or whose values need
an OTHER token, keep the generic spelling.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tcg.core.actions import Action
from tcg.rl.narrow import MATERIALISE, Part
from tcg.rl.tokens import END, FALLBACKS, Vocabulary

#: The spelling's positions after the type token: field, value, field, value, field, value, END.
_COUNT, _SOURCE, _TARGET, _END = 2, 4, 6, 7


class MovesPart(Part):
    """The sub-decisions of one CoreMoves sequence."""

    def __init__(self, vocab: Vocabulary, seq: Any, sources: list[int], targets: list[int]) -> None:
        self.seq = seq
        self.fixed = (vocab.action_type("move_cores"), vocab.field("count"), -1, vocab.field("source"), -1,
                      vocab.field("target"), -1, END)
        self.sources = sources  # the source token of each place
        self.targets = targets  # the target token of each place
        self.counts = [vocab.scalar("count", n) for n in range(1, max(seq.haves) + 1)]
        self.taken = 0
        self.count = 0  # the count chosen (1..)
        self.source = -1  # the index of the source place chosen
        self.target = -1

    def options(self) -> Iterable[int]:
        k = self.taken
        if k > _END:
            return ()
        if k == _COUNT:
            return self.counts
        if k == _SOURCE:
            return [t for t, have in zip(self.sources, self.seq.haves, strict=True) if have >= self.count]
        if k == _TARGET:
            return [t for i, t in enumerate(self.targets) if i != self.source]
        return (self.fixed[k],)

    def accept(self, token: int) -> bool:
        k = self.taken
        if k == _COUNT:
            if token not in self.counts:
                return False
            self.count = self.counts.index(token) + 1
        elif k == _SOURCE:
            if token not in self.options():
                return False
            self.source = self.sources.index(token)
        elif k == _TARGET:
            if token not in self.options():
                return False
            self.target = self.targets.index(token)
        elif k > _END or token != self.fixed[k]:
            return False
        self.taken += 1
        return True

    def _remaining(self) -> int:
        """How many moves the tokens so far still allow."""
        k, places, haves = self.taken, len(self.seq.places), self.seq.haves
        if k > _TARGET:
            return 1
        if k > _SOURCE:
            return places - 1
        if k > _COUNT:
            return sum(1 for have in haves if have >= self.count) * (places - 1)
        n: int = len(self.seq)
        return n

    def complete(self) -> Action | None:
        """The move once one is left (as a listed part: before its last tokens are spelt)."""
        if self._remaining() != 1:
            return None
        places, haves = self.seq.places, self.seq.haves
        source = self.source if self.source >= 0 else next(i for i, h in enumerate(haves) if h >= self.count)
        target = self.target if self.target >= 0 else next(i for i in range(len(places)) if i != source)
        return Action.of("move_cores", (("count", self.count), ("source", places[source]),
                                        ("target", places[target])))


def moves_part(vocab: Vocabulary, seq: Any) -> Part | None:
    """A MovesPart for core moves the generic parts would list, every value with its own token;
    else None."""
    if not 1 < len(seq) <= MATERIALISE:
        return None
    sources = [vocab.scalar("source", p) for p in seq.places]
    targets = [vocab.scalar("target", p) for p in seq.places]
    counts = [vocab.scalar("count", n) for n in range(1, max(seq.haves) + 1)]
    if FALLBACKS.intersection(sources + targets + counts):
        return None
    return MovesPart(vocab, seq, sources, targets)
