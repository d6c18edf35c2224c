"""Variant basque: the Basque rulebook (Prats Verdú).

Every expected number below is worked out by hand from the rulebook's tables 1-3, rule 78
and rule 85, with the arithmetic in the comment. Unless said otherwise: mode mixed, seat S,
prevailing wind E, winning tile from a discard. H = "[555p] 123m 456m 789s 99s" won on 4m,
which scores [555p] exposed pung of simples 2 + mah jong 20 = 22 (99s is a valueless pair,
4m is not the only tile: 56m waits on 4m and 7m).
"""

from __future__ import annotations

import json

import pytest

from helpers import items, run, score, score_json

V = "basque"
H = "[555p] 123m 456m 789s 99s"
# one suit and honours: valid in every mode; [NNN] exposed pung of honours 4, 99m valueless (seat S, round E)
HC = "[NNN] 123m 456m 789m 99m"


def sc(hand, **kw):
    kw.setdefault("seat", "S")
    return score(hand, V, **kw)


# ---- every row of tables 1-3 and rule 78, as winning hands ---------------------------------------------
# (id, hand, situation, points, doubles, value, item that must appear {rule: (points, doubles, limit)})
ROWS = [
    # Table 1: points for everyone
    ("exposed pung of simples", H, dict(win="4m"), 22, 0, 22,
     {"exposed pung of simples": (2, 0, 0)}),  # [555p] 2 + mah jong 20 = 22
    ("concealed pung of simples", "555p 123m 456m 789s 99s", dict(win="4m"), 24, 0, 24,
     {"concealed pung of simples": (4, 0, 0)}),  # 555p 4 + 20 = 24
    ("exposed pung of terminals", "[111p] 123m 456m 789s 55s", dict(win="4m"), 24, 0, 24,
     {"exposed pung of terminals": (4, 0, 0)}),  # [111p] 4 + 20 = 24
    ("concealed pung of terminals", "111p 123m 456m 789s 55s", dict(win="4m"), 28, 0, 28,
     {"concealed pung of terminals": (8, 0, 0)}),  # 111p 8 + 20 = 28
    ("exposed pung of honours", "[NNN] 123m 456m 789s 55s", dict(win="4m"), 24, 0, 24,
     {"exposed pung of honours": (4, 0, 0)}),  # [NNN] 4 (north: not own S, not prevailing E) + 20 = 24
    ("concealed pung of honours", "NNN 123m 456m 789s 55s", dict(win="4m"), 28, 0, 28,
     {"concealed pung of honours": (8, 0, 0)}),  # NNN 8 + 20 = 28
    ("exposed kong of simples", "[5555p] 123m 456m 789s 99s", dict(win="4m"), 24, 0, 24,
     {"exposed kong of simples": (4, 0, 0)}),  # [5555p] 4 (table 1 as printed) + 20 = 24
    ("concealed kong of simples", "{5555p} 123m 456m 789s 99s", dict(win="4m"), 28, 0, 28,
     {"concealed kong of simples": (8, 0, 0)}),  # {5555p} 8 + 20 = 28
    ("exposed kong of terminals", "[1111p] 123m 456m 789s 99s", dict(win="4m"), 28, 0, 28,
     {"exposed kong of terminals": (8, 0, 0)}),  # [1111p] 8 + 20 = 28
    ("concealed kong of terminals", "{1111p} 123m 456m 789s 99s", dict(win="4m"), 36, 0, 36,
     {"concealed kong of terminals": (16, 0, 0)}),  # {1111p} 16 + 20 = 36
    ("exposed kong of honours", "[NNNN] 123m 456m 789s 99s", dict(win="4m"), 36, 0, 36,
     {"exposed kong of honours": (16, 0, 0)}),  # [NNNN] 16 + 20 = 36
    ("concealed kong of honours", "{NNNN} 123m 456m 789s 99s", dict(win="4m"), 52, 0, 52,
     {"concealed kong of honours": (32, 0, 0)}),  # {NNNN} 32 + 20 = 52
    ("chow", H, dict(win="4m"), 22, 0, 22, {"chow": (0, 0, 0)}),  # each chow 0
    ("pair of dragons", "[555p] 123m 456m 789s RR", dict(win="4m"), 24, 0, 24,
     {"pair of dragons": (2, 0, 0)}),  # [555p] 2 + RR 2 + 20 = 24
    ("pair of own wind", "[555p] 123m 456m 789s SS", dict(win="4m"), 24, 0, 24,
     {"pair of own wind": (2, 0, 0)}),  # seat S: SS 2; 2 + 2 + 20 = 24
    ("pair of prevailing wind", "[555p] 123m 456m 789s EE", dict(win="4m"), 24, 0, 24,
     {"pair of prevailing wind": (2, 0, 0)}),  # round E: EE 2; 2 + 2 + 20 = 24
    ("pair of own prevailing wind", "[555p] 123m 456m 789s EE", dict(win="4m", seat="E"), 26, 0, 26,
     {"pair of own prevailing wind": (4, 0, 0)}),  # seat E, round E: EE 4; 2 + 4 + 20 = 26
    ("flower or season", H + " 3f", dict(win="4m"), 26, 0, 26,
     {"flower or season": (4, 0, 0)}),  # 3f is West's, not own (S): 2 + 4 + 20 = 26
    # Table 2: doubles for everyone
    ("pung of dragons", "[555p] 123m 456m RRR 99s", dict(win="4m"), 30, 1, 60,
     {"pung of dragons": (0, 1, 0)}),  # 2 + RRR concealed 8 + 20 = 30; 1 double: 60
    ("pung of own wind", "[555p] 123m 456m SSS 99s", dict(win="4m"), 30, 1, 60,
     {"pung of own wind": (0, 1, 0)}),  # 2 + 8 + 20 = 30; own wind 1 double: 60
    ("pung of prevailing wind", "[555p] 123m 456m EEE 99s", dict(win="4m"), 30, 1, 60,
     {"pung of prevailing wind": (0, 1, 0)}),  # 2 + 8 + 20 = 30; prevailing 1 double: 60
    ("pung of own prevailing wind", "[555p] 123m 456m EEE 99s", dict(win="4m", seat="E"), 30, 2, 120,
     {"pung of own prevailing wind": (0, 2, 0)}),  # 30; own prevailing wind 2 doubles: 30 x 4 = 120
    ("own flower", H + " 2f", dict(win="4m"), 26, 1, 52,
     {"own flower": (0, 1, 0)}),  # 2f is South's: 2 + 4 + 20 = 26; 1 double: 52
    ("own season", H + " 2y", dict(win="4m"), 26, 1, 52,
     {"own season": (0, 1, 0)}),  # 2y is South's: 26; 1 double: 52
    # table 2 "Lau loreak (norberarena kontuan hartu gabe) 3" (all four, without counting one's own: 3), and the
    # own flower keeps its 1 (option four_flowers, default plus-own): 2 + 4x4 + 20 = 38; 3 + 1 = 4 doubles:
    # 38 x 16 = 608, over 500, so under a house limit of 1000
    ("all four flowers", H + " 1234f", dict(win="4m", options={"limit": 1000}), 38, 4, 608,
     {"all four flowers": (0, 3, 0), "own flower": (0, 1, 0)}),
    ("all four seasons", H + " 1234y", dict(win="4m", options={"limit": 1000}), 38, 4, 608,
     {"all four seasons": (0, 3, 0), "own season": (0, 1, 0)}),  # as above: 608
    # four_flowers=own-included: 3 doubles in all, the own flower's replaced: 38 x 8 = 304
    ("all four flowers, own included", H + " 1234f", dict(win="4m", options={"four_flowers": "own-included"}),
     38, 3, 304, {"all four flowers": (0, 3, 0)}),
    ("clean hand: one suit and honours", HC, dict(win="4m"), 24, 1, 48,
     {"clean hand: one suit and honours": (0, 1, 0)}),  # [NNN] 4 + 20 = 24; 1 double: 48
    # [NNN] 4 + 111m 8 + 999p 8 + 111s 8 + 20 + 9s the only tile 2 = 50; terminals+honours 1, no chows 1: 200
    ("clean hand: terminals and honours", "[NNN] 111m 999p 111s 99s", dict(win="9s"), 50, 2, 200,
     {"clean hand: terminals and honours": (0, 1, 0)}),
    # Table 3, columns mixed and one-double: doubles
    ("mah jong", H, dict(win="4m"), 22, 0, 22, {"mah jong": (20, 0, 0)}),
    ("winning tile from the wall", H, dict(win="4m", source="wall"), 24, 0, 24,
     {"winning tile from the wall": (2, 0, 0)}),  # 22 + 2 = 24
    ("only possible place", "[555p] 123m 456m 789s 11p", dict(win="7s"), 24, 0, 24,
     {"winning tile filled the only possible place": (2, 0, 0)}),  # 89s waited on 7s only: 2 + 20 + 2
    ("last tile of the wall", H, dict(win="4m", source="wall", also=["last-wall-tile"]), 24, 1, 48,
     {"last tile of the wall": (0, 1, 0)}),  # 22 + 2 from the wall = 24; 1 double: 48
    ("won on a loose tile", "[5555p] 123m 456m 789s 99s", dict(win="4m", source="loose"), 26, 1, 52,
     {"won on a loose tile": (0, 1, 0)}),  # [5555p] 4 + 20 + 2 (rule 45: a loose tile is from the wall) = 26; x2
    ("robbing a kong", H, dict(win="4m", source="kong"), 22, 1, 44,
     {"robbing a kong": (0, 1, 0)}),  # 22; 1 double: 44
    ("last tile that can be discarded", H, dict(win="4m", also=["last-discard"]), 22, 1, 44,
     {"last tile that can be discarded": (0, 1, 0)}),  # 22; 1 double: 44
    ("chows and a valueless pair", "[123p] 123m 456m 789s 99s", dict(win="4m"), 20, 1, 40,
     {"chows and a valueless pair": (0, 1, 0)}),  # 20; 1 double: 40
    ("chows and a valueless pair, self-drawn (rule 77)", "[123p] 123m 456m 789s 99s",
     dict(win="4m", source="wall"), 22, 1, 44, {"chows and a valueless pair": (0, 1, 0)}),  # 20 + 2; x2 = 44
    # [555p] 2 + [111m] 4 + 999s 8 + [NNN] 4 + 20 + 2s the only tile 2 = 40; no chows 1 double: 80
    ("no chows", "[555p] [111m] 999s [NNN] 22s", dict(win="2s"), 40, 1, 80, {"no chows": (0, 1, 0)}),
    # Table 3, column one-double: the same doubles. A double of how the tile came makes the hand's one double
    # only with one_double_circumstances=true (rule 42 asks it of the sets and pair: see REFUSED)
    ("one-double: loose tile", "[5555p] 123m 456m 789s 99s", dict(win="4m", source="loose",
     options={"mode": "one-double", "one_double_circumstances": True}), 26, 1, 52, {"won on a loose tile": (0, 1, 0)}),
    ("one-double: no chows", "[555p] [111m] 999s [NNN] 22s", dict(win="2s", options={"mode": "one-double"}),
     40, 1, 80, {"no chows": (0, 1, 0)}),
    # Table 3, column clean: 10 points instead of a double. HC: [NNN] 4 + 20; clean hand 1 double
    ("clean: mah jong", HC, dict(win="4m", options={"mode": "clean"}), 24, 1, 48, {"mah jong": (20, 0, 0)}),
    ("clean: from the wall", HC, dict(win="4m", source="wall", options={"mode": "clean"}), 26, 1, 52,
     {"winning tile from the wall": (2, 0, 0)}),  # 4 + 20 + 2 = 26; x2 = 52
    ("clean: last tile of the wall", HC, dict(win="4m", source="wall", also=["last-wall-tile"],
     options={"mode": "clean"}), 36, 1, 72, {"last tile of the wall": (10, 0, 0)}),  # 4+20+2+10 = 36; x2
    ("clean: loose tile", "[NNNN] 123m 456m 789m 99m", dict(win="4m", source="loose", options={"mode": "clean"}),
     48, 1, 96, {"won on a loose tile": (10, 0, 0)}),  # [NNNN] 16 + 20 + 2 + 10 = 48; x2 = 96
    ("clean: robbing a kong", HC, dict(win="4m", source="kong", options={"mode": "clean"}), 34, 1, 68,
     {"robbing a kong": (10, 0, 0)}),  # 4 + 20 + 10 = 34; x2 = 68
    ("clean: last discard", HC, dict(win="4m", also=["last-discard"], options={"mode": "clean"}), 34, 1, 68,
     {"last tile that can be discarded": (10, 0, 0)}),  # 34; x2 = 68
    ("clean: chows and a valueless pair", "[123m] 234m 456m 789m NN", dict(win="4m", options={"mode": "clean"}),
     30, 1, 60, {"chows and a valueless pair": (10, 0, 0)}),  # 20 + 10 = 30; clean hand x2 = 60
    # [555m] 2 + [111m] 4 + 999m 8 + [NNN] 4 + 20 + 2 only tile + 10 no chows = 50; clean hand x2 = 100
    ("clean: no chows", "[555m] [111m] 999m [NNN] 22m", dict(win="2m", options={"mode": "clean"}), 50, 1, 100,
     {"no chows": (10, 0, 0)}),
    # Rule 78: special bonus hands
    ("late call", H, dict(win="4m", also=["late-call"]), 22, 1, 44, {"late call": (0, 1, 0)}),  # 22 x 2
    # [RRR] 4 + [GGG] 4 + PP 2 + 20 = 30; RRR 1 + GGG 1 + scholars 1 = 3 doubles: 240
    ("three little scholars", "[RRR] [GGG] PP 123m 456p", dict(win="4p"), 30, 3, 240,
     {"three little scholars": (0, 1, 0)}),
    # 30 + 10 = 40; RRR 1 + GGG 1 + clean hand 1 = 3 doubles: 320
    ("clean: three little scholars", "[RRR] [GGG] PP 123m 456m", dict(win="4m", options={"mode": "clean"}),
     40, 3, 320, {"three little scholars": (10, 0, 0)}),
    # seat N, round N: [EEE] 4 + [SSS] 4 + [WWW] 4 + NN own prevailing 4 + 20 = 36;
    # little blessings 1 + clean hand 1 = 2 doubles: 144
    ("four little blessings", "[EEE] [SSS] [WWW] NN 123m", dict(win="1m", seat="N", round="N"), 36, 2, 144,
     {"four little blessings": (0, 1, 0)}),
    ("clean: four little blessings", "[EEE] [SSS] [WWW] NN 123m",
     dict(win="1m", seat="N", round="N", options={"mode": "clean"}), 46, 1, 92,
     {"four little blessings": (10, 0, 0)}),  # 36 + 10 = 46; clean hand 1 double: 92
    # the limit: seat S round E: 4+4+4+NN 0 + 20 = 32; E 1 + S 1 + blessings 1 + clean 1 = 4: 512 > 500
    ("capped at the limit", "[EEE] [SSS] [WWW] NN 123m", dict(win="1m"), 32, 4, 500, {}),
]


@pytest.mark.parametrize("hand, sit, points, doubles, value, want", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_rows(hand, sit, points, doubles, value, want):
    s = sc(hand, **sit)
    assert s.mahjong is True, s.notes
    assert (s.points, s.doubles, s.value) == (points, doubles, value), items(s)
    assert s.limit_hand is None
    got = items(s)
    for rule, val in want.items():
        assert got.get(rule) == val, got


def test_kong_rows_kept_as_printed():
    # table 1 prints kong of simples 4/8 (classical rulebooks: 8/16); the file keeps the rulebook's numbers
    assert items(sc("[5555p] 123m 456m 789s 99s", win="4m"))["exposed kong of simples"] == (4, 0, 0)
    assert items(sc("{5555p} 123m 456m 789s 99s", win="4m"))["concealed kong of simples"] == (8, 0, 0)


def test_mixed_and_one_double_give_a_double_clean_gives_ten_points():
    # the same hand HC won by robbing a kong, in each mode
    mixed = items(sc(HC, win="4m", source="kong"))["robbing a kong"]
    one = items(sc(HC, win="4m", source="kong", options={"mode": "one-double"}))["robbing a kong"]
    clean = items(sc(HC, win="4m", source="kong", options={"mode": "clean"}))["robbing a kong"]
    assert mixed == one == (0, 1, 0) and clean == (10, 0, 0)


def test_late_call_is_not_for_east():
    # rule 78: any player but East; seat E: H = 22, no double
    s = sc(H, win="4m", seat="E", also=["late-call"])
    assert "late call" not in items(s) and s.value == 22


# ---- table 2 pure hands, for everyone (also a non-winning hand) -------------------------------------------

def test_pure_one_suit_is_the_limit():
    s = sc("123m 456m 789m 111m 99m", win="4m")
    assert (s.limit_hand, s.limit_fraction, s.value) == ("pure hand: one suit", 1, 500)


@pytest.mark.parametrize("hand, name", [
    # whole 13-tile hands (3+3+3+2+1+1, 3+3+2+2+1+1+1): not mah jong, table 2 is for everyone
    ("[111m] [999p] 111s 99s 9m 1p", "pure hand: terminals"),
    ("[EEE] [RRR] NN SS W G P", "pure hand: honours"),
])
def test_pure_hand_of_a_non_winner(hand, name):
    s = sc(hand)
    assert s.mahjong is False and (s.limit_hand, s.value) == (name, 500)


# ---- limit hands I-XX ----------------------------------------------------------------------------------------
LIMITS = [
    ("buried treasure (I)", "111m 222m 333m 444m 55m", dict(win="5m", source="wall")),
    ("all honours (II)", "[EEE] SSS WWW RRR NN", dict(win="N")),
    ("all terminals (III)", "[111m] 999m 111p 999s 11s", dict(win="1s")),
    ("green hand (IV)", "[234s] 666s 888s GGG 44s", dict(win="4s")),
    ("green hand (IV)", "[567s] 222s 888s GGG 44s", dict(win="4s")),  # rule 85 IV: all of 2-8 (5s, 7s too)
    ("red hand (V)", "[234p] 555p 777p RRR 88p", dict(win="8p")),
    ("white hand (VI)", "[234m] 555m 666m PPP 88m", dict(win="8m")),
    ("three great scholars (VII)", "[RRR] [GGG] PPP 123m 55m", dict(win="1m")),
    # rule 85 VIII "ohoreen hirukotea eta bikotea": the honours' pung and pair (option horizontal_pair)
    ("horizontal hand (VIII)", "[555m] [555p] 555s NNN RR", dict(win="R")),
    ("horizontal hand (VIII)", "[3333m] [333p] 333s RRR GG", dict(win="G")),  # a kong counts
    ("four blessings (IX)", "[EEE] [SSS] [WWW] NNN 55m", dict(win="5m")),
    ("all kongs (X)", "[5555p] {1111m} [EEEE] [9999s] 22m", dict(win="2m")),
    ("nine gates (XI)", "1112345678999m 5m", dict(win="5m")),
    ("nine gates (XI)", "1112345678999p 9p", dict(win="9p", source="wall")),
    ("thirteen orphans (XII)", "19m 19p 19s ESWNRGP 1m", dict(win="1m")),
    ("heaven's hand (XIII)", H, dict(seat="E", also=["heaven"])),
    ("earth's hand (XIV)", H, dict(win="4m", also=["earth"])),
    ("moon from the bottom of the sea (XV)", "[555p] 123m 456m 789s 11p",
     dict(win="1p", source="wall", also=["last-wall-tile"])),
    ("plum blossom on the roof (XVI)", "[5555s] 123m 345p 789s 99m", dict(win="5p", source="loose")),
    ("robbing two bamboo (XVII)", "[555p] 123m 456m 234s 99s", dict(win="2s", source="kong")),
    ("kong on kong (XVIII)", "[5555p] [1111m] 456m 789s 99s", dict(win="4m", source="loose", also=["kong-on-kong"])),
    ("heavenly twins (XIX)", "EESSWWNNRRGGPP", dict(win="P")),  # seven honour pairs
    ("heavenly twins (XIX)", "11224455778899m", dict(win="9m")),  # seven different pairs of one suit
    ("heavenly twins (XIX)", "11m 99m 11p 99p 99s 1111s", dict(win="9s")),  # five terminal pairs + four 1s
    ("seven twins (XX)", "EE SS RR GG 11m 55m 99m", dict(win="5m")),  # one suit and honours
    ("seven twins (XX)", "EE SS RR 11m 99m 11p 99s", dict(win="E")),  # honours and terminals of several suits
]


@pytest.mark.parametrize("name, hand, sit", LIMITS, ids=[f"{n} {h}" for n, h, _ in LIMITS])
@pytest.mark.parametrize("mode", ["mixed", "one-double", "clean"])
def test_limit_hands_in_every_mode(name, hand, sit, mode):
    # rule 85: each is worth the limit, 500 (East's double is settlement); rule 44: in every mode
    s = sc(hand, **sit, options={"mode": mode})
    assert s.mahjong is True, s.notes
    assert (s.limit_hand, s.limit_fraction, s.value, s.points, s.doubles) == (name, 1, 500, 0, 0)


def test_limit_hand_with_house_limit():
    s = sc("19m 19p 19s ESWNRGP 1m", win="1m", options={"limit": 1000})
    assert s.value == 1000


# hands that almost match a limit hand and must not get it: (limit hand it misses, hand, situation,
# expected limit hand or None, value, mah jong)
NEAR = [
    # I: one exposed pung: still one suit, so table 2's pure hand (the limit), but not buried treasure
    ("buried treasure (I)", "[111m] 222m 333m 444m 55m", dict(win="5m", source="wall"), "pure hand: one suit", 500, True),
    # I: from a discard
    ("buried treasure (I)", "111m 333m 555m 777m 99m", dict(win="9m"), "pure hand: one suit", 500, True),
    # I: an honour pair: 111m 8 + 333m 4 + 555m 4 + 777m 4 + NN 0 + 20 + 2 wall + 2 only tile = 44;
    # no chows 1 + one suit and honours 1 = 2 doubles: 176
    ("buried treasure (I)", "111m 333m 555m 777m NN", dict(win="N", source="wall"), None, 176, True),
    # II: a chow. Seat W, round N: [EEE] 4 + [SSS] 4 + RRR 8 + GG 2 + 20 = 38; RRR 1 + clean 1: 152
    ("all honours (II)", "[EEE] [SSS] RRR 123m GG", dict(win="1m", seat="W", round="N"), None, 152, True),
    # III: a 2s pair: [111m] 4 + 999m 8 + 111p 8 + 999s 8 + 20 + 2 only tile = 50; no chows 1: 100
    ("all terminals (III)", "[111m] 999m 111p 999s 22s", dict(win="2s"), None, 100, True),
    # IV: 789s: [789s] 0 + 666s 4 + 888s 4 + GGG 8 + 20 = 36 (4s 666s waited on 4s and 5s);
    # GGG 1 + clean 1: 36 x 4 = 144
    ("green hand (IV)", "[789s] 666s 888s GGG 44s", dict(win="4s"), None, 144, True),
    # V: 99p pair: 0 + 4 + 4 + RRR 8 + 20 = 36 (9p: 77p+79p waits on 8p too); RRR 1 + clean 1: 144
    ("red hand (V)", "[234p] 555p 777p RRR 99p", dict(win="9p"), None, 144, True),
    # VI: the pair in dots: 0 + 4 + 4 + PPP 8 + 20 + 2 only tile = 38; PPP 1: 76
    ("white hand (VI)", "[234m] 555m 666m PPP 88p", dict(win="8p"), None, 76, True),
    # VII: not clean (55p): [RRR] 4 + [GGG] 4 + PPP 8 + 20 = 36; three dragon pungs 3 doubles: 288
    ("three great scholars (VII)", "[RRR] [GGG] PPP 123m 55p", dict(win="1m"), None, 288, True),
    # VIII: 666s: [555m] 2 + [555p] 2 + 666s 4 + NNN 8 + 20 + 2 only tile = 38; no chows 1: 76
    ("horizontal hand (VIII)", "[555m] [555p] 666s NNN 22m", dict(win="2m"), None, 76, True),
    # VIII: a pair that is not honours (option horizontal_pair=honour, the default): [555m] 2 + [555p] 2 +
    # 555s 4 + NNN 8 + 20 + 2 only tile = 38; no chows 1: 76
    ("horizontal hand (VIII)", "[555m] [555p] 555s NNN 22m", dict(win="2m"), None, 76, True),
    # VIII: no honour pung: 2 + 2 + 555s 4 + 20 = 28
    ("horizontal hand (VIII)", "[555m] [555p] 555s 123m 22m", dict(win="1m"), None, 28, True),
    # IX: three wind pungs and a wind pair is only little blessings (rows above); here a dragon pung instead:
    # seat W round N: [EEE] 4 + [SSS] 4 + [RRR] 4 + NNN 8 + 55m 0 + 20 + 2 only tile = 42;
    # RRR 1 + NNN prevailing 1 + no chows 1 + clean 1 = 4 doubles: 672, capped at 500
    ("four blessings (IX)", "[EEE] [SSS] [RRR] NNN 55m", dict(win="5m", seat="W", round="N"), None, 500, True),
    # X: three kongs. Round W: [5555p] 4 + {1111m} 16 + [EEEE] 16 + 999s 8 + 20 + 2 only tile = 66; no chows 1: 132
    ("all kongs (X)", "[5555p] {1111m} [EEEE] 999s 22m", dict(win="2m", round="W"), None, 132, True),
    # XI: a claimed 111m: one suit, so the pure hand, not nine gates
    ("nine gates (XI)", "[111m] 2345678999m 5m", dict(win="5m"), "pure hand: one suit", 500, True),
    # XII: 8s instead of 9s: no winning shape, a long hand worth 0 (rule 67)
    ("thirteen orphans (XII)", "19m 19p 18s ESWNRGP 1m", dict(win="1m"), None, 0, False),
    # XIII: heaven is East's; seat S: H = 22
    ("heaven's hand (XIII)", H, dict(win="4m", also=["heaven"]), None, 22, True),
    # XIV: earth is not East's; seat E: H = 22
    ("earth's hand (XIV)", H, dict(win="4m", seat="E", also=["earth"]), None, 22, True),
    # XV: last wall tile but 4m: 22 + 2 wall = 24; last tile of the wall 1 double: 48
    ("moon from the bottom of the sea (XV)", "[555p] 123m 456m 789s 11p",
     dict(win="4m", source="wall", also=["last-wall-tile"]), None, 48, True),
    # XV: 1p but not the last tile: 2 + 20 + 2 wall + 2 only tile (11p) = 26
    ("moon from the bottom of the sea (XV)", "[555p] 123m 456m 789s 11p", dict(win="1p", source="wall"), None, 26, True),
    # XVI: loose tile 3p: [5555s] 4 + 20 + 2 = 26; loose tile 1 double: 52
    ("plum blossom on the roof (XVI)", "[5555s] 123m 345p 789s 99m", dict(win="3p", source="loose"), None, 52, True),
    # XVI: 5p from the wall, not loose: 4 + 20 + 2 = 26
    ("plum blossom on the roof (XVI)", "[5555s] 123m 345p 789s 99m", dict(win="5p", source="wall"), None, 26, True),
    # XVII: robbing a 4s: 22; robbing a kong 1 double: 44
    ("robbing two bamboo (XVII)", "[555p] 123m 456m 234s 99s", dict(win="4s", source="kong"), None, 44, True),
    # XVIII: one loose tile only: [5555p] 4 + [1111m] 8 + 20 + 2 = 34; loose 1 double: 68
    ("kong on kong (XVIII)", "[5555p] [1111m] 456m 789s 99s", dict(win="4m", source="loose"), None, 68, True),
    # XIX: honours and a suit pair: that is seven twins (XX), not heavenly twins
    ("heavenly twins (XIX)", "EESSWWNNRRGG11m", dict(win="1m"), "seven twins (XX)", 500, True),
    # XIX: terminal pairs with a 2s pair: seven pairs that are no limit hand; not mah jong, pairs score 0
    ("heavenly twins (XIX)", "11m 99m 11p 99p 99s 11s 22s", dict(win="2s"), None, 0, False),
    # XX: a 5s pair among honours and terminals: not mah jong; as a non-winning hand
    # RR 2 + EE prevailing 2 + SS own 2 = 6
    ("seven twins (XX)", "EE SS RR 11m 99m 11p 55s", dict(win="5s"), None, 6, False),
]


@pytest.mark.parametrize("missed, hand, sit, limit_hand, value, mahjong", NEAR,
                         ids=[f"not {m}: {h}" for m, h, *_ in NEAR])
def test_almost_a_limit_hand(missed, hand, sit, limit_hand, value, mahjong):
    s = sc(hand, **sit)
    assert s.limit_hand != missed
    assert (s.limit_hand, s.value, s.mahjong) == (limit_hand, value, mahjong), (items(s), s.notes)


# ---- modes: refusal is a non-winning hand with a note ----------------------------------------------------

REFUSED = [
    # one-double: H has no double. As a non-winning hand its tiles are arranged at best:
    # [555p] 2 + 123m 456m 0 + 999s concealed pung of terminals 8 (7s 8s left single) = 10
    ("one-double", H, dict(win="4m"), 10, "mode one-double"),
    # one-double: the own flower's double does not count (rule 42). Non-winning: 10 + 2f 4 = 14; own flower x2 = 28
    ("one-double", H + " 2f", dict(win="4m"), 28, "mode one-double"),
    # one-double: rule 42 "lau taldeek eta bikoteak bikoitz bat eraman beharko dute" (the four sets and the pair
    # must carry a double): the loose tile's double does not (option one_double_circumstances, default false).
    # Non-winning: [5555p] 4 + 999s 8 (7s 8s single) = 12
    ("one-double", "[5555p] 123m 456m 789s 99s", dict(win="4m", source="loose"), 12, "mode one-double"),
    # clean: three suits. Non-winning: 10 as above
    ("clean", H, dict(win="4m"), 10, "mode clean"),
    # mixed: seven pairs that are no limit hand. Non-winning: RR 2
    ("mixed", "1122m 3355p 7799s RR", dict(win="R"), 2, "seven pairs"),
]


@pytest.mark.parametrize("mode, hand, sit, value, why", REFUSED, ids=[f"{m}: {h}" for m, h, *_ in REFUSED])
def test_mode_refuses(mode, hand, sit, value, why):
    s = sc(hand, **sit, options={"mode": mode})
    assert s.mahjong is False
    assert s.value == value, items(s)
    assert any(n.startswith("not mah jong: " + why) for n in s.notes), s.notes
    assert "scored as a non-winning hand" in s.notes


def test_one_double_accepts_a_double_from_the_sets():
    # [555p] 2 + RRR 8 + 20 = 30; dragon pung 1 double: 60
    s = sc("[555p] 123m 456m RRR 99s", win="4m", options={"mode": "one-double"})
    assert (s.mahjong, s.value) == (True, 60)


def test_clean_accepts_terminals_with_honours():
    # the row above (50 points) in clean: no chows is 10 points instead of a double:
    # 50 + 10 = 60; terminals and honours 1 double: 120
    s = sc("[NNN] 111m 999p 111s 99s", win="9s", options={"mode": "clean"})
    assert (s.mahjong, s.points, s.doubles, s.value) == (True, 60, 1, 120)


def test_clean_minimum_house_option():
    # HC = 48 is not more than 250: refused; non-winning at best [NNN] 4 + 999m concealed pung 8 (7m 8m single)
    # = 12; clean hand 1 double = 24
    s = sc(HC, win="4m", options={"mode": "clean", "clean_minimum": 250})
    assert s.mahjong is False and s.value == 24
    assert any("clean_minimum" in n for n in s.notes)
    # clean three little scholars = 320 > 250: mah jong
    s = sc("[RRR] [GGG] PP 123m 456m", win="4m", options={"mode": "clean", "clean_minimum": 250})
    assert s.mahjong is True and s.value == 320
    # option off by default, and ignored outside clean mode
    assert sc(HC, win="4m", options={"mode": "clean"}).mahjong is True
    assert sc(H, win="4m", options={"clean_minimum": 250}).value == 22


def test_flowers_option_off():
    # flowers=false: 2f scores nothing: H = 22 instead of 26 x 2 = 52
    s = sc(H + " 2f", win="4m", options={"flowers": False})
    assert (s.points, s.doubles, s.value) == (22, 0, 22)
    assert "played without flowers and seasons: bonus tiles not scored" in s.notes


# ---- through the CLI's JSON, as the hidden rulebook examples are checked ---------------------------------

CLI = [
    # (args, mahjong, points, doubles, limit_hand, limit_fraction, value)
    ([H, "--seat", "S", "--win", "4m"], True, 22, 0, None, 0, 22),
    (["[555p] 123m 456m EEE 99s", "--seat", "E", "--win", "4m", "--from", "wall"], True, 32, 2, None, 0, 128),
    ([HC, "--seat", "S", "--win", "4m", "--option", "mode=clean", "--from", "wall"], True, 26, 1, None, 0, 52),
    (["[NNNN] 123m 456m 789m 99m", "--seat", "S", "--win", "4m", "--option", "mode=clean", "--from", "loose"],
     True, 48, 1, None, 0, 96),
    (["1112345678999m 5m", "--seat", "W", "--win", "5m"], True, 0, 0, "nine gates (XI)", 1, 500),
    (["EESSWWNNRRGGPP", "--win", "P", "--option", "mode=one-double"], True, 0, 0, "heavenly twins (XIX)", 1, 500),
    ([H, "--seat", "S", "--win", "4m", "--option", "mode=one-double"], False, 10, 0, None, 0, 10),
]


@pytest.mark.parametrize("args, mahjong, points, doubles, limit_hand, fraction, value", CLI)
def test_cli_json(args, mahjong, points, doubles, limit_hand, fraction, value):
    # row 2: seat E round E: [555p] 2 + EEE 8 + 20 + 2 wall = 32; own prevailing wind 2 doubles: 128
    # row 3: [NNN] 4 + 20 + 2 wall = 26; clean hand 1 double: 52
    # row 4: [NNNN] 16 + 20 + 2 + loose tile 10 (clean) = 48; clean hand 1 double: 96
    # row 7: one-double refuses H; non-winning at best [555p] 2 + 999s 8 = 10
    data = score_json(*args, "--variant", V)
    got = (data["mahjong"], data["points"], data["doubles"], data["limit_hand"], data["limit_fraction"], data["value"])
    assert got == (mahjong, points, doubles, limit_hand, fraction, value)
    assert data["limit"] == 500 and data["variant"] == V


def test_cli_refusal_note_in_json():
    data = score_json(H, "--variant", V, "--seat", "S", "--win", "4m", "--option", "mode=clean")
    assert data["mahjong"] is False
    assert any("mode clean" in n for n in data["notes"])


def test_changed_table_file_is_used(tmp_path):
    # copy tables/basque.yaml, make mah jong worth 30, score H: [555p] 2 + 30 = 32
    from mjscore.rules.tablefile import packaged_dir

    src = f"{packaged_dir()}/basque.yaml"
    text = open(src, encoding="utf-8").read()
    old = "        points: 20         # rulebook table 3: Mah jong 20 | 20 | 20"
    assert text.count(old) == 1
    (tmp_path / "basque.yaml").write_text(text.replace(old, "        points: 30"), encoding="utf-8")
    data = score_json(H, "--variant", V, "--seat", "S", "--win", "4m", "--tables", str(tmp_path))
    assert data["points"] == 32 and data["value"] == 32
    assert score_json(H, "--variant", V, "--seat", "S", "--win", "4m")["value"] == 22


def test_variants_basque_prints_tables_and_options():
    code, out, err = run("variants", V)
    assert code == 0 and err == ""
    for text in ("Table 1", "Table 2", "Table 3", "Rule 78", "Rule 85", "buried treasure (I)", "seven twins (XX)",
                 "mixed, one-double, clean", "clean_minimum", "flowers", "mah jong requires"):
        assert text in out, text
    mode = next(line for line in out.splitlines() if line.startswith("mode "))
    assert "mixed" in mode.split()[2]  # the default
    code, out, err = run("variants", "--format", "json")
    assert V in [v["variant"] for v in json.loads(out)]


# ---- the conditions added for basque check their parameters when a table is loaded ---------------------

@pytest.mark.parametrize("when, message", [
    ({"kinds": -1}, "whole number"),
    ({"same_number": {"set": "pung", "suits": 4}}, "suits must be 1-3"),
    ({"same_number": "pung"}, "expects a mapping"),
    ({"held_before_win": "1111123"}, "each at most 4 times"),
    ({"held_before_win": "10"}, "numbers 1-9"),
    ({"earned_doubles": {"least": 1}}, "unknown key 'least'"),
    ({"earned_doubles": {"min": 1, "ignore": [3]}}, "list of rule names"),
    ({"value_over": {"option": "nope"}}, "naming an int option"),
])
def test_new_condition_parameters_are_checked(when, message):
    from mjscore.rules.conditions import CONDITIONS
    from mjscore.rules.registry import Invalid, compile_when

    with pytest.raises(Invalid, match=message):
        compile_when(when, "hand", {"shapes": ["standard"], "options": {}, "situations": {}, "conditions": CONDITIONS})
