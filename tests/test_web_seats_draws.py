"""The page shows a classical game as KDE Kajongg plays it (issue 24): the seats exchanged when the prevailing
wind changes (on the game's sheet and in the next deal's line) and a draw that pays nothing (every hand 0, its
worth shown, not paid). The seats are those worked out in test_seat_exchange.py from KDE Kajongg 22.12, game.py
Game.__exchangeSeats (OEMC 2005); the draw's worth is test_draw_values.py's, worked from dmjl's Meld Rules."""

from __future__ import annotations

import pytest

from test_draw_values import HANDS, WORTH
from test_seat_exchange import PASSING, seats_of, south_wins
from webserver import fill_hands, next_deal, open_game, open_page, phone, served_game

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

PLAYERS = ["Ana", "Bo", "Cy", "Di"]
EXCHANGED = "seats exchanged at the start of round S (OEMC 2005)"


def test_the_game_says_where_seats_were_exchanged(browser, tmp_path):
    # four deals of round E, each won by South (the deal passes each time): the fifth is round S's first, where
    # the players sitting South and West swap, and East and North: ABCD -> DCBA (E Di, S Cy, W Bo, N Ana)
    with served_game(tmp_path, "dmjl", PLAYERS, [south_wins(s) for s in PASSING[:4]]) as (url, _), \
            phone(browser) as page:
        errors = open_game(page, url, "Friday")
        expect(page.locator("#game")).to_contain_text(
            f"Next deal: round S; E Di, S Cy, W Bo, N Ana ({EXCHANGED})")
        assert seats_of(PASSING[4]) == {"E": "Di", "S": "Cy", "W": "Bo", "N": "Ana"}
        # the fifth deal entered on the page, as the seats now are: its row on the sheet says why they changed
        next_deal(page)
        hands = south_wins(PASSING[4])["hands"]
        fill_hands(page, {seat: hands[name] for seat, name in seats_of(PASSING[4]).items() if hands[name]})
        page.click("#deal-winner [data-value=S]")
        page.click("#deal-editor-S .winrow [data-tile='6s']")
        page.click("#deal-from [data-value=wall]")
        page.click("#save-deal")
        expect(page.locator("#game .note")).to_have_text([EXCHANGED])
        # South won 32 from the wall (test_seat_exchange.south_wins): East pays 64, West and North 32; Cy +128
        expect(page.locator("#game tr:has(.note) [data-player=Cy]")).to_contain_text("+128")
        assert errors == []


def test_a_draw_pays_nothing_and_shows_what_each_hand_was_worth(browser, base):
    with phone(browser) as page:
        errors = open_page(page, base)
        page.select_option("#variant", "dmjl")
        page.click("nav [data-tab=deal]")
        fill_hands(page, HANDS)
        page.click("#deal-winner [data-value='-']")
        page.click("#settle")
        expect(page.locator("#settlement .head")).to_have_text("dmjl, round E: a draw")
        for seat in "ESWN":
            expect(page.locator(f"#settlement [data-seat={seat}]")).to_have_text("0")
        page.click("#settlement details.fold summary")
        shown = page.locator("#settlement details.fold table").first
        # each hand valued 0, its worth beside it (E 10, S 32, N 8; West's worth is 0: no note)
        for seat, worth in WORTH.items():
            row = shown.locator("tr", has=page.locator(f"td:text-is('{seat}')"))
            expect(row.locator("td").last).to_have_text(f"0 (worth {worth}, not paid: a draw)" if worth else "0")
        assert errors == []
