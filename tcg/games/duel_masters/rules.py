"""The Duel Masters rulebook: every decision a player is asked and every automatic step, by rule area.

Read this first. The engine never calls a player: the state holds one pending decision (who
decides, which kind) or a queue of tasks (automatic steps, run last-in-first-out until the
next decision). Each decision kind below is one handler class, which lists the legal actions,
carries out an answer and explains, by rule id, why another action is illegal; each task kind
is one step function.

Decisions (kind — handler — rules)
    Turn (:mod:`.turn`)
        ``charge``          Charge          DM-11 put one card from hand into mana, once a turn
        ``silent_skill``    SilentSkill     DM-76..DM-79 keep a Silent Skill creature tapped
    Main step (:mod:`.main_phase`)
        ``main``            MainStep        DM-21 summon creatures, cast spells (DM-24, DM-29)
    Payment (:mod:`.payment`)
        ``pay``             Pay             DM-9, DM-10, DM-15 which mana to tap
    Attack step (:mod:`.battle`)
        ``attack``          AttackStep      DM-22, DM-108 attack; DM-117 tap abilities
        ``forced_attack``   ForcedAttack    DM-69 creatures that must attack, before the turn ends
        ``block``           Block           DM-49, DM-50, DM-73 block or pass
        ``breaker_count``   BreakerCount    DM-61 a Triple Breaker given Double Breaker: 2 or 3
        ``break``           Break           DM-56 the next shield to break
        ``break_all``       BreakAll        DM-115 (variant) the shields broken together
        ``shield_trigger``  ShieldTrigger   DM-43 use a broken Shield Trigger for free, or pass
    Resolving effects (:mod:`.choices`)
        ``order_triggers``  OrderTriggers   DM-118 whose triggered abilities resolve next
        ``target``          Target          DM-25, DM-26 an instruction's targets
        ``optional``        YouMay          DM-25 "you may"
        ``replacement``     ChooseReplacement  which "... instead" replaces a destruction
        ``choose_one``      ChooseOne       DM-25 which option of an either/or

Tasks (kind — step — rules), in the order a turn meets them
    Turn (:mod:`.turn`)
        ``begin_turn``           begin_turn           DM-17, DM-18 untap (DM-78 Silent Skills stay tapped)
        ``silent_skill_window``  silent_skill_window  DM-79 the next Silent Skill, before the draw
        ``draw_step``            draw_step            DM-19, DM-20, DM-114 draw, then the charge step
        ``phase``                reopen_step          back to an open step once its action resolved
        ``end_step``             end_step             DM-23 "at the end of the turn" abilities
        ``cleanup``              cleanup              end of turn effects, DM-124, the next turn
    Main step and payment (:mod:`.main_phase`, :mod:`.payment`)
        ``pay``                  ask_payment          DM-9 the chosen card waits for its payment
        ``spell_done``           spell_done           DM-27, DM-71 a resolved spell leaves
    Attack step (:mod:`.battle`)
        ``forced_attacks``       forced_attacks       DM-69 the next forced attack
        ``block_window``         block_window         DM-49 the defender may block
        ``resolve_attack``       resolve_attack       DM-42, DM-112 battle, break, or win
        ``break``                next_break           DM-41, DM-56, DM-115 the next shield(s)
        ``trigger_window``       trigger_window       DM-43 Shield Triggers broken together
        ``battle``               resolve_battle       DM-109, DM-62 the loser is destroyed
        ``end_attack``           end_attack           the attack is over
    Resolving effects (:mod:`.choices`)
        ``effects``              effects              DM-25, DM-26 the next instruction
        ``order_triggers``       order_triggers       DM-118 one player's simultaneous triggers
        ``replacement``          replacement          a creature waits for its replacement choice

After every answer and every step, :func:`settle` runs the state check (DM-124: a creature
at 0 power is destroyed) and queues the triggered abilities that are waiting (DM-118).
Illegal actions are explained by :class:`~.turn.DuelMastersRule`: the wrong step, no such
card (DM-5), then each handler's ``why_not``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core.rules import Rulebook
from tcg.games.duel_masters import battle, choices, main_phase, payment, turn

if TYPE_CHECKING:
    from tcg.games.duel_masters.state import DuelMastersState


def settle(state: DuelMastersState) -> None:
    """What follows every rules step: DM-124 state check, then waiting triggers in DM-118 order."""
    state.check_state()
    if state.flags.get("pending_triggers"):
        state.flush_triggers()


RULEBOOK = Rulebook(
    "DM",
    [
        turn.Charge(),
        turn.SilentSkill(),
        main_phase.MainStep(),
        payment.Pay(),
        battle.AttackStep(),
        battle.ForcedAttack(),
        battle.Block(),
        battle.BreakerCount(),
        battle.Break(),
        battle.BreakAll(),
        battle.ShieldTrigger(),
        choices.OrderTriggers(),
        choices.Target(),
        choices.YouMay(),
        choices.ChooseReplacement(),
        choices.ChooseOne(),
    ],
    {
        "begin_turn": turn.begin_turn,
        "silent_skill_window": turn.silent_skill_window,
        "draw_step": turn.draw_step,
        "phase": turn.reopen_step,
        "end_step": turn.end_step,
        "cleanup": turn.cleanup,
        "spell_done": main_phase.spell_done,
        "pay": payment.ask_payment,
        "forced_attacks": battle.forced_attacks,
        "block_window": battle.block_window,
        "resolve_attack": battle.resolve_attack,
        "break": battle.next_break,
        "trigger_window": battle.trigger_window,
        "battle": battle.resolve_battle,
        "end_attack": battle.end_attack,
        "effects": choices.effects,
        "order_triggers": choices.order_triggers,
        "replacement": choices.replacement,
    },
    settle=settle,
    no_decision_rule="DM-17",
)
