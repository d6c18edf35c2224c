"""Text tables that fit the terminal (`--format table`): a table wider than the terminal has its long cells
wrapped, a citation column moved under it as numbered notes (one line when every row cites the same), and,
where that is not enough, its columns of least use left out, with a line that names them and says that
`--wide` shows every column. Lines of text around the tables are wrapped too. Nothing is dropped unsaid.

The width (`width`): none (every column in full, byte for byte as before fitting existed) under `--wide`;
else the terminal's when standard output is one; else `COLUMNS` when it is set; else none, so that a file,
a pipe and a script see the whole table. CSV, JSON, Markdown and HTML are never fitted. A table that fits
is left exactly as tabulate drew it.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Iterable, Sequence

import click

from mjscore.errors import cells
from mjscore.messages import M, Words

NARROWEST = 40  # a width below this (COLUMNS=10) is taken as this: a table needs some room to be read
GAP = 2  # the spaces between two columns, as tabulate's `simple` layout has them
WIDE = "mjscore.wide"  # the context's meta key: --wide was given (options.wide_option sets it)


def width() -> int | None:
    """The columns the output has to fit in, or None for no limit (see the module's docstring)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None or ctx.meta.get(WIDE):
        return None
    if ctx.meta.get("mjscore.output") is None:  # (-o FILE: a file, not the terminal)
        try:
            if sys.stdout.isatty():
                return max(os.get_terminal_size(sys.stdout.fileno()).columns, NARROWEST)
        except (AttributeError, OSError, ValueError):
            pass
    columns = os.environ.get("COLUMNS", "").strip()
    return max(int(columns), NARROWEST) if columns.isdigit() and int(columns) > 0 else None


def wrap(text: str, room: int, indent: int = 0) -> list[str]:
    """`text` on lines of `room` terminal cells (errors.cells), the continuation indented by `indent`.

    textwrap's greedy filling (words split at spaces, spaces dropped at a line's ends, a word longer than a line
    cut), measured in terminal cells: a Chinese title's characters take two columns each."""
    chunks = [c for c in re.split(r"( +)", text.expandtabs().translate(_SPACES)) if c][::-1]
    lines: list[str] = []
    while chunks:
        lead = " " * indent if lines else ""
        space = max(room - len(lead), 1)
        if lines and not chunks[-1].strip():
            chunks.pop()
        line, used = [], 0
        while chunks and used + cells(chunks[-1]) <= space:
            used += cells(chunks[-1])
            line.append(chunks.pop())
        if chunks and cells(chunks[-1]) > space and used < space:  # a word longer than a line: what fits here
            cut = _fitting(chunks[-1], space - used) or (0 if line else 1)  # (one wide character at least)
            if cut:
                line.append(chunks[-1][:cut])
                chunks[-1] = chunks[-1][cut:]
        if line and not line[-1].strip():
            line.pop()
        if line:
            lines.append(lead + "".join(line))
    return lines


_SPACES = {ord(c): " " for c in "\t\n\x0b\x0c\r"}  # (textwrap's replace_whitespace)


def _fitting(word: str, room: int) -> int:
    """How many of the word's first characters fit in `room` cells."""
    used = 0
    for k, ch in enumerate(word):
        used += cells(ch)
        if used > room:
            return k
    return len(word)


def fitted(texts: Iterable[str], lang: str, room: int | None = None) -> list[str]:
    """The texts of a `table` output (lines, Blocks, Tables: pages.parts_of) fitted to `room` columns
    (default: `width()`); unchanged where there is no limit or they fit."""
    texts = list(texts)
    room = width() if room is None else room
    if room is None:
        return texts
    from mjscore.cli.pages import Table, parts_of

    out: list[str] = []
    for text in texts:
        for part in parts_of(text):
            if isinstance(part, Table) and max(map(cells, part.split("\n"))) > room:
                out += fit_table(part.headers, part.rows, room, Words(lang), part.footnoted, part.least_use)
            else:
                out += [piece for line in part.split("\n") for piece in fit_line(line, room)]
    return ["\n".join(out)]


def fit_line(line: str, room: int) -> list[str]:
    """A line of text in lines of at most `room` columns, the continuation indented two more than the line."""
    if cells(line) <= room:
        return [line]
    return wrap(line, room, len(line) - len(line.lstrip(" ")) + 2) or [""]


class FittedLines:
    """A text stream whose lines are wrapped to `room` columns as they are written (batch's text, written deal
    by deal); a line is written when it is whole."""

    def __init__(self, stream, room: int):
        self.stream, self.room, self.pending = stream, room, ""

    def write(self, text: str) -> int:
        *whole, self.pending = (self.pending + text).split("\n")
        for line in whole:
            self.stream.write("".join(piece + "\n" for piece in fit_line(line, self.room)))
        return len(text)

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


def fit_table(headers: Sequence[str], rows: Iterable[Sequence], room: int, w: Words,
              footnoted: Iterable[int] = (), least_use: Sequence[int] = ()) -> list[str]:
    """The table's lines in at most `room` columns (for a table too wide as tabulate draws it). `footnoted`: the columns
    (citations) that may become numbered notes under the table; `least_use`: the columns to leave out first,
    in order, when wrapping is not enough (then the rightmost ones)."""
    columns = [[str(h)] for h in headers]
    for row in rows:
        for column, cell in zip(columns, row):
            column.append("" if cell is None else f"{cell}".strip())
    below: list[str] = []
    kept, footnoted = list(range(len(columns))), tuple(footnoted)
    for i in footnoted:
        below += _footnotes(columns, i, w)
        if len(columns[i]) == 1:  # every row the same: said once under the table, the column gone
            kept.remove(i)
    order = [i for i in least_use if i in kept] + [i for i in reversed(kept[1:])  # (a note's number stays)
                                                   if i not in least_use and i not in footnoted]
    left_out: list[int] = []
    widths = _squeezed([columns[i] for i in kept], room)
    while widths is None and order:
        left_out.append(order.pop(0))
        widths = _squeezed([columns[i] for i in kept if i not in left_out], room)
    shown = [columns[i] for i in kept if i not in left_out]
    widths = widths or [_least(c) for c in shown]
    lines = _drawn(shown, widths)
    if left_out:
        below.append(w(M.FIT_LEFT_OUT, width=room, columns=", ".join(columns[i][0] for i in sorted(left_out))))
    return lines + [piece for line in below for piece in wrap(line, room, 4)]


def _footnotes(columns: list[list[str]], i: int, w: Words) -> list[str]:
    """Column `i`'s texts as notes under the table: one line when every row says the same (the column then
    reduced to its header), else each distinct text numbered once, the cells holding its number."""
    header, cells_ = columns[i][0], columns[i][1:]
    distinct = list(dict.fromkeys(c for c in cells_ if c))
    if len(distinct) == 1 and all(cells_) and len(cells_) > 1:
        columns[i] = [header]
        return [w(M.FIT_EVERY_ROW, header=header, text=distinct[0])]
    number = {text: k for k, text in enumerate(distinct, 1)}
    columns[i] = [header] + [f"[{number[c]}]" if c else "" for c in cells_]
    return [f"[{k}] {text}" for text, k in number.items()]


def _natural(column: list[str]) -> int:
    return max(map(cells, column))


def _least(column: list[str]) -> int:
    """The narrowest a column wraps to: its longest word (a hand's set, a name, a number is never cut)."""
    return max(cells(word) for text in column for word in (text.split(" ") or [""]))


def _total(widths: list[int]) -> int:
    return sum(widths) + GAP * (len(widths) - 1)


def _squeezed(columns: list[list[str]], room: int) -> list[int] | None:
    """Column widths that fit `room`, the widest narrowed first, none below its longest word; None if none do."""
    widths, least = [_natural(c) for c in columns], [_least(c) for c in columns]
    excess = _total(widths) - room
    while excess > 0:
        k = max(range(len(widths)), key=lambda j: (widths[j] > least[j], widths[j]))
        if widths[k] <= least[k]:
            return None
        widths[k] -= 1
        excess -= 1
    return widths


def _drawn(columns: list[list[str]], widths: list[int]) -> list[str]:
    """tabulate's `simple` layout with cells wrapped to their widths (a cell of several lines, the row as high
    as its highest cell)."""
    lines: list[str] = []
    rows = [[wrap(c[r], wd) or [""] for c, wd in zip(columns, widths)] for r in range(len(columns[0]))]
    tall = sum(any(len(cell) > 1 for cell in wrapped) for wrapped in rows[1:])
    apart = tall * 4 > len(rows) - 1  # many rows of several lines: an empty line between rows
    for r, wrapped in enumerate(rows):
        if apart and r > 1:
            lines.append("")
        for k in range(max(map(len, wrapped))):
            lines.append("  ".join(_pad(cell[k] if k < len(cell) else "", wd)
                                   for cell, wd in zip(wrapped, widths)).rstrip())
        if r == 0:
            lines.append("  ".join("-" * wd for wd in widths))
    return lines


def _pad(text: str, wd: int) -> str:
    return text + " " * (wd - cells(text))
