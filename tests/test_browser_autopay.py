"""Auto-pay in a real Chromium (issue 37 item 3): in Force of Will playing a card is one click.

Driven as tests/test_browser.py drives it (its LiveServer and Chromium fixtures, marked
``browser``). The room's state is a position reached from the room's own decks and seed
(tests/test_autopay.py's ``play_then_pay``): the person may play a card whose will cost the
magic stones can pay in several ways (FOW-27). Under the default stops one click plays it, the
stones are rested for the person and the log says which; with *Ask me how to pay* chosen in the
stops panel the pay step appears. ``TCG_SCREENSHOTS=1`` writes docs/screenshots/autopay-stops.png
and autopay-log.png.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from tcg.core.actions import Action
from tcg.core.registry import load_game
from tests.test_autopay import play_then_pay
from tests.test_browser import CHROMIUM, HAVE_CHROMIUM, SHOTS, LiveServer, browser, page_errors, server

__all__ = ["browser", "server"]  # the fixtures, shared with tests/test_browser.py

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"no Chromium at {CHROMIUM}")]


def shoot(page: Any, name: str) -> None:
    if os.environ.get("TCG_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def open_room(server: LiveServer, browser: Any, game: str = "force_of_will") -> tuple[Any, Any, Action, list[str]]:
    """The page of seat 0 at the play-then-pay position, against the rule agent."""
    state, play, seed = play_then_pay(game)
    names = list(load_game(game).starter_decks())
    made = server.new_room(game=game, seed=seed, deck=names[seed % len(names)],
                           opponent_deck=names[(seed + 1) % len(names)])
    room = server.room(made["room"])
    with room.lock:
        room.state, room.on_apply = state, None  # the journal holds the room's first actions, not these
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = page_errors(page)
    page.goto(server.url + made["url"])
    page.wait_for_selector("#stops")
    return page, room, play, errors


def until(check: Any, what: str, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def click_play(page: Any, play: Action) -> str:
    decision = str(page.evaluate("document.body.dataset.decision"))
    page.click(f'#actions button[data-type="{play.type}"][data-card-id="{play.get("card")}"]')
    page.wait_for_function(f"() => document.body.dataset.decision !== '{decision}'")
    return decision


def test_playing_a_card_is_one_click_and_the_log_names_the_stones_rested(server: LiveServer, browser: Any) -> None:
    page, room, play, errors = open_room(server, browser)
    until(lambda: room.flow.stops[0] is not None, "the page sends its stops")
    assert room.flow.stops[0].payments == "auto"  # the default
    assert page.inner_text("#stops summary") == "Stops: Auto · auto-pay"
    page.click("#stops summary")
    assert page.is_checked("#stops-payments input[value=auto]")
    assert "Pay automatically (the default way)" in page.inner_text("#stops-payments")
    shoot(page, "autopay-stops")
    page.click("#stops summary")
    before = len(room.state.history)
    click_play(page, play)  # the one click
    line = page.wait_for_selector("#log [data-type=autopaid]")
    with room.lock:
        assert room.state.history[before] == play and room.state.history[before + 1].type == "pay"
        stones = [room.state.name_of(c) for c in room.state.history[before + 1].get("cards")]
    text = line.inner_text()
    assert line.is_visible() and text.endswith("(paid for you, the default way)") and all(s in text for s in stones)
    page.wait_for_function("() => document.body.dataset.mine === 'true'")
    assert page.query_selector("#actions[data-mode=pay]") is None  # never asked how to pay
    shoot(page, "autopay-log")
    assert not errors, errors
    page.close()


def test_with_ask_chosen_in_the_panel_the_pay_step_appears(server: LiveServer, browser: Any) -> None:
    page, room, play, errors = open_room(server, browser)
    until(lambda: room.flow.stops[0] is not None, "the page sends its stops")
    page.click("#stops summary")
    page.check("#stops-payments input[value=ask]")
    until(lambda: room.flow.stops[0] is not None and room.flow.stops[0].payments == "ask", "the page sends ask")
    assert page.inner_text("#stops summary") == "Stops: Auto · ask to pay"
    page.click("#stops summary")
    click_play(page, play)
    page.wait_for_selector("#actions[data-mode=pay], #actions button[data-type=pay]")
    with room.lock:
        assert room.state.decision is not None and room.state.decision.kind == "pay"
    assert page.query_selector("#log [data-type=autopaid]") is None
    page.reload()  # remembered by this browser
    page.wait_for_selector("#stops")
    assert page.inner_text("#stops summary") == "Stops: Auto · ask to pay"
    assert not errors, errors
    page.close()
