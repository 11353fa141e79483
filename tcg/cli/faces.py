"""Card faces in text: one compact line per card, drawn from the presentation's card face.

Why: the browser draws each card as a card (issue 37, item 6); the terminal gets the same face
in one line — cost in front of the name as on the printed card's corner, the other stats after
it, keywords as short badges, a tapped / rested / exhausted card marked ``↷``, counters, cores
and DON!! on it — all from :meth:`Presentation.card_face` (never from a game's field names), so
what a game adds to its faces shows up here without touching this module: a list of words
becomes badges, a list of ``{"label", "value"}`` becomes stats.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.text import Text

#: Terminal colours of the games' colour ids: civilizations (Duel Masters), colours (Battle
#: Spirits, One Piece), attributes (Force of Will) and Yu-Gi-Oh!'s frames. A ``#rrggbb`` colour a
#: presentation gives is used as it is.
COLOUR_STYLE = {"light": "yellow", "water": "blue", "darkness": "magenta", "fire": "red", "nature": "green",
                "red": "red", "blue": "blue", "green": "green", "yellow": "yellow", "purple": "magenta",
                "white": "white", "black": "bright_black", "wind": "green", "void": "grey70",
                "normal": "light_goldenrod2", "effect": "dark_orange", "fusion": "medium_purple",
                "ritual": "cornflower_blue", "spell": "sea_green2", "trap": "hot_pink", "token": "grey70"}
#: The stat drawn in front of the name (the printed card's corner).
CORNER = ("cost",)
#: Face fields this module draws itself; any other field a presentation adds is drawn generically.
KNOWN = frozenset({"id", "name", "hidden", "stats", "status", "notes", "colors", "under", "turned", "head"})
#: The mark of a card turned sideways.
TURNED_MARK = "↷"


def colour_style(colour: Any) -> str:
    """The rich style of one colour id (``white`` for one the terminal does not know)."""
    text = str(colour)
    if text.startswith("#") and len(text) == 7:
        return text
    return COLOUR_STYLE.get(text, "white")


def _stat(stat: Mapping[str, Any]) -> str:
    """``ATK 1400 (1900)``: a stat with its printed value beside a changed one."""
    value = f"{stat.get('label', stat.get('key', ''))} {stat.get('value', '')}".strip()
    if stat.get("printed") is not None:
        value += f" ({stat['printed']})"
    return value


def _labelled(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) and "value" in v for v in value)


def _words(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def extra_stats(face: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Labelled values a presentation added beside ``stats`` (counters, cores on the card...)."""
    return [s for k, v in face.items() if k not in KNOWN and _labelled(v) for s in v]


def badges(face: Mapping[str, Any]) -> list[str]:
    """Word lists a presentation added (keywords, badges...), in the face's order."""
    return [w for k, v in face.items() if k not in KNOWN and _words(v) for w in v]


def _pips(text: Text, colours: Iterable[Any]) -> None:
    for colour in colours:
        text.append("●", style=colour_style(colour))
    text.append(" ")


def hidden_face(face: Mapping[str, Any]) -> Text:
    """A card the viewer may not know: a back, its id if the observation gives one, and a
    status the observation shows (a face-down Defense Position monster)."""
    text = Text("▮", style="dim")
    if "id" in face:
        text.append(f" {face['id']}", style="dim")
    if face.get("status"):
        text.append(f" {', '.join(str(s) for s in face['status'])}", style="dim italic")
    return text


def face_line(face: Mapping[str, Any], notes: bool = True) -> Text:
    """One card as a line: ``id ⟨cost⟩ ●Name  stats  [badges]  ↷ status  notes``."""
    if face.get("hidden") or "name" not in face:
        return hidden_face(face)
    stats = list(face.get("stats") or ())
    corner = [s for s in stats if s.get("key") in CORNER]
    others = [s for s in stats if s.get("key") not in CORNER] + extra_stats(face)
    turned = bool(face.get("turned"))
    text = Text(f"{face.get('id', '')} ", style="dim")
    for s in corner:
        text.append(f"⟨{s.get('value')}⟩ ", style="bold")
    colours = list(face.get("colors") or ())
    if colours:
        _pips(text, colours)
    text.append(str(face["name"]), style=("dim " if turned else "bold ") + colour_style(colours[0] if colours else ""))
    if others:
        text.append("  " + " · ".join(_stat(s) for s in others))
    for badge in badges(face):
        text.append(" ")
        text.append(f"[{badge}]", style="reverse")
    if turned or face.get("status"):
        status = ", ".join(str(s) for s in face.get("status") or ())
        text.append(f"  {TURNED_MARK if turned else ''}{' ' if turned and status else ''}{status}", style="italic")
    if face.get("under"):
        text.append(f"  ⤷ {', '.join(str(u) for u in face['under'])}", style="dim")
    if notes and face.get("notes"):
        text.append(f"  {' · '.join(str(n) for n in face['notes'])}", style="dim")
    return text


def face_chip(face: Mapping[str, Any]) -> Text:
    """A small card in a row (mana, magic stones, a pile's top): id, coloured name, turned."""
    if face.get("hidden") or "name" not in face:
        return hidden_face(face)
    colours = list(face.get("colors") or ())
    turned = bool(face.get("turned"))
    text = Text()
    text.append(str(face["name"]), style=("dim " if turned else "") + colour_style(colours[0] if colours else ""))
    text.append(f" {face.get('id', '')}", style="dim")
    if turned:
        text.append(f" {TURNED_MARK}", style="italic")
    return text
