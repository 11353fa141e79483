"""Paying a declared action's will cost (FOW-26, FOW-27): rest magic stones for will and use
the pool's; the player chooses the stones (``pay``) only when there is more than one way.
Once paid, the declaration is complete (FOW-105: targets first, then the cost) and the action
joins the chase area or, for Judgment and setting a Chant-Standby, happens at once.

Whether and how a cost can be paid is asked of :meth:`FowQueries.payments` / ``payer``
(the payment search, with its caches, in ``queries.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action
from tcg.core.state import Decision
from tcg.games.force_of_will.turn import FowDecision

if TYPE_CHECKING:
    from tcg.games.force_of_will.state import ForceOfWillState


def declare_pay(s: ForceOfWillState) -> None:
    """The declaration's cost: a ``pay`` choice if the stones can pay it in several ways."""
    item = s.flags["declaring"]
    cost = item.get("cost") or {}
    if cost:
        options = s.payments(item["player"], cost)
        if len(options) > 1:
            s.decision = Decision(item["player"], "pay", {"options": tuple(options)})
            return
        if options:
            pay_with(s, item["player"], options[0])
    finish_declaration(s)


def pay_with(s: ForceOfWillState, p: int, option: Sequence[Any]) -> None:
    """FOW-26 / FOW-27: rest the stones for will, then spend it with the pool's will."""
    stones, attrs, pool_used = option
    cards = s.cards
    for c in stones:
        cards[c] = cards[c].with_tapped(True)
    for a, n in pool_used:
        s.counters[p][f"will_{a}"] -= n
    if stones and s.log_events:
        s.emit("will_paid", player=p, stones=list(stones), attributes=list(attrs))


def finish_declaration(s: ForceOfWillState) -> None:
    """The declared action is performed: Judgment (FOW-36) and a Chant-Standby set (FOW-55)
    at once, everything else as an item on the chase area (FOW-48)."""
    # A new dict without the paid cost: the old one may be shared with a clone (clone()
    # copies flags one level deep), so it is never changed in place.
    item = {k: v for k, v in s.flags.pop("declaring").items() if k != "cost"}
    p, card, kind = item["player"], item["card"], item["kind"]
    if kind == "judgment":  # FOW-36: flipped and put onto the field as a J-ruler
        s.flags[f"judged:{p}"] = True
        s.move(card, "field", player=p, marks=frozenset({"j_ruler"}), entered_this_turn=True,
               tapped=s.cards[card].tapped)
        s.emit("judgment", card=card, name=s.cards[card].name, player=p)
        s.marker(p, "judgment", card)
        s.entered_field(card)  # the J-ruler's [Enter] abilities
        return
    if kind == "set_standby":  # FOW-55: face down
        s.move(card, "chant_standby_area", face_down=True, entered_this_turn=True)
        s.emit("chant_standby_set", card=card, player=p)
        s.marker(p, "set_standby", card)
        return
    if kind in ("summon", "spell", "addition", "break"):
        s.move(card, "chase_area", player=p, face_down=False)
    if s.log_events:
        s.emit("declared", kind=kind, card=card, name=s.cards[card].name, player=p,
               targets=[list(ts) for _, ts in item["targets"]])
    s.push(item)


class Pay(FowDecision):
    """FOW-27: one of the ways the stones and the pool can pay the cost."""

    kind = "pay"
    accepts = frozenset({"pay"})
    rule = "FOW-27"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [Action.of("pay", (("attributes", attrs), ("cards", stones)))
                for stones, attrs, _ in decision.data["options"]]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        chosen = (action.get("cards"), action.get("attributes"))
        option = next(o for o in decision.data["options"] if (o[0], o[1]) == chosen)
        pay_with(state, decision.player, option)
        finish_declaration(state)
