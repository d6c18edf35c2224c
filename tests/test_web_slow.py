"""Slow and silent clients cannot lock the phones out (issue 25, item 1): with 200 half-open connections
held (and re-opened as they are cut off), a request with the token is answered within 2 s; a head, a
body, an idle keep-alive connection each have a deadline that a trickle of bytes does not push back.

All on loopback, against the server `mjscore serve` runs (server.make_server), each attack bounded in
count and in time."""

from __future__ import annotations

import concurrent.futures
import contextlib
import http.client
import json
import socket
import ssl
import threading
import time
from typing import Iterator

import pytest

from webserver import serving

from mjscore.web.app import create_app
from mjscore.web.deadlines import BODY_DEADLINE, HEAD_DEADLINE

TOKEN = "s3cret-Token_0123456789"
HALF_OPEN = b"GET / HTTP/1.1\r\nHost: 192.168.1.20\r\n"  # a head begun, never ended
SLACK = 2.5  # s beyond a deadline for the server to act on it, on a busy machine


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def answered(url: str, tls: ssl.SSLContext | None = None) -> tuple[int, float]:
    """(status, seconds) of a request with the token on a new connection, as a phone sends it."""
    start = time.monotonic()
    if tls is not None:
        conn: http.client.HTTPConnection = http.client.HTTPSConnection("127.0.0.1", port_of(url), timeout=10,
                                                                       context=tls)
    else:
        conn = http.client.HTTPConnection("127.0.0.1", port_of(url), timeout=10)
    try:
        conn.request("GET", f"/api/variants?token={TOKEN}")
        response = conn.getresponse()
        response.read()
        return response.status, time.monotonic() - start
    finally:
        conn.close()


class Attack:
    """`count` connections that send `head` (or nothing) and then wait, kept open by a thread: each one the
    server closes is opened again. Stops when asked, or after `seconds` in any case."""

    def __init__(self, port: int, count: int, head: bytes = HALF_OPEN, seconds: float = 60):
        self.port, self.count, self.head, self.seconds = port, count, head, seconds
        self.stop = threading.Event()
        self.opened = 0
        self.closed_by_server = 0
        self.most_held = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        held: list[socket.socket] = []
        end = time.monotonic() + self.seconds
        try:
            while not self.stop.is_set() and time.monotonic() < end:
                while len(held) < self.count and not self.stop.is_set():
                    try:
                        s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
                        s.sendall(self.head)
                    except OSError:
                        time.sleep(0.01)
                        continue
                    s.setblocking(False)
                    held.append(s)
                    self.opened += 1
                self.most_held = max(self.most_held, len(held))
                held = [s for s in held if self._still_open(s)]
                time.sleep(0.05)
        finally:
            for s in held:
                s.close()

    def _still_open(self, s: socket.socket) -> bool:
        try:
            if s.recv(4096) != b"":
                return True
        except BlockingIOError:
            return True
        except OSError:
            pass
        self.closed_by_server += 1
        s.close()
        return False

    def __enter__(self) -> "Attack":
        self.thread.start()
        deadline = time.monotonic() + 20
        while self.most_held < self.count and time.monotonic() < deadline:
            time.sleep(0.05)
        assert self.most_held == self.count, f"only {self.most_held} of {self.count} connections opened"
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(15)


@pytest.fixture(scope="module")
def guarded() -> Iterator[tuple[str, object]]:
    with serving(create_app(token=TOKEN)) as served:
        yield served


def test_200_half_open_connections_do_not_lock_the_phones_out(guarded):
    url, _ = guarded
    with Attack(port_of(url), 200) as attack:
        # over more than a head deadline: the attack's connections are cut off and opened again meanwhile
        for _ in range(int(HEAD_DEADLINE / 0.75) + 2):
            status, seconds = answered(url)
            assert status == 200 and seconds < 2, (status, seconds)
            time.sleep(0.75)
        assert attack.closed_by_server >= 200  # each was cut off at its head's deadline (and re-opened)


def test_the_sockets_open_are_bounded_and_the_silent_make_room(tmp_path):
    with serving(create_app(token=TOKEN), limit=32) as (url, server):
        with Attack(port_of(url), 100, seconds=30):
            for _ in range(5):
                assert len(server.slots.held) <= 32
                status, seconds = answered(url)
                assert status == 200 and seconds < 2, (status, seconds)
                time.sleep(0.3)


def until_closed(port: int, plan: list[tuple[float, bytes]], limit: float) -> tuple[float | None, bytes]:
    """Connect, send each (at seconds after connecting, bytes) of `plan`, read all the while: (seconds until the
    server closed the connection, or None if it did not within `limit`; everything it sent)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.settimeout(0.05)
    start, got, plan = time.monotonic(), b"", list(plan)
    try:
        while time.monotonic() - start < limit:
            while plan and time.monotonic() - start >= plan[0][0]:
                try:
                    s.sendall(plan.pop(0)[1])
                except OSError:
                    return time.monotonic() - start, got
            try:
                data = s.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                return time.monotonic() - start, got
            if not data:
                return time.monotonic() - start, got
            got += data
        return None, got
    finally:
        s.close()


def trickle(data: bytes, every: float, after: float = 0.0) -> list[tuple[float, bytes]]:
    return [(after + i * every, data[i:i + 1]) for i in range(len(data))]


def error_of(answer: bytes) -> tuple[int, str]:
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)["error"]


REQUEST = f"GET /api/variants?token={TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
BODY_HEAD = (f"POST /api/score HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mjscore-Token: {TOKEN}\r\n"
             "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n").encode()


def test_every_wait_on_a_client_has_a_deadline_that_a_trickle_does_not_push_back(guarded, caplog):
    url, _ = guarded
    port, limit = port_of(url), BODY_DEADLINE + 10
    cases = {  # what the client does: the plan of what it sends
        "silent": [],
        "a head, one byte every 0.25 s": trickle(HALF_OPEN + b"X-Slow: " + b"a" * 200, 0.25),
        "idle after its answer": [(0, REQUEST)],
        "one byte 3 s after its answer, then nothing": [(0, REQUEST), (3, b"G")],
        "a body, one byte every 0.5 s": [(0, BODY_HEAD), *trickle(b'{"hand": "' + b"1" * 150, 0.5, after=0.5)],
    }
    with concurrent.futures.ThreadPoolExecutor(len(cases)) as pool:  # at once: the test lasts one deadline
        futures = {name: pool.submit(until_closed, port, plan, limit) for name, plan in cases.items()}
        cut = {name: future.result() for name, future in futures.items()}
    # (the byte at 3 s does not push the deadline back to 8 s)
    for name in ("silent", "idle after its answer", "one byte 3 s after its answer, then nothing"):
        seconds, _ = cut[name]
        assert seconds is not None and seconds < HEAD_DEADLINE + SLACK, (name, seconds)
    seconds, got = cut["a head, one byte every 0.25 s"]
    assert seconds is not None and HEAD_DEADLINE - 0.5 < seconds < HEAD_DEADLINE + SLACK, seconds
    assert error_of(got) == (408, f"the request's head did not arrive within {HEAD_DEADLINE:g} seconds: "
                                  "send it again")
    _, got = cut["one byte 3 s after its answer, then nothing"]
    assert got.startswith(b"HTTP/1.1 200 ") and b"HTTP/1.1 408 Request Timeout\r\n" in got
    seconds, got = cut["a body, one byte every 0.5 s"]
    assert seconds is not None and BODY_DEADLINE - 0.5 < seconds < BODY_DEADLINE + 0.5 + SLACK, seconds
    assert error_of(got) == (408, f"the request's body did not arrive within {BODY_DEADLINE:g} seconds: "
                                  "send it again")
    assert not [r for r in caplog.records if r.levelname == "ERROR"]  # a client cut off is no bug to log


def test_the_socket_limit_fits_the_file_descriptors(monkeypatch):
    """macOS gives a process 256 descriptors: the limit is raised to the hard one, else the sockets fit in it."""
    resource = pytest.importorskip("resource", reason="no descriptor limits on this system")
    from mjscore.web import server

    raised = []
    monkeypatch.setattr(resource, "getrlimit", lambda what: (256, 10240))
    monkeypatch.setattr(resource, "setrlimit", lambda what, limits: raised.append(limits))
    assert server.connection_limit(256, 64) == 256 and raised == [(320, 10240)]

    def refuse(what, limits):
        raise ValueError("not allowed")

    monkeypatch.setattr(resource, "setrlimit", refuse)
    assert server.connection_limit(256, 64) == 192  # 256 descriptors, 64 kept for the games file and the rest
