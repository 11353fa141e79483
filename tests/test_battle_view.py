"""Battles shown (issue 37 item 5): the attack going on, per game, as each viewer sees it.

A state mid-battle is built from a scenario set-up (tcg/core/scenario.py) with the packaged
cards, so that the printed numbers behind a modifier are known. For the attacking player, the
defending player and a spectator: ``board["battle"]`` names the attacker and the target (a card
or the player), its line says power against power and what the defender needs, the line is
under the prompt of the block / counter / Flash / response decision (browser message and
terminal), and a face-down Yu-Gi-Oh! defender's DEF stays hidden.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from rich.console import Console

from tcg.core.presentation import Json
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.scenario import Runner
from tcg.core.state import State

SPECTATOR = None


def scenario(game: str, state: Mapping[str, Any], steps: Sequence[Mapping[str, Any]] = (),
             cards: Sequence[Mapping[str, Any]] = ()) -> State:
    runner = Runner({"name": "battle view", "game": game, "cards": list(cards), "state": dict(state)}, "test")
    for i, step in enumerate(steps):
        runner.do_step(step, f"step {i + 1}")
    return runner.state


def battle(state: State, viewer: int | None, lang: str = "en") -> Json | None:
    """``board["battle"]`` as ``viewer`` gets it (the web's namer: only cards the viewer may see)."""
    from tcg.web.views import say_for

    board = state.GAME.presentation.board(state.observation(viewer), say_for(state, viewer, lang))
    out: Json | None = board["battle"]
    return out


def line(state: State, viewer: int | None, lang: str = "en") -> str:
    b = battle(state, viewer, lang)
    assert b is not None, "no battle on the board"
    return str(b["line"])


def card(state: State, name: str) -> int:
    """The id of the card ``name`` on the board (not in a deck or a hand)."""
    return next(c.id for c in state.cards
                if c.name == name and state.ZONE_VISIBILITY.get(state.where[c.id][1], "public") == "public")


# ---------------------------------------------------------------------- One Piece
KAIDO, LUFFY = "Kaido (ST04-001)", "Monkey.D.Luffy (ST01-001)"


def one_piece_counter_step() -> State:
    """Kaido (5000) attacks Luffy (5000) with Counters in Luffy's hand: the Counter step."""
    return scenario("one_piece", {"turn": 3, "phase": "main", "players": [
        {"zones": {"leader": [KAIDO], "deck": ["Shachi"]}},
        {"cost_area_active": 2, "zones": {"leader": [LUFFY], "hand": ["Shachi", "Bartolomeo"], "life": ["Shachi"],
                                          "deck": ["Shachi"]}}]},
        [{"player": 0, "type": "attack", "card": f"p0:{KAIDO}", "target": f"p1:{LUFFY}"}])


def test_one_piece_counter_step_says_what_the_defender_needs() -> None:
    s = one_piece_counter_step()
    assert s.decision is not None and s.decision.kind == "counter" and s.decision.player == 1
    kaido, luffy = card(s, KAIDO), card(s, LUFFY)
    for viewer in (0, 1, SPECTATOR):
        b = battle(s, viewer)
        assert b is not None and (b["attacker"], b["target"], b["player"], b["defender"]) == (kaido, luffy, 0, 1)
    assert line(s, 1) == f"{KAIDO} 5000 → your {LUFFY} 5000: you need +1000"
    assert line(s, 0) == f"Your {KAIDO} 5000 → {LUFFY} 5000: the opponent needs +1000"
    assert line(s, SPECTATOR) == f"P0's {KAIDO} 5000 → P1's {LUFFY} 5000: P1 needs +1000"
    assert line(s, 1, "it") == f"{KAIDO} 5000 → il tuo {LUFFY} 5000: ti serve +1000"


def test_one_piece_a_counter_shows_as_a_modifier_and_the_attack_falls_short() -> None:
    s = one_piece_counter_step()
    shachi = next(c for c in s.zones[1]["hand"] if s.cards[c].name == "Shachi")
    runner_step = {"type": "counter", "card": shachi, "target": card(s, LUFFY)}
    s.apply(next(a for a in s.legal_actions() if a.type == runner_step["type"] and a.get("card") == shachi
                 and a.get("target") == runner_step["target"]))
    assert line(s, 1) == f"{KAIDO} 5000 → your {LUFFY} 6000 (+1000): the attack falls 1000 short"


def test_one_piece_block_step_carries_the_line_and_the_blocker_becomes_the_target() -> None:
    s = scenario("one_piece", {"turn": 3, "phase": "main", "players": [
        {"zones": {"leader": [KAIDO], "deck": ["Shachi"]}},
        {"zones": {"leader": [LUFFY], "characters": ["Bartolomeo"], "hand": ["Shachi"], "life": ["Shachi"],
                   "deck": ["Shachi"]}}]},
        [{"player": 0, "type": "attack", "card": f"p0:{KAIDO}", "target": f"p1:{LUFFY}"}])
    assert s.decision is not None and s.decision.kind == "block"
    assert line(s, 1) == f"{KAIDO} 5000 → your {LUFFY} 5000: you need +1000"
    s.apply(next(a for a in s.legal_actions() if a.type == "block"))
    assert s.decision is not None and s.decision.kind == "counter"
    b = battle(s, 1)
    assert b is not None and b["target"] == card(s, "Bartolomeo")
    assert b["line"] == f"{KAIDO} 5000 → your Bartolomeo 2000: you need +4000"


# ---------------------------------------------------------------------- Duel Masters
def test_duel_masters_block_step_says_the_shields_it_breaks_and_a_battle_power_against_power() -> None:
    s = scenario("duel_masters", {"turn": 3, "phase": "attack", "players": [
        {"zones": {"battle": ["Zagaan, Knight of Darkness"], "deck": ["Bloody Squito"]}},
        {"zones": {"battle": ["Bloody Squito"], "shields": ["Bloody Squito"] * 3, "deck": ["Bloody Squito"]}}]},
        [{"player": 0, "type": "attack", "card": "Zagaan, Knight of Darkness", "target": "player"}])
    assert s.decision is not None and s.decision.kind == "block"
    b = battle(s, 1)
    assert b is not None and b["target"] == "player" and b["defender"] == 1
    assert b["line"] == "Zagaan, Knight of Darkness 7000 → you: breaks 2 shields"
    assert line(s, 0) == "Your Zagaan, Knight of Darkness 7000 → the opponent: breaks 2 shields"
    assert line(s, SPECTATOR) == "P0's Zagaan, Knight of Darkness 7000 → P1: breaks 2 shields"
    assert line(s, 1, "pl") == "Zagaan, Knight of Darkness 7000 → ty: łamie 2 tarcze"
    s.apply(next(a for a in s.legal_actions() if a.type == "block"))  # the blocker battles it (DM-110)
    # the battle resolves at once: no decision is left inside it, so no battle either
    assert s.decision is None or battle(s, 1) is None


def test_duel_masters_attack_on_a_creature_tells_who_is_destroyed() -> None:
    s = scenario("duel_masters", {"turn": 3, "phase": "attack", "players": [
        {"zones": {"battle": ["Zagaan, Knight of Darkness"], "deck": ["Bloody Squito"]}},
        {"zones": {"battle": [{"card": "Bloody Squito", "tapped": True}, "Dark Clown"], "shields": ["Bloody Squito"],
                   "deck": ["Bloody Squito"]}}]},
        [{"player": 0, "type": "attack", "card": "Zagaan, Knight of Darkness", "target": "Bloody Squito"}])
    assert s.decision is not None and s.decision.kind == "block"  # Dark Clown may block
    assert line(s, 1) == ("Zagaan, Knight of Darkness 7000 → your Bloody Squito 4000: "
                          "your Bloody Squito is destroyed")


# ---------------------------------------------------------------------- Yu-Gi-Oh!
def yugioh_face_down_attack() -> State:
    """Battle Ox (1700) attacks a face-down Mystical Elf (DEF 2000); its controller holds Waboku."""
    return scenario("yugioh", {"turn": 3, "active": 0, "phase": "battle_step", "players": [
        {"zones": {"monster_zone": ["Battle Ox"], "hand": ["Silver Fang"]}},
        {"zones": {"monster_zone": [{"card": "Mystical Elf", "position": "face_down_defense"}],
                   "spell_trap_zone": ["Waboku"]}}]},
        [{"player": 0, "type": "attack", "card": "Battle Ox", "target": "p1:Mystical Elf"}])


def test_yugioh_a_face_down_defenders_def_is_not_revealed() -> None:
    s = yugioh_face_down_attack()
    assert s.decision is not None and s.decision.kind == "response" and s.decision.player == 1
    elf = card(s, "Mystical Elf")
    for viewer in (0, SPECTATOR):
        b = battle(s, viewer)
        assert b is not None and b["target"] == elf
        assert b["line"].endswith("face-down card ? DEF"), b["line"]
        assert "2000" not in json.dumps(b) and "Mystical Elf" not in json.dumps(b)
    # its controller sees it: the DEF, and what the battle would do (YGO-19: the attacker's player is hurt)
    assert line(s, 1) == "Battle Ox 1700 ATK → your Mystical Elf 2000 DEF: the opponent takes 300 damage"
    assert line(s, 1, "it") == "Battle Ox 1700 ATK → il tuo Mystical Elf 2000 DEF: l'avversario subisce 300 danni"
    log = [e for e in s.events if e["type"] == "attack"][-1]
    assert "target_def" not in log and "target_atk" not in log  # the log line says "? DEF" too


def test_yugioh_atk_against_atk_and_a_direct_attack() -> None:
    s = scenario("yugioh", {"turn": 3, "active": 0, "phase": "battle_step", "players": [
        {"zones": {"monster_zone": ["Battle Ox"]}},
        {"zones": {"monster_zone": ["Silver Fang"], "spell_trap_zone": ["Waboku"]}}]},
        [{"player": 0, "type": "attack", "card": "Battle Ox", "target": "Silver Fang"}])
    assert line(s, 1) == ("Battle Ox 1700 ATK → your Silver Fang 1200 ATK: "
                          "your Silver Fang is destroyed, you take 500 damage")
    assert line(s, 0) == ("Your Battle Ox 1700 ATK → Silver Fang 1200 ATK: "
                          "Silver Fang is destroyed, the opponent takes 500 damage")
    s = scenario("yugioh", {"turn": 3, "active": 0, "phase": "battle_step", "players": [
        {"zones": {"monster_zone": ["Battle Ox"]}}, {"zones": {"spell_trap_zone": ["Waboku"]}}]},
        [{"player": 0, "type": "attack", "card": "Battle Ox", "target": "player"}])
    b = battle(s, 1)
    assert b is not None and b["target"] == "player" and b["line"] == "Battle Ox 1700 ATK → you: you take 1700 damage"


# ---------------------------------------------------------------------- Battle Spirits
def test_battle_spirits_flash_and_block_say_bp_against_bp() -> None:
    s = scenario("battle_spirits", {"turn": 3, "phase": "attack_declaration", "players": [
        {"zones": {"field": [{"card": "Hercules-Geo", "cores": 3}], "deck": ["Beatbeetle"]}},
        {"reserve": 3, "zones": {"field": [{"card": "Shockeater", "cores": 1}], "hand": ["Wild Power"],
                                 "deck": ["Beatbeetle"]}}]},
        [{"player": 0, "type": "attack", "card": "Hercules-Geo"}])
    assert s.decision is not None and s.decision.kind == "flash" and s.decision.player == 1  # Flash step 1
    assert line(s, 1) == "Hercules-Geo 6000 BP → you: you lose 1 life"
    while s.decision is not None and s.decision.kind == "flash":  # both pass
        s.apply(next(a for a in s.legal_actions() if a.type == "pass"))
    assert s.decision is not None and s.decision.kind == "block"
    b = battle(s, 1)
    assert b is not None and b["target"] == "player" and b["line"] == "Hercules-Geo 6000 BP → you: you lose 1 life"
    assert line(s, 1, "it") == "Hercules-Geo 6000 BP → tu: perdi Vite: 1"
    s.apply(next(a for a in s.legal_actions() if a.type == "block"))
    assert s.decision is not None and s.decision.kind == "flash"  # Flash step 2: Wild Power could save it
    assert line(s, 1) == "Hercules-Geo 6000 BP → your Shockeater 3000 BP: your Shockeater is destroyed"
    assert line(s, SPECTATOR) == "P0's Hercules-Geo 6000 BP → P1's Shockeater 3000 BP: P1's Shockeater is destroyed"


# ---------------------------------------------------------------------- Force of Will
FOW_CARDS = [{"name": "Lord", "type": "ruler", "attributes": ["light"], "j_activate": {"light": 2},
              "j_ruler": {"name": "Lord J", "atk": 800, "def": 800}}]


def force_of_will_block_step(target: str) -> State:
    """Cyclops (1500/500) attacks the player or a rested Dante (1000/800); a recovered Spire
    Shadow Drake (700/600) may block."""
    s = scenario("force_of_will", {"turn": 3, "phase": "main", "players": [
        {"zones": {"ruler_area": ["Lord"], "field": ["Cyclops, the One-eyed Giant"], "main_deck": ["Dante"]}},
        {"zones": {"ruler_area": ["Lord"], "field": [{"card": "Dante", "rested": True}, "Spire Shadow Drake"],
                   "main_deck": ["Dante"]}}]},
        [{"player": 0, "type": "attack", "card": "Cyclops, the One-eyed Giant", "target": target}], FOW_CARDS)
    while s.decision is not None and s.decision.kind == "window":  # the chase after the attack: both pass
        assert battle(s, s.decision.player) is not None
        s.apply(next(a for a in s.legal_actions() if a.type == "pass"))
    assert s.decision is not None and s.decision.kind == "block"
    return s


def test_force_of_will_atk_def_against_atk_def() -> None:
    s = force_of_will_block_step("player")
    b = battle(s, 1)
    assert b is not None and b["target"] == "player"
    assert b["line"] == "Cyclops, the One-eyed Giant 1500/500 → you: you take 1500 damage"
    s = force_of_will_block_step("Dante")
    b = battle(s, 1)
    assert b is not None and b["target"] == card(s, "Dante")
    assert b["line"] == "Cyclops, the One-eyed Giant 1500/500 → your Dante 1000/800: both are destroyed"
    assert line(s, 0, "it") == "Il tuo Cyclops, the One-eyed Giant 1500/500 → Dante 1000/800: entrambi sono distrutti"


# ---------------------------------------------------------------------- the prompt, in both front ends
def test_the_line_is_under_the_prompt_of_the_counter_decision_in_the_browser_and_the_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tcg.cli import play_cmd
    from tcg.web.rooms import Room, Seat
    from tcg.web.views import state_message

    s = one_piece_counter_step()
    room = Room(id="r", game=s.GAME, state=s, seed=1, decks=[], seats=[Seat("a", "t0"), Seat("b", "t1")])
    message = state_message(room, 1, "en")
    assert message["board"]["header"]["prompt"] and message["actions"]
    assert message["board"]["battle"]["line"] == f"{KAIDO} 5000 → your {LUFFY} 5000: you need +1000"
    console = Console(record=True, width=200)
    monkeypatch.setattr(play_cmd, "out", console)
    session = play_cmd.Session(s, 1, None, ["a", "b"])
    session.decision(s.observation(1))
    text = console.export_text()
    prompt_at = text.index("Your decision:")
    assert text.index(f"{KAIDO} 5000 → your {LUFFY} 5000: you need +1000") > prompt_at


# ---------------------------------------------------------------------- every game, any battle
def battle_problems(state: State) -> list[str]:
    """What a battle may never do, for each viewer: name a card that is not on that viewer's
    board (a card in a deck or a hand), or name a card hidden from them, or leave a sentence
    half filled. A card hidden from the viewer (a face-down monster) is "a face-down card" and
    its numbers ``?``."""
    from tcg.core.presentation import _views_by_id

    problems: list[str] = []
    view = state.battle_view()
    if view is None:
        return problems
    ids = [view[k] for k in ("attacker", "target", "blocker") if isinstance(view.get(k), int)]
    for viewer in (0, 1, SPECTATOR):
        obs = state.observation(viewer)
        on_board = _views_by_id(obs)
        problems += [f"the battle names card {c} ({state.where[c][1]}), not on P{viewer}'s board"
                     for c in ids if c not in on_board]
        b = battle(state, viewer)
        if b is None or not b["line"] or "{" in b["line"]:
            problems.append(f"P{viewer}'s battle line is {b and b['line']!r}")
            continue
        for c in ids:
            if viewer is None or not state.can_see(viewer, c):
                hidden = state.cards[c].face_down and state.cards[c].controller != viewer
                if hidden and (state.cards[c].name in b["line"] or "?" not in b["line"]):
                    problems.append(f"P{viewer}'s battle line shows hidden card {c}: {b['line']}")
    return problems


def test_the_checker_finds_a_battle_naming_a_card_off_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep's checker fails on a battle broken on purpose: its attacker a card in a hand."""
    s = yugioh_face_down_attack()
    assert battle_problems(s) == []
    broken = {**(s.battle_view() or {}), "attacker": s.zones[0]["hand"][0]}
    monkeypatch.setattr(type(s), "battle_view", lambda self: broken)
    assert any("not on P" in p for p in battle_problems(s))


@pytest.mark.parametrize("game", game_names())
def test_every_battle_of_a_game_is_shown_within_what_each_viewer_may_know(game: str) -> None:
    g = load_game(game)
    decks = [g.deck(d) for d in sorted(g.starter_decks())[:2]]
    state = g.new_state(decks, seed=4)
    rng = Rng(4)
    battles = 0
    while not state.game_over and len(state.history) < 1200 and battles < 60:
        if state.battle_view() is not None:
            battles += 1
            assert not battle_problems(state), battle_problems(state)
        legal = state.legal_actions()
        attacks = [a for a in legal if a.type in ("attack", "block")]
        state.apply(attacks[rng.below(len(attacks))] if attacks and rng.below(3) else legal[rng.below(len(legal))])
    assert battles, f"{game}: no battle in the game"
