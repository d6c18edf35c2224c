"""Reading YAML and JSON input strictly: whatever is wrong with a file becomes a ReadProblem.

PyYAML keeps the last of two equal keys without a word, so a second `deals:` would drop
the first list silently: here a key given twice is an error. Values PyYAML cannot build
(a 5000-digit number, `!!int abc`) and structures nested too deeply to print or to send
to a worker process are refused too, never raised as Python errors.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, Iterator, NamedTuple

from mjscore.errors import shown

MAX_DEPTH = 32  # a game file nests four levels; anything far deeper is a broken file


class Unreadable(NamedTuple):
    """A deal that could not be read (a line of JSON Lines, a hand of another program's notation): it becomes
    a rejected deal with this reason, not a lost one."""

    why: str


class ReadProblem(Exception):
    """Why a file (or one JSON line) cannot be used; `line` is 1-based where known."""

    def __init__(self, problem: str, line: int | None = None):
        super().__init__(problem)
        self.line = line

    def at(self, path: str) -> str:
        """The message with its place: "FILE: line N: problem", or "FILE: problem"."""
        return f"{path}: line {self.line}: {self}" if self.line else f"{path}: {self}"


_LOADER = None


def strict_loader():
    """libyaml's safe loader (when present) that refuses a mapping key given twice."""
    global _LOADER
    if _LOADER is None:
        import yaml

        base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        class Strict(base):  # type: ignore[valid-type, misc]
            """yaml's safe loader, refusing a key given twice: yaml would keep the last silently, and a
            hand or a rule typed twice is a mistake to point at, not to guess at."""

            def construct_mapping(self, node, deep=False):
                seen = set()
                for key_node, _ in node.value:
                    if isinstance(key_node, yaml.ScalarNode) and key_node.tag != "tag:yaml.org,2002:merge":
                        key = (key_node.tag, key_node.value)
                        if key in seen:
                            problem = f"key {shown(key_node.value)} given twice in one mapping"
                            raise yaml.constructor.ConstructorError(None, None, problem, key_node.start_mark)
                        seen.add(key)
                return super().construct_mapping(node, deep)

        _LOADER = Strict
    return _LOADER


@contextlib.contextmanager
def yaml_problems():
    """Whatever PyYAML raises while reading, as a ReadProblem (with the line where known). A
    UnicodeDecodeError passes through: callers say "not a text file" in their own words."""
    import yaml

    try:
        yield
    except UnicodeDecodeError:
        raise
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        if "nesting depth" in problem:  # libyaml 0.2.6 (PyYAML 6.0.4) has a depth limit of its own
            raise ReadProblem(f"nested more than {MAX_DEPTH} levels deep") from None
        raise ReadProblem(f"not valid YAML: {problem}", mark.line + 1 if mark else None) from None
    except RecursionError:
        raise ReadProblem(f"not valid YAML: nested more than {MAX_DEPTH} levels deep") from None
    except (ValueError, OverflowError) as e:  # a value PyYAML cannot build: its words say which
        raise ReadProblem(f"not valid YAML: a value that cannot be read ({_short(e)})") from None
    except (TypeError, KeyError, AttributeError):  # the same, in words about PyYAML's insides
        raise ReadProblem("not valid YAML: a value that cannot be read "
                          "(a !!tag that does not fit its value?)") from None


def read_yaml(stream) -> Any:
    """The data of a YAML stream; ReadProblem (with the line where known) if it cannot be used.
    A UnicodeDecodeError passes through: callers say "not a text file" in their own words."""
    import yaml

    with yaml_problems():
        data = yaml.load(stream, Loader=strict_loader())
    _check_shape(data)
    return data


def _unique_keys(pairs: list) -> dict:
    """object_pairs_hook: a JSON object with a key given twice is refused, as the YAML reader refuses
    it (json keeps the last value without a word, so `"winner": null` would undo a win silently)."""
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set = set()
        for key, _ in pairs:
            if key in seen:
                raise ReadProblem(f"key {shown(key)} given twice in one mapping")
            seen.add(key)
    return d


_DECODE = json.JSONDecoder(object_pairs_hook=_unique_keys).decode


def read_json_line(raw: bytes | int) -> Any:
    """One line of a JSON Lines file (from read_lines: an int is the length of a line too long to read);
    ReadProblem says why it cannot be used."""
    if raw.__class__ is int:
        raise ReadProblem(long_line(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReadProblem(f"not UTF-8 text (byte {e.start + 1} of the line)") from None
    try:
        data = _DECODE(text)
    except RecursionError:
        raise ReadProblem(f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as e:
        raise ReadProblem(f"not JSON: {_short(e)}") from None
    if "\\u" in text:  # an escape may stand for half a surrogate pair, which is no text at all
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ReadProblem("a \\u escape that is half of a surrogate pair (not a character)") from None
    if text.count("[") + text.count("{") > MAX_DEPTH:  # a line of a few brackets cannot nest too deep
        _check_shape(data)
    return data


MAX_LINE_BYTES = 256 * 1024  # a deal is a few hundred bytes; at most ~25 KB (four 400-character hands in \u escapes)


def read_lines(f) -> Iterator[bytes | int]:
    """The lines of a binary file; in place of a line longer than MAX_LINE_BYTES, its length (the
    line is skipped in pieces, never held whole: a 2 GB line must not fill the memory)."""
    readline = f.readline
    while True:
        line = readline(MAX_LINE_BYTES + 1)
        if len(line) <= MAX_LINE_BYTES or line.endswith(b"\n"):
            if not line:
                return
            yield line
            continue
        size = len(line)
        while line and not line.endswith(b"\n"):
            line = readline(1 << 20)
            size += len(line)
        yield size


def long_line(size: int) -> str:
    return f"a line of {size:,} bytes: far too long for one deal (at most {MAX_LINE_BYTES:,})"


def _check_shape(data: Any) -> None:
    problem = too_big(data)
    if problem:
        raise ReadProblem(problem)


def too_big(data: Any, most: int = MAX_DEPTH) -> str | None:
    """Why nested lists and mappings cannot be used, or None: nested more than `most` levels, a
    part that contains itself, or YAML aliases that would expand to far more than was written
    (ten lines of aliases can stand for a billion items). Each distinct part is looked at once,
    without recursion; a shared part counts at each of its uses (JSON has none)."""
    shape: dict[int, tuple[int, int]] = {}  # id -> (depth, size when expanded)
    open_: set[int] = set()
    stack = [(data, False)]
    while stack:
        obj, closing = stack.pop()
        kids = obj.values() if isinstance(obj, dict) else obj if isinstance(obj, list) else None
        if kids is None or (not closing and id(obj) in shape):
            continue
        if not closing:
            if id(obj) in open_:
                return "a list or mapping that contains itself"
            open_.add(id(obj))
            stack.append((obj, True))
            for k in kids:
                if isinstance(k, (dict, list)):
                    if id(k) in open_:
                        return "a list or mapping that contains itself"
                    stack.append((k, False))
            continue
        depth, size = 1, 1
        for k in kids:
            if isinstance(k, (dict, list)):
                d, s = shape[id(k)]
                depth, size = max(depth, d + 1), size + s
            else:
                size += 1
        if depth > most:
            return f"nested more than {most} levels deep"
        open_.discard(id(obj))
        shape[id(obj)] = (depth, size)
    if shape and shape[id(data)][1] > 100_000 + 20 * len(shape):  # YAML aliases expanding a thousandfold
        return "aliases (*name) that repeat far more than the file holds"
    return None


def _short(e: Exception) -> str:
    text = (str(e).splitlines() or [type(e).__name__])[0]
    return text if len(text) <= 100 else text[:97] + "..."
