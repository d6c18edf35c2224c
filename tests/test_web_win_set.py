"""The page and its API say which set the winning tile completed (`win_set`, `win: {set}`), and take a
kong claimed onto a concealed pung, `<6666m>`. The numbers are those worked out in test_win_set.py and
test_claimed_kong.py (tables/dmjl.yaml; KDE Kajongg's DMJL seed 3 deal 1)."""

from __future__ import annotations

import json

import pytest

from helpers import run
from webserver import fill_hands, open_page, phone, request

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

ISSUE = "[999m] [234m] 123m 789p SS"
HANDS = {"E": "[RRR] 234s 55s 78p NN", "S": ISSUE, "W": "[111s] 456s 99s 2468p", "N": "123s 567s 3p 4p 6m 7m 9m WW"}


def test_api_score_takes_win_set(base):
    body = {"hand": ISSUE, "variant": "dmjl", "seat": "S", "win": "2m", "win_set": "234m"}
    status, data = request(base + "/api/score", body)
    code, out, err = run("score", ISSUE, "--variant", "dmjl", "--seat", "S", "--win", "2m", "--win-set", "234m",
                         "--format", "json")
    assert status == 200 and data == json.loads(out)
    assert (data["value"], data["win_set"]) == (26, "234m")  # test_win_set.test_issue_example_named_set
    status, data = request(base + "/api/score", {**body, "win_set": "345m"})
    assert status == 400 and data["error"].startswith("--win-set 345m: the winning tile 2m completes no such set")
    status, data = request(base + "/api/score", {**body, "win_set": ["234m"]})
    assert status == 400 and data["error"].startswith("win_set: a text is expected")


def test_api_settle_takes_win_set(base):
    deal = {"variant": "dmjl", "hands": HANDS, "winner": "S", "win": {"tile": "2m", "set": "234m"}}
    status, data = request(base + "/api/settle", deal)
    assert status == 200 and (data["hands"]["S"]["value"], data["hands"]["S"]["win_set"]) == (26, "234m")


def test_the_page_names_and_shows_the_set(base, browser):
    with phone(browser) as page:
        errors = open_page(page, base)
        page.select_option("#variant", "dmjl")
        ed = "#hand-editor"
        page.fill(f"{ed} .notation input", ISSUE)
        page.click(f"{ed} .winrow [data-tile='2m']")
        page.click("#seat [data-value=S]")
        # the best reading, said: the 2m filling 1-3m, the only possible tile, 28
        expect(page.locator("#value")).to_have_text("28")
        expect(page.locator("#result .head")).to_contain_text("won on 2m from discard, completing 123m")
        page.fill("#win-set", "234m")
        expect(page.locator("#value")).to_have_text("26")
        expect(page.locator("#result .head")).to_contain_text("won on 2m from discard, completing 234m")
        page.fill("#win-set", "345m")
        expect(page.locator("#result .error p").first).to_contain_text("--win-set 345m: the winning tile 2m")
        page.fill("#win-set", "")
        # a kong claimed onto a concealed pung, typed, is kept as typed and drawn as a group of its own
        page.fill(f"{ed} .notation input", "[123m] <6666m> 444p 77p 999m 2f 3f")
        page.click(f"{ed} .winrow [data-tile='9m']")
        page.click("#from [data-value=loose]")
        expect(page.locator("#value")).to_have_text("200")  # KDE Kajongg's DMJL seed 3 deal 1
        expect(page.locator(f"{ed} .hand .group.claimed img")).to_have_count(4)
        assert errors == []


def test_the_deal_tab_sends_and_shows_the_set(base, browser):
    with phone(browser) as page:
        errors = open_page(page, base)
        page.select_option("#variant", "dmjl")
        page.click("nav [data-tab=deal]")
        fill_hands(page, HANDS)
        page.click("#deal-winner [data-value=S]")
        page.click("#deal-editor-S .winrow [data-tile='2m']")
        page.fill("#deal-win-set", "234m")
        page.click("#settle")
        expect(page.locator("#settlement .won")).to_have_text("South won on 2m from discard, completing 234m")
        assert page.evaluate("window.Deal.dealData().win.set") == "234m"
        assert errors == []
