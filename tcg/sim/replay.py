"""Replay files: the seed, options, deck lists and actions of one game, enough to re-create it.

A replay stores no state: re-playing calls ``game.new_state`` with the same decks, seed and
options and applies every action again, so each one is re-validated by the rules (a file
edited by hand, or written by an older engine, fails at the first action that is no longer
legal, with its index).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcg.core.actions import Action
from tcg.core.decklist import DeckEntry, DeckList, decode_utf8
from tcg.core.errors import DataError, IllegalActionError
from tcg.core.registry import load_game
from tcg.core.rng import Seed, key_of
from tcg.core.state import State

_SECTION_MARKER = re.compile(r"^\[([a-z_]+)\]$")

FORMAT = "tcg-replay"
VERSION = 1


@dataclass
class Replay:
    game: str
    #: An integer (SplitMix64) or a keyed seed's text (``blake2b:`` + 64 hex digits: the
    #: server's online games, :class:`tcg.core.rng.KeyedRng`).
    seed: Seed
    options: dict[str, str]
    decks: list[list[str]]
    actions: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    agents: list[str] | None = None
    #: The player who conceded after the last action (``tcg play``, the browser), if one did:
    #: a concession is not an action (``State.concede``), so it is stored beside them.
    conceded: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seed": self.seed,
            "options": dict(self.options),
            "decks": [list(d) for d in self.decks],
            "actions": list(self.actions),
            "result": self.result,
        }
        if self.agents is not None:
            data["agents"] = list(self.agents)
        if self.conceded is not None:
            data["conceded"] = self.conceded
        return data

    @classmethod
    def from_json(cls, data: Any, source: str | None = None) -> Replay:
        """Check every field; a DataError names the first one that is wrong and what was expected.

        The fields are checked in file order (format, version, game, seed, options, decks, actions,
        result, agents), one small checker each, so the first error is always the same one."""
        if not isinstance(data, Mapping):
            raise DataError("a replay is a JSON object", source=source)
        for key in ("format", "version", "game", "seed", "decks", "actions"):
            if key not in data:
                raise DataError("missing field", source=source, field=key)
        _check_header(data, source)
        options = _checked_options(data.get("options") or {}, source)
        decks = _checked_decks(data["decks"], source)
        actions = _checked_actions(data["actions"], source)
        result = data.get("result")
        if result is not None and not isinstance(result, Mapping):
            raise _bad("result", "an object or null", result, source)
        agents = data.get("agents")
        if agents is not None and (not isinstance(agents, list) or not all(isinstance(a, str) for a in agents)):
            raise _bad("agents", "a list of agent names", agents, source)
        conceded = data.get("conceded")
        if conceded is not None and (not isinstance(conceded, int) or isinstance(conceded, bool)
                                     or conceded not in range(len(decks))):
            raise _bad("conceded", "the seat of the player who conceded, or null", conceded, source)
        return cls(data["game"], data["seed"], dict(options), [list(d) for d in decks], [dict(a) for a in actions],
                   dict(result) if result is not None else None, list(agents) if agents is not None else None,
                   conceded)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        p = Path(path)
        try:
            text = decode_utf8(p.read_bytes(), str(p))
        except OSError as exc:
            raise DataError(f"cannot read replay file: {exc.strerror}", source=str(p)) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataError(f"not valid JSON: {exc.msg}", source=str(p), line=exc.lineno) from None
        except RecursionError:  # json's decoder recurses once per level of nesting
            raise DataError("not valid JSON for a replay: nested too deeply", source=str(p)) from None
        except ValueError as exc:  # a number of over 4,300 digits (int() refuses it; issue 35 item 5)
            raise DataError(f"not valid JSON for a replay: {exc}", source=str(p)) from None
        return cls.from_json(data, source=str(p))


def _bad(name: str, expected: str, got: Any, source: str | None) -> DataError:
    """The error for a replay field: its name, what was expected, and (a short form of) what is there."""
    shown = json.dumps(got)[:60] if _jsonable(got) else repr(got)[:60]
    return DataError(f"expected {expected}, got {shown}", source=source, field=name)


def _check_header(data: Mapping[str, Any], source: str | None) -> None:
    """``format``, ``version``, ``game`` and ``seed``: what says which engine and game can replay it."""
    if data["format"] != FORMAT:
        raise _bad("format", f"{FORMAT!r}", data["format"], source)
    if data["version"] != VERSION:
        raise _bad("version", f"{VERSION} (the only replay version this engine reads)", data["version"], source)
    game = data["game"]
    if not isinstance(game, str) or not game:
        raise _bad("game", "a game name", game, source)
    seed = data["seed"]
    if isinstance(seed, str):
        try:
            key_of(seed)
        except ValueError as exc:
            raise _bad("seed", f"an integer or a keyed seed ({exc})", seed, source) from None
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise _bad("seed", "an integer or a keyed seed ('blake2b:' and 64 lowercase hex digits)", seed, source)


def _checked_options(options: Any, source: str | None) -> Mapping[str, str]:
    """``options``: option name -> string value, as ``game.new_state`` takes them."""
    if not isinstance(options, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in options.items()
    ):
        raise _bad("options", "an object of option name -> string value", options, source)
    return options


def _checked_decks(decks: Any, source: str | None) -> list[list[str]]:
    """``decks``: two non-empty lists of card names, the first wrong entry named by its index."""
    if not isinstance(decks, list) or len(decks) != 2:
        raise _bad("decks", "a list of 2 deck lists", decks, source)
    for i, deck in enumerate(decks):
        if not isinstance(deck, list) or not deck:
            raise _bad(f"decks[{i}]", "a non-empty list of card names", deck, source)
        for j, name in enumerate(deck):
            if not isinstance(name, str) or not name:
                raise _bad(f"decks[{i}][{j}]", "a card name", name, source)
    return decks


def _checked_actions(actions: Any, source: str | None) -> list[Mapping[str, Any]]:
    """``actions``: objects with a string ``type`` (the rules re-validate each when replayed)."""
    if not isinstance(actions, list):
        raise _bad("actions", "a list of actions", actions, source)
    for i, act in enumerate(actions):
        if not isinstance(act, Mapping) or not isinstance(act.get("type"), str):
            raise _bad(f"actions[{i}]", 'an action object with a string "type"', act, source)
    return actions


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def deck_from_names(names: Sequence[str], source: str) -> DeckList:
    """A DeckList holding ``names`` in order (one entry per card, so the order survives);
    ``[section]`` markers (see :meth:`DeckList.flat`) switch the section of the names after them."""
    entries = []
    section = "main"
    for i, n in enumerate(names):
        marker = _SECTION_MARKER.match(n)
        if marker:
            section = marker.group(1)
            continue
        entries.append(DeckEntry(1, n, i + 1, section))
    return DeckList(source, entries)


def initial_state(rep: Replay) -> State:
    """The state the replay starts from; bad decks or options raise DataError naming the field."""
    try:
        game = load_game(rep.game)
    except DataError as exc:
        raise DataError(exc.message, field="game") from None
    decks = []
    for i, names in enumerate(rep.decks):
        deck = deck_from_names(names, f"decks[{i}]")
        errors = game.check_deck(deck)
        if errors:
            raise DataError(errors[0].message, field=f"decks[{i}]")
        decks.append(deck)
    try:
        options = game.resolve_options(rep.options)
    except DataError as exc:
        raise DataError(exc.message, field=f"options.{exc.field}" if exc.field else "options") from None
    return game.new_state(decks, seed=rep.seed, options=options)


def steps(rep: Replay, state: State | None = None) -> Iterator[tuple[int, int | None, Action, list[dict[str, Any]]]]:
    """Apply the actions one by one, yielding (index, acting player, action, events it produced).

    An illegal action raises IllegalActionError whose message starts with ``action <index>``.
    """
    state = initial_state(rep) if state is None else state
    for i, raw in enumerate(rep.actions):
        try:
            action = Action.from_json(raw)
        except DataError as exc:
            raise DataError(exc.message, field=f"actions[{i}]") from None
        player = state.deciding_player
        try:
            events = state.apply(action)
        except IllegalActionError as exc:
            text = state.action_text(action)
            raise IllegalActionError(exc.rule, f"action {i} ({text}) is illegal: {exc.message}") from None
        yield i, player, action, events


def replay(rep: Replay) -> State:
    """Re-create the final state of a replay, re-validating every action (and the concession)."""
    state = initial_state(rep)
    for _ in steps(rep, state):
        pass
    concede_at_end(rep, state)
    return state


def concede_at_end(rep: Replay, state: State) -> list[dict[str, Any]]:
    """The replay's concession, after its last action; the events it made."""
    if rep.conceded is None:
        return []
    before = len(state.events)
    try:
        state.concede(rep.conceded)
    except IllegalActionError as exc:
        raise DataError(f"the concession comes after the game is over: {exc.message}", field="conceded") from None
    return state.events[before:]


def record(state: State, seed: Seed, decks: Sequence[DeckList], agents: Sequence[str] | None = None,
           conceded: int | None = None) -> Replay:
    """The replay of a game played so far (``tcg play``, the browser): its seed, options, decks
    and actions, and its result if it is over."""
    result = None
    if state.game_over:
        reason = next((str(e.get("reason", "")) for e in reversed(state.events) if e.get("type") == "game_over"), "")
        result = {"winner": state.winner, "turns": state.turn, "actions": len(state.history),
                  "first_player": state.first_player, "reason": reason}
    return Replay(game=state.GAME.name, seed=seed, options=dict(state.options), decks=[d.flat() for d in decks],
                  actions=[a.to_json() for a in state.history], result=result,
                  agents=list(agents) if agents is not None else None, conceded=conceded)


replay_state = replay
