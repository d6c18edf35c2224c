"""A JPML-style title-game record checked round by round (issue 41): tests/fixtures/riichi/tenhou/jpml/, a
tenhou.net/6 JSON log worked by hand under JPML's professional rules (no ippatsu, no ura dora, no kan dora, open
tanyao; otherwise the riichi table's Tenhou defaults: 1,000 a riichi stick, 300 a honba, 3,000 shared at a draw),
its arithmetic written out round by round in the folder's README.md. No public JPML record has a licence that
lets it be kept here; this one is made so that each switch decides a round:

  round  what                                           JPML change (the log's)        with Tenhou's switches
  E1-0   draw, A (dealer) and B (riichi) waiting        A B +1500, C D -1500           the same
  E1-1   A dealer riichi tsumo, ippatsu's turn; B's     20 fu 3 han 1300 all + 100 x3, ippatsu: 4 han, 2600 all
         stick of E1-0 and A's own taken               A +6200, B C D -1400 each
  E1-2   C riichi ron on D's 4s, ura 7m shows 8m, held  30 fu 3 han 3900 + 600 + C's    ura: 4 han 7700
                                                        stick: C +5500, D -4500
  E2-0   D pons 4s, ron on A's 6m: open tanyao          30 fu 1 han 1000               the same
  E3-0   B's closed kan of white; kan dora 1m shows 2m  70 fu 1 han 2300               kan dora: 2 han 4500
  E4-0   B riichi ron on A's 8p                         30 fu 3 han 3900 + B's stick    the same
"""

import json
from pathlib import Path

from helpers import cli_options, run

LOG = Path(__file__).parent / "fixtures" / "riichi" / "tenhou" / "jpml" / "title-game.json"
JPML = cli_options(LOG)  # --option ippatsu=false, ura_dora=false, kan_dora=false, open_tanyao=true
# Each round's change as the table counts it (README.md): the log's change less the stick a declarer put down
# in the round (E1-0 B, E1-1 A, E1-2 C, E4-0 B), and each player's total after it: the next round's start.
CHANGES = [
    {"A": 1500, "B": 1500 - 1000, "C": -1500, "D": -1500},  # tenpai payments 3000 shared; B's stick stays
    {"A": 3 * 1300 + 3 * 100 + 2000 - 1000, "B": -1400, "C": -1400, "D": -1400},  # both sticks to A
    {"A": 0, "B": 0, "C": 3900 + 600 + 1000 - 1000, "D": -4500},
    {"A": -1000, "B": 0, "C": 0, "D": 1000},
    {"A": 0, "B": 2300, "C": 0, "D": -2300},
    {"A": -3900, "B": 3900 + 1000 - 1000, "C": 0, "D": 0},
]
TOTALS = [
    {"A": 31500, "B": 30500, "C": 28500, "D": 28500},
    {"A": 36700, "B": 29100, "C": 27100, "D": 27100},
    {"A": 36700, "B": 29100, "C": 31600, "D": 22600},
    {"A": 35700, "B": 29100, "C": 31600, "D": 23600},
    {"A": 35700, "B": 31400, "C": 31600, "D": 21300},
    {"A": 31800, "B": 35300, "C": 31600, "D": 21300},  # the match's end: 120,000 as at the start
]


def _rounds() -> list[list]:
    return json.loads(LOG.read_text(encoding="utf-8"))["log"]


def test_the_record_holds_the_hand_worked_figures():
    """The log's own changes and starting scores are the README's: the figures the other tests compare with."""
    rounds = _rounds()
    sticks = {0: ["B"], 1: ["A"], 2: ["C"], 5: ["B"]}  # who declares riichi in each round
    for n, rnd in enumerate(rounds):
        logged = rnd[16][1]
        assert {p: logged[i] - 1000 * (p in sticks.get(n, [])) for i, p in enumerate("ABCD")} == CHANGES[n]
        start = TOTALS[n - 1] if n else dict.fromkeys("ABCD", 30000)
        assert rnd[1] == [start[p] for p in "ABCD"]
    # B's stick of the draw stays: 1,000 short of 120,000 until A takes it in E1-1
    assert sum(TOTALS[0].values()) == 119000 and all(sum(t.values()) == 120000 for t in TOTALS[1:])


def test_batch_under_jpml_s_switches_gives_every_round_its_change_and_the_next_start():
    code, out, err = run("batch", str(LOG), "--format", "json", *JPML)
    assert code == 0, err
    deals = json.loads(out)["games"][0]["deals"]
    assert [d["net"] for d in deals] == CHANGES
    assert [d["totals"] for d in deals] == TOTALS
    assert [d["pot_total"] for d in deals] == [1000, 0, 0, 0, 0, 0]  # the stick of E1-0 lies one round
    assert [(d["winner"], d["hands"][d["winner"]]["fu"], d["hands"][d["winner"]]["han"]) for d in deals[1:]] == [
        ("A", 20, 3), ("C", 30, 3), ("D", 30, 1), ("B", 70, 1), ("B", 30, 3)]
    assert "names no Tenhou lobby" not in err  # open_tanyao given: nothing left assumed


def test_differences_under_jpml_s_switches_finds_none():
    code, out, err = run("batch", str(LOG), "--differences", *JPML)
    assert (code, out) == (0, ""), out


def test_differences_under_tenhou_s_switches_are_the_three_rounds_each_switch_decides():
    """Without the switches (Tenhou's defaults) mjscore counts what JPML does not: E1-1 ippatsu (4 han 20 fu:
    2600 all + 100 honba, A +8100 + both sticks 2000, less its own: 9100), E1-2 the ura dora (4 han 30 fu 7700 +
    600 honba), E3-0 the kan dora (2 han 70 fu: 70 x 2^4 = 1120 x 4 = 4480, 4500); E1-0, E2-0 and E4-0 agree.
    The record's changes are the table's (less the declarer's stick), as the differences give them."""
    code, out, err = run("batch", str(LOG), "--differences", "--format", "json")
    assert code == 1, err
    found = sorted((d["deal"], d["player"], d["what"], d["tenhou"], d["mjscore"]) for d in json.loads(out))
    assert found == [
        (2, "A", "han", 3, 4), (2, "A", "points", 5200, 9100),
        (2, "B", "points", -1400, -2700), (2, "C", "points", -1400, -2700), (2, "D", "points", -1400, -2700),
        (3, "C", "han", 3, 4), (3, "C", "points", 4500, 8300), (3, "D", "points", -4500, -8300),
        (5, "B", "han", 1, 2), (5, "B", "points", 2300, 4500), (5, "D", "points", -2300, -4500),
    ]
    why = {(d["deal"], d["what"]): d.get("why", "") for d in json.loads(out)}
    assert "一発" in why[2, "han"] and "裏ドラ" in why[3, "han"] and "ドラ" in why[5, "han"]
    assert "names no Tenhou lobby" in err  # the title names no rules: the assumption is said
