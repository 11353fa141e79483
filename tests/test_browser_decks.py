"""The deck builder's import and export in Chromium (issue 37 item 9): a pasted .ydk becomes the
deck; a list with a line that names no card is refused with the line's number and text shown by
the Import button and the deck left as it was; the format picker (in the page's language) exports
the deck as a ydke:// URL and a .ydk file to copy or download. ``TCG_SCREENSHOTS=1`` saves the
builder's import and export panel as docs/screenshots/deck_import.png."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tcg.core.registry import load_game
from tcg.deckio import write_deck
from tests.test_browser import ARGS, CHROMIUM, HAVE_CHROMIUM, SHOTS, LiveServer, page_errors, playwright_api, server

__all__ = ["server"]  # the module's live server (a fixture)

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not HAVE_CHROMIUM, reason=f"no Chromium at {CHROMIUM}")]


@pytest.fixture(scope="module")
def browser() -> Any:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def test_a_pasted_ydk_is_imported_a_bad_list_refused_and_each_format_exported(server: LiveServer,
                                                                              browser: Any) -> None:
    ygo = load_game("yugioh")
    ydk = write_deck(ygo, ygo.deck("starter_deck_yugi"), "ydk")
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = page_errors(page)
    page.goto(server.url + "/decks?game=yugioh&lang=it")
    page.wait_for_selector("body[data-ready='true']")
    page.click("#io summary")
    labels = page.eval_on_selector_all("#format option", "nodes => nodes.map((n) => n.textContent)")
    assert labels == ["Lista del motore (4 Nome)", "Codici delle carte (4 CODICE Nome)", "File .ydk (YGOPro, EDOPro)",
                      "URL ydke:// (EDOPro)"]

    page.fill("#deck-text", ydk)
    page.click("#import")
    page.wait_for_function("() => document.body.dataset.cards === '50' && document.body.dataset.legal === 'true'")
    assert page.inner_text("#io-status") == "Importate: 50 carte"
    shown = page.eval_on_selector_all("#deck-list .entry", "nodes => nodes.map((n) => n.dataset.name)")

    page.fill("#deck-text", "Main Deck\n3 Dark Magician\n2 Nobody Knows\nMonster (20)\n")
    page.click("#import")
    page.wait_for_function("() => document.body.dataset.imported === 'failed'")
    said = page.inner_text("#io-errors")
    assert said.startswith("Non è stato importato nulla: correggi queste righe\nriga 3: '2 Nobody Knows' is not a "
                           "card of Yu-Gi-Oh!")
    assert "riga 2" not in said and "riga 4" not in said
    assert page.eval_on_selector_all("#deck-list .entry", "nodes => nodes.map((n) => n.dataset.name)") == shown
    assert page.evaluate("document.body.dataset.cards") == "50"
    if os.environ.get("TCG_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#io").screenshot(path=str(SHOTS / "deck_import.png"))

    for fmt, start, extension in (("ydke", "ydke://", ".txt"), ("ydk", "#created by tcg-engine\n#main\n", ".ydk")):
        page.select_option("#format", fmt)
        page.click("#export")
        page.wait_for_function(f"() => document.body.dataset.exported === '{fmt}'")
        assert page.input_value("#deck-text").startswith(start)
        assert page.get_attribute("#download", "download") == f"deck{extension}"
    assert page.input_value("#deck-text") == ydk  # the deck read from the .ydk, written back the same
    assert page.is_visible("#copy")
    assert not errors, errors
    page.close()
