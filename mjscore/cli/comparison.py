"""`mjscore compare`'s output: one hand under several variants side by side, the items compared by what they
are (their rule's kind and value), not by their names. `compare_grid` gives the comparison as data (the CSV
writes it), `compare_text` for people (and, through cli/pages.py, for a club's pages)."""

from __future__ import annotations

from typing import NamedTuple

from mjscore.cli.pages import Blocks
from mjscore.cli.report import as_typed, fmt_fraction, not_winning_line, simple_table, situation_line, tiles_shown
from mjscore.messages import M, Words
from mjscore import NoteKind, kind_of
from mjscore import when_clauses

ENGLISH = Words()


def item_cell(points: int, doubles: int, limit: float, extra: int, w: Words = ENGLISH) -> str:
    parts = [str(points)] if points else []
    if doubles:
        parts.append(w(M.C_DBL, n=doubles))
    if limit:
        parts.append(w(M.LIMIT_SHARE, share=fmt_fraction(limit)))
    if extra:
        parts.append(f"+{extra}")
    return " + ".join(parts) or "0"


class Comparison(NamedTuple):
    """A comparison as data: the first line, the variants, the rows of the main table, why variants refuse the
    hand as mah jong (where others take it or none does), the items that differ and those the same (label,
    {variant: cell}), the variants not scored (variant, why), and where the same items are the same."""

    head: str
    variants: list[str]
    rows: list[list]
    refused: list[tuple[str, str]]
    differ: list[tuple[str, dict[str, str]]]
    same: list[tuple[str, dict[str, str]]]
    errors: list[tuple[str, str]]
    where: str


def compare_grid(results, glyphs: bool = False, variants: dict | None = None, w: Words = ENGLISH,
                 names: dict[str, str] | None = None, typed: str | None = None) -> Comparison:
    """Variants side by side: mah jong, points, doubles, limit hand, value, why a variant's hand is no mah jong,
    and the items. An item is compared by what it is, not by its name (`variants`: each variant compared, whose
    rules say what an item is): the set it scored and what it gave, or for a whole-hand item the kind of its
    rule's condition (mah jong, self-drawn ...), so dmjl's "Standard Mah Jongg" is spanish's "mah jong". A row is
    named as the first variant names the item, the others' other names after it (`row_name`); `names`: the language
    of each variant's item names (--lang; English where not given), `w`: the fixed words' language."""
    first = next((c.score for c in results if c.score is not None), None)
    scored = [c for c in results if c.score is not None]
    sets = {c.score.win_set for c in scored if c.score.mahjong}  # each variant keeps its own best reading
    hand = as_typed(typed, glyphs) if typed else tiles_shown(first.hand, glyphs) if first else ""  # (as typed)
    head = (f"{hand}  ({situation_line(first, len(sets) < 2, w.lang)})" if first else
            w(M.C_NO_VARIANT))
    heads = [c.variant for c in results]
    col = {c.variant: c.score for c in results}
    def row(label, get):  # noqa: E306
        return [label] + [get(col[v]) if col[v] is not None else "—" for v in heads]
    def given(v: str, points: int, doubles: int, limit: float, extra: int) -> str:  # noqa: E306
        """What a variant's item (or hand) gives, in its family's words where its hand has them (riichi's fu, han)."""
        stated = col[v].family_value
        return item_cell(points, doubles, limit, extra, w) if stated is None else stated.counted(points, doubles,
                                                                                                limit, extra)
    rows = [row(w(M.IS_MAHJONG), lambda s: w(M.C_YES) if s.mahjong else w(M.C_NO)),
            row(w(M.H_POINTS), lambda s: s.points if s.family_value is None else s.family_value.counted(s.points,
                                                                                                      0, 0, 0)),
            row(w(M.H_DOUBLES), lambda s: s.doubles if s.family_value is None else s.family_value.counted(
                0, s.doubles, 0, 0)),
            row(w(M.H_LIMIT_HAND), lambda s: s.limit_hand or ""),
            row(w(M.H_VALUE), lambda s: s.value if s.family_value is None else w.again(s.family_value.said(
                s.limit_hand)))]
    if len(sets) > 1:  # the variants read the winning tile into different sets: say each one's
        rows.insert(1, row(w(M.H_COMPLETING), lambda s: tiles_shown(s.win_set or "", glyphs)))
    sums: dict[tuple, dict[str, list]] = {}
    labels: dict[tuple, dict[str, list[tuple[str, bool]]]] = {}  # each variant's names (Item.name) of a row's items
    for c in scored:
        rules = {r.name: r for r in variants[c.variant].rules} if variants and c.variant in variants else {}
        for i in c.score.items:
            key = item_kind(i, rules.get(i.rule))
            acc = sums.setdefault(key, {}).setdefault(c.variant, [0, 0, 0.0, 0])
            acc[0] += i.points
            acc[1] += i.doubles
            acc[2] = max(acc[2], i.limit)
            acc[3] += i.extra
            said = labels.setdefault(key, {}).setdefault(c.variant, [])
            if i.name((names or {}).get(c.variant, "en")) not in said:
                said.append(i.name((names or {}).get(c.variant, "en")))
    # where some variants take the hand as mah jong, the items are compared among those (each refusal is said on
    # its own line); an item absent is worth 0, so a 0 listed by one variant and not by another is the same
    winning = [c.variant for c in scored if c.score.mahjong]
    judged = winning or [c.variant for c in scored]
    same: list[tuple[str, dict[str, str]]] = []
    differ: list[tuple[str, dict[str, str]]] = []
    named = {key: row_name(labels[key]) for key in sums}  # (the first variant's name, the others')
    for key, per in sums.items():
        label = (named[key][0] + (f" {tiles_shown(key[0], glyphs)}" if key[0] else "")
                 + told_apart(key, [k for k in sums if named[k][0] == named[key][0] and k[0] == key[0]], w)
                 + named[key][1])
        cells = {v: given(v, *per[v]) if v in per else "—" for v in heads if col[v] is not None}
        values = {given(v, *per[v]) if v in per else "0" for v in judged}
        (same if len(values) == 1 and any(v in per for v in judged) else differ).append((label, cells))
    refused = [(c.variant, w.again(n.detail or n)) for c in scored if not c.score.mahjong  # (a requirement: table data)
               for n in c.score.notes if kind_of(n) in (NoteKind.NOT_MAHJONG, NoteKind.LONG_HAND, NoteKind.NON_WINNING)]
    where = w(M.C_EVERY_SCORED) if not winning or len(winning) == len(scored) else w(M.C_EVERY_MAHJONG)
    return Comparison(head, heads, rows, refused, differ, same, [(c.variant, c.error) for c in results if c.error],
                      where)


def compare_text(results, glyphs: bool = False, variants: dict | None = None, lang: str = "en",
                 names: dict[str, str] | None = None, swaps: dict[str, list] | None = None,
                 typed: str | None = None) -> str:
    """The comparison for people: the main table, the refusals, the items that differ as a table, the items the
    same on a line, the variants not scored; the fixed words in `lang`, each variant's item names in `names`.
    `swaps`: where no variant takes a hand of 14 tiles, each variant's tiles that, changed, make it a winning hand
    (api.nearest_wins), said once as `score` says it where all agree, else for each group of variants alike."""
    w = Words(lang)
    c = compare_grid(results, glyphs, variants, w, names, typed)
    lines = [c.head, "", simple_table(c.rows, ["", *c.variants])]
    if c.refused:  # why a variant refuses the hand as mah jong
        told = dict.fromkeys(v for v, _ in c.refused)  # a variant's reasons on one line, in order (as in CSV)
        lines += [""] + [w(M.C_NOT_MAHJONG, variant=v, why="; ".join(why for x, why in c.refused if x == v))
                         for v in told]
    if swaps:
        said: dict[str, list[str]] = {}
        for v, found in swaps.items():
            said.setdefault(not_winning_line(found, w), []).append(v)
        lines += [text if len(said) == 1 else f"{', '.join(vs)}: {text}" for text, vs in said.items()]
    if c.differ:
        lines += ["", w(M.C_DIFFER),
                  simple_table([[label] + [cells.get(v, "—") for v in c.variants] for label, cells in c.differ],
                               [w(M.C_ITEM), *c.variants])]
    if c.same:
        lines += ["", w(M.C_SAME, where=c.where, items=", ".join(
            f"{label} {next(x for x in cells.values() if x != '—')}" for label, cells in c.same))]
    lines += [w(M.C_NOT_SCORED, variant=v, why=why) for v, why in c.errors]
    return Blocks(lines)


CSV_HEADERS = ["row", "item"]  # then one column per variant


def compare_csv(results, variants: dict | None = None) -> tuple[list[str], list[list]]:
    """For spreadsheets: one row per line of the comparison, a column per variant. `row` says what the row is:
    mah jong, completing, points, doubles, limit hand, value (the main table); not mah jong (why a variant
    refuses the hand, where others take it or none does); differs or same (an item, named in `item`, with what it
    gave in each variant: — absent); not scored (why a variant could not score the hand)."""
    c = compare_grid(results, False, variants)
    rows = [[r[0], "", *r[1:]] for r in c.rows]
    if c.refused:  # a variant may give several reasons: each, in order
        rows.append(["not mah jong", "", *("; ".join(w for x, w in c.refused if x == v) for v in c.variants)])
    rows += [[kind, label, *(cells.get(v, "—") for v in c.variants)]
             for kind, items in (("differs", c.differ), ("same", c.same)) for label, cells in items]
    if c.errors:
        why = dict(c.errors)
        rows.append(["not scored", "", *(why.get(v, "") for v in c.variants)])
    return [*CSV_HEADERS, *c.variants], rows


def row_name(said: dict[str, list[tuple[str, bool]]]) -> tuple[str, str]:
    """A row's name: the first variant's name for the item (its names joined by +, where two of its items make
    one row); where others name it otherwise (dmjl's "Standard Mah Jongg" for spanish's "mah jong", or two
    rulebooks' words in one language), their names after it, each with the variants that give it: "mah jong
    (dmjl, bmja: Standard Mah Jongg)". In a language some rulebooks have no name in, theirs (the English, marked *)
    are left out where another rulebook names the item in it. Returned as the first name and what follows it."""
    anywhere = any(found for names in said.values() for _, found in names)
    by: dict[str, list[str]] = {}  # a way of naming the row -> the variants that name it so
    for variant, names in said.items():
        if not anywhere or all(found for _, found in names):
            by.setdefault(" + ".join(n if found else f"{n} *" for n, found in names), []).append(variant)
    first, *others = by
    return first, f" ({'; '.join(', '.join(by[n]) + f': {n}' for n in others)})" if others else ""


def told_apart(key: tuple[str, str, str], alike: list[tuple[str, str, str]], w: Words) -> str:
    """What tells a row from others of the same name that are other items (danish's "one suit with honours" of
    its purity_doublings option and spanish's of no option): the condition of its rule as the table writes it,
    where theirs differ, and what it gives, where that differs; nothing for a name no other row has."""
    if len(alike) < 2:
        return ""
    gives = {"points": M.H_POINTS, "doubles": M.H_DOUBLES, "limit": M.H_LIMIT_HAND, "extra": M.H_LIMIT_EXTRA}
    parts = ([f"when: {key[1]}"] if len({k[1] for k in alike}) > 1 else []) + (
        [w(gives[key[2]])] if len({k[2] for k in alike}) > 1 else [])
    return f" ({', '.join(parts)})"


def item_kind(i, rule) -> tuple[str, str, str]:
    """What an item is, whatever a variant names it: (the set it scored, or "" for the whole hand; the kind of
    a whole-hand rule's condition; what it gives). Two variants' items of one kind are one row of `compare`."""
    gives = "limit" if i.limit else "doubles" if i.doubles else "extra" if i.extra else "points"
    if i.tiles:
        return i.tiles, "", gives
    when = rule.when if rule is not None else None
    if when is None:  # an item no rule of the table makes (a long hand): its name is what it is
        kind = i.rule
    elif not when or when.startswith("pattern: standard"):
        kind = "mah jong"  # the winner's base: no condition but winning, or the standard pattern
    elif "self_drawn" in when or when == "from: wall":
        kind = "self-drawn"
    else:
        kind = without_options(when)
    return "", kind, gives


def without_options(when: str) -> str:
    """A condition (as `show_when` writes it) without its top-level `option:` clauses: which house option a rule
    is read under is not what its item is (danish's "one suit with honours" has a row for each setting of its
    purity_doublings option, the same item either way, spanish's of no option). Clauses inside brackets stay."""
    return ", ".join(p for p in when_clauses(when) if not p.startswith("option: "))


