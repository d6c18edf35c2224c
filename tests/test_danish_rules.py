"""Danish "Mah Jong Regler": three players.

The numbers the Danish text lacks (its tables are missing) are the table file's, assumed from the classical
British tables: pung 2-8 2/4, pung of 1, 9 or honours 4/8, pair of dragons, own or prevailing wind 2, bonus
tile 4, mah jong 20, drawn 2, only possible tile 2; doublings: dragon, own wind, prevailing wind pung 1 each,
one suit with honours 1, one suit only 3, own flower or season 1, no chows 1; the final value rounded up to
the next 10, capped at the limit 1000. Every number below is worked by hand from those. Unless a case says
otherwise the player sits South in the East round.
"""

from __future__ import annotations

import json

from helpers import run

V = "danish"


# --- three players ------------------------------------------------------------------------------------------------
# Danish Mah Jong Regler, "Hvor mange deltagere?": "Det mest behagelige spilleantal er så afgjort 4, dog er det
# muligt at spille med kun 3" = "The most pleasant number of players is certainly 4, but it is possible to play
# with only 3". Payments, "Hvordan afsluttes spillet?": "Øst betaler og modtager altid dobbelt" (East always
# pays and receives double); "Enhver spiller, som bliver Mah Jong, modtager betaling tilsvarende til Mah Jong
# håndens fulde værdi fra alle de øvrige spillere, som herefter betaler hinanden indbyrdes ud fra forskellen
# imellem hændernes værdier" (the winner is paid the full value by all the other players, who then pay each
# other the differences). With three players there are two other players instead of three.

def _settle(*args) -> dict:
    code, out, err = run("settle", "-v", V, *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_three_players_south_wins():
    # South wins [555p] 123m 789s 234s NN on West's 4s: [555p] 2 + 20 = 22 -> 30 (NN is neither South's wind nor
    # the prevailing wind; 23s waited on 1s and 4s).
    # East [RRR] [EEE]: 4 + 4 = 8; dragons 1 + own wind 1 + prevailing wind 1: 8 x 8 = 64 -> 70.
    # West [777p]: 2 -> 10.
    # East pays South 30 x 2 = 60, West pays South 30; West pays East (70 - 10) x 2 = 120.
    data = _settle("--winner", "S", "--win", "4s", "--discarder", "W",
                   "--east", "[RRR] [EEE] 1m 4m 7m 2p 6p 1s 5s",
                   "--south", "[555p] 123m 789s 234s NN",
                   "--west", "[777p] 4m 6m 8m 1p 3p 9p 2s 6s 8s")
    assert {s: h["value"] for s, h in data["hands"].items()} == {"E": 70, "S": 30, "W": 10}
    assert sorted((p["from"], p["to"], p["amount"]) for p in data["payments"]) == \
        [("E", "S", 60), ("W", "E", 120), ("W", "S", 30)]
    assert data["net"] == {"E": -60 + 120, "S": 60 + 30, "W": -30 - 120}


def test_three_players_east_wins():
    # East draws 4s: [555p] 2 + 20 + 2 (drawn) = 24 -> 30. South: singles, 0. West [777p] 2 -> 10.
    # South and West pay East 30 x 2 = 60 each; South pays West 10 - 0 = 10.
    data = _settle("--winner", "E", "--win", "4s", "--from", "wall",
                   "--east", "[555p] 123m 789s 234s NN",
                   "--south", "1m 4m 7m 2p 6p 8p 1s 5s 9s 3m 6m 9m E",
                   "--west", "[777p] 4m 6m 8m 1p 3p 9p 2s 6s 8s")
    assert data["net"] == {"E": 60 + 60, "S": -60 - 10, "W": -60 + 10}


def test_two_players_are_refused():
    code, out, err = run("settle", "-v", V, "--east", "123m", "--south", "456m")
    assert code == 2 and "danish is played by 3 or 4 players; this deal has 2 hands" in err
    assert len(err.strip().splitlines()) == 1


# A game of three: the winning hand [555p] 123m 789s 234s 99m drawn on 4s: 2 + 20 + 2 = 24 -> 30 (no honours).
WIN = "[555p] 123m 789s 234s 99m"
TEN = "[777p] 1m 4m 6m 2s 5s 8s 1p 3p 9p"          # [777p] 2 -> 10
NIL = "1m 4m 7m 2p 6p 8p 1s 5s 9s 3m 6m 9m 3p"      # singles: 0


def test_three_players_game(tmp_path):
    # "Hvis det er Øst, som er blevet Mah Jong, forbliver spillernes benævnelse uændret. Hvis det er en af de
    # øvrige spillere, som er blevet Mah Jong, går Øst videre til den næste spiller i rækken" (East keeps the
    # seats by winning; otherwise East passes to the next player). Anders, Birgit, Carsten from East.
    deals = [
        # 1 Anders (East) wins 30: Birgit and Carsten pay 60 each; Carsten pays Birgit 10 - 0 = 10.
        {"hands": {"Anders": WIN, "Birgit": TEN, "Carsten": NIL}, "winner": "Anders",
         "win": {"tile": "4s", "from": "wall"}},
        # 2 Anders East again. Birgit wins 30: Anders pays 60, Carsten 30; Carsten pays Anders (10 - 0) x 2 = 20.
        {"hands": {"Anders": TEN, "Birgit": WIN, "Carsten": NIL}, "winner": "Birgit",
         "win": {"tile": "4s", "from": "wall"}},
        # 3 East has passed to Birgit. Carsten wins 30: Birgit pays 60, Anders 30; Birgit pays Anders 10 x 2 = 20.
        {"hands": {"Anders": TEN, "Birgit": NIL, "Carsten": WIN}, "winner": "Carsten",
         "win": {"tile": "4s", "from": "wall"}},
    ]
    path = tmp_path / "three.json"
    path.write_text(json.dumps({"variant": V, "options": {}, "players": ["Anders", "Birgit", "Carsten"],
                                "deals": deals}), encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    got = data["deals"]
    assert [d["seats"]["E"] for d in got] == ["Anders", "Anders", "Birgit"]
    assert all(len(d["seats"]) == 3 and set(d["seats"].values()) == {"Anders", "Birgit", "Carsten"} for d in got)
    assert got[0]["net"] == {"Anders": 120, "Birgit": -60 + 10, "Carsten": -60 - 10}
    assert got[1]["net"] == {"Anders": -60 + 20, "Birgit": 60 + 30, "Carsten": -30 - 20}
    assert got[2]["net"] == {"Anders": -30 + 20, "Birgit": -60 - 20, "Carsten": 60 + 30}
    # 120 - 40 - 10 = 70; -50 + 90 - 80 = -40; -70 - 50 + 90 = -30
    assert data["totals"] == {"Anders": 70, "Birgit": -40, "Carsten": -30}
    code, out, err = run("batch", str(path), "--format", "table")
    assert code == 0 and "deals: 3 read, 3 scored, 0 rejected" in out


def test_a_game_of_two_is_refused(tmp_path):
    path = tmp_path / "two.json"
    path.write_text(json.dumps({"variant": V, "options": {}, "players": ["Anders", "Birgit"], "deals": []}))
    code, out, err = run("batch", str(path))
    assert code == 2 and "danish is played by 3 or 4 players, not 2" in err
