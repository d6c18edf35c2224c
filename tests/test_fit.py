"""Text tables fit the terminal (issue 45, point 3; cli/fit.py): at COLUMNS=80 and 100 no line of `compare`,
`variants`, `standings`, `sheet`, `settle --variant dmjl`, `score` or `batch` is wider than the terminal, no word of the full
output is lost unless the column that held it is named in a line that says `--wide` shows it, and `--wide`
prints the full output, byte for byte what the command prints with no width set (a file, a pipe)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli.fit import fit_table, fitted
from mjscore.cli.main import main
from mjscore.cli.report import simple_table
from mjscore.errors import cells
from mjscore.messages import Words

ROOT = Path(__file__).resolve().parent.parent
SEASON = ["examples/season/2026-01-spanish.yaml", "examples/season/2026-02-basque.yaml",
          "examples/season/2026-03-spanish.yaml", "examples/season/2026-04-basque.yaml"]
COMMANDS = {
    "compare": ["compare", "[555p] 123m 789s SSS NN", "--win", "7s", "--seat", "S"],
    "variants": ["variants"],
    "standings": ["standings", *SEASON],
    "sheet": ["sheet", str(ROOT / "examples" / "game-spanish.yaml")],  # (a long path: its title wraps too)
    "settle": ["settle", "examples/deal-spanish.yaml", "--variant", "dmjl"],
    "score": ["score", "[555p] 123m 789s SSS NN", "--win", "7s", "--seat", "S", "--variant", "dmjl"],
    "batch": ["batch", "examples/game-spanish.yaml"],  # (lines of text, wrapped)
    "variants-diff": ["variants", "diff", "dmjl", "bmja"],  # (lines of text, wrapped)
}


def out(args, columns=None):
    result = CliRunner().invoke(main, args, env={"COLUMNS": str(columns) if columns else None},
                                catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def left_out_cells(full: str, headers: list[str]) -> set[str]:
    """The words of the cells under `headers` in the full output's tables (tabulate's simple layout: each column
    spans a run of dashes)."""
    lines, words = full.split("\n"), set()
    for k, line in enumerate(lines):
        if not re.fullmatch(r"-+( +-+)*", line) or k == 0:
            continue
        spans = [m.span() for m in re.finditer(r"-+", line)]
        named = [s for s in spans if _cut(lines[k - 1], *s).strip() in headers]
        for row in lines[k + 1:]:
            if not row.strip():
                break
            for a, b in named:
                words.update(_cut(row, a, b).split())
    return words


def _cut(line: str, a: int, b: int) -> str:
    """The characters of `line` in terminal columns a to b (a Chinese character takes two: errors.cells)."""
    out, at = [], 0
    for ch in line:
        if a <= at < b:
            out.append(ch)
        at += cells(ch)
    return "".join(out)


@pytest.mark.parametrize("columns", [80, 100])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_line_fits_and_nothing_is_lost_unsaid(command, columns):
    full, fitted = out(COMMANDS[command]), out(COMMANDS[command], columns)
    assert max(map(cells, full.splitlines())) > columns  # (the command's full output needs fitting)
    assert [line for line in fitted.splitlines() if cells(line) > columns] == []
    lost = {word for word in set(full.split()) - set(fitted.split()) if word.strip("-")}  # (not a rule of dashes)
    said = re.search(rf"left out to fit {columns} columns: (.*?); --wide shows every column",
                     " ".join(fitted.split()))
    if lost:
        assert said, lost
        headers = said.group(1).split(", ")
        assert lost <= left_out_cells(full, headers) | {word for h in headers for word in h.split()}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_wide_prints_every_column_in_full(command):
    assert out(COMMANDS[command][:1] + ["--wide"] + COMMANDS[command][1:], 80) == out(COMMANDS[command])


@pytest.mark.parametrize("fmt", ["csv", "markdown", "html", "json"])
def test_formats_for_programs_and_pages_are_never_fitted(fmt):
    args = COMMANDS["settle"] + ["--format", fmt]
    assert out(args, 80) == out(args)


def test_a_citation_on_every_row_is_said_once_under_the_table():
    # 3 + 2 + 26 = 31 columns in full, 20 given: the rulebook column (26 wide, the same on both rows) leaves
    # the table for one line under it, and "a" and "b" fit as they are
    lines = fit_table(["a", "b", "rulebook"], [["x", "1", "DMJL (Kajongg): Meld Rules"],
                                              ["yy", "2", "DMJL (Kajongg): Meld Rules"]], 20, Words("en"),
                      footnoted=(2,))
    assert lines == ["a   b", "--  -", "x   1", "yy  2",
                     "rulebook, every row:", "    DMJL (Kajongg):", "    Meld Rules"]


def test_distinct_citations_are_numbered_notes_and_a_table_that_fits_is_left_alone():
    # two distinct citations, numbered in their order of first use; 12 columns hold "[1] Rule one"
    lines = fit_table(["a", "rulebook"], [["x", "Rule one"], ["y", "Rule two"], ["z", "Rule one"]], 12,
                      Words("en"), footnoted=(1,))
    assert lines == ["a  rulebook", "-  --------", "x  [1]", "y  [2]", "z  [1]", "[1] Rule one", "[2] Rule two"]
    table = simple_table([["x", "Rule one"]], ["a", "rulebook"], footnoted=(1,))  # 3 + 2 + 10 wide: tabulate pads
    assert fitted([table], "en", 15) == [table]                                 # a header by 2
