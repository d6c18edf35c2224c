"""Inheritance between table files: `extends: PARENT` (a club's house rules as a diff of a variant).

See docs/tables.md "Inheritance". A child is merged into its parent's data before validation,
so the merged file is checked as a whole.
"""

from __future__ import annotations

import os
from typing import Any, Callable

from mjscore.rules.tablefile import Fail, Failer, expect, only_keys, packaged_dir, stem

MERGED_SECTIONS = ("tiles", "options", "situations", "settlement", "value")  # merged key by key


MAX_CHAIN = 8  # files in one `extends:` chain; a club's table extends a variant that may extend another


def resolved_raw(path: str, read_raw: Callable[[str], dict[str, Any]], chain: tuple[str, ...] = ()
                 ) -> dict[str, Any]:
    """The file's data with its `extends:` chain merged in (parent first, then this file's changes);
    `read_raw` reads one file (the loader passes its cached reader, so inheritance sits below it).
    A parent is named by one word and found beside the file or among the packaged tables, never by a
    path: a table file cannot make mjscore read any other file on the disk."""
    raw = read_raw(path)
    if not isinstance(raw, dict) or "extends" not in raw:
        return raw
    fail = Fail(path)
    parent = raw["extends"]
    if not isinstance(parent, str) or not parent:
        fail("extends", f"must name a variant, not {parent!r}")
    if parent != os.path.basename(parent) or parent.startswith(".") or "\\" in parent or parent.endswith(".yaml"):
        fail("extends", f"names a variant by one word (e.g. extends: dmjl), not a path: {parent!r}")
    here = os.path.realpath(path)
    names = [stem(p) for p in chain + (here,)]
    if len(chain) + 1 >= MAX_CHAIN:
        fail("extends", f"a chain of more than {MAX_CHAIN} files: {' -> '.join(names)} -> {parent}")
    parent_path = os.path.join(os.path.dirname(path), f"{parent}.yaml")
    if not os.path.isfile(parent_path):  # a club's --tables folder may extend a packaged variant
        parent_path = os.path.join(packaged_dir(), f"{parent}.yaml")
    if not os.path.isfile(parent_path):
        fail("extends", f"no variant {parent!r} beside this file or among the packaged tables")
    if os.path.realpath(parent_path) in chain + (here,):
        fail("extends", f"circular inheritance: {' -> '.join(names)} -> {parent}")
    return inherit(resolved_raw(parent_path, read_raw, chain + (here,)), raw, fail)


def inherit(parent: dict[str, Any], child: dict[str, Any], fail: Failer) -> dict[str, Any]:
    """Merge a child table file into its (already merged) parent; see docs/tables.md "Inheritance".

    Sections in MERGED_SECTIONS merge key by key (a key set to null is removed); `tables`
    merge by heading and rule name; every other key of the child replaces the parent's.
    """
    import json  # here: a table without `extends:` is read without it

    out: dict[str, Any] = json.loads(json.dumps(parent))  # a deep copy: the parent may be shared by other children
    for key, val in child.items():
        if key == "extends":
            continue
        if key == "tables":
            expect(fail, "tables", val, list, "tables")
            out["tables"] = _merge_tables(out.get("tables") or [], val, fail)
        elif key in MERGED_SECTIONS and isinstance(val, dict) and isinstance(out.get(key), dict):
            merged = out[key]
            for k, v in val.items():
                if v is None:
                    if k not in merged:
                        fail(f"{key}.{k}", f"null removes an inherited entry, but the parent has no {k!r}")
                    del merged[k]
                else:
                    merged[k] = v
        else:
            out[key] = val
    return out


def _merge_tables(tables: list[Any], changes: list[Any], fail: Failer) -> list[Any]:
    """Apply a child's `tables:` to the parent's: same heading = changes to that table, else a new table."""
    headings = [t.get("table") for t in tables]
    for i, change in enumerate(changes):
        expect(fail, f"tables[{i}]", change, dict, "a table")
        heading = change.get("table")
        where = f"table {heading!r}"
        if heading not in headings:
            if "remove" in change:
                fail(where, "remove: true names a table the parent does not have")
            tables.append(change)
            headings.append(heading)
            continue
        target = tables[headings.index(heading)]
        if "remove" in change:
            if change["remove"] is not True or set(change) != {"table", "remove"}:
                fail(where, "to drop an inherited table write only {table: HEADING, remove: true}")
            target["removed"] = True
            continue
        only_keys(fail, where, change, {"table", "per", "who", "rules", "remove"})
        for k in ("per", "who"):
            if k in change:
                target[k] = change[k]
        rules = target.setdefault("rules", [])
        for j, entry in enumerate(expect(fail, where, change.get("rules") or [], list, "rules")):
            _merge_rule(rules, entry, f"{where} rule {j + 1}", fail)
    return [t for t in tables if not t.get("removed")]


def _merge_rule(rules: list[Any], entry: Any, where: str, fail: Failer) -> None:
    """Override an inherited rule by name (in place), drop it (remove: true), rename it (in_place_of), or add."""
    expect(fail, where, entry, dict, "a rule")
    names = [r.get("rule") for r in rules]
    name = entry.get("rule")
    if "remove" in entry:
        if entry["remove"] is not True or set(entry) != {"rule", "remove"}:
            fail(where, "to drop an inherited rule write only {rule: NAME, remove: true}")
        if name not in names:
            fail(where, f"remove: true names a rule {name!r} this table does not inherit")
        del rules[names.index(name)]
        return
    old = entry.get("in_place_of", name)
    new = {k: v for k, v in entry.items() if k != "in_place_of"}
    if old in names:
        rules[names.index(old)] = new
    elif "in_place_of" in entry:
        fail(where, f"in_place_of names a rule {old!r} this table does not inherit")
    else:
        rules.append(new)
