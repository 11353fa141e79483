"""How Duel Masters is shown (tcg/core/presentation.py): its board, events and actions.

The words are in ``texts/<lang>.yaml`` (English, Italian, and Polish, the source document's
language: its glossary's words, DM brief section 3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tcg.core.actions import Action
from tcg.core.presentation import (
    ActionSpec,
    EventSpec,
    Json,
    Presentation,
    Say,
    ZoneSpec,
    action_variant,
    event_variant,
    is_player,
)
from tcg.core.stops import Flow

_CARD = {"card": "card", "player": "player"}


def _battle(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """DM-60..63: the higher power wins; equal powers destroy both."""
    winner = ev.get("winner")
    outcome = say.t("words", "both_destroyed") if winner is None else say.t("words", "wins", card=say.card(winner))
    return {"outcome": outcome}


def _break(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """DM-41: the shield goes to its owner's hand; its name only to those who may see it."""
    return {"index": str(int(ev.get("index", 0)) + 1) if isinstance(ev.get("index"), int) else "?"}


def _payment(say: Say, action: Action) -> dict[str, str]:
    cards = action.get("cards") or ()
    return {"n": str(len(cards)), "cards": ", ".join(say.card(c) for c in cards)}


class DuelMastersPresentation(Presentation):
    ZONES = (ZoneSpec("battle", "field"), ZoneSpec("shields", "row"), ZoneSpec("mana", "row"),
             ZoneSpec("hand", "hand"), ZoneSpec("deck", "pile"), ZoneSpec("graveyard", "pile"))
    GROUPS = ("charge", "summon", "cast", "attack", "block", "ability", "trigger", "pay")
    #: Moving on; the shield trigger is the one response window; stops in the steps with choices.
    FLOW = Flow(moving_on={"pass": 0, "next_phase": 1, "end_turn": 2}, windows=frozenset({"shield_trigger"}),
                phases=("charge", "main", "attack"))
    STATUSES = ("tapped", "entered_this_turn")
    EVENTS = {
        "mana_charged": EventSpec(_CARD),
        "summoned": EventSpec({**_CARD, "onto": "card"}, variant=event_variant("onto", "onto")),
        "cast": EventSpec(_CARD),
        "shield_trigger": EventSpec(_CARD),
        "silent_skill": EventSpec(_CARD),
        "tap_ability": EventSpec(_CARD),
        "attack": EventSpec({**_CARD, "target": "card"}, variant=event_variant("target", "player", is_player)),
        "attack_ended": EventSpec({}, level="minor"),
        "block": EventSpec({**_CARD, "attacker": "card"}),
        "battle": EventSpec({"attacker": "card", "defender": "card", "attacker_power": "int",
                             "defender_power": "int", "winner": "card"}, extra=_battle),
        "battle_lost": EventSpec(_CARD, level="minor"),
        "destroyed": EventSpec(_CARD),
        "destruction_replaced": EventSpec({**_CARD, "to": "zone"}),
        "option_chosen": EventSpec({**_CARD, "option": "int"}),
        "break_shield": EventSpec({**_CARD, "attacker": "card", "index": "int"}, extra=_break,
                                  variant=event_variant("hidden", "hidden")),
        "power_modified": EventSpec({"card": "card", "amount": "int"}),
        "keywords_granted": EventSpec({"card": "card", "keywords": "any"}, level="minor",
                                      extra=lambda say, ev: {"keywords": ", ".join(
                                          say.t("keywords", str(k)) for k in ev.get("keywords") or ())}),
        "tapped": EventSpec(_CARD, level="minor"),
        "untapped": EventSpec({**_CARD, "cards": "cards"}, level="minor", variant=event_variant("cards", "cards")),
        "shuffled": EventSpec({"player": "player"}, level="minor"),
        "state_check": EventSpec({}, level="minor"),
    }
    ACTIONS = {
        "charge_mana": ActionSpec("charge", {"card": "card"}),
        "summon": ActionSpec("summon", {"card": "card", "onto": "card"}, cards=("card", "onto"),
                             variant=action_variant("onto", "onto")),
        "cast": ActionSpec("cast", {"card": "card"}),
        "attack": ActionSpec("attack", {"card": "card", "target": "card"}, cards=("card", "target"),
                             variant=action_variant("target", "player", is_player)),
        "block": ActionSpec("block", {"card": "card"}),
        "pay": ActionSpec("pay", extra=_payment, cards=()),
        "silent_skill": ActionSpec("ability", {"card": "card"}),
        "tap_ability": ActionSpec("ability", {"card": "card"}),
        "use_shield_trigger": ActionSpec("trigger", {"card": "card"}),
    }

    def card_face(self, view: Mapping[str, Any], say: Say) -> Json:
        face = super().card_face(view, say)
        if face.get("hidden"):
            return face
        if "power" in view:
            face["stats"].append({"key": "power", "label": say.t("stats", "power"), "value": view["power"]})
        face["stats"].append({"key": "cost", "label": say.t("stats", "cost"), "value": view.get("cost")})
        face["colors"] = list(view.get("civilizations", ()))
        face["notes"] = [say.t("civilizations", c) for c in face["colors"]]
        if view.get("under"):
            face["under"] = list(view["under"])
        return face

    def counters(self, player: Mapping[str, Any], say: Say) -> list[Json]:
        """Duel Masters keeps no counters: what a player has is counted from their zones
        (DM-3: shields; mana, untapped of all; the deck, DM-4)."""
        zones = player["zones"]

        def count(zone: str) -> int:
            content = zones.get(zone, [])
            return int(content.get("count", 0)) if isinstance(content, dict) else len(content)

        mana = zones.get("mana", [])
        untapped = sum(1 for v in mana if not v.get("tapped")) if isinstance(mana, list) else 0
        return [{"key": "shields", "label": say.zone("shields"), "value": count("shields")},
                {"key": "mana", "label": say.t("counters", "mana"), "value": f"{untapped}/{count('mana')}"},
                {"key": "hand", "label": say.zone("hand"), "value": count("hand")},
                {"key": "deck", "label": say.zone("deck"), "value": count("deck")}]

    def card_facts(self, card: Any, say: Say) -> list[str]:
        facts = [say.t("stats", "cost") + f" {card.cost}"]
        if card.type != "spell":
            facts.append(say.t("stats", "power") + f" {card.power}")
        facts.append("/".join(say.t("civilizations", c) for c in card.civilizations))
        if getattr(card, "races", None):
            facts.append(", ".join(card.races))
        return facts


PRESENTATION = DuelMastersPresentation
