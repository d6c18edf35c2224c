"""Fuzzing the reading of KDE Kajongg's game database (play/kajongg.py) with damaged databases: a copy of a
real one (tests/fixtures/kajongg) cut to a few deals, then values of the wrong type, too long or naming no
row put in its columns, rows deleted or given twice, a column or table dropped, its hands mutated, its bytes
damaged or cut, or the file put in WAL mode; read by `batch`, `batch --differences`, `standings` and `sheet`.

Whatever the database, a command ends with exit 0, 1 or 2 and one short line on stderr (test_fuzz.check),
never a traceback, an "internal error" or a hang; and the database is never written (a reader of one in WAL
mode makes its -wal and -shm files beside it, nothing else). The quick run is part of the suite; the long one
is `python -m pytest -m fuzz_long`.
"""

from __future__ import annotations

import contextlib
import sqlite3
import tempfile
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import ROOT
from test_fuzz import BYTES, LONG, MAX_LINE, QUICK, check, cli, mutated_hand

FIXTURES = ["dmjl-seed1.db", "bmja-seed4.db"]  # of tests/fixtures/kajongg
COLUMNS = {"score": ["game", "hand", "data", "manualrules", "player", "won", "penalty", "prevailing", "wind",
                     "points", "payments", "balance"],
           "game": ["id", "ruleset", "p0", "p1", "p2", "p3"], "player": ["id", "name"],
           "ruleset": ["id", "name", "hash"]}
OVER = 10_001  # bytes: one more than the longest value read from Kajongg's database (kajongg.MAX_VALUE_BYTES)
VALUES = [None, 0, 1, -1, 2, 5, 999, 2 ** 63 - 1, -(2 ** 63), 1.5, -0.0, 1e308, "", " ", "x", "E", "e", "1",
          "\x00", "\n", "李", "\ud7ff", "Flower||Flower", "||", "Classical Chinese DMJL",
          "e9cdf0ce2471bf7986a213b7aac23942",
          "C1C1C1 mw L", "C1C1C1 m1 LC1C1C1C1", "s1" * (OVER // 2 + 1), "Flower||" * (OVER // 8 + 1), b"", b"\x00",
          b"abc", b"s1s1s1 mw", bytes(OVER)]
SQL_VALUES = ["zeroblob(10)", "zeroblob(10001)", "randomblob(64)", "hex(randomblob(5001))"]


@st.composite
def sql_change(draw) -> tuple[str, tuple]:
    """One change to the database, as SQL and its parameters."""
    table = draw(st.sampled_from(sorted(COLUMNS)))
    row = draw(st.integers(1, 8))
    op = draw(st.sampled_from(["value", "value", "value", "sql value", "hand", "delete", "duplicate",
                               "drop column", "drop table"]))
    column = draw(st.sampled_from(COLUMNS[table]))
    if op == "value":
        return f'UPDATE "{table}" SET "{column}" = ? WHERE rowid = ?', (draw(st.sampled_from(VALUES)), row)
    if op == "sql value":
        return f'UPDATE "{table}" SET "{column}" = {draw(st.sampled_from(SQL_VALUES))} WHERE rowid = ?', (row,)
    if op == "hand":
        return "UPDATE score SET data = ? WHERE rowid = ?", (draw(mutated_hand()), row)
    if op == "delete":
        return f'DELETE FROM "{table}" WHERE rowid = ?', (row,)
    if op == "duplicate":  # (refused in a table whose id is its rowid: the change is left out)
        return f'INSERT INTO "{table}" SELECT * FROM "{table}" WHERE rowid = ?', (row,)
    if op == "drop column":
        return f'ALTER TABLE "{table}" DROP COLUMN "{column}"', ()
    return f'DROP TABLE "{table}"', ()


class Recipe(NamedTuple):
    """How a damaged database is made (shown by hypothesis for a failing case, rather than its bytes)."""

    fixture: str
    deals: int  # kept: the score rows of deals (Kajongg's hands) 0..deals-1
    changes: list[tuple[str, tuple]]
    wal: bool
    damage: list[tuple[int, bytes | None]]  # bytes put at an offset (a fraction of the file, in thousandths), or cut


@st.composite
def damaged_databases(draw) -> Recipe:
    damage = draw(st.lists(st.tuples(st.integers(0, 1000), st.one_of(st.none(), st.sampled_from(
        BYTES + [bytes(16), b"\xff" * 64]))), max_size=2)) if draw(st.integers(0, 3)) == 0 else []
    return Recipe(draw(st.sampled_from(FIXTURES)), draw(st.integers(0, 6)),
                  draw(st.lists(sql_change(), min_size=1, max_size=3)), draw(st.integers(0, 5)) == 0, damage)


def _made(recipe: Recipe, path: Path) -> bytes:
    """The damaged database written to `path`; its bytes."""
    path.write_bytes((ROOT / "tests" / "fixtures" / "kajongg" / recipe.fixture).read_bytes())
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("DELETE FROM score WHERE hand >= ?", (recipe.deals,))
        for sql, params in recipe.changes:
            try:
                db.execute(sql, params)
            except sqlite3.Error:  # (a column kept by an index, a row given twice under a unique name)
                pass
        if recipe.wal:
            db.execute("PRAGMA journal_mode=WAL")
    data = path.read_bytes()
    for where, put in recipe.damage:
        i = len(data) * where // 1000
        data = data[:i] if put is None else data[:i] + put + data[i + len(put):]
    path.write_bytes(data)
    return data


def _kajongg_case(recipe: Recipe, command: tuple[str, ...]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kajongg3.db"
        data = _made(recipe, path)
        code, out, err = result = cli(*command[:1], str(path), *command[1:])
        if code == 2:
            check(result)
        else:  # 0 or 1: what was not scored, each deal or game a line as it came, then the count
            lines = err.splitlines()
            assert "Traceback" not in err and "internal error" not in err, err[:2000]
            if "--differences" in command:  # the table: the deals that differ, a line each, then their count
                assert err == "" if "json" in command else (
                    len(lines) == 1 and lines[0].endswith("differ from Kajongg's record")), err[:2000]
                assert "json" in command or all(len(line) <= 2 * MAX_LINE for line in out.splitlines()), out[:2000]
            else:
                assert all(line.startswith("mjscore: ") and len(line) <= 2 * MAX_LINE for line in lines), err[:2000]
                assert (code, err) == (0, "") or code == 1 and lines[-1].endswith(("deals not scored", "unreadable")), \
                    err[:2000]
        assert path.read_bytes() == data  # never written
        beside = sorted(p.name for p in Path(tmp).iterdir())
        assert beside in (["kajongg3.db"], ["kajongg3.db", "kajongg3.db-shm", "kajongg3.db-wal"]), beside
        assert not (Path(tmp) / "kajongg3.db-wal").exists() or (Path(tmp) / "kajongg3.db-wal").stat().st_size == 0


COMMANDS = [("batch",), ("batch", "--format", "json"), ("batch", "--format", "csv"), ("batch", "--differences"),
            ("batch", "--differences", "--format", "json"), ("standings",), ("sheet",)]


def _fuzz(scale: int, mark=None):
    quiet = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]

    @settings(max_examples=60 * scale, deadline=None, suppress_health_check=quiet)
    @given(damaged_databases(), st.sampled_from(COMMANDS))
    def databases_(recipe, command):
        _kajongg_case(recipe, command)

    return mark(databases_) if mark else databases_


test_fuzz_kajongg_databases = _fuzz(QUICK)
test_fuzz_long_kajongg_databases = _fuzz(LONG, pytest.mark.fuzz_long)
