"""Checks every game must pass after every action (the generic conformance checker).

Used by the property test over all registered games: cards are conserved, counters never
go negative, JSON round-trips exactly, no observation leaks a hidden card (nor its lazy form),
and a clone does not change when the original plays on.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from tcg.core.state import State
from tcg.core.views import materialize


def card_locations(state: State) -> Counter[int]:
    """How many places hold each card id: zone lists, attached tuples and pseudo-zones."""
    seen: Counter[int] = Counter()
    for zones in state.zones:
        for ids in zones.values():
            seen.update(ids)
    for card in state.cards:
        seen.update(card.attached)
    for cid, (_, zone) in enumerate(state.where):
        if zone not in state.zones[0] and zone != "attached":
            seen[cid] += 1  # limbo: a spell being resolved
    return seen


def check_conservation(state: State) -> list[str]:
    seen = card_locations(state)
    problems = [f"card {cid} ({state.cards[cid].name}) is in {n} places" for cid, n in seen.items() if n != 1]
    problems += [f"card {c.id} ({c.name}) is nowhere" for c in state.cards if c.id not in seen]
    for p, zones in enumerate(state.zones):
        for zone, ids in zones.items():
            for cid in ids:
                if state.where[cid] != (p, zone):
                    problems.append(f"card {cid} is listed in {p}:{zone} but recorded at {state.where[cid]}")
    return problems


def check_counters(state: State) -> list[str]:
    problems = []
    for p, counters in enumerate(state.counters):
        for name, value in counters.items():
            if isinstance(value, int) and value < 0 and name not in state.SIGNED_COUNTERS:
                problems.append(f"player {p} counter {name} is negative ({value})")
    for card in state.cards:
        for name, value in card.counters:
            if value < 0:
                problems.append(f"card {card.id} counter {name} is negative ({value})")
    return problems


def check_json_round_trip(state: State, with_events: bool = True) -> list[str]:
    """to_json -> JSON text -> from_json gives the same state, and so does clone().

    The event log and the action history only grow, so a caller checking after every action
    may leave them out (``with_events=False``) and check them once at the end: the check then
    costs the same at every action instead of growing with the game.
    """
    original = state.to_json(log=with_events)
    text = json.dumps(original)  # what a file holds
    again = type(state).from_json(json.loads(text))
    if json.dumps(again.to_json(log=with_events)) != text:
        return ["to_json/from_json does not round-trip"]
    if state.clone().to_json(log=with_events) != original:
        return ["clone() differs from the original"]
    return []


class CloneProbe:
    """A clone and its JSON (legal actions included) as taken; :meth:`problems` later says
    whether the clone changed since.

    ``clone()`` copies containers one level deep (``flags``, ``effects`` and ``tasks`` are
    shallow copies), so a game that mutates a shared value in place (``item.pop(...)`` on a
    dict held in ``flags``) changes every clone with it: search and undo then go wrong. Only
    playing the original on shows this; comparing a fresh clone (as
    :func:`check_json_round_trip` does) cannot.
    """

    __slots__ = ("clone", "text", "with_events")

    def __init__(self, state: State, with_events: bool = False) -> None:
        self.clone = state.clone()
        self.with_events = with_events
        self.text = self._text()

    def _text(self) -> str:
        data = self.clone.to_json(log=self.with_events)
        data["legal_actions"] = [a.to_json() for a in self.clone.legal_actions()]  # the shared cache too
        return json.dumps(data)

    def problems(self) -> list[str]:
        now = self._text()
        if now == self.text:
            return []
        before, after = json.loads(self.text), json.loads(now)
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        return [f"a clone changed when the original played on (fields: {', '.join(changed)})"]


def check_clone_isolation(state: State, advance: Callable[[State], object], k: int = 5,
                          with_events: bool = False) -> list[str]:
    """Clone ``state``, advance the original ``k`` actions with ``advance(state)`` (fewer if
    the game ends), and require the clone's JSON and legal actions unchanged."""
    probe = CloneProbe(state, with_events)
    for _ in range(k):
        if state.game_over:
            break
        advance(state)
    return probe.problems()


_ID = re.compile(r'"id": (\d+)')


Observations = dict[int | None, dict[str, Any]]


def observations(state: State) -> Observations:
    """Each player's and a spectator's observation of ``state``, built once for several checks
    (read them, never change them)."""
    return {viewer: state.observation(viewer) for viewer in (*range(len(state.zones)), None)}


def _seen(state: State, viewer: int | None, given: Observations | None, legal: bool = True) -> dict[str, Any]:
    if given is None:
        return state.observation(viewer) if legal else state.observation(viewer, legal=False)
    obs = given[viewer]
    return obs if legal or "legal_actions" not in obs else {k: v for k, v in obs.items() if k != "legal_actions"}


def check_no_leak(state: State, given: Observations | None = None) -> list[str]:
    """No card hidden from a viewer shows its id or (unless a visible card shares it) its name.

    The observation (its legal actions aside) is searched as JSON text: every ``"id": n`` and
    every quoted string, which is both thorough and fast. ``given``: the observations, if
    already built (:func:`observations`).
    """
    problems = []
    top_level = [cid for _, _, cid in state.iter_zone_cards()]
    top_set = set(top_level)
    for viewer in range(len(state.zones)):
        obs = dict(_seen(state, viewer, given))
        legal = obs.pop("legal_actions", [])
        text = json.dumps(obs)
        ids = {int(m) for m in _ID.findall(text)}
        visible = {cid for cid in top_level if state.can_see(viewer, cid)}
        visible_names = {state.cards[c].name for c in visible}
        referable = {cid for cid in top_level if state.referable(viewer, cid)}
        for cid in top_level:
            if cid in visible:
                continue
            if cid in ids and cid not in referable:
                problems.append(f"player {viewer} sees the id of hidden card {cid}")
            name = state.cards[cid].name
            if name not in visible_names and f'"{name}"' in text \
                    and not _name_known_otherwise(state, name, viewer):
                problems.append(f"player {viewer} sees the name of hidden card {name!r}")
        for action in legal:
            for value in action.values():
                for v in value if isinstance(value, list) else [value]:
                    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(state.cards) \
                            and state.cards[v].owner != viewer and v in top_set and v not in referable \
                            and _is_card_field(action, v, state.GAME.card_fields):
                        problems.append(f"player {viewer}'s legal actions name hidden card {v}")
    return problems


def _is_card_field(action: dict[str, Any], v: int, card_fields: frozenset[str]) -> bool:
    return any(k in card_fields and (val == v or (isinstance(val, list) and v in val)) for k, val in action.items())


def _name_known_otherwise(state: State, name: str, viewer: int | None) -> bool:
    """A name may appear for other reasons: a card under a visible stack, a card in limbo (out of
    every zone and face up: a spell resolving, a card a Lifebreak revealed), or a phase name."""
    for card in state.cards:
        if card.name == name and state.where[card.id][1] in ("attached", "limbo"):
            return True
    return name in {state.phase}


def check_lazy_views(state: State, given: Observations | None = None) -> list[str]:
    """The lazy observation an agent may ask for (``lazy=True``) is the eager one: its zones
    read as the same lists, and its ``cards`` finds exactly the cards an index of the eager
    views by id holds, with the same views -- so it shows nothing the eager one hides."""
    problems = []
    for viewer in range(len(state.zones)):
        eager = _seen(state, viewer, given, legal=False)
        lazy = state.observation(viewer, legal=False, lazy=True)
        index = lazy["cards"]
        if materialize(lazy) != eager:
            problems.append(f"player {viewer}'s lazy observation differs from the eager one")
        by_id: dict[int, tuple[int, str, Any]] = {}
        for p, pl in enumerate(eager["players"]):
            for z, entries in pl["zones"].items():
                for v in entries if isinstance(entries, list) else ():
                    if "id" in v:
                        by_id[v["id"]] = (p, z, v)
        for cid in range(-1, len(state.cards) + 1):
            entry = index.find(cid)
            found = None if entry is None else (entry[0], entry[1], entry[2][entry[3]])
            if found != by_id.get(cid):
                problems.append(f"player {viewer}'s lazy index finds card {cid} as {found}, not {by_id.get(cid)}")
    return problems


def check_all(state: State) -> list[str]:
    return check_conservation(state) + check_counters(state) + check_json_round_trip(state) + check_no_leak(state) \
        + check_lazy_views(state)


# ---------------------------------------------------------------------- issue 20: the soak's checks
def check_determinize(state: State, world: State, player: int, given: Observations | None = None) -> list[str]:
    """``world`` (``state.determinize(player, ...)``) is a state ``player`` cannot tell from
    ``state``: the same observation (legal actions included), every card in its place, the
    same cards in all, and no card the player can see renamed."""
    problems = []
    if world.observation(player) != _seen(state, player, given):
        problems.append(f"player {player}'s determinized world shows them another observation")
    if world.where != state.where or world.zones != state.zones:
        problems.append(f"player {player}'s determinized world moved a card")
    if Counter(c.name for c in world.cards) != Counter(c.name for c in state.cards):
        problems.append(f"player {player}'s determinized world holds other cards")
    for cid, card in enumerate(world.cards):
        if card.name != state.cards[cid].name and state.can_see(player, cid):
            problems.append(f"player {player}'s determinized world renamed card {cid}, which they see")
            break
    return problems


ALL_PARTS = frozenset({"board", "prompt", "actions", "log"})


def viewer_texts(state: State, viewer: int | None, log_from: int = 0, lang: str = "en",
                 parts: frozenset[str] = ALL_PARTS, given: Observations | None = None) -> dict[str, Any]:
    """Every description a front end makes for ``viewer`` (the terminal and the browser draw
    the same presentation): the board, the prompt and the legal actions' texts when the viewer
    decides, and the log lines of the events from ``log_from`` on (``parts`` of them). Cards
    are named through the viewer's namer, as the front ends do."""
    presentation = state.GAME.presentation

    def namer(cid: int) -> str | None:
        return state.name_of(cid) if 0 <= cid < len(state.cards) and state.can_see(viewer, cid) else None

    say = presentation.say(lang, viewer, namer)
    out: dict[str, Any] = {}
    if "board" in parts:
        out["board"] = presentation.board(_seen(state, viewer, given, legal=False), say)
    if viewer is not None and not state.game_over and state.deciding_player == viewer:
        kind = state.decision.kind if state.decision is not None else None
        if "prompt" in parts:
            out["prompt"] = presentation.prompt(kind, say)
        if "actions" in parts:
            out["actions"] = [presentation.action_view(a, say, kind) for a in state.legal_actions()]
    if "log" in parts:
        visible = (state.visible_event(ev, viewer) for ev in state.events[log_from:])
        out["log"] = [presentation.event_text(v, say) for v in visible if v is not None]
    return out


def check_descriptions(state: State, world: State, viewer: int | None, log_from: int = 0) -> list[str]:
    """What ``viewer`` is told of the events since ``log_from`` (and the prompt) is what they
    would be told in ``world``, a determinization for a player who sees at least what
    ``viewer`` sees: a description that differs depends on a card hidden from its reader (a
    leak through words, not ids).

    The board and the actions' texts are left out: they are drawn from the observation (legal
    actions included) and the viewer's namer alone, which :func:`check_determinize` requires
    the same in the world; :func:`check_viewer_names` reads them for hidden names instead."""
    told = frozenset({"prompt", "log"})
    real = viewer_texts(state, viewer, log_from, parts=told)
    other = viewer_texts(world, viewer, log_from, parts=told)
    if real == other:
        return []
    part = next(k for k in real if real[k] != other.get(k))
    who = "the spectator" if viewer is None else f"player {viewer}"
    return [f"{who}'s {part} depends on hidden cards: {_first_difference(real[part], other.get(part))}"]


def check_viewer_names(state: State, viewer: int | None, given: Observations | None = None) -> list[str]:
    """The board and the actions' texts drawn for ``viewer`` name no card hidden from them
    (unless a card they see, or one out of every zone, has that name)."""
    texts = viewer_texts(state, viewer, len(state.events), parts=frozenset({"board", "actions"}), given=given)
    text = json.dumps(texts, ensure_ascii=False)
    visible = {c.name for c in state.cards if state.can_see(viewer, c.id)}
    who = "the spectator" if viewer is None else f"player {viewer}"
    return [f"{who}'s board or actions name hidden card {name!r}"
            for name in sorted({c.name for c in state.cards} - visible)
            if json.dumps(name, ensure_ascii=False) in text and not _name_known_otherwise(state, name, viewer)]


def _first_difference(a: Any, b: Any) -> str:
    if isinstance(a, list) and isinstance(b, list):
        for x, y in zip(a, b, strict=False):
            if x != y:
                return _first_difference(x, y)
        return f"{len(a)} entries, not {len(b)}"
    text = json.dumps(a, ensure_ascii=False, default=str)
    return text if len(text) < 200 else text[:200] + "..."
