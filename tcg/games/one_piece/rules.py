"""The One Piece rulebook: read this first.

Every decision the engine asks, and every automatic step, by rule area (rule ids of
../shared/rules/one_piece.md, prefix OP):

Decisions (kind -> handler, module; action types; rules)
    =========== ============================ ============================== ===================
    kind        handler                      actions                        rules
    =========== ============================ ============================== ===================
    mulligan    start.Mulligan               choose {option: redraw}, pass  OP-102
    main        main_phase.Main (open)       play, give_don, activate,      OP-13..OP-18,
                                             attack, end_turn               OP-104, OP-120
    replace     main_phase.Replace           choose {card}                  OP-112
    block       battle.Block                 block {card}, pass             OP-115 step 2
    counter     battle.Counter               counter {card[, target]}, pass OP-115 step 3, OP-120
    trigger     battle.Trigger               use_trigger {card}, pass       OP-116
    target      choices.Target               choose {card}, pass            OP-121
    optional    choices.YouMay               choose {option: yes}, pass     OP-121
    don_minus   choices.DonMinus             choose {option | card}         OP-109
    count       choices.Count                choose {option: n}             OP-121
    life_pick   choices.LifePick             choose {option: top|bottom}    OP-121
    reveal_pick looking.RevealPick           choose {card}, pass            OP-121
    play_revealed looking.PlayRevealed       choose {option: yes}, pass     OP-121
    deck_order  looking.DeckOrder            choose {card}                  OP-121
    deck_arrange looking.DeckArrange         choose {option: to_top|        OP-121
                                             to_bottom}
    life_look   looking.LifeLook             choose {player}, pass          OP-121
    life_place  looking.LifePlace            choose {option: to_top|        OP-121
                                             to_bottom}
    choose_one  modes.ChooseOne              choose {option: mode_k}        OP-121
    ko_replace  replacement.KoReplace        choose {option: top|bottom},   OP-117, OP-121
                                             pass
    order_effects waiting.OrderEffects       choose {card}                  OP-121 (CR 8-6-1)
    =========== ============================ ============================== ===================

Tasks (kind -> step)
    set-up        start.mulligan, start.place_life                                (OP-102)
    turn          turn.begin_turn (OP-3, OP-4), turn.refresh_rest (Refresh, Draw and DON!!
                  phases, OP-5..OP-12), main_phase.open_main (OP-13), turn.end_phase (OP-19),
                  turn.cleanup (OP-20)
    main phase    main_phase.play_free ([Trigger] "play this card", OP-112),
                  main_phase.event_activated ("when you activate an Event")
    battle        battle.block_step, battle.battle_joined, battle.counter_step, battle.damage_step (OP-115),
                  battle.leader_damage (OP-116), waiting.damage_done (CR 8-6-2), battle.end_of_battle
    effects       choices.effects (the core's effect loop), choices.return_don (OP-109),
                  choices.cost_offer (OP-121), choices.life_pick, choices.shuffle_deck
    looking       looking.reveal_pick, looking.bottom_order, looking.arrange_top,
                  looking.life_look, looking.life_place (a private look, OP-110),
                  looking.reveal_play, looking.play_looked (look and play), looking.revealed_top

After every answer and every step, :func:`settle` makes the rule processing (OP-103 (b)).
Illegal actions are explained by each handler; the checks several decisions share (no such
card, OP-110; an action of another phase or step, OP-13 / OP-115) are in :mod:`.turn`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcg.core.rules import Rulebook
from tcg.games.one_piece import battle, choices, looking, main_phase, modes, replacement, start, turn, waiting

if TYPE_CHECKING:
    from tcg.games.one_piece.state import OnePieceState


def settle(s: OnePieceState) -> None:
    """OP-103 (b): rule processing — a player whose deck has 0 cards loses at once."""
    if s.winner is None and not s.flags.get("setting_up"):
        zones = s.zones
        for p in (0, 1):
            if not zones[p]["deck"]:
                s.lose(p, "deck_out")


RULEBOOK = Rulebook(
    "OP",
    [
        start.Mulligan(),
        main_phase.Main(),
        main_phase.Replace(),
        battle.Block(),
        battle.Counter(),
        battle.Trigger(),
        choices.Target(),
        choices.YouMay(),
        choices.DonMinus(),
        choices.Count(),
        choices.LifePick(),
        looking.RevealPick(),
        looking.PlayRevealed(),
        looking.DeckOrder(),
        looking.DeckArrange(),
        looking.LifeLook(),
        looking.LifePlace(),
        modes.ChooseOne(),
        replacement.KoReplace(),
        waiting.OrderEffects(),
    ],
    {
        "mulligan": start.mulligan,
        "place_life": start.place_life,
        "begin_turn": turn.begin_turn,
        "refresh_rest": turn.refresh_rest,
        "main": main_phase.open_main,
        "end_phase": turn.end_phase,
        "cleanup": turn.cleanup,
        "play_free": main_phase.play_free,
        "event_activated": main_phase.event_activated,
        "block_step": battle.block_step,
        "battle_joined": battle.battle_joined,
        "counter_step": battle.counter_step,
        "damage_step": battle.damage_step,
        "leader_damage": battle.leader_damage,
        "damage_done": waiting.damage_done,
        "end_of_battle": battle.end_of_battle,
        "effects": choices.effects,
        "return_don": choices.return_don,
        "cost_offer": choices.cost_offer,
        "life_pick": choices.life_pick,
        "shuffle_deck": choices.shuffle_deck,
        "ko_replace": replacement.ko_replace,
        "reveal_pick": looking.reveal_pick,
        "bottom_order": looking.bottom_order,
        "reveal_play": looking.reveal_play,
        "play_looked": looking.play_looked,
        "revealed_top": looking.revealed_top,
        "arrange_top": looking.arrange_top,
        "life_look": looking.life_look,
        "life_place": looking.life_place,
    },
    settle=settle,
    no_decision_rule="OP-2",
)
