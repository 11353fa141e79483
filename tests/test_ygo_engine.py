"""Yu-Gi-Oh! behaviour that scenarios cannot express: the duel's start, deck rules, errors."""

from __future__ import annotations

import json
import re

import pytest

from tcg.core.actions import Action
from tcg.core.decklist import parse_deck_text
from tcg.core.errors import IllegalActionError
from tcg.core.registry import load_game


@pytest.fixture(scope="module")
def ygo():
    return load_game("yugioh")


@pytest.fixture(scope="module")
def decks(ygo):
    return [ygo.deck(name) for name in sorted(ygo.starter_decks())[:2]]


def test_duel_start(ygo, decks):
    # YGO-101: 8000 LP; YGO-103: five cards each, no mulligan; YGO-107: the first player does not draw.
    s = ygo.new_state(decks, seed=4)
    assert [c["lp"] for c in s.counters] == [8000, 8000]
    assert [len(z["hand"]) for z in s.zones] == [5, 5]
    assert [len(z["deck"]) for z in s.zones] == [35, 35]
    assert s.phase == "main1" and s.deciding_player == s.first_player
    assert all(a.type != "mulligan" for a in s.legal_actions())


def test_first_player_is_random(ygo, decks):
    # YGO-103: who starts is decided at random.
    assert {ygo.new_state(decks, seed=n).first_player for n in range(20)} == {0, 1}


def test_card_ids_say_nothing_about_the_card(ygo, decks):
    # Face-down cards are named by id (REFERABLE_FACE_DOWN), so ids are given after shuffling.
    names = [tuple(c.name for c in ygo.new_state(decks, seed=n).cards[:40]) for n in range(3)]
    assert len(set(names)) == 3


def test_deck_rules(ygo):
    # YGO-102: Main Deck 40-60, Extra Deck and Side Deck at most 15, three copies.
    four = [str(e) for e in ygo.check_deck(parse_deck_text("4 Battle Ox\n", "d.txt"))]
    assert any("d.txt:1" in m and "at most 3" in m for m in four)
    assert any("at least 40" in m for m in four)
    big = "\n".join(f"3 {n}" for n in ["Battle Ox", "Celtic Guardian", "Gemini Elf", "Luster Dragon", "Vorse Raider",
                                       "Feral Imp", "Silver Fang", "Mystical Elf", "Beaver Warrior", "Mystic Horseman",
                                       "Giant Soldier of Stone", "Alexandrite Dragon", "Dark Magician",
                                       "Summoned Skull", "Red-Eyes Black Dragon", "Gaia The Fierce Knight",
                                       "Blue-Eyes White Dragon", "La Jinn the Mystical Genie of the Lamp",
                                       "Timeater", "Dupe Frog", "Pot of Greed"])
    assert any("at most 60" in str(e) for e in ygo.check_deck(parse_deck_text(big, "big.txt")))
    for name in sorted(ygo.starter_decks()):
        assert ygo.check_deck(ygo.deck(name)) == []


def test_a_fusion_monster_belongs_in_the_extra_deck_and_a_main_deck_card_not(ygo):
    # YGO-102: the Extra Deck holds Fusion Monsters (and their kin), the Main Deck the others
    from tcg.games.yugioh.cards import YugiohCard

    pool = {**ygo.cards(), "Test Fusion": YugiohCard(name="Test Fusion", type="monster", monster_kind="fusion",
                                                     level=5, materials=["Battle Ox", "Celtic Guardian"])}
    text = "3 Battle Ox\n1 Test Fusion\n[extra]\n1 Test Fusion\n1 Celtic Guardian\n"
    errors = {(e.line, e.message) for e in ygo.check_deck(parse_deck_text(text, "d.txt"), pool)}
    assert (2, "Test Fusion belongs in the Extra Deck ([extra]), not [main] (YGO-102)") in errors
    assert (5, "Celtic Guardian belongs in the Main Deck ([main]), not [extra] (YGO-102)") in errors
    assert not any(line == 4 for line, _ in errors)
    assert ygo.deck_section(pool["Test Fusion"]) == "extra" and ygo.deck_section(pool["Battle Ox"]) == "main"


def test_illegal_actions_name_the_rule_and_change_nothing(ygo, decks):
    # YGO-134: a second Normal Summon, an attack in the first turn, a trap from the hand.
    s = ygo.new_state(decks, seed=1)
    p = s.deciding_player
    summon = next(a for a in s.legal_actions() if a.type == "normal_summon")
    s.apply(summon)
    before = json.dumps(s.to_json(), sort_keys=True)
    other = next((c for c in s.zones[p]["hand"] if s.d(c).type == "monster"), None)
    if other is not None:
        with pytest.raises(IllegalActionError) as err:
            s.apply(Action("normal_summon", card=other))
        assert err.value.rule == "YGO-112"
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("attack", card=summon.get("card"), target="player"))
    assert err.value.rule == "YGO-2"
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_random_duels_end(ygo, decks):
    # YGO-129 / YGO-130: every random duel ends by LP, deck-out or a draw.
    from tcg.sim.loop import play_game

    for seed in range(5):
        result, _ = play_game(ygo, decks, ["random", "random"], seed)
        assert result.reason in ("lp", "deck_out", "draw")


def test_concede(ygo, decks):
    # YGO-132: a player may concede, and the opponent then wins.
    s = ygo.new_state(decks, seed=3)
    waiting = 1 - s.deciding_player
    s.concede(waiting)
    assert s.winner == 1 - waiting and s.game_over and s.legal_actions() == []
    assert s.events[-1] == {"type": "game_over", "winner": 1 - waiting, "reason": "concede"}
    with pytest.raises(IllegalActionError):
        s.concede(0)


SET_CODE = re.compile(r"^[A-Z0-9]{2,5}-(EN)?[A-Z0-9]{0,3}\d{1,3}$")
RARITIES = {"Common", "Short Print", "Rare", "Super Rare", "Ultra Rare", "Secret Rare", "Prismatic Secret Rare",
            "Ultimate Rare", "Gold Rare"}


def test_every_packaged_card_has_its_first_printing(ygo):
    # Card data (issue 14): every printed card carries the set code of its first TCG printing and
    # the rarity of that printing; a card made up for the engine says so with `original: true`.
    missing = [name for name, card in ygo.cards().items()
               if not card.original and not (SET_CODE.match(card.set_code) and card.rarity in RARITIES)]
    assert missing == []


def test_no_original_card_in_a_starter_deck(ygo):
    originals = {name for name, card in ygo.cards().items() if card.original}
    for name in ygo.starter_decks():
        assert originals.isdisjoint(ygo.deck(name).cards()), name


def test_card_facts_fixed_by_the_review(ygo):
    # issue 14: Types, set codes and the printed name as in the official database
    cards = ygo.cards()
    assert cards["Hane-Hane"].race == "Beast"
    assert cards["Gene-Warped Warwolf"].race == "Beast-Warrior"
    assert cards["Left Leg of the Forbidden One"].set_code == "LOB-121"
    assert cards["Right Leg of the Forbidden One"].set_code == "LOB-120"
    assert "Steel Ogre Grotto #1" in cards and "Steel Ogre Grotto 1" not in cards


def test_a_deck_list_may_name_steel_ogre_grotto_1() -> None:
    # The printed name "Steel Ogre Grotto #1" holds a '#': followed by a digit it is no comment.
    deck = parse_deck_text("# Machines\n3 Steel Ogre Grotto #1  # the first of two\n2 Dark Magician #fav\n")
    assert [(e.count, e.name) for e in deck.entries] == [(3, "Steel Ogre Grotto #1"), (2, "Dark Magician")]
    assert "Steel Ogre Grotto #1" in load_game("yugioh").cards()


def test_the_rulebook_holds_every_decision_and_task_of_random_duels(ygo, decks):
    # Issue 15: every decision kind and task kind a duel meets is in the YGO rulebook, and the
    # state dispatches through it (no switchboard of its own).
    from tcg.core.rng import Rng
    from tcg.core.state import State
    from tcg.games.yugioh.rules import RULEBOOK

    state_class = type(ygo.new_state(decks, seed=1))
    assert state_class.RULEBOOK is RULEBOOK
    for hook in ("_generate_actions", "_resolve", "_run_task", "explain_illegal", "enter_phase"):
        assert getattr(state_class, hook) is getattr(State, hook), hook
    for seed in range(1, 6):
        rng, s = Rng(seed), ygo.new_state(decks, seed=seed)
        while not s.game_over:
            assert s.decision.kind in RULEBOOK.decisions
            assert all(t.kind in RULEBOOK.steps for t in s.tasks)
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])


def test_the_game_writes_no_private_field_of_the_core():
    # Issue 15: a game keeps its own data; the core's private fields (the legal-action cache
    # `_legal`) are the core's alone.
    from pathlib import Path

    import tcg.games.yugioh as package

    folder = Path(package.__file__).parent
    for path in sorted(folder.glob("*.py")):
        writes = re.findall(r"\.(_[A-Za-z]\w*)\s*(?:\+|-)?=(?!=)", path.read_text())
        assert not writes, f"{path.name} writes {writes}"


def test_negating_a_chain_link_leaves_a_clone_unchanged() -> None:
    # Clone isolation (issue 14, item 13) for YGO-120's negation: the negated link is a new
    # chain list (tcg.core.stack.Stack.update), never an edit of the list a clone shares.
    from pathlib import Path

    import yaml

    from tcg.core.invariants import CloneProbe
    from tcg.core.scenario import Runner

    path = Path(__file__).resolve().parent.parent / "scenarios" / "yugioh" / "chains_and_spell_speed.yaml"
    spec = next(d for d in yaml.safe_load_all(path.read_text(encoding="utf-8"))
                if d["name"].startswith("A Counter Trap negates"))
    spec = {**spec, "steps": spec["steps"][:4], "expect": None}  # both Test Negates wait on the chain
    runner = Runner(spec, str(path))
    runner.run()
    state = runner.state
    probe = CloneProbe(state)
    state.apply(Action("pass"))  # the chain resolves: the top Test Negate negates the link below it
    assert not probe.problems()


def _run_case(file: str, starts: str):
    """The state at the end of the scenario case of ``scenarios/yugioh/cards/<file>`` named ``starts...``."""
    from pathlib import Path

    import yaml

    from tcg.core.scenario import Runner

    path = Path(__file__).resolve().parent.parent / "scenarios" / "yugioh" / "cards" / file
    spec = next(d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d["name"].startswith(starts))
    runner = Runner({**spec, "expect": None}, str(path))
    runner.run()
    return runner.state


def _named_to(state, viewer: int, kind: str) -> list[str]:
    """The card names the events of ``kind`` show ``viewer``."""
    out = []
    for ev in state.events:
        if ev.get("type") == kind:
            seen = state.visible_event(ev, viewer)
            if seen is not None and "name" in seen:
                out.append(seen["name"])
    return out


def test_the_inexperienced_spy_shows_one_card_of_the_hand_to_its_player_only() -> None:
    # The Inexperienced Spy: a private look (State.show_privately): player 0's log names the card,
    # player 1's says only that a card was looked at; player 0 knows it afterwards.
    s = _run_case("the_inexperienced_spy.yaml", "The Inexperienced Spy looks")
    seen = _named_to(s, 0, "looked")
    assert len(seen) == 1 and seen[0] in {"Vorse Raider", "Dark Hole"}
    assert _named_to(s, 1, "looked") == []
    assert len([e for e in s.events if e.get("type") == "looked"]) == 1
    assert {s.cards[c].name for c in s.known_hidden(0)} == set(seen)


def test_ancient_telescope_shows_the_top_five_cards_to_its_player_only() -> None:
    s = _run_case("ancient_telescope.yaml", "Ancient Telescope looks")
    assert _named_to(s, 0, "looked") == ["Vorse Raider", "Dark Hole", "Sogen", "Fissure", "Raigeki"]
    assert _named_to(s, 1, "looked") == []


def test_the_stern_mystic_reveals_face_down_cards_to_both_players() -> None:
    # A public reveal: each player is shown every face-down card (their own Set cards included),
    # the revealed event itself names none.
    s = _run_case("the_stern_mystic.yaml", "The Stern Mystic flipped")
    revealed = {"Dark Hole", "Man-Eater Bug", "Trap Hole"}
    for viewer in (0, 1):
        assert set(_named_to(s, viewer, "looked")) == revealed
        assert _named_to(s, viewer, "revealed") == []
    assert {s.cards[c].name for c in s.known_hidden(0)} == {"Man-Eater Bug", "Trap Hole"}
    assert {s.cards[c].name for c in s.known_hidden(1)} == {"Dark Hole"}


def test_de_spell_reveals_a_set_trap_to_both_players() -> None:
    s = _run_case("de_spell.yaml", "De-Spell on a Set Trap")
    assert _named_to(s, 0, "looked") == ["Trap Hole"] and _named_to(s, 1, "looked") == ["Trap Hole"]


def test_an_illegal_extra_normal_summon_names_its_rule_and_changes_nothing() -> None:
    # Ultimate Offering's extra_summon decision: a card not in the hand, or a Level 5 without its
    # tribute, is refused with the summon's own rule (YGO-112 / YGO-113), not "Main Phase only".
    from pathlib import Path

    import yaml

    from tcg.core.scenario import Runner

    path = Path(__file__).resolve().parent.parent / "scenarios" / "yugioh" / "cards" / "ultimate_offering.yaml"
    spec = next(d for d in yaml.safe_load_all(path.read_text(encoding="utf-8"))
                if d["name"].startswith("Ultimate Offering's summon comes on top"))
    # the activation, then its player's pass (the effect may be chained to itself)
    runner = Runner({**spec, "steps": spec["steps"][:2], "expect": None}, str(path))
    runner.run()
    s = runner.state
    assert s.decision is not None and s.decision.kind == "extra_summon"
    before = json.dumps(s.to_json(), sort_keys=True)
    skull = next(c for c in s.zones[0]["hand"] if s.cards[c].name == "Summoned Skull")
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("normal_summon", card=skull))
    assert err.value.rule == "YGO-113"
    ultimate = next(c for c in s.zones[0]["spell_trap_zone"] if s.cards[c].name == "Ultimate Offering")
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("set_monster", card=ultimate))
    assert err.value.rule == "YGO-112"
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_random_duels_of_the_official_starter_decks_end(ygo):
    # Starter Deck: Yugi against Starter Deck: Kaiba (issue 18's official lists): random duels end,
    # by LP, deck-out or a draw, whichever deck goes first.
    from tcg.sim.loop import play_game

    decks = [ygo.deck("starter_deck_yugi"), ygo.deck("starter_deck_kaiba")]
    for seed in range(4):
        result, _ = play_game(ygo, decks if seed % 2 else decks[::-1], ["random", "random"], seed)
        assert result.reason in ("lp", "deck_out", "draw")


def test_a_searched_deck_is_shuffled_and_what_was_seen_of_it_is_forgotten() -> None:
    """A deck search shuffles the deck (official rule; YGO-131's add-to-hand): a ``shuffled``
    event is told to both players, and a card of that deck seen before (a private look) is
    no longer known where it was (State.known_hidden)."""
    from tcg.core.scenario import Runner

    spec = {"game": "yugioh", "cards": [
        {"name": "Deck Search", "type": "spell", "spell_kind": "normal",
         "effect": {"effects": [{"do": "add_to_hand", "target": {"player": "self", "zone": "deck",
                                                                  "types": ["monster"]}}]}}],
        "state": {"turn": 3, "active": 0, "phase": "main1", "players": [
            {"zones": {"hand": ["Deck Search"], "deck": ["Battle Ox", "Kojikocy", "Sogen", "Vorse Raider"]}},
            {"zones": {"deck": ["Sogen"]}}]}}
    s = Runner(spec, "search").state
    bottom = s.zones[0]["deck"][-1]
    s.show_privately(1, [bottom])  # the opponent once saw that card (an Ancient Telescope, say)
    assert bottom in s.known_hidden(1)
    s.apply(Action("activate", card=s.zones[0]["hand"][0]))
    while s.decision is not None and s.decision.kind != "main":
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.type == "choose"), legal[0]))
    shuffles = [e for e in s.events if e["type"] == "shuffled"]
    assert [(e["player"], e["zone"]) for e in shuffles] == [(0, "deck")]
    assert all(s.visible_event(shuffles[0], v) == shuffles[0] for v in (0, 1, None))
    assert bottom not in s.known_hidden(1)


def test_damage_step_audit_of_the_pool(ygo):
    # Issue 36 (6), YGO-20 (a): "changes ATK/DEF directly" is derived from the verbs
    # (CardEffect.changes_atk_def), no hand-set flag. The audit of every Quick-Play Spell, Trap and
    # quick effect of the pool against the official rulings: the ones the Damage Step admits (at
    # will) are the three ATK/DEF changers and no other; Reverse Trap is not one (Konami's OCG FAQ).
    at_will = {}
    pool = ygo.cards()
    for name, d in pool.items():
        eff = d.effect
        if eff is None or d.original or d.spell_speed < 2 or "damage_step" not in d.activation_contexts:
            continue
        at_will[name] = eff.changes_atk_def or eff.mandatory or d.trap_kind == "counter" or eff.negates_activation
    assert {n for n, ok in at_will.items() if ok} == {"Rush Recklessly", "Reinforcements", "Castle Walls"}
    assert {"Reverse Trap", "Waboku", "Mystical Space Typhoon", "Two-Pronged Attack"} <= set(at_will)
    assert not pool["Reverse Trap"].effect.changes_atk_def


def test_statuses_end_where_the_card_goes(ygo, decks):
    # Issue 36 (7): one rule (effects.statuses_end) for every move. Leaving the field ends what
    # applies to the card; a hidden zone (hand, Deck, Extra Deck, banished face-down) ends what it
    # keeps in public places (BEARER records: "properly summoned"); the GY and face-up banishment keep it.
    from tcg.games.yugioh.queries import BEARER
    s = ygo.new_state(decks, seed=1)
    monster = s.zones[0]["hand"][0]
    s.move(monster, "monster_zone", player=0)
    s.effects = [{"kind": "atk", "card": monster, "amount": 700, "until": "turn"},
                 {"kind": "summoned_properly", BEARER: monster, "until": "lasting"}]
    s.move(monster, "graveyard")
    assert [e["kind"] for e in s.effects] == ["summoned_properly"]
    s.move(monster, "banished", face_down=False)
    assert [e["kind"] for e in s.effects] == ["summoned_properly"]
    s.move(monster, "deck")
    assert s.effects == []
    s.effects = [{"kind": "summoned_properly", BEARER: monster, "until": "lasting"}]
    s.move(monster, "banished", face_down=True)
    assert s.effects == []


def test_every_verb_has_its_activation_predicate() -> None:
    # [standard] activation legality derived from the verbs: one predicate per verb (verbs.FEASIBLE).
    from tcg.games.yugioh.cards import Effect
    from tcg.games.yugioh.verbs import FEASIBLE, VERBS

    assert set(FEASIBLE) == set(VERBS)
    assert set(VERBS) == set(Effect.model_fields["do"].annotation.__args__)


def test_both_players_at_zero_lp_in_one_event_is_a_draw(ygo, decks) -> None:
    # YGO-129: both players' LP reaching 0 at the same time is a draw (the state check after the event
    # looks at both); one at a time, the first decides.
    s = ygo.new_state(decks, seed=3)
    s.lose_lp(0, 8000)
    s.lose_lp(1, 9000)
    assert s.winner is None  # decided by the state check that follows the event
    s.state_check()
    assert s.winner == "draw"
    assert [e["winner"] for e in s.events if e["type"] == "game_over"] == ["draw"]
    s = ygo.new_state(decks, seed=3)
    s.lose_lp(1, 8000)
    s.state_check()
    s.lose_lp(0, 8000)
    s.state_check()
    assert s.winner == 0


def test_a_state_check_runs_after_every_step(ygo, decks) -> None:
    # One state check after every step and every answer (the rulebook's settle): LP set to 0 by any
    # rule ends the Duel before the next decision.
    from tcg.games.yugioh.rules import RULEBOOK

    assert RULEBOOK.settle is not None
    s = ygo.new_state(decks, seed=5)
    s.counters[1 - s.active]["lp"] = 0
    s.apply(s.legal_actions()[0])
    assert s.winner == s.active and s.legal_actions() == []


def test_a_card_whose_effect_cannot_be_carried_out_is_refused_naming_why() -> None:
    # [standard] activation legality from the verbs: Pot of Greed with one card in the Deck is not
    # offered, and activating it anyway is an error naming the rule and the verb; the state is unchanged.
    from pathlib import Path

    import yaml

    from tcg.core.scenario import Runner

    path = Path(__file__).resolve().parent.parent / "scenarios" / "yugioh" / "cards" / "pot_of_greed.yaml"
    spec = next(d for d in yaml.safe_load_all(path.read_text(encoding="utf-8"))
                if d["name"] == "Pot of Greed cannot be activated with one card in the Deck")
    runner = Runner({**spec, "steps": [], "expect": None}, str(path))
    runner.run()
    s = runner.state
    before = json.dumps(s.to_json(), sort_keys=True)
    pot = next(c for c in s.zones[0]["hand"] if s.cards[c].name == "Pot of Greed")
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("activate", card=pot))
    assert err.value.rule == "YGO-118" and "could not be carried out now (draw)" in str(err.value)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_both_opening_hands_holding_the_forbidden_one_is_a_draw(ygo) -> None:
    # YGO-131 with the state check after every event: the five pieces dealt to both opening hands at
    # once is a draw (Yugipedia, "DRAW": "this can also happen during the initial draw"); to one, a win.
    from tcg.games.yugioh.state import YugiohState

    pieces = "\n".join(f"1 {n}" for n in ["Exodia the Forbidden One", "Left Arm of the Forbidden One",
                                          "Right Arm of the Forbidden One", "Left Leg of the Forbidden One",
                                          "Right Leg of the Forbidden One"])
    exodia = parse_deck_text(pieces + "\n", "exodia.txt")
    s = ygo.new_state([exodia, exodia], seed=1)
    assert isinstance(s, YugiohState) and s.winner == "draw"
    assert [e["winner"] for e in s.events if e["type"] == "game_over"] == ["draw"]
    other = parse_deck_text("5 Battle Ox\n", "ox.txt")
    s = ygo.new_state([other, exodia], seed=1)
    assert s.winner == 1 and s.legal_actions() == []
