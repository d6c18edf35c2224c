"""What the command line prints is safe for the terminal it lands on, and a full disk is said as one (issue 46,
items 8 and 10 and the minor points).

- Text from a file or an argument (a game's `rules: {variant: ...}`, a file's name, a missing file, `-o`,
  `--tables`) reaches standard error and the outputs for people (table, Markdown, HTML) with what is not
  printable shown as its escape (\\x1b), never raw: no escape sequence, bell or hyperlink drives the terminal.
- A table file whose title, source, table heading or rule name holds such a character is refused when it
  loads, in one line naming the file and the key (no face shows it).
- A long value a message echoes (a 4,290-digit --honba, a 100,000-character argument) is cut to about 40
  characters.
- No room on standard output, in `-o FILE` or in the temporary folder (ENOSPC) is one line saying the disk is
  full and where, exit 2, the old FILE kept.
"""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from helpers import EXAMPLES, ROOT, run

OSC8 = "\x1b]8;;http://evil/\x07click here\x1b]8;;\x07"  # a hyperlink the terminal would draw
TITLE = "\x1b]0;pwned\x07"  # sets the terminal window's title
GAME = EXAMPLES / "game-spanish.yaml"
HAND = "[555p] 123m 789s SSS NN"


def raw_escapes(text: str) -> list[str]:
    """The characters of `text` a terminal would act on or that are not shown: none may reach it."""
    return [ch for ch in text if ch != "\n" and not ch.isprintable()]


def one_safe_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("mjscore: error: "), err[:500]
    assert raw_escapes(err) == [], err
    return err


# --- item 10: escapes from file contents and names -------------------------------------------------------

def test_a_games_recorded_variant_with_a_hyperlink_is_one_visible_line(tmp_path):
    data = json.loads(json.dumps(__import__("yaml").safe_load(GAME.read_text(encoding="utf-8"))))
    data["rules"] = {"variant": OSC8}
    game = tmp_path / "g.yaml"
    game.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("batch", str(game))
    assert (code, out) == (2, "")
    one_safe_line(err)
    assert err.startswith(f"mjscore: error: {game}: rules.variant: expected a variant's name, not '\\x1b]8;;http")


def test_a_recorded_variant_of_a_megabyte_is_not_echoed_whole(tmp_path):
    data = __import__("yaml").safe_load(GAME.read_text(encoding="utf-8"))
    data["rules"] = {"variant": "x" * 1_000_000}
    game = tmp_path / "g.yaml"
    game.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run("batch", str(game))
    assert code == 2 and len(one_safe_line(err)) < 300 and "(1,000,000 characters)" in err


@pytest.fixture
def hostile_game(tmp_path) -> Path:
    """The Spanish example game under a file name that sets the terminal's title."""
    game = tmp_path / f"g{TITLE}.yaml"
    game.write_bytes(GAME.read_bytes())
    return game


@pytest.mark.parametrize("command", ["batch", "sheet", "standings"])
@pytest.mark.parametrize("fmt", ["table", "markdown", "html"])
def test_a_file_name_with_escapes_is_shown_visibly_in_headings(hostile_game, command, fmt):
    code, out, err = run(command, str(hostile_game), "--format", fmt)
    assert code == 0, err
    assert raw_escapes(out) == [] and err == ""
    assert "\\x1b" in out and "pwned\\x07.yaml" in out  # the name, each escape as Python writes it


def test_a_file_name_with_escapes_is_shown_visibly_through_o(hostile_game, tmp_path):
    code, _, err = run("batch", str(hostile_game), "-o", str(tmp_path / "out.txt"))
    assert code == 0, err
    text = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert raw_escapes(text) == [] and "\\x1b]0;pwned\\x07.yaml" in text


def test_data_formats_keep_the_file_name_exact(hostile_game):
    code, out, _ = run("batch", str(hostile_game), "--format", "json")
    assert code == 0 and json.loads(out)["games"][0]["file"] == str(hostile_game)


@pytest.mark.parametrize("args", [
    ["batch", f"/nowhere/{TITLE}.yaml"],
    ["sheet", f"/nowhere/{OSC8}.yaml"],
    ["batch", str(GAME), "-o", f"/nowhere/{TITLE}/out.txt"],
    ["batch", str(GAME), "--tables", f"/nowhere/{OSC8}"],
    ["score", HAND, "--format", OSC8],
    ["score", HAND, f"--{TITLE}"],
    [f"scor{TITLE}"],
])
def test_paths_and_arguments_echoed_in_errors_show_escapes_visibly(args):
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    one_safe_line(err)
    assert "\\x1b]" in err  # the argument is still named, visibly


# --- item 10: a table's own text --------------------------------------------------------------------------

SPANISH = (ROOT / "tables" / "spanish.yaml").read_text(encoding="utf-8")
SOURCE = SPANISH[SPANISH.index("source: "):SPANISH.index("tiles:")]  # the key and its folded lines


def house_table(tmp_path, old: str, new: str) -> Path:
    folder = tmp_path / "club"
    folder.mkdir(exist_ok=True)
    assert old in SPANISH
    (folder / "house.yaml").write_text(SPANISH.replace("variant: spanish", "variant: house", 1).replace(old, new, 1),
                                       encoding="utf-8")
    return folder


@pytest.mark.parametrize("old,new,key", [  # (YAML takes an escape only written as one: "\\e", "\\u001b")
    ("title: ", f"title: {json.dumps(TITLE)} #", "title"),
    (SOURCE, f"source: {json.dumps(OSC8)}\n", "source"),
    ("rule: mah jong", f"rule: {json.dumps('mah jong' + OSC8)}", "table \"Winner's premiums\" rule 1"),
    ("table: Winner's premiums", "table: \"Winner's premiums\\u202e\"", "tables[1] table"),
])
@pytest.mark.parametrize("command", ["variants house", "variants", "score", "batch"])
def test_a_table_whose_text_holds_an_escape_is_refused_when_it_loads(tmp_path, old, new, key, command):
    folder = house_table(tmp_path, old, new)
    game = tmp_path / "game.yaml"
    game.write_text(GAME.read_text(encoding="utf-8").replace("variant: spanish", "variant: house", 1))
    args = {"score": ["score", HAND, "-v", "house"], "batch": ["batch", str(game)]}.get(command, command.split())
    code, out, err = run(*args, "--tables", str(folder))
    assert (code, out) == (2, "")
    one_safe_line(err)
    assert err.startswith(f"mjscore: error: {folder / 'house.yaml'}: {key}: ")
    assert " holds U+" in err and err.endswith(": it is one line of visible text\n")


def test_a_table_title_of_plain_text_still_loads(tmp_path):
    folder = house_table(tmp_path, "title: ", "title: Our house rules, 2026 (é, 李) #")
    code, out, err = run("variants", "house", "--tables", str(folder))
    assert code == 0 and "Our house rules, 2026 (é, 李)" in out, err


# --- minor: values echoed whole -----------------------------------------------------------------------

@pytest.mark.parametrize("args,length", [
    (["score", HAND, "--variant", "riichi", "--honba", "9" * 4290], "4,290"),
    (["score", HAND, "--format", "1m" * 50_000], "100,000"),
    (["1m" * 50_000], "100,000"),
    (["batch", "/nowhere/" + "x" * 100_000], "100,009"),
    (["score", HAND, "--honba=" + "x" * 5000], "5,000"),
])
def test_a_long_value_echoed_in_a_message_is_cut(args, length):
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    assert len(one_safe_line(err)) < 300 and f"... ({length} characters)" in err


# --- item 8: no room left ----------------------------------------------------------------------------------

NO_ROOM = "the disk is full (No space left on device)"


class FullDisk(io.RawIOBase):
    """A file on a disk with no room: every write fails as the system's would (ENOSPC)."""

    def __init__(self, fd: int | None = None):
        self.fd = fd

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset, whence=0) -> int:
        return 0

    def readinto(self, b) -> int:
        return 0

    def write(self, b) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        super().close()


def test_a_full_disk_under_o_keeps_the_old_file_and_says_so(tmp_path, monkeypatch):
    from mjscore.cli import outfile

    out = tmp_path / "standings.csv"
    out.write_text("the old standings\n")
    monkeypatch.setattr(outfile, "open", lambda fd, mode, **kw: io.TextIOWrapper(io.BufferedWriter(FullDisk(fd)), **kw),
                        raising=False)
    code, stdout, err = run("batch", str(GAME), "--format", "csv", "-o", str(out))
    assert (code, stdout) == (2, "")
    assert one_safe_line(err) == (f"mjscore: error: -o {out}: {NO_ROOM}; {out} is as it was; free some space, or "
                                  "give -o a file on another disk\n")
    assert out.read_text() == "the old standings\n" and sorted(os.listdir(tmp_path)) == ["standings.csv"]


@pytest.mark.parametrize("output", [None, "sheets.txt"])
def test_a_full_temporary_folder_is_said_as_that_not_as_the_outputs(tmp_path, monkeypatch, output):
    from mjscore import spool

    monkeypatch.setattr(spool.tempfile, "TemporaryFile", lambda **kw: io.BufferedRandom(FullDisk()))
    code, out, err = run("sheet", str(GAME), *(["-o", str(tmp_path / output)] if output else []))
    assert (code, out) == (2, "")
    assert one_safe_line(err) == (f"mjscore: error: the temporary folder {tempfile.gettempdir()}: {NO_ROOM}; free "
                                  "some space there, or set TMPDIR to a folder on a disk with room\n")
    assert os.listdir(tmp_path) == []  # -o wrote nothing


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["batch", str(GAME), "--format", "csv"], ["score", HAND], ["variants"],
                                  ["sheet", str(GAME)]])
def test_a_full_standard_output_is_one_line(args):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "mjscore", *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, env=env, timeout=60)
    assert done.returncode == 2
    assert done.stderr == (f"mjscore: error: standard output (/dev/full): {NO_ROOM}; free some space, or write "
                           "the output elsewhere (-o FILE)\n")
