"""Every command that prints a table offers the same formats, with the same meaning (issue 31): `table` for
people, `csv` for spreadsheets, `markdown` and `html` for a club's pages, `json` for programs.

`markdown` and `html` say what `table` says, line for line and table for table (only what would be markup is
escaped); `batch`'s are written deal by deal. The numbers in the exact outputs are worked by hand from the
rulebooks, as the tests named beside them work them (test_cli, test_settle, test_mcr_games and the comments
of examples/game-mcr.yaml); the layout is the shared writers' (cli/season.py's HTML, tabulate's Markdown).
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from helpers import EXAMPLES, run
from mjscore.cli.main import main
from mjscore.cli.output import markdown_text
from mjscore.cli.markup import STYLE

FIVE = ["table", "csv", "markdown", "html", "json"]
SCORE = ["score", "[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "--from", "wall"]


def page(title: str, body: str) -> str:
    """cli/season.py's page around `body` (the sheet's and the league table's), as a command prints it."""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
            f"<style>{STYLE}</style></head>\n<body>\n<h1>{title}</h1>\n{body}\n</body></html>\n")


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0 and err == "", err
    return out


# --- which command offers which --------------------------------------------------------------------------

def test_every_command_that_prints_a_table_offers_the_five_formats():
    """Before issue 31: score, waits, settle, batch table/json/csv; compare table/json; variants table/json/yaml;
    sheet and standings the five. Now every one of them the five (variants also yaml, a table file's data);
    notation (a page of the docs), report (one HTML page) and serve take no --format."""
    offered = {}
    for name in main.list_commands(None):
        command = main.get_command(None, name)
        for p in command.params:
            if p.name == "fmt":
                offered[name] = list(p.type.choices)
    assert offered == {"score": FIVE, "compare": FIVE, "waits": FIVE, "settle": FIVE, "batch": FIVE,
                       "sheet": FIVE, "standings": FIVE, "variants": [*FIVE, "yaml"]}


# --- score, waits, settle, compare: the table's lines and tables ----------------------------------------

# tests/test_cli.py works the hand: [555p] exposed pung of simples 2 + SSS concealed pung of honours 8 + mah jong
# 20 + self-drawn 2 = 32 (the rulebook's p. 2 §6); SSS is the own wind of seat S: 1 double, 32 x 2 = 64
SCORE_ROWS = [("exposed pung of simples", "[555p]", "2", "", "p. 2 §6"), ("chow", "123m", "", "", "p. 1 §4"),
              ("chow", "789s", "", "", "p. 1 §4"), ("concealed pung of honours", "SSS", "8", "", "p. 2 §6"),
              ("pung of own wind", "SSS", "", "1", "p. 2 §6"), ("mah jong", "", "20", "", "p. 2 §6"),
              ("self-drawn", "", "2", "", "p. 2 §6")]
SCORE_LAST = [f"base points {2 + 8 + 20 + 2}, doubles 1: {2 + 8 + 20 + 2} x 2^1 = {32 * 2}", f"value: {32 * 2}"]


def test_score_markdown():
    md = "\\[555p\\]"  # a hand's brackets would be a link in Markdown: escaped
    rows = "".join(f"| {r:<25} | {(md if t == '[555p]' else t):<8} | {p:<8} | {d:<9} | {'':<13} | {c:<10} |\n"
                   for r, t, p, d, c in SCORE_ROWS)
    assert ok(*SCORE, "--format", "markdown") == (
        f"spanish: {md} 123m 789s SSS NN  (seat S, round E, won on 7s from wall, completing 789s)\n\n"
        f"arrangement: {md} 123m 789s SSS NN  (mah jong)\n\n"
        "| rule                      | tiles    | points   | doubles   | limit/extra   | rulebook   |\n"
        "|:--------------------------|:---------|:---------|:----------|:--------------|:-----------|\n"
        f"{rows}\n" + "\n\n".join(SCORE_LAST) + "\n")


def html_rows(rows) -> str:
    def cell(c):
        return f'<td class="num">{c}</td>' if c.lstrip("+-").isdigit() else f"<td>{c}</td>"
    return "".join("<tr>" + "".join(cell(c) for c in r) + "</tr>\n" for r in rows)


def html_table(cls: str, headers: list[str], rows) -> str:
    return (f'<table class="{cls}"><thead><tr>' + "".join(f"<th>{h}</th>" for h in headers)
            + "</tr></thead>\n<tbody>\n" + html_rows(rows) + "</tbody></table>")


def test_score_html():
    rows = [(r, t, p, d, "", c) for r, t, p, d, c in SCORE_ROWS]
    assert ok(*SCORE, "--format", "html") == page("Score", "\n".join([
        "<p>spanish: [555p] 123m 789s SSS NN  (seat S, round E, won on 7s from wall, completing 789s)</p>",
        "<p>arrangement: [555p] 123m 789s SSS NN  (mah jong)</p>",
        html_table("score", ["rule", "tiles", "points", "doubles", "limit/extra", "rulebook"], rows),
        *(f"<p>{line}</p>" for line in SCORE_LAST)]))


def test_score_explain_and_all_come_in_markdown_and_html_too():
    """--all's table of arrangements and --explain's lines are part of the page, as they are of the table."""
    table = ok(*SCORE, "--all", "--explain")
    md = ok(*SCORE, "--all", "--explain", "--format", "markdown")
    same_meaning(table, md, "markdown")
    same_meaning(table, ok(*SCORE, "--all", "--explain", "--format", "html"), "html")
    assert "| arrangement" in md and "why this arrangement:" in md


# tests/test_cli.py works the waits of 2345678m 456p EEE: 2m, 5m, 8m; claimed (seat E) 56, drawn 60
WAITS = [("2m", 56, 60), ("5m", 56, 60), ("8m", 56, 60)]


def test_waits_markdown_and_html():
    args = ("waits", "2345678m 456p EEE", "--variant", "spanish", "--format")
    assert ok(*args, "markdown") == (
        "2345678m 456p EEE: waits on 3 tiles\n\n"
        "| tile   | value claimed (discard)   | value drawn (wall)   |\n"
        "|:-------|:--------------------------|:---------------------|\n"
        + "".join(f"| {t}     | {d:<25} | {w:<20} |\n" for t, d, w in WAITS))
    assert ok(*args, "html") == page("Waits", "<p>2345678m 456p EEE: waits on 3 tiles</p>\n" + html_table(
        "waits", ["tile", "value claimed (discard)", "value drawn (wall)"], [(t, str(d), str(w)) for t, d, w in WAITS]))


# tests/test_settle.py works examples/deal-spanish.yaml: South wins with 60 (30 points, own wind x2) on West's
# discard. East [RRR] 4 x2 = 8; West [111s] 4; North 0. South: 120 + 60 + 60 = +240. East: -120 + (8-4) x 2 +
# (8-0) x 2 = -96. West: -60 - 8 + 4 = -64. North: -60 - 16 - 4 = -80.
B1, B6 = "Babcock (1923) ch. I", "Babcock (1923) ch. VI"
PAYMENTS = [("E Ann", "S Bo", 60 * 2, "winner South's hand 60, x2 (East)", f"{B1}; {B6}"),
            ("W Cy", "S Bo", 60, "winner South's hand 60", B1), ("N Di", "S Bo", 60, "winner South's hand 60", B1),
            ("W Cy", "E Ann", (8 - 4) * 2, "difference of hand values 8 - 4, x2 (East)", f"{B1}; {B6}"),
            ("N Di", "E Ann", (8 - 0) * 2, "difference of hand values 8 - 0, x2 (East)", f"{B1}; {B6}"),
            ("N Di", "W Cy", 4 - 0, "difference of hand values 4 - 0", B1)]
NETS = [("E", "Ann", -120 + 8 + 16), ("S", "Bo", 120 + 60 + 60), ("W", "Cy", -60 - 8 + 4), ("N", "Di", -60 - 16 - 4)]
HANDS = [("E", "Ann", "[RRR] 234m 55s 78p NN", 4, 1, "", 8), ("S", "Bo", "[555p] 123m 789s SSS NN", 30, 1,
          "mah jong", 60), ("W", "Cy", "[111s] 456m 99m 2468p", 4, 0, "", 4),  # (each hand as the deal file types it)
         ("N", "Di", "123s 567s 3p 4p 6m 7m 9m WW", 0, 0, "", 0)]


def test_settle_html():
    assert ok("settle", str(EXAMPLES / "deal-spanish.yaml"), "--format", "html") == page("Settlement", "\n".join([
        "<p>spanish, round E: South wins on 7s from discard, completing 789s</p>",
        html_table("settlement", ["seat", "player", "hand", "points", "doubles", "hand is", "value"],
                   [[str(c) for c in h] for h in HANDS]),
        "<p>payments:</p>",
        html_table("settlement", ["from", "to", "amount", "reason", "rulebook"],
                   [(a, b, str(n), r.replace("'", "&#x27;"), c) for a, b, n, r, c in PAYMENTS]),
        "<p>net:</p>",
        html_table("settlement", ["seat", "player", "net"], [(s, p, f"{n:+d}") for s, p, n in NETS])]))


def test_settle_markdown():
    out = ok("settle", str(EXAMPLES / "deal-spanish.yaml"), "--format", "markdown")
    blocks = out.rstrip("\n").split("\n\n")
    assert blocks[0] == "spanish, round E: South wins on 7s from discard, completing 789s"
    assert blocks[2] == "payments:" and blocks[4] == "net:"
    assert md_rows(blocks[1]) == [[str(c).replace("[", "\\[").replace("]", "\\]") for c in h] for h in HANDS]
    assert md_rows(blocks[3]) == [[a, b, str(n), r, c] for a, b, n, r, c in PAYMENTS]
    assert md_rows(blocks[5]) == [[s, p, f"{n:+d}"] for s, p, n in NETS]


def md_rows(table: str) -> list[list[str]]:
    """The body cells of a Markdown table, stripped (no cell here holds an escaped |)."""
    return [[c.strip() for c in line.strip("|").split(" | ")] for line in table.splitlines()[2:]]


# the hand of test_cli under spanish, dmjl and bmja. spanish: 32 x 2 = 64 (above). dmjl (Kajongg's rules) adds
# Last Tile is Only Possible Tile, 2: 123m 89s SSS NN [555p] waits on 7s only; 34 x 2 = 68. bmja allows one chow
# in a standard hand (max_chows 1): two chows are no mah jong there, a long hand, 0.
COMPARE = ["compare", "[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "--from", "wall",
           "--variant", "spanish,dmjl,bmja"]
BMJA_WHY = ("no BMJA winning pattern fits: BMJA allows at most one chow in a standard hand (option max_chows) "
            "(so not a winning hand)")


def test_compare_csv():
    rows = list(csv.reader(io.StringIO(ok(*COMPARE, "--format", "csv"))))
    assert rows == [["row", "item", "spanish", "dmjl", "bmja"], ["mah jong", "", "yes", "yes", "no"],
                    ["points", "", "32", f"{32 + 2}", "0"], ["doubles", "", "1", "1", "0"],
                    ["limit hand", "", "", "", ""], ["value", "", f"{32 * 2}", f"{34 * 2}", "0"],
                    ["not mah jong", "", "", "", BMJA_WHY],
                    ["differs", "Last Tile is Only Possible Tile", "—", "2", "—"],
                    ["differs", "not a winning hand", "—", "—", "0"],
                    ["same", "exposed pung of simples [555p] (dmjl: Exposed Pung)", "2", "2", "—"],
                    ["same", "chow 123m", "0", "—", "—"], ["same", "chow 789s", "0", "—", "—"],
                    ["same", "concealed pung of honours SSS (dmjl: Concealed Pung of Honors)", "8", "8", "—"],
                    ["same", "pung of own wind SSS (dmjl: Pung/Kong of Own Wind)", "1 dbl", "1 dbl", "—"],
                    ["same", "mah jong (dmjl: Standard Mah Jongg)", "20", "20", "—"],
                    ["same", "self-drawn (dmjl: Won with Last Tile Taken from Wall)", "2", "2", "—"]]


def test_compare_csv_says_why_a_variant_was_not_scored():
    rows = list(csv.reader(io.StringIO(ok("compare", "[555p] 123m 789s SSS NN 1f", "--seat", "S", "--win", "7s",
                                          "--variant", "spanish,basque", "--format", "csv"))))
    assert rows[-1] == ["not scored", "", "spanish is played without flowers and seasons: 1f", ""]


@pytest.mark.parametrize("args", [SCORE, ["score", "111m 123m 456p 789s NN", "--win", "1m", "--all", "--explain"],
                                  ["score", "123m 456m 789m EEE NW"], COMPARE[:8],
                                  ["compare", "123m 456m 789m 123p NN", "--win", "N"],
                                  ["waits", "1357m 2468p 13579s"], ["waits", "1112345678999m"],
                                  ["settle", str(EXAMPLES / "deal-spanish.yaml")]])
@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_markdown_and_html_say_what_the_table_says(args, fmt):
    same_meaning(ok(*args), ok(*args, "--format", fmt), fmt)


def same_meaning(table: str, other: str, fmt: str) -> None:
    """Each non-empty line of `table` outside its tables is a paragraph of `other`, in order, and each table's
    cells are the cells of a table of `other` (a table of `table`: a header, a rule of dashes, rows up to an
    empty line; its rows are cut into cells where the rule has its gaps)."""
    lines = table.splitlines()
    texts, grids = [], []
    i = 0
    while i < len(lines):
        if i + 1 < len(lines) and re.fullmatch(r"[- ]+", lines[i + 1]):
            j = i + 2
            while j < len(lines) and lines[j].strip():
                j += 1
            grids.append([_cells(line, lines[i + 1]) for line in lines[i + 2:j]])
            i = j
        else:
            if lines[i].strip():
                texts.append(lines[i].strip())
            i += 1
    # (a paragraph the terminal cuts into lines, a near miss or the rulebook's words, is one paragraph of
    # `other`, uncut: the same words in the same order, in no more paragraphs than lines)
    if fmt == "markdown":
        blocks = other.rstrip("\n").split("\n\n")
        paragraphs = [b for b in blocks if not b.startswith("|")]
        assert " ".join(paragraphs) == " ".join(markdown_text(t) for t in texts)
        assert len(paragraphs) <= len(texts)
        got = [[[_unmd(c) for c in row] for row in md_rows(b)] for b in blocks if b.startswith("|")]
    else:
        import html

        paragraphs = re.findall(r"<p>(.*?)</p>", other)
        assert " ".join(paragraphs) == " ".join(html.escape(t) for t in texts) and len(paragraphs) <= len(texts)
        got = [[[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
                for row in re.findall(r"<tr>(<td.*?)</tr>", t)] for t in re.findall(r"<tbody>(.*?)</tbody>", other, re.S)]
    assert got == grids


def _gaps(rule: str) -> list[int]:
    return [m.start() for m in re.finditer(r"(?<=-)  (?=-)", rule)]


def _cells(line: str, rule: str) -> list[str]:
    """The row cut where the rule has its gaps, counted in terminal columns (a Chinese character takes two)."""
    import unicodedata

    at, col = {}, 0  # terminal column -> index in the line
    for i, ch in enumerate(line):
        at[col] = i
        col += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    at[col] = len(line)
    bounds = [0, *(at.get(k + 2, len(line)) for k in _gaps(rule)), None]
    return [line[a:b].strip() for a, b in zip(bounds, bounds[1:])]


def _unmd(cell: str) -> str:
    return re.sub(r"\\(.)", r"\1", cell).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


# --- batch: a row per deal, written as it comes ------------------------------------------------------------

# examples/game-mcr.yaml works each deal by hand (its comments; tests/test_mcr_games.py): deal 1 Ann wins 94 on
# Cy's discard (Cy pays 8 + 94 = 102, Bo and Di 8); deal 2 Di draws 11 (each pays 8 + 11 = 19); deal 3 Ann wins
# 24 on Bo's discard (Bo 8 + 24 = 32, Cy and Di 8); deal 4 a draw. Running totals: Ann 118, 118 - 19 = 99,
# 99 + 48 = 147; Bo -8, -27, -59; Cy -102, -121, -129; Di -8, -8 + 57 = 49, 49 - 8 = 41.
# (a non-discarder's base names the discarder's seat: deal 1 Cy sits West, deal 3 Bo sits North)
ONLY = "base 8 only: {}, whose tile won, pays the hand's value"
MCR_DEALS = [
    ["1", "E", "E Ann, S Bo, W Cy, N Di", "Ann wins with 94 (on 7m, completing 567m)", "Ann 94, Bo 0, Cy 0, Di 0",
     f"Bo pays Ann 8 ({ONLY.format('West')}); Cy pays Ann {8 + 94} (base 8 + winner East's hand 94); "
     f"Di pays Ann 8 ({ONLY.format('West')})", "",
     118, -8, -102, -8],
    ["2", "E", "E Bo, S Cy, W Di, N Ann", "Di wins with 11 (on 8m, completing 678m)", "Bo 0, Cy 0, Di 11, Ann 0",
     "; ".join(f"{p} pays Di {8 + 11} (base 8 + winner West's hand 11)" for p in ("Bo", "Cy", "Ann")), "",
     118 - 19, -8 - 19, -102 - 19, -8 + 57],
    ["3", "E", "E Cy, S Di, W Ann, N Bo", "Ann wins with 24 (on 8m, completing 888m)", "Cy 0, Di 0, Ann 24, Bo 0",
     f"Cy pays Ann 8 ({ONLY.format('North')}); Di pays Ann 8 ({ONLY.format('North')}); "
     f"Bo pays Ann {8 + 24} (base 8 + winner West's hand 24)", "",
     99 + 48, -27 - 32, -121 - 8, 49 - 8],
    ["4", "E", "E Di, S Ann, W Bo, N Cy", "draw", "Di 0, Ann 0, Bo 0, Cy 0", "",
     "draw: no payments; every hand's value is 0 (what each was worth is shown, not paid)", 147, -59, -129, 41]]
MCR_HEAD = ("examples/game-mcr.yaml: mcr (Chinese Official rules (MCR, 国标麻将): 81 fan, 8 to win), "
            "players Ann, Bo, Cy, Di")
BATCH_HEADERS = ["deal", "round", "seats", "result", "hand values", "payments", "notes", "Ann", "Bo", "Cy", "Di"]
STANDINGS = [[1, "Ann", 147], [2, "Di", 41], [3, "Bo", -59], [4, "Cy", -129]]


def _in_examples(monkeypatch):
    monkeypatch.chdir(EXAMPLES.parent)  # the file is named as typed: examples/game-mcr.yaml


def test_batch_markdown(monkeypatch):
    _in_examples(monkeypatch)
    row = lambda cells: "| " + " | ".join(str(c) for c in cells) + " |\n"  # noqa: E731
    assert ok("batch", "examples/game-mcr.yaml", "--format", "markdown") == (
        f"## {MCR_HEAD}\n\n" + row(BATCH_HEADERS) + "|---" * 11 + "|\n"
        + "".join(map(row, MCR_DEALS))
        + "\nstandings:\n\n" + row(["rank", "player", "total"]) + "|---|---|---|\n" + "".join(map(row, STANDINGS))
        + "\ndeals: 4 read, 4 scored, 0 rejected\n")


def test_batch_html(monkeypatch):
    import html

    _in_examples(monkeypatch)
    deals = [[html.escape(str(c)) for c in d] for d in MCR_DEALS]
    body = html_table("batch", BATCH_HEADERS, deals).replace('<table class="batch">',
                                                             f'<table class="batch"><caption>{MCR_HEAD}</caption>')
    standings = html_table("standings", ["rank", "player", "total"], [[str(c) for c in s] for s in STANDINGS])
    standings = standings.replace("<thead>", "<caption>standings</caption><thead>")
    assert ok("batch", "examples/game-mcr.yaml", "--format", "html") == page(
        "Games scored", f"{body}\n{standings}\n<p>deals: 4 read, 4 scored, 0 rejected</p>")


@pytest.mark.parametrize("game", sorted(p.name for p in EXAMPLES.glob("game-*.yaml")))
def test_batch_markdown_says_what_the_table_says(game):
    """Every example game: each deal's row holds the table's lines of that deal, and the running totals."""
    path = str(EXAMPLES / game)
    table, md = ok("batch", path), ok("batch", path, "--format", "markdown")
    data = json.loads(ok("batch", path, "--format", "json"))["games"]
    players = [p for g in data for p in g["players"]]
    deals = [d for g in data for d in g["deals"]]
    rows = [r for b in md.split("\n\n") if b.startswith("| deal") for r in md_rows(b)]
    assert len(rows) == len(deals)
    blocks = table.split("\n\ndeal ")[1:]
    for row, deal, block in zip(rows, deals, blocks):
        lines = block.split("\n")
        head = lines[0]
        assert head.startswith(re.match(r"\d+", row[0])[0] + " (") and head.endswith(f": {_unmd(row[3])}")
        said = [line.strip() for line in lines[1:] if line.strip() and not line.startswith(("standings", "deals:"))]
        assert f"hand values: {_unmd(row[4])}" in said
        assert [s for s in said if " pays " in s] == (_unmd(row[5]).split("; ") if row[5] else [])
        totals, pot = row[7:7 + len(deal["totals"])], row[7 + len(deal["totals"]):]  # (riichi: the sticks' column)
        assert f"totals: {', '.join(f'{p} {t}' for p, t in zip(players, totals))}" in said
        assert [int(t) for t in totals] == list(deal["totals"].values())
        assert [int(t) for t in pot] == ([deal["pot_total"]] if "pot_total" in deal else [])
        assert ([f"sticks on the table: {pot[0]}"] if pot else []) == [s for s in said if s.startswith("sticks on")]


def test_batch_html_has_a_row_per_deal_with_the_running_totals():
    path = str(EXAMPLES / "game-spanish.yaml")
    out = ok("batch", path, "--format", "html")
    data = json.loads(ok("batch", path, "--format", "json"))["games"][0]
    rows = re.findall(r"<tr>(<td.*?)</tr>", out.split('<table class="standings">')[0])
    assert len(rows) == len(data["deals"]) == 16
    for row, deal in zip(rows, data["deals"]):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        assert [int(c) for c in cells[7:]] == list(deal["totals"].values())


def test_batch_markdown_and_html_of_several_files_and_a_deal_not_scored(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("variant: spanish\nplayers: [A, B, C, D]\ndeals:\n"
                   "  - {hands: {A: '123m', B: '123m', C: '123m', D: '123m'}, winner: A}\n")
    for fmt in ("markdown", "html"):
        code, out, err = run("batch", str(EXAMPLES / "game-mcr.yaml"), str(bad), "--format", fmt)
        assert code == 1 and "1 of 5 deals not scored" in err
        assert "all games: 5 deals read, 4 scored, 1 rejected" in out
        assert out.count("NOT SCORED: ") == 1
    assert out.endswith("</body></html>\n") and out.count("<html") == 1


# --- a Markdown line shows its text as typed -------------------------------------------------------------

@pytest.mark.parametrize("line, shown", [
    ("# not a heading", "\\# not a heading"), ("- not a list", "\\- not a list"), ("+ not a list", "\\+ not a list"),
    ("1. not a list", "1\\. not a list"), ("12) not a list", "12\\) not a list"), ("= no", "\\= no"),
    ("> no quote", "&gt; no quote"), ("1,000 points", "1,000 points"), ("a *b* [c](d)", "a \\*b\\* \\[c\\](d)")])
def test_markdown_text_escapes_what_would_start_a_block(line, shown):
    assert markdown_text(line) == shown


def test_batch_differences_takes_table_or_json_only():
    for fmt in ("markdown", "html"):
        code, out, err = run("batch", str(EXAMPLES / "game-mcr.yaml"), "--differences", "--format", fmt)
        assert (code, out) == (2, "")
        assert err == (f"mjscore: error: --differences prints a line per difference (--format table) or its data "
                       f"(--format json), not {fmt}: mjscore batch kajongg3.db --differences --format json\n")


# --- variants: the list, a variant's options and rules, a diff ----------------------------------------------

def csv_blocks(text: str) -> list[list[list[str]]]:
    return [list(csv.reader(io.StringIO(block))) for block in text.rstrip("\n").split("\n\n")]


def test_variants_list_csv_markdown_and_html_say_what_the_json_says():
    data = json.loads(ok("variants", "--format", "json"))
    words = [[v["variant"], v["title"], v["source"],
              ", ".join(f"{k}={str(d).lower() if isinstance(d, bool) else 'none' if d is None else d}"
                        for k, d in v["options"].items())] for v in data]
    (rows,) = csv_blocks(ok("variants", "--format", "csv"))
    assert rows == [["variant", "title", "source", "options"], *words]
    assert [r[3] for r in words if r[0] == "spanish"] == [  # tables/spanish.yaml's options and their defaults
        "limit=300, only_possible_place=false, nothing_but_mahjong=no-other-points, deal_after_draw=east-keeps"]
    for fmt in ("markdown", "html"):
        same_meaning(ok("variants"), ok("variants", "--format", fmt), fmt)


@pytest.mark.parametrize("name", ["spanish", "hungarian", "mcr"])
def test_a_variants_csv_holds_its_options_and_every_rule(name):
    data = json.loads(ok("variants", name, "--format", "json"))
    options, rules = csv_blocks(ok("variants", name, "--format", "csv"))
    assert options[0] == ["option", "type", "default", "allowed", "meaning"]
    assert [r[0] for r in options[1:]] == list(data["options"])
    assert [r[4] for r in options[1:]] == [o["help"] for o in data["options"].values()]
    assert rules[0] == ["table", "rule", "value", "who", "rulebook", "excludes"]
    assert [r[0] for r in rules[1:]] == [t["table"] for t in data["tables"] for _ in t["rules"]]
    assert [r[4] for r in rules[1:]] == [r.get("cite", "") for t in data["tables"] for r in t["rules"]]


def test_a_variants_markdown_and_html_tables_are_its_csv():
    """The same rows: the options table, then each scoring table's rules under its heading."""
    options, rules = csv_blocks(ok("variants", "spanish", "--format", "csv"))
    md = ok("variants", "spanish", "--format", "markdown")
    tables = [[[_unmd(c) for c in row] for row in md_rows(b)] for b in md.split("\n\n") if b.startswith("|")]
    headings = list(dict.fromkeys(r[0] for r in rules[1:]))
    assert tables == [options[1:], *([r[1:] for r in rules[1:] if r[0] == h] for h in headings)]
    page = ok("variants", "spanish", "--format", "html")
    assert len(re.findall(r"<table", page)) == len(tables) and "<h1>spanish</h1>" in page
    # the facts the table prints first, as paragraphs: the limit (tables/spanish.yaml: limit 300)
    assert "\n\nlimit: 300\n\n" in md and "<p>limit: 300</p>" in page


def test_variants_diff_csv_markdown_and_html():
    table = ok("variants", "diff", "dmjl", "bmja")
    rows = list(csv.reader(io.StringIO(ok("variants", "diff", "dmjl", "bmja", "--format", "csv"))))
    assert rows[0] == ["about", "name", "change", "before", "after", "text"]
    assert [r[5] for r in rows[1:]] == [line.strip() for line in table.splitlines()[2:]]
    assert ["limit", "limit", "changed", "500", "1000", "limit: 500 -> 1000"] in rows  # tables/dmjl.yaml, bmja.yaml
    for fmt in ("markdown", "html"):
        same_meaning(table, ok("variants", "diff", "dmjl", "bmja", "--format", fmt), fmt)
