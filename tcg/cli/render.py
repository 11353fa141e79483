"""Play-by-play text and board panels, shared by ``tcg demo``, ``tcg play`` and ``tcg replay``.

Events become one readable line each (or nothing, for bookkeeping events); the board is
drawn from an *observation*, never from the state, so the terminal can only show a player
what that player may see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tcg.core.actions import CARD_FIELDS, Action
from tcg.core.state import State

Namer = Callable[[int], str]
Who = Callable[[Any], str]

CIV_STYLE = {"light": "yellow", "water": "blue", "darkness": "magenta", "fire": "red", "nature": "green"}


def seat(player: Any) -> str:
    return f"P{player}" if isinstance(player, int) else str(player)


def state_namer(state: State) -> Namer:
    """Names for the all-seeing views (demo, replay)."""
    return state.name_of


class KnownNames:
    """Names of the cards a player has seen: from their observations and visible events.

    Used as the namer in ``tcg play`` so that an action or event never names a card the
    human could not know (an opponent's hand card, a face-down shield).
    """

    def __init__(self) -> None:
        self.names: dict[int, str] = {}

    def learn_observation(self, obs: dict[str, Any]) -> None:
        for p in obs.get("players", []):
            for entries in p["zones"].values():
                if isinstance(entries, list):
                    for v in entries:
                        if "id" in v and "name" in v:
                            self.names[v["id"]] = v["name"]

    def learn_event(self, ev: dict[str, Any]) -> None:
        if isinstance(ev.get("card"), int) and "name" in ev:
            self.names[ev["card"]] = ev["name"]

    def __call__(self, cid: int) -> str:
        return self.names.get(cid, "a hidden card")


def _target(value: Any, name: Namer, defender: str) -> str:
    if value == "player":
        return defender
    if isinstance(value, int):
        return f"{name(value)}"
    return str(value)


_YOU_FORMS = {"charges": "charge", "summons": "summon", "casts": "cast", "uses": "use", "blocks": "block",
              "goes": "go", "discards": "discard", "wins": "win"}


def _v(subject: str, verb: str) -> str:
    """``You charge`` but ``P1 charges``."""
    return _YOU_FORMS.get(verb, verb) if subject == "You" else verb


def event_line(ev: dict[str, Any], name: Namer, who: Who = seat) -> str | None:
    """One readable line for a notable event; None for bookkeeping (phases, taps, draws...).

    The card and the acting player are named once here (as every line used to), then the table
    ``_EVENT_LINES`` picks the line for the event type: a new event is one small function."""
    t = ev.get("type")
    card = ev.get("name") or ("a hidden card" if ev.get("hidden") else
                              name(ev["card"]) if isinstance(ev.get("card"), int) else "?")
    p = who(ev.get("player"))
    line = _EVENT_LINES.get(t) if isinstance(t, str) else None
    return line(ev, card, p, name, who) if line else None


_Line = Callable[[dict[str, Any], str, str, Namer, Who], str | None]


def _first_player(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    return f"{p} {_v(p, 'goes')} first"


def _mana_charged(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    return f"{p} {_v(p, 'charges')} {card} as mana"


def _summoned(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    onto = f" on top of {name(ev['onto'])}" if isinstance(ev.get("onto"), int) else ""
    return f"{p} {_v(p, 'summons')} {card}{onto}"


def _cast(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    return f"{p} {_v(p, 'casts')} {card}"


def _shield_trigger(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    return f"{p} {_v(p, 'uses')} the Shield Trigger of {card}"


def _attack(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    pl = ev.get("player")
    defender = who(1 - pl) if isinstance(pl, int) else "the opponent"
    return f"{p}'s {card} attacks {_target(ev.get('target'), name, defender)}"


def _block(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    return f"{p} {_v(p, 'blocks')} with {card}"


def _battle(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    a, d = name(ev["attacker"]), name(ev["defender"])
    w = ev.get("winner")
    outcome = "both are destroyed" if w is None else f"{name(w)} wins"
    return f"battle: {a} ({ev.get('attacker_power')}) vs {d} ({ev.get('defender_power')}): {outcome}"


def _destroyed(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    return f"{card} ({p}) is destroyed"


def _break_shield(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    shown = "" if ev.get("hidden") else f": {card}"
    return f"a shield of {p} is broken{shown}"


def _ability(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    """A silent skill or a tap ability: the event type names it."""
    return f"{p} {_v(p, 'uses')} the {ev['type'].replace('_', ' ')} of {card}"


def _power_modified(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    return f"{card} gets {ev.get('amount', 0):+d} power until the end of the turn"


def _card_moved(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    """Only the moves a reader follows (bounced, discarded, charged from the deck); other moves
    are bookkeeping."""
    src, dst = ev.get("from"), ev.get("to")
    if src == "battle" and dst in ("hand", "mana", "shields", "deck"):
        return f"{card} goes from the battle zone to {who(ev.get('player'))}'s {dst}"
    if src == "hand" and dst == "graveyard":
        return f"{who(ev.get('player'))} {_v(who(ev.get('player')), 'discards')} {card}"
    if src == "deck" and dst == "mana":
        return f"{card} goes from {who(ev.get('player'))}'s deck to the {dst} zone"
    return None


def _game_over(ev: dict[str, Any], card: str, p: str, name: Namer, who: Who) -> str | None:
    w = ev.get("winner")
    reason = str(ev.get("reason", "")).replace("_", " ")
    if w == "draw":
        return f"GAME OVER: a draw ({reason})"
    return f"GAME OVER: {who(w)} {_v(who(w), 'wins')} ({reason})"


#: event type -> its line (event_line); a type not here is bookkeeping and gets no line.
_EVENT_LINES: dict[str, _Line] = {
    "first_player": _first_player, "mana_charged": _mana_charged, "summoned": _summoned, "cast": _cast,
    "shield_trigger": _shield_trigger, "attack": _attack, "block": _block, "battle": _battle,
    "destroyed": _destroyed, "break_shield": _break_shield, "silent_skill": _ability, "tap_ability": _ability,
    "power_modified": _power_modified, "card_moved": _card_moved, "game_over": _game_over,
}


def action_line(player: Any, action: Action, name: Namer, who: Who = seat,
                card_fields: frozenset[str] = CARD_FIELDS) -> str:
    """``card_fields``: the game's fields that hold cards (``Game.card_fields``), shown by name."""
    return f"{who(player)}: {action.text(name, card_fields)}"


def print_step(console: Console, player: Any, action: Action | None, events: Iterable[dict[str, Any]],
               name: Namer, who: Who = seat, quiet_actions: tuple[str, ...] = ("next_phase", "pass"),
               card_fields: frozenset[str] = CARD_FIELDS) -> None:
    """The play-by-play of one applied action: the action, then its notable events.

    Actions in ``quiet_actions`` (moving on, declining) are left out: they only add noise.
    """
    if action is not None and action.type not in quiet_actions:
        console.print(Text("  " + action_line(player, action, name, who, card_fields), style="dim"))
    for ev in events:
        if ev.get("type") == "turn_start":
            console.print(Rule(f"Turn {ev.get('turn')}: {who(ev.get('player'))}", style="cyan"))
            continue
        line = event_line(ev, name, who)
        if line is not None:
            style = "bold" if ev.get("type") in ("game_over", "break_shield", "destroyed") else ""
            console.print(Text("    " + line, style=style))


# ---------------------------------------------------------------------- the board
def _count(zone: Any) -> int:
    return len(zone) if isinstance(zone, list) else int(zone.get("count", 0))


def _civs(view: dict[str, Any]) -> str:
    """Civilizations (Duel Masters), colours or attributes (the other games)."""
    civs = view.get("civilizations") or view.get("colors") or view.get("attributes") or []
    return "/".join(f"[{CIV_STYLE.get(c, 'white')}]{c}[/]" for c in civs)


def _cost(cost: Any) -> str:
    """A number, or a cost per attribute (Force of Will): ``fire 1 + 2``."""
    if isinstance(cost, dict):
        parts = [f"{k} {n}" for k, n in cost.items() if k != "generic"]
        if cost.get("generic"):
            parts.append(str(cost["generic"]))
        return " + ".join(parts)
    return str(cost)


def _strength(view: dict[str, Any]) -> str:
    """Power, BP or ATK/DEF, whichever the game's cards have."""
    if "atk" in view:
        return f"{view['atk']}/{view.get('def', '')}"
    return str(view.get("power", view.get("bp", "")))


def _card_cell(view: dict[str, Any]) -> str:
    if view.get("hidden") or "name" not in view:
        return "[dim]hidden[/dim]"
    text = f"{escape(view['name'])} [{view['id']}]"
    return f"[dim]{text} (tapped)[/dim]" if view.get("tapped") else text


def _battle_table(cards: list[dict[str, Any]]) -> RenderableType:
    if not cards:
        return Text("(no creatures)", style="dim")
    table = Table(box=None, pad_edge=False, show_header=True, header_style="dim")
    for col in ("id", "creature", "power", "civ", "state"):
        table.add_column(col)
    for v in cards:
        state = "tapped" if v.get("tapped") else "ready"
        if v.get("entered_this_turn"):
            state += ", new"
        if v.get("under"):
            state += f", {len(v['under'])} under"
        table.add_row(str(v.get("id", "?")), escape(str(v.get("name", "hidden"))), str(v.get("power", "")),
                      _civs(v), state)
    return table


def _mana_line(cards: list[dict[str, Any]]) -> str:
    if not cards:
        return "[dim](no mana)[/dim]"
    untapped = sum(1 for v in cards if not v.get("tapped"))
    parts = []
    for v in cards:
        civ = (v.get("civilizations") or ["?"])[0]
        colour = CIV_STYLE.get(civ, "white")
        label = escape(str(v.get("name", "?")))
        parts.append(f"[dim]{label}[/dim]" if v.get("tapped") else f"[{colour}]{label}[/]")
    return f"{untapped}/{len(cards)} untapped: " + ", ".join(parts)


def _generic_panel(obs: dict[str, Any], player: int, title: str) -> Panel:
    """Any game: its counters, hidden zones as counts, visible zones card by card."""
    data = obs["players"][player]
    lines: list[RenderableType] = []
    if data.get("counters"):
        lines.append(Text(" · ".join(f"{k} {v}" for k, v in data["counters"].items())))
    for zone, content in data["zones"].items():
        if not isinstance(content, list):
            lines.append(Text(f"{zone}: {content.get('count', 0)}", style="dim"))
            continue
        cells = []
        for v in content:
            if v.get("hidden") or "name" not in v:
                cells.append("[dim]face down[/dim]")
                continue
            extras = [f"{k} {v[k]}" for k in ("level", "cores", "bp", "power", "atk", "def", "damage") if k in v]
            state = next((f" {k}" for k in ("exhausted", "rested", "tapped") if v.get(k)), "")
            cells.append(f"{escape(v['name'])} [{v['id']}]" + (f" ({', '.join(extras)})" if extras else "") + state)
        lines.append(Text.from_markup(f"{zone}: " + (", ".join(cells) if cells else "[dim]-[/dim]")))
    return Panel(Group(*lines), title=title, title_align="left")


def player_panel(obs: dict[str, Any], player: int, title: str) -> Panel:
    if obs.get("game") != "duel_masters":
        return _generic_panel(obs, player, title)
    zones = obs["players"][player]["zones"]
    counts = (f"deck {_count(zones['deck'])} · hand {_count(zones['hand'])} · shields {_count(zones['shields'])}"
              f" · graveyard {_count(zones['graveyard'])}")
    body = Group(Text(counts), Text.from_markup("mana: " + _mana_line(zones["mana"] if isinstance(zones["mana"],
                                                                                                   list) else [])),
                 _battle_table(zones["battle"] if isinstance(zones["battle"], list) else []))
    return Panel(body, title=title, title_align="left")


def hand_panel(obs: dict[str, Any], player: int) -> Panel:
    hand = obs["players"][player]["zones"].get("hand", [])
    if not isinstance(hand, list) or not hand:
        return Panel(Text("(empty)", style="dim"), title="Your hand", title_align="left")
    table = Table(box=None, pad_edge=False, header_style="dim")
    for col in ("id", "card", "cost", "colour", "power"):
        table.add_column(col)
    for v in hand:
        table.add_row(str(v.get("id", "?")), escape(str(v.get("name", "hidden"))), _cost(v.get("cost", "")),
                      _civs(v), _strength(v))
    return Panel(table, title="Your hand", title_align="left")


def board(obs: dict[str, Any]) -> RenderableType:
    """The board as the viewer of ``obs`` sees it: opponent on top, then you, then your hand."""
    me = obs["viewer"]
    opp = 1 - me
    header = Text(f"turn {obs.get('turn')} · active {seat(obs.get('active'))} · phase {obs.get('phase')}",
                  style="bold")
    return Group(header, player_panel(obs, opp, f"Opponent ({seat(opp)})"), player_panel(obs, me, f"You ({seat(me)})"),
                 hand_panel(obs, me))


def result_line(winner: Any, reason: str, turns: int, actions: int, who: Who = seat) -> str:
    if winner is None:
        head = "unfinished"
    elif winner == "draw":
        head = "draw"
    else:
        head = f"{who(winner)} {_v(who(winner), 'wins')}"
    return f"{head} ({reason.replace('_', ' ') or 'no reason'}) after {turns} turns and {actions} actions"
