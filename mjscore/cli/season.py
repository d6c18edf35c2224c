"""`mjscore sheet` and `mjscore standings`: a club's score sheets and league table as table, CSV, Markdown,
HTML or JSON. The numbers come from `mjscore.api` (score_sheet, season); this module only formats them.
"""

from __future__ import annotations

import html
import io
import json
import os
import sys
import tempfile
from typing import Any, Iterable

from mjscore.cli.output import SafeCsvWriter, markdown_cell
from mjscore.errors import DealError
from mjscore.play.season import Season, Sheet, counter_words

STDIN_NAME = "-"


# --- reading the games (standard input too) -------------------------------------------------------------

def score_files(paths: Iterable[str], variant, options, tables) -> list:
    """Each game file scored (`-`: standard input, YAML or JSON Lines, read once)."""
    from mjscore import api

    games, used_stdin = [], False
    for path in paths:
        if path != STDIN_NAME:
            games.append(api.score_game(path, variant=variant, options=options, tables=tables))
            continue
        if used_stdin:
            raise DealError("- (standard input) can be given once")
        used_stdin = True
        games.append(_score_stdin(variant, options, tables))
    return games


def _score_stdin(variant, options, tables):
    """Standard input saved to a file whose name says its kind (JSON Lines if its first line is a JSON object
    and more lines follow), scored, and named `-` again in the result."""
    from mjscore import api
    from mjscore.play.dealfile import standard_input

    standard_input()  # closed (`<&-`) or for writing only: one line, not a failure of sys.stdin.read
    text = sys.stdin.read()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    kind = ".yaml"
    if len(lines) > 1:
        try:
            kind = ".jsonl" if isinstance(json.loads(lines[0]), dict) else kind
        except ValueError:
            pass
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "stdin" + kind)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        game = api.score_game(path, variant=variant, options=options, tables=tables)
    deals = [{**d, "place": d["place"].replace(path, STDIN_NAME, 1)} for d in game.deals]
    return game._replace(file=STDIN_NAME, deals=deals)


# --- generic writers --------------------------------------------------------------------------------------

def _text_table(rows: list[list], headers: list[str], fmt: str) -> str:
    """For people (`table`), or a Markdown table whose every cell shows its text as typed (markdown_cell: a
    player's name with | or <script> in it stays one cell of text)."""
    from tabulate import tabulate

    if fmt == "table":
        return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)
    rows = [[markdown_cell(c) for c in row] for row in rows]
    return tabulate(rows, headers=[markdown_cell(h) for h in headers], tablefmt="pipe", disable_numparse=True)


def _csv(blocks: list[tuple[list[str], list[list]]]) -> str:
    """One CSV table per block, separated by an empty line (each game has its own players)."""
    out = io.StringIO()
    for i, (headers, rows) in enumerate(blocks):
        if i:
            out.write("\n")
        writer = SafeCsvWriter(out)
        writer.writerow(headers)
        writer.writerows(rows)
    return out.getvalue().rstrip("\n")


def html_table(headers: list[str], rows: list[list], caption: str = "", cls: str = "") -> str:
    """An HTML table, every cell escaped; numbers are right-aligned by the page's style."""
    e = html.escape
    head = "".join(f"<th>{e(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f'<td{_num_class(c)}>{e(_cell(c))}</td>' for c in r) + "</tr>\n" for r in rows)
    cap = f"<caption>{e(caption)}</caption>" if caption else ""
    return f'<table class="{e(cls)}">{cap}<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody></table>'


def _num_class(cell: Any) -> str:
    text = _cell(cell)
    return ' class="num"' if text.lstrip("+-").replace(".", "", 1).isdigit() else ""


def _cell(cell: Any) -> str:
    return "" if cell is None else str(cell)


STYLE = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #bbb;padding:.25em .5em}
th{background:#eee}td.num{text-align:right;font-variant-numeric:tabular-nums}caption{text-align:left;font-weight:bold}
table.sheet tr:last-child td{font-weight:600}table.sheet td{white-space:nowrap}"""


def html_page(title: str, body: str, style: str = STYLE) -> str:
    e = html.escape
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title>'
            f"<style>{style}</style></head>\n<body>\n<h1>{e(title)}</h1>\n{body}\n</body></html>")


# --- score sheets -----------------------------------------------------------------------------------------

def _signed(n: int | None) -> str:
    return "" if n is None else f"{n:+d}" if n else "0"


def sheet_grid(sheet: Sheet) -> tuple[list[str], list[list]]:
    """Headers and rows of a sheet: deal, game, round, East, result, how, value, then NAME, NAME total per player,
    and the final row (the sums of the nets and the final totals). Where seats changed other than by passing the
    deal (a seat exchange between rounds, a game file's `seats:`), a last column `seats` says why, at the deal."""
    moved = any(r.seats_changed for r in sheet.rows)
    headers = ["deal", "game", "round", "east", "result", "how", "value"]
    for p in sheet.players:
        headers += [p, f"{p} total"]
    rows = []
    for r in sheet.rows:
        row: list = [r.deal, r.game, r.round, r.east, r.result, r.error or r.how, r.value]
        for p in sheet.players:
            row += [r.net.get(p), r.totals.get(p)]
        rows.append(row + [r.seats_changed or ""] * moved)
    final: list = ["total", "", "", "", "", "", ""]
    for p in sheet.players:
        final += [sheet.net[p], sheet.totals[p]]
    return headers + ["seats"] * moved, rows + [final + [""] * moved]


def _sheet_title(sheet: Sheet) -> str:
    start = {v for v in sheet.start.values() if v}
    counter = f", counters start at {start.pop()}" if len(start) == 1 else ""
    return f"{sheet.file}: {sheet.variant}, {len(sheet.rows)} deals{counter}"


def sheets_text(sheets: list[Sheet], fmt: str) -> str:
    if fmt == "json":
        return json.dumps([s.to_dict() for s in sheets], ensure_ascii=False)
    grids = [sheet_grid(s) for s in sheets]
    if fmt == "csv":
        return _csv(grids)
    if fmt == "html":
        body = "\n".join(html_table(h, shown_rows(rows, len(s.players)), _sheet_title(s), "sheet")
                          for s, (h, rows) in zip(sheets, grids))
        return html_page("Score sheets", body)
    parts = []
    for s, (h, rows) in zip(sheets, grids):
        title = _sheet_title(s)
        parts.append((f"## {markdown_cell(title)}" if fmt == "markdown" else title) + "\n\n"
                     + _text_table(shown_rows(rows, len(s.players)), h, fmt))
    return "\n\n".join(parts)


def shown_rows(rows: list[list], players: int) -> list[list]:
    """For people: nets with their sign, nothing where a player sat out (and the `seats` column as it is)."""
    out = []
    for row in rows:
        cells = list(row[:7])
        rest = row[7:7 + 2 * players]
        for i in range(0, len(rest), 2):
            cells += [_signed(rest[i]), _cell(rest[i + 1])]
        out.append(cells + row[7 + 2 * players:])
    return out


# --- the league table -------------------------------------------------------------------------------------

TABLE_HEADERS = ["rank", "player", "total", "counter", "games", "deals", "wins", "self-drawn", "false MJ",
                 "biggest hand", "average", "variants"]


def best_words(best: dict | None) -> str:
    if not best:
        return ""
    what = f" {best['limit_hand']}" if best.get("limit_hand") else ""
    return f"{best['value']}{what} ({best['variant']}, {os.path.basename(best['file'])} deal {best['deal']})"


def table_rows(s: Season) -> list[list]:
    return [[r["rank"], r["player"], _signed(r["total"]), counter_words(r), r["games"], r["deals"], r["wins"],
             r["self_drawn"], r["false_mahjong"], best_words(r["best"]), _cell(r["average"]),
             ", ".join(f"{v} {n}" for v, n in r["variants"].items())] for r in s.table]


def season_line(s: Season) -> str:
    """What the table sums: how many games of which variants, and where totals are changes from a counter."""
    variants: dict[str, int] = {}
    counters: dict[str, int] = {}
    for g in s.games:
        variants[g["variant"]] = variants.get(g["variant"], 0) + 1
        for v in g["start"].values():
            if v:
                counters[g["variant"]] = v
    line = (f"{s.summary['games']} game{'s' if s.summary['games'] != 1 else ''} "
            f"({', '.join(f'{v} {n}' for v, n in variants.items())}), {s.summary['scored']} deals scored")
    if s.summary["rejected"]:
        line += f", {s.summary['rejected']} not scored"
    if counters:
        line += "; " + ", ".join(f"{v} starts players at {c}" for v, c in counters.items())
        line += ": totals are the change from it, the counter column shows where it stands"
    return line


CSV_FIELDS = ["rank", "player", "total", "games", "deals", "wins", "self_drawn", "false_mahjong", "best_value",
              "best_variant", "best_file", "best_deal", "average", "counters", "variants", "win_rate",
              "self_drawn_share", "average_win", "paid_as_discarder"]


def standings_text(s: Season, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(s.table, ensure_ascii=False)
    if fmt == "csv":
        rows = []
        for r in s.table:
            b = r["best"] or {}
            rows.append([r["rank"], r["player"], r["total"], r["games"], r["deals"], r["wins"], r["self_drawn"],
                         r["false_mahjong"], b.get("value"), b.get("variant"), b.get("file"), b.get("deal"),
                         r["average"], counter_words(r), " ".join(f"{v}={n}" for v, n in r["variants"].items()),
                         r["win_rate"], r["self_drawn_share"], r["average_win"], r["paid_as_discarder"]])
        return _csv([(CSV_FIELDS, rows)])
    if fmt == "html":
        return html_page("League table", f"<p>{html.escape(season_line(s))}</p>\n"
                         + html_table(TABLE_HEADERS, table_rows(s), cls="standings"))
    table = _text_table(table_rows(s), TABLE_HEADERS, fmt)
    return f"{season_line(s)}\n\n{table}"
