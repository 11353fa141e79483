"""One response stack and its window, for the games whose players answer each other's actions:
the Yu-Gi-Oh! chain (``tcg/games/yugioh/chain.py``), the Force of Will chase
(``tcg/games/force_of_will/chase.py``), and (the window alone) Battle Spirits' flash steps
(``tcg/games/battle_spirits/battle.py``).

Two pieces, both plain mechanics with no game rule in them:

- :class:`Stack` — a last-in-first-out list of plain-data items (dicts of JSON values) kept in
  ``state.flags[key]``, so that it survives the JSON round-trip and a saved game. Every change
  *replaces* the list (copy on write): ``State.clone`` copies ``flags`` shallowly, and a clone
  must never see its original's stack change (or the other way round).
- :class:`Window` — the turn-taking of a response window: the players are offered, in turn and
  starting with a given player, a chance to add an item or pass; the window closes once
  ``passes`` players have passed in succession (an answer starts the count again). Who answers
  first, how many passes close it, and whether the whole stack then resolves (Yu-Gi-Oh! chain
  links, Force of Will's sheet rules, FOW-51) or only its top item (Force of Will's
  ``chase = modern``) are parameters.

The games keep their own rules as hooks: what may answer (spell speed, what may be a chase),
what an item does when it resolves, what happens once the stack is empty. A game's window is a
decision like any other; the ``passes`` so far travel in the decision's (or task's) data.

Battle Spirits' flash steps use :class:`Window` with no :class:`Stack` (BS-49, BS-51: each
player in turn, the blocking player first, may use a Flash effect or pass; two passes in
succession end the step): a Flash effect resolves at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from tcg.core.state import State

#: What :meth:`Window.passed` returns when the pass closed the window.
CLOSED: Final = -1

Item = dict[str, Any]


class Stack:
    """A last-in-first-out stack of plain-data items in ``state.flags[key]`` (absent when empty).

    The item added last is the top (``items[-1]``); items are dicts of JSON values. Changes
    replace the list (never mutate it), so clones stay isolated."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key: Final = key

    def items(self, state: State) -> list[Item]:
        """The items, bottom first (read only: change them through this class)."""
        items: list[Item] | None = state.flags.get(self.key)
        return items if items is not None else []

    def depth(self, state: State) -> int:
        items: list[Item] | None = state.flags.get(self.key)
        return 0 if not items else len(items)

    def top(self, state: State) -> Item | None:
        items: list[Item] | None = state.flags.get(self.key)
        return items[-1] if items else None

    def push(self, state: State, item: Item) -> int:
        """Add ``item`` on top; returns the new depth (the chain link number)."""
        items: list[Item] | None = state.flags.get(self.key)
        new = [*items, item] if items else [item]
        state.flags[self.key] = new
        return len(new)

    def pop(self, state: State) -> Item:
        """Take the top item off (the stack stays in ``flags``, empty, until :meth:`clear`:
        a game may still need to know a stack was there while its last item resolves)."""
        items: list[Item] = state.flags[self.key]
        state.flags[self.key] = items[:-1]
        return items[-1]

    def update(self, state: State, index: int, changes: Mapping[str, Any]) -> None:
        """Replace the item at ``index`` by a copy with ``changes`` (e.g. a negated link)."""
        items = list(state.flags[self.key])
        items[index] = {**items[index], **changes}
        state.flags[self.key] = items

    def keep(self, state: State, keep: Callable[[Item], bool]) -> bool:
        """Remove the items for which ``keep`` is false (e.g. a cancelled spell); True if any went."""
        items: list[Item] | None = state.flags.get(self.key)
        if not items:
            return False
        kept = [i for i in items if keep(i)]
        if len(kept) == len(items):
            return False
        state.flags[self.key] = kept
        return True

    def truncate(self, state: State, depth: int) -> None:
        """Drop every item above ``depth`` (items that resolve to nothing, without a step each)."""
        items: list[Item] = state.flags[self.key]
        if depth < len(items):
            state.flags[self.key] = items[:depth]

    def clear(self, state: State) -> None:
        """The stack is gone: nothing left in ``flags``."""
        state.flags.pop(self.key, None)


class Window:
    """A response window's turn-taking for two players: offered in turn, closed by ``passes``
    passes in succession. ``declarer_first``: the player who added the item answers first
    (else the opponent does). ``resolve_all``: once closed, the whole stack resolves last in,
    first out with no new window until it is empty; else only the top item resolves and a new
    window opens."""

    __slots__ = ("declarer_first", "passes", "resolve_all")

    def __init__(self, passes: int = 2, resolve_all: bool = True, declarer_first: bool = False) -> None:
        if passes < 1:
            raise ValueError(f"a response window closes after at least one pass, not {passes}")
        self.passes: Final = passes
        self.resolve_all: Final = resolve_all
        self.declarer_first: Final = declarer_first

    def first(self, declarer: int) -> int:
        """Who is offered the window first after ``declarer`` added an item."""
        return declarer if self.declarer_first else 1 - declarer

    def passed(self, player: int, passes: int, closes_after: int = 0) -> int:
        """``player`` passed (or had no answer: a skipped player passes at once), after
        ``passes`` passes in succession: the player offered next, with ``passes + 1`` passes
        so far, or :data:`CLOSED`. ``closes_after`` (if given) overrides ``passes`` for this
        window (Yu-Gi-Oh!: a window that only asks whether a chain starts closes on one pass).

        An answer restarts the count: the game offers the window again with 0 passes. This
        is one call, not a loop over callbacks, because the games' windows are decisions on
        their hot paths (a window with no answer is skipped at once)."""
        return CLOSED if passes + 1 >= (closes_after or self.passes) else 1 - player
