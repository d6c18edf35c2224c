"""Counters a rule's `doubles_each:` names, one double per tile counted (riichi's dora): the tiles the dora
indicators show (`dora`), the ura dora (`ura_dora`), each under the first indicator alone where a table plays
no kan dora (`first_dora`, `first_ura_dora`), the red fives written 0m 0p 0s (`red_fives`). A rule
that names none is never counted, so a table without such rules never calls here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

from mjscore.hand import tiles as T
from mjscore.hand.situation import Situation
from mjscore.rules.results import Item

if TYPE_CHECKING:
    from mjscore.rules.tablefile import Failure


class Written(Protocol):
    """A hand as written (a parsed Hand, an analysed one): its text, which holds its red fives."""

    @property
    def text(self) -> str: ...


class Counted(Protocol):
    """What a counter reads of the scorer's context (rules/context.py Ctx): every tile of the hand, its situation
    (the indicators) and the hand as written (its red fives). Said here, so that the table's loading, which checks
    a rule's counter, and the context stay apart."""

    @property
    def tiles(self) -> tuple[int, ...]: ...
    @property
    def sit(self) -> Situation: ...
    @property
    def hand(self) -> Written: ...

_NEXT = {}
for _suit in range(3):
    for _n in range(9):
        _NEXT[_suit * 9 + _n] = _suit * 9 + (_n + 1) % 9
for _i, _w in enumerate(T.Z_ORDER[:4]):
    _NEXT[_w] = T.Z_ORDER[(_i + 1) % 4]
for _i, _d in enumerate(T.Z_ORDER[4:]):
    _NEXT[_d] = T.Z_ORDER[4 + (_i + 1) % 3]


def indicated(indicator: int) -> int:
    """The tile an indicator shows: the next of its suit (9 shows 1), E S W N E, white green red white."""
    return _NEXT[indicator]


def _shown(c: Counted, indicators: tuple[int, ...]) -> int:
    tiles = c.tiles
    return sum(tiles.count(indicated(i)) for i in indicators)


COUNTERS: dict[str, Callable[[Counted], int]] = {
    "dora": lambda c: _shown(c, c.sit.dora),
    "ura_dora": lambda c: _shown(c, c.sit.ura),
    "first_dora": lambda c: _shown(c, c.sit.dora[:1]),  # no kan dora: the deal's first indicator alone
    "first_ura_dora": lambda c: _shown(c, c.sit.ura[:1]),
    "red_fives": lambda c: _red(c.hand.text),
}


def _red(text: str) -> int:
    from mjscore.hand.redfives import red_fives  # (a hand written with a red five only)

    return sum(red_fives(text))


def check_each(entry: object, fail: Failure, where: str) -> str | None:
    """A rule's `doubles_each: COUNTER` (None when the rule has none)."""
    if entry is None:
        return None
    if entry not in COUNTERS:
        fail(where, f"doubles_each counts one of: {', '.join(COUNTERS)}, not {entry!r}")
    return str(entry)


def each_item(ctx: Counted, each: str, item: Item) -> Item | None:
    """The item of a rule whose `doubles_each:` names the counter `each`: one double per tile counted (None: none
    counted, so no item)."""
    n = COUNTERS[each](ctx)
    return item._replace(doubles=n, tiles=f"x{n}") if n else None


