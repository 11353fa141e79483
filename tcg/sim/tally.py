"""The per-player summary of one game: cards played from the hand and damage dealt.

Each game declares what counts (:class:`tcg.core.game.PlaySummary`); this module reads only
that declaration, so it knows no game's words. Why it watches the loop instead of the event
log: bulk self-play runs without events (``State.log_events``), and reading the life measure
after each action costs two lookups. A card is named from the action *before* it is applied
(afterwards it may be anywhere, or face down). Damage is every drop of the opponent's life
measure, so a life gain never cancels damage already dealt, and a measure that starts empty
(One Piece's life cards are dealt after the mulligan) only counts once it falls.
"""

from __future__ import annotations

from collections.abc import Callable

from tcg.core.actions import Action
from tcg.core.game import Game, PlaySummary
from tcg.core.state import State

LifeOf = Callable[[State, int], int]


def life_reader(decl: PlaySummary) -> LifeOf:
    """How to read the declared life measure of a player (0 when the game declares none)."""
    if decl.life_zone:
        zone = decl.life_zone
        return lambda state, player: len(state.zones[player][zone])
    if decl.life_counter:
        counter = decl.life_counter
        return lambda state, player: int(state.counters[player].get(counter, 0))
    return lambda state, player: 0


class Tally:
    """Counts one game as :func:`tcg.sim.loop.play_game` plays it (``tally=``): ``played[p]``
    lists the names of the cards player ``p`` played from their hand, in order, and
    ``damage[p]`` what ``p``'s opponent lost of the life measure."""

    __slots__ = ("_blow", "_last", "_life", "_types", "damage", "played")

    def __init__(self, game: Game) -> None:
        decl = game.play_summary
        self._types = decl.played
        self._life = life_reader(decl)
        self._blow = decl.final_blow
        self._last = [0, 0]
        self.played: list[list[str]] = [[], []]
        self.damage = [0, 0]

    def start(self, state: State) -> None:
        self._last = [self._life(state, 0), self._life(state, 1)]

    def before(self, state: State, player: int, action: Action) -> None:
        """Called with the chosen action before it is applied."""
        if action[0] in self._types:
            cid = action.get("card")
            if type(cid) is int and state.where[cid] == (player, "hand"):
                self.played[player].append(state.cards[cid].name)

    def after(self, state: State) -> None:
        """Called after each applied action: any drop of a life measure is the other side's damage."""
        last, life = self._last, self._life
        for player in (0, 1):
            now = life(state, player)
            if now < last[player]:
                self.damage[1 - player] += last[player] - now
            last[player] = now

    def finish(self, winner: int | str | None, reason: str) -> None:
        if self._blow and reason == self._blow and isinstance(winner, int):
            self.damage[winner] += 1
