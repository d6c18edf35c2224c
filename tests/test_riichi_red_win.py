"""`riichi`: a five won on is the five the hand holds, red (0m 0p 0s) or plain, and `waits` counts the red fives.

The hand's text is the only record of which fives are red, and a red five is a dora (Tenhou rules: aka dora,
one double each; EMA RCR 2016 and the WRC rules play without them). So `--win 0p` on a hand that writes no 0p,
or `--win 5p` on a hand whose only 5p is written 0p, says two things of which one is wrong by a double: it is
refused in one line that says which tile to give or what to write, never scored as one of them. A hand holding
both a 0p and a plain 5p may be won on either; they score alike (the red five is counted from the hand).

Values worked by hand from the riichi rules (tests/test_riichi.py's docstring: fu 20 base, +10 a concealed hand
won on a discard, +2 self-drawn, +2 a closed wait; rounded up to 10; base points fu x 2^(han+2); a non-dealer's
discard win paid 4 x base, rounded up to 100).
"""

import pytest

import mjscore
from helpers import run
from mjscore.errors import SituationError

PLAIN = "234m 567p 345s 678s 55p"  # a plain 5p pair, no red five
BOTH = "234m 067p 345s 678s 55p"  # a red 0p in the chow 567p, a plain 5p pair
RED_ONLY = "234m 406p 345s 678s 88p"  # the only 5p is the red one, in 456p


def test_a_red_five_the_hand_does_not_hold_is_refused_in_one_line():
    code, out, err = run("score", PLAIN, "-v", "riichi", "--win", "0p")
    assert (code, out) == (2, "")
    assert err == ("mjscore: error: --win 0p: the hand holds no red five 0p, only plain 5p; give --win 5p, "
                   "or write the red five in the hand as 0p\n")


def test_a_plain_five_the_hand_does_not_hold_is_refused_in_one_line():
    # the converse: the hand writes its only 5p red, the winning tile is said plain; a referee asks which
    code, out, err = run("score", RED_ONLY, "-v", "riichi", "--win", "5p")
    assert (code, out) == (2, "")
    assert err == ("mjscore: error: --win 5p: the hand holds no plain 5p, only the red five 0p; give --win 0p, "
                   "or write the five in the hand as 5p if it is not red\n")
    with pytest.raises(SituationError, match="^--win 5p: the hand holds no plain 5p"):
        mjscore.score(RED_ONLY, "riichi", seat="S", win="5p")


def test_the_red_five_held_is_won_on():
    # 234m 406p 345s 678s 88p won by South on the red 0p from a discard, completing 456p on its middle (a closed
    # wait: no pinfu): fu 20 + 10 closed ron + 2 closed wait = 32 -> 40; han: tanyao 1 + the red five 1 = 2;
    # base 40 x 2^4 = 640; the discarder pays 4 x 640 = 2560 -> 2600
    s = mjscore.score(RED_ONLY, "riichi", seat="S", win="0p")
    assert (s.family_value.han, s.family_value.fu, s.value, s.family_value.total) == (2, 40, 640, 2600)


@pytest.mark.parametrize("tile", ["0p", "5p"])
def test_a_hand_with_both_fives_is_won_on_either_alike(tile):
    # 234m 0567p 345s 678s won by South on a 5p from a discard completing 567p on its end: pinfu 1 + tanyao 1 +
    # the red five 1 = 3 han; fu 20 + 10 closed ron = 30; base 30 x 2^5 = 960; 4 x 960 = 3840 -> 3900,
    # "30 fu 3 han: 3900" (the red five is the hand's, whichever five won)
    s = mjscore.score(BOTH, "riichi", seat="S", win=tile)
    assert (s.family_value.han, s.family_value.fu, s.value, s.family_value.total) == (3, 30, 960, 3900)
    assert s.items[2].rule == "Red five"


def test_a_drawn_red_five_is_among_the_concealed_tiles():
    # the red five lies in the claimed chow [406p]: a drawn tile is never there, and the concealed 5p are plain
    code, out, err = run("score", "[406p] 234m 345s 678s 55p", "-v", "riichi", "--win", "0p", "--from", "wall")
    assert (code, out) == (2, "")
    assert err == ("mjscore: error: --win 0p: the hand holds no red five 0p among the concealed tiles, only plain "
                   "5p; give --win 5p, or write the red five in the hand as 0p\n")
    # won on the plain 5p of the pair: tanyao 1 + the red five 1 (in the chow) = 2 han, an open hand: fu 20 +
    # 2 self-drawn + 2 single wait = 24 -> 30; base 30 x 2^4 = 480
    s = mjscore.score("[406p] 234m 345s 678s 55p", "riichi", seat="S", win="5p", source="wall")
    assert (s.family_value.han, s.family_value.fu, s.value) == (2, 30, 480)


def test_heaven_names_a_five_the_dealt_hand_holds():
    code, out, err = run("score", "{5555p} 234m 345s 678s EE", "-v", "riichi", "--win", "0p", "--also", "heaven")
    assert (code, out) == (2, "")
    assert err.startswith("mjscore: error: --win 0p: the hand holds no red five 0p, only plain 5p; give --win 5p")


DEAL = """variant: riichi
round: E
hands:
  E: "{hand}"
  S: ""
  W: ""
  N: ""
winner: E
win: {{tile: {tile}, from: discard, discarder: S}}
"""


@pytest.mark.parametrize("hand, tile, says", [
    (PLAIN, "0p", "win.tile 0p: the hand holds no red five 0p, only plain 5p; give tile: 5p, or write the red five "
                  "in the hand as 0p"),
    (RED_ONLY, "5p", "win.tile 5p: the hand holds no plain 5p, only the red five 0p; give tile: 0p, or write the "
                     "five in the hand as 5p if it is not red"),
])
def test_a_deal_file_names_its_place(tmp_path, hand, tile, says):
    deal = tmp_path / "deal.yaml"
    deal.write_text(DEAL.format(hand=hand, tile=tile), encoding="utf-8")
    code, out, err = run("settle", str(deal))
    assert (code, out) == (2, "")
    assert err == f"mjscore: error: {deal}: {says}\n"


def test_batch_names_the_deal(tmp_path):
    game = tmp_path / "g.yaml"
    game.write_text("variant: riichi\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    f"  - hands: {{Ann: '{PLAIN}', Bo: '', Cy: '', Di: ''}}\n    winner: Ann\n"
                    "    win: {tile: 0p, from: discard, discarder: Bo}\n", encoding="utf-8")
    code, out, err = run("batch", str(game))
    assert code == 1 and err == "mjscore: 1 of 1 deals not scored\n"
    assert (f"NOT SCORED: {game} line 4 (deal 1): win.tile 0p: the hand holds no red five 0p, only plain 5p; "
            "give tile: 5p, or write the red five in the hand as 0p\n") in out


def test_waits_count_the_red_five():
    # 234m 0567p 34567s waits on 2s (234s 567s), 5s (345s 567s), 8s (345s 678s), each a two-sided wait of a chow:
    # on a discard pinfu 1 + tanyao 1 + the red five 1 = 3 han 30 fu: 30 x 2^5 = 960; drawn, menzen tsumo
    # 1 more, 20 fu (pinfu takes no tsumo fu): 20 x 2^6 = 1280. Without the red five: 480 and 640.
    red = mjscore.waits("234m 067p 345s 67s 55p", "riichi")
    plain = mjscore.waits("234m 567p 345s 67s 55p", "riichi")
    assert [(w.tile, w.discard, w.wall) for w in red.waits] == [("2s", 960, 1280), ("5s", 960, 1280),
                                                                ("8s", 960, 1280)]
    assert [(w.discard, w.wall) for w in plain.waits] == [(480, 640)] * 3
    code, out, err = run("waits", "234m 067p 345s 67s 55p", "-v", "riichi")
    assert code == 0 and out.startswith("234m 067p 345s 67s 55p: waits on 3 tiles\n")  # (as typed)


def test_near_misses_keep_the_red_five():
    # 234m 234p 345s 0567s 88p won by South on 5s from a discard: pinfu 1 + tanyao 1 + the red five 1 = 3 han,
    # 30 fu. Won on 2s instead (234s 567s; the hand's 0s stays in 567s): sanshoku doujun 2 more, 5 han: mangan,
    # base 2000; the same hand written without its red five: 4 han 30 fu, 30 x 2^6 = 1920
    def sanshoku(hand):
        return next(m.value for m in mjscore.near_misses(hand, "riichi", seat="S", win="5s")
                    if m.rule == "Sanshoku doujun")

    assert sanshoku("234m 234p 345s 067s 88p") == 2000
    assert sanshoku("234m 234p 345s 567s 88p") == 1920
