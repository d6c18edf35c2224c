"""Sizes and access at a phone's width (issue 30), in a real headless Chromium: every control at least 44 x 44
CSS px at 360 and 412 px on every tab (WCAG 2.5.5's target size); tabs that say which is selected, every group of
buttons named, tiles named as a player says them ("5 of dots", "red dragon"); axe-core (the axe-playwright-python
package, a test dependency) finds no serious or critical violation on any tab; tile images cached for long.

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

import contextlib

import pytest

from webserver import axe_findings, open_page, phone, running, served_game

from mjscore.web.app import create_app

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

# every visible control smaller than 44 x 44 (a control inside a label: the label, which takes the tap)
SMALL = r"""() => Array.from(document.querySelectorAll(
    "button, a[href], input:not([type=hidden]), select, summary, [role=button], [role=tab]"))
  .filter(e => e.offsetParent !== null && !e.closest("details:not([open]) > :not(summary)"))
  .map(e => (e.closest("label") && e.tagName === "INPUT" && e.type === "checkbox") ? e.closest("label") : e)
  .map(e => { const r = e.getBoundingClientRect();
              return [e.tagName, e.id || e.dataset.tile || e.dataset.value || e.textContent.trim().slice(0, 20),
                      Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; })
  .filter(([, , w, h]) => w > 0 && (w < 44 || h < 44))"""


@contextlib.contextmanager
def a_game(tmp_path):
    deal = {"hands": {"Ana": "[555p] 123m 789s SSS NN", "Bo": "1p", "Cy": "2p", "Di": "3p"}, "winner": "Ana",
            "win": {"tile": "7s", "from": "wall"}}
    with served_game(tmp_path, "spanish", ["Ana", "Bo", "Cy", "Di"], [deal]) as (url, _):
        yield url


def each_tab(page):
    """The three tabs with what a player opens on them: a hand scored, its options; a deal settled; a game."""
    page.fill("#hand-editor .notation input", "[555p] 123m 789s SSS NN")
    expect(page.locator("#result table.items")).to_be_visible()
    page.click("#tab-hand details.options summary")
    page.click("#tab-hand details.also summary")
    yield "hand"
    page.click("nav [data-tab=deal]")
    page.fill("#deal-editor-E .notation input", "[555p] 123m 789s SSS NN")
    page.click("#deal-winner [data-value=E]")
    page.click("#deal-editor-E .winrow [data-tile='7s']")  # the winning tile: the others' rows (issue 44)
    expect(page.locator("#deal-editor-S.folded .quick")).to_be_visible()
    page.click("#settle")
    expect(page.locator("#settlement .settlement")).to_be_visible()
    page.click("#settlement details.fold summary")
    yield "deal: the others"
    page.click("#deal-seat [data-value=E]")  # the winner's hand again, with its pad
    expect(page.locator("#deal-editor-E .picker")).to_be_visible()
    yield "deal"
    page.click("nav [data-tab=game]")
    yield "game list"
    page.click("#game-list .gamecard button")
    expect(page.locator("#game table.sheet")).to_be_visible()
    yield "game"


@pytest.mark.parametrize("width", [360, 412])
def test_every_control_is_at_least_44_px_square(browser, tmp_path, width):
    with a_game(tmp_path) as url, phone(browser, width) as page:
        errors = open_page(page, url)
        for tab in each_tab(page):
            assert page.evaluate(SMALL) == [], (tab, width)
        assert errors == []


def test_tabs_groups_and_tiles_have_names(browser, tmp_path):
    with a_game(tmp_path) as url, phone(browser, 360) as page:
        errors = open_page(page, url)
        expect(page.locator("nav [data-tab=hand]")).to_have_attribute("aria-selected", "true")
        page.click("nav [data-tab=deal]")
        expect(page.locator("nav [data-tab=deal]")).to_have_attribute("aria-selected", "true")
        expect(page.locator("nav [data-tab=hand]")).to_have_attribute("aria-selected", "false")
        page.click("nav [data-tab=hand]")
        unnamed = page.evaluate("""() => Array.from(document.querySelectorAll('.seg, .modes, .picker, .winrow, .gamebar'))
            .filter(g => !g.getAttribute('aria-label')).map(g => g.id || g.className)""")
        assert unnamed == []
        picker = "#hand-editor .picker"
        expect(page.get_by_role("button", name="5 of dots", exact=True).first).to_be_visible()
        assert page.get_attribute(f"{picker} [data-tile=R]", "aria-label") == "red dragon"
        assert page.get_attribute(f"{picker} [data-tile=N]", "aria-label") == "north wind"
        assert page.get_attribute(f"{picker} [data-tile='1s']", "aria-label") == "1 of bamboo"
        page.fill("#hand-editor .notation input", "[555p] 123m 789s SSS NN")
        assert page.get_attribute("#hand-editor .hand [data-tile=N]", "aria-label").startswith("take out north wind")
        assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violation_on_any_tab(browser, tmp_path, scheme):
    """axe-core with its experimental rules on (issue 44): before, 8 label-content-name-mismatch on the Game tab's
    deal rows (a row's button named "deal 1: show it" while it shows "1. E · East Ana ...")."""
    with a_game(tmp_path) as url, phone(browser, 360, color_scheme=scheme) as page:
        errors = open_page(page, url)
        for tab in each_tab(page):
            assert axe_findings(page) == [], (tab, scheme)
        assert errors == []


def test_tile_images_are_cached_for_long(tmp_path):
    import urllib.request

    with running(create_app()) as url:
        with urllib.request.urlopen(url + "/static/tiles/5p.svg", timeout=30) as r:
            cache = r.headers.get("cache-control", "")
        assert "max-age=" in cache
        assert int(cache.split("max-age=")[1].split(",")[0]) >= 7 * 24 * 3600
        # the page's own files are checked again at each load (a new version of mjscore serve is seen at once)
        with urllib.request.urlopen(url + "/static/app.js", timeout=30) as r:
            assert "max-age=31536000" not in (r.headers.get("cache-control") or "")
