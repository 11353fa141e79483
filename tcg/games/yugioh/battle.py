"""The Battle Phase (YGO-1..YGO-20, YGO-121..YGO-127): Start Step, Battle Step (attack or
leave), replays, the Damage Step and damage calculation, the End Step.

Decisions: ``battle_step`` (open: declare an attack, activate, or leave the Battle Phase),
``replay`` (YGO-127: the attack target changed; attack again or stop) and ``extra_battle_phase``
(YGO-10: conduct another Battle Phase an effect lets the player conduct, or not).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tcg.core import lasting
from tcg.core.actions import Action, CardTargetActions
from tcg.core.state import Decision, Task
from tcg.games.yugioh.chain import PASS, YugiohRule, activate, open_window

if TYPE_CHECKING:
    from tcg.games.yugioh.state import YugiohState

NEXT_PHASE = Action("next_phase")
YES = Action("choose", option="yes")
END_TURN = Action("end_turn")
ATTACK = CardTargetActions("attack")
BATTLE_STEPS = ("start_step", "battle_step", "damage_step", "damage_calculation", "end_step")


# ====================================================================== decisions
class BattleStep(YugiohRule):
    """YGO-123: the turn player's Battle Step: attack, activate (YGO-118), or leave it."""

    kind = "battle_step"
    prompt = "Declare an attack with one of your monsters, activate a card, or end the Battle Phase"
    accepts = frozenset({"attack", "activate", "next_phase", "end_turn"})
    rule = "YGO-123"

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        s: YugiohState = state
        p = decision.player
        out = attack_actions(s, p)
        out += s.activations(p, "battle")  # YGO-118: Quick-Play Spells and Traps in your Battle Step
        if not (s.must_attack(p) and out):  # YGO-5: a forced attack must be declared if it can be
            out += [NEXT_PHASE, END_TURN]
        return out

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        s: YugiohState = state
        p, t = decision.player, action[0]  # action.type, without a property call
        if t == "attack":
            declare_attack(s, p, action.get("card"), action.get("target"))
        elif t == "activate":
            s.tasks.append(Task("battle_step"))
            activate(s, p, action.get("card"))
        elif t == "next_phase":
            s.tasks.append(Task("end_step"))
        else:
            s.flags["skip_main2"] = True
            s.tasks.append(Task("end_step"))

    def explain_own(self, s: YugiohState, dec: Decision, a: Action) -> tuple[str, str] | None:
        if a.type == "attack":
            return explain_attack(s, a)
        if a.type == "end_turn" and s.must_attack(dec.player):
            return "YGO-5", "a card effect forces your monsters to attack: the Battle Phase must be entered"
        return None


class ExtraBattlePhase(YugiohRule):
    """YGO-10: an effect lets the turn player conduct another Battle Phase ("you can", Weather
    Report): ``choose {option: yes}`` begins it, ``pass`` goes on to Main Phase 2."""

    kind = "extra_battle_phase"
    prompt = "An effect lets you conduct another Battle Phase: choose yes, or pass to go to Main Phase 2"
    accepts = frozenset({"choose", "pass"})
    rule = "YGO-10"

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        return [YES, PASS]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        s: YugiohState = state
        if action[0] == "pass":
            after_battle_phase(s)
            return
        extra = decision.data["extra"]
        s.effects.append(extra)  # taken off as the question was asked; counted down as it begins
        another_battle_phase(s, s.effects[-1])


class Replay(YugiohRule):
    """YGO-127: after a replay the attacker may attack again (any target) or stop."""

    kind = "replay"
    prompt = "The attack target changed (a replay): attack again, choosing a target, or stop the attack"
    accepts = frozenset({"attack", "pass"})
    rule = "YGO-127"

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        s: YugiohState = state
        attacker = s.flags["attack"]["attacker"]
        return [*(Action("attack", card=attacker, target=t) for t in s.attack_targets(attacker)), PASS]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        s: YugiohState = state
        p = decision.player
        if action.type == "pass":  # the attack stops; the monster has still attacked (YGO-127)
            s.flags["attack"] = None
            s.emit("attack_stopped", player=p)
            s.tasks.append(Task("battle_step"))
            return
        s.flags["attack"] = {**s.flags["attack"], "target": action.get("target"), "replay": False}
        s.emit("attack_retargeted", player=p, target=action.get("target"))
        s.tasks.append(Task("after_declaration"))
        open_window(s, p, 0, "direct_attack" if action.get("target") == "player" else "attack")  # YGO-109

    def explain_own(self, s: YugiohState, dec: Decision, a: Action) -> tuple[str, str] | None:
        return explain_attack(s, a) if a.type == "attack" else None


def explain_attack(s: YugiohState, a: Action) -> tuple[str, str]:
    """Why an attack declared in the Battle Step is not legal (YGO-123, YGO-5, YGO-7)."""
    card = a.get("card")
    if card is not None and s.zone_of(card) == "monster_zone":
        if s.position(card) != "attack":
            return "YGO-123", "only a face-up Attack Position monster may attack"
        if "attacked_bp" in s.cards[card].marks:
            return "YGO-123", "each monster attacks at most once per Battle Phase"
        if s.attacks_barred(s.cards[card].controller):
            return "YGO-5", "a face-up card of the opponent stops your monsters from declaring an attack"
        if s.d(card).level >= 4 and s.face_up_statics("level4_plus_cannot_attack"):
            return "YGO-5", "a face-up card stops Level 4 or higher monsters from attacking"
        if a.get("target") == "player":
            return "YGO-123", "a direct attack needs the opponent to control no monsters"
        return "YGO-7", "that monster cannot be targeted for attacks"
    return "YGO-123", "attack with a face-up Attack Position monster you control"


def attack_actions(s: YugiohState, p: int) -> list[Action]:
    """YGO-123: each of ``attackers(p)`` against each of its ``attack_targets``, with what
    they share (the Gravity Bind check, the targets against each player) worked out once."""
    out: list[Action] = []
    monsters = s.zones[p]["monster_zone"]
    if not monsters:
        return out
    barred = s.level4_barred()
    targets: dict[int, list[int | str]] = {}
    cards = s.cards
    for c in monsters:
        if not s.can_declare_attack(c, barred):
            continue
        opp = 1 - cards[c].controller
        against = targets.get(opp)
        if against is None:
            against = targets[opp] = s.targets_against(opp)
        out += [ATTACK[c, t] for t in against]
    return out


# ====================================================================== steps
def battle_phase(s: YugiohState, task: Task) -> None:
    """YGO-2: no Battle Phase in the duel's first turn; otherwise the Start Step."""
    if s.is_first_turn():
        s.tasks.append(Task("end_phase"))
        return
    skip = lasting.first(s, "skip_battle", player=s.active)
    if skip is not None:  # a skipped Battle Phase: no Main Phase 2 either (YGO-4, YGO-9)
        lasting.remove(s, skip)
        s.emit("phase_skipped", phase="battle", player=s.active)
        s.tasks.append(Task("end_phase"))
        return
    for cid in s.zones[s.active]["monster_zone"]:
        marks = s.cards[cid].marks
        if "attacked_bp" in marks:
            s.update(cid, marks=marks - {"attacked_bp"})
    s.flags["battle_phases"] = s.flags.get("battle_phases", 0) + 1
    s.flags.pop("end_battle_phase", None)
    s.flags.pop("skip_main2", None)
    s.enter_phase("start_step")
    battle_step(s)


def battle_step(s: YugiohState, task: Task | None = None) -> None:
    if s.flags.pop("end_battle_phase", False):  # YGO-14
        s.tasks.append(Task("end_step"))
        return
    if s.phase != "battle_step":
        s.enter_phase("battle_step")
    s.decision = Decision(s.active, "battle_step", open=True)


def declare_attack(s: YugiohState, p: int, attacker: int, target: int | str) -> None:
    """YGO-123 / YGO-126: the attacker counts as having attacked from now on."""
    marks = s.cards[attacker].marks
    s.update(attacker, marks=marks | {"attacked_bp", "attacked_turn"})
    s.flags["attack"] = {"attacker": attacker, "target": target, "player": p}
    s.emit("attack", card=attacker, name=s.cards[attacker].name, player=p, target=target,
           **attack_values(s, attacker, target))
    s.tasks.append(Task("after_declaration"))
    # YGO-109: the turn player has the first chance to respond to their own declaration, then the
    # opponent; the step goes on once both have passed in a row
    open_window(s, p, 0, "direct_attack" if target == "player" else "attack")


def attack_values(s: YugiohState, attacker: int, target: int | str) -> dict[str, int]:
    """The numbers an attack's declaration shows everyone: the attacker's ATK, and a face-up
    target's ATK (Attack Position) or DEF (Defense Position); a face-down target's, none."""
    values = {"attacker_atk": s.atk(attacker)}
    if isinstance(target, int) and not s.cards[target].face_down:
        if s.position(target) == "attack":
            values["target_atk"] = s.atk(target)
        else:
            values["target_def"] = s.def_(target)
    return values


def after_declaration(s: YugiohState, task: Task) -> None:
    """After the responses to an attack: negated, Battle Phase ended, replay, or the Damage Step."""
    attack = s.flags.get("attack")
    if attack is None:
        s.tasks.append(Task("battle_step"))
        return
    attacker, target = attack["attacker"], attack["target"]
    if s.flags.get("end_battle_phase"):
        s.flags["attack"] = None
        s.tasks.append(Task("battle_step"))
        return
    if attack.get("negated") or s.zone_of(attacker) != "monster_zone" or s.position(attacker) != "attack":
        s.flags["attack"] = None
        s.tasks.append(Task("battle_step"))
        return
    targets = s.attack_targets(attacker)
    still_valid = target in targets and (target == "player" or s.zone_of(target) == "monster_zone")
    if attack.get("replay") or not still_valid:  # YGO-127
        s.flags["attack"] = {**attack, "replay": False}
        if not targets or not can_attack_again(s, attacker):
            s.flags["attack"] = None
            s.tasks.append(Task("battle_step"))
            return
        s.decision = Decision(attack["player"], "replay", {})
        return
    s.tasks.append(Task("damage_step"))


def can_attack_again(s: YugiohState, attacker: int) -> bool:
    """In a replay the monster may still attack unless a rule now stops it (Gravity Bind)."""
    return not (s.d(attacker).level >= 4 and s.face_up_statics("level4_plus_cannot_attack"))


def damage_step(s: YugiohState, task: Task) -> None:
    """YGO-124 / YGO-125: a face-down target is turned face-up before damage calculation."""
    s.enter_phase("damage_step")
    target = s.flags["attack"]["target"]
    if target != "player" and s.cards[target].face_down:
        s.update(target, face_down=False)
        s.emit("flipped", card=target, name=s.cards[target].name, player=s.cards[target].controller)
        if s.trigger_of(target, "flip"):
            s.flags["flip_after"] = target  # YGO-124: its Flip effect activates after damage calculation
    s.tasks.append(Task("damage_calculation"))
    # YGO-109: the turn player has the first chance in each step
    s.tasks.append(Task("window", player=s.active, passes=0, context="damage_step"))


def damage_calculation(s: YugiohState, task: Task) -> None:
    """YGO-16..YGO-19 / YGO-121: compare ATK (or DEF), destroy, inflict battle damage."""
    attack = s.flags["attack"]
    attacker, target = attack["attacker"], attack["target"]
    s.tasks.append(Task("battle_step"))
    s.flags["attack"] = None
    if s.zone_of(attacker) != "monster_zone" or attack.get("negated"):
        return
    s.enter_phase("damage_calculation")
    destroyed = battle_damage(s, attacker, target, attack["player"])
    s.state_check()  # YGO-129: the Duel ends at 0 LP before anything after the battle
    if s.winner is not None:
        return
    s.enter_phase("end_of_damage_step")
    after_battle(s, attacker, target, destroyed)


def battle_damage(s: YugiohState, attacker: int, target: Any, p: int) -> list[int]:
    """YGO-16..YGO-19 / YGO-121 / YGO-122: the battle's damage; returns the monsters it destroys.
    ``target`` is a monster's id or "player" (a direct attack). A player under a
    ``battle_protection`` record (Waboku) takes no battle damage and their monsters stay."""
    safe = {e["player"] for e in lasting.of_kind(s, "battle_protection")} if s.effects else set()
    a = s.atk(attacker)
    destroyed: list[int] = []
    if target == "player":
        s.emit("battle", attacker=attacker, target="player", attacker_atk=a)
        _battle_lp(s, 1 - p, a, safe)
    elif s.zone_of(target) == "monster_zone":
        if s.position(target) == "attack":
            b = s.atk(target)
            s.emit("battle", attacker=attacker, target=target, attacker_atk=a, target_atk=b,
                   result="tie" if a == b else "decided")
            if a > b:
                destroyed.append(target)
                _battle_lp(s, 1 - p, a - b, safe)
            elif a < b:
                destroyed.append(attacker)
                _battle_lp(s, p, b - a, safe)
            elif a != 0:
                destroyed += [attacker, target]  # YGO-18 (YGO-121: both 0, neither)
        else:
            b = s.def_(target)
            s.emit("battle", attacker=attacker, target=target, attacker_atk=a, target_def=b,
                   result="tie" if a == b else "decided")
            if a > b:
                destroyed.append(target)
                if any(st.rule == "piercing" for st in s.d(attacker).statics):  # YGO-122
                    _battle_lp(s, 1 - p, a - b, safe)
            elif a < b:
                _battle_lp(s, p, b - a, safe)  # YGO-19: equal, both stay
    if safe:  # Waboku: the protected player's monsters are not destroyed by battle
        return [c for c in destroyed if s.cards[c].controller not in safe]
    return destroyed


def _battle_lp(s: YugiohState, player: int, amount: int, safe: set[int]) -> None:
    """Battle damage (YGO-16): LP lost, unless a ``battle_protection`` record covers the player."""
    if player not in safe:
        s.lose_lp(player, amount)


def after_battle(s: YugiohState, attacker: int, target: Any, destroyed: list[int]) -> None:
    """The end of the Damage Step: destroy, and the triggers of the battle (YGO-20, YGO-124)."""
    if target != "player" and s.trigger_of(target, "attacked"):  # "after damage calculation" (Wall of Illusion)
        s.flags["last_battle"] = [attacker, target]  # the monster it battled: the ``battled`` target
        s.add_trigger(target, s.cards[target].controller)
    for c in destroyed:
        s.destroy(c, reason="battle")
        if s.zone_of(c) == "graveyard" and s.trigger_of(c, "destroyed_by_battle"):
            # YGO-20 (e): the card itself was moved. [standard] The effect activates in the
            # Graveyard, so its owner's, whoever controlled the monster (UDE card FAQs, GoatFormat.com:
            # Giant Rat, Mystic Tomato, Shining Angel taken by the opponent and destroyed by battle).
            s.add_trigger(c, s.cards[c].owner)
    if target != "player":
        for winner, loser in ((attacker, target), (target, attacker)):
            if loser in destroyed and winner not in destroyed and s.trigger_of(winner, "destroys_by_battle"):
                # YGO-20 (b): a mandatory one is activated in the Damage Step; an optional one only
                # under the official timing (YGO-128): chain.link_triggers asks damage_step_bars
                s.add_trigger(winner, s.cards[winner].controller)
    flip = s.flags.pop("flip_after", None)
    if flip is not None:
        s.add_trigger(flip, s.cards[flip].controller)
    s.tasks.append(Task("open_triggers"))


def end_step(s: YugiohState, task: Task) -> None:
    """YGO-11 / YGO-14: the End Step, then another Battle Phase if an effect grants one (YGO-10),
    else Main Phase 2 (unless the player went straight to the End Phase). A Battle Phase the player
    "can" conduct (Weather Report) is theirs to choose: an ``extra_battle_phase`` decision, unless
    they left this one with ``end_turn`` (straight to the End Phase: they decline it)."""
    s.enter_phase("end_step")
    s.flags["attack"] = None
    extra = lasting.first(s, "extra_battle_phases", player=s.active)
    if extra is not None and extra.get("until") == s.turn and extra["count"] > 1:  # its turn has come
        if not extra.get("optional"):
            another_battle_phase(s, extra)
            return
        lasting.remove(s, extra)
        if not s.flags.get("skip_main2"):
            s.decision = Decision(s.active, "extra_battle_phase", {"extra": dict(extra)})
            return
    after_battle_phase(s)


def another_battle_phase(s: YugiohState, extra: Mapping[str, Any]) -> None:
    """YGO-10: one of the granted Battle Phases begins (the record counts the rest down)."""
    lasting.remove(s, extra)
    if extra["count"] > 2:
        s.effects.append({**extra, "count": extra["count"] - 1})
    s.tasks.append(Task("battle_phase"))


def after_battle_phase(s: YugiohState) -> None:
    """YGO-4: Main Phase 2, or the End Phase if the player left the Battle Phase with ``end_turn``."""
    if s.flags.pop("skip_main2", False):
        s.tasks.append(Task("end_phase"))
    else:
        s.tasks.append(Task("main2"))
