"""One renderer per format: a command builds its output once, as neutral blocks, and `draw` hands it to the
renderer of the format asked for (`table`, `markdown`, `html`, `csv`, `json`); no command branches on a format.

An `Output` holds what a command has to say: its title (the HTML page's), its blocks for people (lines of text,
report.py's Paragraphs and pages.py's Tables, in order: `table` prints them, `markdown` and `html` draw them,
pages.render), its table for spreadsheets (`csv`: the columns and the rows, which may be an iterator, written
as they come) and its data for programs (`json`). Each part is made only when its format is drawn (a callable),
so `score --format json` builds no text and loads no tabulate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

import click

from mjscore.tuples import NamedTuple

if TYPE_CHECKING:
    from mjscore.messages import M


class Output(NamedTuple):
    """What a command prints, in every format it offers, each part made when its format is drawn."""

    title: "M | str"  # the HTML page's title (a catalogue key, said in `lang`)
    lang: str
    blocks: Callable[[], list[str]]  # lines and tables for people (table, markdown, html)
    columns: Callable[[], tuple[list[str], Iterable[list]]] | None = None  # csv: the header and the rows
    data: Callable[[], Any] | None = None  # json: the object printed


def _people(out: Output, fmt: str) -> None:
    from mjscore.cli.pages import render

    blocks = out.blocks()
    if fmt == "table":  # fitted to the terminal (cli/fit.py)
        from mjscore.cli.fit import fitted

        blocks = fitted(blocks, out.lang)
    click.echo(render(blocks, fmt, out.title, out.lang))


def _csv(out: Output, fmt: str) -> None:
    from mjscore.cli.output import emit_csv

    assert out.columns is not None  # (format_option offers csv only to a command that has columns)
    emit_csv(*out.columns())


def _json(out: Output, fmt: str) -> None:
    from mjscore.cli.output import emit_json

    assert out.data is not None  # (as csv)
    emit_json(out.data())


RENDERERS: dict[str, Callable[[Output, str], None]] = {"table": _people, "markdown": _people, "html": _people,
                                                        "csv": _csv, "json": _json}


def draw(out: Output, fmt: str) -> None:
    """`out` in the format `fmt` (one of RENDERERS), on standard output (or -o FILE: options.output_option)."""
    RENDERERS[fmt](out, fmt)
