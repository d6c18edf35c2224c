"""The tiles a hand one tile short waits on: a lookup per block and a merge, not a search per tile.

A block (one suit, or the honours) is summed up once per distinct tile count by what it can be
split into: a bit mask of the numbers of sets it splits into with no pair, and one with a pair
(`feasible`). A hand completes when its blocks' masks merge into the sets it lacks and one pair,
so a hand's standard waits are the tiles whose block, one tile more, still merges. The other
shapes are tried tile by tile only when the hand passes a cheap necessary test of theirs (MAYBE):
every one of them needs a fully concealed hand, most a particular mix of tiles.
"""

from __future__ import annotations

from functools import lru_cache

from mjscore.hand import tiles as T
from mjscore.hand.decompose import SHAPES, counts_of

MAJORS = T.MAJORS


@lru_cache(maxsize=8192)  # bounded: a batch of a million deals keeps its memory flat
def feasible(vec: tuple[int, ...], suit: bool) -> tuple[int, int]:
    """(bits n: the block splits into n sets and no pair, bits n: into n sets and one pair)."""
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
        z, _ = feasible(tuple(c), suit)
        pair |= z
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        z, o = feasible(tuple(c), suit)
        none |= z << 1
        pair |= o << 1
        c[i] += 3
    if suit and i + 2 < n and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        z, o = feasible(tuple(c), suit)
        none |= z << 1
        pair |= o << 1
    return none, pair


@lru_cache(maxsize=4096)
def _conv(a: int, b: int) -> int:
    """Bits a + b for every bit a of `a` and b of `b` (the masks are a few bits: cached)."""
    out, k = 0, 0
    while a:
        if a & 1:
            out |= b << k
        a >>= 1
        k += 1
    return out


@lru_cache(maxsize=2048)
def completions(vec: tuple[int, ...], suit: bool) -> tuple[tuple[int, int, int], ...]:
    """(index, masks) for each tile that, added to the block, leaves it splittable into sets and at
    most one pair: the block's candidate waits, worked out once per distinct block."""
    out = []
    c = list(vec)
    for i in range(len(vec)):
        if not suit and not c[i]:
            continue  # an honour not held would be a single
        c[i] += 1
        z, o = feasible(tuple(c), suit)
        c[i] -= 1
        if z or o:
            out.append((i, z, o))
    return tuple(out)


_BOUNDS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def standard_waits(counts, melds: int) -> set[int]:
    """Tiles that make `counts` (concealed) four sets less `melds` and a pair (kinds held 4 not excluded)."""
    if melds > 4:
        return set()
    want = 1 << (4 - melds)
    blocks = []
    for lo, hi, suit in _BOUNDS:
        vec = tuple(counts[lo:hi])
        if any(vec):
            blocks.append((lo, vec, suit, feasible(vec, suit)))
    out: set[int] = set()
    for k, (lo, vec, suit, _) in enumerate(blocks):
        r0, r1 = 1, 0  # the other blocks merged: sets with no pair, with one pair
        for j, (_, _, _, (z, o)) in enumerate(blocks):
            if j != k:
                r0, r1 = _conv(r0, z), _conv(r0, o) | _conv(r1, z)
                if not r0 and not r1:
                    break
        if not r0 and not r1:
            continue
        for i, z, o in completions(vec, suit):
            if (_conv(z, r1) | _conv(o, r0)) & want:
                out.add(lo + i)
    return out


def _suits(counts) -> int:
    return sum(1 for s in range(3) if any(counts[s * 9:s * 9 + 9]))


def _spread(c) -> int:
    """Over the numbers 1-9: the most copies in a suit less the fewest, summed (suits not held aside)."""
    held = [c[s * 9:s * 9 + 9] for s in range(3) if any(c[s * 9:s * 9 + 9])]
    return sum(max(x) - min(x) for x in zip(*held))


# A necessary test of each shape on the 13 concealed counts before the winning tile (no melds is
# tested by the caller: every shape but standard is fully concealed).
MAYBE = {
    "seven_pairs": lambda c: sum(x & 1 for x in c) == 1,
    "thirteen_orphans": lambda c: sum(c[i] for i in MAJORS) == 13 and sum(1 for i in MAJORS if c[i]) >= 12,
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


def find_waits(melds: int, concealed: tuple[int, ...], held, shapes: tuple[str, ...]) -> list[int]:
    """Every tile kind that completes the hand under one of `shapes`, kinds held four times excluded."""
    counts = counts_of(concealed)
    found: set[int] = set()
    for s in shapes:
        if s == "standard":
            found |= standard_waits(counts, melds)
            continue
        maybe = MAYBE.get(s)
        if melds and maybe is not None or maybe is not None and not maybe(counts):
            continue
        shape = SHAPES[s]
        c = list(counts)
        for t in range(T.N_KINDS):
            if t not in found:
                c[t] += 1
                if shape(tuple(c), melds):
                    found.add(t)
                c[t] -= 1
    return sorted(t for t in found if held[t] < 4)
