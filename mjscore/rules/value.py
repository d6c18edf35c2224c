"""A candidate's items to its value: points x 2^doubles, limit hands, the rulebook's grid of final values,
rounding, the limit and extras (`combine`, `final_value`). Pure functions of the items, the variant and the
options; a table whose `value:` chooses another family's valuation is valued by it (rules/valuation.py).
"""

from __future__ import annotations

from typing import Any, Sequence

from mjscore.hand import tiles as T
from mjscore.messages import M, said
from mjscore.rules.context import Ctx
from mjscore.rules.results import Item, Note, NoteKind, Score, Shown
from mjscore.rules.tables import Variant


def combine(ctx: Ctx, texts: tuple[str, ...], items: list[Item], win: int | None, notes: Sequence[str],
            win_set: str | None = None) -> Score:
    """Points x 2^doubles, limit hands, rounding, the limit, extras (texts: the arrangement in notation;
    win_set: the set the winning tile completed, in notation without brackets)."""
    variant, options = ctx.variant, ctx.options
    shown = ctx.shown
    if shown is None:  # the fields every candidate's Score shares
        hand, sit, mahjong = ctx.hand, ctx.sit, ctx.mahjong
        shown = ctx.shown = Shown(variant=variant.name, options=options, hand=hand.notation, seat=sit.seat,
                                  round=sit.round, mahjong=mahjong, source=sit.source if mahjong else None,
                                  also=tuple(sorted(sit.also)) if mahjong and sit.also else (),
                                  bonus=tuple(T.name(t) for t in hand.bonus) if hand.bonus else ())
    win_name = T.name(win) if win is not None else None
    if variant.valuation is not None and ctx.mahjong:  # another family's valuation (rules/valuation.py)
        return variant.valuation.score(ctx, shown, texts, win_name, items, notes, win_set)
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
            return Score(variant=shown.variant, options=options, hand=shown.hand, seat=shown.seat, round=shown.round,
                         mahjong=shown.mahjong, arrangement=texts, items=(best_limit, *kept), points=0,
                         doubles=kept_doubles, limit_hand=best_limit.rule, limit_fraction=best_limit.limit, limit=limit,
                         value=value, uncapped=base * 2 ** kept_doubles, win=win_name, source=shown.source,
                         also=shown.also, bonus=shown.bonus, notes=tuple(notes), win_set=win_set)
    value, note = final_value(variant, options, points, doubles)
    if note:
        notes = list(notes) + [note]
    if best_extra is not None:
        items = [i for i in items if not i.extra or i is best_extra]
        value += best_extra.extra
    return Score(variant=shown.variant, options=options, hand=shown.hand, seat=shown.seat, round=shown.round,
                 mahjong=shown.mahjong, arrangement=texts, items=tuple(items), points=points, doubles=doubles,
                 limit_hand=None, limit_fraction=0, limit=limit, value=value, uncapped=uncapped, win=win_name,
                 source=shown.source, also=shown.also, bonus=shown.bonus, notes=tuple(notes), win_set=win_set)


def final_value(variant: Variant, options: dict[str, Any], base: int, doubles: int) -> tuple[int, str | None]:
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
