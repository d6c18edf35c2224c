"""A record's rules (issue 41, point 2): taken from the record only where it names them (a Tenhou lobby's
`disp`, an mjlog's `GO type=`), otherwise assumed and said in one line with how to change them; and `--variant`,
`--option`, `--tables` the same with and without `--differences`.

The log is mjai-reviewer's ranked_game.json (tests/fixtures/riichi/TENHOU.md: a Tenhou 特南喰赤 game, the
lobby's 喰 open tanyao); two of its deals are won with all simples on an open hand, which the log scores (and
--differences agrees) with open tanyao only.
"""

import json
from pathlib import Path

from helpers import run

LOG = Path(__file__).parent / "fixtures" / "riichi" / "tenhou" / "mjai-reviewer" / "ranked_game.json"
NOTE = ("names no Tenhou lobby: scored under Tenhou's rules with open tanyao (kuitan) and the red fives it "
        "records; --option open_tanyao=false plays without open tanyao")


def _titled(tmp_path: Path, disp: str) -> Path:
    game = json.loads(LOG.read_text(encoding="utf-8"))
    game["rule"]["disp"] = disp
    out = tmp_path / "title.json"
    out.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    return out


def _deals(path: Path, *more: str, code: int = 0) -> list[dict]:
    """Batch's deals of the game (without their place, which names the file)."""
    got, out, err = run("batch", str(path), "--format", "json", *more)
    assert got == code, err
    return [{k: v for k, v in d.items() if k != "place"} for d in json.loads(out)["games"][0]["deals"]]


def test_a_lobby_names_its_rules_and_nothing_is_said():
    code, _, err = run("batch", str(LOG))
    assert code == 0 and "note:" not in err


def test_a_match_title_is_no_lobby_its_rules_assumed_and_said(tmp_path):
    titled = _titled(tmp_path, "第1期 鳳凰位決定戦")
    code, _, err = run("batch", str(titled))
    assert code == 0
    assert err == f"mjscore: note: {titled}: its rule.disp '第1期 鳳凰位決定戦' {NOTE}\n"
    assert _deals(titled) == _deals(LOG)  # open tanyao, as the lobby's 喰 says: the same deals
    code, _, err = run("batch", str(titled), "--option", "open_tanyao=true")
    assert code == 0 and err == ""  # chosen, not assumed: nothing to say


def test_a_lobby_without_kuitan_plays_without_open_tanyao(tmp_path):
    code, out, err = run("batch", str(_titled(tmp_path, "特南赤")), "--differences")
    assert code == 1 and "note:" not in err
    assert err.endswith("2 deal(s) of 1 game(s) differ from the record\n")


def test_options_are_the_same_with_and_without_differences():
    """--option open_tanyao=false on the 喰 lobby's log: batch and --differences score the same two deals without
    open tanyao (before, --differences passed no option on and found none)."""
    code, out, err = run("batch", str(LOG), "--differences", "--option", "open_tanyao=false", "--format", "json")
    assert code == 1, err
    found = json.loads(out)
    plain, without = _deals(LOG), _deals(LOG, "--option", "open_tanyao=false", code=1)  # one deal: no yaku left
    changed = [n for n, (a, b) in enumerate(zip(plain, without), 1) if a.get("net") != b.get("net")]
    assert sorted({d["deal"] for d in found}) == changed and len(changed) == 2
    for d in found:
        deal = without[d["deal"] - 1]
        if d["what"] == "not scored":
            assert deal["error"] == d["why"]
        elif d["what"] == "points":
            assert d["mjscore"] == deal["net"][d["player"]]


def test_variant_is_the_same_with_and_without_differences():
    code, out, err = run("batch", str(LOG), "--differences", "--variant", "dmjl")
    assert code == 1
    assert err.startswith(f"mjscore: note: {LOG} is for 'riichi': scored under dmjl, as --variant says")
    code, out, err = run("batch", str(LOG), "--variant", "dmjl")
    assert f"{LOG} is for 'riichi': scored under dmjl, as --variant says" in err
