"""Hungarian (Hergár, 1925): the length of a party.

Every number is worked by hand from the Hungarian rulebook (Hergár, 1925), IV. "Az elszámolás":
pung 2-8 2/4, pung of 1, 9 or honours 4/8 (exposed/concealed), pair of own wind or dragons 2,
mah jong 20, + 2 when the winning tile was not claimed; doubles: each pung of dragons or own wind 1,
the banker won 1, one suit closed with honours 1, pure one suit 3, all honours 4; reward hands added
after doubling. Unless a case says otherwise the player sits South in the East round (East is the banker).
"""

from __future__ import annotations

import csv
import io
import json

from helpers import run

V = "hungarian"


# --- a party is 16 scored deals ------------------------------------------------------------------------------
# Hungarian rulebook (Hergár, 1925), "A játék lefolyása": "Egy parti, praktikusán, 16 pontozott játékból áll,
# sorrendben Észak, Kelet, Dél, Nyugat négyszer-négyszeri kedvezményezésével" = "A party consists, in practice,
# of 16 scored deals, North, East, South and West being favoured four times each in turn". A draw is not scored
# (no payments), nor is a false mah jong, which has no penalty in this rulebook (the deal is void): neither
# counts toward the 16.

PLAYERS = ["Ádám", "Bea", "Csaba", "Dóra"]
# East (the banker) draws 5s: [RRR] 4 + 20 + 2 (not claimed) = 26; dragon pung 1 + the banker won 1: 26 x 4 = 104.
# The others hold singles only: 0. Each pays the banker 104 x 2 = 208; East nets 3 x 208 = 624.
EAST_WINS = {"hands": {"Ádám": "[RRR] 234m 567p 789s 55s", "Bea": "1m 3m 6m 8m 2s 4s 9s 1p 7p 9p E S W",
                       "Csaba": "2m 5m 7m 9m 1s 3s 6s 8s 2p 3p 8p N G", "Dóra": "1m 4m 5m 1s 7s 2p 6p 8p 9p S N P E"},
             "winner": "Ádám", "win": {"tile": "5s", "from": "wall"}}
DRAW = {"hands": EAST_WINS["hands"], "winner": None}
FALSE_MAHJONG = {"hands": EAST_WINS["hands"], "winner": None, "false_mahjong": "Bea"}


def _party_file(tmp_path) -> str:
    # deal 1-5 wins, 6 a draw, 7-11 wins, 12 a false mah jong, 13-18 wins, 19 a win in the next party:
    # 16 wins in deals 1-18 (5 + 5 + 6), so the 19th deal opens party 2
    deals = [EAST_WINS] * 5 + [DRAW] + [EAST_WINS] * 5 + [FALSE_MAHJONG] + [EAST_WINS] * 6 + [EAST_WINS]
    path = tmp_path / "party.json"
    path.write_text(json.dumps({"variant": V, "options": {}, "players": PLAYERS, "deals": deals}), encoding="utf-8")
    return str(path)


def test_party_counts_only_scored_deals_json(tmp_path):
    code, out, err = run("batch", _party_file(tmp_path), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    deals = data["deals"]
    # 18 deals played in party 1, 16 of them counted (the draw, deal 6, and the void deal 12 do not count)
    assert data["parties"] == [{"game": 1, "played": 18, "counted": 16}, {"game": 2, "played": 1, "counted": 1}]
    assert [d["counted"] for d in deals] == [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 0, 11, 12, 13, 14, 15, 16, 1]
    assert [d["game"] for d in deals] == [1] * 18 + [2]
    # the draw and the void deal pay nothing; every win pays East 624
    assert deals[5]["net"] == deals[11]["net"] == dict.fromkeys(PLAYERS, 0)
    assert deals[0]["net"] == {"Ádám": 624, "Bea": -208, "Csaba": -208, "Dóra": -208}
    # 17 wins in all: 17 x 624 = 10608 for Ádám, 17 x -208 = -3536 for each other player
    assert data["totals"] == {"Ádám": 10608, "Bea": -3536, "Csaba": -3536, "Dóra": -3536}


def test_party_counts_in_table_and_csv(tmp_path):
    path = _party_file(tmp_path)
    code, out, err = run("batch", path, "--format", "table")
    assert code == 0, err
    assert "deals: 19 read, 19 scored, 0 rejected" in out
    assert "party 1: 18 deals played, 16 counted of 16 (draws and void deals do not count)" in out
    assert "party 2: 1 deal played, 1 counted of 16 (draws and void deals do not count)" in out
    assert "round E; E Bea" not in out  # the banker kept the deal throughout
    assert "(round E; E Ádám, S Bea, W Csaba, N Dóra; not counted): draw" in out
    assert "(round E; E Ádám, S Bea, W Csaba, N Dóra; not counted): false mah jong by Bea" in out
    assert "(game 2, round E; E Ádám, S Bea, W Csaba, N Dóra; counted deal 1): Ádám wins with 104" in out
    code, out, err = run("batch", path, "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    east = [r for r in rows if r["player"] == "Ádám"]
    assert [r["counted"] for r in east] == [str(n) for n in [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 0, 11, 12, 13, 14,
                                                            15, 16, 1]]


def test_a_game_without_a_fixed_length_reports_no_count(tmp_path):
    # spanish has no `deals_per_game`: no party line, no counted field
    hands = {"Ann": "[555p] 123m 789s SSS NN", "Bo": "1m 3m", "Cy": "2m 4m", "Di": "5m 6m"}
    game = {"variant": "spanish", "options": {}, "players": ["Ann", "Bo", "Cy", "Di"],
            "deals": [{"hands": hands, "winner": None}]}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert "parties" not in data and "counted" not in data["deals"][0]
    code, out, err = run("batch", str(path), "--format", "table")
    assert code == 0 and "party" not in out and "counted" not in out
