"""Games kept by `mjscore serve` in one SQLite file (the standard library's sqlite3).

A game is its header (name, variant, options, the players seated East, South, West, North at the
start) and its deals in the order played, each stored as a game file's deal (hands by player, the
winner and discarder by name), so that a game exports as the YAML file `mjscore batch` reads. With each
deal the store keeps its ledger entry (mjscore.play.ledger: the deal's settlement, the seating it leaves,
the running totals after it), derived from the deals and thrown away whenever the rules it was scored
under are not the ones loaded now (`scored_with`).

Scoring never happens inside a write: a change is worked out on a snapshot read at some version of the
game (`reading`), then written in one short transaction (`BEGIN IMMEDIATE`) that first checks the game is
still at that version (else `Conflict`: nothing is written, the caller reads again or refuses). Each
change is one line of a journal, so the last change can be undone; a deleted deal is only marked deleted.
A game's `version` counts its changes (undo included).

This module owns the file's schema, its version and its migrations (`open_file`): a file is used only if
it is mjscore's (its application id, or an earlier mjscore's tables), whole (SQLite's quick check, and
every text it keeps readable: filecheck.py), not made by a newer mjscore, and writable, with its folder
(a file on a read-only mount is said to be read-only, not damaged); a file of an earlier schema
is copied beside itself and migrated in one transaction.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any, Iterator

from mjscore.api import Entry, Stored
from mjscore.web.filecheck import check_writable, row_damage, structure_damage

APPLICATION_ID = 0x4D4A5343  # "MJSC": PRAGMA application_id of a games file of mjscore's
SCHEMA_VERSION = 3  # PRAGMA user_version; 1 is the schema of the first mjscore serve (no mark, no entries);
# 3: each game keeps the rules it was created under (variant, table hash, options)
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
"""
MIGRATIONS = {1: ["ALTER TABLE games ADD COLUMN scored_with TEXT", "ALTER TABLE deals ADD COLUMN entry TEXT",
                  "ALTER TABLE deals ADD COLUMN failed INTEGER NOT NULL DEFAULT 0",
                  "CREATE INDEX deals_counted ON deals(game_id, deleted, failed)",
                  "CREATE INDEX deals_unscored ON deals(game_id, id) WHERE entry IS NULL"],
              2: ["ALTER TABLE games ADD COLUMN rules TEXT"]}  # games kept before: rules not recorded (NULL)


class NotGamesFile(Exception):
    """The file cannot be used as the games file: not SQLite, damaged, another program's, or newer."""


class NotFound(LookupError):
    """No such game or deal."""


class NothingToUndo(LookupError):
    """The game has no change left to undo."""


class Conflict(Exception):
    """The game changed since the snapshot a change was worked out on: nothing was written."""

    def __init__(self, current: int):
        super().__init__(f"the game is at version {current}")
        self.current = current


class StaleVersion(Exception):
    """A change made against an older version of the game than the stored one: refused, nothing written."""

    MESSAGE = ("another phone saved a change to this game meanwhile: the sheet is reloaded; "
               "check the deal and save again")

    def __init__(self, expected: int, current: int):
        super().__init__(self.MESSAGE)
        self.expected, self.current = expected, current


def default_path() -> Path:
    """The games file under the user's data directory ($XDG_DATA_HOME, else ~/.local/share; on Windows %APPDATA%)."""
    base = os.environ.get("XDG_DATA_HOME") or (os.environ.get("APPDATA") if os.name == "nt" else None)
    return Path(base or Path.home() / ".local" / "share") / "mjscore" / "games.sqlite3"


def _connect(path: Path) -> sqlite3.Connection:
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
    with contextlib.closing(_connect(path)) as db:
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


def _entry(text: str | None) -> Entry | None:
    if text is None:
        return None
    d = json.loads(text)
    return Entry(d["item"], d["seating"], d["totals"])


def _entry_text(entry: Entry) -> str:
    return json.dumps(entry._asdict(), ensure_ascii=False)


def _header(row: sqlite3.Row) -> dict[str, Any]:
    head = {"id": row["id"], "name": row["name"], "variant": row["variant"], "options": json.loads(row["options"]),
            "players": json.loads(row["players"]), "created": row["created"], "version": row["version"]}
    if row["rules"] is not None:  # the rules it was created under, kept whatever tables the server loads later
        head["rules"] = json.loads(row["rules"])
    return head


class Snapshot:
    """One game read at one version (a read transaction): what a change is worked out on."""

    def __init__(self, db: sqlite3.Connection, game_id: int):
        self.db = db
        row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFound(f"no game {game_id}")
        self.id, self.header, self.scored_with = game_id, _header(row), row["scored_with"]
        self.version = row["version"]

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ? AND deleted = 0", (self.id,)).fetchone()[0]

    def deals(self, start: int | None = None) -> Iterator[Stored]:
        """The live deals in play order from deal `start` on (None: from the first), read as they are used."""
        rows = self.db.execute("SELECT id, data, entry FROM deals WHERE game_id = ? AND NOT deleted AND id >= ? "
                               "ORDER BY id", (self.id, start or 0))
        for r in rows:
            yield Stored(r["id"], json.loads(r["data"]), _entry(r["entry"]))

    def last(self, limit: int) -> tuple[int, list[Stored]]:
        """(how many live deals come before them, the last `limit` live deals in play order)."""
        rows = self.db.execute("SELECT id, data, entry FROM deals WHERE game_id = ? AND NOT deleted ORDER BY id DESC "
                               "LIMIT ?", (self.id, limit)).fetchall()
        deals = [Stored(r["id"], json.loads(r["data"]), _entry(r["entry"])) for r in reversed(rows)]
        return self.count() - len(deals), deals

    def tail(self) -> Stored | None:
        """The last live deal (None: no deal yet)."""
        row = self.db.execute("SELECT id, data, entry FROM deals WHERE game_id = ? AND NOT deleted ORDER BY id DESC "
                              "LIMIT 1", (self.id,)).fetchone()
        return None if row is None else Stored(row["id"], json.loads(row["data"]), _entry(row["entry"]))

    def first_missing(self) -> int | None:
        """The first live deal without an entry (never scored: a file of an earlier schema, or entries
        forgotten), or None."""
        row = self.db.execute("SELECT id FROM deals WHERE game_id = ? AND entry IS NULL AND NOT deleted ORDER BY id "
                              "LIMIT 1", (self.id,)).fetchone()
        return None if row is None else row["id"]

    def rejected(self) -> int:
        """How many live deals could not be scored (kept with their error: a later correction moved seats)."""
        return self.db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ? AND deleted = 0 AND failed = 1",
                               (self.id,)).fetchone()[0]

    def before(self, deal_id: int) -> Entry | None | bool:
        """The entry of the live deal just before deal `deal_id` (False: it is the first)."""
        row = self.db.execute("SELECT entry FROM deals WHERE game_id = ? AND NOT deleted AND id < ? ORDER BY id DESC "
                              "LIMIT 1", (self.id, deal_id)).fetchone()
        return False if row is None else _entry(row["entry"])

    def deal(self, deal_id: int, deleted: bool = False) -> str:
        row = self.db.execute("SELECT data FROM deals WHERE id = ? AND game_id = ? AND deleted = ?",
                              (deal_id, self.id, int(deleted))).fetchone()
        if row is None:
            raise NotFound(f"no deal {deal_id} in game {self.id}")
        return row["data"]

    def last_change(self) -> sqlite3.Row:
        row = self.db.execute("SELECT * FROM changes WHERE game_id = ? AND NOT undone ORDER BY id DESC LIMIT 1",
                              (self.id,)).fetchone()
        if row is None:
            raise NothingToUndo("nothing to undo in this game")
        return row


class Store:
    """The games file. Safe to share between threads: each call opens its own connection."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.backup = open_file(self.path)

    def _connect(self) -> sqlite3.Connection:
        return _connect(self.path)

    @contextlib.contextmanager
    def reading(self, game_id: int) -> Iterator[Snapshot]:
        """A snapshot of one game: every read through it sees the same version, while others write."""
        with contextlib.closing(self._connect()) as db:
            db.execute("BEGIN")
            try:
                yield Snapshot(db, game_id)
            finally:
                db.execute("COMMIT")

    @contextlib.contextmanager
    def _write(self, game_id: int | None = None, version: int | None = None) -> Iterator[sqlite3.Connection]:
        """One transaction that takes the write lock at once; with a game, only while it is at `version`."""
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                if game_id is not None:
                    row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
                    if row is None:
                        raise NotFound(f"no game {game_id}")
                    if version is not None and row["version"] != version:
                        raise Conflict(row["version"])
                yield db
            except BaseException:
                if db.in_transaction:  # (SQLite rolls back by itself after some errors, a full disk's among them)
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            db.close()

    # --- reading ---------------------------------------------------------------------------
    def games(self, limit: int = 50, before: int | None = None) -> list[dict]:
        """The games, newest first, `limit` of them from game `before` down (a page of the list)."""
        with contextlib.closing(self._connect()) as db:
            rows = db.execute("SELECT g.*, (SELECT COUNT(*) FROM deals d WHERE d.game_id = g.id AND NOT d.deleted) "
                              "AS deals FROM games g WHERE g.id < ? ORDER BY g.id DESC LIMIT ?",
                              (before if before is not None else 2 ** 63 - 1, limit)).fetchall()
        return [{**_header(r), "deals": r["deals"]} for r in rows]

    def game(self, game_id: int) -> dict:
        """The header and every live deal in play order, each {"id", "data"} (the export, the tests)."""
        with self.reading(game_id) as snap:
            return {**snap.header, "deals": [{"id": d.key, "data": d.data} for d in snap.deals()]}

    def game_file(self, game_id: int) -> dict:
        """The game as the data of a game file (`mjscore batch`)."""
        return game_file(self.game(game_id))

    # --- writing (each only while the game is at the version its change was worked out on) ---
    def create_game(self, name: str, variant: str, options: dict, players: list[str],
                    rules: dict | None = None) -> int:
        """A new game; `rules`: the rules it is created under (variant, table hash, options), kept with it."""
        with self._write() as db:
            cur = db.execute("INSERT INTO games (name, variant, options, players, created, rules) "
                             "VALUES (?, ?, ?, ?, ?, ?)", (name, variant, json.dumps(options), json.dumps(players),
                                                           time.time(), None if rules is None else json.dumps(rules)))
            return cur.lastrowid

    def append(self, game_id: int, version: int, deal: dict, entry: Entry) -> int:
        with self._write(game_id, version) as db:
            cur = db.execute("INSERT INTO deals (game_id, data, entry, failed) VALUES (?, ?, ?, ?)",
                             (game_id, json.dumps(deal), _entry_text(entry), "error" in entry.item))
            self._journal(db, game_id, cur.lastrowid, "add", None)
            return cur.lastrowid

    def correct(self, game_id: int, version: int, deal_id: int, deal: dict,
                entries: list[tuple[int, Entry]]) -> None:
        with self._write(game_id, version) as db:
            before = db.execute("SELECT data FROM deals WHERE id = ?", (deal_id,)).fetchone()["data"]
            db.execute("UPDATE deals SET data = ? WHERE id = ?", (json.dumps(deal), deal_id))
            self._journal(db, game_id, deal_id, "edit", before)
            self._entries(db, entries)

    def delete(self, game_id: int, version: int, deal_id: int, entries: list[tuple[int, Entry]]) -> None:
        with self._write(game_id, version) as db:
            db.execute("UPDATE deals SET deleted = 1 WHERE id = ?", (deal_id,))
            self._journal(db, game_id, deal_id, "delete", None)
            self._entries(db, entries)

    def undo(self, game_id: int, version: int, change: sqlite3.Row, entries: list[tuple[int, Entry]]) -> dict:
        """Undo `change` (the game's last, read at `version`): an added deal is removed, a corrected one gets
        its old data back, a deleted one returns; `entries` are the ledger after it."""
        with self._write(game_id, version) as db:
            if change["kind"] == "add":
                db.execute("UPDATE deals SET deleted = 1 WHERE id = ?", (change["deal_id"],))
            elif change["kind"] == "edit":
                db.execute("UPDATE deals SET data = ? WHERE id = ?", (change["before"], change["deal_id"]))
            else:
                db.execute("UPDATE deals SET deleted = 0 WHERE id = ?", (change["deal_id"],))
            db.execute("UPDATE changes SET undone = 1 WHERE id = ?", (change["id"],))
            db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
            self._entries(db, entries)
            return {"undone": change["kind"], "deal": change["deal_id"]}

    def keep_entries(self, game_id: int, version: int, entries: list[tuple[int, Entry]], scored_with: str,
                     forget: bool = False) -> None:
        """Store entries worked out on reading (never stored, or scored under other rules: `forget` the old
        ones first, the deleted deals' too). Not a change: the version stays."""
        with self._write(game_id, version) as db:
            if forget:
                db.execute("UPDATE deals SET entry = NULL WHERE game_id = ?", (game_id,))
            self._entries(db, entries)
            db.execute("UPDATE games SET scored_with = ? WHERE id = ?", (scored_with, game_id))

    @staticmethod
    def _entries(db: sqlite3.Connection, entries: list[tuple[int, Entry]]) -> None:
        db.executemany("UPDATE deals SET entry = ?, failed = ? WHERE id = ?",
                       [(_entry_text(e), "error" in e.item, k) for k, e in entries])

    @staticmethod
    def _journal(db: sqlite3.Connection, game_id: int, deal_id: int, kind: str, before: str | None) -> None:
        db.execute("INSERT INTO changes (game_id, deal_id, kind, before, at) VALUES (?, ?, ?, ?, ?)",
                   (game_id, deal_id, kind, before, time.time()))
        db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))


def game_file(game: dict) -> dict:
    """A stored game as a game file's data: what `mjscore batch` reads (with the rules it was created under,
    so that batch says so when the table it loads is another)."""
    out = {"variant": game["variant"], "options": game["options"]}
    if game.get("rules"):
        out["rules"] = {k: game["rules"][k] for k in ("variant", "table", "options") if k in game["rules"]}
    return {**out, "players": game["players"], "deals": [d["data"] for d in game["deals"]]}
