"""Hong Kong mahjong's payments (play/hk_payments.py, tables/hk.yaml) on deals and a game worked by hand.

The rules, as the rules text "Hong Kong mahjong scoring rules" gives them (Overview of scoring, its modifiers) and
the table's options: a hand of F faan is worth 2^F on the faan table (half_spicy: 2^4 = 16, then 24, 32, 48, 64 ...
for 5, 6, 7, 8 faan); on a discard the discarder pays double and the others single (responsibility=half, 半銃),
or the discarder all four shares (full, 全銃); on a self-drawn win each pays double; no East double; a false win
pays each other player double the maximum faan's amount. The faan are the table's (tables/hk.yaml, its cites).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import mjscore
from mjscore.play.hk_payments import faan_table

GAME = Path(__file__).resolve().parent.parent / "examples" / "game-hk.yaml"
LOSERS = {"E": "234p 567p 88p 12s 45s E", "W": "[SSS] 1s 3s 7s 8s 9s W W N G P",
          "N": "2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 6s 5p 6p"}


def deal(winner_hand: str, tile: str, source: str, discarder: str | None = None, **options) -> mjscore.Settlement:
    """South wins with `winner_hand` on `tile`; the others hold LOSERS."""
    win = {"tile": tile, "from": source, **({"discarder": discarder} if discarder else {})}
    return mjscore.settle({"variant": "hk", "options": {k: str(v).lower() if isinstance(v, bool) else str(v)
                                                        for k, v in options.items()},
                           "hands": {**LOSERS, "S": winner_hand}, "winner": "S", "win": win})


def paid(settlement) -> list[tuple[str, str, int]]:
    return [(p.payer, p.payee, p.amount) for p in settlement.payments]


# South's hand: [RRR] dragon pung 1 + mixed one suit 3 (characters and a dragon) + no flowers 1 = 5 faan, 4 of
# them besides flowers (at least min_faan 3); 2^5 = 32
FIVE = "[RRR] 123m 456m 789m 11m"


def test_the_faan_table_doubles_and_rises_by_half_steps_when_half_spicy():
    # 2^F: 0 faan 1 (a chicken hand), 3 faan 8, 13 faan 8192; half-spicy after 4: 5 -> 16 + 8 = 24, 6 -> 32,
    # 7 -> 32 + 16 = 48, 8 -> 64, 9 -> 96, 10 -> 128, 13 -> 256 + 128 = 384
    assert [faan_table(f, False) for f in (0, 3, 4, 5, 13)] == [1, 8, 16, 32, 8192]
    assert [faan_table(f, True) for f in range(3, 11)] + [faan_table(13, True)] == [8, 16, 24, 32, 48, 64, 96, 128,
                                                                                       384]


def test_a_discard_win_half_responsibility_the_discarder_pays_double():
    s = deal(FIVE, "1m", "discard", "W")
    assert s.scores["S"].value == 5
    # 2^5 = 32: West (the discarder) 2 x 32 = 64, East and North 32 each; no East double: East pays as North
    assert sorted(paid(s)) == [("E", "S", 32), ("N", "S", 32), ("W", "S", 64)]
    assert s.net == {"E": -32, "S": 128, "W": -64, "N": -32}


def test_a_discard_win_full_responsibility_the_discarder_pays_for_all():
    # 全銃: West pays the four shares, 2 x 32 + 32 + 32 = 128, the others nothing
    assert paid(deal(FIVE, "1m", "discard", "W", responsibility="full")) == [("W", "S", 128)]


def test_a_discard_win_half_spicy():
    # 5 faan half-spicy: 24; West 2 x 24 = 48, East and North 24
    assert sorted(paid(deal(FIVE, "1m", "discard", "W", half_spicy=True))) == [("E", "S", 24), ("N", "S", 24),
                                                                                ("W", "S", 48)]


def test_a_robbed_kong_is_paid_by_the_kong_s_owner_as_a_discard():
    # South robs East's kong of 9m: [RRR] 1 + mixed one suit 3 + robbing the kong 1 + no flowers 1 = 6 faan,
    # 2^6 = 64: East (whose kong was robbed) 128, West and North 64
    s = deal("[RRR] 123m 456m 789m 11m", "9m", "kong", "E")
    assert s.scores["S"].value == 6
    assert sorted(paid(s)) == [("E", "S", 128), ("N", "S", 64), ("W", "S", 64)]


def test_a_self_drawn_win_each_pays_double():
    # South draws 1m: dragon pung 1 + mixed one suit 3 + self-drawn 1 + no flowers 1 = 6 faan, 2^6 = 64: each of
    # the three 2 x 64 = 128 (East too, no more: no East double)
    s = deal(FIVE, "1m", "wall")
    assert s.scores["S"].value == 6
    assert paid(s) == [("E", "S", 128), ("W", "S", 128), ("N", "S", 128)]


def test_a_limit_hand_is_paid_at_the_maximum_faan():
    # thirteen orphans self-drawn: a limit hand, worth max_faan; 8: 2^8 = 256, each 512; 13: 2^13 = 8192, each 16384;
    # 10 half-spicy: 128, each 256
    orphans = "19m 19p 19s ESWN RGPP"
    assert paid(deal(orphans, "P", "wall", max_faan=8)) == [("E", "S", 512), ("W", "S", 512), ("N", "S", 512)]
    assert deal(orphans, "P", "wall").payments[0].amount == 16384
    assert deal(orphans, "P", "wall", max_faan=10, half_spicy=True).payments[0].amount == 256


def test_a_hand_below_the_minimum_is_no_win():
    # 123m 456m 789m 234p 55s on a discard: concealed hand 1 + all chows 1 + no flowers 1 = 3 faan, 2 besides
    # flowers: short of min_faan 3, so South does not hold mah jong; with min_faan 1 it wins, 2^3 = 8
    with pytest.raises(mjscore.MjscoreError, match="minimum faan"):
        deal("123m 456m 789m 234p 55s", "5s", "discard", "W")
    assert sorted(paid(deal("123m 456m 789m 234p 55s", "5s", "discard", "W", min_faan=1))) == [
        ("E", "S", 8), ("N", "S", 8), ("W", "S", 16)]


def test_the_game_is_paid_and_dealt_as_worked_by_hand():
    # examples/game-hk.yaml (max_faan 8): 1 Ana (East) self-draws 4 faan, 2^4 = 16, 32 from each: Ana +96;
    # 2 Bruno takes Carmen's discard, 5 faan, 32: Carmen 64, Ana and Diego 32: Bruno +128, and deals next;
    # 3 a draw: nothing, Bruno deals again; 4 Diego's false win: 2 x 2^8 = 512 to each, Diego -1536;
    # totals Ana 96 - 32 + 512 = 576, Bruno -32 + 128 + 512 = 608, Carmen -32 - 64 + 512 = 416,
    # Diego -32 - 32 - 1536 = -1600 (summing to 0)
    g = mjscore.score_game(GAME).to_dict()
    east = [d["seats"]["E"] for d in g["deals"]]
    assert east == ["Ana", "Ana", "Bruno", "Bruno"]
    nets = [d["net"] for d in g["deals"]]
    assert nets[0] == {"Ana": 96, "Bruno": -32, "Carmen": -32, "Diego": -32}
    assert nets[1] == {"Ana": -32, "Bruno": 128, "Carmen": -64, "Diego": -32}
    assert nets[2] == {"Ana": 0, "Bruno": 0, "Carmen": 0, "Diego": 0}
    assert nets[3] == {"Ana": 512, "Bruno": 512, "Carmen": 512, "Diego": -1536}
    assert g["totals"] == {"Ana": 576, "Bruno": 608, "Carmen": 416, "Diego": -1600}


def test_a_discard_win_names_its_discarder():
    # the discarder pays double (half) or all (full): a deal that does not say who discarded is refused in one line
    with pytest.raises(mjscore.MjscoreError, match=r"hk: the discarder pays the hand: say who discarded"):
        deal(FIVE, "1m", "discard")


def test_the_payments_and_faan_said_in_traditional_chinese():
    # --lang zh-Hant: the reasons from mjscore/messages/zh-Hant.yaml (出銃者 the discarder, 單份 single, 番 faan),
    # the items by the names tables/hk.yaml gives them (中/發/白 dragon pung, 混一色 mixed one suit, 無花 no flowers)
    from helpers import run

    code, out, err = run("settle", "-", "--lang", "zh-Hant", input="variant: hk\nhands: {E: '', S: '[RRR] 123m 456m "
                         "789m 11m', W: '', N: ''}\nwinner: S\nwin: {tile: 1m, from: discard, discarder: W}\n")
    assert code == 0, err
    assert "出銃者，雙份：2 x 32（5 番）" in out and "單份：32（5 番）" in out
    code, out, err = run("score", FIVE, "--variant", "hk", "--win", "1m", "--lang", "zh-Hant")
    assert code == 0 and all(name in out for name in ("中/發/白", "混一色", "無花")), out


def test_no_fixed_english_word_is_left_in_hk_in_traditional_chinese():
    # batch, sheet and standings of examples/game-hk.yaml say their headers, notes and payment reasons in the
    # zh-Hant catalogue's words; the table's data (its title, its rules' citations) stays as the table writes it
    from helpers import run
    from test_lang import english_left

    v = mjscore.load_variant("hk")
    data = sorted({v.title, *(v.cites or {}).values(), *(r.cite for r in v.rules)}, key=len, reverse=True)
    for args in (["batch", str(GAME)], ["sheet", str(GAME)], ["standings", str(GAME)]):
        code, out, err = run(*args, "--lang", "zh-Hant", "--wide")
        assert code == 0, (args, err)
        for text in data:
            out = out.replace(text, "")
        assert not english_left(out, "zh-Hant"), (args, english_left(out, "zh-Hant"), out)


def test_a_chicken_hand_wins_where_the_table_lets_it():
    # [123m] 456p 789s 999p 55m on a discard: no faan but no flowers (1), 0 besides flowers: short of min_faan 3,
    # no win; with chicken_hand (雞糊) it wins; flowers=false: 0 faan, the faan table's 2^0 = 1: the discarder 2,
    # the others 1
    chicken = "[123m] 456p 789s 999p 55m"
    with pytest.raises(mjscore.MjscoreError, match="minimum faan"):
        deal(chicken, "5m", "discard", "W")
    s = deal(chicken, "5m", "discard", "W", chicken_hand=True, flowers=False)
    assert s.scores["S"].value == 0
    assert sorted(paid(s)) == [("E", "S", 1), ("N", "S", 1), ("W", "S", 2)]


def test_the_page_settles_an_hk_deal_as_the_cli_does(base):
    # /api/settle answers `settle --format json`: South's 5 faan on West's discard, West 64, East and North 32
    # (worked above); a discard win naming no discarder is a 400 with the CLI's line
    import json

    from helpers import run
    from webserver import request

    body = {"variant": "hk", "hands": {"E": "", "S": FIVE, "W": "", "N": ""}, "winner": "S",
            "win": {"tile": "1m", "from": "discard", "discarder": "W"}}
    code, out, err = run("settle", "-", "--format", "json", input=json.dumps(body))
    status, got = request(base + "/api/settle", body)
    assert (code, status) == (0, 200) and got == json.loads(out)
    assert [(p["from"], p["to"], p["amount"]) for p in got["payments"]] == [("E", "S", 32), ("W", "S", 64),
                                                                           ("N", "S", 32)]
    status, got = request(base + "/api/settle", {**body, "win": {"tile": "1m", "from": "discard"}})
    assert status == 400 and got["error"].startswith("deal: hk: the discarder pays the hand: say who discarded")


def test_a_replacement_tile_is_a_kong_s_only_where_the_hand_has_a_kong():
    # 槓上開花 (win by kong, 2 faan) is the replacement tile of a kong; a flower's replacement tile (--from loose in a
    # hand with no kong, 花上自摸) is self-drawn, 1 faan, as from the wall
    kong = mjscore.score("{5555p} 123m 456m 789m 11m 1f", "hk", seat="E", win="1m", source="loose")
    flower = mjscore.score("123p 123m 456m 789m 11m 1f", "hk", seat="E", win="1m", source="loose")
    assert {i.rule: i.points for i in kong.items}.get("win by kong") == 2 and "self-drawn" not in {
        i.rule for i in kong.items}
    assert {i.rule: i.points for i in flower.items}.get("self-drawn") == 1 and "win by kong" not in {
        i.rule for i in flower.items}
