"""The chase (FOW-48..53, FOW-103): declaring an action, the response ``window``, and the
chase area resolving last-declared first; what may be a chase (FOW-52); Lifebreak and its
Break (FOW-58..62, FOW-120).

The chase area is the :class:`~tcg.core.stack.Stack` ``flags["chase"]``: a list of items, the
last declared last; the windows' turn-taking is a :class:`~tcg.core.stack.Window` (``SHEET`` or
``MODERN``, by the option ``chase``). Each player
action is declared (targets chosen, FOW-105, then the cost paid) and becomes an item; the
opponent then gets a response window. Items that wait (summons, spells, additions, abilities,
Breaks) resolve when the chase resolves; the others (calling a stone, Judgment, setting a
chant-standby, an attack, a block, a Lifebreak) happen at once and are *markers*: they can be
answered, and resolve to nothing. The state keeps the three moves every area uses
(``push``, ``marker``, ``open_window``).

Speed: a window is a decision like any other, with shared decision objects; a window without
an answer has ``pass`` as its one legal action, which the core's loop takes at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action, CardActions
from tcg.core.limits import MAX_STACK_DEPTH
from tcg.core.stack import CLOSED, Stack
from tcg.core.stack import Window as StackWindow
from tcg.core.state import Card, Decision, Task
from tcg.games.force_of_will.cards import Selector, cost_key
from tcg.games.force_of_will.effects import needs_target
from tcg.games.force_of_will.payment import can_pay, declare_pay, payer, stones_could_pay
from tcg.games.force_of_will.queries import STANDBY_SET_COST, play_kind, reducers_in
from tcg.games.force_of_will.records import AbilityRecord, CardRecord, SelectorRecord, ability_record, target, targets
from tcg.games.force_of_will.turn import NEVER_CHASE, FowDecision, Why

if TYPE_CHECKING:
    from tcg.games.force_of_will.payment import Payer
    from tcg.games.force_of_will.state import ForceOfWillState

PASS = Action("pass")
YES = Action("choose", option="yes")
LIFEBREAK = Action("lifebreak")
PLAY_SPELL = CardActions("play_spell")
ACTIVATE_STANDBY = CardActions("activate_chant_standby")
#: ``window`` tasks by player and passes so far (at most one before the window closes).
WINDOW_TASKS = tuple(tuple(Task("window", player=p, passes=n) for n in (0, 1)) for p in (0, 1))
#: The ``window`` decisions, the same way: immutable, so shared.
WINDOW_DECISIONS = tuple(tuple(Decision(p, "window", {"passes": n}) for n in (0, 1)) for p in (0, 1))
#: Tasks without data: never changed, so shared.
SETTLE, RESOLVE_CHASE = Task("settle"), Task("resolve_chase")
RESOLVE_TOP, AFTER_TOP = Task("resolve_top"), Task("after_top")
#: FOW-48..50: the chase area; items ``{kind, card, player, targets, ...}``, the last declared on top.
CHASE = Stack("chase")
#: FOW-51, FOW-103 (the sheet): the opponent answers; one pass resolves the whole chase area,
#: last in first out, with no new chase until it is empty.
SHEET = StackWindow(passes=1, resolve_all=True)
#: ``chase = modern``: the declarer has priority first; two passes in succession resolve the top item.
MODERN = StackWindow(passes=2, resolve_all=False, declarer_first=True)


def window_rules(s: ForceOfWillState) -> StackWindow:
    """The window of the option ``chase`` (FOW-48..51, FOW-103)."""
    return MODERN if s.options.get("chase") == "modern" else SHEET


class _Activations(dict[tuple[int, int], Action]):
    """``activate_ability {card, ability}`` for each (card, ability index), built once and shared
    by every state: an action is an immutable value made from its key alone."""

    def __missing__(self, key: tuple[int, int]) -> Action:
        card, index = key
        action = self[key] = Action.of("activate_ability", (("ability", index), ("card", card)))
        return action


ACTIVATIONS = _Activations()


# ---------------------------------------------------------------------- what may be a chase (FOW-52)
def chase_actions(s: ForceOfWillState, p: int) -> list[Action]:
    """FOW-52: the actions that may be chases: Chant-Instants (and Quickcast Chants) from
    the hand, [Activate] abilities, set Chant-Standbys whose trigger is met, Lifebreak."""
    out: list[Action] = []
    digest, cards = s.digest, s.cards
    pay = None
    verdict: dict[str, bool] = {}
    barred = s.barred_plays(p)
    for c in s.zones[p]["hand"]:
        name = cards[c].name
        d = digest[name]
        if d.instant_speed and "spell" not in barred:
            ok = verdict.get(name)
            if ok is None:
                pay = pay or payer(s, p)
                key = d.cost_key if d.cost_less_if is None and not reducers_in(s.defs) else cost_key(s.cost_for(p, c))
                ok = verdict[name] = pay(key) and spell_ready(s, p, c, d)
            if ok:
                out.append(PLAY_SPELL[c])
    chase_extras(s, p, out, pay)
    return out


def chase_extras(s: ForceOfWillState, p: int, out: list[Action], pay: Payer | None) -> None:
    """What the player may do both as a chase and in their Main Phase, besides spells:
    [Activate] abilities (of the ruler in the ruler area, the player's cards on the field and
    the additions they control on any field, in that order), set Chant-Standbys whose
    trigger is met, Lifebreak."""
    cards, digest, zones = s.cards, s.digest, s.zones
    for c in zones[p]["ruler_area"]:
        card = cards[c]
        d = digest[card.name]
        if d.activates and "spent" not in card.marks:
            pay = activations(s, p, c, card, d, pay, out)
    for q in (0, 1):
        for c in zones[q]["field"]:
            card = cards[c]
            if q == p:
                d = digest[card.name]
                if d.activates:
                    pay = activations(s, p, c, card, d, pay, out)
                if card.attached:
                    pay = granted_activations(s, p, c, pay, out)
            for a in card.attached:
                added = cards[a]
                d = digest[added.name]
                if added.controller == p and d.activates:
                    pay = activations(s, p, a, added, d, pay, out)
    if zones[p]["chant_standby_area"] and "spell" not in s.barred_plays(p):  # activating one plays a spell
        for c in zones[p]["chant_standby_area"]:
            if standby_ready(s, p, c):
                out.append(ACTIVATE_STANDBY[c])
    if s.can_lifebreak(p):
        out.append(LIFEBREAK)


def activations(s: ForceOfWillState, p: int, c: int, card: Card, d: CardRecord, pay: Payer | None,
                out: list[Action]) -> Payer | None:
    """Add the ready [Activate] abilities of card ``c`` (of the side it shows); returns the
    payer, made on first need."""
    if "j_ruler" in card.marks:
        ready = () if "spent" in card.marks else d.back_activations
    else:
        ready = d.front_activations
    if ready and s.effects and s.silenced(c):
        return pay  # "loses all abilities"
    for i, ab in ready:
        pay = pay or payer(s, p)
        if ability_ready(s, p, c, i, ab, pay):
            out.append(ACTIVATIONS[c, i])
    return pay


def granted_activations(s: ForceOfWillState, p: int, c: int, pay: Payer | None, out: list[Action]) -> Payer | None:
    """Add the ready [Activate] abilities that the additions attached to ``c`` give it
    (``Static.grants``; indexed after its own abilities, as ``abilities`` lists them)."""
    granted = s.granted(c)
    if not granted or s.silenced(c):
        return pay
    first = len(s.abilities(c)) - len(granted)
    for k, ab in enumerate(granted):
        if ab.when == "activate":
            pay = pay or payer(s, p)
            if ability_ready(s, p, c, first + k, ability_record(ab), pay):
                out.append(ACTIVATIONS[c, first + k])
    return pay


DECOY = frozenset({"decoy"})


def decoys_first(s: ForceOfWillState, p: int, sel: SelectorRecord, cands: tuple[int, ...],
                 chosen: Sequence[int]) -> tuple[int, ...]:
    """"He or she must choose this card as one of its targets if able" (Servant of Vampire): while
    none is chosen yet, ``p``'s instruction targeting a card of a decoy's race (an opponent's decoy,
    ``Keywords.decoy``) may only take such decoys."""
    decoys = [c for c in cands if c >= 0 and s.cards[c].controller != p and s.has(c, "decoy")
              and not sel.race_set.isdisjoint(s.races_of(c))]
    if not decoys or any(c >= 0 and s.has(c, "decoy") for c in chosen):
        return cands
    return tuple(decoys)


def ability_ready(s: ForceOfWillState, p: int, c: int, i: int, ab: AbilityRecord, pay: Payer) -> bool:
    """The ``i``-th ability ``ab`` of card ``c`` may be activated now: {Rest} possible,
    not used yet if once per turn, its will payable and its targets there."""
    if ab.rest_self and (s.cards[c].tapped or rest_barred(s, c)):
        return False
    if ab.once_per_turn and s.flags.get(f"used:{c}:{i}"):
        return False
    if ab.banish is not None and not s.candidates(ab.banish, p, c):
        return False  # nothing to banish for the cost
    if ab.rest_other is not None and not rest_candidates(s, p, c, ab.rest_other):
        return False  # nothing recovered to rest for the cost
    if ab.discard_named and not named_in_hand(s, p, ab.discard_named):
        return False  # no such card to discard for the cost
    if ab.discard is not None and not matching_in_hand(s, p, c, ab.discard):
        return False  # "discard a Fairy Tale resonator": none in the hand
    if ab.if_ is not None and not s.holds(ab.if_, p, c):
        return False  # "You cannot play this ability if you don't control ..."
    return pay(ab.cost_key) and s.targets_exist(p, c, ab.target_checks)


def rest_barred(s: ForceOfWillState, c: int) -> bool:
    """FOW-113: a resonator put onto the field this turn cannot use an ability with {Rest} in its
    cost that turn (Swiftness lifts it, 2.8). The rule names resonators only: an addition or a
    magic stone may use its {Rest} ability the turn it entered. A J-ruler counts as a resonator
    here, as FOW-117 counts it for attacking (official rules: "J/resonator"; the brief is silent)."""
    return s.cards[c].entered_this_turn and s.is_battler(c) and not s.has(c, "swiftness")


def standby_ready(s: ForceOfWillState, p: int, c: int) -> bool:
    """FOW-56, FOW-57: set on an earlier turn, its trigger met now, and recovered stones
    able to produce its cost (the cost is not paid)."""
    card = s.cards[c]
    d = s.digest[card.name]
    event = d.trigger_event
    if event is not None and event != "anytime" and not CHASE.depth(s):
        return False  # the other triggers are an opponent's action waiting on the chase area
    if card.entered_this_turn or event is None or not trigger_met(s, p, event):
        return False
    cond = d.trigger.if_ if d.trigger is not None else None
    if cond is not None and not s.holds(cond, p, c):
        return False  # a state trigger ("your Ruler is ... and you control ...") that does not hold
    return stones_could_pay(s, p, d.cost) and spell_ready(s, p, c, d)


def trigger_met(s: ForceOfWillState, p: int, event: str) -> bool:
    return event == "anytime" or bool(event_items(s, p, event))


def event_items(s: ForceOfWillState, p: int, event: str) -> list[Mapping[str, Any]]:
    """The opponent's chase items that meet a chant-standby's trigger."""
    out: list[Mapping[str, Any]] = []
    for item in CHASE.items(s):
        if item["player"] == p:
            continue
        kind = item["kind"]
        if event == "opponent_spell_targets_your_resonator":
            met = kind == "spell" and bool(my_resonator_targets(s, p, item))
        elif event == "opponent_plays_spell":  # a copy of a spell is not played
            met = kind == "spell" and not item.get("copy")
        elif event == "opponent_summons":
            met = kind == "marker" and item.get("event") == "summoned"
        else:  # opponent_attacks, opponent_lifebreak
            met = kind == "marker" and item.get("event") == event.removeprefix("opponent_").rstrip("s")
        if met:
            out.append(item)
    return out


def my_resonator_targets(s: ForceOfWillState, p: int, item: Mapping[str, Any]) -> list[int]:
    return [t for _, ts in item.get("targets", ()) for t in ts
            if t >= 0 and s.cards[t].controller == p and s.is_resonator(t)]


# ---------------------------------------------------------------------- declaring (targets, then payment)
def declare_chase(s: ForceOfWillState, p: int, action: Action) -> None:
    """Start a declared action that may be a chase (FOW-52): a spell from the hand, an
    [Activate] ability, a set Chant-Standby, a Lifebreak."""
    t, card = action.type, action.get("card")
    if t == "play_spell":
        declare(s, {"kind": "spell", "card": card, "player": p, "ref": spell_ref(s, card),
                    "cost": s.cost_for(p, card)})
    elif t == "activate_ability":
        index = action.get("ability")
        ab = s.abilities(card)[index]
        item: dict[str, Any] = {"kind": "ability", "card": card, "player": p, "ref": ("ability", index),
                                "cost": dict(ab.cost)}
        if ab.rest_self:  # {Rest}: paid with the other costs, once the targets are chosen
            item["rest_self"] = True
        if ab.once_per_turn:
            s.flags[f"used:{card}:{index}"] = True
        if ab.banish_self:  # "banish this card": likewise paid after the targets are chosen
            item["banish_self"] = True
        if ab.banish is not None:  # "banish a Human resonator": chosen first (the cost_banish decision)
            item["banish_candidates"] = tuple(s.candidates(target(ab.banish), p, card))
        if ab.rest_other is not None:  # "rest a recovered resonator you control": the cost_rest decision
            item["rest_candidates"] = tuple(rest_candidates(s, p, card, target(ab.rest_other)))
        if ab.discard_named:  # "discard "Poison Apple"": the cost_discard decision
            item["discard_candidates"] = tuple(named_in_hand(s, p, ab.discard_named))
        elif ab.discard is not None:  # "discard a Fairy Tale resonator"
            item["discard_candidates"] = tuple(matching_in_hand(s, p, card, target(ab.discard)))
        declare(s, item)
    elif t == "activate_chant_standby":
        d = s.d(card)
        assert d.trigger is not None
        events = event_items(s, p, d.trigger.event)
        s.update(card, face_down=False)
        declare(s, {"kind": "spell", "card": card, "player": p, "ref": spell_ref(s, card), "cost": {}, "standby": True,
                    "event_target": tuple(t for e in events for t in my_resonator_targets(s, p, e)),
                    "event_card": tuple(e["card"] for e in events)})
    elif t == "lifebreak":
        lifebreak(s, p)


def copy_spell(s: ForceOfWillState, p: int, card: int) -> None:
    """"... may copy this spell and may choose new targets for the copy": a copy of the spell
    ``card`` joins the chase area under ``p``'s control, its targets chosen by ``p`` now (the old
    ones among them while still legal), its cost not paid. It is not played ("whenever you play a
    spell" does not see it) and it is not a card: it resolves like the spell, then is gone
    (official rules: a copy of a spell on the chase; the brief is silent)."""
    declare(s, {"kind": "spell", "card": card, "player": p, "ref": ("effects",), "cost": {}, "copy": True})


def spell_ref(s: ForceOfWillState, card: int) -> tuple[Any, ...]:
    """Where a spell's instructions are: its ``effects``, or ``("modes",)`` while its modes are
    still to be chosen (then ``("modes", chosen)``)."""
    return ("effects",) if s.d(card).modes is None else ("modes",)


def spell_ready(s: ForceOfWillState, p: int, c: int, d: CardRecord) -> bool:
    """FOW-105: a spell's targets exist - for a spell with modes, some mode can be chosen."""
    if d.modes is not None:
        return bool(s.modes_open(p, c))
    return s.targets_exist(p, c, d.effect_checks)


def named_in_hand(s: ForceOfWillState, p: int, names: Sequence[str]) -> list[int]:
    """The cards of these names in ``p``'s hand (what a "discard "Poison Apple"" cost may discard)."""
    return [c for c in s.zones[p]["hand"] if s.cards[c].name in names]


def matching_in_hand(s: ForceOfWillState, p: int, source: int, sel: SelectorRecord) -> list[int]:
    """The cards of ``p``'s hand a "discard a Fairy Tale resonator" cost may discard (``kind``: their type)."""
    return [c for c in s.zones[p]["hand"]
            if (sel.kind == "card" or s.d(c).type == sel.kind) and s.matches(sel, c, p, source)]


def rest_candidates(s: ForceOfWillState, p: int, source: int, sel: Any) -> list[int]:
    """The recovered cards ``p`` controls that a "rest a ..." cost may rest."""
    return [c for c in s.candidates(sel, p, source) if not s.cards[c].tapped and s.cards[c].controller == p]


def banish(s: ForceOfWillState, p: int, card: int) -> None:
    """Banish ``card`` as a cost: it goes from the field (or attached) into its owner's graveyard
    (official rules: "banish" is that, and only cards one controls; the brief is silent)."""
    s.emit("banished", card=card, name=s.cards[card].name, player=p)
    s.leave_field(card, "graveyard")


def declare(s: ForceOfWillState, item: dict[str, Any]) -> None:
    """Every caller declares as its last step, so the first declaration step runs at once
    (the ``declare`` task it would queue would be the next one run)."""
    item.setdefault("targets", ())
    s.flags["declaring"] = item
    declare_step(s, 0)


def declare_step(s: ForceOfWillState, index: int) -> None:
    """Choose the modes, then the targets of each targeting instruction (FOW-105), then pay the
    costs: the cards a cost rests, banishes or discards (:func:`pay_card_costs`), then the will.

    [standard] FOW-105: the targets are chosen before any cost is paid, so a card the cost
    banishes or rests may be chosen as a target (it is then gone or changed when the ability
    resolves). Official order of playing a spell or ability: announce, modes, targets, then the
    total cost and its payment (Judge of Will - All About Playing, fowtcg.us; Comprehensive
    Rules 6.3, 903.2e-903.2h). The brief is silent on the order."""
    item = s.flags["declaring"]
    if "host_candidates" in item:  # Addition: Resonator: the resonator it is played on
        hosts = [h for h in item["host_candidates"] if s.is_resonator(h)]
        s.decision = Decision(item["player"], "target", {"candidates": tuple(hosts), "optional": False,
                                                         "index": -1, "chosen": ()})
        return
    if item.get("ref") == ("modes",):  # "Choose one - ...": the modes first, then their targets
        chosen = item.get("modes", ())
        open_ = s.modes_open(item["player"], item["card"], chosen)
        modes = s.d(item["card"]).modes
        assert modes is not None
        if open_ and len(chosen) < s.mode_limit(item["player"], item["card"]):
            s.decision = Decision(item["player"], "mode", {"options": tuple(open_),
                                                           "optional": len(chosen) >= modes.choose})
            return
        s.flags["declaring"] = {**item, "ref": ("modes", tuple(sorted(chosen)))}
        item = s.flags["declaring"]
    if not item.get("targets_done"):
        if choose_targets(s, item, index):
            return
        s.flags["declaring"] = {**item, "targets_done": True}
    pay_card_costs(s)


def choose_targets(s: ForceOfWillState, item: Mapping[str, Any], index: int) -> bool:
    """Ask for the next target from instruction ``index`` on; False once every one is chosen."""
    effects = item_effects(s, item)
    while index < len(effects):
        eff = effects[index]
        if needs_target(eff):
            sel = eff.target
            assert isinstance(sel, Selector)
            chosen = dict(item["targets"]).get(index, ())
            if len(chosen) < sel.count:
                taken = {t for i, ts in item["targets"] for t in ts} if sel.another else chosen
                cands = tuple(c for c in s.target_candidates(target(sel), item["player"],
                                                             item.get("source", item["card"]))
                              if c not in taken)
                if sel.races and cands and s.keywords_now(DECOY):
                    cands = decoys_first(s, item["player"], target(sel), cands, chosen)
                if cands:
                    s.decision = Decision(item["player"], "target", {"candidates": cands, "optional": sel.up_to,
                                                                     "index": index, "chosen": chosen})
                    return True
        index += 1
    return False


def pay_card_costs(s: ForceOfWillState) -> None:
    """The costs that take a card, after the targets (FOW-105 [standard], above): a chosen card
    to banish, rest or discard (a decision each), then {Rest} and "banish this card"; then the will."""
    item = s.flags["declaring"]
    if "banish_candidates" in item:  # the card banished for an ability's cost
        cands = tuple(c for c in item["banish_candidates"] if s.where[c][1] in ("field", "attached"))
        s.decision = Decision(item["player"], "cost_banish", {"candidates": cands})
        return
    if "rest_candidates" in item:  # the card rested for an ability's cost
        s.decision = Decision(item["player"], "cost_rest", {"candidates": item["rest_candidates"]})
        return
    if "discard_candidates" in item:  # the card discarded for a cost
        s.decision = Decision(item["player"], "cost_discard", {"candidates": item["discard_candidates"]})
        return
    p, card = item["player"], item["card"]
    paid = {k: v for k, v in item.items() if k not in ("targets_done", "rest_self", "banish_self")}
    if item.get("rest_self"):  # it becomes rested: its triggers wait until the ability is played
        s.update(card, tapped=True)
        paid["rested"] = (*paid.get("rested", ()), card)
    s.flags["declaring"] = paid
    if item.get("banish_self"):  # "banish this card": into its owner's graveyard, as a cost
        banish(s, p, card)
    declare_pay(s)


def item_effects(s: ForceOfWillState, item: Mapping[str, Any]) -> Sequence[Any]:
    ref = item.get("ref")
    return () if ref is None else s.effects_of(item["card"], ref)


def declare_trigger(s: ForceOfWillState, task: Task) -> None:
    """An automatic ability is declared with its targets, unless it has none to take (FOW-105)."""
    card, p, i = task["card"], task["player"], task["index"]
    ab = s.abilities(card)[i]
    if not s.targets_exist(p, card, targets(ab.target_checks)):
        return
    item: dict[str, Any] = {"kind": "trigger", "card": card, "player": p, "ref": ("ability", i), "quiet": True}
    if task.get("event_target"):
        item["event_target"] = tuple(task["event_target"])
    if task.get("amount"):
        item["event_amount"] = task["amount"]
    declare(s, item)


# ---------------------------------------------------------------------- Lifebreak (FOW-58..62, FOW-120)
def lifebreak(s: ForceOfWillState, p: int) -> None:
    """Reveal the top card; a Break may be played free, anything else goes to the graveyard."""
    card = s.zones[p]["lifebreak_area"][0]
    s.counters[p]["lifebreak_revealed"] = s.counters[p].get("lifebreak_revealed", 0) + 1
    s.move(card, "limbo", face_down=False)
    s.emit("lifebreak", card=card, name=s.cards[card].name, player=p,
           revealed=s.counters[p]["lifebreak_revealed"])
    d = s.digest[s.cards[card].name]
    if d.break_ability and s.targets_exist(p, card, d.break_checks):
        # The answer to the Lifebreak comes once the player has said whether the Break is played.
        s.push({"kind": "marker", "event": "lifebreak", "card": card, "player": p, "targets": (), "quiet": True})
        s.tasks.append(Task("offer_break", card=card, player=p))
    else:
        s.move(card, "graveyard")
        s.marker(p, "lifebreak", card)


def answer_break(s: ForceOfWillState, p: int, card: int, play: bool) -> None:
    if not play:
        s.move(card, "graveyard")
        s.open_window(p)
        return
    declare(s, {"kind": "break", "card": card, "player": p, "ref": ("break",), "cost": {}})


# ---------------------------------------------------------------------- the chase resolving (FOW-48..52, FOW-103)
def window_pass(s: ForceOfWillState, p: int, passes: int) -> None:
    """A pass is a caller's last step: what it leads to runs at once."""
    rules = window_rules(s)
    nxt = rules.passed(p, passes)
    if nxt != CLOSED:
        s.tasks.append(WINDOW_TASKS[nxt][passes + 1])
    elif rules.resolve_all:
        s.flags["resolving"] = True  # FOW-51: no chase until the whole area has resolved
        resolve_chase(s)
    else:
        s.tasks.append(RESOLVE_TOP)


def resolve_chase(s: ForceOfWillState) -> None:
    chase = CHASE.items(s)
    last = len(chase)
    while last and chase[last - 1]["kind"] == "marker":  # markers resolve to nothing: no task each
        last -= 1
    if last < len(chase):
        CHASE.truncate(s, last)
    if not last:
        CHASE.clear(s)
        s.flags.pop("resolving", None)
        announce_summons(s)
        return
    s.tasks.append(RESOLVE_CHASE)
    resolve_item(s)


def resolve_top(s: ForceOfWillState) -> None:
    """``chase = modern``: resolve the top item only; priority reopens to the turn player."""
    s.tasks.append(AFTER_TOP)
    s.flags["resolving"] = True
    resolve_item(s)


def after_top(s: ForceOfWillState) -> None:
    s.flags.pop("resolving", None)
    if CHASE.depth(s):
        s.tasks.append(WINDOW_TASKS[s.active][0])
    else:
        CHASE.clear(s)
        announce_summons(s)


def standby_waits_for(s: ForceOfWillState, p: int, event: str) -> bool:
    """Has the player a set Chant-Standby with this trigger? (Only then is the event worth a window.)"""
    return any((d := s.d(c)).trigger is not None and d.trigger.event == event
               for c in s.zones[p]["chant_standby_area"])


def announce_summons(s: ForceOfWillState) -> None:
    """"When an opponent summons a resonator" is met once the resonator is on the field: the
    resolved summon becomes an event the opponent may answer (FOW-56)."""
    for card, p in s.flags.pop("summoned", None) or ():
        if s.where[card][1] == "field":
            s.marker(p, "summoned", card)


def resolve_item(s: ForceOfWillState) -> None:
    """FOW-50: the last declared resolves first."""
    item = CHASE.pop(s)
    kind, card, p = item["kind"], item["card"], item["player"]
    if kind == "marker":
        return
    s.emit("resolves", kind=kind, card=card, name=s.cards[card].name, player=p)
    if kind in ("summon", "addition"):
        # FOW-111 once the card is on the field (a lasting effect may leave a DEF at 0).
        # Spells and abilities need no such step: their effects settle after each instruction.
        s.tasks.append(SETTLE)
    if kind == "summon":
        if s.where[card][1] == "chase_area":
            s.move(card, "field", player=p, tapped=False, entered_this_turn=True)  # FOW-112
            s.emit("summoned", card=card, name=s.cards[card].name, player=p)
            s.entered_field(card)
            if standby_waits_for(s, 1 - p, "opponent_summons"):
                s.flags["summoned"] = [*(s.flags.get("summoned") or ()), (card, p)]
    elif kind == "addition":
        resolve_addition(s, item)
    elif kind in ("spell", "break"):
        if not item.get("copy"):  # (a copy is no card: nothing goes to the graveyard)
            s.tasks.append(Task.of("spell_done", {"card": card}))  # FOW-16: then to the graveyard
        s.resolve_effects(item)
    else:  # an ability
        s.resolve_effects(item)


def resolve_addition(s: ForceOfWillState, item: Mapping[str, Any]) -> None:
    card, p = item["card"], item["player"]
    if s.where[card][1] != "chase_area":
        return
    if s.d(card).subtype == "addition_field":
        s.move(card, "field", player=p, tapped=False, entered_this_turn=True)
        s.entered_field(card)
        return
    host = item.get("host")
    if host is None or not s.is_resonator(host):  # FOW-114: nothing to attach to
        s.move(card, "graveyard")
        return
    s.detach(card)
    s.place(card, p, "attached")
    s.cards[card] = s.cards[card].replace(controller=p, entered_this_turn=True)
    s.cards[host] = s.cards[host].replace(attached=(*s.cards[host].attached, card))
    s.emit("attached", card=card, name=s.cards[card].name, player=p, onto=host)
    s.controlled_by_addition(card, host)
    s.entered_field(card)  # an addition put onto a resonator enters the field too (FOW-114)


# ---------------------------------------------------------------------- steps
def window_step(s: ForceOfWillState, task: Task) -> None:
    s.decision = WINDOW_DECISIONS[task["player"]][task["passes"]]


def resolve_chase_step(s: ForceOfWillState, task: Task) -> None:
    resolve_chase(s)


def resolve_top_step(s: ForceOfWillState, task: Task) -> None:
    resolve_top(s)


def after_top_step(s: ForceOfWillState, task: Task) -> None:
    after_top(s)


def declare_task_step(s: ForceOfWillState, task: Task) -> None:
    declare_step(s, task["index"])


def spell_done_step(s: ForceOfWillState, task: Task) -> None:
    """FOW-16: a resolved spell goes to the graveyard (unless an effect moved it)."""
    if s.where[task["card"]][1] == "chase_area":
        s.move(task["card"], "graveyard")


def trigger_window_step(s: ForceOfWillState, task: Task) -> None:
    """An automatic ability declared outside a resolution ("when this card is destroyed" by
    battle damage) waits on the chase area: the players answer it, then it resolves (FOW-51,
    FOW-103). Nothing to answer when it took no targets and was not declared."""
    if CHASE.depth(s) and not s.flags.get("resolving"):
        s.open_window(task["player"])


def settle_step(s: ForceOfWillState, task: Task) -> None:
    s.settle()  # FOW-111


def offer_break_step(s: ForceOfWillState, task: Task) -> None:
    s.decision = Decision(task["player"], "break", {"card": task["card"]})


# ---------------------------------------------------------------------- why not (slow path)
def never_chase(s: ForceOfWillState, a: Action, card: int) -> Why | None:
    """FOW-52 (FOW-37 for Judgment): what can never be a chase."""
    t = a.type
    if t in NEVER_CHASE or (t == "play_spell" and s.d(card).subtype == "chant"):
        what = "a Chant" if t == "play_spell" else f"{NEVER_CHASE[t]} ({t})"
        rule = "FOW-37" if t == "judgment" else "FOW-52"
        return rule, (f"{what} can never be a chase: only [Activate] abilities, Lifebreak, Chant-Instants "
                      "and set Chant-Standbys can")
    return None


def explain_from_hand(s: ForceOfWillState, p: int, t: str, card: int) -> Why:
    """M2..M5 and Chant-Instants: a card of the right kind from the player's hand, paid, with targets."""
    if s.where[card][1] != "hand" or s.cards[card].owner != p:
        return "FOW-35", f"{t} plays a card from your own hand"
    d = s.d(card)
    if t == "play_spell" and d.subtype == "chant_standby":
        return "FOW-54", "a Chant-Standby cannot be played from the hand: set it (M5), then activate it"
    fits = {"play_spell": d.type == "spell", "summon": d.type == "resonator",
            "play_addition": d.type == "addition", "set_chant_standby": d.subtype == "chant_standby"}
    if not fits[t]:
        return "FOW-35", f"{d.name} is a {d.subtype or d.type}; {t} does not play it"
    if t == "play_spell" and d.subtype == "chant" and p != s.active:
        return "FOW-106", "a Chant only in your own Main Phase"
    if t != "set_chant_standby" and play_kind(d) in s.barred_plays(p):
        return "FOW-35", f"an effect forbids you to play {play_kind(d).replace('_', ' ')} cards now"
    cost = STANDBY_SET_COST if t == "set_chant_standby" else s.cost_for(p, card)
    if not can_pay(s, p, cost):
        return "FOW-27", f"you cannot pay {dict(cost)} with your will and recovered magic stones"
    return "FOW-105", "it needs a legal target"


def explain_chase_action(s: ForceOfWillState, p: int, a: Action, card: int) -> Why | None:
    """Why an action that may be a chase (FOW-52) is not possible now."""
    t = a.type
    if t == "activate_chant_standby":
        if s.where[card][1] != "chant_standby_area" or s.cards[card].controller != p:
            return "FOW-56", "activate a Chant-Standby set in your own chant-standby area"
        if s.cards[card].entered_this_turn:
            return "FOW-57", "a Chant-Standby cannot be played the turn it was set"
        d = s.d(card)
        if d.trigger is not None and not trigger_met(s, p, d.trigger.event):
            return "FOW-56", f"its trigger ({d.trigger.event}) has not occurred"
        return "FOW-56", f"your recovered magic stones cannot produce its cost {dict(d.cost)}"
    if t == "play_spell":
        return explain_from_hand(s, p, t, card)
    if t == "activate_ability":
        return _explain_ability(s, p, a, card)
    if t == "lifebreak":
        if s.options.get("lifebreak") == "false":
            return "FOW-121", "Lifebreak is off (option lifebreak = false)"
        if not s.zones[p]["lifebreak_area"]:
            return "FOW-58", "your Lifebreak area is empty"
        c = s.counters[p]
        return "FOW-61", (f"at {c.get('life')} life at most {s.lifebreak_limit(c.get('life', 0))} card(s) may be "
                          f"revealed in all; {c.get('lifebreak_revealed', 0)} already were")
    return None


def _explain_ability(s: ForceOfWillState, p: int, a: Action, card: int) -> Why:
    index = a.get("ability")
    abilities = s.abilities(card)
    if s.cards[card].controller != p or not isinstance(index, int) or not 0 <= index < len(abilities) \
            or abilities[index].when != "activate":
        return "FOW-35", "activate an [Activate] ability of a card you control"
    ab = abilities[index]
    if ab.rest_self and s.cards[card].tapped:
        return "FOW-29", "a {Rest} cost needs the card recovered"
    if ab.rest_self and rest_barred(s, card):
        return "FOW-113", "a resonator that entered this turn cannot use a {Rest} ability"
    if not can_pay(s, p, ab.cost):
        return "FOW-27", f"you cannot pay {dict(ab.cost)}"
    return "FOW-105", "it needs a legal target"


def _card(a: Action) -> int:
    card = a.get("card")
    return -1 if card is None else int(card)


# ---------------------------------------------------------------------- decisions
class Window(FowDecision):
    """FOW-48, FOW-103: the player may answer the last action with a chase, or ``pass``."""

    kind = "window"
    prompt = "Answer with a chase (a Chant-Instant, an ability, a Chant-Standby or a Lifebreak), or pass"
    accepts = frozenset({"play_spell", "activate_ability", "activate_chant_standby", "lifebreak", "pass"})
    rule = "FOW-52"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        if CHASE.depth(state) >= MAX_STACK_DEPTH:  # the engine's limit (tcg.core.limits): the chase resolves
            return [PASS]
        answers = chase_actions(state, decision.player)
        answers.append(PASS)
        return answers

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        if action.type == "pass":
            window_pass(state, decision.player, decision.data["passes"])
            return
        card = action.get("card")
        if action.type == "activate_ability" and state.abilities(card)[action.get("ability")].produces_will:
            state.tasks.append(WINDOW_TASKS[decision.player][decision.data["passes"]])  # no chase: the same window
        declare_chase(state, decision.player, action)

    def why(self, state: ForceOfWillState, decision: Decision, action: Action) -> Why | None:
        card = _card(action)
        return never_chase(state, action, card) or explain_chase_action(state, decision.player, action, card)


class Break(FowDecision):
    """FOW-60: the revealed card's Break may be played for free (``choose yes``) or not (``pass``)."""

    kind = "break"
    prompt = "The revealed card has a Break: play it for free, or pass"
    accepts = frozenset({"choose", "pass"})
    rule = "FOW-60"

    def actions(self, state: ForceOfWillState, decision: Decision) -> Sequence[Action]:
        return [YES, PASS]

    def resolve(self, state: ForceOfWillState, decision: Decision, action: Action) -> None:
        answer_break(state, decision.player, decision.data["card"], action.type != "pass")
