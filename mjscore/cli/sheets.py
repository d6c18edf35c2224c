"""`sheet`, `standings` and `report` read their games deal by deal: what memory holds does not grow with an
archive.

Each game file is played through (mjscore.play.record.play, as `batch` plays it) and each deal, as batch's
JSON has it, goes straight to what the command's output needs: a season's tally (per player sums: the league
table and statistics; a chart's points, thinned on a long season), and a sheet's rows, which go to a
temporary file (mjscore.spool) as they come and are written from it once the game is over, when what the
layout needs of every row is known (the columns' widths, the number of deals in a caption, whether a
`seats` column is needed). A deal not scored is said on standard error as it comes; the command then exits 1.
"""

from __future__ import annotations

import html
import os
from typing import TYPE_CHECKING, Any, Callable, Iterator

from mjscore.cli.terminal import say
from mjscore.cli.markup import HTML_TABLE_END, html_row, html_table_start
from mjscore.cli.season import final_row, grid_headers, grid_row, shown_row, sheet_title
from mjscore.errors import DealError
from mjscore.messages import M, Words
from mjscore import SheetRow, Tally, results_of, sheet_row
from mjscore import short
from mjscore.spool import Spool

if TYPE_CHECKING:
    from mjscore.cli.streams import Sections

# what a terminal too narrow for a sheet loses first (cli/fit.py): how the last tile came, the game's number,
# the hand's value and the round (the players' nets and running totals, the sheet's purpose, stay)
SHEET_LEAST_USE = (5, 1, 6, 2)
CHART_POINTS = 2000  # a report's chart draws at most about twice this many points, however long the season


class _Feed:
    """play()'s writer: each deal, as batch's JSON has it with its running totals, to the command."""

    def __init__(self, start: Callable, deal: Callable[[dict], None], end: Callable[[dict, dict], None],
                 words: Words):
        self._start, self._deal, self._end = start, deal, end
        self.words = words  # (a deal not scored said in --lang)
        self.read = self.bad = self.unreadable = 0
        self.totals: dict[str, int] | None = None  # the last game's, when it is over

    def start_game(self, path, header, totals) -> None:
        rules = header.rules.to_dict() if header.rules is not None else None
        self._start(str(path), header.variant.name, list(header.players), dict(totals), rules)

    @staticmethod
    def render(r) -> dict:
        from mjscore import deal_item

        return deal_item(r)

    def deal(self, r, shown: dict, totals: dict[str, int]) -> None:
        shown["totals"] = dict(totals)
        if r.pot_total is not None:  # riichi: the sticks on the table after it
            shown["pot_total"] = r.pot_total
        self.read += 1
        if r.error:
            self.bad += 1
            say(self.words(M.NOT_SCORED_AT, place=r.place) + ": " + self.words.again(r.error))
        self._deal(shown)

    def end_game(self, standings: list[dict], summary) -> None:
        self.totals = {s["player"]: s["total"] for s in standings}
        self._end(self.totals, results_of(standings))  # (and riichi's results by place, with uma and oka)


def play_files(paths: list, variant, options, tables, start: Callable, deal: Callable, end: Callable,
               jobs: Any = 1, strict: bool = False, lang: str = "en") -> tuple[int, int, int]:
    """Every game in turn through start(file, variant, players, start totals, rules), deal(item), end(totals,
    results by place: riichi's uma and oka, else none);
    `-` (standard input, YAML or JSON Lines) once. Returns the deals read, those not scored and the files that
    could not be read: as `batch`, a file that cannot be read among several is said on standard error and the
    others are played; given alone (or with `strict`), its error stops the command. A game whose recorded rules
    are not the table loaded is said on standard error (`strict`: refused)."""
    from mjscore.cli.output import RulesNotes
    from mjscore import StrictStop, play_game as play
    from mjscore import pool_for

    if sum(1 for p in paths if p == "-") > 1:
        raise DealError("- (standard input) can be given once")
    feed = _Feed(start, deal, end, Words(lang))
    notes = RulesNotes(variant, options, tables)
    pool, mine = pool_for(jobs)
    try:
        for path in paths:
            feed.totals = notes.pending = None
            try:
                play(path, variant, list(options), tables, pool, strict, feed, lambda n: None, notice=notes)
            except StrictStop:
                raise
            except DealError as e:
                if strict or len(paths) == 1:
                    raise
                feed.unreadable += 1
                say("error: " + feed.words.again(e.said()))
                continue
            notes.said(feed.totals)
    finally:
        if mine:
            pool.close()
    return feed.read, feed.bad, feed.unreadable


# --- mjscore sheet --------------------------------------------------------------------------------------

class SheetWriter:
    """Each game's sheet handed to the format's writer (cli/streams.py) as soon as the game is over, its rows
    read back from a Spool."""

    def __init__(self, sections: "Sections", lang: str = "en", tables=None):
        self.sections = sections
        self.lang, self.tables, self.words = lang, tables, Words(lang)
        self.spool = Spool()

    def start(self, file: str, variant: str, players: list[str], start: dict[str, int],
              rules: dict | None = None) -> None:
        self.head = (file, variant, players, start)
        self.rules = rules
        if self.lang == "native":  # each game's sheet in its own rulebook's language
            from mjscore.api import load_variant

            self.words = Words(load_variant(variant, self.tables).language)
        self.net, self.moved = dict.fromkeys(players, 0), False
        self.pot: int | None = None  # riichi: the sum of the pot's changes (None: the game has no pot)
        self.spool.clear()

    def deal(self, d: dict) -> None:
        row = sheet_row(d)
        self.spool.add(row)
        self.moved = self.moved or bool(row.seats_changed)
        for name, amount in row.net.items():
            self.net[name] += amount
        if row.pot is not None:
            self.pot = (self.pot or 0) + row.pot

    def end(self, totals: dict[str, int], results: dict[str, float]) -> None:
        from mjscore.cli.streams import JsonSection, Section

        file, variant, players, start = self.head
        pot, net, moved, words = self.pot, self.net, self.moved, self.words
        pairs = len(players) + (pot is not None)

        def cells() -> Iterator[list]:
            for r in self._rows():
                yield grid_row(r, players, moved, words, pot is not None)
            yield final_row(players, net, totals, moved, words, pot)

        def data() -> JsonSection:
            head = {"file": file, "variant": variant, "players": players, "start": start}
            if self.rules:
                head["rules"] = self.rules
            return JsonSection(head, "rows", (r.to_dict() for r in self._rows()), {"net": net, "totals": totals})

        self.sections.section(Section(
            sheet_title(file, variant, start, self.spool.count, words),
            grid_headers(players, moved, words, pot is not None),
            lambda: (shown_row(row, pairs) for row in cells()), cells, data, words.lang,
            least_use=SHEET_LEAST_USE, page_class="sheet"))

    def _rows(self) -> Iterator[SheetRow]:
        self.spool.rewind()
        return self.spool.read()


def write_sheets(paths: list, sections: "Sections", variant, options, tables, strict: bool = False,
                 lang: str = "en") -> tuple[int, int, int]:
    """Each game's sheet, as its game ends, to the format's writer (cli/render.py's `stream`)."""
    writer = SheetWriter(sections, lang, tables)
    try:
        counts = play_files(paths, variant, options, tables, writer.start, writer.deal, writer.end, strict=strict,
                            lang=lang)
        sections.close()
    finally:
        writer.spool.close()
    return counts


# --- mjscore standings, mjscore report ----------------------------------------------------------------

def tally(paths: list, variant, options, tables, aliases, series: int = 0, jobs: Any = 1,
          each: Callable[[dict], None] | None = None, on_start: Callable | None = None,
          on_end: Callable | None = None, strict: bool = False, lang: str = "en"):
    """The season of the games, counted deal by deal (no sheets kept; `series`: the chart's points); an alias
    that merged nothing is said in `lang`."""
    from mjscore.api import load_variant

    t = Tally(aliases, sheets=False, series=series,  # (a variant's table points for a game's places: MCR)
              table_points=lambda name: load_variant(name, tables).settlement.table_points,
              scale=lambda name: load_variant(name, tables).scale)  # (a league table per scale)

    def start(*head):
        t.start(*head)
        if on_start:
            on_start(*head)

    def deal(d):
        t.deal(d)
        if each:
            each(d)

    def end(totals, results):
        t.end(totals, results)
        if on_end:
            on_end(totals)

    counts = play_files(paths, variant, options, tables, start, deal, end, jobs, strict, lang)
    w = Words(lang)
    for spelling in t.unused_aliases():
        say(f"warning: {w(M.S_ALIAS_UNUSED, name=t.names[spelling], spelling=spelling)}")
    return t.season(), counts


class _SheetHead:
    """What the report's caption and final row need of a game whose rows wait in the spool."""

    def __init__(self, file: str, variant: str, players: list[str], rules: dict | None = None):
        self.file, self.variant, self.players, self.rules = file, variant, players, rules
        self.net, self.totals, self.count, self.moved = dict.fromkeys(players, 0), {}, 0, False
        self.pot: int | None = None  # riichi: the sum of the pot's changes (None: the game has no pot)


def report_season(paths: list, variant, options, tables, aliases, spool: Spool, strict: bool = False,
                  lang: str = "en"):
    """The season for `report`, and each game's sheet head; the sheets' rows are in `spool`, in order."""
    heads: list[_SheetHead] = []

    def start(file, variant_, players, start_, rules=None):
        heads.append(_SheetHead(file, variant_, players, rules))

    def deal(d):
        row, head = sheet_row(d), heads[-1]
        spool.add(row)
        head.count += 1
        head.moved = head.moved or bool(row.seats_changed)
        for name, amount in row.net.items():
            head.net[name] += amount
        if row.pot is not None:
            head.pot = (head.pot or 0) + row.pot

    def end(totals):
        heads[-1].totals = totals

    s, counts = tally(paths, variant, options, tables, aliases, CHART_POINTS, each=deal, on_start=start,
                      on_end=end, strict=strict, lang=lang)
    spool.rewind()
    return s, heads, counts


def report_sheets(heads: list[_SheetHead], spool: Spool, lang: str = "en") -> Iterator[str]:
    """Each game's sheet as the report's HTML, row by row from the spool (each section after a line break)."""
    w = Words(lang)
    for head in heads:
        players = head.players
        caption = w(M.RP_SHEET_CAPTION_ONE if head.count == 1 else M.RP_SHEET_CAPTION,
                    file=os.path.basename(head.file), variant=head.variant, n=head.count)
        mark = ""
        if head.rules:  # the rules it was scored under, for a program reading the page (and a reader's tooltip)
            caption += w(M.RP_TABLE, hash=short(head.rules['table']))
            mark = (f' data-variant="{html.escape(head.rules["variant"])}" data-table="{head.rules["table"]}"'
                    + (f' data-version="{html.escape(head.rules["version"])}"' if head.rules.get("version") else ""))
        yield (f'\n<section class="sheet"{mark}>'
               + html_table_start(grid_headers(players, head.moved, w, head.pot is not None), caption, "sheet"))
        pot, pairs = head.pot is not None, len(players) + (head.pot is not None)  # (riichi: the pot's columns)
        for r in spool.read(head.count):
            yield html_row(shown_row(grid_row(r, players, head.moved, w, pot), pairs))
        yield html_row(shown_row(final_row(players, head.net, head.totals, head.moved, w, head.pot), pairs))
        yield HTML_TABLE_END + "</section>"
