"""What keeps `mjscore score` quick to start, checked without a clock: what it imports, that the
command group finds every command, that the JSON it prints is json.dumps's, and that the garbage
collector's start-up pause is over when a command does its work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata

import click
import pytest

from mjscore.cli import YOUNG_OBJECTS
from mjscore.cli.options import MjscoreCommand
from mjscore.cli.main import COMMANDS, main
from mjscore.cli.output import to_json

HAND = ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall",
        "--format", "json"]
# Babcock, Rules for Mah-Jongg (1923), as the spanish table scores it: exposed pung of simples 2
# + concealed pung of honours (SSS) 8 + mah jong 20 + self-drawn 2 = 32; pung of own wind doubles
# once: 32 x 2 = 64
VALUE = 64

# Run as the `mjscore` script runs (mjscore.cli.run); at exit, print the modules loaded.
PROGRAM = """
import atexit, sys
atexit.register(lambda: print(" ".join(sorted(sys.modules)), file=sys.stderr))
from mjscore.cli import run
sys.argv = ["mjscore", *sys.argv[1:]]
run()
"""


def program(args: list[str], cache: str, code: str = PROGRAM) -> subprocess.CompletedProcess:
    env = {**os.environ, "MJSCORE_CACHE_DIR": cache}
    return subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=60)


def loaded(done: subprocess.CompletedProcess) -> set[str]:
    return set(done.stderr.split())


def test_score_with_a_warm_cache_loads_only_what_it_needs(tmp_path):
    cache = str(tmp_path / "cache")
    first = program(["score", *HAND], cache)  # parses the YAML and fills the cache
    assert first.returncode == 0 and json.loads(first.stdout)["value"] == VALUE
    assert "yaml" in loaded(first)  # the cold run reads YAML: the check below is not vacuous
    done = program(["score", *HAND], cache)
    assert done.returncode == 0 and json.loads(done.stdout)["value"] == VALUE
    modules = loaded(done)
    assert "mjscore.cli.score" in modules and "mjscore.rules.scoring" in modules
    unwanted = {"yaml", "tabulate", "json", "hashlib", "signal", "csv", "unicodedata", "mjscore.loading",
                "locale",  # (gettext's first call imports it: click's words for --help and --version are not asked)
                "mjscore.names",  # (a table's text checked when it was cached is not checked again)
                "mjscore.api_results",
                "mjscore.cli.report", "mjscore.cli.batch", "mjscore.cli.hand_commands", "mjscore.cli.game_commands",
                "mjscore.cli.info", "mjscore.cli.serve", "mjscore.cli.season", "mjscore.cli.chart",
                "mjscore.rules.switches", "mjscore.rules.riichi_settlement",  # (a hand reads no settlement switch)
                "mjscore.rules.mcr", "mjscore.rules.mcr_sets", "mjscore.rules.riichi"}
    # (spanish names conditions of registry.py and special.py only: rules/conditions.py imports no module after them)
    assert sorted(modules & unwanted) == []
    assert sorted(m for m in modules if m.startswith(("mjscore.play", "mjscore.web"))) == []


def test_score_makes_only_the_message_keys_it_names(tmp_path):
    """A key of M is made when first named (messages/keys.py): a score makes a few of them, yet M as a whole is
    every key, each one object, numbered in the order written."""
    code = PROGRAM.replace("run()", """
from mjscore.messages import M
atexit.register(lambda: print("made:", sum(name.isupper() for name in vars(M)), file=sys.stderr))
run()""")
    done = program(["score", *HAND], str(tmp_path / "cache"), code)
    assert done.returncode == 0 and json.loads(done.stdout)["value"] == VALUE
    made = int(done.stderr.split("made: ")[1].split()[0])
    from mjscore.messages import M

    assert 0 < made < len(M) // 4 and len(M) > 400
    keys = list(M)
    assert [k.value for k in keys] == list(range(1, len(M) + 1)) and all(M[k.name] is k is getattr(M, k.name)
                                                                        for k in keys)


def test_score_as_a_table_does_not_load_json(tmp_path):
    cache = str(tmp_path / "cache")
    program(["score", *HAND], cache)
    done = program(["score", *HAND[:-2]], cache)
    assert done.returncode == 0 and "64" in done.stdout
    assert "json" not in loaded(done) and "yaml" not in loaded(done)


def test_the_group_names_every_command_in_its_modules():
    """A command added to a module but not to COMMANDS would be missing from `mjscore`."""
    from importlib import import_module

    defined = {name: module for module in set(COMMANDS.values())
               for name, value in vars(import_module(f"mjscore.cli.{module}")).items()
               if isinstance(value, click.Command)}
    assert defined == COMMANDS


def test_help_lists_every_command_with_its_line(tmp_path):
    done = program(["--help"], str(tmp_path / "cache"))
    assert done.returncode == 0
    listed = done.stdout.split("Commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in listed] == sorted(COMMANDS)
    assert "  score      Value of one HAND, itemised." in listed


def test_help_and_version_say_clicks_own_words(tmp_path):
    """--help and --version are made by mjscore (cli/options.py), not by click's help_option and version_option, so
    that no start asks gettext: each option's line of the help is the one click's own option gives, and --version
    says what click's said (its message "%(prog)s, version %(version)s", the installed distribution's version)."""
    ctx = click.Context(click.Command("x"), info_name="x")
    ctx.help_option_names = ["-h", "--help"]
    theirs = click.Command("x").get_help_option(ctx)
    ours = MjscoreCommand("x").get_help_option(ctx)
    assert ours.get_help_record(ctx) == theirs.get_help_record(ctx) == ("-h, --help", "Show this message and exit.")
    assert (ours.is_eager, ours.expose_value) == (theirs.is_eager, theirs.expose_value) == (True, False)
    version = click.version_option(package_name="mjscore", prog_name="mjscore")(click.Command("x")).params[0]
    assert [p.get_help_record(ctx) for p in main.params] == [version.get_help_record(ctx)]
    cache = str(tmp_path / "cache")
    assert program(["--version"], cache).stdout == f"mjscore, version {metadata.version('mjscore')}\n"
    for args in (["--help"], ["score", "-h"]):
        done = program(args, cache)
        assert done.returncode == 0
        assert [" ".join(line.split()) for line in done.stdout.splitlines() if "--help" in line] == [
            "-h, --help Show this message and exit."]


def test_a_mistyped_command_is_matched_among_all_commands(tmp_path):
    """The group loads no command to refuse one, yet click's suggestion still names the close one."""
    done = program(["scor"], str(tmp_path / "cache"))
    assert done.returncode == 2
    assert done.stderr.startswith("mjscore: error: No such command 'scor'. Did you mean 'score'? "
                                  "(try 'mjscore --help')\n")
    assert "mjscore.cli.score" not in loaded(done)


def test_collection_is_on_while_a_command_works(tmp_path):
    """run() pauses the garbage collector for start-up only: a batch of a million deals must be collected, with a
    young generation of YOUNG_OBJECTS (the interpreter's 700 made it walk a batch's new cache entries hundreds of
    times)."""
    code = PROGRAM.replace("run()", """
import gc
import mjscore.api as api
arrangements = api.arrangements
def spy(*args, **kwargs):
    print("collecting:", gc.isenabled(), "young:", gc.get_threshold()[0], file=sys.stderr)
    return arrangements(*args, **kwargs)
api.arrangements = spy
run()""")
    done = program(["score", *HAND], str(tmp_path / "cache"), code)
    assert done.returncode == 0 and json.loads(done.stdout)["value"] == VALUE
    assert f"collecting: True young: {YOUNG_OBJECTS}" in done.stderr and YOUNG_OBJECTS > 700


@pytest.mark.parametrize("data", [
    {"variant": "spanish", "items": [{"rule": "mah jong", "points": 20}], "limit_hand": None, "mahjong": True},
    {"player": "李", "quote": 'say "hi"\\', "tab": "a\tb\n", "control": "\x00\x1f\x7f", "astral": "\U0001f004"},
    [1.5, 0.1, 1e300, -0.0, 10 ** 30, -7, 0, [], {}, [[[]]], False, None],
    {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")},
    {1: "a key that is a number", False: "a key that is a flag", None: "no key", 2.5: "a float key"},
    ("a", "tuple"),
    "just a string",
    42,
])
def test_json_is_exactly_json_dumps(data):
    assert to_json(data) == json.dumps(data, ensure_ascii=False)


def test_json_refuses_what_json_refuses():
    with pytest.raises(TypeError, match="Object of type set is not JSON serializable"):
        to_json({"a": {1, 2}})
