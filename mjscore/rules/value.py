"""A candidate's items to its value, and the order of candidates: points x 2^doubles, limit hands, the rulebook's
grid of final values, rounding, the limit and extras (`combine`, `final_value`); a long hand's score
(`long_hand`); every candidate's score best first (`ranked`). Pure functions of the items, the variant and the
options; a table whose `value:` chooses another family's valuation is valued by it (rules/valuation.py).
"""

from __future__ import annotations

from mjscore.hand import tiles as T
from mjscore.hand.arrange import AnalysedHand
from mjscore.messages import M, said
from mjscore.rules.context import Ctx
from mjscore.rules.kept import VariantMemo
from mjscore.rules.results import LONG_HAND_RULE, Item, Note, NoteKind, Score, Shown
from mjscore.rules.tables import Variant


def combine(ctx: Ctx, texts: tuple[str, ...], items: list[Item], win: int | None, notes: list[str],
            win_set: str | None = None) -> Score:
    """Points x 2^doubles, limit hands, rounding, the limit, extras (texts: the arrangement in notation;
    win_set: the set the winning tile completed, in notation without brackets)."""
    variant, options = ctx.variant, ctx.options
    limit = options.get("limit")
    points = doubles = 0
    best_limit = best_extra = None
    for i in items:  # one pass: this runs for every candidate of every hand of a batch
        points += i.points
        doubles += i.doubles
        if i.limit and (best_limit is None or i.limit > best_limit.limit):
            best_limit = i
        if i.extra and (best_extra is None or i.extra > best_extra.extra):
            best_extra = i
    uncapped = points * 2 ** doubles
    shown = ctx.shown
    if shown is None:  # the fields every candidate's Score shares
        hand, sit, mahjong = ctx.hand, ctx.sit, ctx.mahjong
        # (in Shown's order at once, as _score_of lays a Score: variant, options, hand, seat, round, mahjong, source,
        # also, bonus; called with keywords, a class gathers them in a dictionary first)
        shown = ctx.shown = tuple.__new__(Shown, (variant.name, options, hand.notation, sit.seat, sit.round, mahjong,
                                                  sit.source if mahjong else None,
                                                  tuple(sorted(sit.also)) if mahjong and sit.also else (),
                                                  tuple(T.name(t) for t in hand.bonus) if hand.bonus else ()))
    win_name = T.name(win) if win is not None else None
    if variant.valuation is not None and ctx.mahjong:  # another family's valuation (rules/valuation.py)
        return variant.valuation.score(ctx, shown, texts, win_name, items, notes, win_set)
    if best_limit is not None and limit is not None:
        kept = [i for i in items if i.doubles and i.table in best_limit.keep_doubles]
        kept_doubles = sum(i.doubles for i in kept)
        base = round(best_limit.limit * limit)
        if best_limit.limit >= 1 or best_limit.limit * limit * 2 ** kept_doubles >= uncapped:
            if best_limit.keep_doubles:  # its base value goes through the final-values step with those doubles
                value, note = final_value(variant, options, base, kept_doubles)
                notes = list(notes) + ([note] if note else [])
            else:
                value = base
            return _score_of(shown, options, texts, (best_limit, *kept), 0, kept_doubles, best_limit.rule,
                             best_limit.limit, limit, value, base * 2 ** kept_doubles, win_name, tuple(notes), win_set)
    value, note = final_value(variant, options, points, doubles)
    if note:
        notes = list(notes) + [note]
    if best_extra is not None:
        items = [i for i in items if not i.extra or i is best_extra]
        value += best_extra.extra
    return _score_of(shown, options, texts, tuple(items), points, doubles, None, 0, limit, value, uncapped, win_name,
                     tuple(notes), win_set)


def _score_of(shown: Shown, options: dict, arrangement: tuple[str, ...], items: tuple[Item, ...], points: int,
              doubles: int, limit_hand: str | None, limit_fraction: float, limit: int | None, value: int,
              uncapped: float, win: str | None, notes: tuple[str, ...], win_set: str | None) -> Score:
    """A candidate's Score: what its hand's candidates share (`shown`) and its own fields, laid in Score's order at
    once. Score called with its 22 fields by keyword took 1-2 us a candidate (its class call gathers the keywords in
    a dictionary for NamedTuple's __new__, which matches each by name): a quarter of combine's instructions and
    most of what batch's scoring lost to 6b219fb (issue 40, docs/performance.md)."""
    return tuple.__new__(Score, (shown.variant, options, shown.hand, shown.seat, shown.round, shown.mahjong,
                                 arrangement, items, points, doubles, limit_hand, limit_fraction, limit, value,
                                 uncapped, win, shown.source, shown.also, shown.bonus, notes, win_set, None))


def final_value(variant: Variant, options: dict, base: int, doubles: int) -> tuple[int, str | None]:
    """Base value and doubles to the final value: the variant's grid (a printed table of final values)
    when it has the entry, else base x 2^doubles rounded up and capped at the limit; plus a note when
    a grid had to be left."""
    grid, note = variant.value_grid, None
    if grid:
        row = next((r for b, r in grid.items() if b >= base), None)
        if row is not None and doubles < len(row):
            return row[doubles], None
        note = Note(NoteKind.INFO, said(M.NOTE_BEYOND_GRID, base=base, doubles=doubles))
    value = base * 2 ** doubles
    step = variant.round_up
    if step > 1:
        value = -(-value // step) * step
    limit = options.get("limit")
    if limit is not None and not options.get("roof_off", False):
        value = min(value, limit)
    return value, note


def long_hand(hand: AnalysedHand, variant: Variant, options: dict, why: str | Note) -> Score:
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


def _limit_order(variant: Variant) -> dict[str, int]:
    """Rule name -> position in the file. Arrangements of equal value go to the limit hand listed later:
    a rulebook's named limit hands follow its general rows ("pure hand" before "buried treasure")."""
    return {r.name: i for i, r in enumerate(variant.rules) if r.limit}
