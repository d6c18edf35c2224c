"""Reading YAML and JSON input strictly: whatever is wrong with a file becomes a ReadProblem.

PyYAML keeps the last of two equal keys without a word, so a second `deals:` would drop
the first list silently: here a key given twice is an error. Values PyYAML cannot build
(a 5000-digit number, `!!int abc`), structures nested too deeply to print or to send to
a worker process, and YAML aliases that make a document stand for far more than it holds
(nine lines can stand for a billion items) are refused too, with their line where it is
known, never raised as Python errors or left to fill the memory or the disk.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import IO, Any, Iterator, NamedTuple

from mjscore.errors import shown

MAX_DEPTH = 32  # a game file nests four levels; anything far deeper is a broken file
# YAML aliases (*name, and merge keys <<: *name) may make a document stand for far more than is written in it:
# counted as it is composed (each list or mapping 1, each scalar 1 and its length), the whole document may
# stand for ALIAS_TIMES what its own nodes hold, or ALIAS_FLOOR in all. A file without aliases stands for
# exactly what it holds, whatever its size; a file of nine lines could stand for a billion items.
ALIAS_TIMES = 10
ALIAS_FLOOR = 1_000_000


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


class NotYaml(ReadProblem):
    """YAML that does not parse; `detail` what is wrong, in PyYAML's words (or mjscore's where it refuses more
    than PyYAML: a key given twice), kept apart so that a face says the rest in the reader's language."""

    def __init__(self, detail: str, line: int | None = None):
        super().__init__(f"not valid YAML: {detail}", line)
        self.detail = detail


_LOADER: Any = None  # (a class made of yaml's, which has no types: as Any)


def strict_loader() -> Any:
    """libyaml's safe loader (when present) that refuses a mapping key given twice."""
    global _LOADER
    if _LOADER is None:
        import yaml

        base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        class Strict(base):  # type: ignore[valid-type, misc]
            """yaml's safe loader, refusing a key given twice: yaml would keep the last silently, and a
            hand or a rule typed twice is a mistake to point at, not to guess at."""

            def construct_mapping(self, node: Any, deep: bool = False) -> Any:
                seen: set[tuple[str, str]] = set()
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


_COUNTING: Any = None


def counting_loader() -> Any:
    """The strict loader with PyYAML's composer, called node by node in Python (libyaml's own composer builds
    only whole documents and counts nothing): it refuses nesting deeper than MAX_DEPTH before Python's
    recursion limit could be reached (libyaml's parser alone would go on to 1000 levels) and aliases that
    make the document stand for far more than it holds (ALIAS_TIMES), both with the line where they are,
    before anything is built. `depth`, the lists and mappings around the node composed next, may be set by a
    caller composing a document part by part (yamlstream)."""
    global _COUNTING
    if _COUNTING is None:
        import yaml
        from yaml.composer import Composer, ComposerError
        from yaml.nodes import MappingNode, ScalarNode, SequenceNode

        base = strict_loader()
        alias, scalar, seq, seq_end, map_, map_end = (yaml.AliasEvent, yaml.ScalarEvent, yaml.SequenceStartEvent,
                                                      yaml.SequenceEndEvent, yaml.MappingStartEvent,
                                                      yaml.MappingEndEvent)

        class Counting(base, Composer):  # type: ignore[valid-type, misc]
            """The strict loader, composing one node at a time and counting what each stands for."""

            def __init__(self, stream: Any) -> None:
                base.__init__(self, stream)
                self.anchors: dict[str, Any] = {}
                self.depth = 0
                self.sizes: dict[str, int] = {}  # anchor -> what its node stands for, aliases within counted
                self.written = self.expanded = 0  # what the nodes composed hold; what they stand for
                self.kept: dict[Any, Any] = {}  # an anchored node -> its data, built once for the whole document

            def compose_node(self, parent: Any, index: Any) -> Any:
                """Composer.compose_node's node (its checks and words), counted. Written out here, not called:
                it is most of the time a YAML archive takes to read. (Safe loading has no path resolvers:
                descend_resolver and ascend_resolver would do nothing.)"""
                event = self.get_event()
                cls, anchor = event.__class__, event.anchor
                if cls is alias:
                    node = self.anchors.get(anchor)
                    if node is None:
                        raise ComposerError(None, None, f"found undefined alias {anchor!r}", event.start_mark)
                    self.expanded += self.sizes.get(anchor, 0)  # (0: its own node, being composed)
                    if self.expanded > ALIAS_FLOOR and self.expanded > ALIAS_TIMES * self.written:
                        raise ReadProblem(aliases_repeat(self.expanded, self.written), event.start_mark.line + 1)
                    return node
                if anchor is not None and anchor in self.anchors:
                    raise ComposerError(f"found duplicate anchor {anchor!r}; first occurrence",
                                        self.anchors[anchor].start_mark, "second occurrence", event.start_mark)
                tag = event.tag
                if cls is scalar:
                    value = event.value
                    if tag is None or tag == "!":
                        tag = self.resolve(ScalarNode, value, event.implicit)
                    node = ScalarNode(tag, value, event.start_mark, event.end_mark, style=event.style)
                    own = 1 + len(value)
                    self.written += own
                    self.expanded += own
                    if anchor is not None:
                        self.anchors[anchor] = node
                        self._anchored(anchor, node, own)
                    return node
                depth = self.depth = self.depth + 1
                if depth > MAX_DEPTH:
                    raise ReadProblem(f"nested more than {MAX_DEPTH} levels deep", event.start_mark.line + 1)
                before = self.expanded
                self.written += 1
                self.expanded += 1
                compose, peek = self.compose_node, self.peek_event
                if cls is seq:
                    if tag is None or tag == "!":
                        tag = self.resolve(SequenceNode, None, event.implicit)
                    node = SequenceNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
                    if anchor is not None:
                        self.anchors[anchor] = node
                    items = node.value
                    while peek().__class__ is not seq_end:
                        items.append(compose(node, None))
                elif cls is map_:
                    if tag is None or tag == "!":
                        tag = self.resolve(MappingNode, None, event.implicit)
                    node = MappingNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
                    if anchor is not None:
                        self.anchors[anchor] = node
                    pairs = node.value
                    while peek().__class__ is not map_end:
                        key = compose(node, None)
                        pairs.append((key, compose(node, key)))
                else:
                    raise ComposerError(None, None, f"expected a node, but found {cls.__name__}", event.start_mark)
                node.end_mark = self.get_event().end_mark
                self.depth = depth - 1
                if anchor is not None:
                    self._anchored(anchor, node, self.expanded - before)
                return node

            def _anchored(self, anchor: str, node: Any, size: int) -> None:
                self.sizes[anchor] = size
                self.kept[node] = None
                self.construct_object = self._construct_kept  # (only in a document with anchors)

            def _construct_kept(self, node: Any, deep: bool = False) -> Any:
                """construct_object, building an anchored node once for the whole document, as yaml.load
                does: a part built alone (a deal: stream_game) shares what its aliases stand for with the
                parts before, never builds it anew."""
                data = self.kept.get(node)
                if data is None:
                    data = base.construct_object(self, node, deep)
                    if node in self.kept:
                        self.kept[node] = data
                return data

            def read_node(self) -> Any:
                """The one document's node (None for an empty stream), as yaml.compose would give it."""
                return Composer.get_single_node(self)

            def build(self, node: Any, most: int = MAX_DEPTH) -> Any:
                """The node's data, refused (ReadProblem) where too_big says why."""
                data = self.construct_document(node)
                problem = too_big(data, most)
                if problem:
                    raise ReadProblem(problem, node.start_mark.line + 1)
                return data

        Counting.yaml = yaml
        _COUNTING = Counting
    return _COUNTING


def aliases_repeat(expanded: int, written: int) -> str:
    return (f"aliases (*name, <<: *name) repeat too much: {expanded:,} characters and items from {written:,} "
            f"written (at most {ALIAS_TIMES} times as many, or {ALIAS_FLOOR:,}); write the values out")


@contextlib.contextmanager
def yaml_problems() -> Iterator[None]:
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
            raise ReadProblem(f"nested more than {MAX_DEPTH} levels deep", mark.line + 1 if mark else None) from None
        raise NotYaml(problem, mark.line + 1 if mark else None) from None
    except RecursionError:
        raise NotYaml(f"nested more than {MAX_DEPTH} levels deep") from None
    except (ValueError, OverflowError) as e:  # a value PyYAML cannot build: its words say which
        raise NotYaml(f"a value that cannot be read ({_short(e)})") from None
    except (TypeError, KeyError, AttributeError):  # the same, in words about PyYAML's insides
        raise NotYaml("a value that cannot be read (a !!tag that does not fit its value?)") from None


def read_yaml(stream: IO[str] | IO[bytes] | str | bytes) -> Any:
    """The data of a YAML stream; ReadProblem (with the line where known) if it cannot be used: a key given
    twice, a value that cannot be built, nesting deeper than MAX_DEPTH, aliases that repeat far more than the
    file holds. A UnicodeDecodeError passes through: callers say "not a text file" in their own words."""
    with yaml_problems():
        loader = counting_loader()(stream)
        try:
            node = loader.read_node()
            data = None if node is None else loader.construct_document(node)
        finally:
            loader.dispose()
    _check_shape(data)
    return data


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """object_pairs_hook: a JSON object with a key given twice is refused, as the YAML reader refuses
    it (json keeps the last value without a word, so `"winner": null` would undo a win silently)."""
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ReadProblem(f"key {shown(key)} given twice in one mapping")
            seen.add(key)
    return d


_DECODE = json.JSONDecoder(object_pairs_hook=_unique_keys).decode


class _LongNumber(ReadProblem):
    def __init__(self, digits: int):
        super().__init__(long_number(digits))
        self.digits = digits


def _whole_number(text: str) -> int:
    """json's parse_int: a number too long for Python to read is said so (json's own ValueError would be
    taken for text that is not JSON at all)."""
    try:
        return int(text)
    except ValueError:
        raise _LongNumber(len(text.lstrip("-"))) from None


def long_number(digits: int) -> str:
    import sys

    most = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    return f"a number of {digits:,} digits: too long to read" + (f" (at most {most:,})" if most else "")


def _line_of(text: str, digits: int = 0) -> int | None:
    """The line of the first place of a JSON text nested more than MAX_DEPTH deep or, given `digits`, of its
    first whole number of that many digits; None if there is none. Only for a message: strings are read past."""
    tokens = re.compile(r'"(?:[^"\\]|\\.)*"?|' + (rf"-?[0-9]{{{digits}}}(?![0-9])" if digits else r"[\[\]{}]"))
    depth = 0
    for m in tokens.finditer(text):
        c = m.group()
        if c == "[" or c == "{":
            depth += 1
            if depth > MAX_DEPTH:
                return text.count("\n", 0, m.start()) + 1
        elif c == "]" or c == "}":
            depth -= 1
        elif digits and c[0] != '"':
            return text.count("\n", 0, m.start()) + 1
    return None


def read_json(text: str) -> Any:
    """A whole JSON document (a Tenhou log): a ValueError for text that is not JSON; ReadProblem, with the
    line, for JSON that cannot be used: nested more than MAX_DEPTH levels (json alone would go down to
    Python's recursion limit and fail there), or a number too long to read."""
    try:
        data = json.loads(text, parse_int=_whole_number)
    except RecursionError:
        raise ReadProblem(f"nested more than {MAX_DEPTH} levels deep", _line_of(text)) from None
    except _LongNumber as e:
        raise ReadProblem(str(e), _line_of(text, e.digits)) from None
    problem = too_big(data)
    if problem:
        raise ReadProblem(problem, _line_of(text))
    return data


def read_json_line(raw: bytes | int) -> Any:
    """One line of a JSON Lines file (from read_lines: an int is the length of a line too long to read);
    ReadProblem says why it cannot be used."""
    if isinstance(raw, int):
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
        if "integer string conversion" in str(e):  # Python's own words, which name its insides
            raise ReadProblem(long_number(max(map(len, re.findall(r"[0-9]+", text))))) from None
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


def read_lines(f: IO[bytes]) -> Iterator[bytes | int]:
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
    """Why nested lists and mappings cannot be used, or None: nested more than `most` levels, or a part that
    contains itself (YAML's `&a [*a]`). Each distinct part is looked at once, without recursion. (What YAML
    aliases repeat is counted as they are composed: counting_loader.)"""
    depths: dict[int, int] = {}  # id -> depth
    open_: set[int] = set()
    stack = [(data, False)]
    while stack:
        obj, closing = stack.pop()
        kids = obj.values() if isinstance(obj, dict) else obj if isinstance(obj, list) else None
        if kids is None or (not closing and id(obj) in depths):
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
        depth = 1
        for k in kids:
            if isinstance(k, (dict, list)):
                depth = max(depth, depths[id(k)] + 1)
        if depth > most:
            return f"nested more than {most} levels deep"
        open_.discard(id(obj))
        depths[id(obj)] = depth
    return None


def _short(e: Exception) -> str:
    text = (str(e).splitlines() or [type(e).__name__])[0]
    return text if len(text) <= 100 else text[:97] + "..."
