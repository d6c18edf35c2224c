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

LANGS = ("eu", "hu", "es", "da")
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


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_is_complete(lang):
    """Every English key has its translation, with the same fields; `standard` names keys of the catalogue
    (the words the rulebook does not have); the rulebook is cited by title."""
    data = read_catalogue(lang)
    assert set(data["messages"]) == {k.name.lower() for k in M}
    for key in M:
        assert fields_of(data["messages"][key.name.lower()]) == fields_of(key.english), key
    assert set(data["standard"]) <= set(data["messages"]) and data["standard"]
    assert data["rulebook"].endswith(")") and "rulebook" in data["rulebook"]
    assert CATALOGUED == LANGS


def test_a_language_without_a_catalogue_speaks_english():
    # the documented fallback: zh and ja name the items in their rulebooks' words; their fixed words are English
    for lang in ("en", "zh", "ja"):
        assert Words(lang)(M.H_RULE) == "rule" and Words(lang).seat("E") == "East"


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
                                     "variants"])
def test_every_command_with_words_takes_the_one_lang_option(command):
    code, out, _ = run(command, "--help")
    assert code == 0 and "--lang [en|eu|hu|es|da|zh|ja|native]" in out
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
