"""The named conditions that table files refer to, each declared with what it reads; the everyday ones.

A rule's `when:` is a mapping {condition: parameter}; all must hold. Each condition is declared once,
with `@condition`, with the scope it applies to (a group, a bonus tile, the whole hand), a parameter
checker and what it reads (`Reads`), so a table file is validated at load time and its `when:` compiled
once into nodes (rules/when.py), without eval. `any`, `all`, `not`
combine conditions. Declaring a condition registers nothing: the conditions a table may name are those
of the modules listed in rules/conditions.py, gathered there once into a read-only `Registry` that the
loader passes to compile_when in `known["conditions"]`.
"""

from __future__ import annotations

from types import MappingProxyType, ModuleType
from enum import Flag, auto
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NoReturn, TypeAlias, TypeGuard

from mjscore.hand import tiles as T
from mjscore.hand.situation import SITUATIONS, SOURCES
from mjscore.rules.params import (  # noqa: F401 (modules of conditions import the checkers from here)
    TILE_CLASSES, TILE_SETS, p_bool, p_choices, p_int, p_tiles, p_wind,
)
from mjscore.rules.when import (  # noqa: F401 (modules of conditions, tables.py and tests import these from here)
    ALWAYS, Invalid, Leaf, When, compile_when, folded, reads_whole_hand,
)
from mjscore.tuples import NamedTuple

if TYPE_CHECKING:
    from mjscore.hand.sets import Group
    from mjscore.rules.params import TileTest
    from mjscore.rules.tablefile import OptionSpec
    from mjscore.rules.when import Judged, Known, Screen, Test

    Checker: TypeAlias = Callable[[Any, Known], object]  # (the parameter as the table writes it: any YAML) -> compiled
    Bound: TypeAlias = Callable[[Judged], "int | None"]  # a count's min or max: a number, or a house option's value
    Counted: TypeAlias = tuple[When, Bound, Bound]  # a count's parameter: what is counted, its min, its max
    Shared: TypeAlias = dict[str, tuple[int, When]]  # a table's counted group conditions: text -> place, conditions
    # `groups:` compiled: what is counted, min, max, the shift of its count in a candidate's sum, Shared, (min, max)
    # where no option gives them; read by place for many rules of every candidate, where a plain tuple's is fastest
    GroupCount: TypeAlias = tuple[When, Bound, Bound, int, Shared, "tuple[int, int] | None"]


SET_KINDS = ("pung", "kong", "chow", "pair", "single", "knitted")  # knitted: one number in 2 or 3 suits


# --- conditions and the registry --------------------------------------------------------------

class Reads(Flag):
    """What a condition reads of the context (rules/context.Ctx), declared once. What the scorer may fold, judge
    once or keep follows from it (`Condition.told`, `group_counts`, `whole`, the scopes' memos), and a property test
    (tests/test_reads.py) changes what a condition does not declare and checks that its answer does not move."""

    SUBJECT = auto()  # the group or bonus tile judged (group and bonus conditions)
    SEATS = auto()  # the seat and the prevailing wind (and the tile classes that read them: own_wind, round_wind)
    SITUATION = auto()  # how the winning tile came and the circumstances (--from, --also)
    OPTIONS = auto()  # the house options
    SHAPE = auto()  # the candidate's winning shape (its pattern)
    SUITS = auto()  # which suits the hand holds and whether it holds honours: what a partial hand cannot tell
    HAND = auto()  # the hand's tiles as written: its declared sets, concealed and bonus tiles
    EVERY_TILE = auto()  # every tile of the hand as one whole (how many kinds, one suit): what a partial hand,
    # written as only its scoring sets, cannot tell
    GROUP_COUNTS = auto()  # the candidate's counted groups (Ctx.group_total: every `groups:` count in one number)
    CANDIDATE = auto()  # the candidate arrangement: its sets, winning tile, what it scored so far, its value


TOLD = Reads.SEATS | Reads.SITUATION | Reads.OPTIONS | Reads.SHAPE | Reads.SUITS  # what a plan is told (when.folded)
SUBJECT_MEMO = Reads.SUBJECT | Reads.SEATS | Reads.OPTIONS  # what a group or bonus item is kept by (context)
SITUATIONAL = Reads.SEATS | Reads.SITUATION | Reads.OPTIONS


class Condition(NamedTuple):
    """A named test a table's `when:` may use, with the scope it judges, the checker of its parameter and what it
    reads: a table file is checked against these when it loads, so a misspelt condition never silently fails.
    What the scorer may do with it follows from `reads` alone, worked out once by `condition` (the last four
    fields). Called, it is its test: a module may still call a condition it declared as the function it wrote."""

    name: str
    scope: str  # "group", "bonus" or "hand"
    check: Checker  # (param, known) -> compiled param
    test: Test  # (ctx, compiled, subject) -> whether it holds
    doc: str
    reads: Reads  # what the test reads of the context and its subject
    module: str = ""  # the module that declared it (Registry gathers each module's own)
    screen: Screen | None = None  # (ctx, compiled param) -> False when no hand like the ctx's can meet it
    costly: bool = False  # works out more than it reads (a search, a loop over the tiles): tested last
    # reads only what a hand rule's plan is told (the situation, the options, the winning shape, the suits held):
    # its value there is the same for every candidate of every hand (when.Leaf.fold)
    told: bool = False
    situational: bool = False  # reads only the seat, prevailing wind, how the tile came, circumstances and options
    # reads the candidate's group counts and, besides, only what a plan is told: a hand rule of such conditions holds
    # or not by one number per candidate (folds.plan_of)
    group_counts: bool = False
    # reads every tile of the hand (one suit, all honours, how many kinds), which a partial hand, written as only its
    # scoring sets, cannot tell (when.reads_whole_hand)
    whole: bool = False

    def __call__(self, c: Judged, v: Any, s: Any) -> object:
        return self.test(c, v, s)


def condition(name: str, scope: str, check: Checker, doc: str, reads: Reads, screen: Screen | None = None,
              costly: bool = False) -> Callable[[Test | Condition], Condition]:
    """Declare condition `name` for a scope ("group", "bonus" or "hand") on its test `f(c, v, s) -> bool` (the
    context, the compiled parameter, the subject: a Group, a bonus tile, or None for the hand), which `reads` what
    it declares and nothing else: the decorated name becomes the `Condition`, which a module listed in
    rules/conditions.py makes known to table files.

    A group or bonus condition may read only its subject, the seat and prevailing wind and the options (SUBJECT_MEMO):
    scoring keeps each group's and bonus tile's items per situation on exactly those (context.situation_tables);
    declaring more stops the import. A hand condition reads no subject.
    screen(ctx, compiled): False when no hand of the context's suits, honours or not and bonus tiles or none meets
    a condition that reads more (when.Leaf.fold).
    costly: the condition works out more than it reads (the waits, a search of the groups): a hand rule tests it
    after its other conditions, which mostly decide the rule first (the conditions are pure, so their order
    changes no result, only the time).
    """
    bits = reads.value  # (whole numbers: an enum's operators cost a start-up a declaration at a time)
    allowed = _SUBJECT_MEMO if scope in ("group", "bonus") else _ALL & ~_SUBJECT
    if bits & ~allowed:
        raise ValueError(f"{scope} condition {name!r} reads {Reads(bits & ~allowed)}, which its scope's memo is "
                         f"not kept by")
    derived = dict(told=not bits & ~_TOLD, situational=not bits & ~_SITUATIONAL,
                   group_counts=bool(bits & _COUNTS) and not bits & ~(_TOLD | _COUNTS),
                   whole=bool(bits & _WHOLE))

    def declare(f: Test | Condition) -> Condition:
        test = f.test if isinstance(f, Condition) else f
        return Condition(name, scope, check, test, doc, reads, getattr(test, "__module__", ""), screen, costly,
                         **derived)

    return declare


_TOLD, _SUBJECT_MEMO, _SITUATIONAL = TOLD.value, SUBJECT_MEMO.value, SITUATIONAL.value
_SUBJECT, _COUNTS, _WHOLE = Reads.SUBJECT.value, Reads.GROUP_COUNTS.value, (Reads.EVERY_TILE | Reads.SUITS).value
_ALL = sum(r.value for r in Reads)


class Registry:
    """The conditions table files may name, by (scope, name): those each listed module declared, gathered
    once (rules/conditions.py), as yamllint keeps its rules; read-only after. A condition declared twice for
    a scope stops the import, naming both modules."""

    __slots__ = ("_by_id",)
    _by_id: MappingProxyType[tuple[str, str], Condition]

    def __init__(self, modules: Iterable[ModuleType]) -> None:
        by_id: dict[tuple[str, str], Condition] = {}
        for module in modules:
            for value in vars(module).values():  # a module's own conditions, in the order it declares them
                if isinstance(value, Condition) and value.module == module.__name__:
                    known = by_id.setdefault((value.scope, value.name), value)
                    if known is not value:
                        raise ValueError(f"{value.scope} condition {value.name!r} is declared twice: in "
                                         f"{known.module} and in {value.module}")
        object.__setattr__(self, "_by_id", MappingProxyType(by_id))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("a Registry is read-only once built")

    def get(self, scope: str, name: str) -> Condition | None:
        return self._by_id.get((scope, name))

    def names(self, scope: str) -> list[str]:
        """A scope's condition names, sorted (as a message lists the known ones)."""
        return sorted(name for sc, name in self._by_id if sc == scope)

    def __iter__(self) -> Iterator[Condition]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)


# group conditions: subject is a scoring Group
@condition("set", "group", p_choices(SET_KINDS), "the group is one of these kinds", reads=Reads.SUBJECT)
def _set(c: Judged, v: frozenset[str], s: Group) -> bool:
    return s.kind in v


@condition("tiles", "group", p_tiles, "every tile of the group is of this class (or these tiles)",
           reads=Reads.SUBJECT | Reads.SEATS)
def _tiles(c: Judged, v: TileTest, g: Group) -> bool:
    fixed: frozenset[int] | None = getattr(v, "kinds", None)  # a fixed set of tiles (params.p_tiles): one subset test
    if fixed is not None:
        return fixed.issuperset(g.tiles)
    return all(v(t, c) for t in g.tiles)


@condition("exposed", "group", p_bool, "the group counts as exposed (declared, or completed by a claimed tile)",
           reads=Reads.SUBJECT)
def _exposed(c: Judged, v: bool, s: Group) -> bool:
    return s.exposed == v


@condition("declared", "group", p_bool, "the group was written [..], {..} or <..>", reads=Reads.SUBJECT)
def _declared(c: Judged, v: bool, s: Group) -> bool:
    return s.declared == v


@condition("completed", "group", p_bool, "the group holds the winning tile", reads=Reads.SUBJECT)
def _completed(c: Judged, v: bool, s: Group) -> bool:
    return s.completed == v

# KDE Kajongg (rulecode.py: OnlyConcealedMelds, ConcealedTrueColorGame, HiddenTreasure, ThreeConcealedPongs) counts
# a kong claimed onto a concealed pung (its `aaaA`, mjscore's <....>) as concealed for four hand rules and as
# exposed everywhere else: those rules name it with this condition
@condition("claimed_kong", "group", p_bool, "the group is a kong claimed onto a concealed pung, written <....> "
           "(it counts as exposed)", reads=Reads.SUBJECT)
def _claimed_kong(c: Judged, v: bool, s: Group) -> bool:
    return s.claimed == v


# bonus conditions: subject is a bonus tile
@condition("bonus", "bonus", p_choices(("flower", "season")), "the tile is a flower or a season", reads=Reads.SUBJECT)
def _bonus(c: Judged, v: frozenset[str], t: int) -> bool:
    return ("flower" if T.is_flower(t) else "season") in v


@condition("own", "bonus", p_bool, "the tile's number is the player's seat (1 = East ... 4 = North)",
           reads=Reads.SUBJECT | Reads.SEATS)
def _own(c: Judged, v: bool, t: int) -> bool:
    return (T.bonus_seat(t) == c.seat) == v


# hand conditions: subject is None
def _known_situations(known: Known) -> tuple[str, ...]:
    return tuple(SITUATIONS) + tuple(known.get("situations", ()))


@condition("from", "hand", p_choices(SOURCES), "the winning tile came this way", reads=Reads.SITUATION)
def _from(c: Judged, v: frozenset[str], _: None) -> bool:
    return c.source in v


@condition("self_drawn", "hand", p_bool, "the winning tile was drawn (wall or loose tile)", reads=Reads.SITUATION)
def _self_drawn(c: Judged, v: bool, _: None) -> bool:
    return (c.source in ("wall", "loose")) == v


@condition("also", "hand", p_choices(_known_situations), "a --also circumstance was given", reads=Reads.SITUATION)
def _also(c: Judged, v: frozenset[str], _: None) -> bool:
    return bool(v & c.also)


@condition("seat", "hand", p_wind, "the player's seat wind", reads=Reads.SEATS)
def _seat(c: Judged, v: frozenset[str], _: None) -> bool:
    return c.seat in v


@condition("round", "hand", p_wind, "the prevailing wind", reads=Reads.SEATS)
def _round(c: Judged, v: frozenset[str], _: None) -> bool:
    return c.round in v


@condition("win_tile", "hand", p_tiles, "the winning tile is of this class or one of these tiles",
           reads=Reads.CANDIDATE | Reads.SEATS)
def _win_tile(c: Judged, v: TileTest, _: None) -> bool:
    return c.win is not None and v(c.win, c)


@condition("pattern", "hand", p_choices(lambda known: tuple(known["shapes"])), "the winning shape", reads=Reads.SHAPE)
def _pattern(c: Judged, v: frozenset[str], _: None) -> bool:
    return c.pattern in v


# "suits: 0" is a hand of honours: a hand of only flowers and seasons has no tiles, so no suit and no honour
@condition("suits", "hand", p_int, "number of different suits among the tiles (0-3; 0: honours only)",
           reads=Reads.SUITS)
def _suits(c: Judged, v: int, _: None) -> bool:
    return len(c.suits) == v and (v > 0 or c.has_honours)


@condition("honours", "hand", p_bool, "the hand holds a wind or dragon", reads=Reads.SUITS)
def _honours(c: Judged, v: bool, _: None) -> bool:
    return c.has_honours == v


def _some_of_each(c: Judged, v: TileTest) -> bool:
    """all_tiles' screen: each suit the hand holds, and the honours if it holds any, has a tile of the class."""
    kinds = [range(s * 9, s * 9 + 9) for s in c.suits] + ([range(27, 34)] if c.has_honours else [])
    return all(any(v(t, c) for t in part) for part in kinds)


@condition("all_tiles", "hand", p_tiles, "every tile (bonus aside) is of this class or one of these tiles",
           reads=Reads.EVERY_TILE | Reads.SEATS, screen=_some_of_each)
def _all_tiles(c: Judged, v: TileTest, _: None) -> bool:
    kinds = c.hand.kinds  # none in a hand of only flowers and seasons: then no class holds for "every tile"
    fixed: frozenset[int] | None = getattr(v, "kinds", None)
    if fixed is not None:  # a fixed set of tiles: a subset test
        return bool(kinds) and kinds <= fixed
    got: bool | None = c.memo.get(v)  # a class that reads the seat: one answer for all the hand's candidates
    if got is None:
        got = c.memo[v] = bool(kinds) and all(v(t, c) for t in kinds)
    return got


@condition("concealed_hand", "hand", p_bool, "no group counts as exposed", reads=Reads.CANDIDATE)
def _concealed_hand(c: Judged, v: bool, _: None) -> bool:
    return (not any(g.exposed for g in c.groups or ())) == v


@condition("no_set_points", "hand", p_bool, "the sets and pairs scored no points", reads=Reads.CANDIDATE)
def _no_set_points(c: Judged, v: bool, _: None) -> bool:
    return (c.set_points == 0) == v


@condition("only_possible_tile", "hand", p_bool, "without the winning tile the hand waited on one tile only",
           reads=Reads.CANDIDATE | Reads.HAND, costly=True)
def _only_possible(c: Judged, v: bool, _: None) -> bool:
    return c.single_wait == v


def is_int_option(name: object, options: dict[str, OptionSpec]) -> TypeGuard[str]:
    """Whether `name` names an int house option among `options` (a name from a table file may be
    any YAML value: a list or mapping is no name)."""
    return isinstance(name, str) and name in options and options[name].type == "int"


def p_bound(v: Any, known: Known) -> Bound:
    """A count bound: a whole number, or {option: NAME} to read a house option's value when scoring."""
    if isinstance(v, dict):
        name = v.get("option")
        options = known.get("options", {})
        if set(v) != {"option"} or not is_int_option(name, options):
            ints = [k for k, o in options.items() if o.type == "int"]
            raise Invalid(f"bound {v!r} must be a whole number or {{option: NAME}} with NAME one of: {', '.join(ints)}")
        def by_option(c: Judged) -> int | None:
            got: int | None = c.options.get(name)
            return got

        return by_option
    number = p_int(v, known)
    return lambda c: number


def p_count(scope: str) -> Callable[[Any, Known], Counted]:
    def check(v: Any, known: Known) -> Counted:
        if not isinstance(v, dict):
            raise Invalid("expects a mapping of conditions with min and/or max")
        lo, hi = v.get("min", 0), v.get("max")
        lo = p_bound(lo, known)
        hi = p_bound(hi, known) if hi is not None else (lambda c: None)
        pred = compile_when({k: x for k, x in v.items() if k not in ("min", "max")}, scope, known)
        return (pred, lo, hi)

    return check


COUNT_BITS = 5  # a group count kept in 5 bits: at most 31, above the 14 groups a hand can hold
COUNT_MASK = (1 << COUNT_BITS) - 1


def counted(conditions: dict[str, object], pred: When, known: Known) -> tuple[When, int, Shared]:
    """A place among the table's counted group conditions for compiled group `conditions` (identical ones
    share it): (its predicate, the shift of its count in a candidate's sum, every counted condition). Each
    distinct group is judged on all of them at once, once per situation (group_marks)."""
    shared: Shared = known.setdefault("counted groups", {})  # the conditions' text -> (place, predicate)
    text = repr(conditions)
    if text not in shared:
        shared[text] = (len(shared), pred)
    k, pred = shared[text]
    return pred, k * COUNT_BITS, shared


def group_marks(c: Judged, g: Group, shared: Shared) -> int:
    """The counted group conditions group `g` meets, one COUNT_BITS field each (1 when met): kept per situation,
    as they read only the group, the seat and prevailing wind and the options."""
    seen = c.group_memo
    m = seen.get(g)
    if m is None:
        m = seen[g] = sum(1 << k * COUNT_BITS for k, p in shared.values() if p.test(c, p.param, g))
    return m


def p_group_count(v: Any, known: Known) -> GroupCount:
    """p_count for groups: the group conditions also get a place k among the table's counted group
    conditions (identical ones share it), so that one sum per candidate counts them all (_groups)."""
    pred, lo, hi = p_count("group")(v, known)
    pred, shift, shared = counted({k: x for k, x in v.items() if k not in ("min", "max")}, pred, known)
    # the bounds as numbers when no option gives them (most tables): no call to read them
    by_option = isinstance(v.get("min"), dict) or isinstance(v.get("max"), dict)
    fixed = None if by_option else (v.get("min", 0), COUNT_MASK if v.get("max") is None else v.get("max"))
    return pred, lo, hi, shift, shared, fixed  # (fixed: no max is the most a count's field holds)


def in_range(n: int, lo: int | None, hi: int | None) -> bool:
    return (lo is None or n >= lo) and (hi is None or n <= hi)


@condition("groups", "hand", p_group_count, "how many groups meet the given group conditions (min, max)",
           reads=Reads.GROUP_COUNTS | Reads.SEATS | Reads.OPTIONS)
def _groups(c: Judged, v: GroupCount, _: None) -> bool:
    total = c.group_total  # every counted group condition of the candidate, in one sum
    if total is None:
        shared, seen = v[4], c.group_memo
        total = 0
        for g in c.groups or ():  # (a candidate's: set before its hand rules are asked)
            m = seen.get(g)
            total += m if m is not None else group_marks(c, g, shared)
        c.group_total = total
    n = total >> v[3] & COUNT_MASK
    fixed = v[5]
    if fixed is not None:  # (most tables: this runs for many rules of every candidate)
        return fixed[0] <= n <= fixed[1]
    lo, hi = v[1](c), v[2](c)
    return (lo is None or n >= lo) and (hi is None or n <= hi)


def _bonus_possible(c: Judged, v: Counted) -> bool:
    """bonus_tiles' screen: a hand with no bonus tiles scored (most) counts none, which the bounds allow or not."""
    return bool(c.bonus) or in_range(0, v[1](c), v[2](c))


@condition("bonus_tiles", "hand", p_count("bonus"), "how many bonus tiles meet the given conditions (min, max)",
           reads=Reads.HAND | Reads.SEATS | Reads.OPTIONS, screen=_bonus_possible)
def _bonus_tiles(c: Judged, v: Counted, _: None) -> bool:
    pred, lo, hi = v
    if not c.bonus:  # (most hands)
        return in_range(0, lo(c), hi(c))
    n: int | None = c.memo.get(pred)  # the bonus tiles are the same for every candidate of the hand
    if n is None:
        n = c.memo[pred] = sum(1 for t in c.bonus if pred.test(c, pred.param, t))
    return in_range(n, lo(c), hi(c))


def p_option(v: Any, known: Known) -> dict[str, tuple[object, ...]]:
    if not isinstance(v, dict) or not v:
        raise Invalid("expects a mapping {option: value or [values]}")
    options = known.get("options", {})
    out = {}
    for key, val in v.items():
        if key not in options:
            raise Invalid(f"no option {key!r} in this table (options: {', '.join(options) or 'none'})")
        out[key] = tuple(val) if isinstance(val, list) else (val,)
    return out


@condition("option", "hand", p_option, "a house option has this value", reads=Reads.OPTIONS)
def _option(c: Judged, v: dict[str, tuple[object, ...]], _: None) -> bool:
    options = c.options
    for k, vals in v.items():
        if options.get(k) not in vals:
            return False
    return True


# safe for group and bonus rules too: scoring memoises group and bonus items per options
_option_of_group = condition("option", "group", p_option, "a house option has this value", reads=Reads.OPTIONS)(_option)
_option_of_bonus = condition("option", "bonus", p_option, "a house option has this value", reads=Reads.OPTIONS)(_option)
