"""Named conditions for special hands and house rules, registered in the same registry as rules.py's.

Kept apart so that rules.py stays the registry and the everyday conditions; these are the
shapes and counts a rulebook's limit hands, reward hands and loser credits need (nine gates,
knitting, calling hands, runs, minimum values, ...). Each is generic: a table names it.
"""

from __future__ import annotations

from typing import Any

from mjscore.hand import tiles as T
from mjscore.hand.arrange import WIN_COUNT, waits
from mjscore.hand.decompose import counts_of, gates_surplus
from mjscore.rules.params import p_int
from mjscore.rules.registry import Reads, condition, counted, group_marks, in_range, is_int_option, p_bound
from mjscore.rules.when import Invalid, compile_when


# --- added for hungarian/danish ---

def p_seat_option(v: Any, known: Any) -> Any:
    """The name of a choice option whose values are seat winds (e.g. `banker`)."""
    spec = known.get("options", {}).get(v) if isinstance(v, str) else None
    if spec is None:
        raise Invalid(f"no option {v!r} in this table (options: {', '.join(known.get('options', {})) or 'none'})")
    if spec.type != "choice" or not set(spec.choices) <= set(T.WINDS):
        raise Invalid(f"option {v!r} must be a choice among {', '.join(T.WINDS)}")
    return v


@condition("seat_option", "hand", p_seat_option,
           "the player's seat is the seat named by this option (e.g. banker: the seat with the banker's double)",
           reads=Reads.SEATS | Reads.OPTIONS)
def _seat_option(c: Any, v: str, _: Any) -> bool:
    seat: str = c.seat
    named: object = c.options.get(v)
    return seat == named


def p_min_value(v: Any, known: Any) -> Any:
    """A whole number, or the name of an int option holding it (a house minimum)."""
    if isinstance(v, str):
        if not is_int_option(v, known.get("options", {})):
            raise Invalid(f"expects a whole number or the name of an int option, not {v!r}")
        return v
    return p_int(v, known)


@condition("min_value", "hand", p_min_value,
           "the hand's final value is at least N (a number or an int option); for mahjong: requires:",
           reads=Reads.CANDIDATE | Reads.OPTIONS)
def _min_value(c: Any, v: Any, _: Any) -> bool:
    need = c.options.get(v) if isinstance(v, str) else v
    return c.value is not None and (need is None or c.value >= need)


def p_runs(v: Any, known: Any) -> Any:
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
           "the hand's chows are exactly these runs, all in one suit (e.g. [123, 345, 567, 789])",
           reads=Reads.CANDIDATE)
def _chow_runs(c: Any, v: tuple[int, ...], _: Any) -> bool:
    chows = [g.tiles[0] for g in c.groups if g.kind == "chow"]
    if len(chows) != len(v) or len({T.suit_of(t) for t in chows}) != 1:
        return False
    return tuple(sorted(T.number_of(t) for t in chows)) == v


def p_numbers(v: Any, known: Any) -> Any:
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
           "some suit holds at least these numbers, e.g. \"1112345678999\" (nine gates) or \"123456789\"",
           reads=Reads.EVERY_TILE, costly=True)
def _suit_holds(c: Any, v: Any, _: Any) -> bool:
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

def p_same_number(v: Any, known: Any) -> Any:
    """{<group conditions>, suits: N}: the groups compared, and how many suits must share a number."""
    if not isinstance(v, dict):
        raise Invalid("expects a mapping of group conditions with suits: N (default 3)")
    suits = v.get("suits", 3)
    p_int(suits, known)
    if not 1 <= suits <= 3:
        raise Invalid(f"suits must be 1-3, not {suits!r}")
    conditions = {k: x for k, x in v.items() if k != "suits"}
    pred, shift, shared = counted(conditions, compile_when(conditions, "group", known), known)
    return pred, suits, shift, shared


@condition("same_number", "hand", p_same_number,
           "groups meeting the given group conditions (e.g. set: pung, tiles: simple) share one number "
           "(a group's lowest tile) in at least `suits` different suits (default 3): a horizontal hand",
           reads=Reads.SUITS | Reads.CANDIDATE | Reads.SEATS | Reads.OPTIONS, costly=True)
def _same_number(c: Any, v: Any, _: Any) -> bool:
    _, need, shift, shared = v
    if len(c.suits) < need:  # the hand's facts say it at once
        return False
    marks = c.group_memo  # whether a group meets the conditions: one field of its marks (registry.group_marks)
    seen: dict[int, set[int]] = {}
    for g in c.groups:
        m = marks.get(g)
        if m is None:
            m = group_marks(c, g, shared)
        if m >> shift & 1 and T.is_suit(g.tiles[0]):
            seen.setdefault(T.number_of(min(g.tiles)), set()).add(T.suit_of(g.tiles[0]))
    return any(len(s) >= need for s in seen.values())


def _one_suit_and_the_win(c: Any, v: Any) -> bool:
    """held_before_win's screen: one suit before the winning tile, so at most two suits, or a suit and honours."""
    kinds: int = len(c.suits) + c.has_honours
    return kinds <= 2


@condition("held_before_win", "hand", p_numbers,
           "no set was declared and the concealed tiles without the winning tile are exactly these numbers "
           "of one suit (\"1112345678999\": nine gates)", reads=Reads.CANDIDATE | Reads.HAND, costly=True,
           screen=_one_suit_and_the_win)
def _held_before_win(c: Any, v: tuple[int, ...], _: Any) -> bool:
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


def p_earned(v: Any, known: Any) -> Any:
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
           "N or {min, max, ignore}", reads=Reads.CANDIDATE)
def _earned_doubles(c: Any, v: Any, _: Any) -> bool:
    lo, hi, ignore = v
    return in_range(sum(i.doubles for i in c.items if i.rule not in ignore), lo, hi)


def p_value_over(v: Any, known: Any) -> Any:
    """A whole number, or {option: NAME} naming an int house option (0 or none: no minimum)."""
    if isinstance(v, dict):
        name = v.get("option")
        if len(v) != 1 or not is_int_option(name, known.get("options", {})):
            raise Invalid(f"expects a number or {{option: NAME}} naming an int option, not {v!r}")
        return ("option", name)
    return ("number", p_int(v, known))


@condition("value_over", "hand", p_value_over,
           "points x 2^doubles of the items scored so far (flowers included, before the limit) is more than "
           "N, or than the int house option {option: NAME} (a minimum to go mah jong); 0 means no minimum",
           reads=Reads.CANDIDATE | Reads.OPTIONS)
def _value_over(c: Any, v: Any, _: Any) -> bool:
    kind, x = v
    n: int | None = c.options.get(x) if kind == "option" else x
    if not n:
        return True
    worth: int = sum(i.points for i in c.items) * 2 ** sum(i.doubles for i in c.items)
    return worth > n
# --- added for classical ---

def p_range(v: Any, known: Any) -> Any:
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
           "{min: 7} makes seven pairs all different", reads=Reads.EVERY_TILE | Reads.OPTIONS)
def _kinds(c: Any, v: Any, _: Any) -> bool:
    lo, hi = v
    return in_range(len(set(c.tiles)), lo(c), hi(c))


def p_surplus(v: Any, known: Any) -> Any:
    # (`win_1_to_9`: the winning tile's number, a fourth 1 or 9 too: Hong Kong's nine gates, docs/tables.md; left
    # out of the condition's words, which a near miss of every other table prints)
    if v in ("win", "win_1_to_9"):
        return v
    vals = v if isinstance(v, list) else [v]
    if not vals or any(isinstance(x, bool) or not isinstance(x, int) or not 2 <= x <= 8 for x in vals):
        raise Invalid(f"expects win, win_1_to_9 or numbers 2-8 (a list), not {v!r}")
    return frozenset(vals)


@condition("gates_surplus", "hand", p_surplus,
           "the 14 tiles are one suit: three 1s, three 9s, one each of 2-8 and one more (the surplus); "
           "the surplus has one of these numbers (a list of 2-8), or `win`: the winning tile's number "
           "(Nine Gates; [2, 5, 8] is the Squirming Snake)", reads=Reads.HAND | Reads.CANDIDATE,
           screen=lambda c, v: not c.has_honours and len(c.suits) == 1)  # (the test's first question)
def _gates_surplus(c: Any, v: Any, _: Any) -> bool:
    if c.has_honours or len(c.suits) != 1:  # the hand's facts say it at once for nearly every hand
        return False
    found = gates_surplus(counts_of(c.tiles), ends=v == "win_1_to_9")
    if found is None:
        return False
    k = found[1]
    if v in ("win", "win_1_to_9"):
        return c.win is not None and T.number_of(c.win) == k
    return k in v


def p_rule_names(v: Any, known: Any) -> Any:
    vals = v if isinstance(v, list) else [v]
    names = known.get("rules", frozenset())
    for x in vals:
        if not isinstance(x, str) or x not in names:
            raise Invalid(f"{x!r} is not a rule of this table")
    return frozenset(vals)


@condition("scored", "hand", p_rule_names,
           "an item of one of these rules was scored: in `mahjong: requires:` every item of the hand, "
           "in a rule the items scored before it (e.g. require a winning-pattern rule for mah jong)",
           reads=Reads.CANDIDATE)
def _scored(c: Any, v: Any, _: Any) -> bool:
    for i in c.items:  # (a loop, not any(): every candidate of a table that requires a pattern rule asks)
        if i.rule in v:
            return True
    return False


def counted_on_completion(c: Any) -> frozenset[str]:
    """Rules that count in the score of each winning completion of a hand one tile short.

    Each tile kind that completes the hand (not one held four times) is added as drawn
    from the wall, with no other circumstance, and the hand is scored under the same
    variant, seat and options. A limit hand counts only its limit rule; otherwise every
    item without a limit counts (a limit outscored by points does not).
    """
    got: frozenset[str] | None = c.memo.get("completions")
    if got is None:
        got = c.memo["completions"] = _completions(c)
    return got


def _completions(c: Any) -> frozenset[str]:
    hand = c.hand
    if hand.tile_count != WIN_COUNT - 1:
        return frozenset()
    out: set[str] = set()
    for t in waits(hand, c.variant.shapes):
        best = c.score_completed(t)
        if best.mahjong:
            out.update({best.limit_hand} if best.limit_hand else {i.rule for i in best.items if not i.limit})
    return frozenset(out)


@condition("calling", "hand", p_rule_names,
           "(a hand one tile short of mah jong) some tile, drawn from the wall, completes it into a "
           "winning hand whose score counts one of these rules (a limit hand counts only its limit rule)",
           reads=Reads.HAND | Reads.SEATS | Reads.OPTIONS)
def _calling(c: Any, v: Any, _: Any) -> bool:
    return bool(v & counted_on_completion(c))
