"""A riichi game's score sheet on `mjscore serve`'s page (issue 41): the riichi sticks on the table are a column of
their own, as `mjscore sheet` has "the table" and "the table total" (each deal's change of the sticks on the table,
what lies there after it), in the sheet's text and CSV too; drawn from riichi_sheet.js, which the page fetches for
a riichi game only (issue 44: the first load stays at most 100 KB, tests/test_web_transfer.py). At a phone's
360 px, every control 44 px and axe-core finding nothing serious or critical.

The deal is tests/test_web_riichi.py's deal 1, worked there from Tenhou's rules and the EMA Riichi Competition
Rules 2016 (payments, draw, riichi sticks): an exhaustive draw, Bo declared riichi, Ann and Bo waiting: Cy and Di
pay 750 to each of Ann and Bo (3000 shared); Bo's stick, 1000, leaves Bo's score for the table as Bo declared:
Ann +1500, Bo +1500 - 1000 = +500, Cy -1500, Di -1500, the table +1000, on which 1000 then lies.
"""

from __future__ import annotations

import pytest

from test_web_access import SMALL
from webserver import PHONE, axe_findings, expect_totals, next_deal, open_game, phone, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_sticks_on_the_table_are_a_column_of_the_sheet(tmp_path, scheme, browser):
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, \
            phone(browser, 360, color_scheme=scheme) as page:
        errors = open_game(page, url, "Sticks", variant="riichi", players=PLAYERS)
        expect(page.locator("#game .next")).to_have_text(
            "Next deal: round E; E Ann, S Bo, W Cy, N Di; on the table: 0 honba, 0 riichi sticks")
        next_deal(page)
        page.click("#deal-winner [data-value='-']")
        page.click("#deal-riichi-seats [data-value=S]")
        page.click("#deal-tenpai [data-value=E]")
        page.click("#deal-tenpai [data-value=S]")
        page.click("#save-deal")
        expect_totals(page, {"Ann": 26500, "Bo": 25500, "Cy": 23500, "Di": 23500})
        sheet = page.locator("#game table.sheet")
        expect(sheet.locator("thead th").last).to_have_text("table")
        expect(sheet.locator("tr.start td").last).to_have_text("0")
        expect(sheet.locator("tr[data-deal] td[data-table]")).to_have_text("+10001000")  # +1000, 1000 beneath
        expect(sheet.locator("td[data-total-table]")).to_have_text("1000")
        # the deal shown spans the table's column too
        page.click("#game button.dealview")
        expect(page.locator("#game tr.dealshown td")).to_have_attribute("colspan", "6")
        expect(page.locator("#game tr.dealshown")).to_contain_text("riichi: Bo")
        with page.expect_download() as download:
            page.click("#csv")
        csv = open(download.value.path(), encoding="utf-8").read()
        assert csv.splitlines() == ["deal,round,east,result,value,how,Ann,Bo,Cy,Di,the table",
                                    "start,,,,,,25000,25000,25000,25000,0",
                                    "1,E,Ann,draw,,,1500,500,-1500,-1500,1000",
                                    "totals,,,,,,26500,25500,23500,23500,1000"], csv
        with page.expect_download() as download:  # (headless Chromium has no share sheet: the text as a file)
            page.click("#share")
        text = open(download.value.path(), encoding="utf-8").read().splitlines()
        assert text[1:] == ["1. E · East Ann: draw — Ann +1500, Bo +500, Cy -1500, Di -1500, the table +1000",
                            "totals: Ann 26500, Bo 25500, Cy 23500, Di 23500, the table 1000"], text
        assert page.evaluate(SMALL) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert axe_findings(page) == []
        assert errors == []
