"""`mjscore sheet` and `mjscore standings`: a club's score sheets and league table, their rows and words. The
numbers come from `mjscore.play.season` (as `mjscore.api` gives them: score_sheet, season); this module only
lays them out as rows (a long sheet's one by one, cli/sheets.py) and the league table as an Output, which each
format's renderer draws (cli/render.py).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from mjscore.cli.markup import cell_text, text_table
from mjscore.messages import M, Words
from mjscore import Season, Sheet, SheetRow, counter_words

if TYPE_CHECKING:
    from mjscore.cli.render import Output



def plain_number(x: float | None) -> str:
    """An average as a person writes it: 307, not 307.0; 1405.3 as it is; nothing for none."""
    if x is None:
        return ""
    return str(int(x)) if float(x).is_integer() else str(x)


def plain_value(x: float | None) -> int | float | None:
    """plain_number's value for a CSV cell: a number (307, -392, 1405.3), so that the CSV writer leaves it a
    number; as text, "-392" would be taken for a formula and written '-392 (issue 25, item 5)."""
    if x is None:
        return None
    return int(x) if float(x).is_integer() else x


# --- score sheets -----------------------------------------------------------------------------------------

def _signed(n: int | None) -> str:
    return "" if n is None else f"{n:+d}" if n else "0"


def sheet_grid(sheet: Sheet) -> tuple[list[str], list[list]]:
    """Headers and rows of a sheet: deal, game, round, East, result, how, value, then NAME, NAME total per player,
    and the final row (the sums of the nets and the final totals). Where seats changed other than by passing the
    deal (a seat exchange between rounds, a game file's `seats:`), a last column `seats` says why, at the deal."""
    moved = any(r.seats_changed for r in sheet.rows)
    pots = [r.pot for r in sheet.rows if r.pot is not None]  # riichi: the table's pot, a pair of columns
    pot = sum(pots) if pots else None
    rows = [grid_row(r, sheet.players, moved, pot=pot is not None) for r in sheet.rows]
    return (grid_headers(sheet.players, moved, pot=pot is not None),
            rows + [final_row(sheet.players, sheet.net, sheet.totals, moved, pot=pot)])


ENGLISH = Words()  # (an English Words reads no file: the default of every face below)


def grid_headers(players: list[str], moved: bool, w: Words = ENGLISH, pot: bool = False) -> list[str]:
    """The sheet's headers: the deal's columns, NAME and NAME total per player, and (`pot`: riichi) the table's
    sticks as a party of their own, its change and what lies on the table after the deal."""
    headers = [w(h) for h in (M.G_DEAL, M.G_GAME, M.G_ROUND, M.G_EAST, M.G_RESULT, M.G_HOW, M.H_VALUE)]
    for p in [*players, *([w(M.B_THE_TABLE)] if pot else [])]:
        headers += [p, w(M.PLAYER_TOTAL, player=p)]
    return headers + [w(M.G_SEATS)] * moved


def grid_row(r: SheetRow, players: list[str], moved: bool, w: Words = ENGLISH, pot: bool = False) -> list:
    """One deal's row of sheet_grid (a long sheet's rows are made one by one)."""
    row: list = [r.deal, r.game, r.round, r.east, w.again(r.result), r.error or w.again(r.how),
                 r.value if r.said is None else w.again(r.said)]
    for p in players:
        row += [r.net.get(p), r.totals.get(p)]
    return row + ([r.pot, r.pot_total] if pot else []) + [r.seats_changed or ""] * moved


def final_row(players: list[str], net: dict[str, int], totals: dict[str, int], moved: bool,
              w: Words = ENGLISH, pot: int | None = None) -> list:
    """The sums of the nets and the final totals (`pot`: riichi, the sum of the pot's changes; what is left on
    the table at the end is in the standings' totals, docs/cli.md)."""
    final: list = [w(M.TOTAL), "", "", "", "", "", ""]
    for p in players:
        final += [net[p], totals[p]]
    return final + ([pot, ""] if pot is not None else []) + [""] * moved


def sheet_title(file: str, variant: str, start: dict[str, int], deals: int, w: Words | None = None) -> str:
    """A sheet's caption: its file, variant, deals (one deal, several deals) and the counters' start, in `w`'s
    language (English by default)."""
    w = w or ENGLISH
    values = {v for v in start.values() if v}
    counter = w(M.RP_COUNTERS_START, n=values.pop()) if len(values) == 1 else ""
    caption = w(M.RP_SHEET_CAPTION_ONE if deals == 1 else M.RP_SHEET_CAPTION, file=file, variant=variant, n=deals)
    return caption + counter


def pairs(sheet: Sheet) -> int:
    """A sheet's pairs of columns (a net and a total): one a player, and one for riichi's pot where it has one."""
    return len(sheet.players) + any(r.pot is not None for r in sheet.rows)


def shown_rows(rows: list[list], players: int) -> list[list]:
    """For people: nets with their sign, nothing where a player sat out (and the `seats` column as it is)."""
    return [shown_row(row, players) for row in rows]


def shown_row(row: list, players: int) -> list:
    cells = list(row[:7])
    rest = row[7:7 + 2 * players]
    for i in range(0, len(rest), 2):
        cells += [_signed(rest[i]), cell_text(rest[i + 1])]
    return cells + row[7 + 2 * players:]


# --- the league table -------------------------------------------------------------------------------------

TABLE_HEADERS = [M.T_RANK, M.H_PLAYER, M.TOTAL, M.T_COUNTER, M.T_GAMES, M.T_DEALS, M.T_WINS, M.SELF_DRAWN,
                 M.T_FALSE_MJ, M.T_BIGGEST, M.T_AVERAGE, M.T_VARIANTS]


def best_words(best: dict | None, w: Words = ENGLISH) -> str:
    if not best:
        return ""
    what = (w.again(best["said"]) if "said" in best  # the hand in its family's words (riichi's fu, han, payment)
            else f"{best['value']} {best['limit_hand']}" if best.get("limit_hand") else str(best["value"]))
    return f"{what} " + w(M.S_BEST_WHERE, variant=best["variant"], file=os.path.basename(best["file"]),
                                          deal=best["deal"])


def table_rows(rows: list[dict], w: Words = ENGLISH) -> list[list]:
    """One league table's rows (one scale's: `scales`) for people."""
    first = _first_column(rows)
    return [[r["rank"], r["player"], *([_first(r[first], first)] if first else []), _signed(r["total"]),
             counter_words(r), r["games"], r["deals"], r["wins"], r["self_drawn"], r["false_mahjong"],
             best_words(r["best"], w), plain_number(r["average"]),
             ", ".join(f"{v} {n}" for v, n in r["variants"].items())]
            for r in rows]


def _first_column(rows: list[dict]) -> str | None:
    """What ranks a league table before its total: MCR's table points, riichi's results with uma and oka."""
    return next((key for key in ("table_points", "result") if any(key in r for r in rows)), None)


# what a terminal too narrow for the league table loses first (cli/fit.py): what other columns tell again
# (the counter is the total from a start; the variants, the games; the deals, roughly the games), then the details
STANDINGS_LEAST_USE = [M.T_VARIANTS, M.T_COUNTER, M.T_DEALS, M.T_AVERAGE, M.T_FALSE_MJ, M.SELF_DRAWN]


def _first(value, key: str) -> str:
    return f"{value:+.1f}" if key == "result" else value


def _heads(rows: list[dict]) -> list[M]:
    first = {"table_points": M.T_TABLE_POINTS, "result": M.T_RESULT}.get(_first_column(rows))
    return TABLE_HEADERS[:2] + [first] + TABLE_HEADERS[2:] if first else TABLE_HEADERS


def table_headers(rows: list[dict], w: Words = ENGLISH) -> list[str]:
    return [w(h) for h in _heads(rows)]


SCALE_WORDS = {"points": M.S_SCALE_POINTS, "riichi": M.S_SCALE_RIICHI, "table-points": M.S_SCALE_TABLE_POINTS}


def scales(s: Season, w: Words = ENGLISH) -> list[tuple[str, list[dict]]]:
    """The league tables: one per scale, each with the line that says how it is read (its variants named), in
    the order the scales were first played; a season of one scale has one table and no such line."""
    groups: dict[str | None, list[dict]] = {}
    for r in s.table:
        groups.setdefault(r.get("scale"), []).append(r)
    if None in groups:
        return [("", groups[None])]
    out = []
    for scale, rows in groups.items():
        played = {v for r in rows for v in r["variants"]}
        variants = dict.fromkeys(g["variant"] for g in s.games if g["variant"] in played)  # (in the order played)
        out.append((w(SCALE_WORDS[scale], variants=", ".join(variants)), rows))
    return out


def season_line(s: Season, w: Words = ENGLISH) -> str:
    """What the table sums: how many games of which variants, and where totals are changes from a counter."""
    variants: dict[str, int] = {}
    counters: dict[str, int] = {}
    for g in s.games:
        variants[g["variant"]] = variants.get(g["variant"], 0) + 1
        for v in g["start"].values():
            if v:
                counters[g["variant"]] = v
    scored = w(M.S_SCORED_ONE if s.summary["scored"] == 1 else M.S_SCORED_MANY, n=s.summary["scored"])
    line = w(M.S_GAMES if s.summary["games"] != 1 else M.S_GAME, n=s.summary["games"],
             variants=", ".join(f"{v} {n}" for v, n in variants.items()), scored=scored)
    if s.summary["rejected"]:
        line += w(M.S_NOT_SCORED, n=s.summary["rejected"])
    if counters:
        line += "; " + ", ".join(w(M.S_STARTS_AT, variant=v, counter=c) for v, c in counters.items())
        line += w(M.S_COUNTER)
    return line


CSV_FIELDS = ["rank", "player", "total", "games", "deals", "wins", "self_drawn", "false_mahjong", "best_value",
              "best_variant", "best_file", "best_deal", "average", "counters", "variants", "win_rate",
              "self_drawn_share", "average_win", "paid_as_discarder"]


def standings_output(s: Season, lang: str = "en") -> "Output":
    """The league table, to be drawn in any format (cli/render.py); `lang`: the language of its headers (the
    CSV's and JSON's fields stay English)."""
    from mjscore.cli.render import Output

    return Output(M.RP_LEAGUE, lang, lambda: [_standings_blocks(s, Words(lang))], lambda: [_standings_csv(s)],
                  lambda: s.table)


def _standings_csv(s: Season) -> tuple[list[str], list[list]]:
    rows, several = [], any("scale" in r for r in s.table)
    for r in s.table:
        b = r["best"] or {}
        rows.append([*([r["scale"]] if several else []), r["rank"], r["player"], r["total"], r["games"], r["deals"],
                     r["wins"], r["self_drawn"], r["false_mahjong"], b.get("value"), b.get("variant"), b.get("file"),
                     b.get("deal"), plain_value(r["average"]), counter_words(r),
                     " ".join(f"{v}={n}" for v, n in r["variants"].items()),
                     r["win_rate"], r["self_drawn_share"], plain_value(r["average_win"]), r["paid_as_discarder"]])
    return (["scale"] if several else []) + CSV_FIELDS, rows


def _standings_blocks(s: Season, w: Words) -> str:
    """The season's line, then one league table per scale (each under the line that says how it is read), each
    fitted to the terminal on its own."""
    from mjscore.cli.pages import Blocks, Heading, Table

    parts: list[str] = [season_line(s, w)]
    for line, rows in scales(s, w):
        body, headers = table_rows(rows, w), table_headers(rows, w)
        parts += ["", *([Heading(line), ""] if line else []), Table(
            text_table(body, headers), headers, body, least_use=tuple(_heads(rows).index(k) for k in STANDINGS_LEAST_USE),
            page_class="standings")]
    return Blocks(parts)
