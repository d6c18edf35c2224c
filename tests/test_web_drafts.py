"""Two phones and a laptop that goes away (issue 44), in a real headless Chromium at 360 px: a correction two phones
make to one deal keeps both where they changed different fields, and where both changed the discarder the second
phone is shown both values to choose (before, it silently reverted the first phone's correction); the same next
deal entered on two phones is saved once, the second phone shown the first's (before, a duplicate deal); two
draws with no hands are two deals; a deal entered while the laptop is down survives a reload and is saved once
when the laptop is back.

The deal: tests/test_web_corrections.py's DEAL, Ana (East) wins on Bo's discard of R, 48 (Spanish rulebook,
page 2 §6); East is paid double by each loser (Babcock ch. VI): 96 x 3 = 288: Ana 2000 + 288 = 2288, and each
such deal again +288.

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

import pytest

from test_web_corrections import DEAL, PLAYERS
from webserver import fill_hands, next_deal, open_game, open_page, phone, request, served_game, serving, stop

from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect


def the_deal(page) -> None:
    """DEAL entered in the open form: Ana (East) wins on Bo's (South's) discard of R."""
    fill_hands(page, {"E": DEAL["hands"]["Ana"], "S": "1p", "W": "2p", "N": "3p"})
    page.click("#deal-winner [data-value=E]")
    page.click("#deal-editor-E .winrow [data-tile=R]")
    page.click("#deal-discarder [data-value=S]")


def stored(url: str, game: int) -> list[dict]:
    return [d["data"] for d in request(f"{url}/api/games/{game}")[1]["deals"]]


def test_two_phones_correcting_one_deal_keep_both_changes_and_choose_where_both_changed_a_field(tmp_path, browser):
    with served_game(tmp_path, "spanish", PLAYERS, [DEAL]) as (url, game), phone(browser) as b, phone(browser) as c:
        errors = open_game(b, url, "Friday") + open_game(c, url, "Friday")
        for page in (b, c):  # both open deal 1's correction, at the same version
            page.click("#game [aria-label='correct deal 1']")
            expect(page.locator("#save-deal")).to_be_visible()
        b.click("#deal-discarder [data-value=W]")  # phone B: Cy discarded, not Bo
        b.click("#save-deal")
        expect(b.locator("#tab-game")).to_be_visible()
        assert stored(url, game)[0]["win"]["discarder"] == "Cy"
        c.click("#deal-discarder [data-value=N]")  # phone C, on the old version: Di discarded
        c.click("#save-deal")
        conflict = c.locator("#conflicts [data-field='win.discarder']")
        expect(conflict).to_contain_text("the discarder: the other phone saved Cy, this phone had Di")
        expect(c.locator("#deal-discarder [data-value=W]")).to_have_attribute("aria-pressed", "true")  # B's kept
        assert stored(url, game)[0]["win"]["discarder"] == "Cy"  # nothing written
        conflict.get_by_role("button", name="Use mine: Di").click()
        expect(c.locator("#deal-discarder [data-value=N]")).to_have_attribute("aria-pressed", "true")
        c.click("#save-deal")
        expect(c.locator("#tab-game")).to_be_visible()
        assert stored(url, game)[0]["win"]["discarder"] == "Di"  # chosen, not silent
        # again both open the correction; B corrects Cy's hand, C the discarder: both kept, no question asked
        for page in (b, c):
            page.click("nav [data-tab=game]")
            page.click("#game [aria-label='correct deal 1']")
            expect(page.locator("#save-deal")).to_be_visible()
        fill_hands(b, {"W": "2p 2p"})
        b.click("#save-deal")
        expect(b.locator("#tab-game")).to_be_visible()
        c.click("#deal-discarder [data-value=W]")
        c.click("#save-deal")
        expect(c.locator("#tab-game")).to_be_visible()
        deal = stored(url, game)[0]
        assert deal["hands"]["Cy"] == "2p 2p" and deal["win"]["discarder"] == "Cy"
        assert len(stored(url, game)) == 1
        assert errors == []


def test_the_same_next_deal_from_two_phones_is_saved_once_and_two_draws_are_two(tmp_path, browser):
    with served_game(tmp_path, "spanish", PLAYERS) as (url, game), phone(browser) as b, phone(browser) as c:
        errors = open_game(b, url, "Friday") + open_game(c, url, "Friday")
        for page in (b, c):
            next_deal(page)
            the_deal(page)
        b.click("#save-deal")
        expect(b.locator("#tab-game")).to_be_visible()
        c.click("#save-deal")  # the same deal, entered on the same version
        expect(c.locator("#game .error")).to_contain_text("deal 1, with the same hands and result, was saved by another "
                                                          "phone meanwhile: this copy was not saved")
        expect(c.locator("#game tr.dealshown")).to_contain_text("Ana won on R from discard (Bo)")  # the first, shown
        assert stored(url, game) == [DEAL]
        expect(c.locator("#game [data-total=Ana]")).to_have_text("2288")
        # two draws in a row, no hand entered, one from each phone: two deals
        for page in (b, c):
            next_deal(page)
            page.click("#save-deal")
            expect(page.locator("#tab-game")).to_be_visible()
            expect(page.locator("#game .error")).to_have_count(0)
        assert len(stored(url, game)) == 3
        assert errors == []


def test_a_deal_entered_while_the_laptop_is_down_survives_a_reload_and_is_saved_once(tmp_path, browser):
    path = tmp_path / "games.sqlite3"
    with serving(create_app(Store(path))) as (url, server), phone(browser) as page:
        status, sheet = request(url + "/api/games", {"name": "Friday", "variant": "spanish", "players": PLAYERS})
        game = sheet["game"]["id"]
        errors = open_page(page, url)
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
        page.wait_for_function("async () => (await (await caches.open('mjscore-shell-4')).keys()).length >= 58")
        open_game(page, url, "Friday")
        next_deal(page)
        fill_hands(page, {"E": DEAL["hands"]["Ana"], "S": "1p"})  # half entered ...
        stop(server)  # ... when the laptop goes
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#deal-title")).to_have_text("Deal 1 of Friday")  # the draft, as it was left
        expect(page.locator("#deal-editor-S .notation input")).to_have_value("1p")
        fill_hands(page, {"W": "2p", "N": "3p"})
        page.click("#deal-winner [data-value=E]")
        page.click("#deal-editor-E .winrow [data-tile=R]")
        page.click("#deal-discarder [data-value=S]")
        page.click("#save-deal")
        expect(page.locator("#settlement .error")).to_contain_text("kept on this phone and will be saved once")
        page.reload()  # still kept, still to be sent
        page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#deal-title")).to_have_text("Deal 1 of Friday")
        port = int(url.rsplit(":", 1)[1])
        with serving(create_app(Store(path)), port=port):  # the laptop back, where the phone knew it
            expect(page.locator("#game tr[data-deal]")).to_have_count(1, timeout=15000)  # sent by itself
            expect(page.locator("#game [data-total=Ana]")).to_have_text("2288")
            page.wait_for_timeout(3500)  # two more polls: nothing sent again
            page.reload()
            page.wait_for_selector("body[data-ready='1']")
            expect(page.locator("#game tr[data-deal]")).to_have_count(1)
            assert stored(url, game) == [DEAL]
        assert [e for e in errors if "Failed to fetch" not in e] == []


def test_undo_asks_naming_the_change_and_can_be_redone(tmp_path, browser):
    with served_game(tmp_path, "spanish", PLAYERS, [DEAL, DEAL]) as (url, game), phone(browser) as page:
        errors = open_game(page, url, "Friday")
        expect(page.locator("#game [data-total=Ana]")).to_have_text(str(2000 + 2 * 288))
        expect(page.locator("#redo")).to_have_count(0)  # nothing undone: nothing to redo
        page.click("#undo")  # a first tap asks, and nothing is undone
        expect(page.locator("#undo")).to_have_text("Undo deal 2? Tap again")
        page.wait_for_timeout(300)
        assert len(stored(url, game)) == 2
        page.click("#undo")
        expect(page.locator("#game [data-total=Ana]")).to_have_text("2288")
        page.click("#redo")  # "Redo: deal 2": back as it was
        expect(page.locator("#game [data-total=Ana]")).to_have_text(str(2000 + 2 * 288))
        assert stored(url, game) == [DEAL, DEAL]
        expect(page.locator("#redo")).to_have_count(0)
        # a first tap left alone is forgotten after a few seconds
        page.click("#undo")
        expect(page.locator("#undo")).to_have_text("Undo last change", timeout=6000)
        assert len(stored(url, game)) == 2
        assert errors == []
