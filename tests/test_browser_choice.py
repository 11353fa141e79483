"""Choosing field by field and the keyboard in a real Chromium (issue 37 items 1 and 8).

A Duel Masters shield break shows each of the five shields as a button; a mulligan is toggled
card by card and confirmed; a Battle Spirits summon is paid the default (safe) way in one click,
or another way through its pay step (a way that depletes a spirit asks first); the keys 1-9,
Space and Esc answer, take the default and go back, and the help lists them. Driven as
tests/test_browser.py drives it (its LiveServer, Debian's chromium); rooms between people have
a scenario's state put in place before the page opens. ``TCG_SCREENSHOTS=1`` writes
docs/screenshots/choosing_*.png at 1280x720 and 390x844.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tcg.core.actions import Action
from tcg.core.state import State
from tests.test_browser import (
    CHROMIUM,
    HAVE_CHROMIUM,
    SHOTS,
    LiveServer,
    browser,
    page_errors,
    server,
)
from tests.test_choosing import first_state
from tests.test_safe_defaults import bs_state, card_id

__all__ = ["browser", "server"]  # the fixtures, shared with tests/test_browser.py

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"no Chromium at {CHROMIUM}")]

DESKTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}


def scenario_room(server: LiveServer, game: str, state: State) -> tuple[str, Any]:
    """A game between people with ``state`` in place; the address of the seat deciding."""
    made = server.new_room(game=game, opponent="person")
    room = server.room(made["room"])
    with room.lock:
        room.state = state
        room.on_apply = None  # the store's journal replays the room's seed, not this board
    url = made["url"]
    if state.deciding_player == 1:
        import json
        import urllib.request
        req = urllib.request.Request(f"{server.url}/api/rooms/{made['room']}/join",
                                     data=json.dumps({"invite": made["invite"]}).encode(),
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req) as r:
            url = f"/play/{made['room']}#seat={json.load(r)['token']}"
    return url, room


def shoot(page: Any, name: str) -> None:
    if os.environ.get("TCG_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def sent(page: Any, decision: str) -> None:
    page.wait_for_function(f"() => document.body.dataset.decision !== '{decision}'")


def texts(page: Any, selector: str) -> list[str]:
    """The buttons' words, without the number key.js shows on each."""
    return [str(t) for t in page.eval_on_selector_all(
        selector, "ns => ns.map(n => [...n.childNodes].filter(c => c.nodeType === 3).map(c => c.data).join(''))")]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE])
def test_each_shield_a_duel_masters_attack_may_break_is_its_own_button(server: LiveServer, browser: Any,
                                                                        viewport: dict[str, int]) -> None:
    state = first_state("duel_masters", "break", seeds=range(12))
    url, room = scenario_room(server, "duel_masters", state)
    page = browser.new_page(viewport=viewport)
    errors = page_errors(page)
    page.goto(server.url + url)
    page.wait_for_selector("#actions button.option")
    assert texts(page, "#actions button.option") == [f"Shield {n}" for n in range(1, 6)]
    assert page.locator("#actions button.option[data-index]").count() == 5  # each answers on one click
    side = f"#board .side[data-seat='{state.decision.data['defender']}'] .zone[data-zone=shields] .card"
    assert page.locator(f"{side}.playable").count() == 5  # each shield on the board is the option too
    page.locator("#actions button.option", has_text="Shield 2").hover()  # the button's hover marks it
    assert page.locator(side).nth(1).evaluate("n => n.classList.contains('hover-target')")
    shoot(page, "choosing_shields" if viewport == DESKTOP else "choosing_shields_phone")
    decision = page.evaluate("document.body.dataset.decision")
    before = len(room.state.history)
    page.locator(side).nth(2).click()  # the third shield, clicked on the board
    sent(page, decision)
    assert room.state.history[before] == Action("choose", index=2)
    assert not errors, errors
    page.close()


def test_go_first_by_key_then_a_mulligan_toggled_card_by_card_and_confirmed(server: LiveServer,
                                                                            browser: Any) -> None:
    made = server.new_room(game="force_of_will", opponent="rule", seed=3)
    room = server.room(made["room"])
    page = browser.new_page(viewport=PHONE)
    errors = page_errors(page)
    page.goto(server.url + made["url"])
    page.wait_for_selector("#actions button.option")
    assert texts(page, "#actions button.option") == ["Go first", "Go second"]
    decision = page.evaluate("document.body.dataset.decision")
    page.keyboard.press("1")  # the first button: go first
    sent(page, decision)
    page.wait_for_selector("#actions button.toggle")
    toggles = page.locator("#actions button.toggle")
    assert toggles.count() == 5 and "Keep" in page.inner_text("#actions .step-summary")
    names = texts(page, "#actions button.toggle")
    toggles.nth(0).click()
    page.wait_for_selector("#actions button.toggle.on")
    page.locator("#actions button.toggle").nth(2).click()
    page.wait_for_function("() => document.querySelectorAll('#actions button.toggle.on').length === 2")
    assert "2" in page.inner_text("#actions h3")
    shoot(page, "choosing_mulligan_phone")
    decision = page.evaluate("document.body.dataset.decision")
    page.click("#actions .step-bar button.confirm")
    sent(page, decision)
    mulligan = next(a for a in room.state.history if a.type == "mulligan")
    assert sorted(room.state.cards[c].name for c in mulligan.get("cards")) == sorted([names[0], names[2]])
    assert not errors, errors
    page.close()


def finding(server: LiveServer) -> tuple[str, Any]:
    """The safe defaults' finding: reserve 1, Chakrambat with its only core, Donor with three."""
    return scenario_room(server, "battle_spirits",
                         bs_state(1, [{"card": "Chakrambat", "cores": 1}, {"card": "Donor", "cores": 3}]))


def test_a_summon_is_one_click_paid_the_default_way(server: LiveServer, browser: Any) -> None:
    url, room = finding(server)
    default = room.state.GAME.presentation.default_way(
        room.state, [a for a in room.state.legal_actions() if a.type == "summon"])
    page = browser.new_page(viewport=DESKTOP)
    errors = page_errors(page)
    page.goto(server.url + url)
    summon = page.wait_for_selector("#actions button.option[data-type=summon]")
    assert "Donor" in summon.inner_text() and "depletes" not in summon.inner_text()
    shoot(page, "choosing_summon")
    decision = page.evaluate("document.body.dataset.decision")
    summon.click()
    sent(page, decision)
    assert room.state.history[:1] == [default]  # then the server may move on for the page (its stops)
    assert not errors, errors
    page.close()


def test_another_way_of_paying_is_chosen_source_by_source_and_a_depleting_one_asks(
        server: LiveServer, browser: Any) -> None:
    """(tests/test_browser_safe.py checks the confirmation's words and the log, on a phone too.)"""
    url, room = finding(server)
    chakrambat = card_id(room.state, "Chakrambat")
    viewport = DESKTOP
    page = browser.new_page(viewport=viewport)
    errors = page_errors(page)
    page.goto(server.url + url)
    newcomer = f"#board .card[data-card-id='{card_id(room.state, 'Newcomer')}']"
    assert "playable" in (page.locator(newcomer).get_attribute("class") or "")  # the summon, on the board
    page.click("#actions button.pay-other")
    page.wait_for_selector("#actions[data-mode=pay] .pay-row")
    assert "playable" not in (page.locator(newcomer).get_attribute("class") or "")  # not an option of this step
    shown = page.inner_text("#actions .step-summary")
    row = page.locator(f"#actions .pay-row[data-card-id='{chakrambat}']").first
    row.locator("button.pay-choice:not(.on)").first.click()  # pay from Chakrambat's only core
    page.wait_for_function(f"() => document.querySelector('#actions .step-summary').textContent !== {shown!r}")
    assert "depletes Chakrambat" in page.inner_text("#actions .step-bar")
    shoot(page, "choosing_pay")
    decision = page.evaluate("document.body.dataset.decision")
    page.click("#actions .step-bar button.confirm")
    page.wait_for_selector("#harm-confirm")
    page.click("#harm-confirm button.back")  # nothing sent
    assert not room.state.history and page.evaluate("document.body.dataset.decision") == decision
    page.click("#actions .step-bar button.confirm")
    page.click("#harm-confirm button.confirm")
    sent(page, decision)
    assert chakrambat not in room.state.zones[0]["field"]
    assert not errors, errors
    page.close()


def test_the_keys_go_back_take_the_default_and_are_listed_in_the_help(server: LiveServer, browser: Any) -> None:
    url, room = finding(server)
    page = browser.new_page(viewport=DESKTOP)
    errors = page_errors(page)
    page.goto(server.url + url)
    page.wait_for_selector("#actions kbd.key-n")
    assert page.evaluate("document.activeElement.id") == "actions"  # focus kept on the decision panel
    page.click("#actions button.pay-other")
    page.wait_for_selector("#actions[data-mode=pay]")
    page.keyboard.press("Escape")  # Back: the first field again
    page.wait_for_selector("#actions[data-mode=pick]")
    decision = page.evaluate("document.body.dataset.decision")
    page.keyboard.press(" ")  # the default: move on (to the attack step)
    sent(page, decision)
    assert [a.type for a in room.state.history] == ["next_phase"]
    page.click("#help-button")
    assert "Space" in page.inner_text("#help") and "Esc" in page.inner_text("#help")
    page.keyboard.press("Escape")
    assert page.locator("#help").is_hidden()
    assert not errors, errors
    page.close()
