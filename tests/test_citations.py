"""Citations and the rulebook's own words: a table's `cite:` and `names:` reach every output, and
`--explain` names the runner-up arrangement. The packaged tables' citations are tested per variant."""

from __future__ import annotations

import json
import re

import pytest

from helpers import ROOT, run

# the packaged spanish table without its own cites and names, so that the fixtures below can add theirs
# (the packaged table's are tested in test_cite_spanish.py and test_cite_settlement.py); its cite/names/language
# entries are one line each, its settlement `cites:` a block of indented lines
SPANISH = re.sub(r"(?m)^ *(cite|names|language):.*\n|^cites:\n(?:  .*\n)*", "",
                 (ROOT / "tables" / "spanish.yaml").read_text(encoding="utf-8"))
HAND = ["[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "--from", "wall"]


@pytest.fixture
def club(tmp_path):
    """The spanish table with the rulebook's words on its mah jong rule (Spanish rulebook, page 2, §6:
    "Hacer Mah Jongg: 20 puntos")."""
    rule = "      - rule: mah jong\n"
    assert rule in SPANISH
    text = SPANISH.replace(rule, rule + "        cite: 'p. 2, §6'\n        names: {es: Hacer Mah Jongg}\n", 1)
    text = text.replace("variant: spanish", "variant: spanish\nlanguage: es", 1)
    (tmp_path / "spanish.yaml").write_text(text, encoding="utf-8")
    return str(tmp_path)


def test_cite_and_name_in_json(club):
    code, out, err = run("score", *HAND, "--tables", club, "--format", "json", "--lang", "es")
    assert code == 0, err
    items = {i["rule"]: i for i in json.loads(out)["items"]}
    assert items["mah jong"] == {"rule": "mah jong", "name": "Hacer Mah Jongg", "cite": "p. 2, §6", "points": 20}
    # a rule with no Spanish name keeps the English one, marked
    assert items["self-drawn"]["name"] == "self-drawn" and items["self-drawn"]["name_lang"] == "en"


def test_english_json_keeps_its_shape(club):
    code, out, _ = run("score", *HAND, "--tables", club, "--format", "json")
    items = {i["rule"]: i for i in json.loads(out)["items"]}
    assert items["mah jong"] == {"rule": "mah jong", "cite": "p. 2, §6", "points": 20}


def test_native_is_the_variants_own_language(club):
    _, native, _ = run("score", *HAND, "--tables", club, "--format", "json", "--lang", "native")
    _, es, _ = run("score", *HAND, "--tables", club, "--format", "json", "--lang", "es")
    assert native == es


def test_table_output_shows_the_name_and_the_rulebook_column(club):
    code, out, _ = run("score", *HAND, "--tables", club, "--lang", "es")
    lines = out.splitlines()
    head = next(line for line in lines if line.startswith("regla "))  # the headers in Spanish too (issue 31)
    assert head.split() == ["regla", "fichas", "puntos", "dobles", "límite/prima", "reglamento"]
    row = next(line for line in lines if line.startswith("Hacer Mah Jongg"))
    assert row.split()[-1] == "§6" and "20" in row.split()
    assert "* el reglamento no da nombre a esto en esta lengua: se muestra en inglés" in lines


def test_variants_shows_cites_and_names(club):
    code, out, _ = run("variants", "spanish", "--tables", club)
    assert code == 0
    row = next(line for line in out.splitlines() if line.startswith("mah jong "))
    assert row.rstrip().endswith("p. 2, §6")


@pytest.mark.parametrize("entry,message", [
    ("        cite: [1]\n", "cite must be text, not [1]"),
    ("        cite: '" + "x" * 81 + "'\n", "cite is a short reference on one line (at most 80 characters), not 'xxxx"),
    ("        names: {fr: Mah-jong}\n", "names: a language is one of en, eu, hu, es, da, zh, ja, zh-Hant, not 'fr'"),
    ("        names: {es: ''}\n", "names.es: a name is text on one line (at most 80 characters), not ''"),
])
def test_a_wrong_cite_or_name_is_refused(tmp_path, entry, message):
    rule = "      - rule: mah jong\n"
    (tmp_path / "spanish.yaml").write_text(SPANISH.replace(rule, rule + entry, 1), encoding="utf-8")
    code, out, err = run("variants", "spanish", "--tables", str(tmp_path))
    assert code == 2 and message in err and err.count("\n") == 1, err


def test_explain_names_the_runner_up():
    # dmjl, 111m 222m 333m 456p NN won on N: as three concealed pungs (Kajongg's DMJL: Concealed Pung of
    # Terminals 8 + Concealed Pung 4 + 4, Three Concealed Pongs 1 double) it beats 123m 123m 123m as chows
    code, out, _ = run("score", "111222333m 456p NN", "--win", "N", "--variant", "dmjl", "--explain")
    assert code == 0
    why = next(line for line in out.splitlines() if line.startswith("why this arrangement:"))
    assert why.startswith("why this arrangement: 111m 222m 333m 456p NN is worth ")
    assert "the next best, 123m 123m 123m 456p NN, is worth " in why
    code, out, _ = run("score", "111222333m 456p NN", "--win", "N", "--variant", "dmjl", "--explain", "--format", "json")
    data = json.loads(out)
    assert data["runner_up"]["arrangement"] == ["123m", "123m", "123m", "456p", "NN"]
    assert data["runner_up"]["value"] < data["value"]


def test_payments_cite_the_settlement_rules(tmp_path):
    # a club's table cites its own sources for the settlement rules. The deal of examples/deal-spanish.yaml:
    # South wins with 60 on West's discard; East pays double (Babcock (1923) ch. VI, as the spanish table
    # quotes it: "East always plays for double stakes"); the losers settle their differences
    text = SPANISH.replace("variant: spanish", "variant: spanish\ncites: {winner: 'p. 2 §6', east_double: 'p. 1 §5', "
                                               "differences: 'p. 2 §7'}", 1)
    (tmp_path / "spanish.yaml").write_text(text, encoding="utf-8")
    code, out, err = run("settle", str(ROOT / "examples" / "deal-spanish.yaml"), "--tables", str(tmp_path),
                         "--format", "json")
    assert code == 0, err
    pays = json.loads(out)["payments"]
    assert pays[0] == {"from": "E", "to": "S", "amount": 120, "reason": "winner South's hand 60, x2 (East)",
                       "cite": "p. 2 §6; p. 1 §5"}  # 60 x2 = 120
    assert pays[1] == {"from": "W", "to": "S", "amount": 60, "reason": "winner South's hand 60", "cite": "p. 2 §6"}
    assert all(p["cite"].startswith("p. 2 §7") for p in pays[3:])  # the differences between the losers
    code, out, _ = run("settle", str(ROOT / "examples" / "deal-spanish.yaml"), "--tables", str(tmp_path))
    assert "rulebook" in next(line for line in out.splitlines() if line.startswith("from "))


def test_a_settlement_cite_for_no_such_rule_is_refused(tmp_path):
    text = SPANISH.replace("variant: spanish", "variant: spanish\ncites: {east: 'p. 1'}", 1)
    (tmp_path / "spanish.yaml").write_text(text, encoding="utf-8")
    code, _, err = run("variants", "spanish", "--tables", str(tmp_path))
    assert code == 2 and err.endswith("spanish.yaml: cites: unknown key 'east' (keys: collection_cap, "
                                      "differences, draw, east_double, false_mahjong, honba, loser_cap, pays_for_all, riichi_stick, "
                                      "winner)\n")


def test_lang_in_settle_and_batch():
    # page 2 of the Spanish rulebook, Primas: "Mah Jongg (gana la mano): 20 puntos"
    code, out, _ = run("settle", str(ROOT / "examples" / "deal-spanish.yaml"), "--lang", "es", "--format", "json")
    assert code == 0
    items = {i["rule"]: i for i in json.loads(out)["hands"]["S"]["items"]}
    assert items["mah jong"] == {"rule": "mah jong", "name": "Mah Jongg (gana la mano)", "cite": "p. 2 §6",
                                 "points": 20}
    # batch names the winners' items too: --lang native is each game's own rulebook language
    code, out, _ = run("batch", str(ROOT / "examples" / "game-spanish.yaml"), "--lang", "native", "--format", "json")
    assert code == 0
    deal = json.loads(out)["games"][0]["deals"][0]
    named = {i["rule"]: i.get("name") for i in deal["hands"][deal["winner"]]["items"]}
    assert named["mah jong"] == "Mah Jongg (gana la mano)"
    _, out, _ = run("batch", str(ROOT / "examples" / "game-spanish.yaml"), "--format", "json")
    deal = json.loads(out)["games"][0]["deals"][0]
    assert all("name" not in i for i in deal["hands"][deal["winner"]]["items"])  # English: rule is the name
