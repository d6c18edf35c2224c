"""Records kept on disk in the order they come, to be read back once in that order.

What a command must see whole before it writes (the width of a text table's columns, how many deals a
sheet's caption counts, a YAML document checked to its end before its first deal is played) is gathered
while the records go to a temporary file, and the output is then written from the file: the memory it
takes does not grow with an archive. Each record is pickled alone (one pickler's memo would keep every
record alive), so records are plain data the caller made itself; the file is unlinked as soon as it is
made and goes with the process whatever happens. A temporary folder with no room left (TMPDIR on a full disk)
is said as that, in one line naming the folder (DiskFull), never as the output's nor as an internal error.
"""

from __future__ import annotations

import contextlib
import pickle
import tempfile
from typing import Any, Iterator

from mjscore.errors import DiskFull, no_room


@contextlib.contextmanager
def _room() -> Iterator[None]:
    """A write to the temporary file that finds no room raises DiskFull naming the temporary folder."""
    try:
        yield
    except OSError as e:
        if not no_room(e):
            raise
        raise DiskFull(f"the temporary folder {tempfile.gettempdir()}", e,
                       "free some space there, or set TMPDIR to a folder on a disk with room") from None


class Spool:
    """Records kept in an anonymous temporary file, pickled one after another, to be read back in order: what an
    output must see whole before it writes (a sheet's rows, a table's widths) stays out of memory."""

    def __init__(self) -> None:
        with _room():
            self.file = tempfile.TemporaryFile(prefix="mjscore-")
        self.count = 0

    def add(self, record: Any) -> None:
        with _room():
            pickle.Pickler(self.file, pickle.HIGHEST_PROTOCOL).dump(record)
        self.count += 1

    def read(self, count: int | None = None) -> Iterator[Any]:
        """The next `count` records (all that are left: None) from where reading stands; call rewind()
        after the last add to read from the first."""
        n = 0
        while count is None or n < count:
            try:
                record = pickle.load(self.file)  # an unpickler each: each record was pickled alone
            except EOFError:
                return
            n += 1
            yield record

    def rewind(self) -> None:
        with _room():
            self.file.flush()
            self.file.seek(0)

    def clear(self) -> None:
        """Empty, to be filled again (the next game's rows)."""
        with _room():
            self.file.seek(0)
            self.file.truncate()
        self.count = 0

    def close(self) -> None:
        try:
            self.file.close()  # (unwritten records are not wanted: a failing flush is no news)
        except OSError:
            pass

    def __enter__(self) -> "Spool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
