"""An MCR session (examples/game-mcr.yaml) through settle, batch, sheet and standings, worked by hand.

MCR payments (Mahjong Competition Rules, tables/mcr.yaml `settlement:`): the winner is paid 8 by each other player,
and the hand's fan by the discarder alone on a discard (each player on a self-drawn tile); no dealer double; East
passes after every deal. A session's places earn table points 4, 2, 1, 0, ties sharing the places' points.
"""

from __future__ import annotations

import json
import re
import os

from helpers import run

from mjscore.play.season import place_points

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAME = os.path.join(ROOT, "examples", "game-mcr.yaml")
ANN, BO, CY, DI = "Ann", "Bo", "Cy", "Di"


def test_the_session_deal_by_deal():
    code, out, err = run("batch", GAME, "--format", "json")
    assert code == 0, err
    game = json.loads(out)["games"][0]
    deals = game["deals"]
    # 1 Ann (E) on Cy's 7m: Big Three Dragons 88 + Half Flush 6 = 94: Cy 8 + 94, Bo and Di 8
    # 2 Bo East (East passes every deal); Di draws: Half Flush 6 + Dragon Pung 2 + Pung of Terminals x2 2
    #   + Self-Drawn 1 = 11: each 8 + 11 = 19
    # 3 Cy East; Ann on Bo's 8m: All Even Pungs 24: Bo 8 + 24, Cy and Di 8
    # 4 Di East; a draw: nothing
    want = [
        ({"E": ANN, "S": BO, "W": CY, "N": DI}, 94, {ANN: 8 + 102 + 8, BO: -8, CY: -(8 + 94), DI: -8}),
        ({"E": BO, "S": CY, "W": DI, "N": ANN}, 11, {ANN: -19, BO: -19, CY: -19, DI: 3 * 19}),
        ({"E": CY, "S": DI, "W": ANN, "N": BO}, 24, {ANN: 8 + 32 + 8, BO: -(8 + 24), CY: -8, DI: -8}),
        ({"E": DI, "S": ANN, "W": BO, "N": CY}, None, {ANN: 0, BO: 0, CY: 0, DI: 0}),
    ]
    assert len(deals) == len(want)
    for got, (seats, value, net) in zip(deals, want):
        assert sum(net.values()) == 0
        assert got["seats"] == seats and got["net"] == net
        if value is not None:
            assert got["hands"][got["winner"]]["value"] == value
    assert game["totals"] == {ANN: 118 - 19 + 48, BO: -8 - 19 - 32, CY: -102 - 19 - 8, DI: -8 + 57 - 8}


def test_standings_give_table_points_by_place():
    """Ann +147 first: 4; Di +41: 2; Bo -59: 1; Cy -129: 0."""
    code, out, err = run("standings", GAME, "--format", "json")
    assert code == 0, err
    table = json.loads(out)
    assert [(r["rank"], r["player"], r["table_points"], r["total"]) for r in table] == [
        (1, ANN, 4, 147), (2, DI, 2, 41), (3, BO, 1, -59), (4, CY, 0, -129)]
    code, out, _ = run("standings", GAME)
    assert "table points" in out


def test_other_variants_have_no_table_points():
    code, out, _ = run("standings", os.path.join(ROOT, "examples", "game-spanish.yaml"), "--format", "json")
    assert code == 0 and all("table_points" not in r for r in json.loads(out))


def test_ties_share_the_places_points():
    """Two tied first share (4 + 2) / 2 = 3; the next two tied share (1 + 0) / 2 = 0.5; all four tied, 7 / 4."""
    assert place_points({"a": 10, "b": 10, "c": -5, "d": -15}, (4, 2, 1, 0)) == {"a": 3, "b": 3, "c": 1, "d": 0}
    assert place_points({"a": 10, "b": 0, "c": -5, "d": -5}, (4, 2, 1, 0)) == {"a": 4, "b": 2, "c": 0.5, "d": 0.5}
    assert place_points(dict.fromkeys("abcd", 0), (4, 2, 1, 0)) == dict.fromkeys("abcd", 1.75)


def test_a_discard_win_needs_its_discarder():
    code, _, err = run("settle", "--variant", "mcr", "--east", "[RRR] [GGG] PPP 11m 567m",
                       "--south", "123m 456p 789s E S W N", "--west", "123p 456s 789m E S W N",
                       "--north", "123s 456m 789p E S W N", "--winner", "E", "--win", "7m")
    assert code == 2 and "say who discarded" in err and err.count("\n") == 1


def test_a_robbed_kong_is_paid_by_its_owner():
    """[111m] [999m] [RRR] 55m 678m robbing South's kong of 8m, seat E, round E: Half Flush 6 + Dragon Pung 2 +
    Pung of Terminals or Honors x2 2 + Robbing the Kong 8 = 18; South pays 8 + 18 = 26, West and North 8."""
    code, out, err = run("settle", "--variant", "mcr", "--east", "[111m] [999m] [RRR] 55m 678m",
                         "--south", "123m 456p 789s E S W N", "--west", "123p 456s 789m E S W N",
                         "--north", "123s 456m 789p E S W N", "--winner", "E", "--win", "8m", "--from", "kong",
                         "--discarder", "S", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["net"] == {"E": 26 + 8 + 8, "S": -26, "W": -8, "N": -8}


def test_a_false_win_pays_each_other_player():
    """tables/mcr.yaml `false_mahjong: {to_others: 10}` (marked assumed there): South's false win costs 3 x 10."""
    code, out, err = run("settle", "--variant", "mcr", "--east", "123m 456p 789s E S W N",
                         "--south", "123m 456p 789s E S W N", "--west", "1p 2p 3p 4s 5s 6s 7m 8m 9m E S W N",
                         "--north", "1s", "--false-mahjong", "S", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["net"] == {"E": 10, "S": -30, "W": 10, "N": 10}


# --- what a referee enters per deal (issue 43): false wins, penalty points, a time-out ----------------------

REFEREE = """variant: mcr
players: [Ann, Bo, Cy, Di]
deals:
  - hands: {Ann: "[RRR] [GGG] PPP 11m 567m", Bo: "123m 456p 789s E S W N",
            Cy: "123p 456s 789m E S W N", Di: "123s 456m 789p E S W N"}
    winner: Ann
    win: {tile: 7m, from: discard, discarder: Cy}
    false_wins: [Bo]
    penalties: {Di: -10}
  - hands: {Bo: "123m 456p 789s E S W N", Cy: "123p 456s 789m E S W N",
            Di: "123s 456m 789p E S W N", Ann: "147m 258p 369s E S W N"}
    timeout: true
    penalties: {Cy: -5}
"""


def test_false_wins_penalties_and_a_time_out(tmp_path):
    """Deal 1 is the example's deal 1 (Ann's 94 on Cy's 7m: Cy 8 + 94 = 102, Bo and Di 8 each), with Bo's false
    win while play went on (the table's fine: 10 to each other player, 30 in all, as the Helper's competition
    records settle it) and 10 penalty points deducted from Di: Ann 8 + 102 + 8 + 10 = 128, Bo -8 - 30 = -38,
    Cy -102 + 10 = -92, Di -8 + 10 - 10 = -8 (the deal sums to -10: a penalty is nobody's gain). Deal 2 stopped
    by time: nothing paid, 5 points deducted from Cy: Cy -97."""
    path = tmp_path / "referee.yaml"
    path.write_text(REFEREE, encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    deals = json.loads(out)["games"][0]["deals"]
    assert deals[0]["net"] == {ANN: 128, BO: -38, CY: -92, DI: -8}
    assert (deals[0]["false_wins"], deals[0]["penalties"]) == ([BO], {DI: -10})
    assert sorted((p["from"], p["to"], p["amount"]) for p in deals[0]["payments"] if p["from"] == BO) == [
        (BO, ANN, 8), (BO, ANN, 10), (BO, CY, 10), (BO, DI, 10)]
    assert deals[1]["net"] == {ANN: 0, BO: 0, CY: -5, DI: 0} and deals[1]["timeout"] is True
    assert deals[1]["totals"] == {ANN: 128, BO: -38, CY: -97, DI: -8}
    code, out, _ = run("sheet", str(path))
    assert code == 0 and re.search(r"^2 +1 +E +Bo +time-out ", out, re.M)
    table = json.loads(run("standings", str(path), "--format", "json")[1])
    assert {r["player"]: r["false_mahjong"] for r in table} == {ANN: 0, BO: 1, CY: 0, DI: 0}


def test_what_a_referee_enters_is_checked(tmp_path):
    """Each mistake is a deal not scored, in one line saying what to write instead; a table not paid as mcr is
    refuses the keys."""
    path = tmp_path / "bad.yaml"
    for old, new, said in (
            ("    false_wins: [Bo]", "    false_wins: [Ann]", "false_wins: the winner cannot have declared a false win"),
            ("penalties: {Di: -10}", "penalties: {Di: ten}",  # (the game names its players: Di, not her seat)
             "penalties.Di: a whole number of points, -10 for ten deducted"),
            ("    timeout: true", "    timeout: true\n    winner: Bo", "timeout: a deal stopped by time has no winner"),
            ("variant: mcr", "variant: spanish", "false_wins: spanish is not paid as mcr is")):
        path.write_text(REFEREE.replace(old, new), encoding="utf-8")
        code, out, _ = run("batch", str(path))
        assert code == 1 and said in out, out


def test_a_referees_entry_refused_is_said_in_chinese(tmp_path):
    """--lang zh says an mcr deal's refused entry in the catalogue's Chinese (the Mahjong Competition Rules' 处罚分,
    和牌), the same with worker processes; JSON's error stays English, for programs."""
    path = tmp_path / "bad.yaml"
    for old, new, zh, en in (
            ("penalties: {Di: -10}", "penalties: {Di: ten}", "penalties.Di：处罚分是整数，扣十分写 -10",
             "penalties.Di: a whole number of points"),
            ("    false_wins: [Bo]", "    false_wins: [Ann]", "false_wins：和牌者不能在其和牌的这一局中错和",
             "false_wins: the winner cannot have declared a false win"),
            ("    timeout: true", "    timeout: yes please", "timeout：写 true 或 false，而不是 'yes please'",
             "timeout: true or false, not 'yes please'")):
        path.write_text(REFEREE.replace(old, new), encoding="utf-8")
        outs = [run("batch", str(path), "--lang", "zh", *jobs)[1] for jobs in ((), ("--jobs", "2"))]
        assert outs[0] == outs[1] and zh in outs[0] and en not in outs[0], outs[0]
        deals = json.loads(run("batch", str(path), "--format", "json")[1])["games"][0]["deals"]
        assert [d["error"] for d in deals if d.get("error")][0].startswith(en)


def test_the_commonest_refusals_at_an_mcr_table_are_said_in_chinese(tmp_path):
    """A discard win with no discarder (MCR: the discarder pays the fan, tables/mcr.yaml `discarder_pays`) and a
    tile held more often than the set has it, said by batch --lang zh in the catalogue's words (放炮者, 东家 ...)."""
    path = tmp_path / "game.yaml"
    path.write_text(REFEREE.replace("discarder: Cy}", "}").replace('Bo: "123m 456p', 'Bo: "RRR 456p', 1),
                    encoding="utf-8")
    out = run("batch", str(path), "--lang", "zh")[1]
    assert "mcr：点和由放炮者付番：请写明谁打出了和牌张" in out and "discarder pays" not in out
    path.write_text(REFEREE.replace('Bo: "123m 456p', 'Bo: "RRR 456p', 1), encoding="utf-8")
    out = run("batch", str(path), "--lang", "zh")[1]
    # Ann's [RRR] and Bo's RRR: six red dragons of the set's four, held by East (Ann) and South (Bo)
    assert "本局中有 6 张 R（每种牌只有 4 张）：在 东家, 南家 手中" in out, out


def test_settle_says_the_refusal_in_chinese_too(tmp_path):
    """settle --lang zh, a deal of flags with no discarder and a deal file with a bad penalty: each refusal one line in
    the catalogue's Chinese (exit 2); without --lang, English as before."""
    flags = ["settle", "--variant", "mcr", "--east", "[RRR] [GGG] PPP 11m 567m", "--south", "123m 456p 789s E S W N",
             "--west", "123p 456s 789m E S W N", "--north", "123s 456m 789p E S W N", "--winner", "E", "--win", "7m"]
    code, _, err = run(*flags, "--lang", "zh")
    assert code == 2 and err.count("\n") == 1 and "deal: mcr：点和由放炮者付番：请写明谁打出了和牌张" in err, err
    assert "mcr: the discarder pays the hand: say who discarded" in run(*flags)[2]
    deal = tmp_path / "deal.yaml"
    deal.write_text('variant: mcr\nhands: {E: "[RRR] [GGG] PPP 11m 567m", S: "", W: "", N: ""}\nwinner: E\n'
                    "win: {tile: 7m, from: discard, discarder: W}\npenalties: {N: ten}\n", encoding="utf-8")
    code, _, err = run("settle", str(deal), "--lang", "zh")
    assert code == 2 and f"{deal}: penalties.N：处罚分是整数" in err and err.count("\n") == 1, err


def test_the_rarer_refusals_at_an_mcr_table_are_said_in_chinese(tmp_path):
    """batch --lang zh says each rarer refusal of an mcr deal in the catalogue's Chinese, English without --lang.
    The first: Ann's [123m] [456p] 789p 11s 567m on Cy's 7m counts All Chows 2 (fan 63) + Short Straight 1 (fan
    71, 456p 789p) = 3, below the 8 fan a win needs (Mahjong Competition Rules, the minimum: 起和番)."""
    path = tmp_path / "game.yaml"
    ann = '"[RRR] [GGG] PPP 11m 567m"'
    for old, new, zh, en in (
            (ann, '"[123m] [456p] 789p 11s 567m"',
             "和牌者 Ann（E）未和牌：和牌须有花牌以外至少8番（中国麻将竞赛规则，起和番）; 计得番种：平和 2、连六 1；共 3 番",
             "the winner, Ann (E), does not hold mah jong: "),
            (ann, '"[RRR] [GGG] PPP 11m 567m 1m"', "和牌者 Ann（E）未和牌：相公：15 张",
             "the winner, Ann (E), does not hold mah jong: long hand: 15 tiles"),
            ("discarder: Cy}", "discarder: Ann}", "win.discarder：Ann 是和牌者；和牌者不会打出自己的和牌张",
             "win.discarder: Ann is the winner; a winner never discards the winning tile"),
            ("from: discard, discarder: Cy}", "from: wall, discarder: Cy}",
             "win.discarder：写了 Cy，但和牌张来自 wall（win.from: wall）：只有点和或抢杠和才有放炮者",
             "win.discarder: Cy is given, but the winning tile came from the wall (win.from: wall)"),
            ("discarder: Cy}", "discarder: W}",
             "win.discarder：'W' 不是本局的选手（选手：Ann, Bo, Cy, Di）；牌局文件写选手的名字而不是座位：本局 Cy 坐 W，请写 Cy",
             "win.discarder: 'W' is not a player in this deal (players: Ann, Bo, Cy, Di); a game file names players"),
            ('Di: "123s 456m 789p E S W N"}', "}", "hands：缺少 Di 的手牌", "hands: no hand for Di"),
            ("    winner: Ann\n", "    winner: Ann\n    pays_for_all: Bo\n", "mcr 没有一人包付全部的规则",
             "mcr has no rule for one player paying for all"),
            ("    winner: Ann\n", "    winner: Ann\n    faults: {Bo: dead}\n",
             "faults：mcr 没有关于 'dead' 手牌的规则（有规则的：无）",
             "faults: mcr has no rule for a 'dead' hand (rules for: none)"),
            (ann, '"[RR] [GGG] PPP 11m 567m"', "Ann（E）的手牌: 明示的牌组须是刻子、顺子或杠，不是 [RR]",
             "hand of Ann (E): an exposed group must be a pung")):
        deal = REFEREE.split("  - hands: {Bo")[0].replace("    false_wins: [Bo]\n    penalties: {Di: -10}\n", "")
        assert old in deal
        path.write_text(deal.replace(old, new, 1), encoding="utf-8")
        code, out, _ = run("batch", str(path), "--lang", "zh")
        assert code == 1 and zh in out and en not in out, out
        code, out, _ = run("batch", str(path))
        assert code == 1 and en in out, out


def test_settle_says_a_name_for_a_seat_in_chinese(tmp_path):
    """A deal file gives seats: a name where a seat is wanted is refused in the catalogue's Chinese (exit 2)."""
    deal = tmp_path / "deal.yaml"
    deal.write_text('variant: mcr\nhands: {E: "[RRR] [GGG] PPP 11m 567m", S: "", W: "", N: ""}\nwinner: Ann\n'
                    "win: {tile: 7m, from: discard, discarder: W}\n", encoding="utf-8")
    code, _, err = run("settle", str(deal), "--lang", "zh")
    assert code == 2 and err.count("\n") == 1 and f"{deal}: winner：'Ann' 不是座位（E、S、W、N）：一局的文件写座位而不是名字" in err, err
    assert "winner: 'Ann' is not a seat (E, S, W, N): a deal file gives seats, not names" in run("settle", str(deal))[2]
