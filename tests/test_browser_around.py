"""Around the game in a real Chromium (issue 37 item 10): the lobby's words for each opponent and
the decks' titles; the watch link, a spectator's third-person prompt and undo; the game-over panel
and a replay driven by its turn list and the arrow keys. Few pages, each checking several things.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.test_browser import (
    CHROMIUM,
    HAVE_CHROMIUM,
    LiveServer,
    browser,
    hidden_names,
    page_errors,
    server,
    wait_my_turn_or_end,
)

__all__ = ["browser", "server"]  # the fixtures, shared with tests/test_browser.py

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"no Chromium at {CHROMIUM}")]
playwright_api = pytest.importorskip("playwright.sync_api")


def answer_last(page: Any) -> None:
    """Answer this page's decision with its last button, and wait for the next state."""
    decision = page.evaluate("document.body.dataset.decision")
    page.query_selector_all("#actions button[data-index]")[-1].click()
    page.wait_for_function(f"() => document.body.dataset.decision !== '{decision}'")


def test_the_lobby_describes_each_opponent_and_shows_deck_titles(server: LiveServer, browser: Any) -> None:
    page = browser.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/?lang=it&game=one_piece")
    page.wait_for_function("() => document.body.dataset.lang === 'it'")
    page.select_option("#opponent", "expert")
    assert "1 s a mossa" in page.inner_text("#opponent-about")
    page.select_option("#opponent", "normal")
    assert "priorità" in page.inner_text("#opponent-about")
    labels = page.eval_on_selector_all("#opponent option", "os => os.map((o) => o.textContent)")
    assert labels[:4] == ["Facile", "Normale", "Difficile", "Esperto"]  # the levels (issue 39)
    titles = page.eval_on_selector_all("#opponent-deck option", "os => os.map((o) => o.textContent)")
    assert "ST-04 Animal Kingdom Pirates (Kaido)" in titles and "animal_kingdom_pirates" not in titles
    page.select_option("#deck", "animal_kingdom_pirates")
    page.select_option("#opponent-deck", "straw_hat_crew")
    page.click("#start")
    page.wait_for_selector("#board .side")
    page.wait_for_function("() => document.querySelector('#seat-label').dataset.seat === '0'")
    assert page.inner_text("#seat-label") == "Tu (Kaido)"
    headings = [h.inner_text() for h in page.query_selector_all("#board .side h2")]
    assert headings == ["L'avversario (Luffy)", "Tu (Kaido)"]
    assert not errors, errors
    page.close()


def test_a_spectator_watches_in_the_third_person_and_the_player_undoes(server: LiveServer, browser: Any) -> None:
    """The creator's browser holds the seat's secret, yet the watch address seats nobody."""
    room = server.new_room(game="duel_masters", seed=5, opponent="rule")
    context = browser.new_context()
    player = context.new_page()
    errors = page_errors(player)
    player.goto(server.url + room["url"])
    assert wait_my_turn_or_end(player)
    watch = player.get_attribute("#watch-link", "href")
    assert watch == f"{server.url}/watch/{room['room']}" and room["token"] not in watch
    assert player.is_hidden("#undo")  # nothing decided yet
    while player.evaluate("document.querySelectorAll('#actions button[data-index]').length") < 2:
        answer_last(player)
    answer_last(player)
    assert wait_my_turn_or_end(player)
    live = server.room(room["room"])
    player.wait_for_selector("#undo:not([hidden])")
    spectator = context.new_page()
    spectator.goto(watch)
    spectator.wait_for_function(f"() => document.body.dataset.decision === '{live.decision_id}'")
    assert spectator.get_attribute("#seat-label", "data-seat") == ""
    prompt = spectator.inner_text("#prompt")
    assert prompt.startswith("Player 1 (Fire & Nature) is ") and not re.search(r"\byou(r)?\b", prompt, re.I)
    assert not [n for n in hidden_names(live.state, None) if n in spectator.content()]
    before = len(live.state.history)
    decision = player.evaluate("document.body.dataset.decision")
    player.click("#undo")
    player.wait_for_function(f"() => document.body.dataset.decision !== '{decision}'")
    assert len(live.state.history) < before and live.state.deciding_player == 0
    spectator.wait_for_function(f"() => document.body.dataset.decision === '{live.decision_id}'")
    assert not errors, errors
    context.close()


def test_the_game_over_panel_and_a_replay_jumped_by_turn_with_the_keys(server: LiveServer, browser: Any,
                                                                        tmp_path: Path) -> None:
    room = server.new_room(game="duel_masters", seed=3, opponent="rule")
    page = browser.new_page()
    errors = page_errors(page)
    page.goto(server.url + room["url"])
    for _ in range(6):  # a few turns in (the last button: moving on)
        if not wait_my_turn_or_end(page):
            break
        answer_last(page)
    if wait_my_turn_or_end(page):
        page.once("dialog", lambda d: d.accept())
        page.click("#concede")
    page.wait_for_selector("#endgame #endgame-replay")
    assert [b.inner_text() for b in page.query_selector_all("#endgame a, #endgame button")] == \
        ["Replay", "Rematch", "New game"]
    assert page.get_attribute("#endgame-new", "href") == "/?game=duel_masters"
    page.click("#endgame-replay")
    page.wait_for_selector("#turns button[data-turn]")
    starts = [int(b.get_attribute("data-step")) for b in page.query_selector_all("#turns button[data-turn]")]
    assert len(starts) >= 3 and starts == sorted(starts)
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.keyboard.press("Shift+ArrowRight")  # the next turn's start
    page.wait_for_function(f"() => document.body.dataset.step === '{next(s for s in starts if s > 0)}'")
    turn = page.evaluate("document.body.dataset.turn")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.body.dataset.step === '{next(s for s in starts if s > 0) + 1}'")
    page.keyboard.press("Shift+ArrowLeft")  # back to this turn's start
    page.wait_for_function(f"() => document.body.dataset.turn === '{turn}' && "
                           f"document.body.dataset.step === '{next(s for s in starts if s > 0)}'")
    page.keyboard.press("End")
    total = server.app.state.store.replay(server.room(room["room"]).stored_as).actions
    page.wait_for_function(f"() => document.body.dataset.step === '{len(total)}'")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.click(f"#turns button[data-step='{starts[2]}']")
    page.wait_for_function(f"() => document.body.dataset.step === '{starts[2]}'")
    assert "Player 1 (Fire & Nature)" in page.inner_text("#board") and " P0" not in page.inner_text("#log")
    page.goto(server.url + "/replays")
    page.wait_for_selector("#games tbody tr")
    assert "Fire & Nature beatdown" in page.inner_text("#games tbody")
    assert not errors, errors
    page.close()
