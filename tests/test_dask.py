"""`--dask ADDRESS|local`: a game's deals settled on a Dask cluster print the same bytes as `--jobs 1`, in
order, with every deal once, a worker killed in the middle of the run included.

The clusters here are local ones (two worker processes) that this module starts and stops, each stop
bounded in time."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import EXAMPLES, ROOT, run

distributed = pytest.importorskip("distributed", reason='the dask extra: pip install "mjscore[dask]"')

sys.path.insert(0, str(ROOT / "bench"))
from archives import write_archive  # noqa: E402  (the benchmark's archives of random legal deals)
from deals import random_deal  # noqa: E402

STOP_SECONDS = 20


@pytest.fixture(scope="module", autouse=True)
def no_garbage_left():
    """Dask's clients and comms, closed, leave finalisers that make new garbage when they run: collected here,
    until none is left, so that no later test's count of the garbage collector's work sees it."""
    import gc

    yield
    for _ in range(20):
        if gc.collect() == 0:
            break


@pytest.fixture(scope="module")
def cluster():
    """A scheduler and two single-threaded worker processes on this machine, for the module's tests."""
    import logging

    c = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                 silence_logs=logging.ERROR)
    try:
        yield c
    finally:
        c.close(timeout=STOP_SECONDS)


def generated(path: Path, deals: int, seed: int = 27) -> Path:
    write_archive(str(path), deals, random.Random(seed), "jsonl")
    return path


def cli(*args: str, timeout: int = 300) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "mjscore", *args], env=env, capture_output=True, text=True,
                          timeout=timeout)
    return done.returncode, done.stdout, done.stderr


EXAMPLE_GAMES = sorted(str(p) for p in EXAMPLES.glob("game-*.yaml")) + sorted(
    str(p) for p in (EXAMPLES / "season").glob("*.yaml"))


@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
def test_a_two_worker_cluster_prints_what_one_process_prints(cluster, fmt):
    one = run("batch", *EXAMPLE_GAMES, "--format", fmt, "--jobs", "1")
    assert one[0] == 0
    assert run("batch", *EXAMPLE_GAMES, "--format", fmt, "--dask", cluster.scheduler_address) == one


def test_standings_on_a_cluster(cluster):
    one = run("standings", *EXAMPLE_GAMES, "--format", "json")
    assert run("standings", *EXAMPLE_GAMES, "--format", "json", "--dask", cluster.scheduler_address) == one


def test_thousands_of_deals_with_errors_in_place(cluster, tmp_path):
    """4,000 generated deals (some of them broken: their errors stay at their file and line) and a YAML game."""
    path = generated(tmp_path / "archive.jsonl", 4000)
    lines = path.read_text().splitlines()
    for i in (5, 777, 3001):  # a deal that cannot be scored, one that is not JSON
        lines[i] = '{"hands": {"Ann": "1m"}, "winner": "Ann"}' if i % 2 else "{not json"
    path.write_text("\n".join(lines) + "\n")
    args = ("batch", str(path), str(EXAMPLES / "game-bmja.yaml"), "--format", "json")
    code, out, err = run(*args, "--jobs", "1")
    assert code == 1 and json.loads(out)["summary"]["rejected"] == 3
    assert run(*args, "--dask", cluster.scheduler_address) == (code, out, err)


def test_dask_local_starts_and_stops_a_cluster_of_its_own(tmp_path):
    path = generated(tmp_path / "archive.jsonl", 600)
    one = cli("batch", str(path), "--format", "csv", "--jobs", "1")
    started = time.monotonic()
    assert cli("batch", str(path), "--format", "csv", "--dask", "local") == one
    assert time.monotonic() - started < 120


@pytest.mark.skipif(os.name != "posix", reason="signals as POSIX has them")
def test_a_worker_killed_mid_run_loses_and_repeats_no_deal(cluster, tmp_path):
    """While the run is under way, the worker processing its chunks is killed (SIGKILL): the scheduler gives its
    chunks to the other worker (and the nanny starts a new one); the output is still --jobs 1's, byte for byte:
    no deal lost, none written twice, all in order."""
    path = generated(tmp_path / "archive.jsonl", 6000)
    expected = cli("batch", str(path), "--format", "json", "--jobs", "1")
    client = distributed.Client(cluster, set_as_default=False)
    try:
        pids = client.run(os.getpid)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen([sys.executable, "-m", "mjscore", "batch", str(path), "--format", "json", "--dask",
                                 cluster.scheduler_address], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        victim = None
        try:
            deadline = time.monotonic() + 120
            while victim is None and time.monotonic() < deadline and proc.poll() is None:
                busy = [w for w, tasks in client.processing().items()
                        if any(str(t).startswith("settle_packed") for t in tasks)]
                if busy:
                    victim = busy[0]
                    os.kill(pids[victim], signal.SIGKILL)
                else:
                    time.sleep(0.01)
            out, err = proc.communicate(timeout=300)
        finally:
            if proc.poll() is None:  # a run left waiting: ended with the test
                proc.kill()
                proc.communicate()
        assert victim is not None, "the run ended before a worker was seen processing it"
        assert victim not in client.scheduler_info()["workers"]  # it was lost, not left idle
        assert (proc.returncode, out, err) == expected
    finally:
        client.close(timeout=STOP_SECONDS)


def test_dask_and_jobs_are_refused_together():
    code, out, err = run("batch", str(EXAMPLES / "game-dmjl.yaml"), "--dask", "local", "--jobs", "2")
    assert (code, out) == (2, "")
    assert err == "mjscore: error: --dask and --jobs: give one (--dask spreads the deals over the cluster's workers)\n"


def test_without_dask_the_option_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails as where it is missing
    for command in ("batch", "standings"):
        code, out, err = run(command, str(EXAMPLES / "game-dmjl.yaml"), "--dask", "local")
        assert (code, out, err) == (2, "", 'mjscore: error: --dask needs Dask: install it with  pip install '
                                           '"mjscore[dask]"\n')


def test_no_scheduler_at_the_address_is_one_line():
    """Refused at once, said at once: not after the client's 10 s of trying again (issue 46)."""
    started = time.monotonic()
    code, out, err = run("batch", str(EXAMPLES / "game-dmjl.yaml"), "--dask", "tcp://127.0.0.1:9")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("mjscore: error: --dask tcp://127.0.0.1:9: no Dask scheduler answers at tcp://127.0.0.1:9")
    assert "Connection refused" in err
    assert err.endswith("give a scheduler's address (tcp://HOST:8786) or local\n")
    assert time.monotonic() - started < 5


def test_a_tls_scheduler_without_dask_tls_settings_is_one_line_that_says_what_to_set(monkeypatch):
    """distributed needs a certificate authority and the client's certificate for tls://; without them it failed
    with "TLS expects a ssl_context" (an internal error, issue 46). Nothing is connected to."""
    for name in [n for n in os.environ if n.startswith("DASK_DISTRIBUTED__COMM__TLS")]:
        monkeypatch.delenv(name)
    started = time.monotonic()
    code, out, err = run("batch", str(EXAMPLES / "game-dmjl.yaml"), "--dask", "tls://127.0.0.1:9")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("mjscore: error: --dask tls://127.0.0.1:9: a tls:// scheduler needs Dask's TLS settings")
    assert "DASK_DISTRIBUTED__COMM__TLS__CA_FILE" in err and "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT" in err
    assert err.endswith("or give the scheduler's tcp:// address\n")
    assert time.monotonic() - started < 5


def test_dask_tls_settings_that_do_not_load_are_one_line(monkeypatch, tmp_path):
    monkeypatch.setenv("DASK_DISTRIBUTED__COMM__TLS__CA_FILE", str(tmp_path / "no-ca.pem"))
    monkeypatch.setenv("DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT", str(tmp_path / "no-cert.pem"))
    import dask

    dask.config.refresh()  # (Dask reads its environment when imported: read it again, with these)
    try:
        code, out, err = run("batch", str(EXAMPLES / "game-dmjl.yaml"), "--dask", "tls://127.0.0.1:9")
    finally:
        monkeypatch.undo()
        dask.config.refresh()
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("mjscore: error: --dask tls://127.0.0.1:9: Dask's TLS settings cannot be used "
                          "([Errno 2] No such file or directory)")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**16), st.integers(0, 300), st.sampled_from(["json", "csv", "table"]))
def test_jobs_and_dask_print_what_one_process_prints(cluster, seed, deals, fmt):
    """Whatever the game (random legal deals, some made unscorable), --jobs 2 and --dask print --jobs 1's bytes."""
    import tempfile

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        lines = [json.dumps({"variant": "spanish", "players": ["Ann", "Bo", "Cy", "Di"]})]
        for _ in range(deals):
            deal = random_deal(rng, 4)[0]
            if rng.random() < 0.05:
                deal["winner"] = "Zed"  # not a player: that deal's error, in its place
            lines.append(json.dumps(deal))
        path.write_text("\n".join(lines) + "\n")
        one = run("batch", str(path), "--format", fmt, "--jobs", "1")
        assert run("batch", str(path), "--format", fmt, "--jobs", "2") == one
        assert run("batch", str(path), "--format", fmt, "--dask", cluster.scheduler_address) == one


def test_the_dask_bag_of_docs_api_md(cluster):
    """docs/api.md's map of score_game over a Dask bag, on the module's cluster: each game as batch scores it."""
    import dask.bag as db

    import mjscore

    paths = EXAMPLE_GAMES[:4]
    client = distributed.Client(cluster, set_as_default=False)
    try:
        results = db.from_sequence(paths, npartitions=2).map(mjscore.score_game).map(lambda g: g.to_dict())
        got = results.compute(scheduler=client.get)
    finally:
        client.close(timeout=STOP_SECONDS)
    assert got == [mjscore.score_game(p).to_dict() for p in paths]
