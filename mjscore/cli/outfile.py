"""`-o FILE`: where a command's output goes, and how it gets there without harming what is at the path.

A regular file (or a new one) is written atomically: a temporary file beside it, renamed over it
when complete, so that a failed run leaves an old FILE as it was. Renaming is right for a regular
file only: over a symbolic link it would detach a published file from its link, and over /dev/null
or a FIFO it would put a regular file in the device's place (for the whole machine, run as root).
So a link is followed and its target written atomically; a FIFO, a character device or one of the
process's own descriptors (/dev/stdout) is written as a stream, as the shell's `>` writes it; a
folder, a socket or a block device is refused in one line.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from typing import IO

from mjscore.errors import DealError, DiskFull, no_room

STREAM_NAMES = {0: "standard input", 1: "standard output", 2: "standard error"}
TMP_MARK = "mjscore"  # in every temporary file's name: the stale-file clean-up touches no other file


def output_file(path: str) -> "AtomicFile | StreamFile":
    """The context manager that writes `-o path` (it gives the text stream to write to)."""
    fd = _descriptor(path)
    if fd is not None:
        return StreamFile(path, fd=fd)
    try:
        st = os.stat(path)  # through any links: what the output would land on
    except FileNotFoundError:
        if not os.path.islink(path):
            return AtomicFile(path)  # a new file (a missing folder is said when the file is made)
        target = os.path.realpath(path)  # a dangling link: its target is made, the link stays
        if not os.path.isdir(os.path.dirname(target)):
            raise DealError(f"-o {path}: a symbolic link to {target}, whose folder does not exist; "
                            "give another file name") from None
        return AtomicFile(path, target)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise DealError(f"-o {path}: symbolic links that lead round in a loop; give a file name") from None
        raise DealError(f"-o {path}: cannot write: {e.strerror or e}") from None
    if stat.S_ISREG(st.st_mode):
        return AtomicFile(path, os.path.realpath(path) if os.path.islink(path) else path)
    if stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode):
        return StreamFile(path)
    if stat.S_ISDIR(st.st_mode):
        raise DealError(f"-o {path}: is a folder; give a file name")
    what = "a socket" if stat.S_ISSOCK(st.st_mode) else "a block device" if stat.S_ISBLK(st.st_mode) else \
        "not a regular file"
    raise DealError(f"-o {path}: is {what}, which mjscore does not write; give a file name, or - for "
                    "standard output")


def _descriptor(path: str) -> int | None:
    """N, when `path` leads to /proc/<this process>/fd/N (Linux's /dev/stdout, /dev/fd/N, /proc/self/fd/N):
    that descriptor is written through a copy of it, as the shell does, never opened anew (which would
    write a file opened for appending from its start) nor renamed over."""
    own = f"/proc/{os.getpid()}/fd"
    p = os.path.abspath(path)
    for _ in range(40):  # as many links as the system follows
        head, name = os.path.split(p)
        if name.isdigit() and name.isascii() and os.path.realpath(head) == own:
            return int(name)
        try:
            link = os.readlink(p)
        except OSError:  # not a link (or none to read): not a descriptor
            return None
        p = os.path.normpath(os.path.join(head, link))
    return None


class StreamFile:
    """A FIFO, a character device or an open descriptor: opened for writing and written, nothing made,
    renamed or removed. What was written before a failure stays written, as on standard output."""

    def __init__(self, path: str, fd: int | None = None):
        self.path, self.fd = path, fd

    def __enter__(self) -> IO[str]:
        fd = self._open()
        self.f = open(fd, "w", encoding="utf-8", newline="")
        return self.f

    def _open(self) -> int:
        if self.fd is None:  # a FIFO waits here for its reader, as with the shell's `>`
            try:
                fd = os.open(self.path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
            except OSError as e:
                raise DealError(f"-o {self.path}: cannot write: {e.strerror or e}") from None
            mode = os.fstat(fd).st_mode
            if not (stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):  # replaced since it was looked at
                os.close(fd)
                raise DealError(f"-o {self.path}: changed while it was opened; give it again")
            return fd
        name = STREAM_NAMES.get(self.fd, f"descriptor {self.fd}")
        # closed when Python started (then its number may since name another file), or closed now
        if self.fd in STREAM_NAMES and (sys.__stdin__, sys.__stdout__, sys.__stderr__)[self.fd] is None:
            raise DealError(f"-o {self.path}: {name} is closed; give a file name")
        try:
            fd = os.dup(self.fd)
        except OSError:
            raise DealError(f"-o {self.path}: {name} is closed; give a file name") from None
        if not writable(fd):
            os.close(fd)
            raise DealError(f"-o {self.path}: {name} is not open for writing; give a file name")
        return fd

    def __exit__(self, kind, exc, tb):
        try:
            self.f.close()
        except BrokenPipeError:  # the reader left: as on standard output (main.py ends quietly)
            if kind is None:
                raise
        except OSError as e:  # /dev/full; a failure of the command's own goes on as it was
            if kind is None:
                _full(self.path, e, "")
                raise DealError(f"-o {self.path}: cannot write: {e.strerror or e}") from None
        _said(self.path, exc, "")
        return False


def _said(path: str, exc: BaseException | None, kept: str) -> None:
    """A write into the output that found no room (a full disk, a used-up quota, /dev/full) as one line naming
    -o and what became of FILE (`kept`). Such an OSError has no file name (one from opening a file has, and
    the readers say those themselves): any other goes on as it was. A full temporary folder is said by
    spool.py, as a DiskFull of its own, never as -o's."""
    if isinstance(exc, OSError) and exc.filename is None:
        _full(path, exc, kept)


def _full(path: str, e: OSError, kept: str) -> None:
    """DiskFull naming -o, if `e` found no room for the output."""
    if no_room(e):
        raise DiskFull(f"-o {path}", e, f"{kept}free some space, or give -o a file on another disk") from None


def writable(fd: int) -> bool:
    """Whether the descriptor was opened for writing (where the system can say)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover (not POSIX)
        return True
    try:
        return fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE != os.O_RDONLY
    except OSError:
        return True


class AtomicFile:
    """Write to a temporary file beside the target; rename over it only when all went well. `path` is
    what was typed (for messages), `target` the regular file written: a link's target, else the path."""

    def __init__(self, path: str, target: str | None = None):
        self.path = path
        self.target = path if target is None else target
        self.folder = os.path.dirname(os.path.abspath(self.target))
        self.prefix = f".{os.path.basename(self.target)}."
        self.tmp = os.path.join(self.folder, f"{self.prefix}{TMP_MARK}-{os.getpid()}-{os.urandom(4).hex()}.tmp")

    def __enter__(self) -> IO[str]:
        self._remove_stale()
        try:  # a new file only (O_EXCL), never through a link planted under its name
            fd = os.open(self.tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
        except OSError as e:
            _full(self.path, e, "nothing was written; ")
            raise DealError(f"-o {self.path}: cannot write: {e.strerror or e}") from None
        try:
            self.f = open(fd, "w", encoding="utf-8", newline="")
            return self.f
        except BaseException:  # SIGTERM or Ctrl-C just as the file was made: __exit__ will not run
            os.close(fd)
            self._remove()
            raise

    def __exit__(self, kind, exc, tb):
        try:
            self.f.close()
            if kind is None:
                os.replace(self.tmp, self.target)
                return False
        except OSError as e:
            self._remove()
            _full(self.path, e, self._kept())
            raise DealError(f"-o {self.path}: cannot write: {e.strerror or e}") from None
        except BaseException:  # SIGTERM or Ctrl-C while the file is closed or renamed
            self._remove()
            raise
        self._remove()
        _said(self.path, exc, self._kept())
        return False

    def _kept(self) -> str:
        """What a failed run left at the path, in words: the file as it was, or nothing."""
        return f"{self.path} is as it was; " if os.path.lexists(self.target) else "nothing was written; "

    def _remove_stale(self) -> None:
        """Remove the temporary files a run killed by SIGKILL (or a power cut) left beside the target:
        `.FILE.mjscore-<pid>-<hex>.tmp`, a regular file of this user's, whose process is no longer
        running. A running one's file is left alone, and so is every file not named so (a user's own
        `.FILE.123.tmp` is not mjscore's to remove)."""
        if os.name != "posix":  # os.kill(pid, 0) asks "does it run?" on POSIX only
            return
        ours = re.compile(re.escape(self.prefix) + TMP_MARK + r"-([0-9]{1,7})-[0-9a-f]{8}\.tmp")
        try:
            names = [n for n in os.listdir(self.folder) if n.startswith(self.prefix) and n.endswith(".tmp")]
        except OSError:
            return
        for name in names:
            match = ours.fullmatch(name)
            if not match or not 0 < int(match[1]) < 1 << 22 or int(match[1]) == os.getpid():
                continue
            try:
                os.kill(int(match[1]), 0)
                continue  # running
            except ProcessLookupError:
                pass
            except OSError:
                continue  # running, as another user, or cannot tell
            path = os.path.join(self.folder, name)
            try:
                st = os.lstat(path)
                if stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid():
                    os.remove(path)
            except OSError:
                pass

    def _remove(self) -> None:
        try:
            os.remove(self.tmp)
        except OSError:
            pass
