"""Every payment cites the settlement rules that made it: each packaged table's `cites:` (docs/tables.md
"Settlement citations"), per variant, through `mjscore settle FILE --format json`.

Each case quotes the rulebook's sentence above the cite it expects (copied by hand from the original), and
works every amount by hand. A payment's cite joins, in this order, the cites of: the winner's payment or the
differences (or the draw's differences, or pays for all, or the false mah jong fine), East's double, the cap on
what passes between non-winners, the cap on what one player collects.
"""

from __future__ import annotations

import json

from helpers import EXAMPLES, run


def settle(tmp_path, variant: str, deal: dict, *args: str) -> dict:
    """The settlement JSON of one deal file (written as YAML's JSON subset)."""
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps({"variant": variant, **deal}), encoding="utf-8")
    code, out, err = run("settle", str(path), "--format", "json", *args)
    assert code == 0, err
    return json.loads(out)


def paid(data: dict) -> dict[tuple[str, str], tuple[int, str]]:
    """{(from, to): (amount, cite)}; every payment carries a cite."""
    out = {(p["from"], p["to"]): (p["amount"], p["cite"]) for p in data["payments"]}
    assert len(out) == len(data["payments"])
    return out


# ---- basque: the Basque rulebook (Prats Verdú) ------------------------------------------------------------------
# rule 69: "Irabazlearen eskua, onartua izanez gero, beste jokalariek osorik ordainduko dute, beren puntuazioa
#   kontuan hartu gabe. Ekiak bikoitza jasoko du edo bikoitza ordainduko du." (the winner's hand, once accepted,
#   the other players pay in full, whatever their score. East receives double or pays double.)
WIN_B = "rule 69"
# rules 69-70: "Ekiak bikoitza ordaindu edo jasoko du." (East pays or receives double; rule 70)
EAST_B = "rules 69-70"
# rule 70: "Ondoren, beste jokalariek beren eskuak baloratuko dituzte eta diferentziak soilik ordaindu eta
#   kobratuko dituzte haien artean." (then the others value their hands and pay and collect only the differences.)
DIFF_B = "rule 70"
# rule 79: "Irabazi ez duten jokalarien arteko ordainketak ez dira mugatik pasako. Ekiarentzat muga bikoitza da.
#   Esku garbian, jokalari baten kobrantza guztiek ezin dute 2.000tik pasatu, eta ekiarentzat 3.000tik ezin da
#   pasatu." (payments between non-winners do not pass the limit; East's limit is double. In the clean hand all
#   one player collects cannot pass 2,000, and for East 3,000.)
CAP_B = "rule 79"

# The deal RULE_79 of test_basque_settlement.py (its values worked there from tables 1-3): South wins on
# North's 4m with 24; East 592, West 352, North 0 (mode mixed, limit 500).
RULE_79 = {
    "hands": {"E": "{EEEE} {9999m} {1111p} RR 5s 7s 1f 2f", "S": "555p 123m 456m 789s 99s",
              "W": "GGG PPP WWW {1111s} 6m 4f", "N": "234m 678m 234p 678p 3s"},
    "winner": "S", "win": {"tile": "4m", "from": "discard", "discarder": "N"},
}


def test_basque_winner_east_differences_and_the_loser_cap(tmp_path):
    assert paid(settle(tmp_path, "basque", RULE_79)) == {
        ("E", "S"): (48, f"{WIN_B}; {EAST_B}"),           # 24 x2 (East) = 48
        ("W", "S"): (24, WIN_B),                          # 24
        ("N", "S"): (24, WIN_B),                          # 24
        ("W", "E"): (480, f"{DIFF_B}; {EAST_B}"),         # (592 - 352) x2 = 480, under East's cap 1000
        ("N", "E"): (1000, f"{DIFF_B}; {EAST_B}; {CAP_B}"),  # (592 - 0) x2 = 1184, capped at 500 x2 = 1000
        ("N", "W"): (352, DIFF_B),                        # 352 - 0 = 352, under the cap 500
    }


def test_basque_clean_draw_pays_differences_capped_and_cut(tmp_path):
    # rule 73: "Kasu horietan, esku garbiko jokoan diferentziak ordaindu eta kobratu egingo dira; mandarinak
    # bikoitza beti." (in these cases [a draw], in the clean hand the differences are paid and collected; East
    # always double.)
    # The deal of test_rule_79_clean_collection_cap_in_a_draw (test_basque_settlement.py), mode clean, limit 1000:
    # West 98 points, 4 doubles: 98 x 16 = 1568; East, South, North 0.
    # East owes 1568 x2 = 3136, capped at 1000 x2 = 2000; South and North owe 1568 each, capped at 1000:
    # West would collect 4000, over 2000 (rule 79): cut alike, East 2000 x 2000 / 4000 = 1000, South and North
    # 1000 x 2000 / 4000 = 500 each.
    deal = {"hands": {"E": "1s 4s 7s 2s 5s 8s 1p 4p 9p 3m 6m S E", "S": "3s 6s 9s 2p 8p 3p 6p 2m 5m 8m 1m N E",
                      "W": "{WWWW} {RRRR} {GGGG} PP 5p 7p", "N": "1m 4m 7m 9m 1s 9s 3p 9p 6s 5m S N E"},
            "options": {"mode": "clean", "limit": 1000}}
    draw = "rule 73"
    assert paid(settle(tmp_path, "basque", deal)) == {
        ("E", "W"): (1000, f"{draw}; {EAST_B}; {CAP_B}"),  # 3136 -> 2000 (loser cap) -> 1000 (collection cap), both rule 79
        ("S", "W"): (500, f"{draw}; {CAP_B}"),             # 1568 -> 1000 -> 500
        ("N", "W"): (500, f"{draw}; {CAP_B}"),             # 1568 -> 1000 -> 500
    }


def test_basque_false_mahjong(tmp_path):
    # rule 71: "Mah jonga zuzena ez bada, jokaldia bukatutzat emango da eta iragarri duenak ekiari muga-ordainketa
    # egingo dio, eta beste jokalariei mugaren erdia. Mah jong okerra ekiak iragarri badu, besteoi muga ordainduko
    # die." (if the mah jong is not right, the declarer pays East the limit and the others half the limit; if East
    # declared it, he pays the others the limit.) The hands of test_basque_false_mahjong_rule_71 (test_settle.py).
    hands = {"E": "123m", "S": "456m", "W": "789m", "N": "123p"}
    assert paid(settle(tmp_path, "basque", {"hands": hands, "false_mahjong": "S"})) == {
        ("S", "E"): (500, "rule 71"),  # the limit, 500
        ("S", "W"): (250, "rule 71"),  # half the limit, 500 / 2 = 250
        ("S", "N"): (250, "rule 71"),
    }
    assert paid(settle(tmp_path, "basque", {"hands": hands, "false_mahjong": "E"})) == {
        ("E", "S"): (500, "rule 71"), ("E", "W"): (500, "rule 71"), ("E", "N"): (500, "rule 71"),  # the limit each
    }


# ---- hungarian: Hergár (1925) -----------------------------------------------------------------------------------
# II.3: "Van ezenkívül még más privilégiuma is: ha a játékot megnyeri, mindenkitől duplán kap, ezzel szemben, ha
#   elveszti duplán fizet." (he [East, the banker] has another privilege: if he wins he receives double from
#   everyone, whereas if he loses he pays double.) The winner is paid by all, the banker double: both II.3.
# Differences: Hergár is silent; the table's reading is the classical practice (Babcock (1923) chapter I: the
#   losers "then receive from each other the difference between their scores").

def test_hungarian_winner_banker_and_differences(tmp_path):
    # Hergár IV: exposed pung 2-8 2, exposed pung of 1/9 4, concealed 8; mah jong 20 (+2 only when not claimed).
    # South wins on West's 4m: [555p] 2 + 20 = 22, no double (not the banker, three suits).
    # East (the banker) [111s] 4; West 999m concealed 8; North singles 0. No doubles for any of them.
    deal = {"hands": {"E": "[111s] 2m 5m 8m 3p 6p 9p 4s E W N", "S": "[555p] 123m 456m 789s 99s",
                      "W": "999m 1p 2p 4p 7p 2s 3s 6s S N R", "N": "1m 7m 3p 8p 5s 7s E S G P N W R"},
            "winner": "S", "win": {"tile": "4m", "from": "discard", "discarder": "W"}}
    data = settle(tmp_path, "hungarian", deal)
    assert {s: h["value"] for s, h in data["hands"].items()} == {"E": 4, "S": 22, "W": 8, "N": 0}
    diff = "reading: Hergár is silent; Babcock (1923) ch. I"
    assert paid(data) == {
        ("E", "S"): (44, "II.3"),        # 22 x2 (the banker) = 44
        ("W", "S"): (22, "II.3"),              # 22
        ("N", "S"): (22, "II.3"),              # 22
        ("E", "W"): (8, f"{diff}; II.3"),      # (8 - 4) x2 (the banker) = 8
        ("N", "E"): (8, f"{diff}; II.3"),      # (4 - 0) x2 = 8
        ("N", "W"): (8, diff),                 # 8 - 0 = 8
    }
    assert data["net"] == {"E": -44 - 8 + 8, "S": 44 + 22 + 22, "W": -22 + 8 + 8, "N": -22 - 8 - 8}


# ---- spanish: neither page says who pays; Babcock, Rules for Mah-Jongg (1923), as the table assumes ---------------
# ch. I: "At the close of each hand the winner receives counters from the three losers, who then receive from
#   each other the difference between their scores."
# ch. VI: "as East always plays for double stakes, he would receive counters to the value of 336 points from
#   each of" the others.

def test_spanish_example_deal(tmp_path):
    # examples/deal-spanish.yaml, worked in test_settle.py: South wins with 60; East 8, West 4, North 0
    code, out, err = run("settle", str(EXAMPLES / "deal-spanish.yaml"), "--format", "json")
    assert code == 0, err
    win, east = "Babcock (1923) ch. I", "Babcock (1923) ch. VI"
    assert paid(json.loads(out)) == {
        ("E", "S"): (120, f"{win}; {east}"),   # 60 x2 (East) = 120
        ("W", "S"): (60, win),                 # 60
        ("N", "S"): (60, win),                 # 60
        ("W", "E"): (8, f"{win}; {east}"),     # (8 - 4) x2 = 8: the differences, also ch. I
        ("N", "E"): (16, f"{win}; {east}"),    # (8 - 0) x2 = 16
        ("N", "W"): (4, win),                  # 4 - 0 = 4
    }


def test_spanish_draw_and_false_mahjong_pay_nothing(tmp_path):
    # page 1 §5: a draw "no puntúa" (does not score); no page gives a penalty for a false mah jong: nothing to cite
    hands = {"E": "1m", "S": "2m", "W": "3m", "N": "4m"}
    assert settle(tmp_path, "spanish", {"hands": hands})["payments"] == []
    assert settle(tmp_path, "spanish", {"hands": hands, "false_mahjong": "S"})["payments"] == []


# ---- danish: Mah Jong Regler, "Hvordan afsluttes spillet?" -------------------------------------------------------
# ¶3: "Øst betaler og modtager altid dobbelt." (East always pays and receives double.)
EAST_D = "Hvordan afsluttes spillet? ¶3"
# ¶4: "Enhver spiller, som bliver Mah Jong, modtager betaling tilsvarende til Mah Jong håndens fulde værdi fra alle
#   de øvrige spillere, som herefter betaler hinanden indbyrdes ud fra forskellen imellem hændernes værdier."
#   (every player who goes mah jong is paid the hand's full value by all the others, who then pay each other
#   the difference between the hands' values.)
WIN_D = DIFF_D = "Hvordan afsluttes spillet? ¶4"
# The hands of test_purity_doublings_through_settle (test_danish_rules.py), purity doublings for all (default):
# West wins on 4s: [555p] 2 + 20 = 22 -> 30. South [RRR] 4; dragons 1 + one suit with honours 1: 16 -> 20.
# East 0; North [999m] 4 -> 10.
DANISH = {"E": "1m 4m 9m 2p 6p 8p 1s 5s 9s 3m", "S": "[RRR] 123m 456m 7m 8m 1m 2m", "W": "[555p] 123p 789s 234s NN",
          "N": "[999m] 2p 3p 6s"}


def test_danish_winner_east_and_differences(tmp_path):
    deal = {"hands": DANISH, "winner": "W", "win": {"tile": "4s", "from": "discard", "discarder": "N"}}
    assert paid(settle(tmp_path, "danish", deal)) == {
        ("E", "W"): (60, f"{WIN_D}; {EAST_D}"),    # 30 x2 (East) = 60
        ("S", "W"): (30, WIN_D),                   # 30
        ("N", "W"): (30, WIN_D),                   # 30
        ("E", "S"): (40, f"{DIFF_D}; {EAST_D}"),   # (20 - 0) x2 = 40
        ("E", "N"): (20, f"{DIFF_D}; {EAST_D}"),   # (10 - 0) x2 = 20
        ("N", "S"): (10, DIFF_D),                  # 20 - 10 = 10
    }


def test_danish_draw_with_the_custom_set_aside(tmp_path):
    # ¶7: "Hvis denne skik tilsidesættes, betaler alle spillerne hinanden indbyrdes svarende til forskellen imellem
    # hændernes værdier" (if this custom [no payments on a draw] is set aside, all the players pay each other the
    # difference between the hands' values): option draw=differences.
    # West holds 13 tiles, the hand above without the 4s: [555p] 2 -> 10; South 20, North 10, East 0 (above).
    draw = "Hvordan afsluttes spillet? ¶7"
    hands = {**DANISH, "W": "[555p] 123p 789s 23s NN"}
    assert paid(settle(tmp_path, "danish", {"hands": hands, "options": {"draw": "differences"}})) == {
        ("E", "S"): (40, f"{draw}; {EAST_D}"),   # (20 - 0) x2 = 40
        ("E", "W"): (20, f"{draw}; {EAST_D}"),   # (10 - 0) x2 = 20
        ("E", "N"): (20, f"{draw}; {EAST_D}"),   # (10 - 0) x2 = 20
        ("W", "S"): (10, draw),                  # 20 - 10 = 10
        ("N", "S"): (10, draw),                  # 20 - 10 = 10; West and North are level (10 - 10): nothing
    }
    # by the custom (the default, ¶6 "I tilfælde af uafgjort spil er det sædvane at undlade betalinger"): nothing
    assert settle(tmp_path, "danish", {"hands": hands})["payments"] == []


def test_danish_false_mahjong_fine(tmp_path):
    # "Hvad er spillets særpræg?": "Der kan gives bøder for fejl under spillet såsom forkert benævnelse af en brik
    # eller forkert melding, særligt af Mah Jong" (fines can be given for mistakes such as a wrong declaration,
    # above all of mah jong); the amount is the option false_mahjong_fine. The hands of test_danish_fine_and_draw_
    # options (test_settle.py), with a fine of 50: South pays each other player 50, East x2 = 100.
    deal = {"hands": {"E": "1m 5p", "S": "2m 6p", "W": "3m 7p", "N": "4m 8p"}, "false_mahjong": "S",
            "options": {"false_mahjong_fine": 50}}
    fine = "Hvad er spillets særpræg?"
    assert paid(settle(tmp_path, "danish", deal)) == {("S", "E"): (100, fine), ("S", "W"): (50, fine),
                                                       ("S", "N"): (50, fine)}


# ---- dmjl and bmja: KDE Kajongg --------------------------------------------------------------------------------
# Kajongg pays the scores in its game code (Game.__payHand, "pay the scores"), the same for both rulesets:
#   "if East in (player1.wind, player2.wind): efactor = 2"; each player but the winner pays the winner's
#   "handTotal * efactor", and every two losers settle "player1.handTotal" against "player2.handTotal".
K_WIN = "DMJL and BMJA (Kajongg): payments, the winner's total"
K_EAST = "DMJL and BMJA (Kajongg): payments, East x2"
K_DIFF = "DMJL and BMJA (Kajongg): payments, the losers' differences"
# Winner Rules "Dangerous Game": "if that tile actually makes somebody win, the discarder pays the winner for all";
#   the code: "score = score * 6 if winner.wind == East else score * 4".
K_ALL = "DMJL and BMJA (Kajongg): Winner Rules"

# Deal 2 of examples/game-dmjl.yaml, worked in test_games_classical.py: South wins [SSS] 4 + 2f 4 + 20 = 28;
# own wind pung 1 + False Color Game 1: 112. East [777s] 2; West GG 2 + 111m 8 = 10; North 1f 4.
DMJL_DEAL = {"hands": {"E": "[777s] 123m 45m 9m 1s 2s 3s 6s", "S": "[SSS] 123p 456p 789p 99p 2f",
                       "W": "GG 111m 345s 68s W E N", "N": "2m 4m 6m 8m 2s 4s 6s 8s 1p 3p 5p E R 1f"},
             "winner": "S", "win": {"tile": "4p", "from": "discard", "discarder": "W"}}


def test_dmjl_winner_east_and_differences(tmp_path):
    assert paid(settle(tmp_path, "dmjl", DMJL_DEAL)) == {
        ("E", "S"): (224, f"{K_WIN}; {K_EAST}"),   # 112 x2 (East) = 224
        ("W", "S"): (112, K_WIN),                  # 112
        ("N", "S"): (112, K_WIN),                  # 112
        ("E", "W"): (16, f"{K_DIFF}; {K_EAST}"),   # (10 - 2) x2 = 16
        ("E", "N"): (4, f"{K_DIFF}; {K_EAST}"),    # (4 - 2) x2 = 4
        ("N", "W"): (6, K_DIFF),                   # 10 - 4 = 6
    }


def test_dmjl_pays_for_all(tmp_path):
    # West discarded the dangerous tile: West alone pays South 112 x4 = 448 (= 224 + 112 + 112); nothing else
    assert paid(settle(tmp_path, "dmjl", {**DMJL_DEAL, "pays_for_all": "W"})) == {("W", "S"): (448, K_ALL)}


def test_dmjl_false_mahjong(tmp_path):
    # Penalties (Kajongg DMJL) "False Declaration of Mah Jongg by One Player": 'Oabsolute payees=3', points=-300:
    # the declarer pays 300, 300 / 3 = 100 to each other player (no East double)
    deal = {"hands": {"E": "1m 5p", "S": "2m 6p", "W": "3m 7p", "N": "4m 8p"}, "false_mahjong": "S"}
    pen = "DMJL (Kajongg): Penalties"
    assert paid(settle(tmp_path, "dmjl", deal)) == {("S", "E"): (100, pen), ("S", "W"): (100, pen),
                                                     ("S", "N"): (100, pen)}


# Deal 1 of examples/game-bmja.yaml, worked in test_games_classical.py: West draws W: [555p] 2 + RRR 8 + 999m 8 +
# WW 2 + 3f 4 + 20 + drawn 2 = 46; dragons 1 + own flower 1: 184. East [GGG] 4 + [222m] 2 + 1y 4 = 10, dragons 1
# + own season 1: 40. South 999p 8 + 888s 4 = 12. North 0.
BMJA_DEAL = {"hands": {"E": "[GGG] [222m] 45p 7s 9m 3s 1p S 1y", "S": "999p 888s 13m 57m 2p 4p 6p",
                       "W": "[555p] 123s 999m RRR WW 3f", "N": "234m 567s 678p 1m 9s E S"},
             "winner": "W", "win": {"tile": "W", "from": "wall"}}


def test_bmja_winner_east_differences_and_pays_for_all(tmp_path):
    assert paid(settle(tmp_path, "bmja", BMJA_DEAL)) == {
        ("E", "W"): (368, f"{K_WIN}; {K_EAST}"),   # 184 x2 (East) = 368
        ("S", "W"): (184, K_WIN),                  # 184
        ("N", "W"): (184, K_WIN),                  # 184
        ("S", "E"): (56, f"{K_DIFF}; {K_EAST}"),   # (40 - 12) x2 = 56
        ("N", "E"): (80, f"{K_DIFF}; {K_EAST}"),   # (40 - 0) x2 = 80
        ("N", "S"): (12, K_DIFF),                  # 12 - 0 = 12
    }
    # BMJA also: Winner Rules "False Naming of Discard, Claimed for Mah Jongg" ('FFalseDiscardForMJ||Opayforall');
    # South pays for all: 184 x4 = 736 (= 368 + 184 + 184)
    assert paid(settle(tmp_path, "bmja", {**BMJA_DEAL, "pays_for_all": "S"})) == {("S", "W"): (736, K_ALL)}


def test_bmja_false_mahjong(tmp_path):
    # Penalties (Kajongg BMJA) "False Declaration of Mah Jongg by One Player": 'Oabsolute payees=3', limits=-0.5:
    # half the limit 1000 = 500 over the three others, 500 // 3 = 166 each
    deal = {"hands": {"E": "1m 5p", "S": "2m 6p", "W": "3m 7p", "N": "4m 8p"}, "false_mahjong": "S"}
    pen = "BMJA (Kajongg): Penalties"
    assert paid(settle(tmp_path, "bmja", deal)) == {("S", "E"): (166, pen), ("S", "W"): (166, pen),
                                                     ("S", "N"): (166, pen)}


def test_the_cites_reach_batch_and_the_text_output(tmp_path):
    # the dmjl deal as a one-deal game: the same payments, the same cites
    game = tmp_path / "game.yaml"
    names = dict(zip("ESWN", ["Anna", "Bernd", "Clara", "Dieter"]))
    deal = {"hands": {names[s]: h for s, h in DMJL_DEAL["hands"].items()}, "winner": "Bernd",
            "win": {"tile": "4p", "from": "discard", "discarder": "Clara"}}
    game.write_text(json.dumps({"variant": "dmjl", "players": list(names.values()), "deals": [deal]}),
                    encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    pays = {(p["from"], p["to"]): (p["amount"], p["cite"]) for p in json.loads(out)["games"][0]["deals"][0]["payments"]}
    assert pays[("Anna", "Bernd")] == (224, f"{K_WIN}; {K_EAST}")   # 112 x2 (East) = 224
    assert pays[("Dieter", "Clara")] == (6, K_DIFF)                 # 10 - 4 = 6
    # the text output: a rulebook column holding the cite
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps({"variant": "dmjl", **DMJL_DEAL}), encoding="utf-8")
    code, out, err = run("settle", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert "rulebook" in next(line for line in lines if line.startswith("from "))
    assert any("224" in line and f"{K_WIN}; {K_EAST}" in line for line in lines)
