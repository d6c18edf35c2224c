"""A club's rules have versions (issue 32): every record of a game names the rules it was scored under (the
variant, a hash of its table, the options); a game file may state them, and a game whose recorded table is
not the one loaded is said, scored with the kept version it records (`TABLES/versions/LABEL/NAME.yaml`), or
refused with --strict; `mjscore variants diff A B` says what changed.

The season's numbers are the example game examples/game-dmjl.yaml, whose deals and totals
tests/test_games_classical.py works out by hand from the DMJL table (totals Anna -976, Bernd 914,
Clara -1552, Dieter 1614)."""

from __future__ import annotations

import hashlib
import json
import shutil

import pytest

from helpers import EXAMPLES, ROOT, run

import mjscore
from mjscore.rules.identity import canonical

SEASON_TOTALS = {"Anna": -976, "Bernd": 914, "Clara": -1552, "Dieter": 1614}  # tests/test_games_classical.py

TINY = """\
# a table of one rule, to hash by hand
variant: tiny
title: Tiny
source: a test
limit: 100
tables:
  - table: Points
    per: hand
    rules:
      - rule: mah jong
        points: 20
"""
# its canonical form (docs/tables.md "Versions of a table"): the resolved data as JSON, keys sorted, no spaces
TINY_CANONICAL = ('{"limit":100,"source":"a test","tables":[{"per":"hand","rules":[{"points":20,"rule":"mah jong"}],'
                  '"table":"Points"}],"title":"Tiny","variant":"tiny"}')


def test_the_table_hash_is_sha256_of_the_canonical_form(tmp_path):
    (tmp_path / "tiny.yaml").write_text(TINY)
    expected = "sha256:" + hashlib.sha256(TINY_CANONICAL.encode("utf-8")).hexdigest()
    rules = mjscore.rules_of("tiny", tables=tmp_path)
    assert rules.table == expected
    assert rules.to_dict() == {"variant": "tiny", "table": expected, "options": {"limit": 100}}
    assert mjscore.rules_of("tiny", {"limit": 50}, tables=tmp_path).options == {"limit": 50}


def test_comments_and_key_order_keep_the_hash_a_value_changes_it(tmp_path):
    (tmp_path / "tiny.yaml").write_text(TINY)
    first = mjscore.rules_of(str(tmp_path / "tiny.yaml")).table
    again = tmp_path / "again"
    again.mkdir()
    reordered = TINY.replace("# a table of one rule, to hash by hand\n", "# another comment\n").replace(
        "title: Tiny\nsource: a test\n", "source: a test   # moved\ntitle: Tiny\n")
    (again / "tiny.yaml").write_text(reordered)
    assert mjscore.rules_of("tiny", tables=again).table == first
    edited = tmp_path / "edited"
    edited.mkdir()
    (edited / "tiny.yaml").write_text(TINY.replace("points: 20", "points: 30"))
    assert mjscore.rules_of("tiny", tables=edited).table != first


def test_the_hash_covers_every_table_extended(tmp_path):
    # a club file that extends a club parent: the parent's edit changes the child's hash, though the child's
    # bytes are the same
    (tmp_path / "tiny.yaml").write_text(TINY)
    (tmp_path / "club.yaml").write_text("variant: club\ntitle: Club\nsource: us\nextends: tiny\n")
    before = mjscore.rules_of("club", tables=tmp_path).table
    merged = json.loads(TINY_CANONICAL)
    merged.update(variant="club", title="Club", source="us")
    assert before == "sha256:" + hashlib.sha256(canonical(merged)).hexdigest()
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(tmp_path / "club.yaml", other)
    (other / "tiny.yaml").write_text(TINY.replace("limit: 100", "limit: 200"))
    assert mjscore.rules_of("club", tables=other).table != before


# --- every record of a game names its rules ----------------------------------------------------------------

def _rules(variant="dmjl", tables=None) -> dict:
    return mjscore.rules_of(variant, tables=tables).to_dict()


def test_batch_json_sheet_standings_report_and_the_api_name_the_rules(tmp_path):
    game = str(EXAMPLES / "game-dmjl.yaml")
    spanish = str(EXAMPLES / "game-spanish.yaml")
    code, out, err = run("batch", game, spanish, "--format", "json")
    assert code == 0, err
    dmjl_rules, spanish_rules = _rules("dmjl"), _rules("spanish")
    assert [g["rules"] for g in json.loads(out)["games"]] == [dmjl_rules, spanish_rules]
    assert dmjl_rules["options"] == json.loads(out)["games"][0]["options"]
    code, out, err = run("sheet", game, "--format", "json")
    assert code == 0, err
    assert json.loads(out)[0]["rules"] == dmjl_rules
    code, out, err = run("standings", game, spanish, "--format", "json")
    assert code == 0, err
    anna = next(r for r in json.loads(out) if r["player"] == "Anna")
    assert anna["rules"] == [{"variant": "dmjl", "table": dmjl_rules["table"], "games": 1}]
    result = mjscore.score_game(game)
    assert result.rules == dmjl_rules and result.to_dict()["rules"] == dmjl_rules
    assert result.totals == SEASON_TOTALS
    assert mjscore.score_sheet(result).to_dict()["rules"] == dmjl_rules
    assert mjscore.season([result]).games[0]["rules"] == dmjl_rules
    pytest.importorskip("matplotlib")
    code, out, err = run("report", game, "-o", str(tmp_path / "season.html"))
    assert code == 0, err
    page = (tmp_path / "season.html").read_text()
    assert f'data-variant="dmjl" data-table="{dmjl_rules["table"]}"' in page


def test_a_kajongg_games_record_names_the_rules_it_is_converted_to():
    code, out, err = run("batch", str(ROOT / "tests" / "fixtures" / "kajongg" / "dmjl-seed1.db"), "--format", "json")
    assert code in (0, 1), err
    games = json.loads(out)["games"]
    assert games and all(g["rules"] == {**_rules("dmjl"), "options": g["options"]} for g in games)


# --- a season, then the club edits its table ------------------------------------------------------------

def _season(tmp_path):
    """A club folder with a copy of dmjl, and last season's two games recording it (rules: as batch wrote)."""
    club = tmp_path / "club"
    club.mkdir()
    shutil.copy(ROOT / "tables" / "dmjl.yaml", club / "dmjl.yaml")
    # the copy's hash is the packaged table's (the hash is of the content); the club's folder is not loaded
    # before the edit, as a later run of mjscore would not have it loaded either
    recorded = _rules("dmjl")
    text = (EXAMPLES / "game-dmjl.yaml").read_text()
    stated = f'variant: dmjl\nrules: {{variant: dmjl, table: "{recorded["table"]}"}}\n'
    games = []
    for name in ("spring.yaml", "summer.yaml"):
        path = tmp_path / name
        path.write_text(text.replace("variant: dmjl\n", stated, 1))
        games.append(str(path))
    return club, recorded, games


def _edit(club):
    """The new season's rules: the false mah jong's fine to each non-East player 100 -> 200, and Thirteen
    Orphans 1 limit -> 2 limits."""
    table = (club / "dmjl.yaml").read_text()
    edited = table.replace("    to_others: 100 ", "    to_others: 200 ", 1).replace(
        "        when: {pattern: thirteen_orphans}\n        limit: 1 ",
        "        when: {pattern: thirteen_orphans}\n        limit: 2 ", 1)
    assert edited.count("to_others: 200") == 1 and "limit: 2 " in edited
    (club / "dmjl.yaml").write_text(edited)


# Under the new table: deal 7, Anna's false mah jong with Clara East (seats CDAB), pays Clara (East) 100
# (to_east: 100, unchanged) and Dieter and Bernd 200 each (to_others: 200) instead of 100: Anna -200, Bernd +100,
# Dieter +100, Clara 0 (DMJL table settlement.false_mahjong; Thirteen Orphans is not scored in the game).
NEW_TOTALS = {"Anna": -976 - 200, "Bernd": 914 + 100, "Clara": -1552, "Dieter": 1614 + 100}


def test_before_the_edit_the_games_record_the_table_loaded_and_nothing_is_said(tmp_path):
    club, recorded, games = _season(tmp_path)
    assert _rules("dmjl", club) == recorded
    code, out, err = run("batch", *games, "--tables", str(club), "--format", "json")
    assert code == 0 and "note" not in err
    assert [g["rules"] for g in json.loads(out)["games"]] == [recorded, recorded]  # no recorded_table: the same
    assert [g["totals"] for g in json.loads(out)["games"]] == [SEASON_TOTALS, SEASON_TOTALS]


def test_a_the_edit_is_said_once_per_game_naming_it(tmp_path):
    club, recorded, games = _season(tmp_path)
    _edit(club)
    for command in ("batch", "sheet", "standings"):
        code, out, err = run(command, *games, "--tables", str(club))
        assert code == 0, err
        notes = [line for line in err.splitlines() if line.startswith("mjscore: note: ")]
        assert [n.split(": ")[2] for n in notes] == games, command  # once per game, naming its file
        assert all(f"records dmjl table {recorded['table'][:19]}, not the dmjl.yaml loaded" in n for n in notes)
        assert all("cannot be worked out here" in n for n in notes)
    code, out, err = run("batch", *games, "--tables", str(club), "--format", "json")
    got = json.loads(out)["games"]
    assert [g["totals"] for g in got] == [NEW_TOTALS, NEW_TOTALS]  # scored with the table loaded, and said so
    assert [g["rules"]["recorded_table"] for g in got] == [recorded["table"]] * 2
    assert got[0]["rules"]["table"] == _rules("dmjl", club)["table"] != recorded["table"]
    for command in ("batch", "sheet", "standings", "report"):
        code, out, err = run(command, games[0], "--tables", str(club), "--strict", "-o", str(tmp_path / "out"))
        assert code == 2 and len(err.strip().splitlines()) == 1, command
        assert err.startswith(f"mjscore: error: {games[0]}: the game records dmjl table") and "--strict" in err


def test_b_last_seasons_totals_are_unchanged_with_the_old_version_kept_beside_the_new(tmp_path):
    club, recorded, games = _season(tmp_path)
    kept = club / "versions" / "2025"
    kept.mkdir(parents=True)
    shutil.copy(club / "dmjl.yaml", kept / "dmjl.yaml")  # the season's table, kept as it was played
    broken = club / "versions" / "0-broken"  # a kept file that does not load is passed over
    broken.mkdir()
    (broken / "dmjl.yaml").write_text("variant: dmjl\ntables: nope\n")
    _edit(club)
    code, out, err = run("batch", *games, "--tables", str(club), "--format", "json")
    assert code == 0, err
    got = json.loads(out)["games"]
    assert [g["totals"] for g in got] == [SEASON_TOTALS, SEASON_TOTALS]
    assert [g["rules"] for g in got] == [{**recorded, "version": "versions/2025"}] * 2
    notes = [line for line in err.splitlines() if line.startswith("mjscore: note: ")]
    assert len(notes) == 2 and all("scored with the version kept as versions/2025/dmjl.yaml" in n for n in notes)
    # and what the new rules would make of it (NEW_TOTALS, worked above)
    assert all("with the loaded table its totals would be Dieter 1714 (+100), Bernd 1014 (+100), "
               "Anna -1176 (-200), Clara -1552 (+0)" in n for n in notes)
    assert all(mjscore.score_game(g, tables=club).totals == SEASON_TOTALS for g in games)
    assert mjscore.score_game(games[0], tables=club, versions=False).totals == NEW_TOTALS
    code, out, err = run("standings", *games, "--tables", str(club), "--format", "json", "--strict")
    assert code == 0, err
    assert {r["player"]: r["total"] for r in json.loads(out)} == {k: 2 * v for k, v in SEASON_TOTALS.items()}
    code, out, err = run("sheet", games[0], "--tables", str(club), "--format", "json")
    assert json.loads(out)[0]["totals"] == SEASON_TOTALS
    # on two processes, the workers load the kept version too
    code, out, err = run("batch", games[0], "--tables", str(club), "--format", "json", "--jobs", "2")
    assert code == 0 and json.loads(out)["games"][0]["totals"] == SEASON_TOTALS
    # a game of the new season records the new table: scored with it, nothing said
    new_game = tmp_path / "autumn.yaml"
    new_game.write_text((EXAMPLES / "game-dmjl.yaml").read_text().replace(
        "variant: dmjl\n", f'variant: dmjl\nrules: {{table: "{_rules("dmjl", club)["table"]}"}}\n', 1))
    code, out, err = run("batch", str(new_game), "--tables", str(club), "--format", "json")
    assert code == 0 and "note" not in err and json.loads(out)["games"][0]["totals"] == NEW_TOTALS


def test_c_variants_diff_lists_the_edit(tmp_path):
    club, recorded, games = _season(tmp_path)
    kept = club / "versions" / "2025"
    kept.mkdir(parents=True)
    shutil.copy(club / "dmjl.yaml", kept / "dmjl.yaml")
    _edit(club)
    code, out, err = run("variants", "diff", str(kept / "dmjl.yaml"), "dmjl", "--tables", str(club))
    assert code == 0, err
    assert out.splitlines()[2:] == ["  settlement false_mahjong.to_others: 100 -> 200",
                                    "  Thirteen Orphans: 1 limit -> 2 limits"]
    code, out, err = run("variants", "diff", str(kept / "dmjl.yaml"), str(club / "dmjl.yaml"), "--format", "json")
    assert code == 0, err
    d = json.loads(out)
    assert d["a"]["table"] == recorded["table"] and d["b"]["table"] == _rules("dmjl", club)["table"]
    assert d["changes"] == [
        {"about": "settlement", "name": "false_mahjong.to_others", "change": "changed", "before": 100, "after": 200,
         "text": "settlement false_mahjong.to_others: 100 -> 200"},
        {"about": "rule", "name": "Thirteen Orphans", "change": "changed", "before": {"limit": 1},
         "after": {"limit": 2}, "text": "Thirteen Orphans: 1 limit -> 2 limits", "table": "Mah Jongg Rules"}]


def test_variants_diff_new_and_removed_rules_and_options(tmp_path):
    (tmp_path / "tiny.yaml").write_text(TINY)
    b = tmp_path / "b"
    b.mkdir()
    (b / "tiny.yaml").write_text(TINY.replace("limit: 100\n", "limit: 100\noptions:\n  fast: {type: bool, default: "
                                              "false}\n") + "      - rule: all pungs\n        doubles: 1\n"
                                 "        when: {groups: {set: chow, max: 0}}\n")
    code, out, err = run("variants", "diff", str(tmp_path / "tiny.yaml"), str(b / "tiny.yaml"))
    assert code == 0, err
    assert out.splitlines()[2:] == ["  new option: fast (bool, default false)",
                                    "  new rule: all pungs: 1 double, when groups: set: chow, max: 0"]
    code, out, err = run("variants", "diff", str(b / "tiny.yaml"), str(tmp_path / "tiny.yaml"))
    assert out.splitlines()[2:] == ["  removed option: fast", "  removed rule: all pungs"]
    code, out, err = run("variants", "diff", str(tmp_path / "tiny.yaml"), str(tmp_path / "tiny.yaml"))
    assert out.splitlines()[2:] == ["no change: the same rules"]
    code, out, err = run("variants", "diff", str(tmp_path / "none.yaml"), "tiny", "--tables", str(tmp_path))
    assert code == 2 and err == (f"mjscore: error: {tmp_path / 'none.yaml'}: no such table file; give a table file "
                                 f"or a variant's name (variants: tiny)\n")
    code, out, err = run("variants", "diff", "dmjl")
    assert code == 2 and err.count("\n") == 1 and "mjscore variants diff dmjl club/dmjl.yaml" in err


# --- a game file's rules: checked ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules, says", [
    ("{table: sha256:abc}", "rules.table: expected sha256: and 64 hex digits, not 'sha256:abc'"),
    ("{variant: bmja}", "rules.variant: the game records bmja but is scored as dmjl"),
    ("{tabel: x}", "rules: unknown key 'tabel' (keys: variant, table, options)"),
    ("dmjl", "rules: expected a mapping, e.g. rules: {variant: dmjl, table: sha256:"),
])
def test_a_game_files_rules_are_checked_in_one_line(tmp_path, rules, says):
    path = tmp_path / "g.yaml"
    path.write_text((EXAMPLES / "game-dmjl.yaml").read_text().replace("variant: dmjl\n",
                                                                       f"variant: dmjl\nrules: {rules}\n", 1))
    code, out, err = run("batch", str(path))
    assert code == 2 and err.count("\n") == 1 and err.startswith(f"mjscore: error: {path}: ") and says in err


def test_recorded_options_other_than_the_games_are_said(tmp_path):
    # the game records limit 1000 but its header (and the table's default) plays to 500
    path = tmp_path / "g.yaml"
    path.write_text((EXAMPLES / "game-dmjl.yaml").read_text().replace(
        "variant: dmjl\n", f'variant: dmjl\nrules: {{table: "{_rules()["table"]}", options: {{limit: 1000}}}}\n', 1))
    code, out, err = run("batch", str(path))
    assert code == 0 and f"mjscore: note: {path}: it records other options than it is scored with: " \
                          f"limit 1000 -> 500" in err
    code, out, err = run("batch", str(path), "--strict")
    assert code == 2 and "limit 1000 -> 500; --strict: not scored" in err


def test_variants_name_shows_the_table_hash_a_game_file_records():
    code, out, err = run("variants", "dmjl")
    assert code == 0, err
    assert f"table: {mjscore.rules_of('dmjl').table}" in out.splitlines()


def test_a_json_lines_games_header_may_state_its_rules(tmp_path):
    # the header line of a JSON Lines archive takes `rules` as a YAML game file does
    game = tmp_path / "g.jsonl"
    deals = json.loads(run("batch", str(EXAMPLES / "game-dmjl.yaml"), "--format", "json")[1])["games"][0]
    import yaml

    source = yaml.safe_load((EXAMPLES / "game-dmjl.yaml").read_text())
    header = {"variant": "dmjl", "options": source["options"], "players": source["players"],
              "rules": {"variant": "dmjl", "table": "sha256:" + "0" * 64}}
    game.write_text("\n".join(json.dumps(x) for x in [header, *source["deals"]]) + "\n")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0 and f"mjscore: note: {game}: the game records dmjl table sha256:000000000000" in err
    assert json.loads(out)["games"][0]["totals"] == deals["totals"] == SEASON_TOTALS


def test_a_game_file_naming_no_variant_is_of_the_variant_its_rules_name(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text((EXAMPLES / "game-dmjl.yaml").read_text().replace(
        "variant: dmjl\n", f'rules: {{variant: dmjl, table: "{_rules()["table"]}"}}\n', 1))
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0 and "note" not in err, err
    game = json.loads(out)["games"][0]
    assert game["variant"] == "dmjl" and game["totals"] == SEASON_TOTALS
