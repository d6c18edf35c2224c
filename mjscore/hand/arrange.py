"""The analysed hand: one parsed hand, as it ended, with what every part asks of it worked out once.

The scorer is handed one `AnalysedHand` per hand (`analyse`), and every rule, condition, shape and
settlement step reads it: its tiles, their counts, its blocks (the concealed tiles of one suit, or
the honours), its arrangements under the variant's winning shapes with each placement of the
winning tile (the candidates the scorer judges), a non-winning hand's maximal sets, and the tiles it
waits on. What every hand needs (blocks, suits, notation) is worked out at once, the rest when first
read, then kept with the hand. All of it is rule-free: it reads the situation's words (hand/
situation.py) and the names of the shapes, never a rule. Nothing about one hand outlives it, so
threads (the web server's) never share a hand's facts.

A block's splits and arrangements are worked out once per distinct block and kept with the block
(`_block`, a bounded cache of pure results): a new hand mostly reuses blocks seen before.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import Any, Hashable, Iterator, Sequence

from mjscore.errors import SituationError
from mjscore.hand import tiles as T
from mjscore.hand.decompose import CONCEALED, SHAPES, block_partial, block_sets, combine_splits
from mjscore.hand.notation import Hand, format_concealed
from mjscore.hand.sets import Group
from mjscore.hand.situation import CLAIMED, FROM, FROM_TO_TYPE, NO_WORDS, WIN, Situation
from mjscore.messages import M, said

WIN_COUNT = 14
BLOCKS_KEPT = 8_192  # blocks kept: enough for a batch's recurring ones; memory flat from 10,000 deals
Candidate = tuple[tuple[Group, ...], str, "int | None"]  # a winning arrangement: (groups, shape, winning tile)


class Block:
    """The concealed tiles of one suit (or the honours) as the search sees them, with what is worked out
    of them once: shared by every hand that holds the same block."""

    __slots__ = ("tiles", "counts", "base", "_notation", "_splits", "_partial", "judged")
    _notation: str | None
    _splits: tuple[tuple[int, int, tuple[Group, ...]], ...] | None
    _partial: tuple[tuple[Group, ...], ...] | None

    def __init__(self, part: tuple[int, ...]):
        base = 27 if part[0] >= 27 else part[0] // 9 * 9
        vec = [0] * (7 if base == 27 else 9)
        for t in part:
            vec[t - base] += 1
        self.tiles, self.counts, self.base = part, tuple(vec), base
        self._notation = self._splits = self._partial = None
        # what a scorer judges of each of `partial`'s arrangements, by a key of its own (rules/candidate.py: a
        # situation class's token -> each arrangement's items): kept here, found with the block and gone with it,
        # so that it needs no table of its own over every block and no bound of its own
        self.judged: dict[Hashable, Any] | None = None

    @property
    def notation(self) -> str:
        """The block in canonical notation (123m, EEE SS): every score prints its hand's (made once per block,
        when the hand's notation is first read, after the hand is arranged)."""
        got = self._notation
        if got is None:
            got = self._notation = " ".join(format_concealed(self.tiles))
        return got

    @property
    def splits(self) -> tuple[tuple[int, int, tuple[Group, ...]], ...]:
        """Every split into sets and at most one pair: (sets, pairs, groups) (decompose.block_sets)."""
        got = self._splits
        if got is None:
            got = self._splits = block_sets(self.counts, self.base)
        return got

    @property
    def partial(self) -> tuple[tuple[Group, ...], ...]:
        """A non-winning block's arrangements: maximal sets, the rest as pairs and singles. The same tuple
        objects every time: scoring keeps each arrangement's judged items by its identity."""
        got = self._partial
        if got is None:
            got = self._partial = block_partial(self.counts, self.base)
        return got


_SUITS_IN = [frozenset(s for s in range(3) if mask >> s & 1) for mask in range(8)]  # bit mask -> suits
_FIRST = tuple((0,) * n for n in range(5))  # each of n blocks' first arrangement (AnalysedHand.partial)


@lru_cache(maxsize=BLOCKS_KEPT)
def _block(part: tuple[int, ...]) -> Block:
    """The Block of one block's sorted tiles, shared by every hand that holds it: a cache of the least
    recently used (a batch's non-winning hands bring many blocks seen once; a winner's recur)."""
    return Block(part)


@lru_cache(maxsize=4096)
def _meld_text(m: Group) -> str:
    """A declared set's notation ([123m], {EEEE}): a hand's text is made of them, and they recur (a bounded cache
    of pure results)."""
    return m.notation()


class AnalysedHand:
    """One hand as it ended and its facts, each worked out once: what the scorer, its rules and conditions,
    and settlement read. `melds`, `concealed`, `bonus` and `tile_count` are the parsed hand's; `sit` how it
    ended; `shapes` the winning shapes it is arranged under."""

    __slots__ = ("hand", "sit", "shapes", "melds", "concealed", "bonus", "tile_count", "suits", "has_honours",
                 "blocks", "_notation", "_tiles", "_kinds", "_counts", "_candidates", "_partial", "_waits", "_single")
    _notation: str | None
    _tiles: tuple[int, ...] | None
    _kinds: frozenset[int] | None
    _counts: tuple[int, ...] | None
    _candidates: list[Candidate] | None
    _partial: list[tuple[tuple[Group, ...], tuple[int, ...]]] | None
    _waits: dict[tuple[int, Group | None], int] | None
    _single: dict[tuple[int, Group | None], bool] | None

    def __init__(self, hand: Hand, sit: Situation, shapes: tuple[str, ...]):
        self.hand, self.sit, self.shapes = hand, sit, shapes
        self.melds, self.concealed, self.bonus = hand.melds, hand.concealed, hand.bonus
        conc = hand.concealed
        # the concealed tiles are sorted: each suit, then the honours, is one slice (written out: this runs per hand)
        a = bisect_left(conc, 9)
        b = bisect_left(conc, 18, a)
        c = bisect_left(conc, 27, b)
        blocks = []
        mask = 0
        if a:
            blocks.append(_block(conc[:a]))
            mask = 1
        if b > a:
            blocks.append(_block(conc[a:b]))
            mask |= 2
        if c > b:
            blocks.append(_block(conc[b:c]))
            mask |= 4
        if len(conc) > c:
            blocks.append(_block(conc[c:]))
            mask |= 8
        n = len(conc)
        for m in hand.melds:
            t = m.tiles[0]
            mask |= 1 << (t // 9 if t < 27 else 3)
            n += 3 if m.kind == "kong" else len(m.tiles)
        self.blocks, self.tile_count = blocks, n  # as a winning hand counts them: a kong counts three
        self.suits, self.has_honours = _SUITS_IN[mask & 7], mask >= 8  # suits among the tiles, bonus aside
        self._notation = self._tiles = self._kinds = self._counts = self._candidates = self._partial = None
        self._waits = self._single = None

    @property
    def notation(self) -> str:
        """The hand in canonical notation: its declared sets, its blocks, its bonus tiles (each block's and
        declared set's text is kept with it)."""
        got = self._notation
        if got is None:
            parts = [_meld_text(m) for m in self.melds] if self.melds else []
            parts += [block.notation for block in self.blocks]
            if self.bonus:
                parts += format_concealed(self.bonus)
            got = self._notation = " ".join(parts)
        return got

    @property
    def text(self) -> str:
        """The hand as it was written."""
        return self.hand.text

    @property
    def tiles(self) -> tuple[int, ...]:
        """Every tile of the hand, bonus aside: the declared sets', then the concealed."""
        got = self._tiles
        if got is None:
            melds = self.melds
            got = self._tiles = sum([m.tiles for m in melds], ()) + self.concealed if melds else self.concealed
        return got

    @property
    def kinds(self) -> frozenset[int]:
        """The tile kinds the hand holds, bonus aside (what "every tile is ..." asks: one subset test)."""
        got = self._kinds
        if got is None:
            got = self._kinds = frozenset(self.tiles)
        return got

    @property
    def counts(self) -> tuple[int, ...]:
        """The concealed tiles as a 34-slot count vector (what the shapes other than standard read)."""
        got = self._counts
        if got is None:
            vec = [0] * T.N_KINDS
            for b in self.blocks:  # the blocks' own counts, laid side by side
                vec[b.base:b.base + len(b.counts)] = b.counts
            got = self._counts = tuple(vec)
        return got

    @property
    def candidates(self) -> list[Candidate]:
        """A 14-tile hand's arrangements worth scoring: each arrangement under each winning shape, with
        each group the winning tile can complete (SituationError: the situation does not fit the hand)."""
        got = self._candidates
        if got is None:
            got = self._candidates = list(_candidates(self))
        return got

    @property
    def partial(self) -> list[tuple[tuple[Group, ...], tuple[int, ...]]]:
        """A non-winning hand's arrangements: (groups, which of each block's arrangements they end with: an
        index into the block's `partial`, block by block) for each combination of its blocks' arrangements,
        after the declared sets."""
        got = self._partial
        if got is not None:
            return got
        each = [b._partial or b.partial for b in self.blocks]  # (kept with the block: no property call)
        if all(len(a) == 1 for a in each):  # most hands: one arrangement per block
            got = [(self.melds + sum([a[0] for a in each], ()), _FIRST[len(each)])]
        else:
            got = [(self.melds, ())]
            for arrangements in each:
                got = [(c + a, choice + (i,)) for c, choice in got for i, a in enumerate(arrangements)]
        self._partial = got
        return got

    def wait_count(self, win: int, groups: tuple[Group, ...]) -> int:
        """How many tiles the hand waited on before `win` completed it as `groups` (a declared set that a
        claimed winning tile completed was still in the hand then): once per winning tile and set."""
        reopened = None
        for g in groups:
            if g.completed:
                if g.declared:
                    reopened = g
                break
        key = (win, reopened)
        known = self._waits
        if known is None:
            known = self._waits = {}
        got = known.get(key)
        if got is None:
            got = known[key] = len(self._waits_before(win, reopened))
        return got

    def waited_on_one(self, win: int, groups: tuple[Group, ...], pattern: str | None) -> bool:
        """Whether the hand waited on `win` alone before it completed `groups` (a single wait: wait_count 1), once
        per winning tile and set. A standard hand whose winning tile made a pung beside a pair, or a chow at an
        open end, waited on another tile too (the pair's, the chow's far end) unless all four of it are held: seen
        at once, in any arrangement with that winning tile (the waits are the hand's); else waits are sought only
        until one beside `win` is found."""
        reopened = None
        for g in groups:
            if g.completed:
                if g.declared:
                    reopened = g
                elif pattern == "standard" and self._tells_other(g, win, groups):
                    return False
                break
        key = (win, reopened)
        known = self._single
        if known is None:
            known = self._single = {}
        got = known.get(key)
        if got is None:
            if reopened is not None:  # (a claimed tile that completed a declared set: rare, counted)
                got = self.wait_count(win, groups) == 1
            elif self._candidates is not None and any(shape == "standard" and w == win and self._tells_other(
                    next((g for g in other if g.completed), None), win, other) for other, shape, w in self._candidates):
                got = False
            else:
                from mjscore.hand.waits import waits_beside  # not loaded by a command that never asks

                rest, blocks = self._less(win)
                got = not waits_beside(len(self.melds), rest, self.tiles, self.shapes, blocks, win)
            known[key] = got
        return got

    def _tells_other(self, done: Group | None, win: int, groups: tuple[Group, ...]) -> bool:
        """Whether `done`, the set `win` completed in `groups`, concealed, tells of another tile waited on."""
        other = None if done is None or done.declared else _other_wait(done, win, groups)
        return other is not None and self.tiles.count(other) < 4

    def _waits_before(self, win: int, reopened: Group | None) -> list[int]:
        from mjscore.hand.waits import counted_blocks, find_waits  # not loaded by a command that never asks

        if reopened is not None:  # its tiles were concealed: the declared sets and the blocks change
            left = list(self.concealed + reopened.tiles)
            left.remove(win)
            left.sort()
            rest = tuple(left)
            return find_waits(len(self.melds) - 1, rest, self.tiles, self.shapes, counted_blocks(rest), win)
        rest, blocks = self._less(win)
        return find_waits(len(self.melds), rest, self.tiles, self.shapes, blocks, win)

    def _less(self, win: int) -> tuple[tuple[int, ...], list[tuple[int, tuple[int, ...]]]]:
        """The concealed tiles, the concealed `win` taken out, and their blocks as (first tile, counts): the
        hand's own blocks, of which only the winning tile's loses a tile."""
        conc = self.concealed
        i = conc.index(win)
        blocks = []
        for b in self.blocks:
            counts = b.counts
            if b.tiles[0] <= win <= b.tiles[-1]:
                if len(b.tiles) == 1:
                    continue
                less = list(counts)
                less[win - b.base] -= 1
                counts = tuple(less)
            blocks.append((b.base, counts))
        return conc[:i] + conc[i + 1:], blocks

    def completed(self, tile: int) -> AnalysedHand:
        """The hand completed by `tile` drawn from the wall, with no other circumstance, analysed (what a
        condition on a calling hand asks the scorer to score)."""
        sit = Situation(seat=self.sit.seat, round=self.sit.round, win=tile, source="wall", also=NO_WORDS,
                        dora=self.sit.dora, ura=self.sit.ura)
        return AnalysedHand(self.hand.with_tile(tile), sit, self.shapes)


def _other_wait(done: Group, win: int, groups: tuple[Group, ...]) -> int | None:
    """Another tile that would have completed a standard arrangement in place of `win`, which completed the
    concealed set `done`: the pair's tile beside a pung (a wait on two pairs), the far end of a chow the
    winning tile closed at one end (a wait on both sides); None where the set alone tells of no other."""
    if done.kind == "pung":
        for g in groups:
            if g.kind == "pair":
                return g.tiles[0]
        return None
    if done.kind == "chow":
        low = done.tiles[0]
        n = low % 9  # the chow's lowest number, less one (0-6)
        if win == low and n < 6:
            return low + 3
        if win == low + 2 and n > 0:
            return low - 1
    return None


def analyse(hand: Hand, sit: Situation, shapes: tuple[str, ...]) -> AnalysedHand:
    """The analysed hand of a parsed hand that ended in `sit`, arranged under the winning `shapes`: the one
    object the scorer, its rules and settlement read."""
    return AnalysedHand(hand, sit, shapes)


def _arrangements(hand: AnalysedHand, shape: str) -> tuple[tuple[Group, ...], ...]:
    """Every arrangement of the hand under a winning shape: the declared sets, then the concealed tiles'
    groups (standard: each block's splits, kept with the block, combined)."""
    melds = hand.melds
    if shape != "standard":
        if melds and shape in CONCEALED:
            return ()
        found = SHAPES[shape](hand.counts, len(melds))
    elif len(melds) > 4:
        return ()
    else:
        need = 4 - len(melds)
        sets = pairs = 0
        groups: tuple[Group, ...] = ()
        for block in hand.blocks:  # most hands: each block splits one way, or none (then no arrangement)
            options = block.splits
            if len(options) != 1:
                found = combine_splits([b.splits for b in hand.blocks], need, True) if options else ()
                break
            n, p, g = options[0]
            sets += n
            pairs += p
            groups += g
        else:
            found = (groups,) if sets == need and pairs == 1 else ()
    return tuple(melds + raw for raw in found) if melds else found


def _win_choices(hand: AnalysedHand, sit: Situation) -> Sequence[int | None]:
    if "heaven" in sit.also and sit.seat == "E" and not any(m.exposed for m in hand.melds):
        if sit.win is not None and sit.win not in hand.tiles:
            raise SituationError((WIN, said(M.WS_NOT_IN_HAND, tile=T.name(sit.win)) + said(M.WS_GIVE_HELD),
                                  WIN, said(M.WS_OR_ADD, held=T.name(hand.tiles[0]), tile=T.name(sit.win))))
        if sit.win is not None and sit.win_red is not None:
            from mjscore.hand.win_checks import five_held  # (a riichi five won on: not loaded for others)

            five_held(hand.text, hand.tiles, bool(hand.melds), sit.win, sit.win_red, dealt=True)
        return [None]  # East's dealt hand: no winning tile (with an exposed set it cannot be heaven)
    if sit.source == "loose" and not hand.bonus and not any(m.kind == "kong" for m in hand.melds):
        # a loose tile is drawn only after declaring a kong, or a flower or season where the variant plays them
        raise SituationError((FROM, said(M.WS_NO_LOOSE), FROM_TO_TYPE,
                              said(M.WS_NO_LOOSE_KONG, concealed="{5555p}", exposed="[5555p]")))
    claimed = sit.source in CLAIMED
    exposed = {t for m in hand.melds if m.exposed and m.kind != "kong" for t in m.tiles} if claimed else ()
    # robbing a kong: three copies are in the robbed set and the fourth is the winning tile
    tiles = hand.tiles if sit.source == "kong" else ()
    robbable = {t for t in tiles if tiles.count(t) == 1} if sit.source == "kong" else None
    if sit.win is not None:
        if sit.win not in hand.concealed and sit.win not in exposed:
            win, mine = T.name(sit.win), sorted(set(hand.concealed) | set(exposed))
            instead = ((said(M.WS_GIVE_HELD if claimed else M.WS_GIVE_CONCEALED), WIN,
                        said(M.WS_OR_ADD, held=T.name(mine[0]), tile=win)) if mine else (said(M.WS_ADD, tile=win),))
            raise SituationError((WIN, said(M.WS_NOT_IN_HAND if claimed else M.WS_NOT_CONCEALED, tile=win), *instead))
        if sit.win_red is not None:
            from mjscore.hand.win_checks import five_held  # (a riichi five won on: not loaded for others)

            five_held(hand.text, hand.concealed, bool(hand.melds), sit.win, sit.win_red)
        if robbable is not None and sit.win not in robbable:
            raise SituationError((FROM, said(M.WS_ROBBED, tile=T.name(sit.win), n=tiles.count(sit.win))))
        return [sit.win]
    choices = set(hand.concealed) | set(exposed)
    return sorted(choices & robbable if robbable is not None else choices)


def _candidates(hand: AnalysedHand) -> Iterator[Candidate]:
    sit = hand.sit
    claimed = sit.source in CLAIMED or ("earth" in sit.also and sit.seat != "E")
    wins = _win_choices(hand, sit)
    # --win-set: only the arrangements where the winning tile completes this set (East's dealt hand, heaven,
    # has no winning tile: the set is passed over as --win is; KDE Kajongg records one for it all the same)
    want = sit.win_set if wins != [None] else None
    offered: dict[tuple[int, ...], None] = {}  # the sets a winning tile completes instead, for the message
    matched = False
    for shape in hand.shapes:
        for groups in _arrangements(hand, shape):
            for w in wins:
                if w is None:
                    yield groups, shape, None
                    continue
                seen = set()
                for i, g in enumerate(groups):
                    if w not in g.tiles or (g.declared and (not claimed or g.kind == "kong")):
                        continue
                    key = (g.kind, g.tiles, g.declared)
                    if key in seen:
                        continue
                    seen.add(key)
                    if want is not None and g.tiles != want:
                        offered[g.tiles] = None
                        continue
                    done = tuple.__new__(Group, (g.kind, g.tiles, g.exposed or claimed, g.declared, True, False))
                    matched = True
                    yield groups[:i] + (done,) + groups[i + 1:], shape, w
    if want is not None and not matched and offered:
        from mjscore.hand.win_checks import no_such_set

        raise SituationError(no_such_set(hand.melds, sit, want, claimed, list(offered)))


def waits(hand: Hand | AnalysedHand, shapes: tuple[str, ...]) -> list[int]:
    """Every tile kind that would complete the hand (kinds already held four times excluded)."""
    if hand.tile_count != WIN_COUNT - 1:
        return []
    from mjscore.hand.waits import counted_blocks, find_waits  # not loaded by a command that never asks

    if isinstance(hand, AnalysedHand):
        blocks = [(b.base, b.counts) for b in hand.blocks]
        return find_waits(len(hand.melds), hand.concealed, hand.tiles, shapes, blocks)
    return find_waits(len(hand.melds), hand.concealed, hand.all_tiles, shapes, counted_blocks(hand.concealed))
