"""The parameters of conditions: the tile classes a table names, and the checkers of a parameter (value,
known) -> compiled value, which conditions of every module share (rules/registry.py re-exports them)."""

from __future__ import annotations

from typing import Any, Callable

from mjscore.hand import tiles as T
from mjscore.rules.when import Invalid

TILE_CLASSES: dict[str, Callable[[int, Any], bool]] = {
    "simple": lambda t, c: t in T.SIMPLE,
    "terminal": lambda t, c: t in T.TERMINAL,
    "honour": lambda t, c: t in T.HONOUR,
    "wind": lambda t, c: t in T.WIND,
    "dragon": lambda t, c: t in T.DRAGON,
    "major": lambda t, c: t in T.MAJOR,
    "suit": lambda t, c: t in T.SUIT,
    "green": lambda t, c: t in T.GREEN_TILES,
    "odd": lambda t, c: t in T.ODD,
    "own_wind": lambda t, c: t == c.seat_tile,
    "round_wind": lambda t, c: t == c.round_tile,
}
# the classes that are fixed sets of tiles (the wind classes read the seat and prevailing wind)
TILE_SETS = dict(zip((TILE_CLASSES[k] for k in ("simple", "terminal", "honour", "wind", "dragon", "major", "suit",
                                                  "green", "odd")),
                     (T.SIMPLE, T.TERMINAL, T.HONOUR, T.WIND, T.DRAGON, T.MAJOR, T.SUIT, T.GREEN_TILES, T.ODD)))


# --- parameter checkers: (value, known) -> compiled value ------------------------------------

TileTest = Callable[[int, Any], bool]  # (tile, context) -> whether the tile is of the class


def p_bool(v: Any, known: Any) -> bool:
    if not isinstance(v, bool):
        raise Invalid(f"expects true or false, not {v!r}")
    return v


def p_int(v: Any, known: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise Invalid(f"expects a whole number >= 0, not {v!r}")
    number: int = v
    return number


def p_choices(choices: Any) -> Callable[[Any, Any], frozenset[str]]:
    def check(v: Any, known: Any) -> frozenset[str]:
        vals = v if isinstance(v, list) else [v]
        opts = choices(known) if callable(choices) else choices
        for x in vals:
            if not isinstance(x, str) or x not in opts:  # every choice is a word (a mapping is not hashable)
                raise Invalid(f"{x!r} is not one of: {', '.join(opts)}")
        return frozenset(vals)

    return check


def _parse_tile_or_class(x: Any) -> tuple[str, Any]:
    if not isinstance(x, (str, int)) or isinstance(x, bool):
        raise Invalid(f"expects a tile class ({', '.join(TILE_CLASSES)}) or tiles in notation, not {x!r}")
    if x in TILE_CLASSES:
        return ("class", TILE_CLASSES[x])
    from mjscore.hand.notation import scan_tiles
    from mjscore.errors import HandError

    try:
        found = scan_tiles(str(x), 0, len(str(x)), str(x))
    except HandError as e:
        raise Invalid(f"{x!r} is neither a tile class ({', '.join(TILE_CLASSES)}) nor tiles: {e}") from None
    return ("tiles", frozenset(found))


def p_tiles(v: Any, known: Any) -> TileTest:
    """A tile class name, tiles in notation ("2345678s G"), or a list of those."""
    vals = v if isinstance(v, list) else [v]
    if not vals:
        raise Invalid("expects at least one tile class or tile")
    parts = [_parse_tile_or_class(x) for x in vals]
    fixed = [TILE_SETS.get(f, f) for kind, f in parts if kind == "tiles" or f in TILE_SETS]
    if len(fixed) == len(parts):  # no class that reads the seat: one set of tiles, one membership test
        tiles: frozenset[int] = frozenset().union(*fixed)
        test = lambda t, c: t in tiles  # noqa: E731
        test.kinds = tiles  # type: ignore[attr-defined]  # (all_tiles asks whether a hand's kinds are a subset: one set operation)
        return test

    def classes(t: int, c: Any) -> bool:
        return any(f(t, c) if kind == "class" else t in f for kind, f in parts)

    return classes


def p_wind(v: Any, known: Any) -> frozenset[str]:
    return p_choices(tuple(T.WINDS))(v, known)
