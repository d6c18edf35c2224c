"""Review of the classical variants (dmjl, bmja) against KDE Kajongg's rulesets "Classical Chinese DMJL"
and "Classical Chinese BMJA" (comments name their rule lists: Meld, Hand, Mah Jongg, Winner, Loser Rules).

Each hand was worked out by hand from those rulesets, independently of the program; the comment
beside it shows the arithmetic. Expected tuples are (mahjong, points, doubles, limit_fraction,
value) read from the CLI's JSON, dmjl first, then bmja.
"""

import pytest

from helpers import run, score_json

LONG = (False, 0, 0, 0, 0)  # Kajongg's Long Hand: a long hand (or BMJA 2+ chows with 14 tiles) reports all 0
SW = ("--seat", "S", "--round", "W")  # E and N are neither own nor round wind


def cli(hand, variant, *args):
    d = score_json(hand, "--variant", variant, *args)
    return d["mahjong"], d["points"], d["doubles"], d["limit_fraction"], d["value"]


def drawn(tile):
    return ("--win", tile, "--from", "wall")


def claimed(tile):
    return ("--win", tile, "--from", "discard")


def lim(limit, fraction=1):
    return True, 0, 0, fraction, round(fraction * limit)


D500, B1000 = lim(500), lim(1000)

CASES = [
    # --- --win omitted: every tile is tried ---
    # Drawn. 9p: 111m 8 + 555p 4 + 777s 4 + 20 + wall 2 + dmjl Completes Pair of Terminals 4 + Only
    # Possible 2 (9p is the single wait) = 44; Three Concealed Pongs + Only Concealed Melds: 176 (3s gives
    # only 40 x 4). bmja: 38, Only Concealed Melds: 76.
    ("no win, drawn", "111m 555p 777s 234s 99p", SW + ("--from", "wall"),
     (True, 44, 2, 0, 176), (True, 38, 1, 0, 76)),
    # Claimed. dmjl best is E on the pair: 8 + 4 + 4 + 20 + pair of honours 4 + only 2 = 42, Three
    # Concealed Pongs (the claimed pair is not a pung): 84. bmja: E or 3s: 8 + 4 + 4 + 20 = 36.
    ("no win, claimed", "111m 555p 777s 234s EE", SW, (True, 42, 1, 0, 84), (True, 36, 0, 0, 36)),
    # --- bonus tiles (Meld Rules, Hand Rules) ---
    # Own flower alone: [222m] 2 + 444p 4 + 777s 4 + 20 + wall 2 + 1f 4 = 36 (45s waits 3s/6s).
    # dmjl: no double (needs own flower AND own season); bmja Own Flower 1: 72.
    ("own flower alone", "[222m] 444p 456s 777s 55p 1f", drawn("6s"), (True, 36, 0, 0, 36), (True, 36, 1, 0, 72)),
    # Seat N: 32 + 4f 4y 1f 12 = 44. dmjl Own Flower and Own Season 1: 88; bmja 1 + 1: 176.
    ("own flower and season seat N", "[222m] 444p 456s 777s 55p 4f 4y 1f", ("--seat", "N") + drawn("6s"),
     (True, 44, 1, 0, 88), (True, 44, 2, 0, 176)),
    # All eight, seat W: 32 + 32 = 64. dmjl All F 1 + All S 1 + own pair 1 = 3: 512 capped 500.
    # bmja 2 + 2 + Own Flower 1 + Own Season 1 = 6: 4096 capped 1000. Capped: fraction 0.
    ("all flowers and seasons", "[222m] 444p 456s 777s 55p 1234f 1234y", ("--seat", "W") + drawn("6s"),
     (True, 64, 3, 0, 500), (True, 64, 6, 0, 1000)),
    # --- dragons and winds (Hand Rules) ---
    # {RRRR} 32 + [GGG] 4 + PP 2 + 555p 4 + 20 + wall 2 = 64; dmjl + Only Possible (12m) 2 = 66,
    # dragons 2 + Little Three Dragons 1: 528 capped 500. bmja 64 x 4 = 256.
    ("little three dragons with kong", "{RRRR} [GGG] PP 123m 555p", SW + drawn("3m"),
     (True, 66, 3, 0, 500), (True, 64, 2, 0, 256)),
    # Two suits: 32 + 4 + 2 + 20 + 2 + 2 = 62 x 8 = 496 (just under the cap). bmja: two chows.
    ("little three dragons 496", "{RRRR} [GGG] PP 123m 456p", SW + drawn("3m"), (True, 62, 3, 0, 496), LONG),
    # 13 tiles, a lone fourth R: no Little Three Dragons. [RRR] 4 + [GGG] 4 + PP 2 = 10, dragons 2: 40.
    ("little three dragons spoilt by a lone dragon", "[RRR] [GGG] PP R 123m 4p", SW,
     (False, 10, 2, 0, 40), (False, 10, 2, 0, 40)),
    # Seat N round W: [EEE] 4 + [SSS] 4 + WWW 8 + NN own 2 + 20 + wall 2 = 40; dmjl + Only Possible 2
    # = 42, round wind 1 + Little Four Joys 1 + False Color Game 1: 336. bmja 40 x 2 = 80.
    ("little four joys", "[EEE] [SSS] WWW NN 123p", ("--seat", "N", "--round", "W") + drawn("3p"),
     (True, 42, 3, 0, 336), (True, 40, 1, 0, 80)),
    # 13 tiles, seat S round E: 3 x 16 + NNN 8 = 56, own 1 + round 1 + dmjl Big Four Joys 2: 896 capped 500.
    # bmja 56 x 4 = 224 < Calling for Four Blessings 400.
    ("big four joys kongs 13 tiles", "[EEEE] [SSSS] [WWWW] NNN 5p", ("--seat", "S", "--round", "E"),
     (False, 56, 4, 0, 500), (False, 0, 0, 0.4, 400)),
    # 12 tiles (no calling rules): 3 x 4 = 12, own 1 + round 1; dmjl + Little Four Joys 1: 96; bmja 48.
    ("twelve tiles, little four joys", "[EEE] [SSS] [WWW] NN 5p", ("--seat", "S", "--round", "E"),
     (False, 12, 3, 0, 96), (False, 12, 2, 0, 48)),
    # --- Zero Point Hand (DMJL Winner Rules) ---
    # RR scores 2: no Zero Point. 20 + wall 2 + RR 2 + pair of honours 4 + only 2 = 30, OCM: 60.
    ("zero point spoilt by dragon pair", "123m 456m 789p 234s RR", SW + drawn("R"), (True, 30, 1, 0, 60), LONG),
    # NN scores nothing: 20 + 2 + 4 + 2 = 28, Zero Point + OCM: 112.
    ("zero point with a wind pair", "123m 456m 789p 234s NN", SW + drawn("N"), (True, 28, 2, 0, 112), LONG),
    # SS own wind 2: 20 + 2 + 2 + 4 + 2 = 30, OCM: 60.
    ("zero point spoilt by own wind pair", "123m 456m 789p 234s SS", SW + drawn("S"), (True, 30, 1, 0, 60), LONG),
    # --- arrangement choice ---
    # 111 222 333m as pungs: 8 + 4 + 4 + 20 + wall 2 = 38; dmjl + pair 2..8 2 + only 2 = 42, 3CP + OCM:
    # 168 (as chows: 26 x 4 = 104). bmja: one chow only as pungs: 38 x 2 = 76.
    ("pungs beat chows", "111m 222m 333m 456p 77s", SW + drawn("7s"), (True, 42, 2, 0, 168), (True, 38, 1, 0, 76)),
    # Claimed 5p into the chow 456p keeps 555p concealed: 111m 8 + 555p 4 + EEE 8 + 20 = 40 (9s also
    # wins); dmjl 3CP: 80. bmja 40.
    ("claimed tile completes the chow", "111m 456p 555p EEE 99s", SW + claimed("5p"),
     (True, 40, 1, 0, 80), (True, 40, 0, 0, 40)),
    # --- Nine Gates / Squirming Snake / Gates of Heaven (Mah Jongg Rules) ---
    # Surplus 3, claimed 6p (11 123 345 678 999): dmjl not Nine Gates (surplus != 6), not Snake (3):
    # 999p 8 + 20 = 28 (without 6p the hand also wins on 9p: 11 123 345 789 999, so not the only tile);
    # True Color 3: 224. bmja: Gates of Heaven, any winning tile.
    ("nine gates near miss", "11123345678999p", claimed("6p"), (True, 28, 3, 0, 224), B1000),
    # Four 1s: neither Nine Gates nor Snake nor Gates. 111 123 456 789 99: the claimed 1p completes 123p
    # (keeping 111p concealed 8): 8 + 20 = 28 (a nine-sided wait), True Color 3: 224. bmja: three chows.
    ("four ones is no gates", "11112345678999p", claimed("1p"), (True, 28, 3, 0, 224), LONG),
    ("nine gates surplus 3", "11123345678999p", claimed("3p"), D500, B1000),
    # Surplus 5 won on 2p: not Nine Gates but Squirming Snake.
    ("squirming snake surplus 5", "11123455678999p", claimed("2p"), D500, B1000),
    # Exposed group allowed for the Snake; bmja: declared group, two chows: long.
    ("squirming snake exposed", "[999p] 111p 22p 345p 678p", claimed("2p"), D500, LONG),
    # --- Imperial Jade (Winner Rules) ---
    ("imperial jade two chows", "234s 234s 666s GGG 33s", claimed("6s"), D500, LONG),
    ("imperial jade one chow", "222s 234s 33s 666s GGG", claimed("6s"), D500, B1000),
    # Six green kinds: 666s 4 + [888s] claimed 2 + GGG 8 + 20 = 34 (33s 88s two waits); dragons 1 + dmjl
    # False Color 1: 136. bmja 68.
    ("six green kinds is not jade", "234s 666s 888s GGG 33s", SW + claimed("8s"),
     (True, 34, 2, 0, 136), (True, 34, 1, 0, 68)),
    # --- loose tile, last tile (Winner Rules) ---
    # 5p from the wall: no Plum Blossom. {1111m} 32 + 777s 4 + 999s 8 + 20 + wall 2 = 66; dmjl + pair
    # 2..8 2 + only 2 = 70, 3CP + OCM: 280. bmja 66 x 2 = 132.
    ("plum blossom near miss", "{1111m} 234m 55p 777s 999s", SW + drawn("5p"),
     (True, 70, 2, 0, 280), (True, 66, 1, 0, 132)),
    # Loose 4m: 23m would also wait on 1m, but all four 1m are in the kong: only 4m. 66 + 2 = 68; dead
    # wall 1 + 3CP 1 + OCM 1: 544 capped 500. bmja 132.
    ("only tile, other wait held four", "{1111m} 234m 55p 777s 999s", SW + ("--win", "4m", "--from", "loose"),
     (True, 68, 3, 0, 500), (True, 66, 1, 0, 132)),
    ("plum blossom", "{1111m} 234m 55p 777s 999s", SW + ("--win", "5p", "--from", "loose"), D500, B1000),
    # 1p claimed as the last discard: no Moon. 444s 4 + 777s 4 + EEE 8 + 20 = 36; dmjl + pair of
    # terminals 4 + only 2 = 42; last discard 1 + 3CP 1: 168. bmja 36 x 2 = 72.
    ("moon near miss", "123m 444s 777s 11p EEE", SW + claimed("1p") + ("--also", "last-discard"),
     (True, 42, 2, 0, 168), (True, 36, 1, 0, 72)),
    ("moon", "123m 444s 777s 11p EEE", SW + drawn("1p") + ("--also", "last-wall-tile"), D500, B1000),
    # Drawn 5p, last wall tile: 2 + 4 + 4 + 20 + wall 2 = 32; dmjl + pair 2..8 2 (3p 5p 6p wait) = 34; x 2.
    ("last wall tile on a pair", "[222m] 444p 456s 777s 55p", SW + drawn("5p") + ("--also", "last-wall-tile"),
     (True, 34, 1, 0, 68), (True, 32, 1, 0, 64)),
    # --- robbing the kong (Winner Rules) ---
    ("carrying pole exposed", "[EEE] [444m] 123s 777p 99m", ("--win", "2s", "--from", "kong"), D500, B1000),
    ("thirteen orphans robbing", "119m 19p 19s ESWN RGP", ("--win", "9m", "--from", "kong"), D500, B1000),
    # 3s robbed into 24s: 111m 8 + 555p 4 + EEE 8 + 20 = 40; dmjl + only 2 = 42; robbing 1 + 3CP 1: 168.
    # bmja 40 x 2 = 80.
    ("robbing the kong", "111m 555p 234s EEE 99p", SW + ("--win", "3s", "--from", "kong"),
     (True, 42, 2, 0, 168), (True, 40, 1, 0, 80)),
    # --- Three Concealed Pongs (DMJL Hand Rules) ---
    # {5555p} 16 + 111m 8 + 777s 4 + 20 = 48; dmjl + pair of terminals 4 + only 2 = 54, 3CP (the claimed
    # pair is no pung): 108. bmja 48.
    ("three concealed pongs with kong, claimed pair", "{5555p} 111m 777s 234s 99p", SW + claimed("9p"),
     (True, 54, 1, 0, 108), (True, 48, 0, 0, 48)),
    # --- treasures, terminals and honours (Winner Rules) ---
    # [111m] 4 + 999m 8 + EEE 8 + NNN 8 + RR 2 + 20 = 50; dmjl + pair of honours 4 + only 2 = 56, No Chow
    # + False Color + Only T&H + 3CP: 896 capped 500. bmja No Chow + Only T&H: 200.
    ("terminals and honours capped", "[111m] 999m EEE NNN RR", SW + claimed("R"),
     (True, 56, 4, 0, 500), (True, 50, 2, 0, 200)),
    ("hidden and buried treasure", "111m 999m EEE NNN RR", SW + drawn("R"), D500, B1000),
    # Claimed pair: dmjl 8 + 8 + 8 + 8 + 2 + 20 + 4 + 2 = 60, 4 doubles: 960 capped. bmja Buried Treasure.
    ("buried treasure claimed pair", "111m 999m EEE NNN RR", SW + claimed("R"), (True, 60, 4, 0, 500), B1000),
    # Claimed E into a pung spoils Buried Treasure: 8 + 8 + 4 + 8 + 2 + 20 = 50 (EE RR two waits);
    # dmjl 4 doubles capped; bmja No Chow + Only T&H: 200.
    ("claimed pung spoils buried treasure", "111m 999m EEE NNN RR", SW + claimed("E"),
     (True, 50, 4, 0, 500), (True, 50, 2, 0, 200)),
    # {1111m} 32 + 555p 4 + 777s 4 + EEE 8 + 20 + wall 2 = 70; dmjl Hidden Treasure; bmja two suits:
    # No Chow + OCM: 280.
    ("hidden treasure with kong", "{1111m} 555p 777s EEE 99p", SW + drawn("9p"), D500, (True, 70, 2, 0, 280)),
    ("three great scholars with kong", "{RRRR} [GGG] PPP 555m 99p", SW + drawn("9p"), D500, B1000),
    # --- winds (Meld Rules) ---
    # Seat S round S, SS own + round 4: 555p 4 + 777s 4 + 999s 8 + 4 + 20 = 40; dmjl + pair of honours 4
    # + only 2 = 46, 3CP: 92. bmja 40.
    ("own = round wind pair claimed", "123m 555p 777s 999s SS", ("--seat", "S", "--round", "S") + claimed("S"),
     (True, 46, 1, 0, 92), (True, 40, 0, 0, 40)),
    # [SSS] claimed exposed 4, own 1 + round 1: 4 + 4 + 4 + 20 = 32 (SS 99s two waits), x 4 = 128.
    ("own = round wind pung claimed", "123m 555p 777s SSS 99s", ("--seat", "S", "--round", "S") + claimed("S"),
     (True, 32, 2, 0, 128), (True, 32, 2, 0, 128)),
    # [RRRR] 16 + 20 + pair of terminals 4 = 40 (1p 4p 7p all win); dragons 1 + False Color 1: 160.
    ("exposed dragon kong, one suit", "[RRRR] 123p 456p 789p 11p", SW + claimed("1p"), (True, 40, 2, 0, 160), LONG),
    # --- limit situations (Winner Rules) ---
    ("heaven with concealed kong", "{EEEE} 123m 444p 777s NN", ("--also", "heaven"), D500, B1000),
    ("earth seat W", "123m 444p 777s EEE NN", ("--seat", "W", "--also", "earth", "--win", "2m"), D500, B1000),
    ("concealed true color via loose", "{2222s} 345s 678s 999s 11s", ("--win", "1s", "--from", "loose"), D500, LONG),
    # Original call, the claimed pair is the second exposed group: 2 + 4 + 4 + 20 = 30; dmjl + pair 2..8 2
    # (3p 5p 6p wait) = 32, x 2 = 64. bmja 60.
    ("original call, claimed pair second", "[222m] 444p 456s 777s 55p", SW + claimed("5p") + ("--also", "original-call"),
     (True, 32, 1, 0, 64), (True, 30, 1, 0, 60)),
    # --- max_chows (Kajongg option "number of allowed chows") ---
    # [123m] 0 + EEE 8 (round) + 999s 8 + NN 0 + 20 + wall 2 = 38; dmjl + pair of honours 4 + only 2 = 44.
    ("two chows, bmja long", "[123m] 456p EEE 999s NN", ("--seat", "S", "--round", "E") + drawn("N"),
     (True, 44, 1, 0, 88), LONG),
    ("two chows, max_chows=2", "[123m] 456p EEE 999s NN",
     ("--seat", "S", "--round", "E", "--option", "max_chows=2") + drawn("N"),
     (True, 44, 1, 0, 88), (True, 38, 1, 0, 76)),
    # --- special patterns (BMJA Mah Jongg Rules) and the half limit (counts if >= points) ---
    # Knitting claimed with all eight bonus tiles, seat E: 32 points; All F 2 + All S 2 + Own F 1 + Own S
    # 1 + No Chow 1 = 7: 4096 >= 500, so not the half limit; capped 1000 (fraction 0).
    ("knitting outscored", "1234567m 1234567p 1234f 1234y", claimed("5p"), LONG, (True, 32, 7, 0, 1000)),
    ("knitting outscored roof off", "1234567m 1234567p 1234f 1234y", claimed("5p") + ("--option", "roof_off=true"),
     LONG, (True, 32, 7, 0, 4096)),
    # Triple Knitting drawn with all eight: 2 + 32 = 34; 2 + 2 + 1 + 1 + No Chow + OCM = 8: 8704, capped.
    ("triple knitting outscored", "1234m 1234p 1234s 5m 5p 1234f 1234y", drawn("5p"),
     LONG, (True, 34, 8, 0, 1000)),
    # Claimed: the knitted pair is exposed, 0 points: the half limit.
    ("triple knitting claimed", "1234m 1234p 1234s 5m 5p", claimed("5m"), LONG, lim(1000, 0.5)),
    # Repeated couples, drawn: 2 x 4 = 8 < 500.
    ("knitting repeated couples", "1133557m 1133557p", drawn("7p"), LONG, lim(1000, 0.5)),
    # Claimed: SS 2 + RR 2 + GG 2 = 6, No Chow + Only T&H: 24 < 500.
    ("all pair honors claimed", "11m 99m 11p EE SS RR GG", SW + claimed("G"), LONG, lim(1000, 0.5)),
    # roof off does not change a limit hand: still 0.5 x 1000.
    ("all pair honors roof off", "11m 99m 11p EE SS RR GG", SW + drawn("G") + ("--option", "roof_off=true"),
     LONG, lim(1000, 0.5)),
    ("wriggling snake on a wind", "1123456789s ESWN", drawn("N"), LONG, B1000),
    # --- more --win omitted ---
    # Robbed, no --win: only a tile with no other copy may be robbed; 2s gives Carrying Pole.
    ("no win, robbing finds carrying pole", "111m 555p 234s EEE 99p", SW + ("--from", "kong"), D500, B1000),
    ("no win, last wall tile finds the moon", "123m 444s 777s 11p EEE", SW + ("--from", "wall", "--also",
                                                                           "last-wall-tile"), D500, B1000),
    # Loose, no --win. dmjl: 5p is Plum Blossom (500), but 3m or 4m (the only tile: 1m is held four times)
    # score 68 points and dead wall + 3CP + OCM 3 doubles = 544, capped 500: equal value, higher uncapped
    # value wins. bmja: Plum Blossom 1000 beats 66 x 2.
    ("no win, loose: uncapped breaks the tie", "{1111m} 234m 55p 777s 999s", SW + ("--from", "loose"),
     (True, 68, 3, 0, 500), B1000),
    ("no win, loose, roof off", "{1111m} 234m 55p 777s 999s", SW + ("--from", "loose", "--option", "roof_off=true"),
     (True, 68, 3, 0, 544), B1000),
    # --- more special hands ---
    # Seven honour pairs: bmja All pair honors (0.5) and Only Honors (1): the full limit. dmjl: no pattern.
    ("seven honour pairs", "EE SS WW NN RR GG PP", drawn("P"), LONG, B1000),
    # Knitting of terminals: Heads and Tails (1) beats Knitting (0.5).
    ("knitting of terminals", "1111999m 1111999p", claimed("9p"), LONG, B1000),
    # Zero Point Hand keeps its double with winner points: 20 + pair 2..8 2 = 22 (2s also wins: 22 345s).
    ("zero point claimed pair", "123m 456m 789p 234s 55s", SW + claimed("5s"), (True, 22, 1, 0, 44), LONG),
    # East won nine times is East's only: seat S scores the plain hand 2 + 4 + 4 + 20 + 2 = 32.
    ("nine in a row not east", "[222m] 444p 456s 777s 55p", SW + drawn("6s") + ("--also", "east-nine-in-a-row"),
     (True, 32, 0, 0, 32), (True, 32, 0, 0, 32)),
    ("hidden treasure via loose", "{1111m} 555p 777s EEE 99p", SW + ("--win", "9p", "--from", "loose"),
     D500, (True, 70, 2, 0, 280)),
    # Half-limit threshold is >=: seat E round E, EE 4 + RR 2 + GG 2 = 8, No Chow + Only T&H:
    # 8 x 4 = 32. With limit 64 the half limit is 32 >= 32: a limit hand of 32. With limit 62 (31 < 32):
    # the points, 32.
    ("half limit equality", "11m 99m 11p EE SS RR GG", claimed("G") + ("--option", "limit=64"),
     LONG, (True, 0, 0, 0.5, 32)),
    ("half limit just beaten", "11m 99m 11p EE SS RR GG", claimed("G") + ("--option", "limit=62"),
     LONG, (True, 8, 2, 0, 32)),
    # No seven-pairs pattern for green tiles: long in both (no Imperial Jade without a pattern).
    ("green seven pairs", "2222s 3333s 66s 88s GG", drawn("G"), LONG, LONG),
    # One suit and an honour pair: 111m 8 + 20 + pair of honours 4 + only 2 = 34, False Color 1: 68.
    ("false color, honour pair", "111m 123m 456m 789m EE", SW + claimed("E"), (True, 34, 1, 0, 68), LONG),
    # bmja with max_chows=4 has no Zero Point Hand: 20 + wall 2 = 22, OCM: 44.
    ("bmja four chows allowed", "123m 456m 789p 234s 55s", SW + drawn("3s") + ("--option", "max_chows=4"),
     (True, 24, 2, 0, 96), (True, 22, 1, 0, 44)),
    # Seat N round N: {NNNN} 32 (own 1 + round 1) + [WWW] 4 + 999s 8 + 20; the claimed 1s is best taken
    # into the pair: dmjl + pair of terminals 4 = 68 (4s also wins), + False Color 1: 544 capped 500.
    # bmja 64 x 4 = 256.
    ("own = round wind kong, claimed pair", "{NNNN} [WWW] 999s 11s 123s", ("--seat", "N", "--round", "N") + claimed("1s"),
     (True, 68, 3, 0, 500), (True, 64, 2, 0, 256)),
    # --- Last Tile is Only Possible Tile (DMJL Winner Rules) ---
    # Without 2m: 1111m 3m ... waits on 2m only (33m cannot pair with 1111m; 1m is held four times).
    # 111m 8 + [123m] claimed 0 + 20 + only 2 = 30.
    ("only tile through four alike", "1111m 23m 456p 789s EE", SW + claimed("2m"), (True, 30, 0, 0, 30), LONG),
    # 1233m waits on 3m only; the 3m is best taken into the pair: EEE 8 + 20 + pair 2..8 2 + only 2 = 32.
    ("only tile, pair or chow", "1233m 3m 456p 789s EEE", SW + claimed("3m"), (True, 32, 0, 0, 32), LONG),
    # 1112m waits on 2m and 3m; 2m completes the pair: 111m 8 + EEE 8 + 20 + pair 2..8 2 = 38.
    ("pair wait not the only tile", "11122m 456p 789s EEE", SW + claimed("2m"), (True, 38, 0, 0, 38), LONG),
    ("full limit roof off", "{EEEE} 123m 444p 777s NN", ("--also", "heaven", "--option", "roof_off=true"),
     D500, B1000),
    # --- non-winning hands (Meld, Hand and BMJA Loser Rules) ---
    # 222 333 444m as pungs 12; dmjl 3CP: 24. bmja 12 (not calling).
    ("13 tiles concealed pungs", "222m 333m 444m 55p 7s 9s", (), (False, 12, 1, 0, 24), (False, 12, 0, 0, 12)),
    # Four alike undeclared: a pung and a single. 222m 4 + 555p 4 + 777s 4 = 12.
    ("13 tiles four alike undeclared", "2222m 555p 777s 99s 1p", (), (False, 12, 1, 0, 24), (False, 12, 0, 0, 12)),
    # Seat E round E: [EEE] 4 + 1f 4 + 1y 4 = 12; own + round 2; dmjl + own pair 1: 96; bmja + 1 + 1: 192.
    ("13 tiles own wind and own bonus", "[EEE] 123m 55p 789s NN 1f 1y", (),
     (False, 12, 3, 0, 96), (False, 12, 4, 0, 192)),
    # [111m] 4 + [222m] 2 + 333m 4 = 10; bmja Calling for Purity (5m or 7m, exposed pungs: no Buried
    # Treasure): 80.
    ("calling for purity", "[111m] [222m] 333m 55m 77m", (), (False, 10, 0, 0, 10), (False, 10, 3, 0, 80)),
    # P completes three dragon pungs but with a chow: no BMJA Scholars, not calling. 4 + 4 + 2 = 10;
    # dragons 2, dmjl + Little Three Dragons 1.
    ("not calling scholars with a chow", "[RRR] [GGG] PP 123m 55p", SW, (False, 10, 3, 0, 80), (False, 10, 2, 0, 40)),
    ("calling wriggling snake, missing wind", "1123456789s ESW", (), (False, 0, 0, 0, 0), (False, 0, 0, 0.4, 400)),
    # Calling for Knitting 0.2 = 200, beaten by points: 32 x 2^6 = 2048, capped 1000. dmjl 32 x 8 = 256.
    ("calling knitting outscored", "1234567m 123456p 1234f 1234y", (),
     (False, 32, 3, 0, 256), (False, 32, 6, 0, 1000)),
    # Calling for The 13 Unique Wonders on one tile (P): 11m pair 0 points.
    ("calling thirteen, one tile", "119m 19p 19s ESWN RG", (), (False, 0, 0, 0, 0), (False, 0, 0, 0.4, 400)),
    # 13 tiles whose one completion (5m) is Buried Treasure (also pure, but a limit hand: no Purity
    # credit); bonus tiles make points win. bmja 111m 8 + 999m 8 + 222m 4 + 888m 4 + 32 = 56, All F 2 +
    # All S 2 + Own F 1 + Own S 1 = 6: 3584 >= 400, capped 1000. dmjl 56, All F + All S + own pair + 3CP
    # = 4: 896 capped 500.
    ("calling buried treasure outscored", "111m 999m 222m 888m 5m 1234f 1234y", (),
     (False, 56, 4, 0, 500), (False, 56, 6, 0, 1000)),
    # Completions 2s (six green kinds: not Jade) and 5s: not calling. [GGG] 4 + 666s 4 + 888s 4 = 12,
    # dragons 1: 24 both.
    ("not calling jade: six kinds", "[GGG] 234s 666s 888s 2s", SW, (False, 12, 1, 0, 24), (False, 12, 1, 0, 24)),
    # Calling for Gates of Heaven pays 0.4 of the limit option: 0.4 x 2000 = 800; dmjl 999p 8 + 111p 8 = 16.
    ("calling with limit option", "1112345678999p", ("--option", "limit=2000"),
     (False, 16, 0, 0, 16), (False, 0, 0, 0.4, 800)),
    # Calling for Buried Treasure with an honour pair (E or 9m): dmjl 8 + 4 + 4 = 16, 3CP: 32.
    ("calling buried treasure, honours", "111m 555m 777m EE 99m", SW, (False, 16, 1, 0, 32), (False, 0, 0, 0.4, 400)),
    # Calling for Heads and Tails (9m) outscored: {1111m} 32 + {9999p} 32 + 111s 8 + 999s 8 + 1234f 16 = 96.
    # bmja All Flowers 2 + Own Flower 1: 768 >= 400. dmjl 3CP + All Flowers: 384.
    ("calling heads and tails outscored", "{1111m} {9999p} 111s 999s 9m 1234f", (),
     (False, 96, 2, 0, 384), (False, 96, 3, 0, 768)),
    # E completes only with two chows: no BMJA mah jong, not calling. 111p 8 + 999p 8 = 16.
    ("not calling with two chows", "123m 456m 111p 999p E", (), (False, 16, 0, 0, 16), (False, 16, 0, 0, 16)),
    # 6m completes 333 444 555 66 with [222m]: Purity, no limit (exposed). [222m] 2 + 4 + 4 + 4 = 14;
    # bmja Calling for Purity: 112; dmjl 3CP: 28.
    ("calling purity, pungs", "[222m] 333m 444m 555m 6m", (), (False, 14, 1, 0, 28), (False, 14, 3, 0, 112)),
    ("long hand four alike undeclared", "1111m 234m 555p 777s 99s", (), LONG, LONG),
    ("long hand with bonus", "1111m 234m 555p 777s 99s 1f 2y", drawn("9s"), LONG, LONG),
]


@pytest.mark.parametrize("name, hand, args, dmjl, bmja", CASES, ids=[c[0] for c in CASES])
def test_review(name, hand, args, dmjl, bmja):
    assert cli(hand, "dmjl", *args) == dmjl
    assert cli(hand, "bmja", *args) == bmja


def test_thirteen_tiles_with_a_winning_tile_are_refused_not_scored_as_a_losers():
    """A 13-tile hand given a winning tile (here 5m, which would complete it) is the winning tile left out of the
    hand, not a loser's hand whose situation is ignored (issue 45): refused under both rulebooks, saying what to
    add. Without --win it is the loser's hand of "calling for purity" above."""
    for variant in ("dmjl", "bmja"):
        code, out, err = run("score", "[111m] [222m] 333m 55m 77m", "--variant", variant, *drawn("5m"),
                             "--also", "last-wall-tile")
        assert (code, out) == (2, "") and err == ("mjscore: error: --win 5m, but the hand has 13 tiles (a kong counts "
                                                  "3): a hand is written with its winning tile, 14 tiles; add 5m to "
                                                  "it\n")
