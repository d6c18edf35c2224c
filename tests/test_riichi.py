"""`riichi`: hands worked out by hand from the Japanese rules' tables, and the pieces the table uses.

The rules, as the riichi library `mahjong` 2.1.0 implements them (tests/fixtures/riichi/NOTES.md, parts
(b) and (c), every rule there with the library file that holds it): fu are 20 base, +10 for a concealed hand
won on a discard, +2 self-drawn (not with pinfu), +2 an edge, closed or pair wait, sets 2/4 (simples,
open/concealed), 4/8 (terminals, honours), kongs 8/16 and 16/32, a valued pair 2; rounded up to 10; seven
pairs 25 as they stand. Base points = fu x 2^(han+2), over 2000 mangan (2000); 6 han haneman 3000, 8 baiman
4000, 11 sanbaiman 6000, 13 counted yakuman 8000; a yakuman 8000, several add up. A discard win: the
discarder pays 4 x base (6 x for the dealer); self-drawn: each non-dealer base, the dealer 2 x base (a dealer
winner: 2 x base from each); each payment rounded up to 100; honba 300 a counter, riichi sticks 1000 each.
"""

import json

import pytest

import mjscore
from helpers import items, run
from mjscore.errors import HandError, MjscoreError, TableError


def rscore(hand, **kw):
    kw.setdefault("seat", "S")
    return mjscore.score(hand, "riichi", **kw)


def test_pinfu_ron_30_fu_1_han_1000():
    # base 20 + concealed ron 10 = 30 fu; pinfu 1 han: 30 x 2^3 = 240; non-dealer ron 4 x 240 = 960 -> 1000
    s = rscore("234789m 12345666p", win="6p", dora="1z")
    assert (s.family_value.han, s.family_value.fu, s.value, s.family_value.total) == (1, 30, 240, 1000)
    assert set(items(s)) >= {"Pinfu", "base", "closed ron"}


def test_pinfu_tsumo_takes_no_tsumo_fu():
    # menzen tsumo 1 + pinfu 1 = 2 han, 20 fu (no tsumo fu with pinfu): 20 x 2^4 = 320;
    # non-dealers pay 320 -> 400, the dealer 640 -> 700: "400/700", total 400 + 400 + 700 = 1500
    s = rscore("234789m 12345666p", win="6p", source="wall")
    assert (s.family_value.han, s.family_value.fu, s.value) == (2, 20, 320)
    assert dict(s.family_value.paid) == {"dealer": 700, "non_dealer": 400} and s.family_value.total == 1500
    # with fu_for_pinfu_tsumo the 2 fu are taken and pinfu is lost: menzen tsumo 1 han, 22 -> 30 fu: 240;
    # 300/500, total 1100
    s = rscore("234789m 12345666p", win="6p", source="wall", options=["fu_for_pinfu_tsumo=true"])
    assert (s.family_value.han, s.family_value.fu, s.family_value.total) == (1, 30, 1100) and "Pinfu" not in items(s)


def test_open_pinfu_shape_30_fu_or_20():
    # [234m] 678m 234p 456s 88s on 6s: tanyao (open) 1 han; no fu but the base: open pinfu 2 -> 22 -> 30 fu:
    # 30 x 8 = 240, ron 960 -> 1000; with fu_for_open_pinfu=false 20 fu: 160, ron 640 -> 700
    s = rscore("[234m] 678m 234p 456s 88s", win="6s")
    assert (s.family_value.han, s.family_value.fu, s.family_value.total) == (1, 30, 1000)
    s = rscore("[234m] 678m 234p 456s 88s", win="6s", options=["fu_for_open_pinfu=false"])
    assert (s.family_value.han, s.family_value.fu, s.family_value.total) == (1, 20, 700)


def test_seven_pairs_25_fu_dealer_tsumo():
    # 1133557799m 1122p, dealer self-drawn: chiitoitsu 2 + menzen tsumo 1 = 3 han, 25 fu (not rounded):
    # 25 x 2^5 = 800; each pays 2 x 800 = 1600: "1600 all", 4800 in all
    s = rscore("1133557799m 1122p", seat="E", win="2p", source="wall")
    assert (s.family_value.han, s.family_value.fu, s.value) == (3, 25, 800)
    assert dict(s.family_value.paid) == {"each": 1600} and s.family_value.total == 4800


def test_no_yaku_is_no_win_and_dora_do_not_make_one():
    # an open hand with no yaku: refused, however many dora (dora are not yaku)
    s = rscore("[234m] 567m 123p 789s 55s", win="5s", dora="4s 4s")
    assert not s.mahjong and any("no yaku" in n for n in s.notes)


def test_riichi_dora_ura_red_mangan_and_text():
    # riichi 1, pinfu 1 (all chows, 55s, 67s waiting on 5s or 8s), tanyao 1, dora 1 (indicator 4m shows 5m),
    # red five 1 (0p), ura 1 (indicator 2s shows 3s): 6 han -> haneman, base 3000; non-dealer ron 4 x 3000 =
    # 12000; + 2 honba 600 + 1 stick 1000 = 13600
    s = rscore("345m 406p 345s 55s 678s", win="8s", also=["riichi"], dora="4m", ura="2s", honba=2, sticks=1)
    assert s.family_value.han == 6 and s.family_value.tier == "haneman" and s.value == 3000
    assert items(s)["Dora"][1] == 1 and items(s)["Red five"][1] == 1 and items(s)["Ura dora"][1] == 1
    assert (s.family_value.total, s.family_value.received) == (12000, 13600)
    # the same with 456p (no red five): riichi, pinfu, tanyao, dora, ura: 5 han -> mangan 2000, ron 8000
    s = rscore("345m 456p 345s 55s 678s", win="8s", also=["riichi"], dora="4m", ura="2s")
    assert (s.family_value.han, s.family_value.tier, s.family_value.total) == (5, "mangan", 8000)


def test_ura_dora_only_with_riichi():
    # tanyao and pinfu; the ura indicator 2s (shows 3s) counts nothing without riichi: 2 han 30 fu,
    # 30 x 2^4 = 480, ron 1920 -> 2000
    s = rscore("345m 456p 345s 55s 678s", win="8s", dora="1z", ura="2s")
    assert "Ura dora" not in items(s) and (s.family_value.han, s.family_value.fu, s.family_value.total) == (2, 30, 2000)


def test_dora_count_each_tile_and_each_indicator():
    # indicator 9p shows 1p (9 wraps to 1); two indicators 9p count each 1p twice; N shows E; P (white) shows G
    s = rscore("111p 234m 567m 789s EE", seat="E", round="E", win="E", source="wall", dora="9p 9p N")
    # 1p x3 seen twice = 6, E x2 = 2: 8 dora
    assert items(s)["Dora"][1] == 8
    s = rscore("GGG 234m 567m 789s 11p", win="1p", dora="P")
    assert items(s)["Dora"][1] == 3 and items(s)["Hatsu"][1] == 1


def test_kiriage_and_the_tiers():
    # riichi, pinfu, tanyao, 1 dora = 4 han; ron 30 fu: 30 x 2^6 = 1920 -> 7700 (4 x 1920 = 7680 rounded up);
    # kiriage (the wrc preset has it) makes it mangan 8000
    hand = dict(win="8s", also=["riichi"], dora="4m")
    s = rscore("345m 456p 345s 55s 678s", **hand)
    assert (s.family_value.han, s.family_value.fu, s.value, s.family_value.total) == (4, 30, 1920, 7700)
    s = rscore("345m 456p 345s 55s 678s", **hand, options=["ruleset=wrc"])
    assert (s.value, s.family_value.total, s.family_value.tier) == (2000, 8000, "kiriage mangan")


def test_counted_yakuman_or_sanbaiman():
    # riichi 1, menzen tsumo 1, pinfu 1, iipeikou 1, chinitsu 6, ittsu 2 = 12, + 1 dora = 13 han: counted
    # yakuman 8000 base (Tenhou), 8000/16000; EMA: sanbaiman 6000, 6000/12000
    hand = "112233456789m 99m"
    kw = dict(win="3m", source="wall", also=["riichi"], dora="8m")
    s = rscore(hand, **kw)
    assert s.family_value.han >= 13 and s.family_value.tier == "counted yakuman" and dict(s.family_value.paid) == {
        "dealer": 16000, "non_dealer": 8000}
    s = rscore(hand, **kw, options=["ruleset=ema"])
    assert s.family_value.tier == "sanbaiman" and dict(s.family_value.paid) == {"dealer": 12000, "non_dealer": 6000}


def test_yakuman_add_up_and_double_yakuman_option():
    # daisangen + tsuuiisou: two yakuman, 2 x 8000 = 16000 base; non-dealer ron 4 x 16000 = 64000
    s = rscore("[EEE] PPP GGG RRR SS", win="S", seat="W")
    assert s.limit_fraction == 8 and s.value == 16000 and s.family_value.total == 64000
    # concealed and won on S (a pair wait): suu ankou tanki as well, three yakuman: 24000 base, 96000
    s = rscore("PPP GGG RRR EEE SS", win="S", seat="W")
    assert s.limit_fraction == 12 and s.family_value.total == 96000
    # suu ankou tanki: a yakuman in Tenhou (8000 base), a double one with double_yakuman (16000)
    hand = "111m 333p 555s 777s EE"
    assert rscore(hand, win="E", seat="W").value == 8000
    assert rscore(hand, win="E", seat="W", options=["double_yakuman=true"]).value == 16000


def test_yakuman_drops_the_other_yaku_and_dora():
    s = rscore("119m 19p 19s ESWNPGR", win="1m", dora="9m")  # kokushi, 13-sided (1m held twice)
    assert [i.rule for i in s.items] == ["Kokushi musou, thirteen-sided wait"] and s.value == 8000


def test_open_hand_loses_han_and_closed_only_yaku():
    # honitsu open 2 (closed 3), ittsu open 1 (closed 2), haku 1; open: no menzen tsumo on a self-drawn win
    s = rscore("[PPP] 123m 456m 789m EE", win="E", source="wall")
    assert items(s)["Honitsu (open)"][1] == 2 and "Menzen tsumo" not in items(s)
    assert items(s)["Ittsu (open)"][1] == 1 and s.family_value.han == 4
    s = rscore("123m 456m 789m PPP EE", win="E", source="wall")  # closed: 3 + 2 + 1 + menzen tsumo 1 = 7
    assert items(s)["Honitsu"][1] == 3 and items(s)["Ittsu"][1] == 2 and s.family_value.han == 7


def test_shanpon_ron_pung_counts_open_and_breaks_suu_ankou():
    # 111m 333p 555s 777s EE, ron on 7s (shanpon): 777s is an open pung, so san ankou (2) and toitoi (2), not
    # suu ankou; fu 20 + 10 (concealed ron) + 8 (111m concealed terminals) + 4 + 4 (333p, 555s concealed)
    # + 2 (777s open) = 48 -> 50; 4 han 50 fu: 50 x 64 = 3200 > 2000: mangan
    s = rscore("111m 333p 555s 777s EE", win="7s", seat="W")
    assert s.limit_hand is None and s.family_value.fu == 50 and s.family_value.tier == "mangan"


def test_text_forms():
    # non-dealer ron "30 fu 3 han: 3900"; non-dealer tsumo "1000/2000"; dealer tsumo "2000 all"
    code, out, _ = run("score", "345m 406p 345s 55s 678s", "--variant", "riichi", "--seat", "S", "--win", "8s",
                       "--dora", "1z")
    assert code == 0 and "30 fu 3 han: 3900" in out  # tanyao 1, pinfu 1, red five 1: 30 x 32 = 960 -> 3840
    code, out, _ = run("score", "345m 456p 345s 55s 678s", "--variant", "riichi", "--seat", "S", "--win", "8s",
                       "--from", "wall", "--also", "riichi")
    # riichi, menzen tsumo, pinfu, tanyao: 4 han 20 fu: 20 x 64 = 1280; 1300/2600
    assert code == 0 and "20 fu 4 han: 1300/2600" in out
    code, out, _ = run("score", "345m 456p 345s 55s 678s", "--variant", "riichi", "--seat", "E", "--win", "8s",
                       "--from", "wall", "--also", "riichi")
    assert code == 0 and "20 fu 4 han: 2600 all" in out  # 2 x 1280 = 2560 -> 2600 from each


def test_json_has_han_fu_and_cost():
    code, out, _ = run("score", "345m 406p 345s 55s 678s", "--variant", "riichi", "--seat", "S", "--win", "8s",
                       "--dora", "1z", "--honba", "1", "--format", "json")
    data = json.loads(out)
    assert (data["han"], data["fu"], data["value"]) == (3, 30, 960)
    assert data["cost"] == {"discarder": 3900, "total": 3900, "with_honba_and_sticks": 4200}


def test_other_variants_json_has_no_riichi_keys():
    s = mjscore.score("[555p] 123m 789s SSS NN", "spanish", seat="S", win="7s", source="wall")
    assert "han" not in s.to_dict() and "cost" not in s.to_dict()


@pytest.mark.parametrize("hand, options, words", [
    ("345m 406p 345s 55s 678s", ["ruleset=ema"], "riichi has no red fives under --option red_fives=0: 0p is a red 5p; write 5p"),
    ("345m 400p 345s 55s 678s", [], "2 red fives of one suit (0p); riichi has 1 (--option red_fives)"),
])
def test_red_fives_refused_in_one_line(hand, options, words):
    with pytest.raises(HandError) as e:
        rscore(hand, win="8s", options=options)
    assert str(e.value).startswith(words)


def test_red_five_in_a_variant_without_them():
    # a 0 is no tile where the variant has none: the message says it is riichi's red five, and what to type
    code, _, err = run("score", "[555p] 123m 789s SSS N0m", "--seat", "S")
    assert code == 2 and "0m is riichi's red five: use --variant riichi, or write 5m" in err
    assert "                     ^" in err


def test_preset_and_an_option_given_together():
    v = mjscore.load_variant("riichi")
    assert v.resolve_options({"ruleset": "ema"})["red_fives"] == 0
    assert v.resolve_options({"ruleset": "ema", "red_fives": "1"})["red_fives"] == 1
    assert v.resolve_options({"ruleset": "wrc"})["kiriage"] is True


def test_first_draw_is_chiihou_and_heaven_tenhou():
    s = rscore("111m 234m 567p 789s EE", seat="S", win="E", source="wall", also=["first-draw"])
    assert s.limit_hand == "Chiihou"
    s = rscore("111m 234m 567p 789s EE", seat="E", source="wall", also=["heaven"])
    assert s.limit_hand == "Tenhou"


def test_dora_indicator_errors_say_where():
    with pytest.raises(MjscoreError) as e:
        rscore("345m 456p 345s 55s 678s", win="8s", dora="4x")
    assert str(e.value) == "--dora: digits without a suit letter: 4 before 'x' (write 4m, 4p or 4s)"


@pytest.mark.parametrize("change, words", [
    (("doubles_each: dora", "doubles_each: dragons"), "doubles_each counts one of: dora, ura_dora, first_dora, first_ura_dora, red_fives"),
    (("    extra_doubles: 2", "    extra_double: 2"), "value.han_fu: unknown key 'extra_double'"),
    (("    ema: {red_fives: 0,", "    ema: {red_five: 0,"), "presets.ruleset.ema: names no other option 'red_five'"),
])
def test_table_keys_checked_at_load(tmp_path, change, words):
    text = (mjscore.load_variant("riichi").path and open(mjscore.load_variant("riichi").path).read())
    assert change[0] in text
    (tmp_path / "riichi.yaml").write_text(text.replace(change[0], change[1], 1))
    with pytest.raises(TableError) as e:
        mjscore.load_variant("riichi", tmp_path)
    assert words in str(e.value)


def test_red_fives_printed_back_where_written():
    s = rscore("{0555p} [406s] 40556m RRR", win="4m", source="wall", dora="1z")  # chun: a yaku
    assert s.hand == "{0555p} [406s] 40556m RRR" and items(s)["Red five"][1] == 3


def test_japanese_names():
    code, out, _ = run("score", "345m 406p 345s 55s 678s", "--variant", "riichi", "--seat", "S", "--win", "8s",
                       "--lang", "ja", "--format", "json")
    names = {i["rule"]: i.get("name") for i in json.loads(out)["items"]}
    assert names["Pinfu"] == "平和" and names["Tanyao"] == "断幺九" and names["Red five"] == "赤ドラ"


def test_variants_riichi_lists_options_and_presets():
    code, out, _ = run("variants", "riichi")
    assert code == 0 and "ruleset=ema: red_fives=0, open_tanyao=true, double_yakuman=false" in out
    assert "kazoe=sanbaiman, kiriage=true" in out  # wrc
    code, out, _ = run("variants", "riichi", "--format", "json")
    data = json.loads(out)
    assert data["presets"]["ruleset"]["wrc"]["kiriage"] is True and "double_yakuman" in data["options"]


@pytest.mark.parametrize("hand, kw, words", [
    ("[234m] 678m 234p 456s 88s", dict(win="6s", also=["riichi"]),
     "not mah jong: riichi is declared on a concealed hand"),
    ("345m 456p 345s 55s 678s", dict(win="8s", also=["ippatsu"]),
     "not mah jong: ippatsu is a win within a turn of declaring riichi"),
])
def test_riichi_words_that_contradict_the_hand(hand, kw, words):
    s = rscore(hand, **kw)
    assert not s.mahjong and any(n.startswith(words) for n in s.notes)


# --- EMA RCR 2016: one yakuman at most (yakuman_cap=one, set by ruleset=ema) --------------------------------

@pytest.mark.parametrize("ruleset, tier, limits, base, total", [
    # EMA RCR 2016: "the maximum score is a single yakuman": daisangen + tsuuiisou is one yakuman, 4 limits,
    # 8000 base; a non-dealer's ron: 4 x 8000 = 32000
    ("ema", "yakuman, one at most", 4, 8000, 32000),
    # Tenhou (several yakuman add up): 2 x 4 limits, 16000 base; 4 x 16000 = 64000 (2 x 32000)
    ("tenhou", "2x yakuman", 8, 16000, 64000),
    # WRC: left as it was (several add up): 64000
    ("wrc", "2x yakuman", 8, 16000, 64000),
])
def test_two_yakuman_under_each_ruleset(ruleset, tier, limits, base, total):
    # [EEE] RRR GGG PPP NN won on N from a discard by South: all honours (tsuuiisou) and three dragon pungs
    # (daisangen), no four concealed pungs (EEE claimed)
    s = rscore("[EEE] RRR GGG PPP NN", win="N", options=[f"ruleset={ruleset}"])
    assert [i.rule for i in s.items] == ["Daisangen", "Tsuuiisou"]  # both listed, capped or not
    assert (s.family_value.tier, s.limit_fraction, s.value, s.family_value.total) == (tier, limits, base, total)


def test_three_yakuman_capped_at_one_for_the_dealer_self_drawn():
    # RRR GGG PPP EEE NN, the dealer (East) drawing the second N: four concealed pungs won on the pair (suu ankou
    # tanki), daisangen and tsuuiisou, three yakuman (double_yakuman off in both). Tenhou: 3 x 8000 = 24000 base, 2 x 24000 = 48000 from
    # each: 144000. EMA (one at most): 8000 base, 2 x 8000 = 16000 from each: 48000
    hand = "RRR GGG PPP EEE NN"
    tenhou = rscore(hand, seat="E", win="N", source="wall")
    ema = rscore(hand, seat="E", win="N", source="wall", options=["ruleset=ema"])
    assert sorted(i.rule for i in ema.items) == sorted(i.rule for i in tenhou.items) == [
        "Daisangen", "Suu ankou tanki", "Tsuuiisou"]
    assert (tenhou.value, dict(tenhou.family_value.paid), tenhou.family_value.total) == (24000, {"each": 48000}, 144000)
    assert (ema.value, dict(ema.family_value.paid), ema.family_value.total) == (8000, {"each": 16000}, 48000)
    # the option alone, under Tenhou's other rules, caps alike
    alone = rscore(hand, seat="E", win="N", source="wall", options=["yakuman_cap=one"])
    assert (alone.value, alone.family_value.tier) == (8000, "yakuman, one at most")


def test_one_yakuman_is_not_renamed_by_the_cap():
    # a single yakuman (daisangen, open) under ema: 8000 base as under Tenhou, its tier "yakuman" (nothing capped)
    s = rscore("[RRR] GGG PPP 123m 55s", win="5s", options=["ruleset=ema"])
    assert (s.family_value.tier, s.value, s.family_value.total) == ("yakuman", 8000, 32000)


def test_the_cap_in_text_and_json():
    # the text says the tier as it says "2x yakuman" today: "yakuman, one at most (Daisangen): 32000"
    code, out, err = run("score", "[EEE] RRR GGG PPP NN", "--variant", "riichi", "--seat", "S", "--win", "N",
                         "--option", "ruleset=ema")
    assert code == 0, err
    assert "yakuman, one at most (Daisangen): 32000; base points 8000" in out
    code, out, err = run("score", "[EEE] RRR GGG PPP NN", "--variant", "riichi", "--seat", "S", "--win", "N",
                         "--option", "ruleset=ema", "--format", "json")
    got = json.loads(out)
    assert (got["tier"], got["limit_fraction"], got["cost"]["total"], len(got["items"])) == (
        "yakuman, one at most", 4, 32000, 2)
    assert got["options"]["yakuman_cap"] == "one" and got["options"]["abortive_draws"] is False
