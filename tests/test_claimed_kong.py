"""`<6666m>`: a kong made by claiming a discard to a concealed pung (KDE Kajongg's `aaaA`).

Kajongg scores it as an exposed kong for its points and counts it as concealed for four hand rules:
"Three Concealed Pongs", "Only Concealed Melds", "Concealed True Color Game" and "Hidden Treasure"
(KDE Kajongg, rulecode.py: `isExposed and not isClaimedKong`; ThreeConcealedPongs: `isConcealed or
isClaimedKong`); every other rule, and every other variant, takes it as the exposed kong it is. The
expected numbers are Kajongg's own, from the robot games named, or worked out from the tables cited.
"""

import json

import pytest

from helpers import run, score, score_json

import mjscore
from mjscore.hand.notation import parse_hand


def test_written_and_printed_back():
    h = parse_hand("[123m] <6666m> 444p 77p 999m 2f 3f")
    kong = h.melds[1]
    assert (kong.kind, kong.exposed, kong.claimed) == ("kong", True, True)
    assert h.tile_count == 14  # a kong counts as three
    assert h.notation() == "[123m] <6666m> 999m 44477p 23f"
    assert parse_hand("< 6m 6m 6m 6m >").notation() == "<6666m>"
    assert parse_hand("<EEEE> 111m 222m 333m 99p").notation() == "<EEEE> 111222333m 99p"


@pytest.mark.parametrize("hand, message, carets", [
    ("<666m> 123p", "a kong claimed onto a concealed pung is four alike tiles, e.g. <6666m>, not <666m>",
     "^^^^^^"),
    ("<6667m> 123p", "a kong claimed onto a concealed pung is four alike tiles, e.g. <6666m>, not <6667m>",
     "^^^^^^^"),
    ("<6666m 123p", "'<' is not closed by '>'", "^^^^^^ ^^^^"),
    ("6666m> 123p", "'>' without an opening bracket", "     ^"),
    ("<1f1f1f1f>", "flowers and seasons are not part of sets", None),
])
def test_malformed_is_one_line_with_a_caret(hand, message, carets):
    code, out, err = run("score", hand)
    assert (code, out) == (2, "")
    lines = err.splitlines()
    assert lines[0].startswith(f"mjscore: error: {message}"), err
    if carets is not None:
        assert lines[1:] == ["  " + hand, "  " + carets]


# --- Kajongg's robot games --------------------------------------------------------------------------

def test_dmjl_seed_3_deal_1_three_concealed_pongs():
    """DMJL seed 3 deal 1, South wins on the loose tile: Kajongg `c1c2c3 c6c6c6C6 S4S4S4 S7S7 C9C9C9 fs fw me
    LC9C9C9C9`, 200: Exposed Kong 8 + Concealed Pung 4 + Concealed Pung of Terminals 8 + Flower 4 + 4 +
    Standard Mah Jongg 20 + Won with Last Tile Taken from Wall 2 = 50; Three Concealed Pongs 1 double (the
    claimed kong counts) + Last Tile Taken from Dead Wall 1: 50 x 4 = 200. (Written [6666m] it is 100.)"""
    d = score_json("[123m] <6666m> 444p 77p 999m 2f 3f", "--variant", "dmjl", "--seat", "S", "--round", "E",
                   "--win", "9m", "--from", "loose")
    assert (d["points"], d["doubles"], d["value"]) == (50, 2, 200)
    assert sorted(i["rule"] for i in d["items"]) == sorted([
        "Exposed Kong", "Concealed Pung", "Concealed Pung of Terminals", "Flower", "Flower", "Three Concealed Pongs",
        "Standard Mah Jongg", "Last Tile Taken from Dead Wall", "Won with Last Tile Taken from Wall"])  # Kajongg's list
    assert {"rule": "Exposed Kong", "cite": "DMJL and BMJA (Kajongg): Meld Rules", "tiles": "<6666m>", "points": 8} \
        in d["items"]
    plain = score("[123m] [6666m] 444p 77p 999m 2f 3f", "dmjl", seat="S", win="9m", source="loose")
    assert plain.value == 100  # 50 x 2: two concealed pungs only, no Three Concealed Pongs


def test_bmja_seed_5_deal_20_only_concealed_melds():
    """BMJA seed 5 deal 20, East wins from the wall in round W: Kajongg `wwwwwwWw s5s5s5S5 S1S1 B1B1B1 B2B3B4
    ye fs ys fw yn mw LB1B1B1B1`, 592: Exposed Kong of Honors 16 + Exposed Kong 8 + Concealed Pung of
    Terminals 8 + five bonus tiles 5 x 4 + Standard Mah Jongg 20 + Won with Last Tile Taken from Wall 2 = 74;
    Pung/Kong of Round Wind 1 + Own Season (1y, East) 1 + Only Concealed Melds 1 (both kongs claimed onto
    concealed pungs): 74 x 8 = 592. (Written [WWWW] [5555p] it is 296.)"""
    hand = "<WWWW> <5555p> 11p 111s 234s 1y 2f 2y 3f 4y"
    d = score_json(hand, "--variant", "bmja", "--seat", "E", "--round", "W", "--win", "1s", "--from", "wall")
    assert (d["points"], d["doubles"], d["value"]) == (74, 3, 592)
    assert "Only Concealed Melds" in [i["rule"] for i in d["items"]]
    assert score(hand.replace("<", "[").replace(">", "]"), "bmja", seat="E", round="W", win="1s",
                 source="wall").value == 296


# each hand's value and net, Kajongg's `points` and `payments`, with Kajongg's seats
SETTLED = [
    pytest.param({"variant": "dmjl", "round": "E",
                  "hands": {"E": "[WWW] [222p] P G R E 4p 5p 6p 1f 1y 3y", "S": "[123m] <6666m> 444p 77p 999m 2f 3f",
                            "W": "[444m] [789p] [PPP] 6p 6p 1m 9m 4f", "N": "[999s] [111s] [222s] G G R 6p 2y 4y"},
                  "winner": "S", "win": {"tile": "9m", "from": "loose"}},
                 {"E": (36, -336), "S": (200, 800), "W": (20, -232), "N": (20, -232)}, id="DMJL seed 3 deal 1"),
    pytest.param({"variant": "bmja", "round": "W",
                  "hands": {"N": "[SSS] [888p] [666p] 9p 6s 6s 6s", "S": "[666m] [3333p] R R 1p 1p 9s 9s 9s",
                            "E": "<WWWW> <5555p> 1p 1p 1s 1s 1s 2s 3s 4s 1y 2f 2y 3f 4y",
                            "W": "[888s] [GGG] P R R 1s 2s 2s 9s 4f"},
                  "winner": "E", "win": {"tile": "1s", "from": "wall"}},
                 {"E": (592, 3552), "S": (20, -1180), "W": (24, -1168), "N": (12, -1204)}, id="BMJA seed 5 deal 20"),
    # a validation game: the winner's two claimed kongs, and a loser's (`s1s1s1S1`), which scores its points
    pytest.param({"variant": "dmjl", "round": "S",
                  "hands": {"S": "[666m] [PPP] [7777m] R R R E", "E": "<1111m> <7777s> E E 3s 4s 5s 6s 6s 6s 2y 1f 4y",
                            "N": "[234m] [345p] G R 6p 6p 7p 8p 9p 3y 3f", "W": "[123s] [345s] [888s] <1111p> E 4f 2f 1y"},
                  "winner": "E", "win": {"tile": "6s", "from": "loose"}},
                 {"E": (500, 3000), "S": (88, -862), "W": (30, -1036), "N": (8, -1102)},
                 id="DMJL seed 111 deal 10 (validation), Kajongg 500"),
]


@pytest.mark.parametrize("deal, kajongg", SETTLED)
def test_kajongg_deals_settle_alike(deal, kajongg):
    st = mjscore.settle(deal)
    assert {seat: (s.value, st.net[seat]) for seat, s in st.scores.items()} == kajongg


# --- concealed for exactly those four rules, in dmjl ------------------------------------------------------

@pytest.mark.parametrize("hand, limit_hand, bracketed_value", [
    # [2222m] Exposed Kong 8 + three Concealed Pungs 3 x 4 + Standard Mah Jongg 20 + Won with Last Tile Taken
    # from Wall 2 = 42; Three Concealed Pongs 1 + No Chow 1 double: 168
    ("<2222m> 444p 666s 888m 99p", "Hidden Treasure", 168),
    # [2222m] 8 + 888m 4 + 20 + 2 = 34; True Color Game 3 doubles: 272
    ("<2222m> 345m 567m 888m 99m", "Concealed True Color Game", 272),
])
def test_limit_hands_count_it_concealed(hand, limit_hand, bracketed_value):
    """DMJL Winner Rules: Hidden Treasure (four pungs or kongs, no exposed group, self-drawn) and Concealed
    True Color Game (one suit, no honour, no exposed group) are limit hands, 1 x limit 500 (tables/dmjl.yaml);
    with a kong claimed onto a concealed pung they hold (Kajongg rulecode.py HiddenTreasure,
    ConcealedTrueColorGame: `x.isExposed and not x.isClaimedKong`); with an exposed kong they do not."""
    d = score_json(hand, "--variant", "dmjl", "--win", "8m", "--from", "wall")
    assert (d["limit_hand"], d["limit_fraction"], d["value"]) == (limit_hand, 1, 500)
    exposed = score_json(hand.replace("<", "[").replace(">", "]"), "--variant", "dmjl", "--win", "8m", "--from", "wall")
    assert (exposed["limit_hand"], exposed["value"]) == (None, bracketed_value)


def test_original_call_counts_it_exposed():
    """DMJL Winner Rules "Mah Jongg with Original Call" (1 double) allows at most two exposed groups; Kajongg
    counts a claimed kong as exposed there (rulecode.py MahJonggWithOriginalCall: `sum(x.isExposed ...) < 3`):
    with <1111p> <9999p> and the pung completed by the claimed 5s, three, so no double; with {9999p}, a
    declared concealed kong, two, so the double."""
    three = score_json("<1111p> <9999p> 222m 555s 77s", "--variant", "dmjl", "--win", "5s", "--also", "original-call")
    assert "Mah Jongg with Original Call" not in [i["rule"] for i in three["items"]]
    two = score_json("<1111p> {9999p} 222m 555s 77s", "--variant", "dmjl", "--win", "5s", "--also", "original-call")
    assert {"rule": "Mah Jongg with Original Call", "cite": "DMJL (Kajongg): Winner Rules", "doubles": 1} \
        in two["items"]


# --- every other variant: <6666m> is [6666m] -------------------------------------------------------------

def test_spanish_scores_it_as_an_exposed_kong():
    """spanish, p. 2 §6: an exposed kong of simples 8 ("Cuatro del mismo palo (fichas medias): 8 puntos",
    expuestas), 999m a concealed pung of terminals 8, 444p a concealed pung of simples 4, mah jong 20, won on
    a loose tile 10 ("Terminar el juego con una ficha suelta"): 50, no doubles; exactly as [6666m]."""
    claimed = score_json("[123m] <6666m> 444p 77p 999m", "--seat", "S", "--win", "9m", "--from", "loose")
    plain = score_json("[123m] [6666m] 444p 77p 999m", "--seat", "S", "--win", "9m", "--from", "loose")
    assert claimed["value"] == 50
    assert {"rule": "exposed kong of simples", "cite": "p. 2 §6", "tiles": "<6666m>", "points": 8} in claimed["items"]
    for d in (claimed, plain):
        for i in d["items"]:
            i.pop("tiles", None)
        d.pop("hand"), d.pop("arrangement")
    assert claimed == plain


@pytest.mark.parametrize("variant", ["spanish", "basque", "hungarian", "danish"])
@pytest.mark.parametrize("hand, win, how", [
    ("<6666m> 123m 444p 77p 999m", "9m", "wall"),       # all else concealed: a concealed-hand rule must not count it
    ("<EEEE> <RRRR> 234s 55p 777m", "7m", "discard"),
    ("<2222s> 333s 444s 666s 88s", "8s", "wall"),       # one suit, pungs: a concealed one-suit limit must not
])
def test_other_variants_score_it_as_bracketed(variant, hand, win, how):
    bracketed = hand.replace("<", "[").replace(">", "]")
    a = mjscore.score(hand, variant, win=win, source=how)
    b = mjscore.score(bracketed, variant, win=win, source=how)
    assert (a.value, a.points, a.doubles, a.limit_hand, [i.rule for i in a.items]) == \
           (b.value, b.points, b.doubles, b.limit_hand, [i.rule for i in b.items])


def test_web_api_and_json_keep_it(tmp_path):
    d = score_json("<WWWW> <5555p> 11p 111s 234s 1y 2f 2y 3f 4y", "--variant", "bmja", "--seat", "E", "--round", "W",
                   "--win", "1s", "--from", "wall")
    assert d["hand"] == "<WWWW> <5555p> 11p 111234s 23f 124y" and d["arrangement"][:2] == ["<WWWW>", "<5555p>"]
    code, out, err = run("settle", "--variant", "dmjl", "--winner", "S", "--win", "9m", "--from", "loose",
                         "--east", "[WWW] [222p] P G R E 4p 5p 6p 1f 1y 3y", "--south", "[123m] <6666m> 444p 77p 999m 2f 3f",
                         "--west", "[444m] [789p] [PPP] 6p 6p 1m 9m 4f", "--north", "[999s] [111s] [222s] G G R 6p 2y 4y",
                         "--format", "json")
    assert code == 0, err
    assert json.loads(out)["net"] == {"E": -336, "S": 800, "W": -232, "N": -232}  # DMJL seed 3 deal 1, as above


def test_glyphs_keep_its_brackets():
    code, out, err = run("score", "[123m] <6666m> 444p 77p 999m 2f 3f", "--variant", "dmjl", "--seat", "S", "--win",
                         "9m", "--from", "loose", "--glyphs", "--all", "--explain")
    assert code == 0, err
    assert "<\U0001f00c\U0001f00c\U0001f00c\U0001f00c>" in out.splitlines()[1]  # the arrangement: <6m 6m 6m 6m>
