"""`mjscore report`: one standalone HTML page of a season, to send to a club's members.

The league table, statistics per player (win rate, self-drawn share, average winning hand, limit hands
and doubling items made, who paid most as discarder), a chart of every player's running total (one per
scale, as the league tables are) and each game's score sheet. Everything is inline (style, SVG chart):
the page opens without any network.
"""

from __future__ import annotations

import html
import os
from typing import Iterable, Iterator, NamedTuple

from mjscore.cli.markup import HTML_PAGE_END, STYLE, html_page_start, html_table
from mjscore.cli.season import (ENGLISH, pairs, plain_number, scales, season_line, sheet_grid, shown_rows,
                                table_headers, table_rows)
from mjscore.messages import M, Words
from mjscore import Season

REPORT_STYLE = STYLE + """
h2{margin-top:1.6em;border-bottom:1px solid #ccc}.chart svg{max-width:100%;height:auto}
nav a{margin-right:1em}p.note{color:#555;font-size:.9em}section.sheet{overflow-x:auto}"""


def _pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.0f}%"


def statistics_rows(s: Season) -> list[list]:
    return [[r["player"], r["deals"], r["wins"], _pct(r["win_rate"]), _pct(r["self_drawn_share"]),
             plain_number(r["average_win"]), r["false_mahjong"], r["discarded"],
             r["paid_as_discarder"], r["paid_to_winners"]] for r in s.table]


STATISTICS_HEADERS = [M.H_PLAYER, M.T_DEALS, M.T_WINS, M.RP_WIN_RATE, M.RP_SELF_DRAWN, M.RP_AVERAGE_WIN, M.RP_FALSE,
                      M.RP_DISCARDED, M.RP_PAID_DISCARDER, M.RP_PAID_WINNERS]


def made_rows(s: Season, w: Words = ENGLISH) -> tuple[list[str], list[list]]:
    """How often each limit hand and each doubling item was in a winning hand, per player."""
    players = list(dict.fromkeys(r["player"] for r in s.table))  # (a player of two scales has a row in each)
    counts: dict[tuple[str, str], dict[str, int]] = {}
    for r in s.table:
        for kind, key in (("limit hand", "limit_hands"), ("doubles", "doubling_items")):
            for name, n in r[key].items():
                made = counts.setdefault((kind, name), {})
                made[r["player"]] = made.get(r["player"], 0) + n
    order = sorted(counts, key=lambda k: (k[0] != "limit hand", -sum(counts[k].values()), k[1]))
    kinds = {"limit hand": w(M.H_LIMIT_HAND), "doubles": w(M.H_DOUBLES)}
    rows = [[name, kinds[kind], *(counts[(kind, name)].get(p, "") for p in players),
             sum(counts[(kind, name)].values())] for kind, name in order]
    return [w(M.C_ITEM), w(M.RP_KIND), *players, w(M.RP_ALL)], rows


def discarder_line(s: Season, w: Words = ENGLISH) -> str:
    paid = [r for r in s.table if r["paid_as_discarder"]]
    if not paid:
        return w(M.RP_NOBODY)
    top = max(paid, key=lambda r: (r["paid_as_discarder"], r["player"]))
    return w(M.RP_PAID_MOST_ONE if top["discarded"] == 1 else M.RP_PAID_MOST_MANY, player=top["player"],
             amount=top["paid_as_discarder"], n=top["discarded"])


class Chart(NamedTuple):
    """One chart of running totals: a season of several scales has one per scale, since scales never add up."""

    key: str  # its scale (`riichi`), or "" for a season of one scale
    line: str  # how its league table is read, where the season has several scales
    series: list[dict]  # the season's points of its scale
    players: list[str]  # its scale's players, as its table ranks them
    games: int  # its scale's games
    deals: int  # and their deals scored, which its caption counts (a long season's chart draws some of them)


def charts(s: Season, w: Words = ENGLISH) -> list[Chart]:
    """The charts the page draws: one per league table (`scales`), each from its scale's deals alone."""
    out = []
    for line, rows in scales(s, w):
        key = rows[0].get("scale", "")  # (a season of one scale: no key, as its points have none)
        played = {v for r in rows for v in r["variants"]}  # (a scale's variants: each table says its scale)
        games = [g for g in s.games if g["variant"] in played]
        out.append(Chart(key, line, [p for p in s.series if p.get("scale", "") == key], [r["player"] for r in rows],
                         len(games), sum(g["deals"] for g in games)))
    return out or [Chart("", "", s.series, [], len(s.games), s.summary["scored"])]


def _figure(chart: Chart, svg: str, caption: str) -> str:
    e = html.escape
    return ((f"<h3>{e(chart.line)}</h3>\n" if chart.line else "")
            + f'<figure class="chart" id="running-totals{"-" + chart.key if chart.key else ""}">{svg}<figcaption>'
            f"{e(caption, quote=False)}</figcaption></figure>")  # (text: ' as it is)


def report_page(s: Season, drawn: list[tuple[Chart, str]], title: str, sheets: Iterable[str] | None = None,
                lang: str = "en") -> Iterator[str]:
    """The page in pieces, to be written one after the other; `drawn`: each chart of running totals (`charts`)
    with its inline SVG; `sheets` the score sheets' HTML (cli/sheets.py writes a long season's from its spool; None: the
    Season's own sheets); its fixed words in `lang` (the players' names, files and variants as they are)."""
    e, w = html.escape, Words(lang)
    item_headers, item_rows = made_rows(s, w)
    parts = [
        f'<nav><a href="#table">{e(w(M.RP_LEAGUE))}</a><a href="#statistics">{e(w(M.RP_STATISTICS))}</a>'
        f'<a href="#chart">{e(w(M.RP_RUNNING))}</a><a href="#sheets">{e(w(M.RP_SHEETS))}</a></nav>',
        f'<p class="note">{e(season_line(s, w))}.</p>',
        f'<h2 id="table">{e(w(M.RP_LEAGUE))}</h2>',
        *((f"<h3>{e(line)}</h3>\n" if line else "") + html_table(table_headers(rows, w), table_rows(rows, w),
                                                                   cls="standings") for line, rows in scales(s, w)),
        f'<h2 id="statistics">{e(w(M.RP_STATISTICS))}</h2>',
        html_table([w(h) for h in STATISTICS_HEADERS], statistics_rows(s), cls="statistics"),
        f"<p>{e(discarder_line(s, w))}</p>",
        f"<h3>{e(w(M.RP_ITEMS))}</h3>",
        html_table(item_headers, item_rows, cls="items") if item_rows else f"<p>{e(w(M.RP_NONE))}</p>",
        f'<h2 id="chart">{e(w(M.RP_RUNNING))}</h2>',
        *(_figure(chart, svg, _caption(chart, w)) for chart, svg in drawn),
        f'<h2 id="sheets">{e(w(M.RP_SHEETS))}</h2>',
    ]
    yield html_page_start(title, REPORT_STYLE, lang) + "\n".join(parts)
    yield from (_sections(s) if sheets is None else sheets)
    yield HTML_PAGE_END


def _caption(chart: Chart, w: Words = ENGLISH) -> str:
    """What a chart shows: a season's running totals, or, where the season has several scales, its scale's (its
    games and deals counted); then, where it is drawn from some of them (a long season: cli/sheets.CHART_POINTS),
    how many."""
    head = w(M.RP_CAPTION_SCALE, games=f"{chart.games:,}", deals=f"{chart.deals:,}") if chart.key else w(M.RP_CAPTION)
    points = chart.series
    if not points or "at" not in points[-1] or len(points) >= chart.deals:
        return head
    return head + w(M.RP_CONDENSED, at=f"{chart.deals:,}", n=f"{len(points):,}")


def _sections(s: Season) -> Iterator[str]:
    for sheet in s.sheets:
        headers, rows = sheet_grid(sheet)
        caption = f"{os.path.basename(sheet.file)}: {sheet.variant}, {len(sheet.rows)} deals"
        table = html_table(headers, shown_rows(rows, pairs(sheet)), caption, "sheet")
        yield f'\n<section class="sheet">{table}</section>'
