"""Scales never added together (issue 43): a table declares its `scale:` (docs/tables.md), and a season of
several scales has one league table per scale, each read as its players read it.

The season: examples/game-spanish.yaml, game-dmjl.yaml, game-riichi.yaml and game-mcr.yaml, one player in all
four: the spanish game's Ana and the dmjl game's Anna are folded into Ann (--alias), who plays the riichi and
MCR games as Ann. Every figure is hand-worked elsewhere, named: the spanish nets in tests/test_games.py
(SPANISH), the dmjl totals in tests/test_games_classical.py (test_dmjl_final_standings: Anna -976), the riichi
totals and results (Tenhou: from 30,000 in whole thousands, uma 20/10/-10/-20) in tests/test_riichi_settle.py,
the MCR totals in examples/game-mcr.yaml's comments (worked in tests/test_mcr_games.py). Before, Ann was one
row adding them all: 1658 - 976 - 1000 + 147 = -171, points of a 25,000 counter and MCR's among classical ones.
"""

from __future__ import annotations

import json

from helpers import EXAMPLES, run
from test_games import SPANISH, A

import mjscore

FILES = [str(EXAMPLES / f"game-{v}.yaml") for v in ("spanish", "dmjl", "riichi", "mcr")]
ALIAS = "Ann=Ana,Anna"
ANA = sum(net[A] for *_, net in SPANISH)  # Ana's spanish change: the sum of her hand-worked nets


def test_the_packaged_tables_declare_their_scales():
    scales = {v: mjscore.load_variant(v).scale.value for v in ("spanish", "dmjl", "basque", "riichi", "mcr")}
    assert scales == {"spanish": "points", "dmjl": "points", "basque": "points", "riichi": "riichi",
                      "mcr": "table-points"}


def test_one_league_table_per_scale():
    code, out, _ = run("standings", *FILES, "--alias", ALIAS, "--format", "json")
    assert code == 0
    ann = {r["scale"]: r for r in json.loads(out) if r["player"] == "Ann"}
    assert ANA == 1658
    assert ann["points"]["total"] == ANA - 976 and ann["points"]["variants"] == {"spanish": 1, "dmjl": 1}
    # riichi: Ann 24000 of 25000, third place: result -6 (whole thousands from 30000) - 10 (uma) = -16
    assert (ann["riichi"]["total"], ann["riichi"]["result"], ann["riichi"]["rank"]) == (-1000, -16, 3)
    # MCR: Ann first with +147 (Bo -59, Cy -129, Di 41): table points 4
    assert (ann["table-points"]["total"], ann["table-points"]["table_points"]) == (147, 4)
    assert all(r["total"] != 1658 - 976 - 1000 + 147 for r in json.loads(out))
    # riichi ranks by result: Cy 43, Bo 7, Ann -16, Di -34 (tests/test_riichi_settle.py)
    riichi = [(r["player"], r["result"]) for r in json.loads(out) if r["scale"] == "riichi"]
    assert riichi == [("Cy", 43), ("Bo", 7), ("Ann", -16), ("Di", -34)]


def test_each_table_says_how_it_is_read():
    code, out, _ = run("standings", *FILES, "--alias", ALIAS)
    assert code == 0
    heads = [line for line in out.splitlines() if line.startswith(("points (", "riichi (", "table points ("))]
    assert heads == [
        "points (spanish, dmjl): each game's change from its start, added up",
        "riichi (riichi): ranked by the games' results (each place's points with uma and oka, in thousands, added "
        "up), then by the change of points from the start",
        "table points (mcr): ranked by the table points of each game's places, then by the points of the games"]
    assert "-171" not in out and f"+{ANA - 976}" in out and "-16.0" in out


def test_one_scale_is_one_table_as_before():
    """A season of one scale has no scale line and no `scale` in its rows."""
    code, out, _ = run("standings", FILES[0], FILES[1], "--format", "json")
    assert code == 0 and all("scale" not in r for r in json.loads(out))


def test_the_report_has_a_league_table_per_scale():
    code, out, _ = run("report", *FILES, "--alias", ALIAS)
    assert code == 0 and out.count('class="standings"') == 3
    assert "<h3>riichi (riichi): ranked by the games&#x27; results" in out


def test_a_scale_no_table_knows_is_refused(tmp_path):
    text = (EXAMPLES.parent / "tables" / "dmjl.yaml").read_text(encoding="utf-8")
    (tmp_path / "dmjl.yaml").write_text(text + "\nscale: yen\n", encoding="utf-8")
    code, _, err = run("variants", "dmjl", "--tables", str(tmp_path))
    assert code == 2 and err.count("\n") == 1 and "scale: takes points, riichi, table-points, not 'yen'" in err
