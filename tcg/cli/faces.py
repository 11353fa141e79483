"""Card faces in text: one compact line per card, drawn from the presentation's card face.

Why: the browser draws each card as a card (issue 37, item 6); the terminal gets the same face
in one line — cost in front of the name as on the printed card's corner, the other stats after
it, keywords as short badges, a tapped / rested / exhausted card marked ``↷``, counters, cores
and DON!! on it — all from :meth:`Presentation.card_face` (never from a game's field names), so
what a game adds to its faces shows up here without touching this module: a list of words
becomes badges, a list of ``{"label", "value"}`` becomes stats.
"""

from __future__ import annotations

from collections.abc import Mapping
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
#: Where a stat goes in front of the name (the printed card's top-left corner: the cost).
CORNER_PLACES = ("top_left",)
CORNER_KEYS = ("cost",)
#: Face fields this module draws itself; any other field a presentation adds is drawn generically.
KNOWN = frozenset({"id", "name", "hidden", "stats", "status", "notes", "colors", "frame", "under", "turned",
                   "head", "type_line", "face_down", "steps"})
#: The mark of a card turned sideways.
TURNED_MARK = "↷"


def colour_style(colour: Any) -> str:
    """The rich style of one colour id (``white`` for one the terminal does not know)."""
    text = str(colour)
    if text.startswith("#") and len(text) == 7 and all(c in "0123456789abcdefABCDEF" for c in text[1:]):
        return text
    return COLOUR_STYLE.get(text, "white")


def _corner(stat: Mapping[str, Any]) -> bool:
    return stat.get("at") in CORNER_PLACES if "at" in stat else stat.get("key") in CORNER_KEYS


def _stat(stat: Mapping[str, Any]) -> str:
    """``ATK 1400 (1900)``: a stat with its printed value beside a changed one; a Level drawn as
    stars is ``★4``."""
    if stat.get("shape") == "stars":
        return f"★{stat.get('value')}"
    value = f"{stat.get('label', stat.get('key', ''))} {stat.get('value', '')}".strip()
    if stat.get("printed") is not None:
        value += f" ({stat['printed']})"
    return value


def _corner_text(text: Text, stat: Mapping[str, Any]) -> None:
    """The cost in the corner: its coloured symbols (``pips``) then its number (``short``)."""
    text.append("⟨")
    for colour in stat.get("pips") or ():
        text.append("●", style=colour_style(colour))
    shown = stat.get("short") if stat.get("pips") else stat.get("value")
    text.append(f"{shown if shown is not None else ''}⟩ ", style="bold")


def _steps(text: Text, steps: list[Mapping[str, Any]]) -> None:
    """A table printed on the card (a level table: cores needed, BP), the row in force bold."""
    text.append("  [")
    for i, step in enumerate(steps):
        if i:
            text.append(" | ", style="dim")
        part = f"{step.get('label', '')} ◉{step.get('need', '')} {step.get('value') or ''}".strip()
        text.append(part, style="bold" if step.get("current") else "dim")
    text.append("]")


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


def frame_styles(face: Mapping[str, Any]) -> list[str]:
    """The face's frame colours as rich styles: the presentation's ``frame`` (CSS colours) if
    it gives one, else the terminal's colour of each colour word."""
    frame = [str(c) for c in face.get("frame") or ()]
    return [colour_style(c) for c in frame] if frame else [colour_style(c) for c in face.get("colors") or ()]


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
    """One card as a line: ``id ⟨cost⟩ ●Name ★4  stats [steps] [badges]  ↷ status  ⤷ under  type``."""
    if face.get("hidden") or "name" not in face:
        return hidden_face(face)
    stats = list(face.get("stats") or ())
    others = [s for s in stats if not _corner(s)] + extra_stats(face)
    turned = bool(face.get("turned"))
    styles = frame_styles(face)
    text = Text()
    text.append(f"{face.get('id', '')} ", style="dim")
    for stat in stats:
        if _corner(stat):
            _corner_text(text, stat)
    for style in styles:
        text.append("●", style=style)
    text.append(" " if styles else "")
    text.append(str(face["name"]), style=("dim " if turned else "bold ") + (styles[0] if styles else ""))
    if others:
        text.append("  " + " · ".join(_stat(s) for s in others))
    if face.get("steps"):
        _steps(text, list(face["steps"]))
    for badge in badges(face):
        text.append(" ")
        text.append(f"[{badge}]", style="reverse")
    if turned or face.get("status"):
        status = ", ".join(str(s) for s in face.get("status") or ())
        text.append(f"  {TURNED_MARK if turned else ''}{' ' if turned and status else ''}{status}", style="italic")
    if face.get("under"):
        text.append(f"  ⤷ {', '.join(str(u) for u in face['under'])}", style="dim")
    if notes:
        described = described_by(face)
        if described:
            text.append(f"  {' · '.join(described)}", style="dim")
    return text


def described_by(face: Mapping[str, Any]) -> list[str]:
    """The type line, then the notes it and the badges do not already say."""
    line = str(face.get("type_line") or "")
    said = {part.strip() for chunk in line.split(" — ") for part in chunk.split(" / ")} | set(badges(face))
    return ([line] if line else []) + [str(n) for n in face.get("notes") or () if str(n) not in said]


def face_chip(face: Mapping[str, Any]) -> Text:
    """A small card in a row (mana, magic stones, a pile's top): id, coloured name, turned."""
    if face.get("hidden") or "name" not in face:
        return hidden_face(face)
    styles = frame_styles(face)
    turned = bool(face.get("turned"))
    text = Text()
    text.append(str(face["name"]), style=("dim " if turned else "") + (styles[0] if styles else ""))
    text.append(f" {face.get('id', '')}", style="dim")
    if turned:
        text.append(f" {TURNED_MARK}", style="italic")
    return text


def summary_text(summary: Mapping[str, Any], count: int) -> Text:
    """A compact zone at a glance: ``3/5`` ready of all, and a pip per card of each frame colour."""
    text = Text(f"{summary.get('ready', '?')}/{count} ", style="bold")
    for frame in summary.get("frames") or ():
        text.append("●" * int(frame.get("n", 0)), style=colour_style(frame.get("color")))
    return text
