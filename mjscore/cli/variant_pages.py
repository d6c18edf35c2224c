"""`mjscore variants` for a spreadsheet or a club's pages: the list of variants, one variant's options and
rules, and a diff of two tables, as CSV, Markdown or HTML.

`--format table` prints a variant as a document fitted to 80 columns (cli/variant_words.py); here the
same facts are laid out as tables: the options (option, type, default, allowed, meaning) and each scoring
table of the rulebook (rule, value, who where the row differs from its table, rulebook, excludes). The words
are variant_words.py's (rule_value, value_step, names_apart, the settlement's sentences), so every shape says
the same thing, in the language of --lang; Markdown and HTML are written by cli/pages.py, CSV by the one
SafeCsvWriter (its column names stay English, as every CSV's: a program reads them).
"""

from __future__ import annotations

from mjscore.cli.pages import Blocks, Table
from mjscore.cli.variant_words import (allowed, facts, names_apart, option_default, requires_head, rule_value,
                                       table_head, who_words)
from mjscore.messages import M, Words
from mjscore import Variant

OPTION_HEADERS = ["option", "type", "default", "allowed", "meaning"]
RULE_HEADERS = ["table", "rule", "value", "who", "rulebook", "excludes"]
LIST_HEADERS = ["variant", "title", "source", "options"]
DIFF_HEADERS = ["about", "name", "change", "before", "after", "text"]


OPTION_WORDS = [M.V_H_OPTION, M.V_H_TYPE, M.V_H_DEFAULT, M.V_H_ALLOWED, M.V_H_MEANING]
RULE_WORDS = [M.V_H_TABLE, M.H_RULE, M.H_VALUE, M.V_H_WHO, M.H_RULEBOOK, M.V_H_EXCLUDES]


def option_rows(v: Variant, lang: str = "en") -> list[list]:
    w = Words(lang)
    return [[o.name, o.type, option_default(o), allowed(o, w), o.help or ""] for o in v.options.values()]


def rule_rows(v: Variant, lang: str) -> list[list]:
    """A row per rule, in the order of the rulebook's tables: the table's heading first."""
    rows, w = [], Words(lang)
    for heading, per, who in v.tables:
        rules = [r for r in v.rules if r.table == heading]
        names = names_apart([dict(r.names).get(lang, r.name) if lang != "en" else r.name for r in rules], rules)
        rows += [[heading, name, rule_value(r, lang), who_words(r.who, w) if r.who != who else "", r.cite or "",
                  ", ".join(r.excludes)]
                 for r, name in zip(rules, names)]
    return rows


def variant_blocks(v: Variant, lang: str = "en", table: str | None = None) -> Blocks:
    """The variant for a club's pages: its facts as lines, its options and each scoring table as tables (made
    for cli/pages.py's markdown and html only: the tables' text for `table` is left empty, as variant_text
    lays the variant out for a terminal)."""
    w = Words(lang)
    lines: list[str | Table] = [head + text for head, text, _ in facts(v, w, table)]
    lines += [w(M.V_OPTIONS), Table("", [w(k) for k in OPTION_WORDS], option_rows(v, lang))]
    if v.requires:
        lines.append(requires_head(v, w))
        lines += [f"{r.name}" + (f": {r.message}" if r.message else "") + ("" if r.limit_hands_exempt else
                                                                            w(M.V_LIMIT_HANDS_TOO)) for r in v.requires]
    rows = rule_rows(v, lang)
    for heading, per, who in v.tables:
        lines.append(table_head(heading, per, who, w))
        lines.append(Table("", [w(k) for k in RULE_WORDS[1:]], [r[1:] for r in rows if r[0] == heading]))
    if v.situations:
        lines.append(w(M.V_ALSO_WORDS) + " " + ", ".join(f"{k} ({d})" for k, d in v.situations.items()))
    if v.settlement.written:
        from mjscore.cli.settlement_words import settlement_lines

        lines.append(w(M.W_SETTLEMENT))
        lines += [words + (f"  ({cite})" if cite else "") for words, cite in settlement_lines(v, lang)]
    return Blocks(lines)


def variant_csv(v: Variant, lang: str = "en") -> list[tuple[list[str], list[list]]]:
    """Two CSV tables: the options, then the rules (a row per rule, its table named)."""
    return [(OPTION_HEADERS, option_rows(v, lang)), (RULE_HEADERS, rule_rows(v, lang))]


def list_rows(variants: list[Variant]) -> list[list]:
    return [[v.name, v.title, v.source, ", ".join(f"{k}={option_default(o)}" for k, o in v.options.items())]
            for v in variants]


def diff_rows(d) -> list[list]:
    return [[c["about"], c["name"], c["change"], _text(c.get("before")), _text(c.get("after")), c["text"]]
            for c in d.to_dict()["changes"]]


def _text(x):
    """A value before or after a change as a cell: text and numbers as they are, a list or mapping as JSON."""
    if x is None:
        return ""
    if isinstance(x, (str, int, float)):
        return x
    from mjscore.cli.output import to_json

    return to_json(x)
