"""Issue 31: `mjscore variants NAME` says the settlement in plain words (no Python mappings), each switch on
its own line with where the rulebook says it, and tells apart the rows of a table named alike.

Each expected line restates a switch of the table file (tables/*.yaml `settlement:`) and its `cites:`, read
from the file, not from the program's output."""

from __future__ import annotations

from helpers import run


def settlement_section(variant: str) -> str:
    code, out, err = run("variants", variant)
    assert (code, err) == (0, "")
    return out[out.index("settlement (how a deal is paid and moves on):"):]


def test_spanish_settlement_in_words():
    # tables/spanish.yaml: losers_settle true and east_double true (cites: Babcock (1923) ch. I, ch. VI),
    # draw none, east_keeps_deal_on_draw by option deal_after_draw (east-keeps: true, passes: false),
    # rounds_per_game 1, start_points 2000
    assert settlement_section("spanish") == """\
settlement (how a deal is paid and moves on):
  - the non-winners pay each other the differences of their hands  (Babcock
    (1923) ch. I)
  - East pays and receives double  (Babcock (1923) ch. VI)
  - a draw pays nothing (every hand's value is 0)
  - with deal_after_draw=east-keeps: after a draw East deals again; with
    deal_after_draw=passes: after a draw the deal passes
  - a game is 1 prevailing wind
  - each player starts a game at 2000
"""


def test_basque_settlement_in_words_with_no_python_mapping():
    # tables/basque.yaml settlement: (rules 69-80 as its comments quote them): collection caps only in clean
    # mode (2000, East 3000, rule 79), the false mah jong's fine in fractions of the limit (rule 71), faults
    # short/wrong restricted and long zero (long_hand 0), rotation for three players by option three_players
    out = settlement_section("basque")
    assert "{" not in out and "'" not in out.replace("non-winner's", "").replace("hand's", "")
    assert out == """\
settlement (how a deal is paid and moves on):
  - the non-winners pay each other the differences of their hands  (rule 70)
  - East pays and receives double  (rules 69-70)
  - a payment between non-winners is at most the limit (twice it with East)
    (rule 79)
  - with mode=clean: a player collects at most 2000 in a deal; otherwise: no cap
    on what a player collects  (rule 79)
  - with mode=clean: East collects at most 3000 in a deal; otherwise: no cap on
    what East collects  (rule 79)
  - with mode=clean: in a draw all players settle the differences of their
    hands; otherwise: a draw pays nothing (every hand's value is 0)  (rule 73)
  - after a draw East deals again
  - after a false mah jong East deals again
  - a false mah jong: the declarer pays each other player half the limit, East
    the limit, East declaring pays each player the limit  (rule 71)
  - a non-winner's short and wrong hands score their points with only the
    doubles of their sets and bonus tiles; a non-winner's long hands score the
    long hand's value (0)
  - played by 2, 3, 4, 5 or 6 players
  - with three_players=every-deal: with 3 players the deal passes after every
    deal, whoever won; with three_players=as-the-deal-passes: the deal passes as
    usual
  - with two players nobody pays double
"""


def test_every_variant_says_its_settlement_without_python_reprs():
    for variant in ("spanish", "basque", "hungarian", "danish", "dmjl", "bmja"):
        out = settlement_section(variant)
        assert not any(mark in out for mark in ("{", "}", "True", "False", "None", "=[")), variant


def test_spanish_rows_named_alike_are_named_apart():
    # tables/spanish.yaml: two "pung of honours" rules, `tiles: wind` and `tiles: dragon` (p. 2 §6 lists winds and
    # dragons apart: "Tres del mismo palo de los Vientos", "... de los Dragones"); exposed 4, concealed 8
    code, out, _ = run("variants", "spanish")
    assert """\
exposed pung of honours (wind)      4 points   p. 2 §6
concealed pung of honours (wind)    8 points   p. 2 §6
exposed pung of honours (dragon)    4 points   p. 2 §6
concealed pung of honours (dragon)  8 points   p. 2 §6
""" in out
    assert "kong of honours (dragon)" in out and "\nexposed pung of honours  " not in out


def test_mcr_settlement_in_words_names_its_base_payment_and_table_points():
    # tables/mcr.yaml: losers_settle false, east_double false, base_payment 8, discarder_pays true,
    # rotate_every_deal [4], east_keeps_deal_on_draw false, east_keeps_deal_on_false_mahjong false,
    # false_mahjong {to_others: 10}, table_points [4, 2, 1, 0]; payments mcr (issue 43: a referee's deal keys)
    assert settlement_section("mcr") == """\
settlement (how a deal is paid and moves on):
  - each loser pays the winner the hand's value; a referee may enter per deal
    false wins (their fine paid, play going on), penalty points and a time-out
  - the non-winners pay each other nothing
  - East pays and receives as the others do
  - every other player pays the winner 8 besides the hand's value
  - on a discard (or a robbed kong) the discarder alone pays the hand's value
  - with 4 players the deal passes after every deal, whoever won
  - after a draw the deal passes
  - after a false mah jong the deal passes
  - a false mah jong: the declarer pays each other player 10
  - a game's places earn table points in standings: 4, 2, 1, 0 (ties share)
"""


def test_riichi_settlement_in_words_says_what_riichi_pays():
    # tables/riichi.yaml: payments riichi, honba 100, riichi_stick 1000, draw tenpai, tenpai_payment 3000,
    # return_points 30000, uma by ruleset (tenhou 20/10/-10/-20), ends_below_zero true under tenhou only, double_ron
    # and nagashi_mangan true under tenhou and ema, east_keeps_deal_on_draw_if_waiting true (which says the plain switch's case)
    said = " ".join(settlement_section("riichi").split())
    for line in ("a win is paid in base points as riichi pays it: by the discarder alone on a discard, by all three "
                 "on a self-drawn win (the dealer a double share); a dealer's win is paid 1.5 times; each payment "
                 "rounded up to 100",
                 "each honba counter on the table adds 100 from each payer (a discarder pays it for all three)",
                 "a riichi declaration puts 1000 on the table, which the next winner takes",
                 "at an exhaustive draw the players not waiting pay those waiting",
                 "a draw's payment to the players waiting is 3000 in all",
                 "game results are counted from 30000",
                 "with ruleset=tenhou: uma by place, in thousands: +20/+10/-10/-20",
                 "with ruleset=tenhou: a player going below zero ends the game; with ruleset=ema: a player below "
                 "zero plays on",
                 "with ruleset=tenhou: two players may win on one discard, each paid by the discarder; with "
                 "ruleset=ema: two players may win on one discard, each paid by the discarder; with ruleset=wrc: "
                 "only the player nearest the discarder may win on a discard",
                 "with ruleset=tenhou: nagashi mangan is paid at an exhaustive draw, as a self-drawn mangan",
                 "- after a draw East deals again only if waiting"):
        assert line in said, line
    assert "differences" not in said  # a riichi draw pays the players waiting, not hands' differences
    assert "- after a draw East deals again -" not in said + " -"
