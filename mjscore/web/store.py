"""Games kept by `mjscore serve` in one SQLite file (the standard library's sqlite3).

A game is its header (name, variant, options, the players seated East, South, West, North at the
start) and its deals in the order played, each stored as a game file's deal (hands by player, the
winner and discarder by name), so that a game exports as the YAML file `mjscore batch` reads and its
seats, winds and totals are always derived again from the deals, never stored.

Every change is one transaction (`BEGIN IMMEDIATE`: writers queue, none is lost or half-written) and
one line of a journal, so the last change of a game can be undone: an added deal is removed, a
corrected one gets its old data back, a deleted one returns. A deleted deal is only marked deleted.

A game's `version` counts its changes (undo included), raised in the same transaction as the change.
A change may name the version it was made against (`expected`): if another change came first, it is
refused (StaleVersion) and nothing is written, so a phone never saves a deal whose seats it derived
from a sheet that is no longer the game's. A change naming no version is applied as it comes.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any, Callable, Iterator

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON object, as entered
    players TEXT NOT NULL,          -- JSON list, seated E S W N at the start
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS deals (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    data TEXT NOT NULL,             -- JSON: one deal of a game file
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS deals_of_game ON deals(game_id, id);
CREATE TABLE IF NOT EXISTS changes (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    deal_id INTEGER NOT NULL REFERENCES deals(id),
    kind TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'delete')),
    before TEXT,                    -- an edited deal's data before the edit
    at REAL NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0
);
"""

# A check is given the game as a game file's data and the index of the deal just written (or None);
# it raises (an MjscoreError) to refuse the change, which is then rolled back.
Check = Callable[[dict, "int | None"], None]


class NotFound(LookupError):
    """No such game or deal."""


class NothingToUndo(LookupError):
    """The game has no change left to undo."""


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


class Store:
    """The games file. Safe to share between threads: each call opens its own connection."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.closing(self._connect()) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)  # transactions are explicit
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("PRAGMA busy_timeout=30000")
        return db

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction that takes the write lock at once: a second writer waits, then sees this one's rows."""
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            db.close()

    # --- reading ---------------------------------------------------------------------------
    def games(self) -> list[dict]:
        with contextlib.closing(self._connect()) as db:
            rows = db.execute("SELECT g.*, (SELECT COUNT(*) FROM deals d WHERE d.game_id = g.id AND NOT d.deleted) "
                              "AS deals FROM games g ORDER BY g.id DESC").fetchall()
        return [{**_header(r), "deals": r["deals"]} for r in rows]

    def game(self, game_id: int) -> dict:
        """The header and the deals in play order, each {"id", "data"}: one snapshot, so the version read
        is the version of these deals even while another phone writes."""
        with contextlib.closing(self._connect()) as db:
            db.execute("BEGIN")
            try:
                return self._game(db, game_id)
            finally:
                db.execute("COMMIT")

    def _game(self, db: sqlite3.Connection, game_id: int) -> dict:
        row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFound(f"no game {game_id}")
        deals = db.execute("SELECT id, data FROM deals WHERE game_id = ? AND NOT deleted ORDER BY id",
                           (game_id,)).fetchall()
        return {**_header(row), "deals": [{"id": d["id"], "data": json.loads(d["data"])} for d in deals]}

    def game_file(self, game_id: int) -> dict:
        """The game as the data of a game file (`mjscore batch`)."""
        return game_file(self.game(game_id))

    # --- writing ---------------------------------------------------------------------------
    def create_game(self, name: str, variant: str, options: dict, players: list[str], check: Check) -> int:
        with self._write() as db:
            cur = db.execute("INSERT INTO games (name, variant, options, players, created) VALUES (?, ?, ?, ?, ?)",
                             (name, variant, json.dumps(options), json.dumps(players), time.time()))
            check(game_file(self._game(db, cur.lastrowid)), None)
            return cur.lastrowid

    def add_deal(self, game_id: int, deal: dict, check: Check, expected: int | None = None) -> int:
        with self._write() as db:
            self._same_version(db, game_id, expected)
            game = self._game(db, game_id)
            cur = db.execute("INSERT INTO deals (game_id, data) VALUES (?, ?)", (game_id, json.dumps(deal)))
            self._journal(db, game_id, cur.lastrowid, "add", None)
            check(game_file(self._game(db, game_id)), len(game["deals"]))
            return cur.lastrowid

    def edit_deal(self, game_id: int, deal_id: int, deal: dict, check: Check, expected: int | None = None) -> None:
        with self._write() as db:
            self._same_version(db, game_id, expected)
            before = self._deal(db, game_id, deal_id)
            db.execute("UPDATE deals SET data = ? WHERE id = ?", (json.dumps(deal), deal_id))
            self._journal(db, game_id, deal_id, "edit", before)
            game = self._game(db, game_id)
            check(game_file(game), [d["id"] for d in game["deals"]].index(deal_id))

    def delete_deal(self, game_id: int, deal_id: int, expected: int | None = None) -> None:
        with self._write() as db:
            self._same_version(db, game_id, expected)
            self._deal(db, game_id, deal_id)
            db.execute("UPDATE deals SET deleted = 1 WHERE id = ?", (deal_id,))
            self._journal(db, game_id, deal_id, "delete", None)

    def undo(self, game_id: int, expected: int | None = None) -> dict:
        """Undo the game's last change not yet undone; say what it was."""
        with self._write() as db:
            self._same_version(db, game_id, expected)
            last = db.execute("SELECT * FROM changes WHERE game_id = ? AND NOT undone ORDER BY id DESC LIMIT 1",
                              (game_id,)).fetchone()
            if last is None:
                raise NothingToUndo("nothing to undo in this game")
            if last["kind"] == "add":
                db.execute("UPDATE deals SET deleted = 1 WHERE id = ?", (last["deal_id"],))
            elif last["kind"] == "edit":
                db.execute("UPDATE deals SET data = ? WHERE id = ?", (last["before"], last["deal_id"]))
            else:
                db.execute("UPDATE deals SET deleted = 0 WHERE id = ?", (last["deal_id"],))
            db.execute("UPDATE changes SET undone = 1 WHERE id = ?", (last["id"],))
            db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
            return {"undone": last["kind"], "deal": last["deal_id"]}

    def _same_version(self, db: sqlite3.Connection, game_id: int, expected: int | None) -> None:
        """Refuse a change made against another version than the game's (None: no version named, no check)."""
        row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NotFound(f"no game {game_id}")
        if expected is not None and expected != row["version"]:
            raise StaleVersion(expected, row["version"])

    def _deal(self, db: sqlite3.Connection, game_id: int, deal_id: int) -> str:
        row = db.execute("SELECT data FROM deals WHERE id = ? AND game_id = ? AND NOT deleted",
                         (deal_id, game_id)).fetchone()
        if row is None:
            raise NotFound(f"no deal {deal_id} in game {game_id}")
        return row["data"]

    def _journal(self, db: sqlite3.Connection, game_id: int, deal_id: int, kind: str, before: str | None) -> None:
        db.execute("INSERT INTO changes (game_id, deal_id, kind, before, at) VALUES (?, ?, ?, ?, ?)",
                   (game_id, deal_id, kind, before, time.time()))
        db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))


def _header(row: sqlite3.Row) -> dict[str, Any]:
    return {"id": row["id"], "name": row["name"], "variant": row["variant"], "options": json.loads(row["options"]),
            "players": json.loads(row["players"]), "created": row["created"], "version": row["version"]}


def game_file(game: dict) -> dict:
    """A stored game as a game file's data: what `mjscore batch` reads."""
    return {"variant": game["variant"], "options": game["options"], "players": game["players"],
            "deals": [d["data"] for d in game["deals"]]}
