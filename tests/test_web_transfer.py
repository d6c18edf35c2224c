"""The page's first load on a phone (issue 44): compressed (gzip) and kept for later, at most 100 KB on the wire.

Measured in a real headless Chromium at 360 px through the DevTools protocol: the sum of every response's
`encodedDataLength` (Network.loadingFinished: the bytes that crossed the wire, headers and body as sent) from the
page asked for until it is ready and the network is quiet. Before issue 44 the first load was 208 KB in 56
requests, uncompressed (the issue's measure; this test measured 207,058 bytes in 56 requests on that tree, and
95,272 in 58 after it: a third of them the responses' headers, 46 tile images 42 KB).

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

import pytest

from webserver import open_page, phone, request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

MOST = 100 * 1000  # bytes: the "at most 100 KB transferred"


def loaded(page, url: str) -> tuple[int, int, list[str]]:
    """(bytes on the wire, requests, the content-encodings of the page's own files) for one load of `url`."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    sizes: dict[str, float] = {}
    encodings: dict[str, str] = {}
    urls: dict[str, str] = {}
    cdp.on("Network.responseReceived", lambda e: (urls.__setitem__(e["requestId"], e["response"]["url"]),
                                                  encodings.__setitem__(e["requestId"], {k.lower(): v for k, v in e["response"]["headers"].items()}.get("content-encoding", ""))))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_load_state("networkidle")
    own = [f"{urls[r].rsplit('/', 1)[-1]}:{encodings[r]}" for r in urls
           if urls[r].endswith((".js", ".css", "/")) and r in sizes]
    cdp.detach()
    return int(sum(sizes.values())), len(sizes), own


def test_the_first_load_is_compressed_and_at_most_100_kb(browser):
    with running(create_app()) as url, phone(browser) as page:
        first, count, own = loaded(page, url)
        print(f"\nfirst load: {first} bytes on the wire in {count} requests")
        assert all(e.endswith(":gzip") for e in own), own  # the page, its scripts and its style compressed
        assert first <= MOST, first
        again, count_again, _ = loaded(page, url)  # a reload: the tiles from the phone's cache, the rest checked
        print(f"reload: {again} bytes on the wire in {count_again} requests")
        assert again < first / 2, (again, first)


def test_a_new_game_sent_before_its_form_script_came_is_started_once(browser, tmp_path):
    """The new-game form's script (newgame.js) is not part of the first load: games.js fetches it when the Game tab
    first shows (issue 44, the room the deal form's entry needed). A form sent, twice, while it is still on its way
    (held here) is sent once it has come: one game, not none and not two."""
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, phone(browser) as page:
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[-1]))
        held = []
        page.route("**/static/newgame.js", lambda route: held.append(route))  # answered once the form is sent
        errors = open_page(page, url)
        assert "newgame.js" not in asked
        page.click("nav [data-tab=game]")
        for i, name in enumerate(["Ana", "Bo", "Cy", "Di"]):
            page.fill(f"#new-game [name=p{i}]", name)
        page.click("#new-game button[type=submit]")
        page.click("#new-game button[type=submit]")
        expect(page.locator("#game .gamename")).to_have_count(0)
        assert len(held) == 1
        held[0].continue_()
        expect(page.locator("#game .gamename")).to_be_visible()
        page.wait_for_timeout(500)  # a second game would have been asked for by now
        status, games = request(url + "/api/games")
        assert status == 200 and len(games) == 1, games
        assert errors == []
