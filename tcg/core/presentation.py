"""How a game is shown to a person: declared once by each game, drawn by every front end.

Why: the terminal used to guess each game's field names (``ev["defender"]`` crashed at the
first Yu-Gi-Oh! attack) and printed Duel Masters help in every game. Now each game package has
a ``presentation.py`` (a :class:`Presentation`: its board, the fields of every event and
action, how its cards look) and a ``texts/<lang>.yaml`` catalogue per language (every sentence
and word a person reads); the terminal (``tcg/cli/render.py``) and the browser
(``tcg/web``) draw only what it returns, as plain JSON-ready data:

- :meth:`Presentation.board` — an observation as zones of card faces and counters;
- :meth:`Presentation.event_text` — one event, already redacted for the viewer, in words;
- :meth:`Presentation.action_view` — one legal action in words, with its group and the cards
  it names (a front end turns those into clicks);
- :meth:`Presentation.prompt`, :meth:`Presentation.help`, :meth:`Presentation.card_info`.

Everything reads through a :class:`Say`: the language, the viewer (``None`` for an
all-seeing view: demo, replay) and a namer that only names cards the viewer may know, so a
description can never say more than the observation it comes with. The core declares the
events every game emits (``CORE_EVENTS``: the first player, turns, phases, the end) and the
generic words (``tcg/core/texts``); ``tests/test_presentation.py`` checks, over random games of
every game, that every event type, action type and decision kind has its words in every
language the game declares.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from tcg.core.actions import Action
from tcg.core.stops import Flow

if TYPE_CHECKING:
    from tcg.core.game import Game
    from tcg.core.state import State

Json = dict[str, Any]
Namer = Callable[[int], "str | None"]

CORE_TEXTS = Path(__file__).resolve().parent / "texts"

#: What an event or action field holds, so that it is shown the right way: a card id (by name,
#: if the viewer may know it), a list of card ids, a player (you / the opponent), a zone or a
#: phase (the game's word for it), a number, a word of the game's catalogue (``word``: looked
#: up under ``words``), or anything else (shown as it is).
FIELD_KINDS = frozenset({"card", "cards", "player", "zone", "phase", "int", "str", "word", "any"})


@dataclass(frozen=True)
class EventSpec:
    """One event type: its fields (name -> kind, see FIELD_KINDS) and how loud it is.

    ``major`` events are the play-by-play a person follows; ``minor`` ones (taps, phases,
    bookkeeping moves) go only to the full log. ``level`` may be a function of the event (a
    move from the battle zone to the hand is news, one from the deck to the hand is a draw).
    ``extra`` computes further placeholders of the sentence (a battle's outcome). ``variant``
    picks a sentence other than the type's own (``card_moved.to_hand``). ``subject``: the field
    whose player, if it is the viewer, picks the sentence's ``.you`` form."""

    fields: Mapping[str, str]
    level: str | Callable[[Say, Json], str] = "major"
    extra: Callable[[Say, Json], Mapping[str, str]] | None = None
    variant: Callable[[Say, Json], str] | None = None
    subject: str = "player"


@dataclass(frozen=True)
class ActionSpec:
    """One action type: the group it is listed under and its fields (name -> kind).

    ``extra`` computes placeholders (a payment in words); ``cards`` names the fields whose
    card a front end may click to pick the action (default: ``card``); ``variant`` picks a
    sentence other than the type's own (``attack.player``)."""

    group: str
    fields: Mapping[str, str] = field(default_factory=dict)
    extra: Callable[[Say, Action], Mapping[str, str]] | None = None
    cards: tuple[str, ...] = ("card",)
    variant: Callable[[Action], str] | None = None


@dataclass(frozen=True)
class ZoneSpec:
    """One zone of a player's side of the board, in the order drawn.

    ``kind``: ``field`` (cards in play, drawn with their stats), ``row`` (a line of small cards:
    mana, shields, life), ``pile`` (a deck or a discard pile: its count, cards listed on
    demand), ``hand``. ``compact``: a row whose cards are many and read mostly as a number
    (mana, magic stones): drawn as a pile with its count, how many are ready (not turned) and
    its colours, opened on demand; its cards keep their statuses (a tapped mana card is one)."""

    name: str
    kind: str
    compact: bool = False


def _present(value: Any) -> bool:
    return value is not None and value is not False


def event_variant(field_: str, variant: str, test: Callable[[Any], bool] = _present) -> Callable[[Say, Json], str]:
    """The sentence ``<type>.<variant>`` when the event's ``field_`` passes ``test`` (is there,
    by default), else the type's own: ``event_variant("onto", "onto")`` for an evolution."""
    return lambda say, ev: f"{ev['type']}.{variant}" if test(ev.get(field_)) else str(ev["type"])


def action_variant(field_: str, variant: str, test: Callable[[Any], bool] = _present) -> Callable[[Action], str]:
    """The sentence ``<type>.<variant>`` when the action's ``field_`` passes ``test``."""
    return lambda action: f"{action.type}.{variant}" if test(action.get(field_)) else action.type


def is_player(value: Any) -> bool:
    """The README's literal ``player``: an attack on the player rather than on a card."""
    return bool(value == "player")


def _move_key(say: Say, ev: Mapping[str, Any]) -> str | None:
    """A move the game's catalogue has its own sentence for (``card_moved.battle.hand``: a
    bounce) is news; any other move is bookkeeping, told as ``card: from -> to``."""
    key = f"card_moved.{ev.get('from')}.{ev.get('to')}"
    return key if say.has("events", key) else None


#: Events every game emits through the core (``State.begin_game``, ``State.lose``, the turn).
CORE_EVENTS: dict[str, EventSpec] = {
    "game_start": EventSpec({"seed": "int"}, level="minor"),
    "first_player": EventSpec({"player": "player"}),
    "turn_start": EventSpec({"player": "player", "turn": "int"}),
    "turn_end": EventSpec({"player": "player", "turn": "int"}, level="minor"),
    "phase": EventSpec({"player": "player", "phase": "phase"}, level="minor"),
    "game_over": EventSpec({"winner": "player", "reason": "word"}, subject="winner",
                           variant=lambda say, ev: "game_over.draw" if ev.get("winner") == "draw" else "game_over"),
    "effect": EventSpec({"card": "card", "player": "player", "verb": "str"}, level="minor",
                        extra=lambda say, ev: {"verb": say.t("verbs", str(ev.get("verb")))}),
    "looked": EventSpec({"card": "card", "player": "player"}),
    "shuffled": EventSpec({"player": "player", "zone": "zone"}, level="minor"),
    "card_moved": EventSpec({"card": "card", "player": "player", "from_player": "player", "from": "zone",
                             "to": "zone"}, level=lambda say, ev: "major" if _move_key(say, ev) else "minor",
                            variant=lambda say, ev: _move_key(say, ev) or "card_moved"),
}

def _choice_variant(action: Action) -> str:
    """``choose`` names a card, an option, a position or several: one sentence for each."""
    for name in ("card", "option", "index", "indices", "player", "cards"):
        if action.get(name) is not None:
            return f"choose.{name}"
    return "choose"


def _choice_extra(say: Say, action: Action) -> dict[str, str]:
    """Positions counted from one, as a person counts them; an option as the game's word."""
    out: dict[str, str] = {}
    if isinstance(action.get("index"), int):
        out["index"] = str(action.get("index") + 1)
    if isinstance(action.get("indices"), tuple):
        out["indices"] = ", ".join(str(i + 1) for i in action.get("indices"))
    if action.get("option") is not None:
        option = str(action.get("option"))
        out["option"] = say.t("options", option) if say.has("options", option) else option.replace("_", " ")
    return out


#: Actions of the shared vocabulary (README: the action vocabulary) every game may offer.
CORE_ACTIONS: dict[str, ActionSpec] = {
    "next_phase": ActionSpec("move_on", cards=()),
    "end_turn": ActionSpec("move_on", cards=()),
    "pass": ActionSpec("move_on", cards=()),
    "choose": ActionSpec("choose", {"card": "card", "player": "player", "cards": "cards"},
                         extra=_choice_extra, variant=_choice_variant),
}


#: The card-view flags of a card turned sideways (tapped, exhausted, rested): drawn turned.
TURNED = ("tapped", "exhausted", "rested")

#: The frame of a card of no colour (Force of Will's void cards): a grey.
NEUTRAL = "#9aa3b2"

#: Where a stat is printed on a card face (a game's ``STAT_PLACES``): the four corners, the
#: middle of the bottom edge, the left side (One Piece's Counter), a chip drawn on the card (the
#: cores, DON!! or damage on it), the face's ``steps`` table (the row it marks: Battle Spirits'
#: level) or the body (a line under the name, the default).
PLACES = frozenset({"top_left", "top_right", "bottom_left", "bottom_right", "bottom", "side", "chip", "steps",
                    "body"})


class _Blank(dict[str, str]):
    """Placeholders a sentence names but the event lacks are shown as ``?``, never a crash."""

    def __missing__(self, key: str) -> str:
        return "?"


def _load_yaml(path: Path) -> Json:
    with path.open(encoding="utf-8") as f:
        data = yaml.safe_load(f) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a text catalogue is a mapping of sections")
    return data


@cache
def catalogue(folders: tuple[Path, ...], lang: str) -> Json:
    """The merged catalogue of ``lang``: the core's words, then the game's (which win), each
    section merged key by key. A language a file lacks falls back to English key by key."""
    merged: Json = {}
    for lang_ in ("en", lang) if lang != "en" else ("en",):
        for folder in folders:
            path = folder / f"{lang_}.yaml"
            if not path.exists():
                continue
            for section, entries in _load_yaml(path).items():
                if isinstance(entries, dict):
                    merged.setdefault(section, {}).update(entries)
                else:
                    merged[section] = entries
    return merged


def languages(folder: Path) -> list[str]:
    """The languages a catalogue folder has, English first."""
    found = sorted(p.stem for p in folder.glob("*.yaml"))
    return sorted(found, key=lambda code: (code != "en", code))


@lru_cache(maxsize=8192)
def _simple_template(template: str) -> tuple[tuple[str, str | None], ...] | None:
    """A sentence cut into (literal, placeholder) pairs once, if its placeholders are plain
    names (no format spec, conversion, index or attribute); None sends it to the Formatter.
    Why: the server words every legal action of every message, and parsing a template each
    time was most of that; filling the pairs gives what ``vformat`` does for such a template."""
    parts: list[tuple[str, str | None]] = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        if name is not None and (spec or conversion or not name.isidentifier()):
            return None
        parts.append((literal, name))
    return tuple(parts)


class Say:
    """The words for one viewer in one language.

    ``viewer`` is a seat (the descriptions say *you* for it) or ``None`` for an all-seeing
    view (demo, replay: players are P0 and P1); ``namer`` names a card id, or returns None for
    a card the viewer may not know (then the catalogue's ``words.hidden_card`` is shown).
    ``decks``, if given, names each seat's deck (a front end's readable title): an all-seeing
    view then says "Player 1 (Kaido)" rather than P0, and :meth:`named` says "you (Kaido)"."""

    def __init__(self, texts: Json, lang: str, viewer: int | None, namer: Namer,
                 decks: Sequence[str] | None = None) -> None:
        self.texts = texts
        self.lang = lang
        self.viewer = viewer
        self.namer = namer
        self.decks = tuple(decks) if decks else None
        #: Sentences without values, worded once: a board asks for the same labels card after card.
        self._plain: dict[tuple[str, str, str | None], str] = {}

    def t(self, section: str, key: str, default: str | None = None, **values: Any) -> str:
        """The catalogue's sentence ``section.key`` with ``values`` filled in."""
        if not values:
            plain = self._plain.get((section, key, default))
            if plain is None:
                plain = self._plain[(section, key, default)] = self._t(section, key, default, values)
            return plain
        return self._t(section, key, default, values)

    def _t(self, section: str, key: str, default: str | None, values: dict[str, Any]) -> str:
        template = self.texts.get(section, {}).get(key)
        if template is None:
            template = default if default is not None else key.replace("_", " ")
        parts = _simple_template(str(template))
        if parts is None:
            return string.Formatter().vformat(str(template), (), _Blank({k: str(v) for k, v in values.items()}))
        return "".join(literal if name is None else literal + (str(values[name]) if name in values else "?")
                       for literal, name in parts)

    def has(self, section: str, key: str) -> bool:
        return key in self.texts.get(section, {})

    def word(self, key: str) -> str:
        return self.t("words", key)

    def card(self, cid: Any) -> str:
        if isinstance(cid, int) and not isinstance(cid, bool):
            name = self.namer(cid)
            return name if name is not None else self.word("hidden_card")
        return self.word(str(cid)) if self.has("words", str(cid)) else str(cid)

    def who(self, player: Any, inline: bool = False) -> str:
        """``you`` / ``the opponent`` for a viewer; for an all-seeing view ``Player 1 (Kaido)``
        when the decks are named (``inline``, for a sentence that puts the player in brackets
        itself: ``Player 1, Kaido``), else ``P0`` / ``P1``."""
        if not isinstance(player, int) or isinstance(player, bool):
            return self.word(str(player)) if player is not None else "?"
        if self.viewer is None:
            if inline and self.decks is not None and 0 <= player < len(self.decks):
                return self.t("words", "player_deck_inline", player=self.t("words", "player_n", n=player + 1),
                              deck=self.decks[player])
            return self.named(player) if self.decks is not None else f"P{player}"
        return self.word("you") if player == self.viewer else self.word("opponent")

    def bracketed(self, section: str, key: str, values: dict[str, str], players: Mapping[str, Any]) -> None:
        """Word as :meth:`who`'s ``inline`` form each of ``players`` (placeholder -> seat) that the
        sentence ``section.key`` puts in brackets, "({player})": no brackets in brackets."""
        template = self.texts.get(section, {}).get(key)
        if self.viewer is not None or self.decks is None or not isinstance(template, str):
            return
        for name, player in players.items():
            if f"({{{name}}})" in template:
                values[name] = self.who(player, inline=True)

    def named(self, player: int) -> str:
        """A player with their deck, for a heading: ``you (Kaido)``, ``the opponent (Luffy)``,
        ``Player 1 (Kaido)`` (seats counted from one, as a person counts); without deck names,
        as :meth:`who` says it."""
        if self.decks is None or not 0 <= player < len(self.decks):
            return f"P{player}" if self.viewer is None else self.who(player)
        base = self.t("words", "player_n", n=player + 1) if self.viewer is None else self.who(player)
        return self.t("words", "player_deck", player=base, deck=self.decks[player])

    def zone(self, name: Any) -> str:
        return self.t("zones", str(name))

    def phase(self, name: Any) -> str:
        return self.t("phases", str(name))

    def show(self, kind: str, value: Any) -> str:
        """One field's value as words, by its kind (FIELD_KINDS)."""
        if kind == "card":
            return self.card(value)
        if kind == "cards":
            return ", ".join(self.card(v) for v in value) if isinstance(value, list | tuple) else self.card(value)
        if kind == "player":
            return self.who(value)
        if kind == "zone":
            return self.zone(value)
        if kind == "phase":
            return self.phase(value)
        if kind == "word":
            return self.word(str(value))
        return str(value)


def heads(views: Sequence[Json], indexes: Sequence[int]) -> list[list[int]]:
    """A group's indexes (as :meth:`Presentation.grouped` orders them) cut into the ways of one
    action each: a Battle Spirits summon or a Duel Masters payment can be made in thousands of
    ways, which a front end lists under its first one."""
    blocks: list[list[int]] = []
    for i in indexes:
        if blocks and views[blocks[-1][0]].get("head") == views[i].get("head"):
            blocks[-1].append(i)
        else:
            blocks.append([i])
    return blocks


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def type_line(kind: str, families: Sequence[str], most: int = 2) -> str:
    """A face's type line: its kind of card, then its first families (races, traits):
    ``Creature — Armored Dragon / Human``."""
    shown = " / ".join(str(f) for f in families[:most])
    return f"{kind} — {shown}" if shown else kind


class Presentation:
    """A game's presentation; each game subclasses it in its ``presentation.py``.

    A subclass sets ``ZONES`` (per player, in the order drawn), ``EVENTS`` and ``ACTIONS``
    (every type its states emit or offer, beside the core's), ``COUNTERS`` (the observation
    counters shown, in order), and overrides :meth:`card_face` to show what matters on its cards.
    """

    ZONES: tuple[ZoneSpec, ...] = ()
    EVENTS: Mapping[str, EventSpec] = {}
    ACTIONS: Mapping[str, ActionSpec] = {}
    COUNTERS: tuple[str, ...] = ()
    #: Card-view flags shown as statuses, in order (the game's words under ``statuses``).
    STATUSES: tuple[str, ...] = ("tapped", "exhausted", "rested", "face_down", "entered_this_turn")
    #: Statuses that only mean something in play (summoning sickness), left off elsewhere.
    FIELD_STATUSES: tuple[str, ...] = ("entered_this_turn",)
    #: Groups of actions, in the order listed (``move_on`` last: moving on is always visible).
    GROUPS: tuple[str, ...] = ()
    #: Moving on, response windows and the phases of a stop (:mod:`tcg.core.stops`).
    FLOW: Flow = Flow()
    #: The frame colour (CSS ``#rrggbb``) of each colour word a face's ``colors`` holds: its
    #: civilization, colour, attribute or kind of card, as the printed frame shows it.
    PALETTE: Mapping[str, str] = {}
    #: Where each stat (by key) is printed on the card (PLACES); a stat not named is in the body.
    STAT_PLACES: Mapping[str, str] = {}

    def __init__(self, game: Game[Any], folder: Path) -> None:
        self.game = game
        self.folder = folder

    # ------------------------------------------------------------------ words
    @property
    def languages(self) -> list[str]:
        return languages(self.folder)

    def texts(self, lang: str) -> Json:
        if lang not in self.languages:
            known = ", ".join(self.languages)
            raise ValueError(f"{self.game.name} has no {lang!r} texts; its languages are {known}")
        return catalogue((CORE_TEXTS, self.folder), lang)

    def say(self, lang: str, viewer: int | None, namer: Namer, decks: Sequence[str] | None = None) -> Say:
        return Say(self.texts(lang), lang, viewer, namer, decks)

    @cached_property
    def events(self) -> dict[str, EventSpec]:
        return {**CORE_EVENTS, **self.EVENTS}

    @cached_property
    def actions(self) -> dict[str, ActionSpec]:
        return {**CORE_ACTIONS, **self.ACTIONS}

    # ------------------------------------------------------------------ events
    def event_level(self, event: Mapping[str, Any], say: Say) -> str:
        """``major`` (the play-by-play) or ``minor`` (only in the full log)."""
        spec = self.events.get(str(event.get("type")))
        if spec is None:
            return "minor"
        return spec.level(say, dict(event)) if callable(spec.level) else spec.level

    def event_text(self, event: Mapping[str, Any], say: Say) -> str:
        """The event (already as the viewer may know it: ``State.visible_event``) in words.

        A player field equal to the viewer picks the sentence's ``<type>.you`` form where the
        catalogue has one (*You charge* / *The opponent charges*)."""
        ev = dict(event)
        etype = str(ev.get("type"))
        spec = self.events.get(etype)
        if spec is None:
            return etype.replace("_", " ")
        values: dict[str, str] = {}
        for name, kind in spec.fields.items():
            if name in ev:
                values[name] = say.show(kind, ev[name])
        if "card" in spec.fields:
            values["card"] = str(ev["name"]) if ev.get("name") else (
                say.card(ev["card"]) if "card" in ev else say.word("hidden_card"))
        if spec.extra is not None:
            values.update(spec.extra(say, ev))
        key = spec.variant(say, ev) if spec.variant is not None else etype
        subject = ev.get(spec.subject)
        if subject is not None and subject == say.viewer and say.has("events", key + ".you"):
            key += ".you"
        say.bracketed("events", key, values, {n: ev[n] for n, k in spec.fields.items() if k == "player" and n in ev})
        return capitalised(say.t("events", key, **values))

    # ------------------------------------------------------------------ actions
    def action_view(self, action: Action, say: Say, kind: str | None = None) -> Json:
        """``{"type", "group", "text", "cards": {field: id}}``: the action in words, the group it
        is listed under and the cards a front end may click to pick it.

        ``kind`` is the decision it answers: a catalogue sentence ``<key>@<kind>`` words the
        action for that decision (``pass@mulligan``: "Keep the hand"), else ``<key>`` does."""
        spec = self.actions.get(action.type)
        fields = dict(action.fields)
        if spec is None:
            return {"type": action.type, "group": "other", "text": action.type.replace("_", " "), "cards": {}}
        values = {name: say.show(kind, fields[name]) for name, kind in spec.fields.items() if name in fields}
        if spec.extra is not None:
            values.update(spec.extra(say, action))
        cards = {name: fields[name] for name in spec.cards if isinstance(fields.get(name), int)}
        key = spec.variant(action) if spec.variant is not None else action.type
        if kind is not None:
            for specific in (f"{key}@{kind}", f"{action.type}@{kind}"):
                if say.has("actions", specific):
                    key = specific
                    break
        head = action.type + "".join(f"|{k}={v}" for k, v in sorted(cards.items()))
        return {"type": action.type, "group": spec.group, "text": capitalised(say.t("actions", key, **values)),
                "cards": cards, "head": head}

    def group_label(self, group: str, say: Say) -> str:
        return say.t("groups", group)

    def grouped(self, views: Sequence[Json]) -> list[tuple[str, list[int]]]:
        """Indexes of ``views`` by group, in ``GROUPS`` order (``move_on`` last); in a group, the
        ways of one action (its ``head``: the same type and cards, another payment) follow each
        other (see :func:`heads`): the default way first, then the ways that harm none of your
        cards, then the rest, each in the engine's order (``safe`` and ``harm``, marked by
        :meth:`way_views`; views without them keep the engine's order)."""
        order = [*self.GROUPS, "choose", "other", "move_on"]
        groups: dict[str, dict[str, list[int]]] = {}
        for i, v in enumerate(views):
            groups.setdefault(v["group"], {}).setdefault(v.get("head", str(i)), []).append(i)
        ranked = sorted(groups.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order) - 2)

        def rank(i: int) -> int:
            return 0 if views[i].get("default") else 2 if views[i].get("harm") else 1

        return [(group, [i for block in by_head.values() for i in sorted(block, key=rank)])
                for group, by_head in ranked]

    # ------------------------------------------------------------------ safe defaults (issue 37)
    def harm(self, state: State, action: Action) -> tuple[int, ...]:
        """The deciding player's own card ids that ``action`` depletes, destroys or discards as
        the way it is paid or done (not as its chosen effect): a game whose ways of one action
        differ so overrides it. Why: the first way offered must never cost a card when another
        way would not, and a way that does must say so (issue 37, item 2)."""
        return ()

    def default_way(self, state: State, ways: Sequence[Action]) -> Action:
        """The way of one action (``ways``: the same type and cards, paid another way) a
        person gets by default: the first whose :meth:`harm` is empty, else the first. A game
        whose ways are too many to scan (a lazy payment) overrides it to build the way."""
        for way in ways:
            if not self.harm(state, way):
                return way
        return ways[0]

    def harm_text(self, state: State, action: Action, harmed: Sequence[int], say: Say) -> str:
        """What a harmful way costs, in words: the catalogue's ``words.harm`` (a game words it
        its way: Battle Spirits' "depletes X")."""
        return say.t("words", "harm", cards=", ".join(say.card(c) for c in harmed))

    def way_views(self, state: State, legal: Sequence[Action], say: Say, kind: str | None = None) -> list[Json]:
        """:meth:`action_view` of every legal action, with ``harm`` (the card ids it costs, its
        text saying so) on a harmful way and ``default`` on the way :meth:`default_way` picks
        among an action's several ways, so :meth:`grouped` lists that first: one mechanism for
        the browser and the terminal. The order of ``legal`` itself is never changed."""
        actions = list(legal)  # a lazy payment builds its k-th way on each reading: read once
        views = [self.action_view(a, say, kind) for a in actions]
        if state.decision is None:
            return views
        blocks: dict[str, list[int]] = {}
        for i, view in enumerate(views):
            harmed = self.harm(state, actions[i])
            if harmed:
                view["harm"] = list(harmed)
                view["text"] = f"{view['text']} — {self.harm_text(state, actions[i], harmed, say)}"
            blocks.setdefault(view["head"], []).append(i)
        for block in blocks.values():
            if len(block) > 1:
                ways = [actions[i] for i in block]
                chosen = self.default_way(state, ways)
                views[block[ways.index(chosen)] if chosen in ways else block[0]]["default"] = True
        return views

    def option_place(self, state: State, action: Action) -> Json | None:
        """Where on the board the card an action means lies when its fields do not name it (a
        Duel Masters shield chosen by its index): ``{"seat", "zone", "index"}``, a place every
        viewer sees -- never a hidden card's id, which could be followed. A front end marks and
        clicks the card there. None by default."""
        return None

    # ------------------------------------------------------------------ the card that asks
    def asking_card(self, state: State) -> int | None:
        """The card whose effect or rule asks the current decision, for the question a person
        reads ("Thunder: choose a target"): the decision's ``source`` or ``card``, or its task's.
        A game whose decisions keep it elsewhere overrides this."""
        decision = state.decision
        if decision is None:
            return None
        data = decision.data
        task = data.get("task")
        for where in (data, task if isinstance(task, Mapping) else {}):
            for key in ("source", "card"):
                value = where.get(key)
                if isinstance(value, int) and not isinstance(value, bool):
                    return value
        return None

    # ------------------------------------------------------------------ decisions, help, cards
    def prompt(self, kind: str | None, say: Say, player: int | None = None) -> str:
        """What the decision asks, in words: the catalogue's ``prompts.<kind>`` in the language,
        else the text on the rulebook's handler (its ``prompt``, in English).

        ``player`` is the seat deciding: told to anybody else (the waiting seat, a spectator),
        the prompt is in the third person, never "you" (:meth:`prompt_watched`)."""
        if kind is None:
            return ""
        if player is not None and player != say.viewer:
            return self.prompt_watched(kind, say, player)
        if say.has("prompts", kind):
            return say.t("prompts", kind)
        rulebook = self.game.state_class.RULEBOOK
        handler = rulebook.decisions.get(kind) if rulebook is not None else None
        text = getattr(handler, "prompt", "") if handler is not None else ""
        return text or kind.replace("_", " ")

    def prompt_watched(self, kind: str, say: Say, player: int) -> str:
        """Another player's decision, as the waiting seat or a spectator reads it: the
        catalogue's ``prompts_watched.<kind>`` ("{player} is choosing a card to charge"), else
        its ``prompts_watched.default`` ("{player} is deciding"). It names the decision's kind
        and the player only, never a card: what the decider sees stays theirs."""
        key = kind if say.has("prompts_watched", kind) else "default"
        return capitalised(say.t("prompts_watched", key, player=say.who(player)))

    def help(self, say: Say) -> str:
        return say.t("help", "text", default="")

    def card_info(self, name: str, say: Say) -> Json:
        """A card's printed text and facts, by name (names are public: asking reveals nothing)."""
        card = self.game.cards().get(name)
        if card is None:
            return {"name": name, "known": False, "text": say.word("no_such_card")}
        return {"name": name, "known": True, "type": say.t("card_types", str(card.type)),
                "facts": self.card_facts(card, say), "text": self.game.card_text(card)}

    def card_facts(self, card: Any, say: Say) -> list[str]:
        """The printed numbers of a card definition (cost, power...), for its text panel."""
        return []

    # ------------------------------------------------------------------ the board
    def card_face(self, view: Mapping[str, Any], say: Say) -> Json:
        """One visible card of an observation, as its printed face is drawn (no art: none is
        licensed; the name, the type line and the stats make the face):

        - ``id``, ``name``; ``type_line`` (its kind, families, attribute in words);
        - ``stats``: ``[{"key", "label", "value"}]``, each placed where the printed card has it
          (``at``, from ``STAT_PLACES``: :data:`PLACES`); a stat may add ``printed`` (the
          printed value beside a changed one), ``shape: "stars"`` (a Level drawn as stars),
          ``pips`` (a cost's coloured symbols, drawn before ``short``, the number shown);
        - ``colors`` (the game's colour words) and ``frame`` (their CSS colours, ``PALETTE``:
          two for a two-coloured card); ``badges``: its keywords, short;
        - ``steps``: a table printed on the card with the row in force marked (Battle Spirits'
          level, cores and BP: ``[{"label", "need", "value", "current"}]``);
        - ``status`` (words), ``turned`` (tapped, rested: drawn sideways), ``face_down`` (its
          controller sees it; the opponent gets a back), ``notes`` (what the state adds:
          fused braves, DON!! given) and ``under`` (the cards under or on it).

        Games override to add their stats; a hidden card is ``{"hidden": True}`` (a back) with
        at most its id, what everyone knows of it (``status``) and ``turned``."""
        if view.get("hidden") or "name" not in view:
            face: Json = {"hidden": True}
            if "id" in view:
                face["id"] = view["id"]
            return face
        face = {"id": view.get("id"), "name": view["name"], "stats": [], "notes": [],
                "status": [say.t("statuses", s) for s in self.STATUSES if view.get(s)],
                "turned": any(view.get(s) for s in TURNED)}
        if view.get("face_down"):
            face["face_down"] = True
        return face

    def paint(self, colors: Sequence[str]) -> list[str]:
        """The frame colours of colour words, in order, each once; a card of no colour the
        palette knows (a colourless, void card) has the neutral frame."""
        out: list[str] = []
        for c in colors:
            css = self.PALETTE.get(c)
            if css is not None and css not in out:
                out.append(css)
        return out or [NEUTRAL]

    def _face_in(self, zone: ZoneSpec, view: Mapping[str, Any], say: Say) -> Json:
        face = self.card_face(view, say)
        if zone.kind == "pile":
            face["status"] = []  # a discard pile's cards are neither tapped nor damaged
            face["turned"] = False
        elif zone.kind != "field" and face.get("status"):
            off = {say.t("statuses", s) for s in self.FIELD_STATUSES}
            face["status"] = [s for s in face["status"] if s not in off]
        if not face.get("hidden"):
            face["frame"] = self.paint(face.get("colors") or ())
            for stat in face.get("stats", ()):
                stat.setdefault("at", self.STAT_PLACES.get(stat["key"], "body"))
        return face

    @staticmethod
    def _summary(cards: Sequence[Json]) -> Json:
        """A compact zone at a glance: how many of its cards are ready (not turned) and how
        many show each frame colour (a two-coloured card counts for both)."""
        frames: dict[str, int] = {}
        for face in cards:
            for css in face.get("frame") or ():
                frames[css] = frames.get(css, 0) + 1
        return {"ready": sum(1 for f in cards if not f.get("turned")),
                "frames": [{"color": css, "n": n} for css, n in frames.items()]}

    def counters(self, player: Mapping[str, Any], say: Say) -> list[Json]:
        """A player's counters, ``[{"key", "label", "value"}]``, in ``COUNTERS`` order."""
        counters = player.get("counters", {})
        return [{"key": k, "label": say.t("counters", k), "value": counters[k]} for k in self.COUNTERS if k in counters]

    def board(self, obs: Mapping[str, Any], say: Say) -> Json:
        """The observation as a board: a header and each player's counters and zones."""
        players = []
        for p, data in enumerate(obs["players"]):
            zones = []
            for spec in self.ZONES:
                content = data["zones"].get(spec.name)
                if content is None:
                    continue
                count = content.get("count", 0) if isinstance(content, dict) else len(content)
                if not isinstance(content, dict):
                    cards = [self._face_in(spec, v, say) for v in content]
                elif content.get("shown"):  # a hidden zone holding face-up cards: backs and those
                    cards = [{"hidden": True} for _ in range(count)]
                    for v in content["shown"]:
                        cards[v["position"]] = self._face_in(spec, v, say)
                else:
                    cards = None
                zone: Json = {"name": spec.name, "label": say.zone(spec.name), "kind": spec.kind,
                              "count": count, "cards": cards,
                              "compact": spec.compact or spec.kind == "pile" or cards is None}
                if spec.compact and cards is not None:
                    zone["summary"] = self._summary(cards)
                zones.append(zone)
            players.append({"seat": p, "label": capitalised(say.named(p)), "counters": self.counters(data, say),
                            "zones": zones})
        decision = obs.get("decision") or {}
        header = {"game": self.game.title, "turn": obs.get("turn"), "active": capitalised(say.who(obs.get("active"))),
                  "phase": say.phase(obs.get("phase")),
                  "deciding": capitalised(say.who(decision["player"])) if decision else None,
                  "decider": decision.get("player") if decision else None,
                  "prompt": self.prompt(decision.get("kind"), say, decision.get("player")) if decision else None,
                  "winner": obs.get("winner")}
        stack = [self.stack_item(item, say) for item in obs.get("stack") or ()]
        return {"header": header, "viewer": obs.get("viewer"), "players": players,
                "stack": {"label": say.t("ui", "stack"), "items": stack} if stack else None,
                "battle": self.battle(obs, say)}

    def stack_item(self, item: Mapping[str, Any], say: Say) -> Json:
        """One item waiting on the chain or chase, bottom first: the catalogue's
        ``stack.<kind>`` sentence (``stack.default`` else), with its card and player."""
        kind = str(item.get("kind"))
        values = {"card": say.card(item["card"]) if "card" in item else say.word("hidden_card"),
                  "player": say.who(item.get("player")), "event": say.t("stack_events", str(item.get("event")))}
        template = kind if say.has("stack", kind) else "default"
        say.bracketed("stack", template, values, {"player": item.get("player")})
        return {"text": capitalised(say.t("stack", template, **values)), "card": item.get("card"),
                "player": item.get("player")}


    # ------------------------------------------------------------------ the battle going on
    def battle(self, obs: Mapping[str, Any], say: Say) -> Json | None:
        """The attack going on (the observation's ``battle``, :meth:`State.battle_view`) for the
        board and the prompt: ``{"attacker": id, "target": id or "player", "player": the
        attacking seat, "defender": the attacked seat, "line": "Kaido 5000 → your Luffy 5000:
        you need +1000", "labels": the marks' words}``; None outside a battle.

        The numbers come from the viewer's own card views (a face-down card's DEF is a ``?``),
        the sentence from the game's :meth:`battle_line`."""
        battle = obs.get("battle")
        if not isinstance(battle, Mapping):
            return None
        views = _views_by_id(obs)
        player = int(battle["player"])
        target = battle.get("blocker")
        if target is None:
            target = battle["target"]
        attacker = Fighter.of(battle["attacker"], views, say)
        defender = None if is_player(target) else Fighter.of(target, views, say)
        line = self.battle_line(battle, attacker, defender, 1 - player, say)
        return {"attacker": attacker.id, "target": "player" if defender is None else defender.id,
                "player": player, "defender": 1 - player, "line": capitalised(line) if line else "",
                "labels": {"attacker": say.t("battle", "attacker_mark"), "target": say.t("battle", "target_mark")}}

    def battle_line(self, battle: Mapping[str, Any], attacker: Fighter, target: Fighter | None, defender: int,
                    say: Say) -> str:
        """The battle in words (``target`` None: the attack is on the player ``defender``).
        Games override it with their numbers; by default, who attacks whom."""
        return say.t("battle", "vs", attacker=attacker.text, target=self.battle_target(target, defender, say))

    def battle_target(self, target: Fighter | None, defender: int, say: Say) -> str:
        """The target as the line names it: a card, or the attacked player (*you*)."""
        return target.text if target is not None else say.who(defender)

    def higher_wins(self, a: int, b: int, attacker: Fighter, target: Fighter, say: Say) -> str:
        """The usual comparison (DM-109, BS-53, YGO-16..18): the lower is destroyed, both at equal values."""
        if a == b:
            return say.t("battle", "both_destroyed")
        return say.t("battle", "destroyed", card=(target if a > b else attacker).text)

    def printed(self, fighter: Fighter, stat: str) -> int | None:
        """A visible card's printed ``stat`` (its definition's attribute), to show what changed it."""
        if fighter.view.get("hidden"):
            return None
        card = self.game.cards().get(str(fighter.view.get("name")))
        value = getattr(card, stat, None) if card is not None else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def battle_need(self, short: int, defender: int, say: Say) -> str:
        """What the defending player needs to stop an attack that wins by ``short``: *you need +1000*."""
        return battle_words("need", defender, say, n=short)


def versus(say: Say, mine: Any, theirs: Any = None) -> str:
    """An attack's or a block's numbers in a log line: *5000 against 6000*, or one alone (a
    direct attack); ``?`` for a number the event does not carry."""
    a = "?" if mine is None else str(mine)
    return a if theirs is None else say.t("battle", "versus", a=a, b=theirs)


def versus_of(mine: str, theirs: str) -> Callable[[Say, Json], dict[str, str]]:
    """An EventSpec ``extra``: the ``versus`` of the event's fields ``mine`` and ``theirs``
    (*5000 against 6000*; ``mine`` alone when the event has no ``theirs``: a direct attack)."""
    return lambda say, ev: {"versus": versus(say, ev.get(mine), ev.get(theirs))}


def battle_words(key: str, seat: int, say: Say, **values: Any) -> str:
    """The ``battle`` sentence ``key`` about a player: its ``.you`` form for the viewer
    (*you need +1000*), else the player named (*the opponent needs +1000*, *P1 needs +1000*)."""
    if say.viewer is not None and seat == say.viewer:
        return say.t("battle", key + ".you", **values)
    return say.t("battle", key, who=say.who(seat), **values)


@dataclass(frozen=True)
class Fighter:
    """A card of the battle as one viewer knows it: its id, the seat whose side it is on, its
    view (``{"hidden": True}`` for a face-down card) and its name as the line says it (*your
    Luffy*; *P1's Luffy* in an all-seeing view; a face-down card's words)."""

    id: int
    seat: int | None
    view: Mapping[str, Any]
    text: str

    @staticmethod
    def of(cid: int, views: Mapping[int, tuple[int, Mapping[str, Any]]], say: Say) -> Fighter:
        seat, view = views.get(cid, (None, {"hidden": True}))
        name = say.card(cid) if not view.get("hidden") else say.word("hidden_card")
        if seat is None or (view.get("hidden") and say.viewer is not None):  # (the opponent's: not seen)
            text = name
        elif view.get("hidden"):
            text = say.t("battle", "hidden_seat", who=say.who(seat))
        elif say.viewer is None:
            text = say.t("battle", "seat", card=name, who=say.who(seat))
        else:
            text = say.t("battle", "yours" if seat == say.viewer else "theirs", card=name)
        return Fighter(cid, seat, view, text)

    def value(self, key: str, printed: int | None, say: Say) -> str:
        """The view's ``key`` (power, ATK...) as a number with the change from the printed one
        (*7000 (+2000)*); ``?`` when the viewer may not know it (a face-down card)."""
        value = self.view.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            return "?"
        if isinstance(printed, int) and printed != value:
            return say.t("battle", "modified", value=value, delta=f"{value - printed:+d}")
        return str(value)

    def number(self, key: str) -> int | None:
        value = self.view.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None


def _views_by_id(obs: Mapping[str, Any]) -> dict[int, tuple[int, Mapping[str, Any]]]:
    """Every card view of the observation's zones with an id: (its side's seat, the view)."""
    out: dict[int, tuple[int, Mapping[str, Any]]] = {}
    for seat, data in enumerate(obs["players"]):
        for content in data["zones"].values():
            for view in content if isinstance(content, list) else ():
                if isinstance(view, Mapping) and isinstance(view.get("id"), int):
                    out[view["id"]] = (seat, view)
    return out
