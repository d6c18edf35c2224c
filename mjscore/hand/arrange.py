"""A hand's arrangements, rule-free: what every arrangement shares (Facts), its blocks' splits,
a non-winning hand's maximal sets, and the tiles a hand waits on.

A non-winning hand keeps its maximal sets, block by block; a winning hand's splits per block
are combined by the rules' candidates (rules/candidates.py). The blocks
(one per suit, and the honours) are cached with their notation, arrangements and splits: a
new hand mostly reuses blocks seen before.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import NamedTuple

from mjscore.hand import tiles as T
from mjscore.hand.decompose import block_partial, block_sets, counts_of
from mjscore.memo import make_room
from mjscore.hand.notation import Hand, Meld, format_concealed

WIN_COUNT = 14


class Group(NamedTuple):
    """One group of an arrangement as the rules see it."""

    kind: str  # pung, kong, chow, pair, single
    tiles: tuple[int, ...]
    exposed: bool  # declared exposed, or completed by a claimed tile
    declared: bool  # written [..] or {..}
    completed: bool = False  # holds the winning tile
    claimed: bool = False  # <....>: a kong claimed onto a concealed pung (exposed; condition claimed_kong)

    def notation(self, glyphs: bool = False) -> str:
        inner = T.format_tiles(self.tiles, glyphs)
        if not self.declared:
            return inner
        if self.claimed:
            return f"<{inner}>"
        return f"[{inner}]" if self.exposed or self.kind != "kong" else f"{{{inner}}}"


class Facts(NamedTuple):
    """What every candidate of one hand shares, worked out once per hand."""

    suits: frozenset  # suits among the tiles (0, 1, 2), bonus aside
    has_honours: bool
    notation: str  # the hand in canonical notation
    blocks: list  # the free concealed tiles by block: [(block counts, first id), notation, arrangements, splits]
    tile_count: int  # as a winning hand counts them: a kong counts three
    melds: tuple  # the declared sets as Groups


_LAST: list = [None, None]  # the hand last described and its Facts


def facts(hand: Hand) -> Facts:
    """The hand's Facts. Every candidate of a hand shares the Hand object, so remembering the
    last one is enough (and cheaper than hashing a hand for a real cache)."""
    if _LAST[0] is hand:
        return _LAST[1]
    conc = hand.concealed
    # the concealed tiles are sorted: each suit, then the honours, is one slice (written out: this runs per hand)
    a = bisect_left(conc, 9)
    b = bisect_left(conc, 18, a)
    c = bisect_left(conc, 27, b)
    blocks = []
    mask = 0
    if a:
        blocks.append(_BLOCKS.get(conc[:a]) or _block_info(conc[:a]))
        mask = 1
    if b > a:
        blocks.append(_BLOCKS.get(conc[a:b]) or _block_info(conc[a:b]))
        mask |= 2
    if c > b:
        blocks.append(_BLOCKS.get(conc[b:c]) or _block_info(conc[b:c]))
        mask |= 4
    if len(conc) > c:
        blocks.append(_BLOCKS.get(conc[c:]) or _block_info(conc[c:]))
        mask |= 8
    n = len(conc)
    parts = [info[1] for info in blocks]
    melds = ()
    if hand.melds:
        known = [_MELDS.get(m) or _meld_info(m) for m in hand.melds]
        melds = tuple(k[0] for k in known)
        parts[:0] = [k[1] for k in known]
        for m in hand.melds:
            t = m.tiles[0]
            mask |= 1 << (t // 9 if t < 27 else 3)
            n += 3 if m.kind == "kong" else len(m.tiles)
    if hand.bonus:
        parts += format_concealed(hand.bonus)
    out = tuple.__new__(Facts, (_SUITS_IN[mask & 7], mask >= 8, " ".join(parts), blocks, n, melds))
    _LAST[0], _LAST[1] = hand, out
    return out


_SUITS_IN = [frozenset(s for s in range(3) if mask >> s & 1) for mask in range(8)]  # bit mask -> suits
_MELDS: dict[Meld, tuple[Group, str]] = {}  # a declared set -> its Group and notation


def _meld_info(m: Meld) -> tuple[Group, str]:
    make_room(_MELDS, 10_000)
    info = _MELDS[m] = (Group(m.kind, m.tiles, m.exposed, True, False, m.claimed), m.notation())
    return info


_BLOCKS: dict[tuple[int, ...], list] = {}  # one block's sorted tiles -> its entry in Facts.blocks


def _block_info(part: tuple[int, ...]) -> list:
    """[(counts, first tile id), notation, None, None]; the third place keeps the block's arrangements
    as Groups for a non-winning hand, the fourth its splits for a winning one, once asked for."""
    base = 27 if part[0] >= 27 else part[0] // 9 * 9
    vec = [0] * (7 if base == 27 else 9)
    for t in part:
        vec[t - base] += 1
    make_room(_BLOCKS, 4_096)  # a block entry keeps its arrangements: bounded low, memory stays flat
    info = _BLOCKS[part] = [(tuple(vec), base), " ".join(format_concealed(part)), None, None]
    return info


def block_splits(info: list) -> tuple:
    """The block's splits into sets and at most one pair (decompose.block_sets), kept in its entry."""
    splits = info[3] = block_sets(*info[0])
    return splits


def waits(hand: Hand, shapes: tuple[str, ...]) -> list[int]:
    """Every tile kind that would complete the hand (kinds already held four times excluded)."""
    if hand.tile_count != WIN_COUNT - 1:
        return []
    from mjscore.hand.waits import find_waits  # not loaded by a command that never asks

    return find_waits(len(hand.melds), hand.concealed, counts_of(hand.all_tiles), shapes)


_FREE: dict[tuple, Group] = {}


def free_groups(raw) -> list[Group]:
    """Concealed groups of a decomposition as Groups (memoised: the same few hundred recur)."""
    out = []
    for r in raw:
        g = _FREE.get(r)
        if g is None:
            g = _FREE[r] = Group(r[0], r[1], False, False)
        out.append(g)
    return out


def partial_candidates(hand: Hand, hand_facts: Facts | None = None) -> list[tuple]:
    """A non-winning hand's arrangements: the declared sets, then every combination of its blocks'."""
    f = hand_facts or facts(hand)
    return [(c, None, None, False) for c, _ in partial_combos(f)]


def partial_combos(f: Facts) -> list[tuple[tuple, tuple]]:
    """(groups, the blocks' arrangements they end with) for each combination of the blocks' arrangements."""
    each = []
    for info in f.blocks:
        arrangements = info[2]
        if arrangements is None:  # decompose's arrangements of the block, as Groups
            arrangements = info[2] = tuple(tuple(free_groups(raw)) for raw in block_partial(*info[0]))
        each.append(arrangements)
    if all(len(a) == 1 for a in each):  # most hands: one arrangement per block
        parts = tuple(a[0] for a in each)
        return [(f.melds + sum(parts, ()), parts)]
    combos = [(f.melds, ())]
    for arrangements in each:
        combos = [(c + a, parts + (a,)) for c, parts in combos for a in arrangements]
    return combos
