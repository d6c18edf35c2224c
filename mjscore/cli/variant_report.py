"""`mjscore variants` and `variants NAME` for people: a variant's options, rules and settlement in plain
words, in 80 columns (the table file's own conditions are in `--format json` and `--format yaml`)."""

from __future__ import annotations

from mjscore.cli.report import WIDTH, fmt_fraction, plain_table, wrapped
from mjscore.rules.tables import Variant


def _shown(o) -> str:
    """An option's default as it is typed on the command line (true, not True)."""
    if o.default is None:
        return "none"
    return str(o.default).lower() if o.type == "bool" else str(o.default)


def variants_text(variants: list[Variant]) -> str:
    rows = [[v.name, v.title, ", ".join(f"{k}={_shown(o)}" for k, o in v.options.items())] for v in variants]
    return plain_table(rows, ["variant", "title", "options (default)"])


def _value_step(v: Variant) -> str:
    """How points and doubles become the final value, in words."""
    if v.han_fu is not None:
        h = v.han_fu
        tiers = ", ".join(f"{t.doubles} doubles {t.name} {t.base}" + "".join(f" (with {k}={'/'.join(map(str, c))})"
                                                                           for k, c in t.option.items())
                          for t in h.tiers)
        return (f"base points: points rounded up to {h.round_up}" + (f" (not for {', '.join(h.exact)})" if h.exact
                                                                     else "")
                + f" x 2^(doubles + {h.extra_doubles}), at most the limit ({h.limit_name})"
                + (f"; from {h.limit_from} {h.limit_from_name}" + "".join(
                    f" (with {k}={'/'.join(str(x).lower() for x in c)})" for k, c in h.limit_from_option.items())
                   if h.limit_from else "") + (f"; {tiers}" if tiers else "")
                + ("; limit hands add up" if h.limits_add else "") + (f" to {fmt_fraction(h.limits_max)} x the limit"
                                                                     if h.limits_max else ""))
    step = "points x 2^doubles"
    if any(r.fan for r in v.rules) and not any(r.doubles for r in v.rules):
        step = "the fan added (nothing doubles)"
    if v.round_up > 1:
        step += f", rounded up to a multiple of {v.round_up}"
    step += ", capped at the limit" if v.limit is not None else ""
    if v.value_grid:
        rows = "; ".join(f"{b}: {', '.join(map(str, r))}" for b, r in v.value_grid.items())
        step = f"from the table of final values (base: values for 0, 1, 2... doubles) {rows}; beyond it, {step}"
    return step + (f" ({v.value_cite})" if v.value_cite else "")


def _rule_value(r) -> str:
    value = []
    if r.points or not (r.doubles or r.limit or r.extra or r.each):
        value.append(f"{r.points} {'fan' if r.fan else 'points'}")
    if r.doubles:
        value.append(f"{r.doubles} double{'s' if r.doubles > 1 else ''}")
    if r.each:
        value.append(f"a double a tile ({r.each.replace('_', ' ')})")
    if r.limit:
        value.append(f"{fmt_fraction(r.limit)} limit")
    if r.keep_doubles:
        value.append(f"keeps the doubles of: {'; '.join(r.keep_doubles)}")
    if r.extra:
        value.append(f"+{r.extra} after doubling")
    return ", ".join(value)


def _apart(names: list[str], rules: list) -> list[str]:
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


def variant_text(v: Variant, lang: str = "en", table: str | None = None) -> str:
    """A variant for a person, in 80 columns: each option and rule on a line of plain words (the
    conditions as the table file writes them are in `--format json` and `--format yaml`); `table`: its
    table hash, which a game file's `rules:` records (docs/tables.md, "Versions of a table")."""
    lines = [f"{v.name}: {v.title}", *wrapped("source: ", v.source, 8), *([f"table: {table}"] if table else []),
             f"limit: {v.limit if v.limit is not None else 'none'}",
             f"tiles: {'144, with flowers and seasons' if v.flowers else '136, no flowers or seasons'}",
             *wrapped("winning shapes: ", ", ".join(s.replace('_', ' ') for s in v.shapes), 16),
             *wrapped("final value: ", _value_step(v), 13), "", "options (--option KEY=VALUE):"]
    opts = list(v.options.values())
    widths = [max([len(o.name) for o in opts] + [6]), 6, max([len(_shown(o)) for o in opts] + [7])]
    lines.append(f"{'option':<{widths[0]}}  {'type':<6}  {'default':<{widths[2]}}  allowed")
    for o in opts:
        allowed = ", ".join(map(str, o.choices)) or ("true, false" if o.type == "bool" else "a whole number")
        lines += wrapped(f"{o.name:<{widths[0]}}  {o.type:<6}  {_shown(o):<{widths[2]}}  ", allowed,
                          widths[0] + widths[1] + widths[2] + 6)
        if o.help:
            lines += wrapped("    ", o.help, 4)
    for key, cases in (v.presets or {}).items():
        lines.append(f"{key} sets (unless given too):")
        for choice, sets in cases.items():
            lines += wrapped(f"  {key}={choice}: ", ", ".join(f"{k}={str(x).lower() if isinstance(x, bool) else x}"
                                                              for k, x in sets.items()), 4)
    lines.append("")
    if v.requires:
        otherwise = "scored as a non-winning hand" if v.not_mahjong == "non_winning" else "a long hand"
        lines.append(f"mah jong requires (otherwise {otherwise}):")
        for r in v.requires:
            lines += wrapped(f"  {r.name}", (f": {r.message}" if r.message else "")
                              + ("" if r.limit_hands_exempt else " (limit hands too)"), 4)
        lines.append("")
    for heading, per, who in v.tables:
        rules = [r for r in v.rules if r.table == heading]
        head = wrapped("", f"{heading}  [{'each ' + per if per != 'hand' else 'hand'}; {who}]", 2)
        lines += [*head, "-" * min(WIDTH, max(len(line) for line in head))]
        names = _apart([dict(r.names).get(lang, r.name) if lang != "en" else r.name for r in rules], rules)
        nw = min(max([len(n) for n in names] + [4]), 34)
        vw = min(max([len(_rule_value(r)) for r in rules] + [5]), 24)
        for r, name in zip(rules, names):
            tail = "".join(f"  {x}" for x in (r.who if r.who != who else "", r.cite) if x)
            lines += wrapped(f"{name:<{nw}}  ", f"{_rule_value(r):<{vw}}{tail}".rstrip(), nw + 2)
            if r.excludes:
                lines += wrapped(f"{'':<{nw}}  excludes: ", ", ".join(r.excludes), nw + 4)
        lines.append("")
    if v.situations:
        lines += wrapped("extra --also words: ", ", ".join(f"{k} ({d})" for k, d in v.situations.items()), 4)
    if v.settlement.written:  # each switch in words, with where the rulebook says it
        from mjscore.cli.settlement_words import settlement_lines

        lines.append("settlement (how a deal is paid and moves on):")
        for words, cite in settlement_lines(v):
            lines += wrapped("  - ", words + (f"  ({cite})" if cite else ""), 4)
    return "\n".join(lines).rstrip()
