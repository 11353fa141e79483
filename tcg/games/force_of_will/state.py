"""The Force of Will state: zones (FOW-9..19), what they show (FOW-124), and the moves every
rule area shares -- an item joining the chase area and the response window it opens
(FOW-48, FOW-103), a spell cancelled, automatic abilities triggered.

The rules themselves are the rulebook (``rules.py``, the table to read first) and its area
modules: ``start.py`` (FOW-1..4), ``turn.py`` (FOW-30..34, FOW-101), ``main_phase.py``
(FOW-35), ``chase.py`` (the chase FOW-48..53, FOW-103; chant-standby FOW-54..57; Lifebreak
FOW-58..62), ``battle.py`` (FOW-41..47), ``payment.py`` (will, FOW-25..28) and ``choices.py``
(targets FOW-105, "you may", effect discards). Questions about a state are ``queries.py``,
effects and rule processes (FOW-111) ``effects.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar

from tcg.core.rules import Rulebook
from tcg.core.state import Task
from tcg.games.force_of_will.chase import CHASE, WINDOW_TASKS, window_rules
from tcg.games.force_of_will.effects import FowEffects
from tcg.games.force_of_will.queries import (
    STARTING_LIFE,
    Target,
    by_identity,
    still_attacking,
    target,
    target_player,
)
from tcg.games.force_of_will.rules import RULEBOOK as FOW_RULEBOOK
from tcg.games.force_of_will.start import before_first_turn
from tcg.games.force_of_will.turn import PHASES


def _watching_cards(defs: Mapping[str, Any]) -> frozenset[str]:
    """The cards of the pool with an ability that watches other cards (``watched_enters``,
    ``watched_attacks``, ``you_play_spell``): only they are looked at when a card enters, attacks
    or a spell is played."""
    watched = ("watched_enters", "watched_attacks", "you_play_spell", "watched_enters_graveyard", "watched_dies")
    return frozenset(name for name, d in defs.items()
                     if any(ab.when in watched for ab in (*d.abilities, *(d.j_ruler.abilities if d.j_ruler else ()))))


_watchers_of = by_identity(_watching_cards, limit=64)


class ForceOfWillState(FowEffects):
    ZONES: ClassVar[tuple[str, ...]] = (
        "hand", "main_deck", "magic_stone_deck", "ruler_area", "lifebreak_area", "field", "graveyard",
        "magic_stone_area", "chant_standby_area", "chase_area",
        "removed",  # "removed from the game" (official rules: public; the brief names no such zone)
    )
    PUBLIC_STACKS: ClassVar[tuple[str, ...]] = ("chase",)
    ZONE_VISIBILITY: ClassVar[dict[str, str]] = {  # FOW-124
        "hand": "owner",
        "main_deck": "hidden",
        "magic_stone_deck": "hidden",
        "ruler_area": "public",
        "lifebreak_area": "hidden",  # "a second hand that cannot be seen" (FOW-120)
        "field": "public",
        "graveyard": "public",
        "magic_stone_area": "public",
        "chant_standby_area": "public",  # face down: only their controller sees them
        "chase_area": "public",
        "removed": "public",
    }
    TAPPED_AS: ClassVar[str] = "rested"
    SIGNED_COUNTERS: ClassVar[frozenset[str]] = frozenset({"life"})  # FOW-63: "reduced to 0 or less"
    RULEBOOK: ClassVar[Rulebook[ForceOfWillState] | None] = FOW_RULEBOOK
    #: card_view reads nothing but the card here (the stats that effects change are read in play)
    STATIC_VIEW_ZONES: ClassVar[frozenset[str]] = frozenset({
        "hand", "ruler_area", "graveyard", "magic_stone_area", "chant_standby_area"})
    __slots__ = ()

    def before_first_turn(self) -> list[Task]:
        return before_first_turn(self.first_player)

    # ------------------------------------------------------------------ shared by several areas
    def targets_exist(self, p: int, source: int, checks: Sequence[Target]) -> bool:
        """Every instruction that must target has something to target (FOW-105); ``checks``
        are the selectors :func:`target_checks` kept ("two target resonators" needs two)."""
        for sel in checks:  # a loop, not any(): no generator on this hot path
            if not self.has_candidates(sel, p, source, sel.count):
                return False
            if sel.another:
                return self.distinct_targets_exist(p, source, checks, 0, frozenset())
        return True

    def distinct_targets_exist(self, p: int, source: int, checks: Sequence[Target], i: int,
                               taken: frozenset[int]) -> bool:
        """[standard] FOW-105: with "another target" (not one already chosen as a target of the
        same spell or ability) the targets must be choosable together: some choice for each
        instruction, in order, leaves enough new candidates for every "another" one. "Target
        Vampire you control deals damage ... to another target resonator" with the Vampire the only
        resonator cannot be played (Judge of Will - All About Playing: a spell or ability cannot
        be played unless legal choices can be made for all of its targets; the brief is silent)."""
        if i == len(checks):
            return True
        sel = checks[i]
        cands = [c for c in self.target_candidates(sel, p, source) if not (sel.another and c in taken)]
        if len(cands) < sel.count:
            return False
        return any(self.distinct_targets_exist(p, source, checks, i + 1, taken | frozenset(pick))
                   for pick in combinations(cands, sel.count))

    def marker(self, p: int, event: str, card: int) -> None:
        """An action that happens at once (a stone called, an attack, ...) still joins the
        chase area, so that it can be answered; it resolves to nothing."""
        self.push({"kind": "marker", "event": event, "card": card, "player": p, "targets": ()})

    def push(self, item: dict[str, Any]) -> None:
        """An item joins the chase area; the other player may answer it (FOW-48, FOW-103)."""
        CHASE.push(self, item)
        if not (self.flags.get("resolving") or item.get("quiet")):
            self.open_window(item["player"])

    def open_window(self, declarer: int) -> None:
        """The response window after ``declarer`` acted: the opponent's (FOW-103), or under
        ``chase = modern`` the declarer's own priority first."""
        self.tasks.append(WINDOW_TASKS[window_rules(self).first(declarer)][0])

    def cancel(self, cid: int) -> None:
        if CHASE.keep(self, lambda i: not (i["card"] == cid and i["kind"] == "spell")):
            self.move(cid, "graveyard")
            self.emit("cancelled", card=cid, name=self.cards[cid].name)

    def entered_field(self, cid: int) -> None:
        """Its [Enter] abilities and the watchers trigger; the turn remembers it ("if you put a
        Moon into a field this turn", Condition.put_this_turn; the flags go at the turn's end)."""
        key = f"entered:{self.cards[cid].controller}"
        self.flags[key] = (*self.flags.get(key, ()), cid)
        self.reach(cid)  # "all ..." effects made earlier this turn (CR 909.4)
        self.queue_triggers(cid, "enter")
        self.queue_watchers(cid, "watched_enters")

    def queue_watchers(self, cid: int, when: str) -> None:
        """"Whenever a Werewolf comes into a field / a Werewolf you control attacks": the cards
        on either field whose ``when`` ability watches a card like ``cid`` trigger (FOW-51), as
        :meth:`queue_triggers` declares them; "whenever you play a normal spell" (``you_play_spell``)
        is asked with ``cid`` the spell."""
        watching = _watchers_of(self.defs)
        if not watching:
            return
        cards = self.cards
        if when == "watched_enters":  # the graveyard's watchers first (they go on the chase first)
            self.queue_watchers(cid, "watched_enters_graveyard")
        zone = "graveyard" if when == "watched_enters_graveyard" else "field"
        for p in (0, 1):
            for w in self.zones[p][zone]:
                if cards[w].name not in watching:
                    continue
                abilities = self.abilities(w)
                for i in reversed(range(len(abilities))):
                    ab = abilities[i]
                    if ab.when != when:
                        continue
                    if when == "you_play_spell":
                        if cards[cid].controller != p:
                            continue
                    elif when == "watched_dies":  # the card is in a graveyard now: matched by its printed type
                        if ab.watch is None or not self.matches(target(ab.watch), cid, p, w):
                            continue
                        if not self.flags.get("resolving"):  # died in battle: the chase it joins is answered
                            self.tasks.append(Task("trigger_window", player=p))
                        self.tasks.append(Task("declare_trigger", card=w, player=p, index=i, event_target=(cid,)))
                        continue
                    elif ab.watch is None or not self.kind_matches(target(ab.watch), cid) \
                            or not self.matches(target(ab.watch), cid, p, w):
                        continue
                    self.tasks.append(Task("declare_trigger", card=w, player=p, index=i))

    def queue_triggers(self, card: int, when: str, event_target: tuple[int, ...] = (), amount: int = 0) -> None:
        """Automatic abilities ([Enter], "when this attacks") are declared at once, targets
        chosen by their controller, onto the chase area. [standard] They are not actions a
        player performs, so during resolution they resolve in turn without a new chase (FOW-51).
        ``event_target``: the card the triggering event concerns ("destroy that resonator");
        ``amount``: its amount ("you gain that much life")."""
        p = self.cards[card].controller
        abilities = self.abilities(card)
        for i in reversed(range(len(abilities))):
            if abilities[i].when == when:
                if event_target or amount:
                    self.tasks.append(Task("declare_trigger", card=card, player=p, index=i,
                                           event_target=event_target, amount=amount))
                else:
                    self.tasks.append(Task("declare_trigger", card=card, player=p, index=i))

    # ================================================================== views
    def battle_view(self) -> dict[str, Any] | None:
        """FOW-42..47: the attack while its attacker still attacks (FOW-41); a blocker still on
        the field on the defender's side battles it (FOW-125: one that left no longer blocks),
        else the player or the rested card it attacked."""
        battle = self.flags.get("battle")
        if battle is None or not still_attacking(self, battle):
            return None
        attacked, p = battle["target"], battle["player"]
        view: dict[str, Any] = {"attacker": battle["attacker"], "player": p,
                                "target": "player" if target_player(attacked) is not None else attacked}
        blocker = battle.get("blocker")
        if blocker is not None and self.is_battler(blocker) and self.cards[blocker].controller == 1 - p:
            view["blocker"] = blocker
        elif view["target"] != "player" and not (
                self.is_battler(attacked) and self.cards[attacked].controller == 1 - p):
            return None  # the attacked card has left (or changed sides): no battle
        return view

    def observation(self, viewer: int | None, legal: bool = True, lazy: bool = False) -> dict[str, Any]:
        """FOW-60: a card revealed by a Lifebreak waits, face up and outside every zone, while
        its player decides whether to play its Break; both players see it (``revealed``)."""
        obs = super().observation(viewer, legal, lazy)
        d = self.decision
        if d is not None and d.kind == "break":
            cid = d.data["card"]
            obs["players"][self.where[cid][0]]["zones"]["revealed"] = [self.card_view(cid)]
        return obs

    # ------------------------------------------------------------------ determinization (core)
    DETERMINIZE_APART: ClassVar[frozenset[str]] = frozenset({"magic_stone_deck"})  # FOW-5: apart

    def hidden_slot_kind(self, cid: int) -> str | None:
        """A face-down card in the chant-standby area is a Chant-Standby spell (FOW-22)."""
        return "chant_standby" if self.where[cid][1] == "chant_standby_area" else None

    def card_kind(self, name: str) -> str | None:
        return "chant_standby" if self.defs[name].subtype == "chant_standby" else None

    def card_view(self, cid: int) -> dict[str, Any]:
        view = super().card_view(cid)
        d = self.d(cid)
        view["type"] = d.type
        if d.subtype:
            view["subtype"] = d.subtype
        if d.attributes:
            view["attributes"] = list(d.attributes)
        if d.cost:
            view["cost"] = dict(d.cost)
        if self.is_j_ruler(cid):
            assert d.j_ruler is not None
            view["side"] = "j_ruler"
            view["j_ruler_name"] = d.j_ruler.name
            if self.is_spent(cid):
                view["spent"] = True
        if self.is_battler(cid) or d.type == "resonator":
            view["atk"], view["def"] = self.stats(cid)
        if self.cards[cid].attached:
            view["additions"] = [self.card_view(a) for a in self.cards[cid].attached]
        return view


__all__ = ["PHASES", "STARTING_LIFE", "ForceOfWillState"]
