"""Choices asked while effects resolve: targets chosen on resolution (``target``), "you may"
(``optional``), and the battle position of a monster Special Summoned by an effect
(``summon_position``). The effect loop itself is the core's
(:class:`tcg.core.effects.EffectRunner`); its ``effects`` task and the deck shuffles an effect
asks for are steps here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.yugioh.chain import PASS, YugiohRule
from tcg.games.yugioh.queries import MONSTER_ZONES

if TYPE_CHECKING:
    from tcg.games.yugioh.state import YugiohState

YES = Action("choose", option="yes")
IN_ATTACK = Action("choose", option="attack")
IN_DEFENSE = Action("choose", option="defense")


class Target(YugiohRule):
    """A target an effect chooses as it resolves; ``pass`` stops where it says "up to"."""

    kind = "target"
    prompt = "Choose a card for the effect that is resolving"
    accepts = frozenset({"choose", "pass"})

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        s: YugiohState = state
        return s.target_actions(decision.data)

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        s: YugiohState = state
        s.resolve_target_choice(dict(decision.data), s.target_pick(decision.data, action))


class OptionalEffect(YugiohRule):
    """A "you may" effect: yes, or pass."""

    kind = "optional"
    prompt = "You may apply this effect: choose yes, or pass"
    accepts = frozenset({"choose", "pass"})

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        return [YES, PASS]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        s: YugiohState = state
        s.answer_optional(dict(decision.data["task"]), accepted=action[0] != "pass")


class SummonPosition(YugiohRule):
    """A monster Special Summoned by an effect is placed in face-up Attack or Defense Position."""

    kind = "summon_position"
    prompt = "Choose the battle position of the monster being Special Summoned: Attack or Defense"
    accepts = frozenset({"choose"})

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        return [IN_ATTACK, IN_DEFENSE]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        s: YugiohState = state
        data = decision.data
        card = data["card"]
        if s.zone_of(card) in ("hand", "graveyard", "deck", "banished", "extra_deck"):
            s.special_summon(card, decision.player, defense=action.get("option") == "defense",
                             banish_when_leaves=data["banish"], how=data.get("how", "effect"))


# ====================================================================== steps
def effects(s: YugiohState, task: Task) -> None:
    s.run_effects_task(task)


def summon_position(s: YugiohState, task: Task) -> None:
    """Ask for the position only while a Monster Zone is free (YGO-104)."""
    if len(s.zones[task["player"]]["monster_zone"]) < MONSTER_ZONES:
        data = {"card": task["card"], "banish": task["banish"]}
        if task.get("how"):  # a Fusion or Ritual Summon (summons.py)
            data["how"] = task["how"]
        s.decision = Decision(task["player"], "summon_position", data)


def shuffle_deck(s: YugiohState, task: Task) -> None:
    s.shuffle_zone(task["player"], "deck")

