"""The Force of Will rulebook (rules of the 2013-14 sheet): every decision kind and task
kind, by rule area. Read this first; each area module says more.

Decisions (who decides, what they answer):

=================  =================  ===========================================================
area               decision           rule ids
=================  =================  ===========================================================
``start.py``       ``first_player``   FOW-2: the player drawn at random chooses who starts
``start.py``       ``mulligan``       FOW-3, FOW-122: any set of the opening hand, once
``main_phase.py``  ``main`` (open)    FOW-35 M1..M9 (FOW-25, FOW-36..38, FOW-42, FOW-54, FOW-55),
                                      FOW-102; ``next_phase`` / ``end_turn`` (FOW-34)
``chase.py``       ``window``         FOW-48, FOW-52, FOW-103: answer with a chase, or ``pass``
``chase.py``       ``break``          FOW-60: play the revealed Break for free, or not
``choices.py``     ``mode``           a mode of a "Choose one" spell, before its targets (FOW-105)
``choices.py``     ``cost_banish``    the card an ability's "banish a ..." cost puts into the graveyard
``choices.py``     ``cost_rest``      the card an ability's "rest a recovered ..." cost rests
``choices.py``     ``cost_discard``   the card a "discard "Poison Apple"" cost discards
``choices.py``     ``target``         FOW-105, FOW-114: a target (or host) while declaring
``payment.py``     ``pay``            FOW-26, FOW-27: which stones pay, when there is a choice
``battle.py``      ``block``          FOW-43, FOW-44: block with a battler, or ``pass``
``choices.py``     ``optional``       "you may" while an effect resolves
``choices.py``     ``effect_discard`` "discard N cards": one chosen card at a time (FOW-16)
``choices.py``     ``effect_card``    the card a search or "put a ... from your graveyard" finds
                                      (official rules; the brief is silent)
``turn.py``        ``discard``        FOW-34, FOW-10: the End Phase discard down to seven
=================  =================  ===========================================================

Tasks (automatic steps; the state's ``tasks`` run last-in-first-out):

- ``start.py``: ``choose_first``, ``opening_hands`` (FOW-2 step 3), ``mulligan`` (ask),
  ``prepare_lifebreak`` (FOW-2 steps 4-5); queued by ``ForceOfWillGame.decide_first_player``
  and ``ForceOfWillState.before_first_turn`` through the core's ``Game.start``.
- ``turn.py``: ``begin_turn`` (FOW-30..32, FOW-64), ``main`` (back to the Main Phase decision),
  ``end_phase``, ``discard_step`` and ``cleanup`` (FOW-34, FOW-28).
- ``chase.py``: ``window`` (FOW-103), ``declare`` (the next target, then the cost: FOW-105),
  ``declare_trigger`` (an automatic ability onto the chase, FOW-51), ``trigger_window`` (answering
  one declared outside a resolution), ``offer_break`` (FOW-60),
  ``resolve_chase`` (sheet: the whole area, FOW-50/51), ``resolve_top`` / ``after_top``
  (``chase = modern``), ``spell_done`` (FOW-16), ``settle`` (FOW-111 after a summon).
  The chase area is the shared :class:`tcg.core.stack.Stack` ``chase.CHASE``; the windows take
  turns by the shared :class:`tcg.core.stack.Window`: ``chase.SHEET`` (the opponent answers,
  one pass resolves the whole area, FOW-51) or ``chase.MODERN`` (the declarer first, two passes
  resolve the top item); what may be a chase (FOW-52) and what an item does stay in chase.py.
- ``battle.py``: ``block_step`` (FOW-43), ``battle_damage`` (FOW-44..47, FOW-116, FOW-125).
- ``choices.py``: ``effects`` (one instruction of a resolving spell or ability, FOW-105).

No ``settle`` after every step: the rule processes (FOW-111) run where they can change
something -- after each instruction of an effect, after battle damage, after a summon or an
addition resolves -- which is what the engine has always done (a check after every step
would cost a field scan per step and change nothing).

Every explanation of an illegal action names a FOW rule: the checks every decision shares
(FOW-65, FOW-3, FOW-102, FOW-30) are in ``turn.py``, each handler adds its own.
"""

from __future__ import annotations

from tcg.core.rules import Rulebook
from tcg.games.force_of_will import battle, chase, choices, main_phase, payment, start, turn

RULEBOOK = Rulebook(
    "FOW",
    [
        start.FirstPlayer(), start.Mulligan(),
        main_phase.Main(),
        chase.Window(), chase.Break(),
        choices.ChooseMode(), choices.BanishCost(), choices.RestCost(), choices.DiscardCost(), choices.Target(),
        payment.Pay(),
        battle.Block(),
        choices.YouMay(), choices.EffectDiscard(), choices.EffectCard(), choices.EffectRest(), choices.CopySpell(),
        turn.Discard(),
    ],
    {
        # the commonest first (a dict: the order is only for the reader)
        "resolve_chase": chase.resolve_chase_step,
        "window": chase.window_step,
        "effects": choices.effects_step,
        "settle": chase.settle_step,
        "main": turn.main_step,
        "declare": chase.declare_task_step,
        "block_step": battle.block_step,
        "battle_damage": battle.battle_damage,
        "spell_done": chase.spell_done_step,
        "cleanup": turn.cleanup_step,
        "discard_step": turn.discard_step_step,
        "declare_trigger": chase.declare_trigger,
        "trigger_window": chase.trigger_window_step,
        "offer_break": chase.offer_break_step,
        "resolve_top": chase.resolve_top_step,
        "after_top": chase.after_top_step,
        "begin_turn": turn.begin_turn_step,
        "end_phase": turn.end_phase_step,
        "choose_first": start.choose_first_step,
        "opening_hands": start.opening_hands,
        "mulligan": start.mulligan_step,
        "prepare_lifebreak": start.prepare_lifebreak,
    },
    settle=None,
    no_decision_rule="FOW-30",
)
