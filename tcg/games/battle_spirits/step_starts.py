"""Effects at the start of a step, before the step's own action (BS13's 血塗られた魔具).

Official rule the brief does not give (BS-37 says only that the draw step draws one card):

- [standard] BS-320 "(Your Draw Step) at the start of the step, by discarding ..., draw 2 more"
  (『自分のドローステップ』ステップ開始時、...ことで、ドローの枚数を+2枚する): an ability triggered as its
  controller's draw step begins, before the step's draw (``Ability.when: draw_step_start``), so a
  cost it asks (a card discarded from the hand) cannot be paid with the card that draw brings;
  the extra cards are drawn as it resolves, then the step's own draw follows - the same cards,
  in the same order, as one draw of 3. They are cards of the draw step: no "draws other than in
  the draw step" trigger (BS-253) sees them. A card without such an ability changes nothing of
  the step (the draw is at once, as before).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core.state import Task

if TYPE_CHECKING:
    from tcg.games.battle_spirits.state import BattleSpiritsState


def draw_step(s: BattleSpiritsState) -> None:
    """BS-37 / BS-320: the draw step; its "at the start of the step" abilities resolve first."""
    p = s.active
    starters = [c for c in s.zones[p]["field"] if any(ab.when == "draw_step_start" for ab in s.d(c).abilities)]
    if not starters:
        draw_step_draw(s, Task("draw_step_draw"))
        return
    s.tasks.append(Task("draw_step_draw"))
    for c in starters:
        s.queue_abilities(c, "draw_step_start")


def draw_step_draw(s: BattleSpiritsState, task: Task) -> None:
    """BS-37: the step's draw (no first-turn exception); then its "(Your Draw Step)" effects,
    which resolve before the refresh step."""
    p = s.active
    s.draw(p)
    s.tasks.append(Task("refresh_step"))
    for c in s.zones[p]["field"]:
        s.queue_abilities(c, "draw_step")
