"""The main step (DM-21): summon creatures and cast spells, as the untapped mana allows.

Choosing a card here only starts the play: the ``pay`` task then asks how to pay
(:mod:`~tcg.games.duel_masters.payment`), and paying summons or casts it. Summoning and
casting are also how a Shield Trigger is used for free (DM-43), so they live here as plain
functions: :func:`summon` (DM-29 onto an evolution base) and :func:`cast` (DM-25..DM-27).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.duel_masters.turn import END_TURN, NEXT_PHASE, STEP_ENDS, DuelMastersRule, Reason, leave_step

if TYPE_CHECKING:
    from tcg.games.duel_masters.state import DuelMastersState


class MainStep(DuelMastersRule):
    """DM-21: the main step's open decision — every card in hand the mana can pay for."""

    kind: ClassVar[str] = "main"
    prompt: ClassVar[str] = "Summon creatures and cast spells, or move on to the attack step"
    accepts: ClassVar[frozenset[str]] = frozenset({"summon", "cast", *STEP_ENDS})
    rule: ClassVar[str] = "DM-21"

    def actions(self, state: DuelMastersState, decision: Decision) -> Sequence[Action]:
        return [*playable(state, decision.player), NEXT_PHASE, END_TURN]

    def resolve(self, state: DuelMastersState, decision: Decision, action: Action) -> None:
        t = action.type
        if t in STEP_ENDS:
            leave_step(state, "main", decision.player, action)
            return
        state.tasks.append(Task("phase", phase="main"))  # come back to this decision afterwards
        state.tasks.append(Task("pay", player=decision.player, card=action.get("card"), onto=action.get("onto"),
                                mode=t))

    def why_not(self, state: DuelMastersState, decision: Decision, action: Action) -> Reason | None:
        if action.type in ("summon", "cast"):
            return why_not_playable(state, action, decision.player)
        return None


def playable(state: DuelMastersState, p: int) -> list[Action]:
    """DM-21: a ``summon`` or ``cast`` for each card in hand the untapped mana can pay for
    (DM-12: unless a card in play forbids the spell; DM-29: an evolution names its base)."""
    out: list[Action] = []
    profile = state.mana_profile(p)
    restrictions = state.spell_restrictions()
    defs, cards = state.defs, state.cards
    for c in state.zones[p]["hand"]:
        d = defs[cards[c].name]
        if not state.can_pay(p, c, profile, d):
            continue
        if d.type == "spell":
            if (not restrictions or state.spell_allowed(c, restrictions)) and state.may_cast(c):
                out.append(Action.of("cast", (("card", c),)))
        elif d.type == "evolution_creature":
            out.extend(Action("summon", card=c, onto=b) for b in state.evolution_bases(c, p))
        else:
            out.append(Action.of("summon", (("card", c),)))
    return out


def why_not_playable(state: DuelMastersState, action: Action, who: int) -> Reason:
    """Why this card cannot be summoned or cast now, the most basic reason first."""
    card = action.get("card")
    if card is None or state.zone_of(card) != "hand" or state.cards[card].owner != who:
        return "DM-21", "you may only summon or cast a card from your own hand"
    d = state.d(card)
    if action.type == "summon" and d.type == "spell":
        return "DM-24", f"{d.name} is a spell: cast it"
    if action.type == "cast" and d.type != "spell":
        return "DM-24", f"{d.name} is a creature: summon it"
    if d.type == "evolution_creature" and action.get("onto") not in state.evolution_bases(card, who):
        races = ", ".join(d.keywords.evolution.races) if d.keywords.evolution else "?"
        return "DM-29", f"{d.name} must be put on one of your creatures of race {races}"
    if d.type == "spell" and not state.spell_allowed(card):
        return "DM-12", f"a card in the battle zone forbids casting {d.name}"
    if d.type == "spell" and not state.may_cast(card):
        civ = d.cast_only_if_civ
        why = f"all the cards in your mana zone are {civ} cards" if civ else "its condition holds"
        return "DM-10", f"{d.name} can be cast only if {why}"
    mana = state.untapped_mana(who)
    cost = state.cost(card)
    if len(mana) < cost:
        return "DM-9", f"{d.name} costs {cost}; you have {len(mana)} untapped mana"
    rule = "DM-10" if d.type == "spell" else "DM-105"
    missing = [c for c in d.civilizations if not any(c in state.civs(m) for m in mana)]
    if missing:
        return rule, f"at least one tapped mana card must be {', '.join(missing)}"
    return "DM-15", f"each civilization of {d.name} must come from a different mana card"


# ---------------------------------------------------------------------- putting a card into play
def summon(state: DuelMastersState, p: int, card: int, onto: int | None) -> None:
    """Put a creature into the battle zone; an evolution goes on top of its base."""
    name = state.cards[card].name
    if onto is None:
        state.move(card, "battle", player=p, tapped=False, entered_this_turn=True, attached=())
    else:
        # DM-29/DM-35/DM-37: the evolution goes on top; the stack is one creature.
        # DM-120/DM-38: it takes the tapped state of the creature it is put on.
        base = state.cards[onto]
        state.detach(card)
        zone = state.zones[p]["battle"]
        zone[zone.index(onto)] = card
        state.where[card] = (p, "battle")
        state.where[onto] = (p, "attached")
        keep_effects(state, onto, card)
        state.update(card, controller=p, tapped=base.tapped, entered_this_turn=True,
                     attached=(*base.attached, onto), face_down=False)
        state.update(onto, attached=())
        state.emit("card_moved", card=card, name=name, player=p, **{"from": "hand", "from_player": p,
                                                                     "to": "battle"})
    state.emit("summoned", card=card, name=name, player=p, onto=onto)
    state.queue_triggers(card, "summoned")


def keep_effects(state: DuelMastersState, base: int, evolution: int) -> None:
    """The effects on a creature stay with the evolution creature put on top of it.

    [standard] DM-35/DM-36: the brief is silent on what becomes of an effect a creature got
    (a power change, a granted keyword such as Power Attacker or Double Breaker, "can be attacked
    as though tapped") when an evolution creature is put on it. The official Japanese rulings
    (Takara Tomy's Q&A of 2021-04-16: continuous effects given to the creature evolved from carry
    over to the evolution creature; dmwiki "引き継ぎ") say the evolution creature keeps what
    spells and abilities gave the creature, for as long as each lasts: a creature given
    +4000 power until the end of the turn and then evolved has +4000 on its evolution until
    then. The English rulings of the era are silent. Continuous abilities of other creatures are
    not carried: they are asked of the new top card (DM-36) on every question.
    """
    if state.effects and any(e.get("card") == base for e in state.effects):
        state.effects = [{**e, "card": evolution} if e.get("card") == base else e for e in state.effects]


def cast(state: DuelMastersState, p: int, card: int) -> None:
    """DM-25..DM-27: the spell's instructions resolve in order, then it goes to the graveyard
    (or to the mana zone, DM-71: Charger) — the ``spell_done`` task, queued under them."""
    name = state.cards[card].name
    state.move(card, "limbo", player=p)
    state.emit("cast", card=card, name=name, player=p)
    state.tasks.append(Task("spell_done", card=card))
    state.queue_effects(card, p, (name, "spell"))


def spell_done(state: DuelMastersState, task: Task) -> None:
    """Step ``spell_done``: a resolved spell leaves limbo (unless an effect moved it already)."""
    card = task["card"]
    if state.zone_of(card) != "limbo":
        return
    if state.keyword(card, "charger"):
        state.put_into_mana(card)
    else:
        state.move(card, "graveyard", tapped=False)
