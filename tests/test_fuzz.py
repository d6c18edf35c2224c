"""Fuzzing the commands with hostile input: hands (random and mutated legal ones) through `score` and
`waits`, deal files through `settle`, game files (YAML and JSON Lines, some under a file name with
terminal escapes, some recording hostile `rules:`) through `batch`, and files made to hurt the reader (nested
far too deep, aliases and merge keys standing for far more than a file holds: issue 46) through `batch`,
`sheet` and `standings`.

Whatever the input, a command ends with exit 0, 1 (batch: some deals rejected) or 2 and one short
line on stderr; never a traceback, an "internal error" or a hang; and no character that is not printable
(an escape sequence, a bell, a hyperlink, a direction override) reaches the terminal raw, on stderr or in
the table written for people (issue 46). The quick run (a few hundred cases) is part of the suite; the
long one is `python -m pytest -m fuzz_long`.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import signal
import tempfile
import threading
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import EXAMPLES, run

MAX_LINE = 360  # characters of the one line on stderr: the file and line, a value echoed cut (errors.shown), and the
# choices where the message lists them (an unknown key: a riichi deal's 21 keys since pao, some 160 characters)
HANG = 30  # seconds: far longer than any case takes (a hang, not a slow case)
QUICK, LONG = 1, 20  # the long run tries 20 times as many cases

VARIANTS = ["spanish", "basque", "hungarian", "danish", "dmjl", "bmja"]
LEGAL = ["[555p] 123m 789s SSS NN", "[RRR] 234m 567p 789s 55s", "[GGG] 234m 567p 789s 55s 1f 3y",
         "{5555p} [111s] 234m 789s EE", "11m 99m 11p 99p 11s 99s EE", "19m 19p 19s ESWN RGP P",
         "🀇🀈🀉 🀙🀙🀙 [🀄️🀄️🀄️] 🀀🀀 🀐🀑🀒", "123m 456m 789m 123p 5", "1z1z1z 2z2z2z 3z3z 123m 456s",
         "[1m 1m 1m 1m] [2z 2z 2z 2z] 7s 7s 1f 2f 3f 4f 1y 2y 3y 4y"]
ALPHABET = list("0123456789mpszfyc ESWNRGPFCeswnrg[]{}") + ["🀇", "🀄", "🀀", "🀢", "\ufe0f", "\u200b", "\t",
                                                             "\n", "\x00", "é", "李", "\U0010ffff", "\u3000"]
HUGE_TEXT = ["x" * 300_000, "123m " * 60_000, "李" * 50_000, "[" * 10_000, "\x00" * 1000]
ESCAPES = ["\x1b]8;;http://evil/\x07click\x1b]8;;\x07", "\x1b]0;pwned\x07", "\x1b[2J\x1b[H", "\u202eevil", "\x07",
           "a\rb"]  # a hyperlink, the window's title, a cleared screen, a reversed line, a bell, a line rewritten
HOSTILE = [0, -1, 1.5, True, False, None, [], {}, ["E"], {"E": 1}, 10 ** 30, -(2 ** 63) - 1, 1e308, "",
           " ", "E", "Ann", "spanish", "\x00", "\x1b[31mred", "\ud800", "ſ", "../../etc/passwd", "-", 10 ** 4289,
           *ESCAPES, {"variant": ESCAPES[0]}, {"variant": "x" * 100_000, "table": ESCAPES[1]},
           [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]], {"a": {"b": {"c": {}}}},
           list(range(200))]
YAML_SNIPPETS = ["\n---\nfoo: 1\n", "\nx: &a [1, 2]\ny: [*a, *a, *a]\n", "\n!!python/object:os.system {}\n",
                 "\n? [a, b]\n: c\n", "\nwinner: !!binary aGVsbG8=\n", "\n<<: {winner: E}\n", "\n\t- x\n",
                 "\nwinner: 2001-12-14\n", "\n%YAML 1.1\n", "\nlol: " + "[" * 200 + "]" * 200 + "\n",
                 "\na: &a [x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
                 "d: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
                 # a long string given again by alias (each counted by its length), and a chain of merge keys
                 "\nbig: &big '" + "1m" * 60_000 + "'\nagain: [" + ", ".join(["*big"] * 20) + "]\n",
                 "\nm0: &m0 {k0: 1}\n" + "".join(f"m{i}: &m{i} {{<<: [*m{i - 1}], k{i}: 1}}\n" for i in range(1, 60))]
FAULTS = [{"E": "short"}, {"Ann": "long"}, {"S": "x" * 5000}, {"Bo": "\x00" * 500}, {"x" * 500: "wrong"}]
BYTES = [b"\xff", b"\xc3", b"\x00", b"\xef\xbb\xbf", b"\r", b"\r\n", b"\x1a", b'"', b"{", b"}", b"\\u", b"\\ud800"]


class Hang(BaseException):
    """A case that ran for HANG seconds (a BaseException: nothing in the command may catch it)."""


@contextlib.contextmanager
def time_limit(seconds: int = HANG):
    """Fail a case that hangs (POSIX, main thread); elsewhere the case simply runs."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def alarm(signum, frame):
        raise Hang(f"no answer after {seconds} s")

    before = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)


def cli(*args, input=None):
    with time_limit():
        return run(*args, input=input)


def unshown(text: str) -> list[str]:
    """The characters of `text` that are not printable, line breaks aside: none may reach a terminal raw."""
    return [ch for ch in text if ch != "\n" and not ch.isprintable()]


def check(result, batch: bool = False, fmt: str = "json") -> None:
    """Exit 0, 1 (batch only: deals rejected) or 2; stderr one short line; never a traceback; nothing that is not
    printable on stderr, nor in an output for people (`fmt` table)."""
    code, out, err = result
    assert unshown(err) == [], err[:2000]
    if fmt == "table":
        assert unshown(out) == [], out[:2000]
    # the tool's own words: an echoed input may spell "internal error" (hypothesis mines this file's strings)
    assert "Traceback" not in err and "mjscore: error: internal error" not in err, err[:2000]
    assert code in ((0, 1, 2) if batch else (0, 2)), (code, err[:2000])
    lines = err.splitlines()
    if code == 0:
        assert err == "", err[:2000]
    elif code == 1:
        assert len(lines) == 1 and lines[0].startswith("mjscore: ") and lines[0].endswith("deals not scored"), \
            err[:2000]
    else:
        assert lines and lines[0].startswith("mjscore: error: "), err[:2000]
        assert len(lines[0]) <= MAX_LINE, lines[0][:2000]
        # a hand's mistake is shown under the line: the hand (at most 400 characters) and carets
        assert len(lines) == 1 or (len(lines) == 3 and all(l.startswith("  ") for l in lines[1:])), err[:2000]


# --- hands ---------------------------------------------------------------------------------------------

@st.composite
def mutated_hand(draw) -> str:
    hand = draw(st.sampled_from(LEGAL))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(hand)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "repeat", "cut"]))
        if op == "insert":
            hand = hand[:i] + draw(st.sampled_from(ALPHABET)) + hand[i:]
        elif op == "delete":
            hand = hand[:i] + hand[i + 1:]
        elif op == "replace":
            hand = hand[:i] + draw(st.sampled_from(ALPHABET)) + hand[i + 1:]
        elif op == "repeat":
            hand = hand[:i] + hand[i:i + 5] * draw(st.integers(2, 40)) + hand[i + 5:]
        else:
            hand = hand[:i]
    return hand


hands = st.one_of(mutated_hand(), st.text(st.sampled_from(ALPHABET), max_size=40), st.text(max_size=30),
                  st.sampled_from(LEGAL + HUGE_TEXT))
words = st.one_of(st.sampled_from(["E", "S", "w", "X", "", " ", "5p", "🀄", "1z", "wall", "loose", "kong",
                                   "robbing-a-kong", "last-wall-tile", "x" * 200, *ESCAPES]), st.text(max_size=8))


@st.composite
def score_args(draw) -> list[str]:
    args = [draw(hands), "--variant", draw(st.sampled_from(VARIANTS))]
    for flag in ("--seat", "--round", "--win", "--from", "--also"):
        if draw(st.booleans()):
            args += [flag, draw(words)]
    if draw(st.booleans()):
        args += ["--option", draw(st.sampled_from(["limit=1000", "limit=x", "mode=clean", "x=y", "limit=" + "9" * 30,
                                                   "=", "limit", "limit=-1"]))]
    if draw(st.integers(0, 5)) == 0:  # a riichi counter: a number of thousands of digits, or text
        args += ["--variant", "riichi", draw(st.sampled_from(["--honba", "--sticks"])),
                 draw(st.sampled_from(["9" * 4290, "-" + "9" * 5000, "x" * 100_000, *ESCAPES]))]
    return args + ["--format", draw(st.sampled_from(["table", "json", "csv"]))]


def _score_case(args):
    fmt = args[args.index("--format") + 1]
    check(cli("score", *args), fmt=fmt)
    check(cli("score", *args, "--glyphs", "--all"), fmt=fmt)
    hand, rest = args[0], args[1:]
    drop = {"--win", "--from"}
    kept = [a for i, a in enumerate(rest) if a not in drop and (i == 0 or rest[i - 1] not in drop)]
    check(cli("waits", hand, *kept), fmt=fmt)


# --- deal and game files ----------------------------------------------------------------------------------

DEAL = yaml.safe_load((EXAMPLES / "deal-spanish.yaml").read_text(encoding="utf-8"))
GAMES = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("game-*.yaml"))]


def _paths(obj, prefix=()):
    """Every place in a nested structure: (path of keys and indexes)."""
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


@st.composite
def mutated(draw, base):
    """`base` with one to three places changed: a hostile value, a key deleted, renamed or added."""
    obj = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in _paths(obj) if p]
        if not places:
            break
        path = draw(st.sampled_from(places))
        parent = obj
        for k in path[:-1]:
            parent = parent[k]
        last = path[-1]
        op = draw(st.sampled_from(["value", "value", "huge", "delete", "rename", "add"]))
        if op == "value":
            parent[last] = copy.deepcopy(draw(st.sampled_from(HOSTILE)))
        elif op == "huge":
            parent[last] = draw(st.sampled_from(HUGE_TEXT))
        elif op == "delete":
            del parent[last]
        elif op == "rename" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["E", "winner", "x" * 500, "hands", "Ann", "tile", "also"]))] = \
                parent.pop(last)
        elif op == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "faults", "pays_for_all", "discarder", "E", "rules"]))] = \
                copy.deepcopy(draw(st.sampled_from(HOSTILE + HUGE_TEXT + FAULTS)))
    return obj


def _to_yaml(obj) -> str:
    try:
        return yaml.dump(obj, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True,
                         sort_keys=False, width=10 ** 9)
    except (yaml.YAMLError, UnicodeEncodeError, RecursionError):
        return json.dumps(obj)  # JSON is YAML too


@st.composite
def damaged(draw, data: bytes, snippets: bool) -> bytes:
    """The file's bytes with a few bytes, lines or YAML snippets put in (or none)."""
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["bytes", "duplicate line", "snippet", "cut"]))
        if op == "bytes":
            data = data[:i] + draw(st.sampled_from(BYTES)) + data[i:]
        elif op == "duplicate line":
            lines = data.split(b"\n")
            j = draw(st.integers(0, len(lines) - 1))
            data = b"\n".join(lines[:j + 1] + [lines[j]] + lines[j + 1:])
        elif op == "snippet" and snippets:
            data = data + draw(st.sampled_from(YAML_SNIPPETS)).encode()
        elif op == "cut":
            data = data[:i]
    return data


@st.composite
def deal_files(draw) -> bytes:
    return draw(damaged(_to_yaml(draw(mutated(DEAL))).encode("utf-8", "surrogatepass"), True))


@st.composite
def game_files(draw) -> tuple[str, bytes]:
    game = copy.deepcopy(draw(st.sampled_from(GAMES)))
    game["deals"] = game["deals"][:draw(st.integers(0, 4))]
    game = draw(mutated(game))
    if draw(st.booleans()) or not isinstance(game, dict):
        return "game.yaml", draw(damaged(_to_yaml(game).encode("utf-8", "surrogatepass"), True))
    header = {k: v for k, v in game.items() if k != "deals"}
    deals = game.get("deals") if isinstance(game.get("deals"), list) else [game.get("deals")]
    lines = []
    for item in [header] + deals:
        try:
            line = json.dumps(item, ensure_ascii=draw(st.booleans()))
        except (ValueError, RecursionError):
            line = "{"
        if draw(st.integers(0, 5)) == 0 and line.endswith("}"):  # a key given twice
            line = line[:-1] + ', "winner": null}' if line != "{}" else '{"a": 1, "a": 2}'
        lines.append(line.encode("utf-8", "surrogatepass"))
    data = b"\n".join(lines) + draw(st.sampled_from([b"\n", b"", b"\n\n", b"\r\n"]))
    return "game.jsonl", draw(damaged(data, False))


def _settle_case(data: bytes, fmt: str, stdin: bool):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deal.yaml"
        path.write_bytes(data)
        check(cli("settle", "-", "--format", fmt, input=data) if stdin else cli("settle", str(path), "--format", fmt),
              fmt=fmt)


def _batch_case(file: tuple[str, bytes], fmt: str, strict: bool, jobs: str, prefix: str = ""):
    name, data = file
    name = prefix + name  # a file name that would drive the terminal, shown in headings and messages
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(data)
        args = ["batch", str(path), "--format", fmt, "--jobs", jobs] + (["--strict"] if strict else [])
        code, out, err = result = cli(*args)
        check(result, batch=True, fmt=fmt)
        if fmt == "json" and code in (0, 1):
            for deal in json.loads(out)["games"][0]["deals"]:
                assert len(deal.get("error", "")) <= MAX_LINE, deal["error"][:2000]
        out_file = Path(tmp) / "out.txt"
        code2, _, _ = cli(*args, "-o", str(out_file))  # the same through the atomic writer
        assert code2 == code
        assert sorted(p.name for p in Path(tmp).iterdir()) == sorted([name] + (["out.txt"] if code < 2 else []))


# --- hostile files: nested far too deep, aliases and merge keys that repeat far more than a file holds ----------

GAME_HEAD = "variant: spanish\nplayers: [Ann, Bo, Cy, Di]\n"


def _deep(n: int) -> bytes:
    return b"[" * n + b"]" * n


def _tenhou_log(**changes) -> bytes:
    log = json.loads((Path(__file__).parent / "fixtures/riichi/tenhou/mjai-reviewer/double_ron.json").read_text("utf-8"))
    return json.dumps({**log, **changes}).replace("41800", "9" * 4400).encode()  # (a start score; json writes none)


def _merges(lines: int) -> bytes:
    return (GAME_HEAD + "b0: &b0 {k0: 1}\n" + "".join(f"b{i}: &b{i} {{<<: [*b{i - 1}], k{i}: 1}}\n"
                                                     for i in range(1, lines)) + "deals: []\n").encode()


def _aliased_hand(chars: int, aliases: int) -> bytes:
    return (GAME_HEAD + "deals:\n  - hands: {Ann: &h '" + "1" * chars + "', Bo: x, Cy: x, Di: x}\n"
            + "  - hands: {Ann: *h, Bo: x, Cy: x, Di: x}\n" * aliases).encode()


def _aliased_list(items: int, aliases: int) -> bytes:
    return (GAME_HEAD + "deals:\n  - &a [" + ",".join(["1"] * items) + "]\n" + "  - *a\n" * aliases).encode()


# issue 46's hostile files, at a size the suite runs in a moment (HOSTILE_FILES) and at the issue's (LONG_HOSTILE:
# -m fuzz_long); each is refused in one line with exit 2, by every command that reads a game
HOSTILE_FILES = {
    "a Tenhou log's value 100,000 deep": lambda: ("log.json", b'{"log": ' + _deep(100_000) + b"}\n"),
    "a JSON Lines header 50,000 deep": lambda: ("game.jsonl", b'{"variant": "spanish", "x": ' + _deep(50_000) + b"}\n"),
    "3,000 deep after a BOM (.jsonl)": lambda: ("game.jsonl", b"\xef\xbb\xbf{\"x\": " + _deep(3_000) + b"}\n"),
    "3,000 deep after a BOM (.json)": lambda: ("log.json", b"\xef\xbb\xbf{\"log\": " + _deep(3_000) + b"}\n"),
    "3,000 deep in YAML": lambda: ("game.yaml", GAME_HEAD.encode() + b"deals:\n  - " + _deep(3_000) + b"\n"),
    "a 4,400-digit number in a Tenhou log": lambda: ("log.json", _tenhou_log()),
    "a 200 kB hand given again by 200 aliases": lambda: ("game.yaml", _aliased_hand(200_000, 200)),
    "a 20,000-item list given again by 200 aliases": lambda: ("game.yaml", _aliased_list(20_000, 200)),
    "a chain of 800 merge keys": lambda: ("game.yaml", _merges(800)),
}
LONG_HOSTILE = {
    "a 5 MB hand given again by 200 aliases": lambda: ("game.yaml", _aliased_hand(5_000_000, 200)),
    "a 90,000-item list given again by 500 aliases (180 kB)": lambda: ("game.yaml", _aliased_list(90_000, 500)),
    "a chain of merge keys of 230 kB": lambda: ("game.yaml", _merges(7_000)),
    "a Tenhou log over 20 MB": lambda: ("log.json", _tenhou_log(title=["x" * 20_000_001]).replace(b"9" * 4400,
                                                                                                  b"41800")),
}


def _hostile_case(name: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(data)
        for command in ("batch", "sheet", "standings"):
            result = cli(command, str(path))
            check(result)
            assert result[0] == 2, result[2][:2000]
        if not name.endswith(".json"):  # a Tenhou log is read from a file only
            result = cli("batch", "-", input=data)
            check(result)
            assert result[0] == 2, result[2][:2000]
        assert os.listdir(tmp) == [name]


@pytest.mark.parametrize("what", HOSTILE_FILES)
def test_hostile_files(what):
    _hostile_case(*HOSTILE_FILES[what]())


@pytest.mark.fuzz_long
@pytest.mark.parametrize("what", LONG_HOSTILE)
def test_fuzz_long_hostile_files_at_full_size(what):
    _hostile_case(*LONG_HOSTILE[what]())


@st.composite
def hostile_files(draw) -> tuple[str, bytes]:
    name, data = HOSTILE_FILES[draw(st.sampled_from(sorted(HOSTILE_FILES)))]()
    return name, draw(damaged(data, name.endswith(".yaml")))


# --- the tests: quick (in the suite) and long (-m fuzz_long) ------------------------------------------

def _fuzz(scale: int, mark=None):
    quiet = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]

    @settings(max_examples=250 * scale, deadline=None, suppress_health_check=quiet)
    @given(score_args())
    def hands_(args):
        _score_case(args)

    @settings(max_examples=250 * scale, deadline=None, suppress_health_check=quiet)
    @given(deal_files(), st.sampled_from(["table", "json", "csv"]), st.integers(0, 4).map(lambda n: n == 0))
    def deals_(data, fmt, stdin):
        _settle_case(data, fmt, stdin)

    @settings(max_examples=200 * scale, deadline=None, suppress_health_check=quiet)
    @given(game_files(), st.sampled_from(["table", "json", "csv"]), st.booleans(),
           st.sampled_from(["1", "1", "1", "2"] if scale > 1 else ["1"]),
           st.sampled_from(["", "", "", "\x1b]0;pwned\x07", "\u202e"]))
    def games_(file, fmt, strict, jobs, prefix):
        _batch_case(file, fmt, strict, jobs, prefix)

    @settings(max_examples=10 * scale, deadline=None, suppress_health_check=quiet)
    @given(hostile_files(), st.sampled_from(["table", "json", "csv"]), st.booleans())
    def hostile_(file, fmt, strict):
        _batch_case(file, fmt, strict, "1")

    tests = [hands_, deals_, games_, hostile_]
    return [mark(t) for t in tests] if mark else tests


test_fuzz_hands, test_fuzz_deal_files, test_fuzz_game_files, test_fuzz_hostile_files = _fuzz(QUICK)
(test_fuzz_long_hands, test_fuzz_long_deal_files, test_fuzz_long_game_files,
 test_fuzz_long_hostile_files) = _fuzz(LONG, pytest.mark.fuzz_long)
