"""One renderer per format (issue 40, point 3): a command builds an Output and `draw` hands it to the renderer
of the format asked for; the commands moved onto it hold no branch on a format, and each part of an Output is
made only when its format is drawn."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import mjscore
from mjscore.cli.render import RENDERERS, Output, draw
from mjscore.messages import M

CLI = Path(mjscore.__file__).parent / "cli"


def _format_tests(path: Path, function: str | None = None) -> list[int]:
    """The lines of `path` (or of its `function`) that compare a format name (`fmt == "json"`, `fmt in (...)`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if function is not None:
        tree = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function)
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Compare)
            and any(isinstance(x, ast.Name) and x.id == "fmt" for x in (n.left, *n.comparators))]


@pytest.mark.parametrize("module, function", [("score.py", None), ("hand_commands.py", None),
                                              ("game_commands.py", "settle")])
def test_the_commands_on_the_renderer_do_not_branch_on_the_format(module, function):
    assert _format_tests(CLI / module, function) == []


def test_the_check_sees_a_branch_on_the_format(tmp_path):  # (the check above is not vacuous)
    bad = tmp_path / "bad.py"
    bad.write_text('def f(fmt):\n    if fmt == "json":\n        pass\n    return fmt in ("csv",)\n')
    assert _format_tests(bad) == [2, 4]


def _refused():
    raise AssertionError("made for another format")


def test_each_part_is_made_only_when_its_format_is_drawn(capsys):
    draw(Output(M.PG_SCORE, "en", _refused, _refused, lambda: {"value": 64}), "json")
    assert json.loads(capsys.readouterr().out) == {"value": 64}
    draw(Output(M.PG_SCORE, "en", _refused, lambda: (["tile", "wall"], iter([["N", 60]])), _refused), "csv")
    assert capsys.readouterr().out.splitlines() == ["tile,wall", "N,60"]  # rows may come as an iterator
    draw(Output(M.PG_SCORE, "en", lambda: ["a line"], _refused, _refused), "markdown")
    assert capsys.readouterr().out == "a line\n"


def test_every_format_a_command_offers_has_its_renderer():
    assert sorted(RENDERERS) == ["csv", "html", "json", "markdown", "table"]
