"""Score a hand under a variant: every candidate arrangement, every rule, keep the best.

The scorer's one entry, `score_all`: the order of work on one analysed hand (hand/arrange.py: the hand's
facts, worked out once, which every rule and condition reads), each stage in its own module and each taken
once, in the rulebooks' order: the tiles the variant plays (a red five through its registered module); the
hand's notes; every candidate under one context (rules/candidate.py, with the context the conditions read,
rules/context.py): its sets, bonus tiles and hand rules, and its value, doubling, limit hands and the limit
(rules/value.py); the hand's outcome, decided in one place (rules/outcome.py): the candidates best first, a
winning shape the requirements refuse, a long hand. Pure functions over analysed hands and compiled tables;
no I/O.
"""

from __future__ import annotations

from typing import Any

from mjscore.errors import HandError, SituationError
from mjscore.hand import tiles as T
from mjscore.hand.arrange import WIN_COUNT, AnalysedHand
from mjscore.hand.notation import Hand
from mjscore.hand.situation import WIN
from mjscore.messages import M, said
from mjscore.rules.candidate import score_candidates
from mjscore.rules.families import WRITTEN_TILES, family
from mjscore.rules.outcome import outcome
from mjscore.rules.results import Note, NoteKind, Score
from mjscore.rules.tables import Variant

def check_tiles(hand: Hand | AnalysedHand, variant: Variant, options: dict[str, Any]) -> None:
    """Bonus tiles in a variant played without them are refused, not scored; a hand written with a mark only some
    tables play (a red five, 0m) is checked by that mark's module (families.WRITTEN_TILES), which refuses it where
    the table does not play it: a hand without one enters no such module."""
    if hand.bonus and not variant.flowers:
        shown = " ".join(T.name(t) for t in hand.bonus)
        raise HandError(f"{variant.name} is played without flowers and seasons: {shown}", hand.text)
    for mark, module in WRITTEN_TILES.items():
        if mark in hand.text:
            family(module)(hand, variant, options)


def score_all(hand: AnalysedHand, variant: Variant, options: dict[str, Any], restricted: bool = False,
              fault: bool = False) -> list[Score]:
    """Every candidate's score, best first (ties keep generation order, so the choice is stable).

    restricted: a short or wrong hand (basque rule 66) keeps its points but only the doubles of
    its sets and bonus tiles, not those of hand rules.
    fault: the hand is short by a declared fault, so its tiles are all it holds. Otherwise a
    non-winning hand of fewer than 13 tiles (a kong counts 3) is taken as written roughly, only its
    scoring sets: rules that read every tile (one suit, all honours) cannot be judged on it.
    """
    check_tiles(hand, variant, options)
    sit = hand.sit
    notes = []
    if hand.bonus and options.get("flowers", True) is False:
        notes.append(Note(NoteKind.INFO, said(M.NOTE_NO_BONUS)))
    n = hand.tile_count
    scores: list[Score] = []
    if n > WIN_COUNT:  # too many tiles: no candidate, and this the reason of the outcome, a long hand
        notes = [Note(NoteKind.LONG_HAND, said(M.NOTE_LONG_TILES, n=n, whole=WIN_COUNT))]
    else:
        winner = n == WIN_COUNT
        if n == WIN_COUNT - 1 and sit.win is not None and not fault:  # the winning tile left out: no loser's hand
            raise SituationError((WIN, f" {T.name(sit.win)}, but the hand has {n} tiles (a kong counts 3): a hand "
                                       f"is written with its winning tile, {WIN_COUNT} tiles; add {T.name(sit.win)} "
                                       f"to it"))
        if not winner:
            given = sit.win is not None or sit.source != "discard" or sit.also or sit.win_set is not None
            if given:
                notes.append(Note(NoteKind.INFO, said(M.NOTE_SHORT_IGNORED, whole=WIN_COUNT)))
        elif sit.win is None and "heaven" not in sit.also:
            notes.append(Note(NoteKind.NO_WIN, said(M.NO_WIN_NOTE)))
        partial = n if n < WIN_COUNT - 1 and not fault else None
        whole = variant.valuation if winner and not restricted else None  # a family's own path, where it has one
        got = whole.score_hand(hand, variant, options, notes) if whole is not None else None
        scores = got if got is not None else score_candidates(hand, variant, options, winner, notes, score_all,
                                                              restricted, partial)
    return outcome(hand, variant, options, scores, notes, score_all)
