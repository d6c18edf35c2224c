"""A hostile table network: every bad request gets one line and a 4xx, never a 500 (issue: the page's server
holds against a hostile network). An id that names nothing, however large, is 404; a malformed body or
query 400; a stale version 409; a body too large 413. Then a fuzz of the server with the CLI's rule: never
a 500, never a traceback (the long sweep: python -m pytest -m fuzz_long)."""

from __future__ import annotations

import http.client
import json
import urllib.parse

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import EXAMPLES
from webserver import request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

PLAYERS = ["Ana", "Bruno", "Carmen", "Diego"]
DEAL = yaml.safe_load((EXAMPLES / "game-spanish.yaml").read_text())["deals"][0]
HUGE = "9" * 5000


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("hostile") / "games.sqlite3")
    with running(create_app(store)) as url:
        status, sheet = request(url + "/api/games", {"name": "t", "variant": "spanish", "players": PLAYERS})
        assert status == 201
        game = sheet["game"]["id"]
        status, sheet = request(f"{url}/api/games/{game}/deals", DEAL)
        assert status == 201
        yield url, game, sheet["deals"][0]["id"]


@pytest.mark.parametrize("bad", ["99999999999999999999", HUGE, "9223372036854775808", "abc", "%C2%B2", "-1"])
def test_an_id_that_names_nothing_is_404_on_every_game_route(served, bad):
    url, game, deal = served
    for method, path, body in [("GET", f"/api/games/{bad}", None), ("POST", f"/api/games/{bad}/deals", DEAL),
                               ("PUT", f"/api/games/{game}/deals/{bad}", DEAL),
                               ("DELETE", f"/api/games/{game}/deals/{bad}", None),
                               ("PUT", f"/api/games/{bad}/deals/{deal}", DEAL),
                               ("POST", f"/api/games/{bad}/undo", {}), ("GET", f"/api/games/{bad}/export.yaml", None)]:
        status, got = request(url + path, body, method=method)
        assert status == 404, (method, path[:60], got)
        assert got["error"].startswith("no game" if "games/" + bad in path else "no deal"), got
        assert len(got["error"]) < 120


@pytest.mark.parametrize("raw, says", [
    (b'{"name": "t", "variant": "spanish", "players": ["A", "B", "C", ' + HUGE.encode() + b']}', "5000 digits"),
    (b'{"name": "\\udc80", "variant": "spanish", "players": ["A", "B", "C", "D"]}', "lone surrogate"),
    (b'{"name": "t", "variant": "spanish", "players": ["A", "B", "C", "\\ud800x"]}', "lone surrogate"),
    (b'{"name": "t", "options": {"limit": NaN}, "players": ["A", "B", "C", "D"]}', "NaN is not a number"),
    (b'{"name": "t", "options": {"limit": 1e400}, "players": ["A", "B", "C", "D"]}', "too large"),
])
def test_a_body_that_is_not_text_or_a_number_of_json_is_400(served, raw, says):
    url, _, _ = served
    status, got = request(url + "/api/games", raw=raw)
    assert status == 400 and says in got["error"], got


def test_a_bad_query_is_400_and_a_stale_version_409(served):
    url, game, deal = served
    status, got = request(f"{url}/api/games/{game}/deals?version=%C2%B2", DEAL)  # "²".isdigit() is true
    assert status == 400 and got["error"].startswith("version: the game's version as a whole number")
    status, got = request(f"{url}/api/games/{game}/deals?version={HUGE}", DEAL)
    assert status == 400
    status, got = request(f"{url}/api/games/{game}?limit=0")
    assert status == 400 and got["error"].startswith("limit: a whole number from 1 to 1000")
    status, got = request(f"{url}/api/games/{game}/undo?version=0", {})
    assert status == 409 and "another phone saved a change" in got["error"]
    status, got = request(f"{url}/api/score", raw=b'{"hand": "' + b"1" * 70_000 + b'"}')
    assert status == 413


def test_the_games_list_comes_a_page_at_a_time(served):
    url, game, _ = served
    ids = [request(url + "/api/games", {"name": f"g{i}", "variant": "spanish", "players": PLAYERS})[1]["game"]["id"]
           for i in range(3)]
    status, first = request(f"{url}/api/games?limit=2")
    assert status == 200 and [g["id"] for g in first] == ids[::-1][:2]
    status, rest = request(f"{url}/api/games?limit=2&before={first[-1]['id']}")
    assert [g["id"] for g in rest] == [ids[0], game]
    assert rest[-1]["deals"] == 1


# --- the fuzz: hostile methods, paths, queries, headers and bodies; never a 500 ---------------------------

ROUTES = ["/", "/api/score", "/api/settle", "/api/variants", "/api/games", "/api/games/{g}", "/api/games/{g}/deals",
          "/api/games/{g}/deals/{d}", "/api/games/{g}/undo", "/api/games/{g}/export.yaml", "/static/app.js",
          "/static/../store.py", "/static/%2e%2e/app.py"]
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
WRITES = [("POST", "/api/games"), ("POST", "/api/score"), ("POST", "/api/settle"), ("POST", "/api/games/{g}/deals"),
          ("PUT", "/api/games/{g}/deals/{d}"), ("POST", "/api/games/{g}/undo")]  # where a body is read
IDS = ["1", "0", "-1", "99999999999999999999", HUGE, "abc", "%00", "%C2%B2", "1e3", "%F0%9F%80%84", ""]
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70), st.floats(allow_nan=False),
                   st.text(max_size=30), st.sampled_from(["\ud800", "E", "Ana", "[555p] 123m 789s SSS NN", "5s",
                                                          "spanish", "wall", "\x00", "\u202e"]))
JSON = st.recursive(VALUES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(["hand", "variant", "seat", "win", "from", "also", "options", "hands", "winner", "name",
                     "players", "lang", "round", "tile", "discarder", "Ana", "faults", "x"]), inner, max_size=5),
    max_leaves=12)
BODIES = st.one_of(JSON.map(lambda v: json.dumps(v).encode()), st.binary(max_size=200),
                   st.sampled_from([b"", b"{", b'{"a":1,"a":2}', b"[" * 5000 + b"]" * 5000, b'"\\udc80"',
                                    b"\xff\xfe", b'{"hand": "' + HUGE.encode() + b'"}', b'{"x": ' + HUGE.encode() + b"}",
                                    b'{"name": "\\udc80", "variant": "spanish", "players": ["A", "B", "C", "D"]}',
                                    b'{"hands": {"\\ud800": "1m"}, "winner": null}']))
HEADERS = st.dictionaries(st.sampled_from(["Content-Type", "Content-Length", "Cookie", "X-Mjscore-Token", "Host",
                                           "Transfer-Encoding", "Accept", "Range"]),
                          st.sampled_from(["application/json", "text/plain", "0", "-1", "99999999999999999999",
                                           "mjscore_token=x", "chunked", "bytes=5-1", "é", "a" * 500, ""]),
                          max_size=3)


def hostile_case(url: str, method: str, route: str, g: str, d: str, query: str, headers: dict, body: bytes) -> None:
    """One hostile request through a raw connection: any answer but a 5xx (and no traceback) passes."""
    parts = urllib.parse.urlsplit(url)
    path = route.replace("{g}", g).replace("{d}", d) + ("?" + query if query else "")
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        try:
            conn.putrequest(method, path, skip_accept_encoding=True)
            headers = {"Content-Type": "application/json", **headers}
            for k, v in headers.items():
                conn.putheader(k, v.encode("utf-8"))
            if "Content-Length" not in headers and "Transfer-Encoding" not in headers:
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(body if method not in ("GET", "HEAD") else None)
            answer = conn.getresponse()
            status, text = answer.status, answer.read().decode("utf-8", "replace")
        except (http.client.HTTPException, ConnectionError, OSError):
            return  # the server refused to talk to a request this broken: no answer is a fine answer
    finally:
        conn.close()
    assert status < 500, (method, path[:80], headers, body[:80], status, text[:200])
    assert "Traceback" not in text


def _fuzz(examples: int, mark=None):
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                             HealthCheck.too_slow])
    @given(target=st.one_of(st.sampled_from(WRITES), st.tuples(st.sampled_from(METHODS), st.sampled_from(ROUTES))),
           g=st.sampled_from(["1", "1", *IDS]), d=st.sampled_from(["1", *IDS]),
           query=st.sampled_from(["", "version=1", "version=%C2%B2", "limit=5", "limit=99999999", "token=x",
                                  "before=" + HUGE, "version=" + HUGE, "a=%ff%fe", "limit=1&limit=2"]),
           headers=HEADERS, body=BODIES)
    def fuzz(served, target, g, d, query, headers, body):
        url, game, deal = served
        method, route = target
        hostile_case(url, method, route, str(game) if g == "1" else g, str(deal) if d == "1" else d, query, headers,
                     body)
    return mark(fuzz) if mark else fuzz


test_fuzz_the_server = _fuzz(150)
test_fuzz_long_the_server = _fuzz(3000, pytest.mark.fuzz_long)
