"""Botzone's Chinese Standard Mahjong records (MCR) read by `batch` (play/botzone.py).

The fixture (tests/fixtures/mcr/botzone/README.md) is hand-worked in the records' form, each Match's fan and
score written out there: the fan from PyMahjongGB 1.4.0 (the Botzone judge's fan calculator, the reference
here, asked again below) under the situation Botzone's judge derives, the payments as the Mahjong Competition
Rules (and the judge) make them.
"""

import json
import re
from pathlib import Path

import pytest

from helpers import run
from mjscore.play.botzone import GB_WAIT_NAMES, PLAYERS, WALL, Replay

RECORD = Path(__file__).parent / "fixtures" / "mcr" / "botzone" / "hand-worked.txt"
MahjongGB = pytest.importorskip("MahjongGB")

# Each Match's winner as the judge gives it to the fan calculator: (sets, concealed tiles, winning tile,
# self-drawn, last of its kind, kong, last tile, seat wind, prevailing wind), and its fan and Score.
WINS = {
    1: ((), "W1 W2 B4 B5 B6 T7 T8 T9 F1 F1 F1 J1 J1", "W3", True, True, False, False, 0, 0, 27, (105, -35, -35, -35)),
    2: ((("CHI", "W2", 1), ("PENG", "J2", 2)), "B4 B5 B6 T7 T8 T9 W9", "W9", False, False, False, False, 2, 1, 11,
        (-8, -8, 35, -19)),
    3: ((), "W1 W2 W3 W4 W5 W6 B7 B8 B9 T3 T4 F2 F2", "T5", False, False, True, False, 3, 2, 11, (-8, -19, -8, 35)),
    4: ((("GANG", "W2", 0),), "B3 B4 B5 T6 T7 T8 F4 F4 J3 J3", "F4", True, False, True, False, 0, 3, 24,
        (96, -32, -32, -32)),
}


def _batch(path: Path, *more: str) -> list[dict]:
    code, out, err = run("batch", str(path), "--format", "json", *more)
    assert code == 0, err
    return json.loads(out)["games"]


def test_each_match_is_a_deal_of_its_own_with_its_wind():
    games = _batch(RECORD)
    assert [g["file"] for g in games] == [f"{RECORD} match {n}" for n in range(1, 6)]
    deals = [g["deals"] for g in games]
    assert [len(d) for d in deals] == [1] * 5
    assert [d[0]["round"] for d in deals] == ["E", "S", "W", "N", "E"]
    assert all(d[0]["seats"] == dict(zip("ESWN", PLAYERS)) for d in deals)  # a seat is the player's number


@pytest.mark.parametrize("match", sorted(WINS))
def test_the_fan_and_score_are_pymahjonggb_s_and_the_rulebook_s(match):
    sets, hand, tile, self_drawn, fourth, kong, last, seat, wind, fan, score = WINS[match]
    reference = MahjongGB.MahjongFanCalculator(sets, tuple(hand.split()), tile, 0, self_drawn, fourth, kong, last,
                                               seat, wind)
    assert sum(f for f, _ in reference) == fan
    deal = _batch(RECORD, "--lang", "zh")[match - 1]["deals"][0]
    winner = deal["winner"]
    assert deal["hands"][winner]["value"] == fan
    # the waits under the rulebook's names (tables/mcr.yaml), where GB-Mahjong prints its own (独听・边张 ...)
    assert sorted(i["name"] for i in deal["hands"][winner]["items"]) == sorted(GB_WAIT_NAMES.get(n, n)
                                                                              for _, n in reference)
    assert [deal["net"][p] for p in PLAYERS] == list(score)


def test_the_situations_are_derived_from_the_actions():
    deals = [g["deals"][0] for g in _batch(RECORD)]
    # 1: the fourth 3m, three shown by Player 1's pung; 2: a discard; 3: robbing Player 1's added kong, whose
    # owner keeps the pung; 4: the replacement tile after a concealed kong
    assert deals[0]["win"]["from"] == "wall" and deals[0]["win"]["also"] == ["last-of-its-kind"]
    assert (deals[1]["win"]["from"], deals[1]["win"]["discarder"]) == ("discard", "Player 3")
    assert (deals[2]["win"]["from"], deals[2]["win"]["discarder"]) == ("kong", "Player 1")
    assert deals[2]["hands"]["Player 1"]["hand"].startswith("[555s]")
    assert deals[3]["win"]["from"] == "loose" and deals[3]["hands"]["Player 0"]["hand"].startswith("{2222m}")
    assert deals[4]["winner"] is None


def test_the_record_agrees_with_differences():
    code, out, err = run("batch", str(RECORD), "--differences")
    assert (code, out) == (0, ""), out
    assert err == "0 deal(s) of 5 game(s) differ from the record\n"


def test_a_fan_or_score_differing_is_listed(tmp_path):
    text = RECORD.read_text(encoding="utf-8").replace("Fan 11 花龙 箭刻 独听・单钓", "Fan 13 花龙 箭刻 无番和")
    bad = tmp_path / "data.txt"
    bad.write_text(text.replace("Score 96 -32 -32 -32", "Score 93 -31 -31 -31"), encoding="utf-8")
    code, out, _ = run("batch", str(bad), "--differences")
    assert code == 1
    lines = out.splitlines()
    assert f"{bad} match 2 deal 1: Player 2: fan: Botzone 13, mjscore 11 (only Botzone counted: 无番和; only " \
           "mjscore counted: 单钓将)" in lines  # the record's 独听・单钓 is the rulebook's 单钓将
    assert sorted(re.findall(r"match 4 deal 1: (Player \d): points: Botzone (-?\d+), mjscore (-?\d+)", out)) == [
        ("Player 0", "93", "96"), ("Player 1", "-31", "-32"), ("Player 2", "-31", "-32"), ("Player 3", "-31", "-32")]
    code, out, _ = run("batch", str(bad), "--differences", "--format", "json")
    first = json.loads(out)[0]
    assert (first["what"], first["botzone"], first["mjscore"]) == ("fan", 13, 11)


def test_fan_names_joined_with_their_counts_are_read_alike(tmp_path):
    # a Fan line written as the competition data's converters print it (names joined by +, each with *count):
    # the same fan total and the same names as the spaced form
    text = RECORD.read_text(encoding="utf-8").replace("Fan 11 花龙 箭刻 独听・单钓", "Fan 13 花龙*1+箭刻*1+无番和*1")
    joined = tmp_path / "data.txt"
    joined.write_text(text, encoding="utf-8")
    code, out, _ = run("batch", str(joined), "--differences")
    assert code == 1
    assert f"{joined} match 2 deal 1: Player 2: fan: Botzone 13, mjscore 11 (only Botzone counted: 无番和; only " \
           "mjscore counted: 单钓将)" in out.splitlines()


def _match(*events: str, wind: int = 0) -> list[tuple[int, list[str]]]:
    lines = ["Match 1", f"Wind {wind}", *events]
    return [(n, line.split()) for n, line in enumerate(lines, 1)]


DEALS = ("Player 0 Deal W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1", "Player 1 Deal W4 W5 W6 B1 B1 T2 T3 F2 F3 F4 J2 J3 B9",
         "Player 2 Deal W7 W8 W9 B2 B3 T1 T1 T4 T5 F2 F3 J2 J3", "Player 3 Deal W1 W2 B7 B8 T6 T6 T9 F4 B5 W9 J2 J3 F2")


def test_the_last_tile_is_the_judge_s():
    # the judge's walls: 21 tiles each after the deal; a self-drawn tile is the last when the next player's
    # wall is empty, a discard the last when the wall of the player after the discarder is
    turns = [f"Player {p} {a} T9" for _ in range(WALL - 1) for p in range(4) for a in ("Draw", "Play")]
    last = ["Player 0 Draw T9", "Player 0 Play T9", "Player 1 Draw T9", "Player 1 Play T9"]
    drawn = Replay(_match(*DEALS, *turns, *last, "Player 2 Draw J1", "Player 2 Hu J1", "Score 0 0 0 0"))
    assert drawn.win["from"] == "wall" and "last-wall-tile" not in drawn.win.get("also", ())  # Player 3 draws on
    turns += last + ["Player 2 Draw T9", "Player 2 Play T9", "Player 3 Draw F1", "Player 3 Play F1"]
    discard = Replay(_match(*DEALS, *turns, "Player 0 Hu F1", "Score 0 0 0 0"))
    assert discard.win == {"tile": "E", "from": "discard", "discarder": "Player 3", "also": ["last-discard"]}
    early = Replay(_match(*DEALS, "Player 0 Draw W3", "Player 0 Play F1", "Player 1 Draw J1", "Player 1 Play J1",
                          "Player 0 Hu J1", "Score 0 0 0 0"))
    assert early.win == {"tile": "R", "from": "discard", "discarder": "Player 1"}


@pytest.mark.parametrize("line, said", [
    ("Player 1 Play X9", "line 8: 'X9' is no tile of a Botzone record"),
    ("Player 2 Chi W2", "line 8: Player 2 Chi: no other player's discard to claim"),
    ("Player 1 Peng J3", "line 8: Player 1 Peng: no other player's discard to claim"),
    ("Player 0 Hu J2", "line 8: Player 0 Hu J2: wins neither on their own draw of it"),
    ("Player 9 Draw W1", "line 8: 'Player 9 Draw W1': not `Player N ACTION ...`"),
])
def test_a_broken_match_is_its_deal_s_error_naming_the_line(tmp_path, line, said):
    bad = tmp_path / "data.txt"
    bad.write_text("\n".join(["Match 7", "Wind 0", *DEALS, "Player 0 Draw W3", line, "Huang"]) + "\n",
                   encoding="utf-8")
    code, out, err = run("batch", str(bad), "--format", "json")
    deal = json.loads(out)["games"][0]["deals"][0]
    assert code == 1 and said in deal["error"], deal["error"]
    assert deal["error"].startswith("line 8: ")
    code, out, _ = run("batch", str(bad))
    assert f"NOT SCORED: {bad} match 7: {deal['error']}\n" in out


def test_a_chow_only_from_the_player_before(tmp_path):
    events = [*DEALS, "Player 0 Draw W3", "Player 0 Play W3", "Player 2 Chi W2", "Player 2 Play F2", "Huang"]
    with pytest.raises(Exception, match=r"^Player 2 Chi: only from the player before \(Player 1\), not Player 0$") as e:
        Replay(_match(*events))
    assert e.value.line == 9


def test_a_match_that_breaks_off_is_its_deal_s_error(tmp_path):
    bad = tmp_path / "data.txt"
    bad.write_text("Match 1\nWind 0\n" + "\n".join(DEALS) + "\nHuang\nsome text\nMatch 2\nWind 0\n", encoding="utf-8")
    code, out, err = run("batch", str(bad), "--format", "json")
    first, second = (g["deals"][0]["error"] for g in json.loads(out)["games"])
    assert code == 1
    assert first == "line 8: 'some text' after the deal's result (Fan, Score or Huang)"
    assert second == "line 10: the Match ends with neither a `Player N Hu` nor `Huang`"
    no_wind = tmp_path / "nowind.txt"
    no_wind.write_text("Match 1\nWind 0\n" + "\n".join(DEALS) + "\nHuang\nMatch 2\nPlayer 0 Deal W1\n",
                       encoding="utf-8")
    code, out, _ = run("batch", str(no_wind), "--format", "json")
    second = json.loads(out)["games"][1]["deals"][0]
    assert second["error"].endswith("line 9: the line after `Match ID` is `Wind N`, the prevailing wind (0 East ... "
                                    "3 North)")


@pytest.mark.parametrize("third, said", [
    (b"Player 0 Deal " + b"W1 " * 400, "line 3: a line longer than 1,000 bytes (a Botzone record's lines are under 100)"),
    (b"Player 0 Deal W1\xff", "line 3: not UTF-8 text, as a Botzone record is"),
])
def test_a_file_that_is_no_record_is_refused_in_one_line(tmp_path, third, said):
    bad = tmp_path / "data.txt"
    bad.write_bytes(b"Match 1\nWind 0\n" + third + b"\nHuang\n")
    code, out, err = run("batch", str(bad))
    assert (code, out, err) == (2, "", f"mjscore: error: {bad}: {said}\n")


def test_a_player_or_wind_is_one_digit():
    with pytest.raises(Exception, match=r"'Player 12 Draw W1': not `Player N ACTION"):
        Replay(_match(*DEALS, "Player 12 Draw W1", "Huang"))
    with pytest.raises(Exception, match=r"the line after `Match ID` is `Wind N`"):
        Replay(_match(*DEALS, "Huang", wind="01"))


SAMPLE = RECORD.with_name("botzone-sample.txt")  # a real record: 16 Matches of Botzone's own (README.md)


def test_a_real_botzone_record_agrees_match_by_match():
    """Each Match of Botzone's sample (tests/fixtures/mcr/botzone/README.md, MIT): mjscore's fan equals the record's
    `Fan` total and its nets the record's `Score` line, Match by Match (the two `Huang` draws pay nothing), and
    --differences finds none. Match 61602cb45ddc087351c04376 counts Last Tile (和绝张, 4) as the record does: of
    the B7 won on, one was discarded unclaimed and two stood in Player 0's chows, which Botzone's judge counts
    as shown (judge/main.cpp): 4 + All Chows 2 + All Simples 2 + Mixed Double Chow 1 x 2 + Short Straight 1 = 11."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    ends = [n for n, line in enumerate(lines) if line.startswith("Score ")]
    record = [(None if lines[n - 1] == "Huang" else int(lines[n - 1].split()[1]), tuple(map(int, lines[n].split()[1:])))
              for n in ends]
    games = _batch(SAMPLE)
    assert len(games) == len(record) == 16 and sum(fan is None for fan, _ in record) == 2
    for game, (fan, score) in zip(games, record):
        deal = game["deals"][0]
        assert tuple(deal["net"][f"Player {p}"] for p in range(4)) == score, game["file"]
        assert (deal["hands"][deal["winner"]]["value"] if deal["winner"] else None) == fan
    last = next(g["deals"][0] for g in games if g["file"].endswith("61602cb45ddc087351c04376"))
    assert last["winner"] == "Player 3" and "Last Tile" in {i["rule"] for i in last["hands"]["Player 3"]["items"]}
    code, out, err = run("batch", str(SAMPLE), "--differences")
    assert (code, out, err) == (0, "", "0 deal(s) of 16 game(s) differ from the record\n")
