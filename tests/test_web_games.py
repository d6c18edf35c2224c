"""Games kept by `mjscore serve`: deals stored in SQLite, the sheet derived as `mjscore batch` derives it,
corrections, deletions and undo recomputing what follows, the YAML export that batch reads, a restart
that loses nothing, and concurrent saves that lose no deal."""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest
import yaml

from mjscore import api

from helpers import EXAMPLES, run
from webserver import request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

PLAYERS = ["Ana", "Bruno", "Carmen", "Diego"]
SPANISH = yaml.safe_load((EXAMPLES / "game-spanish.yaml").read_text())


@pytest.fixture()
def served(tmp_path):
    store = Store(tmp_path / "games.sqlite3")
    with running(create_app(store)) as url:
        yield url, store


def new_game(url: str, players=PLAYERS, variant="spanish") -> dict:
    status, sheet = request(url + "/api/games", {"name": "Friday", "variant": variant, "players": players})
    assert status == 201, sheet
    return sheet


def add(url: str, game: int, deal: dict) -> dict:
    status, sheet = request(f"{url}/api/games/{game}/deals", deal)
    assert status == 201, sheet
    return sheet


def test_a_game_entered_deal_by_deal_is_the_batch_of_its_file(served):
    url, _ = served
    game = new_game(url)["game"]["id"]
    for deal in SPANISH["deals"]:
        sheet = add(url, game, deal)
    code, out, err = run("batch", str(EXAMPLES / "game-spanish.yaml"), "--format", "json")
    assert code == 0, err
    (batch,) = json.loads(out)["games"]
    assert sheet["totals"] == batch["totals"] and sheet["standings"] == batch["standings"]
    assert [(d["seats"], d["round"], d["net"]) for d in sheet["deals"]] == [
        (d["seats"], d["round"], d["net"]) for d in batch["deals"]]
    assert sheet["summary"] == {"read": 16, "scored": 16, "rejected": 0}
    code, out, err = run("sheet", str(EXAMPLES / "game-spanish.yaml"), "--format", "json")
    assert code == 0, err
    (paper,) = json.loads(out)
    assert {**sheet["sheet"], "file": None} == {**paper, "file": None}  # the score sheet of `mjscore sheet`


def test_export_is_the_game_file_batch_reads(served, tmp_path):
    url, _ = served
    game = new_game(url)["game"]["id"]
    for deal in SPANISH["deals"][:5]:
        sheet = add(url, game, deal)
    status, text = request(f"{url}/api/games/{game}/export.yaml")
    assert status == 200
    exported = yaml.safe_load(text)
    # the game keeps the rules it was created under (issue 32): the packaged spanish table's hash, its options
    rules = api.rules_of("spanish").to_dict()
    assert exported == {"variant": "spanish", "options": {}, "rules": rules, "players": PLAYERS,
                        "deals": SPANISH["deals"][:5]}
    path = tmp_path / "exported.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["games"][0]["totals"] == sheet["totals"]
    assert json.loads(out)["games"][0]["rules"] == rules and "mjscore: note" not in err  # the same rules: no note


def test_correct_delete_and_undo_recompute_the_seats_after(served):
    url, _ = served
    game = new_game(url)["game"]["id"]
    for deal in SPANISH["deals"][:4]:
        sheet = add(url, game, deal)
    ids = [d["id"] for d in sheet["deals"]]
    # Deal 2: Bruno (South) wins, so the East disc passes to him for deal 3 (Spanish rulebook, page 1 §5:
    # "mientras el vigente Viento del Este no pierda, el disco continuará en sus manos").
    assert [d["seats"]["E"] for d in sheet["deals"]] == ["Ana", "Ana", "Bruno", "Bruno"]
    status, sheet = request(f"{url}/api/games/{game}/deals/{ids[1]}", method="DELETE")
    assert status == 200
    # without deal 2, Ana (who won deal 1 as East) keeps the deal, and deal 3 (a draw) keeps it too
    assert [d["seats"]["E"] for d in sheet["deals"]] == ["Ana", "Ana", "Ana"]
    # correct deal 1 into a draw: a draw "no puntúa" (Spanish rulebook, page 1 §5): it moves nothing
    draw = {"hands": SPANISH["deals"][0]["hands"], "winner": None, "false_mahjong": None}
    status, sheet = request(f"{url}/api/games/{game}/deals/{ids[0]}", draw, method="PUT")
    assert status == 200
    assert sheet["deals"][0]["winner"] is None and sheet["deals"][0]["net"] == dict.fromkeys(PLAYERS, 0)
    # undo, undo: the correction, then the deletion; the game is the four deals again
    status, undone = request(f"{url}/api/games/{game}/undo", {})
    assert (status, undone["undone"]) == (200, "edit")
    status, undone = request(f"{url}/api/games/{game}/undo", {})
    assert (status, undone["undone"]) == (200, "delete")
    assert [d["data"] for d in undone["deals"]] == SPANISH["deals"][:4]
    assert [d["seats"]["E"] for d in undone["deals"]] == ["Ana", "Ana", "Bruno", "Bruno"]
    for _ in range(4):  # then the four additions
        assert request(f"{url}/api/games/{game}/undo", {})[0] == 200
    status, got = request(f"{url}/api/games/{game}/undo", {})
    assert (status, got) == (409, {"error": "nothing to undo in this game"})


def test_a_deal_that_cannot_be_scored_is_refused_and_not_kept(served):
    url, store = served
    game = new_game(url)["game"]["id"]
    add(url, game, SPANISH["deals"][0])
    bad = {"hands": {"Ana": "123x", "Bruno": "1m", "Carmen": "2m", "Diego": "3m"}, "winner": None}
    status, got = request(f"{url}/api/games/{game}/deals", bad)
    assert status == 400 and "digits without a suit letter" in got["error"]
    assert len(store.game(game)["deals"]) == 1
    status, got = request(f"{url}/api/games/{game}/deals", ["not a deal"])
    assert status == 400
    assert request(f"{url}/api/games/999/deals", SPANISH["deals"][0])[0] == 404
    assert request(f"{url}/api/games/{game}/deals/999", method="DELETE")[0] == 404


@pytest.mark.parametrize("body, words", [
    ({"players": ["A"]}, "players: the players' names"),
    ({"players": ["A", "A", "B", "C"]}, "different names are needed"),
    # the Spanish rulebook, page 1: "Jugadores: cuatro (no parejas)"; the game file's header says so
    ({"players": ["A", "B", "C"]}, "game: players: spanish is played by 4 players, not 3"),
    ({"players": PLAYERS, "variant": "klingon"}, "no variant 'klingon'"),
    ({"players": PLAYERS, "options": {"limit": "lots"}}, "limit"),
    ({"players": PLAYERS, "colour": "red"}, "unknown field 'colour'"),
    # a line break in the name spilt the export's comment into the file's keys
    ({"players": PLAYERS, "name": "x\nname: y"}, "name: 'x\\nname: y' holds U+000A (a control character)"),
    ({"players": ["Ana\tB", "Bo", "Cy", "Di"]}, "players: 'Ana\\tB' holds U+0009 (a control character)"),
    ({"players": PLAYERS, "name": "x\u2028y"}, "holds U+2028 LINE SEPARATOR (a line separator)"),
])
def test_a_bad_game_is_refused(served, body, words):
    url, store = served
    status, got = request(url + "/api/games", body)
    assert status == 400 and words in got["error"], got
    assert store.games() == []


@pytest.mark.parametrize("body, field", [
    ({"players": PLAYERS, "name": "Friday \u202enight"}, "name"),  # shown as "Friday thgin": a game that looks like another
    ({"players": ["Ana\u2066", "Bruno", "Carmen", "Diego"]}, "players"),
    ({"players": PLAYERS, "name": "Friday\u200b"}, "name"),
])
def test_a_name_hiding_a_character_is_refused_as_the_command_line_refuses_it(served, body, field):
    url, store = served
    status, got = request(url + "/api/games", body)
    text = body.get("name") if field == "name" else body["players"][0]
    assert status == 400, got
    assert got["error"].startswith(f"{field}: {text!r} holds U+") and got["error"].endswith(
        "(an invisible format character): a name is one line of visible text (no line break, tab, invisible or "
        "direction-changing character)")
    assert store.games() == []


def test_players_names_are_kept_in_one_spelling(served):
    url, _ = served
    sheet = new_game(url, players=["Jose\u0301", "Bruno", "Carmen", "Diego"])  # e + combining acute
    assert sheet["game"]["players"][0] == "Jos\u00e9"
    deal = {**SPANISH["deals"][0], "hands": {("Jos\u00e9" if p == "Ana" else p): h
                                             for p, h in SPANISH["deals"][0]["hands"].items()}, "winner": "Jos\u00e9"}
    sheet = add(url, sheet["game"]["id"], deal)  # the deal spells it as one character: the same player
    assert sheet["totals"]["Jos\u00e9"] == 2000 + 3 * 104  # deal 1 of tests/test_games.py: Ana (East) wins 312


def test_a_game_survives_a_restart(tmp_path):
    path = tmp_path / "games.sqlite3"
    with running(create_app(Store(path))) as url:
        game = new_game(url)["game"]["id"]
        for deal in SPANISH["deals"][:3]:
            before = add(url, game, deal)
    with running(create_app(Store(path))) as url:  # a new server on the same file
        status, games = request(url + "/api/games")
        assert status == 200 and [(g["id"], g["deals"]) for g in games] == [(game, 3)]
        status, after = request(f"{url}/api/games/{game}")
        assert after["totals"] == before["totals"] and after["deals"] == before["deals"]


def test_two_phones_saving_at_once_lose_no_deal(served):
    url, store = served
    game = new_game(url)["game"]["id"]
    writers = 8
    barrier = threading.Barrier(writers)
    statuses: list[int] = []

    def save(i: int) -> None:
        barrier.wait(timeout=30)
        statuses.append(request(f"{url}/api/games/{game}/deals", SPANISH["deals"][i])[0])

    threads = [threading.Thread(target=save, args=(i,)) for i in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert statuses == [201] * writers
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ? AND NOT deleted", (game,)).fetchone() == (writers,)
        assert db.execute("SELECT COUNT(*) FROM changes WHERE game_id = ?", (game,)).fetchone() == (writers,)
    assert sorted(json.dumps(d["data"]) for d in store.game(game)["deals"]) == sorted(
        json.dumps(d) for d in SPANISH["deals"][:writers])


def test_the_games_file_is_under_the_data_directory_or_given(monkeypatch, tmp_path):
    from mjscore.errors import MjscoreError
    from mjscore.web import server
    from mjscore.web.store import default_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "mjscore" / "games.sqlite3"
    assert server.open_store(None).path == tmp_path / "data" / "mjscore" / "games.sqlite3"
    bad = tmp_path / "bad.sqlite3"
    bad.write_text("not a database")
    with pytest.raises(MjscoreError, match=r"^--db .*bad\.sqlite3: not an SQLite file \(not a games file of mjscore's\)$"):
        server.open_store(str(bad))


@pytest.mark.parametrize("variant", ["basque", "danish"])
def test_a_game_of_three_where_the_variant_allows_it(served, variant):
    # Basque rulebook (Prats Verdú): three players leave West out of the draw ("Mendebala baztertu egingo da
    # zozketatik"); Mah Jong Regler, "Hvor mange deltagere?": "dog er det muligt at spille med kun 3" (which
    # chair stays empty the Danish text does not say: the danish table reads it as West's, as in basque)
    url, store = served
    sheet = new_game(url, players=PLAYERS[:3], variant=variant)
    assert sheet["game"]["players"] == PLAYERS[:3]
    assert sheet["next"]["seats"] == {"E": "Ana", "S": "Bruno", "N": "Carmen"}  # West's chair empty
    assert [g["players"] for g in store.games()] == [PLAYERS[:3]]


STALE = ("another phone saved a change to this game meanwhile: the sheet is reloaded; "
         "check the deal and save again")


def counted(store: Store, game: int) -> tuple[int, int]:
    """(deals kept, changes journalled) of a game, counted in the file itself."""
    with sqlite3.connect(store.path) as db:
        deals = db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ? AND NOT deleted", (game,)).fetchone()[0]
        changes = db.execute("SELECT COUNT(*) FROM changes WHERE game_id = ?", (game,)).fetchone()[0]
    return deals, changes


def test_two_phones_saving_against_the_same_version_one_is_refused(served):
    """Two phones read the sheet (version 1), both enter the next deal, both save at the same moment: one deal is
    kept, the other refused with 409 and nothing written, so no deal is scored with seats its phone did not see."""
    url, store = served
    created = new_game(url)["game"]
    game = created["id"]
    assert created["version"] == 0  # a new game has had no change
    read = add(url, game, SPANISH["deals"][0])["game"]["version"]
    assert read == 1
    writers = 6
    barrier = threading.Barrier(writers)
    answers: list[tuple[int, dict]] = []

    def save(i: int) -> None:
        barrier.wait(timeout=30)
        answers.append(request(f"{url}/api/games/{game}/deals?version={read}", SPANISH["deals"][1 + i]))

    threads = [threading.Thread(target=save, args=(i,)) for i in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(status for status, _ in answers) == [201] + [409] * (writers - 1)
    refused = [body for status, body in answers if status == 409]
    assert refused == [{"error": STALE, "version": 2}] * (writers - 1)  # the one saved made it version 2
    assert counted(store, game) == (2, 2)  # deal 1 and the one saved; nothing of the refused ones


def test_a_stale_correction_deletion_or_undo_is_refused_and_changes_nothing(served):
    url, store = served
    game = new_game(url)["game"]["id"]
    for deal in SPANISH["deals"][:2]:
        sheet = add(url, game, deal)
    first, version = sheet["deals"][0]["id"], sheet["game"]["version"]
    assert version == 2
    # another phone deletes deal 2 (version 3); this phone, still at version 2, tries each change
    assert request(f"{url}/api/games/{game}/deals/{sheet['deals'][1]['id']}?version=2", method="DELETE")[0] == 200
    before = store.game(game)
    draw = {"hands": SPANISH["deals"][0]["hands"], "winner": None}
    for path, body, method in [(f"deals/{first}", draw, "PUT"), (f"deals/{first}", None, "DELETE"),
                               ("undo", {}, "POST"), ("deals", SPANISH["deals"][2], "POST")]:
        status, got = request(f"{url}/api/games/{game}/{path}?version=2", body, method=method)
        assert (status, got) == (409, {"error": STALE, "version": 3}), path
    assert store.game(game) == before and counted(store, game) == (1, 3)
    # against the version it now reads, the correction is saved; without a version (a script), as it comes
    status, sheet = request(f"{url}/api/games/{game}/deals/{first}?version=3", draw, method="PUT")
    assert status == 200 and sheet["game"]["version"] == 4 and sheet["deals"][0]["winner"] is None
    assert request(f"{url}/api/games/{game}/undo", {})[1]["game"]["version"] == 5
    for bad in ("abc", "-1", "1.5", ""):
        status, got = request(f"{url}/api/games/{game}/undo?version={bad}", {})
        assert status == 400 and got["error"].startswith("version: the game's version as a whole number"), bad
    assert counted(store, game) == (1, 4)


def test_a_game_of_six_says_who_sits_the_next_deal_out(served):
    # Basque rulebook (Prats Verdú), for six: "Haizerik hartzen ez duten jokalariak kanpoan geratuko dira lehen
    # jokaldian" (the players who draw no wind sit the first deal out): the game file lists the four who drew
    # the winds first, East to North, then the two out
    url, _ = served
    six = [*PLAYERS, "Eva", "Félix"]
    sheet = new_game(url, players=six, variant="basque")
    assert sheet["next"]["seats"] == dict(zip("ESWN", PLAYERS)) and sheet["next"]["out"] == ["Eva", "Félix"]
    assert new_game(url)["next"]["out"] == []  # four players: nobody sits out


def test_a_name_kept_with_a_line_break_is_exported_as_a_file_batch_reads(served, tmp_path):
    """A game kept before names were checked, its name holding a line break: the export's comment stays one
    line, and batch scores the file."""
    url, store = served
    game = store.create_game("x\nname: y", "spanish", {}, PLAYERS)
    add(url, game, SPANISH["deals"][0])
    status, text = request(f"{url}/api/games/{game}/export.yaml")
    assert status == 200 and text.startswith("# x name: y: exported by mjscore serve")
    assert "name" not in yaml.safe_load(text)
    path = tmp_path / "exported.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["games"][0]["summary"]["scored"] == 1
