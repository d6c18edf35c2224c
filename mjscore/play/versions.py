"""Which version of its rules a recorded game is scored with (docs/tables.md, "Versions of a table").

A game file may state the rules it was played under, `rules: {variant: NAME, table: sha256:...}`. When
the table loaded now is another, the game is scored with the kept version whose hash it records
(`TABLES/versions/LABEL/NAME.yaml`) if the club keeps one, else with the loaded table; either way the
game's reader is told once (`RulesNotice`), and `--strict` refuses a game whose recorded rules cannot
be found.
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

from mjscore.errors import DealError
from mjscore.play.dealfile import overridden, overridden_note, variant_for
from mjscore.play.sources import Assumed
from mjscore.rules.identity import Rules, find_version, read_recorded, rules_of, short


class RulesNotice(NamedTuple):
    """A game whose recorded rules are not the table loaded now: what it records, what was loaded, and
    the kept version it was scored with (None: none was found, so it was scored with the loaded table)."""

    game: str
    variant: str
    recorded: str
    loaded: str
    version: str | None
    options: tuple[tuple[str, Any, Any], ...] = ()  # (option, as recorded, as scored) where they differ
    overridden: str = ""  # where an explicit --variant wins over the game's own: the one line said of that
    assumed: str = ""  # rules the record does not name, assumed by its reader (sources.Assumed): what is said

    def text(self) -> str:
        """The one line said about the game (on standard error, by every command that scores games)."""
        if self.overridden:  # scored under another variant: its own rules, recorded or not, are set aside
            return self.overridden
        if self.assumed:
            return f"{self.game}: {self.assumed}"
        words = []
        if self.recorded != self.loaded:
            words.append(f"the game records {self.variant} table {short(self.recorded)}, not the "
                         f"{self.variant}.yaml loaded ({short(self.loaded)})")
            words.append(f"scored with the version kept as {self.version}/{self.variant}.yaml, the one it records"
                         if self.version else
                         "scored with the loaded table: its totals under the rules it records cannot be worked out "
                         f"here (keep that table as versions/LABEL/{self.variant}.yaml in the tables folder, "
                         "docs/tables.md)")
        if self.options:
            said = ", ".join(f"{k} {_word(old)} -> {_word(new)}" for k, old, new in self.options)
            words.append(f"it records other options than it is scored with: {said}")
        return f"{self.game}: " + "; ".join(words)

    def refusal(self) -> str:
        """The one line of --strict, which refuses a game whose recorded rules are not found."""
        words = []
        if self.recorded != self.loaded and not self.version:
            words.append(f"the game records {self.variant} table {short(self.recorded)}, but the {self.variant}.yaml "
                         f"loaded is {short(self.loaded)} and no kept version has that hash (keep it as "
                         f"versions/LABEL/{self.variant}.yaml in the tables folder, docs/tables.md)")
        if self.options:
            said = ", ".join(f"{k} {_word(old)} -> {_word(new)}" for k, old, new in self.options)
            words.append(f"it records other options than it would be scored with: {said}")
        return f"{self.game}: " + "; ".join(words) + "; --strict: not scored"

    @property
    def found(self) -> bool:
        """Scored with the rules it records (its kept version), options alike."""
        return (self.recorded == self.loaded or self.version is not None) and not self.options


def _assumed(header: dict[str, Any], options: list[str], path: str, variant: str,
             table: str) -> RulesNotice | None:
    """The line said of rules a record's reader assumed (sources.Assumed), where no --option names one."""
    assumed = header.get("assumed")
    given = {str(o).split("=", 1)[0].strip() for o in options or ()}
    if not isinstance(assumed, Assumed) or given & set(assumed.options):
        return None
    return RulesNotice(path, variant, table, table, None, assumed=assumed.said)


def _word(value: Any) -> str:
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


class Chosen(NamedTuple):
    """What a game is scored with: the variant, its options, the tables folder workers load it from, the
    rules its records name, and what to tell the reader (None: the rules it records, or none recorded)."""

    variant: Any
    options: dict[str, Any]
    tables: str | os.PathLike[str] | None
    rules: Rules
    notice: RulesNotice | None


def choose(header: dict[str, Any], variant: str | None, options: list[str], tables: str | os.PathLike[str] | None,
           path: str, strict: bool = False,
           versions: bool = True) -> Chosen:
    """The variant and options a game file's header names (with --variant and --option on top), in the kept
    version its `rules:` records when the loaded table is another (`versions` False: always the loaded table).
    `strict`: a game whose recorded rules are not found is a DealError, one line."""
    recorded = read_recorded(header.get("rules") if isinstance(header, dict) else None, path)
    if recorded is not None and recorded.variant is not None and header.get("variant") is None:
        header = {**header, "variant": recorded.variant}  # the variant its rules name, where it names no other
    v, opts = variant_for(header, variant, options, tables, path)
    rules = rules_of(v, opts)
    if overridden(header, variant) is not None:  # the game's own rules set aside, said in one line
        said = overridden_note(path, header, v.name)
        return Chosen(v, opts, tables, rules, RulesNotice(path, v.name, rules.table, rules.table, None,
                                                          overridden=said))
    if recorded is None:
        return Chosen(v, opts, tables, rules, _assumed(header, options, path, v.name, rules.table))
    if recorded.variant is not None and recorded.variant != v.name:
        raise DealError(f"{path}: rules.variant: the game records {recorded.variant} but is scored as {v.name}; "
                        f"give both the same variant")
    version = None
    if versions and recorded.table is not None and recorded.table != rules.table:
        found = find_version(tables, v.name, recorded.table)
        if found is not None:
            version, folder = found
            v, opts = variant_for(header, variant, options, folder, path)
            tables = folder
    kept = recorded.options or {}
    changed = tuple((k, kept[k], opts.get(k)) for k in sorted(kept) if k in opts and kept[k] != opts[k])
    table = rules_of(v, opts).table
    notice = None
    if recorded.table is not None and (recorded.table != rules.table or changed):
        notice = RulesNotice(path, v.name, recorded.table, rules.table, version, changed)
    elif changed:
        notice = RulesNotice(path, v.name, table, table, None, changed)
    if notice is not None and strict and not notice.found:
        raise DealError(notice.refusal())
    scored = Rules(v.name, table, dict(opts), recorded.table if recorded.table not in (None, table) else None,
                   version)
    return Chosen(v, opts, tables, scored, notice)
