"""Mistyped input as a new user types it: always exit 0 or 2, a one-line message, never a traceback."""

import pytest
from hypothesis import given, settings, strategies as st

from helpers import run

VALID = [
    "[555p] 123m 789s SSS NN", "{5555p} [EEEE] 123m 456s 99p", "123m 456p 789s EEE N", "1112345678999m 5m",
    "19m 19p 19s ESWN RGP 1m", "[RRR] [GGG] PPP 222m 99p",
]
TYPOS = "0123456789mpsfyzESWNRGPCFeswnrgpcf[]{}  ,.;:-_/|\\'\"xX\t\n\U0001F004\U0001F02A\u00e9\ufe0f"


@st.composite
def mistyped(draw):
    text = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "swap", "double"]))
        ch = draw(st.sampled_from(TYPOS))
        if op == "insert":
            text = text[:i] + ch + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + 1:]
        elif op == "replace":
            text = text[:i] + ch + text[i + 1:]
        elif op == "swap" and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        else:
            text = text[:i] + text[i:i + 2] + text[i:]
    return text


def check(args):
    code, out, err = run(*args)
    assert code in (0, 2), (args, code, err)
    if code == 2:
        lines = err.splitlines()
        assert lines and lines[0].startswith("mjscore: error: ") and len(lines) <= 3, err
        assert out == ""
    assert "Traceback" not in err + out


@settings(max_examples=300)
@given(mistyped(), st.sampled_from(["table", "json"]))
def test_mistyped_hands(text, fmt):
    check(["score", text, "--variant", "spanish", "--format", fmt])


@settings(max_examples=100)
@given(mistyped())
def test_mistyped_hands_for_waits(text):
    check(["waits", text, "--variant", "spanish", "--format", "json"])


@settings(max_examples=150)
@given(st.text(max_size=30))
def test_any_text_at_all(text):
    check(["score", text, "--variant", "spanish", "--format", "json"])


@settings(max_examples=100)
@given(st.sampled_from(["--win", "--seat", "--round", "--from", "--also", "--option", "--variant", "--tables"]),
       st.text(max_size=8))
def test_mistyped_options(option, value):
    check(["score", "[555p] 123m 789s SSS NN", option, value, "--format", "json"])


@pytest.mark.parametrize("args", [
    ["score", "[555p] 123m 789s SSS NN", "--win", "7 s"],
    ["score", "[555p] 123m 789s SSS NN", "--win", "77s"],
    ["score", "[555p] 123m 789s SSS NN", "--win", "1f"],
    ["score", "[555p] 123m 789s SSS NN", "--win", ""],
    ["score", "[555p] 123m 789s SSS NN", "--from", "wall", "--win", "5p"],  # drawn tile inside an exposed set
    ["score", "[555p] 123m 789s SSS NN", "--format", "xml"],
    ["score", "[555p] 123m 789s SSS NN", "--tables", "/nonexistent"],
    ["bogus"],
])
def test_named_mistakes(args):
    code, out, err = run(*args)
    assert code == 2 and err.startswith("mjscore: error: ")
