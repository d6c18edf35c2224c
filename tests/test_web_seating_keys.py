"""The page's ledger moves the deal on as `mjscore batch` does for every deal key a payment scheme registers as
moving it (rules/families.py SEATING_KEYS): a double ron with the dealer as the second winner, East waiting at a
draw, an abortive draw, riichi sticks carried to a later deal, an MCR deal stopped by time. Each game is saved deal
by deal through the page's API (`mjscore serve`'s app on a local port: the page's own requests) and scored by
`mjscore batch` from the same deals written as a game file; who deals next, the round, the honba, the sticks on the
table and the running totals are compared deal by deal, and checked against numbers worked by hand.

The riichi numbers are worked from Tenhou's rules and the EMA Riichi Competition Rules 2016 (the riichi table's
citations: "Tenhou rules, EMA RCR 2016: payments", "... payments, honba", "... payments, riichi sticks"): base
points = fu x 2^(han + 2); a discard win is paid by the discarder, 4 x base (6 x to the dealer), rounded up to
100; each honba adds 300 on a discard, the discarder paying it; a riichi stick (1000) leaves its declarer's score
when put down and goes to the next winner; at an exhaustive draw those not waiting pay those waiting 3000 in all.
Renchan (Tenhou's rules): the dealer keeps the deal by winning (a double ron's second winner too), at an
exhaustive draw where waiting and at an abortive draw, and a counter is added; a draw adds a counter whoever
deals next; another player's win passes the deal and clears the counters. MCR (the Mahjong Competition Rules, the
mcr table's `rotate_every_deal`): East passes after every deal, whoever won, a deal stopped by time included.
"""

from __future__ import annotations

import json

import pytest
import yaml

from helpers import run
from webserver import request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
PINFU = "345m 456p 345s 55s 678s"  # all chows, a plain pair, won on 8s of 67s: pinfu 1 + tanyao 1, 30 fu on a discard
RIICHI = "123m 789p 234s 567s 88s"  # won on 8s, the pair: riichi 1 han; 20 + 10 closed ron + 2 single wait -> 40 fu
EMPTY = {name: "" for name in PLAYERS}
HONBA_CITE = "Tenhou rules, EMA RCR 2016: payments, honba"


def ron(winner: str, discarder: str, hand: str = PINFU) -> dict:
    """A deal won by `winner` on `discarder`'s 8s with `hand` (the others' hands are not scored in riichi)."""
    return {"hands": {**EMPTY, winner: hand}, "winner": winner,
            "win": {"tile": "8s", "from": "discard", "discarder": discarder}}


def played(tmp_path, variant: str, deals: list[dict], corrected: dict[int, dict] | None = None
           ) -> tuple[list[dict], dict, dict]:
    """The deals saved one by one through the page's API, then `corrected` (deal number -> the deal as corrected)
    put in their place: (the page's next deal after each deal saved, the page's game at the end, batch's JSON of
    the game's deals at the end written as a game file)."""
    nexts = []
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url:
        status, view = request(url + "/api/games", {"name": "Friday", "variant": variant, "players": PLAYERS})
        assert status == 201, view
        game = view["game"]["id"]
        for deal in deals:
            status, view = request(f"{url}/api/games/{game}/deals", deal)
            assert status == 201, view
            nexts.append(view["next"])
        for number, deal in (corrected or {}).items():
            status, view = request(f"{url}/api/games/{game}/deals/{view['deals'][number - 1]['id']}", deal, "PUT")
            assert status == 200, view
            deals = [deal if i == number - 1 else d for i, d in enumerate(deals)]
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({"variant": variant, "players": PLAYERS, "deals": deals}, allow_unicode=True),
                    encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    (batch,) = json.loads(out)["games"]
    return nexts, view, batch


def same_as_batch(nexts: list[dict], view: dict, batch: dict) -> None:
    """Every deal as batch shows it (its seats and round, payments, honba among them, pot and running totals);
    the page's next deal after each deal is batch's following deal (its dealer, round and game), played with the
    honba and sticks the page said (the honba as the following deal pays it on a discard: 300 each, the sticks
    as the winner takes them from the pot: 1000 each)."""
    page_own = ("id", "data", "place", "moved_on", "counters", "counted")  # what the page adds to batch's deal
    shown = [{k: v for k, v in d.items() if k not in page_own} for d in view["deals"]]
    assert shown == [{k: v for k, v in d.items() if k != "place"} for d in batch["deals"]]
    assert (view["totals"], view["standings"]) == (batch["totals"], batch["standings"])
    for after, following, page_deal in zip(nexts, batch["deals"][1:], view["deals"][1:]):
        assert (after["seats"], after["round"], after["game"]) == (following["seats"], following["round"],
                                                                    following["game"])
        if "honba" in after:  # (a scheme that carries counters: riichi)
            assert page_deal["counters"] == {"honba": after["honba"], "sticks": after["sticks"]}
            if (following.get("win") or {}).get("from") == "discard":
                honba = sum(p["amount"] for p in following["payments"] if p["cite"] == HONBA_CITE)
                assert honba == 300 * after["honba"]
                assert following["pot"] == -1000 * after["sticks"]


def test_the_dealer_as_second_winner_of_a_double_ron_keeps_the_deal_on_the_page(tmp_path):
    # deal 1 (Ann East): Cy (West) discards 8s; Di (North, the nearest Cy in turn order: the deal's winner) and
    # Ann (East, the dealer: double_ron's winner) both win on it. Di: riichi 1 han 40 fu, 40 x 2^3 = 320,
    # 4 x 320 = 1280 -> 1300; Di's own stick (put down: -1000) comes back to Di, the nearest winner: Di +1300.
    # Ann: 2 han 30 fu, 30 x 2^4 = 480, the dealer's 6 x 480 = 2880 -> 2900. Cy pays both: -4200.
    # The dealer among the winners keeps the deal, a counter added (Tenhou's renchan): Ann East, round E,
    # 1 honba, no sticks on the table.
    # deal 2: Ann wins on Di's 8s: 2900 + 1 honba x 300 = 3200 from Di.
    # totals: Ann 25000 + 2900 + 3200 = 31100; Bo 25000; Cy 25000 - 4200 = 20800; Di 25000 + 1300 - 3200 = 23100
    # (100000 in all). (The page passed the deal to Bo with no counter: Ann, North, paid 4 x 480 -> 2000.)
    double = {**ron("Di", "Cy", RIICHI), "hands": {**EMPTY, "Di": RIICHI, "Ann": PINFU}, "riichi": ["Di"],
              "double_ron": {"winner": "Ann"}}
    nexts, view, batch = played(tmp_path, "riichi", [double, ron("Ann", "Di")])
    same_as_batch(nexts, view, batch)
    assert nexts[0] == {**nexts[0], "round": "E", "honba": 1, "sticks": 0,
                        "seats": {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}}
    assert nexts[0]["moved_on"] == "Ann (East) won: Ann stays East"
    assert [d["net"] for d in batch["deals"]] == [{"Ann": 2900, "Bo": 0, "Cy": -4200, "Di": 1300},
                                                  {"Ann": 3200, "Bo": 0, "Cy": 0, "Di": -3200}]
    assert view["totals"] == {"Ann": 31100, "Bo": 25000, "Cy": 20800, "Di": 23100}


def test_a_deal_corrected_to_a_double_ron_with_the_dealer_moves_the_deals_after_it(tmp_path):
    # deal 1 saved as Di's win alone (Di +1300 with its own stick back, Cy -1300): the deal passes to Bo, and
    # deal 2 is Ann's (North's) win on Di's 8s: 4 x 480 = 1920 -> 2000, no honba. Corrected to the double ron of
    # the first test, deal 2 is played again at Ann's seat East with 1 honba: 3200, as batch reads the game file.
    # totals: Ann 31100, Bo 25000, Cy 20800, Di 23100 (the first test's).
    alone = {**ron("Di", "Cy", RIICHI), "riichi": ["Di"]}
    double = {**alone, "hands": {**EMPTY, "Di": RIICHI, "Ann": PINFU}, "double_ron": {"winner": "Ann"}}
    nexts, view, batch = played(tmp_path, "riichi", [alone, ron("Ann", "Di")], corrected={1: double})
    assert (nexts[0]["seats"]["E"], nexts[0]["honba"]) == ("Bo", 0)  # before the correction
    same_as_batch([], view, batch)  # (the next deals the page said were before the correction)
    assert [(d["seats"]["E"], d["counters"]["honba"]) for d in view["deals"]] == [("Ann", 0), ("Ann", 1)]
    assert [d["net"]["Ann"] for d in view["deals"]] == [2900, 3200]
    assert view["totals"] == {"Ann": 31100, "Bo": 25000, "Cy": 20800, "Di": 23100}
    # and after deal 2, the dealer's win: Ann stays East, a second counter added
    assert (view["next"]["seats"]["E"], view["next"]["honba"], view["next"]["sticks"]) == ("Ann", 2, 0)


def test_a_double_ron_without_the_dealer_passes_the_deal_on_the_page(tmp_path):
    # deal 1 (Ann East): Cy discards 8s; Di (nearest) and Bo (South) win on it, neither the dealer: the deal
    # passes to Bo and the counters are cleared. Di +1300 (as above), Bo 4 x 480 = 1920 -> 2000, Cy -3300.
    # deal 2 (Bo East): Bo, the dealer now, wins on Di's 8s: 6 x 480 = 2880 -> 2900, no honba.
    # totals: Ann 25000; Bo 25000 + 2000 + 2900 = 29900; Cy 21700; Di 25000 + 1300 - 2900 = 23400 (100000).
    double = {**ron("Di", "Cy", RIICHI), "hands": {**EMPTY, "Di": RIICHI, "Bo": PINFU}, "riichi": ["Di"],
              "double_ron": {"winner": "Bo"}}
    nexts, view, batch = played(tmp_path, "riichi", [double, ron("Bo", "Di")])
    same_as_batch(nexts, view, batch)
    assert (nexts[0]["seats"]["E"], nexts[0]["honba"], nexts[0]["sticks"]) == ("Bo", 0, 0)
    assert view["totals"] == {"Ann": 25000, "Bo": 29900, "Cy": 21700, "Di": 23400}


@pytest.mark.parametrize("waiting, dealer, totals", [
    # East (Ann) waiting with Cy: Bo and Di pay 1500 each, Ann and Cy get 1500 each; Ann keeps the deal, 1 honba;
    # deal 2: Ann, the dealer, on Di's 8s: 2900 + 300 = 3200. Ann 25000 + 1500 + 3200 = 29700, Bo 23500,
    # Cy 26500, Di 23500 - 3200 = 20300 (100000).
    (["Ann", "Cy"], "Ann", {"Ann": 29700, "Bo": 23500, "Cy": 26500, "Di": 20300}),
    # Cy alone waiting: Cy +3000, the others -1000 each; East was not waiting: the deal passes to Bo, 1 honba (a
    # draw adds one); deal 2: Bo, the dealer, on Di's 8s: 2900 + 300 = 3200. Ann 24000, Bo 24000 + 3200 = 27200,
    # Cy 28000, Di 24000 - 3200 = 20800 (100000).
    (["Cy"], "Bo", {"Ann": 24000, "Bo": 27200, "Cy": 28000, "Di": 20800}),
])
def test_east_waiting_at_a_draw_keeps_the_deal_on_the_page_as_in_batch(tmp_path, waiting, dealer, totals):
    nexts, view, batch = played(tmp_path, "riichi", [{"hands": EMPTY, "tenpai": waiting}, ron(dealer, "Di")])
    same_as_batch(nexts, view, batch)
    assert (nexts[0]["seats"]["E"], nexts[0]["round"], nexts[0]["honba"], nexts[0]["sticks"]) == (dealer, "E", 1, 0)
    assert view["totals"] == totals


def test_an_abortive_draw_keeps_the_deal_and_the_sticks_on_the_page_as_in_batch(tmp_path):
    # deal 1 (Ann East): four riichi, an abortive draw: nothing paid, each declarer's stick put down (-1000 each,
    # 4000 on the table); the dealer deals again, 1 honba, 4 sticks.
    # deal 2: Ann, the dealer, on Di's 8s: 2900 + 1 honba x 300 = 3200 from Di, and the 4 sticks from the table:
    # Ann +7200, the pot -4000. Ann 25000 - 1000 + 7200 = 31200; Bo and Cy 24000; Di 24000 - 3200 = 20800 (100000).
    aborted = {"hands": EMPTY, "abort": "four-riichi", "riichi": list(PLAYERS)}
    nexts, view, batch = played(tmp_path, "riichi", [aborted, ron("Ann", "Di")])
    same_as_batch(nexts, view, batch)
    assert (nexts[0]["seats"]["E"], nexts[0]["honba"], nexts[0]["sticks"]) == ("Ann", 1, 4)
    assert batch["deals"][1]["net"] == {"Ann": 7200, "Bo": 0, "Cy": 0, "Di": -3200}
    assert view["totals"] == {"Ann": 31200, "Bo": 24000, "Cy": 24000, "Di": 20800}


def test_riichi_sticks_are_carried_past_a_passed_deal_on_the_page_as_in_batch(tmp_path):
    # deal 1 (Ann East): an exhaustive draw, Bo declared riichi and is waiting: Bo +3000 - 1000 (the stick) =
    # +2000, the others -1000 each; Ann was not waiting: the deal passes to Bo, 1 honba, 1 stick on the table.
    # deal 2 (Bo East): Cy (South now) on Di's 8s: 4 x 480 = 1920 -> 2000, + 300, and Bo's stick from the table:
    # Cy +3300, Di -2300. Ann 24000; Bo 27000; Cy 24000 + 3300 = 27300; Di 24000 - 2300 = 21700 (100000).
    nexts, view, batch = played(tmp_path, "riichi", [{"hands": EMPTY, "tenpai": ["Bo"], "riichi": ["Bo"]},
                                                      ron("Cy", "Di")])
    same_as_batch(nexts, view, batch)
    assert (nexts[0]["seats"]["E"], nexts[0]["honba"], nexts[0]["sticks"]) == ("Bo", 1, 1)
    assert view["totals"] == {"Ann": 24000, "Bo": 27000, "Cy": 27300, "Di": 21700}


MCR_WIN = {"hands": {"Ann": "[RRR] [GGG] PPP 11m 567m", "Bo": "123m 456p 789s E S W N",
                     "Cy": "123p 456s 789m E S W N", "Di": "123s 456m 789p E S W N"},
           "winner": "Ann", "win": {"tile": "7m", "from": "discard", "discarder": "Cy"}}


def test_an_mcr_deal_stopped_by_time_passes_the_deal_on_the_page_as_in_batch(tmp_path):
    # deal 1 (Ann East): the session's time ran out: no result, nothing paid; East passes after every deal: Bo.
    # deal 2 (Bo East): Ann's 94 fan on Cy's 7m (tests/test_mcr_games.py): 8 from each other player, the 94 from
    # Cy: Ann +118, Bo -8, Cy -102, Di -8; East passes: Cy deals deal 3, round E (the third of its four deals).
    timed_out = {"hands": {**MCR_WIN["hands"], "Ann": "147m 258p 369s E S W N"}, "timeout": True}
    nexts, view, batch = played(tmp_path, "mcr", [timed_out, MCR_WIN])
    same_as_batch(nexts, view, batch)
    assert [(n["seats"]["E"], n["round"]) for n in nexts] == [("Bo", "E"), ("Cy", "E")]
    assert nexts[0]["moved_on"] == "a time-out, no result: the deal passes to Bo, as after every deal with four players"
    assert view["totals"] == {"Ann": 118, "Bo": -8, "Cy": -102, "Di": -8}
