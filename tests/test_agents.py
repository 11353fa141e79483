"""Agents: the registry, seeded randomness, and the rule agent's Duel Masters judgement.

The rule agent is tested on hand-made observations (it must work from the observation
alone) and in real games against the random agent.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tcg.agents import RandomAgent, RuleAgent, agent_names, make_agent
from tcg.core.actions import Action
from tcg.core.errors import DataError
from tcg.core.registry import load_game
from tcg.sim.loop import play_game

GAME = load_game("duel_masters")
POOL = GAME.cards()
NEXT, END, PASS = Action("next_phase"), Action("end_turn"), Action("pass")


def decks() -> list[Any]:
    starters = list(GAME.starter_decks())
    if len(starters) < 1:
        pytest.skip("no Duel Masters starter decks yet")
    return [GAME.deck(n) for n in (starters * 2)[:2]]


def view(cid: int, name: str, tapped: bool = False) -> dict[str, Any]:
    d = POOL[name]
    v: dict[str, Any] = {"id": cid, "name": name, "civilizations": list(d.civilizations), "cost": d.cost}
    if d.type != "spell":
        v["power"] = d.power
    if tapped:
        v["tapped"] = True
    return v


def obs(kind: str, *, mine: list[Any] = (), theirs: list[Any] = (), hand: list[Any] = (), mana: list[Any] = (),
        shields: tuple[int, int] = (5, 5), events: list[Any] = ()) -> dict[str, Any]:
    """An observation for viewer 0 (same shape as State.observation)."""
    def player(p: int) -> dict[str, Any]:
        return {"counters": {}, "zones": {
            "deck": {"count": 20},
            "hand": list(hand) if p == 0 else {"count": 3},
            "shields": [{"hidden": True}] * shields[p],
            "mana": list(mana) if p == 0 else [],
            "battle": list(mine) if p == 0 else list(theirs),
            "graveyard": [],
        }}
    return {"game": "duel_masters", "viewer": 0, "turn": 5, "active": 0, "first_player": 0, "phase": "attack",
            "winner": None, "decision": {"player": 0, "kind": kind}, "players": [player(0), player(1)],
            "events": list(events)}


def test_registry() -> None:
    assert agent_names() == ["easy", "expert", "hard", "ismcts", "normal", "random", "random_by_type", "rule"]
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent("rule", 1), RuleAgent)
    with pytest.raises(DataError, match="unknown agent 'nope'"):
        make_agent("nope", 1)


def test_random_agent_is_seeded() -> None:
    legal = [Action("choose", index=i) for i in range(10)]
    picks = [make_agent("random", 7).choose({}, legal) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    agent = RandomAgent(7)
    seq = [agent.choose({}, legal) for _ in range(20)]
    assert len(set(seq)) > 3 and all(a in legal for a in seq)


def test_unknown_game_falls_back_to_random() -> None:
    legal = [Action("x", n=i) for i in range(5)]
    assert RuleAgent(3).choose({"game": "no_such_game"}, legal) in legal


def test_block_with_a_blocker_that_survives() -> None:
    attack = {"type": "attack", "card": 20, "name": "Cragsaur", "player": 1, "target": "player"}
    o = obs("block", mine=[view(1, "Emerald Grass"), view(2, "Senatine Jade Tree")],
            theirs=[view(20, "Cragsaur", tapped=True)], events=[attack])
    legal = [Action("block", card=1), Action("block", card=2), PASS]
    assert RuleAgent(0).choose(o, legal) == Action("block", card=2)


def test_block_only_when_it_pays_or_the_attack_is_lethal() -> None:
    attack = {"type": "attack", "card": 20, "name": "Cragsaur", "player": 1, "target": "player"}
    legal = [Action("block", card=1), PASS]
    weak = [view(1, "Wandering Braineater")]
    theirs = [view(20, "Cragsaur", tapped=True)]
    assert RuleAgent(0).choose(obs("block", mine=weak, theirs=theirs, events=[attack]), legal) == PASS
    lethal = obs("block", mine=weak, theirs=theirs, events=[attack], shields=(0, 5))
    assert RuleAgent(0).choose(lethal, legal) == Action("block", card=1)


def test_attack_avoids_a_bigger_blocker_and_kills_a_tapped_creature() -> None:
    me = [view(1, "Explosive Dude Joe")]
    guard = view(20, "Gran Gure, Space Guardian")
    legal = [Action("attack", card=1, target="player"), NEXT, END]
    assert RuleAgent(0).choose(obs("attack", mine=me, theirs=[guard]), legal) == NEXT
    prey = view(21, "Writhing Bone Ghoul", tapped=True)
    legal = [Action("attack", card=1, target="player"), Action("attack", card=1, target=21), NEXT, END]
    assert RuleAgent(0).choose(obs("attack", mine=me, theirs=[guard, prey]), legal) == legal[1]
    # No blocker: go for the shields.
    legal = [Action("attack", card=1, target="player"), NEXT, END]
    assert RuleAgent(0).choose(obs("attack", mine=me, theirs=[]), legal) == legal[0]


def test_main_plays_the_most_expensive_thing() -> None:
    hand = [view(1, "Immortal Baron, Vorg"), view(2, "Lah, Purification Enforcer")]
    legal = [Action("summon", card=1), Action("summon", card=2), NEXT, END]
    assert RuleAgent(0).choose(obs("main", hand=hand), legal) == Action("summon", card=2)


def test_charge_stops_at_six_mana_with_only_creatures() -> None:
    mana = [view(10 + i, "Cragsaur") for i in range(6)]
    hand = [view(1, "Cragsaur"), view(2, "Explosive Dude Joe")]
    legal = [Action("charge_mana", card=1), Action("charge_mana", card=2), NEXT, END]
    assert RuleAgent(0).choose(obs("charge", hand=hand, mana=mana), legal) == NEXT
    assert RuleAgent(0).choose(obs("charge", hand=hand, mana=mana[:2]), legal).type == "charge_mana"


def test_targets_the_opponents_strongest_creature() -> None:
    theirs = [view(20, "Writhing Bone Ghoul"), view(21, "Lah, Purification Enforcer"), view(22, "Cragsaur")]
    legal = [Action("choose", card=c) for c in (20, 21, 22)]
    assert RuleAgent(0).choose(obs("target", theirs=theirs), legal) == Action("choose", card=21)


def test_rule_agent_beats_random_and_needs_only_json() -> None:
    ds = decks()
    wins = 0
    for seed in range(6):
        result, _ = play_game(GAME, ds, ["rule", "random"], seed)
        wins += result.winner == 0
    assert wins >= 5


def test_choice_is_the_same_from_a_json_round_tripped_observation() -> None:
    ds = decks()
    state = GAME.new_state(ds, seed=4)
    agent_a, agent_b = RuleAgent(1), RuleAgent(1)
    for _ in range(60):
        if state.game_over:
            break
        p = state.deciding_player
        assert p is not None
        o = state.observation(p)
        legal = state.legal_actions()
        a = agent_a.choose(o, legal)
        assert a == agent_b.choose(json.loads(json.dumps(o)), legal)
        state.apply(a)


# ====================================================================== Battle Spirits
BS = load_game("battle_spirits")


def bs_obs(kind: str, *, mine: list[Any] = (), theirs: list[Any] = (), life: tuple[int, int] = (5, 5),
           reserve: int = 0) -> dict[str, Any]:
    def player(p: int) -> dict[str, Any]:
        return {"counters": {"life": life[p], "reserve": reserve if p == 0 else 0, "trash_cores": 0,
                             "core_stock": 90},
                "zones": {"burst": [], "field": list(mine) if p == 0 else list(theirs), "deck": {"count": 20},
                          "hand": [] if p == 0 else {"count": 3}, "removed": [], "trash": []}}
    return {"game": "battle_spirits", "viewer": 0, "turn": 5, "active": 0, "first_player": 0, "phase": kind,
            "winner": None, "decision": {"player": 0, "kind": kind}, "players": [player(0), player(1)]}


def bs_view(cid: int, name: str, bp: int, cores: int = 1, exhausted: bool = False) -> dict[str, Any]:
    d = BS.cards()[name]
    v = {"id": cid, "name": name, "type": d.type, "cost": d.cost, "cores": cores, "level": 1, "bp": bp,
         "symbols": list(d.symbols), "colors": list(d.colors)}
    if exhausted:
        v["exhausted"] = True
    return v


def test_bs_rule_agent_attacks_only_past_weaker_blockers() -> None:
    small, big = bs_view(1, "Rokceratops", 1000), bs_view(20, "Elephantite", 4000)
    legal = [Action("attack", card=1), NEXT, END]
    assert RuleAgent(0).choose(bs_obs("attack_declaration", mine=[small], theirs=[big]), legal) == END
    assert RuleAgent(0).choose(bs_obs("attack_declaration", mine=[small], theirs=[]), legal) == legal[0]
    # lethal: one symbol against one life and no blocker to stop it
    assert RuleAgent(0).choose(bs_obs("attack_declaration", mine=[small], theirs=[{**big, "exhausted": True}],
                                      life=(5, 1)), legal) == legal[0]


def test_bs_rule_agent_blocks_with_a_winner_and_levels_up() -> None:
    attacker = bs_view(20, "Metalburn", 3000, exhausted=True)
    weak, strong = bs_view(1, "Rokceratops", 1000), bs_view(2, "Elephantite", 4000)
    legal = [Action("block", card=1), Action("block", card=2), PASS]
    assert RuleAgent(0).choose(bs_obs("block", mine=[weak, strong], theirs=[attacker]), legal) == legal[1]
    assert RuleAgent(0).choose(bs_obs("block", mine=[weak], theirs=[attacker]), legal[::2]) == PASS
    # Rokceratops reaches LV2 with 2 cores: one core from the reserve does it
    move = Action("move_cores", count=1, source="reserve", target=1)
    assert RuleAgent(0).choose(bs_obs("main", mine=[weak], reserve=1), [move, NEXT, END]) == move


def test_bs_rule_agent_sets_its_best_burst_and_fuses_where_the_brave_gains_most() -> None:
    """BS-12/BS-15: of two burst cards the one whose burst does most is set (Zephyr Vortex, after any
    attack, before Absolute Armor Ice Shield); BS-4: the brave goes onto the spirit that can still
    attack and beats the opposing blocker only with the brave's BP."""
    hand = [{"id": 5, "name": "Absolute Armor Ice Shield"}, {"id": 6, "name": "Zephyr Vortex"}]
    obs = bs_obs("main")
    obs["players"][0]["zones"]["hand"] = hand
    legal = [Action("set_burst", card=5), Action("set_burst", card=6), NEXT, END]
    assert RuleAgent(0).choose(obs, legal) == legal[1]
    obs["players"][0]["zones"]["burst"] = [{"id": 7, "name": "Zephyr Vortex"}]
    assert RuleAgent(0).choose(obs, legal) == NEXT  # a set burst is not traded for a worse one
    tired, fresh = bs_view(1, "Elephantite", 5000, exhausted=True), bs_view(2, "Metalburn", 3000)
    brave = {**bs_view(3, "The KnightSnake Pendragon", 4000), "level": 1}
    blocker = bs_view(20, "Lanceraptor", 6000)
    fuse = [Action("brave_fusion", card=3, onto=1), Action("brave_fusion", card=3, onto=2), NEXT]
    assert RuleAgent(0).choose(bs_obs("main", mine=[tired, fresh, brave], theirs=[blocker]), fuse) == fuse[1]


def test_bs_rule_agent_attacks_first_with_a_u_trigger() -> None:
    """BS-141: an Ultimate whose U-Trigger works at its level attacks before a bigger spirit."""
    bell = {**bs_view(1, "UltimateCannon-Bell", 8000, cores=2), "level": 4}
    big = bs_view(2, "The MeteoriteArmor Monoqueiroz", 9000)
    legal = [Action("attack", card=1), Action("attack", card=2), END]
    assert RuleAgent(0).choose(bs_obs("attack_declaration", mine=[bell, big]), legal) == legal[0]
    at_lv3 = {**bell, "level": 3, "bp": 7000}  # its U-Trigger is [LV4] only
    assert RuleAgent(0).choose(bs_obs("attack_declaration", mine=[at_lv3, big]), legal) == legal[1]


def test_bs_rule_agent_keeps_a_burst_that_would_do_nothing_now() -> None:
    """BS-13: Khan-Wolf's burst only summons it at 3 life or less; at 5 it stays set."""
    legal = [Action("activate_burst", card=7), PASS]
    for life, wanted in ((5, PASS), (3, legal[0])):
        obs = bs_obs("burst", life=(life, 5))
        obs["players"][0]["zones"]["burst"] = [{"id": 7, "name": "The AzureHero Khan-Wolf", "face_down": True}]
        assert RuleAgent(0).choose(obs, legal) == wanted, life


def test_bs_rule_agent_beats_random() -> None:
    names = sorted(BS.starter_decks())
    ds = [BS.deck(names[0]), BS.deck(names[1])]
    wins = sum(play_game(BS, ds, ["rule", "random"], seed)[0].winner == 0 for seed in range(6))
    assert wins >= 5


# ====================================================================== Yu-Gi-Oh!
YGO = load_game("yugioh")


def test_ygo_rule_agent_attacks_what_it_beats_and_beats_random() -> None:
    def mon(cid: int, name: str, position: str = "attack") -> dict[str, Any]:
        d = YGO.cards()[name]
        return {"id": cid, "name": name, "type": "monster", "level": d.level, "atk": d.atk, "def": d.def_,
                "position": position}
    def zones(monsters: list[Any]) -> dict[str, Any]:
        return {"deck": {"count": 30}, "hand": [], "monster_zone": monsters, "spell_trap_zone": [],
                "field_zone": [], "graveyard": [], "banished": [], "extra_deck": []}
    obs = {"game": "yugioh", "viewer": 0, "turn": 3, "active": 0, "first_player": 0, "phase": "battle_step",
           "winner": None, "decision": {"player": 0, "kind": "battle_step"},
           "players": [{"counters": {"lp": 8000}, "zones": zones([mon(1, "Celtic Guardian")])},
                       {"counters": {"lp": 8000}, "zones": zones([mon(2, "Mystical Elf", "defense"),
                                                                  mon(3, "Ryu-Kishin")])}]}
    legal = [Action("attack", card=1, target=2), Action("attack", card=1, target=3), NEXT, END]
    # Celtic Guardian (1400) beats Ryu-Kishin (1000 ATK), not Mystical Elf (2000 DEF)
    assert RuleAgent(0).choose(obs, legal) == legal[1]
    names = sorted(YGO.starter_decks())
    ds = [YGO.deck(names[0]), YGO.deck(names[1])]
    wins = sum(play_game(YGO, ds, ["rule", "random"], seed)[0].winner == 0 for seed in range(6))
    assert wins >= 5


# ====================================================================== One Piece
OP = load_game("one_piece")


def test_op_rule_agent_beats_random() -> None:
    names = sorted(OP.starter_decks())
    ds = [OP.deck(names[0]), OP.deck(names[1])]
    wins = sum(play_game(OP, ds, ["rule", "random"], seed)[0].winner == 0 for seed in range(6))
    assert wins >= 5


def test_op_rule_agent_returns_rested_don_first_and_takes_every_up_to() -> None:
    # OP-109 / OP-121: the don_minus and count decisions the engine now asks.
    def op_obs(kind: str) -> dict[str, Any]:
        player = {"counters": {}, "zones": {"leader": [{"id": 0, "name": "Kaido (ST04-001)", "type": "leader"}]}}
        return {"game": "one_piece", "viewer": 0, "turn": 3, "active": 0, "first_player": 0, "phase": "main",
                "winner": None, "decision": {"player": 0, "kind": kind}, "players": [player, {"counters": {},
                                                                                             "zones": {}}]}
    don = [Action("choose", option="active"), Action("choose", card=0), Action("choose", option="rested")]
    assert RuleAgent(0).choose(op_obs("don_minus"), don) == Action("choose", option="rested")
    counts = [Action("choose", option=n) for n in (0, 2, 1)]
    assert RuleAgent(0).choose(op_obs("count"), counts) == Action("choose", option=2)
