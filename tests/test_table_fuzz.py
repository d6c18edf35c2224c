"""Hostile and broken table files: whatever a table file holds, loading it, showing it and scoring
with it either works or raises one TableError (a one-line message naming file, entry and problem);
never another exception, never a hang. Values are bounded the same way from a file or --option.

The long sweep runs with `python -m pytest -m fuzz_long`."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import ROOT, run
from mjscore.errors import MjscoreError, TableError
from mjscore.loading import read_yaml
from mjscore.rules.tables import build

VARIANTS = ["spanish", "basque", "hungarian", "danish", "dmjl"]  # bmja extends dmjl: merged in the CLI cases
RAW = {}
for name in VARIANTS:
    with open(ROOT / "tables" / f"{name}.yaml", encoding="utf-8") as f:
        RAW[name] = read_yaml(f)

HANDS = ["[555p] 123m 789s SSS NN", "123m 456p 789s EEE NN", "19m 19p 19s ESWNRGP P", "11m 22m 33p 44p 55s 66s 77s",
         "{5555s} 234s 678s RRR 11s 1f 2y", "123m 456p 78s EEE N"]

odd_values = st.one_of(
    st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6), st.sampled_from([10 ** 400, -1, 0, 1, 2 ** 63]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1e308, -0.0, 0.5]),
    st.text(max_size=8), st.sampled_from(["", "pung", "limit", "standard", "all", "winner", "hand", "E"]),
    st.sampled_from(["\x1b]8;;http://evil/\x07click\x1b]8;;\x07", "\x1b]0;pwned\x07", "a\u202eb", "x" * 5000]),
    st.lists(st.integers(0, 5), max_size=3), st.dictionaries(st.sampled_from(["a", "limit", "option"]), st.integers(0, 3),
                                                             max_size=2),
)


def leaves(node, path=()):
    """Every place in the data: (path, value)."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from leaves(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from leaves(v, path + (i,))


PLACES = {name: [p for p, _ in leaves(raw) if p] for name, raw in RAW.items()}


def mutated(name: str, index: int, value):
    raw = copy.deepcopy(RAW[name])
    path = PLACES[name][index % len(PLACES[name])]
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return raw


def check_one(name: str, raw) -> None:
    """Build the table; if it is accepted, show it and score hands with it: only MjscoreError may come out."""
    from mjscore.api import describe_variant
    from mjscore.cli.variant_words import variant_text
    from mjscore.hand.arrange import analyse
    from mjscore.hand.notation import parse_hand
    from mjscore.rules.scoring import score_all
    from mjscore.rules.situations import make_situation

    try:
        v = build(raw, f"{name}.yaml")
    except TableError as e:
        assert "\n" not in str(e) and str(e).startswith(f"{name}.yaml: ")
        return
    # what the outputs show of a table is one line of visible text (issue 46: no escape reaches a terminal)
    for text in (v.title, v.source, *(h for h, _, _ in v.tables), *(t for r in v.rules for t in (r.name, r.note))):
        assert text.isprintable() and len(text) <= 1000, text[:200]
    variant_text(v)
    json.dumps(describe_variant(v))
    opts = v.resolve_options()
    for hand in HANDS:
        try:
            score_all(analyse(parse_hand(hand), make_situation(v, "S", "E", None, "wall"), v.shapes), v, opts)
        except MjscoreError:
            pass


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 10 ** 6), odd_values)
def test_one_value_changed_anywhere(name, index, value):
    check_one(name, mutated(name, index, value))


@pytest.mark.parametrize("name", VARIANTS)
def test_every_place_of_the_mahjong_section_changed_to_a_value_of_another_kind(name):
    """Each place under `mahjong:` (its requirements, each entry and each of their keys) given None, a number, a
    text and a list in turn: one TableError or a table that works, as anywhere else. (Hypothesis found a requirement
    replaced by None raising AttributeError once the requirement's checks had moved beside its reading, 2026-12-08.)"""
    for index, path in enumerate(PLACES[name]):
        if path[0] == "mahjong":
            for value in (None, 3, "x", []):
                check_one(name, mutated(name, index, value))


@pytest.mark.fuzz_long
@settings(max_examples=20_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 10 ** 6), odd_values)
def test_one_value_changed_anywhere_long(name, index, value):
    check_one(name, mutated(name, index, value))


# --- the faults seen, one test each -------------------------------------------------------------

def table_error(tmp_path, text: str, name: str = "house") -> str:
    folder = tmp_path / "club"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.yaml").write_text(text)
    code, out, err = run("variants", name, "--tables", str(folder))
    assert code == 2 and out == "", (code, out, err)
    return err.replace(str(folder) + os.sep, "")


def test_extends_names_a_variant_not_a_path(tmp_path):
    for parent in ("./house", "../spanish", "/etc/passwd", "sub/spanish", "spanish.yaml", ".hidden"):
        assert table_error(tmp_path, f"variant: house\nextends: '{parent}'\n") == (
            f"mjscore: error: house.yaml: extends: names a variant by one word (e.g. extends: dmjl), "
            f"not a path: {parent!r}\n")


def test_a_circle_of_files_is_named(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "a.yaml").write_text("variant: a\nextends: b\n")
    (folder / "b.yaml").write_text("variant: b\nextends: a\n")
    code, _, err = run("variants", "a", "--tables", str(folder))
    assert (code, err) == (2, f"mjscore: error: {folder / 'b.yaml'}: extends: circular inheritance: a -> b -> a\n")


def test_a_long_chain_of_files_is_refused_quickly(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    for i in range(300):  # a 300-file chain took 11-18 s before it failed
        (folder / f"t{i}.yaml").write_text(f"variant: t{i}\nextends: t{i + 1}\n")
    (folder / "t300.yaml").write_text("variant: t300\nextends: spanish\n")
    code, _, err = run("variants", "t0", "--tables", str(folder))
    assert code == 2
    assert err == (f"mjscore: error: {folder / 't7.yaml'}: extends: a chain of more than 8 files: "
                   "t0 -> t1 -> t2 -> t3 -> t4 -> t5 -> t6 -> t7 -> t8\n")


SPANISH_TEXT = (ROOT / "tables" / "spanish.yaml").read_text(encoding="utf-8")


def test_a_hostile_value_in_a_tables_text_is_refused_naming_the_key():
    """The places the outputs show a table's text (issue 46), each refused with the key named, the value visible."""
    for path, where in [(("title",), "title"), (("source",), "source"), (("tables", 0, "table"), "tables[0] table"),
                        (("tables", 0, "rules", 0, "rule"), "rule 1")]:
        raw = copy.deepcopy(RAW["spanish"])
        node = raw
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = "\x1b]0;pwned\x07"
        with pytest.raises(TableError) as e:
            build(raw, "spanish.yaml")
        assert where in str(e.value) and "'\\x1b]0;pwned\\x07' holds U+001B (a control character)" in str(e.value)


@pytest.mark.parametrize("old,new,message", [
    ("limit: 300", "limit: -100", "house.yaml: limit: the limit must be at least 1, not -100"),
    ("limit: 300", "limit: 0", "house.yaml: limit: the limit must be at least 1, not 0"),
    ("limit: 300", "limit: " + "9" * 401, "house.yaml: limit: the limit must be at most "
                                          "1,000,000,000, not a number of 401 digits"),
    ("limit: 300", "limit: 1.0e+308", "house.yaml: limit: limit must be a whole number, not 1e+308"),
])
def test_numbers_out_of_range_are_refused(tmp_path, old, new, message):
    assert old in SPANISH_TEXT
    text = SPANISH_TEXT.replace(old, new, 1).replace("variant: spanish", "variant: house", 1)
    assert table_error(tmp_path, text) == f"mjscore: error: {message}\n"


def test_a_rule_limit_far_above_any_limit_hand_is_refused(tmp_path):
    text = SPANISH_TEXT.replace("variant: spanish", "variant: house", 1)
    rule = "    rules:\n      - rule: mah jong\n"
    assert rule in text
    text = text.replace(rule, rule + "        limit: 1.0e+308\n", 1)
    assert table_error(tmp_path, text) == (
        'mjscore: error: house.yaml: table "Winner\'s premiums" rule 1 \'mah jong\': limit must be at most 100 (times the '
        "limit), not 1e+308\n")


def test_the_limit_is_not_an_option_to_redefine(tmp_path):
    text = SPANISH_TEXT.replace("variant: spanish", "variant: house", 1) + \
        "\n" if False else "variant: house\nextends: spanish\noptions:\n  limit: {type: bool, default: true}\n"
    assert table_error(tmp_path, text) == (
        "mjscore: error: house.yaml: options.limit: the limit is set by the top-level key limit: "
        "(and --option limit=N), not as an option\n")


def test_an_option_takes_the_same_numbers_from_a_file_or_the_command_line(tmp_path):
    big = str(10 ** 12)
    code, _, err = run("score", "123m 456p 789s EEE NN", "--option", f"limit={big}")
    assert (code, err) == (2, "mjscore: error: option limit of spanish must be at most 1,000,000,000, "
                              "not 1000000000000\n")
    text = f"variant: house\nextends: basque\noptions:\n  clean_minimum: {{type: int, default: {big}}}\n"
    assert table_error(tmp_path, text) == (
        "mjscore: error: house.yaml: options.clean_minimum: default must be at most 1,000,000,000, "
        "not 1000000000000\n")


def test_a_hostile_table_never_hangs_or_crashes_a_subprocess(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "x.yaml").write_text("variant: x\nextends: ./x\n")  # once a RecursionError
    done = subprocess.run([sys.executable, "-m", "mjscore", "score", "123m 456p 789s EEE NN", "-v", "x",
                           "--tables", str(folder)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "internal error" not in done.stderr and done.stderr.count("\n") == 1
