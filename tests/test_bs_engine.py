"""Battle Spirits behaviour that scenarios cannot express: set-up, decks, cores, errors."""

from __future__ import annotations

import json

import pytest

from tcg.core.actions import Action
from tcg.core.decklist import parse_deck_text
from tcg.core.errors import IllegalActionError
from tcg.core.registry import load_game


@pytest.fixture(scope="module")
def bs():
    return load_game("battle_spirits")


@pytest.fixture(scope="module")
def bs_decks(bs):
    return [bs.deck(name) for name in sorted(bs.starter_decks())[:2]]


def test_setup(bs, bs_decks):
    # BS-102: 5 cores in life, 4 in reserve, the rest in the stock; 4 cards, no redraw.
    # BS-37: the first player also draws in the first turn; BS-36: no core step in turn 1.
    s = bs.new_state(bs_decks, seed=4)
    first = s.first_player
    other = 1 - first
    assert s.counters[first]["life"] == 5 and s.counters[first]["reserve"] == 4
    assert len(s.zones[first]["hand"]) == 5 and len(s.zones[other]["hand"]) == 4
    assert s.phase == "main" and s.decision.kind == "main"
    assert all(a.type != "mulligan" for a in s.legal_actions())


def test_first_player_is_random(bs, bs_decks):
    assert {bs.new_state(bs_decks, seed=n).first_player for n in range(20)} == {0, 1}


def test_deck_rules_classic_and_saga(bs):
    # BS-101: classic >= 40 cards and <= 3 copies; saga >= 50 and <= 4.
    text = "4 Rokceratops\n"
    classic = [str(e) for e in bs.check_deck(parse_deck_text(text, "d.txt"))]
    assert any("d.txt:1" in m and "at most 3" in m for m in classic)
    saga = [str(e) for e in bs.check_deck(parse_deck_text(text, "d.txt"), options={"deck_rules": "saga"})]
    assert not any("at most" in m for m in saga) and any("at least 50" in m for m in saga)


def test_cores_are_conserved_and_counted(bs, bs_decks):
    # Brief, section 1: every core is always in exactly one place.
    s = bs.new_state(bs_decks, seed=2)
    total = s.conserved()["cores"]
    assert total == 2 * (5 + 4 + 100)
    for _ in range(60):
        if s.game_over:
            break
        s.apply(s.legal_actions()[0])
        assert s.conserved()["cores"] == total


def test_illegal_action_changes_nothing(bs, bs_decks):
    s = bs.new_state(bs_decks, seed=3)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("attack", card=s.zones[s.active]["hand"][0]))
    assert err.value.rule.startswith("BS-")
    with pytest.raises(IllegalActionError):
        s.apply(Action("move_cores", source="reserve", target="reserve", count=99))
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_both_players_losing_at_once_is_a_draw(bs, bs_decks):
    # BS-103 [unverified]: both at once is a draw.
    s = bs.new_state(bs_decks, seed=1)
    s.lose(0, "life")
    s.lose(1, "life")
    assert s.winner == "draw"


def test_payments_and_placements_are_all_offered(bs):
    # BS-106 / README: each distribution of pay and place is its own action, reserve first.
    from tcg.core.scenario import Runner

    spec = {
        "name": "pay", "game": "battle_spirits",
        "cards": [{"name": "Y", "type": "spirit", "colors": ["red"], "cost": 2, "level_costs": [1],
                   "level_bp": [1000], "symbols": ["red"]},
                  {"name": "S", "type": "spirit", "colors": ["red"], "cost": 1, "level_costs": [1],
                   "level_bp": [1000], "symbols": ["red"]}],
        "state": {"turn": 3, "phase": "main", "players": [
            {"reserve": 2, "zones": {"hand": ["Y"], "field": [{"card": "S", "cores": 2}], "deck": ["S"]}},
            {"zones": {"deck": ["S"]}}]},
    }
    s = Runner(spec, "test").state
    summons = [a for a in s.legal_actions() if a.type == "summon"]
    # pay 2 of 4 cores (reserve r, S 2-r: r in 2,1,0), then place any of the rest
    assert summons[0].to_json()["pay"] == {"reserve": 2}
    # pay 2 from the reserve: place 0..2 from S (3); 1+1: place 0..1 from the reserve x 0..1 from S (4);
    # 2 from S: place 0..2 from the reserve (3)
    assert len(summons) == 10
    assert len(set(summons)) == len(summons)


def test_soul_core_is_not_an_option(bs):
    # BS-102: the Soul Core variant is not offered (no card in the pool singles a Soul Core
    # out, so it would play as its default); asking for it is a precise error.
    from tcg.core.errors import DataError

    assert set(bs.option_specs) == {"deck_rules"}
    with pytest.raises(DataError, match="unknown option 'soul_core'"):
        bs.resolve_options({"soul_core": "true"})


def test_starter_decks_are_legal_and_printed(bs):
    # BS-101: legal decks; cards made up for the engine (original: true) are in no starter deck.
    cards = bs.cards()
    starters = bs.starter_decks()
    assert len(starters) >= 2
    # the official ULTIMATE starter decks, card for card (sets/SD20.yaml, sets/SD22.yaml): 40 cards each
    assert {"silver_zero", "zero_the_hurricane"} <= set(starters)
    assert all(sum(e.count for e in bs.deck(n).entries) == 40 for n in ("silver_zero", "zero_the_hurricane"))
    for name in starters:
        deck = bs.deck(name)  # raises on a BS-101 violation
        originals = [e.name for e in deck.entries if cards[e.name].original]
        assert not originals, f"{name} holds engine originals: {originals}"
    made_up = {n for n, c in cards.items() if c.set_code.startswith("TCGE-")}
    assert made_up == {n for n, c in cards.items() if c.original}



def test_rarities_use_the_bs21_codes(bs):
    # BS-21: C, U, R, M (Master Rare), X (X Rare) and P (premium); blank only where no public
    # source confirmed a printed card's rarity (the card files say so in a comment). A card printed
    # in two rarities in its set (BS14's "C,U" in the source) joins two codes with "/".
    codes = {"", "C", "U", "R", "M", "X", "P"}
    bad = {n: c.rarity for n, c in bs.cards().items() if not set(c.rarity.split("/")) <= codes}
    assert not bad, f"rarities outside BS-21's codes: {bad}"
    assert all(c.rarity for c in bs.cards().values() if c.original)


# Printed cards whose rarity no public source searched gives (the card files name the sources
# searched); every other printed card must carry one. Shrink this set as facts are found.
BS_RARITY_UNKNOWN = {"Rainydle", "Dinonychusaw", "Zephyr Vortex"}


def test_every_printed_card_has_a_rarity_but_the_listed_unknowns(bs):
    # BS-21: every printed card carries a rarity; blank only for the cards listed above.
    printed = {n: c for n, c in bs.cards().items() if not c.original}
    blank = {n for n, c in printed.items() if not c.rarity}
    assert blank == BS_RARITY_UNKNOWN, f"blank rarities: {sorted(blank)}"
    no_number = {n for n, c in printed.items() if not c.set_code}
    assert no_number <= BS_RARITY_UNKNOWN, f"printed cards without a card number: {sorted(no_number)}"



def test_the_rulebook_has_every_kind_random_games_meet(bs, bs_decks):
    # Issue 15: every decision and task kind is in the BS rulebook, and each decision's handler
    # explains an action it never takes by a BS rule id (BS-33 and the rest), not another game's.
    import random

    from tcg.games.battle_spirits.rules import RULEBOOK

    decisions: set[str] = set()
    tasks: set[str] = set()
    for seed in range(1, 4):
        s = bs.new_state(bs_decks, seed=seed)
        rng = random.Random(seed)
        while not s.game_over:
            tasks.update(t.kind for t in s.tasks)
            kind = s.decision.kind
            if kind not in decisions:
                decisions.add(kind)
                rule, _ = s.explain_illegal(Action("no_such_action"))
                assert rule.startswith("BS-"), (kind, rule)
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert {"main", "attack_declaration", "flash", "block"} <= decisions
    assert decisions <= set(RULEBOOK.decisions)
    assert tasks <= set(RULEBOOK.steps)
    assert all(h.rule.startswith("BS-") for h in RULEBOOK.decisions.values())


def test_a_flash_summon_is_explained_by_high_speed(bs):
    # BS-49 / official High Speed: in a flash step only a High Speed spirit is summoned, and only
    # from the reserve at one of its levels; any other summon there names the rule it breaks.
    from tcg.core.scenario import Runner

    spec = {
        "name": "high speed", "game": "battle_spirits",
        "cards": [{"name": "R", "type": "spirit", "colors": ["red"], "cost": 1, "level_costs": [1],
                   "level_bp": [3000], "symbols": ["red"]}],
        "state": {"turn": 4, "active": 1, "phase": "attack_declaration", "players": [
            {"reserve": 9, "zones": {"hand": ["The BlastTiger Tigald", "R"], "deck": ["R"]}},
            {"zones": {"field": [{"card": "R", "cores": 1}], "deck": ["R"]}}]},
    }
    s = Runner(spec, "test").state
    s.apply(Action("attack", card=s.zones[1]["field"][0]))
    assert s.decision.kind == "flash"
    tigald, plain = s.zones[0]["hand"]
    rule, text = s.explain_illegal(Action("summon", card=tigald, pay={"reserve": 5}, place={"reserve": 1}, cores=1))
    assert rule == "BS-49" and "LV2" in text
    rule, _ = s.explain_illegal(Action("summon", card=plain, pay={"reserve": 1}, place={"reserve": 1}, cores=1))
    assert rule == "BS-41"


def _scenario_state(state, cards=()):
    from tcg.core.scenario import Runner

    return Runner({"name": "t", "game": "battle_spirits", "cards": list(cards), "state": state}, "test").state


_PLAIN = {"name": "P", "type": "spirit", "colors": ["red"], "cost": 1, "level_costs": [1], "level_bp": [1000],
          "symbols": ["red"]}


def test_restrictions_name_their_rule(bs):
    # BS-46 / BS-50 with the cards' restrictions: a forced attack forbids ending the attack step,
    # a spirit that "can't attack" or "can't block" is refused with the reason, state untouched.
    s = _scenario_state({"turn": 3, "phase": "attack_declaration", "players": [
        {"zones": {"field": [{"card": "Will-Orb", "cores": 1}, {"card": "The ArmoredBeast Bear-Gelmir", "cores": 1}],
                   "deck": ["P"]}},
        {"zones": {"field": [{"card": "Teranosaber", "cores": 1}, {"card": "P", "cores": 1}], "deck": ["P"]}}]},
        [_PLAIN])
    before = json.dumps(s.to_json(), sort_keys=True)
    rule, text = s.explain_illegal(Action("next_phase"))
    assert rule == "BS-46" and "Will-Orb must attack" in text
    with pytest.raises(IllegalActionError):
        s.apply(Action("next_phase"))
    assert json.dumps(s.to_json(), sort_keys=True) == before
    s.apply(Action("attack", card=s.zones[0]["field"][0]))
    assert s.decision.kind == "block"
    rule, text = s.explain_illegal(Action("block", card=s.zones[1]["field"][0]))
    assert rule == "BS-50" and "Teranosaber can't block Will-Orb" in text
    # while the opponent controls no red spirit, Bear-Gelmir can't attack (its own text)
    s = _scenario_state({"turn": 3, "phase": "attack_declaration", "players": [
        {"zones": {"field": [{"card": "The ArmoredBeast Bear-Gelmir", "cores": 1}, {"card": "P", "cores": 1}],
                   "deck": ["P"]}},
        {"zones": {"field": [{"card": "Foger", "cores": 1}], "deck": ["P"]}}]}, [_PLAIN])
    rule, text = s.explain_illegal(Action("attack", card=s.zones[0]["field"][0]))
    assert rule == "BS-46" and "cannot attack now" in text


def test_an_option_decision_offers_only_its_options(bs):
    # An effect's own choice (Binding Woods' colour): the six colours, nothing else.
    s = _scenario_state({"turn": 3, "phase": "main", "players": [
        {"reserve": 7, "zones": {"hand": ["Binding Woods"], "deck": ["P"]}}, {"zones": {"deck": ["P"]}}]}, [_PLAIN])
    woods = s.zones[0]["hand"][0]
    magic = next(a for a in s.legal_actions() if a.type == "use_magic" and a.get("card") == woods
                 and a.get("timing") == "main")
    s.apply(magic)
    assert s.decision.kind == "option"
    assert sorted(a.get("option") for a in s.legal_actions()) == sorted(
        ["white", "blue", "yellow", "red", "green", "purple"])
    rule, _ = s.explain_illegal(Action("choose", option="pink"))
    assert rule == "BS-33"


def test_revealed_cards_are_named_to_both_players(bs):
    # reveal_top (Swallowivy): a reveal shows the cards to both players (looked events for each).
    s = _scenario_state({"turn": 3, "phase": "main", "players": [
        {"reserve": 6, "zones": {"hand": ["Swallowivy"], "deck": ["P", "The Anthill", "P"]}},
        {"zones": {"deck": ["P"]}}]}, [_PLAIN])
    swallowivy = s.zones[0]["hand"][0]
    s.apply(next(a for a in s.legal_actions() if a.type == "summon" and a.get("card") == swallowivy))
    looked = [e for e in s.events if e.get("type") == "looked"]
    assert {e["seen_by"] for e in looked} == {0, 1} and len(looked) == 6
