"""A YAML game file read deal by deal: its header built whole, each item of its `deals:` list built alone.

A recorded game is a header (variant, options, players) and a long list of deals. Loading the whole
document first keeps every deal of an archive in memory at once (a 100,000-deal file took over a
gigabyte), so the top-level mapping is taken apart here event by event: each header value and each
deal is composed and constructed on its own (libyaml's parser, PyYAML's composer and the strict
constructor of mjscore.loading), handed on, and forgotten. The checks and the words are
`read_yaml`'s: a key given twice, a value that cannot be built, nesting too deep, a second document, and
aliases that repeat far more than the file holds, counted over the whole document: a deal's alias may
stand for a deal before it, and each deal goes on whole (to a temporary file: play/game.py), so a count
per deal would let a 5 MB file write a gigabyte. What an anchor stands for is built once, as yaml.load
builds it.
Header keys may stand before or after `deals:`; a document that is not a mapping (or whose `deals:`
is not a plain list) is built whole, as before, for its caller to refuse.
"""

from __future__ import annotations

from typing import IO, Any, Callable

from mjscore.errors import shown
from mjscore.loading import MAX_DEPTH, NotYaml, counting_loader, yaml_problems

EachDeal = Callable[[int, Any], None]  # each deal's line and data, as it is read

STREAMED = object()  # stands for the deals list in the header mapping: its items went to `each_deal`
SEQ, MAP = "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"


def stream_game(stream: IO[str], each_deal: EachDeal) -> Any:
    """The document of a YAML stream (a text file); when it is a mapping with a plain list `deals:`, that
    list's items go to `each_deal(line, data)` in order as they are read and the mapping holds STREAMED in
    their place. ReadProblem (read_yaml's words) for anything wrong; UnicodeDecodeError passes through."""
    with yaml_problems():
        loader = counting_loader()(stream)
        try:
            return _document(loader, each_deal)
        finally:
            loader.dispose()


def _document(loader: Any, each_deal: EachDeal) -> Any:
    yaml = loader.yaml
    loader.get_event()  # stream start
    data = None
    if not loader.check_event(yaml.StreamEndEvent):
        start = loader.get_event()  # document start
        event = loader.peek_event()
        if (isinstance(event, yaml.MappingStartEvent) and event.anchor is None
                and event.tag in (None, "!", MAP)):
            data = _mapping(loader, each_deal)
        else:  # not a game's mapping: built whole for the caller's message
            loader.depth = 0
            data = loader.build(loader.compose_node(None, None), MAX_DEPTH)
        loader.get_event()  # document end
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.get_event()
            raise yaml.composer.ComposerError("expected a single document in the stream", start.start_mark,
                                              "but found another document", event.start_mark)
    return data


def _mapping(loader: Any, each_deal: EachDeal) -> dict[Any, Any]:
    """The top-level mapping, key by key; its `deals:` list item by item."""
    yaml = loader.yaml
    loader.get_event()  # mapping start
    loader.depth = 1
    out: dict[Any, Any] = {}
    seen: set[tuple[str, str]] = set()
    while not loader.check_event(yaml.MappingEndEvent):
        key_node = loader.compose_node(None, None)
        if isinstance(key_node, yaml.ScalarNode):  # the strict loader's check, at the top level
            if (key_node.tag, key_node.value) in seen:
                raise NotYaml(f"key {shown(key_node.value)} given twice in one mapping", key_node.start_mark.line + 1)
            seen.add((key_node.tag, key_node.value))
        key = loader.build(key_node, MAX_DEPTH - 1)
        try:
            hash(key)
        except TypeError:
            raise NotYaml("found unhashable key", key_node.start_mark.line + 1) from None
        event = loader.peek_event()
        if (key == "deals" and isinstance(event, yaml.SequenceStartEvent) and event.anchor is None
                and event.tag in (None, "!", SEQ)):
            loader.get_event()
            loader.depth = 2
            while not loader.check_event(yaml.SequenceEndEvent):
                line = loader.peek_event().start_mark.line + 1  # (an alias's own line, not its anchor's)
                each_deal(line, loader.build(loader.compose_node(None, None), MAX_DEPTH - 2))
            loader.get_event()
            loader.depth = 1
            out[key] = STREAMED
        else:
            out[key] = loader.build(loader.compose_node(None, None), MAX_DEPTH - 1)
    loader.get_event()  # mapping end
    return out


def count_deals(stream: IO[str] | IO[bytes]) -> int | None:
    """How many items the top-level `deals:` list has, from the parser's events alone (nothing is built):
    for a progress bar. None when the document is not a game's mapping or cannot be parsed."""
    import yaml

    depth, key, at_deals, count = 0, None, False, 0
    try:
        for event in yaml.parse(stream, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if at_deals and depth == 2:
                    count += 1
                if depth == 1 and key == "deals" and isinstance(event, yaml.SequenceStartEvent):
                    at_deals = True
                depth += 1
                key = None
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
                if depth == 1:
                    at_deals, key = False, None
            elif isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)):
                if at_deals and depth == 2:
                    count += 1
                elif depth == 1:
                    key = event.value if key is None and isinstance(event, yaml.ScalarEvent) else None
    except (yaml.YAMLError, UnicodeDecodeError, RecursionError):
        return None
    return count
