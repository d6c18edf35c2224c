"""The page as a person uses it, in a real headless Chromium at a phone's size (360 x 740): a hand
entered by tapping tiles shows its value; typed notation works too; nothing scrolls sideways; and a
screenshot shows the page drawn (header, tiles), not an empty or broken one.

Needs Debian's chromium (docs/contributing.md, "The browser tests"); skipped, saying so, where none is installed."""

from __future__ import annotations

import pytest

from webserver import PHONE, exported, fill_hands, open_page, phone, png_colours, running, undo

from mjscore.web.app import create_app

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect


def tap(page, editor, *tiles):
    for t in tiles:
        page.click(f"{editor} .picker [data-tile='{t}']")


def test_a_hand_tapped_in_shows_its_value(base, browser):
    with phone(browser) as page:
        errors = open_page(page, base)
        ed = "#hand-editor"
        # by sets (issue 44): a tap a pung, two neighbours a chow, the tap after four sets the pair
        page.click(f"{ed} [data-mode=exposed]")
        tap(page, ed, "5p")
        page.click(f"{ed} [data-mode=free]")
        tap(page, ed, "1m", "2m", "7s", "8s", "S", "N")
        page.click(f"{ed} .winrow [data-tile='7s']")  # the winning tile
        page.click("#seat [data-value=S]")
        page.click("#from [data-value=wall]")
        # Babcock, Rules for Mah-Jongg (1923), the scoring of the Spanish rulebook's page 2: exposed pung of
        # simples [555p] 2 + concealed pung of honours SSS 8 + mah jong 20 + self-drawn 2 = 32;
        # pung of own wind (South) x2: 32 x 2 = 64
        expect(page.locator("#value")).to_have_text("64")
        assert page.input_value(f"{ed} .notation input") == "[555p] 123m 789s SSS NN"
        rules = page.locator("#result table.items tbody .rule").all_inner_texts()
        assert rules == ["exposed pung of simples", "chow", "chow", "concealed pung of honours", "pung of own wind",
                         "mah jong", "self-drawn"]
        expect(page.locator("#result .calc")).to_have_text("base points 32, doubles 1: 32 x 2^1 = 64")
        # each item cites its rule in the rulebook, as `mjscore score` does (the Spanish rulebook's page 2, §6)
        expect(page.locator("#result table.items thead th").first).to_have_text("rule, tiles, rulebook")
        assert page.locator("#result table.items tbody .cite").first.inner_text() == "p. 2 §6"
        assert page.locator("#result table.items tbody .tiles").first.inner_text() == "[555p]"
        # a fourth 5p is taken (one: the hand is full and there are 4 of each tile), then the 5p is used up
        tap(page, ed, "5p")
        assert page.input_value(f"{ed} .notation input") == "[555p] 123m 5p 789s SSS NN"
        expect(page.locator(f"{ed} .picker [data-tile='5p']")).to_be_disabled()
        # "Undo" takes back the last tap, then the one before: North's pair, 12 tiles
        page.click(f"{ed} [data-act=back]")
        expect(page.locator(f"{ed} .picker [data-tile='5p']")).to_be_enabled()
        page.click(f"{ed} [data-act=back]")
        assert page.input_value(f"{ed} .notation input") == "[555p] 123m 789s SSS"
        expect(page.locator("#result .score")).to_contain_text("(not mah jong)")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []


def test_names_in_the_rulebooks_own_words(base, browser):
    with phone(browser) as page:
        open_page(page, base)
        page.fill("#hand-editor .notation input", "[555p] 123m 789s SSS NN")
        page.select_option("#lang", "native")
        # page 2 of the Spanish rulebook, Primas: "Mah Jongg (gana la mano): 20 puntos"
        expect(page.locator("#result table.items tbody .rule").last).to_have_text("Mah Jongg (gana la mano)")
        page.select_option("#lang", "en")
        expect(page.locator("#result table.items tbody .rule").last).to_have_text("mah jong")


def test_a_concealed_kong_and_typed_notation(base, browser):
    with phone(browser) as page:
        open_page(page, base)
        ed = "#hand-editor"
        tap(page, ed, "R")  # a concealed pung; "Kong" makes it a declared kong
        page.click(f"{ed} [data-act=kong]")
        assert page.input_value(f"{ed} .notation input") == "{RRRR}"
        page.fill(f"{ed} .notation input", "[RRR] 234m 55s 78p NN")
        # not mah jong (11 tiles): exposed pung of honours 4 points, pung of dragons x2: 4 x 2 = 8
        # (Babcock, Rules for Mah-Jongg (1923))
        expect(page.locator("#value")).to_have_text("8")
        expect(page.locator(f"{ed} .hand .group.exposed img")).to_have_count(3)
        page.fill(f"{ed} .notation input", "123x 456p")
        expect(page.locator("#result .error p").first).to_have_text("digits without a suit letter: 123 before 'x' (write 123m, 123p or 123s)")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_screenshot_shows_a_drawn_page(base, browser, tmp_path):
    """Fails on an empty or broken page: the header's green, the tiles' red and blue must be drawn."""
    with phone(browser) as page:
        open_page(page, base)
        tap(page, "#hand-editor", "1p", "R")
        expect(page.locator("#live")).to_contain_text("value")
        shot = tmp_path / "hand.png"
        page.screenshot(path=str(shot), scale="css")
    width, height, colours = png_colours(shot.read_bytes())
    assert (width, height) == (PHONE["width"], PHONE["height"])
    total = width * height
    header_green, tile_red, tile_blue = (0x1D, 0x5E, 0x3A), (0xC0, 0x26, 0x2D), (0x1F, 0x4E, 0x9C)
    assert colours.get(header_green, 0) > total * 0.03, "no header drawn"
    assert colours.get(tile_red, 0) > 200 and colours.get(tile_blue, 0) > 200, "no tile faces drawn"
    assert max(colours.values()) < total * 0.8, "one colour fills the page: it is empty"
    assert len(colours) > 200


def test_a_deal_settled(base, browser):
    """The deal of examples/deal-spanish.yaml, East's hand tapped in, the others typed."""
    with phone(browser) as page:
        errors = open_page(page, base)
        page.click("nav [data-tab=deal]")
        for seat, name in zip("ESWN", ["Ann", "Bo", "Cy", "Di"]):
            page.fill(f"#seatcard-{seat} input", name)
        page.click("#seatcard-E")
        ed = "#deal-editor-E"
        page.click(f"{ed} [data-mode=exposed]")
        tap(page, ed, "R")  # [RRR]
        page.click(f"{ed} [data-mode=free]")
        tap(page, ed, "2m", "3m", "5s")  # 234m, a pung of 5s made a pair
        page.click(f"{ed} [data-act=pair]")
        page.click(f"{ed} [data-mode=tiles]")  # the tiles that make no set, one a tap
        tap(page, ed, "7p", "8p", "N", "N")
        for seat, hand in (("S", "[555p] 123m 789s SSS NN"), ("W", "[111s] 456m 99m 2468p"),
                           ("N", "123s 567s 3p 4p 6m 7m 9m WW")):
            page.click(f"#deal-seat [data-value={seat}]")
            page.fill(f"#deal-editor-{seat} .notation input", hand)
        page.click("#deal-winner [data-value=S]")
        page.click("#deal-editor-S .winrow [data-tile='7s']")
        page.click("#deal-discarder [data-value=W]")
        expect(page.locator("#seatcard-S .win-text")).to_have_text("won on 7s")
        page.click("#settle")
        # Babcock, Rules for Mah-Jongg (1923), as the Spanish rulebook's page 2 takes it. Values: South
        # [555p] 2 + SSS 8 + mah jong 20 = 30, own wind x2 = 60; East [RRR] 4, dragons x2 = 8; West [111s] 4;
        # North 0. The winner is paid 60 by each, East double: 120 + 60 + 60 = 240. The losers settle
        # their differences, East's double: West pays East (8 - 4) x 2 = 8, North pays East 8 x 2 = 16,
        # North pays West 4. Nets: East -120 + 8 + 16 = -96; West -60 - 8 + 4 = -64; North -60 - 16 - 4 = -80.
        net = {seat: page.inner_text(f"#settlement [data-seat={seat}]") for seat in "ESWN"}
        assert net == {"E": "-96", "S": "+240", "W": "-64", "N": "-80"}
        page.click("#settlement details.fold summary")  # the payments, folded below the nets
        first = page.locator("#settlement table").nth(1).locator("tbody tr").first.locator("td").all_inner_texts()
        assert first[:3] == ["E Ann", "S Bo", "120"]
        expect(page.locator("#settlement .head")).to_have_text("spanish, round E: South wins")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # a mistake gets the CLI's message: the winner's hand is emptied (a non-winner's may be: nothing scores)
        page.click("#deal-seat [data-value=S]")
        page.click("#deal-editor-S [data-act=clear]")
        page.click("#settle")
        expect(page.locator("#settlement .error p").first).to_contain_text("no tiles in the hand")
        assert errors == []


def test_a_rough_loser_is_scored_by_its_sets_and_says_so(base, browser):
    """The losers entered roughly, only their scoring sets: a hand that is not whole cannot be judged
    "all honours" or "one suit", and the page says so as `mjscore settle` does."""
    with phone(browser) as page:
        errors = open_page(page, base)
        page.click("nav [data-tab=deal]")
        for seat, hand in (("E", "[PPP] 234m 7p 8p 55s 1s NN"), ("S", "[555p] 123m 789s SSS NN"), ("W", "RRR"),
                           ("N", "[GGG] 11m")):
            page.click(f"#deal-seat [data-value={seat}]")
            page.fill(f"#deal-editor-{seat} .notation input", hand)
        page.click("#deal-winner [data-value=S]")
        page.click("#deal-editor-S .winrow [data-tile='7s']")
        page.click("#deal-discarder [data-value=N]")
        page.click("#settle")
        # Spanish rulebook p. 2 §6 (Babcock's values): South [555p] 2 + SSS 8 + mah jong 20 = 30, own wind x2 = 60.
        # East [PPP] 4, dragons x2 = 8. West RRR 8, dragons x2 = 16 (not all honours: 3 tiles are not a whole
        # hand). North [GGG] 4 x2 = 8 (not one suit with honours). Babcock ch. I, VI: each pays South 60, East 120;
        # East pays West (16 - 8) x 2 = 16, North pays West 8. Nets: E -136, S +240, W -60 + 24 = -36, N -68.
        net = {seat: page.inner_text(f"#settlement [data-seat={seat}]") for seat in "ESWN"}
        assert net == {"E": "-136", "S": "+240", "W": "-36", "N": "-68"}
        expect(page.locator("#settlement .note", has_text="West: a partial hand")).to_have_text(
            "note: West: a partial hand (3 tiles; a whole one has 13): all honours not scored, as only the whole "
            "hand can show it")
        assert errors == []


def test_a_game_kept_across_a_reload_corrected_and_exported(browser, tmp_path):
    from mjscore.web.store import Store

    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, phone(browser) as page:
        errors = open_page(page, url)
        page.click("nav [data-tab=game]")
        page.fill("#new-game [name=gname]", "Friday")
        for i, name in enumerate(["Ana", "Bruno", "Carmen", "Diego"]):
            page.fill(f"#new-game [name=p{i}]", name)
        page.click("#new-game button[type=submit]")
        expect(page.locator("#game .next")).to_have_text("Next deal: round E; E Ana, S Bruno, W Carmen, N Diego")
        page.click("#next-deal")
        expect(page.locator("#seatcard-E input")).to_have_value("Ana")
        page.click("#seatcard-E")
        page.fill("#deal-editor-E .notation input", "[RRR] 234m 567p 789s 55s")
        fill_hands(page, dict(zip("SWN", ["1m", "2m", "3m"])))
        page.click("#deal-winner [data-value=E]")
        page.click("#deal-editor-E .winrow [data-tile='5s']")
        page.click("#deal-from [data-value=wall]")
        page.click("#save-deal")
        # Babcock, Rules for Mah-Jongg (1923): [RRR] exposed pung of honours 4 + mah jong 20 + self-drawn 2 = 26,
        # pung of dragons x2 = 52; East wins, each pays double: 104 x 3 = 312. The others' single tiles score
        # nothing. Totals from the Spanish rulebook's 2000 counters (page 1 §5): 2312 and 1896 each.
        expect(page.locator("#game [data-total=Ana]")).to_have_text("2312")
        expect(page.locator("#game [data-total=Bruno]")).to_have_text("1896")
        # East won and keeps the deal (Spanish rulebook, page 1 §5)
        expect(page.locator("#game .next")).to_have_text("Next deal: round E; E Ana, S Bruno, W Carmen, N Diego")
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#game [data-total=Ana]")).to_have_text("2312")  # the game survives a reload
        # correct the deal: it was a draw after all (a draw "no puntúa", page 1 §5): everyone back at 2000
        page.click("#game [aria-label='correct deal 1']")
        expect(page.locator("#deal-editor-E .notation input")).to_have_value("[RRR] 234m 567p 789s 55s")
        page.click("#deal-winner [data-value='-']")
        page.click("#save-deal")
        expect(page.locator("#game [data-total=Ana]")).to_have_text("2000")
        undo(page)  # the correction undone
        expect(page.locator("#game [data-total=Ana]")).to_have_text("2312")
        text = exported(page)
        assert "players:\n- Ana\n- Bruno\n- Carmen\n- Diego\n" in text and "winner: Ana" in text
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []
