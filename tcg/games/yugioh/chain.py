"""The chain (YGO-120): activations, response windows, triggered effects, resolution.

A chain is a :class:`~tcg.core.stack.Stack` of links in ``flags["chain"]``; after each
activation the other player may respond, and two passes in a row (the
:class:`~tcg.core.stack.Window`) resolve it last-in first-out. Targets are declared as a card
is activated (``declare_target``). Triggered effects wait in ``flags["triggers"]`` for an open
state, then start a new chain, the turn player's first (``trigger`` asks about an optional one).

This module also holds :class:`YugiohRule`, the base of every Yu-Gi-Oh! decision handler: its
``explain`` runs the checks common to all decisions (no such card, an action of the Main Phase
asked elsewhere, why a card cannot be activated, an attack outside the Battle Step) before the
handler's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcg.core.actions import Action, CardActions
from tcg.core.limits import MAX_STACK_DEPTH
from tcg.core.rules import DecisionRule
from tcg.core.stack import CLOSED, Stack, Window
from tcg.core.state import Decision, Task

if TYPE_CHECKING:
    from tcg.games.yugioh.state import YugiohState

PASS = Action("pass")
ACTIVATE = CardActions("activate")
CHOOSE = CardActions("choose")
EVENT_CONTEXTS = frozenset({"summon", "attack", "direct_attack"})  # windows that answer an event
_MAIN_ONLY = {"normal_summon": "YGO-111", "set_monster": "YGO-111", "flip_summon": "YGO-114",
              "change_position": "YGO-115", "set_spell_trap": "YGO-119"}
_SUMMONS = frozenset({"normal_summon", "set_monster"})  # also an extra Normal Summon (Ultimate Offering)
_CARD_ACTIONS = frozenset({"normal_summon", "set_monster", "flip_summon", "change_position", "special_summon",
                           "activate", "set_spell_trap", "attack"})
#: YGO-120: the chain, its links dicts ``{card, player, speed, targets[, negated]}``.
CHAIN = Stack("chain")
#: YGO-109 / YGO-120: the players answer in turn; two passes in succession close the window and
#: the whole chain resolves last in, first out.
WINDOW = Window(passes=2, resolve_all=True)


# ====================================================================== explanations (slow path)
class YugiohRule(DecisionRule["YugiohState"]):
    """A Yu-Gi-Oh! decision handler: the common illegal-action checks, then :meth:`explain_own`,
    then "not legal in this decision" (YGO-109)."""

    rule = "YGO-109"

    def explain(self, state: Any, decision: Decision, action: Action) -> tuple[str, str]:
        found = explain_common(state, decision, action)
        if found is None:
            found = self.explain_own(state, decision, action)
        if found is None:
            found = "YGO-109", f"{state.action_text(action)} is not legal in a {decision.kind} decision"
        return found

    def explain_own(self, s: YugiohState, dec: Decision, a: Action) -> tuple[str, str] | None:
        """The handler's own reason, or None."""
        return None


def explain_common(s: YugiohState, dec: Decision, a: Action) -> tuple[str, str] | None:
    """The checks every decision shares: the card named (YGO-104), Main Phase actions asked in
    another decision, activations (YGO-118 / YGO-120 / YGO-133 / YGO-20), attacks out of the
    Battle Step (YGO-2 / YGO-123)."""
    t = a.type
    card = a.get("card")
    if card is not None and (not isinstance(card, int) or not 0 <= card < len(s.cards)):
        return "YGO-104", f"there is no card with id {card!r}"
    if card is None and t in _CARD_ACTIONS:
        return "YGO-104", f"{t} needs a card (the field 'card')"
    if t in _MAIN_ONLY and dec.kind != "main" and not (dec.kind == "extra_summon" and t in _SUMMONS):
        return _MAIN_ONLY[t], f"{t} is done in your own Main Phase with an open game state; now: {dec.kind}"
    if t == "activate":
        return explain_activation(s, dec.player, card)
    if t == "attack":
        if s.is_first_turn():
            return "YGO-2", "no Battle Phase in the first turn of the Duel"
        if dec.kind != "battle_step" and dec.kind != "replay":
            return "YGO-123", "attacks are declared in the Battle Step of your Battle Phase"
    return None


def explain_activation(s: YugiohState, p: int, card: int | None) -> tuple[str, str]:
    """Why ``p`` cannot activate ``card`` now (YGO-118, YGO-133, YGO-120, YGO-20)."""
    if card is not None:
        d = s.d(card)
        if d.type == "trap" and s.zone_of(card) == "hand":
            return "YGO-118", "a Trap must be Set before it is activated"
        if s.zone_of(card) in ("spell_trap_zone", "field_zone") and s.cards[card].entered_this_turn and (
                d.type == "trap" or d.spell_kind == "quick_play"):
            return "YGO-118", f"{d.name} cannot be activated the turn it was Set"
        if s.activation_barred(card, p):
            return "YGO-133", (f"{d.name} cannot be activated for the rest of this turn: a card barred its name, "
                               "or its once-per-turn effect was used")
        top = CHAIN.top(s)
        if top is not None and d.spell_speed < max(2, top["speed"]):
            return "YGO-120", (f"{d.name} is Spell Speed {d.spell_speed}; the chain link it would answer is "
                               f"Spell Speed {top['speed']}")
        face_up = s.zone_of(card) == "spell_trap_zone" and not s.cards[card].face_down
        eff = d.face_up_effect if face_up and d.face_up_effect is not None else d.effect
        barred = s.damage_step_bars(d, eff) if eff is not None else None
        if barred == "YGO-128":
            return barred, f"{d.name} changes ATK/DEF: in the Damage Step only up to the start of damage calculation"
        if barred is not None:
            return barred, (f"{d.name} is not a kind of card that may be activated in the Damage Step (only Counter "
                            "Traps, cards that change ATK/DEF directly, mandatory effects, negations of an "
                            "activation and the triggers of the card itself), until the Damage Step ends")
        for e in d.effect.effects if d.effect is not None else ():
            if not s.feasible((e,), p, card):  # [standard] verbs.FEASIBLE
                return "YGO-118", (f"{d.name} cannot be activated: its effect could not be carried out now "
                                   f"({e.do.replace('_', ' ')})")
    return "YGO-118", "this card cannot be activated now"


# ====================================================================== decisions
class Response(YugiohRule):
    """YGO-120 / YGO-109 / YGO-135: activate a card that may respond now, or pass."""

    kind = "response"
    prompt = "Activate a card in response, or pass"
    accepts = frozenset({"activate", "pass"})

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        s: YugiohState = state
        offer = s.offer
        if offer is not None and offer[0] is decision:  # built by open_window for this very decision
            s.offer = None
            return offer[1]
        if CHAIN.depth(s) >= MAX_STACK_DEPTH:  # the engine's limit (tcg.core.limits): the chain resolves
            return [PASS]
        return [*s.activations(decision.player, decision.data["context"]), PASS]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        s: YugiohState = state
        p, data = decision.player, decision.data
        if action[0] == "pass":
            window_passed(s, p, data["passes"], data["context"], data.get("single", False))
            return
        context = data["context"]
        if context == "phase":
            s.flags["phase_response"] = True  # YGO-135: the window opens again after the chain
        elif context in EVENT_CONTEXTS and not CHAIN.depth(s):
            # a chain built in answer to a summon or an attack declaration: its later links may
            # still be cards that answer that event (Trap Hole chained to the summoning player's
            # own Quick-Play Spell; official rule, the brief is silent)
            s.flags["chain_event"] = context
        activate(s, p, action.get("card"))


class Trigger(YugiohRule):
    """An optional triggered effect: put it on the chain, or not."""

    kind = "trigger"
    prompt = "One of your cards has an optional effect that triggered: activate it, or pass"
    accepts = frozenset({"activate", "pass"})

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        return [ACTIVATE[decision.data["card"]], PASS]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        if action[0] == "activate":
            link_trigger(state, decision.player, decision.data["card"])
        else:
            state.tasks.append(Task("link_triggers"))


class DeclareTarget(YugiohRule):
    """Targets are declared as a card is activated (official rule; the brief is silent)."""

    kind = "declare_target"
    prompt = "Choose a target for the card you are activating"
    accepts = frozenset({"choose", "pass"})

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        s: YugiohState = state
        return s.target_actions(decision.data)

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        data = decision.data
        task = dict(data["task"])
        if action[0] == "pass":
            targets = (*task["targets"], (data["index"], tuple(data["chosen"])))
            state.tasks.append(Task("declare_targets", **{**task, "index": data["index"] + 1, "chosen": (),
                                                           "targets": targets}))
        else:
            state.tasks.append(Task("declare_targets", **{**task, "index": data["index"],
                                                           "chosen": (*data["chosen"], action.get("card"))}))


# ====================================================================== activating and linking
def activate(s: YugiohState, p: int, card: int) -> None:
    """A Spell or Trap is turned face-up in its zone (a Field Spell replaces the old one), then
    its targets are declared and it joins the chain. A card in the GY offered to be activated is a
    permission used (Last Will's Special Summon: no chain link, ``later_sources``)."""
    if s.zone_of(card) == "graveyard":
        s.use_later(card, p)
        return
    d = s.d(card)
    if d.face_up_effect is not None and s.zone_of(card) == "spell_trap_zone" and not s.cards[card].face_down:
        # a face-up card's own effect (Ultimate Offering): its cost is paid as it is activated
        s.pay_lp(p, d.face_up_effect.lp_cost)
        s.tasks.append(Task("declare_targets", card=card, player=p, index=0, chosen=(), targets=(), part="face_up"))
        return
    if d.type in ("spell", "trap"):
        zone = "field_zone" if d.spell_kind == "field" else "spell_trap_zone"
        if s.zone_of(card) == "hand" and zone == "field_zone":
            for old in list(s.zones[p]["field_zone"]):
                s.send_to_graveyard(old, reason="rule")
        if s.zone_of(card) == "hand" or s.cards[card].face_down:
            s.move(card, zone, face_down=False, entered_this_turn=s.cards[card].entered_this_turn)
    s.tasks.append(Task("declare_targets", card=card, player=p, index=0, chosen=(), targets=()))


def declare_targets(s: YugiohState, task: Task) -> None:
    """Targets are declared when a card is activated (official rule; the brief is silent):
    one ``target`` choice per targeting instruction, then the link joins the chain and the
    other player may respond."""
    card, p, index = task["card"], task["player"], task["index"]
    part = task.get("part", "")  # "face_up": a face-up card's own effect (``face_up_effect``)
    effects = s.effect_list((s.cards[card].name, (), part) if part else (s.cards[card].name,))
    while index < len(effects) and not s.is_targeting(effects[index]):
        index += 1
    if index >= len(effects):
        add_link(s, p, card, task["targets"], part)
        if task.get("window", True):
            context = s.flags.get("chain_event", "chain")
            s.tasks.append(Task("window", player=1 - p, passes=0, context=context))
        return
    eff, chosen = effects[index], tuple(task["chosen"])
    candidates = [c for c in s.target_candidates(eff, p, card) if c not in chosen]
    want = eff.target.count
    if len(chosen) >= want or not candidates:
        targets = (*task["targets"], (index, chosen))
        more: dict[str, Any] = {"part": part} if part else {}
        if "window" in task.data:  # a trigger being linked opens no window of its own (YGO-120)
            more["window"] = task.data["window"]
        s.tasks.append(Task("declare_targets", card=card, player=p, index=index + 1, chosen=(), targets=targets,
                            **more))
        return
    s.decision = Decision(p, "declare_target", {"task": dict(task.data), "index": index, "chosen": chosen,
                                                "candidates": tuple(candidates),
                                                "optional": bool(eff.target.up_to and chosen)})


def add_link(s: YugiohState, p: int, card: int, targets: tuple[Any, ...] = (), part: str = "") -> None:
    d = s.d(card)
    item = {"card": card, "player": p, "speed": d.spell_speed, "targets": [[i, list(t)] for i, t in targets]}
    if part:
        item["part"] = part  # which of the card's effects the link carries out (``face_up``)
    link = CHAIN.push(s, item)
    if d.effect is not None and d.effect.once_per_turn:  # used once this turn
        s.flags["once_used"] = [*(s.flags.get("once_used") or []), [p, d.name]]
    s.emit("activated", card=card, name=s.cards[card].name, player=p, chain_link=link)


# ====================================================================== response windows
def window(s: YugiohState, task: Task) -> None:
    open_window(s, task["player"], task["passes"], task["context"], task.get("single", False))


def open_window(s: YugiohState, p: int, passes: int, context: str, single: bool = False) -> None:
    """Offer ``p`` a response, the window open (``passes`` so far); a player with none is
    skipped: passes at once (YGO-120). The turn-taking is the
    shared :class:`~tcg.core.stack.Window`; what may respond is :meth:`YugiohState.activations`.

    A skipped player passes at once, so the window goes on here for the other player
    (nothing can happen in between) instead of through another ``window`` task. Where a
    ``window`` task would be the next task to run (the last step of an answered decision),
    this is called at once instead of queueing it. The responses found are offered to
    :class:`Response` (``state.offer``), which returns them as the decision's legal actions
    instead of building them again."""
    chain = CHAIN.depth(s)
    closes_after = 1 if single and not chain else 0
    while True:
        responses = s.activations(p, context)
        if responses:
            decision = s.decision = Decision(p, "response", {"passes": passes, "context": context, "single": single})
            responses.append(PASS)
            s.offer = (decision, responses)
            return
        p = WINDOW.passed(p, passes, closes_after)
        if p == CLOSED:
            break
        passes += 1
    if chain:
        s.tasks.append(Task("resolve_chain"))


def window_passed(s: YugiohState, p: int, passes: int, context: str, single: bool) -> None:
    """``p`` passed: the window goes on for the other player, or it closed and the chain (if
    any) resolves. A window that only asks whether a chain starts (``single``: the turn
    player's own Main Phase, before anything was activated) closes on one pass."""
    chain = CHAIN.depth(s)
    nxt = WINDOW.passed(p, passes, 1 if single and not chain else 0)
    if nxt != CLOSED:
        open_window(s, nxt, passes + 1, context, single)
    elif chain:
        s.tasks.append(Task("resolve_chain"))


# ====================================================================== resolving
def resolve_chain(s: YugiohState, task: Task) -> None:
    """Last in, first out; then the Spells and Traps that do not stay go to the graveyard."""
    chain = CHAIN.items(s)
    if not chain:
        CHAIN.clear(s)
        s.flags.pop("chain_event", None)
        s.flags.pop("resolving_below", None)
        if s.flags.pop("end_turn_now", False) and s.phase != "end":
            # YGO-15: play goes where the effect sends it. [standard] Neko Mane King's official text
            # is "It becomes the End Phase of this turn" (Konami's current card text; yugioh-wiki.net:
            # strictly, it skips to the End Phase; Yugipedia "End Phase": the one phase no card
            # effect skips): the rest of the turn is skipped, but its End Phase is held - control
            # taken "until the End Phase" returns, End Phase effects and the hand limit apply.
            s.flags.pop("attack", None)
            s.tasks = [Task("end_phase")]
            return
        s.tasks.append(Task("open_triggers"))
        return
    link = chain[-1]
    s.tasks.append(Task("resolve_chain"))
    s.tasks.append(Task("finish_link", card=link["card"]))
    s.flags["resolving_below"] = len(chain) - 2
    if not link.get("negated"):
        declared = tuple((i, tuple(t)) for i, t in link.get("targets", ()))
        name = s.cards[link["card"]].name
        part = link.get("part")
        s.queue_effects(link["card"], link["player"], (name, declared, part) if part else (name, declared))
    else:
        s.emit("negated", card=link["card"], name=s.cards[link["card"]].name)


def finish_link(s: YugiohState, task: Task) -> None:
    card = task["card"]
    link = CHAIN.pop(s)
    d = s.d(card)
    if (d.type in ("spell", "trap") and s.zone_of(card) in ("spell_trap_zone", "field_zone")
            and (link.get("negated") or not d.stays_on_field)):
        s.send_to_graveyard(card, reason="resolved")


# ====================================================================== triggered effects
def open_triggers(s: YugiohState, task: Task | None = None) -> None:
    """Triggered effects waiting for an open state start a new chain, the turn player's first."""
    pending = s.flags.pop("triggers", [])
    if not pending:
        return
    active = s.active
    pending.sort(key=lambda tc: tc[1] != active)
    s.flags["to_link"] = pending
    s.tasks.append(Task("link_triggers"))


def link_triggers(s: YugiohState, task: Task | None = None) -> None:
    """Put the waiting triggers on the chain one by one (optional ones only if their controller
    wants), then let the other player respond."""
    pending = s.flags.pop("to_link", [])
    if not pending:
        top = CHAIN.top(s)
        if top is not None:
            s.tasks.append(Task("window", player=1 - top["player"], passes=0, context="chain"))
        return
    (cid, controller), rest = pending[0], pending[1:]
    if rest:
        s.flags["to_link"] = rest
    eff = s.d(cid).effect
    assert eff is not None
    if s.activation_barred(cid, controller):  # its name is barred, or its once per turn is used
        s.tasks.append(Task("link_triggers"))
        return
    if s.in_damage_step() and s.damage_step_bars(s.d(cid), eff) is not None:
        s.tasks.append(Task("link_triggers"))  # YGO-20 / YGO-128: not a kind the Damage Step admits
        return
    if eff.mandatory:  # activated even if it could do nothing or has no target (Yugipedia, "Mandatory effect")
        link_trigger(s, controller, cid)
    elif s.feasible(eff.effects, controller, cid):
        s.decision = Decision(controller, "trigger", {"card": cid})
    else:  # [standard] an optional effect that could do nothing is not activated (verbs.FEASIBLE)
        s.tasks.append(Task("link_triggers"))


def link_trigger(s: YugiohState, controller: int, cid: int) -> None:
    """Declare the trigger's targets, put it on the chain, then link the next trigger."""
    s.tasks.append(Task("link_triggers"))
    s.tasks.append(Task("declare_targets", card=cid, player=controller, index=0, chosen=(), targets=(),
                        window=False))
