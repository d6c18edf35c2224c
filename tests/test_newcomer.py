"""A newcomer's stumbles, each with the exact message or output that says what to type instead (issue 17):
one meaning per option, hints for the usual mistakes, output that speaks of the game, pipes, help."""

import json
import os
import subprocess
import sys
import unicodedata

import pytest
import yaml

from helpers import EXAMPLES, ROOT, run, score_json

HAND = "[555p] 123m 789s SSS NN"
GAME = str(EXAMPLES / "game-spanish.yaml")
DEAL = str(EXAMPLES / "deal-spanish.yaml")
SEATED = ("--east", "[RRR] 234m 55s 78p NN", "--south", HAND, "--west", "[111s] 456m 99m 2468p",
          "--north", "123s 567s 3p 4p 6m 7m 9m WW")


def err(message: str) -> tuple:
    return 2, "", f"mjscore: error: {message}\n"


# --- one meaning per option ----------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("batch", GAME), ("score", HAND), ("waits", "123m 456p 789s EEE N"), ("compare", HAND), ("settle", DEAL),
    ("variants", "spanish"),
])
def test_o_key_value_is_the_output_file_not_an_option(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(*args, "-o", "limit=1000") == err("-o is the output file; for a house option type --option limit=1000")
    assert os.listdir(tmp_path) == []  # no file named limit=1000


@pytest.mark.parametrize("args", [
    ("score", HAND, "--seat", "S"), ("waits", "123m 456p 789s EEE N"), ("compare", HAND), ("settle", DEAL),
    ("batch", GAME), ("variants", "basque"), ("variants",), ("notation",), ("sheet", GAME), ("standings", GAME),
])
def test_every_command_that_prints_writes_o_file(args, tmp_path):
    code, shown, _ = run(*args)
    target = tmp_path / "out.txt"
    assert run(*args, "-o", str(target)) == (code, "", "")
    assert target.read_text(encoding="utf-8") == shown
    assert run(*args, "--output", "-") == (code, shown, "")
    assert sorted(os.listdir(tmp_path)) == ["out.txt"]  # no temporary file left beside it


def test_a_house_option_is_option_everywhere():
    # spanish, limit 1000 instead of 300 (Babcock, Rules for Mah-Jongg (1923): the limit is a house matter)
    assert score_json(HAND, "--option", "limit=1000")["limit"] == 1000
    assert run("score", HAND, "-o")[0] == 2  # -o wants a FILE


def test_option_help_is_the_same_in_every_command():
    helps = {c: run(c, "--help")[1] for c in ("score", "waits", "settle", "batch", "compare")}
    for text in ("a house option of the variant (repeatable), e.g. --option limit=1000;",
                 "write to FILE instead of standard output, atomically (FILE appears only when",
                 "use the YAML table files in DIR instead of the packaged ones"):
        assert all(text in " ".join(h.split()) for h in helps.values()), text


def test_deal_options_beside_a_deal_file_are_refused():
    assert run("settle", DEAL, "--winner", "N", "--from", "wall") == err(
        "--winner, --from: for a deal typed as options; a deal file says these itself (winner:, round:, "
        "win: {tile, from, set, discarder, also}, false_mahjong:, pays_for_all:)")


@pytest.mark.parametrize("args, message", [
    (("--also", "heaven", "--seat", "S"),
     "--also heaven is East's win on the dealt tiles; --seat S cannot have it (leave out --also heaven)"),
    (("--also", "heaven", "--from", "discard"),
     "--also heaven is a win on the dealt tiles, before any discard: not --from discard (leave out --from, "
     "or give --from wall)"),
    (("--also", "heaven", "--from", "kong"),
     "--also heaven is a win on the dealt tiles, before any discard: not --from kong (leave out --from, "
     "or give --from wall)"),
    (("--also", "earth"),
     "--also earth is another player's win on East's first discard; --seat E is East (give the winner's seat, "
     "e.g. --seat S)"),
    (("--also", "earth", "--seat", "W", "--from", "wall"),
     "--also earth is a win on East's first discard: not --from wall (leave out --from)"),
    (("--also", "heaven", "--also", "earth", "--seat", "S"),
     "--also heaven and --also earth exclude each other: heaven is East's win on the dealt tiles, earth another "
     "player's win on East's first discard"),
])
def test_heaven_and_earth_that_contradict_the_situation_are_refused(args, message):
    assert run("score", "123m 456m 789m 234p 55s", *args) == err(message)
    assert run("compare", "123m 456m 789m 234p 55s", *args) == err(message)


def test_heaven_and_earth_where_they_fit():
    # heaven: East, no --from (the dealt tiles) or --from wall; earth: another seat, a discard
    assert score_json("123m 456m 789m 234p 55s", "--also", "heaven")["limit_hand"] == "hand from heaven"
    assert score_json("123m 456m 789m 234p 55s", "--also", "heaven", "--from", "wall")["limit_hand"] == \
        "hand from heaven"
    assert score_json("234m 567m 234p 567p 99s", "--also", "earth", "--seat", "S", "--win", "9s")["limit_hand"] == \
        "hand from earth"
    # hungarian: the banker stands for East (Hungarian rulebook (Hergár, 1925): mah jong from the sky)
    data = score_json("123m 456m 789s 234s NN", "-v", "hungarian", "--option", "banker=S", "--seat", "S",
                      "--also", "heaven", "--from", "wall", "--win", "3m")
    assert "mah jong from the sky" in [i["rule"] for i in data["items"]]
    assert run("score", "123m 456m 789s 234s NN", "-v", "hungarian", "--option", "banker=S", "--also", "heaven") \
        == err("--also heaven is the banker (S)'s win on the dealt tiles; --seat E cannot have it "
               "(leave out --also heaven)")
    assert run("settle", *SEATED, "--winner", "S", "--also", "heaven") == err(
        "--also heaven is East's win on the dealt tiles; --seat S cannot have it (leave out --also heaven)")


# --- hints for the usual mistakes ----------------------------------------------------------------------

@pytest.mark.parametrize("command", ["score", "waits", "compare"])
def test_an_unquoted_hand_is_told_to_be_quoted(command):
    assert run(command, "123m", "456m", "789m", "EEE", "NN", "--seat", "S") == err(
        f'quote the hand: mjscore {command} "123m 456m 789m EEE NN"')


def test_four_equal_tiles_without_braces_get_a_note_and_keep_their_value():
    data = score_json("EEEE 123m 456m 789m 11p")
    # 15 tiles: a long hand, worth nothing (docs/notation.md); the note only explains
    assert (data["mahjong"], data["value"]) == (False, 0)
    assert data["notes"] == [
        "long hand: 15 tiles (a kong counts 3), a winning hand has 14",
        "four equal concealed tiles EEEE are not a kong until it is declared: write {EEEE} for a concealed kong "
        "or [EEEE] for an exposed one"]
    assert score_json("{EEEE} 123m 456m 789m 11p", "--win", "1p")["mahjong"] is True


@pytest.mark.parametrize("typed, message", [
    ("123b", "'b' is not a suit letter: 123b is probably 123s (b is bamboo in English books); "
             "the suits are m characters, p dots, s bamboo"),
    ("456c", "'c' is not a suit letter: 456c is probably 456m (c is characters in English books); "
             "the suits are m characters, p dots, s bamboo"),
    ("9d", "'d' is not a suit letter: 9d is probably 9p (d is dots in English books); "
           "the suits are m characters, p dots, s bamboo"),
])
def test_a_suit_letter_of_another_notation_names_the_right_one(typed, message):
    hand = f"{typed} 456m"
    assert run("score", hand) == (2, "", f"mjscore: error: {message}\n  {hand}\n  {'^' * len(typed)}\n")


def test_variant_names_are_not_case_sensitive_and_misspellings_are_helped():
    assert score_json(HAND, "-v", "Basque")["variant"] == "basque"
    assert run("variants", "BMJA")[0] == 0
    known = "(variants: basque, bmja, danish, dmjl, hk, hungarian, mcr, riichi, spanish)"
    assert run("score", HAND, "-v", "basqe") == err(f"no variant 'basqe'; did you mean basque? {known}")
    assert run("variants", "nope") == err(f"no variant 'nope' {known}")  # never the install path


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_deal_file_mistakes_are_named(tmp_path):
    hands = ('hands: {E: "[RRR] 234m 55s 78p NN", S: "[555p] 123m 789s SSS NN", W: "[111s] 456m 99m 2468p", '
             'N: "123s 567s 3p 4p 6m 7m 9m WW"}\n')
    path = _write(tmp_path, "d.yaml", hands + "winner: S\ncolour: red\n")
    assert run("settle", path) == err(f"{path}: unknown key 'colour' (keys: false_mahjong, faults, hands, options, "
                                      "pays_for_all, players, round, variant, win, winner)")
    path = _write(tmp_path, "d.yaml", hands + "players: {E: Ann, S: Bo, W: Cy, N: Di}\nwinner: Bo\n")
    assert run("settle", path) == err(f"{path}: winner: 'Bo' is not a seat (E, S, W, N): a deal file gives seats, "
                                      "not names; Bo sits S, so write S")
    path = _write(tmp_path, "d.yaml", hands + "players: {E: Ann, S: Bo, W: Cy, N: Bo}\nwinner: S\n")
    assert run("settle", path) == err(f"{path}: players: 'Bo' is named twice (each name once)")


def test_game_file_mistakes_are_named(tmp_path):
    path = _write(tmp_path, "g.yaml", "variant: spanish\nplayers: [Ann, Bo, Cy, Ann]\ndeals: []\n")
    assert run("batch", path) == err(f"{path}: players: 'Ann' is named twice (each name once)")
    path = _write(tmp_path, "g.yaml", "variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ncolour: red\ndeals: []\n")
    assert run("batch", path) == err(f"{path}: unknown key 'colour' (keys: variant, options, rules, players, deals)")
    deal = ('  - {hands: {Ann: "[RRR] 234m 55s 78p NN", Bo: "[555p] 123m 789s SSS NN", Cy: "[111s] 456m 99m 2468p", '
            'Di: "123s 567s 3p 4p 6m 7m 9m WW"}, winner: S, win: {tile: 7s, discarder: Cy}}\n')
    path = _write(tmp_path, "g.yaml", "variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n" + deal)
    code, out, _ = run("batch", path, "--format", "json")
    assert code == 1 and json.loads(out)["games"][0]["deals"][0]["error"] == (
        "winner: 'S' is not a player in this deal (players: Ann, Bo, Cy, Di); a game file names players, not "
        "seats: Bo sits S in this deal, so write Bo")


# --- output that speaks of the game --------------------------------------------------------------------

def _cells(text: str) -> int:
    """Terminal columns: a wide character (🀄) takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


@pytest.mark.parametrize("name", ["basque", "hungarian", "spanish", "danish", "dmjl", "bmja"])
def test_variants_fit_80_columns_and_keep_when_for_programs(name):
    code, out, _ = run("variants", name)
    assert code == 0 and max(_cells(line) for line in out.splitlines()) <= 80
    assert "set: pung" not in out and "tiles: simple" not in out  # the internal conditions
    assert "when:" not in out
    data = yaml.safe_load(run("variants", name, "--format", "yaml")[1])
    assert data["variant"] == name and any("when" in r for t in data["tables"] for r in t["rules"])
    assert any(r["when"] for t in json.loads(run("variants", name, "--format", "json")[1])["tables"]
               for r in t["rules"])


def test_variants_yaml_is_the_table_files_data():
    with open(ROOT / "tables" / "spanish.yaml", encoding="utf-8") as f:
        assert yaml.safe_load(run("variants", "spanish", "--format", "yaml")[1]) == yaml.safe_load(f)


def test_a_draw_says_it_is_a_draw():
    code, out, _ = run("settle", "--east", "123m 456m 789m 234p 55s", "--south", "[555p] 123m 789s SS",
                       "--west", "[111s] 456m 99m 2468p", "--north", "123s 567s 3p 4p 6m 7m 9m WW")
    assert code == 0 and "another player won" not in out
    assert "note: East: long hand: 14 tiles, but the deal is a draw: no one declared mah jong" in out.splitlines()


def test_no_doubled_words_when_the_winner_holds_no_mah_jong():
    # basque clean mode (Basque rulebook (Prats Verdú), rule 43): South's hand has three suits
    assert run("settle", *SEATED, "--winner", "S", "--win", "7s", "-v", "basque", "--option", "mode=clean") == err(
        "deal: the winner, South (S), does not hold mah jong: mode clean: the hand is not one suit (with or without "
        "honours), all terminals (with or without honours) or all honours (rule 43)")


def test_settle_table_has_flowers_a_header_for_every_column_and_the_faults(tmp_path):
    path = _write(tmp_path, "d.yaml", """variant: basque
hands: {E: "[RRR] 234m 55s 78p NN 1f", S: "[555p] 123m 789s SSS NN 2f 3y", W: "[111s] 456m 99m 2468p",
        N: "123s 567s 3p 4p 6m 7m 9m WW"}
winner: S
win: {tile: 7s, from: discard, discarder: W}
faults: {W: short}
""")
    code, out, _ = run("settle", path)
    lines = out.splitlines()
    assert code == 0
    assert lines[2].split() == ["seat", "player", "hand", "points", "doubles", "hand", "is", "value"]
    assert lines[4].startswith("E       East      [RRR] 234m 55s 78p NN 1f")  # (the hand as typed, its flower too)
    assert lines[5].startswith("S       South     [555p] 123m 789s SSS NN 2f 3y")
    assert ("note: West has a short hand: its points count with only the doubles of flowers and of doubling sets"
            in lines)


def test_glyphs_keep_the_columns_aligned():
    import re

    code, out, _ = run("settle", DEAL, "--glyphs")
    rows = out.splitlines()[2:8]  # the header, its rule and the four hands
    assert code == 0 and "🀄" in out and len(rows[2].split("  ")[0]) > 0
    # columns are set apart by two spaces or more; the hand column holds glyphs of one and two cells
    starts = {_cells(row[:[m.start() for m in re.finditer(r"\S+(?: \S+)*", row)][3]]) for row in rows}
    assert len(starts) == 1, out  # the points column starts at the same terminal column in every row
    for command in (("score", HAND), ("waits", "123m 456p 789s EEE N"), ("compare", HAND)):
        code, out, _ = run(*command, "--glyphs")
        assert code == 0 and "🀃" in out, command


def test_batch_keeps_settles_explanations():
    # deal 7 of examples/game-danish.yaml: Anders (West) calls a false mah jong; the file names its players, so
    # the note names him as the deal's line does (issue 31: it said "West" right under "by Anders")
    code, out, _ = run("batch", str(EXAMPLES / "game-danish.yaml"))
    lines = out.splitlines()
    head = lines.index("deal 7 (round E; E Carsten, S Dorte, W Anders, N Birgit): false mah jong by Anders")
    assert code == 0 and "  note: false mah jong by Anders: the deal ends, only the penalty is paid" in lines[head:]
    assert not any("by West" in line for line in lines)


def test_batch_o_still_lists_the_rejected_deals(tmp_path):
    path = _write(tmp_path, "g.yaml", "variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                                      "  - {winner: Ann, hands: {Ann: '123m'}}\n")
    code, out, errs = run("batch", path, "-o", str(tmp_path / "out.txt"))
    assert (code, out) == (1, "")
    assert errs == (f"mjscore: not scored: {path} line 4 (deal 1): hands: no hand for Bo, Cy, Di\n"
                    "mjscore: 1 of 1 deals not scored\n")


# --- pipes and programs --------------------------------------------------------------------------------

def test_batch_reads_yaml_or_json_lines_from_standard_input():
    with open(GAME, encoding="utf-8") as f:
        text = f.read()
    game = yaml.safe_load(text)
    lines = [json.dumps({k: v for k, v in game.items() if k != "deals"})] + [json.dumps(d) for d in game["deals"]]
    from_file = json.loads(run("batch", GAME, "--format", "json")[1])["games"][0]
    for given in (text, "\n".join(lines) + "\n"):
        code, out, _ = run("batch", "-", "--format", "json", input=given)
        got = json.loads(out)["games"][0]
        assert code == 0 and got["standings"] == from_file["standings"] and got["file"] == "-"


def test_batch_json_has_one_shape():
    one = json.loads(run("batch", GAME, "--format", "json")[1])
    two = json.loads(run("batch", GAME, GAME, "--format", "json")[1])
    assert list(one) == list(two) == ["games", "summary", "errors"]
    assert len(one["games"]) == 1 and one["errors"] == []


def test_a_reader_that_stops_early_ends_the_run_quietly():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "mjscore", "batch", GAME], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    assert proc.wait(timeout=60) == 0 and proc.stderr.read() == b""


# --- help ----------------------------------------------------------------------------------------------

def test_help_shows_examples_exit_statuses_and_the_also_words():
    for command in ("score", "waits", "compare", "settle", "batch", "variants", "notation", "sheet", "standings",
                    "report"):
        code, out, _ = run(command, "--help")
        assert code == 0 and "Example" in out and f"mjscore {command}" in out, command
    for command in ("score", "waits", "compare", "settle"):
        assert "heaven, earth" in run(command, "--help")[1], command
    top = " ".join(run("--help")[1].split())
    assert ("Exit status: 0 success; 1 batch, sheet, standings or report finished but some deals could not be "
            "scored; 2 bad input (one line "
            "says what and where); 130 interrupted (Ctrl-C); 143 stopped (SIGTERM).") in top


def test_shell_completion_is_documented():
    # the README sends the reader to docs/cli.md, "Shell completion" (issue 45: the README a short guide)
    assert 'eval "$(_MJSCORE_COMPLETE=bash_source mjscore)"' in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert '"Shell completion"' in (ROOT / "README.md").read_text(encoding="utf-8")
