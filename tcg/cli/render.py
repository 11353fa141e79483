"""The terminal's drawing of a game: the board, the play-by-play and the actions, all from the
game's presentation (tcg/core/presentation.py) — this module knows no game's field names.

A :class:`Words` is one viewer's presentation in one language: the all-seeing view of
``tcg demo`` and ``tcg replay`` (players are P0 and P1, every card named), or a player's view in
``tcg play`` (you / the opponent, only cards that player may see named).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from tcg.cli.faces import face_chip, face_line, summary_text
from tcg.core.actions import Action
from tcg.core.errors import DataError
from tcg.core.presentation import Json, Namer, Presentation, Say, capitalised
from tcg.core.state import State


def lang_of(state: State, lang: str) -> str:
    """``lang`` if the game has texts in it; else a clear error (a TcgError: the commands exit 2)."""
    known = state.GAME.presentation.languages
    if lang not in known:
        raise DataError(f"{state.GAME.name} has no {lang!r} texts; its languages are {', '.join(known)}",
                        field="--lang")
    return lang


class Words:
    """One viewer's presentation of a game in one language (see the module docstring)."""

    def __init__(self, state: State, lang: str = "en", viewer: int | None = None,
                 labels: Sequence[str] | None = None, decks: Sequence[str] | None = None) -> None:
        self.state = state
        self.presentation: Presentation = state.GAME.presentation
        self.viewer = viewer
        self.labels = labels
        namer: Namer = self._all_names if viewer is None else self._visible_names
        self.say: Say = self.presentation.say(lang, viewer, namer, decks)

    def _all_names(self, cid: int) -> str | None:
        return self.state.name_of(cid)

    def _visible_names(self, cid: int) -> str | None:
        assert self.viewer is not None
        if not 0 <= cid < len(self.state.cards) or not self.state.can_see(self.viewer, cid):
            return None
        return self.state.name_of(cid)

    def visible_name(self, cid: int) -> str | None:
        """The name of card ``cid`` if this viewer may know it (every card, all-seeing)."""
        return self._all_names(cid) if self.viewer is None else self._visible_names(cid)

    def who(self, player: Any) -> str:
        text = self.say.who(player)
        if self.viewer is None and self.labels and isinstance(player, int) and player < len(self.labels):
            text += f" ({self.labels[player]})"
        return text

    def ui(self, key: str, **values: Any) -> str:
        return self.say.t("ui", key, **values)

    # ------------------------------------------------------------------ events and actions
    def visible(self, events: Iterable[Mapping[str, Any]]) -> list[Json]:
        """The events as this viewer may know them."""
        if self.viewer is None:
            return [dict(e) for e in events]
        return [v for v in (self.state.visible_event(dict(e), self.viewer) for e in events) if v is not None]

    def event_line(self, event: Mapping[str, Any]) -> str:
        return self.presentation.event_text(event, self.say)

    def action_text(self, action: Action) -> str:
        return str(self.presentation.action_view(action, self.say)["text"])

    def print_step(self, console: Console, player: int | None, action: Action | None,
                   events: Iterable[Mapping[str, Any]], everything: bool = False) -> None:
        """The play-by-play of one applied action: its major events (all of them with
        ``everything``), or the action itself where no major event tells what happened (a
        choice). Moving on (next phase, pass) is never printed: it is noise."""
        visible = self.visible(events)
        major = [ev for ev in visible if everything or ev.get("type") == "turn_start"
                 or self.presentation.event_level(ev, self.say) == "major"]
        spec = self.presentation.actions.get(action.type) if action is not None else None
        if action is not None and spec is not None and spec.group != "move_on" and (
                everything or not any(ev.get("type") != "turn_start" for ev in major)) and self.names_all(action):
            console.print(Text(f"  {capitalised(self.who(player))}: {self.action_text(action)}", style="dim"))
        for ev in major:
            if ev.get("type") == "turn_start":
                console.print(Rule(self.event_line(ev), style="cyan"))
                continue
            style = "bold" if ev.get("type") in ("game_over", "break_shield", "destroyed", "ko", "damage") else ""
            console.print(Text("    " + self.event_line(ev), style=style))

    def names_all(self, action: Action) -> bool:
        """Whether this viewer may know every card ``action`` names: an opponent's action on a
        card still hidden ("Summon a face-down card") tells nothing the events after it do not
        tell better, so it is not printed (an all-seeing viewer knows every card)."""
        cards = self.presentation.action_view(action, self.say)["cards"]
        return all(self.visible_name(c) is not None for c in cards.values() if isinstance(c, int))

    # ------------------------------------------------------------------ the board
    def board(self, obs: Mapping[str, Any]) -> RenderableType:
        """The board as the observation's viewer sees it: the header, the opponent, then you."""
        view = self.presentation.board(obs, self.say)
        h = view["header"]
        parts = [h["game"], f"{self.ui('turn')} {h['turn']}", h["active"], h["phase"]]
        head = Text(" · ".join(str(part) for part in parts if part), style="bold")  # no phase yet: no empty part
        me = view["viewer"] if isinstance(view["viewer"], int) else 0
        order = [1 - me, me]
        panels = [self._player_panel(view["players"][p], p == me) for p in order]
        stack = view.get("stack")
        lines: list[RenderableType] = [head]
        if stack:  # the chain / chase, bottom first: what answers what
            items = " · ".join(f"{i}. {item['text']}" for i, item in enumerate(stack["items"], start=1))
            lines.append(Text(f"{stack['label']}: {items}", style="yellow"))
        return Group(*lines, *panels)

    def _player_panel(self, player: Json, mine: bool) -> Panel:
        lines: list[RenderableType] = []
        if player["counters"]:
            lines.append(Text(" · ".join(f"{c['label']} {c['value']}" for c in player["counters"])))
        for zone in player["zones"]:
            lines.append(self._zone(zone, mine))
        return Panel(Group(*lines), title=escape(player["label"]), title_align="left",
                     border_style="green" if mine else "red")

    def _zone(self, zone: Json, mine: bool) -> RenderableType:
        """A zone: in play and in hand one card face a line; a row (mana, shields, stones) as
        small cards; a pile as its count and its top card."""
        label = escape(zone["label"])
        cards = zone["cards"]
        if cards is None:
            return Text.from_markup(f"[dim]{label}: {self.ui('count', n=zone['count'])}[/dim]")
        if zone["kind"] == "pile":
            top = next((c for c in reversed(cards) if not c.get("hidden")), None)
            line = Text.from_markup(f"[dim]{label}: {zone['count']}[/dim]")
            if top:
                line.append(" · ").append_text(face_chip(top))
            return line
        if not cards:
            return Text.from_markup(f"{label}: [dim]{self.ui('empty')}[/dim]")
        if zone["kind"] in ("field", "hand"):
            return Group(Text(zone["label"], style="bold"), *(Text("  ").append_text(face_line(c)) for c in cards))
        line = Text(f"{zone['label']}: ")
        if zone.get("summary"):  # a compact row (mana, magic stones): how many are ready, colours
            line.append_text(summary_text(zone["summary"], zone["count"])).append(" · ")
        return line.append_text(Text(", ").join(face_chip(c) for c in cards))

    # ------------------------------------------------------------------ actions and cards
    def card_panel(self, ref: str) -> RenderableType:
        """``?17`` / ``?Bolshack Dragon``: a card's printed text, if the viewer may know it."""
        name: str | None = ref
        if ref.isdecimal():
            name = self.visible_name(int(ref)) if len(ref) <= 9 else None
            if name is None:
                return Text(self.say.word("hidden_card"), style="yellow")
        info = self.presentation.card_info(str(name), self.say)
        if not info["known"]:
            return Text(f"{ref}: {info['text']}", style="yellow")
        body = Text(" · ".join([info["type"], *info["facts"]]), style="bold")
        return Panel(Group(body, Text(info["text"] or "")), title=escape(info["name"]), title_align="left")

    def battle_line(self, obs: Mapping[str, Any]) -> Text | None:
        """The attack going on, under the prompt (issue 37 item 5): *Kaido 5000 → your Luffy
        5000: you need +1000*; None outside a battle."""
        battle = self.presentation.battle(obs, self.say)
        return Text(f"⚔ {battle['line']}", style="bold yellow") if battle and battle["line"] else None

    def result_line(self, winner: Any, reason: str, turns: int, actions: int) -> str:
        if winner is None:
            head = self.say.t("ui", "unfinished", default="unfinished")
        else:
            head = self.event_line({"type": "game_over", "winner": winner, "reason": reason or "rule"})
        return f"{head} · {self.ui('turn')} {turns} · {actions} {self.ui('actions').lower()}"
