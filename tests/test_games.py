"""Recorded 16-deal games (examples/game-{spanish,basque,hungarian}.yaml) played through `mjscore batch`.

Every number below is worked out by hand from the rulebooks (shared/rules/*.md) and the table
files, deal by deal: the seats (East keeps the deal by winning, after a draw and after a false
mah jong; otherwise South becomes East; the prevailing wind moves on every 4 passes), each hand's
value, the payments (winner paid by each other player, the losers settle their differences, East
pays and receives double) and the running totals. None of them is copied from the program.
"""

from __future__ import annotations

import json
import os

import pytest

from helpers import run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def game_path(variant: str) -> str:
    return os.path.join(ROOT, "examples", f"game-{variant}.yaml")


def batch_json(path: str, *extra: str) -> dict:
    code, out, err = run("batch", path, "--format", "json", *extra)
    assert code == 0, err
    return json.loads(out)["games"][0]  # one shape for one file or many: {"games": [...], ...}


def seats(east: str, south: str, west: str, north: str) -> dict:
    return {"E": east, "S": south, "W": west, "N": north}


def nothing(players) -> dict:
    return dict.fromkeys(players, 0)


def check_game(variant: str, players: list[str], start: int, deals: list[tuple]) -> dict:
    """DEALS: (round, seats, hand values by name or None, net by name), in order. Checks every deal and the end."""
    data = batch_json(game_path(variant))
    assert data["variant"] == variant and data["players"] == players
    assert data["summary"] == {"read": 16, "scored": 16, "rejected": 0}
    assert len(data["deals"]) == len(deals) == 16
    totals = dict.fromkeys(players, start)
    for got, (round_, seated, values, net) in zip(data["deals"], deals):
        where = f"deal {got['deal']}"
        assert sum(net.values()) == 0, f"{where}: my own arithmetic does not balance"
        assert got["round"] == round_, where
        assert got["seats"] == seated, where
        if values is not None:
            assert {n: h["value"] for n, h in got["hands"].items()} == values, where
        assert got["net"] == net, where
        for name in players:
            totals[name] += net[name]
        assert got["totals"] == totals, where
    assert data["totals"] == totals
    return data


def standings_of(data: dict) -> list[tuple]:
    return [(s["rank"], s["player"], s["total"]) for s in data["standings"]]


# --- spanish: Babcock scoring, limit 300, counters of 2000 each ------------------------------------------------
# Points: pung 2-8 2/4, pung 1-9 or honours 4/8, kong 2-8 8/16, kong 1-9 or honours 16/32, pair of dragons or
# own wind 2; winner: 20, self-drawn 2, nothing but mah jong 10, no chow 10. Doubles: own wind pung, each dragon
# pung, one suit with honours 1, one suit only 3. No prevailing-wind scoring. A draw pays nothing; a false mah
# jong has no penalty (the deal is void). Losers settle differences; no cap between losers.

A, B, C, D = "Ana", "Bruno", "Carmen", "Diego"
SPANISH = [
    # 1 Ana (East) wins: [RRR] 4 + 20 + 2 (self-drawn) = 26, dragons x2 = 52; each pays 52 x2 = 104.
    #   Bruno [444p] 2; Carmen [999m] 4; Diego NNN concealed own wind 8 x2 = 16.
    #   Bruno pays Carmen 4-2 = 2 and Diego 16-2 = 14; Carmen pays Diego 16-4 = 12.
    ("E", seats(A, B, C, D), {A: 52, B: 2, C: 4, D: 16},
     {A: 3 * 104, B: -104 - 2 - 14, C: -104 + 2 - 12, D: -104 + 14 + 12}),
    # 2 East won, so Ana keeps the deal. Bruno (S) wins: [555p] 2 + SSS 8 + 20 = 30, own wind x2 = 60:
    #   Ana (East) pays 120, Carmen 60, Diego 60. Ana [666s] 2; Carmen [GGG] 4 x2 = 8; Diego [111p] 4.
    #   Ana pays Carmen (8-2) x2 = 12 and Diego (4-2) x2 = 4; Diego pays Carmen 8-4 = 4.
    ("E", seats(A, B, C, D), {A: 2, B: 60, C: 8, D: 4},
     {B: 120 + 60 + 60, A: -120 - 12 - 4, C: -60 + 12 + 4, D: -60 + 4 - 4}),
    # 3 South won: the seats turn, Bruno is East. A draw: nothing paid.
    ("E", seats(B, C, D, A), None, nothing([A, B, C, D])),
    # 4 After a draw Bruno keeps the deal. Bruno (East) wins: [WWW] 4 + 20 = 24, one suit with honours x2 = 48;
    #   each pays 96. Carmen [SSS] own wind 4 x2 = 8; Diego [222s] 2; Ana [PPP] 4 + [777m] 2 = 6 x2 = 12.
    #   Diego pays Carmen 6 and Ana 10; Carmen pays Ana 4.
    ("E", seats(B, C, D, A), {B: 48, C: 8, D: 2, A: 12},
     {B: 3 * 96, C: -96 + 6 - 4, D: -96 - 6 - 10, A: -96 + 4 + 10}),
    # 5 Bruno keeps the deal. Diego (W) wins: [888m] 2 + [GGG] 4 + 20 + 2 = 28, dragons x2 = 56:
    #   Bruno (East) pays 112, Carmen and Ana 56. Bruno [444s] 2; Carmen SSS 8 x2 = 16; Ana RR 2.
    #   Bruno pays Carmen (16-2) x2 = 28; Bruno and Ana are level (2 = 2): nothing; Ana pays Carmen 14.
    ("E", seats(B, C, D, A), {B: 2, C: 16, D: 56, A: 2},
     {D: 112 + 56 + 56, B: -112 - 28, C: -56 + 28 + 14, A: -56 - 14}),
    # 6 West won: Carmen is East. Bruno (N) wins with four sets of no value and a plain pair:
    #   20 + 10 (nothing scored but mah jong) = 30; Carmen pays 60, Diego and Ana 30.
    #   Carmen [999s] 4 + [PPP] 4 = 8 x2 = 16; Diego SS own wind 2; Ana 0.
    #   Diego pays Carmen (16-2) x2 = 28; Ana pays Carmen 16 x2 = 32 and Diego 2.
    ("E", seats(C, D, A, B), {C: 16, D: 2, A: 0, B: 30},
     {B: 60 + 30 + 30, C: -60 + 28 + 32, D: -30 - 28 + 2, A: -30 - 32 - 2}),
    # 7 North won: Diego is East. Ana (S) declares a false mah jong: the deal is void, nothing paid.
    ("E", seats(D, A, B, C), {D: 8, A: 0, B: 2, C: 4}, nothing([A, B, C, D])),
    # 8 Diego deals again. Ana (S) wins: {5555m} 16 + EEE 8 + 20 + 2 = 46 (no double: E is not her wind);
    #   Diego pays 92, Bruno and Carmen 46. Diego [RRR] 4 + [333s] 2 = 6 x2 = 12; Bruno 2; Carmen NN 2.
    #   Bruno and Carmen each pay Diego (12-2) x2 = 20.
    ("E", seats(D, A, B, C), {D: 12, A: 46, B: 2, C: 2},
     {A: 92 + 46 + 46, D: -92 + 20 + 20, B: -46 - 20, C: -46 - 20}),
    # 9 Fourth pass: Ana is East again and the prevailing wind is South. Ana (East) wins one suit only:
    #   [111s] 4 + 777s 4 + 999s 8 + 20 + 2 = 38 x8 = 304, over the limit: 300; each pays 600.
    #   Bruno [SSS] 8; Carmen 0; Diego [GGG] 8. Carmen pays Bruno 8 and Diego 8.
    ("E", seats(A, B, C, D), {A: 300, B: 8, C: 0, D: 8},
     {A: 3 * 600, B: -600 + 8, C: -600 - 8 - 8, D: -600 + 8}),
    # 10 Ana keeps the deal. Carmen (W) wins: 777s 4 + RR 2 + 20 = 26; Ana pays 52, Bruno and Diego 26.
    #   Ana [999p] 4; Bruno [WWW] 4; Diego {4444m} 16. Ana pays Diego 12 x2 = 24; Bruno pays Diego 12.
    ("E", seats(A, B, C, D), {A: 4, B: 4, C: 26, D: 16},
     {C: 52 + 26 + 26, A: -52 - 24, B: -26 - 12, D: -26 + 24 + 12}),
    # 11 Bruno is East. A draw.
    ("E", seats(B, C, D, A), None, nothing([A, B, C, D])),
    # 12 Ana (N) wins: [NNN] 4 + 222s 4 + 20 = 28, own wind x2 = 56; Bruno pays 112, Carmen and Diego 56.
    #   Bruno [EEE] own wind 8; Carmen [888p] 2; Diego 0.
    #   Carmen pays Bruno 6 x2 = 12; Diego pays Bruno 8 x2 = 16 and Carmen 2.
    ("E", seats(B, C, D, A), {B: 8, C: 2, D: 0, A: 56},
     {A: 112 + 56 + 56, B: -112 + 12 + 16, C: -56 - 12 + 2, D: -56 - 16 - 2}),
    # 13 Carmen is East. Diego (S) wins: [SSS] 4 + GG 2 + 20 + 2 = 28, own wind and one suit with honours x4 = 112;
    #   Carmen pays 224, Ana and Bruno 112. Carmen [777s] 2 + [222p] 2 = 4; Ana [WWW] own wind 8;
    #   Bruno [RRR] 4 + [111p] 4 = 8 x2 = 16. Carmen pays Ana 4 x2 = 8 and Bruno 12 x2 = 24; Ana pays Bruno 8.
    ("E", seats(C, D, A, B), {C: 4, D: 112, A: 8, B: 16},
     {D: 224 + 112 + 112, C: -224 - 8 - 24, A: -112 + 8 - 8, B: -112 + 24 + 8}),
    # 14 Diego is East and draws his winning tile: chows and a plain pair, 20 + 2 = 22 (page 2: "No puntuar nada más
    #   que Mah Jongg: 10 puntos": the self-drawn 2 is more than Mah Jongg, so no 10); each pays 44.
    #   Ana [SSS] 8; Bruno [666m] 2; Carmen [PPP] 4 + NN 2 = 6 x2 = 12.
    #   Bruno pays Ana 6 and Carmen 10; Ana pays Carmen 4.
    ("E", seats(D, A, B, C), {D: 22, A: 8, B: 2, C: 12},
     {D: 3 * 44, A: -44 + 6 - 4, B: -44 - 6 - 10, C: -44 + 4 + 10}),
    # 15 Diego keeps the deal. Bruno (W) wins without a chow: 2 + 2 + 4 + 444s 4 + 20 + 10 = 42;
    #   Diego pays 84, Ana and Carmen 42. Diego [GGG] 8; Ana 0; Carmen [333m] 2.
    #   Ana pays Diego 8 x2 = 16 and Carmen 2; Carmen pays Diego 6 x2 = 12.
    ("E", seats(D, A, B, C), {D: 8, A: 0, B: 42, C: 2},
     {B: 84 + 42 + 42, D: -84 + 16 + 12, A: -42 - 16 - 2, C: -42 - 12 + 2}),
    # 16 Eighth pass: Ana is East, prevailing wind West. Bruno (S) wins:
    #   [RRR] 4 + [GGG] 4 + PP 2 + 20 = 30, two dragon pungs x4 = 120; Ana pays 240, Carmen and Diego 120.
    #   Ana [EEE] 8; Carmen [555s] 2; Diego [999m] 4. Carmen pays Ana 12 and Diego 2; Diego pays Ana 8.
    ("E", seats(A, B, C, D), {A: 8, B: 120, C: 2, D: 4},
     {B: 240 + 120 + 120, A: -240 + 12 + 8, C: -120 - 12 - 2, D: -120 - 8 + 2}),
]


def test_spanish_game():
    data = check_game("spanish", [A, B, C, D], 2000, SPANISH)
    # Ana: 2000 + 312 - 136 - 82 - 70 - 64 + 184 + 1800 - 76 + 224 - 112 - 42 - 60 - 220 = 3658
    # Bruno: 2000 - 120 + 240 + 288 - 140 + 120 - 66 - 592 - 38 - 84 - 80 - 60 + 168 + 480 = 2116
    # Carmen: 2000 - 114 - 44 - 94 - 14 + 0 - 66 - 616 + 104 - 66 - 256 - 30 - 52 - 134 = 618
    # Diego: 2000 - 78 - 60 - 112 + 224 - 56 - 52 - 592 + 10 - 74 + 448 + 132 - 56 - 126 = 1608
    assert data["totals"] == {A: 3658, B: 2116, C: 618, D: 1608}
    assert standings_of(data) == [(1, A, 3658), (2, B, 2116), (3, D, 1608), (4, C, 618)]
    deals = data["deals"]
    assert deals[0]["winner"] == A and deals[1]["seats"]["E"] == A  # East won: East keeps the deal
    assert deals[2]["winner"] is None and deals[3]["seats"] == deals[2]["seats"]  # a draw: East keeps it
    assert deals[6]["false_mahjong"] == A and deals[6]["payments"] == []  # void: nothing paid
    # a spanish game ends when every player has been East (rounds_per_game 1): the wind stays East and the
    # ninth pass starts the third game; seats go round as before (four passes bring Ana back to East)
    assert {d["round"] for d in deals} == {"E"}
    assert [d["game"] for d in deals] == [1] * 8 + [2] * 7 + [3]
    assert deals[8]["hands"][A]["points"] == 38 and deals[8]["hands"][A]["doubles"] == 3  # 38 x8 = 304 -> 300
    assert {"from": C, "to": A, "amount": 600, "reason": "winner East's hand 300, x2 (East)",
            "cite": "Babcock (1923) ch. I; Babcock (1923) ch. VI"} in deals[8]["payments"]  # spanish cites:


# --- basque: mode mixed, limit 500 (East 1000), flowers and seasons -----------------------------------------------
# Table 1: pung 2-8 2/4, pung 1-9 or honours 4/8, kong 2-8 4/8 (as printed), kong 1-9 8/16, kong of honours 16/32;
# pair of dragons, own wind or prevailing wind 2, own prevailing wind 4; each flower or season 4.
# Table 2: dragon pung, own wind pung, prevailing wind pung 1; own prevailing wind pung 2; own flower or season 1.
# Table 3 (mixed): 20, from the wall 2, single wait 2; no chows 1 double; four chows and a plain pair 1 double.
# Rule 78: three little scholars 1 double. A draw pays nothing (rule 73). False mah jong (rule 71): the declarer
# pays East the limit and each other player half of it. East keeps the deal after a draw or a false mah jong.

AI, BE, IK, MA = "Aitor", "Begoña", "Iker", "Maite"
BASQUE = [
    # 1 Aitor (East) draws 5s, his only wait: [GGG] 4 + 20 + 2 + 2 = 28, dragons x2 = 56; each pays 112.
    #   Begoña [SSS] 4 + own flower 2f 4 = 8, own wind and own flower x4 = 32; Iker [222p] 2 + own season 3y 4 = 6
    #   x2 = 12; Maite EE (prevailing wind) 2 + 1f 4 = 6. Iker pays Begoña 20; Maite pays Begoña 26 and Iker 6.
    ("E", seats(AI, BE, IK, MA), {AI: 56, BE: 32, IK: 12, MA: 6},
     {AI: 3 * 112, BE: -112 + 20 + 26, IK: -112 - 20 + 6, MA: -112 - 26 - 6}),
    # 2 Aitor keeps the deal. Begoña (S) takes W for the pair, her only wait:
    #   [555p] 2 + [888m] 2 + 999s 8 + SSS 8 + 20 + 2 = 42, own wind and no chows x4 = 168;
    #   Aitor pays 336, Iker and Maite 168. Aitor own season 1y 4 x2 = 8; Iker [RRR] 8; Maite [777s] 2 + 4f 4 = 12.
    #   Aitor and Iker level; Aitor pays Maite 4 x2 = 8; Iker pays Maite 4.
    ("E", seats(AI, BE, IK, MA), {AI: 8, BE: 168, IK: 8, MA: 12},
     {BE: 336 + 168 + 168, AI: -336 - 8, IK: -168 - 4, MA: -168 + 8 + 4}),
    # 3 Begoña is East. A draw: nothing paid in mode mixed.
    ("E", seats(BE, IK, MA, AI), None, nothing([AI, BE, IK, MA])),
    # 4 Begoña keeps the deal and wins with four chows and a plain pair: 20 + 3f 4 = 24 x2 = 48 (6s: two waits);
    #   each pays 96. Iker [999p] 4; Maite [WWW] own wind 8; Aitor [PPP] 4 + [333s] 2 = 6 x2 = 12.
    #   Iker pays Maite 4 and Aitor 8; Maite pays Aitor 4.
    ("E", seats(BE, IK, MA, AI), {BE: 48, IK: 4, MA: 8, AI: 12},
     {BE: 3 * 96, IK: -96 - 4 - 8, MA: -96 + 4 - 4, AI: -96 + 8 + 4}),
    # 5 Maite (W) draws 7p into 6_8, her only wait: [444s] 2 + [RRR] 4 + WW own wind 2 + 20 + 2 + 2 = 32,
    #   dragons x2 = 64; Begoña pays 128, Iker and Aitor 64. Begoña 0; Iker SS 2 + 2f 4 = 6 x2 = 12;
    #   Aitor [GGG] 4 + [111p] 4 = 8 x2 = 16. Begoña pays Iker 12 x2 = 24 and Aitor 16 x2 = 32; Iker pays Aitor 4.
    ("E", seats(BE, IK, MA, AI), {BE: 0, IK: 12, MA: 64, AI: 16},
     {MA: 128 + 64 + 64, BE: -128 - 24 - 32, IK: -64 + 24 - 4, AI: -64 + 32 + 4}),
    # 6 Iker is East. Begoña (N) takes 8p (waiting on 2p or 8p): [NNN] 4 + 888p 2 + 20 = 26, own wind x2 = 52;
    #   Iker pays 104, Maite and Aitor 52. Iker [EEE], own wind = prevailing wind: 4 x4 = 16; Maite [666m] 2;
    #   Aitor [999s] 4 + own flower 3f 4 = 8 x2 = 16. Maite pays Iker 14 x2 = 28 and Aitor 14; Iker and Aitor level.
    ("E", seats(IK, MA, AI, BE), {IK: 16, MA: 2, AI: 16, BE: 52},
     {BE: 104 + 52 + 52, IK: -104 + 28, MA: -52 - 28 - 14, AI: -52 + 14}),
    # 7 Maite is East. Aitor (S) declares a false mah jong: he pays East the limit 500, the others 250 each.
    ("E", seats(MA, AI, BE, IK), None, {AI: -500 - 250 - 250, MA: 500, BE: 250, IK: 250}),
    # 8 Maite keeps the deal. Aitor (S) draws 4m (he waited on 1m or 4m: no single-wait points):
    #   {6666p} 8 (kong of simples as printed) + SSS 8 + 20 + 2 = 38, own wind x2 = 76; Maite pays 152, others 76.
    #   Maite [777p] 2 + [888s] 2 = 4; Begoña [RRR] 8; Iker own season 4y 4 x2 = 8.
    #   Maite pays Begoña 4 x2 = 8 and Iker 4 x2 = 8; Begoña and Iker level.
    ("E", seats(MA, AI, BE, IK), {MA: 4, AI: 76, BE: 8, IK: 8},
     {AI: 152 + 76 + 76, MA: -152 - 8 - 8, BE: -76 + 8, IK: -76 + 8}),
    # 9 Fourth pass: Aitor is East, prevailing wind South. Aitor takes 9m, his only wait:
    #   [SSS] (prevailing wind) 4 + 20 + 2 = 26 x2 = 52; each pays 104.
    #   Begoña [PPP] 8; Iker [111s] 4 + [999p] 4 = 8; Maite [NNN] 4 + 4f 4 = 8, own wind and own flower x4 = 32.
    #   Begoña and Iker level; each pays Maite 24.
    ("S", seats(AI, BE, IK, MA), {AI: 52, BE: 8, IK: 8, MA: 32},
     {AI: 3 * 104, BE: -104 - 24, IK: -104 - 24, MA: -104 + 24 + 24}),
    # 10 Aitor keeps the deal. Iker (W) draws 8s (waits 2s 5s 8s): four chows and a plain pair, 20 + 2 = 22 x2 = 44;
    #   Aitor pays 88, Begoña and Maite 44. Aitor [WWW] 4; Begoña [GGG] 4 + 2f 4 = 8 x4 = 32; Maite [222p] 2.
    #   Aitor pays Begoña 28 x2 = 56; Maite pays Aitor 2 x2 = 4 and Begoña 30.
    ("S", seats(AI, BE, IK, MA), {AI: 4, BE: 32, IK: 44, MA: 2},
     {IK: 88 + 44 + 44, AI: -88 - 56 + 4, BE: -44 + 56 + 30, MA: -44 - 4 - 30}),
    # 11 Begoña is East. A draw.
    ("S", seats(BE, IK, MA, AI), None, nothing([AI, BE, IK, MA])),
    # 12 Aitor (N) takes 6s (waiting on 5s or 6s): [777m] 2 + [NNN] 4 + 666s 2 + 20 = 28, own wind x2 = 56;
    #   Begoña pays 112, Iker and Maite 56. Begoña [999m] 4; Iker [SSS] own prevailing wind 4 x4 = 16;
    #   Maite [RRR] 4 + [444p] 2 = 6 x2 = 12. Begoña pays Iker 12 x2 = 24 and Maite 8 x2 = 16; Maite pays Iker 4.
    ("S", seats(BE, IK, MA, AI), {BE: 4, IK: 16, MA: 12, AI: 56},
     {AI: 112 + 56 + 56, BE: -112 - 24 - 16, IK: -56 + 24 + 4, MA: -56 + 16 - 4}),
    # 13 Iker is East. Maite (S) wins a pure hand of characters: the limit 500; Iker pays 1000, the others 500.
    #   Iker [EEE] own wind 8; Aitor [222s] 2; Begoña [SSS] prevailing wind 8.
    #   Aitor pays Iker 6 x2 = 12 and Begoña 6; Iker and Begoña level.
    ("S", seats(IK, MA, AI, BE), {IK: 8, MA: 500, AI: 2, BE: 8},
     {MA: 1000 + 500 + 500, IK: -1000 + 12, AI: -500 - 12 - 6, BE: -500 + 6}),
    # 14 Maite is East and takes 5p, her only wait: [RRR] 4 + 20 + 2 = 26 x2 = 52; each pays 104.
    #   Aitor SS own prevailing wind 4; Begoña [WWW] 4 + own season 3y 4 = 8 x4 = 32; Iker [333m] 2.
    #   Aitor pays Begoña 28; Iker pays Aitor 2 and Begoña 30.
    ("S", seats(MA, AI, BE, IK), {MA: 52, AI: 4, BE: 32, IK: 2},
     {MA: 3 * 104, AI: -104 - 28 + 2, BE: -104 + 28 + 30, IK: -104 - 2 - 30}),
    # 15 Maite keeps the deal. Begoña (W) takes 9s (waiting on 9s or E): [888m] 2 + [222p] 2 + 999s 4 + 1f 4 + 20
    #   = 32; Maite pays 64, Aitor and Iker 32. Maite [WWW] 4; Aitor [RRR] 4 + [PPP] 4 = 8 x4 = 32; Iker NN 2.
    #   Maite pays Aitor 28 x2 = 56; Iker pays Maite 2 x2 = 4 and Aitor 30.
    ("S", seats(MA, AI, BE, IK), {MA: 4, AI: 32, BE: 32, IK: 2},
     {BE: 64 + 32 + 32, MA: -64 - 56 + 4, AI: -32 + 56 + 30, IK: -32 - 4 - 30}),
    # 16 Eighth pass: Aitor is East, prevailing wind West. Begoña (S): three little scholars,
    #   [RRR] 4 + [GGG] 4 + PP 2 + 20 = 30, 2 dragon pungs + scholars x8 = 240; Aitor pays 480, the others 240.
    #   Aitor [EEE] 8; Iker WW own prevailing wind 4; Maite [999p] 4. Iker and Maite each pay Aitor 4 x2 = 8.
    ("W", seats(AI, BE, IK, MA), {AI: 8, BE: 240, IK: 4, MA: 4},
     {BE: 480 + 240 + 240, AI: -480 + 8 + 8, IK: -240 - 8, MA: -240 - 8}),
]


def test_basque_game():
    data = check_game("basque", [AI, BE, IK, MA], 0, BASQUE)
    # Aitor: 336 - 344 - 84 - 28 - 38 - 1000 + 304 + 312 - 140 + 224 - 518 - 130 + 54 - 464 = -1516
    # Begoña: -66 + 672 + 288 - 184 + 208 + 250 - 68 - 128 + 42 - 152 - 494 - 46 + 128 + 960 = 1410
    # Iker: -126 - 172 - 108 - 44 - 76 + 250 - 68 - 128 + 176 - 28 - 988 - 136 - 66 - 248 = -1762
    # Maite: -144 - 156 - 96 + 256 - 94 + 500 - 168 - 56 - 78 - 44 + 2000 + 312 - 116 - 248 = 1868
    assert data["totals"] == {AI: -1516, BE: 1410, IK: -1762, MA: 1868}
    assert standings_of(data) == [(1, MA, 1868), (2, BE, 1410), (3, AI, -1516), (4, IK, -1762)]
    deals = data["deals"]
    fm = deals[6]
    assert fm["false_mahjong"] == AI and fm["seats"]["E"] == MA and deals[7]["seats"] == fm["seats"]
    assert sorted((p["to"], p["amount"]) for p in fm["payments"]) == [(BE, 250), (IK, 250), (MA, 500)]
    assert deals[12]["hands"][MA]["limit_hand"] == "pure hand: one suit"
    assert deals[8]["round"] == "S" and deals[8]["seats"]["E"] == AI and deals[15]["round"] == "W"


# --- hungarian: no limit, East is the banker ----------------------------------------------------------------------
# Points: pung 2-8 2/4, pung 1-9/honours 4/8, kong 2-8 8/16, kong 1-9/honours 16/32, pair of own wind or dragons 2;
# own flower or season 8, another 4; winner 20, +2 when not claimed. Doubles: each dragon or own-wind pung 1, one
# suit closed with an honour pair 1, pure one suit 3, the banker won 1. Pair game (seven pairs): +1000 after doubling.
# The banker (East) pays and receives double; the losers settle differences; a draw pays nothing; a false mah jong
# has no penalty (the deal is void, nothing paid); East keeps the deal by winning and after a draw.

AD, BA, CS, DO = "Ádám", "Bea", "Csaba", "Dóra"
HUNGARIAN = [
    # 1 Ádám (banker) draws 5s: [RRR] 4 + own flower 1f 8 + 20 + 2 = 34, dragons and banker won x4 = 136;
    #   each pays 272. Bea [444p] 2 + 3f 4 = 6; Csaba [999m] 4; Dóra NNN concealed own wind 8 x2 = 16.
    #   Csaba pays Bea 2; Bea pays Dóra 10; Csaba pays Dóra 12.
    ("E", seats(AD, BA, CS, DO), {AD: 136, BA: 6, CS: 4, DO: 16},
     {AD: 3 * 272, BA: -272 + 2 - 10, CS: -272 - 2 - 12, DO: -272 + 10 + 12}),
    # 2 Ádám keeps the deal. Bea (S): [555p] 2 + SSS 8 + own season 2y 8 + 20 = 38, own wind x2 = 76;
    #   Ádám pays 152, Csaba and Dóra 76. Ádám [666s] 2; Csaba [GGG] 8; Dóra [111p] 4 + own season 4y 8 = 12.
    #   Ádám pays Csaba 6 x2 = 12 and Dóra 10 x2 = 20; Csaba pays Dóra 4.
    ("E", seats(AD, BA, CS, DO), {AD: 2, BA: 76, CS: 8, DO: 12},
     {BA: 152 + 76 + 76, AD: -152 - 12 - 20, CS: -76 + 12 - 4, DO: -76 + 20 + 4}),
    # 3 Bea is East (and banker). A draw.
    ("E", seats(BA, CS, DO, AD), None, nothing([AD, BA, CS, DO])),
    # 4 Bea keeps the deal and wins: [WWW] 4 + 20 = 24, banker won x2 = 48; each pays 96. No one-suit double: a
    #   wind pung is not "Egyszínű az összes figura (Sárkánnyal, vagy Széllal zárva)" (every figure of one suit,
    #   closed with a dragon or wind: the pair; hungarian option one_suit_closing, default pair).
    #   Csaba [SSS] 8; Dóra [222s] 2; Ádám [PPP] 4 + [777m] 2 = 6 x2 = 12.
    #   Dóra pays Csaba 6 and Ádám 10; Csaba pays Ádám 4.
    ("E", seats(BA, CS, DO, AD), {BA: 48, CS: 8, DO: 2, AD: 12},
     {BA: 3 * 96, CS: -96 + 6 - 4, DO: -96 - 6 - 10, AD: -96 + 4 + 10}),
    # 5 Dóra (W) draws 6p: [888m] 2 + [GGG] 4 + 20 + 2 = 28 x2 = 56; Bea pays 112, Csaba and Ádám 56.
    #   Bea [444s] 2; Csaba SSS 16; Ádám RR 2. Bea pays Csaba 14 x2 = 28; Ádám pays Csaba 14.
    ("E", seats(BA, CS, DO, AD), {BA: 2, CS: 16, DO: 56, AD: 2},
     {DO: 112 + 56 + 56, BA: -112 - 28, CS: -56 + 28 + 14, AD: -56 - 14}),
    # 6 Csaba is East. Bea (N) wins with chows and a plain pair: only the 20 (no premium for that here);
    #   Csaba pays 40, Dóra and Ádám 20. Csaba [999s] 4 + [PPP] 4 = 8 x2 = 16; Dóra SS 2; Ádám 0.
    #   Dóra pays Csaba 14 x2 = 28; Ádám pays Csaba 16 x2 = 32 and Dóra 2.
    ("E", seats(CS, DO, AD, BA), {CS: 16, DO: 2, AD: 0, BA: 20},
     {BA: 40 + 20 + 20, CS: -40 + 28 + 32, DO: -20 - 28 + 2, AD: -20 - 32 - 2}),
    # 7 Dóra is East. Ádám (S) declares a false mah jong: void, nothing paid.
    ("E", seats(DO, AD, BA, CS), None, nothing([AD, BA, CS, DO])),
    # 8 Dóra keeps the deal. Ádám (S) draws 9m: {5555m} 16 + EEE 8 + 20 + 2 = 46; Dóra pays 92, the others 46.
    #   Dóra [RRR] 4 + [333s] 2 = 6 x2 = 12; Bea [777p] 2; Csaba NN own wind 2. Bea and Csaba pay Dóra 20 each.
    ("E", seats(DO, AD, BA, CS), {DO: 12, AD: 46, BA: 2, CS: 2},
     {AD: 92 + 46 + 46, DO: -92 + 20 + 20, BA: -46 - 20, CS: -46 - 20}),
    # 9 Fourth pass: Ádám is East, prevailing wind South. Ádám wins: [EEE] 4 + 20 = 24, own wind and banker won
    #   x4 = 96; each pays 192. Bea [SSS] 8; Csaba 0; Dóra [GGG] 8. Csaba pays Bea 8 and Dóra 8.
    ("S", seats(AD, BA, CS, DO), {AD: 96, BA: 8, CS: 0, DO: 8},
     {AD: 3 * 192, BA: -192 + 8, CS: -192 - 8 - 8, DO: -192 + 8}),
    # 10 Ádám keeps the deal. Csaba (W) wins the pair game: GG 2 + 20 = 22, plus 1000 = 1022;
    #   Ádám pays 2044, Bea and Dóra 1022. Ádám [999p] 4; Bea [WWW] 4; Dóra {4444m} 16.
    #   Ádám pays Dóra 12 x2 = 24; Bea pays Dóra 12.
    ("S", seats(AD, BA, CS, DO), {AD: 4, BA: 4, CS: 1022, DO: 16},
     {CS: 2044 + 1022 + 1022, AD: -2044 - 24, BA: -1022 - 12, DO: -1022 + 24 + 12}),
    # 11 Bea is East. A draw.
    ("S", seats(BA, CS, DO, AD), None, nothing([AD, BA, CS, DO])),
    # 12 Ádám (N): [NNN] 4 + 222s 4 + own flower 4f 8 + 20 = 36, own wind x2 = 72; Bea pays 144, the others 72.
    #   Bea [EEE] 8; Csaba [888p] 2; Dóra season 1y (not hers) 4.
    #   Csaba pays Bea 6 x2 = 12 and Dóra 2; Dóra pays Bea 4 x2 = 8.
    ("S", seats(BA, CS, DO, AD), {BA: 8, CS: 2, DO: 4, AD: 72},
     {AD: 144 + 72 + 72, BA: -144 + 12 + 8, CS: -72 - 12 - 2, DO: -72 - 8 + 2}),
    # 13 Csaba is East. Dóra (S) draws 9m: [SSS] 4 + GG 2 + 20 + 2 = 28, own wind x2 = 56 (no one-suit double:
    #   the SSS pung is not of the suit, as deal 4); Csaba pays 112, Ádám and Bea 56. Csaba 4; Ádám [WWW] 8;
    #   Bea [RRR] 4 + [111p] 4 = 8 x2 = 16. Csaba pays Ádám 4 x2 = 8 and Bea 12 x2 = 24; Ádám pays Bea 8.
    ("S", seats(CS, DO, AD, BA), {CS: 4, DO: 56, AD: 8, BA: 16},
     {DO: 112 + 56 + 56, CS: -112 - 8 - 24, AD: -56 + 8 - 8, BA: -56 + 24 + 8}),
    # 14 Dóra is East and draws 5m: chows and a plain pair, 20 + 2 = 22, banker won x2 = 44; each pays 88.
    #   Ádám [SSS] 8; Bea [666m] 2; Csaba [PPP] 4 + NN 2 = 6 x2 = 12. Bea pays Ádám 6 and Csaba 10; Ádám pays Csaba 4.
    ("S", seats(DO, AD, BA, CS), {DO: 44, AD: 8, BA: 2, CS: 12},
     {DO: 3 * 88, AD: -88 + 6 - 4, BA: -88 - 6 - 10, CS: -88 + 4 + 10}),
    # 15 Dóra keeps the deal. Bea (W) takes E: 2 + 2 + 4 + 444s 4 + 20 = 32; Dóra pays 64, Ádám and Csaba 32.
    #   Dóra [GGG] 8; Ádám 0; Csaba [333m] 2. Ádám pays Dóra 16 and Csaba 2; Csaba pays Dóra 12.
    ("S", seats(DO, AD, BA, CS), {DO: 8, AD: 0, BA: 32, CS: 2},
     {BA: 64 + 32 + 32, DO: -64 + 16 + 12, AD: -32 - 16 - 2, CS: -32 - 12 + 2}),
    # 16 Eighth pass: Ádám is East, prevailing wind West. Bea (S): [RRR] 4 + [GGG] 4 + PP 2 + 20 = 30 x4 = 120;
    #   Ádám pays 240, the others 120. Ádám [EEE] 8; Csaba [555s] 2; Dóra [999m] 4.
    #   Csaba pays Ádám 12 and Dóra 2; Dóra pays Ádám 8.
    ("W", seats(AD, BA, CS, DO), {AD: 8, BA: 120, CS: 2, DO: 4},
     {BA: 240 + 120 + 120, AD: -240 + 12 + 8, CS: -120 - 12 - 2, DO: -120 - 8 + 2}),
]


def test_hungarian_game():
    data = check_game("hungarian", [AD, BA, CS, DO], 0, HUNGARIAN)
    # Ádám: 816 - 184 - 82 - 70 - 54 + 184 + 576 - 2068 + 288 - 56 - 86 - 50 - 220 = -1006
    # Bea: -280 + 304 + 288 - 140 + 80 - 66 - 184 - 1034 - 124 - 24 - 104 + 128 + 480 = -676
    # Csaba: -286 - 68 - 94 - 14 + 20 - 66 - 208 + 4088 - 86 - 144 - 74 - 42 - 134 = 2892
    # Dóra: -250 - 52 - 112 + 224 - 46 - 52 - 184 - 986 - 78 + 224 + 264 - 36 - 126 = -1210
    assert data["totals"] == {AD: -1006, BA: -676, CS: 2892, DO: -1210}
    assert standings_of(data) == [(1, CS, 2892), (2, BA, -676), (3, AD, -1006), (4, DO, -1210)]
    # a party is 16 SCORED deals ("Egy parti, praktikusán, 16 pontozott játékból áll"): the draws (deals 3 and
    # 11) and the void false mah jong (deal 7) do not count, so these 16 deals are 13 of the party's 16
    assert data["parties"] == [{"game": 1, "played": 16, "counted": 13}]
    deals = data["deals"]
    assert deals[0]["hands"][AD]["doubles"] == 2  # the dragon pung and "the banker won"
    assert deals[6]["false_mahjong"] == AD and deals[6]["payments"] == [] and deals[7]["seats"]["E"] == DO
    assert deals[9]["hands"][CS]["points"] == 22 and deals[9]["hands"][CS]["value"] == 22 + 1000
    assert deals[8]["round"] == "S" and deals[8]["seats"] == seats(AD, BA, CS, DO)


# --- the other output formats and parallel settling ------------------------------------------------------------

@pytest.mark.parametrize("variant", ["spanish", "basque", "hungarian"])
def test_game_formats_and_jobs(variant):
    path = game_path(variant)
    code, out, err = run("batch", path, "--format", "csv")
    assert code == 0, err
    rows = out.splitlines()
    assert rows[0].startswith("file,deal,game,round,player,seat") and len(rows) == 1 + 16 * 4
    code, out, err = run("batch", path, "--format", "table")
    assert code == 0, err
    assert "standings:" in out and "deals: 16 read, 16 scored, 0 rejected" in out
    assert batch_json(path, "--jobs", "2") == batch_json(path)
