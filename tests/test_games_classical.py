"""Recorded 16-deal games (examples/game-dmjl.yaml, game-bmja.yaml, game-danish.yaml) played through
`mjscore batch`, checked against standings worked out BY HAND from shared/rules/classical.md (§5-§11),
shared/rules/danish.md and the table files.

Every deal below gives the seats (derived from the rules: East keeps the deal on East's win or a draw; a
false mah jong passes it in dmjl, bmja and danish; in dmjl and bmja the players change seats when the prevailing
wind changes, OEMC 2005 as KDE Kajongg does), the winner and each hand's value, computed
item by item in the comments. `by_hand` then applies the settlement rules: the winner is paid its value by
each other player, the losers pay each other the differences, East pays and receives double.
"""

from __future__ import annotations

import json
import os

import pytest

from helpers import run

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "examples")


def by_hand(seats: str, winner, values: dict, fine=None) -> dict:
    """Net of one deal. seats: the names' seats as 'E S W N' order of names, e.g. 'ABCD' = A East.
    fine: (declarer, {player: amount received}) for a false mah jong."""
    east = seats[0]
    net = {p: 0 for p in seats}
    if fine:
        culprit, paid = fine
        for p, amount in paid.items():
            net[p] += amount
            net[culprit] -= amount
        return net
    if winner is None:
        return net  # draw: no payments (classical §11, danish custom)
    f = lambda a, b: 2 if east in (a, b) else 1  # noqa: E731
    for p in seats:
        if p != winner:
            net[p] -= values[winner] * f(p, winner)
            net[winner] += values[winner] * f(p, winner)
    losers = [p for p in seats if p != winner]
    for i, a in enumerate(losers):
        for b in losers[i + 1:]:
            d = (values[a] - values[b]) * f(a, b)
            net[a] += d
            net[b] -= d
    return net


def batch_json(name: str, *extra) -> dict:
    code, out, err = run("batch", os.path.join(EXAMPLES, name), "--format", "json", *extra)
    assert code == 0, err
    return json.loads(out)["games"][0]  # one shape for one file or many: {"games": [...], ...}


PLAYERS = {"game-dmjl.yaml": ["Anna", "Bernd", "Clara", "Dieter"],
           "game-bmja.yaml": ["Alfred", "Beatrice", "Cecil", "Dorothy"],
           "game-danish.yaml": ["Anders", "Birgit", "Carsten", "Dorte"]}


def check_game(name: str, deals: list):
    """Every deal's round, seats, winner's and losers' values and net as worked out by hand; the totals."""
    data = batch_json(name)
    assert data["summary"] == {"read": 16, "scored": 16, "rejected": 0}
    assert len(deals) == 16
    players = PLAYERS[name]
    totals = {p: 0 for p in players}
    letter = {p[0]: p for p in players}
    for i, (seats, rnd, winner, values, fine) in enumerate(deals):
        got = data["deals"][i]
        net = by_hand(seats, winner, values, fine)
        assert sum(net.values()) == 0
        named = {letter[k]: v for k, v in net.items()}
        assert got["net"] == named, f"deal {i + 1}"
        assert got["round"] == rnd, f"deal {i + 1}"
        assert got["seats"] == {s: letter[c] for s, c in zip("ESWN", seats)}, f"deal {i + 1}"
        if winner:
            assert {letter[k]: v for k, v in values.items()} == {n: h["value"] for n, h in got["hands"].items()}
        for k, v in net.items():
            totals[letter[k]] += v
    assert data["totals"] == totals
    assert [s["total"] for s in data["standings"]] == sorted(totals.values(), reverse=True)
    return data, totals


# --- DMJL (limit 500) -------------------------------------------------------------------------------------
# Players Anna, Bernd, Clara, Dieter, written A B C D; seats as a string of four letters, East first.
DMJL = [
    # 1. round E, ABCD. A (E) [RRR] 4 + 234m 567p 456s 88s 0 + mah jong 20 = 24; dragons 1 dbl: 48 (4s two-sided).
    #    B [111p] 4. C 555m 4 + 999s 8 = 12. D chows and singles 0.
    ("ABCD", "E", "A", {"A": 24 * 2, "B": 4, "C": 4 + 8, "D": 0}, None),
    # 2. B (S) [SSS] 4 + 2f 4 + 20 = 28; own wind pung 1 + False Color Game 1: 28 x 4 = 112.
    #    A [777s] 2; C GG 2 + 111m 8 = 10; D 1f 4.
    ("ABCD", "E", "B", {"B": 28 * 4, "A": 2, "C": 2 + 8, "D": 4}, None),
    # 3. B won, so the deal passes: BCDA. A draw: no payments, B keeps the deal.
    ("BCDA", "E", None, {}, None),
    # 4. D (W) {2222s} 16 + EEE 8 + WW own 2 + 20 + drawn 2 = 48; round wind pung 1 + Only Concealed Melds 1: 192.
    #    B 999p 8; C 0; A NN own 2 + [PPP] 4 + 1y 4 = 10, dragons 1 dbl: 20.
    ("BCDA", "E", "D", {"D": 48 * 4, "B": 8, "C": 0, "A": (2 + 4 + 4) * 2}, None),
    # 5. CDAB. C (E) [666m] 2 + [888p] 2 + 222s (claimed) 2 + EE own+round 4 + 1f 4 + 1y 4 + 20 = 38;
    #    Own Flower and Own Season 1 dbl: 76. D 0, A 0, B [WWWW] 16.
    ("CDAB", "E", "C", {"C": 38 * 2, "D": 0, "A": 0, "B": 16}, None),
    # 6. C (E) 20 + drawn 2 + completes pair 55s 2 = 24; Zero Point Hand 1 + Only Concealed Melds 1: 96.
    #    D SS own 2 + [999m] 4 = 6; A [RRR] 4 + [EEE] 4 + 2f 4 = 12, dragons 1 + round wind 1: 48; B PP 2.
    ("CDAB", "E", "C", {"C": 24 * 4, "D": 2 + 4, "A": 12 * 4, "B": 2}, None),
    # 7. A (W) declares a false mah jong: pays 300, each other player receives 100 (§11); the deal passes.
    ("CDAB", "E", None, {}, ("A", {"C": 100, "D": 100, "B": 100})),
    # 8. DABC. B (W) 333m 4 + 555p 4 + 777p 4 + GG 2 + 20 + completes pair of honours 4 + only possible tile 2
    #    = 40; Three Concealed Pongs 1: 80. D EE own+round 4; A [NNN] 4 + 2y 4 = 8; C WWW 8.
    ("DABC", "E", "B", {"B": (4 + 4 + 4 + 2 + 20 + 4 + 2) * 2, "D": 4, "A": 4 + 4, "C": 8}, None),
    # 9. four passes: round S. The seats are exchanged (OEMC 2005, as Kajongg: after round E the players at S and W
    #    swap, and E and N): ABCD -> DCBA. D (E) 888p 4 + 999p 8 + 20 = 32 (waits 3p/6p); True Color Game 3: 256.
    #    C (S) WW 0 (West is neither her wind nor the round's); B (W) [RRRR] 16, dragons 1: 32;
    #    A (N) SSS 8, round wind 1: 16.
    ("DCBA", "S", "D", {"D": 32 * 8, "C": 0, "B": 32, "A": 16}, None),
    # 10. D won as East: he keeps the deal. B (W) [SSS] 4 + [EEE] 4 + PP 2 + 20 + completes pair of honours 4 +
    #     only possible 2 = 36; round wind 1 (East is not his wind now): 72. D 0, C 0, A 3f 4 (West's flower).
    ("DCBA", "S", "B", {"B": 36 * 2, "D": 0, "C": 0, "A": 4}, None),
    # 11. the deal passes: CBAD. A draw: nothing paid, every hand's value 0; C keeps the deal.
    ("CBAD", "S", None, {}, None),
    # 12. C (E) [789m] 0 + 888p drawn 4 + 2f 4 + 2y 4 (South's, not hers now) + 20 + drawn 2 = 34, no double.
    #     B (S) [666s] 2 + SS own 2 + round 2 = 6; A (W) 3y 4 + 4y 4 = 8 (NN 0); D (N) EEE 8.
    ("CBAD", "S", "C", {"C": 34, "B": 2 + 2 + 2, "A": 8, "D": 8}, None),
    # 13. C keeps the deal. A (W) [111m] 4 + [999s] 4 + WWW (claimed) 4 + 999p 8 + 20 = 40; own wind 1 + No Chow 1 +
    #     Only Terminals and Honors 1: 320. C 0; B [RRR] 4 + GG 2 + 111s 8, 1: 28; D [PPP] 4 + 1f 4, 1: 16.
    ("CBAD", "S", "A", {"A": 40 * 8, "C": 0, "B": 28, "D": 16}, None),
    # 14. BADC. D (W) {EEEE} 32 + [SSS] 4 + [RRR] 4 + 4f 4 + 20 + only possible 3m 2 = 66; round wind 1 + dragons 1
    #     (East is not his wind now): 264. B [777p] 2; A 0; C (N) NN own 2 + 555s 4 = 6.
    ("BADC", "S", "D", {"D": 66 * 4, "B": 2, "A": 0, "C": 6}, None),
    # 15. ADCB. C (W) four chows and 77m: 20 + completes pair 2 = 22 (waits 4m/7m); Zero Point Hand 1: 44.
    #     A (E) SSS 8, round wind 1: 16; D (S) 111s 8 + 999m 8 = 16 (EE 0); B (N) 1y 4 + 3y 4 = 8.
    ("ADCB", "S", "C", {"C": 44, "A": 16, "D": 16, "B": 8}, None),
    # 16. eight passes: round W, the seats exchanged again (after round S the players at S and E swap): the first
    #     seating of round S, DCBA, becomes CDBA. B (W) [WWW] 4 + 222m 4 + 666m 4 + 888s 4 + 20 + drawn 2 = 38;
    #     own wind 1 + round wind 1 + Three Concealed Pongs 1 + No Chow 1: 608, capped at the limit 500.
    #     C (E) [GGG] 4, 1: 8; D (S) NN 0 + 2f 4 + 3f 4 = 8 (one own flower: no double); A 0.
    ("CDBA", "W", "B", {"B": min(38 * 16, 500), "C": 8, "D": 8, "A": 0}, None),
]

# --- BMJA (limit 1000, at most one chow) --------------------------------------------------------------------
# Alfred, Beatrice, Cecil, Dorothy: A B C D.
BMJA = [
    # 1. round E, ABCD: classical.md §11's example. C (W) [555p] 2 + RRR 8 + 999m 8 + WW 2 + 3f 4 + 20 + drawn 2
    #    = 46; dragons 1 + own flower 1: 184. A [GGG] 4 + [222m] 2 + 1y 4 = 10, dragons 1 + own season 1: 40.
    #    B 999p 8 + 888s 4 = 12. D 0.  => C +736, A -232, B -228, D -276.
    ("ABCD", "E", "C", {"C": 46 * 4, "A": 10 * 4, "B": 12, "D": 0}, None),
    # 2. BCDA. B (E) [EEE] 4 + 111m 8 + 555s (drawn) 4 + 20 + 2 = 38; own + round wind: 152.
    #    C [999p] 4 + 2f 4, own flower 1: 16. D 0, A 0.
    ("BCDA", "E", "B", {"B": 38 * 4, "C": 16, "D": 0, "A": 0}, None),
    # 3. a draw: B keeps the deal.
    ("BCDA", "E", None, {}, None),
    # 4. D (W) calls mah jong on four chows: half the limit over three, 500 // 3 = 166 to each; the deal passes.
    ("BCDA", "E", None, {}, ("D", {"B": 1000 // 2 // 3, "C": 166, "A": 166})),
    # 5. CDAB. A (W) [PPP] 4 + 333p 4 + 777s (claimed) 2 + 111s 8 + WW own 2 + 3f 4 + 4f 4 + 20 = 48;
    #    dragons 1 + own flower 1 + No Chow 1: 384. C 0; D [SSS] 4 + 2y 4, own wind 1 + own season 1: 32; B 0.
    ("CDAB", "E", "A", {"A": 48 * 8, "C": 0, "D": 32, "B": 0}, None),
    # 6. DABC. D (E) 777p 4 + 222s (drawn) 4 + EE own+round 4 + NNN 8 + 20 + 2 = 42, no double.
    #    A [666m] 2; B [999s] 4 + [WWW] 4, own wind 1: 16; C 0.
    ("DABC", "E", "D", {"D": 42, "A": 2, "B": 16, "C": 0}, None),
    # 7. C (N) [NNN] 4 + 111p 8 + 999m 8 + 999s 8 + GG 2 + 20 = 50; own wind 1 + No Chow 1 + Only Terminals and
    #    Honors 1: 400. D EE own+round 4; A [555m] 2 + 1y 4 = 6; B [777p] 2 + 3y 4 + 3f 4, own season + flower: 40.
    ("DABC", "E", "C", {"C": 50 * 8, "D": 4, "A": 6, "B": 10 * 4}, None),
    # 8. round S, the seats exchanged (OEMC 2005, as Kajongg: after round E the players at S and W swap, and E
    #    and N): ABCD -> DCBA. A (N) [SSS] 4 + 666m 4 + 888m 4 + 20 = 32, round wind 1: 64.
    #    D (E) NN 0 (neither her wind nor the round's) + 4f 4 + 4y 4 = 8 (North's, not hers now);
    #    C (S) 111p 8 + 999p 8 = 16; B (W) [RRR] 4, 1: 8.
    ("DCBA", "S", "A", {"A": 64, "D": 8, "C": 16, "B": 8}, None),
    # 9. CBAD. B (S) 222p 4 + 444s 4 + 666m 4 + 20 + drawn 2 = 34, Only Concealed Melds 1: 68.
    #    C (E) [GGG] 4, dragons 1: 8 (WW 0); A 0; D 0.
    ("CBAD", "S", "B", {"B": 68, "C": 8, "A": 0, "D": 0}, None),
    # 10. BADC: a draw, B keeps the deal.
    ("BADC", "S", None, {}, None),
    # 11. D (W) {5555p} 16 + [111s] 4 + 333s 4 + WW own 2 + 20 = 46.
    #     B (E) EEE 8, own wind 1: 16; A (S) 3y 4 (West's); C (N) SS round 2.
    ("BADC", "S", "D", {"D": 46, "B": 16, "A": 4, "C": 2}, None),
    # 12. ADCB. C (W) [222s] 2 + 444s 4 + 666s (claimed) 2 + 888s 4 + 20 = 32; Purity 3 + No Chow 1: 512.
    #     A (E) [PPP] 4, 1: 8; D 0; B (N) NN own 2 + 1f 4 + 4y 4, own season 1: 20.
    ("ADCB", "S", "C", {"C": 32 * 16, "A": 8, "D": 0, "B": 20}, None),
    # 13. eight passes: round W, the seats exchanged again (after round S the players at S and E swap): DCBA
    #     becomes CDBA. B (W) [789p] 0 + 333m 4 + 555m 4 + NNN 8 + 20 + drawn 2 = 38, no double (North is not her
    #     wind now). C (E) [SSS] 4; D 0; A (N) [WWW] 4 + 3f 4 (West's), round wind 1: 16.
    ("CDBA", "W", "B", {"B": 38, "C": 4, "D": 0, "A": 16}, None),
    # 14. DBAC. A (W) [RRR] 4 + [GGG] 4 + 222m (claimed) 2 + 20 = 30, dragons 2: 120.
    #     D (E) EEE 8, own wind 1: 16; B 0; C (N) [888p] 2 + 1y 4 + 2y 4 = 10.
    ("DBAC", "W", "A", {"A": 120, "D": 16, "B": 0, "C": 10}, None),
    # 15. BACD. A (S) [WWW] 4 + 999m 8 + 333p (drawn) 4 + EE 0 + 20 + 2 = 38, round wind 1: 76.
    #     B 0, C 0, D (N) [777m] 2 + 111p 8 = 10.
    ("BACD", "W", "A", {"A": 76, "B": 0, "C": 0, "D": 10}, None),
    # 16. ACDB. D (W) [NNN] 4 + [WWW] 4 + 666p (claimed) 2 + 20 = 30, own wind 1 + round wind 1: 120.
    #     A (E) EE own 2; C (S) [333s] 2 + 999s 8 + 2f 4, own flower 1: 28; B (N) [SSS] 4.
    ("ACDB", "W", "D", {"D": 120, "A": 2, "C": 28, "B": 4}, None),
]

# --- Danish (limit 1000, values rounded up to 10, option false_mahjong_fine: 100) ---------------------------
# The DMJL game's hands, scored the Danish way; a false mah jong passes the deal, so the seats are the DMJL ones.
# Anders, Birgit, Carsten, Dorte: A B C D. Bonus tiles add no points, only their doublings: the base value is
# "Punger, Konger og Par samt de mulige tillæg for at blive Mah Jong" (option bonus_points, default none); the
# purity doublings count for every hand: "Værdien af en hånd beregnes ud fra en grundlæggende værdi og, i givet
# fald, et antal doblinger" (option purity_doublings, default all; no loser below holds one suit or only
# terminals and honours, so they change nothing here).
up = lambda v: -(-v // 10) * 10  # noqa: E731  (danish.md How a hand is valued 3: rounded up to the next 10)
DANISH = [
    # 1. round E, ABCD. A (E) [RRR] 4 + 20 = 24, dragons 1: 48 -> 50. B [111p] 4 -> 10; C 555m 4 + 999s 8 -> 20.
    ("ABCD", "E", "A", {"A": up(24 * 2), "B": up(4), "C": up(12), "D": 0}, None),
    # 2. B (S) [SSS] 4 + 20 = 24 (2f no points); own wind 1 + one suit with honours 1 + own flower 1: 192 -> 200.
    #    A [777s] 2 -> 10; C GG 2 + 111m 8 -> 10; D 1f (East's) 0.
    ("ABCD", "E", "B", {"B": up(24 * 8), "A": up(2), "C": up(10), "D": 0}, None),
    # 3. BCDA. A draw: no payments by custom, B keeps the deal.
    ("BCDA", "E", None, {}, None),
    # 4. D (W) {2222s} 16 + EEE 8 + WW own 2 + 20 + drawn 2 = 48, prevailing wind 1: 96 -> 100.
    #    B 999p 8 -> 10; C 0; A NN own 2 + [PPP] 4 = 6 (1y no points, East's), dragons 1: 12 -> 20.
    ("BCDA", "E", "D", {"D": up(48 * 2), "B": up(8), "C": 0, "A": up(6 * 2)}, None),
    # 5. CDAB. C (E) [666m] 2 + [888p] 2 + 222s 2 + EE own and prevailing 4 + 20 = 30 (1f 1y no points);
    #    own flower 1 + own season 1: 120. D 0, A 0, B [WWWW] 16 -> 20.
    ("CDAB", "E", "C", {"C": up(30 * 4), "D": 0, "A": 0, "B": up(16)}, None),
    # 6. C (E) 20 + drawn 2 = 22 -> 30 (no doubling for chows). D SS own 2 + [999m] 4 -> 10;
    #    A [RRR] 4 + [EEE] 4 = 8 (2f no points, South's), dragons 1 + prevailing wind 1: 32 -> 40; B PP 2 -> 10.
    ("CDAB", "E", "C", {"C": up(22), "D": up(6), "A": up(32), "B": up(2)}, None),
    # 7. A (W) false mah jong: the fine 100 to each other player, East double (east_double: true); East passes
    #    the deal (danish.md Settlement: "If East won the seats stay; otherwise East passes to the next player").
    ("CDAB", "E", None, {}, ("A", {"C": 2 * 100, "D": 100, "B": 100})),
    # From here the seats are those of the DMJL game. Pairs of simples/terminals and chows score 0 throughout.
    # 8. DABC, round E. B (W) 333m 4 + 555p 4 + 777p 4 + GG 2 + 20 + only possible tile (G single) 2 = 36;
    #    sets from the buried treasure 1: 72 -> 80. D (E) EE own and prevailing 4 -> 10;
    #    A (S) [NNN] 4 (2y no points), own season (summer = South) 1: 8 -> 10; C (N) WWW 8 (not his wind) -> 10.
    ("DABC", "E", "B", {"B": up((4 + 4 + 4 + 2 + 20 + 2) * 2), "D": up(4), "A": up(4 * 2), "C": up(8)}, None),
    # 9. four passes: round S, ABCD. D (N) 888p 4 + 999p 8 + 20 = 32 (waits 3p/6p: no only-tile premium);
    #    one suit only 3: 256 -> 260. A (E) SSS 8, prevailing wind 1: 16 -> 20; B (S) [RRRR] 16, dragons 1:
    #    32 -> 40; C (W) WW own wind 2 -> 10.
    ("ABCD", "S", "D", {"D": up(32 * 8), "A": up(8 * 2), "B": up(16 * 2), "C": up(2)}, None),
    # 10. BCDA. B (E) [SSS] 4 + [EEE] 4 + PP 2 + 20 + only possible (P single) 2 = 32; prevailing wind 1 +
    #     own wind 1: 128 -> 130. C 0; D 0; A (N) 3f (the third flower = West, not his): 0.
    ("BCDA", "S", "B", {"B": up(32 * 4), "C": 0, "D": 0, "A": 0}, None),
    # 11. a draw: no payments by custom, B keeps the deal.
    ("BCDA", "S", None, {}, None),
    # 12. C (S) 888p drawn 4 + 20 + drawn 2 = 26 (2f 2y no points; waits 7s/8p); own flower 1 + own season 1:
    #     104 -> 110. B (E) [666s] 2 + SS prevailing (not own) 2 = 4 -> 10; D (W) EEE 8 -> 10;
    #     A (N) NN own 2 (3y 4y no points), own season (winter = North) 1: 4 -> 10.
    ("BCDA", "S", "C", {"C": up(26 * 4), "B": up(4), "D": up(8), "A": up(2 * 2)}, None),
    # 13. CDAB. A (W) [111m] 4 + [999s] 4 + WWW (claimed) 4 + 999p 8 + NN (neither own nor prevailing) 0 +
    #     20 = 40; own wind 1 + all terminals and honours 1 + no chows 1: 320. C (E) 0;
    #     D (S) [PPP] 4 (1f no points), dragons 1: 8 -> 10; B (N) [RRR] 4 + GG 2 + 111s 8 = 14, dragons 1: 28 -> 30.
    ("CDAB", "S", "A", {"A": up(40 * 8), "C": 0, "D": up(4 * 2), "B": up(14 * 2)}, None),
    # 14. DABC. D (E) {EEEE} 32 + [SSS] 4 + [RRR] 4 + 20 + only possible 3m 2 = 62 (4f no points); own wind 1 +
    #     prevailing wind 1 + dragons 1: 496 -> 500 (under the limit 1000). A 0; B (W) [777p] 2 -> 10;
    #     C (N) NN own 2 + 555s 4 = 6 -> 10.
    ("DABC", "S", "D", {"D": up(62 * 8), "A": 0, "B": up(2), "C": up(2 + 4)}, None),
    # 15. C (N) four chows: 20 (waits 4m/7m). D (E) 111s 8 + 999m 8 + EE own 2 = 18 -> 20;
    #     A (S) SSS 8, own wind 1 + prevailing wind 1: 32 -> 40; B (W) 1y 3y no points, own season 1: 0 x 2 = 0.
    ("DABC", "S", "C", {"C": 20, "D": up(18), "A": up(8 * 4), "B": 0}, None),
    # 16. eight passes: round W, ABCD. B (S) [WWW] 4 + 222m 4 + 666m 4 + 888s 4 + 20 + drawn 2 = 38;
    #     prevailing wind 1 + sets from the buried treasure 1 + no chows 1: 304 -> 310.
    #     A 0; C (W) [GGG] 4, dragons 1 -> 10; D (N) NN own 2 (2f 3f no points) -> 10.
    ("ABCD", "W", "B", {"B": up(38 * 8), "A": 0, "C": up(4 * 2), "D": up(2)}, None),
]


@pytest.mark.parametrize("name, deals", [("game-dmjl.yaml", DMJL), ("game-bmja.yaml", BMJA),
                                         ("game-danish.yaml", DANISH)])
def test_game_standings_by_hand(name, deals):
    check_game(name, deals)


def test_dmjl_final_standings():
    data, totals = check_game("game-dmjl.yaml", DMJL)
    # the sums of the nets above, deal by deal 1-16 without the draws 3 and 11 (Anna, Bernd, Clara, Dieter)
    assert totals == {"Anna": 288 - 244 - 148 - 168 - 104 - 300 - 72 - 512 - 60 - 66 + 1280 - 274 - 72 - 524,
                      "Bernd": -100 + 448 - 392 - 120 - 242 + 100 + 320 - 464 + 288 - 72 - 252 - 532 - 68 + 2000,
                      "Clara": -76 - 90 - 228 + 456 + 576 + 100 - 72 - 560 - 76 + 204 - 728 - 250 + 176 - 984,
                      "Dieter": -112 - 114 + 768 - 168 - 230 + 100 - 176 + 1536 - 152 - 66 - 300 + 1056 - 36 - 492}
    assert totals == {"Anna": -976, "Bernd": 914, "Clara": -1552, "Dieter": 1614}
    assert [s["player"] for s in data["standings"]] == ["Dieter", "Bernd", "Anna", "Clara"]


def test_danish_final_standings():
    data, totals = check_game("game-danish.yaml", DANISH)
    # the sums of the nets above, deal by deal 1-16 without the draws 3 and 11 (Anders, Birgit, Carsten, Dorte)
    assert totals == {"Anders": 300 - 380 - 60 - 260 + 0 - 400 - 80 - 540 - 260 - 110 + 1280 - 1020 + 60 - 660,
                      "Birgit": -100 + 800 - 200 - 200 - 90 + 100 + 320 - 190 + 780 - 220 - 240 - 990 - 100 + 1240,
                      "Carsten": -70 - 190 - 140 + 720 + 180 + 200 - 80 - 310 - 260 + 440 - 720 - 990 + 80 - 290,
                      "Dorte": -130 - 230 + 400 - 260 - 90 + 100 - 160 + 1040 - 260 - 110 - 320 + 3000 - 40 - 290}
    assert totals == {"Anders": -2130, "Birgit": 910, "Carsten": -1430, "Dorte": 2650}
    assert [s["player"] for s in data["standings"]] == ["Dorte", "Birgit", "Carsten", "Anders"]


def test_bmja_section_11_example_deal():
    data = batch_json("game-bmja.yaml")
    first = data["deals"][0]
    assert first["seats"] == {"E": "Alfred", "S": "Beatrice", "W": "Cecil", "N": "Dorothy"}
    assert {n: h["value"] for n, h in first["hands"].items()} == {"Alfred": 40, "Beatrice": 12, "Cecil": 184,
                                                                   "Dorothy": 0}
    assert first["net"] == {"Cecil": 736, "Alfred": -232, "Beatrice": -228, "Dorothy": -276}


def test_false_mahjong_seating():
    # dmjl: the deal passes after a false mah jong (deal 7 -> 8: Clara East, then Dieter East)
    d = batch_json("game-dmjl.yaml")["deals"]
    assert d[6]["seats"]["E"] == "Clara" and d[7]["seats"]["E"] == "Dieter"
    # danish passes it too (danish.md Settlement: "otherwise East passes"): Carsten East, then Dorte East
    d = batch_json("game-danish.yaml")["deals"]
    assert d[6]["seats"]["E"] == "Carsten" and d[7]["seats"]["E"] == "Dorte"
    assert d[7]["seats"] == {"E": "Dorte", "S": "Anders", "W": "Birgit", "N": "Carsten"}
    # and the fine is doubled for East: Carsten (East) receives 200, the others 100 each
    assert d[6]["net"] == {"Carsten": 200, "Dorte": 100, "Anders": -400, "Birgit": 100}


@pytest.mark.parametrize("name", ["game-dmjl.yaml", "game-bmja.yaml", "game-danish.yaml"])
def test_other_formats_and_jobs(name):
    path = os.path.join(EXAMPLES, name)
    for fmt in ("csv", "table"):
        code, out, err = run("batch", path, "--format", fmt)
        assert code == 0, err
        assert out.strip()
    assert batch_json(name, "--jobs", "2") == batch_json(name)


def test_dmjl_east_nine_in_a_row(tmp_path):
    # §8/§11: East's ninth win in a row is a limit hand (500, East double: 1000 from each) and the deal passes.
    # Every win: [222m] 2 + 444p 4 + 777s 4 + 20 + drawn 2 = 32 (456s chow, 55p pair), no double.
    hands = {"Ann": "[222m] 444p 456s 777s 55p", "Bo": "123m 789m 1p 2p 3p 9s E", "Cy": "SSS WWW 9m 8p 7p 1s",
             "Di": "NN 3s 8s 9s 5m 6m 7m R G P"}
    deal = {"hands": hands, "winner": "Ann", "win": {"tile": "6s", "from": "wall"}}
    game = {"variant": "dmjl", "options": {}, "players": ["Ann", "Bo", "Cy", "Di"], "deals": [deal] * 10}
    path = tmp_path / "nine.json"
    path.write_text(json.dumps(game))
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    deals = json.loads(out)["games"][0]["deals"]
    # losers: Bo 0; Cy (W) SSS 8 + WWW 8, own wind 1: 32; Di (N) NN own wind 2.
    # Bo -64 - 32 - 2; Cy -64 + 32 + 30; Di -64 - 30 + 2
    for d in deals[:8]:
        assert d["hands"]["Ann"]["value"] == 32 and d["seats"]["E"] == "Ann"
        assert d["net"] == {"Ann": 3 * 64, "Bo": -64 - 32 - 2, "Cy": -64 + 32 + 30, "Di": -64 - 30 + 2}
    assert deals[8]["hands"]["Ann"]["value"] == 500 and deals[8]["hands"]["Ann"]["limit_hand"]
    assert deals[8]["net"]["Ann"] == 3 * 1000
    # the deal has passed: Ann is North now, Bo East; Ann's hand is an ordinary 32 again
    assert deals[9]["seats"] == {"E": "Bo", "S": "Cy", "W": "Di", "N": "Ann"}
    assert deals[9]["hands"]["Ann"]["value"] == 32
