"""The Yu-Gi-Oh! rules: phases (YGO-106), the Battle Phase of the source document (YGO-1..YGO-20),
summoning and positions (YGO-111..YGO-116), Spells, Traps and chains (YGO-117..YGO-120).

Flow: tasks run the automatic parts (a step whose task would be the very next to run, such as
the End Phase's hand limit and clean-up, is called at once instead); decisions are ``main``
(open: Main Phase actions), ``battle_step`` (open: attack or leave), ``response`` (activate a
card that may respond, or pass), ``replay`` (YGO-127), ``target``, ``optional``, ``trigger``
and ``discard`` (hand limit).
A chain is a list of links in ``flags["chain"]``; after each activation the other player may
respond, and two passes in a row resolve it last-in first-out (YGO-120).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar

from tcg.core.actions import Action, CardActions, CardTargetActions
from tcg.core.state import Decision, Task
from tcg.games.yugioh.cards import TRIGGER_TIMINGS, is_targeting_effect
from tcg.games.yugioh.effects import YGOEffects
from tcg.games.yugioh.queries import HAND_LIMIT, MONSTER_ZONES, SPELL_TRAP_ZONES

PASS = Action("pass")
NEXT_PHASE = Action("next_phase")
END_TURN = Action("end_turn")
ATTACK = CardTargetActions("attack")
ACTIVATE = CardActions("activate")
NORMAL_SUMMON = CardActions("normal_summon")
SET_MONSTER = CardActions("set_monster")
FLIP_SUMMON = CardActions("flip_summon")
CHANGE_POSITION = CardActions("change_position")
SET_SPELL_TRAP = CardActions("set_spell_trap")
CHOOSE = CardActions("choose")
YES = Action("choose", option="yes")
IN_ATTACK = Action("choose", option="attack")
IN_DEFENSE = Action("choose", option="defense")
LASTING_MARKS = frozenset({"banish_on_leave"})  # a card's marks that outlast the turn
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
EVENT_CONTEXTS = frozenset({"summon", "attack", "direct_attack"})  # windows that answer an event
BATTLE_STEPS = ("start_step", "battle_step", "damage_step", "damage_calculation", "end_step")


class YugiohState(YGOEffects):
    ZONES: ClassVar[tuple[str, ...]] = ("deck", "hand", "monster_zone", "spell_trap_zone", "field_zone",
                                        "graveyard", "banished", "extra_deck")
    ZONE_VISIBILITY: ClassVar[dict[str, str]] = {
        "deck": "hidden",
        "hand": "owner",
        "monster_zone": "public",  # face-down cards: only their controller sees them
        "spell_trap_zone": "public",
        "field_zone": "public",
        "graveyard": "public",
        "banished": "public",
        "extra_deck": "owner",
    }
    REFERABLE_FACE_DOWN: ClassVar[frozenset[str]] = frozenset({"monster_zone", "spell_trap_zone", "field_zone"})
    TAPPED_AS: ClassVar[str] = ""  # shown as the position
    __slots__ = ()

    # ================================================================== legal actions
    def _generate_actions(self) -> Sequence[Action]:
        dec = self.decision
        assert dec is not None
        kind, p, data = dec.kind, dec.player, dec.data
        if kind == "main":
            return self._main_actions(p)
        if kind == "battle_step":
            out = self._attack_actions(p)
            out += self._activations(p, "battle")  # YGO-118: Quick-Play Spells and Traps in your Battle Step
            if not (self.must_attack(p) and out):  # YGO-5: a forced attack must be declared if it can be
                out += [NEXT_PHASE, END_TURN]
            return out
        if kind == "main1_skipped":  # YGO-8
            return [NEXT_PHASE, END_TURN]
        if kind == "response":
            return [*self._activations(p, data["context"]), PASS]
        if kind == "replay":
            attacker = self.flags["attack"]["attacker"]
            return [*(Action("attack", card=attacker, target=t) for t in self.attack_targets(attacker)), PASS]
        if kind == "trigger":
            return [ACTIVATE[data["card"]], PASS]
        if kind == "discard":
            return [CHOOSE[c] for c in self.zones[p]["hand"]]
        if kind in ("target", "declare_target"):
            return self.target_actions(data)
        if kind == "optional":
            return [YES, PASS]
        if kind == "summon_position":
            return [IN_ATTACK, IN_DEFENSE]
        raise AssertionError(f"unknown decision {kind}")

    def _attack_actions(self, p: int) -> list[Action]:
        """YGO-123: each of ``attackers(p)`` against each of its ``attack_targets``, with what
        they share (the Gravity Bind check, the targets against each player) worked out once."""
        out: list[Action] = []
        monsters = self.zones[p]["monster_zone"]
        if not monsters:
            return out
        barred = self.level4_barred()
        targets: dict[int, list[int | str]] = {}
        cards = self.cards
        for c in monsters:
            if not self.can_declare_attack(c, barred):
                continue
            opp = 1 - cards[c].controller
            against = targets.get(opp)
            if against is None:
                against = targets[opp] = self.targets_against(opp)
            out += [ATTACK[c, t] for t in against]
        return out

    def _main_actions(self, p: int) -> list[Action]:
        """YGO-111: the turn player's Main Phase actions, in an open game state: Normal Summons
        and Sets, Flip Summons and position changes, activations, Spells and Traps to Set, leaving."""
        zones = self.zones[p]
        monsters = zones["monster_zone"]
        summons, activations, sets = self._hand_actions(p, zones["hand"], monsters)
        out = summons
        cards = self.cards
        for c in monsters:
            card = cards[c]
            if card.entered_this_turn or "position_changed" in card.marks:
                continue
            if card.face_down:
                out.append(FLIP_SUMMON[c])  # YGO-114
            elif "attacked_turn" not in card.marks:
                out.append(CHANGE_POSITION[c])  # YGO-115
        out += activations
        out += self._activations(p, "main", from_hand=False)  # from the hand: in _hand_actions
        out += sets
        if self.phase == "main1" and self.turn != 1 and self.must_attack(p):
            out.append(NEXT_PHASE)  # YGO-5: the Battle Phase must be entered
        else:
            out += (NEXT_PHASE, END_TURN)
        return out

    def _hand_actions(self, p: int, hand: list[int], monsters: list[int]
                      ) -> tuple[list[Action], list[Action], list[Action]]:
        """The Main Phase actions of the cards in hand, in hand order, from one pass over it:
        Normal Summons and Sets with every choice of tributes (YGO-112 / YGO-113), activations
        (YGO-118) and Spells and Traps to Set (YGO-119)."""
        summons: list[Action] = []
        activations: list[Action] = []
        sets: list[Action] = []
        defs, cards = self.defs, self.cards
        may_summon = not self.flags.get("normal_summoned")  # YGO-112: once per turn, Summon or Set
        free = len(monsters) < MONSTER_ZONES
        room = len(self.zones[p]["spell_trap_zone"]) < SPELL_TRAP_ZONES
        for c in hand:
            d = defs[cards[c].name]
            if d.type == "monster":
                if may_summon and d.normal_summonable:
                    need = d.tributes_needed
                    if not need:
                        if free:
                            summons += (NORMAL_SUMMON[c], SET_MONSTER[c])
                    elif need <= len(monsters) and len(monsters) - need < MONSTER_ZONES:
                        for tributes in combinations(monsters, need):
                            fields = (("card", c), ("tributes", tuple(sorted(tributes))))
                            summons += (Action.of("normal_summon", fields), Action.of("set_monster", fields))
            elif room or d.spell_kind == "field":
                sets.append(SET_SPELL_TRAP[c])
            if "main" in d.hand_contexts and self.can_activate(c, p, "main"):
                activations.append(ACTIVATE[c])
        return summons, activations, sets

    # ------------------------------------------------------------------ what may be activated
    def can_activate(self, cid: int, p: int, context: str) -> bool:
        """YGO-118 / YGO-120 / YGO-20: whether ``p`` may activate ``cid`` in ``context``.

        ``context``: ``main`` (an open state in your Main Phase), ``chain`` (responding to the
        last chain link), ``attack`` / ``direct_attack`` (an attack was just declared),
        ``summon`` (a monster was just summoned), ``damage_step``, ``phase`` (before a phase ends, and the
        Draw, Standby and End Phase windows of YGO-135)."""
        card = self.cards[cid]
        d = self.defs[card.name]
        eff = d.effect
        if eff is None:
            return False
        zone = self.where[cid][1]
        when = eff.activation.when
        own_turn = p == self.active
        if when in TRIGGER_TIMINGS:
            return False  # triggers are activated when their event happens, not at will
        # where the card may be activated from
        if d.type == "monster":
            if not (eff.activation.from_hand and zone == "hand"):
                return False
        elif zone == "hand":
            if d.type == "trap":
                return False  # YGO-118: traps are Set first
            if d.spell_kind == "quick_play" and not own_turn:
                return False
            if len(self.zones[p]["spell_trap_zone"]) >= SPELL_TRAP_ZONES and d.spell_kind != "field":
                return False
        elif zone in ("spell_trap_zone", "field_zone"):
            if not card.face_down:
                return False  # already active (continuous) or resolving
            if (d.type == "trap" or d.spell_kind == "quick_play") and card.entered_this_turn:
                return False  # YGO-118: not on the turn it was Set
        else:
            return False
        if card.controller != p or self.activation_barred(cid, p):
            return False
        speed = d.spell_speed
        chain = self.flags.get("chain") or []
        # Spell Speed 1: only as chain link 1, in your own Main Phase, with an open state
        if speed == 1:
            return (context == "main" and own_turn and not chain and self.phase in ("main1", "main2")
                    and self._condition_met(cid, p))
        if chain:
            top = chain[-1]["speed"]
            if speed < max(2, top) or (top == 3 and speed < 3):
                return False  # YGO-120 (2), (3)
            if any(link["card"] == cid for link in chain):
                return False  # a monster activated from the hand stays there until it resolves
        if self.phase in ("damage_step", "damage_calculation") and not (
                d.trap_kind == "counter" or eff.activation.changes_atk_def or eff.mandatory):
            return False  # YGO-20: also for every later link of a Damage Step chain
        if when == "activation":
            return bool(chain)  # counter traps answer an activation
        if when == "opponent_attacks":
            return context in ("attack", "direct_attack") and not own_turn and self._condition_met(cid, p)
        if when == "opponent_direct_attack":
            return context == "direct_attack" and not own_turn and self._condition_met(cid, p)
        if when == "opponent_summons":
            summoned = self.flags.get("summoned") or {}
            act = eff.activation
            if act.normal_or_flip_summon and summoned.get("how") not in ("normal", "flip"):
                return False
            if act.summoned_min_atk is not None and (
                    summoned.get("card") is None or self.zone_of(summoned["card"]) != "monster_zone"
                    or self.atk(summoned["card"]) < act.summoned_min_atk):
                return False
            return context == "summon" and not own_turn and self._condition_met(cid, p)
        if when == "main":
            return context == "main" and own_turn and not chain and self._condition_met(cid, p)
        return self._condition_met(cid, p)

    def _condition_met(self, cid: int, p: int) -> bool:
        """A card with a "target" instruction needs a valid target to be activated at all; one
        whose every instruction acts on cards ("destroy all ...") needs at least one of them
        (official rulings; the brief is silent)."""
        targeting, acting = self.defs[self.cards[cid].name].activation_needs
        for e in targeting:
            if not self._has_candidate(e, p, cid):
                return False
        return not acting or any(self._has_candidate(e, p, cid) for e in acting)

    def _has_candidate(self, eff: Any, p: int, source: int) -> bool:
        """Whether ``target_candidates`` would be non-empty, stopping at the first one."""
        sel = eff.target
        not_itself = self.defs[self.cards[source].name].type != "monster"
        equip = eff.do == "equip"
        fits = self.equippable(source) if equip else frozenset()
        face_up = equip or sel.position == "face_up"
        checks_card = sel.checks_card
        cards = self.cards
        players = (p,) if sel.player == "self" else (1 - p,) if sel.player == "opponent" else (0, 1)
        for q in players:
            zones = self.zones[q]
            for z in (sel.zone, *sel.also_zones):
                for c in zones[z]:
                    if c == source and not_itself:
                        continue
                    card = cards[c]
                    if face_up and card.face_down:
                        continue
                    if equip and card.name not in fits:
                        continue
                    if not checks_card or self.matches(sel, c):
                        return True
        return False

    def _activations(self, p: int, context: str, from_hand: bool = True) -> list[Action]:
        """The cards ``p`` may activate now: from the hand (unless not ``from_hand``), then Set in
        the Spell & Trap and Field Zones.

        ``hand_contexts`` / ``activation_contexts`` first drop, without asking ``can_activate``, the
        cards that can never be activated in this context."""
        seen: list[Action] = []
        defs, cards = self.defs, self.cards
        zones = self.zones[p]
        if from_hand:
            for c in zones["hand"]:
                if context in defs[cards[c].name].hand_contexts and self.can_activate(c, p, context):
                    seen.append(ACTIVATE[c])
        for zone in ("spell_trap_zone", "field_zone"):
            for c in zones[zone]:
                card = cards[c]
                if (card.face_down and context in defs[card.name].activation_contexts
                        and self.can_activate(c, p, context)):
                    seen.append(ACTIVATE[c])
        return seen


    # ================================================================== answering decisions
    def _resolve(self, action: Action) -> None:
        dec = self.decision
        assert dec is not None
        self.decision = None
        kind, p, data, t = dec.kind, dec.player, dec.data, action[0]  # action.type, without a property call
        if kind == "main":
            self._resolve_main(p, action)
        elif kind == "battle_step":
            if t == "attack":
                self._declare_attack(p, action.get("card"), action.get("target"))
            elif t == "activate":
                self.tasks.append(Task("battle_step"))
                self._activate(p, action.get("card"))
            elif t == "next_phase":
                self.tasks.append(Task("end_step"))
            else:
                self.flags["skip_main2"] = True
                self.tasks.append(Task("end_step"))
        elif kind == "main1_skipped":
            self.tasks.append(Task("battle_phase" if t == "next_phase" else "end_phase"))
        elif kind == "response":
            if t == "pass":
                self._open_window(1 - p, data["passes"] + 1, data["context"], data.get("single", False))
            else:
                context = data["context"]
                if context == "phase":
                    self.flags["phase_response"] = True  # YGO-135: the window opens again after the chain
                elif context in EVENT_CONTEXTS and not self.flags.get("chain"):
                    # a chain built in answer to a summon or an attack declaration: its later links may
                    # still be cards that answer that event (Trap Hole chained to the summoning player's
                    # own Quick-Play Spell; official rule, the brief is silent)
                    self.flags["chain_event"] = context
                self._activate(p, action.get("card"))
        elif kind == "replay":
            self._replay(p, action)
        elif kind == "trigger":
            if t == "activate":
                self._link_trigger(p, data["card"])
            else:
                self.tasks.append(Task("link_triggers"))
        elif kind == "discard":
            self.send_to_graveyard(action.get("card"), reason="hand_limit")
            self.tasks.append(Task("hand_limit"))
        elif kind == "target":
            self.resolve_target_choice(dict(data), None if t == "pass" else action.get("card"))
        elif kind == "declare_target":
            task = dict(data["task"])
            if t == "pass":
                targets = (*task["targets"], (data["index"], tuple(data["chosen"])))
                self.tasks.append(Task("declare_targets", **{**task, "index": data["index"] + 1, "chosen": (),
                                                              "targets": targets}))
            else:
                self.tasks.append(Task("declare_targets", **{**task, "index": data["index"],
                                                              "chosen": (*data["chosen"], action.get("card"))}))
        elif kind == "optional":
            self.answer_optional(dict(data["task"]), accepted=t != "pass")
        elif kind == "summon_position":
            card = data["card"]
            if self.zone_of(card) in ("hand", "graveyard", "deck", "banished"):
                self.special_summon(card, p, defense=action.get("option") == "defense",
                                    banish_when_leaves=data["banish"])

    def _resolve_main(self, p: int, action: Action) -> None:
        t, card = action[0], action.get("card")  # action.type, without a property call
        if t in ("next_phase", "end_turn"):
            if t == "next_phase" and self.phase == "main1":
                self.tasks.append(Task("battle_phase"))
            else:
                self.tasks.append(Task("end_phase"))  # YGO-4: no Battle Phase, no Main Phase 2
            # YGO-109: before the phase ends the opponent may respond
            self._open_window(1 - p, 0, "phase", single=True)
            return
        self.tasks.append(Task("main"))
        if t in ("normal_summon", "set_monster"):
            self.flags["normal_summoned"] = True
            for trib in action.get("tributes", ()):
                self.emit("tributed", card=trib, name=self.cards[trib].name, player=p)
                self.send_to_graveyard(trib, reason="tribute")
            face_down = t == "set_monster"
            self.move(card, "monster_zone", tapped=face_down, face_down=face_down, entered_this_turn=True,
                      marks=frozenset())
            self.emit("summoned" if not face_down else "set", card=card, name=self.cards[card].name, player=p,
                      how="normal")
            if not face_down:
                self._after_summon(p, card, "normal")
        elif t == "flip_summon":
            self.update(card, tapped=False, face_down=False, marks=self.cards[card].marks | {"position_changed"})
            self.emit("summoned", card=card, name=self.cards[card].name, player=p, how="flip")
            if self._trigger_of(card, "flip"):
                self.add_trigger(card, p)
            self._after_summon(p, card, "flip")
        elif t == "change_position":
            c = self.cards[card]
            self.update(card, tapped=not c.tapped, marks=c.marks | {"position_changed"})
            self.emit("position_changed", card=card, name=c.name, player=p, position=self.position(card))
        elif t == "set_spell_trap":
            zone = "field_zone" if self.d(card).spell_kind == "field" else "spell_trap_zone"
            if zone == "field_zone":
                for old in list(self.zones[p]["field_zone"]):
                    self.send_to_graveyard(old, reason="rule")
            self.move(card, zone, face_down=True, entered_this_turn=True)
            self.emit("set", card=card, player=p, how="spell_trap")
        elif t == "activate":
            self._activate(p, card)

    def _after_summon(self, p: int, card: int, how: str) -> None:
        """A summon does not start a chain, but it may be responded to (YGO-120): the turn player
        has the first chance, then the opponent, as after an attack declaration (YGO-109); the
        game goes on once both have passed in a row."""
        self.flags["summoned"] = {"card": card, "how": how}
        if self._trigger_of(card, "summoned"):
            self.add_trigger(card, p)
        self.tasks.append(Task("open_triggers"))
        self._open_window(p, 0, "summon")

    # ------------------------------------------------------------------ chains (YGO-120)
    def _activate(self, p: int, card: int) -> None:
        d = self.d(card)
        if d.type in ("spell", "trap"):
            zone = "field_zone" if d.spell_kind == "field" else "spell_trap_zone"
            if self.zone_of(card) == "hand" and zone == "field_zone":
                for old in list(self.zones[p]["field_zone"]):
                    self.send_to_graveyard(old, reason="rule")
            if self.zone_of(card) == "hand" or self.cards[card].face_down:
                self.move(card, zone, face_down=False, entered_this_turn=self.cards[card].entered_this_turn)
        self.tasks.append(Task("declare_targets", card=card, player=p, index=0, chosen=(), targets=()))

    def _declare_targets(self, task: Task) -> None:
        """Targets are declared when a card is activated (official rule; the brief is silent):
        one ``target`` choice per targeting instruction, then the link joins the chain and the
        other player may respond."""
        card, p, index = task["card"], task["player"], task["index"]
        effects = self.effect_list((self.cards[card].name,))
        while index < len(effects) and not self.is_targeting(effects[index]):
            index += 1
        if index >= len(effects):
            self._add_link(p, card, task["targets"])
            if task.get("window", True):
                context = self.flags.get("chain_event", "chain")
                self.tasks.append(Task("window", player=1 - p, passes=0, context=context))
            return
        eff, chosen = effects[index], tuple(task["chosen"])
        candidates = [c for c in self.target_candidates(eff, p, card) if c not in chosen]
        want = eff.target.count
        if len(chosen) >= want or not candidates:
            targets = (*task["targets"], (index, chosen))
            self.tasks.append(Task("declare_targets", card=card, player=p, index=index + 1, chosen=(), targets=targets))
            return
        self.decision = Decision(p, "declare_target", {"task": dict(task.data), "index": index, "chosen": chosen,
                                                       "candidates": tuple(candidates),
                                                       "optional": bool(eff.target.up_to and chosen)})

    def is_targeting(self, eff: Any) -> bool:
        return is_targeting_effect(eff)

    def target_candidates(self, eff: Any, p: int, source: int) -> list[int]:
        """A Spell or Trap being activated does not target itself (Mystical Space Typhoon); an
        Equip Spell targets only a monster it can equip."""
        out = self.select(eff.target, p)
        if self.d(source).type != "monster":
            out = [c for c in out if c != source]
        if eff.do == "equip":
            out = [c for c in out if self.can_equip(source, c)]
        return out

    def _add_link(self, p: int, card: int, targets: tuple[Any, ...] = ()) -> None:
        chain = list(self.flags.get("chain") or [])
        d = self.d(card)
        chain.append({"card": card, "player": p, "speed": d.spell_speed,
                      "targets": [[i, list(t)] for i, t in targets]})
        self.flags["chain"] = chain
        if d.effect is not None and d.effect.once_per_turn:  # used once this turn
            self.flags["once_used"] = [*(self.flags.get("once_used") or []), [p, d.name]]
        self.emit("activated", card=card, name=self.cards[card].name, player=p, chain_link=len(chain))

    def _window(self, task: Task) -> None:
        self._open_window(task["player"], task["passes"], task["context"], task.get("single", False))

    def _open_window(self, p: int, passes: int, context: str, single: bool = False) -> None:
        """Offer ``p`` a response; a player with none is skipped (YGO-120).

        A skipped player passes at once, so the window goes on here for the other player
        (nothing can happen in between) instead of through another ``window`` task. Where a
        ``window`` task would be the next task to run (the last step of an answered decision),
        this is called at once instead of queueing it."""
        chain = self.flags.get("chain") or []
        while not (passes >= 2 or (single and passes >= 1 and not chain)):
            responses = self._activations(p, context)
            if responses:
                self.decision = Decision(p, "response", {"passes": passes, "context": context, "single": single})
                # exactly what _generate_actions would build for this decision: keep it instead
                self._legal = [*responses, PASS]
                return
            p, passes = 1 - p, passes + 1
        if chain:
            self.tasks.append(Task("resolve_chain"))

    def _resolve_chain(self) -> None:
        """Last in, first out; then the Spells and Traps that do not stay go to the graveyard."""
        chain = list(self.flags.get("chain") or [])
        if not chain:
            self.flags.pop("chain", None)
            self.flags.pop("chain_event", None)
            self.flags.pop("resolving_below", None)
            if self.flags.pop("end_turn_now", False):  # YGO-15: the turn ends at once
                self.tasks = [Task("cleanup")]
                return
            self.tasks.append(Task("open_triggers"))
            return
        link = chain[-1]
        self.tasks.append(Task("resolve_chain"))
        self.tasks.append(Task("finish_link", card=link["card"]))
        self.flags["resolving_below"] = len(chain) - 2
        if not link.get("negated"):
            declared = tuple((i, tuple(t)) for i, t in link.get("targets", ()))
            self.queue_effects(link["card"], link["player"], (self.cards[link["card"]].name, declared))
        else:
            self.emit("negated", card=link["card"], name=self.cards[link["card"]].name)

    def _finish_link(self, card: int) -> None:
        chain = list(self.flags.get("chain") or [])
        link = chain.pop()
        self.flags["chain"] = chain
        d = self.d(card)
        if (d.type in ("spell", "trap") and self.zone_of(card) in ("spell_trap_zone", "field_zone")
                and (link.get("negated") or not d.stays_on_field)):
            self.send_to_graveyard(card, reason="resolved")

    def _open_triggers(self) -> None:
        """Triggered effects waiting for an open state start a new chain, the turn player's first."""
        pending = self.flags.pop("triggers", [])
        if not pending:
            return
        pending.sort(key=lambda tc: tc[1] != self.active)
        self.flags["to_link"] = pending
        self.tasks.append(Task("link_triggers"))

    def _link_triggers(self) -> None:
        """Put the waiting triggers on the chain one by one (optional ones only if their controller
        wants), then let the other player respond."""
        pending = self.flags.pop("to_link", [])
        if not pending:
            chain = self.flags.get("chain") or []
            if chain:
                self.tasks.append(Task("window", player=1 - chain[-1]["player"], passes=0, context="chain"))
            return
        (cid, controller), rest = pending[0], pending[1:]
        if rest:
            self.flags["to_link"] = rest
        eff = self.d(cid).effect
        assert eff is not None
        if self.activation_barred(cid, controller):  # its name is barred, or its once per turn is used
            self.tasks.append(Task("link_triggers"))
            return
        if eff.mandatory:
            self._link_trigger(controller, cid)
        else:
            self.decision = Decision(controller, "trigger", {"card": cid})

    def _link_trigger(self, controller: int, cid: int) -> None:
        """Declare the trigger's targets, put it on the chain, then link the next trigger."""
        self.tasks.append(Task("link_triggers"))
        self.tasks.append(Task("declare_targets", card=cid, player=controller, index=0, chosen=(), targets=(),
                               window=False))

    # ================================================================== automatic steps
    def _run_task(self, task: Task) -> None:
        k = task.kind  # the most frequent kinds first: this runs hundreds of times a game
        if k == "main":
            self._open_main()
        elif k == "window":
            self._window(task)
        elif k == "hand_limit":
            self._hand_limit()
        elif k == "begin_turn":
            self._begin_turn()
        elif k == "cleanup":
            self._cleanup()
        elif k == "end_phase":
            self._end_phase()
        elif k == "open_triggers":
            self._open_triggers()
        elif k == "battle_step":
            self._battle_step()
        elif k == "resolve_chain":
            self._resolve_chain()
        elif k == "effects":
            self.run_effects_task(task)
        elif k == "declare_targets":
            self._declare_targets(task)
        elif k == "battle_phase":
            self._battle_phase()
        elif k == "end_step":
            self._end_step()
        elif k == "finish_link":
            self._finish_link(task["card"])
        elif k == "main2":
            self.enter_phase("main2")
            self._open_main()
        elif k == "after_declaration":
            self._after_declaration()
        elif k == "damage_step":
            self._damage_step()
        elif k == "damage_calculation":
            self._damage_calculation()
        elif k == "link_triggers":
            self._link_triggers()
        elif k == "summon_position":
            if len(self.zones[task["player"]]["monster_zone"]) < MONSTER_ZONES:
                self.decision = Decision(task["player"], "summon_position",
                                         {"card": task["card"], "banish": task["banish"]})
        elif k == "standby":
            self._standby()
        elif k == "phase_window_done":
            self._phase_window_done(task)
        elif k == "after_standby":
            self._after_standby()
        elif k == "shuffle_deck":
            self.rng.shuffle(self.zones[task["player"]]["deck"])
        else:
            raise AssertionError(f"unknown task {k}")

    def _open_main(self) -> None:
        if self.flags.get("triggers"):
            self.tasks.append(Task("main"))
            self.tasks.append(Task("open_triggers"))
            return
        self.decision = Decision(self.active, "main", open=True)

    def enter_phase(self, name: str) -> None:
        """``State.enter_phase`` without building the event when the log is off (hundreds a game)."""
        self.phase = name
        if self.log_events:
            self.emit("phase", phase=name, player=self.active)

    def _lasting(self, kind: str, player: int) -> Mapping[str, Any] | None:
        for e in self.effects:
            if e.get("kind") == kind and e.get("player") == player:
                return e
        return None

    def _begin_turn(self) -> None:
        """YGO-106 / YGO-107: Draw Phase (no draw for the first player's first turn), Standby Phase."""
        p = self.active
        self.emit("turn_start", turn=self.turn, player=p)
        self.enter_phase("draw")
        if self.turn != 1:
            self.draw(p)
            if self.winner is not None:
                return
        self._phase_window("standby")  # YGO-135: after the draw

    def _phase_window(self, then: str) -> None:
        """YGO-135: in the Draw Phase (after the draw), the Standby Phase and the End Phase the
        turn player and then the opponent may activate what is legal then; the phase goes on
        (task ``then``) once both pass in a row. After a chain resolves the turn player again
        has the first chance (YGO-109). A player with nothing to activate is skipped, so with
        nothing anywhere the phase passes at once (README: where the engine stops)."""
        self.flags.pop("phase_response", None)
        self.tasks.append(Task("phase_window_done", then=then))
        self._open_window(self.active, 0, "phase")

    def _phase_window_done(self, task: Task) -> None:
        if self.flags.pop("phase_response", False):  # a chain was built and has resolved: once more
            self._phase_window(task["then"])
        else:
            self.tasks.append(Task(task["then"]))

    def _standby(self) -> None:
        """YGO-108: the Standby Phase, with its response window (YGO-135)."""
        self.enter_phase("standby")
        self._phase_window("after_standby")

    def _after_standby(self) -> None:
        """Main Phase 1, unless an effect skips it (YGO-8, YGO-9)."""
        p = self.active
        skip = self._lasting("skip_main1", p)
        if skip is not None:  # YGO-8: Main Phase 1 is skipped
            self.effects = [e for e in self.effects if e is not skip]
            self.emit("phase_skipped", phase="main1", player=p)
            both = self._lasting("skip_battle", p) is not None
            if self.turn == 1 or both:  # YGO-9: both skipped: straight to the End Phase
                if both:
                    self.effects = [e for e in self.effects if not (e.get("kind") == "skip_battle"
                                                                    and e.get("player") == p)]
                self.tasks.append(Task("end_phase"))
            else:
                self.decision = Decision(p, "main1_skipped", {})
            return
        self.enter_phase("main1")
        self._open_main()

    def _battle_phase(self) -> None:
        """YGO-2: no Battle Phase in the duel's first turn; otherwise the Start Step."""
        if self.turn == 1:
            self.tasks.append(Task("end_phase"))
            return
        skip = self._lasting("skip_battle", self.active)
        if skip is not None:  # a skipped Battle Phase: no Main Phase 2 either (YGO-4, YGO-9)
            self.effects = [e for e in self.effects if e is not skip]
            self.emit("phase_skipped", phase="battle", player=self.active)
            self.tasks.append(Task("end_phase"))
            return
        for cid in self.zones[self.active]["monster_zone"]:
            marks = self.cards[cid].marks
            if "attacked_bp" in marks:
                self.update(cid, marks=marks - {"attacked_bp"})
        self.flags["battle_phases"] = self.flags.get("battle_phases", 0) + 1
        self.flags.pop("end_battle_phase", None)
        self.flags.pop("skip_main2", None)
        self.enter_phase("start_step")
        self._battle_step()

    def _battle_step(self) -> None:
        if self.flags.pop("end_battle_phase", False):  # YGO-14
            self.tasks.append(Task("end_step"))
            return
        if self.phase != "battle_step":
            self.enter_phase("battle_step")
        self.decision = Decision(self.active, "battle_step", open=True)

    def _declare_attack(self, p: int, attacker: int, target: int | str) -> None:
        """YGO-123 / YGO-126: the attacker counts as having attacked from now on."""
        marks = self.cards[attacker].marks
        self.update(attacker, marks=marks | {"attacked_bp", "attacked_turn"})
        self.flags["attack"] = {"attacker": attacker, "target": target, "player": p}
        self.emit("attack", card=attacker, name=self.cards[attacker].name, player=p, target=target)
        self.tasks.append(Task("after_declaration"))
        # YGO-109: the turn player has the first chance to respond to their own declaration, then the
        # opponent; the step goes on once both have passed in a row
        self._open_window(p, 0, "direct_attack" if target == "player" else "attack")

    def _after_declaration(self) -> None:
        """After the responses to an attack: negated, Battle Phase ended, replay, or the Damage Step."""
        attack = self.flags.get("attack")
        if attack is None:
            self.tasks.append(Task("battle_step"))
            return
        attacker, target = attack["attacker"], attack["target"]
        if self.flags.get("end_battle_phase"):
            self.flags["attack"] = None
            self.tasks.append(Task("battle_step"))
            return
        if attack.get("negated") or self.zone_of(attacker) != "monster_zone" or self.position(attacker) != "attack":
            self.flags["attack"] = None
            self.tasks.append(Task("battle_step"))
            return
        targets = self.attack_targets(attacker)
        still_valid = target in targets and (target == "player" or self.zone_of(target) == "monster_zone")
        if attack.get("replay") or not still_valid:  # YGO-127
            self.flags["attack"] = {**attack, "replay": False}
            if not targets or not self.can_attack_again(attacker):
                self.flags["attack"] = None
                self.tasks.append(Task("battle_step"))
                return
            self.decision = Decision(attack["player"], "replay", {})
            return
        self.tasks.append(Task("damage_step"))

    def can_attack_again(self, attacker: int) -> bool:
        """In a replay the monster may still attack unless a rule now stops it (Gravity Bind)."""
        return not (self.d(attacker).level >= 4 and self.face_up_statics("level4_plus_cannot_attack"))

    def _replay(self, p: int, action: Action) -> None:
        if action.type == "pass":  # the attack stops; the monster has still attacked (YGO-127)
            self.flags["attack"] = None
            self.emit("attack_stopped", player=p)
            self.tasks.append(Task("battle_step"))
            return
        self.flags["attack"] = {**self.flags["attack"], "target": action.get("target"), "replay": False}
        self.emit("attack_retargeted", player=p, target=action.get("target"))
        self.tasks.append(Task("after_declaration"))
        self._open_window(p, 0, "direct_attack" if action.get("target") == "player" else "attack")  # YGO-109

    def _damage_step(self) -> None:
        """YGO-124 / YGO-125: a face-down target is turned face-up before damage calculation."""
        self.enter_phase("damage_step")
        target = self.flags["attack"]["target"]
        if target != "player" and self.cards[target].face_down:
            self.update(target, face_down=False)
            self.emit("flipped", card=target, name=self.cards[target].name, player=self.cards[target].controller)
            if self._trigger_of(target, "flip"):
                self.flags["flip_after"] = target  # YGO-124: its Flip effect activates after damage calculation
        self.tasks.append(Task("damage_calculation"))
        # YGO-109: the turn player has the first chance in each step
        self.tasks.append(Task("window", player=self.active, passes=0, context="damage_step"))

    def _damage_calculation(self) -> None:
        """YGO-16..YGO-19 / YGO-121: compare ATK (or DEF), destroy, inflict battle damage."""
        attack = self.flags["attack"]
        attacker, target, p = attack["attacker"], attack["target"], attack["player"]
        self.tasks.append(Task("battle_step"))
        self.flags["attack"] = None
        if self.zone_of(attacker) != "monster_zone" or attack.get("negated"):
            return
        self.enter_phase("damage_calculation")
        a = self.atk(attacker)
        destroyed: list[int] = []
        if target == "player":
            self.emit("battle", attacker=attacker, target="player", attacker_atk=a)
            self.lose_lp(1 - p, a)
        elif self.zone_of(target) == "monster_zone":
            if self.position(target) == "attack":
                b = self.atk(target)
                self.emit("battle", attacker=attacker, target=target, attacker_atk=a, target_atk=b,
                          result="tie" if a == b else "decided")
                if a > b:
                    destroyed.append(target)
                    self.lose_lp(1 - p, a - b)
                elif a < b:
                    destroyed.append(attacker)
                    self.lose_lp(p, b - a)
                elif a != 0:
                    destroyed += [attacker, target]  # YGO-18 (YGO-121: both 0, neither)
            else:
                b = self.def_(target)
                self.emit("battle", attacker=attacker, target=target, attacker_atk=a, target_def=b,
                          result="tie" if a == b else "decided")
                if a > b:
                    destroyed.append(target)
                    if any(s.rule == "piercing" for s in self.d(attacker).statics):  # YGO-122
                        self.lose_lp(1 - p, a - b)
                elif a < b:
                    self.lose_lp(p, b - a)  # YGO-19: equal, both stay
        if self.winner is not None:
            return
        self.enter_phase("end_of_damage_step")
        for c in destroyed:
            owner = self.cards[c].controller
            self.destroy(c, reason="battle")
            if self.zone_of(c) == "graveyard" and self._trigger_of(c, "destroyed_by_battle"):
                self.add_trigger(c, owner)  # YGO-20 (e): the card itself was moved
        if target != "player":
            for winner, loser in ((attacker, target), (target, attacker)):
                if loser in destroyed and winner not in destroyed and self._trigger_of(winner, "destroys_by_battle"):
                    eff = self.d(winner).effect
                    # YGO-20 (b)/(e): a mandatory one may activate in the Damage Step; an optional one
                    # only under the official timing (YGO-128, option damage_step_activation = official)
                    if (eff is not None and eff.mandatory) or self.options.get("damage_step_activation") == "official":
                        self.add_trigger(winner, self.cards[winner].controller)
        flip = self.flags.pop("flip_after", None)
        if flip is not None:
            self.add_trigger(flip, self.cards[flip].controller)
        self.tasks.append(Task("open_triggers"))

    def _end_step(self) -> None:
        """YGO-11 / YGO-14: the End Step, then another Battle Phase if an effect grants one (YGO-10),
        else Main Phase 2 (unless the player went straight to the End Phase)."""
        self.enter_phase("end_step")
        self.flags["attack"] = None
        extra = self._lasting("extra_battle_phases", self.active)
        if extra is not None and extra.get("active_turn") == self.turn and extra["count"] > 1:
            self.effects = [e for e in self.effects if e is not extra]
            if extra["count"] > 2:
                self.effects.append({**extra, "count": extra["count"] - 1})
            self.tasks.append(Task("battle_phase"))
            return
        if self.flags.pop("skip_main2", False):
            self.tasks.append(Task("end_phase"))
        else:
            self.tasks.append(Task("main2"))

    def _end_phase(self) -> None:
        """YGO-110 / YGO-135: the End Phase's response window, then the hand limit as the last thing."""
        self.enter_phase("end")
        self.return_borrowed()
        self._phase_window("hand_limit")

    def _hand_limit(self) -> None:
        """YGO-110: the last thing in the End Phase: discard down to 6."""
        p = self.active
        if len(self.zones[p]["hand"]) > HAND_LIMIT:
            self.decision = Decision(p, "discard", {})
        else:
            self._cleanup()

    def _cleanup(self) -> None:
        self.phase = "end"
        effects = [e for e in self.effects if e.get("lasting")]
        self.flags = {}
        cards = self.cards
        for zones in self.zones:  # per-turn statuses only exist on the field
            for zone in ("monster_zone", "spell_trap_zone", "field_zone"):
                for cid in zones[zone]:
                    card = cards[cid]
                    if card.entered_this_turn or card.marks:
                        cards[cid] = card.replace(entered_this_turn=False, marks=card.marks & LASTING_MARKS)
        self.emit("turn_end", turn=self.turn, player=self.active)
        self.turn += 1
        self.active = 1 - self.active
        if any(e.get("kind") == "extra_battle_phases" for e in effects):
            # "during their next turn": the extra Battle Phases start counting
            effects = [{**e, "active_turn": self.turn} if e.get("kind") == "extra_battle_phases"
                       and e.get("player") == self.active and "active_turn" not in e else e for e in effects]
            effects = [e for e in effects if not (e.get("kind") == "extra_battle_phases"
                                                  and e.get("active_turn", self.turn) < self.turn)]
        self.effects = effects
        self._begin_turn()

    # ================================================================== views
    def explain_illegal(self, action: Action) -> tuple[str, str]:
        from tcg.games.yugioh.illegal import explain

        return explain(self, action)

    def card_view(self, cid: int) -> dict[str, Any]:
        view = super().card_view(cid)
        d = self.d(cid)
        view["type"] = d.type
        if d.type == "monster":
            view["level"] = d.level
            view["atk"] = self.atk(cid) if self.zone_of(cid) == "monster_zone" else d.atk
            view["def"] = self.def_(cid) if self.zone_of(cid) == "monster_zone" else d.def_
        if self.zone_of(cid) == "monster_zone":
            view["position"] = self.position(cid)
        return view
