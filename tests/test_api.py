"""The public API: its results are exactly what the CLI prints, it is pure and picklable, and
`import mjscore` stays light. docs/api.md and docs/architecture.md run as doctests here."""

from __future__ import annotations

import doctest
import json
import pickle
import subprocess
import sys

import pytest

import mjscore
from helpers import EXAMPLES, ROOT, run

VARIANTS = ["spanish", "basque", "hungarian", "danish", "dmjl", "bmja"]
HANDS = [  # (hand, score options): winning, non-winning, special shapes, bonus tiles
    ("[555p] 123m 789s SSS NN", ["--seat", "S", "--win", "7s", "--from", "wall"]),
    ("123m 456p 789s EEE NN", []),
    ("19m 19p 19s ESWNRGP P", ["--win", "P"]),
    ("11m 22m 33p 44p 55s 66s 77s", ["--round", "S"]),
    ("123m 456p 78s EEE N", ["--seat", "W"]),
]


@pytest.mark.parametrize("doc", ["api.md", "architecture.md"])
def test_docs_examples_run(doc, monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples name files as a reader in the repo would
    failed, tried = doctest.testfile(str(ROOT / "docs" / doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    assert doc != "api.md" or tried >= 20  # every example block ran, not an empty file


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("hand,args", HANDS)
def test_score_to_dict_is_the_cli_json(variant, hand, args):
    code, out, err = run("score", hand, "--variant", variant, "--format", "json", *args)
    assert code == 0, err
    kw = dict(zip(("seat", "win", "source", "round"), (None,) * 4))
    flags = dict(zip(args[::2], args[1::2]))
    kw = {"seat": flags.get("--seat", "E"), "round": flags.get("--round", "E"), "win": flags.get("--win"),
          "source": flags.get("--from", "discard")}
    assert json.dumps(mjscore.score(hand, variant, **kw).to_dict(), ensure_ascii=False) + "\n" == out


@pytest.mark.parametrize("variant", VARIANTS)
def test_waits_to_dict_is_the_cli_json(variant):
    code, out, _ = run("waits", "1112345678999m", "--variant", variant, "--format", "json")
    assert code == 0
    assert json.dumps(mjscore.waits("1112345678999m", variant).to_dict(), ensure_ascii=False) + "\n" == out


def test_settle_to_dict_is_the_cli_json():
    path = str(EXAMPLES / "deal-spanish.yaml")
    code, out, _ = run("settle", path, "--format", "json")
    assert code == 0
    assert json.dumps(mjscore.settle(path).to_dict(), ensure_ascii=False) + "\n" == out


@pytest.mark.parametrize("variant", VARIANTS)
def test_score_game_to_dict_is_the_batch_json(variant):
    path = str(EXAMPLES / f"game-{variant}.yaml")
    code, out, _ = run("batch", path, "--format", "json")
    assert code == 0
    data = json.loads(out)  # batch prints one shape for one file or many: {"games": [...], "summary", "errors"}
    assert data["games"] == [json.loads(json.dumps(mjscore.score_game(path).to_dict(), ensure_ascii=False))]
    assert data["errors"] == [] and data["summary"] == data["games"][0]["summary"]


def test_a_rejected_deal_is_kept_with_its_error(tmp_path):
    game = tmp_path / "g.yaml"
    game.write_text("variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    "  - {winner: Ann, hands: {Ann: '123x'}}\n")
    g = mjscore.score_game(str(game))
    assert g.summary == {"read": 1, "scored": 0, "rejected": 1}
    assert g.deals[0]["error"] == "hands: no hand for Bo, Cy, Di"
    code, out, _ = run("batch", str(game), "--format", "json")
    assert code == 1 and json.loads(out)["games"][0] == g.to_dict()


def test_a_map_over_files_is_pure_and_picklable():
    files = [str(EXAMPLES / f"game-{v}.yaml") for v in VARIANTS]
    first = list(map(mjscore.score_game, files))
    again = list(map(mjscore.score_game, reversed(files)))[::-1]  # no state carried from one game to the next
    assert first == again
    assert [pickle.loads(pickle.dumps(r)) for r in first] == first
    for r in first:  # each game's totals change by what its deals paid: payments sum to zero
        assert sum(r.totals.values()) == sum(r.start.values())


def test_options_as_mapping_or_strings():
    # basque limit 500 by default: "Muga hori 500 puntukoa izango da" (Basque rulebook (Prats Verdú), rule 79);
    # a house may set another
    hand = "{5555s} 234s 678s RRR 11s"
    assert mjscore.score(hand, "basque", options={"limit": 100}).limit == 100
    assert mjscore.score(hand, "basque", options=["limit=100"]).limit == 100
    with pytest.raises(mjscore.MjscoreError) as e:
        mjscore.score(hand, "basque", options={"colour": "red"})
    assert str(e.value).startswith("basque has no option 'colour'")


def test_bad_input_is_one_exception_type_with_its_place():
    with pytest.raises(mjscore.MjscoreError) as e:
        mjscore.parse_hand("123m [45")
    assert e.value.where == "123m [45" and e.value.hint is None
    with pytest.raises(mjscore.MjscoreError):
        mjscore.settle({"hands": "not a mapping"})
    with pytest.raises(mjscore.MjscoreError):
        mjscore.load_variant("no-such-variant")


def test_load_variant_by_path(tmp_path):
    text = (ROOT / "tables" / "spanish.yaml").read_text().replace("limit: 300", "limit: 250", 1)
    (tmp_path / "spanish.yaml").write_text(text)
    assert mjscore.load_variant(str(tmp_path / "spanish.yaml")).limit == 250
    assert mjscore.load_variant("spanish").limit == 300


def test_import_is_light():
    code = ("import sys, mjscore; print(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('mjscore', 'yaml', 'click', 'tabulate')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['mjscore']"


def test_scoring_does_not_load_settlement_or_faces():
    code = ("import sys, mjscore; mjscore.score('123m 456p 789s EEE NN'); "
            "print(sorted(m for m in sys.modules if m.startswith(('mjscore.play', 'mjscore.cli', 'click', 'tabulate'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_value_of_the_wrong_type_is_a_type_error_that_says_what_is_taken():
    import pytest

    import mjscore

    with pytest.raises(TypeError, match="a hand is text in the notation of docs/notation.md"):
        mjscore.score(123, "spanish")
    with pytest.raises(TypeError, match="settle takes a deal file's path or a deal's data"):
        mjscore.settle(["E", "S"])
