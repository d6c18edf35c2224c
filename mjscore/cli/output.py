"""How a command prints for programs: JSON on one line, CSV rows safe for spreadsheets, Markdown cells.
(-o FILE, written atomically with outfile.py, is the decorator `output_option` of options.py.)"""

from __future__ import annotations

import sys
from typing import IO, Any, Callable, Iterable

import click

from mjscore.cli.terminal import say

try:  # json.dumps's own C encoder: importing `json` compiles half a dozen regular expressions (~1 ms of start-up)
    from _json import encode_basestring, make_encoder
except ImportError:  # pragma: no cover (an interpreter without it)
    make_encoder = None


def _not_json(value: object) -> None:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def to_json(data) -> str:
    """Exactly json.dumps(data, ensure_ascii=False): the same C encoder, called as json.dumps calls it."""
    if make_encoder is None or isinstance(data, str):
        import json

        return json.dumps(data, ensure_ascii=False)
    encode = make_encoder({}, _not_json, encode_basestring, None, ": ", ", ", False, False, True)
    return "".join(encode(data, 0))


def tree_encoder() -> Callable[[Any], str]:
    """json.JSONEncoder(ensure_ascii=False, check_circular=False).encode, its C encoder made once: batch encodes
    every deal (a fresh tree, nothing in it circular), and JSONEncoder.encode makes a new one for each call."""
    if make_encoder is None:  # pragma: no cover (an interpreter without it)
        import json

        return json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
    encode = make_encoder(None, _not_json, encode_basestring, None, ": ", ", ", False, False, True)

    def encoded(data: Any) -> str:
        return "".join(encode(data, 0))

    return encoded


# A spreadsheet reads a text cell starting with one of these as a formula (OWASP, "CSV Injection"): a player
# named =HYPERLINK(...) or +cmd|' /C calc'!A0 would run in the secretary's spreadsheet.
FORMULA_STARTS = frozenset("=+-@\t\r")


class SafeCsvWriter:
    """csv.writer for spreadsheets: every CSV mjscore writes (score, waits, settle, batch, sheet, standings)
    is written by one, so no text from a file (a player's name, a file's, an error) becomes a formula.

    A text cell starting with = + - @, a tab or a carriage return, also after spaces, gets a leading '
    that makes it text; a lone - (standard input's name) is no formula and stays. Numbers are never
    touched: a net of -24 is written -24, a number. A row with a carriage return in a text cell has its
    text cells quoted (csv.writer quotes a line break only if it is in its line terminator, \\n)."""

    def __init__(self, out: IO[str]):
        import csv

        self._write = csv.writer(out, lineterminator="\n").writerow
        self._quoted = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC).writerow

    def writerow(self, row: Iterable) -> None:
        cells = list(row)
        write = self._write
        for i, c in enumerate(cells):  # inline, not a call per cell: batch writes a row per player per deal
            if c.__class__ is str:
                if (c[:1] in FORMULA_STARTS or c.lstrip()[:1] in FORMULA_STARTS) and c != "-":
                    cells[i] = "'" + c
                if "\r" in c:
                    write = self._quoted
        write(cells)

    def writerows(self, rows: Iterable[Iterable]) -> None:
        for row in rows:
            self.writerow(row)


def emit_csv(header: list, rows) -> None:
    writer = SafeCsvWriter(sys.stdout)
    writer.writerow(header)
    writer.writerows(rows)


def markdown_cell(cell: Any) -> str:
    """A table cell of Markdown that shows its text as typed, whatever a player named themselves: a | would
    start another column (the numbers then sit under the wrong player), <script> or an <img onerror=...>
    would be HTML on a club's page, ` * _ [ ] \\ would be code, emphasis or a link; a line break would end
    the row. So: \\ ` * _ [ ] | ~ escaped with a backslash, < > & as entities, line breaks as spaces."""
    text = "" if cell is None else str(cell)
    if not text or text.isalnum():
        return text
    return text.translate(_MARKDOWN)


_MARKDOWN = {**{ord(c): "\\" + c for c in "\\`*_[]|~"}, ord("<"): "&lt;", ord(">"): "&gt;", ord("&"): "&amp;",
             ord("\n"): " ", ord("\r"): " ", 0x2028: " ", 0x2029: " "}


def markdown_text(line: str) -> str:
    """A line of text as a Markdown paragraph that shows it as typed: markdown_cell's escapes, and a first
    character that would start a heading, a list, a quote or a rule (# + - = >, `1.`) escaped too."""
    text = markdown_cell(line)
    if text[:1] in ("#", "+", "-", "="):
        return "\\" + text
    digits = len(text) - len(text.lstrip("0123456789"))
    if digits and text[digits:digits + 1] in (".", ")"):
        return text[:digits] + "\\" + text[digits:]
    return text


def emit_json(data) -> None:
    click.echo(to_json(data))


class RulesNotes:
    """What every command that scores games says of a game whose file records other rules than the table
    loaded (play/versions.py): once, on standard error, when the game is over. A game scored with the kept
    version it records is scored again with the loaded table (a game is a few dozen deals: cheap), so the note
    says what its totals would be under it; a game read from standard input cannot be read twice."""

    def __init__(self, variant, options, tables):
        self.variant, self.options, self.tables = variant, list(options), tables
        self.pending = None

    def __call__(self, notice) -> None:
        self.pending = notice

    def said(self, totals: dict[str, int] | None) -> None:
        """The game is over (`totals`: its totals as scored; None: it was not played to its end)."""
        import os

        notice, self.pending = self.pending, None
        if notice is None:
            return
        line = notice.text()
        if notice.version and totals is not None and notice.recorded != notice.loaded and os.path.isfile(notice.game):
            from mjscore import api

            other = api.score_game(notice.game, variant=self.variant, options=self.options, tables=self.tables,
                                   versions=False).totals
            moved = ", ".join(f"{name} {other[name]} ({other[name] - totals[name]:+d})" for name in totals)
            line += (f"; with the loaded table its totals would be {moved}" if other != totals else
                     "; with the loaded table its totals would be the same")
        say(f"note: {line}")
