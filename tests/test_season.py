"""A club's season (examples/season/): score sheets, the league table, statistics.

The season's four game files replay the recorded games of examples/game-spanish.yaml and
examples/game-basque.yaml deal for deal, with the club's players in the seats (a file's first lines
say who sits for whom; two files stop early). Every deal's net below is therefore the one worked out
by hand deal by deal in tests/test_games.py (SPANISH, BASQUE: hand values and nets from the rulebooks'
tables, with the arithmetic written out); this file renames and sums them, and counts wins and
self-drawn wins from the game files themselves. No number is copied from the program's output.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
import yaml

from helpers import EXAMPLES, run
from test_games import AI, BASQUE, BE, IK, MA, SPANISH, A, B, C, D

SEASON = EXAMPLES / "season"
# file -> (hand-worked deals of the original game, who sits for whom, how many deals the file keeps, counter)
FILES = {
    "2026-01-spanish.yaml": (SPANISH, {A: "Ane", B: "Bruno", C: "Carmen", D: "Diego"}, 16, 2000),
    "2026-02-basque.yaml": (BASQUE, {AI: "Iker", BE: "Ane", IK: "Maite", MA: "Bruno"}, 16, 0),
    "2026-03-spanish.yaml": (SPANISH, {A: "Maite", B: "Ane", C: "Diego", D: "Iker"}, 12, 2000),
    "2026-04-basque.yaml": (BASQUE, {AI: "Carmen", BE: "Diego", IK: "Ane", MA: "Bruno"}, 14, 0),
}
PATHS = [str(SEASON / f) for f in FILES]


def nets(file: str) -> list[dict[str, int]]:
    """The hand-worked net of each deal of FILE, under the club's names."""
    worked, who, count, _ = FILES[file]
    return [{who[p]: v for p, v in net.items()} for _, _, _, net in worked[:count]]


def values(file: str) -> list[dict[str, int] | None]:
    worked, who, count, _ = FILES[file]
    return [None if vals is None else {who[p]: v for p, v in vals.items()} for _, _, vals, _ in worked[:count]]


def deals_of(file: str) -> list[dict]:
    with open(SEASON / file, encoding="utf-8") as f:
        return yaml.safe_load(f)["deals"]


def cli_json(*args) -> object:
    code, out, err = run(*args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_the_season_files_are_the_hand_worked_games_renamed():
    """Guards the premise of this file: each season deal is the hand-worked deal with the names replaced."""
    originals = {"spanish": yaml.safe_load((EXAMPLES / "game-spanish.yaml").read_text(encoding="utf-8")),
                 "basque": yaml.safe_load((EXAMPLES / "game-basque.yaml").read_text(encoding="utf-8"))}
    for file, (_, who, count, _) in FILES.items():
        data = yaml.safe_load((SEASON / file).read_text(encoding="utf-8"))
        original = originals[data["variant"]]
        assert data["options"] == original["options"]
        assert data["players"] == [who[p] for p in original["players"]]
        assert len(data["deals"]) == count
        for mine, theirs in zip(data["deals"], original["deals"]):
            assert mine["hands"] == {who[p]: h for p, h in theirs["hands"].items()}
            assert mine.get("winner") == who.get(theirs.get("winner"))
            assert mine.get("false_mahjong") == who.get(theirs.get("false_mahjong"))
            win, their_win = mine.get("win") or {}, theirs.get("win") or {}
            assert {**win, "discarder": None} == {**their_win, "discarder": None}
            assert win.get("discarder") == who.get(their_win.get("discarder"))


# --- sheet -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("file", list(FILES))
def test_sheet_csv_nets_running_totals_and_final_row(file):
    code, out, err = run("sheet", str(SEASON / file), "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    worked = nets(file)
    start = FILES[file][3]
    players = list(worked[0])
    assert len(rows) == len(worked) + 1
    running = dict.fromkeys(players, start)
    for row, net in zip(rows, worked):
        for p in players:
            running[p] += net[p]
            assert int(row[p]) == net[p], (file, row["deal"], p)
            assert int(row[f"{p} total"]) == running[p], (file, row["deal"], p)
    final = rows[-1]
    assert final["deal"] == "total"
    for p in players:
        assert int(final[p]) == sum(n[p] for n in worked)
        assert int(final[f"{p} total"]) == start + sum(n[p] for n in worked)
    batch = cli_json("batch", str(SEASON / file))  # the sheet's last row is what batch reports
    assert {p: int(final[f"{p} total"]) for p in players} == batch["games"][0]["totals"]


def test_sheet_rows_say_east_result_and_how_the_last_tile_came():
    sheet = cli_json("sheet", str(SEASON / "2026-02-basque.yaml"))[0]
    rows = sheet["rows"]
    # basque deal 1: Iker (for Aitor) East draws 5s; deal 2: Ane (for Begoña) takes Maite's (for Iker's) W;
    # deal 3 a draw with Ane East; deal 7 Iker (for Aitor) declares a false mah jong; deal 13 Bruno's limit hand.
    # `how` ends with the set the winning tile completed (issue 24): Iker's [GGG] 234m 567p 789s 55s holds 5s only
    # in its pair 55s; Ane's [555p] [888m] 999s WW SSS holds W only in its pair WW
    assert (rows[0]["east"], rows[0]["result"], rows[0]["how"], rows[0]["value"]) == (
        "Iker", "Iker", "self-drawn, completing 55s", 56)
    assert (rows[1]["result"], rows[1]["how"], rows[1]["value"]) == ("Ane", "discard by Maite, completing WW", 168)
    assert (rows[2]["east"], rows[2]["result"], rows[2]["value"]) == ("Ane", "draw", None)
    assert rows[6]["result"] == "false mah jong by Iker" and rows[6]["net"]["Iker"] == -500 - 250 - 250
    assert (rows[12]["result"], rows[12]["value"]) == ("Bruno", 500)
    for fmt, marker in (("table", "discard by Maite"), ("markdown", "| deal"), ("html", "<table")):
        code, out, err = run("sheet", str(SEASON / "2026-02-basque.yaml"), "--format", fmt)
        assert code == 0 and marker in out, err


def test_sheet_reads_standard_input_yaml_and_json_lines():
    text = (SEASON / "2026-03-spanish.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    jsonl = "\n".join([json.dumps({k: data[k] for k in ("variant", "options", "players")})]
                      + [json.dumps(d) for d in data["deals"]]) + "\n"
    expected = {p: 2000 + sum(n[p] for n in nets("2026-03-spanish.yaml")) for p in data["players"]}
    for given in (text, jsonl):
        code, out, err = run("sheet", "-", "--format", "json", input=given)
        assert code == 0, err
        sheet = json.loads(out)[0]
        assert sheet["file"] == "-" and sheet["totals"] == expected


# --- standings -------------------------------------------------------------------------------------------

def expected_table() -> dict[str, dict]:
    """Per player, from the hand-worked nets and values and the game files: totals, games, deals, wins..."""
    out: dict[str, dict] = {}
    for file in FILES:
        variant = "spanish" if "spanish" in file else "basque"
        for net, vals, deal in zip(nets(file), values(file), deals_of(file)):
            for p in net:
                r = out.setdefault(p, {"total": 0, "games": set(), "deals": 0, "wins": 0, "self_drawn": 0,
                                       "false_mahjong": 0, "best": 0})
                r["total"] += net[p]
                r["games"].add(file)
                r["deals"] += 1
            if deal.get("false_mahjong"):
                out[deal["false_mahjong"]]["false_mahjong"] += 1
            elif deal.get("winner"):
                w = out[deal["winner"]]
                w["wins"] += 1
                w["self_drawn"] += deal["win"]["from"] in ("wall", "loose")
                w["best"] = max(w["best"], vals[deal["winner"]])
    for r in out.values():
        r["games"] = len(r["games"])
    return out


def test_standings_json_is_the_sum_of_the_hand_worked_games():
    table = cli_json("standings", *PATHS)
    want = expected_table()
    assert {r["player"] for r in table} == set(want) == {"Ane", "Bruno", "Carmen", "Diego", "Iker", "Maite"}
    for r in table:
        w = want[r["player"]]
        assert (r["total"], r["games"], r["deals"], r["wins"], r["self_drawn"], r["false_mahjong"]) == \
               (w["total"], w["games"], w["deals"], w["wins"], w["self_drawn"], w["false_mahjong"]), r["player"]
        assert r["best"]["value"] == w["best"], r["player"]
        assert r["average"] == round(w["total"] / w["games"], 1)
    totals = [r["total"] for r in table]
    assert totals == sorted(totals, reverse=True) and [r["rank"] for r in table] == list(range(1, 7))
    # Bruno's biggest hand is Maite's pure hand of characters in basque deal 13 (the limit, 500)
    bruno = next(r for r in table if r["player"] == "Bruno")
    assert (bruno["best"]["value"], bruno["best"]["variant"], bruno["best"]["deal"]) == (500, "basque", 13)
    assert bruno["best"]["file"].endswith("2026-02-basque.yaml")
    # spanish starts players at 2000: the table shows the counter beside the change. Ane played both spanish
    # files: 2000 + the sum of her spanish nets
    ane = next(r for r in table if r["player"] == "Ane")
    spanish = sum(n["Ane"] for f in ("2026-01-spanish.yaml", "2026-03-spanish.yaml") for n in nets(f))
    assert ane["counters"] == {"spanish": {"start": 2000, "end": 2000 + spanish}}
    assert ane["variants"] == {"basque": 2, "spanish": 2}


def test_standings_formats_and_mixed_variants_said():
    for fmt in ("table", "markdown", "html", "csv"):
        code, out, err = run("standings", *PATHS, "--format", fmt)
        assert code == 0, err
        assert "Bruno" in out and "Carmen" in out
        if fmt != "csv":
            assert "spanish 2, basque 2" in out and "starts players at 2000" in out
    code, out, _ = run("standings", *PATHS, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    want = expected_table()
    assert {r["player"]: int(r["total"]) for r in rows} == {p: w["total"] for p, w in want.items()}


def test_alias_merges_spellings(tmp_path):
    text = (SEASON / "2026-04-basque.yaml").read_text(encoding="utf-8").replace("Ane", "Ane M.")
    renamed = tmp_path / "night4.yaml"
    renamed.write_text(text, encoding="utf-8")
    files = PATHS[:3] + [str(renamed)]
    split = {r["player"]: r for r in cli_json("standings", *files)}
    assert "Ane M." in split and split["Ane M."]["games"] == 1
    merged = {r["player"]: r for r in cli_json("standings", *files, "--alias", "Ane=Ane M.")}
    assert "Ane M." not in merged
    assert merged["Ane"]["total"] == expected_table()["Ane"]["total"] and merged["Ane"]["games"] == 4


def test_alias_mistakes_are_one_line():
    code, out, err = run("standings", PATHS[0], "--alias", "Ane")
    assert code == 2 and "NAME=OTHER SPELLING" in err and "Traceback" not in err
    code, out, err = run("standings", PATHS[0], "--alias", "Ane=Bruno")  # both at the same table
    assert (code, out) == (2, "") and err == (
        f"mjscore: error: --alias Ane=Bruno: Ane and Bruno both play in {PATHS[0]}, so Bruno is not another "
        "spelling of Ane; leave out --alias Ane=Bruno\n")


def test_an_alias_naming_two_players_of_one_game_is_a_mistake_in_the_option():
    # issue 31: --alias Ane=Ana --alias Ane=Bruno over the season (Ane and Bruno both play in its first file,
    # examples/season/2026-01-spanish.yaml, players Ane, Bruno, Carmen, Diego) was three files "unreadable",
    # exit 1, and a warning that Bruno plays nowhere. It is the option that is wrong: one line, what to type, exit 2,
    # no table printed, no file counted unreadable, no warning
    code, out, err = run("standings", *PATHS, "--alias", "Ane=Ana", "--alias", "Ane=Bruno")
    assert (code, out) == (2, "")
    assert err == (f"mjscore: error: --alias Ane=Bruno: Ane and Bruno both play in {PATHS[0]}, so Bruno is not "
                   'another spelling of Ane; type --alias "Ane=Ana" instead\n')
    code, out, err = run("report", *PATHS, "--alias", "Ane=Ana,Bruno")
    assert code == 2 and err.count("\n") == 1 and 'type --alias "Ane=Ana" instead' in err


def test_an_alias_that_merged_nothing_is_warned_about_in_the_language():
    alone = run("standings", *PATHS, "--lang", "es")
    assert run("standings", *PATHS, "--alias", "Ane=Ane M.", "--lang", "es") == (
        0, alone[1], "mjscore: warning: --alias Ane=Ane M.: ninguna partida leída tiene un jugador llamado Ane M.; "
                     "el alias no ha unido nada\n")


def test_a_deal_that_cannot_be_scored_is_a_row_of_the_sheet_and_counts_nowhere(tmp_path):
    text = (SEASON / "2026-03-spanish.yaml").read_text(encoding="utf-8")
    broken = text.replace('Iker: "[888m] [GGG] 345s 678p EE"', 'Iker: "[888m] [GGG] 345x 678p EE"')
    assert broken != text
    path = tmp_path / "broken.yaml"
    path.write_text(broken, encoding="utf-8")
    code, out, err = run("sheet", str(path), "--format", "json")
    assert code == 1 and "1 of 12 deals not scored" in err and "deal 5" in err
    rows = json.loads(out)[0]["rows"]
    assert rows[4]["result"] == "not scored" and rows[4]["net"] == {} and rows[4]["error"]
    # deal 5 (Iker's self-drawn 56) counts for nothing; the seats after it are as before (the winner is still
    # named), so every other deal's hand-worked net stands
    kept = [n for i, n in enumerate(nets("2026-03-spanish.yaml")) if i != 4]
    assert json.loads(out)[0]["totals"] == {p: 2000 + sum(n[p] for n in kept) for p in kept[0]}
    code, out, err = run("standings", str(path), "--format", "json")
    assert code == 1
    iker = next(r for r in json.loads(out) if r["player"] == "Iker")
    assert (iker["deals"], iker["total"]) == (11, sum(n["Iker"] for n in kept))
