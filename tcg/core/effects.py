"""Resolving a card's instructions one at a time: the loop every game's effects share.

An ability, a spell or a magic is a list of effects. The task ``effects`` resolves one of
them and queues the next, stopping for the two choices effects ask: "you may" (an
``optional`` decision: ``choose {option: "yes"}`` or ``pass``) and targets (a ``target``
decision: ``choose {card}`` one at a time, ``pass`` to stop where it says "up to").
Tasks name the effect list by a plain reference (card name, where on the card), so the
queue stays JSON data. A game supplies the vocabulary: ``effect_list``, ``do_effect``,
and where a selector's candidates come from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from tcg.core.actions import Action
from tcg.core.state import Decision, State, Task
from tcg.core.verbs import Verb

_PASS = Action("pass")

Ref = tuple[Any, ...]


class Instruction(Protocol):
    """What the loop reads of an instruction (each game's effect model)."""

    @property
    def do(self) -> str: ...

    @property
    def optional(self) -> bool: ...

    @property
    def target(self) -> object: ...  # none, "self", a game's own literal, or its selector


class Selection(Protocol):
    """What the loop reads of a selector, once a target is neither none nor "self"."""

    @property
    def count(self) -> int: ...

    @property
    def up_to(self) -> bool: ...

    @property
    def all(self) -> bool: ...

    @property
    def random(self) -> bool: ...


#: The game's effect model and selector model (``EffectRunner[Effect, Selector]``).
E = TypeVar("E", bound=Instruction)
S = TypeVar("S")


class EffectRunner(State, Generic[E, S]):
    """The base of every game's state classes. Effects need ``target`` (a selector,
    ``"self"`` or none) and ``optional``; selectors need ``count``, ``up_to``, ``all`` and
    ``random``.

    A game's classes form one line, ``State`` -> ``EffectRunner`` -> its queries -> its
    effects -> its state: single inheritance is what mypyc needs to compile them to C
    classes (see ``setup.py``)."""

    __slots__ = ()

    #: The zone a card must still be in for an effect on "this card" to apply to it.
    PLAY_ZONE: ClassVar[str] = ""
    #: Effects whose verbs never take targets, whatever their data says.
    UNTARGETED: ClassVar[frozenset[str]] = frozenset()
    #: The game's glossary of verbs (its ``verbs.py``, ``tcg.core.verbs.verb_table``): ``do:`` name
    #: -> verb. ``do_effect`` carries an instruction out through it.
    VERBS: ClassVar[Mapping[str, Verb]] = {}

    # ------------------------------------------------------------------ hooks
    def effect_list(self, ref: Ref) -> Sequence[E]:
        raise NotImplementedError

    def do_effect(self, eff: E, controller: int, source: int, targets: tuple[int, ...]) -> None:
        """Carry out one instruction: the ``effect`` event, then its verb from ``VERBS`` (a name
        with no verb is settled elsewhere: a game's ``special_effect``)."""
        verb = eff.do
        self.emit("effect", verb=verb, card=source, name=self.cards[source].name, player=controller)
        fn = self.VERBS.get(verb)
        if fn is not None:
            fn(self, eff, controller, source, targets)

    def effect_candidates(self, eff: E, sel: S, controller: int, source: int) -> list[int]:
        raise NotImplementedError

    def effect_wants(self, eff: E, sel: S) -> int:
        """How many targets the effect takes."""
        return int(cast(Selection, sel).count)

    def effect_up_to(self, eff: E, sel: S) -> bool:
        return bool(cast(Selection, sel).up_to)

    def effect_chooser(self, eff: E, sel: S, controller: int) -> int:
        return controller

    def special_effect(self, data: dict[str, Any], eff: E) -> bool:
        """A game may take over an effect that needs its own steps; True when it did."""
        return False

    # ------------------------------------------------------------------ the loop
    def queue_effects(self, source: int, controller: int, ref: Ref, optional: bool = False) -> None:
        """Queue an effect list; ``optional`` makes the whole of it a "you may"."""
        self.tasks.append(Task("effects", source=source, controller=controller, ref=ref, index=0, ask=optional))

    def run_effects_task(self, task: Task) -> None:
        given = task.data  # read directly: ``special_effect`` may change the copy ``data``
        effects = self.effect_list(given["ref"])
        index = given["index"]
        if index >= len(effects):
            return
        eff = effects[index]
        data = dict(given)
        ask = given.get("ask")
        if not ask and self.special_effect(data, eff):
            return
        if ask or (eff.optional and not given.get("accepted")):
            pending = {**data, "ask": False, "whole": bool(ask)}
            self.decision = Decision(given["controller"], "optional", {"task": pending})
            return
        self.continue_effect(data, eff, ())

    def next_effect(self, data: dict[str, Any]) -> None:
        self.tasks.append(Task.of("effects", {**data, "index": data["index"] + 1, "accepted": False, "ask": False,
                                              "whole": False, "drawn": 0}))

    def answer_optional(self, task: dict[str, Any], accepted: bool) -> None:
        """"You may": yes resolves it; no skips that effect, or the whole ability it opened."""
        if accepted:
            self.tasks.append(Task.of("effects", {**task, "accepted": True, "whole": False}))
        elif not task.get("whole"):
            self.tasks.append(Task.of("effects", {**task, "index": task["index"] + 1, "accepted": False}))

    def continue_effect(self, data: dict[str, Any], eff: E, chosen: tuple[int, ...]) -> None:
        """Choose targets one at a time where the effect needs a choice, then carry it out."""
        controller, source, sel = data["controller"], data["source"], eff.target
        if sel is None or eff.do in self.UNTARGETED:
            self.next_effect(data)
            self.do_effect(eff, controller, source, ())
            return
        if sel == "self":  # "this card": only while it is still in play
            self.next_effect(data)
            self.do_effect(eff, controller, source, (source,) if self.zone_of(source) == self.PLAY_ZONE else ())
            return
        # Any other target is the game's selector (a game settles its own literal targets in
        # ``special_effect`` or ``effect_candidates``): typed so for the hooks and the loop.
        game_sel, picked = cast(S, sel), cast(Selection, sel)
        candidates = [c for c in self.effect_candidates(eff, game_sel, controller, source) if c not in chosen]
        if picked.all:
            self.next_effect(data)
            self.do_effect(eff, controller, source, tuple(candidates))
            return
        want = self.effect_wants(eff, game_sel)
        if picked.random:
            picks, pool = list(chosen), list(candidates)
            while len(picks) < want and pool:
                picks.append(pool.pop(self.rng.below(len(pool))))
            self.next_effect(data)
            self.do_effect(eff, controller, source, tuple(picks))
            return
        up_to = self.effect_up_to(eff, game_sel)
        if len(chosen) >= want or not candidates or (not up_to and len(candidates) + len(chosen) <= want):
            # As much as possible: with no real choice left, take every candidate.
            self.next_effect(data)
            self.do_effect(eff, controller, source, chosen + tuple(candidates[: max(0, want - len(chosen))]))
            return
        chooser = self.effect_chooser(eff, game_sel, controller)
        decision: dict[str, Any] = {"task": data, "chosen": chosen, "candidates": tuple(candidates), "optional": up_to}
        blind = self.blind_candidates(chooser, candidates)
        if blind:  # cards the chooser cannot see are chosen by place, never by id: cards held in
            # a hand ("your opponent chooses 1 card from your hand", Kanjuro) in an order shuffled
            # now, as a hand is held out face down; a face-down pile's (Life) in its order, top first
            vis, where, zones = self.ZONE_VISIBILITY, self.where, self.zones
            held = [c for c in blind if vis.get(where[c][1]) == "owner"]
            self.rng.shuffle(held)
            piled = sorted((c for c in blind if vis.get(where[c][1]) != "owner"),
                           key=lambda c: (where[c][0], where[c][1], zones[where[c][0]][where[c][1]].index(c)))
            decision["blind"] = (*held, *piled)
        self.decision = Decision(chooser, "target", decision)

    def blind_candidates(self, chooser: int, candidates: Sequence[int]) -> list[int]:
        """The candidates ``chooser`` cannot see, to be offered by place: another player's cards
        (a player searching their own deck looks through it) not named by id anyway (a face-down
        monster, REFERABLE_FACE_DOWN). A game that names hidden cards its own way, by their place
        in a row of shields, returns none."""
        cards, where, referable = self.cards, self.where, self.REFERABLE_FACE_DOWN
        return [c for c in candidates if cards[c].owner != chooser and where[c][1] not in referable
                and not self.can_see(chooser, c)]

    @staticmethod
    def target_actions(data: Mapping[str, Any]) -> list[Action]:
        """The legal actions of a ``target`` decision: one ``choose {card}`` per candidate not yet
        chosen (``choose {index}`` for one the chooser cannot see: its place in ``blind``), and
        ``pass`` where the effect says "up to"."""
        chosen = data.get("chosen", ())
        blind = data.get("blind", ())
        acts = [Action.of("choose", (("card", c),)) for c in data["candidates"] if c not in chosen and c not in blind]
        acts += [Action.of("choose", (("index", i),)) for i, c in enumerate(blind) if c not in chosen]
        return [*acts, _PASS] if data["optional"] else acts

    @staticmethod
    def target_pick(data: Mapping[str, Any], action: Action) -> int | None:
        """The card a ``target`` answer picks (None: ``pass``), ``choose {index}`` read in ``blind``."""
        if action.type == "pass":
            return None
        index = action.get("index")
        return int(data["blind"][index]) if index is not None else action.get("card")

    def resolve_target_choice(self, data: dict[str, Any], pick: int | None) -> None:
        task = dict(data["task"])
        eff = self.effect_list(task["ref"])[task["index"]]
        if pick is None:  # stop choosing ("up to")
            self.next_effect(task)
            self.do_effect(eff, task["controller"], task["source"], tuple(data["chosen"]))
            return
        self.continue_effect(task, eff, (*data["chosen"], pick))
