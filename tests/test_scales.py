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
import re

from helpers import EXAMPLES, run
from test_games import SPANISH, A

import mjscore
from mjscore.cli.season_report import charts, report_page
from mjscore.play.season import Tally

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


def test_the_running_totals_never_add_scales():
    """Each point of the season's running totals holds its scale's players' changes alone: after the riichi game
    Ann stands at -1000 (24000 - 25000, examples/game-riichi.yaml's comments, worked in
    tests/test_riichi_settle.py), not at her classical change as well (before: 1658 - 976 - 1000 = -318)."""
    s = mjscore.season(FILES, aliases=[ALIAS])
    riichi = [p for p in s.series if p["file"].endswith("game-riichi.yaml")]
    assert {p["scale"] for p in riichi} == {"riichi"}
    # 24000, 27000, 33400, 15600 from 25000 each (the file's comments: the totals after deal 4)
    assert riichi[-1]["totals"] == {"Cy": 8400, "Bo": 2000, "Ann": -1000, "Di": -9400}
    mcr = [p for p in s.series if p["scale"] == "table-points"]
    assert mcr[-1]["totals"] == {"Ann": 147, "Di": 41, "Bo": -59, "Cy": -129}  # (test_one_league_table_per_scale)


def test_the_report_has_a_chart_per_scale():
    code, out, _ = run("report", *FILES, "--alias", ALIAS)
    assert code == 0
    charts = [c for c in ("points", "riichi", "table-points") if f'<figure class="chart" id="running-totals-{c}">' in out]
    assert charts == ["points", "riichi", "table-points"] and out.count('<figure class="chart"') == 3
    # each chart's lines are its scale's players: the riichi game's four, Ann among them in each scale
    assert {"riichi-line-Ann", "riichi-line-Cy", "table-points-line-Ann", "points-line-Ann"} <= set(
        part.split('"')[0] for part in out.split('id="')[1:])
    assert 'id="riichi-line-Bernd"' not in out


def test_riichi_winning_hands_ranked_by_what_the_table_pays():
    """Cy's wins in examples/game-riichi.yaml are one hand, 30 fu 2 han (tanyao, pinfu: base 30 x 2^4 = 480):
    deal 2 as a non-dealer on a discard, 4 x 480 = 1920 -> 2000; deals 3 and 4 as the dealer, 6 x 480 = 2880 ->
    2900 (Tenhou's rules; EMA Riichi Competition Rules 2016, payments; deal 4's 300 for its counter is the
    honba's, not the hand's). Equal base points, so before the first was the biggest and the average 480."""
    code, out, _ = run("standings", FILES[2], "--format", "json")
    assert code == 0
    cy = next(r for r in json.loads(out) if r["player"] == "Cy")
    assert (cy["best"]["deal"], cy["best"]["table_pays"], cy["best"]["said"]) == (3, 2900, "30 fu 2 han: 2900")
    assert cy["average_win"] == round((2000 + 2900 + 2900) / 3, 1) == 2600.0
    code, out, _ = run("report", FILES[2])
    assert code == 0 and "30 fu 2 han: 2900 (riichi, game-riichi.yaml deal 3)" in out
    assert '<td class="num">2600</td>' in out


CAPTION = ("Each player's running total across this table's games ({games}) and their deals scored ({deals}), the "
           "change from a variant's starting counter, deal by deal; dotted lines mark a new game.")


def test_each_charts_caption_counts_its_scales_games_and_deals():
    """The points chart: the spanish and dmjl games, 16 deals each (examples/game-spanish.yaml and game-dmjl.yaml,
    their deals: lists; SPANISH holds the spanish 16) = 32; the riichi chart: game-riichi.yaml's 4 deals; MCR's:
    game-mcr.yaml's 4. Before, every caption was the season's, and its count of deals the season's 40."""
    assert len(SPANISH) == 16
    code, out, _ = run("report", *FILES, "--alias", ALIAS)
    assert code == 0
    assert re.findall(r"<figcaption>([^<]*)</figcaption>", out) == [
        CAPTION.format(games=2, deals=32), CAPTION.format(games=1, deals=4), CAPTION.format(games=1, deals=4)]


def test_a_condensed_charts_caption_counts_its_scales_deals():
    """A long season's chart draws some of its deals (cli/sheets.CHART_POINTS; here at most about 2 x 4 points): each
    chart's caption says how many of its own scale's deals it draws (the riichi chart: 1 point of 4 deals, the game's
    first), not the season's 40."""
    tally = Tally([ALIAS], series=4, table_points=lambda v: mjscore.load_variant(v).settlement.table_points,
                  scale=lambda v: mjscore.load_variant(v).scale)
    for path in FILES:
        game = mjscore.score_game(path)
        tally.start(game.file, game.variant, game.players, game.start)
        for deal in game.deals:
            tally.deal(deal)
        tally.end(game.totals)
    s = tally.season()
    drawn = charts(s)
    assert [(c.key, c.games, c.deals, len(c.series)) for c in drawn] == [
        ("points", 2, 32, 4), ("riichi", 1, 4, 1), ("table-points", 1, 4, 2)]
    page = "".join(report_page(s, [(c, "<svg/>") for c in drawn], "season", sheets=[]))
    condensed = (" With {at} deals scored, the chart is drawn from {n} of them, evenly spread (each game's first among "
                 "them); the sheets below give every deal.")
    assert re.findall(r"<figcaption>([^<]*)</figcaption>", page) == [
        CAPTION.format(games=g, deals=d) + condensed.format(at=d, n=n) for g, d, n in ((2, 32, 4), (1, 4, 1), (1, 4, 2))]
