"""A whole evening (issue 30), in a real headless Chromium at 360 px: a phone in dark mode gets a dark page that
axe-core finds readable; the page is installable (a web app manifest, a service worker) and, once opened, a
reload with the laptop out of reach still shows the page and says that scoring and saving need the laptop; the
screen is kept awake while a game is open; over plain HTTP (not a secure context) the page says what it cannot do.

127.0.0.1 is a secure context to a browser (as the laptop itself is); plain HTTP is a LAN name, here one that
Chromium is told to resolve to 127.0.0.1, with the token that a server listening beyond the laptop requires.

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

import json
import urllib.request

import pytest

from webserver import chromium_path, open_page, phone, request, running, serving, stop

from mjscore.web.app import create_app
from mjscore.web.store import Store

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = sync_api.expect


def luminance(css: str) -> float:
    r, g, b = (int(x) / 255 for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_a_phone_in_dark_mode_gets_a_dark_page_that_axe_finds_readable(browser, tmp_path):
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                                   reason="axe-playwright-python is not installed (the test extra has it)")
    with running(create_app(Store(tmp_path / "g.sqlite3"))) as url, phone(browser, color_scheme="dark") as page:
        status, sheet = request(url + "/api/games", {"name": "Friday", "variant": "spanish",
                                                      "players": ["Ana", "Bo", "Cy", "Di"]})
        assert status == 201
        errors = open_page(page, url)
        body = page.evaluate("getComputedStyle(document.body).backgroundColor")
        text = page.evaluate("getComputedStyle(document.body).color")
        assert luminance(body) < 0.15 < 0.8 < luminance(text), (body, text)
        axe = axe_sync.Axe()
        page.fill("#hand-editor .notation input", "[555p] 123m 789s SSS NN")
        expect(page.locator("#result table.items")).to_be_visible()
        page.click("#tab-hand details.options summary")
        for tab in ("hand", "deal", "game"):
            page.click(f"nav [data-tab={tab}]")
            if tab == "deal":
                page.fill("#deal-editor-E .notation input", "[555p] 123m 789s SSS NN")
                page.click("#deal-winner [data-value=E]")
                page.click("#deal-editor-E .winrow [data-tile='7s']")
                page.click("#settle")
                expect(page.locator("#settlement .settlement")).to_be_visible()
            if tab == "game":
                page.click("#game-list .gamecard button")
                expect(page.locator("#game table.sheet")).to_be_visible()
            bad = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in axe.run(page).response["violations"]
                   if v["impact"] in ("serious", "critical")]
            assert bad == [], tab
        assert errors == []


def test_the_page_is_installable(browser):
    with running(create_app()) as url, phone(browser) as page:
        open_page(page, url)
        href = page.get_attribute("link[rel=manifest]", "href")
        status, manifest = request(url + href)
        manifest = manifest if isinstance(manifest, dict) else json.loads(manifest)
        assert manifest["start_url"] == "/" and manifest["display"] == "standalone" and manifest["icons"]
        with urllib.request.urlopen(url + "/sw.js", timeout=30) as r:
            assert r.headers["content-type"].startswith("text/javascript")
        # a secure context (the laptop itself): the service worker takes the page
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
        expect(page.locator("#status")).to_be_empty()


def test_a_reload_without_the_laptop_still_shows_the_page_and_says_saving_needs_it(browser):
    with serving(create_app()) as (url, server), phone(browser) as page:
        errors = open_page(page, url)
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
        page.wait_for_function("async () => (await (await caches.open('mjscore-shell-4')).keys()).length >= 50")
        kept = page.evaluate("async () => (await (await caches.open('mjscore-shell-4')).keys()).length")
        assert kept == 17 + 45  # the page, its 13 scripts, style, manifest, the variants; 45 tiles (3 red fives)
        stop(server)  # the laptop gone
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#status .offline")).to_contain_text("Scoring and saving need the laptop")
        page.click("#hand-editor .picker [data-tile='5p']")  # the page works; the laptop's answer says it is out of reach
        expect(page.locator("#result .error")).to_contain_text("cannot reach the laptop running mjscore serve")
        # the tiles are drawn from the phone's copy
        drawn = page.evaluate("Array.from(document.querySelectorAll('#hand-editor .picker img'))"
                              ".filter(i => i.offsetParent).every(i => i.complete && i.naturalWidth > 0)")
        assert drawn
        assert [e for e in errors if "Failed to fetch" not in e] == []


def test_the_screen_is_kept_awake_while_a_game_is_open(browser, tmp_path):
    with running(create_app(Store(tmp_path / "g.sqlite3"))) as url, phone(browser) as page:
        status, sheet = request(url + "/api/games", {"name": "Friday", "variant": "spanish",
                                                      "players": ["Ana", "Bo", "Cy", "Di"]})
        # the browser's wake lock, recorded: headless Chromium has no screen to keep awake
        page.add_init_script("""
            window.__locks = [];
            Object.defineProperty(navigator, 'wakeLock', {value: {request: async (kind) => {
              window.__locks.push(kind);
              const t = new EventTarget(); t.release = async () => {}; return t; }}});""")
        open_page(page, url)
        assert page.evaluate("window.__locks") == []
        page.click("nav [data-tab=game]")
        page.click("#game-list .gamecard button")
        expect(page.locator("body")).to_have_attribute("data-awake", "1")
        assert page.evaluate("window.__locks") == ["screen"]


def test_over_plain_http_the_page_says_what_it_cannot_do(browser):
    with running(create_app(token="t0ken")) as url:
        port = url.rsplit(":", 1)[1]
        lan = browser.browser_type.launch(executable_path=chromium_path(),
                                          args=["--no-sandbox", "--host-resolver-rules=MAP mjscore.test 127.0.0.1"])
        try:
            with phone(lan) as page:
                page.goto(f"http://mjscore.test:{port}/?token=t0ken")
                page.wait_for_selector("body[data-ready='1']")
                assert page.evaluate("window.isSecureContext") is False
                expect(page.locator("#status .insecure")).to_have_text(
                    "Plain HTTP: this phone cannot keep the page for use without the laptop, install it or keep the "
                    "screen awake. Start mjscore serve with --cert and --key for those.")
                assert page.evaluate("!navigator.serviceWorker || navigator.serviceWorker.controller === null")
                # the page itself works as ever
                page.fill("#hand-editor .notation input", "[555p] 123m 789s SSS NN")
                expect(page.locator("#result table.items")).to_be_visible()
        finally:
            lan.close()
