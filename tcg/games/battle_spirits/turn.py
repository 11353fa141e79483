"""The turn (BS-33..BS-38, BS-56): start, core, draw and refresh steps, the opening of the
main phase, the end phase and the cleanup that passes the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core import lasting
from tcg.core.state import Task
from tcg.games.battle_spirits import static_rules, step_starts

if TYPE_CHECKING:
    from tcg.games.battle_spirits.state import BattleSpiritsState


def begin_turn(s: BattleSpiritsState, task: Task) -> None:
    """BS-34 / BS-35: the start step first, with its "at the start of the turn" effects."""
    p = s.active
    s.emit("turn_start", turn=s.turn, player=p)
    s.enter_phase("start")
    if not s.zones[p]["deck"]:  # BS-103: no cards at the start step loses
        s.lose(p, "deck_out")
        return
    s.tasks.append(Task("start_phase_rest"))
    for c in s.zones[p]["field"]:
        s.queue_abilities(c, "start_of_turn")
    for c in s.zones[1 - p]["field"]:  # "(During the Opponent's Start Step)"
        s.queue_abilities(c, "opponent_start_of_turn")


def start_phase_rest(s: BattleSpiritsState, task: Task) -> None:
    """BS-36 / BS-37: core and draw steps; "(During Your Draw Step)" effects resolve before the
    refresh step."""
    p = s.active
    s.enter_phase("core")
    if not s.is_first_turn() and s.counters[p]["core_stock"] > 0:  # BS-36
        s.move_core(p, "core_stock", "reserve", 1)
    s.enter_phase("draw")
    step_starts.draw_step(s)  # BS-37: no first-turn exception; BS-320: effects at the step's start


def refresh_step(s: BattleSpiritsState, task: Task) -> None:
    """BS-38: refresh step; then the main phase."""
    p = s.active
    s.enter_phase("refresh")
    for c in s.zones[p]["field"]:  # BS-38: refresh every exhausted card
        s.set_exhausted(c, False)
    s.move_core(p, "trash_cores", "reserve", s.counters[p]["trash_cores"])
    s.tasks.append(Task("main"))


def main(s: BattleSpiritsState, task: Task) -> None:
    """BS-40: the main phase's open decision, again after every main-phase action (unless an
    effect ended the main step: the battle phase follows, replacements.py BS-207)."""
    if s.flags.pop("end_main_step", False):
        s.tasks.append(Task("battle_phase"))
        return
    s.open_phase("main")


def end_phase(s: BattleSpiritsState, task: Task) -> None:
    """BS-56: end-of-turn effects; "until the end of the turn" effects end."""
    s.enter_phase("end")
    s.tasks.append(Task("cleanup"))
    for c in s.zones[s.active]["field"]:
        s.queue_abilities(c, "end_of_turn")
    if s.effects:  # "until you have had 3 end steps" (static_rules.py BS-243)
        static_rules.end_step(s)
    for c in s.zones[1 - s.active]["field"]:  # "(Opponent's End Step)"
        if s.d(c).abilities:
            s.queue_abilities(c, "opponent_end_of_turn")
    for c in s.zones[s.active]["trash"]:  # "[this card] in your trash returns ... at your end step" (braves.py)
        if any(ab.from_trash for ab in s.d(c).abilities):
            s.queue_abilities(c, "end_of_turn", level=1, from_trash=True)


def cleanup(s: BattleSpiritsState, task: Task) -> None:
    """BS-56 / BS-33: this turn's lasting effects and marks end; the other player's turn begins."""
    lasting.expire(s, lasting.TURN)  # every Battle Spirits lasting effect is "until the end of the turn"
    s.flags = {}
    cards = s.cards
    for cid in [c.id for c in cards if c.entered_this_turn]:
        cards[cid] = cards[cid].replace(entered_this_turn=False)
    s.emit("turn_end", turn=s.turn, player=s.active)
    s.turn += 1
    s.active = 1 - s.active
    s.tasks.append(Task("begin_turn"))
