"""``tcg games``: which games are registered, their starter decks and their variant options.

The options are the variants of the rules briefs; this is where a player finds their names
and values before passing ``--option NAME=VALUE`` to ``play``, ``simulate`` or ``demo``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.padding import Padding

from tcg.cli.cards_cmd import JsonOpt, fail, out
from tcg.core import registry
from tcg.core.errors import TcgError
from tcg.core.game import Game


def _describe(game: Game) -> dict[str, Any]:
    return {
        "game": game.name,
        "title": game.title,
        "rule_prefix": game.rule_prefix,
        "cards": len(game.cards()),
        "starter_decks": sorted(game.starter_decks()),
        "options": [
            {"name": s.name, "default": s.default, "choices": list(s.choices), "rules": s.rules, "help": s.help}
            for s in game.option_specs.values()
        ],
    }


def games(
    name: Annotated[str | None, typer.Argument(help="Only this game (e.g. battle_spirits).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """List the games with their starter decks and variant options (--option NAME=VALUE)."""
    names = registry.game_names()
    if name is not None and name not in names:
        raise fail(f"unknown game {name!r}; known games: {', '.join(names)}", 2)
    try:
        described = [_describe(registry.load_game(n)) for n in ([name] if name else names)]
    except TcgError as exc:
        raise fail(str(exc)) from None
    if as_json:
        out.print_json(json.dumps(described))
        return
    for d in described:
        out.print(f"[bold]{escape(d['title'])}[/bold] ({d['game']}, rules {d['rule_prefix']}-n): "
                  f"{d['cards']} cards; starter decks: {', '.join(d['starter_decks'])}")
        if not d["options"]:
            out.print("  no variant options")
            continue
        for o in d["options"]:
            out.print(f"  --option {o['name']}={'|'.join(o['choices'])}   default {o['default']}   ({o['rules']})")
            out.print(Padding(escape(o["help"]), (0, 0, 0, 6)))
        out.print()
