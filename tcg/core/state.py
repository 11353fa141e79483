"""The state of one game: plain data, a resumable task queue, and the decision loop.

A game subclasses :class:`State` and declares its ``RULEBOOK`` (:mod:`tcg.core.rules`): the
handler of each decision kind lists its legal actions, carries out an answer and names the
rule that forbids another action, and each task kind has one automatic step. Everything
else — the loop that runs automatic steps until a real choice, clone, JSON, observations and
events — lives here once.

Why the data is shaped this way: cards are immutable records kept in a list indexed by id,
so ``clone()`` copies a handful of lists instead of every object (MCTS clones millions of
times); all game-specific data lives in the generic containers (``counters``, ``flags``,
``effects``, ``tasks``) so that a copy can never miss a field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from tcg.core.actions import Action
from tcg.core.errors import DataError, IllegalActionError
from tcg.core.limits import LIMITS_DOC, MAX_GAME_ACTIONS, MAX_RULE_STEPS, MAX_STACK_DEPTH, MAX_ZONE_CARDS
from tcg.core.rng import Rng, Seed, make_rng, rng_from_json
from tcg.core.views import CardIndex, LazyZones

if TYPE_CHECKING:
    from tcg.core.game import Game
    from tcg.core.rules import Rulebook

Json = dict[str, Any]
T = TypeVar("T")
OBSERVED_ACTIONS_MAX = 200


class Card:
    """An immutable card instance. Change it with :meth:`replace` (through ``State.update``)."""

    __slots__ = (
        "attached",
        "controller",
        "counters",
        "entered_this_turn",
        "face_down",
        "id",
        "marks",
        "name",
        "owner",
        "tapped",
    )

    id: int
    name: str
    owner: int
    controller: int
    tapped: bool
    face_down: bool
    entered_this_turn: bool
    counters: tuple[tuple[str, int], ...]
    attached: tuple[int, ...]
    marks: frozenset[str]

    def __init__(
        self,
        id: int,
        name: str,
        owner: int,
        controller: int | None = None,
        tapped: bool = False,
        face_down: bool = False,
        entered_this_turn: bool = False,
        counters: tuple[tuple[str, int], ...] = (),
        attached: tuple[int, ...] = (),
        marks: frozenset[str] = frozenset(),
    ) -> None:
        self.id = id
        self.name = name
        self.owner = owner
        self.controller = owner if controller is None else controller
        self.tapped = tapped
        self.face_down = face_down
        self.entered_this_turn = entered_this_turn
        self.counters = counters
        self.attached = attached
        self.marks = marks

    def replace(
        self,
        tapped: bool | None = None,
        entered_this_turn: bool | None = None,
        face_down: bool | None = None,
        controller: int | None = None,
        marks: frozenset[str] | None = None,
        attached: tuple[int, ...] | None = None,
        counters: tuple[tuple[str, int], ...] | None = None,
        id: int | None = None,
        name: str | None = None,
        owner: int | None = None,
    ) -> Card:
        """A copy with the fields given (by keyword) changed; ``None`` keeps a field.

        Named parameters rather than ``**changes``: the call binds them straight to locals,
        where a changes dict costs a ``setattr`` per field, and moves change up to seven
        fields at once. They are not keyword-only because CPython 3.11 fills each missing
        keyword-only default with a dict lookup (commonest fields first: arguments are
        matched to names in order).
        """
        return Card(self.id if id is None else id, self.name if name is None else name,
                    self.owner if owner is None else owner,
                    self.controller if controller is None else controller,
                    self.tapped if tapped is None else tapped,
                    self.face_down if face_down is None else face_down,
                    self.entered_this_turn if entered_this_turn is None else entered_this_turn,
                    self.counters if counters is None else counters,
                    self.attached if attached is None else attached,
                    self.marks if marks is None else marks)

    def with_tapped(self, tapped: bool) -> Card:
        """``replace(tapped=...)``, passed by position: tapping is the commonest change."""
        return self.replace(tapped)

    def counter(self, name: str) -> int:
        for k, v in self.counters:
            if k == name:
                return v
        return 0

    def with_counter(self, name: str, value: int) -> Card:
        """A copy with one counter set (0 removes it); counters stay sorted by name."""
        counters = self.counters
        if not counters or (len(counters) == 1 and counters[0][0] == name):  # the common cases
            counters = ((name, value),) if value else ()
        else:
            rest = tuple(kv for kv in counters if kv[0] != name)
            counters = tuple(sorted((*rest, (name, value)))) if value else rest
        return self.replace(counters=counters)

    def to_json(self, log: bool = True) -> Json:
        """The whole state as JSON-ready data; ``log=False`` leaves out the event log and history."""
        return {
            "id": self.id,
            "name": self.name,
            "owner": self.owner,
            "controller": self.controller,
            "tapped": self.tapped,
            "face_down": self.face_down,
            "entered_this_turn": self.entered_this_turn,
            "counters": dict(self.counters),
            "attached": list(self.attached),
            "marks": sorted(self.marks),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Card:
        return cls(
            id=d["id"],
            name=d["name"],
            owner=d["owner"],
            controller=d["controller"],
            tapped=d["tapped"],
            face_down=d["face_down"],
            entered_this_turn=d["entered_this_turn"],
            counters=tuple(sorted(d["counters"].items())),
            attached=tuple(d["attached"]),
            marks=frozenset(d["marks"]),
        )


class Decision:
    """Who must decide now, and what kind of choice it is.

    ``open`` marks a player's open decision in a phase (main phases and the like): the
    engine stops there even when only ``next_phase`` / ``end_turn`` are legal. ``data`` is
    the immutable context the game needs to generate and resolve the choice.
    """

    __slots__ = ("data", "kind", "open", "player")

    def __init__(self, player: int, kind: str, data: Mapping[str, Any] | None = None, open: bool = False):
        self.player = player
        self.kind = kind
        self.open = open
        self.data: Mapping[str, Any] = data or {}

    def to_json(self, log: bool = True) -> Json:
        """The whole state as JSON-ready data; ``log=False`` leaves out the event log and history."""
        return {"player": self.player, "kind": self.kind, "open": self.open, "data": _plain(self.data)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Decision:
        return cls(d["player"], d["kind"], _unplain(d["data"]), d["open"])

    def __repr__(self) -> str:
        return f"Decision(player={self.player}, kind={self.kind!r})"


class Task:
    """One pending automatic rules step (a unit of the resumable processor)."""

    __slots__ = ("data", "kind")

    def __init__(self, kind: str, **data: Any) -> None:
        self.kind = kind
        self.data: Mapping[str, Any] = data

    @classmethod
    def of(cls, kind: str, data: Mapping[str, Any]) -> Task:
        """``Task(kind, **data)`` for a mapping built just for it: the task keeps it, uncopied."""
        task = cls(kind)
        task.data = data
        return task

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def to_json(self, log: bool = True) -> Json:
        """The whole state as JSON-ready data; ``log=False`` leaves out the event log and history."""
        return {"kind": self.kind, "data": _plain(self.data)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Task:
        return cls(d["kind"], **_unplain(d["data"]))

    def __repr__(self) -> str:
        return f"Task({self.kind!r}, {dict(self.data)!r})"


def _plain(value: Any) -> Any:
    """Tuples become tagged lists so that JSON round-trips keep them tuples."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return {"__tuple__": [_plain(v) for v in value]}
    if isinstance(value, frozenset):
        return {"__frozenset__": sorted(_plain(v) for v in value)}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _unplain(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"__tuple__"}:
            return tuple(_unplain(v) for v in value["__tuple__"])
        if set(value) == {"__frozenset__"}:
            return frozenset(_unplain(v) for v in value["__frozenset__"])
        return {k: _unplain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unplain(v) for v in value]
    return value


class State:
    """Base class of every game's state. See the module docstring for the hooks."""

    #: Zone names in glossary order (used for observations and card lookup order).
    ZONES: ClassVar[tuple[str, ...]] = ()
    #: Per zone: "public", "owner" (its owner sees it), "hidden" (a count only) or
    #: "positions" (ordered face-down placeholders; nobody sees the faces).
    ZONE_VISIBILITY: ClassVar[Mapping[str, str]] = {}
    #: Public zones whose face-down cards are shown by id (never by name) so that actions can
    #: name them (Yu-Gi-Oh! attacks a face-down monster). Only for games whose card ids carry
    #: no information, i.e. ids are given after shuffling.
    REFERABLE_FACE_DOWN: ClassVar[frozenset[str]] = frozenset()
    #: Hidden zones in which a card turned face up is seen by both players where it lies (One
    #: Piece's Life: a card added face up, OP-110). Observed as the zone's count plus ``shown``,
    #: the face-up cards' views with their ``position`` (0: the top).
    FACE_UP_SEEN: ClassVar[frozenset[str]] = frozenset()
    #: ``flags`` keys of the game's response stacks (``tcg.core.stack.Stack``: the Yu-Gi-Oh!
    #: chain, the Force of Will chase). What waits on them was declared openly, so every
    #: observation lists it (``stack``), bottom first; items marked ``quiet`` are bookkeeping.
    PUBLIC_STACKS: ClassVar[tuple[str, ...]] = ()
    #: Zones whose hidden cards are a pool of their own for ``determinize`` (a card there could
    #: never be anywhere else hidden: Yu-Gi-Oh!'s Extra Deck, Force of Will's magic stone deck).
    DETERMINIZE_APART: ClassVar[frozenset[str]] = frozenset()
    #: What the game calls a tapped card in views ("exhausted", "rested"); "" leaves it out.
    TAPPED_AS: ClassVar[str] = "tapped"
    #: Zones where a visible card's view (``card_view``) depends on the card alone -- its
    #: definition and its :class:`Card`, which is immutable -- and on nothing else in the state
    #: (no lasting effect, no other card changes it there: printed values). ``observation``
    #: reuses such a view while the card keeps the same Card object in the same zone, so that
    #: an agent's observation at every decision does not rebuild a whole hand and graveyard.
    #: A card with cards attached is never reused. Empty (no reuse) unless a game says so.
    STATIC_VIEW_ZONES: ClassVar[frozenset[str]] = frozenset()
    #: Player counters that may go below zero (Force of Will life ends at -100 in FOW-T11).
    SIGNED_COUNTERS: ClassVar[frozenset[str]] = frozenset()
    GAME: ClassVar[Game[Any]]  # the game of the subclass (each game has its card schema)
    #: The game's table of decision handlers and task steps (:mod:`tcg.core.rules`), which every
    #: game declares: ``_generate_actions``, ``_resolve``, ``_run_task`` and ``explain_illegal``
    #: dispatch through it (the base class has none: a state class without one is an error).
    RULEBOOK: ClassVar[Rulebook[Any] | None] = None

    __slots__ = (
        "_legal",
        "_views",
        "active",
        "cards",
        "counters",
        "decision",
        "defs",
        "effects",
        "events",
        "first_player",
        "flags",
        "history",
        "log_events",
        "options",
        "phase",
        "rng",
        "tasks",
        "turn",
        "where",
        "winner",
        "zones",
    )

    def __init__(self, defs: Mapping[str, Any], options: Mapping[str, str], seed: Seed, players: int = 2):
        self.defs = defs
        self.options = options
        self.cards: list[Card] = []
        self.zones: list[dict[str, list[int]]] = [{z: [] for z in self.ZONES} for _ in range(players)]
        self.where: list[tuple[int, str]] = []
        self.counters: list[dict[str, int]] = [{} for _ in range(players)]
        self.flags: dict[str, Any] = {}
        self.effects: list[Mapping[str, Any]] = []
        self.tasks: list[Task] = []
        self.decision: Decision | None = None
        self.turn = 1
        self.active = 0
        self.first_player = 0
        self.phase = ""
        self.winner: int | str | None = None
        self.rng = make_rng(seed)
        self.events: list[Json] = []
        self.history: list[Action] = []
        self._legal: Sequence[Action] | None = None
        #: Reusable card views of STATIC_VIEW_ZONES: card id -> (its Card, its zone, its view).
        self._views: dict[int, tuple[Card, str, Json]] = {}
        #: Keep the event log (the default). Bulk simulation with agents that read no events
        #: turns it off: events are derived data (replays are actions), and the end of the game
        #: is still logged.
        self.log_events = True

    # ------------------------------------------------------------------ public API
    @property
    def game_over(self) -> bool:
        return self.winner is not None

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of the deciding player, in the engine's stable order.

        A sequence (a game may return a lazy one where actions are many, e.g. payments).
        """
        if self.winner is not None:
            return []
        if self._legal is None:
            self._legal = [] if self.decision is None else self._generate_actions()
        return self._legal

    def apply(self, action: Action | Mapping[str, Any]) -> list[Json]:
        """Validate and apply ``action``, then run every automatic step up to the next choice.

        Returns the events this produced. An illegal action raises
        :class:`IllegalActionError` and leaves the state exactly as it was.
        """
        if not isinstance(action, Action):
            action = Action.from_json(action)
        legal = self._legal  # legal_actions() inlined: as a rule, the cached list just chosen from
        if legal is None or self.winner is not None:
            legal = self.legal_actions()
        if action not in legal:
            if self.winner is not None:
                raise IllegalActionError(self.GAME.game_over_rule, "the game is over; no action is legal")
            rule, message = self.explain_illegal(action)
            raise IllegalActionError(rule, self._unseen_unnamed(action, message) + self._stack_limit_note())
        start = len(self.events)
        self.history.append(action)
        self._legal = None
        self._resolve(action)
        self.run()
        if len(self.history) >= MAX_GAME_ACTIONS and self.winner is None:
            self.end_in_draw("action_limit")
        return self.events[start:]

    def end_in_draw(self, reason: str) -> None:
        """The game ends in a draw at one of the engine's limits (:mod:`tcg.core.limits`)."""
        self.winner = "draw"
        self.decision = None
        self._legal = None
        self.events.append({"winner": "draw", "reason": reason, "type": "game_over"})

    def _unseen_unnamed(self, action: Action, message: str) -> str:
        """The explanation with the name of every card the action names but its player cannot
        see taken out: an error is read by the one who tried, and naming the opponent's hand
        card they guessed an id of would tell them what it is."""
        game = getattr(type(self), "GAME", None)
        if game is None:  # a bare State of a test: no game, no card fields
            return message
        viewer = self.deciding_player
        for key in game.card_fields:
            value = action.get(key)
            for v in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.cards) \
                        and not self.can_see(viewer, v):
                    message = message.replace(self.cards[v].name, "a card you cannot see")
        return message

    def _stack_limit_note(self) -> str:
        for key in self.PUBLIC_STACKS:
            items = self.flags.get(key)
            if items and len(items) >= MAX_STACK_DEPTH:
                return f" (the {key} holds {len(items)} items, the most the engine allows: only pass; {LIMITS_DOC})"
        return ""

    def run(self) -> None:
        """Run automatic steps until a decision with a real choice, or the end of the game.

        ``legal_actions()`` and ``_changed()`` are inlined: this loop turns once per rules
        step, i.e. several times for every action of every game.
        """
        steps = 0
        while self.winner is None:
            steps += 1
            if steps > MAX_RULE_STEPS:  # an endless loop of automatic steps (tcg.core.limits)
                self.end_in_draw("step_limit")
                break
            decision = self.decision
            if decision is not None:
                legal = self._legal
                if legal is None:
                    legal = self._legal = self._generate_actions()
                if decision.open or len(legal) > 1:
                    return
                if not legal:
                    raise RuntimeError(f"decision {decision!r} has no legal action")
                self._legal = None
                self._resolve(legal[0])
                continue
            if not self.tasks:
                raise RuntimeError("no decision and no pending task: the game module lost track")
            self._legal = None
            self._run_task(self.tasks.pop())
        self.decision = None
        self._legal = None

    @property
    def deciding_player(self) -> int | None:
        return None if self.winner is not None or self.decision is None else self.decision.player

    def clone(self) -> State:
        # Built by __init__ (for no players) and then filled: compiled classes (mypyc) allow
        # no bare object.__new__.
        new = type(self)(self.defs, self.options, 0, 0)
        new.cards = self.cards[:]
        new.zones = [{k: v[:] for k, v in z.items()} for z in self.zones]
        new.where = self.where[:]
        new.counters = [c.copy() for c in self.counters]
        new.flags = self.flags.copy()
        new.effects = self.effects[:]
        new.tasks = self.tasks[:]
        new.decision = self.decision
        new.turn = self.turn
        new.active = self.active
        new.first_player = self.first_player
        new.phase = self.phase
        new.winner = self.winner
        new.rng = self.rng.clone()
        new.events = self.events[:]
        new.history = self.history[:]
        new.log_events = self.log_events
        new._legal = self._legal
        return new

    # ------------------------------------------------------------------ hooks for games
    def _generate_actions(self) -> Sequence[Action]:
        book = self.RULEBOOK
        if book is None:
            raise NotImplementedError(f"{type(self).__name__} has no rulebook")
        return book.legal(self)

    def _resolve(self, action: Action) -> None:
        book = self.RULEBOOK
        if book is None:
            raise NotImplementedError(f"{type(self).__name__} has no rulebook")
        book.answer(self, action)

    def _run_task(self, task: Task) -> None:
        book = self.RULEBOOK
        if book is None:
            raise NotImplementedError(f"{type(self).__name__} has no rulebook")
        book.run_step(self, task)

    def lose(self, player: int, reason: str) -> None:
        """``player`` loses; if the other player already lost at this same moment, it is a draw."""
        if self.winner is None:
            self.winner = 1 - player
            self.events.append({"winner": self.winner, "reason": reason, "type": "game_over"})
        elif self.winner == player:
            self.winner = "draw"
            self.events.append({"winner": "draw", "reason": reason, "type": "game_over"})

    def concede(self, player: int) -> None:
        """``player`` concedes and the opponent wins (YGO-132 and every game's custom).

        Not an action: a concession is not a move of the game, so it is never among the legal
        actions (random agents would concede) and is allowed whoever is deciding."""
        if self.winner is not None:
            raise IllegalActionError(self.GAME.game_over_rule, "the game is over; nobody can concede")
        if player not in range(len(self.zones)):
            raise IllegalActionError("concede", f"there is no player {player!r}")
        self.decision = None
        self.tasks = []
        self.lose(player, "concede")
        self._changed()

    def conserved(self) -> dict[str, int]:
        """Quantities no rule may create or destroy (Battle Spirits cores, One Piece DON!!).

        The conformance test checks that they never change during a game.
        """
        return {}

    def explain_illegal(self, action: Action) -> tuple[str, str]:
        """(rule id, message) for an action that is not legal now: the rulebook's handler of
        the pending decision says which rule forbids it."""
        book = self.RULEBOOK
        if book is None:
            raise NotImplementedError(f"{type(self).__name__} has no rulebook")
        return book.explain(self, action)

    # ------------------------------------------------------------------ helpers for games
    def _changed(self) -> None:
        self._legal = None

    def enter_phase(self, name: str) -> None:
        """Play moves to phase or step ``name`` (the ``phase`` event every game's log shows)."""
        self.phase = name
        if self.log_events:  # emit() inlined: bulk self-play skips building the event
            self.events.append({"phase": name, "player": self.active, "type": "phase"})

    def begin_game(self, first: int) -> None:
        """``first`` takes the first turn: the game's steps before it (:meth:`before_first_turn`),
        then the turn (the rulebook's ``begin_turn`` task). Called once, by ``Game.start``'s
        choice of the first player or by the answer of a game where a player chooses."""
        self.first_player = self.active = first
        self.emit("first_player", player=first)
        self.tasks.append(Task("begin_turn"))
        self.tasks += self.before_first_turn()[::-1]  # tasks run last-in first-out

    def before_first_turn(self) -> list[Task]:
        """The tasks between choosing the first player and the first turn, in order (opening
        hands, mulligans, life cards); none by default."""
        return []

    def is_first_turn(self) -> bool:
        """The game's first turn (turn 1, always the first player's): every brief limits it."""
        return self.turn == 1

    def is_first_turn_of(self, player: int) -> bool:
        """A player's own first turn: turn 1 for the first player, turn 2 for the other."""
        return self.turn == (1 if player == self.first_player else 2)

    def emit(self, type: str, **data: Any) -> None:
        if self.log_events:
            data["type"] = type
            self.events.append(data)

    def shuffle_zone(self, player: int, zone: str) -> None:
        """Shuffle one of ``player``'s zones (a deck after a search) with a ``shuffled`` event, so
        that :meth:`known_hidden` forgets where the cards seen in it were."""
        self.rng.shuffle(self.zones[player][zone])
        self.emit("shuffled", player=player, zone=zone)

    def show_privately(self, player: int, cids: Iterable[int]) -> None:
        """``player`` looks at hidden cards (the top of a deck, a face-down shield, the opponent's
        hand): one ``looked`` event per card that names it to them only (``seen_by``), so their log
        says what they saw, the opponent's that a card was looked at, and :meth:`known_hidden`
        keeps the knowledge for a search until the card's owner shuffles."""
        for cid in cids:
            self.emit("looked", card=cid, player=player, seen_by=player, name=self.cards[cid].name)

    def card(self, cid: int) -> Card:
        return self.cards[cid]

    def definition(self, cid: int) -> Any:
        return self.defs[self.cards[cid].name]

    def name_of(self, cid: int) -> str:
        return self.cards[cid].name

    def action_text(self, action: Action) -> str:
        """The action's short form with its cards by name (the game's card fields). It explains
        illegal actions too, whose ids may name no card: those read "no such card" (an index
        error would escape ``apply``, and a negative id would name a card counted from the end)."""
        return action.text(self._name_or_none, self.GAME.card_fields)

    def _name_or_none(self, cid: int) -> str:
        return self.cards[cid].name if 0 <= cid < len(self.cards) else "no such card"

    def zone(self, player: int, zone: str) -> list[int]:
        return self.zones[player][zone]

    def zone_of(self, cid: int) -> str:
        return self.where[cid][1]

    def update(self, cid: int, **changes: Any) -> Card:
        card = self.cards[cid].replace(**changes)
        self.cards[cid] = card
        return card

    def set_counter(self, cid: int, name: str, value: int) -> None:
        self.cards[cid] = self.cards[cid].with_counter(name, value)

    def new_card(self, name: str, owner: int, zone: str, **status: Any) -> int:
        cid = len(self.cards)
        self.cards.append(Card(cid, name, owner, **status))
        self.where.append((owner, zone))
        if zone in self.zones[owner]:
            self.zones[owner][zone].append(cid)
        return cid

    def detach(self, cid: int) -> None:
        """Take a card out of the zone list it is in (it stays nowhere until placed)."""
        player, zone = self.where[cid]
        if zone in self.zones[player]:
            self.zones[player][zone].remove(cid)

    def place(self, cid: int, player: int, zone: str, *, top: bool = False) -> None:
        """Put a detached card into a zone (at the end, or first when ``top``).

        Two pseudo-zones hold cards outside every zone list: ``attached`` (under or on
        another card) and ``limbo`` (a spell being resolved).
        """
        if zone not in self.zones[player]:
            self.where[cid] = (player, zone)
            return
        if top:
            self.zones[player][zone].insert(0, cid)
        else:
            self.zones[player][zone].append(cid)
        self.where[cid] = (player, zone)

    def move(self, cid: int, zone: str, *, player: int | None = None, top: bool = False, **status: Any) -> None:
        """Move a card to a zone of ``player`` (default: its owner) and emit ``card_moved``."""
        src_player, src_zone = self.where[cid]
        card = self.cards[cid]
        dest = card.owner if player is None else player
        # detach() and place() inlined: moves are among the commonest steps of every game.
        zones = self.zones
        if src_zone in zones[src_player]:
            zones[src_player][src_zone].remove(cid)
        if zone in zones[dest]:
            if top:
                zones[dest][zone].insert(0, cid)
            else:
                zones[dest][zone].append(cid)
        self.where[cid] = (dest, zone)
        if status or card.controller != dest:
            card = card.replace(controller=dest, **status)
        self.cards[cid] = card  # cards are immutable: an unchanged one is kept as it is
        if self.log_events:
            event = {"type": "card_moved", "card": cid, "name": card.name, "player": dest,
                     "from": src_zone, "from_player": src_player, "to": zone}
            if card.face_down:
                event["face_down"] = True  # only its controller learns what it is
            self.events.append(event)

    def iter_zone_cards(self) -> Iterator[tuple[int, str, int]]:
        """(player, zone, card id) for every top-level card, in glossary order."""
        for p, zones in enumerate(self.zones):
            for z in self.ZONES:
                for cid in zones[z]:
                    yield p, z, cid

    # ------------------------------------------------------------------ visibility
    def can_see(self, viewer: int | None, cid: int) -> bool:
        """``viewer`` None is a spectator: only what both players see (no hand, no face-down card)."""
        player, zone = self.where[cid]
        vis = self.ZONE_VISIBILITY.get(zone, "public")
        card = self.cards[cid]
        if vis == "public":
            return not card.face_down or card.controller == viewer
        if zone in self.FACE_UP_SEEN and not card.face_down:
            return True
        if vis == "owner":
            return player == viewer
        return False

    def count_view(self, zone: str, ids: Sequence[int]) -> Json:
        """A zone observed as its count (and, in FACE_UP_SEEN, the cards turned face up in it)."""
        view: Json = {"count": len(ids)}
        if zone in self.FACE_UP_SEEN:
            cards = self.cards
            shown = [{**self.card_view(c), "position": i} for i, c in enumerate(ids) if not cards[c].face_down]
            if shown:
                view["shown"] = shown
        return view

    def referable(self, viewer: int | None, cid: int) -> bool:
        """May ``viewer`` know this card's id (though perhaps not what it is)? See REFERABLE_FACE_DOWN."""
        return self.can_see(viewer, cid) or self.where[cid][1] in self.REFERABLE_FACE_DOWN

    def card_view(self, cid: int) -> Json:
        """The public properties of a visible card. Games extend it (power, level, ...)."""
        card = self.cards[cid]
        view: Json = {"id": cid, "name": card.name}
        if card.tapped and self.TAPPED_AS:
            view[self.TAPPED_AS] = True
        if card.face_down:
            view["face_down"] = True
        if card.entered_this_turn:
            view["entered_this_turn"] = True
        for k, v in card.counters:
            view[k] = v
        return view

    def static_view(self, cid: int, zone: str) -> Json:
        """``card_view(cid)`` of a card in one of the STATIC_VIEW_ZONES, reused while its Card
        object and zone stay the same. A copy each time: an observation's views are its own."""
        card = self.cards[cid]
        kept = self._views.get(cid)
        if kept is not None and kept[0] is card and kept[1] == zone:
            return dict(kept[2])
        view = self.card_view(cid)
        if card.attached:
            return view
        self._views[cid] = (card, zone, view)
        return dict(view)

    def _zone_views(self, viewer: int | None, player: int, zone: str, vis: str) -> list[Json]:
        """The views of a "public" zone, or of an "owner" zone of the viewer's own: ``can_see``
        and, in STATIC_VIEW_ZONES, ``static_view`` inlined (they run for every card of every
        observation an agent gets)."""
        cards = self.cards
        public = vis == "public"
        referable = zone in self.REFERABLE_FACE_DOWN
        out: list[Json] = []
        if zone not in self.STATIC_VIEW_ZONES:
            for c in self.zones[player][zone]:
                card = cards[c]
                if public and card.face_down and card.controller != viewer:
                    out.append({"id": c, "hidden": True} if referable else {"hidden": True})
                else:
                    out.append(self.card_view(c))
            return out
        kept_views = self._views
        for c in self.zones[player][zone]:
            card = cards[c]
            if public and card.face_down and card.controller != viewer:
                out.append({"id": c, "hidden": True} if referable else {"hidden": True})
                continue
            kept = kept_views.get(c)
            if kept is not None and kept[0] is card and kept[1] == zone:
                out.append(dict(kept[2]))
            else:
                out.append(self.static_view(c, zone))
        return out

    def _players_view(self, viewer: int | None) -> list[Json]:
        """``observation``'s players: their counters, and each zone as ``viewer`` sees it (what
        each zone shows is decided once, by :func:`_zone_plan`, for this and the lazy form)."""
        players = []
        for p, zones in enumerate(self.zones):
            zone_views: Json = {}
            for z, (kind, public, referable) in _zone_plan(self, viewer, p).items():
                ids = zones[z]
                if kind == "count":
                    zone_views[z] = self.count_view(z, ids)
                elif kind == "views":
                    zone_views[z] = self._zone_views(viewer, p, z, "public" if public else "owner")
                else:  # "positions": face-down placeholders
                    zone_views[z] = [{"id": c, "hidden": True} if referable else {"hidden": True} for c in ids]
            players.append({"counters": dict(self.counters[p]), "zones": zone_views})
        return players

    def _lazy_players(self, viewer: int | None) -> list[Json]:
        """``observation(lazy=True)``'s players: their counters, and zones made when looked up
        (:class:`~tcg.core.views.LazyZones`; what each zone shows ``viewer`` is fixed per
        game: :func:`_zone_plan`)."""
        stamp = len(self.history)
        return [{"counters": dict(counters), "zones": LazyZones(self, viewer, p, _zone_plan(self, viewer, p), stamp)}
                for p, counters in enumerate(self.counters)]

    def observation(self, viewer: int | None, legal: bool = True, lazy: bool = False) -> Json:
        """A JSON-ready view holding only what ``viewer`` may see (None: a spectator, who sees
        what both players see). ``legal=False`` leaves out the JSON list of the deciding
        viewer's legal actions (``legal_actions``; their count stays): an agent is handed the
        actions themselves, and turning hundreds of them into JSON at every decision was most
        of what a rule agent's observation cost. ``lazy=True`` makes each player's zones when
        looked up and their card views when read (:mod:`tcg.core.views`) -- the same entries,
        during this decision only -- and adds ``cards``, a :class:`~tcg.core.views.CardIndex`
        (for an agent that reads a few cards' stats)."""
        players = self._lazy_players(viewer) if lazy else self._players_view(viewer)
        obs: Json = {
            "game": self.GAME.name,
            "viewer": viewer,
            "turn": self.turn,
            "active": self.active,
            "first_player": self.first_player,
            "phase": self.phase,
            "winner": self.winner,
            "decision": None
            if self.decision is None or self.winner is not None
            else {"player": self.decision.player, "kind": self.decision.kind},
            "players": players,
        }
        if lazy:
            obs["cards"] = CardIndex(self, players)
        if self.PUBLIC_STACKS:
            obs["stack"] = self.stack_view(viewer)
        battle = self.battle_view()
        if battle is not None:
            obs["battle"] = battle
        if viewer is not None and self.deciding_player == viewer:
            actions = self.legal_actions()
            obs["legal_action_count"] = len(actions)
            # Payment distributions can number in the hundreds of thousands (lazy sequences);
            # an observation lists them only while that stays readable.
            if legal and len(actions) <= OBSERVED_ACTIONS_MAX:
                obs["legal_actions"] = [a.to_json() for a in actions]
        return obs

    # ------------------------------------------------------------------ determinization
    def determinize(self, player: int, rng: Rng, known: set[int] | None = None) -> State:
        """A full state consistent with everything ``player`` can see: the cards hidden from
        them are redistributed at random among the places they could be (issue 17: the
        worlds an information-set search samples).

        Every card keeps its place, statuses and counters; only which card is where among
        the hidden ones changes, within a pool of one owner (``DETERMINIZE_APART`` zones apart),
        and a hidden place that only some cards fit (a face-down monster, a set Burst) gets one
        that fits (``hidden_slot_kind`` / ``card_kind``). Cards the player has seen named since
        they were hidden keep their names. The world depends only on what the player sees and on
        ``rng``, never on where the hidden cards really are; its random stream is reseeded from
        ``rng`` too (the real stream, which decides future shuffles, is hidden information)."""
        world = self.clone()
        world.rng = Rng(rng.below(1 << 62))
        if known is None:  # a search asks once per decision (tcg.sim.loop.Worlds), not per world
            known = self.known_hidden(player)
        pools: dict[tuple[int, str], list[int]] = {}
        for cid, card in enumerate(self.cards):
            zone = self.where[cid][1]
            if zone in ("attached", "limbo") or cid in known or self.can_see(player, cid):
                continue
            pools.setdefault((card.owner, zone if zone in self.DETERMINIZE_APART else ""), []).append(cid)
        for ids in pools.values():
            self._redistribute(world, ids, rng)
        world._changed()
        return world

    def _redistribute(self, world: State, ids: list[int], rng: Rng) -> None:
        """Deal the names of ``ids`` back to them at random; places needing a kind first."""
        names = sorted(self.cards[c].name for c in ids)  # sorted: the world never depends on the truth
        rng.shuffle(names)
        slots = sorted(ids, key=lambda c: self.hidden_slot_kind(c) is None)  # constrained first
        for cid in slots:
            need = self.hidden_slot_kind(cid)
            i = next(i for i, n in enumerate(names) if need is None or self.card_kind(n) == need)
            world.cards[cid] = world.cards[cid].replace(name=names.pop(i))

    def hidden_slot_kind(self, cid: int) -> str | None:
        """The kind of card a hidden place requires (``card_kind``), or None for any card of its
        pool (a hand, a deck). Games override for face-down cards in play."""
        return None

    def card_kind(self, name: str) -> str | None:
        """The kind of a card, as ``hidden_slot_kind`` asks for it."""
        return None

    def known_hidden(self, player: int) -> set[int]:
        """Cards hidden from ``player`` now whose name an event showed them after the card's
        owner last shuffled (a bounced card in the opponent's hand, a revealed shield)."""
        known: set[int] = set()
        for ev in self.events:
            cid = ev.get("card")
            if not isinstance(cid, int):
                if ev.get("type") == "shuffled" and isinstance(ev.get("player"), int):
                    known -= {c for c in known if self.cards[c].owner == ev["player"]}
                continue
            seen = self.visible_event(ev, player)
            if seen is not None and "name" in seen:
                known.add(cid)
        return {c for c in known if not self.can_see(player, c)}

    def battle_view(self) -> Json | None:
        """The attack going on, as everyone sees it, or None (issue 37 item 5: battles shown):
        ``{"attacker": id, "target": id or "player", "player": the attacking seat}``, with
        ``"blocker": id`` once blocked and any public facts of the game's own (the shields it
        breaks). Only ids of cards in play, face up or referable: the numbers (power, ATK/DEF)
        are read from each viewer's card views, so a face-down card's stay hidden."""
        return None

    def stack_view(self, viewer: int | None) -> list[Json]:
        """The items of the public stacks, bottom first: who declared what, with which card
        (its id only where the viewer may know it)."""
        out: list[Json] = []
        for key in self.PUBLIC_STACKS:
            for item in self.flags.get(key) or ():
                if item.get("quiet"):
                    continue
                view: Json = {"player": item.get("player"), "kind": item.get("kind") or item.get("event") or "item"}
                if item.get("event") is not None:
                    view["event"] = item["event"]
                card = item.get("card")
                if isinstance(card, int) and self.referable(viewer, card):
                    view["card"] = card
                out.append(view)
        return out

    def visible_event(self, event: Json, viewer: int | None) -> Json | None:
        """The event as ``viewer`` may know it: card identities hidden where they are."""
        if "card" not in event or not isinstance(event["card"], int):
            return event
        cid = event["card"]
        seer = event.get("seen_by")
        if isinstance(seer, int):  # a private look (show_privately): only the one who looked
            return event if viewer == seer else _redact(event)
        src = event.get("from")
        dst = event.get("to")
        if src is None and dst is None:
            return event if self.can_see(viewer, cid) else _redact(event)

        def zone_visible(player: int, zone: str) -> bool:
            vis = self.ZONE_VISIBILITY.get(zone, "public")
            return vis == "public" or (vis == "owner" and player == viewer)

        src_player = int(event.get("from_player", event.get("player", 0)) or 0)
        dst_player = int(event.get("player", 0) or 0)
        seen_at_dst = zone_visible(dst_player, dst or "") and (not event.get("face_down") or dst_player == viewer)
        if zone_visible(src_player, src or "") or seen_at_dst:
            return event
        return _redact(event)

    # ------------------------------------------------------------------ serialisation
    def to_json(self, log: bool = True) -> Json:
        """The whole state as JSON-ready data; ``log=False`` leaves out the event log and history."""
        # Only definitions that differ from the packaged pool (scenario cards) are written.
        pool = self.GAME.cards()
        used = sorted({c.name for c in self.cards if self.defs.get(c.name) is not pool.get(c.name)})
        return {
            "game": self.GAME.name,
            "definitions": {n: self.GAME.card_to_json(self.defs[n]) for n in used if n in self.defs},
            "options": dict(self.options),
            "cards": [c.to_json() for c in self.cards],
            "zones": [{k: list(v) for k, v in z.items()} for z in self.zones],
            "where": [list(w) for w in self.where],
            "counters": [dict(c) for c in self.counters],
            "flags": _plain(self.flags),
            "effects": [_plain(e) for e in self.effects],
            "tasks": [t.to_json() for t in self.tasks],
            "decision": None if self.decision is None else self.decision.to_json(),
            "turn": self.turn,
            "active": self.active,
            "first_player": self.first_player,
            "phase": self.phase,
            "winner": self.winner,
            "rng": self.rng.to_json(),
            "events": self.events if log else [],
            "history": [a.to_json() for a in self.history] if log else [],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """The state ``to_json`` wrote. Missing or malformed parts raise DataError naming the key."""
        game = cls.GAME
        if not isinstance(data, Mapping):
            raise DataError(f"a state JSON is an object, got {type(data).__name__}")
        if data.get("game") != game.name:
            raise DataError(f"this state is for game {data.get('game')!r}, not {game.name!r}", field="game")
        missing = [k for k in STATE_KEYS if k not in data]
        if missing:
            raise DataError(f"missing key(s) {', '.join(missing)} (a state JSON has {', '.join(STATE_KEYS)})",
                            field=missing[0])
        for key in ("turn", "active", "first_player"):
            if not isinstance(data[key], int) or isinstance(data[key], bool):
                raise DataError(f"expected a whole number, got {data[key]!r}", field=key)
        if data["winner"] not in (0, 1, "draw", None) or isinstance(data["winner"], bool):
            raise DataError(f"expected 0, 1, 'draw' or null, got {data['winner']!r}", field="winner")
        if not isinstance(data["phase"], str):
            raise DataError(f"expected a phase name, got {data['phase']!r}", field="phase")
        defs: Mapping[str, Any] = game.cards()
        definitions = _part("definitions", dict, data["definitions"] or {})
        if definitions:
            defs = dict(defs)
            for name, raw in definitions.items():
                defs[name] = game.parse_card(raw, source="state JSON", line=None)
        state = cls(defs, {}, 0, 0)  # then filled from the data, as in clone()
        state.options = game.resolve_options(_part("options", dict, data["options"]))
        state.cards = [_part(f"cards[{i}]", Card.from_json, c) for i, c in enumerate(_list(data, "cards"))]
        state.zones = [_part(f"zones[{i}]", _zone_lists, z) for i, z in enumerate(_list(data, "zones"))]
        for i, zones in enumerate(state.zones):
            for name, ids in zones.items():
                if len(ids) > MAX_ZONE_CARDS:
                    raise DataError(f"{len(ids)} cards in one zone; the engine takes at most {MAX_ZONE_CARDS} "
                                    f"({LIMITS_DOC})", field=f"zones[{i}].{name}")
        state.where = [_part(f"where[{i}]", _place, w) for i, w in enumerate(_list(data, "where"))]
        state.counters = [_part(f"counters[{i}]", dict, c) for i, c in enumerate(_list(data, "counters"))]
        state.flags = _part("flags", dict, _unplain(data["flags"]))
        state.effects = [_part(f"effects[{i}]", _unplain, e) for i, e in enumerate(_list(data, "effects"))]
        state.tasks = [_part(f"tasks[{i}]", Task.from_json, t) for i, t in enumerate(_list(data, "tasks"))]
        state.decision = None if data["decision"] is None else _part("decision", Decision.from_json,
                                                                     data["decision"])
        state.turn = data["turn"]
        state.active = data["active"]
        state.first_player = data["first_player"]
        state.phase = data["phase"]
        state.winner = data["winner"]
        state.rng = _part("rng", rng_from_json, data["rng"])
        state.events = _list(data, "events")
        if len(_list(data, "history")) > MAX_GAME_ACTIONS:
            raise DataError(f"{len(data['history'])} actions; a game has at most {MAX_GAME_ACTIONS} ({LIMITS_DOC})",
                            field="history")
        state.history = [_part(f"history[{i}]", Action.from_json, a) for i, a in enumerate(_list(data, "history"))]
        state._legal = None
        state.log_events = True
        if not (len(state.zones) == len(state.counters) and len(state.where) == len(state.cards)):
            raise DataError(f"{len(state.zones)} zone sets, {len(state.counters)} counter sets, "
                            f"{len(state.cards)} cards and {len(state.where)} places do not fit together",
                            field="zones")
        return state


#: The keys of a state JSON (``State.to_json``).
STATE_KEYS = ("game", "definitions", "options", "cards", "zones", "where", "counters", "flags", "effects",
              "tasks", "decision", "turn", "active", "first_player", "phase", "winner", "rng", "events",
              "history")


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list):
        raise DataError(f"expected a list, got {type(value).__name__}", field=key)
    return list(value)


def _part(field: str, load: Callable[[Any], T], value: Any) -> T:
    """``load(value)``, with a malformed part (a missing key, a wrong type) as a DataError naming ``field``."""
    try:
        return load(value)
    except DataError as exc:
        if exc.field or exc.source:
            raise
        raise DataError(exc.message, field=field) from None
    except KeyError as exc:
        raise DataError(f"missing key {exc.args[0]!r}", field=field) from None
    except (TypeError, ValueError, AttributeError, IndexError) as exc:
        raise DataError(f"malformed: {exc}", field=field) from None


def _zone_lists(zones: Mapping[str, Any]) -> dict[str, list[int]]:
    return {k: list(v) for k, v in zones.items()}


def _place(where: Sequence[Any]) -> tuple[int, str]:
    player, zone = where
    return int(player), str(zone)


def _redact(event: Json) -> Json:
    out = {k: v for k, v in event.items() if k not in ("card", "name")}
    out["hidden"] = True
    return out


#: (state class, viewer, player) -> what each zone shows: see :func:`_zone_plan`.
_PLANS: dict[tuple[type, int | None, int], dict[str, tuple[str, bool, bool]]] = {}


def _zone_plan(state: State, viewer: int | None, player: int) -> dict[str, tuple[str, bool, bool]]:
    """Per zone of ``player``'s, in order, what ``viewer`` gets, as ``State.observation``
    decides it: ("count" | "views" | "positions", public -- for "positions": its ids
    referable --, its views static). Fixed per game, so worked out once."""
    key = (type(state), viewer, player)
    plan = _PLANS.get(key)
    if plan is None:
        plan = {}
        for z in state.ZONES:
            vis = state.ZONE_VISIBILITY.get(z, "public")
            if vis == "hidden" or (vis == "owner" and player != viewer):
                plan[z] = ("count", False, False)
            elif vis == "public" or vis == "owner":
                plan[z] = ("views", vis == "public", z in state.STATIC_VIEW_ZONES)
            else:
                plan[z] = ("positions", z in state.REFERABLE_FACE_DOWN, False)
        _PLANS[key] = plan
    return plan
