"""An MCR table's referee on `mjscore serve`'s page (issue 43): the deal form offers what a referee enters per
deal (docs/cli.md, "An mcr deal"): false wins while play went on, penalty points and a time-out; saved with the
deal, they settle it as `batch` settles the same game file, and the export says them by player. The form fits a
phone of 360 px (every control 44 px) and axe-core finds no serious or critical violation, light and dark.

The figures are tests/test_mcr_games.py's (test_false_wins_penalties_and_a_time_out), worked by hand from the
Mahjong Competition Rules (tables/mcr.yaml `settlement:`): Ann's 94 fan on Cy's 7m, [RRR] [GGG] PPP 11m 567m:
each other player pays the base 8, Cy the 94 too: Ann +8 + 102 + 8 = 118; Bo's false win, the table's fine of 10
to each other player (30 in all): Ann 128, Bo -8 - 30 = -38, Cy -102 + 10 = -92; Di -8 + 10 and 10 penalty
points deducted: -8. Deal 2 stopped by time: nothing paid, 5 points deducted from Cy: Cy -97.
"""

from __future__ import annotations

import pytest
import yaml

from test_web_access import SMALL
from webserver import PHONE, axe_findings, batch_game, expect_totals, exported, fill_hands, next_deal, open_game, phone, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
WIN = "[RRR] [GGG] PPP 11m 567m"  # won on 7m: 94 fan (tests/test_mcr_games.py, examples/game-mcr.yaml deal 1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_referees_entries_are_saved_and_settled_as_batch_settles_them(tmp_path, scheme, browser):
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, \
            phone(browser, 360, color_scheme=scheme) as page:
        errors = open_game(page, url, "Competition", variant="mcr", players=PLAYERS)
        next_deal(page)
        expect(page.locator("#deal-referee")).to_be_visible()
        fill_hands(page, {"E": WIN})
        page.click("#deal-winner [data-value=E]")
        page.click("#deal-editor-E .winrow [data-tile='7m']")
        page.click("#deal-discarder [data-value=W]")
        page.click("#deal-false-wins [data-value=S]")
        expect(page.locator("#deal-false-wins [data-value=S]")).to_have_attribute("aria-pressed", "true")
        page.fill("#deal-penalty-N", "-10")
        page.click("#settle")
        expect(page.locator("#settlement .settlement")).to_be_visible()
        # (the False mah jong row's five buttons were 40.6 px beside its label at 360 px: the label now on a line
        # of its own)
        assert page.evaluate(SMALL) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert axe_findings(page) == []
        page.click("#save-deal")
        expect_totals(page, {"Ann": 128, "Bo": -38, "Cy": -92, "Di": -8})
        next_deal(page)  # the session's time runs out: no result, Cy's 5 penalty points
        page.click("#deal-winner [data-value='-']")
        page.check("#deal-timeout")
        page.fill("#deal-penalty-S", "-5")  # (deal 2: East passed to Bo, Cy sits South)
        page.click("#save-deal")
        expect_totals(page, {"Ann": 128, "Bo": -38, "Cy": -97, "Di": -8})
        # a time-out is no result, not a draw: the line above the next deal's and the deal shown say so (East
        # passes after every deal in MCR: Bo dealt deal 2, Cy deals deal 3)
        expect(page.locator("#game p.moved")).to_have_text(
            "After deal 2: a time-out, no result: the deal passes to Cy, as after every deal with four players.")
        page.click("#game button.dealview[title='deal 2: show it']")
        shown = page.locator("#game tr.dealshown")
        expect(shown).to_contain_text("a time-out: the session's time ran out, no result")
        assert "a draw" not in shown.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # corrected from the sheet: the form shows the entries saved
        page.click("#game [aria-label='correct deal 1']")
        expect(page.locator("#deal-false-wins [data-value=S]")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#deal-penalty-N")).to_have_value("-10")
        expect(page.locator("#deal-timeout")).not_to_be_checked()
        page.click("#cancel-edit")
        text = exported(page)
        deals = yaml.safe_load(text)["deals"]  # the entries by player, as a game file writes them
        assert (deals[0]["false_wins"], deals[0]["penalties"], deals[0].get("timeout")) == (["Bo"], {"Di": -10}, None)
        assert (deals[1]["penalties"], deals[1]["timeout"]) == ({"Cy": -5}, True)
        path = tmp_path / "g.yaml"
        path.write_text(text, encoding="utf-8")
        assert batch_game(path)["totals"] == {"Ann": 128, "Bo": -38, "Cy": -97, "Di": -8}
        assert errors == []


def test_a_spanish_deal_form_offers_no_referee(tmp_path, browser):
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, phone(browser, 360) as page:
        errors = open_game(page, url, "Club", variant="spanish", players=PLAYERS)
        next_deal(page)
        expect(page.locator("#deal-referee")).to_be_hidden()
        assert errors == []
