"""The games file of `mjscore serve` opened: its schema, its mark and version, its migrations (issue 44 split
this from store.py, which reads and writes the games).

A file is used only if it is mjscore's (its application id, or an earlier mjscore's tables), whole (SQLite's
quick check, and every text it keeps readable: filecheck.py), not made by a newer mjscore, and writable, with
its folder (a file on a read-only mount is said to be read-only, not damaged); a file of an earlier schema is
copied beside itself and migrated in one transaction.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from pathlib import Path

from mjscore.web.filecheck import check_writable, row_damage, structure_damage

APPLICATION_ID = 0x4D4A5343  # "MJSC": PRAGMA application_id of a games file of mjscore's
SCHEMA_VERSION = 4  # PRAGMA user_version; 1 is the schema of the first mjscore serve (no mark, no entries);
# 3: each game keeps the rules it was created under (variant, table hash, options); 4: the keys of the drafts
# phones sent (a draft sent again, the laptop having been out of reach, is saved once)
HEADER = b"SQLite format 3\x00"

TABLES_V1 = {"games": {"id", "name", "variant", "options", "players", "created", "version"},
             "deals": {"id", "game_id", "data", "deleted"},
             "changes": {"id", "game_id", "deal_id", "kind", "before", "at", "undone"}}

SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON object, as entered
    players TEXT NOT NULL,          -- JSON list, seated E S W N at the start
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    scored_with TEXT,               -- the rules the deals' entries were scored under (None: not yet)
    rules TEXT                      -- JSON: the rules the game was created under, {variant, table, options}
                                    -- (None: a game kept before schema 3, whose rules were not recorded)
);
CREATE TABLE deals (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    data TEXT NOT NULL,             -- JSON: one deal of a game file
    deleted INTEGER NOT NULL DEFAULT 0,
    entry TEXT,                     -- JSON: its ledger entry (None: not scored yet)
    failed INTEGER NOT NULL DEFAULT 0  -- its entry says it could not be scored (counted without reading entries)
);
CREATE INDEX deals_of_game ON deals(game_id, id);
CREATE INDEX deals_counted ON deals(game_id, deleted, failed);  -- counts without reading the deals
CREATE INDEX deals_unscored ON deals(game_id, id) WHERE entry IS NULL;
CREATE TABLE changes (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    deal_id INTEGER NOT NULL REFERENCES deals(id),
    kind TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'delete')),
    before TEXT,                    -- an edited deal's data before the edit
    at REAL NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE sent (
    key TEXT PRIMARY KEY,           -- a phone's draft: the key it sends with the change (once only)
    game_id INTEGER NOT NULL REFERENCES games(id),
    deal_id INTEGER NOT NULL REFERENCES deals(id)
);
"""
SENT = SCHEMA[SCHEMA.index("CREATE TABLE sent"):].strip().rstrip(";")
MIGRATIONS = {1: ["ALTER TABLE games ADD COLUMN scored_with TEXT", "ALTER TABLE deals ADD COLUMN entry TEXT",
                  "ALTER TABLE deals ADD COLUMN failed INTEGER NOT NULL DEFAULT 0",
                  "CREATE INDEX deals_counted ON deals(game_id, deleted, failed)",
                  "CREATE INDEX deals_unscored ON deals(game_id, id) WHERE entry IS NULL"],
              2: ["ALTER TABLE games ADD COLUMN rules TEXT"],  # games kept before: rules not recorded (NULL)
              3: [SENT]}


class NotGamesFile(Exception):
    """The file cannot be used as the games file: not SQLite, damaged, another program's, or newer."""


def connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=30, isolation_level=None)  # transactions are explicit
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA busy_timeout=30000")
    return db


def _tables(db: sqlite3.Connection) -> dict[str, set[str]]:
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {n: {c[1] for c in db.execute(f'PRAGMA table_info("{n}")')} for n in names}


def _backup(db: sqlite3.Connection, path: Path, version: int) -> Path:
    """A copy of the file beside it before a migration, under a name no file has (never overwrites one)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        copy = path.with_name(f"{path.name}.schema{version}-{stamp}{'' if n == 0 else f'-{n}'}.bak")
        try:
            fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        os.close(fd)
        with contextlib.closing(sqlite3.connect(copy)) as target:
            db.backup(target)
        return copy
    raise NotGamesFile(f"{path}: cannot find a free name for a backup copy beside it")


def open_file(path: Path) -> Path | None:
    """Check (and if need be create or migrate) the games file; the backup copy made, if any.

    Refuses with NotGamesFile, writing nothing, a file that is not SQLite, is damaged, belongs to another
    program (another application id, or tables that are not an earlier mjscore's), or was made by a newer
    mjscore; with ReadOnlyFile (filecheck.py) one that cannot be written, or whose folder cannot be."""
    exists = path.exists() and path.stat().st_size > 0
    if path.exists() and not path.is_file():
        raise NotGamesFile(f"{path}: not a file")
    if exists:
        with open(path, "rb") as f:
            if f.read(16) != HEADER:
                raise NotGamesFile(f"{path}: not an SQLite file (not a games file of mjscore's)")
    check_writable(path, exists)
    with contextlib.closing(connect(path)) as db:
        try:
            return _open(db, path, exists)
        except sqlite3.DatabaseError as e:
            raise NotGamesFile(f"{path}: the file is damaged ({e})") from None


def _open(db: sqlite3.Connection, path: Path, exists: bool) -> Path | None:
    found = structure_damage(db) if exists else None
    if found:
        raise NotGamesFile(f"{path}: the file is damaged ({found})")
    app, version = db.execute("PRAGMA application_id").fetchone()[0], db.execute("PRAGMA user_version").fetchone()[0]
    tables = _tables(db)
    if app == APPLICATION_ID:
        if version > SCHEMA_VERSION:
            raise NotGamesFile(f"{path}: made by a newer mjscore (schema {version}; this one knows {SCHEMA_VERSION}): "
                               "upgrade mjscore, or give --db another file")
        _readable(db, path, tables)
        if version == SCHEMA_VERSION:
            return None
    elif app != 0:
        raise NotGamesFile(f"{path}: another program's file (application id {app:#x}): give --db a new file name")
    elif not tables:  # a new (or empty) file
        db.executescript(f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA application_id = {APPLICATION_ID}; "
                         f"PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")  # all or nothing
        db.execute("PRAGMA journal_mode=WAL")
        return None
    elif any(name not in TABLES_V1 or not TABLES_V1[name] <= cols for name, cols in tables.items()) or \
            set(tables) != set(TABLES_V1):
        shown = ", ".join(sorted(tables)[:5])
        raise NotGamesFile(f"{path}: another program's SQLite file (its tables: {shown}): give --db a new file name")
    else:
        _readable(db, path, tables)
        version = 1  # the first mjscore serve's file: its tables, no mark
    copy = _backup(db, path, version)
    db.execute("BEGIN IMMEDIATE")
    try:
        for step in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[step]:
                db.execute(statement)
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    db.execute("PRAGMA journal_mode=WAL")
    return copy


def _readable(db: sqlite3.Connection, path: Path, tables: dict[str, set[str]]) -> None:
    found = row_damage(db, tables)
    if found:
        raise NotGamesFile(f"{path}: the file is damaged ({found})")
