"""The situation of a hand: seats and winds, how the last tile came, rarer circumstances.

The words every part shares, below both arrangements and rules: the CLI offers them, the
rules test them, a deal records them.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from mjscore.errors import Term
from mjscore.hand.tiles import WINDS
from mjscore.tuples import NamedTuple

SEATS: tuple[str, ...] = tuple(WINDS)  # the seats and the prevailing winds, in the order the deal passes
SEAT_NAMES = dict(zip(SEATS, ("East", "South", "West", "North")))
SOURCES = ("discard", "wall", "loose", "kong")
CLAIMED = frozenset({"discard", "kong"})
SOURCE_SYNONYMS = {  # how players say where the winning tile came from, in the tool's word for it (a hint only)
    "self": "wall", "self-drawn": "wall", "selfdrawn": "wall", "self-draw": "wall", "drawn": "wall", "draw": "wall",
    "tsumo": "wall", "claimed": "discard", "claim": "discard", "ron": "discard", "discarded": "discard",
    "robbed": "kong", "rob": "kong", "robbing": "kong", "robbed-kong": "kong", "chankan": "kong",
    "replacement": "loose", "supplement": "loose", "kong-tile": "loose", "rinshan": "loose", "dead-wall": "loose",
}
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
NO_WORDS: frozenset[str] = frozenset()  # no circumstance (shared, so an empty `also` costs nothing)

# Where each part of a situation is given, as `score` and `settle` take it and as a deal file's `win:` writes it:
# a message about a situation names its part by one of these (mjscore.errors.Term), spelt as its reader typed it.
WIN = Term("--win", "win.tile")
FROM = Term("--from", "win.from")
ALSO = Term("--also", "win.also")
WIN_SET = Term("--win-set", "win.set")
SET_TO_TYPE = Term("--win-set ", "set: ")  # a set the message tells the reader to give: --win-set 234m, set: 234m
FROM_TO_TYPE = Term("--from ", "from: ")  # how the tile came, as the message tells the reader to give it
WIN_TO_TYPE = Term("--win ", "tile: ")  # the winning tile, as the message tells the reader to give it


class Situation(NamedTuple):
    """How the hand ended: seat, prevailing wind, winning tile and how it came, rarer circumstances."""

    seat: str = "E"
    round: str = "E"
    win: int | None = None  # None: the tool tries every tile and keeps the best
    source: str = "discard"
    also: frozenset[str] = frozenset()
    win_set: tuple[int, ...] | None = None  # the set the winning tile completed (--win-set); None: the best
    dora: tuple[int, ...] = ()  # dora indicators as they lie on the wall (--dora): riichi's bonus tiles
    ura: tuple[int, ...] = ()  # ura dora indicators (--ura), counted for a riichi hand
    honba: int = 0  # counters on the table (--honba): riichi's repeat counters
    sticks: int = 0  # riichi sticks on the table (--sticks), the winner's own included
    win_red: bool | None = None  # a five won on as written, where the variant has red fives: True 0m 0p 0s (the
    # red five), False 5m 5p 5s (a plain one); None: not said (no such variant, not a five, a tile given as a number)


def dealer_of(options: Mapping[str, object] | Iterable[str]) -> str:
    """Who deals: a variant's `banker` option where one is given ({"banker": "S"}, a variant's options or the
    API's, or "banker=S" as --option takes it), else East. The dealer is East for heaven and earth, pays and
    receives double in the settlement and keeps the deal by winning: one answer for all three."""
    if options.__class__ is dict or isinstance(options, Mapping):  # (settlement asks several times a deal)
        dealer = options.get("banker")
        return "E" if dealer is None else str(dealer).strip()
    pairs = (str(o).partition("=")[::2] for o in options)
    return next((v.strip() for k, v in pairs if k.strip() == "banker"), "E")


def contradiction(seat: str, source: str | None, also: Iterable[str], dealer: str = "E") -> str | None:
    """Why `--also heaven` or `--also earth` cannot be true with this seat and --from (None: all is well).

    heaven: the dealer (East, or a variant's banker) wins on the tiles dealt, before any discard: another
    seat, or a tile from a discard or robbed from a kong, contradicts it (the loose tile after a kong
    declared from the deal does not). earth: another player wins on the dealer's first discard: the
    dealer's own seat, or a tile from the wall, a kong's loose tile or a robbed kong, contradicts it.
    `source` None: --from was not given (its default, a discard, says nothing)."""
    words = set(also)
    seat, dealer = seat.upper() if seat.isascii() else seat, dealer.upper() if dealer.isascii() else dealer
    who = "East" if dealer == "E" else f"the banker ({dealer})"
    if {"heaven", "earth"} <= words:
        return ("--also heaven and --also earth exclude each other: heaven is East's win on the dealt tiles, "
                "earth another player's win on East's first discard")
    if "heaven" in words:
        if seat in SEATS and seat != dealer:
            return f"--also heaven is {who}'s win on the dealt tiles; --seat {seat} cannot have it (leave out --also heaven)"
        if source in CLAIMED:
            return (f"--also heaven is a win on the dealt tiles, before any discard: not --from {source} "
                    "(leave out --from, or give --from wall)")
    if "earth" in words:
        if seat == dealer:
            other = next(w for w in SEATS[1:] + SEATS[:1] if w != dealer)
            return (f"--also earth is another player's win on {who}'s first discard; --seat {seat} is {who} "
                    f"(give the winner's seat, e.g. --seat {other})")
        if source is not None and source != "discard":
            return f"--also earth is a win on {who}'s first discard: not --from {source} (leave out --from)"
    return None
