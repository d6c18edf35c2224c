"""The renderers of a streamed output, one per format: an output too long to hold (a score sheet per game of an
archive) is handed over a `Section` at a time, each written as soon as it comes, and memory does not grow with
the output.

A `Section` is neutral: its caption, its headers, its rows for people and its cells for a spreadsheet (each a
callable that reads them again from the start, from wherever the command keeps them: a Spool), and its data for
programs. A terminal's table and Markdown's need every row's width before the first line (cli/columns.py), so
they read the rows twice; the others once. Every section's table is one of the same kind (a game's sheet).

A section too long to read twice (a game of `batch`: a million deals) is open instead: `begin` with its
`Opening`, then each `item` written as it comes (a terminal's lines, a page's or a spreadsheet's row, a program's
object), then `end` with its `Closing` (the standings, lines of notes); `close` ends the output with the run's
`Closing`. Its rows are never held, so Markdown's are written unpadded. What the command says may differ by what the
format is for (render.py's `audience`); how it is laid out is the writer's, with the command's `Layout`."""

from __future__ import annotations

import html
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


class Layout(NamedTuple):
    """What an output streamed in open sections asks of every format's writer, each writer reading its own."""

    fitted: bool = False  # every line wrapped to the terminal as it is written (cli/fit.py FittedLines)
    columns: tuple[str, ...] = ()  # csv: one table of these columns over every section (else one per section)
    key: str = ""  # json: the sections' list as this field of one object (else a bare list)


class Held(NamedTuple):
    """A small table held whole (the standings after a game's deals)."""

    title: str
    headers: list[str]
    rows: list[list]
    page_class: str = ""


class Opening(NamedTuple):
    """The start of an open section, each format reading its part."""

    caption: str  # a terminal's line, a page's heading, an HTML table's caption
    intro: str = ""  # a line under it ("": none)
    headers: tuple[str, ...] = ()  # its table's columns (pages)
    page_class: str = ""  # its HTML table's class
    lang: str = "en"  # its words' language (an HTML page begun with it is titled in it)
    head: dict = {}  # json: the object's fields before its items
    key: str = ""  # json: the field of its items
    encoded: bool = False  # json: each item given as JSON text (encoded where it was made: batch's workers)


class Closing(NamedTuple):
    """The end of an open section, or of the whole output: a held table, lines of notes, a JSON object's last
    fields."""

    table: Held | None = None
    notes: tuple[str, ...] = ()
    tail: dict = {}


class Sections:
    """A format's writer of sections, on `out`; `title`: the whole output's (an HTML page's), said in `lang`
    where no section says it in its own."""

    def __init__(self, out: IO[str], title: "M | str", lang: str, layout: Layout = Layout()):
        if layout.fitted:
            from mjscore.cli.fit import FittedLines, width

            room = width()
            out = out if room is None else FittedLines(out, room)
        self.out, self.title, self.lang, self.first, self.layout = out, title, lang, True, layout

    def section(self, s: Section) -> None:
        self.write(s)
        self.first = False

    def write(self, s: Section) -> None: ...

    def close(self, ending: Closing | None = None) -> None:
        """The output's end: after held sections, none; after open sections, the run's `ending`."""

    def begin(self, s: Opening) -> None:
        """An open section's start; its items follow, then `end`."""
        self.open(s)
        self.first = False

    def open(self, s: Opening) -> None: ...

    def item(self, x: Any) -> None:
        """One item of the open section, written now (what an item is depends on the format: its `item`)."""

    def end(self, s: Closing) -> None:
        """The open section's end: its held table and notes (JSON: its last fields)."""


class JsonSections(Sections):
    """A JSON list of the sections' objects, each written item by item (with a Layout's key: that list as the
    field of one object, closed by the run's Closing)."""

    def write(self, s):
        from mjscore.cli.output import to_json, tree_encoder

        w, d, encode = self.out.write, s.data(), tree_encoder()
        w("[" if self.first else ", ")
        w(to_json(d.head)[:-1] + f", {to_json(d.key)}: [")
        for i, item in enumerate(d.items):
            w((", " if i else "") + encode(item))
        w("]" + _fields(d.tail) + "}")

    def start(self) -> str:
        return f'{{"{self.layout.key}": [' if self.layout.key else "["

    def close(self, ending=None):
        if ending is None:
            return self.out.write(("[]" if self.first else "]") + "\n")
        self.out.write((self.start() if self.first else "") + "]" + _fields(ending.tail) + "}\n")

    def open(self, s):
        from mjscore.cli.output import to_json, tree_encoder

        self.out.write((self.start() if self.first else ", ") + to_json(s.head)[:-1] + f", {to_json(s.key)}: [")
        self.encode, self.later = (None if s.encoded else tree_encoder()), False

    def item(self, x):
        x = x if self.encode is None else self.encode(x)
        self.out.write((", " + x) if self.later else x)
        self.later = True

    def end(self, s):
        self.out.write("]" + _fields(s.tail) + "}")


def _fields(tail: dict) -> str:
    """An object's last fields, each `, "key": value`."""
    from mjscore.cli.output import to_json

    return "".join(f", {to_json(k)}: {to_json(v)}" for k, v in tail.items())


class CsvSections(Sections):
    """One CSV table per section, an empty line between them (with a Layout's columns: one table of them, its
    header row written once, the sections' rows under it)."""

    def write(self, s):
        from mjscore.cli.output import SafeCsvWriter

        self.out.write("" if self.first else "\n")
        csv = SafeCsvWriter(self.out)
        csv.writerow(s.headers)
        for row in s.cells():
            csv.writerow(row)

    def close(self, ending=None):
        if self.first:  # no section: an empty line, as the whole writer printed (one table: its header row)
            self.open(Opening("")) if self.layout.columns else self.out.write("\n")

    def open(self, s):
        from mjscore.cli.output import SafeCsvWriter

        if self.first or not self.layout.columns:
            self.out.write("" if self.first else "\n")
            self.csv = SafeCsvWriter(self.out)  # names as text, never formulas
            self.csv.writerow(self.layout.columns or s.headers)

    def item(self, rows):
        """An item: its rows (a deal's: one per player)."""
        for row in rows:
            self.csv.writerow(row)


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

    def close(self, ending=None):
        from mjscore.cli.markup import HTML_PAGE_END

        if self.first:
            self._start(self.lang)
        if ending is None:
            return self.out.write(HTML_PAGE_END + "\n")
        self.out.write(_paragraphs(ending.notes) + HTML_PAGE_END.lstrip("\n") + "\n")

    def open(self, s):
        from mjscore.cli.markup import html_row, html_table_start

        self.html_row = html_row  # (bound once, as Markdown's cell escape)
        if self.first:
            self._start(s.lang)
        self.out.write((f"<p>{html.escape(s.intro)}</p>\n" if s.intro else "")
                       + html_table_start(list(s.headers), s.caption, s.page_class))

    def item(self, cells):
        """An item: its table row."""
        self.out.write(self.html_row(cells))

    def end(self, s):
        from mjscore.cli.markup import HTML_TABLE_END, html_table

        t = s.table
        self.out.write(HTML_TABLE_END + "\n" + ("" if t is None else html_table(t.headers, t.rows, t.title, t.page_class)
                                                + "\n") + _paragraphs(s.notes))


def _paragraphs(lines) -> str:
    return "".join(f"<p>{html.escape(line)}</p>\n" for line in lines)


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

    def close(self, ending=None):
        self.out.write("\n" if ending is None else self.paragraphs(ending.notes))

    def paragraphs(self, lines) -> str:
        """A terminal's notes: one paragraph after an empty line (none: nothing)."""
        return "".join(["\n", *(line + "\n" for line in lines)]) if lines else ""

    def open(self, s):
        self.out.write(s.caption + "\n" + (s.intro + "\n" if s.intro else ""))

    def item(self, text):
        """An item: its lines, written as they are (a terminal's: wrapped to it with a Layout fitted)."""
        self.out.write(text)

    def end(self, s):
        """A terminal's closing is its notes (what a command says to people at a terminal is lines)."""
        self.out.write(self.paragraphs(s.notes))


class MarkdownSections(TextSections):
    """For a club's pages: each section under a `##` heading, a Markdown table, never fitted to a terminal."""

    pipe = True

    def room(self):
        return None

    def caption(self, text):
        from mjscore.cli.output import markdown_cell

        return f"## {markdown_cell(text)}"

    def paragraphs(self, lines):
        from mjscore.cli.output import markdown_text

        return "".join(f"\n{markdown_text(line)}\n" for line in lines)

    def open(self, s):
        from mjscore.cli.output import markdown_cell, markdown_text

        self.cell = markdown_cell  # (bound once: a row per deal, an import statement each would cost 2% of them)
        self.out.write(("" if self.first else "\n") + self.caption(s.caption) + "\n\n"
                       + (f"{markdown_text(s.intro)}\n\n" if s.intro else "") + _markdown_head(s.headers))

    def item(self, cells):
        """An item: its table row, unpadded (the rows before it are written: their widths are not known)."""
        self.out.write(f"| {' | '.join(map(self.cell, cells))} |\n")

    def end(self, s):
        t = s.table
        if t is not None:
            self.out.write(f"\n{t.title}:\n\n" + _markdown_head(t.headers))
            for row in t.rows:
                self.item(row)
        self.out.write(self.paragraphs(s.notes))


def _markdown_head(headers) -> str:
    from mjscore.cli.output import markdown_cell

    return f"| {' | '.join(map(markdown_cell, headers))} |\n|{'---|' * len(headers)}\n"


SECTION_WRITERS: dict[str, Callable[[IO[str], "M | str", str, Layout], Sections]] = {
    "table": TextSections, "markdown": MarkdownSections, "html": HtmlSections, "csv": CsvSections,
    "json": JsonSections}
