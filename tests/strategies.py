"""Hypothesis strategies for actions a player should not be able to take.

Every strategy builds the JSON form of an action (a dict), as a client would send it: the
engine's boundary is ``Action.from_json`` followed by ``State.apply``, and a dict can hold
what an ``Action`` built in Python could not (a float, a bool, a nested mapping), so testing
the dict tests both. The strategies look at a snapshot of the state (:class:`Snapshot`) so that
near misses are near: another card of the table, a card hidden from the decider, a field of
another legal action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from tcg.core.state import State

Json = dict[str, Any]

#: Field names the games use (the shared vocabulary and each game's own), and a few others.
FIELD_NAMES = ("card", "target", "onto", "source", "cards", "tributes", "option", "index", "pay", "place",
               "cores", "count", "player", "ability", "effect", "attributes", "timing", "no_such_field")

#: Any JSON value: what a malformed message may hold where an action field should be.
json_values: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)


@dataclass(frozen=True)
class Snapshot:
    """What the strategies need of a state, taken before the draw (the state is not touched)."""

    legal: tuple[Json, ...]  # at most a sample of the legal actions, as JSON
    types: tuple[str, ...]  # the game's action types
    n_cards: int
    hidden: tuple[int, ...]  # card ids the deciding player cannot see (their deck, the opponent's hand)
    foreign: tuple[int, ...]  # card ids the deciding player does not own

    @classmethod
    def of(cls, state: State, sample: int = 64) -> Snapshot:
        legal = state.legal_actions()
        step = max(1, len(legal) // sample)
        decider = state.deciding_player
        n = len(state.cards)
        return cls(tuple(legal[i].to_json() for i in range(0, len(legal), step)),
                   tuple(sorted(state.GAME.ACTION_TYPES)), n,
                   tuple(c for c in range(n) if decider is not None and not state.can_see(decider, c)),
                   tuple(c for c in range(n) if state.cards[c].owner != decider))


def card_ids(snap: Snapshot) -> st.SearchStrategy[int]:
    """A card id that is out of range, hidden from the decider, the opponent's, or any."""
    out = st.integers(-3, snap.n_cards + 3) | st.sampled_from([snap.n_cards, 10**9, -(10**9), 2**63])
    if snap.hidden:
        out |= st.sampled_from(snap.hidden)
    if snap.foreign:
        out |= st.sampled_from(snap.foreign)
    return out


def wrong_kind(value: Any) -> st.SearchStrategy[Any]:
    """A value of another kind than ``value``: a number for a text, a float or a bool for a
    number, a list for a scalar, a mapping for a list..."""
    kinds: st.SearchStrategy[Any]
    if isinstance(value, bool) or not isinstance(value, int):
        kinds = st.one_of(st.integers(), st.text(max_size=6), st.lists(st.integers(), max_size=3))
    else:  # an id: its float and bool look-alikes compare equal to it in Python
        look_alikes: list[Any] = [float(value), value == 1, str(value), [value], {str(value): 1}]
        kinds = st.one_of(st.sampled_from(look_alikes), st.text(max_size=6), st.floats(allow_nan=False))
    return kinds | json_values


@st.composite
def near_miss(draw: st.DrawFn, snap: Snapshot) -> Json:
    """A legal action changed a little: a field dropped, added, given another card or a value of
    the wrong kind, or its type swapped for another one of the game's."""
    base = dict(draw(st.sampled_from(snap.legal)))
    fields = [k for k in base if k != "type"]
    how = draw(st.sampled_from(["drop", "extra", "card", "kind", "type", "elements", "merge"]))
    if how == "drop" and fields:
        del base[draw(st.sampled_from(fields))]
    elif how == "extra":
        base[draw(st.sampled_from(FIELD_NAMES) | st.text(min_size=1, max_size=6))] = draw(json_values)
    elif how == "card" and fields:
        base[draw(st.sampled_from(fields))] = draw(card_ids(snap))
    elif how == "kind" and fields:
        key = draw(st.sampled_from(fields))
        base[key] = draw(wrong_kind(base[key]))
    elif how == "type":
        base["type"] = draw(st.sampled_from(snap.types))
    elif how == "elements" and fields:  # a list field with another card, an extra one, one missing
        key = draw(st.sampled_from(fields))
        value = base[key]
        items = list(value) if isinstance(value, list) else [value]
        base[key] = draw(st.sampled_from([[*items, draw(card_ids(snap))], items[1:], items * 2,
                                          [draw(card_ids(snap)), *items[1:]]]))
    else:  # the fields of two legal actions together
        base.update({k: v for k, v in draw(st.sampled_from(snap.legal)).items() if k != "type"})
    return base


@st.composite
def random_action(draw: st.DrawFn, snap: Snapshot) -> Json:
    """A type (the game's or an unknown one) with fields named from the vocabulary, any values."""
    data: Json = {"type": draw(st.sampled_from(snap.types) | st.text(max_size=10))}
    for name in draw(st.lists(st.sampled_from(FIELD_NAMES), max_size=3, unique=True)):
        data[name] = draw(json_values | card_ids(snap))
    return data


def malformed_message() -> st.SearchStrategy[Any]:
    """Not an action at all: no type, a type that is not a text, not a mapping."""
    no_type = st.dictionaries(st.sampled_from(FIELD_NAMES), json_values, max_size=3)
    bad_type = st.builds(lambda t, d: {**d, "type": t}, json_values.filter(lambda v: not isinstance(v, str)), no_type)
    return no_type | bad_type | json_values


def near_miss_or_random(snap: Snapshot) -> st.SearchStrategy[Json]:
    """A near miss of a legal action; a random action where there is none (the game is over)."""
    return near_miss(snap) if snap.legal else random_action(snap)
