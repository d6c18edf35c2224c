"""A text table written row by row: tabulate's `simple` (`--format table`) and `pipe` (`--format markdown`)
layouts, the same bytes, without holding the rows.

tabulate needs every row at once to size its columns; a score sheet of a million deals would sit in memory
three times over (rows, cells, lines). Here each row is formatted as it comes (`add`), the column widths are
counted, the formatted row goes to a Spool, and the lines are written from it once the widths are known
(`lines`). tests/test_columns.py checks the bytes against tabulate itself. A cell that tabulate would lay
out otherwise (a line break, a terminal colour code: no sheet has one, as names and messages are one line
of printable text) is left to tabulate, with the rows in memory.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator


def _width_fn() -> Callable[[str], int]:
    """tabulate's measure of a cell: terminal columns where its optional wcwidth is installed, else len."""
    import tabulate as tb

    if tb.wcwidth is not None and tb.WIDE_CHARS_MODE:
        return tb.wcwidth.wcswidth
    return len


class Columns:
    """A table's headers and the widths its rows so far need; `pipe`: Markdown's layout (cells escaped), else
    a terminal's (simple)."""

    def __init__(self, headers: list[str], pipe: bool = False):
        from mjscore.cli.output import markdown_cell

        self.pipe, self.escape = pipe, markdown_cell if pipe else None
        self.width = _width_fn()
        self.headers = [self.escape(h) for h in headers] if self.escape else [str(h) for h in headers]
        self.widths = [self.width(h) + 2 for h in self.headers]  # tabulate's MIN_PADDING beside a header
        self.plain = True

    def add(self, row: Iterable[Any]) -> list[str]:
        """The row's cells as they will be shown (None empty, stripped, escaped in Markdown); widths grown."""
        cells = []
        for i, value in enumerate(row):
            text = "" if value is None else f"{value}"
            if self.escape:
                text = self.escape(text)
            if "\n" in text or "\r" in text or "\x1b" in text:
                self.plain = False
            text = text.strip()
            w = self.width(text)
            if w > self.widths[i]:
                self.widths[i] = w
            cells.append(text)
        return cells

    def _pad(self, text: str, width: int) -> str:
        return text + " " * (width - self.width(text))

    def lines(self, rows: Iterable[list[str]]) -> Iterator[str]:
        """The table's lines (without line ends), from the cells `add` returned, in order."""
        if self.pipe:
            yield "|" + "|".join(f" {self._pad(h, w)} " for h, w in zip(self.headers, self.widths)) + "|"
            yield "|" + "|".join(":" + "-" * (w + 1) for w in self.widths) + "|"
            for cells in rows:
                yield "|" + "|".join(f" {self._pad(c, w)} " for c, w in zip(cells, self.widths)) + "|"
            return
        yield "  ".join(self._pad(h, w) for h, w in zip(self.headers, self.widths)).rstrip()
        yield "  ".join("-" * w for w in self.widths).rstrip()
        for cells in rows:
            yield "  ".join(self._pad(c, w) for c, w in zip(cells, self.widths)).rstrip()
