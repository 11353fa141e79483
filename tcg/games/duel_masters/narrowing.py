"""Duel Masters mana payments narrowed by their structure instead of listed (DM-9, DM-15); the
shared narrowing is :mod:`tcg.core.narrowing`, the game's spelling :mod:`.spelling`.

A :class:`~tcg.games.duel_masters.payment.PaymentWays` sequence holds every way to tap mana for
a cost: per pool of same-named mana cards, the first ``k`` of the pool, the ``k`` summing to the
cost (and, for a card of one civilization, at least one tapped card of it). Its spelling is the
one of every ``pay`` action (:mod:`tcg.rl.tokens`): ``pay``, ``<cards>``, the cards pool by pool,
END, END. Listing the ways and filtering their spellings by prefix, as
:class:`~tcg.core.narrowing.DeferredPart` does, built a few hundred actions at every payment (a fifth
of a Duel Masters env step); here the next tokens come from the sequence's own counting table,
so a card is offered exactly when some way continues with it, and the mask, the steps and the
action are the listed ones (tests/test_rl.py compares both).
Ways of two or more needed civilizations (rare) and sequences too long to list are left to the
generic parts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from copy import copy
from typing import Any

from tcg.core.actions import Action
from tcg.core.narrowing import MATERIALISE, Part
from tcg.core.spelling import END, Vocabulary


class ManaPart(Part):
    """The sub-decisions of one PaymentWays sequence of at most one needed civilization."""

    def __init__(self, vocab: Vocabulary, seq: Any) -> None:
        self.vocab = vocab
        self.seq = seq
        self.prefix = (vocab.action_type("pay"), vocab.field("cards"))
        self.taken = 0  # tokens of the prefix accepted
        self.cards: list[int] = []  # the mana cards chosen, in spelling order
        self.pool = -1  # the pool of the last card chosen (-1: none yet)
        self.in_pool = 0  # cards chosen from that pool
        self.left = seq.cost
        self.covered = not seq.caps  # a card of the needed civilization chosen (or none needed)
        self.ends = 0  # END tokens accepted: the list's, then the action's

    def _from(self, i: int, left: int, covered: bool) -> int:
        """Ways to tap ``left`` more cards from pools i.. (the sequence's table)."""
        n: int = self.seq._flat_count(i, left, covered)
        return n

    def _continues(self) -> bool:
        """Whether some way takes one more card of the current pool."""
        i, seq = self.pool, self.seq
        room = min(self.left, len(seq.pools[i]) - self.in_pool)
        return any(self._from(i + 1, self.left - j, self.covered) > 0 for j in range(1, room + 1))

    def _opens(self, i: int) -> bool:
        """Whether some way takes no card of the pools before ``i`` (after the current one) and at
        least one of pool ``i``: all ways from pool i on, less those that take none of it."""
        left, covered = self.left, self.covered
        return self._from(i, left, covered) - self._from(i + 1, left, covered) > 0

    def options(self) -> Iterable[int]:
        if self.taken < len(self.prefix):
            return (self.prefix[self.taken],)
        if self.ends:
            return (END,) if self.ends == 1 else ()
        out: list[int] = []
        if self.left:
            card = self.vocab.card_base
            pools = self.seq.pools
            if self.pool >= 0 and self.in_pool < len(pools[self.pool]) and self._continues():
                out.append(card + pools[self.pool][self.in_pool])
            out.extend(card + pools[i][0] for i in range(self.pool + 1, len(pools)) if pools[i] and self._opens(i))
        elif self.covered:
            out.append(END)
        return out

    def accept(self, token: int) -> bool:
        if token not in self.options():
            return False
        if self.taken < len(self.prefix):
            self.taken += 1
        elif token == END:
            self.ends += 1
        else:
            cid = token - self.vocab.card_base
            pools = self.seq.pools
            if not (self.pool >= 0 and self.in_pool < len(pools[self.pool]) and pools[self.pool][self.in_pool] == cid):
                self.pool = next(i for i in range(self.pool + 1, len(pools)) if pools[i] and pools[i][0] == cid)
                self.in_pool = 0
            self.covered = self.covered or self.seq._supplies[self.pool]
            self.in_pool += 1
            self.left -= 1
            self.cards.append(cid)
        return True

    def _remaining(self) -> int:
        """How many ways the tokens so far still allow."""
        if self.taken < len(self.prefix):
            return len(self.seq)
        if self.ends:
            return 1
        i, left, covered = self.pool, self.left, self.covered
        if i < 0:
            return self._from(0, left, covered)
        room = min(left, len(self.seq.pools[i]) - self.in_pool)
        return sum(self._from(i + 1, left - j, covered) for j in range(room + 1))

    def complete(self) -> Action | None:
        """The action once one way is left (as a listed part: before its last tokens are spelt)."""
        if self.ends < 2:
            if self._remaining() != 1:
                return None
            rest = copy(self)
            rest.cards = self.cards[:]
            while rest.ends < 2:
                (token,) = rest.options()
                rest.accept(token)
            return rest.complete()
        return Action.of("pay", (("cards", tuple(self.cards)),))

    def fork(self) -> Part:
        other = copy(self)
        other.cards = self.cards[:]
        return other

    def ways(self) -> Sequence[Action] | None:
        """The ways still open (a payment part holds at most ``MATERIALISE``)."""
        if not self.cards:
            return self.seq  # type: ignore[no-any-return]
        n, chosen = len(self.cards), tuple(self.cards)
        return [a for a in self.seq if a.get("cards")[:n] == chosen]

    def spelling(self, action: Action) -> tuple[int, ...] | None:
        if action not in self.seq:
            return None
        card = self.vocab.card_base
        return (*self.prefix, *(card + c for c in action.get("cards")), END, END)


def mana_part(vocab: Vocabulary, seq: Any) -> Part | None:
    """A ManaPart for a payment the generic parts would list (one needed civilization at most,
    two to ``MATERIALISE`` ways), else None: those keep their generic spelling."""
    if not seq._flat or not 1 < len(seq) <= MATERIALISE:
        return None
    return ManaPart(vocab, seq)
