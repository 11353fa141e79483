"""Every legal action spelt as a few tokens: the alphabet the narrowing (:mod:`tcg.core.narrowing`)
walks, shared by the RL environments, the browser and the terminal.

Why tokens: the number of legal actions has no bound (a Battle Spirits summon can be paid in
millions of ways), so neither a learner nor a person can be shown them as one list. Spelt token
by token -- the action type, then each field and its value -- one decision becomes a few small
choices, and a person and a learner take the same ones.

Layout (docs/rl.md, "Action space"): ``0`` is END (closes a list, a count mapping, an action),
``1``-``3`` stand for a field, a literal or a number the game's spelling lacks, ``4`` (WHICH)
starts the index that tells apart actions spelt alike because of them; then one token per action
type (sorted ``Game.ACTION_TYPES``), per field name, per literal value, per number
``0 .. numbers-1`` and per card instance id ``0 .. cards-1``. An action ``attack card=17
target=player`` is ``[attack, <card>, card 17, <target>, player, END]``.

The order of the fields is the order a person chooses them in: the fields of
:attr:`Spelling.first` (the card, then where it goes or what it targets), then the others by
name, then the fields that pay a cost (:attr:`Spelling.payment`), so that a payment is always
the last choice and the ways that differ only in it can be shown as one option.

Each game declares its :class:`Spelling` in its package's ``spelling.py`` (``SPELLING``),
loaded on first use by :attr:`tcg.core.game.Game.spelling`: the field names and literal values
its actions use, and the lazy sequences it narrows by their structure (its ``parts``). Should an
action need a field or literal missing there, it is spelt with an OTHER token and stays
reachable (:func:`tcg.core.narrowing.disambiguate`); tests/test_rl.py fails if that happens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action, Counts
from tcg.core.errors import DataError

if TYPE_CHECKING:
    from tcg.core.game import Game
    from tcg.core.narrowing import PartFactory

END = 0
OTHER_FIELD, OTHER_LITERAL, OTHER_NUMBER, WHICH = 1, 2, 3, 4
FALLBACKS = frozenset({OTHER_FIELD, OTHER_LITERAL, OTHER_NUMBER})
_CACHE_LIMIT = 200_000
#: The fields chosen first when a game says nothing else: the card acting, where from, what it
#: targets or goes onto (the shared action vocabulary's words, README "Card references").
FIRST_FIELDS = ("card", "source", "target", "onto")


def no_parts() -> Mapping[type, PartFactory]:
    return {}


@dataclass(frozen=True)
class Spelling:
    """What one game's actions are spelt with, and in which order a person chooses their fields."""

    #: action field names (each is a token announcing the field's value); its order numbers them
    fields: tuple[str, ...] = ()
    #: literal field values (strings) and count-mapping keys that are not card ids
    literals: tuple[str, ...] = ()
    #: how many number tokens (0 .. numbers-1): counts, indexes, amounts of cores
    numbers: int = 64
    #: the fields spelt first, in this order (the others follow by name)
    first: tuple[str, ...] = FIRST_FIELDS
    #: per action type (``*``: every type), the fields that pay its cost, spelt last in this
    #: order: the ways that differ only in them are one option for a person (tcg.core.choosing)
    payment: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the lazy-sequence classes the game narrows by their structure (imported on first use)
    parts: Callable[[], Mapping[type, PartFactory]] = no_parts

    def payment_fields(self, action_type: str) -> tuple[str, ...]:
        return self.payment.get(action_type) or self.payment.get("*") or ()


class Vocabulary:
    """Token numbers of one game (with a fixed number of card instances)."""

    def __init__(self, game: Game[Any], spelling: Spelling, cards: int) -> None:
        self.game = game
        self.spelling = spelling
        self.types = tuple(sorted(game.ACTION_TYPES))
        self.cards = cards
        self.card_fields = game.card_fields
        start = WHICH + 1
        self.type_token = {t: start + i for i, t in enumerate(self.types)}
        start += len(self.types)
        self.field_token = {f: start + i for i, f in enumerate(spelling.fields)}
        start += len(spelling.fields)
        self.literal_token = {v: start + i for i, v in enumerate(spelling.literals)}
        start += len(spelling.literals)
        self.number_base = start
        self.card_base = start + spelling.numbers
        self.size = self.card_base + cards
        self._cache: dict[Action, tuple[int, ...]] = {}
        self._ranks: dict[tuple[str, str], tuple[int, int, str]] = {}
        self._meanings: dict[int, tuple[str, Any]] = {}
        #: spellings that needed an OTHER token, and what it stood for (the test of the catalogue)
        self.fallback_spellings: set[tuple[int, ...]] = set()
        self.missing: set[str] = set()
        #: what the narrowing parts work out once per shape of a sequence (:meth:`remember`)
        self.memo: dict[Any, Any] = {}

    # ------------------------------------------------------------------ single tokens
    def number(self, n: int) -> int:
        if not 0 <= n < self.spelling.numbers:
            raise DataError(f"the number {n} is beyond the {self.spelling.numbers} number tokens of "
                            f"{self.game.name} (its spelling.py)", field="numbers")
        return self.number_base + n

    def card(self, cid: int) -> int:
        if not 0 <= cid < self.cards:
            raise DataError(f"card id {cid} is beyond the {self.cards} card tokens of this game", field="cards")
        return self.card_base + cid

    def field(self, name: str) -> int:
        token = self.field_token.get(name)
        if token is None:
            raise DataError(f"action field {name!r} is not in {self.game.name}'s spelling (its spelling.py)",
                            field="fields")
        return token

    def literal(self, value: str) -> int:
        token = self.literal_token.get(value)
        if token is None:
            raise DataError(f"literal {value!r} is not in {self.game.name}'s spelling (its spelling.py)",
                            field="literals")
        return token

    def action_type(self, name: str) -> int:
        token = self.type_token.get(name)
        if token is None:
            raise DataError(f"action type {name!r} is not among {self.game.name}'s ACTION_TYPES", field="type")
        return token

    # ------------------------------------------------------------------ spellings
    def rank(self, action_type: str, name: str) -> tuple[int, int, str]:
        """Where field ``name`` of an ``action_type`` action comes in its spelling."""
        key = (action_type, name)
        rank = self._ranks.get(key)
        if rank is None:
            spelling = self.spelling
            paying = spelling.payment_fields(action_type)
            if name in paying:
                rank = (2, paying.index(name), name)
            elif name in spelling.first:
                rank = (0, spelling.first.index(name), name)
            else:
                rank = (1, 0, name)
            self._ranks[key] = rank
        return rank

    def ordered(self, action_type: str, fields: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
        """An action's fields in spelling order."""
        if len(fields) < 2:
            return fields
        rank = self.rank
        return tuple(sorted(fields, key=lambda kv: rank(action_type, kv[0])))

    def scalar(self, field: str, value: Any) -> int:
        """One value: a card id in a card field, a number elsewhere, or a literal; what the
        spelling lacks becomes an OTHER token."""
        if isinstance(value, bool):
            value = str(value).lower()
        if isinstance(value, int):
            if field in self.card_fields:
                return self.card(value)
            if 0 <= value < self.spelling.numbers:
                return self.number_base + value
            self.missing.add(f"number {value}")
            return OTHER_NUMBER
        token = self.literal_token.get(value) if isinstance(value, str) else None
        if token is None:
            self.missing.add(f"literal {value!r}")
            return OTHER_LITERAL
        return token

    def value(self, field: str, value: Any, out: list[int]) -> None:
        """Append the spelling of one field value: a scalar, or a list / count mapping and END."""
        if type(value) is Counts:
            for key, n in value:
                out.append(self.scalar(field, key) if isinstance(key, str) else self.card(key))
                out.append(self.scalar("", n))
            out.append(END)
        elif isinstance(value, tuple):
            for x in value:
                out.append(self.scalar(field, x))
            out.append(END)
        else:
            out.append(self.scalar(field, value))

    def spell(self, action: Action) -> tuple[int, ...]:
        """The token spelling of an action (cached: the same actions come back every turn)."""
        cached = self._cache.get(action)
        if cached is not None:
            return cached
        out = [self.action_type(action.type)]
        for name, v in self.ordered(action.type, action.fields):
            token = self.field_token.get(name)
            if token is None:
                self.missing.add(f"field {name!r}")
            out.append(OTHER_FIELD if token is None else token)
            self.value(name, v, out)
        out.append(END)
        spelling = tuple(out)
        if FALLBACKS.intersection(spelling[1:]):
            self.fallback_spellings.add(spelling)
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[action] = spelling
        return spelling

    def spans(self, action: Action) -> list[tuple[str, int, int]]:
        """Where each field of the action's plain spelling lies: ``(name, start, stop)`` with its
        field token at ``start`` and its value up to ``stop`` (excluded)."""
        out: list[int] = [0]
        spans = []
        for name, v in self.ordered(action.type, action.fields):
            start = len(out)
            out.append(0)
            self.value(name, v, out)
            spans.append((name, start, len(out)))
        return spans

    def remember(self, key: Any, value: Any) -> Any:
        """Store ``value`` in :attr:`memo` (emptied when it grows past the cache limit)."""
        if len(self.memo) >= _CACHE_LIMIT:
            self.memo.clear()
        self.memo[key] = value
        return value

    def meaning(self, token: int) -> tuple[str, Any]:
        """What a token stands for: ``("end", None)``, ``("type", "attack")``, ``("field",
        "target")``, ``("literal", "player")``, ``("number", 3)``, ``("card", 17)``, ``("other",
        None)`` or ``("which", None)``."""
        known = self._meanings.get(token)
        if known is not None:
            return known
        if not 0 <= token < self.size:
            raise DataError(f"no token {token} (this game's action space has {self.size})", field="token")
        meaning: tuple[str, Any]
        if token == END:
            meaning = ("end", None)
        elif token == WHICH:
            meaning = ("which", None)
        elif token in FALLBACKS:
            meaning = ("other", None)
        elif token >= self.card_base:
            meaning = ("card", token - self.card_base)
        elif token >= self.number_base:
            meaning = ("number", token - self.number_base)
        else:
            meaning = next((kind, name) for table, kind in ((self.type_token, "type"), (self.field_token, "field"),
                                                            (self.literal_token, "literal"))
                           for name, t in table.items() if t == token)
        self._meanings[token] = meaning
        return meaning

    def describe(self, token: int) -> str:
        """A token in words (``type:attack``, ``card:17``, ``number:3``) for docs and debugging."""
        if not 0 <= token < self.size:
            raise DataError(f"no token {token} (the action space has {self.size})", field="action")
        if token < WHICH + 1:
            return ("end", "field:other", "literal:other", "number:other", "which")[token]
        kind, value = self.meaning(token)
        return f"{kind}:{value}"


_VOCABULARIES: dict[tuple[str, int], Vocabulary] = {}


def vocabulary(game: Game[Any], cards: int) -> Vocabulary:
    """The vocabulary of ``game`` with ``cards`` card instances, made once (its spellings are
    cached in it: every decision of a game spells the same actions)."""
    key = (game.name, cards)
    vocab = _VOCABULARIES.get(key)
    if vocab is None or vocab.game is not game:
        if len(_VOCABULARIES) > 64:
            _VOCABULARIES.clear()
        vocab = _VOCABULARIES[key] = Vocabulary(game, game.spelling, cards)
    return vocab
