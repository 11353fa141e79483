"""Auto effects waiting to be activated, and the order they come in (OP-121).

[standard] Comprehensive Rules 8-6 (the brief's OP-121 says only "the turn player orders and
resolves theirs first"):

* effects whose timing is fulfilled at the same time form one *batch*: those set off by one
  event, and - 8-6-3 / 8-6-2 - all those set off while one effect is activated or resolved, or
  during one damage processing, which wait for it and then become activatable together;
* in a batch the turn player's come first, then the other player's (8-6-1); a player with two or
  more waiting effects of different cards picks which comes next (official Q&A OP06-086 Gecko
  Moria, OP05-098 Enel, OP04-058 Crocodile: "in the order of their choosing");
* a batch that waited longer comes first: an effect set off by one of a batch resolves after the
  rest of that batch, the other player's included (8-6-1's second sentence, 8-6-1-1).

The stack of tasks carries it: a waiting auto effect is an ``effects`` or ``cost_offer`` task
marked ``auto`` with its ``batch`` (a larger number is a younger batch); an effect in progress
(or a damage processing, ``damage_done``) that effects wait for ``holds`` the batch they join.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tcg.core.actions import Action
from tcg.core.rules import DecisionRule
from tcg.core.state import Decision, Task
from tcg.games.one_piece import turn

if TYPE_CHECKING:
    from tcg.games.one_piece.state import OnePieceState


def is_waiting(t: Task) -> bool:
    """An auto effect not yet activated (nor chosen to come next)."""
    return t.kind in ("effects", "cost_offer") and bool(t.get("auto")) and not t.get("started") \
        and not t.get("chosen")


def source(t: Task) -> int:
    return int(t["card"] if t.kind == "cost_offer" else t["source"])


def controller(t: Task) -> int:
    return int(t["player"] if t.kind == "cost_offer" else t["controller"])


def can_activate(s: OnePieceState, t: Task) -> bool:
    """8-1-3-1-3: its card is still where its timing was fulfilled."""
    zone = t.get("zone")
    return zone is None or s.zone_of(source(t)) == zone


def new_batch(s: OnePieceState) -> int:
    """A number larger than every batch in the stack."""
    return 1 + max((int(t.get("batch") or t.get("holds") or 0) for t in s.tasks), default=0)


def tag(s: OnePieceState, queued: int, anchor: int | None) -> None:
    """The tasks queued since ``queued`` are waiting auto effects: of the batch that ``anchor``
    (the effect in progress, or the damage processing, they wait for) holds, else of the batch
    just beneath them (the same event: one K.O. sets off several cards), else a new one."""
    tasks = s.tasks
    if anchor is not None:
        batch = tasks[anchor].get("holds")
        if batch is None:
            batch = new_batch(s)
            tasks[anchor] = Task.of(tasks[anchor].kind, {**tasks[anchor].data, "holds": batch})
    elif queued and is_waiting(tasks[queued - 1]):
        batch = tasks[queued - 1]["batch"]
    else:
        batch = new_batch(s)
    tasks[queued:] = [Task.of(t.kind, {**t.data, "auto": True, "batch": batch}) for t in tasks[queued:]]


def comes_now(s: OnePieceState, task: Task) -> bool:
    """``task`` (just popped) is a waiting auto effect: may it be activated now? If not, it goes
    back on the stack, with the one that comes first above it - or the player whose it is picks."""
    if not is_waiting(task) or not can_activate(s, task):
        return True
    run = [task]
    for t in reversed(s.tasks):
        if not is_waiting(t):
            break
        run.append(t)
    live = [t for t in run if can_activate(s, t)]
    oldest = min(t["batch"] for t in live)
    first = [t for t in live if t["batch"] == oldest]
    first = [t for t in first if controller(t) == s.active] or first
    cards = list(dict.fromkeys(source(t) for t in first))
    if len(cards) == 1 and source(task) == cards[0]:
        return True
    s.tasks.append(task)
    if len(cards) == 1:
        bring_up(s, cards[0])
    else:
        s.decision = Decision(controller(first[0]), "order_effects", {"cards": cards})
    return False


def bring_up(s: OnePieceState, card: int) -> None:
    """The topmost waiting effect of ``card`` goes to the top of the stack, to be activated next."""
    tasks = s.tasks
    i = next(i for i in range(len(tasks) - 1, -1, -1) if is_waiting(tasks[i]) and source(tasks[i]) == card)
    t = tasks.pop(i)
    tasks.append(Task.of(t.kind, {**t.data, "chosen": True}))


class OrderEffects(DecisionRule["OnePieceState"]):
    """OP-121 (Comprehensive Rules 8-6-1): two or more of a player's effects wait to be
    activated at once - that player picks the card whose effect comes next."""

    kind: ClassVar[str] = "order_effects"
    prompt: ClassVar[str] = "Several of your effects wait to be activated: choose the one that comes next"
    accepts: ClassVar[frozenset[str]] = frozenset({"choose"})
    rule: ClassVar[str] = "OP-121"

    def actions(self, state: OnePieceState, decision: Decision) -> Sequence[Action]:
        return [Action("choose", card=c) for c in decision.data["cards"]]

    def resolve(self, state: OnePieceState, decision: Decision, action: Action) -> None:
        bring_up(state, int(action.get("card")))

    def explain(self, state: OnePieceState, decision: Decision, action: Action) -> tuple[str, str]:
        return turn.explain_card(state, action) or (
            "OP-121", "choose {card}: the card whose waiting effect is activated next")


def damage_done(s: OnePieceState, task: Task) -> None:
    """The end of a damage processing: what it set off (beneath this task) may now be activated."""
