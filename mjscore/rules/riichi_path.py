"""Riichi's whole-hand scorer: the riichi table's rules compiled once per loaded table into plain Python tests of
one candidate's facts, so that a winning riichi hand is scored without the generic engine's context, plans, folds
and group memos (issue 40: riichi's speed beside the riichi library). The han_fu valuation offers it to the shared
scorer (`HanFuValuation.score_hand`), which asks it before its own candidates stage and falls back to that stage
wherever it answers None.

Contract: for every hand it answers, each candidate's Score is the generic engine's, field for field (its items,
their rules and order, han, fu, notes): it reuses the table's own rules (names, cites, values) and the valuation's
`han_fu_score`, and compiles only conditions whose written text it knows (rules/riichi_facts.py: `HAND`, `GROUP`,
`NEEDS`, taken from tables/riichi.yaml). A table with any other condition (an edited club copy), a rule with `excludes:`, a bonus
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
from mjscore.rules.riichi_facts import GROUP, HAND, NEEDS, never_on_path, WIND, Facts, GroupTest, Test
from mjscore.rules.tables import Rule, Variant
from mjscore.tuples import NamedTuple


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
            split = HAND.get(r.when)
            if split is None:
                return None
            if split[1] is never_on_path:
                continue
            hand.append(HandStep(split[0], split[1], r, Item(r.name, "", r.points, r.doubles, r.limit, r.extra,
                                                             r.table, r.keep_doubles, r.cite, r.names, 1, r.fan)))
        else:
            gtest = GROUP.get((r.when, _exposure_of(r)))
            if gtest is None:
                return None
            group.append(GroupStep(gtest, r))
    needs = []
    for q in variant.requires:
        test = NEEDS.get(q.when)
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


Valuer = Callable[[Facts, Any, Shown, tuple[str, ...], str, list[Item], list[Note], "str | None"], Score]


def score_hand(hand: AnalysedHand, variant: Variant, value: Valuer, switches: Any, options: dict[str, Any],
               notes: list[Note]) -> list[Score] | None:
    """Every candidate's Score of a winning hand, in the generic engine's order, or None: a hand or table the
    path leaves to the generic engine. `value`: the valuation's own scorer of a candidate's items (han_fu's), given
    the table's `switches`, which reads of `Facts` what it reads of the generic engine's context."""
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
    win, win_name = sit.win, T.name(sit.win)  # (every candidate's winning tile: the one given)
    return [_score(plan, asked, f, value, switches, shown, groups, pattern, win, win_name, notes)
            for groups, pattern, _ in candidates]


def _score(plan: Plan, asked: list[Asked], f: Facts, value: Valuer, switches: Any, shown: Shown,
           groups: tuple[Group, ...], pattern: str, win: int, win_name: str, notes: list[Note]) -> Score:
    """One candidate's Score, as rules/candidate.py score_candidate and the han_fu valuation make it."""
    f.point_at(groups, pattern, win)
    texts: list[str] = []
    items: list[Item] = []
    replaced: set[str] = set()
    points = 0
    judged = plan.judged
    win_set = None
    for g in groups:
        key = (g, f.seat_tile, f.round_tile) if g.tiles[0] in WIND else g  # (only a wind's group reads the winds)
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
    score = value(f, switches, shown, tuple(texts), win_name, items, notes, win_set)
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
