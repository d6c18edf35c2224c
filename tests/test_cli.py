"""The command line as a user meets it: exact output, exit codes, one-line errors."""

import json

import pytest

from helpers import run, score_json

DONE_WHEN = ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall"]


def test_issue_example_json():
    data = score_json(*DONE_WHEN)
    # [555p] exposed pung of simples 2 + SSS concealed pung of winds 8 + mah jong 20 + self-drawn 2 = 32;
    # SSS is the own-wind pung of seat S: 1 double, 32 x 2 = 64
    assert data["points"] == 2 + 8 + 20 + 2 == 32
    assert data["doubles"] == 1
    assert data["value"] == 32 * 2 == 64
    assert data["mahjong"] is True
    assert data["arrangement"] == ["[555p]", "123m", "789s", "SSS", "NN"]
    assert data["hand"] == "[555p] 123m 789s SSS NN"
    assert data["limit_hand"] is None and data["limit_fraction"] == 0 and data["limit"] == 300
    # its rulebook place: page 2, "Tres o cuatro del propio Viento, ocultas o expuestas: dobla la puntuación total"
    assert {"rule": "pung of own wind", "cite": "p. 2 §6", "tiles": "SSS", "doubles": 1} in data["items"]
    for key in ("variant", "options", "seat", "round", "items"):
        assert key in data


def test_issue_example_table_output():
    code, out, err = run("score", *DONE_WHEN)
    assert code == 0 and err == ""
    lines = out.splitlines()
    # the 7s can only complete 789s (the hand holds no other 7s), and the first line says so
    assert lines[0] == "spanish: [555p] 123m 789s SSS NN  (seat S, round E, won on 7s from wall, completing 789s)"
    assert lines[1] == "arrangement: [555p] 123m 789s SSS NN  (mah jong)"
    assert "base points 32, doubles 1: 32 x 2^1 = 64" in lines
    assert lines[-1] == "value: 64"
    rows = {line.split("  ")[0]: line for line in lines if line.startswith(("exposed", "concealed", "pung", "mah", "self"))}
    assert rows.keys() == {"exposed pung of simples", "concealed pung of honours", "pung of own wind", "mah jong",
                           "self-drawn"}


@pytest.mark.parametrize("args, message", [
    (["score", "123m 555p 55p 5p"], "mjscore: error: 6 copies of 5p (a set has 4)"),
    (["score", "123m eee"], "mjscore: error: 'e' is not a tile: winds and dragons are upper case (E)"),
    (["score", "[555p] 123m 789s SSS NN", "--win", "4p"], "mjscore: error: --win 4p is not in the hand"),
    (["score", "[555p] 123m 789s SSS NN", "--variant", "nope"], "mjscore: error: no variant 'nope'"),
    (["score", "[555p] 123m 789s SSS NN", "--option", "limit=abc"],
     "mjscore: error: option limit of spanish takes a whole number, not 'abc'"),
    (["score", "[555p] 123m 789s SSS NN", "--option", "colour=red"], "mjscore: error: spanish has no option 'colour'"),
    (["score", "[555p] 123m 789s SSS NN", "--option", "limit"], "mjscore: error: --option 'limit': expected KEY=VALUE"),
    (["score", "[555p] 123m 789s SSS NN", "--seat", "X"], "mjscore: error: seat must be one of E, S, W, N, not 'X'"),
    (["score", "[555p] 123m 789s SSS NN", "--from", "sky"], "mjscore: error: --from must be one of"),
    (["score", "[555p] 123m 789s SSS NN", "--also", "lucky"], "mjscore: error: --also 'lucky' is not a known"),
    (["score", "[555p] 123m 789s SSS NN", "--seet", "S"], "mjscore: error: No such option '--seet'. (Did you mean one of: '--seat', '--win-set'?) (try 'mjscore score --help')"),
    (["score", "123m 456p 789s EEE N 1f"], "mjscore: error: spanish is played without flowers and seasons: 1f"),
    (["score"], "mjscore: error: Missing argument 'HAND'"),
    (["waits", "123m 456p 789s EEE NN"], "mjscore: error: waits needs a hand one tile short of mah jong"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert err.splitlines()[0].startswith(message), err
    assert "Traceback" not in err


def test_caret_under_offending_groups():
    code, out, err = run("score", "123m 555p 55p 5p")
    assert err.splitlines()[1:] == ["  123m 555p 55p 5p", "       ^^^^ ^^^ ^^"]


def test_a_mistyped_hand_in_a_deal_shows_where_it_breaks(tmp_path):
    # a deal's hand that breaks the notation is named by its seat, as before, and shows the hand with carets
    # under what breaks it, as `score` does; the digits without a suit letter say what to type
    code, out, err = run("settle", "--east", "123m 456m 789m EEE NN", "--south", "x", "--west", "1p",
                         "--north", "2p", "--winner", "E", "--win", "N")
    assert (code, out) == (2, "")
    assert err == "mjscore: error: deal: hand of South (S): unknown character 'x' in a hand\n  x\n  ^\n"
    deal = tmp_path / "deal.yaml"
    deal.write_text("variant: basque\nhands:\n  E: 123m 456m 789m EEE NN\n  S: 12x3p\n  W: 1p\n  N: 2p\n"
                    "winner: E\nwin: {tile: N, from: wall}\n")
    code, out, err = run("settle", str(deal))
    assert (code, out) == (2, "")
    assert err == (f"mjscore: error: {deal}: hand of South (S): digits without a suit letter: 12 before 'x' "
                   "(write 12m, 12p or 12s)\n  12x3p\n  ^^^^^\n")


def test_all_lists_alternatives():
    # 111222333m: three pungs or three chows; the pungs win.
    data = score_json("111222333m 456p NN", "--variant", "spanish", "--win", "6p", "--from", "wall", "--all")
    assert data["arrangement"] == ["111m", "222m", "333m", "456p", "NN"]
    alt = [a["arrangement"] for a in data["alternatives"]]
    assert ["123m", "123m", "123m", "456p", "NN"] in alt
    assert all(a["value"] <= data["value"] for a in data["alternatives"])


def test_variants_lists_spanish():
    code, out, err = run("variants", "--format", "json")
    assert code == 0
    assert "spanish" in [v["variant"] for v in json.loads(out)]
    code, out, err = run("variants", "spanish")
    assert code == 0 and "pung of simples" in out and "Points for sets" in out


def test_waits_lists_each_tile_with_both_values():
    # 2345678m 456p EEE waits on 2m, 5m, 8m. Claimed 5m (seat E): 234m 55m 678m -- the pair is completed,
    # EEE concealed pung of honours 8, own wind (E) 1 double; prevailing wind no points; 8 + 20 = 28 x 2 = 56.
    # Drawn: 8 + 20 + 2 = 30 x 2 = 60.
    code, out, err = run("waits", "2345678m 456p EEE", "--variant", "spanish", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["waits"] == [{"tile": "2m", "discard": 56, "wall": 60}, {"tile": "5m", "discard": 56, "wall": 60},
                             {"tile": "8m", "discard": 56, "wall": 60}]


def test_waits_on_nothing_says_so():
    code, out, err = run("waits", "1357m 2468p 13579s", "--variant", "spanish")
    assert code == 0 and out == "1357m 2468p 13579s: waits on nothing (no tile makes it a winning hand)\n"


def test_glyphs_print_the_hand_as_tiles():
    code, out, err = run("score", *DONE_WHEN, "--glyphs")
    assert out.splitlines()[0].startswith("spanish: [\U0001F01D\U0001F01D\U0001F01D] \U0001F007\U0001F008\U0001F009")


def test_variant_env_var_sets_the_default(monkeypatch):
    monkeypatch.setenv("MJSCORE_VARIANT", "nope")
    code, out, err = run("score", "[555p] 123m 789s SSS NN")
    assert code == 2 and "no variant 'nope'" in err


def test_a_wrong_variant_env_var_is_named(monkeypatch):
    # issue 31: the error named no MJSCORE_VARIANT, so a reader who typed no --variant could not tell where
    # "basqe" came from; it names it and what to do
    monkeypatch.setenv("MJSCORE_VARIANT", "basqe")
    assert run("score", "123m 456m 789m EEE NN") == (
        2, "", "mjscore: error: MJSCORE_VARIANT (the default variant, from the environment): no variant 'basqe'; "
               "did you mean basque? (variants: basque, bmja, danish, dmjl, hk, hungarian, mcr, riichi, spanish); set it "
               "to one of them, or give --variant\n")
    assert run("score", "123m 456m 789m EEE NN", "--variant", "basqe")[2].startswith(
        "mjscore: error: no variant 'basqe'; did you mean basque?")  # the option's own mistake: as it was


@pytest.mark.parametrize("args, message", [
    (["score", "123m 456m 789m EEE NN", "--win", "5p"],
     "--win 5p is not in the hand; give a tile it holds (--win 1m) or add 5p to the hand"),
    (["score", "[123m] 456m 789m EEE NN", "--win", "2m", "--from", "wall"],
     "--win 2m is not among the concealed tiles (a drawn tile is never in an exposed set); give a concealed tile "
     "(--win 4m) or add 2m to the hand"),
    (["score", ""], 'no tiles in the hand; type its tiles, e.g. "123m 456p 789s EEE NN" (docs/notation.md)')])
def test_a_hand_mistake_says_what_to_type(args, message):
    # issue 31: each says what to type instead
    assert run(*args) == (2, "", f"mjscore: error: {message}\n")


def test_csv_rows_for_items_and_the_value():
    code, out, err = run("score", *DONE_WHEN, "--format", "csv")
    rows = out.splitlines()
    assert rows[0] == "rule,tiles,points,doubles,limit,extra,value,cite"
    assert "mah jong,,20,0,0,0,,p. 2 §6" in rows  # page 2, Primas: "Mah Jongg (gana la mano): 20 puntos"
    # 2 + 8 + 20 + 2 = 32 points, 1 double: 64, under "value" (not "extra")
    assert rows[-1] == "value,[555p] 123m 789s SSS NN,32,1,0,,64,"
