"""The page's server for tests: on 127.0.0.1, on a free port, in a thread that stops by itself;
and a headless Chromium at a phone's viewport (Debian's chromium, driven by Playwright)."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import socket
import threading
import time
import urllib.error
import urllib.request
from typing import Any, Iterator

import pytest

pytest.importorskip("starlette", reason='the web extra is not installed: pip install "mjscore[web]"')
uvicorn = pytest.importorskip("uvicorn", reason='the web extra is not installed: pip install "mjscore[web]"')

PHONE = {"width": 360, "height": 740}
CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium")


@contextlib.contextmanager
def serving(app, limit_seconds: float = 300, tls=None, limit: int | None = None,
            port: int = 0) -> Iterator[tuple[str, Any]]:
    """Serve `app` on 127.0.0.1 on a free port (or `port`: the laptop started again where the phones knew it) as
    `mjscore serve` serves it (server.make_server: its deadlines, its bound on sockets; HTTPS with the
    ssl.SSLContext `tls`); yield (its base URL, the server); stop on exit (or after limit_seconds)."""
    from mjscore.web.server import make_server

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(128)
    port = sock.getsockname()[1]
    server = make_server(app, tls, **({"limit": limit} if limit else {}), log_level="error")
    server.stopped = threading.Event()  # set once server.run has returned (uvicorn never resets `started`)

    def serve() -> None:
        try:
            server.run(sockets=[sock])
        finally:
            server.stopped.set()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    timer = threading.Timer(limit_seconds, lambda: setattr(server, "should_exit", True))
    timer.daemon = True
    timer.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"{'https' if tls else 'http'}://127.0.0.1:{port}", server
    finally:
        timer.cancel()
        server.should_exit = True
        thread.join(10)
        sock.close()


def stop(server, sock_timeout: float = 10) -> None:
    """Stop a server of serving() as a laptop that is shut: wait until its run has returned (its connections
    closed), not for a deadline."""
    server.should_exit = True
    assert server.stopped.wait(sock_timeout), "the server did not stop"
    for listening in server.servers:
        for sock in listening.sockets:
            sock.close()  # nobody accepts on it any more: a phone's connection is refused at once


@contextlib.contextmanager
def running(app, limit_seconds: float = 300, tls=None) -> Iterator[str]:
    """serving(), yielding only the base URL."""
    with serving(app, limit_seconds, tls) as (url, _):
        yield url


@contextlib.contextmanager
def served_game(tmp_path, variant: str, players: list[str], deals=()) -> Iterator[tuple[str, int]]:
    """The laptop's server, its games kept in TMP_PATH/games.sqlite3, with one game, "Friday", of `players` under
    `variant`, each of `deals` saved through the API (each taken: 201): (its base URL, the game's id)."""
    from mjscore.web.app import create_app
    from mjscore.web.store import Store

    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url:
        status, sheet = request(url + "/api/games", {"name": "Friday", "variant": variant, "players": players})
        assert status == 201, sheet
        game = sheet["game"]["id"]
        for deal in deals:
            status, got = request(f"{url}/api/games/{game}/deals", deal)
            assert status == 201, got
        yield url, game


class HeldConnections:
    """A client holding `count` connections from a thread of its own (`_run`, which keeps `most_held` and stops
    at `stop`): entered, once all are open; left, stopped."""

    count: int
    most_held: int
    stop: threading.Event
    thread: threading.Thread

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 20
        while self.most_held < self.count and time.monotonic() < deadline:
            time.sleep(0.05)
        assert self.most_held == self.count, f"only {self.most_held} of {self.count} connections opened"
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(15)


class Pipeliners(HeldConnections):
    """`count` clients without the token (issue 46), each on a connection of its own that pipelines token-less
    GETs, as many as the server takes, and never reads an answer; each connection the server closes is opened
    again. Its sockets ask for a small segment size and receive window (as an attacker may), so that the
    server's send buffer stays small and fills after a few hundred answers instead of thousands. One thread
    polls them all (Linux: the peer's close is seen without reading); it stops when asked, or after `seconds`
    in any case. `lifetimes`: how long each connection the server closed had lived."""

    REQUEST = b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    PIPELINED = 2000  # requests sent on each connection (as the server reads them), never an answer read
    CLOSED = getattr(select, "POLLRDHUP", 0) | select.POLLHUP | select.POLLERR if hasattr(select, "poll") else 0

    def __init__(self, port: int, count: int, seconds: float = 60, source: str = ""):
        if not hasattr(select, "POLLRDHUP"):
            pytest.skip("this system's poll cannot tell a peer's close without reading (POLLRDHUP)")
        self.port, self.count, self.seconds, self.source = port, count, seconds, source
        self.stop = threading.Event()
        self.opened = self.closed_by_server = self.most_held = 0
        self.lifetimes: list[float] = []
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _open(self) -> socket.socket | None:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            with contextlib.suppress(OSError, AttributeError):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)
            if self.source:
                s.bind((self.source, 0))
            s.settimeout(5)
            s.connect(("127.0.0.1", self.port))
            s.setblocking(False)
            return s
        except OSError:
            s.close()
            return None

    def _run(self) -> None:
        poll = select.poll()
        held: dict[int, tuple[socket.socket, float, memoryview]] = {}  # fd -> (socket, opened at, still to send)
        end = time.monotonic() + self.seconds
        try:
            while not self.stop.is_set() and time.monotonic() < end:
                while len(held) < self.count and not self.stop.is_set():
                    s = self._open()
                    if s is None:
                        time.sleep(0.01)
                        continue
                    rest = memoryview(self.REQUEST * self.PIPELINED)
                    with contextlib.suppress(OSError):
                        rest = rest[s.send(rest):]  # at once: its requests reach the server as it accepts it
                    held[s.fileno()] = (s, time.monotonic(), rest)
                    poll.register(s, select.POLLOUT | self.CLOSED)
                    self.opened += 1
                self.most_held = max(self.most_held, len(held))
                for fd, events in poll.poll(50):
                    s, opened, rest = held[fd]
                    if events & self.CLOSED:
                        poll.unregister(fd)
                        del held[fd]
                        s.close()
                        self.closed_by_server += 1
                        self.lifetimes.append(time.monotonic() - opened)
                    elif events & select.POLLOUT:
                        with contextlib.suppress(OSError):
                            rest = rest[s.send(rest):]
                        held[fd] = (s, opened, rest)
                        if not rest:
                            poll.modify(fd, self.CLOSED)
        finally:
            for s, _, _ in held.values():
                s.close()



def request(url: str, body: Any = None, method: str | None = None, raw: bytes | None = None,
            headers: dict | None = None) -> tuple[int, Any]:
    """(status, parsed JSON or text) of one request; errors are answers, not exceptions."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    req = urllib.request.Request(url, data=data, method=method or ("POST" if data is not None else "GET"),
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            status, text, kind = r.status, r.read().decode(), r.headers.get("content-type", "")
    except urllib.error.HTTPError as e:
        status, text, kind = e.code, e.read().decode(), e.headers.get("content-type", "")
    return status, (json.loads(text) if "json" in kind else text)


def chromium_path() -> str | None:
    found = os.environ.get("MJSCORE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    return found or next((p for p in CHROMIUM_PATHS if os.path.exists(p)), None)


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Headless Chromium; skips (saying why) where no chromium is installed."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra has it)")
    path = chromium_path()
    if path is None:
        pytest.skip("no chromium executable found: install Debian's chromium (apt-get install chromium), "
                    "see docs/contributing.md, 'The browser tests'")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def phone(browser, width: int = PHONE["width"], **options: Any) -> Iterator[Any]:
    """A fresh page (no cookies, no storage) at a phone's size (`width` px wide), touch and all; `options` are
    the browser context's others (color_scheme="dark", ...)."""
    context = browser.new_context(viewport={**PHONE, "width": width}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, **options)
    try:
        page = context.new_page()
        page.set_default_timeout(15000)
        from playwright.sync_api import expect

        expect.set_options(timeout=15000)  # (an assertion waits as long as an action: a loaded 2-core machine)
        yield page
    finally:
        context.close()


def phones_at_a_table(stack: contextlib.ExitStack, tmp_path, count: int, browser) -> tuple[str, list[Any]]:
    """The laptop's server, its games kept in TMP_PATH/games.sqlite3, and `count` phones (pages) in `browser`
    (conftest's one Chromium), each entered on `stack` (so closed with it): (the server's URL, the phones)."""
    from mjscore.web.app import create_app
    from mjscore.web.store import Store

    url = stack.enter_context(running(create_app(Store(tmp_path / "games.sqlite3"))))
    return url, [stack.enter_context(phone(browser)) for _ in range(count)]


def axe_findings(page, script: str | None = None) -> list[tuple[str, str, list]]:
    """axe-core's serious and critical violations on the page as it is, its experimental rules on too (issue 44:
    label-content-name-mismatch is one): (rule, impact, the first targets). axe-core is axe-playwright-python's
    bundled copy (the test extra), or the axe.min.js at `script` (or $MJSCORE_AXE), e.g. a newer release."""
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                                   reason="axe-playwright-python is not installed (the test extra has it)")
    path = script or os.environ.get("MJSCORE_AXE")
    axe = axe_sync.Axe.from_file(path) if path else axe_sync.Axe()
    page.evaluate(axe.axe_script)
    experimental = page.evaluate("axe.getRules(['experimental']).map(r => r.ruleId)")
    assert "label-content-name-mismatch" in page.evaluate("axe.getRules().map(r => r.ruleId)")  # (4.12: experimental)
    options = {"resultTypes": ["violations"], "rules": {rule: {"enabled": True} for rule in experimental}}
    found = axe.run(page, options=options).response["violations"]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found
            if v["impact"] in ("serious", "critical")]


def open_page(page, url: str) -> list[str]:
    """Open the page at `url` and wait until its script is ready; the list it returns collects the page's
    script errors (a test ends asserting it is empty)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready='1']")
    return errors


def open_game(page, url: str, name: str, *, variant: str | None = None, players: list[str] | None = None) -> list[str]:
    """Open the page (`variant` chosen first, where given) and, on its Game tab, the game `name`: with `players`,
    this phone starts it with their names; without, it opens the one game listed. The page's script errors, as
    open_page()."""
    from playwright.sync_api import expect

    errors = open_page(page, url)
    if variant is not None:
        page.select_option("#variant", variant)
    page.click("nav [data-tab=game]")
    if players is not None:
        page.fill("#new-game [name=gname]", name)
        for i, player in enumerate(players):
            page.fill(f"#new-game [name=p{i}]", player)
        page.click("#new-game button[type=submit]")
    else:
        page.click("#game-list .gamecard button")
    expect(page.locator("#game .gamename")).to_have_text(name)
    return errors


def start_game(phones: list[Any], url: str, name: str, *, variant: str, players: list[str]) -> list[str]:
    """At a table: the first phone starts the game `name` under `variant` with `players`, each other phone then
    opens it (open_game); the phones' script errors."""
    errors = open_game(phones[0], url, name, variant=variant, players=players)
    for page in phones[1:]:
        errors += open_game(page, url, name, variant=variant)
    return errors


def next_deal(page) -> None:
    """Tap "Enter the next deal" and wait for the form: the phone reads the game from the laptop first."""
    from playwright.sync_api import expect

    page.click("#next-deal")
    expect(page.locator("#save-deal")).to_be_visible()


def undo(page) -> None:
    """Undo the game's last change as a player does since issue 44: a first tap on "Undo last change" asks, naming
    the change ("Undo deal 2? Tap again"), a second undoes it."""
    from playwright.sync_api import expect

    page.click("#undo")
    expect(page.locator("#undo")).to_contain_text("Tap again")
    page.click("#undo")


def expect_totals(page, totals: dict[str, int]) -> None:
    """Each player's running total on the game's sheet ({"Ana": 2288, ...}), waited for."""
    from playwright.sync_api import expect

    for name, total in totals.items():
        expect(page.locator(f"#game [data-total={name}]")).to_have_text(str(total))


def hand_tab(page, variant: str, hand: str, tile: str, seat: str | None = None) -> None:
    """On the Hand tab: `variant` chosen (and the `seat`, where given), `hand` typed in, won on `tile` (tapped in
    the winning-tile row)."""
    page.select_option("#variant", variant)
    if seat is not None:
        page.click(f"#seat [data-value={seat}]")
    page.fill("#hand-editor .notation input", hand)
    page.click(f"#hand-editor .winrow [data-tile='{tile}']")


def fill_hands(page, hands: dict[str, str]) -> None:
    """Type each seat's hand into its editor on the Deal tab or a game's deal form ({"E": "1p", ...})."""
    for seat, hand in hands.items():
        page.click(f"#seatcard-{seat}")
        page.fill(f"#deal-editor-{seat} .notation input", hand)


def exported(page) -> str:
    """The game file the page's export link gives, as the phone fetches it."""
    return page.evaluate("async (u) => (await fetch(u)).text()", page.get_attribute("#export", "href"))


def batch_game(path) -> dict:
    """`mjscore batch PATH --format json` run as a user runs it: the one game it reports (exit 0)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "mjscore", "batch", str(path), "--format", "json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    (game,) = json.loads(done.stdout)["games"]
    return game


def png_colours(data: bytes) -> tuple[int, int, dict[tuple[int, int, int], int]]:
    """(width, height, {rgb: pixel count}) of an 8-bit RGB or RGBA PNG, as Chromium writes screenshots."""
    import struct
    import zlib

    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw, stride, counts = zlib.decompress(idat), width * channels, {}
    prev = bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, channels):
            key = (line[x], line[x + 1], line[x + 2])
            counts[key] = counts.get(key, 0) + 1
        prev = line
    return width, height, counts
