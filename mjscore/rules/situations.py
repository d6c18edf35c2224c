"""A situation as a user typed it, checked against a variant's circumstances."""

from __future__ import annotations

from functools import lru_cache

from mjscore.errors import SituationError, did_you_mean
from mjscore.hand import tiles as T
from mjscore.hand.situation import ALSO, FROM, NO_WORDS, SITUATIONS, SOURCE_SYNONYMS, SOURCES, WIN, Situation
from mjscore.rules.tables import Variant


def make_situation(variant: Variant, seat="E", round="E", win=None, source="discard", also=(),
                   win_set=None) -> Situation:
    """Check situation values as a user typed them; SituationError says which one is wrong (a --win-set
    that is no set, a HandError with carets under it). Whether the hand holds the set is candidates'."""
    if seat not in _WIND_LETTERS or round not in _WIND_LETTERS:
        what, wind = ("seat", seat) if seat not in _WIND_LETTERS else ("round", round)
        raise SituationError(f"{what} must be one of E, S, W, N, not {wind!r}")
    if source not in SOURCES:
        raise SituationError((FROM, f" must be one of {', '.join(SOURCES)}, not {source!r}"
                                    f"{did_you_mean(str(source), SOURCES, SOURCE_SYNONYMS)}"))
    if also:
        known = {**SITUATIONS, **variant.situations}
        for word in also:
            if word not in known:
                raise SituationError((ALSO, f" {word!r} is not a known circumstance (known: {', '.join(known)})"))
    if win is not None and not isinstance(win, int):
        win = _win_tile(win)
    if win is not None and T.is_bonus(win):
        raise SituationError((WIN, f" {T.name(win)}: a flower or season never wins a hand"))
    if win_set is not None and not isinstance(win_set, tuple):
        win_set = _win_set(win_set)
    return tuple.__new__(Situation, (seat, round, win, source, frozenset(also) if also else NO_WORDS, win_set))


_WIND_LETTERS = frozenset(T.WINDS)


@lru_cache(maxsize=256)
def _win_tile(text: str) -> int:
    from mjscore.hand.notation import parse_tile

    return parse_tile(text, WIN)


@lru_cache(maxsize=256)
def _win_set(text: str) -> tuple[int, ...]:
    from mjscore.hand.notation import parse_set

    return parse_set(text)
