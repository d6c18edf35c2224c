"""Hungarian (Hergár, 1925): the length of a party and the house options for the rulebook's doubtful words.

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

import pytest

from helpers import ROOT, items, run, score, score_json

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
    data = json.loads(out)["games"][0]
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
    data = json.loads(out)["games"][0]
    assert "parties" not in data and "counted" not in data["deals"][0]
    code, out, err = run("batch", str(path), "--format", "table")
    assert code == 0 and "party" not in out and "counted" not in out


# --- one suit "closed with a dragon or wind" (option one_suit_closing) -----------------------------------------
# Hergár (1925), IV. "Duplázás": "1x, ha: Egyszínű az összes figura (Sárkánnyal, vagy Széllal zárva)" = "once,
# if every figure is of one suit (closed with a dragon or a wind)": the closing pair ("záró-Pár") is the honour.

ONE_SUIT = [
    # the pair closes it: NN (not South's wind, scores nothing) + 20 = 20; one suit closed with a wind x2 = 40
    ("123m 456m 789m 234m NN", "2m", "pair", 20, 1, 40, True),
    ("123m 456m 789m 234m NN", "2m", "any", 20, 1, 40, True),
    # an honour PUNG, a pair of the suit: [RRR] 4 + 20 = 24; dragon pung x2 = 48; not every figure is of one suit
    ("[RRR] 123m 456m 789m 99m", "4m", "pair", 24, 1, 48, False),
    # ... the old reading (honours anywhere): dragon pung 1 + one suit with honours 1: 24 x 4 = 96
    ("[RRR] 123m 456m 789m 99m", "4m", "any", 24, 2, 96, True),
    # an honour pung and an honour pair: [RRR] 4 + 20 = 24 (NN scores nothing); pair: x2 = 48, any: x4 = 96
    ("[RRR] 123m 456m 789m NN", "4m", "pair", 24, 1, 48, False),
    ("[RRR] 123m 456m 789m NN", "4m", "any", 24, 2, 96, True),
]


@pytest.mark.parametrize("hand, win, reading, points, doubles, value, double", ONE_SUIT)
def test_one_suit_closing(hand, win, reading, points, doubles, value, double):
    s = score(hand, V, seat="S", win=win, options={"one_suit_closing": reading})
    assert s.mahjong and (s.points, s.doubles, s.value) == (points, doubles, value)
    assert ("one suit with honours" in items(s)) == double


def test_one_suit_closing_default_through_settle():
    # South wins [RRR] 123m 456m 789m 99m on West's 4m: 48 (above, the default `pair`). East (the banker) pays
    # 48 x 2 = 96, West and North 48. The others: East [555p] 2; West 0; North [999s] 4.
    # Losers settle: West pays East (2 - 0) x 2 = 4; West pays North 4 - 0 = 4; East pays North (4 - 2) x 2 = 4.
    code, out, err = run("settle", "-v", V, "--winner", "S", "--win", "4m", "--discarder", "W",
                         "--south", "[RRR] 123m 456m 789m 99m", "--east", "[555p] 1s 2s 5s 7p",
                         "--west", "1m 4m 7m 3p 6p 9p", "--north", "[999s] 2m 3p 8p", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["hands"]["S"]["value"] == 48
    assert data["net"] == {"E": -96 + 4 - 4, "S": 96 + 48 + 48, "W": -48 - 4 - 4, "N": -48 + 4 + 4}


# --- nine lanterns (option nine_lanterns_concealed) --------------------------------------------------------------
# Hergár (1925), IV: "KilencLámpás-játék: Egyetlen színből 2-től 8-ig Chow és Pong az egyesekből is és a
# kilencesekből is, egyetlen (a szériáival megegyező színű) zárólappal": no word of the hand. Only the pair
# game says "(ez csak kézből tehető le, ill. csak az utolsó lap rabolható)".

def test_nine_lanterns_may_be_laid_out_by_default():
    # [111p] exposed 4 + 999p concealed 8 + 20 + 2 (drawn) = 34; pure one suit 3 doubles: 34 x 8 = 272; + 1000
    s = score("[111p] 2345678999p 5p", V, seat="S", win="5p", source="wall")
    assert (s.points, s.doubles, s.value) == (34, 3, 272 + 1000)
    assert "nine lanterns" in items(s)


def test_nine_lanterns_concealed_option():
    # the old reading: laid out, no reward: 272
    s = score("[111p] 2345678999p 5p", V, seat="S", win="5p", source="wall",
              options={"nine_lanterns_concealed": True})
    assert (s.points, s.doubles, s.value) == (34, 3, 272) and "nine lanterns" not in items(s)
    # held in the hand it is rewarded under both: 111p 8 + 999p 8 + 20 + 2 = 38 x 8 = 304; + 1000
    for concealed in (True, False):
        s = score("1112345678999p 5p", V, seat="S", win="5p", source="wall",
                  options={"nine_lanterns_concealed": concealed})
        assert (s.points, s.doubles, s.value) == (38, 3, 304 + 1000)


# --- pairs in the pair game (option pair_game_pair_points) --------------------------------------------------------
# Hergár (1925), IV: "Pár saját szélből : 2 / 2", "Sárkánypár : 2 / 2", no exception for "Pár-játék".

PAIRS = [
    # SS own wind 2 + RR GG PP 2 each = 8; + 20 = 28; all honours 4 doubles: 28 x 16 = 448; + 3000 (honours)
    ("EESSWWNNRRGGPP", "E", True, 28, 448 + 3000),
    # without the pairs' points: 20 x 16 = 320; + 3000
    ("EESSWWNNRRGGPP", "E", False, 20, 320 + 3000),
    # three suits and a dragon pair: RR 2 + 20 = 22; + 1000 (pair game, simple)
    ("1199m 3355p 2288s RR", "R", True, 22, 22 + 1000),
    ("1199m 3355p 2288s RR", "R", False, 20, 20 + 1000),
]


@pytest.mark.parametrize("hand, win, pair_points, points, value", PAIRS)
def test_pair_game_pair_points(hand, win, pair_points, points, value):
    s = score(hand, V, seat="S", win=win, options={"pair_game_pair_points": pair_points})
    assert s.mahjong and (s.points, s.value) == (points, value)
    assert ("pair of dragons" in items(s)) == pair_points


def test_pair_points_outside_the_pair_game_are_kept():
    # a standard hand is not touched by the option: RR 2 + 20 = 22 (three suits, no double)
    s = score("123m 456m 789s 234s RR", V, seat="S", win="2s", options={"pair_game_pair_points": False})
    assert (s.points, s.value) == (22, 22) and "pair of dragons" in items(s)


# --- the options are listed with their defaults ---------------------------------------------------------------------

def test_variants_lists_the_options():
    code, out, err = run("variants", V, "--format", "json")
    assert code == 0, err
    opts = json.loads(out)["options"]
    assert {k: opts[k]["default"] for k in ("one_suit_closing", "nine_lanterns_concealed",
                                             "pair_game_pair_points")} == \
        {"one_suit_closing": "pair", "nine_lanterns_concealed": False, "pair_game_pair_points": True}
    assert opts["one_suit_closing"]["choices"] == ["pair", "any"]
    code, out, err = run("variants", V)
    assert code == 0 and "one_suit_closing" in out and "nine_lanterns_concealed" in out


def test_bad_option_value_is_one_line():
    code, out, err = run("score", "123m 456m 789m 234m NN", "-v", V, "--option", "one_suit_closing=pung")
    assert code == 2 and "one_suit_closing" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_score_json_of_the_default():
    # through the CLI: [RRR] 123m 456m 789m 99m, South, on 4m: 48 (dragon pung only)
    data = score_json("[RRR] 123m 456m 789m 99m", "-v", V, "--seat", "S", "--win", "4m")
    assert (data["points"], data["doubles"], data["value"]) == (24, 1, 48)


# --- the rulebook's own names ---------------------------------------------------------------------------------------

def test_hungarian_names_and_cites():
    # Hergár (1925), IV: "1000 pont: KilencLámpás-játék" (the 2nd line of the extra points: "+ az Extra
    # jutalompontok"), "3x, ha: Tiszta Színjáték" (the 4th line of "Duplázás", doubling)
    data = score_json("1112345678999p 5p", "-v", V, "--seat", "S", "--win", "5p", "--from", "wall", "--lang", "hu")
    names = {i["rule"]: (i.get("name"), i.get("cite")) for i in data["items"]}
    assert names["nine lanterns"] == ("KilencLámpás-játék", "IV, extra points, line 2")
    assert names["pure one suit"] == ("Tiszta Színjáték", "IV, doubling, line 4")


def test_a_language_that_is_not_text_is_refused(tmp_path):
    text = (ROOT / "tables" / "hungarian.yaml").read_text(encoding="utf-8").replace("language: hu", "language: []", 1)
    (tmp_path / "hungarian.yaml").write_text(text, encoding="utf-8")
    code, out, err = run("variants", V, "--tables", str(tmp_path))
    assert code == 2 and "the rulebook's language is one of" in err and err.count("\n") == 1, err


HANDS = [
    ["[555p] 123m 789s 234s NN 2f 1y", "--seat", "S", "--win", "3m"],
    ["{5555p} [9999m] 123s 234s SS", "--seat", "S", "--win", "3s", "--from", "wall"],
    ["[RRR] [EEE] 123m 456m 99m", "--seat", "E", "--win", "4m"],
    ["123m 456m 789m 234m NN", "--seat", "S", "--win", "2m"],
    ["EEE SSS WWW NNN RR", "--seat", "E", "--also", "heaven"],
    ["123456789s ESWN 5s", "--seat", "S", "--win", "5s"],
    ["1112345678999p 5p", "--seat", "S", "--win", "5p"],
    ["111333555777m 99m", "--seat", "S", "--win", "9m"],
    ["123345567789s 99s", "--seat", "S", "--win", "1s"],
    ["11224455778899m", "--seat", "S", "--win", "9m"],
    ["EESSWWNNRRGGPP", "--seat", "S", "--win", "E"],
    ["[222s] 666s 888s 234s GG", "--seat", "S", "--win", "4s"],
    ["19m 19p 19s ESWNRGP 5p", "--seat", "S", "--win", "5p"],
    ["[RRR] 555p 123m 78s NN 1f", "--seat", "S"],
]


def test_every_item_cites_the_rulebook_and_native_is_hungarian():
    seen = set()
    for args in HANDS:
        hu = run("score", *args, "--variant", V, "--format", "json", "--lang", "hu")
        native = run("score", *args, "--variant", V, "--format", "json", "--lang", "native")
        assert hu[0] == 0, (args, hu[2])
        assert native == hu, args  # the rulebook's language is Hungarian
        for item in json.loads(hu[1])["items"]:
            # IV. "Az elszámolás", and the line of its list: "IV, figures' points, line 2", "IV, premium points"
            assert item.get("cite", "").startswith("IV, "), (args, item)
            assert "name_lang" not in item, (args, item)  # the rulebook names every item it scores
            seen.add(item["rule"])
    assert len(seen) >= 25, sorted(seen)
