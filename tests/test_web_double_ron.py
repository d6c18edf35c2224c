"""A riichi double ron entered on the page's deal form by taps (issue 44: the page's entry): a win on a discard, then
one tap on the row "Double ron" names a second winner on the same tile and opens that player's hand on the pad,
entered as the winner's is (chows first), the winning tile being the same discard. The deal saved is the one
/api/settle settles for the same deal data, the game's standings are `mjscore batch`'s for the same game file, and
a correction opens the saved deal again with both hands and the second winner. At a phone's 360 x 740 in Debian's
Chromium (tests/webserver.py); axe-core finds nothing serious or critical with the row shown.

The deal is tests/test_web_seating_keys.py's first, worked there by hand from Tenhou's rules and the EMA Riichi
Competition Rules 2016 (the riichi table's citations "... payments", "... payments, riichi sticks"; both let two
players win on one discard, the discarder paying each): Ann East (the dealer), Bo South, Cy West, Di North. Cy
discards 8s; Di (riichi, the nearest Cy in turn order: the deal's winner) and Ann both win on it. Di: riichi 1 han,
40 fu (20 + 10 closed ron + 2 single wait), base 40 x 2^3 = 320, 4 x 320 = 1280 -> 1300, Di's own stick (put down:
-1000) back to Di, the nearest winner: Di +1300. Ann: pinfu and tanyao 2 han 30 fu, base 30 x 2^4 = 480, the
dealer's 6 x 480 = 2880 -> 2900. Cy pays both: -4200. From 25,000 each: Ann 27,900, Bo 25,000, Cy 20,800, Di 26,300.
"""

from __future__ import annotations

import pytest
import yaml

from evening import Evening
from webserver import PHONE, axe_findings, batch_game, expect_totals, next_deal, open_game, phone, request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
SEATS = dict(zip("ESWN", PLAYERS))
PINFU = "345m 456p 345s 55s 678s"  # Ann's: won on 8s of 67s, all chows and a plain pair: pinfu, tanyao
RIICHI = "123m 789p 234s 567s 88s"  # Di's: won on 8s, the pair (a single wait)
WRITTEN = {PINFU: "345m 456p 34555678s", RIICHI: "123m 789p 23456788s"}  # the same hands as the page writes them
DEAL = {"hands": {"Ann": WRITTEN[PINFU], "Bo": "", "Cy": "", "Di": WRITTEN[RIICHI]}, "winner": "Di",
        "win": {"tile": "8s", "from": "discard", "discarder": "Cy", "also": []}, "riichi": ["Di"],
        "double_ron": {"winner": "Ann"}}
TOTALS = {"Ann": 27900, "Bo": 25000, "Cy": 20800, "Di": 26300}  # worked by hand above


def by_seat(deal: dict) -> dict:
    """The game's deal (by name) as a deal file by seat, for /api/settle."""
    seat = {name: s for s, name in SEATS.items()}
    return {"variant": "riichi", "round": "E", "players": SEATS,
            "hands": {seat[n]: h for n, h in deal["hands"].items()}, "winner": seat[deal["winner"]],
            "win": {**deal["win"], "discarder": seat[deal["win"]["discarder"]]},
            "riichi": [seat[n] for n in deal["riichi"]], "double_ron": {"winner": seat[deal["double_ron"]["winner"]]}}


def settled_by_name(settlement: dict) -> tuple[dict, list]:
    """/api/settle's nets and payments, each seat written as its player's name (the game's way)."""
    name = lambda s: SEATS.get(s, s)  # noqa: E731 (the pot, null, stays null)
    return ({name(s): v for s, v in settlement["net"].items()},
            [{**p, "from": name(p["from"]), "to": name(p["to"])} for p in settlement["payments"]])


def test_a_double_ron_entered_by_taps_is_saved_as_settle_and_batch_score_it(tmp_path, browser):
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, phone(browser) as page:
        errors = open_game(page, url, "Double", variant="riichi", players=PLAYERS)
        next_deal(page)
        taps = Evening(page)
        expect(page.locator("#deal-ron2-box")).to_be_hidden()  # no winner yet: no second one
        taps.choose("#deal-winner", "N")
        taps.choose("#deal-from", "discard")
        taps.choose("#deal-discarder", "W")
        taps.hand("#deal-editor-N", RIICHI)
        taps.win_tile("#deal-editor-N", "8s")
        taps.tap("#deal-riichi-seats [data-value=N]")
        # the row offers the others: neither the winner nor the discarder
        expect(page.locator("#deal-ron2-box")).to_be_visible()
        assert [b.get_attribute("data-value") for b in page.locator("#deal-ron2 button:visible").all()] == ["-", "E", "S"]
        taps.tap("#deal-ron2 [data-value=E]")  # one tap: East won on it too, East's hand on the pad, chows first
        expect(page.locator("#deal-editor-E")).to_be_visible()
        expect(page.locator("#deal-editor-E")).to_have_attribute("data-chows", "first")
        taps.hand("#deal-editor-E", PINFU)
        expect(page.locator("#seatcard-E .win-text")).to_have_text("won on 8s too (double ron)")
        expect(page.locator("#deal-editor-E .winrow button")).to_have_count(0)  # its tile is the winner's: no row
        expect(page.locator("#seatcard-N .win-text")).to_have_text("won on 8s")
        print(f"\na double ron entered in {taps.count} taps and {taps.scrolls} scrolls: {taps.tapped}")
        sent = page.evaluate("window.Deal.dealData()")
        assert {k: sent[k] for k in ("hands", "winner", "win", "riichi", "double_ron")} == {
            **{k: by_seat(DEAL)[k] for k in ("hands", "winner", "riichi", "double_ron")},
            "win": by_seat(DEAL)["win"]}
        taps.tap("#settle")  # the preview: the winner's hand as said, the second winner in the laptop's note
        expect(page.locator("#settlement .cost")).to_have_text("40 fu 1 han: 1300")
        expect(page.locator("#settlement .note")).to_have_text(["note: double ron: East wins on the same discard too; "
                                                                "the honba and sticks go to North, nearest the "
                                                                "discarder in turn order"])
        expect(page.locator("#settlement .amount[data-seat=E]")).to_have_text("+2900")
        assert axe_findings(page) == []
        taps.tap("#save-deal")
        expect_totals(page, TOTALS)

        status, view = request(f"{url}/api/games/1")
        assert status == 200
        (saved,) = view["deals"]
        assert saved["data"] == DEAL  # what the form saved: both winners, by name
        status, settlement = request(url + "/api/settle", by_seat(DEAL))
        assert status == 200, settlement
        assert (saved["net"], saved["payments"]) == settled_by_name(settlement)
        for seat, name in (("N", "Di"), ("E", "Ann")):  # each winner's hand as /api/settle values it
            assert {k: saved["hands"][name][k] for k in ("mahjong", "han", "fu", "value")} == {
                k: settlement["hands"][seat][k] for k in ("mahjong", "han", "fu", "value")}
        assert saved["net"] == {"Ann": 2900, "Bo": 0, "Cy": -4200, "Di": 1300}  # worked by hand above
        path = tmp_path / "game.yaml"
        path.write_text(yaml.safe_dump({"variant": "riichi", "players": PLAYERS, "deals": [DEAL]}), encoding="utf-8")
        batch = batch_game(path)  # the engine's batch on the same game file
        assert (view["totals"], view["standings"]) == (batch["totals"], batch["standings"])
        assert view["totals"] == TOTALS

        # the deal shown back names both winners and what each was paid
        expect(page.locator("#game tr[data-deal] button.dealview small")).to_contain_text(
            "Di · 40 fu 1 han: 1300 · Ann too, 30 fu 2 han: 2900 (2900 from Cy)")
        page.click("#game button.dealview")
        expect(page.locator("#game tr.dealshown .riichiline")).to_have_text(
            ["40 fu 1 han: 1300", "double ron: Ann too, 30 fu 2 han: 2900 (2900 from Cy)",
             "on the table: 0 honba, 0 riichi sticks", "riichi: Di"])

        # corrected: the form opens with both hands and the second winner; Ann's riichi added, the deal is scored
        # again as /api/settle settles it, the double ron kept
        page.click("#game button[aria-label='correct deal 1']")
        expect(page.locator("#save-deal")).to_have_text("Save correction of deal 1")
        expect(page.locator("#seatcard-N .notation-text")).to_have_text(WRITTEN[RIICHI])
        expect(page.locator("#seatcard-E .notation-text")).to_have_text(WRITTEN[PINFU])
        expect(page.locator("#deal-ron2 [data-value=E]")).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("window.Deal.dealData()")["double_ron"] == {"winner": "E"}
        page.click("#deal-riichi-seats [data-value=E]")  # Ann declared riichi too: riichi 3 han 30 fu for Ann
        page.click("#save-deal")
        corrected = {**DEAL, "riichi": ["Di", "Ann"]}
        status, settlement = request(url + "/api/settle", {**by_seat(corrected), "riichi": ["N", "E"]})
        assert status == 200, settlement
        net, _ = settled_by_name(settlement)
        expect_totals(page, {p: 25000 + v for p, v in net.items()})
        status, view = request(f"{url}/api/games/1")
        assert {**view["deals"][0]["data"], "riichi": sorted(view["deals"][0]["data"]["riichi"])} == {
            **corrected, "riichi": ["Ann", "Di"]}
        assert view["deals"][0]["net"] == net
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []


def test_the_row_is_offered_only_where_the_table_takes_a_second_winner(base, browser):
    """riichi's double_ron follows the house option ruleset (tables/riichi.yaml: Tenhou's rules and EMA RCR 2016
    take a second winner, WRC's only the nearest to the discarder, head bump): /api/variants says so, and the Deal
    tab offers the row under tenhou, not under wrc; in dark mode axe-core finds nothing serious or critical in it."""
    status, described = request(base + "/api/variants")
    (riichi,) = [v for v in described["variants"] if v["variant"] == "riichi"]
    assert riichi["riichi"]["double_ron"] == {"option": "ruleset", "cases": {"tenhou": True, "ema": True, "wrc": False},
                                             "default": False}
    with phone(browser, color_scheme="dark") as page:
        page.goto(base + "/")
        page.wait_for_selector("body[data-ready='1']")
        page.select_option("#variant", "riichi")
        page.click("nav [data-tab=deal]")
        page.click("#deal-winner [data-value=N]")
        page.click("#deal-discarder [data-value=W]")
        expect(page.locator("#deal-ron2-box")).to_be_visible()
        page.click("#deal-from [data-value=wall]")  # a self-drawn win has no second winner
        expect(page.locator("#deal-ron2-box")).to_be_hidden()
        page.click("#deal-from [data-value=discard]")
        page.click("#deal-discarder [data-value=W]")
        expect(page.locator("#deal-ron2-box")).to_be_visible()
        expect(page.locator("#deal-ron2-order")).to_be_hidden()
        # East second on West's discard: East sits nearer West than North in turn order (W, N, E, S: North first)
        page.click("#deal-ron2 [data-value=E]")
        expect(page.locator("#deal-ron2-order")).to_be_hidden()
        page.click("#deal-winner [data-value=E]")  # East the winner, then North second: North is the nearer
        page.click("#deal-ron2 [data-value=N]")
        expect(page.locator("#deal-ron2-order")).to_have_text("North sits nearer West in turn order than East: the "
                                                              "nearest is the winner (the honba and sticks go there). "
                                                              "Tap N as Winner, then E here.")
        expect(page.locator("#deal-ron2-also-box")).to_be_visible()
        assert axe_findings(page) == []
        page.click("nav [data-tab=hand]")
        page.locator("details.options summary").click()
        page.select_option("#options [name=ruleset]", "wrc")
        page.click("nav [data-tab=deal]")
        expect(page.locator("#deal-ron2-box")).to_be_hidden()


def test_a_correction_opened_before_the_double_ron_part_came_keeps_the_second_winner(tmp_path, browser):
    """riichi_ron.js is fetched once a riichi table shows (not part of the first load): a saved double ron corrected
    while it is still on its way (held here) is saved with its double_ron as read, never without it."""
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, phone(browser) as page:
        status, view = request(url + "/api/games", {"name": "Held", "variant": "riichi", "players": PLAYERS})
        assert status == 201, view
        status, view = request(f"{url}/api/games/{view['game']['id']}/deals", DEAL)
        assert status == 201, view
        held = []
        page.route("**/static/riichi_ron.js", lambda route: held.append(route))
        errors = open_game(page, url, "Held")
        page.click("#game button[aria-label='correct deal 1']")
        expect(page.locator("#save-deal")).to_have_text("Save correction of deal 1")
        assert len(held) == 1 and page.locator("#deal-ron2").count() == 0  # the row not come yet
        assert page.evaluate("window.Deal.dealData()")["double_ron"] == {"winner": "E"}
        page.click("#deal-riichi-seats [data-value=E]")  # Ann declared riichi too
        page.click("#save-deal")
        expect(page.locator("#save-deal")).to_be_hidden()
        status, view = request(f"{url}/api/games/1")
        assert view["deals"][0]["data"]["double_ron"] == {"winner": "Ann"}
        assert sorted(view["deals"][0]["data"]["riichi"]) == ["Ann", "Di"]
        held[0].continue_()
        assert errors == []
