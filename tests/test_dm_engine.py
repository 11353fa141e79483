"""Duel Masters engine behaviour that scenarios cannot express: set-up, decks, errors, determinism."""

from __future__ import annotations

import json

import pytest

from tcg.core.actions import Action
from tcg.core.decklist import parse_deck_text
from tcg.core.errors import DataError, IllegalActionError
from tcg.core.rng import Rng


def play_random(state, seed, limit=10_000):
    rng = Rng(seed)
    n = 0
    while not state.game_over and n < limit:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        n += 1
    return state


def test_setup_shields_then_hand(dm, dm_decks):
    # DM-1, DM-2, DM-3: shuffle, 5 face-down shields from the top, then 5 cards to hand.
    s = dm.new_state(dm_decks, seed=3)
    for p in (0, 1):
        assert len(s.zones[p]["shields"]) == 5
        assert all(s.cards[c].face_down for c in s.zones[p]["shields"])
        assert len(s.zones[p]["hand"]) == 5
        assert len(s.zones[p]["deck"]) == 30
    moves = [e for e in s.events if e["type"] == "card_moved" and e["from"] == "deck"]
    # the first 5 moves of each player go to shields, the next 5 to hand
    assert [e["to"] for e in moves[:10]] == ["shields"] * 5 + ["hand"] * 5


def test_deck_is_shuffled_by_seed(dm, dm_decks):
    # DM-1: the order depends on the seed.
    a = dm.new_state(dm_decks, seed=1)
    b = dm.new_state(dm_decks, seed=2)
    assert [a.name_of(c) for c in a.zones[0]["deck"]] != [b.name_of(c) for c in b.zones[0]["deck"]]


def test_first_player_is_random(dm, dm_decks):
    # DM-4: decided by a random method.
    firsts = {dm.new_state(dm_decks, seed=s).first_player for s in range(20)}
    assert firsts == {0, 1}


def test_no_mulligan(dm, dm_decks):
    # DM-102: the opening hand is kept; no mulligan action is ever offered.
    s = dm.new_state(dm_decks, seed=5)
    assert all(a.type != "mulligan" for a in s.legal_actions())
    assert s.phase == "charge"


def test_first_turn_no_draw_default_and_variant(dm, dm_decks):
    # DM-20 (default both skip) and DM-114 (variant first_player_skips).
    s = dm.new_state(dm_decks, seed=9)
    s.apply(Action("end_turn"))
    assert s.turn == 2 and len(s.zones[s.active]["hand"]) == 5
    v = dm.new_state(dm_decks, seed=9, options={"first_turn_draw": "first_player_skips"})
    assert len(v.zones[v.first_player]["hand"]) == 5
    v.apply(Action("end_turn"))
    assert len(v.zones[v.active]["hand"]) == 6


def test_deck_rules(dm):
    # DM-101: at least 40 cards and at most 4 copies, with line numbers.
    text = "5 Aqua Hulcus\n# comment\n4 Bronze-Arm Tribe\n1 Nope Card\n"
    errors = dm.check_deck(parse_deck_text(text, "deck.txt"))
    messages = [str(e) for e in errors]
    assert any("deck.txt:1" in m and "at most 4" in m for m in messages)
    assert any("deck.txt:4" in m and "Nope Card" in m for m in messages)
    assert any("at least 40" in m for m in messages)


def test_starter_decks_are_legal(dm):
    from tcg.core.decklist import load_deck

    assert len(dm.starter_decks()) >= 2
    for path in dm.starter_decks().values():
        deck = load_deck(path)
        assert dm.check_deck(deck) == []
        assert len(deck.cards()) >= 40


def test_illegal_action_names_the_rule_and_changes_nothing(dm, dm_decks):
    s = dm.new_state(dm_decks, seed=11)
    before = json.dumps(s.to_json(), sort_keys=True)
    hand = s.zones[s.active]["hand"]
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("summon", card=hand[0]))  # summoning in the charge step
    assert err.value.rule.startswith("DM-")
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("attack", card=hand[0], target="player"))
    assert err.value.rule == "DM-22"
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_second_charge_is_illegal(dm, dm_decks):
    # DM-11: at most once per turn.
    s = dm.new_state(dm_decks, seed=12)
    p = s.active
    s.apply(Action("charge_mana", card=s.zones[p]["hand"][0]))
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("charge_mana", card=s.zones[p]["hand"][0]))
    assert err.value.rule == "DM-11"


def test_unknown_option_is_rejected(dm, dm_decks):
    with pytest.raises(DataError, match="first_turn_draw"):
        dm.new_state(dm_decks, seed=1, options={"first_turn_draw": "sometimes"})
    with pytest.raises(DataError, match="unknown option"):
        dm.new_state(dm_decks, seed=1, options={"nope": "x"})


def test_determinism_same_seed_same_events(dm, dm_decks):
    a = play_random(dm.new_state(dm_decks, seed=21), seed=99)
    b = play_random(dm.new_state(dm_decks, seed=21), seed=99)
    assert a.events == b.events
    assert a.game_over and a.winner is not None


def test_replaying_the_history_reproduces_the_state(dm, dm_decks):
    a = play_random(dm.new_state(dm_decks, seed=4), seed=8, limit=150)
    b = dm.new_state(dm_decks, seed=4)
    for action in a.history:
        b.apply(action)
    assert json.dumps(a.to_json(), sort_keys=True) == json.dumps(b.to_json(), sort_keys=True)


def test_observation_hides_hands_decks_and_shields(dm, dm_decks):
    # DM-6 / DM-122: shields hidden even from their owner; hands only to their owner.
    s = dm.new_state(dm_decks, seed=30)
    me = s.active
    obs = s.observation(me)
    mine, theirs = obs["players"][me]["zones"], obs["players"][1 - me]["zones"]
    assert len(mine["hand"]) == 5 and all("name" in c for c in mine["hand"])
    assert theirs["hand"] == {"count": 5}
    assert mine["deck"] == {"count": 30}
    assert mine["shields"] == [{"hidden": True}] * 5
    assert "legal_actions" in obs and "legal_actions" not in s.observation(1 - me)


def test_deck_out_loses(dm, dm_decks):
    # DM-113: the player whose deck runs out loses.
    s = dm.new_state(dm_decks, seed=2)
    while not s.game_over:
        s.apply(Action("end_turn"))
    assert s.events[-1]["type"] == "game_over" and s.events[-1]["reason"] == "deck_out"
    loser = 1 - s.winner
    assert s.zones[loser]["deck"] == []


def test_card_schema_rejects_malformed_cards(dm, tmp_path):
    # DM-24 / DM-104 / DM-28: spells have no power or race; an evolution names its base races.
    with pytest.raises(DataError, match="no power"):
        dm.parse_card({"name": "Bad Spell", "type": "spell", "power": 1000})
    with pytest.raises(DataError, match="evolution"):
        dm.parse_card({"name": "Bad Evo", "type": "evolution_creature"})
    bad = tmp_path / "bad.yaml"
    bad.write_text("- name: Fine\n  type: creature\n- name: Broken\n  type: creature\n  cost: lots\n")
    from tcg.core.carddata import load_card_file
    from tcg.games.duel_masters.cards import DuelMastersCard

    with pytest.raises(DataError) as err:
        load_card_file(bad, DuelMastersCard)
    message = str(err.value)
    assert f"{bad}:3" in message and "Broken" in message and "cost" in message


def test_both_players_losing_at_once_is_a_draw(dm, dm_decks):
    # DM-113: if both players meet a loss condition at the same moment, the game is a draw.
    s = dm.new_state(dm_decks, seed=1)
    s.lose(0, "deck_out")
    s.lose(1, "deck_out")
    assert s.winner == "draw"
    assert list(s.legal_actions()) == []


def test_evolution_does_not_gain_speed_attacker(dm):
    # DM-31: an evolution creature ignores summoning sickness but has no Speed Attacker.
    from tcg.core.scenario import Runner

    spec = {
        "name": "evo", "game": "duel_masters",
        "cards": [{"name": "Base", "type": "creature", "civilizations": ["water"], "cost": 1, "power": 1000,
                   "races": ["Liquid People"]},
                  {"name": "Evo", "type": "evolution_creature", "civilizations": ["water"], "cost": 1,
                   "power": 3000, "races": ["Liquid People"],
                   "keywords": {"evolution": {"races": ["Liquid People"]}}}],
        "state": {"turn": 3, "phase": "attack", "players": [
            {"zones": {"battle": [{"card": "Evo", "entered_this_turn": True, "under": ["Base"]}], "deck": ["Base"]}},
            {"zones": {"deck": ["Base"]}}]},
    }
    state = Runner(spec, "test").state
    evo = state.zones[0]["battle"][0]
    assert not state.keyword(evo, "speed_attacker")
    assert not state.is_summoning_sick(evo)


def test_packaged_cards_have_printed_rarity_and_collector_number(dm):
    # Card data: every packaged card carries its printed rarity and collector number, and the
    # numbers of one set all count to the same set size ("23/110": DM-01 has 110 cards). A Super
    # Rare may carry the secret number printed on it, "S<k>/S<n>" ("S1/S10".."S10/S10": DM-01 has
    # 10 Super Rares numbered apart): k runs from 1 to n, and a set's secret numbers share one n.
    import re

    rarities = {"Common", "Uncommon", "Rare", "Very Rare", "Super Rare"}
    sizes: dict[str, set[str]] = {}
    secret_sizes: dict[str, set[int]] = {}
    for name, card in dm.cards().items():
        assert card.rarity in rarities, f"{name}: rarity {card.rarity!r}"
        assert card.card_number, f"{name}: no card_number"
        assert card.set_code, f"{name}: no set_code"
        if card.set_code != "Promo":
            assert card.set_code.startswith("DM-"), f"{name}: set_code {card.set_code!r}"
            secret = re.fullmatch(r"S([1-9][0-9]*)/S([1-9][0-9]*)", card.card_number)
            if secret:
                k, n = int(secret.group(1)), int(secret.group(2))
                assert k <= n, f"{name}: secret number {card.card_number!r} beyond its count"
                assert card.rarity == "Super Rare", f"{name}: a secret number on a {card.rarity}"
                secret_sizes.setdefault(card.set_code, set()).add(n)
            else:
                sizes.setdefault(card.set_code, set()).add(card.card_number.split("/")[-1])
    assert {s: n for s, n in sizes.items() if len(n) != 1} == {}
    assert {s: n for s, n in secret_sizes.items() if len(n) != 1} == {}


def test_no_original_card_in_a_starter_deck(dm):
    # A card made up for the engine (original: true) is in no starter deck.
    from tcg.core.decklist import load_deck

    cards = dm.cards()
    for path in dm.starter_decks().values():
        for entry_name in load_deck(path).cards():
            assert not cards[entry_name].original, f"{path}: {entry_name} is not a printed card"


def test_the_rulebook_table_names_every_decision_and_task_kind():
    # Issue 15: rules.py's docstring is the table a newcomer reads first (each kind with its
    # rule ids), so a decision or task kind added to the rulebook without its row is refused.
    # Docstrings are read from the sources: a compiled module keeps none.
    import ast
    from pathlib import Path

    from tcg.games.duel_masters import rules

    package = Path(__file__).resolve().parent.parent / "tcg" / "games" / "duel_masters"
    doc = ast.get_docstring(ast.parse((package / "rules.py").read_text(encoding="utf-8"))) or ""
    class_docs = {node.name: ast.get_docstring(node) or ""
                  for path in package.glob("*.py") for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                  if isinstance(node, ast.ClassDef)}
    missing = [k for k in (*rules.RULEBOOK.decisions, *rules.RULEBOOK.steps) if f"``{k}``" not in doc]
    assert not missing, f"rules.py's table does not name {missing}"
    for kind, handler in rules.RULEBOOK.decisions.items():
        name = type(handler).__name__
        assert name in doc, kind
        assert handler.rule.startswith("DM-") and class_docs.get(name, "").count("DM-"), kind
    for kind, step in rules.RULEBOOK.steps.items():
        assert step.__name__ in doc, kind


def test_random_games_meet_only_rulebook_kinds_and_every_explanation_is_a_dm_rule(dm, dm_decks):
    # Issue 15: the loop dispatches through the rulebook only; every decision met explains a
    # foreign action by a DM rule id (DM-17 at the least), never by another game's words.
    seen = set()
    for seed, breaking in ((1, "sequential"), (2, "simultaneous"), (3, "sequential")):
        s = dm.new_state(dm_decks, seed=seed, options={"breaking": breaking})
        rng = Rng(seed)
        while not s.game_over:
            seen.add(s.decision.kind)
            assert s.decision.kind in s.RULEBOOK.decisions
            rule, _ = s.explain_illegal(Action("no_such_action", card=0))
            assert rule.startswith("DM-"), (s.decision.kind, rule)
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    assert {"charge", "main", "attack", "pay", "block", "break"} <= seen


@pytest.mark.parametrize(("pools", "civsets", "needed", "cost"), [
    ([(1, 2, 3), (4,), (5, 6)], [frozenset({"fire"}), frozenset({"water"}), frozenset({"fire", "water"})],
     ["water"], 3),
    ([(1, 2, 3), (4,), (5, 6)], [frozenset({"fire"}), frozenset({"water"}), frozenset({"fire"})], [], 4),
    ([(1,), (2, 3), (4, 5, 6, 7)], [frozenset({"light"}), frozenset({"fire"}), frozenset({"water"})], ["fire"], 2),
    ([(1, 2), (3, 4)], [frozenset({"light"}), frozenset({"fire"})], ["water"], 2),  # no way at all
    ([(1, 2), (3, 4), (5,)], [frozenset({"light"}), frozenset({"fire"}), frozenset({"water"})], ["fire", "water"], 3),
])
def test_payment_ways_iterate_in_index_order(pools: list[tuple[int, ...]], civsets: list[frozenset[str]],
                                             needed: list[str], cost: int) -> None:
    """Iterating the ways (one walk) gives exactly ``ways[0], ways[1], ...`` (unranked one by one)."""
    from tcg.games.duel_masters.payment import PaymentWays

    ways = PaymentWays(pools, civsets, needed, cost)
    assert list(ways) == [ways[i] for i in range(len(ways))]
    assert all(a in ways for a in ways)


def _scenario_state(path, index=0):
    """The state at the end of one case of a card scenario file."""
    from pathlib import Path

    from tcg.core.scenario import Runner, load_scenarios

    spec, _, node = load_scenarios(Path(__file__).resolve().parent.parent / path)[index]
    runner = Runner(spec, str(path), node)
    runner.run()
    return runner.state


@pytest.mark.parametrize("path", ["scenarios/duel_masters/cards/wyn_the_oracle.yaml",
                                  "scenarios/duel_masters/cards/stinger_ball.yaml"])
def test_a_looked_at_shield_is_named_to_the_looker_only(path):
    # DM-6 / DM-122: Wyn's and Stinger Ball's look (show_privately) names the shield to player 0 only.
    state = _scenario_state(path)
    looks = [e for e in state.events if e["type"] == "looked"]
    assert [e["name"] for e in looks] == ["Shield B"]
    mine, theirs, crowd = (state.visible_event(looks[0], v) for v in (0, 1, None))
    assert mine is not None and mine["name"] == "Shield B"
    for other in (theirs, crowd):
        assert other is not None and "name" not in other


def test_liquid_scope_names_the_opponents_hand_and_shields_to_its_caster_only():
    state = _scenario_state("scenarios/duel_masters/cards/liquid_scope.yaml")
    looks = [e for e in state.events if e["type"] == "looked"]
    assert sorted(e["name"] for e in looks) == ["Dummy 1000", "Dummy 5000", "Shield A", "Shield B"]
    assert all(e["seen_by"] == 0 for e in looks)
    assert all("name" not in state.visible_event(e, 1) for e in looks)


def test_psychic_shaper_reveals_the_cards_to_both_players():
    state = _scenario_state("scenarios/duel_masters/cards/psychic_shaper.yaml")
    looks = [e for e in state.events if e["type"] == "looked"]
    for viewer in (0, 1):
        seen = [state.visible_event(e, viewer) for e in looks]
        assert sorted(e["name"] for e in seen if e is not None and "name" in e) == sorted(
            ["Water Dummy", "Fire Dummy", "Light Water Mana", "Nature Dummy"])


# Two decks of the cards whose mechanisms came with DM-02/DM-03 (continuous abilities, cost changes,
# replacements, looks, either/or, "If you do"...): random games keep every invariant of the
# conformance test (no hidden card leaks, JSON round trips, cards conserved, the game ends).
_MECHANISM_DECKS = (
    """4 Elf-X\n4 Essence Elf\n2 Gigamantis\n4 Masked Pomegranate\n2 Raging Dash-Horn\n2 Barkwhip, the Smasher
4 Rainbow Stone\n2 Dawn Giant\n2 Xeno Mantis\n4 Galsaur\n2 Rumble Gate\n2 Blaze Cannon\n2 Garkago Dragon
2 Flametropus\n2 Cavalry General Curatops""",
    """4 Gigastand\n2 Jack Viper, Shadow of Doom\n2 Eldritch Poison\n2 Gigaberos\n2 Marrow Ooze, the Twister
4 Emeral\n4 Liquid Scope\n2 Recon Operation\n2 Psychic Shaper\n2 Chaos Fish\n2 Corile\n2 Thought Probe
2 Stinger Ball\n2 Wyn, the Oracle\n2 Aless, the Oracle\n2 Diamond Cutter\n2 Sieg Balicula, the Intense""",
)


def test_random_games_with_the_mechanism_cards_keep_every_invariant(dm):
    from tcg.core.invariants import check_conservation, check_json_round_trip, check_lazy_views, check_no_leak

    decks = [parse_deck_text(text) for text in _MECHANISM_DECKS]
    for deck in decks:
        assert not dm.check_deck(deck)
    for g in range(6):
        state = dm.new_state(decks, seed=g)
        rng = Rng(500 + g)
        for n in range(3000):
            if state.game_over:
                break
            legal = state.legal_actions()
            assert legal, f"game {g}: a decision with no legal action"
            state.apply(legal[rng.below(len(legal))])
            problems = check_conservation(state)
            if n % 5 == 0:
                problems += check_no_leak(state) + check_lazy_views(state)
                problems += check_json_round_trip(state, with_events=False)
            assert not problems, f"game {g}, action {n}: {problems}"
        assert state.game_over, f"game {g} did not end"
        replayed = dm.new_state(decks, seed=g)
        for action in state.history:
            replayed.apply(action)
        assert replayed.to_json() == state.to_json(), f"game {g}: replaying the history differs"
