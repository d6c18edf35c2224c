"""Where deals are settled: `--jobs N` on worker processes of mjscore's own, kept for the whole run and
stopped with it, the same bytes as one process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import ROOT, run

GOOD = {"Ann": "[RRR] 234m 55s 78p NN", "Bo": "[555p] 123m 789s SSS NN", "Cy": "[111s] 456m 99m 2468p",
        "Di": "123s 567s 3p 4p 6m 7m 9m WW"}
DEAL = {"hands": GOOD, "winner": "Bo", "win": {"tile": "7s", "from": "discard", "discarder": "Cy"}}


def jsonl(path: Path, deals: int) -> Path:
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps({"variant": "spanish", "players": list(GOOD)}) + "\n")
        for i in range(deals):
            f.write(json.dumps(DEAL if i % 3 else {"hands": GOOD, "winner": None}) + "\n")
    return path


def children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.add(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return out


def test_one_pool_serves_every_file_of_a_run(tmp_path):
    """Three files, one pool: the same bytes as one process, each file's deals in order."""
    files = [str(jsonl(tmp_path / f"g{i}.jsonl", 150 + i)) for i in range(3)]
    for fmt in ("json", "csv", "table"):
        one = run("batch", *files, "--format", fmt, "--jobs", "1")
        assert run("batch", *files, "--format", fmt, "--jobs", "3") == one


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table of Linux's /proc")
def test_workers_end_with_a_main_process_killed_outright(tmp_path):
    """SIGKILL leaves the pool no chance to stop its workers: they notice their parent is gone and end."""
    jsonl(tmp_path / "big.jsonl", 100_000)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "mjscore", "batch", "big.jsonl", "-o", "out.txt", "--jobs", "2"],
                            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(400):
            workers = children(proc.pid)
            if len(workers) >= 2:
                break
            time.sleep(0.05)
        assert len(workers) >= 2, "the pool never started"
    finally:
        proc.kill()
        proc.communicate(timeout=60)
    deadline = time.monotonic() + 15
    while any(os.path.exists(f"/proc/{w}") and "(Z)" not in _state(w) for w in workers):
        assert time.monotonic() < deadline, f"workers left running: {sorted(workers)}"
        time.sleep(0.1)


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return "(" + f.read().rsplit(")", 1)[1].split()[0] + ")"
    except OSError:
        return "(gone)"


@pytest.mark.skipif(os.name != "posix", reason="signals as POSIX has them")
def test_a_worker_killed_stops_the_run_in_one_line(tmp_path):
    jsonl(tmp_path / "big.jsonl", 100_000)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "mjscore", "batch", "big.jsonl", "-o", "out.txt", "--jobs", "2"],
                            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for _ in range(400):
        workers = children(proc.pid) if os.path.isdir("/proc") else set()
        if len(workers) >= 2:
            break
        time.sleep(0.05)
    if not workers:
        proc.kill()
        pytest.skip("no /proc to find the workers in")
    os.kill(min(workers), signal.SIGKILL)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 2
    assert err == "mjscore: error: a worker process stopped unexpectedly (--jobs): run again, or with --jobs 1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.jsonl"]  # no output file, no temporary file


class _Stop(Exception):
    """A reader that stops part-way through a game (as --strict or a closed pipe does)."""


class _Keep:
    """A writer for play() that keeps each deal's result and running totals; stops after `stop_after`."""

    def __init__(self, stop_after: int | None = None):
        self.rows: list = []
        self.stop_after = stop_after

    def start_game(self, path, header, totals):
        pass

    @staticmethod
    def render(r):
        return r.error, r.data["net"] if r.data else None

    def deal(self, r, shown, totals):
        self.rows.append((r.number, shown, dict(totals)))
        if len(self.rows) == self.stop_after:
            raise _Stop()

    def end_game(self, standings, summary):
        self.rows.append(("standings", standings))


def test_a_game_stopped_part_way_leaves_the_pool_fit_for_the_next(tmp_path):
    """A game left with chunks still at the workers (their results unread) must not hand those results to
    the next game on the same pool: the next game's deals are the ones one process settles, in order."""
    from mjscore.play.record import play
    from mjscore.play.workers import Processes

    first, second = jsonl(tmp_path / "a.jsonl", 1_000), jsonl(tmp_path / "b.jsonl", 700)
    alone = _Keep()
    play(str(second), None, [], None, 1, False, alone, lambda n: None)
    pool = Processes(2)
    try:
        with pytest.raises(_Stop):
            play(str(first), None, [], None, pool, False, _Keep(stop_after=70), lambda n: None)
        shared = _Keep()
        play(str(second), None, [], None, pool, False, shared, lambda n: None)
    finally:
        pool.close()
    assert len(alone.rows) == 701 and shared.rows == alone.rows
