"""Whether a games file is whole, checked when `mjscore serve` opens it (store.open_file), said in one line.

SQLite's quick check sees the file's structure (its pages, its B-trees), not the text kept in its rows:
random bytes that land inside a deal's text leave a file that SQLite finds whole, whose deal can no
longer be read (not UTF-8, or not JSON). Such a file was served: reading that game failed, and saving
into the other games wrote into the damaged file. So every text a games file keeps is read once as well,
as the server would read it (a file holding a game of 10,000 deals: a second or two), and it is refused at
the start, never written to.

What neither check can see: bytes changed into other valid text (a 3 become a 7 inside a hand). SQLite
keeps no checksum of its rows.

A file that cannot be written (a read-only mount) is said to be read-only before SQLite is asked: SQLite,
which makes the -wal and -shm files beside it, says "unable to open database file", once taken for damage.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

# the text columns of the stored games (store.SCHEMA) that hold JSON; those absent from a file of an
# earlier schema are skipped
JSON_COLUMNS = {"games": ("options", "players", "rules"), "deals": ("data", "entry"), "changes": ("before",)}
TEXT_COLUMNS = {"games": ("name", "variant", "scored_with"), "changes": ("kind",)}
ROW_WORDS = {"games": "game", "deals": "deal", "changes": "change"}


class ReadOnlyFile(PermissionError):
    """The games file, or the folder SQLite keeps its -wal and -shm files in beside it, cannot be written, and
    serve saves every deal into it (an OSError: serve says the file cannot be opened, and why)."""


def check_writable(path: Path, exists: bool) -> None:
    """Refuse (ReadOnlyFile) a games file that cannot be written, or whose folder cannot be (SQLite makes the
    -wal and -shm files there); `exists`: the file is there (else only its folder is looked at)."""
    folder = path.parent
    for where, what, why in ((path, "the file", ""),
                             (folder, "its folder", ", and SQLite keeps the -wal and -shm files beside the file")):
        if (exists if where is path else folder.exists()) and not os.access(where, os.W_OK):
            mount = hasattr(os, "statvfs") and os.statvfs(where).f_flag & os.ST_RDONLY
            raise ReadOnlyFile(f"{what} is read-only{' (a read-only mount)' if mount else ''}{why}: serve saves "
                               "every deal into it; make it writable, or give --db a file where it can write")


def structure_damage(db: sqlite3.Connection) -> str | None:
    """What SQLite's quick check finds damaged, in a few words on one line (None: nothing)."""
    problems = [line.strip() for row in db.execute("PRAGMA quick_check(5)") for line in str(row[0]).splitlines()
                if line.strip() and not line.startswith("***")]  # SQLite heads its list "*** in database main ***"
    if problems != ["ok"]:
        return f"SQLite's check: {problems[0] if problems else 'no answer'}"
    return None


def row_damage(db: sqlite3.Connection, tables: dict[str, set[str]]) -> str | None:
    """The first stored text that cannot be read, in a few words on one line (None: every one reads).
    `tables`: the file's tables and their columns, of this schema or an earlier one of mjscore's."""
    for table in ("games", "deals", "changes"):
        columns = [c for c in (*TEXT_COLUMNS.get(table, ()), *JSON_COLUMNS[table]) if c in tables.get(table, ())]
        if not columns:
            continue
        blobs = ", ".join(f'CAST("{c}" AS BLOB)' for c in columns)
        for row in db.execute(f'SELECT id, {blobs} FROM "{table}"'):  # bytes: each decoded here, row by row
            for column, raw in zip(columns, row[1:]):
                if raw is None:
                    continue
                try:
                    text = raw.decode("utf-8")
                    if column in JSON_COLUMNS[table]:
                        json.loads(text)
                except ValueError:  # UnicodeDecodeError and json's JSONDecodeError are ValueErrors
                    return f"{ROW_WORDS[table]} {row[0]}: its {column} cannot be read"
    return None
