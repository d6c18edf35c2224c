"""`riichi` deals settled: who pays what, worked by hand from the Japanese rules' payments.

The rules (tests/fixtures/riichi/NOTES.md "Payments", as the riichi library's scores.py computes them, and
the exhaustive draw's tenpai payments, which the library does not have): a discard win is paid by the
discarder alone, 4 x base points (6 x to the dealer); a self-drawn win by all three, a non-dealer the base, the
dealer 2 x base (the dealer's own self-drawn win: 2 x base from each); each payment rounded up to 100; honba
300 a counter on a discard (100 from each of three), 100 from each on a self-drawn win; each riichi stick
declared in the deal (1000) to the winner; at a draw those not waiting pay those waiting 3000 in all.
"""

import json

import pytest

import mjscore
from helpers import riichi_draw, run

PLAYERS = {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}
PINFU = "345m 456p 345s 55s 678s"  # all chows, a plain pair, won on 8s of 67s: pinfu and tanyao


def deal(**kw):
    base = {"variant": "riichi", "round": "E", "players": PLAYERS, "hands": {s: "" for s in "ESWN"}}
    base.update(kw)
    return mjscore.settle(base)


def nets(result):
    return {s: result.net[s] for s in "ESWN"}


def test_discard_win_honba_and_sticks():
    # S: riichi 1, pinfu 1, tanyao 1, dora 1 (4m shows 5m), red five 1 (0p), ura 1 (2s shows 3s) = 6 han:
    # haneman, base 3000; W discarded: 4 x 3000 = 12000; 2 honba: 2 x 100 x 3 = 600; S and N each put a stick
    # (1000) down on the table as they declare, and S takes the 3 sticks on it (the earlier deal's and these two:
    # EMA RCR 2016, Tenhou rules): S 12000 + 600 - 1000 + 3000 = +14600, W -12600, N -1000, the pot
    # +2000 - 3000 = -1000 (the changes sum to zero)
    r = deal(hands={"E": "", "S": "345m 406p 345s 55s 678s", "W": "", "N": ""}, winner="S",
             win={"tile": "8s", "from": "discard", "discarder": "W"}, riichi=["S", "N"], honba=2, sticks=1,
             dora="4m", ura="2s")
    assert r.scores["S"].value == 3000
    assert nets(r) == {"E": 0, "S": 14600, "W": -12600, "N": -1000}
    assert r.pot == -1000 and sum(r.net.values()) + r.pot == 0
    assert [(p.payer, p.payee, p.amount) for p in r.payments if mjscore.POT in (p.payer, p.payee)] == [
        ("S", mjscore.POT, 1000), ("N", mjscore.POT, 1000), (mjscore.POT, "S", 3000)]


def test_dealer_self_drawn():
    # E (the dealer): riichi, menzen tsumo, pinfu, tanyao = 4 han, 20 fu: 20 x 2^6 = 1280; each pays
    # 2 x 1280 = 2560 -> 2600, + 1 honba 100: 2700 each; E +8100
    r = deal(hands={"E": PINFU, "S": "", "W": "", "N": ""}, winner="E", win={"tile": "8s", "from": "wall"},
             riichi=["E"], honba=1)
    assert nets(r) == {"E": 8100, "S": -2700, "W": -2700, "N": -2700}


def test_non_dealer_self_drawn():
    # S: the same 1280 base; the dealer 2560 -> 2600, each non-dealer 1280 -> 1300: S +5200
    r = deal(hands={"E": "", "S": PINFU, "W": "", "N": ""}, winner="S", win={"tile": "8s", "from": "wall"},
             riichi=["S"])
    assert nets(r) == {"E": -2600, "S": 5200, "W": -1300, "N": -1300}


def test_dealer_ron_six_times():
    # E wins on S's discard: tanyao, pinfu = 2 han 30 fu: 30 x 2^4 = 480; 6 x 480 = 2880 -> 2900
    r = deal(hands={"E": PINFU, "S": "", "W": "", "N": ""}, winner="E",
             win={"tile": "8s", "from": "discard", "discarder": "S"})
    assert nets(r) == {"E": 2900, "S": -2900, "W": 0, "N": 0}


@pytest.mark.parametrize("tenpai, expected", [  # W, where waiting, declared riichi: 1000 down on the table
    (["E", "W"], {"E": 1500, "S": -1500, "W": 500, "N": -1500}),  # 3000 / (2 x 2) = 750 from each to each
    (["S"], {"E": -1000, "S": 3000, "W": -1000, "N": -1000}),  # 3000 / 3 = 1000 from each
    (["E", "S", "W"], {"E": 1000, "S": 1000, "W": 0, "N": -3000}),  # N pays 1000 to each
    ([], {"E": 0, "S": 0, "W": 0, "N": 0}),  # nobody waiting: nothing
])
def test_exhaustive_draw_tenpai_payments(tenpai, expected):
    r = deal(tenpai=tenpai, riichi=["W"] if "W" in tenpai else [])
    assert nets(r) == expected
    assert r.pot == (1000 if "W" in tenpai else 0)  # the stick stays on the table


def test_discard_win_needs_the_discarder():
    code, _, err = run("settle", "-", input="variant: riichi\nhands: {E: '', S: '" + PINFU + "', W: '', N: ''}\n"
                                              "winner: S\nwin: {tile: 8s, from: discard}\n")
    assert code == 2 and "win.discarder: a riichi win on a discard is paid by the discarder" in err


def test_riichi_keys_refused_elsewhere():
    code, _, err = run("settle", "-", input="variant: spanish\nhands: {E: '', S: '', W: '', N: ''}\nhonba: 1\n")
    assert code == 2 and "honba: spanish is not paid as riichi is" in err


def test_a_game_names_players_in_riichi_and_tenpai(tmp_path):
    # Bo alone waiting: 3000 / 3 = 1000 from each of the others, Bo +3000
    _, out = riichi_draw(tmp_path, tenpai=["Bo"], riichi=["Bo"])
    assert '"Bo"' in out and "3000" in out


def test_east_keeps_the_deal_at_a_draw_only_if_waiting(tmp_path):
    # riichi: the dealer repeats at an exhaustive draw when waiting (renchan), else the deal passes; in both
    # the tenpai payments are made (3000 shared)
    game = tmp_path / "g.yaml"
    empty = "{Ann: '', Bo: '', Cy: '', Di: ''}"
    game.write_text("variant: riichi\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    f"  - hands: {empty}\n    tenpai: [Ann]\n"  # Ann East waiting: keeps the deal
                    f"  - hands: {empty}\n    tenpai: [Bo]\n"  # Ann East not waiting: the deal passes to Bo
                    f"  - hands: {empty}\n", encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    deals = json.loads(out)["games"][0]["deals"]
    assert [d["seats"]["E"] for d in deals] == ["Ann", "Ann", "Bo"]
    # deal 1: Ann +3000, the others -1000; deal 2: Bo +3000, the others -1000; deal 3: nobody waiting
    assert deals[0]["net"] == {"Ann": 3000, "Bo": -1000, "Cy": -1000, "Di": -1000}
    assert deals[1]["net"] == {"Ann": -1000, "Bo": 3000, "Cy": -1000, "Di": -1000}


def test_honba_and_sticks_carried_from_deal_to_deal(tmp_path):
    # deal 1: a draw, Bo declared riichi and is waiting: Bo +3000 - 1000 (the stick put down on the table as Bo
    # declares: Tenhou rules, EMA RCR 2016) = +2000, the others -1000; a counter (honba 1) and Bo's stick stay
    # on the table (the pot 1000); Ann (East) was not waiting: the deal passes, Bo deals.
    # deal 2: Cy (South) wins on Di's discard with PINFU (tanyao, pinfu: 2 han 30 fu, 30 x 2^4 = 480; 4 x 480
    # = 1920 -> 2000) + 1 honba 300 = 2300 from Di; and takes the stick on the table from the pot (the next
    # winner takes the sticks on the table): Cy +3300, the pot -1000; a non-dealer's win clears the counters.
    # deal 3: the deal has passed to Cy (a non-dealer won); Cy, now the dealer, wins on Di's discard again:
    # 6 x 480 = 2880 -> 2900, no counter; the dealer's win adds one and Cy keeps the deal.
    # deal 4: Cy again: 2900 + 1 honba 300 = 3200.
    game = tmp_path / "g.yaml"
    empty = "{Ann: '', Bo: '', Cy: '', Di: ''}"
    game.write_text("variant: riichi\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    f"  - hands: {empty}\n    tenpai: [Bo]\n    riichi: [Bo]\n"
                    f"  - hands: {{Ann: '', Bo: '', Cy: '{PINFU}', Di: ''}}\n    winner: Cy\n"
                    "    win: {tile: 8s, from: discard, discarder: Di}\n"
                    f"  - hands: {{Ann: '', Bo: '', Cy: '{PINFU}', Di: ''}}\n    winner: Cy\n"
                    "    win: {tile: 8s, from: discard, discarder: Di}\n"
                    f"  - hands: {{Ann: '', Bo: '', Cy: '{PINFU}', Di: ''}}\n    winner: Cy\n"
                    "    win: {tile: 8s, from: discard, discarder: Di}\n", encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    deals = json.loads(out)["games"][0]["deals"]
    assert [d["seats"]["E"] for d in deals] == ["Ann", "Bo", "Cy", "Cy"]
    assert deals[0]["net"] == {"Ann": -1000, "Bo": 2000, "Cy": -1000, "Di": -1000}
    assert (deals[0]["pot"], deals[0]["pot_total"]) == (1000, 1000)
    assert deals[0]["totals"] == {"Ann": 24000, "Bo": 27000, "Cy": 24000, "Di": 24000}  # 25000 + 2000
    assert deals[1]["net"] == {"Ann": 0, "Bo": 0, "Cy": 3300, "Di": -2300}
    assert (deals[1]["pot"], deals[1]["pot_total"]) == (-1000, 0)
    assert any(p["from"] is None and p["to"] == "Cy" and p["amount"] == 1000 for p in deals[1]["payments"])
    assert deals[2]["net"] == {"Ann": 0, "Bo": 0, "Cy": 2900, "Di": -2900}
    assert deals[3]["net"] == {"Ann": 0, "Bo": 0, "Cy": 3200, "Di": -3200}
    # standings (start 25000): Cy 25000 - 1000 + 3300 + 2900 + 3200 = 33400, Bo 25000 + 3000 - 1000 = 27000,
    # Ann 24000, Di 25000 - 1000 - 2300 - 2900 - 3200 = 15600 (sum 100000: the stick is in the totals); results
    # (Tenhou rules) from 30000 in whole thousands, 500 down, plus uma 20/10/-10/-20: Bo -3 + 10 = 7,
    # Ann -6 - 10 = -16, Di -14.4 -> -14, - 20 = -34; the first what the others leave: Cy 43 (3.4 + oka 20 +
    # uma 20 = 43.4 unrounded)
    standings = json.loads(out)["games"][0]["standings"]
    assert [(s["player"], s["total"], s["result"]) for s in standings] == [
        ("Cy", 33400, 43), ("Bo", 27000, 7), ("Ann", 24000, -16), ("Di", 15600, -34)]


def test_abortive_draw_pays_nothing_and_east_deals_again(tmp_path):
    # four winds discarded on the first turn: nothing paid; a honba more, East (Ann) deals again; deal 2:
    # Ann (the dealer) wins on Bo's discard: tanyao, pinfu 2 han 30 fu, 6 x 480 = 2880 -> 2900, + 1 honba 300
    game = tmp_path / "g.yaml"
    game.write_text("variant: riichi\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    "  - hands: {Ann: '', Bo: '', Cy: '', Di: ''}\n    abort: four-winds\n"
                    f"  - hands: {{Ann: '{PINFU}', Bo: '', Cy: '', Di: ''}}\n    winner: Ann\n"
                    "    win: {tile: 8s, from: discard, discarder: Bo}\n", encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    deals = json.loads(out)["games"][0]["deals"]
    assert [d["seats"]["E"] for d in deals] == ["Ann", "Ann"]
    assert deals[0]["net"] == {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 0}
    assert any("abortive draw (four-winds)" in n for n in deals[0]["notes"])
    assert deals[1]["net"] == {"Ann": 3200, "Bo": -3200, "Cy": 0, "Di": 0}


def test_ema_starts_at_30000_without_oka(tmp_path):
    # EMA (and WRC): 30,000 each, results from 30,000 (no oka), uma 15/5/-5/-15. One draw, Bo alone waiting:
    # Bo 33000 -> 3 + 15 = 18; Ann, Cy, Di 29000 each, in seating order: -1 + 5 = 4, -1 - 5 = -6, -1 - 15 = -16
    game = tmp_path / "g.yaml"
    game.write_text("variant: riichi\noptions: {ruleset: ema}\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    "  - hands: {Ann: '', Bo: '', Cy: '', Di: ''}\n    tenpai: [Bo]\n", encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    standings = json.loads(out)["games"][0]["standings"]
    assert [(s["player"], s["total"], s["result"]) for s in standings] == [
        ("Bo", 33000, 18), ("Ann", 29000, 4), ("Cy", 29000, -6), ("Di", 29000, -16)]


ABORT_REFUSED = ("abort: four-winds: ema plays no abortive draws (EMA RCR 2016, 3.4: a hand ends by exhaustive draw "
                 "or a win); record it as a draw (tenpai: [...]) or use --option abortive_draws=true")


def test_ema_refuses_an_abortive_draw_in_one_line(tmp_path):
    # EMA RCR 2016, 3.4: a hand ends by exhaustive draw or by a win (no abortive draws): ruleset=ema sets
    # abortive_draws=false
    with pytest.raises(mjscore.MjscoreError) as e:
        deal(options={"ruleset": "ema"}, abort="four-winds")
    assert ABORT_REFUSED in str(e.value) and "\n" not in str(e.value)
    # Tenhou's rules play it (nothing paid), and ema with abortive_draws=true too
    assert nets(deal(abort="four-winds")) == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert nets(deal(options={"ruleset": "ema", "abortive_draws": True}, abort="four-winds")) == {
        "E": 0, "S": 0, "W": 0, "N": 0}


def test_settle_and_batch_refuse_an_ema_abortive_draw(tmp_path):
    one = tmp_path / "d.yaml"
    one.write_text("variant: riichi\noptions: {ruleset: ema}\nhands: {E: '', S: '', W: '', N: ''}\n"
                   "abort: four-winds\n", encoding="utf-8")
    code, out, err = run("settle", str(one))
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"mjscore: error: {one}: {ABORT_REFUSED}"]
    code, out, err = run("settle", str(one), "--option", "abortive_draws=true")
    assert code == 0, err
    # batch: the deal is NOT SCORED with the line, the others scored (deal 1: Bo alone waiting, 1000 from each
    # of the three others: EMA starts at 30000, so Bo 33000)
    game = tmp_path / "g.yaml"
    game.write_text("variant: riichi\noptions: {ruleset: ema}\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    "  - hands: {Ann: '', Bo: '', Cy: '', Di: ''}\n    tenpai: [Bo]\n"
                    "  - hands: {Ann: '', Bo: '', Cy: '', Di: ''}\n    abort: four-winds\n", encoding="utf-8")
    code, out, err = run("batch", str(game))
    assert code == 1
    assert f"deal 2 (round E; E Bo, S Cy, W Di, N Ann): NOT SCORED: {game} line 7 (deal 2): {ABORT_REFUSED}" in out
    assert "Bo 33000" in out and "deals: 2 read, 1 scored, 1 rejected" in out
