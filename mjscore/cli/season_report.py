"""`mjscore report`: one standalone HTML page of a season, to send to a club's members.

The league table, statistics per player (win rate, self-drawn share, average winning hand, limit hands
and doubling items made, who paid most as discarder), a chart of every player's running total and each
game's score sheet. Everything is inline (style, SVG chart): the page opens without any network.
"""

from __future__ import annotations

import html
import os
from typing import Iterable, Iterator

from mjscore.cli.season import (HTML_PAGE_END, STYLE, html_page_start, html_table, season_line,
                                plain_number, sheet_grid, shown_rows, table_headers, table_rows)
from mjscore.play.season import Season

REPORT_STYLE = STYLE + """
h2{margin-top:1.6em;border-bottom:1px solid #ccc}.chart svg{max-width:100%;height:auto}
nav a{margin-right:1em}p.note{color:#555;font-size:.9em}section.sheet{overflow-x:auto}"""


def _pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.0f}%"


def statistics_rows(s: Season) -> list[list]:
    return [[r["player"], r["deals"], r["wins"], _pct(r["win_rate"]), _pct(r["self_drawn_share"]),
             plain_number(r["average_win"]), r["false_mahjong"], r["discarded"],
             r["paid_as_discarder"], r["paid_to_winners"]] for r in s.table]


STATISTICS_HEADERS = ["player", "deals", "wins", "win rate", "self-drawn share", "average winning hand",
                      "false mah jongs", "discarded into a win", "paid as discarder", "paid to winners"]


def made_rows(s: Season) -> tuple[list[str], list[list]]:
    """How often each limit hand and each doubling item was in a winning hand, per player."""
    players = [r["player"] for r in s.table]
    counts: dict[tuple[str, str], dict[str, int]] = {}
    for r in s.table:
        for kind, key in (("limit hand", "limit_hands"), ("doubles", "doubling_items")):
            for name, n in r[key].items():
                counts.setdefault((kind, name), {})[r["player"]] = n
    order = sorted(counts, key=lambda k: (k[0] != "limit hand", -sum(counts[k].values()), k[1]))
    rows = [[name, kind, *(counts[(kind, name)].get(p, "") for p in players), sum(counts[(kind, name)].values())]
            for kind, name in order]
    return ["item", "kind", *players, "all"], rows


def discarder_line(s: Season) -> str:
    paid = [r for r in s.table if r["paid_as_discarder"]]
    if not paid:
        return "Nobody discarded a winning tile this season."
    top = max(paid, key=lambda r: (r["paid_as_discarder"], r["player"]))
    return (f"Paid most as discarder: {top['player']}, {top['paid_as_discarder']} to winners in "
            f"{top['discarded']} deal{'s' if top['discarded'] != 1 else ''} where they discarded the winning tile.")


def report_page(s: Season, chart_svg: str, title: str, sheets: Iterable[str] | None = None) -> Iterator[str]:
    """The page in pieces, to be written one after the other; `chart_svg` is the inline SVG of the running
    totals; `sheets` the score sheets' HTML (cli/sheets.py writes a long season's from its spool; None: the
    Season's own sheets)."""
    e = html.escape
    item_headers, item_rows = made_rows(s)
    parts = [
        '<nav><a href="#table">League table</a><a href="#statistics">Statistics</a>'
        '<a href="#chart">Running totals</a><a href="#sheets">Score sheets</a></nav>',
        f'<p class="note">{e(season_line(s))}.</p>',
        '<h2 id="table">League table</h2>',
        html_table(table_headers(s), table_rows(s), cls="standings"),
        '<h2 id="statistics">Statistics</h2>',
        html_table(STATISTICS_HEADERS, statistics_rows(s), cls="statistics"),
        f"<p>{e(discarder_line(s))}</p>",
        "<h3>Limit hands and doubling items in winning hands</h3>",
        html_table(item_headers, item_rows, cls="items") if item_rows else "<p>None this season.</p>",
        '<h2 id="chart">Running totals</h2>',
        f'<figure class="chart" id="running-totals">{chart_svg}<figcaption>Each player\'s running total across '
        "the season (the change from a variant's starting counter), deal by deal; dotted lines mark a new "
        f"game.{_condensed(s)}</figcaption></figure>",
        '<h2 id="sheets">Score sheets</h2>',
    ]
    yield html_page_start(title, REPORT_STYLE) + "\n".join(parts)
    yield from (_sections(s) if sheets is None else sheets)
    yield HTML_PAGE_END


def _condensed(s: Season) -> str:
    """Said under a chart drawn from some of the deals (a long season: cli/sheets.CHART_POINTS)."""
    if not s.series or "at" not in s.series[-1] or s.series[-1]["at"] == len(s.series):
        return ""
    return (f" With {s.series[-1]['at']:,} deals scored, the chart is drawn from {len(s.series):,} of them, evenly "
            "spread (each game's first among them); the sheets below give every deal.")


def _sections(s: Season) -> Iterator[str]:
    for sheet in s.sheets:
        headers, rows = sheet_grid(sheet)
        caption = f"{os.path.basename(sheet.file)}: {sheet.variant}, {len(sheet.rows)} deals"
        table = html_table(headers, shown_rows(rows, len(sheet.players)), caption, "sheet")
        yield f'\n<section class="sheet">{table}</section>'
