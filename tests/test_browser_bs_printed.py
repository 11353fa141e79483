"""Printed Battle Spirits braves, bursts and Ultimates on the page, in a real Chromium (issue 38).

A scenario board is put in place (as tests/test_browser_choice.py does): my Lanceraptor with the
printed brave Zuganake (BS13-051) fused onto it (BS-4), my UltimateCannon-Bell (SD20) at LV4, my
LV3 The AzureHero Khan-Wolf (a Burst card) with The KnightSnake Pendragon fused, my set Absolute
Armor Ice Shield; the opponent's Ultimate-Odin at LV4 and their set Burst Shield. The page must
draw the brave on its spirit (its name, not only a count) and the BP with it as up from the
printed one, each Ultimate's level table from LV3 with its level now marked (BS-115) and a
U-Trigger badge (BS-141), every BP in sight on the tallest faces, my own set burst face down but
named to me, and the opponent's set burst as a card back only: its name is nowhere in the page
(hidden information, BS-12) — nor, for a spectator, either burst's. ``TCG_SCREENSHOTS=1`` writes
docs/screenshots/bs_printed.png.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tcg.core.scenario import Runner
from tcg.core.state import State
from tests.test_browser import CHROMIUM, HAVE_CHROMIUM, SHOTS, LiveServer, browser, page_errors, server
from tests.test_browser_choice import DESKTOP, scenario_room
from tests.test_safe_defaults import card_id

__all__ = ["browser", "server"]  # the fixtures, shared with tests/test_browser.py

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"no Chromium at {CHROMIUM}")]


def printed_board() -> State:
    """My main phase of turn 3: a brave spirit, an Ultimate at LV4, a burst set on each side."""
    spec = {"name": "printed braves, bursts and Ultimates", "game": "battle_spirits", "state": {
        "turn": 3, "phase": "main", "players": [
            {"reserve": 3, "zones": {
                "hand": ["Ultimate Power"], "burst": ["Absolute Armor Ice Shield"], "deck": ["Wing Soldier"] * 3,
                "field": [{"card": "Lanceraptor", "cores": 1, "braves": [{"card": "Zuganake", "cores": 0}]},
                          {"card": "UltimateCannon-Bell", "cores": 2}, {"card": "Missile Mobile", "cores": 1},
                          {"card": "The AzureHero Khan-Wolf", "cores": 5,
                           "braves": [{"card": "The KnightSnake Pendragon", "cores": 0}]}]}},
            {"zones": {"burst": ["Burst Shield"], "deck": ["Wing Soldier"] * 3,
                       "field": [{"card": "Ultimate-Odin", "cores": 3}]}}]}}
    return Runner(spec, "test").state


def test_a_brave_an_ultimates_level_and_the_bursts_are_drawn(server: LiveServer, browser: Any) -> None:
    url, room = scenario_room(server, "battle_spirits", printed_board())
    s = room.state
    page = browser.new_page(viewport=DESKTOP)
    errors = page_errors(page)
    page.goto(server.url + url)
    host = f"#board .card[data-card-id='{card_id(s, 'Lanceraptor')}']"
    page.wait_for_selector(host)
    # BS-4: the brave on its spirit, by name, and the spirit's BP with the brave's (2000 + 4000),
    # shown as up from the printed LV1 BP
    assert "Zuganake" in page.inner_text(f"{host} .c-under")
    assert page.inner_text(f"{host} [data-stat=bp]").strip() == "6000"
    assert "up" in (page.get_attribute(f"{host} [data-stat=bp]", "class") or "")
    # BS-115 / BS-141: an Ultimate's levels are LV3 up, the one it is at marked
    for name in ("UltimateCannon-Bell", "Ultimate-Odin"):
        card = f"#board .card[data-card-id='{card_id(s, name)}']"
        assert page.inner_text(f"{card} table.steps tr.current").startswith("LV4"), name
        assert page.inner_text(f"{card} table.steps tr:first-child").startswith("LV3"), name
        assert "U-Trigger" in page.inner_text(f"{card} .c-badges"), name
    # the tallest faces (a burst badge, three levels and a brave) still show their BP in the corner
    for card in page.locator("#board .card.face:has([data-stat=bp])").all():
        box, bp = card.bounding_box(), card.locator("[data-stat=bp]").bounding_box()
        assert box and bp and bp["y"] + bp["height"] <= box["y"] + box["height"], card.get_attribute("data-name")
    # BS-12: my set burst face down, named to me; theirs a back, its name nowhere
    mine = f"#board .card[data-card-id='{card_id(s, 'Absolute Armor Ice Shield')}']"
    assert "face-down" in (page.get_attribute(mine, "class") or "")
    assert page.locator("#board .side:not(.mine) [data-zone=burst] .card.back").count() == 1
    assert page.locator("#board .side:not(.mine) [data-zone=burst] .card.face").count() == 0
    assert "Burst Shield" not in page.content()
    if os.environ.get("TCG_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.mouse.move(0, 0)
        page.screenshot(path=str(SHOTS / "bs_printed.png"), full_page=True)
    assert not errors, errors
    page.close()

    # a spectator sees both set bursts as backs, and neither name
    watcher = browser.new_page(viewport=DESKTOP)
    spectator_errors = page_errors(watcher)
    watcher.goto(f"{server.url}/play/{url.split('/play/')[1].split('#')[0]}")
    watcher.wait_for_selector(host)
    assert watcher.locator("#board [data-zone=burst] .card.back").count() == 2
    assert "Burst Shield" not in watcher.content() and "Ice Shield" not in watcher.content()
    assert "Zuganake" in watcher.inner_text(f"{host} .c-under")  # a fused brave is public
    assert not spectator_errors, spectator_errors
    watcher.close()
