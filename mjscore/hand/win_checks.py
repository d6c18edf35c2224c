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
    where = " among the concealed tiles" if declared and not dealt else ""
    if win_red and held and not reds:
        raise SituationError((WIN, f" {red}: the hand holds no red five {red}{where}, only plain {plain}; give ",
                              WIN_TO_TYPE, f"{plain}, or write the red five in the hand as {red}"))
    if not win_red and held and reds >= held:
        raise SituationError((WIN, f" {plain}: the hand holds no plain {plain}{where}, only the red five {red}; "
                                   "give ", WIN_TO_TYPE, f"{red}, or write the five in the hand as {plain} if it is "
                                                         "not red"))


def no_such_set(melds: tuple[Group, ...], sit: Situation, want: tuple[int, ...], claimed: bool,
                offered: list[tuple[int, ...]]) -> Message:
    """Why --win-set fits no arrangement of the hand (`melds`: its declared sets), and the sets the winning tile
    can complete instead."""
    named = T.format_tiles(want)
    tile = f"the winning tile {T.name(sit.win)}" if sit.win is not None else "no winning tile"
    laid = any(m.tiles == want for m in melds if m.kind != "kong")
    why = (f" ({named} does not hold {T.name(sit.win)})" if sit.win is not None and sit.win not in want else
           " (a tile drawn from the wall never completes an exposed set)" if laid and not claimed else
           f" (no winning arrangement of it has the set {named})" if not laid else "")
    sets = [T.format_tiles(s) for s in offered]
    if sit.win is not None:
        typed: list[str | Term] = []
        for i, s in enumerate(sets):
            typed += [" or ", SET_TO_TYPE, s] if i else [SET_TO_TYPE, s]
        return (WIN_SET, f" {named}: {tile} completes no such set in this hand{why}; it completes "
                f"{' or '.join(sets)}: type ", *typed)
    return (WIN_SET, f" {named}: {tile} completes such a set in this hand{why}; a winning tile completes "
            f"{', '.join(sets)}: name one of those")
