"""A table's identity: which rules a game was scored under, so a season's change of rules is visible.

The identity of a variant as loaded is its name, the SHA-256 of its table data (the file with every
table it `extends:` merged in, written in one canonical form) and the house options. A comment, the
order of keys or the way a file is split into `extends:` changes nothing; a value, a rule, a name, a
cite or an option's default does (docs/tables.md, "Versions of a table").

The hash is worked out only by the commands that record it (batch, sheet, standings, report, the page,
the API's games), from the table cache (rules/tablecache.py) like any table read, and kept with the
loaded variant: `mjscore score` never computes it (tests/test_startup.py).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from mjscore.errors import MAX_WORD_CHARS, DealError, shown, too_long
from mjscore.rules.tablefile import tables_dir

if TYPE_CHECKING:
    from mjscore.rules.tables import Variant

PREFIX = "sha256:"
HASH = re.compile(r"sha256:[0-9a-f]{64}")
VERSIONS = "versions"  # a club's kept versions: TABLES/versions/LABEL/NAME.yaml


def _plain(data: Any) -> Any:
    """The data with every mapping key as text (a value grid's keys are numbers), for one JSON form."""
    if isinstance(data, dict):
        return {str(k): _plain(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_plain(v) for v in data]
    return data


def canonical(data: Any) -> bytes:
    """The canonical form hashed: JSON with keys sorted, no spaces, UTF-8 (non-ASCII text as itself)."""
    import json

    return json.dumps(_plain(data), sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def data_hash(data: Any) -> str:
    """`sha256:` and the hex digest of the canonical form of a table's resolved data."""
    from hashlib import sha256

    return PREFIX + sha256(canonical(data)).hexdigest()


def resolved(path: str) -> dict[str, Any]:
    """A table file's data with its `extends:` chain merged in, read as the loader reads it (cached)."""
    from mjscore.rules.inherit import resolved_raw
    from mjscore.rules.tables import read_raw

    return resolved_raw(path, read_raw)


def table_hash(variant: Variant) -> str:
    """The variant's table hash, worked out once per loaded table (found again by the table's content key)."""
    return _hash_of(variant.path, variant.key)


@lru_cache(maxsize=64)
def _hash_of(path: str, key: str) -> str:
    return data_hash(resolved(path))


class Rules(NamedTuple):
    """The rules a game is scored under: what every record of a game names (docs/api.md `rules`).
    `recorded` is the table hash the game file states when it is another; `version` the kept version
    (`versions/LABEL`) the game was scored with, when not the table loaded by name."""

    variant: str
    table: str
    options: dict[str, Any]
    recorded: str | None = None
    version: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"variant": self.variant, "table": self.table, "options": dict(self.options)}
        if self.recorded:
            out["recorded_table"] = self.recorded
        if self.version:
            out["version"] = self.version
        return out


def rules_of(variant: Variant, options: dict[str, Any]) -> Rules:
    return Rules(variant.name, table_hash(variant), dict(options))


class Recorded(NamedTuple):
    """A game file's `rules: {variant: NAME, table: sha256:..., options: {...}}`, checked."""

    variant: str | None
    table: str | None
    options: dict[str, Any] | None


def read_recorded(data: Any, where: str) -> Recorded | None:
    """The `rules:` of a game file's header, or None when it states none; a DealError says what is wrong."""
    if data is None:
        return None
    example = "rules: {variant: dmjl, table: sha256:<64 hex digits>} (as batch --format json writes it)"
    if not isinstance(data, dict):
        raise DealError(f"{where}: rules: expected a mapping, e.g. {example}")
    unknown = set(map(str, data)) - {"variant", "table", "options", "recorded_table", "version"}
    if unknown:
        raise DealError(f"{where}: rules: unknown key {shown(min(unknown))} (keys: variant, table, options)")
    name, table, options = data.get("variant"), data.get("table"), data.get("options")
    if name is not None and (not isinstance(name, str) or not name or too_long(name, MAX_WORD_CHARS)
                             or not name.isprintable()):  # (a name is a word: no escape reaches a message)
        raise DealError(f"{where}: rules.variant: expected a variant's name, not {shown(name)}")
    if table is not None and (not isinstance(table, str) or not HASH.fullmatch(table)):
        raise DealError(f"{where}: rules.table: expected sha256: and 64 hex digits, not {shown(table)}; "
                        f"e.g. {example}")
    if options is not None and not isinstance(options, dict):
        raise DealError(f"{where}: rules.options: expected a mapping of the options, not {shown(options)}")
    return Recorded(name, table, options)


def version_folders(directory: str | os.PathLike[str] | None) -> list[tuple[str, str]]:
    """(label, folder) of each kept version of a tables folder: `versions/LABEL/`, by label."""
    if directory is None:
        return []
    base = os.path.join(tables_dir(directory), VERSIONS)
    try:
        names = sorted(os.listdir(base))
    except OSError:
        return []
    return [(f"{VERSIONS}/{n}", os.path.join(base, n)) for n in names
            if not n.startswith(".") and os.path.isdir(os.path.join(base, n))]


def find_version(directory: str | os.PathLike[str] | None, name: str, wanted: str) -> tuple[str, str] | None:
    """(label, folder) of the kept version of variant `name` whose table hash is `wanted`, or None. A kept
    file that does not load is passed over: it cannot be the version a game was scored with."""
    from mjscore.errors import MjscoreError
    from mjscore.rules.tables import load_variant

    for label, folder in version_folders(directory):
        if not os.path.isfile(os.path.join(folder, f"{name}.yaml")):
            continue
        try:
            if table_hash(load_variant(name, folder)) == wanted:
                return label, folder
        except MjscoreError:
            continue
    return None


def short(table: str) -> str:
    """A table hash as messages show it: sha256: and its first 12 digits."""
    return table[:len(PREFIX) + 12]
