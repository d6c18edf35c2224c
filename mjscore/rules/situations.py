"""A situation as a user typed it, checked against a variant's circumstances."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from mjscore.errors import HandError, SituationError, Term
from mjscore.hand import tiles as T
from mjscore.hand.situation import ALSO, FROM, NO_WORDS, SITUATIONS, SOURCE_SYNONYMS, SOURCES, WIN, Situation
from mjscore.messages import M, did_you_mean, said
from mjscore.rules.tables import Variant


def make_situation(variant: Variant, seat: str = "E", round: str = "E", win: str | int | None = None,
                   source: str = "discard", also: Iterable[str] = (), win_set: str | tuple[int, ...] | None = None,
                   dora: str | None = None, ura: str | None = None, honba: int = 0, sticks: int = 0) -> Situation:
    """Check situation values as a user typed them; SituationError says which one is wrong (a --win-set
    that is no set, a HandError with carets under it). Whether the hand holds the set is candidates'."""
    if seat not in _WIND_LETTERS or round not in _WIND_LETTERS:
        what, wind = ("seat", seat) if seat not in _WIND_LETTERS else ("round", round)
        raise SituationError(f"{what} must be one of E, S, W, N, not {wind!r}")
    if source not in SOURCES:
        raise SituationError((FROM, said(M.WS_FROM_ONE_OF, choices=", ".join(SOURCES), value=repr(source))
                              + did_you_mean(str(source), SOURCES, SOURCE_SYNONYMS)))
    if also:
        known = {**SITUATIONS, **variant.situations}
        for word in also:
            if word not in known:
                raise SituationError((ALSO, said(M.WS_UNKNOWN_ALSO, word=repr(word), known=", ".join(known))))
    red = None
    if win is not None and not isinstance(win, int):
        reds = "red_fives" in variant.options
        if not reds and isinstance(win, str) and "0" in win:
            from mjscore.hand.redfives import no_red_fives

            no_red_fives(win, WIN)  # a red five where the variant has none: no tile, as always
        typed, win = win, _win_tile(win)
        if reds and win in _FIVES:  # which five it was: the hand must hold that one (hand/arrange.py)
            red = "0" in typed
    if win is not None and T.is_bonus(win):
        raise SituationError((WIN, said(M.WS_BONUS_WINS, tile=T.name(win))))
    if win_set is not None and not isinstance(win_set, tuple):
        win_set = _win_set(win_set)
    return with_table(Situation(seat=seat, round=round, win=win, source=source,
                                also=frozenset(also) if also else NO_WORDS, win_set=win_set, win_red=red),
                      dora, ura, honba, sticks)


def with_table(sit: Situation, dora: str | None = None, ura: str | None = None, honba: int = 0, sticks: int = 0
               ) -> Situation:
    """A situation checked (make_situation) with what lies on the table, checked: the dora and ura indicators as
    typed, the counters and the sticks. Apart, so that a program scoring hand after hand keeps the rest of a
    situation as typed (api), while the indicators and counters of riichi hands are mostly new each hand."""
    indicators = (_indicators(dora, DORA) if dora else (), _indicators(ura, URA) if ura else ())
    for name, n in (("honba", honba), ("sticks", sticks)):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1000:
            raise SituationError(f"{name} is a count of 0 to 1000, not {n!r}")
    if indicators == ((), ()) and not honba and not sticks:
        return sit
    return sit._replace(dora=indicators[0], ura=indicators[1], honba=honba, sticks=sticks)


DORA = Term("--dora", "dora")
URA = Term("--ura", "ura")


@lru_cache(maxsize=256)
def _indicators(text: str, what: Term) -> tuple[int, ...]:
    """Dora indicators as they lie on the wall, in the hand notation ("3m 7z", "0p" a red five)."""
    from mjscore.hand.notation import MAX_TILE_CHARS, scan_tiles

    if not isinstance(text, str) or len(text) > 10 * MAX_TILE_CHARS:
        raise SituationError((what, f": tiles in the notation are expected, e.g. \"3m E\", not {text!r}"))
    try:
        found = tuple(scan_tiles(text, 0, len(text), text))
    except HandError as e:
        raise HandError((what, f": {e}"), e.text, e.spans) from None
    if any(T.is_bonus(t) for t in found):
        raise SituationError((what, ": a flower or season is no dora indicator"))
    return found


_WIND_LETTERS = frozenset(T.WINDS)
_FIVES = frozenset(T.suit_tile(suit, 5) for suit in T.SUITS)


@lru_cache(maxsize=256)
def _win_tile(text: str) -> int:
    from mjscore.hand.notation import parse_tile

    return parse_tile(text, WIN)


@lru_cache(maxsize=256)
def _win_set(text: str) -> tuple[int, ...]:
    from mjscore.hand.notation import parse_set

    return parse_set(text)
