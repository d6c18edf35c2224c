"""A game's deal form and sheet at the table (issue 30), in a real headless Chromium at 360 px: a saved deal is
looked at with a tap on its line; the deal form says
which deal of which game it is for, its names shown as the game's (read-only); the sheet is given as text and as
CSV whose numbers are the laptop's sheet (GET /api/games/N, the rows of `mjscore sheet`); the new-game form says
which rules and house options the game will be scored by.

The deal: Ana (East) wins on Bo's discard of R: 48, East paid double by each: 96 x 3 = 288 (Spanish rulebook,
page 2 §6; Babcock, Rules for Mah-Jongg (1923), ch. VI; worked in tests/test_web_corrections.py).

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

import csv
import io

import pytest

from test_web_corrections import DEAL, PLAYERS
from webserver import open_page, phone, request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect


def fetched(page, selector: str) -> str:
    """The file a link gives when tapped (a download, as the phone saves it)."""
    with page.expect_download() as got:
        page.click(selector)
    return open(got.value.path(), encoding="utf-8").read()


def test_the_deal_form_says_which_deal_and_the_sheet_is_shared_as_text_and_csv(browser, tmp_path):
    with running(create_app(Store(tmp_path / "g.sqlite3"))) as url, phone(browser) as page:
        status, sheet = request(url + "/api/games", {"name": "Friday", "variant": "spanish", "players": PLAYERS})
        game = sheet["game"]["id"]
        for _ in range(2):
            status, got = request(f"{url}/api/games/{game}/deals", DEAL)
            assert status == 201, got
        errors = open_page(page, url)
        page.click("nav [data-tab=game]")
        page.click("#game-list .gamecard button")
        # a saved deal looked at without opening it for correction: the laptop's values and payments
        page.click("#game [title='deal 1: show it']")
        shown = page.locator("#game tr.dealshown")
        expect(shown).to_contain_text("Ana won on R from discard (Bo), completing RRR")
        expect(shown.locator(".handline").first).to_have_text("Ana (E) 123456789m 11s RRR 48 mah jong")
        expect(shown.locator(".payline").first).to_have_text("Bo → Ana 96: winner East's hand 48, x2 (East)")
        page.click("#game [title='deal 1: show it']")
        expect(shown).to_have_count(0)
        page.click("#game [aria-label='correct deal 2']")
        expect(page.locator("#deal-title")).to_have_text("Correcting deal 2 of Friday")
        expect(page.locator("#save-deal")).to_have_text("Save correction of deal 2")
        assert page.locator("#seatcard-E input").evaluate("e => e.readOnly")
        page.click("#cancel-edit")
        page.click("#next-deal")
        expect(page.locator("#deal-title")).to_have_text("Deal 3 of Friday")
        page.click("#cancel-edit")
        expect(page.locator("#deal-title")).to_be_hidden()

        status, now = request(f"{url}/api/games/{game}")
        paper = now["sheet"]
        rows = list(csv.reader(io.StringIO(fetched(page, "#csv"))))
        assert rows[0] == ["deal", "round", "east", "result", "value", "how"] + PLAYERS
        assert rows[1] == ["start", "", "", "", "", ""] + [str(paper["start"][p]) for p in PLAYERS]
        for row, want in zip(rows[2:-1], paper["rows"]):
            assert row[0] == str(want["deal"]) and row[6:] == [str(want["net"][p]) for p in PLAYERS]
        # two wins of East: 2000 + 288 + 288 = 2576 for Ana, each other 2000 - 96 - 96 = 1808
        assert rows[-1] == ["totals", "", "", "", "", ""] + ["2576", "1808", "1808", "1808"]
        assert [str(paper["totals"][p]) for p in PLAYERS] == rows[-1][6:]
        if page.locator("#share").evaluate("e => e.tagName") == "A":  # no share sheet: the text as a file
            text = fetched(page, "#share")
            assert text.splitlines()[0] == "Friday (spanish)"
            assert text.splitlines()[-1] == "totals: Ana 2576, Bo 1808, Cy 1808, Di 1808"
        assert errors == []


def test_the_new_game_form_says_the_rules_and_options_it_will_use(browser, tmp_path):
    with running(create_app(Store(tmp_path / "g.sqlite3"))) as url, phone(browser) as page:
        errors = open_page(page, url)
        page.select_option("#variant", "spanish")
        page.click("nav [data-tab=game]")
        status, info = request(url + "/api/variants")
        title = next(v["title"] for v in info["variants"] if v["variant"] == "spanish")
        expect(page.locator("#new-game-rules")).to_have_text(f"Rules: {title}; house options: as the rulebook")
        page.click("nav [data-tab=hand]")
        page.click("#tab-hand details.options summary")
        page.check("#options [name=only_possible_place]")
        page.click("nav [data-tab=game]")
        expect(page.locator("#new-game-rules")).to_have_text(f"Rules: {title}; house options: only possible place true")
        assert errors == []
