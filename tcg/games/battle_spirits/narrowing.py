"""Battle Spirits' lazy sequences narrowed by their structure, never enumerated (the shared
narrowing: :mod:`tcg.core.narrowing`; the game's spelling: :mod:`.spelling`).

Core payments (BS-106, BS-121): a :class:`~.payment.CorePayments` sequence holds every way to pay
a cost from the reserve and the cards one controls, and (for a card that gets cores) every way
to place cores on it: up to millions of actions. Its spelling is the action type and fixed
fields (the card, the timing), then ``<pay>`` and one count per core source -- the reserve
first, then each source card in field order -- then, where cores are placed, ``<place>`` and
again one count per source, then END. A count is offered only if a complete payment still
follows from it (the sequence's own completion table says so), so the counts of every legal
payment can be spelt and no spelling runs into a dead end. A source whose count is forced
costs no step. A person sees these counts as the sources to click (tcg.core.choosing).

Core moves (BS-44): a :class:`~.payment.CoreMoves` sequence holds every ``move_cores`` between
the reserve and one's cards. Its spelling is the one of every action (fields in spelling order):
``move_cores``, ``<source>``, the source, ``<target>``, the target, ``<count>``, the count, END;
each next token follows from the places and their cores (tests/test_rl.py compares the masks with
those of the listed moves).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tcg.core.actions import Action, Counts
from tcg.core.narrowing import MATERIALISE, Part
from tcg.core.spelling import END, FALLBACKS, Vocabulary
from tcg.games.battle_spirits.payment import _completions


class PaymentPart(Part):
    """The sub-decisions of one CorePayments sequence."""

    def __init__(self, vocab: Vocabulary, seq: Any) -> None:
        self.vocab = vocab
        self.seq = seq
        # Only the type token until the type is chosen: a main phase prices every card in hand,
        # and most of these parts are dropped at the first token.
        self.prefix: tuple[int, ...] = (vocab.action_type(seq.type),)
        self.taken = 0
        self.stages: tuple[tuple[str, int], ...] = ()
        self.stage = 0
        self.paid: list[int] = []  # reserve, then per card
        self.placed: list[int] = []
        self.left = seq.cost
        self.free = False  # a count was chosen among several (not forced): ways() no longer knows

    def _shape(self) -> tuple[tuple[int, ...], tuple[tuple[str, int], ...]]:
        """The fixed fields after the type, and the stages after them: reserve paid, each card
        paid, then (placing) the field token, reserve placed, each card placed, then END.
        Memoised per shape: the same cards are priced at every main phase."""
        seq, vocab = self.seq, self.vocab
        key = ("core_payment", seq.type, seq.fixed, seq.field, len(seq.caps), seq.place)
        known: tuple[tuple[int, ...], tuple[tuple[str, int], ...]] | None = vocab.memo.get(key)
        if known is None:
            prefix = [vocab.action_type(seq.type)]
            for name, value in vocab.ordered(seq.type, tuple(sorted(seq.fixed))):
                prefix.append(vocab.field(name))
                vocab.value(name, value, prefix)
            prefix.append(vocab.field(seq.field))
            n = len(seq.caps)
            stages = [("pay_reserve", 0), *(("pay", i) for i in range(n))]
            if seq.place:
                stages += [("place_field", 0), ("place_reserve", 0), *(("place", i) for i in range(n))]
            stages.append(("end", 0))
            known = vocab.remember(key, (tuple(prefix), tuple(stages)))
        return known

    def _counts(self) -> Iterable[int]:
        seq = self.seq
        kind, i = self.stages[self.stage]
        if kind == "pay_reserve":
            reserve: range = seq.pay_reserve
            return reserve
        if kind == "pay":
            f = _completions(seq.caps, seq.cost, seq.place)  # the sequence's own table (cached)
            cap = seq.caps[i]
            return [v for v in range(min(self.left, cap) + 1) if f[i + 1][self.left - v] > 0]
        if kind == "place_reserve":
            return range(seq.reserve - self.paid[0] + 1)
        return range(seq.caps[i] - self.paid[i + 1] + 1)  # "place"

    def options(self) -> Iterable[int]:
        if self.taken < len(self.prefix):
            return (self.prefix[self.taken],)
        if self.stage >= len(self.stages):
            return ()
        kind = self.stages[self.stage][0]
        if kind == "end":
            return (END,)
        if kind == "place_field":
            return (self.vocab.field("place"),)
        base = self.vocab.number_base
        return [base + v for v in self._counts()]

    def accept(self, token: int) -> bool:
        if self.taken < len(self.prefix):
            if token != self.prefix[self.taken]:
                return False
            self.taken += 1
            if self.taken == 1:
                self.prefix, self.stages = self._shape()
            return True
        options = self.options()
        if token not in options:
            return False
        if not isinstance(options, tuple) and len(list(options)) > 1:
            self.free = True
        kind = self.stages[self.stage][0]
        value = token - self.vocab.number_base
        if kind in ("pay_reserve", "pay"):
            self.paid.append(value)
            self.left -= value
        elif kind in ("place_reserve", "place"):
            self.placed.append(value)
        self.stage += 1
        return True

    def complete(self) -> Action | None:
        if not self.taken or self.stage < len(self.stages):
            return None
        ids = self.seq.ids
        pay: dict[Any, int] = {"reserve": self.paid[0]} if self.paid[0] else {}
        pay.update({cid: a for cid, a in zip(ids, self.paid[1:], strict=True) if a})
        placed: dict[Any, int] = {}
        if self.placed:
            if self.placed[0]:
                placed["reserve"] = self.placed[0]
            placed.update({cid: a for cid, a in zip(ids, self.placed[1:], strict=True) if a})
        action: Action = self.seq._action(pay, placed)
        return action

    def subject(self) -> Any:
        if self.taken < len(self.prefix) or self.stage >= len(self.stages):
            return None
        kind, i = self.stages[self.stage]
        if kind in ("pay_reserve", "place_reserve"):
            return "reserve"
        if kind in ("pay", "place"):
            return self.seq.ids[i]
        return None

    def fork(self) -> Part:
        other = super().fork()
        assert isinstance(other, PaymentPart)
        other.paid, other.placed = self.paid[:], self.placed[:]
        return other

    def ways(self) -> Sequence[Action] | None:
        """The whole sequence while every count taken was forced (its fixed fields, and those
        counts, are every action's)."""
        return None if self.free else self.seq

    def spelling(self, action: Action) -> tuple[int, ...] | None:
        seq = self.seq
        if action not in seq:
            return None
        prefix, stages = self._shape()
        pay = dict(action.get(seq.field) or Counts())
        placed = dict(action.get("place") or Counts())
        number = self.vocab.number_base
        out = list(prefix)
        for kind, i in stages:
            if kind == "end":
                out.append(END)
            elif kind == "place_field":
                out.append(self.vocab.field("place"))
            else:
                where = pay if kind.startswith("pay") else placed
                out.append(number + where.get("reserve" if kind.endswith("reserve") else seq.ids[i], 0))
        return tuple(out)


#: The spelling's positions after the type token: field, value, field, value, field, value, END.
_SOURCE, _TARGET, _COUNT, _END = 2, 4, 6, 7


class MovesPart(Part):
    """The sub-decisions of one CoreMoves sequence."""

    def __init__(self, vocab: Vocabulary, seq: Any, sources: list[int], targets: list[int]) -> None:
        self.vocab = vocab
        self.seq = seq
        self.fixed = (vocab.action_type("move_cores"), vocab.field("source"), -1, vocab.field("target"), -1,
                      vocab.field("count"), -1, END)
        self.sources = sources  # the source token of each place
        self.targets = targets  # the target token of each place
        self.counts = [vocab.scalar("count", n) for n in range(1, max(seq.haves) + 1)]
        self.taken = 0
        self.source = -1  # the index of the source place chosen
        self.target = -1
        self.count = 0  # the count chosen (1..)

    def options(self) -> Iterable[int]:
        k = self.taken
        if k > _END:
            return ()
        if k == _SOURCE:
            return [t for t, have in zip(self.sources, self.seq.haves, strict=True) if have]
        if k == _TARGET:
            return [t for i, t in enumerate(self.targets) if i != self.source]
        if k == _COUNT:
            return self.counts[:self.seq.haves[self.source]]
        return (self.fixed[k],)

    def accept(self, token: int) -> bool:
        k = self.taken
        if k in (_SOURCE, _TARGET, _COUNT):
            if token not in self.options():
                return False
            if k == _SOURCE:
                self.source = self.sources.index(token)
            elif k == _TARGET:
                self.target = self.targets.index(token)
            else:
                self.count = self.counts.index(token) + 1
        elif k > _END or token != self.fixed[k]:
            return False
        self.taken += 1
        return True

    def _remaining(self) -> int:
        """How many moves the tokens so far still allow."""
        k, places, haves = self.taken, len(self.seq.places), self.seq.haves
        if k > _COUNT:
            return 1
        if k > _TARGET:
            have: int = haves[self.source]
            return have
        if k > _SOURCE:
            have = haves[self.source]
            return have * (places - 1)
        n: int = len(self.seq)
        return n

    def complete(self) -> Action | None:
        """The move once one is left (as a listed part: before its last tokens are spelt)."""
        if self._remaining() != 1:
            return None
        places, haves = self.seq.places, self.seq.haves
        source = self.source if self.source >= 0 else next(i for i, h in enumerate(haves) if h)
        target = self.target if self.target >= 0 else next(i for i in range(len(places)) if i != source)
        return Action.of("move_cores", (("count", max(self.count, 1)), ("source", places[source]),
                                        ("target", places[target])))

    def ways(self) -> Sequence[Action] | None:
        places = self.seq.places
        return [a for a in self.seq
                if (self.source < 0 or a.get("source") == places[self.source])
                and (self.target < 0 or a.get("target") == places[self.target])
                and (not self.count or a.get("count") == self.count)]

    def spelling(self, action: Action) -> tuple[int, ...] | None:
        if action not in self.seq:
            return None
        places = self.seq.places
        return (self.fixed[0], self.fixed[1], self.sources[places.index(action.get("source"))], self.fixed[3],
                self.targets[places.index(action.get("target"))], self.fixed[5],
                self.counts[action.get("count") - 1], END)


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
