"""Variant spanish: every item cites its place in the Spanish rulebook "Mah Jongg" (page 1, sections 1-5;
page 2, "6. Puntuación") and is named in the rulebook's own Spanish words (`--lang es`, `--lang native`).

Each expected name below is the rulebook's line, quoted by hand above it from the original text. A set's
line on page 2 stands under the heading "Combinaciones expuestas" or "Combinaciones ocultas" and is named
with it ("Combinaciones expuestas, Tres del mismo palo (fichas medias 2-8)"). The rules that come from
Babcock's Rules for Mah-Jongg (1923) alone have no Spanish words: they cite Babcock and are shown in
English, marked.
"""

from __future__ import annotations

import json

import pytest

from helpers import named_items, run

V = "spanish"
# [555p] exposed pung of 5 dots, two chows, SSS concealed pung of South (seat S's own wind), NN a pair
MIXED = ["[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "--from", "wall"]
# [111m] exposed pung of terminals, {9999s} a declared concealed kong, [EEEE] East's exposed kong, RR a pair
KONGS = ["[111m] {9999s} [EEEE] 234p RR", "--seat", "E", "--win", "R"]
# an exposed kong of simples, an exposed pung of West, won on the loose tile after the kong
LOOSE = ["[2222m] [WWW] 123p 456p RR", "--seat", "S", "--win", "4p", "--from", "loose"]
# one suit and dragons, drawn as the last tile of the live wall
LAST = ["[GGG] 123m 456m 789m 55m", "--seat", "N", "--win", "5m", "--from", "wall", "--also", "last-wall-tile"]
# an exposed kong of 1 dots, a declared concealed kong of 5 bamboo, SS South's own wind as the pair
OWN = ["[1111p] {5555s} 123m 456m SS", "--seat", "S", "--win", "3m"]
CHOWS = ["123m 456m 789p 234s 55s", "--seat", "S", "--win", "4s"]  # all chows, a valueless pair, a discard
H = "[555p] 123m 456m 789s 99s"


def items(args: list[str], lang: str = "es") -> dict[str, dict]:
    return named_items(args, V, lang)


P2 = "p. 2 §6"
CASES = [
    # page 1, §4: "1. Chow: es una secuencia o serie de tres fichas del mismo palo" ... "Los chow no valen nada"
    (MIXED, "chow", "p. 1 §4", "Chow"),
    # page 2, "Combinaciones expuestas": "Tres del mismo palo (fichas medias 2-8): 2 puntos."
    (MIXED, "exposed pung of simples", P2, "Combinaciones expuestas, Tres del mismo palo (fichas medias 2-8)"),
    # page 2, "Combinaciones ocultas": "Tres del mismo palo de los Vientos: 8 puntos."
    (MIXED, "concealed pung of honours", P2, "Combinaciones ocultas, Tres del mismo palo de los Vientos"),
    # "Combinaciones expuestas": "Tres del mismo palo de los Dragones: 4 puntos."
    (LAST, "exposed pung of honours", P2, "Combinaciones expuestas, Tres del mismo palo de los Dragones"),
    # "Combinaciones expuestas": "Tres del mismo palo (fichas de primera 1-9): 4 puntos."
    (KONGS, "exposed pung of terminals", P2, "Combinaciones expuestas, Tres del mismo palo (fichas de primera 1-9)"),
    # "Combinaciones ocultas": "Cuatro del mismo palo (fichas de primera): 32 puntos."
    (KONGS, "concealed kong of terminals", P2, "Combinaciones ocultas, Cuatro del mismo palo (fichas de primera)"),
    # "Combinaciones expuestas": "Cuatro del mismo palo de los Vientos: 16 puntos."
    (KONGS, "exposed kong of honours", P2, "Combinaciones expuestas, Cuatro del mismo palo de los Vientos"),
    # "Combinaciones ocultas": "Cuatro del mismo palo de los Dragones: 32 puntos."
    (["{RRRR} 111p 456m 789m 55m", "--seat", "N", "--win", "5m"], "concealed kong of honours", P2,
     "Combinaciones ocultas, Cuatro del mismo palo de los Dragones"),
    # "Combinaciones expuestas": "Cuatro del mismo palo (fichas medias): 8 puntos."
    (LOOSE, "exposed kong of simples", P2, "Combinaciones expuestas, Cuatro del mismo palo (fichas medias)"),
    # "Pareja de Dragones o el Viento del propio jugador: 2 puntos."
    (KONGS, "pair of dragons", P2, "Pareja de Dragones o el Viento del propio jugador"),
    # the same line, for SS held by South (its own wind): "Pareja de Dragones o el Viento del propio jugador"
    (OWN, "pair of own wind", P2, "Pareja de Dragones o el Viento del propio jugador"),
    # "Combinaciones ocultas": "Cuatro del mismo palo (fichas medias): 16 puntos."
    (OWN, "concealed kong of simples", P2, "Combinaciones ocultas, Cuatro del mismo palo (fichas medias)"),
    # "Combinaciones expuestas": "Cuatro del mismo palo (fichas de primera): 16 puntos."
    (OWN, "exposed kong of terminals", P2, "Combinaciones expuestas, Cuatro del mismo palo (fichas de primera)"),
    # "Primas / Por ganar una mano solamente:" "Mah Jongg (gana la mano): 20 puntos."
    (MIXED, "mah jong", P2, "Mah Jongg (gana la mano)"),
    # "Terminar el juego con una ficha no descartada: 2 puntos."
    (MIXED, "self-drawn", P2, "Terminar el juego con una ficha no descartada"),
    # "Terminar el juego con una ficha suelta: 10 puntos (no acumulable con el anterior)."
    (LOOSE, "won on a loose tile", P2, "Terminar el juego con una ficha suelta"),
    # "No puntuar nada más que Mah Jongg: 10 puntos."
    (CHOWS, "nothing scored but mah jong", P2, "No puntuar nada más que Mah Jongg"),
    # "Ningún chow, oculto o expuesto: 10 puntos."
    (["[EEE] [SSS] [WWW] NNN RR", "--seat", "S", "--win", "R"], "no chow", P2, "Ningún chow, oculto o expuesto"),
    # "Robar la última ficha descartada a un contrincante: 10 puntos." (page 1 §5: the robbed kong's "prima")
    ([H, "--seat", "S", "--win", "4m", "--from", "kong"], "robbing a kong", P2,
     "Robar la última ficha descartada a un contrincante"),
    # 'Conseguir Mah Jongg a partir de la última ficha de la muralla "viva": 10 puntos.'
    (LAST, "last tile of the live wall", P2, 'Conseguir Mah Jongg a partir de la última ficha de la muralla "viva"'),
    # "Dobles puntuaciones de honor": "Tres o cuatro del propio Viento, ocultas o expuestas: dobla la puntuación total."
    (MIXED, "pung of own wind", P2, "Tres o cuatro del propio Viento, ocultas o expuestas"),
    # "Tres o cuatro Dragones, ocultos o expuestos: dobla la puntuación total."
    (LAST, "pung of dragons", P2, "Tres o cuatro Dragones, ocultos o expuestos"),
    # "Mano de un único palo, excepto por Dragones y Vientos: dobla la puntuación total."
    (LAST, "one suit with honours", P2, "Mano de un único palo, excepto por Dragones y Vientos"),
    # "Mano de un mismo palo: dobla la puntuación total tres veces."
    (["[111m] [999m] 123m 555m 77m", "--seat", "S", "--win", "7m"], "one suit only", P2, "Mano de un mismo palo"),
    # "Mano completa de fichas de honor (Vientos y " -- the line breaks off there: its value is Babcock's
    (["[EEE] [SSS] [WWW] NNN RR", "--seat", "S", "--win", "R"], "all honours",
     "p. 2 §6 (cut off); value: Babcock (1923)", "Mano completa de fichas de honor"),
]


@pytest.mark.parametrize("args,rule,cite,name", CASES, ids=[c[1] for c in CASES])
def test_cite_and_spanish_name(args, rule, cite, name):
    got = items(args)
    assert rule in got, sorted(got)
    assert (got[rule]["cite"], got[rule]["name"]) == (cite, name)
    assert "name_lang" not in got[rule]  # the rulebook's own name, not an English stand-in


# Babcock, Rules for Mah-Jongg (1923), chapter V: "To complete the hand by filling in the only possible place
# to win ... the winner is entitled to two points"; neither page has it. Heaven's and earth's hands: neither
# page names them. So: Babcock's cite, and the English name marked as such.
BABCOCK = [
    (["[555p] 123m 456m 789s EE", "--seat", "S", "--win", "E", "--option", "only_possible_place=true"],
     "filling the only possible place", "Babcock (1923) ch. V"),
    ([H, "--seat", "E", "--also", "heaven"], "hand from heaven", "Babcock (1923)"),
    ([H, "--seat", "S", "--win", "4m", "--also", "earth"], "hand from earth", "Babcock (1923)"),
]


@pytest.mark.parametrize("args,rule,cite", BABCOCK, ids=[c[1] for c in BABCOCK])
def test_babcock_rules_cite_babcock_and_fall_back_to_english(args, rule, cite):
    got = items(args)[rule]
    assert (got["cite"], got["name"], got["name_lang"]) == (cite, rule, "en")


# ~15 varied hands: winning and not, kongs, premiums, limit hands, house options
HANDS = [c[0] for c in CASES] + [c[0] for c in BABCOCK] + [
    CHOWS + ["--option", "nothing_but_mahjong=no-set-points"],
    ["[2222m] [3333m] 567m 888m 99m", "--seat", "S", "--win", "9m"],
    ["[RRRR] 123m 456m 789m 55m", "--seat", "N", "--win", "5m"],
    ["123m 456m 789s 99s 12p", "--seat", "W"],                      # a non-winning hand
    ["[555p] 123m 456m 789s 99s", "--seat", "W", "--round", "S", "--win", "4m", "--from", "wall"],
]


def test_every_item_cites_the_rulebook_and_native_is_spanish():
    seen = set()
    for args in HANDS:
        es = run("score", *args, "--variant", V, "--format", "json", "--lang", "es")
        native = run("score", *args, "--variant", V, "--format", "json", "--lang", "native")
        assert es[0] == 0, (args, es[2])
        assert native == es, args  # the rulebook's language is Spanish
        for item in json.loads(es[1])["items"]:
            assert item.get("cite"), (args, item)
            # only the three rules from Babcock alone fall back to English
            assert ("name_lang" in item) == (item["rule"] in {r for _, r, _ in BABCOCK}), (args, item)
            seen.add(item["rule"])
    assert len(seen) == 30, sorted(seen)  # the hands reach every rule of the table (26 entries, 30 items)


def test_the_long_hand_cites_its_source():
    got = items(["[111m] 1112345678999p 99s", "--seat", "S"])  # 17 tiles: a long hand
    assert got["long hand"]["cite"] == "assumed: no words on pp. 1-2"
