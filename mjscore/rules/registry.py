"""Registry of named conditions that table files refer to, keyed by name.

A rule's `when:` is a mapping {condition: parameter}; all must hold. Each condition
is declared once here with the scope it applies to (a group, a bonus tile, the whole
hand) and a parameter checker, so a table file is validated at load time and the
predicate compiled once. `any`, `all`, `not` combine conditions.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from mjscore.hand import tiles as T
from mjscore.hand.situation import SITUATIONS, SOURCES

SET_KINDS = ("pung", "kong", "chow", "pair", "single", "knitted")  # knitted: one number in 2 or 3 suits

TILE_CLASSES: dict[str, Callable[[int, Any], bool]] = {
    "simple": lambda t, c: t in T.SIMPLE,
    "terminal": lambda t, c: t in T.TERMINAL,
    "honour": lambda t, c: t in T.HONOUR,
    "wind": lambda t, c: t in T.WIND,
    "dragon": lambda t, c: t in T.DRAGON,
    "major": lambda t, c: t in T.MAJOR,
    "suit": lambda t, c: t in T.SUIT,
    "green": lambda t, c: t in T.GREEN_TILES,
    "odd": lambda t, c: t in T.ODD,
    "own_wind": lambda t, c: t == c.seat_tile,
    "round_wind": lambda t, c: t == c.round_tile,
}
# the classes that are fixed sets of tiles (the wind classes read the seat and prevailing wind)
TILE_SETS = dict(zip((TILE_CLASSES[k] for k in ("simple", "terminal", "honour", "wind", "dragon", "major", "suit",
                                                  "green", "odd")),
                     (T.SIMPLE, T.TERMINAL, T.HONOUR, T.WIND, T.DRAGON, T.MAJOR, T.SUIT, T.GREEN_TILES, T.ODD)))


class Invalid(Exception):
    """A parameter that does not fit its condition; tables.py adds file and entry."""


# --- parameter checkers: (value, known) -> compiled value ------------------------------------

def p_bool(v, known):
    if not isinstance(v, bool):
        raise Invalid(f"expects true or false, not {v!r}")
    return v


def p_int(v, known):
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise Invalid(f"expects a whole number >= 0, not {v!r}")
    return v


def p_choices(choices):
    def check(v, known):
        vals = v if isinstance(v, list) else [v]
        opts = choices(known) if callable(choices) else choices
        for x in vals:
            if not isinstance(x, str) or x not in opts:  # every choice is a word (a mapping is not hashable)
                raise Invalid(f"{x!r} is not one of: {', '.join(opts)}")
        return frozenset(vals)

    return check


def _parse_tile_or_class(x) -> tuple[str, Any]:
    if not isinstance(x, (str, int)) or isinstance(x, bool):
        raise Invalid(f"expects a tile class ({', '.join(TILE_CLASSES)}) or tiles in notation, not {x!r}")
    if x in TILE_CLASSES:
        return ("class", TILE_CLASSES[x])
    from mjscore.hand.notation import scan_tiles
    from mjscore.errors import HandError

    try:
        found = scan_tiles(str(x), 0, len(str(x)), str(x))
    except HandError as e:
        raise Invalid(f"{x!r} is neither a tile class ({', '.join(TILE_CLASSES)}) nor tiles: {e}") from None
    return ("tiles", frozenset(found))


def p_tiles(v, known):
    """A tile class name, tiles in notation ("2345678s G"), or a list of those."""
    vals = v if isinstance(v, list) else [v]
    if not vals:
        raise Invalid("expects at least one tile class or tile")
    parts = [_parse_tile_or_class(x) for x in vals]
    fixed = [TILE_SETS.get(f, f) for kind, f in parts if kind == "tiles" or f in TILE_SETS]
    if len(fixed) == len(parts):  # no class that reads the seat: one set of tiles, one membership test
        tiles = frozenset().union(*fixed)
        return lambda t, c: t in tiles

    def test(t, c):
        return any(f(t, c) if kind == "class" else t in f for kind, f in parts)

    return test


def p_wind(v, known):
    return p_choices(tuple(T.WINDS))(v, known)


# --- the registry ---------------------------------------------------------------------------

class Condition(NamedTuple):
    """A named test a table's `when:` may use, with the scope it judges and the checker of its parameter:
    a table file is checked against these when it loads, so a misspelt condition never silently fails."""

    name: str
    scope: str  # "group", "bonus" or "hand"
    check: Callable  # (param, known) -> compiled param
    test: Callable  # (ctx, compiled, subject) -> bool
    doc: str
    inline: str = ""  # the test as an expression of c (context), s (subject) and {p} (compiled param)
    whole: bool = False  # reads every tile of the hand: a partial hand (only its sets) cannot tell
    situational: bool = False  # reads only the situation and the options: the same for every hand in it


REGISTRY: dict[tuple[str, str], Condition] = {}


def condition(name: str, scope: str, check, doc: str, inline: str = "", whole: bool = False,
              situational: bool = False):
    """Register condition `name` for a scope: "group", "bonus" or "hand".

    A group or bonus condition may read only its subject, the seat and prevailing wind and the
    options: scoring memoises group and bonus items on exactly those (scoring._subject_table).
    A condition that is one expression is registered with `expression` instead: compile_when writes
    its `inline` text straight into a rule's predicate (a hand's rules run for every candidate of every
    hand of a batch).
    whole: the condition reads every tile of the hand (one suit, all honours, how many kinds), which a
    partial hand, written as only its scoring sets, cannot tell (see reads_whole_hand).
    situational: the condition reads only the seat, the prevailing wind, how the winning tile came, the
    circumstances and the options, so a rule that needs it false is false for every hand scored in that
    situation, and the scorer passes it over (see gate_of).
    """

    def register(f):
        REGISTRY[(scope, name)] = Condition(name, scope, check, f, doc, inline, whole, situational)
        return f

    return register


def expression(name: str, scope: str, check, doc: str, inline: str, whole: bool = False,
               situational: bool = False) -> None:
    """Register a condition that is one expression of c (context), s (subject) and {p} (its compiled
    parameter): compile_when writes it into the predicates, and its test is made from the same text."""
    test = eval(f"lambda c, p, s: {inline.format(p='p')}")  # noqa: S307 (our own registry's text)
    condition(name, scope, check, doc, inline, whole, situational)(test)


# group conditions: subject is a scoring Group
expression("set", "group", p_choices(SET_KINDS), "the group is one of these kinds", "s.kind in {p}")


@condition("tiles", "group", p_tiles, "every tile of the group is of this class (or these tiles)")
def _tiles(c, v, g):
    return all(v(t, c) for t in g.tiles)


expression("exposed", "group", p_bool, "the group counts as exposed (declared, or completed by a claimed tile)",
           "s.exposed == {p}")
expression("declared", "group", p_bool, "the group was written [..], {..} or <..>", "s.declared == {p}")
expression("completed", "group", p_bool, "the group holds the winning tile", "s.completed == {p}")
# KDE Kajongg (rulecode.py: OnlyConcealedMelds, ConcealedTrueColorGame, HiddenTreasure, ThreeConcealedPongs) counts
# a kong claimed onto a concealed pung (its `aaaA`, mjscore's <....>) as concealed for four hand rules and as
# exposed everywhere else: those rules name it with this condition
expression("claimed_kong", "group", p_bool, "the group is a kong claimed onto a concealed pung, written <....> "
           "(it counts as exposed)", "s.claimed == {p}")


# bonus conditions: subject is a bonus tile
@condition("bonus", "bonus", p_choices(("flower", "season")), "the tile is a flower or a season")
def _bonus(c, v, t):
    return ("flower" if T.is_flower(t) else "season") in v


@condition("own", "bonus", p_bool, "the tile's number is the player's seat (1 = East ... 4 = North)")
def _own(c, v, t):
    return (T.bonus_seat(t) == c.seat) == v


# hand conditions: subject is None
def _known_situations(known):
    return tuple(SITUATIONS) + tuple(known.get("situations", ()))


expression("from", "hand", p_choices(SOURCES), "the winning tile came this way", "c.source in {p}", situational=True)


@condition("self_drawn", "hand", p_bool, "the winning tile was drawn (wall or loose tile)", situational=True)
def _self_drawn(c, v, _):
    return (c.source in ("wall", "loose")) == v


expression("also", "hand", p_choices(_known_situations), "a --also circumstance was given",
           "bool({p} & c.also)", situational=True)
expression("seat", "hand", p_wind, "the player's seat wind", "c.seat in {p}", situational=True)
expression("round", "hand", p_wind, "the prevailing wind", "c.round in {p}", situational=True)


@condition("win_tile", "hand", p_tiles, "the winning tile is of this class or one of these tiles")
def _win_tile(c, v, _):
    return c.win is not None and v(c.win, c)


@condition("pattern", "hand", p_choices(lambda known: tuple(known["shapes"])), "the winning shape")
def _pattern(c, v, _):
    return c.pattern in v


# "suits: 0" is a hand of honours: a hand of only flowers and seasons has no tiles, so no suit and no honour
expression("suits", "hand", p_int, "number of different suits among the tiles (0-3; 0: honours only)",
           "len(c.suits) == {p} and ({p} > 0 or c.has_honours)", whole=True)
expression("honours", "hand", p_bool, "the hand holds a wind or dragon", "c.has_honours == {p}", whole=True)


@condition("all_tiles", "hand", p_tiles, "every tile (bonus aside) is of this class or one of these tiles",
           whole=True)
def _all_tiles(c, v, _):
    got = c.memo.get(v)  # the same for every candidate of the hand: worked out once
    if got is None:
        tiles = c.tiles  # none in a hand of only flowers and seasons: then no class holds for "every tile"
        got = c.memo[v] = bool(tiles) and all(v(t, c) for t in tiles)
    return got


@condition("concealed_hand", "hand", p_bool, "no group counts as exposed")
def _concealed_hand(c, v, _):
    return (not any(g.exposed for g in c.groups)) == v


expression("no_set_points", "hand", p_bool, "the sets and pairs scored no points", "(c.set_points == 0) == {p}")


@condition("only_possible_tile", "hand", p_bool, "without the winning tile the hand waited on one tile only")
def _only_possible(c, v, _):
    return (c.wait_count == 1) == v


def is_int_option(name, options: dict) -> bool:
    """Whether `name` names an int house option among `options` (a name from a table file may be
    any YAML value: a list or mapping is no name)."""
    return isinstance(name, str) and name in options and options[name].type == "int"


def p_bound(v, known):
    """A count bound: a whole number, or {option: NAME} to read a house option's value when scoring."""
    if isinstance(v, dict):
        name = v.get("option")
        options = known.get("options", {})
        if set(v) != {"option"} or not is_int_option(name, options):
            ints = [k for k, o in options.items() if o.type == "int"]
            raise Invalid(f"bound {v!r} must be a whole number or {{option: NAME}} with NAME one of: {', '.join(ints)}")
        return lambda c, name=name: c.options.get(name)
    p_int(v, known)
    return lambda c, v=v: v


def p_count(scope):
    def check(v, known):
        if not isinstance(v, dict):
            raise Invalid("expects a mapping of conditions with min and/or max")
        lo, hi = v.get("min", 0), v.get("max")
        lo = p_bound(lo, known)
        hi = p_bound(hi, known) if hi is not None else (lambda c: None)
        pred = compile_when({k: x for k, x in v.items() if k not in ("min", "max")}, scope, known)
        return (pred, lo, hi)

    return check


COUNT_BITS = 5  # a group count kept in 5 bits: at most 31, above the 14 groups a hand can hold


def p_group_count(v, known):
    """p_count for groups: the group conditions also get a place k among the table's counted group
    conditions (identical ones share it), so that one sum per candidate counts them all (_groups)."""
    pred, lo, hi = p_count("group")(v, known)
    shared = known.setdefault("counted groups", {})  # the conditions' text -> (place, predicate)
    text = repr({k: x for k, x in v.items() if k not in ("min", "max")})
    if text not in shared:
        shared[text] = (len(shared), pred)
    k, pred = shared[text]
    return pred, lo, hi, k * COUNT_BITS, shared


def in_range(n, lo, hi):
    return (lo is None or n >= lo) and (hi is None or n <= hi)


@condition("groups", "hand", p_group_count, "how many groups meet the given group conditions (min, max)")
def _groups(c, v, _):
    pred, lo, hi, shift, shared = v
    total = c.counts.get("groups")  # every counted group condition of the candidate, in one sum
    if total is None:
        seen = c.group_memo  # a group's conditions met, per situation: they read only the group,
        total = 0  # the seat and prevailing wind and the options
        for g in c.groups:
            m = seen.get(g)
            if m is None:
                m = seen[g] = sum(1 << k * COUNT_BITS for k, p in shared.values() if p(c, g))
            total += m
        c.counts["groups"] = total
    return in_range(total >> shift & (1 << COUNT_BITS) - 1, lo(c), hi(c))


@condition("bonus_tiles", "hand", p_count("bonus"), "how many bonus tiles meet the given conditions (min, max)")
def _bonus_tiles(c, v, _):
    pred, lo, hi = v
    n = c.memo.get(pred)  # the bonus tiles are the same for every candidate of the hand
    if n is None:
        n = c.memo[pred] = sum(1 for t in c.bonus if pred(c, t))
    return in_range(n, lo(c), hi(c))


def p_option(v, known):
    if not isinstance(v, dict) or not v:
        raise Invalid("expects a mapping {option: value or [values]}")
    options = known.get("options", {})
    out = {}
    for key, val in v.items():
        if key not in options:
            raise Invalid(f"no option {key!r} in this table (options: {', '.join(options) or 'none'})")
        out[key] = tuple(val) if isinstance(val, list) else (val,)
    return out


@condition("option", "hand", p_option, "a house option has this value", situational=True)
def _option(c, v, _):
    return all(c.options.get(k) in vals for k, vals in v.items())


for _scope in ("group", "bonus"):  # safe there: scoring memoises group and bonus items per options too
    condition("option", _scope, p_option, "a house option has this value")(_option)


# --- compiling `when:` ------------------------------------------------------------------------

def compile_when(when, scope: str, known) -> Callable:
    """Compile a `when:` mapping into predicate(ctx, subject); raise Invalid naming the condition.

    The predicate is one generated function: each condition's inline expression (or a call of its
    test), joined by and/or/not, with the compiled parameters bound by name, never written as text."""
    bound: dict[str, Any] = {}
    gate: list[str] = []
    pred = _compiled(_expression(when, scope, known, bound, gate), bound)
    pred.whole_hand = _WHOLE in bound
    pred.gate = _compiled(" and ".join(gate), bound) if gate else None
    return pred


def _compiled(expr: str, bound: dict) -> Callable:
    code = _COMPILED.get(expr)
    if code is None:  # the text depends only on the conditions' shape: tables repeat a few shapes
        code = _COMPILED[expr] = compile(f"lambda c, s: {expr}", "<when>", "eval")
    return eval(code, bound)  # noqa: S307 (the text is ours: templates and names, never a table's values)


def reads_whole_hand(pred: Callable) -> bool:
    """Whether a compiled `when:` reads every tile of the hand (a condition registered `whole`)."""
    return getattr(pred, "whole_hand", False)


def gate_of(pred: Callable) -> Callable | None:
    """The part of a compiled `when:` that reads only the situation and the options (its situational
    conditions joined by `and` at the top): false, the whole is false for every hand in that situation.
    None: it has no such part."""
    return getattr(pred, "gate", None)


_WHOLE = "whole hand"  # a key in a predicate's bound names (never a Python name) when a condition is whole


_COMPILED: dict[str, Any] = {}


def _expression(when, scope: str, known, bound: dict, gate: list[str] | None = None) -> str:
    """The predicate's text; `gate` (at the top only) collects the texts of its situational conditions."""
    if when is None:
        return "True"
    if not isinstance(when, dict):
        raise Invalid(f"'when' must be a mapping of conditions, not {when!r}")
    parts = []
    for key, param in when.items():
        if key in ("any", "all"):
            if not isinstance(param, list) or not param:
                raise Invalid(f"'{key}' expects a list of condition mappings")
            subs = [_expression(p, scope, known, bound) for p in param]
            parts.append("(" + (" or " if key == "any" else " and ").join(subs) + ")")
            continue
        if key == "not":
            parts.append(f"(not {_expression(param, scope, known, bound)})")
            continue
        cond = REGISTRY.get((scope, key))
        if cond is None:
            names = sorted(n for (sc, n) in REGISTRY if sc == scope) + ["any", "all", "not"]
            raise Invalid(f"unknown {scope} condition {key!r} (known: {', '.join(names)})")
        try:
            compiled = cond.check(param, known)
        except Invalid as e:
            raise Invalid(f"condition {key!r} {e}") from None
        if cond.whole:
            bound[_WHOLE] = True
        p = f"p{len(bound)}"
        bound[p] = compiled
        if cond.inline:
            parts.append(f"({cond.inline.format(p=p)})")
        else:
            f = f"f{len(bound)}"
            bound[f] = cond.test
            parts.append(f"({f}(c, {p}, s))")
        if cond.situational and gate is not None:
            gate.append(parts[-1])
    return "(" + " and ".join(parts) + ")" if parts else "True"


