"""MCR (tables/mcr.yaml, Mahjong Competition Rules 2006): hands worked by hand from the rulebook's fan table, the
engine's new keys (fan that add, excludes:, the 8-fan minimum, prefer:), and their messages.

Fan are cited by number in the rulebook's list ("fan 8" All Terminals, 64 fan). Each total here is also what
GB-Mahjong (PyPI PyMahjongGB 1.4.0) gives for the same hand, checked when these examples were written.
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers import ROOT
from test_cli import run

import mjscore


def fan(s) -> dict[str, int]:
    out: dict[str, int] = {}
    for i in s.items:
        out[i.rule] = out.get(i.rule, 0) + i.points
    return out


def test_chicken_hand():
    """[234m] [678p] [345s] 555p EE, won on 5p from a discard, seat S, round W: no fan at all, so fan 43 Chicken Hand,
    8 fan. (No Honors fails on EE; the 5p pung is completed by the discard, so not concealed; 55p EE waited on two
    tiles, no Single Wait; the three chows share no number.)"""
    s = mjscore.score("[234m] [678p] [345s] 555p EE", "mcr", seat="S", round="W", win="5p")
    assert s.mahjong and fan(s) == {"Chicken Hand": 8} and s.value == 8


def test_big_three_dragons_excludes_dragon_pungs():
    """[RRR] [GGG] PPP 11m 567m, self-drawn, seat S, round W: fan 2 Big Three Dragons 88 + fan 49 Half Flush 6 +
    fan 80 Self-Drawn 1 = 95; the three Dragon Pungs (fan 59) are implied by Big Three Dragons and not counted."""
    s = mjscore.score("[RRR] [GGG] PPP 11m 567m", "mcr", seat="S", round="W", win="7m", source="wall")
    assert fan(s) == {"Big Three Dragons": 88, "Half Flush": 6, "Self-Drawn": 1} and s.value == 88 + 6 + 1
    assert "Dragon Pung not counted: implied by Big Three Dragons (non-repeat principle)" in s.notes


def test_all_terminals_excludes_five_fan():
    """[111m] [999m] [111p] 999s 99p won on 9s from a discard: fan 8 All Terminals 64, which excludes All Pungs,
    Outside Hand, Double Pung (111m 111p, 999m 999s), Pung of Terminals or Honors and No Honors: 64."""
    s = mjscore.score("[111m] [999m] [111p] 999s 99p", "mcr", seat="S", round="W", win="9s")
    assert fan(s) == {"All Terminals": 64} and s.value == 64


def test_all_even_pungs():
    """[222m] [444p] [666s] 888m 66p won on 8m from a discard: fan 21 All Even Pungs 24 (excluding All Pungs, All
    Simples, No Honors): 24."""
    s = mjscore.score("[222m] [444p] [666s] 888m 66p", "mcr", seat="S", round="W", win="8m")
    assert fan(s) == {"All Even Pungs": 24} and s.value == 24


def test_four_kongs():
    """[1111m] [2222p] {3333s} [EEEE] 55p won on 5p, seat S, round W: fan 5 Four Kongs 88 + fan 42 Mixed Shifted Pungs
    8 (1, 2, 3 in three suits) + fan 73 Pung of Terminals or Honors twice (1111m, EEEE: East is neither seat nor
    prevalent wind) 2 = 98; Single Wait and All Pungs are excluded by Four Kongs."""
    s = mjscore.score("[1111m] [2222p] {3333s} [EEEE] 55p", "mcr", seat="S", round="W", win="5p")
    assert fan(s) == {"Four Kongs": 88, "Mixed Shifted Pungs": 8, "Pung of Terminals or Honors": 2}
    assert s.value == 88 + 8 + 2


def test_a_fan_counted_twice_is_one_item_with_its_count():
    """[111m] [999m] [RRR] 55m 678m, self-drawn: fan 49 Half Flush 6 + fan 59 Dragon Pung 2 + fan 73 Pung of
    Terminals or Honors x2 (111m, 999m) 2 + fan 80 Self-Drawn 1 = 11; JSON gives each item's `fan`, the total as
    `value`."""
    code, out, _ = run("score", "[111m] [999m] [RRR] 55m 678m", "--variant", "mcr", "--seat", "S", "--round", "W",
                       "--win", "8m", "--from", "wall", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["value"] == 6 + 2 + 1 * 2 + 1
    assert {"rule": "Pung of Terminals or Honors", "cite": "fan 73", "fan": 2, "count": 2} in data["items"]
    assert all("fan" in i and "points" not in i for i in data["items"])


def test_fewer_than_eight_fan_is_no_win_and_flowers_do_not_count():
    """[234m] [555s] 234p 789p SS won on S from a discard, seat S, round W: fan 70 Mixed Double Chow 1 (234m 234p)
    + fan 79 Single Wait 1 = 2 fan (a pair of the seat wind scores nothing), below the rulebook's minimum of 8;
    eight flowers (fan 81, 1 each) make 10 but do not count toward it."""
    for bonus in ("", " 1f 2f 3f 4f 1y 2y 3y 4y"):
        s = mjscore.score("[234m] [555s] 234p 789p SS" + bonus, "mcr", seat="S", round="W", win="S")
        assert not s.mahjong
        assert any("at least 8 fan besides flowers" in n for n in s.notes)


def test_a_hand_below_eight_fan_lists_the_fan_found_and_their_total():
    """As GB-Mahjong and the Helper do: the hand above, [234m] [555s] 234p 789p SS on S, says its fan, fan 70 Mixed
    Double Chow 1 + fan 79 Single Wait 1 = 2; with two flowers, fan 81 Flower Tiles 1 each: 2 + 1 + 1 = 4. A
    complete hand merely below 8 has no "base points 0, doubles 0" line, and no "no single tile changed makes it
    one"."""
    s = mjscore.score("[234m] [555s] 234p 789p SS", "mcr", seat="S", round="W", win="S")
    assert "fan found: Mixed Double Chow 1, Single Wait 1; total 2" in s.notes
    s = mjscore.score("[234m] [555s] 234p 789p SS 1f 2f", "mcr", seat="S", round="W", win="S")
    assert "fan found: Flower Tiles 2, Mixed Double Chow 1, Single Wait 1; total 4" in s.notes
    code, out, _ = run("score", "[111m] [6666m] {8888p} 345p 55s", "--variant", "mcr", "--seat", "S", "--round",
                       "N", "--win", "3p", "--from", "wall", "--option", "mixed_kongs=split")
    # fan 67 Concealed Kong 2 + fan 73 Pung of Terminals or Honors 1 (111m) + fan 74 Melded Kong 1 + fan 76 No
    # Honors 1 + fan 80 Self-Drawn 1 = 6, below 8 (issue 43's hand, its kongs split)
    assert code == 0 and ("note: fan found: Concealed Kong 2, Pung of Terminals or Honors 1, Melded Kong 1, "
                          "No Honors 1, Self-Drawn 1; total 6\n") in out
    assert "base points" not in out and "single tile" not in out


def test_chinese_names_and_the_explanation():
    code, out, _ = run("score", "[RRR] [GGG] PPP 11m 567m", "--variant", "mcr", "--seat", "S", "--round", "W",
                       "--win", "7m", "--from", "wall", "--lang", "zh", "--explain")
    assert code == 0 and "大三元" in out and "混一色" in out and "番数相加：88 + 6 + 1 = 95" in out
    assert "箭刻 不计：大三元 已包含（不重复原则）" in out  # (the zh catalogue: the rulebook's 不重复原则)
    code, out, _ = run("score", "[RRR] [GGG] PPP 11m 567m", "--variant", "mcr", "--seat", "S", "--round", "W",
                       "--win", "7m", "--from", "wall")
    assert "not counted" not in out  # said by --explain only


def test_every_fan_is_in_the_table_once():
    """81 fan: 80 hand rules and the flowers, in the rulebook's order, each citing its number; besides them, fan 57's
    count of one melded and one concealed kong (6) and the house option's 5 (mixed_kongs, GB-Mahjong's)."""
    v = mjscore.load_variant("mcr")
    mixed = [r for r in v.rules if r.name in ("Two Melded Kongs", "Concealed Kong and Melded Kong")][1:]
    assert [(r.name, r.cite, r.points) for r in mixed] == [
        ("Two Melded Kongs", "fan 57", 6),
        ("Concealed Kong and Melded Kong", "house option mixed_kongs=5 (GB-Mahjong)", 5)]
    rules = [r for r in v.rules if r not in mixed]
    assert [r.cite for r in rules] == [f"fan {n}" for n in range(1, 82)]
    assert sum(r.points for r in rules) == 7 * 88 + 6 * 64 + 2 * 48 + 3 * 32 + 9 * 24 + 6 * 16 + 5 * 12 + 9 * 8 \
        + 7 * 6 + 4 * 4 + 10 * 2 + 13 * 1


def _broken(tmp_path: Path, old: str, new: str) -> tuple[int, str]:
    text = (ROOT / "tables" / "mcr.yaml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "mcr.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    code, _, err = run("variants", "mcr", "--tables", str(tmp_path))
    return code, err


def test_excludes_naming_no_rule_is_refused(tmp_path):
    code, err = _broken(tmp_path, "excludes: [Two Dragon Pungs, Dragon Pung]", "excludes: [Two Dragons Pung]")
    assert code == 2 and err.count("\n") == 1
    assert "rule 'Big Three Dragons': excludes: names no rule of this table 'Two Dragons Pung'" in err


def test_excludes_naming_a_rule_above_is_refused(tmp_path):
    code, err = _broken(tmp_path, "excludes: [Self-Drawn]\n      - rule: Robbing the Kong",
                        "excludes: [Big Four Winds]\n      - rule: Robbing the Kong")
    assert code == 2 and "excludes: 'Big Four Winds' is listed above it" in err


def test_fan_with_points_is_refused(tmp_path):
    code, err = _broken(tmp_path, "fan: 88\n", "fan: 88\n        points: 2\n")
    assert code == 2 and "fan is a rule's whole value" in err


def test_the_waits_are_named_as_the_rulebook_prints_them():
    """Fan 77-79 in the rulebook's Chinese: 边张, 坎张, 单钓将 (GB-Mahjong prints 独听・边张, 独听・嵌张, 独听・单钓)."""
    names = {r.name: dict(r.names).get("zh") for r in mjscore.load_variant("mcr").rules}
    assert (names["Edge Wait"], names["Closed Wait"], names["Single Wait"]) == ("边张", "坎张", "单钓将")
