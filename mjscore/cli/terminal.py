"""What the command line does about the terminal it runs in: SIGTERM, encodings that are not UTF-8,
arguments too long to echo, and text from files and arguments made safe before the terminal shows it.
Kept apart from main.py, which is about the commands.

Every line said on standard error (an error, a note, a deal not scored) goes through `say` or main.py's one
error path, and every output for people (`--format table`, `markdown`, `html`) through `Visible`: both show
what is not printable as its escape (errors.visible), so that no file name, file content or argument drives
the terminal, and a long argument a message echoes is cut (`line`)."""

from __future__ import annotations

import contextlib
import os
import sys
import threading

try:  # the C module itself: `signal` only wraps it in enums, which take ~0.4 ms of every command's start-up
    import _signal as signal
except ImportError:  # pragma: no cover (an interpreter without it)
    import signal

from mjscore.errors import MAX_WORD_CHARS, MjscoreError, cut, option_too_long, shown, too_long, visible

ECHOED_CHARS = 200  # an argument longer than this (no file name a person types is) is cut where a message echoes it
_given: tuple[str, ...] = ()  # the command's arguments (main.py): what a message may echo whole


def given(args) -> None:
    """The arguments of this run, as typed: `line` cuts the long ones a message echoes."""
    global _given
    _given = tuple(a for a in args if isinstance(a, str))


def line(text: str) -> str:
    """One line as the terminal is to show it: each argument longer than ECHOED_CHARS that it echoes cut to its
    first characters (errors.cut: a 100 KB hand or a 4,290-digit number click quotes in "Invalid value"), and what
    is not printable shown as its escape (errors.visible)."""
    for arg in _given:
        for typed in (arg, arg.partition("=")[2] if arg.startswith("-") else ""):
            if len(typed) > ECHOED_CHARS:
                text = text.replace(repr(typed), shown(typed)).replace(typed, cut(typed))
    return visible(text)


def say(text: str) -> None:
    """`mjscore: TEXT` on standard error, as one safe line (a note, a deal not scored, a file that cannot be read)."""
    sys.stderr.write(f"mjscore: {line(text)}\n")


class Visible:
    """A text stream for people's outputs (table, Markdown, HTML) that writes what is not printable in a line as
    its escape (errors.visible): a file's name in a heading, or text of a file a message quotes, cannot drive the
    terminal. Line breaks are the layout's own and pass. Everything else is the stream's; its binary buffer is
    not offered (click would write past the escapes)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if not text.isprintable() and not text.replace("\n", " ").isprintable():  # (the first test, the cheap one)
            text = "\n".join(map(visible, text.split("\n")))
        return self.stream.write(text)

    def writelines(self, lines) -> None:
        for text in lines:
            self.write(text)

    def __getattr__(self, name: str):
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self.stream, name)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so that it unwinds as for Ctrl-C: `batch -o FILE` removes
    its temporary file (a KeyboardInterrupt, so that forked workers stop quietly as they do for Ctrl-C)."""


_MAIN_PID = 0


def _on_sigterm(signum, frame):
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second SIGTERM ends the process at once
    if os.getpid() != _MAIN_PID:  # a forked worker: end as SIGTERM ends a process, the parent cleans up
        os.kill(os.getpid(), signal.SIGTERM)
    raise Terminated()


@contextlib.contextmanager
def sigterm_unwinds():
    """SIGTERM raises Terminated while the command runs (main thread only: elsewhere nothing changes)."""
    global _MAIN_PID
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _MAIN_PID, before = os.getpid(), signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _encoding(stream) -> str:
    import codecs

    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name
    except LookupError:
        return "utf-8"


def glyphs_shown() -> bool:
    """Whether standard output can show mahjong glyphs; if not, a one-line note says tiles are in letters."""
    try:
        "\U0001f007\U0001f004".encode(_encoding(sys.stdout))
        return True
    except UnicodeEncodeError:
        sys.stderr.write(f"mjscore: note: the terminal's encoding ({sys.stdout.encoding}) has no mahjong "
                         "glyphs; tiles are shown in letters\n")
        return False


def escape_what_cannot_be_shown(stream) -> None:
    """On a terminal that is not UTF-8 (PYTHONIOENCODING=latin-1), a character it has no code for (a
    player named 李) is written as a backslash escape (\\u674e, valid inside JSON strings too) with a
    one-line note, instead of ending the command in a UnicodeEncodeError."""
    import codecs

    name = getattr(stream, "encoding", None) or "utf-8"
    if _encoding(stream).startswith("utf") or getattr(stream, "errors", "") != "strict" \
            or not hasattr(stream, "reconfigure"):
        return
    noted = []

    def escape(e: UnicodeError):
        if not noted:
            noted.append(True)
            sys.stderr.write(f"mjscore: note: the terminal's encoding ({name}) cannot show some characters; "
                             "they are written as \\u escapes (set PYTHONIOENCODING=utf-8 to see them)\n")
        return codecs.backslashreplace_errors(e)

    codecs.register_error("mjscore-escape", escape)
    try:
        stream.reconfigure(errors="mjscore-escape")
    except (AttributeError, ValueError, OSError):
        pass


def _refuse(flag: str, value: str) -> None:
    raise MjscoreError(f"{flag} {shown(value)}: too long (at most {MAX_WORD_CHARS} characters)")


FLAGS = {"seat": "--seat", "round_": "--round", "win": "--win", "win_set": "--win-set", "source": "--from",
         "also": "--also",
         "winner": "--winner", "discarder": "--discarder", "false_mahjong": "--false-mahjong",
         "pays_for_all": "--pays-for-all", "variant": "--variant", "variant_list": "--variant"}


def checked(command):
    """A command's values that are a word or two (a seat, a tile, a variant's name, KEY=VALUE) longer
    than MAX_WORD_CHARS are refused before the command runs, so that no message echoes a 100 KB
    argument whole. A long whole number in --option goes on to the option's own check ("must be at
    most ..."), which does not echo it."""
    import functools

    @functools.wraps(command)
    def run(**params):
        for name, flag in FLAGS.items():
            value = params.get(name)
            for v in value if isinstance(value, tuple) else (value,):
                if too_long(v, MAX_WORD_CHARS):
                    _refuse(flag, v)
        for v in params.get("options") or ():
            if option_too_long(v):
                _refuse("--option", v)
        return command(**params)

    return run
