"""`spanish`: every row of shared/rules/spanish.md, each with a hand worked out by hand.

Seat E and round E unless a case says otherwise. Values: points x 2^doubles, limit 300.
"""

import pytest

from helpers import items, score, score_json

CASES = [
    # (hand, situation, points, doubles, value, rows that must appear) -- arithmetic in the comment
    # Points: pung 2-8 exposed 2; chows 0; pair 99s nothing; mah jong 20 -> 22
    ("[555p] 234m 678m 234s 99s", dict(seat="S", win="9s"), 22, 0, 22, {"exposed pung of simples": (2, 0, 0)}),
    # pung 2-8 concealed 4 + mah jong 20 + self-drawn 2 = 26
    ("555p 234m 678m 234s 99s", dict(win="9s", source="wall"), 26, 0, 26, {"concealed pung of simples": (4, 0, 0)}),
    # the same pung completed by a discard counts exposed: 2 + 20 = 22
    ("555p 234m 678m 234s 99s", dict(win="5p"), 22, 0, 22, {"exposed pung of simples": (2, 0, 0)}),
    # pung of 1 or 9: [111m] exposed 4 + 999p concealed 8 + 20 + self-drawn 2 = 34
    ("[111m] 999p 234s 567s NN", dict(win="2s", source="wall"), 34, 0, 34,
     {"exposed pung of terminals": (4, 0, 0), "concealed pung of terminals": (8, 0, 0)}),
    # pung of honours: [WWW] 4 + RRR 8 + 20 = 32; dragon pung 1 double: 64
    ("[WWW] RRR 234s 567s 88p", dict(win="3s"), 32, 1, 64,
     {"exposed pung of honours": (4, 0, 0), "concealed pung of honours": (8, 0, 0), "pung of dragons": (0, 1, 0)}),
    # kong 2-8: [5555p] 8 + {6666s} 16 + 20 + self-drawn 2 = 46
    ("[5555p] {6666s} 234m 678m 99s", dict(win="9s", source="wall"), 46, 0, 46,
     {"exposed kong of simples": (8, 0, 0), "concealed kong of simples": (16, 0, 0)}),
    # kong of 1 or 9: [1111m] 16 + {9999p} 32 + 20 + 2 = 70
    ("[1111m] {9999p} 234s 567s 88s", dict(win="8s", source="wall"), 70, 0, 70,
     {"exposed kong of terminals": (16, 0, 0), "concealed kong of terminals": (32, 0, 0)}),
    # kong of honours: [NNNN] 16 + {GGGG} 32 + 20 = 68; dragon kong 1 double: 136
    ("[NNNN] {GGGG} 234s 567s 88p", dict(win="8p"), 68, 1, 136,
     {"exposed kong of honours": (16, 0, 0), "concealed kong of honours": (32, 0, 0), "pung of dragons": (0, 1, 0)}),
    # pair of dragons 2 + 20 = 22 (the pair spoils "nothing scored but mah jong")
    ("234m 567m 234p 567p RR", dict(win="4m"), 22, 0, 22, {"pair of dragons": (2, 0, 0)}),
    # pair of own wind (seat S) 2 + 20 = 22
    ("234m 567m 234p 567p SS", dict(seat="S", win="4m"), 22, 0, 22, {"pair of own wind": (2, 0, 0)}),
    # a pair of the prevailing wind scores nothing here: 20 + nothing-but-mah-jong 10 = 30
    ("234m 567m 234p 567p SS", dict(seat="E", round="S", win="4m"), 30, 0, 30,
     {"nothing scored but mah jong": (10, 0, 0)}),
    # nothing scored but mah jong: 20 + 10 = 30. Self-drawn: 20 + 2 = 22, for page 2's "No puntuar nada más que
    # Mah Jongg: 10 puntos" (scoring nothing but Mah Jongg) no longer holds once "Terminar el juego con una ficha
    # no descartada: 2 puntos" is scored (option nothing_but_mahjong=no-set-points: 32, tests/test_spanish_options.py)
    ("234m 567m 234p 567p 99s", dict(win="4m"), 30, 0, 30, {"mah jong": (20, 0, 0), "chow": (0, 0, 0)}),
    ("234m 567m 234p 567p 99s", dict(win="4m", source="wall"), 22, 0, 22, {"self-drawn": (2, 0, 0)}),
    # no chow (seat S): [222m] 2 + 555p 4 + 777s 4 + EEE 8 + 20 + 10 = 48 (prevailing-wind pung: no double)
    ("[222m] 555p 777s EEE 99s", dict(seat="S", win="9s"), 48, 0, 48, {"no chow": (10, 0, 0)}),
    # loose tile after a kong: [5555p] 8 + 20 + 10, instead of the self-drawn 2 = 38
    ("[5555p] 234m 678m 234s 99s", dict(win="9s", source="loose"), 38, 0, 38, {"won on a loose tile": (10, 0, 0)}),
    # robbing a kong: 20 + 10 = 30 (page 2: "No puntuar nada más que Mah Jongg": the 10 for the robbed tile is
    # more than Mah Jongg, so no nothing-but-mah-jong 10)
    ("234m 678m 234s 567p 99s", dict(win="5p", source="kong"), 30, 0, 30, {"robbing a kong": (10, 0, 0)}),
    # last tile of the live wall: 20 + 2 + 10 = 32 (no nothing-but-mah-jong 10, as above)
    ("234m 678m 234s 567p 99s", dict(win="9s", source="wall", also=["last-wall-tile"]), 32, 0, 32,
     {"last tile of the live wall": (10, 0, 0)}),
    # own wind kong (seat S): {SSSS} 32 + 555p 4 + 20 + 2 = 58; 1 double: 116
    ("{SSSS} 123m 789s 555p NN", dict(seat="S", win="5p", source="wall"), 58, 1, 116,
     {"pung of own wind": (0, 1, 0)}),
    # own wind that is not the seat: seat E, SSS pung gives no double: 2 + 8 + 20 + 2 = 32
    ("[555p] 123m 789s SSS NN", dict(seat="E", win="7s", source="wall"), 32, 0, 32, {}),
    # two dragon pungs: 4 + 4 + 20 = 28; 2 doubles: 112
    ("[RRR] [GGG] 234m 567m 99p", dict(win="9p"), 28, 2, 112, {"pung of dragons": (0, 2, 0)}),
    # three dragon pungs: 4 + 4 + 8 + 20 = 36; 3 doubles: 288 (just under the limit)
    ("[RRR] [GGG] PPP 234m 99p", dict(win="9p"), 36, 3, 288, {"pung of dragons": (0, 3, 0)}),
    # and with no chow: 4 + 4 + 8 + 222m 4 + 20 + 10 = 50; x8 = 400, capped at the limit 300
    ("[RRR] [GGG] PPP 222m 99p", dict(win="9p"), 50, 3, 300, {"no chow": (10, 0, 0)}),
    # one suit with honours (seat S): EEE 8 + 20 = 28; 1 double: 56
    ("[123m] 456m 789m EEE 55m", dict(seat="S", win="5m"), 28, 1, 56, {"one suit with honours": (0, 1, 0)}),
    # one suit only: 222m 4 + 20 = 24; 3 doubles: 192
    ("[123m] 456m 789m 222m 55m", dict(win="5m"), 24, 3, 192, {"one suit only": (0, 3, 0)}),
    # all honours (seat S): [EEE] 4 + SSS 8 + WWW 8 + RRR 8 + 20 + no chow 10 = 58;
    # own wind 1 + dragons 1 + all honours 3 = 5 doubles: 58 x 32 = 1856, capped at 300
    ("[EEE] SSS WWW RRR NN", dict(seat="S", win="N"), 58, 5, 300, {"all honours": (0, 3, 0)}),
]


@pytest.mark.parametrize("hand, sit, points, doubles, value, rows", CASES)
def test_rows(hand, sit, points, doubles, value, rows):
    s = score(hand, "spanish", **sit)
    assert s.mahjong
    assert (s.points, s.doubles, s.value) == (points, doubles, value)
    got = items(s)
    for rule, expected in rows.items():
        assert got[rule] == expected


def test_limit_option_lifts_the_cap():
    # the all-honours hand above, uncapped: 58 x 2^5 = 1856
    s = score("[EEE] SSS WWW RRR NN", "spanish", seat="S", win="N", options={"limit": 100000})
    assert s.value == 58 * 32 == 1856


def test_heaven_is_the_limit():
    s = score("123m 456m 789m 234p 55s", "spanish", seat="E", also=["heaven"])
    assert (s.limit_hand, s.limit_fraction, s.value) == ("hand from heaven", 1, 300)
    assert (s.points, s.doubles) == (0, 0)


def test_heaven_needs_east():
    # seat S cannot have a heavenly hand; scored normally: 20 + 10 (nothing but mah jong) = 30
    s = score("123m 456m 789m 234p 55s", "spanish", seat="S", win="5s", also=["heaven"])
    assert s.limit_hand is None and s.value == 30


def test_earth_is_half_the_limit_unless_the_hand_is_worth_more():
    # 20 + 10 = 30 < 150: half the limit, 150
    s = score("234m 567m 234p 567p 99s", "spanish", seat="S", win="9s", also=["earth"])
    assert (s.limit_hand, s.limit_fraction, s.value) == ("hand from earth", 0.5, 150)
    # three dragon pungs, 288 > 150: the points stand
    s = score("[RRR] [GGG] PPP 234m 99p", "spanish", seat="S", win="9p", also=["earth"])
    assert (s.limit_hand, s.value) == (None, 288)


@pytest.mark.parametrize("hand, seat, points, doubles, value", [
    # non-winning hands score sets and the all-hands doubles, no winner's premium:
    # [555p] 2 + RRR 8 = 10; dragon pung 1 double: 20
    ("[555p] RRR 12m 45s", "E", 10, 1, 20),
    # 555m concealed 4 + EE own-wind pair 2 = 6; one suit with honours 1 double: 12
    # (13 tiles with 2m 4m 9m: the whole hand, so its one-suit double can be judged)
    ("[123m] 555m 77m EE 2m 4m 9m", "E", 6, 1, 12),
    # a lone pair and singles: nothing
    ("19m 19p 19s ESWN RG", "E", 0, 0, 0),
])
def test_non_winning_hands(hand, seat, points, doubles, value):
    s = score(hand, "spanish", seat=seat)
    assert not s.mahjong
    assert (s.points, s.doubles, s.value) == (points, doubles, value)
    assert "mah jong" not in items(s)


def test_long_hand_scores_zero():
    # 14 tiles in no winning shape
    s = score("1357m 2468p 13579s E", "spanish", win="E")
    assert (s.mahjong, s.value) == (False, 0)
    assert s.notes[0].startswith("not a winning hand: 14 tiles in no winning shape")  # (issue 45: not "long hand")
    assert s.items[0].rule == "long hand" and s.items[0].name() == ("not a winning hand", True)  # (JSON's key kept)


def test_situation_ignored_for_a_non_winning_hand():
    s = score("[555p] RRR 12m 45s", "spanish", win="1m", source="wall")
    assert s.value == 20 and "situation options are ignored" in s.notes[0]


def test_tool_picks_the_winning_tile_and_says_so():
    # without --win (discard): SSS completed by the discard would be an exposed pung (4, not 8), so the tool
    # takes another tile: 2 + 8 + 20 = 30, own wind pung x2 = 60
    data = score_json("[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S")
    assert data["value"] == 60 and data["win"] != "S"
    assert any("every tile was tried" in n for n in data["notes"])


def test_json_through_the_cli():
    # three dragons with no chow, limit 300 (see CASES): 50 x 8 = 400 -> 300
    data = score_json("[RRR] [GGG] PPP 222m 99p", "--variant", "spanish", "--win", "9p")
    assert (data["mahjong"], data["points"], data["doubles"], data["value"]) == (True, 50, 3, 300)
    assert data["limit_hand"] is None and data["limit_fraction"] == 0
