"""Fuzz targets for every input parser (issue 20): card files, deck lists, scenario files, replay
files, game options and agent specs.

A *target* takes one input (the text or bytes of a file, or a structured value) and calls the
parser the way the CLI does. It returns ``"accepted"`` (a valid object came back) or
``"rejected"`` (the project's own error, with a non-empty message that says where), and raises
:class:`Crash` for anything else: another exception (KeyError, RecursionError, a yaml or pydantic
error leaking...), an error without a message or a place, or an input that takes longer than
:data:`LIMIT` seconds (a hang).

The *generators* make inputs from a seed, deterministically: mostly mutations of valid inputs
(the starter decks, the packaged cards, the scenario files, replays of short games), some random
text, and a few known attacks (YAML alias bombs, deep nesting). ``benchmarks/fuzz.py`` runs them
at volume; ``tests/test_fuzz_parsers.py`` runs a few under hypothesis. This module lives under
tests/ because hypothesis is a dev dependency; it imports none itself.
"""

from __future__ import annotations

import math
import signal
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from tcg.core.errors import DataError, IllegalActionError, TcgError

ROOT = Path(__file__).resolve().parent.parent
#: Seconds one input may take before it counts as a hang.
LIMIT = 2.0


class Hang(BaseException):  # a BaseException, so that no ``except Exception`` swallows it
    """Raised by the timer when one input takes longer than :data:`LIMIT`."""


class Crash(Exception):
    """The parser did something else than accept or reject cleanly."""

    def __init__(self, parser: str, reason: str, data: Any) -> None:
        self.parser = parser
        self.reason = reason
        self.data = data
        super().__init__(f"{parser}: {reason}")


@contextmanager
def time_bound(seconds: float | None = None) -> Iterator[None]:
    """Raise :class:`Hang` in the block after ``seconds`` (:data:`LIMIT` by default; SIGALRM:
    main thread, Unix)."""

    def ring(signum: int, frame: Any) -> None:
        raise Hang()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, LIMIT if seconds is None else seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def judge(parser: str, data: Any, call: Callable[[], None], placed: Callable[[TcgError], bool]) -> str:
    """Run ``call`` on one input: "accepted", "rejected" (a TcgError with a message that
    ``placed`` says is located), or :class:`Crash`."""
    try:
        with time_bound():
            call()
    except Hang:
        raise Crash(parser, f"hang: more than {LIMIT} s", data) from None
    except Crash:
        raise
    except TcgError as exc:
        if not str(exc).strip():
            raise Crash(parser, f"{type(exc).__name__} with an empty message", data) from exc
        if not placed(exc):
            raise Crash(parser, f"error that does not say where: {exc}", data) from exc
        return "rejected"
    except (Exception, RecursionError, MemoryError) as exc:
        raise Crash(parser, f"{type(exc).__name__}: {str(exc)[:300]}", data) from exc
    return "accepted"


@contextmanager
def as_file(data: str | bytes, suffix: str) -> Iterator[Path]:
    """``data`` written to a temporary file (the parsers read paths, as the CLI does)."""
    with tempfile.TemporaryDirectory(prefix="tcg-fuzz-") as tmp:
        path = Path(tmp) / f"input{suffix}"
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
        yield path


def _names_file(path: Path) -> Callable[[TcgError], bool]:
    return lambda exc: str(path) in str(exc)


# ---------------------------------------------------------------------- targets
def deck_target(data: str | bytes, game_name: str = "duel_masters") -> str:
    """``tcg deck check FILE``: load the list, then the game's checks; every error names the
    file and (for a problem in the list) its line."""
    from tcg.cli.deck_cmd import read_file  # what tcg deck check reads: any format (issue 37)
    from tcg.core.registry import load_game
    from tcg.deckio import keys_for

    game = load_game(game_name)
    keys_for(game)  # the pool and its codes, built once per process: before the clock starts
    with as_file(data, ".txt") as path:
        outcome = ["accepted"]

        def call() -> None:
            deck = read_file(game, path)
            for err in game.check_deck(deck):
                _must_place("deck", data, err, path)
                outcome[0] = "rejected"

        verdict = judge("deck", data, call, _names_file(path))
    return outcome[0] if verdict == "accepted" else verdict


def _must_place(parser: str, data: Any, err: Any, path: Path) -> None:
    """A collected (not raised) error: a DataError with a message, naming the file."""
    if not isinstance(err, DataError) or not err.message.strip():
        raise Crash(parser, f"collected {err!r}: not a DataError with a message", data)
    if str(path) not in str(err):
        raise Crash(parser, f"error without its file: {err}", data)


def card_target(data: str | bytes, game_name: str = "duel_masters") -> str:
    """``tcg cards validate FILE``: every card checked by the game's schema and checks; each
    error a DataError naming the file (and the card's line once the file is a list)."""
    from tcg.carddb.validate import load_cards
    from tcg.core.registry import load_game

    game = load_game(game_name)
    with as_file(data, ".yaml") as path:
        outcome = ["accepted"]

        def call() -> None:
            result = load_cards(game, [path])
            for err in result.errors:
                _must_place("cards", data, err, path)
                outcome[0] = "rejected"
            for loaded in result.cards:
                game.card_to_json(loaded.card)  # what `tcg cards show` and the index do with it

        verdict = judge("cards", data, call, _names_file(path))
    return outcome[0] if verdict == "accepted" else verdict


def scenario_target(data: str | bytes) -> str:
    """``tcg scenario run FILE``: a malformed scenario is a failure line naming the file and
    line; a well-formed one passes or fails its expectations (both "accepted")."""
    from tcg.core.scenario import run_file

    with as_file(data, ".yaml") as path:
        outcome = ["accepted"]

        def call() -> None:
            for result in run_file(path):
                for line in result.failures:
                    if not isinstance(line, str) or not line.strip():
                        raise Crash("scenario", f"empty failure line {line!r}", data)
                    if line.startswith("malformed"):
                        if str(path) not in line:
                            raise Crash("scenario", f"malformed without its file: {line}", data)
                        outcome[0] = "rejected"

        verdict = judge("scenario", data, call, _names_file(path))
    return outcome[0] if verdict == "accepted" else verdict


def replay_target(data: str | bytes) -> str:
    """``tcg replay FILE``: load and re-play every action; a bad field is a DataError naming the
    file or the field, an illegal action an IllegalActionError naming its index."""
    from tcg.sim.replay import Replay, concede_at_end, initial_state, steps

    with as_file(data, ".json") as path:

        def call() -> None:
            rep = Replay.load(path)
            state = initial_state(rep)
            for _ in steps(rep, state):
                pass
            concede_at_end(rep, state)

        def placed(exc: TcgError) -> bool:
            if isinstance(exc, IllegalActionError):
                return exc.message.startswith("action ")
            return isinstance(exc, DataError) and bool(exc.source or exc.field)

        return judge("replay", data, call, placed)


def options_target(data: Any) -> str:
    """Game options, as ``tcg simulate --option NAME=VALUE`` and a scenario's ``options:`` give
    them: ``data`` is ``(game, [NAME=VALUE strings])`` or ``(game, {name: any value})``."""
    from tcg.core.options import parse_option_args
    from tcg.core.registry import load_game

    game_name, given = data

    def call() -> None:
        game = load_game(game_name)
        mapping = parse_option_args(given) if isinstance(given, list) else given
        resolved = game.resolve_options(mapping)
        if set(resolved) != set(game.option_specs) or not all(isinstance(v, str) for v in resolved.values()):
            raise Crash("options", f"resolved to {resolved!r}", data)

    return judge("options", data, call, placed_option)


def placed_option(exc: TcgError) -> bool:
    """An option error names the option (its field) or quotes the NAME=VALUE it could not read."""
    return isinstance(exc, DataError) and (exc.field is not None or "NAME=VALUE" in str(exc))


def agent_target(spec: str) -> str:
    """``--agents SPEC`` (``ismcts:iterations=10``): an agent, or a DataError on field 'agent';
    an accepted agent's numbers are finite (an infinite time budget is a hang waiting to happen)."""
    from tcg.agents.base import make_agent

    def call() -> None:
        agent = make_agent(spec, 1)
        for key in ("iterations", "seconds", "depth", "horizon", "exploration", "prior"):
            value = getattr(agent, key, 0)
            if isinstance(value, float) and not math.isfinite(value):
                raise Crash("agent", f"accepted a non-finite {key}: {value!r}", spec)

    return judge("agent", spec, call, lambda exc: isinstance(exc, DataError) and exc.field == "agent")


# ---------------------------------------------------------------------- corpora
GAMES = ("battle_spirits", "duel_masters", "force_of_will", "one_piece", "yugioh")


@cache
def deck_corpus() -> tuple[tuple[str, str], ...]:
    """(game, text) of every starter deck list."""
    return tuple((p.parent.parent.name, p.read_text(encoding="utf-8"))
                 for g in GAMES for p in sorted((ROOT / "tcg" / "games" / g / "decks").glob("*.txt")))


@cache
def card_corpus() -> tuple[tuple[str, dict[str, Any]], ...]:
    """(game, card mapping) of every packaged card."""
    out: list[tuple[str, dict[str, Any]]] = []
    for g in GAMES:
        for p in sorted((ROOT / "tcg" / "games" / g / "cards").glob("*.yaml")):
            data = yaml.safe_load(p.read_text(encoding="utf-8"))
            items = data.get("cards", []) if isinstance(data, dict) else data or []
            out.extend((g, item) for item in items)
    return tuple(out)


@cache
def scenario_corpus() -> tuple[dict[str, Any], ...]:
    """Every scenario of scenarios/ (one mapping each)."""
    out: list[dict[str, Any]] = []
    for p in sorted((ROOT / "scenarios").rglob("*.yaml")):
        if p.parent.name == "cards":
            continue
        for doc in yaml.safe_load_all(p.read_text(encoding="utf-8")):
            if isinstance(doc, dict) and "steps" in doc:
                out.append(doc)
            elif isinstance(doc, dict) and isinstance(doc.get("scenarios"), list):
                out.extend(d for d in doc["scenarios"] if isinstance(d, dict))
    return tuple(out)


@cache
def replay_corpus() -> tuple[dict[str, Any], ...]:
    """The JSON of short random games, two per game (60 actions at most: quick to re-play)."""
    from tcg.core.registry import load_game
    from tcg.sim.loop import play_game

    out: list[dict[str, Any]] = []
    for g in GAMES:
        game = load_game(g)
        names = sorted(game.starter_decks())[:2]
        for seed in (1, 2):
            _, rep = play_game(game, [game.deck(n) for n in names], ["random", "random"], seed, max_actions=60)
            out.append(rep.to_json())
    return tuple(out)
