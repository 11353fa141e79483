"""One engine decision narrowed token by token down to one action: the shared layer under the RL
environments (:mod:`tcg.rl.match`), the field-by-field choices of a person
(:mod:`tcg.core.choosing`: the browser and the terminal).

Why not one index per legal action: the number of legal actions is unbounded (a Battle Spirits
summon can be paid in millions of ways). Instead the chooser spells the action it wants
(:mod:`tcg.core.spelling`): the options at each sub-decision are the tokens that continue the
spelling of at least one legal action, and a token every remaining action agrees on is taken
without asking.

Three kinds of entries take part:

- listed actions (every list, and lazy sequences of at most ``MATERIALISE`` actions, these only
  once their action type is chosen): spelt in full and filtered by prefix;
- lazy sequences a game narrows by their structure (its :attr:`Spelling.parts
  <tcg.core.spelling.Spelling.parts>`: Battle Spirits' core payments and moves, Duel Masters'
  mana payments) without enumerating anything; an option is offered only when some complete
  action still follows, so every legal action stays reachable and no dead end exists;
- any other lazy sequence longer than ``MATERIALISE``: its type, then the index of the action
  in base ``numbers`` digits, most significant first (reachable, but meaningless: no game
  produces one today).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from copy import copy
from itertools import pairwise
from typing import Any

from tcg.core.actions import Action
from tcg.core.lazy import Concat, LazyActions
from tcg.core.spelling import END, WHICH, Vocabulary

#: Lazy sequences at most this long are listed and spelt in full (Duel Masters' payments: at
#: most a few thousand ways; Battle Spirits' core moves: a few hundred).
MATERIALISE = 4096


def disambiguate(vocab: Vocabulary, spellings: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The spellings of one decision's listed actions, made distinct and prefix-free where OTHER
    tokens (:mod:`tcg.core.spelling`) made two alike: then every spelling gets WHICH and its index
    in base ``numbers`` digits (WHICH appears nowhere else, so no spelling can begin another)."""
    if not vocab.fallback_spellings or not any(sp in vocab.fallback_spellings for sp in spellings):
        return spellings
    ordered = sorted(spellings)
    if not any(b[:len(a)] == a for a, b in pairwise(ordered)):
        return spellings
    base, digits = vocab.spelling.numbers, 1
    while base ** digits < len(spellings):
        digits += 1

    def index(i: int) -> tuple[int, ...]:
        return tuple(vocab.number_base + (i // base ** d) % base for d in range(digits - 1, -1, -1))

    return [(*sp, WHICH, *index(i)) for i, sp in enumerate(spellings)]


class Part:
    """An entry that stands for many actions and spells them on demand."""

    def options(self) -> Iterable[int]:
        raise NotImplementedError

    def accept(self, token: int) -> bool:
        """Take the next token; False when no action of this entry is spelt so."""
        raise NotImplementedError

    def complete(self) -> Action | None:
        """The action, once the spelling has fixed it."""
        raise NotImplementedError

    def subject(self) -> Any:
        """The source (a card id, or a literal such as "reserve") whose count is asked now, if any."""
        return None

    def fork(self) -> Part:
        """An independent copy at the same point (parts holding lists copy them)."""
        return copy(self)

    def ways(self) -> Sequence[Action] | None:
        """The actions this part can still spell, if they are few enough to read (else None)."""
        return None

    def spelling(self, action: Action) -> tuple[int, ...] | None:
        """The whole spelling of ``action`` as this part spells it (None: not known here)."""
        return None


class IndexPart(Part):
    """A long lazy sequence of unknown structure: its type (if it has one), then the index's
    digits, then END."""

    def __init__(self, vocab: Vocabulary, seq: Sequence[Action], type_name: str | None) -> None:
        self.vocab = vocab
        self.seq = seq
        self.base = vocab.spelling.numbers
        self.digits = 1
        while self.base ** self.digits < len(seq):
            self.digits += 1
        # a sequence of mixed types starts with its digits (a number token never begins a spelling)
        self.prefix = [vocab.action_type(type_name)] if type_name is not None else []
        self.value = 0
        self.taken = 0  # tokens accepted so far

    def options(self) -> Iterable[int]:
        if self.taken < len(self.prefix):
            return (self.prefix[self.taken],)
        done = self.taken - len(self.prefix)
        if done == self.digits:
            return (END,) if self.value < len(self.seq) else ()
        scale = self.base ** (self.digits - done - 1)
        top = min(self.base, (len(self.seq) - 1 - self.value * self.base * scale) // scale + 1)
        return [self.vocab.number_base + d for d in range(max(0, top))]

    def accept(self, token: int) -> bool:
        if token not in self.options():
            return False
        if 0 <= self.taken - len(self.prefix) < self.digits:
            self.value = self.value * self.base + token - self.vocab.number_base
        self.taken += 1
        return True

    def complete(self) -> Action | None:
        if self.taken < len(self.prefix) + self.digits + 1:
            return None
        return self.seq[self.value]

    def ways(self) -> Sequence[Action] | None:
        return self.seq if self.taken <= len(self.prefix) else None


class DeferredPart(Part):
    """A lazy sequence of one action type, listed and spelt only once its type is chosen (Battle
    Spirits offers a few hundred core moves at every main-phase decision)."""

    def __init__(self, vocab: Vocabulary, seq: Sequence[Action], type_name: str) -> None:
        self.vocab = vocab
        self.seq = seq
        self.type_token = vocab.action_type(type_name)
        self.entries: list[tuple[int, ...]] | None = None
        self.actions: list[Action] = []
        self.taken = 0

    def options(self) -> Iterable[int]:
        if self.entries is None:
            return (self.type_token,)
        k = self.taken
        return {t[k] for t in self.entries if len(t) > k}

    def accept(self, token: int) -> bool:
        if self.entries is None:
            if token != self.type_token:
                return False
            self.actions = list(self.seq)
            self.entries = disambiguate(self.vocab, [self.vocab.spell(a) for a in self.actions])
        k = self.taken
        keep = [i for i, t in enumerate(self.entries) if len(t) > k and t[k] == token]
        if not keep:
            return False
        self.entries = [self.entries[i] for i in keep]
        self.actions = [self.actions[i] for i in keep]
        self.taken += 1
        return True

    def complete(self) -> Action | None:
        return self.actions[0] if self.entries is not None and len(self.actions) == 1 else None

    def ways(self) -> Sequence[Action] | None:
        return self.actions if self.entries is not None else list(self.seq)

    def spelling(self, action: Action) -> tuple[int, ...] | None:
        if self.entries is None:
            return None
        for entry, a in zip(self.entries, self.actions, strict=True):
            if a == action:
                return entry
        return None


class Gate(Part):
    """A lazy sequence of one action type (two actions or more) whose part is made only once its
    type is chosen: a Battle Spirits main phase offers a payment sequence per card in hand and
    way to play it, and all but a few are dropped at the first token. Every part so made allows
    just the type token before, and is complete with no action, as the gate is."""

    __slots__ = ("factory", "seq", "token", "vocab")

    def __init__(self, vocab: Vocabulary, seq: Any, factory: PartFactory | None, token: int) -> None:
        self.vocab = vocab
        self.seq = seq
        self.factory = factory
        self.token = token

    def options(self) -> Iterable[int]:
        return (self.token,)

    def accept(self, token: int) -> bool:
        raise AssertionError("a gate is opened by Narrowing, never spelt")  # pragma: no cover

    def complete(self) -> Action | None:
        return None

    def fork(self) -> Part:
        return self  # never changes

    def open(self) -> Part:
        """The part of the sequence: the game's structured one, else the generic one."""
        vocab, seq = self.vocab, self.seq
        made = self.factory(vocab, seq) if self.factory is not None else None
        if made is not None:
            return made
        if len(seq) > MATERIALISE:
            return IndexPart(vocab, seq, seq.action_type)
        return DeferredPart(vocab, seq, seq.action_type)


_LAZY: dict[type, bool] = {}


def _is_lazy(kind: type) -> bool:
    """``issubclass(kind, LazyActions)``, remembered per class (an ABC check is slow)."""
    lazy = _LAZY.get(kind)
    if lazy is None:
        lazy = _LAZY[kind] = issubclass(kind, LazyActions)
    return lazy


#: Makes the part of a lazy sequence narrowed by its structure, or None to leave it to the generic parts.
PartFactory = Callable[[Vocabulary, Any], "Part | None"]


class Narrowing:
    """The sub-decisions of one engine decision: ``options`` tokens, ``choose`` one, until ``action``."""

    def __init__(self, vocab: Vocabulary, legal: Sequence[Action], structured: dict[type, PartFactory]) -> None:
        self.vocab = vocab
        self.listed: list[tuple[tuple[int, ...], Action]] = []
        self.parts: list[Part] = []
        self.chosen: list[int] = []
        self.options: list[int] = []
        self.action: Action | None = None
        self._actions: list[Action] = []
        self._gates: set[int] = set()  # the type tokens of the parts not made yet (Gate), until the first token
        self._split(legal, structured)
        spell = vocab.spell
        spellings = disambiguate(vocab, [spell(a) for a in self._actions])
        self.listed = list(zip(spellings, self._actions, strict=True))
        self._settle()

    def _split(self, seq: Sequence[Action], structured: dict[type, PartFactory]) -> None:
        for part in seq.parts if type(seq) is Concat else (seq,):
            kind = type(part)
            if kind is list or kind is tuple:
                self._actions.extend(part)
            elif kind is Concat:
                self._split(part, structured)
            else:
                self._split_lazy(part, structured.get(kind), _is_lazy(kind))

    def _split_lazy(self, seq: Any, factory: PartFactory | None, lazy: bool) -> None:
        if lazy and seq.action_type is not None and len(seq) > 1:
            vocab = self.vocab
            token = vocab.type_token.get(seq.action_type)
            if token is None:
                token = vocab.action_type(seq.action_type)  # its error
            self.parts.append(Gate(vocab, seq, factory, token))
            self._gates.add(token)
            return
        made = factory(self.vocab, seq) if factory is not None else None
        if made is not None:
            self.parts.append(made)
        elif lazy and len(seq) > MATERIALISE:
            self.parts.append(IndexPart(self.vocab, seq, seq.action_type))
        else:
            self._actions.extend(seq)

    def _settle(self) -> None:
        """Take every forced token; stop at a real choice or at the action."""
        while True:
            listed, parts = self.listed, self.parts
            if len(listed) + len(parts) == 1:
                self.action = listed[0][1] if listed else parts[0].complete()
                if self.action is not None:
                    return
            k = len(self.chosen)
            opts = {t[k] for t, _ in listed if len(t) > k}
            if self._gates:
                opts |= self._gates
                for p in parts:
                    if type(p) is not Gate:
                        opts.update(p.options())
            else:
                for p in parts:
                    opts.update(p.options())
            if not opts:  # only completed entries remain: they spell one action
                done = [a for _, a in listed] + [a for a in (p.complete() for p in parts) if a is not None]
                self.action = done[0]
                return
            if len(opts) > 1:
                self.options = sorted(opts)
                return
            self._accept(opts.pop())

    def _accept(self, token: int) -> None:
        k = len(self.chosen)
        self.listed = [e for e in self.listed if len(e[0]) > k and e[0][k] == token]
        if self._gates:  # the first token: the gates of the type chosen open, the others close
            self._gates = set()
            opened = (p.open() if type(p) is Gate and p.token == token else p for p in self.parts)
            self.parts = [p for p in opened if type(p) is not Gate and p.accept(token)]
        else:
            self.parts = [p for p in self.parts if p.accept(token)]
        self.chosen.append(token)

    def legal(self, token: int) -> bool:
        return self.action is None and token in self.options

    def choose(self, token: int) -> Action | None:
        """Take a token the options allow; the action once it is fixed, else None (choose again)."""
        if not self.legal(token):
            raise ValueError(f"token {token} is not allowed now")
        self._accept(token)
        self._settle()
        return self.action

    def subject(self) -> Any:
        """What a count sub-decision is about (a card id, "reserve"), or None."""
        for p in self.parts:
            s = p.subject()
            if s is not None:
                return s
        return None

    # ------------------------------------------------------------------ for people (tcg.core.choosing)
    def fork(self) -> Narrowing:
        """An independent copy at the same point: to look at where an option leads."""
        other = object.__new__(Narrowing)
        other.vocab = self.vocab
        other.listed = self.listed[:]
        other.parts = [p.fork() for p in self.parts]
        other.chosen = self.chosen[:]
        other.options = self.options[:]
        other.action = self.action
        other._actions = []
        other._gates = set(self._gates)
        return other

    def ways(self, limit: int | None = MATERIALISE) -> Sequence[Action] | None:
        """Every action still reachable, if each entry can say and (with a ``limit``) they are
        at most that many; else None. Without a limit a lazy sequence stays lazy (a payment's
        millions of ways, read one by one for the first safe one)."""
        if self.action is not None:
            return [self.action]
        if self._gates:
            return None
        seqs: list[Sequence[Action]] = [[a for _, a in self.listed]]
        for p in self.parts:
            ways = p.ways()
            if ways is None:
                return None
            seqs.append(ways)
        seqs = [s for s in seqs if len(s)]
        if limit is None:
            return seqs[0] if len(seqs) == 1 else Concat(list(seqs))
        if sum(len(s) for s in seqs) > limit:
            return None
        return [a for s in seqs for a in s]

    def spelling_of(self, action: Action) -> tuple[int, ...] | None:
        """The spelling by which ``action`` is reached from here (None if it is not reachable,
        or its part cannot say)."""
        for spelling, a in self.listed:
            if a == action:
                return spelling
        for p in self.parts:
            found = p.spelling(action)
            if found is not None:
                return found
        return None
