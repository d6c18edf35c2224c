"""Basque settlement and game rules, worked by hand from the Basque rulebook (Prats Verdú).

Rule 79 (Muga): "Irabazleari ordaintzeko muga bat jarri ohi da. Muga hori 500 puntukoa izango da. Irabazi ez
duten jokalarien arteko ordainketak ez dira mugatik pasako. Ekiarentzat muga bikoitza da. Esku garbian,
jokalari baten kobrantza guztiek ezin dute 2.000tik pasatu, eta ekiarentzat 3.000tik ezin da pasatu."
(A limit is set for paying the winner: 500 points. Payments between the players who did not win do not pass
the limit. For East the limit is double. In the clean hand all that one player collects cannot pass 2,000,
and for East 3,000.)

Rule 78, late call: "Harresitik hartu edo fitxa horrekin pung (kèzi) edo txow (shùnzi) egiten badu, bikoitz
bat izango du, eskua aldatu ez badu." (If he draws it from the wall, or makes a pung or chow with that tile,
he has one double, if he has not changed his hand.)

Three players: "Mendebala baztertu egingo da zozketatik. Bigarren jokaldian ez da hegorik egongo eta
hirugarrenean ez da iparrik egongo." (West is left out of the draw. In the second deal there is no South,
and in the third no North.) Five players: "Jokaldi bakoitzaren amaieran ekia izan dena aterako da eta sartuko
den jokalaria iparra izango da hurrengo jokaldian." (At the end of each deal the one who was East goes out,
and the one who comes in is North in the next deal.) Rule 81: a round ends "jokalari guztiek ekiaren
posizioa behin hartu dutenean" (when every player has been East once).

Unless said otherwise: mode mixed, prevailing wind East, flowers played.
"""

from __future__ import annotations

import json

import pytest

from helpers import run, score_json

V = "basque"
H = "[555p] 123m 456m 789s 99s"  # seat S, won on 4m: [555p] 2 + mah jong 20 = 22 (see test_basque.py)


def settle_json(tmp_path, deal: dict, *args: str) -> dict:
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps({"variant": V, **deal}), encoding="utf-8")
    code, out, err = run("settle", str(path), "--format", "json", *args)
    assert code == 0, err
    return json.loads(out)


def batch(tmp_path, players: list[str], deals: list[dict], *args: str, fmt: str = "json"):
    path = tmp_path / "game.yaml"
    path.write_text(json.dumps({"variant": V, "players": players, "deals": deals}), encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", fmt, *args)
    assert code == 0, err
    return json.loads(out)["games"][0] if fmt == "json" else out


def paid(data: dict) -> dict[tuple[str, str], int]:
    return {(p["from"], p["to"]): p["amount"] for p in data["payments"]}


# ---- rule 79: what passes between two non-winners is capped, not their hands -----------------------------

# South wins on North's 4m: 555p concealed pung of simples 4 + mah jong 20 = 24 (table 1, table 3).
# East (seat E, round E): {EEEE} concealed kong of honours 32 + {9999m} concealed kong of terminals 16 +
#   {1111p} 16 + RR dragon pair 2 + 1f and 2f 4 each = 74 points (table 1); {EEEE} own prevailing wind
#   2 doubles + own flower 1f 1 double = 3 (table 2): 74 x 2^3 = 592, over the limit 500.
# West: GGG 8 + PPP 8 + WWW 8 + {1111s} 16 + 4f 4 = 44; GGG 1 + PPP 1 + WWW own wind 1 = 3: 44 x 8 = 352.
# North: four chows and a single: 0.
RULE_79 = {
    "hands": {"E": "{EEEE} {9999m} {1111p} RR 5s 7s 1f 2f", "S": "555p 123m 456m 789s 99s",
              "W": "GGG PPP WWW {1111s} 6m 4f", "N": "234m 678m 234p 678p 3s"},
    "winner": "S", "win": {"tile": "4m", "from": "discard", "discarder": "N"},
}


def test_rule_79_a_non_winner_over_the_limit_keeps_the_difference(tmp_path):
    # Rule 69: South is paid 24 by each, East double: 48 + 24 + 24 = +96.
    # Rule 70, capped by rule 79 (East's cap 500 x 2 = 1000):
    #   East 592 - West 352 = 240, x2 (East) = 480: under the cap, West pays East 480.
    #   East 592 - North 0 = 592, x2 = 1184: capped at 1000, North pays East 1000.
    #   West 352 - North 0 = 352: under 500, North pays West 352.
    # East -48 + 480 + 1000 = +1432; West -24 - 480 + 352 = -152; North -24 - 1000 - 352 = -1376.
    # (Capping East's hand at 500 before the differences would give West 2 x (500 - 352) = 296 to pay:
    # East +1248, West +32; rule 79 caps what passes, not the hand.)
    data = settle_json(tmp_path, RULE_79)
    assert data["net"] == {"E": -48 + 480 + 1000, "S": 48 + 24 + 24, "W": -24 - 480 + 352, "N": -24 - 1000 - 352}
    assert data["net"] == {"E": 1432, "S": 96, "W": -152, "N": -1376}
    assert paid(data) == {("E", "S"): 48, ("W", "S"): 24, ("N", "S"): 24, ("W", "E"): 480, ("N", "E"): 1000,
                          ("N", "W"): 352}
    assert any("592" in n for n in data["notes"])


def test_rule_79_the_hand_itself_still_scores_the_limit():
    # scored alone, East's hand is 74 points and 3 doubles, 592 capped at the limit 500 (what a winner is paid)
    data = score_json(RULE_79["hands"]["E"], "--variant", V, "--seat", "E")
    assert (data["points"], data["doubles"], data["value"]) == (74, 3, 500)


def test_rule_79_in_a_game(tmp_path):
    # the same deal as the first deal of a game: Ann East, Bo South, Cy West, Di North
    names = dict(zip("ESWN", ["Ann", "Bo", "Cy", "Di"]))
    deal = {"hands": {names[s]: h for s, h in RULE_79["hands"].items()}, "winner": "Bo",
            "win": {"tile": "4m", "from": "discard", "discarder": "Di"}}
    data = batch(tmp_path, list(names.values()), [deal])
    assert data["deals"][0]["net"] == {"Ann": 1432, "Bo": 96, "Cy": -152, "Di": -1376}


def test_rule_79_between_two_non_winners_without_east(tmp_path):
    # East wins on South's 4m: 555p concealed 4 + 20 = 24; each pays 24 x 2 = 48 (rule 69): East +144.
    # West: GGG 8 + PPP 8 + WWW 8 + {1111s} 16 + 4f 4 = 44; G, P, own wind W and one suit with honours
    #   (bamboo only) 1 each = 4 doubles: 44 x 16 = 704.
    # North: RRR 8 + NNN 8 + {9999m} 16 + 4y 4 + 1y 4 + 2y 4 = 44; RRR 1 + own wind N 1 + own season 4y 1 = 3:
    #   44 x 8 = 352. South: thirteen odd tiles, 0.
    # West 704 - South 0 = 704: capped at 500. West 704 - North 352 = 352. North 352 - South 0 = 352.
    # South -48 - 500 - 352 = -900; West -48 + 500 + 352 = +804; North -48 - 352 + 352 = -48.
    deal = {"hands": {"E": "555p 123m 456m 789s 99s", "S": "3m 6m 8m 1p 4p 7p 9p 3s 6s 9s E S P",
                      "W": "GGG PPP WWW {1111s} 2s 4f", "N": "RRR NNN {9999m} 2m 5p 8s 3p 4y 1y 2y"},
            "winner": "E", "win": {"tile": "4m", "discarder": "S"}}
    data = settle_json(tmp_path, deal)
    assert data["net"] == {"E": 3 * 48, "S": -48 - 500 - 352, "W": -48 + 500 + 352, "N": -48 - 352 + 352}
    assert paid(data)[("S", "W")] == 500 and paid(data)[("N", "W")] == 352


# ---- rule 79: in the clean hand a player collects at most 2000, East 3000 — winner or not ----------------

def test_rule_79_clean_collection_cap_on_a_non_winner_east(tmp_path):
    # mode clean, house limit 1000 (with the limit 500 the caps cannot be reached: 500 + 500 + 1000 = 2000,
    # East 3 x 1000 = 3000).
    # South wins on West's 4m: [NNN] 4 + 20 = 24, one suit and honours 1 double = 48 (tables 1-3):
    #   East pays 96, West 48, North 48.
    # East: {EEEE} 32 + {RRRR} 32 + {GGGG} 32 + PP 2 = 98; own prevailing wind 2 + R 1 + G 1 + one suit and
    #   honours 1 = 5 doubles: 98 x 32 = 3136. West and North: thirteen odd tiles, 0.
    # East - West = 3136 x 2 = 6272, capped at the limit x2 = 2000; the same from North: East collects 4000,
    # over East's 3000: cut alike, 2000 x 3000 / 4000 = 1500 from each.
    # East -96 + 3000 = +2904; South 96 + 48 + 48 = +192; West -48 - 1500 = -1548; North -1548.
    deal = {"hands": {"E": "{EEEE} {RRRR} {GGGG} PP 5p 7p", "S": "[NNN] 123m 456m 789m 99m",
                      "W": "1s 4s 7s 2s 5s 8s 1p 4p 9p 3m 6m S W", "N": "3s 6s 9s 2p 8p 3p 6p 2m 5m 8m 1m S W"},
            "winner": "S", "win": {"tile": "4m", "discarder": "W"}, "options": {"mode": "clean", "limit": 1000}}
    data = settle_json(tmp_path, deal)
    assert data["net"] == {"E": -96 + 3000, "S": 96 + 48 + 48, "W": -48 - 1500, "N": -48 - 1500}
    assert paid(data)[("W", "E")] == 1500 and paid(data)[("N", "E")] == 1500
    assert any("East collects at most 3000" in n for n in data["notes"])


def test_rule_79_clean_collection_cap_in_a_draw(tmp_path):
    # mode clean, limit 1000, a draw: the players settle their differences (rule 73).
    # West: {WWWW} 32 + {RRRR} 32 + {GGGG} 32 + PP 2 = 98; own wind 1 + R 1 + G 1 + one suit and honours 1 =
    #   4 doubles: 98 x 16 = 1568. East, South, North: 0.
    # West is owed 1568 x 2 = 3136 by East, capped at 2000; 1568 by South and by North, capped at 1000 each:
    # 4000, over 2000: cut alike, East 2000 x 2000 / 4000 = 1000, South 1000 x 2000 / 4000 = 500, North 500.
    deal = {"hands": {"E": "1s 4s 7s 2s 5s 8s 1p 4p 9p 3m 6m S E", "S": "3s 6s 9s 2p 8p 3p 6p 2m 5m 8m 1m N E",
                      "W": "{WWWW} {RRRR} {GGGG} PP 5p 7p", "N": "1m 4m 7m 9m 1s 9s 3p 9p 6s 5m S N E"},
            "options": {"mode": "clean", "limit": 1000}}
    data = settle_json(tmp_path, deal)
    assert data["net"] == {"E": -1000, "S": -500, "W": 2000, "N": -500}


def test_rule_79_collection_cap_is_for_the_clean_hand_only(tmp_path):
    # the same deal in mode mixed: South still wins 48 (table 2's one suit and honours is for every mode), and
    # East collects 2000 + 2000 = 4000 uncut: -96 + 4000 = +3904
    deal = {"hands": {"E": "{EEEE} {RRRR} {GGGG} PP 5p 7p", "S": "[NNN] 123m 456m 789m 99m",
                      "W": "1s 4s 7s 2s 5s 8s 1p 4p 9p 3m 6m S W", "N": "3s 6s 9s 2p 8p 3p 6p 2m 5m 8m 1m S W"},
            "winner": "S", "win": {"tile": "4m", "discarder": "W"}, "options": {"limit": 1000}}
    assert settle_json(tmp_path, deal)["net"]["E"] == -96 + 2000 + 2000


# ---- rule 78: late call only when the tile is drawn, or claimed for a pung or chow -------------------------

LATE = [
    # (hand, win, source, late call double?, value)
    (H, "4m", "wall", True, 48),  # drawn: 22 + 2 from the wall = 24; late call 1 double: 48
    (H, "4m", "discard", True, 44),  # claimed, completes the chow 456m: 22 x 2 = 44
    # claimed, completes the pung NNN (99s NN waited on two tiles): [555p] 2 + exposed pung of honours 4 + 20
    # = 26; late call x2 = 52
    ("[555p] 123m 456m 99s NNN", "N", "discard", True, 52),
    # claimed for the pair: [555p] 2 + 20 + the only possible tile 2 = 24; no late call double
    ("[555p] 123m 456m 789s NN", "N", "discard", False, 24),
    # the same pair tile drawn from the wall: 24 + 2 = 26; late call x2 = 52
    ("[555p] 123m 456m 789s NN", "N", "wall", True, 52),
    # robbed from a kong for the chow 456m: 22; robbing a kong 1 + late call 1 = 2 doubles: 88
    (H, "4m", "kong", True, 88),
]


@pytest.mark.parametrize("hand, win, source, doubled, value", LATE)
def test_rule_78_late_call(hand, win, source, doubled, value):
    data = score_json(hand, "--variant", V, "--seat", "S", "--win", win, "--from", source, "--also", "late-call")
    assert data["value"] == value
    assert ("late call" in [i["rule"] for i in data["items"]]) is doubled


def test_rule_78_late_call_for_the_pair_in_a_settlement(tmp_path):
    # South, after a late call, takes West's N for the pair: 24 (above), no double.
    # East pays 48, West 24, North 24. East [RRR] exposed pung of honours 4, dragon double: 8; West and North 0:
    # West pays East 8 x 2 = 16, North pays East 16.
    # East -48 + 16 + 16 = -16; South +96; West -24 - 16 = -40; North -40.
    deal = {"hands": {"E": "[RRR] 1s 4s 7s 2p 8p 3m 6m 9m 1p", "S": "[555p] 123m 456m 789s NN",
                      "W": "3s 6s 9s 3p 6p 9p 2m 5m 8m 1s 4s E W", "N": "2s 5s 8s 1p 4p 7p 1m 4m 7m 2s 5s E W"},
            "winner": "S", "win": {"tile": "N", "discarder": "W", "also": ["late-call"]}}
    data = settle_json(tmp_path, deal)
    assert data["hands"]["S"]["value"] == 24
    assert data["net"] == {"E": -48 + 16 + 16, "S": 48 + 24 + 24, "W": -24 - 16, "N": -24 - 16}


def test_rule_78_and_four_flowers_in_a_game(tmp_path):
    # deal 1: the late call above, South taking West's N for the pair: 24, no double (Ann East, Bo South,
    #   Cy West, Di North): Ann -48 + 16 + 16 = -16, Bo +96, Cy -40, Di -40.
    # deal 2: South won, so Bo is East (rule 80), Cy South, Di West, Ann North. Ann (North) wins on Bo's 4m
    #   with H: 22, paid 44 by Bo, 22 by Cy and Di. Di holds 1234y: 4 x 4 = 16 points; own season 3y
    #   (seat W) 1 + all four seasons 3 = 4 doubles: 16 x 16 = 256 (four_flowers=plus-own). Bo and Cy 0.
    #   Bo (East) pays Di 256 x 2 = 512 (under the cap 1000), Cy pays Di 256 (under 500).
    #   Bo -44 - 512 = -556; Cy -22 - 256 = -278; Di -22 + 512 + 256 = +746; Ann 44 + 22 + 22 = +88.
    # With four_flowers=own-included Di has 3 doubles, 128: Bo pays Di 256, Cy 128: Di -22 + 384 = +362.
    late = {"hands": {"Ann": "[RRR] 1s 4s 7s 2p 8p 3m 6m 9m 1p", "Bo": "[555p] 123m 456m 789s NN",
                      "Cy": "3s 6s 9s 3p 6p 9p 2m 5m 8m 1s 4s E W", "Di": "2s 5s 8s 1p 4p 7p 1m 4m 7m 2s 5s E W"},
            "winner": "Bo", "win": {"tile": "N", "discarder": "Cy", "also": ["late-call"]}}
    flowers = {"hands": {"Bo": "1s 4s 7s 2p 8p 3m 6m 9m 1p 5s 7p E N", "Cy": "3s 6s 9s 3p 6p 9p 2m 5m 8m 1s 4s E W",
                         "Di": "2s 5s 8s 1p 3p 4p 7p 1m 7m 2s 5s W N 1234y", "Ann": H},
               "winner": "Ann", "win": {"tile": "4m", "discarder": "Bo"}}
    data = batch(tmp_path, ["Ann", "Bo", "Cy", "Di"], [late, flowers])
    assert data["deals"][0]["net"] == {"Ann": -16, "Bo": 96, "Cy": -40, "Di": -40}
    assert data["deals"][1]["seats"] == {"E": "Bo", "S": "Cy", "W": "Di", "N": "Ann"}
    assert data["deals"][1]["net"] == {"Bo": -44 - 512, "Cy": -22 - 256, "Di": -22 + 512 + 256, "Ann": 44 + 22 + 22}
    data = batch(tmp_path, ["Ann", "Bo", "Cy", "Di"], [late, flowers], "--option", "four_flowers=own-included")
    assert data["deals"][1]["net"]["Di"] == -22 + 256 + 128


# ---- doubtful readings as house options ------------------------------------------------------------------

def test_one_double_mode_circumstance_doubles_do_not_count_by_default():
    # Rule 42: "lau taldeek eta bikoteak bikoitz bat eraman beharko dute" (the four sets and the pair must carry
    # a double). A loose-tile win's double is how the tile came, not the sets': refused, and scored as a
    # non-winning hand: [5555p] 4 + 999s concealed pung of terminals 8 (7s 8s single) = 12.
    hand = "[5555p] 123m 456m 789s 99s"
    data = score_json(hand, "--variant", V, "--seat", "S", "--win", "4m", "--from", "loose",
                      "--option", "mode=one-double")
    assert (data["mahjong"], data["value"]) == (False, 4 + 8)
    # one_double_circumstances=true: the loose tile's double counts: [5555p] 4 + 20 + 2 (a loose tile is from
    # the wall, rule 45) = 26; x2 = 52
    data = score_json(hand, "--variant", V, "--seat", "S", "--win", "4m", "--from", "loose",
                      "--option", "mode=one-double", "--option", "one_double_circumstances=true")
    assert (data["mahjong"], data["value"]) == (True, 26 * 2)
    # last tile of the wall, likewise: refused by default; with the option 22 + 2 = 24, x2 = 48
    args = (H, "--variant", V, "--seat", "S", "--win", "4m", "--from", "wall", "--also", "last-wall-tile",
            "--option", "mode=one-double")
    assert score_json(*args)["mahjong"] is False
    assert score_json(*args, "--option", "one_double_circumstances=true")["value"] == 24 * 2
    # a double of the sets is enough either way: [555p] 2 + RRR 8 + 20 + 2 = 32 (loose), R 1 + loose 1 = 128
    data = score_json("[5555p] 123m 456m RRR 99s", "--variant", V, "--seat", "S", "--win", "4m", "--from", "loose",
                      "--option", "mode=one-double")
    assert (data["mahjong"], data["value"]) == (True, (4 + 8 + 20 + 2) * 4)


def test_all_four_flowers_keep_the_own_flower_double_by_default():
    # Table 2: "Lau loreak (norberarena kontuan hartu gabe) 3" (all four flowers, without counting one's own: 3).
    # A non-winner, seat S: 1234f 4 points each = 16; own flower 2f 1 double + all four 3 = 4: 16 x 16 = 256
    data = score_json("123m 456p 1234f", "--variant", V, "--seat", "S")
    assert (data["points"], data["doubles"], data["value"]) == (16, 4, 16 * 2 ** 4)
    # four_flowers=own-included: 3 doubles in all: 16 x 8 = 128
    data = score_json("123m 456p 1234f", "--variant", V, "--seat", "S", "--option", "four_flowers=own-included")
    assert (data["points"], data["doubles"], data["value"]) == (16, 3, 16 * 2 ** 3)
    # all four seasons alike: 1234y, seat W: own season 3y 1 + 3 = 4 doubles
    assert score_json("123m 456p 1234y", "--variant", V, "--seat", "W")["value"] == 16 * 2 ** 4


def test_horizontal_hand_needs_an_honour_pair_by_default():
    # Rule 85 VIII: "osatzeko ohoreen hirukotea eta bikotea behar direlarik" (needing the pung and pair of
    # honours to complete it): with RR the limit, 500
    data = score_json("[555m] [555p] 555s NNN RR", "--variant", V, "--seat", "S", "--win", "R")
    assert (data["limit_hand"], data["value"]) == ("horizontal hand (VIII)", 500)
    # with 22m, no limit hand: [555m] 2 + [555p] 2 + 555s 4 + NNN 8 + 20 + the only possible tile 2 = 38;
    # no chows 1 double: 76
    args = ("[555m] [555p] 555s NNN 22m", "--variant", V, "--seat", "S", "--win", "2m")
    data = score_json(*args)
    assert (data["limit_hand"], data["value"]) == (None, 38 * 2)
    # horizontal_pair=any: any pair
    data = score_json(*args, "--option", "horizontal_pair=any")
    assert (data["limit_hand"], data["value"]) == ("horizontal hand (VIII)", 500)


# ---- three players: the empty seat, deal by deal ---------------------------------------------------------

def test_settle_three_players_with_the_south_seat_empty(tmp_path):
    # the second deal's seating: East, West, North. West wins on North's 4m: H = 22 (seat W: no wind points).
    # East pays 44, North 22. East [RRR] 4, x2 = 8; North 0: North pays East 8 x 2 = 16.
    # East -44 + 16 = -28; West +66; North -22 - 16 = -38.
    deal = {"hands": {"E": "[RRR] 1s 4s 7s 2p 8p 3m 6m 9m 1p", "W": H, "N": "2s 5s 8s 1p 4p 7p 1m 4m 7m 2s 5s E W"},
            "winner": "W", "win": {"tile": "4m", "discarder": "N"}}
    data = settle_json(tmp_path, deal)
    assert data["net"] == {"E": -44 + 16, "W": 44 + 22, "N": -22 - 16}
    assert "3 players: the South seat is empty in this deal" in data["notes"]
    code, out, err = run("settle", "--variant", V, "--winner", "W", "--east", deal["hands"]["E"], "--west", H,
                         "--north", deal["hands"]["N"], "--win", "4m", "--discarder", "N")
    assert code == 0 and "the South seat is empty" in out and "+66" in out


def test_settle_three_players_need_east(tmp_path):
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps({"variant": V, "hands": {"S": H, "W": "1m", "N": "2m"}}), encoding="utf-8")
    code, out, err = run("settle", str(path))
    assert code == 2 and "East's seat is never the empty one" in err and "Traceback" not in err


BO_WINS = {"tile": "4m", "discarder": "Ann"}
THREE = [
    # 1: Ann (East) wins on Cy's 4m: 555p 4 + 20 = 24; Bo and Cy pay 48 each. Bo [RRR] 4, x2 = 8; Cy 0: Cy pays
    #    Bo 8. Ann +96, Bo -48 + 8 = -40, Cy -48 - 8 = -56.
    {"hands": {"Ann": "555p 123m 456m 789s 99s", "Bo": "[RRR] 1s 4s 7s 2p 8p 3m 6m 9m 1p",
               "Cy": "2s 5s 8s 3p 6p 9p 2m 5m 8m E W N S"}, "winner": "Ann", "win": {"tile": "4m", "discarder": "Cy"}},
    # 2: a draw, nothing paid (rule 73)
    {"hands": {"Ann": "1m 5p", "Bo": "2m 6p", "Cy": "3m 7p"}},
    # 3: Bo wins on Ann's 4m with H: 22 in any seat but East (no wind in it)
    {"hands": {"Ann": "1m 5p", "Bo": H, "Cy": "3m 7p"}, "winner": "Bo", "win": BO_WINS},
    # 4: a draw
    {"hands": {"Ann": "1m 5p", "Bo": "2m 6p", "Cy": "3m 7p"}},
]


def test_three_players_the_empty_seat_moves_every_deal(tmp_path):
    # default three_players=every-deal: deal 1 no West, deal 2 no South, deal 3 no North, whoever won; the
    # deal passes each time, so every player has been East after three deals and deal 4 is round South.
    data = batch(tmp_path, ["Ann", "Bo", "Cy"], THREE)
    deals = data["deals"]
    assert [d["seats"] for d in deals] == [
        {"E": "Ann", "S": "Bo", "N": "Cy"}, {"E": "Bo", "W": "Cy", "N": "Ann"},
        {"E": "Cy", "S": "Ann", "W": "Bo"}, {"E": "Ann", "S": "Bo", "N": "Cy"}]
    assert [d["empty"] for d in deals] == [["W"], ["S"], ["N"], ["W"]]
    assert [d["round"] for d in deals] == ["E", "E", "E", "S"]
    # deal 3: Bo (West) wins 22: Cy (East) pays 44, Ann 22: Bo +66
    assert deals[0]["net"] == {"Ann": 96, "Bo": -48 + 8, "Cy": -48 - 8}
    assert deals[2]["net"] == {"Cy": -44, "Ann": -22, "Bo": 66}
    assert data["totals"] == {"Ann": 96 - 22, "Bo": -40 + 66, "Cy": -56 - 44}
    text = batch(tmp_path, ["Ann", "Bo", "Cy"], THREE, fmt="table")
    assert "deal 2 (round E; E Bo, W Cy, N Ann; S empty)" in text


def test_three_players_the_empty_seat_moves_with_the_deal(tmp_path):
    # three_players=as-the-deal-passes: East keeps the deal by winning and after a draw (rule 80), so the
    # West seat stays empty until Bo (South) wins deal 3: Ann (East) pays 44, Cy 22.
    data = batch(tmp_path, ["Ann", "Bo", "Cy"], THREE, "--option", "three_players=as-the-deal-passes")
    deals = data["deals"]
    assert [d["empty"] for d in deals] == [["W"], ["W"], ["W"], ["S"]]
    assert deals[3]["seats"] == {"E": "Bo", "W": "Cy", "N": "Ann"}
    assert deals[2]["net"] == {"Ann": -44, "Bo": 66, "Cy": -22}


def test_three_players_a_game_is_twelve_deals(tmp_path):
    # four prevailing winds of three deals each (rule 81: every player East once): deal 13 starts game 2
    data = batch(tmp_path, ["Ann", "Bo", "Cy"], [THREE[1]] * 13)
    deals = data["deals"]
    assert [d["round"] for d in deals] == ["E"] * 3 + ["S"] * 3 + ["W"] * 3 + ["N"] * 3 + ["E"]
    assert [d["game"] for d in deals] == [1] * 12 + [2]


# ---- five and six players: East goes out after every deal, the one out longest comes in as North ---------

def test_five_players(tmp_path):
    names = ["Ann", "Bo", "Cy", "Di", "Eve"]
    draw = {"hands": dict(zip(names, ["1m 5p", "2m 6p", "3m 7p", "4m 8p", "1p 5m"]))}
    deals = []
    for i in range(6):  # each deal names the four players seated in it (worked out below)
        sitting = [n for n in names if n != names[(4 + i) % 5]]
        deals.append({"hands": {n: draw["hands"][n] for n in sitting}})
    data = batch(tmp_path, names, deals)
    got = [(d["seats"], d["out"], d["round"]) for d in data["deals"]]
    # Eve drew the odd tile: out first. Then East goes out and comes back last; rule 81: five deals a round.
    assert got == [
        ({"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}, ["Eve"], "E"),
        ({"E": "Bo", "S": "Cy", "W": "Di", "N": "Eve"}, ["Ann"], "E"),
        ({"E": "Cy", "S": "Di", "W": "Eve", "N": "Ann"}, ["Bo"], "E"),
        ({"E": "Di", "S": "Eve", "W": "Ann", "N": "Bo"}, ["Cy"], "E"),
        ({"E": "Eve", "S": "Ann", "W": "Bo", "N": "Cy"}, ["Di"], "E"),
        ({"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}, ["Eve"], "S"),
    ]
    text = batch(tmp_path, names, deals, fmt="table")
    assert "sitting out: Ann" in text
    # settled on two processes, and through the Python API: the same seating
    assert [d["out"] for d in batch(tmp_path, names, deals, "-j", "2")["deals"]] == [g[1] for g in got]
    import mjscore

    assert [d["out"] for d in mjscore.score_game(tmp_path / "game.yaml").deals] == [g[1] for g in got]


def test_six_players(tmp_path):
    # "Lehen jokaldia amaitutakoan ekia aterako da eta batekoa hartu duena sartu eta iparra izango da bigarren
    # jokaldian. Bigarren jokaldia amaitutakoan bigarren ekia aterako da eta bederatzikoa hartu zuena iparra
    # sartuko da." Eve took the 1, Fay the 9: Eve comes in as North in deal 2, Fay in deal 3, then whoever has
    # been out longest. Six deals a round.
    names = ["Ann", "Bo", "Cy", "Di", "Eve", "Fay"]
    tiles = dict(zip(names, ["1m 5p", "2m 6p", "3m 7p", "4m 8p", "1p 5m", "2p 6m"]))
    seatings = [["Ann", "Bo", "Cy", "Di"], ["Bo", "Cy", "Di", "Eve"], ["Cy", "Di", "Eve", "Fay"],
                ["Di", "Eve", "Fay", "Ann"], ["Eve", "Fay", "Ann", "Bo"], ["Fay", "Ann", "Bo", "Cy"],
                ["Ann", "Bo", "Cy", "Di"]]
    deals = [{"hands": {n: tiles[n] for n in s}} for s in seatings]
    data = batch(tmp_path, names, deals)
    assert [list(d["seats"].values()) for d in data["deals"]] == seatings
    assert [d["out"] for d in data["deals"]][:3] == [["Eve", "Fay"], ["Ann", "Fay"], ["Ann", "Bo"]]
    assert [d["round"] for d in data["deals"]] == ["E"] * 6 + ["S"]


# ---- the options above, listed

def test_variants_lists_the_new_options_with_their_defaults():
    code, out, err = run("variants", V)
    assert code == 0
    rows = {line.split()[0]: line.split()[2] for line in out.splitlines()
            if line.split()[:1] and line.split()[0] in ("one_double_circumstances", "four_flowers",
                                                        "horizontal_pair", "three_players")}
    assert rows == {"one_double_circumstances": "false", "four_flowers": "plus-own", "horizontal_pair": "honour",
                    "three_players": "every-deal"}
