"""Botzone's Chinese Standard Mahjong records (MCR; the IJCAI competitions' data) read as games: `mjscore batch
data.txt`.

A record is text, a line an event: `Match ID` opens a deal, `Wind N` its prevailing wind (0 East ... 3 North),
`Player N Deal` thirteen tiles, then `Player N Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu TILE` (a `Chi` names the
middle tile of its chow; a claim may end `Ignore Player M ...`, a lower claim passed over), and the result: `Fan`
lines (the first number of each added: the fan) and `Score a b c d`, or `Huang` (a draw). Tiles: W1-W9
characters, B1-B9 dots, T1-T9 bamboo, F1-F4 East to North, J1-J3 red, green, white. Each Match is a deal of its
own, read as a game of one deal with its own prevailing wind; a player's seat is its number (Player 0 is East).

The record keeps no hands: each deal is replayed event by event, and the winner's situation derived from the
actions as Botzone's judge derives it (ailab-pku Chinese-Standard-Mahjong, ijcai_mahjong/core.py): each player
draws from a wall of their own (34 tiles, 13 of them dealt), so a self-drawn tile is the last of the wall when
the next player's wall is empty, and a discard the last one when the player after the discarder has none; a tile
is the last of its kind when three are shown (a discard nobody claimed, a claimed pung's three, a kong's four, a
chow's three: Botzone's judge, judge/main.cpp, counts them, as its real records' Last Tile shows, tests/fixtures/
mcr/botzone/README.md; no concealed kong); a win on the tile robbed from a `BuGang` is paid by its owner.
A draw right after a kong is its replacement tile, after any kong, as the rulebook has it (the judge counts it
after a concealed or added kong only). A deal that cannot be replayed is that deal's error, naming its line.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Iterator, NamedTuple, cast

from mjscore.errors import DealError, shown
from mjscore.loading import Unreadable
from mjscore.play.difference import Difference, Reference
from mjscore.play.seating import Resumed
from mjscore.play.sources import GameRef, GameSource, RawDeal

SUITS = {"W": "m", "B": "p", "T": "s"}
HONOURS = {"F1": "E", "F2": "S", "F3": "W", "F4": "N", "J1": "R", "J2": "G", "J3": "P"}
WINDS = ("E", "S", "W", "N")
SEAT_NUMBERS = ("0", "1", "2", "3")  # a player's number, a prevailing wind's
PLAYERS = ["Player 0", "Player 1", "Player 2", "Player 3"]  # as the record names them; seats E, S, W, N
WALL = 21  # the tiles each player draws from their own wall (34, 13 of them dealt): the judge's last tile
ACTIONS = ("Deal", "Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu")
HEAD = re.compile(rb"\s*Match[ \t]+\S+[ \t]*\r?\n\s*Wind[ \t]+[0-3]\b")
MAX_LINE = 1000  # bytes; a record's longest line (a deal of 13 tiles, a claim with its Ignore clauses) is < 100


class BotzoneMatch(GameRef):
    """One Match of a Botzone record, named as messages and outputs show it: `data.txt match 12`."""

    path: str
    match: str
    line: int  # the line of its `Match`
    offset: int  # the byte where that line starts

    def __new__(cls, path: str, match: str, line: int, offset: int) -> "BotzoneMatch":
        self = super().__new__(cls, f"{path} match {match}", BotzoneSource.name)
        self.path, self.match, self.line, self.offset = path, match, line, offset
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (BotzoneMatch, (self.path, self.match, self.line, self.offset))


class Recorded(NamedTuple):
    """What the record says of a deal's result: the winner, the fan and each player's score (None: not said)."""

    wind: str
    winner: int | None
    fan: int | None
    fan_names: tuple[str, ...]
    score: tuple[int, ...] | None
    drawn: bool


class BotzoneSource(GameSource):
    """A Botzone record: text opening `Match ID` then `Wind N`, standing for each Match it holds."""

    name = "botzone"

    def recognises(self, path: str, head: bytes) -> bool:
        return bool(HEAD.match(head.removeprefix(b"\xef\xbb\xbf")))

    def games(self, path: str, game: int | None) -> list[GameRef]:
        return list(matches(path))

    keeps_record = True
    record_lang = "zh"  # the record names its fan in Chinese

    def differences(self, ref: GameRef, deals: list[dict[str, Any]], standings: list[dict[str, Any]]) -> list[Difference]:
        assert isinstance(ref, BotzoneMatch)  # (made by games above)
        return differences(ref, deals)

    def read(self, ref: GameRef) -> tuple[dict[str, Any], Iterator[RawDeal]]:
        assert isinstance(ref, BotzoneMatch)  # (made by games above: a plain path is never read here)
        header, data, _ = read_match(ref)
        return header, iter([RawDeal(1, str(ref), data)])


def _lines(path: str, offset: int = 0) -> Iterator[tuple[int, int, list[str]]]:
    """(byte offset, line number counted from `offset`'s line as 0, words) of each line; a line too long or not
    UTF-8 is the file's error."""
    try:
        f = open(path, "rb")
    except OSError as e:
        raise DealError(f"{path}: cannot read: {e.strerror}") from None
    with f:
        f.seek(offset)
        at, n = offset, 0
        while raw := f.readline(MAX_LINE + 1):  # (never a whole long line read)
            if len(raw) > MAX_LINE:
                raise _Broken(n, f"a line longer than {MAX_LINE:,} bytes (a Botzone record's lines are under 100)")
            try:
                words = raw.decode("utf-8-sig" if at == 0 else "utf-8").split()
            except UnicodeDecodeError:
                raise _Broken(n, "not UTF-8 text, as a Botzone record is") from None
            yield at, n, words
            at, n = at + len(raw), n + 1


class _Broken(Exception):
    """A line that is no part of a Botzone record: `line` counted from the line reading began at."""

    def __init__(self, line: int, problem: str):
        super().__init__(problem)
        self.line = line


def matches(path: str) -> list[BotzoneMatch]:
    """The Matches of a record, in file order, each with where it starts."""
    out = []
    try:
        for at, n, words in _lines(path):
            if words and words[0] == "Match":
                if len(words) != 2:
                    raise _Broken(n, f"{shown(' '.join(words))}: a Match line is `Match ID`")
                out.append(BotzoneMatch(path, words[1], n + 1, at))
            elif words and not out:
                raise _Broken(n, f"{shown(' '.join(words))} before the first `Match ID`")
    except _Broken as e:
        raise DealError(f"{path}: line {e.line + 1}: {e}") from None
    if not out:
        raise DealError(f"{path}: no `Match ID` line: not a Botzone record")
    return out


def read_match(ref: BotzoneMatch) -> tuple[dict[str, Any], Any, Recorded | None]:
    """The Match's header (its prevailing wind as the table where it starts), its deal as a game file's (or
    Unreadable with why and where) and what the record says of its result (None where that is unreadable)."""
    lines = []
    try:
        for _, n, words in _lines(ref.path, ref.offset):
            if n and words and words[0] == "Match":
                break
            if words:
                lines.append((ref.line + n, words))
    except _Broken as e:
        raise DealError(f"{ref.path}: line {ref.line + e.line}: {e}") from None
    header = {"variant": "mcr", "options": {}, "players": list(PLAYERS),
              "resumed": Resumed({"passes": 4 * (_wind(lines) or 0), "east": 0})}
    try:
        replay = Replay(lines)
        return header, replay.deal(), replay.recorded
    except _Broken as e:
        return header, Unreadable(f"line {e.line}: {e}"), None


class Replay:
    """A Match played through line by line: each player's concealed tiles and sets, the tiles shown, the last
    action; the deal as a game file's and the record's result."""

    def __init__(self, lines: list[tuple[int, list[str]]]):
        self.concealed: list[list[str]] = [[] for _ in PLAYERS]
        self.sets: list[list[str]] = [[] for _ in PLAYERS]  # in mjscore's notation, as declared
        self.pungs: list[list[str]] = [[] for _ in PLAYERS]  # claimed pungs a BuGang may add to
        self.draws = [0] * 4
        self.shown: Counter[str] = Counter()  # as the judge counts them (the last of its kind)
        self.last: tuple[str, int, str] | None = None  # the last action, who, its tile
        self.replacement = False  # the next draw is a kong's replacement tile
        self.win: dict[str, Any] | None = None
        self.winner: int | None = None
        self.result: list[tuple[int, list[str]]] = []
        wind = _wind(lines)
        if wind is None:
            at = lines[1][0] if len(lines) > 1 else lines[0][0]
            raise _Broken(at, "the line after `Match ID` is `Wind N`, the prevailing wind (0 East ... 3 North)")
        self.wind = WINDS[wind]
        for line, words in lines[2:]:
            if self.result or words[0] in ("Fan", "Score", "Huang"):
                self.result.append((line, words))
                continue
            self._event(line, words)
        self.recorded = self._recorded(lines[-1][0])

    def _event(self, line: int, words: list[str]) -> None:
        words = words[:words.index("Ignore")] if "Ignore" in words else words  # (claims passed over)
        if words[0] != "Player" or len(words) < 3 or words[1] not in SEAT_NUMBERS or words[2] not in ACTIONS:
            raise _Broken(line, f"{shown(' '.join(words))}: not `Player N ACTION ...` (ACTION one of "
                                f"{', '.join(ACTIONS)}), `Fan`, `Score` or `Huang`")
        if self.winner is not None:
            raise _Broken(line, f"{' '.join(words)} after Player {self.winner}'s Hu")
        who, action, tiles = int(words[1]), words[2], words[3:]
        for t in tiles:
            _tile(line, t)
        if action == "Deal":
            if len(tiles) != 13 or self.concealed[who]:
                raise _Broken(line, f"Player {who} Deal: thirteen tiles, once (here {len(tiles)})")
            self.concealed[who] = list(tiles)
            return
        if len(tiles) != 1:
            raise _Broken(line, f"Player {who} {action}: one tile (here {len(tiles)})")
        tile, last = tiles[0], self.last
        if last and last[0] == "Play" and action not in ("Chi", "Peng", "Gang", "Hu"):
            self.shown[last[2]] += 1  # a discard nobody claimed
        getattr(self, "_" + action.lower())(line, who, tile)
        self.last = (action, who, tile)

    def _take(self, line: int, who: int, tile: str, count: int, why: str) -> None:
        for _ in range(count):
            if tile not in self.concealed[who]:
                raise _Broken(line, f"Player {who} {why}: holds no {tile} more")
            self.concealed[who].remove(tile)

    def _discard(self, line: int, who: int, action: str) -> str:
        """The tile just discarded by another player, for `who` to claim."""
        if not self.last or self.last[0] != "Play" or self.last[1] == who:
            raise _Broken(line, f"Player {who} {action}: no other player's discard to claim")
        return self.last[2]

    def _draw(self, line: int, who: int, tile: str) -> None:
        self.concealed[who].append(tile)
        self.draws[who] += 1
        self.replacement = bool(self.last and self.last[0] in ("Gang", "AnGang", "BuGang") and self.last[1] == who)

    def _play(self, line: int, who: int, tile: str) -> None:
        self._take(line, who, tile, 1, f"Play {tile}")

    def _chi(self, line: int, who: int, middle: str) -> None:
        tile = self._discard(line, who, "Chi")
        assert self.last is not None  # (_discard: a discard came before)
        if (self.last[1] + 1) % 4 != who:
            raise _Broken(line, f"Player {who} Chi: only from the player before (Player {(who + 3) % 4}), "
                                f"not Player {self.last[1]}")
        suit, number = middle[0], int(middle[1])
        run = [f"{suit}{number + d}" for d in (-1, 0, 1)]
        if suit not in SUITS or not 2 <= number <= 8 or tile not in run:
            raise _Broken(line, f"Player {who} Chi {middle}: no chow around {middle} takes the {tile} discarded")
        for t in run:
            if t != tile:
                self._take(line, who, t, 1, f"Chi {middle}")
            self.shown[t] += 1  # (the judge counts a chow's three as shown)
        self.sets[who].append(f"[{number - 1}{number}{number + 1}{SUITS[suit]}]")

    def _peng(self, line: int, who: int, tile: str) -> None:
        if tile != self._discard(line, who, "Peng"):
            assert self.last is not None  # (_discard: a discard came before)
            raise _Broken(line, f"Player {who} Peng {tile}: the tile discarded is {self.last[2]}")
        self._take(line, who, tile, 2, f"Peng {tile}")
        self.pungs[who].append(tile)
        self.sets[who].append(f"[{_written([tile] * 3)}]")
        self.shown[tile] += 3

    def _gang(self, line: int, who: int, tile: str) -> None:
        if tile != self._discard(line, who, "Gang"):
            assert self.last is not None  # (_discard: a discard came before)
            raise _Broken(line, f"Player {who} Gang {tile}: the tile discarded is {self.last[2]}")
        self._take(line, who, tile, 3, f"Gang {tile}")
        self.sets[who].append(f"[{_written([tile] * 4)}]")
        self.shown[tile] = 4

    def _angang(self, line: int, who: int, tile: str) -> None:
        self._take(line, who, tile, 4, f"AnGang {tile}")
        self.sets[who].append(f"{{{_written([tile] * 4)}}}")

    def _bugang(self, line: int, who: int, tile: str) -> None:
        if tile not in self.pungs[who]:
            raise _Broken(line, f"Player {who} BuGang {tile}: has no claimed pung of {tile} to add it to")
        self._take(line, who, tile, 1, f"BuGang {tile}")
        self.pungs[who].remove(tile)
        at = self.sets[who].index(f"[{_written([tile] * 3)}]")
        self.sets[who][at] = f"[{_written([tile] * 4)}]"
        self.shown[tile] = 4

    def _hu(self, line: int, who: int, tile: str) -> None:
        last = self.last
        if not last or last[2] != tile or last[0] not in ("Draw", "Play", "BuGang") \
                or (last[0] == "Draw") != (last[1] == who):
            raise _Broken(line, f"Player {who} Hu {tile}: wins neither on their own draw of it, another's "
                                "discard of it nor on robbing another's BuGang of it")
        also = []
        if last[0] == "Draw":
            how = "loose" if self.replacement else "wall"
            also += ["last-wall-tile"] if self.draws[(who + 1) % 4] >= WALL else []
        else:
            how = "discard" if last[0] == "Play" else "kong"
            self.concealed[who].append(tile)
            if how == "kong":  # the kong robbed is never made: its owner keeps the pung
                owner = self.sets[last[1]]
                owner[owner.index(f"[{_written([tile] * 4)}]")] = f"[{_written([tile] * 3)}]"
            also += ["last-discard"] if how == "discard" and self.draws[(last[1] + 1) % 4] >= WALL else []
        also += ["last-of-its-kind"] if how != "kong" and self.shown[tile] == 3 else []
        self.winner = who
        self.win = {"tile": _written([tile]), "from": how, **({} if last[0] == "Draw" else
                                                               {"discarder": PLAYERS[last[1]]}),
                    **({"also": also} if also else {})}

    def _recorded(self, end: int) -> Recorded:
        fan, names, score, drawn = None, [], None, False
        for line, words in self.result:
            if words[0] == "Fan":
                if len(words) < 2 or not re.fullmatch(r"-?\d+", words[1]):
                    raise _Broken(line, f"{shown(' '.join(words))}: a Fan line is `Fan N` and the fan's names")
                fan = (fan or 0) + int(words[1])
                # the names spaced (`Fan 11 花龙 箭刻 ...`) or joined with their counts (`Fan 11 花龙*1+箭刻*1+...`,
                # as the competition data's converters print them)
                names += [re.sub(r"\*\d+$", "", n) for w in words[2:] for n in w.split("+")
                          if n and not re.fullmatch(r"-?\d+", n)]
            elif words[0] == "Score":
                if len(words) != 5 or not all(re.fullmatch(r"-?\d+", w) for w in words[1:]):
                    raise _Broken(line, f"{shown(' '.join(words))}: a Score line is `Score a b c d`, each "
                                        "player's change")
                score = tuple(int(w) for w in words[1:])
            elif words == ["Huang"]:
                drawn = True
            else:
                raise _Broken(line, f"{shown(' '.join(words))} after the deal's result (Fan, Score or Huang)")
        if self.winner is None and not drawn:
            raise _Broken(end, "the Match ends with neither a `Player N Hu` nor `Huang`")
        if self.winner is not None and drawn:
            raise _Broken(end, f"`Huang` after Player {self.winner}'s Hu")
        return Recorded(self.wind, self.winner, fan, tuple(names), score, drawn)

    def deal(self) -> dict[str, Any]:
        hands = {name: " ".join([*self.sets[i], _written(self.concealed[i])]).strip()
                 for i, name in enumerate(PLAYERS)}
        if self.winner is None:
            return {"hands": hands, "winner": None}
        return {"hands": hands, "winner": PLAYERS[self.winner], "win": self.win}


def _wind(lines: list[tuple[int, list[str]]]) -> int | None:
    """The prevailing wind a Match's second line, `Wind N`, gives (None: it is not there)."""
    words = lines[1][1] if len(lines) > 1 else []
    return int(words[1]) if len(words) == 2 and words[0] == "Wind" and words[1] in SEAT_NUMBERS else None


def _tile(line: int, text: str) -> str:
    if not ((text[:1] in SUITS and text[1:] in tuple("123456789")) or text in HONOURS):
        raise _Broken(line, f"{shown(text)} is no tile of a Botzone record (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3)")
    return text


def _written(tiles: list[str]) -> str:
    """Botzone's tiles in mjscore's notation, each suit's numbers run together: W1 W2 J1 -> 12m R."""
    suited = {s: sorted(t[1] for t in tiles if t[0] == s) for s in SUITS}
    out = ["".join(numbers) + SUITS[s] for s, numbers in suited.items() if numbers]
    honours = sorted((t for t in tiles if t in HONOURS), key=list(HONOURS).index)
    return " ".join(out + ["".join(HONOURS[t] for t in honours if t == h) for h in dict.fromkeys(honours)])


def differences(ref: BotzoneMatch, deals: list[dict[str, Any]]) -> list[Difference]:
    """Where mjscore's scoring of a Match (`deals`: batch's JSON of its one deal, fan named in Chinese) differs
    from the record: the prevailing wind, the winner (or a draw), the winner's fan (`Fan`) and each player's
    change of score (`Score`)."""
    _, _, rec = read_match(ref)
    ours: dict[str, Any] = deals[0] if deals else {"error": "no deal was read"}
    out: list[Difference] = []

    def diff(player: str, what: str, botzone: Any, mjscore: Any, why: str = "") -> None:
        out.append(Difference(Reference.BOTZONE, 1, player, what, botzone, mjscore, why))

    if rec is None or ours.get("error"):
        said = "-" if rec is None else "Huang" if rec.drawn else f"{PLAYERS[cast(int, rec.winner)]} Hu"
        diff("-", "not scored", said, None, ours.get("error") or "")
        return out
    if ours.get("round") != rec.wind:
        diff("-", "round", rec.wind, ours.get("round"), "the prevailing wind")
    winner = PLAYERS[rec.winner] if rec.winner is not None else None
    if ours.get("winner") != winner:
        diff(winner or "-", "winner", winner or "Huang", ours.get("winner") or "none")
    elif winner is not None and rec.fan is not None:
        hand = ours["hands"].get(winner, {})
        if hand.get("value") != rec.fan:
            diff(winner, "fan", rec.fan, hand.get("value"), _why(rec.fan_names, hand))
    if rec.score is not None:
        for name, score in zip(PLAYERS, rec.score):
            if ours["net"].get(name, 0) != score:
                diff(name, "points", score, ours["net"].get(name, 0), "the change of score")
    return out


# A Botzone record names the three waits as GB-Mahjong prints them; mjscore's mcr table, as the rulebook does
GB_WAIT_NAMES = {"独听・边张": "边张", "独听・嵌张": "坎张", "独听・单钓": "单钓将"}


def _why(recorded: tuple[str, ...], hand: dict[str, Any]) -> str:
    ours = [i.get("name") or i.get("rule") for i in hand.get("items", []) if i.get("fan")]
    theirs = [GB_WAIT_NAMES.get(n, n) for n in recorded]
    only_botzone = [n for n, said in zip(recorded, theirs) if said not in ours]
    only_ours = [n for n in ours if n not in theirs] if recorded else []
    return "; ".join(([f"only Botzone counted: {', '.join(only_botzone)}"] if only_botzone else [])
                     + ([f"only mjscore counted: {', '.join(only_ours)}"] if only_ours else []))
