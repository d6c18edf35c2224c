"""What changed between two versions of a variant's table, rule by rule and option by option, in words a
club posts for a new season (`mjscore variants diff A B`).

Both tables are compared as the loader resolves them (their `extends:` chains merged in), so a club's
`extends:` file and its parent's edited copy compare by what they score, not by how they are written.
"""

from __future__ import annotations

from typing import Any, Iterator, NamedTuple

from mjscore.rules.tablefile import show_when

VALUE_KEYS = ("points", "exposed", "concealed", "doubles", "limit", "extra")
SCALARS = ("variant", "title", "source", "language", "scale", "limit", "long_hand", "shapes")
SECTIONS = ("tiles", "value", "settlement", "situations", "cites")  # compared key by key


class Change(NamedTuple):
    """One change: what it is about (`rule`, `table`, `option`, a top-level key or section), its name, how
    it changed (`new`, `removed`, `changed`), the values before and after, and the sentence that says it."""

    about: str
    name: str
    change: str
    before: Any
    after: Any
    text: str
    table: str | None = None  # the table heading of a rule

    def to_dict(self) -> dict[str, Any]:
        out = self._asdict()
        if self.table is None:
            del out["table"]
        return out


class TableDiff(NamedTuple):
    """Two versions of a table compared: each one's file and table hash, and the changes from A to B."""

    a: dict[str, Any]  # {"file", "variant", "table"}
    b: dict[str, Any]
    changes: tuple[Change, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "changes": [c.to_dict() for c in self.changes]}

    def lines(self) -> list[str]:
        return [c.text for c in self.changes]


def _number(x: Any) -> str:
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return str(x)


def _plural(n: Any, word: str) -> str:
    if isinstance(n, float) and not n.is_integer() and 0 < n < 1:  # half a limit: "1/2 limit"
        from fractions import Fraction

        return f"{Fraction(n).limit_denominator(100)} {word}"
    return f"{_number(n)} {word}{'' if n == 1 else 's'}"


def value_words(rule: dict[str, Any]) -> str:
    """What a rule gives, in words: "2 points", "exposed 2 / concealed 4 points", "1 double", "2 limits"."""
    parts = []
    if "exposed" in rule or "concealed" in rule:
        parts.append(f"exposed {_number(rule.get('exposed'))} / concealed {_number(rule.get('concealed'))} points")
    if "points" in rule:
        parts.append(_plural(rule["points"], "point"))
    if rule.get("doubles"):
        parts.append(_plural(rule["doubles"], "double"))
    if "limit" in rule:
        parts.append(_plural(rule["limit"], "limit"))
    if "extra" in rule:
        parts.append(f"extra {_number(rule['extra'])}")
    return ", ".join(parts) or "nothing"


def shown(value: Any) -> str:
    """A table's value as one short line."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (dict, list)):
        return show_when(value) if value else ("{}" if isinstance(value, dict) else "[]")
    return _number(value)


def _rules(data: dict[str, Any]) -> dict[tuple[str, str], tuple[int, dict[str, Any]]]:
    """(heading, rule name) -> (place in its table, the rule's entry)."""
    out = {}
    for table in data.get("tables") or []:
        for i, rule in enumerate(table.get("rules") or []):
            out[(table.get("table"), rule.get("rule"))] = (i, rule)
    return out


def _rule_changes(a: dict[str, Any], b: dict[str, Any]) -> Iterator[Change]:
    ra, rb = _rules(a), _rules(b)
    names: dict[str, set[str]] = {}
    for heading, name in [*ra, *rb]:
        names.setdefault(name, set()).add(heading)

    def label(heading: str, name: str) -> str:  # a name in two tables says which
        return f"{name} ({heading})" if len(names[name]) > 1 else name

    ta = {t.get("table"): t for t in a.get("tables") or []}
    tb = {t.get("table"): t for t in b.get("tables") or []}
    for heading, table in tb.items():
        if heading not in ta:
            yield Change("table", heading, "new", None, len(table.get("rules") or []),
                         f"new table: {heading} ({_plural(len(table.get('rules') or []), 'rule')})")
            continue
        for part in ("per", "who"):
            old, new = ta[heading].get(part), table.get(part)
            if old != new:
                yield Change("table", heading, "changed", {part: old}, {part: new},
                             f"table {heading}: {part} {shown(old)} -> {shown(new)}")
    for heading in ta:
        if heading not in tb:
            yield Change("table", heading, "removed", len(ta[heading].get("rules") or []), None,
                         f"removed table: {heading}")
    for key, (_, rule) in rb.items():
        heading, name = key
        if key not in ra:
            when = f", when {show_when(rule['when'])}" if rule.get("when") else ""
            yield Change("rule", name, "new", None, rule, f"new rule: {label(heading, name)}: {value_words(rule)}"
                         f"{when}", heading)
            continue
        old = ra[key][1]
        if any(old.get(k) != rule.get(k) for k in VALUE_KEYS):
            yield Change("rule", name, "changed", {k: old[k] for k in VALUE_KEYS if k in old},
                         {k: rule[k] for k in VALUE_KEYS if k in rule},
                         f"{label(heading, name)}: {value_words(old)} -> {value_words(rule)}", heading)
        for k in sorted((set(old) | set(rule)) - set(VALUE_KEYS) - {"rule"}):
            if old.get(k) != rule.get(k):
                yield Change("rule", name, "changed", {k: old.get(k)}, {k: rule.get(k)},
                             f"{label(heading, name)}: {k} {shown(old.get(k))} -> {shown(rule.get(k))}", heading)
    for key in ra:
        if key not in rb:
            yield Change("rule", key[1], "removed", ra[key][1], None, f"removed rule: {label(*key)}", key[0])
    for heading in ta.keys() & tb.keys():  # the order decides ties between limit hands (docs/tables.md)
        common_a = [n for (h, n) in sorted((k for k in ra if k[0] == heading), key=lambda k: ra[k][0])
                    if (h, n) in rb]
        common_b = [n for (h, n) in sorted((k for k in rb if k[0] == heading), key=lambda k: rb[k][0])
                    if (h, n) in ra]
        if common_a != common_b:
            yield Change("table", heading, "changed", {"order": common_a}, {"order": common_b},
                         f"table {heading}: rules in another order ({', '.join(common_b)})")


def _option_changes(a: dict[str, Any], b: dict[str, Any]) -> Iterator[Change]:
    oa, ob = a.get("options") or {}, b.get("options") or {}
    for name, spec in ob.items():
        if name not in oa:
            yield Change("option", name, "new", None, spec,
                         f"new option: {name} ({spec.get('type')}, default {shown(spec.get('default'))})")
            continue
        for k in ("default", "type", "choices", "help"):
            if oa[name].get(k) != spec.get(k):
                yield Change("option", name, "changed", {k: oa[name].get(k)}, {k: spec.get(k)},
                             f"option {name}: {k} {shown(oa[name].get(k))} -> {shown(spec.get(k))}")
    for name in oa:
        if name not in ob:
            yield Change("option", name, "removed", oa[name], None, f"removed option: {name}")


def _section_changes(a: dict[str, Any], b: dict[str, Any]) -> Iterator[Change]:
    for key in SCALARS:
        if a.get(key) != b.get(key):
            yield Change(key, key, "changed", a.get(key), b.get(key),
                         f"{key}: {shown(a.get(key))} -> {shown(b.get(key))}")
    for section in SECTIONS:
        sa, sb = a.get(section) or {}, b.get(section) or {}
        if not isinstance(sa, dict) or not isinstance(sb, dict):
            if sa != sb:
                yield Change(section, section, "changed", sa, sb, f"{section}: {shown(sa)} -> {shown(sb)}")
            continue
        yield from _mapping_changes(section, "", sa, sb)
    ma, mb = a.get("mahjong") or {}, b.get("mahjong") or {}
    if ma.get("otherwise") != mb.get("otherwise"):
        yield Change("mahjong", "otherwise", "changed", ma.get("otherwise"), mb.get("otherwise"),
                     f"mahjong otherwise: {shown(ma.get('otherwise'))} -> {shown(mb.get('otherwise'))}")
    qa = {r.get("rule"): r for r in ma.get("requires") or []}
    qb = {r.get("rule"): r for r in mb.get("requires") or []}
    for name in [*qb, *(n for n in qa if n not in qb)]:
        if qa.get(name) != qb.get(name):
            kind = "new" if name not in qa else "removed" if name not in qb else "changed"
            words = {"new": "new mah-jong requirement", "removed": "removed mah-jong requirement",
                     "changed": "mah-jong requirement changed"}[kind]
            yield Change("mahjong", str(name), kind, qa.get(name), qb.get(name), f"{words}: {name}")


def _mapping_changes(section: str, prefix: str, sa: dict[str, Any], sb: dict[str, Any]) -> Iterator[Change]:
    """Key by key; a mapping in both (a fine's amounts, a switch's cases) one level further, key by key."""
    for k in [*sb, *(k for k in sa if k not in sb)]:
        old, new, name = sa.get(k), sb.get(k), f"{prefix}{k}"
        if old == new:
            continue
        if isinstance(old, dict) and isinstance(new, dict) and not prefix:
            yield from _mapping_changes(section, f"{k}.", old, new)
            continue
        kind = "new" if k not in sa else "removed" if k not in sb else "changed"
        yield Change(section, name, kind, old, new, f"{section} {name}: {shown(old)} -> {shown(new)}")


def diff_data(a: dict[str, Any], b: dict[str, Any], a_head: dict[str, Any], b_head: dict[str, Any]) -> TableDiff:
    """The changes from table data `a` to `b` (each resolved), in the order: the file's top-level keys and
    sections, the options, then the tables and their rules."""
    changes = [*_section_changes(a, b), *_option_changes(a, b), *_rule_changes(a, b)]
    return TableDiff(a_head, b_head, tuple(changes))
