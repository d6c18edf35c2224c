"""One renderer per format: a command builds its output once, as neutral blocks, and `draw` hands it to the
renderer of the format asked for (`table`, `markdown`, `html`, `csv`, `json`, `yaml`); no command branches on a
format: what a format is for (a terminal's, a page's, a program's) is asked here, the one module of cli/ that
compares a format's name (tests/test_render.py checks it).

An `Output` holds what a command has to say: its title (the HTML page's), its blocks for people (lines of text,
report.py's Paragraphs and pages.py's Tables and Headings, in order: `table` prints them fitted to the terminal,
`markdown` and `html` draw them, cli/pages.py), its tables for spreadsheets (`csv`: each table's columns and rows,
which may be an iterator, written as they come), its data for programs (`json`) and its tree (`yaml`). Each part
is made only when its format is drawn (a callable), so `score --format json` builds no text and loads no tabulate.

An output too long to hold (a sheet per game of an archive) is streamed: `stream` gives the format's writer
(cli/streams.py), to which the command hands each `Section` (a game's table) as soon as it is complete.
"""

from __future__ import annotations

import sys
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Iterable

import click

from mjscore.tuples import NamedTuple

if TYPE_CHECKING:
    from mjscore.cli.streams import Layout, Sections
    from mjscore.messages import M

CsvTable = tuple[list[str], Iterable[list]]  # a CSV table: its header and its rows


class Tree(NamedTuple):
    """Data for `--format yaml`, with the width YAML folds a long text at."""

    data: Any
    width: int = 80


class Output(NamedTuple):
    """What a command prints, in every format it offers, each part made when its format is drawn."""

    title: "M | str"  # the HTML page's title (a catalogue key, said in `lang`)
    lang: str
    blocks: Callable[[], list[str]]  # lines and tables for people (table; markdown and html unless `pages`)
    columns: Callable[[], list[CsvTable]] | None = None  # csv: one table or several (none: its lines)
    data: Callable[[], Any] | None = None  # json: the object printed
    pages: Callable[[], list[str]] | None = None  # markdown and html, where a club's page is laid out otherwise
    tree: Callable[[], Tree] | None = None  # yaml
    fit: bool = True  # table: fitted to the terminal (False: lines a program reads, each as it is)


def _table(out: Output) -> None:
    from mjscore.cli.fit import fitted

    blocks = out.blocks()
    if blocks:  # (nothing to say: nothing printed)
        click.echo("\n".join(fitted(blocks, out.lang) if out.fit else blocks))  # fitted to the terminal (cli/fit.py)


def _markdown(out: Output) -> None:
    from mjscore.cli.pages import markdown_page

    click.echo(markdown_page((out.pages or out.blocks)()))


def _html(out: Output) -> None:
    from mjscore.cli.pages import html_page_of

    click.echo(html_page_of((out.pages or out.blocks)(), out.title, out.lang))


def _csv(out: Output) -> None:
    from mjscore.cli.output import SafeCsvWriter

    if out.columns is None:  # (an output of lines alone: batch --differences) its lines, as the table prints them
        return _table(out)
    writer = SafeCsvWriter(sys.stdout)
    for i, (header, rows) in enumerate(out.columns()):
        if i:
            sys.stdout.write("\n")
        writer.writerow(header)
        writer.writerows(rows)


def _json(out: Output) -> None:
    from mjscore.cli.output import emit_json

    assert out.data is not None  # (as csv)
    emit_json(out.data())


def _yaml(out: Output) -> None:
    import yaml

    assert out.tree is not None  # (as csv)
    tree = out.tree()
    click.echo(yaml.safe_dump(tree.data, sort_keys=False, allow_unicode=True, width=tree.width).rstrip())


RENDERERS: dict[str, Callable[[Output], None]] = {"table": _table, "markdown": _markdown, "html": _html,
                                                  "csv": _csv, "json": _json, "yaml": _yaml}
TERMINAL = "table"  # the format drawn for a terminal (fitted to it; a progress bar on standard error beside it)


def draw(out: Output, fmt: str) -> None:
    """`out` in the format `fmt` (one of RENDERERS), on standard output (or -o FILE: options.output_option)."""
    RENDERERS[fmt](out)


def stream(fmt: str, title: "M | str", lang: str, layout: "Layout | None" = None) -> "Sections":
    """The writer of `fmt` for an output streamed section by section (cli/streams.py), on standard output, laid
    out as the command asks (`layout`: its lines fitted to the terminal, one CSV table, a JSON object)."""
    from mjscore.cli.streams import SECTION_WRITERS, Layout

    return SECTION_WRITERS[fmt](sys.stdout, title, lang, layout or Layout())


class Audience(Enum):
    """Whom a format is for: what a streamed command says may differ by it (batch's standings for a terminal
    show uma and sticks left, a page's its ranks and totals)."""

    TERMINAL = "terminal"  # people at a terminal: lines
    PAGES = "pages"  # a club's pages: tables
    SPREADSHEETS = "spreadsheets"  # rows of cells, numbers left numbers
    PROGRAMS = "programs"  # data


AUDIENCES = {TERMINAL: Audience.TERMINAL, "markdown": Audience.PAGES, "html": Audience.PAGES,
             "csv": Audience.SPREADSHEETS, "json": Audience.PROGRAMS, "yaml": Audience.PROGRAMS}


def audience(fmt: str) -> Audience:
    """Whom `fmt` is for (one of RENDERERS)."""
    return AUDIENCES[fmt]


def for_terminal(fmt: str) -> bool:
    """Whether `fmt` is drawn for a person at a terminal (a progress bar may then share the terminal)."""
    return fmt == TERMINAL


def for_people(fmt: str) -> bool:
    """Whether `fmt` is written for people to read (a terminal's, a page's: terminal.Visible shows what is not
    printable), not data written as it is (csv, json, yaml)."""
    return fmt in (TERMINAL, "markdown", "html")


def for_pages(fmt: str) -> bool:
    """Whether `fmt` is drawn as a club's page (markdown, html)."""
    return fmt in ("markdown", "html")


def for_programs(fmt: str) -> bool:
    """Whether `fmt` is data for a program (json): nothing said beside it but errors."""
    return fmt == "json"

