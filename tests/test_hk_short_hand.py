"""Hong Kong's short hand said in faan (issue 42's leftover): a hand no faan counted for (below the table's
minimum, min_faan 3, or no winning hand at all) says "0 faan" (番 under --lang zh-Hant), the word Hong Kong
players count a hand in, where it said the classical "base points 0, doubles 0: 0 x 2^0 = 0". The table says
its unit (tables/hk.yaml `value: {unit: faan}`); a classical table keeps its line."""

from __future__ import annotations

from pathlib import Path

from helpers import run

ROOT = Path(__file__).resolve().parent.parent

# East holds a chow exposed (no 門前清), a pung (no 平糊), the season 2f, not East's own (no 正花, and a bonus tile
# so no 無花): under the hk table's faan (Hong Kong mahjong scoring rules) none of its faan counts, 0 < min_faan 3.
NO_FAAN = ("[123m] 456p 789s 111s 55m 2f", "--variant", "hk", "--win", "5m", "--from", "discard")


def lines(*args: str) -> list[str]:
    code, out, err = run("score", *args)
    assert code == 0, err
    return out.splitlines()


def test_a_hand_below_the_minimum_says_0_faan():
    assert lines(*NO_FAAN)[2] == "0 faan"
    assert lines(*NO_FAAN, "--lang", "zh-Hant")[2] == "0 番"
    assert not any("base points" in line for line in lines(*NO_FAAN))


def test_a_hand_short_of_a_win_says_0_faan_and_a_classical_table_keeps_its_line():
    """Thirteen tiles: no winning hand, nothing counted; mcr (no unit) says its line as before."""
    assert lines("[123m] 456p 789s 111s 5m", "--variant", "hk")[2] == "0 faan"
    assert lines("[123m] 456p 789s 111s 5m", "--variant", "mcr")[2] == "base points 0, doubles 0: 0 x 2^0 = 0"


def test_a_unit_that_is_none_stops_the_table(tmp_path):
    """`value: {unit: fan}` (not a unit): the table is refused in one line naming the key and the choices."""
    text = (ROOT / "tables" / "hk.yaml").read_text(encoding="utf-8")
    assert "value: {unit: faan}" in text
    (tmp_path / "hk.yaml").write_text(text.replace("value: {unit: faan}", "value: {unit: fan}"), encoding="utf-8")
    code, _, err = run("score", *NO_FAAN, "--tables", str(tmp_path))
    assert code == 2 and "value.unit" in err and "unit is one of points, faan, not 'fan'" in err, err
