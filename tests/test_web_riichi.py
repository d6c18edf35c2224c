"""A riichi table on `mjscore serve`'s page (issue 28): a game of riichi entered from four phones at 360 px, with
who declared riichi, the dora indicators, a red five from the tile pad, who was waiting at a draw, an abortive
draw; the honba and riichi sticks counted by the game deal by deal, shown and never typed; each win said as
riichi players say it ("30 fu 3 han: 3900", "2600 all"); the export scored by `mjscore batch` with the same
totals. Then the riichi part of the deal form at a phone's width: every control 44 px, axe-core's checks, in
light and dark mode; and bad riichi input refused with one line (400).

The numbers are worked by hand from Tenhou's rules and the EMA Riichi Competition Rules 2016 (the riichi table's
citations, "Tenhou rules, EMA RCR 2016: payments", "... payments, honba", "... yaku, ..."): base points = fu x
2^(han + 2); a discard win is paid by the discarder, 4 x base (6 x to the dealer); a self-drawn win by all, the
dealer's own 2 x base from each; every payment rounded up to 100; a honba is 300 on a discard (the discarder
pays it all), 100 from each on a self-drawn win; a riichi stick declared in the deal, 1000, goes to the winner;
at an exhaustive draw those not waiting pay those waiting 3000 in all. The two hands are also checked against
the riichi library `mahjong` 2.1.0 (a test dependency) where it is installed.
"""

from __future__ import annotations

import contextlib

import pytest

from test_web_access import SMALL
from webserver import (PHONE, batch_game, expect_totals, exported, fill_hands, hand_tab, next_deal, open_game,
                       open_page, phone, phones_at_a_table, request, running, start_game)

from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
PINFU = "345m 456p 345s 55s 678s"  # all chows, a plain pair, won on 8s of 67s: pinfu and tanyao
RED = "345m 406p 345s 55s 678s"  # the same with the red five of dots (0p)
GAME = "Riichi night"


def test_the_two_hands_as_the_riichi_library_scores_them():
    """Deal 2's and deal 3's hands by `mahjong` 2.1.0: 4 han 20 fu, 2600 from each (the dealer's tsumo with
    riichi, no dora), 3 han 30 fu, 3900 (West's ron with the red five)."""
    pytest.importorskip("mahjong", reason="the riichi library (pip install mahjong==2.1.0, the [test] extra)")
    from mahjong.constants import EAST, SOUTH, WEST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.tile import TilesConverter

    def library(text: str, dora_indicators=None, **config):
        tiles = TilesConverter.one_line_string_to_136_array(text, has_aka_dora=True)
        win = TilesConverter.one_line_string_to_136_array("8s", has_aka_dora=True)[0]
        rules = OptionalRules(has_open_tanyao=True, has_aka_dora=True)
        r = HandCalculator.estimate_hand_value(tiles, win, dora_indicators=dora_indicators,
                                               config=HandConfig(**config, options=rules))
        return r.han, r.fu, r.cost["main"]

    assert library("345m456p345s55678s", is_tsumo=True, is_riichi=True, player_wind=EAST, round_wind=EAST) \
        == (4, 20, 2600)
    assert library("345m406p345s55678s", player_wind=WEST, round_wind=EAST) == (3, 30, 3900)
    # the Hand tab's hand below: South's, with the dora indicator 4m (dora 5m): 4 han 30 fu, 7700
    dora = TilesConverter.one_line_string_to_136_array("4m")
    assert library("345m406p345s55678s", player_wind=SOUTH, round_wind=EAST, dora_indicators=dora) == (4, 30, 7700)


def test_the_hand_tab_scores_a_riichi_hand_with_its_dora_and_honba(tmp_path, browser):
    """South's hand with the red five of dots, won on a discard of 8s, the dora indicator 4m (dora 5m, one in
    the hand), 1 honba: pinfu 1, tanyao 1, red five 1, dora 1 = 4 han; 20 fu + 10 for a concealed hand won on a
    discard = 30 fu; base 30 x 2^6 = 1920; 4 x 1920 = 7680 -> 7700; + 1 honba x 300 = 8000 (Tenhou rules, EMA
    RCR 2016: payments, honba). The items' columns are fu and han."""
    with running(create_app()) as url, phone(browser) as page:
        errors = open_page(page, url)
        hand_tab(page, "riichi", RED, "8s", seat="S")
        page.click("#hand-riichi summary")
        page.click("#hand-dora .picker [data-tile='4m']")
        page.fill("#hand-honba", "1")
        expect(page.locator("#result .calc")).to_have_text(
            "30 fu 4 han: 7700; with honba and riichi sticks 8000; base points 1920")
        expect(page.locator("#result table.items thead")).to_contain_text("fu")
        expect(page.locator("#live")).to_have_text("30 fu 4 han: 7700")  # the line kept in sight while tapping
        expect(page.locator("#result .value")).to_have_text("base points 1920")
        assert page.evaluate(SMALL) == []
        assert errors == []


def pinfu_won_on_8s(page, seat: str) -> None:
    """On the deal form: `seat`'s hand PINFU typed in, `seat` the winner, won on 8s (how it came: the caller's)."""
    fill_hands(page, {seat: PINFU})
    page.click(f"#deal-winner [data-value={seat}]")
    page.click(f"#deal-editor-{seat} .winrow [data-tile='8s']")


@pytest.mark.whole_games  # a whole game replayed on the page: run by .ci/run after the README's command
def test_four_phones_score_a_riichi_game_that_batch_scores_alike(tmp_path, browser):
    with contextlib.ExitStack() as stack:
        url, (ann, bo, cy, di) = phones_at_a_table(stack, tmp_path, 4, browser)
        errors = start_game([ann, bo, cy, di], url, GAME, variant="riichi", players=PLAYERS)
        # Tenhou's rules: 25,000 each at the start, nothing on the table
        expect_totals(di, {p: 25000 for p in PLAYERS})
        expect(di.locator("#game .next")).to_have_text(
            "Next deal: round E; E Ann, S Bo, W Cy, N Di; on the table: 0 honba, 0 riichi sticks")

        # Deal 1, Ann's phone: an exhaustive draw. Bo declared riichi; Ann and Bo are waiting. 3000 shared:
        # 3000 / (2 waiting x 2 not) = 750 from each of Cy and Di to each of Ann and Bo: Ann +1500, Bo +1500,
        # Cy -1500, Di -1500; Bo's stick, put down on the table as Bo declared, leaves Bo's score: Bo +500. It
        # stays on the table; the draw adds a honba; Ann (East) was waiting, so she deals again (Tenhou rules,
        # EMA RCR 2016: payments, draw, riichi sticks).
        next_deal(ann)
        expect(ann.locator("#deal-riichi")).to_be_visible()
        expect(ann.locator("#deal-counted")).to_contain_text("0 honba and 0 riichi sticks")
        ann.click("#deal-winner [data-value='-']")
        ann.click("#deal-riichi-seats [data-value=S]")
        ann.click("#deal-tenpai [data-value=E]")
        ann.click("#deal-tenpai [data-value=S]")
        expect(ann.locator("#deal-riichi-seats [data-value=S]")).to_have_attribute("aria-pressed", "true")
        ann.click("#save-deal")
        expect_totals(ann, {"Ann": 26500, "Bo": 25500, "Cy": 23500, "Di": 23500})
        expect(ann.locator("#game .moved")).to_have_text("After deal 1: a draw: Ann stays East.")
        expect(ann.locator("#game .next")).to_have_text(
            "Next deal: round E; E Ann, S Bo, W Cy, N Di; on the table: 1 honba, 1 riichi stick")

        # Deal 2, Bo's phone: Ann (the dealer) declares riichi and draws 8s. Riichi 1, menzen tsumo 1, pinfu 1,
        # tanyao 1 = 4 han; pinfu tsumo 20 fu; the dora indicator 9s shows 1s, which the hand lacks. Base
        # 20 x 2^(4+2) = 1280; the dealer's self-drawn win: 2 x 1280 = 2560 -> 2600 from each ("2600 all"),
        # + 1 honba x 100 from each = 2700 each: Ann +8100, the others -2700. The game counted the honba and
        # the stick: nobody types them. Ann puts her own stick down (-1000) and takes both on the table, Bo's of
        # deal 1 and hers, 2000 (Tenhou rules, EMA RCR 2016: riichi sticks go to the next winner):
        # Ann +9100, Bo, Cy and Di -2700.
        next_deal(bo)
        expect(bo.locator("#deal-counted")).to_contain_text("1 honba and 1 riichi stick on the table")
        expect(bo.locator("#deal-honba")).to_have_value("1")
        expect(bo.locator("#deal-sticks")).to_have_value("1")
        pinfu_won_on_8s(bo, "E")
        bo.click("#deal-from [data-value=wall]")
        bo.click("#deal-riichi-seats [data-value=E]")
        bo.click("#deal-dora-box summary")
        bo.click("#deal-dora .picker [data-tile='9s']")
        expect(bo.locator("#deal-dora-said")).to_have_text("9s")
        expect(bo.locator("#deal-ura-box")).to_be_visible()  # Ann declared: her ura dora count
        bo.click("#settle")
        # what is paid for the hand: 3 x 2600 = 7800; with 1 honba (300) and the stick on the table (1000): 9100
        expect(bo.locator("#settlement .cost")).to_have_text("20 fu 4 han: 2600 all (total 7800); "
                                                             "with honba and riichi sticks 9100")
        # Ann's change: 7800 + 300 + the 2 sticks on the table 2000 - her own put down 1000 = +9100
        expect(bo.locator("#settlement .amount[data-seat=E]")).to_have_text("+9100")
        # the sticks' payments, to and from the table's pot (no seat), as `mjscore settle` says them
        expect(bo.locator("#settlement details.fold")).to_contain_text("the tableE Ann2000East takes the riichi sticks on the table: 2")
        bo.click("#save-deal")
        expect_totals(bo, {"Ann": 35600, "Bo": 22800, "Cy": 20800, "Di": 20800})
        # the dealer won: a honba more, the stick taken, Ann deals again
        expect(bo.locator("#game .next")).to_have_text(
            "Next deal: round E; E Ann, S Bo, W Cy, N Di; on the table: 2 honba, 0 riichi sticks")
        expect(bo.locator("#game tr[data-deal]").nth(1)).to_contain_text("20 fu 4 han: 2600 all")

        # Deal 3, Cy's phone, the hand tapped in with the red five of dots from the pad: Cy (West) wins on
        # Di's discard of 8s; Di had declared riichi. Pinfu 1, tanyao 1, red five 1 = 3 han; 20 fu + 10 for a
        # concealed hand won on a discard = 30 fu. Base 30 x 2^5 = 960; 4 x 960 = 3840 -> 3900 ("30 fu 3 han:
        # 3900"); 2 honba x 300 = 600, the discarder paying for all; Di's riichi stick 1000: Cy +5500, Di -5500.
        next_deal(cy)
        expect(cy.locator("#deal-counted")).to_contain_text("2 honba and 0 riichi sticks")
        cy.click("#seatcard-W")
        expect(cy.locator("#deal-editor-W .picker .pickrow.red")).to_be_visible()  # Tenhou: one red five a suit
        cy.click("#deal-editor-W [data-mode=tiles]")  # one tile a tap (issue 44's "One tile")
        for tile in ("3m", "4m", "5m", "4p", "0p", "6p", "3s", "4s", "5s", "5s", "5s", "6s", "7s", "8s"):
            cy.click(f"#deal-editor-W .picker [data-tile='{tile}']")
        expect(cy.locator("#deal-editor-W .notation input")).to_have_value("345m 406p 34555678s")
        expect(cy.locator("#deal-editor-W .picker [data-tile='0p']")).to_be_disabled()  # the one red 5p is in
        cy.click("#deal-winner [data-value=W]")
        cy.click("#deal-editor-W .winrow [data-tile='8s']")
        cy.click("#deal-discarder [data-value=N]")
        cy.click("#deal-riichi-seats [data-value=N]")
        expect(cy.locator("#deal-ura-box")).to_be_hidden()  # Cy did not declare: no ura dora
        cy.click("#save-deal")
        expect_totals(cy, {"Ann": 35600, "Bo": 22800, "Cy": 26300, "Di": 15300})
        rows = cy.locator("#game tr[data-deal]")
        expect(rows.nth(2)).to_contain_text("30 fu 3 han: 3900")
        # a non-dealer won: the counters are cleared and the deal passes to Bo
        expect(cy.locator("#game .next")).to_have_text(
            "Next deal: round E; E Bo, S Cy, W Di, N Ann; on the table: 0 honba, 0 riichi sticks")
        rows.nth(2).locator("button.dealview").click()
        expect(cy.locator("#game .dealshown")).to_contain_text("on the table: 2 honba, 0 riichi sticks")
        expect(cy.locator("#game .dealshown")).to_contain_text("riichi: Di")

        # Deal 4, Di's phone: four winds discarded on the first turn, an abortive draw: nothing is paid, a
        # honba more, Bo deals again
        next_deal(di)
        di.click("#deal-winner [data-value='-']")
        di.select_option("#deal-abort", "four-winds")
        expect(di.locator("#deal-tenpai-row")).to_be_hidden()
        di.click("#save-deal")
        final = {"Ann": 35600, "Bo": 22800, "Cy": 26300, "Di": 15300}
        assert sum(final.values()) == 4 * 25000
        expect_totals(di, final)
        expect(di.locator("#game .next")).to_have_text(
            "Next deal: round E; E Bo, S Cy, W Di, N Ann; on the table: 1 honba, 0 riichi sticks")

        # the sheet runs from the starting points; the export is what batch reads, with the same totals
        expect(di.locator("#game tr.start")).to_contain_text("25000")
        # Tenhou's game result: each total rounded to whole thousands (500 and under down, 600 up: Cy 26300 ->
        # 26000, Bo 22800 -> 23000, Di 15300 -> 15000), less the return 30000, in thousands, plus the uma
        # 20/10/-10/-20: Cy -4 + 10 = 6, Bo -7 - 10 = -17, Di -15 - 20 = -35; the first takes what the others
        # leave, so the results sum to 0: Ann -(6 - 17 - 35) = 46 (its oka 4 x (30000 - 25000) = 20000 within it:
        # 35600 -> 5.6 + 20 + 20 = 45.6 before the rounding) (Tenhou rules: game result)
        expect(di.locator("#game .standings")).to_have_text(
            "Standings (result with uma and oka): 1. Ann 35600 (+46), 2. Cy 26300 (+6), "
            "3. Bo 22800 (-17), 4. Di 15300 (-35)")
        path = tmp_path / "riichi.yaml"
        text = exported(di)
        assert "honba" not in text and "sticks" not in text  # counted by the game, as batch counts them
        path.write_text(text, encoding="utf-8")
        game = batch_game(path)
        assert game["totals"] == final
        assert game["summary"] == {"read": 4, "scored": 4, "rejected": 0}
        assert [(st["player"], st["result"]) for st in game["standings"]] == [
            ("Ann", 46), ("Cy", 6), ("Bo", -17), ("Di", -35)]
        for p in (ann, bo, cy, di):
            assert p.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []


def test_a_corrected_count_of_honba_is_saved_with_the_deal_and_batch_reads_it(tmp_path, browser):
    """The players say the game counted wrong (a deal played elsewhere): the honba field changed is saved as the
    deal's own `honba:`. Bo (South) wins on Cy's discard with PINFU: 2 han 30 fu, 4 x 480 = 1920 -> 2000, + 3
    honba x 300 = 900: Bo +2900, Cy -2900 (Tenhou rules, EMA RCR 2016: payments, honba)."""
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, \
            phone(browser) as page:
        errors = open_game(page, url, GAME, variant="riichi", players=PLAYERS)
        next_deal(page)
        pinfu_won_on_8s(page, "S")
        page.click("#deal-discarder [data-value=W]")
        page.fill("#deal-honba", "3")
        page.click("#save-deal")
        expect_totals(page, {"Ann": 25000, "Bo": 27900, "Cy": 22100, "Di": 25000})
        # corrected again from the sheet: the form shows the deal's own count; saved unchanged, it is kept
        page.click("#game [aria-label='correct deal 1']")
        expect(page.locator("#deal-honba")).to_have_value("3")
        expect(page.locator("#deal-counted")).to_contain_text("0 honba and 0 riichi sticks")
        expect(page.locator("#deal-editor-S .notation input")).to_have_value(PINFU)
        page.click("#save-deal")
        expect_totals(page, {"Ann": 25000, "Bo": 27900, "Cy": 22100, "Di": 25000})
        text = exported(page)
        assert "honba: 3" in text and "sticks" not in text
        path = tmp_path / "g.yaml"
        path.write_text(text, encoding="utf-8")
        assert batch_game(path)["totals"] == {"Ann": 25000, "Bo": 27900, "Cy": 22100, "Di": 25000}
        assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_riichi_deal_form_fits_a_phone_and_axe_finds_nothing(tmp_path, scheme, browser):
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                                   reason="axe-playwright-python is not installed (the test extra has it)")
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, \
            phone(browser, color_scheme=scheme) as page:
        errors = open_game(page, url, GAME, variant="riichi", players=PLAYERS)
        next_deal(page)
        pinfu_won_on_8s(page, "E")
        page.click("#deal-from [data-value=wall]")
        # the winner's riichi is the Riichi row's; double riichi, a word of the win, presses it too
        page.click("#deal-also-box summary")
        expect(page.locator("#deal-also input[value=riichi]")).to_have_count(0)
        page.check("#deal-also input[value=double-riichi]")
        expect(page.locator("#deal-riichi-seats [data-value=E]")).to_have_attribute("aria-pressed", "true")
        page.click("#deal-dora-box summary")
        page.click("#deal-ura-box summary")
        page.click("#deal-dora .picker [data-tile='0m']")
        page.click("#settle")
        expect(page.locator("#settlement .settlement")).to_be_visible()
        assert page.evaluate(SMALL) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
               for v in axe_sync.Axe().run(page).response["violations"]]
        assert bad == []
        page.click("#deal-winner [data-value='-']")  # a draw: who was waiting, the abortive draws
        expect(page.locator("#deal-tenpai-row")).to_be_visible()
        expect(page.locator("#settlement")).to_have_attribute("data-state", "settled")  # settled again, as a draw
        assert page.evaluate(SMALL) == []
        assert [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                for v in axe_sync.Axe().run(page).response["violations"]] == []
        assert errors == []


@pytest.mark.parametrize("deal, said", [
    ({"honba": -1}, "honba: expected a count of 0 to 1000, not -1"),
    ({"abort": "five-winds"}, "abort: one of nine-terminals, four-winds, four-kongs, four-riichi, triple-ron"),
    ({"tenpai": "Bo"}, "tenpai: "),
    ({"riichi": ["Zed"]}, "riichi: 'Zed' is not a player in this deal"),
    ({"dora": 5}, "dora: expected indicator tiles in the notation"),
    ({"winner": "Bo", "win": {"tile": "8s"}, "hands": {"Ann": "", "Bo": PINFU, "Cy": "", "Di": ""}},
     "win.discarder: a riichi win on a discard is paid by the discarder"),
    ({"winner": "Bo", "win": {"tile": "8s", "from": "wall"}, "dora": "9x",
      "hands": {"Ann": "", "Bo": PINFU, "Cy": "", "Di": ""}}, "dora: digits without a suit letter"),
    ({"winner": "Bo", "win": {"tile": "0s", "from": "wall"}, "hands": {"Ann": "", "Bo": PINFU, "Cy": "", "Di": ""}},
     "win.tile 0s: the hand holds no red five 0s, only plain 5s; give tile: 5s"),  # PINFU's 5s are plain
])
def test_bad_riichi_input_is_refused_in_one_line(tmp_path, deal, said):
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url:
        status, sheet = request(url + "/api/games", {"name": "t", "variant": "riichi", "players": PLAYERS})
        assert status == 201
        body = {"hands": {p: "" for p in PLAYERS}, **deal}
        status, got = request(f"{url}/api/games/{sheet['game']['id']}/deals", body)
        assert status == 400, got
        assert said in got["error"] and "\n" not in got["error"]


@pytest.mark.parametrize("hand, seat, tile, source, also, options", [
    (PINFU, "S", "8s", "discard", (), {}),  # 30 fu 2 han: 2000
    (PINFU, "E", "8s", "wall", ("riichi",), {}),  # the dealer's tsumo: 2600 all
    ("234m 456p 345s 55s 678s", "S", "8s", "wall", ("riichi",), {"kiriage": True}),  # 1300/2600
    ("RRR GGG PPP 123m 55p", "S", "5p", "discard", (), {}),  # yakuman (Daisangen)
    ("[123m] 456m 789m 111m 99m", "W", "9m", "discard", (), {}),  # haneman, 28 fu rounded to 30
    ("123m 456m 789m 111m 99m", "N", "9m", "wall", ("riichi",), {}),  # yakuman (Chuuren poutou)
    ("11m 22m 33m 44m 55m 66m 77m", "S", "7m", "wall", ("riichi",), {}),  # sanbaiman
    ("11m 22m 33m 44p 55p 66s EE", "S", "E", "discard", (), {}),  # seven pairs: 25 fu as they stand
])
def test_a_win_of_the_sheet_is_said_as_score_says_it(hand, seat, tile, source, also, options):
    """The page's words for a game's win (the winner's `said` in batch's JSON of the deal, which the page's sheet
    shows: static/sheet.js) are the words `mjscore score` prints for the same hand (its last line, up to the
    total), whatever the tier."""
    import mjscore
    from mjscore.messages import Words
    from mjscore.play.game import named

    s = mjscore.score(hand, "riichi", seat=seat, win=tile, source=source, also=also, options=options)
    other = "W" if seat != "W" else "E"
    deal = {"variant": "riichi", "options": options, "hands": {x: (hand if x == seat else "") for x in "ESWN"},
            "winner": seat, "win": {"tile": tile, "from": source, **({"discarder": other} if source == "discard" else {})},
            "riichi": [seat] if "riichi" in also else [], "players": dict(zip("ESWN", PLAYERS))}
    item = named(mjscore.settle(deal))  # the deal as batch's JSON gives it (the page's ledger stores that)
    assert item["hands"][item["winner"]]["said"] == s.family_value.line(s, Words()).split(" (total")[0].split(";")[0]


def test_an_ema_game_refuses_an_abortive_draw_with_400(tmp_path):
    # EMA RCR 2016, 3.4: a hand ends by exhaustive draw or by a win: ruleset=ema plays no abortive draws
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url:
        status, sheet = request(url + "/api/games", {"name": "t", "variant": "riichi", "players": PLAYERS,
                                                     "options": {"ruleset": "ema"}})
        assert status == 201, sheet
        body = {"hands": {p: "" for p in PLAYERS}, "abort": "nine-terminals"}
        status, got = request(f"{url}/api/games/{sheet['game']['id']}/deals", body)
        assert status == 400, got
        assert ("abort: nine-terminals: ema plays no abortive draws (EMA RCR 2016, 3.4: a hand ends by exhaustive "
                "draw or a win); record it as a draw (tenpai: [...]) or use --option abortive_draws=true"
                in got["error"]) and "\n" not in got["error"]
        status, got = request(f"{url}/api/games/{sheet['game']['id']}/deals", {**body, "abort": None,
                                                                               "tenpai": ["Bo"]})
        assert status == 201, got  # the same deal recorded as a draw, Bo waiting


def test_an_ema_game_offers_no_abortive_draw_on_the_deal_form(tmp_path, browser):
    # ruleset=ema sets abortive_draws=false (EMA RCR 2016, 3.4): a draw's form asks who was waiting only; a
    # Tenhou game (the default) offers the abortive draws at a draw
    from playwright.sync_api import expect

    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, \
            phone(browser) as page:
        errors = open_page(page, url)
        page.select_option("#variant", "riichi")
        page.click("nav [data-tab=hand]")
        page.click("#tab-hand details.options summary")
        page.select_option("#options [name=ruleset]", "ema")
        page.click("nav [data-tab=game]")  # (as open_game does, without reloading the page)
        page.fill("#new-game [name=gname]", GAME)
        for i, player in enumerate(PLAYERS):
            page.fill(f"#new-game [name=p{i}]", player)
        page.click("#new-game button[type=submit]")
        expect(page.locator("#game .gamename")).to_have_text(GAME)
        next_deal(page)
        page.click("#deal-winner [data-value='-']")
        expect(page.locator("#deal-tenpai-row")).to_be_visible()
        expect(page.locator("#deal-abort-row")).to_be_hidden()
        assert errors == []
    with running(create_app(Store(tmp_path / "tenhou.sqlite3"))) as url, \
            phone(browser) as page:
        errors = open_game(page, url, GAME, variant="riichi", players=PLAYERS)
        next_deal(page)
        page.click("#deal-winner [data-value='-']")
        expect(page.locator("#deal-abort-row")).to_be_visible()
        assert errors == []
