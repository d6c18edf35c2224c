"""mjai logs (JSON Lines of events) read by `batch` and the commands that read games (play/mjai.py).

The fixtures (tests/fixtures/riichi/mjai/README.md) are the four mjx games written in mjai's events from their
mjlog by the script kept beside them; each game is also kept as tenhou.net/6 JSON (tests/fixtures/riichi/
TENHOU.md). So every expected figure is the twin JSON's: the same deals, payments and totals, and
`--differences` against the log's own `hora`/`ryukyoku` deltas finds none.
"""

import gzip
import json
import re
from pathlib import Path

import pytest

from helpers import run
from mjscore.play import mjai
from mjscore.play.tenhou import load

FIXTURES = Path(__file__).parent / "fixtures" / "riichi"
LOGS = sorted((FIXTURES / "mjai").glob("*.mjai.jsonl"))
TWIN = {log: FIXTURES / "tenhou" / "mjx" / log.name.replace(".mjai.jsonl", ".json") for log in LOGS}
DOUBLE_RON_GAME = FIXTURES / "mjai" / "2020052700gm-00a9-0000-75a4695c.mjai.jsonl"


def test_the_logs_are_here_with_blank_names():
    assert len(LOGS) == 4
    for log in LOGS:
        first = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
        assert first["type"] == "start_game" and first["names"] == ["", "", "", ""]


def _scored(path: Path) -> dict:
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    return json.loads(out.replace(str(path), "GAME"))


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name.split(".")[0])
def test_an_mjai_log_is_its_tenhou_twin(log):
    # every round's counters, scores, dora, ura, dealt tiles, takes, calls, discards and each player's deltas
    game, twin = load(str(log)), load(str(TWIN[log]))
    for ours, theirs in zip(game["log"], twin["log"], strict=True):
        assert ours[:16] == theirs[:16]
        assert ours[16][1::2] == theirs[16][1::2]  # the deltas (mjai names no yaku, no points)
    assert _scored(log) == _scored(TWIN[log])


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name.split(".")[0])
def test_an_mjai_log_agrees_with_its_deltas(log):
    code, out, err = run("batch", str(log), "--differences")
    assert (code, out) == (0, ""), out
    assert err == (f"mjscore: note: {log}: the log names no Tenhou lobby, whose name says its rules (般南喰赤: 喰 "
                   "open tanyao): scored under Tenhou's rules with open tanyao (kuitan) and the red fives it records; "
                   "--option open_tanyao=false plays without open tanyao\n"
                   "0 deal(s) of 1 game(s) differ from the record\n")


def test_deltas_differing_are_listed(tmp_path):
    # the game's first hora, E2-2 (the double ron): C's +10600 (the twin's deltas) given as +11600, D's as -1000
    lines = DOUBLE_RON_GAME.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"hora"' in line)
    event = json.loads(lines[at])
    assert event["deltas"] == [0, -8600, 10600, 0]
    event["deltas"] = [0, -8600, 11600, -1000]
    lines[at] = json.dumps(event)
    bad = tmp_path / "game.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run("batch", str(bad), "--differences")
    assert code == 1
    found = {who: int(record) - int(ours) for who, record, ours in
             re.findall(r"(\w): points: Tenhou (-?\d+), mjscore (-?\d+)", out)}
    assert found == {"C": 1000, "D": -1000}, out


def test_players_named_as_the_log_names_them(tmp_path):
    lines = DOUBLE_RON_GAME.read_text(encoding="utf-8").splitlines()
    lines[0] = json.dumps({"type": "start_game", "names": ["Ann", "Bo", "Cy", "Di"]})
    named = tmp_path / "game.jsonl"
    named.write_text("\n".join(lines), encoding="utf-8")
    assert _scored(named)["games"][0]["players"] == ["Ann", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("pai, code", [("1m", 11), ("9s", 39), ("5pr", 52), ("E", 41), ("P", 45), ("C", 47)])
def test_tiles(pai, code):
    assert mjai.tile(pai) == code


# --- broken logs: one line naming the line, exit 2 --------------------------------------------------

@pytest.mark.parametrize("change, says", [
    (lambda ls: ls[:1] + ls[2:], "line 2: {\"type\":\"tsumo\""),  # start_kyoku dropped
    (lambda ls: ls[:1] + ls[2:], "comes before any start_kyoku"),
    (lambda ls: ls[:3] + ['{"type":"dahai","actor":0,"pai":"?"}'] + ls[3:], "line 4: "),
    (lambda ls: ls[:3] + ['{"type":"dahai","actor":0,"pai":"?"}'] + ls[3:], "'?' is not a tile"),
    (lambda ls: ls[:3] + ['{"type":"tsumo","actor":0,"pai":"5m"'] + ls[3:], "line 4: "),
    (lambda ls: ls[:3] + ['{"type":"kiss","actor":0}'] + ls[3:], "the event type 'kiss' is none of mjai's"),
    (lambda ls: ls[:3] + ["[" * 100000 + "]" * 100000] + ls[3:], "line 4: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["),
    (lambda ls: ls[:3] + [b"\xff".decode("latin-1")] + ls[3:], "line 4: "),
    (lambda ls: ls[:3] + ['{"type":"tsumo","actor":5,"pai":"5m"}'] + ls[3:], "its actor is not a player (0-3)"),
    (lambda ls: ls[:3] + ['{"type":"tsumo","pai":"5m"}'] + ls[3:], "has no 'actor'"),
    (lambda ls: ls[:ls.index(next(x for x in ls if '"hora"' in x))], "round 3 has no result (no hora or ryukyoku)"),
])
def test_a_broken_mjai_log_is_one_line(tmp_path, change, says):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(change(DOUBLE_RON_GAME.read_text(encoding="utf-8").splitlines())), encoding="utf-8")
    code, out, err = run("batch", str(bad))
    assert code == 2 and out == ""
    assert says in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_an_mjai_log_on_standard_input_is_one_line():
    code, out, err = run("batch", "-", input=DOUBLE_RON_GAME.read_bytes())
    assert (code, out) == (2, "")
    assert err == ("mjscore: error: -: an mjai log is read from a file, not from standard input: save it and give its "
                   "name (mjscore batch GAME.jsonl)\n")


def test_a_gzip_mjai_log(tmp_path):
    # as Mortal keeps its logs (.json.gz): read as the plain file
    packed = tmp_path / "game.json.gz"
    packed.write_bytes(gzip.compress(DOUBLE_RON_GAME.read_bytes()))
    assert _scored(packed) == _scored(DOUBLE_RON_GAME)
    assert run("batch", str(packed), "--differences")[0] == 0
