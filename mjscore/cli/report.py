"""Text output for people: itemised scores, waits, variant tables. tabulate is imported here only."""

from __future__ import annotations

from mjscore.errors import cells
from mjscore.hand import tiles as T
from mjscore.hand.notation import parse_hand
from mjscore.rules.results import NoteKind, Score, kind_of, reason
from mjscore.rules.tables import Variant


class _Width:
    """tabulate's optional `wcwidth`, for columns measured in terminal cells: a wide character (the red
    dragon glyph 🀄, a name in Chinese) takes two, a combining mark none; so --glyphs keeps columns aligned."""

    wcswidth = wcwidth = staticmethod(cells)


def plain_table(rows, headers) -> str:
    import tabulate as tb

    if tb.wcwidth is None:  # the wcwidth package is not installed: measure with the standard library
        tb.wcwidth, tb.WIDE_CHARS_MODE = _Width, True
    return tb.tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def _glyphs(text: str, glyphs: bool) -> str:
    if not glyphs or not text:
        return text
    try:
        return parse_hand(text).notation(glyphs=True) if " " in text or len(text) > 3 else _glyph_group(text)
    except Exception:  # a display nicety must never fail the command
        return text


def _glyph_group(text: str) -> str:
    from mjscore.hand.notation import scan_tiles

    inner = text.strip("[]{}<>")
    shown = T.format_tiles(scan_tiles(inner, 0, len(inner), inner), glyphs=True)
    return text[0] + shown + text[-1] if text[0] in "[{<" else shown


def fmt_fraction(f: float) -> str:
    return str(int(f)) if f == int(f) else f"{f:g}"


def situation_line(s: Score, with_set: bool = True) -> str:
    """Seat, round, the winning tile, how it came and (with_set) the set it completed, the rarer circumstances."""
    parts = [f"seat {s.seat}", f"round {s.round}"]
    if s.mahjong:
        if s.win:
            parts.append(f"won on {s.win} from {s.source}" + (f", completing {s.win_set}" if s.win_set and with_set else ""))
        else:
            parts.append("no winning tile")
        parts += list(s.also)
        h = s.han_fu
        if h is not None:
            parts += [f"{k} {' '.join(v)}" for k, v in (("dora", h.dora), ("ura", h.ura)) if v]
            parts += [f"{k} {n}" for k, n in (("honba", h.honba), ("sticks", h.sticks)) if n]
    return ", ".join(parts)


def item_name(i, lang: str) -> str:
    """The item's name in `lang`, marked * where the rulebook has none and English is shown."""
    name, found = i.name(lang)
    return name if found else f"{name} *"


def han_fu_line(s: Score) -> str:
    """A riichi hand's value as players say it: fu and han (or the yakuman), the tier, who pays what."""
    from mjscore.rules.riichi import shown_cost

    h = s.han_fu
    what = (f"{h.tier} ({s.limit_hand})" if s.limit_hand
            else f"{h.fu} fu {h.han} han" + (f", {h.tier}" if h.tier else ""))
    paid = shown_cost(h)
    line = f"{what}: {paid}" + (f" (total {h.total})" if "/" in paid or "all" in paid else "")
    if h.received != h.total:
        line += f"; with honba and riichi sticks {h.received}"
    return line + f"; base points {s.value}"


def score_text(s: Score, alternatives: list[Score] | None = None, glyphs: bool = False, lang: str = "en",
               variant: Variant | None = None) -> str:
    """A score for people: the items, how points and doubles become the value (with the variant, why a value
    was rounded or read from a table of final values, and the rule that says so), and the arrangements."""
    g = lambda text: _glyph_group(text) if glyphs and text else text  # noqa: E731
    lines = [f"{s.variant}: {parse_hand(s.hand).notation(glyphs) if glyphs else s.hand}  ({situation_line(s)})"]
    if s.arrangement:
        shown = " ".join(g(a) for a in s.arrangement)
        lines.append(f"arrangement: {shown}" + ("  (mah jong)" if s.mahjong else "  (not mah jong)"))
    rows = []
    cited = any(i.cite for i in s.items)
    for i in s.items:
        rows.append([item_name(i, lang), g(i.tiles), i.points or "", i.doubles or "",
                     f"{fmt_fraction(i.limit)} limit" if i.limit else (f"+{i.extra}" if i.extra else "")]
                    + ([i.cite] if cited else []))
    fan = any(i.fan for i in s.items)  # MCR: fan, added
    if rows:
        lines += ["", plain_table(rows, ["rule", "tiles", "fan" if fan else "points", "doubles", "limit/extra"]
                             + (["rulebook"] if cited else [])), ""]
        if lang != "en" and any(not i.name(lang)[1] for i in s.items):
            lines.append("* the rulebook has no name for this item in that language: English shown")
    if s.han_fu is not None:  # the Japanese rules' own words: "30 fu 3 han: 3900", "1000/2000", "2000 all"
        lines.append(han_fu_line(s))
    elif s.limit_hand and s.doubles:
        base = round(s.limit_fraction * s.limit)
        lines.append(f"limit hand: {s.limit_hand}, {fmt_fraction(s.limit_fraction)} x limit {s.limit} = {base}, "
                     f"doubles kept {s.doubles}: {base} x 2^{s.doubles} = {int(s.uncapped)}, final value {s.value}")
    elif s.limit_hand:
        lines.append(f"limit hand: {s.limit_hand}, {fmt_fraction(s.limit_fraction)} x limit {s.limit} = {s.value}")
    elif fan and not s.doubles:
        lines.append(f"fan added: {' + '.join(str(i.points) for i in s.items)} = {s.points}")
    else:
        calc = f"base points {s.points}, doubles {s.doubles}: {s.points} x 2^{s.doubles} = {int(s.uncapped)}"
        if s.limit is not None and s.uncapped > s.limit and not s.options.get("roof_off"):
            calc += f", capped at the limit {s.limit}"
        elif s.value - sum(i.extra for i in s.items) != s.uncapped:
            calc += _final_step(variant) + f"final value {s.value - sum(i.extra for i in s.items)}"
            calc += f" ({variant.value_cite})" if variant is not None and variant.value_cite else ""
        extra = [i for i in s.items if i.extra]
        if extra:
            calc += f", + {extra[0].extra} ({extra[0].rule})"
        lines.append(calc)
    lines.append(f"value: {s.value}")
    lines += [f"note: {n}" for n in s.notes if kind_of(n) is not NoteKind.EXCLUDED]  # (said by --explain)
    if alternatives is not None:  # --all: the one kept first, then the others, each reading once
        lines += ["", "arrangements considered (best first):"]
        rows = [[" ".join(g(a) for a in a_.arrangement), a_.win or "", g(a_.win_set or ""), a_.points, a_.doubles,
                 a_.limit_hand or "", a_.value, "kept" if k == 0 else ""] for k, a_ in enumerate([s, *alternatives])]
        lines.append(plain_table(rows, ["arrangement", "win", "completing", "points", "doubles", "limit hand", "value",
                                   ""]))
    return "\n".join(lines)


def _cell(points: int, doubles: int, limit: float, extra: int) -> str:
    parts = [str(points)] if points else []
    if doubles:
        parts.append(f"{doubles} dbl")
    if limit:
        parts.append(f"{fmt_fraction(limit)} limit")
    if extra:
        parts.append(f"+{extra}")
    return " + ".join(parts) or "0"


def _tie(best: Score, runner: Score) -> str:
    """Why one of two arrangements of equal value is kept (scoring.score_all's order)."""
    if best.uncapped != runner.uncapped:
        return (f"equal after the limit; kept for its higher value before it ({int(best.uncapped)} against "
                f"{int(runner.uncapped)}): the payments are the same")
    if best.points != runner.points:
        return (f"equal value; kept for its higher base points ({best.points} against {runner.points}): "
                "the payments are the same")
    if best.limit_hand != runner.limit_hand:
        return (f"equal value; kept as the limit hand the rulebook lists later ({best.limit_hand}): "
                "the payments are the same")
    return "equal in every respect: the first arrangement found is shown; the payments are the same"


def _item_words(i, lang: str, glyphs: bool) -> str:
    """An item as --explain names a difference: its name, its tiles and what it gave (8 points, 1 double)."""
    gave = [f"{i.points} point{'s' if i.points != 1 else ''}"] if i.points else []
    gave += [f"{i.doubles} double{'s' if i.doubles != 1 else ''}"] if i.doubles else []
    gave += [f"{fmt_fraction(i.limit)} limit"] if i.limit else []
    gave += [f"+{i.extra}"] if i.extra else []
    return (item_name(i, lang) + (f" {_glyphs(i.tiles, glyphs)}" if i.tiles else "")
            + (f" ({', '.join(gave)})" if gave else ""))


def explain_text(best: Score, runner: Score | None, lang: str = "en", glyphs: bool = False) -> str:
    """Why the arrangement kept beat the next best: both values, and the items in one and not the other."""
    kept = " ".join(_glyphs(g, glyphs) for g in best.arrangement) or _glyphs(best.hand, glyphs)
    excluded = [f"  {n}" for n in best.notes if kind_of(n) is NoteKind.EXCLUDED]  # a rule's excludes: dropped them
    if excluded:
        excluded.insert(0, "not counted, as a rule that applied excludes them:")
    if runner is None:
        return "\n".join([f"\nwhy this arrangement: it is the only way to arrange these tiles ({kept})", *excluded])
    other = " ".join(_glyphs(g, glyphs) for g in runner.arrangement) or _glyphs(runner.hand, glyphs)
    won = f" with {runner.win}" if runner.win and runner.win != best.win else ""
    if runner.win_set and (runner.win, runner.win_set) != (best.win, best.win_set):
        won += f"{'' if won else f' with {runner.win}'} completing {_glyphs(runner.win_set, glyphs)}"
    lines = ["", f"why this arrangement: {kept} is worth {best.value}; the next best, {other}{won}, is worth "
                 f"{runner.value}" + (f" ({runner.limit_hand})" if runner.limit_hand else "")
             + ("" if runner.mahjong or not best.mahjong else ", and is not mah jong")]
    if runner.value == best.value and runner.mahjong == best.mahjong:
        lines.append("  " + _tie(best, runner))
    def counted(s):  # noqa: E306  (an item is what it gives too: the same rule worth more is a difference)
        return {(i.rule, i.tiles, i.points, i.doubles, i.limit, i.extra): i for i in s.items}
    a, b = counted(best), counted(runner)
    only_kept = [_item_words(i, lang, glyphs) for k, i in a.items() if k not in b]
    only_other = [_item_words(i, lang, glyphs) for k, i in b.items() if k not in a]
    if only_kept:
        lines.append("  counted here only: " + ", ".join(only_kept))
    if only_other:
        lines.append("  counted there only: " + ", ".join(only_other))
    return "\n".join(lines + excluded)


def near_miss_text(misses: list) -> str:
    """--explain's near misses: the limit hands and doubling rules one change away, most valuable first."""
    if not misses:
        return "\nnear misses: none (no limit hand or doubling rule is one winning tile or one circumstance away)"
    return "\n".join(["", "near misses (the same hand with one thing changed, most valuable first):",
                      *(line for m in misses for line in wrapped("  - ", m.words(), 4))])


def compare_text(results, glyphs: bool = False, variants: dict | None = None) -> str:
    """Variants side by side: mah jong, points, doubles, limit hand, value, why a variant's hand is no mah jong,
    then the items that differ. An item is compared by what it is, not by its name (`variants`: each variant
    compared, whose rules say what an item is): the set it scored and what it gave, or for a whole-hand item the
    kind of its rule's condition (mah jong, self-drawn ...), so dmjl's "Standard Mah Jongg" is spanish's "mah
    jong". A row is named by the items' names, each once; --lang names them in compare's JSON only."""
    first = next((c.score for c in results if c.score is not None), None)
    scored = [c for c in results if c.score is not None]
    sets = {c.score.win_set for c in scored if c.score.mahjong}  # each variant keeps its own best reading
    lines = [f"{_glyphs(first.hand, glyphs)}  ({situation_line(first, len(sets) < 2)})" if first else
             "no variant could score this hand", ""]
    heads = [c.variant for c in results]
    col = {c.variant: c.score for c in results}
    def row(label, get):  # noqa: E306
        return [label] + [get(col[v]) if col[v] is not None else "—" for v in heads]
    rows = [row("mah jong", lambda s: "yes" if s.mahjong else "no"), row("points", lambda s: s.points),
            row("doubles", lambda s: s.doubles), row("limit hand", lambda s: s.limit_hand or ""),
            row("value", lambda s: s.value)]
    if len(sets) > 1:  # the variants read the winning tile into different sets: say each one's
        rows.insert(1, row("completing", lambda s: _glyphs(s.win_set or "", glyphs)))
    sums: dict[tuple, dict[str, list]] = {}
    labels: dict[tuple, list[str]] = {}
    for c in scored:
        rules = {r.name: r for r in variants[c.variant].rules} if variants and c.variant in variants else {}
        for i in c.score.items:
            key = item_kind(i, rules.get(i.rule))
            acc = sums.setdefault(key, {}).setdefault(c.variant, [0, 0, 0.0, 0])
            acc[0] += i.points
            acc[1] += i.doubles
            acc[2] = max(acc[2], i.limit)
            acc[3] += i.extra
            names = labels.setdefault(key, [])
            if i.rule not in names:
                names.append(i.rule)
    # where some variants take the hand as mah jong, the items are compared among those (the others' refusal is
    # said on its own line); an item absent is worth 0, so a 0 listed by one variant and not by another is the same
    winning = [c.variant for c in scored if c.score.mahjong]
    judged = winning or [c.variant for c in scored]
    same = []
    differ = []
    for key, per in sums.items():
        label = labels[key][0] + (f" {_glyphs(key[0], glyphs)}" if key[0] else "")
        cells = {v: _cell(*per[v]) if v in per else "—" for v in heads if col[v] is not None}
        values = {_cell(*per[v]) if v in per else "0" for v in judged}
        (same if len(values) == 1 and any(v in per for v in judged) else differ).append((label, cells))
    lines.append(plain_table(rows, ["", *heads]))
    refused = [(c.variant, reason(n)) for c in scored if winning and not c.score.mahjong
               for n in c.score.notes if kind_of(n) in (NoteKind.NOT_MAHJONG, NoteKind.LONG_HAND, NoteKind.NON_WINNING)]
    if refused:  # why a variant refuses the hand as mah jong, where others take it
        lines += [""] + [f"{v}: not mah jong: {why}" for v, why in refused]
    if differ:
        lines += ["", "items that differ (— absent; an item is named as the first variant names it):",
                  plain_table([[label] + [cells.get(v, "—") for v in heads] for label, cells in differ], ["item", *heads])]
    if same:
        where = ("every variant scored" if not winning or len(winning) == len(scored)
                 else "every variant where it is mah jong")
        lines += ["", f"the same in {where}: " + ", ".join(
            f"{label} {next(c for c in cells.values() if c != '—')}" for label, cells in same)]
    for c in results:
        if c.error:
            lines.append(f"{c.variant}: not scored: {c.error}")
    return "\n".join(lines)


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
        kind = when
    return "", kind, gives


def waits_text(hand_text: str, rows: list[dict], glyphs: bool = False) -> str:
    hand_text = _glyphs(hand_text, glyphs)
    if not rows:
        return f"{hand_text}: waits on nothing (no tile makes it a winning hand)"
    table = plain_table([[_glyphs(r["tile"], glyphs), r["discard"], r["wall"]] for r in rows],
                   ["tile", "value claimed (discard)", "value drawn (wall)"])
    return f"{hand_text}: waits on {len(rows)} tile{'s' if len(rows) != 1 else ''}\n\n{table}"


def _final_step(v: Variant | None) -> str:
    """Why a final value is not points x 2^doubles, where the variant is known: rounded up, or from its grid."""
    if v is not None and v.value_grid:
        return ", from the table of final values: "
    if v is not None and v.round_up > 1:
        return f", rounded up to a multiple of {v.round_up}: "
    return ", "


WIDTH = 80  # a terminal's columns: `variants NAME` fits them


def wrapped(first: str, rest: str, indent: int) -> list[str]:
    """`first` + `rest` on lines of WIDTH, the continuation indented under the text it continues."""
    import textwrap

    return textwrap.wrap(first + rest, WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False) or [first]


def settlement_text(result, glyphs: bool = False) -> str:
    """A deal for people: each hand as it was scored (its groups, then its flowers and seasons), every
    payment with its reason, every note (faults applied, caps), each player's net."""
    from mjscore.hand.situation import SEAT_NAMES
    from mjscore.play.settle import worth_words

    d = result.deal
    head = f"{d.variant.name}, round {d.round}: "
    if d.false_mahjong:
        head += f"false mah jong by {SEAT_NAMES[d.false_mahjong]}"
    elif d.winner:
        head += f"{SEAT_NAMES[d.winner]} wins"
        won = result.scores.get(d.winner)
        if won is not None and won.win:
            head += f" on {won.win} from {won.source}" + (f", completing {won.win_set}" if won.win_set else "")
    else:
        head += "a draw"
    name, paid = d.player, result.paid_on()
    rows = []
    for seat, s in result.scores.items():
        how = s.limit_hand or ("mah jong" if s.mahjong else "long hand" if s.is_long_hand else "")
        hand = " ".join(_glyphs(g, glyphs) for g in (*s.arrangement, *s.bonus)) or _glyphs(s.hand, glyphs)
        rows.append([seat, name(seat), hand, s.points, s.doubles, how, s.value if paid else worth_words(s.value)])
    lines = [head, "", plain_table(rows, ["seat", "player", "hand", "points", "doubles", "hand is", "value"]), ""]
    if result.payments:
        cited = any(p.cite for p in result.payments)
        pay = [[f"{p.payer} {name(p.payer)}", f"{p.payee} {name(p.payee)}", p.amount, p.reason]
               + ([p.cite] if cited else []) for p in result.payments]
        lines += ["payments:", plain_table(pay, ["from", "to", "amount", "reason"] + (["rulebook"] if cited else [])), ""]
    lines += [f"note: {n}" for n in result.notes]
    won = result.scores.get(d.winner) if d.winner else None
    if won is not None and won.win and any(kind_of(n) is NoteKind.NO_WIN for n in won.notes):
        lines.append(f"note: the winning tile was not given: {won.win} was guessed, the tile that scores "
                     f"{SEAT_NAMES[d.winner]}'s hand best; give the tile that won (--win TILE, or win: {{tile: ...}})")
    valued = paid and not d.false_mahjong  # a partial hand matters only where the hands' values are paid on
    lines += [f"note: {SEAT_NAMES[seat]}: {n}" for seat, s in result.scores.items() for n in s.notes
              if (valued and kind_of(n) is NoteKind.PARTIAL) or s.is_long_hand]  # why a hand is long or partial
    net = [[seat, name(seat), f"{v:+d}"] for seat, v in result.net.items()]
    lines += ["net:", plain_table(net, ["seat", "player", "net"])]
    return "\n".join(lines)
