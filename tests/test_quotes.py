"""The rulebook's own words (issue 31): every rule of the four tables made from a rulebook's text quotes the
sentence or table line it rests on, in the rulebook's language with an English gloss, or says why it cannot
(its page or table is not in the text the table was made from); `score --explain` prints them, and JSON
gives them as each item's `quote`.

Every quote was checked by hand against the rulebook's text, character for character (whitespace aside):
the Basque rulebook (Prats Verdú) rules 67, 78, 85 and tables 1-3, a table's line quoted as its cells in
reading order; Hergár's Hungarian rules, IV "Az elszámolás"; the Spanish "Mah Jongg", page 1 §4-5; the
Danish "Mah Jong Regler", "Spillets afvikling" and "Hvad er spillets særpræg?".
"""

from __future__ import annotations

import json

import pytest

import mjscore
from helpers import ROOT, run

SEEDED = {"basque": "eu", "hungarian": "hu", "spanish": "es", "danish": "da"}


# --- every rule quotes its words, or says why not --------------------------------------------------------------

@pytest.mark.parametrize("variant", sorted(SEEDED))
def test_every_rule_quotes_the_rulebook_or_says_why_not(variant):
    v = mjscore.load_variant(variant)
    missing = [r.name for r in v.rules if r.quote is None]
    assert missing == [], f"{variant}: rules with no quote: and no absent: {missing}"
    for r in v.rules:
        q = r.quote
        if q.absent:  # why there are no words: said, never an empty marker
            assert not q.text and not q.gloss and len(q.absent) > 40, (r.name, q)
        else:  # the words in the rulebook's language, an English gloss, where they stand
            assert q.text and q.gloss and q.lang == SEEDED[variant] and q.cite, (r.name, q)


def test_which_rules_have_no_words_at_hand():
    # spanish: page 1 only. It speaks of chows and pungs (§4: "Los chow no valen nada, y los pung ..."), of the
    # call of mah jong (§4), and (§5) of the premiums for the loose tile, a robbed kong and the last live tile;
    # every other rule stands on page 2 (6. Puntuación), which is missing, or comes from Babcock.
    spanish = mjscore.load_variant("spanish")
    quoted = sorted({r.name for r in spanish.rules if not r.quote.absent})
    assert quoted == sorted(["chow", "exposed pung of simples", "concealed pung of simples",
                             "exposed pung of terminals", "concealed pung of terminals", "mah jong",
                             "won on a loose tile", "robbing a kong", "last tile of the live wall"])
    # danish: its tables are missing ("eksempel på tabel"); the text names the base value's parts (pungs, kongs,
    # pairs, the premium for mah jong; chows left out), the bonus tiles, the thirteen wonders and the nine called,
    # and the sets from the buried treasure. Every doubling and limited hand of the tables is absent.
    danish = mjscore.load_variant("danish")
    absent = sorted({r.name for r in danish.rules if r.quote.absent})
    assert absent == sorted(["winning tile from the wall", "only possible tile", "one suit with honours",
                             "all terminals and honours", "one suit only", "pung of dragons", "pung of own wind",
                             "pung of prevailing wind", "own flower", "own season", "all four flowers",
                             "all four seasons", "winning on the loose tile", "winning on the last wall tile",
                             "robbing a kong", "no chows", "all honours", "all terminals", "four kongs",
                             "four winds", "three great dragons", "buried treasure", "heaven's hand",
                             "earth's hand"])
    # basque and hungarian: the whole scoring text is at hand, so no rule is absent
    for variant in ("basque", "hungarian"):
        assert [r.name for r in mjscore.load_variant(variant).rules if r.quote.absent] == [], variant


def test_other_tables_quote_nothing():
    # dmjl, bmja (Kajongg's rulesets), mcr and riichi give no quote: their --explain is as before
    for variant in ("dmjl", "bmja", "mcr", "riichi"):
        assert all(r.quote is None for r in mjscore.load_variant(variant).rules), variant
    code, out, err = run("score", "1112345678999m 1m", "--variant", "dmjl", "--win", "1m", "--explain")
    assert code == 0 and "rulebook's words" not in out and out.endswith("would be worth 448)\n"), out  # misses last


# --- score --explain, one hand per rulebook ----------------------------------------------------------------------

def test_basque_explain_quotes_table_lines():
    # Basque rulebook (Prats Verdú), East in the East round wins on a discarded 3m (24m waits on 3m alone):
    # table 1, line 2 concealed pung of terminals 111m 8; line 12 chow 0; line 1 concealed pung of simples 555p 4;
    # line 3 concealed pung of honours EEE 8; 99s a pair of bamboo 0. Table 2, line 4: EEE own prevailing wind
    # 2 doubles. Table 3, line 1 mah jong 20; line 3 the only possible place 2. 8 + 4 + 8 + 20 + 2 = 42,
    # 42 x 2^2 = 168.
    assert run("score", "111m 234m 555p 99s EEE", "-v", "basque", "--win", "3m", "--explain") == (0, """\
basque: 111m 234m 555p 99s EEE  (seat E, round E, won on 3m from discard, completing 234m)
arrangement: 111m 234m 555p 99s EEE  (mah jong)

rule                                         tiles    points    doubles    limit/extra    rulebook
-------------------------------------------  -------  --------  ---------  -------------  ----------------
concealed pung of terminals                  111m     8                                   table 1, line 2
chow                                         234m                                         table 1, line 12
concealed pung of simples                    555p     4                                   table 1, line 1
concealed pung of honours                    EEE      8                                   table 1, line 3
pung of own prevailing wind                  EEE                2                         table 2, line 4
mah jong                                              20                                  table 3, line 1
winning tile filled the only possible place           2                                   table 3, line 3

base points 42, doubles 2: 42 x 2^2 = 168
value: 168

why this arrangement: it is the only way to arrange these tiles (111m 234m 555p 99s EEE)

near misses: none (no limit hand or doubling rule is one winning tile, one circumstance or one swapped tile away)

the rulebook's words for each rule counted:
  - concealed pung of terminals (table 1, line 2)
      eu: \u201cHirukoteak | Muturrak | 4 | 8\u201d
      in English: Pungs | terminals | 4 (exposed) | 8 (concealed)
  - chow (table 1, line 12)
      eu: \u201cEskailerak | 0 | 0\u201d
      in English: Chows | 0 (exposed) | 0 (concealed)
  - concealed pung of simples (table 1, line 1)
      eu: \u201cHirukoteak | Arruntak | 2 | 4\u201d
      in English: Pungs | simples | 2 (exposed) | 4 (concealed)
  - concealed pung of honours (table 1, line 3)
      eu: \u201cHirukoteak | Ohoreak | 4 | 8\u201d
      in English: Pungs | honours | 4 (exposed) | 8 (concealed)
  - pung of own prevailing wind (table 2, line 4)
      eu: \u201cHirukoteak edo laukoteak | Norberaren haize nagusia | 2\u201d
      in English: Pungs or kongs | own prevailing wind | 2
  - mah jong (table 3, line 1)
      eu: \u201cMah jong | 20 | 20 | 20\u201d
      in English: Mah jong | 20 (mixed) | 20 (one-double) | 20 (clean)
  - winning tile filled the only possible place (table 3, line 3)
      eu: \u201cFitxa irabazlea | Leku bakarra betetzekoa | 2 | 2 | 2\u201d
      in English: Winning tile | filling the only place | 2 (mixed) | 2
        (one-double) | 2 (clean)
""", "")


def test_hungarian_explain_quotes_each_sentence_once():
    # Hergár (1925) IV, East (the banker) wins on a discarded 4m: "Pong (1,9, szél, vagy sárkány) : 4 / 8" laid
    # out: [RRR] 4, [EEE] 4; "Chow: 0 / 0"; 99m a plain pair 0; "Prémium-pontok ...: 20" (no + 2: the 4m was
    # claimed). 28. Doubling: "1x, ha: A figurák csak Sárkányokból, vagy saját Szelekből állnak" for [RRR] and
    # [EEE] (East's own wind), "1x, ha: A kedvezményezett (bankár) nyert": 3 doubles; not "Egyszínű" (option
    # one_suit_closing=pair: its honours close it as a pair only). 28 x 2^3 = 224. The doubling sentence both
    # pungs rest on is said once.
    code, out, err = run("score", "[RRR] [EEE] 123m 456m 99m", "-v", "hungarian", "--win", "4m", "--explain")
    assert code == 0 and "base points 28, doubles 3: 28 x 2^3 = 224" in out, out
    assert out[out.index("the rulebook's words"):] == """\
the rulebook's words for each rule counted:
  - exposed pung of terminals or honours (IV, figures' points, line 3)
      hu: \u201cPong (1,9, szél, vagy sárkány) : 4 / 8\u201d
      in English: Pung (1, 9, wind or dragon): 4 (laid out) / 8 (in the hand)
  - pung of dragons, pung of own wind (IV, doubling, line 1)
      hu: \u201c1x, ha: A figurák csak Sárkányokból, vagy saját Szelekből állnak\u201d
      in English: 1x if: the figures are only of dragons, or of own winds
  - chow (IV, figures' points, line 1)
      hu: \u201cChow: 0 / 0\u201d
      in English: Chow: 0 (laid out) / 0 (in the hand)
  - mah jong (IV, premium points)
      hu: \u201cPrémium-pontok a győztesnek (MahJongg-ért): 20, + 2, ha nem rablással
        nyert\u201d
      in English: Premium points for the winner (for mah jong): 20, + 2 if he
        did not win by claiming a tile
  - the banker won (IV, doubling, line 2)
      hu: \u201c1x, ha: A kedvezményezett (bankár) nyert\u201d
      in English: 1x if: the favoured one (the banker) won
"""


def test_danish_explain_says_which_words_are_missing():
    # the Danish hand of tests/test_referee_hints.py (value 70, its numbers classical): the pungs, the chows and
    # mah jong rest on "Spillets afvikling" ¶2 (the base value adds the pungs, kongs, pairs and the premiums for
    # going mah jong, from a table that is missing); the own wind's doubling and the only possible tile stand in
    # the missing tables, so they are not quoted, and say so.
    code, out, err = run("score", "[555p] 123m 789s SSS NN", "-v", "danish", "--seat", "S", "--win", "7s",
                         "--explain")
    assert code == 0 and "value: 70\n" in out, out
    assert out[out.index("the rulebook's words"):] == """\
the rulebook's words for each rule counted:
  - exposed pung of simples (classical (Millington / BMJA)), chow (classical
      (Millington / BMJA)), concealed pung of terminals or honours (classical
      (Millington / BMJA)), mah jong (Spillets afvikling ¶2)
      da, Spillets afvikling ¶2: \u201cDen grundlæggende værdi af almindelige hænder
        og uafsluttede hænder findes ved at sammenlægge værdierne af de
        forekommende Punger, Konger og Par samt de mulige tillæg for at blive
        Mah Jong, idet tabellen over almindelige hænder og uafsluttede hænder
        benyttes.\u201d
      in English: The base value of ordinary and unfinished hands is found by
        adding up the values of the pungs, kongs and pairs in them, and the
        premiums for going mah jong where they apply, using the table of
        ordinary and unfinished hands. [That table is not in the text: the
        values are classical.]
  - pung of own wind, only possible tile (classical (Millington / BMJA)): not
      quoted: the rulebook's tables are not in its text (where they stand it has
      only "eksempel på tabel", an example of a table): the rule and its value
      are classical (Millington / BMJA)
"""
    # (spanish: tests/test_referee_hints.py, test_all_shows_each_reading_once_...)


def test_a_long_hand_quotes_its_rule():
    # Basque rule 67: "Esku luzearen puntuak ez dira zenbatuko" (a long hand's points are not counted)
    code, out, err = run("score", "123m 456m 789m EEE NW", "-v", "basque", "--explain")
    assert code == 0 and "value: 0\n" in out
    assert out.endswith("""\
the rulebook's words for each rule counted:
  - long hand (rule 67)
      eu: \u201cEsku luzearen puntuak ez dira zenbatuko.\u201d
      in English: The long hand's points are not counted.
"""), out


# --- JSON and the API --------------------------------------------------------------------------------------------

def test_json_items_carry_their_quote_with_explain_only():
    args = ["score", "[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "--from", "wall", "--format", "json"]
    plain = json.loads(run(*args)[1])
    assert all("quote" not in i for i in plain["items"])  # without --explain, as before
    items = {i["rule"]: i for i in json.loads(run(*args, "--explain")[1])["items"]}
    # spanish page 1 §5: the words for a premium whose value page 2 gives
    assert items["self-drawn"]["quote"] == {"absent": "page 2 of the rulebook (6. Puntuación), the page of scores, "
                                                      "is not in the copy this table was made from, which holds "
                                                      "page 1 only"}
    assert items["mah jong"]["quote"] == {
        "text": "Entonces, el jugador puede cantar \" iMah Jongg! \" y puntúa.", "lang": "es",
        "gloss": "Then [with four sets and a pair] the player may call \"Mah Jongg!\" and scores.",
        "cite": "p. 1 §4"}
    assert items["mah jong"]["cite"] == "p. 2 §6"  # the value's place; the words' place is the quote's cite


def test_variant_data_gives_each_rules_quote():
    data = mjscore.describe_variant(mjscore.load_variant("basque"))
    rows = {r["rule"]: r for t in data["tables"] for r in t["rules"]}
    assert rows["seven twins (XX)"]["cite"] == "rule 85 XX"
    assert rows["seven twins (XX)"]["quote"]["text"].startswith("Zazpi bikiak: serie bateko eta ohoreen zazpi ")
    assert rows["seven twins (XX)"]["quote"]["lang"] == "eu"
    assert "quote" not in {k for t in mjscore.describe_variant(mjscore.load_variant("dmjl"))["tables"]
                           for r in t["rules"] for k in r}


# --- the table file's quote: is checked on load --------------------------------------------------------------------

BASQUE = (ROOT / "tables" / "basque.yaml").read_text(encoding="utf-8")
CHOW = '''          text: "Eskailerak | 0 | 0"
          gloss: "Chows | 0 (exposed) | 0 (concealed)"
'''


@pytest.mark.parametrize("replacement,problem", [
    (CHOW + "          source: p. 4\n",
     "rule 1 'chow' quote: unknown key 'source' (keys: absent, cite, gloss, lang, text)"),
    (CHOW.replace('          gloss: "Chows | 0 (exposed) | 0 (concealed)"\n', ""),
     "rule 1 'chow' quote: needs text: (the rulebook's words) and gloss: (them in English), "
     "or absent: (why none)"),
    (CHOW + "          absent: lost\n",
     "rule 1 'chow' quote: absent: says why there are no words to quote; give it alone, or text: and gloss:"),
    (CHOW + "          lang: xx\n", "rule 1 'chow' quote.lang: a language is one of"),
    (CHOW.replace('"Eskailerak | 0 | 0"', '""'), "rule 1 'chow' quote.text: is text of 1 to 1000 characters, not ''"),
])
def test_a_wrong_quote_is_refused_in_one_line(tmp_path, replacement, problem):
    assert BASQUE.count(CHOW) == 1
    (tmp_path / "basque.yaml").write_text(BASQUE.replace(CHOW, replacement), encoding="utf-8")
    code, out, err = run("score", "111m 234m 555p 99s EEE", "-v", "basque", "--tables", str(tmp_path))
    assert code == 2 and err.count("\n") == 1, err
    assert "basque.yaml: table 'Table 1: points for everyone" in err and problem in err, err


def test_rules_of_one_name_quote_the_same_words(tmp_path):
    # "last tile of the wall" is written twice (mixed and one-double: a double; clean: 10 points), one line of
    # table 3: the two must quote it alike, so an item finds its words by its name, table and cite
    old = "Fitxa irabazlea | Azken fitxa erabilgarria | Bikoitz bat | Bikoitz bat | 10"
    at = BASQUE.index(old, BASQUE.index(old) + 1)
    text = BASQUE[:at] + old.replace("10", "20") + BASQUE[at + len(old):]
    (tmp_path / "basque.yaml").write_text(text, encoding="utf-8")
    code, out, err = run("score", "111m 234m 555p 99s EEE", "-v", "basque", "--tables", str(tmp_path))
    assert code == 2 and err.count("\n") == 1, err
    assert "rule 'last tile of the wall': quotes other words than the rule of the same name, table and cite" in err
