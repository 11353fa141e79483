"""The lasting-effect record (tcg.core.lasting): each form of ``until`` ends at its moment and
no other, records are never changed in place (clones stay apart), and they survive JSON.

The last tests show the checks failing on deliberately broken input or code, as
tests/test_invariants.py does for the conformance checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import tcg
from tcg.core import lasting
from tcg.core.invariants import check_json_round_trip
from tcg.core.registry import load_game
from tcg.core.state import State


def _state(turn: int = 3, active: int = 0) -> State:
    s = State({}, {}, seed=1)
    s.turn, s.active = turn, active
    return s


def _kinds(s: State) -> list[str]:
    return [e["kind"] for e in s.effects]


def _end_turn(s: State) -> list[Mapping[str, Any]]:
    """What a game's cleanup does: the turn ends, the other player's begins."""
    gone = lasting.expire(s, lasting.TURN)
    s.turn, s.active = s.turn + 1, 1 - s.active
    return gone


def test_until_the_end_of_the_turn_is_the_default_and_ends_with_the_turn() -> None:
    s = _state()
    rec = lasting.add(s, "atk", card=4, amount=700)
    assert rec["until"] == lasting.TURN
    assert lasting.expire(s, lasting.BATTLE) == [] and lasting.expire(s, lasting.start_of(1)) == []
    assert lasting.expire(s, lasting.TURN) == [rec]
    assert s.effects == []


def test_a_record_without_until_lasts_the_turn() -> None:
    s = _state()
    s.effects.append({"kind": "bp", "card": 1, "amount": 1000})  # as older states hold them
    assert len(lasting.expire(s, lasting.TURN)) == 1 and s.effects == []


def test_until_the_end_of_the_battle_ends_with_the_battle_or_the_turn() -> None:
    s = _state()
    lasting.add(s, "power", until=lasting.BATTLE, card=1)
    lasting.add(s, "cost", card=2)
    assert [e["kind"] for e in lasting.expire(s, lasting.BATTLE)] == ["power"]
    assert _kinds(s) == ["cost"]
    s2 = _state()
    lasting.add(s2, "power", until=lasting.BATTLE, card=1)
    assert len(lasting.expire(s2, lasting.TURN)) == 1


def test_a_game_moment_ends_its_records_then_or_with_the_turn() -> None:
    s = _state()
    lasting.add(s, "borrowed", until="end_phase", card=1, player=1)
    lasting.add(s, "atk", card=1, amount=1)
    assert _kinds(s) == ["borrowed", "atk"]
    assert [e["kind"] for e in lasting.expire(s, "end_phase")] == ["borrowed"]
    late = _state()
    lasting.add(late, "borrowed", until="end_phase", card=1, player=1)
    assert len(lasting.expire(late, lasting.TURN)) == 1


def test_until_the_start_of_a_players_turn_survives_the_end_of_the_turn() -> None:
    s = _state(active=0)
    lasting.add(s, "cannot_attack", until=lasting.start_of(0), card=1)
    _end_turn(s)
    assert lasting.expire(s, lasting.start_of(1)) == [] and len(s.effects) == 1
    _end_turn(s)
    assert len(lasting.expire(s, lasting.start_of(0))) == 1 and s.effects == []


def test_until_the_end_of_a_players_next_turn_counts_from_the_turn_before_it() -> None:
    s = _state(turn=3, active=0)  # made in player 0's own turn: their next turn is turn 5
    rec = lasting.add(s, "extra_battle_phases", until=lasting.next_turn_of(0), player=0, count=2)
    _end_turn(s)  # turn 3 ends
    assert s.effects == [rec]
    _end_turn(s)  # turn 4 (player 1's) ends: the next turn is player 0's
    assert s.effects[0]["until"] == 5 and s.effects[0]["count"] == 2
    assert rec["until"] == lasting.next_turn_of(0), "a record is never changed in place"
    _end_turn(s)  # turn 5 ends
    assert s.effects == []


def test_a_turn_number_lasts_to_the_end_of_that_turn() -> None:
    s = _state(turn=3)
    lasting.add(s, "power", until=4, card=1)  # Duel Masters' "until the end of your next turn"
    lasting.add(s, "power", until=3, card=2)
    _end_turn(s)
    assert [e["card"] for e in s.effects] == [1]
    _end_turn(s)
    assert s.effects == []


def test_a_permanent_record_lasts_until_its_card_or_source_leaves() -> None:
    s = _state()
    lasting.add(s, "equipped", until=lasting.LASTING, source=7, card=3)
    lasting.add(s, "equipped", until=lasting.LASTING, source=8, card=3)
    lasting.add(s, "skip_battle", until=lasting.LASTING, player=1)
    for moment in (lasting.TURN, lasting.BATTLE, lasting.start_of(0), "end_phase"):
        assert lasting.expire(s, moment) == []
    lasting.forget(s, 7)  # the Equip Spell leaves
    assert [e.get("source") for e in s.effects] == [8, None]
    lasting.forget(s, 3)  # the monster leaves
    assert _kinds(s) == ["skip_battle"]


def test_a_while_record_ends_when_its_condition_no_longer_holds() -> None:
    s = _state()
    lasting.add(s, "guard", until=lasting.WHILE, card=1, **{"while": "on_field"})
    assert lasting.expire(s, lasting.TURN) == []
    assert lasting.expire(s, lasting.TURN, holds=lambda st, rec: True) == []
    assert len(lasting.expire(s, lasting.BATTLE, holds=lambda st, rec: rec["while"] != "on_field")) == 1
    assert s.effects == []


def test_queries_first_total_remove_end() -> None:
    s = _state()
    a = lasting.add(s, "skip_main1", until=lasting.LASTING, player=1)
    twin = lasting.add(s, "skip_main1", until=lasting.LASTING, player=1)
    lasting.add(s, "atk", card=5, amount=300)
    lasting.add(s, "atk", card=5, amount=-100)
    lasting.add(s, "atk", card=6, amount=50)
    assert lasting.first(s, "skip_main1", player=1) is a
    assert lasting.first(s, "skip_main1", player=0) is None
    assert lasting.total(s, "atk", 5) == 200 and lasting.total(s, "def", 5) == 0
    assert len(lasting.of_kind(s, "atk")) == 3 and len(lasting.of_kind(s, "atk", card=6)) == 1
    lasting.remove(s, a)  # used up: its equal twin stays
    assert lasting.first(s, "skip_main1", player=1) is twin
    lasting.end(s, "atk", card=5)
    assert [(e["kind"], e.get("card")) for e in s.effects] == [("skip_main1", None), ("atk", 6)]


def test_expire_on_a_clone_leaves_the_original_alone() -> None:
    s = _state(turn=4, active=1)
    lasting.add(s, "extra_battle_phases", until=lasting.next_turn_of(0), player=0, count=2)
    lasting.add(s, "atk", card=1, amount=1)
    before = [dict(e) for e in s.effects]
    copy = s.clone()
    lasting.expire(copy, lasting.TURN)
    assert copy.effects == [{**before[0], "until": 5}]
    assert [dict(e) for e in s.effects] == before


def test_records_survive_the_json_round_trip() -> None:
    game = load_game("yugioh")
    s = game.new_state([game.deck(n) for n in sorted(game.starter_decks())[:2]], seed=2)
    lasting.add(s, "extra_battle_phases", until=lasting.next_turn_of(1), player=1, count=3)
    lasting.add(s, "extra_battle_phases", until=s.turn, player=0, count=2)
    lasting.add(s, "cannot_attack", until=lasting.start_of(0), card=1)
    assert check_json_round_trip(s) == []
    again = type(s).from_json(s.to_json())
    assert again.effects == s.effects


@pytest.mark.parametrize("until", [True, "", "start:", "next:x", "start:one"])
def test_a_malformed_until_is_refused_when_added(until: Any) -> None:
    s = _state()
    with pytest.raises(ValueError, match="until"):
        lasting.add(s, "atk", until=until, card=1, amount=1)
    assert s.effects == []


@pytest.mark.parametrize("until", [None, 2.5, ("turn",)])
def test_an_until_of_another_type_is_refused_when_added(until: Any) -> None:
    """(The compiled build refuses it at the call, with a TypeError naming the type.)"""
    s = _state()
    with pytest.raises((ValueError, TypeError)):
        lasting.add(s, "atk", until=until, card=1, amount=1)
    assert s.effects == []


@pytest.mark.skipif(tcg.compiled(), reason="compiled code calls its own _after, not the module attribute")
def test_the_clone_check_catches_a_record_changed_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deliberately broken: an ``expire`` that rewrites ``until`` in place would leak from a
    clone into the original; the clone test above would fail on it."""
    def in_place(e: Mapping[str, Any], moment: str, turn: int, active: int) -> Mapping[str, Any] | None:
        if str(e.get("until", "")).startswith("next:"):
            e["until"] = turn + 1  # type: ignore[index]
        return e
    monkeypatch.setattr(lasting, "_after", in_place)
    with pytest.raises(AssertionError):
        test_expire_on_a_clone_leaves_the_original_alone()


# ------------------------------------------------------------------ Force of Will (FOW-114)
def test_force_of_will_until_end_of_turn_ends_at_cleanup_and_lasting_when_the_card_leaves() -> None:
    """``modify`` records ``"turn"`` or ``"lasting"``: the cleanup ends the first (FOW-34), a
    new object (FOW-114) the second."""
    from tcg.core.actions import Action
    from tcg.games.force_of_will import turn
    from tcg.games.force_of_will.cards import Effect
    game = load_game("force_of_will")
    s: Any = game.new_state([game.deck(n) for n in sorted(game.starter_decks())[:2]], seed=3)
    s.apply(Action("choose", option="first"))
    cid = next(c for c in s.zones[0]["main_deck"] if s.d(c).type == "resonator")
    s.move(cid, "field")
    atk, def_ = s.stats(cid)
    s.do_effect(Effect(do="modify", atk=100, **{"def": 200}), 0, cid, (cid,))
    s.do_effect(Effect(do="modify", atk=300, duration="lasting"), 0, cid, (cid,))
    s.do_effect(Effect(do="gain_keyword", keyword="pierce"), 0, cid, (cid,))
    assert s.stats(cid) == (atk + 400, def_ + 200) and s.has(cid, "pierce")
    turn.cleanup(s)
    assert s.turn == 2 and [e["until"] for e in s.effects] == [lasting.LASTING]
    assert s.stats(cid) == (atk + 300, def_) and not s.has(cid, "pierce")
    s.do_effect(Effect(do="return_to_hand"), 0, cid, (cid,))
    assert s.zone_of(cid) == "hand" and s.effects == []


@pytest.mark.skipif(tcg.compiled(), reason="compiled code calls its own lasting functions, not the module attributes")
@pytest.mark.parametrize("broken", ["expire", "forget"])
def test_the_force_of_will_case_catches_a_broken_expiry(monkeypatch: pytest.MonkeyPatch, broken: str) -> None:
    """Deliberately broken: a cleanup that ends nothing, a card that leaves and keeps its effects."""
    monkeypatch.setattr(lasting, broken, lambda *args, **kw: [])
    with pytest.raises(AssertionError):
        test_force_of_will_until_end_of_turn_ends_at_cleanup_and_lasting_when_the_card_leaves()


# --------------------------------------------------------------------- the games' own boundaries
def _new_game(name: str) -> State:
    game = load_game(name)
    return game.new_state([game.deck(n) for n in sorted(game.starter_decks())[:2]], seed=1)


def _dm_creature_in_battle(s: Any, n: int = 0) -> int:
    """The ``n``-th creature card of player 0's deck, put into player 0's battle zone."""
    cid = [c for c in s.zones[0]["deck"] if s.d(c).type == "creature"][n]
    s.move(cid, "battle", player=0, tapped=False, entered_this_turn=False, attached=())
    return int(cid)


def test_on_reads_the_records_of_a_kind_on_a_card() -> None:
    s = _state()
    assert not lasting.on(s, "rush", 1)
    a = lasting.add(s, "rush", card=1)
    lasting.add(s, "rush", card=2)
    lasting.add(s, "banish", card=1)
    b = lasting.add(s, "rush", card=1, extra=True)
    assert lasting.on(s, "rush", 1) == [a, b] and lasting.on(s, "rush", 3) == []


def test_duel_masters_this_turn_and_next_turn_end_in_cleanup_and_when_the_creature_leaves() -> None:
    """DM-124 / the cleanup: a "this turn" bonus ends with the turn, a "next turn" one a turn
    later; both end when the creature leaves the battle zone (a new object)."""
    from tcg.core.state import Task
    from tcg.games.duel_masters import turn
    from tcg.games.duel_masters.cards import Effect
    from tcg.games.duel_masters.verbs import VERBS

    s: Any = _new_game("duel_masters")
    c, leaver = _dm_creature_in_battle(s), _dm_creature_in_battle(s, 1)
    base = s.power(c)
    s.change_power(c, 1000, "turn")
    s.change_power(c, 2000, "next_turn")
    VERBS["grant_keywords"](s, Effect(do="grant_keywords", target="self", keywords={"blocker": True}), 0, c, (c,))
    s.change_power(leaver, 3000, "next_turn")
    assert s.power(c) == base + 3000 and s.keyword(c, "blocker")
    s.leave(leaver, "hand")
    assert not lasting.on(s, "power", leaver)
    turn.cleanup(s, Task("cleanup"))
    assert s.power(c) == base + 2000 and not s.keyword(c, "blocker")
    turn.cleanup(s, Task("cleanup"))
    assert s.power(c) == base and s.effects == []


def test_one_piece_battle_turn_and_start_of_turn_records_end_at_their_boundaries() -> None:
    """OP-20 (this turn, this battle), OP-3 (until the start of a player's next turn), OP-113
    (a card that leaves the field loses what applies to it)."""
    from tcg.core.state import Task
    from tcg.games.one_piece import battle, turn
    from tcg.games.one_piece.cards import Effect
    from tcg.games.one_piece.verbs import VERBS

    s: Any = _new_game("one_piece")
    p = s.active
    leader, base = s.leader(p), s.power(s.leader(p))
    s.change_power(leader, 1000, "battle")
    s.change_power(leader, 2000, "turn")
    VERBS["cannot_attack"](s, Effect(do="cannot_attack", player="opponent"), 1 - p, leader, (leader,))
    VERBS["gain_double_attack"](s, Effect(do="gain_double_attack"), p, leader, (leader,))
    assert s.power(leader) == base + 3000 and s.has_double_attack(leader) and not s.can_attack(leader)
    battle.end_of_battle(s, Task("end_of_battle"))
    assert s.power(leader) == base + 2000
    turn.cleanup(s, Task("cleanup"))
    assert s.power(leader) == base and not s.has_double_attack(leader)
    assert [e["kind"] for e in s.effects] == ["cannot_attack"]
    turn.begin_turn(s, Task("begin_turn"))  # the other player's turn: it still holds
    assert [e["kind"] for e in s.effects] == ["cannot_attack"]
    s.turn, s.active = s.turn + 1, p
    turn.begin_turn(s, Task("begin_turn"))
    assert s.effects == []
    character = s.zones[p]["hand"][0]
    s.move(character, "characters")
    s.change_power(character, 1000, "turn")
    s.leave_field(character, "trash")
    assert s.effects == []
