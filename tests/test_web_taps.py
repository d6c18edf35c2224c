"""The taps a player makes on the page at 360 px (issue 30): the spanish example deal
(examples/deal-spanish.yaml: the winner's hand on the Hand tab, then all four hands on the Deal tab) and the
first four deals of the recorded spanish game (examples/game-spanish.yaml), entered by tapping only
(tests/taps.py says what counts as a tap). Each entry is checked against the CLI's own answer for the same
input (`mjscore score`, `mjscore settle`, `mjscore batch`, through mjscore.api), so that the count is of a
correct entry; the counts are printed (pytest -s) and must stay below those measured on the page before issue
30 with the same helper (BEFORE).

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from webserver import open_page, phone, running

from mjscore import api
from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect
# by sets on a page that enters sets (issue 44), else a tile a tap (tests/evening.py)
from evening import Evening as Taps  # noqa: E402  (needs playwright)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
# measured with tests/taps.py on the page as it was before issue 30 (commit 8869a45)
BEFORE = {"hand": 18, "deal": 65, "game": 276}


def counted(kind: str, taps: int) -> None:
    print(f"\ntaps for the {kind}: {taps} (before issue 30: {BEFORE[kind]})")
    assert BEFORE[kind] is None or taps < BEFORE[kind]


def test_taps_for_the_spanish_example_deal(browser):
    deal = yaml.safe_load((EXAMPLES / "deal-spanish.yaml").read_text())
    winner, win = deal["winner"], deal["win"]
    with running(create_app()) as url, phone(browser) as page:
        errors = open_page(page, url)
        page.select_option("#variant", "spanish")  # the page's default; chosen once, not at each deal
        t = Taps(page)
        t.choose("#seat", winner)
        t.hand("#hand-editor", deal["hands"][winner])
        t.win_tile("#hand-editor", win["tile"])
        t.choose("#from", win["from"])
        # the CLI's value of the same hand: mjscore score HAND --seat S --win 7s
        want = api.score(deal["hands"][winner], "spanish", seat=winner, round=deal["round"], win=win["tile"],
                         source=win["from"]).value
        expect(page.locator("#value")).to_have_text(str(want))
        counted("hand", t.count)

        t = Taps(page)
        t.tap("nav [data-tab=deal]")
        t.deal(deal["hands"], winner, win)
        if page.locator("#settle").is_visible():
            t.tap("#settle")
        settled = api.settle(deal).to_dict()  # mjscore settle examples/deal-spanish.yaml --format json
        for seat, net in settled["net"].items():
            expect(page.locator(f"#settlement [data-seat={seat}]").first).to_have_text(f"{net:+d}" if net else "0")
        counted("deal", t.count)
        assert errors == []


@pytest.mark.whole_games  # a whole game replayed on the page: run by .ci/run after the README's command
def test_taps_for_a_game_of_four_deals(browser, tmp_path):
    game = yaml.safe_load((EXAMPLES / "game-spanish.yaml").read_text())
    four = {**game, "deals": game["deals"][:4]}
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, phone(browser) as page:
        errors = open_page(page, url)
        t = Taps(page)
        t.tap("nav [data-tab=game]")
        for i, name in enumerate(game["players"]):
            t.tap(f"#new-game [name=p{i}]")
            page.fill(f"#new-game [name=p{i}]", name)
        t.tap("#new-game button[type=submit]")
        expect(page.locator("#game .gamename")).to_be_visible()
        for d in four["deals"]:
            t.tap("#next-deal")
            expect(page.locator("#save-deal")).to_be_visible()
            seat_of = {page.input_value(f"#seatcard-{s} input"): s for s in "ESWN"}
            hands = {seat_of[name]: hand for name, hand in d["hands"].items()}
            win = dict(d.get("win") or {})
            if win.get("discarder"):
                win["discarder"] = seat_of[win["discarder"]]
            t.deal(dict(sorted(hands.items(), key=lambda kv: "ESWN".index(kv[0]))),
                   seat_of[d["winner"]] if d.get("winner") else None, win)
            t.tap("#save-deal")
            expect(page.locator("#tab-game")).to_be_visible()
        path = tmp_path / "four.yaml"
        path.write_text(yaml.safe_dump(four))
        totals = api.score_game(path).totals  # mjscore batch on the same four deals
        for name, total in totals.items():
            expect(page.locator(f"#game [data-total={name}]")).to_have_text(str(total))
        counted("game", t.count)
        assert errors == []
