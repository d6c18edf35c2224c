"""Text output for people: itemised scores, waits, variant tables. tabulate is imported here only."""

from __future__ import annotations

from mjscore.cli.pages import Blocks, Paragraph, Table
from mjscore.errors import cells
from mjscore import parse_hand
from mjscore.messages import M, Words
from mjscore import NoteKind, Score, kind_of
from mjscore import Variant
from mjscore import condition_words
from mjscore import POT


class _Width:
    """tabulate's optional `wcwidth`, for columns measured in terminal cells: a wide character (the red
    dragon glyph 🀄, a name in Chinese) takes two, a combining mark none; so --glyphs keeps columns aligned."""

    wcswidth = wcwidth = staticmethod(cells)


def simple_table(rows, headers, footnoted: tuple[int, ...] = (), least_use: tuple[int, ...] = ()) -> str:
    """tabulate's `simple` table, with what fitting it to a terminal may do (pages.Table)."""
    import tabulate as tb

    if tb.wcwidth is None:  # the wcwidth package is not installed: measure with the standard library
        tb.wcwidth, tb.WIDE_CHARS_MODE = _Width, True
    return Table(tb.tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True), headers, rows,
                 footnoted, least_use)


def tiles_shown(text: str, glyphs: bool) -> str:
    if not glyphs or not text:
        return text
    try:
        return parse_hand(text).notation(glyphs=True) if " " in text or len(text) > 3 else _glyph_group(text)
    except Exception:  # a display nicety must never fail the command
        return text


def as_typed(text: str, glyphs: bool = False) -> str:
    """A hand as its user typed it, its spaces normalised (one between groups), so that it reads as it was
    written (`123m 456m 789m`, not the notation's `123456789m`); with glyphs, each group in glyphs."""
    groups = text.split()
    if glyphs:
        try:
            groups = [_glyph_group(g) for g in groups]
        except Exception:  # a display nicety must never fail the command
            pass
    return " ".join(groups)


def _glyph_group(text: str) -> str:
    from mjscore import format_tiles, scan_tiles

    inner = text.strip("[]{}<>")
    shown = format_tiles(scan_tiles(inner, 0, len(inner), inner), glyphs=True)
    return text[0] + shown + text[-1] if text[0] in "[{<" else shown


def fmt_fraction(f: float) -> str:
    return str(int(f)) if f == int(f) else f"{f:g}"


def situation_line(s: Score, with_set: bool = True, lang: str = "en") -> str:
    """Seat, round, the winning tile, how it came and (with_set) the set it completed, the rarer circumstances."""
    w = Words(lang)
    parts = [w(M.SEAT_IS, seat=s.seat), w(M.ROUND_IS, round=s.round)]
    if s.mahjong:
        if s.win:
            parts.append(w(M.WON_ON, tile=s.win, source=w.source(s.source))
                         + (w(M.COMPLETING, set=s.win_set) if s.win_set and with_set else ""))
        else:
            parts.append(w(M.NO_WINNING_TILE))
        parts += list(s.also)
        if s.family_value is not None:  # what the family adds (riichi: the indicators, the counters)
            parts += s.family_value.situation_words()
    return ", ".join(parts)


def item_name(i, lang: str) -> str:
    """The item's name in `lang`, marked * where the rulebook has none and English is shown."""
    name, found = i.name(lang)
    return name if found else f"{name} *"


def score_text(s: Score, alternatives: list[Score] | None = None, glyphs: bool = False, lang: str = "en",
               variant: Variant | None = None, typed: str | None = None) -> str:
    """A score for people: the hand as typed (`typed`, else its notation), the items, how points and doubles
    become the value (with the variant, why a value was rounded or read from a table of final values, and the rule
    that says so), and the arrangements."""
    g = lambda text: _glyph_group(text) if glyphs and text else text  # noqa: E731
    w = Words(lang)
    hand = as_typed(typed, glyphs) if typed else parse_hand(s.hand).notation(glyphs) if glyphs else s.hand
    lines = [f"{s.variant}: {hand}  ({situation_line(s, lang=lang)})"]
    if s.arrangement:
        shown = " ".join(g(a) for a in s.arrangement)
        lines.append(w(M.ARRANGEMENT, shown=shown) + w(M.MAHJONG_MARK if s.mahjong else M.NOT_MAHJONG_MARK))
    rows = []
    cited = any(i.cite for i in s.items)
    for i in s.items:
        rows.append([item_name(i, lang), g(i.tiles), i.points or "", i.doubles or "",
                     w(M.LIMIT_SHARE, share=fmt_fraction(i.limit)) if i.limit else (f"+{i.extra}" if i.extra else "")]
                    + ([i.cite] if cited else []))
    fan = any(i.fan for i in s.items)  # MCR: fan, added
    if rows:
        heads = [M.H_RULE, M.H_TILES, M.H_FAN if fan else M.H_POINTS, M.H_DOUBLES, M.H_LIMIT_EXTRA]
        lines += ["", simple_table(rows, [w(h) for h in heads] + ([w(M.H_RULEBOOK)] if cited else []),
                                   footnoted=(5,) if cited else ()), ""]
        if lang != "en" and any(not i.name(lang)[1] for i in s.items):
            lines.append(w(M.NO_NAME))
    if s.family_value is not None:  # the family's own words (riichi: "30 fu 3 han: 3900", "2000 all")
        lines.append(s.family_value.line(s, w))
    elif s.limit_hand and s.doubles:
        base = round(s.limit_fraction * s.limit)
        lines.append(w(M.LIMIT_HAND_KEPT, hand=s.limit_hand, share=fmt_fraction(s.limit_fraction), limit=s.limit,
                       base=base, doubles=s.doubles, uncapped=int(s.uncapped), value=s.value))
    elif s.limit_hand:
        lines.append(w(M.LIMIT_HAND, hand=s.limit_hand, share=fmt_fraction(s.limit_fraction), limit=s.limit,
                       value=s.value))
    elif fan and not s.doubles:
        lines.append(w(M.FAN_ADDED, sum=' + '.join(str(i.points) for i in s.items), points=s.points))
    elif not s.items and fan_listed(s):
        pass  # (a winning shape below the minimum, scored as a non-winner with nothing: its fan note says all)
    elif not s.items and variant is not None and variant.unit.nothing_counted(s.points, w) is not None:
        lines.append(variant.unit.nothing_counted(s.points, w))  # (in the table's unit: "0 faan")
    else:
        calc = w(M.BASE_POINTS, points=s.points, doubles=s.doubles, uncapped=int(s.uncapped))
        if s.limit is not None and s.uncapped > s.limit and not s.options.get("roof_off"):
            calc += w(M.CAPPED_AT_LIMIT, limit=s.limit)
        elif s.value - sum(i.extra for i in s.items) != s.uncapped:
            calc += _final_step(variant, w) + w(M.FINAL_VALUE, value=s.value - sum(i.extra for i in s.items))
            calc += f" ({variant.value_cite})" if variant is not None and variant.value_cite else ""
        extra = [i for i in s.items if i.extra]
        if extra:
            calc += f", + {extra[0].extra} ({extra[0].rule})"
        lines.append(calc)
    lines.append(w(M.VALUE_IS, value=s.value))
    lines += [w(M.NOTE, note=note_words(n, w)) for n in s.notes
              if kind_of(n) is not NoteKind.EXCLUDED]  # (said by --explain)
    if alternatives is not None:  # --all: the one kept first, then the others, each reading once
        lines += ["", w(M.CONSIDERED)]
        # each as its family says it (riichi: fu, han, `30 fu 2 han: 2000`), as the line above says the best
        rows = [[" ".join(g(a) for a in a_.arrangement), a_.win or "", g(a_.win_set or ""), *numbers(a_),
                 a_.limit_hand or "", a_.value if a_.family_value is None else w.again(a_.family_value.said(
                     a_.limit_hand)), w(M.KEPT) if k == 0 else ""] for k, a_ in enumerate([s, *alternatives])]
        heads = [M.H_ARRANGEMENT, M.H_WIN, M.H_COMPLETING,
                 *(value_heads(variant) if variant is not None else (M.H_POINTS, M.H_DOUBLES)), M.H_LIMIT_HAND,
                 M.H_VALUE]
        lines.append(simple_table(rows, [w(h) for h in heads] + [""]))
    return Blocks(lines)


def fan_listed(s: Score) -> bool:
    """Whether a note lists the fan of a winning shape refused for being below the minimum (MCR's 8): its
    value as a non-winner and the tiles that would make it a win are then no news."""
    return any(kind_of(n) is NoteKind.FAN_FOUND for n in s.notes)


def note_words(note: str, w: Words) -> str:
    """A score's note in the language of `w`: a Note is made of message keys (a Said), said again in the
    catalogue's words; the particulars it names (tiles, a table's requirement) as the scoring wrote them."""
    return w.again(note)


def _tie(best: Score, runner: Score, w: Words) -> str:
    """Why one of two arrangements of equal value is kept (scoring.score_all's order)."""
    if best.uncapped != runner.uncapped:
        return w(M.X_TIE_LIMIT, value=int(best.uncapped), other=int(runner.uncapped))
    if best.points != runner.points:
        return w(M.X_TIE_POINTS, points=best.points, other=runner.points)
    if best.limit_hand != runner.limit_hand:
        return w(M.X_TIE_LIMIT_HAND, hand=best.limit_hand)
    return w(M.X_TIE_ALL)


def _item_words(i, lang: str, glyphs: bool) -> str:
    """An item as --explain names a difference: its name, its tiles and what it gave (8 points, 1 double)."""
    w = Words(lang)
    gave = [w(M.X_POINT if i.points == 1 else M.X_POINTS, n=i.points)] if i.points else []
    gave += [w(M.X_DOUBLE if i.doubles == 1 else M.X_DOUBLES, n=i.doubles)] if i.doubles else []
    gave += [w(M.LIMIT_SHARE, share=fmt_fraction(i.limit))] if i.limit else []
    gave += [f"+{i.extra}"] if i.extra else []
    return (item_name(i, lang) + (f" {tiles_shown(i.tiles, glyphs)}" if i.tiles else "")
            + (f" ({', '.join(gave)})" if gave else ""))


def explain_text(best: Score, runner: Score | None, lang: str = "en", glyphs: bool = False) -> str:
    """Why the arrangement kept beat the next best: both values, and the items in one and not the other."""
    w = Words(lang)
    kept = " ".join(tiles_shown(g, glyphs) for g in best.arrangement) or tiles_shown(best.hand, glyphs)
    excluded = [f"  {w.again(n)}" for n in best.notes if kind_of(n) is NoteKind.EXCLUDED]  # dropped by excludes
    if excluded:
        excluded.insert(0, w(M.X_EXCLUDED))
    if runner is None:
        return "\n".join(["\n" + w(M.X_ONLY_WAY, kept=kept), *excluded])
    other = " ".join(tiles_shown(g, glyphs) for g in runner.arrangement) or tiles_shown(runner.hand, glyphs)
    won = w(M.X_WITH, tile=runner.win) if runner.win and runner.win != best.win else ""
    if runner.win_set and (runner.win, runner.win_set) != (best.win, best.win_set):
        won = (won or w(M.X_WITH, tile=runner.win)) + w(M.X_COMPLETING, set=tiles_shown(runner.win_set, glyphs))
    lines = ["", w(M.X_WHY, kept=kept, value=best.value, other=other, won=won, worth=runner.value)
             + (f" ({runner.limit_hand})" if runner.limit_hand else "")
             + ("" if runner.mahjong or not best.mahjong else w(M.X_NOT_MAHJONG))]
    if runner.value == best.value and runner.mahjong == best.mahjong:
        lines.append("  " + _tie(best, runner, w))
    def counted(s):  # noqa: E306  (an item is what it gives too: the same rule worth more is a difference)
        return {(i.rule, i.tiles, i.points, i.doubles, i.limit, i.extra): i for i in s.items}
    a, b = counted(best), counted(runner)
    only_kept = [_item_words(i, lang, glyphs) for k, i in a.items() if k not in b]
    only_other = [_item_words(i, lang, glyphs) for k, i in b.items() if k not in a]
    if only_kept:
        lines.append(w(M.X_HERE_ONLY, items=", ".join(only_kept)))
    if only_other:
        lines.append(w(M.X_THERE_ONLY, items=", ".join(only_other)))
    return "\n".join(lines + excluded)


def near_miss_text(misses: list, lang: str = "en", variant: Variant | None = None) -> str:
    """--explain's near misses: the limit hands and doubling rules one change away, most valuable first (each
    rule named in the rulebook's words where `variant` has them for `lang`)."""
    w = Words(lang)
    if not misses:
        return "\n" + w(M.N_NONE)
    names = {r.name: dict(r.names).get(lang, r.name) for r in variant.rules} if variant and lang != "en" else {}
    def way(how, low: int, high: int) -> str:  # one change with its own value (several: their range)
        return w(M.N_WORTH, how=how, value=low) if low == high else w(M.N_WORTH_RANGE, how=how, low=low, high=high)

    said = [w(M.N_MISS, rule=names.get(m.rule, m.rule), gives=w.again(m.gives),
              how=w(M.N_OR).join(w.again(h) for h in m.how), value=m.value) if m.one_value
            else w(M.N_MISS_EACH, rule=names.get(m.rule, m.rule), gives=w.again(m.gives),
                   how=w(M.N_OR).join(way(w.again(h), lo, hi) for h, (lo, hi) in zip(m.how, m.values)))
            for m in misses]
    said = [text + (w(M.N_UNMET, conditions=", ".join(map(condition_words, m.unmet))) if m.unmet else "")
            for text, m in zip(said, misses)]
    return Blocks(["", w(M.N_HEAD), *(paragraph("  - ", text, 4) for text in said)])


def quote_text(quoted: list, lang: str = "en") -> str:
    """--explain's last part: for the rules counted, the rulebook's own words (in its language, then in English)
    or why they cannot be quoted, each sentence once with the rules resting on it; "" where the table quotes
    no rule (referee.quoted). Lines cut to a terminal's width; Markdown and HTML say each paragraph whole
    (pages.Paragraph)."""
    if not quoted:
        return ""
    w = Words(lang)
    name = (lambda i: item_name(i, lang)) if lang != "en" else (lambda i: i.rule)  # noqa: E731  (* no name)
    lines = ["", w(M.Q_HEAD)]
    for items, q in quoted:
        cites = {i.cite for i in items}
        if len(cites) == 1:  # one cite for them all: said once
            head = "  - " + ", ".join(name(i) for i in items) + (f" ({items[0].cite})" if items[0].cite else "")
        else:
            head = "  - " + ", ".join(name(i) + (f" ({i.cite})" if i.cite else "") for i in items)
        if q.absent:
            lines.append(paragraph(head + ": ", w(M.Q_NOT_QUOTED, why=q.absent), 6))
            continue
        lines.append(paragraph(head, "", 6))
        where = f", {q.cite}" if q.cite and cites != {q.cite} else ""  # the words stand elsewhere than the rules
        lines.append(paragraph(f"      {q.lang}{where}: ", f"\u201c{q.text}\u201d", 8))
        lines.append(paragraph(f"      {w(M.Q_IN_ENGLISH)} ", q.gloss, 8))
    return Blocks(lines)


def waits_text(hand_text: str, rows: list[dict], glyphs: bool = False, lang: str = "en") -> str:
    """The tiles a hand waits on and their values; `hand_text` as typed."""
    hand_text, w = as_typed(hand_text, glyphs), Words(lang)
    if not rows:
        return w(M.WAITS_ON_NOTHING, hand=hand_text)
    said = lambda r, how: r[how] if r.get(f"{how}_said") is None else w.again(r[f"{how}_said"])  # noqa: E731 (riichi)
    table = simple_table([[tiles_shown(r["tile"], glyphs), said(r, "discard"), said(r, "wall")] for r in rows],
                         [w(M.H_TILE), w(M.H_VALUE_CLAIMED), w(M.H_VALUE_DRAWN)])
    return Blocks([w(M.WAITS_ON_ONE if len(rows) == 1 else M.WAITS_ON_MANY, hand=hand_text, n=len(rows)), "", table])


def _final_step(v: Variant | None, w: Words) -> str:
    """Why a final value is not points x 2^doubles, where the variant is known: rounded up, or from its grid."""
    if v is not None and v.value_grid:
        return w(M.FROM_GRID)
    if v is not None and v.round_up > 1:
        return w(M.ROUNDED_UP, n=v.round_up)
    return ", "


WIDTH = 80  # a terminal's columns: `variants NAME` fits them


def paragraph(first: str, rest: str, indent: int) -> Paragraph:
    """`first` + `rest` wrapped for a terminal (wrapped), kept whole for Markdown and HTML (pages.Paragraph)."""
    return Paragraph(wrapped(first, rest, indent), first + rest)


def wrapped(first: str, rest: str, indent: int) -> list[str]:
    """`first` + `rest` on lines of WIDTH terminal columns, the continuation indented under the text it continues
    (fit.wrap: textwrap's greedy filling, measured in terminal cells)."""
    from mjscore.cli.fit import wrap

    return wrap(first + rest, WIDTH, indent) or [first]


def padded(text: str, width: int) -> str:
    """Text filled with spaces to `width` terminal cells (as f"{text:<{width}}" does for one-cell characters)."""
    return text + " " * (width - cells(text))


def value_heads(variant) -> tuple:
    """The words a hand's two numbers are said under: points and doubles, or its valuation's own (fu, han)."""
    return (M.H_POINTS, M.H_DOUBLES) if variant.valuation is None else variant.valuation.heads


def numbers(s) -> tuple:
    """A hand's two numbers under `value_heads`: its points and doubles, or as its family counts them."""
    return (s.points, s.doubles) if s.family_value is None else s.family_value.value_columns()


def settlement_text(result, glyphs: bool = False, lang: str = "en") -> str:
    """A deal for people: each hand as it was scored (its groups, then its flowers and seasons), every
    payment with its reason, every note (faults applied, caps), each player's net."""
    d, w = result.deal, Words(lang)
    head = w(M.DEAL_HEAD, variant=d.variant.name, round=d.round)
    if d.false_mahjong:
        head += w(M.FALSE_MAHJONG_BY, seat=w.seat(d.false_mahjong))
    elif d.winner:
        head += w(M.WINS, seat=w.seat(d.winner))
        won = result.scores.get(d.winner)
        if won is not None and won.win:
            head += (w(M.WINS_ON, tile=won.win, source=w.source(won.source))
                     + (w(M.COMPLETING, set=won.win_set) if won.win_set else ""))
    else:
        head += w(M.A_DRAW)
    paid = result.paid_on()
    name = lambda seat: d.players[seat] if seat in d.players else w.seat(seat)  # noqa: E731  (no names: the seat)
    party = lambda seat: w(M.B_THE_TABLE) if seat == POT else f"{seat} {name(seat)}"  # noqa: E731  (riichi's pot)
    rows = []
    for seat, s in result.scores.items():
        how = s.limit_hand or (w(M.IS_MAHJONG) if s.mahjong else w(M.IS_LONG_HAND) if s.is_long_hand else "")
        hand = as_typed(d.hands[seat], glyphs) if d.hands.get(seat, "").strip() else \
            " ".join(tiles_shown(g, glyphs) for g in (*s.arrangement, *s.bonus)) or tiles_shown(s.hand, glyphs)
        value = s.value if s.family_value is None else w.again(s.family_value.said(s.limit_hand))
        rows.append([seat, name(seat), hand, *numbers(s), how,
                     value if paid else w(M.WORTH_UNPAID, worth=value) if s.value else "0"])
    heads = [M.H_SEAT, M.H_PLAYER, M.H_HAND, *value_heads(d.variant), M.H_HAND_IS, M.H_VALUE]
    lines = [head, "", simple_table(rows, [w(h) for h in heads]), ""]
    if result.payments:
        cited = any(p.cite for p in result.payments)
        pay = [[party(p.payer), party(p.payee), p.amount, w.again(p.reason)]
               + ([p.cite] if cited else []) for p in result.payments]
        heads = [M.H_FROM, M.H_TO, M.H_AMOUNT, M.H_REASON] + ([M.H_RULEBOOK] if cited else [])
        lines += [w(M.PAYMENTS), simple_table(pay, [w(h) for h in heads], footnoted=(4,) if cited else ()), ""]
    lines += [w(M.NOTE, note=w.again(n)) for n in result.notes]
    won = result.scores.get(d.winner) if d.winner else None
    if won is not None and won.win and any(kind_of(n) is NoteKind.NO_WIN for n in won.notes):
        lines.append(w(M.GUESSED_TILE, tile=won.win, seat=w.seat(d.winner)))
    valued = paid and not d.false_mahjong  # a partial hand matters only where the hands' values are paid on
    lines += [w(M.SEAT_NOTE, seat=w.seat(seat), note=note_words(n, w)) for seat, s in result.scores.items()
              for n in s.notes if (valued and kind_of(n) is NoteKind.PARTIAL) or s.is_long_hand]  # why long or partial
    net = [[seat, name(seat), f"{v:+d}"] for seat, v in result.net.items()]
    if result.pot is not None:  # riichi: the sticks on the table, a party of their own (the nets and it sum to 0)
        net.append(["", w(M.B_THE_TABLE), f"{result.pot:+d}"])
    lines += [w(M.NET), simple_table(net, [w(M.H_SEAT), w(M.H_PLAYER), w(M.H_NET)])]
    return Blocks(lines)


def not_winning_line(swaps: list, w: Words) -> str:
    """What `score` (and `compare`, where no variant takes the hand) says under a hand of 14 tiles that is no mah
    jong: the tiles that, changed, make it a winning hand (api.nearest_wins' swaps), or that none does."""
    said = [w(M.S_SWAP_FOR, change=s.change, to=w(M.N_TILE_OR).join(s.to)) for s in swaps]
    return w(M.S_NOT_WINNING_ONE, swaps="; ".join(said)) if swaps else w(M.S_NOT_WINNING_NONE)
