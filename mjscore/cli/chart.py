"""The season chart: each player's running total across the season, drawn by matplotlib as inline SVG.

matplotlib is an optional extra (`pip install "mjscore[report]"`) and is imported here only, when a
report is written; no other command loads it. The figure is drawn without pyplot (no global state,
no display) and its SVG carries no date and stable ids, so the same season gives the same page.
"""

from __future__ import annotations

import io
import os

INSTALL = 'the report draws its chart with matplotlib: install it with  pip install "mjscore[report]"'


def have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def running_totals_svg(series: list[dict], players: list[str], width: float = 9.0, height: float = 4.5,
                       labels: tuple[str, str] = ("deals of the season, in order",
                                                  "running total (change from the start)"), key: str = "") -> str:
    """An SVG element: x the deals of the season in order, y each player's running change from the start;
    dotted lines where a new game file begins. `labels`: the axes' words (x, y), in the page's language; `key`
    tells apart the ids of one page's several charts (one per scale: `riichi`), none for a page's one chart."""
    import warnings

    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "mjscore" + key, "font.size": 9}), \
            warnings.catch_warnings():
        # the SVG keeps its words as text, drawn by the reader's fonts: a glyph the layout's font lacks (--lang zh,
        # a name in Chinese) is no fault of the page
        warnings.filterwarnings("ignore", message="Glyph .* missing from font", category=UserWarning)
        fig = Figure(figsize=(width, height), layout="constrained")
        ax = fig.add_subplot()
        xs = [0] + [point.get("at", i) for i, point in enumerate(series, 1)]  # `at`: a long season's thinned points
        lines, ids = [], f"{key}-line-" if key else "line-"
        for name in players:
            ys = [0] + [point["totals"].get(name, 0) for point in series]
            lines += ax.plot(xs, ys, drawstyle="steps-pre", linewidth=1.6, gid=ids + name)
        previous = None
        for k, point in enumerate(series):
            i = point.get("at", k + 1) - 1  # the line before the game's first deal
            if point["file"] != previous:
                ax.axvline(i, color="#999", linestyle=":", linewidth=0.8)
                ax.annotate(os.path.basename(point["file"]).rsplit(".", 1)[0], (i, 1), xycoords=("data", "axes fraction"),
                            xytext=(3, -3), textcoords="offset points", va="top", fontsize=7, color="#555",
                            parse_math=False)
                previous = point["file"]
        ax.axhline(0, color="#444", linewidth=0.6)
        ax.set_xlabel(labels[0])
        ax.set_ylabel(labels[1])
        ax.set_xlim(0, max(xs[-1], 1))
        ax.grid(axis="y", alpha=0.3)
        # names are text: the handles and labels given (a label set on a line and starting with _ would be left
        # out), each drawn as typed ($x^$ is no formula: as math it stops the page, or shows in italics)
        legend = ax.legend(lines, players, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
        for text in legend.get_texts():
            text.set_parse_math(False)
        out = io.StringIO()
        fig.savefig(out, format="svg", metadata={"Date": None})
    text = out.getvalue()
    return text[text.index("<svg"):]  # inline: no XML declaration or doctype inside the HTML page
