"""What the Japanese (riichi) rules add to the table machinery, as general table-driven pieces.

Riichi's scoring is the classical structure (points are fu, doubles are han, the limit is mangan),
with a few things the other rulebooks do not have, each a piece any table may use:

- conditions: the shape of the wait a winning tile filled (`wait`), whether a set was claimed
  (`called`), a group holding a tile of a class (`any_tile`), chows of given runs in one suit
  (`chows_include`), identical chows (`identical_chows`), how many of the winning tile's kind the
  hand holds (`win_kind_held`);
- counters a rule's `doubles_each:` names, one double per tile counted: the tiles the dora
  indicators show (`dora`), the ura dora (`ura_dora`), the red fives written 0m 0p 0s (`red_fives`);
- `value: {han_fu: ...}`: points rounded up before doubling, two doubles more (base points =
  fu x 2^(han+2)), tiers of base points read on the doubles (haneman ...), limit hands that add up (or
  are capped: `limits_cap`, EMA's one yakuman);
  and what each player pays for it (`HanFu`, the cost);
- `presets:` a choice option whose choice sets other options (a published ruleset);
- red fives: how many of a suit the table's `red_fives` option allows.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from mjscore.errors import HandError
from mjscore.hand import tiles as T
from mjscore.hand.redfives import no_red_fives, with_red_fives
from mjscore.rules.registry import Invalid, Reads, condition, p_bool, p_choices, p_tiles
from mjscore.rules.results import HanFu, Item, Score
from mjscore.rules.special import p_runs

WAITS = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")


# --- conditions ------------------------------------------------------------------------------------------

def wait_of(c) -> str | None:
    """The shape of the wait the winning tile filled in this candidate: the completed group and where the
    tile sits in it (None: no winning tile, as on East's dealt hand)."""
    win = c.win
    if win is None:
        return None
    for g in c.groups:
        if g.completed:
            if g.kind == "pair":
                return "tanki"
            if g.kind in ("pung", "kong"):
                return "shanpon"
            if g.kind != "chow":
                return "tanki"  # a single (thirteen orphans' or seven pairs' own groups)
            low = T.number_of(g.tiles[0])
            at = T.number_of(win) - low
            if at == 1:
                return "kanchan"
            if (at == 0 and low == 7) or (at == 2 and low == 1):
                return "penchan"
            return "ryanmen"
    return None


@condition("wait", "hand", p_choices(WAITS),
           "the wait the winning tile filled, as the completed set shows it: ryanmen (either end of a chow, "
           "not 12-3 nor 7-89), kanchan (the middle of a chow), penchan (3 of 123, 7 of 789), tanki (the pair), "
           "shanpon (a pung)", reads=Reads.CANDIDATE)
def _wait(c, v, _):
    return wait_of(c) in v


@condition("called", "hand", p_bool,
           "a set was claimed from a discard: written [..] or <..> (a concealed kong {..} is not; a set a "
           "claimed winning tile completed is not either)", reads=Reads.HAND)
def _called(c, v, _):
    return any(m.exposed for m in c.hand.melds) == v


@condition("any_tile", "group", p_tiles, "some tile of the group is of this class (or one of these tiles)",
           reads=Reads.SUBJECT | Reads.SEATS)
def _any_tile(c, v, g):
    return any(v(t, c) for t in g.tiles)


@condition("chows_include", "hand", p_runs,
           "the hand holds chows of all these runs in one suit, and maybe other chows (e.g. [123, 456, 789])",
           reads=Reads.CANDIDATE)
def _chows_include(c, v, _):
    for suit in range(3):
        held = {T.number_of(g.tiles[0]) for g in c.groups if g.kind == "chow" and T.suit_of(g.tiles[0]) == suit}
        if all(start in held for start in v):
            return True
    return False


def _p_count(v, known):
    vals = v if isinstance(v, list) else [v]
    if not vals or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 4 for x in vals):
        raise Invalid(f"expects numbers 0-4 (or a list of them), not {v!r}")
    return frozenset(vals)


@condition("identical_chows", "hand", _p_count,
           "how many pairs of identical chows the hand holds (1: one pair, as 223344m; 2: two pairs)",
           reads=Reads.CANDIDATE)
def _identical_chows(c, v, _):
    seen: dict[tuple, int] = {}
    for g in c.groups:
        if g.kind == "chow":
            seen[g.tiles] = seen.get(g.tiles, 0) + 1
    return sum(n // 2 for n in seen.values()) in v


@condition("win_kind_held", "hand", _p_count,
           "how many tiles of the winning tile's kind the hand holds, the winning tile included",
           reads=Reads.CANDIDATE | Reads.HAND)
def _win_kind_held(c, v, _):
    return c.win is not None and c.tiles.count(c.win) in v


# --- counters for `doubles_each:` -----------------------------------------------------------------------

_NEXT = {}
for _suit in range(3):
    for _n in range(9):
        _NEXT[_suit * 9 + _n] = _suit * 9 + (_n + 1) % 9
for _i, _w in enumerate(T.Z_ORDER[:4]):
    _NEXT[_w] = T.Z_ORDER[(_i + 1) % 4]
for _i, _d in enumerate(T.Z_ORDER[4:]):
    _NEXT[_d] = T.Z_ORDER[4 + (_i + 1) % 3]


def indicated(indicator: int) -> int:
    """The tile an indicator shows: the next of its suit (9 shows 1), E S W N E, white green red white."""
    return _NEXT[indicator]


def _shown(c, indicators) -> int:
    tiles = c.tiles
    return sum(tiles.count(indicated(i)) for i in indicators)


COUNTERS = {
    "dora": lambda c: _shown(c, c.sit.dora),
    "ura_dora": lambda c: _shown(c, c.sit.ura),
    "red_fives": lambda c: sum(red_fives(c.hand.text)),
}


def check_each(entry, fail, where) -> str | None:
    """A rule's `doubles_each: COUNTER` (None when the rule has none)."""
    if entry is None:
        return None
    if entry not in COUNTERS:
        fail(where, f"doubles_each counts one of: {', '.join(COUNTERS)}, not {entry!r}")
    return entry


def each_item(ctx, rule, item: Item) -> Item | None:
    """A `doubles_each` rule's item: one double per tile counted (None: none counted, so no item)."""
    n = COUNTERS[rule.each](ctx)
    return item._replace(doubles=n, tiles=f"x{n}") if n else None


# --- red fives -------------------------------------------------------------------------------------------

_RUNS = re.compile(r"([0-9]+)([mps])")


def red_fives(text: str) -> tuple[int, int, int]:
    """The red fives (written 0) of a hand's text, per suit m, p, s."""
    out = [0, 0, 0]
    if "0" in text:
        for digits, suit in _RUNS.findall(text):
            out["mps".index(suit)] += digits.count("0")
    return out[0], out[1], out[2]


def shown_with_reds(hand) -> str:
    """A parsed hand's canonical notation with its red fives where they were written (`waits` prints it so)."""
    return with_red_fives(hand.text, hand.notation())


def check_red_fives(hand, variant, options: dict) -> None:
    """A red five where the variant plays with none, or more of a suit than it has, is refused."""
    text = hand.text
    if "0" not in text:
        return
    if "red_fives" not in variant.options:
        no_red_fives(text)
    allowed = options.get("red_fives") or 0
    for suit, n in zip("mps", red_fives(text)):
        if n > allowed:
            if not allowed:
                raise HandError(f"{variant.name} has no red fives under --option red_fives=0: 0{suit} is a red "
                                f"5{suit}; write 5{suit}", text)
            raise HandError(f"{n} red fives of one suit (0{suit}); {variant.name} has {allowed} (--option red_fives)",
                            text)


# --- presets ---------------------------------------------------------------------------------------------

def check_presets(section, fail, options) -> dict:
    """`presets: {OPTION: {CHOICE: {other option: value}}}`: choosing CHOICE of the choice option OPTION
    sets those options, unless they are given themselves."""
    if section is None:
        return {}
    if not isinstance(section, dict):
        fail("presets", "expects a mapping {option: {choice: {option: value}}}")
    out = {}
    for key, cases in section.items():
        spec = options.get(key)
        if spec is None or spec.type != "choice":
            fail(f"presets.{key}", "names no choice option of this table")
        if not isinstance(cases, dict):
            fail(f"presets.{key}", "expects a mapping {choice: {option: value}}")
        for choice, sets in cases.items():
            where = f"presets.{key}.{choice}"
            if choice not in spec.choices:
                fail(where, f"{choice!r} is not a choice of {key} ({', '.join(map(str, spec.choices))})")
            if not isinstance(sets, dict):
                fail(where, "expects a mapping {option: value}")
            for name, value in sets.items():
                other = options.get(name)
                if other is None or name == key:
                    fail(where, f"names no other option {name!r}")
                try:
                    other.parse(str(value).lower() if isinstance(value, bool) else str(value), "this table")
                except Exception as e:  # an OptionError: its words say what the option takes
                    fail(where, str(e))
        out[key] = {c: {n: (v if not isinstance(v, str) else options[n].parse(v, "")) for n, v in s.items()}
                    for c, s in cases.items()}
    return out


def apply_presets(presets: dict, resolved: dict, given) -> dict:
    """The options with each chosen preset's settings, where the user did not give the option."""
    for key, cases in presets.items():
        for name, value in cases.get(resolved.get(key), {}).items():
            if name not in given:
                resolved[name] = value
    return resolved


# --- value: han_fu -------------------------------------------------------------------------------------

class Tier(NamedTuple):
    """One tier above the base points' cap (mangan, haneman ...): from how many doubles (han) it holds, its base
    points, its name, and the option that renames or moves it (the table's `tiers:`)."""

    doubles: int
    base: int
    name: str
    option: dict


class HanFuRules(NamedTuple):
    """`value: {han_fu: ...}`: how points (fu) and doubles (han) make base points, and the tiers above."""

    round_up: int  # points rounded up to this before doubling (10)
    exact: frozenset  # shapes whose points are not rounded (seven pairs' 25)
    extra_doubles: int  # base points = points x 2^(doubles + extra_doubles)
    limit_name: str  # a base capped at the limit (mangan)
    limit_from: int  # a base of at least this is raised to the limit (kiriage mangan; 0: never) ...
    limit_from_option: dict  # ... when these options hold
    limit_from_name: str  # ... and so named
    tiers: tuple  # Tier, by doubles
    limits_add: bool  # limit hands add up (several yakuman) instead of the largest counting
    limits_max: float  # at most this many limits
    limits_cap: float  # at most this many limits when limits_cap_option holds (EMA: one yakuman; 0: none) ...
    limits_cap_option: dict  # ... these options
    limits_cap_name: str  # ... and a capped hand's tier so named


def _option_case(v, fail, where, options) -> dict:
    if v is None:
        return {}
    if not isinstance(v, dict) or not all(k in options for k in v):
        fail(where, f"option expects {{option: value}} naming options of this table, not {v!r}")
    return {k: tuple(x) if isinstance(x, list) else (x,) for k, x in v.items()}


def check_han_fu(entry, fail, options, shapes) -> HanFuRules | None:
    """`value.han_fu`, checked; None when the table has none (its values are points x 2^doubles)."""
    if entry is None:
        return None
    where = "value.han_fu"
    keys = {"points_round_up", "points_exact", "extra_doubles", "limit_name", "limit_from", "tiers", "limits_add",
            "limits_max", "limits_cap"}
    if not isinstance(entry, dict):
        fail(where, "expects a mapping (" + ", ".join(sorted(keys)) + ")")
    if set(entry) - keys:
        fail(where, f"unknown key {sorted(set(entry) - keys)[0]!r} (keys: {', '.join(sorted(keys))})")

    def number(key, default):
        x = entry.get(key, default)
        if isinstance(x, bool) or not isinstance(x, (int, float)) or x < 0:
            fail(f"{where}.{key}", f"expects a number >= 0, not {x!r}")
        return x

    exact = entry.get("points_exact", [])
    if not isinstance(exact, list) or any(s not in shapes for s in exact):
        fail(f"{where}.points_exact", f"expects a list of the table's shapes ({', '.join(shapes)}), not {exact!r}")
    frm = entry.get("limit_from") or {}
    if not isinstance(frm, dict) or set(frm) - {"base", "option", "name"}:
        fail(f"{where}.limit_from", "expects {base: N, option: {option: value}, name: ...}")
    cap = entry.get("limits_cap") or {}
    if not isinstance(cap, dict) or set(cap) - {"limits", "option", "name"} or (cap and not (
            isinstance(cap.get("limits"), (int, float)) and not isinstance(cap.get("limits"), bool)
            and cap["limits"] > 0 and cap.get("name"))):
        fail(f"{where}.limits_cap", "expects {limits: N > 0, option: {option: value}, name: ...}")
    tiers = []
    for i, t in enumerate(entry.get("tiers") or []):
        at = f"{where}.tiers[{i}]"
        if not isinstance(t, dict) or set(t) - {"doubles", "base", "name", "option"} or not {"doubles", "base",
                                                                                                "name"} <= set(t):
            fail(at, "expects {doubles: N, base: N, name: ..., option: {option: value}}")
        tiers.append(Tier(int(t["doubles"]), int(t["base"]), str(t["name"]), _option_case(t.get("option"), fail, at,
                                                                                             options)))
    return HanFuRules(int(number("points_round_up", 1)) or 1, frozenset(exact), int(number("extra_doubles", 0)),
                      str(entry.get("limit_name", "limit")), int(frm.get("base", 0)),
                      _option_case(frm.get("option"), fail, f"{where}.limit_from", options),
                      str(frm.get("name", entry.get("limit_name", "limit"))),
                      tuple(sorted(tiers, key=lambda t: t.doubles)), bool(entry.get("limits_add", False)),
                      float(number("limits_max", 0)), float(cap.get("limits", 0)),
                      _option_case(cap.get("option"), fail, f"{where}.limits_cap", options), str(cap.get("name", "")))


def _holds(case: dict, options: dict) -> bool:
    return all(options.get(k) in vals for k, vals in case.items())


def up(x: float, step: int = 100) -> int:
    return -(-int(x) // step) * step


def cost(base: int, dealer: bool, self_drawn: bool, honba: int = 0, sticks: int = 0) -> tuple[dict, int, int]:
    """(who pays what, the hand's total, with honba and sticks): a discard win is paid by the discarder, 4
    times the base (6 for the dealer); a self-drawn one by all, the dealer twice a non-dealer's share (a dealer
    winner: twice from each); each payment rounded up to 100; honba 300 a counter, sticks 1000 each."""
    if not self_drawn:
        paid = {"discarder": up(base * (6 if dealer else 4))}
        total = paid["discarder"]
    elif dealer:
        paid = {"each": up(base * 2)}
        total = 3 * paid["each"]
    else:
        paid = {"dealer": up(base * 2), "non_dealer": up(base)}
        total = paid["dealer"] + 2 * paid["non_dealer"]
    return paid, total, total + 300 * honba + 1000 * sticks


def han_fu_score(ctx, rules: HanFuRules, shown, texts: tuple[str, ...], win: str | None, items: list, notes,
                 win_set) -> Score:
    """A winning candidate's Score under han_fu: base points as its `value`, the tier, what is paid (`shown`: the
    fields every candidate's Score shares, value.Shown; `texts` its arrangement; `win` its winning tile's name)."""
    options = ctx.options
    limit = options.get("limit") or 0
    if "0" in ctx.hand.text:  # the hand printed back with its red fives (0m 0p 0s) where the player wrote them
        red = ctx.memo.get("red fives")
        if red is None:
            red = ctx.memo["red fives"] = with_red_fives(ctx.hand.text, shown.hand)
        shown = shown._replace(hand=red)
    limits = [i for i in items if i.limit]
    sit = ctx.sit
    dealer = sit.seat == (options.get("banker") or "E")
    if limits:
        total = sum(i.limit for i in limits) if rules.limits_add else max(i.limit for i in limits)
        if rules.limits_max:
            total = min(total, rules.limits_max)
        tier = "yakuman" if total <= 4 else f"{total / 4:g}x yakuman"
        if rules.limits_cap and total > rules.limits_cap and _holds(rules.limits_cap_option, options):
            total, tier = rules.limits_cap, rules.limits_cap_name  # (the items all stay listed)
        base = round(total * limit)
        han_fu = _han_fu(ctx, 0, 0, base, tier, 2, dealer)
        return Score(variant=shown.variant, options=shown.options, hand=shown.hand, seat=shown.seat,
                     round=shown.round, mahjong=shown.mahjong, arrangement=texts, items=tuple(limits), points=0,
                     doubles=0, limit_hand=limits[0].rule, limit_fraction=total, limit=limit, value=base,
                     uncapped=base, win=win, source=shown.source, also=shown.also, bonus=shown.bonus,
                     notes=tuple(notes), win_set=win_set, han_fu=han_fu)
    points = doubles = 0
    for i in items:
        points += i.points
        doubles += i.doubles
    fu = points if ctx.pattern in rules.exact else up(points, rules.round_up)
    uncapped = fu * 2 ** (doubles + rules.extra_doubles)
    base, tier = uncapped, ""
    if limit and uncapped > limit:
        base, tier = limit, rules.limit_name
    elif rules.limit_from and uncapped >= rules.limit_from and _holds(rules.limit_from_option, options):
        base, tier = limit, rules.limit_from_name
    for t in rules.tiers:
        if doubles >= t.doubles and _holds(t.option, options):
            base, tier = t.base, t.name
    han_fu = _han_fu(ctx, doubles, fu, base, tier, 1 if doubles >= 13 else 0, dealer)
    return Score(variant=shown.variant, options=shown.options, hand=shown.hand, seat=shown.seat, round=shown.round,
                 mahjong=shown.mahjong, arrangement=texts, items=tuple(items), points=points, doubles=doubles,
                 limit_hand=None, limit_fraction=0, limit=limit, value=base, uncapped=uncapped, win=win,
                 source=shown.source, also=shown.also, bonus=shown.bonus, notes=tuple(notes), win_set=win_set,
                 han_fu=han_fu)


def _han_fu(ctx, han: int, fu: int, base: int, tier: str, kind: int, dealer: bool) -> HanFu:
    sit = ctx.sit
    paid, total, received = cost(base, dealer, sit.source in ("wall", "loose"), sit.honba, sit.sticks)
    return HanFu(han, fu, tier, tuple(paid.items()), total, received, kind, tuple(T.name(t) for t in sit.dora),
                 tuple(T.name(t) for t in sit.ura), sit.honba, sit.sticks)


def shown_cost(h: HanFu) -> str:
    """Payments as riichi players say them: 3900 (a discard), 1000/2000 (non-dealers/dealer), 2000 all."""
    paid = dict(h.paid)
    if "discarder" in paid:
        return str(paid["discarder"])
    if "each" in paid:
        return f"{paid['each']} all"
    return f"{paid['non_dealer']}/{paid['dealer']}"
