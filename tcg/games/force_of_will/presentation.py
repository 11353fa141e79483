"""How Force of Will is shown (tcg/core/presentation.py): its board, events and actions.

The words are in ``texts/<lang>.yaml``: English, and Italian, the source document's language
(its glossary's words, FOW brief section 3: Rincorsa, Volontà, Pietre Magiche, Risonatori...).

What a player follows in Force of Will, beyond the cards: their life (FOW-63), the will in
their pool by attribute (FOW-26, the ``will_<attribute>`` counters), the Lifebreak area and how
many of its cards they have revealed against what their life allows (FOW-61), the damage on
each resonator and J-ruler (FOW-45), rested cards (FOW-29), the additions on a resonator
(FOW-23) and the chase area (FOW-19), where declared actions wait to resolve.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from tcg.core.actions import Action
from tcg.core.presentation import (
    ActionSpec,
    EventSpec,
    Fighter,
    Json,
    Presentation,
    Say,
    ZoneSpec,
    action_variant,
    battle_words,
    event_variant,
    is_player,
    type_line,
    versus,
)
from tcg.core.stops import Flow
from tcg.games.force_of_will.cards import ATTRIBUTES, KEYWORD_NAMES, ForceOfWillCard

if TYPE_CHECKING:
    from tcg.core.state import State

_CARD = {"card": "card", "player": "player"}
#: The keywords short enough for a badge on a face (the symbol skills and Quickcast, FOW-48..);
#: the others are sentences, in the card's notes and text.
BADGES = ("swiftness", "flying", "first_strike", "pierce", "precision", "quickcast", "imperishable")
#: FOW-66: a cost's attributes in the printed order, the generic part ("of any type") last.
_COST_ORDER = (*ATTRIBUTES, "generic")


@cache
def _pool() -> Mapping[str, ForceOfWillCard]:
    """The packaged card pool: a card's printed cost and ability texts, looked up by name for
    an action's words (a scenario's own cards are not in it; they are then named only)."""
    from tcg.core.registry import load_game

    return cast(Mapping[str, ForceOfWillCard], load_game("force_of_will").cards())


def _definition(say: Say, cid: Any) -> ForceOfWillCard | None:
    """The definition of a card the viewer may know (through ``say``: never a hidden one)."""
    if not isinstance(cid, int) or isinstance(cid, bool):
        return None
    name = say.namer(cid)
    return _pool().get(name) if name is not None else None


def _stats(say: Say, ev: Mapping[str, Any], prefix: str) -> str:
    """``800/600``: an event's ATK and DEF of one card (``prefix``: ``attacker_``, ``target_``)."""
    def_key = prefix + "def" if prefix else "def_"
    return say.t("battle", "stats", atk=ev.get(prefix + "atk", "?"), def_=ev.get(def_key, "?"))


def _attack_values(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """An attack's declaration: the attacker's ATK/DEF against the attacked card's (FOW-42)."""
    theirs = _stats(say, ev, "target_") if "target_atk" in ev else None
    return {"versus": versus(say, _stats(say, ev, "attacker_"), theirs)}


def cost_words(say: Say, cost: Mapping[str, int]) -> str:
    """A will cost in words: ``1 Fire + 2 of any type`` (FOW-66); an empty cost is free."""
    parts = [say.t("cost", "generic" if a == "generic" else "attribute", n=cost[a],
                   attribute=say.t("attributes", a)) for a in _COST_ORDER if cost.get(a)]
    return " + ".join(parts) if parts else say.word("free")


#: The will symbols of printed texts (FOW-66): {R} is Fire, {2} two of any type, {Rest} the rest cost.
_SYMBOL = re.compile(r"\{([A-Za-z]+|[0-9]+)\}")
_LETTERS = {"W": "light", "R": "fire", "U": "water", "G": "wind", "B": "darkness"}


def symbols(say: Say, text: str) -> str:
    """A printed text with its symbols in words, ``(Fire)``, ``(2)``, ``(Rest)``: a sentence
    never shows braces (they are the catalogue's placeholders)."""

    def word(m: re.Match[str]) -> str:
        token = m.group(1)
        if token in _LETTERS:
            return f"({say.t('attributes', _LETTERS[token])})"
        return f"({say.word('rest_symbol')})" if token == "Rest" else f"({token})"

    return _SYMBOL.sub(word, text)


def _will(say: Say, attributes: Sequence[str]) -> str:
    """Will produced or held, by attribute: ``2 Fire, 1 Light``; ``none`` when empty."""
    counts: dict[str, int] = {a: 0 for a in ATTRIBUTES}
    for a in attributes:
        counts[a] = counts.get(a, 0) + 1
    return _pool_words(say, counts)


def _pool_words(say: Say, counts: Mapping[str, int]) -> str:
    parts = [f"{n} {say.t('attributes', a)}" for a, n in counts.items() if n]
    return ", ".join(parts) if parts else say.word("no_will")


def lifebreak_limit(life: int) -> int:
    """FOW-61 (the brief's interpretation): how many cards may be revealed in all at this life.
    The thresholds without rounding; with life a multiple of 100 (FOW-109) they are the same."""
    return 1 if life > 3000 else 2 if life > 2000 else 3 if life > 1000 else 4


# ---------------------------------------------------------------------- events
def _targets(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """The declared targets (FOW-105): cards by name if visible, players as you / the opponent
    (a player target is ``-1 - player``)."""
    names = []
    for group in ev.get("targets") or ():
        for t in group:
            names.append(say.who(-1 - t) if isinstance(t, int) and t < 0 else say.card(t))
    return {"targets": say.t("words", "targeting", targets=", ".join(names)) if names else ""}


def _declared_key(say: Say, ev: Mapping[str, Any]) -> str:
    return f"declared.{ev.get('kind')}" if say.has("events", f"declared.{ev.get('kind')}") else "declared"


def _resolves_key(say: Say, ev: Mapping[str, Any]) -> str:
    return f"resolves.{ev.get('kind')}" if say.has("events", f"resolves.{ev.get('kind')}") else "resolves"


def _battle(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """FOW-46: each deals damage equal to its ATK to the other (the ``damage`` events follow)."""
    return {"attacker_atk": str(ev.get("attacker_atk", "?")), "defender_atk": str(ev.get("defender_atk", "?"))}


def _will_paid(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    return {"will": _will(say, ev.get("attributes") or ())}


def _judgment(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """FOW-36: the ruler turns to its J-ruler side, which has its own name."""
    d = _pool().get(str(ev.get("name"))) if ev.get("name") else None
    name = d.j_ruler.name if d is not None and d.j_ruler is not None else None
    return {"j_ruler": say.t("words", "j_ruler_named", name=name) if name and name != ev.get("name") else ""}


def _count_variant(say: Say, ev: Mapping[str, Any]) -> str:
    """FOW-3: no card put back is a kept hand; one card is said in the singular."""
    count = ev.get("count")
    return "mulligan.keep" if not count else "mulligan.one" if count == 1 else "mulligan"


# ---------------------------------------------------------------------- actions
def _cost_of(say: Say, action: Action) -> dict[str, str]:
    d = _definition(say, action.get("card"))
    return {"cost": cost_words(say, d.cost) if d is not None else "?"}


def _ability(say: Say, action: Action) -> dict[str, str]:
    """An [Activate] ability by its printed text (or its number, counted from one)."""
    d = _definition(say, action.get("card"))
    index = action.get("ability")
    text = ""
    if d is not None and isinstance(index, int):
        # A ruler's abilities are its ruler side's in the ruler area and its J-ruler side's on
        # the field; the action does not say where it is: the one side with such an ability.
        sides = [d.abilities, *([d.j_ruler.abilities] if d.j_ruler is not None else [])]
        texts = {side[index].text for side in sides if 0 <= index < len(side) and side[index].when == "activate"}
        if len(texts) == 1:
            text = texts.pop()
    number = str(index + 1) if isinstance(index, int) else "?"
    return {"ability": symbols(say, text) if text else say.t("words", "ability_number", n=number)}


def _payment(say: Say, action: Action) -> dict[str, str]:
    """FOW-26, FOW-27: each stone rested and the will it produces: ``Magic Stone of Fire for Fire``."""
    stones = action.get("cards") or ()
    attrs = action.get("attributes") or ()
    rested = [say.t("words", "stone_for", stone=say.card(c), attribute=say.t("attributes", str(a)))
              for c, a in zip(stones, attrs, strict=False)]
    return {"n": str(len(stones)), "stones": ", ".join(rested), "will": _will(say, attrs)}


def _mulligan(say: Say, action: Action) -> dict[str, str]:
    cards = action.get("cards") or ()
    return {"n": str(len(cards)), "cards": ", ".join(say.card(c) for c in cards)}


def _printed_notes(d: ForceOfWillCard, j_ruler: bool, say: Say) -> list[str]:
    """What the card's definition adds to its face: the printed keywords (of the J-ruler side
    for a J-ruler on the field; a destroyed one has none, FOW-40) and, for a special magic
    stone, the will it may produce (FOW-8). Printed, not current: effects may add or remove."""
    keywords = d.j_ruler.keywords if j_ruler and d.j_ruler is not None else d.keywords
    notes = [say.t("keywords", k) for k in KEYWORD_NAMES if getattr(keywords, k)]
    if d.produces:
        notes.append(say.t("words", "produces", will=" / ".join(say.t("attributes", a) for a in d.produces)))
    return notes


class ForceOfWillPresentation(Presentation):
    # The board as a player reads it: a card a Lifebreak revealed, what waits on the chase, the ruler, the field, the
    # stones and the face-down chant-standbys, the Lifebreak area, then hand and piles.
    ZONES = (ZoneSpec("revealed", "row"), ZoneSpec("chase_area", "row"), ZoneSpec("ruler_area", "field"),
             ZoneSpec("field", "field"),
             ZoneSpec("magic_stone_area", "row", compact=True), ZoneSpec("chant_standby_area", "row"),
             ZoneSpec("lifebreak_area", "row"), ZoneSpec("hand", "hand"), ZoneSpec("main_deck", "pile"),
             ZoneSpec("magic_stone_deck", "pile"), ZoneSpec("graveyard", "pile"), ZoneSpec("removed", "pile"))
    GROUPS = ("mulligan", "stone", "summon", "spell", "addition", "standby", "judgment", "ability",
              "lifebreak", "attack", "block", "pay")
    #: Moving on; the chase's window is the response window, where a Lifebreak (on offer at every
    #: priority while life allows) alone does not make Auto stop. ``pay`` only chooses the magic
    #: stones to rest for a declaration already made (FOW-27): paid for you.
    FLOW = Flow(moving_on={"pass": 0, "next_phase": 1, "end_turn": 2}, windows=frozenset({"window"}),
                ambient=frozenset({"lifebreak"}), phases=("main", "end"), payments=frozenset({"pay"}))
    STATUSES = ("rested", "face_down", "spent")
    # The printed card: the cost top left, ATK bottom left, DEF bottom right; the damage on it
    # drawn on it; the frame in its attributes (two-toned for a two-attribute card).
    PALETTE = {"light": "#e8d77a", "fire": "#e0503f", "water": "#3f8fe0", "wind": "#4fae5c",
               "darkness": "#8a5fb8"}
    STAT_PLACES = {"cost": "top_left", "atk": "bottom_left", "def": "bottom_right", "damage": "chip"}
    EVENTS = {
        "chooses_who_starts": EventSpec({"player": "player"}),
        "mulligan": EventSpec({"player": "player", "count": "int"}, variant=_count_variant),
        "rulers_on_the_field": EventSpec({}),
        "magic_stone_called": EventSpec(_CARD),
        "will_paid": EventSpec({"player": "player", "stones": "cards", "attributes": "any"}, level="minor",
                               extra=_will_paid),
        "will_produced": EventSpec({**_CARD, "attributes": "any"}, extra=_will_paid),
        "declared": EventSpec({**_CARD, "kind": "str", "targets": "any"}, extra=_targets, variant=_declared_key),
        "resolves": EventSpec({**_CARD, "kind": "str"}, variant=_resolves_key,
                              level=lambda say, ev: "minor" if ev.get("kind") in ("summon", "addition") else "major"),
        "summoned": EventSpec(_CARD),
        "attached": EventSpec({**_CARD, "onto": "card"}),
        "put_into_field": EventSpec(_CARD),
        "put_into_hand": EventSpec(_CARD),
        "searched": EventSpec(_CARD),
        "cancelled": EventSpec({"card": "card"}),
        "chant_standby_set": EventSpec(_CARD, variant=event_variant("hidden", "hidden")),
        "judgment": EventSpec(_CARD, extra=_judgment),
        "lifebreak": EventSpec({**_CARD, "revealed": "int"}),
        "attack": EventSpec({**_CARD, "target": "card", "attacker_atk": "int", "attacker_def": "int",
                             "target_atk": "int", "target_def": "int"},
                            variant=event_variant("target", "player", is_player), extra=_attack_values),
        "block": EventSpec({**_CARD, "atk": "int", "def_": "int", "attacker_atk": "int", "attacker_def": "int"},
                           extra=lambda say, ev: {"versus": versus(say, _stats(say, ev, ""),
                                                                   _stats(say, ev, "attacker_"))}),
        "hit": EventSpec({"card": "card", "player": "player", "amount": "int"}),
        "battle": EventSpec({"attacker": "card", "defender": "card", "attacker_atk": "int", "defender_atk": "int"},
                            extra=_battle),
        "battle_end": EventSpec({}, level="minor"),
        "damage": EventSpec({"card": "card", "amount": "int", "total": "int"}),
        "destroyed": EventSpec(_CARD),
        "banished": EventSpec(_CARD),
        "back_to_ruler": EventSpec(_CARD),
        "stone_revealed": EventSpec(_CARD),
        "removed_from_game": EventSpec(_CARD),
        "card_revealed": EventSpec(_CARD),
        "life_lost": EventSpec({"player": "player", "amount": "int", "life": "int"}),
        "life_gained": EventSpec({"player": "player", "amount": "int"}),
        "discarded": EventSpec(_CARD),
        "rested": EventSpec(_CARD),
        "copied": EventSpec({**_CARD, "targets": "any"}, extra=_targets),
    }
    ACTIONS = {
        "mulligan": ActionSpec("mulligan", {"cards": "cards"}, extra=_mulligan, cards=(),
                               variant=action_variant("cards", "keep", lambda v: not v)),
        "call_magic_stone": ActionSpec("stone", cards=()),
        "summon": ActionSpec("summon", {"card": "card"}, extra=_cost_of),
        "play_spell": ActionSpec("spell", {"card": "card"}, extra=_cost_of),
        "play_addition": ActionSpec("addition", {"card": "card"}, extra=_cost_of),
        "set_chant_standby": ActionSpec("standby", {"card": "card"}),
        "activate_chant_standby": ActionSpec("standby", {"card": "card"}),
        "judgment": ActionSpec("judgment", cards=()),
        "activate_ability": ActionSpec("ability", {"card": "card"}, extra=_ability),
        "lifebreak": ActionSpec("lifebreak", cards=()),
        "attack": ActionSpec("attack", {"card": "card", "target": "card"}, cards=("card", "target"),
                             variant=action_variant("target", "player", is_player)),
        "block": ActionSpec("block", {"card": "card"}),
        "pay": ActionSpec("pay", extra=_payment, cards=(), variant=action_variant("cards", "pool", lambda v: not v)),
    }

    def asking_card(self, state: State) -> int | None:
        """The card being played or activated while its modes, targets and will are chosen
        (FOW-105: the ``declaring`` item), so a prompt names it: "Thunder: choose a target"."""
        declaring = state.flags.get("declaring")
        decision = state.decision
        if decision is not None and decision.kind in ("target", "mode", "pay") and isinstance(declaring, Mapping):
            for key in ("source", "card"):
                value = declaring.get(key)
                if isinstance(value, int) and not isinstance(value, bool):
                    return value
        return super().asking_card(state)

    def card_face(self, view: Mapping[str, Any], say: Say) -> Json:
        face = super().card_face(view, say)
        if face.get("hidden"):
            return face
        stats = face["stats"]
        if "atk" in view:
            stats.append({"key": "atk", "label": say.t("stats", "atk"), "value": view["atk"]})
            stats.append({"key": "def", "label": say.t("stats", "def"), "value": view["def"]})
        if view.get("damage"):  # FOW-45: damage stays on it until the End Phase
            stats.append({"key": "damage", "label": say.t("stats", "damage"), "value": view["damage"]})
        if view.get("cost"):
            stats.append(self._cost(view["cost"], say))
        d = _pool().get(view["name"])
        j_ruler = view.get("side") == "j_ruler"  # FOW-36: turned to its J-ruler side
        if d is not None and d.j_activate and not j_ruler:  # FOW-36: what Judgment costs
            stats.append({"key": "j_activate", "label": say.t("stats", "j_activate"),
                          "value": cost_words(say, d.j_activate)})
        if view.get("entered_this_turn") and "atk" in view:  # FOW-42: it cannot attack this turn
            face["status"].append(say.t("statuses", "entered_this_turn"))
        face["colors"] = list(view.get("attributes", ()))
        notes = [say.t("card_types", "j_ruler" if j_ruler else str(view.get("subtype") or view.get("type")))]
        notes += [say.t("attributes", a) for a in face["colors"]]
        if j_ruler and view.get("j_ruler_name") not in (None, view["name"]):
            notes.append(say.t("words", "j_ruler_side", name=view["j_ruler_name"]))
        if d is not None:
            notes += _printed_notes(d, j_ruler and not view.get("spent"), say)
        additions = [a for a in view.get("additions", ()) if "name" in a]
        if additions:  # FOW-23: the Addition: Resonator cards on it
            face["under"] = [a["name"] for a in additions]
            notes.append(say.t("words", "with_additions", names=", ".join(face["under"])))
        face["notes"] = notes
        if d is not None:
            face.update(self._printed(d, j_ruler, bool(view.get("spent")), notes[0], say))
            if not face["colors"]:  # FOW-8: a special magic stone's frame is the will it produces
                face["colors"] = list(d.produces)
        return face

    def battle_line(self, battle: Mapping[str, Any], attacker: Fighter, target: Fighter | None, defender: int,
                    say: Say) -> str:
        """FOW-44..46: unblocked on the player, damage equal to the attacker's ATK; against a
        card, each deals its ATK to the other, and a card whose damage reaches its DEF is
        destroyed (the damage already on it counts, FOW-45; First Strike aside)."""
        if target is None:
            line = say.t("battle", "direct", attacker=attacker.text, attacker_stats=self._stats(attacker, say),
                         target=say.who(defender))
            atk = attacker.number("atk")
            return line if atk is None else say.t("battle", "with", line=line,
                                                     outcome=battle_words("damage", defender, say, n=atk))
        line = say.t("battle", "line", attacker=attacker.text, attacker_stats=self._stats(attacker, say),
                     target=target.text, target_stats=self._stats(target, say))
        a_falls, t_falls = self._falls(attacker, target), self._falls(target, attacker)
        if a_falls is None or t_falls is None:
            return line
        if a_falls and t_falls:
            outcome = say.t("battle", "both_destroyed")
        elif a_falls or t_falls:
            outcome = say.t("battle", "destroyed", card=(attacker if a_falls else target).text)
        else:
            outcome = say.t("battle", "none_destroyed")
        return say.t("battle", "with", line=line, outcome=outcome)

    def _stats(self, fighter: Fighter, say: Say) -> str:
        """ATK/DEF as they are now, each with its change from the printed card (not on a
        J-ruler's side), and the damage already on it."""
        j_ruler = fighter.view.get("side") == "j_ruler"
        atk = fighter.value("atk", None if j_ruler else self.printed(fighter, "atk"), say)
        def_ = fighter.value("def", None if j_ruler else self.printed(fighter, "def_"), say)
        damage = fighter.number("damage")
        if damage:
            return say.t("battle", "stats.damaged", atk=atk, def_=def_, damage=damage)
        return say.t("battle", "stats", atk=atk, def_=def_)

    @staticmethod
    def _falls(card: Fighter, other: Fighter) -> bool | None:
        """Whether ``other``'s battle damage destroys ``card`` (None: a number is unknown)."""
        atk, def_ = other.number("atk"), card.number("def")
        if atk is None or def_ is None:
            return None
        return atk > 0 and atk + (card.number("damage") or 0) >= def_
    @staticmethod
    def _printed(d: ForceOfWillCard, j_ruler: bool, spent: bool, kind: str, say: Say) -> Json:
        """The type line (its kind and races) and the keyword badges of the side face up; a
        J-ruler destroyed and back as a ruler has no abilities (FOW-40)."""
        side = d.j_ruler if j_ruler and d.j_ruler is not None else None
        keywords = None if j_ruler and spent else (side.keywords if side is not None else d.keywords)
        return {"type_line": type_line(kind, side.races if side is not None else d.races),
                "badges": [say.t("keywords", k) for k in BADGES if keywords is not None and getattr(keywords, k)]}

    def _cost(self, cost: Mapping[str, int], say: Say) -> Json:
        """FOW-66: a cost as printed, one symbol per will of an attribute (``pips``, in its
        colour) then the free cost's number (``short``); ``value`` says it in words."""
        pips = [self.PALETTE[a] for a in ATTRIBUTES for _ in range(int(cost.get(a, 0))) if a in self.PALETTE]
        generic = int(cost.get("generic", 0))
        return {"key": "cost", "label": say.t("stats", "cost"), "value": cost_words(say, cost), "pips": pips,
                "short": str(generic) if generic or not pips else ""}

    def counters(self, player: Mapping[str, Any], say: Say) -> list[Json]:
        """Life (FOW-63); the will pool by attribute (FOW-26); the Lifebreak area: cards left and
        revealed so far, and how many more this life allows (FOW-61); recovered magic stones."""
        counters = player.get("counters", {})
        zones = player["zones"]
        life = int(counters.get("life", 0))
        pool: dict[str, int] = {a: int(counters.get(f"will_{a}", 0)) for a in ATTRIBUTES}
        lifebreak = zones.get("lifebreak_area", {})
        left = lifebreak.get("count", 0) if isinstance(lifebreak, dict) else len(lifebreak)
        revealed = int(counters.get("lifebreak_revealed", 0))
        stones = zones.get("magic_stone_area", [])
        recovered = sum(1 for v in stones if not v.get("rested")) if isinstance(stones, list) else 0
        return [
            {"key": "life", "label": say.t("counters", "life"), "value": life},
            {"key": "will", "label": say.t("counters", "will"), "value": _pool_words(say, pool)},
            {"key": "lifebreak", "label": say.t("counters", "lifebreak"),
             "value": say.t("counters", "lifebreak_value", left=left, revealed=revealed,
                            more=max(0, min(lifebreak_limit(life) - revealed, left)))},
            {"key": "stones", "label": say.t("counters", "stones"), "value": f"{recovered}/{len(stones)}"},
        ]

    def card_facts(self, card: Any, say: Say) -> list[str]:
        facts = [say.t("card_types", str(card.subtype))] if card.subtype else []
        if card.attributes:
            facts.append("/".join(say.t("attributes", a) for a in card.attributes))
        if card.type not in ("ruler", "magic_stone"):
            facts.append(say.t("stats", "cost") + ": " + cost_words(say, card.cost))
        if card.type == "resonator":
            facts.append(f"{say.t('stats', 'atk')} {card.atk} / {say.t('stats', 'def')} {card.def_}")
        if card.races:
            facts.append(", ".join(card.races))
        keywords = [say.t("keywords", k) for k in KEYWORD_NAMES if getattr(card.keywords, k)]
        if keywords:
            facts.append(", ".join(keywords))
        if card.produces:
            facts.append(say.t("words", "produces", will=" / ".join(say.t("attributes", a) for a in card.produces)))
        if card.j_ruler is not None:
            j = card.j_ruler
            facts.append(say.t("words", "j_activate", cost=cost_words(say, card.j_activate)))
            facts.append(say.t("words", "j_ruler_stats", name=j.name, atk=j.atk, def_=j.def_))
        return facts


PRESENTATION = ForceOfWillPresentation
