"""The registry of game sources (play/sources.py): each file given to a command is offered to them in turn,
the first that recognises it reads it. A new kind of record is a module with its GameSource, registered
here (`register`, or a line in SOURCES); the order matters only where two could claim a file (a Tenhou
log is JSON that a `.jsonl` name would also claim; YAML takes whatever is left).
"""

from __future__ import annotations

from typing import Any, Iterator

from mjscore.errors import DealError
from mjscore.play.botzone import BotzoneSource
from mjscore.play.gamefiles import JsonLinesGame, StdinGame, YamlGame
from mjscore.play.kajongg import KajonggSource
from mjscore.play.sources import HEAD_BYTES, GameRef, GameSource, RawDeal
from mjscore.play.tenhou import TenhouSource

SOURCES: list[GameSource] = [StdinGame(), KajonggSource(), TenhouSource(), BotzoneSource(), JsonLinesGame(),
                             YamlGame()]


def register(source: GameSource, before: str = "yaml") -> None:
    """Offer files to `source` before the source named `before` (YAML, which takes any file, by default)."""
    SOURCES.insert(next(i for i, s in enumerate(SOURCES) if s.name == before), source)


def _head(path: str) -> bytes:
    if path == "-":  # a pipe is read once, by its reader
        return b""
    try:
        with open(path, "rb") as f:
            return f.read(HEAD_BYTES)
    except OSError:  # (its reader says why it cannot be read)
        return b""


def recognised(path: str, game: int | None = None) -> list[GameRef]:
    """The games a file given holds (a Kajongg database: each of its games; `game`: that one), each read by
    the source that recognised the file."""
    if isinstance(path, GameRef):
        return [path]
    head = _head(path)
    source = next(s for s in SOURCES if s.recognises(path, head))
    return source.games(path, game)


def expand(paths: list[str], game: int | None = None) -> list[GameRef]:
    """The games of every file a command was given, in order; `--game` without a source of several games (a
    Kajongg database) is a mistake to say."""
    out = [ref for path in paths for ref in recognised(path, game)]
    if game is not None and all(ref.source != KajonggSource.name for ref in out):
        raise DealError(f"--game {game}: chooses a game of a Kajongg database (kajongg3.db), and none is given")
    return out


def source_of(ref: GameRef) -> GameSource:
    """The registered source that reads `ref`."""
    return next(s for s in SOURCES if s.name == ref.source)


def one_game(path: str) -> GameRef:
    """The one game a file given holds (a GameRef as it is), recognised by its source."""
    refs = recognised(path)
    if len(refs) != 1:  # (a Kajongg database given as a path: its games are chosen by expand)
        raise DealError(f"{path}: holds {len(refs)} games: give one of them (one of mjscore.games([path]); --game N)")
    return refs[0]


def read_game(path: str) -> tuple[dict[str, Any], Iterator[RawDeal]]:
    """The header mapping and an iterator over the deals of one game (a GameRef, or a path recognised here),
    neither ever held whole: JSON Lines is streamed line by line, YAML deal by deal (through a temporary file)."""
    ref = one_game(path)
    return source_of(ref).read(ref)
