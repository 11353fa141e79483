"""The Battle Spirits rulebook: every decision kind and task kind, by rule area.

Decisions (what is legal, how the answer resolves, why another action is not):

==================  ==============================  ==================================================
kind                handler                         rules
==================  ==============================  ==================================================
main                main_phase.MainPhase            BS-40..BS-44 summon, deploy, use magic, braves
                                                    (BS-4, BS-5, BS-114), set a burst (BS-12, BS-15),
                                                    move cores (BS-109)
attack_declaration  battle.AttackDeclaration        BS-46 / BS-47 attack with a refreshed spirit
flash               battle.FlashStep                BS-49 / BS-51 a Flash effect or pass, in turn
block               battle.BlockStep                BS-50 block with a refreshed spirit, or not
target              choices.Target                  an effect's target, one at a time ("up to": pass)
optional            choices.YouMay                  a "you may" effect; BS-14's free Flash effect
option              choices.ChooseOption            an effect's own choice: a colour, a count, an alternative
spread              choices.Spread                  the card the next core of a spread_cores goes onto
reveal              choices.Reveal                  reveal_top: the card taken, then the order to the bottom
order_effects       choices.OrderEffects            BS-120 the turn player orders simultaneous effects
burst               choices.BurstWindow             BS-13 / BS-119 activate a set burst, free, or not
burst_pay           choices.BurstPay                BS-14 / BS-113 / BS-106 the burst's follow-up
keep_brave          choices.KeepBrave               BS-8 / BS-121 keep a separated brave, or not
ice_wall            era_keywords.IceWallChoice      BS-222 negate the opponent's magic with an Ice Wall
stay                replacements.StayChoice         BS-202 pay for a stay of a destroyed spirit, or not
use_ability         fusion.UseAbility               BS-216 which of a card's effects an effect activates
deck_order          deck_order.DeckOrder            BS-343 the order of opened cards put back on a deck
==================  ==============================  ==================================================

Tasks (automatic steps; the task list is a stack, the last one queued runs first):

==================  ==============================  ==================================================
kind                step                            rules
==================  ==============================  ==================================================
begin_turn          turn.begin_turn                 BS-34 / BS-35 start step; BS-103 deck-out
start_phase_rest    turn.start_phase_rest           BS-36 / BS-37 core and draw steps
refresh_step        turn.refresh_step               BS-38 refresh step; the main phase
main                turn.main                       BS-40 open the main phase's decision
end_phase           turn.end_phase                  BS-56 end phase, end-of-turn effects
cleanup             turn.cleanup                    BS-56 / BS-33 lasting effects end; next turn
battle_phase        battle.battle_phase             BS-45 skipped in the first turn
attack_declaration  battle.attack_declaration       BS-46 / BS-55 attack (again), or the phase ends
flash               battle.flash                    BS-49 / BS-51 the next player of a flash step
block_step          battle.block_step               BS-50 / BS-112 the block step
comparison          battle.comparison               BS-52..BS-54 BP comparison, destruction, damage
end_of_battle       battle.end_of_battle            BS-55 the end-of-battle step
effects             choices.effects                 the next instruction of a resolving effect
simultaneous        choices.simultaneous            BS-120 effects set off together
burst_window        choices.burst_window            BS-119 a burst's window after its event
burst_follow_up     choices.burst_follow_up         BS-14 / BS-113 "then you may summon it ..."
free_summon         braves.free_summon              BS-167 "summon it without paying its cost" (an effect)
burst_activated     bursts.burst_activated          BS-154 "after your burst activates" (bursts.py)
magic_resolved      static_rules.magic_resolved     BS-257 "after a magic's effect" in a main step
separate_brave      choices.separate_brave          BS-8 / BS-121 a brave that left with its spirit
stay_offer          replacements.offer_stay         BS-202 a destroyed spirit a paid stay may keep
==================  ==============================  ==================================================

After every answer and every step, ``settle`` (:meth:`BSEffects.settle`) runs the state-based checks (BS-108
depletion) and queues what the step set off (BS-119, BS-120). How a cost is paid is
``payment.py`` (the lazy lists of core distributions, BS-106).
"""

from __future__ import annotations

from tcg.core.rules import Rulebook
from tcg.games.battle_spirits import (
    battle,
    braves,
    bursts,
    choices,
    deck_order,
    era_keywords,
    fusion,
    main_phase,
    replacements,
    static_rules,
    step_starts,
    turn,
)
from tcg.games.battle_spirits.effects import BSEffects

RULEBOOK = Rulebook(
    "BS",
    [
        main_phase.MainPhase(),
        battle.AttackDeclaration(),
        battle.FlashStep(),
        battle.BlockStep(),
        choices.Target(),
        choices.YouMay(),
        choices.ChooseOption(),
        choices.Spread(),
        choices.Reveal(),
        choices.OrderEffects(),
        choices.BurstWindow(),
        choices.BurstPay(),
        choices.KeepBrave(),
        era_keywords.IceWallChoice(),
        replacements.StayChoice(),
        fusion.UseAbility(),
        deck_order.DeckOrder(),
    ],
    {
        "effects": choices.effects,
        "main": turn.main,
        "begin_turn": turn.begin_turn,
        "start_phase_rest": turn.start_phase_rest,
        "refresh_step": turn.refresh_step,
        "draw_step_draw": step_starts.draw_step_draw,
        "battle_phase": battle.battle_phase,
        "attack_declaration": battle.attack_declaration,
        "flash": battle.flash,
        "block_step": battle.block_step,
        "comparison": battle.comparison,
        "end_of_battle": battle.end_of_battle,
        "burst_follow_up": choices.burst_follow_up,
        "free_summon": braves.free_summon,
        "simultaneous": choices.simultaneous,
        "separate_brave": choices.separate_brave,
        "stay_offer": replacements.offer_stay,
        "burst_window": choices.burst_window,
        "burst_activated": bursts.burst_activated,
        "magic_resolved": static_rules.magic_resolved,
        "end_phase": turn.end_phase,
        "cleanup": turn.cleanup,
    },
    settle=BSEffects.settle,
    no_decision_rule="BS-33",
)
