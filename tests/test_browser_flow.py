"""The opponent seen acting and the stops panel, in Chromium (issue 37 items 3 and 4).

One paced server (``pace`` 0.3 s, as ``tcg serve`` paces its agents) and two pages: a game the
agent starts (its page opens first, says the opponent is thinking, marks the agent's cards,
disables its buttons the moment it answers and keeps a stale answer's refusal to itself), and
the stops panel (a setting survives a reload and reaches the server). ``TCG_SCREENSHOTS=1``
writes docs/screenshots/flow-thinking.png and flow-stops.png.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tcg.core.stops import Stops
from tests.live_server import LiveApp
from tests.test_browser import (
    CHROMIUM,
    HAVE_CHROMIUM,
    LiveServer,
    browser,
    page_errors,
)
from tests.test_browser_layout import SHOTS

__all__ = ["browser"]  # the fixtures, shared with tests/test_browser.py

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"no Chromium at {CHROMIUM}")]
playwright_api = pytest.importorskip("playwright.sync_api")
PACE = 0.3


class PacedServer(LiveServer):
    """test_browser's live server (its rooms and requests), its agents paced."""

    def __init__(self, db: Path) -> None:
        from tcg.web.app import create_app
        from tcg.web.limits import Caps

        LiveApp.__init__(self, create_app(db, caps=Caps(rooms_per_client=100), pace=PACE))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PacedServer]:
    live = PacedServer(tmp_path_factory.mktemp("flow") / "games.sqlite3")
    live.start()
    yield live
    live.stop()


def shot(page: Any, name: str) -> None:
    if os.environ.get("TCG_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.mouse.move(0, 0)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def doubling(page: Any) -> tuple[list[str], list[str]]:
    """Routes the page's WebSocket through the test: every ``act`` reaches the server twice (a
    second click the page itself would not send). Returns the server's messages, as seen, and
    the page's ``act`` messages."""
    seen: list[str] = []
    acts: list[str] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def up(message: str | bytes) -> None:
            server.send(message)
            if isinstance(message, str) and '"type":"act"' in message.replace(" ", ""):
                acts.append(message)
                server.send(message)

        def down(message: str | bytes) -> None:
            seen.append(message if isinstance(message, str) else "")
            ws.send(message)

        ws.on_message(up)
        server.on_message(down)

    page.route_web_socket("**/ws/*", route)
    return seen, acts


def test_the_page_opens_first_shows_the_opponent_acting_and_answers_once(server: PacedServer, browser: Any) -> None:
    answer = server.new_room(game="duel_masters", seed=1, opponent="rule")  # the agent decides first
    room = server.room(answer["room"])
    time.sleep(2 * PACE)
    assert not room.state.history, "the agent moved before its opponent's page opened"
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = page_errors(page)
    seen, acts = doubling(page)
    page.goto(server.url + answer["url"])
    page.wait_for_selector("#thinking", timeout=10_000)
    thinking = page.inner_text("#thinking")
    page.wait_for_selector("#board .card.acted", timeout=20_000)  # the agent's card, marked as it acts
    shot(page, "flow-thinking")
    page.wait_for_function("() => document.body.dataset.mine === 'true'", timeout=30_000)
    assert not page.query_selector("#thinking")
    decision = page.evaluate("document.body.dataset.decision")
    # one click, then every button is disabled before any answer could come back
    disabled = page.evaluate("""() => {
        document.querySelector('#actions button[data-index]').click();
        const buttons = [...document.querySelectorAll('#actions button')];
        return buttons.length > 0 && buttons.every((b) => b.disabled) && document.body.classList.contains('answered');
    }""")
    assert disabled
    page.wait_for_function(f"() => document.body.dataset.decision !== '{decision}'", timeout=10_000)
    page.wait_for_timeout(500)
    assert len(acts) == 1, "one click, one answer"
    # the doubled answer is stale: dropped by the server, or refused as stale and not shown
    errors_seen = [m for m in seen if '"type":"error"' in m.replace(" ", "")]
    assert all('"code":"stale"' in m.replace(" ", "") for m in errors_seen), errors_seen
    assert page.inner_text("#error") == "", "a stale answer's refusal is not shown"
    assert int(page.evaluate("document.body.dataset.decision")) > int(decision)
    assert thinking == "The opponent is thinking…"
    assert not errors, errors
    page.close()


def test_a_stop_setting_is_remembered_after_a_reload_and_sent_to_the_server(server: PacedServer,
                                                                             browser: Any) -> None:
    answer = server.new_room(game="yugioh", seed=2, opponent="rule")
    room = server.room(answer["room"])
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = page_errors(page)
    page.goto(server.url + answer["url"])
    page.wait_for_selector("#stops", timeout=10_000)
    deadline = time.monotonic() + 10
    while room.flow.stops[0] != Stops("auto"):  # the default, sent after the hello
        assert time.monotonic() < deadline, room.flow.stops
        time.sleep(0.02)
    page.click("#stops summary")
    page.check("#stops-responses input[value=on]")
    page.check("#stops-mine input[value=battle]")
    page.check("#stops-theirs input[value=standby]")
    shot(page, "flow-stops")
    wanted = Stops("on", frozenset({"battle"}), frozenset({"standby"}))
    deadline = time.monotonic() + 10
    while room.flow.stops[0] != wanted:
        assert time.monotonic() < deadline, room.flow.stops
        time.sleep(0.02)
    room.flow.stops[0] = None  # as after a restart: the page sends its stops again
    page.reload()
    page.wait_for_selector("#stops", timeout=10_000)
    assert page.is_checked("#stops-responses input[value=on]")
    assert page.is_checked("#stops-mine input[value=battle]") and page.is_checked("#stops-theirs input[value=standby]")
    assert not page.is_checked("#stops-mine input[value=main1]")
    assert page.inner_text("#stops summary") == "Stops: On"
    deadline = time.monotonic() + 10
    while room.flow.stops[0] != wanted:
        assert time.monotonic() < deadline, room.flow.stops
        time.sleep(0.02)
    # another game keeps its own settings
    other = server.new_room(game="duel_masters", seed=2, opponent="rule")
    page.goto(server.url + other["url"])
    page.wait_for_selector("#stops", timeout=10_000)
    assert page.is_checked("#stops-responses input[value=auto]")
    assert not errors, errors
    page.close()
