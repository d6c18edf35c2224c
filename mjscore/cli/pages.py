"""One output, four shapes: what a one-hand or one-deal command prints for people (`table`), as a Markdown
text or a standalone HTML page for a club's pages (`markdown`, `html`), with the same lines and tables.

The text functions of cli/report.py build their output as a list of parts: lines of text and tables
(`Table`, a str: the table as `table` prints it, which also keeps its headers and rows). `Blocks` joins them
as `table` always printed them, byte for byte, and keeps the parts, from which `markdown_page` and
`html_page_of` (the markdown and html renderers' pages: cli/render.py) write the other shapes: a line of text becomes a paragraph (Markdown: escaped with markdown_text; HTML: escaped), a table a
Markdown table (every cell escaped with markdown_cell) or an HTML table (html_table). The
words are the same in every shape; only what would be markup in a name or a hand is escaped.
"""

from __future__ import annotations

from typing import Iterable

from mjscore.messages import M, Words


class Table(str):
    """A table as `--format table` prints it, with its headers and rows for the other shapes, and what fitting
    it to a terminal may do (cli/fit.py): `footnoted`, the columns (citations) that may become notes under it;
    `least_use`, the columns to leave out first."""

    headers: list[str]
    rows: list[list]
    footnoted: tuple[int, ...]
    least_use: tuple[int, ...]
    cls: str

    def __new__(cls, text: str, headers: list[str], rows: list[list], footnoted: tuple[int, ...] = (),
                least_use: tuple[int, ...] = (), page_class: str = "") -> "Table":
        table = super().__new__(cls, text)
        table.headers, table.rows = list(headers), [list(r) for r in rows]
        table.footnoted, table.least_use, table.cls = footnoted, least_use, page_class
        return table


class Heading(str):
    """A line that heads the table after it: a heading on a page (HTML), a paragraph in Markdown, a line for
    a terminal."""


class Blocks(str):
    """Lines and tables joined by line ends (what `table` prints), with the parts kept."""

    parts: list[str]

    def __new__(cls, parts: Iterable[str]) -> "Blocks":
        parts = list(parts)
        text = super().__new__(cls, "\n".join(parts))
        text.parts = parts
        return text


class Paragraph(str):
    """One paragraph as a terminal shows it, cut into lines of its width, with its text uncut (`plain`):
    Markdown and HTML say it as one paragraph, the reader's page wrapping it, never the terminal's lines."""

    plain: str

    def __new__(cls, lines: Iterable[str], plain: str) -> "Paragraph":
        text = super().__new__(cls, "\n".join(lines))
        text.plain = plain
        return text


def parts_of(text: str) -> list[str]:
    """The parts of a text: a Blocks' own; a table itself; a plain text's lines."""
    if isinstance(text, Table):
        return [text]
    return list(text.parts) if isinstance(text, Blocks) else text.split("\n")


def markdown_page(texts: Iterable[str]) -> str:
    """The texts (Blocks or plain lines) as Markdown: paragraphs (escaped: markdown_text), headings and tables
    (every cell escaped: markdown_cell), each after an empty line."""
    from mjscore.cli.markup import markdown_table
    from mjscore.cli.output import markdown_text

    parts = [p for t in texts for p in parts_of(t)]
    return "\n\n".join(markdown_table(p.rows, p.headers) if isinstance(p, Table) else
                         markdown_text(p.strip()) for p in _shown(parts))


def html_page_of(texts: Iterable[str], title: "M | str", lang: str = "en") -> str:
    """The texts (Blocks or plain lines) as a standalone HTML page titled `title` (a catalogue key said in `lang`,
    the page's lang attribute; or a name, as it is): a paragraph per line, a heading per Heading, a table per
    table (its class its own, or the title's English word, the same in every language)."""
    import html  # (not at the top: `score` as a table loads this module, and html.entities is large)

    from mjscore.cli.markup import html_page, html_table

    parts = [p for t in texts for p in parts_of(t)]
    cls = (title.english if isinstance(title, M) else title).lower()
    if isinstance(title, M):
        title = Words(lang)(title)
    body = "\n".join(html_table(p.headers, p.rows, cls=p.cls or cls) if isinstance(p, Table) else
                     f"<h2>{html.escape(p.strip())}</h2>" if isinstance(p, Heading) else
                     f"<p>{html.escape(p.strip())}</p>" for p in _shown(parts))
    return html_page(title, body, lang=lang)


def _shown(parts: list[str]) -> list[str]:
    """The parts worth a paragraph or a table: tables, paragraphs (uncut) and each non-empty line of text."""
    out: list[str] = []
    for p in parts:
        if isinstance(p, Table):
            out.append(p)
        elif isinstance(p, Heading):
            out.append(p)
        elif isinstance(p, Paragraph):
            out += [p.plain] if p.plain.strip() else []
        else:
            out += [line for line in p.split("\n") if line.strip()]
    return out
