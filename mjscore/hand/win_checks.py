"""What a given winning tile (or --win-set) says against the hand it is to complete, each a SituationError's
message: a five won on that the hand holds only in the other colour (red or plain), a set the winning tile
completes in no arrangement. Kept apart from hand/arrange.py, which loads this module only for a hand that asks
(a five won on where the variant has red fives, a --win-set found nowhere), so that others start without it; it is
handed the facts it reads (the hand's text, its tiles, its declared sets), so it never imports the analysed hand.
"""

from __future__ import annotations

from mjscore.errors import Message, SituationError, Term
from mjscore.hand import tiles as T
from mjscore.hand.redfives import reds_where
from mjscore.hand.sets import Group
from mjscore.hand.situation import SET_TO_TYPE, WIN, WIN_SET, WIN_TO_TYPE, Situation
from mjscore.messages import M, Said, said


def five_held(text: str, held_tiles: tuple[int, ...], declared: bool, win: int, win_red: bool,
              dealt: bool = False) -> None:
    """A five won on is the one the hand holds as written: a red one (--win 0p) where the hand writes a red five
    among its concealed tiles, a plain one (--win 5p) where it has one not written red. Otherwise the hand and
    the winning tile say two things, one of them wrong by a dora (the red five counts a double): a referee asks
    which. Only the concealed tiles are read, a declared set never holding the winning tile where red fives are
    played (riichi's requirement); `dealt`: heaven's dealt hand, the tile anywhere in it. `held_tiles`: the
    concealed tiles (every tile, for heaven's); `declared`: the hand has declared sets."""
    plain, red = T.name(win), "0" + T.name(win)[1]
    held = held_tiles.count(win)
    reds = reds_where(text, red[1], dealt)
    where = said(M.WS_AMONG_CONCEALED) if declared and not dealt else ""
    if win_red and held and not reds:
        raise SituationError((WIN, said(M.WS_NO_RED, red=red, where=where, plain=plain), WIN_TO_TYPE,
                              said(M.WS_RED_OR_WRITE, plain=plain, red=red)))
    if not win_red and held and reds >= held:
        raise SituationError((WIN, said(M.WS_NO_PLAIN, plain=plain, where=where, red=red), WIN_TO_TYPE,
                              said(M.WS_PLAIN_OR_WRITE, red=red, plain=plain)))


def no_such_set(melds: tuple[Group, ...], sit: Situation, want: tuple[int, ...], claimed: bool,
                offered: list[tuple[int, ...]]) -> Message:
    """Why --win-set fits no arrangement of the hand (`melds`: its declared sets), and the sets the winning tile
    can complete instead."""
    named = T.format_tiles(want)
    tile = said(M.WS_THE_WINNING_TILE, tile=T.name(sit.win)) if sit.win is not None else said(M.WS_NO_WINNING_TILE)
    laid = any(m.tiles == want for m in melds if m.kind != "kong")
    why: Said | str = (said(M.WS_SET_NOT_HOLDING, named=named, tile=T.name(sit.win))
                       if sit.win is not None and sit.win not in want else
                       said(M.WS_SET_FROM_WALL) if laid and not claimed else
                       said(M.WS_SET_NOWHERE, named=named) if not laid else "")
    sets = [T.format_tiles(s) for s in offered]
    if sit.win is not None:
        typed: list[str | Term] = []
        either: Said | str = ""
        for i, s in enumerate(sets):
            typed += [said(M.WS_OR), SET_TO_TYPE, s] if i else [SET_TO_TYPE, s]
            either = either + said(M.WS_OR) + s if i else s
        return (WIN_SET, said(M.WS_NO_SUCH_SET, named=named, tile=tile, why=why, sets=either), *typed)
    return (WIN_SET, said(M.WS_SUCH_SET, named=named, tile=tile, why=why, sets=", ".join(sets)))
