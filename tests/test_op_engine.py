"""One Piece behaviour that scenarios cannot express: set-up, the redraw, deck rules, DON!! totals."""

from __future__ import annotations

import json
import re

import pytest

from tcg.core.actions import Action
from tcg.core.decklist import parse_deck_text
from tcg.core.errors import IllegalActionError
from tcg.core.registry import load_game


@pytest.fixture(scope="module")
def op():
    return load_game("one_piece")


@pytest.fixture(scope="module")
def decks(op):
    return [op.deck(name) for name in sorted(op.starter_decks())[:2]]


def test_setup_and_redraw(op, decks):
    # OP-102: five cards, then the first player decides on the one redraw first.
    s = op.new_state(decks, seed=5)
    first = s.first_player
    assert s.decision.kind == "mulligan" and s.deciding_player == first
    assert [len(z["hand"]) for z in s.zones] == [5, 5] and not any(z["life"] for z in s.zones)
    before = sorted(s.zones[first]["hand"])
    s.apply(Action("choose", option="redraw"))
    assert len(s.zones[first]["hand"]) == 5 and sorted(s.zones[first]["hand"]) != before
    assert s.deciding_player == 1 - first
    s.apply(Action("pass"))
    # life cards: as many as each leader's life value; the first player's turn 1 begins
    for p in (0, 1):
        assert len(s.zones[p]["life"]) == s.d(s.leader(p)).life
    assert s.turn == 1 and s.active == first and s.phase == "main"
    assert s.counters[first]["cost_area_active"] == 1 and s.counters[first]["don_deck"] == 9  # OP-10
    assert len(s.zones[first]["hand"]) == 5  # OP-8: no draw in the first turn


def test_first_player_is_random(op, decks):
    assert {op.new_state(decks, seed=n).first_player for n in range(20)} == {0, 1}


def test_deck_rules(op):
    # OP-101: one Leader, exactly 50 cards sharing its colour, at most 4 copies.
    bad = parse_deck_text("[leader]\n1 Crocodile (ST03-001)\n[main]\n5 Karoo\n", "d.txt")
    msgs = [str(e) for e in op.check_deck(bad)]
    assert any("exactly 50" in m for m in msgs)
    assert any("at most 4" in m for m in msgs)
    assert any("shares no colour" in m for m in msgs)
    assert any("exactly 1 Leader" in str(e) for e in op.check_deck(parse_deck_text("4 Karoo\n", "e.txt")))
    for name in op.starter_decks():
        assert op.check_deck(op.deck(name)) == []


def test_don_are_conserved_and_errors_change_nothing(op, decks):
    s = op.new_state(decks, seed=2)
    totals = s.conserved()
    assert totals == {"don_0": 10, "don_1": 10}
    while s.decision.kind == "mulligan":
        s.apply(Action("pass"))
    before = json.dumps(s.to_json(), sort_keys=True)
    p = s.deciding_player
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("attack", card=s.leader(p), target=s.leader(1 - p)))
    assert err.value.rule == "OP-18"  # no battle in a player's own first turn
    assert json.dumps(s.to_json(), sort_keys=True) == before
    for _ in range(200):
        if s.game_over:
            break
        s.apply(s.legal_actions()[0])
        assert s.conserved() == totals


RARITIES = {"L", "C", "UC", "R", "SR", "SEC", "SP CARD", "TR", "P"}  # as the official card list prints them


def test_every_packaged_card_has_its_card_number_and_rarity(op):
    # Card data (issue 14): a printed card carries its number and its rarity as printed in the
    # starter deck; a card made up for the engine is marked original and is in no starter deck.
    in_decks = {name for deck in op.starter_decks() for name in op.deck(deck).cards()}
    for name, card in op.cards().items():
        if card.original:
            assert name not in in_decks, f"{name} is original (not printed) but in a starter deck"
            continue
        assert re.fullmatch(r"(ST|OP|EB|PRB)\d{2}-\d{3}|P-\d{3}", card.card_number), f"{name}: {card.card_number!r}"
        assert card.rarity in RARITIES, f"{name} ({card.card_number}): rarity {card.rarity!r}"
        assert (card.rarity == "L") == (card.type == "leader"), f"{name}: only a Leader is L"
        if name.endswith(")") and " (" in name:  # names shared by two printings carry the card number
            # (a printed name may hold parentheses of its own: "Miss Doublefinger(Zala)")
            assert name.endswith(f" ({card.card_number})"), name


def test_the_rulebook_covers_every_decision_and_step_of_random_games(op, decks):
    # Issue 15: every decision kind and pending task kind met in seeded random games is in the
    # One Piece rulebook, every legal action is of a type its handler accepts, and an illegal
    # action is explained with an OP rule id (here OP-110: no such card).
    from tcg.core.rng import Rng
    from tcg.games.one_piece.rules import RULEBOOK

    assert type(op.new_state(decks, seed=1)).RULEBOOK is RULEBOOK
    kinds, tasks = set(), set()
    for seed in range(1, 6):
        s, rng = op.new_state(decks, seed=seed), Rng(seed)
        while s.winner is None:
            legal = s.legal_actions()
            kinds.add(s.decision.kind)
            tasks.update(t.kind for t in s.tasks)
            handler = RULEBOOK.decision_rule(s.decision.kind)
            assert {a.type for a in legal} <= handler.accepts, s.decision.kind
            with pytest.raises(IllegalActionError) as err:
                s.apply(Action("choose", card=10_000))
            assert err.value.rule == "OP-110"
            s.apply(legal[rng.below(len(legal))])
    assert {"mulligan", "main", "block", "counter", "target"} <= kinds
    assert {"main", "end_of_battle", "damage_step"} <= tasks <= set(RULEBOOK.steps)


def test_a_look_at_the_deck_names_the_cards_to_the_looker_only():
    # OP-110 (the deck is secret): Jewelry Bonney looks at 5 cards; her player's log names them,
    # the opponent's says cards were looked at; the revealed card is named to both.
    from pathlib import Path

    from tcg.core.scenario import Runner, load_scenarios

    spec = load_scenarios(Path(__file__).parents[1] / "scenarios/one_piece/cards/jewelry_bonney.yaml")[0][0]
    s = Runner(spec, "jewelry_bonney").state
    start = len(s.events)
    bonney = s.zones[0]["characters"][0]
    s.apply(Action("activate", card=bonney, effect=0))
    looked = [e for e in s.events[start:] if e["type"] == "looked"]
    assert [e["name"] for e in looked] == ["Nova A", "Other B", "Nova C", "Other D", "Other E"]
    for e in looked:
        assert s.visible_event(e, 0)["name"] == e["name"]
        assert "name" not in s.visible_event(e, 1)
    nova_c = next(c for c in s.zones[0]["deck"] if s.cards[c].name == "Nova C")
    s.apply(Action("choose", card=nova_c))
    seen_by_1 = {v.get("name") for v in (s.visible_event(e, 1) for e in s.events[start:]) if v is not None}
    assert "Nova C" in seen_by_1  # revealed
    assert not seen_by_1 & {"Nova A", "Other B", "Other D", "Other E"}


def test_a_life_card_added_face_up_is_seen_by_both_players():
    # Queen Mama Chanter adds a Character to the top of its owner's Life face up: both players
    # see it (OP-110: other Life cards stay secret to both).
    from pathlib import Path

    from tcg.core.scenario import Runner, load_scenarios

    spec = load_scenarios(Path(__file__).parents[1] / "scenarios/one_piece/cards/queen_mama_chanter.yaml")[0][0]
    s = Runner(spec, "queen_mama_chanter").state
    stage = s.zones[0]["stage"][0]
    s.apply(Action("activate", card=stage, effect=0))
    three = next(c for c in s.zones[0]["characters"] if s.cards[c].name == "Three")
    s.apply(Action("choose", card=three))
    assert s.zones[0]["life"] == [three] and not s.cards[three].face_down
    assert all(s.can_see(v, three) for v in (0, 1, None))
    secret = s.zones[1]["life"][0]
    assert not any(s.can_see(v, secret) for v in (0, 1, None))
    # every front end shows it where it lies; the other Life cards stay backs
    p = load_game("one_piece").presentation
    for viewer in (0, 1, None):
        life = s.observation(viewer)["players"][0]["zones"]["life"]
        assert life["count"] == 1 and [(v["name"], v["position"]) for v in life["shown"]] == [("Three", 0)]
        assert "shown" not in s.observation(viewer)["players"][1]["zones"]["life"]
        say = p.say("en", viewer, lambda c, v=viewer: s.name_of(c) if s.can_see(v, c) else None)
        zones = {z["name"]: z for z in p.board(s.observation(viewer), say)["players"][0]["zones"]}
        assert [f.get("name") for f in zones["life"]["cards"]] == ["Three"]
    from tcg.rl.encode import Encoder

    for seat in (0, 1):  # the RL encoder may name it too, as the rules of visibility allow
        assert Encoder.place(s, seat, three) == ("life", True)
        assert Encoder.place(s, seat, secret) is None


def _scenario_state(file: str, index: int = 0):
    from pathlib import Path

    from tcg.core.scenario import Runner, load_scenarios

    spec = load_scenarios(Path(__file__).parents[1] / f"scenarios/one_piece/cards/{file}")[index][0]
    return Runner(spec, file).state


def test_pacifista_may_be_in_a_deck_any_number_of_times(op):
    # OP01-075 "Under the rules of this game, you may have any number of this card in your deck":
    # OP-101's 4 copies do not apply to it (they still do to every other card).
    deck = parse_deck_text("[leader]\n1 Crocodile (ST03-001)\n[main]\n50 Pacifista (OP01-075)\n", "p.txt")
    assert op.check_deck(deck) == []
    five = parse_deck_text("[leader]\n1 Crocodile (ST03-001)\n[main]\n45 Pacifista (OP01-075)\n5 Pacifista\n", "q.txt")
    assert any("at most 4" in str(e) for e in op.check_deck(five))
    # official Q&A (OP-01): it does not allow a deck of 51 or more cards; the deck is still exactly 50
    big = parse_deck_text("[leader]\n1 Crocodile (ST03-001)\n[main]\n51 Pacifista (OP01-075)\n", "r.txt")
    assert any("exactly 50" in str(e) for e in op.check_deck(big))


def test_revealed_hand_cards_are_named_to_the_revealing_effects_controller_only():
    # Bao Huang: "your opponent reveals those cards" - the looked event names them to player 0;
    # a spectator (None) learns that cards were looked at, not which (OP-110: hands are secret).
    s = _scenario_state("bao_huang.yaml")
    start = len(s.events)
    s.apply(Action("play", card=s.zones[0]["hand"][0]))
    a = s.decision.data["blind"][0]  # chosen face down, by place (OP-110)
    s.apply(Action("choose", index=0))
    c = s.decision.data["blind"][1]  # the two left, held out again
    s.apply(Action("choose", index=1))
    looked = [e for e in s.events[start:] if e["type"] == "looked"]
    assert [e["name"] for e in looked] == [s.name_of(a), s.name_of(c)]
    for e in looked:
        assert s.visible_event(e, 0)["name"] == e["name"]
        assert "name" not in s.visible_event(e, None)


def test_the_opponent_choosing_from_a_hand_sees_no_names():
    # Kanjuro's [On K.O.]: "your opponent chooses 1 card from your hand" - the chooser's
    # observation offers the cards by id only (it cannot see the hand, OP-110).
    s = _scenario_state("kanjuro.yaml", 1)
    s.apply(Action("attack", card=s.zones[1]["characters"][0], target=s.zones[0]["characters"][0]))
    assert (s.decision.kind, s.decision.player) == ("target", 1)
    text = json.dumps(s.observation(1))
    assert "Keep" not in text and "Lose" not in text
    # offered by place in a shuffled order, never by id: a card the chooser saw go into that
    # hand (by id) cannot be picked knowingly
    assert s.observation(1)["legal_actions"] == [{"type": "choose", "index": 0}, {"type": "choose", "index": 1}]
    assert sorted(s.decision.data["blind"]) == sorted(s.zones[0]["hand"])
    picked = s.decision.data["blind"][1]
    s.apply(Action("choose", index=1))
    assert s.zones[0]["trash"][-1] == picked and picked not in s.zones[0]["hand"]


def test_a_shuffle_forgets_where_the_looked_at_cards_are():
    # Nami (OP01-016) looks at the top 5 cards (her player knows them, OP-110); Kurozumi
    # Orochi's search then shuffles the deck (a shuffled event): that knowledge is gone.
    from tcg.core.scenario import Runner

    spec = {"game": "one_piece", "cards": [
        {"name": "Lead", "type": "leader", "colors": ["red", "purple"], "power": 5000, "life": 5},
        {"name": "Other", "type": "character", "colors": ["red"], "cost": 1, "power": 1000}],
        "state": {"turn": 3, "phase": "main", "players": [
            {"cost_area_active": 2, "zones": {"leader": ["Lead"], "hand": ["Nami (OP01-016)", "Kurozumi Orochi"],
                                              "deck": ["Other"] * 6}},
            {"zones": {"leader": ["Lead"], "deck": ["Other"]}}]}}
    s = Runner(spec, "shuffle").state
    nami, orochi = s.zones[0]["hand"]
    s.apply(Action("play", card=nami))
    assert len(s.known_hidden(0) & set(s.zones[0]["deck"])) == 5
    s.apply(Action("play", card=orochi))
    assert any(e["type"] == "shuffled" and e["player"] == 0 for e in s.events)
    assert not s.known_hidden(0) & set(s.zones[0]["deck"])


def test_the_three_captains_decks_are_one_list_with_each_of_its_three_leaders(op):
    # ST-10 holds three Leaders (one is played): one deck file per Leader, the same 50 cards,
    # all of them in the product's set list.
    from tcg.carddb.sets import load_sets

    listed = next({c.name for c in s.data.cards} for s in load_sets(op.package_dir / "sets", list(op.cards())).sets
                  if s.data.set == "ST-10")
    decks = [op.deck(f"three_captains_{n}") for n in ("law", "luffy", "kid")]
    assert [d.cards("leader") for d in decks] == [["Trafalgar Law (ST10-001)"], ["Monkey.D.Luffy (ST10-002)"],
                                                  ['Eustass"Captain"Kid (ST10-003)']]
    assert decks[0].cards("main") == decks[1].cards("main") == decks[2].cards("main")
    assert {e.name for d in decks for e in d.entries} <= listed


def test_a_look_at_a_life_card_names_it_to_the_looker_only():
    # OP-110 (Life cards are secret to both players): Charlotte Pudding looks at the opponent's top
    # Life card; only her player's log names it, and it stays face down where it was put.
    from pathlib import Path

    from tcg.core.scenario import Runner, load_scenarios

    spec = load_scenarios(Path(__file__).parents[1] / "scenarios/one_piece/cards/charlotte_katakuri.yaml")[0][0]
    s = Runner(spec, "charlotte_katakuri").state
    start = len(s.events)
    katakuri = next(c for c in s.zones[0]["hand"] if s.cards[c].name == "Charlotte Katakuri")
    s.apply(Action("play", card=katakuri))
    s.apply(Action("choose", player=1))
    top = s.zones[1]["life"][0]
    looked = [e for e in s.events[start:] if e["type"] == "looked"]
    assert [e["card"] for e in looked] == [top]
    assert s.visible_event(looked[0], 0)["name"] == s.cards[top].name
    assert "name" not in s.visible_event(looked[0], 1) and "name" not in s.visible_event(looked[0], None)
    s.apply(Action("choose", option="to_bottom"))
    assert s.zones[1]["life"][-1] == top and s.cards[top].face_down
    assert not any(s.can_see(v, top) for v in (0, 1, None))
