"""batch's shortcuts (issue 26) change no output: a game's everyday deal made a Deal at once (quick_game_deal)
is the Deal the long way makes (to_deal_data, then parse_deal), and any other deal is left to the long way,
which says what is wrong with it; a payment's reason made once per case is the words made afresh; each item's
JSON kept for a run is the item's own."""

import pytest

from mjscore.errors import DealError
from mjscore.messages import M, Words
from mjscore.play.dealfile import parse_deal, quick_game_deal
from mjscore.play.game import item_dicts, to_deal_data
from mjscore.play.reasons import difference_paid, winner_paid
from mjscore.rules.results import Item
from mjscore.rules.tables import load_variant

SEATS = {"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"}
HANDS = {"Ann": "[999s] 555p 444678s PP", "Bo": "133457m 44668p 8s E", "Cy": "2689m 1157p 77s S W P",
         "Di": "56999m 278p 2368s R"}


def long_way(data, v, opts, seats=SEATS):
    return parse_deal(to_deal_data(data, seats), v, opts, round_="S", players=seats)


@pytest.mark.parametrize("data", [
    {"hands": HANDS, "winner": "Ann", "win": {"tile": "4s", "from": "discard"}},
    {"hands": HANDS, "winner": "Bo", "win": {"tile": "4s"}},  # from: discard when not given
    {"winner": "Cy", "hands": dict(reversed(list(HANDS.items())))},  # any order of keys and of hands
    {"hands": HANDS},  # a draw
])
def test_an_everyday_deal_is_the_deal_the_long_way_makes(data):
    v = load_variant("basque")
    opts = v.resolve_options({})
    quick = quick_game_deal(data, v, opts, "S", SEATS)
    assert quick is not None and quick == long_way(data, v, opts)
    assert list(quick.hands) == ["E", "S", "W", "N"]  # in seat order, as parse_deal puts them


@pytest.mark.parametrize("data", [
    {"hands": HANDS, "winner": "Ann", "win": {"tile": "4s", "from": "discard", "discarder": "Bo"}},
    {"hands": HANDS, "winner": "Ann", "faults": {"Bo": "short"}},
    {"hands": HANDS, "winner": "Ann", "win": {"tile": "4s", "also": ["last-wall-tile"]}},
    {"hands": HANDS, "winner": "Ann", "seats": SEATS},
])
def test_a_deal_saying_more_goes_the_long_way(data):
    v = load_variant("basque")
    assert quick_game_deal(data, v, v.resolve_options({}), "S", SEATS) is None


@pytest.mark.parametrize("data, message", [
    ({"hands": HANDS, "winner": "Eve"}, "winner: 'Eve' is not a player in this deal"),
    ({"hands": {**HANDS, "Eve": "123m"}, "winner": "Ann"}, "hands: 'Eve' is not a player in this deal"),
    ({"hands": {k: h for k, h in HANDS.items() if k != "Di"}, "winner": "Ann"}, "hands: no hand for Di"),
    ({"hands": {**HANDS, "Di": 5}, "winner": "Ann"}, "hands.N: expected text, not 5"),
    ({"hands": HANDS, "winner": "Ann", "win": {"tile": "4s", "from": 7}}, "win.from: expected discard, wall"),
])
def test_a_deal_with_a_mistake_is_left_to_the_long_way_which_says_it(data, message):
    v = load_variant("basque")
    opts = v.resolve_options({})
    assert quick_game_deal(data, v, opts, "S", SEATS) is None
    with pytest.raises(DealError, match=message):
        long_way(data, v, opts)


def test_a_reason_made_once_is_the_reason_made_afresh_in_every_language():
    # M.PAID_WINNER "winner {seat}'s hand {value}" + M.PAID_DOUBLE ", x2 ({who})"; PAID_DIFFERENCE
    # "difference of hand values {high} - {low}" + PAID_CAPPED ", capped at the limit {cap}" (messages/keys.py)
    assert winner_paid("S", 32, "E", False) == "winner South's hand 32, x2 (East)"
    assert winner_paid("S", 32, "E", False) is winner_paid("S", 32, "E", False)  # made once
    assert winner_paid("S", 32, "E", True) == "winner South's hand 32, x2 (the banker)"
    assert winner_paid("S", 32, None, False) == "winner South's hand 32"
    assert difference_paid(600, 8, None, False, 500) == "difference of hand values 600 - 8, capped at the limit 500"
    assert difference_paid(600, 8, "E", False, 500) == ("difference of hand values 600 - 8, x2 (East), capped at "
                                                        "the limit 500 x2")
    eu = Words("eu")  # said again in Basque from its parts, as a made-afresh reason is
    afresh = Words("eu")(M.PAID_WINNER, seat=eu.seat("S"), value=32) + Words("eu")(M.PAID_DOUBLE, who=eu.seat("E"))
    assert eu.again(winner_paid("S", 32, "E", False)) == afresh


def test_an_items_json_kept_for_a_run_is_its_own_and_a_copy():
    item, equal_in_other_types = Item("pung of dragons", "RRR", points=4), Item("pung of dragons", "RRR", points=4.0)
    memo: dict = {}
    first = item_dicts([item], "en", memo)
    assert first == [item.to_dict("en")] == [{"rule": "pung of dragons", "tiles": "RRR", "points": 4}]
    first[0]["points"] = 99  # a deal's own copy: changing it changes no other deal's
    assert item_dicts([item], "en", memo) == [{"rule": "pung of dragons", "tiles": "RRR", "points": 4}]
    assert item_dicts([equal_in_other_types], "en", memo)[0]["points"].__class__ is float  # never taken for it
