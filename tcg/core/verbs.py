"""The shared effect verbs: one small named unit per thing cards do, the same in every game.

A card's instruction (``do: <verb>`` in its YAML) is carried out by a *verb*, a function
``(state, effect, controller, source, targets) -> None``. What is truly the same across games is
the verb's meaning and its shape - "the controller draws ``count`` cards, one at a time", "each
target is destroyed by the controller's effect" - and lives here; what a game's rules say about
one card (an empty deck, a card no longer in play, a card with cards under it, what else leaves
with it) is a *primitive* of the game's state that the verb calls (``state.draw(player)``,
``state.destroy_by_effect(card, by)``). Each verb asks for the few primitives it uses through a
small protocol, so a game adopts exactly the verbs whose primitives it has, and mypy checks it
when the game builds its (typed) table.

A game maps its glossary (the ``do:`` names of its card schema) to verbs in one table built with
:func:`verb_table`: shared verbs here under the game's own names (aliases: two games' words for
putting a card out of play may both be :func:`destroy`), and the verbs only it has, from its own
``tcg/games/<game>/verbs.py``. The core's ``EffectRunner.do_effect`` is then one dict lookup in
the game's table (the state class's ``VERBS``), ``VERBS.get(eff.do)``:
constant time whatever the verb, where an if-chain tests the names one by one. This module names
no game's vocabulary: zone names, counters and card words are the game's.

Some verbs take a parameter, given once in the game's table: :class:`Damage` (whom it hits: the
player the instruction names or always the opponent; which field says how much),
:class:`Restore` (life gain) and :class:`ChangeStat` (which stat, e.g. "bp", "atk"). A verb whose
primitive must know who did it gets the controller (:func:`destroy`, :func:`discard_by`).
:func:`mill` and :func:`deck_bottom` are Battle Spirits' ``deck_to_trash`` / ``deck_bottom`` and One
Piece's ``trash_from_deck`` / ``deck_bottom``.

How a game adopts it (done: Duel Masters, One Piece, Battle Spirits, Yu-Gi-Oh!, Force of Will -
the models to copy):

1. ``tcg/games/<game>/verbs.py``: the verbs only the game has, functions of the verb signature
   whose state parameter is the game's effects class (imported under ``TYPE_CHECKING``), then
   ``VERBS: dict[str, GameVerb] = verb_table(shared aliases, own verbs)`` and ``ELSEWHERE``, the
   ``do:`` names settled before any verb (a cost in ``special_effect``).
2. The effects class gets the primitives of the shared verbs it aliases (one-line wrappers where
   the game's method has another name or more parameters), and sets ``VERBS`` to the table: the
   core's ``do_effect`` emits the ``effect`` event and calls ``VERBS.get(eff.do)``.
3. ``tests/test_verbs.py``: add the game to ``GAMES`` (the table must cover the schema's names).

Force of Will (adopted) draws and discards for the player an instruction names (a target player,
or ``eff.player``): its own verbs, its ``draw`` applying :func:`draw` to each named player; a
shared "player draws" verb belongs here when a second game needs it. Its damage hits target
players and cards, and its life gain the named players: own verbs (a third ``to`` of
:class:`Damage` when a second game hits target players).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, Protocol, TypeVar

Targets = tuple[int, ...]
#: ``(state, effect, controller, source, targets)``: carry out one instruction.
Verb = Callable[[Any, Any, int, int, Targets], None]
#: A game's verb type, its state and effect classes named (so mypy checks the primitives).
V = TypeVar("V", bound=Callable[..., None])


# ------------------------------------------------------------------ what the verbs read
class Counted(Protocol):
    """An instruction that says how many times (``count``)."""

    @property
    def count(self) -> int: ...


class Amounted(Protocol):
    """An instruction that says by how much (``amount``) and for how long (``duration``)."""

    @property
    def amount(self) -> int: ...

    @property
    def duration(self) -> str: ...


class Placed(Protocol):
    """An instruction that says where cards go (``to``, a zone name of the game)."""

    @property
    def to(self) -> str: ...


# ------------------------------------------------------------------ the primitives they call
class Draws(Protocol):
    def draw(self, player: int) -> None: ...


class Destroys(Protocol):
    def destroy_by_effect(self, cid: int, by: int) -> None: ...


class Taps(Protocol):
    def set_tapped(self, cid: int, tapped: bool) -> None: ...


class ReturnsToHand(Protocol):
    def return_to_hand(self, cid: int) -> None: ...


class Discards(Protocol):
    def discard(self, cid: int) -> None: ...


class ChangesPower(Protocol):
    def change_power(self, cid: int, amount: int, duration: str) -> None: ...


class Searches(Protocol):
    def move(self, cid: int, zone: str) -> None: ...

    def shuffle_deck(self, player: int) -> None: ...


# ------------------------------------------------------------------ the verbs
def draw(state: Draws, eff: Counted, controller: int, source: int, targets: Targets) -> None:
    """The controller draws ``count`` cards, one at a time (the game's ``draw`` says what an empty deck does)."""
    for _ in range(eff.count):
        state.draw(controller)


def destroy(state: Destroys, eff: object, controller: int, source: int, targets: Targets) -> None:
    """Each target is destroyed by the controller's effect (the game's primitive skips a card
    no longer in play, and runs what its leaving triggers)."""
    for t in targets:
        state.destroy_by_effect(t, controller)


def tap(state: Taps, eff: object, controller: int, source: int, targets: Targets) -> None:
    """Each target becomes tapped (rested)."""
    for t in targets:
        state.set_tapped(t, True)


def untap(state: Taps, eff: object, controller: int, source: int, targets: Targets) -> None:
    """Each target becomes untapped (active)."""
    for t in targets:
        state.set_tapped(t, False)


def return_to_hand(state: ReturnsToHand, eff: object, controller: int, source: int, targets: Targets) -> None:
    """Each target goes to its owner's hand."""
    for t in targets:
        state.return_to_hand(t)


def discard(state: Discards, eff: object, controller: int, source: int, targets: Targets) -> None:
    """Each target goes to its owner's discard pile without being destroyed."""
    for t in targets:
        state.discard(t)


def change_power(state: ChangesPower, eff: Amounted, controller: int, source: int, targets: Targets) -> None:
    """Each target gets ``amount`` power for ``duration`` (a lasting effect of the game)."""
    for t in targets:
        state.change_power(t, eff.amount, eff.duration)


def search(state: Searches, eff: Placed, controller: int, source: int, targets: Targets) -> None:
    """The chosen cards (found in the controller's deck) go to ``to``; then that deck is shuffled."""
    for t in targets:
        state.move(t, eff.to)
    state.shuffle_deck(controller)


# ------------------------------------------------------------------ Battle Spirits and Yu-Gi-Oh! (issue 15)
# Verbs whose primitive needs the controller, and verbs with a parameter: a game's schema may say
# "how much" in another field, or hit another player, than its sibling's (the parameter is given
# in the game's table, once, not read per card).
class Hitting(Protocol):
    """An instruction that hits a player: ``player`` ("self" or "opponent", relative to the
    controller) and how much, in ``amount`` or ``count`` (whichever field the game's schema uses)."""

    @property
    def player(self) -> str: ...

    @property
    def count(self) -> int: ...

    @property
    def amount(self) -> int: ...


class Sized(Protocol):
    """An instruction that says by how much (``amount``), not for how long."""

    @property
    def amount(self) -> int: ...


class TakesDamage(Protocol):
    def take_damage(self, player: int, amount: int) -> None: ...


class Restores(Protocol):
    def restore(self, player: int, amount: int) -> None: ...


class ChangesStats(Protocol):
    def change_stat(self, cid: int, stat: str, amount: int) -> None: ...


class DiscardsBy(Protocol):
    def discard_by_effect(self, cid: int, by: int) -> None: ...


def discard_by(state: DiscardsBy, eff: object, controller: int, source: int, targets: Targets) -> None:
    """Each target goes to its owner's discard pile, sent there by the controller's effect (as
    :func:`discard`, for a game whose cards see who sent them: the primitive gets the controller)."""
    for t in targets:
        state.discard_by_effect(t, controller)


class Aimed(Protocol):
    """An instruction that names a player (``player``: "self" or "opponent", relative to the
    controller) and how many (``count``)."""

    @property
    def player(self) -> str: ...

    @property
    def count(self) -> int: ...


class Mills(Protocol):
    def mill(self, player: int) -> None: ...


class PutsAtDeckBottom(Protocol):
    def to_deck_bottom(self, cid: int) -> None: ...


def mill(state: Mills, eff: Aimed, controller: int, source: int, targets: Targets) -> None:
    """The top ``count`` cards of the named player's deck (``player``: "self", or the controller's
    opponent) go to their discard pile, one at a time (the game's ``mill`` says what an empty deck
    does)."""
    player = controller if eff.player == "self" else 1 - controller
    for _ in range(eff.count):
        state.mill(player)


def deck_bottom(state: PutsAtDeckBottom, eff: object, controller: int, source: int, targets: Targets) -> None:
    """Each target goes to the bottom of its owner's deck."""
    for t in targets:
        state.to_deck_bottom(t)


class Damage:
    """The verb "damage": a player loses ``amount`` (or ``count``) of what they lose the game at
    zero of (the game's ``take_damage`` says what that is and when they lose).

    ``to``: ``"named"``, the player the instruction names (its ``player``: ``"self"``, or the
    controller's opponent); ``"opponent"``, always the controller's opponent (a schema whose
    ``player`` field means something else). ``of``: the field that says how much."""

    named: bool
    counted: bool

    def __init__(self, to: Literal["named", "opponent"] = "named", of: Literal["amount", "count"] = "amount") -> None:
        self.named = to == "named"
        self.counted = of == "count"

    def __call__(self, state: TakesDamage, eff: Hitting, controller: int, source: int, targets: Targets) -> None:
        player = controller if self.named and eff.player == "self" else 1 - controller
        state.take_damage(player, eff.count if self.counted else eff.amount)

    def __repr__(self) -> str:
        return f"Damage(to={'named' if self.named else 'opponent'!r}, of={'count' if self.counted else 'amount'!r})"


class Restore:
    """The verb "life gain": the controller gains ``amount`` (or ``count``, ``of``) of what they
    lose the game at zero of (the game's ``restore`` says where it comes from)."""

    counted: bool

    def __init__(self, of: Literal["amount", "count"] = "amount") -> None:
        self.counted = of == "count"

    def __call__(self, state: Restores, eff: Hitting, controller: int, source: int, targets: Targets) -> None:
        state.restore(controller, eff.count if self.counted else eff.amount)

    def __repr__(self) -> str:
        return f"Restore(of={'count' if self.counted else 'amount'!r})"


class ChangeStat:
    """The verb "stat change" for one stat the game names (``stat``), when the instruction says
    only by how much: each target gets ``amount`` of it until the end of the turn (the game's
    ``change_stat``, a lasting effect). An instruction that says for how long: :func:`change_power`."""

    stat: str

    def __init__(self, stat: str) -> None:
        self.stat = stat

    def __call__(self, state: ChangesStats, eff: Sized, controller: int, source: int, targets: Targets) -> None:
        stat = self.stat
        for t in targets:
            state.change_stat(t, stat, eff.amount)

    def __repr__(self) -> str:
        return f"ChangeStat({self.stat!r})"


#: The shared verbs made with a parameter, by their own name.
MADE: Mapping[str, type] = {"damage": Damage, "restore": Restore, "change_stat": ChangeStat}


#: Every shared verb by its own name (a game's table uses the functions; this is for listing).
SHARED: Mapping[str, Verb] = {
    "draw": draw, "destroy": destroy, "tap": tap, "untap": untap, "return_to_hand": return_to_hand,
    "discard": discard, "change_power": change_power, "search": search, "discard_by": discard_by,
    "mill": mill, "deck_bottom": deck_bottom,
}


def verb_table(*parts: Mapping[str, V]) -> dict[str, V]:
    """One game's dispatch table: its glossary names to verbs, from one or more mappings
    (e.g. the aliases of shared verbs, then its own). A name given twice is an error, not an
    override: which verb a card gets must be plain from the table."""
    table: dict[str, V] = {}
    for part in parts:
        for name, verb in part.items():
            if name in table:
                raise ValueError(f"verb {name!r} is defined twice in the table")
            if not callable(verb):
                raise TypeError(f"verb {name!r} is not a function: {verb!r}")
            table[name] = verb
    return table


def check_table(table: Mapping[str, object], glossary: frozenset[str] | set[str],
                elsewhere: frozenset[str] = frozenset()) -> list[str]:
    """What is wrong with a game's table against its glossary (the schema's ``do`` names):
    a name no verb carries out, a verb no card can name, a name both settled elsewhere (before
    ``do_effect``, e.g. a cost) and in the table. Empty when the table is sound."""
    problems = [f"{name!r} has no verb" for name in sorted(glossary - elsewhere - set(table))]
    problems += [f"{name!r} is in the table but no card can say it" for name in sorted(set(table) - glossary)]
    problems += [f"{name!r} is settled elsewhere and also in the table" for name in sorted(elsewhere & set(table))]
    return problems
