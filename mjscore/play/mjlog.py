"""Tenhou's own game record, the mjlog XML (plain or gzip, as tenhou.net serves it), read as a Tenhou log.

tenhou.net keeps a game as `<mjloggm>`: the rules (`GO type=`), the players (`UN`), then each round's `INIT`
and its events in the order they happened: draws (`T`/`U`/`V`/`W` + a 136-tile id) and discards (`D`/`E`/
`F`/`G`), calls (`N`: Tenhou's meld code), `REACH`, `DORA`, and the result (`AGARI`, `RYUUKYOKU`; `owari` on
the last). The tenhou.net/6 JSON its viewer exports is the same record with each player's takes and discards
in lists of their own; the mjlog is turned into exactly that JSON object here, so one reader (play/tenhou.py)
replays, scores and compares both forms, and a game in both forms gives the same deals. What the JSON cannot
hold is dropped (the shuffle, the time line across players: the replay derives it again).

The XML is parsed by xml.etree only after a DTD or entity declaration is refused (a record has none) and
within a size bound, as play/tenhou.py bounds the JSON: a broken record is one line naming where.
"""

from __future__ import annotations

from typing import Any

import gzip
import re
import zlib
from urllib.parse import unquote
from xml.etree import ElementTree

from mjscore.errors import DealError

MAX_BYTES = 20_000_000  # a whole game is some 30 kB of XML; a file this long is no mjlog
GZIP = b"\x1f\x8b"
ROOT = re.compile(rb"<mjloggm[\s>]")

# Tenhou's yaku by their mjlog id, as the tenhou.net/6 JSON names them
YAKU = ("門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
        "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北", "役牌 白", "役牌 發",
        "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻",
        "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻",
        "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜",
        "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ")
LIMITS = ("", "満貫", "跳満", "倍満", "三倍満", "役満")  # AGARI ten='s third number
ABORTS = {"yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了", "kaze4": "四風連打"}
IGNORED = {"SHUFFLE", "GO", "UN", "TAIKYOKU", "BYE"}  # no part of the score (BYE: a player disconnected)


# --- recognising and loading -------------------------------------------------------------------------

def recognises(head: bytes) -> bool:
    """Whether a file's first bytes are an mjlog: XML with `<mjloggm` at its start (after a declaration, or a
    DTD that load refuses), or gzip of it."""
    head = unpacked(head).removeprefix(b"\xef\xbb\xbf").lstrip()[:4096]
    return head.startswith(b"<") and bool(ROOT.search(head))


def unpacked(head: bytes, most: int = 65536) -> bytes:
    """A file's first bytes, unpacked where they are gzip's (as Tenhou and Mortal keep their records)."""
    if not head.startswith(GZIP):
        return head
    try:
        return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(head, most)
    except zlib.error:
        return b""


def read_bounded(path: str) -> bytes:
    """A whole record, unpacked where it is gzip, within MAX_BYTES (a DealError saying so past it)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
        if data.startswith(GZIP):
            with gzip.open(path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
    except (OSError, EOFError, zlib.error) as e:
        raise DealError(f"{path}: cannot read the record: {getattr(e, 'strerror', None) or e}") from None
    if len(data) > MAX_BYTES:
        raise DealError(f"{path}: more than {MAX_BYTES:,} bytes: too long for a game's record")
    return data


def load(path: str) -> dict[str, Any]:
    """The game as the tenhou.net/6 JSON object (title, name, rule, log; sc from `owari`)."""
    root = _root(path)
    rule = _rule(path, root.find("GO"))
    names = root.find("UN")
    game: dict[str, Any] = {"title": ["", ""], "name": [unquote(names.get(f"n{i}", "")) if names is not None else ""
                                              for i in range(4)], "rule": rule, "log": []}
    red = bool(rule["aka"])
    current: _Round | None = None
    for number, el in enumerate(root, 1):
        try:
            if el.tag == "INIT":
                current = _Round(el, red)
                game["log"].append(current.row)
            elif el.tag in IGNORED:
                continue
            elif current is None:
                raise ValueError("comes before any <INIT> (a round's start)")
            else:
                current.event(el)
                owari = el.get("owari")
                if owari:
                    game["sc"] = _final(owari)
        except (ValueError, IndexError, TypeError) as e:
            raise DealError(f"{path}: element {number} {_shown(el)}: {e}") from None
    return whole(game, path, "an mjlog", "<INIT>", "<AGARI> or <RYUUKYOKU>", "the record")


def whole(game: dict[str, Any], path: str, kind: str, start: str, result: str, record: str) -> dict[str, Any]:
    """The game converted from a record (an mjlog, an mjai log), refused where it has no round or a round
    without its result (`start`, `result`: the record's own words for them): a record cut short."""
    if not game["log"]:
        raise DealError(f"{path}: {kind} without a round (no {start})")
    for n, rnd in enumerate(game["log"], 1):
        if not rnd[16]:
            raise DealError(f"{path}: round {n} has no result (no {result}): {record} is cut short")
    return game


def _shown(el: ElementTree.Element) -> str:
    """An element as the record writes it, long values and a long tail cut, for a message."""
    text = "<" + " ".join([el.tag] + ['%s="%s"' % (k, v[:24]) for k, v in el.attrib.items()]) + ">"
    return text if len(text) <= 120 else text[:117] + "...>"


def _final(owari: str) -> list[Any]:
    """`owari=` (each player's final score in hundreds, and game result) as the JSON's `sc`."""
    final = owari.split(",")
    if len(final) != 8:
        raise ValueError("its owari= is not four scores and results")
    try:
        return [x for i in range(4) for x in (int(final[2 * i]) * 100, float(final[2 * i + 1]))]
    except ValueError:
        raise ValueError("its owari= is not numbers") from None


def _root(path: str) -> ElementTree.Element:
    """The XML's root, read within MAX_BYTES (gzip unpacked within it too); never a DTD or an entity."""
    data = read_bounded(path)
    if b"<!" in data:
        raise DealError(f"{path}: an mjlog with a <!DOCTYPE>, <!ENTITY> or comment: a Tenhou record has none")
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as e:
        raise DealError(f"{path}: not a whole mjlog: broken XML ({e})") from None
    if root.tag != "mjloggm":
        raise DealError(f"{path}: not an mjlog: its root element is <{root.tag}>, not <mjloggm>")
    return root


def _rule(path: str, go: ElementTree.Element | None) -> dict[str, Any]:
    """`GO type=`'s bits as the JSON's rule: the room, East or East-South, open tanyao (喰), red fives (赤)."""
    kind = int(go.get("type", "0")) if go is not None and go.get("type", "0").isdigit() else None
    if kind is None:
        return {"aka": 1}  # no rule given: Tenhou's (play/tenhou.py options)
    if kind & 0x10:
        raise DealError(f"{path}: a three-player game (<GO type=\"{kind}\">): mjscore scores four players")
    room = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[kind & 0xA0]
    disp = room + ("南" if kind & 0x08 else "東") + ("" if kind & 0x04 else "喰") + ("" if kind & 0x02 else "赤")
    return {"disp": disp, "aka": 0 if kind & 0x02 else 1}


# --- tiles and calls ---------------------------------------------------------------------------------

def code(tile_id: int, red: bool) -> int:
    """A 136-tile id as the JSON's tile code; copy 0 of each five is the red one where red fives are played."""
    if not 0 <= tile_id < 136:
        raise ValueError(f"{tile_id} is not a tile (0-135)")
    k = tile_id // 4
    if red and tile_id in (16, 52, 88):
        return 51 + k // 9
    return (k // 9 + 1) * 10 + k % 9 + 1 if k < 27 else 41 + k - 27


def order(c: int) -> tuple[int, int]:
    """A tile code's place in the JSON's lists: by kind, a red five after the plain fives."""
    return ((c - 50) * 10 + 5 if c >= 51 else c), c  # a red five after the plain fives


def call_string(codes: list[int], letter: str, taken: int, place: int) -> str:
    """A call string: the tiles in order with the letter and the tile it marks at `place`."""
    rest = [str(c) for c in sorted(codes, key=order)]
    return "".join(rest[:place]) + f"{letter}{taken}" + "".join(rest[place:])


def meld(m: int, red: bool) -> tuple[str, str]:
    """Tenhou's meld code (`N m=`) as (kind, the JSON's call string): chi, pon, kakan, daiminkan, ankan."""
    back = m & 3  # the discarder: 1 right, 2 across, 3 left; 0 the caller itself
    if m & 0x4:  # chi: base, which of three was called, each tile's copy
        base, called = divmod(m >> 10, 3)
        base = base // 7 * 9 + base % 7
        ids = [(base + i) * 4 + (m >> (3 + 2 * i) & 3) for i in range(3)]
        taken = code(ids[called], red)
        return "chi", call_string([code(i, red) for n, i in enumerate(ids) if n != called], "c", taken, 0)
    if m & 0x18:  # pon, or a kan added to it: the copy left out (added), which was called
        base, called = divmod(m >> 9, 3)
        left = m >> 5 & 3
        ids = [base * 4 + i for i in range(4) if i != left]
        taken = code(ids[called], red)
        pon = call_string([code(i, red) for n, i in enumerate(ids) if n != called], "p", taken,
                       {3: 0, 2: 1, 1: 2}[back])
        if m & 0x10:
            return "kakan", pon.replace("p", f"k{code(base * 4 + left, red)}")
        return "pon", pon
    if m & 0x20:
        raise ValueError("a north tile set aside (three-player mahjong)")
    tile_id = m >> 8
    codes = [code(tile_id // 4 * 4 + i, red) for i in range(4)]
    if not back:
        codes.sort(key=order)
        return "ankan", call_string(codes[:3], "a", codes[3], 3)
    taken = code(tile_id, red)
    codes.remove(taken)
    return "daiminkan", call_string(codes, "m", taken, {3: 0, 2: 1, 1: 3}[back])


def _ints(el: ElementTree.Element, name: str, count: int | None = None) -> list[int]:
    text = el.get(name)
    try:
        values = [int(x) for x in text.split(",")] if text else []
    except ValueError:
        raise ValueError(f"its {name}= is not numbers") from None
    if count is not None and len(values) != count:
        raise ValueError(f"its {name}= is not {count} numbers")
    return values


# --- a round ---------------------------------------------------------------------------------------

class _Round:
    """One round being turned into the JSON's array of 17: its events appended to each player's lists."""

    def __init__(self, init: ElementTree.Element, red: bool):
        seed, ten = _ints(init, "seed", 6), _ints(init, "ten", 4)
        if _ints(init, "oya", 1)[0] != seed[0] % 4:
            raise ValueError(f"its oya= is not the dealer of its round (seed= {seed[0]}: player {seed[0] % 4})")
        self.red = red
        dealt = [sorted((code(t, red) for t in _ints(init, f"hai{i}", 13)), key=order) for i in range(4)]
        self.takes: list[list[Any]] = [[], [], [], []]
        self.discards: list[list[Any]] = [[], [], [], []]
        self.row: list[Any] = [seed[:3], [t * 100 for t in ten], [code(seed[5], red)], []]
        for i in range(4):
            self.row += [dealt[i], self.takes[i], self.discards[i]]
        self.row.append([])
        self.drawn: list[int | None] = [None] * 4  # the tile a player just drew (for 60: discarded as drawn)
        self.riichi = [False] * 4  # declared: the next discard is written r...

    def event(self, el: ElementTree.Element) -> None:
        tag = el.tag
        if self.row[16] and tag not in ("AGARI", "RYUUKYOKU"):
            raise ValueError("comes after the round's result, before the next <INIT>")
        if len(tag) > 1 and tag[0] in "TUVWDEFG" and tag[1:].isdigit():
            who, tile_id = "TUVWDEFG".index(tag[0]) % 4, int(tag[1:])
            if tag[0] in "TUVW":
                self.takes[who].append(code(tile_id, self.red))
                self.drawn[who] = tile_id
            else:
                c = 60 if self.drawn[who] == tile_id else code(tile_id, self.red)
                self.discards[who].append(f"r{c}" if self.riichi[who] else c)
                self.riichi[who], self.drawn[who] = False, None
        elif tag == "N":
            self._call(el)
        elif tag == "REACH":
            if el.get("step") == "1":
                self.riichi[self._who(el)] = True
        elif tag == "DORA":
            self.row[2].append(code(_ints(el, "hai", 1)[0], self.red))
        elif tag == "AGARI":
            self._agari(el)
        elif tag == "RYUUKYOKU":
            self._ryuukyoku(el)
        else:
            raise ValueError("is no element of a Tenhou record")

    def _who(self, el: ElementTree.Element, name: str = "who") -> int:
        who = _ints(el, name, 1)[0]
        if not 0 <= who < 4:
            raise ValueError(f"its {name}= is not a player (0-3)")
        return who

    def _call(self, el: ElementTree.Element) -> None:
        who = self._who(el)
        kind, text = meld(_ints(el, "m", 1)[0], self.red)
        if kind in ("ankan", "kakan"):  # in the discards, where the drawn tile's discard would be
            self.discards[who].append(text)
        else:
            self.takes[who].append(text)
            if kind == "daiminkan":
                self.discards[who].append(0)  # no discard: the loose tile is the next take
        self.drawn[who] = None

    def _agari(self, el: ElementTree.Element) -> None:
        who, frm = self._who(el), self._who(el, "fromWho")
        pao = self._who(el, "paoWho") if el.get("paoWho") else who
        fu, points, limit = _ints(el, "ten", 3)
        sc = _ints(el, "sc", 8)
        pairs, yakuman = _ints(el, "yaku"), _ints(el, "yakuman")
        if not all(0 <= y < len(YAKU) for y in pairs[::2] + yakuman) or len(pairs) % 2 or not 0 <= limit < 6:
            raise ValueError(f"its yaku=, yakuman= or ten= names no yaku or limit of Tenhou's (yaku 0-{len(YAKU) - 1}, "
                             "limit 0-5)")
        yaku = [f"{YAKU[y]}({h}飜)" for y, h in zip(pairs[::2], pairs[1::2]) if h]
        yaku += [f"{YAKU[y]}(役満)" for y in yakuman]
        han = sum(pairs[1::2])
        text = (f"{LIMITS[limit]}" if limit else f"{fu}符{han}飜") + _paid(points, who == frm, who == self._dealer())
        if not self.row[16]:
            self.row[16] = ["和了"]
        self.row[16] += [[d * 100 for d in sc[1::2]], [who, frm, pao, text, *yaku]]
        if el.get("doraHaiUra") and not self.row[3]:
            self.row[3] = [code(t, self.red) for t in _ints(el, "doraHaiUra")]

    def _ryuukyoku(self, el: ElementTree.Element) -> None:
        deltas = [d * 100 for d in _ints(el, "sc", 8)[1::2]]
        kind = el.get("type")
        if kind in ABORTS:
            self.row[16] = [ABORTS[kind]]
        elif kind == "nm":
            self.row[16] = ["流し満貫", deltas]
        elif kind is not None:
            raise ValueError(f"type=\"{kind}\" is no draw Tenhou writes")
        elif any(deltas):
            self.row[16] = ["流局", deltas]
        else:
            tenpai = sum(el.get(f"hai{i}") is not None for i in range(4))
            self.row[16] = ["全員聴牌" if tenpai == 4 else "全員不聴"]

    def _dealer(self) -> int:
        kyoku: int = self.row[0][0]
        return kyoku % 4


def _paid(points: int, tsumo: bool, dealer: bool) -> str:
    """AGARI ten='s points as the JSON writes them: a ron's total; a self-draw's each (dealer, "∀") or the
    non-dealers'-dealer's shares, the non-dealer share rounded up from a quarter of the total."""
    if not tsumo:
        return f"{points}点"
    if dealer:
        return f"{points // 3}点∀"
    each = -(-points // 400) * 100
    return f"{each}-{points - 2 * each}点"
