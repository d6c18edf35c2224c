"""Registry of named conditions that table files refer to, keyed by name.

A rule's `when:` is a mapping {condition: parameter}; all must hold. Each condition
is declared once here with the scope it applies to (a group, a bonus tile, the whole
hand) and a parameter checker, so a table file is validated at load time and the
predicate compiled once. `any`, `all`, `not` combine conditions.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from . import tiles as T

SOURCES = ("discard", "wall", "loose", "kong")
CLAIMED = frozenset({"discard", "kong"})
SITUATIONS = {  # --also words every variant understands (notation spec); tables may add more
    "last-wall-tile": "won with the last tile of the live wall",
    "last-discard": "won on the last tile that can be discarded",
    "heaven": "East wins on the dealt tiles, before any discard",
    "earth": "a player wins on East's first discard",
    "late-call": "declared waiting after East's first discard, hand unchanged, then won",
    "original-call": "declared waiting before the first own discard, hand unchanged, then won",
    "kong-on-kong": "a kong's loose tile makes another kong whose loose tile wins",
    "east-nine-in-a-row": "East wins for the ninth time in a row",
}
SET_KINDS = ("pung", "kong", "chow", "pair", "single", "knitted")  # knitted: one number in 2 or 3 suits

TILE_CLASSES: dict[str, Callable[[int, Any], bool]] = {
    "simple": lambda t, c: T.is_simple(t),
    "terminal": lambda t, c: T.is_terminal(t),
    "honour": lambda t, c: T.is_honour(t),
    "wind": lambda t, c: T.is_wind(t),
    "dragon": lambda t, c: T.is_dragon(t),
    "major": lambda t, c: T.is_major(t),
    "suit": lambda t, c: T.is_suit(t),
    "green": lambda t, c: t in T.GREEN_TILES,
    "odd": lambda t, c: T.is_suit(t) and T.number_of(t) % 2 == 1,
    "own_wind": lambda t, c: t == c.seat_tile,
    "round_wind": lambda t, c: t == c.round_tile,
}


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
            if x not in opts:
                raise Invalid(f"{x!r} is not one of: {', '.join(opts)}")
        return frozenset(vals)

    return check


def _parse_tile_or_class(x) -> tuple[str, Any]:
    if x in TILE_CLASSES:
        return ("class", TILE_CLASSES[x])
    from .notation import scan_tiles
    from .errors import HandError

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

    def test(t, c):
        return any(f(t, c) if kind == "class" else t in f for kind, f in parts)

    return test


def p_wind(v, known):
    return p_choices(tuple(T.WINDS))(v, known)


# --- the registry ---------------------------------------------------------------------------

class Condition(NamedTuple):
    name: str
    scope: str  # "group", "bonus" or "hand"
    check: Callable  # (param, known) -> compiled param
    test: Callable  # (ctx, compiled, subject) -> bool
    doc: str


REGISTRY: dict[tuple[str, str], Condition] = {}


def condition(name: str, scope: str, check, doc: str):
    def register(f):
        REGISTRY[(scope, name)] = Condition(name, scope, check, f, doc)
        return f

    return register


# group conditions: subject is a scoring Group
@condition("set", "group", p_choices(SET_KINDS), "the group is one of these kinds")
def _set(c, v, g):
    return g.kind in v


@condition("tiles", "group", p_tiles, "every tile of the group is of this class (or these tiles)")
def _tiles(c, v, g):
    return all(v(t, c) for t in g.tiles)


@condition("exposed", "group", p_bool, "the group counts as exposed (declared, or completed by a claimed tile)")
def _exposed(c, v, g):
    return g.exposed == v


@condition("declared", "group", p_bool, "the group was written [..] or {..}")
def _declared(c, v, g):
    return g.declared == v


@condition("completed", "group", p_bool, "the group holds the winning tile")
def _completed(c, v, g):
    return g.completed == v


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


@condition("from", "hand", p_choices(SOURCES), "the winning tile came this way")
def _from(c, v, _):
    return c.source in v


@condition("self_drawn", "hand", p_bool, "the winning tile was drawn (wall or loose tile)")
def _self_drawn(c, v, _):
    return (c.source in ("wall", "loose")) == v


@condition("also", "hand", p_choices(_known_situations), "a --also circumstance was given")
def _also(c, v, _):
    return bool(v & c.also)


@condition("seat", "hand", p_wind, "the player's seat wind")
def _seat(c, v, _):
    return c.seat in v


@condition("round", "hand", p_wind, "the prevailing wind")
def _round(c, v, _):
    return c.round in v


@condition("win_tile", "hand", p_tiles, "the winning tile is of this class or one of these tiles")
def _win_tile(c, v, _):
    return c.win is not None and v(c.win, c)


@condition("pattern", "hand", p_choices(lambda known: tuple(known["shapes"])), "the winning shape")
def _pattern(c, v, _):
    return c.pattern in v


@condition("suits", "hand", p_int, "number of different suits among the tiles (0-3)")
def _suits(c, v, _):
    return len(c.suits) == v


@condition("honours", "hand", p_bool, "the hand holds a wind or dragon")
def _honours(c, v, _):
    return c.has_honours == v


@condition("all_tiles", "hand", p_tiles, "every tile (bonus aside) is of this class or one of these tiles")
def _all_tiles(c, v, _):
    return all(v(t, c) for t in c.tiles)


@condition("concealed_hand", "hand", p_bool, "no group counts as exposed")
def _concealed_hand(c, v, _):
    return (not any(g.exposed for g in c.groups)) == v


@condition("no_set_points", "hand", p_bool, "the sets and pairs scored no points")
def _no_set_points(c, v, _):
    return (c.set_points == 0) == v


@condition("only_possible_tile", "hand", p_bool, "without the winning tile the hand waited on one tile only")
def _only_possible(c, v, _):
    return (c.wait_count == 1) == v


def p_bound(v, known):
    """A count bound: a whole number, or {option: NAME} to read a house option's value when scoring."""
    if isinstance(v, dict):
        name = v.get("option")
        options = known.get("options", {})
        if set(v) != {"option"} or name not in options or options[name].type != "int":
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


def _in_range(n, lo, hi):
    return (lo is None or n >= lo) and (hi is None or n <= hi)


@condition("groups", "hand", p_count("group"), "how many groups meet the given group conditions (min, max)")
def _groups(c, v, _):
    pred, lo, hi = v
    return _in_range(sum(1 for g in c.groups if pred(c, g)), lo(c), hi(c))


@condition("bonus_tiles", "hand", p_count("bonus"), "how many bonus tiles meet the given conditions (min, max)")
def _bonus_tiles(c, v, _):
    pred, lo, hi = v
    return _in_range(sum(1 for t in c.bonus if pred(c, t)), lo(c), hi(c))


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


@condition("option", "hand", p_option, "a house option has this value")
def _option(c, v, _):
    return all(c.options.get(k) in vals for k, vals in v.items())


# --- added for hungarian/danish ---

def p_seat_option(v, known):
    """The name of a choice option whose values are seat winds (e.g. `banker`)."""
    spec = known.get("options", {}).get(v)
    if spec is None:
        raise Invalid(f"no option {v!r} in this table (options: {', '.join(known.get('options', {})) or 'none'})")
    if spec.type != "choice" or not set(spec.choices) <= set(T.WINDS):
        raise Invalid(f"option {v!r} must be a choice among {', '.join(T.WINDS)}")
    return v


@condition("seat_option", "hand", p_seat_option,
           "the player's seat is the seat named by this option (e.g. banker: the seat with the banker's double)")
def _seat_option(c, v, _):
    return c.seat == c.options.get(v)


def p_min_value(v, known):
    """A whole number, or the name of an int option holding it (a house minimum)."""
    if isinstance(v, str):
        spec = known.get("options", {}).get(v)
        if spec is None or spec.type != "int":
            raise Invalid(f"expects a whole number or the name of an int option, not {v!r}")
        return v
    return p_int(v, known)


@condition("min_value", "hand", p_min_value,
           "the hand's final value is at least N (a number or an int option); for mahjong: requires:")
def _min_value(c, v, _):
    need = c.options.get(v) if isinstance(v, str) else v
    return c.value is not None and (need is None or c.value >= need)


def p_runs(v, known):
    """Runs as three consecutive digits: [123, 345, 567, 789]."""
    vals = v if isinstance(v, list) else [v]
    starts = []
    for x in vals:
        text = str(x)
        if len(text) != 3 or not text.isdigit() or text[0] == "0" or text[0] > "7" \
                or int(text[1]) != int(text[0]) + 1 or int(text[2]) != int(text[0]) + 2:
            raise Invalid(f"expects runs such as 123 or 789, not {x!r}")
        starts.append(int(text[0]))
    if not starts:
        raise Invalid("expects at least one run")
    return tuple(sorted(starts))


@condition("chow_runs", "hand", p_runs,
           "the hand's chows are exactly these runs, all in one suit (e.g. [123, 345, 567, 789])")
def _chow_runs(c, v, _):
    chows = [g.tiles[0] for g in c.groups if g.kind == "chow"]
    if len(chows) != len(v) or len({T.suit_of(t) for t in chows}) != 1:
        return False
    return tuple(sorted(T.number_of(t) for t in chows)) == v


def p_numbers(v, known):
    """A multiset of suit numbers as digits 1-9: "1112345678999"."""
    text = str(v)
    if not text or not text.isdigit() or "0" in text or len(text) > 14 or any(
            text.count(d) > 4 for d in set(text)):
        raise Invalid(f"expects up to 14 numbers 1-9 of one suit, each at most 4 times (e.g. \"1112345678999\"), "
                      f"not {v!r}")
    need = [0] * 10
    for ch in text:
        need[int(ch)] += 1
    return tuple(need)


@condition("suit_holds", "hand", p_numbers,
           "some suit holds at least these numbers, e.g. \"1112345678999\" (nine gates) or \"123456789\"")
def _suit_holds(c, v, _):
    for suit in range(3):
        have = [0] * 10
        for t in c.tiles:
            if T.suit_of(t) == suit:
                have[T.number_of(t)] += 1
        if all(h >= n for h, n in zip(have, v)):
            return True
    return False


# --- added for basque ---------------------------------------------------------------------------
# Hand conditions the Basque rulebook (seeds/000) needs; generic, parameterised, usable by any table.

def p_same_number(v, known):
    """{<group conditions>, suits: N}: the groups compared, and how many suits must share a number."""
    if not isinstance(v, dict):
        raise Invalid("expects a mapping of group conditions with suits: N (default 3)")
    suits = v.get("suits", 3)
    p_int(suits, known)
    if not 1 <= suits <= 3:
        raise Invalid(f"suits must be 1-3, not {suits!r}")
    return compile_when({k: x for k, x in v.items() if k != "suits"}, "group", known), suits


@condition("same_number", "hand", p_same_number,
           "groups meeting the given group conditions (e.g. set: pung, tiles: simple) share one number "
           "(a group's lowest tile) in at least `suits` different suits (default 3): a horizontal hand")
def _same_number(c, v, _):
    pred, need = v
    seen: dict[int, set] = {}
    for g in c.groups:
        if T.is_suit(g.tiles[0]) and pred(c, g):
            seen.setdefault(T.number_of(min(g.tiles)), set()).add(T.suit_of(g.tiles[0]))
    return any(len(s) >= need for s in seen.values())


@condition("held_before_win", "hand", p_numbers,
           "no set was declared and the concealed tiles without the winning tile are exactly these numbers "
           "of one suit (\"1112345678999\": nine gates)")
def _held_before_win(c, v, _):
    if c.win is None or c.hand.melds:
        return False
    rest = list(c.hand.concealed)
    rest.remove(c.win)
    if not all(T.is_suit(t) for t in rest) or len({T.suit_of(t) for t in rest}) != 1:
        return False
    have = [0] * 10
    for t in rest:
        have[T.number_of(t)] += 1
    return tuple(have) == v


def p_earned(v, known):
    """An int (the minimum) or {min, max, ignore: [rule names]}."""
    if not isinstance(v, dict):
        v = {"min": v}
    unknown = set(v) - {"min", "max", "ignore"}
    if unknown:
        raise Invalid(f"unknown key {sorted(unknown)[0]!r} (keys: min, max, ignore)")
    lo, hi = v.get("min", 0), v.get("max")
    p_int(lo, known)
    if hi is not None:
        p_int(hi, known)
    ignore = v.get("ignore", [])
    if isinstance(ignore, str):
        ignore = [ignore]
    if not isinstance(ignore, list) or not all(isinstance(x, str) for x in ignore):
        raise Invalid("ignore expects a list of rule names")
    return lo, hi, frozenset(ignore)


@condition("earned_doubles", "hand", p_earned,
           "doubles of the items scored so far (group and bonus rules, then the hand rules above this one; "
           "all of them in mahjong requires), leaving out the rules named in `ignore` (e.g. flowers): "
           "N or {min, max, ignore}")
def _earned_doubles(c, v, _):
    lo, hi, ignore = v
    return _in_range(sum(i.doubles for i in c.items if i.rule not in ignore), lo, hi)


def p_value_over(v, known):
    """A whole number, or {option: NAME} naming an int house option (0 or none: no minimum)."""
    if isinstance(v, dict):
        name = v.get("option")
        spec = known.get("options", {}).get(name)
        if len(v) != 1 or spec is None or spec.type != "int":
            raise Invalid(f"expects a number or {{option: NAME}} naming an int option, not {v!r}")
        return ("option", name)
    return ("number", p_int(v, known))


@condition("value_over", "hand", p_value_over,
           "points x 2^doubles of the items scored so far (flowers included, before the limit) is more than "
           "N, or than the int house option {option: NAME} (a minimum to go mah jong); 0 means no minimum")
def _value_over(c, v, _):
    kind, x = v
    n = c.options.get(x) if kind == "option" else x
    if not n:
        return True
    return sum(i.points for i in c.items) * 2 ** sum(i.doubles for i in c.items) > n
# --- added for classical ---

def p_range(v, known):
    """A whole number (exactly), or {min: .., max: ..} whose bounds may be {option: NAME}."""
    if isinstance(v, dict):
        unknown = set(v) - {"min", "max"}
        if unknown or not v:
            raise Invalid("expects a whole number or a mapping with min and/or max")
        lo = p_bound(v.get("min", 0), known)
        hi = p_bound(v["max"], known) if "max" in v else (lambda c: None)
        return lo, hi
    p_int(v, known)
    return (lambda c: v), (lambda c: v)


@condition("kinds", "hand", p_range,
           "how many different tile kinds the hand holds, bonus aside (a number, or min/max): "
           "{max: 5} with all_tiles green is Kajongg's Imperial Jade (not all six green kinds); "
           "{min: 7} makes seven pairs all different")
def _kinds(c, v, _):
    lo, hi = v
    return _in_range(len(set(c.tiles)), lo(c), hi(c))


def p_surplus(v, known):
    if v == "win":
        return "win"
    vals = v if isinstance(v, list) else [v]
    if not vals or any(isinstance(x, bool) or not isinstance(x, int) or not 2 <= x <= 8 for x in vals):
        raise Invalid(f"expects win or numbers 2-8 (a list), not {v!r}")
    return frozenset(vals)


def gates_surplus(tiles) -> int | None:
    """The surplus number of a 'gates' hand (one suit, 111 2345678 999 and one more 2-8), else None."""
    if len(tiles) != 14 or not all(T.is_suit(t) for t in tiles) or len({T.suit_of(t) for t in tiles}) != 1:
        return None
    n = [0] * 10
    for t in tiles:
        n[T.number_of(t)] += 1
    if n[1] != 3 or n[9] != 3 or any(n[k] < 1 for k in range(2, 9)):
        return None
    return next(k for k in range(2, 9) if n[k] == 2)


@condition("gates_surplus", "hand", p_surplus,
           "the 14 tiles are one suit: three 1s, three 9s, one each of 2-8 and one more (the surplus); "
           "the surplus has one of these numbers (a list of 2-8), or `win`: the winning tile's number "
           "(Nine Gates; [2, 5, 8] is the Squirming Snake)")
def _gates_surplus(c, v, _):
    k = gates_surplus(c.tiles)
    if k is None:
        return False
    if v == "win":
        return c.win is not None and T.number_of(c.win) == k
    return k in v


def p_rule_names(v, known):
    vals = v if isinstance(v, list) else [v]
    names = known.get("rules", frozenset())
    for x in vals:
        if not isinstance(x, str) or x not in names:
            raise Invalid(f"{x!r} is not a rule of this table")
    return frozenset(vals)


@condition("scored", "hand", p_rule_names,
           "an item of one of these rules was scored: in `mahjong: requires:` every item of the hand, "
           "in a rule the items scored before it (e.g. require a winning-pattern rule for mah jong)")
def _scored(c, v, _):
    return any(i.rule in v for i in c.items)


_COMPLETIONS: dict[tuple, frozenset[str]] = {}


def counted_on_completion(c) -> frozenset[str]:
    """Rules that count in the score of each winning completion of a hand one tile short.

    Each tile kind that completes the hand (not one held four times) is added as drawn
    from the wall, with no other circumstance, and the hand is scored under the same
    variant, seat and options. A limit hand counts only its limit rule; otherwise every
    item without a limit counts (a limit outscored by points does not).
    """
    from .scoring import WIN_COUNT, Situation, score_all, waits

    hand = c.hand
    if hand.tile_count != WIN_COUNT - 1:
        return frozenset()
    key = (c.variant.path, c.variant.name, hand.melds, hand.concealed, hand.bonus, c.seat, c.round,
           tuple(sorted(c.options.items())))
    if key not in _COMPLETIONS:
        out: set[str] = set()
        for t in waits(hand, c.variant.shapes):
            best = score_all(hand.with_tile(t), Situation(c.seat, c.round, t, "wall"), c.variant, c.options)[0]
            if best.mahjong:
                out.update({best.limit_hand} if best.limit_hand else {i.rule for i in best.items if not i.limit})
        if len(_COMPLETIONS) > 4096:
            _COMPLETIONS.clear()
        _COMPLETIONS[key] = frozenset(out)
    return _COMPLETIONS[key]


@condition("calling", "hand", p_rule_names,
           "(a hand one tile short of mah jong) some tile, drawn from the wall, completes it into a "
           "winning hand whose score counts one of these rules (a limit hand counts only its limit rule)")
def _calling(c, v, _):
    return bool(v & counted_on_completion(c))


# --- compiling `when:` ------------------------------------------------------------------------

def compile_when(when, scope: str, known) -> Callable:
    """Compile a `when:` mapping into predicate(ctx, subject); raise Invalid naming the condition."""
    if when is None:
        return lambda c, s: True
    if not isinstance(when, dict):
        raise Invalid(f"'when' must be a mapping of conditions, not {when!r}")
    tests = []
    for key, param in when.items():
        if key in ("any", "all"):
            if not isinstance(param, list) or not param:
                raise Invalid(f"'{key}' expects a list of condition mappings")
            subs = [compile_when(p, scope, known) for p in param]
            combine = any if key == "any" else all
            tests.append(lambda c, s, subs=subs, combine=combine: combine(f(c, s) for f in subs))
            continue
        if key == "not":
            sub = compile_when(param, scope, known)
            tests.append(lambda c, s, sub=sub: not sub(c, s))
            continue
        cond = REGISTRY.get((scope, key))
        if cond is None:
            names = sorted(n for (sc, n) in REGISTRY if sc == scope) + ["any", "all", "not"]
            raise Invalid(f"unknown {scope} condition {key!r} (known: {', '.join(names)})")
        try:
            compiled = cond.check(param, known)
        except Invalid as e:
            raise Invalid(f"condition {key!r} {e}") from None
        tests.append(lambda c, s, f=cond.test, p=compiled: f(c, p, s))
    if len(tests) == 1:
        return tests[0]
    tests = tuple(tests)

    def every(c, s):
        for t in tests:
            if not t(c, s):
                return False
        return True

    return every
