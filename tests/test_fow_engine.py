"""Force of Will behaviour that scenarios cannot express: deck rules, set-up order, the
mulligan, who starts, options, determinism and errors that change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tcg.core.actions import Action
from tcg.core.decklist import parse_deck_text
from tcg.core.errors import DataError, IllegalActionError
from tcg.core.invariants import check_clone_isolation
from tcg.core.registry import load_game
from tcg.core.rng import Rng
from tcg.sim.loop import play_game

FOW = load_game("force_of_will")
RESONATOR = "Hunter in Black Forest"
STONE = "Magic Stone of Flame"
SPECIAL = "Magic Stone of Heat Ray"
RULER = "Aurelia of the Ember Crown"


def _deck(main: str, stones: str, ruler: str = f"1 {RULER}") -> str:
    return f"[ruler]\n{ruler}\n[main]\n{main}\n[magic_stone_deck]\n{stones}\n"


def _main(n: int) -> str:
    """n legal main-deck cards: four copies each of as many names as needed."""
    names = [c.name for c in FOW.cards().values() if c.type in ("resonator", "spell", "addition")]
    lines, left = [], n
    for name in names:
        take = min(4, left)
        lines.append(f"{take} {name}")
        left -= take
        if not left:
            break
    return "\n".join(lines)


def _errors(text: str) -> list[str]:
    return [str(e) for e in FOW.check_deck(parse_deck_text(text, "deck.txt"))]


def test_deck_construction():
    # FOW-T1 (FOW-5, FOW-6, FOW-7, FOW-8); FOW-123: 40 to 60 main-deck cards, as the sheet says
    assert _errors(_deck(_main(40), f"10 {STONE}")) == []
    assert any("FOW-5" in m for m in _errors(_deck(_main(39), f"10 {STONE}")))
    assert any("FOW-5" in m for m in _errors(_deck(_main(61), f"10 {STONE}")))
    assert any("FOW-5" in m for m in _errors(_deck(_main(40) + f"\n1 {STONE}", f"10 {STONE}")))
    assert any("FOW-6" in m for m in _errors(_deck(_main(40), f"9 {STONE}")))
    assert any("FOW-6" in m for m in _errors(_deck(_main(40), f"21 {STONE}")))
    assert any("FOW-7" in m for m in _errors(_deck(_main(40) + f"\n1 {RULER}", f"10 {STONE}")))
    assert any("FOW-8" in m for m in _errors(_deck(_main(36) + f"\n5 {RESONATOR}", f"10 {STONE}")))
    assert _errors(_deck(_main(40), f"12 {STONE}\n8 Magic Stone of Light")) == []  # basic: no limit
    assert any("FOW-8" in m for m in _errors(_deck(_main(40), f"5 {SPECIAL}\n5 {STONE}")))
    assert any("FOW-1" in m for m in _errors(_deck(_main(40), f"10 {STONE}", ruler="")))
    assert any("[sideboard]" in m for m in _errors(_deck(_main(40), f"10 {STONE}") + "[sideboard]\n1 Thunder\n"))
    for name in FOW.starter_decks():
        assert FOW.check_deck(FOW.deck(name)) == []


def _decks():
    return [FOW.deck(n) for n in sorted(FOW.starter_decks())[:2]]


def _to_turn_one(seed: int = 3, mulligan: tuple[int, ...] = ()) -> object:
    s = FOW.new_state(_decks(), seed=seed)
    s.apply(Action("choose", option="first"))
    return s


def test_who_starts_and_set_up_order():
    # FOW-2 (FOW-T2): a random player decides who starts; five cards; Lifebreak 6-9 in order
    choosers = set()
    for seed in range(12):
        s = FOW.new_state(_decks(), seed=seed)
        assert s.decision.kind == "first_player"
        choosers.add(s.deciding_player)
    assert choosers == {0, 1}
    s = FOW.new_state(_decks(), seed=3)
    chooser = s.deciding_player
    order = [list(s.zones[p]["main_deck"]) for p in (0, 1)]  # the shuffled decks, top first
    s.apply(Action("choose", option="second"))
    assert s.first_player == 1 - chooser
    for p in (0, 1):
        assert s.zones[p]["hand"] == order[p][:5]
    # mulligans in turn order (FOW-122): the starting player first; both keep
    assert s.decision.kind == "mulligan" and s.deciding_player == s.first_player
    s.apply(Action("mulligan", cards=()))
    assert s.deciding_player == 1 - s.first_player
    s.apply(Action("mulligan", cards=()))
    for p in (0, 1):
        assert s.zones[p]["lifebreak_area"] == order[p][5:9]  # FOW-14: top four, same order
        assert all(s.cards[c].face_down for c in s.zones[p]["lifebreak_area"])
        assert s.zones[p]["field"] == []  # FOW-4
        ruler = s.zones[p]["ruler_area"][0]
        assert not s.cards[ruler].tapped and not s.is_j_ruler(ruler)
    assert len(s.zones[s.first_player]["main_deck"]) == len(order[s.first_player]) - 9
    assert s.turn == 1 and s.phase == "main" and s.active == s.first_player
    assert len(s.zones[s.first_player]["hand"]) == 5  # FOW-31: no draw on the first turn


def test_mulligan_once_to_the_bottom():
    # FOW-3 (FOW-T3)
    s = _to_turn_one()
    p = s.deciding_player
    back = tuple(s.zones[p]["hand"][:2])
    s.apply(Action("mulligan", cards=back))
    assert len(s.zones[p]["hand"]) == 5 and not set(back) & set(s.zones[p]["hand"])
    assert s.deciding_player == 1 - p
    with pytest.raises(IllegalActionError):
        s.apply(Action("mulligan", cards=(s.zones[p]["hand"][0],)))  # p's turn to mulligan has passed


def test_mulligan_puts_cards_at_the_bottom():
    s = _to_turn_one()
    p = s.deciding_player
    deck_top = s.zones[p]["main_deck"][:2]
    back = tuple(s.zones[p]["hand"][:2])
    s.apply(Action("mulligan", cards=back))
    assert s.zones[p]["hand"][-2:] == deck_top  # the same number drawn from the top
    assert s.zones[p]["main_deck"][-2:] == list(back)  # FOW-3: the returned cards are at the bottom


def test_illegal_actions_change_nothing():
    # FOW-25, FOW-42, FOW-27: clear errors naming the rule, the state untouched
    s = _to_turn_one()
    s.apply(Action("mulligan", cards=()))
    s.apply(Action("mulligan", cards=()))
    p = s.active
    s.apply(Action("call_magic_stone"))
    if s.decision.kind == "window":  # the opponent may answer (a Lifebreak is always possible at 4000)
        s.apply(Action("pass"))
    assert s.decision.kind == "main" and s.deciding_player == p
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("call_magic_stone"))
    assert err.value.rule == "FOW-25"
    expensive = next(c for c in s.zones[p]["hand"] if sum(s.d(c).cost.values()) > 1 and s.d(c).type == "resonator")
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("summon", card=expensive))
    assert err.value.rule == "FOW-27"
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("attack", card=s.zones[p]["hand"][0], target="player"))
    assert err.value.rule == "FOW-42"
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_same_seed_same_game():
    # Deterministic: same seed, decks and agents give the same game, event for event.
    a, _ = play_game(FOW, _decks(), ["random", "random"], 11)
    b, _ = play_game(FOW, _decks(), ["random", "random"], 11)
    assert a.winner == b.winner and a.actions == b.actions and a.turns == b.turns


@pytest.mark.parametrize("options", [{"lifebreak": "false"}, {"chase": "modern"}, {"round_to_100": "false"}])
def test_options_play_whole_games(options):
    # FOW-121 (no Lifebreak area), FOW-103 (modern chase), FOW-109 (no rounding)
    for seed in range(3):
        s = FOW.new_state(_decks(), seed=seed, options=options)
        rng = Rng(seed)
        for _ in range(3000):
            if s.game_over:
                break
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            if options.get("lifebreak") == "false":
                assert not s.zones[0]["lifebreak_area"] and not s.zones[1]["lifebreak_area"]
                assert all(a.type != "lifebreak" for a in s.legal_actions())
        assert s.game_over


def test_unknown_option_is_rejected():
    with pytest.raises(DataError):
        FOW.new_state(_decks(), options={"chase": "sometimes"})


def test_hidden_information():
    # FOW-124: no observation shows the opponent's hand, decks, Lifebreak area or set chant-standbys
    s = _to_turn_one()
    s.apply(Action("mulligan", cards=()))
    s.apply(Action("mulligan", cards=()))
    obs = s.observation(0)
    them = obs["players"][1]["zones"]
    for zone in ("hand", "main_deck", "magic_stone_deck", "lifebreak_area"):
        assert set(them[zone]) == {"count"}
    mine = obs["players"][0]["zones"]
    assert set(mine["lifebreak_area"]) == {"count"}  # nobody looks at the Lifebreak area (FOW-120)
    assert isinstance(mine["hand"], list) and all("name" in v for v in mine["hand"])


def test_rule_agent_beats_random():
    ds = _decks()
    wins = sum(play_game(FOW, ds, ["rule", "random"], seed)[0].winner == 0 for seed in range(6))
    wins += sum(play_game(FOW, ds[::-1], ["random", "rule"], seed)[0].winner == 1 for seed in range(6))
    assert wins >= 10


def test_a_set_chant_standby_stays_secret_in_events():
    # FOW-124 (FOW-55: set face down): the opponent's event log never names it
    import yaml

    from tcg.core.scenario import Runner

    spec = yaml.safe_load("""
name: probe
game: force_of_will
cards:
  - {name: Lord, type: ruler, j_activate: {light: 2}, j_ruler: {name: Lord J, atk: 800, def: 800}}
  - {name: Filler, type: resonator, cost: {generic: 1}, atk: 100, def: 100}
  - {name: Secret Sigil, type: spell, subtype: chant_standby, cost: {generic: 1},
     trigger: {event: opponent_summons}, effects: [{do: gain_life, amount: 500}]}
  - {name: Light Stone, type: magic_stone, attributes: [light]}
state:
  turn: 3
  players:
    - zones: {ruler_area: [Lord], hand: [Secret Sigil], magic_stone_area: [Light Stone, Light Stone],
              main_deck: [Filler]}
    - zones: {ruler_area: [Lord], main_deck: [Filler]}
""")
    st = Runner(spec, "probe").state
    events = st.apply(next(a for a in st.legal_actions() if a.type == "set_chant_standby"))
    assert any("Secret Sigil" in str(st.visible_event(e, 0)) for e in events)  # its controller knows
    assert not any("Secret Sigil" in str(st.visible_event(e, 1)) for e in events)
    assert st.observation(1)["players"][0]["zones"]["chant_standby_area"] == [{"hidden": True}]


def test_card_index_counts_the_total_will_cost():
    # FOW-66: {fire: 1, generic: 2} costs 3 will in all, so `tcg cards search --cost-max` finds it by 3
    from tcg.carddb.fields import card_fields

    card = next(c for c in FOW.cards().values() if len(c.cost) == 2 and c.cost.get("generic"))
    fields = card_fields(card, FOW.card_to_json(card), "")
    assert fields.cost == sum(card.cost.values()) and fields.colors == list(card.attributes)


def test_a_clone_taken_while_paying_is_not_changed_by_the_original():
    # A clone taken during a declaration (a target or pay choice: flags["declaring"]) shares
    # that dict with the original (clone() copies flags one level deep); finishing the
    # declaration in the original must not change the clone's chase item (FOW-27, FOW-48).
    checked = 0
    for seed in range(6):
        s = FOW.new_state(_decks(), seed=seed)
        rng = Rng(seed)
        while not s.game_over and checked < 20:
            if "declaring" in s.flags:
                assert check_clone_isolation(s, lambda st: st.apply(st.legal_actions()[0]), k=5) == []
                checked += 1
            else:
                s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
    assert checked == 20


def test_cards_made_up_for_the_engine_are_marked_and_in_no_starter_deck():
    # Engine originals and the brief's fixtures (2.7) are not printed cards: `original: true`,
    # and no starter deck (ruler, main or stone deck) holds one.
    pool = FOW.cards()
    assert all(c.original for c in pool.values() if c.fixture or c.card_number.startswith("TCGE-FOW-"))
    for name in FOW.starter_decks():
        deck = FOW.deck(name)
        made_up = sorted({e.name for e in deck.entries if pool[e.name].original})
        assert made_up == [], f"{name} holds engine originals: {made_up}"


def test_the_rulebook_holds_every_decision_and_task_and_nothing_writes_the_legal_cache(monkeypatch):
    # Issue 15: every decision kind and task kind met in random games is in the FOW rulebook,
    # the state overrides none of the core's four hooks, and the game's own code never sets
    # the core's private legal-action cache (only State.legal_actions/apply/run may).
    import tcg.games.force_of_will
    from tcg.core.state import State
    from tcg.games.force_of_will.state import ForceOfWillState

    book = ForceOfWillState.RULEBOOK
    assert book is not None and book.prefix == "FOW"
    for hook in ("_generate_actions", "_resolve", "_run_task", "explain_illegal"):
        assert getattr(ForceOfWillState, hook) is getattr(State, hook), hook
    tasks: set[str] = set()

    def recording(step):  # each step recorded through the table itself (compiled code reads it too)
        def run(state, task):
            tasks.add(task.kind)
            return step(state, task)
        return run

    for kind, step in list(book.steps.items()):
        monkeypatch.setitem(book.steps, kind, recording(step))
    decisions: set[str] = set()
    for seed, options in ((1, None), (2, {"chase": "modern"}), (4, None)):
        s = FOW.new_state(_decks(), seed=seed, options=options)
        rng = Rng(seed)
        while not s.game_over:
            decisions.add(s.decision.kind)
            legal = s.legal_actions()
            junk = Action("summon", card=len(s.cards) + 5)
            assert s.explain_illegal(junk)[0] == "FOW-65"
            s.apply(legal[rng.below(len(legal))])
    assert decisions <= set(book.decisions) and {"main", "window", "pay", "target"} <= decisions
    assert tasks <= set(book.steps) and {"window", "resolve_chase", "cleanup", "declare"} <= tasks
    sources = list(Path(tcg.games.force_of_will.__file__).parent.glob("*.py"))
    if len(sources) > 3:  # the pure build (a compiled one keeps only the uncompiled modules' sources)
        assert all("._legal =" not in path.read_text() for path in sources)


def _recorded_as(rec, value, where):
    """``rec`` holds ``value`` as a record does: a recorded model as its record (every field
    and cached property, recursively), a tuple item by item, anything else equal."""
    from tcg.games.force_of_will.records import RECORD_CLASSES

    if type(value) in RECORD_CLASSES:
        assert type(rec) is RECORD_CLASSES[type(value)], where
        for name in _schema_names(type(value)):
            _recorded_as(getattr(rec, name), getattr(value, name), f"{where}.{name}")
    elif type(value) is tuple:
        assert type(rec) is tuple and len(rec) == len(value), where
        for i, (r, v) in enumerate(zip(rec, value, strict=True)):
            _recorded_as(r, v, f"{where}[{i}]")
    else:
        assert rec == value, where


def _schema_names(cls):
    from functools import cached_property

    return {*cls.model_fields, *(n for k in cls.__mro__ for n, v in vars(k).items() if isinstance(v, cached_property))}


def test_the_hot_path_records_follow_the_card_schema():
    # Issue 15: no hand-copied mirror of the schema. What the rules read at every decision
    # (FOW-27 "can I pay?", FOW-105 targets, FOW-52 [Activate]) are compiled records, one
    # class per model that declares exactly its fields and cached properties, filled from it.
    from tcg.games.force_of_will.records import RECORD_CLASSES, declared_names

    for model_cls, record_cls in RECORD_CLASSES.items():
        assert declared_names(record_cls) == _schema_names(model_cls), record_cls.__name__
    s = FOW.new_state(_decks(), seed=1)
    activations = 0
    for name, d in FOW.cards().items():
        _recorded_as(s.digest[name], d, name)
        activations += len(d.front_activations)
    assert activations  # [Activate] abilities (and their target checks) were compared too


def test_a_record_class_that_does_not_follow_its_model_is_refused():
    # Issue 15: a field or cached property added to the schema and not to the record (or a
    # record attribute the model lacks) fails when the first record is made, not later.
    from functools import cached_property

    from tcg.games.force_of_will.cards import Selector
    from tcg.games.force_of_will.records import AbilityRecord, SelectorRecord, record_names, schema_gap

    class Wider(Selector):
        extra: int = 0

    class Derived(Selector):
        @cached_property
        def more(self) -> bool:
            return True

    assert "'extra'" in schema_gap(SelectorRecord, Wider)
    assert "'more'" in schema_gap(SelectorRecord, Derived)
    gap = schema_gap(AbilityRecord, Selector)
    assert "declare ['all'," in gap and "remove ['banish', 'banish_self', 'cost'," in gap
    with pytest.raises(TypeError, match="AbilityRecord does not follow Selector"):
        record_names(AbilityRecord, Selector)
    assert schema_gap(SelectorRecord, Selector) == ""


def test_can_i_pay_answers_by_the_pool_of_the_state():
    # FOW-26, FOW-27: what a magic stone produces is its definition's; two pools that define
    # a stone differently answer differently for the same stones (the same card objects, as
    # a state sharing cards with another would hold). The old module-global memo, keyed by
    # the card objects alone, answered for the pool it met first.
    from tcg.games.force_of_will.cards import cost_key
    from tcg.games.force_of_will.payment import payer
    from tcg.games.force_of_will.state import ForceOfWillState

    fire = FOW.cards()
    flame = fire[STONE]
    water = {**fire, STONE: type(flame).model_validate({**flame.model_dump(), "attributes": ["water"]})}
    s1 = ForceOfWillState(fire, {}, 0)
    s1.new_card(STONE, 0, "magic_stone_area")
    assert payer(s1, 0)(cost_key({"fire": 1})) and not payer(s1, 0)(cost_key({"water": 1}))
    s2 = ForceOfWillState(water, {}, 0)
    s2.cards, s2.zones, s2.where = s1.cards[:], [{k: v[:] for k, v in z.items()} for z in s1.zones], s1.where[:]
    assert payer(s2, 0)(cost_key({"water": 1})) and not payer(s2, 0)(cost_key({"fire": 1}))


def test_a_search_shuffles_the_main_deck_with_a_shuffled_event():
    # FOW-21 (a search shuffles the deck): the core shuffle_zone's `shuffled` event makes the cards
    # looked at during the search unknown again (State.known_hidden)
    import yaml

    from tcg.core.scenario import Runner

    spec = yaml.safe_load("""
name: probe
game: force_of_will
cards:
  - {name: Lord, type: ruler, j_activate: {light: 2}, j_ruler: {name: Lord J, atk: 800, def: 800}}
  - {name: Filler, type: resonator, cost: {generic: 1}, atk: 100, def: 100}
state:
  turn: 3
  phase: main
  players:
    - zones: {ruler_area: [Lord], hand: ["Athos, the Three Musketeers"],
              magic_stone_area: [Magic Stone of Wind, Magic Stone of Wind, Magic Stone of Wind, Magic Stone of Wind],
              main_deck: [Filler, "Musketeer's Bayonet", Holy Grail]}
    - zones: {ruler_area: [Lord], main_deck: [Filler]}
""")
    st = Runner(spec, "probe").state
    events = list(st.apply(next(a for a in st.legal_actions() if a.type == "summon")))
    for _ in range(20):
        if not any(e["type"] == "searched" for e in events):
            legal = st.legal_actions()
            pick = next((a for a in legal if a.type == "choose" and a.get("card") is not None
                         and a.get("option") is None and st.cards[a.get("card")].name == "Musketeer's Bayonet"), None)
            events += st.apply(pick or next(a for a in legal if a.type == "pass"))
    assert [e["type"] for e in events if e["type"] in ("searched", "shuffled")] == ["searched", "shuffled"]
    assert next(e for e in events if e["type"] == "shuffled")["zone"] == "main_deck"
