"""`mjscore batch`: seating, rejected deals reported with their place, output formats, atomic -o."""

import json

import pytest

from helpers import run
from mjscore.play.game import Header, Table
from mjscore.rules.tables import load_variant

GOOD = {"Ann": "[RRR] 234m 55s 78p NN", "Bo": "[555p] 123m 789s SSS NN", "Cy": "[111s] 456m 99m 2468p",
        "Di": "123s 567s 3p 4p 6m 7m 9m WW"}


def write_game(tmp_path, deals, variant="spanish", players=("Ann", "Bo", "Cy", "Di"), name="game.yaml"):
    """A YAML game file with one deal per line: deal k starts on line 3 + k."""
    path = tmp_path / name
    lines = [f"variant: {variant}", f"players: {json.dumps(list(players))}", "deals:"]
    lines += [f"  - {json.dumps(d)}" for d in deals]
    path.write_text("\n".join(lines) + "\n")
    return path


def table(variant, players, options=None):
    v = load_variant(variant)
    return Table(Header(v, v.resolve_options(options or {}), list(players)))


def test_seats_rotate_and_the_wind_moves_on():
    t = table("dmjl", "ABCD")
    assert t.seats() == {"E": "A", "S": "B", "W": "C", "N": "D"} and t.round == "E"
    t.after("E", False)  # East wins: keeps the deal
    assert t.seats()["E"] == "A"
    t.after(None, False)  # a draw: East deals again
    assert t.seats()["E"] == "A"
    t.after("S", False)  # South wins: the discs pass to the right, B is East
    assert t.seats() == {"E": "B", "S": "C", "W": "D", "N": "A"}
    for _ in range(3):
        t.after("W", False)
    assert t.round == "S"  # all four have been East: South round; dmjl's players change seats (OEMC 2005:
    assert t.seats() == {"E": "D", "S": "C", "W": "B", "N": "A"}  # S and W swap, E and N), so D deals


def test_three_players_leave_a_chair_empty():
    # basque, 3 players: West is left out; in the second deal there is no South, in the third no North
    t = table("basque", "ABC")
    assert t.seats() == {"E": "A", "S": "B", "N": "C"}
    t.after("S", False)
    assert t.seats() == {"E": "B", "W": "C", "N": "A"}
    t.after("W", False)
    assert t.seats() == {"E": "C", "S": "A", "W": "B"}


def test_two_players_alternate_east_and_west():
    t = table("basque", "AB")
    assert t.seats() == {"E": "A", "W": "B"}
    t.after("W", False)
    assert t.seats() == {"E": "B", "W": "A"}


def test_five_players_east_goes_out_and_the_longest_out_comes_in_as_north():
    t = table("basque", "ABCDE")
    assert t.seats() == {"E": "A", "S": "B", "W": "C", "N": "D"}
    t.after("E", False)  # after each deal East goes out, E comes in as North
    assert t.seats() == {"E": "B", "S": "C", "W": "D", "N": "E"}
    t.after("S", False)
    assert t.seats() == {"E": "C", "S": "D", "W": "E", "N": "A"}


def test_rejected_deals_are_reported_and_the_rest_scored(tmp_path):
    path = write_game(tmp_path, [
        {"hands": GOOD, "winner": "Bo", "win": {"tile": "7s", "discarder": "Cy"}},
        {"hands": {**GOOD, "Di": "123s 567s 3p 4p 6m 7m 9m WWW"}, "winner": None},  # 14 tiles, not won: long hand
        {"hands": {**GOOD, "Cy": "5555p"}, "winner": None},  # 5555p + [555p]: 7 copies
        {"hands": GOOD, "winner": "Zed"},
        {"hands": GOOD, "winner": None},
    ])
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 1
    data = json.loads(out)["games"][0]
    assert data["summary"] == {"read": 5, "scored": 3, "rejected": 2}
    errors = {d["deal"]: (d["place"], d["error"]) for d in data["deals"] if "error" in d}
    assert errors[3][0] == f"{path} line 6 (deal 3)" and "7 copies of 5p in the deal" in errors[3][1]
    assert "winner: 'Zed' is not a player in this deal" in errors[4][1]
    assert "mjscore: 2 of 5 deals not scored" in err


def test_strict_stops_at_the_first_error(tmp_path):
    path = write_game(tmp_path, [{"hands": GOOD, "winner": "Zed"}, {"hands": GOOD, "winner": None}])
    code, out, err = run("batch", str(path), "--strict")
    assert code == 2 and "line 4 (deal 1)" in err and "'Zed'" in err


def test_output_file_is_written_whole_or_not_at_all(tmp_path):
    path = write_game(tmp_path, [{"hands": GOOD, "winner": "Bo", "win": {"tile": "7s"}}])
    out_file = tmp_path / "out.json"
    code, out, err = run("batch", str(path), "--format", "json", "-o", str(out_file))
    assert code == 0 and out == ""
    # South wins 60 (see test_settle): Ann -96, Bo +240, Cy -64, Di -80, from 2000 each
    assert json.loads(out_file.read_text())["games"][0]["totals"] == {"Ann": 1904, "Bo": 2240, "Cy": 1936, "Di": 1920}
    bad = write_game(tmp_path, [{"hands": GOOD}], players=["Ann", "Bo"], name="bad.yaml")
    code, out, err = run("batch", str(bad), "--format", "json", "-o", str(out_file))
    assert code == 2 and "players" in err
    assert json.loads(out_file.read_text())["games"][0]["totals"]["Bo"] == 2240  # the old file is untouched
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_json_lines_are_streamed_with_line_numbers(tmp_path):
    path = tmp_path / "game.jsonl"
    lines = [json.dumps({"variant": "spanish", "players": ["Ann", "Bo", "Cy", "Di"]}),
             json.dumps({"hands": GOOD, "winner": "Bo", "win": {"tile": "7s"}}), "", "{not json",
             json.dumps({"hands": GOOD, "winner": None})]
    path.write_text("\n".join(lines) + "\n")
    code, out, err = run("batch", str(path), "--format", "json")
    data = json.loads(out)["games"][0]
    assert code == 1 and data["summary"] == {"read": 3, "scored": 2, "rejected": 1}
    assert data["deals"][1]["place"] == f"{path} line 4 (deal 2)" and data["deals"][1]["error"].startswith("not JSON")


def test_csv_has_a_row_per_player_per_deal(tmp_path):
    path = write_game(tmp_path, [{"hands": GOOD, "winner": "Bo", "win": {"tile": "7s"}}])
    code, out, err = run("batch", str(path), "--format", "csv")
    rows = out.splitlines()
    assert rows[0] == "file,deal,game,round,player,seat,winner,hand_value,net,total,error,counted,worth,seats_changed"
    # no error; counted empty: spanish has no fixed length; worth empty: the hand was paid on; seats not changed
    assert rows[2] == f"{path},1,1,E,Bo,S,Bo,60,240,2240,,,,"


def test_several_files_and_one_unreadable(tmp_path):
    good = write_game(tmp_path, [{"hands": GOOD, "winner": None}])
    code, out, err = run("batch", str(good), str(tmp_path / "missing.yaml"), "--format", "json")
    data = json.loads(out)
    assert code == 1 and len(data["games"]) == 1 and "missing.yaml: cannot read" in data["errors"][0]


def test_jobs_give_identical_output(tmp_path):
    deals = [{"hands": GOOD, "winner": "Bo", "win": {"tile": "7s"}}, {"hands": GOOD, "winner": None}] * 40
    path = write_game(tmp_path, deals)
    one = run("batch", str(path), "--format", "json")
    two = run("batch", str(path), "--format", "json", "--jobs", "2")
    assert one == two and one[0] == 0


@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
def test_jobs_keep_rejected_deals_in_place(tmp_path, fmt):
    """Over several chunks of work (64 deals each), rejected deals come back where they were."""
    good = [{"hands": GOOD, "winner": "Bo", "win": {"tile": "7s"}}, {"hands": GOOD, "winner": None}]
    deals = (good * 50 + [{"hands": GOOD, "winner": "Zed"}]) * 3
    path = write_game(tmp_path, deals)
    one = run("batch", str(path), "--format", fmt)
    two = run("batch", str(path), "--format", fmt, "--jobs", "3")
    assert one == two and one[0] == 1 and "mjscore: 3 of 303 deals not scored" in one[2]


def test_jobs_strict_stops_and_leaves_no_file(tmp_path):
    deals = [{"hands": GOOD, "winner": None}] * 200 + [{"hands": GOOD, "winner": "Zed"}] + [{"hands": GOOD}] * 200
    path = write_game(tmp_path, deals)
    out_file = tmp_path / "out.json"
    code, out, err = run("batch", str(path), "--strict", "--jobs", "2", "-o", str(out_file))
    assert code == 2 and "(deal 201)" in err and "'Zed'" in err and "Traceback" not in err
    assert not out_file.exists() and list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("header, message", [
    ({"variant": "spanish", "players": ["A", "B", "C"]}, "spanish is played by 4 players, not 3"),
    ({"variant": "spanish", "players": ["A", "A", "B", "C"]}, "each name once"),
    ({"variant": "nope", "players": ["A", "B", "C", "D"]}, "no variant 'nope'"),
    ({"variant": "spanish", "players": ["A", "B", "C", "D"], "options": {"limit": "x"}}, "takes a whole number"),
    ({"variant": "spanish", "players": ["A", "B", "C", "D"], "rounds": 4}, "unknown key 'rounds'"),
])
def test_bad_headers(tmp_path, header, message):
    import yaml

    path = tmp_path / "g.yaml"
    path.write_text(yaml.safe_dump({**header, "deals": []}))
    code, out, err = run("batch", str(path))
    assert code == 2 and message in err and "Traceback" not in err


def test_a_spanish_game_is_one_round():
    # spanish.md: a game is played until each player has been East; then a new game starts, wind East
    t = table("spanish", "ABCD")
    for _ in range(4):
        t.after("S", False)
    assert (t.game, t.round, t.seats()["E"]) == (2, "E", "A")


def test_a_hungarian_party_is_16_deals():
    t = table("hungarian", "ABCD")
    for _ in range(16):
        t.after("E", False)  # the banker keeps winning: one game of 16 deals all the same
    assert (t.game, t.seats()["E"]) == (2, "A")


def test_a_basque_game_of_five(tmp_path):
    # five players: four sit; after deal 1 East (Ann) goes out and Eve comes in as North
    hands = {"Ann": "1m 5p", "Bo": "2m 6p", "Cy": "3m 7p", "Di": "4m 8p"}
    path = write_game(tmp_path, [{"hands": hands, "winner": None},
                                 {"hands": {"Bo": "1m 5p", "Cy": "2m 6p", "Di": "3m 7p", "Eve": "4m 8p"}, "winner": None}],
                      variant="basque", players=("Ann", "Bo", "Cy", "Di", "Eve"))
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    seats = [d["seats"] for d in json.loads(out)["games"][0]["deals"]]
    assert seats == [{"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}, {"E": "Bo", "S": "Cy", "W": "Di", "N": "Eve"}]


def test_progress_bar_renders_counts(tmp_path):
    import io

    from mjscore.cli.batch import Progress

    path = write_game(tmp_path, [{"hands": GOOD, "winner": None}] * 400)
    out = io.StringIO()
    bar = Progress(out, [str(path)])
    assert bar.total == 400
    for _ in range(200):
        bar(1)
    assert bar.render() == "[###############...............]  50% 200/400 deals"
    assert out.getvalue().endswith("[###############...............]  50% 200/400 deals")
    bar.close()
    silent = Progress(out, None)
    silent(500)
    assert silent.render() == "500 deals scored" and not silent.shown


def test_a_name_that_is_not_text_is_a_rejected_deal(tmp_path):
    path = write_game(tmp_path, [{"hands": GOOD, "winner": ["Bo"]}, {"hands": GOOD, "false_mahjong": {"x": 1}}])
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 1 and "Traceback" not in err
    errors = [d["error"] for d in json.loads(out)["games"][0]["deals"]]
    assert errors[0].startswith("winner: ['Bo'] is not a player in this deal")
    assert errors[1].startswith("false_mahjong: {'x': 1} is not a player in this deal")

