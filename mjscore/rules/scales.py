"""A table's scale: what its games' totals are counted in, so that a season never adds totals of two scales.

Classical and seed variants count points whose change from a game's start adds up from game to game
(`points`, the default); riichi counts a game as its result by place, uma and oka on a 25,000-point counter
(`riichi`); MCR ranks a session by table points for its places, then its points (`table-points`). A season
of several scales has one league table per scale (play/season.py), each said as its players read it.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from mjscore.errors import shown

if TYPE_CHECKING:
    from mjscore.rules.tablefile import Failure


class Scale(Enum):
    POINTS = "points"
    RIICHI = "riichi"
    TABLE_POINTS = "table-points"


def check_scale(fail: Failure, value: object) -> Scale:
    """A table's `scale:` (absent: points), or the file refused in one line naming the key and the choices."""
    for scale in Scale:
        if value == scale.value:
            return scale
    return fail("scale", f"takes {', '.join(s.value for s in Scale)}, not {shown(value)}")
