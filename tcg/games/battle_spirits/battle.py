"""The battle phase (BS-45..BS-55): attack declaration, flash steps, blocks, BP comparison,
destruction and the end of each battle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from tcg.core import lasting
from tcg.core.actions import Action
from tcg.core.lazy import Concat
from tcg.core.stack import CLOSED, Window
from tcg.core.state import Decision, Task
from tcg.games.battle_spirits import battle_resolution, conditions, era_keywords, starter_era, static_rules
from tcg.games.battle_spirits import braves as brave_era
from tcg.games.battle_spirits.fusion import compared_losers
from tcg.games.battle_spirits.main_phase import (
    END_TURN,
    NEXT_PHASE,
    BattleSpiritsRule,
    high_speed_summons,
    magic_actions,
)

if TYPE_CHECKING:
    from tcg.games.battle_spirits.state import BattleSpiritsState

PASS = Action("pass")
#: BS-49 / BS-51: a flash step is a response window with no stack (a Flash effect resolves at
#: once): the players alternate, the blocking player first, until both pass in succession.
FLASH = Window(passes=2)


# ---------------------------------------------------------------------- decisions
class AttackDeclaration(BattleSpiritsRule):
    """BS-46: the turn player attacks with a refreshed spirit, or ends the battle phase."""

    kind: ClassVar[str] = "attack_declaration"
    prompt: ClassVar[str] = "Attack with a refreshed spirit, or end the battle phase"
    accepts: ClassVar[frozenset[str]] = frozenset({"attack", "next_phase", "end_turn"})
    rule: ClassVar[str] = "BS-46"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        p = decision.player
        attacks = [Action("attack", card=c) for c in state.attackers(p)]
        if attacks and state.must_attack(p):  # "must attack if possible": the phase can't end yet
            return attacks
        return [*attacks, NEXT_PHASE, END_TURN]

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        forced = state.must_attack(decision.player)
        if action.type in ("next_phase", "end_turn") and forced:
            names = ", ".join(state.cards[c].name for c in forced)
            return "BS-46", f"{names} must attack if possible: attack before the battle phase ends"
        return super().explain(state, decision, action)

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        if action.type == "attack":
            declare_attack(state, decision.player, action.get("card"))
        else:
            state.tasks.append(Task("end_phase"))


class FlashStep(BattleSpiritsRule):
    """BS-49 / BS-51: in a flash step each player in turn uses a Flash effect (a magic's, or
    summons a spirit with High Speed) or passes."""

    kind: ClassVar[str] = "flash"
    prompt: ClassVar[str] = ("Flash step: use a magic's Flash effect, summon a spirit with High Speed, "
                              "awaken a spirit, or pass")
    accepts: ClassVar[frozenset[str]] = frozenset({"use_magic", "summon", "awaken", "activate", "pass"})
    rule: ClassVar[str] = "BS-49"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        p = decision.player
        own = [*era_keywords.awaken_moves(state, p), *flash_activations(state, p)]  # abilities of cards on the field
        if state.effects and lasting.first(state, "flash_lock", player=p):  # no card from the hand
            return [*own, PASS]
        return Concat([*magic_actions(state, p, "flash"), *high_speed_summons(state, p), own, [PASS]])

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        if (action.type in ("use_magic", "summon") and state.effects
                and lasting.first(state, "flash_lock", player=decision.player)):
            return "BS-49", "until this battle ends you cannot use cards from your hand in Flash steps"
        if action.type == "awaken":
            return "BS-49", ("Awaken: move 1 or more cores from another of your spirits onto your spirit "
                             "with [Awaken] at one of its levels")
        if action.type == "activate":
            return "BS-49", ("use a Flash ability of your card on the field at one of its levels, while it "
                             "battles where it says so, paying its cores from your reserve")
        return super().explain(state, decision, action)

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        resolve_flash(state, decision.player, decision.data, action)


class BlockStep(BattleSpiritsRule):
    """BS-50: the blocking player blocks with a refreshed spirit, or does not."""

    kind: ClassVar[str] = "block"
    prompt: ClassVar[str] = "The opponent attacks: block with a refreshed spirit, or take the damage"
    accepts: ClassVar[frozenset[str]] = frozenset({"block", "pass"})
    rule: ClassVar[str] = "BS-50"

    def actions(self, state: BattleSpiritsState, decision: Decision) -> Sequence[Action]:
        attacker = state.flags["attack"]["attacker"]
        blocks = [Action("block", card=c) for c in state.blockers(decision.player, attacker)]
        spirit_blocks = brave_era.forced_spirit_blocks(state, blocks) if blocks else []
        if spirit_blocks:  # BS-360
            return spirit_blocks
        if blocks and must_block(state):
            return blocks
        return [*blocks, PASS]

    def explain(self, state: BattleSpiritsState, decision: Decision, action: Action) -> tuple[str, str]:
        card = action.get("card")
        able = action.type == "pass" or (action.type == "block" and card in state.blockers(
            decision.player, state.flags["attack"]["attacker"]))  # a pass, or a block by an Ultimate able to block
        if able and brave_era.forced_spirit_blocks(state, list(self.actions(state, decision))):
            return "BS-360", "this attack must be blocked by one of your Spirits if possible (a U-Trigger hit)"
        if (action.type == "block" and isinstance(card, int) and 0 <= card < len(state.cards)
                and card in state.zones[decision.player]["field"] and state.can_attack(card)):
            attacker = state.cards[state.flags["attack"]["attacker"]].name
            return "BS-50", (f"{state.cards[card].name} can't block {attacker}: its own text forbids the block, "
                             "or the attacker can't be blocked by it this turn")
        if action.type == "pass" and must_block(state):
            return "BS-50", ("this attack must be blocked if possible (Clash, or a nexus of the attacker's"
                             " forcing a block of the first attack)")
        return super().explain(state, decision, action)

    def resolve(self, state: BattleSpiritsState, decision: Decision, action: Action) -> None:
        if action.type == "block":
            block(state, decision.player, action.get("card"))
        else:
            state.tasks.append(Task("comparison"))


def must_block(s: BattleSpiritsState) -> bool:
    """"The opponent must block your first attack of this turn if possible" (``Rule``
    force_block_first_attack of a card of the attacking player's)."""
    return (s.flags.get("attacks") == 1 and s.rule_active("force_block_first_attack", s.active)) \
        or brave_era.must_block(s)  # Clash (braves.py BS-162; BS-156 in BS14's notes)


def flash_activations(s: BattleSpiritsState, p: int) -> list[Action]:
    """``FlashAbility``: the Flash abilities of ``p``'s cards on the field usable now (level,
    battling, the reserve cores to pay)."""
    out: list[Action] = []
    attack = s.flags.get("attack")
    reserve = s.counters[p]["reserve"]
    for c in s.zones[p]["field"]:
        abilities = s.d(c).flash_abilities
        if not abilities:
            continue
        battling = attack is not None and c in (attack["attacker"], attack["blocker"])
        for i, ab in enumerate(abilities):
            if ab.exhaust_self and s.cards[c].tapped:  # BS-259: paid by exhausting it
                continue
            if (s.level(c) in ab.levels and (battling or not ab.while_battling) and reserve >= ab.reserve_cost
                    and s.cores(c) >= ab.self_cost and s.turn_matches(ab.turn, p, s.active)
                    and (ab.requires is None or s.select(ab.requires, p, c))
                    and not (ab.once_per_turn  # BS-172: once per turn, by card name
                             and brave_era.once_used(s, (s.cards[c].name, "flash_ability", i), False))):
                out.append(Action("activate", card=c, index=i))
    return out


def declare_attack(s: BattleSpiritsState, p: int, attacker: int) -> None:
    """BS-47: the attacker is exhausted at once; then Flash step 1, blocking player first."""
    s.set_exhausted(attacker, True)
    static_rules.attack_declared(s, attacker)  # BS-241 / BS-242: noted for the turn, its cost paid
    s.flags["attacks"] = s.flags.get("attacks", 0) + 1  # this turn's attacks ("your first attack")
    s.flags.pop("last_battle", None)
    s.flags["attack"] = {"attacker": attacker, "player": p, "blocker": None}
    s.emit("attack", card=attacker, name=s.cards[attacker].name, player=p, attacker_bp=s.bp(attacker))
    s.tasks.append(Task("block_step"))
    s.tasks.append(Task("flash", step="flash_1", player=FLASH.first(p), passes=0))
    s.queue_abilities(attacker, "attacks")
    if (s.effects and lasting.first(s, "attack_shift")) or conditions.shifted_blocks(s, p, attacker):  # BS-273
        # Attack Shift: "when blocks" effects trigger now
        s.queue_abilities(attacker, "blocks")
    if s.effects:  # Killer Telescope: "your Spirits may attack opposing exhausted Spirits"
        for record in lasting.of_kind(s, "grant_attack_spirit", player=p):
            s.queue_effects(attacker, p, (record["name"], "granted"), optional=True)
    for q in (p, 1 - p):
        for c in s.zones[q]["field"]:
            s.queue_abilities(c, "any_attacks", subject=attacker)  # `subject`: which attackers count
    s.check_burst(1 - p, "opponent_attacks")


def resolve_flash(s: BattleSpiritsState, p: int, data: Any, action: Action) -> None:
    """BS-49 / BS-51: alternate, the blocking player first, until both pass in succession."""
    if action.type == "pass":
        nxt = FLASH.passed(p, data["passes"])
        if nxt != CLOSED:
            s.tasks.append(Task("flash", step=data["step"], player=nxt, passes=data["passes"] + 1))
        return
    s.tasks.append(Task("flash", step=data["step"], player=1 - p, passes=0))  # an answer: the other player next
    if action.type == "use_magic":
        s.pay(p, action)
        s.use_magic(p, action.get("card"), "flash")
    elif action.type == "summon":  # High Speed: its pay and place are from the reserve
        s.put_onto_field(p, action)
    elif action.type == "activate":  # a Flash ability: its reserve cores to the trash, then its effects
        card, index = action.get("card"), action.get("index")
        ability = s.d(card).flash_abilities[index]
        if ability.once_per_turn:  # BS-172 (braves.py): used now
            brave_era.once_used(s, (s.cards[card].name, "flash_ability", index))
        s.move_core(p, "reserve", "trash_cores", ability.reserve_cost)
        s.move_core(p, card, "trash_cores", ability.self_cost)
        if ability.exhaust_self:  # BS-259: "by exhausting this spirit"
            s.set_exhausted(card, True)
        s.queue_effects(card, p, (s.cards[card].name, "flash_ability", index))
    elif action.type == "awaken":  # Awaken: cores from another of your spirits onto this one
        s.move_core(p, action.get("source"), action.get("card"), action.get("count"))
        era_keywords.awakened(s, action.get("card"), action.get("count"))  # Super Awaken refreshes (BS-221)


def block(s: BattleSpiritsState, p: int, blocker: int) -> None:
    s.set_exhausted(blocker, True)
    s.flags["attack"] = {**s.flags["attack"], "blocker": blocker}
    s.emit("block", card=blocker, name=s.cards[blocker].name, player=p, bp=s.bp(blocker),
           attacker_bp=s.bp(s.flags["attack"]["attacker"]))
    s.tasks.append(Task("comparison"))
    s.tasks.append(Task("flash", step="flash_2", player=FLASH.first(s.flags["attack"]["player"]), passes=0))
    if not (s.effects and lasting.first(s, "attack_shift")):  # Attack Shift: they triggered at attacks
        s.queue_abilities(blocker, "blocks")
    s.queue_abilities(s.flags["attack"]["attacker"], "blocked")
    for q in (s.active, 1 - s.active):  # "when one of your spirits blocks" (``any_blocks``)
        for c in s.zones[q]["field"]:
            if s.d(c).abilities:
                s.queue_abilities(c, "any_blocks")


# ---------------------------------------------------------------------- steps
def battle_phase(s: BattleSpiritsState, task: Task) -> None:
    """BS-45: skipped in the first player's first turn (and when an effect took this turn's
    attack step away, ``end_attack_step``)."""
    if s.is_first_turn() or s.flags.get("no_attack_step"):
        s.tasks.append(Task("end_phase"))
        return
    s.enter_phase("battle")
    s.tasks.append(Task("attack_declaration"))
    for c in s.zones[1 - s.active]["field"]:  # "(Opponent's Attack Step) at the start of the step"
        s.queue_abilities(c, "opponent_attack_step")
    for c in s.zones[s.active]["field"]:  # "(Your Attack Step) at the start of the step" (trash_zone.py)
        s.queue_abilities(c, "your_attack_step")


def attack_declaration(s: BattleSpiritsState, task: Task) -> None:
    """BS-46 / BS-55: attack while you control a refreshed spirit; otherwise the phase ends."""
    if s.attackers(s.active):
        s.open_phase("attack_declaration")
    else:
        s.tasks.append(Task("end_phase"))


def flash(s: BattleSpiritsState, task: Task) -> None:
    """BS-49: a flash step ends when both players passed in succession (``resolve_flash``) or
    the battle ended."""
    if battle_ended(s):
        return
    if s.phase != task["step"]:
        s.enter_phase(task["step"])
    s.decision = Decision(task["player"], "flash", {"step": task["step"], "passes": task["passes"]})


def block_step(s: BattleSpiritsState, task: Task) -> None:
    """BS-50: the blocking player may block with a refreshed spirit."""
    attack = s.flags["attack"]
    if s.zone_of(attack["attacker"]) != "field" or attack.get("ended"):
        s.tasks.append(Task("end_of_battle"))  # BS-112; or an effect ended the battle
        return
    if attack.get("designated"):  # the attacked spirit battles as the blocker (attack_spirit)
        s.tasks.append(Task("comparison"))
        s.tasks.append(Task("flash", step="flash_2", player=FLASH.first(attack["player"]), passes=0))
        return
    s.enter_phase("block")
    defender = 1 - attack["player"]
    if s.blockers(defender, attack["attacker"]):
        s.decision = Decision(defender, "block", {})
    else:
        s.tasks.append(Task("comparison"))


def comparison(s: BattleSpiritsState, task: Task) -> None:
    """BS-52..BS-54: compare BP (lower destroyed, equal both), or damage the life."""
    attack = s.flags["attack"]
    if not task.get("resolved") and battle_resolution.trigger(s, attack):  # BS-362: those triggers first
        s.tasks.append(Task("comparison", resolved=True))
        return
    attacker, blocker = attack["attacker"], attack["blocker"]
    s.tasks.append(Task("end_of_battle"))
    if s.zone_of(attacker) != "field" or attack.get("ended"):
        return  # BS-112; or an effect ended the battle without comparing BP
    if blocker is None:
        s.enter_phase("comparison")
        s.damage(1 - attack["player"], len(s.symbols(attacker)), attacker=attacker)
        return
    if s.zone_of(blocker) != "field":
        return  # BS-52: the blocker left before the comparison
    s.enter_phase("comparison")
    ba, bb = static_rules.battle_values(s, attacker, blocker)  # BP, or levels (BS-248, BS-219)
    losers = [c for c, mine, theirs in ((attacker, ba, bb), (blocker, bb, ba)) if mine <= theirs]
    if s.effects:
        losers = compared_losers(s, attacker, blocker, (ba, bb), losers)  # fusion.py BS-219: reversed
    s.emit("battle", attacker=attacker, blocker=blocker, attacker_bp=ba, blocker_bp=bb,
           result="tie" if len(losers) == 2 else "decided")
    s.enter_phase("destruction")
    static_rules.note_battle_bp(s, {attacker: ba, blocker: bb})  # BS-259: the BP last seen in the battle
    owners = {attacker: attack["player"], blocker: 1 - attack["player"]}
    levels = {attacker: s.level(attacker), blocker: s.level(blocker)}
    if losers:  # BS-370, noted while the losers are still on the field (their subject matched there)
        battle_resolution.destroyed_by_battle(s, losers, owners)
    for c in losers:
        s.destroy(c, by=1 - owners[c], against=blocker if c == attacker else attacker)
    era_keywords.battled_destroyed(s, losers, attack, levels)  # BS-229
    if len(losers) == 1:  # "destroys only the opposing spirit by comparing BP"
        winner = blocker if losers[0] == attacker else attacker
        if s.zone_of(winner) == "field":
            queue_battle_won(s, owners[winner], winner)


def queue_battle_won(s: BattleSpiritsState, p: int, winner: int) -> None:
    s.queue_abilities(winner, "wins_battle")
    s.queue_abilities(winner, "your_spirit_wins_battle")
    for c in s.zones[p]["field"]:
        if c != winner:
            s.queue_abilities(c, "your_spirit_wins_battle")


def battle_ended(s: BattleSpiritsState) -> bool:
    attack = s.flags.get("attack")
    return attack is not None and bool(attack.get("ended"))


def end_of_battle(s: BattleSpiritsState, task: Task) -> None:
    """BS-55: after the battle, the attack step again (or, as an effect said, its end)."""
    s.enter_phase("end_of_battle")
    attack = s.flags["attack"]
    if attack is not None and static_rules.battle_end_stops(s, attack):  # BS-259
        s.flags["end_attack_step"] = True
    s.flags["attack"] = None
    s.flags["last_battle"] = attack  # "the Spirit that battled" (Selector.battled) for "at the end of battle"
    if s.effects:
        for record in lasting.of_kind(s, "destroy_after_battle"):
            s.destroy(record["card"], by=record["player"])
        for record in lasting.of_kind(s, "at_battle_end"):  # braves.py BS-177
            if s.zone_of(record["card"]) == "field":
                s._pend("effects", (record["card"], record["player"], tuple(record["ref"]), record["optional"]))
        starter_era.battle_ended(s)  # BS-292: "at the end of this battle, if ..."
        lasting.expire(s, lasting.BATTLE)  # "until the end of this battle"
    if attack is not None and attack["blocker"] is not None:
        for q in (s.active, 1 - s.active):
            for c in s.zones[q]["field"]:
                if s.d(c).abilities:
                    s.queue_abilities(c, "battle_ends")
    if s.flags.pop("end_attack_step", False):  # "when this battle ends, end the attack step"
        s.tasks.append(Task("end_phase"))
        return
    s.tasks.append(Task("attack_declaration"))
