"""What a reader of recorded games is: one `GameSource` per kind of record (a YAML game file, JSON Lines,
Kajongg's database, a tenhou.net/6 log ...), each saying what it recognises from a file's name and first
bytes and reading a game as a header and its deals. play/readers.py keeps the registry; adding a kind of
record is a module with its GameSource and one line there.
"""

from __future__ import annotations

import errno
import os
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, NamedTuple, Self

from mjscore.errors import DealError

if TYPE_CHECKING:
    from mjscore.play.difference import Difference

HEAD_BYTES = 65536  # what a source sees of a file to recognise it (a Tenhou log's first object fits)


class RawDeal(NamedTuple):
    """One deal as read, with where it came from."""

    number: int
    place: str  # "game.yaml line 12" or "game.jsonl line 3"
    data: Any


class Assumed(NamedTuple):
    """Rules a record does not name that its reader assumed: said in one line by every command that scores the
    game (play/versions.py), unless --option names one of `options` or --variant sets the record's rules aside."""

    said: str  # what the record names and what was assumed in its place, and how to change it
    options: tuple[str, ...]  # the options assumed


class GameRef(str):
    """One game given to a command, named as messages and outputs show it (a path; `kajongg3.db game 3`), with
    the name of the source that reads it: once recognised, a game is never guessed at again."""

    source: str

    def __new__(cls, name: str, source: str) -> Self:
        self = super().__new__(cls, name)
        self.source = source
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (GameRef, (str(self), self.source))


class GameSource(ABC):
    """A kind of game record: what it recognises, the games a file given holds, and how one is read."""

    name: ClassVar[str]  # as registered (play/readers.py) and kept in each GameRef it makes

    @abstractmethod
    def recognises(self, path: str, head: bytes) -> bool:
        """Whether the file `path` (`-`: standard input, `head` then empty), whose first bytes are `head`
        (at most HEAD_BYTES; empty if it cannot be read), is this source's; it may refuse it in a DealError
        where the file claims to be one and is not."""

    def games(self, path: str, game: int | None) -> list[GameRef]:
        """The games the file holds (most files: one; `game`: the number chosen with --game, for a source
        of several games)."""
        return [GameRef(path, self.name)]

    keeps_record: ClassVar[bool] = False  # whether its games carry another program's scoring (--differences)
    record_lang: ClassVar[str] = "en"  # the language mjscore's items are named in to compare with that record

    def differences(self, ref: GameRef, deals: list[dict[str, Any]], standings: list[dict[str, Any]]
                    ) -> list[Difference]:
        """Where mjscore's scoring of the game (`deals`: each deal's JSON as batch writes it, item names in
        record_lang; `standings`: the final standings) differs from the record the game carries (a list of
        play/difference.py Difference); only a source that keeps_record has one."""
        if ref != "-" and not os.path.exists(ref):  # told a game file by its name alone: it is missing
            raise DealError(f"{ref}: cannot read: {os.strerror(errno.ENOENT)}")
        raise DealError(f"--differences: compares a Kajongg database's games, a Tenhou log or a Botzone record "
                        f"with its record; {ref} is a game file")

    @abstractmethod
    def read(self, ref: GameRef) -> tuple[dict[str, Any], Iterator[RawDeal]]:
        """The game's header (as a game file's: variant, options, players ...) and an iterator over its deals,
        the deals read as they are played where the kind allows it; a file that cannot be read is a
        DealError saying where."""
