"""The table file format's ground floor: where table files are, and the checks every part of a
file shares (a value of the right kind, no unknown key, a cite, names in a rulebook's language, a quote of its words).

Both the loader (tables.py) and inheritance (inherit.py) stand on this module, so neither
needs the other's insides.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any, Callable, Collection, NoReturn, Sequence

from mjscore.errors import OptionError, TableError, VariantNotFound, shown
from mjscore.messages import M, said
from mjscore.tuples import NamedTuple

DEFAULT_VARIANT = "spanish"  # where no --variant, file or MJSCORE_VARIANT names one

LANGUAGES = {"en": "English", "eu": "Basque", "hu": "Hungarian", "es": "Spanish", "da": "Danish", "zh": "Chinese",
             "ja": "Japanese", "zh-Hant": "Chinese (traditional)"}


@lru_cache(maxsize=1)  # where mjscore is installed does not change while it runs: asked once, not per hand
def packaged_dir() -> str:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the mjscore package
    inside = os.path.join(here, "tables")  # in an installed wheel
    return inside if os.path.isdir(inside) else os.path.join(os.path.dirname(here), "tables")


Folder = str | os.PathLike[str] | None  # a tables folder given (None: the packaged tables)


def tables_dir(given: Folder) -> str:
    if given is None:
        return packaged_dir()
    if not os.path.isdir(given):
        raise VariantNotFound(f"--tables {given}: no such folder")
    return os.fspath(given)


def variant_names(directory: str) -> list[str]:
    return sorted(f[:-5] for f in os.listdir(directory)
                  if f.endswith(".yaml") and os.path.isfile(os.path.join(directory, f)))


Failure = Callable[[str, str], NoReturn]  # fail(where, problem): a check's one way out (a Fail, below)


def stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


class Fail:
    """The one way a table file's check fails: a TableError naming the file, the entry and the problem,
    so every check of every part says where in the same words."""

    def __init__(self, path: str):
        self.path = path

    def __call__(self, where: str, problem: str) -> NoReturn:
        raise TableError(f"{self.path}: {where}: {problem}")


Failer = Callable[[str, str], NoReturn]  # how a check fails: (where, problem) -> a TableError (a Fail)


def only_keys(fail: Failer, where: str, mapping: dict[Any, Any], allowed: Collection[str]) -> None:
    """Refuse a key the format does not have, naming the keys it does (a typo must not pass silently)."""
    unknown = set(map(str, mapping)) - set(allowed)
    if unknown:
        fail(where, f"unknown key {sorted(unknown)[0]!r} (keys: {', '.join(sorted(allowed))})")


# A limit times a fraction of it is worked out as a float: these bounds keep it a finite, exact number.
MAX_NUMBER = 1_000_000_000  # assumed: no rulebook's points, limit or fine come near; keeps every sum exact and printable
MAX_FRACTION = 100  # assumed: a limit hand worth more than 100 limits is a typing mistake (rulebooks give 1/2 to 2)


NAME_SHOWN = 100  # characters of a rule's name or a table's heading where a message names the place (errors.shown)
TEXT_CHARS = 1000  # of a table's text the outputs show: a title, a source, a rule's name, a note (a line, not a page)


def check_text(fail: Failer, where: str, text: Any, what: str) -> str:
    """Text of the table that the outputs show (its title and source, a table's heading, a rule's name, a note, an
    option's help): one line of visible characters, at most TEXT_CHARS. What a player's name may not hold
    (mjscore.names: a control character, an escape that drives a terminal, a direction-changing mark) a table's
    text may not either: refused when the table loads, naming file and key, so that no face (a terminal, the
    JSON, the page) shows it, rather than shown escaped in one and raw in another."""
    from mjscore.names import bad_character

    expect(fail, where, text, str, what)
    bad = bad_character(text)
    if bad is not None:
        fail(where, f"{what} {shown(text)} holds {bad}: it is one line of visible text")
    if len(text) > TEXT_CHARS:
        fail(where, f"{what} is at most {TEXT_CHARS:,} characters, not {shown(text)}")
    checked: str = text
    return checked


def int_problem(name: str, value: int) -> str | None:
    """Why an int option's value cannot be used, the same whether it comes from a table file or --option (a
    Said: --option's refusal is said in --lang)."""
    least = 1 if name == "limit" else 0  # 0 is "off" for a minimum or a fine, "none" for a count
    if value < least:
        return said(M.OPT_AT_LEAST, least=least, value=shown(value))
    if value > MAX_NUMBER:
        return said(M.OPT_AT_MOST, most=f"{MAX_NUMBER:,}", value=shown(value))
    return None


def expect(fail: Failer, where: str, value: Any, kind: type, what: str) -> Any:
    """The value where it is of the kind (a whole number, a fraction of the limit within bounds ...), else `fail`."""
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind is float:  # a fraction of the limit: never negative, infinite or NaN
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < float("inf")
    else:
        ok = isinstance(value, kind)
    if not ok:
        fail(where, f"{what} must be {KIND_NAMES.get(kind, kind.__name__)}, not {shown(value)}")
    if kind is int and abs(value) > MAX_NUMBER:
        fail(where, f"{what} must be between -{MAX_NUMBER:,} and {MAX_NUMBER:,}, not {shown(value)}")
    if kind is float and value > MAX_FRACTION:
        fail(where, f"{what} must be at most {MAX_FRACTION} (times the limit), not {shown(value)}")
    return value


KIND_NAMES = {int: "a whole number", float: "a finite number >= 0", str: "text", bool: "true or false",
               dict: "a mapping", list: "a list"}


def check_grid(grid: Any, fail: Failer) -> dict[int, tuple[int, ...]] | None:
    """`value: {grid: {BASE: [value for 0 doubles, 1, 2, ...]}}`, rows in rising base order."""
    if grid is None:
        return None
    expect(fail, "value.grid", grid, dict, "value.grid")
    if not grid:
        fail("value.grid", "is empty: give rows BASE: [values for 0, 1, 2 ... doubles]")
    out: dict[int, tuple[int, ...]] = {}
    for key, row in grid.items():
        where = f"value.grid.{key}"
        base = int(key) if isinstance(key, str) and key.isdigit() else key  # JSON cache keys are text
        if isinstance(base, bool) or not isinstance(base, int) or base < 0:
            fail(where, f"a row's key is a base value (a whole number >= 0), not {shown(key)}")
        expect(fail, where, row, list, "a row")
        if not row:
            fail(where, "a row needs at least the value for 0 doubles")
        for cell in row:
            if isinstance(cell, bool) or not isinstance(cell, int) or cell < 0:
                fail(where, f"values must be whole numbers >= 0, not {shown(cell)}")
        out[base] = tuple(row)
    return dict(sorted(out.items()))


def check_language(fail: Failer, code: Any) -> str:
    if not isinstance(code, str) or code not in LANGUAGES:  # a list or mapping is refused, not a TypeError
        fail("language", f"the rulebook's language is one of {', '.join(LANGUAGES)}, not {shown(code)}")
    language: str = code
    return language


def check_cite(fail: Failer, where: str, cite: Any) -> str:
    """Where a rule stands in its rulebook: short text ("rule 85 XII", "table 2", "§4", "p. 1")."""
    expect(fail, where, cite, str, "cite")
    if len(cite) > 80 or not cite.isprintable():
        fail(where, f"cite is a short reference on one line (at most 80 characters), not {shown(cite)}")
    checked: str = cite
    return checked


def check_names(fail: Failer, where: str, names: Any, split: bool) -> dict[str, tuple[tuple[str, str], ...]]:
    """A rule's names in its rulebook's language(s): {eu: "..."}; a rule with exposed/concealed points
    may name each: {eu: {exposed: "...", concealed: "..."}}. Returns the pairs for "" (the rule), and
    for "exposed" and "concealed" (names_of)."""
    if names is None:
        return names_of(names, split)
    expect(fail, where, names, dict, "names")
    for lang, name in names.items():
        if lang not in LANGUAGES:
            fail(f"{where} names", f"a language is one of {', '.join(LANGUAGES)}, not {shown(lang)}")
        if isinstance(name, dict) and split:
            only_keys(fail, f"{where} names.{lang}", name, {"exposed", "concealed"})
        for text in _name_parts(name, split).values():
            if not isinstance(text, str) or not text.strip() or not text.isprintable() or len(text) > 80:
                fail(f"{where} names.{lang}", f"a name is text on one line (at most 80 characters), not {shown(text)}")
    return names_of(names, split)


def names_of(names: Any, split: bool) -> dict[str, tuple[tuple[str, str], ...]]:
    """check_names's pairs of names that passed it (a table checked when it was cached: rules/tables.py)."""
    out: dict[str, list[tuple[str, str]]] = {"": [], "exposed": [], "concealed": []}
    for lang, name in (names or {}).items():
        for key, text in _name_parts(name, split).items():
            out[key].append((lang, text))
    return {k: tuple(v) for k, v in out.items()}


def _name_parts(name: Any, split: bool) -> dict[str, Any]:
    """One language's name of the rule, and of its exposed and concealed sets (the same unless it names each)."""
    if isinstance(name, dict) and split:
        return {k: name.get(k) for k in ("exposed", "concealed")}
    return {"": name, "exposed": name, "concealed": name}


def rule_names(tables: Any) -> frozenset[str]:
    """Every rule name the file defines, so conditions naming rules (scored, calling) are checked on load."""
    out: set[str] = set()
    for table in tables if isinstance(tables, list) else ():
        entries = table.get("rules") if isinstance(table, dict) else None
        for entry in entries if isinstance(entries, list) else ():
            if isinstance(entry, dict) and isinstance(entry.get("rule"), str):
                name = entry["rule"]
                split = "exposed" in entry or "concealed" in entry
                out.update((f"exposed {name}", f"concealed {name}") if split else (name,))
    return frozenset(out)


def check_excludes(rules: Sequence[Any], names: list[str], fail: Failer) -> None:
    """Each name in `excludes:` is a rule listed after the one that excludes it: the rulebook lists the greater
    fan first, and scoring drops the excluded in file order (a rule dropped excludes nothing in turn)."""
    for i, r in enumerate(rules):
        for target in r.excludes:
            if not isinstance(target, str) or target not in names:
                fail(f"rule {shown(r.name, NAME_SHOWN)}", f"excludes: names no rule of this table {shown(target)}")
            if names.index(target) <= i:
                fail(f"rule {shown(r.name, NAME_SHOWN)}", f"excludes: {shown(target)} is listed above it; a rule "
                                                          f"excludes only rules below it (move {shown(target)} down, "
                                                          "or drop it from excludes)")


def check_references(rules: Sequence[Any], names: list[str], fail: Failer) -> None:
    """The rules a rule names (replaces:, excludes:) are the table's, and rules that are one quote the same words."""
    for r in rules:
        for target in r.replaces:
            if target not in names:
                fail(f"rule {shown(r.name, NAME_SHOWN)}", f"replaces unknown rule {shown(target)}")
    check_excludes(rules, names, fail)
    check_quotes(rules, fail)


def check_prefer(prefer: Any, names: list[str], fail: Failer) -> tuple[str, ...]:
    """`prefer: [rule names]`: each a rule of the file (ties between arrangements go to one scoring them)."""
    expect(fail, "prefer", prefer, list, "prefer")
    for target in prefer:
        if target not in names:
            fail("prefer", f"names no rule of this table {shown(target)}")
    return tuple(prefer)


def show_when(when: Any) -> str:
    """A `when:` mapping as one readable line: set: pung, tiles: simple."""
    if when is None:
        return ""
    if isinstance(when, dict):
        return ", ".join(f"{k}: {show_when(v) if isinstance(v, (dict, list)) else v}" for k, v in when.items())
    if isinstance(when, list):
        return "[" + "; ".join(show_when(v) for v in when) + "]"
    return str(when)


def when_clauses(when: str) -> list[str]:
    """A condition as `show_when` writes it, cut into its top-level clauses ("set: pung, tiles: [simple; wind]"
    -> "set: pung", "tiles: [simple; wind]"): a comma inside brackets stays in its clause."""
    parts, depth, start = [], 0, 0
    for at, ch in enumerate(when):
        depth += (ch == "[") - (ch == "]")
        if depth == 0 and when.startswith(", ", at):
            parts.append(when[start:at])
            start = at + 2
    parts.append(when[start:])
    return parts


def check_long_hand(entry: Any, fail: Failer, language: str = "en"
                    ) -> tuple[int, tuple[str, tuple[tuple[str, str], ...], Quote | None]]:
    """`long_hand: N`, or `{value: N, cite: ..., names: {...}, quote: {...}}` so the long hand's item cites its
    rule (and quotes it) too. The words: (cite, names, quote)."""
    if not isinstance(entry, dict):
        return expect(fail, "long_hand", entry, int, "long_hand"), ("", (), None)
    only_keys(fail, "long_hand", entry, {"value", "cite", "names", "quote"})
    value = expect(fail, "long_hand.value", entry.get("value", 0), int, "long_hand.value")
    return value, (check_cite(fail, "long_hand", entry.get("cite", "")),
                   check_names(fail, "long_hand", entry.get("names"), False)[""],
                   check_quote(fail, "long_hand", entry.get("quote"), language, entry.get("cite", "")))


class Quote(NamedTuple):
    """The rulebook's own words for a rule, in its language, with an English gloss, so a referee can read the
    sentence a score rests on; or, where the rulebook's text for the rule is not at hand, why (`absent`), so a
    rule never stands silently without its words."""

    text: str = ""  # the words as printed (a table's line: its cells in reading order, joined with " | ")
    lang: str = ""  # their language (the table's `language:` unless the quote says otherwise)
    gloss: str = ""  # what they say, in English
    cite: str = ""  # where the words stand: the rule's `cite` unless the quote names another place
    absent: str = ""  # why the rulebook's words cannot be quoted (the page is missing): then no text

    def to_dict(self) -> dict[str, str]:
        """{text, lang, gloss[, cite]} or {absent}: the JSON form (`score --explain --format json`, table_data)."""
        if self.absent:
            return {"absent": self.absent}
        return {"text": self.text, "lang": self.lang, "gloss": self.gloss, **({"cite": self.cite} if self.cite else {})}


QUOTE_TEXT = 1000  # characters: a sentence or a table's line, not a page
QUOTE_KEYS = frozenset({"text", "gloss", "lang", "cite", "absent"})


def check_quote(fail: Failer, where: str, quote: Any, language: str, cite: str = "") -> Quote | None:
    """A rule's `quote:`: {text, gloss[, lang, cite]} (the rulebook's words and their English), or {absent: why}.
    The words' cite is the rule's (`cite`) unless the quote gives its own. Each text is kept on one line."""
    if quote is None:
        return None
    expect(fail, where, quote, dict, "quote")
    if not quote.keys() <= QUOTE_KEYS:
        only_keys(fail, f"{where} quote", quote, QUOTE_KEYS)
    for key in ("text", "gloss", "absent"):
        value = quote.get(key)
        line = _one_line(value)
        if value is not None and (not line or len(line) > QUOTE_TEXT or not line.isprintable()):
            fail(f"{where} quote.{key}", f"is text of 1 to {QUOTE_TEXT} characters, not {shown(value)}")
    if quote.get("absent") is not None:
        if len(quote) != 1:
            fail(f"{where} quote", "absent: says why there are no words to quote; give it alone, or text: and gloss:")
        return quote_of(quote, language, cite)
    if quote.get("text") is None or quote.get("gloss") is None:
        fail(f"{where} quote", "needs text: (the rulebook's words) and gloss: (them in English), or absent: (why none)")
    lang = quote.get("lang", language)
    if not isinstance(lang, str) or lang not in LANGUAGES:
        fail(f"{where} quote.lang", f"a language is one of {', '.join(LANGUAGES)}, not {shown(lang)}")
    check_cite(fail, f"{where} quote.cite", quote.get("cite", cite))
    return quote_of(quote, language, cite)


def quote_of(quote: Any, language: str, cite: str = "") -> Quote | None:
    """check_quote's Quote of a `quote:` that passed it (a table checked when it was cached: rules/tables.py)."""
    if quote is None:
        return None
    if quote.get("absent") is not None:
        return Quote(absent=_one_line(quote["absent"]))
    return Quote(_one_line(quote["text"]), quote.get("lang", language), _one_line(quote["gloss"]),
                 quote.get("cite", cite))


def _one_line(value: Any) -> str:
    """A quote's text with its line breaks and runs of spaces as one space ("" where it is no text)."""
    return " ".join(value.split()) if isinstance(value, str) else ""


def check_quotes(rules: Sequence[Any], fail: Failer) -> None:
    """Rules of one name in one table with one cite (a rule written once per option) are one rule of the
    rulebook: they quote the same words, so an item finds its quote by its name, table and cite."""
    seen: dict[tuple[str, str, str], Quote | None] = {}
    for r in rules:
        key = (r.name, r.table, r.cite)
        if seen.setdefault(key, r.quote) != r.quote:
            fail(f"rule {shown(r.name, NAME_SHOWN)}", "quotes other words than the rule of the same name, table and "
                                                      "cite above it: give both the same quote: (or another cite:)")


class OptionSpec(NamedTuple):
    """A house option a table declares (its type, default and choices): `--option KEY=VALUE` is checked
    against it, so a club's choice is refused in words when the rulebook has no such option or value."""

    name: str
    type: str  # int, bool, choice
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""

    def parse(self, text: str, variant: str) -> Any:
        """Turn a --option value into this option's type, or say what it accepts."""
        if self.type == "bool":
            low = text.strip().lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise OptionError(said(M.OPT_TRUE_FALSE, name=self.name, variant=variant, value=shown(text)))
        if self.type == "int":
            if text.strip().lower() in ("none", "null") and self.default is None:
                return None
            try:
                value = int(text)
            except ValueError:
                raise OptionError(said(M.OPT_WHOLE_NUMBER, name=self.name, variant=variant, value=shown(text))) from None
            problem = int_problem(self.name, value)
            if problem:
                raise OptionError(said(M.OPT_PROBLEM, name=self.name, variant=variant, problem=problem))
            return value
        if text not in self.choices:
            raise OptionError(said(M.OPT_ONE_OF, name=self.name, variant=variant, choices=", ".join(self.choices),
                                   value=shown(text)))
        return text


def table_options(raw: Any, fail: Failer, limit: Any, checked: bool) -> dict[str, OptionSpec]:
    """A table's `options:` as OptionSpecs (with the limit's, which its top-level `limit:` gives), each checked
    first unless the table passed these checks when it was cached (`checked`: rules/tables.py, build)."""
    out = {"limit": OptionSpec("limit", "int", limit, (), "the limit (largest value of a hand)")}
    given = raw.get("options") or {}
    if not checked:
        expect(fail, "options", given, dict, "options")
    for key, spec in given.items():
        if not checked:
            _check_option(key, spec, fail)
        out[key] = OptionSpec(key, spec.get("type"), spec["default"], tuple(spec.get("choices") or []),
                              str(spec.get("help", "")))
    return out


def _check_option(key: Any, spec: Any, fail: Failer) -> None:
    where = f"options.{key}"
    if not isinstance(key, str):
        fail(where, f"an option's name is a word, not {shown(key)}")
    if key == "limit":
        fail(where, "the limit is set by the top-level key limit: (and --option limit=N), not as an option")
    expect(fail, where, spec, dict, "an option")
    only_keys(fail, where, spec, {"type", "default", "choices", "help"})
    typ = spec.get("type")
    if typ not in ("int", "bool", "choice"):
        fail(where, f"type must be int, bool or choice, not {shown(typ)}")
    if "default" not in spec:
        fail(where, "missing default")
    choices = spec.get("choices") or []
    if not isinstance(choices, list) or not all(isinstance(c, (str, int)) for c in choices):
        fail(where, f"choices must be a list of words or numbers, not {shown(choices)}")
    default, choices = spec["default"], tuple(choices)
    if typ == "choice" and default not in choices:
        fail(where, f"default {shown(default)} is not among choices {list(choices)}")
    if typ == "bool":
        expect(fail, where, default, bool, "default")
    if typ == "int" and default is not None:
        if not isinstance(default, int) or isinstance(default, bool):
            expect(fail, where, default, int, "default")
        if int_problem(key, default):  # the same bounds as --option KEY=N
            fail(where, f"default {int_problem(key, default)}")
    check_text(fail, f"{where}.help", str(spec.get("help", "")), "help")
