"""MCR fan that combine a hand's sets, and those of its tiles as a whole, for rules/mcr.py.

The combinations of three or four chows and of pungs follow the rulebook's non-identical and account-once
principles as GB-Mahjong counts them (a set that made a fan with another cannot make the same kind of fan
again; a set not yet combined combines once with one already combined). Kept apart from rules/mcr.py, which
reads the arrangement and the situation, so that each stays small enough to read in one sitting.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Callable, Iterable, TypeAlias

from mjscore.hand import tiles as T

if TYPE_CHECKING:
    from mjscore.hand.sets import Group
    from mjscore.rules.when import Judged

    # how the winning tile came, the same for every arrangement of a hand (rules/mcr.py's facts): self-drawn, a
    # loose tile or a robbed kong, the last wall tile or discard said, the last tile of its kind. Plain tuples, as
    # Facts: unpacked for every arrangement, where a named tuple's unpacking costs more than a plain one's
    WinFlags: TypeAlias = tuple[bool, bool, bool, bool]
    # a hand's facts every arrangement shares (rules/mcr.py): the concealed tiles' counts with the winning tile,
    # the declared tiles' counts, the win's flags
    Facts: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], WinFlags]

# the two-chow fans in the order their count is cut when a set would combine more than once (account-once)
_PAIRWISE = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
_REVERSIBLE = frozenset(T.suit_tile(s, n) for s, ns in (("s", "245689"), ("p", "1234589")) for n in map(int, ns)) | {
    T.WHITE}


def code(t: int) -> int:
    """GB-Mahjong's tile code (suit x 16 + number, honours 0x41-0x47): suits never chain into one another,
    and combinations are tried in its order (characters, bamboo, dots), so that ties resolve alike."""
    return ((1, 3, 2)[t // 9] << 4 | (t % 9 + 1)) if t < 27 else 0x41 + t - 27


def _rank(code: int) -> int:
    return code & 15


def _suit(code: int) -> int:
    return code >> 4


def add(fans: dict[str, int], fan: str | None, n: int = 1) -> None:
    """Count a fan n more times (nothing for no fan or n <= 0: a count is never stored as 0)."""
    if fan and n > 0:
        fans[fan] = fans.get(fan, 0) + n


def win_fans(flags: WinFlags, fans: dict[str, int]) -> None:
    """The fan of how the winning tile came (self-drawn, the last tile, a loose tile, a robbed kong)."""
    self_drawn, kong, last_wall, last = flags
    if last:
        fans["last_tile"] = 1
    if self_drawn:
        fans["self_drawn"] = 1
        if last_wall:
            fans["last_tile_draw"] = 1
        if kong:
            fans["out_with_replacement_tile"] = 1
    else:
        if last_wall:
            fans["last_tile_claim"] = 1
        if kong:
            fans["robbing_the_kong"] = 1


# --- combinations of sets (non-identical, account-once) ----------------------------------------------------

def _shifted(a: int, b: int, c: int, step: int = 1) -> bool:
    return a + step == b and b + step == c


def _three_chows_fan(t0: int, t1: int, t2: int) -> str | None:
    s0, s1, s2 = _suit(t0), _suit(t1), _suit(t2)
    r0, r1, r2 = _rank(t0), _rank(t1), _rank(t2)
    if len({s0, s1, s2}) == 3:
        if _shifted(*sorted((r0, r1, r2))):
            return "mixed_shifted_chows"
        if r0 == r1 == r2:
            return "mixed_triple_chow"
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return "mixed_straight"
        return None
    if _shifted(t0, t1, t2, 3):
        return "pure_straight"
    if _shifted(t0, t1, t2, 2) or _shifted(t0, t1, t2):
        return "pure_shifted_chows"
    if t0 == t1 == t2:
        return "pure_triple_chow"
    return None


def two_chows(t0: int, t1: int) -> str | None:
    """The fan two chows make together (by their middle tiles' codes), if any."""
    if _suit(t0) != _suit(t1):
        return "mixed_double_chow" if _rank(t0) == _rank(t1) else None
    if abs(t0 - t1) == 3:
        return "short_straight"
    if {_rank(t0), _rank(t1)} == {2, 8}:
        return "two_terminal_chows"
    return "pure_double_chow" if t0 == t1 else None


def _one_more_chow(t0: int, t1: int, t2: int, extra: int) -> str | None:
    """The best two-chow fan the fourth chow makes with one of three that made a fan (account-once)."""
    got = {two_chows(t, extra) for t in (t0, t1, t2)}
    return next((f for f in _PAIRWISE if f in got), None)


def _cut(found: list[str], most: int, fans: dict[str, int]) -> None:
    """Two-chow fans, at most `most` of them, cut from the last kind first, repeats before singles."""
    table = [sum(1 for f in found if f == k) for k in _PAIRWISE]
    count = sum(table)
    limit = 1
    while count > most and limit >= 0:
        idx = 4
        while count > most and idx > 0:
            idx -= 1
            while table[idx] > limit and count > most:
                table[idx] -= 1
                count -= 1
        limit -= 1
    for k, n in zip(_PAIRWISE, table):
        add(fans, k, n)


def four_chows(t: list[int], pair: int, fans: dict[str, int]) -> None:
    """Four chows (sorted codes): the four-chow fan, else a three-chow fan and the fourth chow's best pair fan,
    else the pairs' fans cut to what account-once allows."""
    ranks = sorted((_suit(x), _rank(x)) for x in t)
    if _rank(pair) == 5 and all(r in (2, 8) for _, r in ranks):
        same = [s for s, _ in ranks if s == _suit(pair)]
        if not same and len({s for s, _ in ranks}) == 2 and sorted(r for _, r in ranks) == [2, 2, 8, 8] and \
                len({(s, r) for s, r in ranks}) == 4:
            fans["three_suited_terminal_chows"] = 1
            return
        if len(same) == 4 and sorted(r for _, r in ranks) == [2, 2, 8, 8]:
            fans["pure_terminal_chows"] = 1
            return
    if _shifted(t[0], t[1], t[2], 2) and t[2] + 2 == t[3] or _shifted(t[0], t[1], t[2]) and t[2] + 1 == t[3]:
        fans["four_pure_shifted_chows"] = 1
        return
    if t[0] == t[1] == t[2] == t[3]:
        fans["quadruple_chow"] = 1
        return
    for a, b, c, extra in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = _three_chows_fan(t[a], t[b], t[c])
        if fan:
            fans[fan] = 1
            add(fans, _one_more_chow(t[a], t[b], t[c], t[extra]))
            return
    found = [two_chows(t[a], t[b]) for a, b in combinations(range(4), 2)]
    most = 3 - sum(1 for k in range(4) if all(found[i] is None for i, (a, b) in
                                              enumerate(combinations(range(4), 2)) if k in (a, b)))
    if most > 0:
        _cut([f for f in found if f], most, fans)


def three_chows(t: list[int], fans: dict[str, int]) -> None:
    """Three chows and a pung: the three-chow fan, else at most two pair fans (account-once)."""
    fan = _three_chows_fan(*t)
    if fan:
        fans[fan] = 1
        return
    found = [two_chows(t[a], t[b]) for a, b in combinations(range(3), 2)]
    _cut([f for f in found if f], 2, fans)


def _numbered(code: int) -> bool:
    return _suit(code) < 4


def _three_pungs_fan(t0: int, t1: int, t2: int) -> str | None:
    if _numbered(t0) and _numbered(t1) and _numbered(t2):
        if len({_suit(t0), _suit(t1), _suit(t2)}) == 3:
            ranks = sorted((_rank(t0), _rank(t1), _rank(t2)))
            if _shifted(*ranks):
                return "mixed_shifted_pungs"
            if ranks[0] == ranks[2]:
                return "triple_pung"
        elif _shifted(t0, t1, t2):
            return "pure_shifted_pungs"
        return None
    winds = [x for x in (t0, t1, t2) if 0x41 <= x <= 0x44]
    if len(set(winds)) == 3:
        return "big_three_winds"
    if (t0, t1, t2) == (0x45, 0x46, 0x47):
        return "big_three_dragons"
    return None


def two_pungs(t0: int, t1: int) -> str | None:
    """The fan two pungs make together (double pung, two dragon pungs), if any."""
    if _numbered(t0) and _numbered(t1):
        return "double_pung" if _rank(t0) == _rank(t1) else None
    return "two_dragon_pungs" if t0 >= 0x45 and t1 >= 0x45 else None


def three_pungs(t: list[int], fans: dict[str, int]) -> None:
    """Three pungs and a chow: the three-pung fan, else each pair's fan."""
    fan = _three_pungs_fan(*t)
    if fan:
        fans[fan] = 1
        return
    for a, b in combinations(range(3), 2):
        add(fans, two_pungs(t[a], t[b]))


def four_pungs(t: list[int], fans: dict[str, int]) -> None:
    """Four pungs: the four-pung fan, else a three-pung fan and the free pung's first pair fan, else each pair's."""
    if _numbered(t[0]) and _shifted(t[0], t[1], t[2]) and t[2] + 1 == t[3]:
        fans["four_pure_shifted_pungs"] = 1
        return
    if t == [0x41, 0x42, 0x43, 0x44]:
        fans["big_four_winds"] = 1
        return
    for a, b, c, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = _three_pungs_fan(t[a], t[b], t[c])
        if fan:
            fans[fan] = 1
            for i in range(4):
                if i != free and two_pungs(t[i], t[free]):
                    add(fans, two_pungs(t[i], t[free]))
                    break
            return
    for a, b in combinations(range(4), 2):
        add(fans, two_pungs(t[a], t[b]))


# --- the whole hand's tiles ----------------------------------------------------------------------------------

def pair_fans(pair: int, chows: int, fans: dict[str, int]) -> None:
    """What the pair changes: all chows (a suit pair), little three dragons, little four winds."""
    if chows == 4:
        if T.is_suit(pair):
            fans["all_chows"] = 1
        return
    if "two_dragon_pungs" in fans:
        if T.is_dragon(pair):
            fans["little_three_dragons"] = 1
            del fans["two_dragon_pungs"]
        return
    if "big_three_winds" in fans and T.is_wind(pair):
        fans["little_four_winds"] = 1
        del fans["big_three_winds"]


def sets_traits(groups: Iterable[Group], fans: dict[str, int]) -> None:
    """Every set and the pair: outside hand, all fives, all even pungs."""
    outside = five = even = 0
    for g in groups:
        t = g.tiles[1] if g.kind == "chow" else g.tiles[0]
        if not T.is_suit(t):
            outside += 1
            continue
        r = t % 9 + 1
        if g.kind == "chow":
            outside += r in (2, 8)
            five += r in (4, 5, 6)
        else:
            outside += r in (1, 9)
            five += r == 5
            even += r in (2, 4, 6, 8)
    if outside == 5:
        fans["outside_hand"] = 1
    elif five == 5:
        fans["all_fives"] = 1
    elif even == 5:
        fans["all_even_pungs"] = 1


def _mask(tiles: Iterable[int]) -> int:
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


_SUIT_MASKS = tuple(0x1FF << 9 * s for s in range(3))
_HONOURS = 0x7F << 27
_WINDS, _DRAGONS = 0xF << 27, 0x7 << 31
_MAJOR, _TERMINALS = _mask(T.MAJOR), _mask(t for t in T.MAJOR if T.is_suit(t))
_NOT_REVERSIBLE, _NOT_GREEN = ~_mask(_REVERSIBLE), ~_mask(T.GREEN_TILES)


def kinds_mask(counts: Iterable[int]) -> int:
    """The kinds held (a count above 0) as bits of one number: what whole_tiles reads."""
    out = 0
    for t, n in enumerate(counts):
        if n:
            out |= 1 << t
    return out


def whole_tiles(kinds: int) -> dict[str, int]:
    """The fan of the tiles held as a whole (`kinds`: kinds_mask of every tile), the same for every arrangement
    of a hand: the suits held (no honours, one voided suit, half and full flush, all types), every tile (all
    simples, reversible, all green, all honours, all terminals, all terminals and honours) and the numbers held,
    suit tiles only (upper, middle, lower tiles, upper and lower four). Bit tests of one number, worked out once
    per hand (issue 40: a set of kinds and a test per tile, for every arrangement, were 8% of an MCR hand)."""
    fans: dict[str, int] = {}
    held = sum(1 for m in _SUIT_MASKS if kinds & m)
    honours = kinds & _HONOURS
    if not honours:
        fans["no_honours"] = 1
    if not held:  # GB-Mahjong counts each suit missing (all honours excludes them)
        fans["one_voided_suit"] = 3
    elif held == 2:
        fans["one_voided_suit"] = 1
    elif held == 1:
        fans["half_flush" if honours else "full_flush"] = 1
    if held == 3 and kinds & _WINDS and kinds & _DRAGONS:
        fans["all_types"] = 1
    simples = not kinds & _MAJOR
    if simples:
        fans["all_simples"] = 1
    if not kinds & _NOT_REVERSIBLE:
        fans["reversible_tiles"] = 1
    if not kinds & _NOT_GREEN:
        fans["all_green"] = 1
    if not simples:
        if not kinds & ~_HONOURS:
            fans["all_honours"] = 1
        elif not kinds & ~_TERMINALS:
            fans["all_terminals"] = 1
        elif not kinds & ~_MAJOR:
            fans["all_terminals_and_honours"] = 1
    if not honours:  # the numbers held, in any suit: bit n - 1 for number n
        ranks = (kinds | kinds >> 9 | kinds >> 18) & 0x1FF
        if not ranks & ~0xF:
            fans["lower_four" if ranks & 0x8 else "lower_tiles"] = 1
        elif not ranks & ~0x1E0:
            fans["upper_four" if ranks & 0x20 else "upper_tiles"] = 1
        elif not ranks & ~0x38:
            fans["middle_tiles"] = 1
    return fans


def hand_whole(c: Judged) -> tuple[dict[str, int], int]:
    """(whole_tiles of every tile, how many kinds are held four times) of the context's hand: the same for every
    arrangement, worked out once, from the hand's tiles (declared and concealed, bonus aside)."""
    got: tuple[dict[str, int], int] | None = c.memo.get("mcr whole")
    if got is None:
        tiles = c.hand.tiles
        kinds = 0
        for t in tiles:
            kinds |= 1 << t
        got = c.memo["mcr whole"] = (whole_tiles(kinds), sum(1 for t in set(tiles) if tiles.count(t) == 4))
    return got


def _self_drawn(c: Judged) -> bool:  # (as rules/mcr.py's facts tell it: the winning tile from the wall or a loose tile)
    return c.source in ("wall", "loose")


def _last_words(c: Judged) -> bool:  # last-wall-tile or last-discard given
    return bool(c.also & {"last-wall-tile", "last-discard"})


def _one_suit_no_honours(c: Judged) -> bool:
    return len(c.suits) == 1 and not c.has_honours


def _three_suits(c: Judged) -> bool:
    return len(c.suits) == 3


def _no_honours(c: Judged) -> bool:
    return not c.has_honours


def _honours(c: Judged) -> bool:
    return c.has_honours


# what a hand must be for each fan, by what a plan is told (the winning shape, the suits held, honours or not, how
# the winning tile came, the circumstances): fan_possible. A fan not named here may occur in any hand.
_NEEDS: dict[str, Callable[[Judged], bool]] = {
    "self_drawn": _self_drawn, "fully_concealed_hand": _self_drawn,
    "concealed_hand": lambda c: not _self_drawn(c), "melded_hand": lambda c: not _self_drawn(c),
    "last_tile_draw": lambda c: _self_drawn(c) and _last_words(c),
    "last_tile_claim": lambda c: not _self_drawn(c) and _last_words(c),
    "out_with_replacement_tile": lambda c: c.source == "loose", "robbing_the_kong": lambda c: c.source == "kong",
    "seven_pairs": lambda c: c.pattern == "seven_pairs", "seven_shifted_pairs": lambda c: c.pattern == "seven_pairs",
    "thirteen_orphans": lambda c: c.pattern == "thirteen_orphans",
    "greater_honours_and_knitted_tiles": lambda c: c.pattern == "honours_and_knitted",
    "lesser_honours_and_knitted_tiles": lambda c: c.pattern == "honours_and_knitted",
    "all_honours": lambda c: not c.suits, "one_voided_suit": lambda c: len(c.suits) < 3,
    "half_flush": lambda c: len(c.suits) == 1 and c.has_honours, "full_flush": _one_suit_no_honours,
    "nine_gates": _one_suit_no_honours, "pure_terminal_chows": _one_suit_no_honours,
    "all_types": lambda c: len(c.suits) == 3 and c.has_honours,
    # (two suits and a pair of an honour whose GB-Mahjong code reads as a 5 make it too, as four_chows counts it)
    "three_suited_terminal_chows": lambda c: len(c.suits) > 1,
    "all_green": lambda c: c.suits <= {2}, "reversible_tiles": lambda c: 0 not in c.suits,  # (bamboo; no characters)
    "all_terminals_and_honours": lambda c: bool(c.suits) and c.has_honours,
    **dict.fromkeys(("no_honours", "all_simples", "all_terminals", "upper_tiles", "middle_tiles", "lower_tiles",
                     "upper_four", "lower_four", "all_fives", "all_even_pungs"), _no_honours),
    **dict.fromkeys(("mixed_triple_chow", "mixed_shifted_chows", "mixed_straight", "triple_pung",
                     "mixed_shifted_pungs"), _three_suits),
    "mixed_double_chow": lambda c: len(c.suits) > 1, "double_pung": lambda c: len(c.suits) > 1,
    **dict.fromkeys(("big_four_winds", "big_three_dragons", "little_four_winds", "little_three_dragons",
                     "big_three_winds", "two_dragon_pungs", "dragon_pung", "prevalent_wind", "seat_wind"), _honours),
}


def fan_possible(c: Judged, fan: str) -> bool:
    """The `fan:` condition's screen (registry.condition): False where no hand of the context's winning shape, suits
    held, honours or not, way the winning tile came and circumstances makes `fan`, so that a plan leaves its rule
    out (a winning hand's plan asked each of about 80 fan rules of every arrangement, most of them impossible there:
    issue 40). A context with no winning shape (a non-winner's) is not screened."""
    need = _NEEDS.get(fan)
    return need is None or c.pattern is None or need(c)


def waiting_form(concealed: Iterable[Group], win: int, fans: dict[str, int]) -> None:
    """A one-tile wait's form: edge, closed or single wait, in that order, from the concealed sets."""
    edge = closed = single = False
    for g in concealed:
        if g.kind == "chow":
            if g.tiles[1] == win:
                closed = True
            elif win in (g.tiles[0], g.tiles[2]):
                edge = True
        elif g.kind == "pair" and g.tiles[0] == win:
            single = True
    if edge:
        fans["edge_wait"] = 1
    elif closed:
        fans["closed_wait"] = 1
    elif single:
        fans["single_wait"] = 1
