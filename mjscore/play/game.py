"""Recorded games: seats and prevailing wind derived deal by deal, each deal settled, running totals.

A game is a header (variant, options, players) and a stream of deals keyed by player
name. Seating is sequential and cheap (it needs only who won), so it is worked out
first; settling the deals is the expensive part and may run on several processes.
Nothing is dropped: a deal that cannot be scored is kept as a rejection with its
place (file and line) and the reason.
"""

from __future__ import annotations

import codecs
from typing import Any, Iterator, NamedTuple

from mjscore.play.dealfile import deal_words, load_data, parse_deal, printable_name, stdin_game
from mjscore.errors import DealError, MjscoreError, SituationError, shown
from mjscore.loading import ReadProblem, Unreadable, read_json_line, read_lines
from mjscore.names import nfc
from mjscore.play.settle import SEATS, Settlement, doubled_seat, empty_seats, settle, switch
from mjscore.rules.tables import Variant

ROUNDS = "ESWN"


class Header(NamedTuple):
    variant: Variant
    options: dict[str, Any]
    players: list[str]
    lang: str = "en"  # the language of the winners' item names


class RawDeal(NamedTuple):
    """One deal as read, with where it came from."""

    number: int
    place: str  # "game.yaml line 12" or "game.jsonl line 3"
    data: Any


class Seated(NamedTuple):
    """A deal with its seats worked out, ready to settle."""

    raw: RawDeal
    round: str
    seats: dict[str, str]  # seat -> player name
    game: int  # 1, then 2 ... when a file goes on after a game's four rounds
    also: tuple[str, ...] = ()  # circumstances derived from the game (East's ninth win in a row)
    counted: int | None = None  # fixed number of deals: place among the counted ones (0: not counted)


class Result(NamedTuple):
    """A settled deal as plain data (it may come back from another process), or why it was rejected."""

    number: int
    place: str
    round: str
    seats: dict[str, str]
    game: int
    data: dict | None  # Settlement.to_dict() with names for seats
    error: str | None
    counted: int | None = None  # as Seated.counted


# --- reading ---------------------------------------------------------------------------------------

def _yaml_lines(path: str) -> list[int]:
    """Line numbers of the items of `deals:` in a YAML game file (for messages)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(path, encoding="utf-8") as f:
        node = yaml.compose(f, Loader=loader)
    if node is None or not hasattr(node, "value") or not isinstance(node.value, list):
        return []
    for key, value in node.value:
        if getattr(key, "value", None) == "deals" and isinstance(value.value, list):
            return [item.start_mark.line + 1 for item in value.value]
    return []


def read_game(path: str) -> tuple[dict, Iterator[RawDeal]]:
    """The header mapping and an iterator over the deals; JSON Lines is streamed line by line."""
    data = None
    if path.__class__ is not str and hasattr(path, "db"):  # a game of a Kajongg database (play/kajongg.py)
        from mjscore.play.kajongg import read_kajongg

        header, deals, _ = read_kajongg(path)
        return header, (RawDeal(i, f"{path} deal {i}", d) for i, d in enumerate(deals, 1))
    if path == "-":  # a pipe has no name: JSON Lines or YAML is told by the content
        reader, data = stdin_game()
        if reader is not None:
            return _read_jsonl(path, reader)
    elif path.endswith((".jsonl", ".ndjson")):
        return _read_jsonl(path)
    data = load_data(path) if data is None else data
    if not isinstance(data, dict) or not isinstance(data.get("deals"), list):
        raise DealError(f"{path}: a game file has variant:, players: and a list deals:")
    lines = _yaml_lines(path) if path != "-" else []
    header = {k: v for k, v in data.items() if k != "deals"}

    def deals():
        for i, d in enumerate(data["deals"]):
            where = f"line {lines[i]}" if i < len(lines) else f"deal {i + 1}"
            yield RawDeal(i + 1, f"{path} {where} (deal {i + 1})", d)

    return header, deals()


def _read_jsonl(path: str, f=None) -> tuple[dict, Iterator[RawDeal]]:
    """Read as bytes and decoded line by line, so a line that is not UTF-8 is that deal's problem only."""
    try:
        f = f or open(path, "rb")
    except OSError as e:
        raise DealError(f"{path}: cannot read: {e.strerror or e}") from None
    lines = read_lines(f)  # bytes, or the length of a line too long to read
    first = next(lines, b"")
    if first.__class__ is bytes and first.startswith(codecs.BOM_UTF8):  # as some editors save UTF-8
        first = first[len(codecs.BOM_UTF8):]
    try:
        header = read_json_line(first)
    except ReadProblem as e:
        f.close()
        raise DealError(f"{path} line 1: the header is {e}" if str(e).startswith("not ") else
                        f"{path} line 1: the header: {e}") from None
    if not isinstance(header, dict):
        f.close()
        raise DealError(f"{path} line 1: the header is a JSON object with variant, options, players")

    def deals():
        with f:
            number = 0
            for lineno, line in enumerate(lines, start=2):
                if line.__class__ is bytes and not line.strip():
                    continue
                number += 1
                try:
                    data = read_json_line(line)
                except ReadProblem as e:
                    data = Unreadable(str(e))
                yield RawDeal(number, f"{path} line {lineno} (deal {number})", data)

    return header, deals()


def check_header(header: dict, variant: Variant, options: dict, path: str) -> Header:
    players = header.get("players")
    counts = switch(variant, options, "players", [4]) or [4]
    allowed = sorted(counts)
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise DealError(f"{path}: players: a list of names, seated East, South, West, North at the start")
    players = [printable_name(p, f"{path}: players") for p in players]  # in NFC: deals' names are looked up so
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise DealError(f"{path}: players: {shown(twice)} is named twice (each name once)")
    if len(players) not in allowed:
        raise DealError(f"{path}: players: {variant.name} is played by {' or '.join(map(str, allowed))} players, "
                        f"not {len(players)}")
    unknown = set(header) - {"variant", "options", "players"}
    if unknown:
        raise DealError(f"{path}: unknown key {shown(min(map(str, unknown)))} (keys: variant, options, players, deals)")
    return Header(variant, options, players)


# --- seating -----------------------------------------------------------------------------------------

class Table:
    """Who sits where: chairs around the table (None = an empty chair for 2 or 3 players), the East chair,
    the prevailing wind, and the players waiting (5 or 6 players)."""

    def __init__(self, header: Header):
        self.header = header
        self.game = 0
        self._seats = None  # (chairs and East, seat -> name, name -> seat) last worked out
        self.new_game()

    def new_game(self) -> None:
        """Seats as at the start: the players in file order from East; round East."""
        v, opts, players = self.header.variant, self.header.options, self.header.players
        self.v, self.opts = v, opts
        self.game += 1
        n = len(players)
        if n == 2:
            self.chairs = [players[0], None, players[1], None]
        elif n == 3:
            self.chairs = [players[0], players[1], None, players[2]]
        else:
            self.chairs = list(players[:4])
        self.waiting = list(players[4:])
        self.east = 0
        self.passes = 0  # how often the deal has passed
        self.per_round = n  # passes in a prevailing wind: every player is East once (basque rule 81)
        self.every_deal = n in (switch(v, opts, "rotate_every_deal", []) or [])  # East passes whoever won
        self.east_wins = 0  # East's wins in a row in this prevailing wind
        self.deals = 0  # deals counted in this game (see counts)
        self.max_deals = switch(v, opts, "deals_per_game", None)
        self.only_won = switch(v, opts, "counted_deals", "all") == "won"
        self.max_passes = self.per_round * (switch(v, opts, "rounds_per_game", 4) or 4)

    MOVING = ("game", "chairs", "waiting", "east", "passes", "east_wins", "deals")  # what after() changes

    def snapshot(self) -> dict[str, Any]:
        """What the deals so far have moved (plain data, JSON-safe): with the header it seats the next deal
        exactly as reading every deal again would (the page stores it with each deal, mjscore.play.ledger)."""
        out = {k: list(v) if isinstance(v, list) else v for k, v in ((k, getattr(self, k)) for k in self.MOVING)}
        if not switch(self.v, self.opts, "east_wins_in_a_row", None):
            out["east_wins"] = 0  # counted only where a number of wins in a row passes the deal: else it moves nothing
        return out

    @classmethod
    def resumed(cls, header: Header, snapshot: dict[str, Any] | None) -> "Table":
        """The table as a snapshot left it (None: as at the start of the game)."""
        table = cls(header)
        for key, value in (snapshot or {}).items():
            setattr(table, key, list(value) if isinstance(value, list) else value)
        return table

    @property
    def round(self) -> str:
        return ROUNDS[min(self.passes // self.per_round, 3)]

    def seats(self) -> dict[str, str]:
        """Seat -> name for the next deal (the same mapping until the seats change: do not alter it)."""
        key = (self.east, tuple(self.chairs))
        if self._seats is None or self._seats[0] != key:
            out = {}
            for i in range(4):
                name = self.chairs[(self.east + i) % 4]
                if name is not None:
                    out[SEATS[i]] = name
            self._seats = (key, out, {name: seat for seat, name in out.items()})
        return self._seats[1]

    def seat_of(self, name) -> str | None:
        """The seat of a player in the next deal, or None."""
        self.seats()
        return self._seats[2].get(nfc(name)) if isinstance(name, str) else None

    def counts(self, winner_seat: str | None) -> int | None:
        """A deal's place among the counted ones in a game of a fixed number of deals (0: with `counted_deals:
        won`, a draw or void deal does not count); None in a game without a fixed number."""
        if not self.max_deals:
            return None
        return self.deals + 1 if winner_seat is not None or not self.only_won else 0

    def after(self, winner_seat: str | None, false_mahjong: bool) -> None:
        """Move the deal on as the variant says, after a win, a draw or a false mah jong."""
        v, opts = self.v, self.opts
        if winner_seat is not None or not self.only_won:
            self.deals += 1
        if false_mahjong:
            keeps = switch(v, opts, "east_keeps_deal_on_false_mahjong", True)
        elif winner_seat is None:
            keeps = switch(v, opts, "east_keeps_deal_on_draw", True)
        else:
            keeps = winner_seat == doubled_seat(opts)  # East, or the banker, keeps the deal by winning
            if keeps:
                self.east_wins += 1
                limit = switch(v, opts, "east_wins_in_a_row", None)
                if limit and self.east_wins >= limit:
                    keeps = False
        if self.waiting:  # 5-6 players: after every deal East goes out, the one out longest comes in as North
            self._swap_in()
        elif not keeps or self.every_deal:
            self._pass()
        if self.max_deals and self.deals >= self.max_deals:
            self.new_game()  # a party of a fixed number of deals (hungarian: 16)

    def _pass(self) -> None:
        self.east_wins = 0
        self.east = (self.east + 1) % 4
        while self.chairs[self.east] is None:
            self.east = (self.east + 1) % 4
        self.passes += 1
        if self.passes >= self.max_passes:  # every player has been East in every prevailing wind of a game
            self.new_game()

    def _swap_in(self) -> None:
        out = self.chairs[self.east]
        self.chairs[self.east] = self.waiting.pop(0)
        self.waiting.append(out)
        self.east = (self.east + 1) % 4
        self.passes += 1
        self.east_wins = 0
        if self.passes >= self.max_passes:
            self.new_game()


def sitting_out(players: list[str], seats: dict[str, str]) -> list[str]:
    """The players who sit a deal out (five or six players), in the order the game file lists them."""
    return [p for p in players if p not in seats.values()]


def seat_deals(header: Header, deals: Iterator[RawDeal]) -> Iterator[Seated]:
    """Seats and prevailing wind for each deal, from the variant's rules and who won the deals before."""
    table = Table(header)
    in_a_row = switch(header.variant, header.options, "east_wins_in_a_row", None)
    for raw in deals:
        seats = table.seats()
        d = raw.data if isinstance(raw.data, dict) else {}
        winner = table.seat_of(d.get("winner"))
        also = ("east-nine-in-a-row",) if in_a_row and winner == "E" and table.east_wins + 1 >= in_a_row else ()
        yield Seated(raw, table.round, seats, table.game, also, table.counts(winner))
        table.after(winner, bool(d.get("false_mahjong")))


# --- settling ----------------------------------------------------------------------------------------

def _name_to_seat(name, by_name: dict[str, str], what: str):
    """The seat of a player named in a deal; anything but a seated player's name is a DealError."""
    if name is None:
        return None
    if isinstance(name, str):
        name = nfc(name)  # as the header's names are kept: é typed either way is one player
    if not isinstance(name, str) or name not in by_name:
        seated = {seat: n for n, seat in by_name.items()}
        hint = (f"; a game file names players, not seats: {seated[name]} sits {name} in this deal, so write "
                f"{seated[name]}" if isinstance(name, str) and name in seated else "")
        raise DealError(f"{what}: {shown(name)} is not a player in this deal (players: {', '.join(by_name)}){hint}")
    return by_name[name]


def _by_seat(mapping, by_name: dict[str, str], what: str):
    """A mapping keyed by player names, keyed by seats instead."""
    if mapping is None:
        return None
    if not isinstance(mapping, dict):
        raise DealError(f"{what}: expected a mapping of player names")
    out = {}
    for name, value in mapping.items():
        seat = _name_to_seat(name, by_name, what)
        if seat in out:  # é as one character and as e and an accent: one player, named twice
            raise DealError(f"{what}: {shown(nfc(name))} is given twice (spelt two ways)")
        out[seat] = value
    return out


def to_deal_data(data: Any, seats: dict[str, str]) -> dict:
    """A game file's deal (keyed by player names) as a deal-file mapping (keyed by seats)."""
    if isinstance(data, Unreadable):
        raise DealError(data.why)
    if not isinstance(data, dict):
        raise DealError("a deal is a mapping with hands:, winner:, win: ...")
    by_name = {n: s for s, n in seats.items()}
    out = dict(data)
    hands = _by_seat(data.get("hands"), by_name, "hands")
    if hands is not None:
        if len(hands) < len(seats):
            missing = [n for s, n in seats.items() if s not in hands]
            raise DealError(f"hands: no hand for {', '.join(missing)}")
        out["hands"] = hands
    for key in ("winner", "false_mahjong", "pays_for_all"):
        out[key] = _name_to_seat(data.get(key), by_name, key)
    if isinstance(data.get("win"), dict) and data["win"].get("discarder") is not None:
        out["win"] = {**data["win"], "discarder": _name_to_seat(data["win"]["discarder"], by_name, "win.discarder")}
    if data.get("faults") is not None:
        out["faults"] = _by_seat(data["faults"], by_name, "faults")
    return out


def settle_one(header: Header, seated: Seated) -> Result:
    """Settle one seated deal; any problem becomes the Result's error (never an exception)."""
    raw = seated.raw
    base = (raw.number, raw.place, seated.round, seated.seats, seated.game)
    try:
        data = to_deal_data(raw.data, seated.seats)
        if "players" in data or "round" in data:
            raise DealError("players and round come from the game, not from a deal")
        if seated.also:
            win = data.get("win") if isinstance(data.get("win"), dict) else {}
            data["win"] = {**win, "also": list(win.get("also") or []) + list(seated.also)}
        result = settle(parse_deal(data, header.variant, header.options, round_=seated.round, players=seated.seats))
        seating = {"empty": empty_seats(seated.seats), "out": sitting_out(header.players, seated.seats)}
        return Result(*base, {**named(result, header.lang), **{k: v for k, v in seating.items() if v}}, None, seated.counted)
    except SituationError as e:
        return Result(*base, None, deal_words(str(e)), seated.counted)
    except MjscoreError as e:
        return Result(*base, None, str(e), seated.counted)


def named(result: Settlement, lang: str = "en") -> dict:
    """A settlement as data with players' names in place of seats (a game is about people)."""
    d, name = result.deal, result.deal.players
    hands = {name[seat]: {"seat": seat, "hand": s.hand, "mahjong": s.mahjong, "points": s.points,
                          "doubles": s.doubles, "limit_hand": s.limit_hand, "value": s.value}
             for seat, s in result.scores.items()}
    won, w = d.winner and not d.false_mahjong, d.win  # how it was won, and the winning hand's items: for statistics
    if won:
        hands[name[d.winner]]["items"] = [i.to_dict(lang) for i in result.scores[d.winner].items]
        hands[name[d.winner]]["win_set"] = result.scores[d.winner].win_set  # the set its winning tile completed
    return {
        "winner": name.get(d.winner) if d.winner else None,
        "false_mahjong": name.get(d.false_mahjong) if d.false_mahjong else None,
        "win": {"tile": result.scores[d.winner].win, "set": result.scores[d.winner].win_set, "from": w.source,
                "discarder": name.get(w.discarder),
                "also": list(w.also)} if won else None,
        "hands": hands,
        "payments": [p.to_dict(name.__getitem__) for p in result.payments],
        "net": {name[seat]: v for seat, v in result.net.items()},
        "notes": result.notes,
    }
