"""Names people type (a player's, a game's): checked and normalised once, where they enter.

A name is data printed everywhere: in every line of batch's output, as a column of a score sheet, a
cell of a spreadsheet, a legend of the chart, a field of the page. So a name

- is kept in Unicode's composed form (NFC): "é" typed as one character (U+00E9) and as "e" and a
  combining accent (U+0065 U+0301) look the same and are one name, one player in the standings;
- holds printable characters only, on one line: no control character (a line break, a tab, an
  escape that drives a terminal), no line or paragraph separator, no invisible format character (the
  bidirectional overrides, embeddings and isolates U+202A-U+202E and U+2066-U+2069, the marks
  U+200E/U+200F, the zero-width U+200B-U+200D and U+2060, U+FEFF), no space but the plain one.
  Those break lines and columns, reorder what a reader sees around them, or make two names that look
  the same differ. Python's str.isprintable() is exactly that rule.

Game files (headers and deals), deal files, `--alias` and the page's new games all go through
`checked_name`, so every name is refused with the same message wherever it is typed.
"""

from __future__ import annotations

from mjscore.errors import DealError, shown

RULE = "a name is one line of visible text (no line break, tab, invisible or direction-changing character)"

_KINDS = {"Cc": "a control character", "Cf": "an invisible format character", "Zl": "a line separator",
          "Zp": "a paragraph separator", "Zs": "a space other than the plain one", "Co": "a private-use character",
          "Cn": "a character Unicode does not assign", "Cs": "half of a surrogate pair"}


def nfc(name: str) -> str:
    """The composed form, the one a name is compared and kept in (cheap for a name already in it)."""
    if name.isascii():
        return name
    import unicodedata  # (a C extension: loaded for the first text that needs it, not at every start)

    return unicodedata.normalize("NFC", name)


def bad_character(text: str) -> str | None:
    """The first character a name may not hold, described (U+202E RIGHT-TO-LEFT OVERRIDE, an invisible
    format character); None if there is none."""
    if text.isprintable():
        return None
    import unicodedata

    ch = next(c for c in text if not c.isprintable())
    name = unicodedata.name(ch, "")
    kind = _KINDS.get(unicodedata.category(ch), "a character that does not print")
    return f"U+{ord(ch):04X} {name} ({kind})" if name else f"U+{ord(ch):04X} ({kind})"


def checked_name(name: str, where: str) -> str:
    """`name` in NFC; a DealError (`where`: the file and key, or the request's field) if it holds a character
    a name may not hold. A space other than the plain one is refused with what to type instead."""
    name = nfc(name)
    bad = bad_character(name)
    if bad is None:
        return name
    instead = "; type a plain space instead" if _KINDS["Zs"] in bad else ""
    raise DealError(f"{where}: {shown(name)} holds {bad}: {RULE}{instead}")


def one_line(text: str) -> str:
    """`text` with every character a name may not hold as a space: for showing a name kept before it was
    checked (a game saved by an older version)."""
    return text if text.isprintable() else "".join(c if c.isprintable() else " " for c in text)
