"""The largest input the server reads, field by field, and the checks that refuse the rest.

Why every field has a bound: what the server reads it also parses, stores and shows, and the
costs of all three grow with the size (a 40 KB deck line once cost 18 s; issue 35). A request is
refused whole before any of it is used: an over-long field gets 422 naming it (pydantic's
``max_length``, FastAPI's ``Query``/``Path``), an over-large body 413
(:mod:`tcg.web.bodylimit`), an integer that SQLite cannot hold (64-bit) 422 naming the field
rather than a 500 from ``OverflowError``. docs/reliability.md ("Limits") lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import Path, Query
from pydantic import AfterValidator, Field

from tcg.core.stops import PAYMENTS, RESPONSES, Stops
from tcg.web.rooms import ProtocolError

#: One past the largest integer SQLite stores (ids, counts): larger ones are refused as input.
INT64 = 2**63
#: A deck list's text: the deck builder's 60-odd lines are under 2,000 characters.
MAX_DECK_CHARS = 20_000
#: One line of a deck list: a count and a card name (the longest printed one has 43 characters),
#: or a comment.
MAX_LINE_CHARS = 500
#: A saved deck's name.
MAX_NAME_CHARS = 80
#: A short word: a game's name, a starter deck's, a language, an agent's spec, a search filter.
MAX_WORD_CHARS = 100
#: A card's name asked for (the longest printed one has 43 characters).
MAX_CARD_CHARS = 200
#: A room's id in a path (the server makes 12 characters).
MAX_ROOM_CHARS = 64
#: A seat's secret in a hello (the server makes 32 characters).
MAX_TOKEN_CHARS = 256
#: The phases one list of a ``stops`` message may name (a game has at most a dozen).
MAX_STOP_PHASES = 32


def short_lines(text: str) -> str:
    """A deck text whose every line is at most :data:`MAX_LINE_CHARS` long (a pydantic
    validator: the error names the line)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_LINE_CHARS:
            raise ValueError(f"line {number} has {len(line)} characters; a deck list's line has at most "
                             f"{MAX_LINE_CHARS}")
    return text


#: A deck list's text in a request body.
DeckText = Annotated[str, Field(max_length=MAX_DECK_CHARS), AfterValidator(short_lines)]
#: A short word in a request body.
Word = Annotated[str, Field(max_length=MAX_WORD_CHARS)]
#: A stored row's id in a request body (a saved deck).
BodyId = Annotated[int, Field(ge=0, lt=INT64)]
#: A stored row's id in a path (a game, a deck).
PathId = Annotated[int, Path(ge=0, lt=INT64)]
#: A short word in a path (a game's name).
PathWord = Annotated[str, Path(max_length=MAX_WORD_CHARS)]
#: A room's id in a path.
RoomId = Annotated[str, Path(max_length=MAX_ROOM_CHARS)]
#: A language in a query (``?lang=it``).
Lang = Annotated[str, Query(max_length=MAX_WORD_CHARS)]
#: A search filter in a query.
Filter = Annotated[str | None, Query(max_length=MAX_WORD_CHARS)]
#: A cost bound in a search (compared in SQLite).
Cost = Annotated[int | None, Query(ge=0, lt=INT64)]


def seat_token(value: Any) -> str | None:
    """A hello's ``token`` as the rooms compare it: None (a spectator), or a short ASCII string.
    Anything else is refused with ``token`` before it reaches a comparison
    (``secrets.compare_digest`` raises TypeError on a number or a non-ASCII string)."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not value.isascii() or len(value) > MAX_TOKEN_CHARS:
        raise ProtocolError("token", f"token must be the seat's secret: a string of at most {MAX_TOKEN_CHARS} "
                                     "ASCII characters, or null to watch")
    return value


def stops_setting(message: dict[str, Any], phases: Sequence[str]) -> Stops:
    """A ``stops`` message's settings (``responses``: auto, on or off; ``mine`` / ``theirs``: the
    phases of the game to stop at, each listed once; ``payments``: auto or ask), or ``malformed``
    naming the field and what it takes. At most :data:`MAX_STOP_PHASES` phases a list, whatever
    the game."""
    responses = message.get("responses", "auto")
    if responses not in RESPONSES:
        raise ProtocolError("malformed", f"responses must be one of {', '.join(RESPONSES)}")
    payments = message.get("payments", "auto")
    if not isinstance(payments, str) or payments not in PAYMENTS:
        raise ProtocolError("malformed", f"payments must be one of {', '.join(PAYMENTS)}")
    chosen: dict[str, frozenset[str]] = {}
    for key in ("mine", "theirs"):
        value = message.get(key, [])
        if not isinstance(value, list) or len(value) > MAX_STOP_PHASES:
            raise ProtocolError("malformed", f"{key} must be a list of at most {MAX_STOP_PHASES} phases")
        for item in value:
            if not isinstance(item, str) or item not in phases:
                shown = repr(item)[:40]
                raise ProtocolError("malformed", f"{key}: {shown} is not a phase of this game; its phases are "
                                                 f"{', '.join(phases) or 'none'}")
        if len(set(value)) != len(value):
            raise ProtocolError("malformed", f"{key} lists a phase twice")
        chosen[key] = frozenset(value)
    return Stops(str(responses), chosen["mine"], chosen["theirs"], payments)
