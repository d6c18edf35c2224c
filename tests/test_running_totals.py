"""Every riichi record's running totals against the scores its next round starts from, deal by deal (issue 41,
point 4): a riichi stick leaves its owner's score in the deal it is put down (Tenhou rules, EMA RCR 2016: a
1,000-point stick put down at the declaration), the sticks on the table are the pot's, and the winner takes
them, so batch's running totals are the record's starting scores as they are, and its pot the record's sticks.

Every Tenhou fixture (tenhou.net/6 JSON, mjlog, mjai; tests/fixtures/riichi/TENHOU.md) agrees round by round
(test_tenhou.py, test_mjlog.py, test_mjai.py find no difference at all, this check included); here, that the
check sees a gap where a round starts from other scores, and that the sticks on the table are what it allows.
"""

import json
import re
from pathlib import Path

import pytest

from helpers import cli_options, run
from mjscore.play.tenhou import read_tenhou

FIXTURES = Path(__file__).parent / "fixtures" / "riichi" / "tenhou"
LOGS = sorted([*FIXTURES.glob("*/*.json"), *FIXTURES.glob("*/*.mjlog"), *(FIXTURES.parent / "mjai").glob("*.jsonl")])
RANKED = FIXTURES / "mjai-reviewer" / "ranked_game.json"
STICK_LEFT = FIXTURES / "mjx" / "2019060813gm-00a9-0000-08bb0ec3.json"


def test_a_round_starting_from_other_scores_is_said_once(tmp_path):
    game = json.loads(RANKED.read_text(encoding="utf-8"))
    start = game["log"][1][1]
    start[0], start[1] = start[0] + 1000, start[1] - 1000  # round 2 starts 1000 moved from B to A
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    code, out, err = run("batch", str(moved), "--differences")
    assert code == 1
    found = re.findall(r"deal (\d+) \(([^)]+)\): (\w): start: Tenhou (-?\d+), mjscore (-?\d+)", out)
    assert [(int(d), who, int(t) - int(m)) for d, _, who, t, m in found] == [(2, "A", 1000), (2, "B", -1000)], out
    # the gap opens in round 2 and is not said again; round 3 starts where round 2's changes leave it
    assert "deal 3" not in out


def test_the_sticks_on_the_table_are_the_pots():
    """In the mjx game, round 6 (S1-1) is drawn with West's riichi stick on the table: the total after it holds
    West's score without the stick, as Tenhou's round 7 starts, and the pot holds it (round 7: 1 stick)."""
    code, out, err = run("batch", str(STICK_LEFT), "--format", "json")
    deals = json.loads(out)["games"][0]["deals"]
    rounds = [json.loads(line) for line in STICK_LEFT.read_text(encoding="utf-8").splitlines()]
    start = dict(zip("ABCD", rounds[6]["log"][0][1]))
    declared = deals[5]["seats"]["W"]
    assert deals[5]["riichi"] == [declared] if "riichi" in deals[5] else True
    assert deals[5]["totals"] == start
    assert (deals[5]["pot"], deals[5]["pot_total"]) == (1000, 1000 * rounds[6]["log"][0][0][2]) == (1000, 1000)
    assert run("batch", str(STICK_LEFT), "--differences")[:2] == (0, "")


@pytest.mark.parametrize("log", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_fixture_logs_running_totals_are_its_next_starting_scores(log):
    """Each deal's running totals are the scores the record's next round starts from, with no sticks counted
    apart; the pot after it holds the record's next sticks; each deal's changes and the pot's sum to zero."""
    code, out, err = run("batch", str(log), "--format", "json", *cli_options(log))
    assert code == 0, err
    game = json.loads(out)["games"][0]
    header, _, records = read_tenhou(str(log))
    names = header["players"]
    deals = game["deals"]
    assert len(deals) == len(records)
    for deal, following in zip(deals, records[1:]):
        assert deal["totals"] == dict(zip(names, following.start)), (log.name, deal["deal"])
        assert deal["pot_total"] == 1000 * following.sticks, (log.name, deal["deal"])
    for deal in deals:
        assert sum(deal["net"].values()) + deal["pot"] == 0
