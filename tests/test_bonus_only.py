"""A non-winner whose hand is only flowers and seasons scores its bonus tiles (as KDE Kajongg does).

A player may end a deal having laid out bonus tiles and holding nothing else worth writing down;
that partial hand scores its bonus points and their doubles, nothing more. A rule about the hand's
tiles ("all honours", "pure hand: terminals") needs tiles: an empty hand is not all honours.
Each number below is worked out from the variant's rulebook, by hand.
"""

import json

import pytest

from helpers import run, score_json

CASES = [
    # (variant, hand, seat, points, doubles, value) -- arithmetic and source in the comment
    # dmjl (Kajongg's Classical Chinese DMJL): Flower 4, Season 4; Own Flower and Own Season 1 double;
    # All Flowers 1 double; no double for one own bonus tile
    ("dmjl", "1f", "E", 4, 0, 4),
    ("dmjl", "1234f", "E", 4 * 4, 1, 16 * 2),                 # All Flowers: 16 x2 = 32
    ("dmjl", "1f 1y", "E", 4 + 4, 1, 8 * 2),                  # Own Flower and Own Season: 8 x2 = 16
    ("dmjl", "2f 2y", "S", 4 + 4, 1, 8 * 2),                  # South's own flower and season: 16
    ("dmjl", "2f 2y", "E", 4 + 4, 0, 8),                      # not East's own: 8
    # bmja (Kajongg's Classical Chinese BMJA): Flower 4, Season 4; Own Flower 1, Own Season 1 double;
    # All Flowers 2 doubles
    ("bmja", "1f", "E", 4, 1, 4 * 2),                         # own flower: 8
    ("bmja", "1234f", "E", 16, 1 + 2, 16 * 8),                # own flower 1 + all flowers 2: 16 x8 = 128
    ("bmja", "2f 2y", "S", 8, 2, 8 * 4),                      # own flower + own season: 32
    ("bmja", "2f 2y", "E", 8, 0, 8),
    # basque: Basque rulebook (Prats Verdú), table 1 "Loreak 4"; table 2 "Norberaren lorea edo urtaroa 1",
    # "Lau loreak (norberarena kontuan hartu gabe) 3" (all four flowers 3, the own one not counted)
    ("basque", "1f", "E", 4, 1, 4 * 2),                       # own flower: 8
    ("basque", "1f", "S", 4, 0, 4),
    # all four flowers 3, "norberarena kontuan hartu gabe": the own flower's 1 comes on top (the default
    # reading, option four_flowers=plus-own): 3 + 1 = 4 doubles, 16 x16 = 256
    ("basque", "1234f", "E", 16, 3 + 1, 16 * 16),
    ("basque", "2f 2y", "S", 8, 2, 8 * 4),                    # own flower + own season: 32
    # hungarian: Hungarian rulebook (Hergár, 1925), IV: "Saját virág, vagy évszak : 8",
    # "Idegen virág, vagy évszak : 4" (own flower or season 8, another 4); no doubles for bonus tiles
    ("hungarian", "1f", "E", 8, 0, 8),
    ("hungarian", "1f", "S", 4, 0, 4),
    ("hungarian", "1234f", "E", 8 + 4 + 4 + 4, 0, 20),
    ("hungarian", "2f 2y", "S", 8 + 8, 0, 16),
    # danish: Danish Mah Jong Regler, "Spillets afvikling": the base value is "Punger, Konger og Par samt de
    # mulige tillæg for at blive Mah Jong" (pungs, kongs, pairs and the mah jong premiums): a bonus tile adds no
    # points (option bonus_points, default none), only its doublings: own flower 1, own season 1, all four
    # flowers 1 (assumed, classical). A base of 0 doubled is 0
    ("danish", "1f", "E", 0, 1, 0),                           # own flower: 0 x2 = 0
    ("danish", "1f", "S", 0, 0, 0),
    ("danish", "1234f", "E", 0, 2, 0),                        # own flower + all four: 0 x4 = 0
    ("danish", "2f 2y", "S", 0, 2, 0),                        # own flower + own season: 0 x4 = 0
]

# danish with the classical reading (option bonus_points=base): flower or season 4 in the base value, the value
# rounded up to 10 (all assumed, classical, as the table file says)
DANISH_BASE = [
    ("1f", "E", 4, 1, 10),                                    # 4 x2 = 8 -> 10
    ("1f", "S", 4, 0, 10),                                    # 4 -> 10
    ("1234f", "E", 16, 2, 70),                                # own flower + all four: 16 x4 = 64 -> 70
    ("2f 2y", "S", 8, 2, 40),                                 # own flower + own season: 8 x4 = 32 -> 40
]


@pytest.mark.parametrize("variant, hand, seat, points, doubles, value", CASES)
def test_bonus_only_hand_scores_its_bonus_tiles(variant, hand, seat, points, doubles, value):
    data = score_json(hand, "--variant", variant, "--seat", seat)
    assert not data["mahjong"] and data["limit_hand"] is None
    assert (data["points"], data["doubles"], data["value"]) == (points, doubles, value)
    assert data["arrangement"] == []


@pytest.mark.parametrize("hand, seat, points, doubles, value", DANISH_BASE)
def test_danish_bonus_points_in_the_base_value(hand, seat, points, doubles, value):
    data = score_json(hand, "--variant", "danish", "--seat", seat, "--option", "bonus_points=base")
    assert (data["points"], data["doubles"], data["value"]) == (points, doubles, value)


def test_spanish_is_played_without_bonus_tiles():
    # Spanish rulebook, page 1 §1: "136 fichas": a flower is refused, as in any other spanish hand
    code, out, err = run("score", "1f", "--variant", "spanish")
    assert code == 2 and out == "" and err == "mjscore: error: spanish is played without flowers and seasons: 1f\n"


def test_an_empty_hand_is_still_refused():
    code, out, err = run("score", "   ", "--variant", "dmjl")
    assert code == 2 and err.startswith("mjscore: error: no tiles in the hand")


def test_settle_dmjl_with_options():
    # South wins on a discarded 3s: [222p] 2 + Standard Mah Jongg 20 = 22 (chows 0, pair of 9s 0; 45s waited on
    # 3s or 6s). East 1f 4; West 2f 2y 8 (not West's own); North 123m 0.
    # Each pays South 22, East x2: South +44 + 22 + 22 = +88. East pays West (8-4) x2 = 8; North pays East 4 x2 = 8;
    # North pays West 8. East -44 - 8 + 8 = -44; West -22 + 8 + 8 = -6; North -22 - 8 - 8 = -38.
    code, out, err = run("settle", "--variant", "dmjl", "--winner", "S", "--win", "3s", "--east", "1f",
                         "--south", "[222p] 345m 678m 345s 99s", "--west", "2f 2y", "--north", "123m",
                         "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert {s: h["value"] for s, h in data["hands"].items()} == {"E": 4, "S": 22, "W": 8, "N": 0}
    assert data["net"] == {"E": -44, "S": 88, "W": -6, "N": -38}


def test_settle_bmja_deal_file(tmp_path):
    # South wins on a discarded 3s: [222p] 2 + 555m 4 + 777s 4 + Standard Mah Jongg 20 = 30 (one chow, as BMJA allows).
    # East 1f: 4, own flower x2 = 8. West 2f 2y: 8. North 3f 4f 4y: 12, own flower + own season x4 = 48.
    # South: 60 + 30 + 30 = +120. East = West: nothing. East pays North (48-8) x2 = 80; West pays North 40.
    # East -60 - 80 = -140; West -30 - 40 = -70; North -30 + 80 + 40 = +90.
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps({"variant": "bmja", "winner": "S", "win": {"tile": "3s", "from": "discard"},
                                "hands": {"E": "1f", "S": "[222p] 555m 777s 345s 99s", "W": "2f 2y",
                                          "N": "3f 4f 4y"}}))
    code, out, err = run("settle", str(path), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert {s: h["value"] for s, h in data["hands"].items()} == {"E": 8, "S": 30, "W": 8, "N": 48}
    assert data["net"] == {"E": -140, "S": 120, "W": -70, "N": 90}


def test_batch_basque(tmp_path):
    # Basque rulebook (Prats Verdú): Bo (South) wins on a discarded 3s: [222p] 2 + mah jong 20 = 22 (table 1, table 3).
    # Ann (East) 1f: 4, own flower x2 = 8. Cy (West) 3f 3y: 8, own flower + own season x4 = 32. Di 123m 5p: 0
    # (two suits: no pure hand, which table 2 gives to every hand).
    # Bo: 44 + 22 + 22 = +88. Ann pays Cy (32-8) x2 = 48; Di pays Ann 8 x2 = 16; Di pays Cy 32 (rule 70, East double).
    # Ann -44 - 48 + 16 = -76; Cy -22 + 48 + 32 = +58; Di -22 - 16 - 32 = -70.
    deal = {"hands": {"Ann": "1f", "Bo": "[222p] 345m 678m 345s 99s", "Cy": "3f 3y", "Di": "123m 5p"},
            "winner": "Bo", "win": {"tile": "3s", "discarder": "Di"}}
    path = tmp_path / "game.yaml"
    path.write_text("variant: basque\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - " + json.dumps(deal) + "\n")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    data = json.loads(out)["games"][0]
    got = data["deals"][0]
    assert {n: h["value"] for n, h in got["hands"].items()} == {"Ann": 8, "Bo": 22, "Cy": 32, "Di": 0}
    assert got["net"] == {"Ann": -76, "Bo": 88, "Cy": 58, "Di": -70}
