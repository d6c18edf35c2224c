"""`mjscore variants` for a spreadsheet or a club's pages: the list of variants, one variant's options and
rules, and a diff of two tables, as CSV, Markdown or HTML.

`--format table` prints a variant as a document fitted to 80 columns (cli/report.py, variant_text); here the
same facts are laid out as tables: the options (option, type, default, allowed, meaning) and each scoring
table of the rulebook (rule, value, who where the row differs from its table, rulebook, excludes). The words
are report.py's (rule_value, value_step, names_apart, the settlement's sentences), so every shape says the
same thing; Markdown and HTML are written by cli/pages.py, CSV by the one SafeCsvWriter.
"""

from __future__ import annotations

from mjscore.cli.pages import Blocks, Table
from mjscore.cli.report import names_apart, option_default, rule_value, value_step
from mjscore.rules.tables import Variant

OPTION_HEADERS = ["option", "type", "default", "allowed", "meaning"]
RULE_HEADERS = ["table", "rule", "value", "who", "rulebook", "excludes"]
LIST_HEADERS = ["variant", "title", "source", "options"]
DIFF_HEADERS = ["about", "name", "change", "before", "after", "text"]


def _allowed(o) -> str:
    return ", ".join(map(str, o.choices)) or ("true, false" if o.type == "bool" else "a whole number")


def option_rows(v: Variant) -> list[list]:
    return [[o.name, o.type, option_default(o), _allowed(o), o.help or ""] for o in v.options.values()]


def rule_rows(v: Variant, lang: str) -> list[list]:
    """A row per rule, in the order of the rulebook's tables: the table's heading first."""
    rows = []
    for heading, per, who in v.tables:
        rules = [r for r in v.rules if r.table == heading]
        names = names_apart([dict(r.names).get(lang, r.name) if lang != "en" else r.name for r in rules], rules)
        rows += [[heading, name, rule_value(r), r.who if r.who != who else "", r.cite or "", ", ".join(r.excludes)]
                 for r, name in zip(rules, names)]
    return rows


def variant_blocks(v: Variant, lang: str = "en", table: str | None = None) -> Blocks:
    """The variant for a club's pages: its facts as lines, its options and each scoring table as tables (made
    for cli/pages.py's markdown and html only: the tables' text for `table` is left empty, as variant_text
    lays the variant out for a terminal)."""
    lines: list[str] = [f"{v.name}: {v.title}", f"source: {v.source}", *([f"table: {table}"] if table else []),
                        f"limit: {v.limit if v.limit is not None else 'none'}",
                        f"tiles: {'144, with flowers and seasons' if v.flowers else '136, no flowers or seasons'}",
                        "winning shapes: " + ", ".join(s.replace("_", " ") for s in v.shapes),
                        f"final value: {value_step(v)}", "options (--option KEY=VALUE):",
                        Table("", OPTION_HEADERS, option_rows(v))]
    if v.requires:
        otherwise = "scored as a non-winning hand" if v.not_mahjong == "non_winning" else "a long hand"
        lines.append(f"mah jong requires (otherwise {otherwise}):")
        lines += [f"{r.name}" + (f": {r.message}" if r.message else "") + ("" if r.limit_hands_exempt else
                                                                            " (limit hands too)") for r in v.requires]
    rows = rule_rows(v, lang)
    for heading, per, who in v.tables:
        lines.append(f"{heading}  [{'each ' + per if per != 'hand' else 'hand'}; {who}]")
        lines.append(Table("", RULE_HEADERS[1:], [r[1:] for r in rows if r[0] == heading]))
    if v.situations:
        lines.append("extra --also words: " + ", ".join(f"{k} ({d})" for k, d in v.situations.items()))
    if v.settlement.written:
        from mjscore.cli.settlement_words import settlement_lines

        from mjscore.messages import M, Words

        lines.append(Words(lang)(M.W_SETTLEMENT))
        lines += [words + (f"  ({cite})" if cite else "") for words, cite in settlement_lines(v, lang)]
    return Blocks(lines)


def variant_csv(v: Variant, lang: str = "en") -> list[tuple[list[str], list[list]]]:
    """Two CSV tables: the options, then the rules (a row per rule, its table named)."""
    return [(OPTION_HEADERS, option_rows(v)), (RULE_HEADERS, rule_rows(v, lang))]


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
