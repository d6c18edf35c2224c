"""Riichi's house switches (issue 41, point 3; tables/riichi.yaml): ippatsu, ura_dora, kan_dora (true by default,
Tenhou's rules; JPML's professional rules play none of them) and each double yakuman on its own.

Hand-worked: 123m 456p 789s 234s 55p self-drawn on 5p after riichi, within the turn (ippatsu); dora indicators
4p then 1m (a kong's), ura indicators 3p then 3s. Tenhou rules, yaku: riichi 1, ippatsu 1, menzen tsumo 1; dora:
4p shows 5p, held three times (456p, 55p), 1m shows 2m, once: 4; ura dora: 3p shows 4p (once), 3s shows 4s
(once): 2. So 9 han; without ippatsu 8; without ura dora 7; without kan dora (the first indicator of each alone)
3 dora and 1 ura dora: 7; none of the three (JPML): riichi, menzen tsumo and 3 dora, 5.
"""

import json
from pathlib import Path

import pytest

from helpers import run

HAND = ["123m 456p 789s 234s 55p", "--variant", "riichi", "--win", "5p", "--from", "wall", "--also", "riichi",
        "--also", "ippatsu", "--dora", "4p 1m", "--ura", "3p 3s", "--format", "json"]
JPML = ["--option", "ippatsu=false", "--option", "ura_dora=false", "--option", "kan_dora=false",
        "--option", "open_tanyao=true"]
LOG = Path(__file__).parent / "fixtures" / "riichi" / "tenhou" / "mjx" / "2016052515gm-00a9-0000-c4d72066.json"


def _han(*options: str) -> tuple[int, dict]:
    code, out, err = run("score", *HAND, *options)
    assert code == 0, err
    data = json.loads(out)
    return data["doubles"], {i["rule"]: i["doubles"] for i in data["items"] if i.get("doubles")}


@pytest.mark.parametrize("options, han, counted", [
    ((), 9, {"Riichi": 1, "Ippatsu": 1, "Menzen tsumo": 1, "Dora": 4, "Ura dora": 2}),
    (("--option", "ippatsu=false"), 8, {"Riichi": 1, "Menzen tsumo": 1, "Dora": 4, "Ura dora": 2}),
    (("--option", "ura_dora=false"), 7, {"Riichi": 1, "Ippatsu": 1, "Menzen tsumo": 1, "Dora": 4}),
    (("--option", "kan_dora=false"), 7, {"Riichi": 1, "Ippatsu": 1, "Menzen tsumo": 1, "Dora (no kan dora)": 3,
                                         "Ura dora (no kan dora)": 1}),
    (tuple(JPML), 5, {"Riichi": 1, "Menzen tsumo": 1, "Dora (no kan dora)": 3}),
])
def test_each_switch_takes_its_han_away(options, han, counted):
    assert _han(*options) == (han, counted)


@pytest.mark.parametrize("options, value", [
    ((), 8000),  # Tenhou: every yakuman single (base 8000)
    (("--option", "double_suuankou_tanki=true"), 16000),  # this one double
    (("--option", "double_kokushi13=true", "--option", "double_daisuushii=true"), 8000),  # others: still single
    (("--option", "double_yakuman=true"), 16000),  # the old spelling: all four
])
def test_each_double_yakuman_on_its_own(options, value):
    """111m 222p 333s 444s E, self-drawn on E: suu ankou on a pair wait (tanki), Tenhou rules' yakuman."""
    code, out, err = run("score", "111m 222p 333s 444s EE", "--variant", "riichi", "--win", "E", "--from", "wall",
                         "--format", "json", *options)
    assert code == 0, err
    assert json.loads(out)["value"] == value


def _deals(*more: str) -> list[dict]:
    code, out, err = run("batch", str(LOG), "--format", "json", *more)
    assert code == 0, err
    return json.loads(out)["games"][0]["deals"]


def test_a_jpml_style_scoring_agrees_round_by_round_with_and_without_differences():
    """The log (Tenhou's rules) scored under JPML's switches: batch and --differences give every round the same
    change of score; the rounds that differ from Tenhou's record are the two where Tenhou counted what JPML does
    not: deal 10 (E4-1) C's ura dora (1 han), deal 12 (S2-0) D's kan dora (1 han)."""
    code, out, err = run("batch", str(LOG), "--differences", "--format", "json", *JPML)
    assert code == 1, err
    found = json.loads(out)
    deals = _deals(*JPML)
    for d in found:
        if d["what"] == "points":
            assert d["mjscore"] == deals[d["deal"] - 1]["net"][d["player"]]
    assert sorted((d["deal"], d["player"], d["tenhou"], d["mjscore"]) for d in found if d["what"] == "han") == [
        (10, "C", 3, 2), (12, "D", 4, 3)]
    plain = _deals()
    assert [n for n, (a, b) in enumerate(zip(plain, deals), 1) if a["net"] != b["net"]] == [10, 12]


PAO_GAME = """variant: riichi
players: [B, C, D, A]
deals:
  - hands: {{A: "[PPP] [GGG] [RRR] 234p 33m", B: "123m 456p 789s 234s E", C: "123p 456s 789m 789s N",
             D: "123s 456m 789p 789m W"}}
    winner: A
    win: {{tile: 3m, from: {frm}}}
    pao: {pao}
    honba: 1
"""


def _pao(tmp_path, frm: str, pao: str, *more: str) -> tuple[int, dict | str]:
    game = tmp_path / "pao.yaml"
    game.write_text(PAO_GAME.format(frm=frm, pao=pao), encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json", *more)
    deal = json.loads(out)["games"][0]["deals"][0] if out else {}
    return code, deal.get("net") or deal.get("error") or err


def test_pao_on_a_discard_pays_as_tenhou_s_record(tmp_path):
    """Tenhou's record of a daisangen ron with liability (an mjlog AGARI element, as a public converter's tests
    quote it: `<AGARI ba="1,0" hai="8,11,42,46,48" m="51785,50250,48650" machi="11" ten="40,32000,5"
    yakuman="39" who="0" fromWho="2" paoWho="1" sc="404,323,125,-163,155,-160,316,0"/>`, dealer player 1):
    the winner (player 0, A here) +32300, the liable player (1, B) -16300, the discarder (2, C) -16000: each
    half of the non-dealer's 32000 yakuman, the liable player the honba's 300 too."""
    code, net = _pao(tmp_path, "discard, discarder: C", "B")
    assert code == 0 and net == {"A": 32300, "B": -16300, "C": -16000, "D": 0}


def test_pao_on_a_self_drawn_win_pays_it_all(tmp_path):
    """Tenhou's rules (包): on a self-drawn win the liable player pays the whole yakuman, as a discard would pay it
    (a non-dealer's 8000 base x 4 = 32000), and the honba of all three (300)."""
    code, net = _pao(tmp_path, "wall", "B")
    assert code == 0 and net == {"A": 32300, "B": -32300, "C": 0, "D": 0}
    code, net = _pao(tmp_path, "wall", "B", "--option", "pao=false")  # the house plays no liability
    # as any non-dealer's yakuman self-drawn: the dealer (B) 16000, the others 8000, each 100 of honba
    assert code == 0 and net == {"A": 16000 + 8000 + 8000 + 300, "B": -16100, "C": -8100, "D": -8100}


def test_pao_is_for_a_yakuman_and_another_player(tmp_path):
    code, why = _pao(tmp_path, "wall", "A")
    assert code == 1 and "pao: the player liable for the winner's yakuman" in why
    game = tmp_path / "small.yaml"
    game.write_text(PAO_GAME.format(frm="wall", pao="B").replace("[RRR] 234p 33m", "234p 567p 33m"),
                    encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 1 and "pao: a player is liable (pao) for a yakuman only" in out


def test_a_tenhou_log_s_pao_is_read_and_paid(tmp_path):
    """The mjx game's daisangen (round S1-2, its 7th: player 1 on player 2's discard, 32000 + 2 honba 600 + the
    stick on the table 1000: deltas [0, 33600, -32600, 0]) given a liable player, 3, as Tenhou would record it:
    pao_who 3, and its changes as Tenhou pays liability on a discard (half each of 32000; the honba from the
    liable player): [0, 33600, -16000, -16600]. mjscore reads the liability and agrees."""
    rounds = [json.loads(line) for line in
              LOG.with_name("2019060813gm-00a9-0000-08bb0ec3.json").read_text(encoding="utf-8").splitlines()]
    result = rounds[6]["log"][0][16]  # (mjx's JSON Lines: one round an object)
    assert result[1:] == [[0, 33600, -32600, 0], [1, 2, 1, "役満32000点", "大三元(役満)"]]
    result[1], result[2][2] = [0, 33600, -16000, -16600], 3
    liable = tmp_path / "pao.json"
    liable.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rounds) + "\n", encoding="utf-8")
    code, out, err = run("batch", str(liable), "--differences")
    assert (code, out) == (0, ""), out
    deal = _deals_of(liable)[6]
    # B takes back from the table its own stick, which left its score at the draw before: the log's changes
    assert deal["net"] == {"A": 0, "B": 33600, "C": -16000, "D": -16600} and deal["pot"] == -1000


def _deals_of(path: Path) -> list[dict]:
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    return json.loads(out)["games"][0]["deals"]


SUUKANTSU = """variant: riichi
players: [B, C, D, A]
deals:
  - hands: {{A: "[2222m] [3333p] [4444s] [6666s] 55p", B: "", C: "", D: ""}}
    winner: A
    win: {{tile: 5p, from: {frm}}}
    pao: {pao}
    honba: 1
"""


def _suukantsu(tmp_path, frm: str, *more: str) -> tuple[int, dict | str]:
    game = tmp_path / "suukantsu.yaml"
    game.write_text(SUUKANTSU.format(frm=frm, pao="B"), encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json", *more)
    deal = json.loads(out)["games"][0]["deals"][0] if out else {}
    return code, deal.get("net") or deal.get("error") or err


def test_pao_for_suukantsu_where_the_house_plays_it(tmp_path):
    """A's four kongs, [2222m] [3333p] [4444s] [6666s] 55p, won on 5p: Suu kantsu, a yakuman (Tenhou rules, EMA RCR
    2016: yakuman), 8000 base points (4 limits of 2000); A is no dealer (B deals), honba 1, B named liable.
    Tenhou pays liability (包) for daisangen and dai suushii only: the default refuses B's liability for suu
    kantsu. With --option pao_suukantsu=true (a house's rule: the player who let the fourth kong be made pays), as
    Tenhou pays liability: self-drawn, B pays the whole yakuman as a discard pays it, 8000 x 4 = 32000, and the honba
    of all three, 3 x 100 = 300: A +32300, B -32300; on C's discard, half each of 32000, 16000 from B and C, the
    honba's 300 from B: A +32300, B -16300, C -16000."""
    code, why = _suukantsu(tmp_path, "wall")
    assert code == 1 and "pao: under these rules a player is liable (pao) only for Daisangen, Dai suushii" in why
    code, net = _suukantsu(tmp_path, "wall", "--option", "pao_suukantsu=true")
    assert code == 0 and net == {"A": 32000 + 300, "B": -32000 - 300, "C": 0, "D": 0}
    code, net = _suukantsu(tmp_path, "discard, discarder: C", "--option", "pao_suukantsu=true")
    assert code == 0 and net == {"A": 32000 + 300, "B": -16000 - 300, "C": -16000, "D": 0}
    # without liability (pao=false) the house option changes nothing: a non-dealer's yakuman self-drawn, the dealer
    # (B) 16000, the others 8000, each 100 of honba
    code, net = _suukantsu(tmp_path, "wall", "--option", "pao=false", "--option", "pao_suukantsu=true")
    assert code == 0 and net == {"A": 16000 + 8000 + 8000 + 300, "B": -16100, "C": -8100, "D": -8100}
