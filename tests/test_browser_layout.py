"""Issue 37 item 7: a decision fits the screen, on a 1280x720 laptop and a 390x844 phone.

Each game is played by clicking from the start (one room, seat 0 against the rule agent) with
two pages on the same seat: a desktop one and a phone one (a mobile context, so that the page's
viewport tag counts). At every decision of the path both pages are checked: what a decision
needs (the action buttons, the cards they name, your hand) is inside the viewport without
scrolling and not under anything; the phone page does not scroll sideways and every target a
finger taps is at least 44 px. ``TCG_SCREENSHOTS=1`` writes the last position's pictures to
``docs/screenshots/<game>.png`` and ``<game>_phone.png`` (the README shows them).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tcg.core.registry import game_names
from tcg.core.rng import Rng
from tests.test_browser import (
    CHROMIUM,
    HAVE_CHROMIUM,
    LiveServer,
    browser,
    page_errors,
    server,
    wait_my_turn_or_end,
)

__all__ = ["browser", "server"]  # the fixtures, shared with tests/test_browser.py
pytestmark = [pytest.mark.browser, pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"no Chromium at {CHROMIUM}")]

DESKTOP = {"viewport": {"width": 1280, "height": 720}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
#: Decisions answered per game, then the position is pictured: far enough into the game that
#: both sides have cards in play (seeds picked for it).
DECISIONS = {"duel_masters": 14, "battle_spirits": 14, "yugioh": 10, "one_piece": 14, "force_of_will": 16}
TOUCH = 44
SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

#: What a decision needs and is not where a person sees it: ``[what, why]`` pairs. An element
#: counts as seen when its box is inside the viewport and the point at its centre shows it (or
#: a part of it), not a panel over it. A scrolling list of many actions counts as seen when the
#: list is.
UNSEEN = """() => {
  const W = innerWidth, H = innerHeight, out = [];
  const name = (n) => n.dataset.name || n.dataset.index || n.textContent.trim().slice(0, 30);
  const inside = (r) => r.left >= -1 && r.top >= -1 && r.right <= W + 1 && r.bottom <= H + 1;
  const box = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
  const seen = (n) => {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height) return "not drawn";
    if (!inside(r)) return `outside the viewport (${box(r)})`;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (top && (n.contains(top) || top.contains(n))) return null;
    return `covered by ${top ? top.className || top.tagName : "nothing"}`;
  };
  const check = (what, nodes) => {
    for (const n of nodes) { const why = seen(n); if (why) out.push([`${what} ${name(n)}`, why]); }
  };
  const actions = document.querySelector("#actions");
  check("the decision panel", [actions]);
  check("the first action", [...actions.querySelectorAll("button")].slice(0, 1));
  check("a card an action names", document.querySelectorAll("#board .card.playable"));
  check("a card of your hand", document.querySelectorAll("#board .side.mine .zone.hand .card"));
  check("the prompt", [document.querySelector("#prompt")]);
  const wide = document.documentElement.scrollWidth;
  if (wide > W) out.push(["the page", `scrolls sideways (${wide} px)`]);
  return out;
}"""

#: Targets a finger taps smaller than 44 px (a checkbox counts by its label).
SMALL_TARGETS = """(touch) => {
  const out = [];
  const nodes = document.querySelectorAll("button, a[href], select, input:not([type=checkbox]), label, .card");
  for (const n of nodes) {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height || n.closest("[hidden]")) continue;
    const what = `${n.tagName}.${n.className} ${n.textContent.trim().slice(0, 20)}`;
    if (Math.min(r.width, r.height) < touch - 0.5) out.push(`${what}: ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}"""


@pytest.fixture
def pages(browser: Any) -> Iterator[dict[str, Any]]:
    desktop = browser.new_context(**DESKTOP)
    phone = browser.new_context(**PHONE)
    yield {"desktop": desktop.new_page(), "phone": phone.new_page()}
    desktop.close()
    phone.close()


def answer(page: Any, rng: Rng) -> None:
    """One decision by a click: an action that is not moving on, three times in four when there
    is one (so that the board fills), else any."""
    decision = page.evaluate("document.body.dataset.decision")
    buttons = page.query_selector_all("#actions button[data-index]")
    doing = [b for b in buttons if b.get_attribute("data-group") != "move_on"]
    pick = doing if doing and rng.below(4) else buttons
    pick[rng.below(len(pick))].click()
    confirm = page.query_selector("#harm-confirm button.confirm")  # a way that costs a card asks first (safe.js)
    if confirm is not None:
        confirm.click()
    page.wait_for_function(f"() => document.body.dataset.decision !== '{decision}'", timeout=30_000)


def same_decision(phone: Any, desktop: Any) -> None:
    decision = desktop.evaluate("document.body.dataset.decision")
    phone.wait_for_function(f"() => document.body.dataset.decision === '{decision}'", timeout=30_000)


def problems(page: Any, touch: bool) -> list[Any]:
    page.mouse.move(0, 0) if not touch else None  # no card's text over the board
    found: list[Any] = page.evaluate(UNSEEN)
    if touch:
        found += page.evaluate(SMALL_TARGETS, TOUCH)
    return found


def picture(pages: dict[str, Any], game: str) -> None:
    if not os.environ.get("TCG_SCREENSHOTS"):
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages["desktop"].mouse.move(0, 0)
    pages["desktop"].screenshot(path=str(SHOTS / f"{game}.png"))
    pages["phone"].screenshot(path=str(SHOTS / f"{game}_phone.png"))


@pytest.mark.long
@pytest.mark.parametrize("game", game_names())
def test_every_decision_fits_a_laptop_and_a_phone(server: LiveServer, pages: dict[str, Any], game: str) -> None:
    room = server.new_room(game=game, seed=3, opponent="rule")
    errors = {kind: page_errors(page) for kind, page in pages.items()}
    for page in pages.values():
        page.goto(server.url + room["url"])
        page.wait_for_selector("#board .side")
    desktop, phone = pages["desktop"], pages["phone"]
    assert desktop.evaluate("document.querySelector('meta[name=viewport]') !== null")
    rng = Rng(5)
    for step in range(DECISIONS[game]):
        assert wait_my_turn_or_end(desktop), f"{game}: the game ended at decision {step}"
        same_decision(phone, desktop)
        assert not problems(desktop, touch=False), (game, step, "desktop", problems(desktop, touch=False))
        assert not problems(phone, touch=True), (game, step, "phone", problems(phone, touch=True))
        answer(desktop, rng)
    assert wait_my_turn_or_end(desktop)
    same_decision(phone, desktop)
    picture(pages, game)
    assert not errors["desktop"] and not errors["phone"], errors


def rulings_card(page: Any, game: str, playable: bool) -> Any:
    """A card face on the board, a choice (``playable``) or not, whose card has official rulings."""
    from tcg.core.registry import load_game

    with_rulings = {n for n, c in load_game(game).cards().items() if getattr(c, "rulings", ())}
    which = ".playable" if playable else ":not(.playable)"
    for node in page.query_selector_all(f"#board .card.face{which}"):
        if node.get_attribute("data-name") in with_rulings and node.is_visible():
            return node
    raise AssertionError(f"no {'playable ' if playable else ''}card with rulings on the board")


def has_rulings_card(page: Any, game: str, playable: bool) -> bool:
    try:
        rulings_card(page, game, playable)
    except AssertionError:
        return False
    return True


def zoom_shows_text_and_rulings(page: Any, name: str) -> None:
    page.wait_for_selector("#zoom .zoom-card-text")
    assert page.inner_text("#zoom h2") == name
    assert page.inner_text("#zoom .zoom-card-text").strip()
    assert int(page.get_attribute("#zoom .rulings", "data-rulings") or 0) >= 1


def test_a_card_zooms_with_its_text_and_rulings_and_a_broken_layout_is_caught(
        server: LiveServer, pages: dict[str, Any]) -> None:
    """Click (desktop), right-click, tap and long-press (phone) open the zoom; Esc closes it
    before the page's own keys hear it; a long press on a card that is a choice does not play it.
    The fit and touch checks above report a board pushed off the screen and a small target."""
    room = server.new_room(game="duel_masters", seed=3, opponent="rule")
    desktop, phone = pages["desktop"], pages["phone"]
    desktop.goto(server.url + room["url"])
    rng = Rng(5)
    for n in range(40):  # into the game: cards in the battle zone, the mana zone and the graveyard,
        assert wait_my_turn_or_end(desktop)  # and a decision with a card that has rulings among its choices
        if n >= 6 and has_rulings_card(desktop, "duel_masters", playable=True):
            break
        answer(desktop, rng)
    desktop.evaluate("window.heard = []; document.addEventListener('keydown', (e) => heard.push(e.key))")
    card = rulings_card(desktop, "duel_masters", playable=False)
    name = card.get_attribute("data-name")
    assert desktop.evaluate("(n) => n.style.getPropertyValue('--frame').startsWith('linear-gradient')", card)
    card.click()
    zoom_shows_text_and_rulings(desktop, name)
    desktop.keyboard.press("Escape")
    assert desktop.query_selector("#zoom") is None and desktop.evaluate("heard") == []
    card.click(button="right")
    desktop.wait_for_selector("#zoom")
    desktop.click("#zoom .zoom-close")
    assert desktop.query_selector("#zoom") is None

    phone.goto(server.url + room["url"])
    same_decision(phone, desktop)
    decision = phone.evaluate("document.body.dataset.decision")
    chosen = rulings_card(phone, "duel_masters", playable=True)
    box = chosen.bounding_box()
    at = {"button": 0, "pointerType": "touch", "clientX": box["x"] + 5, "clientY": box["y"] + 5}
    chosen.dispatch_event("pointerdown", at)
    phone.wait_for_timeout(700)
    chosen.dispatch_event("pointerup", at)
    chosen.dispatch_event("click", at)
    zoom_shows_text_and_rulings(phone, chosen.get_attribute("data-name"))
    assert phone.evaluate("document.body.dataset.decision") == decision  # read, not played
    phone.keyboard.press("Escape")
    rulings_card(phone, "duel_masters", playable=False).tap()
    phone.wait_for_selector("#zoom")
    phone.keyboard.press("Escape")

    assert not problems(desktop, touch=False) and not problems(phone, touch=True)
    desktop.evaluate("document.querySelector('#board').style.marginTop = '900px'")
    unseen = [what for what, _ in problems(desktop, touch=False)]
    for kind in ("a card of your hand", "a card an action names"):
        assert any(what.startswith(kind) for what in unseen), unseen
    phone.evaluate("Object.assign(document.querySelector('#board .mine .zone.hand .card').style, "
                   "{width: '20px', minWidth: '0', flex: 'none'})")
    assert [p for p in problems(phone, touch=True) if isinstance(p, str) and ": 20x" in p]
