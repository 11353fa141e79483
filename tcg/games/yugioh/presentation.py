"""How Yu-Gi-Oh! is shown (tcg/core/presentation.py): its board, events and actions.

The words are in ``texts/<lang>.yaml``: English, and Italian with the source document's own
words (the brief's glossary, section 3: Zona Mostri, Cimitero, posizione di difesa, Punti
Vita...). A monster's battle position and a Set card are statuses; a face-down card on the
field is a back to the opponent (its id is known, ``REFERABLE_FACE_DOWN``, never its name).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

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
    versus,
)
from tcg.core.stops import Flow

_CARD = {"card": "card", "player": "player"}
#: What everyone knows of a face-down card by the zone it is in (YGO-112, YGO-119).
_BACK_STATUS = {"monster_zone": "face_down_defense", "spell_trap_zone": "set", "field_zone": "set"}


def _names(say: Say, cards: Any) -> str:
    """Cards as a list a person reads: "A", "A and B", "A, B and C"."""
    names = [say.card(c) for c in cards or ()]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " " + say.word("and") + " " + names[-1]


# ---------------------------------------------------------------------- events
def _battle_variant(say: Say, ev: Mapping[str, Any]) -> str:
    """YGO-16..YGO-19: a direct attack, a battle against ATK or against DEF."""
    if ev.get("target") == "player":
        return "battle.direct"
    return "battle.defense" if "target_def" in ev else "battle"


def _battle(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """The outcome the rules give the values (YGO-16..YGO-19, YGO-121): the higher ATK
    destroys the lower; equal ATK destroy both (neither at 0); against DEF only a higher ATK
    destroys, and equal values leave both on the field. LP lost are their own events."""
    a = ev.get("attacker_atk")
    if ev.get("target") == "player" or not isinstance(a, int):
        return {}
    attacker, target = say.card(ev.get("attacker")), say.card(ev.get("target"))
    if "target_def" in ev:
        d = int(ev["target_def"])
        if a > d:
            return {"outcome": say.t("words", "is_destroyed", card=target)}
        return {"outcome": say.word("none_destroyed")}
    b = int(ev.get("target_atk", 0))
    if a > b:
        return {"outcome": say.t("words", "is_destroyed", card=target)}
    if a < b:
        return {"outcome": say.t("words", "is_destroyed", card=attacker)}
    return {"outcome": say.word("both_destroyed" if a else "none_destroyed")}


def _attack_values(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """An attack's declaration: the attacker's ATK against a face-up target's ATK or DEF; a
    face-down target is in Defense Position, its DEF unknown (``?``)."""
    def stat(key: str, value: Any) -> str:
        return say.t("battle", key, n="?" if value is None else value)

    theirs = None
    if "target_atk" in ev:
        theirs = stat("atk", ev["target_atk"])
    elif not is_player(ev.get("target")):
        theirs = stat("def", ev.get("target_def"))
    return {"versus": versus(say, stat("atk", ev.get("attacker_atk")), theirs)}


def _is(value: str) -> Callable[[Any], bool]:
    return lambda v: bool(v == value)


def _set_variant(say: Say, ev: Mapping[str, Any]) -> str:
    """A monster Set (``how: normal``, YGO-112) or a Spell/Trap Set (YGO-119); what it is only
    to its controller."""
    key = "set.spell_trap" if ev.get("how") == "spell_trap" else "set.monster"
    return key + ".hidden" if ev.get("hidden") else key


def _chain_variant(say: Say, ev: Mapping[str, Any]) -> str:
    """YGO-120: a chain link's number is news only once the chain has more than one link."""
    link = ev.get("chain_link")
    return "activated.chained" if isinstance(link, int) and link > 1 else "activated"


def _position(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    return {"position": say.t("positions", str(ev.get("position")))}


def _special_variant(say: Say, ev: Mapping[str, Any]) -> str:
    """A Fusion or Ritual Summon has its own sentence (summons.py)."""
    how = ev.get("how")
    return f"special_summoned.{how}" if how in ("fusion", "ritual") else "special_summoned"


# ---------------------------------------------------------------------- actions
def _tributes(say: Say, action: Action) -> dict[str, str]:
    """YGO-113: the monsters a Tribute Summon or Set gives up, by name."""
    tributes = action.get("tributes") or ()
    return {"tributes": _names(say, tributes), "n": str(len(tributes))}


_TRIBUTED = action_variant("tributes", "tribute", lambda t: bool(t))


class YugiohPresentation(Presentation):
    ZONES = (ZoneSpec("monster_zone", "field"), ZoneSpec("spell_trap_zone", "row"), ZoneSpec("field_zone", "row"),
             ZoneSpec("hand", "hand"), ZoneSpec("deck", "pile"), ZoneSpec("extra_deck", "pile"),
             ZoneSpec("graveyard", "pile"), ZoneSpec("banished", "pile"))
    GROUPS = ("summon", "set", "position", "activate", "attack")
    #: Moving on; the chain's response window, quiet (passed under Auto) at a phase change as in
    #: Master Duel; a stop in the Battle Phase covers its steps.
    FLOW = Flow(moving_on={"pass": 0, "next_phase": 1, "end_turn": 2}, windows=frozenset({"response"}),
                phases=("draw", "standby", "main1", "battle", "main2", "end"),
                phase_of={step: "battle" for step in ("start_step", "battle_step", "damage_step", "damage_calculation",
                                                      "end_of_damage_step", "end_step")},
                quiet=lambda decision: decision.data.get("context") == "phase")
    COUNTERS = ("lp",)
    # The printed frame by kind of card; the Level's stars under the name, ATK / DEF at the bottom.
    PALETTE = {"normal": "#c9a45c", "effect": "#c8703a", "fusion": "#8c5cb0", "ritual": "#4f7fd0",
               "synchro": "#d8d8d8", "xyz": "#555555", "link": "#2f6fb8", "spell": "#1e9a7a", "trap": "#b83a7c"}
    STAT_PLACES = {"level": "top_right", "atk": "bottom", "def": "bottom"}
    EVENTS = {
        "summoned": EventSpec({**_CARD, "how": "str"}, variant=event_variant("how", "flip", _is("flip"))),
        "special_summoned": EventSpec({**_CARD, "how": "str"}, variant=_special_variant),
        "fusion_material": EventSpec(_CARD),
        "tributed": EventSpec(_CARD),
        "set": EventSpec({**_CARD, "how": "str"}, variant=_set_variant),
        "flipped": EventSpec(_CARD),
        "revealed": EventSpec({"card": "card", "player": "player"}),
        "position_changed": EventSpec({**_CARD, "position": "str"}, extra=_position),
        "activated": EventSpec({**_CARD, "chain_link": "int"}, variant=_chain_variant),
        "negated": EventSpec({"card": "card"}),
        "equipped": EventSpec({**_CARD, "target": "card"}),
        "control_changed": EventSpec(_CARD),
        "attack": EventSpec({**_CARD, "target": "card", "attacker_atk": "int", "target_atk": "int",
                             "target_def": "int"},
                            variant=event_variant("target", "player", is_player), extra=_attack_values),
        "attack_retargeted": EventSpec({"player": "player", "target": "card"},
                                       variant=event_variant("target", "player", is_player)),
        "attack_stopped": EventSpec({"player": "player"}),
        "battle": EventSpec({"attacker": "card", "target": "card", "attacker_atk": "int", "target_atk": "int",
                             "target_def": "int", "result": "str"}, extra=_battle, variant=_battle_variant),
        "destroyed": EventSpec({**_CARD, "reason": "str"}, variant=event_variant("reason", "battle", _is("battle"))),
        "lp_lost": EventSpec({"player": "player", "amount": "int", "lp": "int"}),
        "lp_gained": EventSpec({"player": "player", "amount": "int"}),
        "phase_skipped": EventSpec({"player": "player", "phase": "phase"}),
        "hand_win": EventSpec(_CARD, variant=event_variant("hidden", "hidden")),
    }
    ACTIONS = {
        "normal_summon": ActionSpec("summon", {"card": "card"}, extra=_tributes, variant=_TRIBUTED),
        "flip_summon": ActionSpec("summon", {"card": "card"}),
        "set_monster": ActionSpec("set", {"card": "card"}, extra=_tributes, variant=_TRIBUTED),
        "set_spell_trap": ActionSpec("set", {"card": "card"}),
        "change_position": ActionSpec("position", {"card": "card"}),
        "activate": ActionSpec("activate", {"card": "card"}),
        "attack": ActionSpec("attack", {"card": "card", "target": "card"}, cards=("card", "target"),
                             variant=action_variant("target", "player", is_player)),
    }

    # ------------------------------------------------------------------ cards
    def battle_line(self, battle: Mapping[str, Any], attacker: Fighter, target: Fighter | None, defender: int,
                    say: Say) -> str:
        """YGO-16..YGO-19: ATK against ATK (an Attack Position target) or against DEF (a Defense
        Position one), with what would be destroyed and the battle damage; a face-down target's
        DEF is ``?`` to whoever may not see it, and then no outcome is told."""
        a = attacker.number("atk")
        atk = attacker.value("atk", self.printed(attacker, "atk"), say)
        if target is None:
            line = say.t("battle", "direct", attacker=attacker.text, attacker_atk=atk, target=say.who(defender))
            return line if a is None else say.t("battle", "with", line=line,
                                                   outcome=battle_words("damage", defender, say, n=a))
        attacking = target.view.get("position") == "attack"
        key, stat, printed = ("line", "atk", "atk") if attacking else ("line.defense", "def", "def_")
        line = say.t("battle", key, attacker=attacker.text, attacker_atk=atk, target=target.text,
                     target_value=target.value(stat, self.printed(target, printed), say))
        b = target.number(stat)
        if a is None or b is None:
            return line
        outcome = self._attack_outcome(a, b, attacker, target, defender, say) if attacking else \
            self._defense_outcome(a, b, target, defender, say)
        return say.t("battle", "with", line=line, outcome=outcome)

    def _attack_outcome(self, a: int, b: int, attacker: Fighter, target: Fighter, defender: int, say: Say) -> str:
        """YGO-16..18 (YGO-121: two 0 ATK monsters both stay)."""
        if a == b:
            return say.t("battle", "both_destroyed" if a else "none_destroyed")
        loser, hurt = (target, defender) if a > b else (attacker, 1 - defender)
        return ", ".join((say.t("battle", "destroyed", card=loser.text),
                          battle_words("damage", hurt, say, n=abs(a - b))))

    def _defense_outcome(self, a: int, d: int, target: Fighter, defender: int, say: Say) -> str:
        """YGO-19: a higher ATK destroys the defender (no damage); a lower one hurts the attacker."""
        if a > d:
            return say.t("battle", "destroyed", card=target.text)
        if a == d:
            return say.t("battle", "none_destroyed")
        return battle_words("damage", 1 - defender, say, n=d - a)

    def card_face(self, view: Mapping[str, Any], say: Say) -> Json:
        """Monsters: ATK, DEF (as they are now on the field, the printed value beside a changed
        one) and Level; the battle position as a status (YGO-115); a Set Spell or Trap as
        "Set" (seen only by its controller: the opponent gets a back). ``colors``: the card's
        frame (normal / effect / fusion / ritual monster, spell, trap)."""
        if view.get("hidden") or "name" not in view:
            return super().card_face(view, say)
        face: Json = {"id": view.get("id"), "name": view["name"], "stats": [], "notes": [], "status": []}
        d = self.game.cards().get(str(view["name"]))
        if view.get("type") == "monster":
            for key, printed in (("atk", getattr(d, "atk", None)), ("def", getattr(d, "def_", None))):
                stat: Json = {"key": key, "label": say.t("stats", key), "value": view.get(key)}
                if printed is not None and printed != view.get(key):
                    stat["printed"] = printed
                face["stats"].append(stat)
            face["stats"].append({"key": "level", "label": say.t("stats", "level"), "value": view.get("level"),
                                  "shape": "stars"})
        face["status"] = self._statuses(view, say)
        face["colors"] = [self._frame(d, view)]
        face["notes"] = self._notes(d, say)
        # YGO-115: a monster in Defense Position lies sideways; a Set card is face down
        face["turned"] = view.get("position") in ("defense", "face_down_defense")
        if view.get("face_down") or view.get("position") == "face_down_defense":
            face["face_down"] = True
        if d is not None:
            face["type_line"] = " / ".join(face["notes"][1:] if d.type == "monster" and d.attribute else face["notes"])
            face["badges"] = [say.t("attributes", str(d.attribute))] if d.attribute else []
        return face

    @staticmethod
    def _frame(d: Any, view: Mapping[str, Any]) -> str:
        if d is not None and d.type == "monster":
            return str(d.monster_kind or "normal")
        return str(view.get("type", ""))

    def _statuses(self, view: Mapping[str, Any], say: Say) -> list[str]:
        out: list[str] = []
        if "position" in view:  # in a Monster Zone: attack / defense / face_down_defense
            out.append(say.t("statuses", str(view["position"])))
            if view.get("entered_this_turn"):
                out.append(say.t("statuses", "summoned_this_turn"))
        elif view.get("face_down"):  # a Set Spell or Trap (YGO-118: not activated the turn it is Set)
            out.append(say.t("statuses", "set"))
            if view.get("entered_this_turn"):
                out.append(say.t("statuses", "set_this_turn"))
        return out

    def _notes(self, d: Any, say: Say) -> list[str]:
        """The kind of card in words; a monster's Attribute and Type."""
        if d is None:
            return []
        if d.type == "monster":
            notes = [say.t("attributes", str(d.attribute))] if d.attribute else []
            if d.race:
                notes.append(say.t("races", d.race, default=d.race))
            notes.append(say.t("monster_kinds", str(d.monster_kind or "normal")))
            return notes
        kind = d.spell_kind if d.type == "spell" else d.trap_kind
        return [say.t(f"{d.type}_kinds", str(kind or "normal"))]

    def board(self, obs: Mapping[str, Any], say: Say) -> Json:
        """The core's board; an opponent's face-down card on the field is a back that still
        shows what everyone knows of it: a monster there is in face-down Defense Position, a
        card in a Spell & Trap or Field Zone is Set. (The core's ``card_face`` does not get the
        zone, so it is added here.)"""
        out = super().board(obs, say)
        for player in out["players"]:
            for zone in player["zones"]:
                status = _BACK_STATUS.get(zone["name"])
                if status is None or not zone["cards"]:
                    continue
                for face in zone["cards"]:
                    if face.get("hidden"):
                        face["status"] = [say.t("statuses", status)]
                        face["turned"] = status == "face_down_defense"
        return out

    def counters(self, player: Mapping[str, Any], say: Say) -> list[Json]:
        """LP (YGO-101), then the cards in hand and deck (YGO-130: an empty deck loses at the
        next draw)."""
        zones = player["zones"]

        def count(zone: str) -> int:
            content = zones.get(zone, [])
            return int(content.get("count", 0)) if isinstance(content, dict) else len(content)

        return [*super().counters(player, say),
                {"key": "hand", "label": say.zone("hand"), "value": count("hand")},
                {"key": "deck", "label": say.zone("deck"), "value": count("deck")}]

    def card_facts(self, card: Any, say: Say) -> list[str]:
        if card.type != "monster":
            return self._notes(card, say)
        facts = [f"{say.t('stats', 'level')} {card.level}",
                 f"{say.t('stats', 'atk')} {card.atk} / {say.t('stats', 'def')} {card.def_}"]
        return facts + self._notes(card, say)


PRESENTATION = YugiohPresentation
