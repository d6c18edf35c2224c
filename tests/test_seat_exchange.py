"""Seats that change other than by passing the deal: the OEMC 2005 seat exchange between rounds (dmjl and bmja,
as KDE Kajongg plays; any table by `seat_exchange: oemc-2005`), and a game file's `seats:` for a deal.

The rule, from KDE Kajongg 22.12, game.py Game.__init__ ("shift rules taken from the OEMC 2005 rules",
shiftRules = 'SWEN,SE,WE') and Game.__exchangeSeats: when round E ends the players sitting S and W swap, and E
and N; when round S ends, S and E; when round W ends, W and E (seated as when the round ends: after four
passes, as at its start). With A, B, C, D seated E, S, W, N at the start the first deal of each round is:
round E ABCD; round S: S<->W and E<->N give DCBA; round W: S<->E gives CDBA; round N: W<->E gives BDCA.
Within a round the deal passes as always: the old South deals (ABCD -> BCDA).
"""

from __future__ import annotations

import json

import pytest
import yaml

from helpers import ROOT, run

from mjscore import api
from mjscore.play import ledger
from mjscore.play.game import Header, Table
from mjscore.rules.tables import load_variant

# seats E S W N of every deal of a game in which South wins each deal (so the deal passes every time), worked
# from the rule above: the first of each round by the exchange, the others by passing the deal (ABCD -> BCDA)
PASSING = ["ABCD", "BCDA", "CDAB", "DABC",   # round E
           "DCBA", "CBAD", "BADC", "ADCB",   # round S: ABCD exchanged, S<->W and E<->N
           "CDBA", "DBAC", "BACD", "ACDB",   # round W: DCBA exchanged, S<->E
           "BDCA", "DCAB", "CABD", "ABDC"]   # round N: CDBA exchanged, W<->E
NAMES = {"A": "Ana", "B": "Bo", "C": "Cy", "D": "Di"}


def seats_of(letters: str) -> dict[str, str]:
    return {seat: NAMES[c] for seat, c in zip("ESWN", letters)}


def scored(tmp_path, game: dict) -> api.GameResult:
    """What batch makes of the game (mjscore.score_game: batch's JSON of the game)."""
    path = tmp_path / "scored.yaml"
    path.write_text(yaml.safe_dump(game, sort_keys=False, allow_unicode=True))
    return api.score_game(str(path))


def batch(tmp_path, game: dict, *args, name: str = "game.yaml") -> tuple[int, dict, str]:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(game, sort_keys=False))
    code, out, err = run("batch", str(path), "--format", "json", *args)
    return code, json.loads(out)["games"][0], err


def south_wins(letters: str) -> dict:
    """A deal in which the player sitting South wins 32 from the wall and the others hold nothing that scores:
    [222m] 2 + 444p 4 + 777s 4 + 20 + drawn 2 = 32 (456s chow, 55p pair), no double, whatever the seats."""
    seats = seats_of(letters)
    hands = {name: "" for name in seats.values()}
    hands[seats["S"]] = "[222m] 444p 456s 777s 55p"
    return {"hands": hands, "winner": seats["S"], "win": {"tile": "6s", "from": "wall"}}


def test_a_table_moves_the_seats_between_rounds_as_kajongg():
    v = load_variant("dmjl")
    t = Table(Header(v, v.resolve_options(), list("ABCD")))
    for deal, letters in enumerate(PASSING):
        assert t.seats() == dict(zip("ESWN", letters)), f"deal {deal + 1}"
        assert t.round == "ESWN"[deal // 4]
        assert t.changed == (f"seats exchanged at the start of round {t.round} (OEMC 2005)"
                             if deal in (4, 8, 12) else None)
        # the page keeps the table as its snapshot: resumed, it seats the next deal alike
        again = Table.resumed(t.header, json.loads(json.dumps(t.snapshot())))
        assert (again.seats(), again.round, again.changed) == (t.seats(), t.round, t.changed)
        t.after("S", False)
    assert t.game == 2 and t.seats() == dict(zip("ESWN", "ABCD"))  # four rounds: a new game, seats as at the start


@pytest.mark.parametrize("variant", ["dmjl", "bmja"])
def test_a_game_of_sixteen_passes(tmp_path, variant):
    game = {"variant": variant, "players": ["Ana", "Bo", "Cy", "Di"], "deals": [south_wins(s) for s in PASSING]}
    code, data, err = batch(tmp_path, game)
    assert code == 0, err
    for i, (letters, got) in enumerate(zip(PASSING, data["deals"])):
        seats = seats_of(letters)
        assert got["seats"] == seats and got["round"] == "ESWN"[i // 4], f"deal {i + 1}"
        # South receives 32 from each, East's 64 (East pays double); the others hold nothing
        assert got["net"] == {seats["E"]: -64, seats["S"]: 3 * 32 + 32, seats["W"]: -32, seats["N"]: -32}
        assert got.get("seats_changed") == (f"seats exchanged at the start of round {got['round']} (OEMC 2005)"
                                            if i in (4, 8, 12) else None)


def test_the_option_keeps_the_chairs(tmp_path):
    # dmjl's option seat_exchange=none (Kajongg's manual scoring game asks each pair whether they swap): the
    # deal passes round the same four chairs, round S starts as round E did
    game = {"variant": "dmjl", "players": ["Ana", "Bo", "Cy", "Di"],
            "deals": [south_wins(s) for s in ["ABCD", "BCDA", "CDAB", "DABC", "ABCD"]]}
    code, data, err = batch(tmp_path, game, "--option", "seat_exchange=none")
    assert code == 0, err
    assert data["deals"][4]["round"] == "S" and data["deals"][4]["seats"] == seats_of("ABCD")
    assert "seats_changed" not in data["deals"][4]


def test_any_table_may_name_the_exchange(tmp_path):
    # spanish plays one round per game; a club's table of two rounds with the OEMC exchange
    (tmp_path / "club.yaml").write_text("variant: club\nextends: spanish\n"
                                        "settlement: {seat_exchange: oemc-2005, rounds_per_game: 2}\n")
    deals = [south_wins(s) for s in ["ABCD", "BCDA", "CDAB", "DABC", "DCBA"]]
    code, data, err = batch(tmp_path, {"variant": "club", "players": ["Ana", "Bo", "Cy", "Di"], "deals": deals},
                            "--tables", str(tmp_path))
    assert code == 0, err
    assert data["deals"][4]["round"] == "S" and data["deals"][4]["seats"] == seats_of("DCBA")
    # the seed rulebooks' tables keep their chairs: spanish alone starts a new game after its round
    code, data, err = batch(tmp_path, {"variant": "spanish", "players": ["Ana", "Bo", "Cy", "Di"], "deals": deals})
    assert data["deals"][4]["game"] == 2 and data["deals"][4]["seats"] == seats_of("ABCD")


def test_a_wrong_exchange_in_a_table_is_one_line(tmp_path):
    (tmp_path / "club.yaml").write_text("variant: club\nextends: spanish\nsettlement: {seat_exchange: oemc-2006}\n")
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({"variant": "club", "players": ["Ana", "Bo", "Cy", "Di"], "deals": []}))
    code, out, err = run("batch", str(path), "--tables", str(tmp_path))
    assert code == 2 and out == ""
    assert err == (f"mjscore: error: {tmp_path / 'club.yaml'}: settlement.seat_exchange: must be one of none, "
                   f"oemc-2005, not 'oemc-2006'\n")


# --- KDE Kajongg's own game ----------------------------------------------------------------------------------

def test_kajongg_dmjl_seed_1_deal_by_deal(tmp_path):
    # tests/data/kajongg-dmjl-seed1.yaml: a robot game of KDE Kajongg 22.12.3, ruleset "Classical Chinese DMJL",
    # game seed 1, with what Kajongg recorded for each deal. batch derives the seats from the winners alone:
    # every deal's prevailing wind, seats, hand values (0 for every hand of a draw) and payments are Kajongg's.
    fixture = yaml.safe_load((ROOT / "tests" / "data" / "kajongg-dmjl-seed1.yaml").read_text())
    got = scored(tmp_path, fixture["game"])
    assert got.summary == {"read": 29, "scored": 29, "rejected": 0}
    for i, (deal, kaj) in enumerate(zip(got.deals, fixture["kajongg"])):
        assert (deal["round"], deal["seats"]) == (kaj["round"], kaj["seats"]), f"deal {i + 1}"
        assert {n: h["value"] for n, h in deal["hands"].items()} == kaj["points"], f"deal {i + 1}"
        assert deal["net"] == kaj["payments"], f"deal {i + 1}"
    # the first deal of each round, as the rule above says for A=root, B=Robot 1, C=Robot 2, D=Robot 3
    # (Kajongg's own record: round E root Robot 1 Robot 2 Robot 3; S Robot 3 Robot 2 Robot 1 root; W Robot 2 Robot 3
    # Robot 1 root; N Robot 1 Robot 3 Robot 2 root)
    firsts = {}
    for deal in got.deals:
        letters = "".join("ABCD"[int(n[-1]) if n != "root" else 0] for n in deal["seats"].values())
        firsts.setdefault(deal["round"], letters)
    assert firsts == {"E": "ABCD", "S": "DCBA", "W": "CDBA", "N": "BDCA"}
    assert got.totals == {n: sum(k["payments"][n] for k in fixture["kajongg"]) for n in fixture["game"]["players"]}


# --- a game file's own seats ---------------------------------------------------------------------------------

WIN = "[222m] 444p 456s 777s 55p"  # 32 in every seat: [222m] 2 + 444p 4 + 777s 4 + 20 + drawn 2, no double


def stated_game() -> dict:
    """dmjl, round E. Deal 2 states seats other than the rules give; deal 4 states the seats the rules give."""
    hands = {"Ana": WIN, "Bo": "123m 789m 1p 2p 3p 9s E", "Cy": "SSS WWW 9m 8p 7p 1s",
             "Di": "NN 3s 8s 9s 5m 6m 7m R G P"}
    won = {"winner": "Ana", "win": {"tile": "6s", "from": "wall"}}
    return {"variant": "dmjl", "players": ["Ana", "Bo", "Cy", "Di"], "deals": [
        {"hands": hands, **won},
        {"seats": {"E": "Cy", "S": "Ana", "W": "Di", "N": "Bo"}, "hands": hands, **won},
        {"hands": hands, **won},
        {"seats": {"N": "Cy", "W": "Bo", "S": "Di", "E": "Ana"},  # as the rules seat it: no change
         "hands": {**hands, "Ana": "[222m] 444p 456s 777s 5p"}, "winner": None},
    ]}


def test_a_deal_states_its_seats_and_seating_goes_on_from_them(tmp_path):
    code, data, err = batch(tmp_path, stated_game())
    assert code == 0, err
    deals = data["deals"]
    # 1. E Ana S Bo W Cy N Di. Ana (E) 32, each pays 64. Cy (W) SSS 8 + WWW 8, own wind 1: 32; Di (N) NN own 2; Bo 0.
    #    Bo pays Cy 32 and Di 2, Di pays Cy 30. Ana keeps the deal.
    assert deals[0]["seats"] == {"E": "Ana", "S": "Bo", "W": "Cy", "N": "Di"}
    assert deals[0]["net"] == {"Ana": 192, "Bo": -64 - 32 - 2, "Cy": -64 + 32 + 30, "Di": -64 - 30 + 2}
    # 2. the file's seats: Cy East. Ana (S) 32: Cy pays 64, Bo and Di 32. Cy (E) SSS 8 + WWW 8 = 16, neither her
    #    wind nor the round's; Bo (N) 0; Di (W) NN 0. Bo and Di each pay Cy 16 x2 (East).
    assert deals[1]["seats"] == {"E": "Cy", "S": "Ana", "W": "Di", "N": "Bo"}
    assert deals[1]["seats_changed"] == "seats as the game file states them" and deals[1]["round"] == "E"
    assert deals[1]["net"] == {"Cy": -64 + 32 + 32, "Ana": 128, "Di": -32 - 32, "Bo": -32 - 32}
    # 3. South won: the deal passes from the stated seats, to Ana. Ana (E) 32, each pays 64. Cy (N) 16, Bo (W) 0,
    #    Di (S) 0: Bo and Di each pay Cy 16.
    assert deals[2]["seats"] == {"E": "Ana", "S": "Di", "W": "Bo", "N": "Cy"} and "seats_changed" not in deals[2]
    assert deals[2]["net"] == {"Ana": 192, "Di": -64 - 16, "Bo": -64 - 16, "Cy": -64 + 32}
    # 4. East won: Ana keeps the deal; the file states the same seats (nothing changes). A draw: dmjl pays nothing
    #    (Kajongg: every hand of a draw totals 0), each value is 0 and its worth is shown: Ana [222m] 2 + 444p 4 +
    #    777s 4 = 10; Cy (N) SSS 8 + WWW 8 = 16; Bo, Di 0.
    assert deals[3]["seats"] == {"E": "Ana", "S": "Di", "W": "Bo", "N": "Cy"} and "seats_changed" not in deals[3]
    assert {n: (h["value"], h["worth"]) for n, h in deals[3]["hands"].items()} == {
        "Ana": (0, 10), "Di": (0, 0), "Bo": (0, 0), "Cy": (0, 16)}
    assert deals[3]["net"] == {"Ana": 0, "Di": 0, "Bo": 0, "Cy": 0} and deals[3]["payments"] == []
    # JSON Lines: the same deals, the same result
    lines = [json.dumps({k: v for k, v in stated_game().items() if k != "deals"})]
    lines += [json.dumps(d) for d in stated_game()["deals"]]
    (tmp_path / "game.jsonl").write_text("\n".join(lines) + "\n")
    code, out, err = run("batch", str(tmp_path / "game.jsonl"), "--format", "json")
    again = json.loads(out)["games"][0]["deals"]
    assert [{k: v for k, v in d.items() if k != "place"} for d in again] == \
        [{k: v for k, v in d.items() if k != "place"} for d in deals]


def test_the_page_ledger_follows_stated_seats_and_the_exchange(tmp_path):
    # the page scores a deal from the entry before it (Table.snapshot): the same deals as batch, seat notes too
    for game in (stated_game(), {"variant": "dmjl", "players": ["Ana", "Bo", "Cy", "Di"],
                                 "deals": [south_wins(s) for s in PASSING[:9]]}):
        opened = ledger.open_game(game)
        seating, totals, items = opened.seating, opened.start, []
        for deal in game["deals"]:
            entry = ledger.score_deal(opened.header, seating, totals, deal)
            seating, totals = entry.seating, entry.totals
            items.append(entry.item)
        expected = scored(tmp_path, game)
        assert items == [{k: v for k, v in d.items() if k not in ("deal", "place", "totals")} for d in expected.deals]
    # after the eighth deal the next one is round W's first: its seats exchanged, and the page says so
    opened = ledger.open_game(game)
    seating, totals = opened.seating, opened.start
    for deal in game["deals"][:8]:
        entry = ledger.score_deal(opened.header, seating, totals, deal)
        seating, totals = entry.seating, entry.totals
    after = ledger.next_deal(opened.header, seating, 1)
    assert after["round"] == "W" and after["seats"] == seats_of("CDBA")
    assert after["seats_changed"] == "seats exchanged at the start of round W (OEMC 2005)"


@pytest.mark.parametrize("seats, message", [
    ({"E": "Cy", "S": "Ana", "W": "Zed", "N": "Bo"}, "seats: 'Zed' is not a player of this game (players: Ana, Bo, "
                                                     "Cy, Di)"),
    ({"E": "Cy", "S": "Ana", "W": "Cy", "N": "Bo"}, "seats: Cy is seated twice (each player once)"),
    ({"E": "Cy", "S": "Ana", "W": "Di"}, "seats: 4 players sit a deal of this game, not 3, e.g. seats: {E: Ana, "
                                         "S: Bo, W: Cy, N: Di}"),
    ({"E": "Cy", "South": "Ana", "W": "Di", "N": "Bo"}, "seats: 'South' is not a seat (seats are E, S, W, N), "
                                                        "e.g. seats: {E: Ana, S: Bo, W: Cy, N: Di}"),
    (["Cy", "Ana", "Di", "Bo"], "seats: a mapping of each seat to the player sitting there, e.g. seats: {E: Ana, "
                                "S: Bo, W: Cy, N: Di}"),
])
def test_wrong_stated_seats_are_one_line_with_the_place(tmp_path, seats, message):
    game = stated_game()
    game["deals"][1]["seats"] = seats
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(game, sort_keys=False, default_flow_style=None))
    code, out, err = run("batch", str(path), "--format", "json")
    deals = json.loads(out)["games"][0]["deals"]
    line = yaml.compose(path.read_text()).value[2][1].value[1].start_mark.line + 1  # where deal 2 starts
    assert code == 1 and deals[1]["error"] == message and deals[1]["place"] == f"{path} line {line} (deal 2)"
    # the deal is not scored; seating goes on as the rules give it (Ana won deal 2: she keeps the deal)
    assert deals[1]["seats"] == deals[2]["seats"] == {"E": "Ana", "S": "Bo", "W": "Cy", "N": "Di"}
    code, out, err = run("batch", str(path), "--strict")
    assert code == 2 and err == f"mjscore: error: {path} line {line} (deal 2): {message}\n"


def test_three_players_state_the_empty_chair(tmp_path):
    # basque with three: East's chair is never the empty one; the stated empty chair stays empty as the deal passes
    hands = {"Ana": "", "Bo": "", "Cy": ""}
    bad = {"variant": "basque", "players": ["Ana", "Bo", "Cy"],
           "deals": [{"seats": {"S": "Ana", "W": "Bo", "N": "Cy"}, "hands": hands, "winner": None}]}
    code, data, err = batch(tmp_path, bad)
    assert data["deals"][0]["error"] == "seats: East's seat is never the empty one: name the player who sits E"
    good = {**bad, "deals": [{"seats": {"E": "Cy", "S": "Ana", "W": "Bo"}, "hands": hands, "winner": None}]}
    code, data, err = batch(tmp_path, good)
    assert code == 0, err
    assert data["deals"][0]["seats"] == {"E": "Cy", "S": "Ana", "W": "Bo"} and data["deals"][0]["empty"] == ["N"]


def test_a_deal_cannot_state_its_round(tmp_path):
    game = stated_game()
    game["deals"][1]["round"] = "S"
    code, data, err = batch(tmp_path, game)
    assert data["deals"][1]["error"] == ("players and round come from the game, not from a deal (a deal may state "
                                         "who sits where: seats: {E: NAME, S: NAME, W: NAME, N: NAME})")


# --- the score sheet says why ---------------------------------------------------------------------------------

def test_the_sheet_says_when_and_why_seats_changed(tmp_path):
    game = {"variant": "dmjl", "players": ["Ana", "Bo", "Cy", "Di"], "deals": [south_wins(s) for s in PASSING[:5]]}
    game["deals"][1]["seats"] = seats_of("BCDA")  # as the rules give: no note
    game["deals"][2] = {**south_wins("CDAB"), "seats": seats_of("CDAB")}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(game, sort_keys=False))
    code, out, err = run("sheet", str(path), "--format", "json")
    rows = json.loads(out)[0]["rows"]
    assert [r["seats_changed"] for r in rows] == [None, None, None, None,
                                                   "seats exchanged at the start of round S (OEMC 2005)"]
    code, out, err = run("sheet", str(path), "--format", "csv")
    head, *lines = out.splitlines()
    assert head.endswith(",Di,Di total,seats")
    assert lines[4].endswith(",seats exchanged at the start of round S (OEMC 2005)")
    for fmt in ("table", "markdown", "html"):
        code, out, err = run("sheet", str(path), "--format", fmt)
        assert code == 0 and "seats exchanged at the start of round S (OEMC 2005)" in out, fmt
    code, out, err = run("batch", str(path))
    assert "  seats exchanged at the start of round S (OEMC 2005)\n" in out
    code, out, err = run("batch", str(path), "--format", "csv")
    assert out.splitlines()[-1].endswith(",,seats exchanged at the start of round S (OEMC 2005)")
    # a game whose seats only pass has no seats column (the seed variants' sheets are as they were)
    game["deals"] = game["deals"][:4]
    path.write_text(yaml.safe_dump(game, sort_keys=False))
    code, out, err = run("sheet", str(path), "--format", "csv")
    assert out.splitlines()[0].endswith(",Di,Di total")
    # a deal stating other seats than the rules give
    game["deals"][1] = {**south_wins("CDAB"), "seats": seats_of("CDAB")}
    path.write_text(yaml.safe_dump(game, sort_keys=False))
    code, out, err = run("sheet", str(path), "--format", "json")
    assert json.loads(out)[0]["rows"][1]["seats_changed"] == "seats as the game file states them"


def test_five_players_state_who_sits_out(tmp_path):
    # basque with five: four sit each deal; after every deal East goes out and the one out longest comes in as
    # North (rule 81). Deal 1 states Di out; Ed, stated East, goes out after it and Di comes in as North.
    names = ["Ana", "Bo", "Cy", "Di", "Ed"]
    draw = {"winner": None}
    game = {"variant": "basque", "players": names, "deals": [
        {"seats": {"E": "Ed", "S": "Ana", "W": "Bo", "N": "Cy"}, "hands": {n: "" for n in names if n != "Di"}, **draw},
        {"hands": {n: "" for n in names if n != "Ed"}, **draw}]}
    code, data, err = batch(tmp_path, game)
    assert code == 0, err
    first, second = data["deals"]
    assert first["seats"] == {"E": "Ed", "S": "Ana", "W": "Bo", "N": "Cy"} and first["out"] == ["Di"]
    assert second["seats"] == {"E": "Ana", "S": "Bo", "W": "Cy", "N": "Di"} and second["out"] == ["Ed"]
