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

The file's schema, its version and its migrations are gamesfile.py's (`open_file`), checked when a Store
is made.
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
from mjscore.web.gamesfile import connect, open_file


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


class Duplicate(Exception):
    """A new deal equal to one another phone added since this phone read the game (409, nothing written)."""

    def __init__(self, deal: int, deal_id: int):
        super().__init__(f"deal {deal}, with the same hands and result, was saved by another phone meanwhile: "
                         "this copy was not saved")
        self.deal, self.deal_id = deal, deal_id


class Conflicting(Exception):
    """A correction of a deal another phone corrected meanwhile, both changing a field (409, nothing written):
    `conflicts` [{"field", "yours", "theirs"}], `merged` the deal with both phones' other changes (theirs in the
    fields in conflict), `theirs` the deal as stored, `version` the game's version now (mjscore.web.merge)."""

    def __init__(self, deal: int, conflicts: list[dict], merged: dict, theirs: dict, version: int):
        names = ", ".join(".".join(c["field"]) for c in conflicts)
        super().__init__(f"another phone corrected deal {deal} meanwhile, and changed {names} too: "
                         "choose which to keep, then save again")
        self.conflicts, self.merged, self.theirs, self.version = conflicts, merged, theirs, version


def default_path() -> Path:
    """The games file under the user's data directory ($XDG_DATA_HOME, else ~/.local/share; on Windows %APPDATA%)."""
    base = os.environ.get("XDG_DATA_HOME") or (os.environ.get("APPDATA") if os.name == "nt" else None)
    return Path(base or Path.home() / ".local" / "share") / "mjscore" / "games.sqlite3"


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

    def sent(self, key: str) -> int | None:
        """The deal a draft with this key was saved as (None: never sent)."""
        row = self.db.execute("SELECT deal_id FROM sent WHERE key = ? AND game_id = ?", (key, self.id)).fetchone()
        return None if row is None else row["deal_id"]

    def added_after(self, deal_id: int) -> Iterator[Stored]:
        """The live deals added after deal `deal_id` (0: every deal), in play order."""
        return self.deals(deal_id + 1)

    def place(self, deal_id: int) -> int:
        """The number on the sheet of deal `deal_id` (of a deleted one: the number it would have)."""
        return self.db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ? AND NOT deleted AND id < ?",
                               (self.id, deal_id)).fetchone()[0] + 1

    def redoable(self) -> sqlite3.Row:
        """The change a redo makes again: the first of the changes undone since the last one not undone."""
        row = self.db.execute("SELECT * FROM changes WHERE game_id = ? AND undone AND id > "
                              "coalesce((SELECT max(id) FROM changes WHERE game_id = ? AND NOT undone), 0) "
                              "ORDER BY id LIMIT 1", (self.id, self.id)).fetchone()
        if row is None:
            raise NothingToUndo("nothing to redo in this game: no change was undone since the last one")
        return row

    def changes_said(self) -> dict:
        """What an undo and a redo would change now, for the page to ask first: {"undo": {"kind", "deal"} or
        None, "redo": ...}, `deal` the deal's number on the sheet."""
        out: dict = {}
        for what, find in (("undo", self.last_change), ("redo", self.redoable)):
            try:
                row = find()
            except NothingToUndo:
                out[what] = None
            else:
                out[what] = {"kind": row["kind"], "deal": self.place(row["deal_id"])}
        return out

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
        return connect(self.path)

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

    def append(self, game_id: int, version: int, deal: dict, entry: Entry, key: str | None = None) -> int:
        """Add a deal; `key`: the phone's draft it came from, kept so that the draft is never added twice."""
        with self._write(game_id, version) as db:
            cur = db.execute("INSERT INTO deals (game_id, data, entry, failed) VALUES (?, ?, ?, ?)",
                             (game_id, json.dumps(deal), _entry_text(entry), "error" in entry.item))
            self._journal(db, game_id, cur.lastrowid, "add", None)
            self._sent(db, game_id, cur.lastrowid, key)
            return cur.lastrowid

    def correct(self, game_id: int, version: int, deal_id: int, deal: dict,
                entries: list[tuple[int, Entry]], key: str | None = None) -> None:
        with self._write(game_id, version) as db:
            before = db.execute("SELECT data FROM deals WHERE id = ?", (deal_id,)).fetchone()["data"]
            db.execute("UPDATE deals SET data = ? WHERE id = ?", (json.dumps(deal), deal_id))
            self._journal(db, game_id, deal_id, "edit", before)
            self._entries(db, entries)
            self._sent(db, game_id, deal_id, key)

    def delete(self, game_id: int, version: int, deal_id: int, entries: list[tuple[int, Entry]]) -> None:
        with self._write(game_id, version) as db:
            db.execute("UPDATE deals SET deleted = 1 WHERE id = ?", (deal_id,))
            self._journal(db, game_id, deal_id, "delete", None)
            self._entries(db, entries)

    def undo(self, game_id: int, version: int, change: sqlite3.Row, entries: list[tuple[int, Entry]],
             redo: bool = False) -> dict:
        """Undo `change` (the game's last, read at `version`): an added deal is removed, a corrected one gets
        its old data back, a deleted one returns; `entries` are the ledger after it. With `redo`, make again the
        change an undo took back (Snapshot.redoable). A corrected deal's other data is kept in the change's
        `before` either way (the data an undo of the edit took away, for its redo; and back)."""
        deal_id = change["deal_id"]
        with self._write(game_id, version) as db:
            if change["kind"] == "edit":
                now = db.execute("SELECT data FROM deals WHERE id = ?", (deal_id,)).fetchone()["data"]
                db.execute("UPDATE deals SET data = ? WHERE id = ?", (change["before"], deal_id))
                db.execute("UPDATE changes SET before = ? WHERE id = ?", (now, change["id"]))
            else:  # an add undone or a delete redone: the deal goes; a delete undone or an add redone: it returns
                db.execute("UPDATE deals SET deleted = ? WHERE id = ?", (int((change["kind"] == "add") != redo), deal_id))
            db.execute("UPDATE changes SET undone = ? WHERE id = ?", (int(not redo), change["id"]))
            db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
            self._entries(db, entries)
            return {"redone" if redo else "undone": change["kind"], "deal": deal_id}

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
    def _sent(db: sqlite3.Connection, game_id: int, deal_id: int, key: str | None) -> None:
        """Keep a draft's key with the change it made (checked in the same transaction: sent twice at once, the
        second finds it and writes nothing: Conflict, the caller reads again and answers the deal saved)."""
        if key is None:
            return
        if db.execute("SELECT 1 FROM sent WHERE key = ?", (key,)).fetchone():
            raise Conflict(db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0])
        db.execute("INSERT INTO sent (key, game_id, deal_id) VALUES (?, ?, ?)", (key, game_id, deal_id))

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
