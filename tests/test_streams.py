"""Closed standard streams (issue 25, item 8): a command started with standard input or output closed
(`<&-`, `>&-`), or opened the wrong way round, says so in one line on standard error, exit status 2,
never "internal error" and never an output dropped without a word. Each case runs the real program
with the descriptor closed before it starts (subprocess's DEVNULL is open, not closed)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers import EXAMPLES, ROOT

pytestmark = pytest.mark.skipif(os.name != "posix", reason="closing a descriptor before exec is POSIX's")

GAME = str(EXAMPLES / "game-dmjl.yaml")
DEAL = str(EXAMPLES / "deal-spanish.yaml")
HAND = "[555p] 123m 789s SSS NN 11s"
STDIN_CLOSED = "mjscore: error: standard input is closed: give a file name, or pipe the {} in\n"
STDOUT_CLOSED = ("mjscore: error: standard output is closed: the output would be lost; give -o FILE to write it "
                 "to a file\n")


def mjscore(*args, close: int | None = None, **kw) -> subprocess.CompletedProcess:
    """The program with descriptor `close` closed as it starts (as the shell's `<&-` or `>&-` leaves it)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("MJSCORE_DEBUG", None)
    kw.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "mjscore", *args], env=env, stderr=subprocess.PIPE, text=True,
                          timeout=60, preexec_fn=None if close is None else (lambda: os.close(close)), **kw)


@pytest.mark.parametrize("args, what", [(["batch", "-"], "game"), (["sheet", "-"], "game"),
                                        (["standings", "-"], "game"), (["report", "-"], "game"),
                                        (["settle", "-"], "deal"), (["batch", GAME, "-"], "game")])
def test_a_closed_standard_input_is_said_in_one_line(args, what):
    done = mjscore(*args, close=0)
    assert (done.returncode, done.stderr, done.stdout) == (2, STDIN_CLOSED.format(what), "")  # batch GAME -: nothing


@pytest.mark.parametrize("command", ["batch", "sheet", "settle"])
def test_a_standard_input_open_for_writing_only_is_said_in_one_line(command, tmp_path):
    with open(tmp_path / "w", "w") as wrong:
        done = mjscore(command, "-", stdin=wrong)
    what = "deal" if command == "settle" else "game"
    assert (done.returncode, done.stderr) == (2, f"mjscore: error: standard input is not open for reading: give "
                                                 f"a file name, or pipe the {what} in\n")


def test_standard_input_given_twice_to_batch_is_refused_before_anything_is_printed():
    with open(GAME, encoding="utf-8") as game:
        done = mjscore("batch", "-", "-", stdin=game)
    assert (done.returncode, done.stderr, done.stdout) == (2, "mjscore: error: - (standard input) can be given "
                                                              "once\n", "")


@pytest.mark.parametrize("args", [["batch", GAME], ["batch", GAME, "-o", "-"], ["score", HAND], ["compare", HAND],
                                  ["waits", "[555p] 123m 789s SSS 1s"], ["settle", DEAL], ["sheet", GAME],
                                  ["standings", GAME], ["variants"], ["notation"]])
def test_a_closed_standard_output_is_said_in_one_line(args):
    done = mjscore(*args, close=1)
    assert (done.returncode, done.stderr) == (2, STDOUT_CLOSED)


def test_with_standard_output_closed_o_file_still_writes_the_file(tmp_path):
    assert mjscore("batch", GAME, close=1).stderr == STDOUT_CLOSED
    out = tmp_path / "out.txt"
    done = mjscore("batch", GAME, "-o", str(out), close=1)
    assert (done.returncode, done.stderr) == (0, "")
    assert out.read_text(encoding="utf-8").startswith(f"{GAME}: dmjl")


@pytest.mark.parametrize("args", [["score", HAND], ["batch", GAME], ["sheet", GAME]])
def test_a_standard_output_open_for_reading_only_is_said_in_one_line(args):
    with open(os.devnull) as wrong:  # `1</dev/null`: every write fails with EBADF
        done = mjscore(*args, stdout=wrong)
    assert (done.returncode, done.stderr) == (2, "mjscore: error: standard output is not open for writing: the "
                                                 "output would be lost; give -o FILE to write it to a file\n")
