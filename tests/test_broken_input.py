"""Broken files and odd input found by fuzzing `mjscore batch`, `settle` and table files: each is one
line that says what and where, exit 2 (or a rejected deal, exit 1), never a traceback."""

import json

import pytest

from helpers import run
from mjscore.hand.decompose import SHAPES
from mjscore.errors import TableError
from mjscore.rules.tables import build

GOOD = {"Ann": "[RRR] 234m 55s 78p NN", "Bo": "[555p] 123m 789s SSS NN", "Cy": "[111s] 456m 99m 2468p",
        "Di": "123s 567s 3p 4p 6m 7m 9m WW"}
HEADER = {"variant": "spanish", "players": ["Ann", "Bo", "Cy", "Di"]}
DRAW = json.dumps({"hands": GOOD, "winner": None})


def jsonl(tmp_path, *lines: bytes) -> str:
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return str(path)


def test_a_header_that_is_not_utf8(tmp_path):
    # saved as Latin-1: '{"variant": "spanish", "players": ["' is 36 bytes, so Á (0xc1) is byte 37
    path = jsonl(tmp_path, '{"variant": "spanish", "players": ["Ádám", "Bea", "Csaba", "Dóra"]}'.encode("latin-1"))
    assert run("batch", path) == (2, "", f"mjscore: error: {path} line 1: the header is not UTF-8 text "
                                         f"(byte 37 of the line)\n")


def test_a_deal_line_that_is_not_utf8_is_that_deal_only(tmp_path):
    path = jsonl(tmp_path, json.dumps(HEADER).encode(), DRAW.encode(), DRAW.encode()[:-2] + b'\xe9"}', DRAW.encode())
    code, out, err = run("batch", path, "--format", "json")
    data = json.loads(out)["games"][0]
    assert code == 1 and data["summary"] == {"read": 3, "scored": 2, "rejected": 1}
    assert data["deals"][1]["place"] == f"{path} line 3 (deal 2)"
    assert data["deals"][1]["error"].startswith("not UTF-8 text (byte ")


def test_a_byte_order_mark_is_read_past(tmp_path):
    path = jsonl(tmp_path, b"\xef\xbb\xbf" + json.dumps(HEADER).encode(), DRAW.encode())
    code, out, err = run("batch", path, "--format", "json")
    assert (code, json.loads(out)["games"][0]["summary"]) == (0, {"read": 1, "scored": 1, "rejected": 0})


def test_half_a_surrogate_pair_is_no_name(tmp_path):
    # "\ud800" alone decodes to no character: it could not be written out, so it is refused on reading
    path = jsonl(tmp_path, b'{"variant": "spanish", "players": ["Ann\\ud800", "Bo", "Cy", "Di"]}')
    assert run("batch", path)[2] == (f"mjscore: error: {path} line 1: the header: a \\u escape that is half of a "
                                     f"surrogate pair (not a character)\n")
    # a whole pair is a character (U+1F600) and is fine
    path = jsonl(tmp_path, b'{"variant": "spanish", "players": ["Ann\\ud83d\\ude00", "Bo", "Cy", "Di"]}',
                 json.dumps({"hands": {"Ann\U0001F600": GOOD["Ann"], "Bo": GOOD["Bo"], "Cy": GOOD["Cy"],
                                       "Di": GOOD["Di"]}, "winner": None}).encode())
    assert run("batch", path)[0] == 0


def test_nesting_too_deep(tmp_path):
    deep = "[" * 1000 + "]" * 1000
    path = jsonl(tmp_path, json.dumps(HEADER).encode(), f'{{"winner": {deep}}}'.encode())
    code, out, err = run("batch", path, "--format", "json", "--jobs", "2")
    assert code == 1 and json.loads(out)["games"][0]["deals"][0]["error"] == "nested more than 32 levels deep"
    game = tmp_path / "g.yaml"
    game.write_text(f"variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - winner: {deep}\n")
    assert run("batch", str(game)) == (2, "", f"mjscore: error: {game}: line 4: nested more than 32 levels deep\n")


DEEP_TOP = "nested more than 32 levels deep: no Tenhou log or game file has that; give a tenhou.net/6 JSON log or a " \
           "game file (docs/cli.md)"


def deep(n: int) -> bytes:
    return b"[" * n + b"]" * n


@pytest.mark.parametrize("name, data, says", [
    # a Tenhou log's top object holding a value 100,000 deep: json went down to Python's recursion limit
    ("log.json", b'{"log": ' + deep(100_000) + b"}\n", f"line 1: {DEEP_TOP}"),
    ("log.json", b'{"title": ["x"],\n "log": ' + deep(40) + b"}\n", f"line 2: {DEEP_TOP}"),  # within json's reach
    ("log.json", b"\xef\xbb\xbf{\"log\": " + deep(3_000) + b"}\n", f"line 1: {DEEP_TOP}"),  # after a BOM
    # a game's JSON Lines header: its reader says so (the Tenhou check read it first, and failed)
    ("game.jsonl", b'{"variant": "spanish", "x": ' + deep(50_000) + b"}\n" + DRAW.encode() + b"\n",
     "line 1: the header: nested more than 32 levels deep"),
    ("game.jsonl", b'\xef\xbb\xbf{"variant": "spanish", "x": ' + deep(3_000) + b"}\n",
     "line 1: the header: nested more than 32 levels deep"),
], ids=["log-100000-deep", "log-40-deep", "log-3000-deep-after-a-bom", "header-50000-deep",
        "header-3000-deep-after-a-bom"])
@pytest.mark.parametrize("command", ["batch", "sheet", "standings"])
def test_json_nested_far_too_deep_is_one_line_in_every_command(tmp_path, name, data, says, command):
    path = tmp_path / name
    path.write_bytes(data)
    sep = ": " if name.endswith(".json") else " "
    assert run(command, str(path)) == (2, "", f"mjscore: error: {path}{sep}{says}\n")


def test_a_header_nested_far_too_deep_on_standard_input():
    data = b"\xef\xbb\xbf{\"variant\": \"spanish\", \"x\": " + deep(3_000) + b"}\n" + DRAW.encode() + b"\n"
    assert run("batch", "-", input=data) == (
        2, "", "mjscore: error: - line 1: the header: nested more than 32 levels deep\n")


def test_a_json_line_with_a_number_too_long_to_read(tmp_path):
    path = jsonl(tmp_path, json.dumps(HEADER).encode(), b'{"honba": ' + b"9" * 5000 + b"}")
    code, out, err = run("batch", path, "--format", "json")
    assert code == 1 and json.loads(out)["games"][0]["deals"][0]["error"] == \
        "a number of 5,000 digits: too long to read (at most 4,300)"


@pytest.mark.parametrize("value, why", [
    ("9" * 4301, "a value that cannot be read (Exceeds the limit (4300 digits) for integer string conversion"),
    ("!!int abc", "a value that cannot be read (invalid literal for int() with base 10: 'abc')"),
    ("!!bool maybe", "a value that cannot be read (a !!tag that does not fit its value?)"),
    ("!!timestamp 2020-13-45x", "a value that cannot be read (a !!tag that does not fit its value?)"),
])
def test_yaml_values_that_cannot_be_read(tmp_path, value, why):
    game = tmp_path / "g.yaml"
    game.write_text(f"variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - winner: {value}\n")
    code, out, err = run("batch", str(game))
    assert code == 2 and err.startswith(f"mjscore: error: {game}: not valid YAML: {why}") and err.count("\n") == 1


def test_a_key_given_twice_loses_nothing_silently(tmp_path):
    # PyYAML alone would keep the second deals: list and drop the first two deals without a word
    game = tmp_path / "g.yaml"
    game.write_text("variant: spanish\nplayers: [Ann, Bo, Cy, Di]\n"
                    f"deals:\n  - {DRAW}\n  - {DRAW}\ndeals:\n  - {DRAW}\n")
    assert run("batch", str(game)) == (
        2, "", f"mjscore: error: {game}: line 6: not valid YAML: key 'deals' given twice in one mapping\n")


def test_output_to_a_folder(tmp_path):
    game = tmp_path / "g.yaml"
    game.write_text(f"variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - {DRAW}\n")
    (tmp_path / "out").mkdir()
    assert run("batch", str(game), "-o", str(tmp_path / "out")) == (
        2, "", f"mjscore: error: -o {tmp_path / 'out'}: is a folder; give a file name\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml", "out"]  # no temporary file left


def test_output_dash_is_standard_output(tmp_path):
    game = tmp_path / "g.yaml"
    game.write_text(f"variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - {DRAW}\n")
    code, out, err = run("batch", str(game), "--format", "json", "-o", "-")
    assert code == 0 and json.loads(out)["games"][0]["summary"]["scored"] == 1 and not (tmp_path / "-").exists()


def test_the_progress_count_never_fails_on_a_bad_file(tmp_path):
    from mjscore.cli.batch import count_deals

    game = tmp_path / "g.yaml"
    game.write_text("variant: spanish\nplayers: [A, B, C, D]\ndeals: 5\n")
    assert count_deals([str(game)]) == 0  # the run itself says "a list deals:"
    assert count_deals(["-"]) is None  # standard input is read once, by the run


def test_a_bad_option_is_the_command_lines_fault_whatever_the_files(tmp_path):
    game = tmp_path / "g.yaml"
    game.write_text(f"variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - {DRAW}\n")
    expected = (2, "", "mjscore: error: --option: option limit of spanish takes a whole number, not 'abc'\n")
    assert run("batch", str(game), str(game), "--option", "limit=abc") == expected


@pytest.mark.parametrize("name, bad", [("Ann\nmjscore: error: fake", "U+000A (a control character)"),
                                       ("Ann\tB", "U+0009 (a control character)"),
                                       ("Ann\u200b", "U+200B ZERO WIDTH SPACE (an invisible format character)")])
def test_a_name_must_print_on_one_line(tmp_path, name, bad):
    game = tmp_path / "g.yaml"
    game.write_text(json.dumps({**HEADER, "players": [name, "Bo", "Cy", "Di"], "deals": []}))
    assert run("batch", str(game)) == (
        2, "", f"mjscore: error: {game}: players: {name!r} holds {bad}: a name is one line of visible text "
               "(no line break, tab, invisible or direction-changing character)\n")


def settle_file(tmp_path, **changes):
    deal = {"variant": "spanish", "hands": {"E": GOOD["Ann"], "S": GOOD["Bo"], "W": GOOD["Cy"], "N": GOOD["Di"]},
            "winner": "S", "win": {"tile": "7s", "from": "discard", "discarder": "W"}}
    for key, value in changes.items():
        deal[key] = {**deal.get(key, {}), **value} if isinstance(value, dict) else value
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps(deal))
    return path


@pytest.mark.parametrize("changes, message", [
    ({"win": {"from": "Discard"}}, "win.from must be one of discard, wall, loose, kong, not 'Discard'"),
    ({"win": {"tile": "55p"}}, "win.tile must be one tile, not 2"),
    ({"win": {"also": ["robbing"]}}, "win.also 'robbing' is not a known circumstance"),
    ({"hands": {"W": "[111s] 456m 99m 2468p 1f"}},
     "hand of West (W): spanish is played without flowers and seasons: 1f"),
])
def test_a_deal_files_mistakes_are_named_by_its_keys(tmp_path, changes, message):
    path = settle_file(tmp_path, **changes)
    code, out, err = run("settle", str(path))
    assert code == 2 and err.startswith(f"mjscore: error: {path}: {message}") and err.count("\n") == 1


def test_an_invisible_character_gets_its_caret():
    assert run("score", "123m\u200b 456m 789m 123p 11s") == (
        2, "", "mjscore: error: unknown character '\\u200b' in a hand\n  123m? 456m 789m 123p 11s\n      ^\n")


def test_a_wrong_count_has_no_empty_caret_line():
    assert run("waits", "123m 456m 789m 12p") == (
        2, "", "mjscore: error: waits needs a hand one tile short of mah jong (13 tiles, a kong counting 3); "
               "this one has 11\n")


def test_a_bug_is_one_line_too(monkeypatch):
    import mjscore.play.settle

    def broken(deal):
        raise RuntimeError("boom")

    monkeypatch.setattr(mjscore.play.settle, "settle", broken)
    monkeypatch.delenv("MJSCORE_DEBUG", raising=False)
    code, out, err = run("settle", "--east", GOOD["Ann"], "--south", GOOD["Bo"], "--west", GOOD["Cy"],
                         "--north", GOOD["Di"])
    assert (code, err) == (2, "mjscore: error: internal error (RuntimeError: boom); please report it with the "
                              "input that caused it\n")


def spanish_raw():
    import yaml

    from helpers import ROOT

    return yaml.safe_load((ROOT / "tables" / "spanish.yaml").read_text())


# --- a second pass: score, waits, settle, variants and table files ----------------------------------

HANDS = ["--east", GOOD["Ann"], "--south", GOOD["Bo"], "--west", GOOD["Cy"], "--north", GOOD["Di"]]


def test_aliases_that_would_expand_a_billionfold_are_refused_at_once(tmp_path):
    # 9 lines: a0 holds 10 items, each line after holds 10 of the line before: 10^9 items in all
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    assert run("settle", str(path)) == (
        2, "", f"mjscore: error: {path}: line 6: aliases (*name, <<: *name) repeat too much: 1,079,029 characters "
               f"and items from 45 written (at most 10 times as many, or 1,000,000); write the values out\n")


def test_an_aliased_string_counts_its_length(tmp_path):
    """A string stands for its characters, not for one item: a 200,000-character hand given 200 times by alias
    was 40 MB to check and print from a file of 200 kB."""
    path = tmp_path / "deal.yaml"
    path.write_text(f"x: &h '{'1m' * 100_000}'\nfaults: {{{', '.join(f'k{i}: *h' for i in range(200))}}}\n")
    code, out, err = run("settle", str(path))
    assert (code, out) == (2, "") and err.startswith(f"mjscore: error: {path}: line 2: aliases (*name, <<: *name) "
                                                      "repeat too much: 2,200,0")


def test_aliases_in_moderation_are_fine():
    from mjscore.loading import read_yaml

    # a merge key and a shared list: YAML as a club might write a table
    assert read_yaml("base: &b {points: 2}\nr: {<<: *b, doubles: 1}\nx: &x [1, 2]\ny: *x\n") == {
        "base": {"points": 2}, "r": {"points": 2, "doubles": 1}, "x": [1, 2], "y": [1, 2]}


@pytest.mark.parametrize("args, message", [
    (["--winner", "S", "--win", "7s", "--discarder", "S"],
     "deal: win.discarder: S is the winner; a winner never discards the winning tile"),
    (["--winner", "S", "--win", "0p"], "--win: 0p is riichi's red five: use --variant riichi, or write 5p"),
    (["--winner", "S", "--win", "7s", "--round", ""], "deal: round: '' is not a seat (E, S, W, N)"),
    (["--winner", "S", "--win", "7s", "--option", "=1"], "--option '=1': expected KEY=VALUE, e.g. limit=1000"),
    # East holds [RRR] 234m 55s 78p NN: 3 + 3 + 2 + 2 + 2 = 12 tiles
    (["--winner", "E", "--win", "5s"],
     "deal: the winner, East (E), does not hold mah jong: 12 tiles (a kong counts 3), a winning hand has 14"),
])
def test_settle_with_options_refuses(args, message):
    assert run("settle", *HANDS, *args) == (2, "", f"mjscore: error: {message}\n")


def test_a_deal_files_place_is_said_once(tmp_path):
    path = settle_file(tmp_path, winner="X")
    assert run("settle", str(path)) == (2, "", f"mjscore: error: {path}: winner: 'X' is not a seat (E, S, W, N)\n")
    path = settle_file(tmp_path, options={"": 1})
    assert run("settle", str(path)) == (2, "", f"mjscore: error: {path}: options: '' is not an option's name\n")
    path = settle_file(tmp_path, variant="")
    assert run("settle", str(path)) == (
        2, "", f"mjscore: error: {path}: variant: expected a name such as spanish, not ''\n")


@pytest.mark.parametrize("args, message", [
    (["--seat", "ſ"], "seat must be one of E, S, W, N, not 'ſ'"),  # "ſ".upper() is "S": only ASCII is folded
    (["--option", "limit=1e3", "--option", "limit=300"], "option limit of spanish takes a whole number, not '1e3'"),
    (["-v", "../tables/basque"], "no variant '../tables/basque': a variant is named by one word (variants: "
                                 "basque, bmja, danish, dmjl, hk, hungarian, mcr, riichi, spanish)"),
])
def test_score_refuses(args, message):
    assert run("score", "[555p] 123m 789s SSS NN", *args) == (2, "", f"mjscore: error: {message}\n")


def test_heaven_still_checks_the_winning_tile():
    assert run("score", "123m 456p 789s SSS NN", "--also", "heaven", "--win", "9m") == (
        2, "", "mjscore: error: --win 9m is not in the hand; give a tile it holds (--win 1m) or add 9m to the hand\n")


@pytest.mark.parametrize("variant, option", [
    ("basque", "clean_minimum=0"), ("danish", "min_value=0"), ("danish", "false_mahjong_fine=0"),
    ("dmjl", "max_chows=0"),
])
def test_zero_turns_a_minimum_or_a_fine_off(variant, option):
    code, out, err = run("score", "[555p] 123m 789s SSS NN", "-v", variant, "--option", option)
    assert code == 0, err


def test_limit_stays_at_least_1():
    assert run("score", "[555p] 123m 789s SSS NN", "--option", "limit=0") == (
        2, "", "mjscore: error: option limit of spanish must be at least 1, not 0\n")


def test_variants_lists_table_files_only(tmp_path):
    (tmp_path / "sub.yaml").mkdir()  # a folder named like a table file is not a variant
    code, out, err = run("variants", "--tables", str(tmp_path))
    assert code == 0 and "sub" not in out
    assert run("variants", "")[0] == 2


FIRST_TABLE = "table 'Points for sets (exposed = made with a discard / concealed = completed from the wall)'"
FIRST_RULE = f"{FIRST_TABLE} rule 1 'chow'"


@pytest.mark.parametrize("change, message", [
    # values of the wrong kind (a mapping or list where a word belongs crashed the check)
    (lambda raw: raw["shapes"].append({"seven": "pairs"}),
     f"shapes: unknown shape {{'seven': 'pairs'}} (known: {', '.join(SHAPES)})"),
    (lambda raw: raw["tables"][0].update(rules=True), f"{FIRST_TABLE}: rules must be a list, not True"),
    (lambda raw: raw.setdefault("options", {}).update(house={"type": "choice", "default": "a", "choices": True}),
     "options.house: choices must be a list of words or numbers, not True"),
    # numbers out of range (they loaded, then crashed scoring or printed NaN)
    (lambda raw: raw["tables"][0]["rules"][0].update(limit=float("inf")),
     f"{FIRST_RULE}: limit must be a finite number >= 0, not inf"),
    (lambda raw: raw["tables"][0]["rules"][0].update(limit=float("nan")),
     f"{FIRST_RULE}: limit must be a finite number >= 0, not nan"),
    (lambda raw: raw["tables"][0]["rules"][0].update(limit=-1.0),
     f"{FIRST_RULE}: limit must be a finite number >= 0, not -1.0"),
    (lambda raw: raw["tables"][0]["rules"][0].update(doubles=10 ** 9),
     f"{FIRST_RULE}: doubles must be 0 to 64, not 1000000000"),
    (lambda raw: raw.setdefault("options", {}).update({1: {"type": "int", "default": 3}}),
     "options.1: an option's name is a word, not 1"),
    (lambda raw: raw.setdefault("settlement", {}).update(false_mahjong={"to_others": {"limit": 0.5, "divide": 0}}),
     "settlement.false_mahjong.to_others: divide must be at least 1, not 0"),
])
def test_a_table_file_with_a_value_it_cannot_take(change, message):
    raw = spanish_raw()
    change(raw)
    with pytest.raises(TableError) as e:
        build(raw, "spanish.yaml")
    assert str(e.value) == f"spanish.yaml: {message}"


def test_the_table_cache_never_changes_what_a_file_means(tmp_path, monkeypatch):
    # a child file is cached before it is checked (with its parent); JSON would turn the key 1 into "1",
    # so the second load, from the cache, found a valid option named "1" where the first refused the file
    from mjscore.rules import tables

    monkeypatch.setenv("MJSCORE_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "house.yaml").write_text("variant: house\nextends: spanish\noptions:\n  1: {type: int, default: 3}\n")
    for _ in range(2):
        tables._variant_at.cache_clear()
        with pytest.raises(TableError) as e:
            tables.load_variant("house", folder)
        assert str(e.value) == f"{folder / 'house.yaml'}: options.1: an option's name is a word, not 1"


def test_an_option_key_with_a_carriage_return_is_shown_on_one_line(tmp_path):
    """Found by tests/test_properties.py: a deal file's option key holding a carriage return, with a value too
    long, printed the key raw, and the terminal (and splitlines) saw two lines. The key is shown as repr() shows
    it, as every message that echoes input does."""
    deal = tmp_path / "deal.yaml"
    deal.write_text('variant: basque\nhands: {E: "111m 222m 333m 444m 55m"}\nwinner: E\nwin: {tile: 1m}\n'
                    'options: {"a\\rb": "' + "x" * 5000 + '"}\n')
    code, out, err = run("settle", str(deal))
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "options: 'a\\rb': " in err and "too long for an option's value" in err


# --- KDE Kajongg's database: a broken record is the game's one line (table, row, column), never an internal error

@pytest.mark.parametrize("change, message", [
    # a score row or the game row naming no player (was KeyError: 999)
    ("UPDATE score SET player = 999 WHERE rowid = 1",
     "score row 1, player: 999 is not one of the game's players (its game row seats 1, 2, 3, 4)"),
    ("UPDATE game SET p2 = 999", "game row 1, p2: 999 names no player (table player has no id 999)"),
    ("UPDATE game SET ruleset = 7", "game row 1, ruleset: 7 names no ruleset (table ruleset has no id 7)"),
    # columns of the wrong type (were AttributeError, TypeError)
    ("UPDATE score SET data = NULL WHERE rowid = 3",
     "score row 3, data: empty (NULL), where Kajongg keeps a hand in its notation (text)"),
    ("UPDATE score SET data = zeroblob(10) WHERE rowid = 3",
     "score row 3, data: a blob of 10 bytes, where Kajongg keeps a hand in its notation (text)"),
    ("UPDATE score SET hand = 'x' WHERE rowid = 2",
     "score row 2, hand: the text 'x', where Kajongg keeps a whole number"),
    ("UPDATE score SET manualrules = x'414243' WHERE rowid = 2",
     "score row 2, manualrules: a blob of 3 bytes, where Kajongg keeps text or nothing"),
    ("UPDATE score SET points = 1.5 WHERE rowid = 2",
     "score row 2, points: the number 1.5, where Kajongg keeps a whole number"),
    ("UPDATE score SET wind = 'Q' WHERE rowid = 2",
     "score row 2, wind: 'Q', where Kajongg keeps a wind (E, S, W or N)"),
    ("UPDATE game SET p1 = 'two'", "game row 1, p1: the text 'two', where Kajongg keeps a whole number"),
    ("UPDATE player SET name = NULL WHERE id = 3", "player row 3, name: empty (NULL), where Kajongg keeps text"),
    # one player's hand twice in one deal: neither is taken for the other
    ("INSERT INTO score SELECT * FROM score WHERE rowid = 2",
     "score row 117: player 2's hand 0 again (score row 2 holds it too)"),
])
def test_a_broken_kajongg_record_is_one_line_naming_its_table_row_and_column(tmp_path, change, message):
    import sqlite3

    from helpers import ROOT

    db = tmp_path / "kajongg3.db"
    db.write_bytes((ROOT / "tests" / "fixtures" / "kajongg" / "dmjl-seed1.db").read_bytes())
    with sqlite3.connect(db) as c:
        assert c.execute(change).rowcount == 1
    for command in (("batch",), ("batch", "--differences"), ("standings",), ("sheet",)):
        assert run(*command, str(db)) == (2, "", f"mjscore: error: {db} game 1: {message}\n"), command
