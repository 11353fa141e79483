"""The Yu-Gi-Oh! rulebook: every decision kind and task kind, by rule area. Read this first.

The engine never calls a player: a decision says who chooses what, a task is an automatic
rules step (tasks run last-in first-out). Before the first turn there is nothing to decide
(YGO-103: the first player is chosen at random by ``Game.start``), so there is no ``start.py``.

Decisions (kind — handler — what is decided, rules)

- turn.py: ``main1_skipped`` — :class:`~turn.SkippedMain1` — Main Phase 1 was skipped: the
  Battle Phase or the end of the turn (YGO-8); ``discard`` — :class:`~turn.HandLimit` — discard
  down to six at the end of the turn (YGO-110).
- main_phase.py: ``main`` — :class:`~main_phase.MainPhase` — open: Normal Summon or Set,
  Flip Summon, change position, activate, Set a Spell or Trap, leave (YGO-111..YGO-119, YGO-4,
  YGO-5); ``extra_summon`` — :class:`~main_phase.ExtraSummon` — the Normal Summon or Set an effect
  grants at once (Ultimate Offering, YGO-112).
- battle.py: ``battle_step`` — :class:`~battle.BattleStep` — open: attack, activate, leave
  (YGO-123, YGO-5); ``replay`` — :class:`~battle.Replay` — attack again or stop (YGO-127);
  ``extra_battle_phase`` — :class:`~battle.ExtraBattlePhase` — conduct another Battle Phase an
  effect lets the player conduct ("you can": Weather Report), or go on to Main Phase 2 (YGO-10).
- chain.py: ``response`` — :class:`~chain.Response` — activate in answer, or pass (YGO-120, YGO-109,
  YGO-135); ``trigger`` — :class:`~chain.Trigger` — put an optional trigger on the chain;
  ``order_triggers`` — :class:`~chain.OrderTriggers` — which of a player's simultaneous effects goes
  on the chain next (SEGOC, YGO-120 [standard]); ``declare_target`` — :class:`~chain.DeclareTarget`
  — the targets of a card being activated (official rule; the brief is silent). Every handler
  derives from :class:`~chain.YugiohRule`, whose ``explain`` makes the checks all decisions share
  (YGO-104, YGO-118, YGO-120, YGO-133, YGO-20, YGO-2, YGO-123; otherwise YGO-109).
- choices.py: ``target`` — :class:`~choices.Target` — a target chosen as an effect resolves;
  ``optional`` — :class:`~choices.OptionalEffect` — "you may"; ``summon_position`` —
  :class:`~choices.SummonPosition` — a monster Special Summoned by an effect, in Attack or
  Defense Position.
- summons.py: ``fusion_monster`` — :class:`~summons.FusionMonster` — the Fusion Monster a Fusion
  Summon makes; ``summon_material`` — :class:`~summons.SummonMaterial` — the next Fusion
  Material or Ritual tribute (YGO-116; official rules, the brief is silent).

Tasks (kind: step — rules)

- turn.py: ``begin_turn`` (Draw Phase, YGO-106 / YGO-107), ``standby`` (YGO-108),
  ``phase_window_done`` (the phase windows, YGO-135), ``after_standby`` (Main Phase 1 or its
  skip, YGO-8 / YGO-9), ``end_phase`` (its triggers), ``end_phase_window`` and ``hand_limit``
  (YGO-110), ``cleanup`` (end of turn).
- main_phase.py: ``main`` (the open Main Phase), ``main2``, ``extra_summon``.
- battle.py: ``battle_phase`` (YGO-2, YGO-4), ``battle_step`` (YGO-14), ``after_declaration``
  (YGO-127), ``damage_step`` (YGO-124 / YGO-125), ``damage_calculation`` (YGO-16..YGO-20,
  YGO-121, YGO-122), ``end_step`` (YGO-10, YGO-11).
- chain.py: ``window`` (a response window, YGO-109 / YGO-120), ``declare_targets``,
  ``resolve_chain`` and ``finish_link`` (last in, first out), ``open_triggers`` and
  ``link_triggers`` (triggered effects start a chain). The chain is the shared
  :class:`tcg.core.stack.Stack` ``chain.CHAIN`` and its windows take turns by the shared
  :class:`tcg.core.stack.Window` ``chain.WINDOW`` (two passes in succession; the whole chain
  resolves); what may respond (Spell Speed) and what a link does stay in chain.py.
- choices.py: ``effects`` (the core's effect loop), ``summon_position``, ``shuffle_deck``.
- summons.py: ``fusion_summon``, ``ritual_summon`` (the summons' choices, one card at a time).

Two general rules every card meets, each in one place: the Damage Step windows -
``queries.YGOQueries.damage_step_bars``, what may be activated from the start of the Damage Step
until it ends, after damage calculation too, and for triggers (YGO-20; YGO-128 under the option
``damage_step_activation = official``); and the statuses that end as a card moves -
``effects.YGOEffects.statuses_end``, called by every move: leaving the field ends what applies to
the card, going to a hidden zone ends what it kept in public places ("properly summoned").

Nothing runs after every step (no ``settle``): state-based checks (LP at 0, YGO-129) are made
where LP change, and waiting triggers are linked by the ``open_triggers`` task.

After every step and every answer, ``settle`` (:meth:`~effects.YGOEffects.state_check`) runs the
state-based checks ([standard], official rules): LP at 0 (YGO-129), a draw from an empty Deck
(YGO-130), the five pieces of the Forbidden One in a hand (YGO-131), all met by one event looked
at together, so that both players meeting them at once is a draw. Waiting triggers are linked by
the ``open_triggers`` task.
"""

from __future__ import annotations

from tcg.core.rules import Rulebook
from tcg.games.yugioh import battle, chain, choices, main_phase, summons, turn
from tcg.games.yugioh.effects import YGOEffects

RULEBOOK = Rulebook(
    "YGO",
    [
        turn.SkippedMain1(), turn.HandLimit(),
        main_phase.MainPhase(), main_phase.ExtraSummon(),
        battle.BattleStep(), battle.Replay(), battle.ExtraBattlePhase(),
        chain.Response(), chain.Trigger(), chain.OrderTriggers(), chain.DeclareTarget(),
        choices.Target(), choices.OptionalEffect(), choices.SummonPosition(),
        summons.FusionMonster(), summons.SummonMaterial(),
    ],
    {
        "begin_turn": turn.begin_turn,
        "standby": turn.standby,
        "phase_window_done": turn.phase_window_done,
        "after_standby": turn.after_standby,
        "end_phase": turn.end_phase,
        "end_phase_window": turn.end_phase_window,
        "hand_limit": turn.hand_limit,
        "cleanup": turn.cleanup,
        "main": main_phase.open_main,
        "main2": main_phase.main2,
        "extra_summon": main_phase.extra_summon,
        "battle_phase": battle.battle_phase,
        "battle_step": battle.battle_step,
        "after_declaration": battle.after_declaration,
        "damage_step": battle.damage_step,
        "damage_calculation": battle.damage_calculation,
        "end_step": battle.end_step,
        "window": chain.window,
        "declare_targets": chain.declare_targets,
        "resolve_chain": chain.resolve_chain,
        "finish_link": chain.finish_link,
        "open_triggers": chain.open_triggers,
        "link_triggers": chain.link_triggers,
        "effects": choices.effects,
        "summon_position": choices.summon_position,
        "shuffle_deck": choices.shuffle_deck,
        "fusion_summon": summons.fusion_step,
        "ritual_summon": summons.ritual_step,
    },
    settle=YGOEffects.state_check,
    no_decision_rule="YGO-109",
)
