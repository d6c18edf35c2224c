"""Hungarian rulebook (Hergár, 1925), IV. "Az elszámolás": every row worked by hand.

Unless a row says otherwise the player sits South in the East round, so the banker
(East by default) is someone else and a wind pair of E or N scores nothing.
"""

import json

import pytest

from helpers import items, run, score, score_json

V = "hungarian"

# (hand, situation, expected points, doubles, extra, value, rule that must appear)
POINT_ROWS = [
    # chow 0; [555p] exposed pung of simples 2; mah jong 20: 2 + 20 = 22, no doubles (three suits)
    ("[555p] 123m 789s 234s NN", dict(win="3m"), 22, 0, 22, "exposed pung of simples"),
    # 555p concealed pung of simples 4 + 20 = 24
    ("555p 123m 789s 234s NN", dict(win="3m"), 24, 0, 24, "concealed pung of simples"),
    # [111p] exposed pung of a terminal 4 + 20 = 24
    ("[111p] 123m 789s 234s NN", dict(win="3m"), 24, 0, 24, "exposed pung of terminals or honours"),
    # WWW concealed pung of a (not own) wind 8 + 20 = 28
    ("WWW 123m 789s 234s NN", dict(win="3m"), 28, 0, 28, "concealed pung of terminals or honours"),
    # [5555p] exposed kong of simples 8 + 20 = 28
    ("[5555p] 123m 789s 234s NN", dict(win="3m"), 28, 0, 28, "exposed kong of simples"),
    # {5555p} concealed kong of simples 16 + 20 = 36
    ("{5555p} 123m 789s 234s NN", dict(win="3m"), 36, 0, 36, "concealed kong of simples"),
    # [NNNN] exposed kong of a wind 16 + 20 = 36
    ("[NNNN] 123m 789s 234s 55p", dict(win="3m"), 36, 0, 36, "exposed kong of terminals or honours"),
    # {9999m} concealed kong of a terminal 32 + 20 = 52
    ("{9999m} 123m 789s 234s 55p", dict(win="3m"), 52, 0, 52, "concealed kong of terminals or honours"),
    # SS pair of own wind (seat S) 2 + 20 = 22; two suits m, s: no double
    ("123m 456m 789s 234s SS", dict(win="2s"), 22, 0, 22, "pair of own wind"),
    # RR pair of dragons 2 + 20 = 22
    ("123m 456m 789s 234s RR", dict(win="2s"), 22, 0, 22, "pair of dragons"),
    # 2f own flower of seat S 8; [555p] 2; mah jong 20: 8 + 2 + 20 = 30
    ("[555p] 123m 789s 234s NN 2f", dict(win="3m"), 30, 0, 30, "own flower or season"),
    # 2y own season 8: 8 + 2 + 20 = 30
    ("[555p] 123m 789s 234s NN 2y", dict(win="3m"), 30, 0, 30, "own flower or season"),
    # 1y another seat's season 4: 4 + 2 + 20 = 26
    ("[555p] 123m 789s 234s NN 1y", dict(win="3m"), 26, 0, 26, "other flower or season"),
    # 3f another seat's flower 4: 4 + 2 + 20 = 26
    ("[555p] 123m 789s 234s NN 3f", dict(win="3m"), 26, 0, 26, "other flower or season"),
    # drawn from the wall: 2 + 20 + 2 = 24
    ("[555p] 123m 789s 234s NN", dict(win="3m", source="wall"), 24, 0, 24, "winning tile not claimed"),
    # the loose tile after a flower or kong is not claimed either: 1y another seat's season 4 + 2 + 20 + 2 = 28
    ("[555p] 123m 789s 234s NN 1y", dict(win="3m", source="loose"), 28, 0, 28, "winning tile not claimed"),
]


@pytest.mark.parametrize("hand, sit, points, doubles, value, rule", POINT_ROWS)
def test_points_rows(hand, sit, points, doubles, value, rule):
    s = score(hand, V, seat="S", **sit)
    assert s.mahjong and rule in items(s)
    assert (s.points, s.doubles, s.value) == (points, doubles, value)


def test_chow_and_pair_of_prevailing_wind_score_nothing():
    # EE is the prevailing wind (round E) but not South's own: 0. Chows 0. Only mah jong 20.
    s = score("123m 456m 789s 234s EE", V, seat="S", win="2s")
    assert (s.points, s.doubles, s.value) == (20, 0, 20)
    assert items(s)["chow"] == (0, 0, 0)


def test_robbing_a_kong_is_claimed():
    # robbed from a kong = claimed: no +2. [555p] 2 + 20 = 22
    s = score("[555p] 123m 789s 234s NN", V, seat="S", win="3m", source="kong")
    assert (s.points, s.value) == (22, 22)


DOUBLE_ROWS = [
    # [RRR] exposed pung of honours 4 + 20 = 24; pung of dragons x2 = 48
    ("[RRR] 123m 789s 234s NN", dict(seat="S", win="3m"), 24, 1, 48, "pung of dragons"),
    # [RRRR] exposed kong 16 + 20 = 36; x2 for the dragon kong = 72
    ("[RRRR] 123m 789s 234s NN", dict(seat="S", win="3m"), 36, 1, 72, "pung of dragons"),
    # [SSS] own wind of seat S: 4 + 20 = 24, x2 = 48
    ("[SSS] 123m 789s 234s NN", dict(seat="S", win="3m"), 24, 1, 48, "pung of own wind"),
    # East is the banker by default: 2 + 20 = 22, x2 for the banker's win = 44
    ("[555p] 123m 789s 234s NN", dict(seat="E", win="3m"), 22, 1, 44, "the banker won"),
    # one suit (m) with a wind pair: 20, x2 = 40
    ("123m 456m 789m 234m NN", dict(seat="S", win="2m"), 20, 1, 40, "one suit with honours"),
    # pure one suit: 20, 3 doubles x8 = 160 (the only arrangement is 123 123 456 789 99)
    ("123m 123m 456m 789m 99m", dict(seat="S", win="4m"), 20, 3, 160, "pure one suit"),
    # all honours: [EEE] [WWW] [NNN] [RRR] exposed 4 each = 16, PP dragon pair 2, mah jong 20 = 38;
    # doubles: RRR 1 + all honours 4 = 5: 38 x 32 = 1216
    ("[EEE] [WWW] [NNN] [RRR] PP", dict(seat="S", win="P"), 38, 5, 1216, "all honours"),
    # from the sky: East (the banker) wins on the deal; 20 + 2 (nothing claimed) = 22;
    # doubles: banker won 1 + from the sky 2 = 3: 22 x 8 = 176
    ("123m 456m 789s 234s NN", dict(seat="E", also=["heaven"]), 22, 3, 176, "mah jong from the sky"),
]


@pytest.mark.parametrize("hand, sit, points, doubles, value, rule", DOUBLE_ROWS)
def test_double_rows(hand, sit, points, doubles, value, rule):
    s = score(hand, V, **sit)
    assert s.mahjong and rule in items(s)
    assert (s.points, s.doubles, s.value) == (points, doubles, value)


def test_banker_option_moves_the_banker_double():
    hand = "[555p] 123m 789s 234s NN"
    # banker=S: South's win doubles: 22 x 2 = 44; East is a plain player: 22
    s = score(hand, V, seat="S", win="3m", options={"banker": "S"})
    assert (s.points, s.doubles, s.value) == (22, 1, 44) and "the banker won" in items(s)
    e = score(hand, V, seat="E", win="3m", options={"banker": "S"})
    assert (e.points, e.doubles, e.value) == (22, 0, 22) and "the banker won" not in items(e)


def test_sky_needs_the_banker():
    # banker=S, East wins on the deal: no banker double, no sky double: 20 + 2 = 22
    e = score("123m 456m 789s 234s NN", V, seat="E", also=["heaven"], options={"banker": "S"})
    assert (e.points, e.doubles, e.value) == (22, 0, 22)
    # banker=S and South wins on the deal (drawn): 22 x 2^(1 + 2) = 176
    s = score("123m 456m 789s 234s NN", V, seat="S", win="3m", source="wall", also=["heaven"],
              options={"banker": "S"})
    assert (s.points, s.doubles, s.value) == (22, 3, 176)


def test_banker_option_rejects_other_values():
    code, out, err = run("score", "[555p] 123m 789s 234s NN", "-v", V, "--option", "banker=X")
    assert code == 2 and "takes one of E, S, W, N" in err


# (hand, situation, points, doubles, extra rule, extra, value)
REWARD_ROWS = [
    # big row, winds form: 123 456 789s, E S W N, one more 5s. Mah jong 20 + drawn 2 = 22;
    # one suit with honours x2 = 44; + 1000 = 1044
    ("123456789s ESWN 5s", dict(win="5s", source="wall"), 22, 1, "big row", 1000, 1044),
    # big row, dragons form: 1-9m, R G P, a pair of E (prevailing, scores nothing). 20 x 2 = 40 + 1000
    ("123456789m RGP EE", dict(win="E"), 20, 1, "big row", 1000, 1040),
    # nine lanterns: 111 234 55 678 999p, drawn. 111p 8 + 999p 8 + 20 + 2 = 38; pure one suit x8 = 304; + 1000
    ("1112345678999p 5p", dict(win="5p", source="wall"), 38, 3, "nine lanterns", 1000, 1304),
    # odd one-suit game: 111m 8 + 333m 4 + 555m 4 + 777m 4 + 20 = 40; pure one suit x8 = 320; + 1000
    ("111333555777m 99m", dict(win="9m"), 40, 3, "odd one-suit game", 1000, 1320),
    # one-suit row game with a dragon pair: RR 2 + 20 = 22; one suit with honours x2 = 44; + 1000
    ("123345567789s RR", dict(win="R"), 22, 1, "one-suit row game", 1000, 1044),
    # one-suit row game with a pair of the suit: 20; pure one suit x8 = 160; + 1000
    ("123345567789s 99s", dict(win="1s"), 20, 3, "one-suit row game", 1000, 1160),
    # pair game (simple): seven pairs over three suits, EE scores nothing for South: 20 + 1000
    ("1199m 3355p 2288s EE", dict(win="E"), 20, 0, "pair game", 1000, 1020),
    # coloured pair game: seven pairs of one suit (no 3 or 6, so no four sets): 20 x 8 = 160; + 2000
    ("11224455778899m", dict(win="9m"), 20, 3, "pair game, coloured or cornered", 2000, 2160),
    # cornered pair game: pairs of 1m 9m 1p 9p 1s E N, none of them South's: 20 + 2000
    ("1199m 1199p 11s EE NN", dict(win="N"), 20, 0, "pair game, coloured or cornered", 2000, 2020),
    # honours pair game: SS own wind 2 + RR GG PP 2 each = 8; + 20 = 28; all honours 4 doubles:
    # 28 x 16 = 448; + 3000 (not the 2000 or the 1000 it also matches)
    ("EESSWWNNRRGGPP", dict(win="E"), 28, 4, "pair game, honours", 3000, 3448),
    # green game: [222s] 2 + 666s 4 + 888s 4 + GG 2 + 20 = 32; one suit with honours x2 = 64; + 2000
    ("[222s] 666s 888s 234s GG", dict(win="4s"), 32, 1, "green game", 2000, 2064),
    # winds game: [EEE] [SSS] [WWW] exposed 4 each + NNN concealed 8 = 20; + 20 = 40; 55p nothing;
    # own wind S 1 = 1 double: 80; + 2000. No one-suit double: the rulebook's "Egyszínű az összes figura
    # (Sárkánnyal, vagy Széllal zárva)" (every figure of one suit, closed with a dragon or wind) is not met by
    # wind pungs (option one_suit_closing, default pair)
    ("[EEE] [SSS] [WWW] NNN 55p", dict(win="5p"), 40, 1, "winds game", 2000, 2080),
    # four friends: 4 + 4 + 4 + 8 = 20, RR 2, + 20 = 42; own wind 1 + all honours 4 = 5: 42 x 32 = 1344;
    # + 3000 (the winds game's 2000 also matches; only the highest counts)
    ("[EEE] [SSS] [WWW] NNN RR", dict(win="R"), 42, 5, "four friends", 3000, 4344),
    # world wonder with a 14th tile that pairs nothing: 20 + 4000
    ("19m 19p 19s ESWNRGP 5p", dict(win="5p"), 20, 0, "world wonder", 4000, 4020),
    # world wonder, 14th tile pairing 9s: 20 + 4000
    ("19m 19p 19s ESWNRGP 9s", dict(win="9s"), 20, 0, "world wonder", 4000, 4020),
]


@pytest.mark.parametrize("hand, sit, points, doubles, rule, extra, value", REWARD_ROWS)
def test_reward_hands(hand, sit, points, doubles, rule, extra, value):
    s = score(hand, V, seat="S", **sit)
    assert s.mahjong
    extras = [i for i in s.items if i.extra]
    assert [(i.rule, i.extra) for i in extras] == [(rule, extra)]  # only the highest is kept
    assert (s.points, s.doubles, s.value) == (points, doubles, value)


# hands that almost match a reward hand, with their value worked without it
ALMOST_ROWS = [
    # (nine lanterns laid out with an exposed [111p] is rewarded by default: the rulebook restricts only the pair
    # game to the hand, "ez csak kézből tehető le"; see test_hungarian_rules.py, option nine_lanterns_concealed)
    # no 5: 111 234 678 88 999p is not nine lanterns: 8 + 8 + 20 + 2 = 38 x 8 = 304
    ("11123467888999p", dict(win="2p", source="wall"), 38, 3, 304),
    # an even pair spoils the odd one-suit game: 8 + 4 + 4 + 4 + 20 = 40 x 8 = 320
    ("111333555777m 88m", dict(win="8m"), 40, 3, 320),
    # 678 instead of 789: not the one-suit row game: RR 2 + 20 = 22 x 2 = 44
    ("123345567678s RR", dict(win="R"), 22, 1, 44),
    # a red 5s is not green: [222s] 2 + 666s 4 + 888s 4 + GG 2 + 20 = 32 x 2 = 64
    ("[222s] 666s 888s 345s GG", dict(win="3s"), 32, 1, 64),
    # three wind pungs and a wind pair: [EEE] [SSS] [WWW] 12, NN 0, RRR 8, 20 = 40;
    # own wind 1 + dragon 1 + all honours 4 = 6: 40 x 64 = 2560, no reward
    ("[EEE] [SSS] [WWW] RRR NN", dict(win="N"), 40, 6, 2560),
]


@pytest.mark.parametrize("hand, sit, points, doubles, value", ALMOST_ROWS)
def test_almost_reward_hands_get_none(hand, sit, points, doubles, value):
    s = score(hand, V, seat="S", **sit)
    assert s.mahjong
    assert not [i for i in s.items if i.extra]
    assert (s.points, s.doubles, s.value) == (points, doubles, value)


@pytest.mark.parametrize("hand", [
    "123456789m ESW 55m",        # big row without N: no shape, a long hand
    "123456789m RG EE 55m",      # big row, dragons form without P
    "19m 19p 19s ESWNRG 5p 5p",  # world wonder without the white dragon
])
def test_almost_special_shapes_are_not_mahjong(hand):
    s = score(hand, V, seat="S")
    assert not s.mahjong and s.value == 0


def test_no_limit():
    # four friends at 4344 is not capped: there is no limit in this variant
    s = score("[EEE] [SSS] [WWW] NNN RR", V, seat="S", win="R")
    assert s.limit is None and s.value == 4344


def test_non_winning_hand_scores_points_and_doubles():
    # 13 tiles: [RRR] 4 + 555p 4 + 2f own flower 8 = 16; dragon pung x2 = 32 (no mah jong, no banker)
    s = score("[RRR] 555p 123m 78s N 2f", V, seat="S")
    assert not s.mahjong and (s.points, s.doubles, s.value) == (16, 1, 32)


# through the CLI's JSON, as rulebook examples are checked
def test_cli_json_reward_hand():
    data = score_json("[EEE] [SSS] [WWW] NNN RR", "--variant", V, "--seat", "S", "--win", "R")
    # 42 points, 5 doubles: 1344 + 3000 for four friends
    assert (data["mahjong"], data["points"], data["doubles"], data["value"]) == (True, 42, 5, 4344)
    assert data["limit_hand"] is None and data["limit_fraction"] == 0 and data["limit"] is None
    # Hergár IV, "Négybarát játék": the 9th line of the extra points (Nagysor 1 ... Világcsoda 10)
    assert {"rule": "four friends", "cite": "IV, extra points, line 9", "extra": 3000} in data["items"]


def test_cli_json_banker_option():
    data = score_json("[555p] 123m 789s 234s NN", "--variant", V, "--seat", "W", "--win", "3m",
                      "--option", "banker=W")
    # 2 + 20 = 22, x2 for the banker's win = 44
    assert (data["points"], data["doubles"], data["value"]) == (22, 1, 44)
    assert data["options"]["banker"] == "W"


def test_variants_lists_options_and_tables():
    code, out, err = run("variants", V)
    assert code == 0
    assert "banker" in out and "E, S, W, N" in out and "limit: none" in out
    for heading in ("Points for sets and pairs", "Winner's premium", "Doubles for the hand", "Extra reward hands"):
        assert heading in out
    assert "+4000 after doubling" in out
    code, out, err = run("variants", V, "--format", "json")
    data = json.loads(out)
    assert data["options"]["banker"] == {"type": "choice", "default": "E", "choices": ["E", "S", "W", "N"],
                                         "help": data["options"]["banker"]["help"]}
