"""The arrangements of a hand worth scoring under a variant: its shapes, each placement of the winning tile."""

from __future__ import annotations

from mjscore.errors import SituationError
from mjscore.hand import tiles as T
from mjscore.hand.arrange import WIN_COUNT, Facts, Group, block_splits, facts, free_groups, partial_candidates
from mjscore.hand.decompose import SHAPES, combine_splits, counts_of
from mjscore.hand.notation import Hand
from mjscore.hand.situation import CLAIMED, FROM, SET_TO_TYPE, WIN, WIN_SET, Situation
from mjscore.rules.tables import Variant


def _win_choices(hand: Hand, sit: Situation) -> list[int | None]:
    if "heaven" in sit.also and sit.seat == "E" and not any(m.exposed for m in hand.melds):
        if sit.win is not None and sit.win not in hand.all_tiles:
            raise SituationError((WIN, f" {T.name(sit.win)} is not in the hand"))
        return [None]  # East's dealt hand: no winning tile (with an exposed set it cannot be heaven)
    claimed = sit.source in CLAIMED
    exposed = {t for m in hand.melds if m.exposed and m.kind != "kong" for t in m.tiles} if claimed else set()
    # robbing a kong: three copies are in the robbed set and the fourth is the winning tile
    robbable = {t for t in hand.all_tiles if hand.all_tiles.count(t) == 1} if sit.source == "kong" else None
    if sit.win is not None:
        if sit.win not in hand.concealed and sit.win not in exposed:
            where = "in the hand" if claimed else "among the concealed tiles (a drawn tile is never in an exposed set)"
            raise SituationError((WIN, f" {T.name(sit.win)} is not {where}"))
        if robbable is not None and sit.win not in robbable:
            raise SituationError((FROM, f" kong: a robbed {T.name(sit.win)} is the fourth copy (three are in the "
                                        f"kong), but this hand holds {hand.all_tiles.count(sit.win)}"))
        return [sit.win]
    choices = set(hand.concealed) | exposed
    return sorted(choices & robbable if robbable is not None else choices)


def candidates(hand: Hand, sit: Situation, variant: Variant, hand_facts: Facts | None = None):
    """Yield (groups, pattern, winning tile, mahjong) for every arrangement worth scoring."""
    f = hand_facts or facts(hand)
    n = f.tile_count
    if n < WIN_COUNT:
        yield from partial_candidates(hand, f)
        return
    if n > WIN_COUNT:
        return
    base = list(f.melds)
    claimed = sit.source in CLAIMED or ("earth" in sit.also and sit.seat != "E")
    wins = _win_choices(hand, sit)
    # --win-set: only the arrangements where the winning tile completes this set (East's dealt hand, heaven,
    # has no winning tile: the set is passed over as --win is; KDE Kajongg records one for it all the same)
    want = sit.win_set if wins != [None] else None
    offered: dict[tuple[int, ...], None] = {}  # the sets a winning tile completes instead, for the message
    matched = False
    counts = None
    for shape in variant.shapes:
        if shape == "standard":  # the commonest shape, from the hand's blocks (each block's splits cached with it)
            splits = [info[3] or block_splits(info) for info in f.blocks]
            found = combine_splits(splits, 4 - len(hand.melds), True) if len(hand.melds) <= 4 else ()
        else:
            counts = counts or counts_of(hand.concealed)
            found = SHAPES[shape](counts, len(hand.melds))
        for raw in found:
            groups = base + free_groups(raw)
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
                    if want is not None and g.tiles != want:
                        offered[g.tiles] = None
                        continue
                    done = tuple.__new__(Group, (g.kind, g.tiles, g.exposed or claimed, g.declared, True, False))
                    matched = True
                    yield tuple(groups[:i] + [done] + groups[i + 1:]), shape, w, True
    if want is not None and not matched and offered:
        raise SituationError(_no_such_set(hand, sit, claimed, list(offered)))


def _no_such_set(hand: Hand, sit: Situation, claimed: bool, offered: list[tuple[int, ...]]) -> tuple:
    """Why --win-set fits no arrangement of the hand, and the sets the winning tile can complete instead."""
    named = T.format_tiles(sit.win_set)
    tile = f"the winning tile {T.name(sit.win)}" if sit.win is not None else "no winning tile"
    laid = any(m.tiles == sit.win_set for m in hand.melds if m.kind != "kong")
    why = (f" ({named} does not hold {T.name(sit.win)})" if sit.win is not None and sit.win not in sit.win_set else
           " (a tile drawn from the wall never completes an exposed set)" if laid and not claimed else
           f" (no winning arrangement of it has the set {named})" if not laid else "")
    sets = [T.format_tiles(s) for s in offered]
    if sit.win is not None:
        typed = [part for i, s in enumerate(sets) for part in ((" or ",) if i else ()) + (SET_TO_TYPE, s)]
        return (WIN_SET, f" {named}: {tile} completes no such set in this hand{why}; it completes "
                f"{' or '.join(sets)}: type ", *typed)
    return (WIN_SET, f" {named}: {tile} completes such a set in this hand{why}; a winning tile completes "
            f"{', '.join(sets)}: name one of those")
