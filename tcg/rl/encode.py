"""Observation encoders: a state as a float32 vector for one seat, holding only what it may see.

The vector is three blocks (docs/rl.md, "Observations", lists every slice per game):

- ``global``: turn, whose turn and decision it is, the phase and decision kind (one-hot), and per
  player (the viewer first) the catalogue's counters and the number of cards in each zone;
- ``stage``: the sub-decision in progress (:mod:`tcg.rl.narrow`) — which field is being chosen,
  how many tokens were taken, and which tokens — all zero for the seat not deciding;
- ``cards``: one row per card instance id (the same ids as the card tokens of the action space),
  written only for a card the viewer may refer to (``State.referable``: they see it, or it lies
  face down in a zone whose ids are public): whether its name is known, whether it is the
  viewer's, its zone, status and counters, whether a payment sub-decision is about it, and its
  name as a one-hot over the game's sorted card pool — the name only where ``State.can_see``.

Why read the state and not ``State.observation``: that dict is slow to build, and this encoder
runs at every env step. What keeps it safe is the rule above, applied card by card, and a test
(tests/test_rl.py) that the encoding of a state equals the encoding of any ``determinize`` of it
for that seat. A hidden card gets no row at all, not even its zone: in most games card ids follow
the deck list, so "card 7 is in the opponent's hand" would tell which card it is.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import is_not, itemgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from tcg.core.game import Game
from tcg.core.state import Card, State
from tcg.rl.catalogue import Catalogue
from tcg.rl.narrow import Narrowing
from tcg.rl.tokens import OTHER_FIELD, Vocabulary

Vector = npt.NDArray[np.float32]
TURN_SCALE = 20.0
ZONE_SCALE = 40.0
#: Pseudo-zones of cards outside every zone list (attached under/on a card, a spell resolving).
EXTRA_ZONES = ("attached", "limbo")
ROW_CACHE_LIMIT = 100_000
#: Stage tokens written one by one up to this many, with one fancy-indexed write beyond.
STAGE_SCALARS = 10
#: Card-row entries written one by one up to this many (:meth:`Encoder._apply`).
ROW_SCALARS = 30


Row = tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]
#: The row of a card the viewer may not refer to: nothing written.
NO_ROW: Row = ((), (), ())


class Board:
    """A board vector, the cards and places it was written from, and each card's row as written
    (:meth:`Encoder.update`)."""

    __slots__ = ("cards", "head", "rows", "state", "vector", "where")

    def __init__(self, state: State, vector: Vector, rows: list[Row], head: list[Any]) -> None:
        self.state = state
        self.head = head  # the global block as written
        self.vector = vector
        self.rows = rows
        self.cards = state.cards[:]
        self.where = state.where[:]


class Encoder:
    """The observation layout of one game with a fixed number of card instances."""

    def __init__(self, game: Game, cat: Catalogue, vocab: Vocabulary) -> None:
        self.game = game
        self.catalogue = cat
        self.vocab = vocab
        state_class = game.state_class
        self.zones = tuple(state_class.ZONES) + EXTRA_ZONES
        self.zone_index = {z: i for i, z in enumerate(self.zones)}
        self.phase_index = {p: i for i, p in enumerate(cat.phases)}
        self.kind_index = {k: i for i, k in enumerate(cat.kinds)}
        self.names = sorted(game.cards())
        self.name_index = {n: i for i, n in enumerate(self.names)}
        self.cards = vocab.cards
        self._rows: dict[tuple[Any, ...], Row] = {}
        self._counter_scales = [(n, self._counter(n, 1)) for n in cat.player_counters]
        self.slices = self._layout()
        self.size: int = self.slices["cards"].stop
        self._global_table()

    def _global_table(self) -> None:
        """Precomputed pieces of the global block, which is written as one list (one numpy call)."""
        s = self.slices
        self._global_end = s["stage_field"].start
        self._stage_field, self._stage_depth = s["stage_field"].start, s["stage_depth"].start
        self._stage_chosen, self._stage_reserve = s["stage_chosen"].start, s["stage_reserve"].start
        self._cards_at = s["cards"].start
        self._field_slot = {OTHER_FIELD: 2, **{self.vocab.field_token[f]: 3 + i
                                               for i, f in enumerate(self.catalogue.fields)}}
        self._phases = [[0] * len(self.phase_index) for _ in range(len(self.phase_index) + 1)]
        for i, row in enumerate(self._phases):
            row.insert(i, 1)
        self._kinds = [[0] * len(self.kind_index) for _ in range(len(self.kind_index) + 1)]
        for i, row in enumerate(self._kinds):
            row.insert(i, 1)
        self._no_kind = [0] * (len(self.kind_index) + 1)
        zones = tuple(self.game.state_class.ZONES)
        self._zone_lists = itemgetter(*zones) if len(zones) > 1 else (lambda z: (z[zones[0]],))
        self._counter_names = tuple(n for n, _ in self._counter_scales)
        counters = [v for _, v in self._counter_scales]
        flags = 3 + len(self._phases) + len(self._kinds)
        self._factors = np.array([1.0] * (1 + flags) + (counters + [1.0] * len(zones)) * 2)
        per_player = [1.0] * len(counters) + [ZONE_SCALE] * len(zones)
        self._divisors = np.array([TURN_SCALE] + [1.0] * flags + per_player * 2)
        assert len(self._factors) == self._global_end

    def _layout(self) -> dict[str, slice]:
        cat = self.catalogue
        sizes = [
            ("turn", 1), ("me_active", 1), ("me_first", 1), ("me_deciding", 1),
            ("phase", len(cat.phases) + 1), ("kind", len(cat.kinds) + 1),
            ("my_counters", len(cat.player_counters)), ("my_zones", len(self.game.state_class.ZONES)),
            ("their_counters", len(cat.player_counters)), ("their_zones", len(self.game.state_class.ZONES)),
            ("stage_field", 3 + len(cat.fields)), ("stage_depth", 1), ("stage_reserve", 1),
            ("stage_chosen", self.vocab.size),
        ]
        out: dict[str, slice] = {}
        start = 0
        for name, n in sizes:
            out[name] = slice(start, start + n)
            start += n
        self.row = 7 + len(self.zones) + len(cat.card_counters) + len(self.names)
        out["cards"] = slice(start, start + self.cards * self.row)
        return out

    #: Offsets inside one card row.
    ROW_REFERABLE, ROW_NAMED, ROW_MINE, ROW_TAPPED, ROW_FACE_DOWN, ROW_ENTERED, ROW_SUBJECT = range(7)

    def row_slices(self) -> dict[str, slice]:
        """The parts of one card row (docs/rl.md)."""
        z = 7 + len(self.zones)
        c = z + len(self.catalogue.card_counters)
        return {"flags": slice(0, 7), "zone": slice(7, z), "counters": slice(z, c), "name": slice(c, self.row)}

    def _counter(self, name: str, value: int) -> float:
        return value / (1000.0 if name in self.catalogue.big_counters else 10.0)

    def board(self, state: State, seat: int) -> Vector:
        """The ``global`` and ``cards`` blocks for ``seat`` (the stage block left zero)."""
        return self._fresh(state, seat)[0]

    def _fresh(self, state: State, seat: int) -> tuple[Vector, list[Row], list[Any]]:
        out = np.zeros(self.size, dtype=np.float32)
        head = self._global(state, seat)
        out[:self._global_end] = self._scaled(head)
        rows = [NO_ROW] * len(state.cards)
        cards = state.cards
        for cid, zone, named in self.visible_cards(state, seat):
            rows[cid] = self._row_of(cards[cid], cid, zone, named, seat)
        self._apply(out, [], rows)
        return out, rows, head

    def update(self, board: Board | None, state: State, seat: int) -> Board:
        """``board`` brought up to date with ``state``: only the rows of cards that changed (a new
        card object, or a new place) are written again, since a row depends on nothing else;
        the global block is rewritten. Equal to :meth:`board` (a test checks it)."""
        if board is None or board.state is not state or len(board.cards) != len(state.cards):
            return Board(state, *self._fresh(state, seat))
        out = board.vector
        head = self._global(state, seat)
        if head != board.head:  # often the same after an action that only moved or tapped cards
            out[:self._global_end] = self._scaled(head)
            board.head = head
        cards, where, rows = state.cards, state.where, board.rows
        # compared in C: a changed card is a new object (cards compare by identity), a moved one
        # a new place; a whole list first, since after most actions one of them is unchanged
        ids = range(len(cards))
        changed: list[int] = []
        if cards != board.cards:
            changed = list(compress(ids, map(is_not, cards, board.cards)))
        if where != board.where:
            moved = compress(ids, map(is_not, where, board.where))
            changed = sorted({*changed, *moved}) if changed else list(moved)
        if changed:
            old: list[Row] = []
            new: list[Row] = []
            place, row_of = self.place, self._row_of
            for cid in changed:
                at = place(state, seat, cid)
                row = NO_ROW if at is None else row_of(cards[cid], cid, at[0], at[1], seat)
                if row is not rows[cid]:
                    old.append(rows[cid])
                    new.append(row)
                    rows[cid] = row
            if new:
                self._apply(out, old, new)
            board.cards, board.where = cards[:], where[:]
        return board

    @staticmethod
    def _apply(out: Vector, old: list[Row], new: list[Row]) -> None:
        """Clear the entries of the ``old`` rows, then write the ``new`` ones: one write per
        entry for a few cards (a scalar write costs a tenth of a fancy-indexed one), at most
        three numpy calls for many."""
        clear = [i for r in old for part in r[:2] for i in part]
        ones = [i for r in new for i in r[0]]
        at = [i for r in new for i in r[1]]
        values = [v for r in new for v in r[2]]
        if len(clear) + len(ones) + len(at) <= ROW_SCALARS:
            for i in clear:
                out[i] = 0
            for i in ones:
                out[i] = 1
            for i, v in zip(at, values, strict=True):
                out[i] = v
            return
        if clear:
            out[clear] = 0
        if ones:
            out[ones] = 1
        if at:
            out[at] = values

    def _global(self, state: State, seat: int) -> list[Any]:
        """The global block's raw numbers (ints and flags, not yet scaled), in layout order:
        cheap to compare with the last ones, and scaled in two numpy calls (:meth:`_scaled`)."""
        decision = state.decision
        deciding = decision is not None and state.winner is None
        raw: list[Any] = [state.turn, state.active == seat, state.first_player == seat,
                          deciding and decision is not None and decision.player == seat]
        raw += self._phases[self.phase_index.get(state.phase, len(self.phase_index))]
        if deciding and decision is not None:
            raw += self._kinds[self.kind_index.get(decision.kind, len(self.kind_index))]
        else:
            raw += self._no_kind
        names, zone_lists = self._counter_names, self._zone_lists
        for p in (seat, 1 - seat):
            if names:
                raw += map(state.counters[p].get, names, repeat(0))
            raw += map(len, zone_lists(state.zones[p]))
        return raw

    def _scaled(self, raw: list[Any]) -> npt.NDArray[np.float64]:
        """The global block from its raw numbers: each times its factor (counters: 0.1 or
        0.001), then over its divisor (turn 20, zone sizes 40), in float64 as Python would."""
        scaled: npt.NDArray[np.float64] = np.multiply(raw, self._factors) / self._divisors
        return scaled
    @staticmethod
    def place(state: State, seat: int, cid: int) -> tuple[str, bool] | None:
        """(zone, name known) when ``seat`` may refer to card ``cid``, else None: the rules of
        ``State.can_see`` and ``State.referable`` for one card."""
        p, zone = state.where[cid]
        vis = state.ZONE_VISIBILITY.get(zone, "public")
        if vis == "public":
            card = state.cards[cid]
            named = not card.face_down or card.controller == seat
        else:
            named = (vis == "owner" and p == seat) or (zone in state.FACE_UP_SEEN and not state.cards[cid].face_down)
        if named or zone in state.REFERABLE_FACE_DOWN:
            return zone, named
        return None

    def visible_cards(self, state: State, seat: int) -> list[tuple[int, str, bool]]:
        """(card id, zone, name known) of every card ``seat`` may refer to (:meth:`place`), a
        zone at a time: whole zones are skipped or taken without a look at each card."""
        out: list[tuple[int, str, bool]] = []
        vis_of = state.ZONE_VISIBILITY
        referable_face_down = state.REFERABLE_FACE_DOWN
        face_up_seen = state.FACE_UP_SEEN
        cards = state.cards
        for p, zones in enumerate(state.zones):
            for z in state.ZONES:
                vis = vis_of.get(z, "public")
                if vis == "public":
                    for cid in zones[z]:
                        card = cards[cid]
                        named = not card.face_down or card.controller == seat
                        if named or z in referable_face_down:
                            out.append((cid, z, named))
                elif (vis == "owner" and p == seat) or z in referable_face_down:
                    named = vis == "owner" and p == seat
                    out.extend((cid, z, named) for cid in zones[z])
                elif z in face_up_seen:  # a face-up card in a hidden zone (One Piece's Life)
                    out.extend((cid, z, True) for cid in zones[z] if not cards[cid].face_down)
        for cid, (_, z) in enumerate(state.where):
            if z in EXTRA_ZONES:
                place = self.place(state, seat, cid)
                if place is not None:
                    out.append((cid, z, place[1]))
        return out

    def _row_of(self, card: Card, cid: int, zone: str, named: bool, seat: int) -> Row:
        """One card's row: the 1s, and where its counters go and their values (absolute offsets).
        Cached by what the row is made of, so a card seen in the same place and status again
        (in this game or the next: ids follow the deck lists) costs one look-up."""
        mine = card.controller == seat
        key = (cid, zone, named, mine, card.tapped, card.face_down, card.entered_this_turn, card.counters,
               card.name if named else None)
        cache = self._rows
        row = cache.get(key)
        if row is None:
            if len(cache) > ROW_CACHE_LIMIT:
                cache.clear()
            row = cache[key] = self._row(card, cid, zone, named, mine)
        return row

    def _row(self, card: Card, cid: int, zone: str, named: bool, mine: bool) -> Row:
        if cid >= self.cards:
            return NO_ROW
        at = self.slices["cards"].start + cid * self.row
        flags = (True, named, mine, card.tapped, card.face_down, card.entered_this_turn)
        ones = [at + i for i, flag in enumerate(flags) if flag]
        ones.append(at + 7 + self.zone_index[zone])
        counter_at = at + 7 + len(self.zones)
        counters = [(counter_at + i, self._counter(name, card.counter(name)))
                    for i, name in enumerate(self.catalogue.card_counters) if card.counter(name)]
        if named:
            index = self.name_index.get(card.name)
            if index is not None:
                ones.append(counter_at + len(self.catalogue.card_counters) + index)
        return tuple(ones), tuple(i for i, _ in counters), tuple(v for _, v in counters)

    def stage(self, narrowing: Narrowing, out: Vector) -> None:
        """Write the ``stage`` block (and the payment subject's card flag) of the deciding seat."""
        chosen = narrowing.chosen
        field = 0  # "type": nothing chosen yet
        slot_of = self._field_slot
        for token in reversed(chosen):
            slot = slot_of.get(token)  # 2: a field the catalogue lacks, 3..: each field
            if slot is not None:
                field = slot
                break
        else:
            if chosen:
                field = 1  # after the type, no field token: the index digits of a long lazy sequence
        out[self._stage_field + field] = 1
        out[self._stage_depth] = len(chosen) / 10.0
        at = self._stage_chosen
        if len(chosen) > STAGE_SCALARS:  # one numpy call costs a dozen scalar writes
            out[[at + token for token in chosen]] = 1
        else:
            for token in chosen:
                out[at + token] = 1
        subject: Any = narrowing.subject()
        if subject == "reserve":
            out[self._stage_reserve] = 1
        elif isinstance(subject, int) and 0 <= subject < self.cards:
            out[self._cards_at + subject * self.row + self.ROW_SUBJECT] = 1
