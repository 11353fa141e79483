"""How Battle Spirits is shown (tcg/core/presentation.py): its board, events and actions.

Cores are objects (brief, section 1): a payment or a placement names where each core comes
from, the reserve or a card on your field (BS-106), so every action that moves cores is told
as words ("pay 3 cores: 2 from the reserve, 1 from X"), never as a count mapping. The words
are in ``texts/<lang>.yaml``: English, and Italian, the source document's language (its
glossary's words, BS brief section 3: Nuclei, Riserva, Vite, Terreno, Scarti...)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

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
    battle_words,
    event_variant,
    type_line,
    versus,
)
from tcg.core.stops import Flow
from tcg.games.battle_spirits import safe_payment

if TYPE_CHECKING:
    from tcg.core.state import State
    from tcg.games.battle_spirits.state import BattleSpiritsState

_CARD = {"card": "card", "player": "player"}
_CHOOSE = CORE_ACTIONS["choose"]


def _bp(say: Say, n: Any) -> str:
    return say.t("battle", "bp", n="?" if n is None else n)


def cores(say: Say, n: Any) -> str:
    """``1 core`` / ``3 cores`` in the language."""
    return say.t("words", "one_core" if n == 1 else "n_cores", n=n)


def place(say: Say, where: Any, role: str = "from") -> str:
    """Where a core comes ``from`` or goes ``to``: an area of the player (reserve, life,
    trash, stock: the catalogue's ``areas``) or a card (BS-25..BS-31)."""
    if isinstance(where, str):
        return say.t("areas", f"{where}.{role}")
    return say.t("words", f"{role}_card", card=say.card(where))


def spend(say: Say, counts: Iterable[tuple[Any, int]] | None) -> str:
    """A count mapping ``{"reserve": n, <card>: n}`` (BS-106) as words: ``3 cores from the
    reserve``, ``3 cores (2 from the reserve, 1 from X)``, or ``no cores``."""
    items = [(src, n) for src, n in (counts or ()) if n]
    total = sum(n for _, n in items)
    if not items:
        return say.word("no_cores")
    if len(items) == 1:
        return say.t("words", "cores_from", cores=cores(say, total), source=place(say, items[0][0]))
    parts = ", ".join(say.t("words", "n_from", n=n, source=place(say, src)) for src, n in items)
    return say.t("words", "cores_from_many", cores=cores(say, total), parts=parts)


def symbols(say: Say, colors: list[str]) -> str:
    """BS-22: how many symbols (the damage an unblocked attack does) and their colours."""
    key = "symbols.one" if len(colors) == 1 else "symbols"
    return say.t("words", key, n=len(colors), colors="/".join(say.t("colors", c) for c in colors))


def _paid(say: Say, action: Action) -> dict[str, str]:
    """BS-106 / BS-107: the cost's cores and, for a card that gets cores, the placed ones."""
    out = {"pay": spend(say, action.get("pay"))}
    if action.get("place") is not None:
        out["place"] = spend(say, action.get("place"))
    return out


def _moved(say: Say, action: Action) -> dict[str, str]:
    """BS-44 / BS-109: cores moved between the reserve and your cards."""
    return {"cores": cores(say, action.get("count")), "source": place(say, action.get("source")),
            "target": place(say, action.get("target"), "to")}


def _choice_extra(say: Say, action: Action) -> dict[str, str]:
    out = dict(_CHOOSE.extra(say, action)) if _CHOOSE.extra is not None else {}
    if action.get("place") is not None:
        out["place"] = spend(say, action.get("place"))
    return out


def _choice_variant(action: Action) -> str:
    """BS-121: keeping a separated brave names the cores put on it; otherwise the core's."""
    if action.get("place") is not None:
        return "choose.keep"
    return _CHOOSE.variant(action) if _CHOOSE.variant is not None else "choose"


def _cores_moved(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    return {"cores": cores(say, ev.get("count")), "source": place(say, ev.get("source")),
            "target": place(say, ev.get("target"), "to")}


def _cores_level(say: Say, ev: Mapping[str, Any]) -> str:
    """A core from the stock (BS-36, a core charge) is news; the rest is bookkeeping told by
    the action or event that moved it (a payment, damage, a level change)."""
    return "major" if ev.get("source") == "core_stock" else "minor"


def _battle(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    """BS-52: the lower BP is destroyed; equal BP is a draw (Pareggio) and both are."""
    if ev.get("result") == "tie":
        return {"outcome": say.word("both_destroyed")}
    a, b = ev.get("attacker_bp"), ev.get("blocker_bp")
    winner = ev.get("attacker") if isinstance(a, int) and isinstance(b, int) and a > b else ev.get("blocker")
    return {"outcome": say.t("words", "wins", card=say.card(winner))}


def _damage(say: Say, ev: Mapping[str, Any]) -> dict[str, str]:
    return {"cores": cores(say, ev.get("amount"))}


def _is(test: str) -> Any:
    """A field test: the field holds ``test`` (a magic's timing, a core's source)."""
    return lambda value: value == test


class BattleSpiritsPresentation(Presentation):
    ZONES = (ZoneSpec("field", "field"), ZoneSpec("burst", "row"), ZoneSpec("hand", "hand"),
             ZoneSpec("deck", "pile"), ZoneSpec("trash", "pile"), ZoneSpec("removed", "pile"))
    GROUPS = ("summon", "deploy", "magic", "brave", "burst", "attack", "block", "cores")
    #: Moving on; Flash timing and a burst are the response windows; stops in the steps with choices.
    FLOW = Flow(moving_on={"pass": 0, "next_phase": 1, "end_turn": 2}, windows=frozenset({"flash", "burst"}),
                phases=("main", "attack_declaration", "flash_1", "block", "flash_2", "comparison"))
    STATUSES = ("exhausted", "face_down")  # BS-105: no summoning sickness to show
    EVENTS = {
        "summoned": EventSpec(_CARD),
        "deployed": EventSpec(_CARD),
        "magic_used": EventSpec({**_CARD, "timing": "str"}, variant=event_variant("timing", "flash", _is("flash"))),
        "brave_fusion": EventSpec({**_CARD, "onto": "card"}),
        "brave_separated": EventSpec(_CARD),
        "negated": EventSpec({**_CARD, "by": "card"}),  # BS-222 Ice Wall (era_keywords.py)
        "stayed": EventSpec(_CARD),  # replacements.py BS-200
        "life_kept": EventSpec(_CARD),  # replacements.py BS-205
        "burst": EventSpec(_CARD),
        "attack": EventSpec({**_CARD, "attacker_bp": "int"},
                            extra=lambda say, ev: {"versus": versus(say, _bp(say, ev.get("attacker_bp")))}),
        "block": EventSpec({**_CARD, "bp": "int", "attacker_bp": "int"},
                           extra=lambda say, ev: {"versus": versus(say, _bp(say, ev.get("bp")),
                                                                   _bp(say, ev.get("attacker_bp")))}),
        "battle": EventSpec({"attacker": "card", "blocker": "card", "attacker_bp": "int", "blocker_bp": "int",
                             "result": "str"}, extra=_battle),
        "battle_ended": EventSpec({"player": "player"}),
        "u_trigger": EventSpec({**_CARD, "milled": "card", "hit": "any"},  # BS-141
                               variant=event_variant("hit", "hit", lambda hit: hit is True)),
        "damage": EventSpec({"player": "player", "amount": "int"}, extra=_damage),
        "destroyed": EventSpec(_CARD),
        "depleted": EventSpec(_CARD),
        "exhaust": EventSpec(_CARD, level="minor"),
        "refresh": EventSpec(_CARD, level="minor"),
        "cores_moved": EventSpec({"player": "player", "source": "any", "target": "any", "count": "int"},
                                 level=_cores_level, extra=_cores_moved,
                                 variant=event_variant("source", "stock", _is("core_stock"))),
    }
    ACTIONS = {
        "summon": ActionSpec("summon", {"card": "card", "target": "card"}, extra=_paid,  # target: trash_zone.py
                             variant=action_variant("target", "transmigrate")),
        "deploy": ActionSpec("deploy", {"card": "card"}, extra=_paid),
        "use_magic": ActionSpec("magic", {"card": "card"}, extra=_paid,
                                variant=action_variant("timing", "flash", _is("flash"))),
        "direct_brave": ActionSpec("brave", {"card": "card", "onto": "card"}, extra=_paid, cards=("card", "onto")),
        "brave_fusion": ActionSpec("brave", {"card": "card", "onto": "card"}, cards=("card", "onto")),
        "set_burst": ActionSpec("burst", {"card": "card"}),
        "activate_burst": ActionSpec("burst", {"card": "card"}),
        "attack": ActionSpec("attack", {"card": "card"}),
        "block": ActionSpec("block", {"card": "card"}),
        "move_cores": ActionSpec("cores", {"count": "int"}, extra=_moved, cards=("source", "target")),
        "awaken": ActionSpec("cores", {"card": "card", "source": "card", "count": "int"}, cards=("card", "source")),
        "activate": ActionSpec("magic", {"card": "card", "index": "int"}),
        # BS-121: the core's choose, plus the cores put on a kept brave (the field ``place``)
        "choose": ActionSpec("choose", _CHOOSE.fields, extra=_choice_extra, variant=_choice_variant),
    }

    def harm(self, state: State, action: Action) -> tuple[int, ...]:
        """BS-108: your spirits this way depletes (``safe_payment.harm``)."""
        return safe_payment.harm(cast("BattleSpiritsState", state), action)

    def default_way(self, state: State, ways: Sequence[Action]) -> Action:
        """The payment built to deplete nothing it need not (``safe_payment.safe_way``): a lazy
        payment's millions of ways are never read; other ways: the core's first harmless one."""
        way = safe_payment.safe_way(cast("BattleSpiritsState", state), ways)
        return way if way is not None else super().default_way(state, ways)
    # The printed card: cost top left, the level table (cores needed, BP) at the bottom, the
    # cores on it drawn on it; the frame in its colours (BS-4), gold for an Ultimate.
    PALETTE = {"red": "#e0503f", "purple": "#9a5fd1", "green": "#4fae5c", "white": "#e6e6e6",
               "yellow": "#e3c84f", "blue": "#3f8fe0", "ultimate": "#c9a227"}
    STAT_PLACES = {"cost": "top_left", "bp": "bottom_right", "level": "steps", "cores": "chip"}

    def card_face(self, view: Mapping[str, Any], say: Say) -> Json:
        """BP, level and cores of a card on the field (BS-19, BS-108), its cost; its colours,
        symbols and fused braves (BS-4, BS-22) as notes; the printed level table (the level its
        cores reach marked) and keywords."""
        face = super().card_face(view, say)
        if face.get("hidden"):
            return face
        stats = face["stats"]
        card = self.game.cards().get(str(view["name"]))
        if "bp" in view:
            bp = {"key": "bp", "label": say.t("stats", "bp"), "value": view["bp"]}
            level = view.get("level")
            if card is not None and card.level_bp and isinstance(level, int) and card.bp_at(level) != view["bp"]:
                bp["printed"] = card.bp_at(level)  # a fused brave's BP (BS-4) or an effect's shows as the change
            stats.append(bp)
        if "level" in view:
            stats.append({"key": "level", "label": say.t("stats", "level"), "value": view["level"]})
            stats.append({"key": "cores", "label": say.t("stats", "cores"), "value": view.get("cores", 0)})
        stats.append({"key": "cost", "label": say.t("stats", "cost"), "value": view.get("cost")})
        face["colors"] = list(view.get("colors", ()))
        notes = [say.t("card_types", str(view["type"]))] if view.get("type") else []
        notes.append("/".join(say.t("colors", c) for c in face["colors"]))
        if view.get("symbols"):
            notes.append(symbols(say, view["symbols"]))
        if view.get("braves"):
            face["under"] = list(view["braves"])
            notes.append(say.t("words", "fused_with", cards=", ".join(view["braves"])))
        face["notes"] = [n for n in notes if n]
        if card is not None:
            face.update(self._printed(card, view.get("level"), say))
        return face

    def battle_line(self, battle: Mapping[str, Any], attacker: Fighter, target: Fighter | None, defender: int,
                    say: Say) -> str:
        """BS-52..BS-54: BP against BP once blocked (the lower is destroyed, both at equal BP);
        unblocked, the attack takes as many life cores as the attacker has symbols."""
        bp = attacker.value("bp", self._printed_bp(attacker), say)
        if target is None:
            line = say.t("battle", "direct", attacker=attacker.text, attacker_bp=bp, target=say.who(defender))
            n = battle.get("life")
            return line if not isinstance(n, int) else say.t("battle", "with", line=line,
                                                                outcome=battle_words("life", defender, say, n=n))
        line = say.t("battle", "line", attacker=attacker.text, attacker_bp=bp, target=target.text,
                     target_bp=target.value("bp", self._printed_bp(target), say))
        a, b = attacker.number("bp"), target.number("bp")
        if a is None or b is None:
            return line
        return say.t("battle", "with", line=line, outcome=self.higher_wins(a, b, attacker, target, say))

    def _printed_bp(self, fighter: Fighter) -> int | None:
        """The printed BP at the card's level now (BS-19): a brave's or an effect's BP shows as the change."""
        card = self.game.cards().get(str(fighter.view.get("name")))
        level = fighter.view.get("level")
        return card.bp_at(level) if card is not None and isinstance(level, int) and card.level_bp else None
    @staticmethod
    def _printed(card: Any, level: Any, say: Say) -> Json:
        """What the printed card adds to a face: its type line (type, families), its keywords and
        its level table, each level with the cores it needs and its BP (BS-19)."""
        first = 3 if card.type == "ultimate" else 1  # BS-115: an Ultimate's levels start at 3
        steps = [{"label": say.t("words", "level_step", n=first + i), "need": need,
                  "value": card.level_bp[i] if i < len(card.level_bp) else None, "current": level == first + i}
                 for i, need in enumerate(card.level_costs)]
        badges = [say.t("keywords", k) for k in ("burst", "high_speed", "awaken", "heavy_armor", "also_colors", "curse",
                                                 "clash", "assault", "super_awaken", "ice_wall", "storm", "holy_life",
                                                 "crush", "great_crush")
                  if getattr(card.keywords, k)]
        if card.brave is not None:
            badges.append(say.t("keywords", "brave"))
        if any(e.do == "u_trigger" for ab in card.abilities for e in ab.effects):  # ultimates.py BS-141
            badges.append(say.t("keywords", "u_trigger"))
        if card.flash_effects or card.flash_abilities:
            badges.append(say.t("keywords", "flash"))
        return {"type_line": type_line(say.t("card_types", str(card.type)), card.families),
                "badges": badges, "steps": steps}

    def counters(self, player: Mapping[str, Any], say: Say) -> list[Json]:
        """BS-25..BS-31: the cores in life, reserve and trash; the hand and deck counted. The
        core stock is left out: officially unlimited, its number is an engine note (BS-118)."""
        counters, zones = player.get("counters", {}), player["zones"]

        def count(zone: str) -> int:
            content = zones.get(zone, [])
            return int(content.get("count", 0)) if isinstance(content, dict) else len(content)

        out = [{"key": k, "label": say.t("counters", k), "value": counters[k]}
               for k in ("life", "reserve", "trash_cores") if k in counters]
        out += [{"key": z, "label": say.zone(z), "value": count(z)} for z in ("hand", "deck")]
        return out

    def card_facts(self, card: Any, say: Say) -> list[str]:
        """The printed numbers (BS-19, BS-23, BS-24): cost and reduction, level costs and BP,
        symbols, colours, families, a brave's fused BP and condition."""
        facts = [say.t("stats", "cost") + f" {card.cost}"]
        if card.reduction:
            facts.append(say.t("stats", "reduction") + " " + "/".join(say.t("colors", c) for c in card.reduction))
        first = 3 if card.type == "ultimate" else 1
        for i, need in enumerate(card.level_costs):
            bp = card.level_bp[i] if i < len(card.level_bp) else None
            facts.append(say.t("words", "level_bp" if bp is not None else "level_cost", level=first + i,
                               cores=cores(say, need), bp=bp))
        if card.symbols:
            facts.append(symbols(say, card.symbols))
        if card.colors:
            facts.append("/".join(say.t("colors", c) for c in card.colors))
        if card.families:
            facts.append(", ".join(card.families))
        if card.brave is not None:
            facts.append(say.t("words", "brave_bp", bp=card.brave.bp))
            if card.brave.min_cost:
                facts.append(say.t("words", "brave_condition", n=card.brave.min_cost))
            if card.brave.families:  # braves.py BS-164
                facts.append(say.t("words", "brave_condition_families", families="/".join(card.brave.families)))
        return facts


PRESENTATION = BattleSpiritsPresentation
