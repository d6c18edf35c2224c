"""KDE Kajongg's game database read as recorded games: `mjscore batch kajongg3.db`.

Kajongg keeps every game it plays or scores in one SQLite file (`kajongg3.db`; its server's `local3.db`
has the same tables): `game` (the players p0..p3, seated East to North at the start, and the ruleset
the game was played under), `player`, `ruleset` and `rule` (each game's own copy of its rules), and
`score`: one row per player per deal, with the hand in Kajongg's notation, whether it won, the prevailing
wind and the player's own, and what Kajongg recorded: the hand's points, the payments, the balance.

Each game becomes a game file's data for the variant whose rules it was played under: Kajongg's
"Classical Chinese DMJL" is `dmjl`, its "Classical Chinese BMJA" is `bmja` (recognised by Kajongg's own
hash of the rules, so an edited copy is not taken for the original); a game under any other ruleset is
reported, never scored under the wrong rules. The header seats the players as Kajongg's game row did at the
start; mjscore derives every later deal's seats itself (passing the deal, the table's seat exchange), so the
seats Kajongg recorded are checked, not copied (`differences`). Hands convert exactly (KDE Kajongg, meld.py, hand.py,
tile.py): a tile is two letters, lower case exposed, upper case concealed; `aaaa` an exposed kong,
`aAAa` a declared concealed kong, `aaaA` a kong claimed onto a concealed pung (mjscore `<....>`); `R...`
the concealed rest; `m` the last tile's source; `L` the last tile and, for the winner, the set it
completed (mjscore `win: {set: ...}`). A hand that cannot be written in mjscore's notation is that deal's
error, never guessed.

Every value is read as the type Kajongg keeps in its column, and its size is asked of SQLite before the
value is read: a value of another type, or longer than any Kajongg writes (MAX_VALUE_BYTES), is the
game's one-line error naming its table, row and column, never read into Python (a 100 MB hand, read whole,
took 2.7 GB of memory and 14 s). A row naming a player or ruleset that is not there is one too.

The file is opened read-only (`mode=ro`): the database, its rollback journal and its WAL file are never
written. Kajongg keeps its database in rollback-journal mode; one put in WAL mode by another program has a
`-shm` file (the WAL index) that every SQLite reader writes, read-only or not, and creates beside the
database with an empty `-wal` if they are absent. `immutable=1` would avoid that, but SQLite then ignores
the `-wal` file (games Kajongg committed there are not seen) and gives wrong results or reports damage if
Kajongg writes the file meanwhile.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any, Iterator, NamedTuple

from mjscore.errors import DealError, shown
from mjscore.loading import Unreadable
from mjscore.play.difference import Difference, Reference
from mjscore.play.sources import GameRef, GameSource, RawDeal

HEADER = b"SQLite format 3\x00"
TABLES = {"game", "player", "score", "ruleset", "rule"}
# Kajongg's hash of its predefined rulesets (KDE Kajongg 22.12, rule.py Ruleset.hash: md5 of every rule)
RULESETS = {"e9cdf0ce2471bf7986a213b7aac23942": "dmjl", "8c9d39f8c71c68f27e69e71dd60232a7": "bmja"}
NAMES = {"Classical Chinese DMJL": "dmjl", "Classical Chinese BMJA": "bmja"}

SUITS = {"s": "p", "b": "s", "c": "m"}  # Kajongg's stones, bamboo, characters
WINDS = {"e": "E", "s": "S", "w": "W", "n": "N"}
DRAGONS = {"b": "P", "g": "G", "r": "R"}
BONUS_NUMBER = {"e": "1", "s": "2", "w": "3", "n": "4"}  # a flower or season of a wind: its seat's number
SOURCES = {"w": ("wall", ()), "d": ("discard", ()), "z": ("wall", ("last-wall-tile",)),
           "Z": ("discard", ("last-discard",)), "e": ("loose", ()), "k": ("kong", ())}  # KDE Kajongg tilesource.py
DANGEROUS = {"Dangerous Game", "False Naming of Discard, Claimed for Mah Jongg"}  # Kajongg's pays-for-all rules
RULE_WORDS = {"Blessing of Heaven": "heaven", "Blessing of Earth": "earth", "Twofold Fortune": "kong-on-kong",
              "East won nine times in a row": "east-nine-in-a-row"}  # circumstances only Kajongg's record says

# The largest value read (a hand, a player's or ruleset's name, the rules a hand counted), in bytes. Kajongg's
# longest in the 31 fixture databases (53 games): a winner's rules, 340; a hand, 67; a name, 22.
MAX_VALUE_BYTES = 10_000
# Its size without reading it: octet_length (SQLite 3.43) reads neither a text nor a blob; before it, length()
# reads no blob, but a text is read (inside SQLite, never into Python) to count its bytes.
_SIZE = ("octet_length({0})" if sqlite3.sqlite_version_info >= (3, 43) else
         "CASE typeof({0}) WHEN 'text' THEN length(CAST({0} AS BLOB)) ELSE length({0}) END")


class Kind(NamedTuple):
    """What Kajongg keeps in a column, as a value's Python type, and in words for a message."""

    types: tuple[type, ...]
    words: str


TEXT, TEXT_OR_NULL = Kind((str,), "text"), Kind((str, type(None)), "text or nothing")
WHOLE = Kind((int,), "a whole number")
WIND = Kind((str,), "a wind (E, S, W or N)")
HAND = Kind((str,), "a hand in its notation (text)")
SEATS = ("p0", "p1", "p2", "p3")  # the game row's players, East to North at the start
SCORE = {"hand": WHOLE, "player": WHOLE, "data": HAND, "won": WHOLE, "prevailing": WIND, "wind": WIND,
         "points": WHOLE, "payments": WHOLE, "balance": WHOLE, "manualrules": TEXT_OR_NULL}  # as _deal reads them


class KajonggGame(GameRef):
    """One game of a Kajongg database, named as messages and outputs show it: `kajongg3.db game 3`."""

    db: str
    game: int

    def __new__(cls, db: str, game: int) -> "KajonggGame":
        self = super().__new__(cls, f"{db} game {game}", KajonggSource.name)
        self.db, self.game = db, game
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (KajonggGame, (self.db, self.game))


class Recorded(NamedTuple):
    """What Kajongg recorded of one player in one deal."""

    seat: str
    round: str
    points: int
    payment: int
    balance: int
    rules: tuple[str, ...]


class KajonggSource(GameSource):
    """A Kajongg database: any SQLite file (a game file is never one), standing for each game it holds."""

    name = "kajongg"

    def recognises(self, path: str, head: bytes) -> bool:
        return head.startswith(HEADER)

    def games(self, path: str, game: int | None) -> list[GameRef]:
        return list(kajongg_games(path, game))

    keeps_record = True

    def differences(self, ref: GameRef, deals: list[dict[str, Any]], standings: list[dict[str, Any]]) -> list[Difference]:
        assert isinstance(ref, KajonggGame)  # (made by games above)
        return differences(ref, deals)

    def read(self, ref: GameRef) -> tuple[dict[str, Any], Iterator[RawDeal]]:
        assert isinstance(ref, KajonggGame)  # (made by games above: a plain path is never read here)
        header, deals, _ = read_kajongg(ref)
        return header, (RawDeal(i, f"{ref} deal {i}", d) for i, d in enumerate(deals, 1))


def _open(path: str) -> sqlite3.Connection:
    try:
        db = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        db.execute("BEGIN")  # one read transaction: every row as Kajongg left the file at one moment
    except sqlite3.Error as e:
        raise _unreadable(path, e) from None
    if not TABLES <= tables:
        db.close()
        raise DealError(f"{path}: an SQLite file, but not a Kajongg database (no tables {', '.join(sorted(TABLES - tables))})")
    return db


def _wrong(value: Any, kind: Kind) -> str | None:
    """What is wrong with a value read as `kind` (None: nothing)."""
    if value.__class__ not in kind.types:
        what = ("empty (NULL)" if value is None else f"a blob of {len(value):,} bytes" if isinstance(value, bytes)
                else f"the text {shown(value)}" if isinstance(value, str) else f"the number {shown(value)}")
        return f"{what}, where Kajongg keeps {kind.words}"
    if kind is WIND and value not in WINDS.values():
        return f"{shown(value)}, where Kajongg keeps {kind.words}"
    return None


def _rows(db: sqlite3.Connection, where: str, table: str, columns: dict[str, Kind], rest: str = "",
          params: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The rows of `table` (`rest`: the SQL after FROM), each its rowid and its `columns`' values, every one
    checked as the kind Kajongg keeps in that column; the first that is not is `where`'s error. Every value's
    size is asked first, and one longer than MAX_VALUE_BYTES is the error before any value is read (`db` is
    in one read transaction: _open): SQLite holds one row's values at most, Python none."""
    sizes = ", ".join(_SIZE.format(f'"{c}"') for c in columns)
    for row in db.execute(f'SELECT rowid, {sizes} FROM "{table}" {rest}', params):
        for column, size in zip(columns, row[1:]):
            if size is not None and size > MAX_VALUE_BYTES:
                raise DealError(f"{where}: {table} row {row[0]}, {column}: {size:,} bytes, longer than any value "
                                f"Kajongg keeps (at most {MAX_VALUE_BYTES:,} are read)")
    names = ", ".join(f'"{c}"' for c in columns)
    for row in db.execute(f'SELECT rowid, {names} FROM "{table}" {rest}', params):
        for column, kind, value in zip(columns, columns.values(), row[1:]):
            problem = _wrong(value, kind)
            if problem:
                raise DealError(f"{where}: {table} row {row[0]}, {column}: {problem}")
        yield row


@contextlib.contextmanager
def _reading(path: str) -> Iterator[None]:
    """An SQLite error while reading is the file's one line (a damaged page, a table without a column read)."""
    try:
        yield
    except sqlite3.Error as e:
        raise _unreadable(path, e) from None


def _unreadable(path: str, e: sqlite3.Error) -> DealError:
    """The file's one line for an SQLite error; Kajongg's unfinished change, which mode=ro cannot undo, said."""
    if getattr(e, "sqlite_errorname", None) == "SQLITE_READONLY_ROLLBACK":  # (Python 3.11)
        return DealError(f"{path}: a change Kajongg did not finish is in {Path(path).name}-journal beside it, and "
                         "mjscore never writes the file to undo it: open the file in Kajongg once, then read it again")
    return DealError(f"{path}: cannot read it as a Kajongg database ({e})")


def kajongg_games(path: str, only: int | None = None) -> list[KajonggGame]:
    """The games of a Kajongg database that have deals, in the order played (`only`: that game alone)."""
    db = _open(path)
    try:
        with _reading(path):
            ids = [r[1] for r in _rows(db, path, "game", {"id": WHOLE},
                                       "WHERE id IN (SELECT DISTINCT game FROM score) ORDER BY id")]
    finally:
        db.close()
    if only is not None:
        if only not in ids:
            listed = ", ".join(map(str, ids[:20])) + (" ..." if len(ids) > 20 else "")
            raise DealError(f"{path}: --game {only}: no such game with deals (its games: {listed or 'none'})")
        return [KajonggGame(path, only)]
    return [KajonggGame(path, g) for g in ids]


def read_kajongg(ref: KajonggGame) -> tuple[dict[str, Any], Iterator[Any], list[dict[str, Recorded]]]:
    """A game's header (as a game file's), its deals as game-file deals, and what Kajongg recorded of each."""
    db = _open(ref.db)
    try:
        with _reading(ref.db):
            games = list(_rows(db, ref, "game", {"ruleset": WHOLE, **dict.fromkeys(SEATS, WHOLE)}, "WHERE id = ?",
                               (ref.game,)))
            if not games:  # (removed since the file's games were listed)
                raise DealError(f"{ref.db}: no game {ref.game}")
            game, ruleset, *seated = games[0]
            found = list(_rows(db, ref, "ruleset", {"name": TEXT, "hash": TEXT}, "WHERE id = ?", (ruleset,)))
            names = {pid: name for _, pid, name in _rows(db, ref, "player", {"id": WHOLE, "name": TEXT},
                                                          "WHERE id IN (?, ?, ?, ?)", tuple(seated))}
            rows = list(_rows(db, ref, "score", SCORE, "WHERE game = ? AND penalty = 0 "
                              "ORDER BY hand, player, rowid", (ref.game,)))
    finally:
        db.close()
    if not found:
        raise DealError(f"{ref}: game row {game}, ruleset: {ruleset} names no ruleset (table ruleset has no id "
                        f"{ruleset})")
    _, name, digest = found[0]
    variant = RULESETS.get(digest)
    if variant is None:
        how = ("an edited copy of Kajongg's " if name in NAMES else "") + f"ruleset {shown(name)}"
        digest = digest if digest.isalnum() and len(digest) <= 40 else shown(digest)
        raise DealError(f"{ref}: played under {how} (Kajongg's hash {digest}): mjscore scores Kajongg's own "
                        "Classical Chinese DMJL and BMJA only, so this game is not scored")
    for seat, pid in zip(SEATS, seated):
        if pid not in names:
            raise DealError(f"{ref}: game row {game}, {seat}: {pid} names no player (table player has no id {pid})")
    players = {pid: names[pid] for pid in seated}
    by_hand: dict[int, dict[int, tuple[Any, ...]]] = {}
    for rowid, hand, player, *rest in rows:
        if player not in players:
            raise DealError(f"{ref}: score row {rowid}, player: {player} is not one of the game's players "
                            f"(its game row seats {', '.join(map(str, seated))})")
        if player in by_hand.setdefault(hand, {}):
            raise DealError(f"{ref}: score row {rowid}: player {player}'s hand {hand} again (score row "
                            f"{by_hand[hand][player][0]} holds it too)")
        by_hand[hand][player] = (rowid, hand, player, *rest)
    deals, recorded = [], []
    for hand in sorted(by_hand):
        deal, record = _deal([r[1:] for r in by_hand[hand].values()], players)
        deals.append(deal)
        recorded.append(record)
    return {"variant": variant, "options": {}, "players": [players[p] for p in seated]}, iter(deals), recorded


def _deal(rows: list[Any], names: dict[int, str]) -> tuple[dict[str, Any] | Unreadable, dict[str, Recorded]]:
    """One deal as a game file's (seats are mjscore's to derive: the header seats the first deal as Kajongg
    did), or Unreadable with why; and what Kajongg recorded of each player."""
    deal: dict[str, Any] = {"hands": {}, "winner": None}
    record, problem = {}, None
    for _, player, data, won, prevailing, wind, points, payment, balance, rules in rows:
        name = names[player]
        rule_names = tuple(x for x in (rules or "").split("||") if x)
        record[name] = Recorded(wind, prevailing, points, payment, balance, rule_names)
        try:
            hand, win = convert_hand(data, bool(won))
        except ValueError as e:
            problem = problem or f"{name}'s hand {shown(data)} (Kajongg's notation) cannot be written in mjscore's: {e}"
            continue
        deal["hands"][name] = hand
        if won:
            assert win is not None  # (convert_hand gives a winner's hand with how it won)
            also = [RULE_WORDS[r] for r in rule_names if r in RULE_WORDS]
            kept = [w for w in (*win.get("also", ()), *also) if w != "heaven" or "heaven" in also]
            win["also"] = list(dict.fromkeys(kept))
            deal["winner"], deal["win"] = name, win
            if any(r in DANGEROUS for r in rule_names):  # one player pays for all: the one who paid
                deal["pays_for_all"] = _payer(rows, names)
    return (Unreadable(problem) if problem else deal), record


def _payer(rows: list[Any], names: dict[int, str]) -> str | None:
    """Who paid for all (Kajongg's Dangerous Game): the one loser whose payment moved."""
    paid = [names[r[1]] for r in rows if not r[3] and r[7] != 0]
    return paid[0] if len(paid) == 1 else None


def tile(text: str) -> str:
    """A Kajongg tile (two letters, either case) in mjscore's notation."""
    if len(text) != 2:
        raise ValueError(f"{shown(text)} is not a tile")
    group, value = text[0].lower(), text[1]
    if group in SUITS and value in "123456789":
        return value + SUITS[group]
    if group == "w" and value in WINDS:
        return WINDS[value]
    if group == "d" and value in DRAGONS:
        return DRAGONS[value]
    if group in "fy" and value in BONUS_NUMBER:
        return BONUS_NUMBER[value] + group
    raise ValueError(f"{text!r} is not a tile")


def _tiles(text: str) -> list[str]:
    if len(text) % 2:
        raise ValueError(f"{shown(text)} is not a run of two-letter tiles")
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def _written(kajongg: list[str]) -> str:
    """Tiles in mjscore's notation, suited ones run together: ['s1', 's2', 's3'] -> 123p."""
    out: list[str] = []
    for t in map(tile, kajongg):
        if len(t) == 2 and t[1] in "mps" and out and out[-1][-1] == t[1] and out[-1][:-1].isdigit():
            out[-1] = out[-1][:-1] + t
        else:
            out.append(t)
    return "".join(out)


def convert_hand(data: str, won: bool) -> tuple[str, dict[str, Any] | None]:
    """Kajongg's hand string in mjscore's notation, with the win (tile, from, set, also) for the winner.

    The set the claimed winning tile completed is among the exposed sets in Kajongg's string (the claim laid
    it open); mjscore writes it with the concealed tiles and names it (`win.set`): a set completed by a
    discard counts as exposed there too."""
    sets: list[str] = []
    rest: list[str] = []
    bonus: list[str] = []
    source, called, last, last_set = ".", False, None, None
    for part in data.split():
        if part[0] == "m":  # m, where the last tile came from, then `a` if the player made the original call
            source, called = part[1:2] or ".", "a" in part[2:]
        elif part[0] == "L":
            last, last_set = part[1:3], part[3:] or None
        elif part[0] == "R":
            rest.extend(_tiles(part[1:]))
        elif len(part) == 2 and part[0] in "fy":
            bonus.append(part)
        else:
            sets.append(part)
    win: dict[str, Any] | None = None
    if won:
        if not last or source not in (*SOURCES, "1"):
            raise ValueError("the winner's last tile or where it came from is not recorded")
        claimed = last[0].islower()
        if source == "1":  # East's 14th tile (heaven), or a win on the very first discard (earth)
            how, also = ("discard", ()) if claimed else ("wall", ("heaven",))  # type: tuple[str, tuple[str, ...]]
        else:
            how, also = SOURCES[source]
        win = {"tile": tile(last), "from": how}
        also = (*also, "original-call") if called else also
        if also:
            win["also"] = list(also)
        if last_set:
            if claimed and last_set in sets and last_set.islower():
                sets.remove(last_set)  # the claimed set: written concealed, named as the winning set
                rest.extend(t[0].upper() + t[1] for t in _tiles(last_set))
            win["set"] = _written(_tiles(last_set))
    out = []
    for meld in sets:
        tiles = _tiles(meld)
        case = "".join("a" if t[0].islower() else "A" for t in tiles)
        if case == "a" * len(tiles) and len(tiles) >= 3:
            out.append(f"[{_written(tiles)}]")
        elif case == "aAAa":
            out.append(f"{{{_written(tiles)}}}")
        elif case == "aaaA":
            out.append(f"<{_written(tiles)}>")
        elif case == "A" * len(tiles):
            rest.extend(tiles)
        else:
            raise ValueError(f"the set {shown(meld)} is none that mjscore writes")
    concealed = " ".join(tile(t) for t in rest)
    return " ".join(out + ([concealed] if concealed else []) + [tile(b) for b in bonus]), win


def differences(ref: KajonggGame, deals: list[dict[str, Any]]) -> list[Difference]:
    """Every way the game as mjscore scored it (`deals`: batch's JSON of each) differs from Kajongg's record:
    seats, prevailing wind, each hand's value, each payment and each running balance; for a value, why: the
    rules Kajongg counted that mjscore did not, and the items mjscore counted that Kajongg did not."""
    _, _, recorded = read_kajongg(ref)
    out: list[Difference] = []
    unpaid: dict[str, int] = {}  # what Kajongg paid in deals mjscore could not score: said once, not in every balance
    for number, (ours, theirs) in enumerate(zip(deals, recorded), 1):
        if ours.get("error"):
            name, rec = next(iter(theirs.items()))
            out.append(Difference(Reference.KAJONGG, number, name, "not scored", rec.points, None, ours["error"]))
            for name, rec in theirs.items():
                unpaid[name] = unpaid.get(name, 0) + rec.payment
            continue
        for name, rec in theirs.items():
            seat = next((s for s, n in ours["seats"].items() if n == name), None)
            hand = ours["hands"].get(name, {})
            balance = ours["totals"][name] + unpaid.get(name, 0)  # (dmjl and bmja start at 0, as Kajongg)
            checks = [("seat", rec.seat, seat, ""), ("round", rec.round, ours["round"], ""),
                      ("value", rec.points, hand.get("value"), _why(rec, hand)),
                      ("payment", rec.payment, ours["net"].get(name, 0), ""), ("balance", rec.balance, balance, "")]
            out.extend(Difference(Reference.KAJONGG, number, name, what, k, m, why)
                       for what, k, m, why in checks if k != m)
    if len(deals) != len(recorded):
        out.append(Difference(Reference.KAJONGG, len(recorded), "-", "deals", len(recorded), len(deals),
                              "not every deal was read"))
    return out


def _why(rec: Recorded, hand: dict[str, Any]) -> str:
    if "items" not in hand:  # (batch lists the items of a winning hand only)
        return ""
    ours = [i.get("name") or i.get("rule") for i in hand.get("items", [])]
    only_kajongg = [r for r in rec.rules if r not in ours]
    only_ours = [r for r in ours if r not in rec.rules]
    parts = ([f"only Kajongg counted: {', '.join(only_kajongg)}"] if only_kajongg else []) + (
        [f"only mjscore counted: {', '.join(only_ours)}"] if only_ours else [])
    return "; ".join(parts)
