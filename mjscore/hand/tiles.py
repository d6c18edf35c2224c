"""Tiles as small integers, so a hand is a 34-slot count vector and sets are arithmetic.

0-8 characters (m) 1-9, 9-17 dots (p), 18-26 bamboo (s), 27-30 winds E S W N,
31-33 dragons red, green, white; 34-37 flowers 1-4, 38-41 seasons 1-4.
"""

from __future__ import annotations

from typing import Iterable

SUITS = "mps"
WINDS = "ESWN"
DRAGONS = "RGP"  # red, green, white (P for "plain")
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
RED, GREEN, WHITE = 31, 32, 33
FLOWER0, SEASON0 = 34, 38
N_KINDS = 34  # non-bonus tile kinds
HONOUR_LETTERS = WINDS + DRAGONS
ALIASES = {"C": RED, "F": GREEN}  # MCR / MJAI letters for the red and green dragon
# z form, Tenhou order: 1z-7z = E S W N white green red
Z_ORDER = (EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED)
GREEN_TILES = frozenset({19, 20, 21, 23, 25, GREEN})  # 2 3 4 6 8 bamboo, green dragon


def suit_tile(suit: str, number: int) -> int:
    return SUITS.index(suit) * 9 + number - 1


def suit_of(tile: int) -> int:
    """0, 1, 2 for m, p, s; -1 for honours and bonus tiles."""
    return tile // 9 if tile < 27 else -1


def number_of(tile: int) -> int:
    """1-9 for suit tiles, 1-4 for bonus tiles, 0 for honours."""
    if tile < 27:
        return tile % 9 + 1
    if tile >= FLOWER0:
        return (tile - FLOWER0) % 4 + 1
    return 0


def is_suit(tile: int) -> bool:
    return tile < 27


def is_honour(tile: int) -> bool:
    return 27 <= tile < 34


def is_wind(tile: int) -> bool:
    return 27 <= tile < 31


def is_dragon(tile: int) -> bool:
    return 31 <= tile < 34


def is_terminal(tile: int) -> bool:
    return tile < 27 and tile % 9 in (0, 8)


def is_simple(tile: int) -> bool:
    return tile < 27 and tile % 9 not in (0, 8)


def is_major(tile: int) -> bool:
    return is_terminal(tile) or is_honour(tile)


def is_bonus(tile: int) -> bool:
    return tile >= FLOWER0


def is_flower(tile: int) -> bool:
    return FLOWER0 <= tile < SEASON0


# Tile properties as sets of tile ids, made once (bonus tiles included: they are none of these):
# a rule's tile class is one membership test, not a chain of calls.
_ALL = range(SEASON0 + 4)
SUIT = frozenset(t for t in _ALL if is_suit(t))
HONOUR = frozenset(t for t in _ALL if is_honour(t))
WIND = frozenset(t for t in _ALL if is_wind(t))
DRAGON = frozenset(t for t in _ALL if is_dragon(t))
TERMINAL = frozenset(t for t in _ALL if is_terminal(t))
SIMPLE = frozenset(t for t in _ALL if is_simple(t))
MAJOR = frozenset(t for t in _ALL if is_major(t))
ODD = frozenset(t for t in SUIT if number_of(t) % 2 == 1)
MAJORS = tuple(sorted(MAJOR))  # the 13 kinds of thirteen orphans, in tile order


def wind_tile(letter: str) -> int:
    """Tile of a seat or prevailing wind given as E/S/W/N."""
    return EAST + WINDS.index(letter)


def bonus_seat(tile: int) -> str:
    """Seat wind a flower or season belongs to (1 = East ... 4 = North)."""
    return WINDS[number_of(tile) - 1]


def name(tile: int) -> str:
    """Canonical short name: 5p, E, R, 2f."""
    if tile < 27:
        return f"{tile % 9 + 1}{SUITS[tile // 9]}"
    if tile < 31:
        return WINDS[tile - 27]
    if tile < 34:
        return DRAGONS[tile - 31]
    return f"{number_of(tile)}{'f' if tile < SEASON0 else 'y'}"


# Unicode mahjong tiles U+1F000-U+1F029.
_GLYPH_ORDER = (
    [EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE]
    + [suit_tile("m", n) for n in range(1, 10)]
    + [suit_tile("s", n) for n in range(1, 10)]
    + [suit_tile("p", n) for n in range(1, 10)]
    # flowers in Unicode order plum, orchid, bamboo, chrysanthemum = 1f 2f 4f 3f
    + [FLOWER0, FLOWER0 + 1, FLOWER0 + 3, FLOWER0 + 2]
    + [SEASON0 + i for i in range(4)]
)
GLYPH_TO_TILE = {chr(0x1F000 + i): t for i, t in enumerate(_GLYPH_ORDER)}
TILE_TO_GLYPH = {t: g for g, t in GLYPH_TO_TILE.items()}


def glyph(tile: int) -> str:
    return TILE_TO_GLYPH[tile]


def format_tiles(tiles: Iterable[int], glyphs: bool = False) -> str:
    """Tiles in compact notation: runs of one suit share the letter (123m), honours as letters.

    Order is kept as given; a new suit letter starts when the suit changes.
    """
    if glyphs:
        return "".join(glyph(t) for t in tiles)
    out: list[str] = []
    pending: list[str] = []
    pending_suit = ""
    for t in tiles:
        if t < 27 or t >= FLOWER0:
            letter = SUITS[t // 9] if t < 27 else ("f" if t < SEASON0 else "y")
            if pending and letter != pending_suit:
                out.append("".join(pending) + pending_suit)
                pending = []
            pending.append(str(number_of(t)))
            pending_suit = letter
        else:
            if pending:
                out.append("".join(pending) + pending_suit)
                pending = []
            out.append(name(t))
    if pending:
        out.append("".join(pending) + pending_suit)
    return "".join(out)
