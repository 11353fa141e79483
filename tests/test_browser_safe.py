"""Safe defaults in a real Chromium (issue 37, item 2): the summon button pays without depleting
your spirits, a way that depletes one says so, is marked, and is sent only once confirmed.

Driven as tests/test_browser.py drives it (its LiveServer; Debian's chromium through Playwright,
marked ``browser``). The room's state is a scenario's, put in place before the page opens: the
finding's board (reserve 1, Chakrambat with its only core, Donor with two spare ones).
``TCG_SCREENSHOTS=1`` writes docs/screenshots/safe_defaults{,_phone}.png.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.test_browser import (
    CHROMIUM,
    HAVE_CHROMIUM,
    SHOTS,
    LiveServer,
    browser,
    page_errors,
    server,
)
from tests.test_safe_defaults import bs_state, card_id

__all__ = ["browser", "server"]  # the fixtures, shared with tests/test_browser.py

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"no Chromium at {CHROMIUM}")]


def finding_room(server: LiveServer) -> tuple[dict[str, Any], Any]:
    """A game between people whose state is the finding's board, player 0 to summon."""
    made = server.new_room(game="battle_spirits", opponent="person")
    room = server.room(made["room"])
    with room.lock:
        room.state = bs_state(1, [{"card": "Chakrambat", "cores": 1}, {"card": "Donor", "cores": 3}])
        room.on_apply = None  # the store's journal replays the room's seed, not this board
    return made, room


def shoot(page: Any, name: str) -> None:
    if os.environ.get("TCG_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


@pytest.mark.parametrize("viewport", [(1280, 720), (390, 844)])
def test_the_summon_button_is_safe_and_a_depleting_way_asks_first(server: LiveServer, browser: Any,
                                                                   viewport: tuple[int, int]) -> None:
    made, room = finding_room(server)
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    errors = page_errors(page)
    page.goto(server.url + made["url"])
    main = page.wait_for_selector("#actions button[data-type=summon]")
    assert "depletes" not in main.inner_text() and "harm" not in (main.get_attribute("class") or "")
    assert "Donor" in main.inner_text()  # paid with Donor's spare cores, not Chakrambat's only one
    # its other ways: the summon's pay step (choose.js), the safe way chosen, a source changed
    chakrambat = card_id(room.state, "Chakrambat")
    page.click("#actions button.pay-other")
    page.locator(f"#actions .pay-row[data-card-id='{chakrambat}'] button.pay-choice:not(.on)").first.click()
    page.wait_for_selector("#actions .step-bar .harm-text")
    assert "depletes Chakrambat" in page.inner_text("#actions .step-bar .harm-text")
    decision = page.evaluate("document.body.dataset.decision")
    page.click("#actions .step-bar button.confirm")
    box = page.wait_for_selector("#harm-confirm")
    assert "depletes Chakrambat" in box.inner_text() and box.is_visible()
    shoot(page, "safe_defaults" if viewport[0] > 700 else "safe_defaults_phone")
    page.click("#harm-confirm button.back")  # back: nothing sent
    assert page.query_selector("#harm-confirm") is None
    assert page.evaluate("document.body.dataset.decision") == decision and not room.state.history
    page.click("#actions .step-bar button.confirm")
    page.click("#harm-confirm button.confirm")
    page.wait_for_function(f"() => document.body.dataset.decision !== '{decision}'")
    assert card_id(room.state, "Chakrambat") not in room.state.zones[0]["field"]
    assert "Chakrambat (yours) is depleted" in page.inner_text("#log")
    assert not errors, errors
    page.close()
