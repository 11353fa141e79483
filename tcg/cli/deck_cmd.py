"""``tcg deck``: check deck lists against a game's deck rules, list their cards, convert them.

A deck file may be in any format players share (:mod:`tcg.deckio`: the engine's list, ``.ydk``,
``ydke://``, OPTCGSim, ``4 ST01-002 Usopp``, ``Name x3``, with section headers); a line that
names no card is an error, never a card. Every problem is printed as ``FILE:LINE: message``
(the form editors jump to) and the exit code is 1 when there is any, so ``tcg deck check`` works
in scripts and CI.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from tcg.cli.cards_cmd import err, fail, out
from tcg.core import registry
from tcg.core.decklist import DeckList, decode_utf8
from tcg.core.errors import DataError, TcgError
from tcg.core.game import Game
from tcg.deckio import FORMATS, DeckListErrors, formats_for, read_deck, write_deck

app = typer.Typer(help="Check, list and convert deck lists (.ydk, ydke://, OPTCGSim, code and name lists).",
                  no_args_is_help=True)

GameOpt = Annotated[str | None, typer.Option("--game", "-g", help="The deck's game (e.g. duel_masters).")]


def _game(name: str | None) -> Game:
    """The named game; with one registered game --game may be left out. Usage errors exit 2."""
    names = registry.game_names()
    if name is None:
        if len(names) != 1:
            raise fail(f"give --game (one of: {', '.join(names)})", 2)
        name = names[0]
    if name not in names:
        raise fail(f"unknown game {name!r}; known games: {', '.join(names)}", 2)
    try:
        return registry.load_game(name)
    except TcgError as exc:
        raise fail(str(exc)) from None


def _deck_path(g: Game, path: Path) -> Path:
    """A starter deck's file for its name (as ``play`` and ``simulate`` take them), else the path."""
    return g.starter_decks().get(str(path), path) if not path.exists() else path


def read_file(g: Game, path: Path) -> DeckList:
    """The deck of a file (``-``: standard input) or starter deck, in any format; a DataError
    (:class:`~tcg.deckio.DeckListErrors`: every line that could not be read) otherwise."""
    source = "<stdin>" if str(path) == "-" else str(path)
    try:
        data = sys.stdin.buffer.read() if source == "<stdin>" else _deck_path(g, path).read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read deck file: {exc.strerror}", source=source) from None
    return read_deck(g, decode_utf8(data, source), source)


def _problems(exc: DataError) -> list[DataError]:
    return exc.errors if isinstance(exc, DeckListErrors) else [exc]


def format_error(e: DataError, default_source: str) -> str:
    """``FILE:LINE: [item: field: ]message``; falls back to the deck file when the error names none."""
    where = (e.source or default_source) + (f":{e.line}" if e.line else "")
    parts = [where, *(x for x in (e.item, f"field '{e.field}'" if e.field else None) if x), e.message]
    return ": ".join(parts)


def _summary(deck: DeckList) -> str:
    counts: Counter[str] = Counter()
    for entry in deck.entries:
        counts[entry.section] += entry.count
    sections = sorted(counts, key=lambda s: (s != "main", s))
    return ", ".join(f"{s} {counts[s]}" for s in sections) or "empty"


@app.command()
def check(
    files: Annotated[list[Path], typer.Argument(help="Deck list files or starter deck names.")],
    game: GameOpt = None,
) -> None:
    """Check deck lists; print each problem as FILE:LINE: message; exit 1 if any."""
    g = _game(game)
    bad = 0
    for path in files:
        try:
            deck = read_file(g, path)
            errors = g.check_deck(deck)
        except DataError as exc:
            errors = _problems(exc)
        except TcgError as exc:
            errors = [DataError(str(exc), source=str(path))]
        for e in errors:
            out.print(f"[red]{escape(format_error(e, str(path)))}[/red]", soft_wrap=True)
        if errors:
            bad += 1
        else:
            out.print(f"{escape(str(path))}: {escape(_summary(deck))}: [green]OK[/green]", soft_wrap=True)
    if bad:
        err.print(f"[red]{bad} of {len(files)} deck(s) have errors[/red]")
        raise typer.Exit(1)


def _civs(card: Any) -> str:
    from tcg.carddb.fields import COLOR_FIELDS

    for f in COLOR_FIELDS:
        value = getattr(card, f, None)
        if value:
            return value if isinstance(value, str) else ", ".join(str(v) for v in value)
    return ""


@app.command()
def show(
    file: Annotated[Path, typer.Argument(help="A deck list file or a starter deck name.")],
    game: GameOpt = None,
) -> None:
    """List a deck's cards (any format) with cost, civilizations and type."""
    g = _game(game)
    try:
        deck = read_file(g, file)
        pool = g.cards()
    except DataError as exc:
        for problem in _problems(exc):
            out.print(f"[red]{escape(format_error(problem, str(file)))}[/red]", soft_wrap=True)
        raise typer.Exit(1) from None
    except TcgError as exc:
        raise fail(str(exc)) from None
    table = Table("#", "name", "cost", "civs", "type", title=f"{file} ({_summary(deck)})")
    section = None
    for e in deck.entries:
        if e.section != section and len(deck.sections()) > 1:
            table.add_section()
            table.add_row("", f"[bold]{escape(f'[{e.section}]')}[/bold]", "", "", "")
        section = e.section
        card = pool[e.name]  # a list is read whole or not at all: every entry is a card
        cost = getattr(card, "cost", None)
        table.add_row(str(e.count), escape(e.name), "" if cost is None else str(cost), escape(_civs(card)),
                      escape(str(getattr(card, "type", ""))))
    out.print(table)


FORMAT_HELP = "; ".join(f"[bold]{f.name}[/bold]: {escape(f.about)}" for f in FORMATS.values())


@app.command(help="Convert a deck list to another format; print it (or write --output).\n\n"
             "FILE is a deck list in any format (a file, '-' for standard input, or a starter deck's name): the "
             "engine's list, a .ydk file, a ydke:// URL, OPTCGSim's '4xOP01-016' lines, '4 ST01-002 Usopp', "
             "'Name x3', 'Name (3)', under headers such as 'Main Deck (40)', 'Extra Deck', 'Side Deck', 'Leader', "
             "'Ruler', 'Magic Stone Deck', 'DON!!' or 'Monster (20)'. Cards are named by name, code or passcode "
             "and placed by card type (the Leader, the ruler, magic stones, the Extra Deck).\n\n"
             f"Formats written (--to): {FORMAT_HELP}.\n\n"
             "A line that names no card is an error printed as FILE:LINE: message; nothing is written and the "
             "exit code is 1. An unknown game or format is a usage error (exit 2). docs/decks.md shows each "
             "format.")
def convert(
    file: Annotated[Path, typer.Argument(help="A deck list in any format, '-' for standard input, or a starter "
                                              "deck's name.", metavar="FILE|-")],
    game: GameOpt = None,
    to: Annotated[str, typer.Option("--to", "-t", help="The format to write: text, codes, optcgsim (One Piece), "
                                                       "ydk, ydke (Yu-Gi-Oh!).")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file, not standard "
                                                                      "output.")] = None,
) -> None:
    g = _game(game)
    if to not in formats_for(g):
        raise fail(f"{g.title} decks are written as {', '.join(formats_for(g))}, not {to!r}", 2)
    try:
        text = write_deck(g, read_file(g, file), to)
    except DataError as exc:
        for problem in _problems(exc):
            err.print(f"[red]{escape(format_error(problem, str(file)))}[/red]")
        raise typer.Exit(1) from None
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write {output}: {exc.strerror}") from None
