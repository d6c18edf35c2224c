"""A basque game of three or two at the page's API (issue 30, "Evenings"): the game view says, for each deal
and for the next, why the deal passed or stayed (`moved_on`, mjscore.play.seating's words), so that a game of
three says why East passed after East's own win; /api/variants says how many play each variant and where
the players of a new game sit in its first deal; a game of two is kept and settled like any other.

The hand: Ana (East) wins on Bo's discard of R with 123m 456m 789m RRR 11s. Basque rulebook (Prats Verdú),
table 1: chows 0, an exposed pung of honours 4; table 3: mah jong 20; 24 points; table 2: a pung of dragons, one
double: 24 x 2 = 48. The losers' single tiles score nothing."""

from __future__ import annotations

import json

import pytest

from helpers import run
from webserver import request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

WIN = {"tile": "R", "from": "discard", "also": []}
HAND = "123m 456m 789m RRR 11s"
# Basque rulebook, three players: "Mendebala baztertu egingo da zozketatik. Bigarren jokaldian ez da hegorik
# egongo eta hirugarrenean ez da iparrik egongo" (West is left out of the draw; no South in the second deal, no
# North in the third): the table's option three_players, every-deal by default, passes the deal after every deal
PASSED = ("Ana (East) won, yet the deal passes to Bo, as after every deal with three players "
          "(house option three_players=every-deal)")


@pytest.fixture()
def url(tmp_path):
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url:
        yield url


def new_game(url: str, players: list[str], options: dict | None = None) -> int:
    status, sheet = request(url + "/api/games", {"name": "Friday", "variant": "basque", "players": players,
                                                  "options": options or {}})
    assert status == 201, sheet
    assert "moved_on" not in sheet["next"]  # no deal yet: nothing has moved
    return sheet["game"]["id"]


def test_a_game_of_three_says_why_east_passed_after_easts_own_win(url):
    game = new_game(url, ["Ana", "Bo", "Cy"])
    deal = {"hands": {"Ana": HAND, "Bo": "1p", "Cy": "2p"}, "winner": "Ana", "win": {**WIN, "discarder": "Bo"}}
    status, sheet = request(f"{url}/api/games/{game}/deals", deal)
    assert status == 201, sheet
    # East's 48 paid double by each of the two others (rules 69-70): 96 x 2 = 192
    assert sheet["deals"][0]["net"] == {"Ana": 192, "Bo": -96, "Cy": -96}
    assert sheet["deals"][0]["moved_on"] == sheet["next"]["moved_on"] == PASSED
    # the second deal has no South (the rulebook's words above): Bo East, Cy West, Ana North
    assert sheet["next"]["seats"] == {"E": "Bo", "W": "Cy", "N": "Ana"}
    # a draw next: the deal passes all the same (East keeps it on a draw otherwise, rules 73 and 80)
    status, sheet = request(f"{url}/api/games/{game}/deals", {"hands": {"Ana": "1p", "Bo": "2p", "Cy": "3p"},
                                                               "winner": None})
    assert status == 201, sheet
    assert sheet["next"]["moved_on"] == ("a draw, yet the deal passes to Cy, as after every deal with three players "
                                         "(house option three_players=every-deal)")
    assert [d["moved_on"] for d in sheet["deals"]][0] == PASSED  # each deal keeps its own words
    status, got = request(f"{url}/api/games/{game}?limit=1")  # a page of the last deal alone: seated from the one before
    assert status == 200 and [d["moved_on"] for d in got["deals"]] == [sheet["next"]["moved_on"]]


def test_a_game_of_three_as_the_deal_passes_keeps_east_after_easts_win(url):
    # the table's other reading of rule 80 (East keeps the deal until another player goes mah jong)
    game = new_game(url, ["Ana", "Bo", "Cy"], {"three_players": "as-the-deal-passes"})
    deal = {"hands": {"Ana": HAND, "Bo": "1p", "Cy": "2p"}, "winner": "Ana", "win": {**WIN, "discarder": "Bo"}}
    status, sheet = request(f"{url}/api/games/{game}/deals", deal)
    assert status == 201, sheet
    assert sheet["next"]["moved_on"] == "Ana (East) won: Ana stays East"
    assert sheet["next"]["seats"] == {"E": "Ana", "S": "Bo", "N": "Cy"}


def test_a_game_of_two_is_kept_settled_and_exported(url, tmp_path):
    game = new_game(url, ["Ana", "Bo"])
    status, sheet = request(f"{url}/api/games/{game}")
    assert sheet["next"]["seats"] == {"E": "Ana", "W": "Bo"}  # face to face, South and North empty
    deal = {"hands": {"Ana": HAND, "Bo": "1p"}, "winner": "Ana", "win": {**WIN, "discarder": "Bo"}}
    status, sheet = request(f"{url}/api/games/{game}/deals", deal)
    assert status == 201, sheet
    # Basque rulebook, two players: "Ez dago ordainketa bikoitzik" (no double payment): Bo pays East's 48 once
    assert sheet["deals"][0]["net"] == {"Ana": 48, "Bo": -48}
    assert sheet["next"]["moved_on"] == "Ana (East) won: Ana stays East"
    # Bo wins the second deal from the wall: 123m 456m 789m 111s 22s, basque table 1: a concealed pung of
    # terminals 8, chows and the pair nothing; table 3: mah jong 20, from the wall 2: 30, no double. Ana pays 30.
    deal = {"hands": {"Ana": "1p", "Bo": "123m 456m 789m 111s 22s"}, "winner": "Bo",
            "win": {"tile": "2s", "from": "wall", "also": []}}
    status, sheet = request(f"{url}/api/games/{game}/deals", deal)
    assert status == 201, sheet
    assert sheet["deals"][1]["net"] == {"Ana": -30, "Bo": 30}
    assert sheet["next"]["moved_on"] == "Bo (West) won: the deal passes to Bo"
    assert sheet["next"]["seats"] == {"E": "Bo", "W": "Ana"}
    assert [r["net"] for r in sheet["sheet"]["rows"]] == [{"Ana": 48, "Bo": -48}, {"Ana": -30, "Bo": 30}]
    assert sheet["totals"] == {"Ana": 18, "Bo": -18}  # a basque game starts at 0
    status, text = request(f"{url}/api/games/{game}/export.yaml")
    assert status == 200 and "- Ana\n- Bo\n" in text
    path = tmp_path / "two.yaml"  # the export, as `mjscore sheet` reads it: the same rows
    path.write_text(text, encoding="utf-8")
    code, out, err = run("sheet", str(path), "--format", "json")
    assert code == 0, err
    assert [r["net"] for r in json.loads(out)[0]["rows"]] == [r["net"] for r in sheet["sheet"]["rows"]]


def test_the_variants_say_how_many_play_and_where_they_sit_first(url):
    status, got = request(url + "/api/variants")
    by = {v["variant"]: v for v in got["variants"]}
    # basque settlement `players: [2, 3, 4, 5, 6]` (the rulebook's "Jokalarien kopurua"); danish [3, 4]
    assert by["basque"]["players"] == [2, 3, 4, 5, 6] and by["danish"]["players"] == [3, 4]
    assert by["basque"]["first_seats"] == {"2": ["E", "W"], "3": ["E", "S", "N"], **{n: list("ESWN") for n in "456"}}
    assert by["danish"]["first_seats"] == {"3": ["E", "S", "N"], "4": list("ESWN")}
    assert by["spanish"]["first_seats"] == {"4": list("ESWN")}


def test_two_players_where_the_variant_is_not_played_by_two_is_refused(url):
    status, got = request(url + "/api/games", {"variant": "danish", "players": ["Ana", "Bo"]})
    assert status == 400 and got["error"] == "game: players: danish is played by 3 or 4 players, not 2"
