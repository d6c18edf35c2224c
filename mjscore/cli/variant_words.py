"""A variant in words for people (`mjscore variants`, `variants NAME`), in the language of `--lang`: its facts,
options and scoring tables fitted to 80 columns, and the list of variants. What the table file says (titles,
sources, option help, rule names without the rulebook's own, the conditions) is data and stays as written; the
fixed words around it are the message catalogue's (mjscore/messages). variant_pages.py lays the same facts out
as tables for CSV, Markdown and HTML with these words.
"""

from __future__ import annotations

from mjscore.cli.report import WIDTH, fmt_fraction, padded, simple_table, wrapped
from mjscore.errors import cells
from mjscore.messages import M, Words
from mjscore import Variant

PER = {"group": M.V_EACH_GROUP, "bonus": M.V_EACH_BONUS, "hand": M.V_PER_HAND}  # a table's `per:`
WHO = {"winner": M.V_WHO_WINNER, "loser": M.V_WHO_LOSER, "all": M.V_WHO_ALL}  # a table's or a rule's `who:`


def option_default(o) -> str:
    """An option's default as it is typed on the command line (true, not True)."""
    if o.default is None:
        return "none"
    return str(o.default).lower() if o.type == "bool" else str(o.default)


def variants_text(variants: list[Variant], lang: str = "en") -> str:
    """The variants' list: each one's name, title, source (the rulebook its table follows) and options."""
    w = Words(lang)
    rows = [[v.name, v.title, v.source, ", ".join(f"{k}={option_default(o)}" for k, o in v.options.items())]
            for v in variants]
    return simple_table(rows, [w(M.V_H_VARIANT), w(M.V_H_TITLE), w(M.V_H_SOURCE), w(M.V_H_OPTIONS_DEFAULT)])


def allowed(o, w: Words) -> str:
    """An option's allowed values as typed (true, false; its choices), or "a whole number" in words."""
    return ", ".join(map(str, o.choices)) or ("true, false" if o.type == "bool" else w(M.V_WHOLE_NUMBER))


def who_words(who: str, w: Words) -> str:
    key = WHO.get(who)
    return w(key) if key is not None else who


def value_step(v: Variant, lang: str = "en") -> str:
    """How points and doubles become the final value, in words (a family's own valuation says its own)."""
    w = Words(lang)
    if v.valuation is not None:
        return v.valuation.words(w)
    step = w(M.V_STEP_DOUBLING)
    if any(r.fan for r in v.rules) and not any(r.doubles for r in v.rules):
        step = w(M.V_STEP_FAN)
    if v.round_up > 1:
        step += w(M.V_STEP_ROUND, n=v.round_up)
    step += w(M.V_STEP_CAPPED) if v.limit is not None else ""
    if v.value_grid:
        rows = "; ".join(f"{b}: {', '.join(map(str, r))}" for b, r in v.value_grid.items())
        step = w(M.V_STEP_GRID, rows=rows, step=step)
    return step + (f" ({v.value_cite})" if v.value_cite else "")


def rule_value(r, lang: str = "en") -> str:
    w = Words(lang)
    value = []
    if r.points or not (r.doubles or r.limit or r.extra or r.each):
        value.append(w(M.V_FAN if r.fan else M.V_POINTS, n=r.points))
    if r.doubles:
        value.append(w(M.X_DOUBLES if r.doubles > 1 else M.X_DOUBLE, n=r.doubles))
    if r.each:
        value.append(w(M.V_A_DOUBLE_A_TILE, what=r.each.replace('_', ' ')))
    if r.limit:
        value.append(w(M.LIMIT_SHARE, share=fmt_fraction(r.limit)))
    if r.keep_doubles:
        value.append(w(M.V_KEEPS, rules='; '.join(r.keep_doubles)))
    if r.extra:
        value.append(w(M.V_AFTER_DOUBLING, n=r.extra))
    return ", ".join(value)


def names_apart(names: list[str], rules: list) -> list[str]:
    """Rows of one table named alike for different tiles (spanish's "exposed pung of honours", of winds and of
    dragons) told apart by the tiles their conditions name: "exposed pung of honours (wind)"."""
    out = list(names)
    for name in set(names):
        alike = [k for k, n in enumerate(names) if n == name]
        if len(alike) < 2:
            continue
        parts = [set(rules[k].when.split(", ")) for k in alike]
        shared = set.intersection(*parts)
        for k in alike:
            own = [x.rpartition(": ")[2] for x in rules[k].when.split(", ")
                   if x not in shared and x.startswith("tiles: ")]
            if own:  # rows that differ otherwise (by a house option, by who) are told apart by their values
                out[k] = f"{name} ({', '.join(own)})"
    return out


def facts(v: Variant, w: Words, table: str | None) -> list[tuple[str, str, int | None]]:
    """The variant's facts before its options, as (head, text, indent of a continued line; None: one line)."""
    return [("", f"{v.name}: {v.title}", None), (w(M.V_SOURCE) + " ", v.source, 8),
            *([("", w(M.V_TABLE, hash=table), None)] if table else []),
            ("", w(M.V_LIMIT, limit=v.limit if v.limit is not None else w(M.V_NONE)), None),
            ("", w(M.V_TILES_144 if v.flowers else M.V_TILES_136), None),
            (w(M.V_SHAPES) + " ", ", ".join(s.replace('_', ' ') for s in v.shapes), 16),
            (w(M.V_FINAL) + " ", value_step(v, w.lang), 13)]


def requires_head(v: Variant, w: Words) -> str:
    return w(M.V_REQUIRES, otherwise=w(M.V_NON_WINNING if v.not_mahjong == "non_winning" else M.V_A_LONG_HAND))


def table_head(heading: str, per: str, who: str, w: Words) -> str:
    """A scoring table's heading: its name, what a row counts (each group, each bonus, the hand) and for whom."""
    return f"{heading}  [{w(PER[per]) if per in PER else per}; {who_words(who, w)}]"


def variant_text(v: Variant, lang: str = "en", table: str | None = None) -> str:
    """A variant for a person, in 80 columns: each option and rule on a line of plain words (the
    conditions as the table file writes them are in `--format json` and `--format yaml`); `table`: its
    table hash, which a game file's `rules:` records (docs/tables.md, "Versions of a table")."""
    w = Words(lang)
    lines = [line for head, text, indent in facts(v, w, table)
             for line in ([head + text] if indent is None else wrapped(head, text, indent))]
    lines += ["", w(M.V_OPTIONS)]
    opts = list(v.options.values())
    heads = [w(M.V_H_OPTION), w(M.V_H_TYPE), w(M.V_H_DEFAULT)]
    widths = [max([len(o.name) for o in opts] + [6, len(heads[0])]), max(6, len(heads[1])),
              max([len(option_default(o)) for o in opts] + [7, len(heads[2])])]
    lines.append(f"{heads[0]:<{widths[0]}}  {heads[1]:<{widths[1]}}  {heads[2]:<{widths[2]}}  {w(M.V_H_ALLOWED)}")
    for o in opts:
        lines += wrapped(f"{o.name:<{widths[0]}}  {o.type:<{widths[1]}}  {option_default(o):<{widths[2]}}  ",
                         allowed(o, w), widths[0] + widths[1] + widths[2] + 6)
        if o.help:
            lines += wrapped("    ", o.help, 4)
    for key, cases in (v.presets or {}).items():
        lines.append(w(M.V_SETS, option=key))
        for choice, sets in cases.items():
            lines += wrapped(f"  {key}={choice}: ", ", ".join(f"{k}={str(x).lower() if isinstance(x, bool) else x}"
                                                              for k, x in sets.items()), 4)
    lines.append("")
    if v.requires:
        lines.append(requires_head(v, w))
        for r in v.requires:
            lines += wrapped(f"  {r.name}", (f": {r.message}" if r.message else "")
                             + ("" if r.limit_hands_exempt else w(M.V_LIMIT_HANDS_TOO)), 4)
        lines.append("")
    for heading, per, who in v.tables:
        rules = [r for r in v.rules if r.table == heading]
        head = wrapped("", table_head(heading, per, who, w), 2)
        lines += [*head, "-" * min(WIDTH, max(cells(line) for line in head))]
        names = names_apart([dict(r.names).get(lang, r.name) if lang != "en" else r.name for r in rules], rules)
        values = [rule_value(r, lang) for r in rules]
        nw = min(max([cells(n) for n in names] + [4]), 34)  # (terminal columns: a Chinese name takes two each)
        vw = min(max([len(x) for x in values] + [5]), 24)
        for r, name, value in zip(rules, names, values):
            tail = "".join(f"  {x}" for x in (who_words(r.who, w) if r.who != who else "", r.cite) if x)
            lines += wrapped(padded(name, nw) + "  ", f"{value:<{vw}}{tail}".rstrip(), nw + 2)
            if r.excludes:
                lines += wrapped(f"{'':<{nw}}  {w(M.V_EXCLUDES)} ", ", ".join(r.excludes), nw + 4)
        lines.append("")
    if v.situations:
        lines += wrapped(w(M.V_ALSO_WORDS) + " ", ", ".join(f"{k} ({d})" for k, d in v.situations.items()), 4)
    if v.settlement.written:  # each switch in words, with where the rulebook says it
        from mjscore.cli.settlement_words import settlement_lines

        lines.append(w(M.W_SETTLEMENT))
        for words, cite in settlement_lines(v, lang):
            lines += wrapped("  - ", words + (f"  ({cite})" if cite else ""), 4)
    return "\n".join(lines).rstrip()
