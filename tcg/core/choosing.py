"""A person's choice over one decision, made field by field: the card, then the target, then the
other options, then the payment (issue 37). One mechanism for every front end: the browser draws
a :class:`Step` as buttons and clickable cards, the terminal as numbered lines.

Why on top of the narrowing (:mod:`tcg.core.narrowing`): a decision can have millions of legal
actions; a person, like a learner, spells the one they want a few tokens at a time, and every
option shown continues at least one legal action, so no choice leads to a dead end. A *path* is
the tokens of the spelling taken so far (the forced ones included), exactly as a step hands it
out; a front end keeps it and sends it back.

- :func:`choice` answers a path with the :class:`Step` it leads to: the question (the prompt,
  with the card that asks), the field being chosen, its options in words (each with the path it
  leads to, the card it means on the board, and whether it fixes the action at once), a summary
  of what is chosen, the path of *back*, and ``complete`` once the path fixes the action.
- A field holding a set of cards (a mulligan, the tributes, the cards to discard) is one
  ``toggle`` step: each card is its own toggle, in any order (``picked``), confirmed once the
  set is legal.
- A payment is last (its fields are the game's :attr:`Spelling.payment
  <tcg.core.spelling.Spelling.payment>`), and the ways that differ only in it are one option: the
  ``pay`` step starts at the presentation's :meth:`~tcg.core.presentation.Presentation.default_way`
  (a safe one when there is one), shown in words with *confirm*; its sources (the reserve and
  cards paying cores, the mana or stones to tap) are changed one by one, as ``rows`` of counts or
  as toggles. A way that harms the player's own cards says so (``harm``).

Every label goes through the viewer's :class:`~tcg.core.presentation.Say`, so no option names a
card hidden from the one choosing. A bad path is a :class:`ChoiceError` naming the token, and
nothing changes (a step only reads the state).
"""

from __future__ import annotations

import contextlib
import string
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from dataclasses import field as _field
from typing import Any

from tcg.core.actions import Action, Counts
from tcg.core.errors import TcgError
from tcg.core.narrowing import Narrowing, PartFactory
from tcg.core.presentation import Json, Presentation, Say, capitalised
from tcg.core.spelling import END, Vocabulary, vocabulary
from tcg.core.state import State

#: The longest path or set of picks read (a Battle Spirits payment over a full field is under 60
#: tokens): a longer one is refused before any of it is used.
MAX_PATH = 256
#: An action type (or an optional field) is shown with its values -- "Summon Bolshack Dragon"
#: rather than "Summon", then the card -- when they are at most this many.
EXPAND = 24
#: An option whose remaining choices end in at most this many actions is shown as those actions
#: ("Move 1 core …", "Move 2 cores …"), each one click, while the step stays within ``EXPAND``
#: options: a small choice is not worth a step of its own (issue 37 item 3, fewer clicks).
INLINE = 6
#: What a token's kind is called for a front end.
_KINDS = {"card": "card", "number": "number", "type": "type", "field": "field", "end": "confirm",
          "literal": "option", "other": "option", "which": "option"}


class ChoiceError(TcgError):
    """A path or set of picks that does not lead anywhere: ``code`` and a message naming it."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


@dataclass
class Option:
    """One thing to click. ``path``: where it leads (send it back to go on); ``complete``: the
    path fixes the action and it is safe to act at once; ``token``: the toggle's token."""

    path: list[int]
    label: str
    kind: str
    card: int | None = None
    token: int | None = None
    complete: bool = False
    selected: bool | None = None
    enabled: bool = True
    #: for an option standing for several ways of paying: how many
    ways: int | None = None
    #: the action type and its group (the presentation's ``GROUPS``), for the first field's options
    type: str | None = None
    group: str | None = None
    #: what the action it fixes (its default way) costs the chooser's own cards, in words
    harm: str | None = None
    #: where on the board the card it means lies, when that card's id is not shown (a face-down
    #: shield): ``{"seat", "zone", "index"}`` (Presentation.option_place)
    place: Json | None = None


@dataclass
class Row:
    """One source of a payment (the reserve, a card with cores, a stone) and its choices."""

    label: str
    field: str
    value: str
    card: int | None
    options: list[Option]


@dataclass
class Step:
    """What to ask a person now (plain data: :meth:`to_json`)."""

    mode: str  # "pick", "toggle" (a set of cards), "pay" (a way of paying), "done" (the action is fixed)
    question: str
    field: str | None
    field_label: str
    path: list[int]
    back: list[int] | None
    options: list[Option]
    summary: str
    picked: list[int] | None = None
    rows: list[Row] = _field(default_factory=list)
    #: the action the path (or the picks, or the payment shown) fixes: {"path", "action", "text"}
    complete: Json | None = None
    #: a legal set whose action still needs more fields: the path that goes on
    next: list[int] | None = None
    #: what the complete way costs the chooser's own cards, in words (confirm it again)
    harm: str | None = None
    #: the option the Space key takes when nothing is complete (pass, then the next step)
    default: int | None = None

    def to_json(self) -> Json:
        return asdict(self)


_PARTS: dict[str, dict[type, PartFactory]] = {}


class _Context:
    """One decision of one state, as one viewer reads it."""

    def __init__(self, state: State, say: Say) -> None:
        game = state.GAME
        self.state = state
        self.say = say
        self.presentation: Presentation = game.presentation
        self.vocab: Vocabulary = vocabulary(game, len(state.cards))
        self.spelling = game.spelling
        parts = _PARTS.get(game.name)
        if parts is None:
            parts = _PARTS[game.name] = dict(self.spelling.parts())
        self.parts = parts
        self.kind = state.decision.kind if state.decision is not None else None
        self._spelt: dict[tuple[int, int], tuple[Narrowing, list[tuple[Action, tuple[int, ...]]] | None]] = {}

    def narrowing(self) -> Narrowing:
        return Narrowing(self.vocab, self.state.legal_actions(), self.parts)

    # ------------------------------------------------------------------ reading a position
    def field_of(self, n: Narrowing) -> str | None:
        """The field whose value is being spelt (the last field token taken), if any."""
        meaning = self.vocab.meaning
        for token in reversed(n.chosen):
            kind, value = meaning(token)
            if kind == "field":
                return str(value)
            if kind == "type":
                return None
        return None

    def type_of(self, n: Narrowing) -> str | None:
        if not n.chosen:
            return None
        kind, value = self.vocab.meaning(n.chosen[0])
        return str(value) if kind == "type" else None

    def classify(self, n: Narrowing) -> str:
        """``done``, ``pay`` (a payment field), ``list`` (a set of values) or ``pick``."""
        if n.action is not None:
            return "done"
        kinds = {self.vocab.meaning(t)[0] for t in n.options}
        if kinds <= {"end", "field"}:
            return "pick"  # between two fields: the action as it is, or one more field
        name, action_type = self.field_of(n), self.type_of(n)
        if name is not None and action_type is not None and name in self.spelling.payment_fields(action_type):
            return "pay"
        if name is not None and self.list_start(n, name) is not None:
            return "list"
        return "pick"

    def list_start(self, n: Narrowing, name: str) -> int | None:
        """Where the set being spelt starts, if the field holds a set of distinct values whose
        ways can be read (each set spelt in one order only); else None."""
        if any(self.vocab.meaning(t)[0] not in ("card", "number", "literal", "end") for t in n.options):
            return None
        probe = complete(n).action  # one way, cheaply: only a set is worth reading every way for
        value = probe.get(name) if probe is not None else None
        if not isinstance(value, tuple) or type(value) is Counts:
            return None
        ways = self.spelt_ways(n)
        if not ways:
            return None
        start = max(i for i, t in enumerate(n.chosen) if t == self.vocab.field_token.get(name)) + 1
        seen: dict[frozenset[int], tuple[int, ...]] = {}
        for _, spelt in ways:
            if END not in spelt[start:]:
                return None
            elements = spelt[start:spelt.index(END, start)]
            if len(set(elements)) != len(elements) or seen.setdefault(frozenset(elements), elements) != elements:
                return None
        return start

    def spelt_ways(self, n: Narrowing) -> list[tuple[Action, tuple[int, ...]]] | None:
        """The ways still open at ``n`` with their spellings, if they can be read (remembered
        per position: a step asks several times)."""
        key = (id(n), len(n.chosen))
        known = self._spelt.get(key)
        if known is not None and known[0] is n:
            return known[1]
        ways = n.ways()
        found: list[tuple[Action, tuple[int, ...]]] | None = None
        if ways is not None:
            table = {a: sp for sp, a in n.listed}
            found = []
            for way in ways:
                spelt = table.get(way) or n.spelling_of(way)
                if spelt is None:
                    found = None
                    break
                found.append((way, spelt))
        self._spelt[key] = (n, found)
        return found

    # ------------------------------------------------------------------ words
    def action_text(self, action: Action) -> str:
        return str(self.presentation.action_view(action, self.say, self.kind)["text"])

    def value_words(self, token: int) -> str:
        kind, value = self.vocab.meaning(token)
        say = self.say
        if kind == "card":
            return say.card(value)
        if kind == "literal":
            if say.has("options", value):
                return say.t("options", value)
            return say.card(value) if say.has("words", value) else str(value).replace("_", " ")
        if kind == "number":
            return str(value)
        if kind == "field":
            return self.field_label(str(value))
        if kind == "type":
            spec = self.presentation.actions.get(str(value))
            return self.presentation.group_label(spec.group, say) if spec is not None else str(value)
        return say.t("choosing", "done")

    def field_label(self, name: str | None) -> str:
        if name is None:
            return self.say.t("fields", "type")
        return self.say.t("fields", name, default=name.replace("_", " "))

    def partial_text(self, action: Action) -> str:
        """An action whose later fields are not chosen yet, in words, with ``…`` in their place."""
        presentation, say = self.presentation, self.say
        spec = presentation.actions.get(action.type)
        if spec is None:
            return action.type.replace("_", " ")
        fields = dict(action.fields)
        values = {n: say.show(k, fields[n]) for n, k in spec.fields.items() if n in fields}
        if spec.extra is not None:
            values.update(self._extra(spec.extra, action))
        key = spec.variant(action) if spec.variant is not None else action.type
        for specific in (f"{key}@{self.kind}", f"{action.type}@{self.kind}"):
            if say.has("actions", specific):
                key = specific
                break
        template = str(say.texts.get("actions", {}).get(key, key.replace("_", " ")))
        blank = say.t("choosing", "blank")
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        return capitalised(say.t("actions", key, **{**dict.fromkeys(names, blank), **values}))

    def _extra(self, extra: Any, action: Action) -> dict[str, str]:
        """The sentence parts a presentation computes, less those the fields still to choose
        make: a part equal to the one of the bare action type says nothing chosen."""
        made: dict[str, str] = {}
        bare: dict[str, str] = {}
        with contextlib.suppress(KeyError, TypeError, AttributeError, ValueError, IndexError):
            made = dict(extra(self.say, action))
        with contextlib.suppress(KeyError, TypeError, AttributeError, ValueError, IndexError):
            bare = dict(extra(self.say, Action(action.type)))
        return {k: v for k, v in made.items() if bare.get(k) != v}

    def chosen_so_far(self, n: Narrowing) -> Action | None:
        """The action with the fields the spelling has fixed so far (the payment left out)."""
        action_type = self.type_of(n)
        if action_type is None:
            return None
        way = complete(n).action
        assert way is not None
        paying = self.spelling.payment_fields(action_type)
        values = dict(way.fields)
        fixed = {name: values[name] for name, _, stop in self.vocab.spans(way)
                 if stop <= len(n.chosen) and name not in paying}
        return Action(action_type, **fixed)

    def harm(self, action: Action) -> str | None:
        """What ``action`` costs the chooser's own cards, in the presentation's words (Battle
        Spirits: "depletes Chakrambat"), or None for a harmless way."""
        cards = [c for c in self.presentation.harm(self.state, action) if isinstance(c, int)]
        if not cards:
            return None
        return self.presentation.harm_text(self.state, action, cards, self.say)

    def question(self) -> str:
        prompt = self.presentation.prompt(self.kind, self.say)
        card = self.presentation.asking_card(self.state)
        if card is None:
            return capitalised(prompt)
        return capitalised(self.say.t("choosing", "question", card=self.say.card(card), prompt=prompt))


# ---------------------------------------------------------------------- walking a path
def take(n: Narrowing, path: Sequence[int], i: int, vocab: Vocabulary) -> int:
    """Follow ``path[i]``: a forced token must be the one taken, a chosen one an option."""
    token = path[i]
    if i < len(n.chosen):
        if token != n.chosen[i]:
            raise ChoiceError("path", f"path[{i}] is {_name(vocab, token)}, but here the only way on is "
                                      f"{_name(vocab, n.chosen[i])}")
        return i + 1
    if n.action is not None:
        raise ChoiceError("path", f"path[{i}] ({_name(vocab, token)}) goes past the action, already fixed "
                                  f"by the {i} tokens before it")
    if not n.legal(token):
        shown = ", ".join(_name(vocab, t) for t in n.options[:12])
        raise ChoiceError("path", f"path[{i}] ({_name(vocab, token)}) is not an option here; the options are "
                                  f"{shown}{'…' if len(n.options) > 12 else ''}")
    n.choose(token)
    return i + 1


def _name(vocab: Vocabulary, token: int) -> str:
    try:
        return f"token {token} ({vocab.describe(token)})"
    except TcgError:
        return f"token {token} (no such token)"


def complete(n: Narrowing, prefer: Sequence[int] | None = None) -> Narrowing:
    """``n`` spelt on to an action: the token of ``prefer`` at each position where it is an
    option, else the nearest number to it, else the first option (a copy; ``n`` is untouched)."""
    m = n.fork()
    while m.action is None:
        k, options = len(m.chosen), m.options
        want = prefer[k] if prefer is not None and k < len(prefer) else None
        if want in options:
            token = want
        elif want is not None and m.vocab.meaning(want)[0] == "number" and any(
                m.vocab.meaning(t)[0] == "number" for t in options):
            token = min((t for t in options if m.vocab.meaning(t)[0] == "number"), key=lambda t: (abs(t - want), t))
        else:
            token = options[0]
        m.choose(token)
    return m


@dataclass
class _Walk:
    end: Narrowing  # where the path leads
    start: Narrowing  # the start of the last step on it
    marks: list[int]  # where each step starts
    partial: bool  # the path stops inside an option of several tokens


def walk(ctx: _Context, path: Sequence[int]) -> _Walk:
    """Follow ``path`` step by step: a pick takes one token (two where a type or optional field
    is shown with its values), a set takes its values and END, a payment takes the rest."""
    n = ctx.narrowing()
    marks, start, i = [len(n.chosen)], n.fork(), 0
    while i < len(path):
        while i < len(path) and i < len(n.chosen):
            i = take(n, path, i, ctx.vocab)
        if i == len(path):
            break
        kind = ctx.classify(n)
        if kind == "pay":
            while i < len(path):
                i = take(n, path, i, ctx.vocab)
            return _Walk(n, start, marks, False)
        if kind == "done":
            take(n, path, i, ctx.vocab)  # its error
        if kind == "list":
            begin = ctx.list_start(n, str(ctx.field_of(n)))
            assert begin is not None
            while i < len(path) and n.action is None and END not in n.chosen[begin:]:
                i = take(n, path, i, ctx.vocab)
            if n.action is None and END not in n.chosen[begin:]:
                return _Walk(n, start, marks, True)
        else:
            before = n.fork()
            token = path[i]
            i = take(n, path, i, ctx.vocab)
            if expands(ctx, before, token, n):
                while i < len(path) and i < len(n.chosen):
                    i = take(n, path, i, ctx.vocab)
                if i == len(path):
                    return _Walk(n, start, marks, True)
                i = take(n, path, i, ctx.vocab)
        marks.append(len(n.chosen))
        start = n.fork()
    return _Walk(n, start, marks, False)


def expands(ctx: _Context, before: Narrowing, token: int, after: Narrowing) -> bool:
    """Whether an option ``token`` (a type, an optional field) is shown with its values."""
    if ctx.vocab.meaning(token)[0] not in ("type", "field") or after.action is not None:
        return False
    if not 1 < len(after.options) <= EXPAND or ctx.classify(after) != "pick":
        return False
    return all(ctx.vocab.meaning(t)[0] in ("card", "number", "literal") for t in after.options)


# ---------------------------------------------------------------------- the steps
def choice(state: State, say: Say, path: Sequence[int] = (), picked: Sequence[int] | None = None) -> Step:
    """The step ``path`` leads to in the decision of ``state``, for the viewer ``say`` speaks to
    (the deciding player). ``picked``: the values toggled on in a set or payment step (tokens).
    Raises :class:`ChoiceError` for a path or picks that lead nowhere."""
    check_input(path, "path")
    if picked is not None:
        check_input(picked, "picked")
    if state.decision is None or state.game_over:
        raise ChoiceError("over", "nobody has a decision: the game is over")
    ctx = _Context(state, say)
    walked = walk(ctx, path)
    full = walked.end.chosen
    if walked.partial:
        step = pick_step(ctx, walked.end, full[:walked.marks[-1]])
    else:
        back = full[:walked.marks[-2]] if len(walked.marks) > 1 else None
        kind = ctx.classify(walked.start)
        if kind == "pay":
            step = pay_step(ctx, walked, picked, back)
        elif kind == "list":
            step = list_step(ctx, walked.start, picked, back)
        elif kind == "done":
            step = done_step(ctx, walked.start, back)
        else:
            step = pick_step(ctx, walked.start, back)
    if picked is not None and step.picked is None:
        raise ChoiceError("picked", "picked is for a step that toggles a set of cards or a payment; this step "
                                    f"is a {step.mode} step")
    return step


def check_input(tokens: Any, name: str) -> None:
    if not isinstance(tokens, list | tuple):
        raise ChoiceError("malformed", f"{name} is a list of tokens (whole numbers)")
    if len(tokens) > MAX_PATH:
        raise ChoiceError("too_long", f"{name} has {len(tokens)} tokens; at most {MAX_PATH}")
    for i, t in enumerate(tokens):
        if type(t) is not int:
            raise ChoiceError("malformed", f"{name}[{i}] is {t!r}; a token is a whole number")


def _frame(ctx: _Context, n: Narrowing, mode: str, back: list[int] | None) -> Step:
    name = ctx.field_of(n)
    so_far = ctx.chosen_so_far(n) if n.action is None else n.action
    summary = ""
    if n.action is not None:
        summary = ctx.action_text(n.action)
    elif so_far is not None and so_far.fields:
        summary = ctx.partial_text(so_far)
    return Step(mode=mode, question=ctx.question(), field=name, field_label=ctx.field_label(name),
                path=list(n.chosen), back=back, options=[], summary=summary)


def pick_step(ctx: _Context, n: Narrowing, back: list[int] | None) -> Step:
    step = _frame(ctx, n, "pick", back)
    runs: list[tuple[Narrowing, int]] = []
    for token in n.options:
        after = n.fork()
        after.choose(token)
        if expands(ctx, n, token, after):
            for value in after.options:
                run = after.fork()
                run.choose(value)
                runs.append((run, value))
        else:
            runs.append((after, token))
    for run, token in inlined(ctx, runs):
        step.options.append(option(ctx, run, token, typed=not n.chosen))
    if not n.chosen:  # the action types in the presentation's group order, moving on last
        step.options.sort(key=lambda o: group_rank(ctx, o))
    step.default = move_on(ctx, step.options)
    return step


def inlined(ctx: _Context, runs: list[tuple[Narrowing, int]]) -> list[tuple[Narrowing, int]]:
    """``runs`` (each with the token it was chosen by) with each small unfinished one replaced
    by the runs of its actions (see :data:`INLINE`), in order, while the step stays within
    ``EXPAND`` options."""
    room = EXPAND - len(runs)
    out: list[tuple[Narrowing, int]] = []
    for run, token in runs:
        leaves = leaves_of(ctx, run, token, min(INLINE, room + 1)) if room > 0 and run.action is None else None
        if leaves is not None and len(leaves) > 1:
            room -= len(leaves) - 1
            out.extend(leaves)
        else:
            out.append((run, token))
    return out


def leaves_of(ctx: _Context, run: Narrowing, token: int, limit: int) -> list[tuple[Narrowing, int]] | None:
    """The runs ending ``run``'s choices -- an action, or a payment shown as its default way --
    if they are at most ``limit`` and reached through single picks of cards, numbers and words
    (no set, no optional field); else None."""
    if run.action is not None or ctx.classify(run) == "pay":
        return [(run, token)]
    if ctx.classify(run) != "pick" or any(ctx.vocab.meaning(t)[0] not in ("card", "number", "literal")
                                           for t in run.options):
        return None
    found: list[tuple[Narrowing, int]] = []
    for value in run.options:
        child = run.fork()
        child.choose(value)
        more = leaves_of(ctx, child, value, limit - len(found))
        if more is None or len(found) + len(more) > limit:
            return None
        found.extend(more)
    return found


def option(ctx: _Context, run: Narrowing, token: int, typed: bool) -> Option:
    """The option ``token`` (the last of its run) leading to ``run``, in words."""
    kind, value = ctx.vocab.meaning(token)
    shown = "player" if ctx.field_of(run) == "player" or value == "player" else _KINDS.get(kind, "option")
    opt = Option(path=list(run.chosen), label="", kind=shown, token=token,
                 card=value if kind == "card" else None)
    if typed and run.chosen:
        opt.type = str(ctx.vocab.meaning(run.chosen[0])[1])
        spec = ctx.presentation.actions.get(opt.type)
        opt.group = spec.group if spec is not None else "other"
    if run.action is not None:
        view = ctx.presentation.action_view(run.action, ctx.say, ctx.kind)
        opt.label = str(view["text"])
        opt.harm = ctx.harm(run.action)
        opt.complete = opt.harm is None
        if opt.card is None and view["cards"]:
            opt.card = view["cards"].get("card", next(iter(view["cards"].values())))
        if opt.card is None:
            opt.place = ctx.presentation.option_place(ctx.state, run.action)
    elif ctx.classify(run) == "pay":
        ways = run.ways(limit=None)
        way = complete(run, default_spelling(ctx, run)).action
        assert way is not None
        view = ctx.presentation.action_view(way, ctx.say, ctx.kind)
        opt.label = str(view["text"])
        opt.harm = ctx.harm(way)
        opt.ways = len(ways) if ways is not None else None
        if opt.card is None and view["cards"]:
            opt.card = view["cards"].get("card", next(iter(view["cards"].values())))
    elif typed or kind == "type":
        so_far = ctx.chosen_so_far(run)
        opt.label = ctx.partial_text(so_far) if so_far is not None else ctx.value_words(token)
    else:
        opt.label = capitalised(ctx.value_words(token))
    return opt


def group_rank(ctx: _Context, opt: Option) -> int:
    presentation = ctx.presentation
    order = [*presentation.GROUPS, "choose", "other", "move_on"]
    spec = presentation.actions.get(str(ctx.vocab.meaning(opt.path[0])[1])) if opt.path else None
    group = spec.group if spec is not None else "other"
    return order.index(group) if group in order else len(order) - 2


def move_on(ctx: _Context, options: list[Option]) -> int | None:
    """The option the Space key takes: pass, else the next step, else ending the turn."""
    types = [ctx.vocab.meaning(o.path[0])[1] if o.path and o.complete else None for o in options]
    for wanted in ("pass", "next_phase", "end_turn"):
        if wanted in types:
            return types.index(wanted)
    return None


def done_step(ctx: _Context, n: Narrowing, back: list[int] | None) -> Step:
    step = _frame(ctx, n, "done", back)
    finish(ctx, step, n)
    return step


def finish(ctx: _Context, step: Step, n: Narrowing) -> None:
    """Set the step's complete action (and its harm) from ``n``, spelt to its action."""
    action = n.action
    assert action is not None
    step.complete = {"path": list(n.chosen), "action": action.to_json(), "text": ctx.action_text(action)}
    step.harm = ctx.harm(action)


def default_spelling(ctx: _Context, n: Narrowing) -> tuple[int, ...] | None:
    """The spelling of the presentation's default way among the ways still open at ``n``."""
    ways = n.ways(limit=None)
    if not ways:
        return None
    return n.spelling_of(ctx.presentation.default_way(ctx.state, ways))


# ---------------------------------------------------------------------- sets
@dataclass
class _Set:
    start: int
    order: list[int]  # every value of some way, in the order first met
    ways: dict[frozenset[int], list[Action]]
    fixed: frozenset[int]  # values already taken (forced)


def read_set(ctx: _Context, n: Narrowing) -> _Set | None:
    name = ctx.field_of(n)
    start = ctx.list_start(n, name) if name is not None else None
    ways = ctx.spelt_ways(n)
    if start is None or ways is None:
        return None
    by_set: dict[frozenset[int], list[Action]] = {}
    order: dict[int, None] = {}
    for way, spelt in ways:
        elements = spelt[start:spelt.index(END, start)]
        order.update(dict.fromkeys(elements))
        by_set.setdefault(frozenset(elements), []).append(way)
    return _Set(start, list(order), by_set, frozenset(n.chosen[start:]))


def toggles(ctx: _Context, n: Narrowing, found: _Set, picked: frozenset[int]) -> list[Option]:
    unknown = sorted(picked - set(found.order))
    if unknown:
        raise ChoiceError("picked", f"{_name(ctx.vocab, unknown[0])} is not among the values of this set")
    sets = list(found.ways)
    out = []
    for token in found.order:
        on = token in picked
        kind, value = ctx.vocab.meaning(token)
        out.append(Option(path=list(n.chosen), label=capitalised(ctx.value_words(token)), kind=_KINDS[kind],
                          card=value if kind == "card" else None, token=token, selected=on,
                          enabled=token not in found.fixed if on else any(picked | {token} <= s for s in sets)))
    return out


def follow(n: Narrowing, tokens: Iterable[int]) -> Narrowing:
    """``n`` after the tokens of a spelling (a copy; forced ones are passed over)."""
    m = n.fork()
    for i, token in enumerate(tokens, start=len(n.chosen)):
        if m.action is not None:
            break
        if i >= len(m.chosen):
            m.choose(token)
    return m


def list_step(ctx: _Context, n: Narrowing, picked: Sequence[int] | None, back: list[int] | None) -> Step:
    found = read_set(ctx, n)
    assert found is not None
    chosen = frozenset(picked or ()) | found.fixed
    step = _frame(ctx, n, "toggle", back)
    step.options = toggles(ctx, n, found, chosen)
    step.picked = [t for t in found.order if t in chosen]
    matching = found.ways.get(chosen)
    if matching:
        spelt = n.spelling_of(matching[0])
        assert spelt is not None
        after = follow(n, spelt[len(n.chosen):spelt.index(END, found.start) + 1])
        if after.action is not None:
            finish(ctx, step, after)
        else:
            step.next = list(after.chosen)
    return step


# ---------------------------------------------------------------------- payments
def pay_step(ctx: _Context, walked: _Walk, picked: Sequence[int] | None, back: list[int] | None) -> Step:
    """The way of paying shown -- the default, the one the picks or the path give -- with the
    sources to change it: toggles where the payment is a set of cards, rows of choices after."""
    start, end = walked.start, walked.end
    step = _frame(ctx, start, "pay", back)
    moved = len(end.chosen) > len(start.chosen)  # the path goes on into the payment
    prefer = default_spelling(ctx, start)
    found = read_set(ctx, start)
    if found is None:
        way, rows_from = complete(end, prefer), len(start.chosen)
    else:
        if picked is not None:
            chosen = frozenset(picked) | found.fixed
        else:
            # the path's way in full: a path may stop where the rest of the set is forced
            spelt = (end.spelling_of(end.action) or end.chosen) if moved and end.action is not None else (
                end.chosen if moved else (prefer or ()))
            chosen = frozenset(spelt[found.start:_end_of(spelt, found.start)])
        step.options = toggles(ctx, start, found, chosen)
        step.picked = [t for t in found.order if t in chosen]
        matching = found.ways.get(chosen)
        if not matching:
            return step
        prefer = start.spelling_of(ctx.presentation.default_way(ctx.state, matching))
        way = complete(end if moved and picked is None else start, prefer)
        rows_from = _end_of(way.chosen, found.start) + 1
    step.rows = rows(ctx, start, way, rows_from)
    assert way.action is not None
    step.summary = ctx.action_text(way.action)
    finish(ctx, step, way)
    return step


def _end_of(tokens: Sequence[int], start: int) -> int:
    """Where the set spelt from ``start`` ends (its END), or the end of the tokens."""
    return list(tokens).index(END, start) if END in tokens[start:] else len(tokens)


def rows(ctx: _Context, start: Narrowing, way: Narrowing, first: int) -> list[Row]:
    """One row per choice left in the way shown (from position ``first``): its options re-spell
    the rest of the way as close to the one shown as they can."""
    out = []
    spelt = way.chosen
    at = follow(start, spelt[len(start.chosen):first])
    while at.action is None and len(at.chosen) < len(spelt):
        k = len(at.chosen)
        subject = at.subject()
        opts = []
        for token in at.options:
            then = at.fork()
            then.choose(token)
            opts.append(Option(path=list(complete(then, spelt).chosen), label=capitalised(ctx.value_words(token)),
                               kind=_KINDS[ctx.vocab.meaning(token)[0]], token=token, selected=token == spelt[k]))
        name = ctx.field_of(at)
        label = ctx.say.card(subject) if subject is not None else f"{ctx.field_label(name)} {k - first + 1}"
        out.append(Row(label=capitalised(label), field=ctx.field_label(name), value=ctx.value_words(spelt[k]),
                       card=subject if isinstance(subject, int) else None, options=opts))
        at.choose(spelt[k])
    return out

