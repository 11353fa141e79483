"""How the One Piece Card Game is shown (tcg/core/presentation.py): its board, events and actions.

What a player follows in One Piece is mostly DON!!: how many are active and rested in each
cost area, how many are left in the DON!! deck, and how many are given to each Leader and
Character (each one +1000 power in its owner's turn, OP-16 / OP-107). DON!! cards carry no
identity (queries.py), so they are shown as counts: the player's counters and each card's
``don``. Life cards are face down and secret to both players (OP-110): a count.

The words are in ``texts/<lang>.yaml`` (English; Italian, the source document's language,
with its glossary's words: rules/one_piece.md section 3)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action
from tcg.core.presentation import (
    CORE_ACTIONS,
    ActionSpec,
    EventSpec,
    Fighter,
    Json,
    Presentation,
    Say,
    ZoneSpec,
    action_variant,
    event_variant,
    type_line,
    versus_of,
)
from tcg.core.stops import Flow

if TYPE_CHECKING:
    from tcg.core.game import Game
    from tcg.core.state import State
    from tcg.games.one_piece.cards import OnePieceCard

_CARD = {"card": "card", "player": "player"}
#: Zones a Leader, Character or Stage is in play in: drawn as active or rested (OP-110).
FIELD_ZONES = ("leader", "characters", "stage")
#: The keywords of OP-119 a card definition may have, in the order shown.
KEYWORDS = ("blocker", "rush", "double_attack", "banish")


# ---------------------------------------------------------------------- events
def _battle(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """OP-115 step 4: the attacker wins when its power is greater than or equal to the target's."""
    a, b = ev.get("attacker_power"), ev.get("target_power")
    won = isinstance(a, int) and isinstance(b, int) and a >= b
    return {"outcome": say.word("attack_hits" if won else "attack_fails")}


def _don_key(say: Say, ev: Mapping[str, Any]) -> str | None:
    key = f"don_moved.{ev.get('source')}.{ev.get('target')}"
    return key if say.has("events", key) else None


def _don_level(say: Say, ev: Mapping[str, Any]) -> str:
    """DON!! coming into or leaving the cost area is news (the DON!! phase, DON!! -X, effects);
    rested DON!! becoming active again is the Refresh phase's bookkeeping (OP-106)."""
    return "minor" if ev.get("target") == "cost_area_active" and ev.get("source") == "cost_area_rested" else "major"


def _move_key(say: Say, ev: Mapping[str, Any]) -> str | None:
    """A move with its own sentence (a Life card to the hand, a bounce) is news; a redacted
    one (a face-down card the viewer may not know) has its own ``.hidden`` sentence."""
    key = f"card_moved.{ev.get('from')}.{ev.get('to')}"
    if ev.get("hidden") and say.has("events", key + ".hidden"):
        return key + ".hidden"
    return key if say.has("events", key) else None


# ---------------------------------------------------------------------- actions
def _choice_extra(say: Say, action: Action) -> dict[str, str]:
    """An option as the game's word; a number ("up to N", OP-121) as "take n"."""
    out: dict[str, str] = {}
    option = action.get("option")
    if isinstance(option, int) and not isinstance(option, bool):
        out["option"] = say.t("options", "count", n=option)
    elif option is not None:
        key = str(option)
        out["option"] = say.t("options", key) if say.has("options", key) else key.replace("_", " ")
    return out


def _choice_variant(action: Action) -> str:
    for name in ("card", "option", "player"):
        if action.get(name) is not None:
            return f"choose.{name}"
    return "choose"


class OnePiecePresentation(Presentation):
    ZONES = (ZoneSpec("leader", "field"), ZoneSpec("characters", "field"), ZoneSpec("stage", "field"),
             ZoneSpec("life", "row"), ZoneSpec("hand", "hand"), ZoneSpec("deck", "pile"),
             ZoneSpec("trash", "pile"))
    GROUPS = ("play", "don", "ability", "attack", "block", "counter", "trigger")
    #: Moving on; the Counter Step and a life card's Trigger are the response windows; every choice
    #: of a turn is made in its Main Phase.
    FLOW = Flow(moving_on={"pass": 0, "end_turn": 2}, windows=frozenset({"counter", "trigger"}), phases=("main",))
    STATUSES = ("rested", "entered_this_turn")
    # The printed card (OP-123): cost top left, power top right, the Counter on the left side;
    # the DON!! given drawn on it; the frame in its colours, two-toned for a two-coloured card.
    PALETTE = {"red": "#d9423a", "green": "#2f9e5b", "blue": "#2f7fd0", "purple": "#8a4fc0",
               "black": "#5a5a5a", "yellow": "#e0c23a"}
    STAT_PLACES = {"cost": "top_left", "power": "top_right", "counter": "side", "don": "chip"}
    EVENTS = {
        "mulligan": EventSpec({"player": "player"}),
        "played": EventSpec(_CARD),
        "activated": EventSpec(_CARD),
        "don_given": EventSpec({**_CARD, "don": "int"}),
        "don_moved": EventSpec({"player": "player", "source": "word", "target": "word", "count": "int"},
                               level=_don_level, variant=lambda say, ev: _don_key(say, ev) or "don_moved"),
        "don_returned": EventSpec(_CARD),
        "attack": EventSpec({**_CARD, "target": "card", "attacker_power": "int", "target_power": "int"},
                            extra=versus_of("attacker_power", "target_power")),
        "block": EventSpec({**_CARD, "power": "int", "attacker_power": "int"},
                           extra=versus_of("power", "attacker_power")),
        "counter": EventSpec({**_CARD, "target": "card", "amount": "int"},
                             variant=event_variant("target", "event", lambda v: v is None)),
        "battle": EventSpec({"attacker": "card", "target": "card", "attacker_power": "int", "target_power": "int"},
                            extra=_battle),
        "damage": EventSpec({"player": "player"}),
        "trigger": EventSpec(_CARD),
        "ko": EventSpec(_CARD),
        "trashed_for_room": EventSpec(_CARD),
        "battle_end": EventSpec({}, level="minor"),
        "shuffled": EventSpec({"player": "player"}, level="minor"),
        "card_moved": EventSpec({"card": "card", "player": "player", "from_player": "player", "from": "zone",
                                 "to": "zone"}, level=lambda say, ev: "major" if _move_key(say, ev) else "minor",
                                variant=lambda say, ev: _move_key(say, ev) or "card_moved"),
    }

    def asking_card(self, state: State) -> int | None:
        """An "[On Play] DON!! -1" offer names the card whose cost it is (``cost_offer``)."""
        decision = state.decision
        task = decision.data.get("task") if decision is not None else None
        offer = task.get("cost_offer") if isinstance(task, Mapping) else None
        if isinstance(offer, list | tuple) and offer and isinstance(offer[0], int):
            return int(offer[0])
        return super().asking_card(state)

    def __init__(self, game: Game[Any], folder: Path) -> None:
        super().__init__(game, folder)
        self.ACTIONS = self._actions()

    # ------------------------------------------------------------------ actions
    def _definition(self, say: Say, cid: Any) -> OnePieceCard | None:
        """The printed card behind an id the viewer may know (None for a hidden one)."""
        name = say.namer(cid) if isinstance(cid, int) else None
        card: OnePieceCard | None = self.game.cards().get(name) if name is not None else None
        return card

    def _actions(self) -> dict[str, ActionSpec]:
        """Every action of the rulebook; the extras read the printed card (a Counter value, which
        of a card's [Activate: Main] effects) through the viewer's namer, so hide nothing."""

        def counter(say: Say, action: Action) -> dict[str, str]:
            card = self._definition(say, action.get("card"))
            return {"amount": str(card.counter) if card is not None else "?"}

        def activate(say: Say, action: Action) -> dict[str, str]:
            card = self._definition(say, action.get("card"))
            index = action.get("effect")
            if card is None or not isinstance(index, int):
                return {"which": ""}
            mains = [i for i, ab in enumerate(card.abilities) if ab.when == "activate_main"]
            which = mains.index(index) + 1 if index in mains and len(mains) > 1 else None
            return {"which": say.t("words", "nth_effect", n=which) if which else ""}

        return {
            "play": ActionSpec("play", {"card": "card"}),
            "give_don": ActionSpec("don", {"card": "card"}),
            "activate": ActionSpec("ability", {"card": "card"}, extra=activate),
            "attack": ActionSpec("attack", {"card": "card", "target": "card"}, cards=("card", "target")),
            "block": ActionSpec("block", {"card": "card"}),
            "counter": ActionSpec("counter", {"card": "card", "target": "card"}, extra=counter,
                                  cards=("card", "target"),
                                  variant=action_variant("target", "event", lambda v: v is None)),
            "use_trigger": ActionSpec("trigger", {"card": "card"}),
            "choose": ActionSpec("choose", {**CORE_ACTIONS["choose"].fields}, extra=_choice_extra,
                                 variant=_choice_variant),
        }

    # ------------------------------------------------------------------ the board
    def card_face(self, view: Mapping[str, Any], say: Say) -> Json:
        """Power (with its DON!!, OP-16), the DON!! given, cost, Counter value; colours, keywords.
        A Leader's printed life is left to its text panel: the Life that counts is the counter."""
        face = super().card_face(view, say)
        if face.get("hidden"):
            return face

        def stat(key: str, value: Any) -> Json:
            return {"key": key, "label": say.t("stats", key), "value": value}

        kind = view.get("type")
        if "power" in view:
            face["stats"].append(stat("power", view["power"]))
        if view.get("don"):
            face["stats"].append(stat("don", view["don"]))
        if kind != "leader":
            face["stats"].append(stat("cost", view.get("cost", 0)))
        if view.get("counter"):
            face["stats"].append(stat("counter", f"+{view['counter']}"))
        card = self.game.cards().get(str(view["name"]))  # the printed card: its keywords
        face["colors"] = list(view.get("colors", ()))
        face["notes"] = [say.t("card_types", str(kind)), *(say.t("colors", c) for c in face["colors"])]
        if view.get("don"):
            face["notes"].append(say.t("words", "don_given", n=view["don"], bonus=1000 * int(view["don"])))
        if card is not None:
            badges = [say.t("keywords", k) for k in KEYWORDS if getattr(card.keywords, k)]
            if card.trigger:
                badges.append(say.t("keywords", "trigger"))
            face["notes"].extend(badges)
            face["badges"] = badges
            face["type_line"] = type_line(say.t("card_types", str(kind)), card.traits)
        return face

    def board(self, obs: Mapping[str, Any], say: Say) -> Json:
        """The core's board, with "active" on every untapped card in play (rested / active is
        what a One Piece player reads first: who may attack, block, be attacked)."""
        out = super().board(obs, say)
        active = say.t("statuses", "active")
        for player in out["players"]:
            for zone in player["zones"]:
                if zone["name"] in FIELD_ZONES and zone["cards"]:
                    for face in zone["cards"]:
                        if not face.get("hidden") and say.t("statuses", "rested") not in face["status"]:
                            face["status"].insert(0, active)
        return out

    def battle_line(self, battle: Mapping[str, Any], attacker: Fighter, target: Fighter | None, defender: int,
                    say: Say) -> str:
        """OP-115: power against power, and what it takes to stop the attack: the attacker wins
        ties, so the defender needs the difference plus 1000 (*you need +1000*), else the
        attack falls short."""
        if target is None:  # (a One Piece attack always has a card as its target)
            return super().battle_line(battle, attacker, target, defender, say)
        line = say.t("battle", "line", attacker=attacker.text, target=target.text,
                     attacker_power=attacker.value("power", self.printed(attacker, "power"), say),
                     target_power=target.value("power", self.printed(target, "power"), say))
        a, t = attacker.number("power"), target.number("power")
        if a is None or t is None or battle.get("settled"):
            return line
        if a >= t:
            return say.t("battle", "with", line=line, outcome=self.battle_need(a - t + 1000, defender, say))
        return say.t("battle", "with", line=line, outcome=say.t("battle", "short", n=t - a))

    def counters(self, player: Mapping[str, Any], say: Say) -> list[Json]:
        """Life (a count: the cards are secret, OP-110), the cost area's active and rested DON!!,
        the DON!! deck, the DON!! given to cards (the ten are always somewhere), hand and deck."""
        zones, c = player["zones"], player.get("counters", {})

        def count(zone: str) -> int:
            content = zones.get(zone, [])
            return int(content.get("count", 0)) if isinstance(content, dict) else len(content)

        given = sum(int(v.get("don", 0)) for z in ("leader", "characters") for v in zones.get(z, [])
                    if isinstance(v, dict))
        rows = [("life", count("life")), ("cost_area_active", c.get("cost_area_active", 0)),
                ("cost_area_rested", c.get("cost_area_rested", 0)), ("don_given", given),
                ("don_deck", c.get("don_deck", 0)), ("hand", count("hand")), ("deck", count("deck"))]
        return [{"key": k, "label": say.t("counters", k), "value": v} for k, v in rows]

    def card_facts(self, card: Any, say: Say) -> list[str]:
        """OP-123: the printed numbers and words of each card type."""
        facts = []
        if card.type != "leader":
            facts.append(say.t("stats", "cost") + f" {card.cost}")
        if card.type in ("leader", "character"):
            facts.append(say.t("stats", "power") + f" {card.power}")
        if card.type == "leader":
            facts.append(say.t("stats", "life") + f" {card.life}")
        if card.counter:
            facts.append(say.t("stats", "counter") + f" +{card.counter}")
        if card.colors:
            facts.append("/".join(say.t("colors", c) for c in card.colors))
        if card.attribute:
            facts.append(str(card.attribute))
        if card.traits:
            facts.append(", ".join(card.traits))
        keywords = [say.t("keywords", k) for k in KEYWORDS if getattr(card.keywords, k)]
        if card.trigger:
            keywords.append(say.t("keywords", "trigger"))
        if keywords:
            facts.append(", ".join(keywords))
        if card.card_number:
            facts.append(str(card.card_number))
        return facts


PRESENTATION = OnePiecePresentation
