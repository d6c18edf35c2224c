"""Shared test helpers: score a hand through the library or through the CLI's JSON."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mjscore.cli.main import main
from mjscore.hand.arrange import analyse
from mjscore.hand.notation import parse_hand
from mjscore.rules.situations import make_situation
from mjscore.rules.scoring import score_all
from mjscore.rules.tables import load_variant


ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def score(hand: str, variant: str, seat="E", round="E", win=None, source="discard", also=(), options=None,
          tables=None):
    """Best Score of HAND under VARIANT (library call)."""
    v = load_variant(variant, tables)
    opts = v.resolve_options({k: str(val) for k, val in (options or {}).items()})
    sit = make_situation(v, seat, round, win, source, tuple(also))
    return score_all(analyse(parse_hand(hand), sit, v.shapes), v, opts)[0]


def items(s) -> dict[str, tuple]:
    """{rule: (points, doubles, limit)} summed over the items of a Score, for compact assertions."""
    out: dict[str, list] = {}
    for i in s.items:
        acc = out.setdefault(i.rule, [0, 0, 0.0])
        acc[0] += i.points
        acc[1] += i.doubles
        acc[2] = max(acc[2], i.limit)
    return {k: tuple(v) for k, v in out.items()}


def run(*args, input=None):
    """Run the CLI in-process; return (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def score_json(*args) -> dict:
    code, out, err = run("score", *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def named_items(args: list[str], variant: str, lang: str) -> dict[str, dict]:
    """{rule: item} of `score ARGS --variant VARIANT --lang LANG --format json` (an item listed twice keeps
    the last; they are alike): the cite and name tests of each variant read items this way."""
    code, out, err = run("score", *args, "--variant", variant, "--format", "json", "--lang", lang)
    assert code == 0, err
    return {i["rule"]: i for i in json.loads(out)["items"]}
