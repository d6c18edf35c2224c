"""KDE Kajongg's game database read directly (`mjscore batch kajongg3.db`): hands converted exactly from
Kajongg's notation (KDE Kajongg 22.12, meld.py, hand.py, tile.py), a game under another ruleset reported and
never scored, the file never written. The fixtures are kajongg3.db files of whole games played by Kajongg's
robots (`kajongg.py --nogui --ruleset=DMJL|BMJA --game=SEED`): tests/fixtures/kajongg/<ruleset>-seed<N>.db."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT, run

from mjscore.errors import DealError
from mjscore.loading import Unreadable
from mjscore.play import kajongg
from mjscore.play.kajongg import MAX_VALUE_BYTES, convert_hand, kajongg_games, read_kajongg

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


@pytest.mark.parametrize("kajongg", ["C1C1C1 mw L", "C1C1C1 mw Lc", "C1C1C1 mw LC1C"])
def test_a_last_tile_cut_short_is_refused(kajongg):
    with pytest.raises(ValueError, match="not recorded|is not a tile|is not a run of two-letter tiles"):  # (IndexError)
        convert_hand(kajongg, True)


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


def changed_copy(tmp_path, *changes: tuple) -> Path:
    """DMJL seed 1 copied to tmp_path/kajongg3.db, with each (SQL, parameters) applied to the copy."""
    db = tmp_path / "kajongg3.db"
    shutil.copy(DMJL1, db)
    with sqlite3.connect(db) as c:
        for sql, *params in changes:
            c.execute(sql, *params)
    return db


@pytest.mark.parametrize("column, value", [
    ("score.data", "C1" * (MAX_VALUE_BYTES // 2) + "C"), ("score.data", b"C1" * (MAX_VALUE_BYTES // 2) + b"C"),
    ("score.manualrules", "李" * (MAX_VALUE_BYTES // 3 + 1)),  # counted in bytes (UTF-8), not characters
    ("player.name", "x" * (MAX_VALUE_BYTES + 1)), ("ruleset.hash", b"\0" * (MAX_VALUE_BYTES + 1)),
])
def test_a_value_longer_than_any_kajongg_keeps_is_refused_by_its_size(tmp_path, column, value):
    table, name = column.split(".")
    db = changed_copy(tmp_path, (f"UPDATE {table} SET {name} = ? WHERE rowid = 1", (value,)))
    size = len(value.encode()) if isinstance(value, str) else len(value)
    assert size == MAX_VALUE_BYTES + 1 or (size > MAX_VALUE_BYTES and name == "manualrules")
    for command in (("batch",), ("batch", "--differences"), ("standings",)):
        assert run(*command, str(db)) == (2, "", f"mjscore: error: {db} game 1: {table} row 1, {name}: {size:,} bytes, "
                                                 f"longer than any value Kajongg keeps (at most 10,000 are read)\n")


def test_a_value_as_long_as_the_bound_is_read(tmp_path):
    rules = "Flower||" * (MAX_VALUE_BYTES // 8)
    assert len(rules) == MAX_VALUE_BYTES
    db = changed_copy(tmp_path, ("UPDATE score SET manualrules = ? WHERE rowid = 1", (rules,)))
    (game,) = kajongg_games(str(db))
    _, deals, recorded = read_kajongg(game)
    assert len(list(deals)) == 29 and len(recorded[0]["root"].rules) == MAX_VALUE_BYTES // 8


def test_a_large_value_is_never_read_into_python(tmp_path):
    # 2 MB hand: read before its size was asked, Python held it ~28 times over (a 100 MB one: 2.7 GB, 14 s)
    import tracemalloc

    db = changed_copy(tmp_path, ("UPDATE score SET data = ? WHERE rowid = 5", ("s1 " * 700_000,)))
    (game,) = kajongg_games(str(db))
    tracemalloc.start()
    try:
        with pytest.raises(DealError, match="score row 5, data: 2,100,000 bytes, longer than any value"):
            read_kajongg(game)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200_000, peak


def test_a_text_is_measured_in_sqlite_where_octet_length_is_missing(tmp_path, monkeypatch):
    # SQLite before 3.43 has no octet_length: a text's bytes are counted as a blob's (the same figure)
    db = changed_copy(tmp_path, ("UPDATE score SET data = ? WHERE rowid = 1", ("\u674e" * 4000,)))
    monkeypatch.setattr(kajongg, "_SIZE", "CASE typeof({0}) WHEN 'text' THEN length(CAST({0} AS BLOB)) "
                                          "ELSE length({0}) END")
    assert run("batch", str(db))[2] == (f"mjscore: error: {db} game 1: score row 1, data: 12,000 bytes, longer than "
                                        "any value Kajongg keeps (at most 10,000 are read)\n")


def test_a_database_in_wal_mode_is_read_with_what_its_wal_holds_and_only_its_shm_written(tmp_path):
    # Kajongg keeps its database in rollback-journal mode; another program may have put it in WAL mode. A reader
    # sees what was committed to the -wal file (immutable=1 would not) and writes the -shm file (the WAL index)
    db = changed_copy(tmp_path, ("PRAGMA journal_mode=WAL",))
    writer = sqlite3.connect(db)  # kept open: its commit stays in the -wal file, not yet copied into the database
    writer.execute("PRAGMA wal_autocheckpoint=0")
    with writer:
        writer.execute("UPDATE player SET name = 'Ann' WHERE name = 'root'")
    wal = db.with_name(db.name + "-wal")
    before = {p: p.read_bytes() for p in (db, wal)}
    try:
        (game,) = kajongg_games(str(db))
        assert read_kajongg(game)[0]["players"] == ["Ann", "Robot 1", "Robot 2", "Robot 3"]
        assert run("batch", str(db))[0] == 0
        assert {p: p.read_bytes() for p in (db, wal)} == before  # never written: the database, its -wal
    finally:
        writer.close()
    # with no -wal or -shm (the last program closed it), SQLite makes them beside the database; it stays whole
    assert not wal.exists()
    content = db.read_bytes()
    assert run("batch", str(db))[0] == 0
    assert db.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kajongg3.db", "kajongg3.db-shm", "kajongg3.db-wal"]
    assert wal.stat().st_size == 0


def test_a_change_kajongg_did_not_finish_is_said_and_left_alone(tmp_path):
    # Kajongg stopped mid-write: its rollback journal is beside the database, which a reader that may not write
    # cannot put right
    db = changed_copy(tmp_path)
    code = ("import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA cache_size=1');"
            "c.execute('BEGIN'); c.execute(\"UPDATE score SET data = data || hex(randomblob(200))\"); os._exit(0)")
    subprocess.run([sys.executable, "-c", code, str(db)], check=True)
    journal = db.with_name(db.name + "-journal")
    before = (db.read_bytes(), journal.read_bytes())
    code, out, err = run("batch", str(db))
    assert code == 2 and err.startswith(f"mjscore: error: {db}: ")
    if sys.version_info >= (3, 11):  # (the error's name: Python 3.11)
        assert err == (f"mjscore: error: {db}: a change Kajongg did not finish is in kajongg3.db-journal beside it, "
                       "and mjscore never writes the file to undo it: open the file in Kajongg once, then read it "
                       "again\n")
    assert (db.read_bytes(), journal.read_bytes()) == before
