"""Riichi's rules as its whole-hand path asks them (rules/riichi_path.py): one candidate's facts (`Facts`), worked
out in one pass over its groups, and the tests of the riichi table's conditions on them, each found by its `when:`
as written (Rule.when) in tables/riichi.yaml. Each test says what the generic condition says (rules/registry.py,
rules/riichi.py, rules/special.py), split into what the hand's situation tells once per hand and what the
candidate does; tests/test_riichi_path.py checks the path's Scores against the generic engine's.
"""

from __future__ import annotations

from typing import Any, Callable

from mjscore.hand import tiles as T
from mjscore.hand.arrange import AnalysedHand
from mjscore.hand.sets import Group
from mjscore.rules.results import Item

_SIMPLE, _MAJOR, _TERMINAL, _GREEN = T.SIMPLE, T.MAJOR, T.TERMINAL, T.GREEN_TILES
WIND, _DRAGON = T.WIND, T.DRAGON
_WIND_OF = {w: T.wind_tile(w) for w in T.WINDS}
_PUNGS = ("pung", "kong")


class Facts:
    """One candidate's facts as the compiled rules read them, beside the hand's (what `han_fu_score` reads of a
    context too: options, hand, sit, pattern, memo)."""

    __slots__ = ("hand", "sit", "options", "memo", "tiles", "kinds", "called", "self_drawn", "source", "also",
                 "n_suits", "honours", "seat_tile", "round_tile", "groups", "pattern", "win", "items", "set_points",
                 "chows", "pungs", "closed_pungs", "kongs", "dragon_pungs", "dragon_pairs", "wind_pungs",
                 "wind_pairs", "all_major", "all_terminal", "wait", "declared_done", "identical")

    def __init__(self, hand: AnalysedHand, options: dict[str, Any]) -> None:
        sit = hand.sit
        self.hand, self.sit, self.options = hand, sit, options
        self.memo: dict[str, Any] = {}  # what is worked out once per hand (the counters, han_fu's shown fields)
        self.tiles = hand.tiles
        self.kinds = hand.kinds
        self.called = any(m.exposed for m in hand.melds)
        self.source = sit.source
        self.self_drawn = sit.source in ("wall", "loose")
        self.also = sit.also
        self.n_suits, self.honours = len(hand.suits), hand.has_honours
        self.seat_tile, self.round_tile = _WIND_OF[sit.seat], _WIND_OF[sit.round]
        self.items: list[Item] = []
        self.set_points = 0

    def point_at(self, groups: tuple[Group, ...], pattern: str, win: int) -> None:
        """The facts of one candidate: its groups counted by kind and class, its wait."""
        self.groups, self.pattern, self.win = groups, pattern, win
        self.identical: int | None = None
        chows: list[tuple[int, ...]] = []
        pungs = closed = kongs = dragon_pungs = dragon_pairs = wind_pungs = wind_pairs = 0
        all_major = all_terminal = True
        wait = None
        declared_done = False
        for g in groups:
            kind, tiles = g.kind, g.tiles
            first = tiles[0]
            if kind == "chow":
                chows.append(tiles)
            elif kind == "pung" or kind == "kong":
                pungs += 1
                if not g.exposed:
                    closed += 1
                if kind == "kong":
                    kongs += 1
                if first in _DRAGON:
                    dragon_pungs += 1
                elif first in WIND:
                    wind_pungs += 1
            elif kind == "pair":
                if first in _DRAGON:
                    dragon_pairs += 1
                elif first in WIND:
                    wind_pairs += 1
            if kind == "chow":  # (a chow holds a terminal, so a major tile, only as 123 or 789)
                end = first % 9 == 0 or first % 9 == 6
                if not end:
                    all_major = all_terminal = False
            else:  # (a set of one kind)
                if first not in _MAJOR:
                    all_major = False
                if first not in _TERMINAL:
                    all_terminal = False
            if g.completed and wait is None:
                wait = group_wait(g, win)
                declared_done = g.declared
        self.chows, self.pungs, self.closed_pungs, self.kongs = chows, pungs, closed, kongs
        self.dragon_pungs, self.dragon_pairs, self.wind_pungs, self.wind_pairs = (dragon_pungs, dragon_pairs,
                                                                                  wind_pungs, wind_pairs)
        self.all_major, self.all_terminal, self.wait, self.declared_done = all_major, all_terminal, wait, declared_done


def group_wait(g: Group, win: int) -> str:
    """The wait the completed group `g` shows, the winning tile `win` in it (riichi.wait_of's, and the path's)."""
    kind = g.kind
    if kind == "pair":
        return "tanki"
    if kind in _PUNGS:
        return "shanpon"
    if kind != "chow":
        return "tanki"
    low = T.number_of(g.tiles[0])
    at = T.number_of(win) - low
    if at == 1:
        return "kanchan"
    if (at == 0 and low == 7) or (at == 2 and low == 1):
        return "penchan"
    return "ryanmen"


def _opt(f: Facts, name: str, *values: object) -> bool:
    return f.options.get(name) in values  # (as the `option` condition compares)


def _identical(f: Facts) -> int:
    """Pairs of identical chows (asked by iipeikou and ryanpeikou: counted once a candidate)."""
    n = f.identical
    if n is None:
        n = 0
        chows = f.chows
        if len(chows) >= 2:
            seen: dict[tuple[int, ...], int] = {}
            for c in chows:
                seen[c] = seen.get(c, 0) + 1
            for k in seen.values():
                n += k // 2
        f.identical = n
    return n


def _same_number(f: Facts, kinds: tuple[str, ...]) -> bool:
    if f.n_suits < 3:
        return False
    seen: dict[int, set[int]] = {}
    for g in f.groups:
        first = g.tiles[0]
        if g.kind in kinds and first < 27:
            seen.setdefault(T.number_of(min(g.tiles)), set()).add(T.suit_of(first))
    for suits in seen.values():
        if len(suits) >= 3:
            return True
    return False


def _ittsu(f: Facts) -> bool:
    if len(f.chows) < 3:
        return False
    held = {c[0] for c in f.chows}
    for s in (0, 9, 18):
        if s in held and s + 3 in held and s + 6 in held:
            return True
    return False


def _earned(f: Facts, ignored: tuple[str, ...]) -> bool:
    """Whether the candidate's items not of an `ignored` rule add up to a double at least."""
    n = 0
    for i in f.items:
        if i.rule not in ignored:
            n += i.doubles
    return n >= 1


def _all_kinds(f: Facts, cls: frozenset[int]) -> bool:
    return bool(f.kinds) and f.kinds <= cls


_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999: what nine gates holds of its suit's 1 to 9


def _nine_gates(f: Facts) -> bool:
    held = [0] * 27
    for t in f.tiles:
        if t < 27:
            held[t] += 1
    for start in (0, 9, 18):
        for n, need in enumerate(_GATES, start):
            if held[n] < need:
                break
        else:
            return True
    return False


def _held(f: Facts) -> int:
    return f.tiles.count(f.win)


def _no_declared(f: Facts) -> bool:
    return not any(g.declared for g in f.groups)


Test = Callable[[Facts], bool]


def never_on_path(f: Facts) -> bool:
    """The test of a rule no hand the path scores can meet (a thirteen-orphans one): its step is left out."""
    return False


Split = tuple["Test | None", "Test | None"]  # (what the situation tells, told once per hand; what the candidate does)
_RIICHI = frozenset({"riichi", "double-riichi"})
_OPEN_PINFU = "pattern: standard, called: True, no_set_points: True, self_drawn: False, wait: ryanmen, option: " \
              "fu_for_open_pinfu: True"
HAND: dict[str, Split] = {  # a hand rule's `when:` as written (Rule.when) -> (its situation's test, its candidate's)
    "also: riichi, called: False, not: also: double-riichi":
        (lambda f: "riichi" in f.also and not f.called and "double-riichi" not in f.also, None),
    "also: double-riichi, called: False": (lambda f: "double-riichi" in f.also and not f.called, None),
    "also: ippatsu, called: False, option: ippatsu: True":
        (lambda f: "ippatsu" in f.also and not f.called and _opt(f, "ippatsu", True), None),
    "self_drawn: True, called: False": (lambda f: f.self_drawn and not f.called, None),
    "also: last-wall-tile, from: wall": (lambda f: "last-wall-tile" in f.also and f.source == "wall", None),
    "also: last-discard, from: discard": (lambda f: "last-discard" in f.also and f.source == "discard", None),
    "from: loose": (lambda f: f.source == "loose", None),
    "from: kong": (lambda f: f.source == "kong", None),
    "called: False, pattern: standard, groups: set: chow, min: 4, no_set_points: True, wait: ryanmen, any: "
    "[self_drawn: False; option: fu_for_pinfu_tsumo: False]":
        (lambda f: not f.called and (not f.self_drawn or _opt(f, "fu_for_pinfu_tsumo", False)),
         lambda f: f.pattern == "standard" and len(f.chows) >= 4 and f.set_points == 0 and f.wait == "ryanmen"),
    "all_tiles: simple, any: [called: False; option: open_tanyao: True]":
        (lambda f: not f.called or _opt(f, "open_tanyao", True), lambda f: _all_kinds(f, _SIMPLE)),
    "called: False, identical_chows: 1": (lambda f: not f.called, lambda f: _identical(f) == 1),
    "called: False, same_number: set: chow, suits: 3":
        (lambda f: not f.called and f.n_suits == 3, lambda f: _same_number(f, ("chow",))),
    "called: True, same_number: set: chow, suits: 3":
        (lambda f: f.called and f.n_suits == 3, lambda f: _same_number(f, ("chow",))),
    "called: False, chows_include: [123; 456; 789]": (lambda f: not f.called, _ittsu),
    "called: True, chows_include: [123; 456; 789]": (lambda f: f.called, _ittsu),
    "called: False, pattern: standard, honours: True, groups: not: any_tile: major, max: 0, all: [groups: set: "
    "chow, min: 1]": (lambda f: not f.called and f.honours,
                      lambda f: f.pattern == "standard" and f.all_major and len(f.chows) >= 1),
    "called: True, pattern: standard, honours: True, groups: not: any_tile: major, max: 0, all: [groups: set: "
    "chow, min: 1]": (lambda f: f.called and f.honours,
                      lambda f: f.pattern == "standard" and f.all_major and len(f.chows) >= 1),
    "all_tiles: major, honours: True, not: suits: 0":
        (lambda f: f.honours and f.n_suits != 0, lambda f: _all_kinds(f, _MAJOR)),
    "groups: set: [pung; kong], min: 4": (None, lambda f: f.pungs >= 4),
    "groups: set: [pung; kong], exposed: False, min: 3": (None, lambda f: f.closed_pungs >= 3),
    "groups: set: kong, min: 3": (None, lambda f: f.kongs >= 3),
    "same_number: set: [pung; kong], suits: 3": (lambda f: f.n_suits == 3, lambda f: _same_number(f, _PUNGS)),
    "pattern: seven_pairs": (None, lambda f: f.pattern == "seven_pairs"),
    "all: [groups: set: [pung; kong], tiles: dragon, min: 2; groups: set: pair, tiles: dragon, min: 1]":
        (lambda f: f.honours, lambda f: f.dragon_pungs >= 2 and f.dragon_pairs >= 1),
    "called: False, suits: 1, honours: True": (lambda f: not f.called and f.n_suits == 1 and f.honours, None),
    "called: True, suits: 1, honours: True": (lambda f: f.called and f.n_suits == 1 and f.honours, None),
    "called: False, pattern: standard, groups: not: any_tile: terminal, max: 0, all: [groups: set: chow, min: 1]":
        (lambda f: not f.called, lambda f: f.pattern == "standard" and f.all_terminal and len(f.chows) >= 1),
    "called: True, pattern: standard, groups: not: any_tile: terminal, max: 0, all: [groups: set: chow, min: 1]":
        (lambda f: f.called, lambda f: f.pattern == "standard" and f.all_terminal and len(f.chows) >= 1),
    "called: False, identical_chows: 2": (lambda f: not f.called, lambda f: _identical(f) == 2),
    "called: False, suits: 1, honours: False": (lambda f: not f.called and f.n_suits == 1 and not f.honours, None),
    "also: earth, from: discard, called: False, option: renhou: mangan":
        (lambda f: "earth" in f.also and f.source == "discard" and not f.called and _opt(f, "renhou", "mangan"),
         None),
    "called: True, suits: 1, honours: False": (lambda f: f.called and f.n_suits == 1 and not f.honours, None),
    # Dora
    "option: kan_dora: True": (lambda f: _opt(f, "kan_dora", True), None),
    "option: kan_dora: False": (lambda f: _opt(f, "kan_dora", False), None),
    "": (None, None),
    "also: [riichi; double-riichi], called: False, option: ura_dora: True, kan_dora: True":
        (lambda f: (bool(_RIICHI & f.also) and not f.called and _opt(f, "ura_dora", True)
                    and _opt(f, "kan_dora", True)), None),
    "also: [riichi; double-riichi], called: False, option: ura_dora: True, kan_dora: False":
        (lambda f: (bool(_RIICHI & f.also) and not f.called and _opt(f, "ura_dora", True)
                    and _opt(f, "kan_dora", False)), None),
    # Fu
    "pattern: standard": (None, lambda f: f.pattern == "standard"),
    "pattern: standard, called: False, from: [discard; kong]":
        (lambda f: not f.called and f.source in ("discard", "kong"), lambda f: f.pattern == "standard"),
    "pattern: standard, self_drawn: True, not: scored: Pinfu":
        (lambda f: f.self_drawn,
         lambda f: f.pattern == "standard" and not any(i.rule == "Pinfu" for i in f.items)),
    "pattern: standard, wait: [kanchan; penchan; tanki]":
        (None, lambda f: f.pattern == "standard" and f.wait in ("kanchan", "penchan", "tanki")),
    _OPEN_PINFU: (lambda f: f.called and not f.self_drawn and _opt(f, "fu_for_open_pinfu", True),
                  lambda f: f.pattern == "standard" and f.set_points == 0 and f.wait == "ryanmen"),
    # Yakuman (thirteen orphans never reaches the path, the generic engine scores it: never asked of a candidate)
    "pattern: thirteen_orphans, not: win_kind_held: 2": (None, never_on_path),
    "pattern: thirteen_orphans, win_kind_held: 2, option: double_yakuman: False, double_kokushi13: False":
        (None, never_on_path),
    "pattern: thirteen_orphans, win_kind_held: 2, any: [option: double_yakuman: True; option: double_kokushi13: "
    "True]": (None, never_on_path),
    "suit_holds: 1112345678999, suits: 1, honours: False, groups: declared: True, max: 0, not: win_kind_held: "
    "[2; 4]": (lambda f: f.n_suits == 1 and not f.honours,
               lambda f: _no_declared(f) and _nine_gates(f) and _held(f) not in (2, 4)),
    "suit_holds: 1112345678999, suits: 1, honours: False, groups: declared: True, max: 0, win_kind_held: [2; 4], "
    "option: double_yakuman: False, double_junsei_chuuren: False":
        (lambda f: (f.n_suits == 1 and not f.honours and _opt(f, "double_yakuman", False)
                    and _opt(f, "double_junsei_chuuren", False)),
         lambda f: _no_declared(f) and _nine_gates(f) and _held(f) in (2, 4)),
    "suit_holds: 1112345678999, suits: 1, honours: False, groups: declared: True, max: 0, win_kind_held: [2; 4], "
    "any: [option: double_yakuman: True; option: double_junsei_chuuren: True]":
        (lambda f: (f.n_suits == 1 and not f.honours
                    and (_opt(f, "double_yakuman", True) or _opt(f, "double_junsei_chuuren", True))),
         lambda f: _no_declared(f) and _nine_gates(f) and _held(f) in (2, 4)),
    "groups: set: [pung; kong], exposed: False, min: 4, not: wait: tanki":
        (None, lambda f: f.closed_pungs >= 4 and f.wait != "tanki"),
    "groups: set: [pung; kong], exposed: False, min: 4, wait: tanki, option: double_yakuman: False, "
    "double_suuankou_tanki: False":
        (lambda f: _opt(f, "double_yakuman", False) and _opt(f, "double_suuankou_tanki", False),
         lambda f: f.closed_pungs >= 4 and f.wait == "tanki"),
    "groups: set: [pung; kong], exposed: False, min: 4, wait: tanki, any: [option: double_yakuman: True; option: "
    "double_suuankou_tanki: True]":
        (lambda f: _opt(f, "double_yakuman", True) or _opt(f, "double_suuankou_tanki", True),
         lambda f: f.closed_pungs >= 4 and f.wait == "tanki"),
    "groups: set: [pung; kong], tiles: dragon, min: 3": (lambda f: f.honours, lambda f: f.dragon_pungs >= 3),
    "all: [groups: set: [pung; kong], tiles: wind, min: 3, max: 3; groups: set: pair, tiles: wind, min: 1]":
        (lambda f: f.honours, lambda f: f.wind_pungs == 3 and f.wind_pairs >= 1),
    "groups: set: [pung; kong], tiles: wind, min: 4, option: double_yakuman: False, double_daisuushii: False":
        (lambda f: f.honours and _opt(f, "double_yakuman", False) and _opt(f, "double_daisuushii", False),
         lambda f: f.wind_pungs >= 4),
    "groups: set: [pung; kong], tiles: wind, min: 4, any: [option: double_yakuman: True; option: "
    "double_daisuushii: True]":
        (lambda f: f.honours and (_opt(f, "double_yakuman", True) or _opt(f, "double_daisuushii", True)),
         lambda f: f.wind_pungs >= 4),
    "all_tiles: green": (lambda f: f.n_suits <= 1, lambda f: _all_kinds(f, _GREEN)),
    "suits: 0": (lambda f: f.n_suits == 0 and f.honours, None),
    "all_tiles: terminal": (lambda f: not f.honours, lambda f: _all_kinds(f, _TERMINAL)),
    "groups: set: kong, min: 4": (None, lambda f: f.kongs >= 4),
    "any: [also: heaven; also: first-draw, self_drawn: True], seat: E, called: False":
        (lambda f: (("heaven" in f.also or ("first-draw" in f.also and f.self_drawn)) and f.sit.seat == "E"
                    and not f.called), None),
    "also: earth, from: discard, called: False, option: renhou: yakuman":
        (lambda f: "earth" in f.also and f.source == "discard" and not f.called and _opt(f, "renhou", "yakuman"),
         None),
    "also: first-draw, self_drawn: True, seat: [S; W; N], called: False":
        (lambda f: "first-draw" in f.also and f.self_drawn and f.sit.seat in "SWN" and not f.called, None),
}

GroupTest = Callable[[Group, int, int], bool]  # (group, seat wind's tile, round wind's tile)
GROUP: dict[tuple[str, bool | None], GroupTest] = {  # (`when:` as written, exposed or not: None) -> its test
    ("set: [pung; kong], tiles: P", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == T.WHITE,
    ("set: [pung; kong], tiles: G", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == T.GREEN,
    ("set: [pung; kong], tiles: R", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == T.RED,
    ("set: [pung; kong], tiles: own_wind", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == s,
    ("set: [pung; kong], tiles: round_wind", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == r,
    ("set: pair, tiles: dragon", None): lambda g, s, r: g.kind == "pair" and g.tiles[0] in _DRAGON,
    ("set: pair, tiles: own_wind", None): lambda g, s, r: g.kind == "pair" and g.tiles[0] == s,
    ("set: pair, tiles: round_wind", None): lambda g, s, r: g.kind == "pair" and g.tiles[0] == r,
}


def _set_of(kind: str, exposed: bool, tiles: frozenset[int]) -> GroupTest:
    """A split fu rule's test (`set: KIND, tiles: CLASS`, exposed or concealed)."""
    def test(g: Group, seat: int, round_: int) -> bool:
        return g.exposed == exposed and g.kind == kind and g.tiles[0] in tiles
    return test


for _exposure in (True, False):
    for _kind in ("pung", "kong"):
        GROUP[(f"set: {_kind}, tiles: simple", _exposure)] = _set_of(_kind, _exposure, _SIMPLE)
        GROUP[(f"set: {_kind}, tiles: major", _exposure)] = _set_of(_kind, _exposure, _MAJOR)

NEEDS: dict[str, Test] = {  # a mah-jong requirement's `when:` as written -> its test on the final items' facts
    "earned_doubles: min: 1, ignore: [Dora; Red five; Ura dora]":
        lambda f: _earned(f, ("Dora", "Red five", "Ura dora")),
    "groups: completed: True, declared: True, max: 0": lambda f: not f.declared_done,
    "any: [not: also: [riichi; double-riichi; ippatsu]; called: False]":
        lambda f: not ({"riichi", "double-riichi", "ippatsu"} & f.also) or not f.called,
    "any: [not: also: ippatsu; also: [riichi; double-riichi]]":
        lambda f: "ippatsu" not in f.also or bool(_RIICHI & f.also),
    "any: [pattern: [standard; thirteen_orphans]; kinds: min: 7]":
        lambda f: f.pattern in ("standard", "thirteen_orphans") or len(f.kinds) >= 7,
}
