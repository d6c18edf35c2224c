"""Every way input can be wrong, as its own exception class.

The CLI turns any MjscoreError into one line plus (for hands) a caret line, exit 2.
"""

from __future__ import annotations

import errno
from enum import Enum
from typing import Iterable

from mjscore.tuples import NamedTuple



class Spelling(Enum):
    """How the reader gave the values a message names: as a command's flags or as a deal file's keys."""

    FLAG = "flag"
    KEY = "key"


class Term(NamedTuple):
    """A word of a message that names where a value was given, in both spellings: a situation's message is
    written once, by the core, and said in the words its reader typed (`--from` to `score`, `win.from` in
    a deal file), chosen by the face that shows it (MjscoreError.spelt), never by rewriting its text."""

    flag: str  # as a command takes it: --from
    key: str  # as a deal file writes it: win.from


Message = str | tuple[str | Term, ...]  # text, or text and terms in order


class MjscoreError(Exception):
    """Bad input; str() is the one-line message (its terms as flags). `where` names the place (a file and
    line, a hand's text) where known, `hint` what to type instead where the tool can tell; `details` the lines
    shown under the message (a hand with carets) kept from an error this one says in its own words (a deal's
    hand that breaks the notation still shows where it breaks)."""

    exit_code = 2

    def __init__(self, message: Message = "", *, where: str | None = None, hint: str | None = None,
                 details: tuple[str, ...] | list[str] = ()):
        self.parts: tuple[str | Term, ...] = (message,) if isinstance(message, str) else tuple(message)
        super().__init__(self.spelt(Spelling.FLAG))
        self.where = where
        self.hint = hint
        self.details = tuple(details)

    def spelt(self, spelling: Spelling) -> str:
        """The message with its terms spelt as the reader gave the values: flags or a deal file's keys (added
        piece by piece, not joined: a `mjscore.messages.Said` piece keeps the whole a Said, said again in --lang)."""
        out = ""
        for p in self.parts:
            out = out + (p if isinstance(p, str) else p.flag if spelling is Spelling.FLAG else p.key)
        return out

    def detail_lines(self) -> list[str]:
        """Extra lines shown under the message (e.g. the hand with carets)."""
        return list(self.details)

    def said(self) -> str:
        """The message as the core made it: where that was one text, that text, kept as made (a
        `mjscore.messages.Said` says itself again in a face's --lang); else its terms spelt as flags, as str()."""
        return self.parts[0] if len(self.parts) == 1 and isinstance(self.parts[0], str) else self.spelt(Spelling.FLAG)


class HandError(MjscoreError):
    """A hand string that breaks the notation; spans are (start, end) of the offending groups."""

    def __init__(self, message: Message, text: str, spans: Iterable[tuple[int, int]] = (), hint: str | None = None):
        super().__init__(message, where=text, hint=hint)
        self.text = text
        self.spans = tuple(spans)

    def detail_lines(self) -> list[str]:
        """The hand with ^ under the offending groups; none when no group is to blame (a wrong count).
        An invisible character shows as ? so that a caret can point at it."""
        shown = "".join(" " if ch.isspace() else "?" if not ch.isprintable() else ch for ch in self.text)
        carets = caret_line(shown, self.spans)
        if not shown.strip() or not carets:
            return []
        return ["  " + shown.rstrip(), "  " + carets]


class SituationError(MjscoreError):
    """A situation option (seat, wind, winning tile, --also word) that does not fit."""


class OptionError(MjscoreError):
    """A --option KEY=VALUE the variant does not have or cannot take."""


class TableError(MjscoreError):
    """A table file that fails validation; the message names file, entry and problem."""


class VariantNotFound(MjscoreError):
    """--variant names no table file."""


class DealError(MjscoreError):
    """A deal or game file that cannot be used."""


class AliasError(MjscoreError):
    """An --alias that makes two players of one game one person: a mistake in the option, not in the files
    (the command stops at the first game that shows it, no file counted unreadable)."""


def cells(text: str) -> int:
    """The terminal cells `text` takes: a wide character (the red dragon glyph 🀄, a name in Chinese) two, a
    combining mark or a variation selector none, any other one. Carets under a hand and the columns of a
    text table (cli/report.py) are measured alike, so both stay aligned under wide glyphs."""
    import unicodedata

    return sum(0 if unicodedata.combining(ch) or ch in "\ufe0e\ufe0f" else
               2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def caret_line(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """A line of ^ under each span of text, aligned for wide glyphs such as the red dragon."""
    marks = [False] * len(text)
    for start, end in spans:
        for i in range(max(start, 0), min(end, len(text))):
            marks[i] = True
    out = []
    for i, ch in enumerate(text):
        out.append(("^" if marks[i] and not ch.isspace() else " ") * cells(ch))
    return "".join(out).rstrip()


SHOWN_CHARS = 40  # of a value echoed in a message: enough to recognise it, short enough to read


def visible(text: str) -> str:
    """`text` with each character that is not printable written as a repr writes it (ESC as \\x1b, U+202E as
    \\u202e, a line break as \\n): text from a file or an argument echoed in a message or a heading can then
    neither drive the terminal (an escape sequence, a bell, a hyperlink), nor reorder or break the line.
    Printable is str.isprintable(), the rule a player's name is held to (mjscore.names): one rule for both."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def cut(text: str, most: int = SHOWN_CHARS) -> str:
    """`text` as it is when short; else its first `most` characters, "..." and its length."""
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def shown(value: object, most: int = SHOWN_CHARS) -> str:
    """`repr(value)` for a message that echoes input, cut to about `most` characters with "..." and
    the full length: a 5 MB string or a list of a million items must not become a 5 MB error line.
    Short values are shown exactly as repr() shows them. Cheap whatever the size of `value`."""
    if isinstance(value, str):
        n = min(len(value), most)
        while len(repr(value[:n])) > most + 2:  # escapes (\x00 is four characters) count as shown
            n = n * 3 // 4
        return repr(value) if n == len(value) else f"{value[:n]!r}... ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * most:
        if value.bit_length() > 13_000:  # some 4,000 digits: past what is cheap (and allowed) to write out
            return "a number of over 4,000 digits"
        return f"a number of {len(str(abs(value))):,} digits"
    import reprlib

    r = reprlib.Repr()
    r.maxlevel, r.maxdict, r.maxlist, r.maxtuple, r.maxset = 3, 4, 6, 6, 6
    r.maxstring, r.maxother, r.maxlong = most, most, most
    cut = r.repr(value)
    text = cut if "..." in cut else repr(value)  # nothing was cut: the value is small, show it as repr() does
    if len(text) > most + 20:  # a few items, each short, can still make a long line
        text = f"{text[:most]}... ({len(text):,} characters)"
    return text


MAX_WORD_CHARS = 100  # a word or two: a variant's name, KEY=VALUE of an option, a seat, a circumstance
MAX_NAME_CHARS = 100  # a player's name, printed in every line of a game's output


def too_long(value: object, most: int) -> bool:
    """True for text longer than `most` characters (refused before it is looked at more closely)."""
    return isinstance(value, str) and len(value) > most


def option_too_long(text: str) -> bool:
    """KEY=VALUE longer than MAX_WORD_CHARS; but a whole number (up to 1000 digits) goes on to the option's
    own check, which refuses one too large in words that do not echo it ("must be at most ...")."""
    if not too_long(text, MAX_WORD_CHARS):
        return False
    value = text.partition("=")[2].strip().lstrip("+-")
    return not (len(value) <= 1000 and value.isascii() and value.isdigit())


FULL = frozenset({errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)})  # no room for what is written
_NO_ROOM = {errno.EFBIG: "the file is larger than the disk allows",
            getattr(errno, "EDQUOT", -1): "the disk quota is used up"}


def no_room(e: BaseException) -> bool:
    """Whether `e` is a write that found no room: a full disk (ENOSPC), a used-up quota (EDQUOT), a file too large
    (EFBIG)."""
    return isinstance(e, OSError) and e.errno in FULL


class DiskFull(MjscoreError):
    """A write that found no room, said in one line: where (standard output, -o FILE, the temporary folder), that
    the disk is full, and what to do; never an internal error (exit 2)."""

    def __init__(self, where: str, e: OSError, instead: str):
        what = _NO_ROOM.get(e.errno, "the disk is full")
        super().__init__(f"{where}: {what} ({e.strerror or e}); {instead}")
