"""`mjscore report`: the season's page, looked at in a real browser (headless Chromium through Playwright).

The browser test needs Debian's Chromium (`apt-get install -y chromium`); Playwright drives that
executable (no browser download). Without one it is skipped, saying so. The expected players, totals
and deal counts come from the hand-worked games (tests/test_season.py, tests/test_games.py).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers import ROOT, run
from test_season import FILES, PATHS, expected_table, nets

@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("report") / "season.html"
    code, _, err = run("report", *PATHS, "-o", str(out), "--title", "Club season 2026")
    assert code == 0, err
    return str(out)


def test_report_page_in_headless_chromium(page_file, browser):
    """The page in the suite's one Chromium (conftest's `browser`: skipped, saying why, where none is installed)."""
    fetched: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:

        def refuse(route):  # the page must open without any network: anything but the file itself fails
            if route.request.url.startswith("file:"):
                route.continue_()
            else:
                fetched.append(route.request.url)
                route.abort()

        page.route("**/*", refuse)
        page.goto("file://" + page_file)
        assert page.title() == "Club season 2026"

        # the league table: one row per player, with the totals summed from the hand-worked deals
        want = expected_table()
        rows = page.locator("table.standings tbody tr")
        assert rows.count() == len(want) == 6, "the league table is missing or incomplete"
        shown = {}
        for i in range(rows.count()):
            cells = rows.nth(i).locator("td").all_inner_texts()
            shown[cells[1]] = int(cells[2])
        assert shown == {p: w["total"] for p, w in want.items()}

        # the chart: an inline SVG with a visible line for every player
        chart = page.locator("#running-totals svg")
        assert chart.count() == 1, "no chart"
        box = chart.bounding_box()
        assert box and box["width"] > 300 and box["height"] > 150, f"the chart is not drawn: {box}"
        for player in want:
            line = page.locator(f'#running-totals svg g[id="line-{player}"] path')
            assert line.count() == 1, f"no line for {player}"
            d = line.get_attribute("d") or ""
            assert d.count("L") > 10, f"{player}'s line is empty"
            lbox = line.bounding_box()
            assert lbox and lbox["width"] > 200, f"{player}'s line is not visible: {lbox}"

        # each game's sheet: a row per deal and the final row
        sheets = page.locator("table.sheet")
        assert sheets.count() == len(FILES)
        for i, file in enumerate(FILES):
            assert sheets.nth(i).locator("tbody tr").count() == len(nets(file)) + 1, file
        assert page.locator("table.statistics tbody tr").count() == 6
        page.screenshot(path=os.path.join(os.path.dirname(page_file), "season.png"), full_page=True)
    finally:
        page.close()
    assert fetched == [], f"the page fetched {fetched}"


def test_report_page_is_standalone(page_file):
    with open(page_file, encoding="utf-8") as f:
        text = f.read()
    assert text.startswith("<!DOCTYPE html>")
    for fetching in ("<script src", "<link", "@import", "url(http", 'href="http', 'src="http', "xlink:href=\"http"):
        assert fetching not in text
    assert text.count('id="line-') == 6  # the chart's lines, one per player
    assert "Paid most as discarder" in text and "pure hand: one suit" in text


def test_report_without_matplotlib_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` now fails, as where it is not installed
    code, out, err = run("report", PATHS[0], "-o", str(tmp_path / "x.html"))
    assert code == 2 and 'pip install "mjscore[report]"' in err and "Traceback" not in err
    assert not (tmp_path / "x.html").exists()


@pytest.mark.parametrize("args", [["score", "123m 456p 789s EEE NN"], ["sheet", PATHS[0]], ["standings", *PATHS],
                                  ["batch", PATHS[0]]])
def test_other_commands_never_import_matplotlib(args):
    code = ("import sys\nfrom mjscore.cli.main import main\nsys.argv = ['mjscore', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print('matplotlib' in sys.modules, 'numpy' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "False False"
