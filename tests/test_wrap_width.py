"""`variants NAME` (and --explain's wrapped lines) fit 80 terminal columns, counted as a terminal shows them: a
Chinese or Japanese character takes two (errors.cells), so mcr's source line, which holds the rulebook's
Chinese title, wraps earlier than its character count says (issue 31)."""

from __future__ import annotations

import random
import re
import textwrap

import pytest

from helpers import run
from mjscore.cli.report import WIDTH, wrapped
from mjscore.errors import cells


@pytest.mark.parametrize("args", [("mcr",), ("mcr", "--lang", "zh"), ("riichi", "--lang", "ja"), ("mcr", "--lang", "eu")])
def test_every_line_fits_80_terminal_columns(args):
    code, out, err = run("variants", *args)
    assert code == 0, err
    wide = [(cells(line), line) for line in out.splitlines() if cells(line) > WIDTH]
    assert wide == []


def test_mcrs_source_wraps_by_display_width():
    # "source: Mahjong Competition Rules (中国麻将竞赛规则, 2006); English edition," is 68 characters but 76
    # columns (eight Chinese characters, two columns each): " European" (9 more) would make 85, as it did
    lines = run("variants", "mcr")[1].splitlines()
    assert lines[1:3] == ["source: Mahjong Competition Rules (中国麻将竞赛规则, 2006); English edition,",
                          "        European Mahjong Association"]
    assert cells(lines[1]) == len(lines[1]) + 8 == 76


def test_chinese_names_are_padded_by_display_width():
    # --lang zh names mcr's fan in Chinese: in each table the value column starts at one terminal column
    out = run("variants", "mcr", "--lang", "zh")[1]
    tables = [[line for line in block.splitlines() if re.search(r"  \d+ 番  ", line)] for block in out.split("\n\n")]
    tables = [rows for rows in tables if rows]  # ("N 番": the zh catalogue's "N fan")
    assert len(tables) == 2 and len(tables[0]) > 60  # (the fan table, and the flowers)
    for rows in tables:
        assert len({cells(line[:re.search(r"\d+ 番  ", line).start()]) for line in rows}) == 1, rows
    assert tables[0][0].startswith("大四喜      88 番  ")  # 3 names' characters (6 columns) padded to 10, then 2


def test_ascii_text_wraps_as_textwrap_does():
    # the reference: the standard library's textwrap (which counts characters, the same as columns for ASCII),
    # as wrapped() called it before; random texts of short, long and over-long words, runs of spaces and tabs.
    # (textwrap leaves a trailing space when a line ends full just before an over-long word: such texts are left
    # out; wrapped() drops that space.)
    rnd = random.Random(31)
    words = ["a", "bb", "ccc", "word", "longer-word", "x" * 85, "y" * 40, "  ", "\t", "z" * 79, "q" * 80, "a\nb"]
    compared = 0
    for _ in range(3000):
        text = " ".join(rnd.choice(words) for _ in range(rnd.randint(0, 30)))
        first, indent = rnd.choice(["", "  - ", "    ", "source: "]), rnd.choice([0, 2, 4, 8])
        expected = textwrap.wrap(first + text, WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False)
        if any(line != line.rstrip() for line in expected):
            continue
        assert wrapped(first, text, indent) == (expected or [first])
        compared += 1
    assert compared > 2500


def test_a_long_chinese_word_is_cut_at_80_columns():
    text = "中" * 50  # 100 columns, no space: cut after 40 characters (80 columns), the rest indented by 4
    assert wrapped("", text, 4) == ["中" * 40, "    " + "中" * 10]
    assert wrapped("x", text, 4) == ["x" + "中" * 39, "    " + "中" * 11]  # (39 fit beside x: 1 + 78 columns)
