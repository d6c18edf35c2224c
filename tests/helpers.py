"""Shared test helpers: score a hand through the library or through the CLI's JSON; a riichi draw as a game."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import mjscore
from mjscore.cli.main import main


ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
# The house rules of the one fixture record that names none it plays (tests/fixtures/riichi/tenhou/jpml/README.md)
JPML = ("ippatsu=false", "ura_dora=false", "kan_dora=false", "open_tanyao=true")


def record_options(log: Path) -> list[str]:
    """The options a fixture record is scored with: JPML's switches for the JPML-style log, none for the others
    (their rules are Tenhou's, as their lobby says)."""
    return list(JPML) if log.parent.name == "jpml" else []


def cli_options(log: Path) -> list[str]:
    """record_options as the CLI takes them (--option NAME=VALUE each)."""
    return [arg for option in record_options(log) for arg in ("--option", option)]


def score(hand: str, variant: str, seat="E", round="E", win=None, source="discard", also=(), options=None,
          tables=None):
    """Best Score of HAND under VARIANT: the public API's `mjscore.score`, its arguments by position as the tests
    write them."""
    return mjscore.score(hand, variant, seat=seat, round=round, win=win, source=source, also=also, options=options,
                         tables=tables)


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


def riichi_draw(tmp_path: Path, tenpai: list[str], riichi: list[str]) -> tuple[Path, str]:
    """A riichi game of Ann, Bo, Cy and Di (East to North) of one deal, an exhaustive draw with `tenpai` waiting
    and `riichi` declared, written to TMP_PATH/g.yaml and scored by `batch --format json` (exit 0): (its path,
    batch's output). Those not waiting pay those waiting 3000 in all, and a stick stays on the table (Tenhou
    rules, EMA RCR 2016: payments, draw); each test that calls it works its own numbers from that."""
    game = tmp_path / "g.yaml"
    game.write_text("variant: riichi\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    f"  - hands: {{Ann: '', Bo: '', Cy: '', Di: ''}}\n    tenpai: [{', '.join(tenpai)}]\n"
                    f"    riichi: [{', '.join(riichi)}]\n", encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    return game, out


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
