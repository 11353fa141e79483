"""Cards opened and put back: a deck's top cards in an order a player chooses, and a set burst opened.

Official rules of the 覇王編 era (BS14) that the brief (BS-29, BS-32) does not give ([standard]):

- [standard] BS-343 Deck reorder ("自分のデッキを上から4枚オープンできる。そのカードを好きな順番でデッキの
  上に戻す", BS14-051; "相手のデッキを上から5枚オープンできる。その中のカード1枚を相手のデッキの下に
  戻す。残ったカードは好きな順番で相手のデッキの上に戻す", BS14-X06): the top ``count`` cards of the
  named deck (fewer if it holds fewer) are opened - both players see them (オープン) - then the
  effect's controller, one card at a time (a ``deck_order`` decision), first puts ``to_bottom`` of
  them at the bottom of that deck, then chooses the card that goes on top, then the one under it,
  and so on; the last goes by itself. No other card of the deck moves (``reorder_top``).
- [standard] BS-344 A set burst opened ("自分のバースト1つをオープンできる。そのカードがマジックカードの
  とき自分の手札に戻す。他のカードのときは破棄する", BS14-053): the controller's set burst is turned
  face up (both players see it, BS-32); if the card matches ``scope`` (a magic card) it goes to its
  owner's hand, otherwise to the trash - not an activation: its burst effect does not apply
  (BS-13), as with a burst discarded by a cost (trash_zone.py BS-188) (``open_burst``). With no
  burst set nothing happens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.state import Decision
from tcg.core.verbs import Targets
from tcg.games.battle_spirits.main_phase import BattleSpiritsRule

if TYPE_CHECKING:
    from tcg.games.battle_spirits.cards import Effect
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.state import BattleSpiritsState


# ---------------------------------------------------------------------- BS-343 deck reorder
def reorder_top(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-343: open the top ``count`` cards of the deck ``player`` names; the controller then
    orders them (``deck_order`` decisions), ``to_bottom`` of them first to the bottom."""
    owner = controller if eff.player == "self" else 1 - controller
    top = tuple(s.zones[owner]["deck"][:eff.count])
    for p in (0, 1):
        s.show_privately(p, top)
    offer(s, controller, top, (), min(eff.to_bottom, len(top)))


def offer(s: BSEffects, player: int, cards: tuple[int, ...], placed: tuple[int, ...], bottom: int) -> None:
    """Ask for the next card (to the bottom while ``bottom`` is left, else the next from the top);
    with one card left for the top, it goes by itself and the order is carried out."""
    if bottom or len(cards) > 1:
        s.decision = Decision(player, "deck_order", {"cards": cards, "placed": placed, "bottom": bottom})
        return
    for c in reversed((*placed, *cards)):  # the first placed ends on top
        s.move(c, "deck", top=True)


class DeckOrder(BattleSpiritsRule):
    """BS-343: the card that goes to the bottom, then, one at a time from the top, the order of the rest."""

    kind: ClassVar[str] = "deck_order"
    prompt: ClassVar[str] = ("Opened cards: choose the card for the bottom of the deck (where the effect says), "
                             "then the card to put on top, then the next under it")
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "BS-343"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", card=c) for c in decision.data["cards"]]

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        data, card = decision.data, action.get("card")
        rest = tuple(c for c in data["cards"] if c != card)
        if data["bottom"]:
            state.move(card, "deck")  # appended: the bottom of its owner's deck
            offer(state, decision.player, rest, data["placed"], data["bottom"] - 1)
        else:
            offer(state, decision.player, rest, (*data["placed"], card), 0)


# ---------------------------------------------------------------------- BS-344 a set burst opened
def open_burst(s: BSEffects, eff: Effect, controller: int, source: int, targets: Targets) -> None:
    """BS-344: the controller's set burst is opened: to the hand if ``scope`` matches it, else to the trash."""
    for card in list(s.zones[controller]["burst"]):
        keep = eff.scope is not None and s.matches(eff.scope, card, source)
        s.move(card, "hand" if keep else "trash", face_down=False)  # card_moved names it: opened
