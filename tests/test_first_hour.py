"""A newcomer's first hour (issue 45): no wrong answer without a word, an explicit --variant over a file's own,
a missing file said to be missing, and every packaged variant named in --help."""

from __future__ import annotations

import json
import os

import pytest
import yaml

from helpers import EXAMPLES, ROOT, run

DEAL = str(EXAMPLES / "deal-spanish.yaml")
SHORT = "[555p] 123m 89s SSS NN"  # 13 tiles: South's winning hand of the example deal without its winning tile 7s
OTHERS = ("--east", "[RRR] 234m 55s 78p NN", "--west", "[111s] 456m 99m 2468p", "--north",
          "123s 567s 3p 4p 6m 7m 9m WW")
LEFT_OUT = ("--win 7s, but the hand has 13 tiles (a kong counts 3): a hand is written with its winning tile, 14 tiles; "
            "add 7s to it")


def test_a_hand_without_its_winning_tile_is_refused_not_scored_as_a_losers():
    """13 tiles and --win: before, `value: 20` and exit 0 (the hand scored as a loser's, the tile ignored)."""
    assert run("score", SHORT, "--win", "7s", "--seat", "S") == (2, "", f"mjscore: error: {LEFT_OUT}\n")
    assert run("settle", "--winner", "S", "--win", "7s", "--south", SHORT, *OTHERS) == \
        (2, "", f"mjscore: error: {LEFT_OUT}\n")


def test_a_deal_file_without_the_winning_tile_names_its_key(tmp_path):
    deal = yaml.safe_load(open(DEAL, encoding="utf-8"))
    winner = deal["winner"]
    deal["hands"][winner] = SHORT
    path = tmp_path / "deal.yaml"
    path.write_text(yaml.safe_dump(deal), encoding="utf-8")
    code, out, err = run("settle", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "win.tile 7s, but the hand has 13 tiles" in err and "--win" not in err


def test_a_hand_of_thirteen_without_a_winning_tile_is_still_a_losers():
    """A loser's hand (no --win) is scored as it stands: the refusal is only for a winning tile left out."""
    code, out, err = run("score", SHORT, "--seat", "S", "--format", "json")
    assert code == 0 and json.loads(out)["mahjong"] is False


def test_an_explicit_variant_wins_over_a_deal_files_own_and_says_so():
    """The example deal is spanish's; a referee settles it under dmjl: the same as the same hands typed as flags
    under dmjl, with one line saying the file's variant was set aside. Before: refused."""
    deal = yaml.safe_load(open(DEAL, encoding="utf-8"))
    assert deal["variant"] == "spanish"
    code, out, err = run("settle", DEAL, "--variant", "dmjl", "--format", "json")
    assert code == 0, err
    got = json.loads(out)
    flag = {"E": "--east", "S": "--south", "W": "--west", "N": "--north"}
    flags = [x for seat, hand in deal["hands"].items() for x in (flag[seat], hand)]  # the file keys hands by seat
    win = deal["win"]
    code, typed, err = run("settle", "--variant", "dmjl", "--winner", deal["winner"], "--win", win["tile"],
                           "--from", win["from"], *flags, "--format", "json")
    assert code == 0, err
    typed = json.loads(typed)
    assert got["variant"] == typed["variant"] == "dmjl"
    assert got["net"] == typed["net"] and got["payments"] == typed["payments"]
    assert got["notes"][0] == f"{DEAL} is for 'spanish': scored under dmjl, as --variant says"
    assert got["notes"][1:] == typed["notes"]


def test_a_missing_file_is_said_missing_with_differences():
    """Before: `nosuch.json is a game file` (and `nosuch.db`): the file does not exist."""
    for name in ("nosuch.json", "nosuch.db"):
        assert run("batch", name, "--differences") == (2, "", f"mjscore: error: {name}: cannot read: No such file "
                                                              "or directory\n")


@pytest.mark.parametrize("command", ["score", "settle", "batch", "compare", "waits", "sheet", "standings"])
def test_variant_help_names_every_packaged_variant(command):
    """--help named six variants, not mcr and riichi: it is made from the tables installed."""
    code, out, _ = run(command, "--help")
    assert code == 0
    text = " ".join(out.split())
    packaged = sorted(f[:-5] for f in os.listdir(ROOT / "tables") if f.endswith(".yaml"))
    assert len(packaged) >= 8
    assert "spanish (default)" in text
    for name in packaged:
        assert name in text, name


def test_an_explicit_variant_wins_over_a_game_files_own_and_says_so(tmp_path):
    """batch of the spanish example game under dmjl: what the same game gives where its file names dmjl, and one
    line on standard error. Before: refused."""
    game = EXAMPLES / "game-spanish.yaml"
    text = game.read_text(encoding="utf-8")
    assert "variant: spanish\n" in text
    renamed = tmp_path / "game-spanish.yaml"
    renamed.write_text(text.replace("variant: spanish\n", "variant: dmjl\n", 1), encoding="utf-8")
    code, out, err = run("batch", str(game), "--variant", "dmjl", "--format", "json")
    assert code == 0
    assert err == f"mjscore: note: {game} is for 'spanish': scored under dmjl, as --variant says\n"
    code, same, err = run("batch", str(renamed), "--format", "json")
    assert code == 0 and err == ""
    def deals(text: str) -> list[dict]:  # each deal as scored, its place (the file's path) aside
        return [{k: v for k, v in d.items() if k != "place"} for d in json.loads(text)["games"][0]["deals"]]

    assert deals(out) == deals(same) and len(deals(out)) == 16


def test_the_riichi_example_game_is_the_hand_worked_one():
    """examples/game-riichi.yaml's totals as its comments work them out (Tenhou rules; EMA RCR 2016: payments,
    honba, riichi sticks): Ann 25000 - 1000; Bo + 3000 - 1000; Cy - 1000 + 3300 + 2900 + 3200; Di - 1000 - 2300
    - 2900 - 3200."""
    code, out, err = run("batch", str(EXAMPLES / "game-riichi.yaml"), "--format", "json")
    assert code == 0, err
    game = json.loads(out)["games"][0]
    want = {"Ann": 25000 - 1000, "Bo": 25000 + 3000 - 1000, "Cy": 25000 - 1000 + 3300 + 2900 + 3200,
            "Di": 25000 - 1000 - 2300 - 2900 - 3200}
    assert game["deals"][-1]["totals"] == want and sum(want.values()) == 100_000


def test_the_tenhou_example_log_agrees_with_its_record_and_names_its_source():
    """The README's Tenhou line runs as written: the log in examples/tenhou/, every round as the log records it
    (--differences finds none), its source and licence beside it."""
    log = EXAMPLES / "tenhou" / "2020052700gm-00a9-0000-75a4695c.json"
    assert f"mjscore batch examples/tenhou/{log.name}" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert run("batch", str(log), "--differences") == (0, "", "0 deal(s) of 1 game(s) differ from the record\n")
    about = (EXAMPLES / "tenhou" / "README.md").read_text(encoding="utf-8")
    assert "MIT" in about and "mjx" in about and (EXAMPLES / "tenhou" / "LICENSE").is_file()
