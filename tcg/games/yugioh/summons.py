"""Fusion and Ritual Summons: Special Summons (YGO-116) by a card's own procedure.

The brief names the Extra Deck (YGO-102) and Special Summons (YGO-116) only; what follows is the
official rules for the cards of the first products (Polymerization and the Fusion Monsters of
Legend of Blue Eyes, the Ritual Spells of the starter decks):

- A Fusion Summon sends the Fusion Materials the Fusion Monster lists, from its controller's hand
  or field (face-down monsters included), to the graveyard and Special Summons the Fusion Monster
  from the Extra Deck.
- A Ritual Summon tributes monsters from the hand or field whose Levels total at least the number
  the Ritual Spell gives — but none more than needed: every tribute must be one without which the
  total falls short — and Special Summons the Ritual Monster from the hand.
- The card cannot be activated unless the summon can be made (a monster zone must be free once
  the materials have left), like any card whose effect has nothing to act on.
- A Fusion or Ritual Monster not first summoned that way cannot be Special Summoned by another
  effect ("properly summoned": a status the monster keeps on the field, in the GY and banished
  face-up, and loses in a hidden zone - effects.YGOEffects.statuses_end).

The choices are asked one card at a time, as targets are: the Fusion Monster (``fusion_monster``),
then each material or tribute (``summon_material``). A card every remaining way needs is taken
without asking, and so is a choice with only one way left: the rules run to the next real choice.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.state import Decision, Task
from tcg.games.yugioh.chain import YugiohRule
from tcg.games.yugioh.queries import BEARER, MONSTER_ZONES

if TYPE_CHECKING:
    from tcg.games.yugioh.cards import Effect
    from tcg.games.yugioh.effects import YGOEffects
    from tcg.games.yugioh.state import YugiohState

Doc = dict[str, Any]
#: The record that a Fusion or Ritual Monster was summoned by its own procedure: a status of the
#: monster it names (``BEARER``), ended when the monster goes to a hidden zone.
PROPERLY_SUMMONED = "summoned_properly"
#: Monsters that must be summoned by their own procedure first.
PROCEDURE_KINDS = frozenset({"fusion", "ritual"})


# ====================================================================== what may be used
def material_pool(s: YGOEffects, p: int) -> list[int]:
    """The monsters ``p`` may use as material or tribute: in their hand, then on their field."""
    cards, defs = s.cards, s.defs
    hand = [c for c in s.zones[p]["hand"] if defs[cards[c].name].type == "monster"]
    return hand + list(s.zones[p]["monster_zone"])


def _room_after(s: YGOEffects, p: int, used: tuple[int, ...]) -> bool:
    """A Main Monster Zone is free once ``used`` have left the field (YGO-104)."""
    on_field = sum(1 for c in used if s.zone_of(c) == "monster_zone")
    return len(s.zones[p]["monster_zone"]) - on_field < MONSTER_ZONES


def fusion_sets(s: YGOEffects, p: int, fusion: int) -> list[frozenset[int]]:
    """Every set of distinct cards of ``p`` that are the materials ``fusion`` lists."""
    pool = material_pool(s, p)
    names = s.d(fusion).materials
    found: list[frozenset[int]] = []

    def pick(i: int, used: tuple[int, ...]) -> None:
        if i == len(names):
            chosen = frozenset(used)
            if chosen not in found and _room_after(s, p, used):
                found.append(chosen)
            return
        for c in pool:
            if c not in used and s.cards[c].name == names[i]:
                pick(i + 1, (*used, c))

    pick(0, ())
    return found


def fusion_monsters(s: YGOEffects, p: int) -> list[int]:
    """The Fusion Monsters of ``p``'s Extra Deck that can be Fusion Summoned now, one per name."""
    out: list[int] = []
    names: set[str] = set()
    for c in s.zones[p]["extra_deck"]:
        d = s.d(c)
        if d.monster_kind == "fusion" and d.name not in names and fusion_sets(s, p, c):
            names.add(d.name)
            out.append(c)
    return out


def ritual_monster(s: YGOEffects, p: int, name: str) -> int | None:
    """The first copy of the Ritual Monster ``name`` in ``p``'s hand (the copies are alike)."""
    return next((c for c in s.zones[p]["hand"] if s.cards[c].name == name), None)


def ritual_sets(s: YGOEffects, p: int, ritual: int, levels: int) -> list[frozenset[int]]:
    """Every set of tributes for ``ritual`` whose Levels reach ``levels`` with none to spare."""
    pool = [c for c in material_pool(s, p) if c != ritual]
    level = {c: s.d(c).level for c in pool}
    found: list[frozenset[int]] = []
    for size in range(1, len(pool) + 1):
        for combo in combinations(pool, size):
            total = sum(level[c] for c in combo)
            if total >= levels and all(total - level[c] < levels for c in combo) and _room_after(s, p, combo):
                found.append(frozenset(combo))
    return found


def summon_possible(s: YGOEffects, p: int, eff: Effect) -> bool:
    """Whether the Fusion or Ritual Summon ``eff`` asks for can be made now (else the card
    cannot be activated)."""
    if eff.do == "fusion_summon":
        return bool(fusion_monsters(s, p))
    ritual = ritual_monster(s, p, eff.monster)
    return ritual is not None and bool(ritual_sets(s, p, ritual, eff.levels))


def may_special_summon(s: YGOEffects, cid: int) -> bool:
    """A Fusion or Ritual Monster is Special Summoned by another effect only once it has been
    properly summoned, and has not been to a hidden zone since (official rule; the status ends in
    ``YGOEffects.statuses_end``)."""
    if s.d(cid).monster_kind not in PROCEDURE_KINDS:
        return True
    return lasting.first(s, PROPERLY_SUMMONED, **{BEARER: cid}) is not None


# ====================================================================== the verbs
def fusion_summon(s: YGOEffects, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
    """Polymerization: a Fusion Summon by ``controller``, chosen as the instruction resolves."""
    s.tasks.append(Task("fusion_summon", player=controller))


def ritual_summon(s: YGOEffects, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
    """A Ritual Spell: the Ritual Summon of ``eff.monster`` by ``controller``."""
    s.tasks.append(Task("ritual_summon", player=controller, monster=eff.monster, levels=eff.levels))


# ====================================================================== steps
def fusion_step(s: YugiohState, task: Task) -> None:
    """Choose the Fusion Monster (asked only when more than one can be summoned)."""
    p = task["player"]
    monsters = fusion_monsters(s, p)
    if len(monsters) == 1:
        materials(s, {"kind": "fusion", "player": p, "monster": monsters[0], "chosen": ()})
    elif monsters:
        s.decision = Decision(p, "fusion_monster", {"player": p, "candidates": tuple(monsters)})


def ritual_step(s: YugiohState, task: Task) -> None:
    p = task["player"]
    ritual = ritual_monster(s, p, task["monster"])
    if ritual is not None:
        materials(s, {"kind": "ritual", "player": p, "monster": ritual, "chosen": (), "levels": task["levels"]})


def _sets(s: YugiohState, data: Doc) -> list[frozenset[int]]:
    p, monster = data["player"], data["monster"]
    found = fusion_sets(s, p, monster) if data["kind"] == "fusion" else ritual_sets(s, p, monster, data["levels"])
    chosen = set(data["chosen"])
    return [x for x in found if chosen <= x]


def materials(s: YugiohState, data: Doc) -> None:
    """Take what every remaining way needs; finish when one way is complete, else ask for the
    next card."""
    sets = _sets(s, data)
    if not sets:
        return  # the materials are gone (an effect in the chain took them): nothing is summoned
    chosen = tuple(data["chosen"])
    forced = frozenset.intersection(*sets)
    chosen += tuple(c for c in material_pool(s, data["player"]) if c in forced and c not in chosen)
    data = {**data, "chosen": chosen}
    done = frozenset(chosen)
    if done in sets:
        perform(s, data)
        return
    candidates = tuple(c for c in material_pool(s, data["player"]) if c not in done and any(c in x for x in sets))
    s.decision = Decision(data["player"], "summon_material", {**data, "candidates": candidates})


def perform(s: YugiohState, data: Doc) -> None:
    """The materials or tributes go to the graveyard; the monster is Special Summoned from the
    Extra Deck or the hand, in the position its controller chooses (YGO-116)."""
    p, monster, fusion = data["player"], data["monster"], data["kind"] == "fusion"
    for c in data["chosen"]:
        s.emit("fusion_material" if fusion else "tributed", card=c, name=s.cards[c].name, player=p)
        s.send_to_graveyard(c, reason="fusion" if fusion else "tribute")
    lasting.add(s, PROPERLY_SUMMONED, until=lasting.LASTING, **{BEARER: monster})
    s.tasks.append(Task("summon_position", card=monster, player=p, banish=False, how=data["kind"]))


# ====================================================================== decisions
def choose_among(decision: Decision) -> list[Action]:
    """One ``choose {card}`` per card the decision offers (its ``candidates``)."""
    return [Action.of("choose", (("card", c),)) for c in decision.data["candidates"]]


class FusionMonster(YugiohRule):
    """The Fusion Monster a Fusion Summon makes, among those whose materials are at hand."""

    kind = "fusion_monster"
    prompt = "Choose the Fusion Monster to Fusion Summon"
    accepts = frozenset({"choose"})
    rule = "YGO-116"

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        return choose_among(decision)

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        materials(state, {"kind": "fusion", "player": decision.player, "monster": action.get("card"), "chosen": ()})

    def explain_own(self, s: YugiohState, dec: Decision, a: Action) -> tuple[str, str] | None:
        return "YGO-116", "choose a Fusion Monster of your Extra Deck whose Fusion Materials you have"


class SummonMaterial(YugiohRule):
    """The next Fusion Material or Ritual tribute, among the cards that still complete a way."""

    kind = "summon_material"
    prompt = "Choose the next monster to use as Fusion Material or to tribute for the Ritual Summon"
    accepts = frozenset({"choose"})
    rule = "YGO-116"

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        return choose_among(decision)

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        data = dict(decision.data)
        data.pop("candidates")
        materials(state, {**data, "chosen": (*data["chosen"], action.get("card"))})

    def explain_own(self, s: YugiohState, dec: Decision, a: Action) -> tuple[str, str] | None:
        if dec.data["kind"] == "fusion":
            return "YGO-116", "choose a monster in your hand or on your field that this Fusion Monster lists"
        return "YGO-116", ("choose a monster in your hand or on your field to tribute: the Levels must reach the "
                           "Ritual Spell's number, with no tribute more than needed")

