"""The taps and scrolls a table spends on an evening of dmjl at 360 x 740 (issue 44): the eight deals of
tests/fixtures/evening-dmjl.yaml entered on a game's deal form by taps only (tests/evening.py says how the page
is driven, tests/taps.py what counts), with one correction (deal 4's discarder first entered wrongly, then
corrected). Each deal's result on the sheet must be `/api/settle`'s for the same deal; each deal form, the
correction's too, opens with its title in view; after each Save the next deal's line, its rows "who won, and how"
and "Enter the next deal" must be in view; the per-deal figures and their means are printed (pytest -s), with
every control tapped ("!" after one that needed a scroll), and must be below BASELINE and meet the issue's
TARGET: at most 15 taps and 2 scrolls a deal on average.

BASELINE is the same test run on the page before issue 44 (commit b9b325a); it is printed beside the figures.

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from webserver import open_page, phone, request, running

from mjscore import api
from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect
from evening import Evening  # noqa: E402  (needs playwright)
from taps import IN_VIEW  # noqa: E402

EVENING = Path(__file__).resolve().parent / "fixtures" / "evening-dmjl.yaml"
SLIP = {4: {"discarder": "Ana"}}  # deal 4's discarder as first entered (the fixture has the right one, Di)
# this test on b9b325a's tree (its tests/ with these files and conftest.py copied in, the title and next-line checks
# left out: that page has neither): per deal 41 37 2 43 40 39 39 38 taps and 11 11 0 12 12 13 12 12 scrolls (deal 4
# with its correction), taps touched where the control is (tests/taps.py); with Playwright's click, which scrolled
# the page to a pinned control's place first, it counted 85 scrolls. On 4196adc (main before the branch 44-taps):
# 21.1 taps and 4.4 scrolls a deal, measured the same way; on 399ca71 (main before the branch s3-44-taps) per deal
# 22 20 2 23 21 21 20 20 taps (18.6) and 1 2 0 2 2 1 2 2 scrolls (1.5); with that branch (a winner's chows in one
# tap, the others' one-tap rows once the winning tile is tapped) 16 14 2 18 16 18 14 16 taps (14.2) and
# 1 1 0 2 1 1 1 1 scrolls (1.0).
BASELINE = {"taps": 279 / 8, "scrolls": 83 / 8}
TARGET = {"taps": 15, "scrolls": 2}  # issue 44: at most, per deal on average


def settled(url: str, deal: dict, seated: dict) -> dict[str, int]:
    """`/api/settle`'s net for each player of a deal of the game file, in the seats and round batch gives it."""
    seats = seated["seats"]
    seat = {name: s for s, name in seats.items()}
    win = dict(deal.get("win") or {})
    if win.get("discarder"):
        win["discarder"] = seat[win["discarder"]]
    body = {"variant": "dmjl", "round": seated["round"], "hands": {seat[n]: h for n, h in deal["hands"].items()},
            "winner": seat[deal["winner"]] if deal.get("winner") else None, "players": seats}
    if deal.get("winner"):
        body["win"] = win
    status, answer = request(url + "/api/settle", body)
    assert status == 200, answer
    return {seats[s]: net for s, net in answer["net"].items()}


@pytest.mark.whole_games  # a whole game replayed on the page: run by .ci/run after the README's command
def test_an_evening_of_dmjl_by_taps(browser, tmp_path, figure):
    game = yaml.safe_load(EVENING.read_text())
    batch = api.score_game(EVENING)  # `mjscore batch`: the seats and the round of each deal
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, phone(browser) as page:
        errors = open_page(page, url)
        page.select_option("#variant", "dmjl")
        page.click("nav [data-tab=game]")
        for i, name in enumerate(game["players"]):
            page.fill(f"#new-game [name=p{i}]", name)
        page.click("#new-game button[type=submit]")
        expect(page.locator("#game .gamename")).to_be_visible()
        t = Evening(page)
        figures = []
        for n, deal in enumerate(game["deals"], 1):
            before = (t.count, t.scrolls)
            first = len(t.tapped)
            win = {**(deal.get("win") or {}), **SLIP.get(n, {})}
            if deal.get("winner") and page.locator("#next-winner").count():  # who won and how, said first at a table
                how = f"[data-discarder='{win['discarder']}']" if win.get("discarder") else f"[data-from='{win['from']}']"
                t.tap(f"#next-winner [data-player='{deal['winner']}']{how}")
            else:
                t.tap("#next-deal")
            expect(page.locator("#save-deal")).to_be_visible()
            assert page.locator("#deal-title").evaluate(IN_VIEW), "the deal form opens with its title in view"
            t.game_deal(deal, SLIP.get(n))
            t.tap("#save-deal")
            expect(page.locator("#tab-game"), page.inner_text("#settlement")).to_be_visible()
            expect(page.locator("#game tr[data-deal]")).to_have_count(n)
            if n in SLIP:  # the slip seen on the sheet: the deal corrected
                t.tap(f"#game [aria-label='correct deal {n}']")
                expect(page.locator("#save-deal")).to_have_text(f"Save correction of deal {n}")
                assert page.locator("#deal-title").evaluate(IN_VIEW), "the correction form opens with its title in view"
                t.choose("#deal-discarder", {page.input_value(f"#seatcard-{s} input"): s for s in "ESWN"}[
                    deal["win"]["discarder"]])
                t.tap("#save-deal")
                expect(page.locator("#tab-game")).to_be_visible()
            figures.append((t.count - before[0], t.scrolls - before[1]))
            print(f"\ndeal {n}:", " ".join(t.tapped[first:]))
            # after Save the view is where the next action is: the next deal's names and "Enter the next deal"
            expect(page.locator("#game .next")).to_contain_text("Next deal")
            assert page.locator("#next-deal").evaluate(IN_VIEW) and page.locator("#game .next").evaluate(IN_VIEW)
            assert page.locator("#next-winner").evaluate(IN_VIEW)
            row = page.locator("#game tr[data-deal]").nth(n - 1)
            want = settled(url, deal, batch.deals[n - 1])
            for name, net in want.items():
                expect(row.locator(f"td[data-player={name}] span")).to_have_text(f"{net:+d}" if net else "0")
        taps = sum(f[0] for f in figures) / len(figures)
        scrolls = sum(f[1] for f in figures) / len(figures)
        print("\ndeal     taps  scrolls")
        for n, (a, b) in enumerate(figures, 1):
            print(f"deal {n:>2}  {a:>4}  {b:>7}" + ("  (with its correction)" if n in SLIP else ""))
        figure(f"a dmjl evening of {len(figures)} deals at 360 px: {taps:.1f} taps and {scrolls:.1f} scrolls a deal "
               f"(per deal: {', '.join(f'{a}/{b}' for a, b in figures)}; before issue 44: {BASELINE['taps']:.1f} and "
               f"{BASELINE['scrolls']:.1f}; target: at most {TARGET['taps']} and {TARGET['scrolls']})")
        print(f"mean     {taps:.1f}  {scrolls:>7.1f}   (before issue 44: {BASELINE['taps']:.1f} taps, "
              f"{BASELINE['scrolls']:.1f} scrolls; target: at most {TARGET['taps']} and {TARGET['scrolls']})")
        print("scrolled before tapping:", t.scrolled)
        assert errors == []
        assert taps < BASELINE["taps"] and scrolls < BASELINE["scrolls"]
        assert taps <= TARGET["taps"] and scrolls <= TARGET["scrolls"], (taps, scrolls)


@pytest.mark.parametrize("width, per_row", [(360, 7), (412, 9)])
def test_a_suit_on_one_row_where_the_width_allows(browser, base, width, per_row):
    """Issue 44: at 412 px each suit's nine tiles on one row (before: 7 + 2 at every width); at 360 px nine 44 px
    buttons do not fit (9 x 44 = 396 > 360), so 7 + 2. Every tile button at least 44 x 44 px."""
    with phone(browser, width=width) as page:
        errors = open_page(page, base)
        for suit in "mps":
            boxes = [page.locator(f"#hand-editor .picker [data-tile='{n}{suit}']").bounding_box() for n in range(1, 10)]
            assert sum(1 for b in boxes if abs(b["y"] - boxes[0]["y"]) < 1) == per_row, (suit, boxes)
            assert all(b["width"] >= 44 and b["height"] >= 44 for b in boxes)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert errors == []
