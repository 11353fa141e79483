"""``tcg deck``: check deck lists against a game's deck rules and list their cards.

Every problem is printed as ``FILE:LINE: message`` (the form editors jump to) and the
exit code is 1 when there is any, so ``tcg deck check`` works in scripts and CI.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from tcg.cli.cards_cmd import err, fail, out
from tcg.core import registry
from tcg.core.decklist import DeckList, load_deck
from tcg.core.errors import DataError, TcgError
from tcg.core.game import Game

app = typer.Typer(help="Check and list deck lists.", no_args_is_help=True)

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
            deck = load_deck(_deck_path(g, path))
            errors = g.check_deck(deck)
        except DataError as exc:
            errors = [exc]
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
    """List a deck's cards with cost, civilizations and type; unknown cards are marked."""
    g = _game(game)
    try:
        deck = load_deck(_deck_path(g, file))
        pool = g.cards()
    except TcgError as exc:
        raise fail(str(exc)) from None
    table = Table("#", "name", "cost", "civs", "type", title=f"{file} ({_summary(deck)})")
    section = None
    for e in deck.entries:
        if e.section != section and len(deck.sections()) > 1:
            table.add_section()
            table.add_row("", f"[bold]{escape(f'[{e.section}]')}[/bold]", "", "", "")
        section = e.section
        card = pool.get(e.name)
        if card is None:
            unknown = f"[red]{escape(e.name)} (unknown card, line {e.line})[/red]"
            table.add_row(str(e.count), unknown, "", "", "")
            continue
        cost = getattr(card, "cost", None)
        table.add_row(str(e.count), escape(e.name), "" if cost is None else str(cost), escape(_civs(card)),
                      escape(str(getattr(card, "type", ""))))
    out.print(table)
