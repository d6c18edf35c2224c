"""One round of a Tenhou log played again turn by turn (play/tenhou.py reads the log).

The tenhou.net/6 JSON keeps each player's takes and discards in separate lists, not one timeline. The
timeline follows from the rules of play: the dealer draws first; after a discard, a player whose next take
calls that very tile from that seat takes it (a pon or kan before a chi), else the next player draws; a
closed or added kan, or an open kan's empty discard place (0), gives the same player a loose tile from the
dead wall. Played so, a round yields each player's tiles at its end and the situation of its last tile:
a loose tile (rinshan), a robbed added kan (chankan), the last of the 70 draws (haitei; a discard after it:
houtei), a first draw before any call or discard (tenhou, chiihou), riichi on a first discard before any
call (double riichi), ippatsu (no call, and no discard of the declarer, since the declaration). Any step
the lists do not allow (a tile discarded that is not held, a call that takes no discarded tile, takes left
over) is a ValueError saying which: such a round is reported, never guessed.
"""

from __future__ import annotations

from collections import Counter
from enum import Enum
from typing import Any, NamedTuple

HONOURS = "ESWNPGR"  # Tenhou's 41-47 in mjscore's letters (P: the white dragon)
WALL_DRAWS = 70  # 136 tiles, less 14 in the dead wall and 52 dealt: the draws of a round, loose tiles included


# --- tiles and calls ---------------------------------------------------------------------------------

def tile(c: int) -> str:
    """A tile code in the notation: 15 -> 5m, 51 -> 0m (red), 45 -> P."""
    if not isinstance(c, int) or isinstance(c, bool) or not (11 <= c <= 47 or 51 <= c <= 53) or c % 10 == 0:
        raise ValueError(f"{c!r} is not a tile code")
    if c >= 51:
        return f"0{'mps'[c - 51]}"
    suit, n = divmod(c, 10)
    if suit == 4:
        if n > 7:
            raise ValueError(f"{c!r} is not a tile code")
        return HONOURS[n - 1]
    return f"{n}{'mps'[suit - 1]}"


def kind(c: int) -> int:
    """A code with a red five as its five: what calls and kans match on."""
    return (c - 50) * 10 + 5 if c >= 51 else c


def terminal_or_honour(c: int) -> bool:
    return c >= 41 and c <= 47 or c < 50 and c % 10 in (1, 9)


def written(codes: list[int]) -> str:
    """Tiles in the notation, suits run together: [12, 13, 51, 41] -> 230m E."""
    parts = []
    for s, letter in enumerate("mps"):
        mine = sorted((c for c in codes if c // 10 == s + 1 or c == 51 + s), key=lambda c: (kind(c), c))
        if mine:
            parts.append("".join(tile(c)[0] for c in mine) + letter)
    parts += [tile(c) for c in sorted(c for c in codes if 41 <= c <= 47)]
    return " ".join(parts)


class Call(NamedTuple):
    """A call string of the JSON: "c131415" chi of 13; "p434343" / "43p4343" / "4343p43" pon from the left,
    across, right (where the letter stands); "m39393939" open kan; "424242a42" closed kan; "k..." added kan."""

    kind: str
    tiles: tuple[int, ...]
    taken: int  # the tile called (for a closed or added kan: the one the letter marks)
    back: int  # how many seats before the caller its discarder sits: 1 left, 2 across, 3 right (0: a kan of its own)

    @classmethod
    def read(cls, s: str) -> "Call":
        at = next((i for i, ch in enumerate(s) if ch.isalpha()), -1)
        digits = s[:at] + s[at + 1:]
        if at < 0 or at % 2 or len(digits) % 2 or not digits.isdigit() or s[at] not in "cpmak":
            raise ValueError(f"{s!r} is not a call")
        tiles = tuple(int(digits[j:j + 2]) for j in range(0, len(digits), 2))
        if len(tiles) != (3 if s[at] in "cp" else 4):
            raise ValueError(f"{s!r} is not a call")
        place = at // 2
        back = {"c": 1, "p": place + 1, "m": {0: 1, 1: 2}.get(place, 3)}.get(s[at], 0)
        return cls(s[at], tiles, int(s[at + 1:at + 3]), back)



class _Called(NamedTuple):
    """A set a player called or declared while the round is replayed, in the log's own tile codes (51-53 the red
    fives): only written out in the notation (`text`) for the hand the deal records, which the parser then reads
    as the one kind of set, hand/sets.Group; so it keeps the codes, not mjscore's tiles."""

    tiles: tuple[int, ...]
    open: bool

    def text(self) -> str:
        inner = written(list(self.tiles)).replace(" ", "")
        return f"[{inner}]" if self.open else f"{{{inner}}}"


class Player:
    """One player's tiles and record while the round is replayed."""

    def __init__(self, dealt: list[Any], takes: list[Any], discards: list[Any]):
        if not isinstance(dealt, list) or len(dealt) != 13 or not isinstance(takes, list) \
                or not isinstance(discards, list):
            raise ValueError("a player's dealt tiles (13), takes and discards are lists")
        self.tiles: Counter[int] = Counter(dealt)
        self.melds: list[_Called] = []
        self.takes, self.discards = takes, discards
        self.took = self.discarded = 0  # how many of each list are played
        self.river: list[int] = []  # the tiles discarded
        self.called_from = False  # a discard of this player's was called (no nagashi mangan then)
        self.riichi: int | None = None  # the river's length when riichi was declared
        self.double = False  # riichi declared on the first discard, before any call

    def concealed(self) -> list[int]:
        return sorted(self.tiles.elements())

    def hand(self, extra: int | None = None) -> str:
        """The hand in mjscore's notation (melds first), `extra` (a winning tile on a discard) added."""
        tiles = self.concealed() + ([extra] if extra is not None else [])
        return " ".join([m.text() for m in self.melds] + ([written(tiles)] if tiles else []))

    def remove(self, code: int, what: str) -> None:
        if self.tiles[code] <= 0:
            raise ValueError(f"{what}: {code} is not in the hand")
        self.tiles[code] -= 1
        if not self.tiles[code]:
            del self.tiles[code]

    def nagashi(self) -> bool:
        """Every discard a terminal or an honour, none of them called (Tenhou rules: nagashi mangan)."""
        return bool(self.river) and not self.called_from and all(map(terminal_or_honour, self.river))


class Last(Enum):
    """What the round's last tile was."""

    DRAW = "draw"  # a draw: the player holds 14 tiles (a self-drawn win, nine terminals)
    DISCARD = "discard"  # a discard (a win on it, a draw, an abortive draw)
    ADDED = "added"  # the tile an added kan added (robbed: chankan)


class End(NamedTuple):
    """How the round's last tile came, and the situation then."""

    how: Last
    who: int
    tile: int
    loose: bool  # a draw from the dead wall after a kan
    last: bool  # the wall's last draw (haitei), or the discard after it (houtei)
    first: bool  # a draw before the player's first discard and any call (tenhou, chiihou)
    riichi: bool  # the discard declared riichi
    ippatsu: tuple[bool, ...]  # for each player: a win now is ippatsu


class Played(NamedTuple):
    """A round replayed to its end: each player's tiles and record, how it ended, the kans declared in it
    (what tenhou.py makes the deal of)."""

    players: list[Player]
    end: End
    kans: int


def _int(x: Any, what: str) -> int:
    if not isinstance(x, int) or isinstance(x, bool):
        raise ValueError(f"{what}: {x!r} is not a tile")
    return x


def replay(rnd: list[Any]) -> Played:
    """The round played again; its players' tiles and how its last tile came. A call is taken at the first
    discard it can take; where the discarder lets the same tile go twice in a row (nobody drawing between) the
    lists do not say which of the two was called: when the first reading fails, the calls taken are refused
    one by one, the latest first (as mjai-reviewer's convlog backtracks), a few dozen readings at most."""
    tries: list[frozenset[Any]] = [frozenset()]
    first = None
    for _ in range(64):
        if not tries:
            break
        refused = tries.pop()
        taken: list[int] = []
        try:
            return _replay(rnd, refused, taken)
        except ValueError as e:
            first = first or e
            tries.extend(refused | {n} for n in taken if n not in refused)
    raise first or ValueError("no reading of the round")


def _replay(rnd: list[Any], refused: frozenset[Any], taken: list[int]) -> Played:
    """One reading of the round, the calls at the discards numbered in `refused` not taken (`taken`: the
    numbers of the discards whose calls it takes)."""
    dealer = rnd[0][0] % 4
    ps = [Player(rnd[4 + 3 * i], rnd[5 + 3 * i], rnd[6 + 3 * i]) for i in range(4)]
    p, draw, loose, draws, kans, called, number = dealer, True, False, 0, 0, False, 0
    ippatsu = [False] * 4
    end: End | None = None
    while True:
        me = ps[p]
        drew = None
        if draw:
            if me.took >= len(me.takes):
                break  # nobody takes the last discard: the round ended on it
            drew = _int(me.takes[me.took], f"player {p}'s take {me.took + 1}")
            me.took += 1
            me.tiles[drew] += 1
            draws += 1
            end = End(Last.DRAW, p, drew, loose, draws == WALL_DRAWS and not loose, not me.river and not called, False,
                      tuple(ippatsu))
            loose = False
        while True:  # p discards, or declares a kan and draws a loose tile
            if me.discarded >= len(me.discards):
                return _finished(ps, end, kans, p)
            d = me.discards[me.discarded]
            me.discarded += 1
            if isinstance(d, str) and d[:1] != "r":
                kan = Call.read(d)
                kans += 1
                robbed = tuple(ippatsu)  # a win on the added tile comes before the kan: ippatsu still holds
                called, ippatsu = True, [False] * 4
                if kan.kind == "a":
                    for c in kan.tiles:
                        me.remove(c, f"player {p}'s closed kan {d}")
                    me.melds.append(_Called(kan.tiles, False))
                    added = None
                else:
                    pon = next((i for i, m in enumerate(me.melds) if len(m.tiles) == 3 and m.open
                                and len({kind(t) for t in m.tiles}) == 1 and kind(m.tiles[0]) == kind(kan.taken)), None)
                    rest = Counter(kan.tiles) - Counter(me.melds[pon].tiles) if pon is not None else Counter()
                    if pon is None or kan.kind != "k" or sum(rest.values()) != 1:
                        raise ValueError(f"player {p}'s {d}: no pon to add the tile to")
                    added = next(iter(rest))
                    me.remove(added, f"player {p}'s added kan {d}")
                    me.melds[pon] = _Called(kan.tiles, True)
                    end = End(Last.ADDED, p, added, False, False, False, False, robbed)
                if me.took >= len(me.takes):
                    if added is None:
                        raise ValueError(f"player {p}'s closed kan {d} has no loose tile")
                    return _finished(ps, end, kans, None)  # the added tile was robbed
                drew = _int(me.takes[me.took], f"player {p}'s loose tile")
                me.took += 1
                me.tiles[drew] += 1
                draws += 1
                end = End(Last.DRAW, p, drew, True, False, False, False, tuple(ippatsu))
                continue
            riichi = isinstance(d, str)
            code = _int(int(d[1:]) if riichi and d[1:].isdigit() else d, f"player {p}'s discard")
            if code == 60:
                if drew is None:
                    raise ValueError(f"player {p} discards the tile just drawn (60) after a call")
                code = drew
            me.remove(code, f"player {p}'s discard {me.discarded}")
            me.river.append(code)
            ippatsu[p] = False
            if riichi:
                me.riichi, me.double, ippatsu[p] = len(me.river), len(me.river) == 1 and not called, True
            end = End(Last.DISCARD, p, code, False, draws == WALL_DRAWS, False, riichi, tuple(ippatsu))
            break
        number += 1
        taker = None if number in refused else _caller(ps, p, code)
        if taker is not None:
            taken.append(number)
        if taker is None:
            p, draw = (p + 1) % 4, True
            continue
        q, call = taker
        them = ps[q]
        them.took += 1
        for c in (Counter(call.tiles) - Counter([call.taken])).elements():
            them.remove(c, f"player {q}'s call {them.takes[them.took - 1]}")
        them.melds.append(_Called(call.tiles, True))
        me.called_from, called, ippatsu = True, True, [False] * 4
        p, draw = q, False
        if call.kind == "m":  # an open kan: its discard place is 0, its loose tile the next take
            if them.discarded >= len(them.discards) or them.discards[them.discarded] != 0:
                raise ValueError(f"player {q}'s open kan is not followed by 0 in the discards")
            them.discarded += 1
            kans += 1
            draw, loose = True, True
    if end is None:
        raise ValueError("nothing was drawn")
    return _finished(ps, end, kans, None)


def _caller(ps: list[Player], p: int, code: int) -> tuple[int, Call] | None:
    """The player whose next take calls the tile `code` just discarded by `p` (a pon or kan first)."""
    found = []
    for back in (1, 2, 3):
        q = (p + back) % 4
        them = ps[q]
        if them.took < len(them.takes) and isinstance(them.takes[them.took], str):
            call = Call.read(them.takes[them.took])
            if call.back == back and call.taken == code:
                found.append((call.kind == "c", q, call))
    if not found:
        return None
    _, q, call = min(found, key=lambda f: f[0])
    return q, call


def _finished(ps: list[Player], end: End | None, kans: int, drew: int | None) -> Played:
    """The round as played, once every take and discard of every player is used (`drew`: the player who ends it
    holding 14 tiles, whose last take has no discard)."""
    if end is None:
        raise ValueError("nothing was drawn")
    for i, pl in enumerate(ps):
        if pl.took != len(pl.takes) or pl.discarded != len(pl.discards):
            raise ValueError(f"the replay ends with player {i}'s takes or discards left over "
                             f"({pl.took}/{len(pl.takes)} takes, {pl.discarded}/{len(pl.discards)} discards)")
    return Played(ps, end, kans)
