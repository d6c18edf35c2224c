"""Listening beyond this machine: a random token per session, printed in the URL and as a QR code;
a request without it is refused (401), with it (in the URL, a header, or the cookie the page got) served."""

from __future__ import annotations

import io
import socket

import pytest

from helpers import run as mjscore_cli
from webserver import PHONE, phone, request, running

from mjscore.web import server
from mjscore.web.app import create_app

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect
TOKEN = "s3cret-Token_0123456789"


@pytest.mark.parametrize("host, local", [("127.0.0.1", True), ("localhost", True), ("::1", True), ("127.0.0.2", True),
                                         ("0.0.0.0", False), ("::", False), ("192.168.1.20", False),
                                         ("laptop.lan", False)])
def test_a_token_is_needed_beyond_this_machine(host, local):
    assert server.is_local(host) is local


def test_the_url_and_its_qr_code_are_printed():
    url = server.page_url("0.0.0.0", 8000, TOKEN)
    assert url.endswith(f":8000/?token={TOKEN}") and "0.0.0.0" not in url
    out = io.StringIO()
    server.announce(url, TOKEN, out)
    lines = out.getvalue().splitlines()
    assert lines[0] == f"mjscore: serving on {url}  (Ctrl-C stops)"
    qr = lines[2:]
    # a QR code of version >= 1 is at least 21 modules square; printed two rows a line, with its border
    assert len(qr) >= 11 and len({len(line) for line in qr}) == 1 and len(qr[0]) >= 21
    assert set("".join(qr)) <= set("█▀▄ \xa0")
    out = io.StringIO()
    server.announce("http://127.0.0.1:8000/", None, out)
    assert out.getvalue().splitlines() == ["mjscore: serving on http://127.0.0.1:8000/  (Ctrl-C stops)"]


@pytest.fixture(scope="module")
def guarded():
    with running(create_app(token=TOKEN)) as url:
        yield url


def test_requests_without_the_token_are_refused(guarded):
    hand = {"hand": "[555p] 123m 789s SSS NN"}
    for path, body in (("/", None), ("/static/app.js", None), ("/static/tiles/5p.svg", None), ("/api/score", hand),
                       ("/api/variants", None)):
        status, got = request(guarded + path, body)
        assert status == 401, path
        assert got == {"error": "this page needs the token printed by `mjscore serve`: open the URL it shows"}
    assert request(guarded + "/?token=wrong")[0] == 401
    assert request(guarded + "/api/score", hand, headers={"X-Mjscore-Token": "wrong"})[0] == 401


def test_requests_with_the_token_are_served(guarded):
    import urllib.request

    with urllib.request.urlopen(f"{guarded}/?token={TOKEN}", timeout=30) as r:
        assert r.status == 200
        cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"mjscore_token={TOKEN};") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert "Secure" not in cookie  # over plain HTTP a Secure cookie would never come back (HTTPS: test_web_tls)
    status, _ = request(guarded + "/static/app.js", headers={"Cookie": f"mjscore_token={TOKEN}"})
    assert status == 200
    status, got = request(guarded + "/api/score", {"hand": "[555p] 123m 789s SSS NN"},
                          headers={"X-Mjscore-Token": TOKEN})
    assert status == 200 and got["hand"] == "[555p] 123m 789s SSS NN"


def test_serve_on_every_interface_prints_a_token_that_its_app_requires(monkeypatch, capsys, tmp_path):
    """`run` for --host 0.0.0.0, bound to 127.0.0.1 here (tests listen on this machine only)."""
    started = {}

    def local_listen(host, port):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        return sock

    monkeypatch.setattr(server, "listen", local_listen)
    monkeypatch.setattr(server.uvicorn.Server, "run", lambda self, sockets=None: started.update(app=self.config.app))
    server.run("0.0.0.0", 8000, str(tmp_path / "games.sqlite3"))
    err = capsys.readouterr().err
    token = err.split("?token=")[1].split()[0]
    assert len(token) >= 20
    monkeypatch.undo()  # the real uvicorn again, for the test's own server on 127.0.0.1
    with running(started["app"]) as url:
        assert request(url + "/api/games")[0] == 401
        assert request(f"{url}/api/games?token={token}") == (200, [])


def answers_to_pipelined(url: str, head: bytes, count: int) -> bytes:
    """Everything the server sends on one connection to `count` copies of `head` sent at once, until it closes."""
    with socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1])), timeout=5) as s:
        s.sendall(head * count)
        got = b""
        while True:
            try:
                data = s.recv(65536)
            except ConnectionResetError:  # closed with the rest of the pipeline unread: the answer came first
                return got
            if not data:
                return got
            got += data


def test_a_refusal_closes_its_connection(guarded):
    """Issue 46: a client without the token gets one answer per connection, however many requests it pipelines
    (each answer, however small, is work for the server and a place held while the client does not read)."""
    got = answers_to_pipelined(guarded, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 50)
    assert got.count(b"HTTP/1.1 ") == 1 and got.startswith(b"HTTP/1.1 401 ") and b"\r\nconnection: close\r\n" in got
    with running(create_app()) as local:  # this machine only: another host's name is refused (403) as well
        got = answers_to_pipelined(local, b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 50)
        assert got.count(b"HTTP/1.1 ") == 1 and got.startswith(b"HTTP/1.1 403 ")
        served = b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        got = answers_to_pipelined(local, served * 2 + served.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"), 1)
        assert got.count(b"HTTP/1.1 200 ") == 3  # served: the connection is kept (until the third asks to close it)


@pytest.mark.parametrize("options, env", [(["--token"], None), ([], "1"), ([], None)],
                         ids=["--token", "MJSCORE_SERVE_TOKEN=1", "neither"])
def test_serve_token_requires_the_token_on_this_machine_too(options, env, monkeypatch, tmp_path):
    """Issue 46: `serve --token` (or MJSCORE_SERVE_TOKEN=1) serves 127.0.0.1 as it serves the network, the token
    printed and required, so that the phones' token mode can be tried on one machine; without either, this
    machine needs none (as before)."""
    started = {}
    monkeypatch.setattr(server.uvicorn.Server, "run", lambda self, sockets=None: started.update(app=self.config.app))
    monkeypatch.delenv("MJSCORE_SERVE_TOKEN", raising=False)
    if env is not None:
        monkeypatch.setenv("MJSCORE_SERVE_TOKEN", env)
    code, _, err = mjscore_cli("serve", "--port", "0", "--db", str(tmp_path / "games.sqlite3"), *options)
    assert code == 0, err
    url = err.split("serving on ")[1].split()[0]
    assert url.startswith("http://127.0.0.1:")
    monkeypatch.undo()  # the real uvicorn again, for the test's own server
    with running(started["app"]) as served:
        if env is None and not options:
            assert "?token=" not in err and request(served + "/api/games") == (200, [])
            return
        token = url.split("?token=")[1]
        assert len(token) >= 20 and "requests without it are refused" in err
        assert request(served + "/api/games")[0] == 401
        assert request(f"{served}/api/games?token={token}") == (200, [])


def test_the_page_works_from_the_url_with_the_token(guarded, browser):
    with phone(browser) as page:
        page.goto(f"{guarded}/?token={TOKEN}")
        page.wait_for_selector("body[data-ready='1']")
        page.fill("#hand-editor .notation input", "[RRR] 234m 55s 78p NN")
        # not mah jong: exposed pung of honours 4, pung of dragons x2 = 8 (Babcock, Rules for Mah-Jongg (1923))
        expect(page.locator("#value")).to_have_text("8")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    with phone(browser) as page:  # another phone, without the token
        response = page.goto(guarded + "/")
        assert response.status == 401
        assert "needs the token" in page.inner_text("body")


def test_the_lan_url_uses_an_interface_address_when_the_name_is_loopback(monkeypatch):
    # /etc/hosts often maps the machine's name to 127.0.0.1: the phones need the interface's address
    import fcntl
    import socket


    from mjscore.web import server

    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "",
                                                                 ("127.0.0.1", 0))])
    monkeypatch.setattr(socket, "if_nameindex", lambda: [(1, "lo"), (2, "eth0")])
    addresses = {"lo": "127.0.0.1", "eth0": "192.0.2.7"}

    def ioctl(fd, request, arg):
        name = arg[:16].rstrip(b"\0").decode()
        return b"\0" * 20 + socket.inet_aton(addresses[name]) + b"\0" * 8

    monkeypatch.setattr(fcntl, "ioctl", ioctl)
    assert server.page_url("0.0.0.0", 8000, "t0k") == "http://192.0.2.7:8000/?token=t0k"
