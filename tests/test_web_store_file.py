"""The games file of `mjscore serve`: used only if it is mjscore's and whole; a file of the first mjscore
serve (its tables, no mark) is copied beside itself and migrated in one transaction, never refused; a
damaged or foreign file is refused with one line at start and never written to."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import sqlite3
import subprocess
import sys

import pytest
import yaml

from helpers import EXAMPLES

from mjscore import api
from mjscore.web.gamebook import Book
from mjscore.web.filecheck import ReadOnlyFile
from mjscore.web.gamesfile import APPLICATION_ID, SCHEMA_VERSION, NotGamesFile
from mjscore.web.store import Store

SPANISH = yaml.safe_load((EXAMPLES / "game-spanish.yaml").read_text())
PLAYERS = SPANISH["players"]

# the schema of the first mjscore serve, as it made its files (no application id, no user_version)
SCHEMA_V1 = """
CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT NOT NULL, variant TEXT NOT NULL, options TEXT NOT NULL,
    players TEXT NOT NULL, created REAL NOT NULL, version INTEGER NOT NULL DEFAULT 0);
CREATE TABLE deals (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id), data TEXT NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0);
CREATE INDEX deals_of_game ON deals(game_id, id);
CREATE TABLE changes (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id),
    deal_id INTEGER NOT NULL REFERENCES deals(id), kind TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'delete')),
    before TEXT, at REAL NOT NULL, undone INTEGER NOT NULL DEFAULT 0);
"""


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refused(path) -> str:
    with pytest.raises(NotGamesFile) as e:
        Store(path)
    return str(e.value)


def test_a_new_file_is_marked_as_mjscores(tmp_path):
    path = tmp_path / "games.sqlite3"
    Store(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID == 0x4D4A5343
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4


def first_serve_file(path):
    """A games file as the first mjscore serve wrote it (schema 1, no mark): the spanish game, "Friday"."""
    with sqlite3.connect(path) as db:
        db.executescript(SCHEMA_V1)
        db.execute("INSERT INTO games VALUES (1, 'Friday', 'spanish', '{}', ?, 0, 16)", (json.dumps(PLAYERS),))
        db.executemany("INSERT INTO deals (game_id, data) VALUES (1, ?)", [(json.dumps(d),) for d in SPANISH["deals"]])
    return path


def test_a_file_of_the_first_mjscore_serve_is_backed_up_and_migrated(tmp_path):
    path = first_serve_file(tmp_path / "games.sqlite3")
    def rows(p):
        with sqlite3.connect(p) as db:
            return [db.execute(f"SELECT * FROM {t} ORDER BY id").fetchall() for t in ("games", "deals", "changes")]

    before = rows(path)
    store = Store(path)
    assert store.backup is not None and store.backup.parent == tmp_path and store.backup.name.startswith(
        "games.sqlite3.schema1-")
    assert rows(store.backup) == before  # the copy holds the file as it was
    with sqlite3.connect(store.backup) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == 0
    # the migrated file's game is the example game: scored as batch scores the example (whose values
    # tests/test_games.py works by hand)
    view = Book(store).view(1)
    assert view["totals"] == api.score_game(EXAMPLES / "game-spanish.yaml").totals
    assert view["game"]["version"] == 16 and len(view["deals"]) == 16
    assert view["summary"] == {"read": 16, "scored": 16, "rejected": 0}
    assert Store(path).backup is None  # opened again: nothing more to migrate, no second copy
    assert len(list(tmp_path.glob("*.bak"))) == 1


def example_file(path) -> bytes:
    """A games file holding the example game, saved deal by deal as the page saves it: its bytes."""
    book = Book(Store(path))
    game = book.create("t", "spanish", {}, PLAYERS)
    for deal in SPANISH["deals"]:
        book.add(game, deal)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.read_bytes()


@pytest.mark.parametrize("seed", range(6))
def test_a_damaged_file_is_refused_in_one_line_and_not_written(tmp_path, seed):
    path = tmp_path / "games.sqlite3"
    data = bytearray(example_file(path))
    assert len(data) > 4096 * 3
    damage = random.Random(seed).randbytes(4096 * 2 - 100)
    data[4096 + 100:4096 * 3] = damage  # random bytes inside, the header intact
    path.write_bytes(bytes(data))
    before = digest(path)
    message = refused(path)
    assert message.startswith(f"{path}: the file is damaged ("), message
    assert "\n" not in message  # SQLite's check lists its findings on lines of their own: the first is said
    assert digest(path) == before


# SQLite's check sees pages and B-trees, not the text in a row: bytes changed inside a deal's text leave a file
# SQLite finds whole (it was served, its game unreadable, and the other games were saved into it)
@pytest.mark.parametrize("what, change, says", [
    ("deal", lambda text: text.replace(b"[RRR]", b"[\xff\xfeR]"), "deal 1: its data cannot be read"),  # not UTF-8
    ("deal", lambda text: b"!" + text[1:], "deal 1: its data cannot be read"),  # not JSON
    ("entry", lambda text: text.replace(b'"item"', b'"it\xe9m"', 1), "deal 1: its entry cannot be read"),  # latin-1 é
], ids=["deal not UTF-8", "deal not JSON", "entry not UTF-8"])
def test_a_file_with_a_row_s_text_damaged_is_refused_and_not_written(tmp_path, what, change, says):
    path = tmp_path / "games.sqlite3"
    data = example_file(path)
    with sqlite3.connect(path) as db:
        text = db.execute(f"SELECT {'data' if what == 'deal' else 'entry'} FROM deals WHERE id = 1").fetchone()[0]
    old = text.encode()
    assert data.count(old) == 1  # the row's text, where SQLite keeps it
    new = change(old)
    assert len(new) == len(old) and new != old  # the same length: the page's structure stays whole
    path.write_bytes(data.replace(old, new))
    before = digest(path)
    assert refused(path) == f"{path}: the file is damaged ({says})"
    assert digest(path) == before and not list(tmp_path.glob("*.bak"))
    proc = subprocess.run([sys.executable, "-m", "mjscore", "serve", "--db", str(path), "--port", "0"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.startswith(f"mjscore: error: --db {path}: the file is damaged ({says})")
    assert "Traceback" not in proc.stderr and digest(path) == before


def test_a_file_of_the_first_mjscore_serve_with_a_damaged_deal_is_refused_before_any_copy(tmp_path):
    path = first_serve_file(tmp_path / "games.sqlite3")
    data = path.read_bytes()
    old = json.dumps(SPANISH["deals"][2]).encode()
    assert data.count(old) == 1
    path.write_bytes(data.replace(old, old[:-1] + b"\xc3"))  # its last byte: a UTF-8 sequence begun, never ended
    before = digest(path)
    assert refused(path) == f"{path}: the file is damaged (deal 3: its data cannot be read)"
    assert digest(path) == before and not list(tmp_path.glob("*.bak"))  # no migration, no copy


@pytest.mark.parametrize("make, says", [
    (lambda db: db.execute("CREATE TABLE photos (id INTEGER, blob BLOB)"), "another program's SQLite file (its tables: keep, photos)"),
    (lambda db: db.execute("PRAGMA application_id = 1234"), "another program's file (application id 0x4d2)"),
    (lambda db: (db.execute(f"PRAGMA application_id = {APPLICATION_ID}"), db.execute("PRAGMA user_version = 9")),
     "made by a newer mjscore (schema 9"),
    (lambda db: (db.executescript(SCHEMA_V1), db.execute("CREATE TABLE extra (x)")), "another program's SQLite file"),
])
def test_another_programs_file_is_refused_and_not_written(tmp_path, make, says):
    path = tmp_path / "theirs.sqlite3"
    with sqlite3.connect(path) as db:
        make(db)
        db.execute("CREATE TABLE IF NOT EXISTS keep (x)")  # (every case holds a table of its own)
    before = digest(path)
    assert says in refused(path)
    assert digest(path) == before and not list(tmp_path.glob("*.bak")) and not list(tmp_path.glob("*-wal"))


def test_a_file_that_is_not_sqlite_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("the club's notes\n")
    assert refused(path) == f"{path}: not an SQLite file (not a games file of mjscore's)"
    assert path.read_text() == "the club's notes\n"


def test_serve_refuses_it_with_one_line_and_exit_2(tmp_path):
    path = tmp_path / "theirs.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE photos (id INTEGER)")
    proc = subprocess.run([sys.executable, "-m", "mjscore", "serve", "--db", str(path), "--port", "0"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert lines[0] == f"mjscore: error: --db {path}: another program's SQLite file (its tables: photos): give --db " \
                       "a new file name", proc.stderr
    assert "Traceback" not in proc.stderr


READ_ONLY = ("{what} is read-only{mount}{why}: serve saves every deal into it; make it writable, or give --db a "
             "file where it can write")
FOLDER_WHY = ", and SQLite keeps the -wal and -shm files beside the file"


def can_mount() -> bool:
    """Whether this machine lets a process mount a file system of its own (a user and mount namespace)."""
    try:
        return subprocess.run(["unshare", "-rm", "true"], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.mark.skipif(not can_mount(), reason="needs unshare -rm (a mount namespace) to mount a file system read-only")
def test_a_games_file_on_a_read_only_mount_is_said_read_only_not_damaged(tmp_path):
    # (was "the file is damaged (unable to open database file)": SQLite cannot make the -shm file beside it)
    mount = tmp_path / "mnt"
    mount.mkdir()
    games, new = mount / "games.sqlite3", mount / "new.sqlite3"
    serve = f"{sys.executable} -m mjscore serve --port 0 --db"
    script = (f"mount -t tmpfs none {mount} && {sys.executable} -c 'from mjscore.web.store import Store; "
              f"Store(\"{games}\")' && mount -o remount,ro {mount} && {serve} {games}; echo \"exit $?\"; "
              f"{serve} {new}; echo \"exit $?\"")
    proc = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=120)
    said = READ_ONLY.format(what="the file", mount=" (a read-only mount)", why="")
    assert proc.stderr.splitlines() == [f"mjscore: error: cannot open the games file {games}: {said}",
                                        f"mjscore: error: cannot open the games file {new}: "
                                        + READ_ONLY.format(what="its folder", mount=" (a read-only mount)",
                                                           why=FOLDER_WHY)], proc.stderr
    assert proc.stdout.splitlines() == ["exit 2", "exit 2"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write a read-only file")
def test_a_read_only_games_file_is_said_read_only(tmp_path):
    path = tmp_path / "games.sqlite3"
    Store(path)
    path.chmod(0o444)
    before = digest(path)
    with pytest.raises(ReadOnlyFile) as e:
        Store(path)
    assert str(e.value) == READ_ONLY.format(what="the file", mount="", why="") and digest(path) == before


# schema 2 as mjscore serve made its files before games kept their rules (issue 32): schema 1 and its migration
SCHEMA_V2_STEPS = [
    "ALTER TABLE games ADD COLUMN scored_with TEXT", "ALTER TABLE deals ADD COLUMN entry TEXT",
    "ALTER TABLE deals ADD COLUMN failed INTEGER NOT NULL DEFAULT 0",
    "CREATE INDEX deals_counted ON deals(game_id, deleted, failed)",
    "CREATE INDEX deals_unscored ON deals(game_id, id) WHERE entry IS NULL"]


def test_a_schema_2_file_is_backed_up_and_migrated_its_games_rules_unrecorded(tmp_path):
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(SCHEMA_V1)
        for step in SCHEMA_V2_STEPS:
            db.execute(step)
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("PRAGMA user_version = 2")
        db.execute("INSERT INTO games (id, name, variant, options, players, created, version) "
                   "VALUES (1, 'Friday', 'spanish', '{}', ?, 0, 16)", (json.dumps(PLAYERS),))
        db.executemany("INSERT INTO deals (game_id, data) VALUES (1, ?)", [(json.dumps(d),) for d in SPANISH["deals"]])
    store = Store(path)
    assert store.backup is not None and store.backup.name.startswith("games.sqlite3.schema2-")
    with sqlite3.connect(store.backup) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2  # the copy is the file as it was
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 4  # (4: the drafts' keys, issue 44)
        assert db.execute("SELECT rules FROM games WHERE id = 1").fetchone()[0] is None
    # a game kept before schema 3 says no rules (they were not recorded), and is scored as before:
    # the example game, whose values tests/test_games.py works by hand
    assert "rules" not in store.game(1) and "rules" not in store.game_file(1)
    view = Book(store).view(1)
    assert view["totals"] == api.score_game(EXAMPLES / "game-spanish.yaml").totals
    # a game created now records the rules it is created under, and keeps them in the file
    book = Book(store)
    new = book.create("Saturday", "spanish", {"limit": 1000}, PLAYERS)
    recorded = api.rules_of("spanish", {"limit": 1000}).to_dict()
    assert Store(path).game(new)["rules"] == recorded
    assert Store(path).game_file(new)["rules"] == {k: recorded[k] for k in ("variant", "table", "options")}
    assert Store(path).backup is None  # opened again: nothing more to migrate


def test_a_game_keeps_the_rules_it_was_created_under_when_the_tables_change(tmp_path):
    # a game created under a table the server no longer loads (its hash stands for last season's edit): the
    # record stays as written; the page says it is scored under the table loaded now, naming the recorded one
    path = tmp_path / "games.sqlite3"
    old = {"variant": "spanish", "table": "sha256:" + "1" * 64, "options": api.rules_of("spanish").options}
    game = Store(path).create_game("Friday", "spanish", {}, PLAYERS, old)
    book = Book(Store(path))
    for deal in SPANISH["deals"]:
        book.add(game, deal)
    view = Book(Store(path)).view(game)
    assert view["game"]["rules"] == old
    assert view["rules"] == {**api.rules_of("spanish").to_dict(), "recorded_table": old["table"]}
    assert view["sheet"]["rules"] == view["rules"]
    assert view["totals"] == api.score_game(EXAMPLES / "game-spanish.yaml").totals
    assert Store(path).game_file(game)["rules"] == old  # the export states what it was created under


def test_a_full_disk_says_that_freeing_space_is_enough(tmp_path, monkeypatch, caplog):
    """Issue 46: a save that finds no space is 503 with nothing written, and says to free some space (not to
    restart serve: the file is whole); once there is space, the same save goes through, the server as it was.
    The disk is filled for the games file alone: its connections may not grow it (SQLite's max_page_count), so
    SQLite fails as on a full disk (SQLITE_FULL, "database or disk is full")."""
    pytest.importorskip("uvicorn", reason='the web extra is not installed: pip install "mjscore[web]"')
    from webserver import request, running

    from mjscore.web.app import create_app

    path = tmp_path / "games.sqlite3"
    store = Store(path)
    game = Book(store).create("Friday", "spanish", {}, PLAYERS)
    connect = sqlite3.connect

    def full(*args, **kwargs):
        db = connect(*args, **kwargs)
        db.execute("PRAGMA max_page_count = 1")  # (never below the pages it has: it may not grow)
        return db

    with running(create_app(store)) as url:
        uvicorn_log = logging.getLogger("uvicorn.error")  # (which does not pass its records on to the root's)
        uvicorn_log.addHandler(caplog.handler)
        monkeypatch.setattr(sqlite3, "connect", full)
        answers = [request(f"{url}/api/games/{game}/deals", SPANISH["deals"][i % 16]) for i in range(12)]
        full_disk = (503, {"error": "the disk of the games file is full: nothing was changed; free some space on it "
                                    "and try again"})
        assert full_disk in answers and all(a == full_disk or a[0] == 201 for a in answers), answers
        saved = sum(status == 201 for status, _ in answers)  # (a smaller deal may still fit)
        monkeypatch.undo()  # space freed
        assert request(f"{url}/api/games/{game}/deals", SPANISH["deals"][0])[0] == 201
        uvicorn_log.removeHandler(caplog.handler)
    assert len(store.game(game)["deals"]) == saved + 1  # nothing of the refused saves written
    said = [r.getMessage() for r in caplog.records if r.levelname in ("WARNING", "ERROR")]
    assert said and set(said) == {"the disk of the games file is full: free some space on it"}, said  # no traceback
