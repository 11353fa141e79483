"""The action tokens of a game's ``Discrete(N)`` space: every action is spelled as a few tokens.

Layout (docs/rl.md, "Action space"): ``0`` is END (closes a list, a count mapping, an action),
``1``-``3`` stand for a field, a literal or a number the catalogue lacks, ``4`` (WHICH) starts
the index that tells apart actions spelt alike because of them; then one token per action type
(sorted ``Game.ACTION_TYPES``), per field name, per literal value (the catalogue's), per number
``0 .. numbers-1`` and per card instance id ``0 .. cards-1``. An action ``attack card=17
target=player`` is ``[attack, <card>, card 17, <target>, player, END]``: the field tokens keep
the spelling unambiguous where fields are optional, and the END tokens make no action's spelling
the beginning of another's, so narrowing token by token always ends on exactly one action.

The catalogue (:mod:`tcg.rl.catalogue`) lists every field and literal the games are known to use
(a test plays random games and fails on any fallback); should an action still need one it lacks,
it is spelt with the OTHER tokens and the decision where that happens appends WHICH and the
action's index to every spelling (:func:`tcg.rl.narrow.disambiguate`): never an exception, never
an unreachable action, only less meaning for the learner.
"""

from __future__ import annotations

from typing import Any

from tcg.core.actions import Action, Counts
from tcg.core.errors import DataError
from tcg.core.game import Game
from tcg.rl.catalogue import Catalogue

END = 0
OTHER_FIELD, OTHER_LITERAL, OTHER_NUMBER, WHICH = 1, 2, 3, 4
FALLBACKS = frozenset({OTHER_FIELD, OTHER_LITERAL, OTHER_NUMBER})
_CACHE_LIMIT = 200_000


class Vocabulary:
    """Token numbers of one game (with a fixed number of card instances)."""

    def __init__(self, game: Game, cat: Catalogue, cards: int) -> None:
        self.game = game
        self.catalogue = cat
        self.types = tuple(sorted(game.ACTION_TYPES))
        self.cards = cards
        self.card_fields = game.card_fields
        start = WHICH + 1
        self.type_token = {t: start + i for i, t in enumerate(self.types)}
        start += len(self.types)
        self.field_token = {f: start + i for i, f in enumerate(cat.fields)}
        start += len(cat.fields)
        self.literal_token = {v: start + i for i, v in enumerate(cat.literals)}
        start += len(cat.literals)
        self.number_base = start
        self.card_base = start + cat.numbers
        self.size = self.card_base + cards
        self._cache: dict[Action, tuple[int, ...]] = {}
        #: spellings that needed an OTHER token, and what it stood for (the test of the catalogue)
        self.fallback_spellings: set[tuple[int, ...]] = set()
        self.missing: set[str] = set()
        #: what the narrowing parts work out once per shape of a sequence (:meth:`remember`)
        self.memo: dict[Any, Any] = {}

    # ------------------------------------------------------------------ single tokens
    def number(self, n: int) -> int:
        if not 0 <= n < self.catalogue.numbers:
            raise DataError(f"the number {n} is beyond the {self.catalogue.numbers} number tokens of "
                            f"{self.game.name} (tcg/rl/catalogue.py)", field="numbers")
        return self.number_base + n

    def card(self, cid: int) -> int:
        if not 0 <= cid < self.cards:
            raise DataError(f"card id {cid} is beyond the {self.cards} card tokens of this environment",
                            field="cards")
        return self.card_base + cid

    def field(self, name: str) -> int:
        token = self.field_token.get(name)
        if token is None:
            raise DataError(f"action field {name!r} is not in {self.game.name}'s RL catalogue "
                            "(tcg/rl/catalogue.py)", field="fields")
        return token

    def literal(self, value: str) -> int:
        token = self.literal_token.get(value)
        if token is None:
            raise DataError(f"literal {value!r} is not in {self.game.name}'s RL catalogue (tcg/rl/catalogue.py)",
                            field="literals")
        return token

    def action_type(self, name: str) -> int:
        token = self.type_token.get(name)
        if token is None:
            raise DataError(f"action type {name!r} is not among {self.game.name}'s ACTION_TYPES", field="type")
        return token

    # ------------------------------------------------------------------ spellings
    def scalar(self, field: str, value: Any) -> int:
        """One value: a card id in a card field, a number elsewhere, or a literal; what the
        catalogue lacks becomes an OTHER token."""
        if isinstance(value, bool):
            value = str(value).lower()
        if isinstance(value, int):
            if field in self.card_fields:
                return self.card(value)
            if 0 <= value < self.catalogue.numbers:
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
        for name, v in action.fields:
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

    def remember(self, key: Any, value: Any) -> Any:
        """Store ``value`` in :attr:`memo` (emptied when it grows past the cache limit)."""
        if len(self.memo) >= _CACHE_LIMIT:
            self.memo.clear()
        self.memo[key] = value
        return value

    def describe(self, token: int) -> str:
        """A token in words (``type:attack``, ``card:17``, ``number:3``) for docs and debugging."""
        if not 0 <= token < self.size:
            raise DataError(f"no token {token} (the action space has {self.size})", field="action")
        if token < WHICH + 1:
            return ("end", "field:other", "literal:other", "number:other", "which")[token]
        if token < self.card_base and token >= self.number_base:
            return f"number:{token - self.number_base}"
        if token >= self.card_base:
            return f"card:{token - self.card_base}"
        for table, kind in ((self.type_token, "type"), (self.field_token, "field"), (self.literal_token, "literal")):
            for name, t in table.items():
                if t == token:
                    return f"{kind}:{name}"
        raise AssertionError(f"token {token} has no meaning")  # pragma: no cover - every token has one
