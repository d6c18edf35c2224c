"""Archives of any length: a YAML game read deal by deal (never loaded whole), with the same places, the
same refusals and the same output as a game read at once."""

from __future__ import annotations

import io
import json
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import run
from mjscore.play.readers import read_game
from mjscore.yamlstream import count_deals

GOOD = {"Ann": "[RRR] 234m 55s 78p NN", "Bo": "[555p] 123m 789s SSS NN", "Cy": "[111s] 456m 99m 2468p",
        "Di": "123s 567s 3p 4p 6m 7m 9m WW"}
DEALS = [{"hands": GOOD, "winner": "Bo", "win": {"tile": "7s", "from": "discard", "discarder": "Cy"}},
         {"hands": GOOD, "winner": None}]


def block_yaml(deals: list[dict], header_first: bool = True) -> str:
    """A game in block style, as an editor or `serve`'s export writes it: each deal over several lines."""
    head = "variant: spanish\nplayers: [Ann, Bo, Cy, Di]\n"
    body = "deals:\n"
    for d in deals:
        body += "  - hands:\n" + "".join(f"      {n}: \"{h}\"\n" for n, h in d["hands"].items())
        body += f"    winner: {d['winner'] or 'null'}\n"
        if d.get("win"):
            body += f"    win: {json.dumps(d['win'])}\n"
    return head + body if header_first else body + head


def test_a_long_yaml_game_is_never_held_whole(tmp_path):
    """2,000 deals (400 KB of YAML, some 15 MB as one loaded document and its nodes) pass through a few
    hundred kilobytes: only the deal being played is in memory."""
    path = tmp_path / "long.yaml"
    path.write_text(block_yaml(DEALS * 1_000))
    tracemalloc.start()
    try:
        header, deals = read_game(str(path))
        count = sum(1 for _ in deals)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert header == {"variant": "spanish", "players": ["Ann", "Bo", "Cy", "Di"]} and count == 2_000
    assert peak < 2_000_000, f"{peak:,} bytes at the peak"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(DEALS), max_size=6), st.booleans(), st.sampled_from(["json", "csv", "table"]))
def test_header_before_or_after_the_deals_and_block_or_flow_style_alike(deals, header_first, fmt):
    """The deals read one by one are the deals of the document: the same output whichever way it is written
    (flow style: one JSON object a line; block style; the header's keys before or after `deals:`)."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        flow = Path(tmp) / "flow.yaml"
        flow.write_text("variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                        + "".join(f"  - {json.dumps(d)}\n" for d in deals) if deals else
                        "variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals: []\n")
        block = Path(tmp) / "block.yaml"
        block.write_text(block_yaml(deals, header_first) if deals else flow.read_text())
        code, one, _ = run("batch", str(flow), "--format", fmt)
        code2, two, _ = run("batch", str(block), "--format", fmt)
    assert code == code2 == 0
    norm = (lambda s: s.replace(str(flow), "F").replace(str(block), "F"))
    if fmt == "json":  # the places say each deal's own line
        strip = (lambda s: [{k: v for k, v in d.items() if k != "place"} for d in json.loads(s)["games"][0]["deals"]])
        assert strip(norm(one)) == strip(norm(two))
    elif fmt == "csv":
        assert norm(one) == norm(two)
    else:
        assert [ln for ln in norm(one).splitlines() if "NOT SCORED" not in ln] == \
               [ln for ln in norm(two).splitlines() if "NOT SCORED" not in ln]


def test_places_are_the_lines_where_each_deal_starts(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(block_yaml(DEALS * 2, header_first=False))
    _, deals = read_game(str(path))
    assert [d.place for d in deals] == [f"{path} line {n} (deal {i})" for i, n in enumerate([2, 9, 15, 22], 1)]


def test_standard_input_yaml_is_read_as_it_comes_with_its_lines():
    code, out, err = run("batch", "-", "--format", "json", input=block_yaml(DEALS))
    assert code == 0, err
    assert [d["place"] for d in json.loads(out)["games"][0]["deals"]] == ["- line 4 (deal 1)", "- line 11 (deal 2)"]


@pytest.mark.parametrize("bad, why", [
    ("    false_mahjong: !!int abc\n", "not valid YAML: a value that cannot be read (invalid literal for int() "
                                        "with base 10: 'abc')"),
    ("    false_mahjong: [\n", "line {end}: not valid YAML: "),
    ("deals: []\n", "line {bad}: not valid YAML: key 'deals' given twice in one mapping"),
    ("---\nvariant: spanish\n", "line {bad}: not valid YAML: but found another document"),
])
def test_a_file_broken_at_its_end_is_refused_before_any_output(tmp_path, bad, why):
    """The document is read through before its first deal is played: a problem in the last lines refuses
    the file whole, as when it was loaded at once; nothing is printed."""
    path = tmp_path / "g.yaml"
    text = block_yaml(DEALS * 200)
    path.write_text(text + bad)
    code, out, err = run("batch", str(path))
    assert (code, out) == (2, "")
    lines = text.count("\n")
    assert err.startswith(f"mjscore: error: {path}: {why.format(bad=lines + 1, end=lines + 2)}"), err
    assert err.count("\n") == 1


def test_deals_that_are_not_a_list_still_say_what_a_game_file_is(tmp_path):
    for body in ("deals: {a: 1}\n", "deals: !!set {a}\n", "[1, 2]\n", ""):
        path = tmp_path / "g.yaml"
        path.write_text("variant: spanish\nplayers: [Ann, Bo, Cy, Di]\n" + body if body.startswith("deals") else body)
        assert run("batch", str(path))[2] == \
            f"mjscore: error: {path}: a game file has variant:, players: and a list deals:\n"


def test_the_progress_bar_counts_yaml_deals_from_events():
    text = block_yaml(DEALS * 3, header_first=False)
    assert count_deals(io.StringIO(text)) == 6
    assert count_deals(io.StringIO("deals: [1, [2], {a: 3}]\nother: [4, 5]\n")) == 3
    assert count_deals(io.StringIO("deals: [")) is None


# --- aliases and merge keys: what a file stands for is bounded by what it holds ------------------------------

HEAD = "variant: spanish\nplayers: [Ann, Bo, Cy, Di]\n"


@pytest.fixture
def spooled(monkeypatch):
    """The most bytes the temporary file of a YAML game's deals held (play/game.py _read_yaml)."""
    from mjscore.spool import Spool

    most = [0]
    add = Spool.add

    def counted(self, record):
        add(self, record)
        most[0] = max(most[0], self.file.tell())

    monkeypatch.setattr(Spool, "add", counted)
    return most


def test_a_long_string_given_again_by_alias_is_counted_whole(tmp_path, spooled):
    """A 200 kB hand given again by 200 aliases: each deal was checked alone (the string counting 1) and then
    written out whole, 40 MB of temporary file from a file of 200 kB (981 MB from 5 MB). The whole document is
    counted as it is read, a string by its length: refused at the alias that takes it past ten times what the
    file holds, with that alias's line, before the first deal is played."""
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "deals:\n  - hands: {Ann: &h '" + "1m" * 100_000 + "', Bo: x, Cy: x, Di: x}\n"
                    + "  - hands: {Ann: *h, Bo: x, Cy: x, Di: x}\n" * 200)
    code, out, err = run("batch", str(path))
    assert (code, out) == (2, "")
    assert err == (f"mjscore: error: {path}: line 14: aliases (*name, <<: *name) repeat too much: 2,200,337 "
                   "characters and items from 200,327 written (at most 10 times as many, or 1,000,000); write the "
                   "values out\n")
    assert spooled[0] < 3_000_000  # ten deals of 200 kB at most, not two hundred


def test_a_long_list_given_again_by_alias_is_built_once(tmp_path, spooled):
    """A 20,000-item list given again by 200 aliases, each a deal: each was built anew (two CPU-minutes for a
    90,000-item list and 500 aliases). Now what an anchor stands for is built once for the document, as
    yaml.load does, and the count stops the aliases at ten times what the file holds."""
    import time

    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "deals:\n  - &a [" + ", ".join(["1"] * 20_000) + "]\n" + "  - *a\n" * 200)
    start = time.process_time()
    code, out, err = run("batch", str(path))
    assert (code, out) == (2, "") and err.startswith(
        f"mjscore: error: {path}: line 28: aliases (*name, <<: *name) repeat too much: 1,000,069 "), err
    assert time.process_time() - start < 5  # some 0.2 s
    assert spooled[0] < 2_000_000


def test_a_chain_of_merge_keys_is_refused_in_linear_time(tmp_path):
    """`bN: &bN {<<: [*bN-1], kN: 1}`: each line merges every line before it, so the header's mapping grew
    with the square of the lines (85 s and 704 MB for 230 kB) before it was refused for an unknown key. Each
    merge counts what it stands for: the chain is refused where it passes the bound, at once."""
    import time

    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "b0: &b0 {k0: 1}\n" + "".join(f"b{i}: &b{i} {{<<: [*b{i - 1}], k{i}: 1}}\n"
                                                          for i in range(1, 800)) + "deals: []\n")
    start = time.process_time()
    code, out, err = run("batch", str(path))
    assert (code, out) == (2, "") and err.startswith(f"mjscore: error: {path}: line 418: aliases (*name, <<: *name) "
                                                      "repeat too much: "), err
    assert time.process_time() - start < 5  # some 0.3 s
    deal = tmp_path / "deal.yaml"  # a deal file (read whole) the same
    deal.write_text(path.read_text().replace("deals: []\n", ""))
    assert run("settle", str(deal))[2].startswith(f"mjscore: error: {deal}: line 418: aliases (*name, <<: *name) ")


def test_aliases_and_merge_keys_in_moderation_are_read(tmp_path):
    """A game may share a hand or a deal's keys by alias and merge key: read as yaml.load reads it."""
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "deals:\n  - &d {hands: {Ann: &a '[RRR] 234m 55s 78p NN', Bo: '[555p] 123m 789s SSS NN', "
                    "Cy: '[111s] 456m 99m 2468p', Di: '123s 567s 3p 4p 6m 7m 9m WW'}, winner: null}\n"
                    "  - *d\n  - {<<: *d, winner: Bo, win: {tile: 7s, from: discard, discarder: Cy}}\n")
    header, deals = read_game(str(path))
    deals = [d.data for d in deals]
    assert [d["winner"] for d in deals] == [None, None, "Bo"] and deals[0] == deals[1]
    assert deals[2]["hands"] == deals[0]["hands"] and deals[2]["win"]["discarder"] == "Cy"
    assert run("batch", str(path))[0] == 0


def test_an_archive_without_aliases_is_never_bounded(tmp_path, monkeypatch):
    """The bound is relative to what the file holds: a file without aliases stands for exactly that, however
    long (a floor of 100 here, and 2,000 deals)."""
    monkeypatch.setattr("mjscore.loading.ALIAS_FLOOR", 100)
    path = tmp_path / "g.yaml"
    path.write_text(block_yaml(DEALS * 1000))
    header, deals = read_game(str(path))
    assert sum(1 for _ in deals) == 2000


# --- sheet, standings, report and batch: what they keep does not grow with the archive -------------------------

def _peak(args: list[str]) -> int:
    """Peak traced memory of one command run in this process (its output to a file, not to a buffer)."""
    import gc

    gc.collect()
    tracemalloc.start()
    try:
        code, _, err = run(*args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 0, err
    return peak


@pytest.mark.parametrize("command", [["sheet"], ["sheet", "--format", "markdown"], ["sheet", "--format", "json"],
                                     ["standings"], ["report"], ["batch"], ["batch", "--format", "markdown"],
                                     ["batch", "--format", "html"]])
def test_sheet_standings_and_report_keep_what_their_output_needs(tmp_path, command, monkeypatch):
    """Four times the deals, about the same peak: each deal goes to the output (batch: as it comes, in every
    format; through a temporary file where the layout needs every row first) or into per-player sums, and is forgotten. Holding the games'
    deals, as the commands did, took some 5.5 KB a deal at the peak (15 MB more for ten times 300 deals), so
    360 deals more would take some 2 MB more, twice the margin below; what the scoring core's caches take
    is bounded (a variant's memo is cleared at 2,000 entries: some 350 KB). (The report's chart is drawn from
    at most about 2 x CHART_POINTS deals: here fewer than either run has.)"""
    monkeypatch.setattr("mjscore.cli.sheets.CHART_POINTS", 50)
    out = str(tmp_path / "out")
    tiny, small, large = tmp_path / "tiny.jsonl", tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    for path, n in ((tiny, 1), (small, 60), (large, 240)):  # 120 and 480 deals (DEALS holds two)
        path.write_text("\n".join([json.dumps({"variant": "spanish", "players": list(GOOD)})]
                                  + [json.dumps(d) for d in DEALS * n]) + "\n")
    _peak([*command, str(tiny), "-o", out])  # tables and caches loaded: not counted in either run
    first, second = _peak([*command, str(small), "-o", out]), _peak([*command, str(large), "-o", out])
    assert second < first + 1_000_000, f"{first:,} bytes for 120 deals, {second:,} for 480"


def test_a_long_seasons_chart_is_drawn_from_some_deals_each_games_first_among_them():
    from mjscore.play.season import Tally

    t = Tally(sheets=False, series=10)
    for game in range(3):
        t.start(f"g{game}", "spanish", list(GOOD), dict.fromkeys(GOOD, 0))
        totals = dict.fromkeys(GOOD, 0)
        for n in range(1, 301):
            totals = {**totals, "Ann": totals["Ann"] + 1, "Bo": totals["Bo"] - 1}
            t.deal({"deal": n, "net": {"Ann": 1, "Bo": -1, "Cy": 0, "Di": 0}, "totals": totals, "hands": {},
                    "payments": [], "winner": None})
        t.end(totals)
    series = t.season().series
    assert len(series) <= 2 * 10 + 4
    assert [p["at"] for p in series] == sorted({p["at"] for p in series})  # in order, each once
    assert {p["at"] for p in series} >= {1, 301, 601, 900}  # each game's first, and the season's last deal
    assert all(p["totals"]["Ann"] == p["at"] for p in series)  # each point is the running total at its deal
    assert Tally().season().series == []
