"""Riichi's whole-hand scorer: the riichi table's rules compiled once per loaded table into plain Python tests of
one candidate's facts, so that a winning riichi hand is scored without the generic engine's context, plans, folds
and group memos (issue 40: riichi's speed beside the riichi library). The han_fu valuation offers it to the shared
scorer (`HanFuValuation.score_hand`), which asks it before its own candidates stage and falls back to that stage
wherever it answers None.

Contract: for every hand it answers, each candidate's Score is the generic engine's, field for field (its items,
their rules and order, han, fu, notes): it reuses the table's own rules (names, cites, values) and the valuation's
`han_fu_score`, and compiles only conditions whose written text it knows (`_HAND`, `_GROUP`, `_NEEDS`, taken from
tables/riichi.yaml). A table with any other condition (an edited club copy), a rule with `excludes:`, a bonus
rule, and a hand with flowers, no winning tile or a thirteen-orphans arrangement get None: the generic engine.
tests/test_riichi_path.py checks the two agree on realistic and random hands.
"""

from __future__ import annotations

from typing import Any, Callable

from mjscore.hand import tiles as T
from mjscore.hand.arrange import AnalysedHand
from mjscore.hand.sets import Group
from mjscore.memo import make_room
from mjscore.messages import named
from mjscore.rules.counters import COUNTERS
from mjscore.rules.results import Item, Note, Score, Shown
from mjscore.rules.tables import Rule, Variant
from mjscore.tuples import NamedTuple

_SIMPLE, _MAJOR, _TERMINAL, _GREEN = T.SIMPLE, T.MAJOR, T.TERMINAL, T.GREEN_TILES
_WIND, _DRAGON = T.WIND, T.DRAGON
_WIND_OF = {w: T.wind_tile(w) for w in T.WINDS}
_PUNGS = ("pung", "kong")


class Facts:
    """One candidate's facts as the compiled rules read them, beside the hand's (what `han_fu_score` reads of a
    context too: options, hand, sit, pattern, memo)."""

    __slots__ = ("hand", "sit", "options", "memo", "tiles", "kinds", "called", "self_drawn", "source", "also",
                 "n_suits", "honours", "seat_tile", "round_tile", "groups", "pattern", "win", "items", "set_points",
                 "chows", "pungs", "closed_pungs", "kongs", "dragon_pungs", "dragon_pairs", "wind_pungs",
                 "wind_pairs", "all_major", "all_terminal", "wait", "declared_done")

    def __init__(self, hand: AnalysedHand, options: dict[str, Any]) -> None:
        sit = hand.sit
        self.hand, self.sit, self.options, self.memo = hand, sit, options, {}
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
                elif first in _WIND:
                    wind_pungs += 1
            elif kind == "pair":
                if first in _DRAGON:
                    dragon_pairs += 1
                elif first in _WIND:
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
                wait = _wait(g, win)
                declared_done = g.declared
        self.chows, self.pungs, self.closed_pungs, self.kongs = chows, pungs, closed, kongs
        self.dragon_pungs, self.dragon_pairs, self.wind_pungs, self.wind_pairs = (dragon_pungs, dragon_pairs,
                                                                                  wind_pungs, wind_pairs)
        self.all_major, self.all_terminal, self.wait, self.declared_done = all_major, all_terminal, wait, declared_done


def _wait(g: Group, win: int) -> str:
    """As riichi.wait_of: the wait the completed group shows."""
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
    seen: dict[tuple[int, ...], int] = {}
    for c in f.chows:
        seen[c] = seen.get(c, 0) + 1
    return sum(n // 2 for n in seen.values())


def _same_number(f: Facts, kinds: tuple[str, ...]) -> bool:
    if f.n_suits < 3:
        return False
    seen: dict[int, set[int]] = {}
    for g in f.groups:
        first = g.tiles[0]
        if g.kind in kinds and first < 27:
            seen.setdefault(T.number_of(min(g.tiles)), set()).add(T.suit_of(first))
    return any(len(s) >= 3 for s in seen.values())


def _ittsu(f: Facts) -> bool:
    held = {c[0] for c in f.chows}
    return any(s in held and s + 3 in held and s + 6 in held for s in (0, 9, 18))


def _all_kinds(f: Facts, cls: frozenset[int]) -> bool:
    return bool(f.kinds) and f.kinds <= cls


def _nine_gates(f: Facts) -> bool:
    need = (0, 3, 1, 1, 1, 1, 1, 1, 1, 3)
    for suit in range(3):
        have = [0] * 10
        for t in f.tiles:
            if t < 27 and t // 9 == suit:
                have[T.number_of(t)] += 1
        if all(h >= n for h, n in zip(have, need)):
            return True
    return False


def _held(f: Facts) -> int:
    return f.tiles.count(f.win)


def _no_declared(f: Facts) -> bool:
    return not any(g.declared for g in f.groups)


Test = Callable[[Facts], bool]
Split = tuple["Test | None", "Test | None"]  # (what the situation tells, told once per hand; what the candidate does)
_RIICHI = frozenset({"riichi", "double-riichi"})
_OPEN_PINFU = "pattern: standard, called: True, no_set_points: True, self_drawn: False, wait: ryanmen, option: " \
              "fu_for_open_pinfu: True"
_HAND: dict[str, Split] = {  # a hand rule's `when:` as written (Rule.when) -> (its situation's test, its candidate's)
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
    # Yakuman (thirteen orphans never reaches the path: the generic engine scores it)
    "pattern: thirteen_orphans, not: win_kind_held: 2":
        (None, lambda f: f.pattern == "thirteen_orphans" and _held(f) != 2),
    "pattern: thirteen_orphans, win_kind_held: 2, option: double_yakuman: False, double_kokushi13: False":
        (lambda f: _opt(f, "double_yakuman", False) and _opt(f, "double_kokushi13", False),
         lambda f: f.pattern == "thirteen_orphans" and _held(f) == 2),
    "pattern: thirteen_orphans, win_kind_held: 2, any: [option: double_yakuman: True; option: double_kokushi13: "
    "True]": (lambda f: _opt(f, "double_yakuman", True) or _opt(f, "double_kokushi13", True),
              lambda f: f.pattern == "thirteen_orphans" and _held(f) == 2),
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
_GROUP: dict[tuple[str, bool | None], GroupTest] = {  # (`when:` as written, exposed or not: None) -> its test
    ("set: [pung; kong], tiles: P", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == T.WHITE,
    ("set: [pung; kong], tiles: G", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == T.GREEN,
    ("set: [pung; kong], tiles: R", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == T.RED,
    ("set: [pung; kong], tiles: own_wind", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == s,
    ("set: [pung; kong], tiles: round_wind", None): lambda g, s, r: g.kind in _PUNGS and g.tiles[0] == r,
    ("set: pair, tiles: dragon", None): lambda g, s, r: g.kind == "pair" and g.tiles[0] in _DRAGON,
    ("set: pair, tiles: own_wind", None): lambda g, s, r: g.kind == "pair" and g.tiles[0] == s,
    ("set: pair, tiles: round_wind", None): lambda g, s, r: g.kind == "pair" and g.tiles[0] == r,
}
for _exposure in (True, False):
    for _kind in ("pung", "kong"):
        _GROUP[(f"set: {_kind}, tiles: simple", _exposure)] = (
            lambda g, s, r, k=_kind, e=_exposure: g.exposed == e and g.kind == k and g.tiles[0] in _SIMPLE)
        _GROUP[(f"set: {_kind}, tiles: major", _exposure)] = (
            lambda g, s, r, k=_kind, e=_exposure: g.exposed == e and g.kind == k and g.tiles[0] in _MAJOR)

_NEEDS: dict[str, Test] = {  # a mah-jong requirement's `when:` as written -> its test on the final items' facts
    "earned_doubles: min: 1, ignore: [Dora; Red five; Ura dora]":
        lambda f: sum(i.doubles for i in f.items if i.rule not in ("Dora", "Red five", "Ura dora")) >= 1,
    "groups: completed: True, declared: True, max: 0": lambda f: not f.declared_done,
    "any: [not: also: [riichi; double-riichi; ippatsu]; called: False]":
        lambda f: not ({"riichi", "double-riichi", "ippatsu"} & f.also) or not f.called,
    "any: [not: also: ippatsu; also: [riichi; double-riichi]]":
        lambda f: "ippatsu" not in f.also or bool(_RIICHI & f.also),
    "any: [pattern: [standard; thirteen_orphans]; kinds: min: 7]":
        lambda f: f.pattern in ("standard", "thirteen_orphans") or len(f.kinds) >= 7,
}


class HandStep(NamedTuple):
    """A hand rule compiled: what the situation tells of it (once per hand), what the candidate does, its rule and
    its item (as the generic engine makes it)."""

    told: Test | None
    test: Test | None
    rule: Rule
    item: Item


class GroupStep(NamedTuple):
    """A group rule compiled: its test and its rule."""

    test: GroupTest
    rule: Rule


class NeedStep(NamedTuple):
    """A mah-jong requirement compiled: its test, whether limit hands are exempt, the note of a hand failing it."""

    test: Test
    exempt: bool
    note: Note


Asked = tuple["Test | None", Rule, Item, "str | None", tuple[str, ...]]  # (test, rule, item, counter, replaces)
Judged = tuple[str, tuple[Item, ...], frozenset[str], int]  # a group's (text, items, replaced rule names, points)


class Plan(NamedTuple):
    """A table's rules compiled for the path, once per loaded table; what is kept with it: the hand rules a
    situation leaves to ask of its candidates (`asked`, by what the situation tells) and each group judged (by the
    group, and the winds for a wind's group: what a group rule reads)."""

    hand: tuple[HandStep, ...]
    group: tuple[GroupStep, ...]
    needs: tuple[NeedStep, ...]
    asked: dict[tuple[Any, ...], list[Asked]]
    judged: dict[Any, Judged]


_PLANS: dict[str, Plan | None] = {}  # a table's key (its content's digest) -> its plan, None: not for the path


def plan_for(variant: Variant) -> Plan | None:
    """The variant's compiled plan, or None where a rule or requirement is one the path does not know."""
    key = variant.key
    if key in _PLANS:
        return _PLANS[key]
    make_room(_PLANS, 64)
    plan = _PLANS[key] = _compile(variant)
    return plan


def _compile(variant: Variant) -> Plan | None:
    hand, group = [], []
    for r in variant.rules:
        if r.who == "loser" or r.excludes or r.per == "bonus":
            return None
        if r.per == "hand":
            split = _HAND.get(r.when)
            if split is None:
                return None
            hand.append(HandStep(split[0], split[1], r, Item(r.name, "", r.points, r.doubles, r.limit, r.extra,
                                                             r.table, r.keep_doubles, r.cite, r.names, 1, r.fan)))
        else:
            gtest = _GROUP.get((r.when, _exposure_of(r)))
            if gtest is None:
                return None
            group.append(GroupStep(gtest, r))
    needs = []
    for q in variant.requires:
        test = _NEEDS.get(q.when)
        if test is None:
            return None
        needs.append(NeedStep(test, q.limit_hands_exempt,
                              Note.not_mahjong(named(q.message, q.messages) if q.messages else q.message)))
    return Plan(tuple(hand), tuple(group), tuple(needs), {}, {})


def _exposure_of(r: Rule) -> bool | None:
    """The exposed-or-not a split rule (`exposed:`/`concealed:` points) asks first (tables.py), None for others."""
    parts = getattr(r.pred, "parts", ())
    first = parts[0] if parts else None
    condition = getattr(first, "condition", None)
    written = getattr(r.pred, "written", ())
    if condition is not None and condition.name == "exposed" and len(parts) == len(written) + 1:
        return bool(first.param)  # type: ignore[union-attr]
    return None


def _asked(plan: Plan, f: Facts) -> list[Asked]:
    """The hand rules the hand's situation leaves to ask of each candidate, in the table's order: kept by what the
    situation tells (how the tile came, the circumstances, the seat, a claimed set, the suits, the options)."""
    also = f.also
    seat = f.sit.seat if "first-draw" in also or "heaven" in also else ""  # (the seat tells only with these two)
    try:
        key: tuple[Any, ...] | None = (f.called, f.source, also, seat, f.n_suits, f.honours,
                                       tuple(f.options.items()))
        got = plan.asked.get(key)  # type: ignore[arg-type]
    except TypeError:  # an option no dictionary can hold: told afresh
        key, got = None, None
    if got is None:
        got = [(s.test, s.rule, s.item, s.rule.each, s.rule.replaces) for s in plan.hand
               if s.told is None or s.told(f)]
        if key is not None:
            make_room(plan.asked, 8192)
            plan.asked[key] = got
    return got


Valuer = Callable[[Facts, Shown, tuple[str, ...], str, list[Item], list[Note], "str | None"], Score]


def score_hand(hand: AnalysedHand, variant: Variant, value: Valuer, options: dict[str, Any],
               notes: list[Note]) -> list[Score] | None:
    """Every candidate's Score of a winning hand, in the generic engine's order, or None: a hand or table the
    path leaves to the generic engine. `value`: the valuation's own scorer of a candidate's items (han_fu's, with
    the table's switches), which reads of `Facts` what it reads of the generic engine's context."""
    sit = hand.sit
    if hand.bonus or sit.win is None or "heaven" in sit.also:
        return None
    plan = plan_for(variant)
    if plan is None:
        return None
    candidates = hand.candidates
    for _, pattern, _ in candidates:
        if pattern == "thirteen_orphans":
            return None
    f = Facts(hand, options)
    asked = _asked(plan, f)
    shown = Shown(variant=variant.name, options=options, hand=hand.notation, seat=sit.seat, round=sit.round,
                  mahjong=True, source=sit.source, also=tuple(sorted(sit.also)) if sit.also else (), bonus=())
    win_name = T.name(sit.win)
    return [_score(plan, asked, f, value, shown, groups, pattern, win, win_name, notes)
            for groups, pattern, win in candidates]


def _score(plan: Plan, asked: list[Asked], f: Facts, value: Valuer, shown: Shown, groups: tuple[Group, ...],
           pattern: str, win: int, win_name: str, notes: list[Note]) -> Score:
    """One candidate's Score, as rules/candidate.py score_candidate and the han_fu valuation make it."""
    f.point_at(groups, pattern, win)
    texts: list[str] = []
    items: list[Item] = []
    replaced: set[str] = set()
    points = 0
    judged = plan.judged
    win_set = None
    for g in groups:
        key = (g, f.seat_tile, f.round_tile) if g.tiles[0] in _WIND else g  # (only a wind's group reads the winds)
        entry = judged.get(key)
        if entry is None:
            entry = _judge(plan, g, f.seat_tile, f.round_tile)
            make_room(judged, 8192)
            judged[key] = entry
        texts.append(entry[0])
        items += entry[1]
        if entry[2]:
            replaced |= entry[2]
        points += entry[3]
        if win_set is None and g.completed:
            win_set = entry[0].strip("[]") if g.declared else entry[0]
    f.set_points = points
    f.items = items
    for test, r, item, each, replaces in asked:
        if test is None or test(f):
            if each is not None:  # doubles_each: one double per tile counted (none counted: no item)
                n = f.memo.get(each)  # (a counter reads the hand's tiles and situation: once per hand)
                if n is None:
                    n = f.memo[each] = COUNTERS[each](f)
                if not n:
                    continue
                item = item._replace(doubles=n, tiles=f"x{n}")
            items.append(item)
            if replaces:
                replaced.update(replaces)
    if replaced:
        items = [i for i in items if i.rule not in replaced]
        f.items = items
    score = value(f, shown, tuple(texts), win_name, items, notes, win_set)
    for need in plan.needs:
        if not (need.exempt and score.limit_hand) and not need.test(f):
            return score._replace(mahjong=False, notes=score.notes + (need.note,))
    return score


def _judge(plan: Plan, g: Group, seat: int, round_: int) -> Judged:
    """(text, items, replaced rule names, points) of one group, as rules/candidate.py _judge makes them."""
    text = g.notation()
    matched = [s.rule for s in plan.group if s.test(g, seat, round_)]
    items = tuple(Item(r.name, text, r.points, r.doubles, r.limit, r.extra, r.table, r.keep_doubles, r.cite, r.names,
                       1, r.fan) for r in matched)
    return text, items, frozenset(n for r in matched for n in r.replaces), sum(i.points for i in items)
