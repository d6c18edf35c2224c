"""A situation's plan for a winning shape (`plan_of`): its hand rules and mah-jong requirements as they are there,
each one's `when:` folded (when.folded, when.told) once per value of what its folding read of the context, not once
per situation: a fresh riichi hand's situation (seat, round, how the tile came, its circumstances, suits held)
is mostly new, and folding every hand rule anew was 35% of scoring it (issue 40), while each rule's fold reads
one or two of those (the circumstances, the winning shape, the suits held).

Folding is deterministic in what it reads: given the values of the context's attributes read so far, the next
attribute read and the result are fixed. So a fold seen once with attributes N read at values V gives the same
result wherever N have the values V again, whatever the context's other attributes; which attributes a fold
reads is found by folding it once through a `_Reading` of the context, which records them. A fold that read
anything but the plain values of `_KEYED` (the hand, its tiles, a memo, a property working out the waits) is
not kept here (it stays kept once per situation, as the plans are: context.SituationTables.plans).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from mjscore.memo import make_room
from mjscore.rules.results import Item, Note
from mjscore.rules.when import folded, told
from mjscore.tuples import NamedTuple

if TYPE_CHECKING:
    from typing import TypeAlias

    from mjscore.rules.context import Ctx
    from mjscore.rules.tables import Rule
    from mjscore.rules.when import Judged, Node, Predicate, Test

    Seen: TypeAlias = dict[str, object]  # the context's `_KEYED` values by name (_snapshot)
    # one way a fold was found again: the getter of the values of the names it read (from a Seen), the results
    # found by those values, the names (kept_folds, kept_whole)
    Way: TypeAlias = tuple[Callable[[Seen], object], dict[object, "R"], tuple[str, ...]]
    Fold: TypeAlias = Callable[[Node | Predicate, Judged], "R"]  # when.folded or when.told
    # a plan's rules, requirements, whether a rule excludes others, its rules judged by the group counts (Plan's)
    Planned: TypeAlias = tuple[tuple["HandRule", ...], tuple["PlanNeed", ...], bool, tuple[tuple[Test, object], ...]]

R = TypeVar("R")  # what a fold, or a result made of folds, gives

# the context's attributes whose values alone a fold may be kept by: plain, immutable values of the situation,
# the winning shape, the suits held and the options (Ctx)
_KEYED = frozenset({"seat", "round", "seat_tile", "round_tile", "source", "also", "mahjong", "suits", "has_honours",
                    "bonus", "pattern", "options", "restricted", "partial"})
_MISSING: Any = object()  # (Any: a sentinel, which no result is and the checker cannot tell from one)
UNKEPT = "(more than plain values)"  # a name read that no value keeps a result by: never in _KEYED


class _Reading:
    """A context seen through: each attribute read is passed on to it and its name recorded; an attribute set,
    or one outside `_KEYED`, makes what is folded through it unkeepable."""

    __slots__ = ("_reading_of", "_names_read", "_keepable")

    def __init__(self, ctx: Judged) -> None:
        object.__setattr__(self, "_reading_of", ctx)
        object.__setattr__(self, "_names_read", set())
        object.__setattr__(self, "_keepable", True)

    def __getattr__(self, name: str) -> Any:  # (whatever the context's attribute is)
        if name not in _KEYED:
            object.__setattr__(self, "_keepable", False)
        self._names_read.add(name)
        return getattr(self._reading_of, name)

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, "_keepable", False)
        setattr(self._reading_of, name, value)


def _snapshot(ctx: Judged) -> Seen | None:
    """The values of the context's `_KEYED` attributes (the options' mapping as its items), read once for every
    rule of a plan; None where an option's value no dictionary can hold (nothing is kept then)."""
    seen: Seen = {n: getattr(ctx, n) for n in _KEYED}
    seen["options"] = options = tuple(ctx.options.items())
    try:
        hash(options)
    except TypeError:
        return None
    return seen


def kept_folds(memo: dict[tuple[Fold[R], Node | Predicate], list[Way[R]]], preds: list[Node | Predicate],
               ctx: Judged, fold: Fold[R], seen: Seen | None = None, read: set[str] | None = None) -> list[R]:
    """[fold(pred, ctx) for pred in preds] (fold: when.folded or when.told), each kept in `memo` (the
    variant's, kept.VariantMemo.folds) by the values of the context's attributes its fold read: found again
    wherever those have the same values. `seen`: the context's snapshot, where the caller took it; `read`, where
    given, gathers the names every fold read (UNKEPT among them where one read more than plain values)."""
    if seen is None:
        seen = _snapshot(ctx)
    if seen is None:
        if read is not None:
            read.add(UNKEPT)
        return [fold(pred, ctx) for pred in preds]
    out = []
    for pred in preds:
        ways = memo.get((fold, pred))
        if ways is None:
            ways = memo[(fold, pred)] = []
        for values, known, names in ways:
            got = known.get(values(seen), _MISSING)
            if got is not _MISSING:
                if read is not None:
                    read.update(names)
                break
        else:
            got = _folded(ways, seen, pred, ctx, fold, read)
        out.append(got)
    return out


def kept_whole(ways: list[Way[R]], ctx: Judged, make: Callable[[Seen | None, set[str]], R], room: int = 256) -> R:
    """make(seen, read) (seen: the context's snapshot or None; read: a set it adds the names of the attributes it
    read to, as kept_folds does), kept in `ways` by the values of those names: a result made of several folds
    (a plan of every hand rule) found again with one lookup wherever what they all read is the same; at most `room`
    results kept by one set of names."""
    seen = _snapshot(ctx)
    if seen is None:
        return make(None, set())
    for values, known, _ in ways:
        got: R = known.get(values(seen), _MISSING)
        if got is not _MISSING:
            return got
    read: set[str] = set()
    got = make(seen, read)
    if read <= _KEYED:
        _keep(ways, tuple(sorted(read)), seen, got, room)
    return got


def _folded(ways: list[Way[R]], seen: Seen, pred: Node | Predicate, ctx: Judged, fold: Fold[R],
            read: set[str] | None = None) -> R:
    """fold(pred, ctx) worked out through a `_Reading`, and kept under the values of what it read (`ways`: for
    each set of names a fold of `pred` read, the getter of their values, the folds found by them, the names)."""
    reading = _Reading(ctx)
    got = fold(pred, reading)  # (a _Reading, as a context: it passes on every attribute the fold reads)
    if not reading._keepable:
        if read is not None:
            read.add(UNKEPT)
        return got
    names = tuple(sorted(reading._names_read))
    if read is not None:
        read.update(names)
    _keep(ways, names, seen, got)
    return got


def _keep(ways: list[Way[R]], names: tuple[str, ...], seen: Seen, got: R, room: int = 256) -> None:
    """`got` kept in `ways` under the values `seen` gives the attributes `names`."""
    for values, known, read in ways:
        if read == names:
            break
    else:
        values, known = itemgetter(*names) if names else _nothing, {}
        ways.append((values, known, names))
    make_room(known, room)
    known[values(seen)] = got


def _nothing(seen: Seen) -> tuple[()]:
    return ()


class HandRule:
    """A hand rule as it is in one plan: what is left of its `when:` to ask of each candidate (`test(ctx, param,
    None)`; test None: it holds whatever the candidate), the rule, its item and its item with no doubles, whether it
    reads every tile of the hand, and its place among the rules judged by the group counts (-1: asked itself). A
    slotted class: the scorer reads it by name for every rule of every candidate. Made with its fields in order
    (plan_of, its one maker): a class called with keywords gets them as a dictionary, made and unpacked for each
    rule of each plan (issue 40: callgrind, docs/performance.md)."""

    __slots__ = ("test", "param", "rule", "item", "undoubled", "whole", "counted_at")

    def __init__(self, test: Test | None, param: object, rule: Rule, item: Item, undoubled: Item, whole: bool,
                 counted_at: int) -> None:
        self.test, self.param, self.rule, self.item, self.undoubled = test, param, rule, item, undoubled
        self.whole, self.counted_at = whole, counted_at


class PlanNeed(NamedTuple):
    """A mah-jong requirement as it is in one plan: what is left of its `when:` (test None: met), whether limit
    hands are exempt, the note of a hand that fails it."""

    test: Test | None
    param: object
    exempt: bool
    note: Note


class Plan(NamedTuple):
    """The hand rules and mah-jong requirements as they are in one situation and winning shape (when.folded: what
    reads only those is told once): the rules that can hold; the requirements; whether a rule `excludes:` others
    (exclusions.exclude); the (test, parameter) of the rules that read only the candidate's group counts
    (Node.counts_only: most limit hands of sets, "no chows"), and what they gave for each candidate's counts seen
    (`by_total`: a candidate's counts recur, a few hundred numbers per situation)."""

    rules: tuple[HandRule, ...]
    requires: tuple[PlanNeed, ...]
    excludes: bool
    counted: tuple[tuple[Test, object], ...]
    by_total: dict[int | None, tuple[object, ...]]  # a candidate's group total -> what each counted rule gave


def plan_of(ctx: Ctx) -> Plan:
    """The context's situation and winning shape's plan (each rule's `when:` folded once); its rules found again
    (kept_whole) wherever what their folds read is the same, whatever the seat and round, which most rules never
    read: a fresh riichi hand's situation is mostly new (issue 40). Each plan counts its own group totals."""
    rules, requires, excludes, counted = kept_whole(ctx.kept.plans, ctx, lambda seen, read: _planned(ctx, seen, read),
                                                    4096)
    return Plan(rules, requires, excludes, counted, {})


def _planned(ctx: Ctx, seen: Seen | None, read: set[str]) -> Planned:
    """A plan's rules, requirements, exclusions and counted rules, folded rule by rule, with the names of what the
    folds read added to `read` (the winner-or-not besides, which chose the rules)."""
    sets = ctx.tables.rules
    rules: list[HandRule] = []
    counted: list[tuple[Test, object]] = []
    folds = ctx.kept.folds  # (each rule's fold kept by what it read: kept_folds)
    read.add("mahjong")
    for entry, part in zip(sets.hand, kept_folds(folds, [entry.when for entry in sets.hand], ctx, told, seen, read)):
        if part is not None:
            test, param, by_counts = part
            k = -1
            if by_counts:
                k = len(counted)
                counted.append((test, param))
            rules.append(HandRule(test, param, entry.rule, entry.item, entry.undoubled, entry.whole, k))
    needs = []
    for need, got in zip(sets.requires, kept_folds(folds, [need.when for need in sets.requires], ctx, folded, seen,
                                                   read)):
        test, param = got or (_fails, None)
        needs.append(PlanNeed(test, param, need.limit_hands_exempt, need.note))
    # (in order, as HandRule above: a NamedTuple called with keywords gets a dictionary, made for each plan)
    return tuple(rules), tuple(needs), bool(sets.excludes), tuple(counted)


def _fails(c: Judged, p: object, s: object) -> bool:
    return False
