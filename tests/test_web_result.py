"""Reading the result at a phone's width (issue 30), in a real headless Chromium: the net of each player first
and large, the hands, payments and citations folded below; a settlement made stale by a change is marked at once
and settled again; no word broken inside at 360 and 412 px on any tab; the value bar never covers an error.

The deal is examples/deal-spanish.yaml (the Spanish rulebook, page 2 §6, with Babcock, Rules for Mah-Jongg
(1923), ch. I and VI, for who pays whom; its nets worked in tests/test_web_page.py).

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from webserver import fill_hands, open_page, phone, request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

DEAL = yaml.safe_load((Path(__file__).resolve().parent.parent / "examples" / "deal-spanish.yaml").read_text())
LONG = "Maria Dolores de la Concepcion Fernandez"  # 40 characters, the most a name may have

# every word (split at spaces, hyphens and slashes, where a line may end) whose letters lie on two lines
BROKEN_WORDS = r"""() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    const el = n.parentElement;
    if (!el || el.closest("script, style, select, option, [hidden]")) continue;
    const re = /[^\s\-\u2013\u2014\/]+/g;
    let m;
    while ((m = re.exec(n.data))) {
      const r = document.createRange();
      r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const tops = new Set(Array.from(r.getClientRects()).filter(x => x.width > 0).map(x => Math.round(x.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
}"""


def settle_example(page, names: dict | None = None) -> None:
    page.click("nav [data-tab=deal]")
    for seat, name in (names or DEAL["players"]).items():
        page.fill(f"#seatcard-{seat} input", name)
    fill_hands(page, DEAL["hands"])
    page.click("#deal-winner [data-value=S]")
    page.click("#deal-editor-S .winrow [data-tile='7s']")
    page.click("#deal-discarder [data-value=W]")
    page.click("#settle")
    expect(page.locator("#settlement .settlement")).to_be_visible()


def test_the_net_comes_first_and_large_the_payments_folded_below(browser):
    with running(create_app()) as url, phone(browser, 360) as page:
        errors = open_page(page, url)
        settle_example(page)
        # South +240, East -96, West -64, North -80 (tests/test_web_page.py works them)
        nets = {s: page.inner_text(f"#settlement .nets [data-seat={s}]") for s in "ESWN"}
        assert nets == {"E": "-96", "S": "+240", "W": "-64", "N": "-80"}
        size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#settlement .nets .amount')).fontSize)")
        assert size >= 24
        fold = page.locator("#settlement details.fold")
        assert fold.get_attribute("open") is None  # folded
        nets_bottom = page.locator("#settlement .nets").bounding_box()
        assert nets_bottom["y"] + nets_bottom["height"] <= fold.bounding_box()["y"]
        # the whole result, nets and the fold's heading, fits the phone's screen below the Settle button
        settlement = page.locator("#settlement .settlement").bounding_box()
        assert settlement["height"] < 740
        page.click("#settlement details.fold summary")
        expect(fold.locator("table").nth(1)).to_contain_text("Babcock (1923) ch. I")
        assert errors == []


def test_a_change_marks_the_settlement_stale_and_settles_again(browser):
    with running(create_app()) as url, phone(browser, 360) as page:
        errors = open_page(page, url)
        settle_example(page)
        page.click("#deal-from [data-value=wall]")
        # at once: the numbers shown are of the deal before the change, and said so
        expect(page.locator("#settlement .stalemark")).to_have_text("The deal changed: settling again…")
        # then settled again: South drew 7s: [555p] 2 + SSS 8 + mah jong 20 + self-drawn 2 = 32, own wind x2 = 64;
        # paid by each, East double: 128 + 64 + 64 = 256. The losers' differences as before (East 8, West 4,
        # North 0; East's double): East -128 + 8 + 16 = -104, West -64 - 8 + 4 = -68, North -64 - 16 - 4 = -84
        expect(page.locator("#settlement .nets [data-seat=S]")).to_have_text("+256")
        nets = {s: page.inner_text(f"#settlement .nets [data-seat={s}]") for s in "ESWN"}
        assert nets == {"E": "-104", "S": "+256", "W": "-68", "N": "-84"}
        expect(page.locator("#settlement .stalemark")).to_have_count(0)
        expect(page.locator("#settlement")).to_have_attribute("data-state", "settled")
        assert errors == []


@pytest.mark.parametrize("width", [360, 412])
def test_no_word_is_broken_inside_on_any_tab(browser, tmp_path, width):
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, phone(browser, width) as page:
        players = [LONG, "Bo", "Cy", "Di"]
        status, sheet = request(url + "/api/games", {"name": "Friday", "variant": "spanish", "players": players})
        assert status == 201
        deal = {**{k: DEAL[k] for k in ("winner",)}, "hands": dict(zip(players, DEAL["hands"].values())),
                "win": {**DEAL["win"], "discarder": "Cy"}, "winner": "Bo"}
        status, got = request(f"{url}/api/games/{sheet['game']['id']}/deals", deal)
        assert status == 201, got
        errors = open_page(page, url)
        page.fill("#hand-editor .notation input", "[555p] 123m 789s SSS NN")
        expect(page.locator("#result table.items")).to_be_visible()
        page.click("#tab-hand details.options summary")
        page.click("#tab-hand details.also summary")
        assert page.evaluate(BROKEN_WORDS) == [], "hand"
        settle_example(page, dict(zip("ESWN", players)))
        page.click("#settlement details.fold summary")
        assert page.evaluate(BROKEN_WORDS) == [], "deal"
        page.click("nav [data-tab=game]")
        page.click("#game-list .gamecard button")
        expect(page.locator("#game table.sheet")).to_be_visible()
        assert page.evaluate(BROKEN_WORDS) == [], "game"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert errors == []


def test_the_value_bar_never_covers_an_error(browser):
    with running(create_app()) as url, phone(browser, 360) as page:
        errors = open_page(page, url)
        page.fill("#hand-editor .notation input", "[555p] 123m 789s SSS NN")
        # seat East (the page's default): [555p] 2 + SSS 8 + mah jong 20 = 30; South is neither East's own wind nor
        # the prevailing wind, three suits: no double (page 2 §6)
        expect(page.locator("#live")).to_have_text("value 30 (mah jong)")
        page.fill("#hand-editor .notation input", "[555p] 123m 789s SSS NX")  # X is no tile: the CLI's caret
        error = page.locator("#result .error")
        expect(error).to_be_visible()
        error.scroll_into_view_if_needed()
        box = error.bounding_box()
        live = page.locator("#live")
        if live.is_visible():
            bar = live.bounding_box()
            assert bar["y"] >= box["y"] + box["height"] or bar["y"] + bar["height"] <= box["y"]
        assert errors == []
