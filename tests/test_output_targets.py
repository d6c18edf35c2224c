"""What `-o PATH` does to what is already at PATH (issue 25, item 7). A regular file is replaced
atomically; a symbolic link stays a link and its target is written; a FIFO or a character device is
written as a stream, never replaced by a regular file; a folder, a socket or links that loop are
refused in one line. The stale-file clean-up removes mjscore's own temporary files only.

Run as root, a regression here could replace /dev/null or /dev/stdout for the whole machine: the
tests that write there first do the same to a device node or a link of their own, in tmp_path, and
stop if that was replaced."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading

import pytest

from helpers import EXAMPLES, ROOT, run

pytestmark = pytest.mark.skipif(os.name != "posix", reason="links, FIFOs and devices as POSIX has them")

HAND = "[555p] 123m 789s SSS NN 11s"


def scored() -> str:
    """What `score HAND` prints on standard output: what -o must write."""
    code, out, err = run("score", HAND)
    assert code == 0, err
    return out


def no_temporary_files(*folders) -> bool:
    return not [p for folder in folders for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_a_symbolic_link_stays_a_link_and_its_target_is_written(tmp_path):
    (tmp_path / "site").mkdir()
    (tmp_path / "out").mkdir()
    target = tmp_path / "site" / "score.txt"
    target.write_text("last week's\n")
    link = tmp_path / "out" / "published.txt"
    link.symlink_to("../site/score.txt")  # relative, and in another folder than its target
    code, out, err = run("score", HAND, "-o", str(link))
    assert (code, out, err) == (0, "", "")
    assert link.is_symlink() and os.readlink(link) == "../site/score.txt"
    assert target.read_text() == scored()
    assert no_temporary_files(tmp_path / "site", tmp_path / "out")


def test_report_o_keeps_a_published_link(tmp_path):
    pytest.importorskip("matplotlib")
    target = tmp_path / "season-2024.html"
    target.write_text("old page")
    link = tmp_path / "season.html"
    link.symlink_to(target.name)
    code, _, err = run("report", str(EXAMPLES / "game-dmjl.yaml"), "-o", str(link))
    assert code == 0, err
    assert link.is_symlink() and target.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


def test_a_dangling_link_has_its_target_made(tmp_path):
    (tmp_path / "sub").mkdir()
    link = tmp_path / "link.txt"
    link.symlink_to("sub/new.txt")
    code, out, err = run("score", HAND, "-o", str(link))
    assert (code, err) == (0, "")
    assert link.is_symlink() and (tmp_path / "sub" / "new.txt").read_text() == scored()


def test_a_dangling_link_into_a_missing_folder_is_refused_in_one_line(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to("nowhere/new.txt")
    code, out, err = run("score", HAND, "-o", str(link))
    assert (code, out) == (2, "")
    assert err == (f"mjscore: error: -o {link}: a symbolic link to {tmp_path / 'nowhere' / 'new.txt'}, whose "
                   "folder does not exist; give another file name\n")
    assert link.is_symlink() and sorted(p.name for p in tmp_path.iterdir()) == ["link.txt"]


def test_links_in_a_loop_are_refused_in_one_line(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    code, out, err = run("score", HAND, "-o", str(tmp_path / "a"))
    assert (code, err) == (2, f"mjscore: error: -o {tmp_path / 'a'}: symbolic links that lead round in a loop; "
                              "give a file name\n")
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


def test_a_fifo_is_written_as_a_stream(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = {}

    def read():
        with open(fifo, encoding="utf-8") as f:
            got["text"] = f.read()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    code, out, err = run("score", HAND, "-o", str(fifo))
    reader.join(20)
    assert (code, out, err) == (0, "", "")
    assert got.get("text") == scored()
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and no_temporary_files(tmp_path)


@pytest.mark.parametrize("kind", ["folder", "socket"])
def test_a_folder_or_a_socket_is_refused_in_one_line(tmp_path, kind):
    path = tmp_path / kind
    if kind == "folder":
        path.mkdir()
        said = "is a folder; give a file name"
    else:
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(str(path))
        listener.close()
        said = "is a socket, which mjscore does not write; give a file name, or - for standard output"
    code, out, err = run("score", HAND, "-o", str(path))
    assert (code, out, err) == (2, "", f"mjscore: error: -o {path}: {said}\n")
    assert (path.is_dir() if kind == "folder" else stat.S_ISSOCK(os.lstat(path).st_mode))
    assert no_temporary_files(tmp_path)


def _device_of_our_own(tmp_path, name: str, device: str) -> None:
    """Root can replace anything in /dev: first write to a node of the same device in tmp_path, and stop
    if it was replaced (a regression then harms the test's folder, not the machine)."""
    if os.geteuid() != 0:
        return  # a user cannot write /dev: a regression fails to make its temporary file there
    node = tmp_path / name
    st = os.stat(device)
    os.mknod(node, 0o666 | stat.S_IFCHR, st.st_rdev)
    run("score", HAND, "-o", str(node))
    assert stat.S_ISCHR(os.lstat(node).st_mode), "-o replaced a device node: not trying the real one"


def test_dev_null_stays_a_character_device(tmp_path):
    _device_of_our_own(tmp_path, "null", os.devnull)
    code, out, err = run("score", HAND, "-o", os.devnull)
    assert (code, out, err) == (0, "", "")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_device_that_is_full_is_said_in_one_line(tmp_path):
    _device_of_our_own(tmp_path, "full", "/dev/full")
    code, out, err = run("score", HAND, "-o", "/dev/full")
    assert (code, err) == (2, "mjscore: error: -o /dev/full: the disk is full (No space left on device); free some "
                              "space, or give -o a file on another disk\n")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def _mjscore(*args, **kw) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("MJSCORE_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "mjscore", *args], env=env, text=True, timeout=60,
                          stderr=subprocess.PIPE, **kw)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="Linux's /proc/self/fd")
def test_dev_stdout_is_the_standard_output_itself(tmp_path):
    link = tmp_path / "stdout"  # first a link of the test's own to what /dev/stdout names
    link.symlink_to("/proc/self/fd/1")
    done = _mjscore("score", HAND, "-o", str(link), stdout=subprocess.PIPE)
    assert link.is_symlink(), "-o replaced a link to /proc/self/fd/1: not trying /dev/stdout"
    assert (done.returncode, done.stdout) == (0, scored())
    done = _mjscore("score", HAND, "-o", "/dev/stdout", stdout=subprocess.PIPE)  # a pipe
    assert (done.returncode, done.stdout, done.stderr) == (0, scored(), "")
    log = tmp_path / "log.txt"
    log.write_text("first line\n")
    with open(log, "a") as appended:  # `>> log.txt`: written on after what is there, as the shell would
        done = _mjscore("score", HAND, "-o", "/dev/stdout", stdout=appended)
    assert done.returncode == 0 and log.read_text() == "first line\n" + scored()
    assert os.readlink("/dev/stdout") == "/proc/self/fd/1"


def test_only_mjscore_s_own_stale_temporary_files_are_removed(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a process id no longer running
    ours = tmp_path / f".out.txt.mjscore-{dead.pid}-0123abcd.tmp"
    ours.write_text("left by a run killed with SIGKILL")
    theirs = tmp_path / f".out.txt.{dead.pid}.tmp"  # a user's file, named as some other tool names its own
    theirs.write_text("not mjscore's")
    linked = tmp_path / f".out.txt.mjscore-{dead.pid}-4567cdef.tmp"  # named as ours, but a link
    linked.symlink_to(theirs.name)
    code, _, err = run("score", HAND, "-o", str(tmp_path / "out.txt"))
    assert code == 0, err
    assert not ours.exists() and theirs.read_text() == "not mjscore's" and linked.is_symlink()
    assert (tmp_path / "out.txt").read_text() == scored()
