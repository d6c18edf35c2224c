"""Variant basque: every item cites its place in the Basque rulebook (Prats Verdú) and is named in the
rulebook's own Basque words (`--lang eu`, `--lang native`).

Each expected name below is the rulebook's line, quoted by hand above it from the original text (tables
1-3 of rule 75, rule 78, rule 85). A row of a printed table is named by its labels in reading order
joined with ", ": the group, the row and, for table 1's exposed/concealed points, the column
("Agerikoak | Ezkutuak"). A table's rows are cited by line ("table 1, line 2"), counted by hand from the
top of the printed table, its headings not counted: table 1 has 12 lines (Hirukoteak Arruntak 1 ... Eskailerak
12), table 2 11 (Hirukoteak edo laukoteak Herensugeak 1 ... Esku purua Ohoreak 11), table 3 9 (Mah jong 1 ...
Eskailerarik gabea 9); a paragraph of rule 78 by its name ("rule 78, Dei atzeratua").
"""

from __future__ import annotations

import json

import pytest

from helpers import named_items, run

V = "basque"
# [555p] exposed pung of 5 dots, two chows, SSS concealed pung of South (seat S's own wind), NN a pair
MIXED = ["[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "--from", "wall"]
# one suit (characters) and honours: [NNN] exposed pung of North, three chows, 99m a valueless pair
CLEAN = ["[NNN] 123m 456m 789m 99m", "--seat", "S", "--win", "4m"]
# a concealed and an exposed kong of terminals, EEE the prevailing wind, a pair of red dragons, four flowers
KONGS = ["{1111m} [9999s] EEE 123p RR 1f 2f 3f 4f", "--seat", "S", "--round", "E", "--win", "R"]
# all chows and a valueless pair of 5 bamboo, drawn as the last tile of the wall
CHOWS = ["123m 456m 789p 234s 55s", "--seat", "S", "--win", "4s", "--from", "wall", "--also", "last-wall-tile"]
# no chows: three exposed pungs of terminals, a concealed one, a pair of the prevailing wind (round E)
PUNGS = ["[111m] [999p] [111s] 999m EE", "--seat", "S", "--win", "E"]
H = "[555p] 123m 456m 789s 99s"


def items(args: list[str], lang: str = "eu") -> dict[str, dict]:
    return named_items(args, V, lang)


CASES = [
    # table 1, "1) Denontzako puntuak, hiru aldaeretan", columns "Agerikoak | Ezkutuak":
    # "Hirukoteak | Arruntak | 2 | 4 |"
    (MIXED, "exposed pung of simples", "table 1, line 1", "Hirukoteak, Arruntak, Agerikoak"),
    # "Ohoreak | 4 | 8 |" (under "Hirukoteak")
    (MIXED, "concealed pung of honours", "table 1, line 3", "Hirukoteak, Ohoreak, Ezkutuak"),
    # "Eskailerak | 0 | 0 |"
    (MIXED, "chow", "table 1, line 12", "Eskailerak"),
    # "Laukoteak | Arruntak | 4 | 8 |" ... "Muturrak | 8 | 16 |" (under "Laukoteak")
    (KONGS, "concealed kong of terminals", "table 1, line 5", "Laukoteak, Muturrak, Ezkutuak"),
    (KONGS, "exposed kong of terminals", "table 1, line 5", "Laukoteak, Muturrak, Agerikoak"),
    # "Bikoteak | Herensugeak | 2 |"
    (KONGS, "pair of dragons", "table 1, line 7", "Bikoteak, Herensugeak"),
    # "Haize Nagusia | 2 |" (under "Bikoteak"; capital N as printed in table 1)
    (PUNGS, "pair of prevailing wind", "table 1, line 9", "Bikoteak, Haize Nagusia"),
    # "Loreak | 4 |"
    (KONGS, "flower or season", "table 1, line 11", "Loreak"),
    # table 2, "2) Denontzako bikoitzak hiru aldaeretan": "Hirukoteak edo laukoteak | Herensugeak | 1 |",
    # "Norberaren haizeak | 1 |"
    (MIXED, "pung of own wind", "table 2, line 2", "Hirukoteak edo laukoteak, Norberaren haizeak"),
    # "Haize nagusia | 1 |" (under "Hirukoteak edo laukoteak"; lower-case n as printed in table 2)
    (KONGS, "pung of prevailing wind", "table 2, line 3", "Hirukoteak edo laukoteak, Haize nagusia"),
    # "Norberaren lorea edo urtaroa | 1 |"
    (KONGS, "own flower", "table 2, line 5", "Norberaren lorea edo urtaroa"),
    # "Lau loreak (norberarena kontuan hartu gabe) | 3 |"
    (KONGS, "all four flowers", "table 2, line 6", "Lau loreak (norberarena kontuan hartu gabe)"),
    # "Esku garbia | Serie bat eta ohoreak | 1 |"
    (CLEAN, "clean hand: one suit and honours", "table 2, line 7", "Esku garbia, Serie bat eta ohoreak"),
    # "Muturrak eta ohoreak | 1 |" (under "Esku garbia")
    (PUNGS, "clean hand: terminals and honours", "table 2, line 8", "Esku garbia, Muturrak eta ohoreak"),
    # "Esku purua | Serie bat | Muga |"
    (["123m 456m 789m 234m 55m", "--seat", "S", "--win", "4m"], "pure hand: one suit", "table 2, line 9",
     "Esku purua, Serie bat"),
    # table 3, "3) Irabazlearentzako puntuazioa eta bikoitzak hiru aldaeretan": "Mah jong | 20 | 20 | 20 |"
    (MIXED, "mah jong", "table 3, line 1", "Mah jong"),
    # "Fitxa irabazlea | Harresitik hartua | 2 | 2 | 2 |"
    (MIXED, "winning tile from the wall", "table 3, line 2", "Fitxa irabazlea, Harresitik hartua"),
    # "Leku bakarra betetzekoa | 2 | 2 | 2 |" (under "Fitxa irabazlea")
    (MIXED, "winning tile filled the only possible place", "table 3, line 3", "Fitxa irabazlea, Leku bakarra betetzekoa"),
    # "Azken fitxa erabilgarria | Bikoitz bat | Bikoitz bat | 10 |"
    (CHOWS, "last tile of the wall", "table 3, line 4", "Fitxa irabazlea, Azken fitxa erabilgarria"),
    # "Harri askea | Bikoitz bat | Bikoitz bat | 10 |"
    (["[NNNN] 123m 456m 789m 99m", "--seat", "S", "--win", "4m", "--from", "loose"], "won on a loose tile", "table 3, line 5", "Fitxa irabazlea, Harri askea"),
    # "Kong (gàngzi) bat egiteko hartua | Bikoitz bat | Bikoitz bat | 10 |"
    (CLEAN + ["--from", "kong"], "robbing a kong", "table 3, line 6", "Fitxa irabazlea, Kong (gàngzi) bat egiteko hartua"),
    # "Utz daitekeen azken fitxa | Bikoitz bat | Bikoitz bat | 10 |"
    (CLEAN + ["--also", "last-discard"], "last tile that can be discarded", "table 3, line 7",
     "Fitxa irabazlea, Utz daitekeen azken fitxa"),
    # "Eskua | Eskailerak eta balio gabeko bikotea | Bikoitz bat | Bikoitz bat | 10 |"
    (CHOWS, "chows and a valueless pair", "table 3, line 8", "Eskua, Eskailerak eta balio gabeko bikotea"),
    # "Eskailerarik gabea | Bikoitz bat | Bikoitz bat | 10 |" (under "Eskua")
    (PUNGS, "no chows", "table 3, line 9", "Eskua, Eskailerarik gabea"),
    # rule 78: "Dei atzeratua: ekiak lehenengo fitxa utzi eta gero, edozein jokalarik, ekiak izan ezik, ..."
    ([H, "--seat", "S", "--win", "4m", "--also", "late-call"], "late call", "rule 78, Dei atzeratua", "Dei atzeratua"),
    # rule 78: "Hiru eskola-ume txiki: herensugeen bi talde eta hirugarren herensugearen bikote bat ..."
    (["[RRR] [GGG] 123m 789m PP", "--seat", "S", "--win", "P"], "three little scholars", "rule 78, Hiru eskola-ume txiki",
     "Hiru eskola-ume txiki"),
    # rule 78: "Lau mesede txiki: haizeen hiru talde eta laugarren haizearen bikote bat ..."
    (["[EEE] [SSS] [WWW] 123m NN", "--seat", "N", "--win", "N"], "four little blessings", "rule 78, Lau mesede txiki",
     "Lau mesede txiki"),
    # rule 85 IV: "Esku berdea: lau taldeak eta bikotea osatzen dituzten fitxak herensuge berdeak eta banbuko ..."
    (["[222s] [333s] 444s 666s GG", "--seat", "S", "--win", "G"], "green hand (IV)", "rule 85 IV", "Esku berdea"),
    # rule 85 XII: "Hamahiru zurtzak: haize bakoitzeko fitxa bat, herensuge bana eta serie bakoitzeko 1eko ..."
    (["1m 9m 1p 9p 1s 9s E S W N R G P P", "--seat", "S", "--win", "P"], "thirteen orphans (XII)", "rule 85 XII",
     "Hamahiru zurtzak"),
    # rule 85 XIII: "Zeruko eskua: ekiak lehenengo fitxa utzi baino lehen mah jong egiten duenean."
    ([H, "--seat", "E", "--also", "heaven"], "heaven's hand (XIII)", "rule 85 XIII", "Zeruko eskua"),
]


@pytest.mark.parametrize("args,rule,cite,name", CASES, ids=[c[1] for c in CASES])
def test_cite_and_basque_name(args, rule, cite, name):
    got = items(args)
    assert rule in got, sorted(got)
    assert (got[rule]["cite"], got[rule]["name"]) == (cite, name)
    assert "name_lang" not in got[rule]  # the rulebook's own name, not an English stand-in


# ~15 varied hands: winning and not, every mode, bonus tiles, kongs, limit hands, seven pairs
HANDS = [c[0] for c in CASES] + [
    ["[555p] 123m 456m 789s 99s", "--seat", "S", "--win", "4m", "--option", "mode=one-double"],
    ["[NNNN] 123m 456m 789m 99m", "--seat", "S", "--win", "4m", "--from", "loose", "--option", "mode=clean"],
    ["11m 22m 33m 44m 55m 66m 77m", "--seat", "S", "--win", "7m"],           # heavenly twins (XIX)
    ["EE SS WW NN RR GG PP", "--seat", "W", "--win", "P"],                   # heavenly twins (XIX), honours
    ["123m 456m 789s 99s 12p", "--seat", "W"],                                  # a non-winning hand
    ["[555p] 123m 456m 789s 99s 1f 2y", "--seat", "N", "--round", "S", "--win", "4m"],
    ["[5555p] [1111m] 456m 789s 99s", "--seat", "S", "--win", "4m", "--from", "loose", "--also", "kong-on-kong"],
    ["111p 222p 333p 999p 55p", "--seat", "S", "--win", "5p", "--from", "wall"],  # buried treasure (I)
    ["[222m] [222p] [222s] EEE SS", "--seat", "S", "--win", "S"],                 # horizontal hand (VIII)
    ["1112345678999s 5s", "--seat", "S", "--win", "5s"],                          # nine gates (XI)
]


def test_every_item_cites_the_rulebook_and_native_is_basque():
    seen = set()
    for args in HANDS:
        eu = run("score", *args, "--variant", V, "--format", "json", "--lang", "eu")
        native = run("score", *args, "--variant", V, "--format", "json", "--lang", "native")
        assert eu[0] == 0, (args, eu[2])
        assert native == eu, args  # the rulebook's language is Basque
        for item in json.loads(eu[1])["items"]:
            assert item.get("cite"), (args, item)
            assert "name_lang" not in item, (args, item)  # the rulebook names every item it scores
            seen.add(item["rule"])
    assert len(seen) >= 35, sorted(seen)  # the hands reach most of the table's rules


def test_the_long_hand_cites_rule_67():
    # rule 63: "Fitxa gehiegi duen eskua esku luzea da."; rule 67: "Esku luzearen puntuak ez dira zenbatuko."
    got = items(["[111m] 1112345678999p 99s", "--seat", "S"])  # 17 tiles: a long hand
    assert (got["long hand"].get("cite"), got["long hand"]["name"]) == ("rule 67", "Esku luzea")
