"""The situation of a hand: seats and winds, how the last tile came, rarer circumstances.

The words every part shares, below both arrangements and rules: the CLI offers them, the
rules test them, a deal records them.
"""

from __future__ import annotations

from typing import NamedTuple

SOURCES = ("discard", "wall", "loose", "kong")
CLAIMED = frozenset({"discard", "kong"})
SITUATIONS = {  # --also words every variant understands (notation spec); tables may add more
    "last-wall-tile": "won with the last tile of the live wall",
    "last-discard": "won on the last tile that can be discarded",
    "heaven": "East wins on the dealt tiles, before any discard",
    "earth": "a player wins on East's first discard",
    "late-call": "declared waiting after East's first discard, hand unchanged, then won",
    "original-call": "declared waiting before the first own discard, hand unchanged, then won",
    "kong-on-kong": "a kong's loose tile makes another kong whose loose tile wins",
    "east-nine-in-a-row": "East wins for the ninth time in a row",
}
NO_WORDS: frozenset = frozenset()  # no circumstance (shared, so an empty `also` costs nothing)


class Situation(NamedTuple):
    """How the hand ended: seat, prevailing wind, winning tile and how it came, rarer circumstances."""

    seat: str = "E"
    round: str = "E"
    win: int | None = None  # None: the tool tries every tile and keeps the best
    source: str = "discard"
    also: frozenset = frozenset()
