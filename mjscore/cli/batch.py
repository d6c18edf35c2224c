"""`mjscore batch`: play recorded games through, keep running totals, write table, CSV, Markdown, HTML or JSON:
what each game says for whom its format is for (a terminal, a club's pages, a spreadsheet, a program), written by
the format's own writer (cli/streams.py, shared with `sheet`).

Output is streamed deal by deal (a JSON Lines archive of a million deals never sits in
memory) and written with -o (cli/outfile.py). Rejected deals are reported with their place
and counted; nothing is dropped silently.
"""

from __future__ import annotations

from typing import Any

from mjscore.cli.terminal import say
from mjscore.cli.output import RulesNotes, tree_encoder
from mjscore.cli.render import Audience, audience, stream
from mjscore.cli.streams import Closing, Held, Layout, Opening, Sections
from mjscore.errors import DealError
from mjscore.loading import read_lines
from mjscore import standard_input
from mjscore import Header, Result, sitting_out
from mjscore import Parties, StrictStop, Summary, deal_item, game_head, play_game as play
from mjscore.cli import deal_words as dw
from mjscore.messages import M, Words
from mjscore import Pool, pool_for
from mjscore import POT, scheme_of


class Progress:
    """A progress bar on a terminal (stderr) for long runs; silent when given no files (not a terminal)."""

    WIDTH = 30

    def __init__(self, stream, files: list[str] | None):
        self.stream, self.done, self.shown = stream, 0, False
        self.total = count_deals(files) if files else None
        self.every = max(1, (self.total or 0) // 200) if files else 0

    def __call__(self, n: int) -> None:
        self.done += n
        if self.every and (self.done % self.every == 0 or self.done == self.total) and self.done >= 100:
            self.stream.write("\r" + self.render())
            self.stream.flush()
            self.shown = True

    def render(self) -> str:
        if not self.total:
            return f"{self.done:,} deals scored"
        filled = self.WIDTH * min(self.done, self.total) // self.total
        return (f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {100 * self.done // self.total:3d}% "
                f"{self.done:,}/{self.total:,} deals")

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * (self.WIDTH + 40) + "\r")
            self.stream.flush()


def count_deals(paths: list[str]) -> int | None:
    """How many deals the files hold (for the bar): YAML list lengths, JSON Lines non-empty lines less the header.
    Nothing is kept: a file is read through once more, never held."""
    total = 0
    for path in paths:
        if path == "-":
            return None  # standard input can be read only once: by the run itself
        try:
            if path.endswith((".jsonl", ".ndjson")):
                with open(path, "rb") as f:  # a line too long to read is a (rejected) deal all the same
                    total += max(sum(1 for line in read_lines(f) if line.__class__ is int or line.strip()) - 1, 0)
            elif path.__class__ is str:  # YAML: its events counted, nothing built (yamlstream.count_deals)
                from mjscore.yamlstream import count_deals as yaml_deals

                with open(path, encoding="utf-8") as f:
                    n = yaml_deals(f)
                if n is None:
                    return None
                total += n
            else:
                return None  # a Kajongg database's game: its deals are counted as they are read
        except (OSError, DealError):
            return None  # the run itself will say what is wrong with the file
    return total


# --- what a game says, per whom its format is for (render.py's audience); written by cli/streams.py ----------

class Game:
    """What a game says, deal by deal, handed to the format's writer (cli/streams.py) as an open section: a deal
    is said in two steps, `render` (a static function of the settled deal alone, so it runs where the deal was
    settled, perhaps in another process) and `deal`, which adds the running totals in the main process."""

    layout = Layout(fitted=True)  # its lines wrapped to the terminal (cli/fit.py)

    def __init__(self, sections: Sections, games: int):
        self.sections, self.games = sections, games

    def start_game(self, path: str, header: Header, totals: dict[str, int]) -> None: ...

    @staticmethod
    def render(r: Result) -> Any: ...

    def deal(self, result: Result, shown: Any, totals: dict[str, int]) -> None: ...

    def end_game(self, standings: list[dict], summary: Summary) -> None: ...

    def finish(self, summary: Summary, errors: list[str]) -> None: ...


class ForTerminal(Game):
    """For people at a terminal: each deal's seats, result, payments and the running totals; then the standings
    (with uma and the sticks left)."""

    words = Words()  # the game's language (start_game)

    def start_game(self, path, header, totals):
        t = Words(header.lang)
        self.players, self.words, self.parties = header.players, t, Parties(header)
        self.sections.begin(Opening(
            t(M.B_GAME_HEAD, path=path, variant=header.variant.name, title=header.variant.title,
              players=", ".join(header.players)),
            t(M.B_STARTING, totals=dw.line(totals)) if any(totals.values()) else ""))

    @staticmethod
    def render(r):
        w = Words(r.lang)
        if r.error:
            r_ = r._replace(game=1)  # (a deal not scored: its head without the game)
            return f"\n{dw.deal_head(r_, w)}: {w(M.B_NOT_SCORED, place=r.place, error=r.error)}\n{dw.changed(r)}"
        d = r.data
        return (f"\n{dw.deal_head(r, w)}: {dw.what(d, w)}\n{dw.changed(r)}"
                f"  {w(M.B_HAND_VALUES, values=dw.values(d, w))}\n"
                + "".join(f"  {p}\n" for p in dw.payments(d, w))
                + "".join(f"  {w(M.NOTE, note=w.again(n))}\n" for n in d["notes"]))  # (a false mah jong's price)

    def deal(self, r, shown, totals):
        self.parties.add(r)
        out = sitting_out(self.players, r.seats)
        if out:
            shown += f"  {self.words(M.B_SITTING_OUT, names=', '.join(out))}\n"
        self.sections.item(shown if r.error else f"{shown}  {self.words(M.B_TOTALS, totals=dw.line(totals))}\n"
                           + ("" if r.pot_total is None else f"  {self.words(M.B_ON_TABLE, points=r.pot_total)}\n"))

    def end_game(self, standings, summary):
        t = self.words
        self.sections.end(Closing(notes=(
            f"{t(M.B_STANDINGS)}:",
            *(f"  {s['rank']}. {s['player']} {s['total']}"
              + (t(M.R_OKA_UMA, result=f"{s['result']:+g}") if "result" in s else "")
              + (t(M.R_STICKS_LEFT, sticks=f"{s['sticks']:+d}") if "sticks" in s else "") for s in standings),
            t(M.B_DEALS_COUNTED, read=summary.read, scored=summary.scored, rejected=summary.rejected),
            *dw.parties(self.parties, t).splitlines())))

    def finish(self, summary, errors):
        self.sections.close(Closing(notes=(self.words(M.B_ALL_GAMES, read=summary.read, scored=summary.scored,
                                                      rejected=summary.rejected),) if self.games > 1 else ()))


class ForSpreadsheets(Game):
    """For spreadsheets: one row per player per deal, with the running total; one table for every game."""

    # counted: the deal's place among its party's counted deals, 0 = not counted; empty: no fixed number of deals
    # worth: a hand's own value where the deal did not pay on it (a draw that pays nothing: hand_value 0);
    # seats_changed: why the deal's seats are not where passing the deal put them
    FIELDS = ("file", "deal", "game", "round", "player", "seat", "winner", "hand_value", "net", "total", "error",
              "counted", "worth", "seats_changed")
    layout = Layout(columns=FIELDS)  # (its header row with the first game: a file refused at once leaves none)

    def start_game(self, path, header, totals):
        self.path, self.players = path, header.players
        self.sections.begin(Opening(path))

    def finish(self, summary, errors):
        self.sections.close(Closing())  # every file refused (and reported): still a CSV, its header row

    @staticmethod
    def render(r):
        """Each row but the file and the running total."""
        counted, changed = "" if r.counted is None else r.counted, r.changed or ""
        if r.error:
            return [[r.number, r.game, r.round, name, seat, "", "", 0, r.error, counted, "", changed]
                    for seat, name in r.seats.items()]
        d = r.data
        pot = [[r.number, r.game, r.round, "", POT, "", "", d["pot"], "", counted, "", changed]] if "pot" in d else []
        return [[r.number, r.game, r.round, name, seat, d["winner"] or "", d["hands"][name]["value"],
                 d["net"][name], "", counted, d["hands"][name].get("worth", ""), changed]
                for seat, name in r.seats.items()] + pot  # (riichi: the table's pot, a row of its own)

    def deal(self, r, shown, totals):
        rows = []
        for row in shown:
            total = r.pot_total if row[4] == POT else totals[row[3]]
            rows.append([self.path, *row[:-4], "" if total is None else total, *row[-4:]])
        counted = "" if r.counted is None else r.counted
        for name in sitting_out(self.players, r.seats):  # five or six players: a row for each player out
            rows.append([self.path, r.number, r.game, r.round, name, "out", "", "", 0, totals[name], "", counted,
                         "", r.changed or ""])
        self.sections.item(rows)


class ForPrograms(Game):
    """For programs: {"games": [...], "summary", "errors"} (one shape for one file or many), written as the deals
    come, never held whole; each deal's object encoded where it was settled (a worker), its totals added here."""

    layout = Layout(key="games")  # (opened with the first game: a file refused at once prints nothing)

    def start_game(self, path, header, totals):
        self.sections.begin(Opening(path, head=game_head(path, header, totals), key="deals", encoded=True))
        self.parties = Parties(header)

    @staticmethod
    def render(r):
        """The deal's JSON object, open at the end for its "totals"."""
        return _encode(deal_item(r))[:-1]

    def deal(self, r, shown, totals):
        self.parties.add(r)
        pot = "" if r.pot_total is None else f', "pot_total": {r.pot_total}'  # (riichi: the sticks on the table)
        self.sections.item(f'{shown}, "totals": {_encode(totals)}{pot}}}')

    def end_game(self, standings, summary):
        parties = self.parties.to_list()
        self.sections.end(Closing(tail={"totals": {s["player"]: s["total"] for s in standings},
                                        "standings": standings, "summary": summary.to_dict(),
                                        **({"parties": parties} if parties else {})}))

    def finish(self, summary, errors):
        self.sections.close(Closing(tail={"summary": summary.to_dict(), "errors": errors}))


class ForPages(Game):
    """For a club's pages (`markdown`, `html`): what the terminal says, as tables. Per game its heading (file,
    variant, players), a row per deal (deal, round, seats, result, hand values, payments, notes, then each
    player's running total; a deal not scored: its place and error, no totals), then the standings (rank, player,
    total) and the counts. Each row is written as its deal comes, never held."""

    HEADERS = [M.G_DEAL, M.G_ROUND, M.G_SEATS, M.G_RESULT, M.B_H_HAND_VALUES, M.B_H_PAYMENTS, M.B_H_NOTES]
    words = Words()  # the game's language (start_game)

    @staticmethod
    def render(r):
        """The deal's cells but the running totals, as text (escaped by the writer, in the main process)."""
        w = Words(r.lang)
        label = f"{r.number}" + (w(M.B_OF_GAME, game=r.game) if r.game > 1 else "") + dw.counted(r, w)
        if r.error:
            return [label, r.round, dw.seats(r, w), w(M.B_NOT_SCORED, place=r.place, error=r.error), "", "",
                    r.changed or ""]
        d = r.data
        return [label, r.round, dw.seats(r, w), dw.what(d, w), dw.values(d, w), "; ".join(dw.payments(d, w)),
                "; ".join([*([r.changed] if r.changed else []), *map(w.again, d["notes"])])]

    def start_game(self, path, header, totals):
        self.players, self.words = header.players, Words(header.lang)
        self.pot = scheme_of(header.variant.settlement.at(header.options)).counters  # riichi: a column of the sticks
        self.parties, t = Parties(header), self.words
        self.sections.begin(Opening(
            t(M.B_GAME_HEAD, path=path, variant=header.variant.name, title=header.variant.title,
              players=", ".join(header.players)),
            t(M.B_STARTING, totals=dw.line(totals)) if any(totals.values()) else "",
            (*map(t, self.HEADERS), *self.players, *([t(M.B_H_ON_TABLE)] if self.pot else [])), "batch", t.lang))

    def deal(self, r, shown, totals):
        self.parties.add(r)
        out = sitting_out(self.players, r.seats)
        if out:
            away = self.words(M.B_SITTING_OUT, names=", ".join(out))
            shown = [*shown[:-1], "; ".join(x for x in (shown[-1], away) if x)]
        pot = [] if not self.pot else [""] if r.error or r.pot_total is None else [r.pot_total]
        self.sections.item([*shown, *([""] * len(self.players) if r.error else (totals[p] for p in self.players)),
                            *pot])

    def end_game(self, standings, summary):
        t = self.words
        self.sections.end(Closing(
            Held(t(M.B_STANDINGS), [t(h) for h in (M.T_RANK, M.H_PLAYER, M.TOTAL)],
                 [[s["rank"], s["player"], s["total"]] for s in standings], "standings"),
            (t(M.B_DEALS_COUNTED, read=summary.read, scored=summary.scored, rejected=summary.rejected),
             *dw.parties(self.parties, t).splitlines())))

    def finish(self, summary, errors):
        self.sections.close(Closing(notes=(self.words(M.B_ALL_GAMES, read=summary.read, scored=summary.scored,
                                                      rejected=summary.rejected),) if self.games > 1 else ()))


# one encoder for every deal (json.dumps with options builds a new one per call); the data is a fresh tree
_encode = tree_encoder()

SAYING = {Audience.TERMINAL: ForTerminal, Audience.SPREADSHEETS: ForSpreadsheets, Audience.PROGRAMS: ForPrograms,
          Audience.PAGES: ForPages}


def run_batch(paths, variant, options, tables_dir, fmt: str, jobs: "int | Pool", strict: bool,
              progress, lang: str = "en") -> tuple[Summary, list[str], list[str]]:
    """Every game file in turn, printed to standard output (which -o has pointed at its file); a file
    that cannot be read at all is an error for that file only. Returns the summary, the files' errors
    and the places of the deals not scored (for the terminal, when the output goes to a file)."""
    if paths.count("-") > 1:  # a second reading would find it empty
        raise DealError("- (standard input) can be given once")
    if "-" in paths:  # closed: said before any other file is written out
        standard_input()
    summary, errors, rejected = Summary(), [], []
    saying = SAYING[audience(fmt)]
    writer = saying(stream(fmt, M.PG_GAMES, "en", saying.layout), len(paths))
    shown_deal = writer.deal

    def deal(r, shown, totals):
        if r.error:
            rejected.append(f"{r.place}: " + r.error)  # (a Said: said again in --lang)
        shown_deal(r, shown, totals)

    writer.deal = deal  # type: ignore[method-assign]
    notes, ended = RulesNotes(variant, options, tables_dir), writer.end_game
    finals: list = []

    def end_game(standings, summary):
        finals.append({s["player"]: s["total"] for s in standings})
        ended(standings, summary)

    writer.end_game = end_game  # type: ignore[method-assign]
    pool, mine = pool_for(jobs)  # one pool for every file of the run
    try:
        for path in paths:
            finals.clear()
            notes.pending = None  # a note of a game refused before its end is not the next game's
            try:
                summary = summary.add(play(path, variant, options, tables_dir, pool, strict, writer, progress, lang,
                                           notes))
                notes.said(finals[-1] if finals else None)
            except StrictStop:
                raise
            except DealError as e:
                if strict or len(paths) == 1:
                    raise
                errors.append(str(e))
                say("error: " + (e.said() if lang == "native" else Words(lang).again(e.said())))
    finally:
        if mine:
            pool.close()
    writer.finish(summary, errors)
    return summary, errors, rejected
