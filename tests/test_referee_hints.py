"""Issue 31, the referee's input hints: a mistyped tile, a word for where the tile came from and an option's
name get "did you mean ...?"; a discarder for a tile from the wall is refused; a winning tile guessed by
`settle` is said in its table; Danish rounding says why; a 14-tile hand that is no mah jong says so and which
single tile changed would make it one."""

from __future__ import annotations

import json

import pytest

import mjscore
from helpers import ROOT, run

PACKAGED = ", ".join(sorted(p.stem for p in (ROOT / "tables").glob("*.yaml")))  # the variants a user has

HAND = "[555p] 123m 789s SSS NN"


@pytest.mark.parametrize("args, message", [
    (["--win", "7S"], "--win: digits without a suit letter: 7 before 'S' (write 7m, 7p or 7s); did you mean 7s?\n  7S\n  ^^\n"),
    (["--from", "self"], "--from must be one of discard, wall, loose, kong, not 'self'; did you mean wall?\n"),
    (["--from", "wal"], "--from must be one of discard, wall, loose, kong, not 'wal'; did you mean wall?\n"),
    # (the option meant, without the list of every option: one short line; an option near none lists them all)
    (["--option", "lmit=100"], "spanish has no option 'lmit'; did you mean limit?\n"),
    (["--option", "colour=red"], "spanish has no option 'colour' (options: deal_after_draw, limit, "
                                 "nothing_but_mahjong, only_possible_place)\n"),
    # the way variant names were already hinted, kept
    (["-v", "basqe"], "no variant 'basqe'; did you mean basque? (variants: " + PACKAGED + ")\n"),
    # a message that names the tile already does not say it twice
    (["--win", "e"], "--win: 'e' is not a tile: winds and dragons are upper case (E)\n  e\n  ^\n"),
])
def test_typos_get_a_did_you_mean(args, message):
    assert run("score", HAND, "--seat", "S", *args) == (2, "", "mjscore: error: " + message)


SEATED = ["--east", "[RRR] 234m 55s 78p NN", "--south", HAND, "--west", "[111s] 456m 99m 2468p",
          "--north", "123s 567s 3p 4p 6m 7m 9m WW"]


def test_a_discarder_of_a_tile_from_the_wall_is_refused():
    assert run("settle", *SEATED, "--winner", "S", "--win", "7s", "--from", "wall", "--discarder", "W") == (
        2, "", "mjscore: error: deal: win.discarder: W is given, but the winning tile came from the wall "
               "(win.from: wall): only a discard or a robbed kong has a discarder; leave it out, or write from: "
               "discard\n")


def test_a_discarder_of_a_robbed_kong_is_kept():
    code, out, err = run("settle", *SEATED, "--winner", "S", "--win", "7s", "--from", "kong", "--discarder", "W",
                         "--format", "json")
    assert (code, err) == (0, "") and json.loads(out)["hands"]["S"]["from"] == "kong"


def test_settle_without_win_says_in_the_table_that_the_tile_was_guessed():
    code, out, err = run("settle", *SEATED, "--winner", "S")
    assert (code, err) == (0, "")
    # the tile settle took is the one its JSON names (score's own choice of the best reading)
    guessed = json.loads(run("settle", *SEATED, "--winner", "S", "--format", "json")[1])["hands"]["S"]["win"]
    assert guessed == "1m"
    assert ("note: the winning tile was not given: 1m was guessed, the tile that scores South's hand best; give "
            "the tile that won (--win TILE, or win: {tile: ...})\n") in out
    code, out, err = run("settle", *SEATED, "--winner", "S", "--win", "7s")
    assert "was guessed" not in out


def test_danish_rounding_says_why():
    # danish, South wins on a discarded 7s (tables/danish.yaml, its numbers the classical tables'
    # (Millington / BMJA), as the Danish text's tables are missing): [555p] exposed pung of simples 2; SSS
    # concealed pung of honours 8 and own wind 1 double; NN neither own nor prevailing wind: 0; mah jong 20;
    # 7s the only tile 89s waits on: only possible tile 2. Base 2 + 8 + 20 + 2 = 32, 32 x 2^1 = 64, and the
    # final value is read from the table of final values, done as rounding up to the next 10: 70.
    assert run("score", HAND, "-v", "danish", "--seat", "S", "--win", "7s") == (0, """\
danish: [555p] 123m 789s SSS NN  (seat S, round E, won on 7s from discard, completing 789s)
arrangement: [555p] 123m 789s SSS NN  (mah jong)

rule                                    tiles    points    doubles    limit/extra    rulebook
--------------------------------------  -------  --------  ---------  -------------  -----------------------------
exposed pung of simples                 [555p]   2                                   classical (Millington / BMJA)
chow                                    123m                                         classical (Millington / BMJA)
chow                                    789s                                         classical (Millington / BMJA)
concealed pung of terminals or honours  SSS      8                                   classical (Millington / BMJA)
pung of own wind                        SSS                1                         classical (Millington / BMJA)
mah jong                                         20                                  Spillets afvikling ¶2
only possible tile                               2                                   classical (Millington / BMJA)

base points 32, doubles 1: 32 x 2^1 = 64, rounded up to a multiple of 10: final value 70 (classical (Millington / \
BMJA); the Danish table of final values is missing)
value: 70
""", "")


def test_a_fourteen_tile_hand_that_is_no_mahjong_says_so_and_what_would_win():
    # 123m 456m 789m EEE N W: four sets and two odd winds, no pair. Changing N for W (a pair of W) or W for N
    # (a pair of N) makes four sets and a pair; no other single tile does (every other tile is in a set).
    # spanish's long hand is worth 0 ("assumed: no words on pp. 1-2", tables/spanish.yaml).
    assert run("score", "123m 456m 789m EEE NW") == (0, """\
spanish: 123m 456m 789m EEE NW  (seat E, round E)

rule                tiles    points    doubles    limit/extra    rulebook
------------------  -------  --------  ---------  -------------  ----------------------------
not a winning hand                                               assumed: no words on pp. 1-2

base points 0, doubles 0: 0 x 2^0 = 0
value: 0
note: not a winning hand: 14 tiles in no winning shape of spanish (standard)
not a winning hand: one tile changed makes it one: W for N; N for W
""", "")
    import mjscore

    assert [w.to_dict() for w in mjscore.nearest_wins("123m 456m 789m EEE NW")] == [
        {"change": "W", "to": ["N"]}, {"change": "N", "to": ["W"]}]


def test_a_fourteen_tile_hand_far_from_winning_says_so():
    # thirteen odd tiles and a 5p: spanish plays the standard shape only, and no pair or set can be made of
    # these by changing one tile (five pairs would be needed ... at least eight tiles change)
    code, out, _ = run("score", "1m 9m 1p 9p 1s 9s E S W N R G 5m 5p")
    assert out.endswith("not a winning hand: no single tile changed makes it one\n")


def test_a_winning_hand_has_no_such_line():
    code, out, _ = run("score", HAND, "--seat", "S", "--win", "7s")
    assert "not a winning hand" not in out



# --- score --all and --explain: each reading once, with the set the winning tile completed ---------------------

def test_all_shows_each_reading_once_with_its_completed_set_and_explain_names_the_difference():
    # spanish p. 2 §6: 111m a concealed pung of terminals 8, but completed by a discarded 1m it counts as
    # exposed: 4; chows 0 (p. 1 §4), NN (North, seat E, round E) 0, mah jong 20. 1m completing 123m: 8 + 20 = 28;
    # completing 111m: 4 + 20 = 24. The search finds 111m 123m and 123m 111m: one reading each, shown once.
    assert run("score", "111m 123m 456p 789s NN", "--win", "1m", "--all", "--explain") == (0, """\
spanish: 111m 123m 456p 789s NN  (seat E, round E, won on 1m from discard, completing 123m)
arrangement: 111m 123m 456p 789s NN  (mah jong)

rule                         tiles    points    doubles    limit/extra    rulebook
---------------------------  -------  --------  ---------  -------------  ----------
concealed pung of terminals  111m     8                                   p. 2 §6
chow                         123m                                         p. 1 §4
chow                         456p                                         p. 1 §4
chow                         789s                                         p. 1 §4
mah jong                              20                                  p. 2 §6

base points 28, doubles 0: 28 x 2^0 = 28
value: 28

arrangements considered (best first):
arrangement             win    completing    points    doubles    limit hand    value
----------------------  -----  ------------  --------  ---------  ------------  -------  ----
111m 123m 456p 789s NN  1m     123m          28        0                        28       kept
111m 123m 456p 789s NN  1m     111m          24        0                        24

why this arrangement: 111m 123m 456p 789s NN is worth 28; the next best, 111m 123m 456p 789s NN with 1m \
completing 111m, is worth 24
  counted here only: concealed pung of terminals 111m (8 points)
  counted there only: exposed pung of terminals 111m (4 points)

near misses: none (no limit hand or doubling rule is one winning tile, one circumstance or one swapped tile away)

the rulebook's words for each rule counted:
  - concealed pung of terminals (p. 2 §6), chow (p. 1 §4)
      es, p. 1 §4: “Los chow no valen nada, y los pung, formados por fichas
        medias, sólo valen la mitad que si fueran fichas de primera.”
      in English: Chows are worth nothing, and pungs made of middle tiles are
        worth only half what they would be if they were first tiles (1 and 9).
  - mah jong (p. 2 §6)
      es, p. 1 §4: “Entonces, el jugador puede cantar " iMah Jongg! " y puntúa.”
      in English: Then [with four sets and a pair] the player may call "Mah
        Jongg!" and scores.
""", "")
    data = json.loads(run("score", "111m 123m 456p 789s NN", "--win", "1m", "--all", "--explain",
                          "--format", "json")[1])
    assert [(a["arrangement"], a["win_set"], a["value"]) for a in data["alternatives"]] == [
        (["111m", "123m", "456p", "789s", "NN"], "111m", 24)]
    assert (data["runner_up"]["win_set"], data["runner_up"]["value"]) == ("111m", 24)


def test_a_riichi_hand_without_a_yaku_gets_its_nearest_wins_not_an_internal_error():
    # 123m 55m 456p 234s 789s won on 5m (the pair): all sets, but no yaku (5m completes the pair: no pinfu; 1m
    # and 9s: no tanyao), so no win (Tenhou rules: a hand needs a yaku). Swapping 1m for 4m and winning on 4m
    # (23m waiting on 1m or 4m, a two-sided wait; every set a chow; the pair 55m no value; concealed, on a
    # discard) is pinfu, 1 han: a win. Each swap was checked with the scorer once by hand. It raised IndexError:
    # the swaps' situation lacked the dora indicators.
    code, out, err = run("score", "123m 456p 789s 234s 55m", "--variant", "riichi", "--win", "5m")
    assert (code, err) == (0, "")
    assert "note: not mah jong: no yaku: a riichi hand needs one to win (dora do not count)" in out
    assert out.rstrip().endswith("not a winning hand: one tile changed makes it one: 1m for 4m; 4p for 7p; "
                                 "6p for 3p; 2s for 5s; 4s for 1s; 9s for 6s")
    won = mjscore.score("234m 456p 789s 234s 55m", "riichi", win="4m")
    assert won.mahjong and won.family_value.han == 1 and [i.rule for i in won.items if i.doubles] == ["Pinfu"]
