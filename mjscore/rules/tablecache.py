"""The compiled-table cache: a table file's data kept in marshal's format, so a command need not
parse YAML (nor import it, nor json).

A cache must never change a score. An entry is used only when everything checks: it names
the cache schema, the package version and the interpreter (marshal's format is the
interpreter's), the SHA-256 of the table file's bytes as they are on disk now, and the SHA-256
of its own data bytes. Anything else (an edited entry, a truncated one, `[]`, a FIFO, a symlink
to a device, a folder) is ignored and rewritten; a corrupt cache costs time, never a wrong value
or a refusal. Reading never blocks: only a regular file is read. Entries not used for
PRUNE_AFTER days are removed when one is written. (The checks catch damage, not forgery: the
cache folder is trusted as the user's own files are, like Python's own __pycache__.)
"""

from __future__ import annotations

import marshal
import os
import re
import stat
import sys
import time
from typing import Any

from mjscore import __version__

try:  # the interpreter's own SHA-256: importing `hashlib` loads OpenSSL (milliseconds of a one-hand command)
    from _sha256 import sha256  # type: ignore[import-not-found]  # CPython 3.11
except ImportError:
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]  # CPython 3.12 and later
    except ImportError:
        from hashlib import sha256

SCHEMA = 4  # bump when the meaning of a table file changes (2: a key given twice is refused; 3: self-checking;
           # 4: marshal's format instead of JSON)
MAX_ENTRY = 8 * 1024 * 1024  # bytes: far above any table (the largest packaged one is ~40 KB)
PRUNE_AFTER = 30  # days without use


def cache_dir() -> str:
    env = os.environ.get("MJSCORE_CACHE_DIR")
    if env:
        return env
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "mjscore")


def entry_path(path: str) -> str:
    """One entry per table file, named by the file's stem and a hash of its absolute path."""
    where = sha256(os.path.abspath(path).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return os.path.join(cache_dir(), f"{os.path.splitext(os.path.basename(path))[0]}-{where}.v{SCHEMA}.marshal")


def _header(source: bytes, data: bytes) -> bytes:
    """The entry's first line: what it is, for which package and interpreter, and the two checksums."""
    return (f"mjscore-table-cache schema={SCHEMA} version={__version__} python={sys.implementation.cache_tag} "
            f"source={sha256(source).hexdigest()} data={sha256(data).hexdigest()}\n").encode("ascii")


def _read_regular(path: str) -> bytes | None:
    """The bytes of a regular file of sane size, or None (never blocks on a FIFO, never follows a link)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_ENTRY:
            return None
        chunks, left = [], MAX_ENTRY + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks) if left > 0 else None
    except OSError:
        return None
    finally:
        os.close(fd)


def load(path: str, source: bytes) -> Any:
    """The cached data of the table file at `path` whose bytes are `source`, or None when there is no
    entry that checks (the caller then parses the YAML and calls `store`)."""
    blob = _read_regular(entry_path(path))
    if blob is None:
        return None
    head, sep, data = blob.partition(b"\n")
    if not sep or head + sep != _header(source, data):
        return None
    try:
        return marshal.loads(data)
    except (ValueError, EOFError, TypeError):
        return None


def store(path: str, source: bytes, data: Any) -> None:
    """Keep `data` (YAML's plain values, unchanged by a round trip) for the table file's `source` bytes.
    A cache is a convenience: a home that cannot be written must not stop scoring."""
    try:
        body = marshal.dumps(data)
        if marshal.loads(body) != data:  # a value that is not equal to itself (.nan): read the YAML each time
            return
        target = entry_path(path)
        folder = os.path.dirname(target)
        os.makedirs(folder, exist_ok=True)
        tmp = f"{target}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            f.write(_header(source, body) + body)
        os.replace(tmp, target)
        prune(folder, keep=target)
    except (OSError, TypeError, ValueError, EOFError, RecursionError):
        pass


# old and new names (compiled only when pruning)
_OURS = r"-(?:[0-9a-f]{8}-\d+\.json|[0-9a-f]{16}\.v(\d+)\.(?:json|marshal)(\.\d+\.tmp)?)$"


def prune(folder: str, keep: str, days: int = PRUNE_AFTER) -> None:
    """Remove our entries of other schemas, entries not written for `days` days (an entry is written
    whenever its table changes or it went bad), and temporary files left for an hour. Files whose
    names are not the cache's own are never touched (MJSCORE_CACHE_DIR may be a shared folder)."""
    now = time.time()
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        full = os.path.join(folder, name)
        m = re.search(_OURS, name)
        if full == keep or m is None:
            continue
        try:
            st = os.lstat(full)
            if stat.S_ISDIR(st.st_mode):
                continue
            if m.group(2):  # another process's unfinished write, unless it was left long ago
                stale = st.st_mtime < now - 3600
            else:
                stale = m.group(1) != str(SCHEMA) or st.st_mtime < now - days * 86400
            if stale:
                os.remove(full)
        except OSError:
            pass


def content_key(raw: dict[str, Any], path: str) -> str:
    """A digest of a table's data and path: equal for equal tables (two loads of one file, a worker's copy),
    different for any change, so scoring's memo tables (rules/kept.py: memo_of) are found by what the
    table says, never by which object holds it."""
    try:
        data = marshal.dumps((path, raw), 2)  # (version 2: no references, the same bytes for equal data)
    except ValueError:  # a value marshal does not take (a YAML date): its text
        data = repr((path, raw)).encode("utf-8", "surrogatepass")
    digest: str = sha256(data).hexdigest()
    return digest
