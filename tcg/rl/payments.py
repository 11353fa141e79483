"""Battle Spirits core payments narrowed by their structure, never enumerated (BS-106, BS-121).

A :class:`~tcg.games.battle_spirits.payment.CorePayments` sequence holds every way to pay a cost
from the reserve and the cards one controls, and (for a card that gets cores) every way to place
cores on it: up to millions of actions. Its spelling here is the action type and fixed fields
(the card, the timing), then ``<pay>`` and one count per core source — the reserve first, then
each source card in field order — then, where cores are placed, ``<place>`` and again one count
per source, then END. A count is offered only if a complete payment still follows from it (the
sequence's own completion table says so), so the counts of every legal payment can be spelt and
no spelling runs into a dead end. A source whose count is forced (nothing left to pay, one
feasible amount) costs no env step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tcg.core.actions import Action
from tcg.games.battle_spirits.payment import _completions
from tcg.rl.narrow import Part
from tcg.rl.tokens import END, Vocabulary


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

    def _spell_rest(self) -> None:
        """The fixed fields after the type, and the stages after them: reserve paid, each card
        paid, then (placing) the field token, reserve placed, each card placed, then END.
        Memoised per shape: the same cards are priced at every main phase."""
        seq, vocab = self.seq, self.vocab
        key = ("core_payment", seq.type, seq.fixed, seq.field, len(seq.caps), seq.place)
        known = vocab.memo.get(key)
        if known is None:
            prefix = list(self.prefix)
            for name, value in sorted(seq.fixed):
                prefix.append(vocab.field(name))
                vocab.value(name, value, prefix)
            prefix.append(vocab.field(seq.field))
            n = len(seq.caps)
            stages = [("pay_reserve", 0), *(("pay", i) for i in range(n))]
            if seq.place:
                stages += [("place_field", 0), ("place_reserve", 0), *(("place", i) for i in range(n))]
            stages.append(("end", 0))
            known = vocab.remember(key, (tuple(prefix), tuple(stages)))
        self.prefix, self.stages = known

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
                self._spell_rest()
            return True
        if token not in self.options():
            return False
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
