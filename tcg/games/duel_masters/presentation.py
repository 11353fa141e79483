"""How Duel Masters is shown (tcg/core/presentation.py): its board, events and actions.

The words are in ``texts/<lang>.yaml`` (English, Italian, and Polish, the source document's
language: its glossary's words, DM brief section 3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

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
    event_variant,
    is_player,
    type_line,
    versus_of,
)
from tcg.core.stops import Flow

if TYPE_CHECKING:
    from tcg.core.state import State

_CARD = {"card": "card", "player": "player"}
#: The printed keywords drawn as badges on a face: (the catalogue's word, the card's field).
_BADGES = (("shield_trigger", "shield_trigger"), ("blocker", "blocker"), ("speed_attacker", "speed_attacker"),
           ("power_attacker", "power_attacker"), ("double_breaker", "double_breaker"),
           ("triple_breaker", "triple_breaker"), ("slayer", "slayer"), ("charger", "charger"),
           ("survivor", "survivor"), ("stealth", "stealth"), ("turbo_rush", "turbo_rush"),
           ("cannot_be_blocked", "cant_be_blocked"))


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
    ZONES = (ZoneSpec("battle", "field"), ZoneSpec("shields", "row"), ZoneSpec("mana", "row", compact=True),
             ZoneSpec("hand", "hand"), ZoneSpec("deck", "pile"), ZoneSpec("graveyard", "pile"))
    GROUPS = ("charge", "summon", "cast", "attack", "block", "ability", "trigger", "pay")
    #: Moving on; the shield trigger is the one response window; stops in the steps with choices;
    #: ``pay`` only chooses the mana to tap for a card already chosen (DM-9): paid for you.
    FLOW = Flow(moving_on={"pass": 0, "next_phase": 1, "end_turn": 2}, windows=frozenset({"shield_trigger"}),
                phases=("charge", "main", "attack"), payments=frozenset({"pay"}))
    STATUSES = ("tapped", "entered_this_turn")
    EVENTS = {
        "mana_charged": EventSpec(_CARD),
        "summoned": EventSpec({**_CARD, "onto": "card"}, variant=event_variant("onto", "onto")),
        "cast": EventSpec(_CARD),
        "shield_trigger": EventSpec(_CARD),
        "silent_skill": EventSpec(_CARD),
        "tap_ability": EventSpec(_CARD),
        "attack": EventSpec({**_CARD, "target": "card", "attacker_power": "int", "target_power": "int"},
                            variant=event_variant("target", "player", is_player),
                            extra=versus_of("attacker_power", "target_power")),
        "attack_ended": EventSpec({}, level="minor"),
        "block": EventSpec({**_CARD, "attacker": "card", "power": "int", "attacker_power": "int"},
                           extra=versus_of("power", "attacker_power")),
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

    # The printed card: its cost in the civilization's circle top left, its power bottom left.
    PALETTE = {"light": "#e3c84f", "water": "#3f8fe0", "darkness": "#8a6fa8", "fire": "#e0503f",
               "nature": "#4fae5c"}
    STAT_PLACES = {"cost": "top_left", "power": "bottom_left"}

    def option_place(self, state: State, action: Action) -> Json | None:
        """DM-56: a shield to break is chosen by its place among the defender's face-down shields."""
        decision = state.decision
        if decision is None or decision.kind != "break" or action.type != "choose":
            return None
        return {"seat": decision.data["defender"], "zone": "shields", "index": action.get("index")}

    def card_face(self, view: Mapping[str, Any], say: Say) -> Json:
        """Cost, power, civilizations (the frame: two-coloured for a multicolour card, DM-8),
        the type line (card type and races) and the printed keywords as badges."""
        face = super().card_face(view, say)
        if face.get("hidden"):
            return face
        card = self.game.cards().get(str(view["name"]))
        if "power" in view:
            power: Json = {"key": "power", "label": say.t("stats", "power"), "value": view["power"]}
            if card is not None and card.power != view["power"]:
                power["printed"] = card.power
            face["stats"].append(power)
        face["stats"].append({"key": "cost", "label": say.t("stats", "cost"), "value": view.get("cost")})
        face["colors"] = list(view.get("civilizations", ()))
        face["notes"] = [say.t("civilizations", c) for c in face["colors"]]
        if card is not None:
            face["type_line"] = type_line(say.t("card_types", card.type), card.races)
            face["badges"] = [say.t("keywords", word) for word, field_ in _BADGES if getattr(card.keywords, field_)]
        if view.get("under"):
            face["under"] = list(view["under"])
        return face

    def battle_line(self, battle: Mapping[str, Any], attacker: Fighter, target: Fighter | None, defender: int,
                    say: Say) -> str:
        """DM-109: power against power (the lower is destroyed, both at equal power); an attack
        on the player: the shields it breaks (DM-56..61)."""
        power = attacker.value("power", self.printed(attacker, "power"), say)
        if target is None:
            line = say.t("battle", "direct", attacker=attacker.text, attacker_power=power, target=say.who(defender))
            n = battle.get("breaks")
            if not isinstance(n, int):
                return line
            breaks = say.t("battle", "breaks_one" if n == 1 else "breaks_many", n=n)
            return say.t("battle", "with", line=line, outcome=breaks)
        line = say.t("battle", "line", attacker=attacker.text, attacker_power=power, target=target.text,
                     target_power=target.value("power", self.printed(target, "power"), say))
        a, b = attacker.number("power"), target.number("power")
        if a is None or b is None:
            return line
        return say.t("battle", "with", line=line, outcome=self.higher_wins(a, b, attacker, target, say))

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
