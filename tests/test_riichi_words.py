"""Riichi in its players' words in every face (issue 43): a hand said in fu and han with what the table pays
for it (`30 fu 2 han: 2000`, `20 fu 4 han: 2600 all`, `yakuman (...): 48000`), not in base points, by settle,
batch, sheet, standings, report and compare; the numbers programs read (base points as `value`) unchanged.

The figures are worked by hand from Tenhou's rules and the EMA Riichi Competition Rules 2016 (the riichi
table's citations, "Tenhou rules, EMA RCR 2016: payments"): base points = fu x 2^(han + 2); a discard win is
paid by the discarder, 4 x base (6 x when the dealer won); the dealer's self-drawn win 2 x base from each;
every payment rounded up to 100; a yakuman's base 8000. The pinfu hand's han and fu and what is paid for it
are also the riichi library's (`mahjong` 2.1.0, a test dependency), where it is installed.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from helpers import record_options, run

import mjscore

PINFU = "345m 456p 345s 55s 678s"  # all chows, a plain pair, won on 8s of 67s: pinfu 1 han, tanyao 1 han
GAME = "examples/game-riichi.yaml"  # deal 2: Cy (South) wins on Di's 8s; deals 3, 4: Cy, the dealer, again


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch, request):
    monkeypatch.chdir(request.config.rootpath)


def test_the_pinfu_hand_as_the_riichi_library_scores_it():
    """30 fu 2 han: 2000 on a non-dealer's discard, 2900 on the dealer's; the dealer's tsumo with riichi:
    20 fu 4 han, 2600 from each."""
    pytest.importorskip("mahjong", reason="the riichi library (pip install mahjong==2.1.0, the [test] extra)")
    from mahjong.constants import EAST, SOUTH
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.tile import TilesConverter

    def library(**config):
        tiles = TilesConverter.one_line_string_to_136_array("345m456p345s55678s", has_aka_dora=True)
        win = TilesConverter.one_line_string_to_136_array("8s", has_aka_dora=True)[0]
        r = HandCalculator.estimate_hand_value(tiles, win, config=HandConfig(
            **config, options=OptionalRules(has_open_tanyao=True, has_aka_dora=True)))
        return r.han, r.fu, r.cost["main"]

    assert library(player_wind=SOUTH, round_wind=EAST) == (2, 30, 2000)
    assert library(player_wind=EAST, round_wind=EAST) == (2, 30, 2900)
    assert library(is_tsumo=True, is_riichi=True, player_wind=EAST, round_wind=EAST) == (4, 20, 2600)


def test_settle_says_fu_han_and_what_the_discarder_pays(tmp_path):
    # West wins on North's 8s: pinfu 1 + tanyao 1 = 2 han, 20 fu + 10 (a concealed hand on a discard) = 30 fu;
    # base 30 x 2^4 = 480; the discarder pays 4 x 480 = 1920 -> 2000
    deal = tmp_path / "deal.yaml"
    deal.write_text(f'variant: riichi\nhands: {{E: "", S: "", W: "{PINFU}", N: ""}}\nwinner: W\n'
                    "win: {tile: 8s, from: discard, discarder: N}\n")
    code, out, err = run("settle", str(deal))
    assert code == 0, err
    assert out.splitlines()[2].split() == ["seat", "player", "hand", "fu", "han", "hand", "is", "value"]
    west = next(line for line in out.splitlines() if line.startswith("W "))
    assert west.endswith("30    2      mah jong   30 fu 2 han: 2000"), west
    north = next(line for line in out.splitlines() if line.startswith("N "))
    assert north.split() == ["N", "North", "0", "0", "0"]  # a hand that did not win: 0 fu 0 han, value 0
    data = json.loads(run("settle", str(deal), "--format", "json")[1])
    assert data["hands"]["W"]["value"] == 480 and data["hands"]["W"]["cost"]["discarder"] == 2000


def test_settle_says_a_dealers_tsumo_as_so_much_all(tmp_path):
    # East (the dealer) draws 8s with riichi: riichi 1, tsumo 1, pinfu 1, tanyao 1 = 4 han; pinfu's tsumo 20 fu;
    # base 20 x 2^6 = 1280; each pays 2 x 1280 = 2560 -> 2600: "2600 all"
    deal = tmp_path / "deal.yaml"
    deal.write_text(f'variant: riichi\nhands: {{E: "{PINFU}", S: "", W: "", N: ""}}\nwinner: E\n'
                    "win: {tile: 8s, from: wall}\nriichi: [E]\n")
    code, out, err = run("settle", str(deal))
    assert code == 0, err
    east = next(line for line in out.splitlines() if line.startswith("E "))
    assert east.endswith("20    4      mah jong   20 fu 4 han: 2600 all"), east


def test_batch_says_each_win_with_what_the_table_pays():
    # deal 2: Cy (South) on Di's discard, 4 x 480 = 1920 -> 2000; deals 3 and 4: Cy the dealer, 6 x 480 = 2880
    # -> 2900 (the honba's 300 is a payment of its own, not the hand's)
    code, out, err = run("batch", GAME)
    assert code == 0, err
    assert "Cy wins with 30 fu 2 han: 2000 (on 8s, completing 678s)\n  hand values: Bo 0, Cy 30 fu 2 han: 2000," in out
    assert out.count("Cy wins with 30 fu 2 han: 2900 (on 8s") == 2
    assert "480" not in out.replace("base points 480", "")
    markdown = run("batch", GAME, "--format", "markdown")[1]
    assert "Cy wins with 30 fu 2 han: 2000 (on 8s, completing 678s)" in markdown
    deals = json.loads(run("batch", GAME, "--format", "json")[1])["games"][0]["deals"]
    assert [d["hands"]["Cy"].get("said") for d in deals] == [None, "30 fu 2 han: 2000", "30 fu 2 han: 2900",
                                                              "30 fu 2 han: 2900"]
    assert [d["hands"]["Cy"]["value"] for d in deals] == [0, 480, 480, 480]  # the base points, as before


def test_the_words_follow_the_language():
    out = run("batch", GAME, "--lang", "es")[1]
    assert "30 fu 2 han: 2000" in out and "wins with" not in out


def test_sheet_and_standings_say_the_hand():
    code, out, err = run("sheet", GAME)
    assert code == 0, err
    rows = {line.split()[0]: line for line in out.splitlines()[3:]}
    assert ["30 fu 2 han: 2000" in rows["2"], "30 fu 2 han: 2900" in rows["3"], "30 fu 2 han: 2900" in rows["4"]] \
        == [True] * 3
    csv_rows = list(csv.reader(io.StringIO(run("sheet", GAME, "--format", "csv")[1])))
    assert [r[6] for r in csv_rows[:5]] == ["value", "", "30 fu 2 han: 2000", "30 fu 2 han: 2900", "30 fu 2 han: 2900"]
    sheet = json.loads(run("sheet", GAME, "--format", "json")[1])[0]
    assert [r.get("said") for r in sheet["rows"]] == [None, "30 fu 2 han: 2000", "30 fu 2 han: 2900",
                                                      "30 fu 2 han: 2900"]
    code, out, err = run("standings", GAME)
    assert code == 0, err
    # the biggest hand is the one the table pays most for: the dealer's 2900 of deal 3 (equal base points 480)
    assert "30 fu 2 han: 2900 (riichi, game-riichi.yaml deal 3)" in out
    best = json.loads(run("standings", GAME, "--format", "json")[1])[0]["best"]
    assert (best["value"], best["said"], best["table_pays"]) == (480, "30 fu 2 han: 2900", 2900)


def test_a_classical_sheet_adds_nothing():
    sheet = json.loads(run("sheet", "examples/game-spanish.yaml", "--format", "json")[1])[0]
    assert all("said" not in r for r in sheet["rows"])
    assert all("said" not in (r["best"] or {}) for r in json.loads(
        run("standings", "examples/game-spanish.yaml", "--format", "json")[1]))


def test_report_says_the_hand(tmp_path):
    pytest.importorskip("matplotlib", reason="the report extra")
    page = tmp_path / "season.html"
    code, out, err = run("report", GAME, "-o", str(page))
    assert code == 0, err
    html = page.read_text()
    assert "30 fu 2 han: 2900 (riichi, game-riichi.yaml deal 3)" in html and "30 fu 2 han: 2000" in html


def test_compare_says_riichi_in_fu_han_and_yakuman():
    # Kokushi musou won by the dealer (seat E) on a discard: a yakuman, base 8000; 6 x 8000 = 48000
    code, out, err = run("compare", "19m19p19s1234567z 1m", "--variant", "riichi,spanish")
    assert code == 0, err
    assert "value       yakuman (Kokushi musou, thirteen-sided wait): 48000  0" in out
    assert out.rstrip().endswith("Kokushi musou, thirteen-sided wait yakuman")
    # the pinfu hand of South on a discard: 30 fu, 2 han, 2000; each yaku 1 han
    code, out, err = run("compare", PINFU, "--win", "8s", "--seat", "S", "--variant", "riichi,spanish")
    assert code == 0, err
    lines = {line.split("  ")[0]: line.split() for line in out.splitlines()}
    assert lines["points"][1:3] == ["30", "fu"] and lines["doubles"][1:3] == ["2", "han"]
    assert "value       30 fu 2 han: 2000" in out
    assert lines["Pinfu"][1:] == ["1", "han", "—"]


def test_the_pages_sheet_csv_and_deal_shown_say_the_hand(browser, tmp_path):
    """The page's sheet of a riichi game: the row, the shared CSV's value and the deal looked at say the win as
    the sheet does: Cy (South) on Di's 8s, 30 fu 2 han, 4 x 480 = 1920 -> 2000 (as batch above)."""
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    from playwright.sync_api import expect
    from test_web_sheet_share import fetched
    from webserver import open_page, phone, request, running

    from mjscore.web.app import create_app
    from mjscore.web.store import Store

    players = ["Ann", "Bo", "Cy", "Di"]  # East ... North
    with running(create_app(Store(tmp_path / "g.sqlite3"))) as url, phone(browser) as page:
        status, sheet = request(url + "/api/games", {"name": "Riichi", "variant": "riichi", "players": players})
        assert status == 201, sheet
        deal = {"hands": {"Ann": "", "Bo": PINFU, "Cy": "", "Di": ""}, "winner": "Bo",
                "win": {"tile": "8s", "from": "discard", "discarder": "Di"}}
        status, got = request(f"{url}/api/games/{sheet['game']['id']}/deals", deal)
        assert status == 201, got
        errors = open_page(page, url)
        page.click("nav [data-tab=game]")
        page.click("#game-list .gamecard button")
        expect(page.locator("#game tr[data-deal]").first).to_contain_text("Bo · 30 fu 2 han: 2000 · discard by Di")
        rows = list(csv.reader(io.StringIO(fetched(page, "#csv"))))
        assert [rows[0][4], rows[2][4]] == ["value", "30 fu 2 han: 2000"]
        page.click("#game [title='deal 1: show it']")
        shown = page.locator("#game tr.dealshown .handline")
        expect(shown.nth(1)).to_have_text("Bo (S) 345m 456p 34555678s 30 fu 2 han: 2000 mah jong")
        assert errors == []


TIERS = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman"}
LOGS = sorted(p for p in (Path(__file__).parent / "fixtures" / "riichi" / "tenhou").glob("*/*.json")
              if "和了" in p.read_text(encoding="utf-8"))  # the logs with a win


def tenhou_said(result: str) -> tuple[str, str]:
    """A Tenhou log's words for a win ("30符1飜300-500点", "満貫8000点", "30符2飜500点∀") as mjscore says them:
    (`30 fu 1 han` or the tier's name, `300/500`, `8000`, `500 all`)."""
    m = re.fullmatch(r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀?)", result)
    assert m, result
    fu, han, tier, first, second, each = m.groups()
    return (f"{fu} fu {han} han" if fu else TIERS[tier]), (f"{first}/{second}" if second else f"{first} all" if each
                                                          else first)


def log_rounds(path: Path) -> list:
    """The rounds of a tenhou.net/6 file (one JSON document, or several, one a round, one after another)."""
    text, decoder, at, rounds = path.read_text(encoding="utf-8"), json.JSONDecoder(), 0, []
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())
        doc, at = decoder.raw_decode(text, at)
        rounds += doc["log"]
    return rounds


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_every_win_of_a_tenhou_log_is_said_as_the_log_says_it(log):
    """Each win of the fixtures' Tenhou logs (a round's 和了 entry: who won, and the log's own words for it,
    "30符1飜300-500点") said by batch as the log says it: the same fu and han (or tier) and the same payments
    (300/500 for 300-500, 500 all for 500点∀); the players are the log's seats A, B, C, D."""
    rounds, deals = log_rounds(log), mjscore.score_game(str(log), options=record_options(log)).deals
    assert len(rounds) == len(deals)
    for end, deal in ((r[-1], d) for r, d in zip(rounds, deals)):
        # a win: [who, from whom, liable, the words, the yaku ...] (beside the lists of score changes)
        wins = ([x for x in end[1:] if isinstance(x, list) and len(x) >= 4 and isinstance(x[3], str)]
                if end[0] == "和了" else [])
        for who, _, _, result, *_ in wins:
            what, paid = tenhou_said(result)
            said = deal["hands"]["ABCD"[who]]["said"]
            assert said.endswith(": " + paid) and (said.startswith(what) or f", {what}: " in said), (result, said)


def test_waits_says_each_value_in_fu_han_and_points():
    """345m 456p 345s 55s 67s (South), its souzu 3455567s, waits on 2s and 5s (34s, open at both ends, with 55s
    567s) and on 5s and 8s (67s, with 345s 55s): each a hand of chows and a plain pair won on a two-sided wait.
    Claimed, pinfu 1 + tanyao 1 = 2 han, 20 + 10 (a concealed hand on a discard) = 30 fu, base 30 x 2^4 = 480,
    4 x 480 = 1920 -> 2000 from the discarder; drawn, pinfu + tanyao + menzen tsumo
    = 3 han, 20 fu (no fu for pinfu's tsumo, Tenhou's rules), base 20 x 2^5 = 640: 640 -> 700 from each
    non-dealer, 2 x 640 = 1280 -> 1300 from the dealer (Tenhou rules, EMA RCR 2016: payments)."""
    code, out, err = run("waits", "345m 456p 345s 55s 67s", "--variant", "riichi", "--seat", "S")
    assert code == 0, err
    rows = [line.split(None, 1) for line in out.splitlines()[4:]]
    assert {tile: rest.split("  ")[0] for tile, rest in rows} == dict.fromkeys(
        [tile for tile, _ in rows], "30 fu 2 han: 2000") and all(rest.endswith("20 fu 3 han: 700/1300")
                                                                 for _, rest in rows)
    waits = json.loads(run("waits", "345m 456p 345s 55s 67s", "--variant", "riichi", "--seat", "E",
                           "--format", "json")[1])["waits"]
    # the dealer: 6 x 480 = 2880 -> 2900 claimed; 2 x 640 = 1280 -> 1300 from each drawn; the base points stay
    assert {(w["discard"], w["wall"], w["said"]["discard"], w["said"]["wall"]) for w in waits} == {
        (480, 640, "30 fu 2 han: 2900", "20 fu 3 han: 1300 all")}
    assert "said" not in json.loads(run("waits", "123m 456p 789s EEE N", "--format", "json")[1])["waits"][0]


def test_score_all_says_each_arrangement_in_fu_han_and_points():
    """111m 222m 333m 789p 55s self-drawn on 3m by South: as pungs, sanankou 2 han + menzen tsumo 1 = 3 han,
    20 + 2 (tsumo) + 8 (concealed 111m, terminals) + 4 + 4 (concealed 222m, 333m) = 38 -> 40 fu, base
    40 x 2^5 = 1280: 1280 -> 1300 from each non-dealer, 2560 -> 2600 from the dealer; as three 123m, iipeikou
    1 + menzen tsumo 1 = 2 han, 20 + 2 (tsumo) + 2 (3m closing 12m, an edge wait) = 24 -> 30 fu, base
    30 x 2^4 = 480: 500/1000 (Tenhou rules, EMA RCR 2016: fu, yaku, payments)."""
    code, out, err = run("score", "111m 222m 333m 789p 55s", "--variant", "riichi", "--seat", "S", "--win", "3m",
                         "--from", "wall", "--all")
    assert code == 0, err
    table = out.split("arrangements considered (best first):\n")[1].splitlines()
    assert table[0].split() == ["arrangement", "win", "completing", "fu", "han", "limit", "hand", "value"]
    assert table[2].split("  ")[0] == "111m 222m 333m 789p 55s" and "40    3" in table[2]
    assert table[2].rstrip().endswith("40 fu 3 han: 1300/2600  kept")
    assert table[3].startswith("123m 123m 123m 789p 55s") and table[3].rstrip().endswith("30 fu 2 han: 500/1000")
