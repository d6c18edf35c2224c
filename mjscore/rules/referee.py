"""What a referee asks beyond a hand's value: for a hand that is no mah jong, the winning hands one tile away.

Pure functions over the analysed hand and the scorer (hand/arrange, rules/scoring), called through mjscore.api;
the faces print what they return. Kept apart from api.py so the one-hand command loads it only when asked.
"""

from __future__ import annotations

from typing import NamedTuple

from mjscore.hand import tiles as T
from mjscore.hand.arrange import WIN_COUNT, analyse, waits
from mjscore.hand.notation import Hand
from mjscore.hand.situation import NO_WORDS, Situation
from mjscore.rules.scoring import score_all
from mjscore.rules.tables import Variant


class Swap(NamedTuple):
    """One way to make a hand of 14 tiles a winning one: give up `change` and hold one of `to` instead."""

    change: str  # a concealed tile of the hand, in the notation
    to: tuple[str, ...]  # the tiles that, in its place, make mah jong under the variant

    def to_dict(self) -> dict:
        return {"change": self.change, "to": list(self.to)}

    def words(self) -> str:
        return f"{self.change} for {' or '.join(self.to)}"


def nearest_wins(hand: Hand, v: Variant, options: dict, seat: str, round_: str) -> list[Swap]:
    """For a hand of 14 tiles (a kong counting 3) that is no mah jong: each concealed tile that, swapped for
    another, makes the hand a winning one under the variant (its shapes and its mah-jong requirements), with
    those other tiles; [] for a hand of another size. A declared set stays: it was laid out at the table."""
    if hand.tile_count != WIN_COUNT:
        return []
    out = []
    for change in sorted(set(hand.concealed)):
        rest = list(hand.concealed)
        rest.remove(change)
        short = Hand(hand.melds, tuple(rest), hand.bonus)
        to = []
        for t in waits(short, v.shapes):
            if t == change:
                continue
            sit = tuple.__new__(Situation, (seat, round_, t, "discard", NO_WORDS, None))
            if score_all(analyse(short.with_tile(t), sit, v.shapes), v, options)[0].mahjong:
                to.append(T.name(t))
        if to:
            out.append(Swap(T.name(change), tuple(to)))
    return out
