"""Properties of `settle` and `batch` over random legal deals and games of every variant, and of every
command over random broken files; and the bugs they found, kept as plain tests."""

from __future__ import annotations

import json

import pytest

from helpers import ROOT, run


# --- what the properties found, kept as plain tests -----------------------------------------------------------

def test_a_game_file_refused_at_once_prints_no_csv(tmp_path):
    # `batch --format csv` wrote its header row before reading the file: a refused file left it on
    # standard output beside the one-line message
    path = tmp_path / "game.yaml"
    path.write_text("variant: 5\nplayers: [Ann, Bo, Cy, Di]\ndeals: []\n")
    assert run("batch", str(path), "--format", "csv") == (
        2, "", f"mjscore: error: {path}: variant: expected a name such as spanish, not 5\n")


def test_csv_of_files_all_refused_is_its_header(tmp_path):
    # two files, neither readable as a game: each reported, the output still a CSV (its header row), exit 1
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("players: 7\n")
    code, out, err = run("batch", str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml"), "--format", "csv")
    assert code == 1 and out == "file,deal,game,round,player,seat,winner,hand_value,net,total,error\n"
    assert err.count("mjscore: error: ") == 2


def test_csv_of_a_game_starts_with_one_header(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text('variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - {hands: {Ann: "1m", Bo: "2m", '
                    'Cy: "3m", Di: "4m"}, winner: null}\n')
    code, out, err = run("batch", str(path), "--format", "csv")
    assert code == 0, err
    assert out.splitlines()[0].startswith("file,deal,") and sum(line.startswith("file,") for line in out.splitlines()) == 1
    assert len(out.splitlines()) == 1 + 4  # a row per player


# A limit times a fraction of it is a float: a limit of 10^400 (a house option, a deal file's options or a
# club's table file) or a fraction of 1e308 gave "internal error (OverflowError ...)". Amounts are now at
# most 10^9 and fractions at most 100, each refused in one line; the largest allowed still scores exactly.

HUGE = str(10 ** 400)


def test_a_huge_limit_is_refused_in_one_line(tmp_path):
    code, out, err = run("score", "[EEE] SSS WWW NNN RR", "--variant", "dmjl", "--win", "R", "--option", f"limit={HUGE}")
    assert code == 2 and out == "" and err.startswith("mjscore: error: option limit of dmjl must be at most 1000000000")
    deal = tmp_path / "deal.yaml"
    deal.write_text(f"variant: basque\noptions: {{limit: {HUGE}}}\nfalse_mahjong: S\n"
                    'hands: {E: "1m", S: "2m", W: "3m", N: "4m"}\n')
    code, out, err = run("settle", str(deal))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "must be at most 1000000000" in err


def test_the_largest_limit_still_scores_exactly(tmp_path):
    # dmjl, Only Honors: a full limit, 1 x 1000000000 (Kajongg's Classical Chinese DMJL: a limit hand)
    code, out, err = run("score", "[EEE] SSS WWW NNN RR", "--variant", "dmjl", "--win", "R",
                         "--option", "limit=1000000000", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["value"] == 1_000_000_000
    # basque, South's false mah jong (Basque rulebook (Prats Verdú), rule 71): East gets the limit, the others half
    # of it each: South -1000000000 - 500000000 - 500000000 = -2000000000
    deal = tmp_path / "deal.yaml"
    deal.write_text('variant: basque\noptions: {limit: 1000000000}\nfalse_mahjong: S\n'
                    'hands: {E: "1m", S: "2m", W: "3m", N: "4m"}\n')
    code, out, err = run("settle", str(deal), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["net"] == {"E": 1_000_000_000, "S": -2_000_000_000, "W": 500_000_000, "N": 500_000_000}


@pytest.mark.parametrize("change, message", [
    (("limit: 300 ", f"limit: {HUGE} "), "limit: the limit must be 1 to 1000000000"),
    (("limit: 1           # assumed (Babcock): East wins", "limit: 1.0e+308 # East wins"),
     "limit must be a fraction of the limit from 0 to 100, not 1e+308"),
    (("    default: false\n", "    default: false\n  fine:\n    type: int\n    default: " + HUGE + "\n"),
     "default must be 0 to 1000000000"),
])
def test_a_club_table_with_a_huge_number_is_refused(tmp_path, change, message):
    text = (ROOT / "tables" / "spanish.yaml").read_text(encoding="utf-8")
    assert change[0] in text
    (tmp_path / "spanish.yaml").write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    code, out, err = run("score", "[EEE] SSS WWW NNN RR", "--tables", str(tmp_path), "--also", "heaven")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and message in err, err
