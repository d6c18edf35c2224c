"""The score sheet's text table written row by row is tabulate's, byte for byte."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st
from tabulate import tabulate

from mjscore.cli.columns import Columns
from mjscore.cli.output import markdown_cell

CELLS = st.one_of(st.none(), st.integers(-10**6, 10**6), st.sampled_from(["", "True", "False", "total", " a ", "+5"]),
                  st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=12))


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.lists(st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=8),
             min_size=n, max_size=n),
    st.lists(st.lists(CELLS, min_size=n, max_size=n), min_size=1, max_size=8))),
    st.sampled_from(["table", "markdown"]))
def test_rows_written_one_by_one_are_tabulates_table(table, fmt):
    headers, rows = table
    cols = Columns(headers, pipe=fmt == "markdown")
    cells = [cols.add(r) for r in rows]
    if fmt == "table":
        expected = tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)
    else:
        expected = tabulate([[markdown_cell(c) for c in r] for r in rows], headers=[markdown_cell(h) for h in headers],
                            tablefmt="pipe", disable_numparse=True)
    assert cols.plain
    assert "\n".join(cols.lines(cells)) == expected
