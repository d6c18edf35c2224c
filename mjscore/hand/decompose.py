"""Every way to arrange concealed tiles into sets, cached on the 34-slot count vector.

Groups are sets.Group, concealed (not declared, not exposed), as the rules judge them. Shapes other than
"four sets and a pair" are registered in SHAPES by name, so a table file can list
the winning patterns of its variant.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable, Sequence

from mjscore.hand import tiles as T
from mjscore.hand.sets import Group, concealed as _g

Counts = tuple[int, ...]  # a count per tile kind (34 slots, or one block's)
Arrangements = tuple[tuple[Group, ...], ...]  # each a way to arrange the tiles into groups


def counts_of(tiles: Iterable[int]) -> tuple[int, ...]:
    c = [0] * T.N_KINDS
    for t in tiles:
        c[t] += 1
    return tuple(c)


BLOCKS = ((0, 9), (9, 18), (18, 27), (27, 34))  # three suits, then honours: sets never cross a block


def _blocks(counts: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """The count vector cut into (block counts, first tile id); empty blocks left out."""
    out = []
    for lo, hi in BLOCKS:
        vec = tuple(counts[lo:hi])
        if any(vec):
            out.append((vec, lo))
    return out


def _take(vec: Counts, *idx: int) -> tuple[int, ...]:
    c = list(vec)
    for i in idx:
        c[i] -= 1
    return tuple(c)


def _chow_ok(vec: Counts, i: int, base: int) -> bool:
    return base < 27 and i <= 6 and vec[i + 1] > 0 and vec[i + 2] > 0


def _first(vec: Counts) -> int:
    for i, c in enumerate(vec):
        if c:
            return i
    return -1


@lru_cache(maxsize=4096)
def block_sets(vec: tuple[int, ...], base: int) -> tuple[tuple[int, int, tuple[Group, ...]], ...]:
    """Every split of one block into sets and at most one pair: (sets, pairs, groups)."""
    i = _first(vec)
    if i < 0:
        return ((0, 0, ()),)
    t = base + i
    out = []
    if vec[i] >= 2:
        for n, p, rest in block_sets(_take(vec, i, i), base):
            if p == 0:
                out.append((n, 1, (_g("pair", (t, t)),) + rest))
    if vec[i] >= 3:
        for n, p, rest in block_sets(_take(vec, i, i, i), base):
            out.append((n + 1, p, (_g("pung", (t, t, t)),) + rest))
    if _chow_ok(vec, i, base):
        for n, p, rest in block_sets(_take(vec, i, i + 1, i + 2), base):
            out.append((n + 1, p, (_g("chow", (t, t + 1, t + 2)),) + rest))
    return tuple(out)


def sets_and_pair(counts: tuple[int, ...], sets: int, pair: bool) -> tuple[tuple[Group, ...], ...]:
    """All ways to split counts into exactly `sets` pungs/chows plus one pair (if `pair`).

    Each suit (and the honours) is split on its own and cached (block_sets), so a new hand mostly
    reuses blocks seen before; the blocks' splits are then combined. Not kept whole: a whole hand's
    counts seldom recur (issue 40: no gain measured, docs/architecture.md).
    """
    return combine_splits([block_sets(vec, base) for vec, base in _blocks(counts)], sets, pair)


def combine_splits(splits: list[tuple[tuple[int, int, tuple[Group, ...]], ...]], sets: int, pair: bool) -> tuple[tuple[Group, ...], ...]:
    """Exactly `sets` sets and one pair (if `pair`) from one block_sets result per block."""
    combos: list[tuple[int, int, tuple[Group, ...]]] = [(0, 0, ())]
    want_pairs = 1 if pair else 0
    for options in splits:
        combos = [(n + m, p + q, g + h) for n, p, g in combos for m, q, h in options
                  if n + m <= sets and p + q <= want_pairs]
        if not combos:
            return ()
    return tuple(g for n, p, g in combos if n == sets and p == want_pairs)


def block_partial(vec: tuple[int, ...], base: int) -> tuple[tuple[Group, ...], ...]:
    """One block of a non-winning hand: maximal sets, then the rest as pairs and singles, sorted by tile.

    A set never spans a tile kind the block lacks (nor two honours), so the block falls into runs
    that are arranged on their own: its arrangements are every choice of one per run, the first
    run's choice varying slowest. Runs recur far more often than whole blocks, and are cached.
    (scoring keeps each block's arrangements with the block: arrange._block)"""
    suit = base < 27
    combos: list[tuple[Group, ...]] = [()]
    i, n = 0, len(vec)
    while i < n:
        if not vec[i]:
            i += 1
            continue
        j = i + 1
        while suit and j < n and vec[j]:
            j += 1
        combos = [c + a for c in combos for a in _run_partial(vec[i:j], base + i, suit)]
        i = j
    return tuple(combos)


def _unwound(i: int) -> None:
    """What a finished search's step is re-pointed at, so that it no longer refers to itself (_run_partial)."""


@lru_cache(maxsize=8192)
def _run_partial(vec: tuple[int, ...], base: int, suit: bool) -> tuple[tuple[Group, ...], ...]:
    """One run of a block (no kind missing inside it): maximal sets, the rest as pairs and singles.

    Sets are chosen lowest tile first (a pung, a chow, or leaving the tile's copies out, in that order);
    a branch that leaves three alike out is dropped at once, and at the end one that leaves any set
    unformed (never better than forming it)."""
    n = len(vec)
    count, left = list(vec), [0] * n
    sets: list[Group] = []
    out: list[tuple[Group, ...]] = []
    # the chow test (_chow_ok) is written out here: it runs at every step of the search

    def maximal() -> bool:
        for i in range(n):
            if left[i] >= 3 or (suit and i + 2 < n and left[i] and left[i + 1] and left[i + 2]):
                return False
        return True

    def choose(i: int) -> None:
        while i < n and not count[i]:
            i += 1
        if i == n:
            if maximal():
                rest: list[Group] = []
                for k, c in enumerate(left):
                    rest += [_g("pair", (base + k, base + k))] * (c // 2) + [_g("single", (base + k,))] * (c % 2)
                out.append(tuple(sorted(sets + rest, key=lambda g: g[1])))
            return
        t = base + i
        if count[i] >= 3:
            count[i] -= 3
            sets.append(_g("pung", (t, t, t)))
            choose(i)
            sets.pop()
            count[i] += 3
        if suit and i + 2 < n and count[i + 1] and count[i + 2]:
            for k in (i, i + 1, i + 2):
                count[k] -= 1
            sets.append(_g("chow", (t, t + 1, t + 2)))
            choose(i)
            sets.pop()
            for k in (i, i + 1, i + 2):
                count[k] += 1
        if count[i] >= 3:
            return  # leaving three alike out is never maximal
        left[i], count[i] = count[i], 0
        choose(i + 1)
        count[i], left[i] = left[i], 0

    choose(0)
    choose = _unwound  # it called itself through its own cell: a cycle only the garbage collector would free
    return tuple(dict.fromkeys(out))


# --- winning shapes -------------------------------------------------------------------------

Shape = Callable[[Counts, int], Arrangements]
SHAPES: dict[str, Shape] = {}
CONCEALED: set[str] = set()  # the shapes only a hand with no declared set can have


def shape(name: str, concealed: bool = False) -> Callable[[Shape], Shape]:
    """Register a winning shape: f(concealed counts, number of declared melds) -> arrangements.
    concealed: the shape needs a hand with no declared set (f gives nothing for one), so a hand with a
    declared set is not even counted for it."""

    def register(f: Shape) -> Shape:
        SHAPES[name] = f
        if concealed:
            CONCEALED.add(name)
        return f

    return register


@shape("standard")
def _standard(counts: Counts, melds: int) -> Arrangements:
    """Four sets (pung, kong, chow) and a pair."""
    if melds > 4:
        return ()
    return sets_and_pair(counts, 4 - melds, True)


@shape("seven_pairs", concealed=True)
def _seven_pairs(counts: Counts, melds: int) -> Arrangements:
    """Seven pairs, all concealed; two alike pairs (four of a kind) are allowed."""
    if melds or sum(counts) != 14 or any(c % 2 for c in counts):
        return ()
    return (tuple(_g("pair", (i, i)) for i, c in enumerate(counts) for _ in range(c // 2)),)


@shape("thirteen_orphans", concealed=True)
def _thirteen_orphans(counts: Counts, melds: int) -> Arrangements:
    """One of each terminal and honour plus a fourteenth pairing one of them."""
    majors = T.MAJORS
    if melds or sum(counts) != 14 or any(counts[i] == 0 for i in majors):
        return ()
    if sum(counts[i] for i in majors) != 14:
        return ()
    pair = next(i for i in majors if counts[i] == 2)
    return (tuple(_g("pair", (i, i)) if i == pair else _g("single", (i,)) for i in majors),)


# --- added for hungarian/danish ---

def _straight_rest(counts: Counts, melds: int) -> list[tuple[int, tuple[int, ...]]]:
    """(suit, leftover counts) for each suit holding 1-9 in a fully concealed 14-tile hand."""
    if melds or sum(counts) != 14:
        return []
    out = []
    for suit in range(3):
        base = suit * 9
        if all(counts[base + n] for n in range(9)):
            left = list(counts)
            for n in range(9):
                left[base + n] -= 1
            out.append((suit, tuple(left)))
    return out


def _straight_groups(suit: int) -> tuple[Group, ...]:
    b = suit * 9
    return tuple(_g("chow", (b + n, b + n + 1, b + n + 2)) for n in (0, 3, 6))


@shape("big_row_winds", concealed=True)
def _big_row_winds(counts: Counts, melds: int) -> Arrangements:
    """1-9 of one suit, one each of the four winds, and one more tile of that suit (Hungarian nagysor)."""
    out = []
    for suit, left in _straight_rest(counts, melds):
        winds = range(T.EAST, T.NORTH + 1)
        if all(left[w] == 1 for w in winds):
            extra = [i for i in range(suit * 9, suit * 9 + 9) if left[i] == 1]
            if len(extra) == 1:
                out.append(_straight_groups(suit) + tuple(_g("single", (w,)) for w in winds)
                           + (_g("single", (extra[0],)),))
    return tuple(out)


@shape("big_row_dragons", concealed=True)
def _big_row_dragons(counts: Counts, melds: int) -> Arrangements:
    """1-9 of one suit, one each of the three dragons, and a pair of winds (the nagysor's other form)."""
    out = []
    for suit, left in _straight_rest(counts, melds):
        dragons = range(T.RED, T.WHITE + 1)
        pair = [w for w in range(T.EAST, T.NORTH + 1) if left[w] == 2]
        if all(left[d] == 1 for d in dragons) and len(pair) == 1:
            out.append(_straight_groups(suit) + tuple(_g("single", (d,)) for d in dragons)
                       + (_g("pair", (pair[0], pair[0])),))
    return tuple(out)


@shape("thirteen_orphans_any", concealed=True)
def _thirteen_orphans_any(counts: Counts, melds: int) -> Arrangements:
    """One of each terminal and honour plus any fourteenth tile (Hungarian "world wonder")."""
    majors = T.MAJORS
    if melds or sum(counts) != 14 or any(counts[i] == 0 for i in majors):
        return ()
    extra = next(i for i in range(T.N_KINDS) if counts[i] > (1 if i in T.MAJOR else 0))
    groups = [_g("pair", (i, i)) if i == extra else _g("single", (i,)) for i in majors]
    if extra not in T.MAJOR:
        groups.append(_g("single", (extra,)))
    return (tuple(sorted(groups, key=lambda g: g[1])),)
# --- added for classical ---

def _suit_numbers(counts: Sequence[int], suit: int) -> list[int]:
    """Counts of numbers 1-9 of one suit, index 1-9 (index 0 unused)."""
    return [0] + list(counts[suit * 9:suit * 9 + 9])


def _suits_held(counts: Counts) -> list[int]:
    return [s for s in range(3) if any(counts[s * 9:s * 9 + 9])]


def gates_surplus(counts: Counts, ends: bool = False) -> tuple[int, int] | None:
    """(suit, surplus) of a nine gates hand: 14 tiles of one suit, three 1s, three 9s, one each of 2-8 and one
    more 2-8 (the surplus number), or with `ends` 1-9 (a fourth 1 or 9: Hong Kong's 九子連環 takes any tile of the
    suit); None for any other counts. The winning shape below and the condition that names the surplus
    (rules/special.py, `gates_surplus:`) both read the hand here, so they cannot disagree."""
    if sum(counts) != 14 or any(counts[27:]):
        return None
    suits = _suits_held(counts)
    if len(suits) != 1:
        return None
    n = _suit_numbers(counts, suits[0])
    if ends:
        base = (0, 3, 1, 1, 1, 1, 1, 1, 1, 3)
        over = [k for k in range(1, 10) if n[k] != base[k]]
        return (suits[0], over[0]) if len(over) == 1 and n[over[0]] == base[over[0]] + 1 else None
    if n[1] != 3 or n[9] != 3 or any(n[k] < 1 for k in range(2, 9)):
        return None
    return suits[0], next(k for k in range(2, 9) if n[k] == 2)


@shape("gates_of_heaven", concealed=True)
def _gates_of_heaven(counts: Counts, melds: int) -> Arrangements:
    """One suit, no declared group: 111 and 999, one each of 2-8 and one more 2-8 (arranged as its pair)."""
    found = None if melds else gates_surplus(counts)
    if found is None:
        return ()
    s, surplus = found

    def tile(k: int) -> int:
        return s * 9 + k - 1

    groups = [_g("pung", (tile(1),) * 3)]
    groups += [_g("pair", (tile(k),) * 2) if k == surplus else _g("single", (tile(k),)) for k in range(2, 9)]
    return (tuple(groups + [_g("pung", (tile(9),) * 3)]),)


@shape("wriggling_snake", concealed=True)
def _wriggling_snake(counts: Counts, melds: int) -> Arrangements:
    """No declared group: 1 1 2 3 4 5 6 7 8 9 of one suit and one each of E S W N (no dragons)."""
    suits = _suits_held(counts)
    if melds or sum(counts) != 14 or len(suits) != 1 or any(counts[27 + i] != 1 for i in range(4)) \
            or any(counts[31:]):
        return ()
    s = suits[0]
    if _suit_numbers(counts, s)[1:] != [2, 1, 1, 1, 1, 1, 1, 1, 1]:
        return ()
    groups = [_g("pair", (s * 9, s * 9))] + [_g("single", (s * 9 + k,)) for k in range(1, 9)]
    return (tuple(groups + [_g("single", (27 + i,)) for i in range(4)]),)


def _knitted(counts: Sequence[int], suits: tuple[int, ...], number: int) -> Group:
    return _g("knitted", tuple(s * 9 + number - 1 for s in suits))


@shape("knitting", concealed=True)
def _knitting(counts: Counts, melds: int) -> Arrangements:
    """No honours, no declared group: two suits, seven couples of one number in both (couples may repeat)."""
    suits = _suits_held(counts)
    if melds or sum(counts) != 14 or len(suits) != 2 or any(counts[27:]):
        return ()
    a, b = (_suit_numbers(counts, s) for s in suits)
    if a != b:
        return ()
    return (tuple(_knitted(counts, tuple(suits), k) for k in range(1, 10) for _ in range(a[k])),)


@shape("triple_knitting", concealed=True)
def _triple_knitting(counts: Counts, melds: int) -> Arrangements:
    """No honours, no declared group: four knitted triples (a number in all three suits) and a knitted pair."""
    if melds or sum(counts) != 14 or any(counts[27:]):
        return ()
    out = []
    for k in range(1, 10):
        for pair in ((0, 1), (0, 2), (1, 2)):
            rest = list(counts)
            for s in pair:
                rest[s * 9 + k - 1] -= 1
            if min(rest) < 0:
                continue
            n = [_suit_numbers(rest, s) for s in range(3)]
            if not n[0] == n[1] == n[2]:
                continue
            triples = [_knitted(rest, (0, 1, 2), j) for j in range(1, 10) for _ in range(n[0][j])]
            out.append(tuple(sorted(triples + [_knitted(counts, pair, k)], key=lambda g: g[1])))
    return tuple(dict.fromkeys(out))


# --- added for mcr (Chinese Official): the knitted straight and the honours and knitted tiles ---

# the knitted straight's three runs: 147 in one suit, 258 in another, 369 in the third (MCR fan 35)
KNITTED_RUNS = tuple((a, b, c) for a in range(3) for b in range(3) for c in range(3) if len({a, b, c}) == 3)


@lru_cache(maxsize=8)  # (six orders of the suits: every hand of an MCR table asks each, issue 40)
def knitted_tiles(suits: tuple[int, int, int]) -> tuple[int, ...]:
    """The nine tiles of the knitted straight with 147 in suits[0], 258 in suits[1], 369 in suits[2]."""
    return tuple(s * 9 + n - 1 for s, first in zip(suits, (1, 2, 3)) for n in (first, first + 3, first + 6))


@shape("knitted_straight")
def _knitted_straight(counts: Counts, melds: int) -> Arrangements:
    """A knitted straight (147, 258, 369 in three suits), a set and a pair; the set may be declared. Its nine
    tiles are written as three `knitted` groups of one suit each (147m 258p 369s)."""
    if melds > 1:
        return ()
    out = []
    for suits in KNITTED_RUNS:
        nine = knitted_tiles(suits)
        if any(counts[t] == 0 for t in nine):
            continue
        rest = list(counts)
        for t in nine:
            rest[t] -= 1
        runs = tuple(_g("knitted", nine[i:i + 3]) for i in (0, 3, 6))
        out += [runs + split for split in sets_and_pair(tuple(rest), 1 - melds, True)]
    return tuple(out)


@shape("honours_and_knitted", concealed=True)
def _honours_and_knitted(counts: Counts, melds: int) -> Arrangements:
    """Fourteen different tiles: suit tiles all from one knitted straight's nine, the rest honours (MCR
    fans 20 and 34, greater and lesser honours and knitted tiles); each tile a `single`."""
    if melds or sum(counts) != 14 or max(counts) > 1:
        return ()
    held = {t for t in range(27) if counts[t]}
    if len(held) < 7 or not any(held <= set(knitted_tiles(s)) for s in KNITTED_RUNS):
        return ()
    return (tuple(_g("single", (t,)) for t in range(T.N_KINDS) if counts[t]),)
