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
    draw(Output(M.PG_SCORE, "en", _refused, lambda: [(["tile", "wall"], iter([["N", 60]]))], _refused), "csv")
    assert capsys.readouterr().out.splitlines() == ["tile,wall", "N,60"]  # rows may come as an iterator
    draw(Output(M.PG_SCORE, "en", lambda: ["a line"], _refused, _refused), "markdown")
    assert capsys.readouterr().out == "a line\n"


def test_every_format_a_command_offers_has_its_renderer():
    assert sorted(RENDERERS) == ["csv", "html", "json", "markdown", "table", "yaml"]


FORMATS = frozenset(RENDERERS)


def _format_names_compared(path: Path) -> list[int]:
    """The lines of `path` that compare something with a format's name (`x == "json"`, `x in ("csv", "html")`,
    `x != "table"`, whatever the name compared: `fmt`, `self.fmt`, a call's result)."""
    def names(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in FORMATS
        return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(names(e) for e in node.elts)

    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Compare) and any(map(names, (n.left, *n.comparators)))]


def test_no_module_of_the_cli_but_the_renderers_compares_a_format_name():
    found = {p.name: lines for p in sorted(CLI.glob("*.py")) if p.name != "render.py"
             for lines in [_format_names_compared(p)] if lines}
    assert found == {}
    assert _format_names_compared(CLI / "render.py")  # (the renderers' own module does: the check sees them)


def test_the_format_check_sees_every_shape_of_comparison(tmp_path):  # (not vacuous)
    bad = tmp_path / "bad.py"
    bad.write_text('def f(self, fmt):\n    a = self.fmt == "json"\n    b = fmt in ("csv", "x")\n'
                   '    c = "html" != fmt\n    d = fmt == "tables"\n    return fmt in {"yaml"}\n')
    assert _format_names_compared(bad) == [2, 3, 4, 6]


@pytest.mark.parametrize("fmt", sorted(FORMATS - {"yaml"}))
def test_a_streamed_section_is_written_when_it_is_handed_over(fmt, monkeypatch):
    import io

    from mjscore.cli.streams import SECTION_WRITERS, JsonSection, Section

    monkeypatch.delenv("COLUMNS", raising=False)
    out = io.StringIO()
    sections = SECTION_WRITERS[fmt](out, M.RP_SHEETS, "en")
    rows = lambda: iter([["1", "Ana", "+8"], ["2", "Bo", "-8"]])  # noqa: E731
    sections.section(Section("game 1", ["deal", "player", "net"], rows, rows,
                             lambda: JsonSection({"file": "g1"}, "rows", iter([{"net": 8}]), {"totals": {"Ana": 8}}),
                             "en"))
    first = out.getvalue()
    assert ('"file": "g1"' if fmt == "json" else "Bo") in first  # the whole section, written before the next comes
    sections.section(Section("game 2", ["deal", "player", "net"], rows, rows,
                             lambda: JsonSection({"file": "g2"}, "rows", iter([]), {}), "en"))
    assert out.getvalue().startswith(first) and len(out.getvalue()) > len(first)
    sections.close()
    if fmt == "json":
        assert json.loads(out.getvalue()) == [{"file": "g1", "rows": [{"net": 8}], "totals": {"Ana": 8}},
                                              {"file": "g2", "rows": []}]


def _open_sections(fmt: str, layout):
    """A writer of open sections on a StringIO: two games of two items, each held table and note, then the run's
    note; the text after each step (an item is written before the next comes)."""
    import io

    from mjscore.cli.streams import SECTION_WRITERS, Closing, Held, Opening

    out = io.StringIO()
    sections = SECTION_WRITERS[fmt](out, M.PG_GAMES, "en", layout)
    steps = []
    for game, items in (("g|1", (["1", "8"], ["10", "128"])), ("g2", ())):
        sections.begin(Opening(game, "start 0", ("deal", "Ana"), "batch", "en", {"file": game}, "deals",
                               encoded=fmt == "json"))
        for item in items:
            sections.item({"csv": [item], "json": json.dumps({"deal": item[0]}), "table": f"deal {item[0]}\n"}
                          .get(fmt, item))
            steps.append(out.getvalue())
        sections.end(Closing(Held("Standings", ["rank", "player"], [[1, "Ana"]], "standings"), ("4 deals",),
                             {"totals": {"Ana": 8}}))
    sections.close(Closing(notes=("2 games",), tail={"errors": []}))
    return out.getvalue(), steps


@pytest.mark.parametrize("fmt", sorted(FORMATS - {"yaml"}))
def test_an_open_section_is_written_item_by_item(fmt):  # (batch's games: never held, never read twice)
    from mjscore.cli.streams import Layout

    text, steps = _open_sections(fmt, Layout(columns=("deal", "Ana"), key="games"))
    assert len(steps) == 2 and steps[0] and steps[1].startswith(steps[0]) and len(steps[1]) > len(steps[0])
    assert text.startswith(steps[1])


def test_each_format_lays_out_an_open_section_as_batch_printed_it():
    from mjscore.cli.streams import Layout

    layout = Layout(columns=("deal", "Ana"), key="games")
    # Markdown: rows unpadded (written before the next row's width is known), escaped; standings and notes after
    assert _open_sections("markdown", layout)[0] == (
        "## g\\|1\n\nstart 0\n\n| deal | Ana |\n|---|---|\n| 1 | 8 |\n| 10 | 128 |\n"
        "\nStandings:\n\n| rank | player |\n|---|---|\n| 1 | Ana |\n\n4 deals\n"
        "\n## g2\n\nstart 0\n\n| deal | Ana |\n|---|---|\n"
        "\nStandings:\n\n| rank | player |\n|---|---|\n| 1 | Ana |\n\n4 deals\n\n2 games\n")
    # a terminal: its lines; the closing's notes one paragraph after an empty line (a terminal's standings: lines)
    assert _open_sections("table", layout)[0] == (
        "g|1\nstart 0\ndeal 1\ndeal 10\n\n4 deals\ng2\nstart 0\n\n4 deals\n\n2 games\n")
    # one CSV table of the layout's columns: its header row once for every game
    assert _open_sections("csv", layout)[0] == "deal,Ana\n1,8\n10,128\n"
    # JSON: the games as the layout's key of one object, items as given (encoded), the closings' fields
    assert json.loads(_open_sections("json", layout)[0]) == {
        "games": [{"file": "g|1", "deals": [{"deal": "1"}, {"deal": "10"}], "totals": {"Ana": 8}},
                  {"file": "g2", "deals": [], "totals": {"Ana": 8}}], "errors": []}
    html = _open_sections("html", layout)[0]
    assert html.count("<table") == 4 and html.count("</table>") == 4 and html.endswith("</body></html>\n")
    assert "<p>start 0</p>" in html and "<p>2 games</p>" in html and "g|1" in html


def test_an_output_of_open_sections_with_none_is_still_its_format():  # (every file refused, and reported)
    import io

    from mjscore.cli.streams import SECTION_WRITERS, Closing, Layout

    def nothing(fmt):
        out = io.StringIO()
        SECTION_WRITERS[fmt](out, M.PG_GAMES, "en", Layout(columns=("deal", "Ana"), key="games")).close(
            Closing(tail={"errors": ["x.yaml: no such file"]}))
        return out.getvalue()

    assert json.loads(nothing("json")) == {"games": [], "errors": ["x.yaml: no such file"]}
    assert nothing("csv") == "deal,Ana\n"
    assert nothing("table") == nothing("markdown") == ""
    assert nothing("html").endswith("<body>\n<h1>Games scored</h1>\n</body></html>\n")  # (titled, in English)


def test_batch_has_no_writer_of_its_own():
    """batch says what a game says (per whom its format is for: render.audience) and hands it to streams.py's
    writer of the format: it escapes, encodes and lays out nothing itself."""
    tree = ast.parse((CLI / "batch.py").read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    writing = {"html", "json", "csv", "SafeCsvWriter", "markdown_cell", "markdown_text", "html_row",
               "html_table_start", "html_page_start", "FittedLines"}
    assert imported & writing == set() and "mjscore.cli.markup" not in modules
    assert {"stream", "audience"} <= imported
