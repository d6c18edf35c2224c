"""--lang speaks the outputs' fixed words (headers, notes, payment reasons) in the four seed rulebooks'
languages, from one message catalogue per language (mjscore/messages/): issue 31.

The exact outputs are the README's examples (`score "[555p] 123m 789s SSS NN" --variant spanish --seat S
--win 7s --from wall` and `settle examples/deal-spanish.yaml`) in Basque, Hungarian, Spanish and Danish,
kept in tests/data/lang/. Their numbers are the English outputs' (tests/test_settle.py works the deal's nets
by hand); worked again below from the Spanish rulebook, page 2 §6:
  score: [555p] exposed pung of simples 2 + SSS concealed pung of honours 8 + mah jong 20 + self-drawn 2
         = 32 points; SSS the own wind's pung 1 double: 32 x 2^1 = 64.
  settle: South's hand 30 points, 1 double = 60; East pays double (Babcock (1923) ch. VI): East 120, West 60,
          North 60: South +240. East 8 (4 x 2), West 4, North 0: West pays East (8 - 4) x 2 = 8, North pays
          East (8 - 0) x 2 = 16, North pays West 4 - 0 = 4. East -120 + 8 + 16 = -96, West -60 - 8 + 4 = -64,
          North -60 - 16 - 4 = -80.
A table whose item names or citations change (tables/spanish.yaml) changes these outputs too: the files are
then made again with the command in each file's test, and read before they are kept.
"""

from __future__ import annotations

import json
import re

import pytest

from helpers import EXAMPLES, ROOT, run
from mjscore.api import load_variant
from mjscore.messages import CATALOGUED, CatalogueError, M, Words, fields_of, read_catalogue, said, seat_said

LANGS = ("eu", "hu", "es", "da")  # the seed rulebooks' languages; zh (MCR's) has a catalogue too
README_HAND = ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall"]
DEAL = str(EXAMPLES / "deal-spanish.yaml")
GOLDEN = ROOT / "tests" / "data" / "lang"


@pytest.mark.parametrize("lang", LANGS)
def test_score_of_the_readme_example_in_each_language(lang):
    code, out, err = run("score", *README_HAND, "--lang", lang)
    assert code == 0, err
    assert out == (GOLDEN / f"score-{lang}.txt").read_text(encoding="utf-8")
    w = Words(lang)
    assert w(M.VALUE_IS, value=64) in out  # 32 x 2^1
    assert w(M.BASE_POINTS, points=32, doubles=1, uncapped=64) in out  # 2 + 8 + 20 + 2


@pytest.mark.parametrize("lang", LANGS)
def test_settle_of_the_readme_example_in_each_language(lang):
    code, out, err = run("settle", DEAL, "--lang", lang)
    assert code == 0, err
    assert out == (GOLDEN / f"settle-{lang}.txt").read_text(encoding="utf-8")
    w = Words(lang)
    nets = re.findall(r"^([ESWN]) +\S+ +([+-]\d+)$", out.split(w(M.NET))[1], re.M)
    assert dict(nets) == {"E": "-96", "S": "+240", "W": "-64", "N": "-80"}
    # the winner's payment from East: South's hand 60, x2 for East (the reason in the language's words)
    reason = w.again(said(M.PAID_WINNER, seat=seat_said("S"), value=60) + said(M.PAID_DOUBLE, who=seat_said("E")))
    assert re.search(rf"^E Ann +S Bo +120 +{re.escape(reason)} ", out, re.M)


def test_english_is_the_default_and_unchanged():
    # without --lang (or with --lang en) the words are the English of mjscore/messages/keys.py
    code, out, _ = run("settle", DEAL)
    assert code == 0 and run("settle", DEAL, "--lang", "en")[1] == out
    assert "payments:\nfrom    to     amount    reason" in out
    assert "winner South's hand 60, x2 (East)" in out


@pytest.mark.parametrize("lang", CATALOGUED)
def test_every_catalogue_is_complete(lang):
    """Every English key has its translation, with the same fields; `standard` names keys of the catalogue
    (the words the rulebook does not have); the rulebook is cited by title."""
    data = read_catalogue(lang)
    assert set(data["messages"]) == {k.name.lower() for k in M}
    for key in M:
        assert fields_of(data["messages"][key.name.lower()]) == fields_of(key.english), key
    assert set(data["standard"]) <= set(data["messages"]) and data["standard"]
    assert data["rulebook"].endswith(")") and "rulebook" in data["rulebook"]
    assert CATALOGUED == (*LANGS, "zh", "zh-Hant")


def test_a_language_without_a_catalogue_speaks_english():
    # the documented fallback: ja names the items in its rulebook's words; its fixed words are English
    for lang in ("en", "ja"):
        assert Words(lang)(M.H_RULE) == "rule" and Words(lang).seat("E") == "East"


def test_chinese_speaks_the_mcr_rulebooks_words():
    """zh has a catalogue (issue 43): the seats, fan and a false win as the Mahjong Competition Rules say them."""
    w = Words("zh")
    assert (w(M.H_RULE), w(M.H_FAN), w.seat("E"), w(M.T_FALSE_MJ)) == ("番种", "番", "东家", "错和")


def test_a_broken_catalogue_is_refused_in_one_line(tmp_path, monkeypatch):
    import mjscore.messages as messages

    text = (ROOT / "mjscore" / "messages" / "eu.yaml").read_text(encoding="utf-8")
    for broken, problem in ((text.replace("  h_rule: araua\n", ""), "missing keys: h_rule"),
                            (text + "  h_ruel: araua\n", "unknown keys: h_ruel"),
                            (text.replace('"irabazlea {seat}, eskua {value}"', '"irabazlea {seat}"'),
                             "paid_winner: fills in ['seat'], the English ['seat', 'value']")):
        (tmp_path / "eu.yaml").write_text(broken, encoding="utf-8")
        monkeypatch.setattr(messages, "HERE", tmp_path)
        with pytest.raises(CatalogueError) as e:
            read_catalogue("eu")
        assert problem in str(e.value) and "\n" not in str(e.value)


# --- no fixed English word left in a translated output ---------------------------------------------------

ENGLISH_WORDS = ("pays", "winner", "wins", "draw", "East", "South", "West", "North", "total", "totals", "net",
                 "payments", "points", "doubles", "value", "seat", "player", "reason", "amount", "hand", "note",
                 "round", "tiles", "rule", "rulebook", "arrangement", "deal", "standings", "result")


def english_left(out: str, lang: str) -> set[str]:
    """The fixed English words in an output, as whole words; a word the language's own catalogue uses too
    (Spanish "total", Hungarian "limit") is its own word, not one left untranslated. What the tables say
    (their citations: "rule 69", "p. 2 §6"), and a house option as it is typed (`draw=none`), are data, not the
    outputs' words: they are taken out first (a text wrapped to 80 columns is unwrapped for it)."""
    out = re.sub(r"[\w-]+=[\w-]+", "", re.sub(r"[ \n]+", " ", out))
    for name in SEED.values():
        v = load_variant(name)
        for cite in sorted({*(v.cites or {}).values(), *(r.cite for r in v.rules), v.value_cite}, key=len,
                           reverse=True):
            out = out.replace(cite, "") if cite else out
    own = set(re.findall(r"\w+", " ".join(read_catalogue(lang)["messages"].values()))) if lang != "en" else set()
    return {w for w in ENGLISH_WORDS if w not in own and re.search(rf"(?<![\w-]){w}(?![\w-])", out)}


SEED = {"eu": "basque", "hu": "hungarian", "es": "spanish", "da": "danish"}
GAME = {"eu": "game-basque.yaml", "hu": "game-hungarian.yaml", "es": "game-spanish.yaml", "da": "game-danish.yaml"}


def outputs(lang: str) -> dict[str, str]:
    """Every face with words, for the language's own variant (its items named in its rulebook's words)."""
    v, game = SEED[lang], str(EXAMPLES / GAME[lang])
    commands = {
        "score": ["score", "[555p] 123m 789s SSS NN", "-v", v, "--seat", "S", "--win", "7s", "--from", "wall"],
        "score --all": ["score", "123m 456p 789s EEE NN", "-v", v, "--all", "--win", "N"],
        "settle": ["settle", DEAL, "--variant", "spanish"] if v == "spanish" else
                  ["settle", "--variant", v, "--winner", "S", "--win", "7s", "--east", "[RRR] 234m 55s 78p NN",
                   "--south", "[555p] 123m 789s SSS NN", "--west", "[111s] 456m 99m 2468p",
                   "--north", "123s 567s 3p 4p 6m 7m 9m WW"],
        "waits": ["waits", "123m 456p 789s EEE N", "-v", v],
        "compare": ["compare", "[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "--from", "wall",
                    "--variant", v],
        "batch": ["batch", game],
        "batch markdown": ["batch", game, "--format", "markdown"],
        "sheet": ["sheet", game],
        "standings": ["standings", game],
    }
    out = {}
    for name, args in commands.items():
        code, text, err = run(*args, "--lang", lang)
        assert code == 0, (name, err)
        out[name] = text
    return out


MCR_GAME = str(EXAMPLES / "game-mcr.yaml")


def test_no_fixed_english_word_is_left_in_mcr_in_chinese():
    """--lang zh (issue 43): MCR's score (a win, and a hand below 8 fan), waits, batch, sheet and standings say
    their headers, notes, payment reasons and refusals in Chinese; the table's data (its title, the fan's
    citations) stays as the table writes it."""
    commands = [["score", "[111m] [6666m] {8888p} 345p 55s", "-v", "mcr", "--seat", "S", "--round", "N", "--win", "3p",
                 "--from", "wall"],
                ["score", "[234m] [555s] 234p 789p SS", "-v", "mcr", "--seat", "S", "--round", "W", "--win", "S"],
                ["waits", "[234m] [555s] 234p 789p S", "-v", "mcr"], ["batch", MCR_GAME],
                ["batch", MCR_GAME, "--format", "markdown"], ["sheet", MCR_GAME], ["standings", MCR_GAME]]
    for args in commands:
        code, out, err = run(*args, "--lang", "zh")
        assert code == 0, (args, err)
        assert not english_left(out, "zh"), (args, english_left(out, "zh"), out)
    out = run("score", *commands[1][1:], "--lang", "zh")[1]
    assert "注：未和牌：和牌须有花牌以外至少8番（中国麻将竞赛规则，起和番）\n" in out  # the table's refusal, its zh words
    assert "注：计得番种：喜相逢 1、单钓将 1；共 2 番\n" in out  # fan 70 Mixed Double Chow 1 + fan 79 Single Wait 1
    out = run("batch", MCR_GAME, "--lang", "zh")[1]
    # deal 1: Cy (West) discarded: Bo pays the base alone, Cy 8 + 94
    assert "Bo付给Ann 8（只付底分 8：和的是西家打出的牌，由西家付和牌的番数）" in out
    assert "Cy付给Ann 102（底分 8 + 和牌者东家的牌 94）" in out


@pytest.mark.parametrize("lang", LANGS)
def test_no_fixed_english_word_is_left_in_a_translated_output(lang):
    left = {name: english_left(text, lang) for name, text in outputs(lang).items()}
    assert {name: words for name, words in left.items() if words} == {}


def test_the_check_finds_english_where_it_is_left():
    # the same outputs in English: the check above would see each face's English words
    code, out, _ = run("settle", DEAL)
    assert {"winner", "East", "net", "payments", "value", "reason"} <= english_left(out, "en")
    code, out, _ = run("batch", str(EXAMPLES / "game-spanish.yaml"))
    assert {"pays", "deal", "round", "totals", "standings"} <= english_left(out, "en")
    code, out, _ = run("standings", str(EXAMPLES / "game-basque.yaml"))
    assert {"total", "player"} <= english_left(out, "en")


def test_json_stays_english_but_the_items_names():
    # programs read JSON: its keys, reasons and notes stay English; the winner's items are named in --lang
    code, out, _ = run("settle", DEAL, "--lang", "es", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["payments"][0]["reason"] == "winner South's hand 60, x2 (East)"
    assert "Mah Jongg (gana la mano)" in [i.get("name") for i in data["hands"]["S"]["items"]]


@pytest.mark.parametrize("command", ["score", "settle", "batch", "sheet", "standings", "compare", "waits",
                                     "variants", "report"])
def test_every_command_with_words_takes_the_one_lang_option(command):
    code, out, _ = run(command, "--help")
    assert code == 0 and "--lang [en|eu|hu|es|da|zh|ja|zh-Hant|native]" in out
    code, out, err = run(command, "--lang", "xx")
    assert code == 2 and err.count("\n") == 1 and "'xx' is not one of 'en', 'eu', 'hu', 'es', 'da'" in err


@pytest.mark.parametrize("lang", LANGS)
def test_a_variants_settlement_sentences_in_each_language(lang):
    # variants NAME says each settlement switch in the language's words (the options and tables stay the file's)
    for v in SEED.values():
        code, out, _ = run("variants", v, "--lang", lang)
        head = Words(lang)(M.W_SETTLEMENT)
        assert code == 0 and head in out
        settlement = out.split(head)[1]
        assert english_left(settlement, lang) == set() and english_left(run("variants", v)[1].split(
            M.W_SETTLEMENT.english)[1], "en")  # (in English, the same lines have English words the check sees)


# --- score --explain in each language (the second pass of issue 31) ------------------------------------------

EXPLAIN = {  # one hand per language, under its own rulebook's variant
    "eu": ["{5555s} 234s 678s RRR 11s", "--variant", "basque"],
    "hu": ["[555p] 123m 789s SSS NN", "--variant", "hungarian", "--seat", "S", "--win", "7s", "--from", "wall"],
    "es": ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall"],
    "da": ["[555p] 123m 789s SSS NN", "--variant", "danish", "--seat", "S", "--win", "7s", "--from", "wall"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_explain_in_each_language(lang):
    """The exact `score --explain` in each language, kept in tests/data/lang/explain-LANG.txt. The numbers are
    the English outputs', worked by hand:
      eu (the README's basque example, tests/test_near_misses.py and tests/test_review_fixes.py): {5555s}
         concealed kong of simples 8 (table 1, line 4), RRR concealed pung of honours 8 (line 3), mah jong 20
         (table 3, line 1), the only place 2 (table 3, line 3) = 38; pung of dragons (table 2, line 1) and clean
         hand (line 7) 2 doubles: 38 x 2^2 = 152, the same won on 1s or 3s (a tie); robbing a kong for the 2s:
         robbing two bamboo (rule 85 XVII), 1 limit = 500.
      hu (Hergár, IV): [555p] pung of 2-8 laid out 2, SSS pung of a wind in the hand 8, premium points 20, + 2
         not won by claiming = 32; own wind's figure 1x: 32 x 2^1 = 64.
      es (p. 2 §6, the module's docstring): 2 + 8 + 20 + 2 = 32, x 2^1 = 64.
      da (classical values, Spillets afvikling ¶2): 2 + 8 + 20 + from the wall 2 + only possible tile (789s
         waited on 7s alone) 2 = 34, own wind 1 double: 68, rounded up to a multiple of 10: 70.
    """
    code, out, err = run("score", *EXPLAIN[lang], "--explain", "--lang", lang)
    assert code == 0, err
    assert out == (GOLDEN / f"explain-{lang}.txt").read_text(encoding="utf-8")
    w = Words(lang)
    if lang == "eu":
        assert w(M.X_WHY, kept="{5555s} 11s 234s 678s RRR", value=152, other="{5555s} 11s 234s 678s RRR",
                 won=w(M.X_WITH, tile="3s") + w(M.X_COMPLETING, set="234s"), worth=152) in out
        assert "  " + w(M.X_TIE_ALL) in out and w(M.N_HEAD) in out
        assert w(M.N_MISS, rule="Bi banbu ostuz", gives=w(M.LIMIT_SHARE, share=1),
                 how=w(M.N_HOW_KONG) + w(M.N_ON, tile="2s"), value=500).replace(" (eskuak", "\n    (eskuak") in out
    else:
        assert w(M.VALUE_IS, value={"hu": 64, "es": 64, "da": 70}[lang]) in out
        assert w(M.X_ONLY_WAY, kept="[555p] 123m 789s SSS NN") in out and w(M.N_NONE) in out
    assert w(M.Q_HEAD) in out and w(M.Q_IN_ENGLISH) in out


def test_explain_in_english_is_unchanged():
    # without --lang the words are the English of mjscore/messages/keys.py, as tests/test_near_misses.py reads them
    code, out, _ = run("score", *EXPLAIN["eu"], "--explain")
    assert code == 0 and run("score", *EXPLAIN["eu"], "--explain", "--lang", "en")[1] == out
    assert "\nwhy this arrangement: {5555s} 11s 234s 678s RRR is worth 152; the next best" in out
    assert "  - robbing two bamboo (XVII) (1 limit): won by robbing a kong (on 2s) (the hand\n" in out
    assert "\nthe rulebook's words for each rule counted:\n" in out and "      in English: " in out


def quotes_taken_out(out: str) -> str:
    """An output without the rulebooks' quoted words and their English glosses (data, in English by design:
    a gloss says in English what the rulebook says), each unwrapped as english_left unwraps the output."""
    out = re.sub(r"[ \n]+", " ", out)
    for name in SEED.values():
        v = load_variant(name)
        quotes = [r.quote for r in v.rules if r.quote is not None] + [q for q in v.long_hand_words[2:] if q is not None]
        for text in sorted({t for q in quotes for t in (q.gloss, q.absent, q.text) if t}, key=len, reverse=True):
            out = out.replace(re.sub(r"[ \n]+", " ", text), "")
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_word_is_left_in_explain(lang):
    # the README's hand, and one with near misses (a swapped tile, another winning tile: tests/test_near_misses.py
    # works the basque one), under the language's own variant
    v = SEED[lang]
    for args in (EXPLAIN[lang], ["123s 234s 666s 888s GG", "-v", v, "--win", "6s"],
                 ):
        code, out, err = run("score", *args, "--explain", "--lang", lang)
        assert code == 0, err
        assert english_left(quotes_taken_out(out), lang) == set(), args
    code, out, _ = run("score", "123s 234s 666s 888s GG", "-v", v, "--win", "6s", "--explain")
    assert {"hand", "rule", "rulebook"} <= english_left(quotes_taken_out(out), "en")  # the check sees English


def test_not_a_winning_hand_in_each_language():
    # 123m 456p 789s EE 125s: 14 tiles, no mah jong; its 5s changed for a 3s makes 123s, and four chows and a
    # pair are a winning hand (Spanish rulebook, p. 1 §4); no other tile changed makes one (1s or 2s changed
    # leaves 25s or 15s, no set)
    code, out, _ = run("score", "123m 456p 789s EE 125s", "-v", "spanish")
    assert "\nnot a winning hand: one tile changed makes it one: 5s for 3s\n" in out
    for lang in LANGS:
        w = Words(lang)
        code, out, _ = run("score", "123m 456p 789s EE 125s", "-v", "spanish", "--lang", lang)
        assert code == 0 and "\n" + w(M.S_NOT_WINNING_ONE, swaps=w(M.S_SWAP_FOR, change="5s", to="3s")) + "\n" in out
        assert "not a winning hand" not in out


def table_data_taken_out(out: str, name: str) -> str:
    """`variants NAME`'s output without what its table file says in English (data, shown as written): the title,
    the source, the options' rows (names, types, values as typed) and help, the mah-jong requirements, the tables'
    headings, the rules' English names (where the rulebook has none in that language), the conditions, the --also
    words' meanings."""
    v = load_variant(name)
    for o in v.options.values():  # an option's row: its name, type, default and choices, as typed
        out = re.sub(rf"^{re.escape(o.name)} +{o.type} .*\n(?: {{20,}}.*\n)*", "", out, flags=re.M)
    out = re.sub(r"[ \n]+", " ", out)
    data = [v.title, v.source, *(o.help or "" for o in v.options.values()),
            *(t for r in v.requires for t in (r.name, r.message or "")), *(h for h, _, _ in v.tables),
            *(r.name for r in v.rules), *(r.each.replace("_", " ") for r in v.rules if r.each),
            *(x for r in v.rules for x in (*r.excludes, *r.keep_doubles)), *(v.situations or {}).values(),
            *(s.replace("_", " ") for s in v.shapes)]
    for text in sorted({re.sub(r"[ \n]+", " ", t) for t in data if t}, key=len, reverse=True):
        out = out.replace(text, "")
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_variants_name_in_each_language(lang):
    # variants NAME: its headings, option table and the words of its rules' values in the language; the table
    # file's own words (option help, headings, conditions) are data and stay as written
    w = Words(lang)
    for name in SEED.values():
        code, out, err = run("variants", name, "--lang", lang)
        assert code == 0, err
        assert w(M.V_OPTIONS) in out and w(M.V_H_DEFAULT) in out and w(M.V_STEP_DOUBLING) in out
        assert english_left(table_data_taken_out(out, name), lang) == set(), name
        english = run("variants", name)[1]
        assert {"points", "rule"} & english_left(table_data_taken_out(english, name), "en")  # the check sees them
    # basque's Table 1, line 12 (tables/basque.yaml): chow, 0 points, for every group of anyone's
    code, out, _ = run("variants", "basque", "--lang", lang)
    assert w(M.V_EACH_GROUP) + "; " + w(M.V_WHO_ALL) + "]" in out
    assert re.search(rf"^\S.* {re.escape(w(M.V_POINTS, n=0))} +table 1, line 12$", out, re.M)


def test_the_variants_list_in_each_language():
    for lang in LANGS:
        w = Words(lang)
        code, out, _ = run("variants", "--lang", lang)
        assert code == 0 and out.split("\n")[0].split() == [w(M.V_H_VARIANT), w(M.V_H_TITLE), w(M.V_H_SOURCE),
                                                            *w(M.V_H_OPTIONS_DEFAULT).split()]
    assert run("variants")[1].split("\n")[0].split() == ["variant", "title", "source", "options", "(default)"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_riichi_hands_value_in_each_language(lang):
    # riichi (Tenhou rules, EMA RCR 2016), East (the dealer) with 123m 456p 789s 234s 55m, waiting on 5m alone:
    # - won from the wall: menzen tsumo 1 han; fu 20 base + 2 tsumo + 2 single wait = 24, rounded up to 30; base
    #   points 30 x 2^(1 + 2) = 240; the dealer's tsumo: each pays 2 x 240 = 480, rounded up to 500: "500 all",
    #   1500 in all;
    # - won on a discard with riichi declared, one honba counter: riichi 1 han; fu 20 + 10 closed ron + 2 = 32,
    #   rounded up to 40; 40 x 2^3 = 320; the dealer's ron 6 x 320 = 1920, rounded up to 2000; + 300 honba = 2300
    w = Words(lang)
    hand = ["123m 456p 789s 234s 55m", "-v", "riichi", "--seat", "E", "--win", "5m"]
    out = run("score", *hand, "--from", "wall", "--lang", lang)[1]
    assert ("\n" + w(M.R_FU_HAN, fu=30, han=1) + ": " + w(M.R_ALL, n=500) + w(M.R_TOTAL, total=1500)
            + w(M.R_BASE_POINTS, n=240) + "\n") in out
    out = run("score", *hand, "--also", "riichi", "--honba", "1", "--lang", lang)[1]
    assert ("\n" + w(M.R_FU_HAN, fu=40, han=1) + ": 2000" + w(M.R_WITH_STICKS, n=2300) + w(M.R_BASE_POINTS, n=320)
            + "\n") in out
    assert english_left(out.split(w(M.VALUE_IS, value=320))[0].split("\n\n")[-1], lang) == set()
    assert "\n30 fu 1 han: 500 all (total 1500); base points 240\n" in run("score", *hand, "--from", "wall")[1]


def page_text(page: str) -> str:
    """An HTML page's words as a reader sees them: no style, no tags, entities read."""
    import html

    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("lang", LANGS)
def test_the_report_page_in_each_language(lang, tmp_path):
    # report --lang: the page's headings, columns, statistics, chart labels and captions in the language; the
    # players' names, files and the items' names (table data) as they are; the numbers the English page's
    # (tests/test_report.py and tests/test_season.py work them by hand)
    pytest.importorskip("matplotlib")
    game = str(EXAMPLES / GAME[lang])
    code, page, err = run("report", game, "--lang", lang)
    assert code == 0, err
    w = Words(lang)
    for key in (M.RP_LEAGUE, M.RP_STATISTICS, M.RP_RUNNING, M.RP_SHEETS, M.RP_WIN_RATE, M.RP_CAPTION, M.RP_X_LABEL,
                M.RP_Y_LABEL):
        assert w(key) in page_text(page), key
    assert f"<title>{w(M.RP_TITLE_ONE, n=1)}</title>" in page and f'<html lang="{lang}">' in page
    english = run("report", game)[1]
    assert re.sub(r"[+-]?\d+", "#", page_text(re.sub(r"<svg.*?</svg>", "", english, flags=re.S))).count("#") == \
        re.sub(r"[+-]?\d+", "#", page_text(re.sub(r"<svg.*?</svg>", "", page, flags=re.S))).count("#")
    data = {r.name for v in SEED.values() for r in load_variant(v).rules}
    text = page_text(re.sub(r"<svg.*?</svg>", "", page, flags=re.S))
    for name in sorted(data, key=len, reverse=True):
        text = text.replace(name, "")
    assert english_left(text, lang) == set()
    english_text = page_text(re.sub(r"<svg.*?</svg>", "", english, flags=re.S))
    assert {"points", "player", "deal"} & english_left(english_text, "en")  # (the check sees the English page's)


@pytest.mark.parametrize("lang", LANGS)
def test_every_html_page_speaks_its_language(lang):
    # issue 31: each command's --format html page is titled (and headed) in --lang, its lang attribute the
    # language's, as report's is; its tables' class stays the English word (a club's style sheet keeps working)
    w, game = Words(lang), str(EXAMPLES / GAME[lang])
    pages = {M.PG_SETTLEMENT: ["settle", DEAL], M.PG_GAMES: ["batch", game], M.RP_SHEETS: ["sheet", game],
             M.RP_LEAGUE: ["standings", game], M.PG_SCORE: ["score", *README_HAND],
             M.PG_COMPARISON: ["compare", "[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s"],
             M.PG_WAITS: ["waits", "1112345678999m"], M.PG_VARIANTS: ["variants"]}
    for key, args in pages.items():
        code, page, err = run(*args, "--format", "html", "--lang", lang)
        assert (code, err) == (0, ""), args
        title = w(key)
        assert title != key.english, key  # the catalogue's own word, not the English one
        assert f'<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>' in page, args
        assert f"<h1>{title}</h1>" in page and f"<h1>{key.english}</h1>" not in page, args
    code, page, _ = run("score", *README_HAND, "--format", "html", "--lang", lang)
    assert '<table class="score">' in page


ONE_DEAL = """variant: danish
players: [Anders, Birgit, Carsten, Dorte]
deals:
  - hands: {Anders: "[RRR] 234m 567p 456s 88s", Birgit: "[111p] 789m 35s 2p 9s E W N",
            Carsten: "555m 999s 66p 13s 7p 4m 2p", Dorte: "123p 789p 4s 6s 8s E S W P"}
    winner: Anders
    win: {tile: 4s, from: discard, discarder: Dorte}
"""  # examples/game-danish.yaml's first deal alone


@pytest.mark.parametrize("lang, caption, line", [
    ("en", "danish, 1 deal", "1 game (danish 1), 1 deal scored"),
    ("es", "danish, 1 mano", "1 partida (danish 1), 1 mano puntuada"),
    ("eu", "danish, esku 1", "partida 1 (danish 1), jokaldi 1 zenbatua"),
    ("hu", "danish, 1 játék", "1 parti (danish 1), 1 játék pontozva"),
    ("da", "danish, 1 spil", "1 parti (danish 1), 1 spil talt")])
def test_a_sheets_caption_and_the_standings_line_count_one_deal_in_the_language(lang, caption, line, tmp_path):
    # issue 31: "1 deals" was said, and the sheet's caption was English in every language
    game = tmp_path / "one.yaml"
    game.write_text(ONE_DEAL, encoding="utf-8")
    from mjscore.cli.output import markdown_cell

    for fmt, head in (("table", f"{game}: {caption}"), ("markdown", f"## {markdown_cell(f'{game}: {caption}')}")):
        code, out, err = run("sheet", str(game), "--lang", lang, "--format", fmt)
        assert (code, err) == (0, "")
        assert out.splitlines()[0] == head
    code, out, err = run("standings", str(game), "--lang", lang)
    assert (code, err) == (0, "") and out.splitlines()[0] == line


@pytest.mark.parametrize("lang, caption", [("en", "basque, 16 deals"), ("es", "basque, 16 manos"),
                                           ("eu", "basque, 16 esku"), ("hu", "basque, 16 játék"),
                                           ("da", "basque, 16 spil")])
def test_a_sheets_caption_of_many_deals_in_the_language(lang, caption):
    # examples/game-basque.yaml is 16 deals (its numbered comments 1 to 16)
    code, out, err = run("sheet", str(EXAMPLES / "game-basque.yaml"), "--lang", lang)
    assert (code, err) == (0, "")
    assert out.splitlines()[0].endswith(f"game-basque.yaml: {caption}")


@pytest.mark.parametrize("lang", LANGS)
def test_scores_csv_names_the_items_as_the_table_does(lang):
    # issue 31: settle's CSV said its reasons in --lang, score's kept the English names. The items' names are
    # the rulebook's (the table's first column); every number is the English CSV's (the README hand, worked in
    # tests/test_cli.py), the header English (what programs read)
    import csv
    import io

    def rows(*extra):
        code, out, err = run("score", *README_HAND, "--format", "csv", *extra)
        assert (code, err) == (0, "")
        return list(csv.reader(io.StringIO(out)))

    english, said = rows(), rows("--lang", lang)
    code, table, _ = run("score", *README_HAND, "--lang", lang)
    lines = table.splitlines()
    at = next(k for k, line in enumerate(lines) if re.fullmatch(r"[- ]+", line))
    width = len(lines[at].split("  ")[0])
    names = [line[:width].rstrip() for line in lines[at + 1:] if line.strip()][:len(said) - 2]
    assert said[0] == english[0] == ["rule", "tiles", "points", "doubles", "limit", "extra", "value", "cite"]
    assert [r[0] for r in said[1:-1]] == names
    if lang == "es":  # the Spanish rulebook has a name for each of them
        assert all(r[0] != e[0] for r, e in zip(said[1:-1], english[1:-1]) if e[0] != "chow")
    assert [r[1:] for r in said] == [r[1:] for r in english] and said[-1] == english[-1]


def test_every_key_the_package_writes_is_in_the_catalogue():
    # M's keys are made at import, so a type checker takes any `M.NAME` for a key (keys.py's __getattr__): a
    # misspelt one would fail only where it is said. Each one the package writes is looked up here instead.
    import ast

    from mjscore.messages import M

    written = set()
    for path in (ROOT / "mjscore").rglob("*.py"):
        written |= {(path.name, node.attr) for node in ast.walk(ast.parse(path.read_text("utf-8")))
                    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "M"
                    and node.attr.isupper()}
    assert len(written) > 300  # (the package says some 450 keys)
    unknown = sorted((file, name) for file, name in written if name not in {key.name for key in M})
    assert not unknown
