"""Tenhou's game logs (tenhou.net/6 JSON) read by `batch`, and the riichi settlements real games need.

The logs are recorded games (tests/fixtures/riichi/TENHOU.md: four phoenix-room games of the mjx project, four
files of mjai-reviewer's test data): every win's han, fu and point changes and every draw's payments in them
are Tenhou's own, so `batch --differences` finding none is mjscore agreeing with Tenhou. The settlements
(double ron, nagashi mangan, sticks left on the table) are worked by hand below from Tenhou's rules and the
EMA Riichi Competition Rules 2016 (payments), the arithmetic written with each.
"""

import json
import re
from pathlib import Path

import pytest

import mjscore
from helpers import riichi_draw, run
from mjscore.errors import DealError

LOGS = Path(__file__).parent / "fixtures" / "riichi" / "tenhou"
MJX = sorted((LOGS / "mjx").glob("*.json"))
ALL = MJX + sorted((LOGS / "mjai-reviewer").glob("*.json"))
DOUBLE_RON = LOGS / "mjai-reviewer" / "double_ron.json"
PINFU = "345m 456p 345s 55s 678s"  # all chows, a plain pair, won on 8s of 67s: pinfu and tanyao


def test_the_logs_are_all_here():
    assert len(MJX) == 4 and len(ALL) == 9


@pytest.mark.parametrize("log", ALL, ids=lambda p: p.name)
def test_every_win_and_draw_of_the_logs_agrees_with_tenhou(log):
    code, out, err = run("batch", str(log), "--differences")
    assert (code, out) == (0, ""), out
    assert err == "0 deal(s) of 1 game(s) differ from the record\n"


def test_a_call_of_the_second_of_two_like_discards():
    # confusing_nakis_0 (mjai-reviewer): B lets 17 go twice, A drawing nothing between (a tsumogiri, then again
    # after B's pon of C's 42), and A's pon 1717p17 takes one of them. Taken at the first, A discards 42 and B's
    # next take, a pon of 42 from C (its right), cannot follow; so the replay takes the second. The round is
    # then an exhaustive draw with A alone not waiting: 1000 from A to each, the log's -3000 +1000 +1000 +1000
    deal = mjscore.score_game(str(LOGS / "mjai-reviewer" / "confusing_nakis_0.json")).deals[0]
    assert "error" not in deal and deal["winner"] is None
    assert deal["net"] == {"A": -3000, "B": 1000, "C": 1000, "D": 1000}


def test_a_batch_of_one_log(monkeypatch):
    # double_ron.json, South 4 (kyoku 7: D deals) from the log's scores 41800 26300 37400 14500; the log's
    # result: A +13000 (haneman 12000 from D, and A's own riichi stick, which Tenhou took off A's score when A
    # declared), D -12000; C +2000 (30 fu 2 han: 30 x 2^4 = 480 x 4 = 1920 -> 2000), D -2000. mjscore as the
    # table: A puts the stick down (-1000) and takes it back from the table (+1000): A +12000: 53800; C 39400;
    # D 14500 - 14000 = 500; no stick left on the table.
    # Results (Tenhou rules: from 30000 in whole thousands, 500 down, uma 20/10/-10/-20; the first what the
    # others leave): C 9.4 -> 9, + 10 = 19; B -3.7 -> -4, - 10 = -14; D -29.5 -> -29, - 20 = -49; A 44
    # (this fragment's scores sum to 120000, so not 23.8 + oka 20 + uma 20). Each win said as riichi players say
    # it, with what the discarder pays (issue 43): the log's 跳満12000点 (haneman 12000) and 30符2飜2000点
    monkeypatch.chdir(LOGS.parent.parent.parent.parent)
    name = "tests/fixtures/riichi/tenhou/mjai-reviewer/double_ron.json"
    code, out, err = run("batch", name)
    assert code == 0, err
    assert out == f"""{name}: riichi (Riichi (Japanese) mahjong, Tenhou's rules by default), players A, B, C, D
starting balances: A 41800, B 26300, C 37400, D 14500

deal 1 (round S; E D, S A, W B, N C): A wins with 40 fu 6 han, haneman: 12000 (on 7m, completing 777m)
  hand values: D 0, A 40 fu 6 han, haneman: 12000, B 0, C 30 fu 2 han: 2000
  D pays A 12000 (South's hand on East's discard, base points 3000 x 4, rounded up to 100)
  D pays C 2000 (North's hand on East's discard too (double ron), base points 480 x 4, rounded up to 100)
  A pays the table 1000 (South declares riichi: a stick put down on the table)
  the table pays A 1000 (South takes the riichi sticks on the table: 1)
  note: double ron: North wins on the same discard too; the honba and sticks go to South, nearest the discarder in turn order
  totals: A 53800, B 26300, C 39400, D 500
  sticks on the table: 0

standings:
  1. A 53800 (+44 with oka and uma)
  2. C 39400 (+19 with oka and uma)
  3. B 26300 (-14 with oka and uma)
  4. D 500 (-49 with oka and uma)
deals: 1 read, 1 scored, 0 rejected
"""


def test_a_round_rebuilt_by_replay():
    # 2020052700 E2-2, a double ron (TENHOU.md): C's hand as Tenhou's mjlog holds it (AGARI hai and m):
    # the chi [406m], 22m 406p 340888s, won on B's 8s; D's 234m 345p 22234588s on the same tile
    log = LOGS / "mjx" / "2020052700gm-00a9-0000-75a4695c.json"
    game = mjscore.score_game(str(log))
    deal = game.deals[2]
    assert deal["round"] == "E" and deal["seats"]["E"] == "B"
    assert deal["hands"]["C"]["hand"] == "[406m] 22m 406p 340888s"
    assert deal["hands"]["D"]["hand"] == "234m 345p 22234588s"
    assert deal["win"]["tile"] == "8s" and deal["win"]["discarder"] == "B"
    # the log: C +10600 (8000, 2 honba 600, 2 sticks: one on the table from E2-1, B's declared now), D +1300,
    # B -8600 - 1300, and -1000 for the stick it declared now (its stick of E2-1 left its score in E2-1)
    assert deal["net"] == {"A": 0, "B": -10900, "C": 10600, "D": 1300}


@pytest.mark.parametrize("log", MJX, ids=lambda p: p.name)
def test_final_scores_are_tenhous(log):
    # the mjlog's owari: each player's final score / 100, then Tenhou's game result (oka, uma, its rounding)
    owari = re.search(r'owari="([^"]+)"', log.with_suffix(".mjlog").read_text(encoding="utf-8")).group(1).split(",")
    game = mjscore.score_game(str(log))
    assert [game.totals[p] for p in "ABCD"] == [int(owari[2 * i]) * 100 for i in range(4)]
    results = {s["player"]: s["result"] for s in game.standings}
    assert [results[p] for p in "ABCD"] == [float(owari[2 * i + 1]) for i in range(4)]


def test_differences_list_a_round_that_cannot_be_rebuilt(tmp_path):
    data = json.loads(DOUBLE_RON.read_text(encoding="utf-8"))
    data["log"][0][5][0] = 12  # A's first draw, never discarded nor in the hand: the replay cannot go on
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("batch", str(bad))
    assert code == 1 and "NOT SCORED" in out and "cannot be rebuilt from the log" in out
    code, out, err = run("batch", str(bad), "--differences")
    assert code == 1
    assert out.startswith(f"{bad} deal 1 (S4-0): -: not scored: Tenhou 和了, mjscore refused it (round S4-0 cannot be "
                          "rebuilt from the log: ")
    assert err == "1 deal(s) of 1 game(s) differ from the record\n"


def test_a_log_going_on_into_west(tmp_path):
    # Tenhou rules: a game where nobody has 30,000 after South 4 goes on into West: the double ron of kyoku 7
    # (South 4) written as kyoku 11, West 4: player 3 (D) deals as before, the prevailing wind is West
    data = json.loads(DOUBLE_RON.read_text(encoding="utf-8"))
    data["log"][0][0] = [11, 0, 0]
    log = tmp_path / "west.json"
    log.write_text(json.dumps(data), encoding="utf-8")
    deal = mjscore.score_game(str(log)).deals[0]
    assert deal["round"] == "W" and deal["seats"]["E"] == "D" and "error" not in deal


@pytest.mark.parametrize("text, says", [
    ('{"title": "not a log"}\n', "a JSON file, but neither a Tenhou log"),
    ('{"log": 3}\n', 'not a Tenhou log: each object needs a "log" list of rounds'),
    ('{"log": [[1, 2]]}\n', "round 1 is not a Tenhou round"),
])
def test_a_json_that_is_not_a_tenhou_log_is_one_line(tmp_path, text, says):
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("batch", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


def test_a_log_too_large_says_so(tmp_path, monkeypatch):
    """A log over the bound (20 MB; 2,000 bytes here) was "neither a Tenhou log nor a game file"."""
    monkeypatch.setattr("mjscore.play.tenhou.MAX_BYTES", 2000)
    log = json.loads(DOUBLE_RON.read_text(encoding="utf-8"))
    path = tmp_path / "big.json"
    path.write_text(json.dumps({**log, "title": ["x" * 3000]}), encoding="utf-8")
    size = path.stat().st_size
    for lines in (False, True):  # one object, and JSON Lines of one round each (as mjx keeps a game)
        if lines:
            path.write_text(json.dumps({**log, "log": log["log"][:1]}) + "\n" + json.dumps({**log, "pad": "x" * 3000}))
            size = path.stat().st_size
        assert run("batch", str(path)) == (
            2, "", f"mjscore: error: {path}: too large for a Tenhou log: {size:,} bytes (at most 2,000; one game's log "
                   "is some 10 kB): save each game's log as a file of its own\n")


def test_a_large_game_file_written_as_json_is_read_as_one(tmp_path, monkeypatch):
    """A .json over a Tenhou log's bound, on one line longer than the 64 kB read first, is a game file where it
    has deals: (it was "neither a Tenhou log nor a game file")."""
    monkeypatch.setattr("mjscore.play.tenhou.MAX_BYTES", 2000)
    deal = {"hands": {"Ann": "[RRR] 234m 55s 78p NN", "Bo": "[555p] 123m 789s SSS NN", "Cy": "[111s] 456m 99m 2468p",
                      "Di": "123s 567s 3p 4p 6m 7m 9m WW"}, "winner": None}
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"variant": "spanish", "players": ["Ann", "Bo", "Cy", "Di"], "deals": [deal] * 600}))
    assert path.stat().st_size > 65536 and run("batch", str(path))[0] == 0


def test_a_number_too_long_to_read_says_so(tmp_path):
    """A 4,400-digit number (Python reads at most 4,300) made the log "neither a Tenhou log nor a game file"."""
    text = json.dumps(json.loads(DOUBLE_RON.read_text(encoding="utf-8")), indent=1)
    path = tmp_path / "log.json"
    path.write_text(text.replace("41800", "9" * 4400, 1), encoding="utf-8")
    line = text[:text.index("41800")].count("\n") + 1
    assert run("batch", str(path)) == (
        2, "", f"mjscore: error: {path}: line {line}: a number of 4,400 digits: too long to read (at most 4,300): "
               "no Tenhou log or game file has that; give a tenhou.net/6 JSON log or a game file (docs/cli.md)\n")


def test_a_log_on_standard_input_is_one_line():
    code, out, err = run("batch", "-", input=DOUBLE_RON.read_bytes())
    assert (code, out) == (2, "")
    assert err == ("mjscore: error: -: a Tenhou log (tenhou.net/6 JSON) is read from a file, not from standard input: "
                   "save it and give its name (mjscore batch GAME.json)\n")


def test_differences_of_a_game_file_is_one_line():
    code, out, err = run("batch", "examples/game-dmjl.yaml", "--differences")
    assert code == 2 and err.count("\n") == 1 and "is a game file" in err


# --- settlements worked by hand -------------------------------------------------------------------------

def settle(**kw):
    base = {"variant": "riichi", "round": "E", "players": {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"},
            "hands": {s: "" for s in "ESWN"}}
    base.update(kw)
    return mjscore.settle(base)


def test_double_ron():
    # N discards 8s; S and W both win on it (Tenhou rules: double ron, each paid by the discarder; honba and
    # sticks to the winner nearest the discarder in turn order: from N, E then S then W: S).
    # S: tanyao, pinfu: 2 han 30 fu, 30 x 2^4 = 480, x 4 = 1920 -> 2000; 2 honba 2 x 300 = 600;
    # W's riichi stick (declared this deal) and E's left on the table by an earlier draw: 2 x 1000 to S.
    # W: riichi 1 han; 20 + 10 (closed ron) + 2 (a single wait, the pair) = 32 -> 40 fu: 40 x 2^3 = 320,
    # x 4 = 1280 -> 1300, no honba, no sticks.
    # S +2000 +600 +1000 +1000 = 4600; W +1300 -1000 = 300; N -2000 -600 -1300 = -3900; E 0 (its stick left
    # its score in the deal E put it down); the pot +1000 - 2000 = -1000
    r = settle(hands={"E": "", "S": PINFU, "W": "123m 789p 234s 567s 88s", "N": ""}, winner="S",
               win={"tile": "8s", "from": "discard", "discarder": "N"}, double_ron={"winner": "W"}, riichi=["W"],
               honba=2, sticks=1, sticks_by=["E"])
    assert (r.scores["S"].value, r.scores["W"].value) == (480, 320)
    assert r.net == {"E": 0, "S": 4600, "W": 300, "N": -3900} and r.pot == -1000


def test_double_ron_names_the_nearer_winner_first():
    with pytest.raises(DealError, match="the winner nearest the discarder in turn order takes honba"):
        settle(hands={"E": "", "S": PINFU, "W": "123m 789p 234s 567s 88s", "N": ""}, winner="W",
               win={"tile": "8s", "from": "discard", "discarder": "N"}, double_ron={"winner": "S"}, riichi=["W"])


@pytest.mark.parametrize("who, expected", [
    # a non-dealer's nagashi mangan, paid as a mangan self-drawn (Tenhou rules): base 2000, the dealer 2 x 2000
    # = 4000, each other 2000: S +8000 (2019082700 S1: [-2000, -2000, +8000, -4000] with its dealer at N)
    ("S", {"E": -4000, "S": 8000, "W": -2000, "N": -2000}),
    # the dealer's: 2 x 2000 = 4000 from each: +12000
    ("E", {"E": 12000, "S": -4000, "W": -4000, "N": -4000}),
])
def test_nagashi_mangan(who, expected):
    r = settle(nagashi=[who], tenpai=["W"], honba=1)  # no tenpai payments then, no honba
    assert r.net == expected


def test_the_dealer_second_in_a_double_ron_keeps_the_deal(tmp_path):
    # W discards 8s; N (nearest W in turn order) and E, the dealer, win on it: the dealer keeps the deal and a
    # counter is added (Tenhou rules: the dealer among the winners repeats). Deal 2: Ann deals again with 1 honba:
    # Ann's ron on Di: 2 han 30 fu, the dealer's 6 x 480 = 2880 -> 2900, + 300 = 3200
    game = tmp_path / "g.yaml"
    game.write_text(
        "variant: riichi\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
        f"  - hands: {{Ann: '{PINFU}', Bo: '', Cy: '', Di: '123m 789p 234s 567s 88s'}}\n    winner: Di\n"
        "    win: {tile: 8s, from: discard, discarder: Cy}\n    riichi: [Di]\n    double_ron: {winner: Ann}\n"
        f"  - hands: {{Ann: '{PINFU}', Bo: '', Cy: '', Di: ''}}\n    winner: Ann\n"
        "    win: {tile: 8s, from: discard, discarder: Di}\n", encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    deals = json.loads(out)["games"][0]["deals"]
    # deal 1: Di 1300 (riichi, 40 fu: 320 x 4 -> 1300), Ann the dealer 6 x 480 = 2880 -> 2900, both from Cy
    assert deals[0]["net"] == {"Ann": 2900, "Bo": 0, "Cy": -4200, "Di": 1300}
    assert deals[1]["seats"]["E"] == "Ann"
    assert deals[1]["net"] == {"Ann": 3200, "Bo": 0, "Cy": 0, "Di": -3200}


def test_sticks_left_on_the_table_come_into_the_totals(tmp_path):
    # deal 1: a draw; Bo and Cy declared riichi and are waiting: Ann and Di pay 1500 each (3000 shared), 750 to
    # each; the two sticks stay on the table. Ann was not waiting: Bo deals.
    # each; each puts a stick down on the table as it declares (Bo and Cy +1500 - 1000 = +500; the pot 2000).
    # deal 2: Cy wins on Di's discard (2 han 30 fu: 4 x 480 -> 2000, 1 honba 300) and takes both sticks from
    # the table: Cy +4300, the pot -2000. Totals: Ann 25000 - 1500 = 23500, Bo 25000 + 500 = 25500,
    # Cy 25000 + 500 + 4300 = 29800, Di 25000 - 1500 - 2300 = 21200: 100000 in all, the pot empty.
    game = tmp_path / "g.yaml"
    empty = "{Ann: '', Bo: '', Cy: '', Di: ''}"
    game.write_text("variant: riichi\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    f"  - hands: {empty}\n    tenpai: [Bo, Cy]\n    riichi: [Bo, Cy]\n"
                    f"  - hands: {{Ann: '', Bo: '', Cy: '{PINFU}', Di: ''}}\n    winner: Cy\n"
                    "    win: {tile: 8s, from: discard, discarder: Di}\n", encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    g = json.loads(out)["games"][0]
    assert g["deals"][0]["net"] == {"Ann": -1500, "Bo": 500, "Cy": 500, "Di": -1500}
    assert g["deals"][1]["net"] == {"Ann": 0, "Bo": 0, "Cy": 4300, "Di": -2300}
    assert [(d["pot"], d["pot_total"]) for d in g["deals"]] == [(2000, 2000), (-2000, 0)]
    assert any("own riichi stick left on the table by an earlier draw comes back" in n for n in g["deals"][1]["notes"])
    assert g["totals"] == {"Ann": 23500, "Bo": 25500, "Cy": 29800, "Di": 21200}


def test_sticks_by_must_name_each_stick():
    with pytest.raises(DealError, match="sticks_by: one seat for each of the 2 sticks"):
        settle(sticks=2, sticks_by=["E"])


BIG = "PPP GGG RRR 234m 55p"  # daisangen: a yakuman, base points 8000


@pytest.mark.parametrize("ruleset, scored", [("tenhou", 1), ("ema", 2)])
def test_a_player_below_zero_ends_the_game_where_the_rules_say(tmp_path, ruleset, scored):
    # deal 1: Ann, the dealer, wins a yakuman on Di's discard: 6 x 8000 = 48000 from Di: Di 25000 - 48000 =
    # -23000 (EMA: 30000 - 48000 = -18000). Tenhou rules: below zero ends the game, so deal 2 is not part of it;
    # EMA RCR 2016: play goes on, deal 2 is scored.
    game = tmp_path / "g.yaml"
    game.write_text(f"variant: riichi\noptions: {{ruleset: {ruleset}}}\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    f"  - hands: {{Ann: '{BIG}', Bo: '', Cy: '', Di: ''}}\n    winner: Ann\n"
                    "    win: {tile: 5p, from: discard, discarder: Di}\n"
                    "  - hands: {Ann: '', Bo: '', Cy: '', Di: ''}\n    tenpai: [Bo]\n", encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    deals = json.loads(out)["games"][0]["deals"]
    assert deals[0]["net"] == {"Ann": 48000, "Bo": 0, "Cy": 0, "Di": -48000}
    if scored == 1:
        assert code == 1
        assert deals[1]["error"] == ("the game ended at deal 1, when Di went below zero (riichi: ends_below_zero, "
                                     "docs/tables.md): this deal is not part of it")
    else:
        assert code == 0 and "error" not in deals[1]


def test_sticks_left_at_the_end_go_to_the_first_place(tmp_path):
    # one deal, a draw: Bo and Cy waiting (Ann and Di pay 750 to each: +1500 each), Cy declared riichi; the
    # game ends there with Cy's stick on the table (Cy 26500 - 1000 = 25500): Tenhou gives it to the first
    # place, Bo 26500 + 1000 = 27500.
    # Results (Tenhou rules: from 30000 in whole thousands, 500 down, as its logs show -4500 -> -4; uma
    # 20/10/-10/-20; the first what the others leave): Cy -4.5 -> -4, + 10 = 6; Ann -6.5 -> -6, - 10 = -16;
    # Di -6 - 20 = -26; Bo -(6 - 16 - 26) = 36 (-2.5 + oka 20 + uma 20 = 37.5 unrounded)
    game, out = riichi_draw(tmp_path, tenpai=["Bo", "Cy"], riichi=["Cy"])
    g = json.loads(out)["games"][0]
    assert [(s["player"], s["total"], s["result"], s.get("sticks")) for s in g["standings"]] == [
        ("Bo", 27500, 36, 1000), ("Cy", 25500, 6, None), ("Ann", 23500, -16, None), ("Di", 23500, -26, None)]
    assert g["totals"] == {"Bo": 27500, "Cy": 25500, "Ann": 23500, "Di": 23500}
    code, out, err = run("batch", str(game))
    assert "  1. Bo 27500 (+36 with oka and uma) (+1000: riichi sticks left on the table at the end)\n" in out


@pytest.mark.parametrize("log, source, also", [
    ("chankan.json", "kong", []),  # the log: 槍槓 (robbing the added kan)
    ("rinshan.json", "loose", []),  # the log: 嶺上開花 (the kan's loose tile)
])
def test_how_the_last_tile_came_is_replayed(log, source, also):
    code, out, err = run("batch", str(LOGS / "mjai-reviewer" / log), "--format", "json")
    assert code == 0, err
    deal = json.loads(out)["games"][0]["deals"][0]
    assert deal["win"]["from"] == source
    names = [i["rule"] for i in deal["hands"][deal["winner"]]["items"]]
    assert {"kong": "Chankan", "loose": "Rinshan kaihou"}[source] in names, names


def test_differences_say_why(tmp_path):
    # the double ron's log with an ippatsu A never had (1 han more for A): a han and a points difference, with
    # the yaku only Tenhou counted
    data = json.loads(DOUBLE_RON.read_text(encoding="utf-8"))
    data["log"][0][16][2] = data["log"][0][16][2] + ["一発(1飜)"]
    log = tmp_path / "ippatsu.json"
    log.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, out, err = run("batch", str(log), "--differences", "--format", "json")
    assert code == 1
    assert json.loads(out) == [{"game": str(log), "deal": 1, "round": "S4-0", "player": "A", "what": "han",
                                "tenhou": 7, "mjscore": 6, "why": "only Tenhou counted: 一発"}]
    code, out, err = run("batch", str(DOUBLE_RON), "--differences", "--format", "json")
    assert (code, json.loads(out)) == (0, [])


def test_differences_compare_the_final_scores_of_an_export(tmp_path):
    # Tenhou's own export adds "sc": each player's final score and game result; here the 2019060813 game (it
    # ends at South 1, 2 honba, when C goes below zero) joined into one object with the sc its mjlog's owari
    # gives (26100 +6.0, 62000 +72.0, -11100 -61.0, 23000 -17.0): no difference; with A's score written 26200: one
    src = LOGS / "mjx" / "2019060813gm-00a9-0000-08bb0ec3"
    owari = re.search(r'owari="([^"]+)"', src.with_suffix(".mjlog").read_text(encoding="utf-8")).group(1).split(",")
    lines = [json.loads(line) for line in src.with_suffix(".json").read_text(encoding="utf-8").splitlines()]
    game = {**lines[0], "log": [r for line in lines for r in line["log"]],
            "sc": [x for i in range(4) for x in (int(owari[2 * i]) * 100, float(owari[2 * i + 1]))]}
    assert game["sc"] == [26100, 6.0, 62000, 72.0, -11100, -61.0, 23000, -17.0]
    log = tmp_path / "export.json"
    log.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    assert run("batch", str(log), "--differences")[:2] == (0, "")
    game["sc"][0] = 26200
    log.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    code, out, err = run("batch", str(log), "--differences")
    assert (code, out) == (1, f"{log} deal 7 (S1-2): A: final score: Tenhou 26200, mjscore 26100 (the log's sc)\n")


@pytest.mark.parametrize("where, value, says", [
    (16, {}, "the result is not a list naming it ({})"),
    (1, "x", "the scores at the start are not four numbers"),
    (16, ["和了", [1, 2, "x", 4], [0, 3, 0, "満貫8000点"]], "a win's changes of score are not four numbers"),
])
def test_a_round_not_in_tenhous_form_is_that_deals_error(tmp_path, where, value, says):
    data = json.loads(DOUBLE_RON.read_text(encoding="utf-8"))
    data["log"][0][where] = value
    log = tmp_path / "broken.json"
    log.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, out, err = run("batch", str(log), "--format", "json")
    assert code == 1 and "Traceback" not in err
    deal = json.loads(out)["games"][0]["deals"][0]
    assert deal["error"].startswith("round S4-0: the log's record of it is not in Tenhou's form: ")
    assert says in deal["error"]


@pytest.mark.parametrize("key, value, says", [
    ("double_ron", {"winner": "W"}, "double_ron: under these rules (ruleset=wrc) only the winner nearest the "
                                    "discarder wins (head bump): leave out double_ron (docs/tables.md double_ron)"),
    ("nagashi", ["S"], "nagashi: these rules (ruleset=wrc) do not pay nagashi mangan: leave out nagashi "
                       "(docs/tables.md nagashi_mangan)"),
])
def test_wrc_has_no_double_ron_and_no_nagashi_mangan(key, value, says):
    # the World Riichi Championship rules play neither (head bump; no nagashi mangan): the table's double_ron and
    # nagashi_mangan are false there (the EMA Riichi Competition Rules 2016 play both, as Tenhou does)
    deal = ({"hands": {"E": "", "S": PINFU, "W": "123m 789p 234s 567s 88s", "N": ""}, "winner": "S",
             "win": {"tile": "8s", "from": "discard", "discarder": "N"}, "riichi": ["W"]} if key == "double_ron" else {})
    with pytest.raises(DealError) as e:
        settle(options={"ruleset": "wrc"}, **deal, **{key: value})
    assert str(e.value) == "deal: " + says
