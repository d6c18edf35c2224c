"""The fan of the Chinese Official rules (MCR, 国标麻将), found in one arrangement, for tables/mcr.yaml.

MCR counts 81 fan by the sets of the arrangement taken together (three chows shifted by one, two pungs of one
number ...), so each fan is not a test of one set or of the whole hand but of how the sets combine: this module
works out, once per candidate arrangement, how many times each fan occurs, and the table's rules read that
count through the condition `fan: NAME`. The rulebook's principles that drop a fan are split two ways:

- **non-repeat** (a fan that implies another excludes it): table data, each rule's `excludes:` list, applied
  by the scorer (scoring.exclude) in the table's order; never here;
- **non-identical** and **account-once** (a set that made a fan with another set cannot make the same kind
  of fan again; a set not yet combined combines once with one already combined): how the combinations of
  three or four chows and of pungs are counted, here (`_chows`, `_pungs`), as GB-Mahjong counts them.

The counting follows the GB-Mahjong calculator (the `mahjong-algorithm` of ChineseOfficialMahjongHelper,
which PyPI's PyMahjongGB wraps and tests/test_mcr_reference.py checks against), which follows the rulebook
(Mahjong Competition Rules, 2006). Situations: the winning tile from the wall or a loose tile (self-drawn),
robbing a kong, `--also last-of-its-kind`, `last-wall-tile` / `last-discard`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjscore.hand import tiles as T
from mjscore.hand.decompose import KNITTED_RUNS, knitted_tiles, sets_and_pair
from mjscore.hand.sets import Group
from mjscore.rules.mcr_sets import (
    add, code, fan_possible, four_chows, four_pungs, hand_whole, kinds_mask, pair_fans, sets_traits, three_chows,
    three_pungs, two_chows, two_pungs, waiting_form, whole_tiles, win_fans,
)
from mjscore.rules.registry import Reads, condition
from mjscore.rules.when import Invalid

if TYPE_CHECKING:
    from mjscore.rules.mcr_sets import Facts, WinFlags
    from mjscore.rules.when import Judged, Known

# fan ids as the table's `fan:` condition names them, in the rulebook's order (fan 1 ... fan 80; fan 81, the
# flowers, is a bonus-tile rule of the table, not a combination of sets)
FANS = (
    "big_four_winds", "big_three_dragons", "all_green", "nine_gates", "four_kongs", "seven_shifted_pairs",
    "thirteen_orphans", "all_terminals", "little_four_winds", "little_three_dragons", "all_honours",
    "four_concealed_pungs", "pure_terminal_chows", "quadruple_chow", "four_pure_shifted_pungs",
    "four_pure_shifted_chows", "three_kongs", "all_terminals_and_honours", "seven_pairs",
    "greater_honours_and_knitted_tiles", "all_even_pungs", "full_flush", "pure_triple_chow", "pure_shifted_pungs",
    "upper_tiles", "middle_tiles", "lower_tiles", "pure_straight", "three_suited_terminal_chows",
    "pure_shifted_chows", "all_fives", "triple_pung", "three_concealed_pungs", "lesser_honours_and_knitted_tiles",
    "knitted_straight", "upper_four", "lower_four", "big_three_winds", "mixed_straight", "reversible_tiles",
    "mixed_triple_chow", "mixed_shifted_pungs", "chicken_hand", "last_tile_draw", "last_tile_claim",
    "out_with_replacement_tile", "robbing_the_kong", "all_pungs", "half_flush", "mixed_shifted_chows", "all_types",
    "melded_hand", "two_concealed_kongs", "two_dragon_pungs", "outside_hand", "fully_concealed_hand",
    "two_melded_kongs", "last_tile", "dragon_pung", "prevalent_wind", "seat_wind", "concealed_hand", "all_chows",
    "tile_hog", "double_pung", "two_concealed_pungs", "concealed_kong", "all_simples", "pure_double_chow",
    "mixed_double_chow", "short_straight", "two_terminal_chows", "pung_of_terminals_or_honours", "melded_kong",
    "one_voided_suit", "no_honours", "edge_wait", "closed_wait", "single_wait", "self_drawn",
)
# one melded and one concealed kong, read by the table's rules for the house option mixed_kongs (fan 57's own
# count of the two, GB-Mahjong's 5, or each kong's fan); counted beside melded_kong and concealed_kong
MIXED_KONGS = "melded_and_concealed_kong"
_KNOWN = frozenset(FANS) | {MIXED_KONGS}
# fan that any winning hand makes by a circumstance alone (how or when its last tile came): what `--explain`
# never offers as a near miss of one hand (rules/referee.py)
SITUATIONAL_FANS = frozenset({"last_tile_draw", "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong",
                              "last_tile", "self_drawn"})
LAST_OF_ITS_KIND = "last-of-its-kind"  # a table's `situations:` word: the fourth tile, the other three visible
LAST_TILE_WORDS = frozenset({"last-wall-tile", "last-discard"})


# --- the condition the table reads -------------------------------------------------------------------------

def _check_fan(v: object, known: Known) -> str:
    if not isinstance(v, str) or v not in _KNOWN:
        raise Invalid(f"names no MCR fan {v!r} (fan: {', '.join(FANS)}, {MIXED_KONGS})")
    return v


@condition("fan", "hand", _check_fan, "how many times this MCR fan occurs in the arrangement, before the "
                                      "exclusions of the non-repeat principle (rules/mcr.py)",
           reads=Reads.SEATS | Reads.SITUATION | Reads.OPTIONS | Reads.SHAPE | Reads.HAND | Reads.CANDIDATE,
           screen=fan_possible)
def _fan(c: Judged, v: str, _: None) -> int:
    # (the table's 80 fan rules read it per candidate: found here, one call less)
    got: dict[str, int] | None = c.counts.get("mcr fan")
    return (fan_counts(c) if got is None else got).get(v, 0)


def _check_without(v: object, known: Known) -> tuple[int, frozenset[str]]:
    if not isinstance(v, dict) or set(v) - {"min", "ignore"} or "min" not in v:
        raise Invalid("expects {min: N, ignore: [rule names]}")
    ignore = v.get("ignore", [])
    ignore = [ignore] if isinstance(ignore, str) else ignore
    for name in ignore:
        if name not in known.get("rules", ()):
            raise Invalid(f"ignores no rule of this table {name!r}")
    if isinstance(v["min"], bool) or not isinstance(v["min"], int) or v["min"] < 0:
        raise Invalid(f"min expects a whole number >= 0, not {v['min']!r}")
    return v["min"], frozenset(ignore)


@condition("points_without", "hand", _check_without, "the points of the items scored (after exclusions), "
                                                      "leaving out the rules named, are at least min",
           reads=Reads.CANDIDATE)
def _points_without(c: Judged, v: tuple[int, frozenset[str]], _: None) -> bool:
    least, ignore = v
    return sum(i.points for i in c.items if i.rule not in ignore) >= least


# --- the count of each fan in one arrangement ----------------------------------------------------------------

def fan_counts(c: Judged) -> dict[str, int]:
    """Each fan's count in the context's current arrangement (once per candidate)."""
    got: dict[str, int] | None = c.counts.get("mcr fan")
    if got is None:
        got = c.counts["mcr fan"] = _fans(c, c.win) if c.pattern is not None and c.win is not None else {}
    return got


def _facts(c: Judged, win: int) -> Facts:
    """(concealed counts with the winning tile, declared tiles' counts, win flags) of the hand and its winning
    tile: the same for every arrangement."""
    key = ("mcr facts", win)
    got: Facts | None = c.memo.get(key)
    if got is None:
        hand = c.hand
        standing = list(hand.counts)
        fixed = [0] * T.N_KINDS
        for m in hand.melds:
            for t in m.tiles:
                fixed[t] += 1
        self_drawn = c.source in ("wall", "loose")
        kong = c.source in ("loose", "kong")
        last = LAST_OF_ITS_KIND in c.also
        if standing[win] != 1:  # the fourth tile is the last of its kind only when the other three are seen
            last = False
        if fixed[win] == 3:  # a declared pung of it: the three others are on the table
            last = True
        if kong and self_drawn and not any(m.kind == "kong" for m in hand.melds):
            kong = False
        if kong and not self_drawn and (fixed[win] or standing[win] != 1):
            kong = False
        flags = (self_drawn, kong, bool(LAST_TILE_WORDS & c.also), last)
        got = c.memo[key] = (tuple(standing), tuple(fixed), flags)
    return got


_BLOCKS = ((0, 9), (9, 18), (18, 27), (27, T.N_KINDS))  # where each suit's kinds, then the honours', lie


def _waited_on_one(c: Judged, win: int, standing: tuple[int, ...]) -> bool:
    """_one_wait of the hand and its winning tile, worked out once, and only for an arrangement whose winning tile
    completed a set in a way a wait fan names (an edge, the middle of a chow, the pair): about half the hands."""
    key = ("mcr one wait", win)
    got: bool | None = c.memo.get(key)
    if got is None:
        got = c.memo[key] = _one_wait(list(standing), win, len(c.hand.melds))
    return got


def _one_wait(standing: list[int], win: int, declared: int) -> bool:
    """Whether the concealed tiles waited on one kind alone before the winning tile (four sets and a pair, or
    seven pairs), counted by shape as GB-Mahjong does (a kind already held four times still counts): the
    standard shape's waits from the per-block tables of hand/waits.py (a lookup and a merge, not a search per
    kind: the same answer as trying each kind, for about a quarter of the work, issue 40), and a seven pairs'
    wait, the one kind held an odd number of times where there is one."""
    from mjscore.hand.waits import standard_waits  # (here: a command that scores no MCR hand never imports it,
                                                   # 2.6% of a start-up)
    before = list(standing)
    before[win] -= 1
    held = before if min(before) >= 0 else [n if n > 0 else 0 for n in before]  # (a knitted straight's rest: the
    # winning tile may be one of its nine, none left; as the tiles listed once held none of it)
    # (first kind, counts) of each suit held, then the honours (hand/waits.counted_blocks' blocks, cut from the
    blocks: list[tuple[int, tuple[int, ...]]] = []  # counts: not the tiles listed and counted again)
    for base, end in _BLOCKS:
        counts = tuple(held[base:end])
        if any(counts):
            blocks.append((base, counts))
    waits = standard_waits(blocks, declared)
    if not declared:
        odd = [k for k, n in enumerate(before) if n & 1]
        if len(odd) == 1:
            return len(waits | {odd[0]}) == 1  # (a new set: the block tables' own are never changed)
    return len(waits) == 1


def _fans(c: Judged, win: int) -> dict[str, int]:
    standing, fixed, flags = _facts(c, win)
    fans: dict[str, int] = {}
    pattern = c.pattern
    if pattern == "standard":
        special: str | None = c.memo.get("mcr special")
        if special is None:  # GB-Mahjong scores a nine gates or knitted straight hand by that form alone
            special = c.memo["mcr special"] = ("nine_gates" if not c.hand.melds and _nine_gates(standing, win)
                                               else "knitted_straight" if _is_knitted(c) else "")
        if special == "nine_gates":
            return _nine_gates_fans(standing, win, flags)
        if special:
            return {}
        _regular(c, win, standing, fixed, flags, fans)
    elif pattern == "seven_pairs":
        _seven_pairs(win, standing, flags, fans)
    elif pattern == "thirteen_orphans":
        fans["thirteen_orphans"] = 1
        win_fans(flags, fans)
    elif pattern == "honours_and_knitted":
        suited = sum(standing[:27])
        if suited == 7 and all(standing[27:]):
            fans["greater_honours_and_knitted_tiles"] = 1
        else:
            fans["lesser_honours_and_knitted_tiles"] = 1
            if suited == 9:
                fans["knitted_straight"] = 1
        win_fans(flags, fans)
    elif pattern == "knitted_straight":
        _knitted(c, win, standing, fixed, flags, fans)
    return fans


def _is_knitted(c: Judged) -> bool:
    """Whether the hand holds a knitted straight with a set and a pair (GB-Mahjong then scores that form)."""
    if len(c.hand.melds) > 1:
        return False
    counts = c.hand.counts
    for runs in KNITTED_RUNS:
        nine = knitted_tiles(runs)
        if all(counts[t] for t in nine):
            rest = list(counts)
            for t in nine:
                rest[t] -= 1
            return len(sets_and_pair(tuple(rest), 1 - len(c.hand.melds), True)) == 1
    return False


# --- standard hands -----------------------------------------------------------------------------------------

def _melded(g: Group) -> bool:
    """A set declared as claimed (GB-Mahjong's "melded"): a declared concealed kong is not."""
    return g.declared and g.exposed


def _regular(c: Judged, win: int, standing: tuple[int, ...], fixed: tuple[int, ...], flags: WinFlags,
             fans: dict[str, int]) -> None:
    groups = c.groups or ()  # (a candidate's: set before its fan are counted)
    chows = [g for g in groups if g.kind == "chow"]
    pungs = [g for g in groups if g.kind in ("pung", "kong")]
    pair = next(g for g in groups if g.kind == "pair")
    concealed_pungs = sum(1 for g in pungs if g.kind == "pung" and not _melded(g))
    melded_kongs = sum(1 for g in pungs if g.kind == "kong" and _melded(g))
    concealed_kongs = sum(1 for g in pungs if g.kind == "kong" and not _melded(g))
    self_drawn = flags[0]
    win_fans(flags, fans)
    if not self_drawn and not any(not g.declared and win in g.tiles for g in chows):
        # a claimed winning tile that no concealed chow can hold completes its pung: that pung is not concealed
        concealed_pungs -= sum(1 for g in pungs if g.tiles[0] == win and not _melded(g) and g.kind == "pung")
    codes_c = sorted(code(g.tiles[1]) for g in chows)
    codes_p = sorted(code(g.tiles[0]) for g in pungs)
    if pungs:
        _kongs(concealed_pungs, melded_kongs, concealed_kongs, fans)
        if len(pungs) == 4:
            fans["all_pungs"] = 1
        for g in pungs:
            t = g.tiles[0]
            if T.is_dragon(t):
                add(fans, "dragon_pung")
            elif T.is_terminal(t) or T.is_wind(t):
                add(fans, "pung_of_terminals_or_honours")
    if len(chows) == 4:
        four_chows(codes_c, code(pair.tiles[0]), fans)
    elif len(chows) == 3:
        three_chows(codes_c, fans)
    elif len(chows) == 2:
        add(fans, two_chows(*codes_c))
        add(fans, two_pungs(*codes_p))
    elif len(chows) == 1:
        three_pungs(codes_p, fans)
    else:
        four_pungs(codes_p, fans)
    declared = [g for g in groups if g.declared]
    melded = sum(1 for g in declared if _melded(g))
    if melded == 0:
        fans["fully_concealed_hand" if self_drawn else "concealed_hand"] = 1
    elif melded == 4:
        fans["self_drawn" if self_drawn else "melded_hand"] = 1
    elif self_drawn:
        fans["self_drawn"] = 1
    pair_fans(pair.tiles[0], len(chows), fans)
    sets_traits(groups, fans)
    whole, fours = hand_whole(c)
    fans.update(whole)
    add(fans, "tile_hog", fours - melded_kongs - concealed_kongs)
    form: dict[str, int] = {}  # (an edge, closed or single wait's form; a fan only where it was the one wait)
    waiting_form([g for g in groups if not g.declared], win, form)
    if form and _waited_on_one(c, win, standing):
        fans.update(form)
    _winds(c, pungs, fans)
    if not fans:
        fans["chicken_hand"] = 1


def _winds(c: Judged, pungs: list[Group], fans: dict[str, int]) -> None:
    """Prevalent and seat wind; a wind pung that scores either is not also a pung of honours, unless a bigger
    wind fan took the three (big three winds, little four winds) or the hand's tiles did (all honours, all
    terminals and honours: then the table's exclusions drop every pung of terminals or honours)."""
    if "big_three_winds" in fans:  # its three wind pungs are not pungs of honours (non-repeat, by count)
        fans["pung_of_terminals_or_honours"] -= 3
    deducted = any(f in fans for f in ("big_three_winds", "all_terminals_and_honours", "all_honours",
                                       "little_four_winds", "big_four_winds"))
    for g in pungs:
        t = g.tiles[0]
        if not T.is_wind(t) or "big_four_winds" in fans:
            continue
        hit = False
        if t == c.round_tile:
            fans["prevalent_wind"] = 1
            hit = True
        if t == c.seat_tile:
            fans["seat_wind"] = 1
            hit = True
        if hit and not deducted:
            fans["pung_of_terminals_or_honours"] -= 1
    if fans.get("pung_of_terminals_or_honours", 1) <= 0:
        del fans["pung_of_terminals_or_honours"]


def _kongs(concealed_pungs: int, melded: int, concealed: int, fans: dict[str, int]) -> None:
    """Kongs, and concealed pungs (a concealed kong counts as a concealed pung). One melded and one concealed kong
    count each kong's fan and MIXED_KONGS: the table's rules for the house option mixed_kongs decide which stand
    (fan 57's 6 for the two, by default, excludes both kongs' fan)."""
    kongs = melded + concealed
    hidden = concealed_pungs + concealed
    if kongs == 1:
        fans["melded_kong" if melded else "concealed_kong"] = 1
    elif kongs == 2:
        if concealed == 0:
            fans["two_melded_kongs"] = 1
        elif concealed == 1:
            fans["melded_kong"] = fans["concealed_kong"] = fans[MIXED_KONGS] = 1
        else:
            fans["two_concealed_kongs"] = 1
    elif kongs == 3:
        fans["three_kongs"] = 1
    elif kongs == 4:
        fans["four_kongs"] = 1
    if hidden >= 2:
        fans[("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs")[min(hidden, 4) - 2]] = 1


# --- special forms ----------------------------------------------------------------------------------------

def _seven_pairs(win: int, standing: tuple[int, ...], flags: WinFlags, fans: dict[str, int]) -> None:
    suit = win // 9 if win < 27 else -1
    if suit >= 0 and _shifted_pairs(standing, suit):
        fans["seven_shifted_pairs"] = 1
        if not standing[suit * 9] and not standing[suit * 9 + 8]:
            fans["all_simples"] = 1
        win_fans(flags, fans)
        return
    fans["seven_pairs"] = 1
    fans.update(whole_tiles(kinds_mask(standing)))
    add(fans, "tile_hog", standing.count(4))
    win_fans(flags, fans)


def _shifted_pairs(standing: tuple[int, ...], suit: int) -> bool:
    run = [standing[suit * 9 + i] == 2 for i in range(9)]
    return any(all(run[i:i + 7]) for i in range(3))


def _nine_gates(standing: tuple[int, ...], win: int) -> bool:
    """1112345678999 of one suit held before the winning tile, which is of that suit."""
    if win >= 27:
        return False
    s = win // 9
    held = list(standing[s * 9:s * 9 + 9])
    held[win % 9] -= 1
    return held == [3, 1, 1, 1, 1, 1, 1, 1, 3] and sum(standing) == 14


def _nine_gates_fans(standing: tuple[int, ...], win: int, flags: WinFlags) -> dict[str, int]:
    """Nine gates, and what the winning tile's number adds to it (GB-Mahjong's reading)."""
    fans = {"nine_gates": 1}
    r = win % 9 + 1
    if r in (1, 9):
        fans.update(pure_straight=1, tile_hog=1)
    elif r in (2, 8):
        fans.update(two_concealed_pungs=1, short_straight=1, pung_of_terminals_or_honours=1)
    elif r == 5:
        fans.update(two_concealed_pungs=1, pung_of_terminals_or_honours=1)
    else:
        fans["short_straight"] = 1
    win_fans(flags, fans)
    return fans


def _knitted(c: Judged, win: int, standing: tuple[int, ...], fixed: tuple[int, ...], flags: WinFlags,
             fans: dict[str, int]) -> None:
    groups = c.groups or ()
    runs = [g for g in groups if g.kind == "knitted"]
    nine = {t for g in runs for t in g.tiles}
    involved = next(g for g in groups if g.kind in ("chow", "pung", "kong"))
    pair = next(g for g in groups if g.kind == "pair").tiles[0]
    fans["knitted_straight"] = 1
    if involved.kind == "chow":
        if T.is_suit(pair):
            fans["all_chows"] = 1
        if fixed[pair] + standing[pair] == 4:
            fans["tile_hog"] = 1
    else:
        t = involved.tiles[0]
        if T.is_wind(t):
            fans["pung_of_terminals_or_honours"] = 1
            _winds(c, [involved], fans)
            if T.is_dragon(pair):
                fans["all_types"] = 1
        elif T.is_dragon(t):
            fans["dragon_pung"] = 1
            if T.is_wind(pair):
                fans["all_types"] = 1
        else:
            if T.is_terminal(t):
                fans["pung_of_terminals_or_honours"] = 1
            if T.is_suit(pair):
                fans["no_honours"] = 1
            if involved.kind != "kong" and fixed[t] + standing[t] == 4:
                fans["tile_hog"] = 1
    win_fans(flags, fans)
    if _melded(involved):
        if involved.kind == "kong":
            fans["melded_kong"] = 1
    else:
        if involved.kind == "kong":
            fans["concealed_kong"] = 1
        if flags[0]:
            fans["fully_concealed_hand"] = 1
            fans.pop("self_drawn", None)
        else:
            fans["concealed_hand"] = 1
    rest = list(standing)
    for t in nine:
        rest[t] -= 1
    if not c.hand.melds:
        if _one_wait(rest, win, 3):
            waiting_form([involved, next(g for g in groups if g.kind == "pair")], win, fans)
    elif win not in nine or standing[win] == 3:
        fans["single_wait"] = 1
