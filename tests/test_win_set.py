"""Which set the winning tile completed: `--win-set`, `win: {set: ...}`, `win_set` in every output.

A claimed winning tile may fit more than one set of the hand; the set it completed is laid out with
the claim (so it counts as exposed) and decides what the hand waited on. KDE Kajongg records it as
the `L<tile><meld>` part of a hand (the meld the winner declared); mjscore without `--win-set` keeps
the best reading. The expected numbers are worked out from tables/dmjl.yaml (Kajongg's DMJL values,
quoted there) or are Kajongg's own, from the robot games named beside them.
"""

import json

import pytest

from helpers import EXAMPLES, run, score, score_json

import mjscore
from mjscore.errors import DealError, SituationError
from mjscore.hand.notation import parse_set, parse_tile

ISSUE = "[999m] [234m] 123m 789p SS"  # issue 24: South wins on a claimed 2m
ISSUE_ARGS = ("--variant", "dmjl", "--seat", "S", "--win", "2m", "--from", "discard")


def holds(named: str, tile: str) -> bool:
    """Whether the set written `named` (234m, SS) holds the tile."""
    return parse_tile(tile) in parse_set(named)


def test_issue_example_named_set():
    """With the set named 234m, the 2m was claimed for the chow: before it the hand held [999m] 123m 34m
    789p SS, which waits on 2m (123m 234m) and on 5m (123m 345m), so no "Last Tile is Only Possible
    Tile" (DMJL Winner Rules, 2 points). tables/dmjl.yaml: Exposed Pung of Terminals [999m] 4 (Meld
    Rules), Pair of Own Wind SS 2 (seat S, Meld Rules), chows 0, Standard Mah Jongg 20 (Mah Jongg Rules):
    4 + 2 + 20 = 26, no doubles: 26 (Kajongg's value for this reading)."""
    d = score_json(ISSUE, *ISSUE_ARGS, "--win-set", "234m")
    assert (d["points"], d["doubles"], d["value"], d["win"], d["win_set"]) == (26, 0, 26, "2m", "234m")
    assert [i["rule"] for i in d["items"]] == ["Exposed Pung of Terminals", "Pair of Own Wind", "Standard Mah Jongg"]


def test_issue_example_best_reading_says_its_set():
    """Without --win-set the best reading is kept, and said: the 2m filling 1-3m leaves [999m] [234m] 13m
    789p SS waiting on 2m alone, so Last Tile is Only Possible Tile 2 (DMJL Winner Rules) comes on top of
    the 26 above: 28, completing 123m."""
    d = score_json(ISSUE, *ISSUE_ARGS)
    assert (d["value"], d["win_set"]) == (28, "123m")
    assert {"rule": "Last Tile is Only Possible Tile", "cite": "DMJL (Kajongg): Winner Rules", "points": 2} in d["items"]
    assert score_json(ISSUE, *ISSUE_ARGS, "--win-set", "123m")["value"] == 28


def test_text_says_the_set():
    code, out, err = run("score", ISSUE, *ISSUE_ARGS, "--win-set", "234m")
    assert code == 0, err
    assert out.splitlines()[0] == ("dmjl: [999m] [234m] 123m 789p SS  (seat S, round E, won on 2m from discard, "
                                   "completing 234m)")
    assert out.splitlines()[-1] == "value: 26"  # as worked out above


def test_explain_names_the_other_set():
    code, out, err = run("score", ISSUE, *ISSUE_ARGS, "--explain")
    assert code == 0, err
    assert "the next best, [999m] [234m] 123m 789p SS with 2m completing 234m, is worth 26" in out
    assert "counted here only: Last Tile is Only Possible Tile" in out


def test_every_winning_json_has_win_set():
    """No --win: every tile tried; the set of the best is given with its tile. A non-winning hand has none."""
    d = score_json(ISSUE, "--variant", "dmjl", "--seat", "S")
    assert holds(d["win_set"], d["win"])
    short = score_json("[999m] [234m] 123m 789p S", "--variant", "dmjl", "--win-set", "234m")
    assert (short["mahjong"], short["win"], short["win_set"]) == (False, None, None)
    assert "not mah jong (fewer than 14 tiles): the situation options are ignored" in short["notes"]
    heaven = score_json("123m 456m 789m 123p 55p", "--variant", "dmjl", "--also", "heaven", "--from", "wall")
    assert (heaven["win"], heaven["win_set"]) == (None, None)
    # East's dealt hand has no winning tile: a set named for it (KDE Kajongg records one, `m1 L...`) is passed
    # over as --win is, and the hand is the same limit hand (DMJL Winner Rules, Blessing of Heaven, 1 x 500)
    named = score_json("123m 456m 789m 123p 55p", "--variant", "dmjl", "--also", "heaven", "--from", "wall",
                       "--win", "5p", "--win-set", "55p")
    assert (named["limit_hand"], named["value"], named["win_set"]) == ("Blessing of Heaven", 500, None)


# --- Kajongg's robot games (NOTES.md section 6): the claimed tile's set named as Kajongg's `L` meld says -----
# (variant, seat, round, hand with the completed set concealed, the same with it bracketed, win, set, Kajongg's value)
KAJONGG = [
    pytest.param("dmjl", "E", "E", "[444s] [123s] [888s] 111s 33m 2f", "[444s] [123s] [888s] [111s] 33m 2f", "1s",
                 "111s", 32, id="DMJL seed 4 deal 5: b4b4b4 b1b2b3 b8b8b8 b1b1b1 C3C3 fs md Lb1b1b1b1, Kajongg 32"),
    pytest.param("bmja", "W", "E", "[999p] [WWWW] 222p 123p 55p 1y 3f", "[999p] [WWWW] [222p] 123p 55p 1y 3f", "2p",
                 "222p", 200, id="BMJA seed 4 deal 4: s9s9s9 wwwwwwWw s2s2s2 S1S2S3 S5S5 ye fw md Ls2s2s2s2, Kajongg 200"),
    pytest.param("dmjl", "E", "S", "[567m] [999m] 678m EE 345p 3y 1y", "[567m] [999m] [678m] EE 345p 3y 1y", "6m",
                 "678m", 34, id="DMJL seed 3 deal 7: c5c6c7 c9c9c9 c6c7c8 WeWe S3S4S5 yw ye md Lc6c6c7c8, Kajongg 34"),
    pytest.param("dmjl", "W", "W", "[567m] [WWW] [999m] 456m GG 2y 2f", "[567m] [WWW] [999m] [456m] GG 2y 2f", "6m",
                 "456m", 304, id="DMJL seed 3 deal 12: c5c6c7 wwwwww c9c9c9 c4c5c6 DgDg ys fs md Lc6c4c5c6, Kajongg 304"),
    pytest.param("dmjl", "E", "S", "[123m] [666s] [555m] 234m RR 2f 4f 3f", "[123m] [666s] [555m] [234m] RR 2f 4f 3f",
                 "2m", "234m", 38,
                 id="DMJL seed 5 deal 10: c1c2c3 b6b6b6 c5c5c5 c2c3c4 DrDr fs fn fw md Lc2c2c3c4, Kajongg 38"),
    pytest.param("dmjl", "W", "E", "[555m] [666s] 333p 123p 33s", "[555m] [666s] [333p] 123p 33s", "3p", "333p", 26,
                 id="DMJL seed 104 deal 0 (validation): c5c5c5 b6b6b6 s3s3s3 S1S2S3 B3B3 md Ls3s3s3s3, Kajongg 26"),
]


@pytest.mark.parametrize("variant, seat, round_, concealed, bracketed, win, done, kajongg", KAJONGG)
def test_kajongg_games_agree_with_the_set_named(variant, seat, round_, concealed, bracketed, win, done, kajongg):
    """Kajongg's value, whether the completed set is written concealed or already bracketed."""
    for hand in (concealed, bracketed):
        s = score(hand, variant, seat=seat, round=round_, win=win, source="discard", also=())
        named = mjscore.score(hand, variant, seat=seat, round=round_, win=win, win_set=done)
        assert (named.value, named.win_set) == (kajongg, done), hand
        assert s.value >= kajongg  # the best reading, unnamed, is never worth less


# the same deals settled whole, with Kajongg's seats: each hand's value and each net are Kajongg's
# (`points` and `payments` of its score table), the winner's hand as a deal file from Kajongg's string
SETTLED = [
    pytest.param({"variant": "dmjl", "round": "E",
                  "hands": {"E": "[444s] [123s] [888s] 111s 3m 3m 2f", "W": "[456m] [678m] P G R E E W W 4f",
                            "N": "G W W 1m 1m 1m 2m 2m 2m 3m 3m 4m 7m 2y 3y", "S": "[234p] [999p] 6p 6p 7p 9s 1m 9m 9m 4y 3f 1f"},
                  "winner": "E", "win": {"tile": "1s", "from": "discard", "set": "111s"}},
                 {"E": (32, 192), "S": (16, -60), "W": (8, -84), "N": (20, -48)}, id="DMJL seed 4 deal 5"),
    pytest.param({"variant": "bmja", "round": "E",
                  "hands": {"S": "[777s] [888p] P G R 4m 5m 5m 6m 4y", "N": "[777p] P G R E N 4m 5m 6m 7m 7m 3y",
                            "E": "[111s] [456s] [444s] P R E N 1f 2f", "W": "[999p] [WWWW] 222p 1p 2p 3p 5p 5p 1y 3f"},
                  "winner": "W", "win": {"tile": "2p", "from": "discard", "set": "222p"}},
                 {"E": (28, -316), "S": (8, -238), "W": (200, 800), "N": (6, -246)}, id="BMJA seed 4 deal 4"),
    pytest.param({"variant": "dmjl", "round": "W",
                  "hands": {"N": "[234m] [888p] E S N N N 1m 9m 3y", "W": "[567m] [WWW] [999m] 4m 5m 6m G G 2y 2f",
                            "E": "[RRR] P P G G E E 3m 3m 5m 7m 1y", "S": "[789s] [222m] [456p] [999p] P 1f"},
                  "winner": "W", "win": {"tile": "6m", "from": "discard", "set": "456m"}},
                 {"E": (28, -572), "S": (10, -358), "W": (304, 1216), "N": (28, -286)}, id="DMJL seed 3 deal 12"),
]


@pytest.mark.parametrize("deal, kajongg", SETTLED)
def test_kajongg_deals_settle_alike(deal, kajongg):
    st = mjscore.settle(deal)
    assert {seat: (s.value, st.net[seat]) for seat, s in st.scores.items()} == kajongg
    assert st.to_dict()["hands"][deal["winner"]]["win_set"] == deal["win"]["set"]


# --- refusals: one line, what to type instead ------------------------------------------------------

@pytest.mark.parametrize("named, message, carets", [
    ("345m", "mjscore: error: --win-set 345m: the winning tile 2m completes no such set in this hand (345m does "
             "not hold 2m); it completes 234m or 123m: type --win-set 234m or --win-set 123m", False),
    ("[234m]", "mjscore: error: --win-set: write the set without brackets, --win-set 234m (a set already laid out "
               "is named the same way)", True),
    ("2222m", "mjscore: error: --win-set: a winning tile never completes a kong", True),
    ("2345m", "mjscore: error: --win-set: 4 tiles are not one set (a pung or chow has 3, a pair 2)", True),
    ("23b", "mjscore: error: --win-set: 'b' is not a suit letter: 23b is probably 23s", True),
    ("", "mjscore: error: --win-set: no set given", False),
])
def test_bad_win_set_is_one_line(named, message, carets):
    code, out, err = run("score", ISSUE, *ISSUE_ARGS, "--win-set", named)
    assert (code, out) == (2, "")
    assert err.splitlines()[0].startswith(message), err
    # the set as typed, with carets under it, where its notation is to blame; else the one line alone
    assert err.splitlines()[1:] == (["  " + named, "  " + "^" * len(named)] if carets else [])


def test_drawn_tile_never_completes_an_exposed_set():
    code, out, err = run("score", ISSUE, "--variant", "dmjl", "--seat", "S", "--win", "2m", "--from", "wall",
                         "--win-set", "234m")
    assert code == 2
    assert err == ("mjscore: error: --win-set 234m: the winning tile 2m completes no such set in this hand (a tile "
                   "drawn from the wall never completes an exposed set); it completes 123m: type --win-set 123m\n")


def test_without_win_lists_every_set():
    with pytest.raises(SituationError, match=r"no winning tile completes such a set in this hand \(no winning "
                                             r"arrangement of it has the set 456m\); a winning tile completes "
                                             r"123m, 234m, 999m, 789p, SS"):
        mjscore.score(ISSUE, "dmjl", seat="S", win_set="456m")


def test_win_set_alone_tries_its_tiles():
    """--win-set 789p without --win: the winning tile is one of 7p 8p 9p. Before a 7p the hand held 89p
    (waiting on 7p alone), before an 8p 79p (8p alone), before a 9p 78p (6p and 9p): a 7p or an 8p earns
    Last Tile is Only Possible Tile, 2 (DMJL Winner Rules), on the 26 worked out above: 28."""
    d = score_json(ISSUE, "--variant", "dmjl", "--seat", "S", "--win-set", "789p")
    assert (d["value"], d["win_set"]) == (28, "789p") and d["win"] in ("7p", "8p")


# --- settle, batch, compare: the same key in a deal file, a game file and the options --------------------

def test_settle_options_and_deal_file(tmp_path):
    hands = ("--east", "[RRR] 234s 55s 78p N N", "--south", ISSUE, "--west", "[111s] 456s 99s 2468p",
             "--north", "123s 567s 3p 4p 6m 7m 9m W W")
    code, out, err = run("settle", "--variant", "dmjl", "--winner", "S", "--win", "2m", "--win-set", "234m", *hands,
                         "--format", "json")
    assert code == 0, err
    south = json.loads(out)["hands"]["S"]
    assert (south["value"], south["win_set"]) == (26, "234m")  # as test_issue_example_named_set
    code, out, err = run("settle", "--variant", "dmjl", "--winner", "S", "--win", "2m", "--win-set", "234m", *hands)
    assert code == 0 and out.splitlines()[0] == "dmjl, round E: South wins on 2m from discard, completing 234m"
    deal = tmp_path / "deal.yaml"
    deal.write_text(f"variant: dmjl\nhands: {{E: '[RRR] 234s 55s 78p NN', S: '{ISSUE}', W: '[111s] 456s 99s 2468p', "
                    f"N: '123s 567s 3p 4p 6m 7m 9m WW'}}\nwinner: S\nwin: {{tile: 2m, set: 345m}}\n")
    code, out, err = run("settle", str(deal))
    assert code == 2
    assert err == (f"mjscore: error: {deal}: win.set 345m: the winning tile 2m completes no such set in this hand "
                   "(345m does not hold 2m); it completes 234m or 123m: type set: 234m or set: 123m\n")
    code, out, err = run("settle", str(deal), "--win-set", "234m")
    assert code == 2 and "--win-set: for a deal typed as options; a deal file says these itself" in err


def test_deal_file_set_must_be_text():
    deal = {"variant": "dmjl", "hands": {"E": "[RRR] 234s 55s 78p NN", "S": ISSUE, "W": "[111s] 456s 99s 2468p",
                                         "N": "123s 567s 3p 4p 6m 7m 9m WW"}, "winner": "S", "win": {"tile": "2m", "set": [2]}}
    with pytest.raises(DealError, match=r"win.set: expected the set the winning tile completed, such as 234m"):
        mjscore.settle(deal)


def test_game_file_win_set(tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text("variant: dmjl\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    f"  - hands: {{Ann: '[RRR] 234s 55s 78p NN', Bo: '{ISSUE}', Cy: '[111s] 456s 99s 2468p', "
                    "Di: '123s 567s 3p 4p 6m 7m 9m WW'}\n"
                    "    winner: Bo\n    win: {tile: 2m, set: 234m, discarder: Cy}\n")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    d = json.loads(out)["games"][0]["deals"][0]
    assert d["win"]["set"] == "234m" and d["hands"]["Bo"]["win_set"] == "234m" and d["hands"]["Bo"]["value"] == 26
    code, out, err = run("batch", str(game))
    assert "Bo wins with 26 (on 2m, completing 234m)" in out
    # the score sheet says the named set too, in its `how`, beside the value the naming gave (26, not 28)
    code, out, err = run("sheet", str(game), "--format", "json")
    assert code == 0, err
    (row,) = json.loads(out)[0]["rows"]
    assert (row["how"], row["value"]) == ("discard by Cy, completing 234m", 26)


def test_compare_takes_win_set():
    code, out, err = run("compare", ISSUE, "--variant", "dmjl,bmja", "--seat", "S", "--win", "2m", "--win-set", "234m",
                         "--format", "json")
    assert code == 0, err
    got = {c["variant"]: c for c in json.loads(out)}
    assert (got["dmjl"]["value"], got["dmjl"]["win_set"]) == (26, "234m")
    # BMJA allows one chow (Kajongg BMJA option "number of allowed chows": 1, tables/bmja.yaml): three
    # chows are no mah jong, so a long hand worth 0, and no set was completed
    assert (got["bmja"]["mahjong"], got["bmja"]["value"], got["bmja"]["win_set"]) == (False, 0, None)


def test_examples_game_says_each_winning_set():
    code, out, err = run("batch", str(EXAMPLES / "game-dmjl.yaml"), "--format", "json")
    assert code == 0, err
    for d in json.loads(out)["games"][0]["deals"]:
        if d.get("winner") and not d.get("false_mahjong"):
            assert holds(d["win"]["set"], d["win"]["tile"])


def test_compare_text_says_each_variants_set():
    """Each variant keeps its own best reading: where they differ, a row says which set each took."""
    code, out, err = run("compare", ISSUE, "--variant", "dmjl,spanish", "--seat", "S", "--win", "2m")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "[999m] [234m] 123m 789p SS  (seat S, round E, won on 2m from discard)"
    assert any(line.split() == ["completing", "123m", "234m"] for line in lines), out
    code, out, err = run("compare", ISSUE, "--variant", "dmjl,spanish", "--seat", "S", "--win", "2m", "--win-set", "234m")
    assert out.splitlines()[0].endswith("won on 2m from discard, completing 234m)")
    assert not any(line.startswith("completing") for line in out.splitlines())
