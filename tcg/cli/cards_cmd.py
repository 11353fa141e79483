"""``tcg cards``: search and show the packaged cards of every game, their products, validate card files.

Search goes through the SQLite index (:mod:`tcg.carddb`) so it stays fast across all games;
``validate`` reads YAML directly and reports every error with file, line, card and field.
"""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated, Any

import typer
import yaml
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tcg.carddb import CardIndex, CardRow, load_cards
from tcg.carddb.rulings import RulingsReport, product_code, rulings_report
from tcg.carddb.sets import load_sets
from tcg.core import registry
from tcg.core.errors import DataError, TcgError
from tcg.core.rulings import load_rulings_file

app = typer.Typer(help="Search, show and validate cards.", no_args_is_help=True)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # a path in a message stays whole

GameOpt = Annotated[str | None, typer.Option("--game", "-g", help="Only this game (e.g. duel_masters).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print an error in red (no traceback) and return the Exit to raise."""
    err.print(f"[red]error:[/red] {escape(message)}")
    return typer.Exit(code)


def check_game(game: str | None) -> None:
    """An unknown --game is a usage error (exit 2)."""
    if game is not None and game not in registry.game_names():
        raise fail(f"unknown game {game!r}; known games: {', '.join(registry.game_names())}", 2)


def _warn_problems(index: CardIndex, game: str | None) -> None:
    for g, message in index.problems(game):
        err.print(f"[yellow]warning ({escape(g)}): {escape(message)}[/yellow]")


def _join(values: list[str]) -> str:
    return ", ".join(values)


def _num(value: int | None) -> str:
    return "" if value is None else str(value)


@app.command()
def search(
    game: GameOpt = None,
    name: Annotated[str | None, typer.Option(help="Name contains this (any case).")] = None,
    civ: Annotated[str | None, typer.Option("--civ", "--color", help="Civilization / colour.")] = None,
    type: Annotated[str | None, typer.Option("--type", help="Card type, e.g. creature, spell.")] = None,
    cost_min: Annotated[int | None, typer.Option(help="Minimum cost.")] = None,
    cost_max: Annotated[int | None, typer.Option(help="Maximum cost.")] = None,
    keyword: Annotated[str | None, typer.Option(help="Has this keyword, e.g. blocker.")] = None,
    race: Annotated[str | None, typer.Option(help="A race / trait contains this.")] = None,
    text: Annotated[str | None, typer.Option(help="The printed text contains this.")] = None,
    set_code: Annotated[str | None, typer.Option("--set", help="Printed in this product, e.g. DM-01, LOB.")] = None,
    rarity: Annotated[str | None, typer.Option(help="Has this rarity in a printing, e.g. 'Super Rare', SR.")] = None,
    original: Annotated[bool | None, typer.Option(
        "--original/--printed", help="Only cards made up for this engine / only printed cards.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Find cards; every filter given must match. E.g. --game duel_masters --civ fire --cost-max 3,
    or --text "shield trigger" --set DM-01."""
    check_game(game)
    index = CardIndex()
    try:
        rows = index.search(game=game, name=name, color=civ, type=type, cost_min=cost_min, cost_max=cost_max,
                            keyword=keyword, race=race, text=text, original=original, set_code=set_code,
                            rarity=rarity)
        _warn_problems(index, game)
    except TcgError as exc:
        raise fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps([r.to_dict() for r in rows], indent=2, ensure_ascii=False))
        return
    if not rows:
        out.print("no cards match")
        return
    table = Table("name", "game", "type", "civs", "cost", "power", "races", "keywords",
                  title=f"{len(rows)} cards")
    for r in rows:
        cells = (r.name, r.game, r.type, _join(r.colors), _num(r.cost), _num(r.power), _join(r.races),
                 _join(r.keywords))
        table.add_row(*(escape(x) for x in cells))
    out.print(table)


#: How ``tcg cards show`` marks a card with ``original: true``.
ORIGINAL_NOTE = "Original: made up for this engine, not a printed card"


def _yaml(value: Any) -> str:
    return yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=None).strip()


def _printing_lines(printings: list[dict[str, str]]) -> list[str]:
    """``DM-01 · 12/110 · Rare`` per printing (a number that repeats the set code is said once)."""
    lines = []
    for p in printings:
        number = p["number"] if p["number"] != p["set"] else ""
        lines.append(" · ".join(x for x in (p["set"], number, p["rarity"]) if x))
    return lines


def print_card(row: CardRow, printings: list[dict[str, str]], lang: str = "en") -> None:
    """A card as a player reads it: name, where it is printed, type line, stats, printed text."""
    game = registry.load_game(row.game)
    out.print(f"[bold]{escape(row.name)}[/bold]  [dim]({escape(game.title or row.game)})[/dim]")
    for line in _printing_lines(printings):
        out.print(f"[dim]{escape(line)}[/dim]")
    if row.original:
        out.print(f"[yellow]{ORIGINAL_NOTE}[/yellow]")
    try:
        presentation = game.presentation
    except ModuleNotFoundError:  # a game still without a presentation module: its raw type and text
        info: dict[str, Any] = {"type": row.type, "facts": [], "text": row.text}
    else:
        info = presentation.card_info(row.name, presentation.say(lang, None, lambda cid: None))
    if info.get("type"):
        out.print(escape(str(info["type"])))
    facts = [str(f) for f in info.get("facts", []) if f]
    if facts:
        out.print(escape(" · ".join(facts)))
    text = str(info.get("text") or row.text)
    if text:
        out.print()
        out.print(escape(text))
    print_rulings(row.data.get("rulings") or [])


def _source_line(source: dict[str, Any]) -> str:
    """``title, date — url`` (or the publication) of a ruling's source."""
    where = source.get("url") or source.get("publication") or ""
    head = ", ".join(x for x in (source.get("title", ""), source.get("date", "")) if x)
    return f"{head} — {where}" if where and where != source.get("title") else head


def print_rulings(rulings: list[dict[str, Any]]) -> None:
    """A card's official rulings: question, answer, source, and the scenario that proves it."""
    if not rulings:
        return
    out.print()
    out.print(f"[bold]Official rulings ({len(rulings)})[/bold]")
    for r in rulings:
        out.print(f"[cyan]Q:[/cyan] {escape(str(r.get('question', '')))}")
        out.print(f"[cyan]A:[/cyan] {escape(str(r.get('answer', '')))}")
        basis = "the rules applied to this card: " if r.get("basis") == "rules" else ""
        out.print(f"   [dim]{basis}{escape(_source_line(r.get('source') or {}))}[/dim]")
        out.print(f"   [dim]proved by the scenario: {escape(str(r.get('scenario', '')))}[/dim]")


def print_data(row: CardRow) -> None:
    """The engine's encoding of a card: every field, nested ones as YAML, and where it is defined."""
    out.print(f"[bold]{escape(row.name)}[/bold]  [dim]({escape(row.game)})[/dim]")
    data = dict(row.data)
    data.pop("name", None)
    for key, value in data.items():
        inner = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else []
        if any(isinstance(v, dict | list) for v in inner):
            out.print(f"[cyan]{escape(key)}[/cyan]:")
            for line in _yaml(value).splitlines():
                out.print(f"  {escape(line)}")
        else:
            shown = _join([str(v) for v in value]) if isinstance(value, list) else (
                _yaml(value) if isinstance(value, dict) else str(value))
            out.print(f"[cyan]{escape(key)}[/cyan]: {escape(shown)}")
    out.print(f"[dim]{escape(row.source)}:{row.line}[/dim]")


@app.command()
def show(
    name: Annotated[str, typer.Argument(help="The card's exact name (any case).")],
    game: GameOpt = None,
    data: Annotated[bool, typer.Option("--data", help="Also print the engine's encoding of the card.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of the type line and stats: en, it, pl.")] = "en",
    as_json: JsonOpt = False,
) -> None:
    """Print a card as a player reads it: name, set and number, rarity, type line, stats, printed text."""
    check_game(game)
    index = CardIndex()
    try:
        row = index.show(name, game)
        if row is None:
            close = index.suggest(name, game)
            hint = f"; did you mean: {', '.join(repr(c) for c in close)}?" if close else ""
            where = f" in {game}" if game else ""
            raise fail(f"no card named {name!r}{where}{hint}")
        printings = index.printings(row.game, row.name)
    except TcgError as exc:
        raise fail(str(exc)) from None
    if as_json:
        shown = {"game": row.game, "name": row.name, "printings": printings, "type": row.type, "text": row.text,
                 "original": row.original, "rulings": row.data.get("rulings") or []}
        if data:
            shown["data"] = row.data
        typer.echo(json.dumps(shown, indent=2, ensure_ascii=False))
        return
    try:
        languages = registry.load_game(row.game).presentation.languages
    except ModuleNotFoundError:
        languages = [lang]
    if lang not in languages:
        raise fail(f"no {lang!r} texts for {row.game}; languages: {', '.join(languages)}", 2)
    print_card(row, printings, lang)
    if data:
        out.print()
        print_data(row)


@app.command()
def sets(
    game: Annotated[str, typer.Option("--game", "-g", help="The game, e.g. yugioh.")],
    as_json: JsonOpt = False,
) -> None:
    """Each product with a set list: cards printed in it, how many are implemented, the rest and why."""
    check_game(game)
    index = CardIndex()
    try:
        coverage = index.sets(game)
        _warn_problems(index, game)
    except TcgError as exc:
        raise fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps([c.to_dict() for c in coverage], indent=2, ensure_ascii=False))
        return
    if not coverage:
        out.print(f"no set lists for {game}")
        return
    table = Table("set", "name", "kind", "cards", "implemented", "left out", "pending", title=f"{game}: products")
    for c in coverage:
        table.add_row(escape(c.set), escape(c.name), c.kind, str(c.cards_in_set), str(c.implemented),
                      str(len(c.left_out)), str(len(c.pending)))
    out.print(table)
    for c in coverage:
        if c.left_out:
            out.print(f"[bold]{escape(c.set)}[/bold] left out:")
            for x in c.left_out:
                out.print(f"  {escape(x.name)}: {escape(x.why)}")
        if c.pending:
            out.print(f"[bold]{escape(c.set)}[/bold] pending (printed, not written yet; the product is incomplete):")
            out.print("  " + escape(", ".join(c.pending)))


@app.command()
def rulings(
    game: Annotated[str, typer.Option("--game", "-g", help="The game, e.g. yugioh.")],
    as_json: JsonOpt = False,
    scenarios: Annotated[Path | None, typer.Option(
        "--scenarios", help="The game's scenarios folder (default: scenarios/GAME of this checkout).")] = None,
    no_run: Annotated[bool, typer.Option(
        "--no-run", help="Only check that each ruling's scenario exists; do not play it.")] = False,
) -> None:
    """Official rulings per product: found in the sources, encoded on the cards, proved by a passing
    scenario, and those not encoded with the reason (the game's rulings.yaml). Exits 1 when an
    encoded ruling is not proved."""
    check_game(game)
    index = CardIndex()
    try:
        def product_of(name: str) -> str:
            printed = index.printings(game, name)
            first = printed[0] if printed else {}
            return product_code(first.get("set") or first.get("number") or "")
        with err.status(f"playing the scenarios behind {game}'s rulings") if not (as_json or no_run) else nullcontext():
            report = rulings_report(game, scenarios, run=not no_run, product_of=product_of)
    except TcgError as exc:
        raise fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    else:
        _print_rulings_report(report)
    if any(p.unproved for p in report.products):
        raise typer.Exit(1)


def _print_rulings_report(report: RulingsReport) -> None:
    verb = "proved" if report.ran else "scenario found"
    table = Table("product", "found", "encoded", verb, "· card Q&A", "· rules applied", "not encoded",
                  title=f"{report.game}: official rulings")
    for p in report.products:
        table.add_row(escape(p.product), str(p.found), str(p.encoded), str(p.proved), str(p.proved_card),
                      str(p.proved_rules), str(len(p.not_encoded)))
    t = report.totals()
    table.add_row("[bold]total[/bold]", str(t["found"]), str(t["encoded"]), str(t["proved"]), str(t["proved_card"]),
                  str(t["proved_rules"]), str(t["not_encoded"]))
    out.print(table)
    for p in report.products:
        for u in p.unproved:
            out.print(f"[red]not proved[/red] {escape(p.product)} {escape(u.card)}: "
                      f"{escape(u.scenario)!r}: {escape(u.why)}")
    for p in report.products:
        for n in p.not_encoded:
            out.print(f"[yellow]not encoded[/yellow] {escape(p.product)} {escape(n['card'])} ({n['kind']}): "
                      f"{escape(n['reason'])}")
    out.print(f"{len(report.sources)} sources searched (the game's rulings.yaml). Card Q&A: the publisher's answer"
              " about the card itself; rules applied: its rule Q&A or rulebook applied to the card.")


@app.command()
def rebuild() -> None:
    """Rebuild the card index now (it is otherwise rebuilt whenever a card file changes)."""
    index = CardIndex()
    try:
        index.rebuild()
        counts = index.stats()
        _warn_problems(index, None)
    except TcgError as exc:
        raise fail(str(exc)) from None
    summary = ", ".join(f"{g}: {n}" for g, n in counts.items()) or "no cards"
    out.print(f"indexed {sum(counts.values())} cards ({escape(summary)}) into {escape(str(index.db_path))}")


def _game_for(paths: list[Path]) -> str | None:
    """The game whose package holds all ``paths``, if any (lets ``validate`` run without --game)."""
    for name in registry.game_names():
        try:
            root = registry.load_game(name).package_dir.resolve()
        except Exception:
            continue
        if paths and all(p.resolve().is_relative_to(root) for p in paths):
            return name
    return None


@app.command()
def validate(
    paths: Annotated[list[Path] | None, typer.Argument(help="Card YAML files or folders.")] = None,
    game: GameOpt = None,
) -> None:
    """Check card YAML files against a game's schema; print every error as FILE:LINE: card: field: problem.

    Without PATHs, validates the packaged cards of --game (or of every game).
    """
    check_game(game)
    paths = list(paths or [])
    if paths:
        only = registry.game_names()[0] if len(registry.game_names()) == 1 else None
        name = game or _game_for(paths) or only
        if name is None:
            raise fail("give --game for card files outside a game's package", 2)
        names = [name]
    else:
        names = [game] if game else registry.game_names()
    total_errors = 0
    for name in names:
        try:
            g = registry.load_game(name)
        except Exception as exc:
            problem = f"{name}: cannot load game: {type(exc).__name__}: {exc}"
            err.print(f"[red]{escape(problem)}[/red]")
            total_errors += 1
            continue
        result = load_cards(g, paths or [g.package_dir / "cards"])
        errors = list(result.errors)
        set_note = ""
        if not paths:  # the packaged set lists are checked against the packaged cards
            originals = {str(c.card.name) for c in result.cards if getattr(c.card, "original", False)}
            printed = [str(c.card.name) for c in result.cards if str(c.card.name) not in originals]
            decks = [d.stem for d in (g.package_dir / "decks").glob("*.txt")]
            lists = load_sets(g.package_dir / "sets", printed, originals, decks)
            errors += lists.errors
            set_note = f" and {len(lists.sets)} set lists" if lists.sets else ""
            try:  # the rulings that are on no card: sources searched, rulings not encoded
                load_rulings_file(g.package_dir / "rulings.yaml")
            except DataError as exc:
                errors.append(exc)
        for e in errors:
            out.print(f"[red]{escape(str(e))}[/red]", soft_wrap=True)
        total_errors += len(errors)
        status = "[green]OK[/green]" if not errors else f"[red]{len(errors)} error(s)[/red]"
        out.print(f"{escape(name)}: {len(result.cards)} cards in {result.files} files{set_note}: {status}")
    if total_errors:
        raise typer.Exit(1)
