"""KDE Kajongg's game database read directly (`mjscore batch kajongg3.db`): hands converted exactly from
Kajongg's notation (KDE Kajongg 22.12, meld.py, hand.py, tile.py), a game under another ruleset reported and
never scored, the file never written. The fixtures are kajongg3.db files of whole games played by Kajongg's
robots (`kajongg.py --nogui --ruleset=DMJL|BMJA --game=SEED`): tests/fixtures/kajongg/<ruleset>-seed<N>.db."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from helpers import ROOT, run

from mjscore.loading import Unreadable
from mjscore.play.kajongg import convert_hand, kajongg_games, read_kajongg

FIXTURES = ROOT / "tests" / "fixtures" / "kajongg"
DMJL1 = FIXTURES / "dmjl-seed1.db"


@pytest.mark.parametrize("kajongg, won, hand, win", [
    # DMJL seed 1, deal 1: North won on a discarded north wind, which completed the pair (Kajongg's `L` set)
    ("s7s8s9 s9s9s9 s4s5s6 wnwn S1S2S3 yn ye md Lwnwnwn", True, "[789p] [999p] [456p] N N 1p 2p 3p 4y 1y",
     {"tile": "N", "from": "discard", "set": "NN"}),
    # DMJL seed 1, deal 2: a kong claimed onto a concealed pung (aaaA) and a claimed east wind completing EEE
    ("c4c5c6 c9c9c9C9 c8c8c8 wewewe C3C3 fs md Lwewewewe", True, "[456m] <9999m> [888m] E E E 3m 3m 2f",
     {"tile": "E", "from": "discard", "set": "EEE"}),
    # a win from the wall: the completed set is concealed, named
    ("c1c2c3 C6C6C6 S4S4S4 S7S7 C9C9C9 fs mw LC9C9C9C9", True, "[123m] 6m 6m 6m 4p 4p 4p 7p 7p 9m 9m 9m 2f",
     {"tile": "9m", "from": "wall", "set": "999m"}),
    # the last tile of the wall (z), a loose tile (e), robbing a kong (k), the last discard (Z)
    ("C1C1C1 mz LC1C1C1C1", True, "1m 1m 1m", {"tile": "1m", "from": "wall", "also": ["last-wall-tile"], "set": "111m"}),
    ("C1C1C1 me LC1C1C1C1", True, "1m 1m 1m", {"tile": "1m", "from": "loose", "set": "111m"}),
    ("C2C3 c1c1c1 mk Lc1", True, "[111m] 2m 3m", {"tile": "1m", "from": "kong"}),
    # East's fourteenth tile (source 1): heaven only where Kajongg's record names Blessing of Heaven (deal level)
    ("C1C1C1 m1 LC1C1C1C1", True, "1m 1m 1m", {"tile": "1m", "from": "wall", "also": ["heaven"], "set": "111m"}),
    # a loser: a declared concealed kong (aAAa), an exposed pung, the concealed rest, a flower (DMJL seed 1 deal 1)
    ("c3C3C3c3 c9c9c9 RDgDgB1B1B1C5C5 fs mw", False, "{3333m} [999m] G G 1s 1s 1s 5m 5m 2f", None),
    ("s1s1s1s1 RB2 ye yn fw mz", False, "[1111p] 2s 1y 4y 3f", None),
])
def test_a_hand_in_kajonggs_notation_converts_exactly(kajongg, won, hand, win):
    assert convert_hand(kajongg, won) == (hand, win)


@pytest.mark.parametrize("kajongg, says", [
    ("c1C2c3 mw", "the set 'c1C2c3' is none that mjscore writes"),
    ("x1x2x3 mw", "'x1' is not a tile"),
    ("c1c2c", "is not a run of two-letter tiles"),
])
def test_a_hand_mjscore_cannot_write_is_refused_never_guessed(kajongg, says):
    with pytest.raises(ValueError, match=says):
        convert_hand(kajongg, False)


def test_a_winner_without_its_last_tile_is_refused():
    with pytest.raises(ValueError, match="last tile or where it came from is not recorded"):
        convert_hand("C1C1C1 m.", True)


def test_the_database_is_read_as_games_and_never_written(tmp_path):
    db = tmp_path / "kajongg3.db"
    shutil.copy(DMJL1, db)
    before = (db.stat().st_mtime_ns, hashlib.sha256(db.read_bytes()).hexdigest())
    (game,) = kajongg_games(str(db))
    assert str(game) == f"{db} game 1"
    header, deals, recorded = read_kajongg(game)
    deals = list(deals)
    # Kajongg's game row seats p0..p3 East to North at the start: the header's players in that order
    assert header == {"variant": "dmjl", "options": {}, "players": ["root", "Robot 1", "Robot 2", "Robot 3"]}
    assert len(deals) == len(recorded) == 29 and not any(isinstance(d, Unreadable) for d in deals)
    assert recorded[0]["Robot 3"].points == 80 and recorded[0]["Robot 3"].payment == 320  # Kajongg's own numbers
    for command in (("batch", "--format", "json"), ("sheet",), ("standings",), ("report", "-o", str(tmp_path / "r.html"))):
        code, out, err = run(command[0], str(db), *command[1:])
        assert code == 0, (command, err)
    assert (db.stat().st_mtime_ns, hashlib.sha256(db.read_bytes()).hexdigest()) == before
    assert not list(tmp_path.glob("*-journal")) and not list(tmp_path.glob("*-wal"))


def test_another_ruleset_is_reported_and_not_scored(tmp_path):
    db = tmp_path / "kajongg3.db"
    shutil.copy(DMJL1, db)
    with sqlite3.connect(db) as c:
        c.execute("UPDATE ruleset SET name = 'Our club', hash = 'abc'")
    code, out, err = run("batch", str(db))
    assert code == 2
    assert err.strip() == (f"mjscore: error: {db} game 1: played under ruleset 'Our club' (Kajongg's hash abc): "
                           "mjscore scores Kajongg's own Classical Chinese DMJL and BMJA only, so this game is not "
                           "scored")
    with sqlite3.connect(db) as c:
        c.execute("UPDATE ruleset SET name = 'Classical Chinese DMJL'")
    code, out, err = run("batch", str(db))
    assert code == 2 and "played under an edited copy of Kajongg's ruleset 'Classical Chinese DMJL'" in err


def test_game_chooses_one_game_and_is_refused_without_a_database(tmp_path):
    db = tmp_path / "kajongg3.db"
    shutil.copy(DMJL1, db)
    with sqlite3.connect(db) as c:  # a second game: the first one's rows again, as game 2
        c.execute("INSERT INTO game (id, seed, autoplay, starttime, endtime, ruleset, p0, p1, p2, p3) "
                  "SELECT 2, seed, autoplay, starttime, endtime, ruleset, p0, p1, p2, p3 FROM game WHERE id = 1")
        c.execute("INSERT INTO score SELECT 2, hand, data, manualrules, rotated, notrotated, player, scoretime, won, "
                  "penalty, prevailing, wind, points, payments, balance FROM score WHERE game = 1")
    assert [g.game for g in kajongg_games(str(db))] == [1, 2]
    code, out, err = run("batch", str(db), "--game", "2", "--format", "json")
    assert [g["file"] for g in json.loads(out)["games"]] == [f"{db} game 2"]
    code, out, err = run("batch", str(db), "--game", "5")
    assert code == 2 and err.strip() == f"mjscore: error: {db}: --game 5: no such game with deals (its games: 1, 2)"
    code, out, err = run("sheet", str(ROOT / "examples" / "game-dmjl.yaml"), "--game", "1")
    assert code == 2 and "--game 1: chooses a game of a Kajongg database (kajongg3.db), and none is given" in err


def test_an_sqlite_file_that_is_not_kajonggs_is_one_line(tmp_path):
    db = tmp_path / "games.sqlite3"
    with sqlite3.connect(db) as c:
        c.execute("CREATE TABLE games (id)")
    before = (db.stat().st_mtime_ns, hashlib.sha256(db.read_bytes()).hexdigest())
    for command in ("batch", "sheet", "standings", "report"):
        code, out, err = run(command, str(db))
        assert code == 2 and err.strip() == (f"mjscore: error: {db}: an SQLite file, but not a Kajongg database (no "
                                             "tables game, player, rule, ruleset, score)"), command
    assert (db.stat().st_mtime_ns, hashlib.sha256(db.read_bytes()).hexdigest()) == before  # never written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]
