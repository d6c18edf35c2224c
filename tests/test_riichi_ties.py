"""Riichi standings where final points tie: Tenhou ranks equal points by the seats of the game's first deal, the
earlier seat from East higher, and uma follows that rank; so every place is its own rank (issue 31). Other
variants' equal totals still share a rank."""

from __future__ import annotations

import json

from helpers import run

EMPTY = "{Ann: '', Bo: '', Cy: '', Di: ''}"


def game(tmp_path, text: str) -> str:
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_tenhou_ties_ranked_by_the_first_deals_seats(tmp_path):
    # Tenhou's rules (tables/riichi.yaml: start 25000, results from 30000, uma +20/+10/-10/-20, whole thousands
    # 500 down, the first what the others leave). One exhaustive draw, Bo (South) alone waiting: tenpai payments
    # 3000 shared, Bo +3000, the others -1000 each: Bo 28000; Ann, Cy, Di 24000 each, placed East, West, North:
    #   Ann 2nd: (24000 - 30000) / 1000 = -6, + 10 = 4; Cy 3rd: -6 - 10 = -16; Di 4th: -6 - 20 = -26;
    #   Bo 1st: -(4 - 16 - 26) = 38 (unrounded: -2 + oka 20 + uma 20 = 38)
    path = game(tmp_path, f"variant: riichi\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - hands: {EMPTY}\n    tenpai: [Bo]\n")
    code, out, err = run("batch", path)
    assert code == 0, err
    assert out.split("standings:\n")[1].split("deals:")[0] == (
        "  1. Bo 28000 (+38 with oka and uma)\n"
        "  2. Ann 24000 (+4 with oka and uma)\n"
        "  3. Cy 24000 (-16 with oka and uma)\n"
        "  4. Di 24000 (-26 with oka and uma)\n")
    got = json.loads(run("batch", path, "--format", "json")[1])["games"][0]["standings"]
    assert [(s["rank"], s["player"], s["total"], s["result"]) for s in got] == [
        (1, "Bo", 28000, 38), (2, "Ann", 24000, 4), (3, "Cy", 24000, -16), (4, "Di", 24000, -26)]


def test_the_first_deals_stated_seats_order_the_ties(tmp_path):
    # EMA (start and results at 30000, no oka, uma +15/+5/-5/-15, to one decimal). The first deal seats Di East,
    # Cy South, Bo West, Ann North; Bo alone waiting: Bo 33000 -> 3 + 15 = 18; Di, Cy, Ann 29000 each, in that
    # seat order: Di -1 + 5 = 4, Cy -1 - 5 = -6, Ann -1 - 15 = -16 (the players' list would have put Ann first)
    path = game(tmp_path, "variant: riichi\noptions: {ruleset: ema}\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                          f"  - hands: {EMPTY}\n    seats: {{E: Di, S: Cy, W: Bo, N: Ann}}\n    tenpai: [Bo]\n")
    code, out, err = run("batch", path, "--format", "json")
    assert code == 0, err
    got = json.loads(out)["games"][0]["standings"]
    assert [(s["rank"], s["player"], s["total"], s["result"]) for s in got] == [
        (1, "Bo", 33000, 18), (2, "Di", 29000, 4), (3, "Cy", 29000, -6), (4, "Ann", 29000, -16)]


def test_other_variants_share_a_rank_on_equal_totals(tmp_path):
    # danish, a draw of four empty hands: nothing paid, all four at 0 share rank 1; no uma, no result
    path = game(tmp_path, f"variant: danish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - hands: {EMPTY}\n")
    code, out, err = run("batch", path, "--format", "json")
    assert code == 0, err
    got = json.loads(out)["games"][0]["standings"]
    assert [(s["rank"], s["player"], s["total"]) for s in got] == [(1, "Ann", 0), (1, "Bo", 0), (1, "Cy", 0),
                                                                 (1, "Di", 0)]
    assert all("result" not in s for s in got)
