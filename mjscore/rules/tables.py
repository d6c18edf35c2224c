"""Load a variant's YAML table file, validate it, compile its rules; cache what YAML parsing costs.

The file is the spec of a variant (its rulebook turned into data, docs/tables.md). Validation
names the file, the entry and the problem. A validated file's data is cached, checked
against the file's bytes on every read (rules/tablecache.py), so a one-shot command does
not import yaml at all.
"""

import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, cast

from mjscore.errors import OptionError, TableError, VariantNotFound, shown
from mjscore.hand.decompose import SHAPES
from mjscore.messages import M, did_you_mean, said
from mjscore.rules import tablecache
from mjscore.rules.counters import check_each
from mjscore.rules.conditions import CONDITIONS
from mjscore.rules.families import VALUATIONS
from mjscore.rules.scales import Scale, check_scale
from mjscore.rules.valuation import Unit, Valued, check_unit, check_valuation
from mjscore.rules.when import ALWAYS, Invalid, Leaf, When, compile_when
from mjscore.rules.tablefile import (
    DEFAULT_VARIANT, NAME_SHOWN, Fail, Failer, OptionSpec, Quote, check_cite, check_grid, check_language,
    check_long_hand, check_names, check_prefer, check_quote, check_references, check_text, expect, int_problem, names_of, only_keys, quote_of,
    rule_names, show_when, stem, table_options, tables_dir, variant_names, Folder,
)
from mjscore.tuples import NamedTuple

if TYPE_CHECKING:
    from mjscore.rules.switches import SettlementRules

MAX_DOUBLES = 64  # assumed: no rulebook gives a rule more; 2^64 keeps every value a number one can print
WHO = ("all", "winner", "loser")
PER = ("group", "bonus", "hand")
TOP_KEYS = {
    "variant", "title", "source", "tiles", "limit", "options", "shapes", "long_hand", "value", "tables",
    "settlement", "situations", "mahjong", "language", "cites", "prefer", "presets", "scale"}
RULE_KEYS = {"rule", "when", "who", "points", "exposed", "concealed", "doubles", "limit", "extra", "replaces",
             "note", "keep_doubles", "cite", "names", "fan", "excludes", "doubles_each", "quote"}


class Rule(NamedTuple):
    """One row of a table file's scoring tables, compiled: what it gives (points, doubles, a limit, an extra)
    and the predicate of its `when:`. Scoring tries every rule on every candidate arrangement."""

    name: str
    per: str
    who: str
    table: str
    points: int = 0
    doubles: int = 0
    limit: float = 0.0
    extra: int = 0
    replaces: tuple[str, ...] = ()
    note: str = ""
    when: str = ""  # the condition as written, for `mjscore variants NAME`
    pred: When = ALWAYS
    keep_doubles: tuple[str, ...] = ()  # a limit hand that still takes the doubles of these tables
    cite: str = ""  # where the rule stands in its rulebook ("rule 85 XII", "table 2")
    names: tuple[tuple[str, str], ...] = ()  # (language, the rulebook's own name) pairs
    fan: bool = False  # gives fan (MCR: `fan: N`), points by another name
    excludes: tuple[str, ...] = ()  # rules it implies, not counted when it is (the non-repeat principle)
    each: str | None = None  # doubles_each: a counter (rules/counters.py) giving one double per tile counted
    quote: Quote | None = None  # the rulebook's own words for it (or why they are not at hand)


class Requirement(NamedTuple):
    """A condition a winning hand must meet to be mah jong (e.g. a game mode's minimum)."""

    name: str
    message: str
    limit_hands_exempt: bool = True
    when: str = ""
    pred: When = ALWAYS
    messages: tuple[tuple[str, str], ...] = ()  # (language, the message in the rulebook's words)


class Variant(NamedTuple):
    """A rule variant, loaded from its table file and checked: the rules, options, winning shapes and
    settlement of one rulebook. Loaded once per folder, it serves every hand and deal scored under it."""

    name: str
    title: str
    source: str
    flowers: bool
    limit: int | None
    shapes: tuple[str, ...]
    options: dict[str, OptionSpec]
    rules: tuple[Rule, ...]
    tables: tuple[tuple[str, str, str], ...]  # (heading, per, who) in file order
    long_hand: int
    round_up: int
    switches: Any  # its `settlement:` typed (a SettlementRules), or as written where typed when first read: settlement
    situations: dict[str, str]
    path: str
    requires: tuple[Requirement, ...] = ()
    not_mahjong: str = "non_winning"  # how a 14-tile hand failing a requirement is scored
    value_grid: dict[int, tuple[int, ...]] | None = None  # {base: (value for 0, 1, 2 ... doubles)}: a printed table of final values
    key: str = ""  # the table's content (a digest of its data and path): what scoring keeps of it is found by this
    language: str = "en"  # the rulebook's language: --lang native shows its names
    long_hand_words: tuple[Any, ...] = ("", (), None)  # the long hand item's cite, names and quote
    cites: dict[str, str] | None = None  # settlement rule -> where it stands in the rulebook
    value_cite: str = ""  # where the rule of final values (round_up, grid) stands: said where it changes a value
    prefer: tuple[str, ...] = ()  # of arrangements equal in value, one scoring any of these rules is reported
    valuation: Valued | None = None  # the family its `value:` block chooses, with its switches (None: classical)
    presets: dict[str, Any] | None = None  # a choice option's choices -> the options each sets (rules/presets.py)
    scale: Scale = Scale.POINTS  # what its games' totals are counted in: a season never adds two scales
    unit: Unit = Unit.POINTS  # what a hand's count is said in (`value: {unit: faan}`: Hong Kong's faan)

    def resolve_options(self, given: dict[str, str] | None = None) -> dict[str, Any]:
        """Defaults overridden by --option KEY=VALUE strings, each checked against its spec."""
        out = {k: o.default for k, o in self.options.items()}
        for key, text in (given or {}).items():
            if key not in self.options:  # the option meant where one is near, else every option (one short line)
                meant = did_you_mean(key, sorted(self.options))
                raise OptionError(said(M.NO_OPTION, variant=self.name, option=shown(key)) + (
                    meant if meant else said(M.OPTIONS_KNOWN, known=", ".join(sorted(self.options)))))
            out[key] = self.options[key].parse(text, self.name)
        if not self.presets:
            return out
        from mjscore.rules.presets import apply_presets  # (loaded only for a table with presets:)
        return apply_presets(self.presets, out, given or {})

    @property
    def settlement(self) -> "SettlementRules":
        """The `settlement:` switches, typed; a table checked when it was cached has them typed when first read
        (rules/switches.py: settled), since scoring a hand never reads them."""
        if not isinstance(self.switches, dict):
            return cast("SettlementRules", self.switches)
        from mjscore.rules.switches import settled
        return settled(self.switches, Fail(self.path), self.options, self.key)


# --- finding and caching ------------------------------------------------------------------------

def read_raw(path: str) -> dict[str, Any]:
    """The file's data: from the cache when its entry checks against the file's bytes, else parsed
    with yaml (libyaml when present), validated and cached."""
    return _read(path)[0]


def _read(path: str) -> tuple[dict[str, Any], bool]:
    """The file's data (read_raw), and whether it comes from the cache, which keeps a table only once build has
    checked it (a table that extends another is checked merged, at every load)."""
    try:
        with open(path, "rb") as f:
            source = f.read()
    except OSError as e:
        raise TableError(f"{path}: cannot read: {e.strerror or e}") from None
    cached: dict[str, Any] | None = tablecache.load(path, source)  # (stored once checked: a mapping)
    if cached is not None:
        return cached, not (isinstance(cached, dict) and "extends" in cached)
    from mjscore.loading import ReadProblem, read_yaml  # only when the cache has no entry that checks
    try:
        raw: dict[str, Any] = read_yaml(source.decode("utf-8"))  # (a mapping once build has checked it)
    except ReadProblem as e:
        raise TableError(e.at(path)) from None
    except UnicodeDecodeError:
        raise TableError(f"{path}: not a text file (UTF-8)") from None
    if not (isinstance(raw, dict) and "extends" in raw):
        build(raw, path)  # validate before caching (a child is validated once merged with its parent)
    tablecache.store(path, source, raw)
    return raw, False


def load_variant(name: str, directory: Folder = None) -> Variant:
    """The variant NAME from the packaged tables or from --tables DIR (a name, never a path)."""
    d = tables_dir(directory)
    if not isinstance(name, str) or not name or name != os.path.basename(name) or name.startswith("."):
        raise VariantNotFound(f"no variant {shown(name)}: a variant is named by one word "
                              f"(variants: {', '.join(variant_names(d)) or 'none'})")
    try:
        return _variant_at(d, name)
    except _NoTable:
        known = variant_names(d)
        folded = [k for k in known if k.casefold() == name.casefold()]
        if not folded:  # the packaged folder is not named: where mjscore is installed is no help to the reader
            none = (said(M.NO_VARIANT_IN, name=shown(name), directory=directory) if directory is not None else
                    said(M.NO_VARIANT, name=shown(name)))
            raise VariantNotFound(none + did_you_mean(name, known)
                                  + said(M.VARIANTS_KNOWN, known=", ".join(known) or "none")) from None
        return load_variant(folded[0], directory)  # names are not case-sensitive: Basque is basque


class _NoTable(LookupError):
    """No table file of that name in the folder (load_variant says so, with the names there are)."""


@lru_cache(maxsize=256)  # a program loads the same few tables again and again; a missing file is sought anew
def _variant_at(d: str, name: str) -> Variant:
    path = os.path.join(d, f"{name}.yaml")
    if not os.path.isfile(path):
        raise _NoTable(path)
    raw, checked = _read(path)
    if isinstance(raw, dict) and "extends" in raw:  # inheritance is loaded for a table that extends another only
        from mjscore.rules.inherit import resolved_raw

        raw = resolved_raw(path, read_raw)
    return build(raw, path, checked)


def load_with_options(name: str | None, options: Iterable[str], directory: Folder = None) -> tuple[Variant, dict[str, Any]]:
    """The variant (default if None) and its options with KEY=VALUE strings applied."""
    # no --variant, no variant named by a file: MJSCORE_VARIANT, else spanish (never over a file's own)
    env = None if name else os.environ.get("MJSCORE_VARIANT")
    try:
        v = load_variant(name or env or DEFAULT_VARIANT, directory)
    except VariantNotFound as e:  # a name from the environment: said to be its
        raise (VariantNotFound(f"MJSCORE_VARIANT (the default variant, from the environment): {e}; set it to one "
                               f"of them, or give --variant") if env else e) from None
    given: dict[str, str] = {}
    for text in options:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"--option {shown(text)}: expected KEY=VALUE, e.g. limit=1000")
        if key.strip() in given:  # the later value counts; the earlier must still be one the option takes
            v.resolve_options({key.strip(): given[key.strip()]})
        given[key.strip()] = value.strip()
    return v, v.resolve_options(given)


# --- validation and building ---------------------------------------------------------------------

VALUE_KINDS = (("points", int), ("doubles", int), ("limit", float), ("extra", int), ("exposed", int),
               ("concealed", int), ("fan", int))  # what a rule may give, each of its kind


def _rules(entry: dict[str, Any], heading: str, per: str, who: str, where: str, fail: Failer, known: Any,
           checked: bool) -> list[Rule]:
    """A table's row compiled into its Rule (two where it gives an exposed and a concealed set their own points),
    checked first (_check_rule) unless it passed those checks when its table was cached (`checked`)."""
    when = entry.get("when")
    pred = compile_when(when, per, known) if checked else _check_rule(entry, per, who, where, fail, known)
    values = {key: entry[key] for key, _ in VALUE_KINDS if key in entry}
    if "fan" in values:
        values["points"] = values["fan"]
    split = ("exposed" in values) or ("concealed" in values)
    cite, names = entry.get("cite", ""), names_of(entry.get("names"), split)
    common = dict(per=per, who=entry.get("who", who), table=heading, doubles=values.get("doubles", 0),
                  limit=float(values.get("limit", 0)), extra=values.get("extra", 0),
                  replaces=tuple(_listed(entry.get("replaces", []))), note=str(entry.get("note", "")),
                  when=show_when(when), keep_doubles=tuple(_listed(entry.get("keep_doubles", []))), cite=cite,
                  fan="fan" in values, excludes=tuple(entry.get("excludes", [])),
                  quote=quote_of(entry.get("quote"), known["language"], cite))
    name, each = entry["rule"], entry.get("doubles_each")
    if not split:
        return [Rule(name, points=values.get("points", 0), pred=pred, names=names[""],
                     each=None if each is None else str(each), **common)]
    out = []
    for exposure, flag in (("exposed", True), ("concealed", False)):
        test = When((Leaf(known["conditions"].get("group", "exposed"), flag), *pred.parts), pred.written,
                      pred.whole)  # (the group exposed or not, asked first, and the rule's `when:`)
        out.append(Rule(f"{exposure} {name}", points=values[exposure], pred=test, names=names[exposure], **common))
    return out


def _listed(value: Any) -> Any:
    """`replaces:` and `keep_doubles:` name one rule or table, or a list of them."""
    return [value] if isinstance(value, str) else value


def _check_rule(entry: dict[str, Any], per: str, who: str, where: str, fail: Failer, known: Any) -> When:
    """Every check of a table's row, in the order its problems are said, and its `when:` compiled."""
    only_keys(fail, where, entry, RULE_KEYS)
    name = entry.get("rule")
    if not isinstance(name, str) or not name:
        fail(where, "every rule needs a name: rule: ...")
    where = f"{where} {shown(check_text(fail, where, name, 'a rule name'), NAME_SHOWN)}"
    who = entry.get("who", who)
    if who not in WHO:
        fail(where, f"who must be one of {', '.join(WHO)}, not {shown(who)}")
    values = {key: expect(fail, where, entry[key], kind, key) for key, kind in VALUE_KINDS if key in entry}
    if "fan" in values and set(values) != {"fan"}:
        fail(where, "fan is a rule's whole value (MCR fan add up): give it without points, doubles, limit or extra")
    if not 0 <= values.get("doubles", 0) <= MAX_DOUBLES:
        fail(where, f"doubles must be 0 to {MAX_DOUBLES}, not {values['doubles']}")
    each = check_each(entry.get("doubles_each"), fail, where)
    if not values and each is None:
        fail(where, "gives nothing: add points, doubles, limit or extra")
    split = ("exposed" in values) or ("concealed" in values)
    if split and (per != "group" or "points" in values or not ("exposed" in values and "concealed" in values)):
        fail(where, "exposed/concealed points go together, instead of points, in a table with per: group")
    expect(fail, where, _listed(entry.get("replaces", [])), list, "replaces")
    try:
        pred = compile_when(entry.get("when"), per, known)
    except Invalid as e:
        fail(where, str(e))
    check_text(fail, f"{where} note", str(entry.get("note", "")), "a note")
    keep = expect(fail, where, _listed(entry.get("keep_doubles", [])), list, "keep_doubles")
    if keep and "limit" not in values:
        fail(where, "keep_doubles is for a limit hand: add limit")
    for heading_kept in keep:
        if heading_kept not in known.get("headings", ()):
            fail(where, f"keep_doubles names no table {shown(heading_kept)} "
                        f"(tables: {', '.join(known.get('headings', ()))})")
    cite = check_cite(fail, where, entry.get("cite", ""))
    check_names(fail, where, entry.get("names"), split)
    excludes = expect(fail, where, entry.get("excludes", []), list, "excludes")
    if excludes and per != "hand":
        fail(where, "excludes is for a rule with per: hand (a fan that implies others)")
    check_quote(fail, where, entry.get("quote"), known.get("language", "en"), cite)
    return pred


def build(raw: Any, path: str, checked: bool = False) -> Variant:
    """Validate raw table data and compile it into a Variant; TableError on the first problem. `checked`: the data
    passed these checks when it was cached (its entry names the table's bytes and mjscore's version:
    rules/tablecache.py), so it is only compiled: its rules, options and requirements, its settlement switches (and
    their cites) are not checked again."""
    fail = Fail(path)
    if not isinstance(raw, dict):
        fail("top level", "a table file is a mapping (variant:, title:, tables: ...)")
    only_keys(fail, "top level", raw, TOP_KEYS)
    for key in ("variant", "title", "source", "tables"):
        if key not in raw:
            fail("top level", f"missing {key}")
    name = expect(fail, "variant", raw["variant"], str, "variant")
    if name != stem(path):
        fail("variant", f"{shown(name)} does not match the file name {os.path.basename(path)!r}")
    tiles = raw.get("tiles") or {}
    expect(fail, "tiles", tiles, dict, "tiles")
    flowers = expect(fail, "tiles.flowers", tiles.get("flowers", True), bool, "tiles.flowers")
    limit = raw.get("limit")
    if limit is not None:
        if not isinstance(limit, int) or isinstance(limit, bool):
            expect(fail, "limit", limit, int, "limit")
        if int_problem("limit", limit):  # the same bounds as --option limit=N
            fail("limit", f"the limit {int_problem('limit', limit)}")
    shapes = raw.get("shapes", ["standard"])
    expect(fail, "shapes", shapes, list, "shapes")
    for s in shapes:
        if not isinstance(s, str) or s not in SHAPES:
            fail("shapes", f"unknown shape {shown(s)} (known: {', '.join(SHAPES)})")
    situations = raw.get("situations") or {}
    expect(fail, "situations", situations, dict, "situations")
    options = table_options(raw, fail, limit, checked)
    known = {"shapes": shapes, "options": options, "situations": situations, "rules": rule_names(raw["tables"]),
             "conditions": CONDITIONS, "language": check_language(fail, raw.get("language", "en"))}
    value = raw.get("value") or {}
    expect(fail, "value", value, dict, "value")
    only_keys(fail, "value", value, {"round_up", "grid", "cite", "unit", *VALUATIONS})
    round_up = expect(fail, "value.round_up", value.get("round_up", 1), int, "value.round_up")
    grid = check_grid(value.get("grid"), fail)
    long_value, long_words = check_long_hand(raw.get("long_hand", 0), fail, known["language"])
    if not checked:  # (imported here: scoring a hand from a checked table never loads the settlement's switches)
        from mjscore.rules.switches import check_cites, check_settlement
    written = raw.get("settlement") or {}
    switches = written if checked else check_settlement(written, fail, options)
    rules: list[Rule] = []
    headings = []
    expect(fail, "tables", raw["tables"], list, "tables")
    known["headings"] = tuple(t.get("table") for t in raw["tables"] if isinstance(t, dict))
    for i, table in enumerate(raw["tables"]):
        where = table["table"] if checked else _check_table(table, i, fail)
        heading, per, who = table["table"], table.get("per", "hand"), table.get("who", "all")
        headings.append((heading, per, who))
        for j, entry in enumerate(table["rules"]):
            if not checked:
                expect(fail, f"{where} rule {j + 1}", entry, dict, "a rule")
            rules += _rules(entry, heading, per, who, f"{where} rule {j + 1}", fail, known, checked)
    requires, not_mahjong = _mahjong(raw.get("mahjong"), fail, known, checked)
    names = [r.name for r in rules]
    if not checked:
        check_references(rules, names, fail)
    prefer = check_prefer(raw.get("prefer", []), names, fail)
    return Variant(
        name=name, title=raw["title"] if checked else check_text(fail, "title", raw["title"], "title"),
        source=raw["source"] if checked else check_text(fail, "source", raw["source"], "source"),
        flowers=flowers, limit=limit,
        shapes=tuple(shapes), options=options, rules=tuple(rules), tables=tuple(headings),
        long_hand=long_value, round_up=round_up, long_hand_words=long_words,
        switches=switches, situations={str(k): str(v) for k, v in situations.items()}, path=path,
        requires=requires, not_mahjong=not_mahjong, value_grid=grid, key=tablecache.content_key(raw, path),
        language=check_language(fail, raw.get("language", "en")),
        cites=dict(raw.get("cites") or {}) if checked else check_cites(raw.get("cites"), fail),
        value_cite=check_cite(fail, "value.cite", value.get("cite", "")), prefer=prefer,
        valuation=check_valuation(value, fail, options, shapes), unit=check_unit(value, fail),
        presets=_presets(raw.get("presets"), fail, options), scale=check_scale(fail, raw.get("scale", "points")),
    )


def _presets(section: Any, fail: Failer, options: dict[str, OptionSpec]) -> dict[str, Any]:
    """A table's `presets:` checked (rules/presets.py, loaded only for a table that has them); {} where it has none."""
    if section is None:
        return {}
    from mjscore.rules.presets import check_presets
    return check_presets(section, fail, options)


def _check_table(table: Any, i: int, fail: Failer) -> str:
    """A table of rules checked but for its rules (_check_rule); where a message names it: its heading."""
    where = f"tables[{i}]"
    expect(fail, where, table, dict, "a table")
    heading = table.get("table")
    if not isinstance(heading, str):
        fail(where, "every table needs a heading: table: ...")
    where = f"table {shown(check_text(fail, f'{where} table', heading, 'a heading'), NAME_SHOWN)}"
    only_keys(fail, where, table, {"table", "per", "who", "rules"})
    per, who = table.get("per", "hand"), table.get("who", "all")
    if per not in PER:
        fail(where, f"per must be one of {', '.join(PER)}, not {shown(per)}")
    if who not in WHO:
        fail(where, f"who must be one of {', '.join(WHO)}, not {shown(who)}")
    expect(fail, where, table.get("rules"), list, "rules")
    return where


def _mahjong(section: Any, fail: Failer, known: Any, checked: bool) -> tuple[tuple[Requirement, ...], str]:
    """`mahjong: {requires: [...], otherwise: non_winning|long_hand}`, checked first unless it passed these checks
    when its table was cached (`checked`)."""
    if section is None:
        return (), "non_winning"
    if not checked:
        expect(fail, "mahjong", section, dict, "mahjong")
        only_keys(fail, "mahjong", section, {"requires", "otherwise"})
    otherwise = section.get("otherwise", "non_winning")
    if otherwise not in ("non_winning", "long_hand"):
        fail("mahjong.otherwise", f"must be non_winning or long_hand, not {shown(otherwise)}")
    out = []
    for i, entry in enumerate(section.get("requires", []) if checked else
                              expect(fail, "mahjong.requires", section.get("requires", []), list, "requires")):
        pred = compile_when(entry.get("when"), "hand", known) if checked else _check_requirement(entry, i, fail, known)
        when, name = entry.get("when"), entry["rule"]  # (read after the checks: an entry may be no mapping)
        out.append(Requirement(name, str(entry.get("message", name)), entry.get("limit_hands_exempt", True),
                               show_when(when), pred, names_of(entry.get("messages"), False)[""]))
    return tuple(out), otherwise  # (a requirement's messages: its words in the rulebook's language)


def _check_requirement(entry: Any, i: int, fail: Failer, known: Any) -> When:
    """Every check of a requirement of mah jong, and its `when:` compiled."""
    where = f"mahjong.requires[{i}]"
    expect(fail, where, entry, dict, "a requirement")
    only_keys(fail, where, entry, {"rule", "when", "message", "messages", "limit_hands_exempt"})
    name = entry.get("rule")
    if not isinstance(name, str) or not name:
        fail(where, "every requirement needs a name: rule: ...")
    check_text(fail, where, name, "a rule name")
    check_text(fail, f"{where} message", str(entry.get("message", name)), "a message")
    try:
        pred = compile_when(entry.get("when"), "hand", known)
    except Invalid as e:
        fail(f"{where} {shown(name, NAME_SHOWN)}", str(e))
    expect(fail, where, entry.get("limit_hands_exempt", True), bool, "limit_hands_exempt")
    check_names(fail, where, entry.get("messages"), False)
    return pred
