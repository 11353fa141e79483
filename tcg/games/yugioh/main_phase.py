"""The Main Phase (YGO-111..YGO-119): the turn player's open decision ``main``.

Normal Summons and Sets with their tributes (YGO-112 / YGO-113), Flip Summons (YGO-114),
position changes (YGO-115), activations (YGO-118), Spells and Traps to Set (YGO-119), and
leaving the phase (YGO-4, YGO-5). A summon may be responded to (YGO-120).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tcg.core import lasting
from tcg.core.actions import Action, CardActions
from tcg.core.state import Decision, Task
from tcg.games.yugioh.battle import END_TURN, NEXT_PHASE
from tcg.games.yugioh.chain import ACTIVATE, YugiohRule, activate, open_window
from tcg.games.yugioh.queries import MONSTER_ZONES, SPELL_TRAP_ZONES

if TYPE_CHECKING:
    from tcg.games.yugioh.state import YugiohState

NORMAL_SUMMON = CardActions("normal_summon")
SET_MONSTER = CardActions("set_monster")
FLIP_SUMMON = CardActions("flip_summon")
CHANGE_POSITION = CardActions("change_position")
SET_SPELL_TRAP = CardActions("set_spell_trap")


class MainPhase(YugiohRule):
    """YGO-111: the turn player's Main Phase actions, in an open game state."""

    kind = "main"
    prompt = "Summon or Set a monster, activate or Set Spells and Traps, change battle positions, or move on"
    accepts = frozenset({"normal_summon", "set_monster", "flip_summon", "change_position", "set_spell_trap",
                         "activate", "next_phase", "end_turn"})
    rule = "YGO-111"

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        """Normal Summons and Sets, Flip Summons (YGO-114) and position changes (YGO-115),
        activations, Spells and Traps to Set, leaving (YGO-4, YGO-5)."""
        s: YugiohState = state
        p = decision.player
        zones = s.zones[p]
        monsters = zones["monster_zone"]
        summons, activations, sets = hand_actions(s, p, zones["hand"], monsters)
        out = summons
        cards = s.cards
        locks = bool(s.face_up_statics("lock_in_defense"))
        for c in monsters:
            card = cards[c]
            if card.entered_this_turn or "position_changed" in card.marks:
                continue
            if card.face_down:
                out.append(FLIP_SUMMON[c])  # YGO-114
            elif "attacked_turn" not in card.marks and not (locks and s.position_locked(c)):
                out.append(CHANGE_POSITION[c])  # YGO-115 (not one Dragon Capture Jar holds)
        out += activations
        out += s.activations(p, "main", from_hand=False)  # from the hand: in hand_actions
        out += sets
        if s.phase == "main1" and s.turn != 1 and s.must_attack(p):
            out.append(NEXT_PHASE)  # YGO-5: the Battle Phase must be entered
        else:
            out += (NEXT_PHASE, END_TURN)
        return out

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        s: YugiohState = state
        p = decision.player
        t, card = action[0], action.get("card")  # action.type, without a property call
        if t in ("next_phase", "end_turn"):
            if t == "next_phase" and s.phase == "main1":
                s.tasks.append(Task("battle_phase"))
            else:
                s.tasks.append(Task("end_phase"))  # YGO-4: no Battle Phase, no Main Phase 2
            # YGO-109: before the phase ends the opponent may respond
            open_window(s, 1 - p, 0, "phase", single=True)
            return
        s.tasks.append(Task("main"))
        if t in ("normal_summon", "set_monster"):
            normal_summon(s, p, card, action.get("tributes", ()), face_down=t == "set_monster")
        elif t == "flip_summon":
            s.update(card, tapped=False, face_down=False, marks=s.cards[card].marks | {"position_changed"})
            s.emit("summoned", card=card, name=s.cards[card].name, player=p, how="flip")
            if s.trigger_of(card, "flip"):
                s.add_trigger(card, p)
            after_summon(s, p, card, "flip")
        elif t == "change_position":
            c = s.cards[card]
            s.update(card, tapped=not c.tapped, marks=c.marks | {"position_changed"})
            s.emit("position_changed", card=card, name=c.name, player=p, position=s.position(card))
        elif t == "set_spell_trap":
            zone = "field_zone" if s.d(card).spell_kind == "field" else "spell_trap_zone"
            if zone == "field_zone":
                for old in list(s.zones[p]["field_zone"]):
                    s.send_to_graveyard(old, reason="rule")
            s.move(card, zone, face_down=True, entered_this_turn=True)
            s.emit("set", card=card, player=p, how="spell_trap")
        elif t == "activate":
            activate(s, p, card)

    def explain_own(self, s: YugiohState, dec: Decision, a: Action) -> tuple[str, str] | None:
        t, p, card = a.type, dec.player, a.get("card")
        if t in ("normal_summon", "set_monster"):
            if s.flags.get("normal_summoned"):
                return "YGO-112", "only one Normal Summon or Set per turn"
            return explain_summon(s, p, a)
        if t == "flip_summon":
            return "YGO-114", "Flip Summon a face-down monster you control that was not Set this turn"
        if t == "change_position":
            if card is not None and 0 <= card < len(s.cards) and s.position_locked(card):
                return "YGO-115", "a face-up card keeps this monster in Defense Position (Dragon Capture Jar)"
            return "YGO-115", ("change the position of a face-up monster you control once per turn, not the turn "
                               "it was Summoned and not after it attacked")
        if t == "end_turn" and s.must_attack(p):
            return "YGO-5", "a card effect forces your monsters to attack: the Battle Phase must be entered"
        return None


class ExtraSummon(YugiohRule):
    """Ultimate Offering: the Normal Summon or Set it grants, made at once (``extra_normal_summon``);
    it does not use up the turn's Normal Summon (official rulings)."""

    kind = "extra_summon"
    prompt = "Normal Summon or Set 1 monster from your hand (an extra Normal Summon)"
    accepts = frozenset({"normal_summon", "set_monster"})
    rule = "YGO-112"

    def actions(self, state: Any, decision: Decision) -> list[Action]:
        s: YugiohState = state
        p = decision.player
        return hand_actions(s, p, s.zones[p]["hand"], s.zones[p]["monster_zone"], extra=True)[0]

    def resolve(self, state: Any, decision: Decision, action: Action) -> None:
        s: YugiohState = state
        p = decision.player
        used = s.flags.get("normal_summoned", False)
        normal_summon(s, p, action.get("card"), action.get("tributes", ()), face_down=action.type == "set_monster",
                      respond=False)
        s.flags["normal_summoned"] = used  # the turn's own Normal Summon is still there (or still used)


    def explain_own(self, s: YugiohState, dec: Decision, a: Action) -> tuple[str, str] | None:
        return explain_summon(s, dec.player, a) if a.type in ("normal_summon", "set_monster") else None


def explain_summon(s: YugiohState, p: int, a: Action) -> tuple[str, str]:
    """Why this Normal Summon or Set is not legal: the card, or its tributes (YGO-112 / YGO-113)."""
    card = a.get("card")
    if card is None or s.zone_of(card) != "hand" or s.cards[card].owner != p:
        return "YGO-112", "Normal Summon or Set a monster from your own hand"
    d = s.d(card)
    tributes = a.get("tributes", ())
    if not isinstance(tributes, tuple):
        return "YGO-113", f"tributes is a list of monsters you control, got {tributes!r}"
    if len(tributes) != d.tributes_needed:
        return "YGO-113", (f"{d.name} is Level {d.level}: it needs {d.tributes_needed} tribute(s), "
                           f"{len(tributes)} given")
    return "YGO-113", "tribute distinct monsters you control, leaving a Monster Zone free"


def extra_summon(s: YugiohState, task: Task) -> None:
    """The extra Normal Summon or Set: asked only if the player has a monster they can summon."""
    p = task["player"]
    if hand_actions(s, p, s.zones[p]["hand"], s.zones[p]["monster_zone"], extra=True)[0]:
        s.decision = Decision(p, "extra_summon", {})


# ====================================================================== legal actions
def hand_actions(s: YugiohState, p: int, hand: list[int], monsters: list[int], extra: bool = False
                 ) -> tuple[list[Action], list[Action], list[Action]]:
    """The Main Phase actions of the cards in hand, in hand order, from one pass over it:
    Normal Summons and Sets with every choice of tributes (YGO-112 / YGO-113), activations
    (YGO-118) and Spells and Traps to Set (YGO-119)."""
    summons: list[Action] = []
    activations: list[Action] = []
    sets: list[Action] = []
    defs, cards = s.defs, s.cards
    may_summon = extra or not s.flags.get("normal_summoned")  # YGO-112: once per turn (extra: Ultimate Offering)
    free = len(monsters) < MONSTER_ZONES
    borrowed = tributable(s, p) if s.effects else []  # Soul Exchange: the opponent's monsters too
    room = len(s.zones[p]["spell_trap_zone"]) < SPELL_TRAP_ZONES
    for c in hand:
        d = defs[cards[c].name]
        if d.type == "monster":
            if may_summon and d.normal_summonable:
                need = d.tributes_needed
                if not need:
                    if free:
                        summons += (NORMAL_SUMMON[c], SET_MONSTER[c])
                elif borrowed:
                    summons += tribute_actions(c, need, monsters, borrowed)
                elif need <= len(monsters) and len(monsters) - need < MONSTER_ZONES:
                    for tributes in combinations(monsters, need):
                        fields = (("card", c), ("tributes", tuple(sorted(tributes))))
                        summons += (Action.of("normal_summon", fields), Action.of("set_monster", fields))
        elif room or d.spell_kind == "field":
            sets.append(SET_SPELL_TRAP[c])
        if "main" in d.hand_contexts and s.can_activate(c, p, "main"):
            activations.append(ACTIVATE[c])
    return summons, activations, sets


def tributable(s: YugiohState, p: int) -> list[int]:
    """The opponent's monsters ``p`` may Tribute this turn as if they controlled them (an
    ``allow_tribute`` record: Soul Exchange), while still on the opponent's field."""
    return sorted({e["card"] for e in lasting.of_kind(s, "tributable", player=p)
                   if s.zone_of(e["card"]) == "monster_zone" and s.cards[e["card"]].controller != p})


def tribute_actions(c: int, need: int, monsters: list[int], borrowed: list[int]) -> list[Action]:
    """YGO-113 with Soul Exchange ("if you Tribute a monster, you must Tribute that target, as if
    you controlled it"): every choice of ``need`` tributes among ``p``'s monsters and the
    opponent's monsters they may Tribute that holds those targets (as many as it has room for),
    leaving ``p`` a Monster Zone free."""
    out: list[Action] = []
    must = min(need, len(borrowed))
    for tributes in combinations([*monsters, *borrowed], need):
        own = sum(1 for t in tributes if t in monsters)
        if need - own >= must and len(monsters) - own < MONSTER_ZONES:
            fields = (("card", c), ("tributes", tuple(sorted(tributes))))
            out += (Action.of("normal_summon", fields), Action.of("set_monster", fields))
    return out


# ====================================================================== answers
def normal_summon(s: YugiohState, p: int, card: int, tributes: tuple[int, ...], face_down: bool,
                  respond: bool = True) -> None:
    """YGO-112 / YGO-113: tribute, then Summon (face-up Attack Position) or Set; ``respond``:
    the summon may be answered (not one made as a chain link resolves: Ultimate Offering)."""
    s.flags["normal_summoned"] = True
    for trib in tributes:
        s.emit("tributed", card=trib, name=s.cards[trib].name, player=p)
        s.send_to_graveyard(trib, reason="tribute")
    s.move(card, "monster_zone", tapped=face_down, face_down=face_down, entered_this_turn=True,
           marks=frozenset())
    s.emit("summoned" if not face_down else "set", card=card, name=s.cards[card].name, player=p, how="normal")
    if not face_down:
        after_summon(s, p, card, "normal", respond)


def after_summon(s: YugiohState, p: int, card: int, how: str, respond: bool = True) -> None:
    """A summon does not start a chain, but it may be responded to (YGO-120): the turn player
    has the first chance, then the opponent, as after an attack declaration (YGO-109); the
    game goes on once both have passed in a row."""
    s.apply_position_locks()  # Dragon Capture Jar: a Dragon summoned face-up goes to Defense Position
    s.flags["summoned"] = {"card": card, "how": how, "player": p}
    if s.trigger_of(card, "summoned"):
        s.add_trigger(card, p)
    if how in ("normal", "flip"):  # "if another monster is Normal or Flip Summoned" (Mysterious Puppeteer)
        for c in s.face_up_monsters_triggered("other_normal_or_flip_summoned"):
            if c != card:
                s.add_trigger(c, s.cards[c].controller)
    if not respond:  # in the middle of a chain's resolution: its triggers wait for the chain's end
        # [standard] YGO-120, missing the timing: a summon made as a chain resolves may still be
        # answered ("when ... Summons": Trap Hole) if nothing else happens after it, i.e. the chain
        # ends with it (UDE netrep ruling on Ultimate Offering: its summon can be answered only as
        # Chain Link 1; mciii.jp / yugioh.hikikomo.com: at Chain Link 2 or later it misses the timing).
        s.flags["summon_last"] = True
        return
    if s.flags.get("triggers"):
        # [standard] YGO-120: the summon's trigger effects (its Flip effect, Mysterious Puppeteer)
        # start the chain first; what answers the summon itself (Trap Hole) may then be chained
        # to them (Konami's "fast effect timing": triggers before fast effects; Yugipedia Card
        # Rulings:Bottomless Trap Hole, Judge Program: it need not be Chain Link 1).
        s.flags["chain_event"] = "summon"
        s.flags["summon_triggers"] = True
        s.tasks.append(Task("open_triggers"))
        return
    open_window(s, p, 0, "summon")


# ====================================================================== steps
def open_main(s: YugiohState, task: Task | None = None) -> None:
    """The Main Phase's open decision, once the waiting triggers have a chain of their own."""
    if s.flags.get("triggers"):
        s.tasks.append(Task("main"))
        s.tasks.append(Task("open_triggers"))
        return
    s.decision = Decision(s.active, "main", open=True)


def main2(s: YugiohState, task: Task) -> None:
    s.enter_phase("main2")
    open_main(s)

