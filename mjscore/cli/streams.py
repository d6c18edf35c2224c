"""The renderers of a streamed output, one per format: an output too long to hold (a score sheet per game of an
archive) is handed over a `Section` at a time, each written as soon as it comes, and memory does not grow with
the output.

A `Section` is neutral: its caption, its headers, its rows for people and its cells for a spreadsheet (each a
callable that reads them again from the start, from wherever the command keeps them: a Spool), and its data for
programs. A terminal's table and Markdown's need every row's width before the first line (cli/columns.py), so
they read the rows twice; the others once. Every section's table is one of the same kind (a game's sheet)."""

from __future__ import annotations

from typing import IO, Any, Callable, Iterator

from mjscore.messages import M, Words
from mjscore.tuples import NamedTuple


class JsonSection(NamedTuple):
    """A section as JSON: an object of `head`'s fields, then `key` with the items (written one by one), then
    `tail`'s fields."""

    head: dict
    key: str
    items: Iterator[Any]
    tail: dict


class Section(NamedTuple):
    """One table of a streamed output (a game's sheet), each part read when its format is drawn."""

    caption: str
    headers: list[str]
    rows: Callable[[], Iterator[list]]  # for people (table, markdown, html), from the first row at each call
    cells: Callable[[], Iterator[list]]  # for a spreadsheet (csv): numbers left numbers
    data: Callable[[], JsonSection]  # for programs (json)
    lang: str  # the language of its words (a page begun with it is titled in it)
    least_use: tuple[int, ...] = ()  # what a terminal too narrow loses first (cli/fit.py)
    page_class: str = ""  # its HTML table's class


class Sections:
    """A format's writer of sections, on `out`; `title`: the whole output's (an HTML page's), said in `lang`
    where no section says it in its own."""

    def __init__(self, out: IO[str], title: "M | str", lang: str):
        self.out, self.title, self.lang, self.first = out, title, lang, True

    def section(self, s: Section) -> None:
        self.write(s)
        self.first = False

    def write(self, s: Section) -> None: ...

    def close(self) -> None: ...


class JsonSections(Sections):
    """A JSON list of the sections' objects, each written item by item."""

    def write(self, s):
        from mjscore.cli.output import to_json, tree_encoder

        w, d, encode = self.out.write, s.data(), tree_encoder()
        w("[" if self.first else ", ")
        w(to_json(d.head)[:-1] + f", {to_json(d.key)}: [")
        for i, item in enumerate(d.items):
            w((", " if i else "") + encode(item))
        w("]" + "".join(f", {to_json(k)}: {to_json(v)}" for k, v in d.tail.items()) + "}")

    def close(self):
        self.out.write(("[]" if self.first else "]") + "\n")


class CsvSections(Sections):
    """One CSV table per section, an empty line between them."""

    def write(self, s):
        from mjscore.cli.output import SafeCsvWriter

        self.out.write("" if self.first else "\n")
        csv = SafeCsvWriter(self.out)
        csv.writerow(s.headers)
        for row in s.cells():
            csv.writerow(row)

    def close(self):
        if self.first:  # no section: an empty line, as the whole writer printed
            self.out.write("\n")


class HtmlSections(Sections):
    """One page, begun in the first section's language, a table per section, each row written as it comes."""

    def _start(self, lang: str) -> None:
        from mjscore.cli.markup import html_page_start

        w = Words(lang)
        self.out.write(html_page_start(w(self.title) if isinstance(self.title, M) else self.title, lang=w.lang))

    def write(self, s):
        from mjscore.cli.markup import HTML_TABLE_END, html_row, html_table_start

        if self.first:
            self._start(s.lang)
        else:
            self.out.write("\n")
        self.out.write(html_table_start(s.headers, s.caption, s.page_class))
        for row in s.rows():
            self.out.write(html_row(row))
        self.out.write(HTML_TABLE_END)

    def close(self):
        from mjscore.cli.markup import HTML_PAGE_END

        if self.first:
            self._start(self.lang)
        self.out.write(HTML_PAGE_END + "\n")


class TextSections(Sections):
    """For a terminal: each section's caption and table (fitted to the terminal: cli/fit.py), an empty line
    between them; the table's widths from one pass over the rows, its lines from a second (tabulate's bytes)."""

    pipe = False  # Markdown's layout

    def write(self, s):
        self.out.write("" if self.first else "\n\n")
        self.out.write(self.caption(s.caption) + "\n\n")
        for i, line in enumerate(self.lines(s)):
            self.out.write(("\n" if i else "") + line)

    def room(self) -> int | None:
        from mjscore.cli.fit import width

        return width()

    def caption(self, text: str) -> str:
        from mjscore.cli.fit import fit_line

        room = self.room()  # (a long file's name: the caption wrapped too)
        return text if room is None else "\n".join(fit_line(text, room))

    def lines(self, s: Section) -> Iterator[str]:
        """A table wider than the terminal is fitted to it, its rows then held in memory."""
        from mjscore.cli.columns import Columns

        cols = Columns(s.headers, self.pipe)
        for row in s.rows():
            cols.add(row)
        room = self.room()
        if room is not None and sum(cols.widths) + 2 * (len(cols.widths) - 1) > room:
            from mjscore.cli.fit import fit_table

            return iter(fit_table(s.headers, list(s.rows()), room, Words(s.lang), least_use=s.least_use))
        if not cols.plain:  # a cell tabulate lays out otherwise (never in a sheet): tabulate itself
            from mjscore.cli.markup import markdown_table, text_table

            return iter((markdown_table if self.pipe else text_table)(list(s.rows()), s.headers).split("\n"))
        return cols.lines(cols.add(row) for row in s.rows())

    def close(self):
        self.out.write("\n")


class MarkdownSections(TextSections):
    """For a club's pages: each section under a `##` heading, a Markdown table, never fitted to a terminal."""

    pipe = True

    def room(self):
        return None

    def caption(self, text):
        from mjscore.cli.output import markdown_cell

        return f"## {markdown_cell(text)}"


SECTION_WRITERS: dict[str, Callable[[IO[str], "M | str", str], Sections]] = {
    "table": TextSections, "markdown": MarkdownSections, "html": HtmlSections, "csv": CsvSections,
    "json": JsonSections}
