"""Classical Chinese DMJL and BMJA as KDE Kajongg scores them (Kajongg's rulesets "Classical Chinese
DMJL" and "Classical Chinese BMJA"; the comments name the rule lists of those rulesets: Meld Rules,
Hand Rules, Mah Jongg Rules, Winner Rules, Loser Rules).

Every expected number is worked out by hand from those rulesets; the comment beside it shows
the sum. Each case gives the same hand under both variants, side by side:
(mahjong, points, doubles, limit_fraction, value), read from the CLI's JSON.
"""

import json

import pytest

from helpers import run, score, score_json

LONG = (False, 0, 0, 0, 0)  # Kajongg's Long Hand: a long hand reports everything 0


def cli(hand: str, variant: str, *args: str) -> tuple:
    d = score_json(hand, "--variant", variant, *args)
    return d["mahjong"], d["points"], d["doubles"], d["limit_fraction"], d["value"]


def lim(fraction, limit):
    return True, 0, 0, fraction, round(fraction * limit)


def drawn(tile):
    return ("--win", tile, "--from", "wall")


def claimed(tile):
    return ("--win", tile, "--from", "discard")


SW = ("--seat", "S", "--round", "W")  # seat S, round W: an E or N tile is neither own nor round wind

# --- Kajongg's own results (computed with Kajongg's engine) -------------------------------------------

SECTION_14 = [
    ("[555p] 123s 999m RRR WW 3f", ("--seat", "W", "--round", "E", *drawn("W")),
     (True, 52, 1, 0, 104), (True, 46, 2, 0, 184)),
    ("[555p] 123s 999m RRR WW 3f", ("--seat", "W", "--round", "E", *claimed("W")),
     (True, 50, 1, 0, 100), (True, 44, 2, 0, 176)),
    ("[123m] 456p 789s EEE NN", ("--seat", "S", "--round", "E", *drawn("N")),
     (True, 36, 1, 0, 72), LONG),
    ("{1111s} [999s] 222s 33s 444s", ("--seat", "E", "--round", "E", *drawn("3s")),
     (True, 68, 5, 0, 500), (True, 66, 4, 0, 1000)),
    ("[GGG] 234s 666s 888s 22s", ("--seat", "S", "--round", "S", *drawn("2s")),
     (True, 36, 2, 0, 144), (True, 34, 1, 0, 68)),
    ("[EEE] [SSS] NNN WW PP", ("--seat", "S", "--round", "E"),
     (False, 18, 3, 0, 144), (False, 0, 0, 0.4, 400)),
    ("[EEE] {GGGG} {SSSS} NNN P", ("--seat", "N", "--round", "E"),
     (False, 76, 4, 0, 500), (False, 76, 3, 0, 608)),
    ("1112345678999p", ("--seat", "E", "--round", "E"),
     (False, 16, 0, 0, 16), (False, 0, 0, 0.4, 400)),
]


@pytest.mark.parametrize("hand, args, dmjl, bmja", SECTION_14)
def test_section_14_worked_examples(hand, args, dmjl, bmja):
    assert cli(hand, "dmjl", *args) == dmjl
    assert cli(hand, "bmja", *args) == bmja


def test_section_14_first_row_items():
    d = score_json("[555p] 123s 999m RRR WW 3f", "--variant", "dmjl", "--seat", "W", "--round", "E",
                   *drawn("W"))
    got = sorted((i["rule"], i.get("tiles", ""), i.get("points", 0), i.get("doubles", 0)) for i in d["items"])
    assert got == sorted([
        ("Exposed Pung", "[555p]", 2, 0),
        ("Concealed Pung of Honors", "RRR", 8, 0),
        ("Pung/Kong of Dragons", "RRR", 0, 1),
        ("Concealed Pung of Terminals", "999m", 8, 0),
        ("Pair of Own Wind", "WW", 2, 0),
        ("Flower", "3f", 4, 0),
        ("Standard Mah Jongg", "", 20, 0),
        ("Last Tile Completes Pair of Terminals or Honors", "", 4, 0),
        ("Last Tile is Only Possible Tile", "", 2, 0),
        ("Won with Last Tile Taken from Wall", "", 2, 0),
    ])
    # 2 + 8 + 8 + 2 + 4 + 20 + 4 + 2 + 2 = 52 points, 1 double
    assert (d["points"], d["doubles"], d["value"]) == (52, 1, 104)
    b = score_json("[555p] 123s 999m RRR WW 3f", "--variant", "bmja", "--seat", "W", "--round", "E", *drawn("W"))
    rules = {i["rule"] for i in b["items"]}
    assert "Own Flower" in rules and not rules & {"Last Tile is Only Possible Tile",
                                                    "Last Tile Completes Pair of Terminals or Honors"}


# --- every rule, both variants ------------------------------------------------------------------------

CASES = [
    # Pungs of simples, one chow (Meld Rules):
    # [222m] Exposed Pung 2 + 444p Concealed Pung 4 + 777s Concealed Pung 4 + 456s chow 0 + 55p 0
    # + Standard Mah Jongg 20 + Won with Last Tile Taken from Wall 2 = 32. 6s is not the only tile (45s
    # waits on 3s and 6s). No double (three suits, a chow, an exposed pung).
    ("pungs of simples", "[222m] 444p 456s 777s 55p", SW + drawn("6s"),
     (True, 32, 0, 0, 32), (True, 32, 0, 0, 32)),
    # Pungs of terminals and honours, claimed pair (Meld Rules, Winner Rules):
    # [111m] 4 + 999p 8 + [EEE] 4 + NNN 8 + 55s (claimed pair, exposed, still 0) + 20 = 44.
    # dmjl: + Last Tile Completes Pair of 2..8 2 + Only Possible Tile 2 (5s is the single wait) = 48.
    # No Chow 1 double: dmjl 48 x 2 = 96, bmja 44 x 2 = 88.
    ("pungs of terminals and honours", "[111m] 999p [EEE] NNN 55s", SW + claimed("5s"),
     (True, 48, 1, 0, 96), (True, 44, 1, 0, 88)),
    # Kongs of simples (Meld Rules): [2222m] Exposed Kong 8 + {3333p} Concealed Kong 16 + NNN 8
    # + 567s 0 + 55s 0 + 20 + wall 2 = 54; 7s is not the only tile (55s 56s waits on 4s and 7s).
    # Two concealed pungs/kongs only: no Three Concealed Pongs.
    ("kongs of simples", "[2222m] {3333p} 567s NNN 55s", SW + drawn("7s"),
     (True, 54, 0, 0, 54), (True, 54, 0, 0, 54)),
    # Kongs of terminals and honours (Meld Rules): [1111m] 16 + {9999p} 32 + [EEEE] 16 + 20 + wall 2 = 86;
    # dmjl + Only Possible Tile 2 (24s 55s waits on 3s only) = 88.
    ("kongs of terminals and honours", "[1111m] {9999p} [EEEE] 234s 55s", SW + drawn("3s"),
     (True, 88, 0, 0, 88), (True, 86, 0, 0, 86)),
    # Pair of Own Wind + Pair of Round Wind (own = round = E: both, Meld Rules) 2 + 2, 111s Concealed Pung of
    # Terminals 8, three chows; 20 + wall 2; dmjl: Completes Pair of Terminals or Honors 4 + Only
    # Possible Tile 2: 8 + 4 + 20 + 2 + 4 + 2 = 40; Only Concealed Melds 1 double: 80.
    # bmja: three chows, not mah jong: a long hand (Mah Jongg Rules).
    ("pair of own and round wind", "123m 456m 789p 111s EE", ("--seat", "E", "--round", "E", *drawn("E")),
     (True, 40, 1, 0, 80), LONG),
    # Pair of Dragons, Pung/Kong of Dragons (both Meld Rules): [RRR] 4 + 555m 4 + 777p 4 + GG 2 + 20 + wall 2 = 36,
    # dmjl + Only Possible Tile 2 (13s waits on 2s) = 38; RRR 1 double: dmjl 76, bmja 72.
    ("pair of dragons", "[RRR] 555m 777p 123s GG", SW + drawn("2s"),
     (True, 38, 1, 0, 76), (True, 36, 1, 0, 72)),
    # Pung/Kong of Own Wind (SSS, seat S) and of Round Wind ([EEE], round E) (Meld Rules):
    # [EEE] 4 + SSS 8 + 555m 4 + 20 = 36; dmjl + Completes Pair of Terminals 4 + Only Possible 2 = 42.
    # 2 doubles: dmjl 42 x 4 = 168, bmja 36 x 4 = 144.
    ("pungs of own and round wind", "[EEE] SSS 555m 123p 99s", ("--seat", "S", "--round", "E", *claimed("9s")),
     (True, 42, 2, 0, 168), (True, 36, 2, 0, 144)),
    # Own = round wind: a pung of E at seat E, round E scores both doubles (Meld Rules): EEE 8 + [555m] 2 + 20
    # + wall 2 = 32; dmjl + Completes Pair of Terminals 4 = 36 (789s 9s also waits on 6s). 2 doubles:
    # dmjl 36 x 4 = 144. bmja: two chows, a long hand.
    ("pung of own and round wind", "EEE [555m] 123p 789s 9s 9s", ("--seat", "E", "--round", "E", *drawn("9s")),
     (True, 36, 2, 0, 144), LONG),
    # With one chow: EEE 8 + [555m] 2 + 777s 4 + 20 + wall 2 = 36; dmjl + Completes Pair of Terminals 4 = 40
    # (777s 9s also waits on 8s); 2 doubles: dmjl 160, bmja 144.
    ("pung of own and round wind, one chow", "EEE [555m] 123p 777s 99s", ("--seat", "E", "--round", "E",
                                                                        *drawn("9s")),
     (True, 40, 2, 0, 160), (True, 36, 2, 0, 144)),
    # Flower, Season (Meld Rules): the first case + 3f 4 + 4y 4 = 40, seat S owns neither (2f/2y): dmjl 40,
    # bmja 40.
    ("flower and season", "[222m] 444p 456s 777s 55p 3f 4y", SW + drawn("6s"),
     (True, 40, 0, 0, 40), (True, 40, 0, 0, 40)),
    # Own Flower and Own Season (DMJL Hand Rules, 1 double) vs Own Flower + Own Season (BMJA Meld Rules, 1 each):
    # 32 + 2f 4 + 2y 4 = 40; dmjl 40 x 2 = 80, bmja 40 x 4 = 160.
    ("own flower and season", "[222m] 444p 456s 777s 55p 2f 2y", SW + drawn("6s"),
     (True, 40, 1, 0, 80), (True, 40, 2, 0, 160)),
    # All Flowers (Hand Rules): 32 + 4 x 4 = 48; dmjl 1 double = 96; bmja All Flowers 2 + Own Flower (2f) 1 = 384.
    ("all flowers", "[222m] 444p 456s 777s 55p 1234f", SW + drawn("6s"),
     (True, 48, 1, 0, 96), (True, 48, 3, 0, 384)),
    # All Seasons (Hand Rules): 48; dmjl 96; bmja All Seasons 2 + Own Season (2y) 1 = 3: 384.
    ("all seasons", "[222m] 444p 456s 777s 55p 1234y", SW + drawn("6s"),
     (True, 48, 1, 0, 96), (True, 48, 3, 0, 384)),
    # Three Concealed Pongs (DMJL Hand Rules) and Only Concealed Melds (Winner Rules), drawn: 111m 8
    # + 555p 4 + 777s 4 + 20 + wall 2 = 38; dmjl + Only Possible (24s waits on 3s) 2 = 40, 2 doubles = 160;
    # bmja 38 x 2 = 76.
    ("three concealed pongs", "111m 555p 777s 234s 99p", SW + drawn("3s"),
     (True, 40, 2, 0, 160), (True, 38, 1, 0, 76)),
    # The same hand won on a claimed 7s: 777s is an exposed pung 2 (claimed): 8 + 4 + 2 + 20 = 34; 77s 99p
    # waited on two tiles; no concealed-pungs or concealed-melds double.
    ("claimed pung is exposed", "111m 555p 777s 234s 99p", SW + claimed("7s"),
     (True, 34, 0, 0, 34), (True, 34, 0, 0, 34)),
    # Little Three Dragons (DMJL Hand Rules): [RRR] 4 + GGG 8 + PP 2 + 20 + wall 2 + Only Possible (12m) 2 = 38;
    # dragons 2 + Little Three Dragons 1 = 3: 304. bmja: two chows, a long hand.
    ("little three dragons", "[RRR] GGG PP 123m 456p", SW + drawn("3m"), (True, 38, 3, 0, 304), LONG),
    # Big Three Dragons (DMJL Hand Rules) on a non-winning hand (10 tiles): 4 + 4 + 4 = 12; dragons 3 + Big
    # Three Dragons 2 = 5: 384. bmja 12 x 8 = 96 (10 tiles: not calling).
    ("big three dragons", "[RRR] [GGG] [PPP] 5p", SW,
     (False, 12, 5, 0, 384), (False, 12, 3, 0, 96)),
    # Big Four Joys (DMJL Hand Rules), 13 tiles, seat S round E: 4 x 4 = 16; own 1 + round 1 + Big Four Joys 2 =
    # 4: 256. bmja: 16 x 4 = 64, but drawing 5p makes Four Blessings Hovering over the Door:
    # Calling for Four Blessings 0.4 x 1000 = 400 >= 64 (Loser Rules: the limit counts if >= points).
    ("big four joys", "[EEE] [SSS] [WWW] [NNN] 5p", ("--seat", "S", "--round", "E"),
     (False, 16, 4, 0, 256), (False, 0, 0, 0.4, 400)),
    # Long hands (Kajongg's Long Hand): 15 tiles, bonus tiles not scored.
    ("long hand 15 tiles", "[1111m] [2222m] [3333m] 555m 66m 7m 1f", (), LONG, LONG),
    ("long hand 14 tiles, no pattern", "13579m 2468p 13579s", (), LONG, LONG),
    # Squirming Snake (DMJL Mah Jongg Rules): exposed groups allowed, 1 limit. bmja: two chows, not Gates (declared
    # group): long hand.
    ("squirming snake", "[111p] 234p 567p 88p 999p", claimed("8p"), (True, 0, 0, 1, 500), LONG),
    # A kong spoils it: [1111p] 16 + 999p 8 + 20 + wall 2 + Completes Pair of 2..8 2 = 48 (8p not the only
    # tile: 5p also completes); True Color Game 3: 48 x 8 = 384.
    ("squirming snake spoilt by a kong", "[1111p] 234p 567p 88p 999p", drawn("8p"),
     (True, 48, 3, 0, 384), LONG),
    # Nine Gates (dmjl) / Gates of Heaven (bmja) (Mah Jongg Rules): surplus 5 = winning tile; claimed is allowed.
    ("nine gates", "1112345678999p 5p", claimed("5p"), (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Thirteen Orphans / The 13 Unique Wonders (Mah Jongg Rules).
    ("thirteen orphans", "19m 19p 19s ESWN RGP P", claimed("P"), (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Wriggling Snake (BMJA Mah Jongg Rules), drawn; dmjl has no such pattern: a long hand.
    ("wriggling snake drawn", "1123456789s ESWN", drawn("5s"), LONG, (True, 0, 0, 1, 1000)),
    # (Kajongg) claimed: the completed group is exposed, so it is not the pattern: a long hand.
    ("wriggling snake claimed", "1123456789s ESWN", claimed("5s"), LONG, LONG),
    # Triple Knitting (BMJA Mah Jongg Rules) 0.5 limit: points 2 (wall) x 2^2 (No Chow, Only Concealed Melds) = 8 < 500.
    ("triple knitting", "1234m 1234p 1234s 5m 5p", drawn("5p"), LONG, (True, 0, 0, 0.5, 500)),
    # Knitting (BMJA Mah Jongg Rules), claimed: the knitted pair is exposed, points 0: 0.5 x 1000 = 500.
    ("knitting", "1234567m 1234567p", claimed("5p"), LONG, (True, 0, 0, 0.5, 500)),
    # All pair honors (BMJA Mah Jongg Rules): SS own 2 + RR 2 + GG 2 + wall 2 = 8, 3 doubles (No Chow, Only Concealed
    # Melds, Only Terminals and Honors) = 64 < 500: the half limit. dmjl: seven pairs is no pattern.
    ("all pair honors", "11m 99m 11p EE SS RR GG", SW + drawn("G"), LONG, (True, 0, 0, 0.5, 500)),
    # All pair honors outscored (the larger counts): pairs 6 + 2f 3f 2y 12 + wall 2 = 20; Own Flower 1 + Own Season 1
    # + No Chow 1 + Only Concealed Melds 1 + Only Terminals and Honors 1 = 5: 20 x 32 = 640 > 500.
    ("half limit outscored", "11m 99m 11p EE SS RR GG 2f 3f 2y", SW + drawn("G"), LONG, (True, 20, 5, 0, 640)),
    # Mah Jongg with Original Call / Original Call (Winner Rules): the first case, one exposed group: 32 x 2 = 64.
    ("original call", "[222m] 444p 456s 777s 55p", SW + drawn("6s") + ("--also", "original-call"),
     (True, 32, 1, 0, 64), (True, 32, 1, 0, 64)),
    # Original call with three declared groups and the claimed pair: four exposed groups, no double.
    # [222m] 2 + [444p] 2 + [456s] 0 + 777s 4 + 20 = 28; dmjl + Completes Pair of 2..8 2 + Only
    # Possible Tile 2 (5p single wait) = 32. bmja: one chow, 28.
    ("original call spoilt", "[222m] [444p] [456s] 777s 55p", SW + claimed("5p") + ("--also", "original-call"),
     (True, 32, 0, 0, 32), (True, 28, 0, 0, 28)),
    # Last Tile Taken from Dead Wall (DMJL Winner Rules): [5555p] 8 + 444s 4 + 888p 4 + 20 + wall 2 (loose counts as
    # drawn) = 38; dmjl + Completes Pair of 2..8 2 + Only Possible 2 = 42, 1 double = 84; bmja 38.
    ("loose tile", "[5555p] 123m 444s 77m 888p", ("--win", "7m", "--from", "loose"),
     (True, 42, 1, 0, 84), (True, 38, 0, 0, 38)),
    # Last Tile is Last Tile of Wall (Winner Rules): 32 x 2 = 64.
    ("last wall tile", "[222m] 444p 456s 777s 55p", SW + drawn("6s") + ("--also", "last-wall-tile"),
     (True, 32, 1, 0, 64), (True, 32, 1, 0, 64)),
    # Last Tile is Last Tile of Wall Discarded (Winner Rules): claimed, no wall points: 2 + 4 + 4 + 20 = 30, x 2 = 60.
    ("last discard", "[222m] 444p 456s 777s 55p", SW + claimed("6s") + ("--also", "last-discard"),
     (True, 30, 1, 0, 60), (True, 30, 1, 0, 60)),
    # Robbing the Kong (Winner Rules): 30 x 2 = 60.
    ("robbing the kong", "[222m] 444p 456s 777s 55p", SW + ("--win", "6s", "--from", "kong"),
     (True, 30, 1, 0, 60), (True, 30, 1, 0, 60)),
    # Zero Point Hand (DMJL Winner Rules): 20 + wall 2 + Only Possible (24s 55s waits on 3s) 2 = 24; Zero Point 1 +
    # Only Concealed Melds 1: 96. bmja: four chows, a long hand.
    ("zero point hand", "123m 456m 789p 234s 55s", SW + drawn("3s"), (True, 24, 2, 0, 96), LONG),
    # Bonus tiles do not spoil it: + 3f 4 = 28 x 4 = 112.
    ("zero point hand with a flower", "123m 456m 789p 234s 55s 3f", SW + drawn("3s"), (True, 28, 2, 0, 112), LONG),
    # Claimed: 20 + Only Possible 2 = 22, Zero Point 1: 44.
    ("zero point hand claimed", "123m 456m 789p 234s 55s", SW + claimed("3s"), (True, 22, 1, 0, 44), LONG),
    # False Color Game (DMJL Winner Rules): [EEE] 4 + 20 + Completes Pair of Terminals 4 = 28 (9m not the only tile:
    # 6m also completes); 1 double: 56. bmja: three chows, a long hand.
    ("false color game", "[EEE] 123m 456m 789m 99m", SW + claimed("9m"), (True, 28, 1, 0, 56), LONG),
    # True Color Game (DMJL Winner Rules): [222m] 2 + 111m 8 + 20 + Completes Pair of Terminals 4 = 34 (6m also
    # completes), 3 doubles: 272. bmja: two chows, a long hand.
    ("true color game", "[222m] 345m 678m 111m 99m", SW + claimed("9m"), (True, 34, 3, 0, 272), LONG),
    # True Color Game + No Chow (dmjl) vs Purity + No Chow (bmja): [222m] 2 + 333m 4 + 555m 4 + 777m 4 + 20
    # = 34; dmjl + Completes Pair of Terminals 4 = 38 (8m also completes); True Color 3 + No Chow 1 +
    # Three Concealed Pongs 1 = 5: 1216, capped 500. bmja: Purity 3 + No Chow 1: 34 x 16 = 544.
    ("true color game vs purity", "[222m] 333m 555m 777m 99m", SW + claimed("9m"),
     (True, 38, 5, 0, 500), (True, 34, 4, 0, 544)),
    # Only Terminals and Honors (Winner Rules): [111m] 4 + 999p 8 + [EEE] 4 + NNN 8 + 20 = 44; dmjl + Completes
    # Pair of Terminals 4 + Only Possible 2 = 50; No Chow + Only Terminals and Honors: dmjl 200, bmja 176.
    ("only terminals and honors", "[111m] 999p [EEE] NNN 99s", SW + claimed("9s"),
     (True, 50, 2, 0, 200), (True, 44, 2, 0, 176)),
    # Blessing of Heaven (Winner Rules): no winning tile. bmja: two chows, not mah jong at all.
    ("heaven", "123m 456p 789s EEE NN", ("--also", "heaven"), (True, 0, 0, 1, 500), LONG),
    ("heaven one chow", "123m 444p 777s EEE NN", ("--also", "heaven"), (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Blessing of Earth (Winner Rules): seat S, a claimed tile.
    ("earth", "123m 444p 777s EEE NN", ("--seat", "S", "--also", "earth", "--win", "N"),
     (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Twofold Fortune (Winner Rules).
    ("twofold fortune", "[2222m] {3333p} 567s NNN 55s", SW + ("--win", "7s", "--from", "loose", "--also",
                                                              "kong-on-kong"),
     (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # East won nine times in a row (DMJL Winner Rules); bmja has no such rule: [222m] 2 + 444p 4 + 777s 4 + 20 + 2 = 32.
    ("east nine in a row", "[222m] 444p 456s 777s 55p", drawn("6s") + ("--also", "east-nine-in-a-row"),
     (True, 0, 0, 1, 500), (True, 32, 0, 0, 32)),
    # Concealed True Color Game (DMJL Winner Rules). bmja: two chows, a long hand.
    ("concealed true color game", "222m 345m 678m 111m 99m", drawn("9m"), (True, 0, 0, 1, 500), LONG),
    # Only Honors (Winner Rules).
    ("only honors", "[EEE] [SSS] RRR NNN PP", SW + drawn("P"), (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Hidden Treasure (DMJL Winner Rules). bmja: not one suit, no Buried Treasure: 111m 8 + 555p 4 + 777s 4 + EEE 8
    # + 20 + wall 2 = 46; No Chow + Only Concealed Melds: 184.
    ("hidden treasure", "111m 555p 777s EEE 99p", SW + drawn("5p"), (True, 0, 0, 1, 500), (True, 46, 2, 0, 184)),
    # Claimed: 555p exposed 2: 8 + 2 + 4 + 8 + 20 = 42 (55p 99p: two waits); No Chow, and in dmjl Three
    # Concealed Pongs (111m 777s EEE): dmjl 42 x 4 = 168, bmja 42 x 2 = 84.
    ("hidden treasure claimed", "111m 555p 777s EEE 99p", SW + claimed("5p"),
     (True, 42, 2, 0, 168), (True, 42, 1, 0, 84)),
    # Buried Treasure (BMJA Winner Rules): the pair may be claimed. dmjl: 111m 8 + 555m 4 + 777m 4 + EEE 8 + 20 +
    # Completes Pair of Terminals 4 = 48 (8m also completes); No Chow + False Color Game + Three Concealed
    # Pongs = 3: 384.
    ("buried treasure", "111m 555m 777m EEE 99m", SW + claimed("9m"), (True, 48, 3, 0, 384), (True, 0, 0, 1, 1000)),
    # A kong spoils Buried Treasure: {1111m} 32 + 555m 4 + 777m 4 + EEE 8 + 20 = 68; bmja No Chow: 136.
    ("buried treasure spoilt by a kong", "{1111m} 555m 777m EEE 99m", SW + claimed("9m"),
     (True, 72, 3, 0, 500), (True, 68, 1, 0, 136)),
    # Heads and Tails (Winner Rules).
    ("heads and tails", "[111m] 999p 111s 999s 11p", claimed("1p"), (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Fourfold Plenty (Winner Rules).
    ("fourfold plenty", "[2222m] {3333p} [4444s] {5555s} 66m", claimed("6m"),
     (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Three Great Scholars (Winner Rules); bmja requires no chow: [RRR] 4 + [GGG] 4 + PPP 8 + 20 + wall 2 = 38,
    # dragons 3 doubles: 304.
    ("three great scholars", "[RRR] [GGG] PPP 123m 55p", SW + drawn("3m"), (True, 0, 0, 1, 500), (True, 38, 3, 0, 304)),
    # Four Blessings Hovering over the Door (Winner Rules).
    ("four blessings", "[EEE] [SSS] [WWW] NNN 55p", claimed("5p"), (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Imperial Jade (Winner Rules): G, 2s, 3s, 4s, 6s: five of the six green kinds.
    ("imperial jade", "[GGG] 222s 333s 444s 66s", drawn("6s"), (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Gathering the Plum Blossom from the Roof (Winner Rules).
    ("plum blossom", "{1111m} 234m 55p 777s 999s", ("--win", "5p", "--from", "loose"),
     (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Plucking the Moon from the Bottom of the Sea (Winner Rules).
    ("moon", "123m 444s 777s 11p EEE", drawn("1p") + ("--also", "last-wall-tile"),
     (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # Scratching a Carrying Pole (Winner Rules).
    ("carrying pole", "123s 444m 777p 99m EEE", ("--win", "2s", "--from", "kong"),
     (True, 0, 0, 1, 500), (True, 0, 0, 1, 1000)),
    # BMJA Loser Rules, 13-tile hands. dmjl has no loser rules: Meld and Hand Rules only.
    # Calling for Wriggling Snake: 1s completes it (drawn). dmjl: 0 points.
    ("calling wriggling snake", "123456789s ESWN", (), (False, 0, 0, 0, 0), (False, 0, 0, 0.4, 400)),
    # Calling for Imperial Jade: 6s. dmjl [GGG] 4 + 222s 4 + 333s 4 + 444s 4 = 16, dragons 1 + Three
    # Concealed Pongs 1: 64.
    ("calling imperial jade", "[GGG] 222s 333s 444s 6s", (), (False, 16, 2, 0, 64), (False, 0, 0, 0.4, 400)),
    # Calling for The 13 Unique Wonders (13-sided).
    ("calling thirteen", "19m 19p 19s ESWN RGP", (), (False, 0, 0, 0, 0), (False, 0, 0, 0.4, 400)),
    # Calling for Three Great Scholars: P. dmjl [RRR] 4 + [GGG] 4 + 555m 4 + PP 2 = 14, dragons 2 + Little
    # Three Dragons 1 = 3: 112.
    ("calling scholars", "[RRR] [GGG] PP 555m 77m", SW, (False, 14, 3, 0, 112), (False, 0, 0, 0.4, 400)),
    # Calling for Heads and Tails: 1p. dmjl [111m] 4 + 999p 8 + 111s 8 + 999s 8 = 28, Three Concealed
    # Pongs: 56.
    ("calling heads and tails", "[111m] 999p 111s 999s 1p", (), (False, 28, 1, 0, 56), (False, 0, 0, 0.4, 400)),
    # Calling for Fourfold Plenty: 6m. Points 8 + 16 + 8 + 16 = 48, beaten by 400 in bmja.
    ("calling fourfold plenty", "[2222m] {3333p} [4444s] {5555s} 6m", (), (False, 48, 0, 0, 48),
     (False, 0, 0, 0.4, 400)),
    # Calling for Buried Treasure: 5m or 7m; dmjl 111m 8 + 222m 4 + 333m 4 = 16, Three Concealed Pongs: 32.
    ("calling buried treasure", "111m 222m 333m 55m 77m", (), (False, 16, 1, 0, 32), (False, 0, 0, 0.4, 400)),
    # Calling for Purity (3 doubles): with [111m] exposed the completion is no limit hand but Purity.
    # [111m] 4 + 222m 4 + 333m 4 = 12; bmja 12 x 8 = 96.
    ("calling purity", "[111m] 222m 333m 55m 77m", (), (False, 12, 0, 0, 12), (False, 12, 3, 0, 96)),
    # Calling for Triple Knitting / Knitting / All pair honors: 0.2 x 1000 = 200.
    ("calling triple knitting", "1234m 1234p 1234s 5m", (), (False, 0, 0, 0, 0), (False, 0, 0, 0.2, 200)),
    ("calling knitting", "1234567m 123456p", (), (False, 0, 0, 0, 0), (False, 0, 0, 0.2, 200)),
    # All pair honors: the hand's own pairs SS 2 + RR 2 = 4 < 200.
    ("calling all pair honors", "11m 99m 11p EE SS RR G", SW, (False, 4, 0, 0, 4), (False, 0, 0, 0.2, 200)),
    # Calling for Gates of Heaven with a declared group: not calling (Gates of Heaven: no declared group).
    # [111p] 4 + 999p 8 = 12 both.
    ("not calling gates", "[111p] 2345678999p", (), (False, 12, 0, 0, 12), (False, 12, 0, 0, 12)),
]


@pytest.mark.parametrize("name, hand, args, dmjl, bmja", CASES, ids=[c[0] for c in CASES])
def test_rule(name, hand, args, dmjl, bmja):
    assert cli(hand, "dmjl", *args) == dmjl
    assert cli(hand, "bmja", *args) == bmja


# --- options (Kajongg's Options) ------------------------------------------------------------------------------------

def test_options():
    row3 = ("{1111s} [999s] 222s 33s 444s", *drawn("3s"))
    # roof off (Kajongg option "Play with the roof off"): 68 x 2^5 = 2176, no cap.
    assert cli(*row3[:1], "dmjl", *row3[1:], "--option", "roof_off=true") == (True, 68, 5, 0, 2176)
    # limit 1000: 2176 capped at 1000; a full limit hand pays the new limit.
    assert cli(*row3[:1], "dmjl", *row3[1:], "--option", "limit=1000") == (True, 68, 5, 0, 1000)
    assert cli("[EEE] [SSS] [WWW] NNN 55p", "dmjl", *claimed("5p"), "--option", "limit=1000") == \
        (True, 0, 0, 1, 1000)
    # max_chows=4 in bmja: Kajongg result 3 becomes mah jong: EEE 8 + 20 + wall 2 = 30, round wind 1 double: 60.
    assert cli("[123m] 456p 789s EEE NN", "bmja", "--seat", "S", *drawn("N"), "--option", "max_chows=4") == \
        (True, 30, 1, 0, 60)
    # max_chows=1 in dmjl: three chows are then no Standard Mah Jongg: a long hand.
    assert cli("[123m] 456p 789s EEE NN", "dmjl", "--seat", "S", *drawn("N"), "--option", "max_chows=1") == LONG
    # flowers=false: Kajongg result 1 without 3f: dmjl 52 - 4 = 48 x 2 = 96; bmja 46 - 4 = 42, no Own Flower: 84.
    row1 = ("--seat", "W", *drawn("W"), "--option", "flowers=false")
    assert cli("[555p] 123s 999m RRR WW 3f", "dmjl", *row1) == (True, 48, 1, 0, 96)
    assert cli("[555p] 123s 999m RRR WW 3f", "bmja", *row1) == (True, 42, 1, 0, 84)


# --- situations and edge cases --------------------------------------------------------------------------

def test_ignored_words():
    # situation words: heaven with seat S and earth with seat E do not apply: the library ignores them (the tables'
    # conditions name the seat), and the command line, where they can only be a slip, refuses them with
    # what to type instead; late-call is accepted and ignored.
    base = ("[222m] 444p 456s 777s 55p", *SW, *drawn("6s"))
    assert cli(base[0], "dmjl", *base[1:], "--also", "late-call") == (True, 32, 0, 0, 32)
    s = score("[222m] 444p 456s 777s 55p", "dmjl", seat="S", round="W", win="6s", source="wall", also=["heaven"])
    assert (s.mahjong, s.points, s.doubles, s.value) == (True, 32, 0, 32)
    s = score("[222m] 444p 456s 777s 55p", "dmjl", win="6s", also=["earth"])
    assert (s.mahjong, s.points, s.doubles, s.value) == (True, 30, 0, 30)
    assert run("score", *base, "-v", "dmjl", "--also", "heaven") == (2, "", (
        "mjscore: error: --also heaven is East's win on the dealt tiles; --seat S cannot have it "
        "(leave out --also heaven)\n"))
    assert run("score", base[0], "-v", "dmjl", *claimed("6s"), "--also", "earth") == (2, "", (
        "mjscore: error: --also earth is another player's win on East's first discard; --seat E is East "
        "(give the winner's seat, e.g. --seat S)\n"))


def test_heaven_has_no_winning_tile():
    d = score_json("123m 444p 777s EEE NN", "--variant", "bmja", "--also", "heaven", "--win", "N", "--from", "wall")
    assert d["win"] is None and d["limit_hand"] == "Blessing of Heaven" and d["value"] == 1000


def test_only_possible_tile_claimed_into_declared_group():
    # 5p claimed into [555p]: for Only Possible Tile (DMJL Winner Rules) the group goes back to concealed
    # tiles, so the 13 tiles are 55p WW ...: they wait on 5p or W, two tiles. [555p] 2 + 999m 8 + RRR 8 + WW own wind 2
    # + 20 = 40; RRR 1 double: 80.
    d = score_json("[555p] 123s 999m RRR WW", "--variant", "dmjl", "--seat", "W", *claimed("5p"))
    assert (d["points"], d["doubles"], d["value"]) == (40, 1, 80)
    assert "Last Tile is Only Possible Tile" not in {i["rule"] for i in d["items"]}


def test_original_call_counts_the_claimed_pair():
    # Original Call (Winner Rules): at most two exposed groups, counting the group of a claimed tile.
    # Claimed: [222m] [444p] 55p = 3, no double: [222m] 2 + [444p] 2 + 777s 4 + 20 = 28; dmjl + Completes
    # Pair of 2..8 2 + Only Possible 2 = 32. Drawn: two exposed groups: + wall 2, 1 double: dmjl 34 x 2 = 68,
    # bmja 30 x 2 = 60.
    hand, call = "[222m] [444p] 456s 777s 55p", ("--also", "original-call")
    assert cli(hand, "dmjl", *SW, *claimed("5p"), *call) == (True, 32, 0, 0, 32)
    assert cli(hand, "bmja", *SW, *claimed("5p"), *call) == (True, 28, 0, 0, 28)
    assert cli(hand, "dmjl", *SW, *drawn("5p"), *call) == (True, 34, 1, 0, 68)
    assert cli(hand, "bmja", *SW, *drawn("5p"), *call) == (True, 30, 1, 0, 60)


def test_no_win_given_tries_every_tile():
    # without --win the best winning tile is taken: N completes the pair (4 + Only Possible 2).
    d = score_json("[123m] 456p 789s EEE NN", "--variant", "dmjl", "--seat", "S", "--from", "wall")
    assert (d["win"], d["points"], d["doubles"], d["value"]) == ("N", 36, 1, 72)


def test_kong_is_never_a_completed_group():
    # 4 alike undeclared are a pung plus one (a claimed tile's group is exposed): 2222m concealed is 222m + 2m in 234m.
    d = score_json("2222m 34m 555p 777s 99s", "--variant", "dmjl", *SW, *drawn("9s"))
    assert "Concealed Kong" not in {i["rule"] for i in d["items"]}


def test_limit_hand_reports_only_its_rule():
    d = score_json("[EEE] [SSS] RRR NNN PP", "--variant", "dmjl", *SW, *drawn("P"))
    assert [i["rule"] for i in d["items"]] == ["Only Honors"]
    assert (d["limit_hand"], d["points"], d["doubles"], d["limit_fraction"], d["value"]) == \
        ("Only Honors", 0, 0, 1, 500)


def test_calling_item_kept_but_not_counted_when_points_win():
    # Kajongg result 7, bmja: 76 x 8 = 608 beats 0.4 x 1000 = 400, so the limit is dropped (the larger counts).
    d = score_json("[EEE] {GGGG} {SSSS} NNN P", "--variant", "bmja", "--seat", "N")
    assert d["limit_hand"] is None and d["limit_fraction"] == 0 and d["value"] == 608


def test_variants_listed():
    code, out, err = run("variants", "--format", "json")
    assert {"dmjl", "bmja"} <= {v["variant"] for v in json.loads(out)}
    code, out, err = run("variants", "bmja")
    assert code == 0 and "Calling for Purity" in out and "Three Concealed Pongs" not in out


# --- inheritance (docs/tables.md) -------------------------------------------------------------------------

CLUB = """
variant: club
extends: dmjl
title: A club's DMJL
source: house rules
limit: 1000
options:
  draw: null
  flowers: {type: bool, default: false, help: we play without scoring bonus tiles}
settlement:
  draw: none    # dmjl's draw switch follows its option draw, removed here: the club says how its draws pay
tables:
  - table: "Winner Rules"
    rules:
      - {rule: Last Tile is Only Possible Tile, remove: true}
      - rule: Won on a Wall Tile
        in_place_of: Won with Last Tile Taken from Wall
        when: {self_drawn: true}
        points: 10
      - rule: Seven Pairs Bonus
        when: {groups: {set: pair, min: 7}}
        points: 1
  - table: "Hand Rules"
    remove: true
"""


def test_club_extends_packaged_variant(tmp_path):
    (tmp_path / "club.yaml").write_text(CLUB)
    from mjscore.rules.tables import load_variant

    v = load_variant("club", tmp_path)
    names = [r.name for r in v.rules]
    assert "Won on a Wall Tile" in names and "Won with Last Tile Taken from Wall" not in names
    assert names.index("Won on a Wall Tile") < names.index("Last Tile Completes Pair of 2..8")  # in place
    assert names[-1] == "Scratching a Carrying Pole" and "Seven Pairs Bonus" in names
    assert "Last Tile is Only Possible Tile" not in names and "Three Concealed Pongs" not in names
    assert "draw" not in v.options and v.options["flowers"].default is False and v.limit == 1000
    # Kajongg result 1 under the club: 52 - flower 4 - only possible 2 - wall 2 + 10 = 54, 1 double: 108.
    s = score("[555p] 123s 999m RRR WW 3f", "club", seat="W", win="W", source="wall", tables=tmp_path)
    assert (s.points, s.doubles, s.value) == (54, 1, 108)


@pytest.mark.parametrize("text, message", [
    ("variant: a\nextends: b\ntitle: t\nsource: s\n", "circular inheritance"),
    ("variant: a\nextends: nothing\ntitle: t\nsource: s\n", "no variant 'nothing'"),
    ("variant: a\nextends: dmjl\ntitle: t\nsource: s\ntables:\n  - table: \"Hand Rules\"\n"
     "    rules:\n      - {rule: Nope, remove: true}\n", "does not inherit"),
    ("variant: a\nextends: dmjl\ntitle: t\nsource: s\ntables:\n  - table: \"Hand Rules\"\n"
     "    rules:\n      - {rule: X, in_place_of: Nope, points: 1}\n", "in_place_of names a rule 'Nope'"),
    ("variant: a\nextends: dmjl\ntitle: t\nsource: s\ntables:\n  - {table: Nope, remove: true}\n",
     "names a table the parent does not have"),
    ("variant: a\nextends: dmjl\ntitle: t\nsource: s\noptions: {nope: null}\n", "the parent has no 'nope'"),
    ("variant: a\nextends: dmjl\ntitle: t\nsource: s\ntables:\n  - table: T\n    rules:\n"
     "      - {rule: X, when: {calling: Nope}, limit: 0.4}\n", "'Nope' is not a rule of this table"),
    ("variant: a\nextends: dmjl\ntitle: t\nsource: s\ntables:\n  - table: T\n    rules:\n"
     "      - {rule: X, when: {groups: {set: chow, max: {option: flowers}}}, points: 1}\n", "max_chows"),
    ("variant: a\nextends: dmjl\ntitle: t\nsource: s\ntables:\n  - table: T\n    rules:\n"
     "      - {rule: X, when: {gates_surplus: 9}, limit: 1}\n", "expects win, win_1_to_9 or numbers 2-8"),
    ("variant: a\nextends: dmjl\ntitle: t\nsource: s\ntables:\n  - table: T\n    rules:\n"
     "      - {rule: X, when: {kinds: {most: 5}}, limit: 1}\n", "expects a whole number or a mapping"),
])
def test_inheritance_errors(tmp_path, text, message):
    (tmp_path / "a.yaml").write_text(text)
    (tmp_path / "b.yaml").write_text("variant: b\nextends: a\ntitle: t\nsource: s\n")
    code, out, err = run("score", "123m 456p 789s EEE NN", "--variant", "a", "--tables", str(tmp_path))
    assert code == 2 and message in err, err
    assert err.startswith(f"mjscore: error: {tmp_path / 'a.yaml'}") or "circular" in err


def test_waits_lists_only_winning_completions():
    # bmja: 1p or 9p make 1111/9999 shapes that are standard with three chows: not mah jong (Mah Jongg Rules).
    code, out, err = run("waits", "1112345678999p", "--variant", "bmja", "--format", "json")
    assert code == 0
    assert [r["tile"] for r in json.loads(out)["waits"]] == ["2p", "3p", "4p", "5p", "6p", "7p", "8p"]


def test_robbing_a_kong_needs_the_fourth_copy():
    # Robbing the Kong (Kajongg): the robbed pung holds three copies, the winning tile is the fourth; a hand holding
    # another 5p cannot have robbed one: a one-line error, exit 2
    code, out, err = run("score", "123m 456m 789m 567p 55p", "--from", "kong", "--win", "5p", "--variant", "dmjl")
    assert code == 2 and "a robbed 5p is the fourth copy" in err


def test_heaven_needs_a_concealed_hand():
    # Blessing of Heaven needs no exposed group (Winner Rules): with [EEE] exposed the hand is scored normally.
    # dmjl, seat E round E, won on 5p from a discard: [EEE] exposed pung of honours 4 + 20 (Standard Mah Jongg)
    # + completed pair of simples 2 + only possible tile 2 (456m 789m 5p 567s waits on 5p alone) = 28;
    # own wind 1 + round wind 1 = 2 doubles: 28 x 4 = 112
    data = score_json("[EEE] 456m 789m 55p 567s", "--also", "heaven", "--win", "5p", "--variant", "dmjl")
    assert data["limit_hand"] is None and data["value"] == 28 * 4
