"""A hand's outcome from its candidates' scores, the scorer's last stage: the candidates best first (`ranked`); a
winning shape that fails a mah-jong requirement scored as the variant says (`refused`: a non-winner's
arrangements, or a long hand); a long hand's score (`long_hand`: too many tiles, no shape, a requirement failed).
The non-winning outcomes live together here, so that the scorer decides a hand's outcome in one place.
"""

from __future__ import annotations

from typing import Any, Sequence

from mjscore.hand import tiles as T
from mjscore.hand.arrange import WIN_COUNT, AnalysedHand
from mjscore.hand.situation import Situation
from mjscore.messages import M, joined, named, said
from mjscore.rules.candidate import score_candidates
from mjscore.rules.context import Scorer
from mjscore.rules.kept import VariantMemo, memo_of
from mjscore.rules.results import LONG_HAND_RULE, Item, Note, NoteKind, Score, kind_of
from mjscore.rules.tables import Variant


def outcome(hand: AnalysedHand, variant: Variant, options: dict[str, Any], scores: list[Score], notes: list[Note],
            scorer: Scorer) -> list[Score]:
    """The hand's scores, best first, from its candidates' `scores` (`notes`: the hand's, which every candidate
    says): a long hand where there is no candidate (too many tiles, said by the scorer's note of kind LONG_HAND,
    or no winning shape the variant plays); a winning shape that fails a mah-jong requirement scored as the
    variant says (`refused`); else the candidates ranked."""
    if not scores:  # no candidate: the scorer's long-hand note says why (too many tiles), else no winning shape
        why: list[str] = [n for n in notes if kind_of(n) is NoteKind.LONG_HAND] or [
            said(M.NOTE_LONG_NO_SHAPE, whole=WIN_COUNT, variant=variant.name,
                 shapes=', '.join(s.replace('_', ' ') for s in variant.shapes))]
        return [long_hand(hand, variant, options, why[0])]
    kept = memo_of(variant)
    if hand.tile_count < WIN_COUNT or any(s.mahjong for s in scores):
        return ranked(scores, variant, kept)
    return ranked(refused(hand, variant, options, scores, notes, scorer), variant, kept)


def ranked(scores: list[Score], variant: Variant, kept: VariantMemo) -> list[Score]:
    """Every candidate's score, best first: by rank, then the limit hand listed later in the table, then a
    rule the table's `prefer:` names; ties keep generation order, so the choice is stable."""
    if len(scores) == 1:
        return scores
    later = kept.limit_order
    if later is None:
        later = kept.limit_order = _limit_order(variant)
    prefer = variant.prefer
    order = sorted(range(len(scores)), key=lambda i: (scores[i].rank, later.get(scores[i].limit_hand, -1),
                                                      bool(prefer) and _preferred(scores[i], prefer), -i),
                   reverse=True)
    return [scores[i] for i in order]


def _preferred(score: Score, prefer: tuple[str, ...]) -> bool:
    """Whether the score holds an item of a rule the table's `prefer:` names (a tie between arrangements)."""
    return any(i.rule in prefer for i in score.items)


def _limit_order(variant: Variant) -> dict[str | None, int]:
    """Rule name -> position in the file. Arrangements of equal value go to the limit hand listed later:
    a rulebook's named limit hands follow its general rows ("pure hand" before "buried treasure")."""
    return {r.name: i for i, r in enumerate(variant.rules) if r.limit}


def refused(hand: AnalysedHand, variant: Variant, options: dict[str, Any], refused: list[Score],
            notes: Sequence[str], scorer: Scorer) -> list[Score]:
    """A winning shape that fails a mah-jong requirement: scored as the variant says, with the reason (a
    non-winner's arrangements, best first, or a long hand)."""
    why = sorted({n for s in refused for n in s.notes if isinstance(n, Note) and n.kind is NoteKind.NOT_MAHJONG})
    if variant.not_mahjong == "long_hand":
        so = said(M.NOTE_SO_LONG)  # the first requirement's words are the reason a winner is told
        return [long_hand(hand, variant, options,
                          Note(NoteKind.LONG_HAND, joined(why, "; ") + so, joined([why[0].detail, *why[1:]], "; ") + so))]
    notes = [n for n in notes if kind_of(n) is not NoteKind.NO_WIN] + why + _fan_found(refused) + [
        Note(NoteKind.NON_WINNING, said(M.V_NON_WINNING))]
    out = score_candidates(hand, variant, options, False, notes, scorer, sit=Situation(hand.sit.seat, hand.sit.round))
    order = sorted(range(len(out)), key=lambda i: (out[i].rank, -i), reverse=True)
    return [out[i] for i in order]


def _fan_found(refused: list[Score]) -> list[Note]:
    """Where the refused shape's items are fan (added, as MCR's), the fan its best arrangement found and their
    total, as a referee lists them for a hand below the minimum; nothing for a variant of points and doubles."""
    best = max(refused, key=lambda s: s.rank)
    if not best.items or not all(i.fan for i in best.items):
        return []
    names: dict[str, str] = {}  # rule -> its name
    fan: dict[str, int] = {}  # rule -> its fan, all its items' (a bonus tile is an item each: Flower Tiles 2)
    for i in best.items:
        names.setdefault(i.rule, named(i.rule, i.names))
        fan[i.rule] = fan.get(i.rule, 0) + i.points
    items = joined((names[rule] + f" {points}" for rule, points in fan.items()), said(M.NOTE_RULES_SEP))
    return [Note(NoteKind.FAN_FOUND, said(M.NOTE_FAN_FOUND, items=items, total=best.value))]


def long_hand(hand: AnalysedHand, variant: Variant, options: dict[str, Any], why: str | Note) -> Score:
    """A long hand's score: the variant's value for it, with why, and any four alike not declared a kong."""
    item = Item(LONG_HAND_RULE, points=0, cite=variant.long_hand_words[0], names=variant.long_hand_words[1])
    kongs = tuple(Note(NoteKind.INFO, said(M.NOTE_UNDECLARED_KONG, tiles=k)) for k in undeclared_kongs(hand))
    return Score(variant.name, options, hand.notation, hand.sit.seat, hand.sit.round, False, (), (item,), 0, 0, None, 0,
                 options.get("limit"), variant.long_hand, variant.long_hand,
                 bonus=tuple(T.name(t) for t in hand.bonus),
                 notes=(why if isinstance(why, Note) else Note(NoteKind.LONG_HAND, why), *kongs))


def undeclared_kongs(hand: AnalysedHand) -> list[str]:
    """Four equal concealed tiles, as written (EEEE, 5555p): the commonest cause of a long hand."""
    return [T.format_tiles([t] * 4) for t in sorted(set(hand.concealed)) if hand.concealed.count(t) == 4]
