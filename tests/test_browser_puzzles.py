"""Puzzles in a real Chromium (issue 39): the puzzles page lists a game's puzzles with their goals in
the page's language; "Play" opens the position; the hint and the solution appear only when asked;
solving it by clicking shows the verdict with "try again" (the same position afresh) and "next
puzzle"; a failed try says why. ``TCG_SCREENSHOTS=1`` writes docs/screenshots/puzzle.png.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.test_browser import CHROMIUM, HAVE_CHROMIUM, SHOTS, LiveServer, browser, page_errors, server

__all__ = ["browser", "server"]  # the fixtures, shared with tests/test_browser.py

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"no Chromium at {CHROMIUM}")]
playwright_api = pytest.importorskip("playwright.sync_api")


def click_action(page: Any, words: str) -> None:
    """Click this page's action button whose text holds ``words`` and wait for the next state."""
    page.wait_for_function("() => document.body.dataset.mine === 'true'", timeout=30_000)
    decision = page.evaluate("document.body.dataset.decision")
    buttons = [b for b in page.query_selector_all("#actions button") if words in b.inner_text()]
    assert buttons, [b.inner_text() for b in page.query_selector_all("#actions button")]
    buttons[0].click()
    page.wait_for_function(f"() => document.body.dataset.decision !== '{decision}'")


def open_first_puzzle(server: LiveServer, page: Any, lang: str = "en") -> None:
    page.goto(f"{server.url}/puzzles?game=duel_masters&lang={lang}")
    page.wait_for_selector("#puzzles tbody tr[data-id='duel_masters/1'] button.play")
    page.click("#puzzles tbody tr[data-id='duel_masters/1'] button.play")
    page.wait_for_selector("#puzzle-goal")
    page.wait_for_selector("#board .side")


def test_a_puzzle_is_listed_opened_hinted_and_solved_by_clicking(server: LiveServer, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors = page_errors(page)
    open_first_puzzle(server, page)
    assert page.inner_text("#puzzle-goal") == "Goal: Win this turn"
    assert page.query_selector("#puzzle-hint") is None and page.query_selector("#puzzle-solution") is None
    page.click("#puzzle-hint-button")
    assert "blocker" in page.inner_text("#puzzle-hint")
    page.click("#puzzle-solution-button")
    assert "Small Attacker" in page.inner_text("#puzzle-solution")
    click_action(page, "Small Attacker")
    click_action(page, "Big Attacker")
    page.wait_for_selector("#puzzle-verdict")
    assert page.inner_text("#puzzle-verdict") == "✓ Solved: you won"
    if os.environ.get("TCG_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "puzzle.png"), full_page=True)
    first = page.url
    page.click("#puzzle-again")  # try again: the same position, a new room
    page.wait_for_function(f"() => location.href !== '{first}'")
    page.wait_for_selector("#puzzle-goal")
    page.wait_for_function("() => document.body.dataset.mine === 'true'")
    assert page.query_selector("#puzzle-verdict") is None and "1:" in page.inner_text("#puzzle .puzzle-title")
    assert not errors, errors
    page.close()


def test_a_failed_try_says_why_in_the_pages_language_and_offers_the_next_puzzle(server: LiveServer,
                                                                                browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors = page_errors(page)
    open_first_puzzle(server, page, "it")
    assert page.inner_text("#puzzle-goal") == "Obiettivo: Vinci in questo turno"
    for _ in range(20):  # the solver moves on at every decision: the turn ends without a win
        if page.query_selector("#puzzle-verdict"):
            break
        page.wait_for_function("() => document.body.dataset.mine === 'true' || !!document.querySelector"
                               "('#puzzle-verdict')", timeout=30_000)
        if page.query_selector("#puzzle-verdict"):
            break
        decision = page.evaluate("document.body.dataset.decision")
        buttons = page.query_selector_all("#actions button[data-index]")
        buttons[-1].click()  # the last button: end the turn / move on
        page.wait_for_function(f"() => document.body.dataset.decision !== '{decision}'")
    assert page.inner_text("#puzzle-verdict") == "✗ Non risolto: il turno è finito senza vittoria"
    page.click("#puzzle-next")
    page.wait_for_selector("#puzzle .puzzle-title")
    page.wait_for_function("() => document.querySelector('#puzzle .puzzle-title').textContent.includes('2:')")
    assert not errors, errors
    page.close()
