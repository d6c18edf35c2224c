"""Tables and pages as the formats draw them: a text or Markdown table (tabulate's layouts), an HTML table
(whole, or opened and written row by row for a long sheet) and an HTML page. The primitives every writer of
cli/ shares (the renderers' pages, cli/pages.py, the streamed sections of cli/streams.py, batch's writers and the
report), below all of them, so that none imports another for them.
"""

from __future__ import annotations

import html
from typing import Any

from mjscore.cli.output import markdown_cell


def text_table(rows: list[list], headers: list[str]) -> str:
    """A table for people at a terminal (tabulate's `simple` layout)."""
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def markdown_table(rows: list[list], headers: list[str]) -> str:
    """A Markdown table whose every cell shows its text as typed (markdown_cell: a player's name with | or
    <script> in it stays one cell of text)."""
    from tabulate import tabulate

    rows = [[markdown_cell(c) for c in row] for row in rows]
    return tabulate(rows, headers=[markdown_cell(h) for h in headers], tablefmt="pipe", disable_numparse=True)


def html_table(headers: list[str], rows: list[list], caption: str = "", cls: str = "") -> str:
    """An HTML table, every cell escaped; numbers are right-aligned by the page's style."""
    return html_table_start(headers, caption, cls) + "".join(map(html_row, rows)) + HTML_TABLE_END


def html_table_start(headers: list[str], caption: str = "", cls: str = "") -> str:
    """A table's opening up to its first row (a long sheet's rows follow one by one: html_row)."""
    e = html.escape
    head = "".join(f"<th>{e(str(h))}</th>" for h in headers)
    cap = f"<caption>{e(caption)}</caption>" if caption else ""
    return f'<table class="{e(cls)}">{cap}<thead><tr>{head}</tr></thead>\n<tbody>\n'


def html_row(row: list) -> str:
    e = html.escape
    return "<tr>" + "".join(f'<td{_num_class(c)}>{e(cell_text(c))}</td>' for c in row) + "</tr>\n"


HTML_TABLE_END = "</tbody></table>"


def _num_class(cell: Any) -> str:
    text = cell_text(cell)
    return ' class="num"' if text.lstrip("+-").replace(".", "", 1).isdigit() else ""


def cell_text(cell: Any) -> str:
    """A cell as every format writes it: none as nothing."""
    return "" if cell is None else str(cell)


STYLE = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #bbb;padding:.25em .5em}
th{background:#eee}td.num{text-align:right;font-variant-numeric:tabular-nums}caption{text-align:left;font-weight:bold}
table.sheet tr:last-child td{font-weight:600}table.sheet td{white-space:nowrap}"""


def html_page(title: str, body: str, style: str = STYLE, lang: str = "en") -> str:
    return html_page_start(title, style, lang) + body + HTML_PAGE_END


def html_page_start(title: str, style: str = STYLE, lang: str = "en") -> str:
    """A page's start: `title` (in `lang`, the words of the page) heads it; `lang` its html lang attribute."""
    e = html.escape
    return (f'<!DOCTYPE html>\n<html lang="{e(lang)}"><head><meta charset="utf-8"><title>{e(title)}</title>'
            f"<style>{style}</style></head>\n<body>\n<h1>{e(title)}</h1>\n")


HTML_PAGE_END = "\n</body></html>"
