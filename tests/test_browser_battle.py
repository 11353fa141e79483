"""Battles shown in the browser (issue 37 item 5): a One Piece game between two people, played
on the server to a Counter or Block step of seat 0, then its page and a spectator's.

The defender's page marks the attacker and the target (``attacking`` / ``attacked`` on the
cards, a badge each, an arrow) and says the battle line under the prompt, in the defender's
words ("… → your … : you need +…"); the spectator's in the third person. ``TCG_SCREENSHOTS=1``
writes the defender's page to ``docs/screenshots/battle.png``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tcg.core.rng import Rng
from tests.test_browser import SHOTS, LiveServer, browser, page_errors, server  # noqa: F401 (fixtures)
from tests.test_browser import pytestmark as browser_marks

pytestmark = browser_marks
DEFENDING = frozenset({"block", "counter"})


def play_to_a_defence(room: Any, seat: int, rng: Rng, limit: int = 600) -> None:
    """Answer both seats' decisions on the server (an attack whenever there is one) until
    ``seat`` defends against an attack."""
    for _ in range(limit):
        s = room.state
        assert not s.game_over, "the game ended before a battle"
        battle = s.battle_view()
        if battle and s.deciding_player == seat == 1 - battle["player"] and s.decision.kind in DEFENDING:
            return
        legal = s.legal_actions()
        attacks = [i for i, a in enumerate(legal) if a.type == "attack"]
        index = attacks[rng.below(len(attacks))] if attacks and rng.below(3) else rng.below(len(legal))
        room.act(s.deciding_player, room.decision_id, index)
    raise AssertionError("no battle reached")


def test_the_attack_is_marked_and_its_line_is_under_the_prompt(server: LiveServer, browser: Any,  # noqa: F811
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tcg.web.app.new_keyed_seed", lambda: "blake2b:" + "07" * 32)
    room_info = server.new_room(game="one_piece", opponent="person")
    room = server.room(room_info["room"])
    play_to_a_defence(room, 0, Rng(5))
    battle = room.state.battle_view()
    attacker, target = battle["attacker"], battle["target"]

    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = page_errors(page)
    page.goto(server.url + room_info["url"])
    page.wait_for_selector("#board .card.attacking")
    line = page.inner_text("#battle-line")
    assert "→ your " in line and (": you need +" in line or "falls" in line), line
    assert page.locator("#prompt + #battle-line").count() == 1  # right under the prompt
    assert page.get_attribute("#board .card.attacking", "data-card-id") == str(attacker)
    assert page.get_attribute("#board .card.attacked", "data-card-id") == str(target)
    assert page.inner_text("#board .card.attacking .battle-badge").endswith("Attacking")
    assert page.inner_text("#board .card.attacked .battle-badge").endswith("Attacked")
    assert page.locator("#battle-arrow line").count() == 1
    assert page.locator("#board .side.mine .card.attacked").count() == 1  # the target is on my side
    if os.environ.get("TCG_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.mouse.move(0, 0)
        page.screenshot(path=str(SHOTS / "battle.png"), full_page=True)

    watcher = browser.new_page()
    spectator_errors = page_errors(watcher)
    watcher.goto(f"{server.url}/play/{room_info['room']}")
    watcher.wait_for_selector("#board .card.attacked")
    spectator_line = watcher.inner_text("#battle-line")  # seats named by their decks (issue 37 item 10)
    assert spectator_line.startswith("Player 2 (Kaido)'s "), spectator_line
    assert "Player 1 (Sakazuki) needs +" in spectator_line or "falls" in spectator_line, spectator_line

    # the defender answers: the board is drawn again, and the marks with it (or gone with the battle)
    before = page.evaluate("document.body.dataset.decision")
    page.click("#actions button[data-index]")
    page.wait_for_function(f"() => document.body.dataset.decision !== '{before}'")
    page.wait_for_function("() => document.body.dataset.battle === String(Boolean(document.querySelector("
                           "'#board .card.attacking')))")
    assert not errors and not spectator_errors, errors + spectator_errors
    page.close()
    watcher.close()
