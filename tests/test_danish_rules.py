"""Danish "Mah Jong Regler": three players, and the house options for the rulebook's doubtful words.

The numbers the Danish text lacks (its tables are missing) are the table file's, assumed from the classical
British tables: pung 2-8 2/4, pung of 1, 9 or honours 4/8, pair of dragons, own or prevailing wind 2, bonus
tile 4, mah jong 20, drawn 2, only possible tile 2; doublings: dragon, own wind, prevailing wind pung 1 each,
one suit with honours 1, one suit only 3, own flower or season 1, no chows 1; the final value rounded up to
the next 10, capped at the limit 1000. Every number below is worked by hand from those. Unless a case says
otherwise the player sits South in the East round.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from helpers import items, run, score

V = "danish"
TABLE = pathlib.Path(__file__).resolve().parent.parent / "tables" / "danish.yaml"


# --- three players ------------------------------------------------------------------------------------------------
# Danish Mah Jong Regler, "Hvor mange deltagere?": "Det mest behagelige spilleantal er så afgjort 4, dog er det
# muligt at spille med kun 3" = "The most pleasant number of players is certainly 4, but it is possible to play
# with only 3". Payments, "Hvordan afsluttes spillet?": "Øst betaler og modtager altid dobbelt" (East always
# pays and receives double); "Enhver spiller, som bliver Mah Jong, modtager betaling tilsvarende til Mah Jong
# håndens fulde værdi fra alle de øvrige spillere, som herefter betaler hinanden indbyrdes ud fra forskellen
# imellem hændernes værdier" (the winner is paid the full value by all the other players, who then pay each
# other the differences). With three players there are two other players instead of three.

def _settle(*args) -> dict:
    code, out, err = run("settle", "-v", V, *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_three_players_south_wins():
    # South wins [555p] 123m 789s 234s NN on West's 4s: [555p] 2 + 20 = 22 -> 30 (NN is neither South's wind nor
    # the prevailing wind; 23s waited on 1s and 4s).
    # East [RRR] [EEE]: 4 + 4 = 8; dragons 1 + own wind 1 + prevailing wind 1: 8 x 8 = 64 -> 70.
    # West [777p]: 2 -> 10.
    # East pays South 30 x 2 = 60, West pays South 30; West pays East (70 - 10) x 2 = 120.
    data = _settle("--winner", "S", "--win", "4s", "--discarder", "W",
                   "--east", "[RRR] [EEE] 1m 4m 7m 2p 6p 1s 5s",
                   "--south", "[555p] 123m 789s 234s NN",
                   "--west", "[777p] 4m 6m 8m 1p 3p 9p 2s 6s 8s")
    assert {s: h["value"] for s, h in data["hands"].items()} == {"E": 70, "S": 30, "W": 10}
    assert sorted((p["from"], p["to"], p["amount"]) for p in data["payments"]) == \
        [("E", "S", 60), ("W", "E", 120), ("W", "S", 30)]
    assert data["net"] == {"E": -60 + 120, "S": 60 + 30, "W": -30 - 120}


def test_three_players_east_wins():
    # East draws 4s: [555p] 2 + 20 + 2 (drawn) = 24 -> 30. South: singles, 0. West [777p] 2 -> 10.
    # South and West pay East 30 x 2 = 60 each; South pays West 10 - 0 = 10.
    data = _settle("--winner", "E", "--win", "4s", "--from", "wall",
                   "--east", "[555p] 123m 789s 234s NN",
                   "--south", "1m 4m 7m 2p 6p 8p 1s 5s 9s 3m 6m 9m E",
                   "--west", "[777p] 4m 6m 8m 1p 3p 9p 2s 6s 8s")
    assert data["net"] == {"E": 60 + 60, "S": -60 - 10, "W": -60 + 10}


def test_two_players_are_refused():
    code, out, err = run("settle", "-v", V, "--east", "123m", "--south", "456m")
    assert code == 2 and "danish is played by 3 or 4 players; this deal has 2 hands" in err
    assert len(err.strip().splitlines()) == 1


# A game of three: the winning hand [555p] 123m 789s 234s 99m drawn on 4s: 2 + 20 + 2 = 24 -> 30 (no honours).
WIN = "[555p] 123m 789s 234s 99m"
TEN = "[777p] 1m 4m 6m 2s 5s 8s 1p 3p 9p"          # [777p] 2 -> 10
NIL = "1m 4m 7m 2p 6p 8p 1s 5s 9s 3m 6m 9m 3p"      # singles: 0


def test_three_players_game(tmp_path):
    # "Hvis det er Øst, som er blevet Mah Jong, forbliver spillernes benævnelse uændret. Hvis det er en af de
    # øvrige spillere, som er blevet Mah Jong, går Øst videre til den næste spiller i rækken" (East keeps the
    # seats by winning; otherwise East passes to the next player). Anders, Birgit, Carsten from East.
    deals = [
        # 1 Anders (East) wins 30: Birgit and Carsten pay 60 each; Carsten pays Birgit 10 - 0 = 10.
        {"hands": {"Anders": WIN, "Birgit": TEN, "Carsten": NIL}, "winner": "Anders",
         "win": {"tile": "4s", "from": "wall"}},
        # 2 Anders East again. Birgit wins 30: Anders pays 60, Carsten 30; Carsten pays Anders (10 - 0) x 2 = 20.
        {"hands": {"Anders": TEN, "Birgit": WIN, "Carsten": NIL}, "winner": "Birgit",
         "win": {"tile": "4s", "from": "wall"}},
        # 3 East has passed to Birgit. Carsten wins 30: Birgit pays 60, Anders 30; Birgit pays Anders 10 x 2 = 20.
        {"hands": {"Anders": TEN, "Birgit": NIL, "Carsten": WIN}, "winner": "Carsten",
         "win": {"tile": "4s", "from": "wall"}},
    ]
    path = tmp_path / "three.json"
    path.write_text(json.dumps({"variant": V, "options": {}, "players": ["Anders", "Birgit", "Carsten"],
                                "deals": deals}), encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    data = json.loads(out)["games"][0]
    got = data["deals"]
    assert [d["seats"]["E"] for d in got] == ["Anders", "Anders", "Birgit"]
    assert all(len(d["seats"]) == 3 and set(d["seats"].values()) == {"Anders", "Birgit", "Carsten"} for d in got)
    assert got[0]["net"] == {"Anders": 120, "Birgit": -60 + 10, "Carsten": -60 - 10}
    assert got[1]["net"] == {"Anders": -60 + 20, "Birgit": 60 + 30, "Carsten": -30 - 20}
    assert got[2]["net"] == {"Anders": -30 + 20, "Birgit": -60 - 20, "Carsten": 60 + 30}
    # 120 - 40 - 10 = 70; -50 + 90 - 80 = -40; -70 - 50 + 90 = -30
    assert data["totals"] == {"Anders": 70, "Birgit": -40, "Carsten": -30}
    code, out, err = run("batch", str(path), "--format", "table")
    assert code == 0 and "deals: 3 read, 3 scored, 0 rejected" in out


def test_a_game_of_two_is_refused(tmp_path):
    path = tmp_path / "two.json"
    path.write_text(json.dumps({"variant": V, "options": {}, "players": ["Anders", "Birgit"], "deals": []}))
    code, out, err = run("batch", str(path))
    assert code == 2 and "danish is played by 3 or 4 players, not 2" in err


# --- "De tretten under": the thirteen wonders -----------------------------------------------------------------------
# "I forbindelse med de to afgrænsede hænder, "De tretten under" og "de ni kaldede", er det kun
# tillægsdoblingerne, som er vedkommende" ("under" = wonders).

def test_thirteen_wonders():
    # won on a discard: only the extra doublings count, no chows 1: 1000 x 2, capped at 1000
    s = score("19m 19p 19s ESWNRGP 9s", V, seat="S", win="9s")
    assert (s.limit_hand, s.doubles, s.value) == ("the thirteen wonders", 1, 1000)
    text = TABLE.read_text(encoding="utf-8")
    assert '"De tretten under"' in text and "unikke" not in text


# --- bonus tiles: no points (the default), in the base value, or after doubling ---------------------------------
# "Den grundlæggende værdi af almindelige hænder og uafsluttede hænder findes ved at sammenlægge værdierne af de
# forekommende Punger, Konger og Par samt de mulige tillæg for at blive Mah Jong": no bonus tiles in the base.

HAND = "[RRR] 123m 789s 234s NN"  # South, on 4s: [RRR] 4 + 20 = 24; dragon pung 1 doubling

BONUS = [
    # 1f (East's) and 3y (West's): none: 24 x 2 = 48 -> 50; base: 24 + 4 + 4 = 32 x 2 = 64 -> 70; after: 50 + 8
    (HAND + " 1f 3y", "none", 24, 1, 50),
    (HAND + " 1f 3y", "base", 32, 1, 70),
    (HAND + " 1f 3y", "after", 24, 1, 50 + 8),
    # 2f, South's own flower: + 1 doubling. none: 24 x 4 = 96 -> 100; base: 28 x 4 = 112 -> 120; after: 100 + 4
    (HAND + " 2f", "none", 24, 2, 100),
    (HAND + " 2f", "base", 28, 2, 120),
    (HAND + " 2f", "after", 24, 2, 100 + 4),
]


@pytest.mark.parametrize("hand, reading, points, doubles, value", BONUS)
def test_bonus_points(hand, reading, points, doubles, value):
    s = score(hand, V, seat="S", win="4s", options={"bonus_points": reading})
    assert s.mahjong and (s.points, s.doubles, s.value) == (points, doubles, value)
    assert ("flower or season" in items(s)) == (reading == "base")
    assert ("bonus tiles" in items(s)) == (reading == "after")


def test_bonus_points_after_for_a_loser_through_settle():
    # after: South wins HAND + 1f 3y on West's 4s: 58. East 0; West [777p] 2 -> 10 + 1y 4 = 14; North 0.
    # East pays 58 x 2 = 116, West and North 58. Losers: East pays West 14 x 2 = 28; North pays West 14.
    data = _settle("--winner", "S", "--win", "4s", "--discarder", "W", "--option", "bonus_points=after",
                   "--south", HAND + " 1f 3y", "--east", "1m 4m 7m 2p",
                   "--west", "[777p] 5m 8m 1y", "--north", "3p 6p 9p")
    assert {s: h["value"] for s, h in data["hands"].items()} == {"E": 0, "S": 58, "W": 14, "N": 0}
    assert data["net"] == {"E": -116 - 28, "S": 116 + 58 + 58, "W": -58 + 28 + 14, "N": -58 - 14}


def test_without_bonus_tiles():
    # "Hvis tillægsbrikkerne udelades" (if the bonus tiles are left out): 2f scores nothing, not even its
    # doubling: 24 x 2 = 48 -> 50, whatever bonus_points says
    for reading in ("none", "base", "after"):
        s = score(HAND + " 2f", V, seat="S", win="4s", options={"flowers": False, "bonus_points": reading})
        assert (s.points, s.doubles, s.value) == (24, 1, 50)
        assert "own flower" not in items(s)


# --- purity doublings for every hand --------------------------------------------------------------------------------
# "Værdien af en hånd beregnes ud fra en grundlæggende værdi og, i givet fald, et antal doblinger": every hand.

def test_purity_doublings_for_a_loser():
    # a 13-tile hand [RRR] 123m 456m 78m 9m 1m: [RRR] 4; dragons 1 + one suit with honours 1: 4 x 4 = 16 -> 20
    s = score("[RRR] 123m 456m 78m 9m 1m", V, seat="S")
    assert not s.mahjong and (s.points, s.doubles, s.value) == (4, 2, 20) and "one suit with honours" in items(s)
    # the old reading, for the mah jong hand only: 4 x 2 = 8 -> 10
    s = score("[RRR] 123m 456m 78m 9m 1m", V, seat="S", options={"purity_doublings": "winner"})
    assert (s.points, s.doubles, s.value) == (4, 1, 10) and "one suit with honours" not in items(s)


@pytest.mark.parametrize("reading, south, net", [
    # West wins [555p] 123p 789s 234s NN on 4s: 2 + 20 = 22 -> 30. East 0; North [999m] 4 -> 10.
    # all: South 20 (above). East pays 60, South and North 30. East pays South 20 x 2 = 40 and North 10 x 2 = 20;
    # North pays South 20 - 10 = 10.
    ("all", 20, {"E": -60 - 40 - 20, "S": -30 + 40 + 10, "W": 60 + 30 + 30, "N": -30 + 20 - 10}),
    # winner: South 10. East pays South and North 10 x 2 = 20 each; South and North are level.
    ("winner", 10, {"E": -60 - 20 - 20, "S": -30 + 20, "W": 60 + 30 + 30, "N": -30 + 20}),
])
def test_purity_doublings_through_settle(reading, south, net):
    data = _settle("--winner", "W", "--win", "4s", "--option", f"purity_doublings={reading}",
                   "--west", "[555p] 123p 789s 234s NN", "--south", "[RRR] 123m 456m 7m 8m 1m 2m",
                   "--east", "1m 4m 9m 2p 6p 8p 1s 5s 9s 3m", "--north", "[999m] 2p 3p 6s")
    assert {s: h["value"] for s, h in data["hands"].items()} == {"E": 0, "S": south, "W": 30, "N": 10}
    assert data["net"] == net


# --- limited hands: the base value doubled --------------------------------------------------------------------------
# "Den grundlæggende værdi af de afgrænsede hænder er opskrevet i tabellen over afgrænsede hænder", then "I givet
# fald doubles håndens grundlæggende værdi": a limited hand's base value is doubled like any other.

FOUR_WINDS = "EEE SSS WWW NNN 55p"
# South on a discarded 5p (the pair): own wind SSS 1 + prevailing wind EEE 1 + four concealed pungs ("sets from
# the buried treasure") 1 + one suit (dots) with honours 1 + no chows 1 = 5 doublings


def test_limited_hand_keeps_its_doublings():
    s = score(FOUR_WINDS, V, seat="S", win="5p")
    assert (s.limit_hand, s.limit_fraction, s.doubles) == ("four winds", 1, 5)
    assert s.value == 1000  # 1000 x 2^5, capped at the limit 1000 (assumed)
    assert {"pung of own wind", "pung of prevailing wind", "sets from the buried treasure", "one suit with honours",
            "no chows"} <= set(items(s))
    s = score(FOUR_WINDS, V, seat="S", win="5p", options={"limited_doublings": "none"})
    assert (s.limit_hand, s.doubles, s.value) == ("four winds", 0, 1000)


def _club_grid(tmp_path) -> str:
    # a club's printed table of final values that goes above 1000 for a limited hand's doublings
    text = TABLE.read_text(encoding="utf-8")
    start, end = text.index("value:\n"), text.index("options:\n")
    grid = "value:\n  round_up: 10\n  grid:\n    1000: [1000, 1500, 2000, 2500, 3000, 3500, 4000]\n"
    (tmp_path / "danish.yaml").write_text(text[:start] + grid + "\n" + text[end:], encoding="utf-8")
    return str(tmp_path)


@pytest.mark.parametrize("reading, value", [("doubled", 3500), ("none", 1000)])
def test_limited_doublings_with_a_grid(tmp_path, reading, value):
    d = _club_grid(tmp_path)
    # doubled: base 1000 with 5 doublings: row 1000, column 5: 3500; none: worth the limit, 1000
    code, out, err = run("score", FOUR_WINDS, "-v", V, "--seat", "S", "--win", "5p", "--tables", d,
                         "--option", f"limited_doublings={reading}", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["value"] == value
    # the thirteen wonders keeps only its extra doubling (no chows) under both: row 1000, column 1: 1500
    code, out, err = run("score", "19m 19p 19s ESWNRGP 9s", "-v", V, "--seat", "S", "--win", "9s", "--tables", d,
                         "--option", f"limited_doublings={reading}", "--format", "json")
    assert code == 0 and json.loads(out)["value"] == 1500


def test_limited_hand_through_settle_and_a_grid(tmp_path):
    # South wins four winds (3500 with the club's grid); East pays 7000, West and North 3500 each; the losers
    # hold singles (0)
    data = json.loads(run("settle", "-v", V, "--tables", _club_grid(tmp_path), "--winner", "S", "--win", "5p",
                          "--south", FOUR_WINDS, "--east", "1m 2m", "--west", "3m 4m", "--north", "5m 6m",
                          "--format", "json")[1])
    assert data["net"] == {"E": -7000, "S": 7000 + 3500 + 3500, "W": -3500, "N": -3500}


# --- the options are listed with their defaults ---------------------------------------------------------------------

def test_variants_lists_the_options():
    code, out, err = run("variants", V, "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    opts = data["options"]
    assert {k: opts[k]["default"] for k in ("flowers", "bonus_points", "purity_doublings", "limited_doublings")} == \
        {"flowers": True, "bonus_points": "none", "purity_doublings": "all", "limited_doublings": "doubled"}
    assert opts["bonus_points"]["choices"] == ["none", "base", "after"]
    code, out, err = run("variants", V)
    assert code == 0 and "bonus_points" in out and "limited_doublings" in out and "purity_doublings" in out


# --- the rulebook's own names ---------------------------------------------------------------------------------------

def test_danish_names_and_cites():
    # "Spillets afvikling", its 5th paragraph: "I forbindelse med de to afgrænsede hænder, "De tretten under" ..."
    code, out, err = run("score", "19m 19p 19s ESWNRGP 9s", "-v", V, "--seat", "S", "--win", "9s", "--lang", "da",
                         "--format", "json")
    assert code == 0, err
    names = {i["rule"]: (i.get("name"), i.get("cite")) for i in json.loads(out)["items"]}
    assert names["the thirteen wonders"] == ("De tretten under", "Spillets afvikling ¶5")


DANISH_HANDS = [
    ["[555p] 123m 789s 234s NN 2f 1y", "--seat", "S", "--win", "4s"],
    ["{5555p} [9999m] 123s 234s SS", "--seat", "S", "--win", "3s", "--from", "loose"],
    ["[RRR] [EEE] 123m 456m 99m", "--seat", "E", "--win", "4m"],
    ["555p 777p WWW 234s NN", "--seat", "S", "--win", "4s"],
    ["EEE SSS WWW NNN 55p", "--seat", "S", "--win", "5p"],
    ["1112345678999p 5p", "--seat", "S", "--win", "5p", "--from", "wall"],
    ["19m 19p 19s ESWNRGP 9s", "--seat", "S", "--win", "9s"],
    ["[RRR] 555p 123m 78s NN 1f", "--seat", "S"],
]


def test_every_item_cites_its_source():
    # the rulebook's own words where it has them ("Spillets afvikling": "De tretten under", "de ni kaldede",
    # "tillæg for at blive Mah Jong"; "Hvordan spilles spillet?": "åben Pung", "skjult Pung", "Chow"); the
    # numbers it lacks cite their source, the classical British tables
    own = {"the thirteen wonders": "De tretten under", "the nine called": "de ni kaldede",
           "mah jong": "tillæg for at blive Mah Jong", "exposed pung of simples": "åben Pung",
           "concealed pung of simples": "skjult Pung", "chow": "Chow"}
    seen = set()
    for args in DANISH_HANDS:
        code, out, err = run("score", *args, "--variant", V, "--format", "json", "--lang", "da")
        assert code == 0, (args, err)
        for item in json.loads(out)["items"]:
            # a paragraph of a section, counted by hand: "Spillets afvikling" ¶2 "Den grundlæggende værdi af
            # almindelige hænder ..." (mah jong), ¶5 "I forbindelse med de to afgrænsede hænder ..." (the thirteen
            # wonders, the nine called); "Hvad er spillets særpræg?" ¶8 "For at begrænse betalingerne ..."
            assert item["cite"] in ("classical (Millington / BMJA)", "Spillets afvikling ¶2", "Spillets afvikling ¶5",
                                    "Hvad er spillets særpræg? ¶8"), (args, item)
            if item["rule"] in own:
                assert item["name"] == own[item["rule"]] and "name_lang" not in item, (args, item)
            seen.add(item["rule"])
    assert set(own) <= seen, sorted(seen)
