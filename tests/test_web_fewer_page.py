"""A basque game of three or two on the page (issue 30, "Evenings"), in a real headless Chromium at 360 px: after
East's own win in a game of three the page says why the deal passed (the table's option three_players), where the
deal moves on (the game's next-deal line) and in the deal looked at; the new-game form takes the number of players
the chosen variant's table allows (basque: two) and says where each will sit; a game of two goes through a deal
entered on the phone and its sheet. Every control at least 44 x 44 CSS px (as tests/test_web_access.py checks).

The hand, as in tests/test_web_fewer.py: Ana (East) wins on a discard of R with 123m 456m 789m RRR 11s, 48 (Basque
rulebook, tables 1-3: exposed pung of honours 4 + mah jong 20 = 24, pung of dragons one double: 48).

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

import pytest

from test_web_access import SMALL
from webserver import fill_hands, open_page, phone, request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

HAND = "123m 456m 789m RRR 11s"


def mark_easts_win(page, discarder: str) -> None:
    """East the winner (East's hand typed before), R marked as the winning tile, `discarder`'s discard."""
    page.click("#deal-winner [data-value=E]")
    page.click("#deal-editor-E .winrow [data-tile='R']")
    page.click(f"#deal-discarder [data-value={discarder}]")


def east_wins_on_a_discard(page, discarder: str) -> None:
    """East's winning hand tapped in (typed), R marked as the winning tile, `discarder`'s discard; saved."""
    mark_easts_win(page, discarder)
    page.click("#save-deal")


def east_settles_48_from_west(page) -> None:
    """A deal of two: East's HAND won on West's discard (West holds 1p), settled."""
    fill_hands(page, {"E": HAND, "W": "1p"})
    mark_easts_win(page, "W")
    page.click("#settle")
    # Basque rulebook, two players: "Ez dago ordainketa bikoitzik" (no double payment): West pays 48 once
    expect(page.locator("#settlement .amount[data-seat=E]")).to_have_text("+48")
    expect(page.locator("#settlement .amount[data-seat=W]")).to_have_text("-48")


def test_a_game_of_three_says_why_east_passed_after_easts_own_win(browser, tmp_path):
    with running(create_app(Store(tmp_path / "g.sqlite3"))) as url, phone(browser) as page:
        status, sheet = request(url + "/api/games", {"name": "Friday", "variant": "basque",
                                                      "players": ["Ana", "Bo", "Cy"]})
        assert status == 201, sheet
        errors = open_page(page, url)
        page.click("nav [data-tab=game]")
        page.click("#game-list .gamecard button")
        expect(page.locator("#game .next")).to_have_text("Next deal: round E; E Ana, S Bo, N Cy")
        expect(page.locator("#game .moved")).to_have_count(0)  # no deal yet: nothing moved
        page.click("#next-deal")
        expect(page.locator("#seatcard-W")).to_be_hidden()  # West's chair is the empty one
        fill_hands(page, {"E": HAND, "S": "1p", "N": "2p"})
        east_wins_on_a_discard(page, "S")
        # Basque rulebook, three players: "Bigarren jokaldian ez da hegorik egongo" (no South in the second
        # deal): the deal passed although East won, and the page says so and why
        why = ("After deal 1: Ana (East) won, yet the deal passes to Bo, as after every deal with three players "
               "(house option three_players=every-deal).")
        expect(page.locator("#game .moved")).to_have_text(why)
        expect(page.locator("#game .next")).to_have_text("Next deal: round E; E Bo, W Cy, N Ana")
        # East's 48 paid double by each (rules 69-70): 192
        expect(page.locator("#game [data-total=Ana]")).to_have_text("192")
        page.click("#game [title='deal 1: show it']")
        expect(page.locator("#game tr.dealshown .moved")).to_have_text(why.replace("After deal 1", "After this deal"))
        assert page.evaluate(SMALL) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert errors == []


def test_the_new_game_form_takes_two_players_where_the_table_allows_it(browser, tmp_path):
    with running(create_app(Store(tmp_path / "g.sqlite3"))) as url, phone(browser) as page:
        errors = open_page(page, url)
        page.click("nav [data-tab=game]")
        form = page.locator("#new-game")
        # spanish is played by four (its table's settlement names no other number): every seat's name is needed
        expect(page.locator("#variant")).to_have_value("spanish")
        for seat in ("p1", "p2", "p3"):
            expect(form.locator(f"[name={seat}]")).to_have_attribute("required", "")
        expect(page.locator("#new-game-seats")).to_be_empty()  # nothing typed, nothing said
        page.fill("#new-game [name=p0]", "Ana")
        expect(page.locator("#new-game-seats")).to_have_text("4 players. First deal: East Ana, South ?, West ?, North ?")
        page.select_option("#variant", "danish")  # `players: [3, 4]`
        expect(page.locator("#new-game-seats")).to_have_text("1 player: danish is played by 3 or 4 players")
        page.select_option("#variant", "basque")  # `players: [2, 3, 4, 5, 6]`
        for seat in ("p1", "p2", "p3"):
            expect(form.locator(f"[name={seat}]")).not_to_have_attribute("required", "")
            expect(form.locator(f"[name={seat}]")).to_have_attribute("placeholder", "empty: 2 or 3 players")
        page.fill("#new-game [name=gname]", "Friday")
        page.fill("#new-game [name=p2]", "Bo")
        expect(page.locator("#new-game-seats")).to_have_text(
            "2 players. First deal: East Ana, West Bo; South and North empty")
        assert page.evaluate(SMALL) == []
        page.click("#new-game button[type=submit]")
        expect(page.locator("#game .gamename")).to_have_text("Friday")
        expect(page.locator("#game .next")).to_have_text("Next deal: round E; E Ana, W Bo")
        # a deal of two: only East's and West's hands, winner and discarder among them
        page.click("#next-deal")
        for seat in "SN":
            expect(page.locator(f"#seatcard-{seat}")).to_be_hidden()
            expect(page.locator(f"#deal-winner [data-value={seat}]")).to_be_hidden()
        east_settles_48_from_west(page)
        assert page.evaluate(SMALL) == []
        page.click("#save-deal")
        expect(page.locator("#game [data-total=Ana]")).to_have_text("48")
        expect(page.locator("#game [data-total=Bo]")).to_have_text("-48")
        expect(page.locator("#game table.sheet th")).to_have_text(["deal", "Ana", "Bo"])
        expect(page.locator("#game .moved")).to_have_text("After deal 1: Ana (East) won: Ana stays East.")
        assert page.evaluate(SMALL) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        status, sheet = request(url + "/api/games/1")
        assert sheet["game"]["players"] == ["Ana", "Bo"] and sheet["totals"] == {"Ana": 48, "Bo": -48}
        assert errors == []


def test_the_deal_tab_settles_a_deal_of_two_where_the_table_allows_it(browser, tmp_path):
    with running(create_app(Store(tmp_path / "g.sqlite3"))) as url, phone(browser) as page:
        errors = open_page(page, url)
        page.click("nav [data-tab=deal]")
        page.select_option("#variant", "danish")  # `players: [3, 4]`: one empty chair, never two
        expect(page.locator("#deal-chair-row")).to_be_visible()
        expect(page.locator("#deal-chair [data-value=SN]")).to_be_hidden()
        page.select_option("#variant", "basque")  # `players: [2, 3, 4, 5, 6]`
        page.click("#deal-chair [data-value=SN]")
        for seat in "SN":
            expect(page.locator(f"#seatcard-{seat}")).to_be_hidden()
            expect(page.locator(f"#deal-discarder [data-value={seat}]")).to_be_hidden()
        east_settles_48_from_west(page)
        expect(page.locator("#settlement .amount")).to_have_count(2)
        assert page.evaluate(SMALL) == []
        page.click("#deal-chair [data-value='-']")
        expect(page.locator("#seatcard-S")).to_be_visible()
        assert errors == []
