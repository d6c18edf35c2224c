"""A hand's arrangements: what every arrangement shares (Facts), and the candidates worth scoring.

A winning hand is split by the variant's shapes, with each placement of the winning tile a
candidate of its own; a non-winning hand keeps its maximal sets, block by block. The blocks
(one per suit, and the honours) are cached with their notation, arrangements and splits: a
new hand mostly reuses blocks seen before.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import NamedTuple

from mjscore.hand import tiles as T
from mjscore.hand.decompose import SHAPES, _block_partial, _block_sets, combine_splits, counts_of
from mjscore.errors import SituationError
from mjscore.memo import make_room
from mjscore.hand.notation import Hand, Meld, format_concealed
from mjscore.rules.registry import CLAIMED, SITUATIONS, SOURCES
from mjscore.rules.tables import Variant

WIN_COUNT = 14


class Situation(NamedTuple):
    """How the hand ended: seat, prevailing wind, winning tile and how it came, rarer circumstances."""

    seat: str = "E"
    round: str = "E"
    win: int | None = None  # None: the tool tries every tile and keeps the best
    source: str = "discard"
    also: frozenset = frozenset()


def make_situation(variant: Variant, seat="E", round="E", win=None, source="discard", also=()) -> Situation:
    """Check situation values as a user typed them; SituationError says which one is wrong."""
    if seat not in _WIND_LETTERS or round not in _WIND_LETTERS:
        what, wind = ("seat", seat) if seat not in _WIND_LETTERS else ("round", round)
        raise SituationError(f"{what} must be one of E, S, W, N, not {wind!r}")
    if source not in SOURCES:
        raise SituationError(f"--from must be one of {', '.join(SOURCES)}, not {source!r}")
    if also:
        known = {**SITUATIONS, **variant.situations}
        for word in also:
            if word not in known:
                raise SituationError(f"--also {word!r} is not a known circumstance (known: {', '.join(known)})")
    if win is not None and not isinstance(win, int):
        win = _win_tile(win)
    if win is not None and T.is_bonus(win):
        raise SituationError(f"--win {T.name(win)}: a flower or season never wins a hand")
    return tuple.__new__(Situation, (seat, round, win, source, frozenset(also) if also else _NO_WORDS))


_WIND_LETTERS = frozenset(T.WINDS)


@lru_cache(maxsize=256)
def _win_tile(text: str) -> int:
    from mjscore.hand.notation import parse_tile

    return parse_tile(text, "--win")


_NO_WORDS: frozenset = frozenset()


class Group(NamedTuple):
    """One group of an arrangement as the rules see it."""

    kind: str  # pung, kong, chow, pair, single
    tiles: tuple[int, ...]
    exposed: bool  # declared exposed, or completed by a claimed tile
    declared: bool  # written [..] or {..}
    completed: bool = False  # holds the winning tile

    def notation(self, glyphs: bool = False) -> str:
        inner = T.format_tiles(self.tiles, glyphs)
        if not self.declared:
            return inner
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
    info = _MELDS[m] = (Group(m.kind, m.tiles, m.exposed, True), m.notation())
    return info


_BLOCKS: dict[tuple[int, ...], list] = {}  # one block's sorted tiles -> its entry in Facts.blocks


def _block_info(part: tuple[int, ...]) -> list:
    """[(counts, first tile id), notation, None, None]; the third place keeps the block's arrangements
    as Groups for a non-winning hand, the fourth its splits for a winning one, once asked for."""
    base = 27 if part[0] >= 27 else part[0] // 9 * 9
    vec = [0] * (7 if base == 27 else 9)
    for t in part:
        vec[t - base] += 1
    make_room(_BLOCKS, 40_000)
    info = _BLOCKS[part] = [(tuple(vec), base), " ".join(format_concealed(part)), None, None]
    return info


def _block_splits(info: list) -> tuple:
    """The block's splits into sets and at most one pair (decompose._block_sets), kept in its entry."""
    splits = info[3] = _block_sets(*info[0])
    return splits


@lru_cache(maxsize=4096)
def is_winning_shape(melds: tuple[Meld, ...], concealed: tuple[int, ...], shapes: tuple[str, ...]) -> bool:
    counts = counts_of(concealed)
    return any(SHAPES[s](counts, len(melds)) for s in shapes)


def waits(hand: Hand, shapes: tuple[str, ...]) -> list[int]:
    """Every tile kind that would complete the hand (kinds already held four times excluded)."""
    if hand.tile_count != WIN_COUNT - 1:
        return []
    held = counts_of(hand.all_tiles)
    return [t for t in range(T.N_KINDS)
            if held[t] < 4 and is_winning_shape(hand.melds, tuple(sorted(hand.concealed + (t,))), shapes)]


# --- candidates -------------------------------------------------------------------------------------

def _win_choices(hand: Hand, sit: Situation) -> list[int | None]:
    if "heaven" in sit.also and sit.seat == "E" and not any(m.exposed for m in hand.melds):
        if sit.win is not None and sit.win not in hand.all_tiles:
            raise SituationError(f"--win {T.name(sit.win)} is not in the hand")
        return [None]  # East's dealt hand: no winning tile (with an exposed set it cannot be heaven)
    claimed = sit.source in CLAIMED
    exposed = {t for m in hand.melds if m.exposed and m.kind != "kong" for t in m.tiles} if claimed else set()
    # robbing a kong: three copies are in the robbed set and the fourth is the winning tile
    robbable = {t for t in hand.all_tiles if hand.all_tiles.count(t) == 1} if sit.source == "kong" else None
    if sit.win is not None:
        if sit.win not in hand.concealed and sit.win not in exposed:
            where = "in the hand" if claimed else "among the concealed tiles (a drawn tile is never in an exposed set)"
            raise SituationError(f"--win {T.name(sit.win)} is not {where}")
        if robbable is not None and sit.win not in robbable:
            raise SituationError(f"--from kong: a robbed {T.name(sit.win)} is the fourth copy (three are in the "
                                 f"kong), but this hand holds {hand.all_tiles.count(sit.win)}")
        return [sit.win]
    choices = set(hand.concealed) | exposed
    return sorted(choices & robbable if robbable is not None else choices)


def candidates(hand: Hand, sit: Situation, variant: Variant, hand_facts: Facts | None = None):
    """Yield (groups, pattern, winning tile, mahjong) for every arrangement worth scoring."""
    f = hand_facts or facts(hand)
    n = f.tile_count
    if n < WIN_COUNT:
        yield from _partial_candidates(hand, f)
        return
    if n > WIN_COUNT:
        return
    base = list(f.melds)
    claimed = sit.source in CLAIMED or ("earth" in sit.also and sit.seat != "E")
    wins = _win_choices(hand, sit)
    counts = None
    for shape in variant.shapes:
        if shape == "standard":  # the commonest shape, from the hand's blocks (each block's splits cached with it)
            splits = [info[3] or _block_splits(info) for info in f.blocks]
            found = combine_splits(splits, 4 - len(hand.melds), True) if len(hand.melds) <= 4 else ()
        else:
            counts = counts or counts_of(hand.concealed)
            found = SHAPES[shape](counts, len(hand.melds))
        for raw in found:
            groups = base + _free(raw)
            for w in wins:
                if w is None:
                    yield tuple(groups), shape, None, True
                    continue
                seen = set()
                for i, g in enumerate(groups):
                    key = (g.kind, g.tiles, g.declared)
                    if w not in g.tiles or key in seen or (g.declared and (not claimed or g.kind == "kong")):
                        continue
                    seen.add(key)
                    done = tuple.__new__(Group, (g.kind, g.tiles, g.exposed or claimed, g.declared, True))
                    yield tuple(groups[:i] + [done] + groups[i + 1:]), shape, w, True


_FREE: dict[tuple, Group] = {}


def _free(raw) -> list[Group]:
    """Concealed groups of a decomposition as Groups (memoised: the same few hundred recur)."""
    out = []
    for r in raw:
        g = _FREE.get(r)
        if g is None:
            g = _FREE[r] = Group(r[0], r[1], False, False)
        out.append(g)
    return out


def _partial_candidates(hand: Hand, hand_facts: Facts | None = None) -> list[tuple]:
    """A non-winning hand's arrangements: the declared sets, then every combination of its blocks'."""
    f = hand_facts or facts(hand)
    return [(c, None, None, False) for c, _ in _partial_combos(f)]


def _partial_combos(f: Facts) -> list[tuple[tuple, tuple]]:
    """(groups, the blocks' arrangements they end with) for each combination of the blocks' arrangements."""
    each = []
    for info in f.blocks:
        arrangements = info[2]
        if arrangements is None:  # decompose's arrangements of the block, as Groups
            arrangements = info[2] = tuple(tuple(_free(raw)) for raw in _block_partial(*info[0]))
        each.append(arrangements)
    if all(len(a) == 1 for a in each):  # most hands: one arrangement per block
        parts = tuple(a[0] for a in each)
        return [(f.melds + sum(parts, ()), parts)]
    combos = [(f.melds, ())]
    for arrangements in each:
        combos = [(c + a, parts + (a,)) for c, parts in combos for a in arrangements]
    return combos
