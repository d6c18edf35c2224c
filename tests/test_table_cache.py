"""The compiled-table cache can never change a score: whatever is found at an entry's place (an
edited entry, `[]`, a FIFO, a link to a device, a folder), the value is the one the table on disk
gives, the command never hangs or fails because of it, and the entry is rewritten."""

from __future__ import annotations

import copy
import json
import marshal
import os
import re
import subprocess
import sys
import time

import pytest

from helpers import ROOT
from mjscore.loading import read_yaml
from mjscore.rules import tablecache
from mjscore.errors import TableError
from mjscore.rules.tablefile import Quote, tables_dir, variant_names
from mjscore.rules.tables import build, load_variant, read_raw
from mjscore.rules.when import Leaf, Not, When

SPANISH = str(ROOT / "tables" / "spanish.yaml")
HAND = ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall"]
# Babcock, Rules for Mah-Jongg (1923), as the spanish table scores it: exposed pung of simples 2
# + concealed pung of honours (SSS) 8 + mah jong 20 + self-drawn 2 = 32; pung of own wind (South
# sitting South) doubles once: 32 x 2 = 64
CLEAN_VALUE = 64


def value(cache: str, *more: str) -> tuple[int, int, str]:
    """(exit status, value, stderr) of `mjscore score HAND` (and `more` options) in a fresh process using the cache
    folder."""
    env = {**os.environ, "MJSCORE_CACHE_DIR": cache}
    done = subprocess.run([sys.executable, "-m", "mjscore", "score", *HAND, *more, "--format", "json"], env=env,
                          capture_output=True, text=True, timeout=60)
    return done.returncode, json.loads(done.stdout)["value"] if done.returncode == 0 else None, done.stderr


def entry(cache) -> str:
    os.environ["MJSCORE_CACHE_DIR"] = str(cache)
    try:
        return tablecache.entry_path(SPANISH)
    finally:
        del os.environ["MJSCORE_CACHE_DIR"]


def test_a_tampered_entry_gives_the_clean_value_and_is_rewritten(tmp_path):
    cache = str(tmp_path / "cache")
    assert value(cache) == (0, CLEAN_VALUE, "")
    path = entry(cache)
    with open(path, "rb") as f:
        head, body = f.read().split(b"\n", 1)
    data = marshal.loads(body)
    rules = [r for t in data["tables"] for r in t["rules"] if r.get("points") == 20]
    assert [r["rule"] for r in rules] == ["mah jong"]  # the spanish table's one rule worth 20
    rules[0]["points"] = 2000  # mah jong worth 2000: every winner at the limit
    with open(path, "wb") as f:
        f.write(head + b"\n" + marshal.dumps(data))  # the old header: its data checksum no longer fits
    assert value(cache) == (0, CLEAN_VALUE, "")
    with open(path, "rb") as f:
        assert f.read().split(b"\n", 1)[1] == body  # rewritten from the YAML


def test_an_entry_for_another_interpreter_or_version_is_not_used(tmp_path):
    cache = str(tmp_path / "cache")
    assert value(cache) == (0, CLEAN_VALUE, "")
    path = entry(cache)
    with open(path, "rb") as f:
        clean = f.read()
    head, body = clean.split(b"\n", 1)
    for field in (b"python=", b"version=", b"schema="):
        start = head.index(field) + len(field)
        with open(path, "wb") as f:  # the same data, said to be for another interpreter, package or schema
            f.write(head[:start] + b"X" + head[start:] + b"\n" + body)
        assert value(cache) == (0, CLEAN_VALUE, "")
        with open(path, "rb") as f:
            assert f.read() == clean  # rewritten


@pytest.mark.parametrize("garbage", ["[]", "", "{}", "\n[]", "not json at all", '{"schema": 3}\n[]',
                                     "mjscore-table-cache schema=4\n\x00"])
def test_garbage_in_the_entry_is_ignored(tmp_path, garbage):
    cache = str(tmp_path / "cache")
    os.makedirs(cache)
    with open(entry(cache), "w") as f:
        f.write(garbage)
    assert value(cache) == (0, CLEAN_VALUE, "")


def test_a_fifo_at_the_entry_never_blocks(tmp_path):
    cache = str(tmp_path / "cache")
    os.makedirs(cache)
    os.mkfifo(entry(cache))
    assert value(cache) == (0, CLEAN_VALUE, "")  # subprocess.run's timeout turns a hang into a failure


def test_a_link_to_a_device_or_a_folder_is_ignored(tmp_path):
    cache = str(tmp_path / "cache")
    os.makedirs(cache)
    os.symlink("/dev/zero", entry(cache))
    assert value(cache) == (0, CLEAN_VALUE, "")
    os.remove(entry(cache))
    os.makedirs(entry(cache))  # cannot be replaced by a file: scoring goes on without a cache
    assert value(cache) == (0, CLEAN_VALUE, "")


def test_an_edited_table_is_read_again_even_with_its_old_time(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_CACHE_DIR", str(tmp_path / "cache"))
    table = tmp_path / "spanish.yaml"
    text = open(SPANISH, encoding="utf-8").read()
    table.write_text(text)
    assert read_raw(str(table))["limit"] == 300
    st = os.stat(table)
    table.write_text(text.replace("limit: 300", "limit: 900", 1))  # same size: 300 and 900
    os.utime(table, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the old time: only the bytes tell
    assert read_raw(str(table))["limit"] == 900


def test_the_cache_holds_exactly_the_yaml_data(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSCORE_CACHE_DIR", str(tmp_path / "cache"))
    with open(SPANISH, encoding="utf-8") as f:
        parsed = read_yaml(f)
    assert read_raw(SPANISH) == parsed  # first: parsed and stored
    assert os.path.isfile(tablecache.entry_path(SPANISH))
    assert read_raw(SPANISH) == parsed  # then: from the entry


def test_old_entries_are_pruned_and_other_files_left_alone(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("MJSCORE_CACHE_DIR", str(cache))
    old_scheme = cache / "spanish-1a2b3c4d-2048.json"  # the names of schema 2
    other_schema = cache / "basque-0123456789abcdef.v2.json"
    json_schema = cache / "hungarian-0123456789abcdef.v3.json"  # the JSON entries of schema 3
    unused = cache / f"danish-0123456789abcdef.v{tablecache.SCHEMA}.marshal"
    left_tmp = cache / f"dmjl-0123456789abcdef.v{tablecache.SCHEMA}.marshal.4242.tmp"
    fresh_tmp = cache / f"bmja-0123456789abcdef.v{tablecache.SCHEMA}.marshal.4343.tmp"
    foreign = cache / "notes.json"
    for p in (old_scheme, other_schema, json_schema, unused, left_tmp, fresh_tmp, foreign):
        p.write_text("x")
    long_ago = time.time() - 31 * 86400
    for p in (unused, left_tmp):
        os.utime(p, (long_ago, long_ago))
    read_raw(SPANISH)  # writes its entry, then prunes
    left = sorted(os.listdir(cache))
    assert left == sorted([os.path.basename(tablecache.entry_path(SPANISH)), fresh_tmp.name, foreign.name])


@pytest.mark.parametrize("name", variant_names(tables_dir(None)))
def test_a_table_checked_when_cached_has_the_same_switches_typed_when_read(name):
    """A cache hit skips the settlement's checks (build ran them when the entry was stored) and types the switches
    when first read: the variant is the one a fresh load builds, switches and cites included (issue 40)."""
    path = os.path.join(tables_dir(None), f"{name}.yaml")
    with open(path, encoding="utf-8") as f:
        raw = read_yaml(f)
    if "extends" in raw:  # (checked merged at every load: never built as checked)
        return
    fresh, cached = build(raw, path), build(raw, path, checked=True)
    assert isinstance(cached.switches, dict) and not isinstance(fresh.switches, dict)  # the two ways are taken
    assert cached.settlement == fresh.settlement and cached.settlement is cached.settlement
    def rest(v):  # (a compiled `when:` is compared by what it says: two builds compile two)
        return v._replace(switches=None, rules=[r._replace(pred=r.pred.written) for r in v.rules],
                          requires=[r._replace(pred=r.pred.written) for r in v.requires])
    assert rest(cached) == rest(fresh)


def shape(node) -> tuple:
    """A compiled `when:` as comparable data: its node kinds, conditions and parameters (their objects' addresses
    left out: a parameter compiled twice is two objects)."""
    if isinstance(node, Leaf):
        return "leaf", node.condition, re.sub(r" at 0x[0-9a-f]+", "", repr(node.param))
    if isinstance(node, Not):
        return "not", shape(node.part)
    return (type(node).__name__, tuple(shape(p) for p in node.parts),
            (node.written, node.whole) if isinstance(node, When) else ())


def compiled(variant) -> dict:
    """A variant's fields as data: its rules and requirements each with their `when:` shape."""
    fields = variant._asdict()
    for key in ("rules", "requires"):
        fields[key] = [(r._replace(pred=None), shape(r.pred)) for r in fields[key]]
    fields["switches"] = variant.settlement
    return fields


@pytest.mark.parametrize("name", [n for n in variant_names(tables_dir(None)) if n != "bmja"])  # (bmja extends dmjl)
def test_a_table_read_from_the_cache_compiles_as_a_checked_one(name, tmp_path, monkeypatch):
    """A table read from the cache is compiled without its checks (it passed them when stored): the variant must be
    the one the checks build, field by field, each rule's `when:` the same nodes."""
    monkeypatch.setenv("MJSCORE_CACHE_DIR", str(tmp_path / "cache"))
    path = os.path.join(tables_dir(None), f"{name}.yaml")
    raw = read_raw(path)
    assert compiled(build(raw, path, checked=True)) == compiled(build(raw, path))


def test_a_quote_on_several_lines_compiles_as_a_checked_one(tmp_path, monkeypatch):
    """A quote's text kept on one line (its line breaks and runs of spaces as one space) on both paths: no packaged
    table writes one over several lines."""
    monkeypatch.setenv("MJSCORE_CACHE_DIR", str(tmp_path / "cache"))
    raw = copy.deepcopy(read_raw(SPANISH))
    rule = next(r for t in raw["tables"] for r in t["rules"] if r["rule"] == "mah jong")
    rule["quote"] = {"text": "Entonces,  el jugador\n puede cantar", "gloss": "Then\nthe player  may call"}
    checked = build(raw, SPANISH, checked=True)
    assert compiled(checked) == compiled(build(raw, SPANISH))
    assert [r.quote for r in checked.rules if r.name == "mah jong"] == [
        Quote("Entonces, el jugador puede cantar", "es", "Then the player may call", "p. 2 §6")]


BROKEN = [  # (what the copy changes in spanish.yaml, the refusal's place and problem)
    ('        points: 20         # page 2, Primas: "Mah Jongg (gana la mano): 20 puntos"', '        points: twenty',
     "table \"Winner's premiums\" rule 1 'mah jong': points must be a whole number, not 'twenty'"),
    ("        when: {from: wall}\n        points: 2 ", "        when: {from: wal}\n        points: 2 ",
     "table \"Winner's premiums\" rule 2 'self-drawn': condition 'from' 'wal' is not one of: discard, wall, loose, "
     "kong"),
]


@pytest.mark.parametrize("old, new, problem", BROKEN)
def test_an_edited_copy_is_checked_after_the_original_was_read_from_the_cache(old, new, problem, tmp_path,
                                                                              monkeypatch):
    """The original table read from its checked cache entry, a club's copy with a broken rule is still refused with
    its message: from its own folder, and at the same path once edited (a fresh process: nothing kept in memory)."""
    cache = str(tmp_path / "cache")
    monkeypatch.setenv("MJSCORE_CACHE_DIR", cache)
    read_raw(SPANISH)
    assert os.path.isfile(tablecache.entry_path(SPANISH))  # the original's entry, checked when stored
    assert value(cache) == (0, CLEAN_VALUE, "")  # and a command reading it
    text = open(SPANISH, encoding="utf-8").read()
    assert text.count(old) == 1
    club = tmp_path / "club"
    club.mkdir()
    copy = club / "spanish.yaml"
    copy.write_text(text.replace(old, new))
    with pytest.raises(TableError) as refused:
        load_variant("spanish", str(club))
    assert str(refused.value) == f"{copy}: {problem}"
    copy.write_text(text)  # the copy as the original: read and cached, checked
    assert value(cache, "--tables", str(club)) == (0, CLEAN_VALUE, "")
    copy.write_text(text.replace(old, new))  # then edited at the same path
    assert value(cache, "--tables", str(club)) == (2, None, f"mjscore: error: {copy}: {problem}\n")
