"""The most the engine accepts, stated once (docs/reliability.md, "Limits").

No rules brief sets these: they bound what a malformed or hostile input can make the engine
do (a deck list asking for a billion copies, a saved state with a hand of a million cards, a
chain built forever, a loop of automatic steps) and are far above anything a real game needs:
the longest of tens of thousands of soaked games is under a tenth of each. Beyond a size
limit the input is refused with a :class:`~tcg.core.errors.DataError` naming it; a game that
reaches the action or step limit ends in a draw (reason ``action_limit`` / ``step_limit``),
and every later action is refused as for any finished game.
"""

from __future__ import annotations

from typing import Final

#: Cards in one player's deck (every section together): deck lists, set-ups, replays.
MAX_DECK_CARDS: Final = 500
#: Cards in one zone of a state built from data (a scenario's set-up, a state JSON): a hand,
#: a deck, a graveyard. In play a zone holds at most a player's own cards.
MAX_ZONE_CARDS: Final = 1000
#: Items on a response stack (the Yu-Gi-Oh! chain, the Force of Will chase): at this depth no
#: further response is offered and the stack resolves.
MAX_STACK_DEPTH: Final = 100
#: Actions in one game; the game ends in a draw when it reaches them.
MAX_GAME_ACTIONS: Final = 100_000
#: Automatic rules steps after one action without a decision (an endless loop of triggers);
#: the game ends in a draw when it reaches them.
MAX_RULE_STEPS: Final = 100_000

LIMITS_DOC: Final = "docs/reliability.md, Limits"
