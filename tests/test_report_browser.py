"""``tcg report --html`` opened in a real Chromium (issue 19): it draws, offline.

Driven as tests/test_browser.py drives it: Debian's ``chromium`` (``TCG_CHROMIUM``) through
Playwright, marked ``browser``, skipped without Chromium unless ``TCG_REQUIRE_BROWSER`` is set.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tcg.cli.main import app
from tcg.sim.results import write_results
from tests.test_report import real_rows

CHROMIUM = os.environ.get("TCG_CHROMIUM", "/usr/bin/chromium")
HAVE_CHROMIUM = shutil.which(CHROMIUM) is not None or Path(CHROMIUM).exists()
if not HAVE_CHROMIUM and os.environ.get("TCG_REQUIRE_BROWSER"):
    raise RuntimeError(f"TCG_REQUIRE_BROWSER is set but there is no Chromium at {CHROMIUM}")
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not HAVE_CHROMIUM,
                                 reason=f"no Chromium at {CHROMIUM} (make test installs Debian's chromium as root)")]
playwright_api = pytest.importorskip("playwright.sync_api")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def report_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("report")
    write_results(d / "games.parquet", real_rows("duel_masters", 12))
    result = CliRunner().invoke(app, ["report", str(d / "games.parquet"), "--min-games", "3", "-q",
                                      "--html", str(d / "report.html"), "--title", "Fire against water"])
    assert result.exit_code == 0, result.output
    return d / "report.html"


def test_the_html_report_draws_every_plot_and_table_without_the_network(browser: Any, report_file: Path) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(report_file.as_uri(), wait_until="load")
    assert page.title() == "Fire against water" and page.inner_text("h1#title") == "Fire against water"
    images = page.eval_on_selector_all("img", "els => els.map(e => [e.complete, e.naturalWidth, e.alt])")
    assert len(images) == 4, images  # win rates, game length, matchups, cards
    assert all(complete and width > 0 for complete, width, _ in images), images
    header = page.eval_on_selector_all("#matchup-table th", "els => els.map(e => e.textContent)")
    assert header == ["row deck vs", "fire_nature", "water_darkness"]
    assert len(page.query_selector_all("#matchup-table tbody tr")) == 2
    assert requests and requests[0] == report_file.as_uri()  # the listener saw the page itself
    assert [u for u in requests if not u.startswith(("file:", "data:"))] == []
    assert not errors, errors
    page.close()
