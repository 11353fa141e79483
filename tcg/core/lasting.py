"""Lasting effects: one record in ``state.effects`` and one rule for when it ends.

An effect that outlasts its resolution ("+700 ATK until the end of the turn", "skip your next
Battle Phase", "equipped to that monster") is a plain mapping in ``state.effects``::

    {"kind": "atk", "card": 12, "amount": 700, "until": "turn"}

``kind`` names what it does (the game's own word, read by the game's queries), ``card`` the card
it applies to and ``source`` the card it comes from (either may be absent), any other key is the
game's; ``until`` says how long it lasts, in one of these forms:

==================  ====================================================================
``"turn"``          until the end of the turn (also the default when ``until`` is absent)
``"battle"``        until the end of the battle (or of the turn, if no battle ends first)
any other moment    until the game calls ``expire(state, moment)`` (e.g. Yu-Gi-Oh!'s
                    ``"end_phase"``), or the end of the turn, whichever is first
``start_of(p)``     until the start of player ``p``'s (next) turn: ``"start:p"``
``next_turn_of(p)`` until the end of player ``p``'s next turn: ``"next:p"``; at the end of the
                    turn before that one it becomes that turn's number
an ``int`` n        until the end of turn n ("this turn" = the current turn, "next turn" = +1)
``"while"``         while a condition holds: ``record["while"]`` names it, and the game's
                    ``holds(state, record)`` tells whether it still does
``"lasting"``       permanent: until its ``card`` or ``source`` leaves (:func:`forget`) or the
                    game removes it (:func:`remove`: a "skip your next ..." used up)
==================  ====================================================================

Every record also ends when the card it names (``card`` or ``source``) leaves, the game calling
:func:`forget` as it moves the card (a card that leaves becomes a new object). The game calls
:func:`expire` at its boundaries: ``TURN`` as the turn ends, ``BATTLE`` as a battle ends,
``start_of(p)`` as ``p``'s turn starts, its own moments where its rules have them.

Records stay plain data (JSON round trip, ``State.clone`` copies the list, not the records):
nothing here changes a record in place; a changed record is a new mapping in the same place.

Adopted by all five games: Yu-Gi-Oh!, Battle Spirits, Duel Masters (``until`` = a turn number,
"this turn" or "next turn": ``expire(state, TURN)`` in ``turn.cleanup``, :func:`forget` as a
creature leaves the battle zone; moved to the evolution put on a creature; power and granted keywords read
with :func:`total` and :func:`on`), One Piece (``"turn"``, ``"battle"``, ``start_of(p)``, and a
turn number for "until the end of <player>'s next turn", counted from the turn of the effect's
controller, its ``verbs.end_of_next_turn``: ``expire`` with ``TURN`` in ``turn.cleanup``,
``BATTLE`` in ``battle.end_of_battle``, ``start_of(p)`` in ``turn.begin_turn``, :func:`forget`
as a card leaves the field, OP-113; power and cost with :func:`total`, granted keywords and
"cannot attack" with :func:`on`) and Force of Will (``"turn"`` and ``"lasting"``, its schema's
``duration`` words: ``add`` in ``verbs.py``, ``expire(state, TURN)`` in ``turn.cleanup``,
``forget`` in ``effects.leave_field``, its new-object rule FOW-114).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tcg.core.state import State

#: How long a record lasts (the ``until`` value): a moment's name, a turn number.
Until = str | int
#: The game's test of a ``"while"`` record's condition.
Holds = Callable[["State", Mapping[str, Any]], bool]

TURN = "turn"
BATTLE = "battle"
WHILE = "while"
LASTING = "lasting"
_START = "start:"
_NEXT = "next:"


def start_of(player: int) -> str:
    """The moment ``player``'s turn starts (and the ``until`` of what lasts until then)."""
    return f"{_START}{player}"


def next_turn_of(player: int) -> str:
    """The ``until`` of what lasts until the end of ``player``'s next turn."""
    return f"{_NEXT}{player}"


def add(state: State, kind: str, until: Until = TURN, **fields: Any) -> Mapping[str, Any]:
    """A new lasting effect, after the others (queries that take the first one see the oldest).
    A malformed ``until`` is refused here, not misread at the end of some later turn."""
    check_until(until)
    record: dict[str, Any] = {"kind": kind, **fields, "until": until}
    state.effects.append(record)
    return record


def check_until(until: object) -> None:
    """Raise ValueError unless ``until`` is one of the forms above."""
    if isinstance(until, bool) or not isinstance(until, (str, int)) or until == "":
        raise ValueError(f"until must be a moment's name or a turn number, not {until!r}")
    if isinstance(until, str) and until.startswith((_START, _NEXT)):
        player = until.split(":", 1)[1]
        if not player.isdigit():
            raise ValueError(f"until {until!r}: a player number must follow {until.split(':')[0]!r}:")


def first(state: State, kind: str, **match: Any) -> Mapping[str, Any] | None:
    """The oldest record of ``kind`` whose fields equal ``match``, if any."""
    for e in state.effects:
        if e.get("kind") == kind and _matches(e, match):
            return e
    return None


def of_kind(state: State, kind: str, **match: Any) -> list[Mapping[str, Any]]:
    """Every record of ``kind`` whose fields equal ``match``, oldest first."""
    return [e for e in state.effects if e.get("kind") == kind and _matches(e, match)]


def on(state: State, kind: str, card: int) -> Sequence[Mapping[str, Any]]:
    """The records of ``kind`` on ``card``, oldest first: what a game asks of a card on every
    question (a granted keyword, "cannot attack", "cannot be blocked this turn"), so without
    :func:`of_kind`'s keyword matching, and nothing built while there are no records."""
    effects = state.effects
    if not effects:
        return ()
    return [e for e in effects if e.get("kind") == kind and e.get("card") == card]


def total(state: State, kind: str, card: int, field: str = "amount") -> int:
    """The sum of ``field`` over the records of ``kind`` on ``card`` (stat changes)."""
    n = 0
    for e in state.effects:
        if e.get("kind") == kind and e.get("card") == card:
            n += e[field]
    return n


def remove(state: State, record: Mapping[str, Any]) -> None:
    """This record ends (used up): by identity, so an equal twin stays."""
    state.effects = [e for e in state.effects if e is not record]


def end(state: State, kind: str, **match: Any) -> None:
    """Every record of ``kind`` whose fields equal ``match`` ends."""
    state.effects = [e for e in state.effects if not (e.get("kind") == kind and _matches(e, match))]


def forget(state: State, card: int) -> None:
    """``card`` left (it becomes a new object): what applies to it and what it is the source of
    end."""
    effects = state.effects
    if effects and any(e.get("card") == card or e.get("source") == card for e in effects):
        state.effects = [e for e in effects if e.get("card") != card and e.get("source") != card]


def expire(state: State, moment: str, holds: Holds | None = None) -> list[Mapping[str, Any]]:
    """``moment`` has come: the records that end then go (and are returned, oldest first, for
    the game to undo what they did, e.g. give control back). ``TURN`` is the end of the turn
    ``state.turn`` of ``state.active``. With ``holds``, ``"while"`` records whose condition no
    longer holds go too. The list is replaced only if something changed."""
    effects = state.effects
    if not effects:
        return []
    kept: list[Mapping[str, Any]] = []
    gone: list[Mapping[str, Any]] = []
    changed = False
    for e in effects:
        after = _after(e, moment, state.turn, state.active)
        if after is not None and holds is not None and after.get("until") == WHILE and not holds(state, after):
            after = None
        if after is None:
            gone.append(e)
            changed = True
        else:
            kept.append(after)
            changed = changed or after is not e
    if changed:
        state.effects = kept
    return gone


def _after(e: Mapping[str, Any], moment: str, turn: int, active: int) -> Mapping[str, Any] | None:
    """The record once ``moment`` has come: itself, a changed copy, or None (it ended)."""
    until: Until = e.get("until", TURN)
    if isinstance(until, int):
        return None if moment == TURN and until <= turn else e
    if until in (LASTING, WHILE):
        return e
    if moment != TURN:
        return None if until == moment else e
    if until.startswith(_START):
        return e
    if until.startswith(_NEXT):  # the next turn is that player's: it lasts until its end
        return {**e, "until": turn + 1} if int(until[len(_NEXT):]) != active else e
    return None  # "turn", "battle" and the game's moments within a turn end with it


def _matches(e: Mapping[str, Any], match: Mapping[str, Any]) -> bool:
    return all(e.get(key) == value for key, value in match.items())
