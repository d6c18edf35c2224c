"""Game files as mjscore writes them (docs/cli.md): YAML, JSON Lines (`.jsonl`, `.ndjson`), and either on
standard input (`-`, told by its content, as a pipe has no name). Each is a GameSource (play/sources.py)."""

from __future__ import annotations

import codecs
from typing import IO, Any, Iterator

from mjscore.errors import DealError
from mjscore.loading import ReadProblem, Unreadable, read_json_line, read_lines
from mjscore.messages import M, said
from mjscore.play.dealfile import read_problem, stdin_game
from mjscore.play.sources import GameRef, GameSource, RawDeal


class YamlGame(GameSource):
    """A YAML game file: whatever no other source recognises (its reader says what is wrong with it)."""

    name = "yaml"

    def recognises(self, path: str, head: bytes) -> bool:
        return True

    def read(self, ref: GameRef) -> tuple[dict[str, Any], Iterator[RawDeal]]:
        return read_yaml_game(ref)


class JsonLinesGame(GameSource):
    """A game file in JSON Lines: its header on the first line, a deal on each line after it."""

    name = "jsonl"

    def recognises(self, path: str, head: bytes) -> bool:
        return path.endswith((".jsonl", ".ndjson"))

    def read(self, ref: GameRef) -> tuple[dict[str, Any], Iterator[RawDeal]]:
        return read_jsonl_game(ref)


class StdinGame(GameSource):
    """`-`: a game file on standard input, JSON Lines when its first line is a header object, else YAML."""

    name = "stdin"

    def recognises(self, path: str, head: bytes) -> bool:
        return path == "-"

    def read(self, ref: GameRef) -> tuple[dict[str, Any], Iterator[RawDeal]]:
        reader, stream = stdin_game()
        if reader is not None:
            return read_jsonl_game(ref, reader)
        return read_yaml_game(ref, stream)


def read_yaml_game(path: str, stream: IO[str] | None = None) -> tuple[dict[str, Any], Iterator[RawDeal]]:
    """A YAML game read once, deal by deal, into a temporary file of pickled deals, then played from it.

    The whole document is read before its first deal is played, so a file broken anywhere (a key given
    twice, a value that cannot be read, a second document) is refused whole, before any output, as it
    always was; yet no more than one deal is in memory at a time, and standard input is read once."""
    from mjscore.spool import Spool
    from mjscore.yamlstream import STREAMED, stream_game

    spool = Spool()
    try:
        try:
            f = stream or open(path, encoding="utf-8")
        except OSError as e:
            raise DealError(f"{path}: cannot read: {e.strerror or e}") from None
        with f:
            data = stream_game(f, lambda line, deal: spool.add((line, deal)))
        if not isinstance(data, dict) or data.get("deals") is not STREAMED:
            raise DealError(f"{path}: a game file has variant:, players: and a list deals:")
    except UnicodeDecodeError:
        spool.close()
        raise DealError(said(M.RF_NOT_TEXT, path=path)) from None
    except ReadProblem as e:
        spool.close()
        raise DealError(read_problem(e, path)) from None
    except BaseException:
        spool.close()
        raise
    header = {k: v for k, v in data.items() if k != "deals"}
    spool.rewind()

    def deals() -> Iterator[RawDeal]:
        with spool:
            for number, (line, deal) in enumerate(spool.read(), 1):
                yield RawDeal(number, f"{path} line {line} (deal {number})", deal)

    return header, deals()


def read_jsonl_game(path: str, f: IO[bytes] | None = None) -> tuple[dict[str, Any], Iterator[RawDeal]]:
    """Read as bytes and decoded line by line, so a line that is not UTF-8 is that deal's problem only."""
    try:
        f = f or open(path, "rb")
    except OSError as e:
        raise DealError(f"{path}: cannot read: {e.strerror or e}") from None
    lines = read_lines(f)  # bytes, or the length of a line too long to read
    first = next(lines, b"")
    if first.__class__ is bytes and first.startswith(codecs.BOM_UTF8):  # as some editors save UTF-8
        first = first[len(codecs.BOM_UTF8):]
    try:
        header = read_json_line(first)
    except ReadProblem as e:
        f.close()
        raise DealError(f"{path} line 1: the header is {e}" if str(e).startswith("not ") else
                        f"{path} line 1: the header: {e}") from None
    if not isinstance(header, dict):
        f.close()
        raise DealError(f"{path} line 1: the header is a JSON object with variant, options, players")
    if "log" in header:
        f.close()
        raise DealError(f"{path}: a Tenhou log (tenhou.net/6 JSON) is read from a file, not from standard input: "
                        "save it and give its name (mjscore batch GAME.json)")
    if header.get("type") == "start_game":  # play/mjai.py
        f.close()
        raise DealError(f"{path}: an mjai log is read from a file, not from standard input: save it and give its "
                        "name (mjscore batch GAME.jsonl)")

    def deals() -> Iterator[RawDeal]:
        with f:
            number = 0
            for lineno, line in enumerate(lines, start=2):
                if line.__class__ is bytes and not line.strip():
                    continue
                number += 1
                try:
                    data = read_json_line(line)
                except ReadProblem as e:
                    data = Unreadable(str(e))
                yield RawDeal(number, f"{path} line {lineno} (deal {number})", data)

    return header, deals()
