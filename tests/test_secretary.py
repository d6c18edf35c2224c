"""Issue 31, the secretary's points: several game files where one is missing, --alias that matches nobody,
averages as people write them, notes only where they matter, a game file's errors in its own names, and an
example in every command's --help."""

from __future__ import annotations

import pytest

from helpers import EXAMPLES, run
from mjscore.cli.main import COMMANDS
from test_season import PATHS, expected_table

MISSING = "no-such-game.yaml"
UNREADABLE = f"mjscore: error: {MISSING}: cannot read: No such file or directory\n"


def test_sheet_with_a_missing_file_scores_the_rest_and_exits_1():
    # as batch does: the readable file's sheet, byte for byte what it is alone; the missing one named; exit 1
    alone = run("sheet", PATHS[0])
    assert alone[0] == 0
    assert run("sheet", PATHS[0], MISSING) == (
        1, alone[1], UNREADABLE + "mjscore: 0 of 16 deals not scored; 1 file(s) unreadable\n")


def test_standings_with_a_missing_file_scores_the_rest_and_exits_1():
    alone = run("standings", *PATHS, "--format", "csv")
    # the season's four files hold 16 + 16 + 12 + 14 = 58 deals (tests/test_season.py FILES)
    assert run("standings", *PATHS, MISSING, "--format", "csv") == (
        1, alone[1], UNREADABLE + "mjscore: 0 of 58 deals not scored; 1 file(s) unreadable\n")


def test_report_with_a_missing_file_scores_the_rest_and_exits_1():
    pytest.importorskip("matplotlib")
    code, out, err = run("report", PATHS[0], MISSING)
    assert (code, err) == (1, UNREADABLE + "mjscore: 0 of 16 deals not scored; 1 file(s) unreadable\n")
    assert out.startswith("<!DOCTYPE html>") and "Ane" in out


def test_a_missing_file_alone_is_still_an_error():
    assert run("sheet", MISSING) == (2, "", UNREADABLE)


def test_an_alias_that_matches_no_player_is_warned_about():
    alone = run("standings", *PATHS)
    assert run("standings", *PATHS, "--alias", "Ane=Ane M.") == (
        0, alone[1], "mjscore: warning: --alias Ane=Ane M.: no game read has a player named Ane M.; the alias "
                     "merged nothing\n")


def test_the_readmes_alias_example_merges_a_real_spelling():
    # examples/game-spanish.yaml seats Ana where examples/season/2026-01-spanish.yaml seats Ane: one person
    code, out, err = run("standings", *PATHS, str(EXAMPLES / "game-spanish.yaml"), "--alias", "Ane=Ana")
    assert (code, err) == (0, "")
    assert "Ana " not in out and "Ane " in out
    assert 'examples/game-spanish.yaml --alias "Ane=Ana"' in (EXAMPLES.parent / "README.md").read_text()


def test_averages_are_written_without_a_point_when_whole():
    # expected_table() sums the hand-worked nets of tests/test_games.py: Ane 1228 over 4 games = 307 exactly;
    # Bruno 4216 over 3 games = 1405.33.. -> 1405.3 (one decimal)
    want = expected_table()
    assert (want["Ane"]["total"], want["Ane"]["games"]) == (1228, 4)
    assert (want["Bruno"]["total"], want["Bruno"]["games"]) == (4216, 3)
    code, out, _ = run("standings", *PATHS, "--format", "csv")
    rows = {line.split(",")[1]: line.split(",") for line in out.splitlines()[1:]}
    assert (rows["Ane"][12], rows["Bruno"][12]) == ("307", "1405.3")
    code, out, _ = run("standings", *PATHS)
    ane = next(line for line in out.splitlines() if " Ane " in line)
    assert " 307 " in ane and "307.0" not in ane


# --- notes only where a hand's value is paid -----------------------------------------------------------------

ROUGH = ["--east", "[RRR] 11m", "--south", "[GGG]", "--west", "123m", "--north", "[PPP]"]


def test_a_draw_paying_nothing_has_no_partial_hand_notes():
    # dmjl (Kajongg's DMJL ruleset, Meld Rules): an exposed pung of dragons 4 points, Pung of Dragons 1 double:
    # 4 x 2 = 8 each for [RRR], [GGG], [PPP]; 123m a chow, 11m a pair of a terminal: 0. A draw pays nothing
    # (draw: none), so no partial-hand note: no value is paid on.
    assert run("settle", "--variant", "dmjl", *ROUGH) == (0, """dmjl, round E: a draw

seat    player    hand       points    doubles    hand is    value
------  --------  ---------  --------  ---------  ---------  -----------------------------
E       East      [RRR] 11m  4         1                     0 (worth 8, not paid: a draw)
S       South     [GGG]      4         1                     0 (worth 8, not paid: a draw)
W       West      123m       0         0                     0
N       North     [PPP]      4         1                     0 (worth 8, not paid: a draw)

note: draw: no payments; every hand's value is 0 (what each was worth is shown, not paid)
net:
seat    player    net
------  --------  -----
E       East      +0
S       South     +0
W       West      +0
N       North     +0
""", "")


def test_a_false_mahjong_has_no_partial_hand_notes():
    # spanish (p. 2 §6): an exposed pung of honours 4, pung of dragons 1 double: 8; 123m 0. A false mah jong
    # ends the deal; spanish gives no penalty: nothing paid, no hand value paid on, so no partial-hand note
    assert run("settle", "--variant", "spanish", "--false-mahjong", "W", *ROUGH) == (0, """\
spanish, round E: false mah jong by West

seat    player    hand       points    doubles    hand is    value
------  --------  ---------  --------  ---------  ---------  -------
E       East      [RRR] 11m  4         1                     8
S       South     [GGG]      4         1                     8
W       West      123m       0         0                     0
N       North     [PPP]      4         1                     8

note: false mah jong by West: the deal ends; spanish gives no penalty, so nothing is paid
net:
seat    player    net
------  --------  -----
E       East      +0
S       South     +0
W       West      +0
N       North     +0
""", "")


def test_one_hand_is_one_hand(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text('variant: spanish\nhands: {E: "123m"}\nwinner: null\n', encoding="utf-8")
    assert run("settle", str(path)) == (
        2, "", f"mjscore: error: {path}: spanish is played by 4 players; this deal has 1 hand: give every seat's hand, an "
           'empty one ("") where a hand is not to be scored\n')


def test_a_game_files_error_names_its_players(tmp_path):
    # examples/game-spanish.yaml deal 2: Bruno wins on Carmen's discard; written as Bruno's own discard
    path = tmp_path / "g.yaml"
    text = (EXAMPLES / "game-spanish.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("discarder: Carmen", "discarder: Bruno", 1), encoding="utf-8")
    code, out, err = run("batch", str(path))
    assert code == 1
    assert (f"NOT SCORED: {path} line 19 (deal 2): win.discarder: Bruno is the winner; a winner never discards "
            "the winning tile\n") in out


def test_every_commands_help_has_an_example():
    for command in COMMANDS:
        code, out, err = run(command, "--help")
        assert (code, err) == (0, ""), command
        example = out.split("Example", 1)[1] if "Example" in out else ""
        assert f"mjscore {command} " in example, command


def test_settle_csv_names_the_players_and_ends_with_the_nets():
    # examples/deal-spanish.yaml, worked in tests/test_settle.py (Spanish p. 2 §6; Babcock (1923) ch. I, VI):
    # South wins 30 x 2 = 60 on West's discard; East pays 60 x 2 = 120, West and North 60; between the others
    # (East 8, West 4, North 0): West pays East (8 - 4) x 2 = 8, North pays East (8 - 0) x 2 = 16, North pays
    # West 4 - 0 = 4. Nets: East -120 + 8 + 16 = -96, South +240, West -60 - 8 + 4 = -64, North -60 - 16 - 4 = -80.
    assert run("settle", str(EXAMPLES / "deal-spanish.yaml"), "--format", "csv") == (0, """\
from,from_player,to,to_player,amount,reason
E,Ann,S,Bo,120,"winner South's hand 60, x2 (East)"
W,Cy,S,Bo,60,winner South's hand 60
N,Di,S,Bo,60,winner South's hand 60
W,Cy,E,Ann,8,"difference of hand values 8 - 4, x2 (East)"
N,Di,E,Ann,16,"difference of hand values 8 - 0, x2 (East)"
N,Di,W,Cy,4,difference of hand values 4 - 0
net,,E,Ann,-96,net
net,,S,Bo,240,net
net,,W,Cy,-64,net
net,,N,Di,-80,net
""", "")
