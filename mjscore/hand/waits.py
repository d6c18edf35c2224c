"""The tiles a hand one tile short waits on: a lookup per block and a merge, not a search per tile.

A block (one suit, or the honours) is summed up once per distinct tile count by what it can be
split into: a bit mask of the numbers of sets it splits into with no pair, and one with a pair
(`feasible`). A hand completes when its blocks' masks merge into the sets it lacks and one pair,
so a hand's standard waits are the tiles whose block, one tile more, still merges. The other
shapes are tried tile by tile only when the hand passes a cheap necessary test of theirs (MAYBE),
and those that need a fully concealed hand (decompose.CONCEALED) only on one.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import Callable, Sequence

from mjscore.hand import tiles as T
from mjscore.hand.decompose import CONCEALED, SHAPES, counts_of

MAJORS = T.MAJORS


@lru_cache(maxsize=8192)  # bounded: a batch of a million deals keeps its memory flat
def feasible(vec: tuple[int, ...], suit: bool) -> tuple[int, int]:
    """(bits n: the block splits into n sets and no pair, bits n: into n sets and one pair).

    A set never spans a number the suit lacks, so a suit falls into runs of consecutive numbers that split
    on their own, and the block's masks are the runs' merged; a run recurs far more often than a block."""
    if not suit:
        return _split(vec, False)
    none, pair = 1, 0
    i, n = 0, len(vec)
    while i < n:
        if not vec[i]:
            i += 1
            continue
        j = i + 1
        while j < n and vec[j]:
            j += 1
        z, o = _split(vec[i:j], True)
        none, pair = _conv(none, z), _conv(none, o) | _conv(pair, z)
        if not none and not pair:
            break
        i = j
    return none, pair


@lru_cache(maxsize=8192)
def _split(vec: tuple[int, ...], suit: bool) -> tuple[int, int]:
    """feasible's masks of a run of a suit (or of the honours), by search."""
    i = 0
    n = len(vec)
    while i < n and not vec[i]:
        i += 1
    if i == n:
        return 1, 0
    none = pair = 0
    c = list(vec)
    if c[i] >= 2:
        c[i] -= 2
        z, _ = _split(tuple(c), suit)
        pair |= z
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        z, o = _split(tuple(c), suit)
        none |= z << 1
        pair |= o << 1
        c[i] += 3
    if suit and i + 2 < n and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        z, o = _split(tuple(c), suit)
        none |= z << 1
        pair |= o << 1
    return none, pair


def _conv(a: int, b: int) -> int:
    """Bits a + b for every bit a of `a` and b of `b` (the masks are a few bits; up to four sets, _CONV holds them
    all)."""
    out, k = 0, 0
    while a:
        if a & 1:
            out |= b << k
        a >>= 1
        k += 1
    return out


@lru_cache(maxsize=8192)  # by the counts alone: the same numbers in another suit share them (bounded)
def completions(vec: tuple[int, ...], suit: bool) -> tuple[tuple[int, int, int], ...]:
    """(index, masks) for each tile that, added to the block, leaves it splittable into sets and at
    most one pair: the block's candidate waits (standard_waits; masks up to
    four sets, as _CONV keeps them). A tile added to a suit changes one run, or joins two: the other
    runs' masks are merged once, before and after each run, and a run's masks with one tile more are
    kept with the run (_grown), so each tile costs a lookup and a merge."""
    if not suit:
        out = []
        c = list(vec)
        for i in range(len(vec)):
            if c[i]:  # an honour not held would be a single
                c[i] += 1
                z, o = feasible(tuple(c), False)
                c[i] -= 1
                if z or o:
                    out.append((i, z & 31, o & 31))
        return tuple(out)
    conv = _CONV
    n = len(vec)
    runs = []  # (start, end, masks) of each run of held numbers
    i = 0
    while i < n:
        if vec[i]:
            j = i + 1
            while j < n and vec[j]:
                j += 1
            runs.append((i, j, _split(vec[i:j], True)))
            i = j
        else:
            i += 1
    before = [(1, 0)]  # before[k]: the runs before run k merged; after[k]: the runs from run k on
    for _, _, (z, o) in runs:
        r0, r1 = before[-1]
        before.append((conv[r0][z & 31], conv[r0][o & 31] | conv[r1][z & 31]))
    after = [(1, 0)] * (len(runs) + 1)
    for k in range(len(runs) - 1, -1, -1):
        z, o = runs[k][2]
        r0, r1 = after[k + 1]
        after[k] = (conv[r0][z & 31], conv[r0][o & 31] | conv[r1][z & 31])
    out = []
    for k, (a, b, _) in enumerate(runs):  # run by run, in tile order: the number before it, its own, the one after
        grown = _grown(vec[a:b])
        r0, r1 = before[k]
        s0, s1 = after[k + 1]
        o0, o1 = conv[r0][s0], conv[r0][s1] | conv[r1][s0]
        for i in range(a - 1 if a and (a < 2 or not vec[a - 2]) else a, b + 1 if b < n else b):
            if i == b and b + 1 < n and vec[b + 1]:  # the gap to the next run: one more joins the two
                joined = list(vec[a:runs[k + 1][1]])
                joined[b - a] = 1
                z, o = _split(tuple(joined), True)
                s0, s1 = after[k + 2]
                o0, o1 = conv[r0][s0], conv[r0][s1] | conv[r1][s0]
            else:  # one more of a number in the run, or just before or after it (joining no other run)
                z, o = grown[i - a + 1]
            z, o = z & 31, o & 31
            z, o = conv[o0][z], conv[o0][o] | conv[o1][z]
            if z or o:
                out.append((i, z, o))
    return tuple(out)


@lru_cache(maxsize=4096)
def _grown(run: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The masks of a run with one more tile: one number before it, each of its numbers, one after it."""
    out = [_split((1,) + run, True)]
    for p in range(len(run)):
        out.append(_split(run[:p] + (run[p] + 1,) + run[p + 1:], True))
    out.append(_split(run + (1,), True))
    return tuple(out)


# _CONV[a][b]: _conv(a, b) up to 4 sets (a hand has at most four: more never completes one)
_CONV = [[_conv(a, b) & 31 for b in range(32)] for a in range(32)]


def counted_blocks(concealed: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """Sorted concealed tiles as blocks (each suit, then the honours; empty ones left out), each as (its first
    kind, its count vector): what standard_waits reads."""
    a = bisect_left(concealed, 9)
    b = bisect_left(concealed, 18, a)
    c = bisect_left(concealed, 27, b)
    out = []
    for base, part in ((0, concealed[:a]), (9, concealed[a:b]), (18, concealed[b:c]), (27, concealed[c:])):
        if part:
            vec = [0] * (7 if base == 27 else 9)
            for t in part:
                vec[t - base] += 1
            out.append((base, tuple(vec)))
    return out


def standard_waits(blocks: list[tuple[int, tuple[int, ...]]], melds: int) -> set[int]:
    """Tiles that make the concealed tiles, given as their blocks (counted_blocks: (first kind, counts)), four
    sets less `melds` and a pair (kinds held 4 not excluded): each block's candidate waits kept if the other
    blocks, merged, supply the rest. A block's masks and candidate waits are found by its counts alone (the
    same numbers in another suit share them), so a hand's blocks less its winning tile mostly meet known ones."""
    if melds > 4:
        return set()
    need = 4 - melds
    told = _open_blocks(blocks, need)
    if told is not None:
        return told
    conv = _CONV
    masks = []
    for base, counts in blocks:
        z, o = feasible(counts, base < 27)
        masks.append((z & 31, o & 31))
    before = [(1, 0)]  # the blocks before k merged (sets with no pair, with one pair), for each k
    r0, r1 = 1, 0
    for z, o in masks[:-1]:
        r0, r1 = conv[r0][z], conv[r0][o] | conv[r1][z]
        before.append((r0, r1))
    out: set[int] = set()
    a0, a1 = 1, 0  # the blocks after k merged
    for k in range(len(blocks) - 1, -1, -1):
        b0, b1 = before[k]
        r0, r1 = conv[b0][a0], conv[b0][a1] | conv[b1][a0]
        z, o = masks[k]
        a0, a1 = conv[a0][z], conv[a0][o] | conv[a1][z]
        if not r0 and not r1:
            continue
        # a wait of this block completes the hand when it leaves i sets (no pair) and the others need - i with
        # the pair, or i sets and the pair and the others need - i without
        with_pair, without = _NEEDS[need][r1], _NEEDS[need][r0]
        base, counts = blocks[k]
        for i, zt, ot in completions(counts, base < 27):
            if zt & with_pair or ot & without:
                out.add(base + i)
    return out


def _open_blocks(blocks: list[tuple[int, tuple[int, ...]]], need: int) -> set[int] | None:
    """standard_waits, told by the blocks' sizes, when every block but one or two holds 3i tiles that split into
    sets (nearly every hand one tile short of a standard win): a block of 3i+1 tiles never splits, so the waiting
    tile goes to the one block of 3j+1 tiles and makes it j sets and a pair; or to one of two blocks of 3j+2
    tiles, making it sets only while the other splits into sets and a pair. The waits are then those blocks'
    candidate waits, with no merge of every block's masks. None: the blocks are not so (standard_waits merges)."""
    open_ = []
    sets = 0
    for base, counts in blocks:
        size = sum(counts)
        sets += size // 3
        if size % 3:
            open_.append((base, counts, size))
        elif not feasible(counts, base < 27)[0] >> size // 3 & 1:
            return None
    if len(open_) == 1 and open_[0][2] % 3 == 1:
        if sets != need:
            return set()
        base, counts, size = open_[0]
        return {base + i for i, _, pair in completions(counts, base < 27) if pair >> size // 3 & 1}
    if len(open_) == 2 and open_[0][2] % 3 == 2 and open_[1][2] % 3 == 2:
        if sets + 1 != need:
            return set()
        out: set[int] = set()
        for (base, counts, size), (other, rest, left) in (open_, open_[::-1]):
            if feasible(rest, other < 27)[1] >> left // 3 & 1:  # the other block: sets and the pair
                out.update(base + i for i, none, _ in completions(counts, base < 27) if none >> size // 3 + 1 & 1)
        return out
    return None


# _NEEDS[need][r]: the bits i for which r has bit need - i (the masks hold at most 5 bits: 0-4 sets)
_NEEDS = [[sum(1 << i for i in range(need + 1) if r >> (need - i) & 1) for r in range(32)] for need in range(5)]


def _suits(counts: Sequence[int]) -> int:
    return sum(1 for s in range(3) if any(counts[s * 9:s * 9 + 9]))


def _spread(c: Sequence[int]) -> int:
    """Over the numbers 1-9: the most copies in a suit less the fewest, summed (suits not held aside)."""
    held = [c[s * 9:s * 9 + 9] for s in range(3) if any(c[s * 9:s * 9 + 9])]
    return sum(max(x) - min(x) for x in zip(*held))


# A necessary test of each shape on the 13 concealed counts before the winning tile (no melds is
# tested by the caller: every shape but standard is fully concealed).
MAYBE: dict[str, Callable[[tuple[int, ...]], bool]] = {
    "seven_pairs": lambda c: sum(map((1).__and__, c)) == 1,
    "thirteen_orphans": lambda c: sum(map(c.__getitem__, MAJORS)) == 13 and sum(1 for i in MAJORS if c[i]) >= 12,
    "thirteen_orphans_any": lambda c: sum(1 for i in MAJORS if c[i]) >= 12,
    "big_row_winds": lambda c: any(sum(1 for x in c[s * 9:s * 9 + 9] if x) >= 8 for s in range(3)),
    "big_row_dragons": lambda c: any(sum(1 for x in c[s * 9:s * 9 + 9] if x) >= 8 for s in range(3)),
    "gates_of_heaven": lambda c: not any(c[27:]) and _suits(c) == 1,
    "wriggling_snake": lambda c: not any(c[31:]) and sum(1 for x in c[27:31] if x) >= 3 and _suits(c) == 1,
    # 14 tiles: two suits alike number by number; 13: they differ by one tile at most
    "knitting": lambda c: not any(c[27:]) and _suits(c) == 2 and _spread(c) <= 1,
    # 14 tiles: three suits alike number by number but for one number two suits have one more (the pair)
    "triple_knitting": lambda c: not any(c[27:]) and _suits(c) == 3 and _spread(c) <= 2,
}


def find_waits(melds: int, concealed: tuple[int, ...], held: tuple[int, ...], shapes: tuple[str, ...],
               blocks: list[tuple[int, tuple[int, ...]]], minus: int | None = None) -> list[int]:
    """Every tile kind that completes the hand under one of `shapes` (`concealed` sorted, `blocks` its blocks as
    counted_blocks gives them; `held` every tile of the hand but one `minus`), kinds held four times excluded."""
    counts = None
    found: set[int] = set()
    for s in shapes:
        if s == "standard":
            found |= standard_waits(blocks, melds)
            continue
        if melds and s in CONCEALED:
            continue
        maybe = MAYBE.get(s)
        if maybe is not None and not maybe(counts := counts or counts_of(concealed)):
            continue
        counts = counts or counts_of(concealed)
        shape = SHAPES[s]
        c = list(counts)
        for t in range(T.N_KINDS):
            if t not in found:
                c[t] += 1
                if shape(tuple(c), melds):
                    found.add(t)
                c[t] -= 1
    if minus is None:
        return sorted(t for t in found if held.count(t) < 4)
    return sorted(t for t in found if held.count(t) - (t == minus) < 4)


def waits_beside(melds: int, concealed: tuple[int, ...], held: tuple[int, ...], shapes: tuple[str, ...],
                 blocks: list[tuple[int, tuple[int, ...]]], win: int) -> bool:
    """Whether a tile kind other than `win` (and not held four times) completes the hand under one of `shapes`: the
    hand waited on more than its winning tile (arguments as find_waits's, `held` every tile but one `win`). Told at
    the first such tile, so that a single wait's rule asks no more than it needs: the standard shape first, the
    other shapes only where it finds none."""
    counts = None
    for s in shapes:
        if s == "standard":
            for t in standard_waits(blocks, melds):
                if t != win and held.count(t) < 4:
                    return True
            continue
        if melds and s in CONCEALED:
            continue
        counts = counts or counts_of(concealed)
        maybe = MAYBE.get(s)
        if maybe is not None and not maybe(counts):
            continue
        shape = SHAPES[s]
        c = list(counts)
        for t in range(T.N_KINDS):
            if t != win and held.count(t) < 4:
                c[t] += 1
                if shape(tuple(c), melds):
                    return True
                c[t] -= 1
    return False
