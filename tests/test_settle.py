"""Settlement of a deal: worked deals with the arithmetic written out, and properties that always hold."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from helpers import EXAMPLES, run
from mjscore.hand import tiles as T
from mjscore.errors import DealError
from mjscore.play.dealfile import parse_deal
from mjscore.play.deal import Deal, Win
from mjscore.play.settle import payments_for, settle
from mjscore.rules.switches import LoserCap
from mjscore.rules.tables import load_variant
from mjscore.rules.tablefile import packaged_dir, variant_names

SEATS = ["E", "S", "W", "N"]


def deal_of(variant, hands, winner=None, options=None, **kw):
    v = load_variant(variant)
    opts = v.resolve_options({k: str(x) for k, x in (options or {}).items()})
    return Deal(v, opts, kw.pop("round", "E"), hands, kw.pop("players", {}), winner, kw.pop("win", Win()), **kw)


def net_of(payments, seats=SEATS):
    net = {s: 0 for s in seats}
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return net


def test_classical_check():
    # South wins 100, East 40, West 20, North 10; losers settle differences, East double.
    # South: 2 x 100 + 100 + 100 = +400. East: -200 + (40-20) x 2 + (40-10) x 2 = -200 + 40 + 60 = -100.
    # West: -100 - 40 + (20-10) = -130. North: -100 - 60 - 10 = -170.
    d = deal_of("spanish", dict.fromkeys(SEATS, "1m"), winner="S")
    pays = payments_for(d, {"S": 100, "E": 40, "W": 20, "N": 10}, [])
    assert net_of(pays) == {"S": 400, "E": -100, "W": -130, "N": -170}


def test_winner_east_is_paid_double_by_each():
    # East wins 60: each of three pays 120 -> +360; losers 8, 4, 0 settle without doubles:
    # S(8): +4 from W, +8 from N; W: -4 +4 from N; N: -8 -4.
    d = deal_of("spanish", dict.fromkeys(SEATS, "1m"), winner="E")
    pays = payments_for(d, {"E": 60, "S": 8, "W": 4, "N": 0}, [])
    assert net_of(pays) == {"E": 360, "S": -120 + 4 + 8, "W": -120 - 4 + 4, "N": -120 - 8 - 4}


def test_spanish_example_deal_through_the_cli():
    # examples/deal-spanish.yaml: South wins with 60 (see test_cli: 2 + 8 + 20 = 30, own wind x2; discard, so
    # no self-drawn 2). East [RRR] 4 x2 = 8; West [111s] 4; North 0.
    # South: 120 + 60 + 60 = +240. East: -120 + (8-4) x 2 + (8-0) x 2 = -96. West: -60 - 8 + 4 = -64.
    # North: -60 - 16 - 4 = -80.
    code, out, err = run("settle", str(EXAMPLES / "deal-spanish.yaml"), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["net"] == {"E": -96, "S": 240, "W": -64, "N": -80}
    assert [h["value"] for h in data["hands"].values()] == [8, 60, 4, 0]
    assert {"from": "E", "to": "S", "amount": 120, "reason": "winner South's hand 60, x2 (East)",
            "cite": "Babcock (1923) ch. I; Babcock (1923) ch. VI"} in data["payments"]  # spanish cites:


def test_option_form_equals_the_file():
    code, out, err = run("settle", "--winner", "S", "--east", "[RRR] 234m 55s 78p NN",
                         "--south", "[555p] 123m 789s SSS NN", "--west", "[111s] 456m 99m 2468p",
                         "--north", "123s 567s 3p 4p 6m 7m 9m WW", "--win", "7s", "--discarder", "W",
                         "--variant", "spanish", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["net"] == {"E": -96, "S": 240, "W": -64, "N": -80}


def test_draw_spanish_pays_nothing():
    d = deal_of("spanish", {"E": "[RRR] 234m 55s 78p NN", "S": "123m", "W": "456m", "N": "789m"})
    result = settle(d)
    assert result.payments == [] and result.net == dict.fromkeys(SEATS, 0)


def test_basque_clean_draw_settles_differences():
    # clean mode draw: East [RRR] exposed honours pung 4 + dragon double = 8; others 0 (two suits each,
    # so no pure-hand limit, which basque table 2 gives to every hand).
    # Each of S, W, N pays East 8 x 2 = 16: East +48.
    d = deal_of("basque", {"E": "[RRR] 234m 55s 78p NN", "S": "1m 2p", "W": "4m 5p", "N": "7m 8p"},
                options={"mode": "clean"})
    result = settle(d)
    assert result.net == {"E": 48, "S": -16, "W": -16, "N": -16}


def test_basque_false_mahjong_rule_71():
    # South declares falsely: pays East the limit 500 and West, North half the limit 250 each: -1000.
    d = deal_of("basque", {"E": "123m", "S": "456m", "W": "789m", "N": "123p"}, false_mahjong="S")
    assert settle(d).net == {"E": 500, "S": -1000, "W": 250, "N": 250}
    # East declares falsely: pays each player the limit, 500: -1500.
    d = d._replace(false_mahjong="E")
    assert settle(d).net == {"E": -1500, "S": 500, "W": 500, "N": 500}


def test_basque_clean_collection_cap():
    # clean mode, South wins 500 (a limit hand): East pays 1000, West 500, North 500 = 2000, at the cap.
    # With limit 1000 the three would owe 2000 + 1000 + 1000 = 4000, cut to 2000 in proportion: 1000, 500, 500.
    d = deal_of("basque", dict.fromkeys(SEATS, "1m"), winner="S", options={"mode": "clean", "limit": 1000})
    pays = payments_for(d, {"S": 1000, "E": 0, "W": 0, "N": 0}, [])
    assert sum(p.amount for p in pays if p.payee == "S") == 2000
    assert net_of(pays) == {"S": 2000, "E": -1000, "W": -500, "N": -500}
    # East's cap is 3000: East wins 1000 -> 2000 x 3 = 6000 cut to 3000, 1000 from each.
    d = d._replace(winner="E")
    pays = payments_for(d, {"E": 1000, "S": 0, "W": 0, "N": 0}, [])
    assert net_of(pays) == {"E": 3000, "S": -1000, "W": -1000, "N": -1000}


def test_basque_two_players_no_double():
    # two players, East and West: the loser pays the winner the full value, no double (East loses 40: pays 40).
    d = deal_of("basque", {"E": "1m", "W": "2m"}, winner="W")
    assert net_of(payments_for(d, {"E": 0, "W": 40}, []), ["E", "W"]) == {"E": -40, "W": 40}


def test_basque_three_players_west_left_out():
    # three players E, S, N: South wins 40, East pays 80, North 40; East 8 vs North 0: North pays 16.
    d = deal_of("basque", {"E": "1m", "S": "2m", "N": "3m"}, winner="S")
    assert net_of(payments_for(d, {"E": 8, "S": 40, "N": 0}, []), ["E", "S", "N"]) == {"E": -80 + 16, "S": 120,
                                                                                       "N": -40 - 16}


def test_basque_short_hand_keeps_only_set_doubles():
    # West's hand is short: [RRR] 4 + dragon double; EEE 8 concealed honours, no double for W (seat W, round E:
    # EEE is the prevailing wind pung: 1 double, a doubling set, kept). One suit with honours would be a hand
    # double (clean: one suit + honours 1) and is dropped: 4 + 8 = 12 x 2 x 2 = 48.
    d = deal_of("basque", {"E": "1m 5p", "S": "2m 6p", "W": "[RRR] EEE 123m", "N": "3m 7p"}, faults={"W": "short"})
    assert settle(d).scores["W"].value == 12 * 4
    d = d._replace(faults={"W": "long"})
    assert settle(d).scores["W"].value == 0


@pytest.mark.parametrize("data, message", [
    ({"hands": {"E": "5555p", "S": "5p", "W": "1m", "N": "2m"}}, "5 copies of 5p in the deal (there are 4): held by East, South"),
    ({"hands": {"E": "1m", "S": "2m", "W": "3m", "N": "4m"}, "winner": "X"}, "winner: 'X' is not a seat"),
    ({"hands": {"E": "1m", "S": "2m", "W": "3m", "N": "4m"}, "winner": "S"}, "the winner, South (S), does not hold"),
    ({"hands": {"E": "1m", "S": "2m", "W": "3m"}}, "spanish is played by 4 players; this deal has 3 hands"),
    ({"hands": {"E": "1m", "S": "2m", "W": "3m", "N": "4mm"}}, "hand of North (N): 'm' without numbers"),
    ({"hands": {"E": "1m", "S": "2m", "W": "3m", "N": "4m"}, "winer": "S"}, "unknown key 'winer'"),
    ({"hands": "E"}, "hands: expected a mapping of seats"),
    ({"hands": {"E": "1m", "S": "2m", "W": "3m", "N": "4m"}, "win": {"tile": "5p", "form": "wall"}},
     "win: unknown key 'form'"),
])
def test_bad_deals(data, message, tmp_path):
    import yaml

    path = tmp_path / "deal.yaml"
    path.write_text(yaml.safe_dump({"variant": "spanish", **data}))
    code, out, err = run("settle", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"mjscore: error: {path}: ") and message in err.splitlines()[0], err


@pytest.mark.parametrize("hands, message", [
    ({"E": "1f 123m", "S": "1f 2p", "W": "1s", "N": "2s"}, "2 copies of 1f in the deal (there are 1): held by East, South"),
    ({"E": "[5555p]", "S": "5p", "W": "1s", "N": "2s 4y"}, "5 copies of 5p in the deal (there are 4): held by East, South"),
    ({"E": "99s 2y", "S": "9s 3y", "W": "99s 4y", "N": "2s 1y"}, "5 copies of 9s in the deal (there are 4): held by East, South, West"),
])
def test_too_many_copies_across_the_deal(hands, message, tmp_path):
    """Each hand alone is legal; together they hold a fifth copy, or a second copy of one flower or season."""
    import yaml

    path = tmp_path / "deal.yaml"
    path.write_text(yaml.safe_dump({"variant": "dmjl", "hands": hands}))
    code, out, err = run("settle", str(path))
    assert code == 2 and out == "" and message in err.splitlines()[0], err


def test_settle_reads_standard_input():
    text = (EXAMPLES / "deal-spanish.yaml").read_text()
    code, out, err = run("settle", "-", "--format", "json", input=text)
    assert code == 0 and json.loads(out)["net"]["S"] == 240


def test_not_yaml_is_one_line(tmp_path):
    path = tmp_path / "deal.yaml"
    path.write_text("hands: {E: [unclosed\n")
    code, out, err = run("settle", str(path))
    assert code == 2 and "not valid YAML" in err and len(err.splitlines()) == 1


# --- properties over random legal deals, every variant -------------------------------------------

PUNGABLE = list(range(T.N_KINDS))


@st.composite
def legal_deals(draw):
    """A winner with four pungs (or three and a chow) and a pair; three losers' hands from the rest."""
    variant = draw(st.sampled_from(variant_names(packaged_dir())))
    pool = {t: 4 for t in range(T.N_KINDS)}
    kinds = draw(st.lists(st.sampled_from(PUNGABLE), min_size=5, max_size=5, unique=True))
    groups = [[k] * 3 for k in kinds[:4]] + [[kinds[4]] * 2]
    for g in groups:
        for t in g:
            pool[t] -= 1
    exposed = draw(st.integers(0, 2))
    parts = [f"[{T.format_tiles(g)}]" for g in groups[:exposed]] + [T.format_tiles(g) for g in groups[exposed:]]
    win = T.name(groups[-1][0])
    hands = {}
    winner = draw(st.sampled_from(SEATS))
    hands[winner] = " ".join(parts)
    rest = [t for t, n in pool.items() for _ in range(n)]
    order = draw(st.permutations(rest))
    i = 0
    for seat in SEATS:
        if seat == winner:
            continue
        n = draw(st.integers(1, 13))
        hands[seat] = T.format_tiles(sorted(order[i:i + n]))
        i += n
    v = load_variant(variant)
    if v.flowers:
        bonus = draw(st.lists(st.sampled_from(SEATS), min_size=8, max_size=8))
        for j, seat in enumerate(bonus[:draw(st.integers(0, 8))]):
            hands[seat] += " " + T.name(T.FLOWER0 + j)
    players = dict(zip(SEATS, draw(st.permutations(["Ann", "Bo", "Cy", "Di"]))))
    source = draw(st.sampled_from(["discard", "wall"]))
    # riichi: a discard win is paid by its discarder, who must be named
    discarder = draw(st.sampled_from([s for s in SEATS if s != winner])) if variant == "riichi" and \
        source == "discard" else None
    return Deal(v, v.resolve_options(), draw(st.sampled_from(SEATS)), hands, players, winner,
                Win(win, source, discarder))


@settings(max_examples=120)
@given(legal_deals())
def test_settlement_properties(deal):
    try:
        result = settle(deal)
    except DealError as e:  # a variant may refuse this winner (e.g. a mode requirement): never a crash
        assert "does not hold mah jong" in str(e) or "say who discarded" in str(e)  # (mcr: the discarder pays)
        return
    assert sum(result.net.values()) == 0
    w = deal.winner
    assert all(p.payer != w for p in result.payments)
    assert result.net[w] == sum(p.amount for p in result.payments if p.payee == w)
    assert all(p.amount > 0 for p in result.payments)
    renamed = settle(deal._replace(players={s: n + "!" for s, n in deal.players.items()}))
    assert renamed.payments == result.payments and renamed.net == result.net
    shuffled = settle(deal._replace(hands=dict(reversed(list(deal.hands.items())))))
    assert shuffled.net == result.net
    limit = deal.options.get("limit")
    if deal.rules.loser_cap is LoserCap.LIMIT:
        assert all(p.amount <= 2 * limit for p in result.payments if p.payee != w)


def test_seat_order_in_a_file_does_not_matter():
    v = load_variant("spanish")
    a = parse_deal({"hands": {"N": "1m", "E": "2m", "S": "3m", "W": "4m"}}, v, v.resolve_options())
    assert list(a.hands) == SEATS


def test_false_mahjong_without_a_penalty_is_void():
    # spanish gives no penalty: nothing is paid, and the note says why
    d = deal_of("spanish", {"E": "1m", "S": "2m", "W": "3m", "N": "4m"}, false_mahjong="S")
    result = settle(d)
    assert result.payments == [] and "gives no penalty" in result.notes[0]


def test_danish_fine_and_draw_options():
    # fine 50 from South to each other player, East double: E +100, W +50, N +50, S -200
    d = deal_of("danish", {"E": "1m 5p", "S": "2m 6p", "W": "3m 7p", "N": "4m 8p"}, false_mahjong="S",
                options={"false_mahjong_fine": 50})
    assert settle(d).net == {"E": 100, "S": -200, "W": 50, "N": 50}
    # draw with differences: East [RRR] 4 points, dragon set doubling 1 + one suit (dots) with honours 1 (the
    # purity doublings count for every hand: "Værdien af en hånd beregnes ud fra en grundlæggende værdi og, i
    # givet fald, et antal doblinger"): 16, rounded up to 20 by the danish final value step; others 0: each
    # pays East 20 x 2 = 40
    # (East's is a whole hand of 13 tiles, 3+3+3+2+1+1, so its one-suit doubling can be judged)
    d = deal_of("danish", {"E": "[RRR] 123p 456p 78p 9p 1p", "S": "2m 6p", "W": "3m 7p", "N": "4m 8p"},
                options={"draw": "differences"})
    assert settle(d).net == {"E": 120, "S": -40, "W": -40, "N": -40}


def test_classical_pays_for_all():
    # classical.md §11: West wins with the §14 first-row hand, 104 in dmjl (52 points, 1 double, drawn);
    # South alone pays what all three would have paid: East 2 x 104 + South 104 + North 104 = 416 (x4), and
    # the losers settle nothing
    d = deal_of("dmjl", {"E": "1m 5p 9s", "S": "2m 6p", "W": "[555p] 123s 999m RRR WW 3f", "N": "3m 7p"},
                winner="W", win=Win("W", "wall"), pays_for_all="S")
    result = settle(d)
    assert result.net == {"E": 0, "S": -416, "W": 416, "N": 0}
    # the same with East winning pays x6
    d = deal_of("dmjl", {"W": "1m 5p 9s", "S": "2m 6p", "E": "[555p] 123s 999m RRR EE 1f", "N": "3m 7p"},
                winner="E", win=Win("E", "wall"), pays_for_all="S")
    east = settle(d).scores["E"].value
    assert settle(d).net["S"] == -6 * east
